//! BM25F over a tool's fields. Each field's term frequency is normalized
//! by that field's length and weighted; the weighted sum goes through
//! BM25's saturation once per term. Weights and lengths are known when the
//! index is built, so a posting stores the finished per-term weight.

use std::collections::HashMap;

use super::{Hit, ToolDoc, TopK, param_descriptions, param_names, text};

/// The fields, in the order of [`Params::weights`] and [`Params::b`].
pub const FIELDS: [&str; 7] = [
    "name",
    "title",
    "description",
    "parameter names",
    "parameter descriptions",
    "server name",
    "server description",
];
const N: usize = FIELDS.len();

#[derive(Clone, Debug)]
pub struct Params {
    pub k1: f32,
    /// Field weights, in the order of [`FIELDS`].
    pub weights: [f32; N],
    /// Length normalization per field.
    pub b: [f32; N],
}

impl Default for Params {
    fn default() -> Self {
        Params {
            k1: 0.8,
            weights: [2.0, 2.0, 0.5, 0.3, 0.3, 3.0, 1.0],
            b: [0.5, 0.5, 0.75, 0.5, 0.75, 0.3, 0.5],
        }
    }
}

/// The inverted index.
#[derive(Debug, Default)]
pub struct Index {
    terms: HashMap<Box<str>, u32>,
    /// Per term id: the first word it was seen as (before stemming), for
    /// looking the term up in the embedding table.
    surfaces: Vec<Box<str>>,
    /// Per term: (doc, BM25F weight before IDF), and the term's IDF.
    postings: Vec<Vec<(u32, f32)>>,
    idf: Vec<f32>,
    docs: usize,
}

/// The text of each field of a tool.
pub fn field_texts(d: &ToolDoc) -> [String; N] {
    let title = d
        .tool
        .title
        .clone()
        .or_else(|| d.tool.annotations.as_ref().and_then(|a| a.title.clone()))
        .unwrap_or_default();
    // The tool's own name: an exposed name only adds the server prefix,
    // which is a field of its own.
    [
        d.tool.name.to_string(),
        title,
        d.tool
            .description
            .as_deref()
            .unwrap_or_default()
            .to_string(),
        param_names(&d.tool.input_schema).join(" "),
        param_descriptions(&d.tool.input_schema).join(" "),
        d.server.clone(),
        d.server_description.clone().unwrap_or_default(),
    ]
}

impl Index {
    pub fn build(docs: &[ToolDoc], p: &Params) -> Index {
        // Pass 1: per doc, per field, term counts; field lengths.
        let mut terms: HashMap<Box<str>, u32> = HashMap::new();
        let mut surfaces: Vec<Box<str>> = Vec::new();
        let mut per_doc: Vec<Vec<(u32, [u16; N])>> = Vec::with_capacity(docs.len());
        let mut lens: Vec<[u32; N]> = Vec::with_capacity(docs.len());
        for d in docs {
            let mut counts: HashMap<u32, [u16; N]> = HashMap::new();
            let mut len = [0u32; N];
            for (f, t) in field_texts(d).iter().enumerate() {
                for (word, term) in text::words_and_terms(t) {
                    let next = terms.len() as u32;
                    let id = *terms.entry(term.into_boxed_str()).or_insert_with(|| {
                        surfaces.push(word.into_boxed_str());
                        next
                    });
                    let c = &mut counts.entry(id).or_insert([0; N])[f];
                    *c = c.saturating_add(1);
                    len[f] += 1;
                }
            }
            let mut counts: Vec<_> = counts.into_iter().collect();
            counts.sort_unstable_by_key(|(id, _)| *id);
            per_doc.push(counts);
            lens.push(len);
        }
        let n = docs.len().max(1) as f32;
        let mut avg = [0f32; N];
        for l in &lens {
            for f in 0..N {
                avg[f] += l[f] as f32 / n;
            }
        }
        // Pass 2: postings with the finished weight.
        let mut postings: Vec<Vec<(u32, f32)>> = vec![Vec::new(); terms.len()];
        for (doc, counts) in per_doc.iter().enumerate() {
            for (id, tf) in counts {
                let mut w = 0.0;
                for f in 0..N {
                    if tf[f] == 0 || avg[f] == 0.0 {
                        continue;
                    }
                    let norm = 1.0 - p.b[f] + p.b[f] * lens[doc][f] as f32 / avg[f];
                    w += p.weights[f] * f32::from(tf[f]) / norm;
                }
                if w > 0.0 {
                    let sat = w * (p.k1 + 1.0) / (w + p.k1);
                    postings[*id as usize].push((doc as u32, sat));
                }
            }
        }
        let idf = postings
            .iter()
            .map(|list| {
                let df = list.len() as f32;
                ((n - df + 0.5) / (df + 0.5) + 1.0).ln()
            })
            .collect();
        Index {
            terms,
            surfaces,
            postings,
            idf,
            docs: docs.len(),
        }
    }

    pub fn heap_bytes(&self) -> usize {
        self.terms.keys().map(|k| k.len() + 32).sum::<usize>()
            + self.surfaces.iter().map(|k| k.len() + 16).sum::<usize>()
            + self
                .postings
                .iter()
                .map(|p| p.len() * 8 + 24)
                .sum::<usize>()
            + self.idf.len() * 4
    }

    /// Term ids and their surface words.
    pub fn surfaces(&self) -> &[Box<str>] {
        &self.surfaces
    }

    /// The id of a term (as [`text::terms`] makes them).
    pub fn term_id(&self, term: &str) -> Option<u32> {
        self.terms.get(term).copied()
    }

    /// The query's terms that the index knows, each with weight 1.
    pub fn query_terms(&self, query: &str) -> Vec<(u32, f32)> {
        let mut ids: Vec<u32> = text::terms(query)
            .iter()
            .filter_map(|t| self.term_id(t))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids.into_iter().map(|id| (id, 1.0)).collect()
    }

    /// Docs with any query term, best first.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        self.search_terms(&self.query_terms(query), limit)
    }

    /// Docs with any of the weighted terms, best first.
    pub fn search_terms(&self, terms: &[(u32, f32)], limit: usize) -> Vec<Hit> {
        // A dense accumulator (one f32 per doc) beats a hash map once a
        // few common terms touch thousands of docs.
        let mut scores = vec![0f32; self.docs];
        let mut touched: Vec<u32> = Vec::new();
        for &(id, weight) in terms {
            let Some(list) = self.postings.get(id as usize) else {
                continue;
            };
            let idf = self.idf[id as usize] * weight;
            for &(doc, w) in list {
                let s = &mut scores[doc as usize];
                if *s == 0.0 {
                    touched.push(doc);
                }
                *s += idf * w;
            }
        }
        let mut best = TopK::new(limit.min(self.docs));
        for doc in touched {
            best.push(Hit {
                doc: doc as usize,
                score: scores[doc as usize],
            });
        }
        best.into_vec()
    }
}

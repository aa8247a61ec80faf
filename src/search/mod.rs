//! Tool search for progressive discovery: the model asks
//! `search_tools {query, detail, limit}` and gets the catalog's best tools
//! instead of all of them.
//!
//! Two rankings, fused:
//! - keyword ([`bm25`]): BM25F over tool names (split on case, `_`, `-`,
//!   `.`), titles, descriptions, parameter names and descriptions, and the
//!   server's name and description; a query that is a tool's name, or a
//!   regular expression over names, puts those tools first;
//! - semantic ([`embed`]): static token embeddings distilled from
//!   all-MiniLM-L6-v2, mean-pooled, so that paraphrases meet ("remember
//!   this for later" → memory's `create_entities`). Tool vectors are
//!   computed when the index is built; a query costs one table look-up
//!   per token and one dot product per tool;
//! - fusion: weighted reciprocal rank fusion of the two.
//!
//! Everything here is pure and offline: the table is compiled in, the
//! index is plain data the gateway rebuilds when its catalog changes.
//! [`render`] shows hits grouped by server at three detail levels (the
//! `full` one with code mode's TypeScript declarations, from
//! [`crate::sandbox::declarations`]) and [`tokens`] counts tokens with
//! o200k_base (the `auto` threshold).

pub mod bm25;
pub mod embed;
pub mod meta;
pub mod render;
pub mod text;
pub mod tokens;

use std::collections::HashMap;

use rmcp::model::Tool;
use serde_json::Value;

pub use embed::Embedder;
pub use meta::{META_TOOL_NAMES, meta_tool_definitions};
pub use render::{Detail, render_details, render_results, render_tool, summary_line};
pub use tokens::{count_tokens, count_tool_tokens};

/// One tool as the index sees it.
#[derive(Clone, Debug)]
pub struct ToolDoc {
    /// The server's configured name.
    pub server: String,
    /// What the server is for, in a line (its package description, its
    /// instructions' first sentence, or a configured description).
    pub server_description: Option<String>,
    pub tool: Tool,
    /// The name the gateway exposes the tool under (`server__tool` when
    /// the server is prefixed).
    pub exposed_name: String,
}

impl ToolDoc {
    pub fn new(server: &str, server_description: Option<&str>, tool: Tool) -> ToolDoc {
        ToolDoc {
            server: server.to_string(),
            server_description: server_description.map(str::to_string),
            exposed_name: tool.name.to_string(),
            tool,
        }
    }
}

/// Which ranking to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// BM25F with exact-name and regex boosts.
    Keyword,
    /// Static-embedding similarity (with a server prior).
    Semantic,
    /// Both, fused by weighted reciprocal rank (the default).
    #[default]
    Fusion,
    /// Fusion's candidates, for the gateway to have the client's model
    /// re-rank through MCP sampling; the library ranks it as [`Fusion`]
    /// (it holds no connection).
    ///
    /// [`Fusion`]: Strategy::Fusion
    Sampling,
}

/// A `strategy` or `detail` argument that is not one of the known words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{value}` (one of: {expected})")]
pub struct ParseError {
    pub what: &'static str,
    pub value: String,
    pub expected: &'static str,
}

impl std::str::FromStr for Strategy {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        match s {
            "keyword" => Ok(Strategy::Keyword),
            "semantic" => Ok(Strategy::Semantic),
            "fusion" => Ok(Strategy::Fusion),
            "sampling" => Ok(Strategy::Sampling),
            _ => Err(ParseError {
                what: "strategy",
                value: s.to_string(),
                expected: "keyword, semantic, fusion, sampling",
            }),
        }
    }
}

/// One result: the index of the tool in the docs the index was built
/// from, and its score under the strategy (higher is better; scores of
/// different strategies are not comparable).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    pub doc: usize,
    pub score: f32,
}

/// Weights of the rankings; the defaults are tuned on the dev split of
/// `tests/fixtures/search_tasks.jsonl`.
#[derive(Clone, Debug)]
pub struct Params {
    pub bm25: bm25::Params,
    /// Characters of a description that the semantic vector reads.
    pub sem_desc_chars: usize,
    /// Whether the semantic vector reads parameter names.
    pub sem_params: bool,
    /// Weight of the query's similarity to the tool's server (name and
    /// description) added to its similarity to the tool.
    pub sem_server: f32,
    /// Weight of the query's similarity to the tool's name alone (as
    /// words) added to its similarity to the whole tool text.
    pub sem_name: f32,
    /// Whether the query's stop words are left out of its vector.
    pub sem_query_stop: bool,
    /// Whether the tool's server name (as words) leads its semantic text.
    pub sem_server_words: bool,

    /// Fusion by normalized scores (`w × score / best score` per ranking)
    /// instead of reciprocal ranks.
    pub fusion_scores: bool,
    /// Reciprocal rank fusion: `w / (k + rank)` per ranking.
    pub rrf_k: f32,
    pub w_keyword: f32,
    pub w_semantic: f32,
    /// How deep each ranking is read for fusion.
    pub fusion_depth: usize,
    /// Keyword expansion in fusion: each query word also searches for the
    /// `expand_k` index terms nearest to it in the embedding table (cosine
    /// at least `expand_min`), weighted `expand_weight × cosine`.
    pub expand_k: usize,
    pub expand_min: f32,
    pub expand_weight: f32,
}

impl Default for Params {
    /// Tuned by random search on the dev split of
    /// `tests/fixtures/search_tasks.jsonl` (objective: fusion recall@1 +
    /// recall@5 on dev); the test split was only read to report it.
    fn default() -> Self {
        Params {
            bm25: bm25::Params::default(),
            sem_desc_chars: 800,
            sem_params: false,
            sem_server: 0.2,
            sem_name: 0.0,
            sem_query_stop: false,
            sem_server_words: true,
            fusion_scores: true,
            rrf_k: 60.0,
            w_keyword: 1.0,
            w_semantic: 1.3,
            fusion_depth: 10,
            expand_k: 3,
            expand_min: 0.4,
            expand_weight: 0.7,
        }
    }
}

impl Params {
    /// The defaults with `SEARCH_PARAMS` applied when it is set
    /// (`w_semantic=1.2,bm25.k1=1.0`), for tuning and cost runs.
    #[doc(hidden)]
    pub fn from_env() -> Result<Params, String> {
        let mut params = Params::default();
        if let Ok(spec) = std::env::var("SEARCH_PARAMS") {
            for kv in spec.split(',').filter(|s| !s.is_empty()) {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("SEARCH_PARAMS: `{kv}` is not key=value"))?;
                params.set(k.trim(), v.trim())?;
            }
        }
        Ok(params)
    }

    /// Sets one parameter by name (`w_semantic=1.2`, `bm25.k1=1.0`,
    /// `bm25.w.name=3`), for tuning runs.
    #[doc(hidden)]
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let f = || value.parse::<f32>().map_err(|e| format!("{key}: {e}"));
        let field = |name: &str| {
            bm25::FIELDS
                .iter()
                .position(|f| f.replace(' ', "_") == name)
        };
        match key {
            "sem_desc_chars" => self.sem_desc_chars = f()? as usize,
            "sem_params" => self.sem_params = f()? != 0.0,
            "sem_server" => self.sem_server = f()?,
            "sem_name" => self.sem_name = f()?,
            "sem_query_stop" => self.sem_query_stop = f()? != 0.0,
            "sem_server_words" => self.sem_server_words = f()? != 0.0,

            "fusion_scores" => self.fusion_scores = f()? != 0.0,
            "rrf_k" => self.rrf_k = f()?,
            "w_keyword" => self.w_keyword = f()?,
            "w_semantic" => self.w_semantic = f()?,
            "fusion_depth" => self.fusion_depth = f()? as usize,
            "expand_k" => self.expand_k = f()? as usize,
            "expand_min" => self.expand_min = f()?,
            "expand_weight" => self.expand_weight = f()?,
            "bm25.k1" => self.bm25.k1 = f()?,
            k if k.starts_with("bm25.w.") => {
                let i = field(&k[7..]).ok_or(format!("unknown field {k}"))?;
                self.bm25.weights[i] = f()?;
            }
            k if k.starts_with("bm25.b.") => {
                let i = field(&k[7..]).ok_or(format!("unknown field {k}"))?;
                self.bm25.b[i] = f()?;
            }
            _ => return Err(format!("unknown parameter {key}")),
        }
        Ok(())
    }
}

/// The search index over one catalog. Immutable: rebuild it when the
/// catalog changes (a 20,000-tool catalog builds in well under a second).
pub struct SearchIndex {
    docs: Vec<ToolDoc>,
    keyword: bm25::Index,
    /// Exposed and tool names, lower-cased → docs.
    names: HashMap<String, Vec<u32>>,
    embedder: &'static Embedder,
    dim: usize,
    /// One int8 vector per doc (row-major, scale [`DOC_SCALE`]), and the
    /// norms of each one's tail dimensions (for [`scan`]'s bounds).
    vectors: Vec<i8>,
    tails: Vec<[f32; 2]>,
    /// One int8 vector per doc of its name alone (empty when unused).
    name_vectors: Vec<i8>,
    /// One int8 vector per server, and each doc's server.
    server_vectors: Vec<i8>,
    doc_server: Vec<u32>,
    /// One int8 vector per keyword term (by term id), for expansion.
    term_vectors: Vec<i8>,
    term_tails: Vec<[f32; 2]>,
    params: Params,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("docs", &self.docs.len())
            .finish_non_exhaustive()
    }
}

/// Exact-name matches rank above everything, regex matches above the rest.
const EXACT_BOOST: f32 = 1e6;
const REGEX_BOOST: f32 = 1e3;

impl SearchIndex {
    /// Builds the index with the shipped embedding table and the tuned
    /// parameters.
    pub fn build(docs: Vec<ToolDoc>) -> SearchIndex {
        SearchIndex::build_with(docs, Params::default())
    }

    pub fn build_with(docs: Vec<ToolDoc>, params: Params) -> SearchIndex {
        SearchIndex::build_using(docs, params, Embedder::shipped())
    }

    /// Builds the index with another embedding table (a candidate table
    /// measured before it is shipped).
    #[doc(hidden)]
    pub fn build_using(
        docs: Vec<ToolDoc>,
        params: Params,
        embedder: &'static Embedder,
    ) -> SearchIndex {
        let start = std::time::Instant::now();
        let keyword = bm25::Index::build(&docs, &params.bm25);
        let mut names: HashMap<String, Vec<u32>> = HashMap::new();
        for (i, d) in docs.iter().enumerate() {
            let mut keys = vec![d.exposed_name.to_lowercase(), d.tool.name.to_lowercase()];
            keys.dedup();
            for k in keys {
                names.entry(k).or_default().push(i as u32);
            }
        }
        let dim = embedder.dim();
        let mut vectors = vec![0i8; docs.len() * dim];
        for (i, d) in docs.iter().enumerate() {
            let v = embedder.embed(&doc_text(d, &params));
            quantize(&v, &mut vectors[i * dim..(i + 1) * dim]);
        }
        let mut name_vectors = Vec::new();
        if params.sem_name != 0.0 {
            name_vectors = vec![0i8; docs.len() * dim];
            for (i, d) in docs.iter().enumerate() {
                let v = embedder.embed(&text::words(&d.tool.name).join(" "));
                quantize(&v, &mut name_vectors[i * dim..(i + 1) * dim]);
            }
        }
        // One vector per server; docs point at theirs.
        let mut server_ids: HashMap<&str, u32> = HashMap::new();
        let mut server_vectors: Vec<i8> = Vec::new();
        let mut doc_server = Vec::with_capacity(docs.len());
        for d in &docs {
            let next = server_ids.len() as u32;
            let id = *server_ids.entry(d.server.as_str()).or_insert_with(|| {
                let v = embedder.embed(&server_text(d));
                let start = server_vectors.len();
                server_vectors.resize(start + dim, 0);
                quantize(&v, &mut server_vectors[start..]);
                next
            });
            doc_server.push(id);
        }
        let surfaces = keyword.surfaces();
        let mut term_vectors = vec![0i8; surfaces.len() * dim];
        if params.expand_k > 0 {
            for (i, w) in surfaces.iter().enumerate() {
                let v = embedder.embed(w);
                quantize(&v, &mut term_vectors[i * dim..(i + 1) * dim]);
            }
        }
        let tails = tail_norms(&vectors, dim);
        let term_tails = tail_norms(&term_vectors, dim);
        tracing::debug!(
            docs = docs.len(),
            ms = start.elapsed().as_secs_f64() * 1e3,
            "search index built"
        );
        SearchIndex {
            docs,
            keyword,
            names,
            embedder,
            dim,
            vectors,
            tails,
            name_vectors,
            server_vectors,
            doc_server,
            term_vectors,
            term_tails,
            params,
        }
    }

    pub fn docs(&self) -> &[ToolDoc] {
        &self.docs
    }

    /// The doc exposed under `name` (for `get_tool_details`).
    pub fn find(&self, exposed_name: &str) -> Option<&ToolDoc> {
        self.docs.iter().find(|d| d.exposed_name == exposed_name)
    }

    pub fn len(&self) -> usize {
        self.docs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// Bytes the index holds beyond the docs themselves (postings, names,
    /// vectors); the shared embedding table is not counted.
    pub fn heap_bytes(&self) -> usize {
        self.keyword.heap_bytes()
            + self.vectors.len()
            + self.name_vectors.len()
            + self.server_vectors.len()
            + self.term_vectors.len()
            + (self.tails.len() + self.term_tails.len()) * 8
            + self.doc_server.len() * 4
            + self
                .names
                .iter()
                .map(|(k, v)| k.len() + v.len() * 4 + 48)
                .sum::<usize>()
    }

    /// The best `limit` tools for `query`, best first.
    pub fn search(&self, query: &str, strategy: Strategy, limit: usize) -> Vec<Hit> {
        if limit == 0 || self.docs.is_empty() {
            return Vec::new();
        }
        match strategy {
            Strategy::Keyword => {
                let mut hits = self.keyword.search(query, limit);
                self.apply_boosts(query, &mut hits);
                hits.truncate(limit);
                hits
            }
            Strategy::Semantic => self.semantic(query, limit),
            Strategy::Fusion | Strategy::Sampling => self.fusion(query, limit),
        }
    }

    /// The query's int8 vector and the scale of its dot products, or
    /// `None` when no token of it is known.
    fn query_vector(&self, query: &str) -> Option<QueryVector> {
        let q = if self.params.sem_query_stop {
            let kept: Vec<String> = text::words(query)
                .into_iter()
                .filter(|w| !text::is_stop(w))
                .collect();
            self.embedder.embed(&kept.join(" "))
        } else {
            self.embedder.embed(query)
        };
        if q.iter().all(|&x| x == 0.0) {
            return None;
        }
        let mut v = vec![0i8; self.dim];
        let scale = quantize(&q, &mut v) * DOC_SCALE;
        let v = widen(&v);
        let server_sim = self
            .server_vectors
            .chunks_exact(self.dim)
            .map(|sv| dot(&v, sv) as f32 * scale * self.params.sem_server)
            .collect();
        Some(QueryVector {
            tails: tail_norms(&v, self.dim)
                .first()
                .copied()
                .unwrap_or_default(),
            v,
            scale,
            server_sim,
        })
    }

    fn semantic(&self, query: &str, limit: usize) -> Vec<Hit> {
        match self.query_vector(query) {
            Some(q) => self.semantic_with(&q, limit),
            None => Vec::new(),
        }
    }

    fn semantic_with(&self, q: &QueryVector, limit: usize) -> Vec<Hit> {
        let named = !self.name_vectors.is_empty();
        scan(
            &self.vectors,
            &self.tails,
            self.dim,
            &q.v,
            q.tails,
            limit,
            f32::NEG_INFINITY,
            |_| false,
            |doc, d| {
                let mut score = d * q.scale + q.server_sim[self.doc_server[doc] as usize];
                if named {
                    let nv = &self.name_vectors[doc * self.dim..(doc + 1) * self.dim];
                    score += dot(&q.v, nv) as f32 * q.scale * self.params.sem_name;
                }
                score
            },
        )
    }

    fn fusion(&self, query: &str, limit: usize) -> Vec<Hit> {
        let p = &self.params;
        let depth = p.fusion_depth.max(limit);
        let keyword = self
            .keyword
            .search_terms(&self.expanded_terms(query), depth);
        let semantic = self.semantic(query, depth);
        // Each ranking's contributions, merged per doc below (keyword's
        // first, as they are added).
        let mut parts: Vec<(usize, f32)> = Vec::with_capacity(keyword.len() + semantic.len());
        if p.fusion_scores {
            // Each ranking's scores scaled to [0, 1] over what was read of
            // it: keyword by its best score, semantic between its worst
            // and best.
            let best = keyword
                .first()
                .map_or(1.0, |h| h.score.max(f32::MIN_POSITIVE));
            for h in &keyword {
                parts.push((h.doc, p.w_keyword * h.score / best));
            }
            if let (Some(hi), Some(lo)) = (semantic.first(), semantic.last()) {
                let span = (hi.score - lo.score).max(f32::MIN_POSITIVE);
                for h in &semantic {
                    parts.push((h.doc, p.w_semantic * (h.score - lo.score) / span));
                }
            }
        } else {
            for (rank, h) in keyword.iter().enumerate() {
                parts.push((h.doc, p.w_keyword / (p.rrf_k + rank as f32 + 1.0)));
            }
            for (rank, h) in semantic.iter().enumerate() {
                parts.push((h.doc, p.w_semantic / (p.rrf_k + rank as f32 + 1.0)));
            }
        }
        let mut hits = merge_parts(parts);
        self.apply_boosts(query, &mut hits);
        top(&mut hits, limit);
        hits
    }

    /// The query's own terms (weight 1) and, per query word, the index
    /// terms nearest to it in the embedding table.
    fn expanded_terms(&self, query: &str) -> Vec<(u32, f32)> {
        let p = &self.params;
        let mut terms: HashMap<u32, f32> = self.keyword.query_terms(query).into_iter().collect();
        if p.expand_k == 0 || self.term_vectors.is_empty() {
            let mut out: Vec<(u32, f32)> = terms.into_iter().collect();
            out.sort_unstable_by_key(|(id, _)| *id);
            return out;
        }
        let mut seen: Vec<String> = Vec::new();
        let mut qi = vec![0i8; self.dim];
        for (word, term) in text::words_and_terms(query) {
            if seen.contains(&word) {
                continue;
            }
            let v = self.embedder.embed(&word);
            seen.push(word);
            if v.iter().all(|&x| x == 0.0) {
                continue;
            }
            quantize(&v, &mut qi);
            let q = widen(&qi);
            let q_tails = tail_norms(&q, self.dim)
                .first()
                .copied()
                .unwrap_or_default();
            let own = self.keyword.term_id(&term);
            let near = scan(
                &self.term_vectors,
                &self.term_tails,
                self.dim,
                &q,
                q_tails,
                p.expand_k,
                p.expand_min,
                |id| own == Some(id as u32),
                |_, d| d * DOC_SCALE * DOC_SCALE,
            );
            for h in near {
                let w = terms.entry(h.doc as u32).or_default();
                *w = w.max(p.expand_weight * h.score);
            }
        }
        let mut out: Vec<(u32, f32)> = terms.into_iter().collect();
        out.sort_unstable_by_key(|(id, _)| *id);
        out
    }

    /// Tools named by the query, or whose names match it as a regular
    /// expression, go first (in that order).
    fn apply_boosts(&self, query: &str, hits: &mut Vec<Hit>) {
        let boosts = self.boosts(query);
        if boosts.is_empty() {
            return;
        }
        let mut seen: HashMap<usize, usize> =
            hits.iter().enumerate().map(|(i, h)| (h.doc, i)).collect();
        for (doc, boost) in boosts {
            match seen.get(&doc) {
                Some(&i) => hits[i].score += boost,
                None => {
                    seen.insert(doc, hits.len());
                    hits.push(Hit { doc, score: boost });
                }
            }
        }
        top(hits, hits.len());
    }

    fn boosts(&self, query: &str) -> Vec<(usize, f32)> {
        let mut out: HashMap<usize, f32> = HashMap::new();
        let q = query.trim();
        let exact = |key: &str, boost: f32, out: &mut HashMap<usize, f32>| {
            if let Some(docs) = self.names.get(&key.to_lowercase()) {
                for &d in docs {
                    let e = out.entry(d as usize).or_default();
                    *e = e.max(boost);
                }
            }
        };
        exact(q, EXACT_BOOST, &mut out);
        // A name mentioned inside the query ("use read_file to ...").
        for word in q.split_whitespace() {
            let word = word.trim_matches(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'));
            if word.len() >= 3 && word.contains(['_', '-'])
                || word.chars().any(|c| c.is_uppercase()) && word.len() >= 6
            {
                exact(word, EXACT_BOOST / 2.0, &mut out);
            }
        }
        if let Some(re) = name_matcher(q) {
            for (i, d) in self.docs.iter().enumerate() {
                // The tool's own name only when it differs from the exposed
                // one (unprefixed servers): the same string matches alike.
                if re.is_match(&d.exposed_name)
                    || d.tool.name != d.exposed_name && re.is_match(&d.tool.name)
                {
                    let e = out.entry(i).or_default();
                    *e = e.max(REGEX_BOOST);
                }
            }
        }
        out.into_iter().collect()
    }
}

/// Per doc, the sum of its parts, each added to 0 in the order given (a
/// stable sort by doc keeps that order), as a hash map of sums would.
fn merge_parts(mut parts: Vec<(usize, f32)>) -> Vec<Hit> {
    parts.sort_by_key(|&(doc, _)| doc);
    let mut hits: Vec<Hit> = Vec::with_capacity(parts.len());
    for (doc, x) in parts {
        match hits.last_mut() {
            Some(h) if h.doc == doc => h.score += x,
            _ => hits.push(Hit {
                doc,
                score: 0.0 + x,
            }),
        }
    }
    hits
}

/// A query meant as a regular expression over tool names: `/pattern/`, or
/// one word with regex syntax in it (`^git_`, `pull_request.*review`).
fn name_pattern(query: &str) -> Option<&str> {
    let pattern = if let Some(inner) = query.strip_prefix('/').and_then(|q| q.strip_suffix('/')) {
        inner
    } else if !query.contains(char::is_whitespace)
        && query.contains(['^', '$', '*', '+', '[', '(', '|', '\\'])
    {
        query
    } else {
        return None;
    };
    (!pattern.is_empty()).then_some(pattern)
}

/// The query's regular expression over names (case-insensitive), or
/// `None` when it is not one or does not compile.
#[cfg(test)]
fn name_regex(query: &str) -> Option<regex::Regex> {
    name_pattern(query).and_then(compile_name_regex)
}

/// How a query's regular expression is matched against names.
enum NameMatcher {
    /// `^` and a literal of ASCII letters, digits, `_` and `-` (`^git_`):
    /// an ASCII name matches when it starts with the literal, ignoring
    /// ASCII case, which is what the case-insensitive regex decides for
    /// it; other names (where Unicode case folding could differ, as the
    /// Kelvin sign matches `k`) go to the regex, compiled on first need.
    Prefix {
        literal: String,
        pattern: String,
        regex: std::cell::OnceCell<Option<regex::Regex>>,
    },
    Regex(regex::Regex),
}

impl NameMatcher {
    fn is_match(&self, name: &str) -> bool {
        match self {
            NameMatcher::Prefix {
                literal,
                pattern,
                regex,
            } => {
                if name.is_ascii() {
                    name.len() >= literal.len()
                        && name.as_bytes()[..literal.len()].eq_ignore_ascii_case(literal.as_bytes())
                } else {
                    regex
                        .get_or_init(|| compile_name_regex(pattern))
                        .as_ref()
                        .is_some_and(|re| re.is_match(name))
                }
            }
            NameMatcher::Regex(re) => re.is_match(name),
        }
    }
}

fn name_matcher(query: &str) -> Option<NameMatcher> {
    let pattern = name_pattern(query)?;
    if let Some(literal) = pattern.strip_prefix('^')
        && !literal.is_empty()
        && literal
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return Some(NameMatcher::Prefix {
            literal: literal.to_string(),
            pattern: pattern.to_string(),
            regex: std::cell::OnceCell::new(),
        });
    }
    compile_name_regex(pattern).map(NameMatcher::Regex)
}

fn compile_name_regex(pattern: &str) -> Option<regex::Regex> {
    regex::RegexBuilder::new(pattern)
        .case_insensitive(true)
        .size_limit(1 << 20)
        .dfa_size_limit(1 << 20)
        .build()
        .ok()
}

/// A query's vector for the semantic ranking.
struct QueryVector {
    /// Widened to i16 once, so the scan extends only the doc's bytes.
    v: Vec<i16>,
    /// Dot products of `v` with a doc's vector times this are cosines.
    scale: f32,
    /// The server prior, per server (weight included).
    server_sim: Vec<f32>,
    /// Norms of `v`'s tail dimensions (for [`scan`]'s bounds).
    tails: [f32; 2],
}

/// Doc vectors are quantized with one shared scale: unit vectors have no
/// component above 1.
const DOC_SCALE: f32 = 1.0 / 127.0;

fn quantize(v: &[f32], out: &mut [i8]) -> f32 {
    for (o, &x) in out.iter_mut().zip(v) {
        *o = (x * 127.0).round().clamp(-127.0, 127.0) as i8;
    }
    DOC_SCALE
}

/// A query's int8 vector as i16, for [`dot`].
fn widen(v: &[i8]) -> Vec<i16> {
    v.iter().map(|&x| i16::from(x)).collect()
}

/// Dot product of a query vector (int8 values widened to i16 once per
/// query) with a stored int8 vector, over fixed 16-lane chunks (array
/// references, so no bounds checks) that compile to SIMD multiply-adds
/// (`pmaddwd` on baseline x86-64) with only the stored side sign-extended
/// per call. Kept out of line: inlined into the scans' loops it was
/// compiled as scalar code (10× slower).
#[inline(never)]
fn dot(a: &[i16], b: &[i8]) -> i32 {
    let mut acc = [0i32; 16];
    let (ca, cb) = (a.chunks_exact(16), b.chunks_exact(16));
    let tail: i32 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(&x, &y)| i32::from(x) * i32::from(y))
        .sum();
    for (x, y) in ca.zip(cb) {
        let (Ok(x), Ok(y)) = (<&[i16; 16]>::try_from(x), <&[i8; 16]>::try_from(y)) else {
            continue;
        };
        for ((s, &p), &q) in acc.iter_mut().zip(x).zip(y) {
            *s += i32::from(p) * i32::from(q);
        }
    }
    acc.iter().sum::<i32>() + tail
}

/// The order of results: higher score first, then lower doc.
fn rank_order(a: &Hit, b: &Hit) -> std::cmp::Ordering {
    b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc))
}

/// Sorts the best `limit` hits first (score, then doc for a stable order)
/// and drops the rest.
fn top(hits: &mut Vec<Hit>, limit: usize) {
    if hits.len() > limit && limit > 0 {
        hits.select_nth_unstable_by(limit - 1, rank_order);
        hits.truncate(limit);
    }
    hits.sort_unstable_by(rank_order);
}

/// The best `k` hits pushed so far, in the order of [`top`] (which keeps
/// the same ones): for scans that would otherwise collect every hit. A
/// heap whose top is the worst kept, so most pushes cost one comparison.
pub(crate) struct TopK {
    k: usize,
    heap: std::collections::BinaryHeap<Worst>,
}

/// A hit ordered so that the one that ranks last is the greatest.
struct Worst(Hit);

impl PartialEq for Worst {
    fn eq(&self, other: &Self) -> bool {
        rank_order(&self.0, &other.0).is_eq()
    }
}
impl Eq for Worst {}
impl PartialOrd for Worst {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Worst {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        rank_order(&self.0, &other.0)
    }
}

impl TopK {
    pub(crate) fn new(k: usize) -> TopK {
        TopK {
            k,
            heap: std::collections::BinaryHeap::with_capacity(k.min(4096) + 1),
        }
    }

    /// The worst score kept once `k` are kept: a hit scoring under it
    /// cannot enter.
    #[inline]
    pub(crate) fn bar(&self) -> Option<f32> {
        if self.heap.len() >= self.k {
            self.heap.peek().map(|w| w.0.score)
        } else {
            None
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, hit: Hit) {
        if self.heap.len() < self.k {
            self.heap.push(Worst(hit));
        } else if let Some(mut worst) = self.heap.peek_mut()
            && rank_order(&hit, &worst.0).is_lt()
        {
            *worst = Worst(hit);
        }
    }

    pub(crate) fn into_vec(self) -> Vec<Hit> {
        self.heap
            .into_sorted_vec()
            .into_iter()
            .map(|w| w.0)
            .collect()
    }
}

/// Where the pruned scans check their bound: after half and after three
/// quarters of the dimensions. The table's dimensions come from PCA, in
/// decreasing variance, so most of a dot product is in its first half
/// and what is left is small.
fn cuts(dim: usize) -> [usize; 2] {
    [dim / 2, dim * 3 / 4]
}

/// Per row of `rows`, the norms of its dimensions after each cut, rounded
/// up (for the bounds of [`scan`]).
fn tail_norms<T: Copy + Into<i32>>(rows: &[T], dim: usize) -> Vec<[f32; 2]> {
    if dim == 0 {
        return Vec::new();
    }
    rows.chunks_exact(dim)
        .map(|r| cuts(dim).map(|c| norm_up(&r[c..])))
        .collect()
}

fn norm_up<T: Copy + Into<i32>>(x: &[T]) -> f32 {
    let sq: i64 = x
        .iter()
        .map(|&v| {
            let v = i64::from(v.into());
            v * v
        })
        .sum();
    ((sq as f64).sqrt() * (1.0 + 1e-6)) as f32
}

/// One pass of a query over int8 rows: the best `k` rows under `score`
/// (of the row and its dot product with `q`; it must not decrease as the
/// dot product grows), leaving out rows that `skip` names and scores under
/// `floor`. The same hits as scoring every row in full: a row is left
/// after part of its dot product only when an upper bound of its score is
/// under the floor or under the worst of `k` already kept. The bound is
/// the part summed plus Cauchy-Schwarz on the rest (`q_tails[i] ×
/// tails[row][i]`, both rounded up, plus one for the float sums).
#[allow(clippy::too_many_arguments)]
fn scan(
    rows: &[i8],
    tails: &[[f32; 2]],
    dim: usize,
    q: &[i16],
    q_tails: [f32; 2],
    k: usize,
    floor: f32,
    skip: impl Fn(usize) -> bool,
    score: impl Fn(usize, f32) -> f32,
) -> Vec<Hit> {
    let [c1, c2] = cuts(dim);
    let mut best = TopK::new(k);
    if k == 0 || dim == 0 {
        return Vec::new();
    }
    let (q1, q2, q3) = (&q[..c1], &q[c1..c2], &q[c2..]);
    for (row, (v, t)) in rows.chunks_exact(dim).zip(tails).enumerate() {
        if skip(row) {
            continue;
        }
        let bar = best.bar().map_or(floor, |b| b.max(floor));
        let mut acc = dot(q1, &v[..c1]);
        if score(row, acc as f32 + q_tails[0] * t[0] + 1.0) < bar {
            continue;
        }
        acc += dot(q2, &v[c1..c2]);
        if score(row, acc as f32 + q_tails[1] * t[1] + 1.0) < bar {
            continue;
        }
        acc += dot(q3, &v[c2..]);
        let s = score(row, acc as f32);
        if s >= floor {
            best.push(Hit { doc: row, score: s });
        }
    }
    best.into_vec()
}

/// The text a tool's semantic vector reads: its server's name and its own
/// name as words ("memory: create entities"), title and the head of its
/// description (pooled as one text, so each part counts
/// by its length, as model2vec pools a sentence).
fn doc_text(d: &ToolDoc, p: &Params) -> String {
    let mut t = String::new();
    if p.sem_server_words {
        t.push_str(&text::words(&d.server).join(" "));
        t.push_str(": ");
    }
    t.push_str(&text::words(&d.tool.name).join(" "));
    if let Some(title) = d.tool.title.as_deref().or(d
        .tool
        .annotations
        .as_ref()
        .and_then(|a| a.title.as_deref()))
    {
        t.push_str(". ");
        t.push_str(title);
    }
    if let Some(desc) = d.tool.description.as_deref() {
        t.push_str(". ");
        t.push_str(prefix_chars(desc.trim(), p.sem_desc_chars));
    }
    if p.sem_params {
        let params = param_names(&d.tool.input_schema)
            .iter()
            .flat_map(|n| text::words(n))
            .collect::<Vec<_>>()
            .join(" ");
        if !params.is_empty() {
            t.push_str(". ");
            t.push_str(&params);
        }
    }
    t
}

/// What a server is, for the semantic server prior.
fn server_text(d: &ToolDoc) -> String {
    let mut t = text::words(&d.server).join(" ");
    if let Some(s) = &d.server_description {
        t.push_str(". ");
        t.push_str(prefix_chars(s, 300));
    }
    t
}

fn prefix_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// The top-level property names of an input schema.
pub(crate) fn param_names(schema: &serde_json::Map<String, Value>) -> Vec<String> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// The top-level properties' descriptions.
pub(crate) fn param_descriptions(schema: &serde_json::Map<String, Value>) -> Vec<String> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| {
            p.values()
                .filter_map(|v| v.get("description").and_then(Value::as_str))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Builds docs from the gateway's catalog: every exposed tool, with its
/// server's description taken from `describe` (e.g. the configured
/// description, or the first line of the server's instructions).
pub fn docs_from_catalog(
    catalog: &crate::broker::catalog::Catalog,
    describe: impl Fn(&str, &crate::broker::catalog::ServerLists) -> Option<String>,
) -> Vec<ToolDoc> {
    let mut docs = Vec::new();
    let entries: HashMap<String, crate::broker::catalog::Entry> =
        catalog.entries().into_iter().collect();
    for exposed in catalog.tool_names() {
        let Some(target) = catalog.tool_target(&exposed) else {
            continue;
        };
        let Some(entry) = entries.get(&target.server) else {
            continue;
        };
        let Some(tool) = entry.lists.tools.iter().find(|t| t.name == target.name) else {
            continue;
        };
        docs.push(ToolDoc {
            server: target.server.clone(),
            server_description: describe(&target.server, &entry.lists),
            tool: tool.clone(),
            exposed_name: exposed,
        });
    }
    docs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, description: &str, schema: Value) -> Tool {
        let schema = schema.as_object().cloned().unwrap_or_default();
        Tool::new(
            name.to_string(),
            description.to_string(),
            std::sync::Arc::new(schema),
        )
    }

    fn index() -> SearchIndex {
        let docs = vec![
            ToolDoc::new(
                "memory",
                Some("Knowledge graph memory"),
                tool(
                    "create_entities",
                    "Create multiple new entities in the knowledge graph",
                    serde_json::json!({"type": "object", "properties": {"entities": {"type": "array"}}}),
                ),
            ),
            ToolDoc::new(
                "weather",
                Some("Weather forecasts"),
                tool(
                    "get_forecast",
                    "Get the weather forecast for a location",
                    serde_json::json!({"type": "object", "properties": {"city": {"type": "string"}}}),
                ),
            ),
            ToolDoc::new(
                "git",
                None,
                tool(
                    "git_status",
                    "Shows the working tree status",
                    serde_json::json!({}),
                ),
            ),
        ];
        SearchIndex::build(docs)
    }

    #[test]
    fn finds_by_keyword_and_by_meaning() {
        let ix = index();
        assert_eq!(
            ix.search("weather forecast", Strategy::Keyword, 1)[0].doc,
            1
        );
        assert_eq!(
            ix.search("will it rain tomorrow", Strategy::Semantic, 1)[0].doc,
            1
        );
        assert_eq!(
            ix.search("remember this for later", Strategy::Fusion, 1)[0].doc,
            0
        );
    }

    #[test]
    fn exact_names_and_regexes_go_first() {
        let ix = index();
        for s in [Strategy::Keyword, Strategy::Fusion] {
            assert_eq!(ix.search("git_status", s, 3)[0].doc, 2);
            assert_eq!(ix.search("please run GIT_STATUS now", s, 3)[0].doc, 2);
            assert_eq!(ix.search("^get_", s, 3)[0].doc, 1);
            assert_eq!(ix.search("/entit/", s, 3)[0].doc, 0);
        }
    }

    #[test]
    fn limits_and_empty_queries() {
        let ix = index();
        assert!(ix.search("weather", Strategy::Fusion, 0).is_empty());
        assert!(ix.search("", Strategy::Fusion, 5).is_empty());
        assert!(ix.search("   ", Strategy::Semantic, 5).is_empty());
        assert!(ix.search("weather", Strategy::Fusion, 10).len() <= 3);
        let empty = SearchIndex::build(Vec::new());
        assert!(empty.search("anything", Strategy::Fusion, 5).is_empty());
    }

    #[test]
    fn dot_matches_the_plain_sum() {
        let a: Vec<i8> = (0..300).map(|i| ((i * 37) % 255 - 127) as i8).collect();
        let b: Vec<i8> = (0..300).map(|i| ((i * 91) % 255 - 127) as i8).collect();
        for n in [0, 1, 15, 16, 17, 256, 300] {
            let want: i32 = a[..n]
                .iter()
                .zip(&b[..n])
                .map(|(&x, &y)| i32::from(x) * i32::from(y))
                .sum();
            assert_eq!(dot(&widen(&a[..n]), &b[..n]), want, "n = {n}");
        }
        let max = vec![-127i8; 256];
        assert_eq!(dot(&widen(&max), &max), 127 * 127 * 256);
    }

    #[test]
    fn top_k_keeps_what_sorting_keeps() {
        // Scores with ties (a few distinct values), pushed in and out of
        // doc order, for small and large k.
        let mut x = 0x9e37_79b9_u32;
        let hits: Vec<Hit> = (0..500)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                Hit {
                    doc: (i * 7919) % 500,
                    score: (x % 23) as f32 * 0.5,
                }
            })
            .collect();
        for k in [0, 1, 3, 10, 64, 65, 200, 600] {
            let mut want = hits.clone();
            top(&mut want, k);
            if k == 0 {
                want.clear();
            }
            let mut got = TopK::new(k);
            hits.iter().for_each(|&h| got.push(h));
            assert_eq!(got.into_vec(), want, "k = {k}");
        }
    }

    #[test]
    fn pruned_scans_find_what_full_scans_find() {
        // Rows whose energy falls off with the dimension (as PCA's do),
        // with repeats so that scores tie.
        let dim = 64;
        let mut x = 0x2545_f491_u32;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        let row = |next: &mut dyn FnMut() -> u32| -> Vec<i8> {
            (0..dim)
                .map(|i| {
                    let span = 255 / (1 + i as u32 / 8);
                    ((next() % span) as i32 - span as i32 / 2) as i8
                })
                .collect()
        };
        let mut rows: Vec<i8> = (0..300).flat_map(|_| row(&mut next)).collect();
        rows.extend_from_within(..20 * dim);
        let tails = tail_norms(&rows, dim);
        for _ in 0..20 {
            let q = widen(&row(&mut next));
            let q_tails = tail_norms(&q, dim)[0];
            let score = |r: usize, d: f32| d * 1e-4 + (r % 7) as f32 * 0.01;
            for (k, floor) in [(1, f32::NEG_INFINITY), (10, f32::NEG_INFINITY), (5, 0.5)] {
                let skip = |r: usize| r % 11 == 3;
                let mut want: Vec<Hit> = rows
                    .chunks_exact(dim)
                    .enumerate()
                    .filter(|&(r, _)| !skip(r))
                    .map(|(r, v)| Hit {
                        doc: r,
                        score: score(r, dot(&q, v) as f32),
                    })
                    .filter(|h| h.score >= floor)
                    .collect();
                top(&mut want, k);
                let got = scan(&rows, &tails, dim, &q, q_tails, k, floor, skip, score);
                assert_eq!(got, want, "k = {k}, floor = {floor}");
            }
        }
    }

    #[test]
    fn merged_parts_are_the_hash_map_sums() {
        let parts: Vec<(usize, f32)> = (0..200)
            .map(|i| ((i * 37) % 23, ((i * 7919) % 101) as f32 * 0.013 - 0.4))
            .collect();
        let mut want: HashMap<usize, f32> = HashMap::new();
        for &(doc, x) in &parts {
            *want.entry(doc).or_default() += x;
        }
        let got = merge_parts(parts);
        assert_eq!(got.len(), want.len());
        for h in got {
            assert_eq!(h.score.to_bits(), want[&h.doc].to_bits(), "doc {}", h.doc);
        }
    }

    #[test]
    fn prefix_fast_path_matches_as_the_regex_does() {
        let names = [
            "weather_get_forecast",
            "Weather_Get",
            "WEATHER_GETX",
            "weather_ge",
            "xweather_get",
            "weather-get",
            "",
            "k8s_pods",
            "\u{212a}8s_pods",
            "\u{17f}ql_query",
            "sql_query",
            "Sql-Query_2",
            "météo_get",
            "git_status",
            "GIT_STATUS",
        ];
        for query in [
            "^weather_get",
            "/^weather-get/",
            "^k",
            "^K8S",
            "^s",
            "^sql-query",
            "^SQL-QUERY_2",
            "^git_",
            "^m",
        ] {
            let fast = name_matcher(query).unwrap();
            assert!(matches!(fast, NameMatcher::Prefix { .. }), "{query}");
            let re = name_regex(query).unwrap();
            for name in names {
                assert_eq!(
                    fast.is_match(name),
                    re.is_match(name),
                    "{query} on {name:?}"
                );
            }
        }
        for query in ["^git_.*", "^a.b", "^", "status$", "/^x y/"] {
            assert!(
                !matches!(name_matcher(query), Some(NameMatcher::Prefix { .. })),
                "{query}"
            );
        }
    }

    #[test]
    fn bad_regexes_are_plain_queries() {
        let ix = index();
        let _ = ix.search("(unclosed", Strategy::Fusion, 5);
        let _ = ix.search("/[/", Strategy::Keyword, 5);
        assert!(name_regex("how do I commit?").is_none());
    }
}

//! Static embeddings: a token → vector table (model2vec-style), looked up
//! with BERT's WordPiece tokenizer, mean-pooled and normalized. No neural
//! network runs at query time.
//!
//! The table is `data/embeddings/minilm-l6-m2v.bin`, distilled offline by
//! `scripts/distill-embeddings.py` from all-MiniLM-L6-v2 and compiled into
//! the binary: nothing is downloaded or read from disk at run time.
//!
//! The tokenizer is written here rather than taken from the `tokenizers`
//! crate: what the table needs is BERT's normalizer (clean, CJK spacing,
//! lower case, accents stripped), its whitespace/punctuation split and
//! greedy longest-match WordPiece, about a hundred lines checked token for
//! token against the Python implementation
//! (`tests/fixtures/embeddings_golden.json`), where the crate would bring
//! in some forty dependencies and a minute of build time for them.

use std::collections::HashMap;
use std::sync::OnceLock;

use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_normalization::UnicodeNormalization;

/// The table shipped with Sluice.
#[doc(hidden)]
pub static TABLE_BYTES: &[u8] = include_bytes!("../../data/embeddings/minilm-l6-m2v.bin");

/// A table file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    #[error("embedding table: {0}")]
    Format(String),
}

#[derive(serde::Deserialize)]
struct Header {
    format: String,
    version: u32,
    tokens: usize,
    dim: usize,
    unk_token: String,
    continuing_subword_prefix: String,
    max_input_chars_per_word: usize,
    lowercase: bool,
    strip_accents: bool,
    handle_chinese_chars: bool,
    clean_text: bool,
}

/// A static embedding model: vocabulary and int8 rows with one scale each.
pub struct Embedder {
    vocab: HashMap<Box<str>, u32>,
    /// Longest token in bytes (bounds the WordPiece search).
    longest: usize,
    prefix: String,
    max_chars: usize,
    lowercase: bool,
    strip_accents: bool,
    chinese: bool,
    clean: bool,
    dim: usize,
    scales: Vec<f32>,
    rows: Vec<i8>,
}

impl std::fmt::Debug for Embedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Embedder")
            .field("tokens", &self.scales.len())
            .field("dim", &self.dim)
            .finish()
    }
}

impl Embedder {
    /// The table compiled into Sluice, parsed once per process.
    pub fn shipped() -> &'static Embedder {
        static SHIPPED: OnceLock<Embedder> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            let start = std::time::Instant::now();
            // The shipped table is checked by the tests; failing here
            // would be a build that never passed them.
            let e = Embedder::from_bytes(TABLE_BYTES).expect("the shipped embedding table parses");
            tracing::debug!(
                tokens = e.scales.len(),
                dim = e.dim,
                ms = start.elapsed().as_secs_f64() * 1e3,
                "embedding table loaded"
            );
            e
        })
    }

    /// Parses a table in the format `scripts/distill-embeddings.py` writes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Embedder, EmbedError> {
        let bad = |m: &str| EmbedError::Format(m.to_string());
        let nl = memchr::memchr(b'\n', bytes).ok_or_else(|| bad("no header line"))?;
        let header: Header = serde_json::from_slice(&bytes[..nl])
            .map_err(|e| EmbedError::Format(format!("header: {e}")))?;
        if header.format != "sluice-static-embeddings" || header.version != 1 {
            return Err(bad("unknown format or version"));
        }
        let (n, dim) = (header.tokens, header.dim);
        if n == 0 || dim == 0 || n > 10_000_000 || dim > 4096 {
            return Err(bad("implausible size"));
        }
        let mut pos = nl + 1;
        let mut vocab = HashMap::with_capacity(n);
        let mut longest = 0;
        for id in 0..n {
            let rest = bytes
                .get(pos..)
                .ok_or_else(|| bad("truncated vocabulary"))?;
            let end = memchr::memchr(b'\n', rest).ok_or_else(|| bad("truncated vocabulary"))?;
            let token =
                std::str::from_utf8(&rest[..end]).map_err(|_| bad("vocabulary is not UTF-8"))?;
            longest = longest.max(token.len());
            vocab.insert(Box::from(token), id as u32);
            pos += end + 1;
        }
        let scale_bytes = n * 4;
        let data = bytes
            .get(pos..pos + scale_bytes + n * dim)
            .ok_or_else(|| bad("truncated table"))?;
        if bytes.len() != pos + scale_bytes + n * dim {
            return Err(bad("trailing bytes"));
        }
        let scales = data[..scale_bytes]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let rows = data[scale_bytes..]
            .iter()
            .map(|&b| i8::from_le_bytes([b]))
            .collect();
        // Unknown pieces are dropped, so the unknown token itself is never
        // looked up: take it out of the vocabulary in case text spells it.
        vocab.remove(header.unk_token.as_str());
        Ok(Embedder {
            vocab,
            longest,
            prefix: header.continuing_subword_prefix,
            max_chars: header.max_input_chars_per_word,
            lowercase: header.lowercase,
            strip_accents: header.strip_accents,
            chinese: header.handle_chinese_chars,
            clean: header.clean_text,
            dim,
            scales,
            rows,
        })
    }

    pub fn dim(&self) -> usize {
        self.dim
    }

    /// Bytes held by the table (vocabulary keys counted by length).
    pub fn heap_bytes(&self) -> usize {
        self.rows.len()
            + self.scales.len() * 4
            + self.vocab.keys().map(|k| k.len() + 24).sum::<usize>()
    }

    /// Token ids of `text`, unknown pieces dropped (as model2vec does).
    pub fn tokenize(&self, text: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        self.each_token(text, |id| ids.push(id));
        ids
    }

    fn each_token(&self, text: &str, mut emit: impl FnMut(u32)) {
        let normalized = self.normalize(text);
        let mut word = String::new();
        for c in normalized.chars() {
            if c.is_whitespace() {
                self.word_pieces(&word, &mut emit);
                word.clear();
            } else if is_bert_punctuation(c) {
                self.word_pieces(&word, &mut emit);
                word.clear();
                let mut buf = [0u8; 4];
                self.word_pieces(c.encode_utf8(&mut buf), &mut emit);
            } else {
                word.push(c);
            }
        }
        self.word_pieces(&word, &mut emit);
    }

    /// BertNormalizer: drop control characters, whitespace to spaces,
    /// spaces around CJK ideographs, lower case, accents stripped (NFD,
    /// marks removed).
    fn normalize(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 8);
        for c in text.chars() {
            if self.clean {
                if c == '\0' || c == '\u{fffd}' || is_control(c) {
                    continue;
                }
                if c.is_whitespace() {
                    out.push(' ');
                    continue;
                }
            }
            if self.chinese && is_cjk(c) {
                out.push(' ');
                out.push(c);
                out.push(' ');
                continue;
            }
            out.push(c);
        }
        let out = if self.strip_accents {
            out.nfd()
                .filter(|&c| get_general_category(c) != GeneralCategory::NonspacingMark)
                .collect()
        } else {
            out
        };
        if self.lowercase {
            out.to_lowercase()
        } else {
            out
        }
    }

    /// Greedy longest-match-first WordPiece; a word with a piece that is
    /// not in the vocabulary is unknown as a whole.
    fn word_pieces(&self, word: &str, emit: &mut impl FnMut(u32)) {
        if word.is_empty() {
            return;
        }
        if word.chars().count() > self.max_chars {
            // Unknown: model2vec drops the unknown token before pooling.
            return;
        }
        let mut pieces = [0u32; 64];
        let mut count = 0;
        let mut start = 0;
        let mut candidate = String::new();
        while start < word.len() {
            let mut end = word.len().min(start + self.longest);
            while !word.is_char_boundary(end) {
                end -= 1;
            }
            let mut found = None;
            while end > start {
                candidate.clear();
                if start > 0 {
                    candidate.push_str(&self.prefix);
                }
                candidate.push_str(&word[start..end]);
                if let Some(&id) = self.vocab.get(candidate.as_str()) {
                    found = Some(id);
                    break;
                }
                end -= 1;
                while !word.is_char_boundary(end) {
                    end -= 1;
                }
            }
            let Some(id) = found else {
                return;
            };
            if count == pieces.len() {
                // Longer than any real word; emit what we have so far.
                pieces.iter().for_each(|&p| emit(p));
                count = 0;
            }
            pieces[count] = id;
            count += 1;
            start = end;
        }
        pieces[..count].iter().for_each(|&p| emit(p));
    }

    /// The normalized mean of the token vectors of `text`, or all zeros
    /// when no token of it is known.
    pub fn embed(&self, text: &str) -> Vec<f32> {
        let mut acc = vec![0f32; self.dim];
        let mut n = 0usize;
        self.each_token(text, |id| {
            self.add_row(id, 1.0, &mut acc);
            n += 1;
        });
        if n > 0 {
            normalize(&mut acc);
        }
        acc
    }

    /// Adds `weight` times the vector of every token of `text` to `acc`;
    /// returns how many tokens there were. For pooling several fields with
    /// different weights.
    pub fn accumulate(&self, text: &str, weight: f32, acc: &mut [f32]) -> usize {
        let mut n = 0;
        self.each_token(text, |id| {
            self.add_row(id, weight, acc);
            n += 1;
        });
        n
    }

    fn add_row(&self, id: u32, weight: f32, acc: &mut [f32]) {
        let id = id as usize;
        let s = self.scales[id] * weight;
        let row = &self.rows[id * self.dim..(id + 1) * self.dim];
        for (a, &q) in acc.iter_mut().zip(row) {
            *a += s * f32::from(q);
        }
    }
}

/// Scales `v` to unit length (leaves a zero vector alone).
pub fn normalize(v: &mut [f32]) {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        v.iter_mut().for_each(|x| *x /= norm);
    }
}

fn is_control(c: char) -> bool {
    if matches!(c, '\t' | '\n' | '\r') {
        return false;
    }
    matches!(
        get_general_category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
            | GeneralCategory::Unassigned
    ) && !c.is_whitespace()
}

/// BERT's punctuation: every non-alphanumeric ASCII printable character,
/// and Unicode's punctuation categories.
fn is_bert_punctuation(c: char) -> bool {
    let u = c as u32;
    if (33..=47).contains(&u)
        || (58..=64).contains(&u)
        || (91..=96).contains(&u)
        || (123..=126).contains(&u)
    {
        return true;
    }
    matches!(
        get_general_category(c),
        GeneralCategory::ConnectorPunctuation
            | GeneralCategory::DashPunctuation
            | GeneralCategory::OpenPunctuation
            | GeneralCategory::ClosePunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
            | GeneralCategory::OtherPunctuation
    )
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF
        | 0x3400..=0x4DBF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F
        | 0x2B820..=0x2CEAF
        | 0xF900..=0xFAFF
        | 0x2F800..=0x2FA1F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Golden {
        cases: Vec<Case>,
    }
    #[derive(serde::Deserialize)]
    struct Case {
        text: String,
        ids: Vec<u32>,
        vector: Vec<f32>,
    }

    fn golden() -> Golden {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/embeddings_golden.json"
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn tokenizes_like_the_python_tokenizer() {
        let e = Embedder::shipped();
        for case in golden().cases {
            assert_eq!(e.tokenize(&case.text), case.ids, "text {:?}", case.text);
        }
    }

    #[test]
    fn embeds_like_model2vec() {
        let e = Embedder::shipped();
        for case in golden().cases {
            let v = e.embed(&case.text);
            let dot: f32 = v.iter().zip(&case.vector).map(|(a, b)| a * b).sum();
            let zero = case.vector.iter().all(|&x| x == 0.0);
            if zero {
                assert!(v.iter().all(|&x| x == 0.0), "text {:?}", case.text);
            } else {
                assert!(dot > 0.9999, "text {:?}: cosine {dot}", case.text);
            }
        }
    }

    #[test]
    fn rejects_broken_tables() {
        assert!(Embedder::from_bytes(b"").is_err());
        assert!(Embedder::from_bytes(b"{}\n").is_err());
        let n = TABLE_BYTES.len();
        assert!(Embedder::from_bytes(&TABLE_BYTES[..n - 1]).is_err());
    }

    #[test]
    fn paraphrases_are_closer_than_unrelated_text() {
        let e = Embedder::shipped();
        let cos = |a: &str, b: &str| {
            let (x, y) = (e.embed(a), e.embed(b));
            x.iter().zip(&y).map(|(p, q)| p * q).sum::<f32>()
        };
        let memory = "Create multiple new entities in the knowledge graph memory";
        let weather = "Get the weather forecast for a city";
        assert!(cos("remember this for later", memory) > cos("remember this for later", weather));
    }
}

//! Tokens and the session vault.
//!
//! A [`Vault`] belongs to one session. It mints tokens (`[EMAIL_1]`), keeps
//! the values they stand for, their surface forms and their provenance, and
//! resolves tokens back. Its index is keyed by HMAC-SHA256 of the normalized
//! value under a random per-session key, so the index holds no plaintext.
//!
//! The vault never decides *whether* a token may be restored: that is the
//! policy's job, asked by the broker. It only knows *what* a token stands for.

pub mod store;
pub mod token;

use std::collections::{BTreeMap, BTreeSet};
use std::hash::BuildHasher;

use foldhash::quality::RandomState;

use ring::hmac;
use ring::rand::{SecureRandom, SystemRandom};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};

use crate::pii::Class;
pub use token::{TokenId, TokenRef};

/// Where a value was seen: a downstream server and one of its tools.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Source {
    pub server: String,
    pub tool: String,
}

impl Source {
    pub fn new(server: impl Into<String>, tool: impl Into<String>) -> Self {
        Source {
            server: server.into(),
            tool: tool.into(),
        }
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.server, self.tool)
    }
}

/// Errors of the vault and its stores. None of them carries a plaintext value.
#[derive(Debug, thiserror::Error)]
pub enum VaultError {
    #[error("unknown token {0}: it was not issued in this session")]
    UnknownToken(String),
    #[error("malformed token {0}")]
    Malformed(String),
    #[error("vault file {path}: {reason}")]
    File { path: String, reason: String },
    #[error("vault key: {0}")]
    Key(String),
    #[error(
        "vault file {path} cannot be decrypted: wrong key, or the file is corrupt or was edited"
    )]
    Decrypt { path: String },
    #[error("random number generator failed")]
    Random,
}

/// One minted token. Its `Debug` output leaves the value out.
#[derive(Clone, Serialize, Deserialize)]
pub struct Entry {
    pub id: TokenId,
    /// The normalized value (lower-case email, E.164 phone, folded name).
    normalized: String,
    /// Surface forms as seen, in order; variant `k` is `forms[k - 1]`.
    forms: Vec<Form>,
    /// Every (server, tool) this value came from.
    pub sources: BTreeSet<Source>,
}

impl Entry {
    /// How many surface forms this value has been seen in.
    pub fn variants(&self) -> usize {
        self.forms.len()
    }
}

/// One surface form of a value: its exact text, and whether it was a JSON
/// number (a phone number under a `phone` key) so it restores as one.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Form {
    pub text: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub number: bool,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("id", &self.id)
            .field("variants", &self.forms.len())
            .field("sources", &self.sources)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for Form {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Form")
            .field("number", &self.number)
            .finish_non_exhaustive()
    }
}

/// The serializable state of a vault (what stores persist).
#[derive(Serialize, Deserialize)]
pub struct Snapshot {
    version: u32,
    key: String,
    entries: Vec<Entry>,
    seen_sources: BTreeSet<Source>,
}

/// Session-recall index: folded name words and full names already tokenized,
/// held as 64-bit hashes under a random per-vault seed (foldhash's quality
/// hasher; SipHash cost 4% of redaction, for a lookup made for nearly
/// every word). The sets themselves use a fast unkeyed hasher: their
/// members are already keyed hashes. The one plaintext here
/// is `phone_tails`' values, numbers the vault's entries hold anyway; the
/// index is neither `Debug` nor persisted (a loaded vault rebuilds it).
#[derive(Default)]
struct Recall {
    hasher: RandomState,
    words: FxHashSet<u64>,
    full: FxHashSet<u64>,
    /// Normalized phone numbers tokenized or learned (`+34913338589`).
    phones: FxHashSet<u64>,
    /// The last 8 to 12 digits of each of those numbers: the number as a
    /// national display writes it (`tel:+420704496996` shown as `704 496
    /// 996`, `+353 87 226 6341` as `087 226 6341`).
    /// Each tail maps to its number's normalized form (the vault holds
    /// the values anyway, to restore them).
    phone_tails: FxHashMap<u64, Box<str>>,
    /// What followed each context (keyed hash of the context's text) in
    /// the session: see [`crate::pii::cues`].
    cues: FxHashMap<u64, crate::pii::cues::CueCount>,
    /// How many contexts announce names now.
    cue_contexts: usize,
}

/// The per-session token vault.
pub struct Vault {
    key_bytes: [u8; 32],
    key: hmac::Key,
    /// HMAC tag → entry. Tags are uniformly distributed and not chosen by
    /// any input, so the table uses a fast unkeyed hasher (FxHash).
    index: FxHashMap<[u8; 32], usize>,
    entries: Vec<Entry>,
    /// Ids are minted by the vault; lookups of ids from the model only read.
    by_id: FxHashMap<TokenId, usize>,
    counters: BTreeMap<Class, u32>,
    seen_sources: BTreeSet<Source>,
    recall: Recall,
}

impl std::fmt::Debug for Vault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print values or the key.
        f.debug_struct("Vault")
            .field("tokens", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl Vault {
    /// A new, empty vault with a fresh random key.
    pub fn new() -> Result<Self, VaultError> {
        let mut key = [0u8; 32];
        SystemRandom::new()
            .fill(&mut key)
            .map_err(|_| VaultError::Random)?;
        Ok(Self::with_key(key))
    }

    fn with_key(key_bytes: [u8; 32]) -> Self {
        Vault {
            key: hmac::Key::new(hmac::HMAC_SHA256, &key_bytes),
            key_bytes,
            index: FxHashMap::default(),
            entries: Vec::new(),
            by_id: FxHashMap::default(),
            counters: BTreeMap::new(),
            seen_sources: BTreeSet::new(),
            recall: Recall::default(),
        }
    }

    /// Number of distinct values (tokens) in the vault.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn mac(&self, class: &Class, normalized: &str) -> [u8; 32] {
        let mut ctx = hmac::Context::with_key(&self.key);
        ctx.update(class.label().as_bytes());
        ctx.update(&[0]);
        ctx.update(normalized.as_bytes());
        let tag = ctx.sign();
        let mut out = [0u8; 32];
        out.copy_from_slice(tag.as_ref());
        out
    }

    /// A short keyed fingerprint of a value, for audit records: lets two
    /// records be compared without revealing the value.
    pub fn fingerprint(&self, class: &Class, normalized: &str) -> String {
        self.mac(class, normalized)[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Returns the token for `surface` (normalized as `normalized`), minting
    /// one if the value is new, and records `source` in its provenance.
    pub fn tokenize(
        &mut self,
        class: &Class,
        surface: &str,
        normalized: &str,
        source: Option<&Source>,
    ) -> TokenRef {
        self.tokenize_form(class, surface, normalized, source, false)
    }

    /// As [`Vault::tokenize`], for a surface form that was a JSON number
    /// when `number` is set.
    pub fn tokenize_form(
        &mut self,
        class: &Class,
        surface: &str,
        normalized: &str,
        source: Option<&Source>,
        number: bool,
    ) -> TokenRef {
        let mac = self.mac(class, normalized);
        let idx = match self.index.get(&mac) {
            Some(&i) => i,
            None => {
                let counter = self.counters.entry(class.clone()).or_insert(0);
                *counter += 1;
                let id = TokenId {
                    class: class.clone(),
                    n: *counter,
                };
                let i = self.entries.len();
                self.entries.push(Entry {
                    id: id.clone(),
                    normalized: normalized.to_string(),
                    forms: Vec::new(),
                    sources: BTreeSet::new(),
                });
                self.index.insert(mac, i);
                self.by_id.insert(id, i);
                self.learn_from(class, normalized);
                i
            }
        };
        let entry = &mut self.entries[idx];
        if let Some(src) = source
            && !entry.sources.contains(src)
        {
            entry.sources.insert(src.clone());
        }
        let variant = match entry
            .forms
            .iter()
            .position(|f| f.text == surface && f.number == number)
        {
            Some(p) => p + 1,
            None => {
                entry.forms.push(Form {
                    text: surface.to_string(),
                    number,
                });
                entry.forms.len()
            }
        };
        TokenRef {
            id: entry.id.clone(),
            variant: variant as u32,
            reveal: None,
        }
    }

    /// The surface form a token reference stands for.
    pub fn resolve(&self, r: &TokenRef) -> Result<&str, VaultError> {
        self.resolve_form(r).map(|f| f.text.as_str())
    }

    /// The surface form, with whether it was a JSON number.
    pub fn resolve_form(&self, r: &TokenRef) -> Result<&Form, VaultError> {
        let entry = self
            .entry(&r.id)
            .ok_or_else(|| VaultError::UnknownToken(r.label()))?;
        entry
            .forms
            .get(r.variant as usize - 1)
            .ok_or_else(|| VaultError::UnknownToken(r.label()))
    }

    /// The entry of a token id, if this session issued it.
    pub fn entry(&self, id: &TokenId) -> Option<&Entry> {
        self.by_id.get(id).map(|&i| &self.entries[i])
    }

    /// All entries, in minting order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter()
    }

    /// Records that the session has seen results of `source` (session taint).
    pub fn note_source_seen(&mut self, source: &Source) {
        if !self.seen_sources.contains(source) {
            self.seen_sources.insert(source.clone());
        }
    }

    /// Every source whose results this session has seen.
    pub fn seen_sources(&self) -> &BTreeSet<Source> {
        &self.seen_sources
    }

    fn word_hash(&self, folded: &str) -> u64 {
        self.recall.hasher.hash_one(folded)
    }

    /// Session recall: a name teaches its words; an address like
    /// `john.smith@…` teaches its person's name.
    fn learn_from(&mut self, class: &Class, normalized: &str) {
        match class {
            Class::Name => self.learn_name(normalized),
            Class::Phone => self.learn_phone(normalized),
            Class::Email => {
                if let Some(n) = crate::pii::names::name_from_email(normalized) {
                    self.learn_name(&n);
                }
            }
            _ => {}
        }
    }

    /// Teaches the session a person's name (normalized, folded), so its words
    /// are recognized again anywhere in later text.
    pub fn learn_name(&mut self, folded: &str) {
        let mut words = 0;
        for w in crate::pii::names::name_words(folded) {
            let h = self.word_hash(w);
            self.recall.words.insert(h);
            words += 1;
        }
        if words > 1 {
            let h = self.word_hash(folded);
            self.recall.full.insert(h);
        }
    }

    /// Is this folded word part of a name tokenized (or learned) earlier?
    pub fn knows_name_word(&self, folded: &str) -> bool {
        !self.recall.words.is_empty() && self.recall.words.contains(&self.word_hash(folded))
    }

    /// Notes that a name (`is_name`) or an ordinary capitalized word
    /// followed `context` ([`crate::pii::cues`]).
    pub fn note_cue(&mut self, context: &str, is_name: bool) {
        if !is_name && self.recall.cues.is_empty() {
            return;
        }
        let h = self.word_hash(context);
        if !is_name && !self.recall.cues.contains_key(&h) {
            return;
        }
        let c = self.recall.cues.entry(h).or_default();
        let was = c.is_cue();
        if is_name {
            c.names = c.names.saturating_add(1);
        } else {
            c.others = c.others.saturating_add(1);
        }
        match (was, c.is_cue()) {
            (false, true) => self.recall.cue_contexts += 1,
            (true, false) => self.recall.cue_contexts -= 1,
            _ => {}
        }
    }

    /// What followed `context` in the session.
    pub fn cue(&self, context: &str) -> crate::pii::cues::CueCount {
        if self.recall.cue_contexts == 0 {
            return Default::default();
        }
        self.recall
            .cues
            .get(&self.word_hash(context))
            .copied()
            .unwrap_or_default()
    }

    /// Does any context announce names?
    pub fn has_cues(&self) -> bool {
        self.recall.cue_contexts > 0
    }

    /// Is this folded full name ("first last") known to the session?
    pub fn knows_full_name(&self, folded: &str) -> bool {
        !self.recall.full.is_empty() && self.recall.full.contains(&self.word_hash(folded))
    }

    /// Whether any name has been learned (lets callers skip recall work).
    pub fn has_names(&self) -> bool {
        !self.recall.words.is_empty()
    }

    /// Session recall for numbers: a phone number the redaction of a
    /// document will tokenize (its learn pass reads phone keys first).
    pub fn learn_phone(&mut self, normalized: &str) {
        let h = self.word_hash(normalized);
        if self.recall.phones.insert(h)
            && let Some(digits) = normalized.strip_prefix('+')
            && !digits.contains(';')
        {
            // A tail leaves at least one digit of the country code out.
            for k in 8..=digits.len().saturating_sub(1).min(12) {
                let t = self.word_hash(&digits[digits.len() - k..]);
                self.recall
                    .phone_tails
                    .entry(t)
                    .or_insert_with(|| normalized.into());
            }
        }
    }

    /// The normalized number that `digits` (8 to 12, no trunk prefix) are
    /// the end of, if this session tokenized one.
    pub fn phone_by_tail(&self, digits: &str) -> Option<&str> {
        if self.recall.phone_tails.is_empty() {
            return None;
        }
        self.recall
            .phone_tails
            .get(&self.word_hash(digits))
            .map(|n| &**n)
    }

    /// Has this session tokenized (or learned) the phone number
    /// `normalized` (`+…`, or bare digits as a phone key held them)?
    pub fn knows_phone(&self, normalized: &str) -> bool {
        !self.recall.phones.is_empty() && self.recall.phones.contains(&self.word_hash(normalized))
    }

    /// Does this session know any phone number?
    pub fn has_phones(&self) -> bool {
        !self.recall.phones.is_empty()
    }

    /// The persistable state.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            version: 1,
            key: self.key_bytes.iter().map(|b| format!("{b:02x}")).collect(),
            entries: self.entries.clone(),
            seen_sources: self.seen_sources.clone(),
        }
    }

    /// Rebuilds a vault from a snapshot, checking its consistency.
    pub fn from_snapshot(s: Snapshot) -> Result<Self, String> {
        if s.version != 1 {
            return Err(format!("unsupported vault version {}", s.version));
        }
        let key = decode_hex32(&s.key).ok_or("invalid session key")?;
        let mut v = Vault::with_key(key);
        for e in s.entries {
            if e.forms.is_empty() {
                return Err(format!("token {} has no value", e.id));
            }
            let mac = v.mac(&e.id.class, &e.normalized);
            let i = v.entries.len();
            if v.index.insert(mac, i).is_some() || v.by_id.insert(e.id.clone(), i).is_some() {
                return Err(format!("token {} appears twice", e.id));
            }
            let c = v.counters.entry(e.id.class.clone()).or_insert(0);
            *c = (*c).max(e.id.n);
            v.learn_from(&e.id.class, &e.normalized);
            v.entries.push(e);
        }
        v.seen_sources = s.seen_sources;
        Ok(v)
    }
}

pub(crate) fn decode_hex32(s: &str) -> Option<[u8; 32]> {
    let s = s.trim();
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_value_same_token_and_variants() {
        let mut v = Vault::new().unwrap();
        let src = Source::new("crm", "get");
        let a = v.tokenize(&Class::Email, "Ann@X.com", "ann@x.com", Some(&src));
        let b = v.tokenize(&Class::Email, "ann@x.com", "ann@x.com", None);
        let c = v.tokenize(&Class::Email, "Ann@X.com", "ann@x.com", None);
        assert_eq!(a.render(), "[EMAIL_1]");
        assert_eq!(b.render(), "[EMAIL_1_2]");
        assert_eq!(c, a);
        assert_eq!(v.resolve(&b).unwrap(), "ann@x.com");
        let p = v.tokenize(&Class::Phone, "+1 415", "+1415", None);
        assert_eq!(p.render(), "[PHONE_1]");
    }

    #[test]
    fn provenance_accumulates() {
        let mut v = Vault::new().unwrap();
        let t = v.tokenize(
            &Class::Name,
            "Ann Lee",
            "ann lee",
            Some(&Source::new("a", "x")),
        );
        v.tokenize(
            &Class::Name,
            "Ann Lee",
            "ann lee",
            Some(&Source::new("b", "y")),
        );
        assert_eq!(v.entry(&t.id).unwrap().sources.len(), 2);
        assert!(v.knows_name_word("ann") && v.knows_full_name("ann lee"));
    }

    #[test]
    fn unknown_tokens_fail_without_values() {
        let v = Vault::new().unwrap();
        let r = TokenRef {
            id: TokenId {
                class: Class::Email,
                n: 9,
            },
            variant: 1,
            reveal: None,
        };
        assert_eq!(
            v.resolve(&r).unwrap_err().to_string(),
            "unknown token [EMAIL_9]: it was not issued in this session"
        );
    }

    #[test]
    fn snapshot_round_trip() {
        let mut v = Vault::new().unwrap();
        let t = v.tokenize(&Class::Name, "Ann Lee", "ann lee", None);
        let w = Vault::from_snapshot(v.snapshot()).unwrap();
        assert_eq!(w.resolve(&t).unwrap(), "Ann Lee");
        assert_eq!(
            w.fingerprint(&Class::Name, "ann lee"),
            v.fingerprint(&Class::Name, "ann lee")
        );
        let mut w = w;
        assert_eq!(
            w.tokenize(&Class::Name, "Bo", "bo", None).render(),
            "[NAME_2]"
        );
    }
}

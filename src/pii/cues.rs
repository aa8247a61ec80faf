//! Cues the session learns: the words that stood before names.
//!
//! A tool answers in the same shapes all session long: a calendar's
//! "1:1 with Manaia —", a booking's "reservation under Mammeri", a rota's
//! "driver Tjaša". Once the words before a slot have stood before names
//! found by the other detectors (twice at least, and hardly ever before
//! an ordinary word), a capitalized word in that slot is taken as a name
//! too, whatever dictionaries say of it. This reads a template from its
//! own output rather than from rules written for one corpus.
//!
//! The session keeps, per context, how often a found name and how often
//! an ordinary capitalized word stood by it. A context is the last one or
//! two words of the line before the slot, or the next one or two after it
//! ("X übernimmt Leitung", "**X** (agent):"), lower-cased, digits as `0`,
//! personal data found there as `<n>`; the vault keeps only a keyed hash
//! of it.

use super::names::{self, Case, WordIter};
use super::{Class, Detector, Finding, NameMemory};

/// What the session has seen after a context.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CueCount {
    /// Names found by other detectors.
    pub names: u32,
    /// Ordinary capitalized words (`The`, `Monday`, a brand).
    pub others: u32,
}

impl CueCount {
    /// Does this context announce a name: two names at least, and at
    /// least four times as many names as ordinary words?
    pub fn is_cue(self) -> bool {
        self.names >= 2 && self.names >= 4 * self.others
    }
}

/// The longest context kept, in bytes.
const MAX_CONTEXT: usize = 48;

/// The context of the slot at `start` of `text` into `key` (cleared
/// first): the last one or two words before it on its line, set apart
/// from it by a space. `false` when there is none worth keeping (the
/// slot starts its line or cell, or the words hold no letters).
pub fn context_key(text: &str, start: usize, findings: &[Finding], key: &mut String) -> bool {
    key.clear();
    let b = text.as_bytes();
    if start == 0 || b[start - 1] != b' ' {
        return false;
    }
    let mut ls = start.saturating_sub(MAX_CONTEXT);
    while !text.is_char_boundary(ls) {
        ls += 1;
    }
    let line = &text[ls..start];
    let cut = line.rfind(['\n', '\t', '|', '"']).map_or(0, |p| p + 1);
    let line_start = ls + cut;
    let prefix = &text[line_start..start];
    // The last two words of the prefix, last first.
    let mut toks = [(0, 0); 2];
    let mut n = 0;
    let mut end = prefix.len();
    for (i, c) in prefix.char_indices().rev() {
        if c == ' ' {
            if i + 1 < end {
                toks[n] = (i + 1, end);
                n += 1;
                if n == 2 {
                    break;
                }
            }
            end = i;
        }
    }
    if n < 2 && end > 0 {
        toks[n] = (0, end);
        n += 1;
    }
    if n == 0 {
        return false;
    }
    if n == 1 {
        key.push('^');
    }
    let mut letters = 0;
    for &(s, e) in toks[..n].iter().rev() {
        if !key.is_empty() {
            key.push(' ');
        }
        letters += push_word(text, line_start + s, line_start + e, findings, key);
    }
    // A time slot that starts its line (`08:00–08:45  X · 1:1`) is a
    // context too, though it has no letters.
    letters >= 2 || (n == 1 && key.contains("0:00"))
}

/// Appends the word `text[s..e]` to a context key as the key writes it
/// (lower case, digits as `0`, `<n>` where a finding is); returns its
/// letters.
fn push_word(text: &str, s: usize, e: usize, findings: &[Finding], key: &mut String) -> usize {
    if overlaps(findings, s, e) {
        key.push_str("<n>");
        return 0;
    }
    let mut letters = 0;
    for c in text[s..e].chars() {
        if c.is_ascii_digit() {
            key.push('0');
        } else {
            letters += usize::from(c.is_alphabetic());
            key.extend(c.to_lowercase());
        }
    }
    letters
}

/// Does a finding overlap `s..e`?
fn overlaps(findings: &[Finding], s: usize, e: usize) -> bool {
    findings.iter().any(|f| f.start < e && s < f.end)
}

/// The context after a name ending at `end` (`> übernimmt leitung`,
/// `> (agent):`): the next one or two words on its line, set apart by a
/// space, marked with a leading `>` so it never meets a context before.
pub fn right_key(text: &str, end: usize, findings: &[Finding], key: &mut String) -> bool {
    key.clear();
    let b = text.as_bytes();
    // Past an initial's dot and emphasis (`**Desislava P.** (agent):`).
    let mut end = end;
    while end < b.len() && matches!(b[end], b'*' | b'_' | b'.') {
        end += 1;
    }
    if end >= b.len() || b[end] != b' ' {
        return false;
    }
    let mut le = (end + MAX_CONTEXT).min(text.len());
    while !text.is_char_boundary(le) {
        le -= 1;
    }
    let line = &text[end + 1..le];
    let line = &line[..line.find(['\n', '\t', '|', '"']).unwrap_or(line.len())];
    let base = end + 1;
    key.push('>');
    let mut letters = 0;
    for (n, tok) in line
        .split(' ')
        .filter(|t| !t.is_empty())
        .take(2)
        .enumerate()
    {
        // The last word may be cut by the window: only whole words.
        let s = base + (tok.as_ptr() as usize - line.as_ptr() as usize);
        let e = s + tok.len();
        if e == le && le < text.len() && n > 0 {
            break;
        }
        key.push(' ');
        letters += push_word(text, s, e, findings, key);
    }
    letters >= 2
}

/// Notes what followed each context in `text`: its names found by other
/// detectors, and its ordinary capitalized words, through `note(context,
/// is_name)`.
pub fn learn(text: &str, findings: &[Finding], mut note: impl FnMut(&str, bool)) {
    let mut key = String::new();
    for f in findings {
        if f.class != Class::Name || f.detector == Detector::NameCue {
            continue;
        }
        if context_key(text, f.start, findings, &mut key) {
            note(&key, true);
        }
        if right_key(text, f.end, findings, &mut key) {
            note(&key, true);
        }
    }
    for w in WordIter::new(text) {
        if w.case != Case::Title
            || findings
                .iter()
                .any(|f| f.start <= w.start && w.end <= f.end)
        {
            continue;
        }
        let t = &text[w.start..w.end];
        if t.len() < 2 || !names::ordinary_word(t) {
            continue;
        }
        if context_key(text, w.start, findings, &mut key) {
            note(&key, false);
        }
        if right_key(text, w.end, findings, &mut key) {
            note(&key, false);
        }
    }
}

/// Names in slots the session learned: one to three capitalized words
/// after a learned context, none of them an ordinary word.
pub fn find(
    text: &str,
    findings: &[Finding],
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let mut key = String::new();
    let mut it = WordIter::new(text).peekable();
    while let Some(w) = it.next() {
        if w.case != Case::Title
            || overlaps(findings, w.start, w.end)
            || !name_word(&text[w.start..w.end])
        {
            continue;
        }
        let before = context_key(text, w.start, findings, &mut key) && memory.cue(&key).is_cue();
        let titled = before && after_title(&key);
        let mut end = w.end;
        while let Some(n) = it.peek() {
            if n.case != Case::Title
                || &text[end..n.start] != " "
                || !name_word(&text[n.start..n.end])
                || overlaps(findings, n.start, n.end)
            {
                break;
            }
            end = n.end;
            it.next();
            if (end - w.start) > 60 {
                break;
            }
        }
        // A brand or place named after people ("Louis Vuitton", "Dr
        // Pepper") is no one, and a title's slot is the main scanner's,
        // which knows those brands.
        // A run that an ordinary capitalized word goes on is part of a
        // longer proper name ("Boxing Day", "Pinecrest Medical Group").
        if it.peek().is_some_and(|n| {
            n.case == Case::Title
                && &text[end..n.start] == " "
                && names::ordinary_word(&text[n.start..n.end])
        }) {
            continue;
        }
        let cued =
            before || (right_key(text, end, findings, &mut key) && memory.cue(&key).is_cue());
        if !cued || titled || eponym(&text[w.start..end]) {
            continue;
        }
        out.push(Finding {
            class: Class::Name,
            start: w.start,
            end,
            detector: Detector::NameCue,
            confidence: 0.7,
            normalized: names::normalize(&text[w.start..end]),
        });
    }
}

/// Is `run` (or its first two words) a brand, company or place named
/// after people?
fn eponym(run: &str) -> bool {
    let mut spaced = String::with_capacity(run.len());
    for (n, w) in run.split(' ').enumerate() {
        if n > 0 {
            if names::eponym_phrase(&spaced) {
                return true;
            }
            spaced.push(' ');
        }
        names::with_fold(w, |f| names::push_eponym_word(&mut spaced, f));
    }
    names::eponym_phrase(&spaced)
}

/// Does the context end with a title (`Dr`, `Mr.`)?
fn after_title(key: &str) -> bool {
    let last = key.rsplit(' ').next().unwrap_or("").trim_end_matches('.');
    names::TITLES.contains(&last)
}

/// A word that can be part of a name here: two letters or more, no
/// ordinary word, no word never a name (month, legal form, brand).
fn name_word(t: &str) -> bool {
    t.chars().count() >= 2 && !names::ordinary_word(t)
}

/// The verbs of notes and task lists whose object is a person, in lower
/// case: whom to call, write to, ask, meet or thank (`ring Nthako back`,
/// `email Okoth re …`, `lunch w/ Ganbaatar`, `Ask Wjelan about …`), and
/// who took a delivery (`Collected by Okoth at 10:02`).
const CONTACT_VERBS: &[&str] = &[
    "ring",
    "call",
    "email",
    "e-mail",
    "ask",
    "remind",
    "tell",
    "thank",
    "meet",
    "met",
    "invite",
    "chase",
    "nudge",
    "follow up with",
    "sync with",
    "check with",
    "catch up with",
    "lunch w/",
    "lunch with",
    "coffee w/",
    "coffee with",
    "call w/",
    "call with",
    "1:1 with",
    "1:1 w/",
    "intro by",
    "introduced by",
    "loop in",
    // Who took a delivery.
    "collected by",
    "signed by",
    "signed for by",
    "received by",
    "picked up by",
    "handed to",
    "left with",
];

static CONTACT: std::sync::LazyLock<aho_corasick::AhoCorasick> = std::sync::LazyLock::new(|| {
    aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .build(CONTACT_VERBS)
        .expect("contact verbs")
});

/// The person a note's verb of contact ([`CONTACT_VERBS`]) is about: one
/// or two capitalized words (or words of a script without case) right
/// after it, no ordinary word, brand, company or place, then the line's
/// end, punctuation, `back`, or a word in lower case (`ring Nthako back`,
/// `Call Wjelan tomorrow`, `intro by [[Teoh Kok Wai]]`; not `call Support`,
/// `email Stripe`, `meet Paris`). This reads the slot every notes app
/// fills, rather than learning it as [`find`] does.
pub fn contact_objects(text: &str, out: &mut Vec<Finding>) {
    for m in CONTACT.find_iter(text) {
        let before = text[..m.start()].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '@' | '/' | '.' | '_')) {
            continue;
        }
        let Some(rest) = text[m.end()..].strip_prefix(' ') else {
            continue;
        };
        // A wiki link's brackets (`[[Teoh Kok Wai]]`) hold the name.
        let (rest, skip) = match rest.strip_prefix("[[") {
            Some(r) => (r, 2),
            None => (rest, 0),
        };
        let from = m.end() + 1 + skip;
        let mut end: Option<usize> = None;
        for (words, w) in WordIter::new(rest).enumerate() {
            if w.start != end.map_or(0, |e| e + 1) || words == 3 {
                break;
            }
            let t = &rest[w.start..w.end];
            let named = match w.case {
                Case::Title => true,
                Case::Uncased => names::word_script(t).is_some(),
                _ => false,
            };
            if !named || t.chars().count() < 2 || names::ordinary_word(t) {
                break;
            }
            end = Some(w.end);
        }
        let Some(end) = end else { continue };
        let name = &rest[..end];
        let after = &rest[end..];
        let closed = after.is_empty()
            || after.starts_with([
                '.', ',', ';', ':', '!', '?', ')', ']', '\n', '\r', '—', '–', '-', '(', '\'', '’',
            ])
            || after.strip_prefix(' ').is_some_and(|a| {
                a.starts_with(|c: char| {
                    c.is_lowercase()
                        || c == '('
                        || c == '—'
                        || c == '–'
                        || c == '-'
                        || c.is_ascii_digit()
                        || c == '+'
                })
            });
        if !closed
            || names::brand_cell(name)
            || names::organization_shaped(name)
            || names::place_name(name)
        {
            continue;
        }
        out.push(Finding {
            class: Class::Name,
            start: from,
            end: from + end,
            detector: Detector::NameContext,
            confidence: 0.7,
            normalized: names::normalize(name),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(start: usize, end: usize) -> Finding {
        Finding {
            class: Class::Name,
            start,
            end,
            detector: Detector::NameContext,
            confidence: 0.8,
            normalized: String::new(),
        }
    }

    #[test]
    fn whom_a_note_says_to_contact() {
        let f = |t: &str| {
            let mut out = Vec::new();
            contact_objects(t, &mut out);
            out.iter()
                .map(|x| t[x.start..x.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            f("* ring राहुल back\n* email Okoth re FA-0037911\n* lunch w/ Ganbaatar"),
            ["राहुल", "Okoth", "Ganbaatar"]
        );
        assert_eq!(
            f("Call Wjelan tomorrow. Met Katleho at the fair, intro by [[Teoh Kok Wai]]"),
            ["Wjelan", "Katleho", "Teoh Kok Wai"]
        );
        assert_eq!(
            f("Collected by Okoth at 10:02. Handed to Toktogulova (neighbour)"),
            ["Okoth", "Toktogulova"]
        );
        // Desks, brands, places, days, and words that run on.
        assert!(
            f(
                "call Support, email Stripe re invoice, meet Paris, please call Monday, \
               Call Center tomorrow, ask Google, we call it Version Two, recall Okoth, \
               left with Reception, signed by Security"
            )
            .is_empty()
        );
    }

    fn key(text: &str, at: usize, findings: &[Finding]) -> Option<String> {
        let mut k = String::new();
        context_key(text, at, findings, &mut k).then_some(k)
    }

    #[test]
    fn contexts_are_the_words_before_the_slot() {
        let t = "- **Wed 14:55** 1:1 with Manaia — Onboarding";
        let at = t.find("Manaia").unwrap();
        assert_eq!(key(t, at, &[]).as_deref(), Some("0:0 with"));
        let t = "Dinner reservation under Mammeri at 21:50";
        assert_eq!(
            key(t, t.find("Mammeri").unwrap(), &[]).as_deref(),
            Some("reservation under")
        );
        // A name found before the slot stands as `<n>`.
        let t = "Ann Lee and Bo Chen";
        assert_eq!(key(t, 12, &[name(0, 7)]).as_deref(), Some("<n> and"));
        // At the start of a line or a cell: no context.
        assert_eq!(key("x\nManaia", 2, &[]), None);
        assert_eq!(key("Date\tAline", 5, &[]), None);
        // Only one word on the line: marked as the line's start.
        let t = "driver Tjaša";
        assert_eq!(key(t, 7, &[]).as_deref(), Some("^ driver"));
        // A time slot starting its line, though it has no letters; not a
        // bare number.
        let t = "08:00–08:45  Yamin Thandar · 1:1";
        assert_eq!(
            key(t, t.find("Yamin").unwrap(), &[]).as_deref(),
            Some("^ 00:00–00:00")
        );
        assert_eq!(key("1200 Yamin", 5, &[]), None);
    }

    #[test]
    fn contexts_after_the_slot() {
        let mut k = String::new();
        let t = "Reto Schnyder übernimmt Leitung bei Pinecrest";
        assert!(right_key(t, 13, &[], &mut k));
        assert_eq!(k, "> übernimmt leitung");
        let t = "**Desislava P.** (agent): Refund issued";
        assert!(right_key(t, 13, &[], &mut k));
        assert_eq!(k, "> (agent): refund");
        assert!(!right_key("Ann Lee\nnext", 7, &[], &mut k));
        assert!(!right_key("Ann Lee", 7, &[], &mut k));
    }

    #[test]
    fn cues_need_two_names_and_few_ordinary_words() {
        assert!(
            !CueCount {
                names: 1,
                others: 0
            }
            .is_cue()
        );
        assert!(
            CueCount {
                names: 2,
                others: 0
            }
            .is_cue()
        );
        assert!(
            !CueCount {
                names: 3,
                others: 1
            }
            .is_cue()
        );
        assert!(
            CueCount {
                names: 8,
                others: 2
            }
            .is_cue()
        );
    }
}

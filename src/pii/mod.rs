//! What is personal data: detectors for emails, phone numbers, person names
//! and custom lexicons, and the [`Engine`] that runs them over one string.
//!
//! This module only *finds*: it returns byte spans with a class, a detector
//! and a confidence. It never mints tokens, never logs a value, and knows
//! nothing about JSON documents, MCP or rules.

pub mod agree;
mod caps;
pub mod cjk;
mod class;
pub mod cues;
pub mod email;
mod foreign;
pub mod handles;
mod indic;
pub mod keys;
mod kinds;
pub mod lexicon;
pub mod lists;
pub mod names;
pub mod phone;
pub mod records;
mod roles;
mod siblings;
pub mod sport;
pub mod table;
mod translit;
pub mod vocative;

use rustc_hash::FxHashSet;
use std::sync::Arc;

pub use class::{Class, is_valid_label};
pub use keys::KeyKind;
pub use lexicon::Lexicon;

/// Which detector produced a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Detector {
    Email,
    Phone,
    /// A value under a phone key, accepted by shape.
    PhoneStructured,
    /// A value under a person key, a person column or a `Name:` label.
    NameStructured,
    /// Free text with supporting context (greeting, title, speaker label...).
    NameContext,
    /// Free text: a given name followed by a surname from the dictionaries.
    NameDictionary,
    /// A name word seen earlier in the session.
    NameRecall,
    /// A user lexicon under `rules/lexicons/`.
    Lexicon,
    /// A word in a slot where the session found names before ("1:1 with
    /// X —"): see [`cues`].
    NameCue,
}

/// One piece of personal data found in a string. Its `Debug` output leaves
/// the value out.
#[derive(Clone, PartialEq)]
pub struct Finding {
    pub class: Class,
    /// Byte span in the scanned string.
    pub start: usize,
    pub end: usize,
    pub detector: Detector,
    pub confidence: f32,
    /// The normalized value (lower-case email, E.164 phone, folded name):
    /// plaintext, never to be logged.
    pub normalized: String,
}

impl std::fmt::Debug for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Finding")
            .field("class", &self.class)
            .field("span", &(self.start..self.end))
            .field("detector", &self.detector)
            .field("confidence", &self.confidence)
            .finish_non_exhaustive()
    }
}

/// What the session already knows about names (session recall).
pub trait NameMemory {
    /// Is this folded word part of a name seen earlier?
    fn knows_name_word(&self, folded: &str) -> bool;

    /// Is this normalized full name ("first last") known?
    fn knows_full_name(&self, _normalized: &str) -> bool {
        false
    }

    /// Does it know any name at all? (Lets scans skip recall work.)
    fn has_names(&self) -> bool {
        true
    }

    /// Is this phone number (E.164) one the session tokenized?
    fn knows_phone(&self, _e164: &str) -> bool {
        false
    }

    /// Does it know any phone number?
    fn has_phones(&self) -> bool {
        false
    }

    /// The number (normalized) that these digits (8 to 12) are the end of,
    /// if it tokenized one.
    fn phone_by_tail(&self, _digits: &str) -> Option<String> {
        None
    }

    /// What followed this context ([`cues::context_key`]) in the session.
    fn cue(&self, _context: &str) -> cues::CueCount {
        cues::CueCount::default()
    }

    /// Has the session learned any context that announces names?
    fn has_cues(&self) -> bool {
        false
    }
}

impl NameMemory for crate::vault::Vault {
    fn knows_name_word(&self, folded: &str) -> bool {
        crate::vault::Vault::knows_name_word(self, folded)
    }

    fn knows_full_name(&self, normalized: &str) -> bool {
        crate::vault::Vault::knows_full_name(self, normalized)
    }

    fn has_names(&self) -> bool {
        crate::vault::Vault::has_names(self)
    }

    fn knows_phone(&self, e164: &str) -> bool {
        crate::vault::Vault::knows_phone(self, e164)
    }

    fn has_phones(&self) -> bool {
        crate::vault::Vault::has_phones(self)
    }

    fn phone_by_tail(&self, digits: &str) -> Option<String> {
        crate::vault::Vault::phone_by_tail(self, digits).map(str::to_owned)
    }

    fn cue(&self, context: &str) -> cues::CueCount {
        crate::vault::Vault::cue(self, context)
    }

    fn has_cues(&self) -> bool {
        crate::vault::Vault::has_cues(self)
    }
}

/// A handle in lower case under a person key (`"display_name": "kojo"`)
/// is a name when the session knows it as a name part. Returns whether it
/// was one.
fn person_handle(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) -> bool {
    let t = text.trim();
    let start = text.len() - text.trim_start().len();
    if t.len() >= 2 && t.chars().all(char::is_lowercase) && memory.knows_name_word(&names::fold(t))
    {
        out.push(Finding {
            class: Class::Name,
            start,
            end: start + t.len(),
            detector: Detector::NameRecall,
            confidence: 0.8,
            normalized: names::normalize(t),
        });
        return true;
    }
    false
}

/// How sure a value under a person's key is a name: under a person key
/// or in a person object sure; under a party's key (`sender`) a party's;
/// else maybe.
fn person_how(leaf: Leaf) -> names::Structured {
    if leaf.key == KeyKind::Person || leaf.person_object {
        names::Structured::Sure
    } else if leaf.party {
        names::Structured::Party
    } else {
        names::Structured::Maybe
    }
}

/// Does the key above a string say a handle there is a person's: a
/// person's key (`login`, `display_name`, `assignee`), or `name`, `user`
/// and their like in an object about a person?
fn handle_key(leaf: Leaf) -> bool {
    leaf.key == KeyKind::Person || (leaf.key == KeyKind::MaybePerson && leaf.person_object)
}

/// Whether a string under a login's key (`account`) of kind `key` is for
/// the handle reader alone ([`handles::handle_word`]): one word, not a
/// name to read or learn. The learn and rewrite passes both ask here.
pub(crate) fn handle_only(account: bool, key: KeyKind, text: &str) -> bool {
    account && matches!(key, KeyKind::Person | KeyKind::MaybePerson) && handles::handle_word(text)
}

/// A memory that knows nothing (stateless scans).
pub struct NoMemory;

impl NameMemory for NoMemory {
    fn knows_name_word(&self, _: &str) -> bool {
        false
    }

    fn has_names(&self) -> bool {
        false
    }
}

/// Where a string sits in its document.
#[derive(Clone, Copy, Debug)]
pub struct Leaf {
    /// What the key above the string says.
    pub key: KeyKind,
    /// The enclosing object (or table) is about a person: it has email,
    /// phone or name fields, or sits in a `customers`-like container.
    pub person_object: bool,
    /// The key holds an identifier (`id`, `refs`): a short value without
    /// `+` is not read as a phone number.
    pub identifier: bool,
    /// The key is an object's member that names a party to it (`sender`,
    /// `author`), not whatever the object is (`name`, `label`, `title`).
    pub party: bool,
    /// The key holds accounts' handles (`login`, `username`,
    /// `requested_reviewers`).
    pub account: bool,
}

impl Leaf {
    pub const TEXT: Leaf = Leaf {
        key: KeyKind::Other,
        person_object: false,
        identifier: false,
        party: false,
        account: false,
    };

    /// A leaf under a key of `kind` in an object about a person or not.
    pub const fn of(key: KeyKind, person_object: bool) -> Leaf {
        Leaf {
            key,
            person_object,
            identifier: false,
            party: false,
            account: false,
        }
    }
}

/// The detectors, configured once and shared by all sessions.
#[derive(Default)]
pub struct Engine {
    lexicons: Vec<Arc<Lexicon>>,
}

impl Engine {
    pub fn new(lexicons: Vec<Arc<Lexicon>>) -> Self {
        lexicon::preload();
        Engine { lexicons }
    }

    /// The custom classes (one per lexicon).
    pub fn lexicons(&self) -> &[Arc<Lexicon>] {
        &self.lexicons
    }

    /// Finds personal data in `text`. Findings are sorted and never overlap.
    pub fn scan(
        &self,
        text: &str,
        leaf: Leaf,
        memory: &(impl NameMemory + ?Sized),
    ) -> Vec<Finding> {
        self.scan_with(text, leaf, memory, None)
    }

    /// As [`Engine::scan`], reusing the structured person findings a caller
    /// already computed for this text under this key (`structured`).
    pub fn scan_with(
        &self,
        text: &str,
        leaf: Leaf,
        memory: &(impl NameMemory + ?Sized),
        structured: Option<Vec<Finding>>,
    ) -> Vec<Finding> {
        let mut out = Vec::new();
        if text.len() < 2 {
            return out;
        }
        // Cheap pre-filter: no `@`, no digit, no capital and nothing beyond
        // ASCII means no address, no number and no name (lexicons aside).
        let (mut at, mut digits, mut cap, mut caseless) = (false, 0usize, false, false);
        for &b in text.as_bytes() {
            // `%40` is an `@` in a URL (`?email=ann%40example.com`).
            at |= b == b'@' || b == b'%';
            digits += usize::from(b.is_ascii_digit());
            cap |= b.is_ascii_uppercase() || b >= 0x80;
            // A lead byte of U+0500 and beyond: Armenian, Hebrew, Arabic,
            // the Indic scripts, Thai, Georgian, Ethiopic (and CJK).
            caseless |= (0xD4..0xF8).contains(&b);
        }
        let digit = digits > 0;
        // Profile links (`github.com/ihashmi`) in any text, with or without
        // capitals and digits.
        let known = |w: &str| memory.knows_name_word(w);
        if memchr::memmem::find(text.as_bytes(), b".com/").is_some() {
            handles::profile_links(text, &known, &mut out);
        }
        if digit && memchr::memchr(b'<', text.as_bytes()).is_some() {
            handles::irc_speakers(text, &known, &mut out);
        }
        if memchr::memmem::find(text.as_bytes(), b"[~").is_some() {
            handles::jira_mentions(text, &known, &mut out);
        }
        // An access log's user, a forum's quoted member, a member's page.
        if digit && memchr::memmem::find(text.as_bytes(), b"] \"").is_some() {
            handles::log_users(text, &known, &mut out);
        }
        if memchr::memmem::find(text.as_bytes(), b"[quote=").is_some()
            || memchr::memmem::find(text.as_bytes(), b"[QUOTE=").is_some()
        {
            handles::quoted_members(text, &known, &mut out);
        }
        if memchr::memchr(b'/', text.as_bytes()).is_some() {
            handles::people_paths(text, &known, &mut out);
        }
        if !(at || digit || cap) {
            for lx in &self.lexicons {
                lx.find(text, &mut out);
            }
            // A name typed all in lower case under a person's key (`"name":
            // "jaanus saar"`).
            if matches!(leaf.key, KeyKind::Person | KeyKind::MaybePerson)
                && text.contains(' ')
                && text.len() <= 80
            {
                let before = out.len();
                names::person_value(text, person_how(leaf), memory, &mut out);
                if out.len() > before {
                    return resolve(out);
                }
            }
            if (handle_key(leaf) || leaf.account)
                && handles::handle_value(text, &known, leaf.account, &mut out)
            {
                return resolve(out);
            }
            if memory.has_names() {
                if leaf.key == KeyKind::Person {
                    person_handle(text, memory, &mut out);
                } else if leaf.key == KeyKind::Other {
                    names::lower_recall_scan(text, memory, &mut out);
                }
            }
            return resolve(out);
        }
        if at {
            email::find(text, &mut out);
            handles::mentions(text, &known, &mut out);
        }
        // Every number the phone scanner accepts has at least
        // `phone::MIN_DIGITS` digits of its own.
        // An identifier's digits (`"id": "16314081936"`, `"refs": ["192
        // 4486 5689"]`) are not dialled, unless written as a number is
        // only written to be dialled (`+…`, `tel:`).
        let dialable = !leaf.identifier || text.len() > 40 || text.contains(['+', ':']);
        if digits >= phone::MIN_DIGITS && dialable {
            phone::find(text, &mut out);
        }
        if text.len() >= 40 {
            phone::find_spoken(text, &mut out);
        }
        // The text read with ASCII digits, when it has others (`०८१२३४`).
        let folded = if cap && !text.is_ascii() {
            phone::Folded::of(text)
        } else {
            None
        };
        if let Some(folded) = &folded {
            phone::find_other_digits(folded, text, &mut out);
        }
        // Session recall: a number tokenized earlier, written again as bare
        // E.164 digits (`"wa_id": "+34…"` then `"from": "34913338589"`).
        if digits >= 8 && dialable && memory.has_phones() {
            phone::find_known(text, |e| memory.knows_phone(e), &mut out);
            phone::find_known_national(text, |d| memory.phone_by_tail(d), &mut out);
        }
        for lx in &self.lexicons {
            lx.find(text, &mut out);
        }
        let names_before = out.iter().filter(|f| f.class == Class::Name).count();
        match leaf.key {
            KeyKind::Phone => {
                if let Some(f) = structured_phone(text) {
                    out.push(f);
                }
            }
            KeyKind::Person | KeyKind::MaybePerson if structured.is_some() => {
                out.extend(structured.unwrap_or_default())
            }
            // One word under a login's key is a handle, read as one below
            // (`DZKPMH` is a system's identifier, `imogen_p` a person's).
            KeyKind::Person | KeyKind::MaybePerson if handle_only(leaf.account, leaf.key, text) => {
            }
            KeyKind::Person | KeyKind::MaybePerson => {
                names::person_value(text, person_how(leaf), memory, &mut out)
            }
            // "Pickering, Theo" as a whole value (an audit log's target).
            KeyKind::Other if cap && names::last_first_value(text) => {
                names::person_value(text, names::Structured::Party, memory, &mut out)
            }
            // `Frandsen^Mette` as a whole value (HL7 read into JSON).
            KeyKind::Other if cap && names::caret_value(text, memory) => {
                names::person_value(text, names::Structured::Sure, memory, &mut out)
            }
            KeyKind::NotPerson | KeyKind::Email | KeyKind::Other => {}
        }
        let mut structured_names =
            out.iter().filter(|f| f.class == Class::Name).count() > names_before;
        if !structured_names && leaf.key == KeyKind::Person {
            structured_names = person_handle(text, memory, &mut out);
        }
        if !structured_names && (handle_key(leaf) || leaf.account) {
            structured_names = handles::handle_value(text, &known, leaf.account, &mut out);
        }
        // Prose gets the free-text detectors: under ordinary keys always;
        // under person keys when the value was not a plain name ("Q3 sync –
        // Maya Vieira"); under keys about other things (title, company) only
        // for phrases of several words, so "Lyon" or "Pied Piper" under
        // `city`/`account` are never read as people.
        let prose = cap
            && match leaf.key {
                KeyKind::Email | KeyKind::Other => true,
                KeyKind::Person | KeyKind::MaybePerson => {
                    !structured_names && text.trim().contains(' ')
                }
                // A phrase, not one capitalized name ("Jones Lang LaSalle"
                // under `company` is the company).
                // A title of two parts is prose too ("Nobel Prize: Jonas
                // Schäfer", "Kickoff — Ana Lima").
                KeyKind::NotPerson => {
                    let t = text.trim();
                    t.contains(' ')
                        && (t
                            .split_whitespace()
                            .any(|w| !w.starts_with(|c: char| c.is_uppercase()))
                            || t.contains(": ")
                            || t.contains(" — ")
                            || t.contains(" – ")
                            || t.contains(" | "))
                }
                KeyKind::Phone => false,
            };
        if !prose && leaf.key == KeyKind::Other && memory.has_names() {
            names::lower_recall_scan(text, memory, &mut out);
        }
        // A boarding pass's barcode holds its passenger's name whatever
        // key holds it (`"barcode": "M1STEINER/ELISABETH    E809507"`).
        if !prose && text.starts_with('M') && text.contains('/') {
            records::boarding_pass(text, &mut out);
        }
        if prose {
            if matches!(leaf.key, KeyKind::Email | KeyKind::Other)
                && (text.contains('\n')
                    || text.contains([':', '：', '=', '|'])
                    || text.contains("</"))
            {
                table::scan_lines(text, memory, &mut out);
            }
            // Whose contact a list entry gives (`1. Kila (guardian: …)`).
            if text.contains('\n') {
                let mut contacts: Vec<(usize, usize)> = out
                    .iter()
                    .filter(|f| matches!(f.class, Class::Phone | Class::Email))
                    .map(|f| (f.start, f.end))
                    .collect();
                if !contacts.is_empty() {
                    contacts.sort_unstable();
                    table::list_entries(text, &contacts, memory, &mut out);
                }
            }
            // Transcripts' speakers (`Okoth [00:00:03]:`, `NTHAKO:`).
            if text.contains('\n') && text.contains(':') {
                table::transcript_speakers(text, memory, &mut out);
            }
            // Chat speakers in scripts without case (`[13:22] มาลี
            // วงศ์สวัสดิ์: …`), before the text's names are gathered.
            if digit && text.contains([':', '：']) {
                names::chat_speakers(text, &mut out);
                if text.contains('\n') {
                    names::stamped_senders(text, &mut out);
                }
                if text.contains(['[', '*']) {
                    names::export_speakers(text, memory, &mut out);
                }
            }
            // Names after an honorific or a greeting in prose of a script
            // without case (Hebrew, Arabic, the Indic scripts, Thai).
            if caseless {
                names::own_script_cued(text, &mut out);
                // A given name and a surname read in Latin letters
                // (`स्नेहा शिंदे`, `მარიამ ჯავახიშვილი`).
                indic::pairs(text, &mut out);
            }
            // Names in HL7 v2 messages and boarding-pass barcodes.
            if text.contains('|') {
                records::hl7(text, &mut out);
            }
            // `SURNAME^GIVEN` anywhere else in the text.
            if memchr::memchr(b'^', text.as_bytes()).is_some() {
                names::caret_names(text, memory, &mut out);
            }
            if text.contains('/') {
                records::boarding_pass(text, &mut out);
            }
            if digit {
                records::bank_counterparties(text, memory, &mut out);
                records::gedcom(text, memory, &mut out);
            }
            records::bibtex(text, memory, &mut out);
            if text.contains('\n') {
                records::citation_lines(text, memory, &mut out);
            }
            // Authors of reference lists (`Okoth, O. A., & Wjelan, M.
            // (2019). …`).
            if digit {
                records::references(text, &mut out);
                records::cited_authors(text, &mut out);
                // Players on sports scorecards (`Okoth c Wjelan b Nthako 45`).
                sport::scorecards(text, &mut out);
            }
            // Whoever is thanked, in any language ("Hartelijk dank, Daan").
            vocative::thanked(text, &mut out);
            // Whoever a message opens by greeting, mostly in scripts the
            // scan cannot read a name in ("ሰላም ፍቅርተ ኃይሌ፣", "Bonġu
            // Andrin,").
            vocative::greeted(text, &mut out);
            // Names the text itself shows: its addresses' and its
            // structured names' words (only the free-text scan reads them).
            let mut local: FxHashSet<String> = FxHashSet::default();
            for f in &out {
                match f.class {
                    Class::Email => {
                        if let Some(n) = names::name_from_email(&f.normalized) {
                            learn(&mut local, &n);
                        }
                    }
                    Class::Name => learn(&mut local, &f.normalized),
                    _ => {}
                }
            }
            self.free_text(text, memory, &mut local, &mut out);
            cjk::cued(text, &mut out);
            names::lone_parts(text, &mut out);
            // Surnames in capitals (`Lindiwe SHABALALA`) and `WEISS/EITAN`.
            caps::find(text, &mut out);
            // People joined to a name ("… and Nelo Chilombo", "Okafor v.
            // Huber").
            names::coordinated(text, &mut out);
            // Whom a note says to call, ask or meet (`ring Nthako back`).
            cues::contact_objects(text, &mut out);
            // Slots the session has seen names in ("1:1 with X —").
            if memory.has_cues() {
                let mut slots = Vec::new();
                cues::find(text, &out, memory, &mut slots);
                out.extend(slots);
            }
        }
        // An item of a list among names (`Committee: Ann Lee (chair),
        // Josaia Ravuvu, Bo Chan`).
        if cap {
            // A role word before a name (`Driver Jabari:`) is no part of it.
            roles::find(text, &mut out);
            siblings::find(text, &mut out);
        }
        // A number right after a name or an address is that person's ("Ana
        // Lima, 9 563 3865", "(ana@x.is, 632 2956)").
        if digit {
            let ends: Vec<(usize, bool)> = out
                .iter()
                .filter(|f| matches!(f.class, Class::Name | Class::Email))
                .map(|f| (f.end, f.class == Class::Email))
                .collect();
            if !ends.is_empty() {
                phone::after_names(text, &ends, &mut out);
            }
        }
        // The same in a text whose numbers are written in other digits
        // (`คุณอรุณี แสงทอง ๐๘๑ ๒๓๔ ๘๓๙๔`).
        if let Some(folded) = &folded {
            phone::after_names_folded(folded, text, &mut out);
        }
        if out.iter().any(|f| f.class == Class::Name) {
            names::drop_eponymous_uses(text, &mut out);
            // "ଜଗନ୍ନାଥ ମନ୍ଦିର", "Lennart Meri lennujaam": named places.
            kinds::drop_named_places(text, &mut out);
            // "Kelebogile Modise" where only the surname was recalled.
            names::given_before_surname(text, &mut out);
        }
        let mut out = resolve(out);
        // Under a person's key, half a name found is the whole value's.
        if matches!(leaf.key, KeyKind::Person | KeyKind::MaybePerson) {
            names::whole_value_name(text, &mut out);
        }
        if text.contains(['"', '“']) {
            names::join_nicknames(text, &mut out);
        }
        out
    }

    fn free_text(
        &self,
        text: &str,
        memory: &(impl NameMemory + ?Sized),
        local: &mut FxHashSet<String>,
        out: &mut Vec<Finding>,
    ) {
        // The words' buffers are this thread's, reused from string to string
        // (taken out while in use, so a nested scan would get fresh ones).
        // Inline HTML tags are read as spaces (offsets kept), so a cue sees
        // the name past them: "Say hello to <strong>Apisai …</strong>".
        let masked = mask_inline_tags(text);
        let text = masked.as_deref().unwrap_or(text);
        let mut words = TEXT_WORDS.take();
        words.fill(text);
        let mut found = Vec::new();
        let mut rejected = Vec::new();
        names::FreeText::new(text, &words, memory, local).scan(None, &mut found, &mut rejected);
        let before = local.len();
        for f in &found {
            learn(local, &f.normalized);
        }
        if local.len() > before && !rejected.is_empty() {
            // Names learned in this text are recognized again elsewhere in it.
            let mut again = Vec::new();
            names::FreeText::new(text, &words, memory, local).scan(
                Some(&rejected),
                &mut again,
                &mut Vec::new(),
            );
            found.extend(again);
        }
        let mut found = merge_last_first(text, found, memory);
        if text.contains(", ") {
            names::extend_last_first(text, &mut found);
        }
        out.extend(found);
        if words.capacity() <= MAX_SCRATCH {
            TEXT_WORDS.set(words);
        }
    }
}

/// `text` with its inline HTML tags (`<strong>`, `</em>`, `<a href=…>`,
/// `<span class=…>`) replaced by as many spaces, or `None` if it has none.
/// Block tags (`<p>`, `<td>`, `<br>`) stay: they part what they hold.
fn mask_inline_tags(text: &str) -> Option<String> {
    const INLINE: &[&str] = &[
        "a", "b", "i", "u", "em", "strong", "span", "mark", "small", "font", "sup", "sub", "abbr",
        "cite", "code", "q", "s", "ins", "del", "bdi", "bdo",
    ];
    if !text.contains("</") {
        return None;
    }
    let mut bytes: Option<Vec<u8>> = None;
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(p) = memchr::memchr(b'<', &b[i..]) {
        let lt = i + p;
        i = lt + 1;
        let name_at = lt + 1 + usize::from(b.get(lt + 1) == Some(&b'/'));
        let name_end = b[name_at..]
            .iter()
            .position(|c| !c.is_ascii_alphabetic())
            .map_or(b.len(), |n| name_at + n);
        let name = &text[name_at..name_end];
        if name.is_empty() || !INLINE.iter().any(|t| t.eq_ignore_ascii_case(name)) {
            continue;
        }
        if !matches!(b.get(name_end), Some(b'>' | b' ')) {
            continue;
        }
        let Some(gt) = memchr::memchr(b'>', &b[name_end..b.len().min(name_end + 200)]) else {
            continue;
        };
        let gt = name_end + gt;
        if b[lt + 1..gt].contains(&b'<') {
            continue;
        }
        let out = bytes.get_or_insert_with(|| b.to_vec());
        out[lt..=gt].fill(b' ');
        i = gt + 1;
    }
    // Only ASCII bytes of tags were replaced by ASCII spaces: still UTF-8.
    bytes.and_then(|v| String::from_utf8(v).ok())
}

/// A thread keeps its free-text scratch ([`names::TextWords`]) only up to
/// this many bytes, so one huge text does not pin its buffers.
const MAX_SCRATCH: usize = 1 << 20;

thread_local! {
    /// The free-text scanner's buffers, reused by every scan on this thread.
    static TEXT_WORDS: std::cell::Cell<names::TextWords> = std::cell::Cell::new(names::TextWords::default());
}

/// "RAYMOND, AURORE" is one person when "Aurore Raymond" is a known full
/// name: the two recalled words become one finding, normalized as the full
/// name, so it gets the full name's token.
fn merge_last_first(
    text: &str,
    mut found: Vec<Finding>,
    memory: &(impl NameMemory + ?Sized),
) -> Vec<Finding> {
    if found.len() < 2 {
        return found;
    }
    found.sort_by_key(|f| f.start);
    let mut out: Vec<Finding> = Vec::with_capacity(found.len());
    for f in found {
        if let Some(prev) = out.last_mut()
            && prev.class == Class::Name
            && f.class == Class::Name
            && f.start >= prev.end
            && matches!(&text[prev.end..f.start], ", " | ",")
        {
            let joined = names::normalize(&text[prev.start..f.end]);
            if memory.knows_full_name(&joined) {
                prev.end = f.end;
                prev.normalized = joined;
                prev.detector = Detector::NameRecall;
                continue;
            }
        }
        out.push(f);
    }
    out
}

fn learn(local: &mut FxHashSet<String>, folded: &str) {
    local.extend(names::name_words(folded).map(str::to_string));
}

/// A whole value under a phone key, accepted by shape when the scanner's
/// stricter rules (which must work in free text) did not take it; in
/// ASCII digits or any other script's (`०८१२३४ ५९९५४`, `໐໒໑ ໘໗໕ ໗໔໗`).
pub fn structured_phone(text: &str) -> Option<Finding> {
    // A `tel:` URI (`tel:+683-888-5846`): the number after the scheme.
    let lead = text.len() - text.trim_start().len();
    if let Some(scheme) = text.get(lead..lead + 4)
        && scheme.eq_ignore_ascii_case("tel:")
    {
        let at = lead + 4;
        // Once: `tel:tel:…` is no number.
        let mut f = structured_number(&text[at..])?;
        f.start += at;
        f.end += at;
        return Some(f);
    }
    structured_number(text)
}

/// [`structured_phone`] of a value without a scheme, in ASCII digits or
/// another script's.
fn structured_number(text: &str) -> Option<Finding> {
    structured_ascii_phone(text).or_else(|| {
        let folded = phone::Folded::of(text)?;
        let mut f = structured_ascii_phone(&folded.text)?;
        folded.unfold(&mut f);
        Some(f)
    })
}

fn structured_ascii_phone(text: &str) -> Option<Finding> {
    let t = text.trim();
    let start = text.len() - text.trim_start().len();
    let body = t
        .split(|c: char| c.is_ascii_alphabetic() || c == '#')
        .next()
        .unwrap_or(t)
        .trim_end();
    // An extension in parentheses: "(2) 2301 6043 (ext. 2581)".
    let open = body.ends_with('(') && !body.ends_with("()");
    let body = if open {
        body[..body.len() - 1].trim_end()
    } else {
        body
    };
    if !t.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '(') {
        return None;
    }
    if !body
        .chars()
        .all(|c| c.is_ascii_digit() || " +-.()/\u{a0}\u{202f}".contains(c))
    {
        return None;
    }
    let rest = t[body.len()..].trim_start();
    let rest = match rest.strip_prefix('(') {
        Some(r) if open => r.strip_suffix(')')?,
        _ => rest,
    };
    if !rest.is_empty() && !keys::extension_tail(rest) {
        return None;
    }
    let digits: String = body.chars().filter(char::is_ascii_digit).collect();
    // The smallest plans have five-digit numbers (Tonga, the Cook Islands,
    // Saint Helena); the key vouches for the rest.
    // Five bare digits are an extension more often than a number.
    if !(5..=15).contains(&digits.len()) || (digits.len() == 5 && digits.len() == body.len()) {
        return None;
    }
    let plus = if body.starts_with('+') { "+" } else { "" };
    Some(Finding {
        class: Class::Phone,
        start,
        end: start + t.len(),
        detector: Detector::PhoneStructured,
        confidence: 0.8,
        normalized: format!("{plus}{digits}"),
    })
}

fn class_rank(c: &Class) -> u8 {
    match c {
        Class::Email => 0,
        Class::Phone => 1,
        Class::Custom(_) => 2,
        Class::Name => 3,
    }
}

/// Keeps the best of overlapping findings: emails over phones over custom
/// classes over names; within a class the longer, then the more confident.
/// O(n log n): kept spans live in a map by start.
fn resolve(mut fs: Vec<Finding>) -> Vec<Finding> {
    if fs.len() <= 1 {
        return fs;
    }
    fs.sort_by(|a, b| {
        class_rank(&a.class)
            .cmp(&class_rank(&b.class))
            .then((b.end - b.start).cmp(&(a.end - a.start)))
            .then(b.confidence.total_cmp(&a.confidence))
            .then(a.start.cmp(&b.start))
    });
    if fs.len() <= 16 {
        keep_disjoint_few(fs)
    } else {
        keep_disjoint(fs)
    }
}

/// Keeps each finding (in the given order of preference) that overlaps no
/// finding kept before it; returns them by start.
fn keep_disjoint(fs: Vec<Finding>) -> Vec<Finding> {
    let mut kept: std::collections::BTreeMap<usize, Finding> = std::collections::BTreeMap::new();
    for f in fs {
        if f.start >= f.end {
            continue;
        }
        // The kept span starting last before f.end is the only one that can overlap.
        let overlaps = kept
            .range(..f.end)
            .next_back()
            .is_some_and(|(_, k)| k.end > f.start);
        if !overlaps {
            kept.insert(f.start, f);
        }
    }
    kept.into_values().collect()
}

/// As [`keep_disjoint`] for a few findings (the usual case): kept spans in a
/// vector, checked one by one, without the map's nodes.
fn keep_disjoint_few(fs: Vec<Finding>) -> Vec<Finding> {
    let mut kept: Vec<Finding> = Vec::with_capacity(fs.len());
    for f in fs {
        if f.start < f.end && !kept.iter().any(|k| k.start < f.end && k.end > f.start) {
            kept.push(f);
        }
    }
    kept.sort_by_key(|k| k.start);
    kept
}

#[cfg(test)]
mod tests {
    #[test]
    fn inline_tags_are_masked_block_tags_kept() {
        let t = "<p>Say hello to <strong>Ann</strong>, <a href=\"x\">Bo</a></p>";
        let m = super::mask_inline_tags(t).unwrap();
        assert_eq!(m.len(), t.len());
        assert_eq!(
            m,
            format!(
                "<p>Say hello to {}Ann{}, {}Bo{}</p>",
                " ".repeat(8),
                " ".repeat(9),
                " ".repeat(12),
                " ".repeat(4)
            )
        );
        assert_eq!(super::mask_inline_tags("no tags here"), None);
        assert_eq!(super::mask_inline_tags("<td>Ann</td>"), None);
    }

    use super::*;

    fn spans(text: &str, leaf: Leaf) -> Vec<(String, String)> {
        Engine::default()
            .scan(text, leaf, &NoMemory)
            .into_iter()
            .map(|f| {
                (
                    f.class.label().to_string(),
                    text[f.start..f.end].to_string(),
                )
            })
            .collect()
    }

    /// The names found in `t` read as free text.
    fn text_names(t: &str) -> Vec<String> {
        spans(t, Leaf::TEXT)
            .into_iter()
            .filter(|(c, _)| c == "NAME")
            .map(|(_, v)| v)
            .collect()
    }

    #[test]
    fn guests_tenants_and_guides_labelled_in_more_languages() {
        let names = text_names;
        for (t, want) in [
            ("房客：麥浩賢", "麥浩賢"),
            ("ชื่อผู้เข้าพัก: สมชาย แก้วมณี", "สมชาย แก้วมณี"),
            ("მოგზაური: ეკა შონია", "ეკა შონია"),
            ("صارف: گلاب ڀٽو", "گلاب ڀٽو"),
            ("Müşteri temsilciniz: Baran Ehmed", "Baran Ehmed"),
        ] {
            assert_eq!(names(t), [want], "{t}");
        }
        // Keys for a person, a visitor, a ticket's responder; a foreign
        // name in katakana under a person's key.
        for (k, v) in [
            ("responder", "MUKAMANA MUGABO"),
            ("person", "Kizza Ssemakula"),
            ("visitor", "Jone Koroi"),
            ("contact_name", "パトリシア・タナカ"),
        ] {
            let leaf = Leaf::of(keys::kind_of(k), false);
            assert_eq!(spans(v, leaf), [("NAME".to_string(), v.to_string())], "{k}");
        }
        assert!(
            spans(
                "ニューヨーク・タイムズ",
                Leaf::of(KeyKind::MaybePerson, false)
            )
            .is_empty()
        );
        // A contact's label after the name is no second person.
        assert_eq!(
            names("გიდი: ეკატერინე ლომიძე, ტელ. 555"),
            ["ეკატერინე ლომიძე"]
        );
        assert_eq!(names("Guest: Ana Lima, Tel. 555 0132"), ["Ana Lima"]);
        assert_eq!(
            names("Guests: Ana Lima, Rui Costa"),
            ["Ana Lima", "Rui Costa"]
        );
    }

    #[test]
    fn particles_titles_and_self_introductions_in_more_languages() {
        let names = text_names;
        for (t, want) in [
            ("Neue Nachricht von Lena Becker", "Lena Becker"),
            ("Grüße von Lena Becker", "Lena Becker"),
            (
                "Welcome back, I'm Isla Hargreaves and today",
                "Isla Hargreaves",
            ),
            ("Gentile Sig.ra Ignazia Deiana,", "Ignazia Deiana"),
            ("Gentile dott.ssa Maria Rossi,", "Maria Rossi"),
            ("Carlos de Jesus Lima", "Carlos de Jesus Lima"),
            ("Dear Mr van der Berg,", "van der Berg"),
        ] {
            assert_eq!(names(t), [want], "{t}");
        }
    }

    #[test]
    fn names_before_a_number_or_an_office_stay_names() {
        let names = text_names;
        // A note in brackets after a name of another script under a
        // generic key (no panic: the bracket follows a multi-byte letter).
        for v in ["佐藤 健太（営業部）", "José(Sales)", "Ana(SYD)"] {
            let _ = spans(v, Leaf::of(KeyKind::MaybePerson, false));
        }
        assert_eq!(names("Meet Ana Lima 3pm"), ["Ana Lima"]);
        assert_eq!(names("Ana Lima (BRA) scored"), ["Ana Lima"]);
        assert_eq!(names("Garcia, Sofia"), ["Garcia, Sofia"]);
        assert!(names("The banner says السلام عليكم today").is_empty());
        assert_eq!(
            names("Griet F. Goossens (CEO) — CEO"),
            ["Griet F. Goossens"]
        );
        assert_eq!(names("Call Ana Lima 555 0132 today"), ["Ana Lima"]);
        // (The Welsh "Call" before it is read as a given name: a wider
        // token, not a leak.)
        let welsh = names("Ffoniwch SEREN PRYDDERCH yn ôl");
        assert!(
            welsh.iter().any(|n| n.contains("SEREN PRYDDERCH")),
            "{welsh:?}"
        );
        // An account's, a policy's or a record's number is no phone.
        for t in [
            "ID Acct 9756 37136",
            "Case No. Policy 0890-1580-910",
            "MRN 7325 32911",
        ] {
            assert!(
                spans(t, Leaf::TEXT).is_empty(),
                "{t}: {:?}",
                spans(t, Leaf::TEXT)
            );
        }
    }

    #[test]
    fn places_named_after_people_by_their_kind() {
        let names = text_names;
        for t in [
            "Visit the Museo Reina Sofía today",
            "match at Estadio Santiago Bernabéu",
            "Bahnhof Friedrichstraße",
            "take the Elizabeth Line",
            // Products by their model's number, airports by their code,
            // a place and its region, firms named after people, codes.
            "the LEGO Technic 42115 set",
            "my Kobo Clara 2E died",
            "Arrive at Sydney Kingsford Smith (SYD)",
            "Pick-up: Hamilton, Ontario 18.06.2020 11:30 AM",
            "tenant=Grant Thornton release=12.10.29",
            "Lockbox UJQDJT",
            "Самовывоз: Парк Горького.",
            "Ziwa Victoria",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
    }

    #[test]
    fn people_joined_to_a_name() {
        let names = text_names;
        // Across "and", "&" or a case's "v." from a name found.
        assert!(names("the tellers were Nelo Chilombo.").is_empty());
        assert_eq!(
            names("the tellers were Nelo Chilombo and Maria Lopez."),
            ["Nelo Chilombo", "Maria Lopez"]
        );
        assert_eq!(names("Okonkwo Eze v. Huber"), ["Okonkwo Eze", "Huber"]);
        // Ordinary words, places, firms and brands named after people stay.
        for t in [
            "Maria Lopez and Finance met",
            "Maria Lopez and Berlin",
            "Maria Lopez and Acme Corp",
            "Okonkwo Eze v. Board of Education",
            "Okonkwo Eze v. Philips",
            "Okonkwo Eze v. Maersk",
            "Okonkwo Eze en Plaza Bolívar",
        ] {
            assert_eq!(names(t).len(), 1, "{t}: {:?}", names(t));
        }
        // A couple with no name found yet: two words or more on each side.
        assert_eq!(
            names("Together with their families\nKayla Davis\n&\nKibrom Haile\nrequest"),
            ["Kayla Davis", "Kibrom Haile"]
        );
        for t in [
            "研究&開発 Tanaka Hiroshi & Co",
            "Procter & Gamble",
            "Simpson Thacher & Bartlett",
            "Research & Development Team",
            "Tom Ford & Calvin Klein",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
    }

    #[test]
    fn companies_and_brands_of_the_list_are_no_people() {
        let names = text_names;
        for t in [
            "Ar cieņu\nRyanair",
            "Regards,\nTwilio",
            "9 April 2019  SEPA DD Kakao REF RE-5102/26",
            "Shipper: Hershey's",
            "Customer: Wizz Air",
            "vehicle: Kia Sportage",
            "Hotel: Hotel Adlon Kempinski, Jalan Sudirman",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
        // Names people bear stay names, whatever firm shares them.
        for (t, want) in [
            ("Customer: Zara Ahmed", "Zara Ahmed"),
            ("Regards,\nMercedes Ruiz", "Mercedes Ruiz"),
            ("Booked for Kia Jones", "Kia Jones"),
            ("Contact: Chase Okafor", "Chase Okafor"),
            // A brand's words as a person's name, a surname ending as a
            // possessive brand does, and initials that are no ship's.
            ("Mary Kay Johnson called", "Mary Kay Johnson"),
            ("Customer: Levis", "Levis"),
            ("Guest: MV Rao", "MV Rao"),
        ] {
            assert_eq!(names(t), [want], "{t}");
        }
    }

    #[test]
    fn a_boarding_pass_under_any_key_names_its_passenger() {
        let leaf = Leaf::of(KeyKind::NotPerson, false);
        assert_eq!(
            spans("M1STEINER/ELISABETH    E809507 VIEFRAOS 0123", leaf),
            [
                ("NAME".to_string(), "STEINER".to_string()),
                ("NAME".to_string(), "ELISABETH".to_string())
            ]
        );
        assert!(spans("M1 carbine/rifle manual", leaf).is_empty());
    }

    #[test]
    fn landmarks_ships_and_meeting_points_are_no_people() {
        let names = text_names;
        for t in [
            "Meeting point: Hagia Sophia. Bring the keys.",
            "Mötesplats: Karolinska Institutet.",
            "Punto de encuentro: Museo Reina Sofía.",
            "We walked from Trafalgar Square to Anne Frank House",
            "I toured HMS Queen Elizabeth today",
            "Room: Nehru Planetarium",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
        assert_eq!(
            names("Sender: Babirye Kizito, HMS Queen Elizabeth, +32.12.36.61.55"),
            ["Babirye Kizito"]
        );
        // Mr and Ms stay titles.
        assert_eq!(names("Ms Smith and MS Jones"), ["Smith", "Jones"]);
    }

    #[test]
    fn places_companies_and_eponyms_named_like_people() {
        let names = text_names;
        for t in [
            "venue Hamilton Parish",
            "Met them at Adelaide Hills today",
            "LOCATION: Darwin CBD",
            "Sankt Gallen",
            "land at Unter den Linden, EC2V 7HH",
            "Login loop on Apache Cassandra after v5.4.19",
            "Follow-up in 2/52 with Achilles tendon review.",
            "Follow-up in 2/52 with Addison's disease review.",
            "A close friend read from Jack Russell terrier.",
            // Two spaces part a fixed-width line's columns.
            "23.55 Uhr  Grace Period",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
        // Under a label, a company named as a whole is no person.
        for t in [
            "Shipper: Charles Schwab",
            "Consignee: Tim Hortons",
            "Consignee: Hermès International",
            "Shipper: Tata Consultancy Services",
            "Port of discharge: Santiago de Compostela",
            "Referee: Suzuki Motor",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
        // After a full name, a brand or a place is where the person works
        // or lives; a given name after a surname stays.
        assert_eq!(
            names("Referee: Welat Aslan, Peugeot, +675-317-8691"),
            ["Welat Aslan"]
        );
        let present = names("Present: Jignesh Shah (Chair), Fatima Gazzayeva, Makoni, Chiedza.");
        assert!(
            present.iter().any(|n| n.starts_with("Makoni")),
            "{present:?}"
        );
        // People with such words in their names stay people.
        assert_eq!(names("Spoke with Austin Lane today"), ["Austin Lane"]);
        assert_eq!(names("Shipper: Charles Washington"), ["Charles Washington"]);
        assert_eq!(names("Spoke with Ana Lima's test results"), ["Ana Lima"]);
    }

    #[test]
    fn email_header_and_body() {
        let t = "From: Maria Hietanen <Maria.Hietanen@globex.io>\nTo: Roger Wahlgren <r@initech.co.uk>\n\nHi Roger,\nCall +33 1 48 38 45 37.\n\nBest regards,\nMaria\n";
        let got = spans(t, Leaf::TEXT);
        let want = [
            ("NAME", "Maria Hietanen"),
            ("EMAIL", "Maria.Hietanen@globex.io"),
            ("NAME", "Roger Wahlgren"),
            ("EMAIL", "r@initech.co.uk"),
            ("NAME", "Roger"),
            ("PHONE", "+33 1 48 38 45 37"),
            ("NAME", "Maria"),
        ];
        assert_eq!(got, want.map(|(a, b)| (a.to_string(), b.to_string())));
    }

    #[test]
    fn whom_to_contact_and_who_was_present_in_other_scripts() {
        let names = |t: &str| -> Vec<String> {
            spans(t, Leaf::TEXT)
                .into_iter()
                .filter(|(c, _)| c == "NAME")
                .map(|(_, v)| v)
                .collect()
        };
        assert_eq!(
            names("לשאלות ניתן לפנות אל יונתן כהן בטלפון 03-1234567"),
            ["יונתן כהן"]
        );
        assert_eq!(
            names("للاستفسار يرجى التواصل مع سلطان الشامسي على الرقم"),
            ["سلطان الشامسي"]
        );
        assert_eq!(
            names("برای هماهنگی با بابک حسینی تماس بگیرید"),
            ["بابک حسینی"]
        );
        assert_eq!(
            names("会议纪要\n参会人员：王伟、張志雄、李娜\n"),
            ["王伟", "張志雄", "李娜"]
        );
    }

    #[test]
    fn a_name_taught_by_the_text_is_found_alone_in_it() {
        let t = "[14:11] Guerline Pierre-Louis: Olá, aqui é Guerline Pierre-Louis.\n[14:43] Ana Souza: Oi Guerline, tudo bem? Mark the order as sent.";
        let got: Vec<String> = spans(t, Leaf::TEXT)
            .into_iter()
            .filter(|(c, _)| c == "NAME")
            .map(|(_, v)| v)
            .collect();
        assert!(got.iter().any(|v| v == "Guerline"), "{got:?}");
        assert!(!got.iter().any(|v| v == "Mark"), "{got:?}");
    }

    #[test]
    fn words_of_another_alphabet_taught_by_the_text_are_found_again_in_it() {
        // The second speaker label lost its time stamp: the first taught it.
        let t = "[11:55] علی محمدی: Thanks.\n[..] علی محمدی: Sky Blue is the new colour.";
        let got: Vec<String> = spans(t, Leaf::TEXT).into_iter().map(|(_, v)| v).collect();
        assert_eq!(got, ["علی محمدی", "علی محمدی"]);
    }

    #[test]
    fn last_first_and_all_caps_get_the_full_names_token() {
        let engine = Engine::default();
        let mut vault = crate::vault::Vault::new().unwrap();
        let t = vault.tokenize(&Class::Name, "Aurore Raymond", "aurore raymond", None);
        for text in [
            "signed: RAYMOND, AURORE",
            "per Raymond, Aurore.",
            "AURORE RAYMOND wrote",
        ] {
            let fs = engine.scan(text, Leaf::TEXT, &vault);
            assert_eq!(fs.len(), 1, "{text}: {fs:?}");
            assert_eq!(fs[0].normalized, "aurore raymond");
            let r = vault.tokenize(
                &Class::Name,
                &text[fs[0].start..fs[0].end],
                &fs[0].normalized,
                None,
            );
            assert_eq!(r.id, t.id);
        }
    }

    #[test]
    fn scans_on_one_thread_match_scans_on_fresh_threads() {
        // The free-text scratch is reused from string to string on a thread:
        // a scan must not see anything of the strings scanned before it.
        let texts = [
            "From: Maria Hietanen <Maria.Hietanen@globex.io>\nTo: Roger Wahlgren <r@initech.co.uk>\n\nHi Roger,\nBest regards,\nMaria\n",
            "ask Zorblat about it",
            "signed: RAYMOND, AURORE",
            "Dr. Okafor met Jean-Luc Picard and Siobhan O'Brien at Victoria Station",
            "Hi",
            "Thanks Peter",
            "王伟 joined",
        ];
        let summary = |text: &str| -> Vec<(usize, usize, String)> {
            Engine::default()
                .scan(text, Leaf::TEXT, &NoMemory)
                .into_iter()
                .map(|f| (f.start, f.end, f.normalized))
                .collect()
        };
        let fresh: Vec<_> = texts
            .iter()
            .map(|t| std::thread::scope(|s| s.spawn(|| summary(t)).join().unwrap()))
            .collect();
        for _ in 0..2 {
            for (t, want) in texts.iter().zip(&fresh) {
                assert_eq!(&summary(t), want, "{t}");
            }
            for (t, want) in texts.iter().zip(&fresh).rev() {
                assert_eq!(&summary(t), want, "{t}");
            }
        }
    }

    #[test]
    fn structured_phone_values() {
        let leaf = Leaf::of(KeyKind::Phone, true);
        assert_eq!(
            spans(" 0068 892 92 41", leaf),
            [("PHONE".to_string(), "0068 892 92 41".to_string())]
        );
        assert!(spans("n/a", leaf).is_empty());
        assert!(structured_phone("12345").is_none());
        let f = structured_phone(" tel:+683-888-5846").unwrap();
        assert_eq!((f.start, f.end), (5, 18));
        assert!(structured_phone("tel:").is_none());
        assert!(structured_phone("tel:help").is_none());
        // An extension in parentheses.
        let f = structured_phone("(2) 2301 6043 (ext. 2581)").unwrap();
        assert_eq!((f.start, f.end), (0, 25));
        assert!(structured_phone("(2) 2301 6043 (ext. 2581").is_none());
        assert!(structured_phone("(2) 2301 6043 (").is_none());
        // An extension after `#` (FHIR telecom values, PBX exports).
        let f = structured_phone("72 49944 #431").unwrap();
        assert_eq!((f.start, f.end, f.normalized.as_str()), (0, 13, "7249944"));
        assert!(structured_phone("72 49944 #43a").is_none());
        // Digits of other scripts, mapped back to the value's bytes.
        let v = "໐໒໑ ໘໗໕ ໗໔໗";
        let f = structured_phone(v).unwrap();
        assert_eq!(
            (f.start, f.end, f.normalized.as_str()),
            (0, v.len(), "021875747")
        );
        assert!(structured_phone("໐໒໑").is_none());
    }

    #[test]
    fn a_number_in_other_digits_after_a_name() {
        // Six and five digits after a name: no plan's shape a scanner
        // takes alone, a cued number after a person's name.
        let found = spans("Reviewer: Anna Kowalska ०८१२३४ ५९९५४", Leaf::TEXT);
        assert!(found.contains(&("PHONE".to_string(), "०८१२३४ ५९९५४".to_string())));
        let found = spans("Reviewer: Anna Kowalska 081234 59954", Leaf::TEXT);
        assert!(found.contains(&("PHONE".to_string(), "081234 59954".to_string())));
        // Not without the name.
        assert!(spans("lot ०८१२३४ ५९९५४", Leaf::TEXT).is_empty());
    }

    #[test]
    fn both_overlap_resolvers_agree() {
        // A small deterministic generator (xorshift): spans of 0..6 bytes
        // over 0..24, in every order.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % m) as usize
        };
        for _ in 0..2000 {
            let n = 2 + next(15);
            let fs: Vec<Finding> = (0..n)
                .map(|_| {
                    let start = next(24);
                    Finding {
                        class: Class::Name,
                        start,
                        end: start + next(6),
                        detector: Detector::NameContext,
                        confidence: 0.5,
                        normalized: String::new(),
                    }
                })
                .collect();
            let span = |v: Vec<Finding>| v.iter().map(|f| (f.start, f.end)).collect::<Vec<_>>();
            assert_eq!(span(keep_disjoint(fs.clone())), span(keep_disjoint_few(fs)));
        }
    }

    #[test]
    fn overlaps_resolve_to_the_stronger_class() {
        let fs = vec![
            Finding {
                class: Class::Name,
                start: 0,
                end: 5,
                detector: Detector::NameContext,
                confidence: 0.8,
                normalized: String::new(),
            },
            Finding {
                class: Class::Email,
                start: 3,
                end: 9,
                detector: Detector::Email,
                confidence: 0.9,
                normalized: String::new(),
            },
        ];
        let r = resolve(fs);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].class, Class::Email);
    }
}

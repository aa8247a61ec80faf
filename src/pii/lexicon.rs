//! Word lists: the built-in name dictionaries (US Census surnames, SSA
//! given names, common English words; see data/lexicon/SOURCES.md) and the
//! user's own lexicons under `rules/lexicons/`, each a class of its own.

use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use super::{Class, Detector, Finding};

/// What the dictionaries say about one folded word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WordInfo {
    /// SSA/Census count as a given name (0: not a given name).
    pub given: u32,
    /// Census surname rank (0: not a surname; 1 = most common).
    pub surname_rank: u32,
    /// An ordinary lower-case English word.
    pub common: bool,
    /// A word that is never a person's name in free text (month, weekday,
    /// organization suffix, well-known place or brand).
    pub blocked: bool,
    /// In none of the lists above, but an ordinary word of another language
    /// ([`super::foreign`]: "Equipo", "Olympique"): no unknown name.
    pub foreign: bool,
}

impl WordInfo {
    /// A given name that is not also an ordinary word.
    pub fn strong_given(&self) -> bool {
        self.given >= 2_000 && !self.common && !self.blocked
    }
    /// A frequent given name that is also a word (Mark, Bill, Rose, Will).
    pub fn ambiguous_given(&self) -> bool {
        self.given >= 20_000 && self.common && !self.blocked
    }
    /// A surname that is not an ordinary word, or a very common one that is
    /// (King, Smith). Places that are also surnames (Washington) count here:
    /// after a given name they are surnames.
    pub fn surname_like(&self) -> bool {
        self.surname_rank > 0 && (!self.common || self.surname_rank <= 3_000)
    }
    /// In no dictionary at all: could be a foreign name.
    pub fn unknown(&self) -> bool {
        self.given == 0 && self.surname_rank == 0 && !self.common && !self.blocked
    }
    /// In no dictionary and no ordinary word of another language either.
    pub fn unknown_anywhere(&self) -> bool {
        self.unknown() && !self.foreign
    }
    /// An ordinary word that is not a likely name.
    pub fn common_only(&self) -> bool {
        self.blocked
            || (self.common
                && !self.ambiguous_given()
                && !(self.surname_rank > 0 && self.surname_rank <= 3_000))
    }
}

/// Words that start capitalized in prose but are not people.
const BLOCKED: &[&str] = &[
    // calendar
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "christmas",
    "easter",
    "thanksgiving",
    "halloween",
    "ramadan",
    "hanukkah",
    "diwali",
    "today",
    "tomorrow",
    "yesterday",
    "tonight",
    "weekend",
    // organizations and products
    "inc",
    "llc",
    "ltd",
    "corp",
    "corporation",
    "company",
    "co",
    "gmbh",
    "ag",
    "sa",
    "plc",
    "group",
    "holdings",
    "industries",
    "imports",
    "foods",
    "labs",
    "systems",
    "solutions",
    "technologies",
    "partners",
    "associates",
    "bank",
    "university",
    "college",
    "school",
    "hospital",
    "clinic",
    "institute",
    "foundation",
    "ministry",
    "department",
    "agency",
    "team",
    "support",
    "sales",
    "admin",
    "service",
    "services",
    "station",
    "airport",
    "street",
    "avenue",
    "road",
    "square",
    "park",
    "bridge",
    "cross",
    "hall",
    "tower",
    "plaza",
    "apple",
    "microsoft",
    "amazon",
    "google",
    "meta",
    "netflix",
    "tesla",
    "nvidia",
    "oracle",
    "ibm",
    "intel",
    "samsung",
    "sony",
    "adobe",
    "salesforce",
    "slack",
    "zoom",
    "github",
    "gitlab",
    "jira",
    "notion",
    "stripe",
    "shopify",
    "uber",
    "airbnb",
    "paypal",
    "visa",
    "mastercard",
    "kindle",
    "iphone",
    "ipad",
    "macbook",
    "airpods",
    "thinkpad",
    "windows",
    "linux",
    "android",
    "chrome",
    "firefox",
    "safari",
    "excel",
    "word",
    "outlook",
    "teams",
    "navigator",
    "focus",
    "mustang",
    "adidas",
    "nike",
    "reebok",
    "asics",
    "lacoste",
    "uniqlo",
    "primark",
    "ikea",
    "corolla",
    "civic",
    "model",
    // places
    "washington",
    "london",
    "berlin",
    "madrid",
    "rome",
    "lisbon",
    "dublin",
    "vienna",
    "zurich",
    "geneva",
    "amsterdam",
    "brussels",
    "lyon",
    "leeds",
    "manchester",
    "toronto",
    "vancouver",
    "montreal",
    "melbourne",
    "tokyo",
    "osaka",
    "seoul",
    "beijing",
    "shanghai",
    "mumbai",
    "delhi",
    "singapore",
    "dubai",
    "chicago",
    "boston",
    "seattle",
    "atlanta",
    "miami",
    "orlando",
    "york",
    "california",
    "texas",
    "florida",
    "carolina",
    "nevada",
    "arizona",
    "oregon",
    "ohio",
    "indiana",
    "kentucky",
    "tennessee",
    "alabama",
    "louisiana",
    "michigan",
    "minnesota",
    "wisconsin",
    "iowa",
    "missouri",
    "kansas",
    "nebraska",
    "oklahoma",
    "colorado",
    "utah",
    "idaho",
    "wyoming",
    "alaska",
    "hawaii",
    "maine",
    "vermont",
    "massachusetts",
    "connecticut",
    "pennsylvania",
    "maryland",
    "delaware",
    "europe",
    "africa",
    "americas",
    "australia",
    "canada",
    "mexico",
    "brazil",
    "argentina",
    "chile",
    "peru",
    "colombia",
    "france",
    "germany",
    "spain",
    "italy",
    "portugal",
    "ireland",
    "england",
    "scotland",
    "wales",
    "britain",
    "japan",
    "korea",
    "russia",
    "ukraine",
    "poland",
    "turkey",
    "egypt",
    "nigeria",
    "sweden",
    "norway",
    "denmark",
    "finland",
    "netherlands",
    "belgium",
    "switzerland",
    "austria",
    "greece",
    "hole",
    "kings",
    // Field labels written abbreviated before a number or a code (`Ref:
    // 05166477`, `Az. 3309724782`, `Tkt 1768…`): a label, never a
    // speaker or a name, though some are in the given-name lists.
    "ref",
    "réf",
    "refs",
    "az",
    "tkt",
    "inv",
    "acct",
    "txn",
    "qty",
    // roles and salutations used as labels
    "dear",
    "hi",
    "hello",
    "hey",
    "thanks",
    "regards",
    "best",
    "cheers",
    "sincerely",
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "sir",
    "madam",
    "ceo",
    "cto",
    "cfo",
    "vp",
    "president",
    "director",
    "engineer",
    "executive",
    "manager",
    "customer",
    "client",
    "user",
    "guest",
    "unknown",
    "none",
    "null",
    "unassigned",
    "nobody",
    "everyone",
    "anyone",
    "all",
];

// FxHash: the table is fixed at start-up and lookups are the hot path.
static WORDS: LazyLock<FxHashMap<Box<str>, WordInfo>> = LazyLock::new(|| {
    let mut map: FxHashMap<Box<str>, WordInfo> =
        FxHashMap::with_capacity_and_hasher(160_000, Default::default());
    for line in include_str!("../../data/lexicon/given.tsv").lines() {
        if let Some((w, n)) = line.split_once('\t') {
            map.entry(w.into()).or_default().given = n.parse().unwrap_or(0);
        }
    }
    for line in include_str!("../../data/lexicon/surnames.tsv").lines() {
        if let Some((w, n)) = line.split_once('\t') {
            map.entry(w.into()).or_default().surname_rank = n.parse().unwrap_or(0);
        }
    }
    for w in include_str!("../../data/lexicon/common.txt").lines() {
        map.entry(w.into()).or_default().common = true;
    }
    for w in BLOCKED {
        map.entry((*w).into()).or_default().blocked = true;
    }
    // World places, unless the dictionaries know them as a name people
    // bear (`Florence`, `Colombo`).
    for w in places().filter(|p| !p.contains(' ')) {
        let e = map.entry(w.into()).or_default();
        if e.given < 200 && (e.surname_rank == 0 || e.surname_rank > 50_000) {
            e.blocked = true;
        }
    }
    // Brands no one bears as a name (`Ryanair`, `Hershey's`).
    for w in brands().filter(|b| !b.contains(' ')) {
        if brand_blockable(&map, w) {
            map.entry(w.into()).or_default().blocked = true;
        }
    }
    map
});

/// The companies and brands of `data/lexicon/brands.txt`, folded; entries
/// of several words are spaced.
pub(crate) fn brands() -> impl Iterator<Item = &'static str> {
    include_str!("../../data/lexicon/brands.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Whether a one-word brand may be blocked as a name: not an ordinary
/// word, and borne as a given name by fewer than 200 people and as a
/// surname by few (`Ryanair`, `Huawei`; not `Dell`, `Zara`, `Target`).
/// A possessive (`Wendy's`, `Kellogg's`) is judged by its owner too,
/// which a person may be.
fn brand_blockable(map: &FxHashMap<Box<str>, WordInfo>, word: &str) -> bool {
    let ok = |w: &str| {
        map.get(w).is_none_or(|e| {
            !e.common && e.given < 200 && (e.surname_rank == 0 || e.surname_rank > 50_000)
        })
    };
    ok(word) && word.strip_suffix("'s").is_none_or(ok)
}

/// Whether a folded word is a one-word brand of `data/lexicon/brands.txt`
/// that no one bears as a name ([`brand_blockable`]).
pub(crate) fn is_brand_word(folded: &str) -> bool {
    static SET: LazyLock<rustc_hash::FxHashSet<&'static str>> = LazyLock::new(|| {
        brands()
            .filter(|b| !b.contains(' ') && brand_blockable(&WORDS, b))
            .collect()
    });
    SET.contains(folded)
}

/// The world places of `data/lexicon/places.txt` (countries, capitals
/// and large cities), folded; entries of several words are spaced.
pub(crate) fn places() -> impl Iterator<Item = &'static str> {
    include_str!("../../data/lexicon/places.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Whether a folded word or phrase is one of the world places of
/// `data/lexicon/places.txt`, whatever names people bear.
pub(crate) fn is_place(folded: &str) -> bool {
    static SET: LazyLock<rustc_hash::FxHashSet<&'static str>> =
        LazyLock::new(|| places().collect());
    SET.contains(folded)
}

/// Looks up a folded (lower-case) word.
pub fn word_info(folded: &str) -> WordInfo {
    if let Some(i) = WORDS.get(folded) {
        return *i;
    }
    // The word list holds few plurals: an unknown plural of an ordinary
    // word is an ordinary word too ("Siri Shortcuts", "Oak Finishes").
    if folded.len() > 4
        && let Some(stem) = folded.strip_suffix('s')
        && WORDS
            .get(stem)
            .is_some_and(|i| i.common && i.given == 0 && i.surname_rank == 0)
    {
        return WordInfo {
            common: true,
            ..WordInfo::default()
        };
    }
    if !folded.is_ascii()
        && let Some(script) = super::translit::script_of(folded)
    {
        return foreign_script_info(folded, script);
    }
    if !folded.is_ascii()
        && let Some(info) = super::indic::word_info(folded)
    {
        return info;
    }
    let info = if let Some(p) = super::translit::latin_plain(folded) {
        accented_info(&p)
    } else if folded.contains('-') {
        compound_info(folded)
    } else {
        WordInfo::default()
    };
    WordInfo {
        foreign: info.unknown() && super::foreign::ordinary_word(folded),
        ..info
    }
}

/// What the lists hold for exactly this folded word, if anything.
pub(crate) fn listed(folded: &str) -> Option<WordInfo> {
    WORDS.get(folded).copied()
}

/// Calls `f` with every word the name lists hold (as a given name or a
/// surname) and what the lists say of it.
pub(crate) fn for_each_name(mut f: impl FnMut(&str, WordInfo)) {
    for (w, i) in WORDS.iter() {
        if i.given > 0 || i.surname_rank > 0 {
            f(w, *i);
        }
    }
}

/// A hyphenated word no list holds whole, read from its parts: two or
/// three given names make a double given name (`Jean-Luc`, `Anne-Marie`,
/// romanized `Chih-Wei`, `Ya-Ting`, `Tae-yang`), surnames a double surname
/// (`García-López`, `Smith-Jones`). The compound is no English word even
/// where a part is (`Ting`), unless every part is. Names of brands and
/// places made of two names (`Harley-Davidson`, `Winston-Salem`) are
/// blocked as their spaced forms are.
fn compound_info(folded: &str) -> WordInfo {
    let parts: Vec<&str> = folded.split('-').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.is_empty()) {
        return WordInfo::default();
    }
    if super::names::eponym_phrase(&parts.join(" ")) {
        return WordInfo {
            blocked: true,
            ..WordInfo::default()
        };
    }
    let infos: Vec<WordInfo> = parts
        .iter()
        .map(|p| match super::translit::latin_plain(p) {
            Some(plain) => accented_info(&plain),
            None => WORDS.get(*p).copied().unwrap_or_default(),
        })
        .collect();
    if infos.iter().any(|i| i.blocked) || infos.iter().all(|i| i.common) {
        return WordInfo::default();
    }
    let mut out = WordInfo::default();
    if infos.iter().all(|i| i.given > 0) {
        out.given = infos.iter().map(|i| i.given).max().unwrap_or(0);
    }
    if infos.iter().all(|i| i.surname_rank > 0) {
        out.surname_rank = infos.iter().map(|i| i.surname_rank).max().unwrap_or(0);
    }
    out
}

/// A Latin word with accents or special letters (`Åsa`, `Nyström`,
/// `Łukasz`, `Café`): what the dictionaries, which are plain ASCII, say
/// of its plain letters. The given-name counts are American, where
/// `Søren` or `Jiří` are rare; a name word of four letters or more that
/// is no English word counts as a frequent given name, as in
/// [`foreign_script_info`].
fn accented_info(plain: &str) -> WordInfo {
    let mut info = match WORDS.get(plain) {
        Some(i) => *i,
        None if plain.contains('-') => return compound_info(plain),
        None => WordInfo::default(),
    };
    if info.given >= 200 && !info.common && plain.len() >= 4 {
        info.given = info.given.max(2_000);
    }
    info
}

/// A Cyrillic or Greek word: what the dictionaries say about its Latin
/// readings as a name (never as an English word), and a surname by its
/// ending (`Смирнова`, `Шевченко`, `Παπαδόπουλος`) or as the feminine of
/// a known surname.
fn foreign_script_info(folded: &str, script: super::translit::Script) -> WordInfo {
    use super::translit;
    let mut info = WordInfo::default();
    if FOREIGN_PLACES.contains(&folded) {
        info.blocked = true;
        return info;
    }
    // Russian adjective and pronoun endings (Толстого, нашему, другими)
    // are no name's nominative.
    if script == translit::Script::Cyrillic
        && ["ого", "его", "ому", "ему", "ыми", "ими", "ых"]
            .iter()
            .any(|e| folded.ends_with(e))
    {
        info.common = true;
        return info;
    }
    let rank = |r: u32, info: &mut WordInfo| {
        if r > 0 && (info.surname_rank == 0 || r < info.surname_rank) {
            info.surname_rank = r;
        }
    };
    for latin in translit::readings(folded, script) {
        if let Some(i) = WORDS.get(latin.as_str()) {
            info.given = info.given.max(i.given);
            rank(i.surname_rank, &mut info);
        }
        // Russian feminine surnames: Петрова is the wife of Петров.
        if script == translit::Script::Cyrillic
            && let Some(stem) = latin.strip_suffix('a')
            && (stem.ends_with("ov") || stem.ends_with("ev") || stem.ends_with("in"))
            && let Some(i) = WORDS.get(stem)
        {
            rank(i.surname_rank, &mut info);
        }
    }
    if translit::surname_ending(folded, script) {
        rank(FOREIGN_SURNAME_RANK, &mut info);
    }
    // The given-name counts are American: Олег and Дмитрий are rare there
    // (`oleg` 457), not where their script is written.
    if info.given >= 200 && folded.chars().count() >= 4 {
        info.given = info.given.max(2_000);
    }
    info
}

/// Places whose names read as given names or surnames (Αθήνα is also
/// Athina; Москва, Київ).
const FOREIGN_PLACES: &[&str] = &[
    "αθήνα",
    "αθηνα",
    "θεσσαλονίκη",
    "πάτρα",
    "ελλάδα",
    "ελλάδας",
    "κύπρος",
    "κρήτη",
    "λάρισα",
    "ηράκλειο",
    "москва",
    "россия",
    "украина",
    "україна",
    "київ",
    "киев",
    "минск",
    "белград",
    "казань",
    "одесса",
];

/// The rank given to a surname known only by its ending: rarer than any
/// surname the census lists by name, still a surname.
const FOREIGN_SURNAME_RANK: u32 = 150_000;

/// Forces the dictionaries to load (so the first request does not pay for it).
pub fn preload() {
    LazyLock::force(&WORDS);
}

/// Errors loading user lexicons.
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    #[error("{path}: {reason}")]
    Io { path: String, reason: String },
    #[error("{path}:{line}:{column}: {reason}")]
    Entry {
        path: String,
        line: usize,
        column: usize,
        reason: String,
    },
}

/// A user dictionary: every entry is a value of one custom class.
pub struct Lexicon {
    pub class: Class,
    pub path: PathBuf,
    entries: usize,
    matcher: AhoCorasick,
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lexicon")
            .field("class", &self.class)
            .field("entries", &self.entries)
            .finish()
    }
}

impl Lexicon {
    /// Builds a lexicon from text: one entry per line, `#` starts a comment.
    /// The class comes from the file stem (`employees.txt` → `EMPLOYEES`).
    pub fn parse(path: &Path, text: &str) -> Result<Lexicon, LexiconError> {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let label: String = stem
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect();
        let class = Class::from_label(&label)
            .filter(|c| matches!(c, Class::Custom(_)))
            .ok_or_else(|| LexiconError::Entry {
                path: path.display().to_string(),
                line: 1,
                column: 1,
                reason: format!(
                    "the file name must give a class label of ASCII letters and digits starting with a letter, other than email/phone/name (got {stem:?})"
                ),
            })?;
        let mut patterns = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let entry = line.split('#').next().unwrap_or("").trim();
            if entry.is_empty() {
                continue;
            }
            if entry.chars().count() < 2 {
                return Err(LexiconError::Entry {
                    path: path.display().to_string(),
                    line: i + 1,
                    column: line.find(entry).unwrap_or(0) + 1,
                    reason: "an entry needs at least two characters".into(),
                });
            }
            patterns.push(entry.to_string());
        }
        let matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(&patterns)
            .map_err(|e| LexiconError::Io {
                path: path.display().to_string(),
                reason: e.to_string(),
            })?;
        Ok(Lexicon {
            class,
            path: path.to_path_buf(),
            entries: patterns.len(),
            matcher,
        })
    }

    /// Loads every `*.txt` file in `dir` (sorted by name). A missing directory is no lexicons.
    pub fn load_dir(dir: &Path) -> Result<Vec<Arc<Lexicon>>, LexiconError> {
        let rd = match std::fs::read_dir(dir) {
            Ok(rd) => rd,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
            Err(e) => {
                return Err(LexiconError::Io {
                    path: dir.display().to_string(),
                    reason: e.to_string(),
                });
            }
        };
        let mut paths: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|p| {
                let text = std::fs::read_to_string(&p).map_err(|e| LexiconError::Io {
                    path: p.display().to_string(),
                    reason: e.to_string(),
                })?;
                Lexicon::parse(&p, &text).map(Arc::new)
            })
            .collect()
    }

    pub fn len(&self) -> usize {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Appends whole-word matches of this lexicon in `text`.
    pub fn find(&self, text: &str, out: &mut Vec<Finding>) {
        for m in self.matcher.find_iter(text) {
            let before = text[..m.start()].chars().next_back();
            let after = text[m.end()..].chars().next();
            if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric)
            {
                continue;
            }
            out.push(Finding {
                class: self.class.clone(),
                start: m.start(),
                end: m.end(),
                detector: Detector::Lexicon,
                confidence: 0.9,
                normalized: text[m.start()..m.end()].to_lowercase(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_and_greek_words_are_read_as_names() {
        assert!(word_info("анна").strong_given());
        assert!(word_info("олег").strong_given());
        assert!(word_info("смирнова").surname_like());
        assert!(word_info("шевченко").surname_like());
        assert!(word_info("παπαδόπουλος").surname_like());
        assert!(word_info("νικόλαος").given > 0);
        // Places and grammatical forms are no names; other words are unknown.
        assert!(word_info("москва").blocked);
        assert!(word_info("αθήνα").blocked);
        assert!(!word_info("толстого").unknown());
        assert!(word_info("заказ").unknown());
    }

    #[test]
    fn accented_latin_words_are_read_by_their_plain_letters() {
        assert!(word_info("åsa").given > 0);
        assert!(word_info("nyström").surname_like());
        assert!(word_info("josé").strong_given());
        assert!(word_info("søren").strong_given());
        assert!(word_info("müller").surname_like());
        // An English word with an accent stays a word.
        assert!(word_info("naïve").common_only());
        assert!(word_info("résumé").common_only());
        assert!(word_info("ŭŭŭ").unknown());
        // Letters with no plain form are left alone.
        assert!(word_info("þórr").unknown());
    }

    #[test]
    fn hyphenated_words_are_read_by_their_parts() {
        assert!(word_info("jean-luc").strong_given());
        assert!(word_info("chih-wei").given >= 100);
        assert!(!word_info("ya-ting").common);
        assert!(word_info("garcía-lópez").surname_like());
        assert!(word_info("smith-jones").surname_like());
        // Compounds of ordinary words stay unknown; brands are blocked.
        assert!(word_info("follow-up").unknown());
        assert!(word_info("long-term").given == 0);
        assert!(word_info("harley-davidson").blocked);
        assert!(word_info("a--b").unknown());
    }

    #[test]
    fn brands_are_no_names_unless_people_bear_them() {
        for b in ["ryanair", "huawei", "twilio", "tokopedia", "lufthansa"] {
            assert!(word_info(b).blocked, "{b}");
            assert!(is_brand_word(b), "{b}");
        }
        // Given names, surnames and ordinary words keep what they were.
        for b in ["dell", "zara", "ford", "target", "chase", "wendy's"] {
            assert!(!word_info(b).blocked, "{b}");
            assert!(!is_brand_word(b), "{b}");
        }
        assert!(brands().all(|b| b == b.to_lowercase() && b.trim() == b));
    }

    #[test]
    fn world_places_are_no_names_unless_people_bear_them() {
        for p in ["tirana", "casablanca", "lusaka", "kyiv", "ouagadougou"] {
            assert!(word_info(p).blocked, "{p}");
        }
        // Given names and frequent surnames that are also places stay names.
        for p in [
            "florence",
            "colombo",
            "medina",
            "haifa",
            "sofia",
            "albuquerque",
        ] {
            assert!(!word_info(p).blocked, "{p}");
        }
        assert!(places().all(|p| p == p.to_lowercase() && p.trim() == p));
    }

    #[test]
    fn dictionary_facts() {
        assert!(word_info("victoria").strong_given());
        assert!(word_info("mark").ambiguous_given());
        assert!(word_info("king").surname_like());
        assert!(!word_info("station").surname_like());
        assert!(word_info("navigator").common_only());
        assert!(word_info("zzqx").unknown());
    }

    #[test]
    fn lexicon_matches_whole_words_case_insensitively() {
        let lx = Lexicon::parse(
            Path::new("rules/lexicons/project-codes.txt"),
            "# codes\nBlue Falcon\nOrion\n",
        )
        .unwrap();
        assert_eq!(lx.class.label(), "PROJECT_CODES");
        let mut out = vec![];
        lx.find("the blue falcon and Orionids and ORION.", &mut out);
        let t = "the blue falcon and Orionids and ORION.";
        let got: Vec<_> = out.iter().map(|f| &t[f.start..f.end]).collect();
        assert_eq!(got, ["blue falcon", "ORION"]);
    }

    #[test]
    fn lexicon_errors_name_the_file() {
        let e = Lexicon::parse(Path::new("x/email.txt"), "a\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("x/email.txt:1:1:"), "{e}");
        let e = Lexicon::parse(Path::new("x/codes.txt"), "ok\n  a\n")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "x/codes.txt:2:3: an entry needs at least two characters");
    }
}

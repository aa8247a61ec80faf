//! Names in the Indic scripts, Georgian and Armenian, read in Latin
//! letters so that the name dictionaries (which are Latin) know them:
//! `अमित शर्मा` reads `amit sharma`, `রাফি চৌধুরী` `raphi chaudhuri`,
//! `თამარ კაპანაძე` `tamar kapanadze`.
//!
//! Romanizations of these names differ (`chaudhuri`, `chowdhury`;
//! `kavita`, `kavitha`; `gaikwad` for `gaayakavaada`), so a reading and a
//! dictionary name are compared by their [`skeleton`]: aspirates merged,
//! long vowels shortened, diphthongs reduced, doubled letters single, and
//! every `a` after the first letter left out (the inherent vowel that
//! Hindi, Marathi and Bengali do not say at a word's end or in its
//! middle).
//!
//! The nine Indic blocks from Devanagari to Malayalam share one layout
//! (each letter at the same offset in its block of 128), so one table
//! reads them all.

use super::lexicon::{self, WordInfo};
use super::names::{self, normalize};
use super::{Class, Detector, Finding};
use rustc_hash::FxHashMap;
use std::sync::LazyLock;

/// The scripts read here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Script {
    /// One of the nine blocks from Devanagari (U+0900) to Malayalam
    /// (U+0D00), by the block's start.
    Indic(u32),
    Georgian,
    Armenian,
}

pub fn script_of(c: char) -> Option<Script> {
    let u = c as u32;
    match u {
        0x0900..=0x0D7F => Some(Script::Indic(u & !0x7F)),
        0x10D0..=0x10FF | 0x1C90..=0x1CBF => Some(Script::Georgian),
        0x0531..=0x0587 => Some(Script::Armenian),
        _ => None,
    }
}

/// Consonants by their offset in an Indic block (0x15 `क` to 0x39 `ह`).
const CONSONANTS: [&str; 37] = [
    "k", "kh", "g", "gh", "n", "ch", "chh", "j", "jh", "n", "t", "th", "d", "dh", "n", "t", "th",
    "d", "dh", "n", "n", "p", "ph", "b", "bh", "m", "y", "r", "r", "l", "l", "l", "v", "sh", "sh",
    "s", "h",
];

/// Independent vowels by offset (0x05 `अ` to 0x14 `औ`).
const VOWELS: [&str; 16] = [
    "a", "aa", "i", "ii", "u", "uu", "ri", "li", "e", "e", "e", "ai", "o", "o", "o", "au",
];

/// Vowel signs by offset (0x3E `ा` to 0x4C `ौ`).
const SIGNS: [&str; 15] = [
    "aa", "i", "ii", "u", "uu", "ri", "rii", "e", "e", "e", "ai", "o", "o", "o", "au",
];

/// Writes a consonant's inherent `a` when it still carries it.
fn voice(out: &mut String, inherent: bool) {
    if inherent {
        out.push('a');
    }
}

/// The Latin reading of one word of an Indic block; `None` if a character
/// is no letter or mark of that block.
fn indic_reading(word: &str, base: u32) -> Option<String> {
    let mut out = String::with_capacity(word.len());
    // Whether the last letter written is a consonant still carrying its
    // inherent `a`, which a vowel sign or a virama takes away.
    let mut inherent = false;
    for c in word.chars() {
        // Zero-width joiners shape a conjunct (`ന്‍`, `র‍্য`): no sound.
        if matches!(c, '\u{200c}' | '\u{200d}') {
            continue;
        }
        let u = c as u32;
        if u & !0x7F != base {
            return None;
        }
        let off = u - base;
        match off {
            0x15..=0x39 => {
                voice(&mut out, inherent);
                out.push_str(CONSONANTS[(off - 0x15) as usize]);
                inherent = true;
            }
            // Letters with a nukta, written as one (`ज़`, `ড়`, `ਫ਼`).
            0x58..=0x5F => {
                voice(&mut out, inherent);
                out.push_str(["k", "kh", "g", "z", "r", "rh", "f", "y"][(off - 0x58) as usize]);
                inherent = true;
            }
            0x05..=0x14 => {
                voice(&mut out, inherent);
                out.push_str(VOWELS[(off - 0x05) as usize]);
                inherent = false;
            }
            0x3E..=0x4C => {
                out.push_str(SIGNS[(off - 0x3E) as usize]);
                inherent = false;
            }
            // Virama: no vowel after the consonant.
            0x4D => inherent = false,
            // Nukta after a consonant: `ज़` z, `फ़` f, `ड़` r.
            0x3C => {
                let last = out.pop();
                match last {
                    Some('j') => out.push('z'),
                    Some('h') if out.ends_with('p') => {
                        out.pop();
                        out.push('f');
                    }
                    Some('d') => out.push('r'),
                    Some(l) => out.push(l),
                    None => {}
                }
            }
            // Candrabindu, anusvara (and Gurmukhi's tippi): a nasal.
            0x01 | 0x02 => {
                voice(&mut out, inherent);
                inherent = false;
                out.push('n');
            }
            0x70 if base == 0x0A00 => {
                voice(&mut out, inherent);
                inherent = false;
                out.push('n');
            }
            0x03 => {
                voice(&mut out, inherent);
                inherent = false;
                out.push('h');
            }
            // Malayalam's chillu letters: a consonant with no vowel.
            0x7A..=0x7F if base == 0x0D00 => {
                voice(&mut out, inherent);
                inherent = false;
                out.push_str(["n", "n", "r", "l", "l", "k"][(off - 0x7A) as usize]);
            }
            // Bengali's khanda ta.
            0x4E if base == 0x0980 => {
                voice(&mut out, inherent);
                inherent = false;
                out.push('t');
            }
            // Length marks and Gurmukhi's addak: nothing.
            0x57 => {}
            0x71 if base == 0x0A00 => {}
            _ => return None,
        }
    }
    if inherent {
        out.push('a');
    }
    (!out.is_empty()).then_some(out)
}

fn georgian_reading(word: &str) -> Option<String> {
    const LETTERS: [&str; 33] = [
        "a", "b", "g", "d", "e", "v", "z", "t", "i", "k", "l", "m", "n", "o", "p", "zh", "r", "s",
        "t", "u", "p", "k", "gh", "q", "sh", "ch", "ts", "dz", "ts", "ch", "kh", "j", "h",
    ];
    let mut out = String::new();
    for c in word.chars() {
        // Mtavruli capitals (U+1C90) mirror Mkhedruli (U+10D0).
        let u = match c as u32 {
            u @ 0x1C90..=0x1CBA => u - 0x1C90 + 0x10D0,
            u => u,
        };
        out.push_str(LETTERS.get(u.checked_sub(0x10D0)? as usize)?);
    }
    Some(out)
}

fn armenian_reading(word: &str) -> Option<String> {
    const LETTERS: [&str; 38] = [
        "a", "b", "g", "d", "e", "z", "e", "e", "t", "zh", "i", "l", "kh", "ts", "k", "h", "dz",
        "gh", "ch", "m", "y", "n", "sh", "o", "ch", "p", "j", "r", "s", "v", "t", "r", "ts", "v",
        "p", "k", "o", "f",
    ];
    let mut out = String::new();
    let mut prev = None;
    for c in word.chars() {
        let u = match c as u32 {
            u @ 0x0531..=0x0556 => u + 0x30,
            u => u,
        };
        if u == 0x0587 {
            out.push_str("ev");
            prev = None;
            continue;
        }
        let k = u.checked_sub(0x0561)? as usize;
        // `ու` is u.
        if k == 33 && prev == Some(23) {
            out.pop();
            out.push('u');
        } else {
            out.push_str(LETTERS.get(k)?);
        }
        prev = Some(k);
    }
    Some(out)
}

/// The Latin reading of a word of one of these scripts.
pub fn reading(word: &str) -> Option<String> {
    match script_of(word.chars().next()?)? {
        Script::Indic(base) => indic_reading(word, base),
        Script::Georgian => georgian_reading(word),
        Script::Armenian => armenian_reading(word),
    }
}

/// A Latin name (or reading) reduced to the letters every romanization of
/// it shares (see the module's note). Letters other than ASCII ones are
/// dropped.
pub fn skeleton(latin: &str) -> String {
    let b: Vec<u8> = latin
        .bytes()
        .filter(u8::is_ascii_alphabetic)
        .map(|b| b.to_ascii_lowercase())
        .collect();
    // Consonants first: aspirates and spelling variants.
    let mut s = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let (out, used): (&[u8], usize) = match rest {
            [b'c', b'h', b'h', ..] => (b"c", 3),
            [b'c', b'h', ..] => (b"c", 2),
            [b's', b'h', ..] => (b"s", 2),
            [b'p', b'h', ..] => (b"f", 2),
            [b'k' | b't' | b'd' | b'g' | b'b' | b'j', b'h', ..] => (&rest[..1], 2),
            [b'c', b'k', ..] => (b"k", 2),
            // "ow" before a consonant or at the end is a vowel (Chowdhury).
            [b'o', b'w', n, ..] if !b"aeiou".contains(n) => (b"o", 2),
            [b'o', b'w'] => (b"o", 2),
            [b'w', ..] => (b"v", 1),
            [b'z', ..] => (b"j", 1),
            [b'q', ..] => (b"k", 1),
            [b'x', ..] => (b"ks", 1),
            [b'y', ..] => (b"i", 1),
            _ => (&rest[..1], 1),
        };
        s.extend_from_slice(out);
        i += used;
    }
    // Vowels: long ones shortened, diphthongs reduced, each against the
    // vowel written before it (`aai` is `ai`, then `e`).
    let mut v: Vec<u8> = Vec::with_capacity(s.len());
    for &c in &s {
        let merged = match (v.last(), c) {
            (Some(b'a'), b'a') | (Some(b'i'), b'i') | (Some(b'u'), b'u') => Some(None),
            (Some(b'e'), b'e') => Some(Some(b'i')),
            (Some(b'o'), b'o') => Some(Some(b'u')),
            (Some(b'a' | b'o'), b'u') => Some(Some(b'o')),
            (Some(b'a' | b'e'), b'i') | (Some(b'a'), b'e') => Some(Some(b'e')),
            _ => None,
        };
        match (merged, v.last_mut()) {
            (Some(Some(m)), Some(last)) => *last = m,
            (Some(_), _) => {}
            (None, _) => v.push(c),
        }
    }
    let mut out = String::with_capacity(v.len());
    for (k, &c) in v.iter().enumerate() {
        if (k > 0 && c == b'a') || out.as_bytes().last() == Some(&c) {
            continue;
        }
        out.push(c as char);
    }
    out
}

/// Every dictionary name by its skeleton: the highest given-name count and
/// the best surname rank among the names that share it. Built the first
/// time a word of these scripts is read.
static SKELETONS: LazyLock<FxHashMap<Box<str>, (u32, u32)>> = LazyLock::new(|| {
    let mut map: FxHashMap<Box<str>, (u32, u32)> = FxHashMap::default();
    lexicon::for_each_name(|name, info| {
        let e = map.entry(skeleton(name).into()).or_insert((0, 0));
        e.0 = e.0.max(info.given);
        if info.surname_rank > 0 && (e.1 == 0 || info.surname_rank < e.1) {
            e.1 = info.surname_rank;
        }
    });
    map
});

/// Frequent words of these scripts whose readings are names elsewhere:
/// verbs (`करें` reads karen, `करो` karo), postpositions and loanwords
/// (`ईमेल` imel, `टीम` tim, `कॉल` kol) in Hindi, Marathi, Nepali,
/// Bengali, Gujarati and Punjabi. Never names.
const ORDINARY: &[&str] = &[
    "करें",
    "करे",
    "करो",
    "करना",
    "करने",
    "करते",
    "करती",
    "करता",
    "किया",
    "कीजिए",
    "करेंगे",
    "करेगा",
    "करेगी",
    "करा",
    "कर",
    "रहे",
    "रही",
    "रहा",
    "होगा",
    "होगी",
    "होंगे",
    "सकते",
    "सकती",
    "चाहिए",
    "लिए",
    "साथ",
    "बाद",
    "पहले",
    "अभी",
    "कृपया",
    "धन्यवाद",
    "ईमेल",
    "मेल",
    "फोन",
    "फ़ोन",
    "कॉल",
    "टीम",
    "मीटिंग",
    "ऑफिस",
    "मैसेज",
    "लिंक",
    "ऑर्डर",
    "नंबर",
    "करावा",
    "करावे",
    "करून",
    "आहे",
    "आहेत",
    "होते",
    "गरी",
    "गर्नुहोस्",
    "छ",
    "छन्",
    "করুন",
    "করে",
    "করা",
    "করবেন",
    "ইমেল",
    "ইমেইল",
    "ফোন",
    "টিম",
    "মিটিং",
    "নম্বর",
    "ধন্যবাদ",
    "કરો",
    "કરે",
    "કરશે",
    "ઈમેલ",
    "ફોન",
    "ટીમ",
    "મીટિંગ",
    "ਕਰੋ",
    "ਕਰੇ",
    "ਕਰਨ",
    "ਈਮੇਲ",
    "ਫ਼ੋਨ",
    "ਫੋਨ",
    "ਟੀਮ",
    "ਮੀਟਿੰਗ",
];

/// What the name dictionaries say of a word of these scripts (never that
/// it is an ordinary English word). Surname endings count too: Georgian
/// `-ძე`, `-შვილი`, Armenian `-յան`, `-յանց` (not the genitive
/// `-ության`).
pub fn word_info(folded: &str) -> Option<WordInfo> {
    if ORDINARY.contains(&folded) {
        return Some(WordInfo::default());
    }
    let r = reading(folded)?;
    let sk = skeleton(&r);
    let mut info = WordInfo::default();
    // Three letters at least: `ke`, `se`, `ko` are words before they are
    // names.
    if sk.len() >= 4
        && let Some(&(given, rank)) = SKELETONS.get(sk.as_str())
    {
        info.given = given;
        info.surname_rank = rank;
    } else if sk.len() == 3 {
        // Three skeleton letters join too many names (`brt` is bart as
        // well as bharat): the reading's own spellings are looked up.
        (info.given, info.surname_rank) = spelled(&r);
    }
    // Georgian `-ია`, `-ელი`, `-ური` end ordinary nouns as often
    // (`ინფორმაცია`, `მომხმარებელი`): only `-ძე` and `-შვილი` count.
    let ending = match script_of(folded.chars().next()?) {
        Some(Script::Georgian) => ["dze", "shvili"]
            .iter()
            .any(|e| r.ends_with(e) && r.len() >= e.len() + 3),
        Some(Script::Armenian) => {
            ["yan", "yants"]
                .iter()
                .any(|e| r.ends_with(e) && r.len() >= e.len() + 3)
                && !r.ends_with("utyan")
        }
        _ => false,
    };
    if ending && info.surname_rank == 0 {
        info.surname_rank = 150_000;
    }
    Some(info)
}

/// What the lists say of a reading's usual spellings: long vowels short,
/// the last inherent `a` kept or dropped, `ph` as `f`, `v` as `w`
/// (`nehaa` is neha, `raaphi` rafi): the highest given-name count and the
/// best surname rank among them.
fn spelled(reading: &str) -> (u32, u32) {
    let short = reading
        .replace("aa", "a")
        .replace("ii", "i")
        .replace("uu", "u");
    let mut forms = vec![short.clone()];
    if let Some(s) = short.strip_suffix('a') {
        forms.push(s.to_string());
    }
    for f in forms.clone() {
        forms.push(f.replace("ph", "f").replace('v', "w"));
    }
    let (mut given, mut rank) = (0, 0);
    for f in &forms {
        if let Some(i) = lexicon::listed(f) {
            given = given.max(i.given);
            if i.surname_rank > 0 && (rank == 0 || i.surname_rank < rank) {
                rank = i.surname_rank;
            }
        }
    }
    (given, rank)
}

/// A given name's count at which a word of these scripts, read in Latin,
/// is taken for a given name.
const GIVEN_MIN: u32 = 300;
/// The count a given name of three skeleton letters needs (`neha`,
/// `ravi`; not `bharat`, which reads `brt`).
const SHORT_GIVEN_MIN: u32 = 5_000;
/// A surname rank that vouches for a short given name before it.
const FREQUENT_SURNAME: u32 = 20_000;
/// The worst surname rank taken for a surname.
const SURNAME_MAX: u32 = 150_000;

/// A word of these scripts, with its span.
struct Word<'a> {
    start: usize,
    end: usize,
    text: &'a str,
    script: Script,
}

/// The text's words ([`names::words`]: marks and zero-width joiners stay
/// inside) that are all of one of these scripts.
fn words(text: &str) -> Vec<Word<'_>> {
    names::words(text)
        .into_iter()
        .filter_map(|w| {
            let t = &text[w.start..w.end];
            let script = script_of(t.chars().next()?)?;
            t.chars()
                .all(|c| script_of(c) == Some(script) || matches!(c, '\u{200c}' | '\u{200d}'))
                .then_some(Word {
                    start: w.start,
                    end: w.end,
                    text: t,
                    script,
                })
        })
        .collect()
}

/// Given name and surname in a script without case (an Indic script or
/// Georgian), written in its own prose or among other words: two words
/// (or three) next to each other, the first a given name by its reading
/// and the next a surname or another given name (`स्नेहा शिंदे`,
/// `অর্পিতা সেন`, `მარიამ ჯავახიშვილი`). Armenian has capitals and is the
/// free-text scanner's.
pub fn pairs(text: &str, out: &mut Vec<Finding>) {
    let ws = words(text);
    let info = |w: &Word| -> WordInfo {
        if w.script == Script::Armenian {
            return WordInfo::default();
        }
        word_info(w.text).unwrap_or_default()
    };
    let joined = |a: &Word, b: &Word| {
        a.script == b.script && matches!(&text[a.end..b.start], " " | "\u{a0}")
    };
    let surname = |i: &WordInfo| i.surname_rank > 0 && i.surname_rank <= SURNAME_MAX;
    let mut k = 0;
    while k + 1 < ws.len() {
        let (a, b) = (&ws[k], &ws[k + 1]);
        if !joined(a, b) {
            k += 1;
            continue;
        }
        // After a number the words are a date's ("14 મેના રોજ", on the
        // 14th of May).
        let dated = text[..a.start]
            .trim_end()
            .chars()
            .next_back()
            .is_some_and(char::is_numeric);
        // Short words collide with short names (`રોજ થશે`, "daily it will
        // be", reads `roj tse`; `भारत सरकार`, the Government of India,
        // `bharat sarkar`): a word of three skeleton letters must be a
        // frequent given name, and the other word longer.
        let len = |w: &Word| reading(w.text).map_or(0, |r| skeleton(&r).len());
        let l_ok = |l: usize, given: &WordInfo, next: &WordInfo| {
            l >= 4
                || given.given >= SHORT_GIVEN_MIN
                || (1..=FREQUENT_SURNAME).contains(&next.surname_rank)
        };
        let (la, lb) = (len(a), len(b));
        let (ia, ib) = (info(a), info(b));
        // (or one before a frequent surname: `রাফি চৌধুরী`, rafi chowdhury).
        let sure = l_ok(la, &ia, &ib);
        if !dated
            && (la >= 4 || lb >= 4)
            && sure
            && ia.given >= GIVEN_MIN
            && (surname(&ib) || ib.given >= GIVEN_MIN)
        {
            let mut end = b.end;
            let mut next = k + 2;
            if let Some(c) = ws.get(k + 2)
                && joined(b, c)
                && surname(&info(c))
            {
                end = c.end;
                next += 1;
            }
            out.push(Finding {
                class: Class::Name,
                start: a.start,
                end,
                detector: Detector::NameDictionary,
                confidence: 0.75,
                normalized: normalize(&text[a.start..end]),
            });
            k = next;
        } else {
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_of_each_script() {
        assert_eq!(reading("अमित").as_deref(), Some("amita"));
        assert_eq!(reading("शर्मा").as_deref(), Some("sharmaa"));
        assert_eq!(reading("চৌধুরী").as_deref(), Some("chaudhurii"));
        assert_eq!(reading("മേനോൻ").as_deref(), Some("menon"));
        assert_eq!(reading("თამარ").as_deref(), Some("tamar"));
        assert_eq!(reading("Պետրոսյան").as_deref(), Some("petrosyan"));
        assert_eq!(reading("Սուրեն").as_deref(), Some("suren"));
        assert_eq!(reading("abc"), None);
    }

    #[test]
    fn skeletons_join_romanizations() {
        for (a, b) in [
            ("chaudhurii", "chowdhury"),
            ("sharmaa", "sharma"),
            ("amita", "amit"),
            ("kavitaa", "kavitha"),
            ("gaayakavaada", "gaikwad"),
            ("naayar", "nair"),
            ("bhaavesha", "bhavesh"),
        ] {
            assert_eq!(skeleton(a), skeleton(b), "{a} / {b}");
        }
        assert_ne!(skeleton("amit"), skeleton("sumit"));
    }

    fn names(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        pairs(text, &mut out);
        out.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn given_name_and_surname_in_their_own_script() {
        assert_eq!(names("आपले संपर्क व्यक्ती स्नेहा शिंदे आहेत."), ["स्नेहा शिंदे"]);
        assert_eq!(
            names("Subject: Onsite schedule for রাফি চৌধুরী"),
            ["রাফি চৌধুরী"]
        );
        assert_eq!(names("მარიამ ჯავახიშვილი,555"), ["მარიამ ჯავახიშვილი"]);
        // Ordinary prose.
        assert!(names("बैठक अब मंगलवार, 14 मई को होगी।").is_empty());
        assert!(names("બેઠક હવે મંગળવાર, 14 મેના રોજ થશે.").is_empty());
        assert!(names("आपके संपर्क व्यक्ति हैं").is_empty());
        assert!(names("यह भारत सरकार की योजना है").is_empty());
        assert!(names("संपर्क करें या ईमेल करें।").is_empty());
        assert!(names("ეს არის მომხმარებელი და დიდი კომპანია").is_empty());
        assert!(names("সভাটি মঙ্গলবার, ১৪ মে পর্যন্ত স্থগিত করা হয়েছে।").is_empty());
    }
}

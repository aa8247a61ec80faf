//! Cyrillic and Greek words read in Latin letters, so the name
//! dictionaries (which are Latin: `Анна` is `anna`, `Νικόλαος` is
//! `nikolaos`) know them, and the endings by which these languages mark a
//! surname (`-ова`, `-енко`, `-ович`, `-όπουλος`, `-ίδης`).
//!
//! Only the name side of the dictionaries is used for such a word: a
//! Cyrillic word that reads like an English word (`Мак`, "mak") is no
//! English word.

use unicode_normalization::UnicodeNormalization;

/// Lower case with accents and the common special letters reduced to
/// ASCII where they have a plain form (Č → c, ø → o, ł → l, ß → ss).
pub fn plain(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.nfd() {
        if unicode_normalization::char::is_combining_mark(c) {
            continue;
        }
        match c {
            'ø' | 'Ø' => out.push('o'),
            'ł' | 'Ł' => out.push('l'),
            'đ' | 'Đ' => out.push('d'),
            'ß' => out.push_str("ss"),
            'æ' | 'Æ' => out.push_str("ae"),
            'ı' => out.push('i'),
            _ => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The plain-letter reading of a folded Latin word with accents or special
/// letters (`åsa` → `asa`, `nyström` → `nystrom`, `łukasz` → `lukasz`),
/// when every letter has one; `None` for ASCII words and words of other
/// scripts.
pub fn latin_plain(folded: &str) -> Option<String> {
    if folded.is_ascii() {
        return None;
    }
    let p = plain(folded);
    (p.is_ascii()
        && p.bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'-' || b == b'\''))
    .then_some(p)
}

/// The script of a folded word, if it is one this module reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    Cyrillic,
    Greek,
}

pub fn script_of(folded: &str) -> Option<Script> {
    let c = folded.chars().next()?;
    match c {
        '\u{0400}'..='\u{04FF}' => Some(Script::Cyrillic),
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some(Script::Greek),
        _ => None,
    }
}

/// Latin readings of a lower-case Cyrillic or Greek word (the usual
/// romanizations differ on a few letters: `х` is `kh` or `h`, `ий` is `iy`
/// or `y`; `Γιώργος` is `giorgos` or `georgios`), at most four, none if
/// the word has a letter of another script or a character that is not a
/// letter (other than a hyphen or an apostrophe).
pub fn readings(folded: &str, script: Script) -> Vec<String> {
    match script {
        Script::Cyrillic => cyrillic(folded),
        Script::Greek => greek(folded),
    }
}

fn cyrillic(w: &str) -> Vec<String> {
    // Two spellings: the English-language (BGN/PCGN-like) one and the
    // passport (ICAO) one; they differ on a handful of letters.
    let mut a = String::with_capacity(w.len());
    let mut b = String::with_capacity(w.len());
    for (i, c) in w.chars().enumerate() {
        let first = i == 0;
        let (x, y): (&str, &str) = match c {
            'а' => ("a", "a"),
            'б' => ("b", "b"),
            'в' => ("v", "v"),
            'г' => ("g", "g"),
            'ґ' => ("g", "g"),
            'д' => ("d", "d"),
            'е' if first => ("ye", "e"),
            'е' => ("e", "e"),
            'ё' => ("yo", "e"),
            'є' => ("ye", "ie"),
            'ж' => ("zh", "zh"),
            'з' => ("z", "z"),
            'и' => ("i", "i"),
            'і' => ("i", "i"),
            'ї' => ("yi", "i"),
            'й' => ("y", "i"),
            'к' => ("k", "k"),
            'л' => ("l", "l"),
            'м' => ("m", "m"),
            'н' => ("n", "n"),
            'о' => ("o", "o"),
            'п' => ("p", "p"),
            'р' => ("r", "r"),
            'с' => ("s", "s"),
            'т' => ("t", "t"),
            'у' => ("u", "u"),
            'ў' => ("w", "u"),
            'ф' => ("f", "f"),
            'х' => ("kh", "h"),
            'ц' => ("ts", "ts"),
            'ч' => ("ch", "ch"),
            'ш' => ("sh", "sh"),
            'щ' => ("shch", "shch"),
            'ъ' | 'ь' => ("", ""),
            'ы' => ("y", "y"),
            'э' => ("e", "e"),
            'ю' => ("yu", "iu"),
            'я' => ("ya", "ia"),
            // Serbian and Macedonian letters.
            'ђ' => ("dj", "dj"),
            'ј' => ("j", "j"),
            'љ' => ("lj", "lj"),
            'њ' => ("nj", "nj"),
            'ћ' => ("c", "c"),
            'џ' => ("dz", "dz"),
            'ѓ' => ("gj", "gj"),
            'ќ' => ("kj", "kj"),
            'ѕ' => ("dz", "dz"),
            '-' | '\'' => ("-", "-"),
            _ => return Vec::new(),
        };
        a.push_str(x);
        b.push_str(y);
    }
    let mut out = vec![a];
    if b != out[0] {
        out.push(b);
    }
    // `-ий` (Дмитрий, Юрий, Георгий) is also written `-y` and `-i`.
    if w.ends_with("ий") {
        let stem = out[0].strip_suffix("iy").unwrap_or(&out[0]).to_owned();
        out.push(format!("{stem}y"));
        out.push(format!("{stem}i"));
    }
    out.truncate(4);
    out
}

/// Accents, breathings and diaereses off; final sigma as sigma.
fn greek_plain(w: &str) -> Vec<char> {
    w.chars()
        .map(|c| match c {
            'ά' | 'ᾶ' | 'ὰ' | 'ἀ' | 'ἁ' => 'α',
            'έ' | 'ὲ' | 'ἐ' | 'ἑ' => 'ε',
            'ή' | 'ῆ' | 'ὴ' | 'ἠ' | 'ἡ' => 'η',
            'ί' | 'ϊ' | 'ΐ' | 'ῖ' | 'ὶ' | 'ἰ' | 'ἱ' => 'ι',
            'ό' | 'ὸ' | 'ὀ' | 'ὁ' => 'ο',
            'ύ' | 'ϋ' | 'ΰ' | 'ῦ' | 'ὺ' | 'ὐ' | 'ὑ' => 'υ',
            'ώ' | 'ῶ' | 'ὼ' | 'ὠ' | 'ὡ' => 'ω',
            'ς' => 'σ',
            c => c,
        })
        .collect()
}

fn greek(w: &str) -> Vec<String> {
    let plain = greek_plain(w);
    let Some(out) = greek_reading(&plain, "i") else {
        return Vec::new();
    };
    let mut all = vec![out.clone()];
    // `γι` before a vowel is `y` as well as `gi` in English spellings
    // (Γιάννης: giannis, yannis), `η` is `e` as well as `i` (Δημήτρης:
    // dimitris, demetris).
    if out.contains("gi") {
        all.push(out.replacen("gi", "y", 1));
    }
    if plain.contains(&'η')
        && let Some(e) = greek_reading(&plain, "e")
    {
        all.push(e);
    }
    all.dedup();
    all.truncate(4);
    all
}

/// One Latin reading of accent-free Greek, `eta` for `η`.
fn greek_reading(plain: &[char], eta: &str) -> Option<String> {
    let mut out = String::with_capacity(plain.len() * 2);
    let mut i = 0;
    while i < plain.len() {
        let next = plain.get(i + 1).copied();
        let pair = match (plain[i], next) {
            ('ο', Some('υ')) => Some("ou"),
            ('α', Some('ι')) => Some("ai"),
            ('ε', Some('ι')) => Some("ei"),
            ('ο', Some('ι')) => Some("oi"),
            ('α', Some('υ')) => Some("av"),
            ('ε', Some('υ')) => Some("ev"),
            ('μ', Some('π')) if i == 0 => Some("b"),
            ('μ', Some('π')) => Some("mp"),
            ('ν', Some('τ')) if i == 0 => Some("d"),
            ('ν', Some('τ')) => Some("nt"),
            ('γ', Some('κ')) if i == 0 => Some("g"),
            ('γ', Some('κ')) | ('γ', Some('γ')) => Some("ng"),
            ('τ', Some('σ')) => Some("ts"),
            ('τ', Some('ζ')) => Some("tz"),
            _ => None,
        };
        if let Some(p) = pair {
            out.push_str(p);
            i += 2;
            continue;
        }
        let one = match plain[i] {
            'α' => "a",
            'β' => "v",
            'γ' => "g",
            'δ' => "d",
            'ε' => "e",
            'ζ' => "z",
            'η' => eta,
            'θ' => "th",
            'ι' => "i",
            'κ' => "k",
            'λ' => "l",
            'μ' => "m",
            'ν' => "n",
            'ξ' => "x",
            'ο' => "o",
            'π' => "p",
            'ρ' => "r",
            'σ' => "s",
            'τ' => "t",
            'υ' => "y",
            'φ' => "f",
            'χ' => "ch",
            'ψ' => "ps",
            'ω' => "o",
            '-' | '\'' => "-",
            _ => return None,
        };
        out.push_str(one);
        i += 1;
    }
    Some(out)
}

/// Whether a lower-case Cyrillic or Greek word has an ending that marks a
/// surname or a patronymic: Russian/Bulgarian `-ов(а)`, `-ев(а)`, `-ин(а)`,
/// `-ский`/`-ская`, Ukrainian `-енко`, `-чук`, Serbian `-ић`, patronymics
/// `-ович`/`-овна`; Greek `-όπουλος`, `-ίδης`, `-άκης`, `-ίου` (the
/// feminine genitive: Παπαδοπούλου). The stem must be at least three
/// letters, so short words (`кино`, `вина`) do not count.
pub fn surname_ending(folded: &str, script: Script) -> bool {
    const CYRILLIC: &[&str] = &[
        "ович",
        "евич",
        "овна",
        "евна",
        "ична",
        "ова",
        "ева",
        "ёва",
        "ов",
        "ев",
        "ёв",
        "ин",
        "ина",
        "ын",
        "ына",
        "ский",
        "ская",
        "цкий",
        "цкая",
        "ской",
        "енко",
        "чук",
        "щук",
        "юк",
        "ишин",
        "ић",
        "ич",
        "дзе",
        "швили",
        "ян",
        "янц",
    ];
    const GREEK: &[&str] = &[
        "οπουλοσ",
        "οπουλου",
        "ιδησ",
        "ιδου",
        "ακησ",
        "ακη",
        "αδησ",
        "αδου",
        "ογλου",
        "ιου",
        "αιοσ",
        "ατοσ",
        "ιτησ",
    ];
    let plain: String;
    let (w, list) = match script {
        Script::Cyrillic => (folded, CYRILLIC),
        Script::Greek => {
            plain = greek_plain(folded).into_iter().collect();
            (plain.as_str(), GREEK)
        }
    };
    let letters = w.chars().count();
    list.iter()
        .any(|end| w.ends_with(end) && letters >= end.chars().count() + 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_readings() {
        assert!(readings("анна", Script::Cyrillic).contains(&"anna".into()));
        assert!(readings("дмитрий", Script::Cyrillic).contains(&"dmitry".into()));
        assert!(readings("дмитрий", Script::Cyrillic).contains(&"dmitriy".into()));
        assert!(readings("елена", Script::Cyrillic).contains(&"yelena".into()));
        assert!(readings("елена", Script::Cyrillic).contains(&"elena".into()));
        assert!(readings("михаил", Script::Cyrillic).contains(&"mikhail".into()));
        assert!(readings("наталья", Script::Cyrillic).contains(&"natalya".into()));
        assert!(readings("abc", Script::Cyrillic).is_empty());
        assert!(readings("ан1на", Script::Cyrillic).is_empty());
    }

    #[test]
    fn greek_readings() {
        assert!(readings("νικόλαος", Script::Greek).contains(&"nikolaos".into()));
        assert!(readings("γιάννης", Script::Greek).contains(&"giannis".into()));
        assert!(readings("γιάννης", Script::Greek).contains(&"yannis".into()));
        assert!(readings("παπαδόπουλος", Script::Greek).contains(&"papadopoulos".into()));
        assert!(readings("δημήτρης", Script::Greek).contains(&"dimitris".into()));
    }

    #[test]
    fn surname_endings() {
        for w in [
            "смирнова",
            "иванов",
            "шевченко",
            "сергеевна",
            "петрович",
            "достоевский",
            "ковальчук",
            "јовановић",
        ] {
            assert!(surname_ending(w, Script::Cyrillic), "{w}");
        }
        for w in ["вина", "кино", "слово", "ов", "москва", "заказ"] {
            assert!(!surname_ending(w, Script::Cyrillic), "{w}");
        }
        for w in ["παπαδόπουλος", "γεωργίου", "αλεξίου", "ιωαννίδης"]
        {
            assert!(surname_ending(w, Script::Greek), "{w}");
        }
        assert!(!surname_ending("αθήνα", Script::Greek));
    }
}

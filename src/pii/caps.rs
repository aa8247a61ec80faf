//! Names written the international way, with the surname in capitals, and
//! the surname-slash-given form of passports and tickets:
//!
//! - **Surname in capitals** before or after the given names (`Lindiwe
//!   SHABALALA`, `KALEJA Šarlota`, `RONDÓN RANGEL Yorgelis`, `Luísa da
//!   SITOE`). Each block is read outward from where the two cases meet, so
//!   a heading in capitals or a capitalized word before the name stops
//!   it (`WITNESS STATEMENT OF KALEJA Šarlota`): ordinary words, blocked
//!   words (months, places, brands) and short acronyms end a block.
//! - **`SURNAME/GIVEN`** (`WEISS/EITAN`, `TURSUNOVA/MADINA MRS`), two
//!   words in capitals joined by a slash, one of them a name the
//!   dictionaries know.
//!
//! Neither form needs the words to be in the dictionaries beyond that: the
//! shape is the evidence. Acronym pairs (`TCP/IP`, `EUR/USD`), company
//! forms (`Porsche AG`, `MTN Group`) and products (`Hadoop YARN`) are
//! refused by the word checks.

use super::lexicon::{WordInfo, word_info};
use super::names::{PARTICLES, is_mark, normalize, with_fold};
use super::{Class, Detector, Finding};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// `Šarlota`: an upper-case letter, then lower case.
    Title,
    /// `SHABALALA`: two letters or more, all upper case.
    Caps,
    /// A lower-case particle (`da`, `van`, `bin`).
    Particle,
    Other,
}

#[derive(Clone, Copy, Debug)]
struct Word {
    start: usize,
    end: usize,
    shape: Shape,
}

/// The shape of a word, judged part by part between its hyphens and
/// apostrophes (`Jean-Pierre` and `D'Angelo` are title case, `DUPONT-LEE`
/// capitals); a particle in any case (`da`, `DE`, `Van`) is a particle.
fn shape(w: &str) -> Shape {
    if w.len() <= 5 && PARTICLES.contains(&w.to_lowercase().as_str()) {
        return Shape::Particle;
    }
    let parts: Vec<&str> = w.split(['-', '\'', '’']).collect();
    let letters = w.chars().filter(|c| c.is_alphabetic()).count();
    let caps = letters >= 2
        && parts.iter().all(|p| {
            p.chars().next().is_some_and(char::is_uppercase)
                && p.chars()
                    .filter(|c| c.is_alphabetic())
                    .all(char::is_uppercase)
        });
    let title = letters >= 2
        && parts.iter().all(|p| {
            let mut cs = p.chars().filter(|c| c.is_alphabetic());
            cs.next().is_some_and(char::is_uppercase) && cs.all(char::is_lowercase)
        })
        && parts.last().is_some_and(|p| p.chars().count() >= 2);
    if caps {
        Shape::Caps
    } else if title {
        Shape::Title
    } else {
        Shape::Other
    }
}

fn letter(c: char) -> bool {
    c.is_alphabetic() || is_mark(c)
}

/// The words of one line: letters and marks, with `-`, `'` and `’`
/// inside.
fn words(line: &str, base: usize) -> Vec<(Word, &str)> {
    let mut out = Vec::new();
    let mut it = line.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if !letter(c) {
            continue;
        }
        let mut end = i + c.len_utf8();
        while let Some(&(j, d)) = it.peek() {
            let joined =
                matches!(d, '-' | '\'' | '’') && line[j + d.len_utf8()..].starts_with(letter);
            if letter(d) || joined {
                end = j + d.len_utf8();
                it.next();
            } else {
                break;
            }
        }
        let w = &line[i..end];
        // A word glued to digits or to an identifier's punctuation
        // (`RMA84746`, `SKU-FH-1040`, `CONF#5339700`) is part of a code.
        let glue = |c: char| c.is_ascii_digit() || matches!(c, '-' | '_' | '#' | '@' | '+' | '=');
        let glued = line[..i].chars().next_back().is_some_and(glue)
            || line[end..].chars().next().is_some_and(glue)
            || (w.contains('-') && w.split('-').any(|p| p.chars().count() < 2));
        out.push((
            Word {
                start: base + i,
                end: base + end,
                shape: if glued { Shape::Other } else { shape(w) },
            },
            w,
        ));
    }
    out
}

fn info(w: &str) -> WordInfo {
    with_fold(w, word_info)
}

/// A word that may be part of a person's name: no ordinary or blocked
/// word, no acronym. (Not [`WordInfo::foreign`]: the shape is evidence
/// enough, and a Bloom filter's false hit would cost a name.)
fn name_word(w: &str) -> bool {
    !info(w).common_only() && !ACRONYMS.contains(&w.to_lowercase().as_str())
}

/// Words written in capitals in technical and official text that the
/// dictionaries hold as rare names (`JSON` has 302 bearers) or not at all.
const ACRONYMS: &[&str] = &[
    "json", "yaml", "toml", "ajax", "oauth", "cors", "todo", "fixme", "hotfix", "uuid", "ascii",
    "unicode", "null", "nasa", "nato", "unesco", "unicef", "opec", "fifa", "uefa", "asean", "ieee",
    "iban", "swift", "bios", "raid", "linux", "unix", "java", "mysql", "redis", "nginx", "kafka",
    "docker", "lidar", "radar", "covid", "aids", "ebola", "gost", "snils", "egrul", "inn", "ogrn",
    "okpo", "kpp",
];

/// Vowels of the Latin and Cyrillic alphabets, in lower case.
const VOWELS: &str = "aeiouyáàâäãåéèêëíìîïóòôöõøúùûüýęąőűăıаеёиоуыэюяіїєўөүә";

/// Every letter of `w` is Latin.
fn latin(w: &str) -> bool {
    w.chars().all(|c| !c.is_alphabetic() || (c as u32) < 0x250)
}

/// The dictionaries know `w` as a given name or a surname.
fn dictionary_name(w: &str) -> bool {
    let i = info(w);
    i.given >= 200 || i.surname_rank > 0
}

/// A surname in capitals: a name word of three letters or more with a
/// vowel if it is Latin or Cyrillic (`CBD`, `SDK` are acronyms).
fn caps_surname(w: &str) -> bool {
    let n = w.chars().filter(|c| c.is_alphabetic()).count();
    let cyrillic = w.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c));
    let vowels = w
        .chars()
        .filter(|c| VOWELS.contains(c.to_lowercase().next().unwrap_or(*c)))
        .count();
    let known = dictionary_name(w);
    // A code of capitals has few vowels (`UJQDJT`, `QKHDWP`); a surname no
    // list holds has one in five letters at least (`NTSHANGASE`,
    // `PRYDDERCH`).
    let vowel = vowels >= 1 && (known || vowels * 5 >= n);
    // Three capitals are mostly an acronym (`UTC`, `CEO`), unless the
    // dictionaries know them as a name (`LEE`, `ABU`).
    let short_ok = n >= 4 || known;
    n >= 3 && short_ok && (!(latin(w) || cyrillic) || vowel) && name_word(w)
}

/// Does the dictionary know `w` as a name, or as nothing at all (a name
/// of another culture)?
fn known_or_unknown(w: &str) -> bool {
    dictionary_name(w) || info(w).unknown_anywhere()
}

/// Appends the names `text` writes with the surname in capitals or as
/// `SURNAME/GIVEN`.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    let mut base = 0;
    for line in text.split('\n') {
        if two_capitals(line) && !gedcom_line(line) {
            let ws = words(line, base);
            surname_blocks(text, &ws, out);
            if line.contains('/') {
                slashed(text, &ws, out);
            }
        }
        base += line.len() + 1;
    }
}

/// Does `line` hold two capital letters in a row, as every word in
/// capitals does? (Most lines do not: the reader skips them unread.)
fn two_capitals(line: &str) -> bool {
    if line.is_ascii() {
        return line
            .as_bytes()
            .windows(2)
            .any(|w| w[0].is_ascii_uppercase() && w[1].is_ascii_uppercase());
    }
    let mut prev = false;
    line.chars().any(|c| {
        let up = c.is_uppercase();
        let two = prev && up;
        prev = up;
        two
    })
}

/// A GEDCOM record line (`2 PLAC Kyiv`, `1 NAME Ana /Lima/`): its tag in
/// capitals is no surname.
fn gedcom_line(line: &str) -> bool {
    let t = line.trim_start();
    let Some(rest) = t.strip_prefix(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let rest = rest.strip_prefix(' ').unwrap_or("");
    let tag = rest.split(' ').next().unwrap_or("");
    GEDCOM_TAGS.contains(&tag)
}

/// The GEDCOM tags a line of a family file starts with after its level.
const GEDCOM_TAGS: &[&str] = &[
    "NAME", "PLAC", "DATE", "BIRT", "DEAT", "MARR", "SEX", "NOTE", "SOUR", "OCCU", "RESI", "GIVN",
    "SURN", "FAMS", "FAMC", "HUSB", "WIFE", "CHIL", "ADDR", "EVEN", "TITL", "BURI", "CHR", "BAPM",
    "EDUC", "RELI", "NATI", "EMIG", "IMMI", "CENS", "PROB", "WILL", "GRAD", "RETI", "DIV", "NICK",
    "NPFX", "NSFX", "SPFX", "TEXT", "PAGE", "REPO", "OBJE", "FILE", "FORM", "CHAN", "TIME", "HEAD",
    "SUBM", "TRLR", "INDI", "FAM", "CONT", "CONC", "AGE", "CAUS", "PHON", "EMAIL", "WWW", "LANG",
    "CORP", "VERS", "GEDC", "CHAR", "DEST", "_MARNM", "_AKA", "MAP", "LATI", "LONG", "TYPE",
];

fn spaced(text: &str, a: &Word, b: &Word) -> bool {
    &text[a.end..b.start] == " "
}

/// Does a word of shape `want` fit a name's block: a surname in capitals,
/// or a name word in title case?
fn fits(w: &Word, s: &str, want: Shape) -> bool {
    w.shape == want
        && match want {
            Shape::Caps => caps_surname(s),
            _ => name_word(s),
        }
}

/// Where a run of title-case words meets a run of capitals (particles of
/// either case may stand between), the name the two make.
fn surname_blocks(text: &str, ws: &[(Word, &str)], out: &mut Vec<Finding>) {
    let n = ws.len();
    for k in 0..n.saturating_sub(1) {
        let a = ws[k].0;
        if !matches!(a.shape, Shape::Title | Shape::Caps) {
            continue;
        }
        // The next word that is no particle, over single spaces only.
        let mut m = k + 1;
        while m < n && ws[m].0.shape == Shape::Particle && spaced(text, &ws[m - 1].0, &ws[m].0) {
            m += 1;
        }
        if m >= n || !spaced(text, &ws[m - 1].0, &ws[m].0) {
            continue;
        }
        let caps_first = a.shape == Shape::Caps;
        let (want_l, want_r) = if caps_first {
            (Shape::Caps, Shape::Title)
        } else {
            (Shape::Title, Shape::Caps)
        };
        if !fits(&a, ws[k].1, want_l) || !fits(&ws[m].0, ws[m].1, want_r) {
            continue;
        }
        // How far a block of `want` words goes from `from`: at most three
        // name words; particles inside go free but never end it.
        let block = |from: usize, step: isize, want: Shape| -> usize {
            let (mut last, mut count, mut prev) = (from, 0, from);
            let mut i = from as isize;
            while i >= 0 && (i as usize) < n {
                let (w, s) = ws[i as usize];
                if i as usize != from {
                    let (x, y) = if step < 0 {
                        (&w, &ws[prev].0)
                    } else {
                        (&ws[prev].0, &w)
                    };
                    if !spaced(text, x, y) {
                        break;
                    }
                }
                if w.shape == Shape::Particle {
                    prev = i as usize;
                    i += step;
                    continue;
                }
                if count == 3 || !fits(&w, s, want) {
                    break;
                }
                count += 1;
                last = i as usize;
                prev = i as usize;
                i += step;
            }
            last
        };
        let first = block(k, -1, want_l);
        let last = block(m, 1, want_r);
        let parts: Vec<&(Word, &str)> = ws[first..=last]
            .iter()
            .filter(|(w, _)| w.shape != Shape::Particle)
            .collect();
        if parts.len() < 2 || !parts.iter().any(|(_, p)| known_or_unknown(p)) {
            continue;
        }
        // A word of another script than Latin must be backed by the
        // dictionaries (its ordinary words are unknown to them).
        if parts.iter().any(|(_, p)| !latin(p)) && !parts.iter().any(|(_, p)| dictionary_name(p)) {
            continue;
        }
        let (s, e) = (ws[first].0.start, ws[last].0.end);
        let value = &text[s..e];
        // The given names first, as the other forms of the name are
        // normalized (`KALEJA Šarlota` is `šarlota kaleja`).
        let normalized = if caps_first {
            let (surname, given) = (&text[s..ws[k].0.end], &text[ws[m].0.start..e]);
            normalize(&format!("{given} {surname}"))
        } else {
            normalize(value)
        };
        if super::names::eponym_phrase(&normalized)
            || super::names::eponym_phrase(&normalize(value))
            // A product and its model's number (`LEGO Technic 42115`).
            || super::names::model_number_after(&text[e..])
        {
            continue;
        }
        push(out, s, e, normalized);
    }
}

fn push(out: &mut Vec<Finding>, start: usize, end: usize, normalized: String) {
    out.push(Finding {
        class: Class::Name,
        start,
        end,
        detector: Detector::NameContext,
        confidence: 0.8,
        normalized,
    });
}

/// `SURNAME/GIVEN`: two words in capitals joined by a slash, nothing
/// glued on either side, one of them a name the dictionaries know.
fn slashed(text: &str, ws: &[(Word, &str)], out: &mut Vec<Finding>) {
    for pair in ws.windows(2) {
        let ((a, sa), (b, sb)) = (pair[0], pair[1]);
        if a.shape != Shape::Caps || b.shape != Shape::Caps || &text[a.end..b.start] != "/" {
            continue;
        }
        let before = text[..a.start].chars().next_back();
        let after = text[b.end..].chars().next();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '/')
            || after.is_some_and(|c| c.is_alphanumeric() || c == '/')
        {
            continue;
        }
        let known = |w: &str| {
            let i = info(w);
            i.given >= 200 || (i.surname_rank > 0 && i.surname_rank <= 50_000)
        };
        if !(caps_surname(sa) && caps_surname(sb) && (known(sa) || known(sb))) {
            continue;
        }
        push(
            out,
            a.start,
            b.end,
            with_fold(&format!("{sb} {sa}"), str::to_string),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(t: &str) -> Vec<String> {
        let mut out = Vec::new();
        find(t, &mut out);
        out.iter().map(|f| t[f.start..f.end].to_string()).collect()
    }

    #[test]
    fn surnames_in_capitals() {
        for (t, n) in [
            ("Lindiwe SHABALALA", "Lindiwe SHABALALA"),
            ("WITNESS STATEMENT OF KALEJA Šarlota", "KALEJA Šarlota"),
            (
                "DEPOSITION OF RONDÓN RANGEL Yorgelis",
                "RONDÓN RANGEL Yorgelis",
            ),
            ("* Luísa da SITOE (LG Chem)", "Luísa da SITOE"),
            ("Agus WULANDARI poate fi contactat", "Agus WULANDARI"),
            ("| 1 | 7187 | KNEŽEVIĆ Krešimir | HR |", "KNEŽEVIĆ Krešimir"),
            ("Razan ABU SHAQRA, of Nevsky Prospekt", "Razan ABU SHAQRA"),
            ("Maria DA SILVA", "Maria DA SILVA"),
            ("Ana SOUZA E SILVA", "Ana SOUZA E SILVA"),
            ("Jean-Pierre DUPONT", "Jean-Pierre DUPONT"),
            ("1 KIPCHOGE Eliud 2:01:09", "KIPCHOGE Eliud"),
        ] {
            assert_eq!(names(t), [n], "{t}");
        }
    }

    #[test]
    fn acronyms_companies_and_headings_are_no_names() {
        for t in [
            "Porsche AG",
            "MTN Group",
            "Hadoop YARN",
            "LG Chem",
            "Darwin CBD",
            "Christian Dior SE",
            "LATAM Airlines",
            "ACM Computing Surveys",
            "Contact NASA today",
            "Status ACTIVE",
            "Order SHIPPED on Monday",
            "ORDER SUMMARY Total",
            "Nintendo Switch OLED",
            "Visit LONDON Today",
            "PODER GENERAL — Protocolo RMA84746",
            "Zählernummer SKU-FH-1040-BLK",
            "- 07:12 UTC Darryl rolled back",
            "2 PLAC Kyiv",
            "CONF#5339700 Room",
            "Номер СНИЛС",
            "Согласно ГОСТ",
            "Serde JSON",
            "TODO Docker",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
    }

    #[test]
    fn capitals_first_is_normalized_given_name_first() {
        let mut out = Vec::new();
        find("KALEJA Šarlota", &mut out);
        assert_eq!(out[0].normalized, normalize("Šarlota Kaleja"));
    }

    #[test]
    fn surname_slash_given() {
        assert_eq!(names("WEISS/EITAN"), ["WEISS/EITAN"]);
        assert_eq!(names("name: TURSUNOVA/MADINA MRS"), ["TURSUNOVA/MADINA"]);
        for t in [
            "TCP/IP",
            "EUR/USD",
            "AC/DC",
            "CI/CD",
            "SALES/MARKETING",
            "A/B",
            "N/A",
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
    }
}

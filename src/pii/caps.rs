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

fn shape(w: &str) -> Shape {
    let mut cs = w.chars().filter(|c| c.is_alphabetic());
    let Some(first) = cs.next() else {
        return Shape::Other;
    };
    let rest: Vec<char> = cs.collect();
    if first.is_uppercase() && !rest.is_empty() && rest.iter().all(|c| c.is_uppercase()) {
        Shape::Caps
    } else if first.is_uppercase() && rest.iter().all(|c| c.is_lowercase()) && !rest.is_empty() {
        Shape::Title
    } else if w.len() <= 5 && PARTICLES.contains(&w) {
        Shape::Particle
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
            || w.split('-').any(|p| p.chars().count() < 2);
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
/// word, no word in digits.
fn name_word(w: &str) -> bool {
    let i = info(w);
    let plain_word = i.common && i.given < 2_000 && i.surname_rank == 0;
    !(i.common_only() || i.blocked || plain_word)
}

/// A surname in capitals: a name word of three letters or more with a
/// vowel if it is Latin (`CBD`, `SDK` are acronyms).
fn caps_surname(w: &str) -> bool {
    let n = w.chars().filter(|c| c.is_alphabetic()).count();
    let latin = w.chars().all(|c| !c.is_alphabetic() || (c as u32) < 0x250);
    let vowel = w.chars().any(|c| {
        matches!(
            c.to_lowercase().next().unwrap_or(c),
            'a' | 'e'
                | 'i'
                | 'o'
                | 'u'
                | 'y'
                | 'á'
                | 'à'
                | 'â'
                | 'ä'
                | 'ã'
                | 'å'
                | 'é'
                | 'è'
                | 'ê'
                | 'ë'
                | 'í'
                | 'ì'
                | 'î'
                | 'ï'
                | 'ó'
                | 'ò'
                | 'ô'
                | 'ö'
                | 'õ'
                | 'ø'
                | 'ú'
                | 'ù'
                | 'û'
                | 'ü'
                | 'ý'
                | 'ę'
                | 'ą'
                | 'ő'
                | 'ű'
                | 'ă'
                | 'ı'
        )
    });
    // Three capitals are mostly an acronym (`UTC`, `CEO`), unless the
    // dictionaries know them as a name (`LEE`, `ABU`).
    let short_ok = n >= 4 || {
        let i = info(w);
        i.given >= 200 || i.surname_rank > 0
    };
    n >= 3 && short_ok && (!latin || vowel) && name_word(w)
}

/// Does the dictionary know `w` as a name, or as nothing at all (a name
/// of another culture)?
fn known_or_unknown(w: &str) -> bool {
    let i = info(w);
    i.given >= 200 || i.surname_rank > 0 || i.unknown_anywhere()
}

/// Appends the names `text` writes with the surname in capitals or as
/// `SURNAME/GIVEN`.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    let mut base = 0;
    for line in text.split('\n') {
        if (line.bytes().filter(u8::is_ascii_uppercase).count() >= 2 || !line.is_ascii())
            && !gedcom_line(line)
        {
            let ws = words(line, base);
            surname_blocks(text, &ws, out);
            if line.contains('/') {
                slashed(text, &ws, out);
            }
        }
        base += line.len() + 1;
    }
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
    (3..=5).contains(&tag.len()) && tag.bytes().all(|c| c.is_ascii_uppercase() || c == b'_')
}

fn spaced(text: &str, a: &Word, b: &Word) -> bool {
    &text[a.end..b.start] == " "
}

/// Where a run of title-case words meets a run of capitals, the name the
/// two make.
fn surname_blocks(text: &str, ws: &[(Word, &str)], out: &mut Vec<Finding>) {
    let n = ws.len();
    for k in 0..n.saturating_sub(1) {
        let (a, b) = (ws[k].0, ws[k + 1].0);
        // The boundary between the two cases, a particle allowed at it
        // (`Luísa da SITOE`).
        let (left, right) = match (a.shape, b.shape) {
            (Shape::Title, Shape::Caps) | (Shape::Caps, Shape::Title) => (k, k + 1),
            (Shape::Title, Shape::Particle)
                if k + 2 < n
                    && ws[k + 2].0.shape == Shape::Caps
                    && spaced(text, &b, &ws[k + 2].0) =>
            {
                (k, k + 2)
            }
            _ => continue,
        };
        if !spaced(text, &ws[left].0, &ws[left + 1].0) {
            continue;
        }
        let caps_first = ws[left].0.shape == Shape::Caps;
        let block = |from: usize, step: isize, want: Shape| -> usize {
            // How far the block of `want` words goes from `from`, at most
            // three name words (particles inside count free).
            let mut last = from;
            let mut count = 0;
            let mut i = from as isize;
            let mut prev = from;
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
                let ok = match w.shape {
                    Shape::Caps if want == Shape::Caps => {
                        caps_surname(s) || (PARTICLES.contains(&s.to_lowercase().as_str()))
                    }
                    Shape::Title if want == Shape::Title => name_word(s) && s.chars().count() >= 2,
                    Shape::Particle => true,
                    _ => false,
                };
                if !ok || count == 3 {
                    break;
                }
                if w.shape != Shape::Particle {
                    count += 1;
                    last = i as usize;
                }
                prev = i as usize;
                i += step;
            }
            last
        };
        let (first, last) = if caps_first {
            (block(left, -1, Shape::Caps), block(right, 1, Shape::Title))
        } else {
            (block(left, -1, Shape::Title), block(right, 1, Shape::Caps))
        };
        // Each side must have a word of its own shape at the boundary.
        let side_ok = |i: usize, want: Shape| {
            let (w, s) = ws[i];
            w.shape == want
                && match want {
                    Shape::Caps => caps_surname(s),
                    _ => name_word(s) && s.chars().count() >= 2,
                }
        };
        let (lw, rw) = (left, right);
        let boundary_ok = if caps_first {
            side_ok(lw, Shape::Caps) && side_ok(rw, Shape::Title)
        } else {
            side_ok(lw, Shape::Title) && side_ok(rw, Shape::Caps)
        };
        if !boundary_ok || first > lw || last < rw {
            continue;
        }
        let parts: Vec<&str> = ws[first..=last]
            .iter()
            .filter(|(w, _)| w.shape != Shape::Particle)
            .map(|(_, s)| *s)
            .collect();
        if parts.len() < 2 || !parts.iter().any(|p| known_or_unknown(p)) {
            continue;
        }
        let (s, e) = (ws[first].0.start, ws[last].0.end);
        let value = &text[s..e];
        if super::names::eponym_phrase(&normalize(value)) {
            continue;
        }
        out.push(Finding {
            class: Class::Name,
            start: s,
            end: e,
            detector: Detector::NameContext,
            confidence: 0.8,
            normalized: normalize(value),
        });
    }
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
        let (s, e) = (a.start, b.end);
        out.push(Finding {
            class: Class::Name,
            start: s,
            end: e,
            detector: Detector::NameContext,
            confidence: 0.8,
            normalized: with_fold(&format!("{sb} {sa}"), str::to_string),
        });
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
        ] {
            assert!(names(t).is_empty(), "{t}: {:?}", names(t));
        }
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

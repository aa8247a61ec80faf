//! Names known by the company they keep: the items of a list on one line
//! (`Committee: Ann Lee (chair), Josaia Ravuvu, Bo Chan`, `Þátttakendur:
//! Ann Lee, 吉田　カオリ, Bo Chan`) where most items are names found
//! already. Another item there that is shaped like a name (capitalized
//! words no dictionary calls ordinary, or a few words of one script
//! without case) is a name too, though no list of names holds it.

use super::lexicon::word_info;
use super::names::{PARTICLES, is_mark, latin_char, normalize, with_fold};
use super::{Class, Detector, Finding};

/// What separates the items of a list.
const SEPARATORS: &[&str] = &[", ", "; ", "、", "، ", "，"];

/// The longest line read as a list, in bytes.
const MAX_LINE: usize = 2_000;

/// Appends the items of `text`'s lists that their neighbours make names.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    if out
        .iter()
        .filter(|f| f.class == Class::Name)
        .nth(1)
        .is_none()
        || !SEPARATORS.iter().any(|s| text.contains(s))
    {
        return;
    }
    // (Not a name a kind word will drop: `Team Curie`.)
    let mut names: Vec<(usize, usize)> = out
        .iter()
        .filter(|f| f.class == Class::Name && !super::kinds::named_by_kind(text, f.start, f.end))
        .map(|f| (f.start, f.end))
        .collect();
    if names.len() < 2 {
        return;
    }
    names.sort_unstable();
    let mut found = Vec::new();
    let mut line_start = 0;
    for line in text.split('\n') {
        let ls = line_start;
        line_start += line.len() + 1;
        // (A list is a line's; a longer line is prose or data.)
        if line.len() > MAX_LINE {
            continue;
        }
        // The list starts after its label (`Committee:`).
        let from = [": ", "："]
            .iter()
            .filter_map(|l| line.find(l).map(|p| p + l.len()))
            .min()
            .unwrap_or(0);
        // Two names on the line at least, before its items are cut.
        let first = names.partition_point(|n| n.0 < ls + from);
        if names[first..]
            .iter()
            .take_while(|n| n.1 <= ls + line.len())
            .nth(1)
            .is_none()
        {
            continue;
        }
        let items = items(&line[from..], ls + from);
        if items.len() < 3 {
            continue;
        }
        let is_name = |i: &(usize, usize)| names.binary_search(i).is_ok();
        let known = items.iter().filter(|i| is_name(i)).count();
        if known < 2 || known * 2 < items.len() {
            continue;
        }
        for &(s, e) in items.iter().filter(|i| !is_name(i)) {
            if !out.iter().any(|f| f.start < e && s < f.end) && name_shaped(&text[s..e]) {
                found.push(Finding {
                    class: Class::Name,
                    start: s,
                    end: e,
                    detector: Detector::NameContext,
                    confidence: 0.7,
                    normalized: normalize(&text[s..e]),
                });
            }
        }
    }
    out.extend(found);
}

/// The items of the list `line` (which starts at `offset` in the text):
/// their spans, spaces, a note in parentheses (`(chair)`) and a closing
/// full stop left out.
fn items(line: &str, offset: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    // The separators' places, in one pass over the line.
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for (i, _) in line.char_indices() {
        if let Some(sep) = SEPARATORS.iter().find(|s| line[i..].starts_with(**s))
            && cuts.last().is_none_or(|&(p, l)| p + l <= i)
        {
            cuts.push((i, sep.len()));
        }
    }
    let mut cuts = cuts.into_iter();
    let mut at = 0;
    while at <= line.len() {
        let next = cuts.next().map(|(p, l)| (p - at, l));
        let end = next.map_or(line.len(), |(p, _)| at + p);
        let mut item = &line[at..end];
        let mut s = offset + at;
        let lead = item.len() - item.trim_start().len();
        s += lead;
        item = item.trim();
        if let Some(p) = item.find(" (") {
            item = &item[..p];
        }
        item = item.trim_end_matches(['.', '!', '?', '。']).trim_end();
        if !item.is_empty() {
            out.push((s, s + item.len()));
        }
        match next {
            Some((p, len)) => at += p + len,
            None => break,
        }
    }
    out
}

/// Whether an item looks like a person's name: two to four capitalized
/// Latin words (particles apart) none of which is an ordinary word of a
/// language the dictionaries know and that no company's suffix ends, or
/// two or three words of one script without case (one, joined by a
/// middle dot, in katakana), none longer than eight letters.
fn name_shaped(item: &str) -> bool {
    if item
        .chars()
        .any(|c| c.is_ascii_digit() || matches!(c, '@' | '/' | '(' | ')' | '"' | '&'))
        || super::names::organization_shaped(item)
    {
        return false;
    }
    let words: Vec<&str> = item.split([' ', '　']).filter(|w| !w.is_empty()).collect();
    if words.is_empty() || words.len() > 4 {
        return false;
    }
    let latin = item.chars().filter(|c| c.is_alphabetic()).all(latin_char);
    if latin {
        let core: Vec<&&str> = words
            .iter()
            .filter(|w| !PARTICLES.iter().any(|p| p.eq_ignore_ascii_case(w)))
            .collect();
        return (2..=4).contains(&core.len())
            && core.iter().all(|w| {
                let mut c = w.chars();
                c.next().is_some_and(char::is_uppercase)
                    && c.clone().any(char::is_lowercase)
                    && w.chars()
                        .all(|c| c.is_alphabetic() || is_mark(c) || matches!(c, '-' | '\'' | '’'))
                    && with_fold(w, |f| {
                        let i = word_info(f);
                        !i.common && !i.blocked && !i.foreign
                    })
            });
    }
    // One word of a script without case is as often a department or a
    // role (`営業部`), but for a foreign name in katakana (`マリア・サントス`).
    words.len() <= 3
        && (words.len() >= 2 || item.contains('・'))
        && words.iter().all(|w| {
            let n = w.chars().filter(|c| c.is_alphabetic()).count();
            (1..=8).contains(&n)
                && w.chars().all(|c| {
                    (c.is_alphabetic() && !c.is_uppercase() && !c.is_lowercase())
                        || is_mark(c)
                        || matches!(c, '・' | 'ー')
                })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(text: &str, known: &[&str]) -> Vec<String> {
        let mut out: Vec<Finding> = known
            .iter()
            .map(|k| {
                let s = text.find(k).unwrap();
                Finding {
                    class: Class::Name,
                    start: s,
                    end: s + k.len(),
                    detector: Detector::NameDictionary,
                    confidence: 0.9,
                    normalized: String::new(),
                }
            })
            .collect();
        let n = out.len();
        find(text, &mut out);
        out[n..]
            .iter()
            .map(|f| text[f.start..f.end].to_string())
            .collect()
    }

    #[test]
    fn an_item_among_names_is_one() {
        assert_eq!(
            with(
                "Committee: Ann Lee (chair), Josaia Ravuvu, Bo Chan\nDate: 2026-08-12",
                &["Ann Lee", "Bo Chan"]
            ),
            ["Josaia Ravuvu"]
        );
        assert_eq!(
            with(
                "Þátttakendur: Ann Lee, 吉田　カオリ, Bo Chan, Eva Berg",
                &["Ann Lee", "Bo Chan", "Eva Berg"]
            ),
            ["吉田　カオリ"]
        );
    }

    #[test]
    fn through_the_engine() {
        let e = crate::pii::Engine::new(Vec::new());
        let text = "Committee: Ann Smith (chair), Josaia Ravuvu, Maria Lopez\nDate: 2026-08-12";
        let found: Vec<&str> = e
            .scan(text, crate::pii::Leaf::TEXT, &crate::pii::NoMemory)
            .iter()
            .filter(|f| f.class == Class::Name)
            .map(|f| &text[f.start..f.end])
            .collect();
        assert_eq!(found, ["Ann Smith", "Josaia Ravuvu", "Maria Lopez"]);
    }

    #[test]
    fn a_long_line_costs_one_pass() {
        let line = "Ann Lee, ".repeat(50_000);
        assert!(with(&line, &["Ann Lee"]).is_empty());
    }

    #[test]
    fn ordinary_items_and_thin_lists_stay() {
        // An ordinary word, a number, a lone Latin word.
        assert!(
            with(
                "Present: Ann Lee, Bo Chan, Product Team",
                &["Ann Lee", "Bo Chan"]
            )
            .is_empty()
        );
        assert!(with("Present: Ann Lee, Bo Chan, Room 4", &["Ann Lee", "Bo Chan"]).is_empty());
        assert!(
            with(
                "Present: Ann Lee, Bo Chan, Kowalczyk",
                &["Ann Lee", "Bo Chan"]
            )
            .is_empty()
        );
        // Names not most of the items.
        assert!(
            with(
                "Cities: Ann Lee, Bo Chan, Porto Alegre, Santa Fe Springs, Tavita Bay",
                &["Ann Lee", "Bo Chan"]
            )
            .is_empty()
        );
        // One name only.
        assert!(with("Ann Lee, Josaia Ravuvu, Tavita Bay", &["Ann Lee"]).is_empty());
        // A company, a department.
        assert!(
            with(
                "Parties: Ann Lee, Bo Chan, Acme Corp",
                &["Ann Lee", "Bo Chan"]
            )
            .is_empty()
        );
        assert!(
            with(
                "参加者：田中太郎、佐藤花子、営業部",
                &["田中太郎", "佐藤花子"]
            )
            .is_empty()
        );
        // A name a kind word drops does not count.
        assert!(
            with(
                "Teams: Team Curie, Guild Kepler, Josaia Ravuvu",
                &["Team Curie", "Guild Kepler"]
            )
            .is_empty()
        );
        // A time or an address later on the line does not hide the list.
        assert_eq!(
            with(
                "Committee: Ann Lee, Josaia Ravuvu, Bo Chan, at 10:30",
                &["Ann Lee", "Bo Chan"]
            ),
            ["Josaia Ravuvu"]
        );
    }
}

//! Names after a role word: `Driver Jabari:`, `Nurse Akosua Mensah:`,
//! `Agent Kofi:`. A capitalized word that is a person's label as a key
//! (`driver`, `nurse`, `courier`, `tenant`; see [`super::keys`]) before
//! one to three capitalized words and a colon introduces the person:
//! the words are a name, the role is not part of it. A name found with
//! its role word in front loses the role word, so the session never
//! learns `driver` as a name word.

use super::keys::{self, KeyKind};
use super::lexicon::word_info;
use super::names::{normalize, with_fold};
use super::{Class, Detector, Finding};

/// Whether `word` names a role a person plays (a person's key) and is no
/// given name of weight (`Dean`, `Major` are people too).
fn role(word: &str) -> bool {
    word.len() <= 24
        && keys::kind_of(word) == KeyKind::Person
        && with_fold(word, |f| {
            let i = word_info(f);
            !i.strong_given() && !i.ambiguous_given()
        })
}

/// Trims a leading role word off the names in `out`, and appends the
/// names a role word and a colon introduce in `text`.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    // (Under a key the value is what it is.)
    for f in out
        .iter_mut()
        .filter(|f| f.class == Class::Name && f.detector != Detector::NameStructured)
    {
        let name = &text[f.start..f.end];
        if let Some((first, rest)) = name.split_once(' ')
            && rest.starts_with(|c: char| c.is_alphabetic())
            && first.starts_with(char::is_uppercase)
            && role(first)
        {
            f.start += first.len() + 1;
            f.normalized = normalize(&text[f.start..f.end]);
        }
    }
    let mut found = Vec::new();
    let b = text.as_bytes();
    for colon in memchr::memchr_iter(b':', b) {
        if !matches!(b.get(colon + 1), Some(b' ' | b'\t')) {
            continue;
        }
        // The line's last words before the colon, at most 80 bytes back.
        let from = text.floor_char_boundary(colon.saturating_sub(80));
        let from = text[from..colon].rfind('\n').map_or(from, |p| from + p + 1);
        let words: Vec<(usize, &str)> = text[from..colon]
            .split(' ')
            .scan(from, |at, w| {
                let s = *at;
                *at += w.len() + 1;
                Some((s, w))
            })
            .collect();
        // A role word, then one to three capitalized words.
        let Some(r) = (1..=3.min(words.len().saturating_sub(1)))
            .map(|n| words.len() - 1 - n)
            .find(|&r| {
                let (rs, rw) = words[r];
                let before = text[..rs].chars().next_back();
                rw.starts_with(char::is_uppercase)
                    && before.is_none_or(|c| {
                        c.is_whitespace() || matches!(c, '.' | ',' | ';' | '(' | '[')
                    })
                    && role(rw)
            })
        else {
            continue;
        };
        let (start, end) = (words[r + 1].0, colon);
        let name_words = &words[r + 1..];
        let shaped = name_words.iter().all(|(_, w)| {
            w.chars().next().is_some_and(char::is_uppercase)
                && w.chars().count() >= 2
                && w.chars().all(|c| {
                    c.is_alphabetic() || super::names::is_mark(c) || matches!(c, '\'' | '’' | '-')
                })
                && !with_fold(w, |f| {
                    let i = word_info(f);
                    i.common_only() || i.blocked || i.foreign
                })
        });
        if shaped && !out.iter().any(|f| f.start < end && start < f.end) {
            found.push(Finding {
                class: Class::Name,
                start,
                end,
                detector: Detector::NameContext,
                confidence: 0.8,
                normalized: normalize(&text[start..end]),
            });
        }
    }
    out.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        let e = crate::pii::Engine::new(Vec::new());
        e.scan(text, crate::pii::Leaf::TEXT, &crate::pii::NoMemory)
            .iter()
            .filter(|f| f.class == Class::Name)
            .map(|f| text[f.start..f.end].to_string())
            .collect()
    }

    #[test]
    fn a_role_word_introduces_a_name_and_is_no_part_of_it() {
        assert_eq!(
            names("Delivery on 3 April. Driver Jabari: +254 712 345678."),
            ["Jabari"]
        );
        assert_eq!(
            names("Nurse Akosua Mensah: vitals stable"),
            ["Akosua Mensah"]
        );
        assert_eq!(names("Driver Jabari Mwangi: on my way"), ["Jabari Mwangi"]);
    }

    #[test]
    fn ordinary_words_and_given_names_stay() {
        // An ordinary word after the role, no colon, a name that is a role's
        // word too.
        assert!(names("Driver Update: new route").is_empty());
        assert_eq!(names("Dean Martin: live at the Sands"), ["Dean Martin"]);
    }
}

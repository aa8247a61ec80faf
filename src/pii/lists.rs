//! Names that a list's layout marks, whatever their origin: the numbered
//! `Last, First` entries of guest lists and rosters (" 1. Heikkinen, Matti
//! table 24") and the `SURNAME/GIVEN MR` passenger lines of airline
//! bookings (`1.PILLAI/SREEJITH MR`). The redactor's learn pass teaches
//! them to the session, so the detectors find them here and later.

use std::sync::LazyLock;

use regex::Regex;

use super::lexicon::word_info;
use super::names::with_fold;

/// `N. Last, First` alone on its line or followed by a column gap.
static NUMBERED_LAST_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?m)^[ \t]*\d{1,3}[.)][ \t]+(\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){0,2}), (\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’-]+)?)(?:[ ]{2,}|\t|[ ]*\r?$)",
    )
    .expect("the numbered-list pattern compiles")
});

/// `SURNAME/GIVEN NAMES TITLE`, as booking systems print passengers.
static PASSENGER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:^|[\s.])(\p{Lu}[\p{Lu}'-]+)/(\p{Lu}[\p{Lu}'-]*(?: \p{Lu}[\p{Lu}'-]*){0,2}) (?:MR|MRS|MS|MISS|MSTR|MX|DR|PROF)\b",
    )
    .expect("the passenger pattern compiles")
});

/// The names these layouts show in `text`, as "First Last", appended to
/// `out`.
pub fn names(text: &str, out: &mut Vec<String>) {
    if text.contains(", ") {
        for c in NUMBERED_LAST_FIRST.captures_iter(text) {
            push(&c[2], &c[1], out);
        }
    }
    // Every passenger line has a slash and a title after a space.
    let b = text.as_bytes();
    if memchr::memchr(b'/', b).is_some()
        && [&b" M"[..], b" DR", b" PROF"]
            .iter()
            .any(|t| memchr::memmem::find(b, t).is_some())
    {
        for c in PASSENGER.captures_iter(text) {
            push(&c[2], &c[1], out);
        }
    }
}

fn push(given: &str, family: &str, out: &mut Vec<String>) {
    // "Paris, France", "Support, Tier": ordinary words and places are not
    // people.
    let ordinary = given
        .split([' ', '-'])
        .chain(family.split([' ', '-']))
        .filter(|w| w.chars().count() >= 2)
        .any(|w| with_fold(w, word_info).common_only());
    if !ordinary {
        out.push(format!("{given} {family}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        names(text, &mut out);
        out
    }

    #[test]
    fn numbered_last_first() {
        let text = "GUEST LIST\n\n 1. Heikkinen, Matti                   table 24 (vegan)\n 2. CHOI, Yu-na                        table 8\n 3. FERRER CASALS, Oriol\n";
        assert_eq!(
            found(text),
            ["Matti Heikkinen", "Yu-na CHOI", "Oriol FERRER CASALS"]
        );
        assert!(found(" 1. Paris, France\n 2. Sales, Marketing   x\n").is_empty());
        // Prose after the comma is not a name column.
        assert!(found("1. Heikkinen, Matti said hello").is_empty());
    }

    #[test]
    fn passengers() {
        let text = "RLOC RPJR8C\n  1.PILLAI/SREEJITH MR\n  2.CRUZMENDOZA/ALEJANDRA MX\n  3  BA2095 Y 12SEP DXBBLR HK3";
        assert_eq!(found(text), ["SREEJITH PILLAI", "ALEJANDRA CRUZMENDOZA"]);
        assert!(found("RP/LON1A0955/LON1A0955  08-08-2023").is_empty());
    }
}

//! Sports scorecards, which name players by the shape of the card rather
//! than by any cue a sentence would give:
//!
//! - **Cricket batting**: the batter, then how they were out and by whom
//!   (`Okoth c Wjelan b Nthako 45 32`, `lbw b X`, `st †Y b Z`, `c & b Z`,
//!   `run out (Y)`, `not out`), then the runs.
//! - **Cricket bowling**: a bowler's overs, maidens, runs and wickets
//!   (`Nthako 10-1-45-3`, `Nthako  10  1  45  3`) in a card that says
//!   `Bowling` or heads its columns `O M R W`.
//! - **Football scorers and cards**: names with the minute (`Okoth 23'`,
//!   `Wjelan 45+2'`), two or more on a line or after a label of goals or
//!   cards.
//!
//! Each word of two letters or more of a name is a part of a person's
//! name; initials (`T`, `K.`) stay ([`super::records::push_words`]).

use super::Finding;
use super::records::push_words;

/// A name on a card: one to four words, each capitalized, an initial, or
/// of a script without case.
const NAME: &str =
    r"(?:[\p{Lu}\p{Lt}\p{Lo}][\p{L}\p{M}'’.-]*)(?: [\p{Lu}\p{Lt}\p{Lo}][\p{L}\p{M}'’.-]*){0,3}";

static DISMISSAL: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    let n = NAME;
    regex::Regex::new(&format!(
        r"(?m)^[ \t]*(?P<bat>{n})[ \t]+(?:c (?:&|†?(?P<f>{n})) b (?P<b>{n})|lbw b (?P<l>{n})|st †?(?P<k>{n}) b (?P<s>{n})|hit wicket b (?P<h>{n})|b (?P<o>{n})|run out(?: \((?P<r>{n})(?:/(?P<r2>{n}))?\))?|not out|retired hurt)[ \t]+\d"
    ))
    .expect("dismissal pattern")
});

static BOWLING: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(&format!(
        r"(?m)^[ \t]*(?P<n>{NAME})[ \t]+\d{{1,2}}(?:\.\d)?(?:[-–][ \t]*|[ \t]+)\d{{1,2}}(?:[-–]|[ \t]+)\d{{1,3}}(?:[-–]|[ \t]+)\d{{1,2}}\b"
    ))
    .expect("bowling pattern")
});

static MINUTE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(&format!(
        r"(?P<n>{NAME}) \d{{1,3}}(?:\+\d{{1,2}})?['’′](?:[^\p{{L}}]|$)"
    ))
    .expect("minute pattern")
});

static BOWLING_CARD: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?i)\bbowling\b|\bO[ \t]+M[ \t]+R[ \t]+W\b").expect("bowling card")
});

/// Labels of a football line that lists scorers or cards.
const GOAL_LABELS: &[&str] = &[
    "goal",
    "scorer",
    "card",
    "booked",
    "sent off",
    "tore",
    "buts",
    "goles",
    "gols",
    "reti",
    "doelpunten",
    "bramki",
    "mål",
    "maalit",
    "⚽",
    "🟨",
    "🟥",
];

/// Appends the players named on the scorecards in `text`.
pub fn scorecards(text: &str, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let has = |s: &str| memchr::memmem::find(b, s.as_bytes()).is_some();
    if has(" b ") || has("not out") || has("run out") {
        for c in DISMISSAL.captures_iter(text) {
            for g in ["bat", "f", "b", "l", "k", "s", "h", "o", "r", "r2"] {
                if let Some(m) = c.name(g) {
                    push_words(text, m.start(), m.end(), out);
                }
            }
        }
    }
    // The card's word or its columns, before the pattern runs.
    if (has("owling") || has("OWLING") || has(" M ")) && BOWLING_CARD.is_match(text) {
        for c in BOWLING.captures_iter(text) {
            if let Some(m) = c.name("n") {
                push_words(text, m.start(), m.end(), out);
            }
        }
    }
    if text.contains(['\'', '’', '′']) {
        let mut line_start = 0;
        for line in text.split('\n') {
            let ls = line_start;
            line_start += line.len() + 1;
            // A minute: a digit right before the mark (not `don't`).
            let minute = line
                .match_indices(['\'', '’', '′'])
                .any(|(p, _)| line.as_bytes()[..p].last().is_some_and(u8::is_ascii_digit));
            if !minute {
                continue;
            }
            let ms: Vec<regex::Match> = MINUTE
                .captures_iter(line)
                .filter_map(|c| c.name("n"))
                .collect();
            // A label as a word or a word's start (`Goals:`, `Booked`),
            // not inside one (`store`, `discard`).
            let lower = line.to_lowercase();
            let labelled = GOAL_LABELS.iter().any(|l| {
                lower.match_indices(l).any(|(p, _)| {
                    !lower[..p]
                        .chars()
                        .next_back()
                        .is_some_and(char::is_alphanumeric)
                })
            });
            if ms.len() >= 2 || (labelled && !ms.is_empty()) {
                for m in ms {
                    push_words(text, ls + m.start(), ls + m.end(), out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        scorecards(text, &mut out);
        out.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn cricket_batting_and_bowling() {
        let card = "Batting        R   B\n\
                    Okoth c Wjelan b Nthako   45  32\n\
                    T Mokoena lbw b Ganbaatar   12  20\n\
                    K Nthako not out   7  5\n\
                    B Toktogulova run out (Okoth)  0  1\n\
                    செல்வம் c & b ใจดี  3  4\n\
                    Extras (b 4, lb 2) 6\n\
                    Bowling  O M R W\n\
                    Rəşad 10-1-45-3\n\
                    Total 8-0-39-2";
        assert_eq!(
            found(card),
            [
                "Okoth",
                "Wjelan",
                "Nthako",
                "Mokoena",
                "Ganbaatar",
                "Nthako",
                "Toktogulova",
                "Okoth",
                "செல்வம்",
                "ใจดี",
                "Rəşad"
            ]
        );
        // Figures without a bowling card are not a bowler's.
        assert!(found("Rəşad 10-1-45-3").is_empty());
        // A plan and its option are no batters.
        assert!(found("Plan b Option 2").is_empty());
    }

    #[test]
    fn football_scorers_and_cards() {
        assert_eq!(
            found("Goals: Okoth 23', Wjelan 67' (pen)\nYellow cards: Ganbaatar 45+2'"),
            ["Okoth", "Wjelan", "Ganbaatar"]
        );
        assert_eq!(found("Akouvi 12’, Siddiqi 90+4’"), ["Akouvi", "Siddiqi"]);
        // Lengths in feet, and one name with a minute and no label.
        assert!(found("Shelf 6' tall, Height 6' Width 4'").is_empty());
        assert!(found("Akouvi 12'").is_empty());
        // Decades, and labels inside other words (`store`, `discard`).
        assert!(found("Paris 90's vs London 80's").is_empty());
        assert!(found("Restore Okoth 23' discard").is_empty());
        assert_eq!(
            found("O’Brien c Smith b Jones 45"),
            ["O’Brien", "Smith", "Jones"]
        );
    }
}

//! Names that an email address of the same record spells out.
//!
//! `akane.kimura@…` next to "Akane Kimura", `thaile@…` next to "Tigist
//! Haile", `singhbains.jaspreet@…` next to "jaspreet singh bains": when the
//! letters of an address's local part are exactly some of a nearby
//! phrase's words and initials, the phrase is that person's name, whatever
//! its origin, its case or whether any dictionary knows it. The check is
//! strict so that it needs no dictionary: every letter of the local part
//! must be accounted for, at least one word must appear whole, every word
//! of the phrase but (in a phrase of three words or more) one must be used
//! (any number when two appear whole), and no word may be an ordinary English word ("Sales Team" and
//! `sales.team@` agree letter for letter and are not a person).
//!
//! The caller teaches the session the agreeing names (the redactor's learn
//! pass); the detectors then find them wherever they occur, as they find
//! every name learned earlier in a session.

use super::lexicon::word_info;
use super::names::{self, with_fold};
use super::translit::plain;

/// The most words a name phrase may have here.
const MAX_WORDS: usize = 5;

/// Honorifics dropped before a phrase is judged ("Smt. Somtochukwu
/// Ilozue"), besides the free-text scanner's titles.
const MORE_TITLES: &[&str] = &["smt", "shri", "sri", "mstr", "dra", "sig", "sgt", "hon"];

/// Generational and degree suffixes: allowed, never part of the local part,
/// never taught ("Marcus Bell Jr.").
const SUFFIXES: &[&str] = &["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq", "mba"];

/// The letters of an address's local part, folded, by segment: before any
/// `+tag`, lower case, accents off, digits dropped, split at `.`, `_`,
/// `-` and `'`. `None` when nothing is left.
pub fn local_segments(address: &str) -> Option<Vec<String>> {
    let local = address.split('@').next()?;
    let local = local.split('+').next()?;
    let segs: Vec<String> = local
        .split(['.', '_', '-', '\''])
        .map(|s| plain(s).chars().filter(|c| c.is_alphabetic()).collect())
        .filter(|s: &String| !s.is_empty())
        .collect();
    (!segs.is_empty()).then_some(segs)
}

/// The name phrase `text` holds, cleaned for teaching (titles and suffixes
/// off, `Last, First` kept as written), when it agrees with one of
/// `locals`; `None` otherwise.
pub fn agreeing_name(text: &str, locals: &[Vec<String>]) -> Option<String> {
    if locals.is_empty() || text.len() > 80 {
        return None;
    }
    let text = text.trim();
    // Cheap shape checks first: most members are not two to five words.
    let words = text.split_whitespace().count();
    let shaped = (2..=MAX_WORDS + 2).contains(&words) || (words == 1 && text.contains(','));
    if !shaped {
        return None;
    }
    if text.chars().next().is_some_and(|c| !c.is_alphabetic())
        || text
            .chars()
            .any(|c| c.is_ascii_digit() || matches!(c, '@' | '/' | '\\' | '_' | '#' | '='))
    {
        return None;
    }
    // Words as written, with their folded, accent-free letters.
    let mut kept: Vec<&str> = Vec::new();
    let mut letters: Vec<String> = Vec::new();
    // How many kept words come before each comma ("Last, First").
    let mut commas: Vec<usize> = Vec::new();
    for raw in text.split_inclusive(|c: char| c.is_whitespace() || c == ',') {
        if raw.ends_with(',') {
            commas.push(kept.len() + usize::from(!raw.trim_end_matches(',').trim().is_empty()));
        }
        let w = raw.trim_matches(|c: char| !c.is_alphabetic());
        if w.is_empty() {
            continue;
        }
        if w.chars()
            .any(|c| !(c.is_alphabetic() || matches!(c, '\'' | '’' | '-' | '.')))
        {
            return None;
        }
        let folded = plain(w);
        let bare: String = folded.chars().filter(|c| c.is_alphabetic()).collect();
        let is_title =
            names::TITLES.contains(&bare.as_str()) || MORE_TITLES.contains(&bare.as_str());
        if kept.is_empty() && is_title {
            continue;
        }
        if SUFFIXES.contains(&bare.as_str()) && !kept.is_empty() {
            continue;
        }
        // Mixed case inside a word ("iPhone", "McDonald" aside) is not a
        // name's shape here; a word is Title case, all lower or ALL CAPS.
        if !word_shape(w) {
            return None;
        }
        kept.push(w);
        letters.push(bare);
        if kept.len() > MAX_WORDS {
            return None;
        }
    }
    if kept.len() < 2 {
        return None;
    }
    // A name in capitals takes no lower-case word but a particle ("Van
    // der Merwe"): in "paciente Gonçalo Oliveira" and "Pema Lhamo,
    // telefon" the words in lower case at either end are the prose's and
    // are left out; one in the middle makes it no name.
    // A word is the prose's when it has no capital and is no name part
    // with an apostrophe or a hyphen ("al-Rashid", "d'Angelo", "van't").
    let lower = |w: &str| {
        w.starts_with(char::is_lowercase)
            && !w.chars().any(char::is_uppercase)
            && !w.contains(['\'', '’', '-'])
            && w.chars().count() > 1
    };
    if !kept.iter().all(|w| lower(w)) {
        let particle = |w: &str| names::PARTICLES.contains(&plain(w).as_str());
        let head = kept.iter().take_while(|w| lower(w) && !particle(w)).count();
        let tail = kept[head..].iter().rev().take_while(|w| lower(w)).count();
        let keep = head..kept.len() - tail;
        if kept[keep.clone()].iter().any(|w| lower(w) && !particle(w)) {
            return None;
        }
        kept = kept[keep.clone()].to_vec();
        letters = letters[keep.clone()].to_vec();
        commas = commas
            .iter()
            .filter_map(|&k| k.checked_sub(head).filter(|&k| 0 < k && k < kept.len()))
            .collect();
        if kept.len() < 2 {
            return None;
        }
    }
    // No ordinary word: "Sales Team", "Rose Gold", "Help Desk".
    if kept
        .iter()
        .any(|w| w.chars().count() >= 2 && with_fold(w, word_info).common_only())
    {
        return None;
    }
    if !locals.iter().any(|segs| covers(&letters, segs)) {
        return None;
    }
    // Keep "Last, First" readable for `names::normalize`.
    Some(match commas[..] {
        [k] if k > 0 && k < kept.len() => {
            format!("{}, {}", kept[..k].join(" "), kept[k..].join(" "))
        }
        _ => kept.join(" "),
    })
}

/// The local parts of the addresses in `text` (an email member's value,
/// usually), appended to `out`.
pub fn addresses(text: &str, out: &mut Vec<Vec<String>>) {
    if text.len() > 2_000 || memchr::memchr(b'@', text.as_bytes()).is_none() {
        return;
    }
    let mut found = Vec::new();
    super::email::find(text, &mut found);
    out.extend(found.iter().filter_map(|f| local_segments(&f.normalized)));
}

/// The words of a profile link's handle, as [`local_segments`] gives an
/// address's (`https://www.linkedin.com/in/halldora-gunnarsdottir-d554c9d`
/// gives `halldora`, `gunnarsdottir`; segments with digits are ids and
/// dropped), appended to `out`.
pub fn profile_slugs(text: &str, out: &mut Vec<Vec<String>>) {
    const MARKERS: &[&str] = &[
        "/in/",
        "/people/",
        "/profile/",
        "/profiles/",
        "/user/",
        "/users/",
        "/u/",
    ];
    let t = text.trim();
    if t.len() > 300 || !(t.starts_with("https://") || t.starts_with("http://")) {
        return;
    }
    for m in MARKERS {
        let Some(p) = t.find(m) else {
            continue;
        };
        let slug = t[p + m.len()..].split(['/', '?', '#']).next().unwrap_or("");
        let segs: Vec<String> = slug
            .split(['-', '_', '.'])
            .filter(|s| !s.is_empty() && !s.chars().any(|c| c.is_ascii_digit()))
            .map(|s| plain(s).chars().filter(|c| c.is_alphabetic()).collect())
            .filter(|s: &String| !s.is_empty())
            .collect();
        if !segs.is_empty() {
            out.push(segs);
        }
        return;
    }
}

/// Lines either side of an address's own line whose cells are read.
const NEAR_LINES: usize = 2;

/// The names in `text` that an address in it spells out: the cells of the
/// address's line and of the lines near it (a table row, a
/// `Name <address>` header, a heading over a contact line), appended to
/// `out` cleaned for teaching.
pub fn names_in_text(text: &str, out: &mut Vec<String>) {
    if memchr::memchr(b'@', text.as_bytes()).is_none() {
        return;
    }
    let mut found = Vec::new();
    super::email::find(text, &mut found);
    if found.is_empty() {
        return;
    }
    let lines: Vec<(usize, &str)> = {
        let mut at = 0;
        text.split('\n')
            .map(|l| {
                let start = at;
                at += l.len() + 1;
                (start, l)
            })
            .collect()
    };
    let line_of = |pos: usize| lines.partition_point(|&(start, _)| start <= pos) - 1;
    for f in &found {
        let Some(segs) = local_segments(&f.normalized) else {
            continue;
        };
        let locals = [segs];
        let li = line_of(f.start);
        let lo = li.saturating_sub(NEAR_LINES);
        for &(_, line) in lines.iter().take(li + NEAR_LINES + 1).skip(lo) {
            for cell in cells(line) {
                if let Some(name) = agreeing_name(cell, &locals) {
                    out.push(name);
                } else if cell.split_whitespace().count() > MAX_WORDS && cell.contains(',') {
                    // A list ("Tomás Ferreyra, Kovács Péter, …"): its items,
                    // and neighbours joined as "Last, First".
                    let items: Vec<&str> = cell.split(',').map(str::trim).collect();
                    for (i, item) in items.iter().enumerate() {
                        if let Some(name) = agreeing_name(item, &locals) {
                            out.push(name);
                        } else if let Some(next) = items.get(i + 1) {
                            let pair = format!("{item}, {next}");
                            if let Some(name) = agreeing_name(&pair, &locals) {
                                out.push(name);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A line cut at the marks that separate fields: tabs, pipes, brackets,
/// quotes, HTML entities, `=`, `:`, dashes and bullets between words, runs of two
/// spaces or more (fixed-width columns). An apostrophe inside a word
/// (O'Brien) does not cut.
fn cells(line: &str) -> impl Iterator<Item = &str> {
    let b = line.as_bytes();
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut skip_to = 0;
    for (i, c) in line.char_indices() {
        if i < skip_to {
            continue;
        }
        let len = c.len_utf8();
        // An HTML entity (`&lt;`, `&#39;`) cuts as a whole: "Ann Lee
        // &lt;ann@x.com&gt;" leaves no `lt` on the name.
        if c == '&' {
            let body = b[i + 1..]
                .iter()
                .take(10)
                .take_while(|x| x.is_ascii_alphanumeric() || **x == b'#')
                .count();
            if body > 0 && b.get(i + 1 + body) == Some(&b';') {
                skip_to = i + body + 2;
                cuts.push((i, skip_to));
                continue;
            }
        }
        let cut = match c {
            '\t' | '|' | ';' | '<' | '>' | '(' | ')' | '[' | ']' | '{' | '}' | '"' | '=' | ':'
            | '—' | '–' | '•' | '·' | '☎' | '*' | '#' | '\r' | '/' => true,
            '\'' | '’' => {
                let before = line[..i]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphabetic);
                let after = line[i + len..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphabetic);
                !(before && after)
            }
            ' ' => {
                b.get(i + 1) == Some(&b' ')
                    || (b.get(i + 1) == Some(&b'-') && b.get(i + 2) == Some(&b' '))
            }
            _ => false,
        };
        if cut {
            cuts.push((i, i + len));
        }
    }
    let mut pieces = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for (a, z) in cuts {
        pieces.push(&line[start..a]);
        start = z;
    }
    pieces.push(&line[start..]);
    pieces
        .into_iter()
        .map(|p| p.trim_matches(|c: char| c.is_whitespace() || c == '-' || c == ','))
        .filter(|p| !p.is_empty())
}

fn word_shape(w: &str) -> bool {
    let mut chars = w.chars().filter(|c| c.is_alphabetic());
    let Some(first) = chars.next() else {
        return false;
    };
    let rest: Vec<char> = chars.collect();
    let all_lower = first.is_lowercase() && rest.iter().all(|c| !c.is_uppercase());
    let all_upper = !first.is_lowercase() && rest.iter().all(|c| !c.is_lowercase());
    let title = first.is_uppercase() && {
        // Title case, allowing an inner capital after Mc/Mac/O'/D' or a
        // hyphen ("McKenna", "O'Brien", "Jean-Luc").
        w.char_indices()
            .skip(1)
            .filter(|(_, c)| c.is_uppercase())
            .all(|(i, _)| {
                let before = &w[..i];
                before.ends_with(['-', '\'', '’', '.']) || before == "Mc" || before == "Mac"
            })
    };
    all_lower || all_upper || title
}

/// Whether the local part's segments are exactly some of `words` (whole)
/// and initials of others, each word used once, at least one whole, and
/// every word but (with three or more) one used.
fn covers(words: &[String], segs: &[String]) -> bool {
    let words: Vec<Vec<char>> = words.iter().map(|w| w.chars().collect()).collect();
    let segs: Vec<Vec<char>> = segs.iter().map(|s| s.chars().collect()).collect();
    let mut used = vec![0u8; words.len()]; // 0 unused, 1 initial, 2 whole
    segs_cover(&words, &segs, 0, 0, &mut used)
}

fn segs_cover(
    words: &[Vec<char>],
    segs: &[Vec<char>],
    seg: usize,
    at: usize,
    used: &mut [u8],
) -> bool {
    if seg == segs.len() {
        let whole = used.iter().filter(|&&u| u == 2).count();
        let unused = used
            .iter()
            .zip(words)
            .filter(|(u, w)| **u == 0 && w.len() >= 3)
            .count();
        let pieces = used.iter().filter(|&&u| u > 0).count();
        // Two whole words in the address vouch for a longer phrase
        // ("binti Abdullah, Nur Aisyah" for `nur-abdullah`).
        return whole >= 1
            && pieces >= 2
            && (unused == 0 || (words.len() >= 3 && (unused == 1 || whole >= 2)));
    }
    let s = &segs[seg];
    if at == s.len() {
        return segs_cover(words, segs, seg + 1, 0, used);
    }
    for (i, w) in words.iter().enumerate() {
        if used[i] != 0 {
            continue;
        }
        if w.len() >= 2 && s[at..].starts_with(w) {
            used[i] = 2;
            if segs_cover(words, segs, seg, at + w.len(), used) {
                return true;
            }
            used[i] = 0;
        }
        if w.first() == Some(&s[at]) {
            used[i] = 1;
            if segs_cover(words, segs, seg, at + 1, used) {
                return true;
            }
            used[i] = 0;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn in_text(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        names_in_text(text, &mut out);
        out
    }

    #[test]
    fn profile_links_spell_names() {
        let mut slugs = Vec::new();
        profile_slugs(
            "https://www.linkedin.com/in/halldora-gunnarsdottir-d554c9d",
            &mut slugs,
        );
        assert_eq!(
            slugs,
            [vec!["halldora".to_string(), "gunnarsdottir".to_string()]]
        );
        assert_eq!(
            agreeing_name("Halldóra Gunnarsdóttir", &slugs).as_deref(),
            Some("Halldóra Gunnarsdóttir")
        );
        assert!(agreeing_name("Product Designer", &slugs).is_none());
        let mut none = Vec::new();
        profile_slugs("https://example.com/docs/getting-started", &mut none);
        profile_slugs("see /in/ann-lee", &mut none);
        assert!(none.is_empty());
    }

    #[test]
    fn names_near_their_addresses() {
        assert_eq!(
            in_text("2024-W06\tusman chaudhry\tusman.chaudhry@tailspintoys.com\t+92 300 1234567"),
            ["usman chaudhry"]
        );
        assert_eq!(
            in_text("# Yuto Yamamoto\nyuto.yamamoto+work@rhein-logistik.de · +49 1"),
            ["Yuto Yamamoto"]
        );
        assert_eq!(
            in_text("profile: { name: 'Petr Černý', emails: [ 'cerny.petr@aurora-labs.fi' ] }"),
            ["Petr Černý"]
        );
        assert_eq!(
            in_text(
                "<DisplayName>Obinna Uzor</DisplayName>\n  <Email primary=\"true\">obinna.uzor@x.ng</Email>"
            ),
            ["Obinna Uzor"]
        );
        assert_eq!(
            in_text(
                "Gurpreet Singh Sandhu — Chief Operating Officer <singhsandhu-g@harborview.health>"
            ),
            ["Gurpreet Singh Sandhu"]
        );
        assert_eq!(
            in_text("     name = ndeye fatou mbaye\n    email = ndeye.fatou.mbaye@staff.x.sn"),
            ["ndeye fatou mbaye"]
        );
        assert_eq!(
            in_text("Conor O'Brien <conor.obrien@x.ie>"),
            ["Conor O'Brien"]
        );
        assert_eq!(
            in_text("<li>Press: Rəşad Elçin Rzayev &lt;rrzayev@terra.com.br&gt;</li>"),
            ["Rəşad Elçin Rzayev"]
        );
        assert!(in_text("Sales Team <sales.team@acme.com>").is_empty());
        assert!(in_text("no address here, Akane Kimura").is_empty());
    }

    fn agree(name: &str, address: &str) -> Option<String> {
        let segs = local_segments(address).unwrap();
        agreeing_name(name, &[segs])
    }

    #[test]
    fn whole_words_and_initials() {
        for (name, address) in [
            ("Akane Kimura", "akane.kimura@eu.fjord-energy.no"),
            ("Tigist Haile", "thaile@example.jp"),
            ("Otieno Odhiambo", "odhiambo-o@yahoo.com"),
            ("Petr Černý", "cerny.petr@aurora-labs.fi"),
            ("jaspreet singh bains", "singhbains.jaspreet@brightpath.dev"),
            ("zainab yusuf", "zainab.yusuf+bank@gmail.com"),
            ("Niamh Ní Bhriain", "Niamh.Bhriain@example.ie"),
            ("Smt. Somtochukwu Ilozue", "somtochukwu.i@example.ng"),
            ("Marcus Bell Jr.", "marcus.b@carpathia-bank.ro"),
            ("STEFANIE KÖHLER", "stefanie.koehler@x.de"),
            ("Nguyen Thi Linh", "thi.n@jade-river.cn"),
            ("Bjørn Ødegård", "bjorn.odegard@x.no"),
        ] {
            // Köhler spelled "koehler" is a transliteration the check does
            // not make: it must say no rather than guess.
            let got = agree(name, address);
            if name == "STEFANIE KÖHLER" {
                assert_eq!(got, None);
            } else {
                assert!(got.is_some(), "{name} / {address}");
            }
        }
        assert_eq!(
            agree("Smt. Somtochukwu Ilozue", "somtochukwu.i@x.ng").as_deref(),
            Some("Somtochukwu Ilozue")
        );
        assert_eq!(
            agree("Marcus Bell Jr.", "marcus.b@x.ro").as_deref(),
            Some("Marcus Bell")
        );
        assert_eq!(
            agree("binti Abdullah, Nur Aisyah", "nur-abdullah@hekla-geo.is").as_deref(),
            Some("binti Abdullah, Nur Aisyah")
        );
    }

    #[test]
    fn strict_where_no_person_is_named() {
        for (text, address) in [
            ("Sales Team", "sales.team@acme.com"),
            ("Help Desk", "helpdesk@acme.com"),
            ("Acme Support", "support@acme.com"),
            ("Kimura Trading", "kimura@trading.jp"),
            ("Akane Kimura", "kimura@x.jp"),        // one piece only
            ("Zhou Jie", "jz399@wawel-soft.pl"),    // initials only
            ("Akane Kimura", "akane.kimurax@x.jp"), // letters left over
            ("Order 4411 shipped", "akane@x.jp"),
            ("iPhone Case", "iphone.case@x.com"),
            ("Akane", "akane@x.jp"), // one word
            ("a b c d e f", "a.b@x.com"),
            // A word in lower case inside a name in capitals.
            ("Pema tel Lhamo", "lhamo.pema@vireo.ac.uk"),
        ] {
            assert_eq!(agree(text, address), None, "{text} / {address}");
        }
    }

    #[test]
    fn prose_words_around_a_name_are_left_out() {
        assert_eq!(
            agree("Pema Lhamo, telefon", "lhamo.pema@vireo.ac.uk").as_deref(),
            Some("Pema Lhamo")
        );
        assert_eq!(
            agree("paciente Gonçalo Oliveira", "goncalo.oliveira@sapo.pt").as_deref(),
            Some("Gonçalo Oliveira")
        );
        assert_eq!(
            agree("Lhamo, Pema tel", "lhamo.pema@vireo.ac.uk").as_deref(),
            Some("Lhamo, Pema")
        );
        assert_eq!(
            agree("Lhamo, Pema, telefon", "lhamo.pema@vireo.ac.uk").as_deref(),
            Some("Lhamo, Pema")
        );
    }

    #[test]
    fn particles_in_lower_case() {
        assert_eq!(
            agree("Thijs van der Berg", "thijs.vanderberg@x.nl").as_deref(),
            Some("Thijs van der Berg")
        );
    }

    #[test]
    fn local_parts() {
        assert_eq!(
            local_segments("Zainab.Yusuf+bank@gmail.com").unwrap(),
            vec!["zainab", "yusuf"]
        );
        assert_eq!(local_segments("jz399@x.pl").unwrap(), vec!["jz"]);
        assert_eq!(local_segments("1234@x.pl"), None);
        assert_eq!(local_segments("čepek_2@x.cz").unwrap(), vec!["cepek"]);
    }
}

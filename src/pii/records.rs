//! Record formats of other industries that carry people's names in fixed
//! places, read by their standard rather than by the look of the words:
//!
//! - **HL7 v2** messages (hospital admissions, lab orders): the patient's
//!   name in `PID-5`, the mother's maiden name in `PID-6`, aliases in
//!   `PID-9`, next of kin in `NK1-2`, guarantor and insured in `GT1-3` and
//!   `IN1-16`, and the clinicians (`XCN`: id, family, given…) in `PV1-7/8/9/17`,
//!   `PD1-4`, `ORC-12`, `OBR-16`, `OBX-16`, `EVN-5`. Names are written
//!   `FAMILY^GIVEN^MIDDLE` in capitals, so no dictionary or case rule would
//!   find them.
//! - **IATA bar-coded boarding passes** (BCBP, Resolution 792): `M1`, then
//!   the passenger's `SURNAME/GIVEN` padded to 20 characters.
//! - **GEDCOM** family trees: `1 NAME Given /Surname/` and the `GIVN`,
//!   `SURN`, `NICK`, `_MARNM` parts of the individuals (`INDI`) and the
//!   submitters (`SUBM`), not the names of sources or repositories.
//! - **Bibliographies**: BibTeX's `author = {Last, First and …}` (also
//!   `editor`, `translator`), RIS's `AU  - ` lines and refer's `%A` lines,
//!   plain-text reference lists in the APA, Harvard, Vancouver, MLA and
//!   Chicago styles, and authors cited in running text (`Okoth et al.
//!   (2019)`, `(Nthako & Wjelan, 2020)`).
//!
//! Each name part is its own finding, so the record's separators stay and
//! the redacted message still parses.

use super::{Class, Detector, Finding, names};

/// Fields of an HL7 v2 segment that hold names: (segment, field number,
/// whether the type is `XCN` (an id before the family name) rather than
/// `XPN`).
const HL7_NAME_FIELDS: &[(&str, usize, bool)] = &[
    ("PID", 5, false),
    ("PID", 6, false),
    ("PID", 9, false),
    ("NK1", 2, false),
    ("NK1", 30, false),
    ("GT1", 3, false),
    ("IN1", 16, false),
    ("PV1", 7, true),
    ("PV1", 8, true),
    ("PV1", 9, true),
    ("PV1", 17, true),
    ("PD1", 4, true),
    ("ORC", 10, true),
    ("ORC", 11, true),
    ("ORC", 12, true),
    ("OBR", 16, true),
    ("OBR", 28, true),
    ("OBX", 16, true),
    ("EVN", 5, true),
    ("ROL", 4, true),
    ("AIP", 3, true),
    ("SCH", 12, true),
    ("SCH", 16, true),
    ("SCH", 20, true),
    ("TXA", 5, true),
    ("TXA", 9, true),
    ("TXA", 10, true),
    ("TXA", 22, true),
    ("PR1", 11, true),
    ("PR1", 12, true),
    ("STF", 3, false),
];

/// Fields of an HL7 v2 segment that hold people's phone numbers (type
/// `XTN`, whose first component is the number as written): the patient's
/// home and business numbers, the next of kin's and the guarantor's. (Not
/// `IN1-7`, the insurer's.)
const HL7_PHONE_FIELDS: &[(&str, usize)] = &[
    ("PID", 13),
    ("PID", 14),
    ("NK1", 5),
    ("NK1", 6),
    ("GT1", 6),
    ("GT1", 7),
];

/// Does `text` hold an HL7 v2 message: an `MSH` segment at its start or
/// at the start of a line?
fn hl7_message(text: &str) -> bool {
    text.starts_with("MSH")
        || text.contains("\rMSH")
        || text.contains("\nMSH")
        || text.contains("\rPID")
        || text.contains("\nPID")
}

/// Names in the HL7 v2 message(s) of `text`.
pub fn hl7(text: &str, out: &mut Vec<Finding>) {
    if !hl7_message(text) {
        return;
    }
    // MSH-1 is the field separator, MSH-2's first character the
    // component separator and its second the repetition separator.
    let (fs, cs, rs) = text
        .find("MSH")
        .and_then(|p| {
            let mut c = text[p + 3..].chars();
            let fs = c.next()?;
            let cs = c.next()?;
            let rs = c.next()?;
            Some((fs, cs, rs))
        })
        .filter(|(f, c, r)| f.is_ascii_punctuation() && c.is_ascii_punctuation() && r != f)
        .unwrap_or(('|', '^', '~'));
    let mut at = 0;
    for seg in text.split(['\r', '\n']) {
        let seg_start = at;
        at += seg.len() + 1;
        let Some(id) = seg.get(..3) else { continue };
        if !seg[3..].starts_with(fs) {
            continue;
        }
        let mut field_start = seg_start + 4;
        for (n, field) in seg[4..].split(fs).enumerate() {
            let number = n + 1;
            let f_start = field_start;
            field_start += field.len() + fs.len_utf8();
            if HL7_PHONE_FIELDS.contains(&(id, number)) {
                let mut rep_start = f_start;
                for rep in field.split(rs) {
                    let number = rep.split(cs).next().unwrap_or("");
                    if let Some(mut f) = super::structured_phone(number) {
                        f.start += rep_start;
                        f.end += rep_start;
                        out.push(f);
                    }
                    rep_start += rep.len() + rs.len_utf8();
                }
                continue;
            }
            let Some(&(_, _, xcn)) = HL7_NAME_FIELDS
                .iter()
                .find(|(s, f, _)| *s == id && *f == number)
            else {
                continue;
            };
            let mut rep_start = f_start;
            for rep in field.split(rs) {
                let r_start = rep_start;
                rep_start += rep.len() + rs.len_utf8();
                let parts = if xcn { 1..4 } else { 0..3 };
                let mut c_start = r_start;
                for (k, comp) in rep.split(cs).enumerate() {
                    let s = c_start;
                    c_start += comp.len() + cs.len_utf8();
                    if parts.contains(&k) {
                        push_part(text, s, s + comp.len(), out);
                    }
                }
            }
        }
    }
}

/// A name part at `text[s..e]`, when it is letters (with `-`, `'`, space).
pub(super) fn push_part(text: &str, s: usize, e: usize, out: &mut Vec<Finding>) {
    let v = &text[s..e];
    // A surname's own sub-components (`&`) and trailing spaces stay out.
    let v = v.split('&').next().unwrap_or("").trim_end();
    let e = s + v.len();
    if v.chars().filter(|c| c.is_alphabetic()).count() < 2
        || !v
            .chars()
            .all(|c| c.is_alphabetic() || names::is_mark(c) || matches!(c, '-' | '\'' | '’' | ' '))
    {
        return;
    }
    out.push(Finding {
        class: Class::Name,
        start: s,
        end: e,
        detector: Detector::NameStructured,
        confidence: 0.9,
        normalized: names::normalize(v),
    });
}

/// What a bank statement writes before the other party of a transfer
/// (`2024-05-03;SEPA CREDIT KOBAYASHI Daisuke;INV-…`).
const COUNTERPARTY_MARKS: &[&str] = &[
    "SEPA CREDIT ",
    "SEPA CREDIT TRANSFER ",
    "SEPA TRANSFER ",
    "SEPA DEBIT ",
    "TRANSFER TO ",
    "TRANSFER FROM ",
    "PAYMENT TO ",
    "PAYMENT FROM ",
    "FASTER PAYMENT ",
    "FASTER PAYMENT TO ",
    "FASTER PAYMENT FROM ",
    "STANDING ORDER ",
    "STANDING ORDER TO ",
    "BANK GIRO CREDIT ",
    "GIRO ",
    "ÜBERWEISUNG AN ",
    "GUTSCHRIFT ",
    "VIREMENT DE ",
    "VIREMENT À ",
    "VIREMENT A ",
    "TRANSFERENCIA A ",
    "TRANSFERENCIA DE ",
];

/// [`COUNTERPARTY_MARKS`] in one pass, the longest mark where several
/// start together (`SEPA CREDIT TRANSFER` over `SEPA CREDIT`).
static COUNTERPARTY: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .build(COUNTERPARTY_MARKS)
            .expect("counterparty marks")
    });

/// The other parties of transfers in bank statement lines: a person's
/// name after `SEPA CREDIT`, `TRANSFER TO` and the like, up to the next
/// field (`;`, `,`, `|`, a tab, two spaces or the line's end). Companies
/// (`TRANSFER TO ACME LOGISTICS LTD`) and card payments (`CARD …`, a
/// merchant) are left alone.
pub fn bank_counterparties(
    text: &str,
    memory: &(impl super::NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    for m in COUNTERPARTY.find_iter(text) {
        let (at, s) = (m.start(), m.end());
        // The mark starts a field or a line.
        if at > 0 && !text[..at].ends_with([';', ',', '|', '\t', '\n', ' ', '"']) {
            continue;
        }
        let rest = &text[s..];
        let len = rest
            .find([';', ',', '|', '\t', '\n', '\r', '"'])
            .unwrap_or(rest.len());
        let len = rest[..len].find("  ").unwrap_or(len);
        let v = rest[..len].trim_end();
        let n = v.split_whitespace().count();
        if !(2..=5).contains(&n)
            || v.chars().any(|c| c.is_ascii_digit())
            || v.starts_with(|c: char| !c.is_alphabetic())
            || names::organization_shaped(v)
        {
            continue;
        }
        push_value(text, s, s + v.len(), memory, out);
    }
}

/// Titles a boarding pass may append to the given name.
const BCBP_TITLES: &[&str] = &["MR", "MRS", "MS", "MISS", "MSTR", "DR", "PROF"];

/// The passenger's names in IATA boarding-pass barcodes in `text`:
/// `M1` (format code and number of legs) at the start of a line, then
/// `SURNAME/GIVEN` padded to 20 characters, then the electronic-ticket
/// indicator.
pub fn boarding_pass(text: &str, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    for p in memchr::memchr_iter(b'M', b) {
        let line_start = p == 0 || matches!(b[p - 1], b'\n' | b'\r' | b'"' | b' ');
        if !line_start || p + 23 > b.len() || !(b'1'..=b'4').contains(&b[p + 1]) {
            continue;
        }
        let Some(field) = text.get(p + 2..p + 22) else {
            continue;
        };
        let Some((surname, given)) = field.split_once('/') else {
            continue;
        };
        let upper = |s: &str| {
            s.bytes()
                .all(|c| c.is_ascii_uppercase() || c == b' ' || c == b'-')
        };
        if surname.len() < 2
            || !upper(surname)
            || !upper(given)
            || !matches!(b[p + 22], b'E' | b' ')
        {
            continue;
        }
        let s = p + 2;
        push_part(text, s, s + surname.len(), out);
        // The given name, without padding or an appended title.
        let g = given.trim_end();
        let g = BCBP_TITLES
            .iter()
            .find_map(|t| {
                g.strip_suffix(t)
                    .map(str::trim_end)
                    .filter(|x| x.len() >= 2)
            })
            .unwrap_or(g);
        let gs = s + surname.len() + 1;
        push_part(text, gs, gs + g.len(), out);
    }
}

/// Tags of a GEDCOM individual's name and its parts (`NPFX`/`NSFX` hold
/// titles and suffixes, `SPFX` a particle: no name of their own).
const GEDCOM_NAME_TAGS: &[&str] = &[
    "NAME", "GIVN", "SURN", "NICK", "_MARNM", "_AKA", "ROMN", "FONE",
];

/// The names of the individuals and submitters in the GEDCOM records of
/// `text`. A line is `LEVEL [@XREF@] TAG [VALUE]`; a level-0 line opens a
/// record, and only the names under `INDI` and `SUBM` records are
/// people's (a `REPO`'s or a `SOUR`'s `NAME` is an archive's or a
/// program's). `NAME` is written `Given /Surname/ Suffix`: each part is
/// its own finding, so the slashes stay.
pub fn gedcom(text: &str, memory: &(impl super::NameMemory + ?Sized), out: &mut Vec<Finding>) {
    if !text.contains(" INDI") && !text.contains(" SUBM") {
        return;
    }
    let mut personal = false;
    let mut at = 0;
    for line in text.split('\n') {
        let line_start = at;
        at += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let lead = line.len() - line.trim_start().len();
        let body = &line[lead..];
        let digits = body.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 2 || !body[digits..].starts_with(' ') {
            continue;
        }
        let level0 = &body[..digits] == "0";
        let mut rest = &body[digits + 1..];
        if rest.starts_with('@')
            && let Some(close) = rest[1..].find('@')
        {
            rest = rest[close + 2..].trim_start();
        }
        let (tag, value) = rest.split_once(' ').unwrap_or((rest, ""));
        if level0 {
            personal = matches!(tag, "INDI" | "SUBM");
            continue;
        }
        if !personal || !GEDCOM_NAME_TAGS.contains(&tag) || value.trim().is_empty() {
            continue;
        }
        let v_start = line_start + (line.len() - value.len());
        // `Given /Surname/ Suffix`: the pieces between the slashes.
        let mut piece_start = v_start;
        for (k, piece) in value.split('/').enumerate() {
            let s = piece_start;
            piece_start += piece.len() + 1;
            // After the surname: a generation (`Jr.`, `III`), no name.
            let t = piece.trim().trim_end_matches('.');
            if k >= 2 && matches!(t, "Jr" | "Sr" | "II" | "III" | "IV" | "V" | "jr" | "sr") {
                continue;
            }
            push_value(text, s, s + piece.len(), memory, out);
        }
    }
}

/// The names in `text[s..e]` read as a person's name (spaces trimmed).
fn push_value(
    text: &str,
    s: usize,
    e: usize,
    memory: &(impl super::NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let v = &text[s..e];
    if v.trim().is_empty() || v.chars().any(|c| c.is_ascii_digit()) {
        return;
    }
    let mut found = Vec::new();
    names::person_value(v, names::Structured::Sure, memory, &mut found);
    out.extend(found.into_iter().map(|mut f| {
        f.start += s;
        f.end += s;
        f
    }));
}

/// BibTeX fields that list people.
static BIBTEX_PEOPLE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?im)(?:^|[,{])[ \t]*(?:author|editor|translator|bookauthor)[ \t]*=[ \t]*[{\x22]",
    )
    .expect("bibtex field")
});

/// The people of BibTeX entries' `author`, `editor` and `translator`
/// fields: a braced or quoted list of names joined by `and`, each
/// `First Last` or `Last, First`. A name wholly in braces is an
/// institution (`{World Health Organization}`) and `others` no one.
pub fn bibtex(text: &str, memory: &(impl super::NameMemory + ?Sized), out: &mut Vec<Finding>) {
    // An entry (`@article{`) and a field (`author =`): an address alone
    // does not run the pattern.
    if !text.contains('@') || !text.contains('=') {
        return;
    }
    for m in BIBTEX_PEOPLE.find_iter(text) {
        let open = m.end() - 1;
        let quoted = text.as_bytes()[open] == b'"';
        // The value's end: the matching brace (or the closing quote).
        let mut depth = 0usize;
        let mut end = None;
        for (i, c) in text[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => {
                    depth -= 1;
                    if depth == 0 && !quoted {
                        end = Some(open + i);
                        break;
                    }
                }
                '"' if quoted && i > 0 && depth == 0 => {
                    end = Some(open + i);
                    break;
                }
                _ => {}
            }
            if i > 4000 {
                break;
            }
        }
        let Some(end) = end else { continue };
        let list = &text[open + 1..end];
        let s = open + 1;
        for piece in split_and(list) {
            let ps = s + piece.0;
            let raw = piece.1;
            let t = raw.trim();
            if t.is_empty() || t == "others" || (t.starts_with('{') && t.ends_with('}')) {
                continue;
            }
            let lead = raw.len() - raw.trim_start().len();
            push_value(text, ps + lead, ps + lead + t.len(), memory, out);
        }
    }
}

/// The pieces of a BibTeX name list between the word `and` (outside
/// braces), with their offsets in `list`.
fn split_and(list: &str) -> Vec<(usize, &str)> {
    let mut pieces = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let b = list.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            c if depth == 0
                && c.is_ascii_whitespace()
                && b.len() > i + 4
                && b[i + 1..i + 4].eq_ignore_ascii_case(b"and")
                && b[i + 4].is_ascii_whitespace() =>
            {
                pieces.push((start, &list[start..i]));
                start = i + 5;
                i += 5;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    pieces.push((start, &list[start..]));
    pieces
}

/// The people of RIS records (`AU  - Ngata, Hemi`, also `A1`–`A4` and
/// `ED`) and of refer/EndNote records (`%A Hemi Ngata`, `%E`).
pub fn citation_lines(
    text: &str,
    memory: &(impl super::NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let ris = text.starts_with("TY  - ") || text.contains("\nTY  - ");
    let refer = text.starts_with("%A ") || text.contains("\n%A ");
    if !ris && !refer {
        return;
    }
    let mut at = 0;
    for line in text.split('\n') {
        let s = at;
        at += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let skip = if ris
            && line.len() > 6
            && ["AU  - ", "A1  - ", "A2  - ", "A3  - ", "A4  - ", "ED  - "]
                .iter()
                .any(|t| line.starts_with(t))
        {
            6
        } else if refer && line.len() > 3 && (line.starts_with("%A ") || line.starts_with("%E ")) {
            3
        } else {
            continue;
        };
        push_value(text, s + skip, s + line.len(), memory, out);
    }
}

/// A year as references write it: 1800–2099, maybe with a letter
/// (`2019a`), at `s`'s start; its length.
fn year_at(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() < 4
        || !b[..4].iter().all(u8::is_ascii_digit)
        || !matches!(&b[..2], b"18" | b"19" | b"20")
    {
        return None;
    }
    let mut n = 4;
    if b.get(4).is_some_and(u8::is_ascii_lowercase)
        && !b.get(5).is_some_and(u8::is_ascii_alphabetic)
    {
        n = 5;
    }
    (!b.get(n).is_some_and(u8::is_ascii_alphanumeric)).then_some(n)
}

/// Whether a reference line's rest cites a work: a volume or pages
/// (`12(3), 45–67`, `394:45-67`, `pp.`, `vol.`), a DOI, a press, a
/// journal, proceedings or a preprint.
fn cites_a_work(rest: &str) -> bool {
    const CUES: &[&str] = &[
        "pp.",
        "vol.",
        "Vol.",
        "doi",
        "DOI",
        "Press",
        "Journal",
        "Proceedings",
        "Proc.",
        "arXiv",
        "ISBN",
        "Review",
        "Nature",
        "Science",
        "Lancet",
        "Verlag",
        "Trans.",
        "Conf",
    ];
    if CUES.iter().any(|c| rest.contains(c)) {
        return true;
    }
    // A page range or a volume and issue.
    let b = rest.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| {
        b[i - 1].is_ascii_digit()
            && (b[i] == b'(' || b[i] == b':' || b[i] == b'-')
            && b[i + 1].is_ascii_digit()
    }) || rest.contains('–') && rest.chars().any(|c| c.is_ascii_digit())
}

/// Initials alone: `O.`, `O. A.`, `J.-P.`, `OA`, `M`.
fn initials(t: &str) -> bool {
    let t = t.trim();
    !t.is_empty()
        && t.split([' ', '.', '-'])
            .filter(|w| !w.is_empty())
            .all(|w| w.chars().count() <= 3 && w.chars().all(char::is_uppercase))
        && (t.contains('.') || t.chars().count() <= 3)
}

/// The end of a reference's author list in `entry`, if the entry is a
/// reference: the authors then the year in parentheses (`Okoth, O. A., &
/// Wjelan, M. (2019). Title. Journal, 12(3), 45–67.`), Vancouver's list of
/// surnames and initials up to the first full stop (`Okoth OA, Wjelan M.
/// Title. Lancet. 2019;394:45-67.`), or MLA's and Chicago's inverted
/// first author up to the title in quotes or the year (`Nthako, Katleho,
/// and Bermet Toktogulova. "Title." Journal, vol. 12, 2019.`).
fn author_list_end(entry: &str) -> Option<usize> {
    // Authors and a year in parentheses.
    if let Some(p) = entry.find(" (")
        && let Some(y) = year_at(&entry[p + 2..])
        && entry[p + 2 + y..].starts_with(')')
    {
        let rest = &entry[p + 3 + y..];
        return (rest.starts_with(['.', ',', ':', ' ']) && cites_a_work(rest)).then_some(p);
    }
    let stop = entry.find(". ")?;
    let block = &entry[..stop];
    let rest = &entry[stop + 2..];
    // Vancouver: every author a surname and initials.
    let vancouver = block.split(", ").all(|a| {
        let a = a.trim_end_matches(" et al");
        a.rsplit_once(' ')
            .is_some_and(|(s, i)| !s.is_empty() && initials(i) && !i.contains('.') && !initials(s))
            || a == "et al"
    });
    if vancouver {
        let dated = rest
            .match_indices(';')
            .any(|(i, _)| i >= 4 && rest.get(i - 4..).and_then(year_at).is_some())
            || rest
                .match_indices(". ")
                .any(|(i, _)| year_at(&rest[i + 2..]).is_some());
        return (dated && cites_a_work(rest)).then_some(stop);
    }
    // MLA and Chicago: the first author inverted, then the title in
    // quotes or the year; a year later in the line.
    let inverted = block.contains(", ");
    let titled = rest.starts_with(['"', '“']) || year_at(rest).is_some();
    let dated = rest
        .char_indices()
        .any(|(i, c)| c.is_ascii_digit() && year_at(&rest[i..]).is_some());
    (inverted && titled && dated && cites_a_work(rest)).then_some(stop)
}

/// The separators of an author list: `, & `, ` & `, `, and `, ` and `,
/// `; `, `, ` (and the same in a few languages).
fn split_authors(block: &str) -> Vec<(usize, &str)> {
    const SEPS: &[&str] = &[
        ", & ", " & ", ", and ", " and ", ", und ", " und ", ", y ", " y ", " et ", " e ", "; ",
        ", ",
    ];
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < block.len() {
        if let Some(s) = SEPS.iter().find(|s| block[i..].starts_with(**s)) {
            pieces.push((start, &block[start..i]));
            i += s.len();
            start = i;
        } else {
            i += block[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    pieces.push((start, &block[start..]));
    pieces
}

/// The authors of plain-text reference lists (see [`author_list_end`]),
/// one line per reference after an optional marker (`[1]`, `12.`, `-`):
/// each surname and given name read as a person's, initials left as they
/// are, institutions (`World Health Organization`) and `et al.` passed
/// over.
pub fn references(text: &str, out: &mut Vec<Finding>) {
    let mut at = 0;
    for line in text.split('\n') {
        let ls = at;
        at += line.len() + 1;
        let body = line.trim_start();
        let mut s = ls + line.len() - body.len();
        // The marker: `[12] `, `12. `, `- `, `* `, `• `.
        let marker = if let Some(r) = body.strip_prefix('[') {
            r.find("] ")
                .filter(|&c| c <= 4 && r[..c].bytes().all(|b| b.is_ascii_digit()))
                .map_or(0, |c| c + 3)
        } else {
            let d = body.bytes().take_while(u8::is_ascii_digit).count();
            if (1..=3).contains(&d) && body[d..].starts_with(". ") {
                d + 2
            } else if let Some(r) = body.strip_prefix(['-', '*', '•'])
                && r.starts_with(' ')
            {
                body.len() - r.len() + 1
            } else {
                0
            }
        };
        let entry = &body[marker..];
        s += marker;
        if entry.len() < 12 || !entry.starts_with(|c: char| c.is_alphabetic()) {
            continue;
        }
        let Some(end) = author_list_end(entry) else {
            continue;
        };
        let block = entry[..end]
            .trim_end_matches('.')
            .trim_end_matches(" et al")
            .trim_end_matches(',');
        if block
            .chars()
            .any(|c| c.is_ascii_digit() || matches!(c, '"' | '“' | '(' | ':'))
            || block.len() > 400
        {
            continue;
        }
        let pieces = split_authors(block);
        // A lone piece needs its initials or a comma's inversion.
        if pieces.len() < 2 && !block.split(' ').any(initials) {
            continue;
        }
        let mut k = 0;
        while k < pieces.len() {
            let (ps, p) = pieces[k];
            let p_s = s + ps;
            k += 1;
            let t = p.trim();
            if t.is_empty() || initials(t) || t.starts_with("et al") {
                continue;
            }
            let single = !t.contains(' ');
            // `Nthako, Katleho`: a surname then its given name.
            if single
                && let Some(&(ns, n)) = pieces.get(k)
                && !n.trim().is_empty()
                && !initials(n)
                && !n.trim().contains(' ')
            {
                push_words(text, p_s, s + ns + n.len(), out);
                k += 1;
                continue;
            }
            push_words(text, p_s, p_s + p.len(), out);
        }
    }
}

/// The words of one person's name at `text[s..e]` (an author, a player),
/// each of two letters or more that is no initial, as the parts of the
/// name; a company's or an institution's name, or ordinary words only
/// (`Extras`, `Total`), are passed over.
pub(super) fn push_words(text: &str, s: usize, e: usize, out: &mut Vec<Finding>) {
    let v = &text[s..e];
    if names::organization_shaped(v)
        || v.split([' ', ','])
            .all(|w| w.is_empty() || names::ordinary_word(w))
    {
        return;
    }
    let mut at = 0;
    for w in v.split([' ', ',']) {
        let ws = s + at;
        at += w.len() + 1;
        let w = w.trim_end_matches('.');
        if w.chars().count() < 2 || initials(w) {
            continue;
        }
        push_part(text, ws, ws + w.len(), out);
    }
}

/// Authors cited in running text: the surname before `et al.` (`Okoth et
/// al. (2019)`, `(Nthako et al., 2020)`), and two authors joined by `&`
/// or `and` before a year in parentheses (`(Okoth & Wjelan, 2019)`,
/// `Okoth and Wjelan (2019)`). A surname is a capitalized word, or a word
/// of a script without case, that is no ordinary word.
pub fn cited_authors(text: &str, out: &mut Vec<Finding>) {
    let surname = |w: &str| {
        w.chars().count() >= 2
            && w.chars()
                .all(|c| c.is_alphabetic() || names::is_mark(c) || matches!(c, '-' | '\'' | '’'))
            && (w.starts_with(char::is_uppercase) || names::word_script(w).is_some())
            && !w.chars().all(char::is_uppercase)
            && !names::ordinary_word(w)
            && !names::place_name(w)
            && !names::brand_cell(w)
    };
    // The word before `at`, after a space or `(`, and its start.
    let word_before = |at: usize| {
        let before = &text[..at];
        let s = before
            .rfind(|c: char| c.is_whitespace() || matches!(c, '(' | ';' | '['))
            .map_or(0, |p| {
                p + before[p..].chars().next().map_or(1, char::len_utf8)
            });
        (s, &text[s..at])
    };
    for (at, _) in text.match_indices(" et al") {
        let after = &text[at + 6..];
        if !after.starts_with(['.', ',', ' ']) {
            continue;
        }
        let (s, w) = word_before(at);
        if surname(w) {
            push_part(text, s, at, out);
        }
    }
    for sep in [" & ", " and "] {
        for (at, _) in text.match_indices(sep) {
            let rest = &text[at + sep.len()..];
            let e = rest
                .find(|c: char| {
                    !(c.is_alphabetic() || names::is_mark(c) || matches!(c, '-' | '\'' | '’'))
                })
                .unwrap_or(rest.len());
            let after = &rest[e..];
            // The year closes the citation (`, 2019)`, `(2019)`, `, 2019;`),
            // not `(2019 figures)`.
            let year = after
                .strip_prefix(", ")
                .or_else(|| after.strip_prefix(" ("))
                .and_then(|y| year_at(y).map(|n| &y[n..]))
                .is_some_and(|r| r.starts_with([')', ';', ',']));
            let (s, w) = word_before(at);
            let opened = s > 0 && text[..s].ends_with('(') || after.starts_with(" (");
            // Not a company named for its founders (`Johnson & Johnson`,
            // `Procter & Gamble`).
            if !(year && opened && surname(w) && surname(&rest[..e])) {
                continue;
            }
            let pair = &text[s..at + sep.len() + e];
            if w != &rest[..e] && !names::brand_cell(pair) && !names::organization_shaped(pair) {
                push_part(text, s, at, out);
                push_part(text, at + sep.len(), at + sep.len() + e, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(f: fn(&str, &mut Vec<Finding>), text: &str) -> Vec<String> {
        let mut out = Vec::new();
        f(text, &mut out);
        out.iter()
            .map(|x| text[x.start..x.end].to_string())
            .collect()
    }

    fn found_with(
        f: fn(&str, &crate::pii::NoMemory, &mut Vec<Finding>),
        text: &str,
    ) -> Vec<String> {
        let mut out = Vec::new();
        f(text, &crate::pii::NoMemory, &mut out);
        out.iter()
            .map(|x| text[x.start..x.end].to_string())
            .collect()
    }

    #[test]
    fn reference_list_authors() {
        let f = |t: &str| {
            let mut out = Vec::new();
            references(t, &mut out);
            out.iter()
                .map(|x| t[x.start..x.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            f(
                "Okoth, O. A., & Wjelan, M. (2019). Coastal erosion. Nature Geoscience, 12(3), 45–67."
            ),
            ["Okoth", "Wjelan"]
        );
        assert_eq!(
            f(
                "1. Okoth OA, Wjelan M, Ganbaatar B. Coastal erosion. Lancet. 2019;394(10195):45-67."
            ),
            ["Okoth", "Wjelan", "Ganbaatar"]
        );
        assert_eq!(
            f(
                "Nthako, Katleho, and Bermet Toktogulova. \"Deep Hashing.\" Journal of X, vol. 12, 2019, pp. 45-67."
            ),
            ["Nthako", "Katleho", "Bermet", "Toktogulova"]
        );
        assert_eq!(
            f("[1] ใจดี, กาญจนา, ศรีสุข วีระพงษ์ (2000). Microbial Diversity. Nature, 12, 4-5."),
            ["ใจดี", "กาญจนา", "ศรีสุข", "วีระพงษ์"]
        );
        // Institutions, lone titles and lines citing no work.
        assert!(
            f("World Health Organization (2019). Global report. Geneva: WHO Press.").is_empty()
        );
        assert!(f("Windows Server (2019). Release notes, pp. 4-5.").is_empty());
        assert!(f("Okoth, O. (2019). Notes from the field trip.").is_empty());
        // A marker of several bytes does not split a letter.
        assert!(f("• é (2019). x").is_empty());
    }

    #[test]
    fn authors_cited_in_running_text() {
        let f = |t: &str| {
            let mut out = Vec::new();
            cited_authors(t, &mut out);
            out.iter()
                .map(|x| t[x.start..x.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            f(
                "As Okoth et al. (2019) showed, it grows (Nthako & Wjelan, 2020; Ganbaatar et al., 2021)."
            ),
            ["Okoth", "Ganbaatar", "Nthako", "Wjelan"]
        );
        assert_eq!(f("Okoth and Wjelan (2019) agree."), ["Okoth", "Wjelan"]);
        assert_eq!(f("O’Connor et al. (2019)"), ["O’Connor"]);
        // A year that opens a phrase, places and brands.
        assert!(f("Revenue in Kenya and Uganda (2019 figures) grew.").is_empty());
        assert!(f("Microsoft and Google (2023) lead.").is_empty());
        // Companies named for their founders, ordinary words, acronyms.
        assert!(
            f("Johnson & Johnson (2019). Procter & Gamble (2019). Rock and Roll (2019). WHO et al.")
                .is_empty()
        );
    }

    #[test]
    fn gedcom_individuals_not_sources() {
        let ged = "0 HEAD\n1 SOUR Ethiopian Airlines\n2 NAME Family Tree Maker\n\
                   0 @I1@ INDI\n1 NAME Ma. Cristina /Ocampo/\n2 GIVN Ma. Cristina\n\
                   2 SURN Ocampo\n1 SEX F\n1 BIRT\n2 DATE 10/05/2025\n2 PLAC Kabul\n\
                   0 @I2@ INDI\n1 NAME Tomasz /Mudau/ Jr.\n\
                   0 @R1@ REPO\n1 NAME Family History Library\n\
                   0 @U1@ SUBM\n1 NAME Hemi Ngata\n0 TRLR";
        assert_eq!(
            found_with(gedcom, ged),
            [
                "Ma. Cristina",
                "Ocampo",
                "Ma. Cristina",
                "Ocampo",
                "Tomasz",
                "Mudau",
                "Hemi Ngata"
            ]
        );
        // Numbered lines that are no GEDCOM.
        assert!(found_with(gedcom, "1 NAME Alpha\n2 NAME Beta").is_empty());
    }

    #[test]
    fn bibliography_authors() {
        let bib = "@article{6816716b,\n  author = {Tsydendambaeva, Darima and Wardak, Malalai and \
                   {World Health Organization} and Ganbold Ganbaatar and others},\n  \
                   title = {On Levenshtein distance and Kalman filters},\n  year = {2021}\n}";
        assert_eq!(
            found_with(bibtex, bib),
            [
                "Tsydendambaeva, Darima",
                "Wardak, Malalai",
                "Ganbold Ganbaatar"
            ]
        );
        let bib = "@book{k, editor = \"Soler, Mireia AND Kofe, Simalua\", title={X}}";
        assert_eq!(found_with(bibtex, bib), ["Soler, Mireia", "Kofe, Simalua"]);
        let ris = "TY  - JOUR\nAU  - Ngata, Hemi\nAU  - Wardak, Malalai\nTI  - Kalman\nER  - ";
        assert_eq!(
            found_with(citation_lines, ris),
            ["Ngata, Hemi", "Wardak, Malalai"]
        );
        // Letters of several bytes after a space (no panic on a split).
        let bib = "@misc{k, author = {Ćwik, Ż and Łukasz Ćwik and ä}, title={X}}";
        assert_eq!(found_with(bibtex, bib), ["Ćwik, Ż", "Łukasz Ćwik"]);
        // Lines of letters of several bytes around the records.
        let ris = "Here’s the export:\nTY  - JOUR\nAU  - Ngata, Hemi\nER  - ";
        assert_eq!(found_with(citation_lines, ris), ["Ngata, Hemi"]);
        let refer = "Литература:\n%A Иванов, Пётр\n%T Теория";
        assert_eq!(found_with(citation_lines, refer), ["Иванов, Пётр"]);
        let refer = "%A Hemi Ngata\n%T Kalman filters\n%D 2020";
        assert_eq!(found_with(citation_lines, refer), ["Hemi Ngata"]);
    }

    #[test]
    fn hl7_patients_kin_and_clinicians() {
        let msg = "MSH|^~\\&|EPIC|SITE|LAB|HOSP|20240305084550||ADT^A04|2135927|P|2.5\r\
                   PID|1||3746217^^^MRN||NOVAK^MARTINA^J||19800207|F|||^^^^^||031 232 729\r\
                   NK1|1|NOVAK^TOMAS|SPO\r\
                   PV1|1|O|CLINIC^20^1||||9406^PHAM^TRANG^^^DR|||||||||||ba3c3236\r\
                   OBX|1|ST|SKU-RED-3069-XL||Down syndrome clinic||||||F";
        // The middle initial `J` is too short to be a name part; PID-13
        // is the home phone.
        assert_eq!(
            found(hl7, msg),
            [
                "NOVAK",
                "MARTINA",
                "031 232 729",
                "NOVAK",
                "TOMAS",
                "PHAM",
                "TRANG"
            ]
        );
        // The next of kin's number, and a scheduled resource's clinician.
        let msg = "MSH|^~\\&|EPIC|SITE\rNK1|1|Lee^Ana|SPO||414 3751^PRN^PH~^NET^Internet^a@x.io\r\
                   AIP|1||8250^मिश्रा^रोहित|ATTENDING";
        assert_eq!(
            found(hl7, msg),
            ["Lee", "Ana", "414 3751", "मिश्रा", "रोहित"]
        );
        // Repetitions and other separators.
        let msg = "MSH#^~\\&#A\nPID#1##7##DOE^JANE~SMITH^JANE";
        assert_eq!(found(hl7, msg), ["DOE", "JANE", "SMITH", "JANE"]);
        // No message, no names: pipes in a table are not HL7.
        assert!(found(hl7, "| PID | 5 | NOVAK^MARTINA |").is_empty());
    }

    #[test]
    fn parties_of_bank_transfers() {
        let text = "booking_date;description;reference;amount\n\
            2024-05-03;SEPA CREDIT KOBAYASHI Daisuke;INV-2022-20822;29.410,09 €\n\
            2022-07-26;TRANSFER TO ETXEBERRIA AGIRRE Itziar;INV-1;5,00 €\n\
            2022-07-27;TRANSFER TO ACME LOGISTICS LTD;INV-2;5,00 €\n\
            2022-07-28;CARD Calvin Klein;ORD-9216066;12.316,40 €\n\
            2022-07-29;SEPA CREDIT Tommy Hilfiger;ORD-1;1,00 €\n\
            2022-07-30;SEPA CREDIT TRANSFER Ana Lima;ORD-2;1,00 €\n\
            2022-07-31;STANDING ORDER TO Bo Chen;ORD-3;1,00 €";
        let mut out = Vec::new();
        bank_counterparties(text, &crate::pii::NoMemory, &mut out);
        let got: Vec<&str> = out.iter().map(|f| &text[f.start..f.end]).collect();
        assert_eq!(
            got,
            [
                "KOBAYASHI Daisuke",
                "ETXEBERRIA AGIRRE Itziar",
                "Ana Lima",
                "Bo Chen"
            ]
        );
    }

    #[test]
    fn boarding_pass_barcodes() {
        let pass = "Gate E11\nM1WACHIRA/WANJIRU     EX3PSUR CDGJNBET5642";
        assert_eq!(found(boarding_pass, pass), ["WACHIRA", "WANJIRU"]);
        let pass = "M1DESMARAIS/LUC MR    EABC123 YULFRAAC 0834";
        assert_eq!(found(boarding_pass, pass), ["DESMARAIS", "LUC"]);
        assert!(found(boarding_pass, "M1 carbine/rifle manual").is_empty());
        assert!(found(boarding_pass, "Model M1A2/ABRAMS TANK SPECS   x").is_empty());
    }
}

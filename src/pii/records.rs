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
fn push_part(text: &str, s: usize, e: usize, out: &mut Vec<Finding>) {
    let v = &text[s..e];
    // A surname's own sub-components (`&`) and trailing spaces stay out.
    let v = v.split('&').next().unwrap_or("").trim_end();
    let e = s + v.len();
    if v.chars().filter(|c| c.is_alphabetic()).count() < 2
        || !v
            .chars()
            .all(|c| c.is_alphabetic() || names::is_mark(c) || matches!(c, '-' | '\'' | ' '))
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
        let mut found = Vec::new();
        names::person_value(v, names::Structured::Sure, memory, &mut found);
        out.extend(found.into_iter().map(|mut f| {
            f.start += s;
            f.end += s;
            f
        }));
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

    #[test]
    fn hl7_patients_kin_and_clinicians() {
        let msg = "MSH|^~\\&|EPIC|SITE|LAB|HOSP|20240305084550||ADT^A04|2135927|P|2.5\r\
                   PID|1||3746217^^^MRN||NOVAK^MARTINA^J||19800207|F|||^^^^^||031 232 729\r\
                   NK1|1|NOVAK^TOMAS|SPO\r\
                   PV1|1|O|CLINIC^20^1||||9406^PHAM^TRANG^^^DR|||||||||||ba3c3236\r\
                   OBX|1|ST|SKU-RED-3069-XL||Down syndrome clinic||||||F";
        // The middle initial `J` is too short to be a name part.
        assert_eq!(
            found(hl7, msg),
            ["NOVAK", "MARTINA", "NOVAK", "TOMAS", "PHAM", "TRANG"]
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

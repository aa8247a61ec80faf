//! Phone numbers: international, North American and European national
//! formats, `tel:` prefixes and extensions, validated against libphonenumber
//! metadata (rlibphonenumber). The candidate scanner and its structural
//! checks keep dates, times, IPv4 addresses, versions, ISBNs, card numbers,
//! timestamps, amounts and digits inside identifiers out.

use rlibphonenumber::{PHONE_NUMBER_UTIL, PhoneNumber, PhoneNumberFormat, Region};

use super::{Class, Detector, Finding};

/// Regions tried, in order, for national numbers with a trunk prefix `0`.
const TRUNK_REGIONS: &[Region] = &[
    Region::GB,
    Region::DE,
    Region::FR,
    Region::IT,
    Region::ES,
    Region::NL,
    Region::BE,
    Region::AT,
    Region::CH,
    Region::AU,
    Region::SE,
    Region::IE,
    Region::PL,
    Region::PT,
    Region::DK,
    Region::NO,
    Region::FI,
    Region::JP,
    Region::KR,
    Region::IN,
    Region::BR,
    Region::NZ,
    Region::ZA,
    Region::TR,
    Region::IL,
    Region::CZ,
    Region::GR,
    Region::UA,
    Region::AR,
    Region::NG,
    Region::KE,
    Region::EG,
    Region::AE,
    Region::CN,
    Region::PH,
    Region::TH,
    Region::VN,
    Region::ID,
    Region::MY,
    Region::PK,
];

/// Regions whose national numbers are written without a trunk prefix
/// (Spain, Italy's mobiles, Portugal, Poland, Mexico, Brazil, China,
/// Singapore, Denmark, Norway, Hong Kong, Argentina's mobiles): tried for
/// grouped numbers that start with another digit than `0`, after the North
/// American reading failed.
const PLAIN_REGIONS: &[Region] = &[
    Region::ES,
    Region::IT,
    Region::PT,
    Region::PL,
    Region::MX,
    Region::BR,
    Region::CN,
    Region::SG,
    Region::DK,
    Region::NO,
    Region::HK,
    Region::AR,
];

/// Words after which an ungrouped run of digits is an identifier ("PO
/// 4500012345", "Invoice No. 20240315", "ticket #4155550132").
const ID_WORDS: &[&str] = &[
    "po",
    "p.o",
    "no",
    "nr",
    "nº",
    "id",
    "ref",
    "order",
    "invoice",
    "inv",
    "account",
    "acct",
    "ticket",
    "case",
    "tracking",
    "serial",
    "sn",
    "sku",
    "item",
    "batch",
    "lot",
    "build",
    "job",
    "run",
    "pr",
    "issue",
    "receipt",
    "transaction",
    "txn",
    "customer",
    "pin",
    "passcode",
    "code",
    "otp",
    "meeting",
    "conference",
    "participant",
    "access",
    // Shipments and bookings ("Shipment 6108788658", "Booking 4155550132").
    "shipment",
    "parcel",
    "consignment",
    "package",
    "waybill",
    "booking",
    "reservation",
    "confirmation",
    "container",
];

/// Identifier labels that never precede a phone number, however its
/// digits are grouped: service requests, returns, work orders and changes
/// (`SR 1-3126290193`, `RMA 2231-887-6543`), air waybills and bookings,
/// orders, invoices, book and product numbers and the like.
const STRONG_ID_WORDS: &[&str] = &[
    // Accounts, policies, claims and medical record numbers (`Acct 9756
    // 37136`, `Policy 0890-1580-910`, `MRN 7325 32911`).
    "acct",
    "policy",
    "claim",
    "mrn",
    // References and file numbers (`Ref. 5889502277`, `Réf. 3272105411`,
    // German `Aktenzeichen`; `Az.` and ships' `IMO` are read by their
    // exact forms, as `az` is Hungarian's article).
    "ref",
    "réf",
    "rif",
    "reference",
    "référence",
    "aktenzeichen",
    "isbn",
    "issn",
    "ean",
    "upc",
    "gtin",
    "asin",
    "sr",
    "rma",
    "req",
    "wo",
    "chg",
    "ritm",
    "prb",
    "awb",
    "pnr",
    "asn",
    "sku",
    "po",
    "inv",
    "invoice",
    "order",
    "ticket",
    "case",
    "tracking",
    "serial",
    "sn",
    "batch",
    "lot",
    "build",
    "txn",
    "transaction",
    "receipt",
    // Postal codes: Brazil's CEP (`01310-100`), US ZIP+4, Germany's PLZ,
    // India's PIN code, Russia's индекс (not `CP`: the Philippines' label
    // of a cellphone).
    "cep",
    "zip",
    "zipcode",
    "plz",
    "postcode",
    "postalcode",
    "pincode",
    "индекс",
    "kodepos",
    "postnummer",
    "postinumero",
];

/// The word before `start` on its line, past `#`, `:`, `.` and spaces,
/// folded; `None` when there is none or it is longer than a label.
fn id_word_before(text: &str, start: usize) -> Option<String> {
    let before = text[..start].trim_end_matches([' ', '#', ':', '.', '\u{a0}']);
    let word_start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '.'))
        .map_or(0, |p| {
            p + before[p..].chars().next().map_or(1, char::len_utf8)
        });
    let word = &before[word_start..];
    (!word.is_empty() && word.len() <= 12)
        .then(|| word.to_lowercase().trim_end_matches('.').to_string())
}

/// The fewest digits of any number [`find`] reports (cued numbers: 5 in
/// two groups when a small plan vouches for them, 6 when grouped, else 7;
/// every other path asks for 8 or more). Lets callers skip texts with
/// fewer.
pub const MIN_DIGITS: usize = 5;

/// Compiles libphonenumber's patterns for the regions the scanner reads
/// national numbers in, and its international parsing, ahead of the first
/// text that needs them. They compile lazily, per region, on first use:
/// the first phone number a process meets costs it ~20 ms, each new region
/// 0.4-10 ms more. A long-running gateway calls this once at start-up on a
/// thread of its own, so no tool call waits for it (a call that needs a
/// pattern being compiled waits only for that one). Findings do not
/// depend on it.
pub fn warm_up() {
    let mut out = Vec::new();
    find(WARM_UP_TEXT, &mut out);
    for &r in std::iter::once(&Region::US)
        .chain(TRUNK_REGIONS)
        .chain(PLAIN_REGIONS)
    {
        for sample in ["020 7946 0958", "612 345 678", "(415) 555-0132"] {
            if let Ok(n) = PhoneNumber::parse(sample, Some(r)) {
                let _ = PHONE_NUMBER_UTIL.is_possible_number(&n);
                let _ = n.is_valid();
            }
        }
    }
}

/// Numbers in the shapes [`find`] reads (international, trunk-prefixed
/// national, plain national, cued), all fictional.
const WARM_UP_TEXT: &str = "Call +44 20 7946 0958, +33 1 23 45 67 89, +49 30 901820, \
+1 (415) 555-0132 or +81 3-1234-5678; office 020 7946 0958, 030 901820, \
01 23 45 67 89, 06 1234 5678; mobile 612 345 678; tel 2866 0988.";

/// Appends every phone number in `text` to `out`.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let starts = c.is_ascii_digit()
            || ((c == b'+' || c == b'(')
                && b.get(i + 1)
                    .is_some_and(|d| d.is_ascii_digit() || *d == b'(' || *d == b'+'));
        if !starts {
            i += 1;
            continue;
        }
        if c.is_ascii_digit()
            && let Some(f) = whatsapp_link(text, i)
        {
            i = f.end;
            out.push(f);
            continue;
        }
        let end = run_end(b, i);
        // A second number right after a first one (`Phone: +297 521 2345
        // / 555 3681`, `… or 555 3681`) is cued as the first was.
        // So is a number set off from an address as the next way to reach
        // its person (`RSVP: ana@acme.mk / 22187991`).
        let second = out
            .iter()
            .filter(|f| f.end <= i)
            .max_by_key(|f| f.end)
            .is_some_and(|f: &Finding| match f.class {
                Class::Phone => matches!(
                    &text[f.end..i],
                    " / " | "/" | " or " | " oder " | " ou " | " o "
                ),
                Class::Email => matches!(&text[f.end..i], " / " | " | "),
                _ => false,
            });
        if let Some(f) = candidate_with(text, i, end, second)
            .or_else(|| before_a_note(text, i, end))
            .or_else(|| slashed(text, i, end))
            .or_else(|| region_after(text, i, end))
            .or_else(|| before_a_column(text, i, end, second))
        {
            let next = f.end;
            out.push(f);
            i = next;
        } else if c == b'(' || c == b'+' {
            // "(415-555-0132)": the parenthesis belongs to the prose.
            i += 1;
        } else if let Some(p) = memchr::memmem::find(&b[i..end], b" - ") {
            // A spaced hyphen separates items ("18:15 - 00353 87 226 6341:"
            // in a chat export): what follows it is a candidate of its own.
            i += p + 3;
        } else {
            // Skip the rest of this run of digits so identifiers are not re-scanned.
            i = end.max(i + 1);
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
        }
    }
}

/// A number in a WhatsApp link (`https://wa.me/447911123456`,
/// `api.whatsapp.com/send?phone=447911123456`): E.164 digits without the
/// `+`, which the link's form vouches for.
fn whatsapp_link(text: &str, start: usize) -> Option<Finding> {
    let before = &text[..start];
    if !(before.ends_with("wa.me/") || before.ends_with("whatsapp.com/send?phone=")) {
        return None;
    }
    let b = text.as_bytes();
    let end = start + b[start..].iter().take_while(|c| c.is_ascii_digit()).count();
    if !(8..=15).contains(&(end - start)) || b.get(end).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    let n = PhoneNumber::parse(format!("+{}", &text[start..end]), None).ok()?;
    PHONE_NUMBER_UTIL.is_possible_number(&n).then(|| Finding {
        class: Class::Phone,
        start,
        end,
        detector: Detector::Phone,
        confidence: 0.95,
        normalized: e164(&n),
    })
}

/// A number followed by a note in parentheses that the run of digits took
/// in (`+48723470560 (0:44)`, `+1 312 499 8427 (1:17)`): the number alone.
fn before_a_note(text: &str, start: usize, end: usize) -> Option<Finding> {
    let run = &text[start..end];
    let p = run.rfind(" (").filter(|&p| p > 0)?;
    candidate(text, start, start + p)
}

/// A number followed by the region it belongs to after a slash, as
/// reservation systems write a contact (`CTCM 9841297999/NP`, `APM
/// 0412 555 019/AU`): the region's plan must hold it as a valid national
/// number; the `/NP` is not part of it.
fn region_after(text: &str, start: usize, end: usize) -> Option<Finding> {
    let code = text[end..].strip_prefix('/')?.get(..2)?;
    if !code.bytes().all(|b| b.is_ascii_uppercase())
        || text[end + 3..]
            .chars()
            .next()
            .is_some_and(char::is_alphanumeric)
    {
        return None;
    }
    if prev_char(text, start)
        .is_some_and(|p| p.is_alphanumeric() || matches!(p, '/' | '-' | '.' | '_' | '@' | '#'))
    {
        return None;
    }
    let region: Region = code.parse().ok()?;
    let cand = &text[start..end];
    let normalized = if cand.starts_with('+') {
        PhoneNumber::parse(cand, None)
            .ok()
            .filter(PhoneNumber::is_valid)
            .map(|n| e164(&n))?
    } else {
        valid_in(cand, [region])?
    };
    Some(Finding {
        class: Class::Phone,
        start,
        end,
        detector: Detector::Phone,
        confidence: 0.9,
        normalized,
    })
}

/// A number that ends where a fixed-width column does: two spaces and
/// the next column (`From: +91 74107 38096  2024-01-11 21:52:22`), which
/// the run of digits and spaces read on into.
fn before_a_column(text: &str, start: usize, end: usize, cued: bool) -> Option<Finding> {
    let gap = memchr::memmem::find(&text.as_bytes()[start..end], b"  ")?;
    candidate_with(text, start, start + gap, cued)
}

/// A number whose area code is set off by a slash (`0771/6082888`,
/// `089111 / 92005`, German and Central European style): the run
/// `text[start..end]` is the area code, one group of 2 to 6 digits, and a
/// slash (spaced or not) joins it to the subscriber number, one group of
/// 3 to 8 digits, with 7 to 13 digits in all. With a phone cue before it
/// any such number is taken (not a range of years, `2023/2024`); without
/// one it must start with the trunk `0` and be a valid number of one of
/// [`TRUNK_REGIONS`].
fn slashed(text: &str, start: usize, end: usize) -> Option<Finding> {
    let b = text.as_bytes();
    let area = &text[start..end];
    if area.starts_with('+') {
        return slashed_international(text, start, end);
    }
    if !(2..=6).contains(&area.len()) || !area.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rest = &text[end..];
    let gap = if rest.starts_with('/') {
        1
    } else if rest.starts_with(" / ") {
        3
    } else {
        return None;
    };
    let from = end + gap;
    let to = from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let sub = &text[from..to];
    if !(3..=8).contains(&sub.len()) || !(7..=13).contains(&(area.len() + sub.len())) {
        return None;
    }
    // Left: not glued to a word, a path or another number (`v2/…`, `/12/…`).
    if let Some(p) = prev_char(text, start) {
        let hebrew_prefix = p == '-' && prev_char(text, start - 1).is_some_and(hebrew_letter);
        if (p.is_alphanumeric() && !spaceless_letter(p))
            || (matches!(p, '/' | '.' | '-' | ':' | '_') && !hebrew_prefix)
        {
            return None;
        }
    }
    // Right: an extension may follow; nothing glued, no further slash.
    let ext = extension(text, to);
    let full_end = ext.as_ref().map_or(to, |(e, _)| *e);
    if let Some(n) = text[full_end..].chars().next()
        && (n.is_alphanumeric() && !spaceless_letter(n) || matches!(n, '/' | '@' | '_' | '-'))
    {
        return None;
    }
    let years = area.len() == 4
        && sub.len() == 4
        && [area, sub]
            .iter()
            .all(|y| y.starts_with("19") || y.starts_with("20"));
    let spaced = format!("{area} {sub}");
    let normalized = if has_cue(text, start) {
        if years {
            return None;
        }
        let shape = Shape::of(&spaced)?;
        validate_cued(&spaced, &shape)?
    } else {
        if !area.starts_with('0') || area.starts_with("00") {
            return None;
        }
        valid_in(&spaced, TRUNK_REGIONS.iter().copied())?
    };
    let normalized = match ext {
        Some((_, x)) => format!("{normalized};ext={x}"),
        None => normalized,
    };
    Some(Finding {
        class: Class::Phone,
        start,
        end: full_end,
        detector: Detector::Phone,
        confidence: 0.9,
        normalized,
    })
}

/// A number with its country code whose area code is set off by a slash
/// (`+41 781/277812`, `+91 812/3808842`, `+682 212/11`): the run
/// `text[start..end]` is `+`, the country code, a space and the area code;
/// the subscriber number follows the slash. The country code vouches for
/// the number when the whole is valid in its plan; no cue is needed.
fn slashed_international(text: &str, start: usize, end: usize) -> Option<Finding> {
    let b = text.as_bytes();
    let (cc, area) = text[start + 1..end].split_once(' ')?;
    let digits = |s: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&s.len()) && s.bytes().all(|c| c.is_ascii_digit())
    };
    if !digits(cc, 1..=3) || !digits(area, 1..=5) || b.get(end) != Some(&b'/') {
        return None;
    }
    let to = end
        + 1
        + b[end + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
    if !(2..=10).contains(&(to - end - 1)) {
        return None;
    }
    if prev_char(text, start).is_some_and(|p| {
        (p.is_alphanumeric() && !spaceless_letter(p)) || matches!(p, '/' | '.' | '_')
    }) || text[to..].chars().next().is_some_and(|n| {
        (n.is_alphanumeric() && !spaceless_letter(n)) || matches!(n, '/' | '@' | '_' | '-')
    }) {
        return None;
    }
    let n = PhoneNumber::parse(format!("+{cc} {area}{}", &text[end + 1..to]), None).ok()?;
    n.is_valid().then(|| Finding {
        class: Class::Phone,
        start,
        end: to,
        detector: Detector::Phone,
        confidence: 0.9,
        normalized: e164(&n),
    })
}

/// End of a run of digits and phone separators that starts at `start` and ends on a digit.
fn run_end(b: &[u8], start: usize) -> usize {
    let mut j = start;
    let mut last_digit = start;
    let mut seps = 0;
    while j < b.len() && j - start < 40 {
        match b[j] {
            b'0'..=b'9' => {
                last_digit = j + 1;
                seps = 0;
            }
            // A full stop before a space ends a sentence, not a group
            // ("… +256 (0) 712 345377. (20.03.2023)").
            b'.' if matches!(b.get(j + 1), None | Some(b' ' | b'\n')) => break,
            b' ' | b'-' | b'.' | b'(' | b')' => {
                seps += 1;
                if seps > 3 {
                    break;
                }
            }
            b'+' if j == start || (j == start + 1 && b[start] == b'(') => {}
            // No-break spaces as group separators (French and other
            // typesetting): U+00A0 and U+202F.
            0xC2 if b.get(j + 1) == Some(&0xA0) => {
                seps += 1;
                if seps > 3 {
                    break;
                }
                j += 2;
                continue;
            }
            0xE2 if b.get(j + 1) == Some(&0x80) && b.get(j + 2) == Some(&0xAF) => {
                seps += 1;
                if seps > 3 {
                    break;
                }
                j += 3;
                continue;
            }
            _ => break,
        }
        j += 1;
    }
    last_digit
}

/// A letter of a script written without spaces between words, or whose
/// particles attach to the word before (Han, kana, Hangul, Thai, Lao,
/// Khmer, Myanmar): a number next to one is not glued to a word
/// (`电话021 6492 0335`, `02-6715-5540로`, `+81 90-7736-7229まで`).
fn spaceless_letter(c: char) -> bool {
    matches!(c,
        '\u{0e00}'..='\u{0eff}'        // Thai, Lao
        | '\u{1000}'..='\u{109f}'      // Myanmar
        | '\u{1780}'..='\u{17ff}'      // Khmer
        | '\u{1100}'..='\u{11ff}'      // Hangul jamo
        | '\u{3040}'..='\u{30ff}'      // Hiragana, Katakana
        | '\u{3130}'..='\u{318f}'      // Hangul compatibility jamo
        | '\u{3400}'..='\u{4dbf}'      // Han extension A
        | '\u{4e00}'..='\u{9fff}'      // Han
        | '\u{ac00}'..='\u{d7af}'      // Hangul syllables
        | '\u{f900}'..='\u{faff}'      // Han compatibility
    )
}

fn hebrew_letter(c: char) -> bool {
    ('\u{05d0}'..='\u{05ea}').contains(&c)
}

fn prev_char(text: &str, at: usize) -> Option<char> {
    text[..at].chars().next_back()
}

/// Does nothing but punctuation or the line's end follow a number
/// (`)`, `/`, `;`, `|`, a full stop ending a sentence)?
fn closes_entry(after: &str) -> bool {
    let after = after.trim_start_matches(' ');
    after.is_empty()
        || after.starts_with([')', '/', ';', '|', '\n', '\r'])
        || after.starts_with("\\n")
        || after
            .strip_prefix('.')
            .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\n']))
}

/// More regions whose national numbers have no trunk prefix (Czechia,
/// Latvia, Estonia, Iceland, Greece, Luxembourg, Malta, Cyprus, the Gulf,
/// Macao, Central America, the Faroes, Andorra, Monaco): tried only where
/// a person's name or address cues the number.
const MORE_PLAIN_REGIONS: &[Region] = &[
    Region::CZ,
    Region::LV,
    Region::EE,
    Region::IS,
    Region::GR,
    Region::LU,
    Region::MT,
    Region::CY,
    Region::QA,
    Region::KW,
    Region::BH,
    Region::OM,
    Region::MO,
    Region::CR,
    Region::GT,
    Region::PA,
    Region::FO,
    Region::AD,
    Region::MC,
];

/// A number written without its trunk prefix or country code that is a
/// valid number of one of [`PLAIN_REGIONS`] or [`MORE_PLAIN_REGIONS`].
fn valid_national(cand: &str) -> Option<String> {
    valid_in(
        cand,
        PLAIN_REGIONS.iter().chain(MORE_PLAIN_REGIONS).copied(),
    )
}

/// `cand` read as a national number of the first of `regions` whose plan
/// holds it as a valid number, in E.164.
fn valid_in(cand: &str, regions: impl IntoIterator<Item = Region>) -> Option<String> {
    regions.into_iter().find_map(|r| {
        PhoneNumber::parse(cand, Some(r))
            .ok()
            .filter(PhoneNumber::is_valid)
            .map(|n| e164(&n))
    })
}

/// Checks the candidate `text[start..end]` and returns a finding if it is a phone number.
fn candidate(text: &str, start: usize, end: usize) -> Option<Finding> {
    candidate_with(text, start, end, false)
}

/// A number right after a person's name or address, set apart by `, `,
/// ` · `, ` — `, ` – `, ` | `, ` / ` or ` (` ("Tenant: Ana Lima, 9 563 3865",
/// "Bogdan Pop · 301 2850", "(ana@x.is, 632 2956)"): the name cues it as
/// a label would. Written in groups or with a `+`, so an ungrouped
/// identifier after a name stays; after an address, an ungrouped number of
/// seven to eleven digits that closes its entry is a phone's too
/// ("**From:** Jo · jo@x.ee · 96971391"), not a unix time.
pub fn after_names(text: &str, name_ends: &[(usize, bool)], out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let digit_at = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'+');
    for &(e, email) in name_ends {
        let rest = &text[e..];
        // A fixed-width table's next column (`11:45  Ana Lima    20 94 60`).
        let column = rest.len() - rest.trim_start_matches(' ').len();
        let sep = [", ", " · ", " — ", " – ", " | ", " / ", " (", " "]
            .iter()
            .find(|p| rest.starts_with(**p))
            .map(|p| if column >= 2 { " " } else { *p })
            .filter(|sep| {
                let at = e + if column >= 2 { column } else { sep.len() };
                // A number in its own parentheses (`Ana Lima ((2) 2138
                // 0754)`, `(ana@x.is, (02).3238.3131)`).
                digit_at(at) || (b.get(at) == Some(&b'(') && digit_at(at + 1))
            });
        let Some(sep) = sep else {
            if let Some(f) = next_line(text, e, out) {
                out.push(f);
            } else if let Some(f) = after_a_clause(text, e, out) {
                out.push(f);
            }
            continue;
        };
        let start = e + if column >= 2 { column } else { sep.len() };
        if out.iter().any(|f| f.start <= start && start < f.end) {
            continue;
        }
        let mut end = run_end(b, start);
        // A column ends at the next column's gap, and holds no years.
        if column >= 2 {
            if let Some(p) = text[start..end].find("  ") {
                end = start + p;
            }
            if years(&text[start..end]) {
                continue;
            }
        }
        let groups: Vec<usize> = text[start..end]
            .split([' ', '-', '.'])
            .map(str::len)
            .collect();
        let grouped = groups.len() >= 2 || b[start] == b'+';
        // "12 345 678 shares": an amount with thousands separators.
        let thousands = like_thousands(&text[start..end]);
        // In parentheses after a name ("Ana Lima (601 974 945)") only a
        // valid number that closes them, and no years ("(1932-2019)").
        if sep == " (" && b[start] != b'+' {
            if !years(&text[start..end])
                && closes_entry(&text[end..])
                && let Some(n) = valid_anywhere(&text[start..end])
                && let Some(mut f) = candidate_with(text, start, end, true)
            {
                f.normalized = n;
                out.push(f);
            }
            continue;
        }
        if !grouped {
            let n = groups[0];
            let unix_time = n == 10 && b[start] == b'1';
            // Six digits closing an address's parentheses are a number of
            // a small plan (`(ana@x.fo, 317749)`).
            if email
                && n == 6
                && text[end..].starts_with(')')
                && let Some(normalized) = valid_anywhere(&text[start..end])
            {
                out.push(Finding {
                    class: Class::Phone,
                    start,
                    end,
                    detector: Detector::Phone,
                    confidence: 0.8,
                    normalized,
                });
                continue;
            }
            if email
                && (7..=11).contains(&n)
                && !unix_time
                && closes_entry(&text[end..])
                && let Some(f) = candidate_with(text, start, end, true)
            {
                out.push(f);
            }
            continue;
        }
        if !thousands {
            if let Some(f) = candidate_with(text, start, end, true) {
                out.push(f);
            }
        } else if closes_entry(&text[end..])
            && let Some(mut f) = candidate_with(text, start, end, true)
        {
            // Grouped like thousands ("601 974 945", "21 339 413"): only a
            // valid national number that closes its entry, not one a word
            // follows ("12 345 678 shares").
            match valid_anywhere(&text[start..end]) {
                Some(n) => {
                    f.normalized = n;
                    out.push(f);
                }
                None => continue,
            }
        }
    }
}

/// Groups written as an amount's thousands (`12 345 678`, `601.974.945`):
/// one to three digits, then groups of three, without `+` or `(`.
fn like_thousands(number: &str) -> bool {
    let mut groups = number.split([' ', '-', '.']).map(str::len);
    !number.starts_with(['+', '(']) && groups.next().is_some_and(|g| g <= 3) && {
        let rest: Vec<usize> = groups.collect();
        !rest.is_empty() && rest.iter().all(|&g| g == 3)
    }
}

/// Two years (`1932-2019`, `2019 - 2023`): a life's or a tenure's span.
fn years(number: &str) -> bool {
    let parts: Vec<&str> = number
        .split(['-', ' ', '.'])
        .filter(|y| !y.is_empty())
        .collect();
    parts.len() == 2
        && parts
            .iter()
            .all(|y| y.len() == 4 && y.parse::<u32>().is_ok_and(|y| (1800..=2199).contains(&y)))
}

/// A number written without its trunk prefix or country code that is a
/// valid number of any region libphonenumber knows, where a person's name
/// or address cues it (`Ana Lima ((2) 2138 0754)`).
fn valid_anywhere(cand: &str) -> Option<String> {
    valid_national(cand).or_else(|| {
        let clean: String = cand.chars().filter(|c| *c != '(' && *c != ')').collect();
        valid_in(&clean, PHONE_NUMBER_UTIL.get_supported_regions())
    })
}

/// A number alone at the head of one of the next lines after a person's
/// name, as a signature block writes it (`Ana Lima⏎Recruiter⏎7026.3171 |
/// ana@x.nl`, `Ana Lima⏎412 0488`): the lines between (a role, a company)
/// are short and hold no digits, at most two of them; the number ends its
/// line or comes before `|`, `·` or `,`. A grouped number is read as a
/// cued one; an ungrouped one (7 to 11 digits, no unix time) only on the
/// very next line.
fn next_line(text: &str, e: usize, out: &[Finding]) -> Option<Finding> {
    let b = text.as_bytes();
    let mut at = e;
    // The name ends its line.
    for skipped in 0..=2 {
        let nl = if text[at..].starts_with("\\n") {
            at + 2
        } else if text[at..].starts_with('\n') {
            at + 1
        } else if text[at..].starts_with("\r\n") {
            at + 2
        } else {
            return None;
        };
        let line_end = text[nl..]
            .find(['\n', '\r'])
            .map_or(text.len(), |p| nl + p)
            .min(text[nl..].find("\\n").map_or(text.len(), |p| nl + p));
        let line = &text[nl..line_end];
        let lead = line.len() - line.trim_start().len();
        let start = nl + lead;
        if b.get(start)
            .is_some_and(|c| c.is_ascii_digit() || *c == b'+')
            || (b.get(start) == Some(&b'(') && b.get(start + 1).is_some_and(u8::is_ascii_digit))
        {
            if out.iter().any(|f| f.start <= start && start < f.end) {
                return None;
            }
            let end = run_end(b, start);
            let tail = text[end..line_end].trim_start();
            if !(tail.is_empty() || tail.starts_with(['|', '·', ','])) {
                return None;
            }
            let number = &text[start..end];
            // Years (`1932-2019`), and amounts grouped like thousands that
            // no plan holds.
            if years(number) || (like_thousands(number) && valid_anywhere(number).is_none()) {
                return None;
            }
            let ungrouped = number.bytes().all(|c| c.is_ascii_digit());
            if ungrouped {
                let n = number.len();
                if skipped > 0 || !(7..=11).contains(&n) || (n == 10 && b[start] == b'1') {
                    return None;
                }
            }
            return candidate_with(text, start, end, true);
        }
        // A role or a company between: short, no digits.
        if line.trim().is_empty()
            || line.chars().count() > 48
            || line.bytes().any(|c| c.is_ascii_digit())
        {
            return None;
        }
        at = line_end;
    }
    None
}

/// A number a few words after a person's name in the same clause, the way
/// any language says where someone is reached ("Ana Lima nås på 9911609
/// fram till fredag", "… è raggiungibile al 670-9171", "… शुक्रवार तक
/// 235.8410 पर उपलब्ध हैं", "Next of kin: Ana Lima (brother) 701287424"):
/// the name cues it as a label would. The words between are letters only
/// (no digits, no sentence's end, at most six words and 48 characters) and
/// none names an identifier (`order`, `invoice`, `passport` …); the
/// number is then read as a cued one, so dates, times, IPv4 addresses and
/// card numbers stay, and an ungrouped one has 7 to 12 digits and is not
/// a unix time.
fn after_a_clause(text: &str, e: usize, out: &[Finding]) -> Option<Finding> {
    let rest = &text[e..];
    let mut words = 0;
    let mut start = None;
    let mut in_word = false;
    for (n, (i, c)) in rest.char_indices().enumerate() {
        if n > 48 {
            return None;
        }
        if c.is_ascii_digit() || c == '+' {
            start = Some(e + i);
            break;
        }
        if c == '(' && rest[i + 1..].starts_with(|d: char| d.is_ascii_digit() || d == '+') {
            start = Some(e + i);
            break;
        }
        if c.is_alphabetic() || super::names::is_mark(c) || c == '\'' || c == '’' {
            if !in_word {
                words += 1;
                in_word = true;
            }
            continue;
        }
        in_word = false;
        if !matches!(c, ' ' | '\u{a0}' | ',' | '(' | ')' | '-' | '–' | '—') {
            return None;
        }
    }
    let start = start?;
    if !(1..=6).contains(&words) {
        return None;
    }
    let gap = &text[e..start];
    // A CSV row's next cells (`Ana Lima,Sales,1250000`), not a clause.
    if gap.contains(',') && !gap.contains(", ") {
        return None;
    }
    if gap
        .split(|c: char| !(c.is_alphabetic() || super::names::is_mark(c)))
        .filter(|w| !w.is_empty())
        .any(|w| {
            let w = w.to_lowercase();
            ID_WORDS.contains(&w.as_str())
                || STRONG_ID_WORDS.contains(&w.as_str())
                || GAP_ID_WORDS.contains(&w.as_str())
        })
    {
        return None;
    }
    if out.iter().any(|f| f.start <= start && start < f.end) {
        return None;
    }
    let b = text.as_bytes();
    let end = run_end(b, start);
    let digits = text[start..end].bytes().filter(u8::is_ascii_digit).count();
    let ungrouped = text[start..end].bytes().all(|c| c.is_ascii_digit());
    if ungrouped && (!(7..=11).contains(&digits) || (digits == 10 && b[start] == b'1')) {
        return None;
    }
    // A count of something (`uploaded 1234567 bytes`, `2500000 views`).
    let unit: String = text[end..]
        .trim_start_matches(' ')
        .chars()
        .take_while(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    if UNITS.contains(&unit.as_str()) {
        return None;
    }
    // Four dotted pairs after a name are an address it logged in from.
    if Shape::of(&text[start..end]).is_some_and(|s| dotted_pairs(&s)) {
        return None;
    }
    candidate_with(text, start, end, true)
}

/// Words after a number that count something rather than dial it.
const UNITS: &[&str] = &[
    "bytes",
    "byte",
    "kb",
    "mb",
    "gb",
    "items",
    "units",
    "points",
    "pts",
    "votes",
    "views",
    "likes",
    "followers",
    "steps",
    "users",
    "rows",
    "records",
    "ms",
    "seconds",
    "km",
    "kg",
    "miles",
    "tokens",
    "shares",
    "copies",
    "downloads",
    "words",
];

/// Words that, between a name and a number, say the number is something
/// else's: what someone paid, owes, ordered or scored, or an identifier
/// the name holds.
const GAP_ID_WORDS: &[&str] = &[
    "nr",
    "id",
    "ref",
    "reference",
    "account",
    "acct",
    "paid",
    "pays",
    "owes",
    "owed",
    "total",
    "balance",
    "amount",
    "points",
    "scored",
    "score",
    "votes",
    "ordered",
    "bought",
    "room",
    "badge",
    "employee",
    "member",
    "membership",
    "policy",
    "claim",
    "passport",
    "licence",
    "license",
    "card",
    "iban",
    "born",
    "year",
    "years",
    "aged",
    "age",
];

fn candidate_with(text: &str, start: usize, end: usize, cued: bool) -> Option<Finding> {
    let cand = &text[start..end];
    // An access log's status and size (`"GET / HTTP/1.1" 201 36226`).
    if text[..start].ends_with("\" ")
        && text[..start - 2]
            .rsplit(' ')
            .next()
            .is_some_and(|w| w.starts_with("HTTP/"))
    {
        return None;
    }
    // Left boundary: not glued to a word, an identifier, an amount or a time.
    if let Some(p) = prev_char(text, start) {
        let before = || prev_char(text, start - p.len_utf8());
        let glued = match p {
            // A text escape (`\n` in iCal or doubly encoded JSON) is a break.
            'n' | 'r' | 't' if before() == Some('\\') => false,
            _ if spaceless_letter(p) => false,
            _ if p.is_alphanumeric() => true,
            '$' | '€' | '£' | '¥' | '#' | '@' | '_' | '/' | '\\' | '&' | '.' | '+' => true,
            // "1,234,567" is a number; "x,+44 7911 123456,y" is a CSV cell,
            // and so is "1583,+995592240003" (no amount goes on with `,+`).
            ',' => before().is_some_and(|c| c.is_ascii_digit()) && !cand.starts_with('+'),
            // Hebrew prefixes join a number with a hyphen ("ב-050…", at).
            // So do Bantu locatives ("ku-+96262000838", "ku-0721…"): no
            // identifier goes on with `-+`.
            '-' => {
                before().is_some_and(|c| c.is_alphanumeric() && !hebrew_letter(c))
                    && !cand.starts_with('+')
            }
            ':' => before().is_some_and(|c| c.is_ascii_digit()),
            _ => false,
        };
        if glued {
            return None;
        }
    }
    // Extension: "ext. 12", "x12", "extension 12", "#12".
    let ext = extension(text, end);
    let full_end = ext.as_ref().map_or(end, |(e, _)| *e);
    // Right boundary.
    let rest = &text[full_end..];
    let mut rc = rest.chars();
    if let Some(n) = rc.next() {
        let escape = n == '\\' && matches!(rc.clone().next(), Some('n' | 'r' | 't' | ',' | ';'));
        if (n.is_alphanumeric() && !spaceless_letter(n))
            || (matches!(n, '%' | '@' | '_' | '/' | '\\') && !escape)
        {
            return None;
        }
        if matches!(n, '-' | '.' | ':') && rc.next().is_some_and(|c| c.is_ascii_digit()) {
            return None;
        }
        // "415,555,0132" or "4155550132,50" goes on as an amount: a comma
        // before one to three digits. A comma before a longer run is the
        // next cell of a row ("+1 868-236-8710,2026-01-17T13:40:10Z"), and
        // so is any after a number no amount is written as (a `+` or
        // parentheses: "+359-43-016-097,00:04:12"), or before a time
        // ("415-555-0132,00:04").
        if n == ',' {
            let run = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
            let amount_like = !cand.starts_with('+') && !cand.contains('(');
            let time_after = rest.as_bytes().get(1 + run) == Some(&b':');
            if (1..=3).contains(&run) && amount_like && !time_after {
                return None;
            }
        }
    }

    // libphonenumber knows ASCII spaces only.
    let cand: std::borrow::Cow<'_, str> = if cand.is_ascii() {
        cand.into()
    } else {
        cand.replace(['\u{a0}', '\u{202f}'], " ").into()
    };
    let shape = Shape::of(&cand)?;
    // `01310-100`: five digits, a hyphen and three is how Brazil writes a
    // postcode (CEP); no plan writes a number so.
    if !shape.plus && shape.groups() == [5, 3] && shape.seps == 2 {
        return None;
    }
    // German file numbers and ships' IMO numbers, by their exact forms.
    if ["Az. ", "Az.: ", "Az.:", "IMO ", "IMO: "]
        .iter()
        .any(|p| text[..start].ends_with(p))
    {
        return None;
    }
    if !shape.plus
        && id_word_before(text, start).is_some_and(|w| {
            STRONG_ID_WORDS.contains(&w.as_str())
                || (shape.ng == 1 && ID_WORDS.contains(&w.as_str()))
        })
    {
        return None;
    }
    // Right after a Han, kana, Hangul or Thai letter, an ungrouped run is an
    // order or tracking number (`注文番号20240315`) unless a cue says phone.
    if shape.ng == 1
        && !shape.plus
        && prev_char(text, start).is_some_and(spaceless_letter)
        && !(cued || has_cue(text, start))
    {
        return None;
    }
    let normalized = match validate(&cand, &shape) {
        Some(n) => n,
        None if dotted_pairs(&shape) && labelled(text, start) => shape.digits().to_string(),
        // Six digits right after a phone's label (`tlf. 221296`): a whole
        // number of a small plan, if any region's plan holds it. (Five
        // bare digits are an extension more often: `Tel 40123`.)
        None if !shape.plus && shape.ng == 1 && shape.nd == 6 && labelled(text, start) => {
            valid_anywhere(&cand)?
        }
        None if cued || has_cue(text, start) => validate_cued(&cand, &shape)?,
        None => return None,
    };
    let normalized = match ext {
        Some((_, x)) => format!("{normalized};ext={x}"),
        None => normalized,
    };
    Some(Finding {
        class: Class::Phone,
        start,
        end: full_end,
        detector: Detector::Phone,
        confidence: 0.95,
        normalized,
    })
}

/// Four pairs set apart by dots (`17.13.11.35`): how much of the world
/// writes a number, and the shape of an IPv4 address too.
fn dotted_pairs(s: &Shape) -> bool {
    !s.plus && s.seps == 4 && s.groups() == [2, 2, 2, 2]
}

/// Is the word right before `start` a phone cue (`Waya: `, `hotline `),
/// not merely one somewhere before on the line? Only such a label tells
/// a number in [`dotted_pairs`] from an address (`Phone desk host
/// 10.20.30.40` is an address).
fn labelled(text: &str, start: usize) -> bool {
    id_word_before(text, start).is_some_and(|w| CUES.contains(&w.as_str()))
}

fn extension(text: &str, end: usize) -> Option<(usize, String)> {
    let rest = &text[end..];
    let trimmed = rest.trim_start_matches([' ', ',']);
    // In parentheses: "(2) 2301 6043 (ext. 2581)".
    let (trimmed, paren) = match trimmed.strip_prefix('(') {
        Some(t) => (t, true),
        None => (trimmed, false),
    };
    // Every marker starts with `e`, `x` or `#` (in either case).
    if !matches!(
        trimmed.as_bytes().first(),
        Some(b'e' | b'E' | b'x' | b'X' | b'#')
    ) {
        return None;
    }
    let lower: String = trimmed
        .chars()
        .take(12)
        .collect::<String>()
        .to_ascii_lowercase();
    let marker = ["extension", "ext.", "ext", "x", "#"]
        .into_iter()
        .find(|m| lower.starts_with(m))?;
    let after = &trimmed[marker.len()..];
    let after_trim = after.trim_start_matches([' ', ':']);
    let digits: String = after_trim
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    if digits.is_empty() || digits.len() > 6 {
        return None;
    }
    let mut stop = text.len() - after_trim.len() + digits.len();
    if paren {
        if !text[stop..].starts_with(')') {
            return None;
        }
        stop += 1;
    }
    if text[stop..].starts_with(|c: char| c.is_alphanumeric()) {
        return None;
    }
    Some((stop, digits))
}

/// The structure of a candidate: digit groups and what separates them.
/// Candidates are at most ~43 bytes long (see `run_end`), so both fit in
/// fixed buffers (no allocation per candidate).
struct Shape {
    plus: bool,
    groups: [u8; SHAPE_CAP],
    ng: usize,
    digits: [u8; SHAPE_CAP],
    nd: usize,
    seps: u8, // bit set: 1 space, 2 hyphen, 4 dot, 8 parens
}

const SHAPE_CAP: usize = 64;

impl Shape {
    fn groups(&self) -> &[u8] {
        &self.groups[..self.ng]
    }

    fn digits(&self) -> &str {
        // ASCII digits only.
        std::str::from_utf8(&self.digits[..self.nd]).unwrap_or("")
    }

    fn of(cand: &str) -> Option<Shape> {
        let mut groups = [0u8; SHAPE_CAP];
        let mut ng = 0;
        let mut digits = [0u8; SHAPE_CAP];
        let mut nd = 0;
        let mut cur = 0u8;
        let mut seps = 0u8;
        let mut open = false;
        for (i, c) in cand.char_indices() {
            match c {
                '0'..='9' => {
                    *digits.get_mut(nd)? = c as u8;
                    nd += 1;
                    cur += 1;
                }
                '+' if i == 0 || (i == 1 && cand.starts_with('(')) => {}
                _ => {
                    if cur > 0 {
                        *groups.get_mut(ng)? = cur;
                        ng += 1;
                        cur = 0;
                    }
                    seps |= match c {
                        ' ' | '\u{a0}' | '\u{202f}' => 1,
                        '-' => 2,
                        '.' => 4,
                        '(' => {
                            if open {
                                return None;
                            }
                            open = true;
                            8
                        }
                        ')' => {
                            if !open {
                                return None;
                            }
                            open = false;
                            8
                        }
                        _ => return None,
                    };
                }
            }
        }
        if open {
            return None;
        }
        if cur > 0 {
            *groups.get_mut(ng)? = cur;
            ng += 1;
        }
        Some(Shape {
            plus: cand.starts_with('+') || cand.starts_with("(+"),
            groups,
            ng,
            digits,
            nd,
            seps,
        })
    }
}

/// Words that announce a phone number shortly before it on the same line.
const CUES: &[&str] = &[
    "phone",
    "tel",
    "call",
    "reach me",
    "mobile",
    "cell",
    "fax",
    "whatsapp",
    "text me",
    "sms",
    "ring",
    "dial",
    "contact",
    "hotline",
    "handy",
    "téléphone",
    "telefon",
    "teléfono",
    "callback",
    "number is",
    "can try",
    "try me",
    "questions?",
    "reach us",
    "reach him",
    "reach her",
    "reach them",
    "reachable",
    "m: ",
    "t: ",
    "mob: ",
    "ph: ",
    "direct line",
    "landline",
    "numéro",
    "número",
    "telefono",
    "telefone",
    "cellulare",
    "celular",
    "móvil",
    "tlf",
    "puhelin",
    "телефон",
    "тел.",
    "моб.",
    "연락처",
    // "My number is" (not "number" alone: an order has one too).
    "제 번호",
    "내 번호",
    "전화",
    "휴대폰",
    "電話",
    "电话",
    "手机",
    "携帯",
    "連絡",
    "연락",
    "numerem",
    "numer tel",
    "zadzwoń",
    "llamar",
    "llámame",
    "llamo",
    "llama a",
    "llame a",
    "llame al",
    "rappeler",
    "rappelez",
    "office:",
    "chiamami",
    "chiamare",
    "ligar",
    "ligue",
    "anrufen",
    "erreichbar",
    "bellen",
    "appeler",
    "appelez",
    "joindre",
    "extension",
    "me liga",
    "liga pra",
    "ruf mich",
    "rufen sie",
    "bel me",
    "bel mij",
    "sună-mă",
    "sunați",
    "zavolej",
    "hívj",
    "hívjon",
    "telefonszám",
    "telepon",
    "hubungi",
    "nipigie",
    "piga simu",
    "gọi",
    "điện thoại",
    "позвоните",
    "звоните",
    "τηλέφωνο",
    "τηλ.",
    "להתקשר",
    "טלפון",
    "الاتصال",
    "اتصل",
    "هاتف",
    "فون",
    "फ़ोन",
    "फोन",
    "कॉल",
    "โทร",
    "拨打",
    "致电",
    "打电话",
    // A number given as one's own or new one, and "reach me at" in more
    // languages (pl "pod numer", de "erreichen Sie mich unter", th
    // "ติดต่อได้ที่", th "เบอร์" a phone number).
    "new number",
    "my number",
    "pod numer",
    "erreichen",
    "erreichst",
    "ติดต่อ",
    "เบอร์",
    // Lines and desks one rings ("Switchboard: …", "courier desk …",
    // "Bridge line …", "vendor support line is …"), and "contact" in
    // Portuguese and Spanish, a clinic's number in Portuguese.
    "switchboard",
    "desk",
    "line",
    "helpline",
    "questions:",
    "contato",
    "contacto",
    "consultório",
    // "Call" in more languages: bg, uk, hr/sr/bs, sl, sk, lt, lv, et, fi,
    // tr, tl.
    "обадете",
    "обади се",
    "позвъни",
    "подзвоніть",
    "зателефонуйте",
    "nazovite",
    "nazovi",
    "pozovite",
    "pokličite",
    "zavolajte",
    "skambinkite",
    "zvaniet",
    "helistage",
    "soita",
    "soittakaa",
    "arayın",
    // A call back (uk, ru) and a voicemail's caller.
    "передзвоніть",
    "передзвони",
    "перезвоните",
    "перезвони",
    "voicemail from",
    "voice mail from",
    "tawagan",
    "tumawag",
    // "Phone" and "call" in more languages: is, hy, ka, be, mn, am, lv, cy,
    // ca, mt, ga, fa, km, lo, my, si, ta, bn, gu, te, kn, ml, pa.
    "sími",
    "síma",
    "símanúmer",
    "farsím",
    "hringdu",
    "hringið",
    "հեռախոս",
    "հեռ.",
    "զանգ",
    "ტელ",
    "დარეკ",
    "тэл",
    "утас",
    "ስልክ",
    "tālr",
    "zvanīt",
    "ffôn",
    "ffoniwch",
    "telèfon",
    "truqueu",
    "ċempel",
    "telefown",
    "guthán",
    "tabhair glaoch",
    "تلفن",
    "تماس",
    "ទូរស័ព្ទ",
    "ໂທ",
    "ဖုန်း",
    "දුරකථන",
    "தொலைபேசி",
    "அழைக்க",
    "ফোন",
    "ફોન",
    "ఫోన్",
    "ಫೋನ್",
    "ഫോൺ",
    "ਫ਼ੋਨ",
    "ਫੋਨ",
    // fi "puh." (puhelin), ur "رابطہ" (contact), GEDCOM's `PHON` tag,
    // and the telephone emoji. (Not the bare words for "number": an
    // order's number is one too.)
    // sw "simu" (phone; a whole word, not "Simulation"), it "richiamare"
    // (call back), Tamazight "ⵙⵙⵉⵡⵍ" (call).
    "simu ",
    "richiamare",
    "richiamami",
    "ⵙⵙⵉⵡⵍ",
    "puh.",
    "puh:",
    "رابطہ",
    "phon ",
    "📱",
    "📞",
    "☎",
    // Labels and abbreviations for a phone or a mobile in more languages:
    // fr, de/da/sv/no/cs/hu/ro/az, nl/af, pl, et/lt/lv, el, ru/bg/uk, tr,
    // ar, he, fa, hi, bn, ta, vi, id/ms, tl, sw, zh, ko, ka, kk, ur, ps,
    // ig, zu, xh, so, ht.
    "tél.",
    "tél:",
    "tél ",
    "portable",
    "mobil:",
    "mobil ",
    "mobil.",
    "telefoon",
    "mobiel",
    "selfoon",
    "gsm",
    "komórk",
    "kom.",
    "mob.",
    "κινητό",
    "κιν.",
    "тел:",
    "тел ",
    "моб:",
    "мобильн",
    "мобілн",
    "cep tel",
    "جوال",
    "موبايل",
    "تليفون",
    "נייד",
    "טל'",
    "موبایل",
    "همراه",
    "मोबाइल",
    "संपर्क",
    "মোবাইল",
    "கைபேசி",
    "sđt",
    "đt:",
    "telp",
    "ponsel",
    "no. hp",
    "h/p",
    "telepono",
    "手機",
    "联系方式",
    "聯絡",
    "핸드폰",
    "მობ",
    "ұялы",
    "موبائل",
    "ټیلیفون",
    "ekwentị",
    "ucingo",
    "umnxeba",
    "taleefan",
    "telefòn",
    // "Contact" as a label in the Slavic, Germanic and Nordic languages
    // (`Kontakt: 512 345 268`, `Proszę o kontakt: …`), vi "liên hệ", and
    // "phone" in Yoruba and Hausa.
    "kontakt",
    "liên hệ",
    // "Reachable", "call", "contact", "talk to me" in more languages: fr,
    // pl, sl, da/no, et, uk, ne, si, vi ("via the number").
    "joignable",
    "dzwonić",
    "dzwonic",
    "dosegljiv",
    "fange mig",
    "ring til",
    "ring mig",
    "ühendust",
    "зв'язатися",
    "зв’язатися",
    "सम्पर्क",
    "කතා කරන්න",
    "qua số",
    "fóònù",
    "tẹl",
    "waya",
];

static CUE_MATCHER: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| {
        // The matcher folds ASCII case only; a cue of another cased script
        // is looked for capitalized too ("Телефон", "Τηλέφωνο", "Sími").
        let capitalized = CUES.iter().filter_map(|c| {
            let mut cs = c.chars();
            let first = cs.next()?;
            (!first.is_ascii() && first.is_lowercase())
                .then(|| first.to_uppercase().chain(cs).collect::<String>())
        });
        let all: Vec<String> = CUES
            .iter()
            .map(|c| c.to_string())
            .chain(capitalized)
            .collect();
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(all)
            .expect("cue words")
    });

/// Is there a phone cue in the 40 bytes before `start`, on the same line?
fn has_cue(text: &str, start: usize) -> bool {
    // Forty characters back, not bytes: a cue in Cyrillic, Greek or Thai
    // ("обадете се на Петър Иванов на …") takes two or three bytes a letter.
    let from = text[..start]
        .char_indices()
        .rev()
        .nth(39)
        .map_or(0, |(i, _)| i);
    let from = from + text[from..start].rfind('\n').map_or(0, |p| p + 1);
    // Whole words only: "tel" in "Kortelainen" is no cue.
    // Words of scripts written without spaces ("กรุณาโทรกลับ") have none.
    // A cue announces the first number after it, not one past another
    // ("call me on +56 4 1007 7368. Order 642779637723").
    CUE_MATCHER
        .find_overlapping_iter(&text[from..start])
        .any(|m| {
            let at = from + m.start();
            // "My number" starts a word (not `문제 번호`, a question's).
            let own_word = matches!(&text[at..from + m.end()], "제 번호" | "내 번호");
            (!own_word || !text[..at].ends_with(|x: char| x.is_alphabetic()))
                && (text[at..].starts_with(spaceless_letter)
                    || !text[..at].ends_with(|x: char| x.is_alphabetic()))
                && !text[from + m.end()..start]
                    .bytes()
                    .any(|c| c.is_ascii_digit())
        })
        || cue_after(text, start)
}

/// Words that announce a number right after it, in languages that put the
/// verb last ("beni 2280 5756 numarasından ara", "089111 92005 पर फ़ोन
/// करें", "010-1234-5678로 전화"): looked for past the number that starts at
/// `start`, on the same line.
const CUES_AFTER: &[&str] = &[
    "numarasından",
    "numaradan",
    "पर फ़ोन",
    "पर फोन",
    "पर कॉल",
    "로 전화",
    "으로 전화",
    "로 연락",
    "までお電話",
    "にお電話",
    "に電話",
    // "To the number …, call" in ko, bn, kk, fa; dv "އަށް ގުޅ" (call
    // to). (Not "to the number" alone: an order has one too.)
    "번으로 전화",
    "번으로 다시 전화",
    "번호로 전화",
    "번으로 연락",
    "নম্বরে কল",
    "নম্বরে ফোন",
    "нөміріне қоңырау",
    "нөміріне қайта қоңырау",
    "تماس بگیرید",
    "އަށް ގުޅ",
];

fn cue_after(text: &str, start: usize) -> bool {
    let b = text.as_bytes();
    // Past the number: digits and separators, then at most a space.
    let mut i = start;
    while i < b.len() && (b[i].is_ascii_digit() || b" -./()+".contains(&b[i])) && i - start < 40 {
        i += 1;
    }
    let rest = text[i..].trim_start_matches(' ');
    CUES_AFTER.iter().any(|c| rest.starts_with(c))
}

/// Appends runs of 8 to 15 bare digits that, read as E.164 without the
/// `+` or as they are, are numbers `known` says the session tokenized:
/// the same number gets the same token however it is written again.
pub fn find_known(text: &str, known: impl Fn(&str) -> bool, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut i = 0;
    let mut e164 = String::with_capacity(16);
    while let Some(p) = b[i..].iter().position(u8::is_ascii_digit) {
        let start = i + p;
        i = start + b[start..].iter().take_while(|c| c.is_ascii_digit()).count();
        let glued = |c: Option<&u8>| {
            c.is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'+' || c >= 0x80)
        };
        if !(8..=15).contains(&(i - start))
            || glued(start.checked_sub(1).and_then(|p| b.get(p)))
            || glued(b.get(i))
        {
            continue;
        }
        e164.clear();
        e164.push('+');
        e164.push_str(&text[start..i]);
        // Under a phone key, bare digits are kept as written (`wa_id`).
        let normalized = if known(&e164) {
            Some(e164.clone())
        } else if known(&e164[1..]) {
            Some(e164[1..].to_string())
        } else {
            None
        };
        if let Some(normalized) = normalized {
            out.push(Finding {
                class: Class::Phone,
                start,
                end: i,
                detector: Detector::Phone,
                confidence: 0.9,
                normalized,
            });
        }
    }
}

/// Session recall of a number written nationally in groups after the
/// session met it in full (`<a href="tel:+420704496996">704 496 996</a>`,
/// `+353 87 226 6341 … 087 226 6341`): two groups or more of digits set
/// apart by single spaces, hyphens or dots, 8 to 12 digits once a trunk
/// `0` is dropped, that are the end of a number the session tokenized.
pub fn find_known_national(
    text: &str,
    known: impl Fn(&str) -> Option<String>,
    out: &mut Vec<Finding>,
) {
    let b = text.as_bytes();
    let glued =
        |c: Option<&u8>| c.is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'+' || c >= 0x80);
    let mut digits = String::with_capacity(16);
    let mut i = 0;
    while let Some(p) = b[i..].iter().position(u8::is_ascii_digit) {
        let start = i + p;
        digits.clear();
        let (mut j, mut groups) = (start, 0);
        loop {
            let g = b[j..].iter().take_while(|c| c.is_ascii_digit()).count();
            digits.push_str(&text[j..j + g]);
            j += g;
            groups += 1;
            let sep = b.get(j).is_some_and(|c| matches!(c, b' ' | b'-' | b'.'));
            if !(sep && b.get(j + 1).is_some_and(u8::is_ascii_digit)) || digits.len() > 13 {
                break;
            }
            j += 1;
        }
        i = j;
        let national = digits.strip_prefix('0').unwrap_or(&digits);
        if groups < 2
            || !(8..=12).contains(&national.len())
            || glued(start.checked_sub(1).and_then(|p| b.get(p)))
            || glued(b.get(j))
        {
            continue;
        }
        let Some(normalized) = known(national) else {
            continue;
        };
        out.push(Finding {
            class: Class::Phone,
            start,
            end: j,
            detector: Detector::Phone,
            confidence: 0.9,
            normalized,
        });
    }
}

/// Digits read out in words, as voicemail transcriptions write them.
const DIGIT_WORDS: &[(&str, u8)] = &[
    ("zero", b'0'),
    ("oh", b'0'),
    ("one", b'1'),
    ("two", b'2'),
    ("three", b'3'),
    ("four", b'4'),
    ("five", b'5'),
    ("six", b'6'),
    ("seven", b'7'),
    ("eight", b'8'),
    ("nine", b'9'),
];

/// Appends numbers read out in words after a phone cue ("my number is ...
/// three four seven zero five six zero", "call me on double four seven
/// …"): seven digits or more, nothing but spaces, commas and hyphens
/// between them. Texts without a cue cost one automaton pass.
pub fn find_spoken(text: &str, out: &mut Vec<Finding>) {
    for m in CUE_MATCHER.find_iter(text) {
        if text[..m.start()].ends_with(|c: char| c.is_alphabetic()) {
            continue;
        }
        if let Some(f) = spoken_after(text, m.end()) {
            out.push(f);
        }
    }
}

fn spoken_after(text: &str, from: usize) -> Option<Finding> {
    let b = text.as_bytes();
    let mut i = from;
    let mut digits = String::new();
    let (mut start, mut end) = (0, 0);
    let mut fillers = 0;
    let mut double = 1;
    loop {
        // Between words: spaces and punctuation before the run (`is ...`),
        // only spaces, commas and hyphens inside it.
        while i < b.len() && !b[i].is_ascii_alphabetic() {
            if b[i] == b'\n' || b[i].is_ascii_digit() || b[i] >= 0x80 {
                break;
            }
            if !digits.is_empty() && !matches!(b[i], b' ' | b',' | b'-') {
                break;
            }
            i += 1;
        }
        if i >= b.len() || !b[i].is_ascii_alphabetic() || (digits.is_empty() && i - from > 24) {
            break;
        }
        let w_end = i + b[i..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        let word = &text[i..w_end];
        if b.get(w_end).is_some_and(|&c| c >= 0x80) {
            break;
        }
        if let Some(&(_, d)) = DIGIT_WORDS
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(word))
        {
            if digits.is_empty() {
                start = i;
            }
            for _ in 0..double {
                digits.push(d as char);
            }
            double = 1;
            end = w_end;
        } else if word.eq_ignore_ascii_case("double") {
            double = 2;
        } else if word.eq_ignore_ascii_case("triple") {
            double = 3;
        } else if digits.is_empty() && fillers < 3 && word.len() <= 4 {
            // "is", "on", "me at": words between the cue and the number.
            fillers += 1;
        } else {
            break;
        }
        i = w_end;
    }
    (7..=15).contains(&digits.len()).then_some(Finding {
        class: Class::Phone,
        start,
        end,
        detector: Detector::Phone,
        confidence: 0.8,
        normalized: digits,
    })
}

/// Numbers announced by a cue ("reach me on 2866 0988", "call 07493779"):
/// any plausible grouping of 7 to 15 digits that is not a date, an IPv4
/// address or a card number; six digits in groups (the smallest plans),
/// and five in two groups or a grouping with a one-digit group when a
/// small plan vouches for the number ([`small_plan`]).
fn validate_cued(cand: &str, s: &Shape) -> Option<String> {
    let nd = s.digits().len();
    let g = s.groups();
    // Six digits are a whole number in the smallest plans (the Faroes,
    // Greenland, Andorra, Monaco's short forms): after a cue, when
    // grouped by spaces or a hyphen as such numbers are written
    // (`call me on 317 817`, `mobile 716-610`, `Office: 22 53 97`).
    let six = nd == 6 && !s.plus && g.len() >= 2 && s.seps & 4 == 0 && g.iter().all(|&x| x >= 2);
    // Five digits in two groups are a whole number of the smallest plans
    // (`Tel 21 234` in the Cook Islands, `20-123` in Tonga).
    if nd == 5 && !s.plus && g.len() == 2 && s.seps & 4 == 0 && g.iter().all(|&x| x >= 2) {
        return small_plan(cand, s);
    }
    if !((7..=15).contains(&nd) || six) {
        return None;
    }
    let dots = s.seps & 4 != 0;
    // (Six digits in pairs set apart by spaces only are a number of the
    // smallest plans: `Office: 22 53 97`.)
    let date_like = date_like(s) && !(six && s.seps == 1);
    let ipv4 = dots && g.len() == 4 && g.iter().all(|&x| x <= 3);
    // `Call notes — 20230420`: a compact date, cue or not.
    let date_like = date_like || (!s.plus && g == [8] && compact_date(s.digits()));
    if date_like || ipv4 || (nd >= 13 && luhn(s.digits())) {
        return None;
    }
    // After a country code, a one-digit area code is common (`+33 1 …`,
    // `+234 1 …`); elsewhere a one-digit group is a list or a range,
    // unless a small plan vouches for the number (`21 23 4 56789` in
    // Côte d'Ivoire).
    let free = if s.plus { 2 } else { 1 };
    if g.iter().skip(free).any(|&x| x < 2) {
        return small_plan(cand, s);
    }
    let clean: String = cand.chars().filter(|c| *c != '(' && *c != ')').collect();
    if s.plus {
        if let Ok(n) = PhoneNumber::parse(&clean, None)
            && PHONE_NUMBER_UTIL.is_possible_number(&n)
        {
            return Some(e164(&n));
        }
        return Some(format!("+{}", s.digits()));
    }
    for &r in std::iter::once(&Region::US).chain(TRUNK_REGIONS) {
        if let Ok(n) = PhoneNumber::parse(&clean, Some(r))
            && PHONE_NUMBER_UTIL.is_possible_number(&n)
            && n.is_valid()
        {
            return Some(e164(&n));
        }
    }
    Some(s.digits().to_string())
}

/// Regions of small numbering plans, and plans with one-digit groups in
/// their national format (Côte d'Ivoire, Haiti): tried for a cued number
/// whose shape the structural checks would refuse.
const SMALL_PLANS: &[Region] = &[
    Region::CI,
    Region::HT,
    Region::AC,
    Region::CK,
    Region::FK,
    Region::KI,
    Region::NU,
    Region::SB,
    Region::SH,
    Region::TO,
    Region::TV,
    Region::VU,
    Region::WS,
    Region::NR,
    Region::NF,
];

/// A cued number valid in one of [`SMALL_PLANS`], in E.164.
fn small_plan(cand: &str, s: &Shape) -> Option<String> {
    if s.plus {
        return None;
    }
    let clean: String = cand.chars().filter(|c| *c != '(' && *c != ')').collect();
    valid_in(&clean, SMALL_PLANS.iter().copied())
}

/// Eight digits that read as a date, `yyyymmdd` from 1990 to 2039.
fn compact_date(d: &str) -> bool {
    let n = |r: std::ops::Range<usize>| d.get(r).and_then(|x| x.parse::<u32>().ok());
    d.len() == 8
        && n(0..4).is_some_and(|y| (1990..=2039).contains(&y))
        && n(4..6).is_some_and(|m| (1..=12).contains(&m))
        && n(6..8).is_some_and(|x| (1..=31).contains(&x))
}

/// Mexican mobiles as still written with the `1` dropped from the plan in
/// 2019 (`+52 1 55 9104 5851`): valid once it is dropped, and normalized
/// without it, so both spellings get the same token.
fn legacy_mexican_mobile(digits: &str, plus: bool) -> Option<String> {
    let d = if plus {
        digits
    } else {
        digits.strip_prefix("00")?
    };
    let rest = d.strip_prefix("521").filter(|r| r.len() == 10)?;
    let n = PhoneNumber::parse(format!("+52{rest}"), None).ok()?;
    n.is_valid().then(|| e164(&n))
}

fn luhn(digits: &str) -> bool {
    let mut sum = 0;
    for (i, d) in digits.bytes().rev().enumerate() {
        let mut v = (d - b'0') as u32;
        if i % 2 == 1 {
            v *= 2;
            if v > 9 {
                v -= 9;
            }
        }
        sum += v;
    }
    sum % 10 == 0
}

fn e164(n: &PhoneNumber) -> String {
    n.format_as(PhoneNumberFormat::E164).into_owned()
}

/// The first code point (digit zero) of each run of ten decimal digits
/// that Unicode has outside ASCII and that numbers are written in:
/// Arabic-Indic, Persian, N'Ko, the Indic scripts, Sinhala, Thai, Lao,
/// Tibetan, Myanmar, Khmer, Mongolian, Limbu, New Tai Lue, Tai Tham,
/// Balinese, Sundanese, Lepcha, Ol Chiki, Vai, Saurashtra, Kayah Li,
/// Javanese, Cham, Meetei Mayek and the full-width forms.
const DIGIT_ZEROS: &[u32] = &[
    0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6,
    0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50,
    0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
];

/// The value of a decimal digit written in a script other than ASCII.
pub fn other_digit(c: char) -> Option<u8> {
    let u = u32::from(c);
    if u < 0x660 {
        return None;
    }
    // The zeros are sorted: the digit's run is the last one starting at
    // or before it.
    let i = DIGIT_ZEROS.partition_point(|&z| z <= u);
    let zero = DIGIT_ZEROS[i.checked_sub(1)?];
    (u - zero < 10).then(|| (u - zero) as u8)
}

/// A text read with every decimal digit (and full-width `+ - ( )` and
/// space) as ASCII, and where each of its bytes came from in the text.
pub struct Folded {
    pub text: String,
    at: Vec<usize>,
}

impl Folded {
    /// `None` when `text` has no digit outside ASCII.
    pub fn of(text: &str) -> Option<Folded> {
        if text.is_ascii() || !text.chars().any(|c| other_digit(c).is_some()) {
            return None;
        }
        let mut folded = String::with_capacity(text.len());
        let mut at = Vec::with_capacity(text.len() + 1);
        for (i, c) in text.char_indices() {
            let c = match other_digit(c) {
                Some(d) => (b'0' + d) as char,
                None => match c {
                    '\u{ff0b}' => '+',
                    '\u{ff0d}' | '\u{2212}' => '-',
                    '\u{ff08}' => '(',
                    '\u{ff09}' => ')',
                    '\u{3000}' => ' ',
                    _ => c,
                },
            };
            folded.push(c);
            at.extend(std::iter::repeat_n(i, c.len_utf8()));
        }
        at.push(text.len());
        Some(Folded { text: folded, at })
    }

    /// Where the text's byte offset `i` (a char boundary) is in the
    /// folded text.
    pub fn folded_at(&self, i: usize) -> usize {
        self.at.partition_point(|&x| x < i)
    }

    /// A finding in the folded text, moved to the text's bytes.
    pub fn unfold(&self, f: &mut Finding) {
        f.start = self.at[f.start];
        f.end = self.at[f.end];
    }

    /// A finding in the text, moved to the folded text's bytes.
    pub fn fold(&self, f: &mut Finding) {
        f.start = self.folded_at(f.start);
        f.end = self.folded_at(f.end);
    }
}

/// Numbers written in digits other than ASCII (`+٩٧١ ٥٠ ١٢٣ ٠٦٠٥`,
/// `+۱ ۸۷۶-۲۱۰-۹۵۸۹`, `०८१२३४ ५९९५४`, `๐๘๑ ๒๓๔ ๘๓๙๔`,
/// `０９０－１２３４－９０４３`): the text is read with those digits as
/// ASCII ([`Folded`]), scanned as any other, and each number found is
/// mapped back to its bytes in `text`. Only numbers with such a digit are
/// added; the rest were found in the text itself.
pub fn find_other_digits(folded: &Folded, text: &str, out: &mut Vec<Finding>) {
    let mut found = Vec::new();
    find(&folded.text, &mut found);
    for mut f in found {
        folded.unfold(&mut f);
        if text[f.start..f.end]
            .chars()
            .any(|c| other_digit(c).is_some())
        {
            out.push(f);
        }
    }
}

/// [`after_names`] in a text whose numbers are written in other digits
/// (`คุณอรุณี แสงทอง ๐๘๑ ๒๓๔ ๘๓๙๔`): the names' and addresses' ends and
/// the findings so far are read in the folded text; numbers found there
/// with a digit outside ASCII are added, in the text's bytes.
pub fn after_names_folded(folded: &Folded, text: &str, out: &mut Vec<Finding>) {
    let ends: Vec<(usize, bool)> = out
        .iter()
        .filter(|f| matches!(f.class, Class::Name | Class::Email))
        .map(|f| (folded.folded_at(f.end), f.class == Class::Email))
        .collect();
    if ends.is_empty() {
        return;
    }
    let mut found: Vec<Finding> = out.clone();
    found.iter_mut().for_each(|f| folded.fold(f));
    let known = found.len();
    after_names(&folded.text, &ends, &mut found);
    for mut f in found.drain(known..) {
        folded.unfold(&mut f);
        if !text[f.start..f.end].is_ascii() {
            out.push(f);
        }
    }
}

/// Structural checks and libphonenumber validation; returns the E.164 form.
fn validate(cand: &str, s: &Shape) -> Option<String> {
    let nd = s.digits().len();
    // A long group and then one or two digits (`08-088035-20`,
    // `92-501298-18`) is how file and case numbers end, with a check or
    // year; no numbering plan writes a number so.
    if !s.plus
        && s.groups().first().is_some_and(|&g| g <= 2)
        && s.groups().windows(2).any(|w| w[0] >= 6 && w[1] <= 2)
    {
        return None;
    }
    // `011`, the exit code of the North American plan, before a country
    // code (`011 44 7400 221537`): the number must be valid. Delhi,
    // Belgrade and Sapporo numbers start with 011 too; they are not valid
    // once read so, and go on to be judged as national numbers.
    if !s.plus
        && s.digits().starts_with("011")
        && s.groups().first() == Some(&3)
        && s.groups().len() >= 3
        && (11..=18).contains(&nd)
        && let Some(rest) = cand.trim_start().strip_prefix("011")
        && let Ok(n) = PhoneNumber::parse(format!("+{}", rest.trim_start()), None)
        && n.is_valid()
    {
        return Some(e164(&n));
    }
    let intl = s.plus || s.digits().starts_with("00");
    // Numbers whose separators are unusual for their kind must be valid
    // (not merely possible) numbers of their region.
    let mut strict = false;
    // Dots are only used by NANP 3.3.4 and all-pairs (FR/BE) styles; mixed
    // dots and other separators are dates, ranges or versions. An
    // international number may use dots for any grouping ("+49.30.901820").
    if s.seps & 4 != 0 {
        let nanp = s.groups() == [3, 3, 4] || s.groups() == [1, 3, 3, 4];
        let pairs =
            s.groups().iter().skip(usize::from(s.plus)).all(|&g| g == 2) && s.groups().len() >= 4;
        // A national number with its trunk prefix in dotted groups
        // (`010.6887.9195`, `02.9876.5432`): must be valid.
        let trunk = !s.plus
            && s.seps == 4
            && s.digits().starts_with('0')
            && (9..=12).contains(&nd)
            && (2..=4).contains(&s.groups().len())
            && s.groups().iter().all(|&g| g >= 2)
            && !date_like(s);
        // Dots mixed with hyphens are dates, ranges or versions, unless a
        // country code starts them (`+1.670-236-1207`): then the number
        // must be valid.
        if s.seps & 2 != 0 {
            if !s.plus {
                return None;
            }
            strict = true;
        }
        // A country code, a space, then dotted groups (`+420 601.517.110`,
        // `+30 691.209.6808`): as a number written all in dots.
        let code_then_dots = s.plus
            && s.seps == 5
            && cand
                .trim_start_matches('+')
                .split_once(' ')
                .is_some_and(|(cc, rest)| {
                    (1..=3).contains(&cc.len())
                        && cc.bytes().all(|b| b.is_ascii_digit())
                        && rest.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                });
        if !(nanp || pairs) {
            if !(s.plus || trunk) || (s.seps != 4 && !code_then_dots) {
                return None;
            }
            strict = true;
        }
    }
    if s.seps & 2 != 0 && s.seps & 1 != 0 && !s.plus {
        // "415 - 555" style ranges of numbers: allow only "(415) 555-0132"
        // like mixes, and valid national or `00` numbers ("070-194 08 98",
        // "0082 2-218-4000"), and those with the trunk prefix `8` ("8 916
        // 980-23-12", judged by `trunk_eight`).
        let eight = nd == 11 && s.digits().starts_with('8') && s.groups().first() == Some(&1);
        if s.seps & 8 == 0 {
            if !(s.digits().starts_with('0') || eight) || s.groups().len() < 3 {
                return None;
            }
            strict = true;
        }
    }
    if intl {
        let own = nd - if s.plus { 0 } else { 2 };
        // Seven digits with the country code are whole numbers of the
        // smallest plans (`+290 8994` Saint Helena, `+683 7012` Niue):
        // taken when written with a plus, grouped and valid.
        let short = own == 7 && s.plus && s.groups().len() >= 2;
        if !(8..=15).contains(&own) && !short {
            return None;
        }
        let intl = if s.plus {
            cand.to_string()
        } else {
            format!("+{}", &cand.trim_start()[2..])
        };
        let n = PhoneNumber::parse(&intl, None).ok()?;
        if !PHONE_NUMBER_UTIL.is_possible_number(&n) {
            return legacy_mexican_mobile(s.digits(), intl.trim_start().starts_with('+'));
        }
        // A possible length written in groups is a number by form (fictional
        // ranges, numbering-plan updates newer than the metadata); shorter
        // or ungrouped ones must be valid.
        if (!strict && !short && (s.groups().len() >= 3 || nd >= 11)) || n.is_valid() {
            return Some(e164(&n));
        }
        return None;
    }
    if nd >= 13 && luhn(s.digits()) {
        return None; // a card number
    }
    if nd == 13 && (s.digits().starts_with("978") || s.digits().starts_with("979")) {
        return None; // an ISBN
    }
    if s.digits().starts_with('0') {
        // Eight digits ("(022) 15603", "08-12 50 02") only when grouped
        // like a phone number and valid.
        if nd == 8 && s.groups().len() >= 2 && !date_like(s) {
            strict = true;
        } else if nd == 13 && s.groups().len() >= 3 {
            // Argentina's mobiles with the trunk `0` and the `15` before
            // the subscriber (`011 15-2345-6789`).
            return valid_in(cand, [Region::AR]);
        } else if !(9..=12).contains(&nd) {
            return None;
        }
        // "0-306-40615-2": ISBN-10 groups end in a one-digit check digit.
        if s.groups().len() > 1 && s.groups().last() == Some(&1) {
            return None;
        }
        if s.groups().len() == 1 && nd > 11 {
            return None;
        }
        let mut possible = None;
        for &r in TRUNK_REGIONS {
            // Length first (cheap), full validation only for possible numbers.
            if let Ok(n) = PhoneNumber::parse(cand, Some(r))
                && PHONE_NUMBER_UTIL.is_possible_number(&n)
            {
                if n.is_valid() {
                    return Some(e164(&n));
                }
                if possible.is_none() && nd >= 10 && !strict {
                    possible = Some(e164(&n));
                }
            }
        }
        return possible.filter(|_| s.groups().len() >= 2);
    }
    north_american(cand, s)
        .or_else(|| plain_national(cand, s))
        .or_else(|| trunk_eight(cand, s))
}

/// Russian and Kazakh national numbers with their trunk prefix `8`
/// (`8 (916) 980-23-12`, `8-727-258-30-44`): eleven digits, the `8` apart,
/// then a three-digit code; Belarusian ones, whose prefix is `8 0` and
/// whose codes run to five digits (`8 029 123-45-67`, `8 01597 15-622`).
/// Must be valid.
fn trunk_eight(cand: &str, s: &Shape) -> Option<String> {
    let g = s.groups();
    if s.plus || s.digits().len() != 11 || !s.digits().starts_with('8') || g.len() < 3 {
        return None;
    }
    let belarus = s.digits().starts_with("80") && (3..=5).contains(&g[1]);
    if g[0] != 1 || !(g[1] == 3 || belarus) || date_like(s) {
        return None;
    }
    let regions: &[Region] = if belarus {
        &[Region::BY]
    } else {
        &[Region::RU, Region::KZ]
    };
    for &r in regions {
        if let Ok(n) = PhoneNumber::parse(cand, Some(r))
            && n.is_valid()
        {
            return Some(e164(&n));
        }
    }
    None
}

/// Dates written with separators: `2024-03-15`, `15.03.2024`, `01-02-2024`
/// (a day, a month and a year of 1800–2199 in some order; `22 45 3300` is
/// none), and any three pairs (`24.03.15`, or a time `14:05:09`).
fn date_like(s: &Shape) -> bool {
    if s.plus {
        return false;
    }
    let g = s.groups();
    if g == [2, 2, 2] {
        return true;
    }
    // A date and then the hour or minutes (`23.08.2023 12`, a blame
    // line's): the date's groups first, then groups of one or two.
    if g.len() > 3 && !g[3..].iter().all(|&n| n <= 2) {
        return false;
    }
    let g = &g[..g.len().min(3)];
    if !matches!(g, [4, 2, 2] | [2, 2, 4] | [1, 2, 4] | [2, 1, 4] | [1, 1, 4]) {
        return false;
    }
    let d = s.digits();
    let (a, b, c) = (
        &d[..usize::from(g[0])],
        &d[usize::from(g[0])..usize::from(g[0] + g[1])],
        &d[usize::from(g[0] + g[1])..usize::from(g[0] + g[1] + g[2])],
    );
    let n = |x: &str| x.parse::<u32>().unwrap_or(0);
    let day_month = |x: u32, y: u32| (1..=31).contains(&x) && (1..=12).contains(&y);
    if g[0] == 4 {
        (1800..=2199).contains(&n(a)) && (day_month(n(c), n(b)) || day_month(n(b), n(c)))
    } else {
        (1800..=2199).contains(&n(c)) && (day_month(n(a), n(b)) || day_month(n(b), n(a)))
    }
}

/// National numbers of regions without a trunk prefix, written in groups
/// ("612 34 56 78", "(11) 96123-4567", "8123 4567", "131 2345 6789"):
/// valid numbers of one of [`PLAIN_REGIONS`].
fn plain_national(cand: &str, s: &Shape) -> Option<String> {
    let nd = s.digits().len();
    let g = s.groups();
    if !(8..=11).contains(&nd) || s.plus || s.digits().starts_with('0') || date_like(s) {
        return None;
    }
    // Spaces only, or an area code in parentheses ("(11) 2345-6789").
    let area = cand.trim_start().starts_with('(') && s.seps & 8 != 0 && s.seps & 4 == 0;
    if !(s.seps == 1 || area) {
        return None;
    }
    // "12 345 678" is an amount with thousands separators.
    let thousands = g.len() >= 2 && g[0] <= 3 && g[1..].iter().all(|&x| x == 3);
    if thousands || g.len() < 2 || (nd >= 9 && g.len() < 3 && !area) || g.iter().any(|&x| x < 2) {
        return None;
    }
    for &r in PLAIN_REGIONS {
        if let Ok(n) = PhoneNumber::parse(cand, Some(r))
            && PHONE_NUMBER_UTIL.is_possible_number(&n)
            && n.is_valid()
        {
            return Some(e164(&n));
        }
    }
    None
}

/// North American numbers: "(415) 555-0132", "415.555.0132", "4155550132".
fn north_american(cand: &str, s: &Shape) -> Option<String> {
    let nd = s.digits().len();
    let nsn = match nd {
        10 => s.digits(),
        11 if s.digits().starts_with('1') => &s.digits()[1..],
        _ => return None,
    };
    let grouped_ok = matches!(
        s.groups(),
        [3, 3, 4] | [1, 3, 3, 4] | [10] | [11] | [3, 7] | [1, 10]
    );
    if !grouped_ok {
        return None;
    }
    let nb = nsn.as_bytes();
    if !(b'2'..=b'9').contains(&nb[0]) || !(b'2'..=b'9').contains(&nb[3]) {
        return None;
    }
    // Written in North American groups ("(415) 555-0132", "415.555.0132")
    // with valid area-code and exchange shapes: a phone number by form,
    // including fictional 555 numbers and area codes newer than the metadata.
    if s.groups().len() >= 3 {
        return Some(format!("+1{nsn}"));
    }
    let n = PhoneNumber::parse(cand, Some(Region::US)).ok()?;
    n.is_valid().then(|| e164(&n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warming_up_changes_no_finding() {
        let text = "Reach Ana on +44 20 7946 0958 or 030 901820; ref 2024-05-01.";
        let mut before = Vec::new();
        find(text, &mut before);
        warm_up();
        let mut after = Vec::new();
        find(text, &mut after);
        assert_eq!(before, after);
        assert!(!after.is_empty());
        let mut warm = Vec::new();
        find(WARM_UP_TEXT, &mut warm);
        assert!(
            warm.len() >= 8,
            "the warm-up text reads as phones: {}",
            warm.len()
        );
    }

    fn phones(text: &str) -> Vec<String> {
        let mut out = vec![];
        find(text, &mut out);
        out.iter()
            .map(|f| text[f.start..f.end].to_string())
            .collect()
    }

    /// What [`after_names`] reads after the name `Ana Lima` at the start.
    fn after_ana(t: &str) -> Vec<String> {
        let mut out = Vec::new();
        after_names(t, &[(8, false)], &mut out);
        out.iter().map(|f| t[f.start..f.end].to_string()).collect()
    }

    #[test]
    fn cues_in_more_languages_and_short_numbers_right_after_a_label() {
        for (t, n) in [
            ("Kontakt: Ana, tlf. 221296, adresse", "221296"),
            ("Bw. Ana, simu 21914083, anwani", "21914083"),
            ("richiamare al numero 87710710476.", "87710710476"),
            ("لطفاً با شماره 912 518 861 تماس بگیرید.", "912 518 861"),
            ("메시지: 0434197 번으로 다시 전화 부탁드립니다.", "0434197"),
            ("অনুগ্রহ করে 22-28-60-78 নম্বরে কল করুন।", "22-28-60-78"),
            ("ⵙⵙⵉⵡⵍ ⵖⵔ 65004602.", "65004602"),
        ] {
            assert_eq!(phones(t), [n], "{t}");
        }
        // Not an identifier's number, nor digits too few for any plan,
        // nor five digits a label does not stand right before.
        for t in [
            "Order no. 215986",
            "tel. 12",
            "ტელ. 21598",
            "Call about ticket 215986",
            "Simulation run 48291735 done",
            "주문 0434197 번으로 조회",
        ] {
            assert!(phones(t).is_empty(), "{t}: {:?}", phones(t));
        }
    }

    #[test]
    fn a_number_in_a_signature_column_or_own_parentheses_after_a_name() {
        for (t, n) in [
            // A signature's number, on the next line or past a role.
            ("Ana Lima\n412 0488", "412 0488"),
            ("Ana Lima\nRecruiter\n7026.3171 | [EMAIL_1]", "7026.3171"),
            ("Ana Lima\n3203151", "3203151"),
            // A fixed-width table's next column, up to its gap.
            (
                "Ana Lima      050 107 8480  9400159126278224",
                "050 107 8480",
            ),
            // In parentheses of its own.
            ("Ana Lima ((2) 2138 0754)", "(2) 2138 0754"),
        ] {
            assert_eq!(after_ana(t), [n], "{t}");
        }
        for t in [
            // Dates, long identifiers, a number past a line with digits,
            // an ungrouped one past a role, words after the number.
            "Ana Lima\n20240315",
            "Ana Lima\n2024-03-15",
            "Ana Lima\n242205942170",
            "Ana Lima\nRoom 4\n412 0488",
            "Ana Lima\nRecruiter\n3203151",
            "Ana Lima\n412 0488 units shipped",
            "Ana Lima      10:45",
            "Ana Lima\n1932-2019",
            "Ana Lima      1932 - 2019",
        ] {
            assert!(after_ana(t).is_empty(), "{t}: {:?}", after_ana(t));
        }
        // Six digits closing an address's parentheses.
        let t = "(ana@x.fo, 317749)";
        let mut out = Vec::new();
        after_names(t, &[(9, true)], &mut out);
        assert_eq!(out.len(), 1, "{t}");
        assert_eq!(&t[out[0].start..out[0].end], "317749");
    }

    #[test]
    fn a_number_a_few_words_after_a_name_is_theirs() {
        for (t, n) in [
            ("Ana Lima nås på 9911609 fram till fredag.", "9911609"),
            (
                "Ana Lima è raggiungibile al 670-9171 fino a venerdì.",
                "670-9171",
            ),
            ("Ana Lima शुक्रवार तक 235.8410 पर उपलब्ध हैं।", "235.8410"),
            (
                "Ana Lima est joignable au (8 12) 34-02-42 jusqu'à",
                "(8 12) 34-02-42",
            ),
            ("Ana Lima (brother) 701287424\n", "701287424"),
            ("Ana Lima 63 126 734\n", "63 126 734"),
        ] {
            assert_eq!(after_ana(t), [n], "{t}");
        }
        for t in [
            "Ana Lima ordered 12345678 items",
            "Ana Lima, invoice 48213377",
            "Ana Lima paid 1234567",
            "Ana Lima (born 1985) joined in 2019",
            "Ana Lima joined on 2023-01-02",
            "Ana Lima joined on 20230102",
            "Ana Lima logged in at 1699999999",
            "Ana Lima reviewed 42.93.35.106",
            "Ana Lima used card 4111 1111 1111 1111",
            "Ana Lima. Order 12345678 shipped",
            "Ana Lima 12 345 678 shares",
            "Ana Lima 2019",
            "Ana Lima was seen by a very long list of other people first 1234567",
        ] {
            assert!(after_ana(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn case_and_book_numbers_are_no_phones() {
        for t in [
            "Parte 08-088035-20",
            "file 92-501298-18 closed",
            "Textbook: ISBN 8493695580",
        ] {
            assert!(phones(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn access_logs_and_shipments_are_no_numbers() {
        assert!(
            phones(r#"1.2.3.4 - - [09/Jan/2025:19:31:50 +0000] "POST /x HTTP/1.1" 201 36226 "-""#)
                .is_empty()
        );
        assert!(phones("Shipment 6108788658, 38.1 lb.").is_empty());
    }

    #[test]
    fn cued_numbers_in_more_shapes() {
        // A full stop ending a sentence ends the number.
        assert_eq!(
            phones("bereikbaar by +256 (0) 712 345377. (20.03.2023)"),
            ["+256 (0) 712 345377"]
        );
        // A second number after the first.
        assert_eq!(
            phones("Phone: +297 521 2345 / 555 3681"),
            ["+297 521 2345", "555 3681"]
        );
        assert_eq!(phones("Kontakt: 512 345 268"), ["512 345 268"]);
        assert_eq!(phones("Liên hệ: 90119803 (Zalo)"), ["90119803"]);
        // Four pairs under a cue; an address without one.
        assert_eq!(phones("Waya: 17.13.11.35"), ["17.13.11.35"]);
        assert!(phones("IP: 17.13.11.35").is_empty());
        assert!(phones("Phone desk host 172.16.254.1").is_empty());
    }

    #[test]
    fn postcodes_are_no_numbers() {
        assert!(phones("Av. Paulista, 1000 - São Paulo - SP, 01310-100").is_empty());
        assert!(phones("CEP 04538-133").is_empty());
        assert!(phones("PLZ 10115 Berlin, ZIP 94105-1234").is_empty());
        // A number after the postcode still is one.
        assert_eq!(
            phones("CEP 01310-100, tel. (11) 3456-7890"),
            ["(11) 3456-7890"]
        );
    }

    #[test]
    fn seven_digit_numbers_of_the_smallest_plans() {
        // Saint Helena and Niue: four digits after the country code.
        assert_eq!(
            phones("Call +290 8994 or +683 7012 now"),
            ["+290 8994", "+683 7012"]
        );
        // Not without the plus or the group, nor when no plan has it.
        assert!(phones("Ref 290 8994 today").is_empty());
        assert!(phones("diff +2908994 lines").is_empty());
        assert!(phones("Totals +123 4567 units").is_empty());
    }

    #[test]
    fn numbers_in_other_digits() {
        let other = |text: &str| {
            let mut out = vec![];
            if let Some(folded) = Folded::of(text) {
                find_other_digits(&folded, text, &mut out);
            }
            out.iter()
                .map(|f| (text[f.start..f.end].to_string(), f.normalized.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            other("TEL +٩٧١ ٥٠ ١٢٣ ٠٦٠٥ SHIP TO"),
            [("+٩٧١ ٥٠ ١٢٣ ٠٦٠٥".to_string(), "+971501230605".to_string())]
        );
        assert_eq!(
            other("به شماره +۱ ۸۷۶-۲۱۰-۹۵۸۹ تماس"),
            [("+۱ ۸۷۶-۲۱۰-۹۵۸۹".to_string(), "+18762109589".to_string())]
        );
        assert_eq!(
            other("携帯電話: ０９０－１２３４－９０４３")
                .into_iter()
                .map(|(v, _)| v)
                .collect::<Vec<_>>(),
            ["０９０－１２３４－９０４３"]
        );
        // A date in Arabic-Indic digits, and ASCII numbers (found by
        // `find` itself), are not added here.
        assert!(other("٢٠٢٤/١٢/٠١").is_empty());
        assert!(other("+44 20 7946 0958 ٣").is_empty());
        // Every script's decimal digits: Devanagari, Bengali, Thai, Lao.
        assert_eq!(
            other("फोन: +९१ ९८७६५ ४३२१०")[0].1,
            "+919876543210".to_string()
        );
        assert_eq!(other("ফোন +৯১ ৯৮৭৬৫ ৪৩২১০")[0].1, "+919876543210");
        assert_eq!(other("โทร +๖๖ ๘๑ ๒๓๔ ๘๓๙๔")[0].1, "+66812348394");
        assert_eq!(other("ໂທ +໘໕໖ ໒໐ ໕໕໕໑ ໒໓໔໕")[0].1, "+8562055512345");
        // A Thai date is no number.
        assert!(other("วันที่ ๒๕๖๗/๑๒/๐๑").is_empty());
    }

    #[test]
    fn digits_of_every_script() {
        assert_eq!(other_digit('٣'), Some(3));
        assert_eq!(other_digit('९'), Some(9));
        assert_eq!(other_digit('๐'), Some(0));
        assert_eq!(other_digit('໙'), Some(9));
        assert_eq!(other_digit('၅'), Some(5));
        assert_eq!(other_digit('７'), Some(7));
        // Not digits: ASCII, letters next to the runs, other numerals.
        assert_eq!(other_digit('7'), None);
        assert_eq!(other_digit('क'), None);
        assert_eq!(other_digit('Ⅻ'), None);
        assert_eq!(other_digit('五'), None);
        let f = Folded::of("ab ०८१ c").unwrap();
        assert_eq!(f.text, "ab 081 c");
        assert_eq!(f.folded_at(3), 3);
        assert_eq!(f.folded_at(12), 6);
        assert!(Folded::of("ab 081").is_none());
    }

    #[test]
    fn a_region_after_a_slash() {
        // Reservation systems' contact lines.
        assert_eq!(phones("CTCM 9841297999/NP"), ["9841297999"]);
        assert_eq!(phones("APM 0412 555 019/AU ok"), ["0412 555 019"]);
        // Not a number the region's plan lacks, nor a path or an id.
        assert!(phones("CTCM 7479644/IN").is_empty());
        assert!(phones("v2/9841297999/NP").is_empty());
        assert!(phones("CTCM 9841297999/NPX").is_empty());
        assert!(phones("9841297999/ZZ").is_empty());
    }

    #[test]
    fn file_and_ship_numbers_are_no_phones() {
        assert!(phones("Az. 3309724782 vom 1.2.").is_empty());
        assert!(phones("vessel (IMO 9585924)").is_empty());
        // Hungarian's article is no label.
        assert_eq!(phones("hívja az +36 1 234 5678 számot"), ["+36 1 234 5678"]);
    }

    #[test]
    fn a_date_and_its_hour_are_no_number() {
        assert!(phones("011fce9faafc (Shanique Blake 23.08.2023 12) const").is_empty());
        assert!(phones("Logged 2023-08-23 12 45 by ops").is_empty());
    }

    #[test]
    fn a_column_ends_a_number() {
        assert_eq!(
            phones("From: +91 74107 38096  2024-01-11 21:52:22"),
            ["+91 74107 38096"]
        );
        assert!(phones("Total 12 345  2024-01-11").is_empty());
    }

    #[test]
    fn a_locative_prefix_before_a_plus() {
        assert_eq!(
            phones("ucela ukuthi aphinde ashayelwe ku-+96262000838."),
            ["+96262000838"]
        );
        // An identifier's hyphen still glues its digits.
        assert!(phones("ORD-4155550132").is_empty());
    }

    #[test]
    fn the_north_american_exit_code() {
        assert_eq!(
            phones("call 011 44 7400 221537 now"),
            ["011 44 7400 221537"]
        );
        // Delhi numbers start with 011 and stay national numbers.
        assert_eq!(phones("Delhi office 011 2345 6789"), ["011 2345 6789"]);
    }

    #[test]
    fn area_codes_set_off_by_a_slash() {
        // Valid with the trunk 0, or announced by a cue.
        assert_eq!(phones("Tel. 0771/6082888"), ["0771/6082888"]);
        assert_eq!(phones("see 0771/6082888 later"), ["0771/6082888"]);
        assert_eq!(phones("callback number is 919/1269."), ["919/1269"]);
        assert_eq!(
            phones("ruf mich bitte unter 3273 / 5734 an."),
            ["3273 / 5734"]
        );
        assert_eq!(
            phones("New extension 022 / 8269411 x3178. Contact"),
            ["022 / 8269411 x3178"]
        );
        // Years, ratios, pages and paths are none.
        assert!(phones("call 2023/2024").is_empty());
        assert!(phones("ratio 1234/5678 ok").is_empty());
        assert!(phones("Page 12/345678 of the file").is_empty());
        assert!(phones("/api/0771/6082888").is_empty());
        assert!(phones("on 12/05/2024 at").is_empty());
        // With a country code, the plan vouches for the number.
        assert_eq!(phones("MC: Ann · +91 812/3808842"), ["+91 812/3808842"]);
        assert_eq!(
            phones("Deliver to: Ann, Telefon +41 781/277812\n"),
            ["+41 781/277812"]
        );
        assert_eq!(phones("call +966 112/432947||"), ["+966 112/432947"]);
        assert_eq!(phones("\"+682 212/11\""), ["+682 212/11"]);
        // Not a valid number, or part of a path or a ratio.
        assert!(phones("+91 812/38").is_empty());
        assert!(phones("v+41 781/277812").is_empty());
        assert!(phones("+41 781/277812/3").is_empty());
    }

    #[test]
    fn a_number_after_an_address_or_in_korean_prose() {
        let mut out = Vec::new();
        let t = "RSVP: ana@acme.mk / 22187991\nБлагодарам!";
        crate::pii::email::find(t, &mut out);
        find(t, &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(&t[out[1].start..out[1].end], "22187991");
        assert_eq!(
            phones("감사합니다! 제 번호는 33163640입니다."),
            ["33163640"]
        );
        assert!(phones("주문 번호는 33163640입니다.").is_empty());
        assert!(phones("문제 번호는 33163640입니다.").is_empty());
        // Each number after its own address.
        let mut out = Vec::new();
        let t = "ana@acme.mk / 22187991; bo@acme.mk / 33445566";
        crate::pii::email::find(t, &mut out);
        find(t, &mut out);
        assert_eq!(out.iter().filter(|f| f.class == Class::Phone).count(), 2);
        assert_eq!(phones("電話+41 781/277812"), ["+41 781/277812"]);
    }

    #[test]
    fn cues_in_more_languages() {
        // A Hebrew prefix letter joins the number with a hyphen.
        assert_eq!(phones("אפשר להתקשר אליי ב-050 202 3057."), ["050 202 3057"]);
        assert_eq!(phones("ב-0663/9852920."), ["0663/9852920"]);
        // Thai has no spaces before the cue word.
        assert_eq!(phones("กรุณาโทรกลับที่ 045 / 293947 ขอบคุณ"), ["045 / 293947"]);
        // A cue after the number, where the verb comes last.
        assert_eq!(
            phones("beni 2280 / 5756 numarasından arayabilir misin?"),
            ["2280 / 5756"]
        );
        // A cue is spent on the first number after it.
        assert_eq!(
            phones("sună-mă la +56 4 1007 7368. Comanda 642779637723 a fost"),
            ["+56 4 1007 7368"]
        );
        // Offers to be reached.
        assert_eq!(
            phones("Anyone needing Losa can try 82-293-7717 or"),
            ["82-293-7717"]
        );
        assert_eq!(phones("Questions? 72 976 019 · ops@x.org"), ["72 976 019"]);
        // A cue forty letters back in a script of two bytes a letter.
        assert_eq!(
            phones("Моля, обадете се на Петър Иванов на 620 9997."),
            ["620 9997"]
        );
        assert!(phones("You can try 20 minutes later").is_empty());
        // A call back in Ukrainian and a voicemail's caller.
        assert_eq!(
            phones("Будь ласка, передзвоніть мені за номером 8-66-139734"),
            ["8-66-139734"]
        );
        assert_eq!(phones("Voicemail from 670-8556 (00:05:54)"), ["670-8556"]);
        // Reach me at, in Polish, German and Thai; a new number.
        assert_eq!(
            phones("Proszę dzwonić pod numer 530 348 491."),
            ["530 348 491"]
        );
        assert_eq!(
            phones("Sie erreichen mich unter 628 303 017."),
            ["628 303 017"]
        );
        assert_eq!(phones("ติดต่อได้ที่ 628 618 508"), ["628 618 508"]);
        assert_eq!(phones("new number: 70571849"), ["70571849"]);
        // A number is no cue: an order's number stays an order's.
        assert!(phones("numer zamówienia 530348491").is_empty());
        // Six grouped digits after a cue: the smallest plans' numbers.
        assert_eq!(
            phones("If anything slips, call me on 317 817."),
            ["317 817"]
        );
        assert_eq!(phones("Office: 22 53 97."), ["22 53 97"]);
        assert_eq!(
            phones("Llama a Ana al 912 359 581, ella sabe"),
            ["912 359 581"]
        );
        assert!(phones("call me at 10.30.45").is_empty());
        assert!(phones("call me on 317817").is_empty());
    }

    #[test]
    fn hard_cases() {
        let cases = include_str!("../../tests/data/phone-hard-cases.txt");
        let mut bad = vec![];
        for line in cases
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let (kind, text) = line.split_once('\t').expect("KIND\\tTEXT");
            let found = phones(text);
            let ok = match kind {
                "POS" => !found.is_empty(),
                "NEG" => found.is_empty(),
                _ => panic!("bad kind {kind}"),
            };
            if !ok {
                bad.push(format!("{kind} {text:?} -> {found:?}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn spans_and_normalization() {
        let mut out = vec![];
        let t = "call (212) 886-2773 ext. 6918 or tel:+44 20 7946 0958.";
        find(t, &mut out);
        let spans: Vec<_> = out.iter().map(|f| &t[f.start..f.end]).collect();
        assert_eq!(spans, ["(212) 886-2773 ext. 6918", "+44 20 7946 0958"]);
        assert_eq!(out[0].normalized, "+12128862773;ext=6918");
        assert_eq!(out[1].normalized, "+442079460958");
    }

    #[test]
    fn text_escapes_are_breaks() {
        // iCal and doubly encoded JSON write line breaks as `\n`.
        assert_eq!(
            phones(r"DESCRIPTION:Dial-in +31 20 490 8506 #682\nAgenda"),
            ["+31 20 490 8506 #682"]
        );
        assert_eq!(phones(r"Call\n+44 20 7946 0958"), ["+44 20 7946 0958"]);
        // A path stays an identifier.
        assert!(phones(r"C:\data\4155550132\x").is_empty());
    }

    #[test]
    fn legacy_mexican_mobiles() {
        let mut a = vec![];
        find("cel +52 1 55 9104 5851", &mut a);
        let mut b = vec![];
        find("cel +52 55 9104 5851", &mut b);
        assert_eq!(a.len(), 1);
        assert_eq!(b.len(), 1);
        // Both spellings are one number (one token in a session).
        assert_eq!(a[0].normalized, b[0].normalized);
        // Eleven digits after +52 that do not start with 1 are no number.
        assert!(phones("ref +52 9 55 9104 5851").is_empty());
    }

    #[test]
    fn no_break_spaces_separate_groups() {
        assert_eq!(
            phones("appelez le 01\u{a0}42\u{a0}68\u{a0}53\u{a0}00 svp"),
            ["01\u{a0}42\u{a0}68\u{a0}53\u{a0}00"]
        );
        assert_eq!(
            phones("+33\u{202f}1\u{202f}42\u{202f}68\u{202f}53\u{202f}00"),
            ["+33\u{202f}1\u{202f}42\u{202f}68\u{202f}53\u{202f}00"]
        );
    }

    #[test]
    fn csv_cells_and_isbn10() {
        assert_eq!(phones("x,+44 7911 123456,y"), ["+44 7911 123456"]);
        // After a number cell: `,+` starts a number, never an amount's group.
        assert_eq!(
            phones("1583,+995592240003,+37122284513"),
            ["+995592240003", "+37122284513"]
        );
        assert!(phones("1,234,567.89").is_empty());
        assert!(phones("ISBN 0-306-40615-2").is_empty());
    }

    #[test]
    fn a_country_code_then_dotted_groups() {
        assert_eq!(
            phones("volejte +420 601.517.110 nebo"),
            ["+420 601.517.110"]
        );
        assert_eq!(
            phones("Με εκτίμηση\n+30 691.209.6808"),
            ["+30 691.209.6808"]
        );
        assert_eq!(phones("+98 21.2307.3697, mail"), ["+98 21.2307.3697"]);
        // Not a version or an amount after a signed number that is no
        // valid number.
        assert!(phones("+1 2.3.4").is_empty());
        assert!(phones("delta +44 123.456").is_empty());
    }

    #[test]
    fn national_and_dotted_formats() {
        for t in [
            "+33.6.12.48.72.45",
            "+49.30.901820",
            "0082 2-218-4000",
            "070-194 08 98",
            "(022) 15603",
            "612 34 56 78",
            "(11) 96157-4490",
            "8123 4567",
            "131 2345 6789",
        ] {
            assert_eq!(phones(t), [t], "{t}");
        }
        // A signature's `M:` cues a number no region's plan vouches for alone.
        assert_eq!(phones("M: 0660.9458125 | x"), ["0660.9458125"]);
        // A number right after a name, grouped; not an amount.
        let t = "Tenant: Ana Lima, 9 563 3865\nRent: 5";
        let mut out = Vec::new();
        after_names(t, &[(t.find(',').unwrap(), false)], &mut out);
        assert_eq!(
            out.iter().map(|f| &t[f.start..f.end]).collect::<Vec<_>>(),
            ["9 563 3865"]
        );
        let t = "- Ramdin, Ravindra / 8312-5554\n";
        let mut out = Vec::new();
        after_names(t, &[(t.find(" /").unwrap(), false)], &mut out);
        assert_eq!(
            out.iter().map(|f| &t[f.start..f.end]).collect::<Vec<_>>(),
            ["8312-5554"]
        );
        for t in [
            "Ana Lima / 2024-05-01",
            "Ana Lima, 12 345 678 shares",
            "Ana Lima, 20240501",
            "Ana Lima, 2024-05-01",
            "Ana Lima (12 345 678 Kč)",
            "Ana Lima (2019)",
            "Ana Lima (1932-2019)",
            "Ana Lima (2019 - 2023)",
            "Ana Lima, 601 974 945 votes",
        ] {
            let mut out = Vec::new();
            after_names(t, &[(8, false)], &mut out);
            assert!(out.is_empty(), "{t}");
        }
        // Grouped like thousands, but a valid number closing its entry.
        // (The first region whose plan vouches for it names it: Spain's
        // and Denmark's before Czechia's and Latvia's.)
        for (t, n) in [
            ("Ana Lima (601 974 945)", "+34601974945"),
            ("Ana Lima — 21 339 413 / x", "+4521339413"),
            ("Ana Lima, 612 345 678.", "+34612345678"),
        ] {
            let mut out = Vec::new();
            after_names(t, &[(8, false)], &mut out);
            assert_eq!(out.len(), 1, "{t}");
            assert_eq!(out[0].normalized, n, "{t}");
        }
        // After an address, an ungrouped number closing its entry; not a
        // unix time or a date.
        let t = "From: Jo · jo@x.ee · 96971391\n";
        let mut out = Vec::new();
        after_names(t, &[(t.find("ee").unwrap() + 2, true)], &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(&t[out[0].start..out[0].end], "96971391");
        for t in [
            "jo@x.ee, 1699999999",
            "jo@x.ee, 20240501",
            "jo@x.ee, 96971391 orders",
        ] {
            let mut out = Vec::new();
            after_names(t, &[(7, true)], &mut out);
            assert!(out.is_empty(), "{t}");
        }
        // An ungrouped number after a name is no phone's.
        let mut out = Vec::new();
        after_names("Ana Lima, 96971391", &[(8, false)], &mut out);
        assert!(out.is_empty());
        // GEDCOM's PHON tag, the telephone emoji, an extension in
        // parentheses.
        assert_eq!(phones("1 PHON 76935802\n"), ["76935802"]);
        assert_eq!(phones("ধন্যবাদ! 📱 9801-6637"), ["9801-6637"]);
        assert_eq!(
            phones("Tel. (2) 2301 6043 (ext. 2581), Suite 4"),
            ["(2) 2301 6043 (ext. 2581)"]
        );
        // A comma before a long run is the next cell; before one to three
        // digits, the amount goes on.
        assert_eq!(
            phones("x,+1 868-236-8710,2026-01-17T13:40:10Z"),
            ["+1 868-236-8710"]
        );
        assert!(phones("4155550132,50 EUR").is_empty());
        assert!(phones("415-555-0132,12").is_empty());
        assert_eq!(
            phones("a,tel:+359-43-016-097,00:04:12"),
            ["+359-43-016-097"]
        );
        assert_eq!(phones("x,415-555-0132,00:04:12,y"), ["415-555-0132"]);
        // Belarus writes its trunk prefix `8 0` before codes of two to five
        // digits.
        assert_eq!(phones("тэл. 8 01597 15-622"), ["8 01597 15-622"]);
        assert_eq!(phones("8 029 123-45-67"), ["8 029 123-45-67"]);
        // A small plan's five digits in two groups, after a cue only; a
        // one-digit group when a small plan vouches for the number.
        assert_eq!(phones("Please call me at 71 234 tomorrow."), ["71 234"]);
        assert!(phones("We sold 71 234 units.").is_empty());
        assert!(phones("Tel 40123").is_empty());
        assert_eq!(phones("Tel: 21 23 4 56789"), ["21 23 4 56789"]);
        // Three groups that cannot be a date (no month 45) after a cue;
        // a real date never.
        assert_eq!(phones("call 22 45 3300"), ["22 45 3300"]);
        assert!(phones("call 22 04 2023").is_empty());
        assert!(phones("call 2023-04-22").is_empty());
        // Argentina's mobiles with trunk `0` and `15`.
        assert_eq!(phones("011 15-2345-6789"), ["011 15-2345-6789"]);
        // Labels of more languages.
        for t in [
            "Tél. : 312 345",
            "Mobil: 560 1234",
            "Telefoon 321 2345",
            "kom. 712 3456",
        ] {
            assert_eq!(phones(t).len(), 1, "{t}");
        }
        // Cues in more languages, capitalized in their own scripts.
        for t in ["sími 660 7739", "Τηλέφωνο 22 53 97 12", "Телефон 660 7739"] {
            assert_eq!(phones(t).len(), 1, "{t}");
        }
        // A country code before dots and hyphens: valid numbers only.
        assert_eq!(phones("theo số +1.670-236-1207."), ["+1.670-236-1207"]);
        assert!(phones("range +1.5-2.0 and +1.555-123-4567.8").is_empty());
        for t in [
            "12 345 678",
            "PO 4509314508",
            "Invoice 4155550132",
            "Dial-in PIN 158783401#",
            "access code 4155550132",
            "01-02-2024",
        ] {
            assert!(phones(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn trunk_prefixed_national_numbers() {
        // Russian `8` trunk prefix, Korean mobiles in dotted groups.
        for t in ["8 (916) 980-23-12", "8-916-980-23-12", "010.6887.9195"] {
            assert_eq!(phones(t), [t], "{t}");
        }
        let mut a = vec![];
        find("8 (916) 980-23-12", &mut a);
        let mut b = vec![];
        find("+7 916 980-23-12", &mut b);
        assert_eq!(a[0].normalized, b[0].normalized);
        // Not a valid number after the 8, dotted dates and versions.
        for t in [
            "8 (123) 000-00-00",
            "8-800-00",
            "01.02.2024",
            "0.12.3",
            "010.12.34",
        ] {
            assert!(phones(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn cues_in_other_languages_and_one_digit_area_codes() {
        assert_eq!(phones("My direct line is 608 012 366."), ["608 012 366"]);
        assert_eq!(phones("연락처: 010 6887 9195"), ["010 6887 9195"]);
        assert_eq!(phones("phone: +234 1 552 4621"), ["+234 1 552 4621"]);
        // Without a cue, "608 012 366" reads as an amount.
        assert!(phones("total 608 012 366").is_empty());
        // A one-digit group after the first is still no number when uncued
        // or not after a country code.
        assert!(phones("call 12 3 45 67 89").is_empty());
    }

    fn spoken(text: &str) -> Vec<(String, String)> {
        let mut out = vec![];
        find_spoken(text, &mut out);
        out.iter()
            .map(|f| (text[f.start..f.end].to_string(), f.normalized.clone()))
            .collect()
    }

    #[test]
    fn numbers_read_out_in_words() {
        assert_eq!(
            spoken(
                "Could you call me back, my number is ... three four seven zero five six zero. Thanks"
            ),
            [(
                "three four seven zero five six zero".into(),
                "3470560".into()
            )]
        );
        assert_eq!(
            spoken("Reach me on double four, seven nine one one, one two three four five six."),
            [(
                "four, seven nine one one, one two three four five six".into(),
                "447911123456".into()
            )]
        );
        // Too few digits, no cue, or words in between.
        assert!(spoken("call me at one two three four please, thanks a lot").is_empty());
        assert!(spoken("we counted one two three four five six seven sheep today").is_empty());
        assert!(spoken("my number is three four seven and then zero five six zero").is_empty());
    }

    #[test]
    fn known_numbers_as_bare_digits() {
        let known = |e: &str| e == "+34913338589";
        let mut out = vec![];
        find_known(
            "from 34913338589, ref 34913338588 and A34913338589",
            known,
            &mut out,
        );
        assert_eq!(out.len(), 1);
        assert_eq!((out[0].start, out[0].end), (5, 16));
        assert_eq!(out[0].normalized, "+34913338589");
    }

    #[test]
    fn known_numbers_written_nationally() {
        let mut vault = crate::vault::Vault::new().unwrap();
        vault.learn_phone("+420704496996");
        vault.learn_phone("+353872266341");
        let known = |d: &str| vault.phone_by_tail(d).map(str::to_owned);
        let text = "<a>704 496 996</a>, 087 226 6341, 704496996, 704 496 997, x704 496 996";
        let mut out = vec![];
        find_known_national(text, known, &mut out);
        let got: Vec<_> = out
            .iter()
            .map(|f| (&text[f.start..f.end], f.normalized.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("704 496 996", "+420704496996"),
                ("087 226 6341", "+353872266341")
            ]
        );
    }

    #[test]
    fn compact_dates_after_a_cue() {
        assert!(phones("Call notes — 20230420 — agent").is_empty());
        assert!(compact_date("19991231") && !compact_date("20231320"));
    }

    #[test]
    fn a_spaced_hyphen_ends_a_run() {
        assert_eq!(
            phones("15/01/2026, 18:15 - 00353 87 226 6341: Invoice"),
            ["00353 87 226 6341"]
        );
        assert!(phones("pages 12 - 14").is_empty());
    }

    #[test]
    fn whatsapp_links_and_notes_after_a_number() {
        assert_eq!(
            phones("<a href=\"https://wa.me/351921208040?text=Hi\">"),
            ["351921208040"]
        );
        assert_eq!(
            phones("api.whatsapp.com/send?phone=447911123456"),
            ["447911123456"]
        );
        assert!(phones("https://wa.me/123").is_empty());
        assert!(phones("https://example.com/351921208040").is_empty());
        assert_eq!(
            phones("Voicemail from +48723470560 (0:44)"),
            ["+48723470560"]
        );
        assert_eq!(
            phones("Voicemail from +1 312 499 8427 (1:17)"),
            ["+1 312 499 8427"]
        );
    }

    #[test]
    fn numbers_beside_letters_of_spaceless_scripts() {
        assert_eq!(phones("麻烦打我电话021 6492 0335。"), ["021 6492 0335"]);
        assert_eq!(
            phones("02-6715-5540로 연락 부탁드립니다."),
            ["02-6715-5540"]
        );
        assert_eq!(
            phones("折り返しのお電話は+81 90-7736-7229までお願いします"),
            ["+81 90-7736-7229"]
        );
        // Ungrouped runs there are order numbers, without a cue.
        assert!(phones("注文番号4155550132の商品").is_empty());
        assert!(phones("订单4155550132还没有收到").is_empty());
    }

    #[test]
    fn identifiers_are_not_phones() {
        // A service request's or a return's number.
        assert!(phones("Subject: SR 1-3126290193").is_empty());
        assert!(phones("RMA 2231-887-6543 approved").is_empty());
        for t in [
            "ORD-4155550132",
            "SKU-415-555-0132",
            "INC0012345678",
            "id=A4155550132",
            "v415.555.0132",
        ] {
            assert!(phones(t).is_empty(), "{t}");
        }
    }
}

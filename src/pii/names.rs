//! Person names.
//!
//! Three sources of evidence, strongest first:
//! 1. **Structure**: the value sits under a key that denotes a person
//!    (`first_name`, `assignee`, a `Name` column, a `From:` header).
//! 2. **Context in free text**: capitalized word runs checked against the
//!    given-name and surname dictionaries, accepted only with support —
//!    a title (`Dr.`), a greeting (`Hi X`), a sign-off, a speaker label
//!    (`X: ...`), an address (`X <x@y.com>`), a verb like "spoke with" —
//!    or as a given name followed by a surname. Ordinary words (May, Will,
//!    Station, Focus) need more support than rare ones.
//! 3. **Session recall**: every name word tokenized earlier in the session
//!    (or taught by an address like `john.smith@…`) is recognized again,
//!    including ALL-CAPS and `Last, First` forms.

use super::lexicon::{WordInfo, word_info};
use super::{Class, Detector, Finding, NameMemory};

/// One word of text, with its byte span and letter case.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    pub start: usize,
    pub end: usize,
    pub case: Case,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// `lower`
    Lower,
    /// `Title` (or `McDonald`, `O'Brien`)
    Title,
    /// `UPPER` (two letters or more)
    Upper,
    /// A script without case (Han, Hangul, Kana, Thai…)
    Uncased,
    /// Holds digits: never a name.
    Mixed,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || is_mark(c)
}

/// A combining mark: a decomposed accent, or a vowel sign, virama or tone
/// mark of an abugida (Devanagari `्`, Thai `์`), which is part of the word
/// it sits in (`श्रीवास्तव`, `วงศ์สวัสดิ์`).
pub(crate) fn is_mark(c: char) -> bool {
    use unicode_general_category::{GeneralCategory as G, get_general_category};
    ('\u{300}'..='\u{36f}').contains(&c)
        || (!c.is_ascii()
            && matches!(
                get_general_category(c),
                G::NonspacingMark | G::SpacingMark | G::EnclosingMark
            ))
}

/// Splits `text` into words: runs of letters and digits, with inner
/// apostrophes and hyphens (`O'Brien`, `Jean-Luc`) and the syllable
/// marks of Tibetan (`ཡང་ཆེན`).
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::with_capacity(text.len() / 6 + 1);
    out.extend(WordIter::new(text));
    out
}

/// Letter-case facts of one word character, as bits: 1 upper, 2 lower,
/// 4 numeric, 8 alphabetic without case.
#[inline]
fn case_bits(c: char) -> u8 {
    if c.is_ascii() {
        return if c.is_ascii_uppercase() {
            1
        } else if c.is_ascii_lowercase() {
            2
        } else if c.is_ascii_digit() {
            4
        } else {
            0
        };
    }
    let (u, l) = (c.is_uppercase() && !cherokee(c), has_case_lower(c));
    u8::from(u)
        | u8::from(l) << 1
        | u8::from(c.is_numeric()) << 2
        | u8::from(c.is_alphabetic() && !u && !l) << 3
}

/// A lower-case letter of a script written in one case. Unicode files
/// Georgian Mkhedruli (`ნიკოლოზ`) as lower case because capitals
/// (Mtavruli) exist for headings, but names and prose are written in
/// Mkhedruli alone: for name shapes it is a script without case, like
/// Arabic or Hebrew.
pub(crate) fn has_case_lower(c: char) -> bool {
    c.is_lowercase() && !('\u{10d0}'..='\u{10ff}').contains(&c) && !cherokee(c)
}

/// A Cherokee letter. Unicode gives the syllabary two cases, but names
/// and prose are written in one (the capitals, `ᏫᎵ ᎠᏍᎦᏯᏗᎯ`): for name
/// shapes it is a script without case.
fn cherokee(c: char) -> bool {
    ('\u{13a0}'..='\u{13ff}').contains(&c) || ('\u{ab70}'..='\u{abbf}').contains(&c)
}

/// Marks a word character in [`ASCII_CLASS`].
const WORD: u8 = 0x10;

/// Per ASCII byte: `WORD | case_bits` for a word character (letters and
/// digits), 0 for anything else.
const ASCII_CLASS: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        t[i] = if c.is_ascii_uppercase() {
            WORD | 1
        } else if c.is_ascii_lowercase() {
            WORD | 2
        } else if c.is_ascii_digit() {
            WORD | 4
        } else {
            0
        };
        i += 1;
    }
    t
};

/// The character at byte `i` of `text` (a char boundary), its length, and
/// its case bits ([`case_bits`]) if it is a word character
/// ([`is_word_char`]). ASCII through a table, without decoding.
#[inline(always)]
fn class_at(text: &str, i: usize) -> (char, usize, Option<u8>) {
    let b = text.as_bytes()[i];
    if b < 0x80 {
        let cls = ASCII_CLASS[usize::from(b)];
        return (char::from(b), 1, (cls != 0).then_some(cls & !WORD));
    }
    class_beyond_ascii(text, i)
}

/// [`class_at`] for a character beyond ASCII.
#[inline(never)]
fn class_beyond_ascii(text: &str, i: usize) -> (char, usize, Option<u8>) {
    let c = text[i..].chars().next().unwrap_or('\0');
    (c, c.len_utf8(), is_word_char(c).then(|| case_bits(c)))
}

/// The words of a text one by one (see [`words`]), without a vector.
pub struct WordIter<'t> {
    text: &'t str,
    i: usize,
}

impl<'t> WordIter<'t> {
    pub fn new(text: &'t str) -> Self {
        WordIter { text, i: 0 }
    }
}

impl Iterator for WordIter<'_> {
    type Item = Word;

    fn next(&mut self) -> Option<Word> {
        let text = self.text;
        let bytes = text.as_bytes();
        let n = text.len();
        let mut i = self.i;
        let (start, len, bits) = loop {
            // ASCII other than letters and digits, a byte at a time.
            while i < n && bytes[i] < 0x80 && ASCII_CLASS[usize::from(bytes[i])] == 0 {
                i += 1;
            }
            if i >= n {
                self.i = n;
                return None;
            }
            let (_, len, bits) = class_at(text, i);
            if let Some(bits) = bits {
                break (i, len, bits);
            }
            i += len;
        };
        let mut end = start + len;
        let mut upper = usize::from(bits & 1 != 0);
        let mut lower = usize::from(bits & 2 != 0);
        let mut digit = bits & 4 != 0;
        let mut uncased = bits & 8 != 0;
        let first_upper = bits & 1 != 0;
        let mut j = end;
        while j < n {
            // ASCII letters and digits, a byte at a time (no uncased letters).
            let cls = if bytes[j] < 0x80 {
                ASCII_CLASS[usize::from(bytes[j])]
            } else {
                0
            };
            if cls != 0 {
                upper += usize::from(cls & 1);
                lower += usize::from((cls >> 1) & 1);
                digit |= cls & 4 != 0;
                j += 1;
                end = j;
                continue;
            }
            let (d, dl, dbits) = class_at(text, j);
            if let Some(bits) = dbits {
                upper += usize::from(bits & 1 != 0);
                lower += usize::from(bits & 2 != 0);
                digit |= bits & 4 != 0;
                uncased |= bits & 8 != 0;
                end = j + dl;
                j = end;
            } else if matches!(d, '\'' | '’') && {
                // A possessive "'s" is not part of the name: "Aurore's".
                let rest = &text[j + dl..];
                (rest.starts_with('s') || rest.starts_with('S'))
                    && !rest[1..].starts_with(|x: char| x.is_alphanumeric())
            } {
                break;
            } else if matches!(d, '\'' | '’' | '-' | '\u{200c}' | '\u{200d}' | '\u{f0b}')
                && text[j + dl..].starts_with(|x: char| x.is_alphabetic())
            {
                if d == '-' && first_upper && compound_after(&text[j + 1..], upper + lower > 0) {
                    break;
                }
                end = j + dl;
                j = end;
            } else {
                break;
            }
        }
        let case = if digit {
            Case::Mixed
        } else if uncased && upper == 0 && lower == 0 {
            Case::Uncased
        } else if first_upper && lower > 0 {
            Case::Title
        } else if upper >= 2 && lower == 0 {
            Case::Upper
        } else if upper == 1 && lower == 0 {
            // A single capital letter: an initial.
            Case::Title
        } else if upper == 1 && arabic_article_then_capital(&text[start..end]) {
            // "al-Khoury", "el-Sayed": a surname after its article.
            Case::Title
        } else {
            Case::Lower
        };
        self.i = j;
        Some(Word { start, end, case })
    }
}

/// Words written after a name and a hyphen that make the whole a
/// modifier or a thing, not a longer name: "Faith-based", "Apple-like",
/// "Nobel-winning".
const COMPOUND_HEADS: &[&str] = &[
    "based",
    "like",
    "style",
    "styled",
    "owned",
    "led",
    "free",
    "friendly",
    "related",
    "driven",
    "powered",
    "inspired",
    "themed",
    "shaped",
    "sized",
    "wide",
    "ready",
    "oriented",
    "focused",
    "specific",
    "made",
    "branded",
    "sponsored",
    "funded",
    "backed",
    "approved",
    "certified",
    "compatible",
    "centric",
    "only",
    "exclusive",
    "era",
    "type",
    "class",
    "grade",
    "level",
    "winning",
    "winner",
    "esque",
    "ian",
    "ish",
    "ism",
    "ist",
    "ists",
    "ization",
    "ized",
];

/// Whether a hyphen before `rest` ends a capitalized word instead of
/// joining its next part: before a word of another script (`Houston
/// Street-এর`, a case ending), before a [`COMPOUND_HEADS`] word
/// (`Faith-based`), or before a longer lower-case word that is no name
/// and is an ordinary word or reads as a Nordic or Germanic definite noun
/// (`Calvin Klein-avtalen`, "the Calvin Klein agreement"). Name parts in
/// lower case after a hyphen stay joined (`Seo-yeon`, `Jean-baptiste`,
/// `Min-seong`).
fn compound_after(rest: &str, cased: bool) -> bool {
    let piece_end = rest
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(rest.len());
    let piece = &rest[..piece_end];
    let Some(first) = piece.chars().next() else {
        return false;
    };
    if cased && !first.is_uppercase() && !first.is_lowercase() {
        return true;
    }
    if !piece.chars().all(char::is_lowercase) {
        return false;
    }
    if COMPOUND_HEADS.contains(&piece) {
        return true;
    }
    if piece.chars().count() < 5 {
        return false;
    }
    let i = word_info(piece);
    i.given == 0
        && i.surname_rank == 0
        && (i.common
            || (piece.chars().count() >= 6
                && ["en", "et", "na", "ne"].iter().any(|e| piece.ends_with(e))))
}

/// Is `word` an Arabic surname written with its article in lower case
/// and a hyphen (`al-Khoury`, `el-Sayed`, `as-Sulami`)?
fn arabic_article_then_capital(word: &str) -> bool {
    [
        "al-", "el-", "ul-", "ad-", "ar-", "as-", "ash-", "at-", "az-", "an-",
    ]
    .iter()
    .any(|p| {
        word.strip_prefix(p)
            .is_some_and(|r| r.starts_with(|c: char| c.is_uppercase()))
    })
}

/// A Han or Hangul word of two to four characters: the shape of a Chinese
/// or Korean personal name written without spaces (`王伟`, `김민준`).
fn uncased_name_shape(word: &str) -> bool {
    let n = word.chars().count();
    (2..=4).contains(&n)
        && word.chars().all(|c| {
            ('\u{4e00}'..='\u{9fff}').contains(&c)
                || ('\u{3400}'..='\u{4dbf}').contains(&c)
                || ('\u{ac00}'..='\u{d7af}').contains(&c)
        })
}

/// "中村 蓮", "松本 さくら", "吉田　健二", "남궁 민": a surname of one to
/// three Han characters (or one or two Hangul syllables) and a given name
/// of one to three characters (Han, Hangul or kana), set apart by one
/// space or an ideographic space. The shape alone is no name: a cue must
/// say so (a speaker label, a timestamp after it).
fn uncased_pair(text: &str, a: &Word, b: &Word) -> bool {
    let han = |c: char| {
        ('\u{4e00}'..='\u{9fff}').contains(&c)
            || ('\u{3400}'..='\u{4dbf}').contains(&c)
            || c == '々'
    };
    let hangul = |c: char| ('\u{ac00}'..='\u{d7af}').contains(&c);
    let kana = |c: char| ('\u{3041}'..='\u{30fa}').contains(&c) || c == 'ー';
    let (x, y) = (&text[a.start..a.end], &text[b.start..b.end]);
    let (nx, ny) = (x.chars().count(), y.chars().count());
    let gap = &text[a.end..b.start];
    (gap == " " || gap == "\u{3000}")
        && a.case == Case::Uncased
        && b.case == Case::Uncased
        && (((1..=3).contains(&nx) && x.chars().all(han))
            || ((1..=2).contains(&nx) && x.chars().all(hangul)))
        && (1..=3).contains(&ny)
        && y.chars().all(|c| han(c) || hangul(c) || kana(c))
}

/// The script of a letter of an alphabet or abugida written without case
/// outside East Asia, by Unicode block: Hebrew, Arabic, Georgian, the
/// Indic scripts (one block each), Thai, Lao, Myanmar, Ethiopic, Khmer,
/// Syriac, Thaana, N'Ko, Tibetan, Mongolian, the Canadian syllabics,
/// Cherokee, Tifinagh, Vai, Ol Chiki. `None` for any other character (Latin, Cyrillic, Han, marks of no such
/// block, punctuation).
fn caseless_script(c: char) -> Option<u32> {
    let u = u32::from(c);
    Some(match u {
        0x0590..=0x05ff | 0xfb1d..=0xfb4f => 1,
        0x0600..=0x06ff | 0x0750..=0x077f | 0x08a0..=0x08ff | 0xfb50..=0xfdff | 0xfe70..=0xfeff => {
            2
        }
        0x10a0..=0x10ff | 0x2d00..=0x2d2f => 3,
        0x1000..=0x109f => 4,
        0x1200..=0x139f => 5,
        0x1780..=0x17ff => 6,
        // Devanagari to Sinhala, Thai and Lao: one block of 128 each.
        0x0900..=0x0eff => u >> 7,
        // Syriac, Thaana, N'Ko, Tibetan, Mongolian, the Canadian
        // syllabics, Cherokee (see [`has_case_lower`]), Tifinagh, Vai and
        // Ol Chiki.
        0x0700..=0x074f => 40,
        0x0780..=0x07bf => 41,
        0x07c0..=0x07ff => 42,
        0x0f00..=0x0fff => 43,
        0x1800..=0x18af => 44,
        0x1400..=0x167f | 0x18b0..=0x18ff => 45,
        0x13a0..=0x13ff | 0xab70..=0xabbf => 46,
        0x2d30..=0x2d7f => 47,
        0xa500..=0xa63f => 48,
        0x1c50..=0x1c7f => 49,
        _ => return None,
    })
}

/// The caseless script ([`caseless_script`]) all of `word`'s letters are
/// in, if they are in one; marks of that script belong to it.
pub(crate) fn word_script(word: &str) -> Option<u32> {
    let mut script = None;
    for c in word.chars() {
        if c == '-' || c == '\'' || c == '’' || c == '\u{200c}' || c == '\u{200d}' {
            continue;
        }
        let s = caseless_script(c)?;
        if script.is_some_and(|x| x != s) {
            return None;
        }
        script = Some(s);
    }
    script
}

/// `ws[k..=end]`: two or three words (four with a particle) of one
/// caseless script of the alphabets (Arabic, Hebrew, Georgian, an Indic
/// script, Thai, Ethiopic, and the others of [`caseless_script`]), set
/// apart by single spaces, in a line of
/// another script (`loop in נועה מזרחי from Northwind`, `Author: ნიკოლოზ
/// მაისურაძე <…>`): the line holds no other word of that script (but the
/// run's own words again, or an address's letters). In a text of an
/// English tool a short phrase of another alphabet is most often a name;
/// what more makes it one is the caller's to ask. In prose of that script
/// (Arabic notes, Hebrew mail) nothing is judged here.
fn foreign_words(text: &str, ws: &[Word], k: usize) -> Option<usize> {
    foreign_run(text, ws, k, 2)
}

/// [`foreign_words`] of at least `min` words (one, where both sides of
/// the word give a cue).
fn foreign_run(text: &str, ws: &[Word], k: usize, min: usize) -> Option<usize> {
    let script_of = |w: &Word| {
        let t = &text[w.start..w.end];
        let n = t.chars().count();
        (w.case == Case::Uncased && (2..=24).contains(&n))
            .then(|| word_script(t))
            .flatten()
    };
    let s = script_of(&ws[k])?;
    let mut end = k;
    // Up to three words, four with a particle inside ("فيصل بن سعد
    // الدوسري", "אורי בן דוד").
    while end + 1 < ws.len()
        && end - k < 3
        && &text[ws[end].end..ws[end + 1].start] == " "
        && script_of(&ws[end + 1]) == Some(s)
    {
        end += 1;
    }
    if end - k == 3
        && !ws[k + 1..end]
            .iter()
            .any(|w| matches!(text_of(text, w), "بن" | "بنت" | "ابن" | "آل" | "בן" | "בת"))
    {
        end -= 1;
    }
    if end + 1 - k < min {
        return None;
    }
    let (a, b) = (ws[k].start, ws[end].end);
    let line_start = text[..a].rfind('\n').map_or(0, |p| p + 1);
    let line_end = text[b..].find('\n').map_or(text.len(), |p| b + p);
    // Other words of that script: not the run's own words again (a JSON
    // line's `"name":"ਗੁਰਪ੍ਰੀਤ"`), nor an address's (`ਗੁਰਪ੍ਰੀਤ40@…`).
    let own = |t: &str| ws[k..=end].iter().any(|w| text_of(text, w) == t);
    let other = |t: &str| {
        t.split(|c: char| c.is_whitespace() || matches!(c, '"' | ',' | ':' | '<' | '>'))
            .any(|tok| {
                !tok.contains('@')
                    && tok.chars().any(|c| caseless_script(c) == Some(s))
                    && !own(tok.trim_matches(|c: char| !(c.is_alphanumeric() || is_mark(c))))
            })
    };
    // Bounded, so a long one-line text costs no more than a short one.
    let before = &text[text.floor_char_boundary(line_start.max(a.saturating_sub(240)))..a];
    let after = &text[b..text.floor_char_boundary(line_end.min(b + 240))];
    (!other(before) && !other(after)).then_some(end)
}

/// The time (and date) that starts a line of a chat export: `[13:22] `,
/// `13:22 `, `[00:04:15] `, `04/07/2025, 20:16 - `, `[2024-05-01 9:41 AM] `.
static CHAT_STAMP: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"^[ \t]*\[?(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?[ T])?\d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp][Mm])?\]?[ \t]+(?:[-–][ \t]+)?",
    )
    .expect("chat stamp pattern")
});

/// Senders in the line formats of chat exports that put the name first or
/// set it apart: Telegram Desktop's `Ashur Shlimon, [06/09/2019 14:54]`
/// on a line of its own, a copied Discord message's `**Nyasha Chiweshe**
/// — 01:34` (or `27.11.2019 09:26`, `2016年8月13日`), a code review's
/// `**Agustina** commented on` a file, and WhatsApp's `[24/08/2021,
/// 02:19:54] Jonalyn dela Cruz Mendoza: …` (two words or more; one is the
/// free-text scanner's).
static EXPORT_SPEAKER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?m)^[ \t>]*(?:(?P<tg>[^\n\[\]*:@]{2,60}?), \[\d{1,2}[./]\d{1,2}[./]\d{2,4},? \d{1,2}:\d{2}(?::\d{2})?\][ \t]*$|\*\*(?P<dc>[^\n*@]{2,60}?)\*\* [—–-] (?:\d{1,2}:\d{2}|[Tt]oday|[Yy]esterday|\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}年)|\*\*(?P<rv>[^\n*@]{2,60}?)\*\* (?:commented|replied|reviewed|approved|wrote) (?:on|in) |\[\d{1,4}[./-]\d{1,2}[./-]\d{1,4},? \d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp][Mm])?\] (?P<wa>[^\n\[\]:@]{3,60}?):[ \t])",
    )
    .expect("chat export speaker pattern")
});

/// Appends the senders of chat export lines ([`EXPORT_SPEAKER`]) as names
/// read under a person's key; numbers (a sender without a contact entry)
/// and company-shaped labels are left alone.
pub fn export_speakers(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    for c in EXPORT_SPEAKER.captures_iter(text) {
        let Some(m) = c
            .name("tg")
            .or_else(|| c.name("dc"))
            .or_else(|| c.name("wa"))
            .or_else(|| c.name("rv"))
        else {
            continue;
        };
        let label = m.as_str().trim();
        // A review's author may be a bot or a team (`**Build Bot**
        // commented on`): a person's words only.
        let review = c.name("rv").is_some();
        if label.is_empty()
            || (review && label.split(' ').any(ordinary_word))
            || label.starts_with(|c: char| c.is_ascii_digit() || c == '+')
            || (c.name("wa").is_some() && !label.contains(' '))
            || organization_shaped(label)
        {
            continue;
        }
        let at = m.start() + (m.as_str().len() - m.as_str().trim_start().len());
        let mut found = Vec::new();
        person_value(label, Structured::Sure, memory, &mut found);
        out.extend(found.into_iter().map(|mut f| {
            f.start += at;
            f.end += at;
            f
        }));
    }
}

/// Speakers of a chat export written in a script without case: a line
/// that starts with a time ([`CHAT_STAMP`]), then one to three words of
/// one caseless alphabet (Thai, Arabic, Hebrew, Devanagari…; see
/// [`word_script`]) or a Chinese, Japanese or Korean name
/// ([`surname_first_shape`], [`uncased_pair`]), then a colon:
/// `[13:22] มาลี วงศ์สวัสดิ์: โอเค`, `[11:17] 홍 민지: 네`. A line label
/// without the time (`תאריך: 11/05/2025`) is a field, not a speaker;
/// speakers in Latin letters are the free-text scanner's.
pub fn chat_speakers(text: &str, out: &mut Vec<Finding>) {
    let mut line_start = 0;
    for line in text.split('\n') {
        let base = line_start;
        line_start += line.len() + 1;
        let Some(m) = CHAT_STAMP.find(line) else {
            continue;
        };
        let rest = &line[m.end()..];
        let Some(colon) = rest.find([':', '：']) else {
            continue;
        };
        let label = &rest[..colon];
        let name = label.trim_end();
        if name.is_empty() || name.len() > 120 || name.contains("  ") {
            continue;
        }
        // A colon then a space or the line's end; a full-width colon needs
        // no space.
        let after = &rest[colon..];
        let full_width = after.starts_with('：');
        let after = &after[after.chars().next().map_or(1, char::len_utf8)..];
        if !(full_width || after.is_empty() || after.starts_with([' ', '\t'])) {
            continue;
        }
        let ws: Vec<Word> = WordIter::new(name).collect();
        let spans_all = ws.first().is_some_and(|w| w.start == 0)
            && ws.last().is_some_and(|w| w.end == name.len())
            && ws.windows(2).all(|p| &name[p[0].end..p[1].start] == " ");
        if !spans_all || ws.is_empty() || ws.len() > 3 {
            continue;
        }
        let script = word_script(text_of(name, &ws[0]));
        let caseless = script.is_some()
            && ws.iter().all(|w| {
                w.case == Case::Uncased
                    && word_script(text_of(name, w)) == script
                    && text_of(name, w).chars().count() >= 2
            });
        let east_asian = match ws.as_slice() {
            [w] => w.case == Case::Uncased && surname_first_shape(text_of(name, w)),
            [a, b] => uncased_pair(name, a, b),
            _ => false,
        };
        if caseless || east_asian {
            let start = base + m.end();
            out.push(Finding {
                class: Class::Name,
                start,
                end: start + name.len(),
                detector: Detector::NameContext,
                confidence: 0.8,
                normalized: normalize(name),
            });
        }
    }
}

/// Senders of a chat export that writes each message's stamp and sender
/// on a line of their own, the message on the next (WeChat's, and many
/// support tools'): `2024-08-04 11:50:45 诸葛雨桐`, `2026-01-01 20:56:00
/// Esben Dahlerup`. The stamp has a date and a time ([`CHAT_STAMP`]); the
/// sender is one to four capitalized Latin words none of which is an
/// ordinary word, nor a company's shape, or a Chinese, Japanese or Korean
/// name ([`surname_first_shape`]). Two such lines at least, each followed
/// by a message line, make the text a chat export.
pub fn stamped_senders(text: &str, out: &mut Vec<Finding>) {
    let lines: Vec<(usize, &str)> = text
        .split('\n')
        .scan(0usize, |at, l| {
            let start = *at;
            *at += l.len() + 1;
            Some((start, l))
        })
        .collect();
    let mut found = Vec::new();
    for (k, &(base, line)) in lines.iter().enumerate() {
        let Some(m) = CHAT_STAMP.find(line) else {
            continue;
        };
        // A date before the time: `2024-08-04 11:50:45`.
        let stamp = m.as_str().trim_start().trim_start_matches('[');
        let date = &stamp[..stamp.find(':').unwrap_or(0)];
        if !date.starts_with(|c: char| c.is_ascii_digit()) || !date.contains(['-', '/', '.']) {
            continue;
        }
        let name = line[m.end()..].trim_end();
        let body = lines
            .get(k + 1)
            .is_some_and(|&(_, l)| !l.trim().is_empty() && !CHAT_STAMP.is_match(l));
        if name.is_empty() || name.len() > 80 || !body || name.contains([':', '：']) {
            continue;
        }
        let ws: Vec<Word> = WordIter::new(name).collect();
        let spans_all = ws.first().is_some_and(|w| w.start == 0)
            && ws.last().is_some_and(|w| w.end == name.len())
            && ws.windows(2).all(|p| &name[p[0].end..p[1].start] == " ");
        if !spans_all || ws.len() > 4 {
            continue;
        }
        // One Latin word only if it is a listed given name (not `UTC`).
        let latin = ws.iter().all(|w| {
            matches!(w.case, Case::Title | Case::Upper)
                && text_of(name, w).chars().count() >= 2
                && !info(name, w).common_only()
        }) && (ws.len() >= 2 || info(name, &ws[0]).given > 0)
            && !organization_shaped(name);
        // A Chinese or Korean name of three characters (four with a
        // compound surname): two are too often a word (`周会`).
        let east_asian = match ws.as_slice() {
            [w] => {
                let t = text_of(name, w);
                let n = t.chars().count();
                let compound = super::cjk::HAN_COMPOUND.iter().any(|c| t.starts_with(c));
                w.case == Case::Uncased
                    && surname_first_shape(t)
                    && (n == 3 || (n == 4 && compound))
            }
            [a, b] => uncased_pair(name, a, b),
            _ => false,
        };
        if latin || east_asian {
            let start = base + m.end();
            found.push(Finding {
                class: Class::Name,
                start,
                end: start + name.len(),
                detector: Detector::NameContext,
                confidence: 0.8,
                normalized: normalize(name),
            });
        }
    }
    if found.len() >= 2 {
        out.extend(found);
    }
}

/// Honorifics and greetings before a name in scripts without case, in
/// their own prose: Hebrew, Arabic, Persian, Urdu, Hindi/Marathi/Nepali,
/// Bengali, Punjabi, Gujarati, Tamil, Telugu, Thai, Amharic, Georgian,
/// Armenian.
const OWN_SCRIPT_CUES: &[&str] = &[
    // Whom to contact: he "לפנות אל", ar "التواصل مع", fa "تماس با",
    // "هماهنگی با" (to coordinate with).
    "לפנות אל",
    "לפנות ל",
    "ליצור קשר עם",
    "التواصل مع",
    "تواصل مع",
    "الاتصال ب",
    "تماس با",
    "هماهنگی با",
    "שלום",
    "היי",
    "מר",
    "גב׳",
    "גב'",
    "גברת",
    "לכבוד",
    "ד\"ר",
    "السيد",
    "السيدة",
    "الأستاذ",
    "الأستاذة",
    "الدكتور",
    "الدكتورة",
    "مرحبا",
    "عزيزي",
    "عزيزتي",
    "آقای",
    "خانم",
    "جناب",
    "محترم",
    "محترمہ",
    "श्री",
    "श्रीमती",
    "सुश्री",
    "प्रिय",
    "नमस्ते",
    "डॉ.",
    "শ্রী",
    "শ্রীমতী",
    "জনাব",
    "প্রিয়",
    "ਸ਼੍ਰੀ",
    "ਸ੍ਰੀ",
    "ਸ਼੍ਰੀਮਤੀ",
    "ਪਿਆਰੇ",
    "શ્રી",
    "શ્રીમતી",
    "திரு",
    "திருமதி",
    "செல்வி",
    "அன்புள்ள",
    "శ్రీ",
    "శ్రీమతి",
    "คุณ",
    "นาย",
    "นาง",
    "นางสาว",
    "เรียน",
    "አቶ",
    "ወይዘሮ",
    "ወ/ሮ",
    "ወ/ሪት",
    "ዶ/ር",
    "ဦး",
    "ဒေါ်",
    "ბატონი",
    "ბატონო",
    "ქალბატონი",
    "ქალბატონო",
    "պարոն",
    "տիկին",
    "Պարոն",
    "Տիկին",
];

/// Words after an own-script greeting that are no name ("שלום לכולם",
/// "สวัสดีครับ", "मरहबा بكم").
pub(crate) const OWN_SCRIPT_NOT_NAMES: &[&str] = &[
    "לכולם",
    "רב",
    "וברכה",
    "עליכם",
    "بكم",
    "عليكم",
    "الجميع",
    "للجميع",
    "همه",
    "सभी",
    "सबको",
    "जी",
    "ครับ",
    "ค่ะ",
    "ทุกคน",
    "ทุกท่าน",
    "ลูกค้า",
    "সবাইকে",
    "அனைவருக்கும்",
    "ყველას",
];

/// "שלום מיכל דהן,", "คุณ สมชาย ใจดี จะดูแลต่อ", "السيد أحمد": a name in
/// prose of its own script, after an honorific or a greeting of that
/// language: one or two words of the name's script, each of two letters
/// or more, the greeting set apart by a space (Thai writes words without
/// spaces, so `…จันทร์คุณ สมชาย` counts too). The cue must start a word
/// (or, in Thai, end a run).
pub fn own_script_cued(text: &str, out: &mut Vec<Finding>) {
    // One pass for all cues; the longest wins (`นางสาว` over `นาง`).
    static CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .build(OWN_SCRIPT_CUES)
            .expect("own-script cues build")
    });
    for m in CUES.find_iter(text) {
        let (at, from) = (m.start(), m.end());
        let thai = text[at..]
            .chars()
            .next()
            .is_some_and(|c| ('\u{0E00}'..='\u{0E7F}').contains(&c));
        let starts_word = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || is_mark(c)) || thai);
        if !starts_word {
            continue;
        }
        let Some(rest) = text[from..].strip_prefix(' ') else {
            // Glued on, in scripts written without spaces: a name in
            // Latin letters (`คุณBela`, `ဒေါ်Heiata Temaru`), or a
            // Myanmar name its subject or object particle follows
            // (`ဦးဝင်းမြင့် က …`).
            if let Some(end) = glued_latin_name(text, from).or_else(|| myanmar_name(text, at, from))
            {
                out.push(honorific_cued(text, from, end));
            }
            continue;
        };
        let base = from + 1;
        let words: Vec<Word> = WordIter::new(rest).take(3).collect();
        let Some(first) = words.first() else {
            continue;
        };
        // A name in Latin letters after the honorific (`ወ/ሮ Begimai`).
        if first.start == 0
            && first.case == Case::Title
            && let Some(end) = latin_name_at(text, base)
        {
            out.push(honorific_cued(text, base, end));
            continue;
        }
        if first.start != 0 || first.case != Case::Uncased {
            continue;
        }
        let script = word_script(text_of(rest, first));
        if script.is_none() {
            continue;
        }
        let ok = |w: &Word| {
            let t = text_of(rest, w);
            w.case == Case::Uncased
                && word_script(t) == script
                && t.chars().count() >= 2
                && !OWN_SCRIPT_NOT_NAMES.contains(&t)
                && !OWN_SCRIPT_CUES.contains(&t)
        };
        if !ok(first) {
            continue;
        }
        let mut end = first.end;
        if let Some(second) = words.get(1)
            && &rest[first.end..second.start] == " "
            && ok(second)
        {
            end = second.end;
        }
        out.push(honorific_cued(text, base, base + end));
    }
}

/// The name `text[start..end]` an honorific or a greeting cues.
fn honorific_cued(text: &str, start: usize, end: usize) -> Finding {
    Finding {
        class: Class::Name,
        start,
        end,
        detector: Detector::NameContext,
        confidence: 0.75,
        normalized: normalize(&text[start..end]),
    }
}

/// Whether `c` is a letter or sign of a script written without spaces
/// between words (Thai, Lao, Myanmar, Khmer), where an honorific is
/// written glued to the name.
pub(crate) fn spaceless_script(c: char) -> bool {
    matches!(u32::from(c), 0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF)
}

/// A name in Latin letters glued to an honorific of a script written
/// without spaces (`คุณBela`, `ဒေါ်Heiata Temaru`): one or two
/// capitalized words, none an ordinary word; the end of the name.
fn glued_latin_name(text: &str, from: usize) -> Option<usize> {
    if !text[..from]
        .chars()
        .next_back()
        .is_some_and(spaceless_script)
    {
        return None;
    }
    latin_name_at(text, from)
}

/// One or two capitalized words at `from`, none an ordinary word (`ወ/ሮ
/// Begimai`, `ਸ੍ਰੀ Vikas Rao`): the end of the name.
fn latin_name_at(text: &str, from: usize) -> Option<usize> {
    let rest = &text[from..];
    let words: Vec<Word> = WordIter::new(rest).take(2).collect();
    let first = words.first()?;
    let ok = |w: &Word| {
        w.case == Case::Title
            && w.end - w.start >= 2
            && !with_fold(text_of(rest, w), |f| word_info(f).common_only())
    };
    if first.start != 0 || !ok(first) {
        return None;
    }
    let mut end = first.end;
    if let Some(second) = words.get(1)
        && &rest[first.end..second.start] == " "
        && ok(second)
    {
        end = second.end;
    }
    Some(from + end)
}

/// Honorifics of Myanmar (`ဦး` U, `ဒေါ်` Daw) glued to a Myanmar name
/// that a space and a subject or object particle follow (`ဦးဝင်းမြင့် က`,
/// `ဒေါ်ခင်ခင် ကို`): the end of the name. Without the particle, `ဦး`
/// starts ordinary words (`ဦးစား`, priority).
fn myanmar_name(text: &str, at: usize, from: usize) -> Option<usize> {
    if !(text[at..].starts_with("ဦး") || text[at..].starts_with("ဒေါ်")) {
        return None;
    }
    let len = text[from..]
        .char_indices()
        .find(|&(_, c)| !('\u{1000}'..='\u{109F}').contains(&c))
        .map_or(text.len() - from, |(i, _)| i);
    let end = from + len;
    let letters = text[from..end].chars().count();
    let particle = ["က", "ကို", "နှင့်", "၏"].iter().any(|p| {
        text[end..]
            .strip_prefix(' ')
            .and_then(|r| r.strip_prefix(p))
            .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\n', '။']))
    });
    ((3..=15).contains(&letters) && particle).then_some(end)
}

/// Frequent Chinese surnames (one character each).
pub(crate) const HAN_SURNAMES: &str = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤";

/// Frequent Korean surnames (one syllable each).
/// With the spellings of North Korea and of Koreans in China, which keep
/// the initial sound (`리` for `이`, `림` for `임`, `로` for `노`).
pub(crate) const HANGUL_SURNAMES: &str = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허남심노곽성차주우구민유진엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국리림로량렴라려룡";

/// A Han or Hangul word of two to four characters whose first character
/// is a frequent surname (simplified or traditional: `张伟`, `張志明`) or
/// that starts with a two-character one (`司马秀英`): the usual shape of a
/// Chinese or Korean name.
pub fn surname_first_shape(word: &str) -> bool {
    uncased_name_shape(word)
        && (word
            .chars()
            .next()
            .is_some_and(|c| super::cjk::zh_surname(c) || HANGUL_SURNAMES.contains(c))
            || (word.chars().count() >= 3
                && super::cjk::HAN_COMPOUND.iter().any(|s| word.starts_with(s))))
}

/// A word with a capital inside (`AirPods`, `iPhone`) other than name
/// prefixes (`McDonald`, `MacArthur`, `DeShawn`, `O'Brien`, `LaToya`).
fn is_camel(word: &str) -> bool {
    let mut prev_lower = false;
    for (i, c) in word.char_indices() {
        if c.is_uppercase() && prev_lower {
            let prefix = word[..i].to_lowercase();
            let prefix = prefix.rsplit(['-', '\'', '’']).next().unwrap_or(&prefix);
            if ![
                "mc", "mac", "de", "di", "da", "la", "le", "van", "von", "du", "del", "o", "d",
            ]
            .contains(&prefix)
            {
                return true;
            }
        }
        prev_lower = c.is_lowercase();
    }
    false
}

/// Folds a word or name for dictionary and recall lookups: lower case,
/// typographic apostrophes unified, whitespace collapsed.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    fold_into(s, &mut out);
    out
}

/// Calls `f` with the folded form of `s` ([`fold`]); a short plain-ASCII
/// word or phrase (the usual case) is folded on the stack, not allocated.
pub(crate) fn with_fold<R>(s: &str, f: impl FnOnce(&str) -> R) -> R {
    let b = s.as_bytes();
    if b.len() <= 32 && plain_ascii(b) {
        let mut buf = [0u8; 32];
        let lower = &mut buf[..b.len()];
        lower.copy_from_slice(b);
        lower.make_ascii_lowercase();
        return f(std::str::from_utf8(lower).unwrap_or_default());
    }
    f(&fold(s))
}

/// Appends the folded form of `s` to `out` (see [`fold`]).
fn fold_into(s: &str, out: &mut String) {
    // ASCII whose only whitespace is single spaces between other characters
    // (the usual word or name): folding is ASCII lower case.
    if plain_ascii(s.as_bytes()) {
        let start = out.len();
        out.push_str(s);
        out[start..].make_ascii_lowercase();
        return;
    }
    fold_general(s, out);
}

/// [`fold_into`] for any text: whitespace runs collapsed to one space (none
/// at the ends), Unicode lower case, typographic apostrophes unified.
fn fold_general(s: &str, out: &mut String) {
    let base = out.len();
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = out.len() > base;
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        match c {
            '’' => out.push('\''),
            _ => out.extend(c.to_lowercase()),
        }
    }
}

/// ASCII text in which every whitespace character (as [`char::is_whitespace`]
/// sees it) is a single `' '` with something else on both sides.
fn plain_ascii(b: &[u8]) -> bool {
    let space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
    b.iter().enumerate().all(|(i, &c)| {
        c.is_ascii()
            && (!space(c)
                || (c == b' ' && i > 0 && i + 1 < b.len() && !space(b[i - 1]) && !space(b[i + 1])))
    })
}

/// Words that join two people ("Ana Lima and Nelo Chilombo", "Caoimhe &
/// Tai Man", a case's "Okafor v. Huber"), in the languages the
/// greetings cover; with `versus` set for a case's parties. Not the
/// words that also mean "in" in another language: `en` (es, fr), `i`
/// (sv, no), `v` (cs, sk, sl): "Ana Lima en Plaza Bolívar".
const JOINS: &[(&str, bool)] = &[
    (" and ", false),
    (" & ", false),
    (" &amp; ", false),
    (" und ", false),
    (" et ", false),
    (" y ", false),
    (" og ", false),
    (" och ", false),
    (" ja ", false),
    (" és ", false),
    (" v. ", true),
    (" vs. ", true),
    (" vs ", true),
];

/// People joined to a name found in the same text: a run of one to four
/// capitalized words across "and", "&" or a case's "v." from a name.
/// One word must be a listed given name (or, across "v.", a listed
/// surname: "Okafor v. Huber"; or, before "&", a word no list has:
/// "Caoimhe & Tai Man"); more words must have a listed
/// given name first or a listed surname last, or be words no dictionary
/// has. No ordinary, place, company or trade word takes part, so
/// "Ana Lima and Finance", "Brown v. Board of Education" stay.
pub fn coordinated(text: &str, out: &mut Vec<Finding>) {
    let names: Vec<(usize, usize)> = out
        .iter()
        .filter(|f| f.class == Class::Name)
        .map(|f| (f.start, f.end))
        .collect();
    let mut more: Vec<Finding> = Vec::new();
    for &(start, end) in &names {
        // Every join starts and ends with a space.
        let (after, before) = (
            text.as_bytes().get(end) == Some(&b' '),
            start > 0 && text.as_bytes()[start - 1] == b' ',
        );
        if !(after || before) {
            continue;
        }
        for &(join, versus) in JOINS {
            if after && text[end..].starts_with(join) {
                let from = end + join.len();
                if let Some(run) = joined_run(text, from, true, versus) {
                    more.push(run);
                }
            }
            if before && text[..start].ends_with(join) {
                let to = start - join.len();
                if let Some(run) = joined_run(text, to, false, versus) {
                    more.push(run);
                }
            }
        }
    }
    // A couple with no name found yet: two people of two words or more
    // each on both sides of an ampersand ("Lotte de Vries & Pau Ferrer
    // Roca", an invitation's "Kayla Davis\n&\nKibrom Haile"); a firm's
    // "Procter & Gamble", "Simpson Thacher & Bartlett" have one word on a
    // side.
    for (at, _) in text.match_indices('&') {
        let join = [" & ", "\n&\n", "\n&\r\n", " &amp; "]
            .into_iter()
            .find(|j| {
                let lead = j.find('&').unwrap_or(0);
                at >= lead && text.as_bytes()[at - lead..].starts_with(j.as_bytes())
            });
        let Some(join) = join else { continue };
        let from = at - join.find('&').unwrap_or(0);
        let (Some(a), Some(b)) = (
            joined_run(text, from, false, false),
            joined_run(text, from + join.len(), true, false),
        ) else {
            continue;
        };
        let two = |f: &Finding| f.normalized.contains(' ');
        if two(&a) && two(&b) {
            more.push(a);
            more.push(b);
        }
    }
    for f in more {
        if !out.iter().any(|o| o.start < f.end && f.start < o.end) {
            out.push(f);
        }
    }
}

/// The run of capitalized words that starts at `at` (`forward`) or ends
/// there, judged as [`coordinated`] says.
fn joined_run(text: &str, at: usize, forward: bool, versus: bool) -> Option<Finding> {
    let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |p| at + p);
    let (lo, hi) = if forward {
        (at, line_end)
    } else {
        (line_start, at)
    };
    let ws: Vec<Word> = WordIter::new(&text[lo..hi])
        .map(|w| Word {
            start: w.start + lo,
            end: w.end + lo,
            case: w.case,
        })
        .collect();
    // Words next to each other from `at` on (or back from it): capitalized
    // ones, with particles inside (`Lotte de Vries`).
    let order: Vec<Word> = if forward {
        ws
    } else {
        ws.into_iter().rev().collect()
    };
    let mut run: Vec<Word> = Vec::new();
    for w in order {
        let touching = match run.last() {
            None => (if forward { w.start } else { w.end }) == at,
            Some(p) if forward => spaced(text, p.end, w.start),
            Some(p) => spaced(text, w.end, p.start),
        };
        let fits = w.case == Case::Title || (!run.is_empty() && is_particle(text, &w));
        if !touching || !fits {
            break;
        }
        run.push(w);
        if run.len() == 5 {
            break;
        }
    }
    while run.last().is_some_and(|w| w.case != Case::Title) {
        run.pop();
    }
    if !forward {
        run.reverse();
    }
    let (first, last) = (*run.first()?, *run.last()?);
    let cased: Vec<&Word> = run.iter().filter(|w| w.case == Case::Title).collect();
    // A company named after people (`… v. Philips`) is no person.
    if cased.len() > 4 || brand_cell(&text[first.start..last.end]) {
        return None;
    }
    // A word glued to what follows (`Tai Man's`, `Jim Beam®`) or an
    // apostrophe's possessive is left alone.
    if text[last.end..].starts_with(['\'', '’', '®', '™', '-', '@']) {
        return None;
    }
    let infos: Vec<WordInfo> = cased.iter().map(|w| info(text, w)).collect();
    let ordinary = cased.iter().zip(&infos).any(|(w, i)| {
        let word = text_of(text, w);
        let only_a_word = i.common && i.given == 0 && i.surname_rank == 0;
        i.common_only()
            || i.blocked
            || only_a_word
            || trade_word(word)
            || word.chars().count() < 2
            || is_in(text, w, ORG_TAIL | PLACE | GREETING | TITLE | LEAD)
    });
    if ordinary {
        return None;
    }
    let (f, l) = (&infos[0], &infos[infos.len() - 1]);
    let backed = if cased.len() == 1 {
        (f.given > 0 && !f.common)
            // A case's other party alone: a listed surname, not a word no
            // list has (a company's name: `… v. Maersk`).
            || (versus && (f.surname_rank > 0 || f.given > 0))
            || (f.unknown_anywhere() && !forward && text[at..].starts_with(" &"))
    } else {
        f.given > 0 || l.surname_like() || infos.iter().all(|i| i.unknown_anywhere())
    };
    backed.then(|| Finding {
        class: Class::Name,
        start: first.start,
        end: last.end,
        detector: Detector::NameContext,
        confidence: 0.75,
        normalized: normalize(&text[first.start..last.end]),
    })
}

/// A name of one word (most often a surname recalled from earlier in the
/// session) with a capitalized word right before it, one space apart on
/// the same line, that no list calls an ordinary word, a place or a
/// company's and that is no title, greeting, lead or particle: that word is
/// the given name ("Kelebogile Modise", "Limbani Mwale", "INGABIRE
/// HABIMANA"). "Dr. Modise", "Call Modise", "Gaborone Modise" stay as
/// they are.
pub fn given_before_surname(text: &str, out: &mut [Finding]) {
    for f in out.iter_mut() {
        if f.class != Class::Name || f.start < 2 || text[f.start..f.end].contains(' ') {
            continue;
        }
        let Some(first) = WordIter::new(&text[f.start..f.end]).next() else {
            continue;
        };
        let before = &text[..f.start];
        let Some(head) = before.strip_suffix(' ') else {
            continue;
        };
        let from = head
            .rfind(|c: char| !(c.is_alphabetic() || c == '-' || c == '\'' || is_mark(c)))
            .map_or(0, |p| {
                p + head[p..].chars().next().map_or(1, char::len_utf8)
            });
        let word = &head[from..];
        // A line's start, a space or a field's opening before the word.
        let opened = head[..from]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || matches!(c, '"' | '(' | '[' | ',' | ':' | '>'));
        let Some(w) = WordIter::new(word).next() else {
            continue;
        };
        if !opened || w.start != 0 || w.end != word.len() || word.chars().count() < 3 {
            continue;
        }
        let cased = match first.case {
            Case::Upper => w.case == Case::Upper,
            Case::Title => w.case == Case::Title,
            _ => false,
        };
        let i = with_fold(word, word_info);
        let ordinary = i.common || i.blocked || i.foreign;
        if !cased
            || ordinary
            || context_of(
                word,
                &Word {
                    start: 0,
                    end: word.len(),
                    case: w.case,
                },
            ) != 0
        {
            continue;
        }
        f.start = from;
        f.normalized = normalize(&text[f.start..f.end]);
    }
}

/// Lone mentions of the words of names found in the same text: the
/// speaker `Guerline Pierre-Louis:` then `Oi Guerline, tudo bem?`. Session
/// recall covers later texts; this covers the text that taught the name.
/// Words that are ordinary English words (Mark, Rose) or shorter than
/// three letters are left to the scanner, which judges their context.
pub fn lone_parts(text: &str, out: &mut Vec<Finding>) {
    // The words as written in the names found (`Guerline`), of names of
    // two words or more.
    let mut parts: Vec<&str> = Vec::new();
    for f in out.iter().filter(|f| f.class == Class::Name) {
        if !f.normalized.contains(' ') {
            continue;
        }
        for w in WordIter::new(&text[f.start..f.end]) {
            let p = &text[f.start + w.start..f.start + w.end];
            if w.case == Case::Title
                && p.chars().count() >= 3
                && !parts.contains(&p)
                && !with_fold(p, word_info).common_only()
            {
                parts.push(p);
            }
        }
    }
    // The given name of a Chinese name found here (`诸葛雨桐` → `雨桐`),
    // two characters or more after a listed surname, where it ends a
    // word: "请致电雨桐，".
    let mut han_given: Vec<&str> = Vec::new();
    for f in out.iter().filter(|f| f.class == Class::Name) {
        let name = &text[f.start..f.end];
        let n = name.chars().count();
        if !(3..=4).contains(&n) || !name.chars().all(super::cjk::is_han) {
            continue;
        }
        if let Some(s) = super::cjk::zh_surname_len(name) {
            let at = name.char_indices().nth(s).map_or(name.len(), |(i, _)| i);
            let given = &name[at..];
            if given.chars().count() >= 2 && !han_given.contains(&given) {
                han_given.push(given);
            }
        }
    }
    let mut more = Vec::new();
    for g in han_given {
        for (at, _) in text.match_indices(g) {
            let end = at + g.len();
            if text[end..].chars().next().is_some_and(super::cjk::is_han)
                || out.iter().chain(&more).any(|f| f.start < end && at < f.end)
            {
                continue;
            }
            more.push(Finding {
                class: Class::Name,
                start: at,
                end,
                detector: Detector::NameRecall,
                confidence: 0.8,
                normalized: normalize(g),
            });
        }
    }
    for p in parts {
        for (at, _) in text.match_indices(p) {
            let end = at + p.len();
            let glued = text[..at]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
                || text[end..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric);
            if glued || out.iter().chain(&more).any(|f| f.start < end && at < f.end) {
                continue;
            }
            more.push(Finding {
                class: Class::Name,
                start: at,
                end,
                detector: Detector::NameRecall,
                confidence: 0.8,
                normalized: normalize(p),
            });
        }
    }
    out.extend(more);
}

/// The normalized form of a name, for "same value, same token": folded,
/// and `Last, First` turned into `first last`.
pub fn normalize(name: &str) -> String {
    // `Noa "Jojo" Avraham` is Noa Avraham: the same token as without.
    if let Some((open, close)) = nickname(name) {
        let q = name[close..].chars().next().map_or(1, char::len_utf8);
        return normalize(&format!(
            "{} {}",
            name[..open].trim_end(),
            name[close + q..].trim_start()
        ));
    }
    if let Some((last, first)) = name.split_once(',') {
        let (l, f) = (last.trim(), first.trim());
        if !l.is_empty() && !f.is_empty() && !f.contains(',') {
            return fold(&format!("{f} {l}"));
        }
    }
    fold(name)
}

/// Particles that belong to names but are not names on their own.
pub(crate) const PARTICLES: &[&str] = &[
    "da", "de", "del", "della", "der", "den", "di", "do", "dos", "das", "du", "la", "le", "van",
    "von", "ter", "ten", "bin", "ibn", "al", "el", "y", "e", "zu", "af", "st", "mac",
    // Malay and Arabic "daughter of" (Nor Azlina binti Mokhtar), Hebrew and
    // Maghrebi "son of", Welsh "son of", Italian and French plural forms.
    "binti", "binte", "bint", "bte", "ben", "ap", "degli", "dei", "des", "vom", "zum", "zur",
];

/// The words of a folded name worth remembering for recall: two letters or
/// more, particles left out ("joão miguel da cruz" → joão, miguel, cruz).
/// A Chinese or Korean name written surname first without a space ("吴洋",
/// "장하은") also gives its surname and its given name, which are
/// mentioned alone ("Hi 洋,", "하은 can you…") and may be one character.
pub fn name_words(folded: &str) -> impl Iterator<Item = &str> {
    folded
        .split(|c: char| c.is_whitespace() || c == ',')
        // Marks stay: a word may end in one (the virama of `ಮಂಜುನಾಥ್`).
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && !is_mark(c)))
        // Particles are at most five bytes long: the length test skips the list.
        .filter(|w| w.chars().count() >= 2 && !(w.len() <= 5 && PARTICLES.contains(w)))
        .flat_map(|w| {
            let parts = surname_first_shape(w).then(|| {
                let k = w.chars().next().map_or(0, char::len_utf8);
                [&w[..k], &w[k..]]
            });
            std::iter::once(w).chain(parts.into_iter().flatten())
        })
}

pub(crate) const TITLES: &[&str] = &[
    // Sir and Madam as a letter addresses them after Dear, Hello
    // ("Witam Państwa", "Tisztelt Uram", "Уважаеми Господине").
    "państwa",
    "panie",
    "uram",
    "hölgyem",
    "domnule",
    "doamnă",
    "doamna",
    "yetkili",
    "gospodine",
    "gospođo",
    "господине",
    "госпожо",
    "колеги",
    "agent",
    "operator",
    "caller",
    "moderator",
    "mr",
    "mrs",
    "ms",
    "miss",
    "mx",
    "dr",
    "prof",
    "professor",
    "sir",
    "dame",
    "madam",
    "rev",
    "fr",
    "capt",
    "captain",
    "mister",
    "lord",
    "lady",
    "herr",
    "frau",
    "monsieur",
    "madame",
    "mme",
    "mlle",
    "señor",
    "señora",
    "sr",
    "sra",
    "doña",
    "dña",
    // Romanian (dl. Popescu, dna. Ionescu), Vietnamese (anh, chị),
    // Bulgarian and Russian abbreviations (г-н, г-жа), Tagalog (Kuya).
    "dl",
    "dna",
    "anh",
    "chị",
    "г-н",
    "г-жа",
    "kuya",
    // Dutch; and honorifics of other scripts before a name in Latin
    // letters ("محترمہ Aruzhan Abenova", "திரு. Rajan", "श्री Arjun").
    "meneer",
    "mevrouw",
    // Afrikaans: meneer, mevrou, mejuffrou.
    "mnr",
    "mev",
    "mej",
    "dhr",
    "mevr",
    "محترم",
    "محترمہ",
    "جناب",
    "السيد",
    "السيدة",
    "الأستاذ",
    "الأستاذة",
    "திரு",
    "திருமதி",
    "श्री",
    "श्रीमती",
    "सुश्री",
    "श्रीमान",
    "শ্রী",
    "শ্রীমতী",
    "জনাব",
    "አቶ",
    "מר",
    "dott",
    "ing",
    "sig",
    "avv",
    // Portuguese, Italian.
    "senhor",
    "senhora",
    "signor",
    "signora",
    // Indonesian and Malay.
    "pak",
    "bapak",
    "bu",
    "ibu",
    "encik",
    "puan",
    // Swahili `Dkt.` (daktari, doctor).
    "dkt",
    // Vietnamese, Thai, Indian. (Not Turkish `Sayın`: also a given name;
    // it opens a letter as a greeting does.)
    "ông",
    "bà",
    "khun",
    "shri",
    "smt",
    // Greek (κ. Παπαδόπουλος, κα Γεωργίου) and Russian, Ukrainian.
    "κ",
    "κα",
    "κος",
    "κύριος",
    "κυρία",
    "κύριε",
    "господин",
    "госпожа",
    "пан",
    "пані",
];

/// Ships' prefixes, written in capitals before the name (`HMS Queen
/// Elizabeth`, `USS Nimitz`, `RMS Titanic`); not `MS`, `SS` or `MV`,
/// which are titles and initials too (`MV Rao`).
const SHIP_PREFIXES: &[&str] = &["hms", "uss", "rms", "hmas", "hmcs", "hmnzs"];

const GREETINGS: &[&str] = &[
    // Turkish letters open with `Sayın` (dear).
    "sayın",
    "sayin",
    "hi",
    "hello",
    "hey",
    "dear",
    "thanks",
    "thank",
    "thx",
    "cheers",
    "morning",
    "evening",
    "afternoon",
    "greetings",
    "welcome",
    "congrats",
    "congratulations",
    "bye",
    "sorry",
    "ciao",
    "hallo",
    "bonjour",
    "hola",
    "ola",
    "olá",
    "hej",
    "salut",
    "chào",
    "عزيزي",
    "عزيزتي",
    // Thanks and greetings in other languages ("Merci Louise.",
    // "Teşekkürler Yusuf.", "Grazie Chiara.").
    "merci",
    "danke",
    "gracias",
    "grazie",
    "obrigado",
    "obrigada",
    "teşekkürler",
    "tesekkurler",
    "sağol",
    "merhaba",
    "dziękuję",
    "dzięki",
    "cześć",
    "bedankt",
    "tack",
    "takk",
    "kiitos",
    "hvala",
    "děkuji",
    "díky",
    "ahoj",
    "köszönöm",
    "mulțumesc",
    "bună",
    "buna",
    "ευχαριστώ",
    "спасибо",
    "дякую",
    "привет",
    "здравствуйте",
    "уважаемый",
    "уважаемая",
    "дорогой",
    "дорогая",
    "шановний",
    "шановна",
    "αγαπητέ",
    "αγαπητή",
    "γεια",
    "καλημέρα",
    "buongiorno",
    "bonsoir",
    "moin",
    "servus",
    "shalom",
    "namaste",
    // Salutations of letters ("Sehr geehrter Herr …", "Liebe Anna",
    // "Geachte mevrouw …", "Estimada Lucía", "Chère Camille").
    "geehrte",
    "geehrter",
    "liebe",
    "lieber",
    "geachte",
    "beste",
    "estimado",
    "estimada",
    "querido",
    "querida",
    "cher",
    "chère",
    "szanowny",
    "szanowna",
    "kedves",
    "kære",
    "kjære",
    "bästa",
    // The noun of German closings, capitalized before the writer's name
    // ("Viele Grüße Theresia", "Liebe Grüße aus Wien").
    "grüße",
    "grüsse",
    "gruß",
    // Hello in languages whose word for it is no English word.
    "hei",
    "moi",
    "szia",
    "halo",
    "tere",
    "labas",
    "sveiki",
    "zdravo",
    "jambo",
    "habari",
    "aloha",
    "kumusta",
    "günaydın",
    "вітаю",
    // Hello and Dear in more languages, none an English word or a common
    // given name ("Pozdravljeni, Imogen", "Kaixo Iñaki", "Annwyl Rhodri",
    // "Gerbiama Rūta"). Not "Salam" nor "Sayın": given names too.
    "pozdravljeni",
    "spoštovani",
    "spoštovana",
    "poštovani",
    "poštovana",
    "vážený",
    "vážená",
    "vážení",
    "witam",
    "kaixo",
    "annwyl",
    "shwmae",
    "helo",
    "assalomu",
    "hurmatli",
    "hörmətli",
    "sevgili",
    "lugupeetud",
    "labdien",
    "cienījamais",
    "cienījamā",
    "gerbiamas",
    "gerbiama",
    "gerbiamoji",
    "tisztelt",
    "stimate",
    "stimată",
    "dragă",
    "përshëndetje",
    "tungjatjeta",
    "nderuar",
    "kæri",
    "kæra",
    "sæl",
    "sæll",
    "goeiedag",
    "liewe",
    "prezado",
    "prezada",
    "benvolgut",
    "benvolguda",
    "coucou",
    "mpendwa",
    "sawubona",
    "sanibonani",
    "molweni",
    "dumela",
    "dumelang",
    "muraho",
    "mhoro",
    "talofa",
    "mingalaba",
    "sannu",
    "ndewo",
    "здравейте",
    "уважаеми",
    "уважаема",
    "поштовани",
    "почитуван",
    "почитувана",
    "здраво",
    "құрметті",
    "сәлеметсіз",
    "хүндэт",
    // More: ms "Salam sejahtera", so "Salaan". (Greetings before a name
    // in a caseless script are `vocative::greeted`'s.)
    "sejahtera",
    "salaan",
    // Italian letters' Dear ("Gentile Sig.ra Deiana", "Egregio dott.
    // Russo", "Spettabile …").
    "gentile",
    "gentilissimo",
    "gentilissima",
    "egregio",
    "egregia",
    "spettabile",
    "carissimo",
    "carissima",
];

/// Does `lead` (a line up to a word) end with a quote that opens a quoted
/// field or message: `body,"Tere, Sudeep!"`, `text: "Hi, Ana"`, `«Hola,
/// Lucía»`? Such a quote starts a sentence as a line start does.
fn opens_quote(lead: &str) -> bool {
    let Some(q) = lead.chars().next_back() else {
        return false;
    };
    if !matches!(q, '"' | '“' | '„' | '«' | '「' | '『') {
        return false;
    }
    let before = lead[..lead.len() - q.len_utf8()].trim_end_matches(' ');
    before.is_empty() || before.ends_with([',', ';', ':', '=', '(', '[', '\t', '|'])
}

/// Words right before a name that make it likely ("spoke with X").
/// Words after a name that make it the subject ("the Ann I met", no: "the
/// Lee said"): a name after a determiner followed by one of these is still
/// read as a name.
fn is_verb_after_name(folded: &str) -> bool {
    matches!(
        folded,
        "is" | "was"
            | "said"
            | "says"
            | "asked"
            | "wrote"
            | "replied"
            | "and"
            | "or"
            | "from"
            | "at"
            | "who"
            | "whom"
            | "whose"
    )
}

/// Given names that are also well-known places (cities, states,
/// countries): a name alone only where nothing says it is the place.
const PLACE_NAMES: &[&str] = &[
    "adelaide",
    "alexandria",
    "asia",
    "augusta",
    "austin",
    "brooklyn",
    "camden",
    "charlotte",
    "chelsea",
    "cheyenne",
    "chester",
    "cleveland",
    "dakota",
    "dallas",
    "darwin",
    "denver",
    "florence",
    "georgia",
    "hamilton",
    "houston",
    "india",
    "jackson",
    "jordan",
    "kenya",
    "kingston",
    "lima",
    "lincoln",
    "lorraine",
    "madison",
    "marion",
    "milan",
    "montana",
    "nelson",
    "paris",
    "perth",
    "phoenix",
    "preston",
    "raleigh",
    "regina",
    "salvador",
    "santiago",
    "savannah",
    "siena",
    "sofia",
    "sydney",
    "valencia",
    "verona",
    "victoria",
    "virginia",
    "wellington",
];

static PLACE_NAME_SET: std::sync::LazyLock<rustc_hash::FxHashSet<&'static str>> =
    std::sync::LazyLock::new(|| PLACE_NAMES.iter().copied().collect());

/// A given name that is also a well-known place ([`PLACE_NAMES`]).
pub(crate) fn place_name(word: &str) -> bool {
    with_fold(word, |f| PLACE_NAME_SET.contains(f))
}

/// Words before a place ("moves to Paris", "from Sydney", "in Georgia").
const PLACE_PREPOSITIONS: &[&str] = &[
    "to", "from", "in", "at", "near", "via", "into", "across", "around", "outside",
];

/// Blocked words that are no places (months, weekdays, teams): a list with
/// one of them is no list of places.
const ORDINARY_BLOCKED: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "team",
    "support",
    "sales",
    "admin",
];

const LEADS: &[&str] = &[
    // A speaker introducing themselves ("Welcome back, I'm Isla
    // Hargreaves"): folded, the typographic apostrophe is the plain one.
    "i'm",
    // "This is X" on the phone or in a letter's first line: cs "tady",
    // sr "овде", ky "байланышта" (in touch).
    "tady",
    "овде",
    "ovde",
    "байланышта",
    // Greek articles: names take them ("ο Γιώργος", "της Μαρίας").
    "ο",
    "η",
    "τον",
    "την",
    "του",
    "της",
    "with",
    "by",
    "to",
    "from",
    "cc",
    "contact",
    "contacted",
    "ask",
    "asked",
    "call",
    "called",
    "email",
    "emailed",
    "met",
    "meet",
    "told",
    "per",
    "via",
    "ping",
    "pinged",
    "tell",
    "cc'd",
    "reach",
    "message",
    "messaged",
    "text",
    "texted",
    "thank",
    "said",
    "says",
    "wrote",
    "assigned",
    "assign",
    "inform",
    "informed",
    "invite",
    "invited",
    "introduce",
    "introduced",
    "joined",
    "visit",
    "visited",
    "see",
    "saw",
    "hired",
    "interviewed",
    "paged",
    "notify",
    "notified",
    "signed",
    "approved",
    "rejected",
    "reviewed",
    "escalated",
    "forwarded",
];

/// Verbs said of people, right after a name ("Kashif Qureshi mentioned
/// the regression", "Pirjo Korhonen closed the renewal"): a lead, so the
/// dictionaries or the run's shape must still back the name.
const PERSON_VERBS: &[&str] = &[
    "said",
    "says",
    "mentioned",
    "asked",
    "asks",
    "wrote",
    "writes",
    "replied",
    "replies",
    "commented",
    "suggested",
    "noted",
    "explained",
    "promised",
    "agreed",
    "confirmed",
    "approved",
    "requested",
    "reported",
    "thinks",
    "thought",
    "wants",
    "wanted",
    "needs",
    "emailed",
    "texted",
    "phoned",
    "called",
    "told",
    "sent",
    "shared",
    "signed",
    "joined",
    "closed",
    "booked",
    "cancelled",
    "canceled",
    "invited",
    "covers",
    "visit",
    "visits",
    "visited",
    "will",
    "won't",
    "can't",
    "couldn't",
    "didn't",
];

/// Family and close relations right before a name ("my wife Chaitanya",
/// "her colleague Ife"): as sure a sign as a greeting.
const FAMILY: &[&str] = &[
    "wife",
    "husband",
    "spouse",
    "son",
    "daughter",
    "mother",
    "father",
    "mom",
    "mum",
    "dad",
    "brother",
    "sister",
    "cousin",
    "uncle",
    "aunt",
    "nephew",
    "niece",
    "grandson",
    "granddaughter",
    "grandmother",
    "grandfather",
    "fiance",
    "fiancee",
    "friend",
    "colleague",
    "coworker",
];

/// Other roles right before a name ("our analyst Ife Okoro"): a lead.
const RELATIONS: &[&str] = &[
    // Roles in a workflow ("— approver Florian Huber").
    "approver",
    "reviewer",
    "requester",
    "requestor",
    "assignee",
    "partner",
    "boss",
    "manager",
    "assistant",
    "neighbour",
    "neighbor",
    "landlord",
    "tenant",
    "client",
    "analyst",
    "spokesperson",
    "spokeswoman",
    "spokesman",
    "economist",
    "attorney",
    "lawyer",
    "founder",
    "cofounder",
    "reporter",
    "correspondent",
    // Job titles before a name in org charts, directories and signatures
    // ("CEO  Bjørnar Strøm", "General Counsel  Ana Díaz").
    "ceo",
    "cfo",
    "coo",
    "cto",
    "cio",
    "ciso",
    "cmo",
    "cpo",
    "vp",
    "svp",
    "evp",
    "counsel",
    "director",
    "officer",
    "engineer",
    "developer",
    "designer",
    "coordinator",
    "specialist",
    "consultant",
    "trainer",
    "supervisor",
    "administrator",
    "accountant",
    "president",
    "secretary",
    "treasurer",
    "chairman",
    "chairwoman",
    "chairperson",
    // A neighbour or a colleague in other languages ("mijn buurman Pieter
    // Willems", "komşum İpek Çetin", "hàng xóm Lê Thành Long").
    "buurman",
    "buurvrouw",
    "voisin",
    "voisine",
    "vecino",
    "vecina",
    "nachbar",
    "nachbarin",
    "vizinho",
    "vizinha",
    "vicino",
    "vicina",
    "komşu",
    "komşum",
    "sąsiad",
    "sąsiadka",
    "soused",
    "sousedka",
    "xóm",
    "tetangga",
    "granne",
    "grannen",
    "nabo",
    "naboen",
    "naapuri",
    "szomszéd",
    "сосед",
    "соседка",
    "γείτονας",
    "collega",
    "collègue",
    "kollege",
    "kollegin",
    "colega",
    "kolega",
];

/// Weekday and month abbreviations that start dates.
const DATE_ABBREVIATIONS: &[&str] = &[
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "jan", "feb", "mar",
    "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
];

/// Is `w` a month's or a weekday's abbreviation that starts a date
/// (`Sep 28`, `Thu, 2 May`)?
fn starts_date(text: &str, w: &Word) -> bool {
    let t = text_of(text, w);
    t.len() <= 5
        && t.len() >= 3
        && text[w.end..]
            .trim_start_matches([',', '.', ' '])
            .starts_with(|c: char| c.is_ascii_digit())
        && with_fold(t, |f| DATE_ABBREVIATIONS.contains(&f))
}

/// Roles in apposition after a name ("Ann Lee, chief operating officer
/// at Acme"; "Bo Chan, CEO of …").
const ROLES: &[&str] = &[
    "chief",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "cio",
    "ciso",
    "president",
    "vice",
    "vp",
    "svp",
    "evp",
    "head",
    "director",
    "founder",
    "cofounder",
    "co",
    "managing",
    "general",
    "senior",
    "principal",
    "lead",
    "staff",
    "manager",
    "partner",
    "chair",
    "chairman",
    "chairwoman",
    "chairperson",
    "professor",
    "analyst",
    "economist",
    "spokesperson",
    "spokeswoman",
    "spokesman",
    "engineer",
    "developer",
    "designer",
    "researcher",
    "attorney",
    "editor",
    "reporter",
    "owner",
    "mayor",
    "minister",
    "secretary",
    "treasurer",
    "deputy",
    "assistant",
    "associate",
    "executive",
    "author",
    "who",
];

/// Whether a short value is a person's job title (`CEO`, `VP Sales`,
/// `Clinical Research Coordinator`, `Senior Engineer`): at most five
/// words, the last a noun that ends job titles, or a chief's acronym
/// anywhere. An object holding one under `title` is about a person.
pub(crate) fn job_title(value: &str) -> bool {
    const ACRONYMS: &[&str] = &[
        "ceo", "cto", "cfo", "coo", "cio", "ciso", "cmo", "vp", "svp", "evp",
    ];
    // Words of [`ROLES`] that start job titles but never end them
    // (`Head of Sales`, `Vice President`, `Senior Engineer`).
    const STARTS_ONLY: &[&str] = &[
        "chief",
        "vice",
        "head",
        "managing",
        "general",
        "senior",
        "principal",
        "staff",
        "co",
        "deputy",
        "who",
    ];
    let v = value.trim();
    if v.is_empty()
        || v.len() > 60
        || v.contains(['\n', '@'])
        || v.bytes().any(|b| b.is_ascii_digit())
    {
        return false;
    }
    let ws: Vec<&str> = v
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '/' | '&' | '-' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .collect();
    // A work's title (`The Night Manager`, `The Accountant`).
    if ws.is_empty() || ws.len() > 5 || with_fold(ws[0], |f| ["the", "a", "an"].contains(&f)) {
        return false;
    }
    ws.iter().any(|w| with_fold(w, |f| ACRONYMS.contains(&f)))
        || with_fold(ws[ws.len() - 1], |f| {
            JOB_NOUNS.contains(&f) || (ROLES.contains(&f) && !STARTS_ONLY.contains(&f))
        })
}

/// Does a line that reads `opening` before a word start a sentence there
/// (nothing, an end of sentence, a quote's `>`, a label's colon, a
/// separator, `<p>`)?
fn opens_sentence(opening: &str) -> bool {
    opening.is_empty()
        || opening.ends_with(['.', '?', '!', '>', ':', '·', '—'])
        || opening.ends_with("<p")
}

/// Honorifics of Japanese, Korean and Chinese that follow a person's name.
const CJK_HONORIFICS: &[&str] = &[
    "さん",
    "様",
    "さま",
    "殿",
    "氏",
    "くん",
    "君",
    "ちゃん",
    "先生",
    "님",
    "씨",
    "선생님",
    "女士",
    "小姐",
    "老师",
    "老師",
    "经理",
    "經理",
];

/// The nouns that end job titles ("Clinical Research Coordinator", "Data
/// Protection Officer"), beside the [`ROLES`] that start them.
const JOB_NOUNS: &[&str] = &[
    "officer",
    "coordinator",
    "counsel",
    "consultant",
    "specialist",
    "administrator",
    "representative",
    "recruiter",
    "accountant",
    "architect",
    "scientist",
    "technician",
    "advisor",
    "adviser",
    "supervisor",
    "strategist",
    "planner",
    "controller",
    "auditor",
    "intern",
    "paralegal",
    "nurse",
    "physician",
    "pharmacist",
    "therapist",
    "surgeon",
    "lawyer",
    "solicitor",
    "clerk",
    "receptionist",
    "buyer",
    "marketer",
    "programmer",
    "producer",
    "agent",
];

const SIGN_OFFS: &[&str] = &[
    // Closings of more languages and scripts: Hindi, Chinese, Japanese,
    // Korean, Thai, Bengali, Tamil, Telugu, Kannada, Malayalam, Arabic,
    // Persian, Urdu, Hebrew, Greek, Malay, Swahili, Tagalog, Amharic,
    // Armenian, Serbian, Swedish, Spanish, Slovak.
    "शुभकामनाएँ",
    "शुभकामनाएं",
    "सधन्यवाद",
    "谢谢",
    "多谢",
    "引き続きよろしくお願いします",
    "引き続きよろしくお願いいたします",
    "안녕히 계세요",
    "드림",
    "ขอบคุณครับ",
    "ขอบคุณค่ะ",
    "ขอบคุณ",
    "ধন্যবাদ",
    "শুভেচ্ছা",
    "শুভকামনা",
    "நன்றி",
    "வாழ்த்துகள்",
    "ధన్యవాదాలు",
    "ಧನ್ಯವಾದಗಳು",
    "നന്ദി",
    "شكراً",
    "شكرا",
    "مع تحياتي",
    "مع خالص التحيات",
    "باتشکر",
    "شکریہ",
    "نیک خواہشات",
    "بہترین خواہشات",
    "תודה",
    "ευχαριστώ",
    "salam hormat",
    "asante",
    "kila la heri",
    "maraming salamat",
    "ከአክብሮት ጋር",
    "հարգանքով",
    "срдачно",
    "med vänlig hälsning",
    "cordiales saludos",
    "srdečne",
    "best",
    "best regards",
    "kind regards",
    "regards",
    "warm regards",
    "warmest regards",
    "many thanks",
    "thanks",
    "thank you",
    "thanks again",
    "cheers",
    "sincerely",
    "yours sincerely",
    "yours truly",
    "yours",
    "best wishes",
    "all the best",
    "talk soon",
    "take care",
    "respectfully",
    "cordially",
    "br",
    "thx",
    "ty",
    "love",
    "xoxo",
    "rgds",
    "mit freundlichen grüßen",
    "cordialement",
    "saludos",
    "atenciosamente",
    "groeten",
    // Closings of letters in other languages, as written on their own
    // line before the writer's name ("Med vänliga hälsningar,\nHrafnhildur
    // Gunnarsdóttir", "С уважением,\nЖанар", "مع خالص التحية،\nSomchai
    // Boonma"): de, fr, es, pt, it, nl, sv, no, da, fi, is, pl, cs, sk,
    // hu, ro, hr/sr/bs/sl, bg, ru, uk, el, tr, id/ms, vi, tl, sw, lt, lv,
    // et, sq, ca, he, ar, fa, ur, hi, bn, ta, th, am, ka.
    "mit freundlichem gruß",
    "mit freundlichen grüssen",
    "freundliche grüße",
    "freundliche grüsse",
    "viele grüße",
    "viele grüsse",
    "liebe grüße",
    "liebe grüsse",
    "beste grüße",
    "beste grüsse",
    "herzliche grüße",
    "herzliche grüsse",
    "schöne grüße",
    "schöne grüsse",
    "gruß",
    "grüße",
    "grüsse",
    "mfg",
    "bien cordialement",
    "bien à vous",
    "salutations",
    "sincères salutations",
    "meilleures salutations",
    "amitiés",
    "bisous",
    "à bientôt",
    "un saludo",
    "saludos cordiales",
    "atentamente",
    "un abrazo",
    "abrazos",
    "cordialmente",
    "abraços",
    "abraço",
    "cumprimentos",
    "melhores cumprimentos",
    "beijos",
    "cordiali saluti",
    "distinti saluti",
    "saluti",
    "un saluto",
    "a presto",
    "met vriendelijke groet",
    "met vriendelijke groeten",
    "vriendelijke groet",
    "vriendelijke groeten",
    "hartelijke groet",
    "hartelijke groeten",
    "groetjes",
    "mvg",
    "med vänliga hälsningar",
    "vänliga hälsningar",
    "hälsningar",
    "mvh",
    "med vennlig hilsen",
    "vennlig hilsen",
    "med venlig hilsen",
    "venlig hilsen",
    "hilsen",
    "ystävällisin terveisin",
    "parhain terveisin",
    "terveisin",
    "kveðja",
    "bestu kveðjur",
    "með kveðju",
    "pozdrawiam",
    "serdecznie pozdrawiam",
    "z poważaniem",
    "pozdrowienia",
    "s pozdravem",
    "s přátelským pozdravem",
    "s pozdravom",
    "s úctou",
    "üdvözlettel",
    "tisztelettel",
    "cu stimă",
    "cu respect",
    "toate cele bune",
    "lijep pozdrav",
    "srdačan pozdrav",
    "srdačno",
    "s poštovanjem",
    "pozdrav",
    "lep pozdrav",
    "с уважением",
    "с наилучшими пожеланиями",
    "всего доброго",
    "всего хорошего",
    "с уважение",
    "поздрави",
    "з повагою",
    "з найкращими побажаннями",
    "με εκτίμηση",
    "φιλικά",
    "χαιρετισμούς",
    "saygılarımla",
    "saygılarımızla",
    "iyi çalışmalar",
    "selamlar",
    "hormat saya",
    "hormat kami",
    "salam hangat",
    "salam",
    "terima kasih",
    "trân trọng",
    "thân ái",
    "lubos na gumagalang",
    "salamat",
    "wako",
    "wako mwaminifu",
    "kwa heri",
    "pagarbiai",
    "ar cieņu",
    "lugupidamisega",
    "parimate soovidega",
    "me respekt",
    "salutacions",
    "cordialment",
    "בברכה",
    "בכבוד רב",
    "مع خالص التحية",
    "مع التحية",
    "مع أطيب التحيات",
    "تحياتي",
    "با احترام",
    "با سپاس",
    "والسلام",
    "सादर",
    "भवदीय",
    "धन्यवाद",
    "শুভেচ্ছান্তে",
    "ধন্যবাদান্তে",
    "அன்புடன்",
    "ขอแสดงความนับถือ",
    "ด้วยความเคารพ",
    "ከሰላምታ ጋር",
    "პატივისცემით",
    "此致敬礼",
    "此致敬禮",
    "此致",
    "敬礼",
    "敬禮",
    "祝好",
    "顺祝商祺",
    "順祝商祺",
    "敬上",
    "敬具",
    "草々",
    "よろしくお願いします",
    "よろしくお願いいたします",
    "감사합니다",
];

/// Greetings of several words, said right before a name ("Dobrý den,
/// Zuzana", "Guten Tag, Herr …"; one-word greetings are [`GREETINGS`]):
/// with [`SIGN_OFFS`], what a name may follow on its line.
const GREETING_PHRASES: &[&str] = &[
    "good morning",
    "good afternoon",
    "good evening",
    "guten tag",
    "guten morgen",
    "guten abend",
    "grüß gott",
    "grüezi",
    "buenos días",
    "buenas tardes",
    "buenas noches",
    "bom dia",
    "boa tarde",
    "boa noite",
    "buona sera",
    "bonne journée",
    "goedemorgen",
    "goedemiddag",
    "goedendag",
    "god morgen",
    "god dag",
    "godmorgon",
    "hyvää päivää",
    "dzień dobry",
    "dobrý den",
    "dobrý deň",
    "jó napot",
    "bună ziua",
    "dobar dan",
    "dober dan",
    "добрый день",
    "доброе утро",
    "добрый вечер",
    "добър ден",
    "добрий день",
    "iyi günler",
    "selamat pagi",
    "selamat siang",
    "selamat sore",
    "xin chào",
    "sawubona",
    "kia ora",
];

/// [`SIGN_OFFS`] and [`GREETING_PHRASES`] as one set.
static SIGN_OFF_SET: std::sync::LazyLock<rustc_hash::FxHashSet<&'static str>> =
    std::sync::LazyLock::new(|| SIGN_OFFS.iter().chain(GREETING_PHRASES).copied().collect());

/// The greetings of [`GREETING_PHRASES`] that are no sign-off too
/// (`Salam` is both): a name follows one on its line, never on the next
/// (`Sawubona,\n\nFrank feedback welcome`), nor past the sentence it ends
/// (`Dobrý den! Penny stock watchlist`).
static GREETING_ONLY_SET: std::sync::LazyLock<rustc_hash::FxHashSet<&'static str>> =
    std::sync::LazyLock::new(|| {
        GREETING_PHRASES
            .iter()
            .filter(|g| !SIGN_OFFS.contains(g) && !ALSO_CLOSINGS.contains(g))
            .copied()
            .collect()
    });

/// Greetings of [`GREETING_PHRASES`] that end a letter too (`Bonne
/// journée,\nNoémie`): a name may follow them on the next line.
const ALSO_CLOSINGS: &[&str] = &[
    "bonne journée",
    "bonne soirée",
    "buenas noches",
    "buenas tardes",
    "boa noite",
    "boa tarde",
    "buona sera",
    "buona serata",
    "iyi günler",
    "iyi akşamlar",
    "god dag",
    "gute nacht",
];

/// Does the name at `at` stand in brackets that end a numbered line
/// starting at `ls`, as a mailing-list digest lists each message's author
/// after its subject (`   2. Re: Subject line (Piyapong Thongdee)`)?
fn digest_author(text: &str, ls: usize, at: usize) -> bool {
    if !text[..at].ends_with('(') {
        return false;
    }
    let numbered = text[ls..at]
        .trim_start()
        .split_once(". ")
        .is_some_and(|(n, _)| (1..=3).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit()));
    let line = text[at..].split('\n').next().unwrap_or("");
    numbered
        && line.trim_end().ends_with(')')
        && line.find(')').is_some_and(|p| {
            p <= 48
                && line[..p].chars().all(|c| {
                    c.is_alphabetic() || is_mark(c) || matches!(c, ' ' | '-' | '\'' | '’' | '.')
                })
        })
}

/// Is `s`, trimmed, the delimiter that opens an email signature (`-- `,
/// or a dash)?
fn signature_delimiter(s: &str) -> bool {
    matches!(s.trim(), "--" | "—" | "–")
}

/// What could be a sign-off in `s`, the text before a name on its line or
/// the line before it: without a quote's `>` and the punctuation that
/// ends a closing (`Kind regards,`, `С уважением,`, `مع خالص التحية،`);
/// `None` when too long to be one.
fn sign_off_head(s: &str) -> Option<&str> {
    let h = s.trim_start_matches(['>', ' ', '\t']).trim_end_matches([
        ',', '!', '.', '-', '—', ' ', '،', '，', ':', '\t', '。', '！', '、',
    ]);
    (!h.is_empty() && h.len() <= 64).then_some(h)
}

/// How much the surroundings support a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Support {
    None,
    Lead,
    Strong,
}

struct Cand {
    first: usize,
    last: usize, // inclusive word indices
}

fn text_of<'t>(text: &'t str, w: &Word) -> &'t str {
    &text[w.start..w.end]
}

/// Job titles and verbs after which `at X` names an employer.
const AT_EMPLOYER: &[&str] = &[
    "work",
    "works",
    "worked",
    "working",
    "job",
    "engineer",
    "manager",
    "lead",
    "director",
    "coordinator",
    "planner",
    "designer",
    "analyst",
    "consultant",
    "officer",
    "partner",
    "executive",
    "scientist",
    "counsel",
    "specialist",
    "associate",
    "intern",
    "developer",
    "architect",
    "administrator",
    "head",
    "vp",
    "president",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "founder",
    "cofounder",
    "co-founder",
    "accountant",
    "advisor",
    "adviser",
    "recruiter",
    "strategist",
    "editor",
    "producer",
    "researcher",
    "employed",
    "hired",
    "interned",
];

/// Does the text before a capitalized run make it an organization?
/// `Shares of X`, `Sponsored by X`, `Procurement Lead at X`, `I work at X`.
fn org_context(before: &str) -> bool {
    let before = before.trim_end();
    let mut it = before.rsplit([' ', '\t', '\n']).filter(|w| !w.is_empty());
    let (Some(p), Some(q)) = (it.next(), it.next()) else {
        return false;
    };
    let q = q.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
    let eq = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    match p {
        "of" => ["shares", "stock", "stocks"].iter().any(|w| eq(q, w)),
        "by" => ["sponsored", "powered", "acquired", "owned", "funded"]
            .iter()
            .any(|w| eq(q, w)),
        "at" => AT_EMPLOYER.iter().any(|w| eq(q, w)),
        _ => false,
    }
}

/// Holidays and observances named after people: a tail of `Day`, `Night`
/// or `Eve` after a possessive (`St. Patrick's Day`), a saint
/// (`Saint Nicholas Day`), a king or a generational suffix (`Martin Luther
/// King Jr. Day`), or `Night` after two words (`Guy Fawkes Night`). `Doris
/// Day` stays a name.
fn holiday(text: &str, ws: &[Word]) -> bool {
    let n = ws.len();
    if n < 2 {
        return false;
    }
    let tail = text_of(text, &ws[n - 1]);
    let is = |w: &Word, any: &[&str]| any.iter().any(|a| text_of(text, w).eq_ignore_ascii_case(a));
    if !is(&ws[n - 1], &["day", "night", "eve", "birthday"]) {
        return false;
    }
    let before = text_of(text, &ws[n - 2]);
    before.ends_with("'s")
        || before.ends_with("’s")
        || is(&ws[0], &["st", "saint", "san", "santa", "sankt"])
        || ws[..n - 1].iter().any(|w| is(w, &["king", "jr", "queen"]))
        || (n >= 3 && tail.eq_ignore_ascii_case("night"))
}

/// What an eponym names after a person's name (`Crohn's disease`,
/// `Down syndrome`, `Dijkstra's algorithm`, `Kalman filter`).
/// Only nouns that hardly follow a person's own name (not `test`,
/// `number`: `Anna's test results`). A disease's (`disease`, `syndrome`,
/// `palsy`) only after a word no list has as a given name: `Anna's
/// disease` is the patient's.
const EPONYMOUS_CONDITIONS: &[&str] = &["disease", "diseases", "syndrome", "palsy"];

/// Surnames of well-known eponymous conditions that are also given names
/// (`Addison's disease`, `Bell's palsy`, `Still's disease`): before a
/// condition's word they are the condition's, not a person's.
const CONDITION_EPONYMS: &[&str] = &[
    "addison",
    "bowen",
    "graves",
    "wilson",
    "paget",
    "still",
    "barrett",
    "bell",
    "conn",
    "gilbert",
    "ewing",
    "hodgkin",
    "huntington",
    "cushing",
    "parkinson",
    "tourette",
    "reiter",
    "marfan",
    "kawasaki",
    "hashimoto",
    "sjogren",
    "sjögren",
    "raynaud",
    "meniere",
    "ménière",
    "asperger",
    "alzheimer",
    "crohn",
    "kaposi",
    "burkitt",
    "wilms",
    "down",
];

/// Nouns an eponym is the modifier of, in anatomy, medicine, statistics
/// and breeds (`Achilles tendon`, `Romberg test`, `Apgar score`, `Jack
/// Russell terrier`).
const EPONYMOUS_HEADS: &[&str] = &[
    "tendon",
    "test",
    "tests",
    "sign",
    "reflex",
    "maneuver",
    "manoeuvre",
    "scale",
    "score",
    "sarcoma",
    "lymphoma",
    "cyst",
    "fracture",
    "procedure",
    "classification",
    "terrier",
    "spaniel",
    "retriever",
];
const EPONYMOUS_THINGS: &[&str] = &[
    "theorem",
    "lemma",
    "conjecture",
    "paradox",
    "equation",
    "equations",
    "algorithm",
    "distribution",
    "distance",
    "filter",
    "filters",
    "algorithms",
    "distributions",
    "transform",
    "transforms",
    "inequality",
    "criterion",
    "criteria",
];

/// Words before a person's name that make it a condition's
/// (`Morbus Crohn`, `maladie de Lyme`, `síndrome de Down`).
const CONDITION_LEADS: &[&str] = &[
    "morbus ",
    "maladie de ",
    "syndrome de ",
    "síndrome de ",
    "sindrome di ",
    "enfermedad de ",
    "doença de ",
    "болезнь ",
    "синдром ",
];

/// Drops the names found by the text's own words (not under a key or a
/// label) that are an eponym's: a disease, a law, an algorithm named after
/// someone (`Crohn's disease`, `Morbus Crohn`, `Levenshtein distance`).
pub fn drop_eponymous_uses(text: &str, out: &mut Vec<Finding>) {
    out.retain(|f| {
        if f.class != Class::Name || f.detector == Detector::NameStructured {
            return true;
        }
        let after = &text[f.end..];
        let after = after
            .strip_prefix("'s ")
            .or_else(|| after.strip_prefix("’s "))
            .or_else(|| after.strip_prefix(' '))
            .unwrap_or("");
        let next: String = after
            .chars()
            .take_while(|c| c.is_alphabetic())
            .flat_map(char::to_lowercase)
            .collect();
        if !next.is_empty() && EPONYMOUS_THINGS.contains(&next.as_str()) {
            return false;
        }
        // "Achilles tendon", "Romberg test": one word, no frequent given
        // name, not after a possessive ("Ana's test", "Ana Lima test
        // results").
        if !next.is_empty()
            && EPONYMOUS_HEADS.contains(&next.as_str())
            && text[f.end..].starts_with(' ')
        {
            let name = &text[f.start..f.end];
            // One word, an initial after it aside (`Mann–Whitney U test`).
            let one = !name.contains(',')
                && name.split(' ').filter(|w| w.chars().count() > 1).count() == 1;
            // After a person's name, "test", "score" or "sign" can be a
            // verb or the person's own (`Ana test results pending`).
            let personal = matches!(
                next.as_str(),
                "test" | "tests" | "score" | "sign" | "scale" | "procedure" | "fracture"
            );
            if one && !(personal && with_fold(name, |f| word_info(f).strong_given())) {
                return false;
            }
        }
        if EPONYMOUS_CONDITIONS.contains(&next.as_str()) {
            let name = &text[f.start..f.end];
            let i = with_fold(name, word_info);
            if !(i.strong_given() || i.ambiguous_given())
                || with_fold(name, |f| CONDITION_EPONYMS.contains(&f))
            {
                return false;
            }
        }
        let before = &text[text.floor_char_boundary(f.start.saturating_sub(24))..f.start];
        let before = before.to_lowercase();
        !CONDITION_LEADS.iter().any(|l| before.ends_with(l))
    });
}

/// An ordinary word that is not a likely name ("Yes", "The"; not "Will").
pub fn ordinary_word(word: &str) -> bool {
    with_fold(word, word_info).common_only()
}

/// A frequent given name by the dictionaries, or one that is also a word
/// ("Maria", "Will"; not "Berlin", nor a rare one such as "Oslo").
pub(crate) fn frequent_given(word: &str) -> bool {
    with_fold(word, |f| {
        let i = word_info(f);
        i.strong_given() || i.ambiguous_given()
    })
}

fn info(text: &str, w: &Word) -> WordInfo {
    with_fold(text_of(text, w), word_info)
}

fn is_particle(text: &str, w: &Word) -> bool {
    w.case == Case::Lower && w.end - w.start <= 5 && is_in(text, w, PARTICLE)
}

const GREETING: u8 = 1;
const TITLE: u8 = 2;
const LEAD: u8 = 4;
const PARTICLE: u8 = 8;
const PLACE: u8 = 16;
const ORG_TAIL: u8 = 32;
const FAMILY_WORD: u8 = 64;
const RELATION: u8 = 128;
/// Not yet computed (in the per-text caches).
const UNSET: u8 = u8::MAX;

/// Street types written in lower case after the name (Nordic, German,
/// Dutch, Hungarian, Polish, Finnish): "Karl Johans gate", "Frederiksberg
/// vej".
const LOWER_STREET_WORDS: &[&str] = &[
    "gate", "gatan", "vej", "gade", "straße", "strasse", "gasse", "weg", "platz", "laan", "straat",
    "gracht", "utca", "ulica", "tie", "katu",
    // Squares, roads and walks written in lower case after the name they
    // honour: hu, sv/no, da, et.
    "tér", "út", "körút", "köz", "sétány", "torget", "torg", "plads", "väg", "vägen", "väljak",
];

/// Street types: a capitalized phrase with one after its first word is an
/// address ("Queen Street"); these and [`LOWER_STREET_WORDS`].
const STREET_WORDS: &[&str] = &[
    "street",
    "road",
    "rd",
    "avenue",
    "ave",
    "boulevard",
    "blvd",
    "drive",
    "terrace",
    "crescent",
    "highway",
    "hwy",
    "parkway",
    "pkwy",
];

/// Kinds of places and institutions written in lower case after the name
/// they are called by ("Charlotte Douglas airport", "Kennedy station").
const INSTITUTION_WORDS: &[&str] = &[
    // "Anne Frank Huis", "Beethoven-Haus".
    "huis",
    "haus",
    "airport",
    "station",
    "stadium",
    "arena",
    "museum",
    "university",
    "college",
    "bridge",
    "cathedral",
    "library",
    "memorial",
    "tunnel",
    "terminal",
    "campus",
    "hospital",
];

/// Does `before` end in a house number ("5 ", "12b ", "221B ") at the
/// start of a line or after a comma?
fn house_number_before(before: &str) -> bool {
    let Some(b) = before.strip_suffix(' ') else {
        return false;
    };
    let b = b
        .strip_suffix(|c: char| c.is_ascii_alphabetic())
        .filter(|r| r.ends_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(b);
    let digits = b.len() - b.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if !(1..=5).contains(&digits) {
        return false;
    }
    let rest = b[..b.len() - digits].trim_end_matches([' ', '\t']);
    rest.is_empty() || rest.ends_with(['\n', ',', ':'])
}

fn street_word(folded: &str) -> bool {
    STREET_WORDS.contains(&folded) || LOWER_STREET_WORDS.contains(&folded)
}

/// Legal forms of companies written after their names, with their dots.
const LEGAL_FORMS: &[&str] = &[
    "K.K.", "S.A.", "S.L.", "S.p.A.", "S.r.l.", "S.n.c.", "B.V.", "N.V.", "A.G.", "L.P.", "S.R.L.",
    "S.A.S.", "S.A.R.L.", "L.L.C.", "L.L.P.", "P.L.C.", "Pty.", "Ltd.", "Inc.", "Corp.", "Co.",
    "a.ş.", "t.a.ş.", // non-ASCII forms in lower case (compared folded)
];

/// Whether `rest` (the text after a run) starts with a company's legal form.
fn legal_form_after(rest: &str) -> bool {
    let Some(r) = rest.strip_prefix([' ', ',']) else {
        return false;
    };
    legal_form_at(r.trim_start())
}

/// Whether `r` starts with a company's legal form (a whole token).
fn legal_form_at(r: &str) -> bool {
    let token = r.split([' ', '\n', ')', ';']).next().unwrap_or("");
    let token = token.trim_end_matches([',']);
    // Lower-casing keeps these forms' byte lengths: compare only those of
    // the token's length, without allocating.
    !token.is_empty()
        && token.len() <= 8
        && LEGAL_FORMS.iter().any(|f| {
            f.len() == token.len()
                && (token.eq_ignore_ascii_case(f)
                    || (!token.is_ascii()
                        && token.chars().flat_map(char::to_lowercase).eq(f.chars())))
        })
}

/// Words that start place names ("San José", "St. Louis", "Fort Worth").
const PLACE_PREFIXES: &[&str] = &[
    // Department stores and arcades ("Galeries Lafayette", "Galleria
    // Vittorio Emanuele").
    "galeries",
    "galerie",
    "galleria",
    "galería",
    "san",
    "santa",
    "santo",
    "são",
    "st",
    "ste",
    "saint",
    "sainte",
    "fort",
    "ft",
    "port",
    "mount",
    "mt",
    "lake",
    "new",
    "los",
    "las",
    "el",
    "cape",
    "glen",
    "isle",
    "puerto",
    "rue",
    "ul",
    "via",
    "avenida",
    "av",
    "calle",
    "rua",
    "praça",
    "plac",
    "banco",
    "grupo",
    "groupe",
    "gruppo",
    "boulevard",
    "bd",
    "allée",
    "viale",
    "corso",
    "largo",
    "paseo",
    "passeig",
    "carrer",
    "rambla",
    "piazza",
    "plaza",
    "quai",
    "avenue",
    // "Sankt Gallen", "Sint Maarten", "Unter den Linden".
    "sankt",
    "sint",
    "unter",
    // Museums, parks, stadiums, stations, airports, palaces, churches,
    // universities, theatres, markets, gardens, castles and bridges named
    // after people, in the languages that put the kind first ("Museo
    // Reina Sofía", "Estadio Santiago Bernabéu", "Bahnhof
    // Friedrichstraße", "Vila Madalena"), and Swahili's and Vietnamese's
    // lake, town, mountain, park, stadium, mausoleum and market ("Ziwa
    // Victoria", "Lăng Chủ tịch Hồ Chí Minh").
    "museo",
    "museu",
    "musée",
    "parque",
    "parc",
    "parco",
    "estadio",
    "estádio",
    "stadio",
    "aeropuerto",
    "aeroporto",
    "aéroport",
    "estación",
    "estação",
    "gare",
    "stazione",
    "bahnhof",
    "flughafen",
    "palácio",
    "palazzo",
    "palais",
    "catedral",
    "cathédrale",
    "cattedrale",
    "iglesia",
    "igreja",
    "église",
    "universidad",
    "universidade",
    "università",
    "université",
    "universität",
    "colegio",
    "colégio",
    "teatro",
    "théâtre",
    "marché",
    "jardín",
    "giardino",
    "château",
    "ciudad",
    "cidade",
    "città",
    "ziwa",
    "mji",
    "mlima",
    "hifadhi",
    "uwanja",
    "chuo",
    "lăng",
    "chợ",
    "chùa",
];

/// Words that end organization and place names ("Walt Disney Company",
/// "Nelson Mandela Square"): a run that ends in one is not a person.
const ORG_TAILS: &[&str] = &[
    // "Anne Frank Huis", "Beethoven Haus": a house named after someone.
    "huis",
    "haus",
    // "Pampas Agro", "Rift Agri": a farming business.
    "agro",
    "agri",
    // Trades and industries a company's name ends in, in several
    // languages ("Fernhill Dental", "Altamira Seguros", "Nordwind
    // Logistik", "Sakura Denki", "Brightline HR").
    "dental",
    "pharma",
    "travel",
    "travels",
    "shipping",
    "logistics",
    "logistik",
    "logística",
    "logistique",
    "seguros",
    "versicherung",
    "assurances",
    "insurance",
    "energía",
    "energia",
    "energie",
    "energy",
    "denki",
    "kogyo",
    "hr",
    "consulting",
    "software",
    "digital",
    "media",
    "analytics",
    "robotics",
    "networks",
    "telecom",
    "freight",
    "realty",
    "properties",
    "construction",
    "engineering",
    "electronics",
    "automotive",
    "pharmacy",
    "apotheke",
    "farmacia",
    "ventures",
    "finance",
    "financial",
    "healthcare",
    "textiles",
    "bakery",
    "pizzeria",
    "restaurant",
    "company",
    "co",
    "motor",
    "motors",
    "inc",
    "corp",
    "corporation",
    "llc",
    "ltd",
    "plc",
    "gmbh",
    "group",
    "bank",
    "foundation",
    "university",
    "college",
    "institute",
    "hospital",
    "clinic",
    "square",
    "street",
    "st",
    "avenue",
    "ave",
    "road",
    "rd",
    "boulevard",
    "blvd",
    "lane",
    "tech",
    "park",
    "bridge",
    "hall",
    "tower",
    "plaza",
    "station",
    "airport",
    "center",
    "centre",
    "stadium",
    "arena",
    "museum",
    "library",
    "school",
    "academy",
    "hotel",
    "church",
    "cathedral",
    "memorial",
    "trust",
    "fund",
    "capital",
    "partners",
    "associates",
    "holdings",
    "industries",
    "enterprises",
    "labs",
    "studios",
    "records",
    "airlines",
    "airways",
    "building",
    "theatre",
    "theater",
    "prize",
    "award",
    "awards",
    "foods",
    "brothers",
    "bros",
    "sons",
    "effect",
    "island",
    "islands",
    "harbour",
    "harbor",
    "hills",
    "county",
    "valley",
    "river",
    "bay",
    "beach",
    "falls",
    "heights",
    "springs",
    "creek",
    "point",
    "city",
    "town",
    "village",
    "district",
    "province",
    "way",
    "cement",
    "services",
    "enterprise",
    "lp",
    "llp",
    "ag",
    "sa",
    "nv",
    "bv",
    "kg",
    "spa",
    "srl",
    "pty",
    "pvt",
    "limited",
    "bancorp",
    "syndrome",
    "disease",
    // Trades that end company names ("Acme Robotics", "Tyrell Systems").
    "robotics",
    "systems",
    "solutions",
    "technologies",
    "logistics",
    "dynamics",
    "analytics",
    "software",
    "networks",
    "consulting",
    "ventures",
    "pharmaceuticals",
    "electronics",
    "traders",
    "trading",
    "equation",
    "theorem",
    // Clubs, partnerships and shops ("Wrexham AFC", "John Lewis
    // Partnership", "Lumen Óptica Ltda", "Tramontana Vini").
    "fc",
    "afc",
    "cf",
    "partnership",
    "ltda",
    "sarl",
    "sas",
    "óptica",
    "optica",
    "farmacia",
    "farmácia",
    "pharmacy",
    "bakery",
    "boulangerie",
    "ristorante",
    "trattoria",
    "pizzeria",
    "vini",
    "vins",
    "wines",
    "winery",
    "bodegas",
    "brewery",
    "distillery",
    "practice",
    "surgery",
    "house",
    "manor",
    "lodge",
    "castle",
    // Trophies and events named after people ("Davis Cup", "Stanley
    // Cup"), and places: exchanges, markets, squares and quays ("Tun
    // Razak Exchange", "Gandhi Maidan", "Nehru Chowk", "Darling Harbour").
    "cup",
    "trophy",
    "stakes",
    "exchange",
    "maidan",
    "chowk",
    "bazaar",
    "market",
    "mall",
    "dock",
    "docks",
    "pier",
    "wharf",
    "quay",
    "junction",
    "terminal",
    "gardens",
    "palace",
    "temple",
    "mosque",
    "shrine",
    // Administrative areas ("Hamilton Parish", "Darwin CBD").
    "parish",
    "cbd",
    "township",
    "borough",
    "municipality",
    "prefecture",
    "suburb",
    // A transport line ("Elizabeth Line", "Jubilee Line"), and
    // the kind of a place in languages that put it last ("Liszt Ferenc
    // repülőtér", "Boğaziçi Köprüsü", "Goethe Schule").
    "line",
    "repülőtér",
    "pályaudvar",
    "múzeum",
    "egyetem",
    "kórház",
    "platz",
    "straße",
    "strasse",
    "allee",
    "kirche",
    "schule",
    "gymnasium",
    "universität",
    "krankenhaus",
    "klinikum",
    "stadion",
    "flughafen",
    "bahnhof",
    "köprüsü",
    "sarayı",
    "camii",
    "meydanı",
    "caddesi",
    "sokak",
    "sokağı",
    "parkı",
    "havalimanı",
    "üniversitesi",
    "hastanesi",
    "lotnisko",
    "dworzec",
    "letiště",
    "nádraží",
    "náměstí",
];

/// Organizations, brands and products named after people, as folded word
/// sequences ("Morgan Stanley", "Calvin Klein", "Jack Daniel" of "Jack
/// Daniel's"): a run holding one is not a person. Mostly names whose words
/// are also ordinary given names and surnames; single-word brands are
/// mostly blocked words in the lexicon, and the few single words here
/// (`dell`, `philips`, `cargill`) are companies' names far more often
/// than a person's first word (a first word here blocks a run, so
/// `heinz` is not one). Brands that are also the
/// ordinary name of many living people ("Paul Smith", "John Lewis",
/// "Edward Jones") are deliberately absent: missing a person leaks, while
/// tokenizing a brand only costs the model a word.
const EPONYMS: &[&str] = &[
    "morgan stanley",
    "jp morgan",
    "wells fargo",
    "goldman sachs",
    "charles schwab",
    "merrill lynch",
    "lehman brothers",
    "dow jones",
    "ernst young",
    "grant thornton",
    "arthur d little",
    "baker mckenzie",
    "clifford chance",
    "booz allen",
    "booz allen hamilton",
    "kingsford smith",
    "price waterhouse",
    "arthur andersen",
    "booz allen",
    "johnson johnson",
    "procter gamble",
    "marks spencer",
    "ben jerry",
    "abercrombie fitch",
    "harley davidson",
    "rolls royce",
    "mercedes benz",
    "aston martin",
    "walt disney",
    "warner bros",
    "calvin klein",
    "tommy hilfiger",
    "ralph lauren",
    "hugo boss",
    "louis vuitton",
    "christian dior",
    "christian louboutin",
    "yves saint laurent",
    "giorgio armani",
    "gianni versace",
    "alexander mcqueen",
    "stella mccartney",
    "jimmy choo",
    "karl lagerfeld",
    "oscar de la renta",
    "coco chanel",
    "estee lauder",
    "helena rubinstein",
    "john deere",
    "jack daniel",
    "jim beam",
    "johnnie walker",
    "captain morgan",
    "tim hortons",
    "dr pepper",
    "betty crocker",
    "uncle ben",
    "aunt jemima",
    "philip morris",
    "dolce gabbana",
    "marie curie",
    "charles de gaulle",
    "john f kennedy",
    "martin luther king",
    "george washington",
    "abraham lincoln",
    "thomas jefferson",
    "benjamin franklin",
    "nelson mandela",
    "victoria albert",
    "sherlock holmes",
    "harry potter",
    "james bond",
    "bill melinda gates",
    "victoria day",
    "columbus day",
    "earl grey",
    "lady grey",
    // Car makes that are no one's given name (a make first in a run is
    // a car: "Renault Clio", "Chevy Malibu", "Fiat Panda"), and the
    // models of makes that are ("Лада Веста").
    "renault",
    "peugeot",
    "citroen",
    "fiat",
    "chevy",
    "nissan",
    "mazda",
    "subaru",
    "hyundai",
    "volkswagen",
    "audi",
    "bmw",
    "skoda",
    "opel",
    "vauxhall",
    "volvo",
    "saab",
    "jeep",
    "buick",
    "cadillac",
    "chrysler",
    "pontiac",
    "isuzu",
    "daihatsu",
    "lexus",
    "infiniti",
    "acura",
    "dacia",
    "lancia",
    "cupra",
    "polestar",
    "datsun",
    "oldsmobile",
    "alfa romeo",
    "land rover",
    "range rover",
    "lada vesta",
    "lada granta",
    "lada niva",
    "lada kalina",
    "lada priora",
    "lada largus",
    "лада веста",
    "лада гранта",
    "лада нива",
    "лада калина",
    "лада приора",
    "лада ларгус",
    // Hotel chains ("The Marriott Marquis ballroom").
    "marriott",
    "hyatt",
    "sheraton",
    "westin",
    "radisson",
    "wyndham",
    "kempinski",
    // Operating systems and computers ("Intel Mac OS X").
    "mac os",
    "macos",
    "macintosh",
    "ford mustang",
    "ford focus",
    "ford transit",
    "lincoln navigator",
    "chevrolet",
    "johns hopkins",
    "mayo clinic",
    "carnegie mellon",
    "kellogg",
    "barclays",
    "lloyds",
    "morrisons",
    "wendys",
    "sainsbury",
    "hewlett packard",
    "ferrari",
    "porsche",
    "lamborghini",
    "maserati",
    "bugatti",
    "dodge ram",
    "mitsubishi",
    "toyota",
    "yamaha",
    "dell",
    "philips",
    "siemens",
    "bosch",
    "bloomberg",
    "reuters",
    "chanel",
    "gucci",
    "prada",
    "hermes",
    "cartier",
    "heineken",
    "carlsberg",
    "cadbury",
    "nestle",
    "boeing",
    "disney",
    "dr oetker",
    "jack russell",
    "dr martens",
    "dr scholl",
    "carl zeiss",
    "baker mckenzie",
    "carls jr",
    "carl jr",
    "mahindra",
    "dangote",
    "cargill",
    "miele",
    "bacardi",
    "deloitte",
    "pfizer",
    "michelin",
    "daimler",
    "versace",
    "dior",
    // Companies, brands and products named after people.
    "lockheed martin",
    "kraft heinz",
    "hermes birkin",
    "quaker oats",
    "le creuset",
    "dom perignon",
    "little debbie",
    "barbie dreamhouse",
    "mrs meyers",
    "tia maria",
    "don julio",
    "jose cuervo",
    "jack daniels",
    "jameson irish",
    "baileys irish",
    "bombay sapphire",
    "tanqueray",
    "moet chandon",
    "veuve clicquot",
    "taittinger",
    "krug",
    "laurent perrier",
    "orville redenbacher",
    "chef boyardee",
    "famous amos",
    "newman's own",
    "newmans own",
    "ben jerrys",
    "ernest julio gallo",
    "e j gallo",
    "lea perrins",
    "colonel sanders",
    "wendy's",
    "marks and spencer",
    "fortnum mason",
    "harvey nichols",
    "debenhams",
    "selfridges",
    "sears roebuck",
    "dillard's",
    "nordstrom",
    "macys",
    "trader joes",
    "walgreens",
    "boots no7",
    "kiehls",
    "yves rocher",
    "paco rabanne",
    "jean paul gaultier",
    "thierry mugler",
    "vivienne westwood",
    "diane von furstenberg",
    "salvatore ferragamo",
    "ermenegildo zegna",
    "bottega veneta",
    "miu miu",
    "emilio pucci",
    "roberto cavalli",
    "valentino garavani",
    "domenico vacca",
    "christian lacroix",
    "hubert de givenchy",
    "levi strauss",
    "levis",
    "ll bean",
    "l l bean",
    "j crew",
    "tommy bahama",
    "lands end",
    "jack wolfskin",
    "brooks brothers",
    "mont blanc",
    "montblanc",
    "patek philippe",
    "audemars piguet",
    "vacheron constantin",
    "jaeger lecoultre",
    "tag heuer",
    "frederique constant",
    "van cleef arpels",
    "tiffany co",
    "steinway sons",
    "gibson les paul",
    "fender stratocaster",
    "ray ban",
    "oakley",
    "dyson",
    "black decker",
    "smith wesson",
    "smith nephew",
    "sherwin williams",
    "benjamin moore",
    "pratt whitney",
    "northrop grumman",
    "raytheon",
    "bristol myers squibb",
    "eli lilly",
    "johnson controls",
    "emerson electric",
    "thomson reuters",
    "dow chemical",
    "ernst and young",
    "deloitte touche",
    "kpmg",
    "mckinsey",
    "bain company",
    "boston consulting",
    "jones lang lasalle",
    "cushman wakefield",
    "knight frank",
    "savills",
    "coldwell banker",
    "charles river",
    "t rowe price",
    "fidelity",
    "vanguard",
    "lazard",
    "rothschild",
    "nomura",
    "mitsubishi ufj",
    "tata consultancy",
    "tata motors",
    "bajaj auto",
    "adani",
    // Software foundations' projects ("Apache Cassandra").
    "apache",
    "ambani",
    "birla",
    "godrej",
    "wipro",
    "infosys",
    "walt disney world",
    "disneyland",
    "paris saint germain",
    "paris saint-germain",
    "real madrid",
    "atletico madrid",
    "inter milan",
    "ac milan",
    "aston villa",
    "crystal palace",
    "nottingham forest",
    "queens park rangers",
    "houston astros",
    "houston rockets",
    "seattle mariners",
    "st louis cardinals",
    "san diego padres",
    "montreal canadiens",
    "royal albert hall",
    "albert hall",
    "victoria station",
    "victoria falls",
    "lake victoria",
    "fulbright scholarship",
    "rhodes scholarship",
    "nobel prize",
    "pulitzer prize",
    "booker prize",
    "turner prize",
    "chhatrapati shivaji maharaj terminus",
    "chhatrapati shivaji",
    "indira gandhi international",
    "rajiv gandhi international",
    "jomo kenyatta",
    "oliver tambo",
    "ninoy aquino",
    "john wayne airport",
    "ronald reagan washington",
    "george bush intercontinental",
    "charles de gaulle airport",
    "leonardo da vinci",
    "marco polo",
    "simon bolivar",
    "jose marti",
    "benito juarez",
    "eva peron",
    "frida kahlo",
    "ataturk",
    "mustafa kemal",
    "atatürk",
    // Books, plays, operas and films named after their characters.
    "anna karenina",
    "madame bovary",
    "eugene onegin",
    "tom sawyer",
    "huckleberry finn",
    "don quixote",
    "don quijote",
    "david copperfield",
    "oliver twist",
    "nicholas nickleby",
    "martin chuzzlewit",
    "barnaby rudge",
    "jane eyre",
    "tess of the d'urbervilles",
    "tess of the durbervilles",
    "jude the obscure",
    "silas marner",
    "daniel deronda",
    "robinson crusoe",
    "moll flanders",
    "tristram shandy",
    "ivanhoe",
    "rob roy",
    "sister carrie",
    "ethan frome",
    "dorian gray",
    "peter pan",
    "mary poppins",
    "anne of green gables",
    "pippi longstocking",
    "heidi",
    "romeo and juliet",
    "romeo juliet",
    "antony and cleopatra",
    "troilus and cressida",
    "julius caesar",
    "king lear",
    "richard iii",
    "henry v",
    "hamlet",
    "macbeth",
    "othello",
    "coriolanus",
    "titus andronicus",
    "timon of athens",
    "doctor zhivago",
    "dr zhivago",
    "doctor faustus",
    "don giovanni",
    "don juan",
    "don carlos",
    "madama butterfly",
    "boris godunov",
    "forrest gump",
    "indiana jones",
    "willy wonka",
    "winnie the pooh",
    "paddington bear",
    "hercule poirot",
    "miss marple",
    "hardy boys",
    "holden caulfield",
    "atticus finch",
    "jay gatsby",
    "great gatsby",
    "lolita",
    "uncle tom's cabin",
    "uncle toms cabin",
    "gulliver's travels",
    "gullivers travels",
    "mrs dalloway",
    "lady chatterley",
    "lady chatterleys lover",
    "little women",
    "frankenstein",
    "dracula",
    "jekyll and hyde",
    "dr jekyll",
    "citizen kane",
    "jules et jim",
];

/// Places of several words that read as a given name and a surname, or
/// whose words are names elsewhere ("Chiang Mai", "Kuala Lumpur", "Gare du
/// Nord", "Dubai Marina"), as folded word sequences: a run holding one is
/// not a person. Places that start with a place word ("San", "New",
/// "Port") or end with one ("Station", "Square") need no entry.
const PLACE_PHRASES: &[&str] = &[
    "kuala lumpur",
    "kota kinabalu",
    "kota bharu",
    "johor bahru",
    "petaling jaya",
    "shah alam",
    "bukit bintang",
    "chiang mai",
    "chiang rai",
    "hat yai",
    "ho chi minh",
    "phnom penh",
    "siem reap",
    "addis ababa",
    "dar es salaam",
    "buenos aires",
    "rio de janeiro",
    "belo horizonte",
    "porto alegre",
    "tel aviv",
    "abu dhabi",
    "ras al khaimah",
    "hong kong",
    "tsim sha tsui",
    "mong kok",
    "wan chai",
    "sri lanka",
    "costa rica",
    "new delhi",
    "gare du nord",
    "gare de lyon",
    "gare de l'est",
    "gare montparnasse",
    "gare saint-lazare",
    "dubai marina",
    "marina bay",
    "ciudad de méxico",
    "ciudad de mexico",
    "ciudad juárez",
    "ciudad juarez",
    "mexico city",
    "cape town",
    "kuwait city",
    "quezon city",
    "cebu city",
    "makati city",
    "nay pyi taw",
    "bandar seri begawan",
    "la paz",
    "nizhny novgorod",
    "canary wharf",
    "king's cross",
    "zürich hb",
    "zurich hb",
    "table mountain",
    "golden gate",
];

/// Brands named after their founders whose names are also ordinary
/// people's (`Paul Smith`, `Ted Baker`, `Sara Lee`): a brand only before
/// a product (`Paul Smith wallet`, `Sara Lee pound cake`) or after another
/// brand (`Adidas Stan Smith`).
const PERSONLIKE_BRANDS: &[&str] = &[
    "paul smith",
    "ted baker",
    "ben sherman",
    "stan smith",
    "vera wang",
    "michael kors",
    "tom ford",
    "kate spade",
    "marc jacobs",
    "carolina herrera",
    "sara lee",
    "jo malone",
    "bobbi brown",
    "john lewis",
    "laura ashley",
    "karen millen",
    "jack wills",
    "joe browns",
    "steve madden",
    "kenneth cole",
    "anne klein",
    "vera bradley",
    "betsey johnson",
    "tory burch",
    "charlotte tilbury",
    "laura mercier",
    "elizabeth arden",
    "eddie bauer",
    "lee cooper",
    "fred perry",
    "john hardy",
    "david yurman",
    "harry winston",
    "raymond weil",
    "edward jones",
    "ronald mcdonald",
    "raymond james",
    "keller williams",
    "alexander wang",
    "jason wu",
    "phillip lim",
    "max factor",
    "marie callender",
    "duncan hines",
    "mrs fields",
    "paul masson",
    "robert mondavi",
    "charles tyrwhitt",
    "thomas pink",
    "orla kiely",
    "cath kidston",
    "john varvatos",
    "tom jones",
    "adam bede",
    "daisy miller",
    "annie hall",
    "billy elliot",
    "bridget jones",
    "charlie brown",
    "nancy drew",
    "jack reacher",
    "jason bourne",
    "lara croft",
    "erin brockovich",
    "jerry maguire",
    "les paul",
    "georg jensen",
    "ted lapidus",
    "helly hansen",
    "van heusen",
    "nina ricci",
    "pierre cardin",
    "guy laroche",
    "jean patou",
];

/// Nouns of goods that follow a brand (`Ted Baker tote`).
const PRODUCT_NOUNS: &[&str] = &[
    // A business's dealings: "Mrs. Fields webhooks", "the Ted Baker order".
    "webhook",
    "webhooks",
    "integration",
    "account",
    "order",
    "orders",
    "store",
    "stores",
    "shop",
    "outlet",
    "franchise",
    "deal",
    "contract",
    "shipment",
    "catalogue",
    "catalog",
    "promotion",
    "campaign",
    "partnership",
    "agreement",
    "wallet",
    "wallets",
    "parka",
    "tote",
    "bag",
    "bags",
    "handbag",
    "purse",
    "backpack",
    "jacket",
    "coat",
    "blazer",
    "suit",
    "shirt",
    "shirts",
    "polo",
    "tee",
    "t-shirt",
    "jeans",
    "trousers",
    "chinos",
    "dress",
    "dresses",
    "skirt",
    "shoes",
    "sneakers",
    "trainers",
    "boots",
    "loafers",
    "sandals",
    "heels",
    "watch",
    "watches",
    "sunglasses",
    "glasses",
    "perfume",
    "fragrance",
    "cologne",
    "lipstick",
    "mascara",
    "serum",
    "cream",
    "moisturiser",
    "moisturizer",
    "candle",
    "cake",
    "cakes",
    "pie",
    "pies",
    "cookies",
    "pound",
    "cheesecake",
    "croissants",
    "bread",
    "oven",
    "skillet",
    "pan",
    "cookware",
    "kettle",
    "boxer",
    "boxers",
    "briefs",
    "socks",
    "scarf",
    "belt",
    "tie",
    "cufflinks",
    "hoodie",
    "sweater",
    "jumper",
    "cardigan",
    "cap",
    "hat",
    "gloves",
    "guitar",
    "store",
    "stores",
    "boutique",
    "outlet",
    "collection",
    "range",
    "gift",
    "voucher",
    "luggage",
    "suitcase",
    "umbrella",
    "pen",
    "ring",
    "necklace",
    "bracelet",
    "earrings",
    "pendant",
    "novel",
    "paperback",
    "hardcover",
    "edition",
    "film",
    "movie",
    "musical",
    "sneaker",
    "shoe",
    "boot",
    "bottle",
    "jewellery",
    "jewelry",
    "eyewear",
    "frames",
    "cardholder",
];

static PERSONLIKE_BRAND_SET: std::sync::LazyLock<rustc_hash::FxHashSet<&'static str>> =
    std::sync::LazyLock::new(|| PERSONLIKE_BRANDS.iter().copied().collect());

static EPONYM_SET: std::sync::LazyLock<rustc_hash::FxHashSet<&'static str>> =
    std::sync::LazyLock::new(|| {
        EPONYMS
            .iter()
            .chain(PLACE_PHRASES)
            .copied()
            .chain(super::lexicon::places().filter(|p| p.contains(' ')))
            .collect()
    });

/// Appends a folded word as the eponym list writes it: plain letters
/// (`estée` as `estee`), no apostrophe (`wendy's` as `wendys`).
pub(crate) fn push_eponym_word(key: &mut String, folded: &str) {
    let w = folded;
    let plain;
    let w = match super::translit::latin_plain(w) {
        Some(p) => {
            plain = p;
            plain.as_str()
        }
        None => w,
    };
    key.extend(w.chars().filter(|&c| c != '\'' && c != '’'));
}

/// A brand, company or place named after people, in its folded, spaced
/// form (`harley davidson`, `table mountain`).
pub(crate) fn eponym_phrase(spaced: &str) -> bool {
    EPONYM_SET.contains(spaced) || (spaced.contains(' ') && BRAND_SET.contains(spaced))
}

/// Whether a whole cell or value is a brand, company or place named
/// after people ([`EPONYMS`], [`PERSONLIKE_BRANDS`]): `Tommy Hilfiger`,
/// `Mrs. Fields`, `Ben & Jerry's`. A column of them is a company column.
pub(crate) fn brand_cell(cell: &str) -> bool {
    let t = cell.trim();
    let Some(key) = brand_key(t) else {
        return false;
    };
    // The eponym lists write no apostrophe (`wendys`); `Ben & Jerry's`,
    // `Wendy's`: the possessive is not in them.
    let plain = key.replace('\'', "");
    let owner = plain
        .strip_suffix('s')
        .filter(|_| t.ends_with("'s") || t.ends_with("’s"))
        .unwrap_or(&plain);
    EPONYM_SET.contains(owner)
        || EPONYM_SET.contains(plain.as_str())
        || PERSONLIKE_BRAND_SET.contains(owner)
        || BRAND_SET.contains(key.as_str())
}

/// Whether a whole value is a company or brand of `brands.txt`
/// ([`BRAND_SET`]), unless it is a frequent given name and a common
/// surname, as people are called (`Thomas Cook`).
fn listed_brand(t: &str) -> bool {
    // Most values start with no brand's first word: one lookup, no split.
    let Some(first) = WordIter::new(t).next() else {
        return false;
    };
    let mut head = String::new();
    with_fold(text_of(t, &first), |f| push_eponym_word(&mut head, f));
    if !BRAND_FIRST_WORDS.contains(head.as_str()) {
        return false;
    }
    let ws = words(t);
    if ws.len() >= 2 && as_people_are_called(info(t, &ws[0]), info(t, &ws[ws.len() - 1])) {
        return false;
    }
    brand_key(t).is_some_and(|k| BRAND_SET.contains(&k))
}

/// A frequent given name before a common surname (rank 2,000 or better):
/// how people are called (`Thomas Cook`, `Mary Kay`), whatever firm bears
/// the name too.
fn as_people_are_called(first: WordInfo, last: WordInfo) -> bool {
    first.strong_given() && (1..=2_000).contains(&last.surname_rank)
}

/// A cell's words as the brand lists write them (see [`push_eponym_word`]),
/// spaced; none for more than five words or words joined by anything but
/// `&`, `.` or `-`.
fn brand_key(t: &str) -> Option<String> {
    let ws = words(t);
    if ws.is_empty() || ws.len() > 5 {
        return None;
    }
    let mut key = String::new();
    for (n, w) in ws.iter().enumerate() {
        if n > 0 {
            let gap = t[ws[n - 1].end..w.start].trim();
            // A possessive's `s` is a word of its own: `hershey's`, kept
            // apart from a surname in `s` (`Levis`, `Lowes`).
            if matches!(gap, "'" | "’") && ws[n - 1].end + gap.len() == w.start {
                key.push('\'');
                with_fold(text_of(t, w), |f| push_eponym_word(&mut key, f));
                continue;
            }
            if !matches!(gap, "" | "&" | "." | "-" | "+") {
                return None;
            }
            key.push(' ');
        }
        with_fold(text_of(t, w), |f| push_eponym_word(&mut key, f));
    }
    Some(key)
}

/// The first words of [`BRAND_SET`]'s keys, as [`push_eponym_word`]
/// writes a word (`hershey` of `hershey's`).
static BRAND_FIRST_WORDS: std::sync::LazyLock<rustc_hash::FxHashSet<&'static str>> =
    std::sync::LazyLock::new(|| {
        BRAND_SET
            .iter()
            .filter_map(|k| k.split([' ', '\'']).next())
            .collect()
    });

/// The companies and brands of `data/lexicon/brands.txt` as [`brand_key`]
/// writes them: every phrase and possessive (`wizz air`, `hersheys`), and
/// the single words no one bears as a name
/// ([`super::lexicon::is_brand_word`]).
static BRAND_SET: std::sync::LazyLock<rustc_hash::FxHashSet<String>> =
    std::sync::LazyLock::new(|| {
        super::lexicon::brands()
            .filter(|b| b.contains([' ', '\'']) || super::lexicon::is_brand_word(b))
            .filter_map(brand_key)
            .collect()
    });

/// Context words by folded form, with what they signal.
static CONTEXT: std::sync::LazyLock<rustc_hash::FxHashMap<&'static str, u8>> =
    std::sync::LazyLock::new(|| {
        let mut m = rustc_hash::FxHashMap::default();
        for (list, flag) in [
            (PLACE_PREFIXES, PLACE),
            (SHIP_PREFIXES, PLACE),
            (GREETINGS, GREETING),
            (TITLES, TITLE),
            (LEADS, LEAD),
            (PARTICLES, PARTICLE),
            (ORG_TAILS, ORG_TAIL),
            (FAMILY, FAMILY_WORD),
            (RELATIONS, RELATION),
        ] {
            for w in list {
                *m.entry(*w).or_insert(0) |= flag;
            }
        }
        m
    });

/// What a word signals as context (greeting, title, lead verb); 0 if nothing.
/// Vietnamese `anh`, `chị` are titles in lower case only: "Chào anh
/// Primož", but "Anh Trịnh" is a name.
fn capitalized_lower_case_title(t: &str) -> bool {
    matches!(t, "Anh" | "ANH" | "Chị" | "CHỊ")
}

fn context_of(text: &str, w: &Word) -> u8 {
    let t = text_of(text, w);
    if t.len() > 24 {
        return 0;
    }
    if capitalized_lower_case_title(t) {
        return 0;
    }
    if t.is_ascii() {
        let mut buf = [0u8; 24];
        for (d, b) in buf.iter_mut().zip(t.bytes()) {
            *d = b.to_ascii_lowercase();
        }
        let lower = std::str::from_utf8(&buf[..t.len()]).unwrap_or("");
        return CONTEXT.get(lower).copied().unwrap_or(0);
    }
    CONTEXT.get(fold(t).as_str()).copied().unwrap_or(0)
}

fn is_in(text: &str, w: &Word, flag: u8) -> bool {
    context_of(text, w) & flag != 0
}

/// Only spaces (at most two, no line break) between two byte offsets.
/// One space (or a no-break space) between two words of a name: two part
/// the columns of a fixed-width line (`23.55 Uhr  Grace Period`).
fn spaced(text: &str, a: usize, b: usize) -> bool {
    let gap = &text[a..b];
    gap == " " || gap == "\u{a0}"
}

/// "Y. Benali": an initial, its dot and one space.
fn initial_then(text: &str, a: &Word, b: &Word) -> bool {
    let gap = &text[a.end..b.start];
    (gap == ". " || gap == ".")
        && text[a.start..a.end].chars().count() == 1
        && a.case == Case::Title
}

/// A word glued to digits by `-`, `_` or `/`, or to anything by `_`, is
/// part of an identifier (`ORD-2025-422311`, `SKU_12`, `AB/123`,
/// `MAX_RETRY_COUNT`), not a name.
fn glued_to_id(text: &str, w: &Word) -> bool {
    let after = &text[w.end..];
    let mut a = after.chars();
    match (a.next(), a.next()) {
        (Some('-' | '_' | '/'), Some(c)) if c.is_ascii_digit() => return true,
        // `MAX_RETRY_COUNT`, `Jane_Doe_2`: no name has an underscore.
        (Some('_'), Some(c)) if c.is_alphanumeric() => return true,
        _ => {}
    }
    let mut b = text[..w.start].chars().rev();
    matches!(b.next(), Some('-' | '_' | '/')) && b.next().is_some_and(|c| c.is_ascii_alphanumeric())
}

/// Does a label or key (`Owner`, `Bill to`, `Кому`) say that its value is
/// a person, or may be one?
fn person_label(label: &str) -> bool {
    matches!(
        super::keys::kind_of(label),
        super::keys::KeyKind::Person | super::keys::KeyKind::MaybePerson
    )
}

/// Does `prefix` (the line before a name) end with a person label of one
/// to three words in capitals and one or two spaces (`ACCOUNT HOLDER `,
/// `PASSENGER `)?
fn caps_label_before(prefix: &str) -> bool {
    let t = prefix.trim_end_matches(' ');
    if t.len() == prefix.len() || prefix.len() - t.len() > 2 {
        return false;
    }
    let words: Vec<&str> = t.rsplit(' ').take(3).collect();
    (1..=words.len()).any(|n| {
        let label = &words[..n];
        label
            .iter()
            .all(|w| w.len() >= 2 && w.chars().all(|c| c.is_uppercase()))
            && {
                let joined: String = label.iter().rev().copied().collect::<Vec<_>>().join(" ");
                joined.len() <= 24 && person_label(&joined)
            }
    })
}

/// A title in capitals written after a passenger's name ("PRIIT TAMM MR").
fn passenger_title(t: &str) -> bool {
    matches!(t, "MR" | "MRS" | "MS" | "MSTR" | "MISS")
}

/// Is `text[ls..at]` only a line prefix: whitespace, a timestamp in
/// brackets, a bullet, a quote marker?
fn only_line_prefix(s: &str) -> bool {
    // Timestamps and bullets are short; a long prefix is prose.
    if s.len() > 48 {
        return false;
    }
    let s = s.trim();
    if s.is_empty() {
        return true;
    }
    let inner = s.trim_start_matches(['-', '*', '>', '•', ' ']).trim();
    if inner.is_empty() {
        return true;
    }
    // [00:01:55], (10:22), 10:22 -
    let stripped = inner.trim_matches(|c: char| matches!(c, '[' | ']' | '(' | ')' | '-' | ' '));
    !stripped.is_empty()
        && stripped.chars().all(|c| {
            c.is_ascii_digit() || matches!(c, ':' | '.' | ' ' | 'T' | 'Z' | '-' | '/' | ',')
        })
        && stripped.chars().any(|c| c.is_ascii_digit())
}

/// The words of a text, with the folded form and dictionary entry of every
/// capitalized (or uncased-script) word computed once, and the free-text
/// scanner's per-word caches. One value can be refilled for text after text
/// ([`TextWords::fill`]), so a thread's scans reuse its buffers.
#[derive(Default)]
pub struct TextWords {
    pub ws: Vec<Word>,
    /// Byte offsets of the line breaks, for O(log n) line starts.
    newlines: Vec<usize>,
    /// Folded forms of the cased words, one after another (one allocation).
    folded: String,
    /// Per word: its range in `folded` and its dictionary entry (cased words only).
    meta: Vec<Option<(std::ops::Range<usize>, WordInfo)>>,
    /// Per word: its context flags ([`context_of`]), computed on first use.
    /// They depend on the text alone.
    ctx: Vec<std::cell::Cell<u8>>,
    /// Per word: whether it is known (0 no, 1 yes), computed on first use;
    /// reset by every [`FreeText::new`], since what is known can change
    /// between two scanners of the same text.
    known: Vec<std::cell::Cell<u8>>,
}

impl TextWords {
    pub fn new(text: &str) -> Self {
        let mut w = TextWords::default();
        w.fill(text);
        w
    }

    /// Makes this the words of `text`, keeping the buffers' capacity.
    /// Nothing of the text it held before survives: every buffer is cleared
    /// and rebuilt.
    pub fn fill(&mut self, text: &str) {
        self.ws.clear();
        self.ws.extend(WordIter::new(text));
        self.folded.clear();
        self.meta.clear();
        for w in &self.ws {
            self.meta.push(match w.case {
                Case::Title | Case::Upper | Case::Uncased => {
                    let start = self.folded.len();
                    fold_into(text_of(text, w), &mut self.folded);
                    let i = word_info(&self.folded[start..]);
                    Some((start..self.folded.len(), i))
                }
                _ => None,
            });
        }
        self.newlines.clear();
        self.newlines
            .extend(memchr::memchr_iter(b'\n', text.as_bytes()));
        let n = self.ws.len();
        self.ctx.clear();
        self.ctx.resize(n, std::cell::Cell::new(UNSET));
        self.known.clear();
        self.known.resize(n, std::cell::Cell::new(UNSET));
    }

    /// Bytes held by the buffers (to drop a scratch grown by a huge text).
    pub fn capacity(&self) -> usize {
        self.ws.capacity() * std::mem::size_of::<Word>()
            + self.newlines.capacity() * std::mem::size_of::<usize>()
            + self.folded.capacity()
            + self.meta.capacity()
                * std::mem::size_of::<Option<(std::ops::Range<usize>, WordInfo)>>()
            + self.ctx.capacity()
            + self.known.capacity()
    }
}

/// The free-text name scanner.
pub struct FreeText<'a, M: NameMemory + ?Sized> {
    pub text: &'a str,
    pub words: &'a TextWords,
    pub memory: &'a M,
    /// Words learned earlier in this same text (folded), on top of the session.
    pub local: &'a rustc_hash::FxHashSet<String>,
}

impl<'a, M: NameMemory + ?Sized> FreeText<'a, M> {
    /// A scanner of `text`, whose words are `words` (filled from `text`).
    pub fn new(
        text: &'a str,
        words: &'a TextWords,
        memory: &'a M,
        local: &'a rustc_hash::FxHashSet<String>,
    ) -> Self {
        // `local` and `memory` do not change during one scanner's life, but
        // may between two scanners of the same text.
        for k in &words.known {
            k.set(UNSET);
        }
        FreeText {
            text,
            words,
            memory,
            local,
        }
    }

    /// What word `w` signals as context (cached [`context_of`]).
    fn context(&self, w: &Word) -> u8 {
        match self.index(w) {
            Some(k) => {
                let c = self.words.ctx[k].get();
                if c != UNSET {
                    return c;
                }
                let c = context_of(self.text, w);
                self.words.ctx[k].set(c);
                c
            }
            None => context_of(self.text, w),
        }
    }

    fn is(&self, w: &Word, flag: u8) -> bool {
        self.context(w) & flag != 0
    }

    fn particle(&self, w: &Word) -> bool {
        w.case == Case::Lower && w.end - w.start <= 5 && self.is(w, PARTICLE)
    }

    /// The index of the particle after `ws[first..q]`, one or two words
    /// that no list or session holds as a name, when a frequent given
    /// name follows it ([`Self::given_after_particles`]).
    fn no_name_before_particle(&self, ws: &[Word], first: usize, j: usize) -> Option<usize> {
        let no_name = |w: &Word| {
            let i = self.info(w);
            i.given == 0 && !i.surname_like() && !self.known(w)
        };
        (first + 1..j.min(first + 3))
            .find(|&q| self.particle(&ws[q]))
            .filter(|&q| ws[first..q].iter().all(no_name) && self.given_after_particles(ws, q, j))
    }

    /// Whether the particles from `ws[k]` on are followed by a frequent
    /// given name that is not the run's last word (`von Lena Becker`).
    fn given_after_particles(&self, ws: &[Word], k: usize, j: usize) -> bool {
        let mut m = k;
        while m < j && self.particle(&ws[m]) {
            m += 1;
        }
        m > k && m < j && ws[m].case == Case::Title && self.info(&ws[m]).strong_given()
    }

    fn folded(&self, w: &Word) -> std::borrow::Cow<'_, str> {
        match self.index(w).and_then(|k| self.words.meta[k].as_ref()) {
            Some((r, _)) => std::borrow::Cow::Borrowed(&self.words.folded[r.clone()]),
            None => std::borrow::Cow::Owned(fold(text_of(self.text, w))),
        }
    }

    fn index(&self, w: &Word) -> Option<usize> {
        let ws = &self.words.ws;
        // Most callers pass a reference into `ws`: its offset is its index
        // (checked by its start, which no other word shares).
        let off = (w as *const Word as usize).wrapping_sub(ws.as_ptr() as usize)
            / std::mem::size_of::<Word>();
        if ws.get(off).is_some_and(|x| x.start == w.start) {
            return Some(off);
        }
        ws.binary_search_by_key(&w.start, |x| x.start).ok()
    }

    fn info(&self, w: &Word) -> WordInfo {
        match self.index(w).and_then(|k| self.words.meta[k].as_ref()) {
            Some((_, i)) => *i,
            None => info(self.text, w),
        }
    }

    /// The line before byte `at`, without the spaces, quotes and
    /// emphasis right before it.
    fn opening(&self, at: usize) -> &str {
        self.text[self.line_start(at)..at].trim_end_matches([' ', '"', '\'', '*'])
    }

    fn line_start(&self, at: usize) -> usize {
        let nl = &self.words.newlines;
        match nl.partition_point(|&p| p < at) {
            0 => 0,
            k => nl[k - 1] + 1,
        }
    }

    fn known(&self, w: &Word) -> bool {
        let k = self.index(w);
        if let Some(k) = k {
            match self.words.known[k].get() {
                0 => return false,
                1 => return true,
                _ => {}
            }
        }
        let f = self.folded(w);
        let yes = self.local.contains(&*f) || self.memory.knows_name_word(&f);
        if let Some(k) = k {
            self.words.known[k].set(u8::from(yes));
        }
        yes
    }

    /// Finds names in free text and appends them to `out`. With `only`,
    /// judges just those runs again (after the text taught new names);
    /// runs judged and rejected are added to `rejected`.
    pub fn scan(
        &self,
        only: Option<&[(usize, usize)]>,
        out: &mut Vec<Finding>,
        rejected: &mut Vec<(usize, usize)>,
    ) {
        let text = self.text;
        let ws = &self.words.ws;
        if let Some(runs) = only {
            for &(i, j) in runs {
                if !self.judge_run(ws, i, j, out) {
                    rejected.push((i, j));
                }
            }
            return;
        }
        let mut i = 0;
        while i < ws.len() {
            let w = ws[i];
            // "KULKARNI/GAURI", "Fjeldstad/Synnove Mrs": a passenger's
            // name as airlines and card schemes write it, the surname, a
            // slash and the given names, when a dictionary backs one side.
            if let Some(end) = self.slashed_name(ws, i) {
                let a = text_of(text, &w);
                let b = &text[w.end + 1..ws[end].end];
                out.push(Finding {
                    class: Class::Name,
                    start: w.start,
                    end: ws[end].end,
                    detector: Detector::NameDictionary,
                    confidence: 0.8,
                    normalized: normalize(&format!("{a}, {b}")),
                });
                i = end + 1;
                continue;
            }
            // "Sughra M.", "Themba M.": a given name and the initial of the
            // surname, as reviews, bookings and forums show people; "M.
            // Kamakau", "A. Toktogulova": an initial and a surname.
            // "Hansen, Freja", "Etsitty, Delbert; Tóthová, Michaela": a
            // surname, a comma and a given name, as registers and
            // invitations list people.
            if let Some(end) = self
                .given_initial(ws, i)
                .or_else(|| self.initial_surname(ws, i))
                .or_else(|| self.surname_comma_given(ws, i))
            {
                out.push(Finding {
                    class: Class::Name,
                    start: w.start,
                    end: ws[end].end,
                    detector: Detector::NameContext,
                    confidence: 0.75,
                    normalized: normalize(&text[w.start..ws[end].end]),
                });
                i = end + 1;
                continue;
            }
            // "PILLAI/SREEJITH": a known name word after a surname and a
            // slash (a passenger list's form) stands alone.
            if matches!(w.case, Case::Title | Case::Upper)
                && i > 0
                && text[..w.start].ends_with('/')
                && ws[i - 1].end + 1 == w.start
                && text_of(text, &ws[i - 1]).chars().all(char::is_alphabetic)
                && self.known(&ws[i - 1])
                && self.known(&w)
            {
                out.push(Finding {
                    class: Class::Name,
                    start: w.start,
                    end: w.end,
                    detector: Detector::NameRecall,
                    confidence: 0.85,
                    normalized: normalize(text_of(text, &w)),
                });
                i += 1;
                continue;
            }
            // Asked once: it decides both the start and the run's end.
            let foreign = if w.case == Case::Uncased {
                self.cued_foreign_words(ws, i)
            } else {
                None
            };
            let startable = match w.case {
                Case::Title | Case::Upper => !glued_to_id(text, &w),
                Case::Uncased => {
                    self.known(&w)
                        || surname_first_shape(text_of(text, &w))
                        || self.titled_uncased(ws, i)
                        || (uncased_name_shape(text_of(text, &w))
                            && self.after(ws, i, i) == Support::Strong)
                        || self.cued_uncased_pair(ws, i)
                        || foreign.is_some()
                }
                _ => false,
            };
            if !startable {
                // Words of another alphabet are judged again once this text
                // has taught its names ("[11:55] علی محمدی: …" before "[..]
                // علی محمدی: …").
                // A run with a word the session knows is left to the words
                // one by one ("ܫܠܡܐ ܣܪܓܝܣ": a greeting, then a known name).
                if w.case == Case::Uncased
                    && let Some(end) = foreign_run(text, ws, i, 1)
                    && !ws[i + 1..=end].iter().any(|x| self.known(x))
                {
                    rejected.push((i, end));
                    i = end + 1;
                    continue;
                }
                if w.case == Case::Lower && lower_recall(text, &w, self.local, self.memory) {
                    out.push(Finding {
                        class: Class::Name,
                        start: w.start,
                        end: w.end,
                        detector: Detector::NameRecall,
                        confidence: 0.7,
                        normalized: normalize(text_of(text, &w)),
                    });
                }
                i += 1;
                continue;
            }
            // Grow a run of capitalized words joined by single spaces (and particles).
            let mut j = i;
            while j + 1 < ws.len() && j - i < 6 {
                let n = ws[j + 1];
                let pair = j == i && self.cued_uncased_pair(ws, i);
                if pair {
                    j += 1;
                    break;
                }
                if j == i
                    && let Some(end) = foreign
                {
                    j = end;
                    break;
                }
                if !(spaced(text, ws[j].end, n.start) || initial_then(text, &ws[j], &n))
                    || glued_to_id(text, &n)
                    // "Pavel Růžička DOB 27/05/2006": the label ends the name.
                    || text_of(text, &n) == "DOB"
                    // "Afonso Sousa Sep 28, 2022": so does a date.
                    || starts_date(text, &n)
                    // "Priit Tamm MR": so does a passenger list's title.
                    || (w.case == Case::Title && passenger_title(text_of(text, &n)))
                {
                    break;
                }
                let cased = (matches!(n.case, Case::Title | Case::Upper)
                    && (n.case == w.case || w.case == Case::Title))
                    || self.caps_surname_then_given(ws, i, j);
                if cased
                    || (n.case == Case::Uncased && self.known(&n))
                    || self.titled_uncased(ws, j + 1)
                {
                    j += 1;
                } else if self.particle(&n) {
                    // "da Cruz", "van de Biesenbos", "van der Noot"
                    let mut k = j + 1;
                    while k + 1 < ws.len()
                        && self.particle(&ws[k + 1])
                        && spaced(text, ws[k].end, ws[k + 1].start)
                        && k - j < 2
                    {
                        k += 1;
                    }
                    if k + 1 < ws.len()
                        && ws[k + 1].case == Case::Title
                        && spaced(text, ws[k].end, ws[k + 1].start)
                    {
                        j = k + 1;
                    } else {
                        break;
                    }
                } else {
                    break;
                }
            }
            // "AirPods Max", "MacBook Pro": a run with a camel-case word is a product.
            if !ws[i..=j].iter().any(|w| is_camel(text_of(text, w)))
                && !self.judge_run(ws, i, j, out)
            {
                rejected.push((i, j));
            }
            i = j + 1;
        }
    }

    /// A given name and a surname's initial at `ws[i]` ("Sughra M.",
    /// "Guðrún J.", "Thanaphon S."): a capitalized word that no list
    /// calls an ordinary word (of English or, unless a given name, of
    /// another language), not a place's or a company's word, then one
    /// capital and its dot, and nothing capitalized right after ("Sughra
    /// M. Baloch" is another shape). Not inside a run of capitalized
    /// words ("Section B.", "Plan C." are ordinary words anyway). Returns
    /// the index of the initial.
    fn given_initial(&self, ws: &[Word], i: usize) -> Option<usize> {
        let text = self.text;
        let (w, n) = (ws[i], *ws.get(i + 1)?);
        if w.case != Case::Title
            || n.case != Case::Title
            || text[w.end..n.start] != *" "
            || n.end - n.start != 1
            || !text[n.end..].starts_with('.')
        {
            return None;
        }
        let after = &text[n.end + 1..];
        let ends = after.chars().next().is_none_or(|c| {
            matches!(
                c,
                ',' | ';' | ')' | '|' | '<' | '"' | ':' | '\n' | '\r' | '\t'
            ) || (c == ' ' && !after[1..].starts_with(|c: char| c.is_uppercase()))
        });
        if !ends {
            return None;
        }
        // Set apart: first in its line or field, or after a cue ("Hi",
        // "by"), not inside prose ("targets Gen Z.", "siehe Anlage B.").
        if !self.set_apart(ws, i, false) {
            return None;
        }
        self.name_word_shaped(&w, |f| f.given > 0).then_some(i + 1)
    }

    /// A surname, a comma and a given name at `ws[i]` ("Hansen, Freja
    /// (+45…)", "Required: Etsitty, Delbert; …"): the given name listed,
    /// the surname listed or unknown to every list (and no frequent given
    /// name: "Charlotte, Virginia" is a place), both shaped as name words
    /// ([`Self::name_word_shaped`]), set apart before (after punctuation
    /// or at the text's start, or after a cue) unless the session knows
    /// the surname, and nothing capitalized after. Returns the given
    /// name's index.
    fn surname_comma_given(&self, ws: &[Word], i: usize) -> Option<usize> {
        let text = self.text;
        let (w, n) = (ws[i], *ws.get(i + 1)?);
        if text[w.end..n.start] != *", " || n.case != Case::Title {
            return None;
        }
        let after = &text[n.end..];
        let ends = after.chars().next().is_none_or(|c| {
            matches!(
                c,
                ',' | ';'
                    | ')'
                    | '('
                    | '|'
                    | '<'
                    | '"'
                    | ':'
                    | '.'
                    | '!'
                    | '?'
                    | '\n'
                    | '\r'
                    | '\t'
            ) || (c == ' ' && !after[1..].starts_with(|c: char| c.is_uppercase()))
        });
        if !ends {
            return None;
        }
        let known = self.known(&w) && !self.is(&w, PLACE | ORG_TAIL);
        if !known && !self.set_apart(ws, i, true) {
            return None;
        }
        let (fw, fn_) = (self.info(&w), self.info(&n));
        // A frequent given name first is a place or a list of given
        // names ("Sydney, Adelaide"), unless a frequent surname too.
        let surname = (known || self.surname_shaped(&w))
            && (fw.given < 5_000 || (1..=2_000).contains(&fw.surname_rank));
        let given = fn_.given >= 300 && self.name_word_shaped(&n, |f| f.given > 0);
        // "Hamilton, Ontario", "Paris, Texas": a place and its region.
        let region = with_fold(text_of(text, &n), super::lexicon::is_place) && fn_.given < 2_000;
        (surname && given && !region).then_some(i + 1)
    }

    /// Is `ws[i]` set apart from prose before it: first in the text, after
    /// punctuation (a line's or a field's start; after a sentence's dot
    /// only if `after_dot`), or after a greeting, a title or a lead?
    fn set_apart(&self, ws: &[Word], i: usize, after_dot: bool) -> bool {
        if i == 0 {
            return true;
        }
        let prev = self.text[..ws[i].start].trim_end_matches([' ', '*', '_']);
        prev.is_empty()
            || prev.ends_with(|c: char| !(c.is_alphanumeric() || (c == '.' && !after_dot)))
            || self.is(&ws[i - 1], GREETING | TITLE | LEAD)
    }

    /// Is `w` a word a surname may be, by the lists: capitalized, three
    /// letters or more, no ordinary word (of English or, unless a listed
    /// surname, of another language), not a place's, a company's or a
    /// cue's word?
    fn surname_shaped(&self, w: &Word) -> bool {
        self.name_word_shaped(w, |f| f.surname_rank > 0)
    }

    /// The check behind [`Self::surname_shaped`] and [`Self::given_initial`]:
    /// a capitalized word of three letters or more, no trade's, place's,
    /// company's or cue's word, no ordinary English word, and no ordinary
    /// word of another language unless `listed` (the lists hold it as a
    /// given name or a surname).
    fn name_word_shaped(&self, w: &Word, listed: impl Fn(&WordInfo) -> bool) -> bool {
        let word = text_of(self.text, w);
        if w.case != Case::Title
            || word.chars().count() < 3
            || !word
                .chars()
                .all(|c| c.is_alphabetic() || is_mark(c) || c == '-')
            || trade_word(word)
            || self.is(w, ORG_TAIL | PLACE | GREETING | TITLE | LEAD)
        {
            return false;
        }
        let f = self.info(w);
        !f.common && !f.blocked && (listed(&f) || !f.foreign)
    }

    /// Is the one-letter word `a` an outline's or a quiz's letter, the
    /// letter before or after it heading another line ("A. Einleitung"
    /// with "B. Methoden")?
    fn lettered_line(&self, a: &Word) -> bool {
        let bytes = self.text.as_bytes();
        let letter = bytes[a.start];
        let lettered = |l: u8| {
            l.is_ascii_uppercase() && {
                let pat = [b'\n', l, b'.', b' '];
                bytes.windows(4).any(|w| w == pat) || bytes.starts_with(&pat[1..])
            }
        };
        lettered(letter.wrapping_add(1)) || lettered(letter.wrapping_sub(1))
    }

    /// An initial and one or two surnames at `ws[i]` ("M. Kamakau", "X.
    /// Karagianni", "L. Vasconcelos Albuquerque"): one capital and its
    /// dot standing apart (no letter, digit or dot before it, no
    /// capitalized word right before), then words [`surname_shaped`]
    /// ending the run. Returns the index of the last surname.
    fn initial_surname(&self, ws: &[Word], i: usize) -> Option<usize> {
        let text = self.text;
        let (a, b) = (ws[i], *ws.get(i + 1)?);
        if a.case != Case::Title || a.end - a.start != 1 || text[a.end..b.start] != *". " {
            return None;
        }
        if text[..a.start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '.')
        {
            return None;
        }
        if i > 0 {
            let p = ws[i - 1];
            if matches!(p.case, Case::Title | Case::Upper)
                && spaced(text, p.end, a.start)
                && !self.is(&p, GREETING | TITLE | LEAD)
            {
                return None;
            }
        }
        if self.lettered_line(&a) || !self.surname_shaped(&b) {
            return None;
        }
        let mut end = i + 1;
        if let Some(c) = ws.get(i + 2)
            && spaced(text, b.end, c.start)
            && self.surname_shaped(c)
        {
            end = i + 2;
        }
        // The run ends there: no capitalized word follows on.
        if let Some(d) = ws.get(end + 1)
            && spaced(text, ws[end].end, d.start)
            && matches!(d.case, Case::Title | Case::Upper)
        {
            return None;
        }
        Some(end)
    }

    /// `SURNAME/GIVEN` at `ws[i]`, a passenger's or a card holder's name
    /// (`KULKARNI/GAURI`, `VILLALOBOSARROYO/ALMUDENA MS`): two words of one
    /// case glued by a slash, standing apart (a space, a quote, `=` or `:`
    /// before; a space, a quote or punctuation after, not another slash),
    /// neither an ordinary word, the given name in the lists or the
    /// surname a listed one. Returns the index of the given name's word.
    fn slashed_name(&self, ws: &[Word], i: usize) -> Option<usize> {
        let text = self.text;
        let (a, b) = (ws[i], *ws.get(i + 1)?);
        if b.start != a.end + 1
            || text.as_bytes()[a.end] != b'/'
            || !matches!(a.case, Case::Title | Case::Upper)
            || b.case != a.case
        {
            return None;
        }
        let apart_before = text[..a.start].chars().next_back().is_none_or(|c| {
            c.is_whitespace() || matches!(c, '"' | '\'' | '=' | ':' | '(' | '>' | ',')
        });
        let apart_after = text[b.end..].chars().next().is_none_or(|c| {
            c.is_whitespace() || matches!(c, '"' | '\'' | ')' | '<' | ',' | ';' | '|')
        });
        if !apart_before || !apart_after {
            return None;
        }
        let letters = |w: &Word| text_of(text, w).chars().all(char::is_alphabetic);
        let (sa, sb) = (text_of(text, &a), text_of(text, &b));
        if !letters(&a) || !letters(&b) || sa.len() < 2 || sb.len() < 2 || sa.len() + sb.len() < 7 {
            return None;
        }
        let (ia, ib) = (self.info(&a), self.info(&b));
        if ia.common_only()
            || ib.common_only()
            || ia.common
            || ib.common
            || self.is(&a, PLACE)
            || self.is(&b, PLACE)
            || with_fold(sa, |f| PLACE_NAME_SET.contains(f))
            || with_fold(sb, |f| PLACE_NAME_SET.contains(f))
        {
            return None;
        }
        let backed = ib.given > 0 || ia.surname_rank > 0 || (self.known(&a) && self.known(&b));
        backed.then_some(i + 1)
    }

    /// A sign-off or greeting of two or three words that opens the run
    /// `ws[first..=j]` at the start of a line or a sentence, with a word
    /// left after it: the index of its last word.
    fn leading_phrase(&self, ws: &[Word], first: usize, j: usize) -> Option<usize> {
        let text = self.text;
        let before = text[self.line_start(ws[first].start)..ws[first].start]
            .trim_end_matches([' ', '\t', '>', '*', '-']);
        if !(before.is_empty() || before.ends_with(['.', '!', '?', ':'])) {
            return None;
        }
        (first + 1..j.min(first + 3)).rev().find(|&k| {
            let span = &text[ws[first].start..ws[k].end];
            span.len() <= 40
                && !span.contains("  ")
                && !span.contains(['\n', ',', '.'])
                && with_fold(span, |f| SIGN_OFF_SET.contains(f))
        })
    }

    /// Decides which part of the run `ws[i..=j]` is a name, if any.
    fn judge_run(&self, ws: &[Word], i: usize, j: usize, out: &mut Vec<Finding>) -> bool {
        let text = self.text;
        // Fast path: a lone ordinary word ("The", "Please") that the session
        // does not know can never be a name, whatever its context.
        if i == j
            && self.info(&ws[i]).common_only()
            && !self.known(&ws[i])
            && self.context(&ws[i]) == 0
        {
            return false;
        }
        // "San José", "St. Louis", "Walt Disney Company", "Nelson Mandela
        // Square": places and organizations named after people.
        if self.place_or_org(ws, i, j) {
            return true;
        }
        let mut first = i;
        let outside = self.before(ws, i);
        let mut support = outside;
        // A label in capitals that leads the run: "ACCOUNT HOLDER ТКАЧУК
        // Тарас".
        if let Some(m) = (i..j.min(i + 3)).find(|&m| self.caps_label(ws, i, m)) {
            support = Support::Strong;
            first = m + 1;
        }
        // A greeting that is also a name the session knows ("Ola", "Hey")
        // greets only where greetings stand, first in a line or a
        // sentence, and not before a whole known name ("Ola Solberg will…").
        let greets = |k: usize| {
            let w = &ws[k];
            self.is(w, GREETING)
                && (!self.known(w) || {
                    let before = self.text[self.line_start(w.start)..w.start]
                        .trim_end_matches([' ', '\t', '>', '*', '-']);
                    (before.is_empty() || before.ends_with(['.', '!', '?', ':']))
                        && !ws[k..=j].iter().all(|x| self.known(x))
                })
        };
        // Leading context words inside the run: "Thanks Peter", "Dear Dr Who".
        while first <= j {
            let w = &ws[first];
            if let Some(k) = self.leading_phrase(ws, first, j) {
                // "Viele Grüße Theresia", "Dobrý Den Zuzana".
                support = Support::Strong;
                first = k + 1;
            } else if self.is(w, TITLE) || greets(first) {
                support = Support::Strong;
                first += 1;
            } else if self.is(w, LEAD) {
                support = support.max(Support::Lead);
                first += 1;
            } else if first < j && self.is(w, FAMILY_WORD | RELATION) {
                // "Analyst Navjot Brar (…)", "Colleague Ife Okoro".
                support = support.max(Support::Lead);
                first += 1;
            } else if let Some(q) = self.no_name_before_particle(ws, first, j) {
                // "Nachricht von Lena Becker", "Neue Nachricht von …":
                // words that are no name before a particle and a given name.
                first = q;
            } else if first < j && self.particle(w) && self.given_after_particles(ws, first, j) {
                // Particles come before surnames, not before a given name:
                // "von Lena Becker" is "from Lena Becker".
                support = support.max(Support::Lead);
                first += 1;
            } else if first < j
                && self.info(w).common_only()
                && !self.known(w)
                && self.is(&ws[first + 1], TITLE)
            {
                // "Is Dr Cheung", "Ask Mrs. Chan": an ordinary word before
                // a title, whatever came before it (a speaker label).
                first += 1;
            } else if first < j
                && outside == Support::None
                && self.info(w).common_only()
                && !self.known(w)
                // "Sun Wei <sun.wei@…>": a name given with its address keeps
                // a first word that is also an ordinary one.
                && self.after(ws, first, j) != Support::Strong
            {
                // "The Ford ..." / "Call Ann": sentence-initial words.
                first += 1;
            } else {
                break;
            }
        }
        if first > j {
            return true;
        }
        // A speaker label or an address right after the whole run.
        support = support.max(self.after(ws, first, j));
        // Two or three words of a caseless alphabet amid words of another
        // script, with no other word of theirs on the line ("customers
        // پلوشه شینواري have been called"): in a tool's text such a
        // phrase is most often a person's name; a place lead before it
        // ("visited", "to") was refused when the run was started.
        if support == Support::None
            && foreign_words(text, ws, first) == Some(j)
            && self.amid_other_script(ws, first, j)
            && !self.place_slot(ws, first)
            && !courtesy(text, &ws[first..=j])
        {
            support = Support::Lead;
        }
        // Trailing ordinary words are not part of the name ("Victoria Station"),
        // unless the context vouches for the run ("Spoke with Ryan de Smit").
        let mut last = j;
        let mut trimmed_word = false;
        // A surname that is also a listed word but no English one ("Rania
        // Ramadan", a holiday's name) stays after a frequent given name.
        let given_first = self.info(&ws[first]).strong_given();
        while last > first {
            let w = &ws[last];
            let wi = self.info(w);
            let drop_common = wi.common_only()
                && !self.known(w)
                && !(given_first
                    && wi.blocked
                    && !wi.common
                    && wi.surname_like()
                    && !self.is(w, ORG_TAIL))
                && (support == Support::None || (wi.blocked && !wi.surname_like()));
            if self.particle(w) {
                last -= 1;
            } else if drop_common {
                trimmed_word = true;
                last -= 1;
            } else {
                break;
            }
        }
        let c = Cand { first, last };
        // "Jackson Hole", "Wayne Enterprises": a capitalized phrase whose tail
        // is an ordinary word is a place or an organization, not a person.
        if trimmed_word && support == Support::None && last == first {
            return true;
        }
        match self.accept(ws, &c, support) {
            Some((conf, detector)) => {
                let (start, end) = (ws[c.first].start, ws[c.last].end);
                out.push(Finding {
                    class: Class::Name,
                    start,
                    end,
                    detector,
                    confidence: conf,
                    normalized: normalize(&text[start..end]),
                });
                true
            }
            None => self.known_tail(ws, &c, out),
        }
    }

    /// Words `k` and `k + 1` are a surname and a given name of a script
    /// without case ([`uncased_pair`]) with a strong cue after them
    /// (`[00:03:45] 中村 蓮: …`, `高橋 陽翔  00:01:42`).
    /// The line goes on in another script (a Latin message, a timestamp):
    /// in Chinese or Japanese prose such a label is as often a heading
    /// (`东京 大学: 入学`), which this does not judge.
    /// The family name in capitals before the given name, as passports,
    /// French and Japanese forms write it (`NYSTRÖM Åsa`, `TANAKA
    /// Hiroshi`, `NGUYEN VAN Anh`): the run `ws[i..=j]` is one or two
    /// words in capitals, each a listed surname that is no English word
    /// or a word no dictionary has (five letters or more: not an acronym
    /// such as `ACME`), and the next
    /// word is a given name in title case.
    fn caps_surname_then_given(&self, ws: &[Word], i: usize, j: usize) -> bool {
        let Some(n) = ws.get(j + 1) else {
            return false;
        };
        // The words before the family name may be a label in capitals
        // ("ACCOUNT HOLDER ТКАЧУК Тарас"), which `judge_run` sets apart.
        let family = |w: &Word| {
            let info = self.info(w);
            w.case == Case::Upper
                && ((info.surname_like() && !info.common && !info.blocked)
                    || (info.unknown() && text_of(self.text, w).chars().count() >= 5))
        };
        let label = |end: usize| end == i || self.caps_label(ws, i, end - 1);
        n.case == Case::Title
            && (given_after_caps(&self.info(n))
                || (self.name_word_shaped(n, |f| f.given > 0) && self.line_apart(ws, i, j + 1)))
            && ((family(&ws[j]) && label(j))
                || (j > i && family(&ws[j - 1]) && family(&ws[j]) && label(j - 1)))
    }

    /// Are `ws[i..=j]` a line or a list item of their own: nothing before
    /// them on the line but a list's marker (`1.`, `-`, `•`) or a label
    /// ending in a colon (`Re:`), and nothing after but the line's end or
    /// a delimiter (`,`, `;`, `(`, a dash) before more? A division list's
    /// `KUMWENDA Kondwani`, a witness list's `1. VENTER Elsabé — …`.
    fn line_apart(&self, ws: &[Word], i: usize, j: usize) -> bool {
        let text = self.text;
        let line_start = text[..ws[i].start].rfind('\n').map_or(0, |p| p + 1);
        let before = text[line_start..ws[i].start].trim();
        let marker = before.is_empty()
            || matches!(before, "-" | "*" | "•" | "·" | "–")
            || before.ends_with(':')
            || before.strip_suffix(['.', ')']).is_some_and(|d| {
                (1..=3).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit())
            });
        let after = text[ws[j].end..].split('\n').next().unwrap_or("");
        let after = after.trim_end_matches('\r');
        marker
            && (after.trim().is_empty()
                || after.starts_with([',', ';'])
                || after.starts_with(" (")
                || after.starts_with(" —")
                || after.starts_with(" –")
                || after.starts_with(" - "))
    }

    /// Are `ws[i..=m]` a person label in capitals (`ACCOUNT HOLDER`,
    /// `PASSENGER`), at most three words?
    fn caps_label(&self, ws: &[Word], i: usize, m: usize) -> bool {
        m - i < 3
            && ws[i..=m].iter().all(|w| w.case == Case::Upper)
            && (i..m).all(|k| spaced(self.text, ws[k].end, ws[k + 1].start))
            && {
                let label = &self.text[ws[i].start..ws[m].end];
                label.len() <= 24 && person_label(label)
            }
    }

    fn cued_uncased_pair(&self, ws: &[Word], k: usize) -> bool {
        let Some(n) = ws.get(k + 1) else {
            return false;
        };
        let rest = self.text[n.end..].split('\n').next().unwrap_or("");
        let next = rest
            .trim_start_matches(|c: char| {
                c.is_whitespace() || c.is_ascii_punctuation() || c == '：'
            })
            .chars()
            .next();
        uncased_pair(self.text, &ws[k], n)
            && next.is_none_or(|c| {
                c.is_ascii() || !c.is_alphabetic() || c.is_uppercase() || has_case_lower(c)
            })
            && self.after(ws, k, k + 1) == Support::Strong
    }

    /// [`foreign_words`] from `k` with a cue: a speaker label or an address
    /// in brackets after them, a lead or a label before (`with`, `ping`,
    /// `Author:`), or the person's address or number after a comma. Returns
    /// the last word's index.
    fn cued_foreign_words(&self, ws: &[Word], k: usize) -> Option<usize> {
        // One word needs a cue on both sides: "You can reach شيخة
        // directly at …".
        if foreign_words(self.text, ws, k).is_none() {
            let end = foreign_run(self.text, ws, k, 1)?;
            let (before, after) = (self.before(ws, k), self.after(ws, k, end));
            return (before == Support::Strong
                || after == Support::Strong
                || (before >= Support::Lead && after >= Support::Lead))
                .then_some(end);
        }
        let end = foreign_words(self.text, ws, k)?;
        // Greetings and thanks of that script are no name ("السلام عليكم").
        if courtesy(self.text, &ws[k..=end]) {
            return None;
        }
        // Leads that also go before places ("Site visit תל אביב", "flew to
        // …") do not vouch for words no dictionary can check.
        let place_lead = k > 0
            && with_fold(text_of(self.text, &ws[k - 1]), |f| {
                matches!(
                    f,
                    "to" | "from"
                        | "via"
                        | "visit"
                        | "visited"
                        | "see"
                        | "saw"
                        | "joined"
                        | "reach"
                )
            });
        // Two or three such words amid words of another alphabet ("Call
        // ਗੁਰਪ੍ਰੀਤ ਸੰਧੂ about …", "Pied Piper Inc.のأحمد إبراهيمです") are a
        // name unless a place lead comes before them; a line of nothing
        // else (a value under `city`, a heading) needs a cue.
        let amid = self.amid_other_script(ws, k, end);
        (((self.before(ws, k) >= Support::Lead || amid) && !place_lead)
            || self.after(ws, k, end) >= Support::Lead)
            .then_some(end)
    }

    /// Whether `ws[k]` stands where a place is written: the value of a
    /// label that names no person (`Address: …`, `地址：…`, a chess
    /// game's `[Site "…"]`) or after an arrow (`KE 275 → …`).
    fn place_slot(&self, ws: &[Word], k: usize) -> bool {
        let text = self.text;
        let ls = self.line_start(ws[k].start);
        let before = &text[ls..ws[k].start];
        if before.trim_end().ends_with(['→', '⇒']) || before.trim_end().ends_with("->") {
            return true;
        }
        if k == 0 || ws[k - 1].end < ls {
            return false;
        }
        let p = &ws[k - 1];
        let gap = &text[p.end..ws[k].start];
        gap.contains([':', '：', '"', '='])
            && gap
                .chars()
                .all(|c| matches!(c, ':' | '：' | '"' | '=' | ' ' | '\t'))
            && super::keys::kind_of(text_of(text, p)) == super::keys::KeyKind::NotPerson
    }

    /// Whether the line around `ws[k..=end]` (up to 120 bytes each side)
    /// holds letters of a script other than the run's.
    fn amid_other_script(&self, ws: &[Word], k: usize, end: usize) -> bool {
        let (a, b) = (ws[k].start, ws[end].end);
        let t = self.text;
        let before = &t[t.floor_char_boundary(self.line_start(a).max(a.saturating_sub(120)))..a];
        let line_end = t[b..].find('\n').map_or(t.len(), |p| b + p);
        let after = &t[b..t.floor_char_boundary(line_end.min(b + 120))];
        let script = word_script(text_of(t, &ws[k]));
        before
            .chars()
            .chain(after.chars())
            .any(|c| c.is_alphabetic() && caseless_script(c) != script)
    }

    /// "Ms حسینی", "Dr. अग्रवाल": word `k` is of a script without case and
    /// right after a Latin title.
    fn titled_uncased(&self, ws: &[Word], k: usize) -> bool {
        let w = &ws[k];
        k > 0
            && w.case == Case::Uncased
            && w.end - w.start <= 60
            && self.is(&ws[k - 1], TITLE)
            && matches!(&self.text[ws[k - 1].end..w.start], " " | ". ")
            && text_of(self.text, w)
                .chars()
                .all(|c| c.is_alphabetic() || is_mark(c))
    }

    /// "Bună Răzvan", "Szia Réka": a rejected run whose first word is no
    /// name the dictionaries or the session know, ending in words the
    /// session knows as names: those words are the name (judged as the
    /// session recalls a name on its own).
    fn known_tail(&self, ws: &[Word], c: &Cand, out: &mut Vec<Finding>) -> bool {
        if c.first >= c.last || !self.known(&ws[c.last]) {
            return false;
        }
        let mut k = c.last;
        while k > c.first && self.known(&ws[k - 1]) {
            k -= 1;
        }
        let f = self.info(&ws[c.first]);
        if k == c.first || self.known(&ws[c.first]) || f.strong_given() || f.surname_like() {
            return false;
        }
        let tail = Cand {
            first: k,
            last: c.last,
        };
        match self.accept(ws, &tail, Support::None) {
            Some((conf, detector)) => {
                // Capitalized words no dictionary has, right before a known
                // surname, are the given names ("Geraint Evans", "Liis
                // Sepp" where the session knows Evans and Sepp). Not before
                // a given name ("Sveiki Răzvan": a greeting), and an
                // ordinary word stays out ("Call Evans"), and so does a word
                // before a whole known name ("Sveiki Răzvan Stoica").
                let mut k = k;
                if k == c.last && self.info(&ws[c.last]).surname_like() {
                    while k > c.first && {
                        let w = &ws[k - 1];
                        matches!(w.case, Case::Title | Case::Upper)
                            && w.end - w.start > 1
                            && self.info(w).unknown()
                            && !glued_to_id(self.text, w)
                    } {
                        k -= 1;
                    }
                }
                let (start, end) = (ws[k].start, ws[c.last].end);
                out.push(Finding {
                    class: Class::Name,
                    start,
                    end,
                    detector,
                    confidence: conf,
                    normalized: normalize(&self.text[start..end]),
                });
                true
            }
            None => false,
        }
    }

    /// A line label whose value may be a person: a person key (`Owner:`),
    /// or a word that is not an ordinary field name (`Attn:`, `Backup:`),
    /// but not `Date:`, `Subject:`, `Status:` or `Company:`.
    fn label_may_name_a_person(&self, label: &Word) -> bool {
        let t = text_of(self.text, label);
        // A label is a word: not the year of "- 01/10/2027: Labour Day".
        if !t.chars().all(char::is_alphabetic) {
            return false;
        }
        match super::keys::kind_of(t) {
            super::keys::KeyKind::Person | super::keys::KeyKind::MaybePerson => true,
            super::keys::KeyKind::Other => !info(self.text, label).common,
            _ => false,
        }
    }

    /// Is word `k` followed by ", " and a region: a two-letter code ("BC",
    /// "VA") or a state or country name ("Texas", "Oregon")?
    fn followed_by_region(&self, ws: &[Word], k: usize) -> bool {
        let Some(n) = ws.get(k + 1) else { return false };
        let gap = &self.text[ws[k].end..n.start];
        if gap != ", " && gap != "," {
            return false;
        }
        let t = text_of(self.text, n);
        (n.case == Case::Upper && t.len() == 2)
            || (n.case == Case::Title
                && (self.info(n).blocked
                    || (with_fold(t, super::lexicon::is_place) && self.info(n).given < 2_000)))
    }

    /// Is `w` a definite article of a language other than English,
    /// capitalized as a sentence's first word ("Les", "La", "Het", "Der")?
    fn article(&self, w: &Word) -> bool {
        w.case == Case::Title
            && with_fold(text_of(self.text, w), |f| {
                matches!(
                    f,
                    "la" | "le"
                        | "les"
                        | "il"
                        | "lo"
                        | "gli"
                        | "el"
                        | "los"
                        | "las"
                        | "het"
                        | "der"
                        | "die"
                        | "das"
                )
            })
    }

    /// Does the run `ws[i..=j]` hold a name from [`EPONYMS`], or is it
    /// joined to another capitalized word by `&` ("Johnson & Johnson",
    /// "Procter & Gamble")? Persons' names never are.
    fn eponym_or_ampersand(&self, ws: &[Word], i: usize, j: usize) -> bool {
        let text = self.text;
        let amp = |a: &Word, b: &Word| {
            let gap = &text[a.end..b.start];
            gap.trim() == "&" && gap.len() <= 3 && matches!(b.case, Case::Title | Case::Upper)
        };
        if (i > 0 && amp(&ws[i - 1], &ws[i])) || ws.get(j + 1).is_some_and(|n| amp(&ws[j], n)) {
            return true;
        }
        let mut key = String::new();
        // A title set apart by its dot is part of a brand ("Mrs. Fields").
        let lo = if i > 0
            && self.is(&ws[i - 1], TITLE)
            && matches!(text[ws[i - 1].end..ws[i].start].trim(), "" | ".")
        {
            i - 1
        } else {
            i
        };
        for a in lo..=j {
            key.clear();
            let mut b = a;
            // Sequences of up to four words, joined by spaces or "&".
            while b <= j && b < a + 4 {
                if b > a {
                    let gap = text[ws[b - 1].end..ws[b].start].trim();
                    if !(gap.is_empty() || gap == "&" || gap == ".") {
                        break;
                    }
                    key.push(' ');
                }
                push_eponym_word(&mut key, &self.folded(&ws[b]));
                if b > a
                    && PERSONLIKE_BRAND_SET.contains(key.as_str())
                    && self.brand_context(ws, a, b)
                {
                    return true;
                }
                if EPONYM_SET.contains(key.as_str())
                    || (a < b
                        && BRAND_SET.contains(key.as_str())
                        && !as_people_are_called(self.info(&ws[a]), self.info(&ws[b])))
                {
                    // A one-word eponym ("Dell") names a company only with
                    // nothing else in the run, or as the run's first word
                    // past ordinary ones or articles ("The Porsche Taycan",
                    // "Ferrari N.V.", "La Fiat Panda").
                    let leads =
                        (i..a).all(|k| self.info(&ws[k]).common_only() || self.article(&ws[k]));
                    if a < b || i == j || leads {
                        return true;
                    }
                }
                b += 1;
            }
        }
        false
    }

    /// Do the words around `ws[a..=b]` make it a brand: a product noun
    /// right after it, or a brand (a blocked word) right before it?
    fn brand_context(&self, ws: &[Word], a: usize, b: usize) -> bool {
        let text = self.text;
        let product = ws.get(b + 1).is_some_and(|n| {
            spaced(text, ws[b].end, n.start)
                && n.case != Case::Upper
                && with_fold(text_of(text, n), |f| PRODUCT_NOUNS.contains(&f))
        });
        let brand_before = a > 0
            && spaced(text, ws[a - 1].end, ws[a].start)
            && ws[a - 1].case != Case::Lower
            && {
                let i = self.info(&ws[a - 1]);
                i.blocked && !i.common
            }
            && !self.is(&ws[a - 1], GREETING | TITLE | LEAD);
        // "the Mrs. Fields", "a Paul Smith": no one says so of a person.
        let article_before = a > 0 && {
            let p = &ws[a - 1];
            p.case == Case::Lower
                && spaced(text, p.end, ws[a].start)
                && with_fold(text_of(text, p), |f| matches!(f, "the" | "a" | "an"))
        };
        // "Mrs. Fields-avtalet", "Paul Smith-style": a compound's first part.
        let compound = text[ws[b].end..].starts_with('-')
            && text[ws[b].end + 1..].starts_with(char::is_lowercase);
        product || brand_before || article_before || compound
    }

    fn place_or_org(&self, ws: &[Word], i: usize, j: usize) -> bool {
        let text = self.text;
        // "Trader Joe's", "Fisherman Jack's": an ordinary word and a name in
        // the possessive are a shop's name.
        if j == i + 1
            && self.info(&ws[i]).common_only()
            && self.info(&ws[i]).given == 0
            && !self.known(&ws[i])
            && ["'s", "’s"]
                .iter()
                .any(|p| text[ws[j].end..].starts_with(p))
        {
            return true;
        }
        // "Faith-based charities", "a Kafka-esque form": a modifier.
        if let Some(rest) = text[ws[j].end..].strip_prefix('-') {
            let piece = &rest[..rest
                .find(|c: char| !c.is_alphabetic())
                .unwrap_or(rest.len())];
            if COMPOUND_HEADS.contains(&piece) {
                return true;
            }
        }
        // "Paris Nord", "Tokyo West": a place and a compass point.
        if j == i + 1
            && with_fold(text_of(text, &ws[i]), |w| PLACE_NAME_SET.contains(w))
            && with_fold(text_of(text, &ws[j]), compass_word)
        {
            return true;
        }
        if self.eponym_or_ampersand(ws, i, j)
            || holiday(text, &ws[i..=j])
            || org_context(&text[..ws[i].start])
        {
            return true;
        }
        // "Dr. Oetker", "Dr Martens": a title that is part of a brand.
        if i > 0
            && text_of(text, &ws[i - 1]).eq_ignore_ascii_case("dr")
            && matches!(text[ws[i - 1].end..ws[i].start].trim(), "" | ".")
            && EPONYM_SET.contains(format!("dr {}", self.folded(&ws[i])).as_str())
        {
            return true;
        }
        // "San José", and past an article "Les Galeries Lafayette".
        if i < j && self.is(&ws[i], PLACE) {
            return true;
        }
        if i + 1 < j && self.article(&ws[i]) && self.is(&ws[i + 1], PLACE) {
            return true;
        }
        if i > 0 {
            let gap = &text[ws[i - 1].end..ws[i].start];
            // A ship's prefix is written in capitals (`HMS Queen Elizabeth`).
            if (gap == " " || gap == ". ")
                && self.is(&ws[i - 1], PLACE)
                && (ws[i - 1].case == Case::Title
                    || (ws[i - 1].case == Case::Upper
                        && SHIP_PREFIXES.contains(&self.folded(&ws[i - 1]).as_ref())))
            {
                return true;
            }
        }
        // "Queen Street", "King Street West", "Osu Oxford Street": a street
        // word after the first (Street and Lane are surnames too, but
        // rarely after another capitalized word).
        if ws[i + 1..=j]
            .iter()
            .any(|w| with_fold(text_of(text, w), street_word))
        {
            return true;
        }
        // "Paul Kruger-straat", "Beethoven-Haus": a street's or a place's
        // kind joined to the name by a hyphen.
        if let Some((_, tail)) = text_of(text, &ws[j]).rsplit_once('-')
            && with_fold(tail, |f| street_word(f) || INSTITUTION_WORDS.contains(&f))
        {
            return true;
        }
        // "Karl Johans gate", "Kungsgatan": a street type written after it.
        if let Some(next) = ws.get(j + 1)
            && next.case == Case::Lower
            && spaced(text, ws[j].end, next.start)
            && with_fold(text_of(text, next), |f| LOWER_STREET_WORDS.contains(&f))
        {
            return true;
        }
        // "Charlotte Douglas airport", "the Lincoln Park station": a place
        // or an institution named after someone, its kind in lower case.
        if let Some(next) = ws.get(j + 1)
            && next.case == Case::Lower
            && spaced(text, ws[j].end, next.start)
            && with_fold(text_of(text, next), |f| INSTITUTION_WORDS.contains(&f))
        {
            return true;
        }
        // "5 Rose Lane", "12b Grant Avenue": after a house number, a run
        // that ends in a street or place word is an address, common
        // surname or not.
        if j > i && self.is(&ws[j], ORG_TAIL) && house_number_before(&text[..ws[i].start]) {
            return true;
        }
        // "Kaya İnşaat A.Ş.", "Nakamura Kōgyō K.K.": a legal form after it.
        if legal_form_after(&text[ws[j].end..])
            || ws[i + 1..=j]
                .iter()
                .any(|w| legal_form_at(&text[w.start..]))
        {
            return true;
        }
        if j > i {
            let tail = text_of(text, &ws[j]);
            // Common surnames among them (Hall, Park, Bay) stay names,
            // unless the word before is a surname that is hardly anyone's
            // given name ("Hemingway House", "Gandhi Hall", not "Kwame
            // Hall").
            let surname = {
                let r = self.info(&ws[j]).surname_rank;
                let first = self.info(&ws[i]);
                // After a well-known place, a tail that is a rarer
                // surname is the place's ("Adelaide Hills", "Hamilton
                // Parish"; not "Austin Lane").
                let place_first = j == i + 1 && r > 1_000 && place_name(text_of(text, &ws[i]));
                r > 0
                    && r <= 5_000
                    && !place_first
                    && !(j == i + 1
                        && first.surname_rank > 0
                        && first.given < 1_000
                        && !self.known(&ws[i]))
            };
            // ORG_TAILS are ASCII and were compared ignoring ASCII case.
            if !surname && tail.len() <= 12 && tail.is_ascii() && self.is(&ws[j], ORG_TAIL) {
                return true;
            }
        }
        false
    }

    /// Are words `first..=last` a name used as a noun's modifier after a
    /// determiner ("the Lincoln project", "at the Sofia expo", "our Chiang
    /// Mai office"), so a place's, a product's or a project's, not a
    /// person's? A family is a person's ("the Garcia family").
    fn attributive(&self, ws: &[Word], first: usize, last: usize) -> bool {
        const DETERMINERS: &[&str] = &["the", "this", "that", "our", "your", "their", "its"];
        const PEOPLE: &[&str] = &[
            "family",
            "household",
            "twins",
            "brothers",
            "sisters",
            "kids",
            "children",
            "couple",
        ];
        let text = self.text;
        if first == 0 || last + 1 >= ws.len() {
            return false;
        }
        let (p, n) = (&ws[first - 1], &ws[last + 1]);
        p.case == Case::Lower
            && n.case == Case::Lower
            && spaced(text, p.end, ws[first].start)
            && spaced(text, ws[last].end, n.start)
            && with_fold(text_of(text, p), |f| DETERMINERS.contains(&f))
            && with_fold(text_of(text, n), |f| {
                !PEOPLE.contains(&f) && !is_verb_after_name(f)
            })
    }

    /// Is word `k` a given name that is also a well-known place (Paris,
    /// Sydney, Georgia) used as the place: after a word that takes places
    /// ("switches to Paris time", "from Paris to Georgia"), or in a list
    /// beside another place ("Sydney, Adelaide and Victoria")?
    fn used_as_place(&self, ws: &[Word], k: usize) -> bool {
        let text = self.text;
        let w = ws[k];
        if !with_fold(text_of(text, &w), |f| PLACE_NAME_SET.contains(f)) {
            return false;
        }
        let place = |j: usize| {
            let n = &ws[j];
            n.case == Case::Title
                && with_fold(text_of(text, n), |f| {
                    PLACE_NAME_SET.contains(f)
                        || (word_info(f).blocked && !ORDINARY_BLOCKED.contains(&f))
                })
        };
        if k > 0 && spaced(text, ws[k - 1].end, w.start) {
            let p = &ws[k - 1];
            if p.case == Case::Lower
                && with_fold(text_of(text, p), |f| PLACE_PREPOSITIONS.contains(&f))
            {
                return true;
            }
        }
        // A list: "A, B and C" with another place in it. The item next to
        // word `a` on the side of `b`, across a comma or an "and".
        let conj = |j: usize| with_fold(text_of(text, &ws[j]), |f| matches!(f, "and" | "or"));
        let gap = |a: usize, b: usize| {
            let (lo, hi) = (a.min(b), a.max(b));
            text[ws[lo].end..ws[hi].start].trim()
        };
        let next_item = |a: usize, forward: bool| -> Option<usize> {
            let step = |j: usize| {
                if forward {
                    Some(j + 1).filter(|&j| j < ws.len())
                } else {
                    j.checked_sub(1)
                }
            };
            let b = step(a)?;
            if conj(b) && matches!(gap(a, b), "" | ",") {
                let c = step(b)?;
                return gap(b, c).is_empty().then_some(c);
            }
            matches!(gap(a, b), "," | "&").then_some(b)
        };
        next_item(k, false).is_some_and(place) || next_item(k, true).is_some_and(place)
    }

    /// Is a lone capitalized ordinary word (Carol, Mark, Amber) used as a
    /// person's name here? Only with positive evidence: a verb after it
    /// ("if Carol is around", "Maria said") or the end of a clause
    /// ("ask Carol."), and never at the start of a sentence ("Mark the ticket").
    fn used_as_name(&self, ws: &[Word], k: usize) -> bool {
        let text = self.text;
        let w = ws[k];
        let before = text[..w.start].trim_end_matches([' ', '"', '\'', '(']);
        let sentence_start =
            before.is_empty() || before.ends_with(['.', '!', '?', ':', '\n', ';', ']']);
        if sentence_start {
            return false;
        }
        const VERBS: &[&str] = &[
            "is",
            "was",
            "are",
            "were",
            "has",
            "had",
            "have",
            "will",
            "would",
            "can",
            "could",
            "should",
            "may",
            "might",
            "must",
            "said",
            "says",
            "asked",
            "asks",
            "called",
            "calls",
            "wrote",
            "writes",
            "replied",
            "mentioned",
            "agreed",
            "confirmed",
            "approved",
            "sent",
            "thinks",
            "thought",
            "wants",
            "wanted",
            "needs",
            "needed",
            "joined",
            "left",
            "knows",
            "did",
            "does",
            "didn't",
            "doesn't",
            "isn't",
            "wasn't",
            "won't",
            "can't",
            "reported",
            "signed",
            "told",
            "emailed",
            "texted",
            "and",
            "or",
        ];
        let after = text[w.end..].trim_start_matches(' ');
        if after.is_empty() || after.starts_with([',', '.', '!', '?', ';', ')', '\n']) {
            return true;
        }
        ws.get(k + 1).is_some_and(|n| {
            spaced(text, w.end, n.start) && with_fold(text_of(text, n), |f| VERBS.contains(&f))
        })
    }

    /// Is word `k` followed by an ordinary noun in lower case that it
    /// qualifies ("Jasmine rice", "the Lincoln warehouse")? A name is
    /// followed by a verb ("Jasmine agreed", "Jasmine took the call"), a
    /// small word ("Jasmine from sales", "Jasmine will"), or punctuation.
    fn noun_after(&self, ws: &[Word], k: usize) -> bool {
        const SMALL: &[&str] = &[
            "forgot",
            "began",
            "broke",
            "chose",
            "drove",
            "fell",
            "flew",
            "grew",
            "hid",
            "rode",
            "shook",
            "stole",
            "swam",
            "threw",
            "understood",
            "woke",
            "won",
            "wore",
            "built",
            "caught",
            "dealt",
            "fed",
            "fought",
            "hung",
            "lay",
            "lent",
            "lost",
            "meant",
            "sat",
            "slept",
            "sold",
            "spent",
            "stood",
            "stuck",
            "taught",
            "tore",
            "became",
            "forgave",
            "oversaw",
            "overheard",
            "rang",
            "sang",
            "sank",
            "drank",
            "ate",
            "gone",
            "done",
            "will",
            "would",
            "can",
            "could",
            "should",
            "may",
            "might",
            "must",
            "shall",
            "to",
            "and",
            "or",
            "but",
            "nor",
            "from",
            "at",
            "in",
            "on",
            "with",
            "for",
            "of",
            "by",
            "about",
            "who",
            "here",
            "there",
            "too",
            "now",
            "then",
            "also",
            "just",
            "still",
            "never",
            "always",
            "already",
            "again",
            "please",
            "thanks",
            "as",
            "if",
            "when",
            "is",
            "was",
            "has",
            "had",
            "have",
            "did",
            "does",
            "do",
            "went",
            "took",
            "made",
            "got",
            "gave",
            "came",
            "put",
            "set",
            "ran",
            "met",
            "saw",
            "knew",
            "brought",
            "bought",
            "thought",
            "spoke",
            "found",
            "felt",
            "kept",
            "held",
            "led",
            "paid",
            "read",
            "heard",
            "left",
            "sent",
            "told",
            "wrote",
            "said",
            "let",
            "says",
            "went",
            "not",
            "only",
            "all",
            "both",
            "first",
            "today",
            "tomorrow",
            "yesterday",
        ];
        let Some(n) = ws.get(k + 1) else {
            return false;
        };
        if n.case != Case::Lower || !spaced(self.text, ws[k].end, n.start) {
            return false;
        }
        // A verb takes an object: "Jasmine forgot the keys".
        if ws.get(k + 2).is_some_and(|o| {
            spaced(self.text, n.end, o.start)
                && with_fold(text_of(self.text, o), |f| {
                    matches!(
                        f,
                        "the"
                            | "a"
                            | "an"
                            | "my"
                            | "your"
                            | "our"
                            | "his"
                            | "her"
                            | "their"
                            | "this"
                            | "that"
                            | "these"
                            | "those"
                            | "it"
                            | "me"
                            | "him"
                            | "them"
                            | "us"
                            | "you"
                            | "some"
                            | "every"
                    )
                })
        }) {
            return false;
        }
        with_fold(text_of(self.text, n), |f| {
            f.len() >= 3
                // "the Garcia family": a family is people.
                && !matches!(f, "family" | "household" | "twins" | "couple")
                && !f.ends_with('s')
                && !f.ends_with("ed")
                && !f.ends_with("ly")
                && !SMALL.contains(&f)
                && !is_verb_after_name(f)
                && word_info(f).common
        })
    }

    /// Support from what precedes word `k`.
    fn before(&self, ws: &[Word], k: usize) -> Support {
        let text = self.text;
        let w = ws[k];
        let ls = self.line_start(w.start);
        // A signature after the `-- ` delimiter: "-- Châu".
        if signature_delimiter(&text[ls..w.start]) {
            return Support::Strong;
        }
        // An attribution at the end of a message or quote: "Running late —
        // Clodagh", "“…” — Ama Owusu".
        if dash_attribution(text, ws, k) {
            return Support::Strong;
        }
        // A mailing-list digest's table of contents: " 2. Re: Subject
        // (Piyapong Thongdee)", the author in brackets ending the line.
        if digest_author(text, ls, w.start) {
            return Support::Strong;
        }
        // A person label in capitals before the name on its line, without a
        // colon: "ACCOUNT HOLDER Oriol Vilanova", "CARDHOLDER ТКАЧУК Тарас".
        if caps_label_before(&text[ls..w.start]) {
            return Support::Strong;
        }
        // A sign-off on the name's line: "Kind regards, Zuzana", "Viele
        // Grüße Theresia".
        // One word needs its comma ("Best Western" is a hotel).
        if let Some(head) = sign_off_head(&text[ls..w.start])
            && (head.contains(' ') || text[ls..w.start].trim_end().ends_with([',', '،', '，']))
            && with_fold(head, |f| {
                SIGN_OFF_SET.contains(f)
                    && !(GREETING_ONLY_SET.contains(f)
                        && text[ls..w.start]
                            .trim_end()
                            .ends_with(['!', '.', '！', '。']))
            })
        {
            return Support::Strong;
        }
        // Sign-off: the previous non-empty line is "Best regards," and the name starts its line.
        if only_line_prefix(&text[ls..w.start]) {
            let prev = text[..ls].trim_end();
            let prev_line = prev[self.line_start(prev.len())..].trim();
            // A signature after the `--` delimiter on its own line.
            if signature_delimiter(prev_line) {
                return Support::Strong;
            }
            // Sign-offs are short; fold only what could be one.
            if let Some(head) = sign_off_head(prev_line)
                && with_fold(head, |f| {
                    SIGN_OFF_SET.contains(f) && !GREETING_ONLY_SET.contains(f)
                })
            {
                return Support::Strong;
            }
            // A person label on the line before: "Bill to:\nAnn Lee". When
            // the name is the whole line ("SHIP TO:\nACHIENG MUTUA"), the
            // label vouches for it as a key vouches for its value.
            let raw_prev = prev[self.line_start(prev.len())..].trim();
            // "BILL TO", "Ship to:" alone on the line before.
            let label = raw_prev.strip_suffix(':').or_else(|| {
                (raw_prev.contains(' ') && raw_prev.chars().all(|c| c.is_alphabetic() || c == ' '))
                    .then_some(raw_prev)
            });
            if let Some(label) = label
                && label.len() <= 24
                && person_label(label)
            {
                let end = text[w.start..]
                    .find('\n')
                    .map_or(text.len(), |p| w.start + p);
                let line = text[w.start..end].trim_end();
                let whole = line.len() <= 60
                    && line.split(' ').count() <= 5
                    && line
                        .chars()
                        .all(|c| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '.' | '’'));
                return if whole {
                    Support::Strong
                } else {
                    Support::Lead
                };
            }
        }
        if k == 0 {
            return Support::None;
        }
        let p = ws[k - 1];
        let gap = &text[p.end..w.start];
        let gap_t = gap.trim();
        if self.is(&p, TITLE) && (gap_t.is_empty() || gap_t == ".") && !gap.contains('\n') {
            return Support::Strong;
        }
        // "Sig.ra Deiana", "Dott.ssa Russo", "Sig.na Bianchi": an Italian
        // title abbreviated with its feminine ending after the dot.
        if k >= 2
            && gap == " "
            && matches!(text_of(text, &p), "ra" | "na" | "ssa")
            && text[ws[k - 2].end..p.start] == *"."
            && self.is(&ws[k - 2], TITLE)
        {
            return Support::Strong;
        }
        // "Employee name ........ Lieke Kuijpers", "Manager ...... Žagar,
        // Urška": a form's label, at the start of its line, and a dotted
        // leader to its value.
        if gap_t.len() >= 3 && gap_t.bytes().all(|b| b == b'.' || b == b' ') && !gap.contains('\n')
        {
            let label = text[self.line_start(p.start)..p.end]
                .trim()
                .trim_start_matches(['-', '*', '•', '·', ' ']);
            if !label.is_empty()
                && label.len() <= 40
                && label.split(' ').count() <= 4
                && label.chars().all(|c| c.is_alphabetic() || c == ' ')
                && person_label(label)
            {
                return Support::Strong;
            }
        }
        // "Sehr geehrte/r Esposito": a salutation written for either gender.
        if k >= 2
            && gap == " "
            && matches!(text_of(text, &p), "r" | "e" | "n" | "a")
            && text[ws[k - 2].end..p.start] == *"/"
            && self.is(&ws[k - 2], GREETING)
        {
            return Support::Strong;
        }
        // "Backup: Bongani Khumalo", "Attn: C. Okoro": the value of a label
        // at the start of a line.
        if gap_t.trim_matches('*') == ":" && !gap.contains('\n') {
            // `oncall-secondary: X`: the label is the whole hyphenated word.
            let label_start = text[..p.start]
                .rfind(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
                .map_or(0, |b| {
                    b + text[b..].chars().next().map_or(1, char::len_utf8)
                });
            let before_label = text[..label_start].trim_end_matches('*');
            let placed = only_line_prefix(&text[self.line_start(label_start)..label_start])
                // or at the start of a sentence: "… owns this. Backup: X".
                || before_label.ends_with(". ")
                // or after another field on the line: "**Priority:** Urgent ·
                // **Assignee:** X", "Status: open | Owner: X".
                || before_label.trim_end().ends_with(['·', '|', ';']);
            let person = if label_start < p.start {
                person_label(&text[label_start..p.end])
            } else {
                self.label_may_name_a_person(&p)
            };
            if placed && person {
                return Support::Lead;
            }
        }
        // "Thanks, Madison", "Hi, Ingrid": a greeting that starts its line
        // or sentence, a comma, the name.
        if gap_t == "," && gap.len() <= 2 && self.is(&p, GREETING) {
            let lead = text[self.line_start(p.start)..p.start].trim_end_matches([' ', '>', '*']);
            if lead.is_empty() || lead.ends_with(['.', '!', '?']) || opens_quote(lead) {
                return Support::Strong;
            }
        }
        if gap_t.is_empty() && !gap.contains('\n') {
            if self.is(&p, GREETING) {
                return Support::Strong;
            }
            if self.is(&p, LEAD) {
                return Support::Lead;
            }
            // "my wife Chaitanya", "her manager Ife Okoro".
            if p.case == Case::Lower {
                if self.is(&p, FAMILY_WORD) {
                    return Support::Strong;
                }
                if self.is(&p, RELATION) {
                    return Support::Lead;
                }
            }
            // "CEO  Bjørnar Strøm", "CFO Ana Díaz": a role in capitals.
            if p.case == Case::Upper && self.is(&p, RELATION) {
                return Support::Lead;
            }
            // Two-word cues: "this is X", "my name is X", "loop in X".
            if k >= 2 {
                let pp = ws[k - 2];
                if spaced(text, pp.end, p.start) {
                    let (a, b) = (text_of(text, &pp), text_of(text, &p));
                    let cue =
                        |x: &str, y: &str| a.eq_ignore_ascii_case(x) && b.eq_ignore_ascii_case(y);
                    if cue("name", "is") || cue("name's", "is") {
                        return Support::Strong;
                    }
                    if cue("this", "is")
                        || cue("loop", "in")
                        || cue("speak", "to")
                        || cue("ask", "for")
                        || cue("asked", "for")
                        || cue("asking", "for")
                        || cue("by", "user")
                        || cue("for", "user")
                    {
                        return Support::Lead;
                    }
                }
            }
        }
        Support::None
    }

    /// Support from what follows the candidate `ws[first..=last]`: a
    /// speaker-label colon at the start of a line, or an address in brackets.
    fn after(&self, ws: &[Word], first: usize, last: usize) -> Support {
        let text = self.text;
        let rest = &text[ws[last].end..];
        // "Proszę oddzwonić do Blagoja Angelovski pod numer +48 …", "Soita
        // Arlene Little Thunder numeroon …": whoever one is asked to call
        // at a number, in any language; not a desk or a company ("call
        // Harbor Dental at …").
        if called_at(
            &text[self.line_start(ws[first].start)..ws[first].start],
            rest,
        ) && ws[first..=last].iter().all(|w| {
            matches!(w.case, Case::Title | Case::Upper)
                && !self.is(w, ORG_TAIL | PLACE)
                && !trade_word(text_of(text, w))
        }) && ws[first..=last]
            .iter()
            .any(|w| !self.info(w).common_only() || self.known(w))
        {
            return Support::Strong;
        }
        // "Tsai Po-Wei  DOB 25/09/1947", "Ann Lee (DOB 1980-02-01)": a date
        // of birth follows a person's name.
        {
            let r = rest.trim_start_matches([' ', '\t', ',', '(']);
            if r.len() < rest.len()
                && ["DOB ", "DOB:", "D.O.B", "d.o.b", "dob:", "born "]
                    .iter()
                    .any(|p| r.starts_with(p))
            {
                return Support::Strong;
            }
        }
        // "Janka Bykaŭ v Coralbay Resorts", "ኃይሌ v. Sunbird Airways": the
        // first party in a case's caption, unless a company ("Sunbird
        // Airways v Lee").
        if let Some(r) = [" v ", " v. ", " vs ", " vs. "]
            .iter()
            .find_map(|p| rest.strip_prefix(p))
            && r.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || (c.is_alphabetic() && !has_case_lower(c)))
            && ws[first..=last].iter().all(|w| {
                !self.is(w, ORG_TAIL | PLACE)
                    && !trade_word(text_of(text, w))
                    && (!self.info(w).common_only() || self.known(w))
                    && !self.info(w).foreign
            })
        {
            return Support::Strong;
        }
        // "Zawadi Njoroge, Plaintiff,", "Eglė KAZLAUSKIENĖ, Defendant.": a
        // party's role in a caption or a filing.
        if let Some(r) = rest.strip_prefix(", ") {
            let role = r.split(|c: char| !c.is_alphabetic()).next().unwrap_or("");
            if PARTY_ROLES.contains(&role) {
                return Support::Strong;
            }
        }
        // "2.Priit Tamm MR", "Letícia Carvalho MSTR": a passenger list's
        // title after the name, in capitals, ending the line.
        if let Some(r) = rest.strip_prefix(' ') {
            let t = r.split(['\n', '\r', ' ', '\t']).next().unwrap_or("");
            let line_rest = r[t.len()..].split('\n').next().unwrap_or("");
            if passenger_title(t) && line_rest.trim().is_empty() {
                return Support::Strong;
            }
        }
        // "Somchai, can you confirm PO-31260?": a person addressed at the
        // start of a message or a sentence, asked or told something.
        if let Some(r) = rest.strip_prefix(", ") {
            let start = opens_sentence(self.opening(ws[first].start));
            let asked = [
                "can you ",
                "could you ",
                "would you ",
                "will you ",
                "are you ",
                "do you ",
                "did you ",
                "have you ",
                "please ",
                "pls ",
                "any update",
                "thoughts?",
            ]
            .iter()
            .any(|p| r.starts_with(p));
            if start
                && asked
                && (first..=last).all(|k| {
                    let i = self.info(&ws[k]);
                    ws[k].case == Case::Title && !i.common_only() && !i.blocked
                })
                && !self.is(&ws[first], GREETING | TITLE | ORG_TAIL | PLACE)
            {
                return Support::Strong;
            }
        }
        // "Tanaka Hiroshi さん", "Kim Minji 님께", "Wang Wei 先生": a Latin
        // name in Japanese, Korean or Chinese text, then an honorific.
        {
            let r = rest.strip_prefix(' ').unwrap_or(rest);
            if CJK_HONORIFICS.iter().any(|h| r.starts_with(h))
                && (first..=last).all(|k| {
                    matches!(ws[k].case, Case::Title | Case::Upper)
                        && !self.info(&ws[k]).common_only()
                        && !self.info(&ws[k]).blocked
                })
            {
                return Support::Strong;
            }
        }
        // "Tatiana is travelling on AI 1051", "Lucija reported the device":
        // one name word starting a sentence, then what only people do.
        if first == last
            && ws[first].case == Case::Title
            && {
                let opening = self.opening(ws[first].start);
                opens_sentence(opening)
                    || opening.ends_with("I think")
                    || opening.ends_with("I believe")
            }
            && [
                " is travelling",
                " is traveling",
                " is on leave",
                " is on vacation",
                " is on holiday",
                " is out of office",
                " is out of the office",
                " is off sick",
                " will be back",
                " is back on",
                " had the latest",
                " introduced us",
                " reported the",
                " confirmed the",
                " replied that",
                " told me",
                " told us",
                " asked me",
                " asked us",
                " asked for",
            ]
            .iter()
            .any(|p| rest.starts_with(p))
            && {
                let i = self.info(&ws[first]);
                !i.common_only()
                    && !i.blocked
                    && (i.given > 0 || i.unknown() || self.known(&ws[first]))
            }
            && !self.is(&ws[first], GREETING | TITLE | ORG_TAIL | PLACE)
            && !trade_word(text_of(text, &ws[first]))
        {
            return Support::Strong;
        }
        // "**Sergio** replied:", "**Hina** commented:": a thread's author
        // in bold at the start of a line, a verb of writing and a colon.
        if let Some(r) = rest.strip_prefix("** ")
            && text[self.line_start(ws[first].start)..ws[first].start]
                .trim_start_matches([' ', '>', '-'])
                == "**"
        {
            let verb = r.split(|c: char| !c.is_alphabetic()).next().unwrap_or("");
            if matches!(
                verb,
                "replied" | "commented" | "wrote" | "said" | "asked" | "answered" | "responded"
            ) && r[verb.len()..].starts_with(':')
            {
                return Support::Strong;
            }
        }
        // "Lee Minji — Clinical Research Coordinator", "**Chamara Herath**
        // – Data Protection Officer": a job title after a dash, the rest of
        // the line.
        if let Some(r) = [" — ", " – ", " - ", "** — ", "** – ", "** - "]
            .iter()
            .find_map(|p| rest.strip_prefix(p))
        {
            let title = r
                .split(['\n', '\r', '(', '·', '|'])
                .next()
                .unwrap_or("")
                .trim_end();
            let words: Vec<&str> = title.split(' ').collect();
            let job = (1..=6).contains(&words.len())
                && words.iter().all(|w| {
                    w.starts_with(|c: char| c.is_uppercase())
                        || matches!(*w, "of" | "and" | "&" | "for" | "de" | "du" | "des")
                })
                && words
                    .iter()
                    .any(|w| with_fold(w, |f| ROLES.contains(&f) || JOB_NOUNS.contains(&f)));
            if job && backed_or_foreign(self, ws, first, last) {
                return Support::Lead;
            }
        }
        // "Wahid Noorzai is a CFO based in Porto", "Kasun Perera is a
        // Paralegal": a person's job said of the whole run.
        if last > first
            && let Some(r) = [
                " is a ",
                " is an ",
                " was a ",
                " was an ",
                " is the ",
                " works as a ",
            ]
            .iter()
            .find_map(|p| rest.strip_prefix(p))
            && r.split(|c: char| !(c.is_alphanumeric() || c == '-'))
                .filter(|w| !w.is_empty())
                .take(4)
                .any(|w| with_fold(w, |f| ROLES.contains(&f) || JOB_NOUNS.contains(&f)))
        {
            return Support::Strong;
        }
        // "Kashif Qureshi mentioned the …", "Zheng Chao has invited you":
        // a verb said of people right after the run.
        // (Markdown emphasis may close first: "**Đặng Hữu Tuấn** commented:".)
        if last > first
            && let Some(n) = ws.get(last + 1)
            && n.case == Case::Lower
            && (spaced(text, ws[last].end, n.start)
                || matches!(&text[ws[last].end..n.start], "** " | "* " | "__ " | "_ "))
        {
            let verb = with_fold(text_of(text, n), |f| PERSON_VERBS.contains(&f));
            let perfect = with_fold(text_of(text, n), |f| matches!(f, "has" | "have" | "had"))
                && ws.get(last + 2).is_some_and(|m| {
                    m.case == Case::Lower
                        && spaced(text, n.end, m.start)
                        && text_of(text, m).ends_with("ed")
                });
            // Not after ordinary words ("The Summer Sale mentioned …").
            let plain = (first..=last).all(|k| {
                self.particle(&ws[k]) || !self.info(&ws[k]).common_only() || self.known(&ws[k])
            });
            if (verb || perfect) && plain {
                return Support::Lead;
            }
        }
        // (Markdown emphasis may close first: "**Ann Lee** <ann@…>".)
        let r = rest.trim_start_matches([' ', '"', '\'', '*']);
        if r.starts_with('<') || r.starts_with('(') {
            // An address is short: look at most 320 bytes ahead.
            let mut cap = r.len().min(321);
            while !r.is_char_boundary(cap) {
                cap -= 1;
            }
            let inner = &r[1..cap];
            if let Some(close) = inner.find(['>', ')', '\n']) {
                let inner = &inner[..close];
                if inner.contains('@') && !inner.contains(' ') {
                    return Support::Strong;
                }
            }
        }
        // "Girlie Villanueva, girlie@…", "Ruoxi Chen (+86 10 6552 9876)":
        // a name given with its address or number.
        // The dictionaries must back it (not "Northwind Logistics, orders@…").
        // Or two or more words that no dictionary has, each capitalized and
        // none an ordinary word ("Yetunde Adeleke (+234 …)"): names from
        // beyond the dictionaries; company names carry ordinary words
        // ("Harbor Dental", "Northwind Logistics").
        let backed = || {
            let (f, l) = (self.info(&ws[first]), self.info(&ws[last]));
            let words: Vec<&Word> = ws[first..=last]
                .iter()
                .filter(|w| !self.particle(w))
                .collect();
            f.strong_given()
                || f.ambiguous_given()
                || l.surname_like()
                || self.known(&ws[first])
                || foreign_words(text, ws, first) == Some(last)
                || (words.len() >= 2
                    && words.iter().all(|w| {
                        w.case == Case::Title
                            && self.info(w).unknown()
                            && !self.is(w, ORG_TAIL | PLACE)
                            && !trade_word(text_of(text, w))
                    }))
        };
        let contact = |r: &str| {
            let tok = r.split([' ', ',', ';', ')', '>']).next().unwrap_or("");
            tok.len() <= 64 && tok.contains('@') && !tok.starts_with('@')
        };
        if let Some((sep, r)) = [", ", " · ", " - ", " – ", " — ", " | ", " <"]
            .iter()
            .find_map(|p| rest.strip_prefix(p).map(|r| (*p, r)))
            // A number vouches for two words or more ("Dallas · +1 512 …"
            // is a place and its number), also past a date or a time in
            // between ("Špela Zupančič — 5 Jul 2022 20:02 — +386 …").
            && (contact(r)
                || (last > first && (phone_like(r) || phone_past_a_stamp(r, sep))))
            && backed()
        {
            return Support::Lead;
        }
        if let Some(r) = rest.strip_prefix(" (")
            && let Some(close) = r.find(')')
            && close <= 28
            && r[..close].bytes().filter(u8::is_ascii_digit).count() >= 7
            && r[..close]
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b' ' | b'+' | b'-' | b'.' | b'(' | b'/'))
            && backed()
        {
            return Support::Lead;
        }
        // "Anirban Dasgupta (Customer) · …", "Mere Rangihau (Supervisor)",
        // "Meera Varghese (son) – …", an org chart's "Leonor  [Staff
        // Eng]": a role or a relation in brackets.
        let bracketed = {
            let r = rest.trim_start_matches([' ', '\t']);
            let gap = rest.len() - r.len();
            ((1..=4).contains(&gap) && !rest[..gap].contains('\n'))
                .then(|| r.strip_prefix('(').or_else(|| r.strip_prefix('[')))
                .flatten()
        };
        if let Some(r) = bracketed
            && let Some(close) = r.find([')', ']'])
            && close <= 24
        {
            let role = r[..close].split(' ').next().unwrap_or("");
            let person_role = with_fold(role, |f| {
                ROLES.contains(&f)
                    || RELATIONS.contains(&f)
                    || FAMILY.contains(&f)
                    || matches!(
                        super::keys::classify(f),
                        super::keys::KeyKind::Person | super::keys::KeyKind::MaybePerson
                    )
                    || matches!(f, "tier" | "customer" | "agent" | "supervisor" | "internal")
            });
            if person_role && backed_or_foreign(self, ws, first, last) {
                return Support::Lead;
            }
        }
        // "reach Asqar directly at asqar@…": a person's address after "at".
        if let Some(r) = rest
            .strip_prefix(" directly at ")
            .or_else(|| rest.strip_prefix(" at "))
            && contact(r)
        {
            return Support::Strong;
        }
        // "Humaira Noorzai, MD —": a professional credential after the name.
        if let Some(r) = rest.strip_prefix(", ") {
            let cred = r
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
                .next()
                .unwrap_or("");
            if matches!(
                cred,
                "MD" | "M.D."
                    | "PhD"
                    | "Ph.D."
                    | "RN"
                    | "DO"
                    | "DDS"
                    | "DMD"
                    | "NP"
                    | "PA-C"
                    | "Esq."
                    | "Esq"
                    | "CPA"
                    | "MBA"
                    | "FRCS"
                    | "MRCP"
                    | "MBBS"
            ) {
                return Support::Strong;
            }
        }
        // "Oğuz Koç, chief operating officer at …": a role in apposition.
        if let Some(r) = rest.strip_prefix(", ") {
            let role = r.split(|c: char| !c.is_alphabetic()).next().unwrap_or("");
            if !role.is_empty() && role.len() <= 16 && with_fold(role, |f| ROLES.contains(&f)) {
                return Support::Lead;
            }
        }
        // "Ann Lee (00:01:12): ...", "Ann Lee [10:02]: ...": a time between
        // a speaker and the colon.
        let rest_label = match rest.strip_prefix(" (").or_else(|| rest.strip_prefix(" [")) {
            Some(r) => match r.find([')', ']']) {
                Some(close)
                    if close <= 12
                        && r[..close]
                            .bytes()
                            .all(|b| b.is_ascii_digit() || matches!(b, b':' | b'.'))
                        && r[..close].bytes().any(|b| b.is_ascii_digit()) =>
                {
                    &r[close + 1..]
                }
                _ => rest,
            },
            None => rest,
        };
        // A speaker on a line of its own, the time on the next line
        // (meeting transcripts): "Ann Lee\n00:01:12\nHello".
        // Or a date and a time, as chat exports write them ("4/11/2024
        // 8:55 AM", "2024-11-04 08:55").
        let time_only = |l: &str| {
            let l = l
                .strip_suffix(" AM")
                .or_else(|| l.strip_suffix(" PM"))
                .unwrap_or(l);
            !l.is_empty()
                && l.len() <= 22
                && l.bytes()
                    .all(|b| b.is_ascii_digit() || matches!(b, b':' | b'.' | b'/' | b'-' | b' '))
                && l.starts_with(|c: char| c.is_ascii_digit())
                && l.contains(':')
        };
        let alone = rest_label
            .strip_prefix("\r\n")
            .or_else(|| rest_label.strip_prefix('\n'))
            .and_then(|next| next.split('\n').next())
            .map(|l| l.trim_end_matches('\r'))
            .filter(|l| time_only(l))
            .map(|_| "");
        // Or after it on the same line, set apart: "Jae-won Yoon  01:16".
        let beside = {
            let r = rest_label.trim_start_matches([' ', '\t']);
            let line = r.split('\n').next().unwrap_or("").trim_end();
            (rest_label.len() - r.len() >= 2 && time_only(line)).then_some("")
        };
        if let Some(after_colon) = rest_label.strip_prefix(':').or(alone).or(beside) {
            // "**Ann Lee:** ..." (Markdown bold speaker labels).
            let after_colon = after_colon.trim_start_matches('*');
            let start = ws[first].start;
            let ls = self.line_start(start);
            // A one-word label ("Backup:", "Ref:") is a speaker only when it is
            // a given name, a known name, or the line starts with a timestamp.
            let one_word = (first..=last).filter(|&k| !self.particle(&ws[k])).count() == 1;
            if one_word {
                let info = self.info(&ws[first]);
                // A label that names a role ("**Attendees:**", "Owner:") is
                // a field, not a speaker.
                let field = person_label(text_of(text, &ws[first]));
                if field && !self.known(&ws[first]) {
                    return Support::None;
                }
                // A timestamp before the label ("[00:14] AGENT:"), not Markdown
                // markup ("**Notes:**").
                let stamped = text[ls..start].bytes().any(|b| b.is_ascii_digit());
                if !(stamped
                    || info.strong_given()
                    || info.ambiguous_given()
                    || self.known(&ws[first]))
                {
                    return Support::None;
                }
            }
            if (after_colon.is_empty() || after_colon.starts_with([' ', '\n', '\t']))
                && only_line_prefix(&text[ls..start])
            {
                return Support::Strong;
            }
        }
        Support::None
    }

    fn accept(&self, ws: &[Word], c: &Cand, support: Support) -> Option<(f32, Detector)> {
        let idx: Vec<usize> = (c.first..=c.last)
            .filter(|&k| !self.particle(&ws[k]))
            .collect();
        if idx.is_empty() || idx.iter().any(|&k| ws[k].case == Case::Mixed) {
            return None;
        }
        let infos: Vec<WordInfo> = idx.iter().map(|&k| self.info(&ws[k])).collect();
        let known: Vec<bool> = idx.iter().map(|&k| self.known(&ws[k])).collect();
        let all_upper = idx.iter().all(|&k| ws[k].case == Case::Upper);
        let n = idx.len();
        let (f, l) = (infos[0], infos[n - 1]);
        // A letter alone is an initial or a label ("rev C", "Plan B"),
        // never a name by itself (a Han character alone can be: "洋").
        if n == 1
            && ws[idx[0]].case != Case::Uncased
            && text_of(self.text, &ws[idx[0]]).chars().nth(1).is_none()
        {
            return None;
        }
        // A weekday or month abbreviation that starts a date ("Thu, 2 May
        // 2025", "Sat 14:00") is not the given name Thu or Sat.
        if n == 1 && starts_date(self.text, &ws[idx[0]]) {
            return None;
        }

        // "Paris, Texas", "Victoria, BC": a place followed by its region.
        if n == 1 && self.followed_by_region(ws, idx[0]) {
            return None;
        }
        // "LO 2567", "SK 1122": a short code in capitals before a number
        // (a flight, a route, a form) even where the session knows a Lo.
        if n == 1 && all_upper && ws[idx[0]].end - ws[idx[0]].start <= 3 {
            let rest = self.text[ws[idx[0]].end..].trim_start_matches(' ');
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                return None;
            }
        }
        // "switches to Paris time", "Sydney, Adelaide and Victoria": a
        // place, even where the session knows a person of that name,
        // unless a strong cue (a greeting, a title) says otherwise.
        if n == 1 && support < Support::Strong && self.used_as_place(ws, idx[0]) {
            return None;
        }
        if support < Support::Strong && self.attributive(ws, idx[0], idx[n - 1]) {
            return None;
        }
        // "Carnegie Hall", "Grand Station": a word of a place or an
        // institution after a word that is neither known nor a given
        // name, even where the session knows a person called Hall.
        if n >= 2
            && l.blocked
            && !known[0]
            && f.given == 0
            && f.surname_like()
            && support < Support::Strong
            && !self
                .memory
                .knows_full_name(&normalize(&self.text[ws[idx[0]].start..ws[idx[n - 1]].end]))
        {
            return None;
        }
        // "Canon EOS R6 Mark II", "Series III": one word and a model's
        // number in Roman numerals (a person's comes after a surname: "John
        // Smith III").
        if (n == 1 && roman_numeral_after(self.text, ws, idx[0]))
            || (n == 2 && idx[1] >= 1 && roman_numeral_after(self.text, ws, idx[1] - 1))
        {
            return None;
        }
        // "Kobo Clara 2E", "LEGO Technic 42115": a model's number after
        // the words; "Sydney Kingsford Smith (SYD)": an airport's code.
        let rest = &self.text[ws[idx[n - 1]].end..];
        if support < Support::Strong
            // (Not after a whole name the session knows, nor a frequent
            // given name and more: "Ana Lima 3B".)
            && !(n >= 2 && (known.iter().all(|k| *k) || f.strong_given()))
            && (model_number_after(rest)
                || (airport_code_after(rest)
                    && (f.blocked
                        || self.is(&ws[idx[0]], PLACE)
                        || with_fold(text_of(self.text, &ws[idx[0]]), super::lexicon::is_place))))
        {
            return None;
        }
        // Session recall: every word known.
        if known.iter().all(|k| *k) {
            if n > 1 || support >= Support::Lead {
                return Some((0.9, Detector::NameRecall));
            }
            // A lone known word that is also an ordinary word or a place is a
            // name only where it is not used as a word ("if Carol is out" vs
            // "Mark the ticket", "in Washington"); nor one that qualifies the
            // noun after it ("Jasmine rice is out of stock").
            if !f.blocked
                && (!f.common || self.used_as_name(ws, idx[0]))
                && !self.noun_after(ws, idx[0])
            {
                return Some((0.9, Detector::NameRecall));
            }
            return None;
        }
        if all_upper && n == 1 {
            return None;
        }
        if n == 1 {
            let w = &ws[idx[0]];
            if w.case == Case::Uncased && surname_first_shape(text_of(self.text, w)) {
                // "王伟", "김민준" standing apart in text of another script
                // (Latin letters, ASCII punctuation), not in Chinese or
                // Korean prose.
                let foreign = |c: Option<char>| c.is_none_or(|c| c.is_ascii());
                let cjk = |c: Option<char>| {
                    c.is_some_and(|c| {
                        c.is_alphabetic()
                            && !c.is_ascii()
                            && !c.is_uppercase()
                            && !has_case_lower(c)
                    })
                };
                let prev = self.text[..w.start].trim_end().chars().next_back();
                let next = self.text[w.end..].trim_start().chars().next();
                let alone = foreign(self.text[..w.start].chars().next_back())
                    && foreign(self.text[w.end..].chars().next())
                    && !cjk(prev)
                    && !cjk(next);
                // A Hangul word alone must have a name's usual length
                // ("서울", Seoul, is none) and be no everyday word
                // ("배송지: …", a delivery address's label).
                let word = text_of(self.text, w);
                let alone = alone
                    && (!word.chars().any(super::cjk::is_hangul) || super::cjk::ko_lone_name(word));
                // In such prose, a strong cue vouches for it: the line
                // before is a closing ("此致敬礼\n刘梓萱").
                return (alone || support == Support::Strong)
                    .then_some((0.75, Detector::NameDictionary));
            }
            return match support {
                Support::Strong if !f.common_only() => Some((0.85, Detector::NameContext)),
                Support::Lead if (f.strong_given() || known[0]) && !all_upper => {
                    Some((0.75, Detector::NameContext))
                }
                _ => None,
            };
        }
        // "Paris Gare de Lyon", "Georgia Tech": a place's name with another
        // place or an ordinary word in it.
        if support < Support::Strong
            && !known[0]
            && with_fold(text_of(self.text, &ws[idx[0]]), |w| {
                PLACE_NAME_SET.contains(w)
            })
            && infos[1..].iter().any(|i| i.blocked || i.common_only())
        {
            return None;
        }
        let all_common = infos.iter().zip(&known).all(|(i, k)| i.common_only() && !k);
        let blocked = infos
            .iter()
            .enumerate()
            .any(|(p, i)| i.blocked && !(p == n - 1 && i.surname_like()));
        let (first_known, last_known) = (known[0], known[n - 1]);
        let last_ordinary = l.common_only() && !last_known;
        let ordinary_phrase = (f.common_only() && !first_known && !l.surname_like() && !last_known)
            || (f.common && !f.strong_given() && !first_known && last_ordinary)
            || (last_ordinary && text_of(self.text, &ws[idx[n - 1]]).ends_with("ing"));
        match support {
            // "> Summer Sale: 20% off": a label made of a given name that is
            // also a word and an ordinary word is not a speaker.
            Support::Strong
                if n >= 2
                    && f.common
                    && l.common_only()
                    && !known[n - 1]
                    && !f.strong_given()
                    && !known[0] =>
            {
                None
            }
            Support::Strong if !all_common && !f.blocked => Some((0.85, Detector::NameContext)),
            // A lead ("from", "with") vouches for a name, not for a phrase
            // with an ordinary word after an unknown first word ("from
            // Tidewater Health HRIS").
            // Nor for an ordinary word and a word that is no surname ("to
            // Project Sequoia", "via Royal Mail"), or a phrase that ends in
            // an ordinary word in -ing ("to Aurora Billing", "with Maya
            // Consulting"; King and Manning are common surnames, so no
            // ordinary words here).
            Support::Lead
                if !all_common
                    && !blocked
                    && !all_upper
                    && !ordinary_phrase
                    && !(infos[1..]
                        .iter()
                        .zip(&known[1..])
                        .any(|(i, k)| i.common_only() && !k)
                        && !(f.strong_given() || f.ambiguous_given() || known[0])) =>
            {
                Some((0.8, Detector::NameContext))
            }
            // "signed by SIOBHAN O'CONNOR": capitals need the dictionaries too.
            Support::Lead
                if all_upper
                    && !all_common
                    && !blocked
                    && (f.strong_given() || f.ambiguous_given() || l.surname_like()) =>
            {
                Some((0.75, Detector::NameContext))
            }
            _ => {
                // A middle initial ("Lieke A. Visser") is no word "a".
                let initial = |p: usize| {
                    let w = &ws[idx[p]];
                    p > 0
                        && p < n - 1
                        && matches!(w.case, Case::Upper | Case::Title)
                        && w.end - w.start == 1
                        && self.text[w.end..].starts_with(". ")
                };
                let any_common = infos.iter().zip(&known).enumerate().any(|(p, (i, k))| {
                    let surname_last = p == n - 1 && i.surname_like();
                    i.common_only() && !k && !surname_last && !initial(p)
                });
                if any_common || f.blocked {
                    return None;
                }
                // "Rose Gold", "Sterling Silver": a given name that is also a
                // word before a word that is a rare surname (beyond the
                // thousand most frequent: not Smith, Stone or Bush) is a
                // phrase of two words.
                if n == 2
                    && f.ambiguous_given()
                    && !known[0]
                    && l.common
                    && !known[1]
                    && l.surname_rank > 1_000
                {
                    return None;
                }
                // A rarer given name (in American counts: Takumi, Yannick)
                // before a listed surname, or a surname before a given name
                // as Japanese, Korean, Chinese and Hungarian write them
                // ("Watanabe Takumi"): two dictionaries agree.
                let rare_given = |i: &WordInfo| i.given >= 100 && !i.common && !i.blocked;
                let listed_surname = |i: &WordInfo| i.surname_like() && !i.common && !i.blocked;
                let pair = (n == 2
                    && !all_upper
                    && ((rare_given(&f) && listed_surname(&l))
                        || (listed_surname(&f) && f.given == 0 && rare_given(&l))))
                    || caps_surname_first(self.text, &ws[idx[0]..=idx[n - 1]], &infos)
                    // … or a given name no list has, on a line of its own
                    // (`MHLAULI Ayanda` in a division list).
                    || (caps_surname_first_with(
                        self.text,
                        &ws[idx[0]..=idx[n - 1]],
                        &infos,
                        |p| self.name_word_shaped(&ws[idx[p]], |f| f.given > 0),
                    ) && self.line_apart(ws, idx[0], idx[n - 1]))
                    // A given name the American lists lack (Antti, Femke,
                    // Apisai) before a listed surname that is no word.
                    || (n == 2
                        && f.unknown_anywhere()
                        && ws[idx[0]].case == Case::Title
                        && text_of(self.text, &ws[idx[0]]).chars().nth(2).is_some()
                        && listed_surname(&l)
                        && ws[idx[1]].case == Case::Title);
                let first_ok = f.strong_given()
                    || known[0]
                    || pair
                    || (f.ambiguous_given() && (l.surname_like() || known[n - 1]))
                    // "K. Hämäläinen", "S. F. Ghosh": initials stand for the
                    // given names.
                    || initials_then_surname(self.text, &ws[idx[0]..=idx[n - 1]])
                    || middle_initial(self.text, &ws[idx[0]..=idx[n - 1]]);
                // An acronym is not a surname ("Harmony OS").
                let acronym = ws[idx[n - 1]].case == Case::Upper
                    && ws[idx[n - 1]].end - ws[idx[n - 1]].start <= 4;
                // Initials alone vouch for a last word no list has only
                // when it is no trade's word and the initial is no
                // outline's letter ("Appendix C. Northworks", "B. Methoden").
                let by_initials = !(f.strong_given()
                    || known[0]
                    || pair
                    || (f.ambiguous_given() && (l.surname_like() || known[n - 1])));
                let unlisted_ok = !by_initials
                    || (!trade_word(text_of(self.text, &ws[idx[n - 1]]))
                        && !self.lettered_line(&ws[idx[0]]));
                let last_ok = known[n - 1]
                    || pair
                    || (!acronym
                        && (l.surname_like()
                            || l.strong_given()
                            || (l.unknown() && !all_upper && unlisted_ok)));
                (first_ok && last_ok).then_some((0.75, Detector::NameDictionary))
            }
        }
    }
}

/// Whether `rest` (the text after a run of words) starts with a model's
/// number: one space, then a token of up to eight letters, digits and
/// hyphens with a letter and a digit (`2E`, `X1`), or of four to six
/// digits that is no year (`42115`), and no more digits after it (a
/// phone number goes on: `Ana Lima 555 0132`).
pub(crate) fn model_number_after(rest: &str) -> bool {
    let Some(r) = rest.strip_prefix(' ') else {
        return false;
    };
    let end = r
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(r.len());
    let tok = &r[..end];
    let digits = tok.bytes().filter(u8::is_ascii_digit).count();
    let letters = tok.bytes().filter(u8::is_ascii_alphabetic).count();
    let year = tok.len() == 4 && (tok.starts_with("19") || tok.starts_with("20")) && letters == 0;
    let shaped = (1..=8).contains(&tok.len())
        && digits >= 1
        && !tok.starts_with('-')
        && ((letters >= 1 && digits + letters <= 6)
            || (letters == 0 && (4..=6).contains(&digits) && !year));
    // "3pm", "2nd", "10h", "5th": a time or an ordinal, not a model.
    let lower = tok.to_ascii_lowercase();
    let suffix = ["am", "pm", "st", "nd", "rd", "th", "h", "m", "min", "hrs"]
        .iter()
        .any(|s| {
            lower
                .strip_suffix(s)
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        });
    let after = r[end..].trim_start_matches(' ');
    shaped
        && !suffix
        && !after.starts_with(|c: char| c.is_ascii_digit())
        && !r[end..].starts_with(['/', '.', ':'])
}

/// Whether `rest` starts with an airport's IATA code in brackets (` (SYD)`),
/// not an office's (` (CEO)`).
fn airport_code_after(rest: &str) -> bool {
    const OFFICES: &[&[u8]] = &[
        b"CEO", b"CFO", b"COO", b"CTO", b"CIO", b"CMO", b"CPO", b"CRO", b"CDO", b"CSO", b"CCO",
        b"EVP", b"SVP", b"AVP", b"PHD", b"DDS", b"MBA", b"CPA", b"DVM", b"EST", b"PST", b"UTC",
    ];
    let b = rest.as_bytes();
    b.len() >= 6
        && b.starts_with(b" (")
        && b[2..5].iter().all(u8::is_ascii_uppercase)
        && b[5] == b')'
        && !OFFICES.contains(&&b[2..5])
}

/// Greetings, thanks and politeness words of the caseless scripts: a
/// phrase of them amid another script ("Welcome, السلام عليكم everyone")
/// is no name.
const CASELESS_COURTESIES: &[&str] = &[
    "السلام",
    "عليكم",
    "مرحبا",
    "مرحباً",
    "شكرا",
    "شكراً",
    "أهلا",
    "أهلاً",
    "خوش",
    "آمدید",
    "ممنون",
    "متشکرم",
    "مهربانی",
    "شکریہ",
    "תודה",
    "רבה",
    "नमस्ते",
    "धन्यवाद",
    "नमस्कार",
    "ধন্যবাদ",
    "নমস্কার",
    "வணக்கம்",
    "நன்றி",
    "నమస్కారం",
    "ధన్యవాదాలు",
    "ನಮಸ್ಕಾರ",
    "ಧನ್ಯವಾದ",
    "നമസ്കാരം",
    "നന്ദി",
    "સ્વાગત",
    "આભાર",
    "ਸਤਿ",
    "ਅਕਾਲ",
    "ਧੰਨਵਾਦ",
    "สวัสดี",
    "ครับ",
    "ค่ะ",
    "ขอบคุณ",
    "ສະບາຍດີ",
    "ຂອບໃຈ",
    "မင်္ဂလာပါ",
    "ကျေးဇူးတင်ပါတယ်",
    "សួស្តី",
    "អរគុណ",
    "გამარჯობა",
    "მადლობა",
    "አመሰግናለሁ",
    "ආයුබෝවන්",
    "ස්තූතියි",
];

/// Whether one of `ws` is a greeting or thanks of a caseless script
/// ([`CASELESS_COURTESIES`]).
fn courtesy(text: &str, ws: &[Word]) -> bool {
    ws.iter()
        .any(|w| CASELESS_COURTESIES.contains(&text_of(text, w)))
}

/// Whether a word is written in Latin letters (with any accents).
fn latin(word: &str) -> bool {
    word.chars()
        .all(|c| latin_char(c) || matches!(c, '\'' | '’'))
}

/// An ASCII character or a Latin letter with accents (Latin-1 to
/// Latin Extended-B, Latin Extended Additional).
pub(crate) fn latin_char(c: char) -> bool {
    c.is_ascii() || matches!(c, '\u{c0}'..='\u{24f}' | '\u{1e00}'..='\u{1eff}')
}

/// Is word `k` followed by a Roman numeral in capitals (`Mark II`,
/// `Series IV`), a model's number?
fn roman_numeral_after(text: &str, ws: &[Word], k: usize) -> bool {
    ws.get(k + 1).is_some_and(|n| {
        n.case == Case::Upper
            && spaced(text, ws[k].end, n.start)
            && matches!(
                text_of(text, n),
                "II" | "III" | "IV" | "V" | "VI" | "VII" | "VIII" | "IX" | "X"
            )
    })
}

/// A compass point or a part of a city after a place's name (`Paris
/// Nord`, `Berlin Mitte`, `Tokyo Central`).
fn compass_word(folded: &str) -> bool {
    // North, South, East and West are surnames too ("Georgia West").
    matches!(
        folded,
        "central"
            | "centre"
            | "center"
            | "nord"
            | "sud"
            | "süd"
            | "est"
            | "ouest"
            | "ost"
            | "norte"
            | "sur"
            | "este"
            | "oeste"
            | "mitte"
            | "centrum"
            | "downtown"
    )
}

/// Roles of the parties to a lawsuit or a petition, as a caption writes
/// them after the party's name and a comma.
const PARTY_ROLES: &[&str] = &[
    "Plaintiff",
    "Plaintiffs",
    "Defendant",
    "Defendants",
    "Appellant",
    "Appellee",
    "Respondent",
    "Petitioner",
    "Claimant",
    "Complainant",
    "Intervenor",
    "Deceased",
    "Decedent",
    "Esq",
];

/// A given name as it follows a family name in capitals: a rarer given
/// name (in American counts) will do, not an English word.
fn given_after_caps(i: &WordInfo) -> bool {
    i.given >= 100 && !i.common && !i.blocked
}

/// The candidate's words are a family name in capitals (one or two words,
/// each a listed surname that is no English word or a word of five
/// letters or more that no dictionary has) and then one given name in
/// title case, possibly followed by a second given name or an initial.
fn caps_surname_first(text: &str, ws: &[Word], infos: &[WordInfo]) -> bool {
    caps_surname_first_with(text, ws, infos, |p| given_after_caps(&infos[p]))
}

/// [`caps_surname_first`] with the test for the first given name (by its
/// index in `ws`) given.
fn caps_surname_first_with(
    text: &str,
    ws: &[Word],
    infos: &[WordInfo],
    given: impl Fn(usize) -> bool,
) -> bool {
    let caps = ws.iter().take_while(|w| w.case == Case::Upper).count();
    if !(1..=2).contains(&caps) || ws.len() < caps + 1 || ws.len() > caps + 2 {
        return false;
    }
    let family = ws[..caps].iter().zip(infos).all(|(w, i)| {
        (i.surname_like() && !i.common && !i.blocked)
            || (i.unknown() && text_of(text, w).chars().count() >= 5)
    });
    family
        && ws[caps..].iter().all(|w| w.case == Case::Title)
        && given(caps)
        && infos[caps + 1..].iter().all(|i| !i.common_only())
}

/// The words `ws[first..=last]` are backed as a name by the dictionaries
/// or the session (a given name first, a surname last, a known word), or
/// are words of a caseless alphabet in a line of another script.
fn backed_or_foreign<M: NameMemory + ?Sized>(
    s: &FreeText<'_, M>,
    ws: &[Word],
    first: usize,
    last: usize,
) -> bool {
    let (f, l) = (s.info(&ws[first]), s.info(&ws[last]));
    f.strong_given()
        || f.ambiguous_given()
        || l.surname_like()
        || s.known(&ws[first])
        || s.known(&ws[last])
        || foreign_words(s.text, ws, first) == Some(last)
        || (last > first
            && ws[first..=last]
                .iter()
                .all(|w| w.case == Case::Title && s.info(w).unknown()))
        // A family name first and given names no list holds ("Lee Minji").
        || (last > first
            && f.surname_like()
            && !f.common
            && ws[first + 1..=last]
                .iter()
                .all(|w| w.case == Case::Title && s.info(w).unknown()))
}

/// "Bartoš, Markéta", "ter Horst, Gert-Jan", "Gutiérrez, Begoña": a name
/// found as one word next to a comma and one capitalized word (with up to
/// two particles before a surname) that no dictionary calls ordinary or a
/// place, the pair set apart from the rest of its line (a line start, a
/// tab, two spaces, a cell's or a label's edge before it; a bracket, an
/// address, a dash or a break after it): "Last, First" in a list or a
/// label's value. The found name grows to the pair.
pub fn extend_last_first(text: &str, found: &mut [Finding]) {
    let lone = |x: &str| {
        let ws = words(x);
        ws.len() == 1
            && ws[0].start == 0
            && ws[0].end == x.len()
            && matches!(ws[0].case, Case::Title | Case::Upper)
            && x.chars().count() >= 2
            && x.chars()
                .all(|c| c.is_alphabetic() || is_mark(c) || c == '-' || c == '\'')
            && {
                let i = info(x, &ws[0]);
                !i.common_only() && !i.blocked
            }
    };
    let before_ok = |i: usize| {
        let p = &text[..i];
        p.is_empty()
            || p.ends_with(['\n', '\t', '|', '(', '"', '>', '*'])
            || p.ends_with("  ")
            || p.ends_with(": ")
            || p.ends_with("| ")
            // A form's dotted leader: "Manager ...... Žagar, Urška".
            || p.ends_with("... ")
    };
    let after_ok = |e: usize| {
        let r = &text[e..];
        r.is_empty()
            || r.starts_with(['\n', '\r', '\t', '|', ')', '"', '<', ';', '*'])
            || [" (", " <", " |", " –", " —", " ·", " -", "  "]
                .iter()
                .any(|p| r.starts_with(p))
    };
    // A found name of two or three name-shaped words (`Deshpande, Nikhil
    // Aditya`, `Torres Cervantes, Itzel`) takes the other half as a lone
    // one does.
    let whole = |x: &str| {
        !x.contains([',', '\n'])
            && x.split(' ').count() <= 3
            && x.split(' ')
                .all(|w| !w.is_empty() && (lone(w) || PARTICLES.contains(&w)))
    };
    for f in found.iter_mut().filter(|f| f.class == Class::Name) {
        let name = &text[f.start..f.end];
        if !whole(name) {
            continue;
        }
        // "X, name": the surname before, with its particles.
        if let Some(head) = text[..f.start].strip_suffix(", ") {
            let xs = head
                .rfind(|c: char| !(c.is_alphabetic() || is_mark(c) || c == '-' || c == '\''))
                .map_or(0, |p| {
                    p + head[p..].chars().next().map_or(1, char::len_utf8)
                });
            let mut start = xs;
            for _ in 0..2 {
                let Some(lead) = text[..start].strip_suffix(' ') else {
                    break;
                };
                let ps = lead.rfind(' ').map_or(0, |p| p + 1);
                if !PARTICLES.contains(&&lead[ps..]) {
                    break;
                }
                start = ps;
            }
            if xs < head.len() && lone(&head[xs..]) && before_ok(start) && after_ok(f.end) {
                f.start = start;
                f.normalized = normalize(&text[start..f.end]);
                continue;
            }
        }
        // "name, Y": the given name after.
        if let Some(tail) = text[f.end..].strip_prefix(", ") {
            let ye = tail
                .find(|c: char| !(c.is_alphabetic() || is_mark(c) || c == '-' || c == '\''))
                .unwrap_or(tail.len());
            let y = &tail[..ye];
            let end = f.end + 2 + ye;
            // After a name of several words, a role is more likely than a
            // given name (`Małgorzata Brzęczyszczykiewicz, Paralegal`).
            let role = name.contains(' ')
                && with_fold(y, |f| ROLES.contains(&f) || JOB_NOUNS.contains(&f));
            if ye > 0 && lone(y) && !role && before_ok(f.start) && after_ok(end) {
                f.end = end;
                f.normalized = normalize(&text[f.start..end]);
            }
        }
    }
}

/// A word shaped like a trade's or a product's rather than a person's
/// (`Logistics`, `Northworks`, `Datasoft`, `Shipping`), for words no
/// dictionary has.
fn trade_word(word: &str) -> bool {
    let w = word.to_lowercase();
    [
        "ics", "ings", "ware", "works", "labs", "tech", "soft", "corp", "tron", "matic", "ment",
        "tion", "ance", "ence", "ology", "ix", "ify", "net", "cloud", "data", "bank", "care",
        "mart", "shop", "point", "line", "hub",
    ]
    .iter()
    .any(|s| w.len() > s.len() + 2 && w.ends_with(s))
}

/// Does `r` open with a phone number written on its own: 7 to 15 digits
/// with only `+ - . ( ) /` and spaces between them, ended by the text, a
/// space, or punctuation (not by a letter or more digits of an id)?
/// Verbs of calling and calling back, with the preposition that takes
/// the person, in the languages of the cue lists; folded, as they end the
/// text before a name.
const CALL_PHRASES: &[&str] = &[
    "call",
    "call back",
    "ring",
    "phone",
    "contact",
    "text",
    "llame a",
    "llamar a",
    "llama a",
    "contacte a",
    "ligue para",
    "ligar para",
    "liga para",
    "ligue pro",
    "appelez",
    "appeler",
    "rappelez",
    "contactez",
    "rufen sie",
    "ruf",
    "kontaktieren sie",
    "chiami",
    "chiamare",
    "chiama",
    "contatta",
    "contattare",
    "bel",
    "bellen",
    "ring til",
    "ringa",
    "ring till",
    "oddzwonić do",
    "zadzwoń do",
    "zadzwonić do",
    "proszę zadzwonić do",
    "soita",
    "soittakaa",
    "gọi lại cho",
    "gọi cho",
    "liên hệ",
    "hubungi",
    "telepon",
    "piga simu",
    "mpigie",
    "tawagan si",
    "tawagan",
    "tumawag kay",
    "позвоните",
    "позвонить",
    "перезвоните",
    "обадете се на",
    "зателефонуйте",
    "передзвоніть",
    "sună-l pe",
    "sunați-l pe",
    "sunați-o pe",
    "sună-o pe",
    "hívja",
    "hívja fel",
    "zavolejte",
    "zavolajte",
    "nazovite",
    "pokličite",
    "skambinkite",
    "zvaniet",
    "helistage",
    "τηλεφωνήστε στον",
    "τηλεφωνήστε στην",
];

/// Whether `before` (the line up to a name) ends with a verb of calling
/// and `rest` (the text after it) goes on, past at most three short
/// lower-case words ("back on", "pod numer", "numeroon", "theo số"), to a
/// phone number.
fn called_at(before: &str, rest: &str) -> bool {
    // The number first: most names have none after them, and this is
    // cheaper than folding the words before.
    let mut r = rest.trim_start_matches([' ', ',']);
    let mut number = phone_like(r);
    for _ in 0..3 {
        if number {
            break;
        }
        let w_end = r.find(' ').unwrap_or(r.len());
        let w = &r[..w_end];
        if w.is_empty() || w.chars().count() > 12 || !w.chars().all(char::is_lowercase) {
            return false;
        }
        r = r[w_end..].trim_start_matches(' ');
        number = phone_like(r);
    }
    if !number {
        return false;
    }
    let b = before.trim_end();
    if b.len() == before.len() || b.is_empty() {
        return false;
    }
    let tail = &b[b.floor_char_boundary(b.len().saturating_sub(40))..];
    with_fold(tail, |f| {
        CALL_PHRASES.iter().any(|p| {
            f.strip_suffix(p)
                .is_some_and(|h| h.is_empty() || h.ends_with(|c: char| !c.is_alphanumeric()))
        })
    })
}

/// Whether `r` is a date or a time (at most four words, digits among them,
/// no `@`) then `sep` again and a phone number: the fields of a list
/// entry after a name.
fn phone_past_a_stamp(r: &str, sep: &str) -> bool {
    if sep == " <" || sep == ", " {
        return false;
    }
    let Some(at) = r[..r.floor_char_boundary(40)].find(sep) else {
        return false;
    };
    let field = &r[..at];
    field.bytes().any(|b| b.is_ascii_digit())
        && field.split(' ').count() <= 4
        && !field.contains(['@', '\n'])
        && phone_like(&r[at + sep.len()..])
}

pub(crate) fn phone_like(r: &str) -> bool {
    let b = r.as_bytes();
    if !b
        .first()
        .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'+' | b'('))
    {
        return false;
    }
    let mut digits = 0;
    let mut end = 0;
    for (i, &c) in b.iter().enumerate().take(32) {
        if c.is_ascii_digit() {
            digits += 1;
            end = i + 1;
        } else if !matches!(c, b' ' | b'+' | b'-' | b'.' | b'(' | b')' | b'/') {
            break;
        }
    }
    (7..=15).contains(&digits) && !b.get(end).is_some_and(u8::is_ascii_alphanumeric)
}

/// Word `k` follows a spaced dash (` — `, ` – `, ` -- `) and it, with at
/// most two more capitalized words, ends its line, its text or a quotation.
fn dash_attribution(text: &str, ws: &[Word], k: usize) -> bool {
    let w = ws[k];
    let before = text[..w.start].strip_suffix(' ').unwrap_or("");
    let dashed = ["—", "–", "--"].iter().any(|d| {
        before
            .strip_suffix(d)
            .is_some_and(|b| b.ends_with([' ', '\u{a0}']))
    });
    if !dashed || w.case != Case::Title {
        return false;
    }
    let mut end = w.end;
    for n in ws[k + 1..].iter().take(2) {
        if !(spaced(text, end, n.start) && n.case == Case::Title) {
            break;
        }
        end = n.end;
    }
    let rest = text[end..].trim_start_matches(['.', '!', ' ']);
    if rest.starts_with(['"', '”', '’']) {
        return true;
    }
    // Or the end of a one-line message of a few words with a lower-case
    // word before the dash ("Running late — Clodagh"), not a heading's
    // second half ("Contact — Pampas Agro", "Vendor list — Grafton St").
    // The last word said may end its sentence ("…odpowiedź! — Michał").
    let said = before.trim_end_matches(['—', '–', '-', ' ', '\u{a0}']);
    // Or a review's or a quote's line that ends with its author, a date
    // in brackets at most after it ("★★★ Frank feedback is welcome. —
    // Serdar (2024/01/04)", "> “Faith in the forecast…” — Yasmina
    // Bouzid"): the words before the dash end a sentence or a quotation.
    let line_rest = text[end..].split('\n').next().unwrap_or("").trim_end();
    let dated = line_rest.is_empty()
        || line_rest
            .strip_prefix(" (")
            .and_then(|r| r.strip_suffix(')'))
            .is_some_and(|d| {
                d.len() <= 24 && d.bytes().any(|b| b.is_ascii_digit()) && !d.contains(['(', ')'])
            });
    let said_line = &said[said.rfind('\n').map_or(0, |p| p + 1)..];
    if dated
        && said_line.split_whitespace().count() >= 3
        && said_line.ends_with(['.', '!', '?', '"', '”', '»', '…'])
    {
        return true;
    }
    rest.is_empty()
        && !text.contains('\n')
        && said.split_whitespace().count() >= 3
        && said.split_whitespace().next_back().is_some_and(|x| {
            let x = x.trim_end_matches(['!', '.', '?', '…']);
            !x.is_empty() && x.chars().all(char::is_lowercase)
        })
}

/// Initials and a surname: every word but the last a single capital letter
/// written with its dot ("K. Hämäläinen", "S.E. Wongsawat", "S. F.
/// Ghosh"), the last a capitalized word of two letters or more.
fn initials_then_surname(text: &str, ws: &[Word]) -> bool {
    let Some((last, initials)) = ws.split_last() else {
        return false;
    };
    !initials.is_empty()
        && initials.iter().all(|w| {
            let mut cs = text_of(text, w).chars();
            cs.next().is_some_and(char::is_uppercase)
                && cs.next().is_none()
                && text[w.end..].starts_with('.')
        })
        && last.case == Case::Title
        && text_of(text, last).chars().nth(1).is_some()
}

/// "Lieke A. Visser", "Kendra A. Okafor-Reyes": a capitalized word, one or
/// two middle initials with their dots, and a capitalized word — the
/// shape of a person's name, whatever the dictionaries know.
fn middle_initial(text: &str, ws: &[Word]) -> bool {
    let (Some(first), Some(last)) = (ws.first(), ws.last()) else {
        return false;
    };
    let middle = &ws[1..ws.len().saturating_sub(1).max(1)];
    (3..=4).contains(&ws.len())
        && first.case == Case::Title
        && text_of(text, first).chars().nth(1).is_some()
        && initials_then_surname(text, &ws[1..])
        && middle.len() == ws.len() - 2
        && last.case == Case::Title
}

/// How sure a caller is that a structured value is a person's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Structured {
    /// Under a person key (`first_name`, `assignee`) or in a person object.
    Sure,
    /// Under a generic key (`name`, `owner`) with nothing else saying "person".
    Maybe,
    /// Under a key for a party to a message or a record (`sender`, `author`,
    /// `owner`), not a thing's name (`name`, `label`, `title`): as `Maybe`,
    /// and a value shaped like a name is one even where no dictionary knows
    /// its words ([`name_shaped`]).
    Party,
}

/// Values under person keys that are not people.
const PLACEHOLDERS: &[&str] = &[
    "none",
    "null",
    "nil",
    "n/a",
    "na",
    "unknown",
    "unassigned",
    "nobody",
    "anonymous",
    "tbd",
    "tba",
    "system",
    "admin",
    "administrator",
    "support",
    "team",
    "everyone",
    "all",
    "me",
    "you",
    "self",
    "bot",
    "automation",
    "redacted",
    "hidden",
    "private",
    "undefined",
    "empty",
    "test",
];

/// Does `s` look like a personal name (1–6 words of letters)? With
/// `strict`, names made only of ordinary words ("Support Team") are not.
fn looks_like_name(s: &str, ws: &[Word], strict: bool) -> bool {
    let t = s.trim();
    if PLACEHOLDERS.iter().any(|p| p.eq_ignore_ascii_case(t)) {
        return false;
    }
    if ws.is_empty() || ws.len() > 6 || s.chars().count() > 80 {
        return false;
    }
    let nick = nickname(s);
    if !s.char_indices().all(|(i, c)| {
        c.is_alphabetic()
            || is_mark(c)
            || matches!(
                c,
                ' ' | '-'
                    | '\''
                    | '’'
                    | '.'
                    | ','
                    | '\u{a0}'
                    | '\u{3000}'
                    | '\u{200c}'
                    | '\u{200d}'
                    // Tibetan's syllable mark (`ཡང་ཆེན་དོན་གྲུབ`).
                    | '\u{f0b}'
            )
            || nick.is_some_and(|(a, b)| i == a || i == b)
    }) {
        return false;
    }
    // A dot only ends an initial or an abbreviated title ("J. R. Tolkien",
    // "Hans-H. Plath", "Dr. Ann").
    for (i, _) in s.match_indices('.') {
        let before = ws.iter().rev().find(|w| w.end <= i);
        let short = before.is_some_and(|w| {
            let word = &s[w.start..w.end];
            let tail = word.rsplit(['-', '\'']).next().unwrap_or(word);
            w.end == i && (word.chars().count() <= 3 || tail.chars().count() == 1)
        });
        // Initials may be written close: "Голубева С.О.", "S.-b. Lim".
        let rest = &s[i + 1..];
        let then_space = rest.is_empty()
            || rest.starts_with([' ', '-'])
            || (short && {
                let mut cs = rest.chars();
                cs.next().is_some_and(char::is_uppercase) && cs.next() == Some('.')
            });
        if !short || !then_space {
            return false;
        }
    }
    // "Tanaka Seiki K.K.", "Rossi S.p.A.": a company's legal form, not
    // a person's initials.
    if t.rsplit_once(' ').is_some_and(|(_, last)| {
        last.contains('.')
            && (legal_form_at(last) || (!last.ends_with('.') && legal_form_at(&format!("{last}."))))
    }) {
        return false;
    }
    // All in lower case, as people type their own names (`jaanus saar`,
    // `ximena apaza condori`): two to four words, none an ordinary word of
    // English or of another language the filter knows; outside a person's
    // key, one of them a given name or a surname the dictionaries know.
    if ws.iter().all(|w| w.case == Case::Lower) {
        let parts: Vec<&Word> = ws.iter().filter(|w| !is_particle(s, w)).collect();
        return (2..=4).contains(&parts.len())
            && !eponym_phrase(&normalize(t))
            && parts.iter().all(|w| {
                let i = info(s, w);
                !i.common && !i.blocked && !i.foreign && s[w.start..w.end].chars().count() >= 2
            })
            && (!strict
                || parts.iter().any(|w| {
                    let i = info(s, w);
                    i.given >= 200 || i.surname_rank > 0
                }));
    }
    let cased = ws
        .iter()
        .any(|w| matches!(w.case, Case::Title | Case::Upper));
    let uncased = ws
        .iter()
        .all(|w| w.case == Case::Uncased || is_particle(s, w));
    if !(cased || uncased) {
        return false;
    }
    // "Victoria Falls offsite": a name is cased throughout (particles
    // apart), all capitalized or all in lower case.
    if strict
        && cased
        && ws
            .iter()
            .any(|w| w.case == Case::Lower && !is_particle(s, w))
    {
        return false;
    }
    // "Support Team": ordinary words only.
    !strict
        || !ws
            .iter()
            .filter(|w| !is_particle(s, w))
            .all(|w| info(s, w).common_only())
}

/// A nickname in quotes between a given name and a surname (`Noa "Jojo"
/// Avraham`, `Yui “Tito” Takahashi`): the byte offsets of its opening and
/// closing quote in `s`. The quoted part is one capitalized word with a
/// space on either side and a word on either side of those.
pub(crate) fn nickname(s: &str) -> Option<(usize, usize)> {
    let open = s.find(['"', '“'])?;
    let q = if s[open..].starts_with('"') {
        '"'
    } else {
        '”'
    };
    let inner_at = open + s[open..].chars().next()?.len_utf8();
    let close = inner_at + s[inner_at..].find(q)?;
    let inner = &s[inner_at..close];
    let after = &s[close + q.len_utf8()..];
    let capital_word = |w: &str| {
        w.starts_with(|c: char| c.is_uppercase())
            && w.chars().count() >= 2
            && w.chars()
                .all(|c| c.is_alphabetic() || is_mark(c) || c == '-' || c == '\'')
    };
    let ok = s[..open].ends_with(' ')
        && s[..open]
            .trim_end()
            .ends_with(|c: char| c.is_alphabetic() || c == '.')
        && after.starts_with(' ')
        && after.trim_start().starts_with(|c: char| c.is_uppercase())
        && capital_word(inner)
        && !after.contains(['"', '“', '”']);
    ok.then_some((open, close))
}

/// Widens name findings over a quoted nickname (`Call with Noa "Jojo"
/// Avraham`): two names on either side become one finding, and a name
/// with a nickname on one side takes the capitalized word beyond it when
/// that word is no ordinary one. `fs` is sorted and disjoint, and stays so.
pub fn join_nicknames(text: &str, fs: &mut Vec<Finding>) {
    // The capitalized word at `at`, if any: its end.
    let word_at = |at: usize| -> Option<usize> {
        let rest = &text[at..];
        if !rest.starts_with(|c: char| c.is_uppercase()) {
            return None;
        }
        let len = rest
            .char_indices()
            .find(|&(_, c)| !(c.is_alphabetic() || is_mark(c) || matches!(c, '-' | '\'' | '’')))
            .map_or(rest.len(), |(i, _)| i);
        let w = rest[..len].trim_end_matches(['-', '\'', '’']);
        let ordinary = with_fold(w, word_info);
        (w.chars().count() >= 2 && !ordinary.common_only() && !ordinary.blocked)
            .then_some(at + w.len())
    };
    let mut i = 0;
    while i < fs.len() {
        if fs[i].class != Class::Name {
            i += 1;
            continue;
        }
        // Forward: `Noa` then ` "Jojo" Avraham`.
        let (start, end) = (fs[i].start, fs[i].end);
        let after = &text[end..];
        if after.starts_with(" \"") || after.starts_with(" “") {
            let mut cut = after.len().min(80);
            while !after.is_char_boundary(cut) {
                cut -= 1;
            }
            let tail = &after[..cut];
            let next = fs
                .get(i + 1)
                .map(|g| (g.start, g.end, g.class == Class::Name));
            let close = tail
                .char_indices()
                .skip(2)
                .find(|&(_, c)| c == '"' || c == '”')
                .map(|(j, c)| end + j + c.len_utf8());
            if let Some(w_at) = close.filter(|&c| text[c..].starts_with(' ')).map(|c| c + 1) {
                let new_end = match next {
                    Some((gs, ge, true)) if gs == w_at => Some((ge, true)),
                    Some((gs, _, _)) if gs < w_at => None,
                    _ => word_at(w_at)
                        .filter(|&we| next.is_none_or(|(gs, _, _)| gs >= we))
                        .map(|we| (we, false)),
                };
                if let Some((new_end, merge)) = new_end
                    && nickname(&text[start..new_end]).is_some()
                {
                    fs[i].end = new_end;
                    fs[i].normalized = normalize(&text[start..new_end]);
                    if merge {
                        fs.remove(i + 1);
                    }
                    i += 1;
                    continue;
                }
            }
        }
        // Backward: `Benedetta "Tito" ` then `Mancuso`.
        let before = &text[..start];
        if before.ends_with("\" ") || before.ends_with("” ") {
            let floor = fs
                .get(i.wrapping_sub(1))
                .filter(|_| i > 0)
                .map_or(0, |g| g.end);
            let window_from = start.saturating_sub(80).max(floor);
            let window_from = (window_from..start)
                .find(|&b| text.is_char_boundary(b))
                .unwrap_or(start);
            let window = &text[window_from..start];
            // The word before the opening quote.
            let cands = window
                .char_indices()
                .filter(|&(j, c)| {
                    c.is_uppercase()
                        && (j == 0 || window[..j].ends_with([' ', '\n', '\t', '(', ',']))
                })
                .map(|(j, _)| window_from + j)
                .collect::<Vec<_>>();
            let found = cands.into_iter().rev().find(|&ws| {
                word_at(ws).is_some()
                    && nickname(&text[ws..end])
                        .is_some_and(|(o, _)| word_at(ws).is_some_and(|we| we + 1 == ws + o))
            });
            if let Some(ws) = found {
                fs[i].start = ws;
                fs[i].normalized = normalize(&text[ws..end]);
            }
        }
        i += 1;
    }
    // Neither side found (`Call with Dariush "Lulu" Farahani`): the shape
    // is a name's when both words beside the nickname are capitalized and
    // no ordinary words (`the "Save" button`, `Project "Phoenix" Launch`).
    let title_word = |w: &str| {
        let mut cs = w.chars();
        cs.next().is_some_and(char::is_uppercase)
            && cs.clone().any(char::is_lowercase)
            && cs.all(|c| c.is_alphabetic() || is_mark(c) || matches!(c, '-' | '\'' | '’'))
            && {
                let i = with_fold(w, word_info);
                !i.common && !i.blocked
            }
    };
    let name_char = |c: char| c.is_alphabetic() || is_mark(c) || matches!(c, '-' | '\'' | '’');
    let mut added = Vec::new();
    for (q, qc) in text.match_indices(['"', '“']) {
        let Some(before) = text[..q].strip_suffix(' ') else {
            continue;
        };
        let ws = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !name_char(c))
            .map_or(0, |(j, c)| j + c.len_utf8());
        let close_q = if qc == "\"" { '"' } else { '”' };
        let inner_at = q + qc.len();
        let Some(close) = text[inner_at..]
            .char_indices()
            .take(30)
            .find(|&(_, c)| c == close_q)
            .map(|(j, _)| inner_at + j)
        else {
            continue;
        };
        let w_at = close + close_q.len_utf8() + 1;
        if !text[close + close_q.len_utf8()..].starts_with(' ') {
            continue;
        }
        let we = text[w_at..]
            .char_indices()
            .find(|&(_, c)| !name_char(c))
            .map_or(text.len(), |(j, _)| w_at + j);
        if ws >= q || nickname(&text[ws..we]) != Some((q - ws, close - ws)) {
            continue;
        }
        if !title_word(&text[ws..q - 1]) || !title_word(&text[w_at..we]) {
            continue;
        }
        if fs
            .iter()
            .chain(&added)
            .any(|f: &Finding| f.start < we && ws < f.end)
        {
            continue;
        }
        added.push(Finding {
            class: Class::Name,
            start: ws,
            end: we,
            detector: Detector::NameContext,
            confidence: 0.75,
            normalized: normalize(&text[ws..we]),
        });
    }
    if !added.is_empty() {
        fs.extend(added);
        fs.sort_by_key(|f| f.start);
    }
}

/// Splits `value[from..to]` on `,`, `;`, `|` and line breaks that are not
/// inside double quotes (`"Lee, Ann" <ann@x.com>, Bo <bo@y.org>`); yields
/// each item with its start offset.
fn split_outside_quotes(value: &str, from: usize, to: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = from;
    let mut quoted = false;
    let mut commas = Vec::new();
    for (i, c) in value[from..to].char_indices() {
        let at = from + i;
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => commas.push(at),
            // `王伟、張志雄、李娜`: CJK lists use the enumeration comma.
            ';' | '|' | '\n' | '、' | '；' if !quoted => {
                split_mailbox(value, start, at, &commas, &mut out);
                commas.clear();
                start = at + c.len_utf8();
            }
            _ => {}
        }
    }
    split_mailbox(value, start, to, &commas, &mut out);
    out
}

/// "and" in the languages that join the last two people of a list with
/// it (`Ana Lima, Lowri Prosser y Keishla Ortiz`, `… und …`, `… và …`).
const CONJUNCTIONS: &[&str] = &[
    " and ", " & ", " y ", " e ", " et ", " und ", " en ", " i ", " og ", " och ", " ve ", " и ",
    " і ", " та ", " và ", " dan ", " na ", " ja ", " és ", " a ", " kaj ", " və ", " ir ", " un ",
    " ta' ", " agus ", " ac ",
];

/// Items of a list of people split again where "and" joins two names
/// (each side starts with a capital letter).
fn split_at_conjunctions(items: Vec<(usize, &str)>) -> Vec<(usize, &str)> {
    let mut out = Vec::with_capacity(items.len());
    for (start, item) in items {
        // Two words, "and", two words: four spaces at least.
        if memchr::memchr_iter(b' ', item.as_bytes()).nth(3).is_none() {
            out.push((start, item));
            continue;
        }
        let cut = CONJUNCTIONS.iter().find_map(|c| {
            let p = item.find(c)?;
            let (a, b) = (item[..p].trim(), item[p + c.len()..].trim());
            // Two words on each side at least: `José Ortega y Gasset` is
            // one person.
            (a.starts_with(char::is_uppercase)
                && b.starts_with(char::is_uppercase)
                && a.split_whitespace().count() >= 2
                && b.split_whitespace().count() >= 2
                && !item.contains('@'))
            .then_some((p, c.len()))
        });
        match cut {
            Some((p, n)) => {
                out.push((start, &item[..p]));
                let rest = item[p + n..].trim_end_matches(['.', ' ']);
                out.push((start + p + n, rest));
            }
            None => out.push((start, item)),
        }
    }
    out
}

/// One item of a list of mailboxes (between `;`, `|` or lines), split at
/// its commas unless it is one person's as `Last, First <address>`
/// (`Hoekstra, Floor <floor.hoekstra@…>`).
fn split_mailbox<'v>(
    value: &'v str,
    start: usize,
    end: usize,
    commas: &[usize],
    out: &mut Vec<(usize, &'v str)>,
) {
    if let [c] = commas {
        let (last, first) = (&value[start..*c], &value[c + 1..end]);
        let first_names = first.split(['<', '(']).next().unwrap_or("");
        let words = |s: &str| WordIter::new(s).count();
        if first.contains('@')
            && first.contains(['<', '('])
            && !last.contains('@')
            && (1..=3).contains(&words(last))
            && (1..=2).contains(&words(first_names))
        {
            out.push((start, &value[start..end]));
            return;
        }
    }
    let mut s = start;
    for &c in commas {
        out.push((s, &value[s..c]));
        s = c + 1;
    }
    out.push((s, &value[s..end]));
}

/// Session recall in lower case ("ping kojo about it", "thu to
/// reproduce"): a word written in lower case is a name only when the
/// session (or this text, `local`) knows it as a name part, it is not an
/// ordinary English word or a blocked one (so "mark", "will", "grace"
/// stay words), not a particle, at least three letters long, and it stands
/// as a word of prose, not inside an identifier, path, handle or address
/// (`kojo-laptop`, `/users/kojo`, `@kojo`, `kojo.dev`).
fn lower_recall(
    text: &str,
    w: &Word,
    local: &rustc_hash::FxHashSet<String>,
    memory: &(impl NameMemory + ?Sized),
) -> bool {
    let t = text_of(text, w);
    if t.len() < 3 || (t.len() <= 5 && PARTICLES.contains(&t)) {
        return false;
    }
    let glue = |c: char| {
        c.is_alphanumeric()
            || matches!(
                c,
                '@' | '_' | '-' | '/' | '\\' | '#' | '=' | '$' | '%' | '&' | '+' | '~' | '`'
            )
    };
    if text[..w.start]
        .chars()
        .next_back()
        .is_some_and(|c| glue(c) || matches!(c, '.' | ':'))
    {
        return false;
    }
    let mut after = text[w.end..].chars();
    match after.next() {
        Some(c) if glue(c) => return false,
        Some('.' | ':') if after.next().is_some_and(char::is_alphanumeric) => return false,
        _ => {}
    }
    // Lower-case ASCII letters fold to themselves: no allocation for the
    // common case.
    let known = if t.bytes().all(|b| b.is_ascii_lowercase()) {
        local.contains(t) || memory.knows_name_word(t)
    } else {
        let f = fold(t);
        local.contains(&f) || memory.knows_name_word(&f)
    };
    if !known {
        return false;
    }
    let i = info(text, w);
    // After a day's number a lower-case word is a month ("14 maja" beside
    // a Maja); one with an accent that is an ordinary word of another
    // language is that word, in that language's prose ("são" beside a
    // São). Plain ASCII ones are names as often ("thu").
    let dated = {
        let head = text[..w.start].trim_end_matches(' ');
        head.strip_suffix('.')
            .unwrap_or(head)
            .ends_with(|c: char| c.is_ascii_digit())
    };
    let foreign = !t.is_ascii() && with_fold(t, super::foreign::ordinary_word);
    !i.common && !i.blocked && !dated && !foreign
}

/// Appends the names that session recall finds in lower case in `text`
/// (see [`lower_recall`]), for text the free-text scan does not read (no
/// capital letter in it).
pub fn lower_recall_scan(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let local = rustc_hash::FxHashSet::default();
    for w in WordIter::new(text) {
        if w.case == Case::Lower && lower_recall(text, &w, &local, memory) {
            out.push(Finding {
                class: Class::Name,
                start: w.start,
                end: w.end,
                detector: Detector::NameRecall,
                confidence: 0.7,
                normalized: normalize(text_of(text, &w)),
            });
        }
    }
}

/// Two to four katakana words joined by a middle dot (`パトリシア・タナカ`,
/// `ジュリアナ・ヤマグチ`): how Japanese writes a foreign person's name.
fn katakana_name(s: &str) -> bool {
    let parts: Vec<&str> = s.split(['・', '･']).collect();
    (2..=4).contains(&parts.len())
        && parts.iter().all(|p| {
            p.chars().count() >= 2
                && p.chars()
                    .all(|c| ('\u{30a1}'..='\u{30fa}').contains(&c) || c == 'ー')
        })
}

/// Finds the names in a structured person value: `Ann Lee`, `Lee, Ann`,
/// `Ann Lee <ann@x.com>, Bo Chan <bo@y.org>`, `Ann Lee; Bo Chan`.
/// Spans are relative to `value`.
pub fn person_value(
    value: &str,
    how: Structured,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let trimmed = value.trim();
    // A company or brand of `brands.txt` as a whole (`Ryanair`,
    // `Hershey's`, `Wizz Air`): a shipper or a customer may be one.
    if trimmed.is_empty() || listed_brand(trimmed) {
        return;
    }
    // A search engine's highlighted fragment (`<em>Themba</em>`,
    // `<mark>Ann</mark> Lee`): the names in the text between the tags.
    if let Some(parts) = between_tags(value) {
        for (at, part) in parts {
            let from = out.len();
            person_value(part, how, memory, out);
            for f in &mut out[from..] {
                f.start += at;
                f.end += at;
            }
        }
        return;
    }
    let base = value.len() - value.trim_start().len();
    // Whole values of a person's name in a form of its own:
    // - surname and given name joined by carets, as HL7 and reservation
    //   systems write a person (`Hüseynov^Elvin`, `Lim^Zhi Hao`,
    //   `પટેલ^નિરવ`), when each part looks like a name;
    // - `SURNAME/GIVEN`, as airlines and visa forms write a traveller
    //   (`ATHUMANI/OMARI`, `ANTUNES DA SILVA/JOÃO MR`);
    // - a foreign name written in katakana, its parts joined by a middle
    //   dot (`パトリシア・タナカ`), under a key for a person.
    if caret_name(trimmed, memory)
        || slashed_value(trimmed, how, memory)
        || (how == Structured::Sure && katakana_name(trimmed))
        || (how != Structured::Maybe && super::cjk::party_name(trimmed))
    {
        out.push(Finding {
            class: Class::Name,
            start: base,
            end: base + trimmed.len(),
            detector: Detector::NameStructured,
            confidence: 0.85,
            normalized: normalize(trimmed),
        });
        return;
    }
    // A reviewer's or a poster's name and a number (`Habimana 19`,
    // `ຄຳພັນ 84`) under a person's key: the name is the words before it.
    // (Under another key, or with one digit, a name and a number are a
    // ship's, a model's: `Queen Mary 2`.)
    if how == Structured::Sure
        && let Some((name, n)) = trimmed.rsplit_once(' ')
        && (2..=4).contains(&n.len())
        && n.bytes().all(|b| b.is_ascii_digit())
        && !name.contains(|c: char| c.is_ascii_digit())
    {
        let from = out.len();
        person_value(name, how, memory, out);
        for f in &mut out[from..] {
            f.start += base;
            f.end += base;
        }
        return;
    }
    // "Last, First" as a whole; the surname may carry particles ("Van der
    // Linden, Thijs", "De Vries, Thijs").
    let surname_part = |a: &str| {
        let ws: Vec<Word> = WordIter::new(a).take(4).collect();
        !ws.is_empty()
            && ws.len() <= 3
            && ws[..ws.len() - 1].iter().all(|w| {
                let t = &a[w.start..w.end];
                t.len() <= 5 && PARTICLES.iter().any(|p| p.eq_ignore_ascii_case(t))
            })
    };
    if let Some((a, b)) = trimmed.split_once(',')
        && !b.contains(',')
        && surname_part(a)
        && WordIter::new(b).take(2).count() == 1
        && looks_like_name(trimmed, &words(trimmed), how != Structured::Sure)
    {
        push_name(value, base, base + trimmed.len(), how, memory, out);
        return;
    }
    // After a name of several words, a lone brand or place is where the
    // person works or lives (`WELAT ASLAN, Peugeot`, `Marvi MIRANI,
    // Osaka`), not a second person.
    let mut after_full_name = false;
    let items = split_at_conjunctions(split_outside_quotes(value, base, base + trimmed.len()));
    for (n, &(item_start, item)) in items.iter().enumerate() {
        let mut s = item_start;
        let mut e = item_start + item.len();
        // Drop an address part: "<a@b>", "(a@b)", or a bare address.
        let seg = &value[s..e];
        let mut item_how = how;
        if seg.contains('@') {
            // "Name <address>": the display name of a mailbox is a person's
            // name unless it is made of ordinary words ("Support Team").
            item_how = Structured::Sure;
            let cut = seg.find(['<', '(']).or_else(|| {
                // Bare address: "ann@x.com" or "Ann Lee ann@x.com".
                seg.rfind(' ')
                    .filter(|&p| seg[p..].contains('@'))
                    .or(Some(0).filter(|_| !seg.trim().contains(' ')))
            });
            match cut {
                Some(p) if org_mailbox(&seg[..p], &seg[p..]) => continue,
                Some(p) => e = s + p,
                None => continue,
            }
        } else if let Some(p) = seg.find(['(', '（'])
            && p > 0
            && seg.trim_end().ends_with([')', '）'])
        {
            // "Sydney Kingsford Smith (SYD)": an airport, by its code.
            let end = seg.trim_end().len();
            if how != Structured::Sure
                && seg[..p].ends_with(' ')
                && super::lexicon::is_place(&fold(seg[..p].split(' ').next().unwrap_or("")))
                && airport_code_after(&seg[p - 1..end])
            {
                continue;
            }
            // "Биджай Саху (Bijay Sahu)", "ཉི་མ་ནོར་བུ (Nyima Norbu)": the
            // same name in a second script is the person's too.
            let open = if seg[p..].starts_with('(') {
                1
            } else {
                '（'.len_utf8()
            };
            let close = seg[..end].chars().next_back().map_or(1, char::len_utf8);
            if transliterated(value, s, s + p, s + p + open, s + end - close, memory, out) {
                continue;
            }
            // "Ann Lee (Sales)", "佐藤 健太（営業部）": a note after the name.
            e = s + p;
        }
        // Trim spaces and quotes.
        while s < e && value[s..e].starts_with([' ', '"', '\'', '\t']) {
            s += 1;
        }
        while e > s && value[..e].ends_with([' ', '"', '\'', '\t']) {
            e -= 1;
        }
        // A leading title is context, not part of the name: "Dr. Okafor".
        if let Some(w) = WordIter::new(&value[s..e]).next() {
            let t = &value[s + w.start..s + w.end];
            if TITLES.iter().any(|x| x.eq_ignore_ascii_case(t)) && !capitalized_lower_case_title(t)
            {
                let rest = value[s + w.end..e].trim_start_matches(['.', ' ']);
                if !rest.is_empty() {
                    s = e - rest.len();
                    item_how = Structured::Sure;
                }
            }
        }
        // "Ana Lima, Tel. 555 0132", "ეკა შონია, ტელ. …": a contact's
        // label after the name ends the list of people.
        if n > 0
            && let Some(w) = WordIter::new(&value[s..e]).next()
            && w.start == 0
            && (s + w.end == e || value[s + w.end..e].starts_with(['.', ':', ' ']))
            && matches!(
                super::keys::kind_of(&value[s..s + w.end]),
                super::keys::KeyKind::Phone | super::keys::KeyKind::Email
            )
        {
            continue;
        }
        if s < e {
            let ws = words(&value[s..e]);
            // (Not when a lone word follows: `Ana Lima, Coimbra, Rui` is
            // a surname and its given name.)
            let lone_next = items.get(n + 1).is_some_and(|(_, x)| {
                x.trim().split(' ').count() == 1 && x.trim().starts_with(char::is_alphabetic)
            });
            if after_full_name
                && ws.len() == 1
                && !lone_next
                && with_fold(text_of(&value[s..e], &ws[0]), |f| {
                    (word_info(f).blocked || EPONYM_SET.contains(f)) && !memory.knows_name_word(f)
                })
            {
                continue;
            }
            let before = out.len();
            push_name(value, s, e, item_how, memory, out);
            after_full_name = out.len() > before && ws.len() >= 2;
        }
    }
}

/// Whether the letters of `s` are Latin ones (and it has some).
fn latin_letters(s: &str) -> Option<bool> {
    let mut letters = s.chars().filter(|c| c.is_alphabetic()).peekable();
    letters.peek()?;
    Some(letters.all(latin_char))
}

/// A name and, in parentheses, the same name in a second script, under a
/// person's key: `value[s..e]` is the name, `value[is..ie]` what the
/// parentheses hold. The one in Latin letters must look like a name as
/// any value there does; then the other is the person's too, whatever its
/// script's words look like. Same-script notes (`Ann Lee (Sales)`) are
/// left to the caller.
fn transliterated(
    value: &str,
    s: usize,
    e: usize,
    is: usize,
    ie: usize,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> bool {
    let trim = |a: usize, b: usize| {
        let t = &value[a..b];
        let a2 = a + (t.len() - t.trim_start().len());
        (a2, a2 + t.trim().len())
    };
    let (s, e) = trim(s, e);
    let (is, ie) = trim(is, ie);
    if s >= e || is >= ie || value[is..ie].contains(['(', ')', '@', '/', ':']) {
        return false;
    }
    let (Some(head_latin), Some(inner_latin)) =
        (latin_letters(&value[s..e]), latin_letters(&value[is..ie]))
    else {
        return false;
    };
    if head_latin == inner_latin || value[s..e].chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    let (ls, le, os, oe) = if inner_latin {
        (is, ie, s, e)
    } else {
        (s, e, is, ie)
    };
    // Both sides of one or a few words.
    if value[ls..le].split(' ').count() > 4 || value[os..oe].split(' ').count() > 4 {
        return false;
    }
    // An ordinary word is a note in any script (`Иван Петров (Sales)`,
    // `(Sales Team)`).
    if value[ls..le]
        .split([' ', '-'])
        .any(|w| with_fold(w, |f| word_info(f).common_only()))
    {
        return false;
    }
    let before = out.len();
    push_name(value, ls, le, Structured::Sure, memory, out);
    if out.len() > before {
        out.push(Finding {
            class: Class::Name,
            start: os,
            end: oe,
            detector: Detector::NameStructured,
            confidence: 0.85,
            normalized: normalize(&value[os..oe]),
        });
        return true;
    }
    false
}

/// Two to four parts joined by `^`, none empty, each of letters (and the
/// spaces, hyphens and apostrophes of names), none an ordinary word:
/// `Hüseynov^Elvin`, `O'Keefe^Chloe`, `Lim^Zhi Hao` (not `Room^Service`).
fn caret_name(v: &str, memory: &(impl NameMemory + ?Sized)) -> bool {
    let parts: Vec<&str> = v.split('^').collect();
    (2..=4).contains(&parts.len())
        && v.len() <= 80
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.trim() == *p
                && p.chars().all(|c| {
                    c.is_alphabetic() || is_mark(c) || matches!(c, ' ' | '-' | '\'' | '’' | '.')
                })
        })
        && parts.iter().all(|p| {
            !with_fold(p, |f| {
                word_info(f).common_only() && !memory.knows_name_word(f)
            })
        })
}

/// Names written `SURNAME^GIVEN` inside text, as HL7 and reservation
/// systems print them into lines of their own (`SEPA transfer from
/// صدیقی^احمد شاه    7,951.18`, `[SKU-1] PEMBERTON^HARRIET / Tata`,
/// `PV1|1|I|Room 4||||هەورامی^ئاران^^^DR`): the word before a caret and the
/// parts after it up to an empty part (`^^`), each judged as a whole
/// value is ([`caret_value`]), so coded values stay (`GLU^Glucose^LN`).
/// In a script without case the last part may run on over one or two
/// words of that script, when a gap, a line's end or a separator closes
/// them.
pub(crate) fn caret_names(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let letter = |c: char| c.is_alphabetic() || is_mark(c) || matches!(c, '-' | '\'' | '’');
    // What other detectors found, by start, to skip in O(log n) (the
    // eight nearest before; a name also found past them is one more
    // overlapping finding, which `resolve` settles).
    let mut taken: Vec<(usize, usize)> = out.iter().map(|f| (f.start, f.end)).collect();
    taken.sort_unstable();
    let inside = |at: usize| {
        let i = taken.partition_point(|&(s, _)| s <= at);
        taken[..i].iter().rev().take(8).any(|&(_, e)| at < e)
    };
    let mut from = 0;
    while let Some(p) = text[from..].find('^').map(|p| from + p) {
        from = p + 1;
        // The surname: letters back to a boundary.
        let start = text[..p]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| letter(c))
            .last()
            .map_or(p, |(i, _)| i);
        // An identifier may come first, as in HL7's XCN (`12345^Smith^Ann`).
        let after_id = text[..start].strip_suffix('^').is_some_and(|before| {
            let id = before
                .rsplit(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or("");
            id.bytes().any(|b| b.is_ascii_digit())
        });
        if start == p
            || (!after_id
                && text[..start]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || matches!(c, '^' | '_' | '.' | '@')))
            || inside(start)
        {
            continue;
        }
        // The parts after it, up to an empty one or a non-letter.
        let mut end = p;
        let mut parts = 1;
        while text[end..].starts_with('^') && parts < 4 {
            let part_end = end
                + 1
                + text[end + 1..]
                    .char_indices()
                    .find(|&(_, c)| !letter(c))
                    .map_or(text.len() - end - 1, |(i, _)| i);
            if part_end == end + 1 {
                break;
            }
            end = part_end;
            parts += 1;
        }
        if parts < 2 {
            continue;
        }
        // A caseless script's given name of several words (`احمد شاه`).
        // In Latin letters, words cased as the part is (`Lim^Zhi Hao`).
        let last_word = text[..end].rsplit(['^', ' ']).next().unwrap_or("");
        let shape = |w: &str| {
            let caps = !w.chars().any(char::is_lowercase);
            let latin = w.chars().all(|c| !c.is_alphabetic() || latin_char(c));
            (
                word_script(w),
                latin && w.starts_with(char::is_uppercase),
                caps,
            )
        };
        let script = shape(last_word);
        if script.0.is_some() || script.1 {
            let mut e = end;
            for _ in 0..2 {
                let Some(rest) = text[e..].strip_prefix(' ') else {
                    break;
                };
                let w = rest.split(|c: char| !letter(c)).next().unwrap_or("");
                if w.is_empty() || shape(w) != script {
                    break;
                }
                e += 1 + w.len();
                let after = &text[e..];
                if after.is_empty()
                    || after.starts_with(['\n', '\r', '|', ',', '/', ')', '"', '^', '\t'])
                    || after.starts_with("  ")
                {
                    end = e;
                }
            }
        }
        // An identifier in capitals before a name of another script
        // (`CTSLNZ^પટેલ^નિધિ`) is the identifier, not a surname.
        let mut start = start;
        if parts >= 3
            && let Some(first) = text[start..end].split('^').next()
            && first.bytes().all(|b| b.is_ascii_uppercase())
            && !text[start + first.len()..end]
                .chars()
                .any(|c| c.is_alphabetic() && latin_char(c))
        {
            start += first.len() + 1;
        }
        let value = &text[start..end];
        if caret_value(value, memory) {
            out.push(Finding {
                class: Class::Name,
                start,
                end,
                detector: Detector::NameStructured,
                confidence: 0.8,
                normalized: normalize(value),
            });
        }
        from = end.max(from);
    }
}

/// A whole value `caret_name` accepts under any key, as HL7 segments
/// read into JSON hold a person (`{"5": "Frandsen^Mette"}`): its Latin
/// parts capitalized and not in capitals (coded values are: `GLU^Glucose^LN`),
/// or in capitals with a given name or surname of the lists among them
/// (`SMITH^JOHN`).
pub fn caret_value(v: &str, memory: &(impl NameMemory + ?Sized)) -> bool {
    let v = v.trim();
    if !v.contains('^') || !caret_name(v, memory) {
        return false;
    }
    let parts: Vec<&str> = v.split('^').collect();
    // Latin letters, not the space between two words of another script.
    let latin = |p: &str| p.chars().any(|c| c.is_alphabetic() && latin_char(c));
    let title = |p: &str| {
        p.split([' ', '-']).all(|w| {
            let mut c = w.chars();
            c.next().is_some_and(char::is_uppercase) && c.clone().any(char::is_lowercase)
        })
    };
    let listed = |p: &str| {
        p.split([' ', '-']).any(|w| {
            with_fold(w, |f| {
                let i = word_info(f);
                (i.given >= 2_000 || (1..=10_000).contains(&i.surname_rank)) && !i.common
            })
        })
    };
    let upper = |p: &str| !p.chars().any(char::is_lowercase);
    parts.iter().all(|p| !latin(p) || title(p) || upper(p))
        && (parts.iter().all(|p| !latin(p) || title(p))
            || parts.iter().any(|p| upper(p) && listed(p)))
        && parts
            .iter()
            .all(|p| p.chars().filter(|c| c.is_alphabetic()).count() >= 2)
}

/// `SURNAME/GIVEN` as a whole value under a person's key: one slash with
/// no space around it, one to three words of letters on each side (a
/// title may end the given names: `MR`, `MRS`, `MS`), none an ordinary
/// word the session does not know as a name. In capitals under any
/// person's key; capitalized (`Liu/Yutong`) only under a key sure of it.
fn slashed_value(v: &str, how: Structured, memory: &(impl NameMemory + ?Sized)) -> bool {
    let Some((a, b)) = v.split_once('/') else {
        return false;
    };
    if v.len() > 80 || b.contains('/') || a.ends_with(' ') || b.starts_with(' ') {
        return false;
    }
    let caps = !v.chars().any(char::is_lowercase);
    if !caps && how != Structured::Sure {
        return false;
    }
    // Two people, not a surname and given names (`Ana Lima/Bo Chan`).
    if !caps && a.contains(' ') && b.contains(' ') {
        return false;
    }
    // A pair of short words no list holds is a pair of acronyms
    // (`EMEA/APAC`, `CFO/CEO`), not a traveller.
    let listed = |s: &str| {
        s.split(' ').any(|w| {
            with_fold(w, |f| {
                let i = word_info(f);
                i.given > 0 || i.surname_rank > 0 || memory.knows_name_word(f)
            })
        })
    };
    let long = |s: &str| s.split(' ').all(|w| w.chars().count() >= 5);
    if !(listed(a) || listed(b) || (long(a) && long(b))) {
        return false;
    }
    const PNR_TITLES: &[&str] = &["mr", "mrs", "ms", "miss", "mstr", "dr", "prof"];
    let side = |s: &str, given: bool| {
        let ws: Vec<&str> = s.split(' ').collect();
        let ws = if given && ws.len() > 1 && PNR_TITLES.contains(&fold(ws[ws.len() - 1]).as_str()) {
            &ws[..ws.len() - 1]
        } else {
            &ws[..]
        };
        (1..=3).contains(&ws.len())
            && ws.iter().all(|w| {
                w.chars().filter(|c| c.is_alphabetic()).count() >= 2
                    && w.chars().next().is_some_and(char::is_uppercase)
                    && w.chars()
                        .all(|c| c.is_alphabetic() || is_mark(c) || matches!(c, '-' | '\'' | '’'))
                    && !with_fold(w, |f| {
                        word_info(f).common_only() && !memory.knows_name_word(f)
                    })
            })
    };
    // (Six letters at least: `TCP/IP` is no traveller.)
    v.chars().filter(|c| c.is_alphabetic()).count() >= 6 && side(a, false) && side(b, true)
}

/// Local parts of a company's shared mailboxes (`sales@`, `careers@`,
/// `accounts.payable@`).
const ROLE_MAILBOXES: &[&str] = &[
    "sales",
    "careers",
    "jobs",
    "info",
    "support",
    "help",
    "service",
    "accounts",
    "billing",
    "invoices",
    "noreply",
    "no-reply",
    "donotreply",
    "hello",
    "contact",
    "orders",
    "office",
    "admin",
    "hr",
    "team",
    "news",
    "newsletter",
    "marketing",
    "press",
    "enquiries",
    "inquiries",
    "bookings",
    "reservations",
    "shop",
    "store",
    "mail",
    "notifications",
    "receivables",
    "payables",
    "finance",
    "recruiting",
    "talent",
    "customercare",
    "care",
];

/// Whether `display` before a mailbox `address` (`Sakura Denki
/// <sales@sakura-denki.ss>`, `Orbitalis <careers@orbitalis.lv>`) is a
/// company's: the address is a shared one (a role, not a person) and the
/// display name, all its words together, is the domain's first label. A
/// person on their own domain (`Ana Lima <ana@analima.pt>`, `Jane Doe
/// <hello@janedoe.com>`: a given name and a surname) stays a person.
fn org_mailbox(display: &str, address: &str) -> bool {
    let address = address.trim_matches(|c: char| matches!(c, '<' | '>' | '(' | ')' | ' '));
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    let role = local
        .split(['.', '_', '+'])
        .next()
        .is_some_and(|w| ROLE_MAILBOXES.iter().any(|r| r.eq_ignore_ascii_case(w)));
    if !role {
        return false;
    }
    let label: String = domain
        .split('.')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    let compact: String = display
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    // A person on their own domain (`Jane Doe <hello@janedoe.com>`): a
    // given name, then surnames or given names.
    let ws: Vec<&str> = display.split_whitespace().collect();
    let person = ws.first().is_some_and(|f| {
        with_fold(f, |f| word_info(f).given >= 200)
            && ws[1..].iter().all(|w| {
                with_fold(w, |w| {
                    let i = word_info(w);
                    i.surname_rank > 0 || i.given > 0
                })
            })
    });
    label.len() >= 4 && compact == label && !person
}

fn push_name(
    value: &str,
    s: usize,
    e: usize,
    how: Structured,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let name = &value[s..e];
    let strict = how != Structured::Sure || value[e..].trim_start().starts_with(['<', '(']);
    let ws = words(name);
    if !looks_like_name(name, &ws, strict) {
        return;
    }
    // A company's or an institution's name under a person's label
    // ("Name: Philips Holdings" in a companies register) is none.
    const CORPORATE: &[&str] = &[
        "inc",
        "corp",
        "corporation",
        "llc",
        "ltd",
        "plc",
        "gmbh",
        "holdings",
        "industries",
        "enterprises",
        "airlines",
        "airways",
        "university",
        "institute",
        "foundation",
        "company",
        "motors",
        "brothers",
        "bros",
        "partners",
        "associates",
        "international",
        "motor",
        "electric",
        "electronics",
        "services",
        "consultancy",
        "consulting",
        "group",
        "limited",
        "technologies",
        "solutions",
        "systems",
        // Trades ("Fernhill Dental", "Polaris Pharma", "Tessera Pay").
        "dental",
        "pharma",
        "shipping",
        "logistik",
        "seguros",
        "insurance",
        "energía",
        "energia",
        "energy",
        "denki",
        "studios",
        "capital",
        "pay",
        "travel",
        "software",
        "digital",
        "media",
        "analytics",
        "robotics",
        "networks",
        "telecom",
        "freight",
        "realty",
        "properties",
        "construction",
        "engineering",
        "automotive",
        "pharmacy",
        "ventures",
        "financial",
        "healthcare",
        "textiles",
        "bakery",
        "logistics",
        "llp",
        "pvt",
        "pty",
        "ltda",
        "sarl",
    ];
    if ws.len() >= 2 && with_fold(text_of(name, &ws[ws.len() - 1]), |f| CORPORATE.contains(&f)) {
        return;
    }
    // A place named by its kind (`Mount Kilimanjaro`, `Lake Louise`,
    // `Khao San Road`) under a person's label is the place: an address's
    // part, not a name.
    const PLACE_FIRST: &[&str] = &[
        "mount", "mt", "lake", "fort", "ft", "port", "cape", "isle", "saint", "sainte", "são",
        "santa", "sankt", "sint", "rue", "via", "avenida", "calle", "rua", "praça", "piazza",
        "plaza", "new", "los", "las",
    ];
    if ws.len() >= 2
        && (with_fold(text_of(name, &ws[0]), |f| {
            PLACE_FIRST.contains(&f) || SHIP_PREFIXES.contains(&f)
        }) || with_fold(text_of(name, &ws[ws.len() - 1]), |f| {
            STREET_WORDS.contains(&f)
        }))
    {
        return;
    }
    // A company named after people, as a whole (`Goldman Sachs`, `Ford
    // Motor Company`): under a label a client or an account may be one.
    // Not one word (a surname: `Ferrari`), nor a given name and another
    // (`Benito Juarez`): people are called so.
    // The normalized name, computed once for the checks and the finding.
    let mut norm: Option<String> = None;
    let mut eponym = || eponym_phrase(norm.get_or_insert_with(|| normalize(name)));
    // A given name and a surname few people bear, named as a whole
    // company (`Charles Schwab`, `Tim Hortons`), is the company.
    if ws.len() >= 2
        && !as_people_are_called(info(name, &ws[0]), info(name, &ws[ws.len() - 1]))
        && eponym()
    {
        return;
    }
    // Ordinary words only, wherever they sit: a role, a department or a
    // heading (`Nanee Shlimon, Product Manager`, `<h1>Privacy Notice</h1>`),
    // never a person's name. (One word may be a given name under a
    // person's key: `April`.)
    if ws.len() >= 2
        && ws.iter().filter(|w| !is_particle(name, w)).all(|w| {
            // Not a given name nor a surname of any frequency (`Fan Sun`
            // are both).
            let i = info(name, w);
            (i.common || i.blocked) && i.given < 2_000 && !(1..=15_000).contains(&i.surname_rank)
        })
    {
        return;
    }
    let sure = match how {
        Structured::Sure => true,
        Structured::Maybe | Structured::Party => {
            // Dictionary support: a given name first, or a known name word;
            // never a company ("Dell Technologies", "Porsche AG").
            // "Rees, Angharad": the given name comes after the comma.
            let last_first = ws.len() >= 2 && name[ws[0].end..ws[1].start].contains(',');
            let first = info(
                name,
                if last_first {
                    &ws[ws.len() - 1]
                } else {
                    &ws[0]
                },
            );
            let last = &ws[ws.len() - 1];
            let org = info(name, last).blocked
                || holiday(name, &ws)
                || is_in(name, last, ORG_TAIL)
                || with_fold(text_of(name, &ws[0]), |f| EPONYM_SET.contains(f))
                || eponym();
            !org && (ws
                .iter()
                .any(|w| with_fold(text_of(name, w), |f| memory.knows_name_word(f)))
                || (initials_then_surname(name, &ws) && !info(name, last).common_only())
                || ((first.strong_given() || first.ambiguous_given()) && ws.len() >= 2)
                // A surname, a comma and a name word ("Rees, Angharad").
                || (last_first && info(name, &ws[0]).surname_like() && !first.common_only())
                || (ws.len() == 1 && surname_first_shape(name.trim()))
                || (how == Structured::Party && name_shaped(name, &ws)))
        }
    };
    if sure {
        out.push(Finding {
            class: Class::Name,
            start: s,
            end: e,
            detector: Detector::NameStructured,
            confidence: if how == Structured::Sure { 0.9 } else { 0.8 },
            normalized: norm.take().unwrap_or_else(|| normalize(name)),
        });
    }
}

/// The pieces of text between the inline tags of a short value
/// (`<em>Themba</em> Zungu` → `Themba`, ` Zungu`), with their offsets, if
/// it holds a closing tag and nothing but short tags and text.
fn between_tags(value: &str) -> Option<Vec<(usize, &str)>> {
    if value.len() > 200 || !value.contains("</") {
        return None;
    }
    let mut parts = Vec::new();
    let mut i = 0;
    while let Some(lt) = value[i..].find('<').map(|p| p + i) {
        let gt = value[lt..].find('>').map(|p| p + lt)?;
        let tag = &value[lt + 1..gt];
        if tag.is_empty() || tag.len() > 40 || tag.contains('<') {
            return None;
        }
        if !value[i..lt].trim().is_empty() {
            parts.push((i, &value[i..lt]));
        }
        i = gt + 1;
    }
    if !value[i..].trim().is_empty() {
        parts.push((i, &value[i..]));
    }
    Some(parts)
}

/// Whether a value under a maybe-person key is shaped like a person's name
/// even where no dictionary knows a word of it ("Femke de Jong", "رضا
/// تهرانی"): two to four capitalized Latin words (particles apart) of which
/// none is an ordinary word of English or of another listed language, or
/// two or three words of one caseless script.
fn name_shaped(name: &str, ws: &[Word]) -> bool {
    let core: Vec<&Word> = ws.iter().filter(|w| !is_particle(name, w)).collect();
    if !(2..=4).contains(&core.len()) {
        return false;
    }
    if core.iter().all(|w| w.case == Case::Uncased) {
        let script = word_script(text_of(name, core[0]));
        return core.len() <= 3
            && script.is_some()
            && core.iter().all(|w| word_script(text_of(name, w)) == script);
    }
    // All capitalized or all in capitals ("BACHISIO CABRAS").
    let case = if core.iter().all(|w| w.case == Case::Upper) {
        Case::Upper
    } else {
        Case::Title
    };
    core.iter().all(|w| {
        let t = text_of(name, w);
        let i = info(name, w);
        w.case == case
            && latin(t)
            && t.chars().nth(1).is_some()
            && !i.common
            && !i.blocked
            && !i.foreign
    })
}

/// A value under a person's key shaped as one name ([`name_shaped`]), a
/// part of which the scan found (`ሰላም በቀለ`, read as the greeting `ሰላም`
/// and a name; `Ann Lee` with only `Lee` recalled): the name is the whole
/// value, since half a name tokenized leaks the rest. `found` holds the
/// scan's findings of that value, sorted; it is left alone when any is
/// not a name or the value is the name already.
pub(crate) fn whole_value_name(value: &str, found: &mut Vec<Finding>) {
    if found.is_empty() || found.iter().any(|f| f.class != Class::Name) {
        return;
    }
    let t = value.trim();
    let start = value.len() - value.trim_start().len();
    let end = start + t.len();
    if (found.len() == 1 && found[0].start == start && found[0].end == end)
        || t.len() > 60
        || t.contains(['\n', ',', '(', '@', '/'])
        || t.bytes().any(|b| b.is_ascii_digit())
    {
        return;
    }
    let ws = words(t);
    if ws.len() < 2 || !name_shaped(t, &ws) {
        return;
    }
    let confidence = found.iter().map(|f| f.confidence).fold(0.0, f32::max);
    found.clear();
    found.push(Finding {
        class: Class::Name,
        start,
        end,
        detector: Detector::NameStructured,
        confidence,
        normalized: normalize(t),
    });
}

/// Whether a whole value is written as a person's name is filed, "Last,
/// First" ("Pickering, Theo", "Al Hammadi, Saeed"), with no word of it a
/// place, a region or an eponym ("Paris, France", "Austin, Texas"): an
/// audit log's target, a CRM's record key, a reference in a form. Such a
/// value is then read as a party's name ([`Structured::Party`]).
pub fn last_first_value(text: &str) -> bool {
    let t = text.trim();
    if t.len() > 60
        || t.contains(['\n', '@', '/', ':', '(', '"'])
        || t.bytes().any(|b| b.is_ascii_digit())
    {
        return false;
    }
    let Some((a, b)) = t.split_once(", ") else {
        return false;
    };
    if b.contains(',') || a.contains(',') {
        return false;
    }
    let (wa, wb) = (words(a), words(b));
    if wa.is_empty() || wa.len() > 3 || wb.len() != 1 {
        return false;
    }
    let ok = |s: &str, w: &Word| {
        !info(s, w).blocked
            && with_fold(text_of(s, w), |f| {
                !PLACE_NAME_SET.contains(f) && !EPONYM_SET.contains(f)
            })
    };
    wa.iter().all(|w| ok(a, w)) && ok(b, &wb[0])
}

/// Whether a table cell, alone, looks like a person's name the dictionaries
/// back: cased like a name (or two or three words of a caseless
/// alphabet), not an organization, and holding a given name or surname
/// that is not an ordinary word, or a name word seen earlier in the
/// session. A column of such cells holds names whatever its header says.
pub(crate) fn name_cell(cell: &str, memory: &(impl NameMemory + ?Sized)) -> bool {
    let t = cell.trim();
    let ws = words(t);
    if ws.is_empty() || ws.len() > 5 || !looks_like_name(t, &ws, true) {
        return false;
    }
    let last = &ws[ws.len() - 1];
    if info(t, last).blocked
        || holiday(t, &ws)
        || is_in(t, last, ORG_TAIL)
        || with_fold(text_of(t, &ws[0]), |f| EPONYM_SET.contains(f))
        || brand_cell(t)
    {
        return false;
    }
    let caseless = (2..=3).contains(&ws.len()) && ws.iter().all(|w| w.case == Case::Uncased);
    caseless
        || ws.iter().any(|w| {
            let i = info(t, w);
            ((i.given > 0 || i.surname_like()) && !i.common && !i.blocked)
                || with_fold(text_of(t, w), |f| memory.knows_name_word(f))
        })
}

/// Whether a value read where a party's name stands (a bank statement's
/// `SEPA CREDIT …`) is a company's rather than a person's: a brand named
/// after people, a word that ends organizations' names or a legal form, or
/// ordinary words only (`ACME LOGISTICS LTD`, `CITY COUNCIL`).
pub(crate) fn organization_shaped(value: &str) -> bool {
    let t = value.trim();
    let ws = words(t);
    brand_cell(t)
        || ws.iter().any(|w| is_in(t, w, ORG_TAIL))
        || ws.iter().any(|w| legal_form_at(&t[w.start..]))
        || ws.iter().all(|w| info(t, w).common_only())
}

/// A person's name taught by an email address (`maya.vieira@…` → "maya vieira"),
/// when the local part is a given name and another name-like word.
pub fn name_from_email(address: &str) -> Option<String> {
    let local = address.split('@').next()?;
    let local = local.split('+').next()?;
    let mut parts = local.split(['.', '_', '-']);
    let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
        return None;
    };
    let letters = |s: &str| s.chars().count() >= 2 && s.chars().all(char::is_alphabetic);
    if !letters(a) || !letters(b) {
        return None;
    }
    // Looked up folded on the stack; the name is built only when taught.
    let (ia, ib) = (with_fold(a, word_info), with_fold(b, word_info));
    let given = |i: &WordInfo| i.strong_given() || i.ambiguous_given();
    let family = |i: &WordInfo| i.surname_like() || i.unknown();
    if (given(&ia) && family(&ib)) || (given(&ib) && family(&ia) && ia.surname_rank > 0) {
        let (fa, fb) = (fold(a), fold(b));
        Some(format!("{fa} {fb}"))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {

    /// The character at byte `i` of `text` (a char boundary) and its length;
    /// ASCII without decoding.
    #[inline]
    fn char_at(text: &str, i: usize) -> (char, usize) {
        let b = text.as_bytes()[i];
        if b < 0x80 {
            (char::from(b), 1)
        } else {
            let c = text[i..].chars().next().unwrap_or('\0');
            (c, c.len_utf8())
        }
    }

    /// The splitter as it was before [`WordIter`] (a reference for the test below).
    fn reference_words_upto(text: &str, limit: usize) -> Vec<Word> {
        let mut out = Vec::with_capacity((text.len() / 6 + 1).min(limit));
        let n = text.len();
        let mut i = 0;
        while i < n && out.len() < limit {
            let (c, len) = char_at(text, i);
            if !is_word_char(c) {
                i += len;
                continue;
            }
            let start = i;
            let mut end = i + len;
            let bits = case_bits(c);
            let mut upper = usize::from(bits & 1 != 0);
            let mut lower = usize::from(bits & 2 != 0);
            let mut digit = bits & 4 != 0;
            let mut uncased = bits & 8 != 0;
            let first_upper = bits & 1 != 0;
            let mut j = end;
            while j < n {
                let (d, dl) = char_at(text, j);
                if is_word_char(d) {
                    let bits = case_bits(d);
                    upper += usize::from(bits & 1 != 0);
                    lower += usize::from(bits & 2 != 0);
                    digit |= bits & 4 != 0;
                    uncased |= bits & 8 != 0;
                    end = j + dl;
                    j = end;
                } else if matches!(d, '\'' | '’') && {
                    // A possessive "'s" is not part of the name: "Aurore's".
                    let rest = &text[j + dl..];
                    (rest.starts_with('s') || rest.starts_with('S'))
                        && !rest[1..].starts_with(|x: char| x.is_alphanumeric())
                } {
                    break;
                } else if matches!(d, '\'' | '’' | '-' | '\u{200c}' | '\u{200d}')
                    && text[j + dl..].starts_with(|x: char| x.is_alphabetic())
                {
                    if d == '-' && first_upper && compound_after(&text[j + 1..], upper + lower > 0)
                    {
                        break;
                    }
                    end = j + dl;
                    j = end;
                } else {
                    break;
                }
            }
            let case = if digit {
                Case::Mixed
            } else if uncased && upper == 0 && lower == 0 {
                Case::Uncased
            } else if first_upper && lower > 0 {
                Case::Title
            } else if upper >= 2 && lower == 0 {
                Case::Upper
            } else if upper == 1 && lower == 0 {
                // A single capital letter: an initial.
                Case::Title
            } else {
                Case::Lower
            };
            out.push(Word { start, end, case });
            i = j;
        }
        out
    }

    /// Text from a small alphabet of everything the splitter treats apart:
    /// ASCII letters and digits, apostrophes, hyphens, accents (composed and
    /// combining), capitals beyond ASCII, uncased scripts, spaces, breaks.
    fn random_text(x: &mut u64) -> String {
        const ALPHABET: &[&str] = &[
            "a", "Z", "s", "S", "7", " ", "'", "’", "-", "\n", ".", ",", "é", "É", "\u{301}", "王",
            "김", "ß", "Ω", "٣", "_", "Ⅻ", "\u{200d}",
        ];
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let len = (*x % 14) as usize;
        let mut y = *x;
        (0..len)
            .map(|_| {
                y = y
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ALPHABET[((y >> 33) % ALPHABET.len() as u64) as usize]
            })
            .collect()
    }

    fn spans(ws: &[Word]) -> Vec<(usize, usize, Case)> {
        ws.iter().map(|w| (w.start, w.end, w.case)).collect()
    }

    #[test]
    fn caret_names_in_text() {
        let found = |t: &str| {
            let mut out = Vec::new();
            caret_names(t, &crate::pii::NoMemory, &mut out);
            out.iter()
                .map(|f| t[f.start..f.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            found("8 Apr 2025  SEPA transfer from صدیقی^احمد شاه    7,951.18 zł"),
            ["صدیقی^احمد شاه"]
        );
        assert_eq!(
            found("[SKU-1] PEMBERTON^HARRIET / Tata Consultancy Services"),
            ["PEMBERTON^HARRIET"]
        );
        assert_eq!(
            found("PV1|1|I|Room 4.01||||هەورامی^ئاران^^^DR\nDG1|1"),
            ["هەورامی^ئاران"]
        );
        assert_eq!(found("Seen by Frandsen^Mette today"), ["Frandsen^Mette"]);
        // HL7's XCN: an identifier first.
        assert_eq!(found("PV1|1|I|A598||||CTSLNZ^પટેલ^નિધિ\n"), ["પટેલ^નિધિ"]);
        assert_eq!(
            found("PV1|1|I|A598||||12345^Frandsen^Mette^^^DR"),
            ["Frandsen^Mette"]
        );
        // Accented Latin after capitals: no surname dropped as an identifier.
        assert!(
            found("Patient TRAN^VĂN^AN admitted")
                .iter()
                .all(|f| f.starts_with("TRAN"))
        );
        assert_eq!(found("Seen by Lim^Zhi Hao\n"), ["Lim^Zhi Hao"]);
        // Many in a row stay linear (and each is found).
        let t = "Lee^Ann ".repeat(2000);
        assert_eq!(found(&t).len(), 2000);
        // Coded values, exponents and markup stay.
        for t in [
            "OBX|1|NM|GLU^Glucose^LN||5.4",
            "x^2 + y^2",
            "2^10",
            "a ^ b",
            "ctrl^C",
        ] {
            assert!(found(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn job_titles() {
        for t in [
            "CEO",
            "VP Sales",
            "Clinical Research Coordinator",
            "Senior Engineer",
            "Head of Product / CTO",
        ] {
            assert!(job_title(t), "{t}");
        }
        for t in [
            "The Night Manager",
            "Hiring plan for Q3",
            "Meeting notes",
            "Engineer 2",
            "Kellogg Company renewal",
            "",
        ] {
            assert!(!job_title(t), "{t}");
        }
    }

    #[test]
    fn word_iter_agrees_with_the_reference_splitter() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..50_000 {
            let s = random_text(&mut x);
            with_fold(&s, |f| assert_eq!(f, fold(&s), "{s:?}"));
            assert_eq!(
                spans(&words(&s)),
                spans(&reference_words_upto(&s, usize::MAX)),
                "{s:?}"
            );
            assert_eq!(
                WordIter::new(&s).take(2).count(),
                reference_words_upto(&s, 2).len(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn refilled_text_words_hold_nothing_of_the_previous_text() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut reused = TextWords::default();
        let mem = crate::pii::NoMemory;
        let local = rustc_hash::FxHashSet::default();
        for _ in 0..5_000 {
            // Long texts then short ones, so stale entries would show.
            let s = random_text(&mut x).repeat(1 + (x % 3) as usize);
            reused.fill(&s);
            // Warm the caches of this text, as a scan does.
            let scanner = FreeText::new(&s, &reused, &mem, &local);
            for w in &reused.ws {
                scanner.context(w);
                scanner.known(w);
            }
            let t = random_text(&mut x);
            reused.fill(&t);
            let fresh = TextWords::new(&t);
            assert_eq!(spans(&reused.ws), spans(&fresh.ws), "{t:?}");
            assert_eq!(reused.folded, fresh.folded, "{t:?}");
            assert_eq!(reused.meta, fresh.meta, "{t:?}");
            assert_eq!(reused.newlines, fresh.newlines, "{t:?}");
            assert_eq!(reused.ctx, fresh.ctx, "{t:?}");
            assert_eq!(reused.known, fresh.known, "{t:?}");
        }
    }

    #[test]
    fn a_new_scanner_forgets_what_the_last_one_knew() {
        let text = "ask Zorblat about it";
        let words = TextWords::new(text);
        let mut local = rustc_hash::FxHashSet::default();
        let mut found = Vec::new();
        FreeText::new(text, &words, &crate::pii::NoMemory, &local).scan(
            None,
            &mut found,
            &mut Vec::new(),
        );
        local.insert("zorblat".to_string());
        let mut again = Vec::new();
        FreeText::new(text, &words, &crate::pii::NoMemory, &local).scan(
            None,
            &mut again,
            &mut Vec::new(),
        );
        assert_eq!(found.len() + 1, again.len(), "{found:?} {again:?}");
    }

    #[test]
    fn ascii_fold_agrees_with_the_general_fold() {
        let alphabet: &[u8] = b"aZ -'\t\n\x0b.,9";
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 9) as usize;
            let s: String = (0..len)
                .map(|k| alphabet[((x >> (8 + 4 * k)) % alphabet.len() as u64) as usize] as char)
                .collect();
            let (mut fast, mut general) = (String::from("x"), String::from("x"));
            fold_into(&s, &mut fast);
            fold_general(&s, &mut general);
            assert_eq!(fast, general, "{s:?}");
            with_fold(&s, |f| assert_eq!(f, fold(&s), "{s:?}"));
        }
    }
    use super::*;
    use std::collections::HashSet;

    struct Mem(HashSet<String>);
    impl NameMemory for Mem {
        fn knows_name_word(&self, folded: &str) -> bool {
            self.0.contains(folded)
        }
    }

    fn scan_with(text: &str, known: &[&str]) -> Vec<String> {
        let mem = Mem(known.iter().map(|s| s.to_string()).collect());
        let local = rustc_hash::FxHashSet::default();
        let mut out = vec![];
        let words = TextWords::new(text);
        FreeText::new(text, &words, &mem, &local).scan(None, &mut out, &mut vec![]);
        out.iter()
            .map(|f| text[f.start..f.end].to_string())
            .collect()
    }

    fn scan(text: &str) -> Vec<String> {
        scan_with(text, &[])
    }

    #[test]
    fn a_given_name_before_a_recalled_surname() {
        let grown = |t: &str| {
            let at = t.find("Modise").unwrap_or(0);
            let mut out = vec![Finding {
                class: Class::Name,
                start: at,
                end: at + "Modise".len(),
                detector: Detector::NameRecall,
                confidence: 0.9,
                normalized: "modise".into(),
            }];
            given_before_surname(t, &mut out);
            t[out[0].start..out[0].end].to_string()
        };
        assert_eq!(grown("Witness: Kelebogile Modise"), "Kelebogile Modise");
        // Titles, ordinary words and places before it are no given names.
        assert_eq!(grown("Dr. Modise came"), "Modise");
        assert_eq!(grown("Yesterday Modise said"), "Modise");
        assert_eq!(grown("Gaborone Modise"), "Modise");
        assert_eq!(grown("x-Kelebogile Modise"), "Modise");
    }

    #[test]
    fn a_given_name_and_an_initial() {
        assert_eq!(
            scan("| Ada room | 14:42 | Palwasha M. | +93 70 123 4567 |"),
            ["Palwasha M"]
        );
        assert_eq!(
            scan("tag: Guðrún J., Sherif M.; Besnik B."),
            ["Guðrún J", "Sherif M", "Besnik B"]
        );
        for text in [
            "See Section B. for details",
            "Go with Plan B. then",
            "Use Terminal C.",
            "Take Vitamin D. daily",
            "Lisbon B. team",
            "Northworks A.",
            "The campaign targets Gen Z.",
            "Details siehe Anlage B.",
        ] {
            assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
        }
    }

    #[test]
    fn a_chinese_given_name_alone_after_the_full_name() {
        let text = "联系人：诸葛雨桐\n请致电雨桐，谢谢。雨桐说好";
        let mut out = Vec::new();
        crate::pii::cjk::cued(text, &mut out);
        lone_parts(text, &mut out);
        let mut got: Vec<&str> = out.iter().map(|f| &text[f.start..f.end]).collect();
        got.sort();
        // Not where another character follows it ("雨桐说" may be a word).
        assert_eq!(got, ["诸葛雨桐", "雨桐"]);
    }

    #[test]
    fn senders_on_stamped_lines_of_their_own() {
        let text = "2024-08-04 11:50:45 诸葛雨桐\n货物送至鲁迅公园东门。\n2026-01-01 20:56:00 Esben Dahlerup\n请致电雨桐。\n2026-01-01 21:00:00 System Notice\n已读";
        let mut out = Vec::new();
        stamped_senders(text, &mut out);
        let got: Vec<&str> = out.iter().map(|f| &text[f.start..f.end]).collect();
        assert_eq!(got, ["诸葛雨桐", "Esben Dahlerup"]);
        // One stamped line is no chat export; a log's lines are no senders.
        for text in [
            "2024-08-04 11:50:45 Esben Dahlerup\nhello",
            "2024-08-04 11:50:45 Backup completed\nok\n2024-08-04 11:51:45 Restore Started\nok",
            "2024-08-04 11:50:45 Esben Dahlerup\n2024-08-04 11:51:45 Mihkel Põder\n",
            "2024-08-04 10:00 周会\n开会\n2024-08-05 10:00 周会\n开会",
            "2024-08-04 11:50:45 UTC\nDisk ok\n2024-08-04 11:51:45 UTC\nDisk ok",
            "11:50 - Esben Dahlerup\nhi\n11:51 - Mihkel Põder\nhello",
        ] {
            let mut out = Vec::new();
            stamped_senders(text, &mut out);
            assert!(out.is_empty(), "{text}");
        }
    }

    #[test]
    fn an_initial_and_a_surname() {
        assert_eq!(
            scan("Sue the contractor. — M. Kamakau (19.12.2022)"),
            ["M. Kamakau"]
        );
        assert_eq!(scan("<Officer>X. Karagianni</Officer>"), ["X. Karagianni"]);
        assert_eq!(
            scan("| Sales | L. Vasconcelos Albuquerque | 54 |"),
            ["L. Vasconcelos Albuquerque"]
        );
        for text in [
            "the U.S. Army",
            "A. Introduction",
            "Plan B. Contingency",
            "see J. Crew stores",
            "Item 4. Deliveries",
            "Appendix C. Northworks",
            "A. Einleitung\nB. Methoden\nC. Ergebnis",
        ] {
            assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
        }
    }

    #[test]
    fn passenger_names_with_a_slash() {
        assert_eq!(
            scan("card_ref=6011 holder=KULKARNI/GAURI"),
            ["KULKARNI/GAURI"]
        );
        assert_eq!(
            scan("Subject: Ann Lee (alias: CIFUENTESLARRAIN/BENJAMIN)"),
            ["Ann Lee", "CIFUENTESLARRAIN/BENJAMIN"]
        );
        for text in [
            "Use TCP/IP and HTTP/HTTPS here",
            "EUR/USD rose, AND/OR not",
            "Route: Dallas/Houston, Austin/Denver",
            "see /usr/LOCAL/Bin",
            "Input/Output error",
        ] {
            assert!(scan(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn sir_and_madam_after_a_greeting_are_no_names() {
        for text in [
            "Witam Państwa,\nw załączeniu",
            "Tisztelt Uram!\nKöszönöm",
            "Stimate Domnule,\nVă scriu",
            "Уважаеми Господине,\nПиша ви",
        ] {
            assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
        }
    }

    #[test]
    fn greetings_in_more_languages() {
        assert_eq!(scan("Pozdravljeni, Imogen,\n\nLetališče"), ["Imogen"]);
        assert_eq!(
            scan("Gerbiama Florencia Bianchi,\n\nSusitikimas"),
            ["Florencia Bianchi"]
        );
        assert_eq!(scan("Annwyl Rhodri,\n\nDiolch."), ["Rhodri"]);
        // A greeting's line ends before the body, and so does its sentence.
        assert!(scan("Sawubona,\n\nFrank feedback welcome on the V15.").is_empty());
        assert!(scan("Dobrý den! Penny stock watchlist").is_empty());
        assert_eq!(scan("Dobrý den, Penny!"), ["Penny"]);
        // Some greetings close a letter too.
        assert_eq!(
            scan("Merci.\n\nBonne journée,\nNoémie Vautrin"),
            ["Noémie Vautrin"]
        );
    }

    #[test]
    fn a_greeting_that_opens_a_quoted_field() {
        assert_eq!(
            scan("2022-09-24T09:07:35Z,+372 5123 4567,\"Tere, Sudeep! 2024/04/14\",SENT"),
            ["Sudeep"]
        );
        assert_eq!(scan("text: \"Hi, Ingrid — see you\""), ["Ingrid"]);
        // A quote inside a sentence does not open one.
        assert!(scan("He wrote \"Thanks, Sudeep\" twice").is_empty());
    }

    #[test]
    fn the_first_party_of_a_case_caption() {
        assert_eq!(
            scan("| 8 O 197/25 | Janka Bykaŭ v Coralbay Resorts | Mention |"),
            ["Janka Bykaŭ"]
        );
        assert_eq!(
            scan("Case: Vaitiare Tepava v. Sandpiper Media"),
            ["Vaitiare Tepava"]
        );
        assert!(scan("Sunbird Airways v Coralbay Resorts").is_empty());
        assert!(scan("Globex Corporation vs. Initech").is_empty());
    }

    #[test]
    fn a_given_name_no_list_holds_before_a_listed_surname() {
        assert_eq!(
            scan("- Antti Koskinen, Aino Korhonen, Päivi Heikkinen"),
            ["Antti Koskinen", "Aino Korhonen", "Päivi Heikkinen"]
        );
        // In other alphabets too ("Жумабаева" is a surname by its ending).
        assert_eq!(
            scan("Руководитель отдела продаж: Чолпон Жумабаева."),
            ["Чолпон Жумабаева"]
        );
        // Not an ordinary word of another language before it.
        assert!(scan("Tickets for Equipo Andino and Pied Piper.").is_empty());
        // Nor an unknown word before a surname that is an English word.
        assert!(scan("Zorblat Pacific").is_empty());
    }

    #[test]
    fn nicknames_in_quotes_belong_to_the_name() {
        assert_eq!(nickname("Noa \"Jojo\" Avraham"), Some((4, 9)));
        assert_eq!(nickname("Yui “Tito” Takahashi"), Some((4, 11)));
        assert_eq!(nickname("He said \"hello\" there"), None);
        assert_eq!(nickname("\"Jojo\" Avraham"), None);
        assert_eq!(nickname("Noa \"Jojo\""), None);
        assert_eq!(normalize("Noa \"Jojo\" Avraham"), normalize("Noa Avraham"));
        let mut fs = vec![Finding {
            class: Class::Name,
            start: 10,
            end: 13,
            detector: Detector::NameDictionary,
            confidence: 0.8,
            normalized: "noa".into(),
        }];
        let text = "Call with Noa \"Jojo\" Avraham today";
        join_nicknames(text, &mut fs);
        assert_eq!(&text[fs[0].start..fs[0].end], "Noa \"Jojo\" Avraham");
        assert_eq!(fs[0].normalized, "noa avraham");
        // A window that would end inside a letter (found by fuzzing).
        let long = format!("Lee \"{}手 Aur", "A".repeat(77));
        let mut fs = vec![Finding {
            class: Class::Name,
            start: 0,
            end: 3,
            detector: Detector::NameDictionary,
            confidence: 0.8,
            normalized: "lee".into(),
        }];
        join_nicknames(&long, &mut fs);
        assert_eq!((fs[0].start, fs[0].end), (0, 3));
        // Neither side found: the shape alone, with no ordinary words.
        let text = "Call with Dariush \"Lulu\" Farahani today";
        let mut fs = vec![];
        join_nicknames(text, &mut fs);
        assert_eq!(fs.len(), 1);
        assert_eq!(&text[fs[0].start..fs[0].end], "Dariush \"Lulu\" Farahani");
        let mut fs = vec![];
        join_nicknames(
            "Click the \"Save\" Button, Project \"Phoenix\" Launch",
            &mut fs,
        );
        assert!(fs.is_empty());
        // The word beyond must be no ordinary word.
        let text = "Call with Noa \"Jojo\" Today";
        let mut fs = vec![Finding {
            class: Class::Name,
            start: 10,
            end: 13,
            detector: Detector::NameDictionary,
            confidence: 0.8,
            normalized: "noa".into(),
        }];
        join_nicknames(text, &mut fs);
        assert_eq!(&text[fs[0].start..fs[0].end], "Noa");
    }

    #[test]
    fn names_beside_their_numbers() {
        assert_eq!(
            scan("→ Catriona Ferguson · +44 20 7946 0958 · c@x.io"),
            ["Catriona Ferguson"]
        );
        // Words no dictionary has, capitalized, with a number.
        assert_eq!(
            scan("Escalation: Yetunde Adeleke (+234 803 123 4567)"),
            ["Yetunde Adeleke"]
        );
        assert_eq!(
            scan("reach Yetunde Adeleke, +234 803 123 4567."),
            ["Yetunde Adeleke"]
        );
        // Places, companies and ids keep their numbers.
        assert!(scan("Dallas · +1 512-726-4765").is_empty());
        assert!(scan("Harbor Dental · +44 20 7946 0958").is_empty());
        assert!(scan("Order Desk, +44 20 7946 0958").is_empty());
        assert_eq!(
            scan("2) Špela Zupančič — 5 Jul 2022 20:02 — +386 1 234 5678 — \"Pets?\""),
            ["Špela Zupančič"]
        );
        assert!(scan("Harbor Dental — 5 Jul 2022 — +44 20 7946 0958").is_empty());
        assert!(!phone_like("4155550132ab"));
        assert!(phone_like("+44 20 7946 0958, then"));
    }

    #[test]
    fn thanks_verbs_dates_of_birth_and_fields_on_a_line() {
        assert_eq!(scan("Merci Louise. Le colis est bloqué."), ["Louise"]);
        assert_eq!(scan("Teşekkürler Yusuf. Gönderi yolda."), ["Yusuf"]);
        assert_eq!(
            scan("LGTM. Kashif Qureshi mentioned the regression."),
            ["Kashif Qureshi"]
        );
        assert_eq!(
            scan("Zheng Chao has invited you to the following event."),
            ["Zheng Chao"]
        );
        assert_eq!(
            scan("8:00 AM  Pavel Růžička  DOB 27/05/2006  with Dr. Ana Lima"),
            ["Pavel Růžička", "Ana Lima"]
        );
        assert_eq!(scan("Started by user Guoqiang Tang"), ["Guoqiang Tang"]);
        assert_eq!(
            scan("**Priority:** Urgent · **Assignee:** Wazhma Noori · **Cycle:** 74"),
            ["Wazhma Noori"]
        );
        // Verbs after ordinary words or a lone word vouch for nothing.
        assert!(scan("The Summer Sale mentioned in the flyer ends today.").is_empty());
        assert!(scan("Status: open · Priority: Urgent").is_empty());
    }

    #[test]
    fn holidays_brands_with_titles_and_employers_are_no_people() {
        for t in [
            "Reminder: offices close for St. Patrick's Day.",
            "We observe Martin Luther King Jr. Day and Saint Nicholas Day.",
            "Fireworks on Guy Fawkes Night.",
            "Shares of Dr. Oetker fell 5.9% in early trading.",
            "Clinical Coordinator at Dr. Martens since 2020.",
            "Shares of Carl Zeiss fell.",
            "Sponsored by Paul Smith. I work at Ted Baker. Procurement Lead at John Lewis.",
        ] {
            assert!(scan(t).is_empty(), "{t}: {:?}", scan(t));
        }
        // People still: after other words, with titles that are not brands.
        assert_eq!(scan("Lunch with Paul Smith at noon."), ["Paul Smith"]);
        assert_eq!(scan("Ask Dr. Okafor about it."), ["Okafor"]);
        assert_eq!(scan("A film with Doris Day."), ["Doris Day"]);
    }

    #[test]
    fn context_names() {
        // A name given with its address or its number.
        assert_eq!(
            scan("Press enquiries: Girlie Villanueva, gv@pampas.example, +54 11 4312 0000"),
            ["Girlie Villanueva"]
        );
        assert_eq!(
            scan("Aroha owns this. Backup: Ruoxi Chen (+86 10 6552 9876)."),
            ["Ruoxi Chen"]
        );
        assert!(scan("Orders: Northwind Logistics, orders@northwind.example").is_empty());
        // A speaker with the time beside the name (meeting transcripts).
        assert_eq!(
            scan("Retro\n\nJae-won Yoon  01:16\nOkay, we can start."),
            ["Jae-won Yoon"]
        );
        // A person label alone on the line before, without its colon.
        assert_eq!(
            scan("INVOICE\n\nBILL TO\nMOUSSA DIARRA\n183 Rothschild Boulevard"),
            ["MOUSSA DIARRA"]
        );
        // Initials stand for given names.
        assert_eq!(
            scan("Outgoing: H. Nakamura. Incoming: K. Hämäläinen."),
            ["H. Nakamura", "K. Hämäläinen"]
        );
        // An attribution after a dash at the end of a quoted message.
        assert_eq!(scan("1. \"Call me back — Gráinne\" at 10:02"), ["Gráinne"]);
        assert_eq!(scan("Running a bit late — Clodagh"), ["Clodagh"]);
        // A review's or a quote's author ending its line.
        assert_eq!(
            scan("★★★ Frank feedback is welcome. — Serdar (2024/01/04)\n★★ Closed today. — Kawika"),
            ["Serdar", "Kawika"]
        );
        assert_eq!(
            scan("Notes:\n> \"Faith in the forecast is low.\" — Yasmina Bouzid\n"),
            ["Yasmina Bouzid"]
        );
        assert!(scan("Intro\nShips to all regions. — Northwind Traders (2024)").is_empty());
        // Not the second half of a heading.
        assert!(scan("Contact — Pampas Agro").is_empty());
        assert!(scan("## Vendor list — Grafton Street\n\n| a |").is_empty());
        assert_eq!(scan("Hi Roger,\n\nthanks"), ["Roger"]);
        assert_eq!(scan("Best regards,\nMaria\n"), ["Maria"]);
        assert_eq!(
            scan("[00:00:25] Aurore Raymond: Call me back"),
            ["Aurore Raymond"]
        );
        assert_eq!(scan("Spoke with Ishwar Buch on the phone"), ["Ishwar Buch"]);
        assert_eq!(scan("Thanks João Miguel, the reference"), ["João Miguel"]);
        assert_eq!(scan("ask Dr. Okonkwo about it"), ["Okonkwo"]);
        assert_eq!(scan("Jane Smith approved it"), ["Jane Smith"]);
        assert_eq!(scan("Kathleen King called"), ["Kathleen King"]);
        assert_eq!(scan("[09:00] Gabriel da Cruz: ok"), ["Gabriel da Cruz"]);
    }

    #[test]
    fn uncased_names_with_a_space_and_middle_initials() {
        assert_eq!(scan("[00:03:45] 中村 蓮: I'll send the deck"), ["中村 蓮"]);
        assert_eq!(scan("24/01/2024, 14:59 - 松本 さくら: ok"), ["松本 さくら"]);
        assert_eq!(scan("吉田　健二  00:01:42\nThe budget"), ["吉田　健二"]);
        // A heading in Chinese prose is not judged.
        assert!(scan("东京 大学: 入学").is_empty());
        assert_eq!(
            scan("Lieke A. Visser — who still answers"),
            ["Lieke A. Visser"]
        );
        assert!(scan("Section A. Overview of the plan").is_empty());
    }

    #[test]
    fn rarer_given_names_and_surname_first_pairs() {
        assert_eq!(
            scan("Takumi Watanabe presented the plan."),
            ["Takumi Watanabe"]
        );
        assert_eq!(
            scan("Watanabe Takumi presented the plan."),
            ["Watanabe Takumi"]
        );
        assert_eq!(scan("Yannick Courtois presented."), ["Yannick Courtois"]);
        assert_eq!(scan("Анна Смирнова подтвердила заказ"), ["Анна Смирнова"]);
        assert_eq!(scan("Η Μαρία Γεωργίου θα καλέσει"), ["Μαρία Γεωργίου"]);
        for t in [
            "Boston Marathon results are in.",
            "Denver Broncos won.",
            "Роман Толстого «Война и мир»",
            "Η Αθήνα είναι η πρωτεύουσα",
        ] {
            assert!(scan(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn ordinary_words_and_places_beside_a_lead_or_a_number() {
        for t in [
            "Shipped via Royal Mail to the museum shop.",
            "Thanks. Moving on to Aurora Billing.",
            "Thanks. Moving on to Project Sequoia.",
            "> Summer Sale: 20% off frames until August.",
            "Charlotte Douglas airport shuttle leaves from Gate B7.",
            "SHIP TO:\n5 Rose Lane\nTurin 61914",
            "Georgia Tech is sponsoring the hackathon.",
        ] {
            assert!(scan(t).is_empty(), "{t}");
        }
        // People with such words in their names stay people.
        assert_eq!(
            scan("Spoke with Saga Nilsson on the phone"),
            ["Saga Nilsson"]
        );
        assert_eq!(
            scan("Spoke with Ryan de Smit on the phone"),
            ["Ryan de Smit"]
        );
        assert_eq!(scan("[00:00:18] Urvi Deep: will it finish?"), ["Urvi Deep"]);
        assert_eq!(scan("Call with Kathleen King at 10"), ["Kathleen King"]);
    }

    #[test]
    fn common_words_are_not_names() {
        for t in [
            "Mark the ticket as done and Bill the customer in April.",
            "Grant access to the Summer release branch after the Christmas freeze.",
            "Victoria Station and King's Cross are closed for works this weekend.",
            "The Ford Focus and the Lincoln Navigator are in the fleet report.",
            "Our office in Washington moved next to the Jackson Hole resort.",
            "Apple, Microsoft and Amazon reported earnings on Thursday.",
            "Will the deploy finish before the bill is paid?",
            "The invoice is due on May 12, please review the page before then.",
            "Note: URGENT NOTICE FOR ALL STAFF",
            "Hi team, Hi All",
        ] {
            assert!(scan(t).is_empty(), "{t}: {:?}", scan(t));
        }
    }

    #[test]
    fn streets_companies_and_codes_are_not_names() {
        for t in [
            "Tanvir sent regrets, travelling to Queen Street.",
            "Meetings are held at King Street West every first Thursday.",
            "Mit freundlichen Grüßen\nKaya İnşaat A.Ş.",
            "Deliver to Karl Johans gate 12 before noon.",
            "Die Paul Kruger-straat is Saterdag gesluit vir die parade.",
            "blocker is MAX_RETRY_COUNT again",
            "# exported 2025-07-20T22:26:00Z from Tidewater Health HRIS",
        ] {
            assert!(scan(t).is_empty(), "{t}: {:?}", scan(t));
        }
        // The same leads still vouch for people.
        assert_eq!(scan("Spoke with Ryan de Smit today"), ["Ryan de Smit"]);
        assert_eq!(scan("an email from Tanvir Sengupta"), ["Tanvir Sengupta"]);
        // A short known word in capitals before a number is a code.
        assert!(scan_with("LO 2567  DUB   08:15", &["lo"]).is_empty());
        assert_eq!(scan_with("ask Lo about it", &["lo"]), ["Lo"]);
        // A known given name after SURNAME/ in a passenger list: one name.
        assert_eq!(
            scan_with("1. PILLAI/SREEJITH MR", &["pillai", "sreejith"]),
            ["PILLAI/SREEJITH"]
        );
    }

    #[test]
    fn context_words_around_particles_do_not_panic() {
        for t in ["Hi von Inc", "Dear von Ltd", "Hi da", "Thanks van der"] {
            let _ = scan(t);
        }
    }

    #[test]
    fn places_and_organizations_named_after_people() {
        for t in [
            "Shares of Walt Disney Company rose",
            "at Nelson Mandela Square today",
            "in San José and St. Louis",
            "Paris, Texas",
        ] {
            assert!(scan(t).is_empty(), "{t}: {:?}", scan(t));
        }
        assert_eq!(scan("[00:05:23] Yvonne Hall: call me"), ["Yvonne Hall"]);
    }

    #[test]
    fn eponymous_companies_and_brands() {
        for t in [
            "Goldman Sachs and Morgan Stanley both bid",
            "Payment cleared through Wells Fargo on Friday.",
            "A Calvin Klein jacket was returned",
            "Our booth is next to Johnson & Johnson at the expo.",
            "A bottle of Jack Daniel's was left",
            "The Porsche Taycan is on the shortlist",
        ] {
            assert!(scan(t).is_empty(), "{t}: {:?}", scan(t));
        }
        // People who share a word with a brand are still people.
        assert_eq!(
            scan("Spoke with Michael Dell on the phone"),
            ["Michael Dell"]
        );
    }

    #[test]
    fn speaker_label_forms() {
        assert_eq!(scan("Yvonne Hall (00:12): call me"), ["Yvonne Hall"]);
        assert_eq!(scan("**Yvonne Hall:** call me"), ["Yvonne Hall"]);
        assert_eq!(scan("Yvonne Hall\n00:01:12\ncall me"), ["Yvonne Hall"]);
        assert_eq!(scan("Co-authored-by: 王伟 <wei@example.com>"), ["王伟"]);
    }

    #[test]
    fn surname_comma_given_name() {
        assert_eq!(
            scan("Questions: Hansen, Freja (+45 32 12 34 56)"),
            ["Hansen, Freja"]
        );
        assert_eq!(
            scan("Required: Etsitty, Delbert; Tóthová, Michaela"),
            ["Etsitty, Delbert", "Tóthová, Michaela"]
        );
        // Places and sentence openings are no names.
        assert!(scan("We flew from Charlotte, Virginia to Austin, Texas.").is_empty());
        assert!(scan("However, Grace said no.").is_empty());
        // Inside prose, the surname must be known to the session.
        assert!(scan("Sales grew in Hansen, Freja noted.").is_empty());
    }

    #[test]
    fn hangul_words_alone_need_a_names_length() {
        assert_eq!(scan("Reviewer: 김민준 (QA)"), ["김민준"]);
        assert_eq!(scan("Owner 남궁민수 approved"), ["남궁민수"]);
        // A city, a status and a field's label are no names.
        assert!(scan("From 서울 to Busan").is_empty());
        assert!(scan("Status: 배송중").is_empty());
        assert!(scan("배송지: 12 Main St").is_empty());
        assert_eq!(scan("Answer by 장민준: pin the build"), ["장민준"]);
        assert_eq!(scan("김민준: I'll check"), ["김민준"]);
    }

    #[test]
    fn brands_that_are_common_names_stay_names() {
        // A customer called Paul Smith must not leak because a brand
        // shares the name.
        for (t, n) in [
            ("Call Paul Smith about the renewal", "Paul Smith"),
            ("Meeting with John Lewis at 3pm", "John Lewis"),
            ("Dear Edward Jones,", "Edward Jones"),
        ] {
            assert_eq!(scan(t), [n], "{t}");
        }
    }

    #[test]
    fn products_are_not_names() {
        assert!(scan_with("the AirPods Max and the MacBook Pro", &["max"]).is_empty());
        assert_eq!(
            scan("Ronald McDonald and DeShawn Jackson"),
            ["Ronald McDonald", "DeShawn Jackson"]
        );
    }

    #[test]
    fn recall() {
        assert_eq!(
            scan_with("if Aurore is not around", &["aurore"]),
            ["Aurore"]
        );
        assert_eq!(
            scan_with("RAYMOND, AURORE signed", &["aurore", "raymond"]),
            ["RAYMOND", "AURORE"]
        );
        assert!(scan_with("Mark the ticket", &["mark"]).is_empty());
        assert_eq!(scan_with("thanks 유진 for", &["유진"]), ["유진"]);
        // A capitalized word no dictionary has before a known surname is
        // the rest of the name; an ordinary word is not.
        assert_eq!(
            scan_with("owner Geraint Evans", &["evans"]),
            ["Geraint Evans"]
        );
        assert_eq!(scan_with("Liis Sepp", &["sepp"]), ["Liis Sepp"]);
        assert_eq!(scan_with("Please call Evans", &["evans"]), ["Evans"]);
        // A greeting that is a known name greets only at a sentence's start.
        assert_eq!(
            scan_with("I spoke with Ola yesterday", &["ola", "solberg"]),
            ["Ola"]
        );
        assert_eq!(
            scan_with("Ola Solberg will follow up", &["ola", "solberg"]),
            ["Ola Solberg"]
        );
        assert_eq!(scan_with("Ola Ingrid, takk", &["ingrid"]), ["Ingrid"]);
        // A greeting, a comma and a known name; a given name and a
        // surname that is also a listed word (a holiday's name).
        assert_eq!(
            scan_with("No answer. Thanks, Madison", &["madison", "peterson"]),
            ["Madison"]
        );
        assert_eq!(scan("Rania Ramadan will take a look."), ["Rania Ramadan"]);
        assert!(scan("Tyrell Corp INFO request_id=SKU-951-47359").is_empty());
    }

    #[test]
    fn closings_and_greetings_of_other_languages() {
        assert_eq!(
            scan("Med vänliga hälsningar,\nHrafnhildur Gunnarsdóttir"),
            ["Hrafnhildur Gunnarsdóttir"]
        );
        assert_eq!(scan("> С уважением,\n> Жанар"), ["Жанар"]);
        assert_eq!(scan("शुभकामनाएँ\nحمزہ عباسی\nफ़ोन: 1"), ["حمزہ عباسی"]);
        assert_eq!(scan("ধন্যবাদ\nরূপা রহমান"), ["রূপা রহমান"]);
        assert_eq!(scan("Asante\nAmani Njoroge"), ["Amani Njoroge"]);
        assert_eq!(scan("مع خالص التحية،\nSomchai Boonma"), ["Somchai Boonma"]);
        assert_eq!(scan("ขอแสดงความนับถือ\nปิยะพงษ์"), ["ปิยะพงษ์"]);
        assert_eq!(scan("此致敬礼\n刘梓萱"), ["刘梓萱"]);
        assert_eq!(scan("Kind regards, Zuzana"), ["Zuzana"]);
        assert_eq!(scan("Viele Grüße Theresia"), ["Theresia"]);
        assert_eq!(scan("Dobrý den, Zuzana,\n\nServisní okno"), ["Zuzana"]);
        assert_eq!(scan("Hei Xoán, tarkista tilaus"), ["Xoán"]);
        // The signature after a `--` line.
        assert_eq!(
            scan("Saygılarımla,\nRadostina\n--\nRadostina Dimitrova\nProduct Owner, Nile Cargo"),
            ["Radostina", "Radostina Dimitrova"]
        );
        // One word needs its comma; a closing's words are no name.
        assert!(scan("Best Western Plus").is_empty());
        assert!(scan("Liebe Grüße aus Wien").is_empty());
    }

    #[test]
    fn cars_hotels_stores_and_houses_named_after_people() {
        for t in [
            "Renault Clio und Peugeot 308 stehen in der Tiefgarage.",
            "Dodge Ram and Chevy Malibu rentals are on the same contract.",
            "La Fiat Panda è parcheggiata in Via Garibaldi.",
            "Лада Веста стоит у входа.",
            "The Marriott Marquis ballroom is booked.",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)",
            "Les Galeries Lafayette ferment tôt le lundi.",
            "Het Rijksmuseum en het Anne Frank Huis zijn open.",
            "Tickets for the Los Angeles Lakers game",
        ] {
            assert!(scan(t).is_empty(), "{t}");
        }
        // A person of a hotel's name stays one.
        assert_eq!(
            scan("Paris Hilton and Ann Marriott"),
            ["Paris Hilton", "Ann Marriott"]
        );
    }

    #[test]
    fn names_by_what_is_said_of_them() {
        assert_eq!(
            scan("Wahid Noorzai is a CFO based in Porto."),
            ["Wahid Noorzai"]
        );
        assert_eq!(
            scan("Kasun Perera is a Paralegal based in Halifax."),
            ["Kasun Perera"]
        );
        assert!(scan("Jackson Hole is a resort").is_empty());
        // A digest's authors.
        assert_eq!(
            scan(" 1. Re: Depot closes early (Piyapong Thongdee)\n 2. Offices (New York)"),
            ["Piyapong Thongdee"]
        );
        // An Arabic surname with its article; a date after a name.
        assert_eq!(scan("Spoke with Fadi al-Khoury today"), ["Fadi al-Khoury"]);
        assert_eq!(scan("Omar el-Sayed called"), ["Omar el-Sayed"]);
        assert_eq!(
            scan("Встреча с Afonso Sousa Sep 28, 2022 в 18:45."),
            ["Afonso Sousa"]
        );
    }

    #[test]
    fn recall_after_an_unknown_greeting() {
        // A greeting no list has ("Tervist" in Estonian) before a known
        // name.
        assert_eq!(
            scan_with("Tervist Răzvan, sună-mă", &["răzvan", "stoica"]),
            ["Răzvan"]
        );
        assert_eq!(
            scan_with("Tervist Răzvan Stoica, ok", &["răzvan", "stoica"]),
            ["Răzvan Stoica"]
        );
        // A known word that is an ordinary one stays a word unless used as
        // a name.
        assert!(scan_with("Tervist Mark the ticket", &["mark"]).is_empty());
        assert!(scan_with("Tervist ziua", &["răzvan"]).is_empty());
        // "Bună" (Romanian) is a greeting, though its plain letters are a
        // rare American given name.
        assert_eq!(
            scan_with("Bună Răzvan, sună-mă", &["răzvan", "stoica"]),
            ["Răzvan"]
        );
        assert!(scan("Bună ziua, echipa").is_empty());
    }

    #[test]
    fn roles_credentials_and_chat_export_stamps() {
        assert_eq!(
            scan("Org chart\nCEO  Bjørnar Strøm\n├── CFO  Ana Díaz"),
            ["Bjørnar Strøm", "Ana Díaz"]
        );
        assert_eq!(
            scan("[Public] Anirban Dasgupta (Customer) · 2026-02-21"),
            ["Anirban Dasgupta"]
        );
        assert_eq!(
            scan("Signed: Humaira Noorzai, MD — 2021-04-20"),
            ["Humaira Noorzai"]
        );
        assert_eq!(
            scan("Chat export\nSibusiso Dlamini  4/11/2024 8:55 AM\nok"),
            ["Sibusiso Dlamini"]
        );
        // Ordinary words stay words beside the same cues.
        assert!(scan("CEO  Approval Needed").is_empty());
        assert!(scan("Release Notes (Internal) · 2026-02-21").is_empty());
        assert!(scan("Build Status  4/11/2024 8:55 AM").is_empty());
    }

    #[test]
    fn last_first_set_apart() {
        let mut out = vec![];
        let text = "Customer: Xolmatov, Gulnora (g@x.uz)";
        let at = text.find("Gulnora").unwrap();
        out.push(Finding {
            class: Class::Name,
            start: at,
            end: at + "Gulnora".len(),
            detector: Detector::NameContext,
            confidence: 0.8,
            normalized: "gulnora".into(),
        });
        extend_last_first(text, &mut out);
        assert_eq!(&text[out[0].start..out[0].end], "Xolmatov, Gulnora");
        assert_eq!(out[0].normalized, normalize("Xolmatov, Gulnora"));
        // A particle goes with the surname; an ordinary word or a place
        // before the comma does not, nor a pair inside a sentence.
        for (text, name, whole) in [
            (
                "Angehörige: ter Horst, Anke (Tochter)",
                "Anke",
                "ter Horst, Anke",
            ),
            ("Sales, Anna (ops)", "Anna", "Anna"),
            ("We met in London, Anna", "Anna", "Anna"),
            ("Bartoš, Markéta said hello", "Markéta", "Markéta"),
        ] {
            let at = text.find(name).unwrap();
            let mut out = vec![Finding {
                class: Class::Name,
                start: at,
                end: at + name.len(),
                detector: Detector::NameContext,
                confidence: 0.8,
                normalized: normalize(name),
            }];
            extend_last_first(text, &mut out);
            assert_eq!(&text[out[0].start..out[0].end], whole, "{text}");
        }
    }

    #[test]
    fn names_of_caseless_alphabets_in_latin_text() {
        // Two or three words of one such script, with a cue.
        assert_eq!(
            scan("Let's loop in נועה מזרחי from Northwind Traders."),
            ["נועה מזרחי"]
        );
        assert_eq!(
            scan("ping முருகன் சுப்பிரமணியன் for access"),
            ["முருகன் சுப்பிரமணியன்"]
        );
        assert_eq!(
            scan("Author: ნიკოლოზ მაისურაძე <nm@example.ge>"),
            ["ნიკოლოზ მაისურაძე"]
        );
        assert_eq!(
            scan("[24/11/2024, 19:40:52] أحمد القحطاني: hello there"),
            ["أحمد القحطاني"]
        );
        assert_eq!(
            scan("Customer care: გიორგი გელაშვილი, giorgi@example.ge"),
            ["გიორგი გელაშვილი"]
        );
        // No cue, a place lead, or prose of the same script: nothing.
        assert!(scan("The office in الدار البيضاء is closed.").is_empty());
        assert!(scan("Site visit תל אביב").is_empty());
        // One word, with a cue on both sides.
        assert_eq!(
            scan("You can reach שירה directly at shira@example.co.il."),
            ["שירה"]
        );
        assert!(scan("Meet at תל-אביב tomorrow").is_empty());
        assert!(scan("שלום רב, נועה מזרחי כתבה").is_empty());
        // Two words amid words of another script need no more cue…
        assert_eq!(
            scan("Medical-priority customers (e.g. پلوشه شینواري) were called."),
            ["پلوشه شینواري"]
        );
        assert_eq!(
            scan("Beat Wyss ist im Urlaub, bitte wenden Sie sich an দীপজ্যোতি বৰুৱা."),
            ["দীপজ্যোতি বৰুৱা"]
        );
        // … unless they are a place: a word of one, a place's label before
        // them, or an arrow.
        for t in [
            "Directory — Harley-Davidson (القاهرة الجديدة)",
            "Address: ಬೆಂಗಳೂರು ನಗರ",
            "地址：ಬೆಂಗಳೂರು ನಗರ",
            "[Site \"አዲስ ሰፈር\"]",
            "| 1 | KE 275 → ಹೊಸ ಊರು |",
            "Ernst & Young · תל אביב-יפו.",
        ] {
            assert!(scan(t).is_empty(), "{t}: {:?}", scan(t));
        }
        assert!(scan("ping ข้อมูล ทั้งหมด ในระบบ นี้").is_empty());
    }

    #[test]
    fn other_alphabets_amid_latin_words_and_their_words_ending_in_marks() {
        // A virama ends the word: the session learns it whole.
        assert!(name_words("ಮಂಜುನಾಥ್ ಕಾರಂತ").any(|w| w == "ಮಂಜುನಾಥ್"));
        assert!(name_words("செந்தில் வேலு").any(|w| w == "செந்தில்"));
        // Amid Latin words, two to four words need no other cue.
        assert_eq!(scan("Call ਗੁਰਪ੍ਰੀਤ ਸੰਧੂ about PO#867759"), ["ਗੁਰਪ੍ਰੀਤ ਸੰਧੂ"]);
        assert_eq!(
            scan("Call نورة بن عبدالله الحربي about #A61899"),
            ["نورة بن عبدالله الحربي"]
        );
        // The run's own words again, or an address's, are no prose of
        // that script.
        assert_eq!(
            scan("Co-authored-by: അനൂപ് പിള്ള <അനൂപ്@example.in>"),
            ["അനൂപ് പിള്ള"]
        );
        // Alone on its line (a value under `city`), or after a place
        // lead, still nothing.
        assert!(scan("تل أبيب").is_empty());
        assert!(scan("Site visit תל אביב").is_empty());
        // One word with a strong cue on either side.
        assert_eq!(scan("Hi सचिन, the courier arrives at noon"), ["सचिन"]);
        assert!(scan("Menu: सचिन special").is_empty());
    }

    #[test]
    fn forms_passenger_lists_and_salutations() {
        assert_eq!(
            scan("Employee name ........ Lieke Kuijpers"),
            ["Lieke Kuijpers"]
        );
        assert_eq!(
            scan("Manager .............. Haruto Ferreira"),
            ["Haruto Ferreira"]
        );
        assert!(scan("Start date ........... September 20, 2027").is_empty());
        assert!(scan("Laptop ............... Framework Laptop").is_empty());
        assert_eq!(
            scan("BOOKING REF P39P7C\n 1.Priit Tamm MR\n 2.Letícia Carvalho MSTR\n"),
            ["Priit Tamm", "Letícia Carvalho"]
        );
        assert_eq!(scan("Sehr geehrte/r Esposito,"), ["Esposito"]);
        assert_eq!(scan("Liebe Anneliese, danke."), ["Anneliese"]);
        assert_eq!(
            scan("Expense report for Q3 — approver Hodan Warsame"),
            ["Hodan Warsame"]
        );
        assert_eq!(
            scan("**Đặng Hữu Tuấn** commented:\n> Reproduced."),
            ["Đặng Hữu Tuấn"]
        );
        // An org chart's role in brackets, two spaces after the name.
        assert_eq!(scan("│   └── Leonor  [Staff Eng]"), ["Leonor"]);
    }

    #[test]
    fn family_names_and_labels_in_capitals_and_party_roles() {
        // The family name in capitals first, as French, Swedish and
        // Japanese forms write it.
        assert_eq!(scan("Titulaire : NYSTRÖM Åsa"), ["NYSTRÖM Åsa"]);
        assert_eq!(scan("Guest TANAKA Hiroshi checked in"), ["TANAKA Hiroshi"]);
        // Acronyms are no family names.
        assert!(scan("ACME Victoria office").is_empty());
        assert!(scan("IBM Watson team").is_empty());
        // A person label in capitals before the name, without a colon.
        assert_eq!(
            scan("ACCOUNT HOLDER Oriol Vilanova\nSORT CODE 20-00-00"),
            ["Oriol Vilanova"]
        );
        assert_eq!(scan("CARDHOLDER NYSTRÖM Åsa"), ["NYSTRÖM Åsa"]);
        assert_eq!(scan("ACCOUNT HOLDER ТКАЧУК Тарас"), ["ТКАЧУК Тарас"]);
        // A label that is no person label names no one.
        assert!(scan("NOTE Please read the terms").is_empty());
        // A given name no list has after a family name in capitals, on a
        // line or a list item of its own.
        assert_eq!(
            scan("AYES\nMHLAULI Ayanda\nKUMWENDA Kondwani\nNOES"),
            ["MHLAULI Ayanda", "KUMWENDA Kondwani"]
        );
        assert_eq!(
            scan("1. VENTER Elsabé — Personal Trainer"),
            ["VENTER Elsabé"]
        );
        assert_eq!(
            scan("Re: SAENGTHONG Phimchanok, DOB 1.2.2024"),
            ["SAENGTHONG Phimchanok"]
        );
        // Not in prose, nor before an ordinary word.
        assert!(scan("we met MHLAULI Ayanda there").is_empty());
        assert!(scan("README Overview\nWARNING Deprecated").is_empty());
        // A party's role after the name and a comma in a caption.
        assert_eq!(
            scan("Zawadi Njoroge, Plaintiff,\nv.\nEglė Kazlauskienė, Defendant."),
            ["Zawadi Njoroge", "Eglė Kazlauskienė"]
        );
        assert!(scan("Springfield Holdings, Defendant.").is_empty());
    }
    #[test]
    fn places_companies_and_two_word_phrases_are_no_people() {
        assert!(scan("Rose Gold and Ivory finishes are back in stock.").is_empty());
        assert!(scan("The Sterling Silver line launches in April.").is_empty());
        assert_eq!(
            scan("Mark Smith and Rose Green met."),
            ["Mark Smith", "Rose Green"]
        );
        assert!(scan("Your replacement ships from Kuala Lumpur.").is_empty());
        assert!(scan("LOCATION:Chiang Mai").is_empty());
        assert!(scan("FLIGHT OA699 TO Gare du Nord").is_empty());
        assert!(scan("Venue: Marina Bay Sands").is_empty());
        assert!(scan("Your parcel from Acme Robotics is out for delivery.").is_empty());
    }

    #[test]
    fn titles_before_ordinary_words_and_other_scripts() {
        // An ordinary word before a title, after a speaker label.
        assert_eq!(
            scan("[03:40:04] Ruwan: Is Dr Cheung still your manager?"),
            ["Ruwan", "Cheung"]
        );
        // A word of a script without case after a Latin title.
        assert_eq!(scan("Is Ms حسینی still your manager?"), ["حسینی"]);
        assert_eq!(scan("Hello Mr. अग्रवाल ji"), ["अग्रवाल"]);
        assert!(scan("the Dr. said").is_empty());
        // Given names that are places, used as the places.
        assert!(scan("The Georgia warehouse switches to Paris time for the EU launch.").is_empty());
        assert!(scan("Our team offsite moves from Paris to Georgia in late May.").is_empty());
        assert!(scan("Trains from Paris Gare de Lyon to Geneva run every two hours.").is_empty());
        assert_eq!(
            scan_with(
                "Sydney, Adelaide and Victoria share one queue.",
                &["sydney", "victoria"]
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            scan_with("Please ask Sydney about it.", &["sydney"]),
            ["Sydney"]
        );
        assert_eq!(
            scan("Hi Sofia, the order from Georgia Brown shipped."),
            ["Sofia", "Georgia Brown"]
        );
        // Neighbours in other languages.
        assert_eq!(
            scan("Als ik niet thuis ben, kan mijn buurman Pieter Willems het pakket aannemen."),
            ["Pieter Willems"]
        );
        assert_eq!(
            scan("Evde olmazsam komşum İpek Çetin paketi teslim alabilir."),
            ["İpek Çetin"]
        );
        assert_eq!(
            scan("hàng xóm Lê Thành Long có thể nhận giúp"),
            ["Lê Thành Long"]
        );
        // A name as a modifier after a determiner.
        assert!(scan_with("Do not bill the Lincoln project.", &["lincoln"]).is_empty());
        assert!(scan("Met Megan at the Sofia expo, then the Santiago run.") == ["Megan"]);
        assert_eq!(
            scan_with("Dinner with the Garcia family.", &["garcia"]),
            ["Garcia"]
        );
        // Titles of other languages.
        assert_eq!(
            scan("Pak Budi Santoso sudah konfirmasi. Terima kasih Bu Siti Rahayu."),
            ["Budi Santoso", "Siti Rahayu"]
        );
        assert_eq!(scan("Cảm ơn ông Nguyễn Văn Hùng."), ["Nguyễn Văn Hùng"]);
    }

    #[test]
    fn abugida_marks_stay_in_their_word() {
        // Devanagari virama and Thai thanthakhat are marks, not letters.
        let ws: Vec<_> = words("रोहित श्रीवास्तव")
            .iter()
            .map(|w| &"रोहित श्रीवास्तव"[w.start..w.end])
            .collect();
        assert_eq!(ws, ["रोहित", "श्रीवास्तव"]);
        let t = "ประเสริฐ วงศ์สวัสดิ์";
        let ws: Vec<_> = words(t).iter().map(|w| &t[w.start..w.end]).collect();
        assert_eq!(ws, ["ประเสริฐ", "วงศ์สวัสดิ์"]);
    }

    #[test]
    fn recall_in_lower_case() {
        let known = ["kojo", "thu", "grace"];
        assert_eq!(scan_with("can you ping kojo about it?", &known), ["kojo"]);
        assert_eq!(scan_with("Plan: thu to reproduce", &known), ["thu"]);
        // Ordinary words stay words, and identifiers, paths, handles and
        // addresses are not prose.
        assert!(scan_with("Say grace before dinner", &known).is_empty());
        for t in [
            "Host kojo-laptop is down",
            "See /users/kojo/repos",
            "Ask @kojo Now",
            "Open kojo.dev Today",
            "Set user=kojo Now",
        ] {
            assert!(scan_with(t, &known).is_empty(), "{t}");
        }
        // Unknown lower-case words are never names.
        assert!(scan_with("Ping tunde about it", &known).is_empty());
    }

    #[test]
    fn cues_roles_and_relations() {
        assert_eq!(
            scan("Hi, this is Kiona Blackfeather. I'm calling"),
            ["Kiona Blackfeather"]
        );
        assert_eq!(
            scan("Sure. Or my wife Chaitanya on the line."),
            ["Chaitanya"]
        );
        assert_eq!(
            scan("Oğuz Koç, chief operating officer at Acme, said"),
            ["Oğuz Koç"]
        );
        assert_eq!(scan("Thanks,\n-- Châu"), ["Châu"]);
        // Labels, letters and dates are not names.
        assert!(scan("- 01/10/2027: Labour Day, office closed").is_empty());
        assert!(scan("Bill of materials (BOM rev C).").is_empty());
        assert!(scan_with("On Thu, 15 Feb 2025 at 10:00 the build broke", &["thu"]).is_empty());
        assert_eq!(scan_with("ask Thu about it", &["thu"]), ["Thu"]);
        assert!(scan("**Attendees:** see below").is_empty());
        // An unlisted plural of an ordinary word is an ordinary word.
        assert!(scan("Open the Siri Toolkits app").is_empty());
        assert!(scan("Closed after Victoria Day. Earl Grey is out.").is_empty());
        assert_eq!(
            scan("Analyst Navjot Brar (Acme) estimated the cost"),
            ["Navjot Brar"]
        );
        assert_eq!(
            scan("SHIP TO:\nACHIENG MUTUA\n179 Collins Street"),
            ["ACHIENG MUTUA"]
        );
    }

    #[test]
    fn surname_first_names_teach_their_parts() {
        fn words(n: &str) -> Vec<&str> {
            name_words(n).collect()
        }
        assert_eq!(words("吴洋"), ["吴洋", "吴", "洋"]);
        assert_eq!(words("장하은"), ["장하은", "장", "하은"]);
        assert_eq!(words("maya vieira"), ["maya", "vieira"]);
        // Not a surname-first shape: no parts.
        assert_eq!(words("海洋"), ["海洋"]);
        assert_eq!(words("東京都庁前駅"), ["東京都庁前駅"]);

        // What the session learned from "吴洋" finds the given name alone,
        // and only as a word of its own.
        let learned: Vec<&str> = name_words("吴洋").collect();
        assert_eq!(
            scan_with("Escalate to 洋 (ext 4) if blocked.", &learned),
            ["洋"]
        );
        assert_eq!(scan_with("Hi 洋, the build is green.", &learned), ["洋"]);
        assert!(scan_with("太平洋 and 海洋 are oceans", &learned).is_empty());
        let learned: Vec<&str> = name_words("장하은").collect();
        assert_eq!(
            scan_with("Escalate to 하은 if blocked.", &learned),
            ["하은"]
        );
    }

    #[test]
    fn structured_values() {
        let mem = Mem(HashSet::new());
        let names = |v: &str, how| {
            let mut out = vec![];
            person_value(v, how, &mem, &mut out);
            out.iter()
                .map(|f| v[f.start..f.end].to_string())
                .collect::<Vec<_>>()
        };
        // The same name in a second script, in parentheses: both are the
        // person's; a note in any script is not.
        assert_eq!(
            names("Биджай Саху (Bijay Sahu)", Structured::Sure),
            ["Bijay Sahu", "Биджай Саху"]
        );
        assert_eq!(
            names("ཉི་མ་ནོར་བུ (Nyima Norbu)", Structured::Sure),
            ["Nyima Norbu", "ཉི་མ་ནོར་བུ"]
        );
        assert_eq!(
            names("Иван Петров (Sales Team)", Structured::Sure),
            ["Иван Петров"]
        );
        // Surname^given, a poster's name and a number, "and" between two
        // people.
        assert_eq!(
            names("Hüseynov^Elvin", Structured::Maybe),
            ["Hüseynov^Elvin"]
        );
        assert!(names("Room^Service", Structured::Maybe).is_empty());
        // Under any key, only what no coded value looks like.
        assert!(caret_value("Frandsen^Mette", &crate::pii::NoMemory));
        assert!(caret_value("ሃይለ^ሃብቶም", &crate::pii::NoMemory));
        assert!(caret_value("SMITH^JOHN", &crate::pii::NoMemory));
        assert!(!caret_value("GLU^Glucose^LN", &crate::pii::NoMemory));
        assert!(!caret_value("HOSP^FAC", &crate::pii::NoMemory));
        assert!(!caret_value("Frandsen", &crate::pii::NoMemory));
        // A traveller as airlines write one.
        for v in [
            "ATHUMANI/OMARI",
            "ANTUNES DA SILVA/JOÃO MR",
            "SIGURÐSSON/RAGNAR",
        ] {
            assert_eq!(names(v, Structured::Maybe), [v]);
        }
        assert_eq!(names("Liu/Yutong", Structured::Sure), ["Liu/Yutong"]);
        assert!(names("Liu/Yutong", Structured::Maybe).is_empty());
        for v in [
            "SALES/MARKETING",
            "TCP/IP",
            "Sales/Support",
            "A/B",
            "EMEA/APAC",
            "CFO/CEO",
            "Ana Lima/Bo Chan",
        ] {
            assert!(names(v, Structured::Sure).is_empty(), "{v}");
        }
        assert_eq!(names("Habimana 19", Structured::Sure), ["Habimana"]);
        assert_eq!(
            names("Lowri Prosser y Keishla Ortiz", Structured::Sure),
            ["Lowri Prosser", "Keishla Ortiz"]
        );
        assert_eq!(
            names("José Ortega y Gasset", Structured::Sure),
            ["José Ortega y Gasset"]
        );
        // A company's shared mailbox on its own domain; a person's stays.
        assert!(names("Sakura Denki <sales@sakura-denki.ss>", Structured::Sure).is_empty());
        assert!(names("Orbitalis <careers@orbitalis.lv>", Structured::Sure).is_empty());
        assert_eq!(
            names("Ana Lima <ana@analima.pt>", Structured::Sure),
            ["Ana Lima"]
        );
        assert_eq!(
            names("Ana Lima <sales@acme.pt>", Structured::Sure),
            ["Ana Lima"]
        );
        assert_eq!(
            names("Jane Doe <hello@janedoe.com>", Structured::Sure),
            ["Jane Doe"]
        );
        assert_eq!(
            names("Carl Jensen <support@carlsberg.com>", Structured::Sure),
            ["Carl Jensen"]
        );
        // A trade ends a company's name, even under a person's label.
        assert!(names("Polaris Pharma", Structured::Sure).is_empty());
        assert!(names("Fernhill Dental", Structured::Sure).is_empty());
        assert_eq!(
            names("Ann Lee (Nyima Norbu)", Structured::Sure),
            ["Ann Lee"]
        );
        // Names typed all in lower case.
        assert_eq!(
            names("matilda mcallister", Structured::Maybe),
            ["matilda mcallister"]
        );
        assert_eq!(
            names("ximena apaza condori", Structured::Sure),
            ["ximena apaza condori"]
        );
        assert!(names("wireless mouse", Structured::Sure).is_empty());
        assert!(names("tofu curry", Structured::Maybe).is_empty());
        // A list of mailboxes written `Last, First <address>`.
        assert_eq!(
            names(
                "Hoekstra, Floor <floor_hoekstra49@kpnmail.nl>; MacLeod, Fraser <f.macleod@x.dk>",
                Structured::Sure
            ),
            ["Hoekstra, Floor", "MacLeod, Fraser"]
        );
        assert_eq!(
            names(
                "Maria Hietanen <Maria.Hietanen@globex.io>",
                Structured::Sure
            ),
            ["Maria Hietanen"]
        );
        assert_eq!(
            names(
                "\"Lee, Ann\" <ann@x.com>, Bo Chan <bo@y.org>",
                Structured::Sure
            ),
            ["Lee, Ann", "Bo Chan"]
        );
        assert_eq!(names("Güçlü, Ufukay", Structured::Sure), ["Güçlü, Ufukay"]);
        assert_eq!(
            names("Van der Linden, Thijs", Structured::Sure),
            ["Van der Linden, Thijs"]
        );
        assert_eq!(normalize("Van der Linden, Thijs"), "thijs van der linden");
        // A list of two names is not one "Last, First".
        assert_eq!(
            names("Ann Lee, Bo Chan", Structured::Sure),
            ["Ann Lee", "Bo Chan"]
        );
        assert_eq!(names("송 유진", Structured::Sure), ["송 유진"]);
        // Georgian is written in one case (Mkhedruli), like Arabic.
        assert_eq!(
            names("ნიკოლოზ ბერიძე", Structured::Sure),
            ["ნიკოლოზ ბერიძე"]
        );
        assert_eq!(names("مريم الشمري", Structured::Sure), ["مريم الشمري"]);
        assert_eq!(
            names("Support Team", Structured::Maybe),
            Vec::<String>::new()
        );
        assert_eq!(names("Unassigned", Structured::Sure), Vec::<String>::new());
        // Eponyms of diseases and methods are no people; a person's own
        // test results are theirs.
        let name_at = |start: usize, end: usize| Finding {
            class: Class::Name,
            start,
            end,
            detector: Detector::NameDictionary,
            confidence: 0.9,
            normalized: String::new(),
        };
        let mut out = vec![name_at(0, 5)];
        drop_eponymous_uses("Crohn's disease", &mut out);
        assert!(out.is_empty());
        let text = "V.a. Morbus Crohn; Anna's test results";
        let mut out = vec![name_at(12, 17), name_at(19, 23)];
        drop_eponymous_uses(text, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(&text[out[0].start..out[0].end], "Anna");
        let mut out = vec![name_at(0, 4)];
        drop_eponymous_uses("Anna's disease has progressed", &mut out);
        assert_eq!(out.len(), 1);
        // A given name and a surname that a brand has too stay a person's
        // under a label; two common words that are also names too.
        assert_eq!(names("Benito Juarez", Structured::Sure), ["Benito Juarez"]);
        assert_eq!(names("Fan Sun", Structured::Sure), ["Fan Sun"]);
        // Companies named after people, as a whole, under a person label.
        assert_eq!(
            names("Goldman Sachs", Structured::Sure),
            Vec::<String>::new()
        );
        assert_eq!(
            names("Ford Motor Company", Structured::Sure),
            Vec::<String>::new()
        );
        assert_eq!(names("April", Structured::Sure), ["April"]);
        assert_eq!(names("Hans-H. Plath", Structured::Sure), ["Hans-H. Plath"]);
        assert_eq!(names("Pied Piper", Structured::Maybe), Vec::<String>::new());
        assert_eq!(names("Jane Doe", Structured::Maybe), ["Jane Doe"]);
        // Highlighted fragments.
        assert_eq!(names("<em>Themba</em>", Structured::Sure), ["Themba"]);
        assert_eq!(
            names("<mark>Ann</mark> Lee-Chan", Structured::Sure),
            ["Ann", "Lee-Chan"]
        );
        // A party's name needs no dictionary, only a name's shape.
        assert_eq!(
            names("Femke de Jong", Structured::Maybe),
            Vec::<String>::new()
        );
        assert_eq!(names("Femke de Jong", Structured::Party), ["Femke de Jong"]);
        assert_eq!(names("Apisai Qereqeretabua", Structured::Party).len(), 1);
        assert_eq!(
            names("KERENSA TRELAWNY", Structured::Party),
            ["KERENSA TRELAWNY"]
        );
        for not in [
            "ACME LTD",
            "SUPPORT TEAM",
            "Femke DE JONG",
            "Support Team",
            "Equipo Andino",
            "Zorblat 3000",
            "femke de jong",
        ] {
            assert_eq!(names(not, Structured::Party), Vec::<String>::new(), "{not}");
        }
        assert_eq!(names("README.md", Structured::Sure), Vec::<String>::new());
        assert_eq!(normalize("Smith, John"), "john smith");
        // Initials written close, and Sinhala's joiners inside a word.
        assert_eq!(names("Голубева С.О.", Structured::Sure), ["Голубева С.О."]);
        assert_eq!(names("S.-b. Lim", Structured::Sure), ["S.-b. Lim"]);
        assert_eq!(
            names("නිමල් ප්\u{200d}රනාන්දු", Structured::Sure),
            ["නිමල් ප්\u{200d}රනාන්දු"]
        );
        // A company's legal form is not a pair of initials.
        assert_eq!(
            names("Tanaka Seiki K.K.", Structured::Maybe),
            Vec::<String>::new()
        );
        assert_eq!(
            names("Rossi S.p.A.", Structured::Sure),
            Vec::<String>::new()
        );
        // Dots elsewhere still end only initials.
        assert_eq!(names("Ann Lee.Bo", Structured::Sure), Vec::<String>::new());
    }

    #[test]
    fn name_cells_stand_alone() {
        let mem = Mem(HashSet::new());
        for cell in [
            "Benedetta Lombardi",
            "Kwame Mensah",
            "송 유진",
            "Olga Petrova",
        ] {
            assert!(name_cell(cell, &mem), "{cell}");
        }
        for cell in [
            "Lisbon",
            "Support Team",
            "Ford Motor Company",
            "Tanaka Seiki K.K.",
            "Acme Holdings",
            "week 12",
            "Christmas Day",
            "Tommy Hilfiger",
            "Mrs. Fields",
            "Ben & Jerry's",
            "",
        ] {
            assert!(!name_cell(cell, &mem), "{cell}");
        }
    }

    #[test]
    fn chat_speakers_in_scripts_without_case() {
        let speakers = |t: &str| {
            let mut out = Vec::new();
            chat_speakers(t, &mut out);
            out.iter()
                .map(|f| t[f.start..f.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            speakers("[13:22] มาลี วงศ์สวัสดิ์: โอเค บันทึกลง CRM แล้ว\n[13:23] วราภรณ์ ทองชัย: ปิด"),
            ["มาลี วงศ์สวัสดิ์", "วราภรณ์ ทองชัย"]
        );
        assert_eq!(speakers("[11:17] 홍 민지: 월요일부터"), ["홍 민지"]);
        assert_eq!(
            speakers("04/07/2025, 20:16 - محمد سالم: رسالة"),
            ["محمد سالم"]
        );
        assert_eq!(speakers("[14:18] अर्जुन वर्मा: धन्यवाद"), ["अर्जुन वर्मा"]);
        // A field label, a Latin speaker, a time without a speaker.
        assert!(speakers("תאריך: 11/05/2025 10:26").is_empty());
        assert!(speakers("[13:22] Ann Lee: ok").is_empty());
        assert!(speakers("[13:22] ok: 5").is_empty());
        assert!(speakers("10:26 שלום לכולם").is_empty());
    }

    #[test]
    fn people_addressed_authors_and_job_titles() {
        // Addressed at a sentence's start and asked something.
        assert_eq!(scan("Somchai, can you confirm PO-31260?"), ["Somchai"]);
        assert_eq!(
            scan("<p>Waisale, can you confirm PO-93775?</p>"),
            ["Waisale"]
        );
        assert_eq!(
            scan("FYI — see below. Büşra, can you take this one?"),
            ["Büşra"]
        );
        assert!(scan("Also, can you confirm PO-93775?").is_empty());
        assert!(scan("Thanks, can you confirm it?").is_empty());
        // A thread's author in bold before a verb of writing and a colon.
        assert_eq!(
            scan("**Sergio** replied:\n> Firmware rolled out"),
            ["Sergio"]
        );
        assert!(scan("**Note** replied:\n> ok").is_empty());
        // A job title after a dash; a bold display name before its address.
        assert_eq!(
            scan("4. **Lee Minji** — Clinical Research Coordinator"),
            ["Lee Minji"]
        );
        assert_eq!(
            scan("1. **Chathurika de Silva** <cds@example.lk> — _Site visit_"),
            ["Chathurika de Silva"]
        );
        assert!(scan("**Acme Corp** — Enterprise Customer").is_empty());
        // One name word starting a sentence, then what only people do.
        assert_eq!(
            scan("Tatiana is travelling on AI 1051 and will be back on Monday."),
            ["Tatiana"]
        );
        assert_eq!(
            scan("Note · Sjoerd confirmed the PO number 644-4226866-8480567."),
            ["Sjoerd"]
        );
        assert_eq!(scan("I think Joanna had the latest numbers."), ["Joanna"]);
        assert!(scan("Support confirmed the PO number.").is_empty());
        assert!(scan("Stripe confirmed the payment.").is_empty());
        // A double given name read by its parts, after a family name in
        // capitals.
        assert_eq!(
            scan("[11:33] HUANG Chih-Wei: the ticket is closed."),
            ["HUANG Chih-Wei"]
        );
        // A Latin name before an honorific of Japanese, Korean or Chinese.
        assert_eq!(
            scan("明日、Tanaka Hiroshi さんに連絡します。"),
            ["Tanaka Hiroshi"]
        );
        assert_eq!(scan("Kim Minji 님께 전달했습니다."), ["Kim Minji"]);
        assert_eq!(scan("Choi Ji-ho 씨가 담당합니다."), ["Choi Ji-ho"]);
        assert!(scan("Excel 先生が教えます").is_empty());
    }

    #[test]
    fn names_after_greetings_and_honorifics_of_their_own_script() {
        let found = |t: &str| {
            let mut out = Vec::new();
            own_script_cued(t, &mut out);
            out.iter()
                .map(|f| t[f.start..f.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(found("שלום מיכל דהן,\n\nחשבונית פתוחה."), ["מיכל דהן"]);
        assert_eq!(found("ตั้งแต่วันจันทร์คุณ กิตติพงษ์ บุญมี จะดูแลต่อ"), ["กิตติพงษ์ บุญมี"]);
        assert_eq!(found("السيد أحمد الشمري سيتصل بك غدا."), ["أحمد الشمري"]);
        assert_eq!(found("नमस्ते सौरभ वर्मा, आपका ऑर्डर तैयार है।"), ["सौरभ वर्मा"]);
        // Greetings to everyone, a polite particle, a cue inside a word.
        assert!(found("שלום לכולם, הפגישה נדחתה.").is_empty());
        assert!(found("สวัสดี ครับ").is_empty());
        assert!(found("המרכז מרוחק").is_empty());
        assert!(found("Hello Dana").is_empty());
        // A name in Latin letters after the honorific, or glued to it in a
        // script without spaces.
        assert_eq!(found("ወ/ሮ Begimai በ ስልክ ቁጥር"), ["Begimai"]);
        assert_eq!(found("ขอบคุณ คุณBela ค่ะ"), ["Bela"]);
        assert_eq!(found("ကျေးဇူးတင်ပါတယ် ဒေါ်Heiata Temaru"), ["Heiata Temaru"]);
        assert!(found("नमस्ते Team,").is_empty());
        assert!(found("ขอบคุณQuality").is_empty());
        // A Myanmar name glued to U or Daw, before its particle only.
        assert_eq!(found("ဦးဝင်းမြင့် က ပြန်ဖုန်းဆက်ပေးရန်"), ["ဝင်းမြင့်"]);
        assert!(found("ဦးစားပေး အလုပ်").is_empty());
        // Thai words that start with the honorific are no names.
        assert!(found("คุณภาพ ดี").is_empty());
    }

    #[test]
    fn brands_landmarks_and_works_named_after_people() {
        assert!(scan("Estée Lauder Advanced Night Repair is back in stock.").is_empty());
        assert!(scan("The Kraft Heinz order shipped.").is_empty());
        assert!(scan("We finished Anna Karenina and Madame Bovary.").is_empty());
        assert!(scan("Concert at the Royal Albert Hall tonight.").is_empty());
        assert!(scan("Wrexham AFC won again.").is_empty());
        assert!(scan("Benito Juárez's Birthday is a holiday.").is_empty());
        // A founder's brand that is an ordinary name is a brand before a
        // product or after another brand, and a person otherwise.
        assert!(scan("Refund for the Ted Baker tote.").is_empty());
        assert!(scan("Adidas Stan Smith, size 42").is_empty());
        assert_eq!(scan("Ted Baker called about the invoice."), ["Ted Baker"]);
    }

    #[test]
    fn venues_models_shops_and_quarters_are_no_people() {
        // Even where the session knows a Hall, a Mark, a Joe, a Jasmine.
        let known = &["tristan", "hall", "mark", "joe", "jasmine", "nord"];
        assert!(scan_with("Carnegie Hall confirmed the booking.", known).is_empty());
        assert!(scan_with("Canon EOS R6 Mark II", known).is_empty());
        assert!(scan_with("| KW-1812-76 | Canon EOS R6 Mark II | 144 |", known).is_empty());
        assert!(scan_with("He moved to Trader Joe's last month.", known).is_empty());
        assert!(
            scan_with("Rail: Roma Termini → Paris Nord", known).is_empty(),
            "{:?}",
            scan_with("Rail: Roma Termini → Paris Nord", known)
        );
        assert!(scan_with("Jasmine rice is out of stock.", known).is_empty());
        // The people stay people.
        assert_eq!(
            scan_with("Tristan Hall confirmed it.", known),
            ["Tristan Hall"]
        );
        assert_eq!(scan_with("Jasmine took the call.", known), ["Jasmine"]);
        assert_eq!(scan_with("Jasmine agreed.", known), ["Jasmine"]);
        assert_eq!(scan_with("Jasmine forgot the keys.", known), ["Jasmine"]);
        assert_eq!(scan_with("Jasmine usually calls.", known), ["Jasmine"]);
        // Surnames that are also words of places stay surnames after a
        // given name the dictionaries do not know.
        assert_eq!(
            scan_with("Min-jun Park confirmed it.", &["park"]),
            ["Min-jun Park"]
        );
        assert_eq!(scan("I met Georgia West yesterday."), ["Georgia West"]);
        assert_eq!(scan_with("Joe's laptop is broken", known), ["Joe"]);
    }

    #[test]
    fn trophies_exchanges_houses_and_compounds_are_no_people() {
        for t in [
            "Registrations for Davis Cup (2022-04-10)",
            "Stanley Cup logistics",
            "Found: wallet near Tun Razak Exchange",
            "Ne vedem lângă Gandhi Maidan.",
            "Darwin Harbour Medical Practice",
            "Bought it for my trip to Hemingway House.",
            "Jovnna og Magnus har sett på Calvin Klein-avtalen.",
            "Gift for you. Faith-based charities.",
            "Support Mrs. Fields webhooks",
            "Bought the Mrs. Fields for my trip",
        ] {
            let found = scan(t);
            assert!(
                found
                    .iter()
                    .all(|f| ["Jovnna", "Magnus"].contains(&f.as_str())),
                "{t}: {found:?}"
            );
        }
        // People keep their names: a given name before a surname that is
        // also a place word, parts after a hyphen that are names, a case
        // ending of another script.
        assert_eq!(scan("Dear Anna House,"), ["Anna House"]);
        assert_eq!(scan("Dear Mrs. Fields, thank you."), ["Fields"]);
        assert_eq!(scan("Hi Jean-baptiste,"), ["Jean-baptiste"]);
        assert_eq!(
            words("Houston Street-এর কাছে").len(),
            words("Houston Street এর কাছে").len()
        );
    }

    #[test]
    fn whoever_one_is_asked_to_call_at_a_number() {
        assert_eq!(
            scan("Proszę oddzwonić do Blagoja Angelovski pod numer +48 600 700 800."),
            ["Blagoja Angelovski"]
        );
        assert_eq!(
            scan("Vui lòng gọi lại cho Huỳnh Thanh Hùng theo số +84 28 3822 1234."),
            ["Huỳnh Thanh Hùng"]
        );
        // A desk or a company is no one; nor is a name with no number.
        assert!(scan("Please call Harbor Dental at +1 415 555 0132.").is_empty());
        assert!(called_at("please call ", " back on +44 20 7946 0958"));
        assert!(!called_at("please call ", " tomorrow about the invoice"));
        assert!(!called_at("please recall ", " +44 20 7946 0958"));
        // Honorifics of Romanian, Vietnamese (in lower case only) and Russian.
        assert_eq!(scan("Salut dl. Usubaliev,"), ["Usubaliev"]);
        assert_eq!(scan("Chào anh Primož,"), ["Primož"]);
        assert_eq!(scan("Здравствуйте, г-жа Tamihana!"), ["Tamihana"]);
        // Dutch titles; honorifics of other scripts before Latin letters.
        assert_eq!(scan("meneer Visser heeft gebeld."), ["Visser"]);
        assert_eq!(
            scan("اقرا ملک نے محترمہ Aruzhan Abenova سے بات کی۔"),
            ["Aruzhan Abenova"]
        );
    }

    #[test]
    fn senders_of_chat_export_lines() {
        let found = |t: &str| {
            let mut out = Vec::new();
            export_speakers(t, &crate::pii::NoMemory, &mut out);
            out.iter()
                .map(|f| t[f.start..f.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            found("Ashur Shlimon, [06/09/2019 14:54]\nhej"),
            ["Ashur Shlimon"]
        );
        assert_eq!(found("بلال ملک, [17/10/2019 07:18]\nبراہ کرم"), ["بلال ملک"]);
        assert_eq!(
            found("[24/08/2021, 02:19:54] Jonalyn dela Cruz Mendoza: Nakausap"),
            ["Jonalyn dela Cruz Mendoza"]
        );
        assert_eq!(
            found("**I Wayan Mahendra** — 11:23\n> hi"),
            ["I Wayan Mahendra"]
        );
        assert_eq!(found("**نجیب** — 27.11.2019 09:26:03\nBok!"), ["نجیب"]);
        assert_eq!(found("**ခင်မာဝင်း** — 2016年8月13日 13:08"), ["ခင်မာဝင်း"]);
        assert_eq!(
            found("**Agustina** commented on `src/logo@3x.webp` line 42:"),
            ["Agustina"]
        );
        assert!(found("**Build Bot** commented on `CHANGES.md`").is_empty());
        // Desks, numbers, headings and one-word senders are not taken here.
        assert!(found("Support Team, [06/09/2019 14:54]\nhello").is_empty());
        assert!(found("[24/08/2021, 02:19:54] +44 20 7946 0958: hi").is_empty());
        assert!(found("**Release Notes** — 2024-05-01").is_empty());
        assert!(found("[24/08/2021, 02:19:54] Nahrain: hi").is_empty());
    }

    #[test]
    fn particles_are_short() {
        assert!(PARTICLES.iter().all(|p| p.len() <= 5));
        // Particles are never learned as names of their own.
        assert_eq!(
            name_words("nor azlina binti mokhtar").collect::<Vec<_>>(),
            ["nor", "azlina", "mokhtar"]
        );
        assert_eq!(
            scan("Owner: Nor Azlina binti Mokhtar"),
            ["Nor Azlina binti Mokhtar"]
        );
    }

    #[test]
    fn email_teaches_names() {
        assert_eq!(
            name_from_email("maya.vieira@gmail.com").as_deref(),
            Some("maya vieira")
        );
        assert_eq!(name_from_email("sales.team@x.com"), None);
        assert_eq!(name_from_email("carole4492@acme.com"), None);
    }
}

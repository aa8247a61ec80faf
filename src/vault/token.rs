//! The token grammar: `[EMAIL_1]`, `[PHONE_2]`, `[NAME_3]`, variant forms
//! `[NAME_3_2]` and partial reveals `[EMAIL_4@acme.com]`.
//!
//! ```text
//! token    = "[" escapes label "_" id [ "_" variant ] [ "@" reveal ] "]"
//! escapes  = *"_"                 ; one or more: literal text, see below
//! label    = segment *( "_" segment ), segment = UPPER *( UPPER / DIGIT )
//! id       = 1*DIGIT              ; per-session, per-class counter
//! variant  = 1*DIGIT              ; a second, third... surface form of one value
//! ```
//!
//! Text that comes from a server and already has this shape is *escaped*
//! (invariant 5): one `_` is inserted after the `[`. The restorer removes one
//! `_` from every escaped match and restores only matches with no `_`, so a
//! server can never plant a token, and `restore(redact(x)) == x` holds for any
//! text. A match never contains `[` or `]` inside, so matches of the escape
//! grammar cannot straddle a token that Sluice inserted.

use std::borrow::Cow;
use std::fmt;
use std::sync::LazyLock;

use regex::Regex;

use crate::pii::Class;

/// Matches token-shaped text, escaped or not.
static TOKEN_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\[(_*)([A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)*)_([0-9]{1,10})(?:_([0-9]{1,6}))?(@[^\[\]\s]{1,255})?\]",
    )
    .expect("token grammar is a valid regex")
});

/// The same grammar with the brackets percent-encoded (`%5BEMAIL_1%5D`,
/// as in a URL) or JSON-escaped (`\u005BEMAIL_1\u005D`). These forms are
/// tokens too: escaped in server output like the plain form, so a server
/// cannot plant one, and restored (re-encoded) where the rules allow.
static PERCENT_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"%5[bB](_*)([A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)*)_([0-9]{1,10})(?:_([0-9]{1,6}))?%5[dD]",
    )
    .expect("valid regex")
});
static UNICODE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\\u005[bB](_*)([A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)*)_([0-9]{1,10})(?:_([0-9]{1,6}))?\\u005[dD]")
        .expect("valid regex")
});

/// How a token's brackets are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// `[EMAIL_1]`
    Plain,
    /// `%5BEMAIL_1%5D`: the value is restored percent-encoded.
    Percent,
    /// `\u005BEMAIL_1\u005D`: the value is restored JSON-escaped.
    Unicode,
}

impl Encoding {
    /// Length of the opening delimiter.
    fn open_len(self) -> usize {
        match self {
            Encoding::Plain => 1,
            Encoding::Percent => 3,
            Encoding::Unicode => 6,
        }
    }

    /// Writes `value` as it must appear where the token stood.
    pub fn encode(self, value: &str, out: &mut String) {
        match self {
            Encoding::Plain => out.push_str(value),
            Encoding::Percent => {
                for b in value.bytes() {
                    if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                        out.push(b as char);
                    } else {
                        out.push_str(&format!("%{b:02X}"));
                    }
                }
            }
            Encoding::Unicode => {
                let quoted = serde_json::to_string(value).unwrap_or_default();
                out.push_str(&quoted[1..quoted.len().saturating_sub(1)]);
            }
        }
    }
}

/// Could `text` hold a token in any form? (A cheap check before parsing.)
pub fn may_hold_token(text: &str) -> bool {
    text.contains('[') || maybe_encoded(text)
}

/// Could `text` hold an encoded token form at all?
fn maybe_encoded(text: &str) -> bool {
    memchr::memchr2(b'%', b'\\', text.as_bytes()).is_some() && maybe_encoded_slow(text)
}

fn maybe_encoded_slow(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"%5").is_some()
        || memchr::memmem::find(text.as_bytes(), b"\\u005").is_some()
}

/// Every token-shaped match in `text`, in order, with its encoding.
fn matches(text: &str) -> Vec<(regex::Captures<'_>, Encoding)> {
    let mut out: Vec<(regex::Captures<'_>, Encoding)> = Vec::new();
    if text.contains('[') {
        out.extend(TOKEN_RE.captures_iter(text).map(|c| (c, Encoding::Plain)));
    }
    if maybe_encoded(text) {
        out.extend(
            PERCENT_RE
                .captures_iter(text)
                .map(|c| (c, Encoding::Percent)),
        );
        out.extend(
            UNICODE_RE
                .captures_iter(text)
                .map(|c| (c, Encoding::Unicode)),
        );
        out.sort_by_key(|(c, _)| c.get(0).map_or(0, |m| m.start()));
        let mut end = 0;
        out.retain(|(c, _)| {
            let m = c.get(0).expect("group 0");
            let keep = m.start() >= end;
            if keep {
                end = m.end();
            }
            keep
        });
    }
    out
}

/// A token's identity: class and per-session counter.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct TokenId {
    pub class: Class,
    pub n: u32,
}

impl fmt::Display for TokenId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}_{}", self.class.label(), self.n)
    }
}

/// A parsed, unescaped token reference as found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRef {
    pub id: TokenId,
    /// 1 for the base form, 2.. for further surface forms.
    pub variant: u32,
    /// The revealed part after `@`, if this is a partial reveal.
    pub reveal: Option<String>,
}

impl TokenRef {
    /// The token text as shown to the model.
    pub fn render(&self) -> String {
        self.write(self.reveal.as_deref())
    }

    /// The token as named in errors and logs: a partial reveal (part of a
    /// value) is elided, `[EMAIL_4@…]`.
    pub fn label(&self) -> String {
        self.write(self.reveal.as_ref().map(|_| "…"))
    }

    /// Appends the token text (as [`TokenRef::render`] gives it) to `out`.
    pub fn render_into(&self, out: &mut String) {
        self.write_into(self.reveal.as_deref(), out);
    }

    fn write(&self, reveal: Option<&str>) -> String {
        let mut s = String::with_capacity(16);
        self.write_into(reveal, &mut s);
        s
    }

    fn write_into(&self, reveal: Option<&str>, s: &mut String) {
        s.push('[');
        s.push_str(self.id.class.label());
        s.push('_');
        push_u32(s, self.id.n);
        if self.variant > 1 {
            s.push('_');
            push_u32(s, self.variant);
        }
        if let Some(r) = reveal {
            s.push('@');
            s.push_str(r);
        }
        s.push(']');
    }
}

/// Appends the decimal digits of `n` (no allocation, unlike `to_string`).
fn push_u32(s: &mut String, n: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    s.extend(buf[i..].iter().map(|&b| char::from(b)));
}

/// Names raw token-shaped text in errors with any reveal part elided.
pub fn label_raw(raw: &str) -> String {
    match raw.find('@') {
        Some(i) => format!("{}@…]", &raw[..i]),
        None => raw.to_string(),
    }
}

impl fmt::Display for TokenRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

/// One token-shaped match in a text.
#[derive(Debug)]
pub enum Piece<'a> {
    /// A token to restore (no escape underscores). Malformed ids (zero,
    /// overflowing) are reported as `Err` with the raw text.
    Token(Result<TokenRef, &'a str>),
    /// An escaped literal: the text to emit, with one `_` removed.
    Escaped(String),
}

/// Renders `id` with an optional variant, as `TokenRef::render` would.
pub fn render(id: &TokenId, variant: u32) -> String {
    TokenRef {
        id: id.clone(),
        variant,
        reveal: None,
    }
    .render()
}

/// True if `text` holds any token-shaped match (escaped or not).
pub fn has_token_shape(text: &str) -> bool {
    (text.contains('[') && TOKEN_RE.is_match(text))
        || (maybe_encoded(text) && (PERCENT_RE.is_match(text) || UNICODE_RE.is_match(text)))
}

/// Escapes every token-shaped match in `text` (in any encoding) by
/// inserting one `_` after its opening bracket.
pub fn escape(text: &str) -> Cow<'_, str> {
    // One pass for the common case: no `[`, `%` or `\` means no token
    // shape in any encoding.
    if memchr::memchr3(b'[', b'%', b'\\', text.as_bytes()).is_none() {
        return Cow::Borrowed(text);
    }
    if !text.contains('[') && !maybe_encoded(text) {
        return Cow::Borrowed(text);
    }
    let found = matches(text);
    if found.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut o = String::with_capacity(text.len() + found.len());
    let mut at = 0;
    for (c, enc) in &found {
        let m = c.get(0).expect("group 0");
        let open = enc.open_len();
        o.push_str(&text[at..m.start()]);
        o.push_str(&m.as_str()[..open]);
        o.push('_');
        o.push_str(&m.as_str()[open..]);
        at = m.end();
    }
    o.push_str(&text[at..]);
    Cow::Owned(o)
}

/// Calls `f` for every token-shaped match in `text`, in order, with its byte range.
pub fn for_each_piece<'a>(text: &'a str, mut f: impl FnMut(std::ops::Range<usize>, Piece<'a>)) {
    for_each_token(text, |r, p, _| f(r, p));
}

/// As [`for_each_piece`], with the encoding of each match.
pub fn for_each_token<'a>(
    text: &'a str,
    mut f: impl FnMut(std::ops::Range<usize>, Piece<'a>, Encoding),
) {
    if !text.contains('[') && !maybe_encoded(text) {
        return;
    }
    for (c, enc) in matches(text) {
        let m = c.get(0).expect("group 0");
        let escapes = c.get(1).map_or(0, |g| g.len());
        let open = enc.open_len();
        if escapes > 0 {
            let mut s = String::with_capacity(m.len() - 1);
            s.push_str(&m.as_str()[..open]);
            s.push_str(&m.as_str()[open + 1..]);
            f(m.range(), Piece::Escaped(s), enc);
            continue;
        }
        let parsed = (|| {
            let class = Class::from_label(c.get(2)?.as_str())?;
            let n: u32 = c.get(3)?.as_str().parse().ok().filter(|n| *n > 0)?;
            let variant = match c.get(4) {
                Some(v) => v.as_str().parse().ok().filter(|v| *v > 1)?,
                None => 1,
            };
            let reveal = c.get(5).map(|r| r.as_str()[1..].to_string());
            Some(TokenRef {
                id: TokenId { class, n },
                variant,
                reveal,
            })
        })();
        f(m.range(), Piece::Token(parsed.ok_or(m.as_str())), enc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str) -> Vec<String> {
        let mut out = vec![];
        for_each_piece(text, |_, p| {
            out.push(match p {
                Piece::Token(Ok(t)) => format!("T:{}", t.render()),
                Piece::Token(Err(raw)) => format!("BAD:{raw}"),
                Piece::Escaped(s) => format!("E:{s}"),
            })
        });
        out
    }

    #[test]
    fn parses_tokens_variants_and_reveals() {
        assert_eq!(
            pieces("a [EMAIL_1] b [NAME_3_2] [EMAIL_4@acme.com] [PROJECT_CODE_7]"),
            [
                "T:[EMAIL_1]",
                "T:[NAME_3_2]",
                "T:[EMAIL_4@acme.com]",
                "T:[PROJECT_CODE_7]"
            ]
        );
    }

    #[test]
    fn escapes_round_trip() {
        let s = "x [EMAIL_1] [_EMAIL_1] [__NAME_2_3] [TODO] [email_1]";
        let e = escape(s);
        assert_eq!(e, "x [_EMAIL_1] [__EMAIL_1] [___NAME_2_3] [TODO] [email_1]");
        assert_eq!(
            pieces(&e),
            ["E:[EMAIL_1]", "E:[_EMAIL_1]", "E:[__NAME_2_3]"]
        );
    }

    #[test]
    fn encoded_forms_are_tokens_and_escape_too() {
        assert_eq!(
            pieces("q=%5BEMAIL_1%5D&r=%5b_NAME_2%5d x \\u005BPHONE_3\\u005D"),
            ["T:[EMAIL_1]", "E:%5bNAME_2%5d", "T:[PHONE_3]"]
        );
        let s = "%5BEMAIL_1%5D and \\u005bNAME_2\\u005d and [EMAIL_3]";
        let e = escape(s);
        assert_eq!(e, "%5B_EMAIL_1%5D and \\u005b_NAME_2\\u005d and [_EMAIL_3]");
        let mut restored = String::new();
        let mut at = 0;
        for_each_piece(&e, |r, p| {
            restored.push_str(&e[at..r.start]);
            if let Piece::Escaped(lit) = p {
                restored.push_str(&lit);
            }
            at = r.end;
        });
        restored.push_str(&e[at..]);
        assert_eq!(restored, s);
        let mut out = String::new();
        Encoding::Percent.encode("ann.lee+x@example.com", &mut out);
        assert_eq!(out, "ann.lee%2Bx%40example.com");
        let mut out = String::new();
        Encoding::Unicode.encode("a\"b", &mut out);
        assert_eq!(out, "a\\\"b");
    }

    #[test]
    fn malformed_ids_are_flagged() {
        assert_eq!(
            pieces("[EMAIL_0] [NAME_1_1]"),
            ["BAD:[EMAIL_0]", "BAD:[NAME_1_1]"]
        );
    }

    #[test]
    fn render_variants() {
        let id = TokenId {
            class: Class::Name,
            n: 3,
        };
        assert_eq!(render(&id, 1), "[NAME_3]");
        assert_eq!(render(&id, 2), "[NAME_3_2]");
        let big = TokenRef {
            id: TokenId {
                class: Class::Custom("PROJECT_CODE".into()),
                n: u32::MAX,
            },
            variant: 10,
            reveal: Some("acme.com".into()),
        };
        assert_eq!(big.render(), "[PROJECT_CODE_4294967295_10@acme.com]");
        assert_eq!(big.label(), "[PROJECT_CODE_4294967295_10@…]");
    }
}

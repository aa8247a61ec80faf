//! Email addresses: Unicode local parts, internationalized domains, checked
//! against the public suffix list so that `file@2x.png`, `lodash@4.17.21`
//! and `user@localhost` are not addresses.

use super::{Class, Detector, Finding};

/// Local-part characters in practice: letters, digits, marks and `._%+-`.
/// RFC 5322 allows `!#$&*=?^{|}~` too, but in text they delimit (`?email=`,
/// `&to=`), and addresses that use them are rare enough to trade for that.
fn local_char(c: char) -> bool {
    c.is_alphanumeric() || is_mark(c) || "_%+-.".contains(c)
}

fn domain_char(c: char) -> bool {
    c.is_alphanumeric() || is_mark(c) || c == '-' || c == '.'
}

/// A combining mark: accents written apart (`e` + U+0301) and the vowel
/// signs and tone marks of Thai, Devanagari, Tamil and other scripts
/// (`ไทยทัวร์.th`, `भारत.भारत`), which are not alphanumeric.
fn is_mark(c: char) -> bool {
    use unicode_general_category::{GeneralCategory as G, get_general_category};
    if c.is_ascii() {
        return false;
    }
    ('\u{300}'..='\u{36f}').contains(&c)
        || matches!(
            get_general_category(c),
            G::NonspacingMark | G::SpacingMark | G::EnclosingMark
        )
}

/// Appends every email address in `text` to `out`.
///
/// Hand-written rather than one regex over the whole text: addresses are
/// found from their `@` outwards, so text without `@` costs one memchr.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    let bytes = text.as_bytes();
    let mut search = 0;
    while let Some(rel) = bytes[search..].iter().position(|&b| b == b'@' || b == b'%') {
        let at = search + rel;
        search = at + 1;
        // `%40` is an `@` in a URL (`?email=ann%40example.com`).
        let w = if bytes[at] == b'@' {
            1
        } else if bytes.get(at + 1) == Some(&b'4') && bytes.get(at + 2) == Some(&b'0') {
            3
        } else {
            continue;
        };
        // Local part: back from the `@`.
        let mut start = at;
        for (i, c) in text[..at].char_indices().rev() {
            if local_char(c) {
                start = i;
            } else {
                break;
            }
        }
        // A local part cannot start with a dot; leading punctuation belongs to the prose.
        while start < at && matches!(bytes[start], b'.' | b'-' | b'%' | b'+') {
            start += 1;
        }
        // Domain: forward from the `@`.
        let mut end = at + w;
        for (i, c) in text[at + w..].char_indices() {
            if domain_char(c) {
                end = at + w + i + c.len_utf8();
            } else {
                break;
            }
        }
        // Trailing dots and hyphens end the sentence, not the domain.
        while end > at + w && matches!(bytes[end - 1], b'.' | b'-') {
            end -= 1;
        }
        if start == at || end <= at + w {
            continue;
        }
        let local = &text[start..at];
        let domain = &text[at + w..end];
        if local.ends_with('.') || local.contains("..") || local.len() > 64 {
            continue;
        }
        if !domain_shape_ok(domain) {
            continue;
        }
        // "x@y.com@z": not an address.
        if text[end..].starts_with('@') {
            continue;
        }
        if !domain_is_public(domain) {
            continue;
        }
        if message_id(text, start, end, local)
            || uuid_local(local)
            || not_a_mailbox(text, start, end)
        {
            search = end;
            continue;
        }
        out.push(Finding {
            class: Class::Email,
            start,
            end,
            detector: Detector::Email,
            confidence: 0.99,
            normalized: {
                let lower = text[start..end].to_lowercase();
                if lower.contains('%') {
                    lower.replace("%40", "@").replace("%2b", "+")
                } else {
                    lower
                }
            },
        });
        search = end;
    }
}

/// A Message-ID (`<CA+VA7sTyt2ag2F7dXV2nqr@mail.gmail.com>`,
/// `<20220724175636.25A8E@mx4.example.net>`): an address in angle
/// brackets on a `Message-ID:`/`In-Reply-To:`/`References:` line, or whose
/// local part a machine wrote (a UUID, a timestamp, a long mix of capitals,
/// small letters and digits). A person's address in brackets (`Ann
/// <ann@example.com>`) has a local part a person chose.
fn message_id(text: &str, start: usize, end: usize, local: &str) -> bool {
    if !(text[..start].ends_with('<') && text[end..].starts_with('>')) {
        return false;
    }
    // The line before the bracket, at most 4,000 bytes back (a long
    // one-line text is not searched back to its start for each address).
    let mut from = start.saturating_sub(4_000);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let window = &text[from..start];
    let line = &window[window.rfind('\n').map_or(0, |i| i + 1)..];
    let header = {
        let l = line.to_ascii_lowercase();
        ["message-id", "in-reply-to", "references"]
            .iter()
            .any(|h| l.contains(h))
    };
    header || machine_local(local)
}

/// A local part that is a UUID (`78673956-dfcb-…@google.com`, a calendar
/// event's iCalUID, a Message-ID written without brackets): an id a
/// machine made, never a mailbox a person reads.
fn uuid_local(local: &str) -> bool {
    let b = local.as_bytes();
    b.len() >= 36
        && b[..36].iter().enumerate().all(|(i, &c)| match i {
            8 | 13 | 18 | 23 => c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

fn machine_local(local: &str) -> bool {
    let b = local.as_bytes();
    let uuid = uuid_local(local);
    let stamp = b.len() >= 12 && b[..10].iter().all(u8::is_ascii_digit);
    let count = |f: fn(&u8) -> bool| b.iter().filter(|c| f(c)).count();
    let random = b.len() >= 16
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'=' | b'_' | b'-'))
        && count(u8::is_ascii_uppercase) >= 2
        && count(u8::is_ascii_lowercase) >= 2
        && count(u8::is_ascii_digit) >= 2;
    uuid || stamp || random
}

/// A URL's user (`ssh://git@gitlab.example.com:2222/…`) or an scp-style
/// remote (`git@github.com:acme/web.git`, `deploy@host:/srv`): a login on
/// a host, not a mailbox.
fn not_a_mailbox(text: &str, start: usize, end: usize) -> bool {
    text[..start].ends_with("://")
        || text[end..]
            .strip_prefix(':')
            .and_then(|r| r.chars().next())
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '~'))
}

/// Dot-separated labels of letters, digits and inner hyphens; the last
/// label alphabetic (or punycode `xn--`).
fn domain_shape_ok(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    if labels.len() < 2 || domain.len() > 253 {
        return false;
    }
    for l in &labels {
        if l.is_empty() || l.len() > 63 || l.starts_with('-') || l.ends_with('-') {
            return false;
        }
    }
    let tld = labels[labels.len() - 1];
    (tld.chars().count() >= 2 && tld.chars().all(|c| c.is_alphabetic() || is_mark(c)))
        || (tld.len() > 4 && tld.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
}

/// Does `domain` end in a known public suffix, with a registrable label in front?
pub fn domain_is_public(domain: &str) -> bool {
    // A non-ASCII top-level label (an IDN TLD such as `.广告` in the
    // Universal Acceptance test address `用户@例子.广告`) is accepted by shape:
    // the public suffix list lags IDN delegations, and such labels do not
    // occur in file names or version strings.
    if let Some(tld) = domain.rsplit('.').next()
        && !tld.is_ascii()
        && tld.chars().count() >= 2
        && tld.chars().all(|c| c.is_alphabetic() || is_mark(c))
        && domain.contains('.')
    {
        return true;
    }
    let lower = if domain.is_ascii() {
        domain.to_ascii_lowercase()
    } else {
        // Internationalized domains are checked in their ASCII (punycode) form.
        match idna::domain_to_ascii(domain) {
            Ok(a) => a,
            Err(_) => return false,
        }
    };
    // The top-level names reserved for documentation and testing (RFC 2606,
    // RFC 6761) are in no public suffix list, yet sample data, fixtures and
    // redacted exports address real-looking people there
    // (`ann@northwind.example`). `.localhost`, `.local` and `.invalid` stay
    // out: they name machines, not mailboxes.
    if let Some((rest, tld)) = lower.rsplit_once('.')
        && (tld == "example" || tld == "test")
        && !rest.is_empty()
    {
        return true;
    }
    match psl::suffix(lower.as_bytes()) {
        Some(suffix) if suffix.is_known() => suffix.as_bytes().len() < lower.len(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emails(text: &str) -> Vec<&str> {
        let mut out = vec![];
        find(text, &mut out);
        out.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn finds_unicode_and_plus_addresses() {
        assert_eq!(
            emails("mail müller@beispiel.de now"),
            ["müller@beispiel.de"]
        );
        assert_eq!(emails("用户@例子.广告"), ["用户@例子.广告"]);
        assert_eq!(
            emails("<Ann.Lee+news@Mail.Corp.Example.CO.UK>"),
            ["Ann.Lee+news@Mail.Corp.Example.CO.UK"]
        );
        assert_eq!(
            emails("mailto:bob@x.io,carol@y.org."),
            ["bob@x.io", "carol@y.org"]
        );
        assert_eq!(emails("a@xn--bcher-kva.de"), ["a@xn--bcher-kva.de"]);
        // Documentation and test domains (RFC 2606), also internationalized.
        assert_eq!(
            emails("to ann@northwind.example, BO@straße.example, c@ci.test"),
            ["ann@northwind.example", "BO@straße.example", "c@ci.test"]
        );
        assert!(emails("user@localhost root@box.local x@y.invalid").is_empty());
        // Thai and Devanagari domains hold vowel signs and tone marks.
        assert_eq!(
            emails("R: Arthit <arthit.boonmee@ไทยทัวร์.th>"),
            ["arthit.boonmee@ไทยทัวร์.th"]
        );
        assert_eq!(emails("संपर्क@डाटामेल.भारत"), ["संपर्क@डाटामेल.भारत"]);
    }

    #[test]
    fn percent_encoded_addresses_in_urls() {
        assert_eq!(
            emails("https://x.io/u?email=swati.patil%40gmail.com&x=1"),
            ["swati.patil%40gmail.com"]
        );
        let mut out = vec![];
        find("a%2Bb%40Example.com", &mut out);
        assert_eq!(out[0].normalized, "a+b@example.com");
        assert!(emails("50%40 off").is_empty());
    }

    #[test]
    fn rejects_non_addresses() {
        for t in [
            "file@2x.png",
            "lodash@4.17.21",
            "user@localhost",
            "a@b.c",
            "x@@y.com",
            "pkg@1.2.3.tgz",
            "icon@3x.jpg",
            "@scope/pkg@1.0.0",
        ] {
            assert!(emails(t).is_empty(), "{t}: {:?}", emails(t));
        }
    }

    #[test]
    fn message_ids_and_remotes_are_no_addresses() {
        for t in [
            "Message-ID: <CA+VA7sTyt2ag2F7dXV2nqr@mail.gmail.com>",
            "<20220724175636.25A8E@mx4.mailer.example.net>",
            "<03e8bf86-85f5-4cc5-b58b-d9c52edfbe2f@outbound.example.org>",
            "\"iCalUID\": \"78673956-dfcb-40a8-8647-b91971f6326c@google.com\"",
            "In-Reply-To: <ann.lee.reply@example.com>",
            "git clone git@github.com:acme/web.git",
            "ssh://git@gitlab.example.com:2222/platform/docs.git",
            "scp dump.sql deploy@db.example.com:/srv/backups",
        ] {
            assert!(emails(t).is_empty(), "{t}: {:?}", emails(t));
        }
        // People's addresses in brackets and before a colon stay.
        assert_eq!(
            emails("From: Ann Lee <ann.lee@example.com>"),
            ["ann.lee@example.com"]
        );
        assert_eq!(
            emails("<JohnSmith2024@example.com>"),
            ["JohnSmith2024@example.com"]
        );
        assert_eq!(emails("mail ann@example.com: thanks"), ["ann@example.com"]);
        assert_eq!(emails("mailto:ann@example.com"), ["ann@example.com"]);
    }

    #[test]
    fn normalizes_to_lower_case() {
        let mut out = vec![];
        find("Ann.LEE@Example.COM", &mut out);
        assert_eq!(out[0].normalized, "ann.lee@example.com");
    }
}

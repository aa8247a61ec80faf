//! User handles: the login or screen name of an account
//! (`maartje.horst`, `omkar-shinde`, `xinyiouyang`). A handle is looked
//! for where its place says it is one, never by its shape alone: under a
//! person's key (`login`, `display_name`), as a mention (`cc @darnell`,
//! CODEOWNERS' `@meron-girma`), as a profile link (`github.com/ihashmi`,
//! `linkedin.com/in/imran-hashmi-2e9a1`, `/people/philippa.a`), a log's
//! user or a forum's quote.
//!
//! Where a text says an account is written — a login or user-name key
//! (`login`, `username`, `requested_reviewers`), a mention, a profile's
//! address, a web server log's user, a forum's quote, an LDAP entry of
//! people — a handle is a person's account unless it is made of ordinary
//! words ([`account_handle`]): `jgagnon` or `chue.t` identifies its holder
//! as surely as the name it abbreviates, while `quietorbit`,
//! `pixel_kiwi33` or `data-export` are generated aliases or services.
//! Under keys that may hold a person but hold other things too (`name`,
//! `owner`), a handle is tokenized only when it *carries* a name the
//! session knows (`maartje.horst` beside "Maartje Horst", `kdlamini`
//! beside "Kagiso Dlamini") or is a given name and a surname by the
//! dictionaries (`linnea.andersson`: [`dictionary_name`]); a LinkedIn
//! profile slug always is (it is the person's name by construction). Role
//! and service accounts (`admin`, `postgres`, `dependabot`, `@sre`) are
//! never people.

use super::{Class, Detector, Finding, names};

/// Accounts that are roles, services or placeholders, not people.
const ROLE_ACCOUNTS: &[&str] = &[
    "admin",
    "administrator",
    "root",
    "postgres",
    "mysql",
    "sa",
    "system",
    "guest",
    "anonymous",
    "user",
    "users",
    "test",
    "tester",
    "demo",
    "deploy",
    "deployer",
    "jenkins",
    "ci",
    "bot",
    "service",
    "api",
    "default",
    "nobody",
    "ubuntu",
    "git",
    "ghost",
    "unknown",
    "null",
    "none",
    "nil",
    "noreply",
    "support",
    "info",
    "sales",
    "team",
    "ops",
    "dev",
    "devops",
    "backup",
    "monitor",
    "operator",
    "owner",
    "everyone",
    "channel",
    "here",
    "all",
    "unassigned",
    "dependabot",
    "renovate",
    "github-actions",
    "web-flow",
    "actions-user",
];

/// Words after an `@` that are code, not people: decorators, annotations,
/// documentation tags, CSS at-rules, npm dist-tags.
const NOT_MENTIONS: &[&str] = &[
    "param",
    "params",
    "return",
    "returns",
    "throws",
    "throw",
    "see",
    "since",
    "author",
    "version",
    "override",
    "deprecated",
    "property",
    "staticmethod",
    "classmethod",
    "dataclass",
    "abstractmethod",
    "cached_property",
    "types",
    "type",
    "typedef",
    "latest",
    "next",
    "beta",
    "canary",
    "media",
    "import",
    "charset",
    "font-face",
    "keyframes",
    "supports",
    "layer",
    "apply",
    "tailwind",
    "page",
    "namespace",
    "example",
    "link",
    "todo",
    "fixme",
    "inheritdoc",
    "interface",
    "implementation",
    "end",
    "synchronized",
    "autoreleasepool",
    "objc",
    "available",
    "escaping",
    "main",
    "component",
    "injectable",
    "input",
    "output",
    "test",
    "before",
    "after",
    "mock",
    "patch",
    "pytest",
    "app",
    "router",
];

/// Is `h` shaped as a person's handle: 2 to 39 ASCII letters, digits, dots,
/// underscores and hyphens, starting with a letter, mostly small letters
/// (not an id such as `U0QKJLG29Z` or a hash), and no role account?
pub fn handle_shape(h: &str) -> bool {
    let b = h.as_bytes();
    if !(2..=39).contains(&b.len()) || !b[0].is_ascii_alphabetic() {
        return false;
    }
    let (mut lower, mut upper, mut digits) = (0, 0, 0);
    for &c in b {
        match c {
            b'a'..=b'z' => lower += 1,
            b'A'..=b'Z' => upper += 1,
            b'0'..=b'9' => digits += 1,
            b'.' | b'_' | b'-' => {}
            _ => return false,
        }
    }
    let last = b[b.len() - 1];
    let hex = b.len() >= 8 && b.iter().all(u8::is_ascii_hexdigit);
    lower >= 2
        && upper <= 2
        && digits <= 6
        && !hex
        && last.is_ascii_alphanumeric()
        && !h.contains("..")
        && !domain_like(h)
        && !role_account(h)
        && !word_alias(h)
}

/// A generated alias made of ordinary words (`amber-walrus72`,
/// `crimson_tapir`, `lunar.gecko`), as services hand out: two parts or
/// more, the first an ordinary English word, at least one no name at all,
/// and the others ordinary words or words no list knows (rarer animals:
/// `gecko`, `tapir`). `john-doe`, `ann.lee`, `omkar-shinde` and
/// `maartje.horst` are people's.
fn word_alias(h: &str) -> bool {
    let mut parts = 0;
    let mut plain = false;
    for p in h.split(['-', '_', '.']) {
        let p = p.trim_end_matches(|c: char| c.is_ascii_digit());
        if p.is_empty() {
            continue;
        }
        if p.len() < 3 || !p.bytes().all(|b| b.is_ascii_alphabetic()) {
            return false;
        }
        let i = super::lexicon::word_info(&p.to_ascii_lowercase());
        let unknown = !i.common && !i.blocked && i.given == 0 && i.surname_rank == 0;
        if !(i.common || (parts > 0 && unknown)) {
            return false;
        }
        plain |= i.given == 0 && !i.surname_like();
        parts += 1;
    }
    parts >= 2 && plain
}

/// A host name rather than a handle: two dots or more
/// (`zambezilogistics.co.zw`), or a frequent top-level domain after the
/// dot (`lonestar-analytics.com`). `ann.lee` and `wei.li` stay handles.
fn domain_like(h: &str) -> bool {
    const TLDS: &[&str] = &[
        "com", "net", "org", "io", "dev", "app", "ai", "co", "edu", "gov", "info", "biz", "xyz",
        "cloud", "tech", "online", "site", "shop", "html", "htm", "php", "js", "json", "txt",
    ];
    h.matches('.').count() >= 2
        || h.rsplit_once('.')
            .is_some_and(|(_, t)| TLDS.iter().any(|x| x.eq_ignore_ascii_case(t)))
}

/// A role, service or bot account (`admin`, `renovate-bot`, `ci_runner`).
fn role_account(h: &str) -> bool {
    let l = h.to_ascii_lowercase();
    ROLE_ACCOUNTS.contains(&l.as_str())
        || l.ends_with("bot")
        || l.ends_with("team")
        || l.ends_with("-group")
        || l.ends_with("-squad")
        || l.starts_with("bot-")
        || l.starts_with("svc")
        || l.starts_with("ci-")
        || l.starts_with("ci_")
}

/// Does the session know a name that handle `h` carries: a part between
/// `.`, `_` or `-` (trailing digits aside), or, in a part of five letters
/// or more, a known name of three letters or more at its start or end
/// (`kdlamini`, `xinyiouyang`, `shinde99`)? `known` answers for a folded
/// (lower-case) word.
pub fn carries_name(h: &str, known: Known) -> bool {
    h.split(['.', '_', '-']).any(|p| {
        let p = p.trim_end_matches(|c: char| c.is_ascii_digit());
        if p.len() < 2 || !p.is_ascii() {
            return false;
        }
        let p = p.to_ascii_lowercase();
        known(&p)
            || (p.len() >= 5
                && (1..p.len())
                    .any(|i| (i >= 3 && known(&p[..i])) || (p.len() - i >= 3 && known(&p[i..]))))
    })
}

/// A handle that is a given name and a surname by the dictionaries
/// (`linnea.andersson`, `neo_segokgo`, `iolo-williams`): two parts of two
/// letters or more; a listed given name (no ordinary word) before a
/// listed surname or a word no dictionary has, or a word no dictionary
/// has before a listed surname that is no ordinary word. `ann.lee` and
/// `maartje.horst` are people's by construction, as a profile slug is;
/// `amber.walrus` and `data.export` are not.
pub fn dictionary_name(h: &str) -> bool {
    let h = h.trim_end_matches(|c: char| c.is_ascii_digit());
    let mut parts = h.split(['.', '_', '-']);
    let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let plain = |p: &str| p.len() >= 2 && p.bytes().all(|c| c.is_ascii_alphabetic());
    if !plain(a) || !plain(b) {
        return false;
    }
    let info = |p: &str| super::lexicon::word_info(&p.to_ascii_lowercase());
    let (f, l) = (info(a), info(b));
    let given = f.given >= 100 && !f.common && !f.blocked;
    let surname = l.surname_rank > 0 && !l.common && !l.blocked;
    (given && (surname || (l.unknown_anywhere() && b.len() >= 3)))
        || (surname && f.unknown_anywhere() && a.len() >= 3)
}

/// A handle that carries a known name or is a given name and a surname
/// by the dictionaries: the stricter rule, for places that hold other
/// things too.
fn named_handle(h: &str, known: Known) -> bool {
    handle_shape(h) && (carries_name(h, known) || dictionary_name(h))
}

/// A handle where accounts are written (a login key, a mention, a
/// profile's address, a log's user field): a person's account unless it
/// is made of ordinary words. Besides [`carries_name`] and
/// [`dictionary_name`], an initial and a surname no list has (`jgagnon`,
/// `chue.t`, `imogen_p`) is a person's too: a login identifies its holder
/// as surely as the name it abbreviates. `quietorbit`, `pixel_kiwi33`,
/// `data-export` and role accounts are not.
pub fn account_handle(h: &str, known: Known) -> bool {
    named_handle(h, known) || (handle_shape(h) && !wordy(h, known))
}

/// Whether one word under a login's key is for [`handle_value`] alone to
/// judge: a handle's letters, not a name in capitals the dictionaries
/// list (`FERNANDO`). An identifier a system made up (`DZKPMH`, Slack's
/// `U024BE7LH`) then names no one.
pub fn handle_word(text: &str) -> bool {
    let t = text.trim();
    if !t.is_ascii() || t.contains(|c: char| c.is_ascii_whitespace()) {
        return false;
    }
    let caps = t.bytes().all(|b| b.is_ascii_uppercase());
    if !caps {
        return true;
    }
    // In capitals, a listed name (`FERNANDO`), an initial and a listed
    // surname (`MGARCIA`), or a word voiced as names are (`OKONKWO`: two
    // vowels or more, two fifths of its letters) is a person's; letters a
    // system drew (`DZKPMH`, `XEXNSU`) are not.
    let lower = t.to_ascii_lowercase();
    let listed = |w: &str| {
        let i = super::lexicon::word_info(w);
        (i.given > 0 || i.surname_rank > 0) && !i.common
    };
    let vowels = lower.bytes().filter(|b| b"aeiou".contains(b)).count();
    !(listed(&lower)
        || (lower.len() >= 5 && listed(&lower[1..]))
        || (vowels >= 2 && vowels * 5 >= lower.len() * 2))
}

/// Whether handle `h` is made of ordinary words, or has no part of three
/// letters: a part (trailing digits aside) that is an ordinary English
/// word and no name, a part with digits inside (`k8s`), or one part
/// that is two ordinary words run together (`quietorbit`).
fn wordy(h: &str, known: Known) -> bool {
    let ordinary = |p: &str| {
        let i = super::lexicon::word_info(p);
        (i.common || i.blocked) && i.given == 0 && !i.surname_like() && !known(p)
    };
    let mut long = false;
    let mut parts = 0;
    for p in h.split(['.', '_', '-']) {
        let p = p.trim_end_matches(|c: char| c.is_ascii_digit());
        if p.is_empty() {
            continue;
        }
        if !p.bytes().all(|b| b.is_ascii_alphabetic()) {
            return true;
        }
        let p = p.to_ascii_lowercase();
        if ROLE_PARTS.contains(&p.as_str()) || role_account(&p) {
            return true;
        }
        if p.len() >= 3 && ordinary(&p) {
            return true;
        }
        long |= p.len() >= 3;
        parts += 1;
        if parts == 1
            && p.len() >= 6
            && (3..=p.len() - 3).any(|i| ordinary(&p[..i]) && ordinary(&p[i..]))
        {
            return true;
        }
    }
    !long
}

/// Words of team and service handles that no English word list holds
/// (`@devops-oncall`, `@sre`, `ml-eng`).
const ROLE_PARTS: &[&str] = &[
    "oncall",
    "sre",
    "infra",
    "eng",
    "qa",
    "secops",
    "devsecops",
    "frontend",
    "backend",
    "sysadmin",
    "dba",
    "netops",
    "itops",
    "ml",
    "ux",
    "ui",
    "hr",
    "pm",
    "it",
    "noc",
    "soc",
    "helpdesk",
    "servicedesk",
];

/// Answers whether the session knows a folded name word.
pub type Known<'a> = &'a dyn Fn(&str) -> bool;

fn handle(start: usize, end: usize, h: &str, confidence: f32) -> Finding {
    Finding {
        class: Class::Name,
        start,
        end,
        detector: Detector::NameStructured,
        confidence,
        normalized: names::normalize(h),
    }
}

/// A value under a person's key that is a handle rather than a written
/// name (`"display_name": "birgitte.sorensen"`, `"login": "noac"`) and
/// carries a known name. Returns whether it was one.
pub fn handle_value(text: &str, known: Known, account: bool, out: &mut Vec<Finding>) -> bool {
    let t = text.trim();
    let person = if account {
        account_handle(t, known)
    } else {
        named_handle(t, known)
    };
    if !person {
        return false;
    }
    let start = text.len() - text.trim_start().len();
    out.push(handle(start, start + t.len(), t, 0.8));
    true
}

fn handle_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-')
}

/// The handle that starts at byte `s` of `text`, without trailing dots
/// and hyphens (`@asel.` ends a sentence).
fn handle_at(text: &str, s: usize) -> usize {
    let b = text.as_bytes();
    let mut e = s;
    while e < b.len() && handle_byte(b[e]) {
        e += 1;
    }
    while e > s && matches!(b[e - 1], b'.' | b'-' | b'_') {
        e -= 1;
    }
    e
}

/// Mentions: `@handle` after a space, a bracket or the start of the text
/// (`cc @darnell —`, `@meron-girma /mobile/ios/`). Not an address or a
/// package version (`ann@x.com`, `lodash@4.17.21`: a letter before the
/// `@`), not a scope (`@acme/sdk`, `@org/team`), not a decorator or an
/// annotation (`@app.route(`, `@dataclass` over a `class`), not a
/// documentation tag or a CSS at-rule.
pub fn mentions(text: &str, known: Known, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    for at in memchr::memchr_iter(b'@', b) {
        let before_ok = at == 0
            || matches!(
                b[at - 1],
                b' ' | b'\t' | b'\n' | b'\r' | b'(' | b'[' | b',' | b';' | b'>' | b'"' | b'\''
            );
        if !before_ok {
            continue;
        }
        let s = at + 1;
        let e = handle_at(text, s);
        if e == s {
            continue;
        }
        let h = &text[s..e];
        // In a line of code (`@var`, `@csrf`, `@ctx = …`) only a handle
        // that carries a name counts.
        let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
        let line_end = text[e..].find('\n').map_or(text.len(), |p| e + p);
        let code = text[line_start..line_end].contains(['{', '}', ';', '=', '$'])
            || text[e..].starts_with(" =");
        let person = if code {
            named_handle(h, known)
        } else {
            account_handle(h, known)
        };
        if !person
            || NOT_MENTIONS.iter().any(|w| {
                // `@param`, and `@app.route(` (a word, then a dot).
                h.get(..w.len()).is_some_and(|p| p.eq_ignore_ascii_case(w))
                    && (h.len() == w.len() || h.as_bytes()[w.len()] == b'.')
            })
        {
            continue;
        }
        if let Some(b'/' | b'(' | b'@' | b'{' | b'=') = b.get(e) {
            continue;
        }
        // A decorator alone on its line over a definition.
        let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
        if text[line_start..at].trim().is_empty() && text[e..].starts_with(['\n', '\r']) {
            let next = text[e..].trim_start_matches(['\n', '\r']).trim_start();
            let code = [
                "def ",
                "class ",
                "async ",
                "public ",
                "private ",
                "protected ",
                "export ",
                "function ",
                "fun ",
                "static ",
                "@",
                "func ",
                "override ",
            ];
            if code.iter().any(|k| next.starts_with(k)) {
                continue;
            }
        }
        out.push(handle(s, e, h, 0.75));
    }
}

/// Jira's mentions, `[~juan.cruz]`: a handle carrying a known name or a
/// given name and a surname by the dictionaries.
pub fn jira_mentions(text: &str, known: Known, out: &mut Vec<Finding>) {
    for (at, _) in text.match_indices("[~") {
        let s = at + 2;
        let e = handle_at(text, s);
        let h = &text[s..e];
        if text[e..].starts_with(']') && account_handle(h, known) {
            out.push(handle(s, e, h, 0.75));
        }
    }
}

/// IRC-style speakers after a timestamp: `[08:36] <kaveh_hosseini> …`.
pub fn irc_speakers(text: &str, known: Known, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    for lt in memchr::memchr_iter(b'<', b) {
        let s = lt + 1;
        let e = handle_at(text, s);
        if e == s || b.get(e) != Some(&b'>') || b.get(e + 1) != Some(&b' ') {
            continue;
        }
        let line_start = text[..lt].rfind('\n').map_or(0, |p| p + 1);
        let stamp = text[line_start..lt].trim();
        let stamped = stamp.len() >= 7
            && stamp.starts_with('[')
            && stamp.ends_with(']')
            && stamp.contains(':')
            && stamp[1..stamp.len() - 1].bytes().all(|c| {
                c.is_ascii_digit() || matches!(c, b':' | b' ' | b'-' | b'/' | b'.' | b'T')
            });
        let h = &text[s..e];
        if stamped && account_handle(h, known) {
            out.push(handle(s, e, h, 0.8));
        }
    }
}

/// Profile links: `github.com/<handle>`, `gitlab.com/<handle>`,
/// `x.com/<handle>`, `twitter.com/<handle>` with nothing after the handle
/// (a repository's path is an organization's as often as a person's), and
/// `linkedin.com/in/<slug>` (a profile, always a person's).
pub fn profile_links(text: &str, known: Known, out: &mut Vec<Finding>) {
    const HOSTS: &[(&str, bool)] = &[
        ("linkedin.com/in/", true),
        ("github.com/", false),
        ("gitlab.com/", false),
        ("twitter.com/", false),
        ("x.com/", false),
    ];
    let b = text.as_bytes();
    for &(host, always) in HOSTS {
        let mut from = 0;
        while let Some(p) = text[from..].find(host) {
            let h0 = from + p;
            let s = h0 + host.len();
            from = s;
            // The host name starts here (`https://github.com/`, `www.`),
            // not inside another (`notgithub.com`).
            if h0 > 0 && !matches!(b[h0 - 1], b'/' | b'.' | b' ' | b'(' | b'"' | b'\n' | b'\t') {
                continue;
            }
            if h0 > 0 && b[h0 - 1] == b'.' && !text[..h0].ends_with("www.") {
                continue;
            }
            let e = handle_at(text, s);
            if e == s {
                continue;
            }
            let h = &text[s..e];
            let ends = match b.get(e) {
                None => true,
                Some(b'/') => always || b.get(e + 1).is_none_or(|c| !handle_byte(*c)),
                Some(c) => !handle_byte(*c) && !matches!(c, b'/' | b'#' | b'?' | b'@'),
            };
            if !ends || !((handle_shape(h) && carries_name(h, known)) || (always && h.len() >= 2)) {
                continue;
            }
            if !always
                && [
                    "orgs",
                    "features",
                    "pricing",
                    "about",
                    "login",
                    "settings",
                    "search",
                    "topics",
                    "marketplace",
                    "sponsors",
                    "explore",
                    "home",
                    "i",
                    "intent",
                    "share",
                ]
                .contains(&h.to_ascii_lowercase().as_str())
            {
                continue;
            }
            // A LinkedIn slug's generated tail (`imran-hashmi-2e9a1`) is
            // no part of the name.
            let e = if always {
                match h.rsplit_once('-') {
                    Some((name, tail))
                        if name.len() >= 2
                            && (4..=12).contains(&tail.len())
                            && tail.bytes().any(|c| c.is_ascii_digit())
                            && tail.bytes().all(|c| c.is_ascii_alphanumeric()) =>
                    {
                        s + name.len()
                    }
                    _ => e,
                }
            } else {
                e
            };
            out.push(handle(s, e, &text[s..e], 0.75));
            from = e;
        }
    }
}

/// The user of a web server's access log (the Common and Combined Log
/// Formats, `host ident authuser [date] "request" …`): `13.13.4.58 -
/// polglase.demelza [07/Dec/2023:02:21:51 +0100] "GET …"`, when it is
/// not `-` and is a person's account ([`account_handle`]).
pub fn log_users(text: &str, known: Known, out: &mut Vec<Finding>) {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let Some(open) = line.find(" [") else {
            continue;
        };
        let close = line[open..].find("] \"").map(|p| open + p);
        if close.is_none() {
            continue;
        }
        let head = &line[..open];
        let mut fields = head.split(' ');
        let (Some(host), Some(ident), Some(user), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let host_ok = host.len() >= 3
            && host.contains(['.', ':'])
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b':' | b'-'));
        if !host_ok || ident.is_empty() || user == "-" || !account_handle(user, known) {
            continue;
        }
        let s = start + host.len() + 1 + ident.len() + 1;
        out.push(handle(s, s + user.len(), user, 0.8));
    }
}

/// A forum's quote of a member (`[quote=joelle_reding]`,
/// `[quote="imogen_p"]`, `[quote=hine_parata;4512]`): the member's
/// account ([`account_handle`]).
pub fn quoted_members(text: &str, known: Known, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    for (at, _) in text
        .match_indices("[quote=")
        .chain(text.match_indices("[QUOTE="))
    {
        let mut s = at + 7;
        if b.get(s) == Some(&b'"') {
            s += 1;
        }
        let e = handle_at(text, s);
        if e > s
            && matches!(b.get(e), Some(b']' | b'"' | b';'))
            && account_handle(&text[s..e], known)
        {
            out.push(handle(s, e, &text[s..e], 0.75));
        }
    }
}

/// A member's page on a site's own paths (`/people/philippa.a`,
/// `/users/jgagnon`, `/u/imogen_p`, `/members/…`, `/profile/…`), the
/// path ending with the account ([`account_handle`]).
pub fn people_paths(text: &str, known: Known, out: &mut Vec<Finding>) {
    const PATHS: &[&str] = &[
        "/people/",
        "/users/",
        "/u/",
        "/members/",
        "/profile/",
        "/profiles/",
    ];
    // A site's own pages under those paths, not members.
    const ROUTES: &[&str] = &[
        "login",
        "logout",
        "signin",
        "signup",
        "sign_in",
        "sign_up",
        "register",
        "auth",
        "me",
        "self",
        "current",
        "settings",
        "avatar",
        "edit",
        "new",
        "search",
        "password",
        "index",
        "list",
        "all",
        "uuid",
        "id",
        "preferences",
        "account",
        "profile",
        "invite",
        "invitations",
    ];
    let b = text.as_bytes();
    for p in PATHS {
        for (at, _) in text.match_indices(p) {
            let s = at + p.len();
            let e = handle_at(text, s);
            // A sentence's full stop may follow (`/users/jgagnon.`).
            let ends = match b.get(e) {
                None => true,
                Some(b'.') => b
                    .get(e + 1)
                    .is_none_or(|c| c.is_ascii_whitespace() || *c == b'"'),
                Some(c) => !handle_byte(*c) && !matches!(c, b'/' | b'@' | b'(' | b'{' | b'='),
            };
            let h = &text[s..e];
            if e > s
                && ends
                && !ROUTES.iter().any(|r| r.eq_ignore_ascii_case(h))
                && account_handle(h, known)
            {
                out.push(handle(s, e, h, 0.75));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `f` finds in `text` for a session that knows every name, so
    /// that these tests are about places and shapes.
    fn found(f: fn(&str, Known, &mut Vec<Finding>), text: &str) -> Vec<String> {
        let mut out = Vec::new();
        f(text, &|_| true, &mut out);
        out.iter()
            .map(|x| text[x.start..x.end].to_string())
            .collect()
    }

    #[test]
    fn generated_aliases_are_no_people() {
        for h in [
            "amber-walrus72",
            "crimson-tapir38",
            "mellow-gecko30",
            "brisk_heron7",
        ] {
            assert!(!handle_shape(h), "{h}");
        }
        for h in [
            "john-doe",
            "ann.lee",
            "omkar-shinde",
            "maartje.horst",
            "mike42",
        ] {
            assert!(handle_shape(h), "{h}");
        }
    }

    #[test]
    fn handle_shapes() {
        for h in [
            "maartje.horst",
            "omkar-shinde",
            "xinyiouyang",
            "kumari_bandara",
            "jdoe1987",
        ] {
            assert!(handle_shape(h), "{h}");
        }
        for h in [
            "U0QKJLG29Z",
            "deadbeefcafe",
            "admin",
            "renovate-bot",
            "dependabot",
            "a",
            "9lives",
            "ann@x",
            "ends-",
            "zambezilogistics.co.zw",
            "lonestar-analytics.com",
        ] {
            assert!(!handle_shape(h), "{h}");
        }
    }

    #[test]
    fn mentions_are_people_not_code() {
        assert_eq!(
            found(mentions, "Fixes #12. cc @darnell — tested."),
            ["darnell"]
        );
        assert_eq!(
            found(mentions, "*.sql   @meron-girma @asel\n/ios/  @gauribhosale"),
            ["meron-girma", "asel", "gauribhosale"]
        );
        assert!(found(mentions, "npm i lodash@4.17.21 and ann@example.com").is_empty());
        assert!(found(mentions, "* @acme/platform-team owns it").is_empty());
        assert!(found(mentions, "@app.route(\"/\")\ndef index():").is_empty());
        assert!(found(mentions, "@dataclass\nclass Point:").is_empty());
        assert!(found(mentions, " * @param name the name").is_empty());
        assert!(found(mentions, "@media (max-width: 600px) {").is_empty());
        assert!(found(mentions, "thanks @here and @channel").is_empty());
    }

    #[test]
    fn irc_speakers_after_a_timestamp() {
        assert_eq!(
            found(
                irc_speakers,
                "[08:36] <kaveh_hosseini> hi\n[08:37] <ann> ok"
            ),
            ["kaveh_hosseini", "ann"]
        );
        assert!(found(irc_speakers, "<div> text</div>\n<span> x").is_empty());
    }

    #[test]
    fn profile_links_are_people_repositories_are_not() {
        assert_eq!(
            found(
                profile_links,
                "linkedin.com/in/imran-hashmi-2e9a1 · github.com/ihashmi"
            ),
            ["imran-hashmi", "ihashmi"]
        );
        assert_eq!(
            found(profile_links, "\"html_url\": \"https://github.com/noac\""),
            ["noac"]
        );
        assert!(found(profile_links, "git@github.com:acme/mobile.git").is_empty());
        assert!(found(profile_links, "https://github.com/acme/mobile/pull/7").is_empty());
        assert!(found(profile_links, "https://github.com/features").is_empty());
        assert!(found(profile_links, "see notgithub.com/ann").is_empty());
    }

    #[test]
    fn values_under_person_keys() {
        assert_eq!(
            found(
                |t, k, o| {
                    handle_value(t, k, false, o);
                },
                "birgitte.sorensen"
            ),
            ["birgitte.sorensen"]
        );
        assert!(
            found(
                |t, k, o| {
                    handle_value(t, k, false, o);
                },
                "admin"
            )
            .is_empty()
        );
        assert!(
            found(
                |t, k, o| {
                    handle_value(t, k, false, o);
                },
                "Ann Lee"
            )
            .is_empty()
        );
    }

    #[test]
    fn only_handles_that_carry_a_known_name_are_people() {
        let known = |w: &str| ["maartje", "horst", "dlamini", "ouyang", "shinde"].contains(&w);
        for h in [
            "maartje.horst",
            "kdlamini",
            "xinyiouyang",
            "shinde99",
            "h_maartje",
        ] {
            assert!(carries_name(h, &known), "{h}");
        }
        for h in ["quietorbit", "pixel_kiwi33", "zebra800", "ho", "dla"] {
            assert!(!carries_name(h, &known), "{h}");
        }
        let mut out = Vec::new();
        mentions("cc @quietorbit and @maartje.horst", &known, &mut out);
        assert_eq!(out.len(), 1);
        assert!(!handle_value("pixel_kiwi33", &known, false, &mut out));
        assert!(!handle_value("pixel_kiwi33", &known, true, &mut out));
        // A LinkedIn slug is its holder's name whatever the session knows.
        let mut out = Vec::new();
        profile_links(
            "linkedin.com/in/imran-hashmi-2e9a1 github.com/quietorbit",
            &|_| false,
            &mut out,
        );
        assert_eq!(out.len(), 1);
    }

    #[test]
    fn accounts_where_accounts_are_written() {
        let none = |_: &str| false;
        // An initial and a surname, or parts no list has: a person's login.
        for h in [
            "jgagnon",
            "chue.t",
            "imogen_p",
            "ikenna-o",
            "yulaeva_laysan",
            "kaisajarvinen",
        ] {
            assert!(account_handle(h, &none), "{h}");
        }
        // Ordinary words, team and service handles, roles, codes.
        for h in [
            "quietorbit",
            "pixel_kiwi33",
            "zebra800",
            "data-export",
            "devops-oncall",
            "sre",
            "admin",
            "k8s-admin",
            "ab",
        ] {
            assert!(!account_handle(h, &none), "{h}");
        }
        let log = "13.13.4.58 - polglase.demelza [07/Dec/2023:02:21:51 +0100] \"GET / HTTP/1.1\" 200 5\n\
                   10.1.2.3 - - [07/Dec/2023:02:21:52 +0100] \"GET / HTTP/1.1\" 200 5";
        assert_eq!(found(log_users, log), ["polglase.demelza"]);
        assert_eq!(
            found(
                quoted_members,
                "[quote=joelle_reding]Tried it[/quote] [quote=\"data-export\"]"
            ),
            ["joelle_reding"]
        );
        let mut out = Vec::new();
        let paths = "\"profile\": \"/people/philippa.a\", \"next\": \"/users/settings\"";
        people_paths(paths, &none, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(&paths[out[0].start..out[0].end], "philippa.a");
        let mut out = Vec::new();
        let routes = "see /users/login, /users/auth and /users/jgagnon.";
        people_paths(routes, &none, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(&routes[out[0].start..out[0].end], "jgagnon");
        // In a line of code only a handle that carries a name is one.
        let mut out = Vec::new();
        mentions("$x = @ctx; @csrf @var", &none, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn handles_that_are_a_given_name_and_a_surname_by_the_dictionaries() {
        for h in [
            "linnea.andersson",
            "iolo.williams",
            "juan_cruz",
            "jorge-lopez2",
        ] {
            assert!(dictionary_name(h), "{h}");
        }
        for h in [
            "amber.walrus",
            "data.export",
            "release-notes",
            "lunar.gecko",
            "ann",
            "a.b.c",
            "juan.cruz.x",
        ] {
            assert!(!dictionary_name(h), "{h}");
        }
        let none = |_: &str| false;
        let mut out = Vec::new();
        mentions("@amber.walrus and @linnea.andersson", &none, &mut out);
        assert_eq!(out.len(), 1);
        let mut out = Vec::new();
        jira_mentions(
            "[~juan.cruz] v3.1 [~quietorbit] [~juan.cruz",
            &none,
            &mut out,
        );
        assert_eq!(out.len(), 1);
        assert_eq!((out[0].start, out[0].end), (2, 11));
    }
}

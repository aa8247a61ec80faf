//! Structure inside text: `Key: value` lines (`From: Ann Lee <ann@x.com>`,
//! `Customer: Bo Chan`) and delimited tables (CSV, TSV, `;`, Markdown
//! pipes) whose header row names the columns.

use super::keys::{self, KeyKind};
use super::names::{self, Structured};
use super::{Class, Detector, Finding, foreign, handles};
use super::{NameMemory, structured_phone};

/// Appends names and phones found through line structure in `text`.
pub fn scan_lines(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let tables = tables(text, memory, out);
    let in_table = |at: usize| tables.iter().any(|&(s, e)| s <= at && at < e);
    let vcard = text.contains("BEGIN:VCARD");
    if text.contains("^FD") {
        zpl_fields(text, memory, out);
    }
    if text.contains("</") && text.contains(['@', ':']) {
        html_cards(text, memory, out);
    }
    if text.contains("<th") && text.contains("<td") {
        html_tables(text, memory, out);
    }
    sql_inserts(text, memory, out);
    let ldif = ldif_people(text);
    let mut offset = 0;
    for line in text.split('\n') {
        let start = offset;
        offset += line.len() + 1;
        // `| Owner | Wanida Phromsri |`: a two-column field table's row is
        // a label and its value, whatever its header says.
        // A header row (a separator line follows) names columns instead.
        if framed(line.trim())
            && !text
                .get(offset..)
                .is_some_and(|next| separator(next.split('\n').next().unwrap_or("")))
        {
            field_row(start, line, memory, out);
        }
        if in_table(start) {
            continue;
        }
        if let Some(how) = ldif
            && ldif_line(start, line, how, memory, out)
        {
            continue;
        }
        speakers(start, line, memory, out);
        if blame_line(text, start, line, memory, out) {
            continue;
        }
        common_names(start, line, memory, out);
        if line.contains('=') {
            key_values(text, start, line, memory, out);
        }
        if line.contains("\":") {
            json_pairs(text, start, line, memory, out);
        }
        if line.contains("</") || (line.contains('<') && line.contains("=\"")) {
            xml_elements(start, line, memory, out);
        }
        if vcard && vcard_line_at(start, line, memory, out) {
            continue;
        }
        // Fields after the first on a line of several (`**Status:** Open ·
        // **Assignee:** Wazhma Noori · **Cycle:** 74`, `a: x | Owner: Bo`);
        // the first field ends at the first separator (`Reviewer: Ann Lee ·
        // 604cc67`).
        // A handoff's arrow parts fields too when a label follows it
        // (`Outgoing: Kristine → Incoming: Yolanda`; not `Leave: 16/05 →
        // 15/12`).
        let is_framed = framed(line.trim());
        let arrow_sep = |p: usize| {
            let after = &line[p + " → ".len()..];
            after.split_once(':').is_some_and(|(k, _)| {
                !k.is_empty()
                    && k.chars().count() <= 24
                    && k.chars().all(|c| c.is_alphabetic() || c == ' ')
            })
        };
        let first_end = if is_framed {
            line.len()
        } else {
            [" · ", " | ", " → "]
                .iter()
                .filter_map(|sep| {
                    line.match_indices(sep)
                        .map(|(p, _)| p)
                        .find(|&p| *sep != " → " || arrow_sep(p))
                })
                .min()
                .unwrap_or(line.len())
        };
        labelled(text, start, &line[..first_end], memory, out);
        for sep in [" · ", " | ", " → "] {
            if is_framed {
                break;
            }
            for (p, _) in line.match_indices(sep) {
                if sep == " → " && !arrow_sep(p) {
                    continue;
                }
                let from = p + sep.len();
                let seg_end = line[from..].find(sep).map_or(line.len(), |q| from + q);
                labelled(text, start + from, &line[from..seg_end], memory, out);
            }
        }
    }
}

/// A row of a two-column Markdown table whose first cell is a field label
/// (`| Owner | Wanida Phromsri |`, `| **Phone** | +44 20 7946 0958 |`):
/// the value under the label, as in a `Label: value` line.
fn field_row(
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let lead = line.len() - line.trim_start().len();
    let t = line.trim();
    let inner = &t[1..t.len() - 1];
    let Some(bar) = inner.find('|') else { return };
    if inner[bar + 1..].contains('|') {
        return;
    }
    let key = inner[..bar].trim().trim_matches(['*', '_']).trim();
    if key.is_empty()
        || key.len() > 40
        || !key
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | '_' | '-'))
    {
        return;
    }
    let cell = &inner[bar + 1..];
    let value = cell.trim().trim_matches(['*', '_']).trim();
    if value.is_empty() {
        return;
    }
    // Byte offset of the value inside `line`: the frame's `|`, the key cell,
    // the bar, then the value's own leading space and markup.
    let cell_at = lead + 1 + bar + 1;
    let at = cell_at + cell.find(value).unwrap_or(0);
    let kind = keys::kind_of(key);
    value_under(kind, value, start + at, Structured::Sure, memory, out);
}

/// For LDIF text (`dn:` lines, `objectClass:`), how sure its `cn`/`sn`
/// values are people's: sure when an entry is a person's (`inetOrgPerson`,
/// `organizationalPerson`, `posixAccount`, `user`), to be vouched for
/// otherwise (`cn: Engineering` names a group).
fn ldif_people(text: &str) -> Option<Structured> {
    // Entries under a directory's people (`dn: uid=…,ou=people,…`), as a
    // search prints them without their object classes.
    if !(text.starts_with("dn:") || text.contains("\ndn:")) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let people_dn = [
        "ou=people,",
        "ou=users,",
        "cn=users,",
        "ou=staff,",
        "ou=employees,",
    ]
    .iter()
    .any(|c| lower.contains(c));
    if !(text.contains("objectClass:") || people_dn) {
        return None;
    }
    let person = people_dn
        || ["inetOrgPerson", "organizationalPerson", "posixAccount"]
            .iter()
            .any(|c| text.contains(c))
        || text.contains("objectClass: person")
        || text.contains("objectClass: user");
    Some(if person {
        Structured::Sure
    } else {
        Structured::Maybe
    })
}

/// An LDIF attribute line holding a person's name (`cn: Ann Lee`,
/// `sn: Lee`, `gecos: Ann Lee`); whether it was one.
fn ldif_line(
    start: usize,
    line: &str,
    how: Structured,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> bool {
    if how == Structured::Sure {
        ldif_uid(start, line, out);
    }
    let Some(colon) = line.find(": ") else {
        return false;
    };
    let attr = &line[..colon];
    if !["cn", "sn", "gecos", "givenName", "displayName"]
        .iter()
        .any(|a| attr.eq_ignore_ascii_case(a))
    {
        return false;
    }
    let value = line[colon + 2..].trim_end_matches('\r');
    let mut found = Vec::new();
    names::person_value(value, how, memory, &mut found);
    out.extend(found.into_iter().map(|f| shift(f, start + colon + 2)));
    true
}

/// A person's uid in a script without letter case (`dn: uid=丽司马,ou=…`,
/// `uid: عمنصور`): made of the letters of the person's name, it spells the
/// name out, so it is one. A Latin uid (`uid=jgagnon`, `uid=neo.segokgo`)
/// is a person's login: tokenized unless made of ordinary words
/// ([`handles::account_handle`]).
fn ldif_uid(start: usize, line: &str, out: &mut Vec<Finding>) {
    let value_at = if let Some(rest) = line.strip_prefix("dn: uid=") {
        let end = rest.find(',').unwrap_or(rest.len());
        Some((8, end))
    } else {
        line.strip_prefix("uid: ")
            .map(|rest| (5, rest.trim_end_matches('\r').len()))
    };
    let Some((at, len)) = value_at else { return };
    let value = &line[at..at + len];
    let uncased = |c: char| c.is_alphabetic() && !names::has_case_lower(c) && !c.is_uppercase();
    let spelt = !value.is_empty()
        && value.chars().all(|c| uncased(c) || names::is_mark(c))
        && value.chars().any(uncased);
    let login = handles::account_handle(value, &|_: &str| false);
    if !(spelt || login) {
        return;
    }
    out.push(Finding {
        class: Class::Name,
        start: start + at,
        end: start + at + len,
        detector: Detector::NameStructured,
        confidence: 0.8,
        normalized: names::normalize(value),
    });
}

/// Speakers named by a transcript's markup: WebVTT voice spans (`<v Ann
/// Lee>`, `<v.loud Ann Lee>`) and a role with the name in brackets at the
/// start of a line (`AGENT (Baljit Grewal): Thank you…`).
fn speakers(start: usize, line: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let mut from = 0;
    while let Some(p) = line[from..].find("<v") {
        let at = from + p;
        from = at + 2;
        let rest = &line[from..];
        // `<v Name>` or `<v.class Name>`.
        let Some(space) = rest.find(' ') else { break };
        if !(space == 0 || rest[..space].starts_with('.')) || rest[..space].contains(['>', '<']) {
            continue;
        }
        let Some(gt) = rest.find('>') else { break };
        if gt <= space + 1 || gt - space > 80 || rest[space..gt].contains('<') {
            continue;
        }
        let (s, e) = (from + space + 1, from + gt);
        let mut found = Vec::new();
        names::person_value(line[s..e].trim_end(), Structured::Sure, memory, &mut found);
        out.extend(found.into_iter().map(|f| shift(f, start + s)));
        from = e;
    }
    // `ROLE (Name):` at the start of the line, or after a time stamp
    // (`[09:50] Visitor (Ann Lee):`).
    let lead = line.len() - line.trim_start().len();
    let stamp = stamp_len(&line[lead..]);
    let lead = lead + stamp;
    let t = &line[lead..];
    if stamp > 0 {
        irc_nick(start + lead, t, memory, out);
    }
    let Some(open) = t.find(" (") else { return };
    let Some(close) = t[open + 2..].find("):").map(|c| open + 2 + c) else {
        return;
    };
    let role = &t[..open];
    let inner = &t[open + 2..close];
    // `Name (role):`, a chat's speaker with the part they play (`[6:05 AM]
    // Lamia (agent):`, `ᎺᎵ (host):`): a name of up to four words, in any
    // script, before a role of [`chat_role`], on a line with a time stamp
    // (not an access list's `Grafana (admin): granted`).
    if chat_role(inner) {
        if stamp == 0 {
            return;
        }
        let n = role.split(' ').count();
        if (1..=4).contains(&n)
            && role.len() <= 60
            && !role.starts_with(char::is_lowercase)
            && role.chars().all(|c| {
                c.is_alphabetic()
                    || names::is_mark(c)
                    || matches!(c, ' ' | '-' | '\'' | '.' | '\u{f0b}')
            })
            && !chat_role(role)
            && !role.split(' ').all(names::ordinary_word)
        {
            let mut found = Vec::new();
            names::person_value(role, Structured::Sure, memory, &mut found);
            out.extend(found.into_iter().map(|f| shift(f, start + lead)));
        }
        return;
    }
    if role.is_empty()
        || role.len() > 24
        || role.split(' ').count() > 2
        || !role.chars().all(|c| c.is_alphabetic() || c == ' ')
    {
        return;
    }
    if inner.len() < 2
        || inner.len() > 60
        || !inner.starts_with(char::is_uppercase)
        || inner.contains(|c: char| c.is_ascii_digit() || matches!(c, '@' | '(' | ':'))
    {
        return;
    }
    // A role the key classifier knows (`Agent`, `Customer`, `Host`) or one
    // in capitals vouches for the name; another word (`Note (Internal):`)
    // leaves it to the dictionaries.
    let how = if role.chars().all(|c| !c.is_lowercase())
        || chat_role(role)
        || matches!(keys::kind_of(role), KeyKind::Person | KeyKind::MaybePerson)
    {
        Structured::Sure
    } else {
        Structured::Maybe
    };
    let at = start + lead + open + 2;
    let mut found = Vec::new();
    names::person_value(inner, how, memory, &mut found);
    out.extend(found.into_iter().map(|f| shift(f, at)));
}

/// Entries of a list that give a person's contact (`1. Kila (guardian:
/// +1 …)`, `2) إياد المجالي — Telefon +49 …`, `- Ana Lima, ana@x.pt`,
/// `? Zuzana — +420 …`, `│  └─ Ana Lima · ana@x.pt`): the words between
/// the list marker ([`list_marker`]) and the contact, set apart by ` (`,
/// ` — `, ` – `, ` - `, `, `, ` · ` or `: ` and at most a short label
/// (`guardian:`, `Telefon`), are the person's name. One to four words,
/// none of them an ordinary word (`Front desk — +1 …`) and no company's
/// name. Without a marker, a directory's leader (`Nthako, Katleho ........
/// +27 …`) or an arrow (`Håkon -> +47 …`) sets the name apart; one word
/// there needs the dictionaries or a script without case (not `Berlin ->
/// +49 …`). `contacts` are the spans of the text's addresses and numbers.
pub fn list_entries(
    text: &str,
    contacts: &[(usize, usize)],
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let mut last_line = usize::MAX;
    for &(c, _) in contacts {
        let ls = text[..c].rfind('\n').map_or(0, |p| p + 1);
        if ls == last_line {
            continue; // The first contact of a line decides.
        }
        last_line = ls;
        let line = &text[ls..c];
        let body = line.trim_start();
        let lead = line.len() - body.len();
        let Some(marker) = list_marker(body) else {
            if let Some(name) = leader_name(body) {
                accept_entry(name, ls + lead, true, memory, out);
            }
            continue;
        };
        let entry = &body[marker..];
        let at = ls + lead + marker;
        let Some((sep, sep_len)) = [" (", " — ", " – ", " - ", ", ", ": ", " · "]
            .iter()
            .filter_map(|s| entry.find(s).map(|p| (p, s.len())))
            .min()
        else {
            continue;
        };
        // Between the separator and the contact: a label at most.
        let label = &entry[sep + sep_len..];
        if label.chars().count() > 24
            || !label
                .chars()
                .all(|ch| ch.is_alphabetic() || names::is_mark(ch) || matches!(ch, ' ' | ':' | '.'))
        {
            continue;
        }
        let name = &entry[..sep];
        let n = name.split(' ').count();
        // One word needs a label for its contact (`Kila (guardian: …)`,
        // not `- Nairobi: +254 …`); after a comma the contact comes
        // straight (`Lee, Ann: …` is a name in two parts).
        let labelled = label
            .trim()
            .trim_end_matches(':')
            .chars()
            .any(char::is_alphabetic);
        if (n == 1 && !labelled) || (entry[sep..].starts_with(", ") && labelled) {
            continue;
        }
        accept_entry(name, at, false, memory, out);
    }
}

/// The length of a list line's marker with the space after it: `1. `,
/// `12) `, `- `, `* `, `• `, a task's box (`- [x] `, `[ ] `), an RSVP's
/// mark (`✔ `, `✘ `, `? `), or a tree's branch (`│  └─ `, `├── `).
fn list_marker(body: &str) -> Option<usize> {
    const BOXES: [&str; 3] = ["[ ] ", "[x] ", "[X] "];
    if let Some(b) = BOXES.iter().find(|b| body.starts_with(**b)) {
        return Some(b.len());
    }
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let mut m = if (1..=3).contains(&digits) && body[digits..].starts_with(['.', ')']) {
        digits + 1
    } else if body.starts_with(['-', '*', '•', '✔', '✓', '✘', '✗', '☐', '☑', '☒', '?'])
    {
        body.chars().next().map_or(0, char::len_utf8)
    } else {
        // A tree's drawing: its bars and branches, then the branch's end.
        let tree = body.len() - body.trim_start_matches(['│', '├', '└', '─', ' ']).len();
        if tree == 0 || !body[..tree].ends_with(' ') || !body[..tree].trim_end().ends_with('─') {
            return None;
        }
        tree - 1
    };
    if !body[m..].starts_with(' ') {
        return None;
    }
    m += 1;
    // A task's box after the marker (`- [x] `).
    if let Some(b) = BOXES.iter().find(|b| body[m..].starts_with(**b)) {
        m += b.len();
    }
    Some(m)
}

/// A directory line's name before its leader (`Nthako, Katleho ........`,
/// `Ana Lima … `) or an arrow (`Håkon -> `, `Ana → `), with nothing but
/// spaces between it and the contact.
fn leader_name(body: &str) -> Option<&str> {
    let t = body.trim_end();
    let name = if let Some(n) = ["->", "→", "=>", "⇒"]
        .iter()
        .find_map(|a| t.strip_suffix(a))
    {
        n
    } else {
        let n = t.trim_end_matches(['.', '…', '·']);
        let dots = t[n.len()..].chars().count();
        if dots < 3 {
            return None;
        }
        n
    };
    let name = name.trim_end();
    (name.len() < body.len() && !name.is_empty()).then_some(name)
}

/// Accepts `name` (at byte `at`), a list entry's or a directory line's,
/// as a person's when it has a name's shape; `leader` when a directory's
/// leader set it apart (a `Last, First` comma allowed, one word backed).
fn accept_entry(
    name: &str,
    at: usize,
    leader: bool,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let commas = name.matches(", ").count();
    let words = name.split([' ', ',']).filter(|w| !w.is_empty());
    let n = words.clone().count();
    if !(1..=4).contains(&n)
        || commas > usize::from(leader)
        || name.starts_with(char::is_lowercase)
        || !name.chars().all(|ch| {
            ch.is_alphabetic()
                || names::is_mark(ch)
                || matches!(ch, ' ' | '-' | '\'' | '.' | '\u{f0b}')
                || (leader && ch == ',')
        })
        || words.clone().any(names::ordinary_word)
        || (n == 1 && names::place_name(name))
        || names::organization_shaped(name)
        || names::brand_cell(name)
    {
        return;
    }
    if leader && n == 1 {
        let folded = names::fold(name);
        let backed = names::word_script(name).is_some()
            || names::frequent_given(name)
            || memory.knows_name_word(&folded);
        if !backed || foreign::ordinary_word(&folded) {
            return;
        }
    }
    let mut found = Vec::new();
    names::person_value(name, Structured::Sure, memory, &mut found);
    out.extend(found.into_iter().map(|f| shift(f, at)));
}

/// A transcript's speaker written before the time (`Okoth [00:00:03]:
/// Hello`), or after a numbered speaker's label (`Speaker 2 (Katleho
/// Nthako): hi`).
static TRANSCRIPT_SPEAKER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?m)^[ \t]*(?:(?P<n>[\p{Lu}\p{Lt}\p{Lo}][\p{L}\p{M}'’.-]*(?: [\p{Lu}\p{Lt}\p{Lo}][\p{L}\p{M}'’.-]*){0,3}) \[\d{1,2}:\d{2}(?::\d{2})?\]: |(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]+)?(?:Speaker|Participant|Caller|Interviewee|Respondent|Guest|Sprecher|Intervenant|Hablante|Locutor) ?\d{0,2} \((?P<p>[^()\n:]{2,60})\):)",
    )
    .expect("transcript speaker pattern")
});

/// A speaker's label in capitals at a line's start (`NTHAKO: Good
/// morning.`, `MR. OKOTH: Objection.`).
static CAPS_SPEAKER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?m)^[ \t]*(?:(?:MR|MS|MRS|DR)\.? )?(?P<n>\p{Lu}[\p{Lu}'’-]+(?: \p{Lu}[\p{Lu}'’-]+){0,2}):[ \t]",
    )
    .expect("capitals speaker pattern")
});

/// Speakers of transcripts ([`TRANSCRIPT_SPEAKER`]), and speakers labelled
/// in capitals ([`CAPS_SPEAKER`]) when two lines or more are so labelled
/// and one label at least is a name by the dictionaries or the session:
/// then every label that is no role (`INTERVIEWER`, `THE COURT`) and no
/// ordinary word (`NOTE`, `WARNING`) is a speaker.
pub fn transcript_speakers(
    text: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    for c in TRANSCRIPT_SPEAKER.captures_iter(text) {
        let Some(m) = c.name("n").or_else(|| c.name("p")) else {
            continue;
        };
        let lead = m.as_str().len() - m.as_str().trim_start().len();
        let v = m.as_str().trim();
        if v.split(' ').all(names::ordinary_word) || names::organization_shaped(v) || chat_role(v) {
            continue;
        }
        let mut found = Vec::new();
        names::person_value(v, Structured::Sure, memory, &mut found);
        out.extend(found.into_iter().map(|f| shift(f, m.start() + lead)));
    }
    let labels: Vec<regex::Match> = CAPS_SPEAKER
        .captures_iter(text)
        .filter_map(|c| c.name("n"))
        .filter(|m| {
            let v = m.as_str();
            v.chars().filter(|c| c.is_alphabetic()).count() >= 3
                && !v.split(' ').any(names::ordinary_word)
                && !chat_role(v)
                && !v.split(' ').any(names::place_name)
                && keys::kind_of(v) == KeyKind::Other
        })
        .collect();
    if labels.len() < 2 {
        return;
    }
    // Half the labels at least are names by the dictionaries or the
    // session (not a list of cities' weather: `AUSTIN: 31°C`).
    let backed = labels
        .iter()
        .filter(|m| {
            m.as_str().split(' ').any(|w| {
                let f = names::fold(w);
                names::name_cell(w, memory) || memory.knows_name_word(&f)
            })
        })
        .count();
    if backed * 2 < labels.len() {
        return;
    }
    for m in labels {
        let mut at = m.start();
        for w in m.as_str().split(' ') {
            super::records::push_part(text, at, at + w.len(), out);
            at += w.len() + 1;
        }
    }
}

/// An IRC log's speaker after the time stamp, written as a display name
/// rather than a login (`[21:58] <Špela> Živjo`, `[6:18 PM] * ᐊᓗᓯ has
/// joined #ops`): letters of any script, up to three words, not starting
/// in lower case (a login's are [`handles::irc_speakers`]), and not only
/// ordinary words (`<Server>`, `* Topic has changed`).
fn irc_nick(at: usize, t: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let (s, nick) = if let Some(r) = t.strip_prefix('<') {
        match r.find("> ") {
            Some(e) => (1, &r[..e]),
            None => return,
        }
    } else if let Some(r) = t.strip_prefix("* ") {
        match [" has joined", " has left", " has quit", " is now known as"]
            .iter()
            .filter_map(|v| r.find(v))
            .min()
        {
            Some(e) => (2, &r[..e]),
            None => return,
        }
    } else {
        return;
    };
    let n = nick.split(' ').count();
    if nick.is_empty()
        || nick.len() > 60
        || n > 3
        || nick.starts_with(char::is_lowercase)
        || !nick
            .chars()
            .all(|c| c.is_alphabetic() || names::is_mark(c) || matches!(c, ' ' | '-' | '\'' | '.'))
        || nick.split(' ').all(names::ordinary_word)
        || names::organization_shaped(nick)
    {
        return;
    }
    let mut found = Vec::new();
    names::person_value(nick, Structured::Sure, memory, &mut found);
    out.extend(found.into_iter().map(|f| shift(f, at + s)));
}

/// The length of a time stamp opening a chat line, with the space after
/// it: `[09:50] `, `[6:05 AM] `, `[11h45] `, `12:50:47 `; 0 without one.
fn stamp_len(t: &str) -> usize {
    let stamp = if let Some(rest) = t.strip_prefix('[') {
        match rest.find(']') {
            Some(c) if c <= 24 => &t[..c + 2],
            _ => return 0,
        }
    } else {
        // `6:05 AM Lamia (agent):`: the day's half goes with the time.
        let first = t.split(' ').next().unwrap_or("");
        let rest = &t[first.len()..];
        match ["AM", "PM", "am", "pm"]
            .iter()
            .find(|h| rest.strip_prefix(' ').is_some_and(|r| r.starts_with(*h)))
        {
            Some(h) => &t[..first.len() + 1 + h.len()],
            None => first,
        }
    };
    let digits = stamp.bytes().filter(u8::is_ascii_digit).count();
    let time = digits >= 3
        && stamp.contains([':', 'h'])
        && stamp.chars().all(|c| {
            c.is_ascii_digit() || matches!(c, ':' | 'h' | '[' | ']' | ' ' | 'A' | 'P' | 'M' | '.')
        });
    if !time {
        return 0;
    }
    let after = &t[stamp.len()..];
    stamp.len() + (after.len() - after.trim_start().len())
}

/// Roles a chat or a call marks its speakers with (`Lamia (agent):`).
fn chat_role(w: &str) -> bool {
    let f = keys::fold(w);
    matches!(
        f.as_str(),
        "agent"
            | "host"
            | "cohost"
            | "guest"
            | "mod"
            | "moderator"
            | "admin"
            | "support"
            | "staff"
            | "customer"
            | "client"
            | "visitor"
            | "caller"
            | "interviewer"
            | "interviewee"
            | "operator"
            | "rep"
            | "owner"
            | "op"
            | "you"
            | "me"
    )
}

/// Authors in `git blame` output: the default form (`5a14e9f6 (Ann Lee
/// 2025-02-21 12:00:31 +0000 3) code`, optionally with a file name after
/// the hash) and the porcelain form's `author`/`committer` lines (followed
/// by their `-mail` lines). Whether the line was one.
fn blame_line(
    text: &str,
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> bool {
    let porcelain = ["author", "committer"].iter().find_map(|role| {
        let v = line.strip_prefix(role)?.strip_prefix(' ')?;
        // The mail line follows; a lone `author X` line in prose is not taken.
        let next = text.get(start + line.len() + 1..)?;
        (next.starts_with(role) && next[role.len()..].starts_with("-mail "))
            .then_some(line.len() - v.len())
    });
    let (s, e) = if let Some(s) = porcelain {
        (s, line.trim_end_matches('\r').len())
    } else {
        let t = line.strip_prefix('^').unwrap_or(line);
        let hex = t.bytes().take_while(u8::is_ascii_hexdigit).count();
        if !(7..=40).contains(&hex) {
            return false;
        }
        let Some(open) = t[hex..].find(" (").map(|p| hex + p) else {
            return false;
        };
        // Only a file name may stand between the hash and the bracket.
        let between = &t[hex..open];
        if between.trim().contains(' ') {
            return false;
        }
        let inner_start = open + 2;
        // The name ends where the date starts: spaces, then `dddd-dd-dd `.
        let inner = &t[inner_start..];
        let Some(date) = (0..inner.len().min(80)).find(|&i| {
            inner.is_char_boundary(i)
                && inner.as_bytes()[i] == b' '
                && inner[i..].trim_start().len() >= 11
                && {
                    let d = inner[i..].trim_start().as_bytes();
                    d[..4].iter().all(u8::is_ascii_digit) && d[4] == b'-' && d[7] == b'-'
                }
        }) else {
            return false;
        };
        let off = line.len() - t.len();
        (off + inner_start, off + inner_start + date)
    };
    if e <= s {
        return false;
    }
    let mut found = Vec::new();
    names::person_value(&line[s..e], Structured::Sure, memory, &mut found);
    out.extend(found.into_iter().map(|f| shift(f, start + s)));
    true
}

/// A vCard property line (`FN:…`, `N:…;…`, `TEL;…:…`), handled by
/// [`vcard_line`]; whether it was one.
fn vcard_line_at(
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> bool {
    match line.find(':') {
        Some(colon) => vcard_line(start, line, colon, memory, out),
        None => false,
    }
}

/// A `Label: value` line (or field of a line) at byte `start` of `text`:
/// names under a person label, a number under a phone label.
fn labelled(
    text: &str,
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    // The label's colon; CJK text writes it full width (`担当：`).
    let Some((colon, colon_len)) = line.find([':', '：']).map(|c| {
        (
            c,
            if line[c..].starts_with(':') {
                1
            } else {
                '：'.len_utf8()
            },
        )
    }) else {
        return;
    };
    // A German label written for both genders with a colon (`Kunde:in:`,
    // `Teilnehmer:innen:`): the label's own colon is the next one.
    let (colon, colon_len) = match ["in:", "innen:"]
        .iter()
        .find(|g| colon_len == 1 && line[colon + 1..].starts_with(*g))
    {
        Some(g) => (colon + g.len(), 1),
        None => (colon, colon_len),
    };
    // Forty letters (a label in an Indic script takes three bytes a
    // letter).
    if colon == 0 || colon > 160 || line[..colon].chars().count() > 40 {
        return;
    }
    let key = line[..colon]
        .trim()
        .trim_start_matches(['-', '*', '•', '>', ' ']);
    // MediaWiki bold or italic labels: `'''Deputy:''' Okoth, Ochieng`.
    let wiki = key.starts_with("''");
    let key = key.trim_start_matches('\'');
    // Letters, and the marks of labels written for both genders
    // (`Patient/in`, `Patient(e)`, `Mitarbeiter*in`, `étudiant·e`).
    if key.is_empty()
        || !key.chars().all(|c| {
            c.is_alphabetic()
                || names::is_mark(c)
                || matches!(c, ' ' | '_' | '-' | '(' | ')' | '/' | '*' | '·' | ':')
        })
    {
        return;
    }
    // Markdown bold or italic labels: `**Attendees:** Ann Lee, Bo Chan`.
    let mut value_start = start + colon + colon_len;
    let rest = &text[value_start..start + line.len()];
    value_start += rest.len() - rest.trim_start_matches(['*', '_']).len();
    if wiki {
        let rest = &text[value_start..start + line.len()];
        value_start += rest.len() - rest.trim_start_matches('\'').len();
    }
    let mut value = text[value_start..start + line.len()].trim_end_matches('\r');
    // YAML quotes its scalars: `phone: '319 180'`, `name: "Ann Lee"`.
    let quoted = value.trim();
    if quoted.len() >= 2
        && (quoted.starts_with('\'') && quoted.ends_with('\'')
            || quoted.starts_with('"') && quoted.ends_with('"'))
    {
        value_start += value.len() - value.trim_start().len() + 1;
        value = &quoted[1..quoted.len() - 1];
    }
    // A form's blank for the signature, then the name printed under it
    // (`Received by: ____________ (Binta)`).
    let blank = value.trim_start();
    if blank.starts_with("___") {
        let after = blank.trim_start_matches('_').trim_start();
        if let Some(inner) = after.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            value_start += value.len() - inner.len() - 1;
            value = inner;
        }
    }
    let kind = keys::kind_of(key);
    // `Programme chair: Bounmy Chanthavong. Sky Sports coverage…`: the
    // name is the first sentence.
    // `oncall: Ann Lee +66 2 123 4567`: the name ends where a number starts.
    let value = if matches!(kind, KeyKind::Person | KeyKind::MaybePerson) {
        let v = first_sentence(value);
        v.match_indices(' ')
            .find(|&(p, _)| names::phone_like(&v[p + 1..]))
            .map_or(v, |(p, _)| &v[..p])
    } else {
        value
    };
    // A speaker's turn after a role label (`CUSTOMER: Yes, that is
    // right.`) is speech, not a field: names in it need the dictionaries.
    let how = if matches!(kind, KeyKind::Person | KeyKind::MaybePerson) && spoken(value) {
        Structured::Maybe
    } else {
        Structured::Sure
    };
    value_under(kind, value, value_start, how, memory, out);
}

/// Does a label's value read as speech rather than a list of names: an
/// ordinary word in lower case (not a particle or a conjunction, as in
/// `Ann Lee and Bo Chan`, `Pau Roca i Font`), or a question or exclamation?
fn spoken(value: &str) -> bool {
    let v = value.trim();
    if v.ends_with(['?', '!']) {
        return true;
    }
    let ws = names::words(v);
    // It opens with an ordinary word (`Yes, …`, `It's Ann.`, `Thanks`).
    if let Some(w) = ws.first() {
        let t = &v[w.start..w.end];
        let stem = t.split(['\'', '’']).next().unwrap_or(t);
        if names::ordinary_word(stem) {
            return true;
        }
    }
    ws.iter().any(|w| {
        let t = &v[w.start..w.end];
        w.case == names::Case::Lower
            && t.len() > 1
            && !names::PARTICLES.contains(&t)
            && ![
                "bint", "binti", "ben", "and", "und", "et", "och", "og", "en", "or",
            ]
            .contains(&t)
    })
}

/// XML elements on a line whose tag names a person or a phone
/// (`<AccountManager>Иван Попов</AccountManager>`, `<Phone>…</Phone>`).
/// A generic tag (`<Name>`) holds a person's name only if it looks like one.
fn xml_elements(
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let mut from = 0;
    // A person's element earlier on the line makes its siblings parts of the
    // same record (`<given>Ifeoma</given><family>Eze</family>`).
    let mut person_seen = false;
    while let Some(lt) = line[from..].find('<').map(|p| from + p) {
        from = lt + 1;
        let Some(gt) = line[lt..].find('>').map(|p| lt + p) else {
            return;
        };
        let open_tag = &line[lt + 1..gt];
        // `<name given="राहुल">`, `<generalPractitioner display="…"/>`:
        // the element's name, then its attributes.
        let (tag, attrs) = open_tag.split_once([' ', '\t']).unwrap_or((open_tag, ""));
        if tag.is_empty()
            || tag.len() > 40
            || !tag
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b':'))
        {
            continue;
        }
        let local = tag.rsplit(':').next().unwrap_or(tag);
        let mut element = keys::kind_of(local);
        // An HTML element classed as a person's (`<span class="user">`,
        // `<a class="author">`): what its class says.
        let mut classed_party = false;
        if element == KeyKind::Other
            && let Some(class) = attrs
                .split_once("class=\"")
                .and_then(|(_, r)| r.split_once('"'))
                .map(|(c, _)| c)
            && let Some(k) = class
                .split_ascii_whitespace()
                .map(keys::kind_of)
                .find(|k| matches!(k, KeyKind::Person | KeyKind::MaybePerson))
        {
            element = k;
            classed_party = true;
        }
        if !attrs.is_empty() {
            let attrs_at = start + lt + 1 + tag.len() + 1;
            xml_attributes(attrs, attrs_at, element, memory, out);
        }
        let close = format!("</{tag}>");
        let Some(end) = line[gt + 1..].find(&close).map(|p| gt + 1 + p) else {
            continue;
        };
        let value = &line[gt + 1..end];
        if value.is_empty() || value.len() > 120 || value.contains('<') {
            continue;
        }
        from = end + close.len();
        let kind = element;
        let how = if kind == KeyKind::Person || (kind == KeyKind::MaybePerson && person_seen) {
            Structured::Sure
        } else if kind == KeyKind::MaybePerson
            && (classed_party || !keys::describe(local).thing_name)
        {
            // A party's element (ISO 20022's `<Cdtr><Nm>…</Nm></Cdtr>`,
            // `<Organizer>`), not a thing's `<Name>`.
            Structured::Party
        } else {
            Structured::Maybe
        };
        person_seen |= kind == KeyKind::Person;
        // The HTML cards' reading may have found it already.
        if classed_party && out.iter().any(|f| f.start == start + gt + 1) {
            continue;
        }
        value_under(kind, value, start + gt + 1, how, memory, out);
    }
}

/// The attributes of an element (`attrs`, at byte `at` of the scanned
/// text) that hold a person's name: the element's label (`display`,
/// `name`) where the element is a person (FHIR's `<generalPractitioner
/// display="…"/>`).
fn xml_attributes(
    attrs: &str,
    at: usize,
    element: KeyKind,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let mut rest = 0;
    while let Some(eq) = attrs[rest..].find("=\"").map(|p| rest + p) {
        let name_start = attrs[..eq]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':')))
            .map_or(0, |p| p + 1);
        let name = &attrs[name_start..eq];
        let v = eq + 2;
        let Some(len) = attrs[v..].find('"') else {
            return;
        };
        rest = v + len + 1;
        let value = &attrs[v..v + len];
        if name.is_empty() || value.is_empty() || value.len() > 120 {
            continue;
        }
        // Person attributes (`given="…"`) are `key_values`' to read.
        let folded = keys::fold(name.rsplit(':').next().unwrap_or(name));
        if !matches!(folded.as_str(), "display" | "name" | "displayname")
            || !matches!(element, KeyKind::Person | KeyKind::MaybePerson)
        {
            continue;
        }
        let how = if element == KeyKind::Person {
            Structured::Sure
        } else {
            Structured::Maybe
        };
        value_under(element, value, at + v, how, memory, out);
    }
}

/// `value` up to the first `. ` that ends a word of three letters or more
/// (not an initial or a title: `D. Hernández`, `Dr. Ann Lee`).
fn first_sentence(value: &str) -> &str {
    for (i, _) in value.match_indices(". ") {
        let word = value[..i].rsplit([' ', '\t']).next().unwrap_or("");
        if word.chars().count() > 2 {
            return &value[..i];
        }
    }
    value
}

/// Appends what `value` (at byte `at` of the scanned text) holds under a
/// key of `kind`: a phone number under a phone key, names under a person
/// key (`how` sure or to be vouched for), nothing under other keys.
fn value_under(
    kind: KeyKind,
    value: &str,
    at: usize,
    how: Structured,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    match kind {
        KeyKind::Person | KeyKind::MaybePerson => {
            let mut found = Vec::new();
            names::person_value(value, how, memory, &mut found);
            // A login under a person's key (`agent=lautaro.huenchullan`).
            if found.is_empty() {
                handles::handle_value(
                    value,
                    &|w: &str| memory.knows_name_word(w),
                    false,
                    &mut found,
                );
            }
            out.extend(found.into_iter().map(|f| shift(f, at)));
        }
        KeyKind::Phone => {
            // `phone=%2B2348162709587` in a URL: `%2B` is the `+`.
            let encoded_plus = value
                .get(..3)
                .is_some_and(|p| p.eq_ignore_ascii_case("%2B"));
            if encoded_plus {
                if let Some(mut f) = structured_phone(&value[3..])
                    && f.start == 0
                {
                    f.end += 3;
                    f.normalized.insert(0, '+');
                    out.push(shift(f, at));
                }
            } else if let Some(f) = structured_phone(value) {
                out.push(shift(f, at));
            }
        }
        _ => {}
    }
}

/// vCard name properties: `FN:Ann Lee`, `N:Lee;Ann;;;` (family, given,
/// additional names), and `TEL;TYPE=CELL:...` (parameters after `;`).
/// Returns whether the line was a vCard property this function handled.
fn vcard_line(
    start: usize,
    line: &str,
    colon: usize,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> bool {
    let prop = line[..colon].split(';').next().unwrap_or("").trim();
    let value_start = start + colon + 1;
    let value = line[colon + 1..].trim_end_matches('\r');
    match prop.to_ascii_uppercase().as_str() {
        "FN" | "NICKNAME" => {
            let mut found = Vec::new();
            names::person_value(value, Structured::Sure, memory, &mut found);
            out.extend(found.into_iter().map(|f| shift(f, value_start)));
            true
        }
        "N" => {
            let mut at = 0;
            for (k, part) in value.split(';').enumerate() {
                if k < 3 && !part.trim().is_empty() {
                    let mut found = Vec::new();
                    names::person_value(part, Structured::Sure, memory, &mut found);
                    out.extend(found.into_iter().map(|f| shift(f, value_start + at)));
                }
                at += part.len() + 1;
            }
            true
        }
        "TEL" => {
            if let Some(f) = structured_phone(value) {
                out.push(shift(f, value_start));
            }
            true
        }
        _ => false,
    }
}

/// The common name of an iCalendar or directory entry:
/// `ATTENDEE;CN="Ann Lee":mailto:...`, `ORGANIZER;CN=Bo Chan:mailto:...`,
/// `CN=Ann Lee,OU=Staff,DC=example`. A name given with a mailbox is a
/// person's; a directory entry's only if it looks like one.
fn common_names(
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let mut from = 0;
    while let Some(p) = line[from..].find("CN=") {
        let at = from + p;
        from = at + 3;
        if at > 0 && !matches!(line.as_bytes()[at - 1], b';' | b',' | b' ' | b'/') {
            continue;
        }
        let mut s = at + 3;
        let rest = &line[s..];
        let (e, quoted) = if let Some(q) = rest.strip_prefix('"') {
            match q.find('"') {
                Some(close) => {
                    s += 1;
                    (s + close, true)
                }
                None => continue,
            }
        } else {
            (s + unquoted_end(rest), false)
        };
        let after = &line[(e + usize::from(quoted)).min(line.len())..];
        let mailbox = after.starts_with(":mailto:") || after.starts_with(":MAILTO:");
        let how = if mailbox || after.starts_with(';') {
            Structured::Sure
        } else {
            Structured::Maybe
        };
        let mut found = Vec::new();
        names::person_value(&line[s..e], how, memory, &mut found);
        out.extend(found.into_iter().map(|f| shift(f, start + s)));
        from = e.max(from);
    }
}

/// Where an unquoted `CN=` value ends: at `;`, `:` or a line end, or at a
/// comma that starts the next attribute of a directory name
/// (`CN=Ann Lee,OU=Staff`). Other commas stay in the value: calendar
/// writers leave `CN=Raza, Bushra` unquoted although RFC 5545 asks for
/// quotes.
fn unquoted_end(rest: &str) -> usize {
    let end = rest.find([';', ':', '\r', '\n']).unwrap_or(rest.len());
    let mut from = 0;
    while let Some(c) = rest[from..end].find(',') {
        let at = from + c;
        let next = rest[at + 1..end].trim_start();
        let attr = next
            .find('=')
            .is_some_and(|eq| eq > 0 && next[..eq].bytes().all(|b| b.is_ascii_alphabetic()));
        if attr || next.is_empty() {
            return at;
        }
        from = at + 1;
    }
    end
}

/// Contact cards in HTML: a heading or bold element (or one whose class
/// says name, `fn`, author or person) holding a capitalized phrase of two
/// to five words, followed in its block by a `mailto:`, `tel:`, `sms:` or
/// WhatsApp link (`<h3>Katrín Gunnarsdóttir</h3> … <a href="tel:…">`).
fn html_cards(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    const TAGS: &[&str] = &[
        "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "span", "div", "p", "td", "a",
    ];
    let mut from = 0;
    while let Some(p) = text[from..].find('<') {
        let open = from + p;
        from = open + 1;
        let Some(gt) = text[open..].find('>').map(|g| open + g) else {
            break;
        };
        let tag_text = &text[open + 1..gt];
        let tag = tag_text.split([' ', '\t', '/']).next().unwrap_or("");
        let Some(tag) = TAGS.iter().find(|t| t.eq_ignore_ascii_case(tag)) else {
            continue;
        };
        let strong = matches!(
            *tag,
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "strong" | "b"
        );
        // Attributes are read only when the tag has a class or an itemprop
        // (no copy of every tag's text).
        let named = (tag_text.contains("class=")
            || tag_text.contains("CLASS=")
            || tag_text.contains("itemprop="))
            && {
                let lower = tag_text.to_ascii_lowercase();
                ["name", "\"fn", " fn", "author", "person"]
                    .iter()
                    .any(|w| lower.contains(w))
            };
        // The text of a `mailto:` link: a person's name, the address, or
        // words ("Email us").
        let mailto = *tag == "a" && tag_text.contains("mailto:");
        if !(strong || named || mailto) {
            continue;
        }
        let s = gt + 1;
        let Some(e) = text[s..].find('<').map(|q| s + q) else {
            break;
        };
        if !text[e..].starts_with("</") || e - s > 80 {
            continue;
        }
        let value = &text[s..e];
        let words: Vec<&str> = value.split_whitespace().collect();
        let capitalized = (2..=5).contains(&words.len())
            && words.iter().all(|w| {
                w.starts_with(char::is_uppercase)
                    || names::PARTICLES.contains(w)
                    || matches!(*w, "binti" | "i")
            })
            && words
                .iter()
                .filter(|w| w.starts_with(char::is_uppercase))
                .count()
                >= 2;
        // A name of a script without case: one Chinese or Korean word of
        // a surname's shape (`謝淑芬`), or two or three words of one
        // alphabet (`יעל אבוטבול`, `ნიკოლოზ კაპანაძე`).
        let caseless = |w: &str| {
            w.chars().all(|c| {
                (c.is_alphabetic() || names::is_mark(c))
                    && !c.is_uppercase()
                    && !names::has_case_lower(c)
            })
        };
        let uncased = match words.len() {
            1 => names::surname_first_shape(words[0]),
            2 | 3 => words.iter().all(|w| caseless(w) && w.chars().count() >= 2),
            _ => false,
        };
        if !(capitalized || uncased) {
            continue;
        }
        // The rest of its block: up to the next heading or the block's end.
        let rest = &text[e..];
        let mut end = rest.len().min(600);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let block = &rest[..end];
        let block = block
            .get(2..)
            .and_then(|b| b.find("<h").or_else(|| b.find("<H")))
            .map_or(block, |q| &block[..q + 2])
            .split("</div>")
            .next()
            .unwrap_or(block);
        let contact = ["mailto:", "tel:", "sms:", "wa.me/"]
            .iter()
            .any(|m| block.contains(m));
        // A link's own text takes no vouching from the links after it.
        let heading = strong || named;
        if (contact && heading) || named || (mailto && uncased) {
            value_under(KeyKind::Person, value, s, Structured::Sure, memory, out);
        } else if mailto {
            // Capitalized words need the dictionaries ("Contact Us" is no
            // one).
            value_under(KeyKind::Person, value, s, Structured::Maybe, memory, out);
        }
        from = e;
    }
}

/// Shipping labels in ZPL (`^FO50,50^FDSHIP TO:^FS` then
/// `^FO50,90^FDPHOEBE ROWAN^FS`): a field that is a person label, alone,
/// makes the next field a person's name.
fn zpl_fields(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let mut fields = Vec::new();
    let mut from = 0;
    while let Some(p) = text[from..].find("^FD") {
        let s = from + p + 3;
        let e = s + text[s..].find(['^', '\n', '\r']).unwrap_or(text.len() - s);
        fields.push((s, e));
        from = e;
    }
    for w in fields.windows(2) {
        let label = text[w[0].0..w[0].1].trim().trim_end_matches([':', '：']);
        if label.is_empty()
            || label.len() > 30
            || !label.chars().all(|c| c.is_alphabetic() || c == ' ')
        {
            continue;
        }
        let kind = keys::kind_of(label);
        if matches!(kind, KeyKind::Person | KeyKind::MaybePerson) {
            let (s, e) = w[1];
            value_under(kind, &text[s..e], s, Structured::Sure, memory, out);
        }
    }
}

/// `key=value` pairs in log lines (`user="Ann Lee" phone=+44...`): values
/// under person and phone keys. Quoted values under person keys are sure;
/// bare ones must look like a name.
fn key_values(
    text: &str,
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let b = line.as_bytes();
    let mut i = 0;
    while let Some(p) = line[i..].find('=') {
        let eq = i + p;
        i = eq + 1;
        // Comparisons and compound assignments are code, not pairs.
        if matches!(b.get(eq + 1), Some(b'=' | b'>' | b'~'))
            || (eq > 0 && matches!(b[eq - 1], b'=' | b'!' | b'<' | b'>' | b'+' | b'*' | b'/'))
        {
            continue;
        }
        // `key = value` (INI, TOML, `sqlite> .mode line`) as well as
        // `key=value`: one space or an alignment of spaces around `=`.
        let mut ke = eq;
        while ke > 0 && b[ke - 1] == b' ' && eq - ke < 8 {
            ke -= 1;
        }
        let mut k = ke;
        while k > 0 && (b[k - 1].is_ascii_alphanumeric() || matches!(b[k - 1], b'_' | b'.' | b'-'))
        {
            k -= 1;
        }
        // `Deal Owner = Çağatay Erdoğan`: a label of words starting its
        // line, then a spaced `=` (a CRM's or a report's field list).
        if ke != eq {
            let label = line[..ke].trim_start();
            let words = label.split(' ').count();
            if label.len() <= 40
                && (2..=4).contains(&words)
                && !label.contains("  ")
                && label.chars().all(|c| c.is_alphabetic() || c == ' ')
            {
                k = ke - label.len();
            }
        }
        if k == ke
            || (k > 0
                && !matches!(
                    b[k - 1],
                    b' ' | b'\t' | b',' | b'&' | b'?' | b'{' | b';' | b'|'
                ))
        {
            continue;
        }
        let mut vs = eq + 1;
        while vs < b.len() && b[vs] == b' ' && vs - eq < 4 {
            vs += 1;
        }
        let spaced = ke != eq || vs != eq + 1;
        let kind = keys::kind_of(&line[k..ke]);
        if !matches!(
            kind,
            KeyKind::Person | KeyKind::MaybePerson | KeyKind::Phone
        ) {
            continue;
        }
        let whole_line = line[..k].trim().is_empty();
        let (s, e, how) = match b.get(vs) {
            Some(&q @ (b'"' | b'\'')) => match line[vs + 1..].find(q as char) {
                Some(close) => (vs + 1, vs + 1 + close, Structured::Sure),
                None => continue,
            },
            // A bare value after a spaced `=` is the rest of a line that is
            // one pair; a person's for sure when the key says so or when
            // the record around it has an address or a number.
            // An array or a table (`authors = [{ name = "…" }]`): its own
            // pairs are read next.
            Some(b'[' | b'{') => continue,
            _ if spaced => {
                if !whole_line {
                    continue;
                }
                let e = line.trim_end_matches(['\r', ' ', ',', ';']).len().max(vs);
                let how = if kind == KeyKind::MaybePerson && !contact_nearby(text, start) {
                    Structured::Maybe
                } else {
                    Structured::Sure
                };
                (vs, e, how)
            }
            // `contact=Rees, Angharad` (INI): the one pair on its line
            // takes the rest of the line.
            _ if whole_line && !line[vs..].contains('=') => {
                let e = line.trim_end_matches(['\r', ' ', ',', ';']).len().max(vs);
                let how = if kind == KeyKind::MaybePerson && !contact_nearby(text, start) {
                    Structured::Maybe
                } else {
                    Structured::Sure
                };
                (vs, e, how)
            }
            _ => {
                let len = line[vs..]
                    .find([' ', '\t', ',', '&', '\r', ';', '|'])
                    .unwrap_or(line.len() - vs);
                // A URL query's `first_name=…&last_name=…`: the key says
                // the value is a person's name.
                let named = k > 0
                    && matches!(b[k - 1], b'?' | b'&')
                    && kind == KeyKind::Person
                    && keys::fold(&line[k..ke]).contains("name");
                let how = if named {
                    Structured::Sure
                } else {
                    Structured::Maybe
                };
                (vs, vs + len, how)
            }
        };
        // A URL's query (`?name=Anahera%20Horomona&tel=…`): the value is
        // judged decoded; its finding covers the encoded text.
        let query = k > 0 && matches!(b[k - 1], b'?' | b'&');
        if kind != KeyKind::Phone
            && let Some(decoded) = url_decoded(&line[s..e], query)
        {
            // The other parameters are the record: an address or a number
            // among them makes the name a person's for sure.
            let how = if query && query_has_contact(line, k) {
                Structured::Sure
            } else {
                how
            };
            let mut found = Vec::new();
            names::person_value(&decoded, how, memory, &mut found);
            if let [f] = found.as_slice()
                && f.start == 0
                && f.end == decoded.len()
            {
                out.push(Finding {
                    start: start + s,
                    end: start + e,
                    ..f.clone()
                });
            }
            i = e.max(i);
            continue;
        }
        value_under(kind, &line[s..e], start + s, how, memory, out);
        i = e.max(i);
    }
}

/// Does the URL query around the parameter at `at` have an email or phone
/// parameter (`?name=…&tel=…`)?
fn query_has_contact(line: &str, at: usize) -> bool {
    let from = line[..at].rfind('?').unwrap_or(0);
    let to = line[at..]
        .find(char::is_whitespace)
        .map_or(line.len(), |p| at + p);
    line[from..to]
        .split(['?', '&'])
        .filter_map(|pair| pair.split_once('='))
        .any(|(key, _)| matches!(keys::kind_of(key), KeyKind::Email | KeyKind::Phone))
}

/// A value written as URLs write it (`%20`, or `+` for a space in a
/// query), decoded; `None` when it is written plainly or does not decode
/// to UTF-8.
fn url_decoded(value: &str, query: bool) -> Option<String> {
    let plus = query && value.contains('+');
    if !plus && !value.contains('%') {
        return None;
    }
    let spaced = if plus {
        value.replace('+', " ")
    } else {
        value.to_owned()
    };
    let decoded = percent_encoding::percent_decode_str(&spaced)
        .decode_utf8()
        .ok()?;
    (decoded != value).then(|| decoded.into_owned())
}

/// Does the record around the line at `line_start` (the lines up to a
/// blank line or a `[section]` header, at most six each way) have an
/// email or phone pair (`email = …`, `phone: …`)?
fn contact_nearby(text: &str, line_start: usize) -> bool {
    let is_contact = |l: &str| {
        let l = l.trim();
        l.find(['=', ':']).is_some_and(|p| {
            let key = l[..p].trim();
            key.len() <= 30 && matches!(keys::kind_of(key), KeyKind::Email | KeyKind::Phone)
        })
    };
    let breaks = |l: &str| l.trim().is_empty() || l.trim_start().starts_with('[');
    let before = text[..line_start].strip_suffix('\n').unwrap_or("");
    for l in before.rsplit('\n').take(6) {
        if breaks(l) {
            break;
        }
        if is_contact(l) {
            return true;
        }
    }
    for l in text[line_start..].split('\n').skip(1).take(6) {
        if breaks(l) {
            break;
        }
        if is_contact(l) {
            return true;
        }
    }
    false
}

/// `"key": "value"` pairs in text that is JSON-like but not one JSON
/// document (JSON Lines logs, a JSON object after a log prefix): values
/// under person and phone keys. A generic key (`name`) is a person's when
/// the line also has an address key, as in a JSON object about a person.
/// Values with escapes are left to the other detectors (their text is not
/// what the model reads).
/// The object written around `at` in JSON spread over lines (an HTTP
/// body, a log's payload): from the last `{` before it, with no `}` in
/// between, to the next `}` (at most 2 KiB either way). Its members are one
/// record's: `"name"` beside `"email"` on another line is a person's.
fn enclosing_object(text: &str, at: usize) -> Option<&str> {
    let lo = text.floor_char_boundary(at.saturating_sub(2048));
    let head = &text[lo..at];
    let open = head.rfind('{')?;
    if head[open..].contains('}') {
        return None;
    }
    let hi = text.floor_char_boundary((at + 2048).min(text.len()));
    let close = text[at..hi].find(['}', '{'])?;
    Some(&text[lo + open..at + close])
}

fn json_pairs(
    text: &str,
    start: usize,
    line: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) {
    let b = line.as_bytes();
    let person_line = line.contains("email\"")
        || line.contains("mail\":")
        || enclosing_object(text, start)
            .is_some_and(|o| o.contains("mail\":") || o.contains("phone\":"));
    let mut i = 0;
    while let Some(p) = line[i..].find("\":") {
        let close = i + p; // the key's closing quote
        i = close + 2;
        let Some(open) = line[..close].rfind('"') else {
            continue;
        };
        let key = &line[open + 1..close];
        if key.is_empty() || key.len() > 40 || key.contains('\\') {
            continue;
        }
        let kind = keys::kind_of(key);
        if !matches!(
            kind,
            KeyKind::Person | KeyKind::MaybePerson | KeyKind::Phone | KeyKind::Other
        ) {
            continue;
        }
        let mut v = close + 2;
        while v < b.len() && b[v] == b' ' {
            v += 1;
        }
        let how = if kind == KeyKind::Person || person_line {
            Structured::Sure
        } else if !keys::describe(key).thing_name {
            // `"sender": "Femke de Jong"`, not `"name": "Kurban Bayramı"`.
            Structured::Party
        } else {
            Structured::Maybe
        };
        if kind == KeyKind::Other && b.get(v) != Some(&b'"') {
            continue;
        }
        if b.get(v) == Some(&b'[') {
            // `"display_name": [null, "Ann Lee"]` (a change log's old and
            // new values), `"assignees": ["Ann Lee", "Bo Chan"]`: the
            // strings of a flat array.
            i = array_strings(line, v, |s, e| {
                value_under(kind, &line[s..e], start + s, how, memory, out)
            })
            .max(i);
            continue;
        }
        if b.get(v) != Some(&b'"') {
            continue;
        }
        let Some(len) = line[v + 1..].find('"') else {
            continue;
        };
        let (s, e) = (v + 1, v + 1 + len);
        let value = &line[s..e];
        i = e.max(i);
        if value.contains('\\') {
            continue;
        }
        if kind == KeyKind::Other {
            // `"display": "Pickering, Theo"` (an audit log's target).
            if names::last_first_value(value) {
                value_under(
                    KeyKind::MaybePerson,
                    value,
                    start + s,
                    Structured::Party,
                    memory,
                    out,
                );
            }
            continue;
        }
        value_under(kind, value, start + s, how, memory, out);
    }
}

/// Calls `each` with the span of every string without escapes in the flat
/// JSON array opening at `open` in `line` (strings, numbers, `null`,
/// `true`, `false`; a nested array or object ends the walk). Returns
/// where the walk stopped.
fn array_strings(line: &str, open: usize, mut each: impl FnMut(usize, usize)) -> usize {
    let b = line.as_bytes();
    let mut i = open + 1;
    while i < b.len() {
        match b[i] {
            b']' | b'[' | b'{' => return i,
            b'"' => {
                let Some(len) = line[i + 1..].find('"') else {
                    return b.len();
                };
                let (s, e) = (i + 1, i + 1 + len);
                if !line[s..e].contains('\\') {
                    each(s, e);
                } else if line[s..e].ends_with('\\') {
                    // An escaped quote: the string goes on; stop here.
                    return e;
                }
                i = e + 1;
            }
            _ => i += 1,
        }
    }
    i
}

fn shift(mut f: Finding, by: usize) -> Finding {
    f.start += by;
    f.end += by;
    f
}

/// How a table's rows are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// Cells between delimiters: CSV, TSV, `;`, and psql's `a | b` rows.
    Plain(u8),
    /// Markdown: `| a | b |`, leading and trailing pipes framing the row.
    Framed,
    /// Box drawing (`sqlite> .mode box`, `psql` with unicode borders,
    /// `tabulate`): `│ a │ b │`.
    Boxed,
}

/// The vertical bar of box-drawn tables.
const BOX_BAR: char = '│';

/// Cells of a box-drawn row, `│ a │ b │` (spans relative to the line).
fn boxed_cells(line: &str) -> Option<Vec<(usize, usize)>> {
    let t = line.trim_end_matches(['\r', ' ']);
    let lo = line.find(BOX_BAR)?;
    if !line[..lo].trim().is_empty() || !t.ends_with(BOX_BAR) || t.len() <= lo + BOX_BAR.len_utf8()
    {
        return None;
    }
    let w = BOX_BAR.len_utf8();
    let mut out = Vec::new();
    let base = lo + w;
    let mut start = base;
    for (p, _) in t[base..].match_indices(BOX_BAR) {
        let end = base + p;
        let cell = &line[start..end];
        let s = start + (cell.len() - cell.trim_start().len());
        let e = (end - (cell.len() - cell.trim_end().len())).max(s);
        out.push((s, e));
        start = end + w;
    }
    Some(out)
}

/// Whether a trimmed line frames its cells with pipes (`| a | b |`).
fn framed(line: &str) -> bool {
    let t = line.trim();
    t.len() > 1 && t.starts_with('|') && t.ends_with('|')
}

/// Splits one line into cell spans (relative to the line), honouring
/// double quotes; returns `None` on an unterminated quote, or for a
/// Markdown layout, a line that is not framed.
fn cells(line: &str, layout: Layout) -> Option<Vec<(usize, usize)>> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let (mut lo, mut hi) = (0, b.len());
    let delim = match layout {
        Layout::Boxed => return boxed_cells(line),
        Layout::Plain(d) => d,
        Layout::Framed => {
            if !framed(line) {
                return None;
            }
            lo = line.find('|')? + 1;
            hi = line.rfind('|')?;
            i = lo;
            b'|'
        }
    };
    let mut cell_start = lo;
    while i <= hi {
        if i < hi && b[i] == b'"' && line[cell_start..i].trim().is_empty() {
            // Quoted cell; `""` inside it is a quote.
            let mut j = i + 1;
            let close = loop {
                let k = line[j..hi].find('"')? + j;
                if k + 1 < hi && b[k + 1] == b'"' {
                    j = k + 2;
                    continue;
                }
                break k;
            };
            out.push((i + 1, close));
            i = close + 1;
            // Only spaces may follow the closing quote: `"user": {…}` is
            // JSON, not a cell.
            while i < hi && matches!(b[i], b' ' | b'\r') {
                i += 1;
            }
            if i < hi && b[i] != delim {
                return None;
            }
            i += 1;
            cell_start = i;
            continue;
        }
        if i == hi || b[i] == delim {
            let (mut s, mut e) = (cell_start, i);
            while s < e && b[s] == b' ' {
                s += 1;
            }
            while e > s && matches!(b[e - 1], b' ' | b'\r') {
                e -= 1;
            }
            if layout == Layout::Framed {
                (s, e) = unemphasized(b, s, e);
            }
            out.push((s, e));
            cell_start = i + 1;
        }
        i += 1;
    }
    Some(out)
}

/// A Markdown cell without the emphasis around all of it (`**Ann Lee**`,
/// `_Ann Lee_`, `` `x` ``): the inner span, or the span as given.
fn unemphasized(b: &[u8], s: usize, e: usize) -> (usize, usize) {
    for mark in [&b"**"[..], b"__", b"*", b"_", b"`"] {
        let m = mark.len();
        if e > s + 2 * m && b[s..].starts_with(mark) && b[..e].ends_with(mark) {
            let (is, ie) = (s + m, e - m);
            // `**a** and **b**` is not one emphasized cell.
            if !b[is..ie].windows(m).any(|w| w == mark) && b[is] != b' ' && b[ie - 1] != b' ' {
                return (is, ie);
            }
        }
    }
    (s, e)
}

/// Finds the delimited tables in `text` whose header row names person,
/// email or phone columns, anywhere in it (exports start with titles and
/// notes; a reply can hold several tables), and appends names and phones
/// from their cells. Returns the byte ranges the tables cover (header to
/// last row), so that line-by-line scanning leaves them alone.
fn tables(
    text: &str,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> Vec<(usize, usize)> {
    let mut lines = Vec::new();
    let mut offset = 0;
    for line in text.split('\n') {
        if !line.trim().is_empty() {
            lines.push((offset, line));
        }
        offset += line.len() + 1;
    }
    let mut found = Vec::new();
    let mut h = 0;
    while h + 1 < lines.len() {
        match table_at(&lines, h, memory, out)
            .or_else(|| fixed_width_at(&lines, h, memory, out))
            .or_else(|| wiki_table_at(&lines, h, memory, out))
        {
            Some(last) => {
                let (lo, _) = lines[h];
                let (s, l) = lines[last];
                found.push((lo, s + l.len()));
                h = last + 1;
            }
            None => h += 1,
        }
    }
    found
}

/// SQL `INSERT INTO t (col, …) VALUES (…), (…);` statements: each value
/// is read under its column's name, as a JSON value under its key (quoted
/// strings under person columns, strings and bare numbers under phone
/// columns).
fn sql_inserts(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(m) = INSERT_INTO.find(&text[from..]) {
        from += m.end();
        // The column list: the first `(` before `VALUES`.
        let Some(open) = text[from..].find('(').map(|p| from + p) else {
            return;
        };
        if text[from..open].contains(['\n', ';']) && text[from..open].trim().contains(' ') {
            continue;
        }
        let Some(close) = text[open..].find(')').map(|p| open + p) else {
            return;
        };
        let kinds: Vec<KeyKind> = text[open + 1..close]
            .split(',')
            .map(|c| {
                let c = c.trim().trim_matches(['`', '"', '[', ']', '\'']);
                keys::kind_of(c)
            })
            .collect();
        let rest = text[close + 1..].trim_start();
        let values_at = text.len() - rest.len();
        if !rest
            .get(..6)
            .is_some_and(|v| v.eq_ignore_ascii_case("values"))
        {
            continue;
        }
        // A row is a person's when the table has an address or a number
        // column, or is named for people (`customers`, `contacts`).
        let table = text[from..open]
            .trim()
            .rsplit('.')
            .next()
            .unwrap_or("")
            .trim_matches(['`', '"', '[', ']']);
        let contact = kinds
            .iter()
            .any(|k| matches!(k, KeyKind::Email | KeyKind::Phone))
            || matches!(keys::kind_of(table), KeyKind::Person | KeyKind::MaybePerson);
        let mut i = values_at + 6;
        // Rows: `(v, v, …)` separated by commas, up to `;` or anything else.
        loop {
            while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b',') {
                i += 1;
            }
            if b.get(i) != Some(&b'(') {
                break;
            }
            i += 1;
            let mut col = 0;
            loop {
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                let (vs, ve, quoted) = match b.get(i) {
                    None => return,
                    Some(b'\'') => {
                        // A string: `''` and `\'` are quotes inside it.
                        let vs = i + 1;
                        let mut j = vs;
                        loop {
                            match b.get(j) {
                                None => return,
                                Some(b'\\') => j += 2,
                                Some(b'\'') if b.get(j + 1) == Some(&b'\'') => j += 2,
                                Some(b'\'') => break,
                                Some(_) => j += 1,
                            }
                        }
                        i = j + 1;
                        (vs, j, true)
                    }
                    Some(_) => {
                        let vs = i;
                        while i < b.len() && !matches!(b[i], b',' | b')') {
                            i += 1;
                        }
                        (vs, text[..i].trim_end().len(), false)
                    }
                };
                if let Some(&kind) = kinds.get(col)
                    && vs < ve
                    && text.is_char_boundary(vs)
                    && text.is_char_boundary(ve)
                {
                    let value = &text[vs..ve];
                    match kind {
                        KeyKind::Person if quoted => {
                            value_under(kind, value, vs, Structured::Sure, memory, out)
                        }
                        KeyKind::MaybePerson if quoted && contact => {
                            value_under(kind, value, vs, Structured::Sure, memory, out)
                        }
                        KeyKind::Phone => {
                            value_under(kind, value, vs, Structured::Sure, memory, out)
                        }
                        _ => {}
                    }
                }
                col += 1;
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                match b.get(i) {
                    Some(b',') => i += 1,
                    Some(b')') => {
                        i += 1;
                        break;
                    }
                    _ => return,
                }
            }
        }
        from = i.max(from);
    }
}

/// HTML tables: a row of `<th>` cells names the columns of the `<td>`
/// rows after it; a cell of plain text (no markup inside) is read under
/// its column's name. Cells with markup (`<a href="mailto:…">`) are left
/// to the other detectors.
fn html_tables(text: &str, memory: &(impl NameMemory + ?Sized), out: &mut Vec<Finding>) {
    let mut kinds: Vec<KeyKind> = Vec::new();
    let mut contact = false;
    let mut from = 0;
    while let Some(p) = text[from..].find("<tr") {
        let row_start = from + p + 3;
        let row_end = text[row_start..]
            .find("</tr")
            .map_or(text.len(), |q| row_start + q);
        from = row_end;
        let cells = html_cells(&text[row_start..row_end]);
        if cells.is_empty() {
            continue;
        }
        if cells.iter().all(|c| c.0) {
            kinds = keys::column_kinds(
                cells
                    .iter()
                    .map(|&(_, s, e)| text[row_start + s..row_start + e].trim()),
            );
            contact = kinds
                .iter()
                .any(|k| matches!(k, KeyKind::Email | KeyKind::Phone));
            continue;
        }
        for (&(_, s, e), &kind) in cells.iter().zip(&kinds) {
            let value = &text[row_start + s..row_start + e];
            if value.contains('<') || value.trim().is_empty() {
                continue;
            }
            let how = match kind {
                KeyKind::Person => Structured::Sure,
                KeyKind::MaybePerson if contact => Structured::Sure,
                KeyKind::Phone => Structured::Sure,
                _ => continue,
            };
            value_under(kind, value, row_start + s, how, memory, out);
        }
    }
}

/// The cells of an HTML table row: (a header cell, content start, content
/// end), offsets in `row`.
fn html_cells(row: &str) -> Vec<(bool, usize, usize)> {
    let mut cells = Vec::new();
    let mut i = 0;
    while let Some(p) = row[i..].find("<t") {
        let at = i + p;
        let header = match row.as_bytes().get(at + 2) {
            Some(b'h') => true,
            Some(b'd') => false,
            _ => {
                i = at + 2;
                continue;
            }
        };
        // `<td>` or `<td class="…">`, not `<thead>`.
        if !matches!(row.as_bytes().get(at + 3), Some(b'>' | b' ')) {
            i = at + 3;
            continue;
        }
        let Some(open_end) = row[at..].find('>').map(|q| at + q + 1) else {
            break;
        };
        let close = if header { "</th" } else { "</td" };
        let Some(end) = row[open_end..].find(close).map(|q| open_end + q) else {
            break;
        };
        cells.push((header, open_end, end));
        i = end;
    }
    cells
}

/// `INSERT INTO` in any case.
static INSERT_INTO: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(["insert into"])
            .expect("one ASCII pattern")
    });

/// Splits `line[from..]` on `sep` into trimmed cell spans (relative to
/// the line).
fn split_cells(line: &str, from: usize, sep: &str) -> Vec<(usize, usize)> {
    let line = line.trim_end_matches('\r');
    let mut out = Vec::new();
    let mut start = from;
    let mut push = |s: usize, e: usize| {
        let cell = &line[s..e];
        let a = s + (cell.len() - cell.trim_start().len());
        out.push((a, (e - (cell.len() - cell.trim_end().len())).max(a)));
    };
    for (p, _) in line[from..].match_indices(sep) {
        push(start, from + p);
        start = from + p + sep.len();
    }
    push(start, line.len());
    out
}

/// A MediaWiki table (`{| class="wikitable"`, `! Name !! Mobile`, rows
/// `| a || b` between `|-` lines) whose header names personal columns.
/// A cell that is a link (`[[User:ievab|Ieva Butkutė]]`) holds its label.
fn wiki_table_at(
    lines: &[(usize, &str)],
    h: usize,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> Option<usize> {
    let (_, header) = lines[h];
    let t = header.trim_start();
    if !t.starts_with('!') || !t.contains("!!") {
        return None;
    }
    let lead = header.len() - t.len() + 1;
    let kinds: Vec<KeyKind> = split_cells(header, lead, "!!")
        .iter()
        .map(|&(s, e)| keys::kind_of(&header[s..e]))
        .collect();
    if !kinds
        .iter()
        .any(|k| matches!(k, KeyKind::Person | KeyKind::Email | KeyKind::Phone))
    {
        return None;
    }
    let mut last = None;
    for (i, &(lo, line)) in lines.iter().enumerate().skip(h + 1) {
        let t = line.trim_start();
        if t.starts_with("|-") {
            continue;
        }
        if t.starts_with("|}") || !t.starts_with('|') {
            break;
        }
        let lead = line.len() - t.len() + 1;
        let row = split_cells(line, lead, "||");
        if row.len() != kinds.len() {
            break;
        }
        last = Some(i);
        for (&(mut s, mut e), kind) in row.iter().zip(&kinds) {
            let cell = &line[s..e];
            if cell.starts_with("[[") && cell.ends_with("]]") {
                e -= 2;
                s += 2 + cell[2..cell.len() - 2].rfind('|').map_or(0, |p| p + 1);
            }
            value_under(*kind, &line[s..e], lo + s, Structured::Sure, memory, out);
        }
    }
    last
}

/// A separator row: `|---|:--:|`, psql's `----+----`.
fn separator(line: &str) -> bool {
    let t = line.trim();
    (t.contains('-') && t.chars().all(|c| matches!(c, '-' | ':' | '+' | '|' | ' ')))
        || (t.contains(['─', '═'])
            && t.chars()
                .all(|c| ('\u{2500}'..='\u{257f}').contains(&c) || c == ' '))
}

/// Reads a table whose header is `lines[h]`: its rows are the lines after
/// it with as many cells (separator rows skipped, lines inside a quoted
/// cell passed over), up to the first line that is not one. Returns the
/// index of its last row, or `None` when `lines[h]` heads no table of
/// personal columns.
fn table_at(
    lines: &[(usize, &str)],
    h: usize,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> Option<usize> {
    let (_, header) = lines[h];
    let boxed = header.contains(BOX_BAR);
    for layout in [
        Layout::Plain(b'\t'),
        Layout::Plain(b','),
        Layout::Plain(b';'),
        Layout::Plain(b'|'),
        Layout::Boxed,
    ] {
        let layout = match layout {
            Layout::Plain(d) if !header.as_bytes().contains(&d) => continue,
            Layout::Boxed if !boxed => continue,
            Layout::Plain(b'|') if framed(header) => Layout::Framed,
            l => l,
        };
        let Some(head) = cells(header, layout) else {
            continue;
        };
        if head.len() < 2 {
            continue;
        }
        let names_ok = head.iter().all(|&(s, e)| {
            let h = &header[s..e];
            // A row-number column may be headed `#` or `№`; a register's
            // columns by dates (`Name;03.12;24.05;Contact`).
            matches!(h, "#" | "№")
                || (h.len() <= 10
                    && h.starts_with(|c: char| c.is_ascii_digit())
                    && h.contains(['.', '/', '-'])
                    && h.bytes()
                        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'/' | b'-')))
                || (!h.is_empty()
                    && h.len() <= 40
                    && h.chars().any(char::is_alphabetic)
                    && !h.contains(['@', '{', '}', '"', ':']))
        });
        if !names_ok {
            continue;
        }
        // The next line must continue the table (a row of as many cells, or
        // a separator) before the header's words are looked up.
        let (_, next) = lines[h + 1];
        let continues =
            separator(next) || cells(next, layout).is_some_and(|r| r.len() == head.len());
        if !continues {
            continue;
        }
        let mut kinds = keys::column_kinds(head.iter().map(|&(s, e)| &header[s..e]));
        let call_cols = party_columns(head.iter().map(|&(s, e)| &header[s..e]));
        let folded: Vec<String> = head
            .iter()
            .map(|&(s, e)| keys::fold(&header[s..e]))
            .collect();
        let personal = kinds
            .iter()
            .any(|k| matches!(k, KeyKind::Person | KeyKind::Email | KeyKind::Phone))
            || call_cols.contains(&true)
            || folded.iter().any(|f| keys::personal_detail(f));
        if !personal && !kinds.contains(&KeyKind::MaybePerson) {
            continue;
        }
        let mut rows = Vec::new();
        let mut last = h;
        for (i, &(lo, line)) in lines.iter().enumerate().skip(h + 1) {
            if separator(line) {
                last = i;
                continue;
            }
            let Some(row) = cells(line, layout) else {
                if matches!(layout, Layout::Framed | Layout::Boxed) {
                    break;
                }
                continue; // A line inside a quoted cell.
            };
            if row.len() != head.len() {
                break;
            }
            last = i;
            rows.push((lo, line, row));
        }
        if rows.is_empty() {
            continue;
        }
        if personal {
            for (c, kind) in kinds.iter_mut().enumerate() {
                // A column of places or of a person's details (`Birthplace`,
                // `club_city`) holds no names, whatever its cells read as.
                let label = &folded[c];
                if *kind == KeyKind::Other
                    && !keys::personal_detail(label)
                    && !place_label(label)
                    && names_column(&rows, c, memory)
                {
                    *kind = KeyKind::Person;
                }
            }
        }
        // Columns that may hold people and do: read as a person's, brands
        // apart.
        let sure: Vec<bool> = kinds
            .iter()
            .enumerate()
            .map(|(c, k)| {
                !personal
                    && *k == KeyKind::MaybePerson
                    && maybe_column_holds_people(&rows, c, memory)
            })
            .collect();
        for (lo, line, row) in &rows {
            for (((&(s, e), kind), call), sure) in row.iter().zip(&kinds).zip(&call_cols).zip(&sure)
            {
                let cell = &line[s..e];
                let kind = cell_kind(*kind, *call, cell);
                // A company under a column that may hold people
                // (`customer`: `Kraft Heinz` beside `Fjeld, Vegard`).
                if kind == KeyKind::MaybePerson && names::brand_cell(cell) {
                    continue;
                }
                let how = if kind == KeyKind::Person || personal || *sure {
                    Structured::Sure
                } else {
                    Structured::Maybe
                };
                value_under(kind, cell, lo + s, how, memory, out);
            }
        }
        return Some(last);
    }
    None
}

/// Whether column `c`, under a header that may name people (`filed_by`,
/// `customer`), holds people: at least two of its cells are names the
/// dictionaries back on their own, and they are at least half of its
/// filled cells that are not brands. Its other cells (`K. El Fassi`) are
/// then read as names under a person's key.
fn maybe_column_holds_people(
    rows: &[Row<'_>],
    c: usize,
    memory: &(impl NameMemory + ?Sized),
) -> bool {
    let (mut filled, mut named) = (0, 0);
    for (_, line, row) in rows {
        let (s, e) = row[c];
        let cell = line[s..e].trim().trim_matches('"');
        if cell.is_empty() || names::brand_cell(cell) {
            continue;
        }
        filled += 1;
        let mut found = Vec::new();
        names::person_value(cell, Structured::Maybe, memory, &mut found);
        if found.iter().any(|f| f.class == Class::Name) {
            named += 1;
        }
    }
    named >= 2 && named * 2 >= filled
}

/// Which columns of a table with these header labels are a party's of a
/// call or a message (`caller,callee,duration`, `CONTACT`): a number in
/// one is that party's phone number ([`cell_kind`]).
fn party_columns<'h>(labels: impl Iterator<Item = &'h str>) -> Vec<bool> {
    let folded: Vec<String> = labels.map(keys::fold).collect();
    let call_record = folded.iter().any(|f| keys::call_record_key(f));
    folded
        .iter()
        .map(|f| keys::call_party_key(f) || (call_record && keys::call_number_key(f)))
        .collect()
}

/// The kind a cell is read under: a phone in a party's column when it is
/// a bare number, its column's kind otherwise.
fn cell_kind(kind: KeyKind, party: bool, cell: &str) -> KeyKind {
    if party && keys::numberish(cell) {
        KeyKind::Phone
    } else {
        kind
    }
}

/// A folded column label about a place, a room or a club (`birthplace`,
/// `club_city`, `Location`, `district`, `dest`, `Rum`, `Club`), or about
/// what a person does or what a row is (`role`, `department`, `status`,
/// `type`): its cells are no names.
fn place_label(folded: &str) -> bool {
    // By the label's last word (`club_city`, `birthplace`; not `Officer`,
    // `Replacement`, `Roommate`), or its first before `of`
    // (`countryofresidence`).
    [
        "place",
        "city",
        "town",
        "country",
        "location",
        "venue",
        "address",
        "region",
        "district",
        "constituency",
        "county",
        "province",
        "municipality",
        "borough",
        "neighborhood",
        "neighbourhood",
        "origin",
        "dest",
        "destination",
        "hometown",
        "residence",
        "station",
        "airport",
        "room",
        "club",
        "team",
        "site",
        "branch",
        "office",
    ]
    .iter()
    .any(|w| folded.ends_with(w) || folded.strip_prefix(w).is_some_and(|r| r.starts_with("of")))
        || matches!(
            folded,
            "state" | "ward" | "port" | "rum" | "raum" | "salle" | "sala" | "zaal" | "rom" | "hall"
        )
        // What people do or belong to: `role`, `Position`, `union`.
        || matches!(
            folded,
            "role"
                | "roles"
                | "position"
                | "title"
                | "jobtitle"
                | "occupation"
                | "profession"
                | "department"
                | "dept"
                | "union"
                | "status"
                | "type"
                | "category"
                | "group"
        )
}

/// A table's row: its line's offset in the text, the line, its cells' spans.
type Row<'a> = (usize, &'a str, Vec<(usize, usize)>);

/// Whether column `c` of a table about people holds names although its
/// header does not say so (`| Week | Primary | Secondary | Phone |`): most
/// of its filled cells are names the dictionaries back on their own
/// ([`names::name_cell`]), at least two of them.
/// Its other cells are then read as names under a person key, so that
/// `Kristjan C.` beside `Benedetta Lombardi` is one too.
fn names_column(rows: &[Row<'_>], c: usize, memory: &(impl NameMemory + ?Sized)) -> bool {
    let (mut filled, mut named, mut brands) = (0, 0, 0);
    for (_, line, row) in rows {
        let (s, e) = row[c];
        let cell = &line[s..e];
        if !cell.chars().any(char::is_alphabetic) {
            continue;
        }
        filled += 1;
        if names::brand_cell(cell) {
            brands += 1;
        } else if super::kinds::named_by_kind(cell, 0, cell.len()) {
            // A team or a place named after a person (`Team Curie`).
        } else {
            named += usize::from(names::name_cell(cell, memory));
        }
    }
    // Brands named after people (`Tommy Hilfiger`, `Jim Beam`) make it a
    // column of companies, whatever else in it reads as a name.
    named >= 2 && named * 2 >= filled && brands * 4 < filled
}

/// The columns of a fixed-width header (`EMP#    NAME          PHONE`):
/// labels apart by two spaces or more, as (char column, byte start, byte
/// end) of each label.
fn fixed_header(line: &str) -> Option<Vec<(usize, usize, usize)>> {
    let line = line.trim_end_matches('\r');
    if line.contains(['\t', ',', ';', '|', ':', '@', '"']) || line.chars().count() > 400 {
        return None;
    }
    let mut cols = Vec::new();
    let mut spaces = 2;
    for (col, (at, c)) in line.char_indices().enumerate() {
        if c == ' ' {
            spaces += 1;
            continue;
        }
        if spaces >= 2 {
            cols.push((col, at, at + c.len_utf8()));
        } else if let Some(last) = cols.last_mut() {
            last.2 = at + c.len_utf8();
        }
        spaces = 0;
    }
    let labels_ok = cols.iter().all(|&(_, s, e)| {
        let l = &line[s..e];
        l.len() <= 30
            && l.chars().any(char::is_alphabetic)
            && l.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '#' | '_' | '.' | '/' | '-'))
    });
    (cols.len() >= 2 && labels_ok).then_some(cols)
}

/// A rule under a fixed-width header: `-----  -----`, `=======`.
fn rule(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3 && t.chars().all(|c| matches!(c, '-' | '=' | ' ' | '+'))
}

/// Reads a fixed-width table (reports, CLI listings) whose header is
/// `lines[h]` and names a person or phone column; a rule line or an aligned
/// row must follow it. Each row's cells are cut at the header's columns
/// (counted in characters); a row with text across a column's edge ends
/// the table. Returns the index of the last row.
fn fixed_width_at(
    lines: &[(usize, &str)],
    h: usize,
    memory: &(impl NameMemory + ?Sized),
    out: &mut Vec<Finding>,
) -> Option<usize> {
    let (_, header) = lines[h];
    let cols = fixed_header(header)?;
    let kinds: Vec<KeyKind> = cols
        .iter()
        .map(|&(_, s, e)| keys::kind_of(&header[s..e]))
        .collect();
    let call_cols = party_columns(cols.iter().map(|&(_, s, e)| &header[s..e]));
    if !kinds
        .iter()
        .any(|k| matches!(k, KeyKind::Person | KeyKind::MaybePerson | KeyKind::Phone))
        && !call_cols.contains(&true)
    {
        return None;
    }
    let personal = kinds
        .iter()
        .any(|k| matches!(k, KeyKind::Person | KeyKind::Phone))
        || call_cols.contains(&true);
    // The cells of a row, as byte spans, or `None` when it does not fit.
    let split = |line: &str| -> Option<Vec<(usize, usize)>> {
        let line = line.trim_end_matches('\r');
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let at = |col: usize| chars.get(col).map_or(line.len(), |&(b, _)| b);
        let mut spans = Vec::with_capacity(cols.len());
        for (n, &(col, _, _)) in cols.iter().enumerate() {
            // Text may not run across the edge between two columns.
            if n > 0 && col < chars.len() && chars[col - 1].1 != ' ' && chars[col].1 != ' ' {
                return None;
            }
            let end = cols.get(n + 1).map_or(line.len(), |&(next, _, _)| at(next));
            let (s, e) = (at(col), end.max(at(col)));
            let cell = &line[s..e];
            let lead = cell.len() - cell.trim_start().len();
            // An empty cell (spaces only) is an empty span, never a reversed one.
            spans.push((s + lead, s + lead + cell.trim().len()));
        }
        Some(spans)
    };
    let mut last = h;
    let mut rows = 0;
    for (i, &(lo, line)) in lines.iter().enumerate().skip(h + 1) {
        if rule(line) {
            if rows > 0 {
                break;
            }
            last = i;
            continue;
        }
        let Some(cells) = split(line) else { break };
        // The first line after the header must start a row in its first
        // column, not be prose that happens to fit.
        if cells.iter().filter(|(s, e)| s < e).count() < 2 {
            break;
        }
        rows += 1;
        last = i;
        for ((&(s, e), kind), call) in cells.iter().zip(&kinds).zip(&call_cols) {
            let kind = cell_kind(*kind, *call, &line[s..e]);
            let how = if kind == KeyKind::Person || personal {
                Structured::Sure
            } else {
                Structured::Maybe
            };
            value_under(kind, &line[s..e], lo + s, how, memory, out);
        }
    }
    (rows > 0).then_some(last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pii::NoMemory;

    fn found(text: &str) -> Vec<&str> {
        let mut out = vec![];
        scan_lines(text, &NoMemory, &mut out);
        out.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn transcript_speakers_before_the_time_in_parentheses_and_in_capitals() {
        let f = |t: &str| {
            let mut out = Vec::new();
            transcript_speakers(t, &NoMemory, &mut out);
            out.iter()
                .map(|x| t[x.start..x.end].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            f("Okoth [00:00:03]: Hello there\nWjelan [00:00:09]: Hi"),
            ["Okoth", "Wjelan"]
        );
        assert_eq!(
            f("Speaker 1 (Katleho Nthako): hi\nSpeaker 2 (Okoth): hey"),
            ["Katleho Nthako", "Okoth"]
        );
        assert_eq!(
            f("MR. SMITH: Objection.\nMS. OKOTH: Withdrawn.\nTHE COURT: Sustained."),
            ["SMITH", "OKOTH"]
        );
        // Log levels and methods; capitals no dictionary vouches for.
        assert!(f("ERROR: disk full\nWARNING: retry\nHTTP: 500").is_empty());
        assert!(f("NTHAKO: Good morning.\nTOKTOGULOVA: Morning.").is_empty());
        assert!(f("Summary [00:01]: all good\nAgent [00:02]: ok").is_empty());
        // A speaker's name after a space in the parentheses keeps its
        // place (it once came out a byte early, inside the `ë`).
        assert_eq!(f("Speaker 1 ( Zoë): hi\n"), ["Zoë"]);
        // World clocks, and a city's weather in capitals.
        assert!(f("Tokyo [09:00] market open\nNew York [20:00] close").is_empty());
        assert!(f("AUSTIN: 31°C\nDALLAS: 29°C\nHOUSTON: 33°C").is_empty());
    }

    #[test]
    fn irc_speakers_by_display_name() {
        let log = "[21:58] <Špela> Živjo\n\
                   [12:33 AM] <山田> Prosim\n\
                   [6:18 PM] * ᐊᓗᓯ has joined #ops-alerts\n\
                   [18:19:18] <Server> maintenance at 02:00\n\
                   [18:20] * Topic has changed\n\
                   <div> 12:00</div>";
        assert_eq!(found(log), ["Špela", "山田", "ᐊᓗᓯ"]);
    }

    #[test]
    fn labels_in_wiki_bold_and_across_a_handoff_arrow() {
        assert_eq!(found("'''Deputy:''' Okoth, Ochieng"), ["Okoth, Ochieng"]);
        assert_eq!(
            found("Outgoing: Kristine → Incoming: Yolanda"),
            ["Kristine", "Yolanda"]
        );
        // A form's signature blank, then the name printed under it.
        assert_eq!(found("Received by: ____________ (Binta)"), ["Binta"]);
        // An arrow inside a value parts nothing.
        assert!(found("Leave: 16/05/2021 → 15/12/2022").is_empty());
    }

    #[test]
    fn speakers_with_their_part_after_a_time_stamp() {
        let chat = "[09:50] Visitor (Oyelaran Adebisi): Hello\n\
                    [6:05 AM] Lamia (agent): How can I help?\n\
                    12:50:47 ᎺᎵ (host): welcome\n\
                    [11h45] Note (admin): closed";
        assert_eq!(found(chat), ["Oyelaran Adebisi", "Lamia", "ᎺᎵ"]);
        // No stamp, no speaker: an access list.
        assert!(found("Grafana (admin): granted").is_empty());
        assert_eq!(found("6:05 AM Lamia (agent): hi"), ["Lamia"]);
    }

    #[test]
    fn tables_with_a_persons_details_are_about_people() {
        // `name` may be a product's; a birthplace column says people. The
        // places under it stay.
        let census = "name\trelation\tage\tbirthplace\n\
                      ئابدۇرېھىم ئەركىن\tLodger\t31\tHanoi\n\
                      رهف حمصي\tDaughter\t47\tBudapest\n";
        assert_eq!(found(census), ["ئابدۇرېھىم ئەركىن", "رهف حمصي"]);
        // Arabic labels with their article (`الاسم`, `الجوال`).
        let t = "| الاسم | الجوال | اليوم |\n|---|---|---|\n\
                 | باسل العطار | +966 50 123 4567 | الجمعة |\n";
        assert!(found(t).contains(&"باسل العطار"));
    }

    #[test]
    fn labels_for_both_genders() {
        let text = "Patient/in: Oyelaran Adebisi\nKunde:in: Ngozi Okafor\n\
                    担当：田中悠真\nPatient(e) : Tehani Temauri";
        assert_eq!(
            found(text),
            [
                "Oyelaran Adebisi",
                "Ngozi Okafor",
                "田中悠真",
                "Tehani Temauri"
            ]
        );
    }

    #[test]
    fn list_entries_with_a_contact() {
        let text = "Route 7 — pickup 16:05\n1. Kila (guardian: +1 415 555 0132)\n\
                    2) إياد المجالي — Telefon +49 30 901820\n\
                    3. Front desk (phone: +1 415 555 0133)\n\
                    - Acme Logistics Ltd, +1 415 555 0134\n\
                    - Nairobi: +254 20 2222222\n\
                    Kiwetin (guardian: +1 415 555 0135)";
        let mut out = Vec::new();
        crate::pii::phone::find(text, &mut out);
        let contacts: Vec<(usize, usize)> = out.iter().map(|f| (f.start, f.end)).collect();
        let mut names = Vec::new();
        list_entries(text, &contacts, &NoMemory, &mut names);
        let got: Vec<&str> = names.iter().map(|f| &text[f.start..f.end]).collect();
        assert_eq!(got, ["Kila", "إياد المجالي"]);
    }

    fn entries(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        crate::pii::phone::find(text, &mut out);
        crate::pii::email::find(text, &mut out);
        let mut contacts: Vec<(usize, usize)> = out.iter().map(|f| (f.start, f.end)).collect();
        contacts.sort_unstable();
        let mut names = Vec::new();
        list_entries(text, &contacts, &NoMemory, &mut names);
        names.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn directory_lines_by_their_leaders_and_arrows() {
        let text = "Acme — internal directory (26/12/2017)\n\
                    Nthako, Katleho ........ +27 21 555 0134\n\
                    ⴰⵎⵇⵔⴰⵏ, ⵢⵓⴱⴰ ........ +27 21 555 0135\n\
                    Reception ....... +27 21 555 0100\n\
                    Empfang ....... +49 30 901820\n\
                    శ్రావ్య -> +91 98765 43210\n\
                    Maria -> +47 912 34 568\n\
                    Berlin -> +49 30 901821\n\
                    Oslo → +47 912 34 569\n\
                    Sydney ........ +61 2 9999 0000\n\
                    Acme Logistics Ltd ........ +27 21 555 0136";
        assert_eq!(
            entries(text),
            ["Nthako, Katleho", "ⴰⵎⵇⵔⴰⵏ, ⵢⵓⴱⴰ", "శ్రావ్య", "Maria"]
        );
        // Dots inside a line are no leader.
        assert!(entries("v1.2... Ann +27 21 555 0134").is_empty());
    }

    #[test]
    fn task_boxes_rsvp_marks_and_tree_branches_mark_entries() {
        let text = "- [ ] ঋতুপর্ণা: call +1 415 555 0132\n\
                    [x] Стефан: send deck to sb@example.org\n\
                    ✘ Měrćin Wjelan — +420 601 123 456\n\
                    │  └─ Ana Lima · ana@example.pt\n\
                    ├── Bo Chan · bo@example.org\n\
                    ─Kim Lee, +1 415 555 0133\n\
                    - [ ] Support: +1 415 555 0134";
        assert_eq!(
            entries(text),
            ["ঋতুপর্ণা", "Стефан", "Měrćin Wjelan", "Ana Lima", "Bo Chan"]
        );
    }

    #[test]
    fn fixed_width_reports() {
        let report = "ACME LTD                         PAGE 1\n\
            STAFF DIRECTORY\n\n\
            EMP#    NAME                    EXT   PHONE\n\
            ------------------------------------------------\n\
            943822  XIE, JIAHUI             308   +852 2782 7935\n\
            124224  O'SULLIVAN, SEÁN        590   085-334 3248\n\
            ------------------------------------------------\n\
            END OF REPORT  RUN 2026-09-26 01:53:00\n";
        assert_eq!(
            found(report),
            [
                "XIE, JIAHUI",
                "+852 2782 7935",
                "O'SULLIVAN, SEÁN",
                "085-334 3248"
            ]
        );
        // A listing whose NAME column holds no people: nothing.
        let pods = "NAME                     READY   STATUS    AGE\n\
            checkout-web-5d9f8-x2k   1/1     Running   4d\n\
            Search Indexer           1/1     Running   4d\n";
        assert!(found(pods).is_empty());
        // An empty cell is passed over (it once sliced a reversed span).
        assert_eq!(
            found(
                "ID      NAME        PHONE\n------------------------------\n1                   +44 20 7946 0958\n"
            ),
            ["+44 20 7946 0958"]
        );
        // Text across a column's edge is not a row.
        assert!(found("NAME      PHONE\nthe meeting went on and on\n").is_empty());
    }

    #[test]
    fn columns_of_teams_named_after_people() {
        let text = "ticket_id\tattendee\tsession\nPO 4553806174\tYeung Ka-ho\tTeam Curie\n#A-74624\tAnn Lee\tGuild Kepler\n";
        let mut out = Vec::new();
        scan_lines(text, &crate::pii::NoMemory, &mut out);
        let found: Vec<&str> = out.iter().map(|f| &text[f.start..f.end]).collect();
        assert_eq!(found, ["Yeung Ka-ho", "Ann Lee"]);
    }

    #[test]
    fn columns_of_names_under_other_headers() {
        // A rota: the header names roles, the cells are people.
        let rota = "| Week | Primary | Secondary | Phone |\n\
            |---|---|---|---|\n\
            | 12 | **Benedetta Lombardi** | Kristjan C. | +44 20 7946 0958 |\n\
            | 13 | Kwame Mensah | Benedetta Lombardi | +44 20 7946 0959 |\n\
            | 14 | Kristjan C. | Kwame Mensah | +44 20 7946 0960 |\n";
        let got = found(rota);
        for name in ["Benedetta Lombardi", "Kristjan C.", "Kwame Mensah"] {
            assert!(got.contains(&name), "{name} in {got:?}");
        }
        assert!(!got.iter().any(|f| f.contains("**")), "{got:?}");
        // A column of places or companies in the same kind of table stays.
        let offices = "| Office | Vendor | Phone |\n\
            |---|---|---|\n\
            | Lisbon | Acme Holdings | +44 20 7946 0958 |\n\
            | Porto | Tanaka Seiki K.K. | +44 20 7946 0959 |\n\
            | Madrid | Globex Corporation | +44 20 7946 0960 |\n";
        let got = found(offices);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(got.iter().all(|f| f.starts_with("+44")), "{got:?}");
    }

    #[test]
    fn emphasis_around_a_cell_is_not_part_of_it() {
        let b = b"| **Ann Lee** | _Bo_ | `x` | **a** and **b** | ** |";
        let line = std::str::from_utf8(b).unwrap();
        let cells: Vec<&str> = cells(line, Layout::Framed)
            .unwrap()
            .into_iter()
            .map(|(s, e)| &line[s..e])
            .collect();
        assert_eq!(cells, ["Ann Lee", "Bo", "x", "**a** and **b**", "**"]);
    }

    #[test]
    fn full_width_labels() {
        assert_eq!(
            found("联系人：张伟\n手机：13812345678"),
            ["张伟", "13812345678"]
        );
        assert_eq!(found("担当：佐藤 健太（営業部）\n"), ["佐藤 健太"]);
    }

    #[test]
    fn csv_and_tsv_and_markdown() {
        assert_eq!(
            found("Name,Email,Phone\nAnn Lee,ann@x.com,0068 892 92 41\n\"Chan, Bo\",b@y.org,n/a\n"),
            ["Ann Lee", "0068 892 92 41", "Chan, Bo"]
        );
        assert_eq!(
            found("id\tcustomer_name\n1\tNayil Soylu\n"),
            ["Nayil Soylu"]
        );
        assert_eq!(
            found("| Owner | Status |\n|---|---|\n| Peter Kubíčková | open |\n"),
            ["Peter Kubíčková"]
        );
    }

    #[test]
    fn numbers_in_the_party_columns_of_call_and_message_records() {
        assert_eq!(
            found("call_id,duration_s,caller,callee\nc1,301,83275544,0557160580\n"),
            ["83275544", "0557160580"]
        );
        assert_eq!(
            found(
                "date,address,type\n2024-05-06,21626410,sent\n2024-05-07,12 Rue Oberkampf,sent\n"
            ),
            ["21626410"]
        );
        assert_eq!(
            found(
                "AWB        CONSIGNEE        CONTACT          WEIGHT\nLX9432131  Birgitte Lund    779 555 513      18.2kg\n"
            ),
            ["Birgitte Lund", "779 555 513"]
        );
        // `number` is a party's only in a call record.
        assert!(found("sku,number,name\nA1,83275544,Widget\n").is_empty());
        assert_eq!(
            found("number,direction,duration\n83275544,inbound,31\n"),
            ["83275544"]
        );
    }

    #[test]
    fn header_after_a_title_line() {
        assert_eq!(
            found("Exported 2024-03-01 by admin\nFull Name,Email\nBongani Khumalo,b@x.org\n"),
            ["Bongani Khumalo"]
        );
        assert_eq!(
            found(
                "## Contacts\n\n| Cust. Name | Phone |\n|---|---|\n| Ngozi Adeyemi | 0803 201 7789 |\n"
            ),
            ["Ngozi Adeyemi", "0803 201 7789"]
        );
    }

    #[test]
    fn a_register_with_dated_columns() {
        assert_eq!(
            found(
                "Name;28.01;08.01;Contact\nDilnoza Toshmatova;L;P;+998 90 123 45 67\nGulchehra;A;L;+998 90 765 43 21\n"
            ),
            [
                "Dilnoza Toshmatova",
                "+998 90 123 45 67",
                "Gulchehra",
                "+998 90 765 43 21"
            ]
        );
    }

    #[test]
    fn tables_anywhere_psql_and_several() {
        // A Markdown table after a title and notes, with a `Key: value`
        // line above it that is still read.
        assert_eq!(
            found(
                "# Roster\nTeacher: Amara Okafor\nTerm starts soon.\n\n| Student ID | Student | Guardian |\n|---|---|---|\n| S-1 | Hayashi, Yui | Ahanu Whitehorse |\n\nNote: restock in August."
            ),
            ["Hayashi, Yui", "Ahanu Whitehorse", "Amara Okafor"]
        );
        // psql: unframed pipes, a `-+-` separator, a row count after.
        assert_eq!(
            found(
                "SELECT 1;\n\n  id  |   full_name   |  phone\n------+---------------+---------\n 3132 | Solveig Sjöberg | n/a\n(1 row)\n"
            ),
            ["Solveig Sjöberg"]
        );
        // Two tables, the second with other columns.
        assert_eq!(
            found(
                "Owner,Status\nPeter Kubíčková,open\n\nsku;price\nA-1;3.50\n\nReviewer;Due\nIngrid Holm;today\n"
            ),
            ["Peter Kubíčková", "Ingrid Holm"]
        );
    }

    #[test]
    fn key_value_lines() {
        assert_eq!(
            found("Customer: Nayil Soylu\nStatus: open\nPhone: 0068 892 92 41"),
            ["Nayil Soylu", "0068 892 92 41"]
        );
        assert!(found("Subject: Re: order 123\nDate: today").is_empty());
        // Mail headers in other languages, names in any script.
        assert_eq!(
            found("จาก: สมชาย ใจดี <s@x.co.th>\nถึง: กิตติศักดิ์\nเรื่อง: 2020"),
            ["สมชาย ใจดี", "กิตติศักดิ์"]
        );
        assert_eq!(
            found("Från: Anna Berg\nTill: Mamadou Fall\nÄmne: hej"),
            ["Anna Berg", "Mamadou Fall"]
        );
    }

    #[test]
    fn json_spread_over_lines_and_xml_attributes() {
        // An HTTP body: "name" beside "email" on another line.
        let body = "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\n  \"customer\": {\n    \"name\": \"Avital Ben-Ami\",\n    \"email\": \"avital@example.es\"\n  }\n}";
        assert_eq!(found(body), ["Avital Ben-Ami"]);
        // Without the address in its object the name must be vouched for.
        assert!(found("{\n  \"product\": {\n    \"name\": \"Avital Ben-Ami\",\n    \"sku\": \"A-1\"\n  }\n}").is_empty());
        // FHIR-style attributes.
        assert_eq!(
            found("  <generalPractitioner display=\"Beat Zwicky\"/>"),
            ["Beat Zwicky"]
        );
        assert_eq!(
            found("  <name given=\"Rahul\">Rahul Sharma</name>"),
            ["Rahul", "Rahul Sharma"]
        );
        assert!(found("  <location display=\"Ward 7 East\"/>").is_empty());
    }

    #[test]
    fn xml_elements_and_fields_after_the_first() {
        assert_eq!(
            found("<Customer><AccountManager>Иван Попов</AccountManager></Customer>"),
            ["Иван Попов"]
        );
        assert!(found("<CompanyName>Mdina Gaming</CompanyName>").is_empty());
        // A family name beside its given name is one, dictionary or not.
        assert_eq!(
            found("<name><given>Ifeoma</given><family>Ezeakor</family></name>"),
            ["Ifeoma", "Ezeakor"]
        );
        assert!(found("<font><family>Helvetica</family></font>").is_empty());
        assert_eq!(
            found("**Status:** In Review · **Assignee:** Wazhma Noori · **Cycle:** 74"),
            ["Wazhma Noori"]
        );
        assert_eq!(
            found("oncall-secondary: Mészáros László"),
            ["Mészáros László"]
        );
    }

    #[test]
    fn vcard_ics_and_key_values() {
        assert_eq!(
            found(
                "BEGIN:VCARD\r\nN:Okonkwo;Chidinma;;;\r\nFN:Chidinma Okonkwo\r\nORG:Acme\r\nEND:VCARD"
            ),
            ["Okonkwo", "Chidinma", "Chidinma Okonkwo"]
        );
        assert_eq!(
            found(
                "ATTENDEE;PARTSTAT=ACCEPTED;CN=\"Tuomas Kallio\":mailto:tk@example.com\r\nORGANIZER;CN=Wanjiru Kamau:mailto:wk@example.com"
            ),
            ["Tuomas Kallio", "Wanjiru Kamau"]
        );
        // An unquoted comma stays in a calendar name; in a directory name
        // it starts the next attribute.
        assert_eq!(
            found("ORGANIZER;CN=Raza, Bushra:mailto:br@example.pk"),
            ["Raza, Bushra"]
        );
        assert_eq!(
            found("member: CN=Ann Lee,OU=Staff,DC=example,DC=com"),
            ["Ann Lee"]
        );
        // Labels in scripts with marks; a field list with `=`.
        assert_eq!(
            found("பங்கேற்பாளர்கள்: அருண் குமார், மீனா கிருஷ்ணன்"),
            ["அருண் குமார்", "மீனா கிருஷ்ணன்"]
        );
        assert_eq!(
            found(
                "Deal Name = Big deal\nDeal Owner = Çağatay Erdoğan\nContact Email = ana@example.com"
            ),
            ["Çağatay Erdoğan"]
        );
        assert_eq!(
            found("2025-01-02T10:00:00Z INFO login user=\"Søren Þórsson\" status=200"),
            ["Søren Þórsson"]
        );
        assert!(found("level=info status=200 region=eu-west-1").is_empty());
    }

    #[test]
    fn labels_of_roles_and_a_sentence_after_the_name() {
        assert_eq!(
            found("Programme chair: Bounmy Chanthavong. Sky Sports coverage starts at 19:45."),
            ["Bounmy Chanthavong"]
        );
        assert_eq!(
            found("Cashier: D. Hernández García\n"),
            ["D. Hernández García"]
        );
        assert_eq!(
            found("Loyalty member: OBINNA NWOSU\nPoints: 6360"),
            ["OBINNA NWOSU"]
        );
        assert!(found("Member count: 12\nChair: none").is_empty());
    }

    #[test]
    fn json_lines_in_text_name_targets_and_parties() {
        let t = "{\"action\": \"user.invite\", \"target\": {\"display\": \"Kasonde, Chileshe\", \"id\": \"9c84\"}}\n{\"sender\": \"Femke de Jong\", \"text\": \"Hoi\"}\n{\"name\": \"Kurban Bayramı\", \"office\": \"Paris, France\"}";
        assert_eq!(found(t), ["Kasonde, Chileshe", "Femke de Jong"]);
    }

    #[test]
    fn party_elements_and_classed_html() {
        // ISO 20022 credit transfers, and a forum post's author.
        assert_eq!(
            found("        <Cdtr><Nm>KERENSA TRELAWNY</Nm></Cdtr>\n"),
            ["KERENSA TRELAWNY"]
        );
        assert_eq!(
            found(
                "<header><span class=\"user\">Hanitra Rasoanaivo</span> <time>2026</time></header>"
            ),
            ["Hanitra Rasoanaivo"]
        );
        // A thing's name, and an element classed as nothing personal.
        assert!(found("<Product><Name>Zorblat Quantum</Name></Product>").is_empty());
        assert!(found("<span class=\"badge\">Zorblat Quantum</span>").is_empty());
    }

    #[test]
    fn html_contact_cards() {
        let t = "<div class=\"contact-card\">\n  <h3>Katrín Gunnarsdóttir</h3>\n  <p>Customer Success Manager, Sainsbury's</p>\n  <a href=\"tel:+3548485516\">Call</a>\n</div>\n<div>\n  <h3>Our Offices</h3>\n  <p>Open daily</p>\n</div>\n<span class=\"author-name\">Lotte van Dijk</span>";
        assert_eq!(found(t), ["Katrín Gunnarsdóttir", "Lotte van Dijk"]);
        // A heading with no contact link in its block, and prose.
        assert!(found("<h1>Ray-Ban Staff Directory</h1>\n<p>Welcome</p>\n<h2>Contact</h2><a href=\"mailto:x@y.co\">x</a>").is_empty());
        // The text of a mailto: link: a name in a caseless script, or one
        // the dictionaries vouch for; not words, whatever links follow.
        assert_eq!(
            found("<p>Reply to <a href=\"mailto:z@x.tw\">鄭冠宇</a> or call.</p>"),
            ["鄭冠宇"]
        );
        assert!(
            found("<a href=\"mailto:s@x.co\">Contact Us</a> <a href=\"tel:+14155550132\">Call</a>")
                .is_empty()
        );
        assert_eq!(
            found(
                "<div itemtype=\"https://schema.org/Person\"><span itemprop=\"name\">謝淑芬</span></div>"
            ),
            ["謝淑芬"]
        );
        assert!(found("<h2>Board of Trustees</h2>\n<table><tr><td><a href=\"mailto:x@y.co\">x</a></td></tr></table>").is_empty());
    }

    #[test]
    fn zpl_shipping_labels() {
        let t = "^XA\n^FO50,50^ADN,36,20^FDSHIP FROM:^FS\n^FO50,90^ADN,18,10^FDFOLAKE AKINOLA^FS\n^FO50,115^FDPONSONBY ROAD 77^FS\n^FO50,180^FDSHIP TO:^FS\n^FO50,220^FDPHOEBE ROWAN THORNBURY^FS\n^FO50,320^BCN,100^FDLX597077034DE^FS\n^XZ";
        assert_eq!(found(t), ["FOLAKE AKINOLA", "PHOEBE ROWAN THORNBURY"]);
        assert!(found("^XA^FDWEIGHT:^FS^FDFRAGILE GOODS^FS^XZ").is_empty());
    }

    #[test]
    fn mediawiki_tables() {
        let t = "== Team ==\n{| class=\"wikitable sortable\"\n! Name !! Extension !! Mobile !! Mail\n|-\n| [[User:ievab|Ieva Butkutė]] || 3501 || 8 682 97740 || [mailto:ib@inbox.lt mail]\n|-\n| Tamsin Oakley || 2274 || 07985.463958 || x\n|}\n[[Category:Teams]]";
        assert_eq!(
            found(t),
            [
                "Ieva Butkutė",
                "8 682 97740",
                "Tamsin Oakley",
                "07985.463958"
            ]
        );
        let t = "{|\n! Product !! Price\n|-\n| Ford Focus || 3.50\n|}";
        assert!(found(t).is_empty());
    }

    #[test]
    fn box_drawn_tables() {
        let t = "sqlite> .mode box\n┌────────────────┬──────────────┬─────────┐\n│ contact        │ phone        │ city    │\n├────────────────┼──────────────┼─────────┤\n│ Artūrs Krūmiņš │ 28 861 789   │ Bandung │\n│ Oriol Pujol    │ 382 628      │ Honolulu│\n└────────────────┴──────────────┴─────────┘";
        assert_eq!(
            found(t),
            ["Artūrs Krūmiņš", "28 861 789", "Oriol Pujol", "382 628"]
        );
        // A box of things keeps its cells.
        let t = "┌──────┬───────┐\n│ sku  │ price │\n├──────┼───────┤\n│ Ford │ 3.50  │\n└──────┴───────┘";
        assert!(found(t).is_empty());
    }

    #[test]
    fn spaced_pairs_ini_toml_and_sqlite_line_mode() {
        // A generic key is a person's when the record has an address.
        assert_eq!(
            found("[owner]\nname = Sheikh, Mahnoor\nemail = ms@example.com\n"),
            ["Sheikh, Mahnoor"]
        );
        assert_eq!(
            found("      id = 303\n    name = Zhou Jie\n   phone = +86 131 2345 6789\n"),
            ["Zhou Jie", "+86 131 2345 6789"]
        );
        // Quoted TOML values, inside an inline table.
        assert_eq!(
            found("maintainers = [{ name = \"Andris Ozoliņš\" }]"),
            ["Andris Ozoliņš"]
        );
        // A service's name, and a record with no address, stay.
        assert!(found("[service]\nname = Cortex\nlisten = 0.0.0.0:22\n").is_empty());
        assert!(found("[service]\nname = Cortex\n\n[owner]\nemail = a@b.co\n").is_empty());
        // Comparisons and compound assignments are code.
        assert!(found("if name == \"Ann Lee\" {}\nowner += \"Bo Chan\"").is_empty());
        // An INI pair without spaces takes the rest of its line.
        assert_eq!(
            found("[general]\ncontact=Rees, Angharad\n"),
            ["Rees, Angharad"]
        );
        assert!(found("user=jsmith status=200 name=Cortex").is_empty());
        // A URL's query is read decoded; the finding covers the encoded text.
        assert_eq!(
            found(
                "GET /lookup?name=Anahera%20Horomona&tel=1 and /find?id=3&name=Anahera+Horomona&email=x"
            ),
            ["Anahera%20Horomona", "Anahera+Horomona"]
        );
        assert!(found("GET /lookup?name=Q3%20report&tel=1").is_empty());
        assert_eq!(
            found("GET /signup?first_name=Jiří&last_name=Němec&utm_source=x HTTP/1.1"),
            ["Jiří", "Němec"]
        );
        assert!(found("GET /tags?name=Anahera%20Horomona").is_empty());
        // `;` ends a bare value.
        assert_eq!(
            found("vars: phone=+442079460958;slot=10:30"),
            ["+442079460958"]
        );
    }

    #[test]
    fn html_tables_by_their_header_cells() {
        let html = "<table><thead><tr><th>Name</th><th>Title</th><th>Email</th><th>Phone</th><th>Location</th></tr></thead>\n\
            <tbody><tr><td>Ouyang, Sihan</td><td>Head of People</td><td><a href=\"mailto:s@x.cn\">s@x.cn</a></td><td>917 305 226</td><td>Jackson</td></tr>\n\
            <tr><td>ΙΩΑΝΝΗΣ ΜΑΥΡΙΔΗΣ</td><td>Procurement Lead</td><td></td><td>+30 21 0123 4567</td><td>Busan</td></tr></tbody></table>";
        assert_eq!(
            found(html),
            [
                "Ouyang, Sihan",
                "917 305 226",
                "ΙΩΑΝΝΗΣ ΜΑΥΡΙΔΗΣ",
                "+30 21 0123 4567"
            ]
        );
        // A table of things: nothing.
        let things =
            "<tr><th>Name</th><th>Price</th></tr><tr><td>Kia Sportage</td><td>$30k</td></tr>";
        assert!(found(things).is_empty());
    }

    #[test]
    fn sql_insert_rows() {
        let dump = "INSERT INTO `contacts` (`uuid`, `full_name`, `email`, `msisdn`, `note`) VALUES\n  \
            ('22-3e', 'LIU CINDY', 'c@qq.com', 862102862801, NULL),\n  \
            ('b8-01', 'Lotte de Boer', 'l@x.be', 31626282147, 'It''s Sofia, Kingston and Douglas.');";
        assert_eq!(
            found(dump),
            ["LIU CINDY", "862102862801", "Lotte de Boer", "31626282147"]
        );
        let split = "insert into customers (id, first_name, last_name, phone) values (5, 'Davide', 'Rossi', '+39 347 123 4567');";
        assert_eq!(found(split), ["Davide", "Rossi", "+39 347 123 4567"]);
        // A table about things: nothing.
        assert_eq!(
            found("INSERT INTO products (sku, name) VALUES ('A-1', 'Grant Park Bench');"),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn json_lines_in_text() {
        assert_eq!(
            found(
                "{\"ts\": 1, \"user\": {\"email\": \"io@x.ro\", \"name\": \"Ioana Dumitrescu\"}}\n{\"ts\": 2, \"actor\": \"Van der Linden, Thijs\"}"
            ),
            ["Ioana Dumitrescu", "Van der Linden, Thijs"]
        );
        // A generic key on a line about no person needs the dictionaries.
        assert!(found("{\"name\": \"Pied Piper\", \"plan\": \"pro\"}\n").is_empty());
    }

    #[test]
    fn arrays_field_tables_ldif_speakers_and_blame() {
        // A change log's old and new values; numbers and nested objects end
        // the walk without a panic.
        assert_eq!(
            found("{\"changes\": {\"display_name\": [null, \"Lhakpa Tamang\"]}}\nx"),
            ["Lhakpa Tamang"]
        );
        assert!(found("{\"owner\": [1, {\"a\": \"Bo\"}], \"x\": [\"a\\\"b\"]}\nx").is_empty());
        // Two-column field tables, with or without bold labels; the header
        // row and other fields are no names.
        assert_eq!(
            found(
                "| Field | Value |\n|---|---|\n| Lead Source | Web |\n| **Owner** | Wanida Phromsri |"
            ),
            ["Wanida Phromsri"]
        );
        // LDIF entries of people; a group's `cn` needs the dictionaries.
        assert_eq!(
            found("dn: uid=b,dc=x\nobjectClass: inetOrgPerson\ncn: BIKASH LIMBU\nsn: Limbu\n"),
            ["BIKASH LIMBU", "Limbu"]
        );
        assert!(found("dn: cn=ops,dc=x\nobjectClass: groupOfNames\ncn: Platform Ops\n").is_empty());
        // A uid spelt in the letters of the name is the name; a person's
        // login is a person's account, a service's is not.
        assert_eq!(
            found("dn: uid=丽司马,ou=people\nobjectClass: inetOrgPerson\ngivenName: 丽娟\n"),
            ["丽司马", "丽娟"]
        );
        assert_eq!(
            found("dn: uid=lchen,ou=people\nobjectClass: inetOrgPerson\n"),
            ["lchen"]
        );
        assert!(found("dn: uid=backup-svc,ou=people\nobjectClass: inetOrgPerson\n").is_empty());
        // Without object classes, entries under a directory's people.
        assert_eq!(
            found("dn: uid=jgagnon,ou=people,dc=corp\ncn: Jean Gagnon\n"),
            ["jgagnon", "Jean Gagnon"]
        );
        // A uid that is a given name and a surname by the dictionaries.
        assert_eq!(
            found("dn: uid=linnea.andersson,ou=people\nobjectClass: inetOrgPerson\n"),
            ["linnea.andersson"]
        );
        // A login under a person's key in a log line.
        assert_eq!(
            found("ACD queue=Sales agent=linnea.andersson"),
            ["linnea.andersson"]
        );
        // WebVTT voices and `ROLE (Name):` labels.
        assert_eq!(
            found("00:00.380 --> 00:05.177\n<v Dahiru, Nasiru>Hi.\n<v.loud Đỗ Thảo Vy>Yes."),
            ["Dahiru, Nasiru", "Đỗ Thảo Vy"]
        );
        assert_eq!(found("AGENT (Baljit Grewal): Hello"), ["Baljit Grewal"]);
        assert!(found("Note (Internal): call back\nStep (2): done").is_empty());
        // git blame, default and porcelain; `author` in prose is not taken.
        assert_eq!(
            found("5a14e9f6 (Usmonov, Gulnara   2025-02-21 12:00:31 +0000 3) }"),
            ["Usmonov, Gulnara"]
        );
        assert_eq!(
            found("e8cc34e5 2 2 1\nauthor Chiamaka Chukwu\nauthor-mail <c@x.io>\n"),
            ["Chiamaka Chukwu"]
        );
        assert!(found("author Chiamaka Chukwu\nsummary fix").is_empty());
        // A speaker's turn under a role label is speech; a field after a
        // label ends at ` · ` and before a number.
        assert!(found("CUSTOMER: Yes, that is right.").is_empty());
        assert_eq!(found("Reviewer: Waqar Butt · 05b2bbc"), ["Waqar Butt"]);
        assert_eq!(
            found("  oncall-secondary: Azlan bin Jaafar +60 3-2161 2345"),
            ["Azlan bin Jaafar"]
        );
    }

    #[test]
    fn maybe_person_columns_that_hold_people() {
        // Two cells the dictionaries back make the column a person's, so
        // `K. El Fassi` and `Rahmonova, Nigina` are names too.
        let t = "entry,date,filed_by,description\n1,12/06/2023,K. El Fassi,Memo\n2,09/15/2024,Maria Lopez,Ack\n3,11/05/2024,\"Rahmonova, Nigina\",Report\n4,01/01/2025,John Smith,Memo";
        assert_eq!(
            found(t),
            [
                "K. El Fassi",
                "Maria Lopez",
                "Rahmonova, Nigina",
                "John Smith"
            ]
        );
        // One backed cell is not enough, and brands stay brands.
        let t = "customer,total\nKraft Heinz,10\nMaria Lopez,5\nAcme GmbH,7";
        assert_eq!(found(t), ["Maria Lopez"]);
    }

    #[test]
    fn non_person_tables_are_ignored() {
        assert!(found("sku,price\nA-1,3.50\n").is_empty());
    }
}

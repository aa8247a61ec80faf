//! Walking JSON: tokenize what travels toward the model, restore what
//! travels back.
//!
//! A document is processed in two passes. The first *learns*: names under
//! person keys, in person columns of tables, and names taught by email
//! addresses are entered into the session's recall index, so that the
//! second pass recognizes them anywhere in the document, in any order. The
//! second pass *rewrites*: every string leaf and object key is scanned,
//! findings become tokens, and token-shaped text is escaped (invariant 5).
//! Strings that hold JSON are parsed and walked the same way, and stay
//! valid JSON. Numbers under a phone key are tokenized and restored as
//! numbers.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::pii::agree;
use crate::pii::keys::{self, KeyKind};
use crate::pii::names::{self, Structured};
use crate::pii::{Class, Engine, Finding, Leaf};
use crate::vault::token::{self, Piece};
use crate::vault::{Source, TokenRef, Vault, VaultError};

/// JSON-in-text nesting followed at most (a string holding JSON holding a string holding JSON...).
const MAX_EMBED_DEPTH: usize = 4;

/// Counts of what a redaction replaced, by class label (no values).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    pub email: usize,
    pub phone: usize,
    pub name: usize,
    pub custom: usize,
    /// Token-shaped text from the input that was escaped.
    pub escaped: usize,
}

impl Stats {
    fn count(&mut self, c: &Class) {
        match c {
            Class::Email => self.email += 1,
            Class::Phone => self.phone += 1,
            Class::Name => self.name += 1,
            Class::Custom(_) => self.custom += 1,
        }
    }
}

/// One finding with its location, for `sluice scan`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Located {
    /// JSON Pointer to the string (or key) in the document.
    pub pointer: String,
    /// For JSON held in a string: the pointer inside that JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub embedded_pointer: Option<String>,
    /// True when the finding is in an object key rather than a value.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub in_key: bool,
    #[serde(skip)]
    pub finding: Finding,
    /// The found text, only when asked for (`scan --show-values`).
    #[serde(skip)]
    pub value: Option<String>,
}

/// Escapes a JSON Pointer reference token.
fn pointer_seg(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

fn looks_like_json(s: &str) -> bool {
    let t = s.trim();
    t.len() >= 2
        && ((t.starts_with('{') && t.ends_with('}')) || (t.starts_with('[') && t.ends_with(']')))
}

/// An object with an address or a number among its keys (`{"email": …}`).
fn contact_record(m: &Map<String, Value>) -> bool {
    m.keys()
        .any(|k| matches!(keys::describe(k).kind, KeyKind::Email | KeyKind::Phone))
}

/// A free/busy answer keyed by calendar (Google Calendar's `"calendars":
/// {"Tõnu Tamm": {"busy": [...]}}`, CalDAV schedulers): each key is whose
/// time it is, a person's name or address (or a room's, which the name
/// check then declines).
fn free_busy_by_calendar(map: &Map<String, Value>) -> bool {
    !map.is_empty()
        && map
            .values()
            .all(|v| v.as_object().is_some_and(|o| o.contains_key("busy")))
}

/// FHIR's HumanName (`"name": [{"use": "official", "text": "Koffi
/// Gbagbo"}]`): under a person's key, an object of HumanName's members
/// only, its `text` one short line, holds the whole name there. The
/// object must be a person's (its parts, the record, or the key say so):
/// a bare `{"text": …}` under `name` may be anything's.
fn human_name(map: &Map<String, Value>, infos: &mut [keys::KeyInfo], po: bool, parent: KeyKind) {
    const MEMBERS: &[&str] = &[
        "text", "use", "family", "given", "prefix", "suffix", "period",
    ];
    if !matches!(parent, KeyKind::Person | KeyKind::MaybePerson) {
        return;
    }
    let Some(at) = map.keys().position(|k| k == "text") else {
        return;
    };
    let parts = map.contains_key("family") || map.contains_key("given");
    if (po || parts || parent == KeyKind::Person)
        && map.keys().all(|k| MEMBERS.contains(&k.as_str()))
        && map["text"]
            .as_str()
            .is_some_and(|t| t.len() <= 80 && !t.contains('\n'))
    {
        infos[at].kind = KeyKind::Person;
        infos[at].wrapper = false;
        infos[at].described = false;
    }
}

/// FHIR resources that are people (`{"resourceType": "Patient", …}`).
fn fhir_person(map: &Map<String, Value>) -> bool {
    map.get("resourceType")
        .and_then(Value::as_str)
        .is_some_and(|t| matches!(t, "Patient" | "Practitioner" | "RelatedPerson" | "Person"))
}

/// Is this object about a person? Its keys say so (`email`, `first_name`),
/// or those of an object right under it (`"contact": {"email": ...}`), or,
/// when it has a generic person key (`contact`, `name`, `owner`), another
/// member's value is an address or a phone number whatever its key says
/// (`{"contact": "…", "number": "+44 20 7946 0958"}`).
fn person_object(map: &Map<String, Value>, infos: &[keys::KeyInfo], parent_people: bool) -> bool {
    // The object right under is this one's contact details, not another
    // person's: a deal's `owner` or `primaryContact` with an address does
    // not make the deal's `name` a person's.
    let own_details = |k: &str| {
        matches!(
            keys::fold(k).as_str(),
            "contact" | "contactinfo" | "contactdetails" | "details" | "info" | "reach"
        ) || !matches!(keys::kind_of(k), KeyKind::Person | KeyKind::MaybePerson)
    };
    parent_people
        || fhir_person(map)
        || map.iter().zip(infos).any(|((k, v), i)| {
            i.personal
                || (v.as_object().is_some_and(contact_record) && own_details(k))
                || job_title_member(k, v)
        })
        || (infos.iter().any(|i| i.kind == KeyKind::MaybePerson)
            && map.values().zip(infos).any(|(v, i)| {
                i.kind != KeyKind::MaybePerson && v.as_str().is_some_and(is_contact_value)
            }))
}

/// A member holding a job title (`"title": "CEO"`, `"position": "Senior
/// Engineer"`): its object is about the person who holds it. Not `role`,
/// which names permissions as often (`"role": "Manager"` of a group).
fn job_title_member(k: &str, v: &Value) -> bool {
    (5..=11).contains(&k.len())
        && matches!(k.as_bytes()[0] | 0x20, b't' | b'p' | b'd' | b'o' | b'j')
        && v.as_str().is_some_and(names::job_title)
        && matches!(
            keys::fold(k).as_str(),
            "title" | "position" | "designation" | "occupation" | "jobrole"
        )
}

/// What a describer's value says its sibling holds, when it names personal
/// data: a string, or the `ref`/`id`/`key`/`name`/`label`/`title` of an
/// object (`"field": {"ref": "q_phone", "type": "phone_number"}`).
fn described_kind(v: &Value) -> Option<KeyKind> {
    let s = match v {
        Value::String(s) => s.as_str(),
        Value::Object(o) => ["ref", "id", "key", "name", "label", "title"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_str))?,
        _ => return None,
    };
    if s.is_empty() || s.len() > 40 {
        return None;
    }
    let f = keys::fold(s);
    match keys::classify(&f) {
        // A field labelled as a name (`Name`, `q_name`) holds a person's:
        // names of things have keys of their own (`Company name`).
        KeyKind::MaybePerson if f.ends_with("name") => Some(KeyKind::Person),
        // A mail header (Gmail's `{"name": "Cc", "value": "Wahyu
        // Wulandari, Ann Lee"}`) holds mailboxes.
        KeyKind::MaybePerson
            if matches!(
                f.as_str(),
                "from" | "to" | "cc" | "bcc" | "replyto" | "sender"
            ) =>
        {
            Some(KeyKind::Person)
        }
        k @ (KeyKind::Person | KeyKind::MaybePerson | KeyKind::Email | KeyKind::Phone) => Some(k),
        // Types of contact methods (`sms_contact_method`, `EMAIL_ADDRESS`).
        _ if ["phone", "sms", "mobile", "whatsapp"]
            .iter()
            .any(|w| f.contains(w)) =>
        {
            Some(KeyKind::Phone)
        }
        _ if f.contains("email") => Some(KeyKind::Email),
        _ => None,
    }
}

/// A directory keyed by people: the key is the name the addresses of its
/// record spell out (`{"Sjoerd de Vries": {"mail": "sjoerd.devries@…"}}`).
fn key_names_its_record(key: &str, record: &Value) -> bool {
    let Some(m) = record.as_object() else {
        return false;
    };
    if !key.contains(' ') || key.len() > 80 {
        return false;
    }
    let mut locals = Vec::new();
    for (k, v) in m {
        if let Some(s) = v.as_str()
            && keys::describe(k).kind == KeyKind::Email
        {
            crate::pii::agree::addresses(s, &mut locals);
        }
    }
    crate::pii::agree::agreeing_name(key, &locals).is_some()
}

/// Two to five capitalized words, none an ordinary word ("Mónica Quiroga
/// Echeverría", not "Sales Team").
fn name_shaped_key(key: &str) -> bool {
    let words: Vec<&str> = key.split_whitespace().collect();
    let capitalized = |w: &&str| {
        w.chars().next().is_some_and(char::is_uppercase)
            && w.chars()
                .all(|c| c.is_alphabetic() || matches!(c, '-' | '\'' | '’' | '.'))
            && !names::with_fold(w, crate::pii::lexicon::word_info).common_only()
    };
    (2..=5).contains(&words.len())
        && words.iter().filter(|w| capitalized(w)).count() >= 2
        && words
            .iter()
            .all(|w| capitalized(w) || names::PARTICLES.contains(w))
}

/// A key shaped as a person's name: [`name_shaped_key`], or two to four
/// words of one script without case (`إياد النشاشيبي`).
fn person_shaped_key(key: &str) -> bool {
    if name_shaped_key(key) {
        return true;
    }
    let words: Vec<&str> = key.split(' ').collect();
    (2..=4).contains(&words.len())
        && words
            .iter()
            .all(|w| w.chars().count() >= 2 && names::word_script(w).is_some())
        && words
            .windows(2)
            .all(|p| names::word_script(p[0]) == names::word_script(p[1]))
}

/// Call records (`{"number": "4915112345678", "direction": "inbound"}`,
/// `{"caller": "4915112345678"}`): a bare number under a call party's key,
/// or under `number`/`from`/`to` beside a call's direction or duration, is
/// a phone number (validated as one under a phone key). Names under the
/// same keys stay names.
fn call_numbers(map: &Map<String, Value>, infos: &mut [keys::KeyInfo]) {
    let mut call_record = None;
    for ((k, v), info) in map.iter().zip(infos.iter_mut()) {
        let numberish = match v {
            Value::String(s) => keys::numberish(s),
            Value::Number(n) => n.as_u64().is_some_and(|n| n >= 1_000_000),
            _ => false,
        };
        if !numberish || info.kind == KeyKind::Phone {
            continue;
        }
        let f = keys::fold(k);
        if keys::call_party_key(&f)
            || (keys::call_number_key(&f)
                && *call_record.get_or_insert_with(|| {
                    map.keys().any(|k| keys::call_record_key(&keys::fold(k)))
                }))
            // A text message's `to` and `from` beside its body
            // (`{"to": "1704 7520", "body": "…"}`).
            || (matches!(f.as_str(), "to" | "from")
                && map.keys().any(|k| keys::message_body_key(&keys::fold(k))))
        {
            info.kind = KeyKind::Phone;
        }
    }
}

/// A cell address in A1 notation: its column letters and its row.
fn cell_address(k: &str) -> Option<(&str, u32)> {
    let b = k.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    if !(1..=3).contains(&letters)
        || !(1..=7).contains(&(b.len() - letters))
        || b[letters] == b'0'
        || !b[letters..].iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    Some((&k[..letters], k[letters..].parse().ok()?))
}

/// A range of a sheet as cells by address, as spreadsheet tools return
/// one (`{"A1": "Contact", "C1": "Tel", "A2": "Ann Lee", "C2": "…"}`): the
/// top row holds the headers, and each cell below a header takes the
/// header's kind, as a table's column does. A generic header (`Name`,
/// `Contact`) is a person's only beside an address or a number column.
fn cell_grid(map: &Map<String, Value>, infos: &mut [keys::KeyInfo]) {
    if map.len() < 4 || !map.keys().any(|k| cell_address(k).is_some()) {
        return;
    }
    // Other members may sit beside the cells (`"!ref": "A1:E4"`,
    // `"sheet": "Contacts"`); they keep their own kinds.
    let cells: Vec<Option<(&str, u32)>> = map.keys().map(|k| cell_address(k)).collect();
    if cells.iter().flatten().count() < 4 {
        return;
    }
    let top = cells.iter().flatten().map(|c| c.1).min().unwrap_or(0);
    let mut heads: Vec<(&str, KeyKind)> = Vec::new();
    for (v, (col, row)) in map
        .values()
        .zip(&cells)
        .filter_map(|(v, c)| c.as_ref().map(|c| (v, c)))
    {
        // A cell is its text or an object holding it in a generic wrapper
        // (SheetJS's `{"v": "Phone", "t": "s"}`, `{"value": …}`).
        let text = match v {
            Value::Object(o) => o
                .iter()
                .find(|(k, _)| keys::describe(k).wrapper)
                .and_then(|(_, v)| v.as_str()),
            v => v.as_str(),
        };
        if *row == top
            && let Some(h) = text
            && h.len() <= 64
        {
            heads.push((col, keys::describe(h).kind));
        }
    }
    let contact = heads
        .iter()
        .any(|h| matches!(h.1, KeyKind::Email | KeyKind::Phone));
    if heads.len() < 2 || heads.iter().all(|h| h.1 == KeyKind::Other) {
        return;
    }
    for ((col, row), i) in cells
        .iter()
        .zip(infos.iter_mut())
        .filter_map(|(c, i)| c.as_ref().map(|c| (c, i)))
    {
        let kind = if *row == top {
            // The headers are labels.
            KeyKind::NotPerson
        } else {
            match heads.iter().find(|h| h.0 == *col) {
                Some((_, KeyKind::MaybePerson)) if contact => KeyKind::Person,
                Some((_, k)) => *k,
                None => continue,
            }
        };
        *i = keys::KeyInfo {
            kind,
            ..keys::KeyInfo::default()
        };
    }
}

/// Adjusts the key infos of one object's members (at the same indices as
/// the members) to what the object says about them; `learn` and `rewrite`
/// both call it, so they see the same kinds.
///
/// - In an object with a person's address or number, `name` is the
///   person's, whatever the key above says (`"user_id": {"name": …,
///   "email": …}` is a person, not an id's name), and so is `display`.
/// - A member that a describer speaks for takes the described kind
///   (`{"label": "Mobile", "value": "…"}`), when its own key says nothing.
/// - A call record's bare numbers are phone numbers ([`call_numbers`]).
fn adjust_infos(map: &Map<String, Value>, infos: &mut [keys::KeyInfo], po: bool, parent: KeyKind) {
    human_name(map, infos, po, parent);
    call_numbers(map, infos);
    cell_grid(map, infos);
    // An address or a number among the members (not merely a person key:
    // `{"location": {"displayName": …}}` names a place).
    // Or an address under a key of its own (Mastodon's `{"acct":
    // "ann@example.social", "display_name": "Ann Lee"}`).
    let contact = po
        && (infos
            .iter()
            .any(|i| matches!(i.kind, KeyKind::Email | KeyKind::Phone))
            || map.values().any(|v| {
                v.as_str()
                    .is_some_and(|s| s.contains('@') && is_contact_value(s))
            }));
    if contact {
        for i in infos.iter_mut() {
            i.thing_name = false;
            // `{"email": "…", "display": "Abebe Bekele"}`: the person's.
            if i.display {
                i.kind = KeyKind::MaybePerson;
                i.wrapper = false;
            }
        }
    }
    // An account's display name beside its handle (`{"user":
    // "quiet-panda", "display": "Toky Rasoanaivo"}`) is its person's; so
    // is its name beside a login (Mastodon's `{"acct": "user212",
    // "display_name": "Amelia Smith"}` under `account`).
    // Keys are folded once, and only where a member may be a name.
    let (mut user, mut login) = (false, false);
    if infos.iter().any(|i| i.display || i.thing_name) {
        for (k, v) in map {
            if v.is_string() {
                match keys::fold(k).as_str() {
                    "user" | "account" => user = true,
                    "username" | "handle" | "login" | "screenname" | "acct" => login = true,
                    _ => {}
                }
            }
        }
    }
    let handle = user || login;
    let named = |i: &keys::KeyInfo| i.display;
    let login_named = |k: &str, i: &keys::KeyInfo| {
        i.thing_name && matches!(keys::fold(k).as_str(), "name" | "displayname" | "fullname")
    };
    for (k, i) in map.keys().zip(infos.iter_mut()).filter(|_| handle) {
        // A login's name may be an organization's (GitHub's `{"login":
        // "rust-lang", "name": "The Rust Programming Language"}`): it
        // must look like a person's.
        let kind = if handle && named(i) {
            KeyKind::Person
        } else if login && login_named(k, i) {
            KeyKind::MaybePerson
        } else {
            continue;
        };
        i.kind = kind;
        i.wrapper = false;
        i.thing_name = false;
    }
    if map.len() > 8 || map.len() < 2 {
        return;
    }
    // A FHIR reference to a person (`{"reference": "Patient/46PM8T",
    // "display": "Unaisi Koroi"}`): its display is the person's name.
    if let Some(at) = map.keys().position(|k| k == "display")
        && map
            .get("reference")
            .and_then(Value::as_str)
            .is_some_and(|r| {
                ["Patient/", "Practitioner/", "RelatedPerson/", "Person/"]
                    .iter()
                    .any(|p| r.starts_with(p))
            })
    {
        let i = &mut infos[at];
        i.kind = KeyKind::Person;
        i.wrapper = false;
        i.thing_name = false;
    }
    // A cell of a contact column (Smartsheet's `{"value": "ann@x.com",
    // "displayValue": "Ann Lee"}`): the display beside an address or a
    // number is the person's name.
    if let Some(at) = map
        .keys()
        .position(|k| matches!(keys::fold(k).as_str(), "displayvalue" | "displayname"))
        && map.iter().any(|(k, v)| {
            matches!(keys::fold(k).as_str(), "value" | "email" | "address")
                && v.as_str().is_some_and(is_contact_value)
        })
    {
        let i = &mut infos[at];
        i.kind = KeyKind::Person;
        i.wrapper = false;
        i.thing_name = false;
    }
    // A typed union names its payload member in `type` (Notion's
    // `{"type": "title", "title": [...]}`, `{"type": "text", "text":
    // {...}}`): the payload is what the key above says.
    // (`type` is a describer: only describer keys are compared.)
    let union = map
        .iter()
        .zip(infos.iter())
        .find(|((k, _), i)| i.describer && k.as_str() == "type")
        .and_then(|((_, v), _)| v.as_str());
    // A reference typed as a person's (PagerDuty's `{"type":
    // "user_reference", "summary": "Ann Lee"}`, `{"type": "member",
    // "label": …}`), or one with a person's ways to be reached
    // (`{"summary": "Dewi Saputra", "contact_methods": […]}`): its summary
    // or label is the person's name.
    let reachable = || {
        map.keys().any(|k| {
            matches!(
                keys::fold(k).as_str(),
                "contactmethods" | "notificationrules"
            )
        })
    };
    if union.is_some_and(person_type) || reachable() {
        for (k, i) in map.keys().zip(infos.iter_mut()) {
            if matches!(
                keys::fold(k).as_str(),
                "summary" | "name" | "displayname" | "label" | "title"
            ) && map.get(k).is_some_and(Value::is_string)
            {
                i.kind = KeyKind::Person;
                i.thing_name = false;
                i.wrapper = false;
                i.described = false;
            }
        }
        return;
    }
    if let Some(t) = union
        && t != "type"
        && let Some(at) = map.keys().position(|k| k == t)
    {
        let i = &mut infos[at];
        i.wrapper = true;
        i.thing_name = false;
        i.kind = KeyKind::Other;
    }
    let mut described: Option<Option<KeyKind>> = None;
    let mut target = None;
    for (n, (v, info)) in map.values().zip(infos.iter()).enumerate() {
        if info.describer {
            let kind = described_kind(v);
            match described {
                None => described = Some(kind),
                // Two describers that name different personal data: which
                // one speaks is unclear.
                Some(Some(d)) if kind.is_some_and(|k| k != d) => return,
                Some(None) if kind.is_some() => described = Some(kind),
                Some(_) => {}
            }
        } else if info.described {
            if target.is_some() {
                return;
            }
            target = Some((n, v));
        }
    }
    // The value is a string, or a number under a phone's description
    // (`{"field": "Callback number", "value": 97231676121}`).
    let fits = |kind: KeyKind, v: &Value| match v {
        Value::String(v) => v.len() <= 100,
        Value::Number(_) => kind == KeyKind::Phone,
        _ => false,
    };
    if let (Some(Some(kind)), Some((t, v))) = (described, target)
        && fits(kind, v)
        && matches!(infos[t].kind, KeyKind::Other | KeyKind::NotPerson)
    {
        infos[t].kind = kind;
        infos[t].wrapper = false;
    }
}

/// Does a `type` value say its object is a person (`user`,
/// `user_reference`, `member`, `contact`)?
fn person_type(t: &str) -> bool {
    if t.len() > 32 {
        return false;
    }
    let f = keys::fold(t);
    let base = f
        .strip_suffix("reference")
        .or_else(|| f.strip_suffix("ref"))
        .unwrap_or(&f);
    matches!(
        base,
        "user" | "person" | "member" | "contact" | "employee" | "agent" | "customer" | "people"
    )
}

/// Is `s`, as a whole, one email address or one phone number?
fn is_contact_value(s: &str) -> bool {
    let t = s.trim();
    if t.len() < 7 || t.len() > 64 {
        return false;
    }
    let whole = |found: &[Finding]| matches!(found, [f] if f.start == s.len() - s.trim_start().len() && f.end == s.trim_end().len());
    let mut found = Vec::new();
    if t.contains('@') {
        crate::pii::email::find(s, &mut found);
        return whole(&found);
    }
    if t.bytes().filter(u8::is_ascii_digit).count() < crate::pii::phone::MIN_DIGITS {
        return false;
    }
    crate::pii::phone::find(s, &mut found);
    whole(&found)
}

/// The kind of a member: its key's, or, for a generic wrapper such as
/// `value`, that of the key above the object when that one is personal
/// (`"phone": {"value": "+44..."}`).
fn child_kind(info: &keys::KeyInfo, parent: KeyKind) -> KeyKind {
    if info.wrapper
        && matches!(
            parent,
            KeyKind::Person | KeyKind::MaybePerson | KeyKind::Phone | KeyKind::Email
        )
    {
        parent
    } else if info.number_part && parent == KeyKind::Phone {
        KeyKind::Phone
    } else if info.name_part && matches!(parent, KeyKind::Person | KeyKind::MaybePerson) {
        KeyKind::Person
    } else if info.thing_name && parent == KeyKind::NotPerson {
        // `"location": {"displayName": "Avenida Paulista"}`.
        KeyKind::NotPerson
    } else {
        info.kind
    }
}

/// Strings listed under a key for a group of people that says nothing
/// more of them (`"interviewers": ["Tomislav Babić", "ئابدۇۋەلى ئىمىن"]`):
/// each is read as a party's name ([`Structured::Party`]), so a value
/// shaped as a name is one even where no dictionary knows its words. (Not
/// for sure: `drivers` and `agents` may list software.)
fn strings_of_people(info: &keys::KeyInfo, kind: KeyKind, child: &Value) -> bool {
    info.people_container
        && kind == KeyKind::Other
        && !info.thing_name
        && child
            .as_array()
            .is_some_and(|a| !a.is_empty() && a.iter().all(Value::is_string))
}

/// Whether a member names a party to its object ([`Leaf::party`]): its key
/// is no thing's name (`name`, `label`, `title`); a wrapper (`{"display":
/// …}`) names what the key above it does (`parent_party`). The learn and
/// rewrite passes both decide here.
fn names_a_party(info: &keys::KeyInfo, kind: KeyKind, parent: KeyKind, parent_party: bool) -> bool {
    // A party's own name (`"consignee": {"name": …}`, QuickBooks'
    // `"CustomerRef": {"value": "42", "name": …}`) names that party.
    if (info.wrapper || (info.thing_name && parent == KeyKind::MaybePerson)) && kind == parent {
        parent_party
    } else {
        !info.thing_name
    }
}

/// Objects are visited in two rounds: generic person keys (`name`, `owner`)
/// last, so that names their siblings taught are known by then. Learn and
/// rewrite use the same order (embedded JSON is matched up by order).
fn round_of(kind: KeyKind) -> usize {
    usize::from(kind == KeyKind::MaybePerson)
}

/// A jCard property (RFC 7095, the JSON form of a vCard, as CardDAV and
/// RDAP serve it): `["tel", {params}, "uri", "tel:+1…"]`. Its values
/// (from the fourth item on) are what the property name says: `fn`, `n`
/// and `nickname` a person's name (parts), `email` an address, `tel` a
/// phone; `org`, `adr`, `rev` and the rest are scanned as text, whatever
/// key holds the card.
fn jcard_property(items: &[Value]) -> Option<KeyKind> {
    let [Value::String(name), Value::Object(_), Value::String(ty), ..] = items else {
        return None;
    };
    if items.len() < 4
        || name.is_empty()
        || name.len() > 32
        || !name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
        || !ty.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
    {
        return None;
    }
    Some(match name.as_str() {
        "fn" | "n" | "nickname" => KeyKind::Person,
        "email" => KeyKind::Email,
        "tel" => KeyKind::Phone,
        _ => KeyKind::Other,
    })
}

/// A table: an array whose first element is a header row of strings and
/// whose other elements are rows of the same width. Returns the column kinds.
fn table_kinds(items: &[Value]) -> Option<Vec<KeyKind>> {
    let Some(Value::Array(head)) = items.first() else {
        return None;
    };
    if items.len() < 2 {
        return None;
    }
    let header: Vec<&str> = head.iter().map(Value::as_str).collect::<Option<_>>()?;
    header_kinds(&header, &items[1..])
}

/// The column kinds of a header over `rows`: `None` unless it has two
/// columns or more that look like names, some row is as wide, and a column
/// names personal data.
fn header_kinds(header: &[&str], rows: &[Value]) -> Option<Vec<KeyKind>> {
    if header.len() < 2
        || header
            .iter()
            .any(|h| h.is_empty() || h.len() > 40 || h.contains('@'))
        || !rows
            .iter()
            .any(|r| r.as_array().is_some_and(|r| r.len() == header.len()))
    {
        return None;
    }
    let kinds = keys::column_kinds(header.iter().copied());
    kinds
        .iter()
        .any(|k| {
            matches!(
                k,
                KeyKind::Person | KeyKind::MaybePerson | KeyKind::Email | KeyKind::Phone
            )
        })
        .then_some(kinds)
}

fn table_is_personal(kinds: &[KeyKind]) -> bool {
    kinds
        .iter()
        .any(|k| matches!(k, KeyKind::Person | KeyKind::Email | KeyKind::Phone))
}

/// Is this row of a table about a person? Its header says so
/// ([`table_is_personal`]), or, as for objects ([`person_object`]), a
/// generic person column (`Name`, `Contact`) sits beside a cell that is an
/// address or a phone number whatever its column
/// (`["Name", "Contact"]`, `["Sjoerd Visser", "s.visser@…"]`).
fn row_is_personal(kinds: &[KeyKind], cells: &[Value]) -> bool {
    table_is_personal(kinds)
        || (kinds.contains(&KeyKind::MaybePerson)
            && cells.iter().zip(kinds).enumerate().any(|(n, (c, _))| {
                c.as_str().is_some_and(is_contact_value)
                    && kinds
                        .iter()
                        .enumerate()
                        .any(|(m, k)| m != n && *k == KeyKind::MaybePerson)
            }))
}

/// A table whose header is a sibling member: `{"columns": ["name",
/// "email"], "rows": [["Ann Lee", "ann@x.com"]]}`, or columns as objects
/// (`[{"name": "email", "type": "text"}]`, as SQL and warehouse APIs
/// answer). Returns the index of the rows member among the object's
/// members and the column kinds, when a column names personal data.
fn columns_table(map: &Map<String, Value>) -> Option<(usize, Vec<KeyKind>)> {
    const COLUMNS: &[&str] = &[
        "columns",
        "cols",
        "fields",
        "headers",
        "header",
        "columnnames",
    ];
    const ROWS: &[&str] = &["rows", "data", "values", "records", "results", "items"];
    if map.len() < 2 {
        return None;
    }
    let (cols, (rows_at, rows)) = {
        let mut cols = None;
        let mut rows = None;
        for (n, (k, v)) in map.iter().enumerate() {
            // Only arrays can be either; most members are not.
            let Some(items) = v.as_array() else {
                continue;
            };
            if k.len() > 12 {
                continue;
            }
            let f = keys::fold(k);
            if cols.is_none() && COLUMNS.contains(&f.as_str()) {
                cols = Some(items);
            } else if rows.is_none() && ROWS.contains(&f.as_str()) {
                rows = Some((n, items));
            }
        }
        (cols?, rows?)
    };
    let names: Vec<&str> = cols
        .iter()
        .map(|c| match c {
            Value::String(s) => Some(s.as_str()),
            Value::Object(o) => ["name", "label", "field", "title", "key"]
                .iter()
                .find_map(|k| o.get(*k).and_then(Value::as_str)),
            _ => None,
        })
        .collect::<Option<_>>()?;
    header_kinds(&names, rows).map(|kinds| (rows_at, kinds))
}

/// Tokenizes a document for one session.
pub struct Redactor<'a> {
    engine: &'a Engine,
    vault: &'a mut Vault,
    source: Option<&'a Source>,
    pub stats: Stats,
    embedded: Vec<Option<Value>>,
    next_embedded: usize,
    /// Structured person findings from the learn pass, by string buffer
    /// (addresses and lengths, which no input chooses: an unkeyed hash).
    structured: rustc_hash::FxHashMap<(usize, usize), Vec<Finding>>,
    /// Strings (by buffer) in a column of objects whose values agree on
    /// being names (see [`Redactor::agree_columns`]).
    agreed: rustc_hash::FxHashSet<(usize, usize)>,
    /// The key infos of the objects being visited, innermost last (one
    /// buffer for the whole walk instead of a vector per object).
    key_infos: Vec<keys::KeyInfo>,
    report: Option<Vec<Located>>,
    show_values: bool,
    path: Vec<String>,
    embed_path: Option<Vec<String>>,
    /// Text written on the model's side (code mode's output): its tokens are
    /// the session's own and are left as they are, not escaped.
    trusted: bool,
}

impl<'a> Redactor<'a> {
    pub fn new(engine: &'a Engine, vault: &'a mut Vault, source: Option<&'a Source>) -> Self {
        Redactor {
            engine,
            vault,
            source,
            stats: Stats::default(),
            embedded: Vec::new(),
            next_embedded: 0,
            structured: rustc_hash::FxHashMap::default(),
            agreed: rustc_hash::FxHashSet::default(),
            key_infos: Vec::new(),
            report: None,
            show_values: false,
            path: Vec::new(),
            embed_path: None,
            trusted: false,
        }
    }

    /// For text the model's side wrote (code mode's output, files it
    /// saves): findings are tokenized, but token-shaped text is left as it
    /// is rather than escaped, since the model's own tokens are expected
    /// there. Never for what a server returns.
    pub fn trusted(mut self) -> Self {
        self.trusted = true;
        self
    }

    fn escape<'s>(&self, s: &'s str) -> Cow<'s, str> {
        if self.trusted {
            Cow::Borrowed(s)
        } else {
            token::escape(s)
        }
    }

    /// Also record every finding with its location (for `scan`).
    /// Pointers name members by their redacted keys, so a report never
    /// holds a value unless `show_values` asks for the found text.
    pub fn reporting(mut self, show_values: bool) -> Self {
        self.report = Some(Vec::new());
        self.show_values = show_values;
        self
    }

    /// The findings recorded so far (with [`Redactor::reporting`]).
    pub fn take_report(&mut self) -> Vec<Located> {
        self.report.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Tokenizes `doc` in place.
    pub fn redact(&mut self, doc: &mut Value) {
        if let Some(src) = self.source {
            self.vault.note_source_seen(src);
        }
        self.embedded.clear();
        self.next_embedded = 0;
        self.learn(doc, KeyKind::Other, false, 0);
        self.rewrite(doc, Leaf::TEXT, false, 0);
        self.embedded.clear();
        self.structured.clear();
        self.agreed.clear();
    }

    /// Tokenizes one text (not JSON-aware; for console output and messages).
    pub fn redact_text<'t>(&mut self, text: &'t str) -> Cow<'t, str> {
        if let Some(src) = self.source {
            self.vault.note_source_seen(src);
        }
        self.rewrite_str(text, Leaf::TEXT, false)
    }

    // ---- pass 1: learn names -------------------------------------------

    fn learn(&mut self, v: &Value, key: KeyKind, people: bool, depth: usize) {
        match v {
            Value::String(s) => self.learn_str(s, key, people, false, depth),
            Value::Array(items) => {
                if let Some(kind) = jcard_property(items) {
                    for (i, item) in items.iter().enumerate() {
                        let kind = if i < 3 { KeyKind::Other } else { kind };
                        self.learn(item, kind, false, depth);
                    }
                    return;
                }
                if let Some(kinds) = table_kinds(items) {
                    self.agree_table_columns(&items[1..], &kinds);
                    // The header row is visited as the rewrite pass visits it
                    // (embedded JSON is matched up by visiting order).
                    self.learn(&items[0], key, people, depth);
                    self.learn_rows(&items[1..], &kinds, key, people, depth);
                } else {
                    if items.len() >= 2 {
                        self.agree_columns(items);
                    }
                    for item in items {
                        self.learn(item, key, people, depth);
                    }
                }
            }
            Value::Object(map) => {
                // This object's key infos sit at `base..` of the shared stack
                // while its members are visited (children push above them).
                let base = self.key_infos.len();
                self.key_infos.extend(map.keys().map(|k| keys::describe(k)));
                let po = person_object(map, &self.key_infos[base..], people);
                adjust_infos(map, &mut self.key_infos[base..], po, key);
                let columns = columns_table(map);
                self.learn_agreeing(map, base, key);
                for round in [0, 1] {
                    for (n, child) in map.values().enumerate() {
                        let info = self.key_infos[base + n];
                        let kind = child_kind(&info, key);
                        if round_of(kind) != round {
                            continue;
                        }
                        match (child, &columns) {
                            // One word under a login's key is a handle, not
                            // a name to learn (`DZKPMH`; see `scan_with`).
                            (Value::String(s), _)
                                if crate::pii::handle_only(info.account, kind, s) => {}
                            (Value::String(s), _) => {
                                // `learn` does not carry the key above's
                                // party: a wrapper under it is none.
                                let party = names_a_party(&info, kind, key, false);
                                self.learn_str(s, kind, po, party, depth)
                            }
                            (Value::Array(rows), Some((at, kinds))) if *at == n => {
                                self.learn_rows(rows, kinds, kind, po, depth);
                            }
                            // Read as parties in this pass as in the rewrite.
                            (Value::Array(items), _) if strings_of_people(&info, kind, child) => {
                                for s in items.iter().filter_map(Value::as_str) {
                                    self.learn_str(s, KeyKind::MaybePerson, false, true, depth);
                                }
                            }
                            _ => {
                                let child_people = info.people_container
                                    || (po
                                        && matches!(kind, KeyKind::Person | KeyKind::MaybePerson));
                                self.learn(child, kind, child_people, depth)
                            }
                        }
                    }
                }
                self.key_infos.truncate(base);
            }
            _ => {}
        }
    }

    /// Objects in an array are rows: a member that may name a person
    /// (`from`, `name`) holds names in all of them when every value has a
    /// name's shape and at least half of them are names by the
    /// dictionaries or the session (Telegram's `"from": "Suresh
    /// Chaudhary"` beside `"from": "Alessia Di Stefano"`). Those values
    /// are then read as names for sure.
    fn agree_columns(&mut self, items: &[Value]) {
        // Keyed by the member's key, and for a member of an object one
        // level down by both keys (`"counterparty": {"name": …}` in each
        // transaction).
        let mut columns: rustc_hash::FxHashMap<(&str, &str), Vec<&String>> = Default::default();
        for item in items {
            let Value::Object(map) = item else { continue };
            for (k, v) in map {
                match v {
                    Value::String(s) if keys::describe(k).kind == KeyKind::MaybePerson => {
                        columns.entry(("", k.as_str())).or_default().push(s);
                    }
                    Value::Object(inner) if inner.len() <= 8 => {
                        for (ik, iv) in inner {
                            if let Value::String(s) = iv
                                && keys::describe(ik).kind == KeyKind::MaybePerson
                            {
                                columns
                                    .entry((k.as_str(), ik.as_str()))
                                    .or_default()
                                    .push(s);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        for values in columns.values() {
            self.agree(values);
        }
    }

    /// The same agreement for the generic person columns of a table under
    /// a header row (`[["Contact", "SKU"], ["Dimas Pratama", …], …]`).
    fn agree_table_columns(&mut self, rows: &[Value], kinds: &[KeyKind]) {
        for (col, _) in kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| **k == KeyKind::MaybePerson)
        {
            let values: Vec<&String> = rows
                .iter()
                .filter_map(|r| r.as_array().filter(|c| c.len() == kinds.len()))
                .filter_map(|c| match &c[col] {
                    Value::String(s) => Some(s),
                    _ => None,
                })
                .collect();
            self.agree(&values);
        }
    }

    /// Marks `values` (one column's) as names when every value has a
    /// name's shape and at least half of the distinct ones are names by
    /// the dictionaries or the session: as a value under a generic key, or
    /// as the whole of a text the free-text reader finds a name in
    /// (`Elmarie Steyn`, by its surname after a given name).
    fn agree(&mut self, values: &[&String]) {
        let mut distinct: Vec<&str> = values.iter().map(|s| s.as_str()).collect();
        distinct.sort_unstable();
        distinct.dedup();
        if values.len() < 2 || distinct.len() > 256 {
            return;
        }
        let mut names = 0;
        let mut shaped = Vec::new();
        for v in &distinct {
            let mut found = Vec::new();
            names::person_value(v, Structured::Maybe, &*self.vault, &mut found);
            if !found.is_empty() {
                names += 1;
                continue;
            }
            names::person_value(v, Structured::Sure, &*self.vault, &mut found);
            if found.is_empty() {
                return;
            }
            shaped.push(*v);
        }
        // What the free-text reader finds whole counts only in a column of
        // three distinct values or more, where names are most of them
        // (beside one name a party may be a company: `Casio G-Shock` the
        // defendant). It reads only while the count may still change the
        // answer.
        let n = distinct.len();
        let mut agreed = names > 0 && names * 2 >= n;
        if !agreed && n >= 3 && (names + shaped.len()) * 2 > n {
            let mut sure = names;
            for v in shaped {
                let (t, at) = (v.trim(), v.len() - v.trim_start().len());
                if self
                    .engine
                    .scan_with(v, Leaf::TEXT, &*self.vault, None)
                    .iter()
                    .any(|f| f.class == Class::Name && f.start == at && f.end == at + t.len())
                {
                    sure += 1;
                    if sure * 2 > n {
                        agreed = true;
                        break;
                    }
                }
            }
        }
        if agreed {
            self.agreed
                .extend(values.iter().map(|s| (s.as_ptr() as usize, s.len())));
        }
    }

    /// The rows of a table whose columns are `kinds`: cells of a row as
    /// wide as the header under their column's kind; anything else as it is.
    fn learn_rows(
        &mut self,
        rows: &[Value],
        kinds: &[KeyKind],
        key: KeyKind,
        people: bool,
        depth: usize,
    ) {
        for row in rows {
            match row.as_array() {
                Some(cells) if cells.len() == kinds.len() => {
                    let personal = row_is_personal(kinds, cells);
                    for (cell, kind) in cells.iter().zip(kinds) {
                        self.learn(cell, *kind, personal, depth);
                    }
                }
                _ => self.learn(row, key, people, depth),
            }
        }
    }

    /// The names an address among this object's members spells out
    /// (`{"display": "Akane Kimura", "email": "akane.kimura@…"}`), taught
    /// to the session so that the rewrite pass finds them (see
    /// [`agree`]). The addresses may sit in a member, an array of
    /// strings or an object one level down.
    fn learn_agreeing(&mut self, map: &Map<String, Value>, base: usize, key: KeyKind) {
        // A profile link (`navigationUrl`: `…/in/halldora-gunnarsdottir-…`)
        // spells the name of the member that titles the record, whatever
        // its key (`"title": {"text": "Halldóra Gunnarsdóttir"}`).
        let mut slugs = Vec::new();
        for v in map.values() {
            if let Value::String(s) = v
                && s.starts_with("http")
            {
                agree::profile_slugs(s, &mut slugs);
            }
        }
        if !slugs.is_empty() {
            for v in map.values() {
                let text = match v {
                    Value::String(s) => Some(s.as_str()),
                    Value::Object(o) if o.len() <= 2 => ["text", "value", "name"]
                        .iter()
                        .find_map(|k| o.get(*k).and_then(Value::as_str)),
                    _ => None,
                };
                if let Some(name) = text.and_then(|s| agree::agreeing_name(s, &slugs)) {
                    self.vault.learn_name(&names::normalize(&name));
                }
            }
        }
        // The members that could be taught: strings under keys that are
        // not about something else (person keys are read as names anyway).
        let candidates: Vec<&str> = map
            .values()
            .enumerate()
            .filter(|&(n, _)| {
                !matches!(
                    child_kind(&self.key_infos[base + n], key),
                    KeyKind::Person | KeyKind::NotPerson | KeyKind::Email | KeyKind::Phone
                )
            })
            .filter_map(|(_, v)| v.as_str())
            .filter(|s| s.len() <= 80 && s.contains(' ') && !s.contains('@'))
            .collect();
        if candidates.is_empty() {
            return;
        }
        let mut locals = Vec::new();
        for v in map.values() {
            match v {
                Value::String(s) => agree::addresses(s, &mut locals),
                Value::Array(items) => items
                    .iter()
                    .filter_map(Value::as_str)
                    .for_each(|s| agree::addresses(s, &mut locals)),
                Value::Object(inner) => inner
                    .values()
                    .filter_map(Value::as_str)
                    .for_each(|s| agree::addresses(s, &mut locals)),
                _ => {}
            }
        }
        if locals.is_empty() {
            return;
        }
        for s in candidates {
            if let Some(name) = agree::agreeing_name(s, &locals) {
                self.vault.learn_name(&names::normalize(&name));
            }
        }
    }

    /// `party`: the key is an object's member naming a party to it
    /// (`sender`, not `name`; see [`Leaf::party`]).
    fn learn_str(&mut self, s: &str, key: KeyKind, people: bool, party: bool, depth: usize) {
        if depth < MAX_EMBED_DEPTH && looks_like_json(s) {
            let parsed = serde_json::from_str::<Value>(s).ok();
            let idx = self.embedded.len();
            self.embedded.push(None);
            if let Some(p) = &parsed {
                self.learn(p, KeyKind::Other, false, depth + 1);
            }
            self.embedded[idx] = parsed;
            return;
        }
        let how = match key {
            KeyKind::Person => Structured::Sure,
            KeyKind::MaybePerson
                if people || self.agreed.contains(&(s.as_ptr() as usize, s.len())) =>
            {
                Structured::Sure
            }
            KeyKind::MaybePerson if party => Structured::Party,
            KeyKind::MaybePerson => Structured::Maybe,
            KeyKind::Other | KeyKind::Email if s.contains('\n') || s.len() > 40 => {
                // Text: the names its addresses spell out ("Yuto Yamamoto"
                // over `yuto.yamamoto@…`, a table row's name cell).
                let mut taught = Vec::new();
                agree::names_in_text(s, &mut taught);
                crate::pii::lists::names(s, &mut taught);
                for name in &taught {
                    self.vault.learn_name(&names::normalize(name));
                }
                return;
            }
            // A number under a phone key is known before the rewrite pass
            // meets it again elsewhere (`"from": "34913338589"` before
            // `"contacts": [{"wa_id": …}]`).
            KeyKind::Phone => {
                if let Some(f) = crate::pii::structured_phone(s) {
                    self.vault.learn_phone(&f.normalized);
                }
                return;
            }
            // Addresses teach names when they are tokenized (see `Vault`).
            _ => return,
        };
        let mut found = Vec::new();
        names::person_value(s, how, &*self.vault, &mut found);
        for f in &found {
            self.vault.learn_name(&f.normalized);
        }
        // A sure answer does not depend on what the session learns next:
        // keep it for the rewrite pass (keyed by the string's buffer, which
        // does not move or change between the passes).
        if how == Structured::Sure {
            self.structured
                .insert((s.as_ptr() as usize, s.len()), found);
        }
    }

    // ---- pass 2: rewrite -------------------------------------------------

    fn rewrite(&mut self, v: &mut Value, leaf: Leaf, people: bool, depth: usize) {
        match v {
            Value::String(s) => {
                if let Some(new) = self.rewrite_leaf(s, leaf, depth) {
                    *s = new;
                }
            }
            Value::Number(n) if leaf.key == KeyKind::Phone => {
                let text = n.to_string();
                if let Some(f) = crate::pii::structured_phone(&text)
                    && f.start == 0
                    && f.end == text.len()
                {
                    let t = self.vault.tokenize_form(
                        &Class::Phone,
                        &text,
                        &f.normalized,
                        self.source,
                        true,
                    );
                    self.stats.count(&Class::Phone);
                    self.record(f, &text, false);
                    *v = Value::String(t.render());
                }
            }
            Value::Array(items) => {
                if let Some(kind) = jcard_property(items) {
                    let leaf = Leaf::of(kind, true);
                    let reporting = self.report.is_some();
                    for (i, item) in items.iter_mut().enumerate() {
                        // The name, the parameters and the value type
                        // are scanned as any text and object are.
                        let leaf = if i < 3 { Leaf::TEXT } else { leaf };
                        if reporting {
                            self.path.push(i.to_string());
                        }
                        self.rewrite(item, leaf, false, depth);
                        if reporting {
                            self.path.pop();
                        }
                    }
                    return;
                }
                let kinds = table_kinds(items);
                self.rewrite_rows(items, kinds.as_deref(), 1, leaf, people, depth);
            }
            Value::Object(map) => {
                // As in `learn`: this object's key infos at `base..`.
                let base = self.key_infos.len();
                self.key_infos.extend(map.keys().map(|k| keys::describe(k)));
                let po = person_object(map, &self.key_infos[base..], people);
                adjust_infos(map, &mut self.key_infos[base..], po, leaf.key);
                let columns = columns_table(map);
                let reporting = self.report.is_some();
                // Under a person key or a list of people, an object whose
                // keys are no known fields and whose values are records or
                // counts is keyed by people: `"by_assignee": {"Phạm Gia
                // Bảo": {...}}`, `"attendance": {"Černý, Jiří": {...}}`.
                let keyed_by_people = ((leaf.key == KeyKind::Person || people)
                    && self.key_infos[base..]
                        .iter()
                        .all(|i| i.kind == KeyKind::Other)
                    && map.values().all(|v| !v.is_string()))
                    || free_busy_by_calendar(map);
                // A directory keyed by people: one key is the name its
                // record's addresses spell out; the other keys of records
                // with an address or a number are names too.
                let directory = (!keyed_by_people
                    && map.iter().any(|(k, v)| key_names_its_record(k, v)))
                .then_some(|k: &str, v: &Value| {
                    name_shaped_key(k) && v.as_object().is_some_and(contact_record)
                });
                // A roll call: every key is shaped as a person's name and
                // at least a third of them are found as names by
                // themselves (`"votes": {"Pita Faleolo": "Lincoln Center",
                // "Ana Lima": …}`, `"reports": {"Onyango Ouma": "Lead"}`):
                // the others are names too.
                let roll_call = !keyed_by_people
                    && directory.is_none()
                    && (2..=200).contains(&map.len())
                    && map.keys().all(|k| person_shaped_key(k))
                    && {
                        let named = map
                            .keys()
                            .filter(|k| {
                                self.engine
                                    .scan_with(k, Leaf::TEXT, &*self.vault, None)
                                    .iter()
                                    .any(|f| f.class == crate::pii::Class::Name)
                            })
                            .count();
                        named >= 1 && named * 3 >= map.len()
                    };
                let keyed_by_people = keyed_by_people || roll_call;
                let mut renamed: Option<std::collections::HashMap<String, String>> = None;
                for round in [0, 1] {
                    for (n, (k, child)) in map.iter_mut().enumerate() {
                        let info = self.key_infos[base + n];
                        let kind = child_kind(&info, leaf.key);
                        if round_of(kind) != round {
                            continue;
                        }
                        // The key first, so pointers can name the member by
                        // its redacted key.
                        let report_len = self.report.as_ref().map_or(0, Vec::len);
                        let people_keys = (keyed_by_people
                            || directory.is_some_and(|d| d(k, child)))
                            && k.trim().contains(' ');
                        let new_key = self.rewrite_key(k, people_keys);
                        if reporting {
                            self.path.push(pointer_seg(&new_key));
                            let pointer_fix = self.current_pointer();
                            if let Some(r) = self.report.as_mut() {
                                for l in &mut r[report_len..] {
                                    match &mut l.embedded_pointer {
                                        Some(e) => *e = pointer_fix.1.clone().unwrap_or_default(),
                                        None => l.pointer = pointer_fix.0.clone(),
                                    }
                                }
                            }
                        }
                        if let Cow::Owned(nk) = new_key {
                            renamed
                                .get_or_insert_with(Default::default)
                                .insert(k.clone(), nk);
                        }
                        let listed = strings_of_people(&info, kind, child);
                        let kind = if listed { KeyKind::MaybePerson } else { kind };
                        let child_people = !listed
                            && (info.people_container
                                || (po
                                    && matches!(kind, KeyKind::Person | KeyKind::MaybePerson)
                                    && !child.is_string()));
                        let child_leaf = Leaf {
                            identifier: info.identifier,
                            party: names_a_party(&info, kind, leaf.key, leaf.party),
                            account: info.account,
                            ..Leaf::of(kind, po)
                        };
                        match (child, &columns) {
                            (Value::Array(rows), Some((at, kinds))) if *at == n => {
                                self.rewrite_rows(rows, Some(kinds), 0, child_leaf, po, depth);
                            }
                            (child, _) => self.rewrite(child, child_leaf, child_people, depth),
                        }
                        if reporting {
                            self.path.pop();
                        }
                    }
                }
                self.key_infos.truncate(base);
                if let Some(mut renames) = renamed {
                    let old = std::mem::take(map);
                    for (k, v) in old {
                        let nk = renames.remove(&k).unwrap_or(k);
                        map.insert(nk, v);
                    }
                }
            }
            _ => {}
        }
    }

    /// The items of an array; with `kinds`, the items from `first` on that
    /// are rows as wide as the header have their cells rewritten under
    /// their column's kind (`first` is 1 when the header is the array's
    /// first item, 0 when it is a sibling member).
    fn rewrite_rows(
        &mut self,
        items: &mut [Value],
        kinds: Option<&[KeyKind]>,
        first: usize,
        leaf: Leaf,
        people: bool,
        depth: usize,
    ) {
        let reporting = self.report.is_some();
        for (i, item) in items.iter_mut().enumerate() {
            if reporting {
                self.path.push(i.to_string());
            }
            match (kinds, item.as_array_mut()) {
                (Some(kinds), Some(cells)) if i >= first && cells.len() == kinds.len() => {
                    let personal = row_is_personal(kinds, cells);
                    for (j, (cell, kind)) in cells.iter_mut().zip(kinds).enumerate() {
                        if reporting {
                            self.path.push(j.to_string());
                        }
                        self.rewrite(cell, Leaf::of(*kind, personal), personal, depth);
                        if reporting {
                            self.path.pop();
                        }
                    }
                }
                _ => self.rewrite(item, leaf, people, depth),
            }
            if reporting {
                self.path.pop();
            }
        }
    }

    /// Object keys are scanned when they could hold PII (an address, digits,
    /// a capitalized phrase) or token-shaped text.
    fn rewrite_key<'k>(&mut self, k: &'k str, people: bool) -> Cow<'k, str> {
        if people {
            return self.rewrite_str(k, Leaf::of(KeyKind::Person, true), true);
        }
        let maybe = k.contains(['@', '['])
            || k.bytes().any(|b| b.is_ascii_digit())
            || (k.contains(' ') && k.chars().any(char::is_uppercase))
            || !k.is_ascii()
            // A key that is a name the session knows: {"Ufukay": 3}.
            || (k.len() <= 40
                && k.starts_with(|c: char| c.is_uppercase())
                && self.vault.has_names()
                && names::with_fold(k, |f| self.vault.knows_name_word(f)));
        if k.len() < 2 || !maybe {
            return Cow::Borrowed(k);
        }
        self.rewrite_str(k, Leaf::TEXT, true)
    }

    /// Rewrites a string leaf; `None` if unchanged.
    fn rewrite_leaf(&mut self, s: &str, leaf: Leaf, depth: usize) -> Option<String> {
        if depth < MAX_EMBED_DEPTH && looks_like_json(s) {
            let idx = self.next_embedded;
            self.next_embedded += 1;
            if let Some(mut inner) = self.embedded.get_mut(idx).and_then(Option::take) {
                let outer_embed = self.embed_path.take();
                let outer_path = std::mem::take(&mut self.path);
                if self.report.is_some() {
                    self.embed_path = Some(outer_path.clone());
                }
                let before = self.stats.clone();
                self.rewrite(&mut inner, Leaf::TEXT, false, depth + 1);
                self.path = outer_path;
                self.embed_path = outer_embed;
                if self.stats != before {
                    return Some(serialize_like(s, &inner));
                }
                // Nothing found in the parsed JSON. The raw text can still
                // hold what parsing dropped (a duplicate key keeps only its
                // last value), so scan it as text before passing it on.
            }
        }
        match self.rewrite_str(s, leaf, false) {
            Cow::Borrowed(_) => None,
            Cow::Owned(o) => Some(o),
        }
    }

    fn rewrite_str<'t>(&mut self, s: &'t str, leaf: Leaf, in_key: bool) -> Cow<'t, str> {
        let known = if in_key || self.structured.is_empty() {
            None
        } else {
            self.structured.remove(&(s.as_ptr() as usize, s.len()))
        };
        let findings = self.engine.scan_with(s, leaf, &*self.vault, known);
        // What stood before this text's names, for the slots of later ones.
        if !in_key && s.len() > 12 && s.contains(' ') {
            crate::pii::cues::learn(s, &findings, |k, is_name| self.vault.note_cue(k, is_name));
        }
        if findings.is_empty() {
            let esc = self.escape(s);
            if let Cow::Owned(_) = esc {
                self.stats.escaped += 1;
            }
            return esc;
        }
        let mut out = String::with_capacity(s.len() + findings.len() * 8);
        let mut at = 0;
        for f in findings {
            let seg = self.escape(&s[at..f.start]);
            if let Cow::Owned(_) = seg {
                self.stats.escaped += 1;
            }
            out.push_str(&seg);
            let surface = &s[f.start..f.end];
            let t = self
                .vault
                .tokenize(&f.class, surface, &f.normalized, self.source);
            self.stats.count(&f.class);
            t.render_into(&mut out);
            at = f.end;
            self.record(f, s, in_key);
        }
        let seg = self.escape(&s[at..]);
        if let Cow::Owned(_) = seg {
            self.stats.escaped += 1;
        }
        out.push_str(&seg);
        Cow::Owned(out)
    }

    /// The pointer (and embedded pointer) of the current path.
    fn current_pointer(&self) -> (String, Option<String>) {
        let join = |p: &[String]| p.iter().map(|s| format!("/{s}")).collect::<String>();
        match &self.embed_path {
            Some(outer) => (join(outer), Some(join(&self.path))),
            None => (join(&self.path), None),
        }
    }

    fn record(&mut self, f: Finding, text: &str, in_key: bool) {
        if self.report.is_none() {
            return;
        }
        let value = self.show_values.then(|| text[f.start..f.end].to_string());
        let (pointer, embedded_pointer) = self.current_pointer();
        if let Some(report) = self.report.as_mut() {
            report.push(Located {
                pointer,
                embedded_pointer,
                in_key,
                finding: f,
                value,
            });
        }
    }
}

/// Serializes `v` in the style of `original`: indented (with the original's
/// indent width) when the original spans lines, compact otherwise.
pub fn serialize_like(original: &str, v: &Value) -> String {
    let mut buf = Vec::with_capacity(original.len() + 64);
    if write_like(original, v, &mut buf).is_ok()
        && let Ok(s) = String::from_utf8(buf)
    {
        return s;
    }
    serde_json::to_string(v).unwrap_or_default()
}

/// Whether `text` is exactly what [`serialize_like`] would write for `v`,
/// decided while serializing (no copy is built; the first differing byte
/// stops it).
pub fn is_serialized_like(text: &str, v: &Value) -> bool {
    struct Compare<'a>(&'a [u8]);
    impl std::io::Write for Compare<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            match self.0.strip_prefix(buf) {
                Some(rest) => {
                    self.0 = rest;
                    Ok(buf.len())
                }
                None => Err(std::io::ErrorKind::InvalidData.into()),
            }
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut cmp = Compare(text.as_bytes());
    write_like(text, v, &mut cmp).is_ok() && cmp.0.is_empty()
}

/// Writes `v` in the style of `original` (see [`serialize_like`]).
fn write_like(original: &str, v: &Value, out: impl std::io::Write) -> serde_json::Result<()> {
    let t = original.trim_start();
    if let Some(nl) = t.find('\n') {
        let rest = &t[nl + 1..];
        let width = rest
            .bytes()
            .take_while(|b| *b == b' ' || *b == b'\t')
            .count();
        let indent = if width == 0 { "  " } else { &rest[..width] };
        let fmt = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
        let mut ser = serde_json::Serializer::with_formatter(out, fmt);
        serde::Serialize::serialize(v, &mut ser)
    } else {
        serde_json::to_writer(out, v)
    }
}

/// Errors restoring tokens. They name tokens, never values.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("at {pointer}: {source}")]
    Token { pointer: String, source: VaultError },
    /// The caller's policy refused to restore a token at this place.
    #[error("at {pointer}: token {token} may not be restored here: {reason}")]
    Denied {
        pointer: String,
        token: String,
        reason: String,
    },
}

/// What to do with one token found while restoring, as decided by the
/// caller (the broker asks the data-flow rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Replace the token by its value.
    Restore,
    /// Leave the token as text (the destination sees `[EMAIL_1]`).
    Keep,
    /// Fail the whole restore with this reason.
    Deny(String),
}

/// Restores every token in `doc` from `vault`, in place. Escaped
/// token-shaped text loses one escape. Unknown or malformed tokens are errors.
pub fn restore(vault: &Vault, doc: &mut Value) -> Result<(), RestoreError> {
    restore_with(vault, doc, &mut |_, _| Verdict::Restore)
}

/// As [`restore`], asking `decide` about each token first, with the JSON
/// Pointer of the string (or member key) that holds it. Tokens are looked
/// up before `decide` is asked: an unknown token is an error whatever the
/// verdict would have been. JSON held in a string is walked, and its
/// pointers are written `outer#inner`.
pub fn restore_with(
    vault: &Vault,
    doc: &mut Value,
    decide: &mut dyn FnMut(&str, &TokenRef) -> Verdict,
) -> Result<(), RestoreError> {
    let mut path = String::new();
    restore_value(vault, doc, &mut path, 0, decide)
}

type Decide<'d> = &'d mut dyn FnMut(&str, &TokenRef) -> Verdict;

fn restore_value(
    vault: &Vault,
    v: &mut Value,
    path: &mut String,
    depth: usize,
    decide: Decide,
) -> Result<(), RestoreError> {
    match v {
        Value::String(s) => {
            if let Some(new) = restore_leaf(vault, s, path, depth, decide)? {
                *v = new;
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                let len = path.len();
                path.push('/');
                path.push_str(&i.to_string());
                restore_value(vault, item, path, depth, decide)?;
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            let needs_key_restore = map.keys().any(|k| token::may_hold_token(k));
            if needs_key_restore {
                let old = std::mem::take(map);
                for (k, mut child) in old {
                    let len = path.len();
                    path.push('/');
                    path.push_str(&pointer_seg(&k));
                    restore_value(vault, &mut child, path, depth, decide)?;
                    let nk = restore_text_at(vault, &k, path, decide)?;
                    path.truncate(len);
                    map.insert(nk.into_owned(), child);
                }
            } else {
                for (k, child) in map.iter_mut() {
                    let len = path.len();
                    path.push('/');
                    path.push_str(&pointer_seg(k));
                    restore_value(vault, child, path, depth, decide)?;
                    path.truncate(len);
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn restore_leaf(
    vault: &Vault,
    s: &str,
    path: &str,
    depth: usize,
    decide: Decide,
) -> Result<Option<Value>, RestoreError> {
    if !token::may_hold_token(s) {
        return Ok(None);
    }
    let err = |source| RestoreError::Token {
        pointer: path.to_string(),
        source,
    };
    // A whole-string token that stood for a JSON number becomes a number again.
    let mut whole = None;
    token::for_each_token(s, |range, piece, encoding| {
        if range.start == 0
            && range.end == s.len()
            && encoding == token::Encoding::Plain
            && let Piece::Token(Ok(t)) = piece
        {
            whole = Some(t);
        }
    });
    if let Some(t) = whole {
        let form = vault.resolve_form(&t).map_err(err)?;
        match decide(path, &t) {
            Verdict::Restore => {}
            Verdict::Keep => return Ok(None),
            Verdict::Deny(reason) => return Err(denied(path, &t, reason)),
        }
        if form.number
            && let Ok(n) = serde_json::from_str::<serde_json::Number>(&form.text)
        {
            return Ok(Some(Value::Number(n)));
        }
        return Ok(Some(Value::String(form.text.clone())));
    }
    if depth < MAX_EMBED_DEPTH
        && looks_like_json(s)
        && let Ok(mut inner) = serde_json::from_str::<Value>(s)
    {
        let mut p = format!("{path}#");
        restore_value(vault, &mut inner, &mut p, depth + 1, decide)?;
        return Ok(Some(Value::String(serialize_like(s, &inner))));
    }
    match restore_text_at(vault, s, path, decide)? {
        Cow::Borrowed(_) => Ok(None),
        Cow::Owned(o) => Ok(Some(Value::String(o))),
    }
}

fn denied(pointer: &str, t: &TokenRef, reason: String) -> RestoreError {
    RestoreError::Denied {
        pointer: pointer.to_string(),
        token: t.label(),
        reason,
    }
}

/// Restores the tokens in one text.
pub fn restore_text<'t>(vault: &Vault, s: &'t str) -> Result<Cow<'t, str>, VaultError> {
    match restore_text_at(vault, s, "", &mut |_, _| Verdict::Restore) {
        Ok(c) => Ok(c),
        Err(RestoreError::Token { source, .. }) => Err(source),
        Err(RestoreError::Denied { .. }) => unreachable!("every token is restored"),
    }
}

fn restore_text_at<'t>(
    vault: &Vault,
    s: &'t str,
    pointer: &str,
    decide: Decide,
) -> Result<Cow<'t, str>, RestoreError> {
    if !token::may_hold_token(s) {
        return Ok(Cow::Borrowed(s));
    }
    let mut out = String::new();
    let mut at = 0;
    let mut failure = None;
    token::for_each_token(s, |range, piece, encoding| {
        if failure.is_some() {
            return;
        }
        out.push_str(&s[at..range.start]);
        match piece {
            Piece::Escaped(lit) => out.push_str(&lit),
            Piece::Token(Ok(t)) => match vault.resolve(&t) {
                Ok(v) => match decide(pointer, &t) {
                    Verdict::Restore => encoding.encode(v, &mut out),
                    Verdict::Keep => out.push_str(&s[range.clone()]),
                    Verdict::Deny(reason) => failure = Some(denied(pointer, &t, reason)),
                },
                Err(e) => {
                    failure = Some(RestoreError::Token {
                        pointer: pointer.to_string(),
                        source: e,
                    })
                }
            },
            Piece::Token(Err(raw)) => {
                failure = Some(RestoreError::Token {
                    pointer: pointer.to_string(),
                    source: VaultError::Malformed(token::label_raw(raw)),
                })
            }
        }
        at = range.end;
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if at == 0 {
        return Ok(Cow::Borrowed(s));
    }
    out.push_str(&s[at..]);
    Ok(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn serialized_like_compares_without_a_copy() {
        let v = json!({"rows": [["a", 1], ["bé\"", 2.5]], "n": null});
        let compact = serde_json::to_string(&v).unwrap();
        let pretty = serde_json::to_string_pretty(&v).unwrap();
        let tabs = serialize_like("{\n\t\"x\": 1\n}", &v);
        assert!(tabs.contains("\n\t\"rows\""));
        for text in [&compact, &pretty, &tabs] {
            assert!(is_serialized_like(text, &v), "{text}");
            assert_eq!(serialize_like(text, &v), *text);
            // A prefix, a longer text and one changed byte all differ.
            assert!(!is_serialized_like(&text[..text.len() - 1], &v));
            assert!(!is_serialized_like(&format!("{text} "), &v));
            let changed = text.replacen('a', "c", 1);
            assert!(!is_serialized_like(&changed, &v));
        }
        assert!(!is_serialized_like(&compact, &json!({"rows": []})));
    }

    fn run(doc: Value) -> (Value, Vault) {
        let engine = Engine::default();
        let mut vault = Vault::new().unwrap();
        let mut d = doc;
        Redactor::new(&engine, &mut vault, None).redact(&mut d);
        (d, vault)
    }

    #[test]
    fn a_party_to_a_message_is_a_name_by_its_shape_alone() {
        // No dictionary knows Femke, Jong, رضا or تهرانی.
        let (d, _) = run(json!({"messages": [
            {"sender": "Femke de Jong", "time": "13:30", "text": "Hoi"},
            {"sender": "رضا تهرانی", "time": "8:00 PM", "text": "سلام"},
            {"sender": "Support Team", "time": "9:00", "text": "ok"},
            {"sender": "Equipo Andino", "time": "9:05", "text": "ok"}
        ]}));
        let m = &d["messages"];
        assert_eq!(m[0]["sender"], "[NAME_1]");
        assert_eq!(m[1]["sender"], "[NAME_2]");
        assert_eq!(m[2]["sender"], "Support Team");
        assert_eq!(m[3]["sender"], "Equipo Andino");
        // What a record is called is no party to it: a holiday's name.
        let (d, _) = run(json!({"holidays": [
            {"date": "2020-11-03", "name": "Kurban Bayramı", "half_day": false}
        ]}));
        assert_eq!(d["holidays"][0]["name"], "Kurban Bayramı");
        // Mailchimp's merge fields.
        let (d, _) = run(json!({"merge_fields": {"FNAME": "Subira", "LNAME": "Makame"}}));
        assert_eq!(d["merge_fields"]["FNAME"], "[NAME_1]");
        assert_eq!(d["merge_fields"]["LNAME"], "[NAME_2]");
        // LinkedIn's localized names.
        let (d, _) = run(json!({
            "firstName": {"localized": {"en_US": "Koa"}},
            "lastName": {"localized": {"en_US": "Akana"}},
            "headline": {"localized": {"en_US": "Nursing leader"}}
        }));
        assert_eq!(d["firstName"]["localized"]["en_US"], "[NAME_1]");
        assert_eq!(d["lastName"]["localized"]["en_US"], "[NAME_2]");
        assert_eq!(d["headline"]["localized"]["en_US"], "Nursing leader");
        // A wrapper under a thing's name is no party: a holiday again.
        let (d, _) = run(json!({"name": {"display": "Kurban Bayramı"}}));
        assert_eq!(d["name"]["display"], "Kurban Bayramı");
    }

    #[test]
    fn a_whole_value_filed_last_first_is_a_name() {
        // An audit log's target, a CRM keyed by its contacts.
        let (d, _) = run(json!({
            "action": "user.invite",
            "target": {"display": "Kasonde, Chileshe", "id": "9c8417d9"},
            "pipeline": {"Svoboda, Lukáš": {"open_deals": 29}},
            "office": "Paris, France",
            "region": "Austin, Texas",
            "tags": "Sales, Marketing"
        }));
        assert_eq!(d["target"]["display"], "[NAME_1]");
        let reps: Vec<&String> = d["pipeline"].as_object().unwrap().keys().collect();
        assert_eq!(reps, ["[NAME_2]"]);
        assert_eq!(d["office"], "Paris, France");
        assert_eq!(d["region"], "Austin, Texas");
        assert_eq!(d["tags"], "Sales, Marketing");
    }

    #[test]
    fn a_directory_keyed_by_the_names_its_addresses_spell() {
        let (d, _) = run(json!({"directory": {
            "Sjoerd de Vries": {"ext": "+31 20 123 4567", "mail": "sjoerd.devries@example.nl"},
            "Sales Team": {"mail": "sales@example.com"},
            "London Office": {"mail": "london.office@example.com"}
        }}));
        let keys: Vec<&String> = d["directory"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["[NAME_1]", "Sales Team", "London Office"]);
        // One key agrees: its siblings with addresses are names as well.
        let (d, _) = run(json!({"directory": {
            "Hamza Siddiqui": {"mail": "siddiqui51@example.com"},
            "Mónica Quiroga Echeverría": {"mail": "monica.quirogaecheverria@example.de"},
            "generated": {"at": "2027-09-10"}
        }}));
        let keys: Vec<&String> = d["directory"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["[NAME_1]", "[NAME_2]", "generated"]);
    }

    #[test]
    fn cells_by_address_take_their_headers_kinds() {
        // Excel and Sheets tools return a range as cells by address; the
        // top row holds the headers.
        let (d, _) = run(json!({"cells": {
            "A1": "Contact", "B1": "Mail", "C1": "Tel", "D1": "SKU",
            "A2": "TEREZA KUČEROVÁ", "B2": "t.kucerova@example.cz", "C2": "606 476 900", "D2": "LPN155476515",
            "A3": "Həsənov, Rəşad", "C3": "27074669", "D3": "EAN 1182211848852"
        }}));
        let c = &d["cells"];
        assert_eq!(c["A1"], "Contact");
        assert_eq!(c["C1"], "Tel");
        assert_eq!(c["A2"], "[NAME_1]");
        assert_eq!(c["B2"], "[EMAIL_1]");
        assert_eq!(c["C2"], "[PHONE_1]");
        assert_eq!(c["A3"], "[NAME_2]");
        assert_eq!(c["C3"], "[PHONE_2]");
        assert_eq!(c["D2"], "LPN155476515");
        // A sheet of products: its `Name` column names products.
        let (d, _) = run(json!({"cells": {
            "A1": "Name", "B1": "SKU", "C1": "Price",
            "A2": "Jackson Hole", "B2": "SKU-1", "C2": "12.50"
        }}));
        assert_eq!(d["cells"]["A2"], "Jackson Hole");
        // Cells as SheetJS objects, a number in the phone column.
        let (d, _) = run(json!({"!ref": "A1:C2",
            "A1": {"v": "Owner"}, "B1": {"v": "Phone"}, "C1": {"v": "Email"},
            "A2": {"v": "Sipho Mthembu", "t": "s"}, "B2": {"v": 27711125141u64, "t": "n"},
            "C2": {"v": "s.mthembu@example.co.za", "t": "s"}
        }));
        assert_eq!(d["A2"]["v"], "[NAME_1]");
        assert_eq!(d["B2"]["v"], "[PHONE_1]");
        assert_eq!(d["B2"]["t"], "n");
    }

    #[test]
    fn objects_keyed_by_names_some_of_them_found() {
        // Votes, reports, reviews keyed by people's names: one found by
        // itself vouches for the others.
        let (d, _) = run(json!({"votes": {
            "Ana Lima": "Lincoln Center",
            "Pita Faleolo": "Lincoln Center",
            "Aalin Kinvig": "Lake Geneva"
        }}));
        let keys: Vec<&String> = d["votes"].as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 3);
        assert!(keys.iter().all(|k| k.starts_with("[NAME_")), "{keys:?}");
        // Places and phrases of ordinary words are not people.
        for v in [
            json!({"countries": {"Costa Rica": 5, "Puerto Rico": 3}}),
            json!({"venues": {"Lincoln Center": 2, "Lake Geneva": 1}}),
        ] {
            let (d, _) = run(v.clone());
            assert_eq!(d, v);
        }
        // A FHIR reference to a patient: its display is the patient's name.
        let (d, _) =
            run(json!({"subject": {"display": "Unaisi Koroi", "reference": "Patient/46PM8T"}}));
        assert_eq!(d["subject"]["display"], "[NAME_1]");
        let v = json!({"code": {"display": "Hemoglobin A1c", "reference": "Observation/9"}});
        assert_eq!(run(v.clone()).0, v);
    }

    #[test]
    fn a_roll_call_keyed_by_people() {
        let (d, _) = run(json!({"date": "12/02/2020", "attendance": {
            "Kasper Dalsgaard": {"status": "absent", "seat": "12E"},
            "Melnyk, Oksana": {"status": "late", "seat": "1A"}
        }}));
        let keys: Vec<&String> = d["attendance"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["[NAME_1]", "[NAME_2]"]);
    }

    #[test]
    fn slots_where_the_session_found_names() {
        let engine = Engine::default();
        let mut vault = Vault::new().unwrap();
        let mut redact = |text: &str| {
            let mut d = json!({ "text": text });
            Redactor::new(&engine, &mut vault, None).redact(&mut d);
            d["text"].as_str().unwrap().to_string()
        };
        // Names the dictionaries know teach the slot...
        redact("- **Tue 06:20** 1:1 with Jennifer Walsh — Raffles Place");
        redact("- **Wed 09:15** 1:1 with Michael Brennan — Budget review");
        // ...which then holds a name no list knows, but not an ordinary
        // word or a brand named after people.
        assert_eq!(
            redact("- **Thu 14:55** 1:1 with Manaia — Onboarding"),
            "- **Thu 14:55** 1:1 with [NAME_3] — Onboarding"
        );
        let t = "- **Fri 10:00** 1:1 with Finance — Louis Vuitton visit";
        assert_eq!(redact(t), t);
        // A slot seen once is no cue.
        let t = "Dinner reservation under Mammeri at 21:50";
        assert_eq!(redact(t), t);
    }

    #[test]
    fn job_titles_and_logins() {
        // A job title beside a generic `name` makes the object a person's.
        let (d, _) = run(
            json!({"root": {"name": "Sidhu Tudu", "title": "CEO", "reports": [
            {"name": "Ilse Vos", "position": "Senior Data Engineer"}]}}),
        );
        assert!(d["root"]["name"].as_str().unwrap().starts_with("[NAME_"));
        assert!(
            d["root"]["reports"][0]["name"]
                .as_str()
                .unwrap()
                .starts_with("[NAME_")
        );
        // Not a document's title, nor a role of permissions.
        let doc = json!({"name": "Quarterly Plan", "title": "Hiring plan for Q3"});
        assert_eq!(run(doc.clone()).0, doc);
        let doc = json!({"name": "Sidhu Tudu", "role": "Manager"});
        assert_eq!(run(doc.clone()).0, doc);
        // A system's identifier under a login's key names no one; a handle
        // that spells a person, or a listed name in capitals, does.
        let (d, _) = run(
            json!({"author": {"name": "Lukas Böhm", "username": "FTLSXG"},
            "user": {"login": "XEXNSU", "name": "Ana Silva"}, "members": [
            {"username": "imogen_p"}, {"username": "FERNANDO"}]}),
        );
        assert_eq!(d["author"]["username"], "FTLSXG");
        assert_eq!(d["user"]["login"], "XEXNSU");
        assert_eq!(d["author"]["name"], "[NAME_1]");
        assert_ne!(d["members"][0]["username"], "imogen_p");
        assert_ne!(d["members"][1]["username"], "FERNANDO");
        let (d, _) = run(json!({"a": {"username": "OKONKWO"}, "b": {"login": "MGARCIA"}}));
        assert_ne!(d["a"]["username"], "OKONKWO");
        assert_ne!(d["b"]["login"], "MGARCIA");
    }

    #[test]
    fn half_a_name_under_a_person_key_is_the_whole() {
        // `ሰላም` is also a greeting: the value is one name all the same.
        let (d, v) = run(json!({"escalation": [{"name": "ሰላም በቀለ", "contact": "17 12 90 71"}]}));
        let t = d["escalation"][0]["name"].as_str().unwrap();
        assert!(t.starts_with("[NAME_") && !t.contains(' '), "{t}");
        assert_eq!(restore_text(&v, t).unwrap(), "ሰላም በቀለ");
        // A value that is more than a name keeps its other words.
        let (d, _) = run(json!({"owner": "Q3 sync with Maya Vieira"}));
        assert!(
            d["owner"]
                .as_str()
                .unwrap()
                .starts_with("Q3 sync with [NAME_")
        );
    }

    #[test]
    fn strings_listed_under_people() {
        let (d, _) = run(json!({"interviewers": ["Tomislav Babić", "ئابدۇۋەلى ئىمىن"]}));
        assert!(d["interviewers"][1].as_str().unwrap().starts_with("[NAME_"));
        // Software listed under a key that may name people stays.
        let doc = json!({"drivers": ["virtio", "Nvidia Tesla"], "agents": ["Googlebot"]});
        assert_eq!(run(doc.clone()).0, doc);
    }

    #[test]
    fn cjk_names_of_parties() {
        let (d, _) = run(json!({"actions": [{"owner": "比嘉 健斗", "task": "Send"},
            {"owner": "ジョアン オリベイラ", "task": "Call"}],
            "mail": {"from": "리춘화", "subject": "안녕"}, "by": {"sender": "김 민준"}}));
        assert!(
            d["actions"][0]["owner"]
                .as_str()
                .unwrap()
                .starts_with("[NAME_")
        );
        assert!(
            d["actions"][1]["owner"]
                .as_str()
                .unwrap()
                .starts_with("[NAME_")
        );
        assert!(d["mail"]["from"].as_str().unwrap().starts_with("[NAME_"));
        assert!(d["by"]["sender"].as_str().unwrap().starts_with("[NAME_"));
        // Places, offices and a brand in one katakana word stay.
        let doc = json!({"owner": "東京都", "sender": "トヨタ", "from": "営業部",
            "by": [{"sender": "고객 센터"}, {"from": "カスタマー サポート"}, {"owner": "客服 中心"}]});
        assert_eq!(run(doc.clone()).0, doc);
    }

    #[test]
    fn free_busy_keyed_by_calendar() {
        let (d, _) = run(json!({"timeMin": "2027-02-09T19:10:17Z", "calendars": {
            "Tõnu Tamm": {"busy": [{"start": "2027-01-12T16:19:21Z"}]},
            "Hsieh, Chun-Hung": {"busy": []},
            "Room B150": {"busy": []}
        }}));
        let keys: Vec<&String> = d["calendars"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["[NAME_1]", "[NAME_2]", "Room B150"]);
    }

    #[test]
    fn an_account_with_an_address_is_a_person() {
        let (d, _) = run(json!({"account": {"acct": "zw@example.social",
            "display_name": "Zabihullah Wardak"}, "org": {"account": {"display_name": "Pied Piper"}}}));
        assert_eq!(d["account"]["display_name"], "[NAME_1]");
        assert_eq!(d["org"]["account"]["display_name"], "Pied Piper");
    }

    #[test]
    fn identifiers_are_not_dialled() {
        let (d, _) = run(json!({"id": "16314081936", "refs": ["192 4486 5689"],
            "properties": {"firstname": "Ann", "phone": "192 4486 5689"}}));
        assert_eq!(d["id"], "16314081936");
        assert_eq!(d["refs"][0], "192 4486 5689");
        assert_eq!(d["properties"]["phone"], "[PHONE_1]");
    }

    #[test]
    fn bare_numbers_of_call_records() {
        let doc = json!({"calls": [
            {"number": "4915112345678", "direction": "inbound", "duration": 63},
            {"caller": "4915112345678", "callee": "+49 30 1234567"},
            {"caller": "Ann Lee", "number": 4915112345678u64, "duration": 5}
        ], "order": {"number": "4915187654321", "status": "paid"}});
        let (d, _) = run(doc);
        assert_eq!(d["calls"][0]["number"], "[PHONE_1]");
        assert_eq!(d["calls"][1]["caller"], "[PHONE_1]");
        assert_eq!(d["calls"][1]["callee"], "[PHONE_2]");
        // A name under a party's key stays a name; a JSON number is a
        // phone number too.
        assert_eq!(d["calls"][2]["caller"], "[NAME_1]");
        assert!(
            d["calls"][2]["number"]
                .as_str()
                .is_some_and(|t| t.starts_with("[PHONE_1"))
        );
        // An order's number is no call's.
        assert_eq!(d["order"]["number"], "4915187654321");
        // A text message's parties beside its body; a transfer's are not.
        let doc = json!({"sms": [{"to": "1704 7520", "status": "queued", "body": "Hi"}],
            "transfer": {"to": "29047511", "amount": 5}});
        let (d, _) = run(doc);
        assert_eq!(d["sms"][0]["to"], "[PHONE_1]");
        assert_eq!(d["transfer"]["to"], "29047511");
    }

    #[test]
    fn a_column_of_objects_that_agrees_on_names() {
        // Telegram: `from` names the sender; one sender is a name by the
        // dictionaries, so the column is one of names.
        let (d, _) = run(json!({"messages": [
            {"id": 1, "from": "Alessia Di Stefano", "from_id": "user896", "text": "ok"},
            {"id": 2, "from": "Suresh Chaudhary", "from_id": "user156", "text": "price is $71"},
            {"id": 3, "from": "Alessia Di Stefano", "from_id": "user896", "text": "thanks"}
        ]}));
        assert_eq!(d["messages"][0]["from"], "[NAME_1]");
        assert_eq!(d["messages"][1]["from"], "[NAME_2]");
        // No value is a name by itself: nothing changes.
        let flights = json!({"legs": [{"from": "Tavita Bay", "to": "Apia"}, {"from": "Leiataua Point", "to": "Apia"}]});
        assert_eq!(run(flights.clone()).0, flights);
        let products = json!({"items": [{"name": "Quokka Cloud"}, {"name": "Release Bot"}]});
        assert_eq!(run(products.clone()).0, products);
        // One name among values that are not all shaped like names: the
        // others stay as they are.
        let (d, _) = run(
            json!({"items": [{"from": "Alessia Di Stefano"}, {"from": "Tavita Bay 7"}, {"from": "Leiataua Point"}]}),
        );
        assert_eq!(d["items"][2]["from"], "Leiataua Point");
        // Names the free-text reader finds count for the column, and so
        // does a member of an object one level down.
        let (d, _) = run(json!({"insured": [
            {"name": "Elmarie Steyn", "role": "named_insured"},
            {"name": "Nizhoni Benally", "role": "named_insured"},
            {"name": "Zuzana Kováčová", "role": "named_insured"}
        ]}));
        assert_eq!(d["insured"][2]["name"], "[NAME_3]");
        let (d, _) = run(json!({"transactions": [
            {"amount": "$16.53", "counterparty": {"name": "Juraj Kováč"}},
            {"amount": "$12.00", "counterparty": {"name": "Jang Schmit"}},
            {"amount": "$6.98", "counterparty": {"name": "Ninute D'Agostin"}}
        ]}));
        assert_eq!(d["transactions"][2]["counterparty"]["name"], "[NAME_3]");
        let parties = json!({"parties": [
            {"role": "plaintiff", "name": "Syafiq bin Osman"},
            {"role": "defendant", "name": "Casio G-Shock"}
        ]});
        assert_eq!(run(parties).0["parties"][1]["name"], "Casio G-Shock");
        let products = json!({"items": [{"spec": {"name": "Quokka Cloud"}}, {"spec": {"name": "Release Bot"}}]});
        assert_eq!(run(products.clone()).0, products);
    }

    #[test]
    fn tables_with_their_columns_beside_the_rows() {
        let (d, _) = run(json!({
            "columns": [{"name": "id", "type": "text"}, {"name": "customer"}, {"name": "customer_email"}],
            "rows": [["Q-1", "Kang Min-jun", "mk@example.org"], ["Q-2", "Aino Virtanen", null]],
            "rowCount": 2
        }));
        assert_eq!(d["rows"][0][0], "Q-1");
        assert_eq!(d["rows"][0][1], "[NAME_1]");
        assert_eq!(d["rows"][0][2], "[EMAIL_1]");
        assert_eq!(d["rows"][1][1], "[NAME_2]");
        // Columns that name nothing personal change nothing.
        let doc = json!({"fields": ["sku", "product"], "data": [["A-1", "Pied Piper"]]});
        assert_eq!(run(doc.clone()).0, doc);
    }

    #[test]
    fn people_as_keys_and_display_wrappers() {
        let (d, _) = run(json!({
            "by_assignee": {"Phạm Gia Bảo": {"open": 13}, "Carlito Dimaculangan": {"open": 2}},
            "Manager": {"Descriptor": "Bjørn Åkesson", "ID": "96927827"},
            "assignee": {"Name": "Kojo Owusu", "Open Tickets": 3}
        }));
        let keys: Vec<&String> = d["by_assignee"].as_object().unwrap().keys().collect();
        assert!(keys.iter().all(|k| k.starts_with("[NAME_")), "{d}");
        assert!(
            d["Manager"]["Descriptor"]
                .as_str()
                .unwrap()
                .starts_with("[NAME_"),
            "{d}"
        );
        // A person's own fields are not people.
        assert!(d["assignee"].get("Open Tickets").is_some(), "{d}");
        // An account's display name beside its handle, in any script; a
        // title of two parts is read as prose, a company's name is not.
        let (d, _) = run(json!({
            "comments": [{"user": "quiet-byte", "display": "கவிதா ராமசாமி", "likes": 3}],
            "articles": [{"title": "Nobel Prize: Jonas Schäfer", "company": "Jones Lang LaSalle"}],
            "settings": {"display": "Compact View"}
        }));
        assert_eq!(d["comments"][0]["display"], "[NAME_1]", "{d}");
        assert_eq!(d["comments"][0]["user"], "quiet-byte", "{d}");
        assert_eq!(d["articles"][0]["title"], "Nobel Prize: [NAME_2]", "{d}");
        assert_eq!(d["articles"][0]["company"], "Jones Lang LaSalle", "{d}");
        assert_eq!(d["settings"]["display"], "Compact View", "{d}");
    }

    #[test]
    fn names_of_things_under_thing_keys() {
        let (d, _) = run(json!({
            "location": {"displayName": "Avenida Paulista"},
            "account": {"name": "Jones Lang LaSalle"},
            "organizer": {"displayName": "Aino Virtanen"}
        }));
        assert_eq!(d["location"]["displayName"], "Avenida Paulista");
        assert_eq!(d["account"]["name"], "Jones Lang LaSalle");
        assert_eq!(d["organizer"]["displayName"], "[NAME_1]", "{d}");
    }

    #[test]
    fn records_under_id_keys_and_displays_beside_an_address() {
        let (d, _) = run(json!({
            "person_id": {"name": "Omondi Okoth", "email": [{"label": "work", "value": "oo85@example.co.ke"}]},
            "user_id": {"name": "Ifeoma Chukwuma", "email": "ic@example.no", "has_pic": 0},
            "target": {"email": "abebe84@example.com", "display": "Abebe Bekele"},
            "org_id": {"name": "Tidewater Health", "people_count": 4},
            "style": {"display": "block", "color": "red"}
        }));
        for p in ["/person_id/name", "/user_id/name", "/target/display"] {
            assert!(
                d.pointer(p)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .starts_with("[NAME_"),
                "{p}: {d}"
            );
        }
        assert_eq!(d["org_id"]["name"], "Tidewater Health");
        assert_eq!(d["style"]["display"], "block");
    }

    #[test]
    fn mail_headers_in_lists_and_callers_by_name() {
        let (d, _) = run(json!({
            "headers": [
                {"name": "Subject", "value": "Harbour View"},
                {"name": "Cc", "value": "Wahyu Wulandari, Bongani Zulu"}
            ],
            "caller_id": {"display_value": "MacLeod, Iain", "link": "https://x.example/u/1"},
            "calls": [{"caller_id": "4155550132", "direction": "inbound"}]
        }));
        assert_eq!(d["headers"][0]["value"], "Harbour View");
        let cc = d["headers"][1]["value"].as_str().unwrap();
        assert!(!cc.contains("Wahyu") && !cc.contains("Zulu"), "{d}");
        let caller = d["caller_id"]["display_value"].as_str().unwrap();
        assert!(caller.starts_with("[NAME_"), "{d}");
        let number = d["calls"][0]["caller_id"].as_str().unwrap();
        assert!(number.starts_with("[PHONE_"), "{d}");
    }

    #[test]
    fn a_describer_says_what_its_sibling_holds() {
        let (d, _) = run(json!({"answers": [
            {"field": {"ref": "q_name", "type": "short_text"}, "type": "text", "text": "Bongani Zulu"},
            {"field": {"ref": "q_phone"}, "text": "601 460 816"},
            {"label": "E-mail address", "value": "bz@example.co.za"},
            {"label": "Favourite colour", "value": "Teal"},
            {"type": "text", "text": "Harbour View"},
            {"field": "Callback number", "value": 97231676121_u64},
            {"field": "Quantity", "value": 97231676121_u64}
        ]}));
        let a = &d["answers"];
        assert!(
            a[5]["value"].as_str().unwrap().starts_with("[PHONE_"),
            "{d}"
        );
        assert_eq!(a[6]["value"], 97231676121_u64);
        assert!(a[0]["text"].as_str().unwrap().starts_with("[NAME_"), "{d}");
        assert!(a[1]["text"].as_str().unwrap().starts_with("[PHONE_"), "{d}");
        assert!(
            a[2]["value"].as_str().unwrap().starts_with("[EMAIL_"),
            "{d}"
        );
        assert_eq!(a[3]["value"], "Teal");
        assert_eq!(a[4]["text"], "Harbour View");
    }

    #[test]
    fn number_parts_name_parts_contact_methods_and_typed_unions() {
        let (d, _) = run(json!({
            "payer": {"phone": {"phone_number": {"national_number": "725472388"}, "phone_type": "MOBILE"}},
            "phones": {"work": "11.99069.7319", "home": "+44 20 7946 0958"},
            "contact_methods": [
                {"type": "sms_contact_method", "address": "914016932", "country_code": 34},
                {"type": "email_contact_method", "address": "a.b@example.com"},
                {"type": "postal", "address": "12 Harbour Road"}
            ],
            "contacts": [{"profile": {"name": "Ștefan Popescu"}, "wa_id": "34913338589"}],
            "createdBy": {"first": "Adwoa", "last": "Mensah", "email": "am@example.com"},
            "properties": {
                "Name": {"id": "title", "type": "title", "title": [
                    {"type": "text", "text": {"content": "Sanne Visser"}, "plain_text": "Sanne Visser"}
                ]},
                "Email": {"id": "x", "type": "email", "email": "sv@example.at"},
                "Stage": {"id": "s", "type": "select", "select": {"name": "Amber"}}
            }
        }));
        for p in [
            "/payer/phone/phone_number/national_number",
            "/phones/work",
            "/phones/home",
            "/contact_methods/0/address",
            "/contact_methods/1/address",
            "/contacts/0/profile/name",
            "/contacts/0/wa_id",
            "/createdBy/first",
            "/createdBy/last",
            "/properties/Name/title/0/text/content",
            "/properties/Name/title/0/plain_text",
        ] {
            let v = d.pointer(p).unwrap().as_str().unwrap();
            assert!(v.starts_with('[') && v.ends_with(']'), "{p}: {d}");
        }
        assert_eq!(d["contact_methods"][2]["address"], "12 Harbour Road");
        // A reference typed as a user's names a person; a service's does not.
        let (r, _) = run(
            json!({"user": {"id": "P1", "type": "user_reference", "summary": "Krupa Shah"},
            "service": {"id": "P2", "type": "service_reference", "summary": "Checkout API"},
            "escalations": [{"summary": "Dewi Saputra", "contact_methods": [{"type": "sms", "address": "+385916482284"}]}]}),
        );
        // (The learn pass meets the escalation's name first, so token
        // numbers are not asserted.)
        let named = |v: &Value| v.as_str().is_some_and(|s| s.starts_with("[NAME_"));
        assert!(named(&r["user"]["summary"]), "{r}");
        assert_eq!(r["service"]["summary"], "Checkout API");
        assert!(named(&r["escalations"][0]["summary"]), "{r}");
        assert_ne!(r["user"]["summary"], r["escalations"][0]["summary"]);
        // A contact cell's display is the person's name.
        let (c, _) = run(
            json!({"cells": [{"columnId": 1, "value": "iyer40@example.in", "displayValue": "Anitha Iyer"},
            {"columnId": 2, "value": "+971508695398", "displayValue": "+971 50 869 5398"},
            {"columnId": 3, "value": "Open", "displayValue": "Open"}]}),
        );
        assert!(named(&c["cells"][0]["displayValue"]), "{c}");
        assert!(
            c["cells"][1]["displayValue"]
                .as_str()
                .unwrap()
                .starts_with("[PHONE_"),
            "{c}"
        );
        assert_eq!(c["cells"][2]["displayValue"], "Open");
        // Recall: the same number written again as bare digits.
        let (w, _) = run(json!({"contacts": [{"wa_id": "34913338589"}],
            "messages": [{"from": "34913338589", "id": "wamid.1"}]}));
        assert_eq!(w["messages"][0]["from"], w["contacts"][0]["wa_id"], "{w}");
        assert_eq!(d["contact_methods"][0]["country_code"], 34);
        assert_eq!(d["properties"]["Stage"]["select"]["name"], "Amber");
        // A page title in a database without people is no name.
        let (d, _) = run(
            json!({"properties": {"Name": {"id": "title", "type": "title",
            "title": [{"type": "text", "text": {"content": "Quarterly Planning"}}]}}}),
        );
        assert_eq!(
            d["properties"]["Name"]["title"][0]["text"]["content"],
            "Quarterly Planning"
        );
        // Names are cased throughout: a lower-case word that is no particle
        // makes a generic key's value something else.
        let (d, _) = run(json!({"name": "Victoria Falls offsite", "owner": "Ana van der Berg"}));
        assert_eq!(d["name"], "Victoria Falls offsite");
        assert_eq!(d["owner"], "[NAME_1]", "{d}");
    }

    #[test]
    fn lower_case_handles_under_person_keys() {
        let (d, _) = run(
            json!({"user_profile": {"real_name": "Kojo Owusu", "display_name": "kojo"},
            "text": "can you ping kojo about it"}),
        );
        let handle = d["user_profile"]["display_name"].as_str().unwrap();
        assert!(handle.starts_with("[NAME_"), "{d}");
        assert_ne!(handle, d["user_profile"]["real_name"], "{d}");
        assert_eq!(d["text"], format!("can you ping {handle} about it"));
        // Unknown handles stay.
        let (d, _) = run(json!({"display_name": "unassigned"}));
        assert_eq!(d["display_name"], "unassigned");
    }

    #[test]
    fn a_partys_own_name_and_fhir_human_names_are_names() {
        // A party's `name` member, and QuickBooks' references.
        let (d, _) = run(json!({"consignee": {"name": "Orn-uma Suksomboon"}}));
        assert_eq!(d["consignee"]["name"], "[NAME_1]", "{d}");
        let (d, _) = run(json!({"CustomerRef": {"value": "42", "name": "Erwan Kervella"}}));
        assert_eq!(d["CustomerRef"]["name"], "[NAME_1]", "{d}");
        assert_eq!(d["CustomerRef"]["value"], "42", "{d}");
        // A company as the party, or an item referred to, stays.
        let (d, _) = run(json!({"consignee": {"name": "Globex Corporation"},
            "ItemRef": {"value": "3", "name": "Garden Rake"}}));
        assert_eq!(d["consignee"]["name"], "Globex Corporation", "{d}");
        assert_eq!(d["ItemRef"]["name"], "Garden Rake", "{d}");
        // A vendor's reference may be a freelancer's: read as before.
        let (d, _) = run(json!({"VendorRef": {"value": "56", "name": "Pam Seitz"}}));
        assert_eq!(d["VendorRef"]["name"], "[NAME_1]", "{d}");
        // FHIR's HumanName with its text only, in a patient and in a
        // contact; not a bare text under a thing's name.
        let (d, _) = run(
            json!({"resourceType": "Patient", "name": [{"text": "Koffi Gbagbo"}],
            "contact": [{"relationship": [{"text": "spouse"}], "name": {"text": "อรอุมา วงศ์สวัสดิ์"}}]}),
        );
        assert_eq!(d["name"][0]["text"], "[NAME_1]", "{d}");
        assert_eq!(d["contact"][0]["name"]["text"], "[NAME_2]", "{d}");
        assert_eq!(d["contact"][0]["relationship"][0]["text"], "spouse", "{d}");
        let (d, _) = run(json!({"product": {"name": {"text": "Quiet Harbor"}}}));
        assert_eq!(d["product"]["name"]["text"], "Quiet Harbor", "{d}");
    }

    #[test]
    fn a_records_own_details_make_it_a_persons_but_another_persons_do_not() {
        // The person's own contact details under any key but a role's.
        let (d, _) =
            run(json!({"name": "Quillon Ashworth-Vane", "address": {"phone": "+44 20 7946 0958"}}));
        assert_eq!(d["name"], "[NAME_1]");
        // A deal's owner is another person: the deal's name is no one's.
        let (d, _) = run(
            json!({"deal": {"name": "Carlsberg", "owner": {"name": "Ann Lee", "email": "ann.lee@example.com"}}}),
        );
        assert_eq!(d["deal"]["name"], "Carlsberg");
        assert_eq!(d["deal"]["owner"]["name"], "[NAME_1]");
    }

    #[test]
    fn a_phone_or_address_value_makes_a_person_object() {
        // The number's key says nothing; its value is a phone number.
        let (d, _) = run(json!({"calls": [
            {"contact": "Isolde Throckmorton", "number": "+49 30 166960", "direction": "in"},
            {"contact": "Marigold Abernethy", "line": "isolde@example.org"}
        ]}));
        let calls = d["calls"].as_array().unwrap();
        assert_eq!(calls[0]["contact"], "[NAME_1]");
        assert_eq!(calls[0]["number"], "[PHONE_1]");
        assert_eq!(calls[1]["contact"], "[NAME_2]");
        // A short count, or a phone inside a sentence, vouches for nothing:
        // a generic key with no support stays as it was.
        for other in [
            json!({"number": "1618"}),
            json!({"note": "call +49 30 166960 after six"}),
        ] {
            let mut doc = json!({"contact": "Marigold Abernethy", "direction": "out"});
            doc.as_object_mut()
                .unwrap()
                .extend(other.as_object().unwrap().clone());
            let (d, _) = run(doc);
            assert_eq!(d["contact"], "Marigold Abernethy", "{d}");
        }
        assert!(is_contact_value(" +49 30 166960 "));
        assert!(is_contact_value("isolde@example.org"));
        assert!(!is_contact_value("call +49 30 166960 after six"));
        assert!(!is_contact_value("1618"));
        assert!(!is_contact_value("a@b.c and d@e.org"));
    }

    #[test]
    fn jcard_properties_take_their_kind_from_the_property_name() {
        let (out, _) = run(json!({"contact": ["vcard", [
            ["version", {}, "text", "4.0"],
            ["fn", {}, "text", "Maja Lindqvist"],
            ["n", {}, "text", ["Lindqvist", "Maja", "", "", ""]],
            ["email", {"type": "work"}, "text", "maja@example.se"],
            ["tel", {"type": ["cell"]}, "uri", "tel:+46 70 123 45 67"],
            ["org", {}, "text", "Maersk Line"],
            ["adr", {}, "text", ["", "", "Via del Corso 305", "Göteborg", "", "41101", ""]],
            ["rev", {}, "timestamp", "Fri, 21 Apr 2023 14:28:53 +0000"]
        ]]}));
        let card = &out["contact"][1];
        assert!(card[1][3].as_str().unwrap().starts_with("[NAME_"));
        assert!(card[2][3][0].as_str().unwrap().starts_with("[NAME_"));
        assert!(card[3][3].as_str().unwrap().starts_with("[EMAIL_"));
        assert!(card[4][3].as_str().unwrap().contains("[PHONE_"));
        assert_eq!(card[5][3], "Maersk Line");
        assert_eq!(card[6][3][3], "Göteborg");
        assert_eq!(card[7][3], "Fri, 21 Apr 2023 14:28:53 +0000");
        assert_eq!(card[0][3], "4.0");
    }

    #[test]
    fn structured_record() {
        let doc = json!({"records": [{"FirstName": "Ufukay", "LastName": "Güçlü", "Email": "guclu-u@corp.vandelay.com",
            "MobilePhone": "503.646.3335", "Account": "Vandelay Imports", "notes": "Spoke with Ufukay on the phone"}]});
        let (out, vault) = run(doc.clone());
        let r = &out["records"][0];
        assert_eq!(r["FirstName"], "[NAME_1]");
        assert_eq!(r["LastName"], "[NAME_2]");
        assert_eq!(r["Email"], "[EMAIL_1]");
        assert_eq!(r["MobilePhone"], "[PHONE_1]");
        assert_eq!(r["Account"], "Vandelay Imports");
        assert_eq!(r["notes"], "Spoke with [NAME_1] on the phone");
        let mut back = out.clone();
        restore(&vault, &mut back).unwrap();
        assert_eq!(back, doc);
    }

    #[test]
    fn wrapped_values_take_the_key_above() {
        let doc = json!({"properties": {"firstname": {"value": "Oluwaseun"},
            "phone": {"value": "+49.30.901820"}, "company": {"value": "Dangote Cement"}}});
        let (out, _) = run(doc);
        let p = &out["properties"];
        assert_eq!(p["firstname"]["value"], "[NAME_1]");
        assert_eq!(p["phone"]["value"], "[PHONE_1]");
        assert_eq!(p["company"]["value"], "Dangote Cement");
    }

    #[test]
    fn json_in_text_stays_json() {
        let inner = "{\n  \"ticket\": {\n    \"requester\": {\"name\": \"Maya Vieira\", \"phone\": 4155550132}\n  }\n}";
        let doc = json!({"content": [{"type": "text", "text": inner}]});
        let (out, vault) = run(doc.clone());
        let text = out["content"][0]["text"].as_str().unwrap();
        let parsed: Value = serde_json::from_str(text).unwrap();
        assert_eq!(parsed["ticket"]["requester"]["name"], "[NAME_1]");
        assert_eq!(parsed["ticket"]["requester"]["phone"], "[PHONE_1]");
        let mut back = out.clone();
        restore(&vault, &mut back).unwrap();
        let restored: Value =
            serde_json::from_str(back["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(restored, serde_json::from_str::<Value>(inner).unwrap());
        assert!(restored["ticket"]["requester"]["phone"].is_number());
    }

    #[test]
    fn planted_tokens_are_inert() {
        let doc = json!({"text": "see [EMAIL_1] and [_NAME_2]", "[PHONE_1]": 1});
        let (out, vault) = run(doc.clone());
        assert_eq!(out["text"], "see [_EMAIL_1] and [__NAME_2]");
        assert!(out.get("[_PHONE_1]").is_some());
        let mut back = out;
        restore(&vault, &mut back).unwrap();
        assert_eq!(back, doc);
    }

    #[test]
    fn trusted_text_keeps_the_sessions_tokens() {
        let engine = Engine::default();
        let mut vault = Vault::new().unwrap();
        let t = vault
            .tokenize(&Class::Name, "Ann Lee", "ann lee", None)
            .render();
        let text = format!("Wrote to {t} at bo.berg@fabrikam.com; see [_EMAIL_9]");
        let out = Redactor::new(&engine, &mut vault, None)
            .trusted()
            .redact_text(&text)
            .into_owned();
        assert!(
            out.starts_with(&format!("Wrote to {t} at [EMAIL_")),
            "{out}"
        );
        assert!(out.ends_with("see [_EMAIL_9]"), "{out}");
        // The untrusted path escapes the same text.
        let out = Redactor::new(&engine, &mut vault, None)
            .redact_text(&text)
            .into_owned();
        assert!(out.contains("[_NAME_1]"), "{out}");
    }

    #[test]
    fn keys_holding_pii_are_tokenized() {
        let doc = json!({"ann.lee@example.com": {"visits": 3}});
        let (out, vault) = run(doc.clone());
        assert!(out.get("[EMAIL_1]").is_some());
        let mut back = out;
        restore(&vault, &mut back).unwrap();
        assert_eq!(back, doc);
    }

    #[test]
    fn sheet_tables() {
        let doc = json!({"values": [["Name", "Email", "Phone"], ["Kâzime Zorlu", "k@mail.contoso.com", "+17182630387"]]});
        let (out, _) = run(doc);
        assert_eq!(
            out["values"][1],
            json!(["[NAME_1]", "[EMAIL_1]", "[PHONE_1]"])
        );
        assert_eq!(out["values"][0], json!(["Name", "Email", "Phone"]));
        // Generic columns: a contact value beside a name column makes the
        // row a person's; a column that agrees on names is one.
        let doc = json!({"values": [["#", "Name", "Team", "Contact"],
            [1, "Sjoerd Visser", "Ops", "s.visser@example.nl"],
            [2, "Юлия Смирнова", "Sales", "+7 495 123-45-67"]]});
        let (out, _) = run(doc);
        assert_eq!(out["values"][1][1], "[NAME_1]", "{out}");
        assert_eq!(out["values"][2][1], "[NAME_2]", "{out}");
        assert_eq!(out["values"][1][2], "Ops");
        let doc = json!({"values": [["Contact", "SKU"], ["Dimas Pratama", "SKU8379749"],
            ["Ayaan Yusuf Hirsi", "SKU3603697"], ["Mary Jones", "NB-8713-80"]]});
        let (out, _) = run(doc);
        for r in 1..4 {
            assert!(
                out["values"][r][0].as_str().unwrap().starts_with("[NAME_"),
                "{out}"
            );
        }
        // A column of things stays: not every value has a name's shape.
        let doc = json!({"values": [["Name", "SKU"], ["Blue Widget", "A1"], ["Mary Jones", "B2"],
            ["steel bolts (x100)", "C3"]]});
        let (out, _) = run(doc);
        assert_eq!(out["values"][1][0], "Blue Widget", "{out}");
    }

    #[test]
    fn json_in_table_headers_keeps_its_place() {
        let doc = json!([["{}", "email"], ["x", "{\"phone\":\"212-886-2773\"}"]]);
        let (out, vault) = run(doc.clone());
        assert_eq!(out[0][0], "{}");
        let mut back = out;
        restore(&vault, &mut back).unwrap();
        assert_eq!(crate::check::norm(&back), crate::check::norm(&doc));
    }

    #[test]
    fn duplicate_keys_in_json_text_do_not_hide_values() {
        let doc = json!({"t": "{\"email\":\"ann@x.com\",\"email\":\"x\"}"});
        let (out, _) = run(doc);
        assert!(!out.to_string().contains("ann@x.com"), "{out}");
    }

    #[test]
    fn unknown_and_malformed_tokens_fail() {
        let vault = Vault::new().unwrap();
        let mut d = json!({"a": ["x [EMAIL_3] y"]});
        let e = restore(&vault, &mut d).unwrap_err().to_string();
        assert_eq!(
            e,
            "at /a/0: unknown token [EMAIL_3]: it was not issued in this session"
        );
        let mut d = json!("[NAME_0]");
        assert!(restore(&vault, &mut d).is_err());
    }
}

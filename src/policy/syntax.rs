//! Rule files: parsing with spans, validation that reports every mistake
//! with its file, line and column (and "did you mean"), merging, the
//! canonical form and its hash.
//!
//! ```toml
//! [defaults]           # optional; both are "deny" unless opted out
//! flow = "deny"
//! call = "deny"
//!
//! [limits]
//! max_tokens_per_call = 100
//!
//! [[flow]]
//! id = "crm-email-to-mailer"
//! effect = "allow"                     # allow | redact | require_approval | deny
//! class = "email"                      # "email", ["email", "phone"], "*", or omitted (content)
//! from = { server = "crm", tool = "*" }
//! to = { server = "mailer", tool = "send_email", arg = "/to" }
//! taint = "value"                      # value | session
//!
//! [[call]]
//! id = "payments-need-approval"
//! effect = "require_approval"
//! server = "payments"
//! tool = "*"
//! when = [{ arg = "/amount", present = true }]
//! ```

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::{
    CallRule, Classes, Condition, Defaults, Effect, Endpoint, FlowRule, Glob, Origin, PointerGlob,
    RuleSet, Taint, Target, Test, pointer_segments,
};
use crate::config::{did_you_mean, line_col};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// One problem in a rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub span: Range<usize>,
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// "did you mean ...", or how to fix it.
    pub help: Option<String>,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "{}:{}:{}: {kind}: {}",
            self.file, self.line, self.column, self.message
        )?;
        if let Some(h) = &self.help {
            write!(f, " ({h})")?;
        }
        Ok(())
    }
}

/// Known field names, for "unknown field" and "did you mean".
const TOP: &[&str] = &["defaults", "limits", "flow", "call"];
const FLOW_FIELDS: &[&str] = &[
    "id",
    "description",
    "effect",
    "class",
    "from",
    "to",
    "taint",
    "same_server",
];
const CALL_FIELDS: &[&str] = &["id", "description", "effect", "server", "tool", "when"];
const FROM_FIELDS: &[&str] = &["server", "tool"];
const TO_FIELDS: &[&str] = &["server", "tool", "arg"];
const WHEN_FIELDS: &[&str] = &["arg", "equals", "one_of", "matches", "present"];
const DEFAULTS_FIELDS: &[&str] = &["flow", "call"];
const LIMITS_FIELDS: &[&str] = &["max_tokens_per_call"];
pub const BUILTIN_CLASSES: &[&str] = &["email", "phone", "name"];

struct Ctx<'a> {
    file: &'a str,
    text: &'a str,
    diags: Vec<Diagnostic>,
    classes: Vec<String>,
    /// Every rule id written (valid rule or not), with its line, for the
    /// duplicate check.
    ids: Vec<(String, usize)>,
}

type Table<'i> = DeTable<'i>;
type Val<'i> = Spanned<DeValue<'i>>;

fn kind_of(v: &DeValue) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

impl Ctx<'_> {
    fn report(
        &mut self,
        severity: Severity,
        span: Range<usize>,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        let (line, column) = line_col(self.text, span.start);
        self.diags.push(Diagnostic {
            severity,
            file: self.file.to_string(),
            span,
            line,
            column,
            message: message.into(),
            help,
        });
    }

    fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.report(Severity::Error, span, message, None);
    }

    fn error_help(&mut self, span: Range<usize>, message: impl Into<String>, help: Option<String>) {
        self.report(Severity::Error, span, message, help);
    }

    fn unknown_fields(&mut self, t: &Table, allowed: &[&str], what: &str) {
        for (k, _) in t.iter() {
            let key = k.get_ref().as_ref();
            if !allowed.contains(&key) {
                let help = did_you_mean(key, allowed.iter().copied())
                    .map(|s| format!("did you mean `{s}`?"));
                self.error_help(
                    k.span(),
                    format!(
                        "unknown field `{key}` in {what}; expected one of {}",
                        list(allowed)
                    ),
                    help,
                );
            }
        }
    }

    fn string(&mut self, t: &Table, key: &str, what: &str) -> Option<(String, Range<usize>)> {
        let v = t.get(key)?;
        match v.get_ref() {
            DeValue::String(s) => Some((s.to_string(), v.span())),
            other => {
                self.error(
                    v.span(),
                    format!("`{key}` in {what} must be a string, not {}", kind_of(other)),
                );
                None
            }
        }
    }

    fn required_string(
        &mut self,
        t: &Table,
        key: &str,
        what: &str,
        at: Range<usize>,
    ) -> Option<(String, Range<usize>)> {
        if t.get(key).is_none() {
            self.error(at, format!("{what} needs `{key}`"));
            return None;
        }
        self.string(t, key, what)
    }

    fn bool(&mut self, t: &Table, key: &str, what: &str) -> Option<bool> {
        let v = t.get(key)?;
        match v.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            other => {
                self.error(
                    v.span(),
                    format!(
                        "`{key}` in {what} must be true or false, not {}",
                        kind_of(other)
                    ),
                );
                None
            }
        }
    }

    fn table<'t, 'i>(
        &mut self,
        t: &'t Table<'i>,
        key: &str,
        what: &str,
    ) -> Option<(&'t Table<'i>, Range<usize>)> {
        let v = t.get(key)?;
        match v.get_ref() {
            DeValue::Table(tt) => Some((tt, v.span())),
            other => {
                self.error(
                    v.span(),
                    format!(
                        "`{key}` in {what} must be a table ({{ ... }}), not {}",
                        kind_of(other)
                    ),
                );
                None
            }
        }
    }

    fn effect(&mut self, t: &Table, what: &str, at: Range<usize>) -> Option<Effect> {
        let (s, span) = self.required_string(t, "effect", what, at)?;
        match Effect::parse(&s) {
            Some(e) => Some(e),
            None => {
                let help = did_you_mean(&s, Effect::ALL).map(|x| format!("did you mean `{x}`?"));
                self.error_help(
                    span,
                    format!(
                        "`{s}` is not an effect; expected one of {}",
                        list(&Effect::ALL)
                    ),
                    help,
                );
                None
            }
        }
    }

    fn glob(&mut self, value: Option<(String, Range<usize>)>) -> Option<Glob> {
        match value {
            None => Some(Glob::any()),
            Some((s, span)) => match Glob::new(&s) {
                Ok(g) => Some(g),
                Err(m) => {
                    self.error(span, m);
                    None
                }
            },
        }
    }

    fn id(&mut self, t: &Table, what: &str, at: Range<usize>) -> Option<(String, Range<usize>)> {
        let (id, span) = self.required_string(t, "id", what, at.clone())?;
        let (line, _) = line_col(self.text, at.start);
        self.ids.push((id.clone(), line));
        let ok = id.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        if !ok {
            self.error(span.clone(), format!("rule id `{id}` may only hold ASCII letters, digits, `-`, `_` and `.`, starting with a letter or digit"));
            return None;
        }
        Some((id, span))
    }

    fn origin(&self, at: Range<usize>) -> Origin {
        let (line, _) = line_col(self.text, at.start);
        Origin {
            file: self.file.to_string(),
            line,
        }
    }

    fn classes(&mut self, t: &Table, what: &str) -> Option<Classes> {
        let Some(v) = t.get("class") else {
            return Some(Classes::Content);
        };
        let mut names: Vec<(String, Range<usize>)> = Vec::new();
        match v.get_ref() {
            DeValue::String(s) => names.push((s.to_string(), v.span())),
            DeValue::Array(a) => {
                for item in a.iter() {
                    match item.get_ref() {
                        DeValue::String(s) => names.push((s.to_string(), item.span())),
                        other => self.error(
                            item.span(),
                            format!("a class in {what} must be a string, not {}", kind_of(other)),
                        ),
                    }
                }
                if names.is_empty() {
                    self.error(
                        v.span(),
                        format!("`class` in {what} is empty; write \"*\" for every class"),
                    );
                    return None;
                }
            }
            other => {
                self.error(
                    v.span(),
                    format!(
                        "`class` in {what} must be a class name, a list of them, or \"*\", not {}",
                        kind_of(other)
                    ),
                );
                return None;
            }
        }
        if names.len() == 1 && names[0].0 == "*" {
            return Some(Classes::Any);
        }
        let mut out = Vec::new();
        let mut ok = true;
        for (n, span) in names {
            if n == "*" {
                self.error(span, "\"*\" stands alone: write `class = \"*\"`");
                ok = false;
            } else if self.classes.contains(&n) {
                out.push(n);
            } else {
                let known: Vec<&str> = self.classes.iter().map(String::as_str).collect();
                let help =
                    did_you_mean(&n, known.iter().copied()).map(|x| format!("did you mean `{x}`?"));
                self.error_help(
                    span,
                    format!("unknown class `{n}`; known classes: {}", list(&known)),
                    help,
                );
                ok = false;
            }
        }
        out.sort();
        out.dedup();
        ok.then_some(Classes::Some(out))
    }

    fn pointer_glob(
        &mut self,
        value: Option<(String, Range<usize>)>,
    ) -> Option<Option<PointerGlob>> {
        match value {
            None => Some(None),
            Some((s, span)) => match PointerGlob::new(&s) {
                Ok(p) => Some(Some(p)),
                Err(m) => {
                    self.error(span, m);
                    None
                }
            },
        }
    }

    fn flow(&mut self, v: &Val) -> Option<FlowRule> {
        let what = "a [[flow]] rule";
        let DeValue::Table(t) = v.get_ref() else {
            self.error(
                v.span(),
                format!(
                    "each [[flow]] must be a table, not {}",
                    kind_of(v.get_ref())
                ),
            );
            return None;
        };
        let at = v.span();
        self.unknown_fields(t, FLOW_FIELDS, what);
        let id = self.id(t, what, at.clone());
        let effect = self.effect(t, what, at.clone());
        let classes = self.classes(t, what);
        let description = self.string(t, "description", what).map(|x| x.0);
        let taint = match self.string(t, "taint", what) {
            None => Some(Taint::Value),
            Some((s, span)) => match s.as_str() {
                "value" => Some(Taint::Value),
                "session" => Some(Taint::Session),
                _ => {
                    let help = did_you_mean(&s, ["value", "session"])
                        .map(|x| format!("did you mean `{x}`?"));
                    self.error_help(
                        span,
                        format!("`{s}` is not a taint; expected `value` or `session`"),
                        help,
                    );
                    None
                }
            },
        };
        let same_server = self.bool(t, "same_server", what).unwrap_or(false);
        let from = match self.table(t, "from", what) {
            None => {
                if t.get("from").is_some() {
                    None
                } else {
                    Some(None)
                }
            }
            Some((ft, _)) => {
                self.unknown_fields(ft, FROM_FIELDS, "`from`");
                let server = self.string(ft, "server", "`from`");
                let tool = self.string(ft, "tool", "`from`");
                match (self.glob(server), self.glob(tool)) {
                    (Some(server), Some(tool)) => Some(Some(Endpoint { server, tool })),
                    _ => None,
                }
            }
        };
        let to = match self.table(t, "to", what) {
            None => {
                if t.get("to").is_none() {
                    self.error_help(at.clone(), format!("{what} needs `to`"), Some("e.g. to = { server = \"mailer\", tool = \"send_email\", arg = \"/to\" }".into()));
                }
                None
            }
            Some((tt, span)) => {
                self.unknown_fields(tt, TO_FIELDS, "`to`");
                let server = self.required_string(tt, "server", "`to`", span.clone());
                let tool = self.string(tt, "tool", "`to`");
                let arg = self.string(tt, "arg", "`to`");
                let server = server.and_then(|s| self.glob(Some(s)));
                match (server, self.glob(tool), self.pointer_glob(arg)) {
                    (Some(server), Some(tool), Some(arg)) => Some(Target { server, tool, arg }),
                    _ => None,
                }
            }
        };
        if let (Some(Classes::Content), Some(Taint::Value)) = (&classes, taint) {
            self.error_help(
                at.clone(),
                format!("{what} without `class` is about the session's content: it needs `taint = \"session\"`"),
                Some("or give it a `class` to govern tokens of that class".into()),
            );
            return None;
        }
        if same_server && taint == Some(Taint::Session) {
            self.error(
                at.clone(),
                "`same_server` compares a value's own sources: it needs `taint = \"value\"`",
            );
            return None;
        }
        if let (Some(Classes::Content), Some(Effect::Allow)) = (&classes, effect) {
            self.report(
                Severity::Warning,
                at.clone(),
                "a content rule (no `class`) can only restrict calls; `allow` has no effect here",
                Some("use deny, require_approval, or give the rule a `class`".into()),
            );
        }
        Some(FlowRule {
            id: id?.0,
            description,
            effect: effect?,
            classes: classes?,
            from: from?,
            to: to?,
            taint: taint?,
            same_server,
            origin: self.origin(at),
        })
    }

    fn condition(&mut self, v: &Val) -> Option<Condition> {
        let what = "a `when` condition";
        let DeValue::Table(t) = v.get_ref() else {
            self.error(
                v.span(),
                format!("{what} must be a table like {{ arg = \"/amount\", present = true }}"),
            );
            return None;
        };
        self.unknown_fields(t, WHEN_FIELDS, what);
        let (arg, span) = self.required_string(t, "arg", what, v.span())?;
        if let Err(m) = pointer_segments(&arg) {
            self.error(span, m);
            return None;
        }
        let tests: Vec<&str> = ["equals", "one_of", "matches", "present"]
            .into_iter()
            .filter(|k| t.get(*k).is_some())
            .collect();
        if tests.len() != 1 {
            self.error_help(
                v.span(),
                format!("{what} needs exactly one of `equals`, `one_of`, `matches`, `present` (found {})", tests.len()),
                None,
            );
            return None;
        }
        let test = match tests[0] {
            "equals" => Test::Equals(to_json(t.get("equals")?.get_ref())?),
            "one_of" => {
                let x = t.get("one_of")?;
                let DeValue::Array(a) = x.get_ref() else {
                    self.error(x.span(), "`one_of` must be an array of values");
                    return None;
                };
                Test::OneOf(a.iter().filter_map(|i| to_json(i.get_ref())).collect())
            }
            "matches" => {
                let pattern = self.string(t, "matches", what);
                Test::Matches(self.glob(pattern)?)
            }
            _ => Test::Present(self.bool(t, "present", what)?),
        };
        Some(Condition { arg, test })
    }

    fn call(&mut self, v: &Val) -> Option<CallRule> {
        let what = "a [[call]] rule";
        let DeValue::Table(t) = v.get_ref() else {
            self.error(
                v.span(),
                format!(
                    "each [[call]] must be a table, not {}",
                    kind_of(v.get_ref())
                ),
            );
            return None;
        };
        let at = v.span();
        self.unknown_fields(t, CALL_FIELDS, what);
        let id = self.id(t, what, at.clone());
        let effect = self.effect(t, what, at.clone());
        let description = self.string(t, "description", what).map(|x| x.0);
        let server = self.required_string(t, "server", what, at.clone());
        let server = server.and_then(|s| self.glob(Some(s)));
        let tool = self.string(t, "tool", what);
        let tool = self.glob(tool);
        if effect == Some(Effect::Redact) {
            self.error_help(
                t.get("effect").map_or(at.clone(), |e| e.span()),
                "`redact` applies to tokens, so to [[flow]] rules; a call is allowed, approved or denied",
                Some("write this as a [[flow]] rule with effect = \"redact\"".into()),
            );
            return None;
        }
        let mut when = Vec::new();
        let mut ok = true;
        if let Some(w) = t.get("when") {
            match w.get_ref() {
                DeValue::Array(a) => {
                    for c in a.iter() {
                        match self.condition(c) {
                            Some(c) => when.push(c),
                            None => ok = false,
                        }
                    }
                }
                DeValue::Table(_) => match self.condition(w) {
                    Some(c) => when.push(c),
                    None => ok = false,
                },
                other => {
                    self.error(
                        w.span(),
                        format!(
                            "`when` must be a condition or a list of them, not {}",
                            kind_of(other)
                        ),
                    );
                    ok = false;
                }
            }
        }
        if !ok {
            return None;
        }
        Some(CallRule {
            id: id?.0,
            description,
            effect: effect?,
            server: server?,
            tool: tool?,
            when,
            origin: self.origin(at),
        })
    }
}

fn list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn to_json(v: &DeValue) -> Option<Value> {
    Some(match v {
        DeValue::String(s) => Value::String(s.to_string()),
        DeValue::Integer(i) => {
            let n = i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok()?;
            Value::from(n)
        }
        DeValue::Float(f) => Value::from(f.as_str().replace('_', "").parse::<f64>().ok()?),
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::Datetime(d) => Value::String(d.to_string()),
        DeValue::Array(a) => Value::Array(a.iter().filter_map(|x| to_json(x.get_ref())).collect()),
        DeValue::Table(t) => Value::Object(
            t.iter()
                .filter_map(|(k, v)| Some((k.get_ref().to_string(), to_json(v.get_ref())?)))
                .collect(),
        ),
    })
}

/// One parsed file: its rules and every diagnostic.
pub struct Parsed {
    /// Every id written, with the line of its rule.
    pub ids: Vec<(String, usize)>,
    pub flows: Vec<FlowRule>,
    pub calls: Vec<CallRule>,
    pub defaults: Option<Defaults>,
    pub max_tokens_per_call: Option<usize>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses one rule file. `lexicons` are the custom classes (rule names).
pub fn parse_file(file: &str, text: &str, lexicons: &[String]) -> Parsed {
    let mut classes: Vec<String> = BUILTIN_CLASSES.iter().map(|s| s.to_string()).collect();
    classes.extend(lexicons.iter().cloned());
    let mut cx = Ctx {
        file,
        text,
        diags: Vec::new(),
        classes,
        ids: Vec::new(),
    };
    let (doc, errors) = DeTable::parse_recoverable(text);
    for e in errors {
        let span = e.span().unwrap_or(0..0);
        cx.error(span, e.message().to_string());
    }
    let mut out = Parsed {
        ids: Vec::new(),
        flows: Vec::new(),
        calls: Vec::new(),
        defaults: None,
        max_tokens_per_call: None,
        diagnostics: Vec::new(),
    };
    let doc = doc.get_ref();
    cx.unknown_fields(doc, TOP, "a rule file");
    for (key, what, out_flows) in [("flow", "[[flow]]", true), ("call", "[[call]]", false)] {
        let Some(v) = doc.get(key) else {
            continue;
        };
        let DeValue::Array(items) = v.get_ref() else {
            cx.error_help(
                v.span(),
                format!("`{key}` must be a list of rules"),
                Some(format!("write each rule under a {what} header")),
            );
            continue;
        };
        for item in items.iter() {
            if out_flows {
                if let Some(r) = cx.flow(item) {
                    out.flows.push(r);
                }
            } else if let Some(r) = cx.call(item) {
                out.calls.push(r);
            }
        }
    }
    if let Some((d, _)) = cx.table(doc, "defaults", "the rule file") {
        cx.unknown_fields(d, DEFAULTS_FIELDS, "[defaults]");
        let mut defaults = Defaults::default();
        for (key, slot) in [("flow", &mut defaults.flow), ("call", &mut defaults.call)] {
            if let Some((s, span)) = cx.string(d, key, "[defaults]") {
                match s.as_str() {
                    "deny" => {}
                    "allow" => {
                        *slot = Effect::Allow;
                        cx.report(
                            Severity::Warning,
                            span,
                            format!(
                                "[defaults] {key} = \"allow\": {} no rule covers are allowed",
                                if key == "flow" { "values" } else { "calls" }
                            ),
                            Some("the safe default is \"deny\"".into()),
                        );
                    }
                    other => {
                        let help = did_you_mean(other, ["deny", "allow"])
                            .map(|x| format!("did you mean `{x}`?"));
                        cx.error_help(
                            span,
                            format!(
                                "[defaults] {key} must be \"deny\" or \"allow\", not \"{other}\""
                            ),
                            help,
                        );
                    }
                }
            }
        }
        out.defaults = Some(defaults);
    }
    if let Some((l, _)) = cx.table(doc, "limits", "the rule file") {
        cx.unknown_fields(l, LIMITS_FIELDS, "[limits]");
        if let Some(v) = l.get("max_tokens_per_call") {
            match v.get_ref() {
                DeValue::Integer(i) => match i.as_str().replace('_', "").parse::<usize>() {
                    Ok(n) if n > 0 => out.max_tokens_per_call = Some(n),
                    _ => cx.error(v.span(), "max_tokens_per_call must be a positive integer"),
                },
                other => cx.error(
                    v.span(),
                    format!(
                        "max_tokens_per_call must be an integer, not {}",
                        kind_of(other)
                    ),
                ),
            }
        }
    }
    cx.diags.sort_by_key(|d| (d.span.start, d.span.end));
    out.diagnostics = cx.diags;
    out.ids = cx.ids;
    out
}

/// The result of loading every rule file.
pub struct Loaded {
    pub rules: RuleSet,
    /// Warnings (and, in `Err`, errors), in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// (file name, text), for rendering reports.
    pub sources: Vec<(String, String)>,
}

/// The `.toml` files of `paths` (files as given, directories' `*.toml`
/// sorted, `tests/` subdirectories skipped).
pub fn files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.is_file() && f.extension().is_some_and(|x| x == "toml"))
                .collect();
            found.sort();
            out.extend(found);
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such rule file or directory", p.display()));
        }
    }
    Ok(out)
}

/// Merges parsed files: duplicate ids are errors; `[defaults]` and
/// `[limits]` may appear once at most.
pub fn merge(parsed: Vec<(String, String, Parsed)>) -> Result<Loaded, Box<Loaded>> {
    let mut flows = Vec::new();
    let mut calls = Vec::new();
    let mut defaults: Option<(Defaults, String)> = None;
    let mut max_tokens: Option<usize> = None;
    let mut diagnostics = Vec::new();
    let mut sources = Vec::new();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for (file, text, p) in parsed {
        diagnostics.extend(p.diagnostics);
        let mut dups: BTreeMap<usize, String> = BTreeMap::new();
        for (id, line) in &p.ids {
            if let Some(first) = seen.get(id) {
                let at = nth_line_offset(&text, *line);
                diagnostics.push(Diagnostic {
                    severity: Severity::Error,
                    file: file.clone(),
                    span: at..at,
                    line: *line,
                    column: 1,
                    message: format!("duplicate rule id `{id}` (first defined at {first})"),
                    help: Some("rule ids are unique across all rule files".into()),
                });
                dups.insert(*line, id.clone());
            } else {
                seen.insert(id.clone(), format!("{file}:{line}"));
            }
        }
        let is_dup = |r_id: &str, line: usize| dups.get(&line).is_some_and(|d| d == r_id);
        flows.extend(
            p.flows
                .into_iter()
                .filter(|r| !is_dup(&r.id, r.origin.line)),
        );
        calls.extend(
            p.calls
                .into_iter()
                .filter(|r| !is_dup(&r.id, r.origin.line)),
        );
        if let Some(d) = p.defaults {
            if let Some((_, first)) = &defaults {
                diagnostics.push(Diagnostic {
                    severity: Severity::Error,
                    file: file.clone(),
                    span: 0..0,
                    line: 1,
                    column: 1,
                    message: format!("[defaults] appears in more than one file (also in {first})"),
                    help: None,
                });
            } else {
                defaults = Some((d, file.clone()));
            }
        }
        if let Some(m) = p.max_tokens_per_call {
            max_tokens = Some(max_tokens.map_or(m, |x: usize| x.min(m)));
        }
        sources.push((file, text));
    }
    // In file order, and in text order within each file.
    let order: Vec<String> = sources.iter().map(|(f, _)| f.clone()).collect();
    diagnostics.sort_by_key(|d| {
        (
            order
                .iter()
                .position(|f| *f == d.file)
                .unwrap_or(usize::MAX),
            d.span.start,
        )
    });
    let defaults = defaults.map(|d| d.0).unwrap_or_default();
    let max_tokens_per_call = max_tokens.unwrap_or(super::DEFAULT_MAX_TOKENS_PER_CALL);
    let hash = hash_rules(&flows, &calls, &defaults, max_tokens_per_call);
    let loaded = Loaded {
        rules: RuleSet {
            flows,
            calls,
            defaults,
            max_tokens_per_call,
            hash,
            files: sources.iter().map(|(f, _)| f.clone()).collect(),
        },
        diagnostics,
        sources,
    };
    if loaded
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error)
    {
        Err(Box::new(loaded))
    } else {
        Ok(loaded)
    }
}

fn nth_line_offset(text: &str, line: usize) -> usize {
    text.split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum()
}

/// Loads and merges the rule files under `paths`.
pub fn load(paths: &[PathBuf], lexicons: &[String]) -> Result<Loaded, Box<Loaded>> {
    let empty = |message: String| {
        Box::new(Loaded {
            rules: RuleSet::empty(),
            diagnostics: vec![Diagnostic {
                severity: Severity::Error,
                file: paths
                    .first()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default(),
                span: 0..0,
                line: 1,
                column: 1,
                message,
                help: None,
            }],
            sources: Vec::new(),
        })
    };
    let files = files(paths).map_err(empty)?;
    let mut parsed = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(&f).map_err(|e| empty(format!("{name}: {e}")))?;
        let p = parse_file(&name, &text, lexicons);
        parsed.push((name, text, p));
    }
    merge(parsed)
}

/// Parses one text as a whole rule set (tests, fuzzing, embedded rules).
pub fn parse_str(file: &str, text: &str, lexicons: &[String]) -> Result<RuleSet, Vec<Diagnostic>> {
    let p = parse_file(file, text, lexicons);
    merge(vec![(file.to_string(), text.to_string(), p)])
        .map(|l| l.rules)
        .map_err(|l| l.diagnostics)
}

/// Renders diagnostics with source excerpts (codespan), one block each.
pub fn render(diags: &[Diagnostic], sources: &[(String, String)], color: bool) -> String {
    use codespan_reporting::diagnostic::{Diagnostic as CDiag, Label};
    use codespan_reporting::files::SimpleFiles;
    use codespan_reporting::term;
    let mut files = SimpleFiles::new();
    let ids: BTreeMap<&str, usize> = sources
        .iter()
        .map(|(name, text)| (name.as_str(), files.add(name.clone(), text.clone())))
        .collect();
    let mut buf = term::termcolor::Buffer::no_color();
    let mut colored = term::termcolor::Buffer::ansi();
    let out: &mut dyn term::termcolor::WriteColor = if color { &mut colored } else { &mut buf };
    let config = term::Config::default();
    let mut plain = String::new();
    for d in diags {
        let mut c = match d.severity {
            Severity::Error => CDiag::error(),
            Severity::Warning => CDiag::warning(),
        }
        .with_message(&d.message);
        match ids.get(d.file.as_str()) {
            Some(id) => {
                let end = d.span.end.max(d.span.start + 1);
                c = c.with_labels(vec![Label::primary(*id, d.span.start..end)]);
            }
            None => plain.push_str(&format!("{d}\n")),
        }
        if let Some(h) = &d.help {
            c = c.with_notes(vec![format!("help: {h}")]);
        }
        if ids.contains_key(d.file.as_str()) {
            let _ = term::emit_to_write_style(out, &config, &files, &c);
        }
    }
    let bytes = if color {
        colored.into_inner()
    } else {
        buf.into_inner()
    };
    plain + &String::from_utf8_lossy(&bytes)
}

// ---- canonical form -------------------------------------------------------------

fn q(s: &str) -> String {
    toml_string(s)
}

fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn toml_value(v: &Value) -> String {
    match v {
        Value::String(s) => toml_string(s),
        Value::Number(n) => {
            if n.is_f64() {
                let f = n.as_f64().unwrap_or(0.0);
                if f.fract() == 0.0 && f.abs() < 1e15 {
                    format!("{f:.1}")
                } else {
                    format!("{f}")
                }
            } else {
                n.to_string()
            }
        }
        Value::Bool(b) => b.to_string(),
        Value::Null => "\"\"".into(),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(toml_value).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(o) => format!(
            "{{ {} }}",
            o.iter()
                .map(|(k, v)| format!("{} = {}", toml_string(k), toml_value(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The rules as TOML in canonical form: sorted by id, every field written.
/// Parsing it gives the same rules back.
pub fn format_rules(rules: &RuleSet) -> String {
    format_parts(
        &rules.flows,
        &rules.calls,
        &rules.defaults,
        rules.max_tokens_per_call,
    )
}

fn format_parts(
    flows: &[FlowRule],
    calls: &[CallRule],
    defaults: &Defaults,
    max_tokens: usize,
) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "[defaults]\nflow = {}\ncall = {}\n\n[limits]\nmax_tokens_per_call = {max_tokens}\n",
        q(if defaults.flow == Effect::Allow {
            "allow"
        } else {
            "deny"
        }),
        q(if defaults.call == Effect::Allow {
            "allow"
        } else {
            "deny"
        }),
    ));
    let mut flows: Vec<&FlowRule> = flows.iter().collect();
    flows.sort_by(|a, b| a.id.cmp(&b.id));
    for r in flows {
        s.push_str(&format!("\n[[flow]]\nid = {}\n", q(&r.id)));
        if let Some(d) = &r.description {
            s.push_str(&format!("description = {}\n", q(d)));
        }
        s.push_str(&format!("effect = {}\n", q(r.effect.name())));
        match &r.classes {
            Classes::Any => s.push_str("class = \"*\"\n"),
            Classes::Some(v) => s.push_str(&format!(
                "class = [{}]\n",
                v.iter().map(|c| q(c)).collect::<Vec<_>>().join(", ")
            )),
            Classes::Content => {}
        }
        if let Some(f) = &r.from {
            s.push_str(&format!(
                "from = {{ server = {}, tool = {} }}\n",
                q(&f.server.text),
                q(&f.tool.text)
            ));
        }
        s.push_str(&format!(
            "to = {{ server = {}, tool = {}",
            q(&r.to.server.text),
            q(&r.to.tool.text)
        ));
        if let Some(a) = &r.to.arg {
            s.push_str(&format!(", arg = {}", q(&a.text)));
        }
        s.push_str(" }\n");
        s.push_str(&format!(
            "taint = {}\nsame_server = {}\n",
            q(if r.taint == Taint::Session {
                "session"
            } else {
                "value"
            }),
            r.same_server
        ));
    }
    let mut calls: Vec<&CallRule> = calls.iter().collect();
    calls.sort_by(|a, b| a.id.cmp(&b.id));
    for r in calls {
        s.push_str(&format!("\n[[call]]\nid = {}\n", q(&r.id)));
        if let Some(d) = &r.description {
            s.push_str(&format!("description = {}\n", q(d)));
        }
        s.push_str(&format!(
            "effect = {}\nserver = {}\ntool = {}\n",
            q(r.effect.name()),
            q(&r.server.text),
            q(&r.tool.text)
        ));
        if !r.when.is_empty() {
            let conds: Vec<String> = r
                .when
                .iter()
                .map(|c| {
                    let test = match &c.test {
                        Test::Equals(v) => format!("equals = {}", toml_value(v)),
                        Test::OneOf(v) => format!(
                            "one_of = [{}]",
                            v.iter().map(toml_value).collect::<Vec<_>>().join(", ")
                        ),
                        Test::Matches(g) => format!("matches = {}", q(&g.text)),
                        Test::Present(b) => format!("present = {b}"),
                    };
                    format!("{{ arg = {}, {test} }}", q(&c.arg))
                })
                .collect();
            s.push_str(&format!("when = [{}]\n", conds.join(", ")));
        }
    }
    s
}

/// SHA-256 of the canonical form.
pub fn hash_rules(
    flows: &[FlowRule],
    calls: &[CallRule],
    defaults: &Defaults,
    max_tokens: usize,
) -> String {
    let text = format_parts(flows, calls, defaults, max_tokens);
    let d = ring::digest::digest(&ring::digest::SHA256, text.as_bytes());
    d.as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads the built-in default rules.
pub fn builtin(name: &str, text: &str) -> RuleSet {
    match parse_str(name, text, &[]) {
        Ok(r) => r,
        // The embedded files are tested; should one ever fail, nothing is allowed.
        Err(_) => RuleSet::empty(),
    }
}

/// Where rule files are looked for by default: `rules/` beside the config.
pub fn default_paths(config: Option<&Path>) -> Vec<PathBuf> {
    let dir = config
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let p = dir.join("rules");
    if p.is_dir() { vec![p] } else { Vec::new() }
}

/// Servers and tools named in rules that no configured server has:
/// warnings, or errors with `strict`. `catalog` is (server, its tools).
pub fn check_catalog(
    rules: &RuleSet,
    catalog: &[(String, Vec<String>)],
    sources: &[(String, String)],
    strict: bool,
) -> Vec<Diagnostic> {
    let severity = if strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    let mut out = Vec::new();
    let mut report = |origin: &Origin, what: &str, pattern: &str, message: String| {
        // Point at the pattern's text in the rule, when it can be found.
        let text = sources
            .iter()
            .find(|(f, _)| *f == origin.file)
            .map(|(_, t)| t.as_str())
            .unwrap_or("");
        let start = nth_line_offset(text, origin.line);
        let needle = format!("{what} = {}", toml_string(pattern));
        let at = text[start.min(text.len())..]
            .find(&needle)
            .map_or(start, |i| start + i + what.len() + 3);
        let (line, column) = if text.is_empty() {
            (origin.line, 1)
        } else {
            line_col(text, at)
        };
        out.push(Diagnostic {
            severity,
            file: origin.file.clone(),
            span: at..at + pattern.len() + 2,
            line,
            column,
            message,
            help: None,
        });
    };
    let servers: Vec<&str> = catalog.iter().map(|(s, _)| s.as_str()).collect();
    let mut check = |origin: &Origin, id: &str, server: &Glob, tool: &Glob| {
        let matching: Vec<&(String, Vec<String>)> =
            catalog.iter().filter(|(s, _)| server.matches(s)).collect();
        if matching.is_empty() {
            let hint = did_you_mean(&server.text, servers.iter().copied())
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
            report(
                origin,
                "server",
                &server.text,
                format!(
                    "rule `{id}` names server `{}`, which no configured server matches{hint}",
                    server.text
                ),
            );
        } else if tool.text != "*"
            && !tool.text.contains('/')
            && !matching
                .iter()
                .any(|(_, tools)| tools.iter().any(|t| tool.matches(t)))
        {
            let all: Vec<&str> = matching
                .iter()
                .flat_map(|(_, t)| t.iter().map(String::as_str))
                .collect();
            let hint = did_you_mean(&tool.text, all.iter().copied())
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
            report(
                origin,
                "tool",
                &tool.text,
                format!(
                    "rule `{id}` names tool `{}`, which server `{}` does not have{hint}",
                    tool.text, server.text
                ),
            );
        }
    };
    for r in &rules.flows {
        if let Some(f) = &r.from {
            check(&r.origin, &r.id, &f.server, &f.tool);
        }
        check(&r.origin, &r.id, &r.to.server, &r.to.tool);
    }
    for r in &rules.calls {
        check(&r.origin, &r.id, &r.server, &r.tool);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<Diagnostic> {
        parse_str("r.toml", text, &["project_codes".to_string()]).unwrap_err()
    }

    #[test]
    fn every_mistake_is_reported_with_its_position() {
        let text = r#"[[flow]]
id = "a"
efect = "allow"
class = "emial"
to = { server = "mailer", arg = "to" }

[[flow]]
id = "b"
effect = "permit"
class = ["email", 3]
to = { server = "[", tool = "x" }
taint = "sesion"

[[call]]
id = "a"
effect = "allow"
server = "x"
when = [{ arg = "/n", equals = 1, present = true }]

[limits]
max_tokens_per_call = 0
"#;
        let d = errors(text);
        let got: Vec<(usize, usize, &str)> = d
            .iter()
            .map(|d| (d.line, d.column, d.message.as_str()))
            .collect();
        let has = |line: usize, col: usize, needle: &str| {
            assert!(
                got.iter()
                    .any(|(l, c, m)| *l == line && *c == col && m.contains(needle)),
                "no `{needle}` at {line}:{col} in {got:#?}"
            )
        };
        has(3, 1, "unknown field `efect`");
        assert!(
            d.iter()
                .any(|x| x.help.as_deref() == Some("did you mean `effect`?"))
        );
        has(1, 1, "needs `effect`");
        has(4, 9, "unknown class `emial`");
        has(5, 33, "must start with `/`");
        has(9, 10, "`permit` is not an effect");
        has(10, 19, "must be a string");
        has(11, 17, "not a valid pattern");
        has(12, 9, "`sesion` is not a taint");
        has(18, 9, "exactly one of");
        has(21, 23, "positive integer");
        has(14, 1, "duplicate rule id `a`");
    }

    #[test]
    fn canonical_form_round_trips_and_hash_ignores_order() {
        let a = r#"
[[call]]
id = "z"
effect = "require_approval"
server = "pay*"
when = [{ arg = "/amount", one_of = [1, 2.5, "x"] }, { arg = "/to", matches = "*@corp.com" }]

[[flow]]
id = "m"
effect = "allow"
class = ["phone", "email"]
from = { server = "crm" }
to = { server = "mailer", tool = "send_email", arg = "/cc/*" }

[[flow]]
id = "c"
effect = "deny"
taint = "session"
from = { server = "gdrive" }
to = { server = "chat" }
"#;
        let r = parse_str("a.toml", a, &[]).unwrap();
        let text = format_rules(&r);
        let again = parse_str("canon.toml", &text, &[]).unwrap();
        assert_eq!(format_rules(&again), text);
        assert_eq!(again.hash, r.hash);
        // Reordered rules: same hash.
        let parts: Vec<&str> = a.split("\n[[").collect();
        let reordered = format!("[[{}\n[[{}\n[[{}", parts[3], parts[1], parts[2]);
        assert_eq!(parse_str("b.toml", &reordered, &[]).unwrap().hash, r.hash);
    }

    #[test]
    fn lexicon_classes_are_known() {
        let r = parse_str(
            "r.toml",
            "[[flow]]\nid = \"p\"\neffect = \"allow\"\nclass = \"project_codes\"\nto = { server = \"*\" }\n",
            &["project_codes".to_string()],
        );
        assert!(r.is_ok(), "{r:?}");
    }
}

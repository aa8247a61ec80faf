//! Data-flow rules: which values may be restored for which destination,
//! and which calls may be made at all.
//!
//! Rule files (`rules/*.toml`, written by security teams) hold `[[flow]]`
//! rules (a data class, where its values came from, where they may go),
//! `[[call]]` rules (a server and tool, optional argument conditions), an
//! optional `[defaults]` table and `[limits]`. Every matching rule is
//! considered and the most restrictive effect wins (allow < redact <
//! require_approval < deny), so neither rule order nor file order matters.
//! What no rule allows is denied.
//!
//! This module decides; it never sees a value (only token ids, classes and
//! sources) and knows nothing about MCP. The broker asks it through the
//! [`Policy`] trait.

pub mod cases;
pub mod explain;
pub mod syntax;

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::pii::Class;
use crate::vault::{Source, TokenRef};
pub use syntax::{Diagnostic, Loaded, Severity, load};

/// The built-in rules (used when no rule files are configured).
pub const DEFAULT_RULES: &str = include_str!("../../rules/default.toml");
/// The demo servers' rules (with the built-in configuration).
pub const DEMO_RULES: &str = include_str!("../../rules/examples/demo.toml");

/// The rules for a configuration: its `rules` paths; else `rules/` beside
/// the config file; else the built-in defaults (with the demo rules for the
/// built-in configuration). `lexicons` are the custom classes.
pub fn for_config(cfg: &crate::config::Config, lexicons: &[String]) -> Result<Loaded, Box<Loaded>> {
    if !cfg.gateway.rules.is_empty() {
        return load(&cfg.gateway.rules, lexicons);
    }
    if cfg.path.is_some() {
        let beside = syntax::default_paths(cfg.path.as_deref());
        if !beside.is_empty() {
            return load(&beside, lexicons);
        }
    }
    let mut files = vec![("<built-in>/default.toml", DEFAULT_RULES)];
    if cfg.path.is_none() {
        files.push(("<built-in>/examples/demo.toml", DEMO_RULES));
    }
    syntax::merge(
        files
            .into_iter()
            .map(|(name, text)| {
                (
                    name.to_string(),
                    text.to_string(),
                    syntax::parse_file(name, text, lexicons),
                )
            })
            .collect(),
    )
}

// ---- what is decided about ---------------------------------------------------

/// Where a call goes: a server, and one of its tools (or an MCP method such
/// as `resources/read` for what is not a tool call).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Destination {
    pub server: String,
    pub tool: String,
}

/// One token met in the arguments of an outbound call.
#[derive(Debug)]
pub struct TokenUse<'a> {
    pub token: &'a TokenRef,
    pub class: &'a Class,
    /// Every (server, tool) the value was seen coming from.
    pub sources: &'a BTreeSet<Source>,
    /// JSON Pointer of the argument that holds it (`/to`, `/uri`).
    pub pointer: &'a str,
}

/// What the session has seen so far (session taint).
#[derive(Debug)]
pub struct SessionView<'a> {
    pub id: &'a str,
    pub seen: &'a BTreeSet<Source>,
}

/// Effects, from the least to the most restrictive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    Allow,
    /// Tokens only: the destination receives the token, not the value.
    Redact,
    /// The user is asked (MCP elicitation) before the call goes out.
    RequireApproval,
    Deny,
}

impl Effect {
    pub const ALL: [&'static str; 4] = ["allow", "redact", "require_approval", "deny"];

    pub fn name(self) -> &'static str {
        match self {
            Effect::Allow => "allow",
            Effect::Redact => "redact",
            Effect::RequireApproval => "require_approval",
            Effect::Deny => "deny",
        }
    }

    pub fn parse(s: &str) -> Option<Effect> {
        match s {
            "allow" => Some(Effect::Allow),
            "redact" => Some(Effect::Redact),
            "require_approval" => Some(Effect::RequireApproval),
            "deny" => Some(Effect::Deny),
            _ => None,
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decision: the effect, the rules that decided it, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub effect: Effect,
    /// The ids of the matching rules with the winning effect (sorted);
    /// empty when the default decided.
    pub rules: Vec<String>,
    pub reason: String,
}

impl Decision {
    pub fn allow() -> Self {
        Decision {
            effect: Effect::Allow,
            rules: Vec::new(),
            reason: "allowed".into(),
        }
    }

    pub fn deny(reason: impl Into<String>) -> Self {
        Decision {
            effect: Effect::Deny,
            rules: Vec::new(),
            reason: reason.into(),
        }
    }

    pub fn name(&self) -> &'static str {
        self.effect.name()
    }
}

/// Decides calls and restorations. Implementations fail closed: anything
/// they cannot decide is a `Deny` that says why.
pub trait Policy: Send + Sync {
    /// May this call be made at all? `arguments` are as the client sent
    /// them (tokens, never values).
    fn authorize_call(
        &self,
        session: &SessionView,
        to: &Destination,
        arguments: &Value,
    ) -> Decision;

    /// May this token be restored to its value for this destination?
    fn authorize_restore(
        &self,
        session: &SessionView,
        to: &Destination,
        token: &TokenUse,
    ) -> Decision;

    /// How many tokens one call may restore.
    fn max_tokens_per_call(&self) -> usize {
        usize::MAX
    }

    /// Identifies the rule set in audit records.
    fn ruleset_hash(&self) -> &str {
        "none"
    }
}

/// Allows everything: for tests of other parts, never a default.
pub struct AllowAll;

impl Policy for AllowAll {
    fn authorize_call(&self, _: &SessionView, _: &Destination, _: &Value) -> Decision {
        Decision::allow()
    }

    fn authorize_restore(&self, _: &SessionView, _: &Destination, _: &TokenUse) -> Decision {
        Decision::allow()
    }
}

// ---- rules ------------------------------------------------------------------------

/// A server or tool name pattern (`*`, `?`, `[ab]`, `{a,b}`).
#[derive(Clone, Debug)]
pub struct Glob {
    pub text: String,
    matcher: globset::GlobMatcher,
}

impl Glob {
    pub fn new(text: &str) -> Result<Glob, String> {
        let g = globset::GlobBuilder::new(text)
            .literal_separator(false)
            .backslash_escape(true)
            .build()
            .map_err(|e| format!("`{text}` is not a valid pattern: {}", e.kind()))?;
        Ok(Glob {
            text: text.to_string(),
            matcher: g.compile_matcher(),
        })
    }

    pub fn any() -> Glob {
        Glob::new("*").expect("valid")
    }

    pub fn matches(&self, s: &str) -> bool {
        self.text == "*" || self.matcher.is_match(s)
    }
}

impl PartialEq for Glob {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

/// A JSON Pointer pattern: `/to`, `/cc/*` (one segment), `/payload/**`
/// (any depth, also none), segments may hold glob characters.
#[derive(Clone, Debug, PartialEq)]
pub struct PointerGlob {
    pub text: String,
    segs: Vec<Seg>,
}

#[derive(Clone, Debug, PartialEq)]
enum Seg {
    Lit(String),
    One,
    Deep,
    Pattern(Glob),
}

/// Splits a JSON Pointer into unescaped segments (`~1` is `/`, `~0` is `~`).
pub fn pointer_segments(p: &str) -> Result<Vec<String>, String> {
    if p.is_empty() {
        return Ok(Vec::new());
    }
    let Some(rest) = p.strip_prefix('/') else {
        return Err(format!(
            "`{p}` is not a JSON Pointer: it must start with `/` (e.g. \"/to\")"
        ));
    };
    rest.split('/')
        .map(|s| {
            let mut out = String::with_capacity(s.len());
            let mut chars = s.chars();
            while let Some(c) = chars.next() {
                if c == '~' {
                    match chars.next() {
                        Some('0') => out.push('~'),
                        Some('1') => out.push('/'),
                        _ => {
                            return Err(format!(
                                "`{p}`: `~` must be followed by 0 or 1 in a JSON Pointer"
                            ));
                        }
                    }
                } else {
                    out.push(c);
                }
            }
            Ok(out)
        })
        .collect()
}

impl PointerGlob {
    pub fn new(text: &str) -> Result<PointerGlob, String> {
        let raw = pointer_segments(text)?;
        let mut segs = Vec::new();
        for s in raw {
            segs.push(match s.as_str() {
                "*" => Seg::One,
                "**" => Seg::Deep,
                _ if s.contains(['*', '?', '[', '{']) => Seg::Pattern(Glob::new(&s)?),
                _ => Seg::Lit(s),
            });
        }
        Ok(PointerGlob {
            text: text.to_string(),
            segs,
        })
    }

    /// Does the pointer of an argument match? `#` separates JSON held in a
    /// string: `/payload#/to` matches `/payload/**` and `/payload/to`.
    pub fn matches(&self, pointer: &str) -> bool {
        let flat = pointer.replace('#', "");
        let Ok(segs) = pointer_segments(&flat) else {
            return false;
        };
        match_segs(&self.segs, &segs)
    }
}

fn match_segs(pat: &[Seg], segs: &[String]) -> bool {
    match pat.split_first() {
        None => segs.is_empty(),
        Some((Seg::Deep, rest)) => (0..=segs.len()).any(|i| match_segs(rest, &segs[i..])),
        Some((p, rest)) => match segs.split_first() {
            None => false,
            Some((s, tail)) => {
                let ok = match p {
                    Seg::Lit(l) => l == s,
                    Seg::One => true,
                    Seg::Pattern(g) => g.matches(s),
                    Seg::Deep => unreachable!(),
                };
                ok && match_segs(rest, tail)
            }
        },
    }
}

/// Which data classes a flow rule covers.
#[derive(Clone, Debug, PartialEq)]
pub enum Classes {
    /// `class = "*"`.
    Any,
    /// Rule names: `email`, `phone`, `name`, or a lexicon's name.
    Some(Vec<String>),
    /// No `class`: the rule is about the session's content as a whole
    /// (session taint), not about tokens; it constrains calls.
    Content,
}

impl Classes {
    fn covers(&self, class: &Class) -> bool {
        match self {
            Classes::Any => true,
            Classes::Some(v) => v.iter().any(|c| *c == class.rule_name()),
            Classes::Content => false,
        }
    }
}

/// Where a value came from: a server and a tool.
#[derive(Clone, Debug, PartialEq)]
pub struct Endpoint {
    pub server: Glob,
    pub tool: Glob,
}

impl Endpoint {
    fn matches(&self, s: &Source) -> bool {
        self.server.matches(&s.server) && self.tool.matches(&s.tool)
    }
}

/// Where a value goes: server, tool, argument.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub server: Glob,
    pub tool: Glob,
    pub arg: Option<PointerGlob>,
}

/// Whose sources a flow rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Taint {
    /// The token's own sources (where this value was seen).
    Value,
    /// Every server whose results the session has seen.
    Session,
}

/// Where a rule was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    pub file: String,
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FlowRule {
    pub id: String,
    pub description: Option<String>,
    pub effect: Effect,
    pub classes: Classes,
    /// `None`: any source.
    pub from: Option<Endpoint>,
    pub to: Target,
    pub taint: Taint,
    /// The value must have come from the server it goes to.
    pub same_server: bool,
    pub origin: Origin,
}

/// One argument condition of a `[[call]]` rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// JSON Pointer into the arguments.
    pub arg: String,
    pub test: Test,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Test {
    Equals(Value),
    OneOf(Vec<Value>),
    /// A glob on the argument as text (tokens stay tokens: rules never see values).
    Matches(Glob),
    Present(bool),
}

#[derive(Clone, Debug, PartialEq)]
pub struct CallRule {
    pub id: String,
    pub description: Option<String>,
    pub effect: Effect,
    pub server: Glob,
    pub tool: Glob,
    pub when: Vec<Condition>,
    pub origin: Origin,
}

/// What applies when no rule matches. Both default to deny; opting out is
/// possible and `rules check` warns about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Defaults {
    pub flow: Effect,
    pub call: Effect,
}

impl Default for Defaults {
    fn default() -> Self {
        Defaults {
            flow: Effect::Deny,
            call: Effect::Deny,
        }
    }
}

pub const DEFAULT_MAX_TOKENS_PER_CALL: usize = 100;

/// The merged rules of every configured file.
#[derive(Clone, Debug)]
pub struct RuleSet {
    pub flows: Vec<FlowRule>,
    pub calls: Vec<CallRule>,
    pub defaults: Defaults,
    pub max_tokens_per_call: usize,
    /// SHA-256 of the rules in canonical form (sorted by id): the same
    /// rules give the same hash whatever their order or files.
    pub hash: String,
    pub files: Vec<String>,
}

/// Is a condition met? For an argument that is absent (and a test other
/// than `present`) the answer is `absent`: the caller decides both ways and
/// keeps the stricter decision, so that leaving an argument out can never
/// do better than any value it could have had.
fn condition_holds(c: &Condition, args: &Value, absent: bool) -> bool {
    let v = args.pointer(&c.arg).filter(|v| !v.is_null());
    match (&c.test, v) {
        (Test::Present(want), v) => v.is_some() == *want,
        (_, None) => absent,
        (Test::Equals(x), Some(v)) => v == x,
        (Test::OneOf(xs), Some(v)) => xs.contains(v),
        (Test::Matches(g), Some(v)) => match v {
            Value::String(s) => g.matches(s),
            other => g.matches(&other.to_string()),
        },
    }
}

impl CallRule {
    pub(crate) fn target_matches(&self, to: &Destination) -> bool {
        self.server.matches(&to.server) && self.tool.matches(&to.tool)
    }

    /// Does the rule apply? `absent`: how conditions on absent arguments count.
    pub(crate) fn matches_with(&self, to: &Destination, args: &Value, absent: bool) -> bool {
        self.target_matches(to) && self.when.iter().all(|c| condition_holds(c, args, absent))
    }

    /// Does the rule apply, when absent arguments count against it?
    pub(crate) fn matches(&self, to: &Destination, args: &Value) -> bool {
        self.matches_with(to, args, false)
    }

    fn has_absent(&self, args: &Value) -> bool {
        self.when.iter().any(|c| {
            !matches!(c.test, Test::Present(_)) && args.pointer(&c.arg).is_none_or(Value::is_null)
        })
    }
}

impl FlowRule {
    pub(crate) fn to_matches(&self, to: &Destination) -> bool {
        self.to.server.matches(&to.server) && self.to.tool.matches(&to.tool)
    }

    /// Does the `from` side hold, for these sources?
    pub(crate) fn source_matches(
        &self,
        to: &Destination,
        sources: &BTreeSet<Source>,
        seen: &BTreeSet<Source>,
    ) -> bool {
        let pool = match self.taint {
            Taint::Value => sources,
            Taint::Session => seen,
        };
        pool.iter().any(|s| {
            self.from.as_ref().is_none_or(|f| f.matches(s))
                && (!self.same_server || s.server == to.server)
        })
    }

    /// A token rule: does it apply to this token use?
    pub(crate) fn matches_token(
        &self,
        to: &Destination,
        t: &TokenUse,
        seen: &BTreeSet<Source>,
    ) -> bool {
        self.classes.covers(t.class)
            && self.to_matches(to)
            && self.to.arg.as_ref().is_none_or(|a| a.matches(t.pointer))
            && self.source_matches(to, t.sources, seen)
    }

    /// A content rule (session taint, no class): does it apply to this call?
    pub(crate) fn matches_call(
        &self,
        to: &Destination,
        args: &Value,
        seen: &BTreeSet<Source>,
    ) -> bool {
        if self.classes != Classes::Content
            || !self.to_matches(to)
            || !self.source_matches(to, seen, seen)
        {
            return false;
        }
        match &self.to.arg {
            None => true,
            // An argument pattern: the rule applies when an argument under
            // it is present; content rules only restrict, so an absent one
            // counts as present (omitting it cannot dodge the rule).
            Some(p) => {
                let mut any = false;
                walk_pointers(args, &mut String::new(), &mut |ptr| any |= p.matches(ptr));
                any || self.effect != Effect::Allow
            }
        }
    }
}

fn walk_pointers(v: &Value, path: &mut String, f: &mut dyn FnMut(&str)) {
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                let len = path.len();
                path.push('/');
                path.push_str(&k.replace('~', "~0").replace('/', "~1"));
                f(path);
                walk_pointers(c, path, f);
                path.truncate(len);
            }
        }
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                let len = path.len();
                path.push('/');
                path.push_str(&i.to_string());
                f(path);
                walk_pointers(c, path, f);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// The most restrictive effect of the matching rules, or the default.
fn strictest<'r>(
    matched: impl Iterator<Item = (&'r str, Effect)>,
    default: Effect,
    default_reason: String,
) -> Decision {
    let mut best: Option<Effect> = None;
    let mut ids: Vec<String> = Vec::new();
    for (id, e) in matched {
        match best {
            Some(b) if e < b => {}
            Some(b) if e == b => ids.push(id.to_string()),
            _ => {
                best = Some(e);
                ids = vec![id.to_string()];
            }
        }
    }
    match best {
        None => Decision {
            effect: default,
            rules: Vec::new(),
            reason: default_reason,
        },
        Some(e) => {
            ids.sort();
            ids.dedup();
            let reason = match e {
                Effect::Allow => "allowed".to_string(),
                Effect::Redact => "the rule keeps the token as a token".to_string(),
                Effect::RequireApproval => "the user must approve this call".to_string(),
                Effect::Deny => "denied".to_string(),
            };
            Decision {
                effect: e,
                rules: ids,
                reason,
            }
        }
    }
}

impl RuleSet {
    /// A rule set with no rules: everything is denied.
    pub fn empty() -> RuleSet {
        RuleSet {
            flows: Vec::new(),
            calls: Vec::new(),
            defaults: Defaults::default(),
            max_tokens_per_call: DEFAULT_MAX_TOKENS_PER_CALL,
            hash: syntax::hash_rules(&[], &[], &Defaults::default(), DEFAULT_MAX_TOKENS_PER_CALL),
            files: Vec::new(),
        }
    }

    pub fn decide_call(&self, session: &SessionView, to: &Destination, args: &Value) -> Decision {
        let by_calls = |absent: bool| {
            strictest(
                self.calls
                    .iter()
                    .filter(|r| r.matches_with(to, args, absent))
                    .map(|r| (r.id.as_str(), r.effect)),
                self.defaults.call,
                format!("no [[call]] rule allows calls to {}/{}", to.server, to.tool),
            )
        };
        // Conditions on absent arguments: decided both ways, the stricter kept.
        let mut base = by_calls(false);
        if self
            .calls
            .iter()
            .any(|r| r.target_matches(to) && r.has_absent(args))
        {
            let other = by_calls(true);
            if other.effect > base.effect {
                base = other;
            }
        }
        // Content rules (session taint) can only make a call stricter.
        let content = strictest(
            self.flows
                .iter()
                .filter(|r| r.matches_call(to, args, session.seen))
                .map(|r| (r.id.as_str(), r.effect)),
            Effect::Allow,
            String::new(),
        );
        if content.effect > base.effect {
            let mut d = content;
            if d.effect == Effect::Deny {
                d.reason =
                    "the session has seen content this rule keeps from this destination".into();
            }
            d
        } else {
            base
        }
    }

    pub fn decide_restore(
        &self,
        session: &SessionView,
        to: &Destination,
        t: &TokenUse,
    ) -> Decision {
        let from = t
            .sources
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        strictest(
            self.flows
                .iter()
                .filter(|r| r.matches_token(to, t, session.seen))
                .map(|r| (r.id.as_str(), r.effect)),
            self.defaults.flow,
            format!(
                "no [[flow]] rule allows {} from {} to {}/{} {}",
                t.class.rule_name(),
                if from.is_empty() {
                    "an unknown source".into()
                } else {
                    from
                },
                to.server,
                to.tool,
                if t.pointer.is_empty() {
                    "(the whole arguments)"
                } else {
                    t.pointer
                }
            ),
        )
    }

    /// Every rule id, sorted.
    pub fn ids(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self
            .flows
            .iter()
            .map(|r| r.id.as_str())
            .chain(self.calls.iter().map(|r| r.id.as_str()))
            .collect();
        v.sort();
        v
    }
}

impl Policy for RuleSet {
    fn authorize_call(
        &self,
        session: &SessionView,
        to: &Destination,
        arguments: &Value,
    ) -> Decision {
        self.decide_call(session, to, arguments)
    }

    fn authorize_restore(
        &self,
        session: &SessionView,
        to: &Destination,
        token: &TokenUse,
    ) -> Decision {
        self.decide_restore(session, to, token)
    }

    fn max_tokens_per_call(&self) -> usize {
        self.max_tokens_per_call
    }

    fn ruleset_hash(&self) -> &str {
        &self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vault::TokenId;

    #[test]
    fn pointer_globs() {
        let p = |s: &str| PointerGlob::new(s).unwrap();
        assert!(p("/to").matches("/to"));
        assert!(!p("/to").matches("/to/0"));
        assert!(p("/cc/*").matches("/cc/3"));
        assert!(!p("/cc/*").matches("/cc"));
        assert!(p("/payload/**").matches("/payload"));
        assert!(p("/payload/**").matches("/payload#/to/x"));
        assert!(p("/**").matches("/anything/at/all"));
        assert!(p("/a~1b").matches("/a~1b"));
        assert!(p("/e*").matches("/email"));
        assert!(PointerGlob::new("to").is_err());
        assert!(PointerGlob::new("/a~2").is_err());
    }

    fn token(class: Class) -> TokenRef {
        TokenRef {
            id: TokenId { class, n: 1 },
            variant: 1,
            reveal: None,
        }
    }

    #[test]
    fn strictest_effect_wins_and_missing_arguments_never_loosen() {
        let rules = syntax::parse_str(
            "t.toml",
            r#"
[[flow]]
id = "crm-email-to-mailer"
effect = "allow"
class = "email"
from = { server = "crm" }
to = { server = "mailer", tool = "send_email", arg = "/to" }

[[flow]]
id = "no-gdrive"
effect = "deny"
class = "*"
from = { server = "gdrive" }
to = { server = "*" }

[[call]]
id = "calls"
effect = "allow"
server = "*"

[[call]]
id = "big-payments"
effect = "require_approval"
server = "payments"
tool = "charge"
when = [{ arg = "/amount", one_of = [1, 2, 3] }]
"#,
            &[],
        )
        .unwrap();
        let seen = BTreeSet::new();
        let view = SessionView {
            id: "s",
            seen: &seen,
        };
        let to = Destination {
            server: "mailer".into(),
            tool: "send_email".into(),
        };
        let t = token(Class::Email);
        let mut sources = BTreeSet::from([Source::new("crm", "search")]);
        fn use_<'a>(
            t: &'a TokenRef,
            sources: &'a BTreeSet<Source>,
            pointer: &'a str,
        ) -> TokenUse<'a> {
            TokenUse {
                token: t,
                class: &Class::Email,
                sources,
                pointer,
            }
        }
        let d = rules.decide_restore(&view, &to, &use_(&t, &sources, "/to"));
        assert_eq!(
            (d.effect, d.rules.clone()),
            (Effect::Allow, vec!["crm-email-to-mailer".to_string()])
        );
        let d = rules.decide_restore(&view, &to, &use_(&t, &sources, "/body"));
        assert_eq!(d.effect, Effect::Deny);
        assert!(
            d.rules.is_empty()
                && d.reason
                    .contains("no [[flow]] rule allows email from crm/search"),
            "{}",
            d.reason
        );
        sources.insert(Source::new("gdrive", "read"));
        let d = rules.decide_restore(&view, &to, &use_(&t, &sources, "/to"));
        assert_eq!(
            (d.effect, d.rules.clone()),
            (Effect::Deny, vec!["no-gdrive".to_string()])
        );

        let pay = Destination {
            server: "payments".into(),
            tool: "charge".into(),
        };
        let d = rules.decide_call(&view, &pay, &serde_json::json!({"amount": 2}));
        assert_eq!(d.effect, Effect::RequireApproval);
        let d = rules.decide_call(&view, &pay, &serde_json::json!({"amount": 9}));
        assert_eq!(d.effect, Effect::Allow);
        // Leaving the argument out does not skip the approval.
        let d = rules.decide_call(&view, &pay, &serde_json::json!({}));
        assert_eq!(d.effect, Effect::RequireApproval);
    }
}

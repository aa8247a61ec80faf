//! `sluice rules test`: cases in `rules/tests/*.toml`, each a flow or a
//! call (after an optional trace of earlier calls), with the expected
//! decision and the expected deciding rule ids.
//!
//! ```toml
//! [[case]]
//! name = "crm emails may be mailed"
//! flow = { class = "email", from = "crm/search_contacts", to = "mailer/send_email", arg = "/to" }
//! expect = "allow"
//! rules = ["crm-email-to-mailer"]
//!
//! [[case]]
//! name = "after reading the drive, nothing goes to chat"
//! trace = ["gdrive/read_file"]
//! call = { to = "chat/post_message", args = { text = "hello" } }
//! expect = "deny"
//! rules = ["no-drive-to-chat"]
//! ```

use std::collections::{BTreeSet, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::explain::{explain_call, explain_flow};
use super::{Destination, Effect, RuleSet};
use crate::pii::Class;
use crate::vault::Source;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    case: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default)]
    trace: Vec<String>,
    flow: Option<FlowCase>,
    call: Option<CallCase>,
    expect: String,
    #[serde(default)]
    rules: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FlowCase {
    class: String,
    /// `server/tool`, or a list of them.
    from: FromList,
    to: String,
    #[serde(default)]
    arg: String,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum FromList {
    One(String),
    Many(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CallCase {
    to: String,
    #[serde(default)]
    args: Option<toml::Value>,
}

/// The outcome of one case.
#[derive(Debug)]
pub struct Outcome {
    pub file: String,
    pub name: String,
    pub passed: bool,
    pub detail: String,
}

/// All cases, and the rules no case exercised.
#[derive(Debug)]
pub struct Report {
    pub outcomes: Vec<Outcome>,
    pub unexercised: Vec<String>,
}

/// `server/tool` (also `server.tool`).
pub fn endpoint(s: &str) -> Result<(String, String), String> {
    let (a, b) = s
        .split_once('/')
        .or_else(|| s.split_once('.'))
        .ok_or_else(|| format!("`{s}` must be server/tool"))?;
    if a.is_empty() || b.is_empty() {
        return Err(format!("`{s}` must be server/tool"));
    }
    Ok((a.to_string(), b.to_string()))
}

fn class_of(name: &str) -> Result<Class, String> {
    match name {
        "email" => Ok(Class::Email),
        "phone" => Ok(Class::Phone),
        "name" => Ok(Class::Name),
        other => Class::from_label(&other.to_ascii_uppercase())
            .ok_or_else(|| format!("unknown class `{other}`")),
    }
}

fn toml_to_json(v: toml::Value) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// Runs the case files against the rules.
pub fn run(rules: &RuleSet, files: &[(String, String)]) -> Result<Report, String> {
    let mut outcomes = Vec::new();
    let mut exercised: HashSet<String> = HashSet::new();
    for (file, text) in files {
        let parsed: File = toml::from_str(text).map_err(|e| {
            let (l, c) = crate::config::line_col(text, e.span().map_or(0, |s| s.start));
            format!("{file}:{l}:{c}: {}", e.message())
        })?;
        for case in parsed.case {
            let result = (|| -> Result<(bool, String), String> {
                let mut seen = BTreeSet::new();
                for t in &case.trace {
                    let (s, tl) = endpoint(t)?;
                    seen.insert(Source::new(s, tl));
                }
                let expect = Effect::parse(&case.expect)
                    .ok_or_else(|| format!("`{}` is not an effect", case.expect))?;
                let e = match (&case.flow, &case.call) {
                    (Some(f), None) => {
                        let class = class_of(&f.class)?;
                        let froms = match &f.from {
                            FromList::One(s) => vec![s.clone()],
                            FromList::Many(v) => v.clone(),
                        };
                        let mut from = BTreeSet::new();
                        for x in froms {
                            let (s, t) = endpoint(&x)?;
                            from.insert(Source::new(s, t));
                        }
                        let (server, tool) = endpoint(&f.to)?;
                        explain_flow(
                            rules,
                            &class,
                            &from,
                            &Destination { server, tool },
                            &f.arg,
                            &seen,
                        )
                    }
                    (None, Some(c)) => {
                        let (server, tool) = endpoint(&c.to)?;
                        let args = c
                            .args
                            .clone()
                            .map(toml_to_json)
                            .unwrap_or(Value::Object(Default::default()));
                        explain_call(rules, &Destination { server, tool }, &args, &seen)
                    }
                    _ => return Err("a case needs exactly one of `flow` or `call`".into()),
                };
                for c in e.considered.iter().filter(|c| c.matched) {
                    exercised.insert(c.id.clone());
                }
                let mut got_rules = e.decision.rules.clone();
                got_rules.sort();
                let rules_ok = match &case.rules {
                    None => true,
                    Some(want) => {
                        let mut want = want.clone();
                        want.sort();
                        want == got_rules
                    }
                };
                let ok = e.decision.effect == expect && rules_ok;
                let detail = format!(
                    "expected {}{}, got {} by {}",
                    expect,
                    case.rules
                        .as_ref()
                        .map(|r| format!(" by [{}]", r.join(", ")))
                        .unwrap_or_default(),
                    e.decision.effect,
                    if got_rules.is_empty() {
                        "the default".to_string()
                    } else {
                        format!("[{}]", got_rules.join(", "))
                    }
                );
                Ok((ok, detail))
            })();
            let (passed, detail) = match result {
                Ok(x) => x,
                Err(e) => (false, format!("invalid case: {e}")),
            };
            outcomes.push(Outcome {
                file: file.clone(),
                name: case.name,
                passed,
                detail,
            });
        }
    }
    let unexercised = rules
        .ids()
        .into_iter()
        .filter(|id| !exercised.contains(*id))
        .map(str::to_string)
        .collect();
    Ok(Report {
        outcomes,
        unexercised,
    })
}

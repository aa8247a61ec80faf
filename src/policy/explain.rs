//! `sluice rules explain`: a dry run of one flow (or one call), with every
//! rule considered and why it matched or not.

use std::collections::BTreeSet;
use std::fmt::Write;

use serde::Serialize;
use serde_json::Value;

use super::{Classes, Decision, Destination, Effect, RuleSet, SessionView, Taint, TokenUse};
use crate::pii::Class;
use crate::vault::{Source, TokenId, TokenRef};

/// One rule as the dry run saw it.
#[derive(Debug, Serialize)]
pub struct Considered {
    pub id: String,
    pub kind: &'static str,
    pub effect: Effect,
    pub matched: bool,
    /// One line per condition, each marked held or not.
    pub checks: Vec<String>,
    pub at: String,
}

#[derive(Debug, Serialize)]
pub struct Explanation {
    pub decision: Decision,
    pub considered: Vec<Considered>,
}

fn mark(ok: bool) -> &'static str {
    if ok { "yes" } else { "no " }
}

fn sources_text(s: &BTreeSet<Source>) -> String {
    if s.is_empty() {
        "nothing".into()
    } else {
        s.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Explains restoring a value of `class` (seen from `from`) for `to` at
/// argument `arg`, in a session that has seen `seen`.
pub fn explain_flow(
    rules: &RuleSet,
    class: &Class,
    from: &BTreeSet<Source>,
    to: &Destination,
    arg: &str,
    seen: &BTreeSet<Source>,
) -> Explanation {
    let token = TokenRef {
        id: TokenId {
            class: class.clone(),
            n: 1,
        },
        variant: 1,
        reveal: None,
    };
    let t = TokenUse {
        token: &token,
        class,
        sources: from,
        pointer: arg,
    };
    let mut seen_all = seen.clone();
    seen_all.extend(from.iter().cloned());
    let view = SessionView {
        id: "explain",
        seen: &seen_all,
    };
    let decision = rules.decide_restore(&view, to, &t);
    let mut considered = Vec::new();
    for r in &rules.flows {
        let class_ok = match &r.classes {
            Classes::Any => true,
            Classes::Some(v) => v.contains(&class.rule_name()),
            Classes::Content => false,
        };
        let mut checks = vec![match &r.classes {
            Classes::Any => format!("{} class: any", mark(true)),
            Classes::Some(v) => format!(
                "{} class: {} is {}in [{}]",
                mark(class_ok),
                class.rule_name(),
                if class_ok { "" } else { "not " },
                v.join(", ")
            ),
            Classes::Content => format!(
                "{} class: none (a content rule: it governs calls, not tokens)",
                mark(false)
            ),
        }];
        let server_ok = r.to.server.matches(&to.server);
        let tool_ok = r.to.tool.matches(&to.tool);
        checks.push(format!(
            "{} to.server: {} vs {}",
            mark(server_ok),
            to.server,
            r.to.server.text
        ));
        checks.push(format!(
            "{} to.tool: {} vs {}",
            mark(tool_ok),
            to.tool,
            r.to.tool.text
        ));
        let arg_ok = r.to.arg.as_ref().is_none_or(|a| a.matches(arg));
        checks.push(match &r.to.arg {
            Some(a) => format!("{} to.arg: {arg} vs {}", mark(arg_ok), a.text),
            None => format!("{} to.arg: any", mark(true)),
        });
        let from_ok = r.source_matches(to, from, &seen_all);
        let pool = match r.taint {
            Taint::Value => format!("the value came from {}", sources_text(from)),
            Taint::Session => format!("the session has seen {}", sources_text(&seen_all)),
        };
        checks.push(match &r.from {
            Some(f) => format!(
                "{} from: {}/{} ({pool}){}",
                mark(from_ok),
                f.server.text,
                f.tool.text,
                if r.same_server { ", same server" } else { "" }
            ),
            None => format!(
                "{} from: any ({pool}){}",
                mark(from_ok),
                if r.same_server { ", same server" } else { "" }
            ),
        });
        considered.push(Considered {
            id: r.id.clone(),
            kind: "flow",
            effect: r.effect,
            matched: r.matches_token(to, &t, &seen_all),
            checks,
            at: format!("{}:{}", r.origin.file, r.origin.line),
        });
    }
    Explanation {
        decision,
        considered,
    }
}

/// Explains a call to `to` with `args`, in a session that has seen `seen`.
pub fn explain_call(
    rules: &RuleSet,
    to: &Destination,
    args: &Value,
    seen: &BTreeSet<Source>,
) -> Explanation {
    let view = SessionView {
        id: "explain",
        seen,
    };
    let decision = rules.decide_call(&view, to, args);
    let mut considered = Vec::new();
    for r in &rules.calls {
        let mut checks = vec![
            format!(
                "{} server: {} vs {}",
                mark(r.server.matches(&to.server)),
                to.server,
                r.server.text
            ),
            format!(
                "{} tool: {} vs {}",
                mark(r.tool.matches(&to.tool)),
                to.tool,
                r.tool.text
            ),
        ];
        for c in &r.when {
            let one = super::CallRule {
                when: vec![c.clone()],
                ..r.clone()
            };
            let ok = one.matches(to, args) || !one.target_matches(to);
            checks.push(format!(
                "{} when {} {:?} (argument: {})",
                mark(ok),
                c.arg,
                c.test,
                args.pointer(&c.arg)
                    .map_or("absent".to_string(), Value::to_string)
            ));
        }
        considered.push(Considered {
            id: r.id.clone(),
            kind: "call",
            effect: r.effect,
            matched: r.matches(to, args),
            checks,
            at: format!("{}:{}", r.origin.file, r.origin.line),
        });
    }
    for r in rules.flows.iter().filter(|r| r.classes == Classes::Content) {
        let checks = vec![
            format!(
                "{} to: {}/{} vs {}/{}",
                mark(r.to_matches(to)),
                to.server,
                to.tool,
                r.to.server.text,
                r.to.tool.text
            ),
            format!(
                "{} from (session): {}",
                mark(r.source_matches(to, seen, seen)),
                sources_text(seen)
            ),
        ];
        considered.push(Considered {
            id: r.id.clone(),
            kind: "flow (content)",
            effect: r.effect,
            matched: r.matches_call(to, args, seen),
            checks,
            at: format!("{}:{}", r.origin.file, r.origin.line),
        });
    }
    Explanation {
        decision,
        considered,
    }
}

/// The explanation as text for a terminal.
pub fn render(e: &Explanation) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "decision: {}", e.decision.effect);
    if e.decision.rules.is_empty() {
        let _ = writeln!(s, "decided by: the default ({})", e.decision.reason);
    } else {
        let _ = writeln!(s, "decided by: {}", e.decision.rules.join(", "));
    }
    let _ = writeln!(s, "\nrules considered ({}):", e.considered.len());
    for c in &e.considered {
        let _ = writeln!(
            s,
            "\n  {} {} [{}] {} ({})",
            if c.matched { "MATCH" } else { "-    " },
            c.id,
            c.kind,
            c.effect,
            c.at
        );
        for line in &c.checks {
            let _ = writeln!(s, "      {line}");
        }
    }
    s
}

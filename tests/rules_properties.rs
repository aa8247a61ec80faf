//! Property tests of the rules: order never matters, a deny never allows
//! more, a missing argument never skips a constraint, unknown tokens are
//! never restored, and what cannot be evaluated never allows.

use std::collections::BTreeSet;

use proptest::prelude::*;
use serde_json::{Value, json};
use sluice::pii::Class;
use sluice::policy::syntax::{format_rules, parse_str};
use sluice::policy::{Decision, Destination, Effect, RuleSet, SessionView, TokenUse};
use sluice::vault::{Source, TokenId, TokenRef, Vault};

const SERVERS: &[&str] = &["crm", "mailer", "chat", "*", "{crm,chat}", "m*"];
const TOOLS: &[&str] = &["get", "send", "post", "*"];
const CLASSES: &[&str] = &["email", "phone", "name"];
const ARGS: &[&str] = &["/to", "/body", "/cc/*", "/**", "/payload/**"];
const EFFECTS: &[&str] = &["allow", "redact", "require_approval", "deny"];

fn pick(v: &'static [&'static str]) -> impl Strategy<Value = &'static str> + Clone {
    prop::sample::select(v)
}

/// One rule as TOML text, with a unique id.
fn rule(i: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        (
            pick(EFFECTS),
            prop::option::of(pick(CLASSES)),
            pick(SERVERS),
            pick(TOOLS),
            pick(SERVERS),
            prop::option::of(pick(ARGS)),
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(move |(e, class, fs, ft, ts, arg, session, same)| {
                let mut r = format!("[[flow]]\nid = \"f{i}\"\neffect = \"{e}\"\n");
                match class {
                    Some(c) => r.push_str(&format!("class = \"{c}\"\n")),
                    None if session => {}
                    None => r.push_str("class = \"*\"\n"),
                }
                r.push_str(&format!(
                    "from = {{ server = \"{fs}\", tool = \"{ft}\" }}\n"
                ));
                r.push_str(&format!("to = {{ server = \"{ts}\""));
                if let Some(a) = arg {
                    r.push_str(&format!(", arg = \"{a}\""));
                }
                r.push_str(" }\n");
                if session {
                    r.push_str("taint = \"session\"\n");
                } else if same {
                    r.push_str("same_server = true\n");
                }
                r
            }),
        (
            prop_oneof![Just("allow"), Just("require_approval"), Just("deny")],
            pick(SERVERS),
            pick(TOOLS),
            prop::option::of((pick(&["/amount", "/to"]), 0..3i64))
        )
            .prop_map(move |(e, s, t, cond)| {
                let mut r = format!(
                    "[[call]]\nid = \"c{i}\"\neffect = \"{e}\"\nserver = \"{s}\"\ntool = \"{t}\"\n"
                );
                if let Some((arg, n)) = cond {
                    r.push_str(&format!(
                        "when = [{{ arg = \"{arg}\", one_of = [{n}, {}] }}]\n",
                        n + 1
                    ));
                }
                r
            }),
    ]
}

fn rules(max: usize) -> impl Strategy<Value = Vec<String>> {
    (1..max).prop_flat_map(|n| (0..n).map(rule).collect::<Vec<_>>())
}

fn ruleset(parts: &[String]) -> RuleSet {
    parse_str("p.toml", &parts.join("\n"), &[])
        .unwrap_or_else(|d| panic!("{d:?}\n{}", parts.join("\n")))
}

#[derive(Debug, Clone)]
struct Query {
    class: &'static str,
    from: BTreeSet<Source>,
    seen: BTreeSet<Source>,
    to: (&'static str, &'static str),
    arg: &'static str,
    args: Value,
}

fn query() -> impl Strategy<Value = Query> {
    fn src() -> impl Strategy<Value = Source> {
        (
            pick(&["crm", "mailer", "chat", "gdrive"]),
            pick(&["get", "send", "post"]),
        )
            .prop_map(|(s, t)| Source::new(s, t))
    }
    (
        pick(CLASSES),
        prop::collection::btree_set(src(), 0..3),
        prop::collection::btree_set(src(), 0..3),
        (
            pick(&["crm", "mailer", "chat"]),
            pick(&["get", "send", "post"]),
        ),
        pick(&["/to", "/body", "/cc/0", "/payload#/x", ""]),
        prop::option::of(0..4i64),
    )
        .prop_map(|(class, from, seen, to, arg, amount)| Query {
            class,
            from,
            seen,
            to,
            arg,
            args: match amount {
                Some(n) => json!({"amount": n, "to": "x"}),
                None => json!({"to": "x"}),
            },
        })
}

fn class_of(c: &str) -> Class {
    match c {
        "email" => Class::Email,
        "phone" => Class::Phone,
        _ => Class::Name,
    }
}

fn decide(r: &RuleSet, q: &Query) -> (Decision, Decision) {
    let class = class_of(q.class);
    let token = TokenRef {
        id: TokenId {
            class: class.clone(),
            n: 1,
        },
        variant: 1,
        reveal: None,
    };
    let mut seen = q.seen.clone();
    seen.extend(q.from.iter().cloned());
    let view = SessionView {
        id: "p",
        seen: &seen,
    };
    let to = Destination {
        server: q.to.0.into(),
        tool: q.to.1.into(),
    };
    let t = TokenUse {
        token: &token,
        class: &class,
        sources: &q.from,
        pointer: q.arg,
    };
    (
        r.decide_restore(&view, &to, &t),
        r.decide_call(&view, &to, &q.args),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn shuffling_rules_or_files_never_changes_a_decision(parts in rules(8), q in query(), seed in any::<u64>()) {
        let a = ruleset(&parts);
        let mut shuffled = parts.clone();
        // A deterministic shuffle from the seed.
        let mut x = seed | 1;
        for i in (1..shuffled.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            shuffled.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let b = ruleset(&shuffled);
        prop_assert_eq!(&a.hash, &b.hash);
        prop_assert_eq!(decide(&a, &q), decide(&b, &q));
        // Split over two files: the same decisions.
        let mid = parts.len() / 2;
        let files = vec![
            ("one.toml".to_string(), parts[..mid].join("\n"), sluice::policy::syntax::parse_file("one.toml", &parts[..mid].join("\n"), &[])),
            ("two.toml".to_string(), parts[mid..].join("\n"), sluice::policy::syntax::parse_file("two.toml", &parts[mid..].join("\n"), &[])),
        ];
        let c = sluice::policy::syntax::merge(files).map_err(|l| format!("{:?}", l.diagnostics)).unwrap().rules;
        prop_assert_eq!(decide(&a, &q), decide(&c, &q));
    }

    #[test]
    fn adding_a_deny_never_allows_more(parts in rules(7), q in query(), s in pick(SERVERS), cls in prop::option::of(pick(CLASSES))) {
        let before = ruleset(&parts);
        let mut more = parts.clone();
        let class = cls.map(|c| format!("class = \"{c}\"\n")).unwrap_or_else(|| "class = \"*\"\n".into());
        more.push(format!("[[flow]]\nid = \"extra-deny\"\neffect = \"deny\"\n{class}to = {{ server = \"{s}\" }}\n"));
        more.push(format!("[[call]]\nid = \"extra-call-deny\"\neffect = \"deny\"\nserver = \"{s}\"\n"));
        let after = ruleset(&more);
        let (r0, c0) = decide(&before, &q);
        let (r1, c1) = decide(&after, &q);
        prop_assert!(r1.effect >= r0.effect, "{:?} -> {:?}", r0, r1);
        prop_assert!(c1.effect >= c0.effect, "{:?} -> {:?}", c0, c1);
    }

    #[test]
    fn a_missing_argument_never_skips_a_constraint(parts in rules(7), q in query()) {
        let r = ruleset(&parts);
        let (_, with) = decide(&r, &q);
        let mut q2 = q.clone();
        if let Some(o) = q2.args.as_object_mut() {
            o.remove("amount");
        }
        let (_, without) = decide(&r, &q2);
        prop_assert!(without.effect >= with.effect, "dropping /amount loosened {:?} to {:?}", with, without);
    }

    #[test]
    fn an_unknown_token_is_never_restored(n in 1u32..1000, class in pick(CLASSES), text in "[a-z ]{0,20}") {
        let vault = Vault::new().unwrap();
        let label = class.to_ascii_uppercase();
        let mut doc = json!({"to": format!("{text}[{label}_{n}]"), "enc": format!("%5B{label}_{n}%5D")});
        let mut asked = 0;
        let r = sluice::redact::restore_with(&vault, &mut doc, &mut |_, _| { asked += 1; sluice::redact::Verdict::Restore });
        prop_assert!(r.is_err());
        prop_assert_eq!(asked, 0, "the policy is not even asked about a token the vault does not know");
    }

    #[test]
    fn what_cannot_be_evaluated_never_allows(bytes in prop::collection::vec(any::<u8>(), 0..200), args in prop_oneof![Just(json!(null)), Just(json!([1, 2])), Just(json!("text")), Just(json!({"amount": {"deep": [1]}}))]) {
        // A rule file that does not parse yields no rules: nothing is allowed.
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let r = match parse_str("fuzz.toml", &text, &[]) {
            Ok(r) => r,
            Err(_) => sluice::policy::syntax::builtin("fuzz.toml", &text),
        };
        let seen = BTreeSet::new();
        let view = SessionView { id: "p", seen: &seen };
        let to = Destination { server: "crm".into(), tool: "get".into() };
        let d = r.decide_call(&view, &to, &args);
        if r.calls.is_empty() && r.defaults.call == Effect::Deny {
            prop_assert_eq!(d.effect, Effect::Deny);
        }
        // Arguments of any shape against conditional allows: never an allow
        // that a condition did not grant.
        let cond = ruleset(&["[[call]]\nid = \"only-small\"\neffect = \"allow\"\nserver = \"*\"\nwhen = [{ arg = \"/amount\", one_of = [1, 2] }]\n".to_string()]);
        let d = cond.decide_call(&view, &to, &args);
        prop_assert_eq!(d.effect, Effect::Deny);
    }

    #[test]
    fn canonical_form_reparses_to_the_same_rules(parts in rules(8)) {
        let r = ruleset(&parts);
        let text = format_rules(&r);
        let again = parse_str("canonical.toml", &text, &[]).unwrap();
        prop_assert_eq!(format_rules(&again), text);
        prop_assert_eq!(again.hash, r.hash);
    }
}

//! `sluice rules check | test | explain` and `sluice audit verify`, as a
//! security engineer runs them in CI.

mod common;

use std::process::Command;

use common::*;

fn sluice(args: &[&str]) -> (bool, String) {
    let out = Command::new(SLUICE)
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

const MISTAKES: &str = r#"# several different mistakes
[[flow]]
id = "crm-to-mailer"
effect = "alow"
class = "emial"
from = { server = "crm" }
to = { server = "mailer", tol = "send_email", arg = "to" }
taint = "sesion"

[[call]]
id = "crm-to-mailer"
effect = "redact"
server = "pay["

[[call]]
id = "approve"
effect = "require_approval"
sever = "payments"

[defaults]
flow = "allow"
"#;

#[test]
fn check_reports_every_mistake_at_its_line_and_column() {
    let s = Scratch::new("check");
    let f = s.write("bad.toml", MISTAKES);
    let name = f.display().to_string();
    let (ok, out) = sluice(&["rules", "check", "--rules", &name]);
    assert!(!ok, "{out}");
    for (line, col, what) in [
        (4, 10, "`alow` is not an effect"),
        (5, 9, "unknown class `emial`"),
        (7, 27, "unknown field `tol`"),
        (7, 53, "is not a JSON Pointer"),
        (8, 9, "`sesion` is not a taint"),
        (10, 1, "duplicate rule id `crm-to-mailer`"),
        (12, 10, "`redact` applies to tokens"),
        (13, 10, "not a valid pattern"),
        (18, 1, "unknown field `sever`"),
        (21, 8, "[defaults] flow = \"allow\""),
    ] {
        let at = format!("{name}:{line}:{col}");
        let i = out
            .find(&at)
            .unwrap_or_else(|| panic!("no diagnostic at {at} ({what}):\n{out}"));
        // The message comes just before its location line.
        let before = &out[..i];
        let block_start = before
            .rfind("\nerror")
            .max(before.rfind("\nwarning"))
            .map_or(0, |x| x + 1);
        assert!(
            out[block_start..i].contains(what),
            "at {at} expected `{what}`:\n{}",
            &out[block_start..i + at.len()]
        );
    }
    for hint in [
        "did you mean `allow`?",
        "did you mean `email`?",
        "did you mean `tool`?",
        "did you mean `session`?",
        "did you mean `server`?",
    ] {
        assert!(out.contains(hint), "missing `{hint}`:\n{out}");
    }
    assert!(out.contains("error(s), 1 warning(s)"), "{out}");
}

#[test]
fn the_shipped_rules_check_and_pass_their_tests() {
    let (ok, out) = sluice(&[
        "rules",
        "check",
        "--rules",
        "rules/default.toml",
        "--rules",
        "rules/examples/demo.toml",
    ]);
    assert!(ok && out.contains("0 error(s), 0 warning(s)"), "{out}");
    let (ok, out) = sluice(&[
        "rules",
        "test",
        "--rules",
        "rules/default.toml",
        "--rules",
        "rules/examples/demo.toml",
        "--cases",
        "rules/tests",
    ]);
    assert!(ok, "{out}");
    assert!(
        out.contains("0 failed") && !out.contains("rules no case exercises"),
        "{out}"
    );
}

#[test]
fn strict_check_against_the_servers_catalogs() {
    let s = Scratch::new("strict");
    let rules = s.write(
        "rules/typos.toml",
        "[[flow]]\nid = \"x\"\neffect = \"allow\"\nclass = \"email\"\nfrom = { server = \"crm\" }\nto = { server = \"maler\", tool = \"send_email\" }\n\n[[call]]\nid = \"y\"\neffect = \"allow\"\nserver = \"crm\"\ntool = \"get_contatc\"\n",
    );
    let cfg = s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nrules = [{:?}]\n\n{}",
            rules.display().to_string(),
            demo_servers(&s.path("journal"), "isolated")
        ),
    );
    let (ok, out) = sluice(&["rules", "check", "--config", cfg.to_str().unwrap()]);
    assert!(ok, "warnings only: {out}");
    assert!(
        out.contains("names server `maler`") && out.contains("did you mean `mailer`?"),
        "{out}"
    );
    assert!(
        out.contains("names tool `get_contatc`") && out.contains("did you mean `get_contact`?"),
        "{out}"
    );
    assert!(out.contains(&format!("{}:6:17", rules.display())), "{out}");
    let (ok, out) = sluice(&[
        "rules",
        "check",
        "--strict",
        "--config",
        cfg.to_str().unwrap(),
    ]);
    assert!(!ok && out.contains("2 error(s)"), "{out}");
}

#[test]
fn failing_cases_and_unexercised_rules_are_reported() {
    let s = Scratch::new("cases");
    let rules = s.write(
        "r.toml",
        "[[flow]]\nid = \"a\"\neffect = \"allow\"\nclass = \"email\"\nto = { server = \"mailer\", arg = \"/to\" }\n\n[[flow]]\nid = \"b\"\neffect = \"deny\"\nclass = \"*\"\nto = { server = \"chat\" }\n",
    );
    let cases = s.write(
        "tests/c.toml",
        "[[case]]\nname = \"right\"\nflow = { class = \"email\", from = \"crm/get\", to = \"mailer/send\", arg = \"/to\" }\nexpect = \"allow\"\nrules = [\"a\"]\n\n[[case]]\nname = \"wrong\"\nflow = { class = \"email\", from = \"crm/get\", to = \"mailer/send\", arg = \"/body\" }\nexpect = \"allow\"\n",
    );
    let (ok, out) = sluice(&[
        "rules",
        "test",
        "--rules",
        rules.to_str().unwrap(),
        "--cases",
        cases.to_str().unwrap(),
    ]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("ok   right")
            && out.contains("FAIL wrong")
            && out.contains("got deny by the default"),
        "{out}"
    );
    assert!(out.contains("rules no case exercises: b"), "{out}");
    assert!(out.contains("1 passed, 1 failed"), "{out}");
}

#[test]
fn explain_shows_the_decision_and_every_rule() {
    let (ok, out) = sluice(&[
        "rules",
        "explain",
        "--rules",
        "rules/default.toml",
        "--rules",
        "rules/examples/demo.toml",
        "--class",
        "email",
        "--from",
        "crm/get_contact",
        "--to",
        "mailer.send_email",
        "--arg",
        "/to",
    ]);
    assert!(ok, "{out}");
    assert!(
        out.starts_with("decision: allow\ndecided by: recipients-to-mailer"),
        "{out}"
    );
    assert!(
        out.contains("MATCH recipients-to-mailer") && out.contains("-     sheet-to-crm"),
        "{out}"
    );
    assert!(out.contains("no  to.server: mailer vs crm"), "{out}");
    let (ok, out) = sluice(&[
        "rules",
        "explain",
        "--rules",
        "rules/default.toml",
        "--to",
        "chat/post",
        "--call",
        "{\"text\": \"hi\"}",
        "--json",
    ]);
    assert!(ok, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["decision"]["effect"], "allow");
    assert_eq!(v["decision"]["rules"], serde_json::json!(["calls-allowed"]));
}

#[test]
fn the_gateway_does_not_start_with_bad_rules() {
    let s = Scratch::new("badrules");
    let rules = s.write("bad.toml", MISTAKES);
    let cfg = s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nrules = [{:?}]\n\n{}",
            rules.display().to_string(),
            demo_servers(&s.path("journal"), "isolated")
        ),
    );
    let out = Command::new(SLUICE)
        .args(["serve", "--config"])
        .arg(&cfg)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}:4:10", rules.display())) && err.contains("does not start"),
        "{err}"
    );
}

#[test]
fn audit_verify_names_a_tampered_line() {
    let s = Scratch::new("auditcli");
    let log = s.path("audit.jsonl");
    {
        let a = sluice::audit::AuditLog::open(&log).unwrap();
        use sluice::audit::Audit;
        for i in 0..3 {
            a.record(&sluice::audit::AuditRecord {
                session: "s".into(),
                call: format!("s/{i}"),
                ruleset: "h".into(),
                server: "crm".into(),
                tool: "get".into(),
                method: "tools/call".into(),
                decision: "allow".into(),
                rules: vec![],
                reason: "allowed".into(),
                tokens: vec![],
                approver: None,
                minted: 1,
                outcome: "ok".into(),
                millis: 1,
            });
        }
    }
    let (ok, out) = sluice(&["audit", "verify", log.to_str().unwrap()]);
    assert!(
        ok && out.contains("6 records; the chain is intact"),
        "{out}"
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[4] = lines[4].replace("\"allow\"", "\"deny\"");
    std::fs::write(&log, lines.join("\n") + "\n").unwrap();
    let (ok, out) = sluice(&["audit", "verify", log.to_str().unwrap()]);
    assert!(!ok && out.contains("line 5: record 5 was edited"), "{out}");
}

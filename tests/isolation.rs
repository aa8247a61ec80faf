//! Session isolation over streamable HTTP: 200 concurrent sessions, each
//! tokenizing its own data through shared servers. Every session's tokens
//! restore to its own values only; a token it never minted (though another
//! session has one with that id) is refused.

mod common;

use common::*;
use serde_json::{Value, json};

const SESSIONS: usize = 200;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_concurrent_sessions_never_see_each_others_values() {
    let s = Scratch::new("isolation");
    let journal = s.path("journal");
    let cfg = s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nmode = \"direct\"\n{}\n{}",
            demo_rules(),
            demo_servers(&journal, "shared")
        ),
    );
    let gw = HttpGateway::start(&cfg, &[]);
    let gw = std::sync::Arc::new(gw);

    let runs = (0..SESSIONS).map(|i| {
        let gw = gw.clone();
        tokio::spawn(async move {
            let c = gw.client(TestClient::new()).await;
            // Each session mints 1 to 4 email tokens of its own.
            let extra = i % 4;
            let mut mine = Vec::new();
            for k in 0..=extra {
                let email = format!("user{i}-{k}@isolation-test.com");
                let r = call(
                    &c,
                    "crm__upsert_contact",
                    json!({"email": email, "name": format!("Tester Number{i}")}),
                )
                .await;
                assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
                let shown = text_of(&r);
                assert!(
                    !shown.contains("isolation-test.com"),
                    "session {i} saw plaintext: {shown}"
                );
                let token = r.structured_content.unwrap()["contact"]["email"]
                    .as_str()
                    .unwrap()
                    .to_string();
                mine.push(token);
            }
            // Its first token goes to the mailer.
            let m = call(
                &c,
                "mailer__send_email",
                json!({"to": mine[0], "subject": format!("session {i}"), "body": "x"}),
            )
            .await;
            assert_ne!(m.is_error, Some(true), "{}", text_of(&m));
            // A token id past its own count exists in other sessions, not here.
            let foreign = format!("[EMAIL_{}]", mine.len() + 1);
            let r = call(
                &c,
                "mailer__send_email",
                json!({"to": foreign, "subject": format!("forged {i}"), "body": "x"}),
            )
            .await;
            assert_eq!(
                r.is_error,
                Some(true),
                "session {i} restored a token it never minted"
            );
            assert!(first_text(&r).contains("not issued in this session"));
            c.cancel().await.unwrap();
            mine.len()
        })
    });
    let results = futures::future::join_all(runs).await;
    let forged: Vec<Value> = common::journal(&journal, "mailer")
        .into_iter()
        .filter(|j| {
            j["arguments"]["subject"]
                .as_str()
                .unwrap_or("")
                .starts_with("forged")
        })
        .collect();
    assert!(
        forged.is_empty(),
        "a session restored another session's value: {forged:?}"
    );
    let counts: Vec<usize> = results
        .into_iter()
        .map(|r| r.expect("session task"))
        .collect();
    assert_eq!(counts.len(), SESSIONS);

    // What the mailer received: each session's token became its own address.
    let sent: Vec<Value> = journal_lines(&journal, "mailer");
    assert_eq!(
        sent.len(),
        SESSIONS,
        "forged sends never reached the server"
    );
    for j in &sent {
        let subject = j["arguments"]["subject"].as_str().unwrap();
        let i: usize = subject.strip_prefix("session ").unwrap().parse().unwrap();
        assert_eq!(
            j["arguments"]["to"],
            format!("user{i}-0@isolation-test.com"),
            "{j}"
        );
    }
}

fn journal_lines(dir: &std::path::Path, server: &str) -> Vec<Value> {
    journal(dir, server)
        .into_iter()
        .filter(|j| j["tool"] == "send_email")
        .collect()
}

//! Downstream faults through the real gateway: a server that crashes in the
//! middle of a call, hangs, writes garbage to stdout, returns a 50 MB
//! result, or never answers `initialize`. The calling session gets a clear
//! error within its timeout; other sessions and servers keep working; the
//! gateway does not exit. Also: list_changed from a server reaches clients.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::json;

fn config(s: &Scratch) -> std::path::PathBuf {
    let journal = s.path("journal");
    s.write(
        "sluice.toml",
        &format!(
            r#"[gateway]
mode = "direct"
call_timeout = "3s"
connect_timeout = "3s"
{rules}

[servers.faulty]
command = "python3"
args = [{f:?}]

[servers.silent]
command = "python3"
args = [{f:?}, "--silent-init"]

{demo}"#,
            f = faulty_server(),
            demo = demo_servers(&journal, "isolated"),
            rules = open_rules(),
        ),
    )
}

fn error_text(r: Result<rmcp::model::CallToolResult, rmcp::ServiceError>) -> String {
    match r {
        Ok(r) => {
            assert_eq!(
                r.is_error,
                Some(true),
                "expected an error result: {}",
                text_of(&r)
            );
            first_text(&r)
        }
        Err(e) => e.to_string(),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn faults_fail_one_call_clearly_and_nothing_else() {
    let s = Scratch::new("faults");
    let cfg = config(&s);
    let mut gw = HttpGateway::start(&cfg, &[]);
    let a = gw.client(TestClient::new()).await;
    let b = gw.client(TestClient::new()).await;

    // The tool list holds the faulty server's tools; the silent server,
    // which never finished initialize at start, has none yet.
    let tools: Vec<String> = a
        .list_all_tools()
        .await
        .unwrap()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert!(tools.contains(&"faulty__crash".to_string()), "{tools:?}");
    assert!(!tools.iter().any(|t| t.starts_with("silent__")));

    // Crash in the middle of a call.
    let t = Instant::now();
    let e = error_text(try_call(&a, "faulty__crash", json!({})).await);
    assert!(
        e.contains("closed the connection") && e.contains("exit status 3"),
        "{e}"
    );
    assert!(
        t.elapsed() < Duration::from_secs(3),
        "crash reported at once, took {:?}",
        t.elapsed()
    );
    // It is restarted on the next call.
    let r = call(&a, "faulty__echo", json!({"text": "back"})).await;
    assert_eq!(first_text(&r), "back");

    // A hang: session a waits for its timeout; session b and a's other
    // calls on the same server go on meanwhile.
    let hang = {
        let a2 = gw.client(TestClient::new()).await;
        tokio::spawn(async move {
            let t = Instant::now();
            let e = error_text(try_call(&a2, "faulty__hang", json!({})).await);
            (e, t.elapsed())
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let r = call(&b, "crm__get_contact", json!({"id": "C-1001"})).await;
    assert_ne!(r.is_error, Some(true));
    let r = call(&b, "faulty__echo", json!({"text": "b works"})).await;
    assert_eq!(first_text(&r), "b works");
    let (e, took) = hang.await.unwrap();
    assert!(e.contains("did not answer within 3 s"), "{e}");
    assert!(
        took >= Duration::from_secs(3) && took < Duration::from_secs(6),
        "{took:?}"
    );

    // Concurrent calls on one connection do not wait for each other.
    let t = Instant::now();
    let (x, y) = tokio::join!(
        call(&a, "faulty__slow", json!({"ms": 1000})),
        call(&a, "faulty__slow", json!({"ms": 1000}))
    );
    assert_eq!(first_text(&x), "slept 1000 ms");
    assert_eq!(first_text(&y), "slept 1000 ms");
    assert!(
        t.elapsed() < Duration::from_millis(1900),
        "{:?}",
        t.elapsed()
    );

    // Garbage on stdout is skipped; the call still gets its answer.
    let r = call(&a, "faulty__garbage", json!({})).await;
    assert_eq!(first_text(&r), "after garbage");

    // A 50 MB result is refused at the cap, at once, without the timeout.
    let t = Instant::now();
    let e = error_text(try_call(&a, "faulty__huge", json!({"mb": 50})).await);
    assert!(e.contains("exceeds the 16777216 byte limit"), "{e}");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    let r = call(&a, "faulty__echo", json!({"text": "after huge"})).await;
    assert_eq!(first_text(&r), "after huge");

    // A server that never answers initialize: a clear error within the
    // connect timeout, every time (with backoff in between).
    let t = Instant::now();
    let e = error_text(try_call(&a, "silent__echo", json!({})).await);
    assert!(e.contains("did not answer `initialize` within 3 s"), "{e}");
    assert!(t.elapsed() < Duration::from_secs(6), "{:?}", t.elapsed());
    let e = error_text(try_call(&a, "silent__echo", json!({})).await);
    assert!(e.contains("restarting") || e.contains("initialize"), "{e}");

    // Everything else still works, and the gateway is up.
    let r = call(&b, "spreadsheet__list_sheets", json!({})).await;
    assert_ne!(r.is_error, Some(true));
    assert!(gw.alive(), "the gateway exited");
    a.cancel().await.unwrap();
    b.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_list_change_reaches_the_client() {
    let s = Scratch::new("listchanged");
    let cfg = config(&s);
    let client = TestClient::new();
    let events = client.events.clone();
    let c = stdio(&cfg, client).await;
    let before = c.list_all_tools().await.unwrap();
    assert!(!before.iter().any(|t| t.name == "faulty__added"));
    let r = call(&c, "faulty__add_tool", json!({})).await;
    assert_eq!(first_text(&r), "added");
    events.wait_for("tools_changed", 10).await;
    let after = c.list_all_tools().await.unwrap();
    assert!(after.iter().any(|t| t.name == "faulty__added"), "{after:?}");
    let r = call(&c, "faulty__added", json!({"text": "new tool works"})).await;
    assert_eq!(first_text(&r), "new tool works");
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn errors_from_servers_are_tokenized_too() {
    let s = Scratch::new("errors");
    let cfg = config(&s);
    let c = stdio(&cfg, TestClient::new()).await;
    let secret = "no account for Ann Lee <ann.lee@example.com>, call +44 20 7946 0958";
    // A JSON-RPC error: its message and data reach the client tokenized.
    let e = try_call(&c, "faulty__fail", json!({"text": secret}))
        .await
        .unwrap_err();
    let shown = format!("{e:?}");
    assert!(
        !shown.contains("ann.lee@") && !shown.contains("7946") && !shown.contains("Ann Lee"),
        "{shown}"
    );
    assert!(
        shown.contains("[EMAIL_1]") && shown.contains("[PHONE_1]"),
        "{shown}"
    );
    // A tool error result, likewise.
    let r = call(&c, "faulty__tool_error", json!({"text": secret})).await;
    assert_eq!(r.is_error, Some(true));
    let t = first_text(&r);
    assert!(t.contains("[EMAIL_1]") && !t.contains("ann.lee@"), "{t}");
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_call_is_cancelled_downstream() {
    use rmcp::model::{ClientRequest, ServerResult};
    let s = Scratch::new("cancel");
    let log = s.path("notifications.jsonl");
    let cfg = s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nmode = \"direct\"\n{}\n[servers.faulty]\ncommand = \"python3\"\nargs = [{:?}]\nenv = {{ FAULTY_LOG = {:?} }}\n",
            open_rules(),
            faulty_server(),
            log.display().to_string()
        ),
    );
    let c = stdio(&cfg, TestClient::new()).await;
    let req: ClientRequest = serde_json::from_value(json!({
        "method": "tools/call", "params": {"name": "faulty__slow", "arguments": {"ms": 20000}}
    }))
    .unwrap();
    let handle = c
        .peer()
        .send_cancellable_request(req, rmcp::service::PeerRequestOptions::no_options())
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    handle
        .cancel(Some("user pressed stop".into()))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.contains("notifications/cancelled") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the server never heard of the cancellation: {text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The session goes on.
    let r = call(&c, "faulty__echo", json!({"text": "next"})).await;
    assert_eq!(first_text(&r), "next");
    let _: Option<ServerResult> = None;
    c.cancel().await.unwrap();
}

//! The HTTP endpoint (Host and Origin checks against DNS rebinding, paths),
//! configuration errors at start, and clean shutdown: every child process
//! (and its own children) is gone after the gateway stops.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::*;
use serde_json::json;

/// A raw HTTP/1.1 request; returns the status code and the body.
fn raw(url: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    let addr = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let mut s = TcpStream::connect(&addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        req.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = out
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;

fn post_init(url: &str, extra: &[(&str, &str)]) -> (u16, String) {
    let mut h = vec![
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
    ];
    h.extend_from_slice(extra);
    raw(url, "POST", "/mcp", &h, INIT)
}

#[test]
fn host_and_origin_are_checked_and_paths_routed() {
    let s = Scratch::new("http");
    let cfg = s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nallowed_origins = [\"https://app.example.com\"]\n\n{}",
            demo_servers(&s.path("journal"), "isolated")
        ),
    );
    let gw = HttpGateway::start(&cfg, &[]);
    let (code, body) = raw(&gw.url, "GET", "/healthz", &[], "");
    assert_eq!((code, body.as_str()), (200, "ok\n"));
    let (code, _) = raw(&gw.url, "GET", "/other", &[], "");
    assert_eq!(code, 404);

    let (code, body) = post_init(&gw.url, &[]);
    assert_eq!(code, 200, "{body}");
    assert!(
        body.contains("\"serverInfo\"") && body.contains("sluice"),
        "{body}"
    );

    // DNS rebinding: a foreign Host is refused; so is a foreign Origin.
    let (code, _) = post_init(&gw.url, &[("Host", "evil.example.com")]);
    assert_eq!(code, 403);
    let (code, _) = post_init(&gw.url, &[("Origin", "https://evil.example.com")]);
    assert_eq!(code, 403);
    let (code, _) = post_init(&gw.url, &[("Origin", "https://app.example.com")]);
    assert_eq!(code, 200);
}

fn children_of(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(p) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat")) {
            // pid (comm) state ppid ...
            let after = stat.rsplit_once(')').map(|(_, a)| a).unwrap_or("");
            let fields: Vec<&str> = after.split_whitespace().collect();
            if fields.get(1).and_then(|f| f.parse::<u32>().ok()) == Some(pid) {
                out.push(p);
            }
        }
    }
    out
}

fn descendants(pid: u32) -> Vec<u32> {
    let mut all = Vec::new();
    let mut todo = vec![pid];
    while let Some(p) = todo.pop() {
        for c in children_of(p) {
            all.push(c);
            todo.push(c);
        }
    }
    all
}

fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| {
            let state = s
                .rsplit_once(')')
                .and_then(|(_, a)| a.trim_start().chars().next());
            state != Some('Z')
        })
        .unwrap_or(false)
}

fn wait_gone(pids: &[u32]) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while pids.iter().any(|p| running(*p)) {
        assert!(
            Instant::now() < deadline,
            "still running: {:?}",
            pids.iter().filter(|p| running(**p)).collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn shutdown_config(s: &Scratch) -> std::path::PathBuf {
    // `wrapper` runs the faulty server as a grandchild, as npx does with node.
    s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nmode = \"direct\"\n{}\n[servers.wrapper]\ncommand = \"sh\"\nargs = [\"-c\", \"python3 {}; true\"]\n\n{}",
            open_rules(),
            faulty_server(),
            demo_servers(&s.path("journal"), "isolated")
        ),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_stops_the_http_gateway_and_kills_every_child() {
    let s = Scratch::new("sigterm");
    let cfg = shutdown_config(&s);
    let mut gw = HttpGateway::start(&cfg, &[]);
    let c = gw.client(TestClient::new()).await;
    for (tool, args) in [
        ("crm__get_contact", json!({"id": "C-1001"})),
        ("mailer__list_outbox", json!({})),
        ("wrapper__echo", json!({"text": "hi"})),
    ] {
        let r = call(&c, tool, args).await;
        assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    }
    let pid = gw.child.id();
    let procs = descendants(pid);
    assert!(
        procs.len() >= 4,
        "sh, python and two demo servers: {procs:?}"
    );
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGTERM,
    )
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while gw.alive() {
        assert!(
            Instant::now() < deadline,
            "the gateway did not exit on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    wait_gone(&procs);
    drop(c);
}

#[tokio::test(flavor = "multi_thread")]
async fn stdio_gateway_exits_with_its_client_and_kills_every_child() {
    let s = Scratch::new("eof");
    let cfg = shutdown_config(&s);
    let mut cmd = tokio::process::Command::new(SLUICE);
    cmd.args(["serve", "--config"])
        .arg(&cfg)
        .env("SLUICE_CACHE_DIR", s.path("cache"));
    let (transport, _) = rmcp::transport::TokioChildProcess::builder(cmd)
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .unwrap();
    let pid = transport.id().unwrap();
    use rmcp::ServiceExt;
    let c = TestClient::new().serve(transport).await.unwrap();
    call(&c, "wrapper__echo", json!({"text": "hi"})).await;
    call(&c, "crm__get_contact", json!({"id": "C-1001"})).await;
    let procs = descendants(pid);
    assert!(procs.len() >= 3, "{procs:?}");
    // Closing the client closes sluice's stdin.
    c.cancel().await.unwrap();
    wait_gone(&procs);
    wait_gone(&[pid]);
}

#[test]
fn an_invalid_config_stops_the_gateway_with_file_line_and_column() {
    let s = Scratch::new("badcfg");
    let cfg = s.write(
        "sluice.toml",
        "[gateway]\nmode = \"direct\"\n\n[servers.crm]\ncomand = \"crm-mcp\"\n",
    );
    let out = std::process::Command::new(SLUICE)
        .args(["serve", "--config"])
        .arg(&cfg)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:5:1:", cfg.display())), "{err}");
    assert!(err.contains("did you mean `command`?"), "{err}");

    let cfg = s.write(
        "claude.json",
        "{\"mcpServers\": {\n  \"a\": {\"url\": 7}\n}}",
    );
    let out = std::process::Command::new(SLUICE)
        .args(["serve", "--config"])
        .arg(&cfg)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("claude.json:2:"), "{err}");

    // Two unprefixed servers exposing one tool name: a config error.
    let journal = s.path("journal");
    let mut text = String::from("[gateway]\nmode = \"direct\"\n\n");
    for name in ["one", "two"] {
        text.push_str(&format!(
            "[servers.{name}]\ncommand = {SLUICE:?}\nargs = [\"demo-server\", \"mailer\"]\nprefix = false\nenv = {{ SLUICE_DEMO_JOURNAL = {:?} }}\n\n",
            journal.display().to_string()
        ));
    }
    let cfg = s.write("collide.toml", &text);
    let out = std::process::Command::new(SLUICE)
        .args(["serve", "--config"])
        .arg(&cfg)
        .env("SLUICE_CACHE_DIR", s.path("cache"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tool name `send_email` is exposed by both `one` and `two`"),
        "{err}"
    );
}

//! The official MCP Python SDK as the client, over stdio and streamable
//! HTTP (tests/python/sdk_client.py; the SDK is installed by .ci/run into
//! tests/python/.venv). A second, independent client implementation: it
//! negotiates in its default `auto` mode (server/discover, then initialize).

mod common;

use std::process::Command;

use common::*;

fn python() -> String {
    let p = root().join("tests/python/.venv/bin/python");
    assert!(
        p.exists(),
        "{} is missing: run `python3 -m venv tests/python/.venv && tests/python/.venv/bin/pip install -r tests/python/requirements.txt` (.ci/run does)",
        p.display()
    );
    p.display().to_string()
}

fn config(s: &Scratch) -> std::path::PathBuf {
    let journal = s.path("journal");
    s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nmode = \"direct\"\n{}\n[servers.everything]\ncommand = {:?}\nargs = [\"stdio\"]\n\n{}",
            open_rules(),
            node_bin("mcp-server-everything"),
            demo_servers(&journal, "isolated"),
        ),
    )
}

fn check(out: std::process::Output, s: &Scratch) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "sdk client failed:\n{stdout}\n{stderr}"
    );
    let report: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(report["ok"], true);
    assert!(report["progress"].as_u64().unwrap() >= 3, "{report}");
    // The mailer received the address the SDK only ever saw as a token.
    let sent = journal(&s.path("journal"), "mailer");
    let to = sent.last().unwrap()["arguments"]["to"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(to.contains('@') && !to.contains('['), "{to}");
}

#[test]
fn python_sdk_over_stdio() {
    let s = Scratch::new("pysdk-stdio");
    let cfg = config(&s);
    let out = Command::new(python())
        .arg(root().join("tests/python/sdk_client.py"))
        .args(["stdio", SLUICE])
        .arg(&cfg)
        .env("SLUICE_CACHE_DIR", s.path("cache"))
        .output()
        .unwrap();
    check(out, &s);
}

#[test]
fn python_sdk_over_http() {
    let s = Scratch::new("pysdk-http");
    let cfg = config(&s);
    let gw = HttpGateway::start(&cfg, &[]);
    let out = Command::new(python())
        .arg(root().join("tests/python/sdk_client.py"))
        .args(["http", &gw.url])
        .output()
        .unwrap();
    check(out, &s);
}

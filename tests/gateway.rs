//! The gateway end to end: the real `sluice` binary over stdio and HTTP,
#![allow(deprecated)]
//! an rmcp client, real servers behind it (the built-in demo servers and
//! @modelcontextprotocol/server-everything, -memory and -filesystem from
//! npm). Every test checks both directions: nothing personal reaches the
//! client, and tokens passed back reach the servers as the real values.

mod common;

use common::*;
use rmcp::model::{
    CompleteRequestParams, GetPromptRequestParams, ReadResourceRequestParams,
    SubscribeRequestParams,
};
use serde_json::{Value, json};

fn demo_config(s: &Scratch, sessions: &str) -> std::path::PathBuf {
    let journal = s.path("journal");
    s.write(
        "sluice.toml",
        &format!(
            "[gateway]\n{}\n{}",
            demo_rules(),
            demo_servers(&journal, sessions)
        ),
    )
}

/// Which transport a test drives the gateway over.
#[derive(Clone, Copy)]
enum Over {
    Stdio,
    Http,
}

/// A client of a gateway started for `cfg` (the HTTP gateway lives as
/// long as the returned guard).
async fn connect(
    over: Over,
    cfg: &std::path::Path,
    client: TestClient,
) -> (Client, Option<HttpGateway>) {
    match over {
        Over::Stdio => (stdio(cfg, client).await, None),
        Over::Http => {
            let gw = HttpGateway::start(cfg, &[]);
            let c = gw.client(client).await;
            (c, Some(gw))
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn demo_servers_over_stdio_tokenize_results_and_restore_arguments() {
    demo_servers_tokenize_results_and_restore_arguments(Over::Stdio).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn demo_servers_over_http_tokenize_results_and_restore_arguments() {
    demo_servers_tokenize_results_and_restore_arguments(Over::Http).await;
}

async fn demo_servers_tokenize_results_and_restore_arguments(over: Over) {
    let s = Scratch::new("demo");
    let cfg = demo_config(&s, "isolated");
    let client = TestClient::new();
    let events = client.events.clone();
    let (c, _gw) = connect(over, &cfg, client).await;

    let tools = c.list_all_tools().await.unwrap();
    let names: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    assert!(
        names.contains(&"spreadsheet__read_sheet".to_string()),
        "{names:?}"
    );
    assert!(names.contains(&"mailer__send_email".to_string()));
    for t in &tools {
        assert!(
            t.name.len() <= 64
                && t.name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        );
    }
    // Schemas accept tokens: the CRM's `format: email` is relaxed.
    let upsert = tools
        .iter()
        .find(|t| t.name == "crm__upsert_contact")
        .unwrap();
    assert!(
        !serde_json::to_string(&upsert.input_schema)
            .unwrap()
            .contains("\"format\"")
    );

    let r = call(
        &c,
        "spreadsheet__read_sheet",
        json!({"sheet": "leads", "limit": 5}),
    )
    .await;
    let seen = text_of(&r);
    assert!(
        emails(&seen).is_empty(),
        "plaintext email reached the client: {seen}"
    );
    let rows = r.structured_content.clone().unwrap()["rows"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(rows.len(), 5);
    let (name, email, phone) = (rows[0][1].clone(), rows[0][2].clone(), rows[0][3].clone());
    assert!(name.as_str().unwrap().starts_with("[NAME_"), "{name}");
    assert!(email.as_str().unwrap().starts_with("[EMAIL_"), "{email}");
    assert!(phone.as_str().unwrap().starts_with("[PHONE_"), "{phone}");
    // The text content (JSON held in text) is tokenized the same way.
    assert!(first_text(&r).contains(email.as_str().unwrap()));

    // The tokens go back; the mailer receives the real values.
    let body = format!(
        "Hi {}, we will call {}.",
        name.as_str().unwrap(),
        phone.as_str().unwrap()
    );
    let m = call(
        &c,
        "mailer__send_email",
        json!({"to": email, "subject": "Hello", "body": body}),
    )
    .await;
    assert_ne!(m.is_error, Some(true), "{}", text_of(&m));
    assert_eq!(
        m.structured_content.as_ref().unwrap()["to"],
        email,
        "the result shows the same token again"
    );
    let sent = journal(&s.path("journal"), "mailer");
    let got = &sent.last().unwrap()["arguments"];
    let real_to = got["to"].as_str().unwrap();
    assert!(real_to.contains('@') && !real_to.contains('['), "{got}");
    assert!(!got["body"].as_str().unwrap().contains('['), "{got}");
    // ...and the spreadsheet really holds that address for that row.
    let sheet = journal(&s.path("journal"), "spreadsheet");
    assert_eq!(sheet.len(), 1);

    // Progress and log notifications of the mailer came through, tokenized.
    let progress = events.wait_for("progress", 10).await;
    let logs = events.wait_for("log", 10).await;
    let notes = serde_json::to_string(&(progress, logs)).unwrap();
    assert!(
        emails(&notes).is_empty(),
        "plaintext in notifications: {notes}"
    );
    assert!(notes.contains(email.as_str().unwrap()), "{notes}");
    assert!(notes.contains("\"logger\":\"mailer/outbox\""), "{notes}");

    // Unknown tools are protocol errors with a hint.
    let e = try_call(&c, "mailer__send_emial", json!({}))
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("did you mean `mailer__send_email`"), "{e}");
    // A token this session never issued is refused, naming the token.
    let r = call(
        &c,
        "mailer__send_email",
        json!({"to": "[EMAIL_999]", "subject": "x", "body": "y"}),
    )
    .await;
    assert_eq!(r.is_error, Some(true));
    let msg = first_text(&r);
    assert!(
        msg.contains("[EMAIL_999]") && msg.contains("not issued in this session"),
        "{msg}"
    );
    assert_eq!(
        journal(&s.path("journal"), "mailer").len(),
        1,
        "the refused call never reached the server"
    );
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn resources_subscriptions_prompts_and_completions_over_stdio() {
    resources_subscriptions_prompts_and_completions(Over::Stdio).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn resources_subscriptions_prompts_and_completions_over_http() {
    resources_subscriptions_prompts_and_completions(Over::Http).await;
}

async fn resources_subscriptions_prompts_and_completions(over: Over) {
    let s = Scratch::new("res");
    let cfg = demo_config(&s, "isolated");
    let client = TestClient::new();
    let events = client.events.clone();
    let (c, _gw) = connect(over, &cfg, client).await;

    let resources = c.list_all_resources().await.unwrap();
    let listed = serde_json::to_string(&resources).unwrap();
    assert!(
        listed.contains("crm://contacts/C-1001") && listed.contains("sheet://leads"),
        "{listed}"
    );
    assert!(
        listed.contains("[NAME_"),
        "contact names are tokenized: {listed}"
    );
    let templates = c.list_all_resource_templates().await.unwrap();
    assert!(
        serde_json::to_string(&templates)
            .unwrap()
            .contains("crm://contacts/{id}")
    );

    let read = c
        .read_resource(ReadResourceRequestParams::new("crm://contacts/C-1002"))
        .await
        .unwrap();
    let text = serde_json::to_string(&read).unwrap();
    assert!(emails(&text).is_empty(), "{text}");
    assert!(text.contains("[EMAIL_"), "{text}");

    // A read of a templated URI the list does not hold routes by template.
    let read = c
        .read_resource(ReadResourceRequestParams::new("crm://contacts/C-1150"))
        .await
        .unwrap();
    assert!(emails(&serde_json::to_string(&read).unwrap()).is_empty());

    // Subscribe; an update of the contact is announced.
    c.subscribe(SubscribeRequestParams::new("crm://contacts/C-1002"))
        .await
        .unwrap();
    let r = call(
        &c,
        "crm__update_contact",
        json!({"id": "C-1002", "status": "vip"}),
    )
    .await;
    assert_ne!(r.is_error, Some(true));
    let updates = events.wait_for("resource_updated", 10).await;
    assert_eq!(updates[0]["uri"], "crm://contacts/C-1002");

    // Prompts under qualified names; their messages are tokenized.
    let prompts = c.list_all_prompts().await.unwrap();
    assert!(
        prompts.iter().any(|p| p.name == "crm__follow_up"),
        "{prompts:?}"
    );
    let mut args = serde_json::Map::new();
    args.insert("contact_id".into(), json!("C-1003"));
    let p = c
        .get_prompt(GetPromptRequestParams::new("crm__follow_up").with_arguments(args))
        .await
        .unwrap();
    let pt = serde_json::to_string(&p).unwrap();
    assert!(
        emails(&pt).is_empty() && pt.contains("[EMAIL_") && pt.contains("[NAME_"),
        "{pt}"
    );

    // Completions of a prompt argument.
    let req: CompleteRequestParams = serde_json::from_value(json!({
        "ref": {"type": "ref/prompt", "name": "crm__follow_up"},
        "argument": {"name": "contact_id", "value": "C-100"}
    }))
    .unwrap();
    let done = c.complete(req).await.unwrap();
    let values = serde_json::to_value(&done).unwrap()["completion"]["values"].clone();
    assert!(
        values.as_array().unwrap().iter().any(|v| v == "C-1001"),
        "{values}"
    );
    c.cancel().await.unwrap();
}

fn everything_config(s: &Scratch) -> std::path::PathBuf {
    let memory = s.path("memory.jsonl");
    let files = s.path("files");
    std::fs::create_dir_all(&files).unwrap();
    s.write(
        "sluice.toml",
        &format!(
            r#"[gateway]
mode = "direct"
call_timeout = "30s"
{}

[servers.everything]
command = {:?}
args = ["stdio"]
description = "MCP reference server exercising every feature"
env = {{ EVERYTHING_API_KEY = "sk-test-4f9a2c71e0" }}

[servers.memory]
command = {:?}
env = {{ MEMORY_FILE_PATH = {:?} }}

[servers.files]
command = {:?}
args = [{:?}]
"#,
            open_rules(),
            node_bin("mcp-server-everything"),
            node_bin("mcp-server-memory"),
            memory.display().to_string(),
            node_bin("mcp-server-filesystem"),
            files.display().to_string(),
        ),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn memory_server_stores_the_real_email_and_reads_back_the_token() {
    let s = Scratch::new("memory");
    let cfg = everything_config(&s);
    let c = stdio(&cfg, TestClient::new()).await;

    // The client's own text mints a token on the way back.
    let r = call(
        &c,
        "everything__echo",
        json!({"message": "Contact: Amara Okafor <amara.okafor@northwind-traders.com>"}),
    )
    .await;
    let echoed = first_text(&r);
    assert!(!echoed.contains("amara.okafor@"), "{echoed}");
    let toks = tokens(&echoed);
    let email = toks
        .iter()
        .find(|t| t.starts_with("[EMAIL_"))
        .expect("an email token")
        .clone();
    let name = toks
        .iter()
        .find(|t| t.starts_with("[NAME_"))
        .expect("a name token")
        .clone();

    let created = call(&c, "memory__create_entities", json!({"entities": [{
        "name": format!("contact {name}"), "entityType": "person",
        "observations": [format!("email {email}"), format!("prefers email over phone, ask {name}")]
    }]}))
    .await;
    assert_ne!(created.is_error, Some(true), "{}", text_of(&created));
    // The server stored the real values.
    let stored = std::fs::read_to_string(s.path("memory.jsonl")).unwrap();
    assert!(
        stored.contains("amara.okafor@northwind-traders.com"),
        "{stored}"
    );
    assert!(
        stored.contains("Amara Okafor")
            && !stored.contains("[EMAIL_")
            && !stored.contains("[NAME_"),
        "{stored}"
    );
    // Reading back shows the same tokens again.
    let graph = call(&c, "memory__read_graph", json!({})).await;
    let g = text_of(&graph);
    assert!(g.contains(&email) && g.contains(&name), "{g}");
    assert!(!g.contains("amara.okafor@") && !g.contains("Okafor"), "{g}");
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn everything_server_over_stdio() {
    everything_server_sampling_elicitation_progress_roots_and_content_types(Over::Stdio).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn everything_server_over_http() {
    everything_server_sampling_elicitation_progress_roots_and_content_types(Over::Http).await;
}

async fn everything_server_sampling_elicitation_progress_roots_and_content_types(over: Over) {
    let s = Scratch::new("everything");
    let cfg = everything_config(&s);
    let client = TestClient::new();
    let events = client.events.clone();
    let elicit_email = client.elicit_email.clone();
    let (c, _gw) = connect(over, &cfg, client).await;

    let tools: Vec<String> = c
        .list_all_tools()
        .await
        .unwrap()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    for t in [
        "everything__echo",
        "everything__trigger-sampling-request",
        "everything__trigger-elicitation-request",
        "memory__read_graph",
        "files__read_text_file",
    ] {
        assert!(tools.contains(&t.to_string()), "{t} missing from {tools:?}");
    }

    // Mint a token for an address the client typed.
    let r = call(
        &c,
        "everything__echo",
        json!({"message": "ann.lee@example.com"}),
    )
    .await;
    let email = tokens(&first_text(&r)).into_iter().next().expect("token");

    // Sampling: the server's request reaches the client tokenized; the
    // client's answer (quoting the token) reaches the server restored, and
    // the tool's result comes back tokenized.
    let r = call(
        &c,
        "everything__trigger-sampling-request",
        json!({"prompt": format!("Write to {email}"), "maxTokens": 50}),
    )
    .await;
    let sampling = events.of("sampling");
    assert_eq!(sampling.len(), 1, "{:?}", events.all());
    let asked = serde_json::to_string(&sampling[0]).unwrap();
    assert!(
        asked.contains(&email) && !asked.contains("ann.lee@"),
        "{asked}"
    );
    let result = text_of(&r);
    assert!(
        result.contains("You said:") && result.contains(&email) && !result.contains("ann.lee@"),
        "{result}"
    );

    // Elicitation: the answer carries a token; the server gets the address.
    *elicit_email.lock().unwrap() = email.clone();
    let r = call(&c, "everything__trigger-elicitation-request", json!({})).await;
    assert_eq!(events.of("elicitation").len(), 1);
    let result = text_of(&r);
    assert!(
        result.contains(&email),
        "the server echoed the restored address, tokenized again: {result}"
    );
    assert!(!result.contains("ann.lee@"), "{result}");

    // Roots: the server asks the client through the gateway.
    let r = call(&c, "everything__get-roots-list", json!({})).await;
    assert!(text_of(&r).contains("file:///tmp"), "{}", text_of(&r));

    // Progress of a long operation.
    let r = call(
        &c,
        "everything__trigger-long-running-operation",
        json!({"duration": 1, "steps": 3}),
    )
    .await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while events.of("progress").len() < 3 && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let p = events.of("progress");
    assert!(p.len() >= 3, "{p:?}");

    // Structured content passes its (relaxed) output schema on the client.
    let r = call(
        &c,
        "everything__get-structured-content",
        json!({"location": "New York"}),
    )
    .await;
    assert!(r.structured_content.is_some(), "{}", text_of(&r));

    // Images are not text: base64 passes untouched.
    let r = call(&c, "everything__get-tiny-image", json!({})).await;
    let v = serde_json::to_value(&r).unwrap();
    let img = v["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == "image")
        .unwrap();
    assert!(
        img["data"].as_str().unwrap().starts_with("iVBORw0KGgo"),
        "PNG base64 intact"
    );

    // Resources and prompts of a third-party server.
    let read = c
        .read_resource(ReadResourceRequestParams::new(
            "demo://resource/dynamic/text/1",
        ))
        .await
        .unwrap();
    assert!(!read.contents.is_empty());
    let mut args = serde_json::Map::new();
    args.insert("city".into(), json!("Paris"));
    let p = c
        .get_prompt(GetPromptRequestParams::new("everything__args-prompt").with_arguments(args))
        .await
        .unwrap();
    assert!(serde_json::to_string(&p).unwrap().contains("Paris"));

    // A server that echoes its environment does not show its credential.
    let r = call(&c, "everything__get-env", json!({})).await;
    let env = text_of(&r);
    assert!(
        env.contains("EVERYTHING_API_KEY") && !env.contains("sk-test-4f9a2c71e0"),
        "{env}"
    );
    assert!(env.contains("[REDACTED_CREDENTIAL]"));
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn filesystem_server_reads_tokenized_and_writes_real_values() {
    let s = Scratch::new("files");
    let cfg = everything_config(&s);
    let notes = s.write(
        "files/notes.txt",
        "Call Maya Vieira on +44 20 7946 0958 or write to maya.vieira@contoso.com.\n",
    );
    let c = stdio(&cfg, TestClient::new()).await;

    let r = call(
        &c,
        "files__read_text_file",
        json!({"path": notes.display().to_string()}),
    )
    .await;
    let t = first_text(&r);
    assert!(
        !t.contains("maya.vieira@") && !t.contains("7946 0958") && !t.contains("Vieira"),
        "{t}"
    );
    let toks = tokens(&t);
    assert_eq!(toks.len(), 3, "{t}");

    let out = s.path("files/reply.txt");
    let body = format!("To {}: noted ({} / {}).", toks[1], toks[0], toks[2]);
    let w = call(
        &c,
        "files__write_file",
        json!({"path": out.display().to_string(), "content": body}),
    )
    .await;
    assert_ne!(w.is_error, Some(true), "{}", text_of(&w));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("maya.vieira@contoso.com")
            && written.contains("Maya Vieira")
            && written.contains("+44 20 7946 0958"),
        "{written}"
    );
    assert!(!written.contains('['), "{written}");
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn clients_without_sampling_get_a_clear_error() {
    let s = Scratch::new("nosample");
    let cfg = everything_config(&s);
    let c = stdio(&cfg, TestClient::incapable()).await;
    // The catalog lists the sampling tool (learned with full capabilities),
    // but this session's server connection mirrors the client: no sampling.
    let r = try_call(
        &c,
        "everything__trigger-sampling-request",
        json!({"prompt": "x"}),
    )
    .await;
    let text = match r {
        Ok(r) => text_of(&r),
        Err(e) => e.to_string(),
    };
    assert!(
        text.to_lowercase().contains("not found") || text.contains("does not support"),
        "{text}"
    );
    // The gateway still works.
    let r = call(&c, "everything__echo", json!({"message": "still here"})).await;
    assert!(first_text(&r).contains("still here"));
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn progressive_mode_exposes_meta_tools() {
    let s = Scratch::new("progressive");
    let journal = s.path("journal");
    let cfg = s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nmode = \"progressive\"\n{}\n{}",
            demo_rules(),
            demo_servers(&journal, "isolated")
        ),
    );
    let c = stdio(&cfg, TestClient::new()).await;
    let tools: Vec<String> = c
        .list_all_tools()
        .await
        .unwrap()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(
        tools,
        [
            "get_tool_details",
            "call_tool",
            "execute_code",
            "list_servers",
            "enable_server",
            "disable_server",
            "list_skills"
        ]
    );
    let servers = call(&c, "list_servers", json!({"query": "crm"})).await;
    assert!(text_of(&servers).contains("crm__search_contacts"));
    let r = call(
        &c,
        "call_tool",
        json!({"name": "crm__get_contact", "arguments": {"id": "C-1001"}}),
    )
    .await;
    let v = r.structured_content.clone().unwrap();
    assert!(v["email"].as_str().unwrap().starts_with("[EMAIL_"), "{v}");
    // `server.tool` is accepted too.
    let r = call(&c, "call_tool", json!({"name": "mailer.send_email", "arguments": {"to": v["email"], "subject": "s", "body": "b"}})).await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    let sent = journal_last(&journal, "mailer");
    assert!(sent["arguments"]["to"].as_str().unwrap().contains('@'));
    c.cancel().await.unwrap();
}

fn journal_last(dir: &std::path::Path, server: &str) -> Value {
    journal(dir, server).pop().unwrap()
}

/// A free port on loopback.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

struct Kill(std::process::Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// server-everything over streamable HTTP, as a remote server behind Sluice.
fn everything_http() -> (Kill, u16) {
    let port = free_port();
    let child = std::process::Command::new(node_bin("mcp-server-everything"))
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            std::time::Instant::now() < deadline,
            "server-everything did not listen"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    (Kill(child), port)
}

#[tokio::test(flavor = "multi_thread")]
async fn http_servers_downstream_shared_and_isolated() {
    let (_srv, port) = everything_http();
    let s = Scratch::new("remote");
    let cfg = s.write(
        "sluice.toml",
        &format!(
            r#"[gateway]
mode = "direct"
{rules}

[servers.remote]
url = "http://127.0.0.1:{port}/mcp"
headers = {{ "X-Api-Key" = "${{SLUICE_TEST_KEY}}" }}

[servers.pooled]
url = "http://127.0.0.1:{port}/mcp"
sessions = "shared"
"#,
            rules = open_rules()
        ),
    );
    let gw = HttpGateway::start(&cfg, &[("SLUICE_TEST_KEY", "k-123")]);
    let client = TestClient::new();
    let events = client.events.clone();
    let c = gw.client(client).await;
    for server in ["remote", "pooled"] {
        let r = call(
            &c,
            &format!("{server}__echo"),
            json!({"message": "mail bo.berg@fabrikam.com"}),
        )
        .await;
        let t = first_text(&r);
        assert!(!t.contains("bo.berg@") && t.contains("[EMAIL_1]"), "{t}");
        // Sampling over HTTP: a shared connection still finds the session,
        // because the request arrives on the stream of this session's call.
        let r = call(
            &c,
            &format!("{server}__trigger-sampling-request"),
            json!({"prompt": "Note for [EMAIL_1]", "maxTokens": 10}),
        )
        .await;
        let t = text_of(&r);
        assert!(
            t.contains("You said:") && t.contains("[EMAIL_1]") && !t.contains("bo.berg@"),
            "{server}: {t}"
        );
    }
    assert_eq!(events.of("sampling").len(), 2);
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn trace_logs_of_the_gateway_hold_no_value() {
    use rmcp::ServiceExt;
    let s = Scratch::new("logs");
    let cfg = demo_config(&s, "isolated");
    let mut cmd = tokio::process::Command::new(SLUICE);
    cmd.args(["serve", "--config"])
        .arg(&cfg)
        .env("SLUICE_CACHE_DIR", s.path("cache"))
        .env("SLUICE_LOG", "trace");
    let (transport, stderr) = rmcp::transport::TokioChildProcess::builder(cmd)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = stderr.unwrap();
    let logs = tokio::spawn(async move {
        use tokio::io::AsyncReadExt;
        let mut buf = String::new();
        let _ = stderr.read_to_string(&mut buf).await;
        buf
    });
    let c = TestClient::new().serve(transport).await.unwrap();
    let r = call(
        &c,
        "spreadsheet__read_sheet",
        json!({"sheet": "leads", "limit": 20}),
    )
    .await;
    let rows = r.structured_content.unwrap()["rows"]
        .as_array()
        .unwrap()
        .clone();
    for row in rows.iter().take(3) {
        let m = call(&c, "mailer__send_email", json!({"to": row[2], "subject": format!("Hi {}", row[1].as_str().unwrap()), "body": format!("Call {}", row[3].as_str().unwrap())})).await;
        assert_ne!(m.is_error, Some(true), "{}", text_of(&m));
    }
    // A denied call and a bad token, which log their errors.
    let _ = try_call(
        &c,
        "mailer__send_email",
        json!({"to": "[EMAIL_999]", "subject": "x", "body": "y"}),
    )
    .await;
    let _ = try_call(
        &c,
        "crm__update_contact",
        json!({"id": "C-1001", "email": rows[0][2]}),
    )
    .await;
    c.cancel().await.unwrap();
    let logs = logs.await.unwrap();
    assert!(
        logs.contains("TRACE") || logs.contains("DEBUG"),
        "trace logging is on: {logs}"
    );
    // Every value the mailer received (addresses, names, phones): none is
    // in the logs.
    let mut values: Vec<String> = Vec::new();
    for j in journal(&s.path("journal"), "mailer") {
        let a = &j["arguments"];
        values.push(a["to"].as_str().unwrap().to_string());
        values.push(
            a["subject"]
                .as_str()
                .unwrap()
                .trim_start_matches("Hi ")
                .to_string(),
        );
        values.push(
            a["body"]
                .as_str()
                .unwrap()
                .trim_start_matches("Call ")
                .to_string(),
        );
    }
    assert_eq!(values.len(), 9);
    for v in &values {
        assert!(v.len() >= 5 && !v.contains('['), "a real value: {v}");
        assert!(!logs.contains(v.as_str()), "`{v}` is in the logs");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn servers_are_enabled_and_disabled_at_run_time() {
    let s = Scratch::new("enable");
    let journal = s.path("journal");
    let mut servers = demo_servers(&journal, "isolated");
    servers = servers.replace("[servers.mailer]\n", "[servers.mailer]\nenabled = false\n");
    let cfg = s.write(
        "sluice.toml",
        &format!("[gateway]\nmode = \"direct\"\n{}\n{servers}", demo_rules()),
    );
    let client = TestClient::new();
    let events = client.events.clone();
    let c = stdio(&cfg, client).await;
    let names = |tools: Vec<rmcp::model::Tool>| {
        tools.iter().map(|t| t.name.to_string()).collect::<Vec<_>>()
    };
    let before = names(c.list_all_tools().await.unwrap());
    assert!(
        before.contains(&"enable_server".to_string())
            && !before.iter().any(|t| t.starts_with("mailer__")),
        "{before:?}"
    );
    let e = try_call(
        &c,
        "mailer__send_email",
        json!({"to": "x@example.com", "subject": "s", "body": "b"}),
    )
    .await;
    let msg = match e {
        Ok(r) => first_text(&r),
        Err(e) => e.to_string(),
    };
    assert!(
        msg.contains("mailer") && (msg.contains("not enabled") || msg.contains("unknown tool")),
        "{msg}"
    );
    let servers = call(&c, "list_servers", json!({})).await;
    assert!(
        text_of(&servers).contains("\"enabled\":false"),
        "{}",
        text_of(&servers)
    );

    let r = call(&c, "enable_server", json!({"name": "mailer"})).await;
    assert!(
        first_text(&r).contains("mailer is enabled: 2 tools"),
        "{}",
        first_text(&r)
    );
    events.wait_for("tools_changed", 10).await;
    let after = names(c.list_all_tools().await.unwrap());
    assert!(
        after.contains(&"mailer__send_email".to_string()),
        "{after:?}"
    );
    let contact = call(&c, "crm__get_contact", json!({"id": "C-1001"})).await;
    let to = contact.structured_content.unwrap()["email"].clone();
    let r = call(
        &c,
        "mailer__send_email",
        json!({"to": to, "subject": "s", "body": "b"}),
    )
    .await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));

    let r = call(&c, "disable_server", json!({"name": "mailer"})).await;
    assert!(first_text(&r).contains("mailer is disabled"));
    let last = names(c.list_all_tools().await.unwrap());
    assert!(!last.iter().any(|t| t.starts_with("mailer__")), "{last:?}");
    let r = try_call(
        &c,
        "mailer__send_email",
        json!({"to": to, "subject": "s", "body": "b"}),
    )
    .await;
    assert!(r.map(|r| r.is_error == Some(true)).unwrap_or(true));
    let e = try_call(&c, "enable_server", json!({"name": "mailr"})).await;
    let msg = match e {
        Ok(r) => first_text(&r),
        Err(e) => e.to_string(),
    };
    assert!(msg.contains("did you mean `mailer`"), "{msg}");
    c.cancel().await.unwrap();
}

//! Shared harness for the gateway tests: the real `sluice` binary, real
//! MCP servers (the built-in demo servers, npm packages installed under
//! tests/node by .ci/run, a misbehaving Python server), and an rmcp client
//! that records what it is sent and answers sampling and elicitation.
#![allow(dead_code, deprecated)]

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientConfig, CreateMessageRequestParams,
    CreateMessageResult, ElicitRequestParams, ElicitResult, ErrorData, ListRootsResult,
};
use rmcp::service::{NotificationContext, RequestContext, RunningService};
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Value, json};

pub const SLUICE: &str = env!("CARGO_BIN_EXE_sluice");

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A binary of the npm test servers (installed by .ci/run: `npm ci --prefix tests/node`).
pub fn node_bin(name: &str) -> String {
    let p = root().join("tests/node/node_modules/.bin").join(name);
    assert!(
        p.exists(),
        "{} is missing: run `npm ci --prefix tests/node` (.ci/run does)",
        p.display()
    );
    p.display().to_string()
}

pub fn faulty_server() -> String {
    root()
        .join("tests/fixtures/faulty_server.py")
        .display()
        .to_string()
}

/// A scratch directory removed on drop.
pub struct Scratch(pub tempfile::TempDir);

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        Scratch(
            tempfile::Builder::new()
                .prefix(&format!("sluice-test-{tag}-"))
                .tempdir()
                .unwrap(),
        )
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.0.path().join(rel)
    }

    pub fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.path(rel);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(&p, text).unwrap();
        p
    }
}

/// A `rules = [...]` line: Sluice's own default and demo rules.
pub fn demo_rules() -> String {
    let r = root().join("rules");
    format!(
        "rules = [{:?}, {:?}]\n",
        r.join("default.toml").display().to_string(),
        r.join("examples/demo.toml").display().to_string()
    )
}

/// A `rules = [...]` line allowing every call and flow (tests of proxying).
pub fn open_rules() -> String {
    format!(
        "rules = [{:?}]\n",
        root()
            .join("tests/fixtures/rules/open.toml")
            .display()
            .to_string()
    )
}

/// Config text for the demo servers, journaling to `journal`.
pub fn demo_servers(journal: &Path, sessions: &str) -> String {
    let mut s = String::new();
    for name in ["spreadsheet", "crm", "mailer"] {
        s.push_str(&format!(
            "[servers.{name}]\ncommand = {SLUICE:?}\nargs = [\"demo-server\", \"{name}\"]\nenv = {{ SLUICE_DEMO_JOURNAL = {:?} }}\nsessions = \"{sessions}\"\n\n",
            journal.display().to_string()
        ));
    }
    s
}

/// What the test client was sent, in order.
#[derive(Clone, Default)]
pub struct Events(Arc<Mutex<Vec<Value>>>);

impl Events {
    pub fn push(&self, kind: &str, v: Value) {
        self.0
            .lock()
            .unwrap()
            .push(json!({"kind": kind, "event": v}));
    }

    pub fn all(&self) -> Vec<Value> {
        self.0.lock().unwrap().clone()
    }

    pub fn of(&self, kind: &str) -> Vec<Value> {
        self.all()
            .into_iter()
            .filter(|e| e["kind"] == kind)
            .map(|e| e["event"].clone())
            .collect()
    }

    /// Waits until an event of `kind` arrives (or panics after `secs`).
    pub async fn wait_for(&self, kind: &str, secs: u64) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let got = self.of(kind);
            if !got.is_empty() {
                return got;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no {kind} event within {secs} s; got {:?}",
                self.all()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// An MCP client that records notifications and answers the requests
/// servers send back: sampling replies quote the prompt, elicitation
/// accepts with `elicit_email` as the email.
#[derive(Clone)]
pub struct TestClient {
    pub events: Events,
    pub elicit_email: Arc<Mutex<String>>,
    /// The answer to an approval (a boolean `approve` field).
    pub approve: Arc<Mutex<bool>>,
    pub capable: bool,
}

impl TestClient {
    pub fn new() -> Self {
        TestClient {
            events: Events::default(),
            elicit_email: Arc::new(Mutex::new("nobody@example.com".into())),
            approve: Arc::new(Mutex::new(true)),
            capable: true,
        }
    }

    pub fn incapable() -> Self {
        TestClient {
            capable: false,
            ..Self::new()
        }
    }
}

impl ClientHandler for TestClient {
    fn get_info(&self) -> ClientConfig {
        let caps = if self.capable {
            json!({"sampling": {}, "elicitation": {"form": {}}, "roots": {"listChanged": true}})
        } else {
            json!({})
        };
        serde_json::from_value(json!({
            "protocolVersion": "2025-11-25",
            "capabilities": caps,
            "clientInfo": {"name": "sluice-test-client", "version": "1"},
        }))
        .unwrap()
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        let v = serde_json::to_value(&params).unwrap();
        self.events.push("sampling", v.clone());
        let prompt = v["messages"][0]["content"]["text"]
            .as_str()
            .unwrap_or("")
            .to_string();
        Ok(serde_json::from_value(json!({
            "model": "test-model",
            "role": "assistant",
            "content": {"type": "text", "text": format!("You said: {prompt}")},
            "stopReason": "endTurn",
        }))
        .unwrap())
    }

    async fn create_elicitation(
        &self,
        params: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let v = serde_json::to_value(&params).unwrap();
        self.events.push("elicitation", v.clone());
        let email = self.elicit_email.lock().unwrap().clone();
        let mut content = serde_json::Map::new();
        if let Some(props) = v["requestedSchema"]["properties"].as_object() {
            for (k, p) in props {
                let value = match (k.as_str(), p["type"].as_str()) {
                    ("email", _) => json!(email),
                    ("approve", _) => json!(*self.approve.lock().unwrap()),
                    (_, Some("boolean")) => json!(true),
                    (_, Some("integer")) | (_, Some("number")) => json!(7),
                    (_, Some("array")) => {
                        let items = &p["items"];
                        let first = if items.get("enum").is_some() {
                            items["enum"][0].clone()
                        } else {
                            items["anyOf"][0]["const"].clone()
                        };
                        json!([first])
                    }
                    (_, Some("string")) if p.get("enum").is_some() => p["enum"][0].clone(),
                    (_, Some("string")) if p.get("oneOf").is_some() => {
                        p["oneOf"][0]["const"].clone()
                    }
                    ("homepage", _) => json!("https://example.com/"),
                    ("birthdate", _) => json!("1990-01-01"),
                    (_, _) => json!("Test Person"),
                };
                content.insert(k.clone(), value);
            }
        }
        Ok(serde_json::from_value(json!({"action": "accept", "content": content})).unwrap())
    }

    async fn list_roots(
        &self,
        _: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        self.events.push("roots", json!({}));
        Ok(
            serde_json::from_value(json!({"roots": [{"uri": "file:///tmp", "name": "tmp"}]}))
                .unwrap(),
        )
    }

    async fn on_progress(
        &self,
        params: rmcp::model::ProgressNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        self.events
            .push("progress", serde_json::to_value(&params).unwrap());
    }

    async fn on_logging_message(
        &self,
        params: rmcp::model::LoggingMessageNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        self.events
            .push("log", serde_json::to_value(&params).unwrap());
    }

    async fn on_resource_updated(
        &self,
        params: rmcp::model::ResourceUpdatedNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        self.events
            .push("resource_updated", serde_json::to_value(&params).unwrap());
    }

    async fn on_tool_list_changed(&self, _: NotificationContext<RoleClient>) {
        self.events.push("tools_changed", json!({}));
    }
}

pub type Client = RunningService<RoleClient, TestClient>;

/// `sluice serve --config FILE` over stdio, with the test client.
pub async fn stdio(config: &Path, client: TestClient) -> Client {
    let mut cmd = tokio::process::Command::new(SLUICE);
    cmd.args(["serve", "--config"]).arg(config);
    cmd.env("SLUICE_CACHE_DIR", config.parent().unwrap().join("cache"));
    cmd.env_remove("SLUICE_LOG");
    let (transport, _) = TokioChildProcess::builder(cmd)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn sluice serve");
    tokio::time::timeout(Duration::from_secs(60), client.serve(transport))
        .await
        .expect("sluice answers initialize within 60 s")
        .expect("initialize")
}

/// `sluice serve --http 127.0.0.1:0`; returns the process and the /mcp URL.
pub struct HttpGateway {
    pub child: std::process::Child,
    pub url: String,
}

impl HttpGateway {
    pub fn start(config: &Path, extra_env: &[(&str, &str)]) -> HttpGateway {
        let mut cmd = std::process::Command::new(SLUICE);
        cmd.args(["serve", "--http", "127.0.0.1:0", "--config"])
            .arg(config)
            .env("SLUICE_CACHE_DIR", config.parent().unwrap().join("cache"))
            .env_remove("SLUICE_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in extra_env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("spawn sluice serve --http");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if !sent && let Some(i) = line.find("http://") {
                    let _ = tx.send(line[i..].trim().to_string());
                    sent = true;
                } else {
                    eprintln!("[sluice] {line}");
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("sluice prints its HTTP address");
        HttpGateway { child, url }
    }

    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    pub async fn client(&self, client: TestClient) -> Client {
        sluice::broker::downstream::init_tls();
        let transport = StreamableHttpClientTransport::from_uri(self.url.clone());
        client.serve(transport).await.expect("initialize over HTTP")
    }
}

impl Drop for HttpGateway {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub async fn call(c: &Client, name: &str, args: Value) -> CallToolResult {
    let p = CallToolRequestParams::new(name.to_string())
        .with_arguments(args.as_object().cloned().unwrap_or_default());
    c.call_tool(p)
        .await
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub async fn try_call(
    c: &Client,
    name: &str,
    args: Value,
) -> Result<CallToolResult, rmcp::ServiceError> {
    let p = CallToolRequestParams::new(name.to_string())
        .with_arguments(args.as_object().cloned().unwrap_or_default());
    c.call_tool(p).await
}

/// All the text a result holds (content text and structured content).
pub fn text_of(r: &CallToolResult) -> String {
    serde_json::to_string(r).unwrap()
}

pub fn first_text(r: &CallToolResult) -> String {
    let v = serde_json::to_value(r).unwrap();
    v["content"][0]["text"].as_str().unwrap_or("").to_string()
}

/// Journal lines a demo server wrote (what it received).
pub fn journal(dir: &Path, server: &str) -> Vec<Value> {
    std::fs::read_to_string(dir.join(format!("{server}.jsonl")))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Every token in a text.
pub fn tokens(text: &str) -> Vec<String> {
    let re = regex::Regex::new(r"\[(EMAIL|PHONE|NAME)_\d+(_\d+)?\]").unwrap();
    let mut v: Vec<String> = re.find_iter(text).map(|m| m.as_str().to_string()).collect();
    v.sort();
    v.dedup();
    v
}

/// Emails in a text (to check none reached the model).
pub fn emails(text: &str) -> Vec<String> {
    let re = regex::Regex::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}").unwrap();
    re.find_iter(text).map(|m| m.as_str().to_string()).collect()
}

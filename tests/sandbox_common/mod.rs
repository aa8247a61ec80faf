//! A fake in-process `Host` for the sandbox tests: a few tools with known
//! behaviour, an in-memory workspace, skills, and a tiny "broker" that
//! holds the only plaintext (the tests check it never comes out).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::BoxFuture;
use serde_json::{Value, json};
use sluice::sandbox::{Host, Limits, RunReport, Sandbox, ToolInfo};

/// The plaintext behind `[EMAIL_1]`, known only to the fake broker.
pub const PLAINTEXT: &str = "alice.secret@example.com";
/// A credential the gateway process holds (in its environment).
pub const CREDENTIAL: &str = "sk-live-credential-4242";

#[derive(Default)]
pub struct FakeHost {
    pub calls: Mutex<Vec<(String, String, Value)>>,
    pub files: Mutex<BTreeMap<String, String>>,
    pub skills: Mutex<BTreeMap<String, String>>,
    pub fs_paths: Mutex<Vec<String>>,
    pub flights: Arc<Flights>,
}

#[derive(Default)]
pub struct Flights {
    pub now: AtomicUsize,
    pub max: AtomicUsize,
}

impl FakeHost {
    pub fn new() -> Arc<FakeHost> {
        let h = FakeHost::default();
        h.files
            .lock()
            .unwrap()
            .insert("notes.txt".into(), "hello [NAME_1]".into());
        Arc::new(h)
    }
}

struct Flight(Arc<Flights>);
impl Drop for Flight {
    fn drop(&mut self) {
        self.0.now.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Host for FakeHost {
    fn call(
        &self,
        server: String,
        tool: String,
        args: Value,
    ) -> BoxFuture<'static, Result<Value, String>> {
        self.calls
            .lock()
            .unwrap()
            .push((server.clone(), tool.clone(), args.clone()));
        let now = self.flights.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.flights.max.fetch_max(now, Ordering::SeqCst);
        // The counter goes down when the future ends (or is dropped).
        let flight = Flight(self.flights.clone());
        Box::pin(async move {
            let _f = flight;
            let text = |s: String| json!({"content": [{"type": "text", "text": s}]});
            match tool.as_str() {
                "echo" => Ok(text(args.to_string())),
                "structured" => Ok(
                    json!({"content": [{"type": "text", "text": "ignored"}], "structuredContent": {"rows": [1, 2, 3]}}),
                ),
                "text" => Ok(text("plain words".into())),
                "fail" => Ok(
                    json!({"content": [{"type": "text", "text": "no such row"}], "isError": true}),
                ),
                "deny" => Err("denied by rule no-exports (call rule)".into()),
                "slow" => {
                    let ms = args.get("ms").and_then(Value::as_u64).unwrap_or(500);
                    tokio::time::sleep(Duration::from_millis(ms)).await;
                    Ok(text(json!({"slept": ms}).to_string()))
                }
                // The broker tokenized the downstream's plaintext.
                "lookup" => Ok(text(
                    json!({"email": "[EMAIL_1]", "name": "[NAME_1]"}).to_string(),
                )),
                // The broker restores only tokens it issued.
                "send" => {
                    let s = args.to_string();
                    if s.contains("[EMAIL_1]") && !s.contains("[EMAIL_9") {
                        Ok(text("sent".into()))
                    } else {
                        Err("unknown token [EMAIL_99]: not restored (session scope)".into())
                    }
                }
                _ => Ok(text("{}".into())),
            }
        })
    }

    fn read_file(&self, path: &str) -> Result<String, String> {
        self.fs_paths.lock().unwrap().push(path.to_string());
        self.files
            .lock()
            .unwrap()
            .get(path)
            .cloned()
            .ok_or_else(|| format!("no such file: {path}"))
    }

    fn write_file(&self, path: &str, contents: &str) -> Result<(), String> {
        self.fs_paths.lock().unwrap().push(path.to_string());
        if let Some(name) = path.strip_prefix("skills/") {
            let name = name.trim_end_matches(".ts").trim_end_matches(".js");
            self.skills
                .lock()
                .unwrap()
                .insert(name.into(), contents.into());
        }
        self.files
            .lock()
            .unwrap()
            .insert(path.into(), contents.into());
        Ok(())
    }

    fn read_dir(&self, path: &str) -> Result<Vec<String>, String> {
        self.fs_paths.lock().unwrap().push(path.to_string());
        let prefix = if path.is_empty() {
            String::new()
        } else {
            format!("{path}/")
        };
        Ok(self
            .files
            .lock()
            .unwrap()
            .keys()
            .filter_map(|k| {
                k.strip_prefix(&prefix)
                    .map(|r| r.split('/').next().unwrap_or(r).to_string())
            })
            .collect())
    }

    fn skill(&self, name: &str) -> Option<String> {
        self.skills.lock().unwrap().get(name).cloned()
    }
}

pub fn tools() -> Vec<ToolInfo> {
    let t = |server: &str, tool: &str| ToolInfo {
        server: server.into(),
        tool: tool.into(),
        description: Some(format!("The {tool} tool.")),
        input_schema: json!({"type": "object", "properties": {"ms": {"type": "integer"}}}),
        output_schema: None,
    };
    vec![
        t("t", "echo"),
        t("t", "structured"),
        t("t", "text"),
        t("t", "fail"),
        t("t", "deny"),
        t("t", "slow"),
        t("crm", "lookup"),
        t("crm", "get-contact"),
        t("mailer", "send"),
    ]
}

pub fn exe() -> std::path::PathBuf {
    env!("CARGO_BIN_EXE_sluice").into()
}

pub fn sandbox() -> Sandbox {
    Sandbox::with_pool(exe(), 0)
}

/// Tight limits for the tests.
pub fn limits() -> Limits {
    Limits {
        wall: Duration::from_millis(2500),
        memory_bytes: 96 << 20,
        max_calls: 50,
        max_output_bytes: 4000,
        ..Limits::default()
    }
}

pub async fn run(code: &str) -> (RunReport, Arc<FakeHost>) {
    run_with(code, &limits()).await
}

pub async fn run_with(code: &str, limits: &Limits) -> (RunReport, Arc<FakeHost>) {
    let host = FakeHost::new();
    let r = sandbox().run(code, &tools(), host.clone(), limits).await;
    (r, host)
}

/// Nothing the fake broker or the gateway holds in plaintext is in the report.
pub fn assert_clean(r: &RunReport) {
    let all = format!("{r:?}");
    assert!(!all.contains(PLAINTEXT), "plaintext leaked: {all}");
    assert!(!all.contains(CREDENTIAL), "credential leaked: {all}");
    assert!(!all.contains(".rs:"), "engine source paths leaked: {all}");
    assert!(!all.contains("/root/"), "host paths leaked: {all}");
    assert!(!all.contains("sluice:api"), "internal frames leaked: {all}");
}

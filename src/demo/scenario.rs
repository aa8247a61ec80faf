//! `sluice demo`: the seed scenario, end to end, with no model. A scripted
//! client connects to the gateway over MCP (an in-memory pipe) and sends
//! one `execute_code` script that reads 10,000 leads from the spreadsheet
//! server, keeps the qualified ones in the sandbox, files them in the CRM
//! and mails them. The report puts what the model saw (one line of
//! output, with tokens) next to what the servers received (real values).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use serde_json::{Value, json};

use crate::broker::{Broker, Hooks};
use crate::config::{Config, Secret, Transport};
use crate::gateway::{Gateway, GatewayHandler};
use crate::pii::Engine;

#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("demo: {0}")]
    Step(String),
    #[error("demo: writing the report: {0}")]
    Io(#[from] std::io::Error),
}

fn step<E: std::fmt::Display>(what: &str) -> impl FnOnce(E) -> DemoError + '_ {
    move |e| DemoError::Step(format!("{what}: {e}"))
}

/// The script the scripted agent writes: TypeScript, as models write it.
pub const SEED_SCRIPT: &str = r#"
interface Sheet { columns: string[]; rows: unknown[][]; total: number }
const sheet = (await servers.spreadsheet.read_sheet({ sheet: "leads", limit: 10000 })) as Sheet;
const col = (name: string): number => sheet.columns.indexOf(name);
const [id, name, email, phone, company, status, score] =
  ["id", "name", "email", "phone", "company", "status", "score"].map(col);
const hot = sheet.rows.filter((r) => r[status] === "qualified" && (r[score] as number) >= 90);
let created = 0;
for (const r of hot) {
  const c = await servers.crm.upsert_contact({
    email: r[email] as string, name: r[name] as string, phone: r[phone] as string,
    company: r[company] as string, status: "qualified", notes: `Lead ${r[id]}, score ${r[score]}`,
  });
  if (c.created) created++;
}
await Promise.all(hot.map((r) => servers.mailer.send_email({
  to: r[email] as string,
  subject: `Welcome, ${r[name]}`,
  body: `Hi ${r[name]},
thanks for your interest. We will call you on ${r[phone]}.`,
})));
console.log(`${sheet.total} leads read; ${hot.length} qualified with score >= 90 filed in the CRM (${created} new) and mailed; first: ${hot[0]?.[name]} <${hot[0]?.[email]}>`);
"#;

/// The built-in configuration with each demo server journaling to `dir`.
pub fn config(exe: &Path, dir: &Path) -> Config {
    let mut cfg = Config::builtin(exe);
    for s in &mut cfg.servers {
        if let Transport::Stdio { env, .. } = &mut s.transport {
            env.push((
                "SLUICE_DEMO_JOURNAL".into(),
                Secret::new(dir.join("journal").display().to_string()),
            ));
        }
    }
    cfg.gateway.manifest_dir = Some(dir.join("manifests"));
    cfg
}

fn compact(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

fn journal(dir: &Path, server: &str) -> Vec<Value> {
    std::fs::read_to_string(dir.join("journal").join(format!("{server}.jsonl")))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Runs the scenario, writing the report to `out`. Returns whether every
/// check held (no plaintext reached the model; the servers got the values).
pub async fn run(exe: &Path, out: &mut dyn Write) -> Result<bool, DemoError> {
    let dir = tempfile_dir()?;
    let cfg = Arc::new(config(exe, &dir));
    let rules = crate::policy::for_config(&cfg, &[])
        .map_err(|l| {
            DemoError::Step(format!(
                "the demo rules: {}",
                l.diagnostics
                    .first()
                    .map(ToString::to_string)
                    .unwrap_or_default()
            ))
        })?
        .rules;
    let hooks = Hooks::new(Arc::new(rules), Arc::new(crate::audit::LogAudit));
    let broker = Broker::new(cfg, Arc::new(Engine::new(Vec::new())), hooks);
    let collisions = broker.index().await;
    if let Some(c) = collisions.first() {
        return Err(DemoError::Step(c.to_string()));
    }
    let gw = Gateway::new(broker.clone());
    let (client_io, server_io) = tokio::io::duplex(1 << 20);
    let handler = GatewayHandler::new(gw);
    let server = tokio::spawn(async move {
        if let Ok(running) = handler.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_io).await.map_err(step("connecting to the gateway"))?;

    let tools = client
        .list_all_tools()
        .await
        .map_err(step("listing tools"))?;
    writeln!(
        out,
        "Sluice demo: a scripted agent moves qualified leads from a spreadsheet into a CRM and mails them,"
    )?;
    writeln!(
        out,
        "with one execute_code script. Every call goes through the gateway; the agent only ever sees tokens.\n"
    )?;
    writeln!(
        out,
        "Tools the agent sees ({}): {}\n",
        tools.len(),
        tools
            .iter()
            .map(|t| t.name.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    let call = |name: &str, args: Value| {
        let p = CallToolRequestParams::new(name.to_string())
            .with_arguments(args.as_object().cloned().unwrap_or_default());
        let client = &client;
        async move { client.call_tool(p).await }
    };

    // What reading the sheet directly would have cost the model's context.
    let direct = call(
        "spreadsheet__read_sheet",
        json!({"sheet": "leads", "limit": 10_000}),
    )
    .await
    .map_err(step("reading the sheet directly"))?;
    let mut transcript = compact(&serde_json::to_value(&direct).unwrap_or_default());
    // What a client puts in the model's context: the text content.
    let direct_text: String = direct
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect();
    let sample: Vec<Value> = direct
        .structured_content
        .as_ref()
        .and_then(|v| v["rows"].as_array())
        .map(|rows| rows.iter().take(2).cloned().collect())
        .unwrap_or_default();

    writeln!(out, "== 1. The script the agent writes (execute_code) ==")?;
    for line in SEED_SCRIPT.trim().lines() {
        writeln!(out, "   {line}")?;
    }
    let r = call("execute_code", json!({"code": SEED_SCRIPT}))
        .await
        .map_err(step("running the script"))?;
    let result_text = compact(&serde_json::to_value(&r).unwrap_or_default());
    transcript.push_str(&result_text);
    let shown: String = r
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n");
    writeln!(out, "\n== 2. What the model saw: the script's output ==")?;
    for line in shown.lines() {
        writeln!(out, "   {line}")?;
    }
    let code_tokens = shown.len().div_ceil(4);
    let direct_tokens = direct_text.len() / 4;
    writeln!(
        out,
        "\n   ~{code_tokens} tokens in the model's context, instead of ~{direct_tokens} for the sheet read by a direct call"
    )?;
    writeln!(out, "   (rows as a direct call shows them, tokenized:)")?;
    for row in &sample {
        writeln!(out, "   {}", compact(row))?;
    }

    let crm = journal(&dir, "crm");
    let mailer = journal(&dir, "mailer");
    let crm_calls: Vec<&Value> = crm
        .iter()
        .filter(|j| j["tool"] == "upsert_contact")
        .collect();
    let mails: Vec<&Value> = mailer
        .iter()
        .filter(|j| j["tool"] == "send_email")
        .collect();
    writeln!(
        out,
        "\n== 3. What the servers received: {} crm__upsert_contact and {} mailer__send_email calls ==",
        crm_calls.len(),
        mails.len()
    )?;
    for (i, j) in crm_calls.iter().take(2).enumerate() {
        writeln!(out, "   crm received:         {}", compact(&j["arguments"]))?;
        if let Some(m) = mails.get(i) {
            writeln!(out, "   mailer received:      {}", compact(&m["arguments"]))?;
        }
    }

    // 4. Checks.
    let mut ok = true;
    let mut values = Vec::new();
    for j in crm_calls.iter().chain(mails.iter()) {
        for k in ["email", "name", "phone", "to"] {
            if let Some(v) = j["arguments"][k].as_str() {
                values.push(v.to_string());
            }
        }
    }
    let leaked = values
        .iter()
        .filter(|v| transcript.contains(v.as_str()))
        .count();
    let restored = !crm_calls.is_empty()
        && mails.len() == crm_calls.len()
        && values
            .iter()
            .all(|v| !v.contains("[EMAIL_") && !v.contains("[NAME_") && !v.contains("[PHONE_"));
    let succeeded = r.is_error != Some(true);
    writeln!(out, "\n== Checks ==")?;
    writeln!(
        out,
        "   script completed: {}",
        if succeeded { "yes" } else { "NO" }
    )?;
    writeln!(out, "   values the servers received: {}", values.len())?;
    writeln!(out, "   of them visible to the model: {leaked}")?;
    writeln!(
        out,
        "   servers received real values, not tokens: {}",
        if restored { "yes" } else { "NO" }
    )?;
    if leaked > 0 || !restored || !succeeded {
        ok = false;
    }
    let _ = client.cancel().await;
    let _ = server.await;
    broker.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(ok)
}

fn tempfile_dir() -> std::io::Result<std::path::PathBuf> {
    let mut r = [0u8; 6];
    let _ = ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut r);
    let name: String = r.iter().map(|b| format!("{b:02x}")).collect();
    let dir = std::env::temp_dir().join(format!("sluice-demo-{name}"));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

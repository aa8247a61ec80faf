//! `sluice demo`: the seed scenario, end to end, with no model. A scripted
//! client connects to the gateway over MCP (an in-memory pipe), reads
//! leads from the spreadsheet server, files them in the CRM and mails
//! them, passing back only the tokens it was shown. The report puts what
//! the model saw next to what the servers received.

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
        "Sluice demo: a scripted agent moves leads from a spreadsheet into a CRM and mails them."
    )?;
    writeln!(
        out,
        "Every call goes through the gateway; the agent only ever sees tokens.\n"
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

    let mut transcript = String::new();
    let call = |name: &str, args: Value| {
        let p = CallToolRequestParams::new(name.to_string())
            .with_arguments(args.as_object().cloned().unwrap_or_default());
        let client = &client;
        async move { client.call_tool(p).await }
    };

    // 1. Read leads.
    let r = call(
        "spreadsheet__read_sheet",
        json!({"sheet": "leads", "limit": 3}),
    )
    .await
    .map_err(step("reading the sheet"))?;
    let seen = r.structured_content.clone().unwrap_or_default();
    transcript.push_str(&compact(&serde_json::to_value(&r).unwrap_or_default()));
    writeln!(
        out,
        "== 1. spreadsheet__read_sheet {{sheet: leads, limit: 3}}: what the model saw =="
    )?;
    for row in seen["rows"].as_array().into_iter().flatten() {
        writeln!(out, "   {}", compact(row))?;
    }
    writeln!(out)?;

    // 2. File each lead in the CRM and mail it, with the tokens as seen.
    writeln!(
        out,
        "== 2. For each lead: crm__upsert_contact, then mailer__send_email =="
    )?;
    let mut sent = Vec::new();
    for row in seen["rows"].as_array().into_iter().flatten() {
        let (name, email, phone, company) = (&row[1], &row[2], &row[3], &row[4]);
        let upsert = json!({"email": email, "name": name, "phone": phone, "company": company,
            "notes": format!("Lead from the spreadsheet; owner of the account is {}.", name.as_str().unwrap_or(""))});
        let r = call("crm__upsert_contact", upsert.clone())
            .await
            .map_err(step("upserting a contact"))?;
        transcript.push_str(&compact(&serde_json::to_value(&r).unwrap_or_default()));
        let mail = json!({"to": email, "subject": format!("Welcome, {}", name.as_str().unwrap_or("")),
            "body": format!("Hi {},\nthanks for your interest. We will call you on {}.", name.as_str().unwrap_or(""), phone.as_str().unwrap_or(""))});
        let m = call("mailer__send_email", mail.clone())
            .await
            .map_err(step("sending an email"))?;
        transcript.push_str(&compact(&serde_json::to_value(&m).unwrap_or_default()));
        sent.push((
            upsert,
            mail,
            r.structured_content.unwrap_or_default(),
            m.structured_content.unwrap_or_default(),
        ));
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
    for (i, (upsert, mail, crm_result, mail_result)) in sent.iter().enumerate() {
        writeln!(out, "\n-- lead {} --", i + 1)?;
        writeln!(out, "   model sent crm:       {}", compact(upsert))?;
        if let Some(j) = crm_calls.get(i) {
            writeln!(out, "   crm received:         {}", compact(&j["arguments"]))?;
        }
        writeln!(out, "   model got back:       {}", compact(crm_result))?;
        writeln!(out, "   model sent mailer:    {}", compact(mail))?;
        if let Some(j) = mails.get(i) {
            writeln!(out, "   mailer received:      {}", compact(&j["arguments"]))?;
        }
        writeln!(out, "   model got back:       {}", compact(mail_result))?;
    }

    // 3. Checks.
    let mut ok = true;
    let mut values = Vec::new();
    for j in crm_calls.iter().chain(mails.iter()) {
        for k in ["email", "name", "phone", "to"] {
            if let Some(v) = j["arguments"][k].as_str() {
                values.push(v.to_string());
            }
        }
    }
    let leaked: Vec<&String> = values
        .iter()
        .filter(|v| transcript.contains(v.as_str()))
        .collect();
    let restored = crm_calls.len() == sent.len()
        && mails.len() == sent.len()
        && values
            .iter()
            .all(|v| !v.contains("[EMAIL_") && !v.contains("[NAME_") && !v.contains("[PHONE_"));
    writeln!(out, "\n== Checks ==")?;
    writeln!(out, "   values the servers received: {}", values.len())?;
    writeln!(out, "   of them visible to the model: {}", leaked.len())?;
    writeln!(
        out,
        "   servers received real values, not tokens: {}",
        if restored { "yes" } else { "NO" }
    )?;
    if !leaked.is_empty() || !restored {
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

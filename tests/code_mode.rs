//! Code mode through the real gateway: `sluice serve` over stdio and HTTP,
//! the real demo servers as child processes, the real rules, the real
//! sandbox workers. The seed scenario, tool errors and denials seen by the
//! code, runaway code, the workspace and skills, the tool tree resources.

mod common;

use common::*;
use rmcp::model::ReadResourceRequestParams;
use serde_json::{Value, json};

struct Setup {
    s: Scratch,
    cfg: std::path::PathBuf,
}

/// `timeout` is code mode's wall time: short for the runaway-code case,
/// generous where a debug build on a loaded machine does real work.
fn setup(mode: &str, timeout: &str) -> Setup {
    let s = Scratch::new("code");
    let journal = s.path("journal");
    let cfg = s.write(
        "sluice.toml",
        &format!(
            "[gateway]\nmode = \"{mode}\"\naudit_log = \"audit.jsonl\"\n{}\n[gateway.code]\nworkspace_dir = \"workspaces\"\ntimeout = \"{timeout}\"\n\n{}",
            demo_rules(),
            demo_servers(&journal, "isolated")
        ),
    );
    Setup { s, cfg }
}

fn tool_names(tools: &[rmcp::model::Tool]) -> Vec<String> {
    tools.iter().map(|t| t.name.to_string()).collect()
}

/// Every string value a demo server received (what must never reach the model).
fn received_values(j: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    for e in j {
        if let Some(o) = e["arguments"].as_object() {
            for (k, v) in o {
                if ["email", "name", "phone", "to"].contains(&k.as_str())
                    && let Some(s) = v.as_str()
                {
                    out.push(s.to_string());
                }
            }
        }
    }
    out
}

const SEED: &str = r#"
interface Sheet { columns: string[]; rows: unknown[][]; total: number }
const sheet = await servers.spreadsheet.read_sheet({ sheet: "leads", limit: 10000 }) as Sheet;
const at = (c: string) => sheet.columns.indexOf(c);
const rows = sheet.rows.filter((r) => r[at("status")] === "qualified" && (r[at("score")] as number) >= 95);
const results = await Promise.all(rows.map((r) => servers.crm.upsert_contact({
  email: r[at("email")] as string,
  name: r[at("name")] as string,
  phone: r[at("phone")] as string,
  status: "qualified",
})));
const created = results.filter((r: any) => r.created).length;
console.log(`${sheet.rows.length} rows read, ${rows.length} qualified with score >= 95, ${created} created; first ${rows[0][at("email")]}`);
"#;

#[tokio::test(flavor = "multi_thread")]
async fn the_seed_scenario_runs_as_one_script() {
    let Setup { s, cfg } = setup("direct", "120s");
    let c = stdio(&cfg, TestClient::new()).await;
    let names = tool_names(&c.list_all_tools().await.unwrap());
    assert!(
        names.contains(&"execute_code".to_string())
            && names.contains(&"get_tool_details".to_string()),
        "{names:?}"
    );

    // What the script must find, worked out independently from a direct
    // read of the same sheet.
    let direct = call(
        &c,
        "spreadsheet__read_sheet",
        json!({"sheet": "leads", "limit": 10000}),
    )
    .await;
    let sheet = direct.structured_content.clone().unwrap();
    let cols: Vec<&str> = sheet["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let at = |c: &str| cols.iter().position(|x| *x == c).unwrap();
    let rows = sheet["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 10_000);
    let expected: Vec<&Value> = rows
        .iter()
        .filter(|r| r[at("status")] == "qualified" && r[at("score")].as_u64().unwrap() >= 95)
        .collect();
    assert!(expected.len() > 20, "{}", expected.len());
    let direct_text = first_text(&direct);

    let r = call(&c, "execute_code", json!({"code": SEED})).await;
    let shown = text_of(&r);
    assert_ne!(r.is_error, Some(true), "{shown}");
    let line = first_text(&r);
    assert_eq!(
        line.trim(),
        format!(
            "10000 rows read, {} qualified with score >= 95, {} created; first {}",
            expected.len(),
            expected.len(),
            expected[0][at("email")].as_str().unwrap()
        ),
        "the summary names the first address by the token the model saw"
    );
    // The model-facing result: well under 500 tokens (a token is at least
    // one byte of text, so bytes bound tokens), and no plaintext.
    assert!(shown.len() < 500, "{} bytes: {shown}", shown.len());
    assert!(
        direct_text.len() > 100 * shown.len(),
        "the rows stayed in the sandbox"
    );
    let crm = journal(&s.path("journal"), "crm");
    let upserts: Vec<Value> = crm
        .into_iter()
        .filter(|j| j["tool"] == "upsert_contact")
        .collect();
    assert_eq!(upserts.len(), expected.len());
    let values = received_values(&upserts);
    assert_eq!(values.len(), 3 * expected.len());
    for v in &values {
        assert!(!v.contains("[EMAIL_") && !v.contains("[NAME_") && !v.contains("[PHONE_"));
        assert!(!shown.contains(v.as_str()), "plaintext reached the model");
    }
    assert!(
        upserts
            .iter()
            .all(|u| u["arguments"]["email"].as_str().unwrap().contains('@'))
    );
    assert!(emails(&shown).is_empty(), "{shown}");
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn errors_denials_and_runaway_code_are_reported_and_the_gateway_keeps_serving() {
    let Setup { s, cfg } = setup("progressive", "5s");
    let c = stdio(&cfg, TestClient::new()).await;
    let names = tool_names(&c.list_all_tools().await.unwrap());
    assert!(names.contains(&"execute_code".to_string()), "{names:?}");

    // A tool error and a denial are Errors the code can catch; the
    // denial's message names the token and the reason, never the value.
    let r = call(
        &c,
        "execute_code",
        json!({"code": r#"
const c = await servers.crm.get_contact({ id: "C-1001" });
try { await servers.crm.get_contact({ id: "C-9" }); } catch (e) { console.log("tool error:", e.message); }
try {
  await servers.mailer.send_email({ to: "ops@example.com", subject: "x", body: `mail ${c.email}` });
} catch (e) { console.log("denied:", e.message); }
return c.email;
"#}),
    )
    .await;
    let out = text_of(&r);
    assert_ne!(r.is_error, Some(true), "{out}");
    let text = first_text(&r);
    assert!(
        text.contains("tool error: servers.crm.get_contact: no contact C-9"),
        "{text}"
    );
    assert!(
        text.contains("denied:") && text.contains("[EMAIL_1]") && text.contains("/body"),
        "{text}"
    );
    assert_eq!(r.structured_content.unwrap()["value"], json!("[EMAIL_1]"));
    assert!(emails(&out).iter().all(|e| e == "ops@example.com"), "{out}");
    let mails = journal(&s.path("journal"), "mailer");
    assert!(mails.iter().all(|m| m["tool"] != "send_email"), "{mails:?}");

    // An uncaught error: its line, and the calls already made.
    let r = call(
        &c,
        "execute_code",
        json!({"code": "await servers.crm.list_contacts({ limit: 1 });\nconst x: number = 1;\nthrow new Error('stop here');\n"}),
    )
    .await;
    let text = first_text(&r);
    assert_eq!(r.is_error, Some(true));
    assert!(
        text.contains("stop here") && text.contains("line 3"),
        "{text}"
    );
    assert!(
        text.contains("1 tool call(s) were made") && text.contains("crm.list_contacts: ok"),
        "{text}"
    );

    // Runaway code is killed at the configured wall time.
    let r = call(&c, "execute_code", json!({"code": "while (true) {}"})).await;
    assert_eq!(r.is_error, Some(true));
    assert!(
        first_text(&r).contains("ran longer than 5s; the worker was killed"),
        "{}",
        first_text(&r)
    );
    // And the session goes on: calls, code, tokens as before.
    let r = call(
        &c,
        "execute_code",
        json!({"code": "const c = await servers.crm.get_contact({ id: 'C-1001' }); console.log(c.email);"}),
    )
    .await;
    assert_eq!(first_text(&r).trim(), "[EMAIL_1]");
    let r = call(
        &c,
        "call_tool",
        json!({"name": "crm__get_contact", "arguments": {"id": "C-1001"}}),
    )
    .await;
    assert_eq!(r.structured_content.unwrap()["email"], json!("[EMAIL_1]"));
    c.cancel().await.unwrap();
    // The denial is in the audit log, without the value.
    let log = std::fs::read_to_string(s.path("audit.jsonl")).unwrap();
    assert!(log.contains("\"decision\":\"deny\""));
    assert!(!log.contains('@'), "a value in the audit log");
}

#[tokio::test(flavor = "multi_thread")]
async fn workspace_files_are_tokenized_skills_are_reused_and_sessions_are_apart() {
    let Setup { s, cfg } = setup("progressive", "60s");
    let c = stdio(&cfg, TestClient::new()).await;
    let r = call(
        &c,
        "execute_code",
        json!({"code": r#"
const c = await servers.crm.get_contact({ id: "C-1002" });
// Text the code writes itself, with an address in it: stored tokenized.
await fs.writeFile("notes/today.txt", `call ${c.email} and write to jane.roe@example.org`);
await fs.writeFile("skills/shout.ts", "export function shout(s: string): string { return s.toUpperCase() + '!'; }");
await fs.writeFile("skills/shout.md", "Upper-cases a text and adds an exclamation mark.");
return await fs.readdir("");
"#}),
    )
    .await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    // On disk: tokens only.
    let ws = s.path("workspaces");
    let dirs: Vec<_> = std::fs::read_dir(&ws).unwrap().flatten().collect();
    assert_eq!(dirs.len(), 1, "one workspace for the one session");
    let session_dir = dirs[0].path();
    let stored = std::fs::read_to_string(session_dir.join("notes/today.txt")).unwrap();
    // Failure messages show tokens only, never what was stored.
    assert!(!stored.contains('@'), "an address is stored in plaintext");
    assert!(
        stored.contains("[EMAIL_1]") && stored.contains("[EMAIL_2]"),
        "{:?}",
        tokens(&stored)
    );

    // A later run imports the skill; list_skills and resources show it.
    let r = call(
        &c,
        "execute_code",
        json!({"code": "import { shout } from './skills/shout';\nconsole.log(shout('done'));\nconsole.log(await fs.readFile('notes/today.txt'));"}),
    )
    .await;
    let text = first_text(&r);
    assert!(text.starts_with("DONE!"), "{text}");
    assert!(
        text.contains("call [EMAIL_1] and write to [EMAIL_2]"),
        "{text}"
    );
    let r = call(&c, "list_skills", json!({})).await;
    let t = first_text(&r);
    assert!(t.contains("shout") && t.contains("Upper-cases"), "{t}");
    let res = c.list_all_resources().await.unwrap();
    let uris: Vec<String> = res.iter().map(|r| r.uri.clone()).collect();
    assert!(
        uris.contains(&"sluice://skills/shout".to_string()),
        "{uris:?}"
    );
    assert!(uris.contains(&"sluice://servers/crm/upsert_contact.d.ts".to_string()));
    assert!(uris.contains(&"sluice://servers/crm/index.d.ts".to_string()));
    let skill = c
        .read_resource(ReadResourceRequestParams::new("sluice://skills/shout"))
        .await
        .unwrap();
    let t = serde_json::to_string(&skill).unwrap();
    assert!(t.contains("toUpperCase"), "{t}");

    // Paths outside the workspace are refused.
    let r = call(
        &c,
        "execute_code",
        json!({"code": "for (const p of ['../x', '/etc/passwd', 'a/../../b']) { try { await fs.readFile(p); console.log('read', p); } catch (e) { console.log('refused', p); } }"}),
    )
    .await;
    let t = first_text(&r);
    assert_eq!(t.matches("refused").count(), 3, "{t}");

    // Another session sees neither the files nor the skills.
    let other = stdio(&cfg, TestClient::new()).await;
    let r = call(
        &other,
        "execute_code",
        json!({"code": "console.log(JSON.stringify(await fs.readdir('')));\ntry { await import('./skills/shout'); } catch (e) { console.log('no skill'); }"}),
    )
    .await;
    let t = first_text(&r);
    assert!(t.starts_with("[]") && t.contains("no skill"), "{t}");
    other.cancel().await.unwrap();

    // A session's workspace goes with it.
    c.cancel().await.unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while session_dir.exists() && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!session_dir.exists(), "the workspace outlived its session");
}

#[tokio::test(flavor = "multi_thread")]
async fn tool_details_and_declarations_describe_the_generated_api() {
    let Setup { s: _s, cfg } = setup("progressive", "60s");
    let c = stdio(&cfg, TestClient::new()).await;
    let r = call(
        &c,
        "get_tool_details",
        json!({"name": "crm__upsert_contact"}),
    )
    .await;
    let d = r.structured_content.unwrap();
    assert_eq!(d["code"], json!("await servers.crm.upsert_contact(args)"));
    let ts = d["typescript"].as_str().unwrap();
    assert!(
        ts.contains("export declare function upsert_contact") && ts.contains("email"),
        "{ts}"
    );
    assert_eq!(d["inputSchema"]["required"], json!(["email"]));
    let e = try_call(
        &c,
        "get_tool_details",
        json!({"name": "crm__upsert_contat"}),
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(e.contains("crm__upsert_contact"), "did you mean: {e}");
    let res = c
        .read_resource(ReadResourceRequestParams::new(
            "sluice://servers/mailer/index.d.ts",
        ))
        .await
        .unwrap();
    let t = serde_json::to_string(&res).unwrap();
    assert!(t.contains("send_email") && t.contains("list_outbox"), "{t}");
    // The same declarations, read by the code, and the module import.
    let r = call(
        &c,
        "execute_code",
        json!({"code": "import * as mailer from './servers/mailer';\nconst d = await fs.readFile('servers/mailer.d.ts');\nconsole.log(d.includes('send_email'), typeof mailer.send_email);"}),
    )
    .await;
    assert_eq!(first_text(&r).trim(), "true function", "{}", text_of(&r));
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn code_mode_over_http_keeps_sessions_apart() {
    let Setup { s: _s, cfg } = setup("direct", "60s");
    let gw = HttpGateway::start(&cfg, &[]);
    let a = gw.client(TestClient::new()).await;
    let b = gw.client(TestClient::new()).await;
    let code = "const c = await servers.crm.get_contact({ id: 'C-1003' }); console.log(c.email); await fs.writeFile('x.txt', c.email); return (await fs.readdir('')).length;";
    let ra = call(&a, "execute_code", json!({"code": code})).await;
    let rb = call(
        &b,
        "execute_code",
        json!({"code": "return (await fs.readdir('')).length;"}),
    )
    .await;
    assert_eq!(
        first_text(&ra).lines().next(),
        Some("[EMAIL_1]"),
        "{}",
        text_of(&ra)
    );
    assert_eq!(ra.structured_content.unwrap()["value"], json!(1));
    assert_eq!(rb.structured_content.unwrap()["value"], json!(0));
    a.cancel().await.unwrap();
    b.cancel().await.unwrap();
}

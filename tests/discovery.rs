//! Progressive discovery through the real gateway with a real client:
//! search, inspect, enable a server, call one of its tools (directly and
//! from code), disable it. The servers are the demo servers and the npm
//! package @modelcontextprotocol/server-memory, off until enabled.

mod common;

use common::*;
use serde_json::{Value, json};

fn setup(s: &Scratch) -> std::path::PathBuf {
    let journal = s.path("journal");
    s.write(
        "sluice.toml",
        &format!(
            r#"[gateway]
mode = "progressive"
{}
{}
[servers.memory]
command = {:?}
env = {{ MEMORY_FILE_PATH = {:?} }}
description = "Knowledge graph memory: entities, relations and observations kept between conversations"
enabled = false
"#,
            open_rules(),
            demo_servers(&journal, "isolated"),
            node_bin("mcp-server-memory"),
            s.path("memory.jsonl").display().to_string(),
        ),
    )
}

/// Exposed tool names of a search result, in rank order.
fn found(r: &rmcp::model::CallToolResult) -> Vec<String> {
    let v = r.structured_content.clone().unwrap();
    let mut ranked: Vec<(u64, String)> = Vec::new();
    for g in v["servers"].as_array().unwrap() {
        for t in g["tools"].as_array().unwrap() {
            ranked.push((
                t["rank"].as_u64().unwrap(),
                t["name"].as_str().unwrap().to_string(),
            ));
        }
    }
    ranked.sort();
    ranked.into_iter().map(|(_, n)| n).collect()
}

fn group<'a>(v: &'a Value, server: &str) -> &'a Value {
    v["servers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["server"] == server)
        .unwrap_or_else(|| panic!("no group {server}: {v}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn search_inspect_enable_call_disable() {
    let s = Scratch::new("discovery");
    let cfg = setup(&s);
    let client = TestClient::new();
    let events = client.events.clone();
    let c = stdio(&cfg, client).await;
    let tools: Vec<String> = c
        .list_all_tools()
        .await
        .unwrap()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(tools[0], "search_tools", "{tools:?}");
    assert!(!tools.iter().any(|t| t.contains("__")), "{tools:?}");

    // A paraphrase that shares no word with the tool: found, grouped by
    // server, the server marked as not enabled.
    let r = call(
        &c,
        "search_tools",
        json!({"query": "remember this fact about a person for later", "limit": 5}),
    )
    .await;
    let names = found(&r);
    assert!(names.len() <= 5 && !names.is_empty(), "{names:?}");
    assert!(
        names.iter().take(3).any(|n| n.starts_with("memory__")),
        "{names:?}"
    );
    let v = r.structured_content.clone().unwrap();
    assert_eq!(group(&v, "memory")["enabled"], json!(false));
    assert!(
        first_text(&r).contains("enable_server"),
        "{}",
        first_text(&r)
    );

    // Detail levels.
    let r = call(
        &c,
        "search_tools",
        json!({"query": "send an email", "detail": "name", "limit": 3}),
    )
    .await;
    assert_eq!(found(&r)[0], "mailer__send_email");
    let t = &group(r.structured_content.as_ref().unwrap(), "mailer")["tools"][0];
    assert!(
        t.get("summary").is_none() && t.get("inputSchema").is_none(),
        "{t}"
    );
    let r = call(
        &c,
        "search_tools",
        json!({"query": "send an email", "detail": "full", "limit": 1}),
    )
    .await;
    let t = &group(r.structured_content.as_ref().unwrap(), "mailer")["tools"][0];
    assert!(
        t["inputSchema"]["properties"]["to"].is_object()
            && t["typescript"].as_str().unwrap().contains("send_email"),
        "{t}"
    );
    // Every strategy answers; a wrong one is a clear error.
    for strategy in ["keyword", "semantic", "fusion"] {
        let r = call(
            &c,
            "search_tools",
            json!({"query": "look up a customer by email", "strategy": strategy, "limit": 5}),
        )
        .await;
        assert!(
            found(&r).iter().any(|n| n.starts_with("crm__")),
            "{strategy}: {:?}",
            found(&r)
        );
    }
    let e = try_call(
        &c,
        "search_tools",
        json!({"query": "x", "strategy": "psychic"}),
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(e.contains("psychic") && e.contains("fusion"), "{e}");

    // Inspect, enable, call (directly and from code), disable.
    let d = call(
        &c,
        "get_tool_details",
        json!({"name": "memory__create_entities"}),
    )
    .await;
    let dv = d.structured_content.unwrap();
    assert_eq!(dv["enabled"], json!(false));
    assert!(
        dv["typescript"]
            .as_str()
            .unwrap()
            .contains("create_entities")
    );
    let before = try_call(
        &c,
        "call_tool",
        json!({"name": "memory__read_graph", "arguments": {}}),
    )
    .await;
    let msg = match before {
        Ok(r) => first_text(&r),
        Err(e) => e.to_string(),
    };
    assert!(msg.contains("not enabled"), "{msg}");

    let r = call(&c, "enable_server", json!({"name": "memory"})).await;
    assert!(
        first_text(&r).contains("memory is enabled"),
        "{}",
        first_text(&r)
    );
    let r = call(
        &c,
        "call_tool",
        json!({"name": "memory__create_entities", "arguments": {"entities": [{
            "name": "Ada", "entityType": "person",
            "observations": ["reachable at ada.lovelace@example.org"]}]}}),
    )
    .await;
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    let shown = text_of(&r);
    assert!(!shown.contains("ada.lovelace@example.org"), "{shown}");
    let stored = std::fs::read_to_string(s.path("memory.jsonl")).unwrap();
    assert!(stored.contains("ada.lovelace@example.org"), "{stored}");
    let r = call(
        &c,
        "execute_code",
        json!({"code": "const g = await servers.memory.read_graph({}); console.log(g.entities.length, g.entities[0].observations[0]);"}),
    )
    .await;
    let t = first_text(&r);
    assert!(t.starts_with("1 reachable at [EMAIL_1]"), "{t}");
    let r = call(
        &c,
        "search_tools",
        json!({"query": "remember this fact about a person for later", "limit": 5}),
    )
    .await;
    assert_eq!(
        group(r.structured_content.as_ref().unwrap(), "memory")["enabled"],
        json!(true)
    );

    let r = call(&c, "disable_server", json!({"name": "memory"})).await;
    assert!(first_text(&r).contains("memory is disabled"));
    let after = try_call(
        &c,
        "call_tool",
        json!({"name": "memory__read_graph", "arguments": {}}),
    )
    .await;
    let msg = match after {
        Ok(r) => first_text(&r),
        Err(e) => e.to_string(),
    };
    assert!(msg.contains("not enabled"), "{msg}");
    // Progressive mode: the tool array never changed, so no list_changed.
    assert!(events.of("tools_changed").is_empty());
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn sampling_reranks_with_the_clients_model_and_falls_back_without_it() {
    let s = Scratch::new("discovery-sampling");
    let cfg = setup(&s);
    let client = TestClient::new();
    let events = client.events.clone();
    *client.sampling_answer.lock().unwrap() =
        Some("crm__update_contact\ncrm__get_contact".to_string());
    let c = stdio(&cfg, client).await;
    let r = call(
        &c,
        "search_tools",
        json!({"query": "change a customer's phone number", "strategy": "sampling", "limit": 4}),
    )
    .await;
    let names = found(&r);
    assert_eq!(
        &names[..2],
        ["crm__update_contact", "crm__get_contact"],
        "{names:?}"
    );
    let asked = events.of("sampling");
    assert_eq!(asked.len(), 1);
    let prompt = asked[0]["messages"][0]["content"]["text"].as_str().unwrap();
    assert!(
        prompt.contains("change a customer's phone number")
            && prompt.contains("crm__update_contact"),
        "{prompt}"
    );
    c.cancel().await.unwrap();

    // A client that cannot sample: fusion, and the result says so.
    let c = stdio(&cfg, TestClient::incapable()).await;
    let r = call(
        &c,
        "search_tools",
        json!({"query": "change a customer's phone number", "strategy": "sampling", "limit": 4}),
    )
    .await;
    assert!(!found(&r).is_empty());
    assert!(
        first_text(&r).contains("cannot sample"),
        "{}",
        first_text(&r)
    );
    c.cancel().await.unwrap();
}

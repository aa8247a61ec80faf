//! The meta-tools a client sees instead of every downstream tool
//! (progressive discovery): their names, descriptions and input schemas.
//! The gateway exposes these definitions as they are; the context-savings
//! bench (`benches/search.rs`) counts their tokens.
//!
//! The names and argument names are a contract with the gateway:
//! `search_tools {query, detail, limit, strategy}`, `get_tool_details
//! {name}`, `call_tool {name, arguments}`, `list_servers {query?}`,
//! `enable_server {name}`, `disable_server {name}`, `execute_code {code}`;
//! and `list_skills {}` for code mode's saved skills.

use std::sync::Arc;

use rmcp::model::Tool;
use serde_json::{Value, json};

/// Default and largest `limit` of `search_tools`.
pub const DEFAULT_LIMIT: usize = 10;
pub const MAX_LIMIT: usize = 50;

/// The names of the meta-tools, in the order [`meta_tool_definitions`]
/// returns them.
pub const META_TOOL_NAMES: [&str; 8] = [
    "search_tools",
    "get_tool_details",
    "call_tool",
    "execute_code",
    "list_servers",
    "enable_server",
    "disable_server",
    "list_skills",
];

/// The meta-tools, in the order of [`META_TOOL_NAMES`] (DESIGN.md §5's,
/// then `list_skills`). The gateway exposes these definitions, filtered by
/// what its presentation and config offer (no code mode, say).
pub fn meta_tool_definitions() -> Vec<Tool> {
    vec![
        tool(
            "search_tools",
            "Find downstream tools by task (\"post to a Slack channel\"), name, or /regex/ over names. Results are grouped by server.",
            json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "detail": {
                        "type": "string",
                        "enum": ["name", "summary", "full"],
                        "default": "summary",
                        "description": "summary: one line per tool; full: schemas and TypeScript"
                    },
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT},
                    "strategy": {
                        "type": "string",
                        "enum": ["fusion", "keyword", "semantic", "sampling"],
                        "default": "fusion",
                        "description": "sampling: your model re-ranks fusion's candidates"
                    }
                },
                "required": ["query"]
            }),
        ),
        tool(
            "get_tool_details",
            "A downstream tool's description, input and output schemas, and TypeScript declaration.",
            json!({
                "type": "object",
                "properties": {"name": {"type": "string", "description": "server__tool"}},
                "required": ["name"]
            }),
        ),
        tool(
            "call_tool",
            "Call a downstream tool. Personal data in results comes as tokens ([EMAIL_1]); pass them back unchanged.",
            json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "server__tool"},
                    "arguments": {"type": "object"}
                },
                "required": ["name"]
            }),
        ),
        tool(
            "execute_code",
            CODE_DESCRIPTION,
            json!({
                "type": "object",
                "properties": {"code": {"type": "string", "description": "JS or TS; top-level await works"}},
                "required": ["code"]
            }),
        ),
        tool(
            "list_servers",
            "The downstream servers: name, description, enabled in this session or not, tool names. query: a word to filter by.",
            json!({"type": "object", "properties": {"query": {"type": "string"}}}),
        ),
        tool(
            "enable_server",
            "Connect a server for this session; its tools become callable.",
            json!({
                "type": "object",
                "properties": {"name": {"type": "string"}},
                "required": ["name"]
            }),
        ),
        tool(
            "disable_server",
            "Disconnect a server for this session; its tools stop being callable.",
            json!({
                "type": "object",
                "properties": {"name": {"type": "string"}},
                "required": ["name"]
            }),
        ),
        tool(
            "list_skills",
            "Skills saved in this session's workspace (skills/NAME.ts, described in NAME.md): name, description, import line.",
            json!({"type": "object", "properties": {}}),
        ),
    ]
}

/// What `execute_code` tells the model about the sandbox; the rest (every
/// tool's types, the result rules again) is in `servers/index.d.ts`.
const CODE_DESCRIPTION: &str = "Run JS/TS in a sandbox: no network; files via fs.readFile/writeFile/readdir in the session workspace. \
Tools are async functions `servers.<server>.<tool>(args)`; types: get_tool_details or servers/<server>.d.ts. \
A call returns structuredContent, else parsed JSON text, else text; errors and denials throw. \
Only what the code prints or returns comes back, tokenized ([EMAIL_1]). \
Save reusable code as skills/NAME.ts (+ NAME.md); import \"./skills/NAME\" later.";

fn tool(name: &str, description: &str, schema: Value) -> Tool {
    let schema = match schema {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    Tool::new(name.to_string(), description.to_string(), Arc::new(schema))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a client loads in progressive mode is these definitions: the
    /// context-savings figure (docs/performance.md) rests on their size.
    #[test]
    fn definitions_stay_small() {
        let n = crate::search::count_tool_tokens(&meta_tool_definitions());
        println!("meta-tool definitions: {n} tokens (o200k_base)");
        // 593 when last trimmed; a little room for wording.
        assert!(n <= 620, "{n} tokens");
    }

    #[test]
    fn names_and_arguments_are_the_contract() {
        let tools = meta_tool_definitions();
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, META_TOOL_NAMES);
        let props = |i: usize| -> Vec<String> {
            tools[i].input_schema["properties"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect()
        };
        assert_eq!(props(0), ["query", "detail", "limit", "strategy"]);
        assert_eq!(props(1), ["name"]);
        assert_eq!(props(2), ["name", "arguments"]);
        assert_eq!(props(3), ["code"]);
        assert_eq!(props(4), ["query"]);
        assert_eq!(props(5), ["name"]);
        assert_eq!(props(6), ["name"]);
        assert!(props(7).is_empty());
        assert!(tools[4].input_schema.get("required").is_none());
        for t in &tools {
            assert!(t.description.as_deref().is_some_and(|d| d.len() > 40));
        }
        // The enums are what the library parses.
        for s in tools[0].input_schema["properties"]["strategy"]["enum"]
            .as_array()
            .unwrap()
        {
            assert!(
                s.as_str()
                    .unwrap()
                    .parse::<super::super::Strategy>()
                    .is_ok()
            );
        }
        for s in tools[0].input_schema["properties"]["detail"]["enum"]
            .as_array()
            .unwrap()
        {
            assert!(s.as_str().unwrap().parse::<super::super::Detail>().is_ok());
        }
    }
}

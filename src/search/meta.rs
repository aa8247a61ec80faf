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
            "Find tools of the downstream servers by what you want to do (\"post a message to a Slack channel\"), by name, or by a regular expression over names (\"^browser_\"). Returns the best matches grouped by server (servers not enabled say so); call them with call_tool or from execute_code.",
            json!({
                "type": "object",
                "properties": {
                    "query": {
                        "type": "string",
                        "description": "What to do, a tool name, or /regex/ over names"
                    },
                    "detail": {
                        "type": "string",
                        "enum": ["name", "summary", "full"],
                        "default": "summary",
                        "description": "name; summary (one line each); full (schemas and TypeScript)"
                    },
                    "limit": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_LIMIT,
                        "default": DEFAULT_LIMIT,
                        "description": "Most tools to return"
                    },
                    "strategy": {
                        "type": "string",
                        "enum": ["fusion", "keyword", "semantic", "sampling"],
                        "default": "fusion",
                        "description": "fusion (default) of keyword and semantic ranking, either alone, or sampling (re-ranked by your model)"
                    }
                },
                "required": ["query"]
            }),
        ),
        tool(
            "get_tool_details",
            "One downstream tool's full definition: description, input and output schemas, TypeScript declaration for execute_code.",
            json!({
                "type": "object",
                "properties": {
                    "name": {
                        "type": "string",
                        "description": "server__tool, as search_tools returns it"
                    }
                },
                "required": ["name"]
            }),
        ),
        tool(
            "call_tool",
            "Call a tool of a downstream server. `name` is the tool's name as search_tools returns it (server__tool); `arguments` follow its input schema. Personal data in results is tokenized ([EMAIL_1]); pass tokens back unchanged.",
            json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "server__tool"},
                    "arguments": {"type": "object", "description": "The tool's arguments"}
                },
                "required": ["name"]
            }),
        ),
        tool(
            "execute_code",
            CODE_DESCRIPTION,
            json!({
                "type": "object",
                "properties": {
                    "code": {
                        "type": "string",
                        "description": "JavaScript or TypeScript; top-level await works; its result is what it prints and returns"
                    }
                },
                "required": ["code"]
            }),
        ),
        tool(
            "list_servers",
            "List the downstream servers: name, description, whether this session uses them (enabled), and their tool names. `query` filters by a word in the name or description.",
            json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "A word in the name or description"}
                }
            }),
        ),
        tool(
            "enable_server",
            "Start using a server (connects it); its tools become callable.",
            json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "The server's name, from list_servers"}
                },
                "required": ["name"]
            }),
        ),
        tool(
            "disable_server",
            "Stop using a server (closes its connection); its tools are no longer callable.",
            json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "The server's name"}
                },
                "required": ["name"]
            }),
        ),
        tool(
            "list_skills",
            "The skills saved in this session's workspace (skills/NAME.ts with skills/NAME.md): name, description, import line.",
            json!({"type": "object", "properties": {}}),
        ),
    ]
}

/// What `execute_code` tells the model about the sandbox.
const CODE_DESCRIPTION: &str = "Run JavaScript/TypeScript in a sandbox (no network; files only in this session's workspace via fs.readFile/writeFile/readdir). \
Tools are async functions: `await servers.<server>.<tool>({...})` or `import * as crm from \"./servers/crm\"`; types: get_tool_details or fs.readFile(\"servers/<server>.d.ts\"). \
A result is structuredContent, else parsed JSON text, else text; tool errors and denials throw. Promise.all runs calls in parallel. \
Only what the code prints or returns comes back, tokenized ([EMAIL_1]); pass tokens on unchanged. \
Save reusable code as skills/NAME.ts (described in skills/NAME.md); later runs import \"./skills/NAME\".";

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
        assert!(n <= 1000, "{n} tokens");
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

//! What `search_tools` returns: hits grouped by server, at one of three
//! detail levels.

use serde_json::{Value, json};

use super::{Hit, SearchIndex, ToolDoc};
use crate::sandbox::ToolInfo;
use crate::sandbox::declarations::server_declarations;

/// How much of each tool a result carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Detail {
    /// The exposed name only.
    Name,
    /// Name and a one-line summary.
    #[default]
    Summary,
    /// Name, description, input and output schema; the TypeScript
    /// declarations of code mode (`sandbox::declarations`), once per server.
    Full,
}

impl std::str::FromStr for Detail {
    type Err = super::ParseError;
    fn from_str(s: &str) -> Result<Self, super::ParseError> {
        match s {
            "name" => Ok(Detail::Name),
            "summary" => Ok(Detail::Summary),
            "full" => Ok(Detail::Full),
            _ => Err(super::ParseError {
                what: "detail",
                value: s.to_string(),
                expected: "name, summary, full",
            }),
        }
    }
}

/// Longest summary line, in characters.
const SUMMARY_CHARS: usize = 160;

/// The first sentence (or line) of a description, at most 160 characters.
pub fn summary_line(description: &str) -> String {
    let text = description.trim();
    let mut end = text.len();
    for (i, c) in text.char_indices() {
        if c == '\n' {
            end = i;
            break;
        }
        if matches!(c, '.' | '!' | '?')
            && text[i + c.len_utf8()..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace)
        {
            end = i + c.len_utf8();
            break;
        }
    }
    let line: String = text[..end].split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= SUMMARY_CHARS {
        return line;
    }
    let mut cut: String = line.chars().take(SUMMARY_CHARS - 1).collect();
    if let Some(space) = cut.rfind(' ') {
        cut.truncate(space);
    }
    cut.push('…');
    cut
}

/// Hits as JSON, grouped by server in the order of each server's best hit:
/// `{"servers": [{"server": "github", "tools": [...]}, ...]}`. At
/// [`Detail::Full`] each server group also carries `typescript`: the
/// declarations of its listed tools as code mode's `./servers/<server>`
/// module has them (one header per server, not per tool).
///
/// The text in it is the servers' own metadata: the gateway tokenizes it
/// per session like any other tool definition before it goes upstream.
pub fn render_results(index: &SearchIndex, hits: &[Hit], detail: Detail) -> Value {
    let mut groups: Vec<(&str, Vec<&ToolDoc>)> = Vec::new();
    for h in hits {
        let Some(d) = index.docs().get(h.doc) else {
            continue;
        };
        match groups.iter_mut().find(|(s, _)| *s == d.server) {
            Some((_, docs)) => docs.push(d),
            None => groups.push((&d.server, vec![d])),
        }
    }
    let servers: Vec<Value> = groups
        .into_iter()
        .map(|(server, docs)| {
            let tools: Vec<Value> = docs.iter().map(|d| tool_entry(d, detail)).collect();
            let mut group = json!({"server": server, "tools": tools});
            if detail == Detail::Full {
                let infos: Vec<ToolInfo> = docs.iter().map(|d| tool_info(d)).collect();
                if let Some(ts) = declarations(&infos, server) {
                    group["typescript"] = Value::String(ts);
                }
            }
            group
        })
        .collect();
    json!({ "servers": servers })
}

/// One tool at one detail level; at [`Detail::Full`] (what
/// `get_tool_details` answers) with its own `typescript` declaration.
pub fn render_tool(d: &ToolDoc, detail: Detail) -> Value {
    match detail {
        Detail::Full => render_details(&d.exposed_name, &tool_info(d)),
        _ => tool_entry(d, detail),
    }
}

/// A tool's full definition under its exposed name: `description`,
/// `inputSchema`, `outputSchema` (when it has one) and `typescript`, its
/// declaration. Each thing is said once: the declaration has no doc
/// comment of its own (the tool's description is in `description`; its
/// parameters' descriptions stay, on the types), and the schemas lose
/// their `$schema` dialect URL.
pub fn render_details(exposed_name: &str, info: &ToolInfo) -> Value {
    let mut v = full_entry(exposed_name, info);
    if let Some(ts) = declarations(std::slice::from_ref(info), &info.server) {
        v["typescript"] = Value::String(ts);
    }
    v
}

fn full_entry(exposed_name: &str, info: &ToolInfo) -> Value {
    let schema = |s: &Value| {
        let mut s = s.clone();
        if let Some(m) = s.as_object_mut() {
            m.remove("$schema");
        }
        s
    };
    let mut v = json!({
        "name": exposed_name,
        "description": info.description.as_deref().unwrap_or_default(),
        "inputSchema": schema(&info.input_schema),
    });
    if let Some(o) = &info.output_schema {
        v["outputSchema"] = schema(o);
    }
    v
}

/// Code mode's declarations of `infos` (all of `server`) without the
/// functions' doc comments (the rendered entries carry the descriptions)
/// and without the file header (`execute_code`'s description says how to
/// call a tool).
fn declarations(infos: &[ToolInfo], server: &str) -> Option<String> {
    let bare: Vec<ToolInfo> = infos
        .iter()
        .map(|t| ToolInfo {
            description: None,
            ..t.clone()
        })
        .collect();
    let ts = server_declarations(&bare, server)?;
    let body = ts
        .lines()
        .skip_while(|l| l.starts_with("//") || l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    Some(body + "\n")
}

/// The tool as code mode's declaration generator takes it: the server's
/// name and the tool's own name (`servers.<server>.<tool>`).
pub fn tool_info(d: &ToolDoc) -> ToolInfo {
    ToolInfo {
        server: d.server.clone(),
        tool: d.tool.name.to_string(),
        description: d.tool.description.as_deref().map(str::to_string),
        input_schema: Value::Object((*d.tool.input_schema).clone()),
        output_schema: d
            .tool
            .output_schema
            .as_ref()
            .map(|o| Value::Object((**o).clone())),
    }
}

fn tool_entry(d: &ToolDoc, detail: Detail) -> Value {
    match detail {
        Detail::Name => json!({"name": d.exposed_name}),
        Detail::Summary => json!({
            "name": d.exposed_name,
            "summary": summary_line(d.tool.description.as_deref().unwrap_or_default()),
        }),
        Detail::Full => full_entry(&d.exposed_name, &tool_info(d)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{SearchIndex, Strategy, ToolDoc};
    use rmcp::model::Tool;
    use std::sync::Arc;

    #[test]
    fn summaries_are_one_line() {
        assert_eq!(summary_line("Read a file. Then more."), "Read a file.");
        assert_eq!(summary_line("  Line one\nline two"), "Line one");
        assert_eq!(
            summary_line("Version 1.2 of the API"),
            "Version 1.2 of the API"
        );
        let long = "word ".repeat(100);
        let s = summary_line(&long);
        assert!(s.chars().count() <= SUMMARY_CHARS && s.ends_with('…'));
        assert_eq!(summary_line(""), "");
    }

    #[test]
    fn groups_by_server_in_rank_order() {
        let t = |n: &str, d: &str| {
            Tool::new(n.to_string(), d.to_string(), Arc::new(Default::default()))
        };
        let docs = vec![
            ToolDoc::new("a", None, t("read_file", "Read a file. Long.")),
            ToolDoc::new("b", None, t("read_page", "Read a web page.")),
            ToolDoc::new("a", None, t("read_dir", "Read a directory.")),
        ];
        let ix = SearchIndex::build(docs);
        let hits = [
            Hit { doc: 1, score: 3.0 },
            Hit { doc: 0, score: 2.0 },
            Hit { doc: 2, score: 1.0 },
        ];
        let v = render_results(&ix, &hits, Detail::Summary);
        assert_eq!(v["servers"][0]["server"], "b");
        assert_eq!(v["servers"][1]["tools"][1]["name"], "read_dir");
        assert_eq!(v["servers"][1]["tools"][0]["summary"], "Read a file.");
        let full = render_results(
            &ix,
            &ix.search("read file", Strategy::Fusion, 1),
            Detail::Full,
        );
        let ts = full["servers"][0]["typescript"].as_str().unwrap();
        assert!(
            ts.contains("export declare function read_file(args?: ReadFileInput)"),
            "{ts}"
        );
        assert_eq!(full["servers"][0]["tools"][0]["name"], "read_file");
        let one = render_tool(&ix.docs()[2], Detail::Full);
        let ts = one["typescript"].as_str().unwrap();
        assert!(ts.contains("function read_dir("), "{ts}");
        // The description is said once, not again in the declaration.
        assert_eq!(one["description"], "Read a directory.");
        assert!(!ts.contains("Read a directory"), "{ts}");
        let names = render_results(&ix, &hits, Detail::Name);
        assert_eq!(
            names["servers"][0]["tools"][0],
            json!({"name": "read_page"})
        );
    }
}

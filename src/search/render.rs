//! What `search_tools` returns: hits grouped by server, at one of three
//! detail levels.

use serde_json::{Value, json};

use super::{Hit, SearchIndex, ToolDoc, ts};

/// How much of each tool a result carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Detail {
    /// The exposed name only.
    Name,
    /// Name and a one-line summary.
    #[default]
    Summary,
    /// Name, description, input and output schema, TypeScript declaration.
    Full,
}

impl std::str::FromStr for Detail {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "name" => Ok(Detail::Name),
            "summary" => Ok(Detail::Summary),
            "full" => Ok(Detail::Full),
            _ => Err(format!("unknown detail `{s}` (name, summary, full)")),
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
/// `{"servers": [{"server": "github", "tools": [...]}, ...]}`.
///
/// The text in it is the servers' own metadata: the gateway tokenizes it
/// per session like any other tool definition before it goes upstream.
pub fn render_results(index: &SearchIndex, hits: &[Hit], detail: Detail) -> Value {
    let mut groups: Vec<(&str, Vec<Value>)> = Vec::new();
    for h in hits {
        let Some(d) = index.docs().get(h.doc) else {
            continue;
        };
        let entry = render_tool(d, detail);
        match groups.iter_mut().find(|(s, _)| *s == d.server) {
            Some((_, tools)) => tools.push(entry),
            None => groups.push((&d.server, vec![entry])),
        }
    }
    json!({
        "servers": groups
            .into_iter()
            .map(|(server, tools)| json!({"server": server, "tools": tools}))
            .collect::<Vec<_>>()
    })
}

/// One tool at one detail level (`get_tool_details` is `Detail::Full`).
pub fn render_tool(d: &ToolDoc, detail: Detail) -> Value {
    match detail {
        Detail::Name => json!({"name": d.exposed_name}),
        Detail::Summary => json!({
            "name": d.exposed_name,
            "summary": summary_line(d.tool.description.as_deref().unwrap_or_default()),
        }),
        Detail::Full => {
            let input = Value::Object((*d.tool.input_schema).clone());
            let output = d
                .tool
                .output_schema
                .as_ref()
                .map(|o| Value::Object((**o).clone()));
            let mut v = json!({
                "name": d.exposed_name,
                "description": d.tool.description.as_deref().unwrap_or_default(),
                "inputSchema": input,
                "typescript": ts::ts_declaration(
                    &d.exposed_name,
                    d.tool.description.as_deref(),
                    &input,
                    output.as_ref(),
                ),
            });
            if let Some(o) = output {
                v["outputSchema"] = o;
            }
            v
        }
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
        let ts = full["servers"][0]["tools"][0]["typescript"]
            .as_str()
            .unwrap();
        assert!(ts.contains("declare function read_file(input?: {"), "{ts}");
        let names = render_results(&ix, &hits, Detail::Name);
        assert_eq!(
            names["servers"][0]["tools"][0],
            json!({"name": "read_page"})
        );
    }
}

//! TypeScript declarations for the generated API, from the tools' JSON
//! Schemas (`inputSchema`, `outputSchema`), and the JavaScript module
//! source behind `import * as crm from "./servers/crm"`.
//!
//! Schemas come from downstream servers and are not trusted: the walk is
//! bounded in depth and size, local `$ref`s (`#`, `#/$defs/X`,
//! `#/definitions/X`) become named type aliases (so recursive schemas are
//! recursive types), anything else unknown becomes `unknown`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use serde_json::Value;

use super::ToolInfo;

/// Deeper schemas than this become `unknown`.
const MAX_DEPTH: usize = 24;
/// A type longer than this becomes `unknown`.
const MAX_TYPE_LEN: usize = 64 * 1024;

/// Whether `s` can be written as a JavaScript identifier as it is.
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        && !is_reserved(s)
}

fn is_reserved(s: &str) -> bool {
    matches!(
        s,
        "break"
            | "case"
            | "catch"
            | "class"
            | "const"
            | "continue"
            | "debugger"
            | "default"
            | "delete"
            | "do"
            | "else"
            | "enum"
            | "export"
            | "extends"
            | "false"
            | "finally"
            | "for"
            | "function"
            | "if"
            | "import"
            | "in"
            | "instanceof"
            | "new"
            | "null"
            | "return"
            | "super"
            | "switch"
            | "this"
            | "throw"
            | "true"
            | "try"
            | "typeof"
            | "var"
            | "void"
            | "while"
            | "with"
            | "yield"
            | "let"
            | "static"
            | "implements"
            | "interface"
            | "package"
            | "private"
            | "protected"
            | "public"
            | "await"
            | "arguments"
            | "eval"
    )
}

/// An identifier for a name that may not be one (`get-contact` → `get_contact`).
pub fn identifier_for(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) || is_reserved(&out) {
        out.insert(0, '_');
    }
    out
}

fn pascal(s: &str) -> String {
    let mut out = String::new();
    let mut up = true;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            if up {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c);
            }
            up = false;
        } else {
            up = true;
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'T');
    }
    out
}

fn key(s: &str) -> String {
    if is_identifier(s) {
        s.to_string()
    } else {
        serde_json::to_string(s).unwrap_or_else(|_| "\"?\"".into())
    }
}

/// Text safe inside a `/** */` comment, on one line per input line.
fn doc(out: &mut String, indent: &str, text: &str) {
    let text = text.replace("*/", "* /");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(20)
        .collect();
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(out, "{indent}/**");
    for l in lines {
        let _ = writeln!(out, "{indent} * {}", l.trim_end());
    }
    let _ = writeln!(out, "{indent} */");
}

/// Converts one schema; `defs` names the aliases of this root's `$defs`.
struct Converter<'a> {
    root: &'a Value,
    root_name: String,
    /// `$defs` / `definitions` entries referenced, by alias name.
    used: BTreeMap<String, &'a Value>,
    pending: Vec<String>,
}

impl<'a> Converter<'a> {
    fn new(root: &'a Value, root_name: String) -> Self {
        Converter {
            root,
            root_name,
            used: BTreeMap::new(),
            pending: Vec::new(),
        }
    }

    fn def_alias(&self, def: &str) -> String {
        format!("{}_{}", self.root_name, pascal(def))
    }

    fn resolve_ref(&mut self, r: &str) -> Option<String> {
        if r == "#" {
            return Some(self.root_name.clone());
        }
        let (section, name) = r
            .strip_prefix("#/$defs/")
            .map(|n| ("$defs", n))
            .or_else(|| r.strip_prefix("#/definitions/").map(|n| ("definitions", n)))?;
        let name = name.replace("~1", "/").replace("~0", "~");
        let target = self.root.get(section)?.get(&name)?;
        let alias = self.def_alias(&name);
        if !self.used.contains_key(&alias) {
            self.used.insert(alias.clone(), target);
            self.pending.push(alias.clone());
        }
        Some(alias)
    }

    fn ty(&mut self, s: &'a Value, depth: usize) -> String {
        let t = self.ty_inner(s, depth);
        if t.len() > MAX_TYPE_LEN {
            "unknown".into()
        } else {
            t
        }
    }

    fn ty_inner(&mut self, s: &'a Value, depth: usize) -> String {
        if depth > MAX_DEPTH {
            return "unknown".into();
        }
        let obj = match s {
            Value::Bool(true) => return "unknown".into(),
            Value::Bool(false) => return "never".into(),
            Value::Object(o) => o,
            _ => return "unknown".into(),
        };
        if let Some(Value::String(r)) = obj.get("$ref") {
            return self.resolve_ref(r).unwrap_or_else(|| "unknown".into());
        }
        if let Some(c) = obj.get("const") {
            return literal(c);
        }
        if let Some(Value::Array(e)) = obj.get("enum") {
            if e.is_empty() {
                return "never".into();
            }
            return e.iter().map(literal).collect::<Vec<_>>().join(" | ");
        }
        let mut parts: Vec<String> = Vec::new();
        for (kw, sep) in [("oneOf", " | "), ("anyOf", " | "), ("allOf", " & ")] {
            if let Some(Value::Array(list)) = obj.get(kw)
                && !list.is_empty()
            {
                let items: Vec<String> = list
                    .iter()
                    .take(64)
                    .map(|x| format!("({})", self.ty(x, depth + 1)))
                    .collect();
                parts.push(items.join(sep));
            }
        }
        let own = self.own_type(obj, s, depth);
        if let Some(own) = own {
            parts.push(own);
        }
        match parts.len() {
            0 => "unknown".into(),
            1 => parts.pop().unwrap_or_default(),
            _ => parts
                .iter()
                .map(|p| format!("({p})"))
                .collect::<Vec<_>>()
                .join(" & "),
        }
    }

    /// The type from `type` (and its keywords), if the schema says one.
    fn own_type(
        &mut self,
        obj: &'a serde_json::Map<String, Value>,
        s: &'a Value,
        depth: usize,
    ) -> Option<String> {
        let types: Vec<&str> = match obj.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ if obj.contains_key("properties") => vec!["object"],
            _ if obj.contains_key("items") || obj.contains_key("prefixItems") => vec!["array"],
            _ => return None,
        };
        let mut out: Vec<String> = Vec::new();
        for t in types {
            let ts = match t {
                "string" => "string".into(),
                "number" | "integer" => "number".into(),
                "boolean" => "boolean".into(),
                "null" => "null".into(),
                "array" => self.array(obj, depth),
                "object" => self.object(obj, s, depth),
                _ => "unknown".into(),
            };
            if !out.contains(&ts) {
                out.push(ts);
            }
        }
        Some(if out.is_empty() {
            "unknown".into()
        } else {
            out.join(" | ")
        })
    }

    fn array(&mut self, obj: &'a serde_json::Map<String, Value>, depth: usize) -> String {
        if let Some(Value::Array(prefix)) = obj.get("prefixItems") {
            let items: Vec<String> = prefix
                .iter()
                .take(64)
                .map(|x| self.ty(x, depth + 1))
                .collect();
            return format!("[{}]", items.join(", "));
        }
        match obj.get("items") {
            Some(Value::Array(tuple)) => {
                let items: Vec<String> = tuple
                    .iter()
                    .take(64)
                    .map(|x| self.ty(x, depth + 1))
                    .collect();
                format!("[{}]", items.join(", "))
            }
            Some(items) => format!("Array<{}>", self.ty(items, depth + 1)),
            None => "unknown[]".into(),
        }
    }

    fn object(
        &mut self,
        obj: &'a serde_json::Map<String, Value>,
        _s: &'a Value,
        depth: usize,
    ) -> String {
        let required: BTreeSet<&str> = obj
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let props = obj.get("properties").and_then(Value::as_object);
        let extra = obj.get("additionalProperties");
        let indent = "  ".repeat(depth + 1);
        let close = "  ".repeat(depth);
        let mut out = String::from("{\n");
        let mut any = false;
        if let Some(props) = props {
            for (name, p) in props.iter().take(512) {
                if let Some(d) = p.get("description").and_then(Value::as_str) {
                    doc(&mut out, &indent, d);
                }
                let opt = if required.contains(name.as_str()) {
                    ""
                } else {
                    "?"
                };
                let t = self.ty(p, depth + 1);
                let _ = writeln!(out, "{indent}{}{opt}: {t};", key(name));
                any = true;
            }
        }
        match extra {
            Some(Value::Bool(false)) => {}
            Some(Value::Object(_)) => {
                let t = self.ty(extra.unwrap_or(&Value::Null), depth + 1);
                let t = if any { "unknown".to_string() } else { t };
                let _ = writeln!(out, "{indent}[key: string]: {t};");
                any = true;
            }
            _ if !any => {
                return "Record<string, unknown>".into();
            }
            _ => {}
        }
        if !any {
            return "{}".into();
        }
        let _ = write!(out, "{close}}}");
        out
    }

    /// `type X = ...;` for the root and every `$defs` entry it reaches.
    fn aliases(mut self, out: &mut String, prefix: &str) {
        let root = self.root;
        let t = self.ty(root, 0);
        let _ = writeln!(out, "{prefix}type {} = {};", self.root_name, t);
        let mut done = BTreeSet::new();
        while let Some(alias) = self.pending.pop() {
            if !done.insert(alias.clone()) {
                continue;
            }
            let Some(target) = self.used.get(&alias).copied() else {
                continue;
            };
            let t = self.ty(target, 0);
            let _ = writeln!(out, "{prefix}type {alias} = {t};");
        }
    }
}

fn literal(v: &Value) -> String {
    match v {
        Value::String(_) | Value::Bool(_) | Value::Null => v.to_string(),
        Value::Number(n) => {
            if n.as_f64().is_some_and(f64::is_finite) {
                n.to_string()
            } else {
                "number".into()
            }
        }
        _ => "unknown".into(),
    }
}

/// Whether calling with no argument is fine: no required property.
fn args_optional(schema: &Value) -> bool {
    match schema.get("required").and_then(Value::as_array) {
        Some(r) => r.is_empty(),
        None => true,
    }
}

fn tool_block(out: &mut String, t: &ToolInfo, prefix: &str, exported: bool) -> (String, String) {
    let base = pascal(&t.tool);
    let input = format!("{base}Input");
    let output = format!("{base}Output");
    let ex = if exported { "export " } else { "" };
    Converter::new(&t.input_schema, input.clone()).aliases(out, &format!("{prefix}{ex}"));
    match &t.output_schema {
        Some(o) => Converter::new(o, output.clone()).aliases(out, &format!("{prefix}{ex}")),
        None => {
            let _ = writeln!(out, "{prefix}{ex}type {output} = unknown;");
        }
    }
    (input, output)
}

fn signature(t: &ToolInfo, input: &str, output: &str) -> String {
    let q = if args_optional(&t.input_schema) {
        "?"
    } else {
        ""
    };
    format!("(args{q}: {input}): Promise<{output}>")
}

/// The whole generated API as one declaration file: `servers.<server>.<tool>`
/// and `fs`, with every input and output type.
pub fn ts_declarations(tools: &[ToolInfo]) -> String {
    let mut by_server: BTreeMap<&str, Vec<&ToolInfo>> = BTreeMap::new();
    for t in tools {
        by_server.entry(t.server.as_str()).or_default().push(t);
    }
    let mut out = String::from(HEADER);
    for (server, list) in &by_server {
        let ns = pascal(server);
        let _ = writeln!(
            out,
            "\n/** Types of `servers.{server}`. */\ndeclare namespace {ns} {{"
        );
        let mut sigs = String::new();
        for t in list {
            let (i, o) = tool_block(&mut out, t, "  ", false);
            if let Some(d) = &t.description {
                doc(&mut sigs, "    ", d);
            }
            let _ = writeln!(
                sigs,
                "    {}{};",
                key(&t.tool),
                signature(t, &format!("{ns}.{i}"), &format!("{ns}.{o}"))
            );
        }
        let _ = writeln!(out, "}}");
        let _ = write!(
            out,
            "declare namespace servers {{\n  const {}: {{\n{sigs}  }};\n}}\n",
            key_ident(server)
        );
    }
    out.push_str(FS_DECL);
    out
}

/// A server name as a `const` name in the `servers` namespace.
fn key_ident(server: &str) -> String {
    if is_identifier(server) {
        server.to_string()
    } else {
        identifier_for(server)
    }
}

/// The declaration file of one server's module (`./servers/<server>`).
pub fn server_declarations(tools: &[ToolInfo], server: &str) -> Option<String> {
    let list: Vec<&ToolInfo> = tools.iter().filter(|t| t.server == server).collect();
    if list.is_empty() {
        return None;
    }
    let mut out = format!(
        "// Generated from the MCP tool schemas of `{server}`.\n// import * as {} from \"./servers/{server}\";  (or: servers[{}])\n",
        identifier_for(server),
        serde_json::to_string(server).unwrap_or_default()
    );
    for t in &list {
        out.push('\n');
        let (i, o) = tool_block(&mut out, t, "", true);
        if let Some(d) = &t.description {
            doc(&mut out, "", d);
        }
        let name = if is_identifier(&t.tool) {
            t.tool.clone()
        } else {
            identifier_for(&t.tool)
        };
        if name != t.tool {
            let _ = writeln!(
                out,
                "/** `{}` (exported under that name too) */",
                t.tool.replace("*/", "")
            );
        }
        let _ = writeln!(
            out,
            "export declare function {name}{};",
            signature(t, &i, &o)
        );
    }
    Some(out)
}

/// Every declaration file the code can read: `servers/index.d.ts` and one
/// `servers/<server>.d.ts` per server.
pub fn declaration_files(tools: &[ToolInfo]) -> Vec<(String, String)> {
    let mut files = vec![("servers/index.d.ts".to_string(), ts_declarations(tools))];
    let servers: BTreeSet<&str> = tools.iter().map(|t| t.server.as_str()).collect();
    for s in servers {
        if let Some(d) = server_declarations(tools, s) {
            files.push((format!("servers/{s}.d.ts"), d));
        }
    }
    files
}

/// The JavaScript of `./servers/<server>`: each tool under its own name and,
/// when that is not an identifier, under an identifier too; the server's
/// object as the default export.
pub fn server_module(server: &str, tools: &[String]) -> String {
    let s = serde_json::to_string(server).unwrap_or_default();
    let mut out = format!("const __s = servers[{s}];\n");
    let mut names = BTreeSet::new();
    for (i, t) in tools.iter().enumerate() {
        let q = serde_json::to_string(t).unwrap_or_default();
        let _ = writeln!(out, "const __t{i} = __s[{q}];");
        if is_identifier(t) {
            if names.insert(t.clone()) {
                let _ = writeln!(out, "export {{ __t{i} as {t} }};");
            }
        } else {
            if names.insert(t.clone()) {
                let _ = writeln!(out, "export {{ __t{i} as {q} }};");
            }
            let alias = identifier_for(t);
            if names.insert(alias.clone()) {
                let _ = writeln!(out, "export {{ __t{i} as {alias} }};");
            }
        }
    }
    out.push_str("export default __s;\n");
    out
}

const HEADER: &str = "\
// The generated API of code mode. Every tool of every server:
//   const r = await servers.crm.search_contacts({ query: \"acme\" });
//   import * as crm from \"./servers/crm\";   // the same functions
// A tool's result is its structuredContent when present, else its text
// parsed as JSON when it is JSON, else the text. A tool error or a denial
// is thrown as an Error. `Promise.all` runs calls concurrently.
";

const FS_DECL: &str = "
/** The session's workspace (paths are relative to it; nothing outside). */
declare const fs: {
  readFile(path: string): Promise<string>;
  writeFile(path: string, contents: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
};
";

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(server: &str, name: &str, input: Value, output: Option<Value>) -> ToolInfo {
        ToolInfo {
            server: server.into(),
            tool: name.into(),
            description: Some("Does things. */ evil".into()),
            input_schema: input,
            output_schema: output,
        }
    }

    #[test]
    fn schemas() {
        let tools = vec![
            tool(
                "crm",
                "search_contacts",
                json!({"type":"object","properties":{"query":{"type":"string","description":"what"},"limit":{"type":"integer"}},"required":["query"]}),
                Some(
                    json!({"type":"object","properties":{"contacts":{"type":"array","items":{"$ref":"#/$defs/Contact"}}},
                    "$defs":{"Contact":{"type":"object","properties":{"name":{"type":"string"},"manager":{"$ref":"#/$defs/Contact"},
                    "kind":{"enum":["lead","customer"]},"id":{"oneOf":[{"type":"string"},{"type":"number"}]}}}}}),
                ),
            ),
            tool("crm", "get-contact", json!({}), None),
            tool(
                "mailer",
                "send",
                json!({"type":"object","properties":{"to":{"type":"string"}}}),
                None,
            ),
            tool(
                "x",
                "tree",
                json!({"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#"}}},
                "allOf":[{"type":"object","properties":{"a":{"type":"string"}}}]}),
                None,
            ),
        ];
        let d = ts_declarations(&tools);
        assert!(d.contains("query: string;"), "{d}");
        assert!(d.contains("limit?: number;"), "{d}");
        assert!(d.contains("type SearchContactsOutput_Contact = {"), "{d}");
        assert!(d.contains("manager?: SearchContactsOutput_Contact;"), "{d}");
        assert!(d.contains("\"lead\" | \"customer\""), "{d}");
        assert!(d.contains("(string) | (number)"), "{d}");
        assert!(d.contains("type GetContactOutput = unknown;"), "{d}");
        assert!(
            d.contains("\"get-contact\"(args?: Crm.GetContactInput)"),
            "{d}"
        );
        assert!(d.contains("send(args?: Mailer.SendInput)"), "{d}");
        assert!(d.contains("children?: Array<TreeInput>;"), "{d}");
        assert!(!d.contains("*/ evil"), "{d}");
        let s = server_declarations(&tools, "crm").unwrap();
        assert!(s.contains("export declare function get_contact(args?: GetContactInput): Promise<GetContactOutput>;"), "{s}");
        assert_eq!(declaration_files(&tools).len(), 4);
    }

    #[test]
    fn hostile_schemas_are_bounded() {
        let mut deep = json!({"type":"string"});
        for _ in 0..500 {
            deep = json!({"type":"array","items": deep});
        }
        let t = tool(
            "s",
            "t",
            deep,
            Some(json!({"$ref":"#/$defs/A","$defs":{"A":{"$ref":"#/$defs/A"}}})),
        );
        let d = ts_declarations(&[t]);
        assert!(d.contains("unknown"));
        assert!(d.contains("type TOutput_A = TOutput_A;") || d.contains("TOutput_A"));
    }

    #[test]
    fn module_source() {
        let m = server_module("crm", &["search".into(), "get-contact".into()]);
        assert!(m.contains("export { __t1 as \"get-contact\" };"));
        assert!(m.contains("export { __t1 as get_contact };"));
    }
}

//! TypeScript declarations from JSON Schema, for the `full` detail level
//! (and code mode's generated API): a tool becomes
//! `declare function name(input: {...}): Promise<Output>;` with JSDoc
//! from its descriptions.
//!
//! Handled: `$ref` into `$defs`/`definitions` (each becomes a named type,
//! so recursive schemas terminate), `oneOf`/`anyOf` (unions), `allOf`
//! (intersections), `enum`/`const` (literals), type lists, nullable,
//! objects with required and optional members, `additionalProperties`,
//! arrays and tuples, `true`/`false`/empty schemas. Anything else, and
//! `$ref`s outside the document, is `unknown`.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::{Map, Value};

/// Deeper inline nesting than this is `unknown` (named types reset it).
const MAX_DEPTH: usize = 24;
/// More named types than this (a chain of `$ref`s) are `unknown`.
const MAX_NAMED: usize = 64;

/// The declaration of one tool.
pub fn ts_declaration(
    name: &str,
    description: Option<&str>,
    input_schema: &Value,
    output_schema: Option<&Value>,
) -> String {
    let fname = identifier(name);
    let mut g = Gen::default();
    // An input schema always describes the arguments object, even when it
    // says nothing (`{}`): MCP sends arguments as an object.
    let untyped = input_schema.as_object().is_some_and(|o| {
        !["type", "$ref", "oneOf", "anyOf", "allOf", "enum", "const"]
            .iter()
            .any(|k| o.contains_key(*k))
    });
    let input = if untyped {
        let mut o = input_schema.as_object().cloned().unwrap_or_default();
        o.insert("type".into(), Value::String("object".into()));
        g.ty(&Value::Object(o), input_schema, 1)
    } else {
        g.ty(input_schema, input_schema, 1)
    };
    let output = match output_schema {
        Some(s) => g.ty(s, s, 1),
        None => "unknown".to_string(),
    };
    let optional = all_optional(input_schema);
    let mut out = String::new();
    // Named types first, in a stable order.
    for (tname, (doc, body)) in &g.defs {
        write_doc(&mut out, doc.as_deref(), "");
        let _ = writeln!(out, "type {tname} = {body};");
    }
    write_doc(&mut out, description, "");
    let _ = writeln!(
        out,
        "declare function {fname}(input{}: {input}): Promise<{output}>;",
        if optional { "?" } else { "" }
    );
    out
}

#[derive(Default)]
struct Gen {
    /// Named types: name → (description, body).
    defs: BTreeMap<String, (Option<String>, String)>,
    /// `$ref` → assigned type name (before its body is done, for recursion).
    names: BTreeMap<(usize, String), String>,
}

impl Gen {
    /// `root` is the document `$ref`s resolve against.
    fn ty(&mut self, schema: &Value, root: &Value, depth: usize) -> String {
        if depth > MAX_DEPTH {
            return "unknown".into();
        }
        let obj = match schema {
            Value::Bool(true) => return "unknown".into(),
            Value::Bool(false) => return "never".into(),
            Value::Object(o) => o,
            _ => return "unknown".into(),
        };
        if let Some(r) = obj.get("$ref").and_then(Value::as_str) {
            let base = self.reference(r, root);
            // Siblings of $ref (2019-09 and later) narrow it.
            let rest = self.plain(obj, root, depth);
            return match rest.as_deref() {
                None | Some("unknown") => base,
                Some(other) => format!("{base} & {other}"),
            };
        }
        self.plain(obj, root, depth)
            .unwrap_or_else(|| "unknown".into())
    }

    /// The schema without its `$ref`; `None` when it says nothing.
    fn plain(&mut self, obj: &Map<String, Value>, root: &Value, depth: usize) -> Option<String> {
        let mut parts: Vec<String> = Vec::new();
        if let Some(c) = obj.get("const") {
            parts.push(literal(c));
        } else if let Some(Value::Array(values)) = obj.get("enum") {
            if values.is_empty() {
                return Some("never".into());
            }
            parts.push(union(values.iter().map(literal).collect()));
        } else if let Some(t) = self.by_type(obj, root, depth) {
            parts.push(t);
        }
        for (key, join) in [("oneOf", " | "), ("anyOf", " | "), ("allOf", " & ")] {
            if let Some(Value::Array(list)) = obj.get(key) {
                let members: Vec<String> =
                    list.iter().map(|s| self.ty(s, root, depth + 1)).collect();
                if members.is_empty() {
                    continue;
                }
                let joined = if join == " | " {
                    union(members)
                } else {
                    members
                        .into_iter()
                        .map(|m| wrap(&m))
                        .collect::<Vec<_>>()
                        .join(join)
                };
                parts.push(joined);
            }
        }
        if parts.is_empty() {
            return None;
        }
        if parts.len() == 1 {
            return parts.pop();
        }
        Some(
            parts
                .iter()
                .map(|p| wrap(p))
                .collect::<Vec<_>>()
                .join(" & "),
        )
    }

    fn by_type(&mut self, obj: &Map<String, Value>, root: &Value, depth: usize) -> Option<String> {
        let types: Vec<&str> = match obj.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => {
                // Untyped, but shaped like an object or array.
                if obj.contains_key("properties") || obj.contains_key("additionalProperties") {
                    vec!["object"]
                } else if obj.contains_key("items") || obj.contains_key("prefixItems") {
                    vec!["array"]
                } else {
                    return None;
                }
            }
        };
        let mut out: Vec<String> = types
            .iter()
            .map(|t| match *t {
                "string" => "string".into(),
                "number" | "integer" => "number".into(),
                "boolean" => "boolean".into(),
                "null" => "null".into(),
                "array" => self.array(obj, root, depth),
                "object" => self.object(obj, root, depth),
                _ => "unknown".into(),
            })
            .collect();
        if obj.get("nullable") == Some(&Value::Bool(true)) && !out.iter().any(|t| t == "null") {
            out.push("null".into());
        }
        Some(union(out))
    }

    fn array(&mut self, obj: &Map<String, Value>, root: &Value, depth: usize) -> String {
        let tuple = obj
            .get("prefixItems")
            .or_else(|| obj.get("items").filter(|i| i.is_array()));
        if let Some(Value::Array(items)) = tuple {
            let members: Vec<String> = items.iter().map(|s| self.ty(s, root, depth + 1)).collect();
            return format!("[{}]", members.join(", "));
        }
        match obj.get("items") {
            Some(items) => format!("{}[]", wrap(&self.ty(items, root, depth + 1))),
            None => "unknown[]".into(),
        }
    }

    fn object(&mut self, obj: &Map<String, Value>, root: &Value, depth: usize) -> String {
        let required: Vec<&str> = obj
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let props = obj.get("properties").and_then(Value::as_object);
        let extra = obj.get("additionalProperties");
        let indent = "  ".repeat(depth);
        let close = "  ".repeat(depth.saturating_sub(1));
        let mut members = String::new();
        if let Some(props) = props {
            for (key, schema) in props {
                let doc = schema.get("description").and_then(Value::as_str);
                write_doc(&mut members, doc, &indent);
                let opt = if required.contains(&key.as_str()) {
                    ""
                } else {
                    "?"
                };
                let t = self.ty(schema, root, depth + 1);
                let _ = writeln!(members, "{indent}{}{opt}: {t};", property_key(key));
            }
        }
        match extra {
            Some(Value::Bool(false)) => {}
            Some(s @ Value::Object(_)) => {
                let t = self.ty(s, root, depth + 1);
                let _ = writeln!(members, "{indent}[key: string]: {t};");
            }
            _ if props.is_none_or(|p| p.is_empty()) => {
                let _ = writeln!(members, "{indent}[key: string]: unknown;");
            }
            _ => {}
        }
        if members.is_empty() {
            return "{}".into();
        }
        format!("{{\n{members}{close}}}")
    }

    /// The type name for a `$ref`, defining it on first use.
    fn reference(&mut self, r: &str, root: &Value) -> String {
        let key = (root as *const Value as usize, r.to_string());
        if let Some(n) = self.names.get(&key) {
            return n.clone();
        }
        let Some(target) = resolve(r, root) else {
            return "unknown".into();
        };
        if self.names.len() >= MAX_NAMED {
            return "unknown".into();
        }
        let base = type_name(r);
        let mut tname = base.clone();
        let mut i = 2;
        while self.defs.contains_key(&tname) || self.names.values().any(|v| *v == tname) {
            tname = format!("{base}{i}");
            i += 1;
        }
        self.names.insert(key, tname.clone());
        let doc = target
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string);
        let body = self.ty(target, root, 1);
        self.defs.insert(tname.clone(), (doc, body));
        tname
    }
}

/// A local JSON Pointer reference (`#`, `#/$defs/X`, `#/definitions/X`,
/// any `#/...` path).
fn resolve<'a>(r: &str, root: &'a Value) -> Option<&'a Value> {
    let pointer = r.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    root.pointer(pointer)
}

fn type_name(r: &str) -> String {
    let last = r.rsplit('/').next().unwrap_or_default();
    let last = last.replace("~1", "/").replace("~0", "~");
    let mut out = String::new();
    let mut upper = true;
    for c in last.chars() {
        if c.is_ascii_alphanumeric() {
            if upper {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c);
            }
            upper = false;
        } else {
            upper = true;
        }
    }
    if out.is_empty() || r == "#" {
        out = "Root".into();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'T');
    }
    out
}

fn all_optional(schema: &Value) -> bool {
    match schema.get("required").and_then(Value::as_array) {
        Some(r) => r.is_empty(),
        None => true,
    }
}

fn union(mut members: Vec<String>) -> String {
    let mut seen = std::collections::HashSet::new();
    members.retain(|m| seen.insert(m.clone()));
    if members.iter().any(|m| m == "unknown") {
        return "unknown".into();
    }
    match members.len() {
        0 => "never".into(),
        1 => members.pop().unwrap_or_default(),
        _ => members
            .iter()
            .map(|m| wrap(m))
            .collect::<Vec<_>>()
            .join(" | "),
    }
}

/// Parenthesizes a type that is a union or intersection at its top level,
/// so it can be an array element or a member of another combination.
fn wrap(t: &str) -> String {
    let mut depth = 0i32;
    let mut in_str = false;
    let mut escaped = false;
    for c in t.chars() {
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' => depth -= 1,
            '|' | '&' if depth == 0 => return format!("({t})"),
            _ => {}
        }
    }
    t.to_string()
}

fn literal(v: &Value) -> String {
    match v {
        Value::String(_) | Value::Number(_) | Value::Bool(_) | Value::Null => v.to_string(),
        // Object and array constants: their shape is what a caller needs.
        Value::Array(_) => "unknown[]".into(),
        Value::Object(_) => "Record<string, unknown>".into(),
    }
}

fn property_key(key: &str) -> String {
    if is_identifier(key) {
        key.to_string()
    } else {
        Value::String(key.to_string()).to_string()
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// A tool name as a function name: other characters become `_`.
fn identifier(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// A JSDoc comment; `*/` in the text cannot end it early.
fn write_doc(out: &mut String, doc: Option<&str>, indent: &str) {
    let Some(doc) = doc.map(str::trim).filter(|d| !d.is_empty()) else {
        return;
    };
    let doc = doc.replace("*/", "*\\/");
    let lines: Vec<&str> = doc.lines().map(str::trim_end).collect();
    if lines.len() == 1 {
        let _ = writeln!(out, "{indent}/** {} */", lines[0]);
        return;
    }
    let _ = writeln!(out, "{indent}/**");
    for l in lines {
        if l.is_empty() {
            let _ = writeln!(out, "{indent} *");
        } else {
            let _ = writeln!(out, "{indent} * {l}");
        }
    }
    let _ = writeln!(out, "{indent} */");
}

/// Whether brackets, braces and parentheses in `ts` are balanced outside
/// string literals and comments (for tests).
#[doc(hidden)]
pub fn balanced(ts: &str) -> bool {
    let mut stack = Vec::new();
    let b = ts.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if i >= b.len() {
                    return false;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let Some(end) = ts[i + 2..].find("*/") else {
                    return false;
                };
                i += 2 + end + 1;
            }
            c @ (b'{' | b'[' | b'(' | b'<') => stack.push(c),
            c @ (b'}' | b']' | b')' | b'>') => {
                let open = match c {
                    b'}' => b'{',
                    b']' => b'[',
                    b')' => b'(',
                    _ => b'<',
                };
                if stack.pop() != Some(open) {
                    return false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    stack.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn decl(schema: Value) -> String {
        let out = ts_declaration("t", None, &schema, None);
        assert!(balanced(&out), "{out}");
        out
    }

    #[test]
    fn required_and_optional_members() {
        let out = ts_declaration(
            "read_file",
            Some("Read a file."),
            &json!({"type": "object", "properties": {
                "path": {"type": "string", "description": "Where"},
                "head": {"type": "integer"},
                "my-key": {"type": "boolean"}
            }, "required": ["path"]}),
            None,
        );
        assert_eq!(
            out,
            "/** Read a file. */\ndeclare function read_file(input: {\n  /** Where */\n  path: string;\n  head?: number;\n  \"my-key\"?: boolean;\n}): Promise<unknown>;\n"
        );
    }

    #[test]
    fn empty_and_all_optional_schemas() {
        assert!(decl(json!({})).contains("(input?: {\n  [key: string]: unknown;\n})"));
        assert!(decl(json!({"type": "object"})).contains("input?:"));
        assert!(
            decl(json!({"type": "object", "properties": {}, "additionalProperties": false}))
                .contains("(input?: {})")
        );
        assert!(
            decl(json!({"type": "object", "properties": {"a": {}}}))
                .contains("input?: {\n  a?: unknown;")
        );
    }

    #[test]
    fn refs_and_recursion() {
        let out = decl(json!({
            "type": "object",
            "properties": {"tree": {"$ref": "#/$defs/node"}, "other": {"$ref": "#/definitions/x"},
                           "far": {"$ref": "https://example.com/s.json"}},
            "required": ["tree"],
            "$defs": {"node": {"description": "A node", "type": "object", "properties": {
                "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
            "definitions": {"x": {"enum": ["a", "b", 1, null]}}
        }));
        assert!(
            out.contains("/** A node */\ntype Node = {\n  children?: Node[];\n};"),
            "{out}"
        );
        assert!(out.contains("type X = \"a\" | \"b\" | 1 | null;"), "{out}");
        assert!(out.contains("tree: Node;"), "{out}");
        assert!(out.contains("far?: unknown;"), "{out}");
        // The whole document can refer to itself.
        let root = decl(json!({"type": "object", "properties": {"self": {"$ref": "#"}}}));
        assert!(root.contains("type Root = {"), "{root}");
    }

    #[test]
    fn combinations() {
        let out = decl(json!({"type": "object", "properties": {
            "a": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": ["number", "null"]}}]},
            "b": {"allOf": [{"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
                            {"type": "object", "properties": {"y": {"const": 3}}}]},
            "c": {"anyOf": [{"type": "string"}, {}]},
            "d": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}]},
            "e": {"type": "object", "additionalProperties": {"type": "integer"}},
            "f": {"type": "string", "nullable": true},
            "g": false
        }}));
        assert!(out.contains("a?: string | (number | null)[];"), "{out}");
        assert!(
            out.contains("b?: {\n      x: string;\n    } & {\n      y?: 3;\n    };"),
            "{out}"
        );
        assert!(out.contains("c?: unknown;"), "{out}");
        assert!(out.contains("d?: [string, boolean];"), "{out}");
        assert!(
            out.contains("e?: {\n    [key: string]: number;\n  };"),
            "{out}"
        );
        assert!(out.contains("f?: string | null;"), "{out}");
        assert!(out.contains("g?: never;"), "{out}");
    }

    #[test]
    fn output_schema_and_names() {
        let out = ts_declaration(
            "API-get-user",
            Some("Ends */ early?\nSecond line"),
            &json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}),
            Some(
                &json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}),
            ),
        );
        assert!(
            out.starts_with("/**\n * Ends *\\/ early?\n * Second line\n */\n"),
            "{out}"
        );
        assert!(
            out.contains("declare function API_get_user(input: {"),
            "{out}"
        );
        assert!(
            out.ends_with("}): Promise<{\n  name: string;\n}>;\n"),
            "{out}"
        );
        assert!(balanced(&out));
    }

    #[test]
    fn deep_nesting_is_cut() {
        let mut s = json!({"type": "string"});
        for _ in 0..100 {
            s = json!({"type": "object", "properties": {"x": s}});
        }
        let out = decl(s);
        assert!(out.contains("unknown"));
    }
}

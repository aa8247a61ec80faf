//! Shapes of MCP messages the broker needs to know about: binary content
//! that is not text to tokenize, JSON Schemas that must accept tokens, and
//! resource URI templates.

use serde_json::Value;

const MARK: &str = "\u{0}sluice-blob\u{0}";

/// Takes base64 content out of `v` (image and audio `data`, resource
/// `blob`, `data:` URLs), leaving markers; [`put_blobs`] puts it back.
/// Binary data is not text: tokenizing it would only corrupt it.
pub fn take_blobs(v: &mut Value) -> Vec<String> {
    let mut out = Vec::new();
    take(v, &mut out);
    out
}

fn take(v: &mut Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            let binary_type = matches!(
                map.get("type").and_then(Value::as_str),
                Some("image" | "audio")
            );
            for (k, child) in map.iter_mut() {
                let is_blob = match (k.as_str(), &*child) {
                    ("blob", Value::String(_)) => true,
                    ("data", Value::String(_)) => binary_type,
                    (_, Value::String(s)) => {
                        s.starts_with("data:") && s.len() > 64 && s.contains(";base64,")
                    }
                    _ => false,
                };
                if is_blob {
                    let Value::String(s) =
                        std::mem::replace(child, Value::String(format!("{MARK}{}", out.len())))
                    else {
                        unreachable!()
                    };
                    out.push(s);
                } else {
                    take(child, out);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| take(i, out)),
        _ => {}
    }
}

/// Puts back what [`take_blobs`] took.
pub fn put_blobs(v: &mut Value, mut blobs: Vec<String>) {
    if blobs.is_empty() {
        return;
    }
    put(v, &mut blobs);
}

fn put(v: &mut Value, blobs: &mut [String]) {
    match v {
        Value::String(s) => {
            if let Some(i) = s.strip_prefix(MARK).and_then(|n| n.parse::<usize>().ok())
                && let Some(b) = blobs.get_mut(i)
            {
                *s = std::mem::take(b);
            }
        }
        Value::Object(map) => map.values_mut().for_each(|c| put(c, blobs)),
        Value::Array(items) => items.iter_mut().for_each(|c| put(c, blobs)),
        _ => {}
    }
}

/// The text blocks of a tool result that are exactly its structured
/// content as JSON: the structured content (taken out, a `Null` left in
/// its place) and, for each such block, its index and original text (the
/// text left empty). `None` when there is no such block.
pub type StructuredCopies = (Value, Vec<(usize, String)>);

pub fn take_structured_copies(v: &mut Value) -> Option<StructuredCopies> {
    let sc = v.get("structuredContent")?;
    if sc.is_null() {
        return None;
    }
    let content = v.get("content")?.as_array()?;
    let mut same = Vec::new();
    for (i, c) in content.iter().enumerate() {
        if c.get("type").and_then(Value::as_str) != Some("text") {
            continue;
        }
        let Some(t) = c.get("text").and_then(Value::as_str) else {
            continue;
        };
        let trimmed = t.trim_start();
        if !(trimmed.starts_with('{') || trimmed.starts_with('[')) {
            continue;
        }
        // Most servers print the structured content as we would (cheap to
        // compare); otherwise compare the parsed text.
        if crate::redact::is_serialized_like(t, sc)
            || serde_json::from_str::<Value>(t).is_ok_and(|parsed| parsed == *sc)
        {
            same.push(i);
        }
    }
    if same.is_empty() {
        return None;
    }
    let sc = std::mem::replace(v.get_mut("structuredContent")?, Value::Null);
    let texts = same
        .into_iter()
        .filter_map(|i| match &mut v["content"][i]["text"] {
            Value::String(t) => Some((i, std::mem::take(t))),
            _ => None,
        })
        .collect();
    Some((sc, texts))
}

/// Puts the (tokenized) structured content back and writes each copied
/// text block again from it, in the layout of its original text.
pub fn put_structured_copies(v: &mut Value, sc: Value, texts: Vec<(usize, String)>) {
    for (i, original) in texts {
        v["content"][i]["text"] = Value::String(crate::redact::serialize_like(&original, &sc));
    }
    v["structuredContent"] = sc;
}

/// What a configured credential is replaced by when a server echoes it.
pub const SECRET_MARK: &str = "[REDACTED_CREDENTIAL]";

/// Replaces every occurrence of a configured credential (server env
/// values, headers, arguments built from `${ENV}`) in the strings and keys
/// of `v`. Returns how many were replaced.
pub fn scrub(v: &mut Value, secrets: &aho_corasick::AhoCorasick) -> usize {
    match v {
        Value::String(s) => scrub_text(s, secrets),
        Value::Array(items) => items.iter_mut().map(|i| scrub(i, secrets)).sum(),
        Value::Object(map) => {
            let mut n: usize = map.values_mut().map(|c| scrub(c, secrets)).sum();
            if map.keys().any(|k| secrets.is_match(k)) {
                let old = std::mem::take(map);
                for (mut k, v) in old {
                    n += scrub_text(&mut k, secrets);
                    map.insert(k, v);
                }
            }
            n
        }
        _ => 0,
    }
}

/// As [`scrub`], for one text.
pub fn scrub_text(s: &mut String, secrets: &aho_corasick::AhoCorasick) -> usize {
    if !secrets.is_match(s.as_str()) {
        return 0;
    }
    let n = secrets.find_iter(s.as_str()).count();
    *s = secrets.replace_all(s, &vec![SECRET_MARK; secrets.patterns_len()]);
    n
}

/// Relaxes a JSON Schema so that values a session shows as tokens still
/// validate: a string may be `[EMAIL_1]` whatever its `format`, `pattern`
/// or length limits said, and a number under a phone key is shown as a
/// token string. (Enumerated values are tokenized like the values, so they
/// keep matching.)
pub fn relax_schema(schema: &mut Value) {
    let Value::Object(map) = schema else {
        return;
    };
    for k in [
        "format",
        "pattern",
        "minLength",
        "maxLength",
        "contentEncoding",
    ] {
        map.remove(k);
    }
    let numeric = |t: &str| t == "number" || t == "integer";
    match map.get_mut("type") {
        Some(Value::String(t)) if numeric(t) => {
            let t = t.clone();
            map.insert("type".into(), serde_json::json!([t, "string"]));
        }
        Some(Value::Array(ts))
            if ts.iter().any(|t| t.as_str().is_some_and(numeric))
                && !ts.iter().any(|t| t.as_str() == Some("string")) =>
        {
            ts.push(Value::String("string".into()));
        }
        _ => {}
    }
    if map
        .get("type")
        .is_some_and(|t| t.to_string().contains("string"))
    {
        for k in [
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
        ] {
            map.remove(k);
        }
    }
    for k in [
        "properties",
        "patternProperties",
        "$defs",
        "definitions",
        "dependentSchemas",
    ] {
        if let Some(Value::Object(props)) = map.get_mut(k) {
            props.values_mut().for_each(relax_schema);
        }
    }
    for k in [
        "items",
        "additionalProperties",
        "not",
        "if",
        "then",
        "else",
        "contains",
        "additionalItems",
        "unevaluatedProperties",
        "unevaluatedItems",
    ] {
        match map.get_mut(k) {
            Some(v @ Value::Object(_)) => relax_schema(v),
            Some(Value::Array(a)) => a.iter_mut().for_each(relax_schema),
            _ => {}
        }
    }
    for k in ["anyOf", "oneOf", "allOf", "prefixItems"] {
        if let Some(Value::Array(a)) = map.get_mut(k) {
            a.iter_mut().for_each(relax_schema);
        }
    }
}

/// Does `uri` match an RFC 6570 template (`file:///{path}`, `users://{id}/profile`)?
/// Simple and reserved expansions are supported; `{+x}`, `{/x}` and `{#x}`
/// may span `/`.
pub fn template_matches(template: &str, uri: &str) -> bool {
    let mut pattern = String::from("^");
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        pattern.push_str(&regex::escape(&rest[..open]));
        let Some(close) = rest[open..].find('}') else {
            return false;
        };
        let expr = &rest[open + 1..open + close];
        pattern.push_str(match expr.chars().next() {
            Some('+' | '#' | '/') => ".*",
            Some('?' | '&') => r"(?:[?&].*)?",
            _ => "[^/?#]*",
        });
        rest = &rest[open + close + 1..];
    }
    pattern.push_str(&regex::escape(rest));
    pattern.push('$');
    regex::Regex::new(&pattern).is_ok_and(|re| re.is_match(uri))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn blobs_are_kept_out_of_tokenization_and_put_back() {
        let mut v = json!({"content": [
            {"type": "image", "data": "AAAA", "mimeType": "image/png"},
            {"type": "text", "text": "hi", "data": "not a blob"},
            {"type": "resource", "resource": {"uri": "x://1", "blob": "QkJC"}}
        ]});
        let orig = v.clone();
        let blobs = take_blobs(&mut v);
        assert_eq!(blobs, ["AAAA", "QkJC"]);
        assert_ne!(v, orig);
        put_blobs(&mut v, blobs);
        assert_eq!(v, orig);
    }

    #[test]
    fn structured_copies_are_found_and_rewritten() {
        let sc = json!({"a": [1, "x"]});
        let text = serde_json::to_string_pretty(&sc).unwrap();
        let mut v = json!({"content": [{"type": "text", "text": text}, {"type": "text", "text": "other"}], "structuredContent": sc});
        let (taken, texts) = take_structured_copies(&mut v).unwrap();
        assert_eq!(taken, json!({"a": [1, "x"]}));
        assert_eq!(texts.len(), 1);
        assert_eq!(v["content"][0]["text"], "");
        put_structured_copies(&mut v, json!({"a": [1, "y"]}), texts);
        assert_eq!(
            v["content"][0]["text"],
            serde_json::to_string_pretty(&json!({"a": [1, "y"]})).unwrap()
        );
        assert_eq!(v["content"][1]["text"], "other");
        let mut w = json!({"content": [{"type": "text", "text": "{\"b\": 1}"}], "structuredContent": {"a": 1}});
        assert!(take_structured_copies(&mut w).is_none());
    }

    #[test]
    fn configured_credentials_are_scrubbed() {
        let ac = aho_corasick::AhoCorasick::new(["sk-live-123456"]).unwrap();
        let mut v =
            json!({"env": {"KEY": "sk-live-123456"}, "sk-live-123456": "x sk-live-123456 y"});
        assert_eq!(scrub(&mut v, &ac), 3);
        assert!(!v.to_string().contains("sk-live"));
        assert_eq!(v["env"]["KEY"], SECRET_MARK);
    }

    #[test]
    fn schemas_accept_tokens() {
        let mut s = json!({"type": "object", "properties": {
            "email": {"type": "string", "format": "email", "maxLength": 5},
            "phone": {"type": "integer", "minimum": 1},
            "format": {"type": "string", "pattern": "^x$"},
            "list": {"type": "array", "items": {"type": ["number", "null"]}}
        }});
        relax_schema(&mut s);
        assert_eq!(s["properties"]["email"], json!({"type": "string"}));
        assert_eq!(
            s["properties"]["phone"],
            json!({"type": ["integer", "string"]})
        );
        assert_eq!(s["properties"]["format"], json!({"type": "string"}));
        assert_eq!(
            s["properties"]["list"]["items"]["type"],
            json!(["number", "null", "string"])
        );
    }

    #[test]
    fn uri_templates() {
        assert!(template_matches(
            "users://{id}/profile",
            "users://42/profile"
        ));
        assert!(!template_matches(
            "users://{id}/profile",
            "users://4/2/profile"
        ));
        assert!(template_matches("file:///{+path}", "file:///a/b.txt"));
        assert!(template_matches(
            "test://static/resource/{id}",
            "test://static/resource/7"
        ));
        assert!(!template_matches("a://{x}", "b://y"));
    }
}

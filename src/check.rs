//! Invariant checks shared by the fuzz targets (`fuzz/`) and the test
//! suite, which replays the fuzz corpora on stable. Each function panics
//! when an invariant breaks; that is the point.

use std::sync::LazyLock;

use serde_json::Value;

use crate::pii::Engine;
use crate::redact::{Redactor, restore, restore_text};
use crate::vault::token::{self, Piece};
use crate::vault::{Source, Vault};

static ENGINE: LazyLock<Engine> = LazyLock::new(|| Engine::new(Vec::new()));

/// JSON equality where strings holding JSON compare parsed (the contract
/// for JSON held in text); everything else compares exactly.
pub fn norm(v: &Value) -> Value {
    match v {
        Value::String(s) => {
            let t = s.trim();
            if (t.starts_with('{') || t.starts_with('['))
                && let Ok(inner) = serde_json::from_str::<Value>(t)
            {
                return serde_json::json!({"$json": norm(&inner)});
            }
            v.clone()
        }
        Value::Array(a) => Value::Array(a.iter().map(norm).collect()),
        Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), norm(v))).collect()),
        _ => v.clone(),
    }
}

/// `redact_roundtrip`: arbitrary bytes as text and as JSON; redaction then
/// restoration gives the input back, and nothing panics.
pub fn redact_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut vault = Vault::new().expect("vault");
    let src = Source::new("fuzz", "input");
    // As plain text: byte for byte.
    let red = Redactor::new(&ENGINE, &mut vault, Some(&src))
        .redact_text(text)
        .into_owned();
    let back = restore_text(&vault, &red).expect("restore of redacted text");
    assert_eq!(back, text, "text round trip");
    // As a JSON string leaf.
    let mut doc = Value::String(text.to_string());
    Redactor::new(&ENGINE, &mut vault, Some(&src)).redact(&mut doc);
    restore(&vault, &mut doc).expect("restore of redacted string");
    assert_eq!(
        norm(&doc),
        norm(&Value::String(text.to_string())),
        "string leaf round trip"
    );
    // As a JSON document.
    if let Ok(original) = serde_json::from_str::<Value>(text) {
        let mut doc = original.clone();
        Redactor::new(&ENGINE, &mut vault, Some(&src)).redact(&mut doc);
        restore(&vault, &mut doc).expect("restore of redacted document");
        assert_eq!(norm(&doc), norm(&original), "document round trip");
    }
}

/// `detokenize`: arbitrary token-like text against a vault with a few
/// tokens. Restoration never panics; when it succeeds, every unescaped
/// token in the input was issued by this vault, and escaped ones came back
/// as literal text.
pub fn detokenize(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut vault = Vault::new().expect("vault");
    let other = Vault::new().expect("vault");
    for (c, v) in [
        (crate::pii::Class::Email, "ann@example.com"),
        (crate::pii::Class::Phone, "+14155550132"),
        (crate::pii::Class::Name, "ann lee"),
    ] {
        vault.tokenize(&c, v, v, None);
    }
    let mut issued = true;
    token::for_each_piece(text, |_, p| {
        if let Piece::Token(t) = p {
            issued &= t.ok().is_some_and(|t| vault.resolve(&t).is_ok());
        }
    });
    match restore_text(&vault, text) {
        Ok(out) => {
            assert!(issued, "a token that was not issued was restored");
            // Text that cannot hold a token has nothing to restore: unchanged.
            if !token::may_hold_token(text) {
                assert_eq!(out, text);
            }
        }
        Err(e) => {
            assert!(!issued, "an issued token failed: {e}");
            // Errors name tokens, never values.
            let msg = e.to_string();
            assert!(!msg.contains("ann@example.com") && !msg.contains("ann lee"));
        }
    }
    // Another session's vault restores nothing that this one issued.
    let mut any_token = false;
    token::for_each_piece(text, |_, p| any_token |= matches!(p, Piece::Token(_)));
    if any_token {
        assert!(
            restore_text(&other, text).is_err(),
            "a token restored in another session"
        );
    }
}

/// `rules_parse`: arbitrary bytes as a rule file. Parsing never panics;
/// every accepted file formats to a canonical form that parses back to the
/// same rules (same canonical text, same hash); every diagnostic of a
/// rejected file points inside it.
pub fn rules_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match crate::policy::syntax::parse_str("fuzz.toml", text, &["project_codes".to_string()]) {
        Ok(rules) => {
            let canonical = crate::policy::syntax::format_rules(&rules);
            let again = crate::policy::syntax::parse_str(
                "canonical.toml",
                &canonical,
                &["project_codes".to_string()],
            )
            .unwrap_or_else(|d| panic!("the canonical form does not parse: {d:?}\n{canonical}"));
            assert_eq!(
                crate::policy::syntax::format_rules(&again),
                canonical,
                "canonical form is not stable"
            );
            assert_eq!(again.hash, rules.hash);
        }
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in diags {
                assert!(
                    d.span.start <= text.len() && d.line >= 1 && d.column >= 1,
                    "{d:?}"
                );
            }
        }
    }
}

/// `sandbox_eval`: arbitrary bytes as code for the sandbox, under tight
/// limits, and as a tool schema for the declarations. The host side (the
/// parent, which is the gateway) never panics and always gets a report
/// that ends within the wall limit; whatever the engine does happens in the
/// worker. The worker binary is `SLUICE_WORKER_EXE`, else the debug build
/// of `sluice` beside this crate (build it first); without one, only the
/// in-process parts run.
pub fn sandbox_eval(data: &[u8]) {
    let exe = std::env::var_os("SLUICE_WORKER_EXE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/debug/sluice")
        });
    sandbox_eval_with(&exe, data);
}

/// [`sandbox_eval`] with a given worker binary.
pub fn sandbox_eval_with(exe: &std::path::Path, data: &[u8]) {
    use crate::sandbox::{self, Ended, Limits, Sandbox, ToolInfo};
    use std::time::{Duration, Instant};

    let text = String::from_utf8_lossy(data);
    // In-process parts: they see untrusted input in the gateway itself.
    let _ = sandbox::typescript::check_nesting(&text, 64);
    let _ = sandbox::normalize(&text);
    let schema: Value = serde_json::from_slice(data).unwrap_or(Value::Null);
    let _ = sandbox::tool_value(&schema);
    let tools = vec![ToolInfo {
        server: "s".into(),
        tool: "t".into(),
        description: Some(text.chars().take(200).collect()),
        input_schema: schema.clone(),
        output_schema: Some(schema),
    }];
    let d = sandbox::ts_declarations(&tools);
    assert!(d.contains("declare const fs"));
    if !exe.is_file() {
        return;
    }
    thread_local! {
        static RT: tokio::runtime::Runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
    }
    let limits = Limits {
        wall: Duration::from_millis(700),
        memory_bytes: 64 << 20,
        max_calls: 5,
        max_output_bytes: 2000,
        max_source_bytes: 64 << 10,
        call_timeout: Duration::from_millis(100),
        ..Limits::default()
    };
    let started = Instant::now();
    let report = RT.with(|rt| {
        rt.block_on(async {
            let sb = Sandbox::with_pool(exe.to_path_buf(), 0);
            sb.run(&text, &tools, std::sync::Arc::new(NullHost), &limits)
                .await
        })
    });
    assert!(
        started.elapsed() < limits.wall + Duration::from_secs(5),
        "the run outlived its limit"
    );
    assert!(report.output.len() <= limits.max_output_bytes + 100);
    assert!(report.calls.len() <= limits.max_calls);
    match report.ended {
        Ended::Completed => assert!(report.error.is_none()),
        _ => assert!(report.error.is_some(), "every other end says why"),
    }
}

/// A host that answers every call with an empty result and has no files.
struct NullHost;

impl crate::sandbox::Host for NullHost {
    fn call(
        &self,
        _: String,
        _: String,
        _: Value,
    ) -> futures::future::BoxFuture<'static, Result<Value, String>> {
        Box::pin(async { Ok(serde_json::json!({"content": []})) })
    }
    fn read_file(&self, _: &str) -> Result<String, String> {
        Err("no such file".into())
    }
    fn write_file(&self, _: &str, _: &str) -> Result<(), String> {
        Err("read-only".into())
    }
    fn read_dir(&self, _: &str) -> Result<Vec<String>, String> {
        Ok(Vec::new())
    }
    fn skill(&self, _: &str) -> Option<String> {
        None
    }
}

//! End-to-end tests of the `sluice` binary: redact, restore, scan, demo,
//! bad input, and keys.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

fn sluice(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sluice"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.env_remove("SLUICE_KEY").env_remove("SLUICE_LOG");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("run sluice");
    // The command may exit before reading its input (a usage error).
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const DOC: &str = r#"{"content":[{"type":"text","text":"From: Ann Lee <ann.lee@example.com>\nHi Bo,\ncall me on +44 20 7946 0958.\n"}],"structuredContent":{"owner":"Ann Lee","phone":4155550132}}"#;

#[test]
fn redact_then_restore_round_trips_through_an_encrypted_vault() {
    let dir = tempfile::tempdir().unwrap();
    let vault = dir.path().join("s.vault");
    let v = vault.to_str().unwrap();
    let input = format!("{DOC}\n{DOC}\n");
    let red = sluice(
        &["redact", "--lines", "--vault", v],
        input.as_bytes(),
        &[("SLUICE_KEY", KEY)],
    );
    assert!(red.status.success(), "{}", text(&red.stderr));
    let out = text(&red.stdout);
    assert_eq!(out.lines().count(), 2);
    for pii in [
        "ann.lee@example.com",
        "Ann Lee",
        "7946 0958",
        "4155550132",
        "Bo,",
    ] {
        assert!(!out.contains(pii), "{pii} in {out}");
    }
    assert!(out.contains("[EMAIL_1]") && out.contains("[NAME_1]") && out.contains("[PHONE_1]"));
    // Same session for the whole stream: both lines use the same tokens.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], lines[1]);
    // The vault file is encrypted: no value in it.
    let bytes = std::fs::read(&vault).unwrap();
    assert!(!text(&bytes).contains("example.com"));

    let back = sluice(
        &["restore", "--lines", "--vault", v],
        red.stdout.as_slice(),
        &[("SLUICE_KEY", KEY)],
    );
    assert!(back.status.success(), "{}", text(&back.stderr));
    let doc: serde_json::Value = serde_json::from_str(DOC).unwrap();
    for line in text(&back.stdout).lines() {
        let got: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(sluice::check::norm(&got), sluice::check::norm(&doc));
        assert!(got["structuredContent"]["phone"].is_number());
    }
}

#[test]
fn bad_lines_become_error_objects_and_the_rest_is_processed() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"email\": \"a.b@example.com\"}\n");
    input.extend_from_slice(b"{not json, call 415-555-0132}\n");
    input.extend_from_slice(b"{\"x\": \"\xff\xfe\"}\n");
    input.extend_from_slice(b"{\"phone\": \"(415) 555-0132\"}\n");
    let out = sluice(&["redact", "--lines"], &input, &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], r#"{"email":"[EMAIL_1]"}"#);
    assert!(
        lines[1].starts_with(r#"{"error":{"line":2,"message":"invalid JSON: "#),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains(r#""line":3"#) && lines[2].contains("invalid UTF-8 at byte 7"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], r#"{"phone":"[PHONE_1]"}"#);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 2: invalid JSON") && stderr.contains("line 3: invalid UTF-8"),
        "{stderr}"
    );
    // The bad line's content is not echoed.
    assert!(!stdout.contains("555-0132") && !stderr.contains("555-0132"));
}

#[test]
fn whole_document_mode_errors_name_the_position() {
    let out = sluice(&["redact"], b"{\"a\": [1, 2,, 3]}", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("stdin: invalid JSON: expected value at line 1 column 13"),
        "{}",
        text(&out.stderr)
    );
    let ok = sluice(
        &["redact"],
        b"{\n  \"to\": \"Dr. Okafor <o.okafor@example.org>\"\n}\n",
        &[],
    );
    assert!(ok.status.success());
    assert_eq!(
        text(&ok.stdout),
        "{\n  \"to\": \"Dr. [NAME_1] <[EMAIL_1]>\"\n}\n"
    );
}

#[test]
fn restore_rejects_unknown_tokens_and_wrong_keys() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path().join("s.vault");
    let v = v.to_str().unwrap();
    let red = sluice(
        &["redact", "--vault", v],
        br#"{"e": "a.b@example.com"}"#,
        &[("SLUICE_KEY", KEY)],
    );
    assert!(red.status.success());
    let bad = sluice(
        &["restore", "--vault", v],
        br#"{"e": "[EMAIL_2]"}"#,
        &[("SLUICE_KEY", KEY)],
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("at /e: unknown token [EMAIL_2]"),
        "{}",
        text(&bad.stderr)
    );
    let wrong = "f".repeat(64);
    let bad = sluice(
        &["restore", "--vault", v],
        br#"{"e": "[EMAIL_1]"}"#,
        &[("SLUICE_KEY", &wrong)],
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("cannot be decrypted: wrong key"),
        "{}",
        text(&bad.stderr)
    );
    let none = sluice(&["restore", "--vault", v], b"{}", &[]);
    assert!(text(&none.stderr).contains("no vault key: set SLUICE_KEY or pass --key-file"));
    // A corrupt file is an error, not a panic.
    std::fs::write(
        v,
        b"SLUICEV1 but not really a vault file at all, just junk bytes",
    )
    .unwrap();
    let bad = sluice(&["restore", "--vault", v], b"{}", &[("SLUICE_KEY", KEY)]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(!text(&bad.stderr).contains("panicked"));
}

#[test]
fn key_file_and_passphrase() {
    let dir = tempfile::tempdir().unwrap();
    let kf = dir.path().join("key");
    std::fs::write(&kf, "a long enough passphrase\n").unwrap();
    let v = dir.path().join("s.vault");
    let (kf, v) = (kf.to_str().unwrap(), v.to_str().unwrap());
    let red = sluice(
        &["redact", "--vault", v, "--key-file", kf],
        br#"["+1 (415) 555-0132"]"#,
        &[],
    );
    assert!(red.status.success(), "{}", text(&red.stderr));
    let back = sluice(
        &["restore", "--vault", v, "--key-file", kf],
        &red.stdout,
        &[],
    );
    assert_eq!(text(&back.stdout), "[\"+1 (415) 555-0132\"]\n");
}

#[test]
fn scan_reports_findings_without_values_unless_asked() {
    let doc = br#"{"content":[{"type":"text","text":"{\"owner\": \"Ann Lee\", \"mail\": \"ann.lee@example.com\"}"}]}"#;
    let out = sluice(&["scan"], doc, &[]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(
        !s.contains("Ann Lee") && !s.contains("ann.lee@example.com"),
        "{s}"
    );
    let v: serde_json::Value = serde_json::from_str(&s).unwrap();
    let f = v
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["class"] == "name")
        .expect("a name finding");
    assert_eq!(f["class"], "name");
    assert_eq!(f["pointer"], "/content/0/text");
    assert_eq!(f["embedded_pointer"], "/owner");
    assert_eq!(f["detector"], "name_structured");
    assert_eq!((f["start"].as_u64(), f["end"].as_u64()), (Some(0), Some(7)));
    let shown = sluice(&["scan", "--show-values"], doc, &[]);
    let s = text(&shown.stdout);
    assert!(
        s.contains("\"value\":\"Ann Lee\"") && s.contains("\"value\":\"ann.lee@example.com\""),
        "{s}"
    );
}

#[test]
fn custom_lexicons_are_classes_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("project_codes.txt"),
        "# code names\nBlue Falcon\n",
    )
    .unwrap();
    let out = sluice(
        &["redact", "--lexicons", dir.path().to_str().unwrap()],
        br#"["ship Blue Falcon by May"]"#,
        &[],
    );
    assert_eq!(text(&out.stdout), "[\"ship [PROJECT_CODES_1] by May\"]\n");
    std::fs::write(dir.path().join("bad.txt"), "ok\nx\n").unwrap();
    let out = sluice(
        &["redact", "--lexicons", dir.path().to_str().unwrap()],
        b"[]",
        &[],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("bad.txt:2:1: an entry needs at least two characters"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn demo_redacts_and_restores_the_bundled_result() {
    let out = sluice(&["redact-demo"], b"", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("\"first_name\": \"[NAME_1]\"") && s.contains("round trip exact: yes"),
        "{s}"
    );
}

#[test]
fn demo_runs_the_seed_scenario_through_the_gateway() {
    let out = sluice(&["demo"], b"", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("of them visible to the model: 0"), "{s}");
    assert!(
        s.contains("servers received real values, not tokens: yes"),
        "{s}"
    );
    assert!(s.contains("script completed: yes"), "{s}");
    // What the model saw holds tokens; what the servers got holds addresses.
    let saw = s
        .lines()
        .find(|l| l.trim_start().starts_with("10000 leads read;"))
        .unwrap();
    let got = s.lines().find(|l| l.contains("mailer received:")).unwrap();
    assert!(saw.contains("[EMAIL_") && !saw.contains('@'), "{saw}");
    assert!(got.contains('@') && !got.contains("[EMAIL_"), "{got}");
}

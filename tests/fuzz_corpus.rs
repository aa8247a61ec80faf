//! Replays the fuzz corpora (fuzz/corpus/<target>/*) through the same
//! checks the fuzz targets run, so CI covers them on stable.

use std::path::Path;

fn replay(target: &str, check: impl Fn(&[u8]) + std::panic::RefUnwindSafe) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_file() {
            let data = std::fs::read(&path).unwrap();
            let r = std::panic::catch_unwind(|| check(&data));
            assert!(r.is_ok(), "{target}: input {} fails", path.display());
            n += 1;
        }
    }
    assert!(n > 0, "{target}: empty corpus");
}

#[test]
fn redact_roundtrip_corpus() {
    replay("redact_roundtrip", sluice::check::redact_roundtrip);
}

#[test]
fn detokenize_corpus() {
    replay("detokenize", sluice::check::detokenize);
}

#[test]
fn rules_parse_corpus() {
    replay("rules_parse", sluice::check::rules_parse);
}

#[test]
fn sandbox_eval_corpus() {
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_sluice"));
    replay("sandbox_eval", |d| sluice::check::sandbox_eval_with(exe, d));
}

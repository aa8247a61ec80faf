//! Arbitrary bytes as text and as JSON: redact, then restore, gives the
//! input back; nothing panics. The checks live in `sluice::check` so the
//! corpus replays as an ordinary test (tests/fuzz_corpus.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sluice::check::redact_roundtrip(data));

//! Arbitrary bytes as a rule file: no panic; accepted files format and
//! re-parse to the same rules.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sluice::check::rules_parse(data));

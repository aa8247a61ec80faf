//! Arbitrary token-like text against a vault: only issued tokens restore,
//! errors never carry values, other sessions restore nothing.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sluice::check::detokenize(data));

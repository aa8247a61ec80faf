//! Arbitrary source for code mode under tight limits (0.7 s, 64 MiB, 5
//! calls): the host side never panics and every run ends with a report.
//! The worker is `SLUICE_WORKER_EXE` or ../target/debug/sluice: run
//! `cargo build` in the main crate first.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sluice::check::sandbox_eval(data));

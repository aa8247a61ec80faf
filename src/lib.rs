//! Sluice: a privacy gateway for the Model Context Protocol.
//!
//! See ARCHITECTURE.md for the map. Dependencies point downward:
//! `gateway` → `broker` → `redact` → (`pii`, `vault`); `config` is read by all.

pub mod broker;
pub mod config;
pub mod demo;
pub mod gateway;
pub mod pii;
pub mod redact;
pub mod vault;

#[doc(hidden)]
pub mod check;

//! Sluice: a privacy gateway for the Model Context Protocol.
//!
//! See ARCHITECTURE.md for the map. Dependencies point downward:
//! `gateway` → `broker` → (`redact`, `policy`, `audit`) → (`pii`, `vault`);
//! `config` is read by all.

pub mod audit;
pub mod broker;
pub mod config;
pub mod demo;
pub mod gateway;
pub mod pii;
pub mod policy;
pub mod redact;
pub mod sandbox;
pub mod search;
pub mod stdio;
pub mod vault;

#[doc(hidden)]
pub mod check;

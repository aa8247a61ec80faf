//! Sluice: a privacy gateway for the Model Context Protocol.
//!
//! See ARCHITECTURE.md for the map. Dependencies point downward:
//! `redact` → (`pii`, `vault`).

pub mod pii;
pub mod redact;
pub mod vault;

#[doc(hidden)]
pub mod check;

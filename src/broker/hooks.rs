//! The broker's two hooks: the policy that decides each call and each
//! restored token, and the audit sink that records what was decided.
//!
//! The data-flow rules (`rules/*.toml`) implement [`Policy`]; until a rule
//! set is configured the broker runs with [`AllowAll`], through the same
//! hook, so that enforcement is one implementation away and never a second
//! code path.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::pii::Class;
use crate::vault::{Source, TokenRef};

/// Where a call goes: a server, and one of its tools (or an MCP method such
/// as `resources/read` for what is not a tool call).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Destination {
    pub server: String,
    pub tool: String,
}

/// One token met in the arguments of an outbound call.
#[derive(Debug)]
pub struct TokenUse<'a> {
    pub token: &'a TokenRef,
    pub class: &'a Class,
    /// Every (server, tool) the value was seen coming from.
    pub sources: &'a BTreeSet<Source>,
    /// JSON Pointer of the argument that holds it (`/to`, `/uri`).
    pub pointer: &'a str,
}

/// What the session has seen so far (session taint).
#[derive(Debug)]
pub struct SessionView<'a> {
    pub id: &'a str,
    pub seen: &'a BTreeSet<Source>,
}

/// A decision about a call or a token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Decision {
    Allow {
        rules: Vec<String>,
    },
    /// Tokens only: the destination receives the token, not the value.
    Redact {
        rules: Vec<String>,
    },
    Deny {
        rules: Vec<String>,
        reason: String,
    },
}

impl Decision {
    pub fn allow() -> Self {
        Decision::Allow { rules: Vec::new() }
    }

    pub fn rules(&self) -> &[String] {
        match self {
            Decision::Allow { rules }
            | Decision::Redact { rules }
            | Decision::Deny { rules, .. } => rules,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Decision::Allow { .. } => "allow",
            Decision::Redact { .. } => "redact",
            Decision::Deny { .. } => "deny",
        }
    }
}

/// Decides calls and restorations. Implementations must fail closed: an
/// evaluation error is a `Deny` that says why.
pub trait Policy: Send + Sync {
    /// May this call be made at all?
    fn authorize_call(
        &self,
        session: &SessionView,
        to: &Destination,
        arguments: &serde_json::Value,
    ) -> Decision;

    /// May this token be restored to its value for this destination?
    fn authorize_restore(
        &self,
        session: &SessionView,
        to: &Destination,
        token: &TokenUse,
    ) -> Decision;
}

/// Allows every call and every restoration: the behaviour before a rule
/// set is configured.
pub struct AllowAll;

impl Policy for AllowAll {
    fn authorize_call(&self, _: &SessionView, _: &Destination, _: &serde_json::Value) -> Decision {
        Decision::allow()
    }

    fn authorize_restore(&self, _: &SessionView, _: &Destination, _: &TokenUse) -> Decision {
        Decision::allow()
    }
}

/// One token in an audit record: never its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AuditToken {
    pub token: String,
    pub class: String,
    pub sources: Vec<String>,
    pub pointer: String,
    pub decision: &'static str,
    pub rules: Vec<String>,
}

/// What happened to one call through the broker.
#[derive(Clone, Debug, Serialize)]
pub struct AuditRecord {
    pub session: String,
    pub server: String,
    pub tool: String,
    /// The MCP method (`tools/call`, `resources/read`...).
    pub method: String,
    pub decision: &'static str,
    pub rules: Vec<String>,
    pub tokens: Vec<AuditToken>,
    /// Tokens minted from the result (new ones and ones seen again).
    pub minted: usize,
    /// `ok`, `tool_error`, or the broker error's kind.
    pub outcome: String,
    pub millis: u64,
}

/// Receives one record per call.
pub trait Audit: Send + Sync {
    fn record(&self, record: &AuditRecord);
}

/// Writes records to the debug log (ids and counts only).
pub struct LogAudit;

impl Audit for LogAudit {
    fn record(&self, r: &AuditRecord) {
        tracing::debug!(
            session = %r.session,
            server = %r.server,
            tool = %r.tool,
            method = %r.method,
            decision = r.decision,
            tokens = r.tokens.len(),
            minted = r.minted,
            outcome = %r.outcome,
            millis = r.millis,
            "call"
        );
    }
}

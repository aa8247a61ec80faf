//! Broker errors. Every message may reach the model: it names servers,
//! tools, tokens and rule ids, never a value. Text that came from a
//! downstream server is tokenized before it is put in an error.

use std::time::Duration;

/// Why a call through the broker failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum BrokerError {
    #[error("unknown tool `{name}`{hint}")]
    UnknownTool { name: String, hint: String },
    #[error("unknown server `{name}`{hint}")]
    UnknownServer { name: String, hint: String },
    #[error(
        "server `{server}` is not enabled in this session (enable_server {{\"name\": \"{server}\"}} turns it on)"
    )]
    Disabled { server: String },
    #[error("{what}: no server offers this resource")]
    UnknownResource { what: String },
    #[error("server `{server}` does not support {what}")]
    Unsupported { server: String, what: String },
    #[error("call to {server}/{tool} denied{}: {reason}", rule_list(rules))]
    CallDenied {
        server: String,
        tool: String,
        rules: Vec<String>,
        reason: String,
    },
    #[error("call to {server}/{tool} needs approval (rule {}): {reason}", rules.join(", "))]
    ApprovalDenied {
        server: String,
        tool: String,
        rules: Vec<String>,
        reason: String,
    },
    #[error(
        "call to {server}/{tool} would restore {count} tokens; the rules allow at most {limit} in one call"
    )]
    TooManyTokens {
        server: String,
        tool: String,
        count: usize,
        limit: usize,
    },
    #[error("{server}/{tool}: {message}")]
    Restore {
        server: String,
        tool: String,
        /// Names the argument and the token, never the value.
        message: String,
        denied: bool,
    },
    #[error("cannot start server `{server}`: {reason}")]
    Connect { server: String, reason: String },
    #[error("server `{server}` is restarting after {failures} failed start(s); next attempt in {} s: {last}", retry_in.as_secs().max(1))]
    Backoff {
        server: String,
        failures: u32,
        retry_in: Duration,
        last: String,
    },
    #[error("{server}/{tool} did not answer within {} s; the call was cancelled", timeout.as_secs_f64())]
    Timeout {
        server: String,
        tool: String,
        timeout: Duration,
    },
    #[error("server `{server}` closed the connection during {tool}{}; it will be restarted on the next call", exit.as_deref().map(|e| format!(" ({e})")).unwrap_or_default())]
    Closed {
        server: String,
        tool: String,
        exit: Option<String>,
    },
    #[error("{server}/{tool}: the result ({} bytes) exceeds the {} byte limit", size.map_or_else(|| "over the limit".to_string(), |s| s.to_string()), limit)]
    TooLarge {
        server: String,
        tool: String,
        size: Option<usize>,
        limit: usize,
    },
    /// A JSON-RPC error from the server; the message is tokenized.
    #[error("{server}/{tool}: {message}")]
    Downstream {
        server: String,
        tool: String,
        code: i32,
        message: String,
        data: Option<Box<serde_json::Value>>,
    },
    /// Tokenizing the result failed (a bug in Sluice, logged where it
    /// happened); nothing of the result was passed on.
    #[error(
        "{server}/{tool}: the result was withheld: Sluice could not tokenize it (an internal error; nothing of it was passed on)"
    )]
    Withheld { server: String, tool: String },
    #[error("the call was cancelled")]
    Cancelled,
    #[error("invalid request: {0}")]
    Invalid(String),
    #[error("{0}")]
    Internal(String),
}

fn rule_list(rules: &[String]) -> String {
    if rules.is_empty() {
        String::new()
    } else {
        format!(" by rule {}", rules.join(", "))
    }
}

impl BrokerError {
    /// A short kind for audit records and logs.
    pub fn kind(&self) -> &'static str {
        match self {
            BrokerError::UnknownTool { .. } => "unknown_tool",
            BrokerError::UnknownServer { .. } => "unknown_server",
            BrokerError::Disabled { .. } => "disabled",
            BrokerError::UnknownResource { .. } => "unknown_resource",
            BrokerError::Unsupported { .. } => "unsupported",
            BrokerError::CallDenied { .. } => "call_denied",
            BrokerError::ApprovalDenied { .. } => "approval_denied",
            BrokerError::TooManyTokens { .. } => "too_many_tokens",
            BrokerError::Restore { denied: true, .. } => "restore_denied",
            BrokerError::Restore { .. } => "bad_token",
            BrokerError::Connect { .. } => "connect_failed",
            BrokerError::Backoff { .. } => "backoff",
            BrokerError::Timeout { .. } => "timeout",
            BrokerError::Closed { .. } => "server_closed",
            BrokerError::TooLarge { .. } => "too_large",
            BrokerError::Downstream { .. } => "downstream_error",
            BrokerError::Withheld { .. } => "tokenizer_failed",
            BrokerError::Cancelled => "cancelled",
            BrokerError::Invalid(_) => "invalid",
            BrokerError::Internal(_) => "internal",
        }
    }

    /// Errors the model caused and can fix (a protocol error rather than a
    /// tool failure).
    pub fn is_request_error(&self) -> bool {
        matches!(
            self,
            BrokerError::UnknownTool { .. }
                | BrokerError::UnknownServer { .. }
                | BrokerError::UnknownResource { .. }
                | BrokerError::Invalid(_)
        )
    }
}

/// " (did you mean `x`?)" when one candidate is close.
pub fn hint<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match crate::config::did_you_mean(word, candidates) {
        Some(s) => format!(" (did you mean `{s}`?)"),
        None => String::new(),
    }
}

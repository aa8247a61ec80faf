//! The messages between the gateway (parent) and a `sluice sandbox-worker`
//! process: one JSON object per line, over the worker's stdin and stdout.
//!
//! Parent → worker: one [`ToWorker::Run`], then [`ToWorker::Reply`] for each
//! request the worker made, in any order. Worker → parent: [`FromWorker`]
//! requests (tool calls, workspace files, skills), console output, and one
//! [`FromWorker::Done`]. The worker runs one piece of code and exits; the
//! parent kills it at the deadline or on any protocol violation.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The limits the worker applies to itself before it reads the code.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WorkerLimits {
    /// RLIMIT_DATA (heap, thread stacks and other private mappings).
    pub memory_bytes: u64,
    /// RLIMIT_CPU in seconds (a backstop: the parent kills at the wall deadline).
    pub cpu_seconds: u64,
    pub max_output_bytes: usize,
    pub max_source_bytes: usize,
    pub max_nesting: usize,
    /// Boa's recursion limit (JavaScript frames).
    pub max_recursion: usize,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToWorker {
    Run {
        code: String,
        /// Generated API modules by server name: `./servers/<name>`.
        servers: BTreeMap<String, Vec<String>>,
        limits: WorkerLimits,
    },
    Reply {
        id: u64,
        #[serde(flatten)]
        result: Reply,
    },
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// A tool's result, a file's text, a directory listing, a skill's source.
    Ok(Value),
    /// A skill that does not exist.
    Missing,
    Err(String),
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FsOp {
    Read,
    Write,
    Readdir,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum FromWorker {
    Call {
        id: u64,
        server: String,
        tool: String,
        args: Value,
    },
    Fs {
        id: u64,
        op: FsOp,
        path: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contents: Option<String>,
    },
    Skill {
        id: u64,
        name: String,
    },
    /// Console output, already cut to what is left of the output budget.
    Log {
        text: String,
    },
    /// Sent once, when the output budget is used up (the report's note
    /// survives a run that is killed later).
    Cut,
    Done(Done),
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Done {
    /// The return value as JSON, when it fits the output budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// The return value rendered for the output (possibly cut).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_text: Option<String>,
    /// The uncaught error, with line numbers of the code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The error is about the source itself (too large, too deep, syntax).
    #[serde(default)]
    pub rejected: bool,
    /// Bytes of output (console and value) dropped for the budget.
    #[serde(default)]
    pub cut_bytes: usize,
    /// The engine itself failed (a panic inside Boa).
    #[serde(default)]
    pub panicked: bool,
}

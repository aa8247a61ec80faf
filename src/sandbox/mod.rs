//! Code mode: JavaScript or TypeScript from the model, run in a Boa engine
//! inside a separate, killable worker process (`sluice sandbox-worker`)
//! whose only way out is the generated tool API, answered here.
//!
//! - [`Sandbox`] keeps a small pool of pre-started workers (engine built,
//!   not yet confined) and runs one piece of code per worker process:
//!   fresh engine state every run, and a crash kills only that worker.
//! - The parent side ([`Sandbox::run`]) is the only authority: it dispatches
//!   tool calls to the [`Host`] (the gateway's broker), enforces the wall
//!   deadline (by killing the worker), the call limit, per-call timeouts
//!   (from dispatch) and the output budget, and serves the declaration files.
//! - The worker confines itself before it reads the code (rlimits, seccomp:
//!   `confine.rs`), strips TypeScript with oxc (`typescript.rs`) and runs the
//!   code (`engine.rs`); the protocol is JSON lines (`protocol.rs`).
//!
//! Nothing here logs or prints a value: tracing events carry counts,
//! durations and outcomes only.

mod confine;
pub mod declarations;
mod engine;
pub mod protocol;
pub mod typescript;
mod worker;

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use futures::future::BoxFuture;
use futures::stream::FuturesUnordered;
use serde::Serialize;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tracing::debug;

pub use declarations::{declaration_files, server_declarations, ts_declarations};
pub use worker::{main as worker_main, self_test as worker_self_test};

use protocol::{Done, FromWorker, FsOp, Reply, ToWorker, WorkerLimits};

/// One downstream tool, as the generated API shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolInfo {
    pub server: String,
    pub tool: String,
    pub description: Option<String>,
    pub input_schema: Value,
    pub output_schema: Option<Value>,
}

/// The hard limits of one run. `Default` is the defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// Wall time from the start of the run; the worker is killed at the end.
    pub wall: Duration,
    /// The worker's heap (RLIMIT_DATA, plus the engine thread's stack).
    pub memory_bytes: u64,
    /// Tool calls per run; one more ends the run (`Ended::TooManyCalls`).
    pub max_calls: usize,
    /// Bytes of output (printed text and the value) kept; the rest is cut
    /// with a note.
    pub max_output_bytes: usize,
    /// Bytes of source (the code, and each skill).
    pub max_source_bytes: usize,
    /// Bracket / template / prefix-operator nesting accepted before parsing.
    pub max_nesting: usize,
    /// JavaScript call depth (Boa's recursion limit).
    pub max_recursion: usize,
    /// One tool call, from its dispatch to the host (not from its queueing).
    pub call_timeout: Duration,
    /// Tool calls dispatched at once; the others wait their turn.
    pub max_concurrent_calls: usize,
    /// File operations (`fs.*`) per run.
    pub max_fs_ops: usize,
    /// The largest message a worker may send (a call's arguments, a file).
    pub max_message_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            wall: Duration::from_secs(30),
            memory_bytes: 256 << 20,
            max_calls: 1000,
            max_output_bytes: 100_000,
            max_source_bytes: 1 << 20,
            max_nesting: 100,
            max_recursion: 1000,
            call_timeout: Duration::from_secs(30),
            max_concurrent_calls: 16,
            max_fs_ops: 1000,
            max_message_bytes: 16 << 20,
        }
    }
}

impl Limits {
    fn worker(&self) -> WorkerLimits {
        WorkerLimits {
            memory_bytes: self.memory_bytes,
            cpu_seconds: self.wall.as_secs() + 1,
            max_output_bytes: self.max_output_bytes,
            max_source_bytes: self.max_source_bytes,
            max_nesting: self.max_nesting,
            max_recursion: self.max_recursion,
        }
    }
}

/// Implemented by the gateway: every call ends in its broker (rules,
/// tokenization); the file operations act on the session's workspace.
pub trait Host: Send + Sync + 'static {
    /// Calls a downstream tool; returns the MCP CallToolResult as JSON
    /// (already tokenized by the broker), or an error message (a denial, a
    /// timeout...).
    fn call(
        &self,
        server: String,
        tool: String,
        args: Value,
    ) -> BoxFuture<'static, Result<Value, String>>;
    /// A file of the workspace. `path` is relative, normalized, without `..`.
    fn read_file(&self, path: &str) -> Result<String, String>;
    fn write_file(&self, path: &str, contents: &str) -> Result<(), String>;
    fn read_dir(&self, path: &str) -> Result<Vec<String>, String>;
    /// Source of a skill module (`./skills/NAME`), if saved.
    fn skill(&self, name: &str) -> Option<String>;
}

/// How a tool call of the run went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CallStatus {
    Ok,
    /// A tool error, a denial, a timeout: the message the code saw.
    Error(String),
    /// Still in flight when the run ended.
    Unfinished,
}

/// One tool call, in the order the code made them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CallRecord {
    pub server: String,
    pub tool: String,
    pub status: CallStatus,
}

impl CallRecord {
    pub fn ok(&self) -> bool {
        self.status == CallStatus::Ok
    }
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ended {
    Completed,
    /// An uncaught error, or source rejected before it ran.
    Error,
    /// The wall time ran out (or the CPU limit); the worker was killed.
    Timeout,
    /// Memory or stack exhausted: the worker aborted.
    OutOfMemory,
    TooManyCalls,
    /// The worker died otherwise, or broke the protocol.
    Crashed(String),
}

/// What a run produced.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    /// What the code printed, then its value (`=> ...`), cut to the budget
    /// with a note saying how much was cut.
    pub output: String,
    /// The return value, when it is JSON and fits the budget.
    pub value: Option<Value>,
    /// The uncaught error (with the code's line numbers) or why the run was
    /// stopped.
    pub error: Option<String>,
    /// Every tool call, in order: the partial side effects of a failed run.
    pub calls: Vec<CallRecord>,
    pub ended: Ended,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// Runs code in worker processes; keeps `pool` of them started ahead.
/// Use it from one tokio runtime (the workers' pipes belong to it).
pub struct Sandbox {
    inner: Arc<Pool>,
}

struct Pool {
    exe: PathBuf,
    pool: usize,
    idle: Mutex<VecDeque<Worker>>,
}

impl Sandbox {
    /// Workers are `<worker_exe> sandbox-worker`; two are kept ready.
    pub fn new(worker_exe: PathBuf) -> Sandbox {
        Sandbox::with_pool(worker_exe, 2)
    }

    pub fn with_pool(worker_exe: PathBuf, pool: usize) -> Sandbox {
        Sandbox {
            inner: Arc::new(Pool {
                exe: worker_exe,
                pool,
                idle: Mutex::new(VecDeque::new()),
            }),
        }
    }

    /// Starts the pool's workers now (inside a tokio runtime); `run` also
    /// refills it, in the background.
    pub fn warm(&self) {
        self.inner.refill();
    }

    /// Runs `code` with the API of `tools`, every call through `host`.
    pub async fn run(
        &self,
        code: &str,
        tools: &[ToolInfo],
        host: Arc<dyn Host>,
        limits: &Limits,
    ) -> RunReport {
        let started = Instant::now();
        let mut servers: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for t in tools {
            servers
                .entry(t.server.clone())
                .or_default()
                .push(t.tool.clone());
        }
        let request = ToWorker::Run {
            code: code.to_string(),
            servers,
            limits: limits.worker(),
        };
        let mut line = serde_json::to_vec(&request).unwrap_or_default();
        line.push(b'\n');
        // A pooled worker may have died while idle: one retry with a new one.
        let mut worker = None;
        for _ in 0..2 {
            match self.inner.take() {
                Ok(mut w) => {
                    if w.stdin.write_all(&line).await.is_ok() && w.stdin.flush().await.is_ok() {
                        worker = Some(w);
                        break;
                    }
                }
                Err(e) => {
                    debug!(error = %e, "sandbox: no worker");
                }
            }
        }
        let Some(worker) = worker else {
            return RunReport {
                output: String::new(),
                value: None,
                error: Some("the sandbox could not start a worker process".into()),
                calls: Vec::new(),
                ended: Ended::Crashed("no worker".into()),
            };
        };
        let report = Run::new(tools, host, limits).drive(worker, started).await;
        debug!(
            ended = ?report.ended,
            calls = report.calls.len(),
            ms = started.elapsed().as_millis() as u64,
            "sandbox run"
        );
        report
    }
}

impl Pool {
    fn spawn(&self) -> std::io::Result<Worker> {
        let mut cmd = Command::new(&self.exe);
        cmd.arg("sandbox-worker")
            .env_clear()
            .current_dir("/")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        let mut child = cmd.spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout"))?;
        Ok(Worker {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    fn refill(&self) {
        let missing = {
            let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
            self.pool.saturating_sub(idle.len())
        };
        for _ in 0..missing {
            match self.spawn() {
                Ok(w) => self
                    .idle
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push_back(w),
                Err(e) => {
                    debug!(error = %e, "sandbox: could not start a worker");
                    break;
                }
            }
        }
    }

    fn take(self: &Arc<Self>) -> std::io::Result<Worker> {
        let w = self
            .idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front();
        let w = match w {
            Some(mut w) => {
                if matches!(w.child.try_wait(), Ok(None)) {
                    w
                } else {
                    self.spawn()?
                }
            }
            None => self.spawn()?,
        };
        // Replacements start in the background, off this run's path.
        let me = self.clone();
        let rt = tokio::runtime::Handle::current();
        tokio::task::spawn_blocking(move || {
            let _guard = rt.enter();
            me.refill();
        });
        Ok(w)
    }
}

/// The parent's side of one run.
struct Run<'a> {
    tools: &'a [ToolInfo],
    host: Arc<dyn Host>,
    limits: &'a Limits,
    output: String,
    cut: usize,
    calls: Vec<CallRecord>,
    fs_ops: usize,
    /// The worker said its output budget ran out.
    saw_cut: bool,
}

type Settled = (u64, Option<usize>, Reply);

impl<'a> Run<'a> {
    fn new(tools: &'a [ToolInfo], host: Arc<dyn Host>, limits: &'a Limits) -> Self {
        Run {
            tools,
            host,
            limits,
            output: String::new(),
            cut: 0,
            calls: Vec::new(),
            fs_ops: 0,
            saw_cut: false,
        }
    }

    fn known(&self, server: &str, tool: &str) -> bool {
        self.tools
            .iter()
            .any(|t| t.server == server && t.tool == tool)
    }

    fn keep(&mut self, text: &str) {
        let left = self
            .limits
            .max_output_bytes
            .saturating_sub(self.output.len());
        let (kept, cut) = engine::cut_to(text, left);
        self.output.push_str(kept);
        self.cut += cut;
    }

    async fn drive(mut self, worker: Worker, started: Instant) -> RunReport {
        let Worker {
            mut child,
            stdin,
            mut stdout,
        } = worker;
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
        let writer = tokio::spawn(async move {
            let mut stdin = stdin;
            while let Some(line) = rx.recv().await {
                if stdin.write_all(&line).await.is_err() || stdin.flush().await.is_err() {
                    break;
                }
            }
        });
        let reply = |id: u64, result: Reply| {
            let mut l = serde_json::to_vec(&ToWorker::Reply { id, result }).unwrap_or_default();
            l.push(b'\n');
            let _ = tx.send(l);
        };
        let sem = Arc::new(tokio::sync::Semaphore::new(
            self.limits.max_concurrent_calls.max(1),
        ));
        let mut inflight: FuturesUnordered<BoxFuture<'static, Settled>> = FuturesUnordered::new();
        let deadline = tokio::time::Instant::from_std(started + self.limits.wall);
        let mut buf = Vec::new();
        let outcome: Result<Done, (Ended, String)> = loop {
            tokio::select! {
                msg = read_capped(&mut stdout, &mut buf, self.limits.max_message_bytes) => {
                    let msg = match msg {
                        Ok(true) => serde_json::from_slice::<FromWorker>(&buf),
                        Ok(false) => break Err(died(&mut child, self.limits).await),
                        Err(_) => break Err((
                            Ended::Crashed("protocol".into()),
                            "the sandbox worker sent an oversized or broken message; it was killed".into(),
                        )),
                    };
                    let Ok(msg) = msg else {
                        break Err((
                            Ended::Crashed("protocol".into()),
                            "the sandbox worker sent a message that is not part of the protocol; it was killed".into(),
                        ));
                    };
                    match msg {
                        FromWorker::Log { text } => self.keep(&text),
                        FromWorker::Cut => self.saw_cut = true,
                        FromWorker::Done(done) => break Ok(done),
                        FromWorker::Call { id, server, tool, args } => {
                            if self.calls.len() >= self.limits.max_calls {
                                break Err((
                                    Ended::TooManyCalls,
                                    format!(
                                        "the code made more than {} tool calls; the run was stopped",
                                        self.limits.max_calls
                                    ),
                                ));
                            }
                            let idx = self.calls.len();
                            self.calls.push(CallRecord {
                                server: server.clone(),
                                tool: tool.clone(),
                                status: CallStatus::Unfinished,
                            });
                            if !self.known(&server, &tool) {
                                let m = format!("there is no tool {tool:?} on server {server:?}");
                                self.calls[idx].status = CallStatus::Error(m.clone());
                                reply(id, Reply::Err(m));
                                continue;
                            }
                            let host = self.host.clone();
                            let sem = sem.clone();
                            let timeout = self.limits.call_timeout;
                            inflight.push(Box::pin(async move {
                                // Queued here; the timeout starts once dispatched.
                                let _permit = sem.acquire_owned().await;
                                let r = match tokio::time::timeout(timeout, host.call(server, tool, args)).await {
                                    Ok(Ok(result)) => tool_value(&result),
                                    Ok(Err(e)) => Err(e),
                                    Err(_) => Err(format!("timed out after {}", humantime::format_duration(timeout))),
                                };
                                (id, Some(idx), match r {
                                    Ok(v) => Reply::Ok(v),
                                    Err(e) => Reply::Err(e),
                                })
                            }));
                        }
                        FromWorker::Fs { id, op, path, contents } => {
                            self.fs_ops += 1;
                            if self.fs_ops > self.limits.max_fs_ops {
                                reply(id, Reply::Err(format!("more than {} file operations in one run", self.limits.max_fs_ops)));
                                continue;
                            }
                            match self.fs_local(op, &path) {
                                Some(r) => reply(id, r),
                                None => {
                                    let host = self.host.clone();
                                    inflight.push(Box::pin(async move {
                                        let r = tokio::task::spawn_blocking(move || fs_host(&*host, op, &path, contents))
                                            .await
                                            .unwrap_or_else(|_| Reply::Err("the file operation failed".into()));
                                        (id, None, r)
                                    }));
                                }
                            }
                        }
                        FromWorker::Skill { id, name } => {
                            let r = if valid_name(&name) {
                                match self.host.skill(&name) {
                                    Some(src) => Reply::Ok(Value::String(src)),
                                    None => Reply::Missing,
                                }
                            } else {
                                Reply::Missing
                            };
                            reply(id, r);
                        }
                    }
                }
                Some((id, idx, r)) = inflight.next(), if !inflight.is_empty() => {
                    let r = match r {
                        Reply::Ok(v) if json_depth(&v) > MAX_REPLY_DEPTH => Reply::Err(
                            "the result is nested too deeply for the sandbox".into(),
                        ),
                        r => r,
                    };
                    if let Some(idx) = idx {
                        self.calls[idx].status = match &r {
                            Reply::Ok(_) => CallStatus::Ok,
                            Reply::Err(e) => CallStatus::Error(e.clone()),
                            Reply::Missing => CallStatus::Error("not found".into()),
                        };
                    }
                    reply(id, r);
                }
                () = tokio::time::sleep_until(deadline) => {
                    break Err((
                        Ended::Timeout,
                        format!(
                            "the code ran longer than {}; the worker was killed",
                            humantime::format_duration(self.limits.wall)
                        ),
                    ));
                }
            }
        };
        drop(inflight);
        let _ = child.start_kill();
        writer.abort();
        self.finish(outcome)
    }

    /// Declaration files are served here, never asked of the host.
    fn fs_local(&self, op: FsOp, path: &str) -> Option<Reply> {
        let norm = match normalize(path) {
            Ok(p) => p,
            Err(e) => return Some(Reply::Err(e)),
        };
        let decl = norm == "servers" || norm.starts_with("servers/");
        if !decl {
            return None;
        }
        let files = declaration_files(self.tools);
        Some(match op {
            FsOp::Read => match files.into_iter().find(|(p, _)| *p == norm) {
                Some((_, d)) => Reply::Ok(Value::String(d)),
                None => Reply::Err(format!("no such file: {norm}")),
            },
            FsOp::Readdir if norm == "servers" => Reply::Ok(Value::Array(
                files
                    .into_iter()
                    .map(|(p, _)| Value::String(p.trim_start_matches("servers/").to_string()))
                    .collect(),
            )),
            FsOp::Readdir => Reply::Err(format!("not a directory: {norm}")),
            FsOp::Write => Reply::Err("servers/ is generated and read-only".into()),
        })
    }

    fn finish(mut self, outcome: Result<Done, (Ended, String)>) -> RunReport {
        let (ended, error, value) = match outcome {
            Ok(done) => {
                if let Some(v) = &done.value_text {
                    if !self.output.is_empty() && !self.output.ends_with('\n') {
                        self.keep("\n");
                    }
                    self.keep("=> ");
                    self.keep(v);
                }
                self.cut += done.cut_bytes;
                let value = done
                    .value
                    .filter(|_| self.cut == 0 || done.value_text.is_some());
                let ended = if done.panicked {
                    Ended::Crashed("the engine panicked".into())
                } else if done.error.is_some() {
                    Ended::Error
                } else {
                    Ended::Completed
                };
                (ended, done.error, value)
            }
            Err((ended, msg)) => (ended, Some(msg), None),
        };
        if self.cut > 0 || self.saw_cut {
            if !self.output.is_empty() && !self.output.ends_with('\n') {
                self.output.push('\n');
            }
            if self.cut > 0 {
                self.output
                    .push_str(&format!("[output truncated: {} bytes cut]", self.cut));
            } else {
                self.output
                    .push_str("[output truncated: more was printed before the run was stopped]");
            }
        }
        RunReport {
            output: self.output,
            value,
            error,
            calls: self.calls,
            ended,
        }
    }
}

const MAX_REPLY_DEPTH: usize = 100;

/// Reads one line into `buf` (without the newline); `false` at EOF. Lines
/// longer than `cap` are an error: the worker is not trusted with our memory.
async fn read_capped(
    r: &mut BufReader<ChildStdout>,
    buf: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<bool> {
    buf.clear();
    loop {
        let chunk = r.fill_buf().await?;
        if chunk.is_empty() {
            return Ok(false);
        }
        if let Some(pos) = chunk.iter().position(|&b| b == b'\n') {
            buf.extend_from_slice(&chunk[..pos]);
            r.consume(pos + 1);
            return Ok(true);
        }
        let n = chunk.len();
        buf.extend_from_slice(chunk);
        r.consume(n);
        if buf.len() > cap {
            return Err(std::io::Error::other("message too large"));
        }
    }
}

/// Why the worker's stdout closed before its report.
async fn died(child: &mut Child, limits: &Limits) -> (Ended, String) {
    use std::os::unix::process::ExitStatusExt;
    let status = tokio::time::timeout(Duration::from_secs(5), child.wait()).await;
    let Ok(Ok(status)) = status else {
        return (
            Ended::Crashed("unknown".into()),
            "the sandbox worker stopped answering; it was killed".into(),
        );
    };
    let mib = limits.memory_bytes >> 20;
    match status.signal() {
        Some(nix_sig::SIGABRT) | Some(nix_sig::SIGKILL) => (
            Ended::OutOfMemory,
            format!(
                "the code exhausted its memory ({mib} MiB) or its stack; the worker was stopped"
            ),
        ),
        Some(nix_sig::SIGXCPU) => (
            Ended::Timeout,
            "the code used up its CPU time; the worker was stopped".into(),
        ),
        Some(nix_sig::SIGSEGV) | Some(nix_sig::SIGBUS) => (
            Ended::Crashed("segmentation fault".into()),
            "the sandbox worker crashed (segmentation fault); the run was lost".into(),
        ),
        Some(nix_sig::SIGSYS) => (
            Ended::Crashed("system call refused".into()),
            "the sandbox worker was stopped by its system-call filter".into(),
        ),
        Some(s) => (
            Ended::Crashed(format!("signal {s}")),
            format!("the sandbox worker died (signal {s})"),
        ),
        None => (
            Ended::Crashed(format!("exit {}", status.code().unwrap_or(-1))),
            format!(
                "the sandbox worker exited without a report (code {})",
                status.code().unwrap_or(-1)
            ),
        ),
    }
}

/// Signal numbers as `i32` for matching.
mod nix_sig {
    use nix::sys::signal::Signal;
    pub const SIGABRT: i32 = Signal::SIGABRT as i32;
    pub const SIGKILL: i32 = Signal::SIGKILL as i32;
    pub const SIGXCPU: i32 = Signal::SIGXCPU as i32;
    pub const SIGSEGV: i32 = Signal::SIGSEGV as i32;
    pub const SIGBUS: i32 = Signal::SIGBUS as i32;
    pub const SIGSYS: i32 = Signal::SIGSYS as i32;
}

/// A CallToolResult as the code sees it: `structuredContent` when present,
/// else the text content parsed as JSON when it is JSON, else the text; an
/// `isError` result is an error with its text.
pub fn tool_value(result: &Value) -> Result<Value, String> {
    let text = || -> Option<String> {
        let parts: Vec<&str> = result
            .get("content")?
            .as_array()?
            .iter()
            .filter(|c| c.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|c| c.get("text").and_then(Value::as_str))
            .collect();
        if parts.is_empty() {
            None
        } else {
            Some(parts.join("\n"))
        }
    };
    if result.get("isError").and_then(Value::as_bool) == Some(true) {
        return Err(text().unwrap_or_else(|| "the tool reported an error".into()));
    }
    if let Some(sc) = result.get("structuredContent")
        && !sc.is_null()
    {
        return Ok(sc.clone());
    }
    match text() {
        Some(t) => Ok(serde_json::from_str::<Value>(t.trim()).unwrap_or(Value::String(t))),
        None => Ok(result.get("content").cloned().unwrap_or(Value::Null)),
    }
}

fn json_depth(v: &Value) -> usize {
    // Iterative: results come from downstream servers.
    let mut max = 0;
    let mut stack = vec![(v, 1usize)];
    while let Some((v, d)) = stack.pop() {
        max = max.max(d);
        if d > MAX_REPLY_DEPTH {
            return d;
        }
        match v {
            Value::Array(a) => stack.extend(a.iter().map(|x| (x, d + 1))),
            Value::Object(o) => stack.extend(o.values().map(|x| (x, d + 1))),
            _ => {}
        }
    }
    max
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
        && !name.starts_with('.')
}

/// A workspace path as the host gets it: relative, `/`-separated, no `.`
/// or `..` components, no NUL. Anything that would leave the workspace is
/// refused here, before the host sees it (the host checks again).
pub fn normalize(path: &str) -> Result<String, String> {
    let refuse = || format!("{path:?} is outside the workspace");
    if path.contains('\0') || path.contains('\\') || path.starts_with('/') || path.starts_with('~')
    {
        return Err(refuse());
    }
    let mut parts: Vec<&str> = Vec::new();
    for p in path.split('/') {
        match p {
            "" | "." => {}
            ".." => return Err(refuse()),
            p => parts.push(p),
        }
    }
    if parts.len() > 32 || path.len() > 1024 {
        return Err("the path is too long".into());
    }
    Ok(parts.join("/"))
}

fn fs_host(host: &dyn Host, op: FsOp, path: &str, contents: Option<String>) -> Reply {
    let path = match normalize(path) {
        Ok(p) => p,
        Err(e) => return Reply::Err(e),
    };
    match op {
        FsOp::Read => match host.read_file(&path) {
            Ok(s) => Reply::Ok(Value::String(s)),
            Err(e) => Reply::Err(e),
        },
        FsOp::Write => {
            if path.is_empty() {
                return Reply::Err("the path names the workspace itself".into());
            }
            match host.write_file(&path, contents.as_deref().unwrap_or("")) {
                Ok(()) => Reply::Ok(Value::Null),
                Err(e) => Reply::Err(e),
            }
        }
        FsOp::Readdir => match host.read_dir(&path) {
            Ok(list) => Reply::Ok(Value::Array(list.into_iter().map(Value::String).collect())),
            Err(e) => Reply::Err(e),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn results() {
        assert_eq!(
            tool_value(
                &json!({"content":[{"type":"text","text":"{\"a\":1}"}],"structuredContent":{"b":2}})
            ),
            Ok(json!({"b":2}))
        );
        assert_eq!(
            tool_value(&json!({"content":[{"type":"text","text":"[1,2]"}]})),
            Ok(json!([1, 2]))
        );
        assert_eq!(
            tool_value(&json!({"content":[{"type":"text","text":"hello"}]})),
            Ok(json!("hello"))
        );
        assert_eq!(
            tool_value(&json!({"content":[{"type":"text","text":"no such row"}],"isError":true})),
            Err("no such row".into())
        );
    }

    #[test]
    fn paths() {
        assert_eq!(normalize("./a/./b.txt"), Ok("a/b.txt".into()));
        assert_eq!(normalize("skills/x.ts"), Ok("skills/x.ts".into()));
        for bad in [
            "/etc/passwd",
            "../x",
            "a/../../x",
            "a/..",
            "~/.ssh",
            "a\\b",
            "a\0b",
        ] {
            assert!(normalize(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn depth() {
        let mut v = json!(1);
        for _ in 0..200 {
            v = json!([v]);
        }
        assert!(json_depth(&v) > MAX_REPLY_DEPTH);
        assert_eq!(json_depth(&json!({"a":[1]})), 3);
    }
}

//! Transports to downstream servers: child processes over stdio (in their
//! own process group, killed with it) and streamable HTTP.
//!
//! A stdio server's stdout passes through [`LineWatch`], which notices a
//! message larger than the result cap: the transport drops such a line,
//! and the watch tells the waiting call why, instead of letting it hang
//! until its timeout.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, LazyLock, Mutex};
use std::task::{Context, Poll};

use regex::bytes::Regex;
use rmcp::RoleClient;
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::transport::streamable_http_client::{
    StreamableHttpClientTransport, StreamableHttpClientTransportConfig,
};
use tokio::io::{AsyncRead, ReadBuf};
use tokio::sync::{broadcast, watch};

use crate::config::{StderrMode, Transport};

/// A message from a server that exceeded the size cap and was dropped.
#[derive(Clone, Debug)]
pub struct Oversize {
    /// The JSON-RPC id of the dropped message, when it could be read.
    pub id: Option<serde_json::Value>,
    pub size: usize,
}

/// Watches the lines read from a server for ones over `limit` bytes.
pub struct LineWatch<R> {
    inner: R,
    limit: usize,
    len: usize,
    head: Vec<u8>,
    tail: Vec<u8>,
    tx: broadcast::Sender<Oversize>,
}

const EDGE: usize = 256;

static HEAD_ID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"[^"\\]{0,200}")"#)
        .expect("valid regex")
});
static TAIL_ID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#",\s*"id"\s*:\s*(-?\d+|"[^"\\]{0,200}")\s*\}\s*$"#).expect("valid regex")
});

impl<R> LineWatch<R> {
    pub fn new(inner: R, limit: usize, tx: broadcast::Sender<Oversize>) -> Self {
        LineWatch {
            inner,
            limit,
            len: 0,
            head: Vec::with_capacity(EDGE),
            tail: Vec::with_capacity(EDGE * 2),
            tx,
        }
    }

    fn observe(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let (part, done) = match memchr::memchr(b'\n', bytes) {
                Some(i) => (&bytes[..i], Some(i + 1)),
                None => (bytes, None),
            };
            self.len += part.len();
            if self.head.len() < EDGE {
                let n = (EDGE - self.head.len()).min(part.len());
                self.head.extend_from_slice(&part[..n]);
            }
            if self.len > self.limit {
                self.tail.extend_from_slice(part);
                if self.tail.len() > EDGE * 2 {
                    let cut = self.tail.len() - EDGE;
                    self.tail.drain(..cut);
                }
            }
            match done {
                Some(n) => {
                    if self.len > self.limit {
                        let id = id_of(&self.head).or_else(|| id_of_tail(&self.tail));
                        let _ = self.tx.send(Oversize { id, size: self.len });
                    }
                    self.len = 0;
                    self.head.clear();
                    self.tail.clear();
                    bytes = &bytes[n..];
                }
                None => break,
            }
        }
    }
}

fn parse_id(m: &[u8]) -> Option<serde_json::Value> {
    serde_json::from_slice(m).ok()
}

fn id_of(head: &[u8]) -> Option<serde_json::Value> {
    HEAD_ID
        .captures(head)
        .and_then(|c| c.get(1))
        .and_then(|m| parse_id(m.as_bytes()))
}

fn id_of_tail(tail: &[u8]) -> Option<serde_json::Value> {
    TAIL_ID
        .captures(tail)
        .and_then(|c| c.get(1))
        .and_then(|m| parse_id(m.as_bytes()))
}

impl<R: AsyncRead + Unpin> AsyncRead for LineWatch<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = r {
            self.observe(&buf.filled()[before..]);
        }
        r
    }
}

/// Kills a stdio server's whole process group when dropped.
pub struct ChildGuard {
    pgid: Option<i32>,
    exit: watch::Receiver<Option<String>>,
}

impl ChildGuard {
    /// How the process ended, once it has.
    pub fn exit(&self) -> Option<String> {
        self.exit.borrow().clone()
    }

    pub fn exit_watch(&self) -> watch::Receiver<Option<String>> {
        self.exit.clone()
    }
}

impl Drop for ChildGuard {
    fn drop(&mut self) {
        if let Some(pgid) = self.pgid
            && self.exit.borrow().is_none()
        {
            let _ = nix::sys::signal::killpg(
                nix::unistd::Pid::from_raw(pgid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
    }
}

fn describe_exit(status: std::io::Result<std::process::ExitStatus>) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status {
        Ok(s) => match (s.code(), s.signal()) {
            (Some(c), _) => format!("exit status {c}"),
            (None, Some(sig)) => format!("killed by signal {sig}"),
            _ => "exited".to_string(),
        },
        Err(e) => format!("cannot wait for it: {e}"),
    }
}

pub type StdioTransport = AsyncRwTransport<
    RoleClient,
    LineWatch<tokio::process::ChildStdout>,
    tokio::process::ChildStdin,
>;

/// Starts a stdio server as a child process in a new process group.
pub fn spawn_stdio(
    transport: &Transport,
    limit: usize,
    oversize: broadcast::Sender<Oversize>,
) -> std::io::Result<(StdioTransport, ChildGuard)> {
    use process_wrap::tokio::{CommandWrap, KillOnDrop, ProcessGroup};
    let Transport::Stdio {
        command,
        args,
        env,
        cwd,
        stderr,
    } = transport
    else {
        return Err(std::io::Error::other("not a stdio server"));
    };
    let stderr_io = match stderr {
        StderrMode::Discard => std::process::Stdio::null(),
        StderrMode::Inherit => std::process::Stdio::inherit(),
        StderrMode::File(p) => std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)?
            .into(),
    };
    let mut cmd = CommandWrap::with_new(command, |c| {
        c.args(args.iter().map(|a| a.expose()))
            .envs(env.iter().map(|(k, v)| (k, v.expose())))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(stderr_io);
        if let Some(dir) = cwd {
            c.current_dir(dir);
        }
    });
    cmd.wrap(ProcessGroup::leader()).wrap(KillOnDrop);
    let mut child = cmd.spawn()?;
    let pgid = child.id().map(|p| p as i32);
    let stdin = child
        .stdin()
        .take()
        .ok_or_else(|| std::io::Error::other("no stdin"))?;
    let stdout = child
        .stdout()
        .take()
        .ok_or_else(|| std::io::Error::other("no stdout"))?;
    let (exit_tx, exit_rx) = watch::channel(None);
    tokio::spawn(async move {
        let status = child.wait().await;
        let _ = exit_tx.send(Some(describe_exit(status)));
    });
    let transport = AsyncRwTransport::new(LineWatch::new(stdout, limit, oversize), stdin)
        .with_max_line_length(limit);
    Ok((
        transport,
        ChildGuard {
            pgid,
            exit: exit_rx,
        },
    ))
}

/// A streamable HTTP client transport with the configured headers and cap.
pub fn http_transport(
    url: &str,
    headers: &[(String, crate::config::Secret)],
    limit: usize,
) -> Result<StreamableHttpClientTransport<reqwest::Client>, String> {
    let mut map = HashMap::new();
    for (k, v) in headers {
        let name = http::HeaderName::from_bytes(k.as_bytes())
            .map_err(|_| format!("`{k}` is not a valid header name"))?;
        let value = http::HeaderValue::from_str(v.expose())
            .map_err(|_| format!("the value of header `{k}` is not valid in HTTP"))?;
        map.insert(name, value);
    }
    let config = StreamableHttpClientTransportConfig::with_uri(url.to_string())
        .custom_headers(map)
        .max_json_response_size(limit)
        .max_sse_event_size(limit);
    Ok(StreamableHttpClientTransport::from_config(config))
}

/// Installs the TLS crypto provider (ring) once, for HTTPS servers.
pub fn init_tls() {
    static ONCE: Mutex<bool> = Mutex::new(false);
    let mut done = ONCE.lock().unwrap_or_else(|e| e.into_inner());
    if !*done {
        let _ = rustls::crypto::ring::default_provider().install_default();
        *done = true;
    }
}

/// Shared so the oversize channel can be created before the transport.
pub fn oversize_channel() -> broadcast::Sender<Oversize> {
    broadcast::channel(16).0
}

pub type SharedOversize = Arc<broadcast::Sender<Oversize>>;

#[cfg(test)]
mod tests {
    use super::*;

    fn watch(limit: usize, chunks: &[&[u8]]) -> Vec<Oversize> {
        let tx = oversize_channel();
        let mut rx = tx.subscribe();
        let mut w = LineWatch::new(tokio::io::empty(), limit, tx);
        for c in chunks {
            w.observe(c);
        }
        let mut out = vec![];
        while let Ok(o) = rx.try_recv() {
            out.push(o);
        }
        out
    }

    #[test]
    fn finds_the_id_of_an_oversized_line_at_either_end() {
        let big = "x".repeat(100);
        let a = format!("{{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"{big}\"}}\n");
        let b = format!(
            "{{\"result\":{{\"id\":9,\"t\":\"{big}\"}},\"jsonrpc\":\"2.0\",\"id\":\"r-3\"}}\n"
        );
        let ok = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
        let (a1, a2) = a.as_bytes().split_at(30);
        let found = watch(64, &[ok.as_bytes(), a1, a2, b.as_bytes()]);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].id, Some(serde_json::json!(7)));
        assert_eq!(found[0].size, a.len() - 1);
        assert_eq!(found[1].id, Some(serde_json::json!("r-3")));
    }
}

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

/// The transport to a stdio server.
///
/// Writing is rmcp's own (`AsyncRwTransport` over the child's stdin, given
/// no reader). Reading parses each line once into a `serde_json::Value`: the
/// response to a `tools/call` this transport sent goes on as that value
/// (`ServerResult::CustomResult`), which the broker tokenizes as it is,
/// instead of through rmcp's untagged `ServerResult`, which buffers the
/// whole result and tries fifteen other result types first (about a fifth
/// of the gateway's time on a 10 KB result). Every other message is decoded
/// into its rmcp type from that value, as rmcp would.
///
/// Lines are read as rmcp reads them: at most `max_line` bytes each (a
/// longer one is dropped, and [`LineWatch`] reports it), a partial line
/// kept across cancelled reads, a UTF-8 BOM and a trailing CR ignored.
pub struct StdioTransport<
    R = LineWatch<tokio::process::ChildStdout>,
    W: tokio::io::AsyncWrite = tokio::process::ChildStdin,
> {
    read: tokio::io::BufReader<R>,
    line: Vec<u8>,
    max_line: usize,
    discarding: bool,
    write: AsyncRwTransport<RoleClient, tokio::io::Empty, W>,
    /// Ids of the `tools/call` requests sent and not yet answered.
    calls: std::collections::HashSet<String>,
    /// Told the progress token of every progress notification as it is
    /// read, in the order the server wrote it: before the response that
    /// follows it is handed on.
    on_progress: Option<ProgressHook>,
}

/// See [`StdioTransport::with_progress_hook`].
pub type ProgressHook = std::sync::Arc<dyn Fn(&serde_json::Value) + Send + Sync>;

/// A JSON-RPC id as a map key: its JSON text, so `7` and `"7"` differ and
/// a request's id and the `id` read back from a response's JSON agree.
pub(crate) fn id_key(id: &rmcp::model::RequestId) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

/// [`id_key`] of an `id` read from a message's JSON.
fn id_key_of_value(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::Number(_) | serde_json::Value::String(_) => {
            serde_json::to_string(v).ok()
        }
        _ => None,
    }
}

enum Line {
    Whole,
    Oversized,
    Eof,
    Failed(std::io::Error),
}

impl<R, W> StdioTransport<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    fn new(read: R, write: W, max_line: usize) -> StdioTransport<R, W> {
        StdioTransport {
            read: tokio::io::BufReader::with_capacity(64 * 1024, read),
            line: Vec::new(),
            max_line,
            discarding: false,
            write: AsyncRwTransport::new(tokio::io::empty(), write),
            calls: Default::default(),
            on_progress: None,
        }
    }

    /// Calls `hook` with the `progressToken` of each progress notification
    /// as the line holding it is read.
    pub fn with_progress_hook(mut self, hook: ProgressHook) -> Self {
        self.on_progress = Some(hook);
        self
    }

    /// Reads up to the next newline into `self.line`, never holding more
    /// than `max_line` bytes. Cancel-safe: bytes are moved from the reader's
    /// buffer into `self.line` with no await in between.
    async fn read_line(&mut self) -> Line {
        use tokio::io::AsyncBufReadExt;
        loop {
            let buf = match self.read.fill_buf().await {
                Ok(b) => b,
                Err(e) => return Line::Failed(e),
            };
            if buf.is_empty() {
                return Line::Eof;
            }
            let end = memchr::memchr(b'\n', buf);
            let take = end.map_or(buf.len(), |i| i + 1);
            let mut done = None;
            if self.discarding {
                if end.is_some() {
                    self.discarding = false;
                }
            } else if self.line.len() + take > self.max_line {
                self.line.clear();
                self.discarding = end.is_none();
                done = Some(Line::Oversized);
            } else {
                self.line.extend_from_slice(&buf[..take]);
                if end.is_some() {
                    done = Some(Line::Whole);
                }
            }
            self.read.consume(take);
            if let Some(d) = done {
                return d;
            }
        }
    }

    /// The message a whole line holds, if any.
    fn decode(&mut self) -> Option<rmcp::service::RxJsonRpcMessage<RoleClient>> {
        use rmcp::model::{CustomResult, JsonRpcMessage, JsonRpcResponse, JsonRpcVersion2_0};
        use serde_json::Value;
        let mut line = self.line.as_slice();
        line = line.strip_suffix(b"\n").unwrap_or(line);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        let value: Value = match serde_json::from_slice(line) {
            Ok(v) => v,
            Err(e) => {
                // Not JSON: nothing to answer, as the MCP SDKs do. The
                // line itself is never logged (it may hold personal data).
                tracing::debug!(bytes = line.len(), error = ?e.classify(), "ignoring a line from a server that is not JSON");
                return None;
            }
        };
        if let Value::Object(m) = &value
            && !m.contains_key("method")
            && let Some(key) = m.get("id").and_then(id_key_of_value)
            && self.calls.remove(&key)
            && m.contains_key("result")
        {
            let Value::Object(mut m) = value else {
                return None;
            };
            let id = match m.remove("id") {
                Some(Value::Number(n)) => rmcp::model::NumberOrString::Number(n.as_i64()?),
                Some(Value::String(s)) => rmcp::model::NumberOrString::String(s.into()),
                _ => return None,
            };
            let result = m.remove("result").unwrap_or(Value::Null);
            return Some(JsonRpcMessage::Response(JsonRpcResponse {
                jsonrpc: JsonRpcVersion2_0,
                id,
                result: rmcp::model::ServerResult::CustomResult(CustomResult(result)),
            }));
        }
        if let Some(hook) = &self.on_progress
            && value.get("method").and_then(Value::as_str) == Some("notifications/progress")
            && let Some(token) = value.get("params").and_then(|p| p.get("progressToken"))
        {
            hook(token);
        }
        let request_id = match (value.get("method"), value.get("id")) {
            (Some(_), Some(Value::Number(n))) => {
                n.as_i64().map(rmcp::model::NumberOrString::Number)
            }
            (Some(_), Some(Value::String(s))) => {
                Some(rmcp::model::NumberOrString::String(s.as_str().into()))
            }
            _ => None,
        };
        match serde_json::from_value(value) {
            Ok(m) => Some(m),
            Err(e) => {
                tracing::debug!(error = ?e.classify(), "a message from a server does not fit MCP");
                // A request that does not fit gets an Invalid Request
                // answer, so the server is not left waiting; anything else
                // (a notification, a stray response) is dropped.
                if let Some(id) = request_id {
                    let answer = rmcp::service::TxJsonRpcMessage::<RoleClient>::error(
                        rmcp::model::ErrorData::invalid_request("Invalid request", None),
                        Some(id),
                    );
                    tokio::spawn(rmcp::transport::Transport::send(&mut self.write, answer));
                }
                None
            }
        }
    }
}

impl<R, W> rmcp::transport::Transport<RoleClient> for StdioTransport<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: rmcp::service::TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let rmcp::model::JsonRpcMessage::Request(r) = &item
            && matches!(r.request, rmcp::model::ClientRequest::CallToolRequest(_))
        {
            // Ids of calls that never got an answer (timed out, cancelled,
            // dropped as too large) would pile up; past this many, the
            // answers still to come simply take the general path.
            if self.calls.len() >= 4096 {
                self.calls.clear();
            }
            self.calls.insert(id_key(&r.id));
        }
        self.write.send(item)
    }

    async fn receive(&mut self) -> Option<rmcp::service::RxJsonRpcMessage<RoleClient>> {
        loop {
            match self.read_line().await {
                Line::Whole => {}
                Line::Oversized => {
                    tracing::warn!(
                        max_line = self.max_line,
                        "a message from a server exceeded the result cap and was dropped"
                    );
                    continue;
                }
                Line::Eof => return None,
                Line::Failed(e) => {
                    tracing::warn!(error = %e, "cannot read from a server");
                    return None;
                }
            }
            let message = self.decode();
            self.line.clear();
            if let Some(m) = message {
                return Some(m);
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.write.close().await
    }
}

/// Starts a stdio server as a child process in a new process group.
pub fn spawn_stdio(
    transport: &Transport,
    limit: usize,
    oversize: broadcast::Sender<Oversize>,
    on_progress: ProgressHook,
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
    let transport = StdioTransport::new(LineWatch::new(stdout, limit, oversize), stdin, limit)
        .with_progress_hook(on_progress);
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

    /// A transport over in-memory pipes: what the "server" writes is read.
    fn transport(
        max_line: usize,
    ) -> (
        StdioTransport<tokio::io::DuplexStream, tokio::io::DuplexStream>,
        tokio::io::DuplexStream,
        tokio::io::DuplexStream,
    ) {
        let (server_out, gateway_in) = tokio::io::duplex(1 << 20);
        let (gateway_out, server_in) = tokio::io::duplex(1 << 20);
        (
            StdioTransport::new(gateway_in, gateway_out, max_line),
            server_out,
            server_in,
        )
    }

    fn call(id: i64) -> rmcp::service::TxJsonRpcMessage<RoleClient> {
        serde_json::from_value(serde_json::json!({
            "jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "t", "arguments": {}}
        }))
        .unwrap()
    }

    #[tokio::test]
    async fn progress_tokens_are_told_as_their_lines_are_read() {
        use rmcp::model::JsonRpcMessage;
        use rmcp::transport::Transport;
        use std::sync::{Arc, Mutex};
        use tokio::io::AsyncWriteExt;
        let (t, mut server, _rx) = transport(1 << 16);
        let told = Arc::new(Mutex::new(Vec::new()));
        let sink = told.clone();
        let mut t = t.with_progress_hook(Arc::new(move |tok: &serde_json::Value| {
            sink.lock().unwrap().push(tok.clone())
        }));
        t.send(call(3)).await.unwrap();
        let progress = |tok: serde_json::Value| {
            serde_json::json!({"jsonrpc": "2.0", "method": "notifications/progress",
                "params": {"progressToken": tok, "progress": 1}})
        };
        let lines = format!(
            "{}\n{}\n{}\n{}\n",
            progress(serde_json::json!(5)),
            serde_json::json!({"jsonrpc": "2.0", "method": "notifications/message",
                "params": {"level": "info", "data": "x"}}),
            progress(serde_json::json!("t-1")),
            serde_json::json!({"jsonrpc": "2.0", "id": 3, "result": {"content": []}}),
        );
        server.write_all(lines.as_bytes()).await.unwrap();
        let mut seen = Vec::new();
        for _ in 0..4 {
            let m = t.receive().await.unwrap();
            // Both notifications were told before the response came out.
            if matches!(m, JsonRpcMessage::Response(_)) {
                assert_eq!(told.lock().unwrap().len(), 2);
            }
            seen.push(m);
        }
        assert!(matches!(seen[3], JsonRpcMessage::Response(_)));
        assert_eq!(
            *told.lock().unwrap(),
            [serde_json::json!(5), serde_json::json!("t-1")]
        );
    }

    #[tokio::test]
    async fn a_call_result_goes_on_as_the_value_the_server_sent() {
        use rmcp::model::{JsonRpcMessage, ServerResult};
        use rmcp::transport::Transport;
        use tokio::io::AsyncWriteExt;
        let (mut t, mut server, _rx) = transport(1 << 16);
        t.send(call(7)).await.unwrap();
        let result = serde_json::json!({
            "content": [{"type": "text", "text": "hi"}],
            "structuredContent": {"a": 1}, "extra": true
        });
        let lines = format!(
            "\u{feff}not json\n\n{}\r\n{}\n{}\n",
            serde_json::json!({"jsonrpc": "2.0", "id": 7, "result": result}),
            // A result for an id that was never a call: decoded as rmcp does.
            serde_json::json!({"jsonrpc": "2.0", "id": 8, "result": {}}),
            serde_json::json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
        );
        server.write_all(lines.as_bytes()).await.unwrap();
        match t.receive().await.unwrap() {
            JsonRpcMessage::Response(r) => {
                assert_eq!(r.id, rmcp::model::NumberOrString::Number(7));
                match r.result {
                    ServerResult::CustomResult(c) => assert_eq!(c.0, result),
                    other => panic!("expected the raw value, got {other:?}"),
                }
            }
            other => panic!("expected a response, got {other:?}"),
        }
        match t.receive().await.unwrap() {
            JsonRpcMessage::Response(r) => {
                assert!(
                    matches!(r.result, ServerResult::EmptyResult(_)),
                    "{:?}",
                    r.result
                )
            }
            other => panic!("expected a response, got {other:?}"),
        }
        assert!(matches!(
            t.receive().await.unwrap(),
            JsonRpcMessage::Notification(_)
        ));
        drop(server);
        assert!(
            t.receive().await.is_none(),
            "end of stream ends the transport"
        );
    }

    #[tokio::test]
    async fn an_oversized_line_is_dropped_and_the_next_one_read() {
        use rmcp::transport::Transport;
        use tokio::io::AsyncWriteExt;
        let (mut t, mut server, _rx) = transport(64);
        t.send(call(1)).await.unwrap();
        let big = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"t\":\"{}\"}}}}\n",
            "x".repeat(200)
        );
        let small = "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n";
        // The big line arrives in pieces; the reader must skip all of it.
        let (a, b) = big.split_at(100);
        server.write_all(a.as_bytes()).await.unwrap();
        server.flush().await.unwrap();
        tokio::task::yield_now().await;
        server.write_all(b.as_bytes()).await.unwrap();
        server.write_all(small.as_bytes()).await.unwrap();
        match t.receive().await.unwrap() {
            rmcp::model::JsonRpcMessage::Response(r) => {
                assert_eq!(r.id, rmcp::model::NumberOrString::Number(2))
            }
            other => panic!("expected the small response, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_request_that_does_not_fit_gets_an_invalid_request_answer() {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
        let (mut t, mut server, rx) = transport(1 << 16);
        server
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":[\"not\", \"a name\"]}\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,\"progress\":1}}\n")
            .await
            .unwrap();
        let got = rmcp::transport::Transport::receive(&mut t).await;
        assert!(
            matches!(got, Some(rmcp::model::JsonRpcMessage::Notification(_))),
            "{got:?}"
        );
        let mut answer = String::new();
        tokio::io::BufReader::new(rx)
            .read_line(&mut answer)
            .await
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(v["id"], 5);
        assert_eq!(v["error"]["code"], -32600);
    }
}

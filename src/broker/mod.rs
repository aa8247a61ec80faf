//! The broker: the one place every call to a downstream server passes.
//!
//! ```text
//! Session::call_tool / read_resource / get_prompt / complete / subscribe
//!   1 authorize      Policy::authorize_call
//!   2 detokenize     restore each token the policy allows, for this server/tool/argument
//!   3 call           over the session's connection (timeout, size cap, cancellation)
//!   4 tokenize       everything that comes back, recording (server, tool) provenance
//!   5 audit          Audit::record: decision, rule ids, token ids, never values
//! ```
//!
//! Requests a server sends back (sampling, elicitation, roots) take the same
//! path the other way: tokenized toward the client, the answer detokenized
//! under the same rules toward the server. Notifications (progress, log
//! messages, resource updates) are tokenized before they go upstream.
//!
//! A [`Broker`] is shared by all sessions; a [`Session`] holds one vault and,
//! for servers with `sessions = "isolated"` (the default), its own
//! connections. Connections are made on first use, restarted with backoff
//! after a crash, and closed (their process groups killed) when the session
//! ends.

// Logging, sampling and roots are deprecated by SEP-2577 (2026-07-28) but
// are part of the protocol versions Sluice speaks; it proxies them.
#![allow(deprecated)]

pub mod catalog;
pub mod downstream;
pub mod error;
mod shape;

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use rmcp::model::{
    CallToolResult, ClientCapabilities, ClientConfig, ClientRequest, ClientResult, CompleteResult,
    ErrorData, GetPromptResult, LoggingLevel, ProgressToken, ReadResourceResult,
    ServerNotification, ServerRequest, ServerResult,
};
use rmcp::service::{PeerRequestOptions, RunningService, ServiceError};
use rmcp::{ClientHandler, Peer, RoleClient, RoleServer, ServiceExt};
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::audit::{Audit, AuditRecord, AuditToken};
use crate::config::{Config, ServerConfig, SessionScope, Transport};
use crate::pii::Engine;
use crate::policy::{Decision, Destination, Effect, Policy, SessionView, TokenUse};
use crate::redact::{self, Redactor, Verdict};
use crate::vault::{Source, Vault};
pub use catalog::{Catalog, Known, ServerLists};
use downstream::{ChildGuard, Oversize, id_key};
pub use error::BrokerError;
pub use shape::relax_schema;

/// Which list of a server changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    Tools,
    Resources,
    Prompts,
}

/// A change in the catalog, for the gateway to tell its clients.
#[derive(Clone, Debug)]
pub struct ListChange {
    pub server: String,
    pub kind: ListKind,
}

/// A request a server sent back during a call, for the gateway to forward
/// to its client from the task that serves the call (so that transports
/// which tie requests to the call's response stream can do so).
pub struct BackRequest {
    pub request: ServerRequest,
    pub reply: oneshot::Sender<Result<ClientResult, ErrorData>>,
}

/// How one call is tied to the upstream request that caused it.
#[derive(Default)]
pub struct CallLink {
    /// The client's progress token, if it asked for progress.
    pub progress: Option<ProgressToken>,
    /// Where requests the server sends during this call go.
    pub back: Option<mpsc::Sender<BackRequest>>,
    /// Cancelled when the client cancels the call.
    pub ct: CancellationToken,
}

/// The hooks a broker runs with: the rules that decide every call and
/// every restored token, and where the audit records go.
pub struct Hooks {
    pub policy: Arc<dyn Policy>,
    pub audit: Arc<dyn Audit>,
}

impl Hooks {
    pub fn new(policy: Arc<dyn Policy>, audit: Arc<dyn Audit>) -> Hooks {
        Hooks { policy, audit }
    }
}

/// The broker, shared by every session of a gateway.
#[derive(Clone)]
pub struct Broker {
    inner: Arc<Inner>,
}

struct Inner {
    config: Arc<Config>,
    engine: Arc<Engine>,
    catalog: Catalog,
    hooks: Hooks,
    shared: Mutex<HashMap<String, Arc<Slot>>>,
    sessions: Mutex<HashMap<u64, Weak<SessionInner>>>,
    next_session: AtomicU64,
    changes: broadcast::Sender<ListChange>,
    /// Credentials of the configured servers: never shown upstream, even
    /// when a server echoes them.
    secrets: Option<aho_corasick::AhoCorasick>,
}

/// The configured credentials worth looking for (8 characters or more).
fn credentials(config: &Config) -> Option<aho_corasick::AhoCorasick> {
    let mut values: Vec<String> = Vec::new();
    for s in &config.servers {
        match &s.transport {
            Transport::Stdio { env, args, .. } => {
                values.extend(env.iter().map(|(_, v)| v.expose().to_string()));
                values.extend(
                    args.iter()
                        .filter(|a| a.is_sensitive())
                        .map(|a| a.expose().to_string()),
                );
            }
            Transport::Http { url, headers } => {
                values.extend(headers.iter().map(|(_, v)| {
                    let v = v.expose();
                    // `Bearer abc`: the credential is the part after the scheme.
                    v.split_once(' ').map_or(v, |(_, rest)| rest).to_string()
                }));
                if url.is_sensitive() {
                    values.push(url.expose().to_string());
                }
            }
        }
    }
    values.retain(|v| v.chars().count() >= 8);
    values.sort();
    values.dedup();
    if values.is_empty() {
        return None;
    }
    aho_corasick::AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .build(&values)
        .ok()
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Broker {
    pub fn new(config: Arc<Config>, engine: Arc<Engine>, hooks: Hooks) -> Broker {
        downstream::init_tls();
        let catalog = Catalog::new(config.clone());
        let secrets = credentials(&config);
        Broker {
            inner: Arc::new(Inner {
                config,
                engine,
                catalog,
                hooks,
                shared: Mutex::new(HashMap::new()),
                sessions: Mutex::new(HashMap::new()),
                next_session: AtomicU64::new(1),
                changes: broadcast::channel(64).0,
                secrets,
            }),
        }
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    pub fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    pub fn engine(&self) -> &Arc<Engine> {
        &self.inner.engine
    }

    /// Catalog changes (a server's `list_changed`, a first live listing).
    pub fn changes(&self) -> broadcast::Receiver<ListChange> {
        self.inner.changes.subscribe()
    }

    /// Number of open sessions.
    pub fn session_count(&self) -> usize {
        lock(&self.inner.sessions).len()
    }

    /// Learns what every configured server offers: from its manifest when an
    /// earlier run cached one, else by connecting once. Servers that cannot
    /// be reached are logged and stay unknown (calls will try again).
    /// Returns the name collisions found, which the caller treats as a
    /// configuration error.
    pub async fn index(&self) -> Vec<catalog::Collision> {
        // Every configured server, enabled or not: a session can find the
        // tools of a server it has not enabled yet.
        let servers: Vec<ServerConfig> = self.inner.config.servers.to_vec();
        let probes = servers.into_iter().map(|s| {
            let inner = self.inner.clone();
            async move {
                if let Some(lists) = inner.catalog.load_manifest(&s.name) {
                    tracing::info!(server = %s.name, tools = lists.tools.len(), "catalog from manifest");
                    return inner.catalog.set(&s.name, lists, Known::Manifest);
                }
                let link = Link::Probe;
                match connect(&inner, &s, link, None).await {
                    Ok(conn) => {
                        let lists = fetch_lists(&conn.peer).await;
                        tracing::info!(server = %s.name, tools = lists.tools.len(), "catalog from server");
                        let c = inner.catalog.set(&s.name, lists, Known::Live);
                        conn.close().await;
                        c
                    }
                    Err(e) => {
                        tracing::warn!(server = %s.name, error = %e, "server not reachable at start");
                        inner.catalog.set_unknown(&s.name);
                        Vec::new()
                    }
                }
            }
        });
        futures::future::join_all(probes)
            .await
            .into_iter()
            .flatten()
            .collect()
    }

    /// Opens a session: a fresh vault and no connections yet.
    pub fn open_session(&self) -> Session {
        let key = self.inner.next_session.fetch_add(1, Ordering::Relaxed);
        let vault = Vault::new().unwrap_or_else(|e| {
            // The system RNG failing is not recoverable; refuse loudly.
            panic!("cannot create a session vault: {e}")
        });
        let mut suffix = [0u8; 4];
        let _ = ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut suffix);
        let id = format!(
            "s{key}-{}",
            suffix
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        );
        let inner = Arc::new(SessionInner {
            id,
            key,
            broker: self.inner.clone(),
            vault: Mutex::new(vault),
            slots: Mutex::new(HashMap::new()),
            upstream: Mutex::new(None),
            inflight: Mutex::new(Vec::new()),
            next_call: AtomicU64::new(1),
            subscriptions: Mutex::new(BTreeSet::new()),
            log_level: Mutex::new(None),
            enabled: Mutex::new(
                self.inner
                    .config
                    .servers
                    .iter()
                    .filter(|s| s.enabled)
                    .map(|s| s.name.clone())
                    .collect(),
            ),
        });
        lock(&self.inner.sessions).insert(key, Arc::downgrade(&inner));
        tracing::debug!(session = %inner.id, "session opened");
        Session { inner }
    }

    /// Closes every shared connection (sessions close their own when dropped).
    pub async fn shutdown(&self) {
        let slots: Vec<Arc<Slot>> = lock(&self.inner.shared).drain().map(|(_, s)| s).collect();
        for s in slots {
            s.close().await;
        }
    }
}

// ---- sessions ---------------------------------------------------------------

/// The client that a session serves.
#[derive(Clone)]
pub struct Upstream {
    pub peer: Peer<RoleServer>,
    pub capabilities: ClientCapabilities,
}

/// One MCP session: its vault, its connections, its client.
pub struct Session {
    inner: Arc<SessionInner>,
}

struct SessionInner {
    id: String,
    key: u64,
    broker: Arc<Inner>,
    vault: Mutex<Vault>,
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    upstream: Mutex<Option<Upstream>>,
    inflight: Mutex<Vec<Inflight>>,
    next_call: AtomicU64,
    /// (server, uri as the server knows it)
    subscriptions: Mutex<BTreeSet<(String, String)>>,
    log_level: Mutex<Option<LoggingLevel>>,
    /// The servers this session uses (the config's enabled ones, changed by
    /// `enable_server` / `disable_server`).
    enabled: Mutex<BTreeSet<String>>,
}

/// What the checks of one call found.
#[derive(Default)]
struct Checks {
    tokens: Vec<AuditToken>,
    /// Tokens restored (the per-call limit counts these).
    restored: usize,
    /// Rules that want the user's approval.
    approvals: Vec<String>,
    approver: Option<String>,
}

struct Inflight {
    id: u64,
    server: String,
    /// The downstream JSON-RPC id of the call (as JSON text).
    request: String,
    back: Option<mpsc::Sender<BackRequest>>,
}

impl Drop for SessionInner {
    fn drop(&mut self) {
        lock(&self.broker.sessions).remove(&self.key);
        tracing::debug!(session = %self.id, "session closed");
    }
}

/// Removes an in-flight call from its session when the call ends.
struct InflightGuard<'a> {
    session: &'a SessionInner,
    id: u64,
}

impl Drop for InflightGuard<'_> {
    fn drop(&mut self) {
        lock(&self.session.inflight).retain(|c| c.id != self.id);
    }
}

/// One outbound request through the pipeline.
struct Outbound<'a> {
    server: &'a str,
    method: &'static str,
    /// For policy, provenance and audit: the tool name, or the method.
    tool: String,
    params: Value,
    /// JSON Pointers (into `params`) of what may hold tokens; each is
    /// detokenized with pointers relative to it.
    restore: &'a [&'a str],
    link: &'a CallLink,
}

impl Session {
    pub fn id(&self) -> &str {
        &self.inner.id
    }

    pub fn broker(&self) -> Broker {
        Broker {
            inner: self.inner.broker.clone(),
        }
    }

    /// Ties the session to its client (after `initialize`).
    pub fn set_upstream(&self, upstream: Upstream) {
        *lock(&self.inner.upstream) = Some(upstream);
    }

    pub fn upstream(&self) -> Option<Upstream> {
        lock(&self.inner.upstream).clone()
    }

    /// Number of tokens in the session's vault.
    pub fn token_count(&self) -> usize {
        lock(&self.inner.vault).len()
    }

    /// Tokenizes a JSON value for this session (metadata such as tool
    /// definitions and resource lists; `source` records where it came from).
    /// Binary content (base64 images, audio, blobs) is left as it is.
    pub fn tokenize(&self, v: &mut Value, source: &Source) -> usize {
        self.inner.tokenize(v, Some(source))
    }

    /// Tokenizes one text (messages the gateway writes that quote a server).
    pub fn tokenize_text(&self, text: &str, source: Option<&Source>) -> String {
        self.inner.tokenize_text(text, source)
    }

    /// Tokenizes text the model's side wrote (code mode's output, files it
    /// saves): personal data in it is tokenized, the session's own tokens
    /// are left as they are.
    pub fn tokenize_trusted(&self, text: &str) -> String {
        contained("code output", None, || {
            let engine = self.inner.broker.engine.clone();
            let mut vault = lock(&self.inner.vault);
            let mut out = Redactor::new(&engine, &mut vault, None)
                .trusted()
                .redact_text(text)
                .into_owned();
            drop(vault);
            if let Some(secrets) = &self.inner.broker.secrets {
                shape::scrub_text(&mut out, secrets);
            }
            out
        })
        .unwrap_or_else(|| WITHHELD.into())
    }

    /// As [`Session::tokenize_trusted`], for a JSON value.
    pub fn tokenize_value_trusted(&self, v: &mut Value) {
        let done = contained("code output", None, || {
            let engine = self.inner.broker.engine.clone();
            let mut vault = lock(&self.inner.vault);
            Redactor::new(&engine, &mut vault, None).trusted().redact(v);
            drop(vault);
            if let Some(secrets) = &self.inner.broker.secrets {
                shape::scrub(v, secrets);
            }
        });
        if done.is_none() {
            *v = Value::String(WITHHELD.into());
        }
    }

    /// Restores tokens in `v` for reading only (routing a resource URI to
    /// its server): nothing restored here leaves the process.
    fn peek_restore(&self, text: &str) -> Result<String, BrokerError> {
        let vault = lock(&self.inner.vault);
        redact::restore_text(&vault, text)
            .map(|c| c.into_owned())
            .map_err(|e| BrokerError::Invalid(e.to_string()))
    }

    pub async fn call_tool(
        &self,
        server: &str,
        tool: &str,
        arguments: Option<serde_json::Map<String, Value>>,
        link: &CallLink,
    ) -> Result<CallToolResult, BrokerError> {
        let v = self
            .inner
            .send(Outbound {
                server,
                method: "tools/call",
                tool: tool.to_string(),
                params: named(tool, arguments),
                restore: &["/arguments"],
                link,
            })
            .await?;
        decode(server, tool, v)
    }

    /// The server a (tokenized) resource URI belongs to.
    pub fn resource_server(&self, uri: &str) -> Result<String, BrokerError> {
        let raw = self.peek_restore(uri)?;
        let enabled = lock(&self.inner.enabled).clone();
        route_resource(&self.inner.broker.catalog, &enabled, &raw).ok_or_else(|| {
            BrokerError::UnknownResource {
                what: format!("resource {uri}"),
            }
        })
    }

    pub async fn read_resource(
        &self,
        server: &str,
        uri: &str,
        link: &CallLink,
    ) -> Result<ReadResourceResult, BrokerError> {
        let v = self
            .inner
            .send(Outbound {
                server,
                method: "resources/read",
                tool: "resources/read".into(),
                params: json!({ "uri": uri }),
                restore: &["/uri"],
                link,
            })
            .await?;
        decode(server, "resources/read", v)
    }

    pub async fn get_prompt(
        &self,
        server: &str,
        name: &str,
        arguments: Option<serde_json::Map<String, Value>>,
        link: &CallLink,
    ) -> Result<GetPromptResult, BrokerError> {
        let v = self
            .inner
            .send(Outbound {
                server,
                method: "prompts/get",
                tool: format!("prompts/get:{name}"),
                params: named(name, arguments),
                restore: &["/arguments"],
                link,
            })
            .await?;
        decode(server, "prompts/get", v)
    }

    /// `completion/complete`; `params` as the client sent them, with the
    /// prompt name or resource URI already mapped to the server's own.
    pub async fn complete(
        &self,
        server: &str,
        params: Value,
        link: &CallLink,
    ) -> Result<CompleteResult, BrokerError> {
        let v = self
            .inner
            .send(Outbound {
                server,
                method: "completion/complete",
                tool: "completion/complete".into(),
                params,
                restore: &["/argument/value", "/context/arguments", "/ref/uri"],
                link,
            })
            .await?;
        decode(server, "completion/complete", v)
    }

    pub async fn subscribe(
        &self,
        server: &str,
        uri: &str,
        link: &CallLink,
    ) -> Result<(), BrokerError> {
        let raw = self.peek_restore(uri)?;
        self.inner
            .send(Outbound {
                server,
                method: "resources/subscribe",
                tool: "resources/subscribe".into(),
                params: json!({ "uri": uri }),
                restore: &["/uri"],
                link,
            })
            .await?;
        lock(&self.inner.subscriptions).insert((server.to_string(), raw));
        Ok(())
    }

    pub async fn unsubscribe(
        &self,
        server: &str,
        uri: &str,
        link: &CallLink,
    ) -> Result<(), BrokerError> {
        let raw = self.peek_restore(uri)?;
        lock(&self.inner.subscriptions).remove(&(server.to_string(), raw));
        self.inner
            .send(Outbound {
                server,
                method: "resources/unsubscribe",
                tool: "resources/unsubscribe".into(),
                params: json!({ "uri": uri }),
                restore: &["/uri"],
                link,
            })
            .await?;
        Ok(())
    }

    /// `logging/setLevel`: remembered for the session (log messages below it
    /// are not forwarded) and passed to its live isolated connections.
    pub async fn set_level(&self, level: LoggingLevel) {
        *lock(&self.inner.log_level) = Some(level);
        for conn in self.inner.live_conns() {
            conn.set_level(level).await;
        }
    }

    /// The client's roots changed: tell every server of this session.
    pub async fn roots_list_changed(&self) {
        for conn in self.inner.live_conns() {
            let n: Result<rmcp::model::ClientNotification, _> =
                serde_json::from_value(json!({"method": "notifications/roots/list_changed"}));
            if let Ok(n) = n {
                let _ = conn.peer.send_notification(n).await;
            }
        }
    }

    /// Does this session use `server`?
    pub fn is_enabled(&self, server: &str) -> bool {
        self.inner.is_enabled(server)
    }

    /// The servers this session uses, in config order.
    pub fn enabled_servers(&self) -> Vec<String> {
        let on = lock(&self.inner.enabled).clone();
        self.inner
            .broker
            .config
            .servers
            .iter()
            .filter(|s| on.contains(&s.name))
            .map(|s| s.name.clone())
            .collect()
    }

    /// Starts using a server: connects it (learning its tools if the
    /// catalog does not know them yet). Returns whether anything changed.
    pub async fn enable(&self, server: &str) -> Result<bool, BrokerError> {
        let broker = self.inner.broker.clone();
        let Some(cfg) = broker.config.server(server) else {
            return Err(BrokerError::UnknownServer {
                name: server.to_string(),
                hint: error::hint(
                    server,
                    broker.config.servers.iter().map(|s| s.name.as_str()),
                ),
            });
        };
        if self.is_enabled(server) {
            return Ok(false);
        }
        let slot = self.inner.slot(cfg);
        let conn = slot.get(&broker, cfg, self.inner.upstream_caps()).await;
        let to = Destination {
            server: server.to_string(),
            tool: "connect".into(),
        };
        let conn = conn.map_err(|e| self.inner.tokenize_error(e, &to))?;
        if broker
            .catalog
            .entry(server)
            .is_none_or(|e| e.known != Known::Live)
        {
            let lists = fetch_lists(&conn.peer).await;
            for c in broker.catalog.set(server, lists, Known::Live) {
                tracing::warn!(%c, "name collision");
            }
        }
        lock(&self.inner.enabled).insert(server.to_string());
        Ok(true)
    }

    /// Stops using a server: its calls fail, and this session's connection
    /// to it is closed. Returns whether anything changed.
    pub async fn disable(&self, server: &str) -> Result<bool, BrokerError> {
        let broker = self.inner.broker.clone();
        if broker.config.server(server).is_none() {
            return Err(BrokerError::UnknownServer {
                name: server.to_string(),
                hint: error::hint(
                    server,
                    broker.config.servers.iter().map(|s| s.name.as_str()),
                ),
            });
        }
        if !lock(&self.inner.enabled).remove(server) {
            return Ok(false);
        }
        let slot = lock(&self.inner.slots).remove(server);
        if let Some(slot) = slot {
            slot.close().await;
        }
        Ok(true)
    }

    /// Closes the session's connections now (they also close when the
    /// session is dropped).
    pub async fn close(&self) {
        let slots: Vec<Arc<Slot>> = lock(&self.inner.slots).drain().map(|(_, s)| s).collect();
        for s in slots {
            s.close().await;
        }
    }
}

/// `{"name": ..., "arguments": ...}`, the params of a tool call or a prompt.
fn named(name: &str, arguments: Option<serde_json::Map<String, Value>>) -> Value {
    let mut params = json!({ "name": name });
    if let Some(a) = arguments {
        params["arguments"] = Value::Object(a);
    }
    params
}

fn decode<T: serde::de::DeserializeOwned>(
    server: &str,
    what: &str,
    v: Value,
) -> Result<T, BrokerError> {
    serde_json::from_value(v).map_err(|e| {
        BrokerError::Internal(format!(
            "{server}/{what}: the result does not match the MCP schema ({})",
            e.classify_name()
        ))
    })
}

trait ClassifyName {
    fn classify_name(&self) -> &'static str;
}

impl ClassifyName for serde_json::Error {
    fn classify_name(&self) -> &'static str {
        match self.classify() {
            serde_json::error::Category::Io => "i/o",
            serde_json::error::Category::Syntax => "syntax",
            serde_json::error::Category::Data => "unexpected shape",
            serde_json::error::Category::Eof => "truncated",
        }
    }
}

/// What a value or text becomes when tokenizing it failed: nothing of the
/// content is passed on, and the session goes on.
pub const WITHHELD: &str = "[withheld: Sluice could not tokenize this content]";

/// Runs one tokenization, containing a panic in it. A scanner's panic must
/// neither pass on content that was only partly tokenized nor end the
/// session's task (and with it every other call of the session): the caller
/// withholds the content instead. The panic hook (`main.rs`) prints where
/// the panic happened, never its message, which can quote the content.
fn contained<T>(what: &str, source: Option<&Source>, f: impl FnOnce() -> T) -> Option<T> {
    #[cfg(test)]
    let f = {
        let fail = tests::FAIL_NEXT.with(|c| c.replace(false));
        move || {
            if fail {
                panic!("injected tokenizer failure");
            }
            f()
        }
    };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(t) => Some(t),
        Err(_) => {
            tracing::error!(
                server = source.map_or("", |s| s.server.as_str()),
                what = source.map_or(what, |s| s.tool.as_str()),
                "the tokenizer failed (a panic); the content was withheld"
            );
            None
        }
    }
}

impl SessionInner {
    /// Tokenizes `v` in place and returns the number of tokens written. If
    /// tokenizing fails, `v` becomes [`WITHHELD`] and the count is 0.
    fn tokenize(&self, v: &mut Value, source: Option<&Source>) -> usize {
        self.tokenize_checked(v, source).unwrap_or(0)
    }

    /// As [`SessionInner::tokenize`], telling a withheld value apart.
    fn tokenize_checked(&self, v: &mut Value, source: Option<&Source>) -> Result<usize, Withheld> {
        match contained("value", source, || self.tokenize_unguarded(v, source)) {
            Some(n) => Ok(n),
            None => {
                *v = Value::String(WITHHELD.into());
                Err(Withheld)
            }
        }
    }

    fn tokenize_unguarded(&self, v: &mut Value, source: Option<&Source>) -> usize {
        let engine = self.broker.engine.clone();
        let blobs = shape::take_blobs(v);
        // A tool result often holds its structured content twice: as
        // `structuredContent` and as JSON in a text block. Tokenize it once
        // and write the text from the tokenized value (same tokens, half
        // the work).
        let copies = shape::take_structured_copies(v);
        let mut vault = lock(&self.vault);
        let mut n = 0;
        let mut structured = None;
        if let Some((mut sc, texts)) = copies {
            // Tokenized on its own first (its names are learned first, as
            // the walker would), then kept out of the second pass, which
            // would escape its tokens as planted text.
            let mut r = Redactor::new(&engine, &mut vault, source);
            r.redact(&mut sc);
            let s = &r.stats;
            n += s.email + s.phone + s.name + s.custom;
            structured = Some((sc, texts));
        }
        let mut r = Redactor::new(&engine, &mut vault, source);
        r.redact(v);
        let s = &r.stats;
        n += s.email + s.phone + s.name + s.custom;
        drop(vault);
        if let Some((sc, texts)) = structured {
            shape::put_structured_copies(v, sc, texts);
        }
        if let Some(secrets) = &self.broker.secrets {
            shape::scrub(v, secrets);
        }
        shape::put_blobs(v, blobs);
        n
    }

    fn tokenize_text(&self, text: &str, source: Option<&Source>) -> String {
        contained("text", source, || {
            let engine = self.broker.engine.clone();
            let mut vault = lock(&self.vault);
            let mut r = Redactor::new(&engine, &mut vault, source);
            let mut out = r.redact_text(text).into_owned();
            if let Some(secrets) = &self.broker.secrets {
                shape::scrub_text(&mut out, secrets);
            }
            out
        })
        .unwrap_or_else(|| WITHHELD.into())
    }

    fn slot(self: &Arc<Self>, server: &ServerConfig) -> Arc<Slot> {
        match server.sessions {
            SessionScope::Isolated => lock(&self.slots)
                .entry(server.name.clone())
                .or_insert_with(|| {
                    Arc::new(Slot::new(&server.name, Link::Session(Arc::downgrade(self))))
                })
                .clone(),
            SessionScope::Shared => lock(&self.broker.shared)
                .entry(server.name.clone())
                .or_insert_with(|| {
                    Arc::new(Slot::new(
                        &server.name,
                        Link::Shared(Arc::downgrade(&self.broker)),
                    ))
                })
                .clone(),
        }
    }

    fn live_conns(&self) -> Vec<Arc<Conn>> {
        let slots: Vec<Arc<Slot>> = lock(&self.slots).values().cloned().collect();
        slots.iter().filter_map(|s| s.current()).collect()
    }

    fn upstream_caps(&self) -> Option<ClientCapabilities> {
        lock(&self.upstream)
            .as_ref()
            .map(|u| u.capabilities.clone())
    }

    /// Detokenizes `v` for `to` under the policy; records every token met
    /// (and the rules that want the user's approval).
    fn restore(
        &self,
        to: &Destination,
        v: &mut Value,
        base: &str,
        checks: &mut Checks,
    ) -> Result<(), BrokerError> {
        let vault = lock(&self.vault);
        let policy = self.broker.hooks.policy.clone();
        let seen = vault.seen_sources().clone();
        let view = SessionView {
            id: &self.id,
            seen: &seen,
        };
        let vault_ref: &Vault = &vault;
        let result = redact::restore_with(vault_ref, v, &mut |pointer, t| {
            let Some(entry) = vault_ref.entry(&t.id) else {
                return Verdict::Deny("unknown token".into());
            };
            let pointer = format!("{base}{pointer}");
            let use_ = TokenUse {
                token: t,
                class: &t.id.class,
                sources: &entry.sources,
                pointer: &pointer,
            };
            let d = policy.authorize_restore(&view, to, &use_);
            checks.tokens.push(AuditToken {
                token: t.label(),
                class: t.id.class.rule_name(),
                sources: entry.sources.iter().map(ToString::to_string).collect(),
                pointer: pointer.clone(),
                decision: d.name().to_string(),
                rules: d.rules.clone(),
            });
            match d.effect {
                Effect::Allow => {
                    checks.restored += 1;
                    Verdict::Restore
                }
                Effect::RequireApproval => {
                    checks.restored += 1;
                    checks.approvals.extend(d.rules.iter().cloned());
                    Verdict::Restore
                }
                Effect::Redact => Verdict::Keep,
                Effect::Deny => Verdict::Deny(if d.rules.is_empty() {
                    d.reason
                } else {
                    format!("denied by rule {}", d.rules.join(", "))
                }),
            }
        });
        result.map_err(|e| {
            let denied = matches!(e, redact::RestoreError::Denied { .. });
            let message = match &e {
                redact::RestoreError::Token { pointer, source } => {
                    format!("argument {base}{pointer}: {source}")
                }
                redact::RestoreError::Denied {
                    pointer,
                    token,
                    reason,
                } => format!(
                    "argument {base}{pointer}: token {token} may not be sent to {}/{}: {reason}",
                    to.server, to.tool
                ),
            };
            BrokerError::Restore {
                server: to.server.clone(),
                tool: to.tool.clone(),
                message,
                denied,
            }
        })
    }

    fn audit(
        &self,
        out: &Outbound,
        decision: &Decision,
        checks: Checks,
        minted: usize,
        outcome: &str,
        started: Instant,
    ) {
        let n = self.next_call.fetch_add(1, Ordering::Relaxed);
        self.broker.hooks.audit.record(&AuditRecord {
            session: self.id.clone(),
            call: format!("{}/{n}", self.id),
            ruleset: self.broker.hooks.policy.ruleset_hash().to_string(),
            server: out.server.to_string(),
            tool: out.tool.clone(),
            method: out.method.to_string(),
            decision: decision.name().to_string(),
            rules: decision.rules.clone(),
            reason: decision.reason.clone(),
            tokens: checks.tokens,
            approver: checks.approver,
            minted,
            outcome: outcome.to_string(),
            millis: started.elapsed().as_millis() as u64,
        });
    }

    /// The pipeline: authorize, detokenize, call, tokenize, audit.
    async fn send(self: &Arc<Self>, mut out: Outbound<'_>) -> Result<Value, BrokerError> {
        let started = Instant::now();
        let broker = self.broker.clone();
        let server =
            broker
                .config
                .server(out.server)
                .ok_or_else(|| BrokerError::UnknownServer {
                    name: out.server.to_string(),
                    hint: error::hint(
                        out.server,
                        broker.config.servers.iter().map(|s| s.name.as_str()),
                    ),
                })?;
        if !self.is_enabled(&server.name) {
            return Err(BrokerError::Disabled {
                server: server.name.clone(),
            });
        }
        let to = Destination {
            server: server.name.clone(),
            tool: out.tool.clone(),
        };

        // 1 authorize the call (on the arguments as the client sent them)
        let arguments = out
            .params
            .get("arguments")
            .cloned()
            .unwrap_or_else(|| out.params.clone());
        let decision = {
            let vault = lock(&self.vault);
            let view = SessionView {
                id: &self.id,
                seen: vault.seen_sources(),
            };
            broker.hooks.policy.authorize_call(&view, &to, &arguments)
        };
        let mut checks = Checks::default();
        match decision.effect {
            Effect::Allow => {}
            Effect::RequireApproval => checks.approvals.extend(decision.rules.iter().cloned()),
            // A call is not a token: a `redact` that reaches it (a content
            // rule) cannot be carried out, so it fails closed.
            Effect::Deny | Effect::Redact => {
                let e = BrokerError::CallDenied {
                    server: to.server.clone(),
                    tool: to.tool.clone(),
                    rules: decision.rules.clone(),
                    reason: decision.reason.clone(),
                };
                self.audit(&out, &decision, checks, 0, e.kind(), started);
                return Err(e);
            }
        }

        // 2 detokenize, token by token, as the rules decide
        for ptr in out.restore {
            if let Some(part) = out.params.pointer_mut(ptr)
                && let Err(e) = self.restore(&to, part, "", &mut checks)
            {
                self.audit(&out, &decision, checks, 0, e.kind(), started);
                return Err(e);
            }
        }
        let limit = broker.hooks.policy.max_tokens_per_call();
        if checks.restored > limit {
            let e = BrokerError::TooManyTokens {
                server: to.server.clone(),
                tool: to.tool.clone(),
                count: checks.restored,
                limit,
            };
            self.audit(&out, &decision, checks, 0, e.kind(), started);
            return Err(e);
        }
        if !checks.approvals.is_empty() {
            checks.approvals.sort();
            checks.approvals.dedup();
            match self
                .ask_approval(&to, &arguments, &checks.approvals, out.link)
                .await
            {
                Ok(who) => checks.approver = Some(who),
                Err(e) => {
                    self.audit(&out, &decision, checks, 0, e.kind(), started);
                    return Err(e);
                }
            }
        }

        // 3 call
        let result = self.exchange(server, &mut out).await;
        let mut value = match result {
            Ok(v) => v,
            Err(e) => {
                let e = self.tokenize_error(e, &to);
                self.audit(&out, &decision, checks, 0, e.kind(), started);
                return Err(e);
            }
        };

        // 4 tokenize
        let source = Source::new(to.server.clone(), to.tool.clone());
        let minted = match self.tokenize_checked(&mut value, Some(&source)) {
            Ok(n) => n,
            Err(Withheld) => {
                let e = BrokerError::Withheld {
                    server: to.server.clone(),
                    tool: to.tool.clone(),
                };
                self.audit(&out, &decision, checks, 0, e.kind(), started);
                return Err(e);
            }
        };

        // 5 audit
        let outcome = if value.get("isError").and_then(Value::as_bool) == Some(true) {
            "tool_error"
        } else {
            "ok"
        };
        self.audit(&out, &decision, checks, minted, outcome, started);
        Ok(value)
    }

    /// Asks the user to approve one call, through MCP elicitation, from the
    /// task serving the call. The approval covers exactly this call: the
    /// arguments shown (as the model wrote them, tokens and all) are the
    /// ones that will be sent, restored.
    async fn ask_approval(
        &self,
        to: &Destination,
        arguments: &Value,
        rules: &[String],
        link: &CallLink,
    ) -> Result<String, BrokerError> {
        let denied = |reason: String| BrokerError::ApprovalDenied {
            server: to.server.clone(),
            tool: to.tool.clone(),
            rules: rules.to_vec(),
            reason,
        };
        let can_ask = self
            .upstream_caps()
            .is_some_and(|c| c.elicitation.is_some());
        if !can_ask {
            return Err(denied(
                "the client connected to Sluice cannot ask the user (it does not support elicitation), so the call is denied".into(),
            ));
        }
        let shown = serde_json::to_string_pretty(arguments).unwrap_or_default();
        let digest = ring::digest::digest(
            &ring::digest::SHA256,
            format!("{}/{}\n{}", to.server, to.tool, shown).as_bytes(),
        );
        let id: String = digest.as_ref()[..6]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let message = format!(
            "Sluice: rule {} asks you to approve this call.\n\nCall: {}/{}\nArguments (tokens such as [EMAIL_1] stand for personal data; the server gets the real values):\n{shown}\n\nApproval {id} covers this call only.",
            rules.join(", "),
            to.server,
            to.tool
        );
        let request: ServerRequest = serde_json::from_value(json!({
            "method": "elicitation/create",
            "params": {
                "message": message,
                "requestedSchema": {
                    "type": "object",
                    "properties": {"approve": {"type": "boolean", "title": "Approve this call", "default": false}},
                    "required": ["approve"],
                },
            },
        }))
        .map_err(|_| denied("the approval request could not be built".into()))?;
        let answer = match &link.back {
            Some(tx) => {
                let (reply, rx) = oneshot::channel();
                if tx.send(BackRequest { request, reply }).await.is_err() {
                    return Err(denied("the call ended before the user answered".into()));
                }
                rx.await
                    .map_err(|_| denied("the user did not answer".into()))?
            }
            None => {
                let Some(up) = lock(&self.upstream).clone() else {
                    return Err(denied("there is no client to ask".into()));
                };
                up.peer.send_request(request).await.map_err(|e| match e {
                    ServiceError::McpError(e) => e,
                    other => {
                        ErrorData::internal_error(service_error_kind(&other).to_string(), None)
                    }
                })
            }
        };
        match answer {
            Ok(ClientResult::ElicitResult(r)) => {
                let v = serde_json::to_value(&r).unwrap_or_default();
                if v["action"] == "accept" && v["content"]["approve"] == json!(true) {
                    Ok(format!("user (elicitation, approval {id})"))
                } else {
                    Err(denied(format!(
                        "the user did not approve it (approval {id})"
                    )))
                }
            }
            Ok(_) => Err(denied("the client's answer was not an approval".into())),
            Err(e) => Err(denied(format!(
                "the client could not ask the user: {}",
                e.message
            ))),
        }
    }

    /// Text from a server inside an error is tokenized like a result.
    fn tokenize_error(&self, e: BrokerError, to: &Destination) -> BrokerError {
        let source = Source::new(to.server.clone(), to.tool.clone());
        match e {
            BrokerError::Downstream {
                server,
                tool,
                code,
                message,
                data,
            } => BrokerError::Downstream {
                server,
                tool,
                code,
                message: self.tokenize_text(&message, Some(&source)),
                data: data.map(|mut d| {
                    self.tokenize(&mut d, Some(&source));
                    d
                }),
            },
            BrokerError::Connect { server, reason } => BrokerError::Connect {
                server,
                reason: self.tokenize_text(&reason, Some(&source)),
            },
            BrokerError::Backoff {
                server,
                failures,
                retry_in,
                last,
            } => BrokerError::Backoff {
                server,
                failures,
                retry_in,
                last: self.tokenize_text(&last, Some(&source)),
            },
            other => other,
        }
    }

    /// Sends one request over the session's connection and waits for the
    /// answer, within the timeout, the size cap and the client's cancellation.
    async fn exchange(
        self: &Arc<Self>,
        server: &ServerConfig,
        out: &mut Outbound<'_>,
    ) -> Result<Value, BrokerError> {
        let slot = self.slot(server);
        let conn = slot.get(&self.broker, server, self.upstream_caps()).await?;
        if conn.fresh() {
            self.replay_state(&conn).await;
        }
        if !conn.supports(out.method) {
            return Err(BrokerError::Unsupported {
                server: server.name.clone(),
                what: out.method.to_string(),
            });
        }
        let request: ClientRequest = serde_json::from_value(json!({
            "method": out.method,
            "params": std::mem::take(&mut out.params),
        }))
        .map_err(|e| {
            BrokerError::Invalid(format!(
                "{}: the arguments do not fit the MCP request ({})",
                out.method,
                e.classify_name()
            ))
        })?;
        let timeout = server
            .call_timeout
            .unwrap_or(self.broker.config.gateway.call_timeout);
        let limit = server
            .max_result_bytes
            .unwrap_or(self.broker.config.gateway.max_result_bytes);
        let mut oversize = conn.oversize.subscribe();
        let handle = conn
            .peer
            .send_request_with_option(request, PeerRequestOptions::no_options())
            .await
            .map_err(|_| conn.closed_error(&out.tool))?;
        let request_id = handle.id.clone();
        let call_id = self.next_call.fetch_add(1, Ordering::Relaxed);
        lock(&self.inflight).push(Inflight {
            id: call_id,
            server: server.name.clone(),
            request: id_key(&request_id),
            back: out.link.back.clone(),
        });
        let _inflight = InflightGuard {
            session: self,
            id: call_id,
        };
        let progress = Arc::new(ProgressCounts::default());
        let _route = out.link.progress.clone().map(|up| {
            conn.routes.add(
                handle.progress_token.clone(),
                ProgressRoute {
                    session: Arc::downgrade(self),
                    upstream: up,
                    counts: progress.clone(),
                },
            )
        });
        let response = handle.await_response();
        tokio::pin!(response);
        let deadline = tokio::time::sleep(timeout);
        tokio::pin!(deadline);
        let id_json = serde_json::to_value(&request_id).ok();
        let failure = loop {
            tokio::select! {
                r = &mut response => {
                    // Let the notifications that came before the response
                    // (handled on their own tasks) go out before it.
                    tokio::task::yield_now().await;
                    tokio::task::yield_now().await;
                    if conn.routes.counted_on_read.load(Ordering::Relaxed) {
                        // Over stdio every notification the server wrote
                        // before this response was counted as it was read:
                        // wait until those are sent on (over HTTP the
                        // response closes the stream they would travel on).
                        if progress.read.load(Ordering::Acquire) > 0 {
                            progress.drained(Duration::from_millis(500)).await;
                        }
                    } else if progress.started.load(Ordering::Acquire) > 0 {
                        // Other transports do not say what came before the
                        // response: the last notifications may still wait
                        // for a worker thread on a busy machine. Such calls
                        // are long ones, 10 ms is noise for them. (Clients
                        // such as rmcp's ask for progress on every call;
                        // calls that never report any do not wait.)
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    return match r {
                        Ok(result) => result_value(result),
                        Err(ServiceError::McpError(e)) => Err(BrokerError::Downstream {
                            server: server.name.clone(),
                            tool: out.tool.clone(),
                            code: e.code.0,
                            message: e.message.to_string(),
                            data: e.data.map(Box::new),
                        }),
                        Err(ServiceError::TransportClosed) | Err(ServiceError::TransportSend(_)) => {
                            conn.wait_exit().await;
                            Err(conn.closed_error(&out.tool))
                        }
                        Err(e) => Err(BrokerError::Internal(format!(
                            "{}/{}: {}", server.name, out.tool, service_error_kind(&e)
                        ))),
                    };
                }
                _ = &mut deadline => break BrokerError::Timeout {
                    server: server.name.clone(),
                    tool: out.tool.clone(),
                    timeout,
                },
                _ = out.link.ct.cancelled() => break BrokerError::Cancelled,
                o = oversize.recv() => match o {
                    Ok(Oversize { id, size }) if id.is_none() || id == id_json => break BrokerError::TooLarge {
                        server: server.name.clone(),
                        tool: out.tool.clone(),
                        size: Some(size),
                        limit,
                    },
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => {
                        oversize = conn.oversize.subscribe();
                        continue;
                    }
                },
            }
        };
        // Tell the server the answer is no longer wanted.
        let reason = match &failure {
            BrokerError::Timeout { .. } => "timeout",
            BrokerError::Cancelled => "cancelled by the client",
            _ => "result too large",
        };
        if let Ok(n) = serde_json::from_value::<rmcp::model::ClientNotification>(json!({
            "method": "notifications/cancelled",
            "params": {"requestId": request_id, "reason": reason},
        })) {
            let _ = conn.peer.send_notification(n).await;
        }
        Err(failure)
    }

    /// A new connection gets the session's log level and subscriptions.
    async fn replay_state(&self, conn: &Conn) {
        let level = *lock(&self.log_level);
        if let Some(l) = level {
            conn.set_level(l).await;
        }
        let subs: Vec<String> = lock(&self.subscriptions)
            .iter()
            .filter(|(s, _)| *s == *conn.server)
            .map(|(_, u)| u.clone())
            .collect();
        for uri in subs {
            if let Ok(r) = serde_json::from_value::<ClientRequest>(
                json!({"method": "resources/subscribe", "params": {"uri": uri}}),
            ) {
                let _ = conn.peer.send_request(r).await;
            }
        }
    }

    // ---- what servers send back -------------------------------------------

    /// A request from a server (sampling, elicitation, roots) during this
    /// session: tokenized toward the client, answer detokenized toward the server.
    async fn server_request(
        self: Arc<Self>,
        server: String,
        call: Option<String>,
        request: ServerRequest,
    ) -> Result<ClientResult, ErrorData> {
        let started = Instant::now();
        let mut v = serde_json::to_value(&request)
            .map_err(|_| ErrorData::internal_error("cannot encode the request", None))?;
        let method = v["method"].as_str().unwrap_or("").to_string();
        let caps = self.upstream_caps();
        let supported = caps.as_ref().is_some_and(|c| match method.as_str() {
            "sampling/createMessage" => c.sampling.is_some(),
            "elicitation/create" => c.elicitation.is_some(),
            "roots/list" => c.roots.is_some(),
            _ => false,
        });
        if !supported {
            return Err(ErrorData::new(
                rmcp::model::ErrorCode::METHOD_NOT_FOUND,
                format!("the client connected to Sluice does not support {method}"),
                None,
            ));
        }
        let source = Source::new(server.clone(), method.clone());
        let mut minted = 0;
        if let Some(p) = v.get_mut("params") {
            minted = self.tokenize(p, Some(&source));
        }
        let request: ServerRequest = serde_json::from_value(v)
            .map_err(|_| ErrorData::internal_error("cannot re-encode the request", None))?;
        // The call in flight on this server, if any, forwards it from its
        // own task; otherwise it goes to the client directly.
        let back = lock(&self.inflight)
            .iter()
            .find(|c| {
                c.server == server
                    && c.back.is_some()
                    && call.as_ref().is_none_or(|k| *k == c.request)
            })
            .and_then(|c| c.back.clone());
        let answer = match back {
            Some(tx) => {
                let (reply, rx) = oneshot::channel();
                if tx.send(BackRequest { request, reply }).await.is_err() {
                    return Err(ErrorData::internal_error("the call ended", None));
                }
                rx.await
                    .map_err(|_| ErrorData::internal_error("the call ended", None))?
            }
            None => {
                let Some(up) = lock(&self.upstream).clone() else {
                    return Err(ErrorData::internal_error("no client", None));
                };
                up.peer.send_request(request).await.map_err(|e| match e {
                    ServiceError::McpError(e) => e,
                    other => {
                        ErrorData::internal_error(service_error_kind(&other).to_string(), None)
                    }
                })
            }
        }?;
        let mut v = serde_json::to_value(&answer)
            .map_err(|_| ErrorData::internal_error("cannot encode the answer", None))?;
        let to = Destination {
            server: server.clone(),
            tool: method.clone(),
        };
        let mut checks = Checks::default();
        let restored = self.restore(&to, &mut v, "", &mut checks);
        let out = Outbound {
            server: &server,
            method: "server_request",
            tool: method.clone(),
            params: Value::Null,
            restore: &[],
            link: &CallLink::default(),
        };
        let outcome = if restored.is_ok() {
            "ok"
        } else {
            "restore_denied"
        };
        let decision = Decision {
            effect: Effect::Allow,
            rules: Vec::new(),
            reason: format!("{method} answered by the client"),
        };
        self.audit(&out, &decision, checks, minted, outcome, started);
        if let Err(e) = restored {
            return Err(ErrorData::invalid_params(e.to_string(), None));
        }
        // The answer's variant is fixed by the request's method.
        let typed = match method.as_str() {
            "sampling/createMessage" => {
                serde_json::from_value(v).map(|r| ClientResult::CreateMessageResult(Box::new(r)))
            }
            "elicitation/create" => serde_json::from_value(v).map(ClientResult::ElicitResult),
            "roots/list" => serde_json::from_value(v).map(ClientResult::ListRootsResult),
            _ => serde_json::from_value(v),
        };
        typed.map_err(|_| ErrorData::internal_error("cannot decode the answer", None))
    }

    async fn send_upstream(&self, notification: Value) {
        let Some(up) = lock(&self.upstream).clone() else {
            return;
        };
        match serde_json::from_value::<ServerNotification>(notification) {
            Ok(n) => {
                let _ = up.peer.send_notification(n).await;
            }
            Err(e) => tracing::debug!(error = e.classify_name(), "notification not forwarded"),
        }
    }

    async fn forward_progress(&self, server: &str, upstream: ProgressToken, mut params: Value) {
        params["progressToken"] = serde_json::to_value(&upstream).unwrap_or(Value::Null);
        if let Some(m) = params.get("message").and_then(Value::as_str) {
            let source = Source::new(server, "notifications/progress");
            params["message"] = Value::String(self.tokenize_text(m, Some(&source)));
        }
        self.send_upstream(json!({"method": "notifications/progress", "params": params}))
            .await;
    }

    async fn forward_log(&self, server: &str, mut params: Value) {
        let level: Option<LoggingLevel> = params
            .get("level")
            .cloned()
            .and_then(|l| serde_json::from_value(l).ok());
        let min = *lock(&self.log_level);
        if let (Some(l), Some(min)) = (level, min)
            && level_rank(l) < level_rank(min)
        {
            return;
        }
        let source = Source::new(server, "notifications/message");
        if let Some(d) = params.get_mut("data") {
            self.tokenize(d, Some(&source));
        }
        // The logger name is rewritten to say which server logged.
        let logger = params
            .get("logger")
            .and_then(Value::as_str)
            .map(|l| self.tokenize_text(l, Some(&source)));
        params["logger"] = Value::String(match logger {
            Some(l) => format!("{server}/{l}"),
            None => server.to_string(),
        });
        self.send_upstream(json!({"method": "notifications/message", "params": params}))
            .await;
    }

    async fn forward_resource_updated(&self, server: &str, uri: &str) {
        if !lock(&self.subscriptions).contains(&(server.to_string(), uri.to_string())) {
            return;
        }
        let source = Source::new(server, "notifications/resources/updated");
        let uri = self.tokenize_text(uri, Some(&source));
        self.send_upstream(
            json!({"method": "notifications/resources/updated", "params": {"uri": uri}}),
        )
        .await;
    }

    fn is_enabled(&self, server: &str) -> bool {
        lock(&self.enabled).contains(server)
    }

    fn has_call(&self, server: &str, request: &str) -> bool {
        lock(&self.inflight)
            .iter()
            .any(|c| c.server == server && c.request == request)
    }
}

fn level_rank(l: LoggingLevel) -> u8 {
    match serde_json::to_value(l)
        .ok()
        .as_ref()
        .and_then(Value::as_str)
    {
        Some("debug") => 0,
        Some("info") => 1,
        Some("notice") => 2,
        Some("warning") => 3,
        Some("error") => 4,
        Some("critical") => 5,
        Some("alert") => 6,
        Some("emergency") => 7,
        _ => 0,
    }
}

fn result_value(r: ServerResult) -> Result<Value, BrokerError> {
    if let ServerResult::CustomResult(c) = r {
        return Ok(c.0);
    }
    serde_json::to_value(&r).map_err(|_| BrokerError::Internal("cannot encode a result".into()))
}

fn service_error_kind(e: &ServiceError) -> &'static str {
    match e {
        ServiceError::McpError(_) => "error from the server",
        ServiceError::TransportClosed => "connection closed",
        ServiceError::Timeout { .. } => "timeout",
        ServiceError::UnexpectedResponse => "unexpected response",
        _ => "transport error",
    }
}

/// The server a raw resource URI belongs to: one that lists it, else one
/// whose template matches it, else the only server with resources of its
/// scheme.
fn route_resource(catalog: &Catalog, on: &BTreeSet<String>, uri: &str) -> Option<String> {
    let entries = catalog.entries();
    let enabled = |name: &str| on.contains(name);
    for (name, e) in &entries {
        if enabled(name) && e.lists.resources.iter().any(|r| r.uri == uri) {
            return Some(name.clone());
        }
    }
    for (name, e) in &entries {
        if enabled(name)
            && e.lists
                .templates
                .iter()
                .any(|t| shape::template_matches(&t.uri_template, uri))
        {
            return Some(name.clone());
        }
    }
    let scheme = uri.split_once(':').map(|(s, _)| s)?;
    let owners: Vec<&String> = entries
        .iter()
        .filter(|(name, e)| {
            enabled(name)
                && (e
                    .lists
                    .resources
                    .iter()
                    .any(|r| r.uri.starts_with(&format!("{scheme}:")))
                    || e.lists
                        .templates
                        .iter()
                        .any(|t| t.uri_template.starts_with(&format!("{scheme}:"))))
        })
        .map(|(n, _)| n)
        .collect();
    match owners.as_slice() {
        [one] => Some((*one).clone()),
        _ => None,
    }
}

// ---- connections --------------------------------------------------------------

/// Who a connection serves.
#[derive(Clone)]
enum Link {
    Session(Weak<SessionInner>),
    Shared(Weak<Inner>),
    /// The start-up listing: no session to send anything to.
    Probe,
}

impl Link {
    /// The session a message of this connection belongs to, when that is
    /// certain: an isolated connection's own session. A shared server's log
    /// messages belong to no one we can name, so they are not forwarded.
    fn own_session(&self) -> Option<Arc<SessionInner>> {
        match self {
            Link::Session(w) => w.upgrade(),
            Link::Shared(_) | Link::Probe => None,
        }
    }

    /// The session (and its call) a request from the server belongs to: for
    /// a shared connection, only when the transport tied the request to one
    /// of our calls (streamable HTTP does; stdio cannot), so that a request
    /// caused by one session never reaches another.
    fn session_for_request(
        &self,
        server: &str,
        origin: Option<&rmcp::service::InboundStreamOrigin>,
    ) -> Option<(Arc<SessionInner>, Option<String>)> {
        match self {
            Link::Session(w) => w.upgrade().map(|s| (s, None)),
            Link::Shared(b) => {
                let rmcp::service::InboundStreamOrigin::OutboundRequest(id) = origin? else {
                    return None;
                };
                let key = id_key(id);
                let b = b.upgrade()?;
                let sessions: Vec<Arc<SessionInner>> = lock(&b.sessions)
                    .values()
                    .filter_map(Weak::upgrade)
                    .collect();
                sessions
                    .into_iter()
                    .find(|s| s.has_call(server, &key))
                    .map(|s| (s, Some(key)))
            }
            Link::Probe => None,
        }
    }

    fn sessions(&self) -> Vec<Arc<SessionInner>> {
        match self {
            Link::Session(w) => w.upgrade().into_iter().collect(),
            Link::Shared(b) => b
                .upgrade()
                .map(|b| {
                    lock(&b.sessions)
                        .values()
                        .filter_map(Weak::upgrade)
                        .collect()
                })
                .unwrap_or_default(),
            Link::Probe => Vec::new(),
        }
    }

    fn broker(&self) -> Option<Arc<Inner>> {
        match self {
            Link::Session(w) => w.upgrade().map(|s| s.broker.clone()),
            Link::Shared(b) => b.upgrade(),
            Link::Probe => None,
        }
    }
}

struct ProgressRoute {
    session: Weak<SessionInner>,
    upstream: ProgressToken,
    counts: Arc<ProgressCounts>,
}

/// Progress notifications of one call in flight.
#[derive(Default)]
struct ProgressCounts {
    /// Read from the server's stdout (stdio connections only).
    read: AtomicUsize,
    /// Handed to the notification handler.
    started: AtomicUsize,
    /// Sent on to the client (or dropped for good).
    forwarded: AtomicUsize,
    changed: tokio::sync::Notify,
}

impl ProgressCounts {
    /// Waits, at most `limit`, until every notification read before the
    /// response has been sent on, so the client gets them in the order
    /// the server sent them.
    async fn drained(&self, limit: Duration) {
        let wait = async {
            loop {
                let changed = self.changed.notified();
                tokio::pin!(changed);
                changed.as_mut().enable();
                if self.forwarded.load(Ordering::Acquire) >= self.read.load(Ordering::Acquire) {
                    return;
                }
                changed.await;
            }
        };
        let _ = tokio::time::timeout(limit, wait).await;
    }
}

/// Progress tokens of a connection's calls in flight, and whom they belong to.
#[derive(Default)]
struct Routes {
    map: Mutex<HashMap<String, ProgressRoute>>,
    /// The transport counts progress notifications as it reads them, in
    /// order with the responses (`ProgressCounts::read`).
    counted_on_read: AtomicBool,
}

struct RouteGuard {
    routes: Arc<Routes>,
    key: String,
}

impl Drop for RouteGuard {
    fn drop(&mut self) {
        // rmcp hands notifications to their handler on tasks of their own,
        // so the last progress notifications of a call may be handled just
        // after its response: keep the route a moment for them.
        let routes = self.routes.clone();
        let key = std::mem::take(&mut self.key);
        match tokio::runtime::Handle::try_current() {
            Ok(h) => {
                h.spawn(async move {
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    lock(&routes.map).remove(&key);
                });
            }
            Err(_) => {
                lock(&routes.map).remove(&key);
            }
        }
    }
}

fn token_key(t: &ProgressToken) -> String {
    serde_json::to_string(t).unwrap_or_default()
}

impl Routes {
    fn add(self: &Arc<Self>, token: ProgressToken, route: ProgressRoute) -> RouteGuard {
        let key = token_key(&token);
        lock(&self.map).insert(key.clone(), route);
        RouteGuard {
            routes: self.clone(),
            key,
        }
    }

    /// A progress notification for `token` (its JSON) was read.
    fn note_read(&self, token: &Value) {
        let key = serde_json::to_string(token).unwrap_or_default();
        if let Some(r) = lock(&self.map).get(&key) {
            r.counts.read.fetch_add(1, Ordering::AcqRel);
        }
    }

    fn get(
        &self,
        token: &ProgressToken,
    ) -> Option<(Weak<SessionInner>, ProgressToken, Arc<ProgressCounts>)> {
        let map = lock(&self.map);
        let r = map.get(&token_key(token))?;
        r.counts.started.fetch_add(1, Ordering::AcqRel);
        Some((r.session.clone(), r.upstream.clone(), r.counts.clone()))
    }
}

/// The client side of one connection to a downstream server.
#[derive(Clone)]
struct DownstreamHandler {
    server: Arc<str>,
    link: Link,
    routes: Arc<Routes>,
    info: ClientConfig,
}

impl DownstreamHandler {
    fn request(
        &self,
        request: ServerRequest,
        ctx: &rmcp::service::RequestContext<RoleClient>,
    ) -> BoxFuture<'static, Result<ClientResult, ErrorData>> {
        let server = self.server.to_string();
        let target = self.link.session_for_request(
            &server,
            ctx.extensions.get::<rmcp::service::InboundStreamOrigin>(),
        );
        Box::pin(async move {
            match target {
                Some((s, call)) => s.server_request(server, call, request).await,
                None => Err(ErrorData::invalid_request(
                    "Sluice cannot tell which session this request belongs to (the server is shared by all sessions and its transport does not tie requests to calls); set `sessions = \"isolated\"` for servers that sample, elicit or ask for roots",
                    None,
                )),
            }
        })
    }
}

#[allow(deprecated)]
impl ClientHandler for DownstreamHandler {
    fn get_info(&self) -> ClientConfig {
        self.info.clone()
    }

    async fn create_message(
        &self,
        params: rmcp::model::CreateMessageRequestParams,
        ctx: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::CreateMessageResult, ErrorData> {
        let request =
            ServerRequest::CreateMessageRequest(rmcp::model::CreateMessageRequest::new(params));
        match self.request(request, &ctx).await? {
            ClientResult::CreateMessageResult(r) => Ok(*r),
            _ => Err(ErrorData::internal_error("unexpected answer", None)),
        }
    }

    async fn create_elicitation(
        &self,
        params: rmcp::model::ElicitRequestParams,
        ctx: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, ErrorData> {
        let request = ServerRequest::ElicitRequest(rmcp::model::ElicitRequest::new(params));
        match self.request(request, &ctx).await? {
            ClientResult::ElicitResult(r) => Ok(r),
            _ => Err(ErrorData::internal_error("unexpected answer", None)),
        }
    }

    async fn list_roots(
        &self,
        ctx: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ListRootsResult, ErrorData> {
        let request: ServerRequest = serde_json::from_value(json!({"method": "roots/list"}))
            .map_err(|_| ErrorData::internal_error("roots/list", None))?;
        match self.request(request, &ctx).await? {
            ClientResult::ListRootsResult(r) => Ok(r),
            _ => Err(ErrorData::internal_error("unexpected answer", None)),
        }
    }

    async fn on_progress(
        &self,
        params: rmcp::model::ProgressNotificationParam,
        _: rmcp::service::NotificationContext<RoleClient>,
    ) {
        let Some((session, upstream, counts)) = self.routes.get(&params.progress_token) else {
            return;
        };
        if let Some(session) = session.upgrade()
            && let Ok(v) = serde_json::to_value(&params)
        {
            session.forward_progress(&self.server, upstream, v).await;
        }
        counts.forwarded.fetch_add(1, Ordering::AcqRel);
        counts.changed.notify_waiters();
    }

    async fn on_logging_message(
        &self,
        params: rmcp::model::LoggingMessageNotificationParam,
        _: rmcp::service::NotificationContext<RoleClient>,
    ) {
        match self.link.own_session() {
            Some(s) => {
                if let Ok(v) = serde_json::to_value(&params) {
                    s.forward_log(&self.server, v).await;
                }
            }
            None => {
                tracing::debug!(server = %self.server, "log message of a shared server not forwarded")
            }
        }
    }

    async fn on_resource_updated(
        &self,
        params: rmcp::model::ResourceUpdatedNotificationParam,
        _: rmcp::service::NotificationContext<RoleClient>,
    ) {
        for s in self.link.sessions() {
            s.forward_resource_updated(&self.server, &params.uri).await;
        }
    }

    async fn on_tool_list_changed(&self, ctx: rmcp::service::NotificationContext<RoleClient>) {
        self.list_changed(ListKind::Tools, ctx.peer).await;
    }

    async fn on_resource_list_changed(&self, ctx: rmcp::service::NotificationContext<RoleClient>) {
        self.list_changed(ListKind::Resources, ctx.peer).await;
    }

    async fn on_prompt_list_changed(&self, ctx: rmcp::service::NotificationContext<RoleClient>) {
        self.list_changed(ListKind::Prompts, ctx.peer).await;
    }
}

impl DownstreamHandler {
    async fn list_changed(&self, kind: ListKind, peer: Peer<RoleClient>) {
        let Some(broker) = self.link.broker() else {
            return;
        };
        // Listing from inside the notification handler would wait on the
        // connection's own message loop: do it on a task.
        let server = self.server.to_string();
        tokio::spawn(async move {
            let lists = fetch_lists(&peer).await;
            let before = broker.catalog.generation();
            for c in broker.catalog.set(&server, lists, Known::Live) {
                tracing::warn!(%c, "name collision after list_changed");
            }
            if broker.catalog.generation() != before {
                let _ = broker.changes.send(ListChange { server, kind });
            }
        });
    }
}

/// Everything a server lists (all pages), per its capabilities.
async fn fetch_lists(peer: &Peer<RoleClient>) -> ServerLists {
    let info = peer.peer_info();
    let caps = info
        .as_ref()
        .map(|i| i.capabilities.clone())
        .unwrap_or_default();
    let mut lists = ServerLists {
        instructions: info.as_ref().and_then(|i| i.instructions.clone()),
        implementation: info
            .as_ref()
            .and_then(|i| i.server_info.as_ref())
            .map(|s| format!("{} {}", s.name, s.version)),
        ..Default::default()
    };
    if caps.tools.is_some() {
        lists.tools = peer.list_all_tools().await.unwrap_or_default();
    }
    if caps.resources.is_some() {
        lists.resources = peer.list_all_resources().await.unwrap_or_default();
        lists.templates = peer.list_all_resource_templates().await.unwrap_or_default();
    }
    if caps.prompts.is_some() {
        lists.prompts = peer.list_all_prompts().await.unwrap_or_default();
    }
    lists
}

/// A live connection.
struct Conn {
    server: Arc<str>,
    peer: Peer<RoleClient>,
    service: tokio::sync::Mutex<Option<RunningService<RoleClient, DownstreamHandler>>>,
    guard: Option<ChildGuard>,
    oversize: broadcast::Sender<Oversize>,
    routes: Arc<Routes>,
    started: Instant,
    replayed: std::sync::atomic::AtomicBool,
}

impl Conn {
    fn alive(&self) -> bool {
        !self.peer.is_transport_closed() && self.guard.as_ref().is_none_or(|g| g.exit().is_none())
    }

    /// True the first time it is asked (the connection is new).
    fn fresh(&self) -> bool {
        !self.replayed.swap(true, Ordering::Relaxed)
    }

    fn supports(&self, method: &str) -> bool {
        let Some(info) = self.peer.peer_info() else {
            return true;
        };
        let c = &info.capabilities;
        match method {
            "tools/call" => c.tools.is_some(),
            "resources/read" => c.resources.is_some(),
            "resources/subscribe" | "resources/unsubscribe" => c
                .resources
                .as_ref()
                .is_some_and(|r| r.subscribe == Some(true)),
            "prompts/get" => c.prompts.is_some(),
            "completion/complete" => c.completions.is_some(),
            _ => true,
        }
    }

    async fn set_level(&self, level: LoggingLevel) {
        if self
            .peer
            .peer_info()
            .is_some_and(|i| i.capabilities.logging.is_some())
            && let Ok(r) = serde_json::from_value::<ClientRequest>(
                json!({"method": "logging/setLevel", "params": {"level": level}}),
            )
        {
            let _ = self.peer.send_request(r).await;
        }
    }

    /// Waits briefly for the process to be reaped, so errors can say how it ended.
    async fn wait_exit(&self) {
        if let Some(g) = &self.guard {
            let mut w = g.exit_watch();
            let _ =
                tokio::time::timeout(Duration::from_millis(500), w.wait_for(Option::is_some)).await;
        }
    }

    fn closed_error(&self, tool: &str) -> BrokerError {
        BrokerError::Closed {
            server: self.server.to_string(),
            tool: tool.to_string(),
            exit: self.guard.as_ref().and_then(ChildGuard::exit),
        }
    }

    async fn close(&self) {
        if let Some(mut s) = self.service.lock().await.take() {
            let _ = s.close_with_timeout(Duration::from_secs(2)).await;
        }
    }
}

/// The downstream client's capabilities: what the session's client can do
/// (isolated connections), or everything (shared ones, routed per call).
fn client_config(upstream: Option<ClientCapabilities>) -> ClientConfig {
    let caps = match upstream {
        Some(c) => {
            let v = serde_json::to_value(&c).unwrap_or_default();
            let mut out = serde_json::Map::new();
            for k in ["sampling", "elicitation", "roots"] {
                if let Some(x) = v.get(k) {
                    out.insert(k.into(), x.clone());
                }
            }
            Value::Object(out)
        }
        None => {
            json!({"sampling": {}, "elicitation": {"form": {}}, "roots": {"listChanged": true}})
        }
    };
    serde_json::from_value(json!({
        "protocolVersion": rmcp::model::ProtocolVersion::LATEST_WITH_INITIALIZE,
        "capabilities": caps,
        "clientInfo": {"name": "sluice", "version": env!("CARGO_PKG_VERSION")},
    }))
    .unwrap_or_default()
}

async fn connect(
    broker: &Arc<Inner>,
    server: &ServerConfig,
    link: Link,
    upstream: Option<ClientCapabilities>,
) -> Result<Conn, BrokerError> {
    let gw = &broker.config.gateway;
    let limit = server.max_result_bytes.unwrap_or(gw.max_result_bytes);
    let timeout = server.connect_timeout.unwrap_or(gw.connect_timeout);
    let oversize = downstream::oversize_channel();
    let routes = Arc::new(Routes::default());
    let handler = DownstreamHandler {
        server: Arc::from(server.name.as_str()),
        link,
        routes: routes.clone(),
        info: client_config(upstream),
    };
    let err = |reason: String| BrokerError::Connect {
        server: server.name.clone(),
        reason,
    };
    let (service, guard) = match &server.transport {
        t @ Transport::Stdio { command, .. } => {
            let counter = routes.clone();
            counter.counted_on_read.store(true, Ordering::Relaxed);
            let hook: downstream::ProgressHook = Arc::new(move |token| counter.note_read(token));
            let (transport, guard) = downstream::spawn_stdio(t, limit, oversize.clone(), hook)
                .map_err(|e| err(format!("`{command}`: {e}")))?;
            let exit = guard.exit_watch();
            match tokio::time::timeout(timeout, handler.serve(transport)).await {
                Ok(Ok(s)) => (s, Some(guard)),
                Ok(Err(e)) => {
                    let mut exit = exit;
                    let _ = tokio::time::timeout(
                        Duration::from_millis(500),
                        exit.wait_for(Option::is_some),
                    )
                    .await;
                    let how = exit.borrow().clone();
                    return Err(err(match how {
                        Some(h) => format!("it exited during initialization ({h})"),
                        None => format!("initialization failed: {e}"),
                    }));
                }
                Err(_) => {
                    return Err(err(format!(
                        "it did not answer `initialize` within {} s",
                        timeout.as_secs_f64()
                    )));
                }
            }
        }
        Transport::Http { url, headers } => {
            let transport =
                downstream::http_transport(url.expose(), headers, limit).map_err(err)?;
            match tokio::time::timeout(timeout, handler.serve(transport)).await {
                Ok(Ok(s)) => (s, None),
                Ok(Err(e)) => return Err(err(format!("initialization failed: {e}"))),
                Err(_) => {
                    return Err(err(format!(
                        "it did not answer `initialize` within {} s",
                        timeout.as_secs_f64()
                    )));
                }
            }
        }
    };
    let peer = service.peer().clone();
    tracing::debug!(server = %server.name, "connected");
    Ok(Conn {
        server: Arc::from(server.name.as_str()),
        peer,
        service: tokio::sync::Mutex::new(Some(service)),
        guard,
        oversize,
        routes,
        started: Instant::now(),
        replayed: std::sync::atomic::AtomicBool::new(false),
    })
}

/// One server's connection for a session (or for all, when shared), with
/// restarts and backoff.
struct Slot {
    server: String,
    link: Link,
    state: tokio::sync::Mutex<SlotState>,
    current: Mutex<Option<Arc<Conn>>>,
}

#[derive(Default)]
struct SlotState {
    failures: u32,
    next_try: Option<Instant>,
    last_error: String,
}

/// A connection that lived this long resets the failure count.
const STABLE: Duration = Duration::from_secs(60);
const MAX_BACKOFF: Duration = Duration::from_secs(30);

fn backoff(failures: u32) -> Duration {
    // The first restart is immediate; then 1 s, 2 s, 4 s... up to 30 s.
    if failures <= 1 {
        return Duration::ZERO;
    }
    let secs = 1u64 << (failures - 2).min(5);
    Duration::from_secs(secs).min(MAX_BACKOFF)
}

impl Slot {
    fn new(server: &str, link: Link) -> Self {
        Slot {
            server: server.to_string(),
            link,
            state: tokio::sync::Mutex::new(SlotState::default()),
            current: Mutex::new(None),
        }
    }

    fn current(&self) -> Option<Arc<Conn>> {
        lock(&self.current).clone().filter(|c| c.alive())
    }

    async fn get(
        &self,
        broker: &Arc<Inner>,
        server: &ServerConfig,
        upstream: Option<ClientCapabilities>,
    ) -> Result<Arc<Conn>, BrokerError> {
        if let Some(c) = self.current() {
            return Ok(c);
        }
        let mut st = self.state.lock().await;
        // Someone else may have connected while we waited.
        if let Some(c) = self.current() {
            return Ok(c);
        }
        if let Some(dead) = lock(&self.current).take() {
            if dead.started.elapsed() >= STABLE {
                st.failures = 0;
            }
            st.failures += 1;
            st.last_error = match dead.guard.as_ref().and_then(ChildGuard::exit) {
                Some(e) => format!("it stopped ({e})"),
                None => "its connection closed".into(),
            };
            st.next_try = Some(Instant::now() + backoff(st.failures));
            tracing::info!(server = %self.server, failures = st.failures, "server connection lost");
        }
        if let Some(t) = st.next_try
            && let Some(wait) = t.checked_duration_since(Instant::now())
            && !wait.is_zero()
        {
            return Err(BrokerError::Backoff {
                server: self.server.clone(),
                failures: st.failures,
                retry_in: wait,
                last: st.last_error.clone(),
            });
        }
        let caps = match self.link {
            Link::Shared(_) | Link::Probe => None,
            Link::Session(_) => upstream,
        };
        match connect(broker, server, self.link.clone(), caps).await {
            Ok(conn) => {
                let conn = Arc::new(conn);
                *lock(&self.current) = Some(conn.clone());
                st.next_try = None;
                // A catalog from a manifest (or none) is refreshed from the live server.
                if broker
                    .catalog
                    .entry(&self.server)
                    .is_none_or(|e| e.known != Known::Live)
                {
                    let lists = fetch_lists(&conn.peer).await;
                    let before = broker.catalog.generation();
                    for c in broker.catalog.set(&self.server, lists, Known::Live) {
                        tracing::warn!(%c, "name collision");
                    }
                    if broker.catalog.generation() != before {
                        let _ = broker.changes.send(ListChange {
                            server: self.server.clone(),
                            kind: ListKind::Tools,
                        });
                    }
                }
                Ok(conn)
            }
            Err(e) => {
                st.failures += 1;
                st.last_error = e.to_string();
                st.next_try =
                    Some(Instant::now() + backoff(st.failures).max(Duration::from_secs(1)));
                Err(e)
            }
        }
    }

    async fn close(&self) {
        let conn = lock(&self.current).take();
        if let Some(c) = conn {
            c.close().await;
        }
    }
}

/// Tokenizing failed and the content was withheld (see [`contained`]).
#[derive(Debug)]
struct Withheld;

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Makes the next contained tokenization on this thread panic.
        pub(super) static FAIL_NEXT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    fn session() -> Session {
        let cfg = crate::config::parse_toml("sluice.toml", "", &|_| None).expect("empty config");
        let hooks = Hooks::new(
            Arc::new(crate::policy::AllowAll),
            Arc::new(crate::audit::LogAudit),
        );
        Broker::new(Arc::new(cfg), Arc::new(Engine::new(Vec::new())), hooks).open_session()
    }

    #[test]
    fn a_tokenizer_panic_withholds_the_content_and_the_session_goes_on() {
        let s = session();
        let src = Source::new("crm", "get_contact");
        let doc = json!({"contact": {"name": "Ann Lee", "email": "ann.lee@example.com"}});

        FAIL_NEXT.with(|c| c.set(true));
        let mut v = doc.clone();
        assert!(s.inner.tokenize_checked(&mut v, Some(&src)).is_err());
        assert_eq!(v, json!(WITHHELD), "nothing of the content is passed on");

        // The same session (and its vault, whose lock the panic poisoned)
        // keeps working.
        let mut v = doc.clone();
        assert_eq!(s.tokenize(&mut v, &src), 2);
        assert_eq!(v["contact"]["name"], "[NAME_1]");

        FAIL_NEXT.with(|c| c.set(true));
        assert_eq!(
            s.tokenize_text("mail ann.lee@example.com", Some(&src)),
            WITHHELD
        );
        FAIL_NEXT.with(|c| c.set(true));
        assert_eq!(s.tokenize_trusted("mail ann.lee@example.com"), WITHHELD);
        FAIL_NEXT.with(|c| c.set(true));
        let mut v = doc.clone();
        s.tokenize_value_trusted(&mut v);
        assert_eq!(v, json!(WITHHELD));
        assert_eq!(
            s.tokenize_trusted("mail ann.lee@example.com"),
            "mail [EMAIL_1]"
        );
    }

    #[test]
    fn backoff_grows_and_caps() {
        assert_eq!(backoff(1), Duration::ZERO);
        assert_eq!(backoff(2), Duration::from_secs(1));
        assert_eq!(backoff(3), Duration::from_secs(2));
        assert_eq!(backoff(20), MAX_BACKOFF);
    }

    #[test]
    fn client_config_mirrors_the_upstream_client() {
        let up: ClientCapabilities = serde_json::from_value(json!({"sampling": {}})).unwrap();
        let c = client_config(Some(up));
        assert!(c.capabilities.sampling.is_some());
        assert!(c.capabilities.elicitation.is_none());
        let all = client_config(None);
        assert!(all.capabilities.elicitation.is_some() && all.capabilities.roots.is_some());
    }
}

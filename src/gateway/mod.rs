//! The model-facing MCP server.
//!
//! One [`GatewayHandler`] serves one MCP session (one stdio connection, or
//! one `Mcp-Session-Id` over HTTP) and owns one broker [`Session`], hence
//! one vault. It exposes the downstream servers either directly (every
//! tool, resource and prompt under a server-qualified name) or through
//! meta-tools, and forwards everything else a proxy must: resources and
//! their subscriptions, prompts, completions, logging, progress,
//! cancellation, and the requests servers send back (sampling,
//! elicitation, roots), which it sends to the client from the task that
//! serves the call.
//!
//! Sessions and protocol versions: Sluice speaks the MCP versions that have
//! the `initialize` handshake (up to 2025-11-25). Tokens are scoped to a
//! session (invariant 3), and the stateless 2026-07-28 protocol has no
//! session to scope them to, so Sluice answers `server/discover` as a
//! server of the older versions does (method not found) and a client that
//! speaks both falls back to `initialize`. Over HTTP the session is the
//! `Mcp-Session-Id` that `initialize` returns; over stdio it is the
//! connection. A request without a session gets a vault of its own that
//! ends with it: nothing it mints can be restored later, and any token it
//! carries is unknown.

// Logging, sampling and roots are deprecated by SEP-2577 (2026-07-28) but
// are part of the protocol versions Sluice speaks; it proxies them.
#![allow(deprecated)]

pub mod code;
pub mod http;

use std::borrow::Cow;
use std::future::Future;
use std::sync::{Arc, Mutex};

use futures::StreamExt;
use futures::stream::FuturesUnordered;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CompleteRequestParams, CompleteResult,
    ContentBlock, DiscoverResult, ErrorCode, ErrorData, GetPromptRequestParams, GetPromptResponse,
    InitializeRequestParams, InitializeResult, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, Prompt, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, Resource, ResourceTemplate, ServerConfig,
    SetLevelRequestParams, SubscribeRequestParams, Tool, UnsubscribeRequestParams,
};
use rmcp::service::{NotificationContext, RequestContext, ServiceError};
use rmcp::{Peer, RoleServer, ServerHandler};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::broker::catalog::{Known, exposed_name};
use crate::broker::{BackRequest, Broker, BrokerError, CallLink, ListKind, Session, Upstream};
use crate::config::Mode;
use crate::search::{Detail, SearchIndex, Strategy};
use crate::vault::Source;
use code::CodeMode;

/// How tools are presented, once `auto` is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presentation {
    Direct,
    Progressive,
}

/// What all sessions of a gateway share.
pub struct Gateway {
    pub broker: Broker,
    pub presentation: Presentation,
    /// Code mode, unless the config turns it off.
    pub code: Option<CodeMode>,
    /// The search index of the catalog, with the catalog generation it
    /// was built from (rebuilt when the catalog changes).
    search: Mutex<Option<(u64, Arc<SearchIndex>)>>,
    instructions: String,
}

impl Gateway {
    /// Decides `auto` from the catalog (call after [`Broker::index`]).
    /// Code mode's workers are this executable (`sluice sandbox-worker`).
    pub fn new(broker: Broker) -> Arc<Gateway> {
        let exe = std::env::current_exe().ok();
        Gateway::with_worker(broker, exe)
    }

    /// As [`Gateway::new`], with code mode's worker executable given (none:
    /// no code mode).
    pub fn with_worker(broker: Broker, worker: Option<std::path::PathBuf>) -> Arc<Gateway> {
        let cfg = broker.config();
        let code = match worker {
            Some(exe) if cfg.gateway.code.enabled => {
                match CodeMode::from_config(exe, &cfg.gateway.code) {
                    Ok(c) => Some(c),
                    Err(e) => {
                        tracing::warn!(error = %e, "code mode is off: its workspace cannot be created");
                        None
                    }
                }
            }
            _ => None,
        };
        let presentation = match cfg.gateway.mode {
            Mode::Direct => Presentation::Direct,
            Mode::Progressive => Presentation::Progressive,
            Mode::Auto => {
                let tools: Vec<Tool> = broker
                    .catalog()
                    .entries()
                    .into_iter()
                    .flat_map(|(_, e)| e.lists.tools.clone())
                    .collect();
                // Counted as a model counts them (o200k_base, offline).
                let tokens = crate::search::count_tool_tokens(&tools);
                let budget =
                    (cfg.gateway.context_budget as f64 * cfg.gateway.direct_share) as usize;
                tracing::info!(tools = tools.len(), tokens, budget, "auto mode");
                if tokens <= budget {
                    Presentation::Direct
                } else {
                    Presentation::Progressive
                }
            }
        };
        let instructions = instructions(&broker, presentation, code.is_some());
        Arc::new(Gateway {
            broker,
            presentation,
            code,
            search: Mutex::new(None),
            instructions,
        })
    }

    /// The search index of every configured server's tools (enabled or
    /// not), built on first use and again after the catalog changes.
    pub fn search_index(&self) -> Arc<SearchIndex> {
        let catalog = self.broker.catalog();
        let generation = catalog.generation();
        let mut slot = self.search.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((g, idx)) = &*slot
            && *g == generation
        {
            return idx.clone();
        }
        let cfg = self.broker.config();
        let docs = crate::search::docs_from_catalog(catalog, |server, lists| {
            cfg.server(server)
                .and_then(|s| s.description.clone())
                .or_else(|| {
                    lists
                        .instructions
                        .as_deref()
                        .map(crate::search::summary_line)
                })
        });
        let started = std::time::Instant::now();
        let idx = Arc::new(SearchIndex::build(docs));
        tracing::info!(
            tools = idx.len(),
            ms = started.elapsed().as_millis() as u64,
            "search index built"
        );
        *slot = Some((generation, idx.clone()));
        idx
    }
}

fn instructions(broker: &Broker, p: Presentation, code: bool) -> String {
    let mut s = String::from("Sluice is a privacy gateway in front of these MCP servers:\n");
    for srv in broker.config().servers.iter().filter(|s| s.enabled) {
        s.push_str(&format!(
            "- {}{}\n",
            srv.name,
            srv.description
                .as_deref()
                .map(|d| format!(": {d}"))
                .unwrap_or_default()
        ));
    }
    s.push_str(
        "Personal data in results appears as tokens such as [EMAIL_1], [PHONE_2], [NAME_3]. \
         Pass tokens back unchanged in arguments (also inside longer text); Sluice restores the \
         real values for the servers its rules allow. Text like [_EMAIL_1] is literal text, not a token.\n",
    );
    if p == Presentation::Progressive {
        s.push_str("Find tools with search_tools {query} (in your own words), inspect one with get_tool_details, then call it with call_tool {name: \"server__tool\", arguments} or from execute_code. list_servers shows the servers; enable_server turns one on.\n");
    } else {
        s.push_str("Tools are named server__tool.\n");
    }
    if code {
        s.push_str(
            "For work over many records or several tools, write one script with execute_code: \
             intermediate data stays in the sandbox and only what the script prints comes back.\n",
        );
    }
    s
}

/// Per-session state of the handler.
struct HandlerState {
    tools: Mutex<Option<(u64, Arc<Vec<Tool>>)>>,
    stop: CancellationToken,
    /// The session's code-mode workspace, deleted when the session ends.
    workspace: Option<std::path::PathBuf>,
}

impl Drop for HandlerState {
    fn drop(&mut self) {
        self.stop.cancel();
        if let Some(w) = &self.workspace
            && w.exists()
            && let Err(e) = std::fs::remove_dir_all(w)
        {
            tracing::warn!(error = %e, "the session's workspace could not be deleted");
        }
    }
}

/// Serves one MCP session.
#[derive(Clone)]
pub struct GatewayHandler {
    gw: Arc<Gateway>,
    session: Arc<Session>,
    state: Arc<HandlerState>,
}

impl GatewayHandler {
    pub fn new(gw: Arc<Gateway>) -> Self {
        let session = Arc::new(gw.broker.open_session());
        let workspace = gw.code.as_ref().map(|c| c.workspace(&session));
        GatewayHandler {
            gw,
            session,
            state: Arc::new(HandlerState {
                tools: Mutex::new(None),
                stop: CancellationToken::new(),
                workspace,
            }),
        }
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Forwards catalog changes to this session's client.
    fn watch_changes(&self, peer: Peer<RoleServer>) {
        let mut rx = self.gw.broker.changes();
        let stop = self.state.stop.clone();
        let direct = self.gw.presentation == Presentation::Direct;
        tokio::spawn(async move {
            loop {
                let change = tokio::select! {
                    _ = stop.cancelled() => return,
                    c = rx.recv() => match c {
                        Ok(c) => c,
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(_) => return,
                    },
                };
                let method = match change.kind {
                    ListKind::Tools if direct => "notifications/tools/list_changed",
                    ListKind::Tools => continue,
                    ListKind::Resources => "notifications/resources/list_changed",
                    ListKind::Prompts => "notifications/prompts/list_changed",
                };
                // A tools change may come with resources and prompts changes.
                let methods: Vec<&str> = if change.kind == ListKind::Tools {
                    vec![
                        method,
                        "notifications/resources/list_changed",
                        "notifications/prompts/list_changed",
                    ]
                } else {
                    vec![method]
                };
                for m in methods {
                    if let Ok(n) = serde_json::from_value::<rmcp::model::ServerNotification>(
                        json!({"method": m}),
                    ) && peer.send_notification(n).await.is_err()
                    {
                        return;
                    }
                }
            }
        });
    }

    fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
        m.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The downstream tools as this session shows them: exposed names,
    /// definitions tokenized, schemas relaxed to accept tokens.
    fn direct_tools(&self) -> Arc<Vec<Tool>> {
        let catalog = self.gw.broker.catalog();
        let generation = catalog.generation();
        if let Some((g, tools)) = &*Self::lock(&self.state.tools)
            && *g == generation
        {
            return tools.clone();
        }
        let mut out = Vec::new();
        for srv in self
            .gw
            .broker
            .config()
            .servers
            .iter()
            .filter(|s| self.session.is_enabled(&s.name))
        {
            let Some(entry) = catalog.entry(&srv.name) else {
                continue;
            };
            for t in &entry.lists.tools {
                let exposed = exposed_name(srv, &t.name);
                if catalog
                    .tool_target(&exposed)
                    .is_none_or(|x| x.server != srv.name)
                {
                    continue; // a collision: not exposed
                }
                let Ok(mut v) = serde_json::to_value(t) else {
                    continue;
                };
                if let Some(o) = v.as_object_mut() {
                    o.remove("name");
                }
                for k in ["inputSchema", "outputSchema"] {
                    if let Some(s) = v.get_mut(k) {
                        crate::broker::relax_schema(s);
                    }
                }
                self.session
                    .tokenize(&mut v, &Source::new(srv.name.clone(), "tools/list"));
                v["name"] = Value::String(exposed);
                if let Ok(t) = serde_json::from_value::<Tool>(v) {
                    out.push(t);
                }
            }
        }
        let tools = Arc::new(out);
        *Self::lock(&self.state.tools) = Some((generation, tools.clone()));
        tools
    }

    /// The meta-tools of this presentation (names are a contract, DESIGN.md §5),
    /// in the contract's order. The list is fixed for the gateway's life, so
    /// a session's tool array never changes (prompt caches stay valid).
    fn meta_names(&self) -> Vec<&'static str> {
        let code = self.gw.code.is_some();
        let toggles = self.gw.broker.config().servers.iter().any(|s| !s.enabled);
        let mut names = Vec::new();
        match self.gw.presentation {
            Presentation::Progressive => {
                names.extend(["search_tools", "get_tool_details", "call_tool"]);
                if code {
                    names.push("execute_code");
                }
                names.extend(["list_servers", "enable_server", "disable_server"]);
            }
            // Direct: the downstream tools themselves; code mode and its
            // declarations; turning servers on and off when the config
            // keeps some off.
            Presentation::Direct => {
                if code {
                    names.extend(["get_tool_details", "execute_code"]);
                }
                if toggles {
                    names.extend(["list_servers", "enable_server", "disable_server"]);
                }
            }
        }
        if code {
            names.push("list_skills");
        }
        names
    }

    fn meta_tools(&self) -> Vec<Tool> {
        let names = self.meta_names();
        crate::search::meta_tool_definitions()
            .into_iter()
            .filter(|t| names.contains(&t.name.as_ref()))
            .collect()
    }

    async fn meta_call(
        &self,
        name: &str,
        args: serde_json::Map<String, Value>,
        ctx: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let text_arg = |key: &str| -> Result<String, ErrorData> {
            args.get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| ErrorData::invalid_params(format!("{name} needs `{key}`"), None))
        };
        match name {
            "call_tool" => {
                let target = text_arg("name")?;
                let (server, tool) = self.resolve_tool(&target).map_err(request_error)?;
                let arguments = match args.get("arguments") {
                    None | Some(Value::Null) => None,
                    Some(Value::Object(o)) => Some(o.clone()),
                    Some(_) => {
                        return Err(ErrorData::invalid_params(
                            "call_tool: `arguments` must be an object",
                            None,
                        ));
                    }
                };
                self.forward_tool(&server, &tool, arguments, ctx).await
            }
            "list_servers" => {
                let q = args.get("query").and_then(Value::as_str);
                Ok(CallToolResponse::Complete(self.list_servers(q)))
            }
            "search_tools" => self
                .search_tools(&args, ctx)
                .await
                .map(CallToolResponse::Complete),
            "get_tool_details" => {
                let target = text_arg("name")?;
                let (server, tool) = self.resolve_tool(&target).map_err(request_error)?;
                Ok(CallToolResponse::Complete(
                    self.tool_details(&server, &tool)?,
                ))
            }
            "execute_code" => {
                let source = text_arg("code")?;
                self.execute_code(&source, ctx).await
            }
            "list_skills" => Ok(CallToolResponse::Complete(self.list_skills())),
            "enable_server" | "disable_server" => {
                let server = text_arg("name")?;
                let on = name == "enable_server";
                let changed = if on {
                    self.session.enable(&server).await
                } else {
                    self.session.disable(&server).await
                };
                let changed = match changed {
                    Ok(c) => c,
                    Err(e) => return tool_outcome(Err(e)),
                };
                if changed && self.gw.presentation == Presentation::Direct {
                    // The tool array changes only here, at these boundaries.
                    *Self::lock(&self.state.tools) = None;
                    for m in [
                        "notifications/tools/list_changed",
                        "notifications/resources/list_changed",
                        "notifications/prompts/list_changed",
                    ] {
                        if let Ok(n) = serde_json::from_value::<rmcp::model::ServerNotification>(
                            json!({"method": m}),
                        ) {
                            let _ = ctx.peer.send_notification(n).await;
                        }
                    }
                }
                let tools = self
                    .gw
                    .broker
                    .catalog()
                    .entry(&server)
                    .map(|e| e.lists.tools.len())
                    .unwrap_or(0);
                let text = match (on, changed) {
                    (true, true) => format!("{server} is enabled: {tools} tools"),
                    (true, false) => format!("{server} was already enabled"),
                    (false, true) => format!("{server} is disabled"),
                    (false, false) => format!("{server} was already disabled"),
                };
                let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
                r.structured_content = Some(
                    json!({"server": server, "enabled": on, "changed": changed, "tools": tools}),
                );
                Ok(CallToolResponse::Complete(r))
            }
            _ => Err(ErrorData::invalid_params(
                format!("unknown tool `{name}`"),
                None,
            )),
        }
    }

    /// `search_tools`: the catalog ranked for a query, grouped by server.
    async fn search_tools(
        &self,
        args: &serde_json::Map<String, Value>,
        ctx: &RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let bad = |m: String| ErrorData::invalid_params(format!("search_tools: {m}"), None);
        let query = args
            .get("query")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|q| !q.is_empty())
            .ok_or_else(|| bad("`query` must be a non-empty string".into()))?
            .to_string();
        let detail: Detail = match args.get("detail") {
            None | Some(Value::Null) => Detail::Summary,
            Some(Value::String(d)) => d
                .parse()
                .map_err(|e: crate::search::ParseError| bad(e.to_string()))?,
            Some(_) => return Err(bad("`detail` must be name, summary or full".into())),
        };
        use crate::search::meta::{DEFAULT_LIMIT, MAX_LIMIT};
        let limit = match args.get("limit") {
            None | Some(Value::Null) => DEFAULT_LIMIT,
            Some(v) => v
                .as_u64()
                .filter(|n| (1..=MAX_LIMIT as u64).contains(n))
                .ok_or_else(|| bad(format!("`limit` must be an integer from 1 to {MAX_LIMIT}")))?
                as usize,
        };
        let strategy = args
            .get("strategy")
            .and_then(Value::as_str)
            .unwrap_or("fusion");
        let idx = self.gw.search_index();
        let mut note = None;
        let hits = if strategy == "sampling" {
            let candidates = idx.search(&query, Strategy::Fusion, (limit * 3).clamp(10, 30));
            let mut hits = match self.rerank(&idx, &query, &candidates, ctx).await {
                Ok(h) => h,
                Err(why) => {
                    note = Some(why);
                    candidates
                }
            };
            hits.truncate(limit);
            hits
        } else {
            let s: Strategy = strategy
                .parse()
                .map_err(|e: crate::search::ParseError| bad(e.to_string()))?;
            idx.search(&query, s, limit)
        };

        let cfg = self.gw.broker.config();
        let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
        for (rank, h) in hits.iter().enumerate() {
            let Some(d) = idx.docs().get(h.doc) else {
                continue;
            };
            let mut t = crate::search::render_tool(d, detail);
            t["rank"] = json!(rank + 1);
            match groups.iter_mut().find(|(s, _)| *s == d.server) {
                Some((_, tools)) => tools.push(t),
                None => groups.push((d.server.clone(), vec![t])),
            }
        }
        let servers: Vec<Value> = groups
            .into_iter()
            .map(|(server, tools)| {
                json!({
                    "server": server,
                    "description": cfg.server(&server).and_then(|s| s.description.clone()),
                    "enabled": self.session.is_enabled(&server),
                    "tools": tools,
                })
            })
            .collect();
        let mut v = json!({"query": query, "strategy": strategy, "servers": servers});
        if let Some(n) = &note {
            v["note"] = json!(n);
        }
        // Definitions come from servers: tokenized like every listing.
        self.session
            .tokenize(&mut v, &Source::new("sluice", "search_tools"));
        let mut text = String::new();
        if let Some(n) = v["note"].as_str() {
            text.push_str(&format!("({n})\n"));
        }
        for g in v["servers"].as_array().into_iter().flatten() {
            let server = g["server"].as_str().unwrap_or_default();
            text.push_str(server);
            if g["enabled"] == json!(false) {
                text.push_str(&format!(
                    " (not enabled: enable_server {{\"name\": \"{server}\"}} first)"
                ));
            }
            text.push_str(":\n");
            for t in g["tools"].as_array().into_iter().flatten() {
                let name = t["name"].as_str().unwrap_or_default();
                match detail {
                    Detail::Name => text.push_str(&format!("  {name}\n")),
                    Detail::Summary => text.push_str(&format!(
                        "  {name}: {}\n",
                        t["summary"].as_str().unwrap_or_default()
                    )),
                    Detail::Full => text.push_str(&format!(
                        "  {name}: {}\n{}\n",
                        crate::search::summary_line(t["description"].as_str().unwrap_or_default()),
                        t["typescript"].as_str().unwrap_or_default()
                    )),
                }
            }
        }
        if hits.is_empty() {
            text.push_str("No tool matches; try other words, or list_servers.\n");
        } else {
            text.push_str(
                "Call with call_tool {name, arguments} or from execute_code; get_tool_details {name} shows a tool's schema.",
            );
        }
        let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
        r.structured_content = Some(v);
        Ok(r)
    }

    /// Re-ranks `candidates` with the client's own model (MCP sampling): no
    /// API key in the gateway. `Err` says why the fusion order stands.
    async fn rerank(
        &self,
        idx: &SearchIndex,
        query: &str,
        candidates: &[crate::search::Hit],
        ctx: &RequestContext<RoleServer>,
    ) -> Result<Vec<crate::search::Hit>, String> {
        let can = ctx
            .peer
            .peer_info()
            .is_some_and(|i| i.capabilities.sampling.is_some());
        if !can {
            return Err("the client cannot sample, so the fusion ranking is used".into());
        }
        let mut list = String::new();
        for (i, h) in candidates.iter().enumerate() {
            if let Some(d) = idx.docs().get(h.doc) {
                list.push_str(&format!(
                    "{}. {}: {}\n",
                    i + 1,
                    d.exposed_name,
                    crate::search::summary_line(d.tool.description.as_deref().unwrap_or_default())
                ));
            }
        }
        let prompt = self.session.tokenize_trusted(&format!(
            "Task: {query}\n\nCandidate tools:\n{list}\nReply with the names of the tools that fit the task, best first, one per line, and nothing else."
        ));
        let params: rmcp::model::CreateMessageRequestParams = serde_json::from_value(json!({
            "messages": [{"role": "user", "content": {"type": "text", "text": prompt}}],
            "systemPrompt": "You rank software tools for a task. Reply with tool names only.",
            "includeContext": "none",
            "temperature": 0,
            "maxTokens": 400,
        }))
        .map_err(|e| format!("the sampling request could not be built ({e})"))?;
        let answer = match tokio::time::timeout(
            std::time::Duration::from_secs(60),
            ctx.peer.create_message(params),
        )
        .await
        {
            Ok(Ok(r)) => serde_json::to_value(&r.message.content)
                .ok()
                .map(|c| collect_text(&c))
                .unwrap_or_default(),
            Ok(Err(e)) => {
                return Err(format!(
                    "the client's model did not answer ({e}); fusion ranking used"
                ));
            }
            Err(_) => {
                return Err(
                    "the client's model did not answer within 60 s; fusion ranking used".into(),
                );
            }
        };
        let words: Vec<&str> = answer
            .split(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
            .filter(|w| !w.is_empty())
            .collect();
        let mut ranked: Vec<crate::search::Hit> = Vec::new();
        for w in words {
            let w = w.trim_matches('.');
            if let Some(h) = candidates
                .iter()
                .find(|h| idx.docs().get(h.doc).is_some_and(|d| d.exposed_name == w))
                && !ranked.iter().any(|r| r.doc == h.doc)
            {
                ranked.push(*h);
            }
        }
        if ranked.is_empty() {
            return Err(
                "the client's model named none of the candidates; fusion ranking used".into(),
            );
        }
        for h in candidates {
            if !ranked.iter().any(|r| r.doc == h.doc) {
                ranked.push(*h);
            }
        }
        Ok(ranked)
    }

    /// Runs model code in a sandbox worker; its every tool call goes
    /// through this session's broker (rules, tokens, audit).
    async fn execute_code(
        &self,
        source: &str,
        ctx: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let (Some(cm), Some(ws)) = (&self.gw.code, &self.state.workspace) else {
            return Err(ErrorData::invalid_params("code mode is off", None));
        };
        let (link, rx) = link_for(ctx);
        let host = Arc::new(code::SessionHost::new(
            self.session.clone(),
            &link,
            ws.clone(),
        ));
        let tools = code::tool_infos(&self.gw.broker, &self.session);
        // A cancelled request stops the run: dropping it kills the worker
        // (and the calls in flight are cancelled through the link).
        let run = drive(
            cm.sandbox.run(source, &tools, host, &cm.limits),
            rx,
            &ctx.peer,
        );
        let report = tokio::select! {
            r = run => r,
            _ = ctx.ct.cancelled() => {
                tracing::info!(session = %self.session.id(), "execute_code cancelled");
                return Err(ErrorData::internal_error("execute_code: cancelled by the client", None));
            }
        };
        tracing::info!(
            session = %self.session.id(),
            ended = ?report.ended,
            calls = report.calls.len(),
            output_bytes = report.output.len(),
            "execute_code"
        );
        Ok(CallToolResponse::Complete(code::report_result(
            &self.session,
            &report,
        )))
    }

    /// `get_tool_details`: the definition and TypeScript declaration of one tool.
    fn tool_details(&self, server: &str, tool: &str) -> Result<CallToolResult, ErrorData> {
        let Some(srv) = self.gw.broker.config().server(server) else {
            return Err(ErrorData::invalid_params(
                format!("unknown server `{server}`"),
                None,
            ));
        };
        let info = code::tool_infos_of(&self.gw.broker, server)
            .into_iter()
            .find(|t| t.tool == tool)
            .ok_or_else(|| {
                ErrorData::invalid_params(
                    format!("`{server}` has no tool `{tool}` (or its tools are not known yet: enable_server first)"),
                    None,
                )
            })?;
        let exposed = exposed_name(srv, tool);
        let access = if crate::sandbox::declarations::is_identifier(server)
            && crate::sandbox::declarations::is_identifier(tool)
        {
            format!("await servers.{server}.{tool}(args)")
        } else {
            format!(
                "await servers[{}][{}](args)",
                serde_json::to_string(server).unwrap_or_default(),
                serde_json::to_string(tool).unwrap_or_default()
            )
        };
        // What search_tools' `full` detail shows (the context bench counts
        // it), and where the tool lives.
        let mut v = crate::search::render_details(&exposed, &info);
        v["server"] = json!(server);
        v["tool"] = json!(tool);
        v["enabled"] = json!(self.session.is_enabled(server));
        v["code"] = json!(access);
        self.session
            .tokenize(&mut v, &Source::new(server, "tools/list"));
        let mut text = String::new();
        text.push_str(&format!(
            "{} ({})\n",
            v["name"].as_str().unwrap_or_default(),
            v["code"].as_str().unwrap_or_default()
        ));
        if let Some(d) = v["description"].as_str() {
            text.push_str(d);
            text.push('\n');
        }
        if !self.session.is_enabled(server) {
            text.push_str(&format!("({server} is not enabled in this session: enable_server {{\"name\": \"{server}\"}} first)\n"));
        }
        text.push('\n');
        text.push_str(v["typescript"].as_str().unwrap_or_default());
        let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
        r.structured_content = Some(v);
        Ok(r)
    }

    fn list_skills(&self) -> CallToolResult {
        let skills = self
            .state
            .workspace
            .as_deref()
            .map(code::skills)
            .unwrap_or_default();
        let list: Vec<Value> = skills
            .iter()
            .map(|s| {
                json!({
                    "name": s.name,
                    "description": self.session.tokenize_trusted(&s.description),
                    "import": format!("import * as {} from \"./skills/{}\";", crate::sandbox::declarations::identifier_for(&s.name), s.name),
                    "uri": format!("sluice://skills/{}", s.name),
                })
            })
            .collect();
        let text = if list.is_empty() {
            "No skills saved yet. In execute_code, save one with fs.writeFile(\"skills/NAME.ts\", source) and describe it in skills/NAME.md.".to_string()
        } else {
            list.iter()
                .map(|s| {
                    format!(
                        "{}: {}\n  {}",
                        s["name"].as_str().unwrap_or_default(),
                        s["description"].as_str().unwrap_or_default().trim(),
                        s["import"].as_str().unwrap_or_default()
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
        r.structured_content = Some(json!({"skills": list}));
        r
    }

    /// `server__tool`, or `server.tool` / `server/tool`, to (server, tool).
    fn resolve_tool(&self, name: &str) -> Result<(String, String), BrokerError> {
        let catalog = self.gw.broker.catalog();
        if let Some(t) = catalog.tool_target(name) {
            return Ok((t.server, t.name));
        }
        for sep in ['.', '/'] {
            if let Some((s, t)) = name.split_once(sep)
                && let Some(srv) = self.gw.broker.config().server(s)
                && catalog.tool_target(&exposed_name(srv, t)).is_some()
            {
                return Ok((s.to_string(), t.to_string()));
            }
        }
        // A server whose tools are not known yet (unreachable at start):
        // let the call try it.
        if let Some((s, t)) = name.split_once("__")
            && let Some(srv) = self.gw.broker.config().server(s)
            && catalog.entry(s).is_none_or(|e| e.known == Known::Unknown)
        {
            return Ok((srv.name.clone(), t.to_string()));
        }
        let names = catalog.tool_names();
        Err(BrokerError::UnknownTool {
            name: name.to_string(),
            hint: crate::broker::error::hint(name, names.iter().map(String::as_str)),
        })
    }

    fn list_servers(&self, query: Option<&str>) -> CallToolResult {
        let q = query.map(str::to_lowercase);
        let mut servers = Vec::new();
        for srv in &self.gw.broker.config().servers {
            let desc = srv.description.clone().unwrap_or_default();
            if let Some(q) = &q
                && !srv.name.to_lowercase().contains(q.as_str())
                && !desc.to_lowercase().contains(q.as_str())
            {
                continue;
            }
            let entry = self.gw.broker.catalog().entry(&srv.name);
            let tools: Vec<String> = entry
                .as_ref()
                .map(|e| {
                    e.lists
                        .tools
                        .iter()
                        .map(|t| exposed_name(srv, &t.name))
                        .collect()
                })
                .unwrap_or_default();
            servers.push(json!({
                "name": srv.name,
                "description": desc,
                "enabled": self.session.is_enabled(&srv.name),
                "known": entry.map(|e| e.known),
                "tools": tools,
            }));
        }
        let mut v = json!({"servers": servers});
        self.session
            .tokenize(&mut v, &Source::new("sluice", "list_servers"));
        let text = serde_json::to_string_pretty(&v).unwrap_or_default();
        let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
        r.structured_content = Some(v);
        r
    }

    async fn forward_tool(
        &self,
        server: &str,
        tool: &str,
        arguments: Option<serde_json::Map<String, Value>>,
        ctx: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let (link, rx) = link_for(ctx);
        let r = drive(
            self.session.call_tool(server, tool, arguments, &link),
            rx,
            &ctx.peer,
        )
        .await;
        tool_outcome(r)
    }
}

/// The text of a sampling answer's content (one block or a list).
fn collect_text(v: &Value) -> String {
    match v {
        Value::Array(a) => a.iter().map(collect_text).collect::<Vec<_>>().join("\n"),
        Value::Object(o) => o
            .get("text")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        _ => String::new(),
    }
}

/// A call's link to the request that caused it.
fn link_for(ctx: &RequestContext<RoleServer>) -> (CallLink, mpsc::Receiver<BackRequest>) {
    let (tx, rx) = mpsc::channel(8);
    (
        CallLink {
            progress: ctx.meta.get_progress_token(),
            back: Some(tx),
            ct: ctx.ct.clone(),
        },
        rx,
    )
}

/// Runs a broker call, forwarding the requests the server sends back
/// during it from this task (the one serving the client's request).
async fn drive<T>(
    fut: impl Future<Output = T>,
    mut rx: mpsc::Receiver<BackRequest>,
    peer: &Peer<RoleServer>,
) -> T {
    tokio::pin!(fut);
    let mut pending = FuturesUnordered::new();
    loop {
        tokio::select! {
            r = &mut fut => return r,
            Some(b) = rx.recv() => {
                let peer = peer.clone();
                pending.push(async move {
                    let r = peer.send_request(b.request).await.map_err(|e| match e {
                        ServiceError::McpError(e) => e,
                        other => ErrorData::internal_error(format!("the client did not answer: {other}"), None),
                    });
                    let _ = b.reply.send(r);
                });
            }
            Some(()) = pending.next(), if !pending.is_empty() => {}
        }
    }
}

/// Broker errors as MCP answers: the model's own mistakes are protocol
/// errors; everything else is a tool result with `isError`, so the model
/// reads why.
fn tool_outcome(r: Result<CallToolResult, BrokerError>) -> Result<CallToolResponse, ErrorData> {
    match r {
        Ok(r) => Ok(CallToolResponse::Complete(r)),
        Err(e) => match to_error(e) {
            Ok(text) => Ok(CallToolResponse::Complete(CallToolResult::error(vec![
                ContentBlock::text(text),
            ]))),
            Err(e) => Err(e),
        },
    }
}

/// `Err` for errors that stay JSON-RPC errors, `Ok(message)` for the rest.
fn to_error(e: BrokerError) -> Result<String, ErrorData> {
    match e {
        BrokerError::Downstream {
            code,
            message,
            data,
            ..
        } => Err(ErrorData::new(ErrorCode(code), message, data.map(|d| *d))),
        e if e.is_request_error() => Err(ErrorData::invalid_params(e.to_string(), None)),
        e => Ok(e.to_string()),
    }
}

fn request_error(e: BrokerError) -> ErrorData {
    match to_error(e) {
        Err(e) => e,
        Ok(m) => ErrorData::internal_error(m, None),
    }
}

impl ServerHandler for GatewayHandler {
    fn get_info(&self) -> ServerConfig {
        let mut info: ServerConfig = serde_json::from_value(json!({
            "protocolVersion": ProtocolVersion::LATEST_WITH_INITIALIZE,
            "capabilities": {
                "tools": {"listChanged": true},
                "resources": {"subscribe": true, "listChanged": true},
                "prompts": {"listChanged": true},
                "logging": {},
                "completions": {},
            },
            "serverInfo": {"name": "sluice", "version": env!("CARGO_PKG_VERSION")},
        }))
        .unwrap_or_default();
        info.instructions = Some(self.gw.instructions.clone());
        info
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(
            &ProtocolVersion::LATEST_WITH_INITIALIZE,
        ))
    }

    async fn discover(&self, _: RequestContext<RoleServer>) -> Result<DiscoverResult, ErrorData> {
        Err(ErrorData::new(
            ErrorCode::METHOD_NOT_FOUND,
            "server/discover: Sluice keeps sessions (tokens are session-scoped); use initialize",
            None,
        ))
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        self.session.set_upstream(Upstream {
            peer: context.peer.clone(),
            capabilities: request.capabilities.clone(),
        });
        self.watch_changes(context.peer.clone());
        tracing::debug!(session = %self.session.id(), "initialized");
        self.negotiate_initialize(&request)
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut tools = match self.gw.presentation {
            Presentation::Direct => self.direct_tools().as_ref().clone(),
            Presentation::Progressive => Vec::new(),
        };
        tools.extend(self.meta_tools());
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.as_ref();
        if self.meta_names().contains(&name) {
            return self
                .meta_call(name, request.arguments.unwrap_or_default(), &ctx)
                .await;
        }
        let (server, tool) = match self.gw.presentation {
            Presentation::Direct => self.resolve_tool(name).map_err(request_error)?,
            Presentation::Progressive => {
                return Err(ErrorData::invalid_params(
                    format!("unknown tool `{name}`: use call_tool {{\"name\": \"{name}\", ...}}"),
                    None,
                ));
            }
        };
        self.forward_tool(&server, &tool, request.arguments, &ctx)
            .await
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let mut out: Vec<Resource> = self.merged(|l| &l.resources, "resources/list");
        out.extend(self.own_resources());
        Ok(ListResourcesResult::with_all_items(out))
    }

    async fn list_resource_templates(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let mut out: Vec<ResourceTemplate> =
            self.merged(|l| &l.templates, "resources/templates/list");
        if let Ok(t) = serde_json::from_value(json!({
            "uriTemplate": "sluice://servers/{server}/{tool}.d.ts",
            "name": "tool-declaration",
            "description": "The TypeScript declaration of one tool, for execute_code",
            "mimeType": "application/typescript",
        })) {
            out.push(t);
        }
        Ok(ListResourceTemplatesResult::with_all_items(out))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri.starts_with(OWN_SCHEME) {
            return self
                .read_own(&request.uri)
                .map(ReadResourceResponse::Complete);
        }
        let server = self.session.resource_server(&request.uri).map_err(|e| {
            ErrorData::resource_not_found(e.to_string(), Some(json!({"uri": request.uri})))
        })?;
        let (link, rx) = link_for(&ctx);
        drive(
            self.session.read_resource(&server, &request.uri, &link),
            rx,
            &ctx.peer,
        )
        .await
        .map(ReadResourceResponse::Complete)
        .map_err(request_error)
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let server = self
            .session
            .resource_server(&request.uri)
            .map_err(request_error)?;
        let (link, _rx) = link_for(&ctx);
        self.session
            .subscribe(&server, &request.uri, &link)
            .await
            .map_err(request_error)
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let server = self
            .session
            .resource_server(&request.uri)
            .map_err(request_error)?;
        let (link, _rx) = link_for(&ctx);
        self.session
            .unsubscribe(&server, &request.uri, &link)
            .await
            .map_err(request_error)
    }

    async fn list_prompts(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let mut out: Vec<Prompt> = Vec::new();
        let catalog = self.gw.broker.catalog();
        for srv in self
            .gw
            .broker
            .config()
            .servers
            .iter()
            .filter(|s| self.session.is_enabled(&s.name))
        {
            let Some(e) = catalog.entry(&srv.name) else {
                continue;
            };
            for p in &e.lists.prompts {
                let exposed = exposed_name(srv, &p.name);
                if catalog
                    .prompt_target(&exposed)
                    .is_none_or(|t| t.server != srv.name)
                {
                    continue;
                }
                if let Some(mut p) = self.tokenized(p, &srv.name, "prompts/list") {
                    p.name = exposed;
                    out.push(p);
                }
            }
        }
        Ok(ListPromptsResult::with_all_items(out))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let Some(target) = self.gw.broker.catalog().prompt_target(&request.name) else {
            return Err(ErrorData::invalid_params(
                format!("unknown prompt `{}`", request.name),
                None,
            ));
        };
        let (link, rx) = link_for(&ctx);
        drive(
            self.session
                .get_prompt(&target.server, &target.name, request.arguments, &link),
            rx,
            &ctx.peer,
        )
        .await
        .map(GetPromptResponse::Complete)
        .map_err(request_error)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let mut params = serde_json::to_value(&request)
            .map_err(|_| ErrorData::invalid_params("completion/complete", None))?;
        if let Some(o) = params.as_object_mut() {
            o.remove("_meta");
        }
        let server = match params["ref"]["type"].as_str() {
            Some("ref/prompt") => {
                let name = params["ref"]["name"].as_str().unwrap_or_default();
                let t = self
                    .gw
                    .broker
                    .catalog()
                    .prompt_target(name)
                    .ok_or_else(|| {
                        ErrorData::invalid_params(format!("unknown prompt `{name}`"), None)
                    })?;
                params["ref"]["name"] = Value::String(t.name);
                t.server
            }
            Some("ref/resource") => {
                let uri = params["ref"]["uri"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                self.template_server(&uri)
                    .or_else(|| self.session.resource_server(&uri).ok())
                    .ok_or_else(|| {
                        ErrorData::invalid_params(format!("no server offers {uri}"), None)
                    })?
            }
            _ => {
                return Err(ErrorData::invalid_params(
                    "unknown completion reference",
                    None,
                ));
            }
        };
        let (link, _rx) = link_for(&ctx);
        self.session
            .complete(&server, params, &link)
            .await
            .map_err(request_error)
    }

    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.session.set_level(request.level).await;
        Ok(())
    }

    async fn on_roots_list_changed(&self, _: NotificationContext<RoleServer>) {
        self.session.roots_list_changed().await;
    }
}

/// Sluice's own resources: the tool tree and the session's skills.
const OWN_SCHEME: &str = "sluice://";

impl GatewayHandler {
    /// `sluice://servers/<server>/index.d.ts` and `.../<tool>.d.ts` for
    /// every server in the catalog (enabled or not: this is how a client
    /// that browses files discovers tools), and `sluice://skills/<name>`.
    fn own_resources(&self) -> Vec<Resource> {
        let mut out = Vec::new();
        let mut push = |uri: String, name: String, description: String, mime: &str| {
            if let Ok(r) = serde_json::from_value::<Resource>(json!({
                "uri": uri, "name": name, "description": description, "mimeType": mime,
            })) {
                out.push(r);
            }
        };
        let catalog = self.gw.broker.catalog();
        for srv in &self.gw.broker.config().servers {
            let Some(e) = catalog.entry(&srv.name) else {
                continue;
            };
            if e.lists.tools.is_empty() {
                continue;
            }
            push(
                format!("{OWN_SCHEME}servers/{}/index.d.ts", srv.name),
                format!("{}/index.d.ts", srv.name),
                format!(
                    "TypeScript declarations of the {} tools of {}",
                    e.lists.tools.len(),
                    srv.name
                ),
                "application/typescript",
            );
            for t in &e.lists.tools {
                push(
                    format!("{OWN_SCHEME}servers/{}/{}.d.ts", srv.name, t.name),
                    format!("{}/{}.d.ts", srv.name, t.name),
                    crate::search::summary_line(t.description.as_deref().unwrap_or_default()),
                    "application/typescript",
                );
            }
        }
        if let Some(ws) = &self.state.workspace {
            for s in code::skills(ws) {
                push(
                    format!("{OWN_SCHEME}skills/{}", s.name),
                    format!("skill {}", s.name),
                    crate::search::summary_line(&s.description),
                    "application/typescript",
                );
            }
        }
        // Descriptions come from servers and from code: tokenized.
        out.into_iter()
            .filter_map(|r| self.tokenized(&r, "sluice", "resources/list"))
            .collect()
    }

    fn read_own(&self, uri: &str) -> Result<rmcp::model::ReadResourceResult, ErrorData> {
        let not_found = || {
            ErrorData::resource_not_found(format!("no resource {uri}"), Some(json!({"uri": uri})))
        };
        let path = &uri[OWN_SCHEME.len()..];
        let (text, server) = if let Some(name) = path.strip_prefix("skills/") {
            let ws = self.state.workspace.as_deref().ok_or_else(not_found)?;
            let s = code::skills(ws)
                .into_iter()
                .find(|s| s.name == name)
                .ok_or_else(not_found)?;
            let mut text = String::new();
            for line in s.description.lines() {
                text.push_str(&format!("// {line}\n"));
            }
            text.push_str(&format!(
                "// import * as {} from \"./skills/{}\";\n\n",
                crate::sandbox::declarations::identifier_for(&s.name),
                s.name
            ));
            text.push_str(&s.source);
            (self.session.tokenize_trusted(&text), None)
        } else if let Some(rest) = path.strip_prefix("servers/") {
            let (server, file) = rest.split_once('/').ok_or_else(not_found)?;
            let tool = file.strip_suffix(".d.ts").ok_or_else(not_found)?;
            let tools = code::tool_infos_of(&self.gw.broker, server);
            let picked: Vec<_> = if tool == "index" {
                tools
            } else {
                tools.into_iter().filter(|t| t.tool == tool).collect()
            };
            let text =
                crate::sandbox::server_declarations(&picked, server).ok_or_else(not_found)?;
            (text, Some(server.to_string()))
        } else {
            return Err(not_found());
        };
        let mut v =
            json!({"contents": [{"uri": uri, "mimeType": "application/typescript", "text": text}]});
        if let Some(server) = server {
            self.session
                .tokenize(&mut v, &Source::new(server, "tools/list"));
        }
        serde_json::from_value(v).map_err(|_| not_found())
    }

    fn enabled_entries(&self) -> Vec<(String, crate::broker::catalog::Entry)> {
        let cfg = self.gw.broker.config();
        self.gw
            .broker
            .catalog()
            .entries()
            .into_iter()
            .filter(|(s, _)| cfg.server(s).is_some() && self.session.is_enabled(s))
            .collect()
    }

    /// One list of every enabled server, merged and tokenized for this session.
    fn merged<T: serde::Serialize + serde::de::DeserializeOwned>(
        &self,
        pick: impl Fn(&crate::broker::ServerLists) -> &Vec<T>,
        what: &str,
    ) -> Vec<T> {
        let mut out = Vec::new();
        for (server, e) in self.enabled_entries() {
            out.extend(
                pick(&e.lists)
                    .iter()
                    .filter_map(|item| self.tokenized(item, &server, what)),
            );
        }
        out
    }

    /// A list item tokenized for this session.
    fn tokenized<T: serde::Serialize + serde::de::DeserializeOwned>(
        &self,
        item: &T,
        server: &str,
        what: &str,
    ) -> Option<T> {
        let mut v = serde_json::to_value(item).ok()?;
        self.session.tokenize(&mut v, &Source::new(server, what));
        serde_json::from_value(v).ok()
    }

    /// The server whose resource template is exactly `template` (tokenized
    /// templates are compared after tokenizing the catalog's).
    fn template_server(&self, template: &str) -> Option<String> {
        for (server, e) in self.enabled_entries() {
            for t in &e.lists.templates {
                let tok = self.session.tokenize_text(&t.uri_template, None);
                if tok == template || t.uri_template == template {
                    return Some(server);
                }
            }
        }
        None
    }
}

/// Serves one session over stdin/stdout until the client disconnects,
/// then closes the session's connections.
pub async fn serve_stdio(gw: Arc<Gateway>) -> Result<(), std::io::Error> {
    use rmcp::ServiceExt;
    let handler = GatewayHandler::new(gw);
    let session = handler.session.clone();
    let crate::stdio::Stdio {
        reader,
        writer,
        guard,
    } = crate::stdio::Stdio::open();
    let running = handler
        .serve((reader, writer))
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let _ = running.waiting().await;
    session.close().await;
    drop(guard);
    Ok(())
}

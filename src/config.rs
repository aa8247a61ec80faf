//! The gateway's configuration: `sluice.toml`, or a Claude-Desktop-style
//! `mcpServers` JSON file.
//!
//! ```toml
//! [gateway]
//! mode = "auto"              # direct | progressive | auto
//! call_timeout = "60s"
//!
//! [servers.crm]
//! command = "crm-mcp"
//! args = ["--stdio"]
//! env = { CRM_TOKEN = "${CRM_TOKEN}" }
//! description = "Customer records"
//!
//! [servers.search]
//! url = "https://search.example.com/mcp"
//! headers = { Authorization = "Bearer ${SEARCH_TOKEN}" }
//! ```
//!
//! Every error names the file, line and column, and the gateway does not
//! start on an invalid file. Credentials are `${ENV}` references resolved
//! when the file is loaded; their values are [`Secret`]s, which never print.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;

/// A configuration error, located in its file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct ConfigError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// A value that may hold a credential: environment variables and headers
/// of servers, and any argument or URL built from a `${ENV}` reference.
/// Its `Debug` prints `<redacted>` when it is sensitive.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret {
    value: String,
    sensitive: bool,
}

impl Secret {
    /// A sensitive value.
    pub fn new(s: impl Into<String>) -> Self {
        Secret {
            value: s.into(),
            sensitive: true,
        }
    }

    /// A value that is sensitive only if it was built from a reference.
    pub fn from_expansion(raw: &str, expanded: String) -> Self {
        Secret {
            sensitive: raw.contains("${"),
            value: expanded,
        }
    }

    /// The value, for the one place that hands it to a downstream server.
    pub fn expose(&self) -> &str {
        &self.value
    }

    pub fn is_sensitive(&self) -> bool {
        self.sensitive
    }

    /// The value when it is not sensitive, for digests and messages.
    pub fn public(&self) -> &str {
        if self.sensitive {
            "<redacted>"
        } else {
            &self.value
        }
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.sensitive {
            f.write_str("<redacted>")
        } else {
            fmt::Debug::fmt(&self.value, f)
        }
    }
}

/// How the gateway presents downstream tools to the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Every downstream tool, resource and prompt under a server-qualified name.
    Direct,
    /// Meta-tools (`call_tool`, ...) instead of the downstream tools.
    Progressive,
    /// Direct while the tool definitions fit a share of the context budget.
    Auto,
}

/// Whether sessions share one connection to a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionScope {
    /// One connection (one child process) per MCP session: the server's own
    /// state, its logs and its requests back to the client belong to one session.
    Isolated,
    /// One connection for all sessions. Progress and resource updates still
    /// reach the right session; requests the server sends back (sampling,
    /// elicitation, roots) only when the transport ties them to a call
    /// (streamable HTTP does, stdio cannot), and its log messages never,
    /// since nothing says which session caused them.
    Shared,
}

/// What happens to a stdio server's stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StderrMode {
    /// Dropped (it may hold personal data; Sluice's own logs never do).
    Discard,
    /// Passed through to Sluice's stderr.
    Inherit,
    /// Appended to this file.
    File(PathBuf),
}

/// How to reach one downstream server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transport {
    Stdio {
        command: String,
        args: Vec<Secret>,
        env: Vec<(String, Secret)>,
        cwd: Option<PathBuf>,
        stderr: StderrMode,
    },
    Http {
        url: Secret,
        headers: Vec<(String, Secret)>,
    },
}

/// One downstream server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    pub name: String,
    pub transport: Transport,
    pub description: Option<String>,
    /// Expose tools as `server__tool` (true) or by their own names (false).
    pub prefix: bool,
    pub sessions: SessionScope,
    pub enabled: bool,
    pub call_timeout: Option<Duration>,
    pub connect_timeout: Option<Duration>,
    pub max_result_bytes: Option<usize>,
}

/// The `[gateway]` table.
#[derive(Clone, Debug, PartialEq)]
pub struct GatewayConfig {
    pub mode: Mode,
    /// Per-call timeout (default 60 s).
    pub call_timeout: Duration,
    /// Time allowed for a server to start and answer `initialize` (default 30 s).
    pub connect_timeout: Duration,
    /// Largest result accepted from a server (default 16 MiB).
    pub max_result_bytes: usize,
    /// Context budget in tokens, for `auto` (default 200,000).
    pub context_budget: usize,
    /// Share of the budget tool definitions may take in `auto` before the
    /// meta-tools replace them (default 0.02).
    pub direct_share: f64,
    /// `Host` values accepted over HTTP (DNS-rebinding protection).
    pub allowed_hosts: Vec<String>,
    /// `Origin` values accepted over HTTP; empty rejects every browser origin.
    pub allowed_origins: Vec<String>,
    /// An HTTP session idle this long is closed (default 30 min).
    pub session_idle_timeout: Duration,
    /// Where tool manifests of servers are cached between runs.
    pub manifest_dir: Option<PathBuf>,
    /// Rule files and directories (relative paths are relative to the
    /// config file). Empty: `rules/` beside the config file if there is
    /// one, else the built-in defaults.
    pub rules: Vec<PathBuf>,
    /// The hash-chained audit log (JSON Lines); none: audit records go to
    /// the debug log only.
    pub audit_log: Option<PathBuf>,
    /// Code mode (`execute_code`), the `[gateway.code]` table.
    pub code: CodeConfig,
}

/// The `[gateway.code]` table: code mode's limits and workspace.
#[derive(Clone, Debug, PartialEq)]
pub struct CodeConfig {
    /// Offer `execute_code` (default true).
    pub enabled: bool,
    /// Wall time of one run; the worker is killed at the end (default 30 s).
    pub timeout: Duration,
    /// Memory of one worker in MiB (default 256).
    pub memory_mib: u64,
    /// Tool calls one run may make (default 1000).
    pub max_calls: usize,
    /// Bytes of output (printed text and the value) returned to the model;
    /// the rest is cut with a note (default 20,000).
    pub max_output_bytes: usize,
    /// Where sessions' workspaces live (one directory per session, deleted
    /// when the session ends). Default: a directory under the system's
    /// temporary directory.
    pub workspace_dir: Option<PathBuf>,
}

impl Default for CodeConfig {
    fn default() -> Self {
        CodeConfig {
            enabled: true,
            timeout: Duration::from_secs(30),
            memory_mib: 256,
            max_calls: 1000,
            max_output_bytes: 20_000,
            workspace_dir: None,
        }
    }
}

impl Default for GatewayConfig {
    fn default() -> Self {
        GatewayConfig {
            mode: Mode::Auto,
            call_timeout: Duration::from_secs(60),
            connect_timeout: Duration::from_secs(30),
            max_result_bytes: 16 * 1024 * 1024,
            context_budget: 200_000,
            direct_share: 0.02,
            allowed_hosts: vec!["localhost".into(), "127.0.0.1".into(), "::1".into()],
            allowed_origins: Vec::new(),
            session_idle_timeout: Duration::from_secs(30 * 60),
            manifest_dir: None,
            rules: Vec::new(),
            audit_log: None,
            code: CodeConfig::default(),
        }
    }
}

/// A whole configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The file it came from; `None` for the built-in demo configuration.
    pub path: Option<PathBuf>,
    pub gateway: GatewayConfig,
    /// Servers in the order the file lists them.
    pub servers: Vec<ServerConfig>,
}

impl Config {
    pub fn server(&self, name: &str) -> Option<&ServerConfig> {
        self.servers.iter().find(|s| s.name == name)
    }

    /// Reads a configuration file: TOML, or JSON with an `mcpServers` object.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            file: file.clone(),
            line: 1,
            column: 1,
            message: format!("cannot read the file: {e}"),
        })?;
        let is_json =
            path.extension().is_some_and(|e| e == "json") || text.trim_start().starts_with('{');
        let mut cfg = if is_json {
            parse_json(&file, &text, &|k| std::env::var(k).ok())?
        } else {
            parse_toml(&file, &text, &|k| std::env::var(k).ok())?
        };
        // Paths in the file are relative to the file.
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let rel = |p: &PathBuf| {
            if p.is_relative() {
                base.join(p)
            } else {
                p.clone()
            }
        };
        cfg.gateway.rules = cfg.gateway.rules.iter().map(rel).collect();
        cfg.gateway.audit_log = cfg.gateway.audit_log.as_ref().map(rel);
        cfg.gateway.manifest_dir = cfg.gateway.manifest_dir.as_ref().map(rel);
        cfg.gateway.code.workspace_dir = cfg.gateway.code.workspace_dir.as_ref().map(rel);
        cfg.path = Some(path.to_path_buf());
        Ok(cfg)
    }

    /// The built-in configuration: the demo spreadsheet, CRM and mailer
    /// servers, run as child processes of this executable.
    pub fn builtin(exe: &Path) -> Config {
        let server = |name: &str, description: &str| ServerConfig {
            name: name.into(),
            transport: Transport::Stdio {
                command: exe.display().to_string(),
                args: vec![
                    Secret::from_expansion("", "demo-server".into()),
                    Secret::from_expansion("", name.into()),
                ],
                env: Vec::new(),
                cwd: None,
                stderr: StderrMode::Discard,
            },
            description: Some(description.into()),
            prefix: true,
            sessions: SessionScope::Isolated,
            enabled: true,
            call_timeout: None,
            connect_timeout: None,
            max_result_bytes: None,
        };
        Config {
            path: None,
            gateway: GatewayConfig::default(),
            servers: vec![
                server(
                    "spreadsheet",
                    "Demo spreadsheet: sheets of leads and customers (fake data)",
                ),
                server(
                    "crm",
                    "Demo CRM: contacts with names, emails and phones (fake data)",
                ),
                server("mailer", "Demo mailer: sends emails, keeps an outbox"),
            ],
        }
    }
}

// ---- locations ------------------------------------------------------------

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map_or(before, |i| &before[i + 1..])
        .chars()
        .count()
        + 1;
    (line, col)
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn error_at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> ConfigError {
    let (line, column) = line_col(text, offset);
    ConfigError {
        file: file.to_string(),
        line,
        column,
        message: message.into(),
    }
}

/// Edit distance with transpositions (optimal string alignment), for
/// "did you mean": `emial` is one edit from `email`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// The closest candidate to `word`, when it is close enough to be a typo.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, c)| *d > 0 && *d <= (c.len().max(word.len()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Adds "did you mean" to serde's "unknown field `x`, expected one of `a`, `b`".
fn with_suggestion(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown field `") else {
        return message.to_string();
    };
    let Some((word, tail)) = rest.split_once('`') else {
        return message.to_string();
    };
    let expected: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
    match did_you_mean(word, expected.iter().copied()) {
        Some(s) => format!("{}; did you mean `{s}`?", message.trim_end()),
        None => message.to_string(),
    }
}

// ---- ${ENV} references ----------------------------------------------------

type EnvLookup<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Expands `${NAME}` references (`$$` is a literal `$`).
fn expand(value: &str, env: EnvLookup) -> Result<String, String> {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some(body) = after.strip_prefix('{') {
            let Some(end) = body.find('}') else {
                return Err("unclosed `${` (write `$$` for a literal `$`)".into());
            };
            let name = &body[..end];
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(format!("`${{{name}}}` is not an environment variable name"));
            }
            match env(name) {
                Some(v) => out.push_str(&v),
                None => return Err(format!("environment variable {name} is not set")),
            }
            rest = &body[end + 1..];
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    Ok(out)
}

// ---- durations and names ----------------------------------------------------

/// `30`, `"30s"`, `"500ms"`, `"2m"`, `"1h"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawDuration {
    Seconds(u64),
    Text(String),
}

fn parse_duration(raw: &RawDuration) -> Result<Duration, String> {
    match raw {
        RawDuration::Seconds(s) => Ok(Duration::from_secs(*s)),
        RawDuration::Text(t) => {
            let t = t.trim();
            let split = t
                .find(|c: char| !c.is_ascii_digit() && c != '.')
                .unwrap_or(t.len());
            let (num, unit) = t.split_at(split);
            let n: f64 = num.parse().map_err(|_| {
                format!("`{t}` is not a duration (write \"30s\", \"500ms\", \"2m\")")
            })?;
            let secs = match unit.trim() {
                "ms" => n / 1000.0,
                "" | "s" => n,
                "m" | "min" => n * 60.0,
                "h" => n * 3600.0,
                other => {
                    return Err(format!(
                        "unknown duration unit `{other}` (use ms, s, m or h)"
                    ));
                }
            };
            if !secs.is_finite() || secs < 0.0 {
                return Err(format!("`{t}` is not a duration"));
            }
            Ok(Duration::from_secs_f64(secs))
        }
    }
}

/// Server names become tool-name prefixes (`crm__search`): ASCII letters,
/// digits, `-` and single `_`, at most 32 characters.
pub fn check_server_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 32 {
        return Err(format!("server name `{name}` must have 1 to 32 characters"));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "server name `{name}` may only hold ASCII letters, digits, `-` and `_`"
        ));
    }
    if name.contains("__") || name.starts_with('_') || name.ends_with('_') {
        return Err(format!(
            "server name `{name}` may not start or end with `_` or contain `__` (it separates server and tool names)"
        ));
    }
    Ok(())
}

// ---- TOML -------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    gateway: Option<RawGateway>,
    #[serde(default)]
    servers: BTreeMap<Spanned<String>, Spanned<RawServer>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGateway {
    mode: Option<Mode>,
    call_timeout: Option<Spanned<RawDuration>>,
    connect_timeout: Option<Spanned<RawDuration>>,
    max_result_bytes: Option<usize>,
    context_budget: Option<usize>,
    direct_share: Option<Spanned<f64>>,
    allowed_hosts: Option<Vec<String>>,
    allowed_origins: Option<Vec<String>>,
    session_idle_timeout: Option<Spanned<RawDuration>>,
    manifest_dir: Option<PathBuf>,
    rules: Option<Vec<PathBuf>>,
    audit_log: Option<PathBuf>,
    code: Option<RawCode>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCode {
    enabled: Option<bool>,
    timeout: Option<Spanned<RawDuration>>,
    memory_mib: Option<Spanned<u64>>,
    max_calls: Option<usize>,
    max_output_bytes: Option<Spanned<usize>>,
    workspace_dir: Option<PathBuf>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawServer {
    command: Option<Spanned<String>>,
    #[serde(default)]
    args: Vec<Spanned<String>>,
    #[serde(default)]
    env: BTreeMap<String, Spanned<String>>,
    cwd: Option<PathBuf>,
    stderr: Option<Spanned<String>>,
    url: Option<Spanned<String>>,
    #[serde(default)]
    headers: BTreeMap<String, Spanned<String>>,
    description: Option<String>,
    prefix: Option<bool>,
    sessions: Option<SessionScope>,
    enabled: Option<bool>,
    call_timeout: Option<Spanned<RawDuration>>,
    connect_timeout: Option<Spanned<RawDuration>>,
    max_result_bytes: Option<usize>,
}

/// Parses TOML text (`file` names it in errors).
pub fn parse_toml(file: &str, text: &str, env: EnvLookup) -> Result<Config, ConfigError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        error_at(file, text, at, with_suggestion(e.message()))
    })?;
    let at = |span: Range<usize>, msg: String| error_at(file, text, span.start, msg);
    let dur = |d: &Spanned<RawDuration>| parse_duration(d.get_ref()).map_err(|m| at(d.span(), m));

    let mut gateway = GatewayConfig::default();
    if let Some(g) = raw.gateway {
        if let Some(m) = g.mode {
            gateway.mode = m;
        }
        if let Some(d) = &g.call_timeout {
            gateway.call_timeout = dur(d)?;
        }
        if let Some(d) = &g.connect_timeout {
            gateway.connect_timeout = dur(d)?;
        }
        if let Some(d) = &g.session_idle_timeout {
            gateway.session_idle_timeout = dur(d)?;
        }
        if let Some(n) = g.max_result_bytes {
            gateway.max_result_bytes = n;
        }
        if let Some(n) = g.context_budget {
            gateway.context_budget = n;
        }
        if let Some(s) = &g.direct_share {
            let v = *s.get_ref();
            if !(0.0..=1.0).contains(&v) {
                return Err(at(s.span(), "direct_share must be between 0 and 1".into()));
            }
            gateway.direct_share = v;
        }
        if let Some(h) = g.allowed_hosts {
            gateway.allowed_hosts = h;
        }
        if let Some(o) = g.allowed_origins {
            gateway.allowed_origins = o;
        }
        gateway.manifest_dir = g.manifest_dir;
        gateway.rules = g.rules.unwrap_or_default();
        gateway.audit_log = g.audit_log;
        if let Some(c) = g.code {
            let code = &mut gateway.code;
            if let Some(e) = c.enabled {
                code.enabled = e;
            }
            if let Some(d) = &c.timeout {
                code.timeout = dur(d)?;
            }
            if let Some(m) = &c.memory_mib {
                if *m.get_ref() < 32 {
                    return Err(at(
                        m.span(),
                        "memory_mib must be at least 32 (the engine needs that much to start)"
                            .into(),
                    ));
                }
                code.memory_mib = *m.get_ref();
            }
            if let Some(n) = c.max_calls {
                code.max_calls = n;
            }
            if let Some(n) = &c.max_output_bytes {
                if *n.get_ref() < 100 {
                    return Err(at(n.span(), "max_output_bytes must be at least 100".into()));
                }
                code.max_output_bytes = *n.get_ref();
            }
            code.workspace_dir = c.workspace_dir;
        }
    }

    // Servers in file order (the map is keyed by name; sort by position).
    let mut entries: Vec<(Spanned<String>, Spanned<RawServer>)> = raw.servers.into_iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    let mut servers = Vec::new();
    for (name, server) in entries {
        let name_span = name.span();
        let name = name.into_inner();
        check_server_name(&name).map_err(|m| at(name_span.clone(), m))?;
        let span = server.span();
        let s = server.into_inner();
        let expand_at = |v: &Spanned<String>| expand(v.get_ref(), env).map_err(|m| at(v.span(), m));
        let transport = match (&s.command, &s.url) {
            (Some(_), Some(url)) => {
                return Err(at(
                    url.span(),
                    format!(
                        "server `{name}` has both `command` and `url`; a server is either a child process or an HTTP endpoint"
                    ),
                ));
            }
            (None, None) => {
                return Err(at(
                    span,
                    format!(
                        "server `{name}` needs `command` (a child process over stdio) or `url` (streamable HTTP)"
                    ),
                ));
            }
            (Some(cmd), None) => {
                if !s.headers.is_empty() {
                    return Err(at(
                        name_span,
                        format!("server `{name}`: `headers` apply to `url` servers only"),
                    ));
                }
                let command = expand_at(cmd)?;
                if command.trim().is_empty() {
                    return Err(at(cmd.span(), "`command` is empty".into()));
                }
                let args = s
                    .args
                    .iter()
                    .map(|a| Ok(Secret::from_expansion(a.get_ref(), expand_at(a)?)))
                    .collect::<Result<_, ConfigError>>()?;
                let env = s
                    .env
                    .iter()
                    .map(|(k, v)| Ok((k.clone(), Secret::new(expand_at(v)?))))
                    .collect::<Result<_, ConfigError>>()?;
                let stderr = match &s.stderr {
                    None => StderrMode::Discard,
                    Some(v) => match v.get_ref().as_str() {
                        "discard" => StderrMode::Discard,
                        "inherit" => StderrMode::Inherit,
                        p if p.starts_with("file:") => StderrMode::File(PathBuf::from(&p[5..])),
                        other => {
                            return Err(at(
                                v.span(),
                                format!(
                                    "stderr must be \"discard\", \"inherit\" or \"file:PATH\", not \"{other}\""
                                ),
                            ));
                        }
                    },
                };
                Transport::Stdio {
                    command,
                    args,
                    env,
                    cwd: s.cwd.clone(),
                    stderr,
                }
            }
            (None, Some(url)) => {
                if !s.args.is_empty() || !s.env.is_empty() || s.cwd.is_some() {
                    return Err(at(
                        url.span(),
                        format!(
                            "server `{name}`: `args`, `env` and `cwd` apply to `command` servers only"
                        ),
                    ));
                }
                let u = expand_at(url)?;
                check_url(&u).map_err(|m| at(url.span(), m))?;
                let headers = s
                    .headers
                    .iter()
                    .map(|(k, v)| {
                        http::HeaderName::from_bytes(k.as_bytes()).map_err(|_| {
                            at(v.span(), format!("`{k}` is not a valid HTTP header name"))
                        })?;
                        Ok((k.clone(), Secret::new(expand_at(v)?)))
                    })
                    .collect::<Result<_, ConfigError>>()?;
                Transport::Http {
                    url: Secret::from_expansion(url.get_ref(), u),
                    headers,
                }
            }
        };
        servers.push(ServerConfig {
            name,
            transport,
            description: s.description,
            prefix: s.prefix.unwrap_or(true),
            sessions: s.sessions.unwrap_or(SessionScope::Isolated),
            enabled: s.enabled.unwrap_or(true),
            call_timeout: s.call_timeout.as_ref().map(dur).transpose()?,
            connect_timeout: s.connect_timeout.as_ref().map(dur).transpose()?,
            max_result_bytes: s.max_result_bytes,
        });
    }
    Ok(Config {
        path: None,
        gateway,
        servers,
    })
}

fn check_url(u: &str) -> Result<(), String> {
    let parsed: http::Uri = u.parse().map_err(|_| format!("`{u}` is not a URL"))?;
    match parsed.scheme_str() {
        Some("http") | Some("https") if parsed.host().is_some() => Ok(()),
        _ => Err(format!("`{u}` must be an http:// or https:// URL")),
    }
}

// ---- JSON (Claude Desktop style) -------------------------------------------

#[derive(Deserialize)]
struct RawJsonFile {
    #[serde(rename = "mcpServers")]
    mcp_servers: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RawJsonServer {
    command: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    cwd: Option<PathBuf>,
    url: Option<String>,
    #[serde(default)]
    headers: BTreeMap<String, String>,
    /// `stdio`, `http`, `streamable-http` or `streamableHttp`; SSE is not supported.
    #[serde(rename = "type", alias = "transport", alias = "transportType")]
    kind: Option<String>,
    #[serde(default)]
    disabled: bool,
    description: Option<String>,
    // Fields other clients keep in this file; accepted and ignored.
    #[serde(default, rename = "autoApprove", alias = "alwaysAllow")]
    _auto_approve: serde_json::Value,
    #[serde(default)]
    _timeout: serde_json::Value,
}

/// Parses Claude-Desktop-style JSON: `{"mcpServers": {"name": {...}}}`.
pub fn parse_json(file: &str, text: &str, env: EnvLookup) -> Result<Config, ConfigError> {
    let json_err = |e: serde_json::Error| ConfigError {
        file: file.to_string(),
        line: e.line().max(1),
        column: e.column().max(1),
        message: e
            .to_string()
            .split(" at line ")
            .next()
            .unwrap_or("")
            .to_string(),
    };
    let raw: RawJsonFile = serde_json::from_str(text).map_err(json_err)?;
    let Some(map) = raw.mcp_servers else {
        return Err(error_at(
            file,
            text,
            0,
            "a JSON configuration needs an `mcpServers` object",
        ));
    };
    let mut servers = Vec::new();
    for (name, value) in map {
        // serde_json keeps no spans for values: locate the member by its key.
        let here = locate_key(text, &name);
        let at = |m: String| error_at(file, text, here, m);
        check_server_name(&name).map_err(&at)?;
        let s: RawJsonServer = serde_json::from_value(value).map_err(|e| {
            at(format!(
                "server `{name}`: {}",
                with_suggestion(&e.to_string())
            ))
        })?;
        let ex = |v: &str| expand(v, env).map_err(|m| at(format!("server `{name}`: {m}")));
        let transport = match (&s.command, &s.url) {
            (Some(_), Some(_)) => {
                return Err(at(format!("server `{name}` has both `command` and `url`")));
            }
            (None, None) => {
                return Err(at(format!("server `{name}` needs `command` or `url`")));
            }
            (Some(c), None) => Transport::Stdio {
                command: ex(c)?,
                args: s
                    .args
                    .iter()
                    .map(|a| Ok(Secret::from_expansion(a, ex(a)?)))
                    .collect::<Result<_, ConfigError>>()?,
                env: s
                    .env
                    .iter()
                    .map(|(k, v)| Ok((k.clone(), Secret::new(ex(v)?))))
                    .collect::<Result<_, ConfigError>>()?,
                cwd: s.cwd.clone(),
                stderr: StderrMode::Discard,
            },
            (None, Some(uraw)) => {
                if let Some(k) = s.kind.as_deref()
                    && !matches!(
                        k,
                        "http" | "streamable-http" | "streamableHttp" | "streamable_http"
                    )
                {
                    return Err(at(format!(
                        "server `{name}`: transport `{k}` is not supported (Sluice speaks stdio and streamable HTTP)"
                    )));
                }
                let u = ex(uraw)?;
                check_url(&u).map_err(&at)?;
                Transport::Http {
                    url: Secret::from_expansion(uraw, u),
                    headers: s
                        .headers
                        .iter()
                        .map(|(k, v)| Ok((k.clone(), Secret::new(ex(v)?))))
                        .collect::<Result<_, ConfigError>>()?,
                }
            }
        };
        servers.push(ServerConfig {
            name,
            transport,
            description: s.description,
            prefix: true,
            sessions: SessionScope::Isolated,
            enabled: !s.disabled,
            call_timeout: None,
            connect_timeout: None,
            max_result_bytes: None,
        });
    }
    Ok(Config {
        path: None,
        gateway: GatewayConfig::default(),
        servers,
    })
}

/// Byte offset of `"key"` followed by `:` in JSON text (0 when not found).
fn locate_key(text: &str, key: &str) -> usize {
    let quoted = serde_json::to_string(key).unwrap_or_default();
    let mut from = 0;
    while let Some(i) = text[from..].find(&quoted) {
        let at = from + i;
        if text[at + quoted.len()..].trim_start().starts_with(':') {
            return at;
        }
        from = at + quoted.len();
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(k: &str) -> Option<String> {
        (k == "TOKEN").then(|| "s3cret".to_string())
    }

    fn toml_err(text: &str) -> ConfigError {
        parse_toml("sluice.toml", text, &env).unwrap_err()
    }

    #[test]
    fn code_mode_table_parses_and_its_mistakes_are_located() {
        let cfg = parse_toml(
            "sluice.toml",
            "[gateway.code]\ntimeout = \"5s\"\nmemory_mib = 128\nmax_output_bytes = 4000\n",
            &env,
        )
        .unwrap();
        assert_eq!(cfg.gateway.code.timeout, Duration::from_secs(5));
        assert_eq!(cfg.gateway.code.memory_mib, 128);
        assert_eq!(cfg.gateway.code.max_output_bytes, 4000);
        assert!(cfg.gateway.code.enabled);
        let e = toml_err("[gateway.code]\nenabled = true\nmemory_mib = 1\n");
        assert_eq!((e.line, e.column), (3, 14), "{e}");
        assert!(e.message.contains("at least 32"), "{e}");
        let e = toml_err("[gateway.code]\ntimeot = \"5s\"\n");
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.contains("did you mean `timeout`"), "{e}");
    }

    #[test]
    fn parses_servers_in_order_with_env_references() {
        let cfg = parse_toml(
            "sluice.toml",
            r#"
[gateway]
mode = "direct"
call_timeout = "1.5s"

[servers.zeta]
command = "zeta-mcp"
args = ["--token", "${TOKEN}"]
env = { KEY = "${TOKEN}", PLAIN = "a$$b" }

[servers.alpha]
url = "https://alpha.example.com/mcp"
headers = { Authorization = "Bearer ${TOKEN}" }
prefix = false
sessions = "shared"
"#,
            &env,
        )
        .unwrap();
        assert_eq!(cfg.gateway.mode, Mode::Direct);
        assert_eq!(cfg.gateway.call_timeout, Duration::from_millis(1500));
        let names: Vec<&str> = cfg.servers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["zeta", "alpha"]);
        let Transport::Stdio { args, env, .. } = &cfg.servers[0].transport else {
            panic!()
        };
        assert_eq!(args[1].expose(), "s3cret");
        assert_eq!(env[1].1.expose(), "a$b");
        let Transport::Http { headers, .. } = &cfg.servers[1].transport else {
            panic!()
        };
        assert_eq!(headers[0].1.expose(), "Bearer s3cret");
        // Secrets never print.
        assert!(!format!("{cfg:?}").contains("s3cret"));
        assert!(!cfg.servers[1].prefix);
        assert_eq!(cfg.servers[1].sessions, SessionScope::Shared);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = toml_err("[servers.crm]\ncomand = \"x\"\n");
        assert_eq!((e.line, e.column), (2, 1), "{e}");
        assert!(e.message.contains("did you mean `command`?"), "{e}");

        let e = toml_err("[servers.crm]\ncommand = \"x\"\nurl = \"http://a\"\n");
        assert_eq!((e.line, e.column), (3, 7), "{e}");

        let e = toml_err("[servers.crm]\ncommand = \"x ${MISSING}\"\n");
        assert_eq!(e.line, 2);
        assert!(e.message.contains("MISSING is not set"), "{e}");

        let e = toml_err("[servers.\"a__b\"]\ncommand = \"x\"\n");
        assert_eq!(e.line, 1);

        let e = toml_err("[servers.crm]\nurl = \"ftp://x\"\n");
        assert_eq!((e.line, e.column), (2, 7));

        let e = toml_err("[gateway]\ncall_timeout = \"5 parsecs\"\n");
        assert_eq!((e.line, e.column), (2, 16), "{e}");

        let e = toml_err("[servers.crm]\ncommand = [1]\n");
        assert_eq!(e.line, 2, "{e}");

        let e = toml_err("[servers.crm]\n");
        assert!(e.message.contains("needs `command`"), "{e}");
    }

    #[test]
    fn claude_desktop_json() {
        let text = r#"{
  "mcpServers": {
    "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {"K": "${TOKEN}"}},
    "remote": {"type": "http", "url": "http://127.0.0.1:9/mcp", "headers": {"X-Key": "${TOKEN}"}},
    "off": {"command": "x", "disabled": true}
  }
}"#;
        let cfg = parse_json("claude.json", text, &env).unwrap();
        assert_eq!(cfg.servers.len(), 3);
        assert!(!cfg.servers[2].enabled);
        let e = parse_json(
            "c.json",
            "{\"mcpServers\": {\n  \"a\": {\"comand\": \"x\"}\n}}",
            &env,
        )
        .unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.contains("did you mean `command`"), "{e}");
        let e = parse_json(
            "c.json",
            "{\"mcpServers\": {\n  \"a\": {\"url\": \"http://x\", \"type\": \"sse\"}}}",
            &env,
        )
        .unwrap_err();
        assert!(e.message.contains("not supported"), "{e}");
        let e = parse_json("c.json", "{\n  \"mcpServers\": [}", &env).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
    }

    #[test]
    fn durations_and_suggestions() {
        assert_eq!(
            parse_duration(&RawDuration::Text("500ms".into())).unwrap(),
            Duration::from_millis(500)
        );
        assert_eq!(
            parse_duration(&RawDuration::Text("2m".into())).unwrap(),
            Duration::from_secs(120)
        );
        assert_eq!(did_you_mean("comand", ["command", "args"]), Some("command"));
        assert_eq!(did_you_mean("zzz", ["command", "args"]), None);
        assert_eq!(did_you_mean("emial", ["email", "phone"]), Some("email"));
    }
}

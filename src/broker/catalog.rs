//! The tool catalog: what every configured server offers (tools,
//! resources, resource templates, prompts), the names they are exposed
//! under, and a manifest cache so that a server need not be started just
//! to learn its tools.
//!
//! Lists here are raw server metadata shared by all sessions. They reach
//! the model only through the gateway, tokenized per session.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use rmcp::model::{Prompt, Resource, ResourceTemplate, Tool};
use serde::{Deserialize, Serialize};

use crate::config::{Config, ServerConfig, Transport};

/// What one server offers.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ServerLists {
    pub tools: Vec<Tool>,
    pub resources: Vec<Resource>,
    pub templates: Vec<ResourceTemplate>,
    pub prompts: Vec<Prompt>,
    #[serde(default)]
    pub instructions: Option<String>,
    /// The server's own name and version, as it reported them.
    #[serde(default)]
    pub implementation: Option<String>,
}

/// Whether the catalog knows a server's lists, and from where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Known {
    /// Listed over a live connection in this run.
    Live,
    /// Read from the manifest cache (written on an earlier connection).
    Manifest,
    /// Never listed: the server could not be reached.
    Unknown,
}

/// One server's entry.
#[derive(Clone, Debug)]
pub struct Entry {
    pub lists: Arc<ServerLists>,
    pub known: Known,
}

/// Where an exposed (upstream) tool or prompt name leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub server: String,
    pub name: String,
}

#[derive(Default)]
struct State {
    servers: BTreeMap<String, Entry>,
    generation: u64,
    tools: BTreeMap<String, Target>,
    prompts: BTreeMap<String, Target>,
}

/// The catalog of all configured servers.
pub struct Catalog {
    config: Arc<Config>,
    state: RwLock<State>,
    manifest_dir: Option<PathBuf>,
}

/// Longest exposed tool name (what common model APIs accept).
pub const MAX_TOOL_NAME: usize = 64;

/// The name a server's tool (or prompt) is exposed under upstream:
/// `server__tool` when the server is prefixed, else the tool's own name;
/// characters outside `[A-Za-z0-9_-]` become `_`, and names longer than 64
/// characters are shortened with a hash suffix.
pub fn exposed_name(server: &ServerConfig, name: &str) -> String {
    let raw = if server.prefix {
        format!("{}__{}", server.name, name)
    } else {
        name.to_string()
    };
    let mut clean: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.is_empty() {
        clean.push('_');
    }
    if clean.len() > MAX_TOOL_NAME || clean != raw {
        // Shortened or rewritten names get a hash of the original, so two
        // names that clean to the same text stay apart.
        let digest = ring::digest::digest(&ring::digest::SHA256, raw.as_bytes());
        let tag: String = digest.as_ref()[..4]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        if clean != raw || clean.len() > MAX_TOOL_NAME {
            clean.truncate(MAX_TOOL_NAME - 9);
            clean.push('_');
            clean.push_str(&tag);
        }
    }
    clean
}

/// A name collision between two servers' exposed names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{kind} name `{name}` is exposed by both `{first}` and `{second}`; set `prefix = true` on one of them"
)]
pub struct Collision {
    pub kind: &'static str,
    pub name: String,
    pub first: String,
    pub second: String,
}

impl Catalog {
    pub fn new(config: Arc<Config>) -> Self {
        let manifest_dir = config
            .gateway
            .manifest_dir
            .clone()
            .or_else(default_manifest_dir);
        Catalog {
            config,
            state: RwLock::new(State::default()),
            manifest_dir,
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, State> {
        self.state.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Bumped on every change: sessions re-tokenize their copies when it moves.
    pub fn generation(&self) -> u64 {
        self.read().generation
    }

    pub fn entry(&self, server: &str) -> Option<Entry> {
        self.read().servers.get(server).cloned()
    }

    pub fn entries(&self) -> Vec<(String, Entry)> {
        self.read()
            .servers
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    pub fn tool_target(&self, exposed: &str) -> Option<Target> {
        self.read().tools.get(exposed).cloned()
    }

    pub fn prompt_target(&self, exposed: &str) -> Option<Target> {
        self.read().prompts.get(exposed).cloned()
    }

    /// Every exposed tool name, for "did you mean".
    pub fn tool_names(&self) -> Vec<String> {
        self.read().tools.keys().cloned().collect()
    }

    /// Records a server's lists; with `Known::Live` also writes the manifest.
    /// Returns the collisions the new lists cause (the server's colliding
    /// names are then not exposed).
    pub fn set(&self, server: &str, lists: ServerLists, known: Known) -> Vec<Collision> {
        if known == Known::Live {
            self.write_manifest(server, &lists);
        }
        let mut st = self.write();
        let changed = st
            .servers
            .get(server)
            .is_none_or(|e| e.known != known || !same_lists(&e.lists, &lists));
        st.servers.insert(
            server.to_string(),
            Entry {
                lists: Arc::new(lists),
                known,
            },
        );
        let collisions = self.rebuild_names(&mut st);
        if changed {
            st.generation += 1;
        }
        collisions
    }

    /// Marks a server as unreachable (when nothing is known of it yet).
    pub fn set_unknown(&self, server: &str) {
        let mut st = self.write();
        if !st.servers.contains_key(server) {
            st.servers.insert(
                server.to_string(),
                Entry {
                    lists: Arc::new(ServerLists::default()),
                    known: Known::Unknown,
                },
            );
            st.generation += 1;
        }
    }

    fn rebuild_names(&self, st: &mut State) -> Vec<Collision> {
        let mut collisions = Vec::new();
        let mut tools: BTreeMap<String, Target> = BTreeMap::new();
        let mut prompts: BTreeMap<String, Target> = BTreeMap::new();
        for server in &self.config.servers {
            let Some(entry) = st.servers.get(&server.name) else {
                continue;
            };
            for (kind, names, map) in [
                (
                    "tool",
                    entry
                        .lists
                        .tools
                        .iter()
                        .map(|t| t.name.to_string())
                        .collect::<Vec<_>>(),
                    &mut tools,
                ),
                (
                    "prompt",
                    entry
                        .lists
                        .prompts
                        .iter()
                        .map(|p| p.name.clone())
                        .collect::<Vec<_>>(),
                    &mut prompts,
                ),
            ] {
                for name in names {
                    let exposed = exposed_name(server, &name);
                    if let Some(prev) = map.get(&exposed) {
                        collisions.push(Collision {
                            kind,
                            name: exposed,
                            first: prev.server.clone(),
                            second: server.name.clone(),
                        });
                        continue;
                    }
                    map.insert(
                        exposed,
                        Target {
                            server: server.name.clone(),
                            name,
                        },
                    );
                }
            }
        }
        st.tools = tools;
        st.prompts = prompts;
        collisions
    }

    // ---- manifests ---------------------------------------------------------

    fn manifest_path(&self, server: &str) -> Option<PathBuf> {
        let cfg = self.config.server(server)?;
        Some(
            self.manifest_dir
                .as_ref()?
                .join(format!("{server}-{}.json", config_digest(cfg))),
        )
    }

    /// Lists from the manifest cache, when an earlier run wrote them for
    /// this server with this command or URL.
    pub fn load_manifest(&self, server: &str) -> Option<ServerLists> {
        let path = self.manifest_path(server)?;
        let text = std::fs::read_to_string(path).ok()?;
        serde_json::from_str(&text).ok()
    }

    fn write_manifest(&self, server: &str, lists: &ServerLists) {
        let Some(path) = self.manifest_path(server) else {
            return;
        };
        if let Err(e) = write_atomic(&path, lists) {
            tracing::debug!(server, error = %e, "manifest not written");
        }
    }
}

fn same_lists(a: &ServerLists, b: &ServerLists) -> bool {
    serde_json::to_value(a).ok() == serde_json::to_value(b).ok()
}

fn write_atomic(path: &Path, lists: &ServerLists) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, serde_json::to_vec(lists)?)?;
    std::fs::rename(tmp, path)
}

/// `$SLUICE_CACHE_DIR/manifests`, else `$XDG_CACHE_HOME/sluice/manifests`,
/// else `~/.cache/sluice/manifests`.
fn default_manifest_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("SLUICE_CACHE_DIR") {
        return Some(PathBuf::from(d).join("manifests"));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("sluice").join("manifests"))
}

/// A digest of what identifies a server's program: command, arguments and
/// the *names* of its environment variables, or its URL and header names.
/// Secret values stay out of it (a digest of a short secret can be guessed).
fn config_digest(cfg: &ServerConfig) -> String {
    let id = match &cfg.transport {
        Transport::Stdio {
            command,
            args,
            env,
            cwd,
            ..
        } => serde_json::json!({
            "command": command,
            "args": args.iter().map(|a| a.public()).collect::<Vec<_>>(),
            "env": env.iter().map(|(k, _)| k).collect::<Vec<_>>(),
            "cwd": cwd,
        }),
        Transport::Http { url, headers } => serde_json::json!({
            "url": url.public(),
            "headers": headers.iter().map(|(k, _)| k).collect::<Vec<_>>(),
        }),
    };
    let d = ring::digest::digest(&ring::digest::SHA256, id.to_string().as_bytes());
    d.as_ref()[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// Rough token count of tool definitions (about four bytes per token).
pub fn estimate_tokens(tools: &[Tool]) -> usize {
    tools
        .iter()
        .map(|t| serde_json::to_string(t).map_or(0, |s| s.len()))
        .sum::<usize>()
        / 4
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{SessionScope, StderrMode};

    fn server(name: &str, prefix: bool) -> ServerConfig {
        ServerConfig {
            name: name.into(),
            transport: Transport::Stdio {
                command: "x".into(),
                args: vec![],
                env: vec![],
                cwd: None,
                stderr: StderrMode::Discard,
            },
            description: None,
            prefix,
            sessions: SessionScope::Isolated,
            enabled: true,
            call_timeout: None,
            connect_timeout: None,
            max_result_bytes: None,
        }
    }

    #[test]
    fn exposed_names_obey_the_tool_name_rules() {
        let s = server("crm", true);
        assert_eq!(exposed_name(&s, "search_contacts"), "crm__search_contacts");
        let weird = exposed_name(&s, "get weather/now");
        assert!(weird.starts_with("crm__get_weather_now_"), "{weird}");
        let long = exposed_name(&s, &"x".repeat(100));
        assert_eq!(long.len(), MAX_TOOL_NAME);
        assert_ne!(exposed_name(&s, "a b"), exposed_name(&s, "a/b"));
        assert_eq!(exposed_name(&server("crm", false), "echo"), "echo");
        for n in [weird, long] {
            assert!(
                n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            );
        }
    }

    fn tool(name: &str) -> Tool {
        serde_json::from_value(serde_json::json!({"name": name, "inputSchema": {"type": "object"}}))
            .unwrap()
    }

    #[test]
    fn collisions_between_unprefixed_servers() {
        let cfg = Arc::new(Config {
            path: None,
            gateway: Default::default(),
            servers: vec![server("a", false), server("b", false)],
        });
        let c = Catalog {
            config: cfg,
            state: RwLock::new(State::default()),
            manifest_dir: None,
        };
        let lists = |n: &str| ServerLists {
            tools: vec![tool(n), tool("echo")],
            ..Default::default()
        };
        assert!(c.set("a", lists("one"), Known::Live).is_empty());
        let col = c.set("b", lists("two"), Known::Live);
        assert_eq!(col.len(), 1);
        assert_eq!(col[0].name, "echo");
        assert_eq!(c.tool_target("echo").unwrap().server, "a");
        assert_eq!(c.tool_target("two").unwrap().server, "b");
    }
}

//! Code mode on the gateway's side: the `execute_code` meta-tool, the
//! session's workspace (files and skills) and the [`Host`] through which
//! the sandbox's every tool call reaches the broker.
//!
//! The sandbox only ever sees what the model could see: tool results come
//! tokenized from the broker, files are stored tokenized, and what the code
//! prints is tokenized once more on its way out (the session's own tokens
//! pass as they are; anything the code computed that is personal data is
//! tokenized).

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use futures::future::BoxFuture;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::broker::{BackRequest, CallLink, Session};
use crate::config::CodeConfig;
use crate::sandbox::{Ended, Host, Limits, RunReport, Sandbox, ToolInfo};

/// The largest file code may write, and the largest workspace.
const MAX_FILE_BYTES: usize = 4 << 20;
const MAX_WORKSPACE_BYTES: u64 = 64 << 20;

/// What code mode needs, shared by the sessions of a gateway.
pub struct CodeMode {
    pub sandbox: Sandbox,
    pub limits: Limits,
    /// Workspaces live under here, one directory per session.
    pub root: PathBuf,
    _temp: TempRoot,
}

/// Removes the workspaces' root when Sluice made it (a temporary one).
struct TempRoot(Option<PathBuf>);

impl Drop for TempRoot {
    fn drop(&mut self) {
        if let Some(p) = &self.0 {
            let _ = std::fs::remove_dir_all(p);
        }
    }
}

impl CodeMode {
    pub fn new(worker_exe: PathBuf, root: PathBuf, limits: Limits) -> CodeMode {
        CodeMode {
            sandbox: Sandbox::new(worker_exe),
            limits,
            root,
            _temp: TempRoot(None),
        }
    }

    /// Code mode as `[gateway.code]` configures it. Without a
    /// `workspace_dir`, workspaces live in a private temporary directory
    /// that goes when the gateway does.
    pub fn from_config(worker_exe: PathBuf, c: &CodeConfig) -> std::io::Result<CodeMode> {
        let limits = Limits {
            wall: c.timeout,
            memory_bytes: c.memory_mib << 20,
            max_calls: c.max_calls,
            max_output_bytes: c.max_output_bytes,
            ..Limits::default()
        };
        let (root, temp) = match &c.workspace_dir {
            Some(d) => (d.clone(), None),
            None => {
                let d =
                    std::env::temp_dir().join(format!("sluice-workspaces-{}", std::process::id()));
                (d.clone(), Some(d))
            }
        };
        create_private_dir(&root)?;
        Ok(CodeMode {
            sandbox: Sandbox::new(worker_exe),
            limits,
            root,
            _temp: TempRoot(temp),
        })
    }

    /// The workspace directory of a session.
    pub fn workspace(&self, session: &Session) -> PathBuf {
        self.root.join(session.id())
    }
}

/// A directory only this user can enter (workspaces hold tokenized data,
/// but their names and shapes are nobody else's business either).
fn create_private_dir(p: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(p)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// A workspace path from code: relative, no `..`, no hidden tricks.
pub fn workspace_path(root: &Path, path: &str) -> Result<PathBuf, String> {
    let p = Path::new(path.trim_start_matches("./"));
    if p.is_absolute() {
        return Err(format!(
            "`{path}` is outside the workspace (absolute paths are not allowed)"
        ));
    }
    let mut out = root.to_path_buf();
    for c in p.components() {
        match c {
            Component::Normal(seg) => out.push(seg),
            Component::CurDir => {}
            _ => return Err(format!("`{path}` is outside the workspace")),
        }
    }
    Ok(out)
}

fn dir_size(dir: &Path) -> u64 {
    let mut total = 0;
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            match e.metadata() {
                Ok(m) if m.is_dir() => todo.push(e.path()),
                Ok(m) => total += m.len(),
                Err(_) => {}
            }
        }
    }
    total
}

/// The sandbox's way out, for one `execute_code` call of one session.
pub struct SessionHost {
    session: Arc<Session>,
    back: Option<mpsc::Sender<BackRequest>>,
    ct: CancellationToken,
    workspace: PathBuf,
}

impl SessionHost {
    pub fn new(session: Arc<Session>, link: &CallLink, workspace: PathBuf) -> SessionHost {
        SessionHost {
            session,
            back: link.back.clone(),
            ct: link.ct.clone(),
            workspace,
        }
    }

    fn path(&self, path: &str) -> Result<PathBuf, String> {
        workspace_path(&self.workspace, path)
    }
}

impl Host for SessionHost {
    fn call(
        &self,
        server: String,
        tool: String,
        args: Value,
    ) -> BoxFuture<'static, Result<Value, String>> {
        let session = self.session.clone();
        let link = CallLink {
            progress: None,
            back: self.back.clone(),
            ct: self.ct.clone(),
        };
        Box::pin(async move {
            let args = match args {
                Value::Object(m) => Some(m),
                Value::Null => None,
                _ => return Err(format!("{server}.{tool}: the arguments must be an object")),
            };
            match session.call_tool(&server, &tool, args, &link).await {
                Ok(r) => serde_json::to_value(&r)
                    .map_err(|_| format!("{server}.{tool}: the result could not be read")),
                Err(e) => Err(e.to_string()),
            }
        })
    }

    fn read_file(&self, path: &str) -> Result<String, String> {
        let p = self.path(path)?;
        std::fs::read_to_string(&p).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("no file `{path}` in the workspace"),
            _ => format!("`{path}`: {e}"),
        })
    }

    fn write_file(&self, path: &str, contents: &str) -> Result<(), String> {
        let p = self.path(path)?;
        if contents.len() > MAX_FILE_BYTES {
            return Err(format!(
                "`{path}`: {} bytes is more than the {MAX_FILE_BYTES} a file may hold",
                contents.len()
            ));
        }
        if dir_size(&self.workspace) + contents.len() as u64 > MAX_WORKSPACE_BYTES {
            return Err(format!(
                "the workspace is full ({MAX_WORKSPACE_BYTES} bytes)"
            ));
        }
        // Files are stored tokenized: what the code computed from the
        // data is personal data too.
        let stored = self.session.tokenize_trusted(contents);
        create_private_dir(&self.workspace).map_err(|e| format!("the workspace: {e}"))?;
        if let Some(dir) = p.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("`{path}`: {e}"))?;
        }
        std::fs::write(&p, stored).map_err(|e| format!("`{path}`: {e}"))
    }

    fn read_dir(&self, path: &str) -> Result<Vec<String>, String> {
        let p = self.path(path)?;
        let mut names: Vec<String> = match std::fs::read_dir(&p) {
            Ok(entries) => entries
                .flatten()
                .map(|e| {
                    let mut n = e.file_name().to_string_lossy().into_owned();
                    if e.file_type().is_ok_and(|t| t.is_dir()) {
                        n.push('/');
                    }
                    n
                })
                .collect(),
            Err(e)
                if e.kind() == std::io::ErrorKind::NotFound
                    && (path.is_empty() || path == "." || path == "./") =>
            {
                Vec::new()
            }
            Err(e) => return Err(format!("`{path}`: {e}")),
        };
        names.sort();
        Ok(names)
    }

    fn skill(&self, name: &str) -> Option<String> {
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return None;
        }
        for ext in ["ts", "js"] {
            if let Ok(p) = self.path(&format!("skills/{name}.{ext}"))
                && let Ok(src) = std::fs::read_to_string(p)
            {
                return Some(src);
            }
        }
        None
    }
}

/// A saved skill: its name, description (SKILL.md) and source.
pub struct Skill {
    pub name: String,
    pub description: String,
    pub source: String,
}

/// The skills saved in a workspace (`skills/NAME.ts`, described by
/// `skills/NAME.md` or `skills/NAME/SKILL.md`).
pub fn skills(workspace: &Path) -> Vec<Skill> {
    let dir = workspace.join("skills");
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        let Some(ext) = p.extension().and_then(|x| x.to_str()) else {
            continue;
        };
        if ext != "ts" && ext != "js" {
            continue;
        }
        let Some(name) = p.file_stem().and_then(|s| s.to_str()).map(str::to_string) else {
            continue;
        };
        let description = [
            dir.join(format!("{name}.md")),
            dir.join(&name).join("SKILL.md"),
            dir.join("SKILL.md"),
        ]
        .iter()
        .find_map(|d| std::fs::read_to_string(d).ok())
        .unwrap_or_default();
        let source = std::fs::read_to_string(&p).unwrap_or_default();
        out.push(Skill {
            name,
            description,
            source,
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The model-facing result of a run: the output (tokenized again, as the
/// model's own text), what went wrong, and the calls the code made.
pub fn report_result(session: &Session, r: &RunReport) -> rmcp::model::CallToolResult {
    let mut text = session.tokenize_trusted(&r.output);
    let failed = r.ended != Ended::Completed;
    if let Some(e) = &r.error {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&format!("error: {}", session.tokenize_trusted(e)));
    }
    if failed && !r.calls.is_empty() {
        text.push_str(&format!(
            "\n{} tool call(s) were made before the run ended:",
            r.calls.len()
        ));
        for c in &r.calls {
            let status = match &c.status {
                crate::sandbox::CallStatus::Ok => "ok".to_string(),
                crate::sandbox::CallStatus::Error(m) => {
                    format!("error: {}", session.tokenize_trusted(m))
                }
                crate::sandbox::CallStatus::Unfinished => "unfinished".to_string(),
            };
            text.push_str(&format!("\n  {}.{}: {status}", c.server, c.tool));
        }
    }
    if text.is_empty() {
        text.push_str("(no output)");
    }
    let mut structured = json!({
        "ended": r.ended,
        "calls": r.calls.len(),
    });
    if let Some(v) = &r.value {
        let mut v = v.clone();
        session.tokenize_value_trusted(&mut v);
        structured["value"] = v;
    }
    let mut result = if failed {
        rmcp::model::CallToolResult::error(vec![rmcp::model::ContentBlock::text(text)])
    } else {
        rmcp::model::CallToolResult::success(vec![rmcp::model::ContentBlock::text(text)])
    };
    result.structured_content = Some(structured);
    result
}

/// The tools of the servers `session` has enabled, as the sandbox's API
/// shows them.
pub fn tool_infos(broker: &crate::broker::Broker, session: &Session) -> Vec<ToolInfo> {
    broker
        .config()
        .servers
        .iter()
        .filter(|s| session.is_enabled(&s.name))
        .flat_map(|s| tool_infos_of(broker, &s.name))
        .collect()
}

/// The tools of one server, as the sandbox's API shows them.
pub fn tool_infos_of(broker: &crate::broker::Broker, server: &str) -> Vec<ToolInfo> {
    let mut out = Vec::new();
    if let Some(srv) = broker.config().server(server) {
        let Some(e) = broker.catalog().entry(&srv.name) else {
            return out;
        };
        for t in &e.lists.tools {
            let mut input = Value::Object((*t.input_schema).clone());
            crate::broker::relax_schema(&mut input);
            let output = t.output_schema.as_ref().map(|s| {
                let mut o = Value::Object((**s).clone());
                crate::broker::relax_schema(&mut o);
                o
            });
            out.push(ToolInfo {
                server: srv.name.clone(),
                tool: t.name.to_string(),
                description: t.description.as_ref().map(|d| d.to_string()),
                input_schema: input,
                output_schema: output,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workspace_paths_stay_inside() {
        let root = Path::new("/ws/s1");
        assert_eq!(
            workspace_path(root, "a/b.txt").unwrap(),
            Path::new("/ws/s1/a/b.txt")
        );
        assert_eq!(
            workspace_path(root, "./skills/x.ts").unwrap(),
            Path::new("/ws/s1/skills/x.ts")
        );
        for bad in ["/etc/passwd", "../s2/notes", "a/../../x", "..", "a/../b"] {
            assert!(workspace_path(root, bad).is_err(), "{bad}");
        }
    }
}

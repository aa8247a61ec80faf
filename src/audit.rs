//! The audit log: append-only JSON Lines, hash-chained with SHA-256.
//!
//! Each line is one record: a `decision` (a call authorized or not, a
//! token restored or not, an approval asked) or a `call` (its outcome).
//! Every record carries its sequence number, the hash of the record before
//! it (`prev`) and its own `hash`, SHA-256 over `prev` and the record's
//! JSON without `hash`. Editing, dropping, inserting or reordering a record
//! breaks the chain at that place, and `sluice audit verify` says where.
//! Records hold token ids, classes, sources, destinations and rule ids,
//! never a value.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

/// One token in an audit record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditToken {
    pub token: String,
    pub class: String,
    pub sources: Vec<String>,
    pub pointer: String,
    pub decision: String,
    pub rules: Vec<String>,
}

/// What happened to one call through the broker.
#[derive(Clone, Debug, Serialize)]
pub struct AuditRecord {
    pub session: String,
    /// Unique per call within the process: `session/n`.
    pub call: String,
    pub ruleset: String,
    pub server: String,
    pub tool: String,
    /// The MCP method (`tools/call`, `resources/read`...).
    pub method: String,
    pub decision: String,
    pub rules: Vec<String>,
    pub reason: String,
    pub tokens: Vec<AuditToken>,
    /// Who approved (`user via elicitation`), when approval was asked.
    pub approver: Option<String>,
    /// Tokens minted from the result (new ones and ones seen again).
    pub minted: usize,
    /// `ok`, `tool_error`, or the broker error's kind.
    pub outcome: String,
    pub millis: u64,
}

/// Receives one record per call.
pub trait Audit: Send + Sync {
    fn record(&self, record: &AuditRecord);
}

/// Writes records to the debug log (ids and counts only).
pub struct LogAudit;

impl Audit for LogAudit {
    fn record(&self, r: &AuditRecord) {
        tracing::debug!(
            session = %r.session,
            server = %r.server,
            tool = %r.tool,
            method = %r.method,
            decision = %r.decision,
            tokens = r.tokens.len(),
            minted = r.minted,
            outcome = %r.outcome,
            millis = r.millis,
            "call"
        );
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error("audit log {path}: {reason}")]
    Io { path: String, reason: String },
}

/// One line of the log, as written.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Line {
    pub seq: u64,
    pub time: String,
    /// `decision` or `call`.
    pub kind: String,
    pub session: String,
    pub decision_id: String,
    pub ruleset: String,
    pub server: String,
    pub tool: String,
    pub method: String,
    /// What was decided about: `call`, `restore`, `approval`; or the outcome.
    pub subject: String,
    pub tokens: Vec<AuditToken>,
    pub decision: String,
    pub rules: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approver: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub millis: Option<u64>,
    pub prev: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hash: String,
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The chain's first `prev`.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn hash_of(line: &Line) -> String {
    let mut l = line.clone();
    l.hash = String::new();
    let body = serde_json::to_vec(&l).unwrap_or_default();
    let mut ctx = ring::digest::Context::new(&ring::digest::SHA256);
    ctx.update(line.prev.as_bytes());
    ctx.update(&body);
    hex(ctx.finish().as_ref())
}

struct Chain {
    file: std::fs::File,
    seq: u64,
    prev: String,
}

/// An audit log file, continued across runs.
pub struct AuditLog {
    path: PathBuf,
    chain: Mutex<Chain>,
}

impl AuditLog {
    /// Opens (or creates) the log; an existing log is continued from its
    /// last record.
    pub fn open(path: &Path) -> Result<AuditLog, AuditError> {
        let err = |e: std::io::Error| AuditError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(err)?;
        }
        let (mut seq, mut prev) = (0, GENESIS.to_string());
        if let Ok(f) = std::fs::File::open(path) {
            for line in std::io::BufReader::new(f).lines() {
                let line = line.map_err(err)?;
                if line.trim().is_empty() {
                    continue;
                }
                match serde_json::from_str::<Line>(&line) {
                    Ok(l) => {
                        seq = l.seq;
                        prev = l.hash;
                    }
                    Err(_) => {
                        return Err(AuditError::Io {
                            path: path.display().to_string(),
                            reason: "its last records are not audit records; run `sluice audit verify` and start a new log".into(),
                        });
                    }
                }
            }
        }
        let mut opts = std::fs::OpenOptions::new();
        opts.create(true).append(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.mode(0o600);
        }
        let file = opts.open(path).map_err(err)?;
        Ok(AuditLog {
            path: path.to_path_buf(),
            chain: Mutex::new(Chain { file, seq, prev }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn append(&self, mut line: Line) -> Result<(), AuditError> {
        let mut c = self.chain.lock().unwrap_or_else(|e| e.into_inner());
        line.seq = c.seq + 1;
        line.prev = c.prev.clone();
        line.hash = hash_of(&line);
        let mut text = serde_json::to_string(&line).unwrap_or_default();
        text.push('\n');
        c.file
            .write_all(text.as_bytes())
            .map_err(|e| AuditError::Io {
                path: self.path.display().to_string(),
                reason: e.to_string(),
            })?;
        c.seq = line.seq;
        c.prev = line.hash;
        Ok(())
    }
}

fn now() -> String {
    humantime::format_rfc3339_millis(std::time::SystemTime::now()).to_string()
}

impl Audit for AuditLog {
    fn record(&self, r: &AuditRecord) {
        let time = now();
        let base = |n: usize, subject: &str| Line {
            seq: 0,
            time: time.clone(),
            kind: "decision".into(),
            session: r.session.clone(),
            decision_id: format!("{}.{n}", r.call),
            ruleset: r.ruleset.clone(),
            server: r.server.clone(),
            tool: r.tool.clone(),
            method: r.method.clone(),
            subject: subject.into(),
            tokens: Vec::new(),
            decision: String::new(),
            rules: Vec::new(),
            approver: None,
            outcome: None,
            millis: None,
            prev: String::new(),
            hash: String::new(),
        };
        let mut lines = Vec::new();
        let mut l = base(0, "call");
        l.decision = r.decision.clone();
        l.rules = r.rules.clone();
        l.approver = r.approver.clone();
        lines.push(l);
        for (i, t) in r.tokens.iter().enumerate() {
            let mut l = base(i + 1, "restore");
            l.decision = t.decision.clone();
            l.rules = t.rules.clone();
            l.tokens = vec![t.clone()];
            lines.push(l);
        }
        let mut l = base(r.tokens.len() + 1, "outcome");
        l.kind = "call".into();
        l.decision = r.decision.clone();
        l.rules = r.rules.clone();
        l.tokens = r.tokens.clone();
        l.outcome = Some(r.outcome.clone());
        l.millis = Some(r.millis);
        l.approver = r.approver.clone();
        lines.push(l);
        for l in lines {
            if let Err(e) = self.append(l) {
                tracing::error!(error = %e, "audit record not written");
                return;
            }
        }
    }
}

/// What `verify` found.
#[derive(Debug)]
pub struct Verification {
    pub records: usize,
    /// One message per break in the chain, naming the line.
    pub problems: Vec<String>,
}

/// Checks the chain of an audit log.
pub fn verify(path: &Path) -> Result<Verification, AuditError> {
    let text = std::fs::read_to_string(path).map_err(|e| AuditError::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    let mut problems = Vec::new();
    let mut prev = GENESIS.to_string();
    let mut last_seq = 0u64;
    let mut records = 0;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        records += 1;
        let Ok(line) = serde_json::from_str::<Line>(raw) else {
            problems.push(format!(
                "line {n}: not an audit record (edited or inserted)"
            ));
            prev = String::new();
            continue;
        };
        let expected_seq = last_seq + 1;
        if line.seq != expected_seq {
            if line.seq > expected_seq {
                problems.push(format!(
                    "line {n}: record {} follows record {last_seq}: {} record(s) missing (dropped), or records reordered",
                    line.seq,
                    line.seq - expected_seq
                ));
            } else {
                problems.push(format!(
                    "line {n}: record {} comes after record {last_seq}: records reordered or a record inserted",
                    line.seq
                ));
            }
        } else if line.prev != prev && !prev.is_empty() {
            problems.push(format!("line {n}: record {} does not follow the record before it (its `prev` hash differs): a record was replaced or inserted", line.seq));
        }
        if hash_of(&line) != line.hash {
            problems.push(format!(
                "line {n}: record {} was edited (its hash does not match its content)",
                line.seq
            ));
        }
        last_seq = line.seq;
        prev = line.hash.clone();
    }
    Ok(Verification { records, problems })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(i: usize) -> AuditRecord {
        AuditRecord {
            session: "s1".into(),
            call: format!("s1/{i}"),
            ruleset: "abc".into(),
            server: "mailer".into(),
            tool: "send_email".into(),
            method: "tools/call".into(),
            decision: "allow".into(),
            rules: vec!["r".into()],
            reason: "allowed".into(),
            tokens: vec![AuditToken {
                token: "[EMAIL_1]".into(),
                class: "email".into(),
                sources: vec!["crm/get".into()],
                pointer: "/to".into(),
                decision: "allow".into(),
                rules: vec!["r".into()],
            }],
            approver: None,
            minted: 0,
            outcome: "ok".into(),
            millis: 3,
        }
    }

    #[test]
    fn the_chain_finds_edits_drops_inserts_and_reorders() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("audit.jsonl");
        let log = AuditLog::open(&p).unwrap();
        log.record(&record(1));
        drop(log);
        // Continued across runs.
        let log = AuditLog::open(&p).unwrap();
        log.record(&record(2));
        let v = verify(&p).unwrap();
        assert_eq!((v.records, v.problems.len()), (6, 0), "{:?}", v.problems);
        let text = std::fs::read_to_string(&p).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let check = |ls: Vec<String>, want: &str, at: &str| {
            let q = dir.path().join("x.jsonl");
            std::fs::write(&q, ls.join("\n") + "\n").unwrap();
            let v = verify(&q).unwrap();
            assert!(
                v.problems
                    .iter()
                    .any(|p| p.contains(want) && p.starts_with(at)),
                "{want} {at}: {:?}",
                v.problems
            );
        };
        let own = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let mut edited = own(&lines);
        edited[2] = edited[2].replace("\"allow\"", "\"deny\"");
        check(edited, "was edited", "line 3");
        let mut dropped = own(&lines);
        dropped.remove(3);
        check(dropped, "missing (dropped)", "line 4");
        let mut reordered = own(&lines);
        reordered.swap(1, 2);
        check(reordered, "record", "line 2");
        let mut inserted = own(&lines);
        inserted.insert(2, "{\"forged\": true}".into());
        check(inserted, "not an audit record", "line 3");
        assert!(!text.contains("@"), "no values in the log");
    }
}

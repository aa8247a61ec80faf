//! The `sluice` command line. Only argument parsing and I/O live here; the
//! work is in the library.

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use serde_json::{Value, json};
use sluice::pii::{Engine, Lexicon};
use sluice::redact::{self, Redactor};
use sluice::vault::store::{self, VaultKey};
use sluice::vault::{Source, Vault};
use tracing::{debug, info, warn};

#[derive(Parser)]
#[command(
    name = "sluice",
    version,
    about = "A privacy gateway for MCP: tokenize PII before it reaches the model, restore it only where rules allow."
)]
struct Cli {
    /// More log output on stderr (-v info, -vv debug). Logs never hold values.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Tokenize PII in JSON read from stdin; write the same JSON to stdout.
    Redact {
        #[command(flatten)]
        io: StreamArgs,
        /// Write the session vault here, encrypted (continues it if it exists).
        #[arg(long, value_name = "FILE")]
        vault: Option<PathBuf>,
        #[command(flatten)]
        key: KeyArgs,
        /// Record this source (SERVER/TOOL) in every token's provenance.
        #[arg(long, value_name = "SERVER/TOOL")]
        source: Option<String>,
        #[command(flatten)]
        lex: LexiconArgs,
    },
    /// Restore tokens in JSON read from stdin, from a vault written by `redact`.
    Restore {
        #[command(flatten)]
        io: StreamArgs,
        /// The vault written by `sluice redact --vault`.
        #[arg(long, value_name = "FILE")]
        vault: PathBuf,
        #[command(flatten)]
        key: KeyArgs,
    },
    /// Report PII findings (class, JSON pointer, byte span, detector, confidence).
    Scan {
        #[command(flatten)]
        io: StreamArgs,
        /// Include the found values in the report (plaintext!).
        #[arg(long)]
        show_values: bool,
        #[command(flatten)]
        lex: LexiconArgs,
    },
    /// Run the MCP gateway (stdio by default; `--http ADDR` for streamable HTTP at /mcp).
    Serve {
        /// sluice.toml, or Claude-Desktop-style JSON with `mcpServers`.
        /// Without it, the built-in demo servers are served.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Serve streamable HTTP on this address (e.g. 127.0.0.1:8080) instead of stdio.
        #[arg(long, value_name = "ADDR")]
        http: Option<std::net::SocketAddr>,
        #[command(flatten)]
        lex: LexiconArgs,
    },
    /// The seed scenario end to end, with no model: leads from a spreadsheet
    /// server into a CRM and a mailer, through the gateway; prints what the
    /// model saw next to what the servers received.
    Demo,
    /// Run one of the built-in demo servers over stdio (spreadsheet, crm, mailer).
    #[command(hide = true)]
    DemoServer { name: String },
    /// A code-mode worker: runs one piece of code sent on stdin (used by the gateway).
    #[command(hide = true)]
    SandboxWorker {
        /// Confine this process, try what the filter must refuse, print the results.
        #[arg(long)]
        self_test: bool,
    },
    /// Redact a bundled example tool result and show it restored.
    RedactDemo,
    /// Check, test and explain the data-flow rules.
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// The audit log.
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Report every mistake in the rule files (exit 1 on an error).
    Check {
        #[command(flatten)]
        src: RuleSource,
        /// Servers and tools the configured servers do not have are errors, not warnings.
        #[arg(long)]
        strict: bool,
    },
    /// Run the cases in rules/tests/*.toml; list the rules no case exercises.
    Test {
        #[command(flatten)]
        src: RuleSource,
        /// Case files or directories (default: tests/ beside each rule directory).
        #[arg(long, value_name = "PATH")]
        cases: Vec<PathBuf>,
    },
    /// A dry run: the decision for one flow (or call), and every rule considered.
    Explain {
        #[command(flatten)]
        src: RuleSource,
        /// The data class of the value (email, phone, name, or a lexicon).
        #[arg(long)]
        class: Option<String>,
        /// Where the value came from: SERVER or SERVER/TOOL (repeatable).
        #[arg(long, value_name = "SERVER[/TOOL]")]
        from: Vec<String>,
        /// Where it goes: SERVER.TOOL or SERVER/TOOL.
        #[arg(long, value_name = "SERVER.TOOL")]
        to: String,
        /// The argument, as a JSON Pointer (e.g. /to).
        #[arg(long, default_value = "")]
        arg: String,
        /// Results the session has seen before: SERVER/TOOL (repeatable).
        #[arg(long, value_name = "SERVER/TOOL")]
        seen: Vec<String>,
        /// Explain the call itself, with these arguments (JSON), instead of a value.
        #[arg(long, value_name = "JSON")]
        call: Option<String>,
        /// Print the explanation as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum AuditCommand {
    /// Check the hash chain; name every edited, dropped, inserted or reordered record.
    Verify { file: PathBuf },
}

#[derive(Args)]
struct RuleSource {
    /// Rule files or directories (default: the config's, else ./rules, else the built-in rules).
    #[arg(long, value_name = "PATH")]
    rules: Vec<PathBuf>,
    /// A gateway config: its rules, and its servers' catalogs for --strict checks.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    #[command(flatten)]
    lex: LexiconArgs,
}

#[derive(Args)]
struct StreamArgs {
    /// JSON Lines: one document per line, one output line per input line, one session for the stream.
    #[arg(long)]
    lines: bool,
}

#[derive(Args)]
struct KeyArgs {
    /// Read the vault key from this file instead of $SLUICE_KEY (64 hex digits or a passphrase).
    #[arg(long, value_name = "FILE")]
    key_file: Option<PathBuf>,
}

#[derive(Args)]
struct LexiconArgs {
    /// Directory of custom lexicons (*.txt, one entry per line; the file name is the class).
    #[arg(long, value_name = "DIR", default_value = "rules/lexicons")]
    lexicons: PathBuf,
}

/// A panic's message can quote the text being scanned (a slice error shows
/// the string), so it is never printed: only where it happened, and the
/// stack when `RUST_BACKTRACE` asks for it (frames hold no data).
fn withhold_panic_payloads() {
    std::panic::set_hook(Box::new(|info| {
        let at = info.location().map_or_else(
            || "an unknown place".to_string(),
            |l| format!("{}:{}", l.file(), l.line()),
        );
        eprintln!(
            "sluice: internal error at {at} (its message is withheld: it may quote tool data)"
        );
        let bt = std::backtrace::Backtrace::capture();
        if bt.status() == std::backtrace::BacktraceStatus::Captured {
            eprintln!("{bt}");
        }
    }));
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A code-mode worker sets nothing up: no logging, no runtime.
    if let Command::SandboxWorker { self_test } = cli.command {
        return if self_test {
            sluice::sandbox::worker_self_test()
        } else {
            sluice::sandbox::worker_main()
        };
    }
    init_logging(cli.verbose);
    withhold_panic_payloads();
    match run(cli.command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Logs go to stderr, and only Sluice's own events: dependencies may log
/// the values they handle (libphonenumber traces numbers), so their logs are
/// dropped whatever the level. The level comes from `-v`/`-vv` or
/// `SLUICE_LOG` (error, warn, info, debug, trace).
fn init_logging(verbose: u8) {
    use std::io::IsTerminal;
    let from_flags = match verbose {
        0 => tracing::Level::WARN,
        1 => tracing::Level::INFO,
        _ => tracing::Level::DEBUG,
    };
    let level = match std::env::var("SLUICE_LOG") {
        Ok(s) => s.trim().parse::<tracing::Level>().unwrap_or_else(|_| {
            eprintln!("warning: SLUICE_LOG={s:?} is not a level (error, warn, info, debug, trace); using {from_flags}");
            from_flags
        }),
        Err(_) => from_flags,
    };
    let filter = tracing_subscriber::EnvFilter::new(format!("off,sluice={level}"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .init();
}

fn load_key(args: &KeyArgs) -> Result<VaultKey> {
    let secret = match &args.key_file {
        Some(p) => std::fs::read_to_string(p)
            .with_context(|| format!("reading key file {}", p.display()))?,
        None => std::env::var("SLUICE_KEY")
            .map_err(|_| anyhow::anyhow!("no vault key: set SLUICE_KEY or pass --key-file"))?,
    };
    Ok(VaultKey::parse(&secret)?)
}

fn engine(lex: &LexiconArgs) -> Result<Engine> {
    let lexicons: Vec<Arc<Lexicon>> = Lexicon::load_dir(&lex.lexicons)?;
    for l in &lexicons {
        info!(class = %l.class, entries = l.len(), path = %l.path.display(), "loaded lexicon");
    }
    Ok(Engine::new(lexicons))
}

/// Runs `f` over each input document; returns whether every document succeeded.
fn for_each_doc(
    lines: bool,
    mut f: impl FnMut(usize, Value) -> std::result::Result<Value, String>,
) -> Result<bool> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    if !lines {
        let mut buf = Vec::new();
        let mut stdin = stdin;
        stdin.read_to_end(&mut buf).context("reading stdin")?;
        let text = std::str::from_utf8(&buf)
            .map_err(|e| anyhow::anyhow!("stdin: invalid UTF-8 at byte {}", e.valid_up_to()))?;
        let doc: Value =
            serde_json::from_str(text).map_err(|e| anyhow::anyhow!("stdin: invalid JSON: {e}"))?;
        let pretty = text.trim().contains('\n');
        let v = f(1, doc).map_err(|e| anyhow::anyhow!("{e}"))?;
        if pretty {
            serde_json::to_writer_pretty(&mut out, &v)?;
        } else {
            serde_json::to_writer(&mut out, &v)?;
        }
        out.write_all(b"\n")?;
        out.flush()?;
        return Ok(true);
    }
    let mut ok = true;
    let mut reader = std::io::BufReader::with_capacity(1 << 16, stdin);
    let mut raw = Vec::new();
    let mut n = 0;
    loop {
        raw.clear();
        if reader
            .read_until(b'\n', &mut raw)
            .context("reading stdin")?
            == 0
        {
            break;
        }
        n += 1;
        while raw.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            raw.pop();
        }
        if raw.iter().all(u8::is_ascii_whitespace) {
            out.write_all(b"\n")?;
            continue;
        }
        let result = match std::str::from_utf8(&raw) {
            Err(e) => Err(format!("invalid UTF-8 at byte {}", e.valid_up_to())),
            Ok(text) => match serde_json::from_str::<Value>(text) {
                Err(e) => Err(format!("invalid JSON: {e}")),
                Ok(doc) => f(n, doc),
            },
        };
        match result {
            Ok(v) => serde_json::to_writer(&mut out, &v)?,
            Err(message) => {
                ok = false;
                eprintln!("error: line {n}: {message}");
                serde_json::to_writer(
                    &mut out,
                    &json!({"error": {"line": n, "message": message}}),
                )?;
            }
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(ok)
}

fn run(cmd: Command) -> Result<bool> {
    match cmd {
        Command::Redact {
            io,
            vault,
            key,
            source,
            lex,
        } => {
            let engine = engine(&lex)?;
            let key = vault.as_ref().map(|_| load_key(&key)).transpose()?;
            // Held until the vault is written: a concurrent run on the same
            // vault waits instead of minting the same ids for other values.
            let _lock = vault
                .as_deref()
                .map(store::VaultLock::acquire)
                .transpose()?;
            let mut v = match (&vault, &key) {
                (Some(p), Some(k)) => store::read_file(p, k)?.unwrap_or(Vault::new()?),
                _ => Vault::new()?,
            };
            let source = source.map(|s| parse_source(&s)).transpose()?;
            let ok = for_each_doc(io.lines, |n, mut doc| {
                let mut r = Redactor::new(&engine, &mut v, source.as_ref());
                r.redact(&mut doc);
                debug!(
                    line = n,
                    email = r.stats.email,
                    phone = r.stats.phone,
                    name = r.stats.name,
                    custom = r.stats.custom,
                    escaped = r.stats.escaped,
                    "redacted"
                );
                Ok(doc)
            })?;
            if let (Some(p), Some(k)) = (&vault, &key) {
                store::write_file(p, &v, k)?;
                info!(tokens = v.len(), path = %p.display(), "vault written");
            }
            Ok(ok)
        }
        Command::Restore { io, vault, key } => {
            let key = load_key(&key)?;
            let v = store::read_file(&vault, &key)?
                .ok_or_else(|| anyhow::anyhow!("vault file {} does not exist", vault.display()))?;
            for_each_doc(io.lines, |_, mut doc| {
                redact::restore(&v, &mut doc).map_err(|e| e.to_string())?;
                Ok(doc)
            })
        }
        Command::Scan {
            io,
            show_values,
            lex,
        } => {
            let engine = engine(&lex)?;
            let mut v = Vault::new()?;
            for_each_doc(io.lines, |_, mut doc| {
                let mut r = Redactor::new(&engine, &mut v, None).reporting(show_values);
                r.redact(&mut doc);
                let found = r.take_report();
                Ok(Value::Array(found.iter().map(finding_json).collect()))
            })
        }
        Command::Serve { config, http, lex } => serve(config, http, &lex),
        Command::Demo => {
            let exe = std::env::current_exe().context("locating the sluice executable")?;
            runtime()?.block_on(async {
                let mut out = std::io::stdout().lock();
                Ok(sluice::demo::scenario::run(&exe, &mut out).await?)
            })
        }
        Command::SandboxWorker { .. } => Ok(true),
        Command::DemoServer { name } => {
            let kind = sluice::demo::Kind::parse(&name).ok_or_else(|| {
                anyhow::anyhow!("unknown demo server {name:?} (spreadsheet, crm, mailer)")
            })?;
            runtime()?.block_on(sluice::demo::serve_stdio(kind))?;
            Ok(true)
        }
        Command::RedactDemo => demo(),
        Command::Rules { command } => rules_command(command),
        Command::Audit {
            command: AuditCommand::Verify { file },
        } => {
            let v = sluice::audit::verify(&file)?;
            if v.problems.is_empty() {
                println!(
                    "{}: {} records; the chain is intact",
                    file.display(),
                    v.records
                );
                Ok(true)
            } else {
                for p in &v.problems {
                    println!("{}: {p}", file.display());
                }
                println!(
                    "{}: {} records; {} problem(s)",
                    file.display(),
                    v.records,
                    v.problems.len()
                );
                Ok(false)
            }
        }
    }
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

fn serve(
    config: Option<PathBuf>,
    http: Option<std::net::SocketAddr>,
    lex: &LexiconArgs,
) -> Result<bool> {
    use sluice::broker::Broker;
    use sluice::config::Config;
    use sluice::gateway::Gateway;
    let cfg = match &config {
        Some(p) => Config::load(p)?,
        None => {
            let exe = std::env::current_exe().context("locating the sluice executable")?;
            info!("no --config: serving the built-in demo servers");
            Config::builtin(&exe)
        }
    };
    let engine = engine(lex)?;
    // libphonenumber compiles its patterns per region on first use (~20 ms
    // for the first phone number): pay that now, beside start-up, rather
    // than in the first tool calls.
    if let Err(e) = std::thread::Builder::new()
        .name("phone-warm-up".into())
        .spawn(sluice::pii::phone::warm_up)
    {
        warn!(error = %e, "cannot start the phone pattern warm-up; patterns compile on first use");
    }
    let hooks = hooks(&cfg, &engine)?;
    // One stdio session needs no thread pool: a single-threaded runtime
    // saves the cross-thread hand-offs on every message. HTTP serves many.
    let rt = if http.is_some() {
        runtime()?
    } else {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
    };
    rt.block_on(async move {
        let broker = Broker::new(Arc::new(cfg), Arc::new(engine), hooks);
        let collisions = broker.index().await;
        if !collisions.is_empty() {
            for c in &collisions {
                eprintln!("error: {c}");
            }
            bail!("tool names collide; the gateway does not start");
        }
        let gw = Gateway::new(broker.clone());
        let stop = tokio_util::sync::CancellationToken::new();
        let signals = {
            let stop = stop.clone();
            tokio::spawn(async move {
                wait_for_signal().await;
                stop.cancel();
            })
        };
        match http {
            Some(addr) => {
                let server = sluice::gateway::http::HttpServer::bind(gw, addr, stop.clone())
                    .await
                    .with_context(|| format!("binding {addr}"))?;
                eprintln!(
                    "sluice: MCP over streamable HTTP at http://{}/mcp",
                    server.local_addr()?
                );
                server.run(stop.clone()).await?;
            }
            None => {
                tokio::select! {
                    r = sluice::gateway::serve_stdio(gw) => r?,
                    _ = stop.cancelled() => {}
                }
            }
        }
        signals.abort();
        broker.shutdown().await;
        Ok(true)
    })
}

/// The rules a `sluice rules` command works on, with their files' texts.
fn load_rules(
    src: &RuleSource,
) -> Result<(sluice::policy::Loaded, Option<sluice::config::Config>, bool)> {
    use sluice::policy;
    let lexicons: Vec<String> = Lexicon::load_dir(&src.lex.lexicons)?
        .iter()
        .map(|l| l.class.rule_name())
        .collect();
    let cfg = src
        .config
        .as_deref()
        .map(sluice::config::Config::load)
        .transpose()?;
    let result = if !src.rules.is_empty() {
        policy::load(&src.rules, &lexicons)
    } else if let Some(c) = &cfg {
        policy::for_config(c, &lexicons)
    } else if std::path::Path::new("rules").is_dir() {
        policy::load(&[PathBuf::from("rules")], &lexicons)
    } else {
        let exe = std::env::current_exe()?;
        policy::for_config(&sluice::config::Config::builtin(&exe), &lexicons)
    };
    Ok(match result {
        Ok(l) => (l, cfg, true),
        Err(l) => (*l, cfg, false),
    })
}

fn rules_command(cmd: RulesCommand) -> Result<bool> {
    use sluice::policy::{self, Severity, syntax};
    use std::io::IsTerminal;
    let color = std::io::stdout().is_terminal();
    match cmd {
        RulesCommand::Check { src, strict } => {
            let (mut loaded, cfg, _) = load_rules(&src)?;
            if let Some(cfg) = cfg {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()?;
                let catalog = rt.block_on(async {
                    let broker = sluice::broker::Broker::new(
                        Arc::new(cfg),
                        Arc::new(Engine::new(Vec::new())),
                        sluice::broker::Hooks::new(
                            Arc::new(policy::RuleSet::empty()),
                            Arc::new(sluice::audit::LogAudit),
                        ),
                    );
                    broker.index().await;
                    let tools: Vec<(String, Vec<String>)> = broker
                        .catalog()
                        .entries()
                        .into_iter()
                        .map(|(s, e)| {
                            (
                                s,
                                e.lists.tools.iter().map(|t| t.name.to_string()).collect(),
                            )
                        })
                        .collect();
                    broker.shutdown().await;
                    tools
                });
                let sources = loaded.sources.clone();
                loaded.diagnostics.extend(syntax::check_catalog(
                    &loaded.rules,
                    &catalog,
                    &sources,
                    strict,
                ));
            } else if strict {
                println!(
                    "note: --strict checks servers and tools against a gateway config; pass --config"
                );
            }
            print!(
                "{}",
                syntax::render(&loaded.diagnostics, &loaded.sources, color)
            );
            let errors = loaded
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            let warnings = loaded.diagnostics.len() - errors;
            println!(
                "{} error(s), {} warning(s) in {} file(s); {} flow and {} call rules",
                errors,
                warnings,
                loaded.sources.len(),
                loaded.rules.flows.len(),
                loaded.rules.calls.len()
            );
            Ok(errors == 0)
        }
        RulesCommand::Test { src, cases } => {
            let (loaded, _, ok) = load_rules(&src)?;
            if !ok {
                print!(
                    "{}",
                    syntax::render(&loaded.diagnostics, &loaded.sources, color)
                );
                bail!("the rules have errors; fix them first (sluice rules check)");
            }
            let mut case_paths = cases;
            if case_paths.is_empty() {
                for f in &loaded.rules.files {
                    let dir = std::path::Path::new(f).parent().map(|d| d.join("tests"));
                    if let Some(d) = dir.filter(|d| d.is_dir())
                        && !case_paths.contains(&d)
                    {
                        case_paths.push(d);
                    }
                }
            }
            if case_paths.is_empty() {
                bail!("no cases found: pass --cases FILE (or put them in rules/tests/)");
            }
            let mut files = Vec::new();
            for f in syntax::files(&case_paths).map_err(|e| anyhow::anyhow!(e))? {
                files.push((f.display().to_string(), std::fs::read_to_string(&f)?));
            }
            let report =
                policy::cases::run(&loaded.rules, &files).map_err(|e| anyhow::anyhow!(e))?;
            let failed = report.outcomes.iter().filter(|o| !o.passed).count();
            for o in &report.outcomes {
                println!(
                    "{} {} ({}): {}",
                    if o.passed { "ok  " } else { "FAIL" },
                    o.name,
                    o.file,
                    o.detail
                );
            }
            if !report.unexercised.is_empty() {
                println!(
                    "\nrules no case exercises: {}",
                    report.unexercised.join(", ")
                );
            }
            println!(
                "\n{} passed, {} failed",
                report.outcomes.len() - failed,
                failed
            );
            Ok(failed == 0)
        }
        RulesCommand::Explain {
            src,
            class,
            from,
            to,
            arg,
            seen,
            call,
            json,
        } => {
            use sluice::vault::Source;
            let (loaded, _, ok) = load_rules(&src)?;
            if !ok {
                print!(
                    "{}",
                    syntax::render(&loaded.diagnostics, &loaded.sources, color)
                );
                bail!("the rules have errors; fix them first (sluice rules check)");
            }
            let endpoint = |s: &str| -> Result<Source> {
                Ok(match s.split_once(['/', '.']) {
                    Some((a, b)) => Source::new(a, b),
                    None => Source::new(s, "*"),
                })
            };
            let (server, tool) = policy::cases::endpoint(&to).map_err(|e| anyhow::anyhow!(e))?;
            let dest = policy::Destination { server, tool };
            let seen: std::collections::BTreeSet<Source> =
                seen.iter().map(|s| endpoint(s)).collect::<Result<_>>()?;
            let e = match (call, class) {
                (Some(args), _) => {
                    let args: Value =
                        serde_json::from_str(&args).context("--call must be JSON arguments")?;
                    policy::explain::explain_call(&loaded.rules, &dest, &args, &seen)
                }
                (None, Some(class)) => {
                    let class = match class.as_str() {
                        "email" => sluice::pii::Class::Email,
                        "phone" => sluice::pii::Class::Phone,
                        "name" => sluice::pii::Class::Name,
                        other => sluice::pii::Class::from_label(&other.to_ascii_uppercase())
                            .ok_or_else(|| anyhow::anyhow!("unknown class {other:?}"))?,
                    };
                    let from: std::collections::BTreeSet<Source> =
                        from.iter().map(|s| endpoint(s)).collect::<Result<_>>()?;
                    policy::explain::explain_flow(&loaded.rules, &class, &from, &dest, &arg, &seen)
                }
                (None, None) => bail!(
                    "give --class (and --from, --arg) to explain a value, or --call JSON to explain a call"
                ),
            };
            if json {
                println!("{}", serde_json::to_string_pretty(&e)?);
            } else {
                print!("{}", policy::explain::render(&e));
            }
            Ok(true)
        }
    }
}

/// The rules and the audit sink for a configuration; rule errors stop here.
fn hooks(cfg: &sluice::config::Config, engine: &Engine) -> Result<sluice::broker::Hooks> {
    use sluice::policy;
    use std::io::IsTerminal;
    let lexicons: Vec<String> = engine
        .lexicons()
        .iter()
        .map(|l| l.class.rule_name())
        .collect();
    let loaded = match policy::for_config(cfg, &lexicons) {
        Ok(l) => l,
        Err(l) => {
            eprint!(
                "{}",
                policy::syntax::render(&l.diagnostics, &l.sources, std::io::stderr().is_terminal())
            );
            bail!("the rules have errors; the gateway does not start");
        }
    };
    if !loaded.diagnostics.is_empty() {
        eprint!(
            "{}",
            policy::syntax::render(
                &loaded.diagnostics,
                &loaded.sources,
                std::io::stderr().is_terminal()
            )
        );
    }
    info!(
        flows = loaded.rules.flows.len(),
        calls = loaded.rules.calls.len(),
        files = %loaded.rules.files.join(", "),
        hash = %loaded.rules.hash,
        "rules loaded"
    );
    let audit: Arc<dyn sluice::audit::Audit> = match &cfg.gateway.audit_log {
        Some(p) => Arc::new(sluice::audit::AuditLog::open(p)?),
        None => Arc::new(sluice::audit::LogAudit),
    };
    Ok(sluice::broker::Hooks::new(Arc::new(loaded.rules), audit))
}

async fn wait_for_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = async { match term.as_mut() { Some(t) => { t.recv().await; } None => std::future::pending().await } } => {}
    }
}

fn parse_source(s: &str) -> Result<Source> {
    match s.split_once('/') {
        Some((a, b)) if !a.is_empty() && !b.is_empty() => Ok(Source::new(a, b)),
        _ => bail!("--source must be SERVER/TOOL, got {s:?}"),
    }
}

fn finding_json(l: &redact::Located) -> Value {
    let f = &l.finding;
    let mut o = json!({
        "class": f.class.rule_name(),
        "pointer": l.pointer,
        "start": f.start,
        "end": f.end,
        "detector": f.detector,
        "confidence": (f.confidence * 100.0).round() / 100.0,
    });
    if let Some(p) = &l.embedded_pointer {
        o["embedded_pointer"] = json!(p);
    }
    if l.in_key {
        o["in_key"] = json!(true);
    }
    if let Some(v) = &l.value {
        o["value"] = json!(v);
    }
    o
}

const DEMO_RESULT: &str = include_str!("../data/examples/crm-search-result.json");

fn demo() -> Result<bool> {
    let engine = Engine::new(Vec::new());
    let mut vault = Vault::new()?;
    let original: Value = serde_json::from_str(DEMO_RESULT).context("bundled example")?;
    let mut doc = original.clone();
    let source = Source::new("crm", "search_contacts");
    Redactor::new(&engine, &mut vault, Some(&source)).redact(&mut doc);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "== A tool result from crm/search_contacts, as the model sees it through Sluice ==\n"
    )?;
    writeln!(out, "{}\n", serde_json::to_string_pretty(&doc)?)?;
    writeln!(
        out,
        "== Tokens in this session's vault (class, provenance) ==\n"
    )?;
    for e in vault.entries() {
        let sources: Vec<String> = e.sources.iter().map(ToString::to_string).collect();
        writeln!(out, "  [{}]  from {}", e.id, sources.join(", "))?;
    }
    let mut back = doc.clone();
    redact::restore(&vault, &mut back)?;
    writeln!(
        out,
        "\n== Restored for a server the rules allow (here: everything) ==\n"
    )?;
    writeln!(out, "{}\n", serde_json::to_string_pretty(&back)?)?;
    let exact = back == original;
    writeln!(
        out,
        "round trip exact: {}",
        if exact { "yes" } else { "NO" }
    )?;
    Ok(exact)
}

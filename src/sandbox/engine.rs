//! The Boa runtime inside the worker: the globals the code gets (`servers`,
//! `fs`, `console`, nothing else beyond ECMAScript), the module loader for
//! `./servers/<name>` and `./skills/<name>`, and the event loop that drives
//! the code's promise while host calls are answered over the pipe.
//!
//! Host calls use the pending-promise pattern: a call creates a pending
//! promise, stores its resolvers under an id and writes the request out; the
//! loop runs the engine's jobs, and when nothing is left to run, blocks on
//! the next reply (no busy waiting) and settles that promise. Concurrent
//! calls (`Promise.all`) are simply several ids in flight.
//!
//! All state lives in one thread-local: `Context` is `!Send` and so is
//! everything here.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::Write;
use std::path::Path;
use std::rc::Rc;
use std::sync::mpsc::Receiver;

use boa_engine::builtins::promise::{PromiseState, ResolvingFunctions};
use boa_engine::module::{ModuleLoader, Referrer};
use boa_engine::object::builtins::JsPromise;
use boa_engine::property::Attribute;
use boa_engine::{
    Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, Module, NativeFunction,
    Source, js_string,
};
use serde_json::Value;

use super::declarations::server_module;
use super::protocol::{Done, FromWorker, FsOp, Reply, WorkerLimits};
use super::typescript::{self, LineMap};

/// The path the engine reports for the generated API's own frames, which
/// error reports leave out.
const API_PATH: &str = "sluice:api";

/// What the main thread hands the engine thread.
pub(crate) enum Inbound {
    Reply(u64, Reply),
    /// The parent went away: stop.
    Closed,
}

struct Pending {
    resolvers: ResolvingFunctions,
    /// Made at the call site, so that its stack names the code's line.
    error: JsValue,
    label: String,
}

struct State {
    inbox: Receiver<Inbound>,
    early: VecDeque<(u64, Reply)>,
    next_id: u64,
    pending: HashMap<u64, Pending>,
    left: usize,
    cut: usize,
    limits: WorkerLimits,
    servers: BTreeMap<String, Vec<String>>,
    maps: HashMap<String, LineMap>,
    /// Lines of the main code: frames past it are the wrapper's.
    main_lines: u32,
    modules: HashMap<String, Module>,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> R {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let s = s
            .as_mut()
            .expect("engine state is set before any code runs");
        f(s)
    })
}

/// Writes one message to the parent. A broken pipe means the parent is gone.
pub(crate) fn send(msg: &FromWorker) {
    let mut line = serde_json::to_vec(msg).unwrap_or_default();
    line.push(b'\n');
    let mut out = std::io::stdout().lock();
    if out.write_all(&line).and_then(|()| out.flush()).is_err() {
        std::process::exit(3);
    }
}

/// A context with the ECMAScript built-ins only, our loader, and the API
/// prelude compiled: built before any code arrives (the warm part of a
/// pooled worker).
pub(crate) fn new_context() -> JsResult<(Context, JsObject)> {
    let mut ctx = Context::builder().module_loader(Rc::new(Loader)).build()?;
    let prelude = ctx.eval(Source::from_bytes(PRELUDE).with_path(Path::new(API_PATH)))?;
    let prelude = prelude
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("prelude"))?;
    let console = console_object(&mut ctx)?;
    ctx.register_global_property(js_string!("console"), console, Attribute::empty())?;
    Ok((ctx, prelude))
}

const PRELUDE: &str = r#"(function (call, fsop, spec) {
  "use strict";
  const freeze = Object.freeze, create = Object.create, define = Object.defineProperty;
  const Err = Error;
  const servers = create(null);
  for (let i = 0; i < spec.length; i++) {
    const s = spec[i][0], tools = spec[i][1], o = create(null);
    for (let j = 0; j < tools.length; j++) {
      const t = tools[j];
      const f = (args) => call(s, t, args, new Err());
      define(f, "name", { value: t });
      o[t] = freeze(f);
    }
    servers[s] = freeze(o);
  }
  const fs = create(null);
  fs.readFile = freeze((path) => fsop("read", path, undefined, new Err()));
  fs.writeFile = freeze((path, contents) => fsop("write", path, contents, new Err()));
  fs.readdir = freeze((path) => fsop("readdir", path, undefined, new Err()));
  return [freeze(servers), freeze(fs)];
})"#;

fn console_object(ctx: &mut Context) -> JsResult<JsObject> {
    let o = JsObject::with_null_proto();
    let fns: [(&str, boa_engine::native_function::NativeFunctionPointer); 5] = [
        ("log", console_log),
        ("info", console_log),
        ("debug", console_log),
        ("warn", console_warn),
        ("error", console_error),
    ];
    for (name, f) in fns {
        let func = NativeFunction::from_fn_ptr(f).to_js_function(ctx.realm());
        o.set(JsString::from(name), func, true, ctx)?;
    }
    o.set_integrity_level(boa_engine::object::IntegrityLevel::Frozen, ctx)?;
    Ok(o)
}

fn console_log(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    print("", args, ctx)
}
fn console_warn(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    print("[warn] ", args, ctx)
}
fn console_error(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    print("[error] ", args, ctx)
}

/// How a value prints: strings as they are, the rest as JSON where it is
/// JSON, else the engine's display.
fn render(v: &JsValue, ctx: &mut Context) -> JsResult<String> {
    if let Some(s) = v.as_string() {
        return Ok(s.to_std_string_escaped());
    }
    if v.is_undefined() {
        return Ok("undefined".into());
    }
    if let Some(o) = v.as_object()
        && o.is::<boa_engine::builtins::error::Error>()
    {
        let name = o.get(js_string!("name"), ctx)?.to_string(ctx)?;
        let msg = o.get(js_string!("message"), ctx)?.to_string(ctx)?;
        return Ok(format!(
            "{}: {}",
            name.to_std_string_escaped(),
            msg.to_std_string_escaped()
        ));
    }
    if v.is_callable() || v.is_symbol() || v.is_bigint() {
        return Ok(v.display().to_string());
    }
    match v.to_json(ctx) {
        Ok(Some(j)) => Ok(serde_json::to_string(&j).unwrap_or_default()),
        Ok(None) => Ok(v.display().to_string()),
        Err(e) if e.as_engine().is_some() => Err(e),
        Err(_) => Ok(v.display().to_string()),
    }
}

fn print(prefix: &str, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    if with_state(|s| s.left == 0) {
        // Past the budget: counted, not rendered (a big value costs nothing).
        with_state(|s| s.cut += 1);
        return Ok(JsValue::undefined());
    }
    let mut text = String::from(prefix);
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&render(a, ctx)?);
    }
    text.push('\n');
    emit(text);
    Ok(JsValue::undefined())
}

/// Sends console text within what is left of the output budget.
fn emit(text: String) {
    let (text, first_cut) = with_state(|s| {
        let (kept, cut) = cut_to(&text, s.left);
        s.left -= kept.len();
        let first = cut > 0 && s.cut == 0;
        s.cut += cut;
        (kept.to_string(), first)
    });
    if !text.is_empty() {
        send(&FromWorker::Log { text });
    }
    if first_cut {
        send(&FromWorker::Cut);
    }
}

/// The longest prefix of `s` within `budget` bytes on a char boundary, and
/// the number of bytes left out.
pub(crate) fn cut_to(s: &str, budget: usize) -> (&str, usize) {
    if s.len() <= budget {
        return (s, 0);
    }
    let mut end = budget;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    (&s[..end], s.len() - end)
}

fn arg_string(args: &[JsValue], i: usize, what: &str) -> JsResult<String> {
    match args.get(i).and_then(JsValue::as_string) {
        Some(s) => Ok(s.to_std_string_escaped()),
        None => Err(JsNativeError::typ()
            .with_message(format!("{what} must be a string"))
            .into()),
    }
}

/// `call(server, tool, args, errorAtCallSite)` from the prelude.
fn host_call(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let server = arg_string(args, 0, "server")?;
    let tool = arg_string(args, 1, "tool")?;
    let a = args.get(2).cloned().unwrap_or_default();
    let json = if a.is_undefined() || a.is_null() {
        Value::Object(serde_json::Map::new())
    } else {
        match a.to_json(ctx)? {
            Some(v @ Value::Object(_)) => v,
            _ => {
                return Err(JsNativeError::typ()
                    .with_message(format!(
                        "servers.{server}.{tool}: the arguments must be an object"
                    ))
                    .into());
            }
        }
    };
    let error = args.get(3).cloned().unwrap_or_default();
    let (promise, resolvers) = JsPromise::new_pending(ctx);
    let id = with_state(|s| {
        s.next_id += 1;
        let id = s.next_id;
        s.pending.insert(
            id,
            Pending {
                resolvers,
                error,
                label: format!("servers.{server}.{tool}"),
            },
        );
        id
    });
    send(&FromWorker::Call {
        id,
        server,
        tool,
        args: json,
    });
    Ok(promise.into())
}

/// `fsop(op, path, contents, errorAtCallSite)` from the prelude.
fn host_fs(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let op = match arg_string(args, 0, "op")?.as_str() {
        "read" => FsOp::Read,
        "write" => FsOp::Write,
        _ => FsOp::Readdir,
    };
    let path = arg_string(args, 1, "the path")?;
    let contents = if op == FsOp::Write {
        match args.get(2) {
            Some(v) if v.is_string() => Some(arg_string(args, 2, "contents")?),
            Some(v) => Some(v.to_string(ctx)?.to_std_string_escaped()),
            None => Some(String::new()),
        }
    } else {
        None
    };
    let error = args.get(3).cloned().unwrap_or_default();
    let (promise, resolvers) = JsPromise::new_pending(ctx);
    let label = match op {
        FsOp::Read => "fs.readFile",
        FsOp::Write => "fs.writeFile",
        FsOp::Readdir => "fs.readdir",
    };
    let id = with_state(|s| {
        s.next_id += 1;
        let id = s.next_id;
        s.pending.insert(
            id,
            Pending {
                resolvers,
                error,
                label: label.into(),
            },
        );
        id
    });
    send(&FromWorker::Fs {
        id,
        op,
        path,
        contents,
    });
    Ok(promise.into())
}

/// Blocks for the reply to `want` (a skill), keeping other replies for later.
fn wait_for(want: u64) -> Option<Reply> {
    loop {
        let msg = with_state(|s| s.inbox.recv());
        match msg {
            Ok(Inbound::Reply(id, r)) if id == want => return Some(r),
            Ok(Inbound::Reply(id, r)) => with_state(|s| s.early.push_back((id, r))),
            Ok(Inbound::Closed) | Err(_) => return None,
        }
    }
}

/// The next reply, blocking: `None` when the parent is gone.
fn next_reply() -> Option<(u64, Reply)> {
    if let Some(r) = with_state(|s| s.early.pop_front()) {
        return Some(r);
    }
    match with_state(|s| s.inbox.recv()) {
        Ok(Inbound::Reply(id, r)) => Some((id, r)),
        Ok(Inbound::Closed) | Err(_) => None,
    }
}

fn try_reply() -> Option<(u64, Reply)> {
    if let Some(r) = with_state(|s| s.early.pop_front()) {
        return Some(r);
    }
    match with_state(|s| s.inbox.try_recv()) {
        Ok(Inbound::Reply(id, r)) => Some((id, r)),
        _ => None,
    }
}

fn settle(id: u64, reply: Reply, ctx: &mut Context) -> JsResult<()> {
    let Some(p) = with_state(|s| s.pending.remove(&id)) else {
        return Ok(());
    };
    match reply {
        Reply::Ok(v) => {
            let value = JsValue::from_json(&v, ctx)?;
            p.resolvers
                .resolve
                .call(&JsValue::undefined(), &[value], ctx)?;
        }
        Reply::Missing | Reply::Err(_) => {
            let msg = match reply {
                Reply::Err(m) => m,
                _ => "not found".into(),
            };
            let text = js_string!(format!("{}: {msg}", p.label).as_str());
            let err = match p.error.as_object() {
                Some(o) => {
                    o.set(js_string!("message"), text, false, ctx)?;
                    p.error.clone()
                }
                None => JsNativeError::error()
                    .with_message(format!("{}: {msg}", p.label))
                    .into_opaque(ctx)
                    .into(),
            };
            p.resolvers
                .reject
                .call(&JsValue::undefined(), &[err], ctx)?;
        }
    }
    Ok(())
}

/// Runs the code to its end and reports it (the caller exits afterwards).
pub(crate) fn run(
    mut ctx: Context,
    prelude: &JsObject,
    inbox: Receiver<Inbound>,
    code: &str,
    servers: BTreeMap<String, Vec<String>>,
    limits: WorkerLimits,
) -> Done {
    STATE.with(|s| {
        *s.borrow_mut() = Some(State {
            inbox,
            early: VecDeque::new(),
            next_id: 0,
            pending: HashMap::new(),
            left: limits.max_output_bytes,
            cut: 0,
            limits: limits.clone(),
            servers: servers.clone(),
            maps: HashMap::new(),
            main_lines: code.lines().count().max(1) as u32,
            modules: HashMap::new(),
        });
    });
    ctx.runtime_limits_mut()
        .set_recursion_limit(limits.max_recursion);
    let compiled = match typescript::compile_main(code, limits.max_source_bytes, limits.max_nesting)
    {
        Ok(c) => c,
        Err(e) => {
            return Done {
                error: Some(e.to_string()),
                rejected: true,
                ..Done::default()
            };
        }
    };
    if let Err(e) = install_api(&mut ctx, prelude, &servers) {
        return Done {
            error: Some(format!("internal error: the API could not be set up ({e})")),
            ..Done::default()
        };
    }
    with_state(|s| s.maps.insert("main.ts".into(), compiled.lines));
    let module = match Module::parse(
        Source::from_bytes(compiled.js.as_bytes()).with_path(Path::new("main.ts")),
        None,
        &mut ctx,
    ) {
        Ok(m) => m,
        Err(e) => {
            let msg = describe_js_error(e, &mut ctx);
            return Done {
                error: Some(msg),
                rejected: true,
                ..Done::default()
            };
        }
    };
    let promise = module.load_link_evaluate(&mut ctx);
    // The module itself has no top-level await (an uncatchable error in an
    // async module panics Boa 0.22): its default export is the promise of
    // the wrapped code, driven in turn.
    let outcome = drive(&mut ctx, &promise).and_then(|_| {
        let ns = module.namespace(&mut ctx);
        let main = ns
            .get(js_string!("default"), &mut ctx)
            .map_err(|e| describe_js_error(e, &mut ctx))?;
        let main = main
            .as_object()
            .and_then(|o| JsPromise::from_object(o.clone()).ok())
            .ok_or_else(|| "internal error: the code did not start".to_string())?;
        drive(&mut ctx, &main)
    });
    let mut done = Done::default();
    match outcome {
        Ok(v) => value_out(&v, &mut ctx, &mut done),
        Err(msg) => done.error = Some(msg),
    }
    done.cut_bytes += with_state(|s| s.cut);
    done
}

fn install_api(
    ctx: &mut Context,
    prelude: &JsObject,
    servers: &BTreeMap<String, Vec<String>>,
) -> JsResult<()> {
    let call = NativeFunction::from_fn_ptr(host_call).to_js_function(ctx.realm());
    let fsop = NativeFunction::from_fn_ptr(host_fs).to_js_function(ctx.realm());
    let spec: Vec<Value> = servers
        .iter()
        .map(|(s, t)| Value::Array(vec![Value::String(s.clone()), serde_json::json!(t)]))
        .collect();
    let spec = JsValue::from_json(&Value::Array(spec), ctx)?;
    let pair = prelude.call(
        &JsValue::undefined(),
        &[call.into(), fsop.into(), spec],
        ctx,
    )?;
    let pair = pair
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("prelude"))?;
    let servers_obj = pair.get(0, ctx)?;
    let fs_obj = pair.get(1, ctx)?;
    ctx.register_global_property(js_string!("servers"), servers_obj, Attribute::empty())?;
    ctx.register_global_property(js_string!("fs"), fs_obj, Attribute::empty())?;
    Ok(())
}

/// Runs jobs and answers replies until the main promise settles.
fn drive(ctx: &mut Context, promise: &JsPromise) -> Result<JsValue, String> {
    loop {
        if let Err(e) = ctx.run_jobs() {
            return Err(describe_js_error(e, ctx));
        }
        match promise.state() {
            PromiseState::Fulfilled(v) => return Ok(v),
            PromiseState::Rejected(err) => return Err(describe_error(&err, ctx)),
            PromiseState::Pending => {}
        }
        if with_state(|s| s.pending.is_empty()) {
            return Err(
                "the code stopped without finishing: it awaits a promise that nothing \
                 settles (no call is in flight), or a runtime limit such as the recursion \
                 limit was hit after an `await`"
                    .into(),
            );
        }
        let Some((id, reply)) = next_reply() else {
            std::process::exit(0);
        };
        if let Err(e) = settle(id, reply, ctx) {
            return Err(describe_js_error(e, ctx));
        }
        while let Some((id, reply)) = try_reply() {
            if let Err(e) = settle(id, reply, ctx) {
                return Err(describe_js_error(e, ctx));
            }
        }
    }
}

fn value_out(v: &JsValue, ctx: &mut Context, done: &mut Done) {
    if v.is_undefined() {
        return;
    }
    let left = with_state(|s| s.left);
    if let Some(s) = v.as_string() {
        // A long string is cut without being copied into JSON twice.
        let text = s.to_std_string_escaped();
        let (kept, cut) = cut_to(&text, left.saturating_sub(2));
        done.value_text = Some(format!("{kept:?}"));
        done.cut_bytes += cut;
        if cut == 0 {
            done.value = Some(Value::String(text));
        }
        return;
    }
    let (json, text) = match v.to_json(ctx) {
        Ok(Some(j)) => {
            let text = serde_json::to_string(&j).unwrap_or_default();
            (Some(j), text)
        }
        _ => (None, v.display().to_string()),
    };
    let (kept, cut) = cut_to(&text, left);
    if cut == 0 {
        done.value = json;
    }
    done.value_text = Some(kept.to_string());
    done.cut_bytes += cut;
}

/// A Rust-side error (a parse error, a runtime limit) like an uncaught one.
fn describe_js_error(e: JsError, ctx: &mut Context) -> String {
    if e.as_engine().is_some() {
        // Uncatchable (a runtime limit): its text is the engine's, then frames.
        let text = e.to_string();
        let mut lines = text.lines();
        let mut out = lines.next().unwrap_or("RangeError").to_string();
        let frames = map_stack(&lines.collect::<Vec<_>>().join("\n"));
        push_frames(&mut out, frames);
        return out;
    }
    match e.into_opaque(ctx) {
        Ok(v) => describe_error(&v, ctx),
        Err(e) => e.to_string().lines().next().unwrap_or("error").to_string(),
    }
}

/// Appends `(line N)` and the frames, repeated frames folded, at most 12.
fn push_frames(out: &mut String, frames: Vec<(String, String, u32)>) {
    if let Some((_, _, line)) = frames.first() {
        out.push_str(&format!(" (line {line})"));
    }
    let mut shown = 0;
    let mut i = 0;
    while i < frames.len() && shown < 12 {
        let mut n = 1;
        while i + n < frames.len() && frames[i + n] == frames[i] {
            n += 1;
        }
        let (func, path, line) = &frames[i];
        out.push_str(&format!("\n    at {func} ({path}:{line})"));
        if n > 1 {
            out.push_str(&format!(" ×{n}"));
        }
        shown += 1;
        i += n;
    }
    if i < frames.len() {
        out.push_str("\n    ...");
    }
}

/// An uncaught error as the code's own text: its name, message and the
/// frames of the code (generated-API frames left out), with the code's line
/// numbers.
fn describe_error(err: &JsValue, ctx: &mut Context) -> String {
    let Some(o) = err.as_object() else {
        let shown = render(err, ctx).unwrap_or_else(|_| "a value".into());
        return format!("Uncaught {shown}");
    };
    if !o.is::<boa_engine::builtins::error::Error>() {
        let shown = render(err, ctx).unwrap_or_else(|_| "an object".into());
        return format!("Uncaught {shown}");
    }
    let get = |k: &str, ctx: &mut Context| -> String {
        o.get(JsString::from(k), ctx)
            .ok()
            .and_then(|v| v.as_string().map(|s| s.to_std_string_escaped()))
            .unwrap_or_default()
    };
    let name = get("name", ctx);
    let message = get("message", ctx);
    let stack = get("stack", ctx);
    let frames = map_stack(&stack);
    let mut out = if name.is_empty() {
        message
    } else if message.is_empty() {
        name
    } else {
        format!("{name}: {message}")
    };
    push_frames(&mut out, frames);
    out
}

/// `    at f (main.ts:12:5)` lines → (function, path, source line), only for
/// the code's own modules.
fn map_stack(stack: &str) -> Vec<(String, String, u32)> {
    let mut out = Vec::new();
    for l in stack.lines() {
        let Some(rest) = l.trim().strip_prefix("at ") else {
            continue;
        };
        let Some(open) = rest.rfind(" (") else {
            continue;
        };
        let func = &rest[..open];
        let loc = rest[open + 2..].trim_end_matches(')');
        let mut parts = loc.rsplitn(3, ':');
        let (Some(col), Some(line), Some(path)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        if path == API_PATH {
            continue;
        }
        let (Ok(line), Ok(col)) = (line.parse::<u32>(), col.parse::<u32>()) else {
            continue;
        };
        let mapped = with_state(|s| {
            s.maps
                .get(path)
                .and_then(|m| m.source_line(line, col))
                .filter(|&l| path != "main.ts" || l <= s.main_lines)
        });
        if let Some(src_line) = mapped {
            let func = if func.is_empty() || func == "<main>" {
                "<main>"
            } else {
                func
            };
            out.push((func.to_string(), path.to_string(), src_line));
        }
    }
    out
}

/// Serves `./servers/<name>` (generated) and `./skills/<name>` (asked of
/// the parent, compiled like the main code). Nothing else resolves.
struct Loader;

fn resolve(referrer: Option<&Path>, spec: &str) -> Result<String, String> {
    let bad = || {
        format!(
            "cannot import {spec:?}: only \"./servers/<name>\" and \"./skills/<name>\" can be imported"
        )
    };
    let mut parts: Vec<&str> = Vec::new();
    if (spec.starts_with("./") || spec.starts_with("../"))
        && let Some(dir) = referrer.and_then(Path::parent).and_then(Path::to_str)
    {
        parts.extend(dir.split('/').filter(|p| !p.is_empty()));
    }
    for p in spec.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(bad());
                }
            }
            p => parts.push(p),
        }
    }
    let [dir, name] = parts.as_slice() else {
        return Err(bad());
    };
    let name = name
        .strip_suffix(".ts")
        .or_else(|| name.strip_suffix(".js"))
        .or_else(|| name.strip_suffix(".mjs"))
        .unwrap_or(name);
    let ok_name = !name.is_empty()
        && name.len() <= 128
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
    if !ok_name || (*dir != "servers" && *dir != "skills") {
        return Err(bad());
    }
    Ok(format!("{dir}/{name}"))
}

impl Loader {
    fn load(referrer: Option<&Path>, spec: &str, ctx: &mut Context) -> JsResult<Module> {
        let key = resolve(referrer, spec)
            .map_err(|m| JsError::from(JsNativeError::typ().with_message(m)))?;
        if let Some(m) = with_state(|s| s.modules.get(&key).cloned()) {
            return Ok(m);
        }
        let path = format!("{key}.ts");
        let module = if let Some(server) = key.strip_prefix("servers/") {
            let tools = with_state(|s| s.servers.get(server).cloned());
            let Some(tools) = tools else {
                return Err(JsNativeError::typ()
                    .with_message(format!("no server named {server:?}"))
                    .into());
            };
            let src = server_module(server, &tools);
            Module::parse(
                Source::from_bytes(src.as_bytes()).with_path(Path::new(API_PATH)),
                None,
                ctx,
            )?
        } else {
            let name = key.trim_start_matches("skills/").to_string();
            let id = with_state(|s| {
                s.next_id += 1;
                s.next_id
            });
            send(&FromWorker::Skill {
                id,
                name: name.clone(),
            });
            let src = match wait_for(id) {
                Some(Reply::Ok(Value::String(src))) => src,
                Some(Reply::Err(m)) => {
                    return Err(JsNativeError::typ()
                        .with_message(format!("skill {name:?}: {m}"))
                        .into());
                }
                None => std::process::exit(0),
                _ => {
                    return Err(JsNativeError::typ()
                        .with_message(format!("no skill named {name:?}"))
                        .into());
                }
            };
            let (max, nest) = with_state(|s| (s.limits.max_source_bytes, s.limits.max_nesting));
            let compiled = typescript::compile_module(&src, &path, max, nest)
                .map_err(|e| JsNativeError::syntax().with_message(format!("{path}: {e}")))?;
            with_state(|s| s.maps.insert(path.clone(), compiled.lines));
            Module::parse(
                Source::from_bytes(compiled.js.as_bytes()).with_path(Path::new(&path)),
                None,
                ctx,
            )?
        };
        with_state(|s| s.modules.insert(key, module.clone()));
        Ok(module)
    }
}

impl ModuleLoader for Loader {
    fn load_imported_module(
        self: Rc<Self>,
        referrer: Referrer,
        request: boa_engine::module::ModuleRequest,
        context: &RefCell<&mut Context>,
    ) -> impl Future<Output = JsResult<Module>> {
        let spec = request.specifier().to_std_string_escaped();
        let result = Self::load(referrer.path(), &spec, &mut context.borrow_mut());
        async { result }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolution() {
        assert_eq!(
            resolve(Some(Path::new("main.ts")), "./servers/crm"),
            Ok("servers/crm".into())
        );
        assert_eq!(
            resolve(Some(Path::new("main.ts")), "./skills/a.ts"),
            Ok("skills/a".into())
        );
        assert_eq!(
            resolve(Some(Path::new("skills/a.ts")), "../servers/crm"),
            Ok("servers/crm".into())
        );
        assert_eq!(
            resolve(Some(Path::new("skills/a.ts")), "./b"),
            Ok("skills/b".into())
        );
        assert!(resolve(Some(Path::new("main.ts")), "fs").is_err());
        assert!(resolve(Some(Path::new("main.ts")), "../../etc/passwd").is_err());
        assert!(resolve(Some(Path::new("main.ts")), "/etc/passwd").is_err());
        assert!(resolve(Some(Path::new("main.ts")), "./servers/a/b").is_err());
    }

    #[test]
    fn cutting() {
        assert_eq!(cut_to("héllo", 2), ("h", 5));
        assert_eq!(cut_to("abc", 10), ("abc", 0));
    }
}

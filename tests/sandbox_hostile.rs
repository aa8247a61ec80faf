//! Hostile code against the sandbox: every case must end within its limits
//! with a clear error, never crash the test process (the "gateway"), and
//! never let plaintext, credentials or host paths out (`assert_clean`).
//!
//! Limits are tight so the suite stays fast: 1.5 s of wall time, 64 MiB of
//! heap, 50 calls.

mod sandbox_common;

use std::time::{Duration, Instant};

use sandbox_common::*;
use serde_json::json;
use sluice::sandbox::{Ended, Limits, RunReport};

fn hostile() -> Limits {
    Limits {
        wall: Duration::from_millis(1500),
        memory_bytes: 64 << 20,
        max_calls: 50,
        max_output_bytes: 4000,
        max_nesting: 100,
        ..Limits::default()
    }
}

/// Runs hostile code: it must end within the wall limit (plus the time to
/// start and kill a worker) and report nothing it should not.
async fn attack(code: &str) -> (RunReport, std::sync::Arc<FakeHost>) {
    attack_with(code, &hostile()).await
}

/// Memory bombs get more wall time: a debug build of the engine fills
/// 64 MiB slowly, and the point is to see the memory limit hit.
fn bombs() -> Limits {
    Limits {
        wall: Duration::from_secs(10),
        ..hostile()
    }
}

async fn attack_with(code: &str, limits: &Limits) -> (RunReport, std::sync::Arc<FakeHost>) {
    let started = Instant::now();
    let (r, h) = run_with(code, limits).await;
    assert!(
        started.elapsed() < limits.wall + Duration::from_secs(3),
        "took {:?}: {r:?}",
        started.elapsed()
    );
    assert_clean(&r);
    (r, h)
}

#[track_caller]
fn stopped(r: &RunReport, allowed: &[Ended], says: &str) {
    assert!(allowed.contains(&r.ended), "ended {:?}: {r:?}", r.ended);
    let e = r.error.as_deref().unwrap_or_default();
    assert!(e.contains(says), "error {e:?} should say {says:?}");
}

const RESOURCE: &[Ended] = &[Ended::OutOfMemory, Ended::Error, Ended::Timeout];

macro_rules! case {
    ($name:ident, $code:expr, |$r:ident, $h:ident| $check:block) => {
        #[tokio::test]
        async fn $name() {
            #[allow(unused_variables)]
            let ($r, $h) = attack($code).await;
            $check
        }
    };
}

// ---- Infinite loops: killed at the wall deadline.

case!(infinite_loop, "for (;;) {}", |r, h| {
    stopped(&r, &[Ended::Timeout], "ran longer than 1s 500ms");
});
case!(
    infinite_loop_in_a_callback,
    "[1, 2].forEach(() => { while (true) {} });",
    |r, h| {
        stopped(&r, &[Ended::Timeout], "worker was killed");
    }
);
case!(
    infinite_loop_after_an_await,
    "await servers.t.echo({ n: 1 });\nwhile (true) {}",
    |r, h| {
        stopped(&r, &[Ended::Timeout], "ran longer");
        assert_eq!(r.calls.len(), 1, "the partial side effects are reported");
        assert!(r.calls[0].ok());
    }
);
case!(
    infinite_loop_in_a_promise_job,
    "Promise.resolve().then(() => { for (;;) {} });\nawait new Promise(() => {});",
    |r, h| {
        stopped(&r, &[Ended::Timeout], "ran longer");
    }
);
case!(
    infinite_loop_in_a_sort_comparator,
    "[3, 1, 2].sort(() => { for (;;) {} });",
    |r, h| {
        stopped(&r, &[Ended::Timeout], "ran longer");
    }
);
case!(
    getters_in_the_arguments_are_not_run,
    "await servers.t.echo({ get x() { for (;;) {} } });",
    |r, h| {
        // Arguments are converted as data: accessors are not called.
        assert_eq!(r.ended, Ended::Completed, "{r:?}");
        assert_eq!(h.calls.lock().unwrap()[0].2, json!({"x": null}));
    }
);
case!(
    infinite_loop_in_a_thenable,
    "await { then() { for (;;) {} } };",
    |r, h| {
        stopped(&r, &[Ended::Timeout], "ran longer");
    }
);
case!(
    catastrophic_regex,
    "/(a+)+$/.test('a'.repeat(40) + 'b');",
    |r, h| {
        stopped(&r, &[Ended::Timeout], "ran longer");
    }
);
case!(
    atomics_wait_forever,
    "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);",
    |r, h| {
        assert_ne!(r.ended, Ended::Completed, "{r:?}");
        assert!(r.error.is_some());
    }
);

// ---- Recursion and stacks.

case!(
    deep_recursion,
    "function f(n) { return f(n + 1) + 1; }\nf(0);",
    |r, h| {
        stopped(&r, &[Ended::Error], "recursi");
        assert!(r.error.as_deref().unwrap().contains("(line 1)"));
    }
);
case!(
    deep_recursion_after_an_await,
    "await null;\nfunction f() { return f(); }\nf();",
    |r, h| {
        stopped(&r, &[Ended::Error], "");
    }
);
case!(
    recursion_through_native_built_ins,
    "function f() { return [1].map(f); }\nf();",
    |r, h| {
        stopped(&r, RESOURCE, "");
    }
);
case!(
    deeply_nested_value_printed,
    "let o = {}; for (let i = 0; i < 200000; i++) o = { o };\nconsole.log(o);",
    |r, h| {
        stopped(&r, RESOURCE, "");
    }
);
case!(
    deeply_nested_json_parsed,
    "JSON.parse('['.repeat(200000) + ']'.repeat(200000));",
    |r, h| {
        stopped(&r, RESOURCE, "");
    }
);

// ---- Memory bombs and huge values from built-ins.

#[tokio::test]
async fn memory_bomb() {
    let code = "const keep = []; for (let i = 0; ; i++) keep.push(('x' + i).repeat(1e6));";
    let (r, _) = attack_with(code, &bombs()).await;
    stopped(&r, &[Ended::OutOfMemory], "exhausted its memory (64 MiB)");
}
case!(string_doubling, "let s = 'x'; for (;;) s += s;", |r, h| {
    stopped(&r, RESOURCE, "");
});
case!(huge_repeat, "'x'.repeat(2 ** 30);", |r, h| {
    stopped(&r, RESOURCE, "");
});
case!(huge_array_fill, "new Array(3e7).fill(1);", |r, h| {
    stopped(&r, RESOURCE, "");
});
case!(
    huge_array_from,
    "Array.from({ length: 1e9 }, (_, i) => i);",
    |r, h| {
        stopped(&r, RESOURCE, "");
    }
);
case!(huge_array_buffer, "new ArrayBuffer(2 ** 32);", |r, h| {
    stopped(&r, RESOURCE, "");
});
case!(
    huge_typed_array,
    "new Float64Array(1e9).fill(1);",
    |r, h| {
        stopped(&r, RESOURCE, "");
    }
);
case!(huge_join, "new Array(1e8).join('abcdefgh');", |r, h| {
    stopped(&r, RESOURCE, "");
});
case!(
    huge_arguments_to_a_tool,
    "await servers.t.echo({ x: 'a'.repeat(40e6) });",
    |r, h| {
        assert_ne!(r.ended, Ended::Completed, "{r:?}");
        assert!(
            h.calls.lock().unwrap().is_empty(),
            "nothing that big reached the host"
        );
    }
);

// ---- Deeply nested source: rejected before any parser sees it.

case!(
    nested_parentheses,
    &format!("{}1{}", "(".repeat(5000), ")".repeat(5000)),
    |r, h| {
        stopped(&r, &[Ended::Error], "rejected before parsing");
    }
);
case!(
    nested_arrays,
    &format!("{}{}", "[".repeat(5000), "]".repeat(5000)),
    |r, h| {
        stopped(&r, &[Ended::Error], "rejected before parsing");
    }
);
case!(
    nested_blocks,
    &format!("{}{}", "{".repeat(5000), "}".repeat(5000)),
    |r, h| {
        stopped(&r, &[Ended::Error], "rejected before parsing");
    }
);
case!(
    prefix_operator_chain,
    &format!("{}1", "!".repeat(100000)),
    |r, h| {
        stopped(&r, &[Ended::Error], "prefix operators");
    }
);
case!(
    nested_template_literals,
    &format!("{}{}", "`${".repeat(3000), "}`".repeat(3000)),
    |r, h| {
        stopped(&r, &[Ended::Error], "rejected before parsing");
    }
);
case!(
    long_assignment_chain,
    &format!("let a; {}1;", "a = ".repeat(200000)),
    |r, h| {
        // Not nesting by brackets: the parser's own recursion meets the
        // worker's stack; whatever happens, it happens in the worker.
        assert!(r.error.is_some() || r.ended == Ended::Completed, "{r:?}");
    }
);
case!(too_much_source, &"1;\n".repeat(600_000), |r, h| {
    stopped(&r, &[Ended::Error], "the limit is");
});

// ---- Storms: promises and calls.

case!(
    promise_storm,
    "for (;;) Promise.resolve().then(() => {});",
    |r, h| {
        stopped(&r, RESOURCE, "");
    }
);
case!(
    self_scheduling_promises,
    "const f = () => Promise.resolve().then(f);\nf();\nawait new Promise(() => {});",
    |r, h| {
        stopped(&r, RESOURCE, "");
    }
);
case!(
    call_storm,
    "for (let i = 0; i < 1e6; i++) servers.t.echo({ i });",
    |r, h| {
        stopped(&r, &[Ended::TooManyCalls], "more than 50 tool calls");
        assert_eq!(r.calls.len(), 50);
        assert!(h.calls.lock().unwrap().len() <= 50);
    }
);
case!(
    promise_all_storm,
    "await Promise.all(Array.from({ length: 10000 }, () => servers.t.slow({ ms: 10 })));",
    |r, h| {
        stopped(&r, &[Ended::TooManyCalls], "tool calls");
    }
);
case!(
    never_settling_promise,
    "await new Promise(() => {});",
    |r, h| {
        stopped(&r, &[Ended::Error], "nothing");
    }
);

// ---- The API objects cannot be changed, and there is nothing behind them.

case!(
    replace_a_tool_function,
    "servers.t.echo = async () => 'forged';\nreturn await servers.t.echo({});",
    |r, h| {
        stopped(&r, &[Ended::Error], "TypeError");
        assert!(h.calls.lock().unwrap().is_empty());
    }
);
case!(
    redefine_a_server,
    "Object.defineProperty(servers, 't', { value: {} });",
    |r, h| {
        stopped(&r, &[Ended::Error], "TypeError");
    }
);
case!(
    replace_the_globals,
    "globalThis.servers = {}; return typeof servers.t.echo;",
    |r, h| {
        // Assignment to a non-writable global throws in a module.
        stopped(&r, &[Ended::Error], "TypeError");
    }
);
case!(
    pollute_prototypes_before_calls,
    r#"
Object.prototype.toJSON = () => "forged";
Object.prototype.then = undefined;
Array.prototype.map = () => { throw new Error("polluted"); };
Function.prototype.call = () => "forged";
JSON.stringify = () => "forged";
return await servers.t.echo({ a: 1, list: [1, 2] });
"#,
    |r, h| {
        assert_eq!(r.ended, Ended::Completed, "{r:?}");
        assert_eq!(
            h.calls.lock().unwrap()[0].2,
            json!({"a": 1, "list": [1, 2]})
        );
        assert_eq!(r.value, Some(json!({"a": 1, "list": [1, 2]})));
    }
);
case!(
    the_call_primitive_is_not_reachable,
    r#"
const g = Function("return this")();
const names = Object.getOwnPropertyNames(g).filter(n => !/^[A-Z]/.test(n) && !["globalThis","eval","isFinite","isNaN","parseFloat","parseInt","decodeURI","decodeURIComponent","encodeURI","encodeURIComponent","escape","unescape","undefined","NaN","Infinity"].includes(n));
const f = servers.t.echo;
return [names.sort(), Object.getOwnPropertyNames(f).sort(), Object.getPrototypeOf(servers)];
"#,
    |r, h| {
        assert_eq!(
            r.value,
            Some(json!([
                ["console", "fs", "servers"],
                ["length", "name"],
                null
            ])),
            "{r:?}"
        );
    }
);
case!(
    unknown_tools_are_refused_by_the_parent,
    "return await servers.t['nope']?.({}) ?? 'absent';",
    |r, h| {
        assert_eq!(r.value, Some(json!("absent")));
        assert!(h.calls.lock().unwrap().is_empty());
    }
);

// ---- No ambient authority: no I/O globals, no module but the API.

case!(
    no_process_require_deno_bun,
    "return [typeof process, typeof require, typeof Deno, typeof Bun, typeof module, typeof exports];",
    |r, h| {
        assert_eq!(r.value, Some(json!(vec!["undefined"; 6])), "{r:?}");
    }
);
case!(
    no_network_globals,
    "return [typeof fetch, typeof XMLHttpRequest, typeof WebSocket, typeof navigator, typeof setTimeout, typeof WebAssembly];",
    |r, h| {
        assert_eq!(r.value, Some(json!(vec!["undefined"; 6])), "{r:?}");
    }
);
case!(
    function_constructor_finds_nothing_more,
    "const g = Function('return this')();\nreturn [g === globalThis, typeof g.process, typeof g.require, eval('typeof process')];",
    |r, h| {
        assert_eq!(
            r.value,
            Some(json!([true, "undefined", "undefined", "undefined"])),
            "{r:?}"
        );
    }
);
case!(
    dynamic_import_of_a_node_module,
    "await import('fs');",
    |r, h| {
        stopped(&r, &[Ended::Error], "cannot import \"fs\"");
    }
);
case!(
    dynamic_import_of_a_file,
    "await import('/etc/passwd');",
    |r, h| {
        stopped(&r, &[Ended::Error], "cannot import");
    }
);
case!(
    static_import_escaping_the_root,
    "import x from '../../../../proc/self/environ';\nreturn x;",
    |r, h| {
        stopped(&r, &[Ended::Error], "cannot import");
    }
);
case!(
    skill_path_traversal,
    "import x from './skills/../../etc/passwd';\nreturn x;",
    |r, h| {
        stopped(&r, &[Ended::Error], "cannot import");
        assert!(h.fs_paths.lock().unwrap().is_empty());
    }
);
case!(
    import_meta_and_data_urls,
    "await import('data:text/javascript,export default 1');",
    |r, h| {
        stopped(&r, &[Ended::Error], "cannot import");
    }
);

// ---- The vault, credentials, other sessions: out of reach.

case!(
    read_the_vault_file,
    "return await fs.readFile('../sluice.vault');",
    |r, h| {
        stopped(&r, &[Ended::Error], "outside the workspace");
        assert!(
            h.fs_paths.lock().unwrap().is_empty(),
            "the host was never asked"
        );
    }
);
case!(
    read_absolute_paths,
    r#"
const out = [];
for (const p of ["/etc/passwd", "/proc/self/environ", "~/.ssh/id_rsa", "C:\\Windows\\win.ini", "a/\u0000b"]) {
  try { await fs.readFile(p); out.push("read " + p); } catch (e) { out.push("refused"); }
}
return out;
"#,
    |r, h| {
        assert_eq!(r.value, Some(json!(vec!["refused"; 5])), "{r:?}");
        assert!(h.fs_paths.lock().unwrap().is_empty());
    }
);
case!(
    read_another_sessions_workspace,
    "try { await fs.readdir('../other-session'); } catch (e) { console.log('refused'); }\nreturn await fs.readFile('notes/../../other-session/notes.txt');",
    |r, h| {
        stopped(&r, &[Ended::Error], "outside the workspace");
        assert!(r.output.starts_with("refused"));
        assert!(h.fs_paths.lock().unwrap().is_empty());
    }
);
case!(
    write_outside_the_workspace,
    "await fs.writeFile('../../etc/cron.d/x', 'evil');",
    |r, h| {
        stopped(&r, &[Ended::Error], "outside the workspace");
        assert!(h.files.lock().unwrap().keys().all(|k| k == "notes.txt"));
    }
);
case!(
    overwrite_the_generated_declarations,
    "await fs.writeFile('servers/t.d.ts', 'forged');",
    |r, h| {
        stopped(&r, &[Ended::Error], "read-only");
    }
);
case!(
    credentials_are_not_in_the_worker,
    // The test process (the "gateway") holds a credential in its
    // environment; the worker starts with an empty environment and cannot
    // open /proc anyway.
    "return [typeof process, await fs.readFile('proc/self/environ').catch(e => e.message)];",
    |r, h| {
        assert_eq!(r.ended, Ended::Completed);
    }
);

// ---- Tokens: forged ones are the broker's to refuse; plaintext never appears.

case!(
    forged_tokens_are_refused_by_the_broker,
    "try { await servers.mailer.send({ to: '[EMAIL_99]' }); } catch (e) { return e.message; }",
    |r, h| {
        assert_eq!(
            r.value,
            Some(json!(
                "servers.mailer.send: unknown token [EMAIL_99]: not restored (session scope)"
            ))
        );
    }
);
case!(
    tokens_pass_through_unchanged,
    "const c = await servers.crm.lookup({});\nawait servers.mailer.send({ to: c.email });\nreturn c;",
    |r, h| {
        assert_eq!(
            r.value,
            Some(json!({"email": "[EMAIL_1]", "name": "[NAME_1]"}))
        );
        assert_eq!(h.calls.lock().unwrap()[1].2, json!({"to": "[EMAIL_1]"}));
    }
);
case!(
    exfiltration_through_error_messages,
    "const c = await servers.crm.lookup({});\nthrow new Error('leak: ' + JSON.stringify(c));",
    |r, h| {
        stopped(&r, &[Ended::Error], "leak: {\"email\":\"[EMAIL_1]\"");
    }
);
case!(
    exfiltration_through_stack_traces,
    "function deep() { null.x; }\ndeep();",
    |r, h| {
        let e = r.error.as_deref().unwrap();
        assert!(e.starts_with("TypeError"), "{e}");
        assert!(e.contains("at deep (main.ts:1)"), "{e}");
        // Only the code's own frames, nothing of the engine or the host.
        for l in e.lines().skip(1) {
            assert!(l.contains("(main.ts:"), "{e}");
        }
    }
);
case!(
    errors_from_the_api_show_only_the_code,
    "await servers.t.fail({});",
    |r, h| {
        let e = r.error.as_deref().unwrap();
        assert!(
            e.starts_with("Error: servers.t.fail: no such row (line 1)"),
            "{e}"
        );
        assert!(!e.contains("sluice"), "{e}");
    }
);
case!(
    thrown_non_errors,
    "throw { secret: 'shh', toString() { return 'x'; } };",
    |r, h| {
        stopped(&r, &[Ended::Error], "Uncaught");
    }
);

// ---- Output floods are cut; the gateway keeps serving.

case!(
    output_flood,
    "for (let i = 0; i < 1e5; i++) console.log('spam spam spam spam', i);",
    |r, h| {
        assert!(r.output.len() < 4200, "{}", r.output.len());
        assert!(r.output.contains("[output truncated"), "{}", r.output);
    }
);
case!(huge_return_value, "return 'v'.repeat(5e5);", |r, h| {
    assert_eq!(r.ended, Ended::Completed);
    assert_eq!(r.value, None);
    assert!(r.output.len() < 4200 && r.output.contains("bytes cut]"));
});
case!(
    cyclic_values_print,
    "const a = {}; a.a = a; console.log(a); return a;",
    |r, h| {
        assert!(
            r.ended == Ended::Completed || r.ended == Ended::Error,
            "{r:?}"
        );
    }
);

#[tokio::test]
async fn a_dead_worker_does_not_stop_the_next_run() {
    let sb = sluice::sandbox::Sandbox::with_pool(exe(), 1);
    let host = FakeHost::new();
    let bomb = sb
        .run(
            "let s = []; for (let i = 0; ; i++) s.push(('y' + i).repeat(1e6));",
            &tools(),
            host.clone(),
            &bombs(),
        )
        .await;
    assert_eq!(bomb.ended, Ended::OutOfMemory, "{bomb:?}");
    let lp = sb
        .run("for (;;) {}", &tools(), host.clone(), &hostile())
        .await;
    assert_eq!(lp.ended, Ended::Timeout);
    let ok = sb
        .run("return 1 + 1;", &tools(), host.clone(), &hostile())
        .await;
    assert_eq!(ok.value, Some(json!(2)), "{ok:?}");
}

#[test]
fn the_worker_filter_denies_files_sockets_exec_and_threads() {
    let out = std::process::Command::new(exe())
        .args(["sandbox-worker", "--self-test"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for (k, state) in v.as_object().unwrap() {
        assert_eq!(state, "denied", "{k}: {v}");
    }
    assert!(v.as_object().unwrap().len() >= 9, "{v}");
}

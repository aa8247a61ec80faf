//! The code-mode API against a fake host: TypeScript, values and output,
//! results, errors with line numbers and partial calls, concurrency and
//! per-call timeouts, imports, skills, the workspace, fresh state per run.

mod sandbox_common;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use sandbox_common::*;
use serde_json::json;
use sluice::sandbox::{CallStatus, Ended, Limits, Sandbox};

#[tokio::test]
async fn typescript_is_stripped_and_the_value_returned() {
    let (r, _) = run(r#"
import type { EchoInput } from "./servers/t";
interface Point { x: number; y: number }
type Pair<T> = [T, T];
enum Color { Red, Green = 5 }
const p: Point = { x: 1, y: 2 } as Point;
function first<T>(xs: Pair<T>): T { return xs[0]; }
const n = first<number>([p.x, p.y]) satisfies number;
console.log("n is", n);
console.info({ n });
console.warn("careful");
console.error(new Error("shown, not thrown"));
({ n, color: Color.Green, label: <string>"ok" })
"#)
    .await;
    assert_eq!(r.ended, Ended::Completed, "{r:?}");
    assert_eq!(r.value, Some(json!({"n": 1, "color": 5, "label": "ok"})));
    assert_eq!(
        r.output,
        "n is 1\n{\"n\":1}\n[warn] careful\n[error] Error: shown, not thrown\n=> {\"n\":1,\"color\":5,\"label\":\"ok\"}"
    );
}

#[tokio::test]
async fn explicit_return_and_top_level_await() {
    let (r, _) =
        run("const a = await Promise.resolve(20);\nif (a > 1) return a + 1;\nreturn 0;").await;
    assert_eq!(r.value, Some(json!(21)), "{r:?}");
    let (r, _) = run("let x = 1;").await;
    assert_eq!(
        (r.ended, r.value, r.output.as_str()),
        (Ended::Completed, None, "")
    );
}

#[tokio::test]
async fn results_are_structured_json_or_text() {
    let (r, h) = run(r#"
const a = await servers.t.structured({});
const b = await servers.t.echo({ q: "x", n: 2 });
const c = await servers.t.text();
return [a, b, c];
"#)
    .await;
    assert_eq!(
        r.value,
        Some(json!([{"rows": [1, 2, 3]}, {"q": "x", "n": 2}, "plain words"])),
        "{r:?}"
    );
    let calls = h.calls.lock().unwrap();
    assert_eq!(calls[2].2, json!({}), "no argument is an empty object");
    assert_eq!(r.calls.len(), 3);
    assert!(r.calls.iter().all(|c| c.ok()));
}

#[tokio::test]
async fn tool_errors_and_denials_are_catchable_errors() {
    let (r, _) = run(r#"
const seen = [];
try { await servers.t.fail({}); } catch (e) { seen.push(e instanceof Error, e.message); }
try { await servers.t.deny({}); } catch (e) { seen.push(e.message); }
return seen;
"#)
    .await;
    assert_eq!(r.ended, Ended::Completed, "{r:?}");
    assert_eq!(
        r.value,
        Some(json!([
            true,
            "servers.t.fail: no such row",
            "servers.t.deny: denied by rule no-exports (call rule)"
        ]))
    );
    assert_eq!(r.calls[0].status, CallStatus::Error("no such row".into()));
}

#[tokio::test]
async fn uncaught_errors_have_line_numbers_and_the_calls_so_far() {
    let (r, _) = run(r#"const x: number = 1;
await servers.t.echo({ step: 1 });
await servers.t.echo({ step: 2 });
function check(v: number) {
  if (v > 0) throw new RangeError("too big: " + v);
}
check(x);
await servers.t.echo({ step: 3 });
"#)
    .await;
    assert_eq!(r.ended, Ended::Error);
    let e = r.error.as_deref().unwrap();
    assert!(e.starts_with("RangeError: too big: 1 (line 5)"), "{e}");
    assert!(
        e.contains("at check (main.ts:5)") && e.contains("(main.ts:7)"),
        "{e}"
    );
    assert_eq!(r.calls.len(), 2);
    assert!(r.calls.iter().all(|c| c.ok()));

    // An uncaught tool error points at the line of the call.
    let (r, _) = run("const a = 1;\n\nawait servers.t.fail({});\n").await;
    let e = r.error.as_deref().unwrap();
    assert!(
        e.starts_with("Error: servers.t.fail: no such row (line 3)"),
        "{e}"
    );
    assert_eq!(r.calls[0].status, CallStatus::Error("no such row".into()));

    // Syntax errors too, before anything runs.
    let (r, _) = run("const a = 1;\nconst b = ;\n").await;
    assert_eq!(r.ended, Ended::Error);
    assert!(r.error.as_deref().unwrap().contains("(line 2)"), "{r:?}");
}

#[tokio::test]
async fn promise_all_runs_calls_concurrently() {
    let (r, h) = run_with(
        "const t0 = Date.now();\nconst rs = await Promise.all([1, 2, 3, 4].map(() => servers.t.slow({ ms: 500 })));\nreturn rs.length;",
        &Limits { wall: Duration::from_secs(10), ..limits() },
    )
    .await;
    assert_eq!(r.value, Some(json!(4)), "{r:?}");
    assert_eq!(h.flights.max.load(Ordering::SeqCst), 4);
}

#[tokio::test]
async fn call_timeouts_start_at_dispatch_not_in_the_queue() {
    // Two at a time, 300 ms each, a 450 ms timeout: the last two wait
    // ~300 ms in the queue and still succeed.
    let limits = Limits {
        wall: Duration::from_secs(10),
        max_concurrent_calls: 2,
        call_timeout: Duration::from_millis(450),
        ..limits()
    };
    let started = Instant::now();
    let (r, h) = run_with(
        "return (await Promise.all([1, 2, 3, 4].map(() => servers.t.slow({ ms: 300 })))).length;",
        &limits,
    )
    .await;
    assert_eq!(r.value, Some(json!(4)), "{r:?}");
    assert!(started.elapsed() >= Duration::from_millis(600));
    assert_eq!(h.flights.max.load(Ordering::SeqCst), 2);
    // A call slower than its timeout fails, catchably.
    let (r, _) = run_with(
        "try { await servers.t.slow({ ms: 3000 }); } catch (e) { return e.message; }",
        &limits,
    )
    .await;
    assert_eq!(
        r.value,
        Some(json!("servers.t.slow: timed out after 450ms")),
        "{r:?}"
    );
}

#[tokio::test]
async fn server_modules_can_be_imported() {
    let (r, _) = run(r#"
import * as t from "./servers/t";
import crm, { lookup } from "./servers/crm";
import { get_contact } from "./servers/crm.ts";
const a = await t.echo({ a: 1 });
const b = await lookup({});
const c = await crm["get-contact"]({});
return [a, b, typeof get_contact, c, servers.t.echo === t.echo];
"#)
    .await;
    assert_eq!(
        r.value,
        Some(json!([{"a": 1}, {"email": "[EMAIL_1]", "name": "[NAME_1]"}, "function", {}, true])),
        "{r:?}"
    );
    let (r, _) = run("import * as x from './servers/nope';\nreturn x;").await;
    assert_eq!(r.ended, Ended::Error);
    assert!(r.error.unwrap().contains("no server named"));
}

#[tokio::test]
async fn skills_are_saved_and_imported_in_later_runs() {
    let host = FakeHost::new();
    let sb = sandbox();
    let save = r#"
await fs.writeFile("skills/leads.ts", `
import * as t from "../servers/t";
export interface Lead { id: number }
export async function countLeads(ids: number[]): Promise<number> {
  const r = await t.echo({ ids });
  return (r as { ids: number[] }).ids.length;
}
`);
return await fs.readdir("skills");
"#;
    let r = sb.run(save, &tools(), host.clone(), &limits()).await;
    assert_eq!(r.value, Some(json!(["leads.ts"])), "{r:?}");
    let r = sb
        .run(
            "import { countLeads } from './skills/leads';\nreturn await countLeads([1, 2, 3]);",
            &tools(),
            host.clone(),
            &limits(),
        )
        .await;
    assert_eq!(r.value, Some(json!(3)), "{r:?}");
    assert_eq!(r.calls.len(), 1);
    let r = sb
        .run(
            "import { x } from './skills/missing';\nreturn x;",
            &tools(),
            host.clone(),
            &limits(),
        )
        .await;
    assert_eq!(r.ended, Ended::Error);
    assert!(r.error.unwrap().contains("no skill named \"missing\""));
    // A skill's own errors name the skill's lines.
    host.skills.lock().unwrap().insert(
        "bad".into(),
        "export function boom(): never {\n  throw new Error('in skill');\n}\n".into(),
    );
    let r = sb
        .run(
            "import { boom } from './skills/bad';\nboom();",
            &tools(),
            host.clone(),
            &limits(),
        )
        .await;
    let e = r.error.unwrap();
    assert!(
        e.contains("at boom (skills/bad.ts:2)") && e.contains("(main.ts:2)"),
        "{e}"
    );
}

#[tokio::test]
async fn the_workspace_and_the_declarations() {
    let (r, h) = run(r##"
await fs.writeFile("out/report.md", "# hi");
const back = await fs.readFile("./out/report.md");
const notes = await fs.readFile("notes.txt");
const d = await fs.readFile("servers/index.d.ts");
const crm = await fs.readFile("servers/crm.d.ts");
const list = await fs.readdir("servers");
return [back, notes, d.includes("echo(args?: T.EchoInput)"), crm.includes("export declare function lookup"), list];
"##)
    .await;
    assert_eq!(
        r.value,
        Some(json!([
            "# hi",
            "hello [NAME_1]",
            true,
            true,
            ["index.d.ts", "crm.d.ts", "mailer.d.ts", "t.d.ts"]
        ])),
        "{r:?}"
    );
    assert_eq!(
        h.files
            .lock()
            .unwrap()
            .get("out/report.md")
            .map(String::as_str),
        Some("# hi")
    );
    // The declarations never reach the host.
    assert!(
        h.fs_paths
            .lock()
            .unwrap()
            .iter()
            .all(|p| !p.starts_with("servers"))
    );
}

#[tokio::test]
async fn every_run_has_fresh_engine_state_and_workers_are_reused_from_the_pool() {
    let sb = Sandbox::with_pool(exe(), 2);
    let host = FakeHost::new();
    let r = sb
        .run(
            "globalThis.leak = 42; Object.prototype.polluted = 1; return 1;",
            &tools(),
            host.clone(),
            &limits(),
        )
        .await;
    assert_eq!(r.value, Some(json!(1)));
    for _ in 0..4 {
        let r = sb
            .run(
                "return [typeof leak, ({}).polluted === undefined];",
                &tools(),
                host.clone(),
                &limits(),
            )
            .await;
        assert_eq!(r.value, Some(json!(["undefined", true])), "{r:?}");
    }
}

#[tokio::test]
async fn output_is_cut_to_the_budget_with_a_note() {
    let l = Limits {
        max_output_bytes: 100,
        ..limits()
    };
    let (r, _) = run_with(
        "for (let i = 0; i < 100; i++) console.log('line', i);\nreturn 'done';",
        &l,
    )
    .await;
    assert_eq!(r.ended, Ended::Completed);
    assert!(r.output.starts_with("line 0\nline 1\n"), "{}", r.output);
    assert!(r.output.contains("[output truncated: "), "{}", r.output);
    assert!(r.output.len() < 160, "{}", r.output);
    let (r, _) = run_with("return 'x'.repeat(1000);", &l).await;
    assert_eq!(r.value, None);
    assert!(r.output.contains("bytes cut]"), "{}", r.output);
}

//! Latency the gateway adds to a tool call, next to calling the same server
//! directly in the same run, and calls/s at 64 concurrent HTTP sessions.
//!
//! The server is the demo spreadsheet (`sluice demo-server spreadsheet`),
//! over stdio; the call is `read_sheet` with as many rows as make a result
//! of about 1 KB, 10 KB or 100 KB of JSON (names, emails, phones: every
//! row is tokenized by the gateway). `products` rows hold no personal
//! data, to show the proxy cost alone.
//!
//! criterion reports means; the percentile table (p50, p99) and the
//! throughput figure are printed after it:
//!   cargo bench --bench gateway

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};

const SLUICE: &str = env!("CARGO_BIN_EXE_sluice");

type Client = RunningService<RoleClient, ()>;

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn config(dir: &Path, sessions: &str) -> std::path::PathBuf {
    let p = dir.join(format!("bench-{sessions}.toml"));
    std::fs::write(
        &p,
        format!(
            "[gateway]\nmode = \"direct\"\n\n[servers.spreadsheet]\ncommand = {SLUICE:?}\nargs = [\"demo-server\", \"spreadsheet\"]\nsessions = \"{sessions}\"\n"
        ),
    )
    .unwrap();
    p
}

async fn direct() -> Client {
    let mut cmd = tokio::process::Command::new(SLUICE);
    cmd.args(["demo-server", "spreadsheet"]);
    ().serve(TokioChildProcess::new(cmd).unwrap())
        .await
        .unwrap()
}

async fn gateway(cfg: &Path) -> Client {
    let mut cmd = tokio::process::Command::new(SLUICE);
    cmd.args(["serve", "--config"]).arg(cfg);
    cmd.env("SLUICE_CACHE_DIR", cfg.parent().unwrap().join("cache"));
    ().serve(TokioChildProcess::new(cmd).unwrap())
        .await
        .unwrap()
}

async fn read(c: &Client, name: &str, sheet: &str, rows: usize) -> usize {
    read_at(c, name, sheet, rows, 0).await
}

async fn read_at(c: &Client, name: &str, sheet: &str, rows: usize, offset: usize) -> usize {
    let args = json!({"sheet": sheet, "limit": rows, "offset": offset});
    let p = CallToolRequestParams::new(name.to_string())
        .with_arguments(args.as_object().cloned().unwrap());
    let r = c.call_tool(p).await.unwrap();
    serde_json::to_vec(&r).unwrap().len()
}

/// Rows of `sheet` that make a result of about `bytes`.
async fn rows_for(c: &Client, sheet: &str, bytes: usize) -> usize {
    let per_100 = read(c, "read_sheet", sheet, 100).await as f64 / 100.0;
    ((bytes as f64 / per_100).round() as usize).max(1)
}

struct Case {
    label: String,
    sheet: &'static str,
    rows: usize,
    /// Each call reads the next rows (new values for the session's vault)
    /// instead of the same ones again.
    fresh: bool,
}

/// Rows in the demo `leads` sheet.
const LEADS_ROWS: usize = 10_000;

/// Interleaved calls per case for the percentile table.
const CALLS: usize = 400;
/// The new-rows case reads each row once: from row 1,000 (the other
/// cases read from row 0, at most ~400 rows) to the end of the sheet.
const FRESH_CALLS: usize = 230;
const FRESH_START: usize = 1_000;

fn percentiles(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let at = |q: f64| v[((v.len() as f64 * q) as usize).min(v.len() - 1)].as_secs_f64() * 1e3;
    (at(0.50), at(0.99))
}

fn bench(c: &mut Criterion) {
    let rt = rt();
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path(), "isolated");
    let (d, g) = rt.block_on(async { (direct().await, gateway(&cfg).await) });
    let cases: Vec<Case> = rt.block_on(async {
        let mut v = Vec::new();
        for (label, bytes) in [("1KB", 1_000), ("10KB", 10_000), ("100KB", 100_000)] {
            v.push(Case {
                label: format!("{label} with PII"),
                sheet: "leads",
                rows: rows_for(&d, "leads", bytes).await,
                fresh: false,
            });
        }
        v.push(Case {
            label: "10KB PII, new rows".into(),
            sheet: "leads",
            rows: rows_for(&d, "leads", 10_000).await,
            fresh: true,
        });
        v.push(Case {
            label: "10KB no PII".into(),
            sheet: "products",
            rows: rows_for(&d, "products", 10_000).await,
            fresh: false,
        });
        v
    });
    let mut group = c.benchmark_group("tool call");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(4));
    for case in cases.iter().filter(|c| !c.fresh) {
        group.bench_function(format!("direct {}", case.label), |b| {
            b.to_async(&rt)
                .iter(|| read(&d, "read_sheet", case.sheet, case.rows))
        });
        group.bench_function(format!("sluice {}", case.label), |b| {
            b.to_async(&rt)
                .iter(|| read(&g, "spreadsheet__read_sheet", case.sheet, case.rows))
        });
    }
    group.finish();

    // Percentiles: interleaved calls, so both paths see the same machine state.
    println!(
        "\nlatency per call (ms), {CALLS} interleaved calls each (new rows: {FRESH_CALLS}, each call the next rows of the sheet):"
    );
    println!(
        "{:<18} {:>8} {:>8} {:>9} {:>9} {:>12}",
        "result", "bytes", "direct", "sluice", "added", "added p99"
    );
    for case in &cases {
        let (dd, gg, bytes) = rt.block_on(async {
            let mut dd = Vec::new();
            let mut gg = Vec::new();
            let mut bytes = 0;
            let n = if case.fresh { FRESH_CALLS } else { CALLS };
            assert!(!case.fresh || FRESH_START + n * case.rows <= LEADS_ROWS);
            for k in 0..n {
                let offset = if case.fresh {
                    FRESH_START + k * case.rows
                } else {
                    0
                };
                let t = Instant::now();
                bytes = read_at(&d, "read_sheet", case.sheet, case.rows, offset).await;
                dd.push(t.elapsed());
                let t = Instant::now();
                read_at(&g, "spreadsheet__read_sheet", case.sheet, case.rows, offset).await;
                gg.push(t.elapsed());
            }
            (dd, gg, bytes)
        });
        let (d50, d99) = percentiles(dd);
        let (g50, g99) = percentiles(gg);
        println!(
            "{:<18} {:>8} {:>8.3} {:>9.3} {:>9.3} {:>12.3}   (p99 direct {:.3}, sluice {:.3})",
            case.label,
            bytes,
            d50,
            g50,
            g50 - d50,
            g99 - d99,
            d99,
            g99
        );
    }
    code_mode(&rt, &g);
    rt.block_on(async {
        let _ = d.cancel().await;
        let _ = g.cancel().await;
    });
    throughput(&rt, dir.path(), cases[1].rows);
}

/// Code mode through the real gateway: an `execute_code` run with 0, 1 and
/// 10 sequential calls, next to the same call made directly through the
/// gateway; the per-call cost from the sandbox is (10 calls − 0) / 10.
fn code_mode(rt: &tokio::runtime::Runtime, g: &Client) {
    let run = |code: String| {
        let p = CallToolRequestParams::new("execute_code")
            .with_arguments(json!({"code": code}).as_object().cloned().unwrap());
        async move {
            let r = g.call_tool(p).await.unwrap();
            assert_ne!(r.is_error, Some(true), "{r:?}");
        }
    };
    let call = "await servers.spreadsheet.read_sheet({ sheet: 'products', limit: 1 });";
    let n = 60;
    let (direct, zero, one, ten) = rt.block_on(async {
        let (mut direct, mut zero, mut one, mut ten) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            let t = Instant::now();
            read(g, "spreadsheet__read_sheet", "products", 1).await;
            direct.push(t.elapsed());
            let t = Instant::now();
            run("return 1;".into()).await;
            zero.push(t.elapsed());
            let t = Instant::now();
            run(call.into()).await;
            one.push(t.elapsed());
            let t = Instant::now();
            run(call.repeat(10)).await;
            ten.push(t.elapsed());
            // Let the worker pool refill, as it does between model turns.
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        (direct, zero, one, ten)
    });
    let (d50, _) = percentiles(direct);
    let (z50, z99) = percentiles(zero);
    let (o50, _) = percentiles(one);
    let (t50, _) = percentiles(ten);
    println!("\ncode mode through the gateway (ms, p50 of {n}):");
    println!("  direct call through the gateway      {d50:>8.3}");
    println!("  execute_code, no call                {z50:>8.3}   (p99 {z99:.3})");
    println!("  execute_code, 1 call                 {o50:>8.3}");
    println!("  execute_code, 10 sequential calls    {t50:>8.3}");
    println!(
        "  per call from the sandbox            {:>8.3}   (vs {d50:.3} for a direct call)",
        (t50 - z50) / 10.0
    );
}

/// 64 concurrent HTTP sessions, each calling in a loop for 5 s.
fn throughput(rt: &tokio::runtime::Runtime, dir: &Path, rows: usize) {
    const SESSIONS: usize = 64;
    let cfg = config(dir, "shared");
    let mut child = std::process::Command::new(SLUICE)
        .args(["serve", "--http", "127.0.0.1:0", "--config"])
        .arg(&cfg)
        .env("SLUICE_CACHE_DIR", dir.join("cache"))
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let url = {
        use std::io::BufRead;
        let stderr = child.stderr.take().unwrap();
        let mut lines = std::io::BufReader::new(stderr).lines();
        let url = loop {
            let l = lines.next().unwrap().unwrap();
            if let Some(i) = l.find("http://") {
                break l[i..].trim().to_string();
            }
        };
        std::thread::spawn(move || for _ in lines {});
        url
    };
    let _ = rustls::crypto::ring::default_provider().install_default();
    let (calls, secs) = rt.block_on(async {
        let mut clients = Vec::new();
        for _ in 0..SESSIONS {
            let t = StreamableHttpClientTransport::from_uri(url.clone());
            clients.push(Arc::new(().serve(t).await.unwrap()));
        }
        let start = Instant::now();
        let until = start + Duration::from_secs(5);
        let tasks: Vec<_> = clients
            .iter()
            .map(|c| {
                let c = c.clone();
                tokio::spawn(async move {
                    let mut n = 0u64;
                    while Instant::now() < until {
                        read(&c, "spreadsheet__read_sheet", "leads", rows).await;
                        n += 1;
                    }
                    n
                })
            })
            .collect();
        let mut total = 0;
        for t in tasks {
            total += t.await.unwrap();
        }
        (total, start.elapsed().as_secs_f64())
    });
    println!(
        "\nthroughput: {SESSIONS} concurrent HTTP sessions, ~10 KB results with PII: {:.0} calls/s ({calls} calls in {secs:.1} s)",
        calls as f64 / secs
    );
    let _ = child.kill();
    let _ = child.wait();
    let _: Option<Value> = None;
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}

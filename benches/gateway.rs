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
    let args = json!({"sheet": sheet, "limit": rows});
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
}

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
            });
        }
        v.push(Case {
            label: "10KB no PII".into(),
            sheet: "products",
            rows: rows_for(&d, "products", 10_000).await,
        });
        v
    });
    let mut group = c.benchmark_group("tool call");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(4));
    for case in &cases {
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
    println!("\nlatency per call (ms), {} interleaved calls each:", 400);
    println!(
        "{:<18} {:>8} {:>8} {:>9} {:>9} {:>12}",
        "result", "bytes", "direct", "sluice", "added", "added p99"
    );
    for case in &cases {
        let (dd, gg, bytes) = rt.block_on(async {
            let mut dd = Vec::new();
            let mut gg = Vec::new();
            let mut bytes = 0;
            for _ in 0..400 {
                let t = Instant::now();
                bytes = read(&d, "read_sheet", case.sheet, case.rows).await;
                dd.push(t.elapsed());
                let t = Instant::now();
                read(&g, "spreadsheet__read_sheet", case.sheet, case.rows).await;
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
    rt.block_on(async {
        let _ = d.cancel().await;
        let _ = g.cancel().await;
    });
    throughput(&rt, dir.path(), cases[1].rows);
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

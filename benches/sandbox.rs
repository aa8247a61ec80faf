//! Code mode: latency of a trivial run (cold: a new worker process;
//! warm: a pre-started one from the pool), the cost of one tool call from
//! the sandbox next to calling the host directly, a 1,000-call script, and
//! 4 parallel calls of 500 ms each.
//!
//! criterion reports means; percentiles and the other figures are printed
//! after it:
//!   cargo bench --bench sandbox

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use futures::future::BoxFuture;
use serde_json::{Value, json};
use sluice::sandbox::{Ended, Host, Limits, Sandbox, ToolInfo, tool_value};

const SLUICE: &str = env!("CARGO_BIN_EXE_sluice");

/// Answers at once, or after `ms` milliseconds for the `slow` tool.
struct Quick;

impl Host for Quick {
    fn call(
        &self,
        _: String,
        tool: String,
        args: Value,
    ) -> BoxFuture<'static, Result<Value, String>> {
        Box::pin(async move {
            if tool == "slow" {
                let ms = args.get("ms").and_then(Value::as_u64).unwrap_or(500);
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
            Ok(json!({"content": [{"type": "text", "text": "{\"ok\":true,\"n\":1}"}]}))
        })
    }
    fn read_file(&self, _: &str) -> Result<String, String> {
        Err("none".into())
    }
    fn write_file(&self, _: &str, _: &str) -> Result<(), String> {
        Err("none".into())
    }
    fn read_dir(&self, _: &str) -> Result<Vec<String>, String> {
        Ok(vec![])
    }
    fn skill(&self, _: &str) -> Option<String> {
        None
    }
}

fn tools() -> Vec<ToolInfo> {
    ["get", "slow"]
        .iter()
        .map(|t| ToolInfo {
            server: "s".into(),
            tool: (*t).into(),
            description: None,
            input_schema: json!({"type": "object"}),
            output_schema: None,
        })
        .collect()
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

async fn once(sb: &Sandbox, code: &str, limits: &Limits) -> Duration {
    let t = Instant::now();
    let r = sb.run(code, &tools(), Arc::new(Quick), limits).await;
    let d = t.elapsed();
    assert!(r.ended == Ended::Completed, "{r:?}");
    d
}

fn pct(mut v: Vec<Duration>, p: f64) -> Duration {
    v.sort();
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

fn bench(c: &mut Criterion) {
    let rt = rt();
    let limits = Limits::default();
    let warm = Sandbox::with_pool(SLUICE.into(), 2);
    let cold = Sandbox::with_pool(SLUICE.into(), 0);
    rt.block_on(async {
        warm.warm();
        tokio::time::sleep(Duration::from_millis(300)).await;
    });
    let mut g = c.benchmark_group("sandbox");
    g.sample_size(30);
    g.bench_function("cold trivial run", |b| {
        b.to_async(&rt).iter(|| once(&cold, "1 + 1", &limits));
    });
    g.bench_function("warm trivial run", |b| {
        b.to_async(&rt).iter(|| async {
            let d = once(&warm, "1 + 1", &limits).await;
            // Let the pool refill as it would between model turns.
            tokio::time::sleep(Duration::from_millis(20)).await;
            d
        });
    });
    g.bench_function("direct host call", |b| {
        b.to_async(&rt).iter(|| async {
            let r = Quick
                .call("s".into(), "get".into(), json!({"i": 1}))
                .await
                .unwrap();
            tool_value(&r).unwrap()
        });
    });
    let many = Limits {
        max_calls: 1000,
        ..Limits::default()
    };
    g.sample_size(10);
    g.bench_function("1000 sequential calls", |b| {
        b.to_async(&rt).iter(|| {
            once(
                &warm,
                "for (let i = 0; i < 1000; i++) await servers.s.get({ i });",
                &many,
            )
        });
    });
    g.finish();

    // Percentiles and derived figures.
    rt.block_on(async {
        let mut w = Vec::new();
        let mut cd = Vec::new();
        for _ in 0..60 {
            w.push(once(&warm, "1 + 1", &limits).await);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        for _ in 0..20 {
            cd.push(once(&cold, "1 + 1", &limits).await);
        }
        println!("\n== code mode (release, {} runs warm, {} cold)", w.len(), cd.len());
        println!("trivial run, warm: p50 {:?}  p99 {:?}", pct(w.clone(), 0.5), pct(w, 0.99));
        println!("trivial run, cold: p50 {:?}  p99 {:?}", pct(cd.clone(), 0.5), pct(cd, 0.99));

        let zero = once(&warm, "let i = 0;", &limits).await;
        let hundred = once(&warm, "for (let i = 0; i < 100; i++) await servers.s.get({ i });", &limits).await;
        let t = Instant::now();
        for i in 0..1000 {
            let r = Quick.call("s".into(), "get".into(), json!({ "i": i })).await.unwrap();
            std::hint::black_box(tool_value(&r).unwrap());
        }
        let direct = t.elapsed() / 1000;
        println!(
            "one call from the sandbox: {:?} (100 sequential calls {:?} - empty run {:?}, /100); calling the host directly: {:?}",
            hundred.saturating_sub(zero) / 100,
            hundred,
            zero,
            direct
        );
        let thousand = once(
            &warm,
            "for (let i = 0; i < 1000; i++) await servers.s.get({ i });",
            &Limits { max_calls: 1000, ..Limits::default() },
        )
        .await;
        println!(
            "1000 sequential calls: {:?} ({:.0} calls/s)",
            thousand,
            1000.0 / thousand.as_secs_f64()
        );
        let all = once(
            &warm,
            "await Promise.all(Array.from({ length: 1000 }, (_, i) => servers.s.get({ i })));",
            &Limits { max_calls: 1000, ..Limits::default() },
        )
        .await;
        println!("1000 calls with Promise.all (16 at a time): {:?} ({:.0} calls/s)", all, 1000.0 / all.as_secs_f64());
        let par = once(
            &warm,
            "await Promise.all([1, 2, 3, 4].map(() => servers.s.slow({ ms: 500 })));",
            &limits,
        )
        .await;
        println!("4 parallel calls of 500 ms: {par:?}");
    });
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}

//! One pass of the `redact` benchmark's loop, for instruction counts under
//! callgrind (deterministic, unlike wall-clock time on a shared machine).
//!
//! ```text
//! cargo build --release --example redact_pass
//! valgrind --tool=callgrind --toggle-collect='redact_pass::measured*' \
//!     target/release/examples/redact_pass redact
//! valgrind --tool=callgrind --toggle-collect='redact_pass::measured*' \
//!     target/release/examples/redact_pass serde
//! target/release/examples/redact_pass dump OUT   # redacted docs, one a line
//! target/release/examples/redact_pass time 20     # wall clock, both loops
//! target/release/examples/redact_pass perdoc      # slowest documents per byte
//! target/release/examples/redact_pass floor 20    # the JSON work alone, no detection
//! ```
//!
//! `time N` runs the two loops in turn, N times each (interleaved, so both
//! see the same machine state), and prints the best and median MiB/s of
//! each and the ratio of the medians.
//!
//! `redact` runs the loop once unmeasured (lazy tables, libphonenumber's
//! regexes, thread-local caches), then once inside `measured`. The corpus
//! is read as the benchmark reads it: `$SLUICE_BENCH_CORPUS`, else
//! `../shared/pii-dev/corpus.jsonl`.

use serde_json::Value;
use sluice::pii::Engine;
use sluice::redact::Redactor;
use sluice::vault::Vault;

fn docs() -> Vec<String> {
    let path = std::env::var("SLUICE_BENCH_CORPUS")
        .unwrap_or_else(|_| "../shared/pii-dev/corpus.jsonl".into());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let row: Value = serde_json::from_str(l).expect("corpus row");
            serde_json::to_string(&row["doc"]).expect("doc")
        })
        .collect()
}

/// The benchmark's redaction loop: one session for the whole corpus.
fn redact_all(engine: &Engine, docs: &[String], mut each: impl FnMut(String)) {
    let mut vault = Vault::new().expect("vault");
    for d in docs {
        let mut v: Value = serde_json::from_str(d).expect("doc");
        Redactor::new(engine, &mut vault, None).redact(&mut v);
        each(serde_json::to_string(&v).expect("serialize"));
    }
}

/// The benchmark's serde_json loop.
fn serde_all(docs: &[String]) -> usize {
    docs.iter()
        .map(|d| {
            let v: Value = serde_json::from_str(d).expect("doc");
            serde_json::to_string(&v).expect("serialize").len()
        })
        .sum()
}

/// The JSON work any redaction of these documents does, with no
/// detection at all: the outer parse, JSON held in strings parsed and
/// written back (in its own style), and the outer serialization. Its ratio
/// to `serde_all` bounds the redaction's from above.
fn floor_all(docs: &[String]) -> usize {
    fn walk(v: &mut Value, depth: usize) {
        match v {
            Value::String(s) if depth < 4 && s.trim_start().starts_with(['{', '[']) => {
                if let Ok(mut inner) = serde_json::from_str::<Value>(s) {
                    walk(&mut inner, depth + 1);
                    *s = sluice::redact::serialize_like(s, &inner);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| walk(i, depth)),
            Value::Object(map) => map.values_mut().for_each(|i| walk(i, depth)),
            _ => {}
        }
    }
    docs.iter()
        .map(|d| {
            let mut v: Value = serde_json::from_str(d).expect("doc");
            walk(&mut v, 0);
            serde_json::to_string(&v).expect("serialize").len()
        })
        .sum()
}

#[inline(never)]
fn measured(f: impl FnOnce() -> usize) -> usize {
    f()
}

fn main() {
    let docs = docs();
    let engine = Engine::new(Vec::new());
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("serde") => {
            std::hint::black_box(serde_all(&docs));
            std::hint::black_box(measured(|| serde_all(&docs)));
        }
        Some("time") => {
            let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
            let bytes: usize = docs.iter().map(String::len).sum();
            let mib = bytes as f64 / (1024.0 * 1024.0);
            let (mut serde, mut redact) = (Vec::new(), Vec::new());
            for _ in 0..n {
                let t = std::time::Instant::now();
                std::hint::black_box(serde_all(&docs));
                serde.push(mib / t.elapsed().as_secs_f64());
                let t = std::time::Instant::now();
                let mut k = 0;
                redact_all(&engine, &docs, |s| k += s.len());
                std::hint::black_box(k);
                redact.push(mib / t.elapsed().as_secs_f64());
            }
            let stats = |v: &mut Vec<f64>| {
                v.sort_by(f64::total_cmp);
                (v[v.len() - 1], v[v.len() / 2])
            };
            let ((sb, sm), (rb, rm)) = (stats(&mut serde), stats(&mut redact));
            println!("serde_json  best {sb:7.2} MiB/s  median {sm:7.2} MiB/s");
            println!("redact      best {rb:7.2} MiB/s  median {rm:7.2} MiB/s");
            println!("ratio of medians {:.3} (1/{:.1})", rm / sm, sm / rm);
        }
        Some("floor") => {
            let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
            let bytes: usize = docs.iter().map(String::len).sum();
            let mib = bytes as f64 / (1024.0 * 1024.0);
            let (mut serde, mut floor) = (Vec::new(), Vec::new());
            for _ in 0..n {
                let t = std::time::Instant::now();
                std::hint::black_box(serde_all(&docs));
                serde.push(mib / t.elapsed().as_secs_f64());
                let t = std::time::Instant::now();
                std::hint::black_box(floor_all(&docs));
                floor.push(mib / t.elapsed().as_secs_f64());
            }
            let median = |v: &mut Vec<f64>| {
                v.sort_by(f64::total_cmp);
                v[v.len() / 2]
            };
            let (sm, fm) = (median(&mut serde), median(&mut floor));
            println!("serde_json          median {sm:7.2} MiB/s");
            println!("JSON work, no scan  median {fm:7.2} MiB/s");
            println!(
                "ratio of medians {:.3}: no redaction of these documents can do better",
                fm / sm
            );
        }
        Some("perdoc") => {
            // Each document's share of the redaction time (best of 5
            // passes, one session each), slowest per byte first.
            let mut best = vec![f64::MAX; docs.len()];
            for _ in 0..5 {
                let mut vault = Vault::new().expect("vault");
                for (i, d) in docs.iter().enumerate() {
                    let t = std::time::Instant::now();
                    let mut v: Value = serde_json::from_str(d).expect("doc");
                    Redactor::new(&engine, &mut vault, None).redact(&mut v);
                    std::hint::black_box(serde_json::to_string(&v).expect("serialize"));
                    best[i] = best[i].min(t.elapsed().as_secs_f64());
                }
            }
            let total: f64 = best.iter().sum();
            let mut order: Vec<usize> = (0..docs.len()).collect();
            order.sort_by(|&a, &b| best[b].total_cmp(&best[a]));
            for &i in order.iter().take(40) {
                println!(
                    "doc {i:4} {:7} B {:8.1} us {:6.0} ns/B {:5.2}% of time",
                    docs[i].len(),
                    best[i] * 1e6,
                    best[i] * 1e9 / docs[i].len() as f64,
                    100.0 * best[i] / total
                );
            }
        }
        Some("dump") => {
            let path = args.get(1).expect("dump OUT");
            let mut out = String::new();
            redact_all(&engine, &docs, |s| {
                out.push_str(&s);
                out.push('\n');
            });
            std::fs::write(path, out).expect("write");
        }
        _ => {
            let mut n = 0;
            redact_all(&engine, &docs, |s| n += s.len());
            std::hint::black_box(n);
            std::hint::black_box(measured(|| {
                let mut n = 0;
                redact_all(&engine, &docs, |s| n += s.len());
                n
            }));
        }
    }
}

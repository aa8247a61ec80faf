//! Redaction throughput on the labelled development corpus, next to
//! serde_json parse + serialize of the same input in the same run.
//!
//! Corpus: `$SLUICE_BENCH_CORPUS`, else `../shared/pii-dev/corpus.jsonl`
//! (the team's development corpus beside the checkout), else the bundled
//! example result repeated.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::Value;
use sluice::pii::Engine;
use sluice::redact::Redactor;
use sluice::vault::Vault;

fn corpus() -> Vec<String> {
    let path = std::env::var("SLUICE_BENCH_CORPUS")
        .unwrap_or_else(|_| "../shared/pii-dev/corpus.jsonl".into());
    match std::fs::read_to_string(&path) {
        Ok(text) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let row: Value = serde_json::from_str(l).expect("corpus row");
                serde_json::to_string(&row["doc"]).expect("doc")
            })
            .collect(),
        Err(_) => {
            eprintln!("bench: {path} not found, using the bundled example");
            let doc: Value =
                serde_json::from_str(include_str!("../data/examples/crm-search-result.json"))
                    .unwrap();
            vec![serde_json::to_string(&doc).unwrap(); 200]
        }
    }
}

fn bench(c: &mut Criterion) {
    let docs = corpus();
    let bytes: usize = docs.iter().map(|d| d.len() + 1).sum();
    let engine = Engine::new(Vec::new());
    let mut g = c.benchmark_group("corpus");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(20);
    g.bench_function("serde_json parse+serialize", |b| {
        b.iter(|| {
            let mut out = 0;
            for d in &docs {
                let v: Value = serde_json::from_str(d).unwrap();
                out += serde_json::to_string(&v).unwrap().len();
            }
            out
        })
    });
    g.bench_function("redact (parse, tokenize, serialize; one session)", |b| {
        b.iter(|| {
            let mut vault = Vault::new().unwrap();
            let mut out = 0;
            for d in &docs {
                let mut v: Value = serde_json::from_str(d).unwrap();
                Redactor::new(&engine, &mut vault, None).redact(&mut v);
                out += serde_json::to_string(&v).unwrap().len();
            }
            out
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

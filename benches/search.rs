//! Tool search at scale: a synthetic catalog of 1,000 servers × 20 tools
//! (names, descriptions and parameters drawn from a fixed vocabulary with
//! a fixed seed). Measures the embedding table's load, the index build,
//! search per strategy, and memory.
//!
//! criterion reports means; percentiles (p50, p99 over 2,000 queries),
//! the index's size and the process RSS are printed after it:
//!   cargo bench --bench search

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use rmcp::model::Tool;
use serde_json::json;
use sluice::search::{Embedder, SearchIndex, Strategy, ToolDoc, embed::TABLE_BYTES};

const SERVERS: usize = 1000;
const TOOLS: usize = 20;

const DOMAINS: &[&str] = &[
    "calendar",
    "billing",
    "inventory",
    "crm",
    "tickets",
    "wiki",
    "chat",
    "email",
    "storage",
    "analytics",
    "payments",
    "shipping",
    "hr",
    "recruiting",
    "monitoring",
    "logging",
    "search",
    "maps",
    "weather",
    "translation",
    "notes",
    "tasks",
    "code",
    "builds",
    "deployments",
    "database",
    "cache",
    "queue",
    "dns",
    "certificates",
    "secrets",
    "users",
    "groups",
    "files",
    "images",
    "video",
    "music",
    "podcasts",
    "news",
    "finance",
    "crypto",
    "sports",
    "travel",
    "hotels",
    "flights",
    "recipes",
    "fitness",
    "health",
    "education",
    "surveys",
];
const VERBS: &[&str] = &[
    "get", "list", "create", "update", "delete", "search", "export", "import", "archive",
    "restore", "share", "sync", "validate", "approve", "cancel", "schedule", "assign", "merge",
    "tag", "count",
];
const NOUNS: &[&str] = &[
    "item",
    "record",
    "entry",
    "report",
    "event",
    "invoice",
    "order",
    "customer",
    "message",
    "thread",
    "folder",
    "document",
    "comment",
    "label",
    "project",
    "member",
    "account",
    "job",
    "alert",
    "rule",
    "policy",
    "snapshot",
    "metric",
    "dashboard",
    "webhook",
    "token",
    "session",
    "page",
    "table",
    "query",
];
const WORDS: &[&str] = &[
    "the",
    "a",
    "for",
    "with",
    "optional",
    "filters",
    "by",
    "date",
    "range",
    "status",
    "owner",
    "returns",
    "details",
    "including",
    "history",
    "and",
    "metadata",
    "in",
    "workspace",
    "specified",
    "given",
    "identifier",
    "paginated",
    "results",
    "sorted",
    "newest",
    "first",
    "requires",
    "permission",
    "admin",
    "scope",
    "limit",
    "offset",
    "format",
    "json",
    "csv",
];

/// A small deterministic generator (xorshift), so runs compare.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[(self.next() % list.len() as u64) as usize]
    }
}

fn catalog() -> Vec<ToolDoc> {
    let mut rng = Rng(0x5eed_cafe);
    let mut docs = Vec::with_capacity(SERVERS * TOOLS);
    for s in 0..SERVERS {
        let domain = DOMAINS[s % DOMAINS.len()];
        let server = format!("{domain}-{s}");
        let server_description = format!("MCP server for the {domain} service number {s}");
        for _ in 0..TOOLS {
            let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
            let name = format!("{domain}_{verb}_{noun}");
            let mut desc = format!("{} a {noun} in {domain}", capitalize(verb));
            for _ in 0..(8 + rng.next() % 20) {
                desc.push(' ');
                desc.push_str(rng.pick(WORDS));
            }
            desc.push('.');
            let mut props = serde_json::Map::new();
            for _ in 0..(1 + rng.next() % 4) {
                let p = format!(
                    "{}_{}",
                    rng.pick(NOUNS),
                    rng.pick(&["id", "name", "limit", "query"])
                );
                props.insert(
                    p,
                    json!({"type": "string", "description": format!("The {} {}", rng.pick(WORDS), rng.pick(NOUNS))}),
                );
            }
            let schema = json!({"type": "object", "properties": props});
            let tool = Tool::new(
                name,
                desc,
                Arc::new(schema.as_object().cloned().unwrap_or_default()),
            );
            docs.push(ToolDoc::new(&server, Some(&server_description), tool));
        }
    }
    docs
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

const QUERIES: &[&str] = &[
    "cancel my hotel booking",
    "show overdue invoices for a customer",
    "export the analytics dashboard as csv",
    "who is on call this week",
    "remember this for later",
    "find messages in the chat thread about the outage",
    "schedule a meeting next tuesday",
    "rotate the api token",
    "payments_approve_order",
    "^weather_get",
    "translate this page into french",
    "how many open tickets are assigned to me",
];

fn rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentiles(mut v: Vec<Duration>) -> (Duration, Duration) {
    v.sort();
    (v[v.len() / 2], v[v.len() * 99 / 100])
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.bench_function("embedding_table_load", |b| {
        b.iter(|| Embedder::from_bytes(TABLE_BYTES).unwrap())
    });
    let docs = catalog();
    g.bench_function("build_1000x20", |b| {
        b.iter(|| SearchIndex::build(docs.clone()))
    });
    g.finish();

    let ix = SearchIndex::build(docs.clone());
    let mut g = c.benchmark_group("query");
    for (name, s) in [
        ("keyword", Strategy::Keyword),
        ("semantic", Strategy::Semantic),
        ("fusion", Strategy::Fusion),
    ] {
        let mut i = 0;
        g.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                ix.search(QUERIES[i % QUERIES.len()], s, 10)
            })
        });
    }
    g.finish();
}

fn report() {
    let t = Instant::now();
    let table = Embedder::from_bytes(TABLE_BYTES).unwrap();
    let load = t.elapsed();
    let rss0 = rss_kb().unwrap_or(0);
    let docs = catalog();
    let rss_docs = rss_kb().unwrap_or(0);
    let t = Instant::now();
    let ix = SearchIndex::build(docs);
    let build = t.elapsed();
    let rss1 = rss_kb().unwrap_or(0);
    println!(
        "\n== tool search, {} tools ({SERVERS} servers × {TOOLS})",
        ix.len()
    );
    println!(
        "embedding table: {} load {:.1} ms, {:.1} MB in memory",
        TABLE_BYTES.len(),
        load.as_secs_f64() * 1e3,
        table.heap_bytes() as f64 / 1e6
    );
    println!("index build: {:.0} ms", build.as_secs_f64() * 1e3);
    println!(
        "index size: {:.1} MB (postings, names, vectors); RSS {} MB before docs, +{} MB docs, +{} MB index",
        ix.heap_bytes() as f64 / 1e6,
        rss0 / 1024,
        rss_docs.saturating_sub(rss0) / 1024,
        rss1.saturating_sub(rss_docs) / 1024
    );
    for (name, s) in [
        ("keyword", Strategy::Keyword),
        ("semantic", Strategy::Semantic),
        ("fusion", Strategy::Fusion),
    ] {
        let mut times = Vec::with_capacity(2000);
        for i in 0..2000 {
            let q = QUERIES[i % QUERIES.len()];
            let t = Instant::now();
            std::hint::black_box(ix.search(q, s, 10));
            times.push(t.elapsed());
        }
        let (p50, p99) = percentiles(times);
        println!(
            "{name:>8}: p50 {:.3} ms, p99 {:.3} ms",
            p50.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    report();
}

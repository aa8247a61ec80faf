//! Tool search at scale: a synthetic catalog of 1,000 servers × 20 tools
//! (names, descriptions and parameters drawn from a fixed vocabulary with
//! a fixed seed). Measures the embedding table's load, the index build,
//! search per strategy, and memory.
//!
//! criterion reports means; percentiles (p50, p99 over 2,000 queries),
//! the index's size and the process RSS are printed after it, then the
//! context savings: tokens (o200k_base) a client loads with every tool
//! definition listed directly, against Sluice's meta-tools plus what a
//! scripted five-step task reads through them (searches and tool
//! details), at 100, 1,000 and 20,000 tools made from the 253 real tool
//! definitions of `tests/fixtures/catalog` (servers repeated under new
//! names past 253):
//!   cargo bench --bench search
//!   cargo bench --bench search -- --report-only   (skips criterion)
//!   SEARCH_PARAMS="w_semantic=1.5" cargo bench --bench search -- --report-only

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use rmcp::model::Tool;
use serde_json::json;
use sluice::search::{
    Detail, Embedder, Params, SearchIndex, Strategy, ToolDoc, count_tokens, count_tool_tokens,
    embed::TABLE_BYTES, meta_tool_definitions, render_results, render_tool,
};

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

/// The defaults, overridden by `SEARCH_PARAMS="w_semantic=1.5,..."` (the
/// same syntax as `tests/search_quality.rs`), so that a knob's cost at
/// scale can be measured before it becomes a default.
fn params() -> Params {
    Params::from_env().unwrap()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.bench_function("embedding_table_load", |b| {
        b.iter(|| Embedder::from_bytes(TABLE_BYTES).unwrap())
    });
    let docs = catalog();
    g.bench_function("build_1000x20", |b| {
        b.iter(|| SearchIndex::build_with(docs.clone(), params()))
    });
    g.finish();

    let ix = SearchIndex::build_with(docs.clone(), params());
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
    let params = params();
    let t = Instant::now();
    let ix = SearchIndex::build_with(docs, params);
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

#[derive(serde::Deserialize)]
struct Fixture {
    server: String,
    description: String,
    tools: Vec<Tool>,
}

/// The real catalogs, as (server, description, tools), sorted by server.
fn real_catalogs() -> Vec<Fixture> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/catalog");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap())
        .collect()
}

/// `n` tools from the real catalogs: whole servers in turn, repeated under
/// new names (`github-2`) once all are used, the last server cut at `n`.
fn real_docs(fixtures: &[Fixture], n: usize) -> Vec<ToolDoc> {
    let mut docs = Vec::with_capacity(n);
    for round in 1.. {
        for fx in fixtures {
            let server = if round == 1 {
                fx.server.clone()
            } else {
                format!("{}-{round}", fx.server)
            };
            for t in &fx.tools {
                if docs.len() == n {
                    return docs;
                }
                let mut d = ToolDoc::new(&server, Some(&fx.description), t.clone());
                d.exposed_name = format!("{server}__{}", t.name);
                docs.push(d);
            }
        }
    }
    docs
}

/// The scripted task: five steps, each a search (summary, 5 results) and
/// the details of the best hit, then a call.
const WORKFLOW: &[&str] = &[
    "list the open issues of a GitHub repository",
    "read a text file from the project directory",
    "create a new git branch for the fix",
    "post a message to a Slack channel",
    "create a page in Notion with the summary",
];

/// Tokens the client reads through the meta-tools for [`WORKFLOW`]: each
/// meta-tool call's arguments and its result (the downstream calls
/// themselves cost the same either way; only call_tool's envelope is
/// counted).
fn workflow_tokens(ix: &SearchIndex) -> (usize, usize) {
    let (mut searches, mut details) = (0, 0);
    for q in WORKFLOW {
        let args = json!({"query": q, "detail": "summary", "limit": 5});
        searches += count_tokens(&args.to_string());
        let hits = ix.search(q, Strategy::Fusion, 5);
        searches += count_tokens(&render_results(ix, &hits, Detail::Summary).to_string());
        let Some(best) = hits.first() else { continue };
        let d = &ix.docs()[best.doc];
        details += count_tokens(&json!({"name": d.exposed_name}).to_string());
        details += count_tokens(&render_tool(d, Detail::Full).to_string());
        details += count_tokens(&json!({"name": d.exposed_name, "arguments": {}}).to_string());
    }
    (searches, details)
}

fn context_report() {
    let fixtures = real_catalogs();
    let meta = count_tool_tokens(&meta_tool_definitions());
    println!("\n== context: tokens a client loads (o200k_base)");
    println!(
        "meta-tool definitions ({} tools): {meta}",
        meta_tool_definitions().len()
    );
    println!(
        "| tools | direct: all definitions | Sluice: meta-tools + 5 searches + 5 details/calls = total | saved |"
    );
    println!("|---|---|---|---|");
    for n in [100, 1000, 20_000] {
        let docs = real_docs(&fixtures, n);
        let direct: usize = docs
            .iter()
            .map(|d| {
                let mut t = d.tool.clone();
                t.name = d.exposed_name.clone().into();
                count_tool_tokens(std::slice::from_ref(&t))
            })
            .sum();
        let ix = SearchIndex::build_with(docs, params());
        let (searches, details) = workflow_tokens(&ix);
        let sluice = meta + searches + details;
        println!(
            "| {n} | {direct} | {meta} + {searches} + {details} = {sluice} | {:.2}% |",
            100.0 * (1.0 - sluice as f64 / direct as f64)
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    if !std::env::args().any(|a| a == "--report-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    report();
    context_report();
}

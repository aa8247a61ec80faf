//! Search quality on real catalogs: the tools/list of 25 public MCP
//! servers (tests/fixtures/catalog, captured by scripts/capture-catalogs.sh)
//! and 225 tasks written the way users ask
//! (tests/fixtures/search_tasks.jsonl), split into dev (tuned on) and test
//! (never tuned on). Prints recall@1 and recall@5 per strategy and split
//! (`cargo test --release --test search_quality -- --nocapture`).
//!
//! `recall_on_real_catalogs` asserts a floor a little under what fusion
//! measures now (a regression check, on both splits);
//! `meets_issue_targets` asserts issue 6's targets (fusion recall@5 ≥ 0.90
//! and recall@1 ≥ 0.70 on every split). The shipped embedding table is
//! tuned on data/search-train/queries.jsonl, requests written apart from
//! these tasks; `training_requests_are_apart_from_the_tasks` checks that
//! none of them is a near copy of a task.
//!
//! `SEARCH_QUALITY_MISSES=1` also prints every task fusion misses at 1.

use std::path::Path;

use sluice::search::{SearchIndex, Strategy, ToolDoc};

#[derive(serde::Deserialize)]
struct Fixture {
    server: String,
    description: String,
    tools: Vec<rmcp::model::Tool>,
}

#[derive(serde::Deserialize)]
struct Task {
    query: String,
    server: String,
    tool: String,
    split: String,
}

fn catalog() -> Vec<ToolDoc> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/catalog");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut docs = Vec::new();
    for f in files {
        let fx: Fixture = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for tool in fx.tools {
            let mut d = ToolDoc::new(&fx.server, Some(&fx.description), tool);
            d.exposed_name = format!("{}__{}", fx.server, d.tool.name);
            docs.push(d);
        }
    }
    docs
}

fn tasks() -> Vec<Task> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/search_tasks.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Recall@1 and recall@5 of one strategy over some tasks.
fn recall(ix: &SearchIndex, tasks: &[&Task], strategy: Strategy, misses: bool) -> (f64, f64) {
    let (mut r1, mut r5) = (0usize, 0usize);
    for t in tasks {
        let hits = ix.search(&t.query, strategy, 5);
        let pos = hits.iter().position(|h| {
            let d = &ix.docs()[h.doc];
            d.server == t.server && d.tool.name == t.tool
        });
        match pos {
            Some(0) => {
                r1 += 1;
                r5 += 1;
            }
            Some(_) => r5 += 1,
            None => {}
        }
        if misses && pos != Some(0) {
            let got: Vec<String> = hits
                .iter()
                .map(|h| ix.docs()[h.doc].exposed_name.clone())
                .collect();
            println!(
                "  {:?} [{}] want {}__{} at {:?}, got {}",
                strategy,
                t.split,
                t.server,
                t.tool,
                pos,
                got.join(", ")
            );
        }
    }
    let n = tasks.len().max(1) as f64;
    (r1 as f64 / n, r5 as f64 / n)
}

/// Fusion's (split, recall@1, recall@5) for dev, test and all, after
/// printing the table of every strategy.
fn measure() -> Vec<(&'static str, f64, f64)> {
    let docs = catalog();
    let servers: std::collections::BTreeSet<_> = docs.iter().map(|d| d.server.clone()).collect();
    assert!(servers.len() >= 15, "{} servers", servers.len());
    let tasks = tasks();
    assert!(tasks.len() >= 150);
    for t in &tasks {
        assert!(
            docs.iter()
                .any(|d| d.server == t.server && d.tool.name == t.tool),
            "task names a tool that is not in the catalog: {}/{}",
            t.server,
            t.tool
        );
        assert!(servers.contains(&t.server));
        assert!(t.split == "dev" || t.split == "test", "split {}", t.split);
    }
    let covered: std::collections::BTreeSet<_> = tasks.iter().map(|t| t.server.clone()).collect();
    assert_eq!(covered, servers, "every server has tasks");

    // SEARCH_PARAMS="w_semantic=1.2,bm25.k1=1.0" overrides the defaults
    // (for tuning runs, which read the dev rows only).
    let params = sluice::search::Params::from_env().unwrap();
    // SEARCH_TABLE=path measures another embedding table than the shipped
    // one (scripts/distill-embeddings.py --name writes candidates).
    let ix = match std::env::var_os("SEARCH_TABLE") {
        Some(path) => {
            let bytes = std::fs::read(&path).unwrap();
            let table = sluice::search::Embedder::from_bytes(&bytes).unwrap();
            SearchIndex::build_using(docs, params, Box::leak(Box::new(table)))
        }
        None => SearchIndex::build_with(docs, params),
    };
    // SEARCH_QUALITY_SERVERS=memory,git counts only the tasks of those
    // servers (the whole catalog is still searched): for measuring a table
    // on servers its training requests left out.
    let tasks: Vec<Task> = match std::env::var("SEARCH_QUALITY_SERVERS") {
        Ok(list) => {
            let keep: Vec<&str> = list.split(',').collect();
            tasks
                .into_iter()
                .filter(|t| keep.contains(&t.server.as_str()))
                .collect()
        }
        Err(_) => tasks,
    };
    let misses = std::env::var_os("SEARCH_QUALITY_MISSES").is_some();
    println!(
        "\n{} tools from {} servers, {} tasks",
        ix.len(),
        servers.len(),
        tasks.len()
    );
    println!("| strategy | split | tasks | recall@1 | recall@5 |");
    println!("|---|---|---|---|---|");
    let mut fusion = Vec::new();
    for strategy in [Strategy::Keyword, Strategy::Semantic, Strategy::Fusion] {
        for split in ["dev", "test", "all"] {
            let subset: Vec<&Task> = tasks
                .iter()
                .filter(|t| split == "all" || t.split == split)
                .collect();
            let show = misses && split != "all" && strategy == Strategy::Fusion;
            let (r1, r5) = recall(&ix, &subset, strategy, show);
            println!(
                "| {strategy:?} | {split} | {} | {r1:.3} | {r5:.3} |",
                subset.len()
            );
            if strategy == Strategy::Fusion {
                fusion.push((split, r1, r5));
            }
        }
    }
    fusion
}

#[test]
fn recall_on_real_catalogs() {
    // Measured with the shipped defaults and table (docs/performance.md):
    // dev 0.839 / 0.983, test 0.804 / 0.963. The floor catches
    // regressions.
    for (split, r1, r5) in measure() {
        assert!(r5 >= 0.94, "fusion recall@5 on {split}: {r5:.3}");
        assert!(r1 >= 0.78, "fusion recall@1 on {split}: {r1:.3}");
    }
}

#[test]
fn meets_issue_targets() {
    for (split, r1, r5) in measure() {
        assert!(r5 >= 0.90, "fusion recall@5 on {split}: {r5:.3}");
        assert!(r1 >= 0.70, "fusion recall@1 on {split}: {r1:.3}");
    }
}

/// The lower-cased words of a request.
fn word_set(s: &str) -> std::collections::BTreeSet<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The table's training requests name real tools and none of them is a
/// near copy of an evaluation task (word Jaccard ≥ 0.5), so the recall
/// above is measured on requests the table never saw.
#[test]
fn training_requests_are_apart_from_the_tasks() {
    #[derive(serde::Deserialize)]
    struct Request {
        query: String,
        server: String,
        tool: String,
    }
    let docs = catalog();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/search-train/queries.jsonl");
    let train: Vec<Request> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(train.len() >= 1500, "{} training requests", train.len());
    let tasks: Vec<_> = tasks().iter().map(|t| word_set(&t.query)).collect();
    for r in &train {
        assert!(
            docs.iter()
                .any(|d| d.server == r.server && d.tool.name == r.tool),
            "training request names a tool that is not in the catalog: {}/{}",
            r.server,
            r.tool
        );
        let words = word_set(&r.query);
        for t in &tasks {
            let common = words.intersection(t).count();
            let union = words.union(t).count();
            assert!(
                2 * common < union,
                "training request too close to an evaluation task: {:?}",
                r.query
            );
        }
    }
}

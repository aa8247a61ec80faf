//! Property tests for tool search: any query is answered without a panic,
//! within the limit, without duplicates, deterministically, with hits that
//! are in the index; an index of arbitrary tools (any names, descriptions,
//! JSON Schemas, including nonsense) builds, answers and renders at every
//! detail level.

use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use rmcp::model::Tool;
use serde_json::{Value, json};
use sluice::search::{Detail, SearchIndex, Strategy as Rank, ToolDoc, render_results, render_tool};

fn index() -> &'static SearchIndex {
    static IX: OnceLock<SearchIndex> = OnceLock::new();
    IX.get_or_init(|| {
        let tool = |name: &str, desc: &str| {
            let schema = json!({"type": "object", "properties": {"path": {"type": "string", "description": "A path"}}});
            Tool::new(
                name.to_string(),
                desc.to_string(),
                Arc::new(schema.as_object().cloned().unwrap()),
            )
        };
        let docs = vec![
            ToolDoc::new("fs", Some("Files"), tool("read_file", "Read a file from disk")),
            ToolDoc::new("fs", Some("Files"), tool("write_file", "Write a file")),
            ToolDoc::new("web", None, tool("fetch", "Fetch a URL as markdown")),
            ToolDoc::new("git", Some("Git"), tool("git-status", "Shows the working tree status")),
            ToolDoc::new("日本", Some("ユニコード"), tool("検索", "テキストを検索する")),
        ];
        SearchIndex::build(docs)
    })
}

fn query() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z_ ./^$*+?()\\[\\]|\\\\-]{0,40}",
        Just("/(/".to_string()),
        Just("/a{1000000}/".to_string()),
        Just("x".repeat(5000)),
    ]
}

fn schema() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(json!({})),
        Just(json!(true)),
        Just(json!(false)),
        Just(json!(null)),
        Just(json!({"type": "string"})),
        Just(json!({"type": ["integer", "null"]})),
        Just(json!({"enum": ["a", "b\"*/", 1, null, {"x": 1}]})),
        Just(json!({"const": "}"})),
        Just(json!({"$ref": "#"})),
        Just(json!({"$ref": "#/$defs/a"})),
        Just(json!({"$ref": "#/nowhere"})),
        Just(json!({"$ref": "other.json#/x"})),
        any::<String>().prop_map(|s| json!({"type": s, "description": s})),
    ];
    leaf.prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            proptest::collection::btree_map(any::<String>(), inner.clone(), 0..4).prop_map(
                |props| {
                    let keys: Vec<_> = props.keys().take(1).cloned().collect();
                    json!({"type": "object", "properties": props, "required": keys})
                }
            ),
            inner
                .clone()
                .prop_map(|i| json!({"type": "array", "items": i})),
            proptest::collection::vec(inner.clone(), 0..3).prop_map(|v| json!({"prefixItems": v})),
            proptest::collection::vec(inner.clone(), 0..3).prop_map(|v| json!({"oneOf": v})),
            proptest::collection::vec(inner.clone(), 0..3)
                .prop_map(|v| json!({"allOf": v, "anyOf": v})),
            inner
                .clone()
                .prop_map(|i| json!({"additionalProperties": i})),
            (inner.clone(), inner).prop_map(
                |(a, b)| json!({"$defs": {"a": a}, "properties": {"b": b}, "$ref": "#/$defs/a"})
            ),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_query_is_answered(q in query(), limit in 0usize..8) {
        let ix = index();
        for s in [Rank::Keyword, Rank::Semantic, Rank::Fusion] {
            let hits = ix.search(&q, s, limit);
            prop_assert!(hits.len() <= limit);
            let mut docs: Vec<_> = hits.iter().map(|h| h.doc).collect();
            prop_assert!(docs.iter().all(|&d| d < ix.len()));
            prop_assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
            docs.sort_unstable();
            docs.dedup();
            prop_assert_eq!(docs.len(), hits.len());
        }
    }

    #[test]
    fn any_query_is_deterministic(q in query(), limit in 1usize..8) {
        let ix = index();
        for s in [Rank::Keyword, Rank::Semantic, Rank::Fusion] {
            let a = ix.search(&q, s, limit);
            let b = ix.search(&q, s, limit);
            prop_assert_eq!(&a, &b);
            for h in &a {
                let d = &ix.docs()[h.doc];
                prop_assert!(ix.find(&d.exposed_name).is_some());
            }
        }
    }

    #[test]
    fn any_catalog_builds_answers_and_renders(
        tools in proptest::collection::vec(
            (any::<String>(), any::<String>(), proptest::option::of(any::<String>()), schema(), proptest::option::of(schema())),
            0..6,
        ),
        q in query(),
    ) {
        let docs: Vec<ToolDoc> = tools
            .into_iter()
            .map(|(server, name, desc, input, output)| {
                let mut t = Tool::new(
                    name,
                    desc.unwrap_or_default(),
                    Arc::new(input.as_object().cloned().unwrap_or_default()),
                );
                t.output_schema = output.and_then(|o| o.as_object().cloned()).map(Arc::new);
                ToolDoc::new(&server, Some(&server), t)
            })
            .collect();
        let ix = SearchIndex::build(docs);
        for s in [Rank::Keyword, Rank::Semantic, Rank::Fusion] {
            let hits = ix.search(&q, s, 5);
            prop_assert!(hits.len() <= 5.min(ix.len()));
            for detail in [Detail::Name, Detail::Summary, Detail::Full] {
                let v = render_results(&ix, &hits, detail);
                let listed: usize = v["servers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|g| g["tools"].as_array().unwrap().len())
                    .sum();
                prop_assert_eq!(listed, hits.len());
            }
        }
        for d in ix.docs() {
            let v = render_tool(d, Detail::Full);
            prop_assert!(v["typescript"].as_str().unwrap().contains("declare function "));
        }
    }
}

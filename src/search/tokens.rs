//! Token counts for the `auto` threshold: o200k_base, the encoding of
//! current OpenAI models, embedded in tiktoken-rs (no download).

use std::sync::OnceLock;

use rmcp::model::Tool;
use tiktoken_rs::CoreBPE;

fn bpe() -> &'static CoreBPE {
    static BPE: OnceLock<CoreBPE> = OnceLock::new();
    BPE.get_or_init(|| {
        // The encoding is compiled into tiktoken-rs; building it cannot
        // fail short of a broken crate.
        tiktoken_rs::o200k_base().expect("tiktoken-rs embeds o200k_base")
    })
}

/// Tokens of `text` in o200k_base.
pub fn count_tokens(text: &str) -> usize {
    bpe().encode_ordinary(text).len()
}

/// Tokens the definitions of `tools` take in a model's context, counted
/// on their JSON (name, description, schemas), the form clients send.
pub fn count_tool_tokens(tools: &[Tool]) -> usize {
    tools
        .iter()
        .map(|t| count_tokens(&serde_json::to_string(t).unwrap_or_default()))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_like_o200k() {
        assert_eq!(count_tokens(""), 0);
        // "hello world" is two tokens in every current OpenAI encoding.
        assert_eq!(count_tokens("hello world"), 2);
        assert!(count_tokens("Search for GitHub repositories") < 10);
    }
}

//! Words for the keyword index: identifiers split on case, `_`, `-`, `.`
//! and `/`, lower-cased, stop words dropped, light stemming.

/// Splits `text` into lower-cased words: runs of letters and digits, with
/// identifiers broken at case changes (`getFileInfo` → get file info,
/// `HTTPServer` → http server) and at every other character.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for run in text.split(|c: char| !c.is_alphanumeric()) {
        if run.is_empty() {
            continue;
        }
        split_case(run, &mut out);
    }
    out
}

fn split_case(run: &str, out: &mut Vec<String>) {
    let chars: Vec<char> = run.chars().collect();
    let mut start = 0;
    for i in 1..chars.len() {
        let (prev, cur) = (chars[i - 1], chars[i]);
        let next_lower = chars.get(i + 1).is_some_and(|c| c.is_lowercase());
        let boundary = (prev.is_lowercase() && cur.is_uppercase())
            || (prev.is_uppercase() && cur.is_uppercase() && next_lower)
            || (prev.is_ascii_digit() && cur.is_uppercase());
        if boundary {
            push_word(&chars[start..i], out);
            start = i;
        }
    }
    push_word(&chars[start..], out);
}

fn push_word(chars: &[char], out: &mut Vec<String>) {
    if !chars.is_empty() {
        out.push(chars.iter().flat_map(|c| c.to_lowercase()).collect());
    }
}

/// Words that carry no meaning for choosing a tool.
const STOP: &[&str] = &[
    "a", "about", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "but",
    "by", "can", "could", "do", "does", "for", "from", "had", "has", "have", "he", "her", "here",
    "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "just", "let", "lets", "me",
    "my", "of", "on", "or", "our", "please", "she", "should", "so", "some", "than", "that", "the",
    "their", "them", "then", "there", "these", "they", "this", "those", "to", "us", "via", "was",
    "we", "were", "what", "when", "which", "while", "who", "will", "with", "would", "you", "your",
];

pub fn is_stop(word: &str) -> bool {
    STOP.binary_search(&word).is_ok()
}

/// The terms the keyword index stores for `text`: words without stop
/// words, stemmed.
pub fn terms(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .filter(|w| !is_stop(w))
        .map(|w| fold(&stem(&w)).to_string())
        .collect()
}

/// Each non-stop word of `text` with its term.
pub fn words_and_terms(text: &str) -> Vec<(String, String)> {
    words(text)
        .into_iter()
        .filter(|w| !is_stop(w))
        .map(|w| {
            let t = fold(&stem(&w)).to_string();
            (w, t)
        })
        .collect()
}

/// A light English stemmer (plural, -ing, -ed, -ies, -es forms folded) so
/// that "files", "filed" and "filing" meet "file". Deliberately weaker than
/// Porter: tool vocabulary is full of short technical words ("issues",
/// "process", "status") that aggressive stemmers mangle.
pub fn stem(word: &str) -> String {
    let w = word;
    let n = w.len();
    if n <= 3 || !w.is_ascii() || w.bytes().any(|b| b.is_ascii_digit()) {
        return w.to_string();
    }
    let cut = |k: usize| w[..n - k].to_string();
    if let Some(s) = w.strip_suffix("ies")
        && s.len() >= 2
    {
        return format!("{s}y");
    }
    for suffix in ["sses", "ches", "shes", "xes", "zes"] {
        if w.ends_with(suffix) {
            return cut(2);
        }
    }
    if w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") {
        return w.to_string();
    }
    if let Some(s) = w.strip_suffix("ing")
        && s.len() >= 3
        && s.bytes().any(is_vowel)
    {
        return undouble(s);
    }
    if let Some(s) = w.strip_suffix("ed")
        && s.len() >= 3
        && s.bytes().any(is_vowel)
    {
        if w.ends_with("ied") {
            return format!("{}y", &w[..n - 3]);
        }
        return undouble(s);
    }
    if w.ends_with('s') && !w.ends_with("ss") {
        return cut(1);
    }
    w.to_string()
}

fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

/// `creat` → `create` is out of reach without a dictionary; instead both
/// the verb and its -ing/-ed forms drop a final `e`, so they meet.
fn undouble(s: &str) -> String {
    let b = s.as_bytes();
    let n = b.len();
    if n >= 2 && b[n - 1] == b[n - 2] && !matches!(b[n - 1], b'l' | b's' | b'z') {
        return s[..n - 1].to_string();
    }
    s.to_string()
}

/// A stemmed word with a final `e` dropped, so that "create", "created"
/// and "creating" share one term.
pub fn fold(term: &str) -> &str {
    if term.len() > 3 && term.ends_with('e') && !term.ends_with("ee") {
        &term[..term.len() - 1]
    } else {
        term
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_identifiers() {
        assert_eq!(words("getFileInfo"), ["get", "file", "info"]);
        assert_eq!(words("HTTPServer_v2"), ["http", "server", "v2"]);
        assert_eq!(
            words("git.diff-staged/list"),
            ["git", "diff", "staged", "list"]
        );
        assert_eq!(
            words("browser_take_screenshot"),
            ["browser", "take", "screenshot"]
        );
        assert_eq!(words("API-post-search"), ["api", "post", "search"]);
        assert_eq!(words("ÉtéCafé"), ["été", "café"]);
        assert_eq!(words("s3Bucket"), ["s3", "bucket"]);
    }

    #[test]
    fn stop_list_is_sorted() {
        assert!(STOP.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn stems_fold_forms_together() {
        let f = |w: &str| fold(&stem(w)).to_string();
        assert_eq!(f("files"), f("file"));
        assert_eq!(f("creating"), f("create"));
        assert_eq!(f("created"), f("create"));
        assert_eq!(f("entities"), f("entity"));
        assert_eq!(f("branches"), f("branch"));
        assert_eq!(f("running"), f("run"));
        assert_eq!(f("issues"), f("issue"));
        assert_eq!(stem("status"), "status");
        assert_eq!(stem("process"), "process");
        assert_eq!(stem("s3"), "s3");
    }
}

//! Ordinary words of other languages (Spanish, Dutch, Portuguese, French),
//! so that a capitalized foreign word ("Equipo", "Olympique", "Pied") is not
//! read as an unknown, possibly foreign, person's name.
//!
//! The words are held as a Bloom filter (`data/lexicon/foreign.bloom`, built
//! by `scripts/build-foreign-words.sh`; format in `scripts/bloom.py`): about
//! 900,000 words in 1.1 MB, read in place with no start-up cost. A false
//! positive (about 1 in 120 for a word the lists lack) makes an unknown word
//! count as an ordinary foreign word; it never makes a known name or word
//! anything else.

static FILTER: &[u8] = include_bytes!("../../data/lexicon/foreign.bloom");

const HEADER: usize = 4 + 4 + 4 + 8;

/// The filter's probe count and size in bits, or `None` if the file is not
/// a version-1 filter (then no word is foreign).
fn params() -> Option<(u32, u64)> {
    let h = FILTER.get(..HEADER)?;
    if &h[..4] != b"SLBF" || u32::from_le_bytes(h[4..8].try_into().ok()?) != 1 {
        return None;
    }
    let k = u32::from_le_bytes(h[8..12].try_into().ok()?);
    let m = u64::from_le_bytes(h[12..20].try_into().ok()?);
    (m > 0 && (FILTER.len() - HEADER) as u64 * 8 >= m).then_some((k, m))
}

fn fnv1a(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Whether `folded` (lower case, as [`super::names::fold`] makes it) is an
/// ordinary word of one of the lists.
pub fn ordinary_word(folded: &str) -> bool {
    if folded.chars().nth(2).is_none() {
        return false;
    }
    let Some((k, m)) = params() else {
        return false;
    };
    let bits = &FILTER[HEADER..];
    let h = fnv1a(folded.as_bytes());
    let (h1, h2) = (h & 0xffff_ffff, (h >> 32) | 1);
    (0..u64::from(k)).all(|i| {
        let j = (h1 + i * h2) % m;
        bits[(j >> 3) as usize] >> (j & 7) & 1 == 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_loads() {
        assert!(params().is_some());
    }

    #[test]
    fn ordinary_words_of_each_language() {
        for w in [
            "equipo",
            "esperanza",
            "olympique",
            "pied",
            "équipe",
            "vergadering",
            "afspraak",
            "obrigado",
            "saúde",
        ] {
            assert!(ordinary_word(w), "{w}");
        }
    }

    #[test]
    fn names_and_english_are_not() {
        // Given names the lists hold only capitalized (proper nouns), and
        // words of no listed language.
        let mut hits = 0;
        let probe = [
            "antti",
            "päivi",
            "femke",
            "apisai",
            "giommaria",
            "kudakwashe",
            "soumyaranjan",
            "zarghuna",
            "djenabou",
            "latsamy",
            "korotoumou",
            "hjalti",
            "seraina",
            "jostein",
        ];
        for w in probe {
            hits += usize::from(ordinary_word(w));
        }
        assert_eq!(hits, 0);
    }

    #[test]
    fn short_words_are_never_foreign() {
        assert!(!ordinary_word("de"));
        assert!(!ordinary_word("a"));
        assert!(!ordinary_word(""));
    }
}

//! Names addressed in thanks, in any language: "Hartelijk dank, Daan,
//! voor…", "Cảm ơn Hùng rất nhiều", "شكراً جزيلاً يا Imane",
//! "Köszönöm szépen a gyors választ, Bence!", "অনেক ধন্যবাদ, রফিক!".
//!
//! Someone thanked is a person: the words right after a thanks phrase,
//! or set off by a comma at the end of the thanking clause, are a name
//! when they have a name's shape (one to three capitalized words, or
//! words of a script without case) and are no ordinary word ("Thanks,
//! Team!", "Merci à tous"). This reads the one cue every language puts
//! before or after a name, rather than each language's templates.

use super::names::{self, Case, Word, WordIter};
use super::{Class, Detector, Finding};

/// Thanks phrases, in lower case (a capitalized first letter is matched
/// too). Longer forms come with their shorter ones; the longest match
/// wins.
const THANKS: &[&str] = &[
    // English
    "thanks",
    "thank you",
    "many thanks",
    "thanks so much",
    "thank you so much",
    "thanks a lot",
    "cheers",
    // German, Dutch, Scandinavian, Finnish
    "danke",
    "danke schön",
    "vielen dank",
    "herzlichen dank",
    "dank je",
    "dank je wel",
    "dank u",
    "dank u wel",
    "bedankt",
    "hartelijk dank",
    "heel erg bedankt",
    "tack",
    "tack så mycket",
    "stort tack",
    "tak",
    "mange tak",
    "takk",
    "tusen takk",
    "kiitos",
    "kiitos paljon",
    "takk fyrir",
    // Romance
    "merci",
    "merci beaucoup",
    "grazie",
    "grazie mille",
    "gracias",
    "muchas gracias",
    "obrigado",
    "obrigada",
    "muito obrigado",
    "muito obrigada",
    "mulțumesc",
    "mulțumesc frumos",
    "moltes gràcies",
    "gràcies",
    // Slavic, Baltic, Hungarian, Greek
    "dziękuję",
    "dziękuję bardzo",
    "dzięki",
    "děkuji",
    "děkuju",
    "ďakujem",
    "hvala",
    "hvala lepa",
    "hvala puno",
    "хвала",
    "благодаря",
    "спасибо",
    "спасибо большое",
    "большое спасибо",
    "дякую",
    "щиро дякую",
    "дзякуй",
    "рахмет",
    "ačiū",
    "paldies",
    "aitäh",
    "köszönöm",
    "köszönöm szépen",
    "köszi",
    "ευχαριστώ",
    "ευχαριστώ πολύ",
    // Turkish, Azerbaijani, Central Asian, Caucasus
    "teşekkürler",
    "teşekkür ederim",
    "çok teşekkürler",
    "sağ ol",
    "təşəkkür edirəm",
    "rahmat",
    "madloba",
    "shnorhakalutyun",
    "მადლობა",
    "շնորհակալություն",
    // South-East Asia, Africa, Pacific
    "cảm ơn",
    "xin cảm ơn",
    "terima kasih",
    "makasih",
    "salamat",
    "maraming salamat",
    "asante",
    "asante sana",
    "ngiyabonga",
    "enkosi",
    "dankie",
    "baie dankie",
    "medaase",
    "mahalo",
    "fa'afetai",
    "ขอบคุณ",
    "ขอบคุณมาก",
    "ຂອບໃຈ",
    "អរគុណ",
    // Semitic, Persian, Indic
    "شكرا",
    "شكراً",
    "شكرا جزيلا",
    "شكراً جزيلاً",
    "תודה",
    "תודה רבה",
    "ممنون",
    "متشکرم",
    "سپاس",
    "شکریہ",
    "धन्यवाद",
    "बहुत धन्यवाद",
    "शुक्रिया",
    "ধন্যবাদ",
    "অনেক ধন্যবাদ",
    "நன்றி",
    "மிக்க நன்றி",
    "ధన్యవాదాలు",
    "ಧನ್ಯವಾದಗಳು",
    "നന്ദി",
    "ਧੰਨਵਾਦ",
    "આભાર",
    "አመሰግናለሁ",
];

/// Vocative particles between the thanks and the name: ar/fa "يا",
/// Greek "κύριε"-style forms are titles and handled as such elsewhere.
const VOCATIVE: &[&str] = &["يا"];

/// Words that follow a thanks phrase and are no name, in any case
/// ("Thanks Again", "Merci Beaucoup" typed apart, "Thank You All").
const NOT_NAMES: &[&str] = &[
    "again",
    "all",
    "everyone",
    "everybody",
    "team",
    "guys",
    "folks",
    "both",
    "you",
    "for",
    "so",
    "very",
    "much",
    "in",
    "à",
    "a",
    "tous",
    "todos",
    "tutti",
    "allen",
    "alle",
    "iedereen",
    "kaikille",
    "всем",
    "вам",
    "тебе",
    "bardzo",
    "szépen",
    "beaucoup",
    "mille",
    "sir",
    "madam",
    // After a greeting: "to you", "friends", "everyone", "sir" in fa, ar,
    // hi, am.
    "خدمت",
    "دوستان",
    "همگی",
    "عزیزان",
    "علیکم",
    "عليكم",
    "सर",
    "मित्रों",
    "दोस्तों",
    "साथियों",
    "ሁላችሁም",
];

/// One leftmost-longest matcher for `phrases`, each also with its first
/// letter capitalized.
fn phrase_matcher(phrases: &[&str]) -> aho_corasick::AhoCorasick {
    let mut pats: Vec<String> = Vec::with_capacity(phrases.len() * 2);
    for t in phrases {
        pats.push((*t).to_owned());
        let mut cs = t.chars();
        if let Some(c) = cs.next()
            && c.is_lowercase()
        {
            pats.push(c.to_uppercase().chain(cs).collect());
        }
    }
    aho_corasick::AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .start_kind(aho_corasick::StartKind::Both)
        .build(&pats)
        .expect("phrases build")
}

static CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| phrase_matcher(THANKS));

fn word_char(c: char) -> bool {
    c.is_alphanumeric() || names::is_mark(c)
}

/// Names addressed in thanks (see the module's documentation).
pub fn thanked(text: &str, out: &mut Vec<Finding>) {
    for m in CUES.find_iter(text) {
        let (at, end) = (m.start(), m.end());
        let cut_before = text[..at].chars().next_back().is_none_or(|c| !word_char(c));
        let cut_after = text[end..].chars().next().is_none_or(|c| !word_char(c));
        // Thai and Lao write words without spaces: their phrases need no cut.
        let spaceless = text[at..]
            .chars()
            .next()
            .is_some_and(|c| ('\u{0E00}'..='\u{0EFF}').contains(&c));
        if !(spaceless || cut_before && cut_after) {
            continue;
        }
        // Right after the thanks: "Thanks, Jithin", "Cảm ơn Hùng".
        let rest = &text[end..];
        let mut skip = rest.len() - rest.trim_start_matches([',', '،', '，']).len();
        let sep = &rest[skip..];
        let spaces = sep.len() - sep.trim_start_matches([' ', '\u{a0}']).len();
        if spaces > 0 || skip > 0 {
            skip += spaces;
            let mut from = end + skip;
            for v in VOCATIVE {
                if let Some(r) = text[from..].strip_prefix(v)
                    && let Some(r2) = r.strip_prefix(' ')
                {
                    from = text.len() - r2.len();
                }
            }
            if let Some(e) = name_at(text, from, true) {
                push(text, from, e, out);
                continue;
            }
        }
        // At the end of the thanking clause: "…a gyors választ, Bence!".
        clause_final(text, end, out);
    }
}

/// Greetings that open a message before the name in scripts and
/// languages the free-text scan cannot read a name in by itself
/// ("ሰላም ፍቅርተ ኃይሌ፣", "سلام نیلوفر محمدی عزیز،", "ສະບາຍດີ ແສງເດືອນ ຈັນທະວົງ,",
/// "नमस्कार प्रथमेश शिंदे,"), and a few more in Latin letters.
const GREETS: &[&str] = &[
    "ሰላም",
    "سلام",
    "السلام علیکم",
    "السلام عليكم",
    "مرحبا",
    "שלום",
    "ສະບາຍດີ",
    "สวัสดี",
    "สวัสดีครับ",
    "สวัสดีค่ะ",
    "नमस्कार",
    "नमस्ते",
    "নমস্কার",
    "ਸਤ ਸ੍ਰੀ ਅਕਾਲ",
    "ਨਮਸਕਾਰ",
    "નમસ્તે",
    "ନମସ୍କାର",
    "నమస్కారం",
    "ನಮಸ್ಕಾರ",
    "നമസ്കാരം",
    "வணக்கம்",
    "བཀྲ་ཤིས་བདེ་ལེགས།",
    "မင်္ဂလာပါ",
    "ជំរាបសួរ",
    "გამარჯობა",
    "բարև",
    "salam sejahtera",
    "salaan",
    "bonġu",
    "kia ora",
    "talofa",
    // Hellos of more languages, in Latin, Cyrillic, Greek and Hangul
    // letters, before a name of any script (`Živjo දිල්රුක්ෂි,`, `Γεια σας
    // Δημήτρης,`, `Сәлеметсіз бе Aziz,`): ga, eu, ro, la/it, es, pt, de,
    // nl, sv, no, da, fi, et, lv, lt, is, sl, hr, sr, cs, sk, pl, hu, tr,
    // fr, ms/id, sw, zu, ha, tl, vi, ru, uk, bg, kk, ky, mn, el, ko.
    "dia dhuit",
    "kaixo",
    "bună ziua",
    "buna ziua",
    "salve",
    "ciao",
    "buongiorno",
    "hola",
    "buenos días",
    "buenas tardes",
    "olá",
    "bom dia",
    "boa tarde",
    "hallo",
    "guten tag",
    "moin",
    "hoi",
    "hej",
    "hei",
    "moi",
    "terve",
    "tere",
    "sveiki",
    "labas",
    "halló",
    "hæ",
    "živjo",
    "zdravo",
    "bok",
    "dobar dan",
    "dobrý den",
    "dobrý deň",
    "ahoj",
    "cześć",
    "dzień dobry",
    "szia",
    "jó napot",
    "merhaba",
    "selam",
    "bonjour",
    "salut",
    "selamat pagi",
    "selamat siang",
    "halo",
    "hai",
    "habari",
    "jambo",
    "hujambo",
    "sawubona",
    "sannu",
    "kumusta",
    "magandang araw",
    "xin chào",
    "здравствуйте",
    "привет",
    "добрый день",
    "вітаю",
    "добрий день",
    "привіт",
    "здравейте",
    "здраво",
    "сәлеметсіз бе",
    "сәлем",
    "саламатсызбы",
    "сайн байна уу",
    "sain baina uu",
    "γεια σας",
    "γειά σας",
    "γεια σου",
    "γειά σου",
    "καλημέρα",
    "안녕하세요",
];

/// Words of respect after a greeted name, which end it: fa/ur "عزیز"
/// (dear), "جان", hi "जी", te "గారు", pa "ਜੀ", bo "ལགས".
const HONORIFICS: &[&str] = &[
    "عزیز",
    "عزيز",
    "عزیزم",
    "جان",
    "जी",
    "గారు",
    "ਜੀ",
    "ལགས",
    "ji",
];

static GREET_CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| phrase_matcher(GREETS));

/// Names greeted at a line's start (see [`GREETS`]): the words right
/// after the greeting (and a comma) are a name when they have a name's
/// shape and punctuation or a word of respect closes them.
pub fn greeted(text: &str, out: &mut Vec<Finding>) {
    let mut next_line = 0;
    for line in text.split('\n') {
        let base = next_line;
        next_line += line.len() + 1;
        let body = line.trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '"' | '“' | '«' | '>' | '-' | '*' | '•')
        });
        // A greeting opens the line: the automaton reads its first bytes.
        let at = base + line.len() - body.len();
        let head = &text[at..text.floor_char_boundary((at + 64).min(base + line.len()))];
        let input = aho_corasick::Input::new(head).anchored(aho_corasick::Anchored::Yes);
        let Some(m) = GREET_CUES.find(input) else {
            continue;
        };
        let end = at + m.end();
        if text[end..].chars().next().is_some_and(word_char) {
            continue;
        }
        let rest = &text[end..];
        let skip = rest.len()
            - rest
                .trim_start_matches([',', '،', '，', '!', ' ', '\u{a0}'])
                .len();
        if skip == 0 {
            continue;
        }
        let from = end + skip;
        if out.iter().any(|f| f.start <= from && from < f.end) {
            continue;
        }
        // A city greeted alone is a place (`Bonjour Paris!`).
        if let Some(e) = before_honorific(text, from).or_else(|| name_at(text, from, false))
            && !names::place_name(&text[from..e])
        {
            push(text, from, e, out);
        }
    }
}

/// One to three name-shaped words from `from`, then a word of respect
/// ([`HONORIFICS`]) and punctuation or the line's end: the words' end.
fn before_honorific(text: &str, from: usize) -> Option<usize> {
    let rest = &text[from..];
    let ws: Vec<Word> = WordIter::new(rest).take(4).collect();
    let first = ws.first()?;
    if first.start != 0 {
        return None;
    }
    let script = uncased_script(rest, first);
    for k in 1..ws.len() {
        let w = &ws[k];
        if &rest[ws[k - 1].end..w.start] != " " {
            return None;
        }
        if HONORIFICS.contains(&&rest[w.start..w.end]) {
            let after = &rest[w.end..];
            let closed = after.is_empty()
                || after.starts_with([',', '،', '!', '.', '\n', '።', '፣', '।', '།']);
            return (closed && ws[..k].iter().all(|x| name_word(rest, x, script)))
                .then_some(from + ws[k - 1].end);
        }
    }
    None
}

/// The name's end, if one to three name-shaped words start at `from`
/// and something a name may stand before follows: punctuation, the end,
/// or a lower-case word ("Cảm ơn Hùng rất nhiều", "Thanks Ana for…"),
/// or after a Latin name a word of a caseless script ("يا Imane على"),
/// when `open` (the name is not yet closed by a comma).
fn name_at(text: &str, from: usize, open: bool) -> Option<usize> {
    let rest = &text[from..];
    let mut it = WordIter::new(rest);
    let first = it.next()?;
    if first.start != 0 {
        return None;
    }
    let script = uncased_script(rest, &first);
    if !name_word(rest, &first, script) {
        return None;
    }
    let mut last = first;
    for w in it.take(2) {
        if &rest[last.end..w.start] != " " || !name_word(rest, &w, script) {
            break;
        }
        last = w;
    }
    let after = &rest[last.end..];
    let closed = after.is_empty()
        || after.starts_with([
            ',', '!', '.', '?', ';', ')', '،', '，', '！', '。', '"', '\n', '\\', '؟', '।', '፣',
            '።', '།',
        ]);
    let lower_next = open
        && after.starts_with(' ')
        && WordIter::new(after).next().is_some_and(|w| {
            w.start == 1 && (w.case == Case::Lower || (script.is_none() && w.case == Case::Uncased))
        });
    (closed || lower_next).then_some(from + last.end)
}

/// The caseless script of `w`, when it is in one (`None` for Latin,
/// Cyrillic, Greek).
fn uncased_script(text: &str, w: &Word) -> Option<u32> {
    (w.case == Case::Uncased)
        .then(|| names::word_script(&text[w.start..w.end]))
        .flatten()
}

/// Can `w` be a word of a name here: capitalized and no ordinary word,
/// or of the same caseless script as the name's first word?
fn name_word(text: &str, w: &Word, script: Option<u32>) -> bool {
    let t = &text[w.start..w.end];
    if t.chars().count() < 2 {
        return false;
    }
    let folded = names::fold(t);
    if NOT_NAMES.contains(&folded.as_str())
        || THANKS.contains(&folded.as_str())
        || GREETS.contains(&folded.as_str())
    {
        return false;
    }
    match w.case {
        // An accented word is not the English word its letters spell
        // ("Hùng" is no "hung").
        Case::Title => {
            let i = super::lexicon::word_info(&folded);
            !(i.blocked || i.foreign || (folded.is_ascii() && i.common_only()))
        }
        Case::Uncased => {
            script.is_some()
                && names::word_script(t) == script
                && !names::OWN_SCRIPT_NOT_NAMES.contains(&t)
        }
        _ => false,
    }
}

/// A name set off by a comma at the end of the clause that a thanks
/// phrase ending at `from` opens: ", Bence!" before the clause's end.
fn clause_final(text: &str, from: usize, out: &mut Vec<Finding>) {
    let rest = &text[from..];
    let Some(stop) = rest.find(['!', '.', '?', '\n', '！', '。', '।']) else {
        return;
    };
    if stop > 120 {
        return;
    }
    let clause = &rest[..stop];
    let Some(comma) = clause.rfind([',', '،', '，']) else {
        return;
    };
    let c_len = clause[comma..].chars().next().map_or(1, char::len_utf8);
    let Some(name) = clause[comma + c_len..].strip_prefix(' ') else {
        return;
    };
    let start = from + stop - name.len();
    if let Some(e) = name_at(text, start, false)
        && e == from + stop
    {
        push(text, start, e, out);
    }
}

fn push(text: &str, start: usize, end: usize, out: &mut Vec<Finding>) {
    out.push(Finding {
        class: Class::Name,
        start,
        end,
        detector: Detector::NameContext,
        confidence: 0.8,
        normalized: names::normalize(&text[start..end]),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        thanked(text, &mut out);
        out.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn names_thanked_in_many_languages() {
        for (text, name) in [
            ("Hartelijk dank, Daan, voor de snelle reactie!", "Daan"),
            ("Спасибо большое, Гүлнара, за быстрый ответ!", "Гүлнара"),
            ("Cảm ơn Hùng rất nhiều vì đã phản hồi nhanh!", "Hùng"),
            (
                "Merci beaucoup, Wilner, pour votre retour rapide !",
                "Wilner",
            ),
            ("شكراً جزيلاً يا Imane على الرد السريع!", "Imane"),
            (
                "Ευχαριστώ πολύ, Παναγιώτης, για τη γρήγορη απάντηση!",
                "Παναγιώτης",
            ),
            ("দ্রুত উত্তরের জন্য অনেক ধন্যবাদ, রফিক!", "রফিক"),
            (
                "¡Muchas gracias, Derlis, por la respuesta tan rápida!",
                "Derlis",
            ),
            ("விரைவான பதிலுக்கு மிக்க நன்றி, Senthil!", "Senthil"),
            ("Thanks so much, Ana Lima, for the quick reply!", "Ana Lima"),
            ("Feladtuk. Köszönöm szépen a gyors választ, Bence!", "Bence"),
            ("Thanks Jithin.", "Jithin"),
        ] {
            assert_eq!(found(text), [name], "{text}");
        }
    }

    #[test]
    fn thanks_to_no_one_in_particular() {
        for text in [
            "Thanks, Team!",
            "Thanks again for the report.",
            "Thank you all, see you Monday!",
            "Merci à tous, Bonne journée!",
            "thanksgiving turkey",
            "Many thanks for your order, Status: Shipped!",
            "Thanks for the update, it works.",
        ] {
            assert!(found(text).is_empty(), "{text}: {:?}", found(text));
        }
    }

    fn greeted_names(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        greeted(text, &mut out);
        out.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn names_greeted_at_a_line_start() {
        for (text, name) in [
            ("ሰላም ፍቅርተ ኃይሌ፣\nእባክዎ", "ፍቅርተ ኃይሌ"),
            ("سلام نیلوفر محمدی عزیز،\nلطفاً", "نیلوفر محمدی"),
            ("ສະບາຍດີ ແສງເດືອນ ຈັນທະວົງ,", "ແສງເດືອນ ຈັນທະວົງ"),
            ("x\nनमस्कार प्रथमेश शिंदे,", "प्रथमेश शिंदे"),
            ("నమస్కారం రవి గారు,", "రవి"),
            ("Bonġu Andrin,\nIl-", "Andrin"),
            ("Živjo දිල්රුක්ෂි, Prosim", "දිල්රුක්ෂි"),
            ("Γεια σας Δημήτρης, Παρακαλώ", "Δημήτρης"),
            ("Сәлеметсіз бе Aziz,\nYour package", "Aziz"),
            ("안녕하세요 Seo-jun,\nYour package", "Seo-jun"),
            ("Dia dhuit Ntombizodwa, glaoigh", "Ntombizodwa"),
        ] {
            assert_eq!(greeted_names(text), [name], "{text}");
        }
        // Not inside a line, not an ordinary word, not one that runs on.
        for text in [
            "he said नमस्कार प्रथमेश शिंदे,",
            "Salaan everyone,",
            "ሰላምታ ፍቅርተ ኃይሌ፣",
            "नमस्कार प्रथमेश शिंदे आपका स्वागत है",
            "سلام خدمت شما،",
            "سلام دوستان،",
            "नमस्ते सर,",
            "Moin Moin, alle zusammen",
            "Hallo Team,",
            "Hola equipo,",
            "Bonjour Paris!",
        ] {
            assert!(greeted_names(text).is_empty(), "{text}");
        }
    }
}

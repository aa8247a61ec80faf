//! Places, buildings and diseases named after people, by the word for
//! their kind next to the name, in many languages and scripts: `ଜଗନ୍ନାଥ
//! ମନ୍ଦିର` (a temple), `पार्किन्सन रोग` (a disease), `Lennart Meri
//! lennujaam` (an airport), `Krišjāņa Barona iela` (a street), `Lotnisko
//! Chopina`, `бул. Васил Левски`, `Uwanja wa Ndege wa Julius Nyerere`.
//!
//! Names found in free text (never a value under a person's key) that
//! such a word follows, precedes, or ends are dropped. Words in Latin
//! letters count after a name only in lower case, or capitalized when they
//! are nobody's name (`Museoa`, not `Park`): `Ana Park` is a person.
//! English kinds and the languages that write them capitalized before the
//! name (`Rue`, `Museo`, `Estadio`) are read by the name scanner itself;
//! these lists add the rest.

use super::lexicon::word_info;
use super::names::{spaceless_script as spaceless, with_fold};
use super::{Class, Detector, Finding};
use rustc_hash::FxHashSet;
use std::sync::LazyLock;

/// Kinds written after the name (or joined to it by a hyphen).
const AFTER: &[&str] = &[
    // Airports, hospitals, universities, parks, stadiums, museums, streets,
    // squares, bridges, churches and diseases: et, lv, lt, hu, fi, nl, da,
    // no, sv, is, tr, az, uz, eu, de compounds.
    "lennujaam",
    "haigla",
    "ülikool",
    "tänav",
    "puiestee",
    "väljak",
    "muuseum",
    "staadion",
    "haigus",
    "lidosta",
    "slimnīca",
    "universitāte",
    "iela",
    "prospekts",
    "laukums",
    "bulvāris",
    "parks",
    "stadions",
    "muzejs",
    "slimība",
    "uostas",
    "ligoninė",
    "universitetas",
    "gatvė",
    "prospektas",
    "aikštė",
    "parkas",
    "stadionas",
    "muziejus",
    "repülőtér",
    "kórház",
    "egyetem",
    "körút",
    "híd",
    "múzeum",
    "betegség",
    "templom",
    "pályaudvar",
    "lentoasema",
    "sairaala",
    "yliopisto",
    "puisto",
    "tauti",
    "katu",
    "plein",
    "standbeeld",
    "ziekenhuis",
    "universiteit",
    "luchthaven",
    "ziekte",
    "kerk",
    "brug",
    "kade",
    "allé",
    "lufthavn",
    "flygplats",
    "sjukhus",
    "sykehus",
    "sygehus",
    "universitet",
    "kirke",
    "kyrka",
    "sjukdom",
    "sykdom",
    "sygdom",
    "sjúkrahús",
    "háskóli",
    "flugvöllur",
    "havalimanı",
    "havaalanı",
    "caddesi",
    "sokağı",
    "bulvarı",
    "meydanı",
    "köprüsü",
    "camii",
    "hastanesi",
    "üniversitesi",
    "stadyumu",
    "parkı",
    "hastalığı",
    "müzesi",
    "küçəsi",
    "prospekti",
    "xəstəxanası",
    "universiteti",
    "stadionu",
    "xəstəliyi",
    "ko'chasi",
    "kasalxonasi",
    "aeroporti",
    "kasalligi",
    "maydoni",
    "museoa",
    "kalea",
    "ospitalea",
    "unibertsitatea",
    "aireportua",
    "park",
    "airport",
    "hospital",
    "university",
    "stadium",
    "museum",
    "bridge",
    "station",
    "disease",
    "syndrome",
    "flughafen",
    "krankenhaus",
    "klinikum",
    "universität",
    "straße",
    "platz",
    "allee",
    "brücke",
    "bahnhof",
    "kirche",
    "denkmal",
    "international",
    // Cyrillic languages that put the kind after: kk, ky, mn, tg.
    "даңғылы",
    "көшесі",
    "алаңы",
    "әуежайы",
    "ауруханасы",
    "ауруы",
    "проспекті",
    "көчөсү",
    "проспектиси",
    "оорукана",
    "кӯчаи",
    "хиёбони",
    "гудамж",
    "талбай",
    "буудал",
    "эмнэлэг",
    // Devanagari (hi, mr, ne), Bengali, Gurmukhi, Gujarati, Odia.
    "मंदिर",
    "मन्दिर",
    "रोग",
    "बीमारी",
    "अस्पताल",
    "रुग्णालय",
    "विश्वविद्यालय",
    "विद्यापीठ",
    "विमानतल",
    "विमानतळ",
    "विमानस्थल",
    "हवाईअड्डा",
    "अड्डा",
    "स्टेडियम",
    "उद्यान",
    "मार्ग",
    "चौक",
    "भवन",
    "संग्रहालय",
    "मस्जिद",
    "गुरुद्वारा",
    "सेतु",
    "अन्तर्राष्ट्रिय",
    "अंतरराष्ट्रीय",
    "মন্দির",
    "রোগ",
    "অসুখ",
    "হাসপাতাল",
    "বিশ্ববিদ্যালয়",
    "বিমানবন্দর",
    "স্টেডিয়াম",
    "উদ্যান",
    "সড়ক",
    "সরণি",
    "জাদুঘর",
    "সেতু",
    "মসজিদ",
    "ভবন",
    "আন্তর্জাতিক",
    "ਮੰਦਰ",
    "ਮੰਦਿਰ",
    "ਗੁਰਦੁਆਰਾ",
    "ਰੋਗ",
    "ਬਿਮਾਰੀ",
    "ਹਸਪਤਾਲ",
    "ਯੂਨੀਵਰਸਿਟੀ",
    "ਹਵਾਈ",
    "ਅੱਡਾ",
    "ਸਟੇਡੀਅਮ",
    "ਮਾਰਗ",
    "ਚੌਕ",
    "ਅੰਤਰਰਾਸ਼ਟਰੀ",
    "મંદિર",
    "રોગ",
    "હોસ્પિટલ",
    "દવાખાનું",
    "યુનિવર્સિટી",
    "વિશ્વવિદ્યાલય",
    "વિમાનમથક",
    "એરપોર્ટ",
    "સ્ટેડિયમ",
    "માર્ગ",
    "ચોક",
    "ମନ୍ଦିର",
    "ରୋଗ",
    "ଡାକ୍ତରଖାନା",
    "ହସ୍ପିଟାଲ",
    "ବିଶ୍ୱବିଦ୍ୟାଳୟ",
    "ବିମାନବନ୍ଦର",
    "ଷ୍ଟାଡିୟମ",
    "ଛକ",
    "ମାର୍ଗ",
    "ଭବନ",
    // Tamil, Telugu, Kannada, Malayalam, Sinhala.
    "கோயில்",
    "கோவில்",
    "நோய்",
    "மருத்துவமனை",
    "பல்கலைக்கழகம்",
    "விமான",
    "நிலையம்",
    "விளையாட்டரங்கம்",
    "பூங்கா",
    "சாலை",
    "தெரு",
    "பாலம்",
    "ఆలయం",
    "దేవాలయం",
    "వ్యాధి",
    "ఆసుపత్రి",
    "విశ్వవిద్యాలయం",
    "విమానాశ్రయం",
    "అంతర్జాతీయ",
    "స్టేడియం",
    "పార్క్",
    "ఉద్యానవనం",
    "రోడ్డు",
    "వీధి",
    "ದೇವಸ್ಥಾನ",
    "ದೇವಾಲಯ",
    "ರೋಗ",
    "ಕಾಯಿಲೆ",
    "ಆಸ್ಪತ್ರೆ",
    "ವಿಶ್ವವಿದ್ಯಾಲಯ",
    "ವಿಮಾನ",
    "ನಿಲ್ದಾಣ",
    "ಕ್ರೀಡಾಂಗಣ",
    "ಪಾರ್ಕ್",
    "ಉದ್ಯಾನ",
    "ರಸ್ತೆ",
    "ಅಂತರರಾಷ್ಟ್ರೀಯ",
    "ക്ഷേത്രം",
    "രോഗം",
    "ആശുപത്രി",
    "സർവകലാശാല",
    "സർവ്വകലാശാല",
    "വിമാനത്താവളം",
    "സ്റ്റേഡിയം",
    "പാർക്ക്",
    "അന്താരാഷ്ട്ര",
    "රෝගය",
    "රෝහල",
    "පන්සල",
    "මාවත",
    // Urdu, Amharic, Dhivehi, Georgian, Armenian, Myanmar.
    "ہسپتال",
    "اسپتال",
    "یونیورسٹی",
    "ہوائی",
    "اڈہ",
    "سٹیڈیم",
    "شاہراہ",
    "چوک",
    "بیماری",
    "ሆስፒታል",
    "በሽታ",
    "ዩኒቨርሲቲ",
    "ማረፊያ",
    "ስታዲየም",
    "መናፈሻ",
    "ጎዳና",
    "አደባባይ",
    "އެއާޕޯޓް",
    "ހޮސްޕިޓަލް",
    "މިސްކިތް",
    "ސްޓޭޑިއަމް",
    "ޕާކު",
    "މަގު",
    "ქუჩა",
    "გამზირი",
    "მოედანი",
    "საავადმყოფო",
    "უნივერსიტეტი",
    "აეროპორტი",
    "სტადიონი",
    "პარკი",
    "ტაძარი",
    "დაავადება",
    "փողոց",
    "պողոտա",
    "հրապարակ",
    "հիվանդանոց",
    "համալսարան",
    "օդանավակայան",
    "մարզադաշտ",
    "այգի",
    "եկեղեցի",
    "հիվանդություն",
    "ဘုရား",
    "လမ်း",
    "ဆေးရုံ",
    "တက္ကသိုလ်",
    "လေဆိပ်",
    "ရောဂါ",
    "ပန်းခြံ",
];

/// Kinds written before the name (after them, at most one linking word:
/// `Hospital de Sant Pau`, `Uwanja wa Ndege wa Julius Nyerere`).
const BEFORE: &[&str] = &[
    // Slavic, Romanian, Greek, Icelandic, Swahili, Hausa, Indonesian and
    // Malay, Vietnamese.
    "lotnisko",
    "letiště",
    "letisko",
    "aerodrom",
    "lotniczy",
    "szpital",
    "nemocnice",
    "nemocnica",
    "bolnica",
    "bolnišnica",
    "uniwersytet",
    "univerzita",
    "univerza",
    "sveučilište",
    "ulica",
    "ul",
    "aleja",
    "plac",
    "náměstí",
    "námestie",
    "trg",
    "stadion",
    "dworzec",
    "nádraží",
    "kościół",
    "kostel",
    "muzeum",
    "pomnik",
    "pomník",
    "aeroportul",
    "spitalul",
    "universitatea",
    "strada",
    "str",
    "bulevardul",
    "piața",
    "parcul",
    "stadionul",
    "muzeul",
    "αεροδρόμιο",
    "νοσοκομείο",
    "πανεπιστήμιο",
    "οδός",
    "λεωφόρος",
    "πλατεία",
    "στάδιο",
    "μουσείο",
    "flugstöð",
    "uwanja",
    "ndege",
    "hospitali",
    "chuo",
    "barabara",
    "mtaa",
    "msikiti",
    "jami'ar",
    "asibitin",
    "filin",
    "titin",
    "bandara",
    "udara",
    "jalan",
    "jl",
    "sakit",
    "universitas",
    "universiti",
    "masjid",
    "đường",
    "phố",
    "viện",
    "bệnh",
    "sân",
    "chùa",
    "lăng",
    // Romance languages (the name scanner reads these in a capitalized run;
    // here they count before one it found: `Hospital de Sant Pau`).
    "hospital",
    "hôpital",
    "ospedale",
    "aeropuerto",
    "aeroporto",
    "aéroport",
    "universidad",
    "université",
    "università",
    "universidade",
    "estación",
    "gare",
    "iglesia",
    "église",
    "chiesa",
    "igreja",
    "basílica",
    "catedral",
    "cathédrale",
    "puente",
    "pont",
    "ponte",
    "carrer",
    "plaça",
    "calle",
    "avenida",
    "avinguda",
    "passeig",
    "rua",
    "rue",
    "plaza",
    "praça",
    "piazza",
    "museo",
    "musée",
    "museu",
    "morbus",
    "estadio",
    "estádio",
    "stade",
    "stadio",
    "parque",
    "parc",
    "parco",
    "palacio",
    "palais",
    "palazzo",
    "palácio",
    "teatro",
    "théâtre",
    "mercado",
    "cementerio",
    "cimetière",
    // Cyrillic languages that put the kind first: ru, uk, be, bg, sr, mk.
    "улица",
    "ул",
    "проспект",
    "пр",
    "бул",
    "булевард",
    "бульвар",
    "площадь",
    "пл",
    "аэропорт",
    "аеропорт",
    "летище",
    "аеродром",
    "больница",
    "лікарня",
    "болница",
    "университет",
    "університет",
    "универзитет",
    "стадион",
    "музей",
    "вулиця",
    "вул",
    "площа",
    "улица",
    // Hebrew, Arabic, Persian.
    "רחוב",
    "רח",
    "שדרות",
    "כיכר",
    "אצטדיון",
    "מוזיאון",
    "מרכז",
    "מגדל",
    "אוניברסיטת",
    "مطار",
    "مستشفى",
    "جامعة",
    "شارع",
    "ميدان",
    "ساحة",
    "حديقة",
    "ملعب",
    "متحف",
    "مسجد",
    "جامع",
    "برج",
    "جسر",
    "فرودگاه",
    "بیمارستان",
    "دانشگاه",
    "خیابان",
    "بلوار",
    "میدان",
    "ورزشگاه",
    "موزه",
    // Thai, Lao, Khmer (often glued to the name).
    "ถนน",
    "ซอย",
    "โรงพยาบาล",
    "มหาวิทยาลัย",
    "ท่าอากาศยาน",
    "สนามบิน",
    "วัด",
    "สะพาน",
    "สถานี",
    "โรค",
    "อนุสาวรีย์",
    "พิพิธภัณฑ์",
    "สนามกีฬา",
    "ຖະໜົນ",
    "ໂຮງໝໍ",
    "ມະຫາວິທະຍາໄລ",
    "ສະໜາມບິນ",
    "ວັດ",
    "ຂົວ",
    "ອະນຸສາວະລີ",
    "ພະຍາດ",
    "ມហាវិថី",
    "មហាវិថី",
    "ផ្លូវ",
    "វិថី",
    "មន្ទីរពេទ្យ",
    "ព្រលានយន្តហោះ",
    "សាកលវិទ្យាល័យ",
    "វត្ត",
    "ជំងឺ",
];

/// Kinds written capitalized before the name, that are ordinary words
/// in lower case (`the project Ana leads`): storms and projects (`Storm
/// Ciarán`, `Hurricane Katrina`, `Project Mayflower`).
const BEFORE_CAPITALIZED: &[&str] = &[
    "storm",
    "hurricane",
    "typhoon",
    "cyclone",
    "tormenta",
    "huracán",
    "tifón",
    "ouragan",
    "tempête",
    "sturm",
    "orkan",
    "project",
    "projekt",
    "projet",
    "proyecto",
    "progetto",
    "operation",
    "codename",
    // Teams and working groups named after people (`Team Curie`, `Guild
    // Kepler`, `Working Group Noether`).
    "team",
    "squad",
    "guild",
    "tribe",
    "crew",
    "group",
    "taskforce",
    "workstream",
    "equipo",
    "équipe",
    "projeto",
];

/// Words that link a kind written first to the name (`Hospital de Sant
/// Pau`, `Uwanja wa Ndege wa …`).
const LINKS_BEFORE: &[&str] = &[
    "de", "del", "della", "di", "da", "do", "dos", "das", "du", "des", "wa", "ya", "la", "cha",
];

/// Words that link a name to a kind written after it (`پارکنسن کی
/// بیماری`, `गांधी का मंदिर`).
const LINKS_AFTER: &[&str] = &["کی", "کا", "के", "का", "की", "এর", "র"];

/// A list as a set, built on first use.
type Set = LazyLock<FxHashSet<&'static str>>;
static AFTER_SET: Set = LazyLock::new(|| AFTER.iter().copied().collect());
static BEFORE_SET: Set = LazyLock::new(|| BEFORE.iter().copied().collect());
static CAPITALIZED_SET: Set = LazyLock::new(|| BEFORE_CAPITALIZED.iter().copied().collect());
static LINKS_BEFORE_SET: Set = LazyLock::new(|| LINKS_BEFORE.iter().copied().collect());
static LINKS_AFTER_SET: Set = LazyLock::new(|| LINKS_AFTER.iter().copied().collect());

/// Whether `word` (folded, a trailing full stop aside) is in `set`.
fn in_list(set: &FxHashSet<&'static str>, word: &str) -> bool {
    let w = word.trim_end_matches('.');
    !w.is_empty() && w.len() <= 64 && with_fold(w, |f| set.contains(f))
}

/// The word of `text` that ends at `end` (after trailing spaces), and
/// where it starts.
fn word_before(text: &str, end: usize) -> Option<(usize, &str)> {
    let t = text[..end].trim_end_matches(' ');
    if t.len() + 1 < end || t.ends_with(['\n', ',', ';', ':', '(', '"']) {
        return None;
    }
    let start = t
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace() || matches!(c, '(' | '"' | ',' | '>' | '['))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &t[start..];
    // A full stop ends a sentence (`admitted to hospital. Maria …`), but
    // for the abbreviations of a kind (`ul.`, `бул.`, `Jl.`).
    if let Some(w) = word.strip_suffix('.')
        && !with_fold(w, |f| ABBREVIATIONS.contains(&f))
    {
        return None;
    }
    (start < t.len()).then_some((start, word))
}

/// Kinds abbreviated with a full stop before the name.
const ABBREVIATIONS: &[&str] = &[
    "ul", "str", "jl", "al", "pl", "bd", "av", "пр", "бул", "ул", "вул", "пл", "רח",
];

/// The word of `text` that starts at `start` (after one space or a
/// hyphen).
fn word_after(text: &str, start: usize) -> Option<(usize, &str)> {
    let t = text[start..].strip_prefix([' ', '-']).or_else(|| {
        text[..start]
            .chars()
            .next_back()
            .filter(|&c| spaceless(c))
            .map(|_| &text[start..])
    })?;
    let from = text.len() - t.len();
    let end = t
        .find(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | ':' | ')' | '"' | '<' | '.' | '(')
        })
        .unwrap_or(t.len());
    (end > 0).then(|| (from + end, &t[..end]))
}

/// Whether a capitalized word is someone's given name or surname
/// (`Calle Andersson`, `Rue Martin`): then it starts the person's name.
fn name_word(word: &str) -> bool {
    word.starts_with(char::is_uppercase)
        && with_fold(word, |f| {
            let i = word_info(f);
            i.given >= 200 || i.surname_rank > 0
        })
}

/// Whether a kind word after a name counts: not capitalized, or
/// capitalized but nobody's name (`Museoa`, not `Park`).
fn kind_after(word: &str) -> bool {
    in_list(&AFTER_SET, word)
        && (!word.starts_with(char::is_uppercase)
            || with_fold(word, |f| {
                let i = word_info(f);
                i.given == 0 && i.surname_rank == 0
            }))
}

/// Whether the name `text[s..e]` is a place's or a disease's by a kind
/// word next to it or inside it.
pub fn named_by_kind(text: &str, s: usize, e: usize) -> bool {
    let name = &text[s..e];
    let mut words = name.split_whitespace();
    let first = words.next().unwrap_or("");
    let last = words.next_back();
    // The kind read as part of the name (`ଜଗନ୍ନାଥ ମନ୍ଦିର`, `Nelson
    // Mandela-plein`, `Flugstöð Leifs Eiríkssonar`).
    if last.is_some_and(|w| {
        kind_after(w) || w.rsplit_once('-').is_some_and(|(_, tail)| kind_after(tail))
    }) || (last.is_some() && in_list(&BEFORE_SET, first) && !name_word(first))
        // (These kinds are ordinary words; a rare surname among them,
        // `Team`, does not make one a person's, but a given name does:
        // `Storm Reid`.)
        || (last.is_some()
            && first.starts_with(char::is_uppercase)
            && in_list(&CAPITALIZED_SET, first)
            && with_fold(first, |f| word_info(f).given == 0))
    {
        return true;
    }
    if word_after(text, e).is_some_and(|(end, w)| {
        kind_after(w)
            || (in_list(&LINKS_AFTER_SET, w)
                && word_after(text, end).is_some_and(|(_, k)| kind_after(k)))
    }) {
        return true;
    }
    // Glued before, in a script without spaces (`โรคพาร์กินสัน`).
    if name.starts_with(spaceless) && BEFORE.iter().any(|k| text[..s].ends_with(k)) {
        return true;
    }
    match word_before(text, s) {
        Some((_, w)) if in_list(&BEFORE_SET, w) => true,
        Some((_, w)) if w.starts_with(char::is_uppercase) && in_list(&CAPITALIZED_SET, w) => true,
        Some((ws, w)) if in_list(&LINKS_BEFORE_SET, w) => {
            word_before(text, ws).is_some_and(|(_, k)| in_list(&BEFORE_SET, k))
        }
        _ => false,
    }
}

/// Drops the names found in free text that a kind word makes a place's
/// or a disease's ([`named_by_kind`]).
pub fn drop_named_places(text: &str, out: &mut Vec<Finding>) {
    out.retain(|f| {
        f.class != Class::Name
            || matches!(f.detector, Detector::NameStructured | Detector::Lexicon)
            || !named_by_kind(text, f.start, f.end)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the name `name` (found in `text`) is a named place's.
    fn by_kind(text: &str, name: &str) -> bool {
        let s = text.find(name).unwrap();
        named_by_kind(text, s, s + name.len())
    }

    #[test]
    fn kinds_after_the_name() {
        assert!(by_kind("Meet at ଜଗନ୍ନାଥ ମନ୍ଦିର tomorrow", "ଜଗନ୍ନାଥ ମନ୍ଦିର"));
        assert!(by_kind("Diagnosis: पार्किन्सन रोग", "पार्किन्सन"));
        assert!(by_kind("Meet at Lennart Meri lennujaam", "Lennart Meri"));
        assert!(by_kind("Krišjāņa Barona iela 12", "Krišjāņa Barona"));
        assert!(by_kind(
            "Meet at Nelson Mandela-plein",
            "Nelson Mandela-plein"
        ));
        assert!(by_kind("Guggenheim Bilbao Museoa", "Guggenheim Bilbao"));
        assert!(by_kind("پارکنسن کی بیماری", "پارکنسن"));
        // A capitalized kind that is a surname is the person's surname.
        assert!(!by_kind("Meet Ana Park tomorrow", "Ana"));
        assert!(!by_kind("Priya Sharma at the park", "Priya Sharma"));
        assert!(!by_kind("Ana Lima will call", "Ana Lima"));
    }

    #[test]
    fn kinds_before_the_name() {
        assert!(by_kind("Address: бул. Васил Левски 12", "Васил Левски"));
        assert!(by_kind("Meet at Lotnisko Chopina", "Chopina"));
        assert!(by_kind(
            "Flight from Flugstöð Leifs Eiríkssonar",
            "Flugstöð Leifs Eiríkssonar"
        ));
        assert!(by_kind("Meet at Hospital de Sant Pau", "Sant Pau"));
        assert!(by_kind(
            "Uwanja wa Ndege wa Julius Nyerere",
            "Julius Nyerere"
        ));
        assert!(by_kind("ผู้ป่วยโรคพาร์กินสัน", "พาร์กินสัน"));
        assert!(by_kind("Delays from Storm Ciarán", "Ciarán"));
        assert!(by_kind("Re: Project Mayflower", "Mayflower"));
        assert!(!by_kind("the project Ana Lima leads", "Ana Lima"));
        assert!(by_kind("Project Hopper: Hope this helps", "Project Hopper"));
        assert!(by_kind("Sync with Team Curie", "Team Curie"));
        assert!(by_kind("Working Group Noether met", "Noether"));
        assert!(by_kind("Working Group Noether met", "Group Noether"));
        assert!(!by_kind("the team Ana Lima leads", "Ana Lima"));
        assert!(!by_kind("Storm Reid starred in it", "Storm Reid"));
        // A linking word alone, or an ordinary word before: a person.
        assert!(!by_kind("a letter de Ana Lima", "Ana Lima"));
        assert!(!by_kind("Called Ana Lima", "Ana Lima"));
        // A sentence's end, a given name or surname that is also a kind,
        // a hyphenated surname.
        assert!(!by_kind(
            "She was admitted to hospital. Maria Lopez called.",
            "Maria Lopez"
        ));
        assert!(!by_kind("Calle Andersson ringde", "Calle Andersson"));
        assert!(!by_kind("Jane Lee-Park called", "Jane Lee-Park"));
        assert!(!named_by_kind("ไทยकी", 0, 9));
    }

    #[test]
    fn structured_names_stay() {
        // Under a person's key the key decides, not the words after.
        let text = "Lennart Meri lennujaam";
        assert!(by_kind(text, "Lennart Meri"));
        let mut out = vec![Finding {
            class: Class::Name,
            start: 0,
            end: 12,
            detector: Detector::NameStructured,
            confidence: 0.9,
            normalized: String::new(),
        }];
        drop_named_places(text, &mut out);
        assert_eq!(out.len(), 1);
    }
}

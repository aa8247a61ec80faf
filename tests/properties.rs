//! Property tests for the tokenizer's round trip and its "never" invariants.

use proptest::prelude::*;
use serde_json::{Value, json};
use sluice::check::norm;
use sluice::pii::{Class, Engine};
use sluice::redact::{Redactor, restore, restore_text};
use sluice::vault::{Source, Vault};

fn engine() -> &'static Engine {
    static E: std::sync::OnceLock<Engine> = std::sync::OnceLock::new();
    E.get_or_init(|| Engine::new(Vec::new()))
}

const GIVEN: &[&str] = &[
    "Maria", "James", "Aisha", "Kenji", "Olga", "Pedro", "Ingrid", "Tomasz", "Fatima", "Lucas",
    "Elena", "Noah", "Amara", "Diego", "Sofia", "Henrik", "Priya", "Mateo", "Yara", "Oscar",
];
const DOMAINS: &[&str] = &[
    "example.com",
    "mail.example.org",
    "corp.example.co.uk",
    "beispiel.de",
    "example.io",
];

fn surname() -> impl Strategy<Value = String> {
    // Pronounceable, capitalized, not an English word (consonant-vowel pairs + a tail).
    ("[bdfgklmnprstvz][aeiou][bdfgklmnprstvz][aeiou][lnrskt]{1,2}(ski|sen|ova|ez|ini|berg)")
        .prop_map(|s| {
            let mut c = s.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
}

fn person() -> impl Strategy<Value = (String, String)> {
    (prop::sample::select(GIVEN), surname()).prop_map(|(g, s)| (g.to_string(), s))
}

fn email() -> impl Strategy<Value = String> {
    (
        "[a-z]{2,8}",
        prop::option::of("[a-z]{2,8}"),
        prop::option::of("[a-z]{2,5}"),
        prop::sample::select(DOMAINS),
    )
        .prop_map(|(a, b, tag, d)| {
            let mut s = a;
            if let Some(b) = b {
                s.push('.');
                s.push_str(&b);
            }
            if let Some(t) = tag {
                s.push('+');
                s.push_str(&t);
            }
            format!("{s}@{d}")
        })
}

fn phone() -> impl Strategy<Value = String> {
    let nanp =
        ("[2-9][0-8][0-9]", "[2-9][0-9]{2}", "[0-9]{4}", 0..4usize).prop_map(|(a, b, c, style)| {
            match style {
                0 => format!("({a}) {b}-{c}"),
                1 => format!("{a}-{b}-{c}"),
                2 => format!("{a}.{b}.{c}"),
                _ => format!("+1 {a} {b} {c}"),
            }
        });
    let uk = "[0-9]{4}".prop_map(|n| format!("+44 20 7946 {n}"));
    let fr = ("[0-9]{2}", "[0-9]{2}").prop_map(|(a, b)| format!("+33 1 23 45 {a} {b}"));
    prop_oneof![nanp, uk, fr]
}

fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

/// Strings that stress the tokenizer: plain text, PII, token-shaped text, JSON in text.
fn leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ -~]{0,40}",
        email(),
        phone(),
        person().prop_map(|(g, s)| format!("Hi {g} {s}, thanks")),
        "\\[_{0,2}(EMAIL|PHONE|NAME|X_Y)_[0-9]{1,3}(_[0-9])?\\]",
        (email(), "[a-z ]{0,10}")
            .prop_map(|(e, t)| format!("{{\"to\": \"{e}\", \"t\": \"{t} [EMAIL_1]\"}}")),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let scalar = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        leaf().prop_map(Value::String),
    ];
    scalar.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![
                        leaf(),
                        Just("name".to_string()),
                        Just("phone".to_string()),
                        Just("email".to_string())
                    ],
                    inner
                ),
                0..6
            )
            .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

fn redact(vault: &mut Vault, doc: &mut Value) {
    let src = Source::new("crm", "search");
    Redactor::new(engine(), vault, Some(&src)).redact(doc);
}

proptest! {
    // 256 cases by default; set PROPTEST_CASES for longer runs.

    /// restore(redact(x)) == x for arbitrary JSON (JSON held in text compares parsed).
    #[test]
    fn round_trip(doc in json_value()) {
        let mut vault = Vault::new().unwrap();
        let mut d = doc.clone();
        redact(&mut vault, &mut d);
        restore(&vault, &mut d).unwrap();
        prop_assert_eq!(norm(&d), norm(&doc));
    }

    /// Plain text round-trips byte for byte.
    #[test]
    fn text_round_trip(text in leaf()) {
        let mut vault = Vault::new().unwrap();
        let red = Redactor::new(engine(), &mut vault, None).redact_text(&text).into_owned();
        prop_assert_eq!(restore_text(&vault, &red).unwrap(), text);
    }

    /// No generated email, phone or name survives redaction, in records or in prose.
    #[test]
    fn no_pii_survives(people in prop::collection::vec((person(), email(), phone()), 1..5), style in 0..3usize) {
        let mut records = vec![];
        for ((g, s), e, p) in &people {
            let rec = match style {
                0 => json!({"first_name": g, "last_name": s, "email": e, "phone": p}),
                1 => json!({"name": format!("{g} {s}"), "contact": {"email": e, "tel": p},
                            "notes": format!("Spoke with {g} {s} on the phone ({p}); mail {e}.")}),
                _ => json!({"content": [{"type": "text", "text": format!("From: {g} {s} <{e}>\n\nHi team,\ncall me on {p}.\n\nBest regards,\n{g}\n")}]}),
            };
            records.push(rec);
        }
        let mut doc = json!({"records": records});
        let mut vault = Vault::new().unwrap();
        redact(&mut vault, &mut doc);
        let out = doc.to_string();
        let out_digits = digits(&out);
        for ((g, s), e, p) in &people {
            prop_assert!(!out.to_lowercase().contains(&e.to_lowercase()), "email {} survived: {}", e, out);
            let d = digits(p);
            prop_assert!(!out_digits.contains(&d[d.len() - 7..]), "phone {} survived: {}", p, out);
            prop_assert!(!out.contains(s.as_str()), "surname {} survived: {}", s, out);
            prop_assert!(!out.contains(&format!("{g} ")) && !out.contains(&format!("\"{g}\"")), "given name {} survived: {}", g, out);
        }
    }

    /// Token-shaped text from a server is never restored to a vault value.
    #[test]
    fn planted_tokens_are_inert(e in email(), n in 1u32..4, esc in 0usize..3) {
        let mut vault = Vault::new().unwrap();
        let planted = format!("[{}EMAIL_{n}]", "_".repeat(esc));
        let mut doc = json!({"a": e, "b": format!("see {planted}")});
        let original = doc.clone();
        redact(&mut vault, &mut doc);
        restore(&vault, &mut doc).unwrap();
        prop_assert_eq!(&doc, &original);
        prop_assert!(!doc["b"].as_str().unwrap().contains(&e));
    }

    /// Unknown, malformed and other sessions' tokens are rejected, and the
    /// error names the token, never a value.
    #[test]
    fn foreign_tokens_rejected(e in email(), n in 2u32..50, junk in "[A-Z]{1,6}") {
        let mut a = Vault::new().unwrap();
        let b = Vault::new().unwrap();
        let t = a.tokenize(&Class::Email, &e, &e.to_lowercase(), None);
        // Other session.
        let err = restore_text(&b, &t.render()).unwrap_err().to_string();
        prop_assert!(err.contains(&t.render()) && !err.contains(&e));
        // Unknown id in this session.
        let unknown = format!("[EMAIL_{n}]");
        prop_assert!(restore_text(&a, &unknown).is_err());
        // Unknown variant and malformed ids.
        prop_assert!(restore_text(&a, "[EMAIL_1_9]").is_err());
        prop_assert!(restore_text(&a, "[EMAIL_0]").is_err());
        let custom = format!("[{junk}_{n}]");
        let r = restore_text(&a, &custom);
        prop_assert!(r.is_err());
        prop_assert!(!r.unwrap_err().to_string().contains(&e));
    }

    /// The same value always gets the same token within a session, whatever
    /// its case or phone formatting, and restores to the form it had.
    #[test]
    fn same_value_same_token(local in "[a-z]{3,8}", d in prop::sample::select(DOMAINS)) {
        let mut vault = Vault::new().unwrap();
        let lower = format!("{local}@{d}");
        let upper = lower.to_uppercase();
        let mut doc = json!([lower.clone(), upper.clone(), lower.clone()]);
        redact(&mut vault, &mut doc);
        let a = doc[0].as_str().unwrap().to_string();
        let b = doc[1].as_str().unwrap().to_string();
        prop_assert_eq!(&doc[2], &doc[0]);
        prop_assert!(b.starts_with(a.trim_end_matches(']')), "{} vs {}", a, b);
        restore(&vault, &mut doc).unwrap();
        prop_assert_eq!(doc, json!([lower, upper, format!("{local}@{d}")]));
    }
}

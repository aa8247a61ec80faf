//! Data classes: what kind of personal data a finding or a token holds.

use std::fmt;
use std::sync::Arc;

/// A class of personal data. `Email`, `Phone` and `Name` are built in; every
/// custom lexicon under `rules/lexicons/` is a class of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    Email,
    Phone,
    Name,
    /// A custom lexicon class; the label is upper-case ASCII (`PROJECT`, `EMPLOYEE`).
    Custom(Arc<str>),
}

impl Class {
    /// The label used inside tokens: `EMAIL`, `PHONE`, `NAME`, or the custom label.
    pub fn label(&self) -> &str {
        match self {
            Class::Email => "EMAIL",
            Class::Phone => "PHONE",
            Class::Name => "NAME",
            Class::Custom(label) => label,
        }
    }

    /// The lower-case name used in rule files and `scan` output.
    pub fn rule_name(&self) -> String {
        self.label().to_ascii_lowercase()
    }

    /// Parses a token label. Any label that is a valid class label is accepted,
    /// so that tokens of lexicon classes round-trip through a vault file.
    pub fn from_label(label: &str) -> Option<Class> {
        match label {
            "EMAIL" => Some(Class::Email),
            "PHONE" => Some(Class::Phone),
            "NAME" => Some(Class::Name),
            other if is_valid_label(other) => Some(Class::Custom(Arc::from(other))),
            _ => None,
        }
    }
}

/// A class label: upper-case ASCII letters and digits in `_`-separated
/// segments, each segment starting with a letter (so that the token grammar
/// `[LABEL_N]` stays unambiguous).
pub fn is_valid_label(label: &str) -> bool {
    !label.is_empty()
        && label.split('_').all(|seg| {
            let mut chars = seg.chars();
            matches!(chars.next(), Some('A'..='Z'))
                && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        })
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl serde::Serialize for Class {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.label())
    }
}

impl<'de> serde::Deserialize<'de> for Class {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Class::from_label(&s).ok_or_else(|| serde::de::Error::custom("invalid class label"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        for c in [
            Class::Email,
            Class::Phone,
            Class::Name,
            Class::Custom("PROJECT_CODE".into()),
        ] {
            assert_eq!(Class::from_label(c.label()), Some(c));
        }
    }

    #[test]
    fn invalid_labels() {
        for l in ["", "email", "A__B", "_A", "A_1", "1A", "A-B"] {
            assert!(!is_valid_label(l), "{l}");
        }
    }
}

//! Phone numbers, parsed with libphonenumber's rules (the `phonenumber` crate) and kept in E.164.
//! Indonesian numbers may be written nationally (`0812…`); other countries need their `+` prefix.

use phonenumber::country::Id as Country;
use phonenumber::Mode;

/// A valid phone number in E.164 form, e.g. `+6281234567890`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    /// Parses and normalises; `None` when it is not a valid number.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        if text.is_empty() || text.len() > 32 {
            return None;
        }
        let number = phonenumber::parse(Some(Country::ID), text).ok()?;
        if !phonenumber::is_valid(&number) {
            return None;
        }
        Some(Self(number.format().mode(Mode::E164).to_string()))
    }

    /// Wraps a number already stored in E.164.
    pub fn from_e164(stored: String) -> Self {
        Self(stored)
    }

    /// The E.164 text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number with all but the last four digits hidden, for messages and logs.
    pub fn masked(&self) -> String {
        let digits: Vec<char> = self.0.chars().collect();
        let keep = digits.len().saturating_sub(4);
        digits.iter().enumerate().map(|(i, c)| if i >= 3 && i < keep { '*' } else { *c }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indonesian_numbers_are_normalised_to_e164_from_any_usual_form() {
        for text in ["081234567890", "+6281234567890", "6281234567890", "0812-3456-7890", "+62 812 3456 7890"] {
            assert_eq!(Phone::parse(text).map(|p| p.0), Some("+6281234567890".into()), "{text}");
        }
    }

    #[test]
    fn other_countries_need_their_prefix() {
        assert_eq!(Phone::parse("+6591234567").map(|p| p.0), Some("+6591234567".into()));
    }

    #[test]
    fn invalid_numbers_are_refused() {
        for text in ["", "12", "abc", "0812", "+62 000 0000", &"9".repeat(40)] {
            assert!(Phone::parse(text).is_none(), "{text}");
        }
    }

    #[test]
    fn masking_keeps_the_country_code_and_last_four_digits() {
        assert_eq!(Phone::parse("081234567890").unwrap().masked(), "+62*******7890");
    }
}

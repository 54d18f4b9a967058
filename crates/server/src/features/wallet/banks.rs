//! The Indonesian banks a user can cash out to, with the length of their account numbers (digits
//! only; each bank issues numbers of fixed length, a few of two lengths).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::Data;

/// A bank as listed.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bank {
    /// Stable code, e.g. `BCA`.
    #[schema(format = "bank-code")]
    pub code: String,
    /// Display name.
    pub name: String,
}

/// A bank and its account-number lengths.
#[derive(Debug)]
pub struct BankInfo {
    /// Stable code.
    pub code: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Shortest account number, digits.
    pub digits_min: usize,
    /// Longest account number, digits.
    pub digits_max: usize,
}

const fn bank(code: &'static str, name: &'static str, digits_min: usize, digits_max: usize) -> BankInfo {
    BankInfo { code, name, digits_min, digits_max }
}

/// The major Indonesian banks, in the order the web app lists them.
pub const BANKS: [BankInfo; 14] = [
    bank("BCA", "Bank Central Asia (BCA)", 10, 10),
    bank("BRI", "Bank Rakyat Indonesia (BRI)", 15, 15),
    bank("BNI", "Bank Negara Indonesia (BNI)", 10, 10),
    bank("MANDIRI", "Bank Mandiri", 13, 13),
    bank("CIMB", "CIMB Niaga", 13, 14),
    bank("PERMATA", "Bank Permata", 10, 10),
    bank("BSI", "Bank Syariah Indonesia (BSI)", 10, 10),
    bank("DANAMON", "Bank Danamon", 10, 10),
    bank("BTN", "Bank Tabungan Negara (BTN)", 16, 16),
    bank("OCBC", "OCBC NISP", 12, 12),
    bank("MAYBANK", "Maybank Indonesia", 10, 10),
    bank("PANIN", "Panin Bank", 10, 10),
    bank("JAGO", "Bank Jago", 12, 12),
    bank("SEABANK", "SeaBank Indonesia", 12, 12),
];

/// The bank with this code.
pub fn find(code: &str) -> Option<&'static BankInfo> {
    BANKS.iter().find(|b| b.code == code)
}

impl BankInfo {
    /// Whether `number` is all digits of a length this bank issues.
    pub fn accepts(&self, number: &str) -> bool {
        (self.digits_min..=self.digits_max).contains(&number.len()) && number.bytes().all(|b| b.is_ascii_digit())
    }
}

/// The banks a user can add an account at.
#[utoipa::path(get, path = "/v1/wallet/banks", tag = "wallet", responses((status = 200, body = Data<Vec<Bank>>)))]
pub async fn list() -> Data<Vec<Bank>> {
    Data::new(BANKS.iter().map(|b| Bank { code: b.code.into(), name: b.name.into() }).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_numbers_are_digits_of_the_banks_length() {
        let bca = find("BCA").unwrap();
        assert!(bca.accepts("1234567890"));
        assert!(!bca.accepts("123456789"));
        assert!(!bca.accepts("12345678901"));
        assert!(!bca.accepts("12345abc90"));
        assert!(!bca.accepts("+234567890"));
        let cimb = find("CIMB").unwrap();
        assert!(cimb.accepts("1234567890123") && cimb.accepts("12345678901234"));
    }

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = BANKS.iter().map(|b| b.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), BANKS.len());
    }
}

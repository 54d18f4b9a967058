//! Checks of an identity submission before it reaches the verifier: the NIK (Nomor Induk
//! Kependudukan) must be plausible for the birth date given, and the KTP fields must be filled.
//!
//! A NIK is 16 digits: province (2, 11..=94), regency (2), district (2), birth day (2; women add
//! 40), birth month (2), birth year (2), serial (4). It has no check digit, so "checksum-plausible"
//! means every segment is in range and agrees with the birth date on the form.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use chrono::{Datelike, NaiveDate};

/// Youngest age at which a KTP is issued.
pub const KTP_MIN_AGE_YEARS: i32 = 17;
/// Longest name, place and address in characters.
pub const NAME_CHARS_MAX: usize = 100;
/// Longest place of birth in characters.
pub const PLACE_CHARS_MAX: usize = 60;
/// Longest address in characters.
pub const ADDRESS_CHARS_MAX: usize = 200;
/// Largest photo accepted, in bytes after decoding.
pub const PHOTO_BYTES_MAX: usize = 512 * 1024;
/// Largest submission body: two photos in base64 (4 characters per 3 bytes) and the text fields.
pub const SUBMISSION_BYTES_MAX: usize = 2 * (PHOTO_BYTES_MAX.div_ceil(3) * 4) + 16 * 1024;
const _: () = assert!(SUBMISSION_BYTES_MAX <= crate::api::UPLOAD_BYTES_MAX, "two photos must fit an upload");

/// Which field is wrong; the caller maps it to a localised message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormError {
    /// The NIK is not 16 digits or a segment is out of range.
    Nik,
    /// The NIK's birth segment does not match the birth date.
    NikBirthMismatch,
    /// The name is empty, too long or has characters a KTP does not print.
    FullName,
    /// The birth date is not a date, in the future, or too recent for a KTP.
    BirthDate,
    /// The place of birth is empty or too long.
    BirthPlace,
    /// The address is empty or too long.
    Address,
    /// A photo is not a base64 JPEG or PNG within the size limit.
    Photo,
}

/// Parses `YYYY-MM-DD` and checks the holder is old enough for a KTP on `today`.
pub fn birth_date(text: &str, today: NaiveDate) -> Result<NaiveDate, FormError> {
    let date = NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| FormError::BirthDate)?;
    let years = today.years_since(date).ok_or(FormError::BirthDate)?;
    if (years as i32) < KTP_MIN_AGE_YEARS || date.year() < 1900 {
        return Err(FormError::BirthDate);
    }
    Ok(date)
}

/// Checks a NIK's shape and that it encodes `born`.
pub fn nik(text: &str, born: NaiveDate) -> Result<String, FormError> {
    let nik: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if nik.len() != 16 || !nik.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FormError::Nik);
    }
    let part = |from: usize| -> u32 { nik[from..from + 2].parse().unwrap_or(0) };
    let (province, regency, district) = (part(0), part(2), part(4));
    if !(11..=94).contains(&province) || regency == 0 || district == 0 {
        return Err(FormError::Nik);
    }
    let (day, month, year) = (part(6), part(8), part(10));
    let day = if day > 40 { day - 40 } else { day };
    if !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return Err(FormError::Nik);
    }
    if day != born.day() || month != born.month() || year != (born.year() % 100) as u32 {
        return Err(FormError::NikBirthMismatch);
    }
    Ok(nik)
}

/// Trims `text` and checks it has 2..=`max` characters.
pub fn text(text: &str, max: usize, error: FormError) -> Result<String, FormError> {
    let trimmed = text.trim();
    let chars = trimmed.chars().count();
    if chars < 2 || chars > max || trimmed.chars().any(char::is_control) {
        return Err(error);
    }
    Ok(trimmed.to_string())
}

/// The name as printed on a KTP: letters, spaces and `.,'-`, upper-cased as the KTP prints it.
pub fn full_name(name: &str) -> Result<String, FormError> {
    let name = text(name, NAME_CHARS_MAX, FormError::FullName)?;
    if !name.chars().all(|c| c.is_alphabetic() || matches!(c, ' ' | '.' | ',' | '\'' | '-')) {
        return Err(FormError::FullName);
    }
    Ok(name.split_whitespace().collect::<Vec<_>>().join(" ").to_uppercase())
}

/// A checked photo: the decoded bytes and their type.
#[derive(Debug, PartialEq, Eq)]
pub struct Photo {
    /// The image.
    pub bytes: Vec<u8>,
    /// `image/jpeg` or `image/png`, from the bytes themselves, never from the client.
    pub content_type: &'static str,
}

/// An optional photo: base64 of a JPEG or PNG, at most `PHOTO_BYTES_MAX` bytes.
pub fn photo(data: Option<&str>) -> Result<Option<Photo>, FormError> {
    let Some(data) = data.map(str::trim).filter(|d| !d.is_empty()) else { return Ok(None) };
    // Reject before decoding anything huge: base64 is 4 characters per 3 bytes.
    if data.len() > PHOTO_BYTES_MAX / 3 * 4 + 4 {
        return Err(FormError::Photo);
    }
    let bytes = STANDARD.decode(data).map_err(|_| FormError::Photo)?;
    let content_type = if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        "image/jpeg"
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G']) {
        "image/png"
    } else {
        return Err(FormError::Photo);
    };
    if bytes.len() > PHOTO_BYTES_MAX {
        return Err(FormError::Photo);
    }
    Ok(Some(Photo { bytes, content_type }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_nik_must_encode_the_birth_date_with_forty_added_for_women() {
        let born = day("1990-05-12");
        assert_eq!(nik("3171011205900001", born), Ok("3171011205900001".into()));
        assert_eq!(nik("3171 0152 0590 0001", born), Ok("3171015205900001".into()));
        assert_eq!(nik("3171011305900001", born), Err(FormError::NikBirthMismatch));
        assert_eq!(nik("3171011205910001", born), Err(FormError::NikBirthMismatch));
    }

    #[test]
    fn a_nik_with_a_bad_shape_or_segment_is_refused() {
        let born = day("1990-05-12");
        for bad in ["317101120590000", "31710112059000011", "31710112059000a1", "0171011205900001", "3100011205900001"]
        {
            assert_eq!(nik(bad, born), Err(FormError::Nik), "{bad}");
        }
        assert_eq!(nik("3171013213900001", born), Err(FormError::Nik));
    }

    #[test]
    fn the_holder_must_be_old_enough_for_a_ktp() {
        let today = day("2026-11-22");
        assert!(birth_date("2009-11-22", today).is_ok());
        assert_eq!(birth_date("2009-11-23", today), Err(FormError::BirthDate));
        assert_eq!(birth_date("1990-02-30", today), Err(FormError::BirthDate));
        assert_eq!(birth_date("yesterday", today), Err(FormError::BirthDate));
    }

    #[test]
    fn names_are_normalised_and_photos_must_be_images() {
        assert_eq!(full_name("  Siti   Nur'aini "), Ok("SITI NUR'AINI".into()));
        assert_eq!(full_name("R2D2"), Err(FormError::FullName));
        assert_eq!(photo(None), Ok(None));
        assert!(photo(Some(&STANDARD.encode([0xFF, 0xD8, 0xFF, 0xE0, 1, 2]))).unwrap().is_some());
        assert_eq!(photo(Some(&STANDARD.encode(b"GIF89a"))), Err(FormError::Photo));
        assert_eq!(photo(Some("not base64!")), Err(FormError::Photo));
    }
}

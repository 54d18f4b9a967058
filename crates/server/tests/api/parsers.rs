//! Fuzz bodies of the parsers that read what a user types (issue 14): amounts and prices, phone
//! numbers, the KTP form (NIK, name, birth date, photo), PINs and e-mail addresses, and the server's
//! own reading of a JSON body (`api::unique_keys`). Each takes any
//! bytes, must not panic, and what it accepts must keep its promise. The stable run in `make test`
//! is `parser_fuzz`; the coverage-guided run of the same bodies is `crates/server/fuzz`.

use chrono::NaiveDate;
use domain::precision::parse_input;
use domain::price_text::parse_price_text;
use domain::{Locale, MinorUnits, Scale};
use rust_decimal::Decimal;
use server::api::unique_keys;
use server::features::identity::email::EmailAddress;
use server::features::identity::kyc_form;
use server::features::identity::phone::Phone;
use server::features::identity::pin::Pin;
use server::features::orders::input::units;
use server::features::perps::margin::parse_usdt;

/// The first byte picks the decimal places, the rest is the typed text.
pub fn amounts(data: &[u8]) {
    let Some((&places, rest)) = data.split_first() else { return };
    let places = u32::from(places) % (Scale::MAX_DECIMAL_PLACES + 1);
    let text = String::from_utf8_lossy(rest);
    if let Ok(count) = units("amount", &text, places) {
        assert!(count > 0 && count < 1 << 50, "{text:?} → {count}");
        let back = Decimal::new(count, places).to_string();
        assert_eq!(units("amount", &back, places).ok(), Some(count), "{back} reads back");
    }
    if let Ok(value) = parse_input(&text, places) {
        assert!(value >= Decimal::ZERO && value.scale() <= places, "{text:?} → {value}");
    }
    let scale = Scale::new(places).expect("a scale up to the maximum");
    if let Ok(amount) = MinorUnits::parse_positive(&text, scale) {
        assert!(amount.count() > 0, "{text:?}");
        let back = amount.to_decimal().to_string();
        assert_eq!(MinorUnits::parse_positive(&back, scale).ok(), Some(amount), "{back} reads back");
    }
    for locale in [Locale::Id, Locale::En] {
        let _ = parse_price_text(&text, locale);
    }
    match parse_usdt(&text) {
        Ok(micro) => assert!(micro > 0, "{text:?} → {micro}"),
        Err(error) => assert!(error.status.is_client_error(), "{text:?} → {}", error.status),
    }
}

/// Any text as a phone number.
pub fn phone(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Some(phone) = Phone::parse(&text) else { return };
    let e164 = phone.as_str();
    assert!(e164.starts_with('+') && e164.len() > 1 && e164[1..].bytes().all(|b| b.is_ascii_digit()), "{e164}");
    assert_eq!(Phone::parse(e164).as_ref(), Some(&phone), "E.164 reads back to itself");
    let masked = phone.masked();
    assert_eq!(masked.len(), e164.len());
    let hidden = e164.len().saturating_sub(4);
    assert!(masked.bytes().enumerate().all(|(i, b)| !(3..hidden).contains(&i) || b == b'*'), "{masked}");
}

/// Fields separated by `|`: NIK, full name, birth date, photo, PIN, e-mail.
pub fn identity_form(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut fields = text.split('|');
    let mut next = || fields.next().unwrap_or("");
    let (nik_text, name, birth, photo, pin, email) = (next(), next(), next(), next(), next(), next());
    let today = NaiveDate::from_ymd_opt(2026, 11, 24).expect("a date");
    let known_birthday = NaiveDate::from_ymd_opt(1990, 5, 12).expect("a date");
    let born = kyc_form::birth_date(birth, today).ok();
    if let Some(born) = born {
        assert!(born < today, "{birth:?}");
    }
    for born in [born, Some(known_birthday)].into_iter().flatten() {
        if let Ok(nik) = kyc_form::nik(nik_text, born) {
            assert!(nik.len() == 16 && nik.bytes().all(|b| b.is_ascii_digit()), "{nik:?}");
        }
    }
    if let Ok(name) = kyc_form::full_name(name) {
        assert!(name.chars().count() >= 2 && !name.chars().any(char::is_control), "{name:?}");
        assert_eq!(name, name.to_uppercase());
    }
    if let Ok(Some(photo)) = kyc_form::photo(Some(photo)) {
        assert!(matches!(photo.content_type, "image/jpeg" | "image/png") && !photo.bytes.is_empty());
    }
    if Pin::parse_new(pin).is_ok() {
        assert!(Pin::parse(pin).is_ok(), "a new PIN is also a PIN: {pin:?}");
    }
    if let Some(address) = EmailAddress::parse(email) {
        assert_eq!(EmailAddress::parse(address.as_str()).as_ref(), Some(&address), "{email:?}");
    }
}

/// Any bytes as a JSON body read with repeated keys refused: what it accepts, serde_json reads to the
/// same value; what serde_json refuses, it refuses too.
pub fn json_body(data: &[u8]) {
    let strict = unique_keys::parse(data);
    let loose = serde_json::from_slice::<serde_json::Value>(data).ok();
    match (strict, loose) {
        (Some(strict), Some(loose)) => assert_eq!(strict, loose, "{:?}", String::from_utf8_lossy(data)),
        (Some(strict), None) => panic!("{strict} accepted where serde_json refuses"),
        (None, _) => {}
    }
}

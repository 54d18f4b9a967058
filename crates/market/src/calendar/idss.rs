//! Indonesia Stock Exchange (IDX) holidays.
//!
//! Source: the joint ministerial decrees (SKB 3 Menteri) on national holidays and collective leave
//! (cuti bersama) for 2025 and 2026, which the IDX adopts as its exchange holidays, plus the IDX's own
//! year-end closing on 31 December. The 2027 list is provisional (built from the Hijri and Chinese
//! calendars ahead of the decree) and must be checked against the IDX trading calendar when it is
//! published. Outside 2025–2027 only the fixed-date holidays, Good Friday and Ascension Day are known,
//! which is enough for simulated history.

use chrono::{Datelike, Duration, NaiveDate, Weekday};

use super::us::easter_sunday;

/// Weekday exchange holidays for 2025–2027 as (year, month, day, name).
const IDX_HOLIDAYS: &[(i32, u32, u32, &str)] = &[
    (2025, 1, 1, "Tahun Baru Masehi"),
    (2025, 1, 27, "Isra Mikraj"),
    (2025, 1, 28, "Cuti bersama Tahun Baru Imlek"),
    (2025, 1, 29, "Tahun Baru Imlek"),
    (2025, 3, 28, "Cuti bersama Nyepi"),
    (2025, 3, 31, "Idul Fitri"),
    (2025, 4, 1, "Idul Fitri"),
    (2025, 4, 2, "Cuti bersama Idul Fitri"),
    (2025, 4, 3, "Cuti bersama Idul Fitri"),
    (2025, 4, 4, "Cuti bersama Idul Fitri"),
    (2025, 4, 7, "Cuti bersama Idul Fitri"),
    (2025, 4, 18, "Wafat Yesus Kristus"),
    (2025, 5, 1, "Hari Buruh"),
    (2025, 5, 12, "Waisak"),
    (2025, 5, 13, "Cuti bersama Waisak"),
    (2025, 5, 29, "Kenaikan Yesus Kristus"),
    (2025, 5, 30, "Cuti bersama Kenaikan Yesus Kristus"),
    (2025, 6, 6, "Idul Adha"),
    (2025, 6, 9, "Cuti bersama Idul Adha"),
    (2025, 6, 27, "Tahun Baru Islam"),
    (2025, 8, 18, "Cuti bersama Hari Kemerdekaan"),
    (2025, 9, 5, "Maulid Nabi Muhammad"),
    (2025, 12, 25, "Natal"),
    (2025, 12, 26, "Cuti bersama Natal"),
    (2025, 12, 31, "Libur bursa akhir tahun"),
    (2026, 1, 1, "Tahun Baru Masehi"),
    (2026, 1, 16, "Isra Mikraj"),
    (2026, 2, 16, "Cuti bersama Tahun Baru Imlek"),
    (2026, 2, 17, "Tahun Baru Imlek"),
    (2026, 3, 18, "Cuti bersama Nyepi"),
    (2026, 3, 19, "Nyepi"),
    (2026, 3, 20, "Idul Fitri"),
    (2026, 3, 23, "Cuti bersama Idul Fitri"),
    (2026, 3, 24, "Cuti bersama Idul Fitri"),
    (2026, 4, 3, "Wafat Yesus Kristus"),
    (2026, 5, 1, "Hari Buruh"),
    (2026, 5, 14, "Kenaikan Yesus Kristus"),
    (2026, 5, 15, "Cuti bersama Kenaikan Yesus Kristus"),
    (2026, 5, 27, "Idul Adha"),
    (2026, 5, 28, "Cuti bersama Idul Adha"),
    (2026, 6, 1, "Hari Lahir Pancasila"),
    (2026, 6, 16, "Tahun Baru Islam"),
    (2026, 8, 17, "Hari Kemerdekaan"),
    (2026, 8, 25, "Maulid Nabi Muhammad"),
    (2026, 12, 24, "Cuti bersama Natal"),
    (2026, 12, 25, "Natal"),
    (2026, 12, 31, "Libur bursa akhir tahun"),
    (2027, 1, 1, "Tahun Baru Masehi"),
    (2027, 1, 6, "Isra Mikraj (provisional)"),
    (2027, 3, 8, "Nyepi (provisional)"),
    (2027, 3, 9, "Cuti bersama Idul Fitri (provisional)"),
    (2027, 3, 10, "Idul Fitri (provisional)"),
    (2027, 3, 11, "Idul Fitri (provisional)"),
    (2027, 3, 12, "Cuti bersama Idul Fitri (provisional)"),
    (2027, 3, 26, "Wafat Yesus Kristus"),
    (2027, 5, 6, "Kenaikan Yesus Kristus"),
    (2027, 5, 7, "Cuti bersama Kenaikan Yesus Kristus (provisional)"),
    (2027, 5, 17, "Idul Adha (provisional)"),
    (2027, 5, 20, "Waisak (provisional)"),
    (2027, 6, 1, "Hari Lahir Pancasila"),
    (2027, 8, 17, "Hari Kemerdekaan"),
    (2027, 12, 24, "Cuti bersama Natal (provisional)"),
    (2027, 12, 31, "Libur bursa akhir tahun"),
];

/// First and last year covered by the decree table.
pub const TABLE_YEARS: (i32, i32) = (2025, 2027);

/// The IDX holiday falling on a weekday `date`, if any.
pub fn holiday_name(date: NaiveDate) -> Option<&'static str> {
    let (y, m, d) = (date.year(), date.month(), date.day());
    if (TABLE_YEARS.0..=TABLE_YEARS.1).contains(&y) {
        return IDX_HOLIDAYS.iter().find(|(hy, hm, hd, _)| (*hy, *hm, *hd) == (y, m, d)).map(|(_, _, _, n)| *n);
    }
    let easter = easter_sunday(y);
    match (m, d) {
        (1, 1) => Some("Tahun Baru Masehi"),
        (5, 1) => Some("Hari Buruh"),
        (6, 1) if y >= 2017 => Some("Hari Lahir Pancasila"),
        (8, 17) => Some("Hari Kemerdekaan"),
        (12, 25) => Some("Natal"),
        (12, 31) => Some("Libur bursa akhir tahun"),
        _ if date == easter - Duration::days(2) => Some("Wafat Yesus Kristus"),
        _ if date == easter + Duration::days(39) => Some("Kenaikan Yesus Kristus"),
        _ => None,
    }
}

/// Whether the IDX is closed all day on `date` (weekend or holiday).
pub fn is_closed(date: NaiveDate) -> bool {
    matches!(date.weekday(), Weekday::Sat | Weekday::Sun) || holiday_name(date).is_some()
}

/// Every weekday holiday of a year that the table (or the fallback rules) knows.
pub fn idx_holidays(year: i32) -> Vec<(NaiveDate, &'static str)> {
    let mut date = NaiveDate::from_ymd_opt(year, 1, 1).expect("valid year");
    let mut out = Vec::new();
    while date.year() == year {
        if !matches!(date.weekday(), Weekday::Sat | Weekday::Sun) {
            if let Some(name) = holiday_name(date) {
                out.push((date, name));
            }
        }
        date += Duration::days(1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_holiday_table_holds_only_weekdays_in_order() {
        let mut prev = None;
        for (y, m, d, name) in IDX_HOLIDAYS {
            let date = NaiveDate::from_ymd_opt(*y, *m, *d).expect(name);
            assert!(date.weekday().num_days_from_monday() < 5, "{date} {name} is a weekend");
            assert!(prev < Some(date), "{date} out of order");
            prev = Some(date);
        }
    }

    #[test]
    fn r9_08_idx_is_closed_on_idul_fitri_2026_and_open_the_week_after() {
        let d = |m, day| NaiveDate::from_ymd_opt(2026, m, day).unwrap();
        assert!(is_closed(d(3, 20)));
        assert!(is_closed(d(3, 24)));
        assert!(!is_closed(d(3, 25)));
        assert!(is_closed(d(12, 31)));
        assert_eq!(idx_holidays(2026).len(), 22);
    }
}

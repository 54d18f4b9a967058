//! NYSE holidays and early closes, computed for any year from the exchange's published rules.
//!
//! Rules (NYSE Rule 7.2 and its holiday announcements): a holiday on Saturday is observed the Friday
//! before, on Sunday the Monday after, except New Year's Day on a Saturday, which is not observed on
//! the preceding 31 December. Juneteenth is a holiday from 2022. Early closes (13:00 New York) fall on
//! 3 July (when a Monday–Thursday), the day after Thanksgiving and 24 December (Monday–Thursday).
//! One-off closures (national days of mourning, weather) are not modelled.

use chrono::{Datelike, Duration, NaiveDate, Weekday};

/// Easter Sunday (Gregorian) by the anonymous computus (Meeus/Jones/Butcher).
pub fn easter_sunday(year: i32) -> NaiveDate {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(year, month as u32, day as u32).expect("computus yields a real date")
}

/// The `n`-th (1-based) given weekday of a month.
fn nth_weekday(year: i32, month: u32, weekday: Weekday, n: u8) -> NaiveDate {
    NaiveDate::from_weekday_of_month_opt(year, month, weekday, n).expect("n-th weekday exists")
}

/// The last given weekday of a month.
fn last_weekday(year: i32, month: u32, weekday: Weekday) -> NaiveDate {
    let first_next =
        if month == 12 { NaiveDate::from_ymd_opt(year + 1, 1, 1) } else { NaiveDate::from_ymd_opt(year, month + 1, 1) }
            .expect("valid month");
    let mut d = first_next - Duration::days(1);
    while d.weekday() != weekday {
        d -= Duration::days(1);
    }
    d
}

/// A fixed-date holiday moved to its observed weekday.
fn observed(date: NaiveDate) -> NaiveDate {
    match date.weekday() {
        Weekday::Sat => date - Duration::days(1),
        Weekday::Sun => date + Duration::days(1),
        _ => date,
    }
}

/// Every NYSE full-day holiday of a year, in date order, with its English name.
pub fn nyse_holidays(year: i32) -> Vec<(NaiveDate, &'static str)> {
    let ymd = |m, d| NaiveDate::from_ymd_opt(year, m, d).expect("valid date");
    let mut days = Vec::with_capacity(10);
    let new_year = ymd(1, 1);
    if new_year.weekday() != Weekday::Sat {
        days.push((observed(new_year), "New Year's Day"));
    }
    days.push((nth_weekday(year, 1, Weekday::Mon, 3), "Martin Luther King Jr. Day"));
    days.push((nth_weekday(year, 2, Weekday::Mon, 3), "Washington's Birthday"));
    days.push((easter_sunday(year) - Duration::days(2), "Good Friday"));
    days.push((last_weekday(year, 5, Weekday::Mon), "Memorial Day"));
    if year >= 2022 {
        days.push((observed(ymd(6, 19)), "Juneteenth National Independence Day"));
    }
    days.push((observed(ymd(7, 4)), "Independence Day"));
    days.push((nth_weekday(year, 9, Weekday::Mon, 1), "Labor Day"));
    days.push((nth_weekday(year, 11, Weekday::Thu, 4), "Thanksgiving Day"));
    days.push((observed(ymd(12, 25)), "Christmas Day"));
    days.sort();
    days
}

/// The NYSE holiday falling on `date`, if any.
pub fn holiday_name(date: NaiveDate) -> Option<&'static str> {
    // Only the dates near the year's edges can belong to a neighbouring year's observance rule
    // (31 Dec is never observed for New Year, so this year's list suffices).
    nyse_holidays(date.year()).into_iter().find(|(d, _)| *d == date).map(|(_, n)| n)
}

/// Whether the NYSE is closed all day on `date` (weekend or holiday).
pub fn is_closed(date: NaiveDate) -> bool {
    matches!(date.weekday(), Weekday::Sat | Weekday::Sun) || holiday_name(date).is_some()
}

/// Whether `date` is an NYSE early close (regular session ends 13:00, post-market 17:00).
pub fn is_early_close(date: NaiveDate) -> bool {
    if is_closed(date) {
        return false;
    }
    let mon_to_thu = date.weekday().num_days_from_monday() <= 3;
    let (m, d) = (date.month(), date.day());
    let day_after_thanksgiving = nth_weekday(date.year(), 11, Weekday::Thu, 4) + Duration::days(1);
    (m == 7 && d == 3 && mon_to_thu) || (m == 12 && d == 24 && mon_to_thu) || date == day_after_thanksgiving
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn easter_matches_known_dates() {
        assert_eq!(easter_sunday(2024), d(2024, 3, 31));
        assert_eq!(easter_sunday(2025), d(2025, 4, 20));
        assert_eq!(easter_sunday(2026), d(2026, 4, 5));
        assert_eq!(easter_sunday(2027), d(2027, 3, 28));
        assert_eq!(easter_sunday(2038), d(2038, 4, 25));
    }

    #[test]
    fn r9_08_nyse_2026_holidays_match_the_published_calendar() {
        let got: Vec<NaiveDate> = nyse_holidays(2026).into_iter().map(|(d, _)| d).collect();
        let want = vec![
            d(2026, 1, 1),
            d(2026, 1, 19),
            d(2026, 2, 16),
            d(2026, 4, 3),
            d(2026, 5, 25),
            d(2026, 6, 19),
            d(2026, 7, 3),
            d(2026, 9, 7),
            d(2026, 11, 26),
            d(2026, 12, 25),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn saturday_new_year_is_not_observed_on_the_friday_before() {
        // 1 Jan 2022 was a Saturday; NYSE traded on 31 Dec 2021.
        assert!(!is_closed(d(2021, 12, 31)));
        assert!(nyse_holidays(2022).iter().all(|(d, _)| d.month() != 1 || d.day() != 1));
    }

    #[test]
    fn sunday_holidays_are_observed_on_monday() {
        // Juneteenth 2022 was a Sunday, Christmas 2022 a Sunday.
        assert_eq!(holiday_name(d(2022, 6, 20)), Some("Juneteenth National Independence Day"));
        assert_eq!(holiday_name(d(2022, 12, 26)), Some("Christmas Day"));
    }

    #[test]
    fn early_closes_fall_on_the_eves() {
        assert!(is_early_close(d(2026, 11, 27)));
        assert!(is_early_close(d(2026, 12, 24)));
        assert!(is_early_close(d(2025, 7, 3)));
        // 3 July 2026 is the observed Independence Day, a full holiday.
        assert!(!is_early_close(d(2026, 7, 3)));
        assert!(!is_early_close(d(2026, 7, 2)));
    }
}

//! USD yield: onboarding (rate, how interest accrues, terms), opt-in and opt-out for users verified
//! for US stocks (gssKycStatus VERIFIED, R6.03), and the daily accrual job.
//!
//! Interest for a Jakarta calendar day D = floor(closing balance of the paln bucket at the end of D ×
//! annual rate ÷ 365), in micro-dollars. The closing balance is the sum of the bucket's postings up to
//! the end of D, so interest already credited earns interest the next day (daily compounding) and a
//! late run computes the same amount as a punctual one. Each credit is one ledger entry
//! (reason USD_INTEREST): `house:USD_INTEREST_EXPENSE:USD` −x, the user's paln +x, in the same
//! transaction as the accrual row whose unique (user, day) makes the job run at most once per user
//! per day however often, on however many nodes, and across restarts.

use axum::extract::State;
use chrono::{DateTime, Days, FixedOffset, NaiveDate, TimeZone, Utc};
use domain::amounts;
use domain::identity::KycStatus;
use domain::ledger::{AccountKind, AccountRef, EntryReason};
use domain::money::USD;
use domain::money::{MinorUnits, MoneyError};
use serde::{Deserialize, Serialize};
use store::ledger::{self, NewEntry, Posting};
use utoipa::ToSchema;

use super::usd_yield_repo;
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ClientHeaders, Data, Lang, Msg};
use crate::features::identity::repo;
use crate::features::identity::us_verification::not_verified;
use crate::state::AppState;

/// Jakarta time (WIB, no daylight saving): the day interest is counted by.
const WIB_OFFSET_SECS: i32 = 7 * 3600;
/// How many closed days the job looks back, so a node that was down catches up.
const CATCH_UP_DAYS: u64 = 7;

/// The USD-yield offer and the caller's enrolment.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsdYieldOnboarding {
    /// The annual interest rate, percent with 2 decimals.
    pub annual_rate_percentage: String,
    /// The user's US-stock eligibility; only VERIFIED users may opt in.
    pub gss_kyc_status: KycStatus,
    /// True when the user may opt in.
    pub eligible: bool,
    /// True while the user earns interest.
    pub opted_in: bool,
    /// When the user last opted in, Unix ms.
    pub opted_in_at_ms: Option<i64>,
    /// Interest credited so far, dollars.
    pub total_interest: String,
    /// How the interest accrues, in the request's language.
    pub how_it_accrues: String,
    /// The terms, one per line, in the request's language.
    pub terms: Vec<String>,
}

fn pick(lang: Lang, id: &str, en: &str) -> String {
    if lang == Lang::Id { id } else { en }.to_string()
}

async fn onboarding_of(state: &AppState, user_id: &str, lang: Lang) -> ApiResult<UsdYieldOnboarding> {
    let user = repo::user_by_id(&state.db, user_id).await?.ok_or_else(ApiError::unauthorized)?;
    let (opted_in, opted_in_at_ms) = match usd_yield_repo::enrolment(&state.db, user_id).await? {
        Some(enrolment) => (enrolment.opted_in == 1, Some(enrolment.opted_in_at_ms)),
        None => (false, None),
    };
    let total = usd_yield_repo::total_interest(&state.db, user_id).await?;
    let rate = domain::format::bps_percent_text(state.settings.usd.yield_rate_bps);
    let verified = user.gss_kyc_status == KycStatus::Verified;
    // Indonesian writes the decimal comma (R9.09).
    let rate_id = rate.replace('.', ",");
    Ok(UsdYieldOnboarding {
        annual_rate_percentage: rate.clone(),
        gss_kyc_status: user.gss_kyc_status,
        eligible: verified,
        opted_in: opted_in && verified,
        opted_in_at_ms: opted_in_at_ms.filter(|_| opted_in),
        total_interest: MinorUnits::usd(if verified { total } else { 0 }).to_text_min_places(2),
        how_it_accrues: pick(
            lang,
            &format!(
                "Bunga {rate_id}% per tahun dihitung setiap hari dari saldo USD (tanpa leverage) Anda pada akhir hari \
                 (WIB), dibagi 365, dibulatkan ke bawah ke 0,000001 USD, dan langsung ditambahkan ke saldo sehingga \
                 ikut berbunga esok harinya."
            ),
            &format!(
                "Interest of {rate}% a year is worked out every day on your USD cash (no leverage) at the end of the \
                 day (Jakarta time), divided by 365, rounded down to 0.000001 USD, and added to your balance, so it \
                 earns interest from the next day."
            ),
        ),
        terms: vec![
            pick(
                lang,
                "Hanya untuk akun yang terverifikasi untuk saham AS.",
                "Only for accounts verified for US stocks.",
            ),
            pick(
                lang,
                "Suku bunga dapat berubah; perubahan berlaku untuk hari berikutnya.",
                "The rate may change; a change applies from the next day on.",
            ),
            pick(
                lang,
                "Saldo di dompet leverage dan intraday tidak mendapat bunga.",
                "Money in the leverage and intraday wallets earns no interest.",
            ),
            pick(
                lang,
                "Anda dapat berhenti kapan saja; bunga yang sudah dikreditkan tetap milik Anda.",
                "You may opt out at any time; interest already credited stays yours.",
            ),
        ],
    })
}

/// The USD-yield offer and whether the caller has opted in.
#[utoipa::path(get, path = "/v1/wallet/usd-yield/onboarding", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<UsdYieldOnboarding>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn onboarding(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
) -> ApiResult<Data<UsdYieldOnboarding>> {
    Ok(Data::new(onboarding_of(&state, &caller.user_id, headers.lang).await?))
}

/// Starts earning interest on the paln bucket; only for gssKycStatus VERIFIED. Opting in again changes nothing.
#[utoipa::path(post, path = "/v1/wallet/usd-yield/optin", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<UsdYieldOnboarding>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn opt_in(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
) -> ApiResult<Data<UsdYieldOnboarding>> {
    let user = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    if user.gss_kyc_status != KycStatus::Verified {
        return Err(not_verified());
    }
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    usd_yield_repo::opt_in(&mut tx.tx, &caller.user_id, now).await?;
    tx.commit().await?;
    Ok(Data::new(onboarding_of(&state, &caller.user_id, headers.lang).await?))
}

/// Stops earning interest from today on; interest already credited stays.
#[utoipa::path(post, path = "/v1/wallet/usd-yield/optout", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<UsdYieldOnboarding>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn opt_out(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
) -> ApiResult<Data<UsdYieldOnboarding>> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    if !usd_yield_repo::opt_out(&mut tx.tx, &caller.user_id, now).await? {
        return Err(ApiError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "usd_yield_not_opted_in",
            Msg::fixed("Anda belum mengikuti program bunga USD.", "You have not opted into USD yield."),
        ));
    }
    tx.commit().await?;
    Ok(Data::new(onboarding_of(&state, &caller.user_id, headers.lang).await?))
}

/// The first instant after a Jakarta calendar day, Unix ms.
pub fn day_end_ms(day: NaiveDate) -> i64 {
    let wib = FixedOffset::east_opt(WIB_OFFSET_SECS).expect("a valid offset");
    let next = day.checked_add_days(Days::new(1)).unwrap_or(day).and_hms_opt(0, 0, 0).expect("midnight exists");
    wib.from_local_datetime(&next).single().expect("a fixed offset is unambiguous").timestamp_millis()
}

/// The Jakarta calendar day of `now`.
pub fn day_wib(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&FixedOffset::east_opt(WIB_OFFSET_SECS).expect("a valid offset")).date_naive()
}

/// One day's interest on a closing balance, micro-dollars, rounded down; none on a balance or
/// rate of zero or below.
pub fn daily_interest(closing_micro: i64, annual_bps: i64) -> Result<i64, MoneyError> {
    if closing_micro <= 0 || annual_bps <= 0 {
        return Ok(0);
    }
    amounts::daily_interest(closing_micro, amounts::bps_as_percent(annual_bps), amounts::INTEREST_DAYS_PER_YEAR)
}

/// Credits one day's interest to every opted-in verified user not yet credited for it; returns how
/// many users were credited (an accrual of zero counts as done but posts nothing).
pub async fn accrue_day(state: &AppState, day: NaiveDate) -> anyhow::Result<usize> {
    let date = day.format("%Y-%m-%d").to_string();
    let end = day_end_ms(day);
    let due = usd_yield_repo::due_users(&state.db, end, &date).await?;
    let rate = state.settings.usd.yield_rate_bps;
    let mut credited = 0;
    for user_id in due {
        if accrue_user(state, &user_id, &date, end, rate).await? {
            credited += 1;
        }
    }
    Ok(credited)
}

async fn accrue_user(state: &AppState, user_id: &str, date: &str, end: i64, rate: i64) -> anyhow::Result<bool> {
    let mut tx = state.db.begin_write().await?;
    let paln = ledger::open(&mut tx.tx, &AccountRef::user(user_id, AccountKind::UsdPaln, USD)).await?;
    let closing = usd_yield_repo::closing_balance(&mut tx.tx, &paln, end).await?;
    let amount = daily_interest(closing, rate)?;
    let id = uuid::Uuid::now_v7().to_string();
    let accrual = usd_yield_repo::Accrual {
        id: &id,
        user_id,
        accrual_date: date,
        closing_balance: closing.max(0),
        rate_bps: rate,
        amount,
        created_at_ms: state.clock.now_ms(),
    };
    // The unique (user_id, accrual_date) decides who accrues: a second run, or another node racing
    // this one, inserts nothing here and so posts nothing.
    if !usd_yield_repo::insert_accrual(&mut tx.tx, &accrual).await? {
        return Ok(false);
    }
    if amount > 0 {
        let expense = ledger::open(&mut tx.tx, &AccountRef::house(AccountKind::UsdInterestExpense, USD)).await?;
        let postings = vec![
            Posting { account_id: expense, currency: USD.into(), amount: -amount },
            Posting { account_id: paln, currency: USD.into(), amount },
        ];
        let event_id = format!("usd_interest:{user_id}:{date}");
        let at_ms = state.clock.now_ms();
        ledger::post(&mut tx.tx, &NewEntry { reason: EntryReason::UsdInterest, event_id, memo: None, postings, at_ms })
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// The job: accrues every closed day of the last week not yet accrued, oldest first.
pub async fn accrue_due(state: &AppState) -> anyhow::Result<usize> {
    let today = day_wib(state.clock.now());
    let mut credited = 0;
    for back in (1..=CATCH_UP_DAYS).rev() {
        if let Some(day) = today.checked_sub_days(Days::new(back)) {
            credited += accrue_day(state, day).await?;
        }
    }
    Ok(credited)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_interest_is_the_annual_rate_over_365_rounded_down() {
        // 1,000 dollars at 3.65% a year: exactly 0.10 dollars a day.
        assert_eq!(daily_interest(1_000_000_000, 365), Ok(100_000));
        // 1 dollar at 3.50%: 95.89… micro-dollars, rounded down.
        assert_eq!(daily_interest(1_000_000, 350), Ok(95));
        assert_eq!(daily_interest(0, 350), Ok(0));
        assert_eq!(daily_interest(-5, 350), Ok(0));
        assert_eq!(daily_interest(1_000_000, 0), Ok(0));
        assert_eq!(daily_interest(i64::MAX, i64::MAX), Err(MoneyError::Overflow));
    }

    #[test]
    fn a_jakarta_day_ends_at_17_00_utc() {
        let day = NaiveDate::from_ymd_opt(2026, 1, 31).unwrap();
        let end = Utc.with_ymd_and_hms(2026, 1, 31, 17, 0, 0).unwrap().timestamp_millis();
        assert_eq!(day_end_ms(day), end);
    }
}

//! Earnings per share of the sandbox exchange: eight quarters per stock, reported and estimated,
//! derived from the stock's reference price and a fixed per-stock earnings multiple so they are
//! the same on every node and every run.

use axum::extract::{Path, State};
use chrono::Datelike;
use domain::format;
use domain::precision::Rounding;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

use super::errors::unknown_stock;
use super::service::trading_date;
use crate::api::{ApiResult, Data};
use crate::state::AppState;

/// One quarter's earnings per share.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EpsQuarter {
    /// Fiscal quarter, e.g. `2026-Q3`.
    pub fiscal_quarter: String,
    /// When it was reported (New York date).
    pub report_date: String,
    /// Reported EPS, dollars.
    pub eps: String,
    /// The consensus estimate before the report, dollars.
    pub estimate: String,
    /// (reported − estimate) ÷ |estimate|, percent.
    pub surprise_percentage: String,
}

/// FNV-1a of the ticker: a fixed number per stock.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Eight quarters of a stock's EPS, newest first, ending with the last quarter reported before `today`.
pub fn history(stock_id: &str, reference_price: Decimal, today: chrono::NaiveDate) -> Vec<EpsQuarter> {
    let seed = fingerprint(stock_id);
    // A price-to-earnings multiple of 12 to 44, fixed per stock.
    let pe = Decimal::from(12 + seed % 33);
    let annual = reference_price / pe;
    let (mut year, mut quarter) = (today.year(), (today.month0() / 3) as i32);
    let mut out = Vec::with_capacity(8);
    for i in 0..8u64 {
        // The quarter before the current one is the newest reported.
        quarter -= 1;
        if quarter < 0 {
            quarter = 3;
            year -= 1;
        }
        let growth = Decimal::ONE - Decimal::new(i64::try_from(i).unwrap_or(0) * 2, 2);
        let wobble = Decimal::new(i64::try_from((seed >> (i * 4)) % 11).unwrap_or(0) - 5, 2);
        let eps = Rounding::HalfEven.apply(annual / Decimal::from(4) * growth * (Decimal::ONE + wobble), 2);
        let estimate = Rounding::HalfEven.apply(annual / Decimal::from(4) * growth, 2);
        let surprise = if estimate.is_zero() {
            Decimal::ZERO
        } else {
            format::percent((eps - estimate) / estimate.abs() * Decimal::ONE_HUNDRED)
        };
        let report_month = u32::try_from(quarter * 3 + 4).unwrap_or(1);
        let (ry, rm) = if report_month > 12 { (year + 1, report_month - 12) } else { (year, report_month) };
        let report = chrono::NaiveDate::from_ymd_opt(ry, rm, 25).unwrap_or(today);
        out.push(EpsQuarter {
            fiscal_quarter: format!("{year}-Q{}", quarter + 1),
            report_date: report.to_string(),
            eps: eps.to_string(),
            estimate: estimate.to_string(),
            surprise_percentage: surprise.to_string(),
        });
    }
    out
}

/// A stock's earnings per share, the last eight quarters, newest first.
#[utoipa::path(get, path = "/v1/us-stocks/{stock_id}/earnings-per-share", tag = "us-stocks",
    params(("stock_id" = String, Path, description = "Ticker")),
    responses((status = 200, body = Data<Vec<EpsQuarter>>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn earnings_per_share(
    State(state): State<AppState>,
    Path(stock_id): Path<String>,
) -> ApiResult<Data<Vec<EpsQuarter>>> {
    let stock_id = stock_id.trim().to_ascii_uppercase();
    let stock = state.us_stocks.stock(&stock_id).ok_or_else(|| unknown_stock(&stock_id))?;
    Ok(Data::new(history(
        &stock.cc,
        stock.reference_price,
        trading_date(state.us_stocks.market_time(state.clock.now())),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eps_history_is_eight_quarters_fixed_per_stock() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let a = history("AAPL", Decimal::from(270), today);
        assert_eq!(a.len(), 8);
        assert_eq!(a[0].fiscal_quarter, "2026-Q3");
        assert_eq!(a[7].fiscal_quarter, "2024-Q4");
        assert_eq!(a[0].report_date, "2026-10-25");
        let again = history("AAPL", Decimal::from(270), today);
        assert_eq!(a.iter().map(|q| &q.eps).collect::<Vec<_>>(), again.iter().map(|q| &q.eps).collect::<Vec<_>>());
        assert!(a.iter().all(|q| q.eps.parse::<Decimal>().unwrap() > Decimal::ZERO));
    }
}

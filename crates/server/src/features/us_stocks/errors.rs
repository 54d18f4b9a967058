//! US-stock refusals as API errors: a stable code and a message in both languages. A refused order
//! holds nothing and changes nothing.

use axum::http::StatusCode;

use super::amend::AmendRefusal;
use super::rules::Refusal;
use crate::api::{ApiError, Msg};
use crate::features::orders::errors::{invalid_order, unknown_pair};

fn bad(code: &'static str, id: &'static str, en: &'static str) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, code, Msg::fixed(id, en))
}

/// 404 `unknown_symbol` for a ticker that is not a US stock.
pub fn unknown_stock(stock_id: &str) -> ApiError {
    unknown_pair(stock_id)
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::MarketClosed => bad(
                "market_closed",
                "Bursa AS sedang tutup. Order dapat dipasang saat pra-pasar, sesi reguler, atau pasca-pasar di hari bursa.",
                "The US market is closed. Orders can be placed in pre-market, regular or post-market hours on trading days.",
            ),
            Refusal::MarketOrderOutsideRegular => bad(
                "market_order_outside_regular_hours",
                "Order market hanya dapat dipasang pada sesi reguler (09.30–16.00 New York). Gunakan order limit di luar jam itu.",
                "Market orders can only be placed in the regular session (09:30–16:00 New York). Use a limit order outside it.",
            ),
            Refusal::ExtendedHoursLimitOnly => bad(
                "extended_hours_limit_only",
                "Order di luar jam reguler harus berupa order limit.",
                "Orders for extended hours must be limit orders.",
            ),
            Refusal::PostMarketNotOffered => bad(
                "post_market_not_offered",
                "Saham ini tidak dapat diperdagangkan pada pasca-pasar.",
                "This stock cannot be traded in post-market.",
            ),
            Refusal::IntradayClosed => bad(
                "intraday_closed",
                "Posisi intraday 4x hanya dapat dibuka pada sesi reguler sebelum batas waktu penutupan intraday.",
                "4x intraday positions can only be opened in the regular session before the intraday cut-off.",
            ),
            Refusal::LeverageNotOffered => bad(
                "leverage_not_offered",
                "Leverage ini tidak tersedia untuk saham ini.",
                "This leverage is not offered for this stock.",
            ),
            Refusal::FractionalNotAllowed => bad(
                "fractional_not_allowed",
                "Saham pecahan hanya untuk order market dan limit pada jam reguler.",
                "Fractional shares are only for market and limit orders in regular hours.",
            ),
            Refusal::AmountOnlyForMarketBuys => bad(
                "amount_only_for_market_buys",
                "Pembelian berdasarkan nominal hanya untuk order beli market.",
                "Buying by amount is only for market buy orders.",
            ),
            Refusal::BelowMinimum => bad(
                "below_minimum",
                "Nilai order di bawah minimum US$1.",
                "The order value is below the US$1 minimum.",
            ),
            Refusal::OffTick(field) => bad(
                "price_off_tick",
                "Harga harus kelipatan US$0,01 (US$0,0001 di bawah US$1).",
                "Prices must be in steps of $0.01 ($0.0001 below $1).",
            )
            .with_detail(field),
            Refusal::OutsideBand(field) => bad(
                "price_outside_band",
                "Harga terlalu jauh dari harga pasar saat ini.",
                "The price is too far from the current market price.",
            )
            .with_detail(field),
            Refusal::StopOnWrongSide => bad(
                "stop_already_reached",
                "Harga stop sudah tercapai: stop beli harus di atas harga ask, stop jual di bawah harga bid.",
                "The stop price is already reached: a buy stop must be above the ask, a sell stop below the bid.",
            ),
            Refusal::ValueOutOfRange => ApiError::amount_out_of_range(domain::MoneyError::Overflow),
            Refusal::Field(field) => invalid_order(format!("{field}: missing or not allowed for this order type")),
        }
    }
}

impl From<AmendRefusal> for ApiError {
    fn from(refusal: AmendRefusal) -> Self {
        match refusal {
            AmendRefusal::NotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                "order_not_found",
                Msg::fixed("Order tidak ditemukan.", "Order not found."),
            ),
            AmendRefusal::NotAmendable => {
                bad("order_not_amendable", "Order ini tidak dapat diubah.", "This order cannot be amended.")
            }
            AmendRefusal::AlreadyPending => bad(
                "amend_pending",
                "Perubahan sebelumnya masih diproses bursa.",
                "An earlier change is still with the exchange.",
            ),
            AmendRefusal::Invalid(field) => invalid_order(field),
        }
    }
}

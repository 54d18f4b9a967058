//! What a US-stock order must satisfy before it is sent, as pure functions of the order and the
//! market (docs/us-stocks.md "Order rules"). Each refusal names its reason; nothing is held for a
//! refused order.

use domain::orders::{Bucket, OrderKind, Side, TimeInForce, TradingHours, Trail};
use market::calendar::Phase;
use rust_decimal::Decimal;

use super::units::{tick_for, value_up, ONE_SHARE};

/// An order as the user asked for it, in units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// Buy or sell.
    pub side: Side,
    /// Which bucket.
    pub bucket: Bucket,
    /// How it executes.
    pub kind: OrderKind,
    /// How long it stays open.
    pub time_in_force: TimeInForce,
    /// Which hours it may fill in.
    pub hours: TradingHours,
    /// Quantity units; `None` for a buy by amount.
    pub quantity: Option<i64>,
    /// Micro-dollars a buy by amount spends before fees.
    pub amount: Option<i64>,
    /// Price units.
    pub limit: Option<i64>,
    /// Price units.
    pub stop: Option<i64>,
    /// Trailing distance in price units.
    pub trail_amount: Option<i64>,
    /// Trailing distance in percent.
    pub trail_percent: Option<Decimal>,
}

/// The market the order meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarketNow {
    /// The venue's phase now.
    pub phase: Phase,
    /// Best bid, price units.
    pub bid: i64,
    /// Best ask, price units.
    pub ask: i64,
    /// Whether the stock trades in post-market (`ipme`).
    pub post_market: bool,
    /// Whether the stock offers the order's leverage.
    pub leverage_offered: bool,
    /// Whether the intraday cut-off of today has passed.
    pub after_intraday_cutoff: bool,
}

/// Why an order is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// No session today or now (weekend, holiday, night).
    MarketClosed,
    /// Market orders execute only in the regular session.
    MarketOrderOutsideRegular,
    /// Pre- and post-market orders are limit orders.
    ExtendedHoursLimitOnly,
    /// The stock does not trade in post-market.
    PostMarketNotOffered,
    /// Intraday (4x) orders trade only in the regular session, before the cut-off.
    IntradayClosed,
    /// The stock does not offer this leverage.
    LeverageNotOffered,
    /// Fractional shares only for market and limit orders in regular hours.
    FractionalNotAllowed,
    /// Buying by amount is for market buys.
    AmountOnlyForMarketBuys,
    /// Below the minimum order value.
    BelowMinimum,
    /// A price not on the tick grid.
    OffTick(&'static str),
    /// A price too far from the market.
    OutsideBand(&'static str),
    /// A stop that would trigger at once.
    StopOnWrongSide,
    /// The order's value is too large to count (a quantity or price beyond any real order).
    ValueOutOfRange,
    /// A field the order type needs is missing, or one it cannot have is present.
    Field(&'static str),
}

/// Whether an order of these hours may fill in `phase` (pre- and post-market only for extended
/// hours; post-market only where the stock trades then).
pub fn may_fill(hours: TradingHours, phase: Phase, post_market: bool) -> bool {
    match phase {
        Phase::Regular => true,
        Phase::PreMarket => hours == TradingHours::IncludeExtendedHours,
        Phase::PostMarket => hours == TradingHours::IncludeExtendedHours && post_market,
        _ => false,
    }
}

/// Checks `draft` against the market; `min_order_micro` and `band_pct` come from the settings.
pub fn check(draft: &Draft, market: &MarketNow, min_order_micro: i64, band_pct: Decimal) -> Result<(), Refusal> {
    check_fields(draft)?;
    check_session(draft, market)?;
    check_prices(draft, market, band_pct)?;
    let touch = if draft.side == Side::Buy { market.ask } else { market.bid };
    let reference = draft.limit.or(draft.stop).unwrap_or(touch);
    let value = match (draft.quantity, draft.amount) {
        (Some(q), _) => value_up(reference, q).map_err(|_| Refusal::ValueOutOfRange)?,
        (None, Some(a)) => a,
        (None, None) => 0,
    };
    if value < min_order_micro {
        return Err(Refusal::BelowMinimum);
    }
    Ok(())
}

/// The fields each order type needs and may not have (also what an estimate checks).
pub fn check_fields(d: &Draft) -> Result<(), Refusal> {
    let need = |present: bool, name| if present { Ok(()) } else { Err(Refusal::Field(name)) };
    let forbid = |present: bool, name| if present { Err(Refusal::Field(name)) } else { Ok(()) };
    need(d.quantity.is_some() != d.amount.is_some(), "quantity")?;
    need(d.kind.has_limit() == d.limit.is_some(), "unitPrice")?;
    need(matches!(d.kind, OrderKind::Stop | OrderKind::StopLimit) == d.stop.is_some(), "stopPrice")?;
    let trailing = d.trail_amount.is_some() || d.trail_percent.is_some();
    need((d.kind == OrderKind::TrailingStop) == trailing, "trailAmount")?;
    forbid(d.trail_amount.is_some() && d.trail_percent.is_some(), "trailPercent")?;
    if d.amount.is_some() && !(d.kind == OrderKind::Market && d.side == Side::Buy) {
        return Err(Refusal::AmountOnlyForMarketBuys);
    }
    if let Some(q) = d.quantity {
        let fractional = q % ONE_SHARE != 0;
        let simple = matches!(d.kind, OrderKind::Market | OrderKind::Limit);
        if fractional && (!simple || d.hours == TradingHours::IncludeExtendedHours) {
            return Err(Refusal::FractionalNotAllowed);
        }
    }
    if d.amount.is_some() && d.hours == TradingHours::IncludeExtendedHours {
        return Err(Refusal::FractionalNotAllowed);
    }
    Ok(())
}

fn check_session(d: &Draft, m: &MarketNow) -> Result<(), Refusal> {
    if m.phase == Phase::Closed {
        return Err(Refusal::MarketClosed);
    }
    if d.bucket != Bucket::Paln && !m.leverage_offered {
        return Err(Refusal::LeverageNotOffered);
    }
    if d.bucket == Bucket::Intraday {
        // A sell closes an intraday position and may run until the close; a buy opens one.
        let opening = d.side == Side::Buy;
        if m.phase != Phase::Regular || (opening && m.after_intraday_cutoff) {
            return Err(Refusal::IntradayClosed);
        }
        return Ok(());
    }
    let extended = d.hours == TradingHours::IncludeExtendedHours;
    if extended && d.kind != OrderKind::Limit {
        return Err(Refusal::ExtendedHoursLimitOnly);
    }
    if d.kind == OrderKind::Market && m.phase != Phase::Regular {
        return Err(Refusal::MarketOrderOutsideRegular);
    }
    if extended && m.phase == Phase::PostMarket && !m.post_market {
        return Err(Refusal::PostMarketNotOffered);
    }
    Ok(())
}

fn check_prices(d: &Draft, m: &MarketNow, band_pct: Decimal) -> Result<(), Refusal> {
    let mid = i64::midpoint(m.bid, m.ask);
    let band = |p: i64| -> bool {
        let distance = Decimal::from((p - mid).abs()) * Decimal::ONE_HUNDRED;
        distance <= Decimal::from(mid) * band_pct
    };
    for (field, price) in [("unitPrice", d.limit), ("stopPrice", d.stop)] {
        let Some(p) = price else { continue };
        if p % tick_for(p) != 0 {
            return Err(Refusal::OffTick(field));
        }
        if !band(p) {
            return Err(Refusal::OutsideBand(field));
        }
    }
    if let Some(stop) = d.stop {
        let triggers_now = match d.side {
            Side::Buy => stop <= m.ask,
            Side::Sell => stop >= m.bid,
        };
        if triggers_now {
            return Err(Refusal::StopOnWrongSide);
        }
    }
    if let Some(pct) = d.trail_percent {
        if pct <= Decimal::ZERO || pct >= band_pct {
            return Err(Refusal::OutsideBand("trailPercent"));
        }
    }
    if let Some(amount) = d.trail_amount {
        if amount % tick_for(mid) != 0 {
            return Err(Refusal::OffTick("trailAmount"));
        }
        if !band(mid + amount) {
            return Err(Refusal::OutsideBand("trailAmount"));
        }
    }
    Ok(())
}

/// The price at which a trailing stop triggers, from its watermark (the best price seen).
pub fn trailing_stop_price(
    side: Side,
    watermark: i64,
    trail_amount: Option<i64>,
    trail_percent: Option<Decimal>,
) -> i64 {
    Trail::of(trail_amount, trail_percent).map_or(watermark, |trail| trail.stop_price(side, watermark))
}

#[cfg(test)]
mod tests {
    use super::*;

    const AAPL: i64 = 1_900_000; // $190

    fn market(phase: Phase) -> MarketNow {
        MarketNow {
            phase,
            bid: AAPL - 100,
            ask: AAPL + 100,
            post_market: true,
            leverage_offered: true,
            after_intraday_cutoff: false,
        }
    }

    fn draft(kind: OrderKind) -> Draft {
        Draft {
            side: Side::Buy,
            bucket: Bucket::Paln,
            kind,
            time_in_force: TimeInForce::GoodTillCancel,
            hours: TradingHours::RegularHours,
            quantity: Some(2 * ONE_SHARE),
            amount: None,
            limit: kind.has_limit().then_some(AAPL),
            stop: matches!(kind, OrderKind::Stop | OrderKind::StopLimit).then_some(AAPL + 5_000),
            trail_amount: (kind == OrderKind::TrailingStop).then_some(5_000),
            trail_percent: None,
        }
    }

    fn run(d: &Draft, m: &MarketNow) -> Result<(), Refusal> {
        check(d, m, 1_000_000, Decimal::from(10))
    }

    #[test]
    fn r4_09_every_order_type_is_accepted_in_the_regular_session() {
        for kind in
            [OrderKind::Market, OrderKind::Limit, OrderKind::Stop, OrderKind::StopLimit, OrderKind::TrailingStop]
        {
            assert_eq!(run(&draft(kind), &market(Phase::Regular)), Ok(()), "{kind:?}");
        }
    }

    #[test]
    fn r4_09_extended_hours_take_limit_orders_only() {
        let extended = Draft { hours: TradingHours::IncludeExtendedHours, ..draft(OrderKind::Limit) };
        assert_eq!(run(&extended, &market(Phase::PreMarket)), Ok(()));
        assert_eq!(run(&extended, &market(Phase::PostMarket)), Ok(()));
        let market_order = draft(OrderKind::Market);
        assert_eq!(run(&market_order, &market(Phase::PreMarket)), Err(Refusal::MarketOrderOutsideRegular));
        let extended_stop = Draft { hours: TradingHours::IncludeExtendedHours, ..draft(OrderKind::Stop) };
        assert_eq!(run(&extended_stop, &market(Phase::Regular)), Err(Refusal::ExtendedHoursLimitOnly));
        let no_post = MarketNow { post_market: false, ..market(Phase::PostMarket) };
        assert_eq!(run(&extended, &no_post), Err(Refusal::PostMarketNotOffered));
        // A regular-hours limit placed in pre-market waits for the open.
        assert_eq!(run(&draft(OrderKind::Limit), &market(Phase::PreMarket)), Ok(()));
        assert!(!may_fill(TradingHours::RegularHours, Phase::PreMarket, true));
        assert!(may_fill(TradingHours::IncludeExtendedHours, Phase::PostMarket, true));
        assert!(!may_fill(TradingHours::IncludeExtendedHours, Phase::PostMarket, false));
    }

    #[test]
    fn orders_on_a_closed_market_are_refused() {
        assert_eq!(run(&draft(OrderKind::Limit), &market(Phase::Closed)), Err(Refusal::MarketClosed));
    }

    #[test]
    fn r4_16_intraday_opens_only_in_the_regular_session_before_the_cutoff() {
        let buy = Draft { bucket: Bucket::Intraday, hours: TradingHours::Intraday, ..draft(OrderKind::Market) };
        assert_eq!(run(&buy, &market(Phase::Regular)), Ok(()));
        let late = MarketNow { after_intraday_cutoff: true, ..market(Phase::Regular) };
        assert_eq!(run(&buy, &late), Err(Refusal::IntradayClosed));
        let sell = Draft { side: Side::Sell, ..buy.clone() };
        assert_eq!(run(&sell, &late), Ok(()), "closing an intraday position stays possible");
        assert_eq!(run(&buy, &market(Phase::PreMarket)), Err(Refusal::IntradayClosed));
        let not_offered = MarketNow { leverage_offered: false, ..market(Phase::Regular) };
        assert_eq!(run(&buy, &not_offered), Err(Refusal::LeverageNotOffered));
    }

    #[test]
    fn fractional_shares_are_for_market_and_limit_orders_in_regular_hours() {
        let half = Draft { quantity: Some(ONE_SHARE / 2), ..draft(OrderKind::Market) };
        assert_eq!(run(&half, &market(Phase::Regular)), Ok(()));
        let half_stop = Draft { quantity: Some(ONE_SHARE * 10 + 1), ..draft(OrderKind::Stop) };
        assert_eq!(run(&half_stop, &market(Phase::Regular)), Err(Refusal::FractionalNotAllowed));
        let half_extended = Draft {
            quantity: Some(ONE_SHARE / 2),
            hours: TradingHours::IncludeExtendedHours,
            ..draft(OrderKind::Limit)
        };
        assert_eq!(run(&half_extended, &market(Phase::PreMarket)), Err(Refusal::FractionalNotAllowed));
        let by_amount = Draft { quantity: None, amount: Some(5_000_000), ..draft(OrderKind::Market) };
        assert_eq!(run(&by_amount, &market(Phase::Regular)), Ok(()));
        let sell_by_amount = Draft { side: Side::Sell, ..by_amount.clone() };
        assert_eq!(run(&sell_by_amount, &market(Phase::Regular)), Err(Refusal::AmountOnlyForMarketBuys));
    }

    #[test]
    fn small_orders_fat_fingers_and_off_tick_prices_are_refused() {
        let tiny = Draft { quantity: Some(1_000), ..draft(OrderKind::Market) };
        assert_eq!(run(&tiny, &market(Phase::Regular)), Err(Refusal::BelowMinimum));
        let far = Draft { limit: Some(AAPL * 2), ..draft(OrderKind::Limit) };
        assert_eq!(run(&far, &market(Phase::Regular)), Err(Refusal::OutsideBand("unitPrice")));
        let off_tick = Draft { limit: Some(AAPL + 1), ..draft(OrderKind::Limit) };
        assert_eq!(run(&off_tick, &market(Phase::Regular)), Err(Refusal::OffTick("unitPrice")));
        let stop_below = Draft { stop: Some(AAPL - 5_000), ..draft(OrderKind::Stop) };
        assert_eq!(run(&stop_below, &market(Phase::Regular)), Err(Refusal::StopOnWrongSide));
        let missing = Draft { limit: None, ..draft(OrderKind::Limit) };
        assert_eq!(run(&missing, &market(Phase::Regular)), Err(Refusal::Field("unitPrice")));
    }

    #[test]
    fn r4_10_a_trailing_stop_follows_its_watermark() {
        assert_eq!(trailing_stop_price(Side::Sell, 2_000_000, Some(50_000), None), 1_950_000);
        assert_eq!(trailing_stop_price(Side::Sell, 2_000_000, None, Some(Decimal::from(5))), 1_900_000);
        assert_eq!(trailing_stop_price(Side::Buy, 2_000_000, Some(50_000), None), 2_050_000);
    }
}

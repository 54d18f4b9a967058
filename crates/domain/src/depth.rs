//! The order book as the depth view shows it (R3.04, R5.08, R9.05).
//!
//! Levels with the same price are merged, levels without a positive price and quantity are
//! dropped, and the best [`DEPTH_LEVELS_PER_SIDE`] of each side are kept. "Total" means the
//! quantity of the kept levels, so the deepest shown level's cumulative percentage is 100 and
//! `totalBidQuantity` / `totalAskQuantity` match what is drawn.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Levels shown per side (R5.08, R9.05).
pub const DEPTH_LEVELS_PER_SIDE: usize = 10;
/// Decimal places of a level's cumulative percentage.
pub const CUMULATIVE_PERCENTAGE_DECIMAL_PLACES: u32 = 2;

/// One price level as a book or feed reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceLevel {
    /// Price of the level.
    pub price: Decimal,
    /// Quantity resting at that price.
    pub quantity: Decimal,
}

/// A shown level with its running share of the side (R3.04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DepthLevel {
    /// Price of the level.
    pub price: Decimal,
    /// Quantity at that price.
    pub quantity: Decimal,
    /// Quantity of this and all better levels, in percent of the side's shown total.
    pub cumulative_percentage: Decimal,
}

/// Which instrument the book belongs to; its field name says the kind (R3.04).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BookSymbol {
    /// A spot crypto asset, e.g. `BTC`.
    #[serde(rename = "cryptocurrencySymbol")]
    Crypto(String),
    /// A perpetual pair, e.g. `BTCUSDT`.
    #[serde(rename = "cryptoFuturePairSymbol")]
    Perp(String),
}

/// The depth view of one instrument (R3.04).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderBookDepth {
    /// Best bids, highest price first.
    pub bids: Vec<DepthLevel>,
    /// Best asks, lowest price first.
    pub asks: Vec<DepthLevel>,
    /// Quantity of the shown bids.
    pub total_bid_quantity: Decimal,
    /// Quantity of the shown asks.
    pub total_ask_quantity: Decimal,
    /// The instrument, as `cryptocurrencySymbol` or `cryptoFuturePairSymbol`.
    #[serde(flatten)]
    pub symbol: BookSymbol,
}

impl OrderBookDepth {
    /// Builds the depth view from raw levels in any order (R5.08).
    pub fn from_levels(symbol: BookSymbol, bids: &[PriceLevel], asks: &[PriceLevel]) -> Self {
        let bid_levels: Vec<_> = merge_by_price(bids).into_iter().rev().take(DEPTH_LEVELS_PER_SIDE).collect();
        let ask_levels: Vec<_> = merge_by_price(asks).into_iter().take(DEPTH_LEVELS_PER_SIDE).collect();
        let (bids, total_bid_quantity) = with_cumulative_percentage(&bid_levels);
        let (asks, total_ask_quantity) = with_cumulative_percentage(&ask_levels);
        OrderBookDepth { bids, asks, total_bid_quantity, total_ask_quantity, symbol }
    }
}

/// Sums quantities per price, ascending; skips levels that cannot be traded.
fn merge_by_price(levels: &[PriceLevel]) -> BTreeMap<Decimal, Decimal> {
    let mut merged = BTreeMap::new();
    for level in levels.iter().filter(|l| l.price > Decimal::ZERO && l.quantity > Decimal::ZERO) {
        let quantity = merged.entry(level.price.normalize()).or_insert(Decimal::ZERO);
        // Saturating: a book near Decimal::MAX is nonsense, but must not take the server down.
        *quantity = quantity.saturating_add(level.quantity);
    }
    merged
}

/// The levels with their cumulative percentages, and the side's total.
fn with_cumulative_percentage(levels: &[(Decimal, Decimal)]) -> (Vec<DepthLevel>, Decimal) {
    let total = levels.iter().fold(Decimal::ZERO, |sum, (_, q)| sum.saturating_add(*q));
    let mut cumulative = Decimal::ZERO;
    let shown = levels
        .iter()
        .map(|&(price, quantity)| {
            cumulative = cumulative.saturating_add(quantity);
            DepthLevel { price, quantity, cumulative_percentage: percentage_of(cumulative, total) }
        })
        .collect();
    (shown, total)
}

/// `part / total` in percent to 2 places; dividing first keeps the product in range.
fn percentage_of(part: Decimal, total: Decimal) -> Decimal {
    part.checked_div(total)
        .and_then(|ratio| ratio.checked_mul(Decimal::ONE_HUNDRED))
        .map_or(Decimal::ZERO, |p| p.round_dp(CUMULATIVE_PERCENTAGE_DECIMAL_PLACES))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    fn level(price: Decimal, quantity: Decimal) -> PriceLevel {
        PriceLevel { price, quantity }
    }

    fn ladder(count: i64) -> Vec<PriceLevel> {
        (1..=count).map(|i| level(Decimal::from(100 + i), Decimal::ONE)).collect()
    }

    #[test]
    fn r5_08_keeps_the_ten_highest_bids_highest_first() {
        let book = OrderBookDepth::from_levels(BookSymbol::Crypto("BTC".into()), &ladder(15), &[]);
        let prices: Vec<_> = book.bids.iter().map(|l| l.price).collect();
        assert_eq!(prices, (106..=115).rev().map(Decimal::from).collect::<Vec<_>>());
    }

    #[test]
    fn r5_08_keeps_the_ten_lowest_asks_lowest_first() {
        let book = OrderBookDepth::from_levels(BookSymbol::Crypto("BTC".into()), &[], &ladder(15));
        let prices: Vec<_> = book.asks.iter().map(|l| l.price).collect();
        assert_eq!(prices, (101..=110).map(Decimal::from).collect::<Vec<_>>());
    }

    #[test]
    fn r5_08_cumulative_percentage_is_of_the_shown_total() {
        let asks = [level(dec!(11), dec!(3)), level(dec!(10), dec!(1)), level(dec!(12), dec!(4))];
        let book = OrderBookDepth::from_levels(BookSymbol::Crypto("BTC".into()), &[], &asks);
        let percentages: Vec<_> = book.asks.iter().map(|l| l.cumulative_percentage).collect();
        assert_eq!(percentages, [dec!(12.5), dec!(50), dec!(100)]);
        assert_eq!(book.total_ask_quantity, dec!(8));
        assert_eq!(book.total_bid_quantity, dec!(0));
    }

    #[test]
    fn r5_08_same_price_levels_merge_and_empty_levels_drop() {
        let bids = [level(dec!(10), dec!(1)), level(dec!(10.0), dec!(2)), level(dec!(9), dec!(0))];
        let book = OrderBookDepth::from_levels(BookSymbol::Crypto("BTC".into()), &bids, &[]);
        assert_eq!(book.bids.len(), 1);
        assert_eq!(book.bids[0].quantity, dec!(3));
    }

    #[test]
    fn r3_04_depth_serialises_with_the_spec_field_names() {
        let book = OrderBookDepth::from_levels(BookSymbol::Perp("BTCUSDT".into()), &[level(dec!(10), dec!(1))], &[]);
        let json = serde_json::to_value(&book).unwrap();
        assert_eq!(json["cryptoFuturePairSymbol"], "BTCUSDT");
        assert_eq!(json["bids"][0]["cumulativePercentage"], "100");
        assert_eq!(json["totalBidQuantity"], "1");
        assert!(json.get("totalAskQuantity").is_some());
        let back: OrderBookDepth = serde_json::from_value(json).unwrap();
        assert_eq!(back, book);
    }

    #[test]
    fn r3_04_spot_book_names_its_cryptocurrency_symbol() {
        let book = OrderBookDepth::from_levels(BookSymbol::Crypto("ETH".into()), &[], &[]);
        let json = serde_json::to_value(&book).unwrap();
        assert_eq!(json["cryptocurrencySymbol"], "ETH");
    }

    fn levels() -> impl Strategy<Value = Vec<PriceLevel>> {
        proptest::collection::vec((1i64..1000, 0i64..1_000_000), 0..40)
            .prop_map(|pairs| pairs.into_iter().map(|(p, q)| level(Decimal::from(p), Decimal::new(q, 3))).collect())
    }

    proptest! {
        #[test]
        fn r5_08_each_side_is_sorted_bounded_and_ends_at_one_hundred_percent(bids in levels(), asks in levels()) {
            let book = OrderBookDepth::from_levels(BookSymbol::Crypto("X".into()), &bids, &asks);
            prop_assert!(book.bids.len() <= DEPTH_LEVELS_PER_SIDE && book.asks.len() <= DEPTH_LEVELS_PER_SIDE);
            prop_assert!(book.bids.windows(2).all(|w| w[0].price > w[1].price));
            prop_assert!(book.asks.windows(2).all(|w| w[0].price < w[1].price));
            for side in [&book.bids, &book.asks] {
                prop_assert!(side.windows(2).all(|w| w[0].cumulative_percentage <= w[1].cumulative_percentage));
                if let Some(last) = side.last() {
                    prop_assert_eq!(last.cumulative_percentage, dec!(100));
                }
            }
        }
    }
}

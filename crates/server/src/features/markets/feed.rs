//! The live market feed: the public `/ws` channels of markets, and the once-a-second job that
//! publishes what changed.
//!
//! Each step polls the simulator for instruments whose price changed and publishes, for channels
//! someone is subscribed to: the ticker; the candle in progress of each subscribed resolution; the
//! order book (also every 5-second re-quote of the providers); and a trade print. Trade prints are
//! simulated: one per changed second per instrument, at the new price, sized by the simulated
//! volume traded in the current minute since the previous step, with the aggressor side given by
//! the direction of the move (uptick BUY, downtick SELL). They carry no order ids because no user
//! order took part; the trading issue adds real fills on the same channel.

use std::collections::HashMap;

use chrono::Duration;
use domain::orders::Side;
use market::quotes::QUOTE_BUCKET_SECS;
use market::{AssetClass, LivePoller, Resolution};
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

use super::charts::TickerView;
use super::depth::order_book;
use super::flags::live_frame;
use super::service::Markets;
use super::views::CandleView;
use crate::features::live::{frame, ChannelSource, Frame, Hub};

/// A public market channel.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Channel {
    Ticker(String),
    Candles(String, Resolution),
    OrderBook(String),
    Trades(String),
    Flags(String),
}

impl Channel {
    fn symbol(&self) -> &str {
        match self {
            Self::Ticker(s) | Self::Candles(s, _) | Self::OrderBook(s) | Self::Trades(s) | Self::Flags(s) => s,
        }
    }
}

fn parse_channel(markets: &Markets, name: &str) -> Result<Channel, String> {
    let mut parts = name.split(':');
    let (kind, symbol) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let asset = markets.asset(symbol).ok_or_else(|| format!("no instrument {symbol:?}"))?;
    let channel = match (kind, parts.next()) {
        ("ticker", None) => Channel::Ticker(asset.symbol),
        ("trades", None) => Channel::Trades(asset.symbol),
        ("flags", None) => Channel::Flags(asset.symbol),
        ("orderbook", None) if matches!(asset.class, AssetClass::Crypto | AssetClass::Perp) => {
            Channel::OrderBook(asset.symbol)
        }
        ("candles", Some(text)) => {
            let resolution: Resolution = text.parse().map_err(|_| format!("unknown resolution {text:?}"))?;
            // One spelling per channel, so `1D` and `d` do not become two channels.
            if resolution.as_str() != text || !Resolution::for_class(asset.class).contains(&resolution) {
                return Err(format!("resolution {text:?} is not offered for {}", asset.symbol));
            }
            Channel::Candles(asset.symbol, resolution)
        }
        _ => return Err("use ticker:S, candles:S:R, orderbook:S, trades:S or flags:S".into()),
    };
    if parts.next().is_some() {
        return Err("too many parts".into());
    }
    Ok(channel)
}

/// A simulated trade print (see the module docs for what it is).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradePrint {
    /// The instrument.
    pub symbol: String,
    /// Traded price.
    pub price: String,
    /// Traded quantity.
    pub quantity: String,
    /// Aggressor side: `BUY` on an uptick, `SELL` on a downtick.
    pub side: Side,
    /// When, Unix ms.
    pub time: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CandleUpdate<'a> {
    symbol: &'a str,
    resolution: &'a str,
    #[serde(flatten)]
    candle: CandleView,
}

fn ticker_frame(markets: &Markets, channel: &str, symbol: &str) -> Option<Frame> {
    let ticker = markets.sim().ticker(symbol, markets.sim().now()).ok()?;
    Some(frame("ticker", channel, &TickerView::from(&ticker)))
}

fn candle_frame(markets: &Markets, channel: &str, symbol: &str, resolution: Resolution) -> Option<Frame> {
    let sim = markets.sim();
    let now = sim.now();
    let from = now - Duration::seconds(resolution.nominal_secs());
    let candle = sim.candles(symbol, resolution, from, now, 1).ok()?.pop()?;
    let update = CandleUpdate { symbol, resolution: resolution.as_str(), candle: CandleView::from(&candle) };
    Some(frame("candle", channel, &update))
}

fn book_frame(markets: &Markets, channel: &str, symbol: &str) -> Option<Frame> {
    let book = markets.engine_book(symbol).or_else(|| order_book(markets, symbol).ok())?;
    Some(frame("orderbook", channel, &book))
}

impl ChannelSource for Markets {
    fn check(&self, channel: &str) -> Result<(), String> {
        parse_channel(self, channel).map(|_| ())
    }

    fn snapshot(&self, name: &str) -> Option<Frame> {
        match parse_channel(self, name).ok()? {
            Channel::Ticker(s) => ticker_frame(self, name, &s),
            Channel::Candles(s, r) => candle_frame(self, name, &s, r),
            Channel::OrderBook(s) => book_frame(self, name, &s),
            Channel::Flags(s) => self.asset(&s).map(|a| live_frame(name, &a.flags)),
            Channel::Trades(_) => None,
        }
    }
}

/// The live feed's memory between steps.
#[derive(Default)]
pub struct Feed {
    poller: LivePoller,
    prices: HashMap<String, Decimal>,
    /// Per instrument: the current minute's start (Unix s) and its volume at the previous step.
    minute_volumes: HashMap<String, (i64, Decimal)>,
    quote_bucket: i64,
}

impl Feed {
    /// Publishes one second's changes to subscribed channels.
    pub fn step(&mut self, markets: &Markets, hub: &Hub) {
        let sim = markets.sim();
        let now = sim.now();
        let moved: HashMap<String, (Decimal, Option<Decimal>)> = self
            .poller
            .poll(sim, now)
            .into_iter()
            .map(|t| {
                let before = self.prices.insert(t.symbol.clone(), t.price);
                (t.symbol, (t.price, before))
            })
            .collect();
        let bucket = now.timestamp().div_euclid(QUOTE_BUCKET_SECS);
        let requoted = std::mem::replace(&mut self.quote_bucket, bucket) != bucket;
        for name in hub.subscribed() {
            let Ok(channel) = parse_channel(markets, &name) else { continue };
            let changed = moved.contains_key(channel.symbol());
            let frame = match &channel {
                Channel::Ticker(s) if changed => ticker_frame(markets, &name, s),
                Channel::Candles(s, r) if changed => candle_frame(markets, &name, s, *r),
                // An engine book also moves with users' orders: send it every step (the hub keeps
                // only the latest frame for a slow client).
                Channel::OrderBook(s) if changed || requoted || markets.has_engine_book(s) => {
                    book_frame(markets, &name, s)
                }
                Channel::Trades(s) => {
                    moved.get(s).and_then(|&(price, before)| self.print(markets, &name, s, price, before))
                }
                _ => None,
            };
            if let Some(frame) = frame {
                hub.publish(&name, frame);
            }
        }
    }

    fn print(
        &mut self,
        markets: &Markets,
        channel: &str,
        symbol: &str,
        price: Decimal,
        before: Option<Decimal>,
    ) -> Option<Frame> {
        let sim = markets.sim();
        let now = sim.now();
        let minute = sim.candles(symbol, Resolution::M1, now - Duration::seconds(60), now, 1).ok()?.pop()?;
        let start = minute.time.timestamp();
        let previous = self.minute_volumes.insert(symbol.to_owned(), (start, minute.volume));
        // The first sight of an instrument only sets the baseline: its minute so far is not one trade.
        let quantity = match previous {
            Some((t, volume)) if t == start => minute.volume - volume,
            Some(_) => minute.volume,
            None => return None,
        };
        let before = before?;
        if quantity <= Decimal::ZERO || price == before {
            return None;
        }
        let print = TradePrint {
            symbol: symbol.to_owned(),
            price: price.to_string(),
            quantity: quantity.to_string(),
            side: if price > before { Side::Buy } else { Side::Sell },
            time: now.timestamp_millis(),
        };
        Some(frame("trade", channel, &print))
    }
}

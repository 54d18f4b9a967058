//! Market data for the brokerage: the instrument catalogue seed, market calendars, the deterministic
//! sandbox market simulator, candle aggregation, tickers, option chains and liquidity-provider quotes.
//!
//! Everything here is synchronous and free of I/O so the server can wrap it in its own tasks, cache
//! and database. The sandbox simulator is a pure function of `(seed, instrument, time)`: any candle of
//! any resolution can be produced for any window without replaying history, every higher-resolution
//! candle is exactly the aggregate of its one-minute candles, and the live price continues the
//! history without a jump. See `docs` in each module for the decisions (time zones, caps, anchor).

pub mod calendar;
pub mod candles;
pub mod catalogue;
pub mod error;
pub mod options;
pub mod quotes;
pub mod sim;
pub mod tick;
pub mod ticker;

pub use calendar::{MarketTimes, Phase, SessionWindow, Venue};
pub use candles::{Candle, ChartRange, RangeWindow, Resolution, MAX_CANDLES_PER_REQUEST};
pub use catalogue::{AssetClass, Catalogue, Instrument};
pub use error::MarketError;
pub use options::{OptionContract, OptionSide};
pub use quotes::{Quote, QuoteSide};
pub use sim::{Clock, FixedClock, HaltWindow, LivePoller, PriceSource, SimConfig, Simulator, SystemClock, Tick};
pub use tick::TickRule;
pub use ticker::{Movers, PriceChange, Ticker};

//! The crate's one error type.

use chrono::{DateTime, Utc};

/// Everything that can go wrong when asking for market data.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MarketError {
    /// No instrument with this symbol is simulated.
    #[error("unknown instrument {0}")]
    UnknownInstrument(String),
    /// A candle window whose start is not before its end.
    #[error("window start {from} is not before its end {to}")]
    ReversedWindow {
        /// Start of the window.
        from: DateTime<Utc>,
        /// End of the window.
        to: DateTime<Utc>,
    },
    /// A candle window spanning more buckets than we agree to scan.
    #[error("window spans {buckets} candles; at most {max} may be scanned per request")]
    WindowTooLarge {
        /// Buckets the window spans.
        buckets: u64,
        /// The cap.
        max: u64,
    },
    /// A candle limit of zero or above the per-request cap.
    #[error("limit {limit} must be between 1 and {max}")]
    BadLimit {
        /// The limit asked for.
        limit: usize,
        /// The cap.
        max: usize,
    },
    /// An instant outside the simulated years.
    #[error("instant {0} is outside the simulated period")]
    OutOfRange(DateTime<Utc>),
    /// A resolution text that is not one of R9.07.
    #[error("unknown resolution {0}")]
    UnknownResolution(String),
    /// A chart range text that is not one of R4.12.
    #[error("unknown chart range {0}")]
    UnknownRange(String),
    /// The instrument does not offer what was asked (options on a stock without them, quotes on a stock).
    #[error("{symbol} does not support {what}")]
    Unsupported {
        /// The instrument.
        symbol: String,
        /// What it does not support.
        what: &'static str,
    },
    /// The embedded catalogue failed to parse or validate.
    #[error("invalid catalogue: {0}")]
    Catalogue(String),
}

impl MarketError {
    /// A stable snake_case code the server can map to its `error_code`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::UnknownInstrument(_) => "unknown_instrument",
            Self::ReversedWindow { .. } => "reversed_window",
            Self::WindowTooLarge { .. } => "window_too_large",
            Self::BadLimit { .. } => "bad_limit",
            Self::OutOfRange(_) => "out_of_range",
            Self::UnknownResolution(_) => "unknown_resolution",
            Self::UnknownRange(_) => "unknown_range",
            Self::Unsupported { .. } => "unsupported",
            Self::Catalogue(_) => "invalid_catalogue",
        }
    }
}

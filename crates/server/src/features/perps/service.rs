//! The perpetuals service every handler and job reaches through the application state: the
//! contracts, the venue and the settings.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain::perps::{margin_ratio_ppm, Exposure};
use market::sim::Simulator;
use rust_decimal::Decimal;
use store::group::GroupWriter;
use store::Db;

use super::contracts::{instruments, Instruments, PerpInstrument};
use super::repo::PositionRow;
use super::risk_book::RiskBook;
use super::venue::PerpVenue;
use crate::config::PerpsSettings;

/// Contracts, venue and settings; cheap to clone.
#[derive(Clone)]
pub struct PerpService {
    /// Job periods and limits.
    pub settings: Arc<PerpsSettings>,
    /// Every contract by symbol.
    pub instruments: Arc<Instruments>,
    /// The sandbox venue.
    pub venue: Arc<PerpVenue>,
    /// One venue, risk or funding pass at a time on this node (each step also locks its user).
    pub gate: Arc<tokio::sync::Mutex<()>>,
    /// The positions and balances the risk pass marks, kept between its ticks.
    pub risk_book: Arc<RiskBook>,
    /// Each contract's placements' group writer on PostgreSQL, made when first needed.
    book_writers: Arc<std::sync::Mutex<HashMap<String, GroupWriter>>>,
}

/// A user's margin wallet marked to market.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Assessment {
    /// The wallet's balance, micro-USDT.
    pub balance: i64,
    /// Held by positions and orders.
    pub held: i64,
    /// Σ unrealised profit at the marks.
    pub unrealised: i64,
    /// Balance plus unrealised profit.
    pub equity: i64,
    /// Σ maintenance margin at the marks.
    pub maintenance: i64,
    /// What new orders and withdrawals may use: free balance less any unrealised loss.
    pub available: i64,
    /// Maintenance over equity, ppm (`None` without positions).
    pub ratio_ppm: Option<i64>,
    /// The mark of each position's instrument.
    pub marks: HashMap<String, i64>,
}

impl PerpService {
    /// The service over the catalogue's perpetuals and the simulator.
    pub fn new(
        perps: &[market::catalogue::Perpetual],
        sim: Arc<Simulator>,
        usdt_idr: Decimal,
        settings: PerpsSettings,
    ) -> Self {
        Self {
            settings: Arc::new(settings),
            instruments: Arc::new(instruments(perps)),
            venue: Arc::new(PerpVenue::new(sim, usdt_idr)),
            gate: Arc::new(tokio::sync::Mutex::new(())),
            risk_book: Arc::new(RiskBook::default()),
            book_writers: Arc::default(),
        }
    }

    /// The contract with this symbol.
    pub fn instrument(&self, symbol: &str) -> Option<&PerpInstrument> {
        self.instruments.get(symbol)
    }

    /// The group writer of `symbol`'s placements: those queued at once share a transaction, its
    /// book lock and its commit (issue 12). Made on the calling runtime when first asked for.
    pub fn book_writer(&self, db: &Db, symbol: &str) -> GroupWriter {
        let mut writers = self.book_writers.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        writers.entry(symbol.to_owned()).or_insert_with(|| GroupWriter::spawn(db.clone())).clone()
    }

    /// Marks a wallet with `balance` and `held` and these open positions at `now`.
    pub fn assess(&self, balance: i64, held: i64, positions: &[PositionRow], now: DateTime<Utc>) -> Assessment {
        let mut a = Assessment { balance, held, ..Assessment::default() };
        for p in positions {
            let Some(inst) = self.instrument(&p.symbol) else { continue };
            let Some(mark) = self.venue.mark_at(inst, now) else { continue };
            a.marks.insert(p.symbol.clone(), mark);
            a.unrealised += inst.contract.unrealised_micro(Exposure { lots: p.lots, cost: p.cost }, mark);
            a.maintenance += inst.contract.maintenance_micro(p.lots, mark);
        }
        a.equity = balance + a.unrealised;
        a.available = (balance - held + a.unrealised.min(0)).max(0);
        a.ratio_ppm = margin_ratio_ppm(a.maintenance, a.equity);
        a
    }
}

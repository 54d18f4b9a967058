//! Funding (docs/perps.md "Funding"): at 00:00, 08:00 and 16:00 UTC every position open at the
//! instant pays or receives `notional at the mark × rate`, longs paying shorts when the rate is
//! positive; the venue (`PERP_EXCHANGE`) is the other side, since the liquidity providers' quotes
//! are the counterparty of every position. The rate is computed from the simulator's prices over
//! the interval, so it is the same whenever it is computed; exactly once per position per instant
//! comes from the `perp_funding` key and the ledger event id, never from the job's timing.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::clock::ms;
use domain::ledger::{AccountKind, EntryReason};
use domain::perps::{funding_instant_at_or_before, funding_micro, funding_rate_ppm, Round, FUNDING_INTERVAL_HOURS};

use super::contracts::PerpInstrument;
use super::errors::PerpError;
use super::fills::{self, settle, Settlement};
use super::lifecycle::Perps;
use super::locks::user_key;
use super::repo::{self, FundingRow};

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// The funding rate of the interval ending at `instant_ms`, ppm.
pub fn rate_for(perps: &Perps<'_>, inst: &PerpInstrument, instant_ms: i64) -> i64 {
    let end = Utc.timestamp_millis_opt(instant_ms).single().unwrap_or_else(Utc::now);
    let start = end - Duration::hours(FUNDING_INTERVAL_HOURS);
    funding_rate_ppm(perps.svc.venue.average_premium(inst, start, end))
}

/// The rate so far of the interval now running (published in advance) and when it settles.
pub fn predicted(perps: &Perps<'_>, inst: &PerpInstrument, now: DateTime<Utc>) -> (i64, i64) {
    let now_ms = now.timestamp_millis();
    let next = funding_instant_at_or_before(now_ms) + FUNDING_INTERVAL_HOURS * ms::HOUR;
    let start = Utc.timestamp_millis_opt(next - FUNDING_INTERVAL_HOURS * ms::HOUR).single().unwrap_or(now);
    let rate = funding_rate_ppm(perps.svc.venue.average_premium(inst, start, now.max(start + Duration::minutes(1))));
    (rate, next)
}

/// One instrument's settlement terms at an instant.
struct Terms {
    rate: i64,
    mark: i64,
}

impl Perps<'_> {
    /// Settles the latest funding instant for every position open at it that has not been settled,
    /// `funding_users_per_transaction` users per transaction (in user order, so two passes never
    /// wait on each other's locks). Returns how many payments were made.
    pub async fn settle_funding(&self) -> Result<usize, PerpError> {
        let _gate = self.svc.gate.lock().await;
        let instant = funding_instant_at_or_before(self.now_ms());
        let at = Utc.timestamp_millis_opt(instant).single().unwrap_or_else(Utc::now);
        let mut due: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut terms = HashMap::new();
        for (symbol, inst) in self.svc.instruments.iter() {
            let positions = repo::positions_open_at(self.db, symbol, instant).await?;
            if positions.is_empty() {
                continue;
            }
            let Some(mark) = self.svc.venue.mark_at(inst, at) else { continue };
            terms.insert(symbol.clone(), Terms { rate: rate_for(self, inst, instant), mark });
            for position in positions {
                due.entry(position.user_id).or_default().push(symbol.clone());
            }
        }
        let due: Vec<(String, Vec<String>)> = due.into_iter().collect();
        let per_transaction = usize::try_from(self.svc.settings.funding_users_per_transaction).unwrap_or(1).max(1);
        let mut paid = 0;
        for batch in due.chunks(per_transaction) {
            paid += self.pay_users(batch, &terms, instant).await?;
        }
        Ok(paid)
    }

    /// The payments for `instant` of a batch of users, in one transaction; positions settled before,
    /// or flat now, are skipped.
    async fn pay_users(
        &self,
        batch: &[(String, Vec<String>)],
        terms: &HashMap<String, Terms>,
        instant: i64,
    ) -> Result<usize, PerpError> {
        let mut w = self.db.begin_write().await?;
        let mut paid_users = Vec::new();
        let mut paid = 0;
        for (user_id, symbols) in batch {
            w.lock_key(&user_key(user_id)).await?;
            let before = paid;
            for symbol in symbols {
                let (Some(inst), Some(t)) = (self.svc.instrument(symbol), terms.get(symbol)) else { continue };
                if self.pay(&mut w.tx, inst, user_id, instant, t).await? {
                    paid += 1;
                }
            }
            if paid > before {
                paid_users.push(user_id);
            }
        }
        w.commit().await?;
        for user_id in paid_users {
            self.svc.risk_book.touch(user_id);
            self.publish_positions(user_id).await;
        }
        Ok(paid)
    }

    /// One position's payment for `instant`.
    async fn pay(
        &self,
        tx: &mut Tx,
        inst: &PerpInstrument,
        user_id: &str,
        instant: i64,
        t: &Terms,
    ) -> Result<bool, PerpError> {
        let Some(mut position) = repo::position_tx(tx, user_id, &inst.symbol).await? else { return Ok(false) };
        if position.lots == 0 || position.opened_at_ms > instant {
            return Ok(false);
        }
        let notional = inst.contract.notional_micro(position.lots, t.mark, Round::Up);
        let amount = funding_micro(position.lots, notional, t.rate);
        let row = FundingRow {
            user_id: user_id.to_owned(),
            symbol: inst.symbol.clone(),
            funding_at_ms: instant,
            rate_ppm: t.rate,
            lots: position.lots,
            mark: t.mark,
            amount,
            created_at_ms: self.now_ms(),
        };
        if !repo::insert_funding(tx, &row).await? {
            return Ok(false);
        }
        // A payment comes from the whole wallet: the position's own hold is released and taken again.
        fills::release_margin(tx, &mut position).await?;
        repo::save_position(tx, &position).await?;
        let event = format!("perp-funding:{user_id}:{}:{instant}", inst.symbol);
        let movement = Settlement {
            amount,
            fee: 0,
            counterparty: AccountKind::PerpExchange,
            reason: EntryReason::PerpFunding,
            event_id: &event,
            at_ms: self.now_ms(),
        };
        let covered = settle(tx, &self.svc.instruments, user_id, &movement).await?;
        position.funding += amount + covered;
        fills::hold_margin(tx, &inst.contract, &mut position, &format!("{event}:margin")).await?;
        position.updated_at_ms = self.now_ms();
        repo::save_position(tx, &position).await?;
        Ok(true)
    }
}

//! The owner of one pair's book: a task that alone touches the engine book of its pair, taking
//! commands over a channel (DESIGN.md "Scale": each instrument's book has one owner).
//!
//! Every command runs as: reserve in the database (order row and hold), run the engine, apply its
//! events (fills with fees and tax, order states, holds) in the same transaction. Commands queued
//! together share one transaction (group commit, `batch.rs`): each runs behind its own savepoint,
//! and clients are answered only after the one commit. A refusal before the engine ran rolls back
//! to the savepoint and leaves everything as it was. A failure after the engine ran rolls back too,
//! and the book is rebuilt from what the transaction holds, so the book and the database never
//! disagree about an acknowledged order.
//!
//! The owner also supervises itself: an engine panic, a failed rebuild, or a book found to disagree
//! with the database's open orders (checked every `trading.book_check_interval_ms`) halts the pair
//! with a reason. While halted it refuses commands (503 `pair_halted`) and retries the rebuild on
//! every tick; the first rebuild that succeeds resumes trading. Each halt is logged and counted
//! (`book_owner_halts_total`, gauge `book_halted`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use engine::{Book, Config, Event, LevelView, NewOrder, OrderId, OwnerId, Quote, RejectReason, Side};
use market::{QuoteSide, Simulator};
use store::chain::Chain;
use store::idempotency::{StoredResponse, Unclaimed};
use store::Db;
use tokio::sync::{mpsc, oneshot};

use crate::features::orders::errors::TradeError;

use super::accounts::KnownAccounts;
use super::amend_plan::plan_amend;
use super::deferred::Deferred;
use super::oco_plan::plan_oco;
use super::pair::PairSpec;
use super::phases::Phases;
use super::plan::{plan, Rules};
use super::repo::{self, OrderRow};
pub use super::requests::{AmendRequest, Ask, OcoRequest, PlaceKind, PlaceRequest};
use super::touched::Touched;
use super::{live::UserEvents, restore};
use crate::config::TradingSettings;

/// Engine ids at or above this belong to liquidity-provider quotes, which are never stored.
pub const LP_ID_BASE: u64 = 1 << 60;
/// Depth levels a side kept in the shared view (the book call shows 10; estimates walk deeper).
pub const VIEW_LEVELS: usize = 50;
/// Commands queued per pair before callers wait.
pub const QUEUE_DEPTH: usize = 1_024;
/// Most commands one write transaction carries.
pub const BATCH_MAX: usize = 64;

/// A transaction as the repositories take it.
pub(super) type Tx = sqlx::Transaction<'static, sqlx::Any>;
/// A command's answer: its order row and every user order it touched (for `/ws`).
pub(super) type Outcome = (OrderRow, Vec<OrderRow>);

/// A command with its reply channel.
pub struct Envelope {
    /// What is asked.
    pub ask: Ask,
    /// The request's idempotency key, when the answer is kept with the order (issue 12).
    pub answer_key: Option<store::idempotency::Unclaimed>,
    /// Where the answer goes.
    pub reply: oneshot::Sender<Result<OrderRow, TradeError>>,
}

/// Holds an owner between two batches: it says `paused`, then waits for `resume` (or its sender's
/// drop), while commands queue behind it. Tests queue a batch this way; see `Pair::pause`.
pub struct Pause {
    /// Told once the owner is held.
    pub paused: oneshot::Sender<()>,
    /// The owner goes on when this is sent or dropped.
    pub resume: oneshot::Receiver<()>,
}

/// What the service keeps of a started owner: its command queue, its pause queue and its view.
pub type Started = (mpsc::Sender<Envelope>, mpsc::UnboundedSender<Pause>, Arc<RwLock<PairView>>);

/// What a commit opens behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AfterCommit {
    /// The next batch's transaction, when commands are queued (`store::chain`).
    NextBatch,
    /// Nothing: the connection goes back to the pool.
    Nothing,
}

/// What readers see of a book without asking its owner.
#[derive(Debug, Clone, Default)]
pub struct PairView {
    /// Best bids first.
    pub bids: Vec<LevelView>,
    /// Best asks first.
    pub asks: Vec<LevelView>,
    /// Last trade price.
    pub last_price: Option<i64>,
    /// Most commands one write transaction has carried (shows group commit at work).
    pub largest_batch: usize,
    /// Batches committed by an optimistic run (`optimistic.rs`).
    pub optimistic_batches: u64,
    /// Optimistic runs abandoned, their batch run again with savepoints.
    pub reruns: u64,
    /// Batches run in the transaction their predecessor's commit opened (`store::chain`).
    pub chained_batches: u64,
    /// Counts the views published, so a reader can tell whether its copy is still current.
    pub version: u64,
}

/// Everything an owner needs from the application.
#[derive(Clone)]
pub struct OwnerDeps {
    /// The database.
    pub db: Db,
    /// The simulator the providers quote around.
    pub sim: Arc<Simulator>,
    /// Provider codes in catalogue order (owner ids 1..=6).
    pub providers: Arc<Vec<String>>,
    /// Fees, minimums, collars.
    pub settings: Arc<TradingSettings>,
    /// The order id source shared by every pair.
    pub ids: Arc<AtomicI64>,
    /// Users' order and balance events for `/ws`.
    pub user_events: UserEvents,
}

/// The task state of one pair.
pub struct PairOwner {
    pub(super) spec: PairSpec,
    pub(super) book: Book,
    pub(super) deps: OwnerDeps,
    view: Arc<RwLock<PairView>>,
    owners: HashMap<String, OwnerId>,
    next_owner: u64,
    next_quote_id: u64,
    quote_key: Option<(i64, i64)>,
    /// Why the pair is halted, while it is.
    pub(super) halted: Option<String>,
    /// Whether the current command changed the book (so its failure needs a rebuild).
    pub(super) engine_ran: bool,
    /// Whether the current command wrote to the database (so its failure needs a rollback).
    pub(super) command_wrote: bool,
    /// Whether new orders wait for the batch's commit instead of being inserted at once (an
    /// optimistic run, `optimistic.rs`).
    pub(super) deferring: bool,
    /// Batches still to run with savepoints before the next optimistic run.
    pub(super) slow_batches: u32,
    /// Batches committed by an optimistic run so far.
    pub(super) optimistic_batches: u64,
    /// Optimistic runs abandoned so far.
    pub(super) reruns: u64,
    /// Most commands one batch has carried.
    pub(super) largest_batch: usize,
    /// Ledger accounts known to exist, not opened again.
    pub(super) accounts: KnownAccounts,
    /// Fill entries and trades waiting for the transaction's commit.
    pub(super) pending: Deferred,
    /// The timers of a batch's steps.
    pub(super) phases: Phases,
    next_check: tokio::time::Instant,
    /// The commands queued behind the current batch.
    pub(super) inbox: mpsc::Receiver<Envelope>,
    /// Where the batches' transactions come from: a commit made while commands are queued opens
    /// the next batch's (`store::chain`).
    pub(super) chain: Chain,
}

/// The book settings every pair uses.
pub fn book_config(settings: &TradingSettings) -> Config {
    Config { orders_per_owner_max: settings.open_orders_per_user_max.max(64), ..Config::default() }
}

impl PairOwner {
    /// Rebuilds the pair's book from its open orders and starts its task.
    pub async fn spawn(spec: PairSpec, deps: OwnerDeps) -> anyhow::Result<Started> {
        let view = Arc::new(RwLock::new(PairView::default()));
        let phases = Phases::of(&spec.symbol);
        let (tx, inbox) = mpsc::channel(QUEUE_DEPTH);
        let mut owner = PairOwner {
            chain: Chain::new(deps.db.clone()),
            book: Book::new(book_config(&deps.settings)),
            spec,
            deps,
            view: view.clone(),
            owners: HashMap::new(),
            next_owner: 1_000,
            next_quote_id: LP_ID_BASE,
            quote_key: None,
            halted: None,
            engine_ran: false,
            command_wrote: false,
            deferring: false,
            slow_batches: 0,
            optimistic_batches: 0,
            reruns: 0,
            largest_batch: 0,
            accounts: KnownAccounts::default(),
            pending: Deferred::default(),
            phases,
            next_check: tokio::time::Instant::now(),
            inbox,
        };
        owner.schedule_check();
        owner.rebuild().await?;
        let (pause_tx, pauses) = mpsc::unbounded_channel();
        tokio::spawn(owner.run(pauses));
        Ok((tx, pause_tx, view))
    }

    async fn run(mut self, mut pauses: mpsc::UnboundedReceiver<Pause>) {
        let mut ticker = tokio::time::interval(Duration::from_millis(self.deps.settings.requote_interval_ms.max(50)));
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            if self.inbox.is_empty() {
                // Opened for queued commands only; an idle owner holds no connection.
                self.chain.end();
            }
            tokio::select! {
                biased;
                next = self.inbox.recv() => match next {
                    Some(first) => {
                        let mut batch = vec![first];
                        while batch.len() < BATCH_MAX {
                            match self.inbox.try_recv() {
                                Ok(next) => batch.push(next),
                                Err(_) => break,
                            }
                        }
                        self.run_batch(batch).await;
                        self.publish_view();
                    }
                    None => return,
                },
                Some(pause) = pauses.recv() => {
                    let _ = pause.paused.send(());
                    let _ = pause.resume.await;
                }
                _ = ticker.tick() => {
                    if self.halted.is_some() {
                        self.try_resume().await;
                    } else {
                        self.requote().await;
                        self.follow_trails().await;
                        if tokio::time::Instant::now() >= self.next_check {
                            self.check_against_database().await;
                        }
                    }
                    self.publish_view();
                }
            }
        }
    }

    /// Stops trading on the pair until a rebuild succeeds.
    pub(super) fn halt(&mut self, why: String) {
        tracing::error!(symbol = %self.spec.symbol, reason = %why, "pair halted");
        metrics::counter!("book_owner_halts_total", "symbol" => self.spec.symbol.clone()).increment(1);
        metrics::gauge!("book_halted", "symbol" => self.spec.symbol.clone()).set(1.0);
        self.halted = Some(why);
    }

    /// Rebuilds the book from the database; resumes trading when it succeeds.
    pub(super) async fn try_resume(&mut self) {
        match self.rebuild().await {
            Ok(()) => {
                if let Some(why) = self.halted.take() {
                    tracing::warn!(symbol = %self.spec.symbol, after = %why, "pair resumed on a rebuilt book");
                    metrics::gauge!("book_halted", "symbol" => self.spec.symbol.clone()).set(0.0);
                }
                self.schedule_check();
            }
            Err(e) => {
                if self.halted.is_none() {
                    self.halt(format!("rebuild failed: {e}"));
                }
                tracing::warn!(symbol = %self.spec.symbol, error = %e, "the pair's book could not be rebuilt yet");
            }
        }
    }

    fn schedule_check(&mut self) {
        let every = Duration::from_millis(self.deps.settings.book_check_interval_ms.max(50));
        self.next_check = tokio::time::Instant::now() + every;
    }

    /// Compares the book's users' orders with the database's open orders; on any difference the
    /// pair halts and is rebuilt from the database, which is the truth.
    async fn check_against_database(&mut self) {
        self.schedule_check();
        let rows = match repo::open_of_symbol(&self.deps.db, &self.spec.symbol).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(symbol = %self.spec.symbol, error = %e, "could not read open orders to check the book");
                return;
            }
        };
        let owners: Vec<OwnerId> = rows.iter().map(|r| self.owner_of(&r.user_id)).collect();
        let expected =
            restore::book_from_rows(book_config(&self.deps.settings), &rows, &owners, self.book.last_price());
        let agrees = match &expected {
            Ok(expected) => self.agrees_with(expected, &rows),
            Err(_) => false,
        };
        if !agrees {
            let why = match expected {
                Ok(_) => "the book disagreed with the database's open orders".to_owned(),
                Err(e) => format!("the database's open orders do not form a book: {e}"),
            };
            self.halt(why);
            self.try_resume().await;
        }
    }

    /// Whether the book holds exactly the users' orders of `expected`, with the same quantities.
    fn agrees_with(&self, expected: &Book, rows: &[OrderRow]) -> bool {
        let quotes: usize =
            (1..=self.deps.providers.len() as u64).map(|p| self.book.open_orders(OwnerId(p)).len()).sum();
        if self.book.len().saturating_sub(quotes) != expected.len() {
            return false;
        }
        rows.iter().all(|row| {
            let id = OrderId(row.id as u64);
            match (expected.order(id), self.book.order(id)) {
                (Some(want), Some(have)) => {
                    (want.qty, want.filled, want.price, want.stop_price)
                        == (have.qty, have.filled, have.price, have.stop_price)
                }
                (None, None) => true,
                _ => false,
            }
        })
    }

    /// Runs one command inside the batch's transaction.
    pub(super) async fn handle(&mut self, tx: &mut Tx, ask: Ask) -> Result<Outcome, TradeError> {
        match ask {
            Ask::Place(request) => self.place(tx, request).await,
            Ask::Oco(request) => self.place_oco(tx, request).await,
            Ask::Cancel { user_id, order_id } => self.cancel(tx, &user_id, order_id).await,
            Ask::Amend(request) => self.amend(tx, request).await,
        }
    }

    /// Now on the application's clock (the simulator reads the same one), Unix ms.
    pub(super) fn now_ms(&self) -> i64 {
        self.deps.sim.now().timestamp_millis()
    }

    /// The engine owner id of a user (interned; the engine only compares them).
    pub(super) fn owner_of(&mut self, user_id: &str) -> OwnerId {
        if let Some(id) = self.owners.get(user_id) {
            return *id;
        }
        self.next_owner += 1;
        let id = OwnerId(self.next_owner);
        self.owners.insert(user_id.to_owned(), id);
        id
    }

    fn new_id(&self) -> i64 {
        self.deps.ids.fetch_add(1, Ordering::SeqCst) + 1
    }

    pub(super) fn publish_view(&self) {
        let (bids, asks) = (self.book.depth(Side::Buy, VIEW_LEVELS), self.book.depth(Side::Sell, VIEW_LEVELS));
        let mut shown = self.view.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        *shown = PairView {
            bids,
            asks,
            last_price: self.book.last_price(),
            largest_batch: self.largest_batch,
            optimistic_batches: self.optimistic_batches,
            reruns: self.reruns,
            chained_batches: self.chain.chained(),
            version: shown.version + 1,
        };
    }

    /// The pricing rules of this pair.
    pub(super) fn rules(&self) -> Rules<'_> {
        Rules { spec: &self.spec, settings: &self.deps.settings }
    }

    async fn place(&mut self, tx: &mut Tx, request: PlaceRequest) -> Result<Outcome, TradeError> {
        let plan = plan(&self.rules(), &self.book, &request)?;
        let id = self.new_id();
        let owner = self.owner_of(&request.user_id);
        let mut row = plan.row(id, &self.spec.symbol, &request, self.now_ms());
        // The row is stored once, when the command settles, with its hold already on it; an order
        // that cannot rest is only checked against what the user can spend.
        if plan.engine.can_rest() {
            self.open_hold(tx, &mut row, plan.hold).await?;
        } else {
            self.reserve_within_command(tx, &mut row, plan.hold).await?;
        }
        let mut out = Vec::new();
        self.book
            .place(NewOrder { id: OrderId(id as u64), owner, side: request.side, order_type: plan.engine }, &mut out);
        if let Some(refused) = rejection(&out, self.book.config()) {
            return Err(refused);
        }
        self.engine_ran = true;
        self.conclude(tx, &out, Touched::placing([row]), id).await
    }

    async fn place_oco(&mut self, tx: &mut Tx, request: OcoRequest) -> Result<Outcome, TradeError> {
        let planned = plan_oco(&self.rules(), &request)?;
        let ids = (self.new_id(), self.new_id());
        let owner = self.owner_of(&request.user_id);
        let (mut tp, sl) = planned.rows(&request, ids, &self.spec.symbol, self.now_ms());
        self.open_hold(tx, &mut tp, planned.hold()).await?;
        let mut out = Vec::new();
        self.book.place_oco(planned.engine(&request, ids, owner), &mut out);
        if let Some(refused) = rejection(&out, self.book.config()) {
            return Err(refused);
        }
        self.engine_ran = true;
        self.conclude(tx, &out, Touched::placing([tp, sl]), ids.0).await
    }

    async fn cancel(&mut self, tx: &mut Tx, user_id: &str, order_id: i64) -> Result<Outcome, TradeError> {
        let row = self.user_order_in(tx, user_id, order_id).await?.ok_or(TradeError::OrderNotFound)?;
        if !row.is_open || row.symbol != self.spec.symbol {
            return Err(TradeError::OrderNotOpen);
        }
        let owner = self.owner_of(user_id);
        let mut out = Vec::new();
        self.book.cancel(OrderId(order_id as u64), owner, &mut out);
        if out.iter().any(|e| matches!(e, Event::CancelRejected { .. })) {
            return Err(TradeError::OrderNotOpen);
        }
        self.engine_ran = true;
        self.conclude(tx, &out, Touched::loaded(row), order_id).await
    }

    async fn amend(&mut self, tx: &mut Tx, request: AmendRequest) -> Result<Outcome, TradeError> {
        let mut row =
            self.user_order_in(tx, &request.user_id, request.order_id).await?.ok_or(TradeError::OrderNotFound)?;
        if !row.is_open || row.symbol != self.spec.symbol {
            return Err(TradeError::OrderNotOpen);
        }
        let planned = plan_amend(&self.rules(), &row, &request)?;
        let owner = self.owner_of(&request.user_id);
        self.command_wrote = true;
        self.close_holds(tx, &mut row, false).await?;
        row.hold_total = planned.hold_total;
        let mut out = Vec::new();
        self.book.amend(planned.engine(row.id, owner), &mut out);
        if let Some(Event::AmendRejected { reason, .. }) = out.iter().find(|e| matches!(e, Event::AmendRejected { .. }))
        {
            return Err(TradeError::Rejected(reason.to_string()));
        }
        self.engine_ran = true;
        let id = row.id;
        self.conclude(tx, &out, Touched::loaded(row), id).await
    }

    /// Applies the engine's events to `known` and the orders they name, inside the command's
    /// transaction; answers order `id` as stored (read back only if no event touched it).
    pub(super) async fn conclude(
        &mut self,
        tx: &mut Tx,
        out: &[Event],
        known: Touched,
        id: i64,
    ) -> Result<Outcome, TradeError> {
        let touched = self.apply_to(tx, out, known).await?;
        let row = match touched.iter().find(|row| row.id == id) {
            Some(row) => row.clone(),
            None => self.order_in(tx, id).await?.ok_or_else(|| TradeError::Internal(format!("order {id} vanished")))?,
        };
        Ok((row, touched))
    }

    /// Order `id` as the batch sees it: a new order waiting for the commit, else the stored one.
    pub(super) async fn order_in(&self, tx: &mut Tx, id: i64) -> Result<Option<OrderRow>, TradeError> {
        match self.pending.order(id) {
            Some(row) => Ok(Some(row.clone())),
            None => Ok(repo::get_tx(tx, id).await?),
        }
    }

    /// Order `id` of `user_id` as the batch sees it (see [`Self::order_in`]).
    async fn user_order_in(&self, tx: &mut Tx, user_id: &str, id: i64) -> Result<Option<OrderRow>, TradeError> {
        match self.pending.order(id) {
            Some(row) => Ok((row.user_id == user_id).then(|| row.clone())),
            None => Ok(repo::get_for_user_tx(tx, user_id, id).await?),
        }
    }

    /// The order `user_id` placed under `request_id`, as the batch sees it.
    pub(super) async fn order_of_request_in(
        &self,
        tx: &mut Tx,
        user_id: &str,
        request_id: &str,
    ) -> Result<Option<OrderRow>, TradeError> {
        match self.pending.order_of_request(user_id, request_id) {
            Some(row) => Ok(Some(row.clone())),
            None => Ok(repo::by_request_tx(tx, user_id, request_id).await?),
        }
    }

    /// Concludes a command run outside a batch in its own transaction and commits it; rebuilds the
    /// book on failure.
    pub(super) async fn finish(
        &mut self,
        mut wtx: store::WriteTx,
        out: &[Event],
        id: i64,
    ) -> Result<OrderRow, TradeError> {
        let result = match self.conclude(&mut wtx.tx, out, Touched::default(), id).await {
            Ok((row, touched)) => match self.commit_pending(wtx, &[], AfterCommit::Nothing).await {
                Ok(()) => {
                    self.deps.user_events.publish_rows(&self.spec, &touched);
                    return Ok(row);
                }
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        };
        self.batch_failed();
        // The engine ran but its effects were not stored: put the book back to what the database
        // holds; if even that fails, the pair halts until it can.
        if let Err(e) = self.rebuild().await {
            self.halt(format!("rebuild failed: {e}"));
        }
        result
    }

    /// Writes `answers` and the rows waiting for the commit ([`Deferred`]), then commits `wtx`. Only
    /// a batch of queued commands (`then` is [`AfterCommit::NextBatch`]) may open the next batch's
    /// transaction: work between batches (a re-quote, trails) may want a connection of its own, and
    /// a chained transaction holding the pool's last one would leave it waiting.
    pub(super) async fn commit_pending(
        &mut self,
        mut wtx: store::WriteTx,
        answers: &[(Unclaimed, StoredResponse)],
        then: AfterCommit,
    ) -> Result<(), TradeError> {
        self.pending.write(&mut wtx.tx, answers).await?;
        match then {
            AfterCommit::NextBatch => self.commit_batch(wtx).await?,
            AfterCommit::Nothing => wtx.commit().await?,
        }
        Ok(())
    }

    /// Re-quotes the providers around the simulator's current price when it or the quote bucket
    /// moved, storing any fills against users' orders in a transaction of its own.
    pub(super) async fn requote(&mut self) {
        let out = self.move_quotes();
        if out.is_empty() {
            return;
        }
        let outcome = match self.deps.db.begin_write().await {
            Ok(mut wtx) => match self.apply(&mut wtx.tx, &out).await {
                Ok(touched) => self.commit_pending(wtx, &[], AfterCommit::Nothing).await.map(|()| touched),
                Err(e) => Err(e),
            },
            Err(e) => Err(e.into()),
        };
        match outcome {
            Ok(touched) => self.deps.user_events.publish_rows(&self.spec, &touched),
            Err(e) => {
                tracing::error!(symbol = %self.spec.symbol, error = %e, "could not store a re-quote's fills");
                self.batch_failed();
                self.quote_key = None;
                if let Err(e) = self.rebuild().await {
                    self.halt(format!("rebuild failed: {e}"));
                }
            }
        }
    }

    /// Replaces the providers' quotes in the book when the price or the quote bucket moved;
    /// returns the engine's events when they touch a user's order (empty otherwise).
    pub(super) fn move_quotes(&mut self) -> Vec<Event> {
        let sim = self.deps.sim.clone();
        let now = sim.now();
        let Ok(price) = sim.price_at(&self.spec.symbol, now) else { return Vec::new() };
        let key = (
            market::tick::to_units(price, self.spec.price_scale),
            now.timestamp().div_euclid(market::quotes::QUOTE_BUCKET_SECS),
        );
        if self.quote_key == Some(key) {
            return Vec::new();
        }
        let Ok(quotes) = sim.quotes(&self.spec.symbol, price, now) else { return Vec::new() };
        self.quote_key = Some(key);
        let mut out = Vec::new();
        for (index, code) in self.deps.providers.clone().iter().enumerate() {
            let batch: Vec<Quote> = quotes
                .iter()
                .filter(|q| &q.provider == code)
                .map(|q| {
                    self.next_quote_id += 1;
                    Quote {
                        id: OrderId(self.next_quote_id),
                        side: if q.side == QuoteSide::Bid { Side::Buy } else { Side::Sell },
                        price: q.price_units,
                        qty: q.quantity_units,
                    }
                })
                .collect();
            self.book.replace_quotes(OwnerId(index as u64 + 1), &batch, &mut out);
        }
        if !out.iter().any(touches_user) {
            return Vec::new();
        }
        out
    }

    /// Rebuilds the book from the open orders in the database, in time priority.
    pub(super) async fn rebuild(&mut self) -> anyhow::Result<()> {
        let rows = repo::open_of_symbol(&self.deps.db, &self.spec.symbol).await?;
        let owners: Vec<OwnerId> = rows.iter().map(|r| self.owner_of(&r.user_id)).collect();
        let last_price = self.book.last_price();
        self.book = restore::book_from_rows(book_config(&self.deps.settings), &rows, &owners, last_price)?;
        self.quote_key = None;
        Ok(())
    }

    /// Rebuilds the book from the open orders as `tx` sees them: inside a batch, the committed
    /// database plus the batch's commands so far.
    pub(super) async fn rebuild_in(&mut self, tx: &mut Tx) -> anyhow::Result<()> {
        let rows = repo::open_of_symbol_tx(tx, &self.spec.symbol).await?;
        let owners: Vec<OwnerId> = rows.iter().map(|r| self.owner_of(&r.user_id)).collect();
        let last_price = self.book.last_price();
        self.book = restore::book_from_rows(book_config(&self.deps.settings), &rows, &owners, last_price)?;
        self.quote_key = None;
        Ok(())
    }
}

/// Why the engine refused a placement, as the user is told: the open-order limit in the words
/// every class uses, anything else as the engine put it.
fn rejection(out: &[Event], config: &Config) -> Option<TradeError> {
    out.iter().find_map(|e| match e {
        Event::Rejected { reason: RejectReason::OwnerLimitReached, .. } => {
            Some(TradeError::TooManyOpenOrders(config.orders_per_owner_max))
        }
        Event::Rejected { reason, .. } => Some(TradeError::Rejected(reason.to_string())),
        _ => None,
    })
}

/// Whether an event concerns a user's order (anything else is provider bookkeeping).
fn touches_user(event: &Event) -> bool {
    let user = |id: OrderId| id.0 < LP_ID_BASE;
    match event {
        Event::Fill(f) => user(f.taker_order) || user(f.maker_order),
        Event::Accepted { order, .. }
        | Event::Cancelled { order, .. }
        | Event::Amended { order, .. }
        | Event::StopTriggered { order, .. } => user(*order),
        _ => false,
    }
}

/// The order-id source, continuing above every id ever stored.
pub async fn id_source(db: &Db) -> anyhow::Result<Arc<AtomicI64>> {
    Ok(Arc::new(AtomicI64::new(repo::max_id(db).await?)))
}

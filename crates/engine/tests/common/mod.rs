//! A model-checking harness shared by the property and fuzz tests: it turns small random
//! operations into commands and checks every event against an independent ledger of orders.

use engine::*;
use std::collections::{BTreeMap, BTreeSet};

/// A random operation; ids and owners are resolved by the harness so any sequence is meaningful.
#[derive(Clone, Debug)]
pub enum Op {
    Limit { owner: u8, buy: bool, price: i64, qty: i64, tif: u8 },
    Market { owner: u8, buy: bool, qty: i64 },
    MarketQuote { owner: u8, quote: i64 },
    Stop { owner: u8, buy: bool, stop: i64, qty: i64, limit: Option<i64> },
    Oco { owner: u8, buy: bool, limit: i64, stop: i64, qty: i64, stop_limit: Option<i64> },
    Cancel { pick: usize, wrong_owner: bool },
    Amend { pick: usize, qty: Option<i64>, price: Option<i64>, stop: Option<i64> },
    Replace { owner: u8, quotes: Vec<(bool, i64, i64)> },
}

/// What the model knows about one order.
#[derive(Clone, Debug, Default)]
struct Track {
    side: Option<Side>,
    original: Qty,
    filled: Qty,
    cancelled: Qty,
    price: Option<Price>,
    quote: Option<Notional>,
    spent: Notional,
    unspent: Notional,
}

/// Drives a book and checks every invariant after every command.
pub struct Harness {
    pub book: Book,
    next_id: u64,
    issued: Vec<(OrderId, OwnerId)>,
    tracks: BTreeMap<OrderId, Track>,
    pub events: Vec<Event>,
}

fn side(buy: bool) -> Side {
    if buy {
        Side::Buy
    } else {
        Side::Sell
    }
}

fn tif(n: u8) -> TimeInForce {
    match n % 4 {
        0 | 1 => TimeInForce::Gtc,
        2 => TimeInForce::Ioc,
        _ => TimeInForce::Fok,
    }
}

impl Harness {
    pub fn new(config: Config) -> Harness {
        Harness { book: Book::new(config), next_id: 1, issued: Vec::new(), tracks: BTreeMap::new(), events: Vec::new() }
    }

    fn id(&mut self, owner: OwnerId, t: Track) -> OrderId {
        let id = OrderId(self.next_id);
        self.next_id += 1;
        self.issued.push((id, owner));
        self.tracks.insert(id, t);
        id
    }

    /// Turns an op into a command, registering what the model needs to know.
    pub fn command(&mut self, op: &Op) -> Command {
        match *op {
            Op::Limit { owner, buy, price, qty, tif: t } => {
                let owner = OwnerId(u64::from(owner));
                let track = Track { side: Some(side(buy)), original: qty, price: Some(price), ..Track::default() };
                let id = self.id(owner, track);
                let order_type = OrderType::Limit { price, qty, tif: tif(t) };
                Command::New(NewOrder { id, owner, side: side(buy), order_type })
            }
            Op::Market { owner, buy, qty } => {
                let owner = OwnerId(u64::from(owner));
                let id = self.id(owner, Track { side: Some(side(buy)), original: qty, ..Track::default() });
                Command::New(NewOrder { id, owner, side: side(buy), order_type: OrderType::Market { qty } })
            }
            Op::MarketQuote { owner, quote } => {
                let owner = OwnerId(u64::from(owner));
                let quote = Notional::from(quote);
                let id = self.id(owner, Track { side: Some(Side::Buy), quote: Some(quote), ..Track::default() });
                Command::New(NewOrder { id, owner, side: Side::Buy, order_type: OrderType::MarketQuote { quote } })
            }
            Op::Stop { owner, buy, stop, qty, limit } => {
                let owner = OwnerId(u64::from(owner));
                let id =
                    self.id(owner, Track { side: Some(side(buy)), original: qty, price: limit, ..Track::default() });
                let order_type = match limit {
                    Some(price) => OrderType::StopLimit { stop_price: stop, price, qty, tif: TimeInForce::Gtc },
                    None => OrderType::Stop { stop_price: stop, qty },
                };
                Command::New(NewOrder { id, owner, side: side(buy), order_type })
            }
            Op::Oco { owner, buy, limit, stop, qty, stop_limit } => {
                let owner = OwnerId(u64::from(owner));
                let s = Some(side(buy));
                let limit_id = self.id(owner, Track { side: s, original: qty, price: Some(limit), ..Track::default() });
                let stop_id = self.id(owner, Track { side: s, original: qty, price: stop_limit, ..Track::default() });
                Command::NewOco(NewOco {
                    owner,
                    side: side(buy),
                    qty,
                    limit_id,
                    limit_price: limit,
                    stop_id,
                    stop_price: stop,
                    stop_limit_price: stop_limit,
                })
            }
            Op::Cancel { pick, wrong_owner } => {
                let (id, owner) = self.pick(pick);
                let owner = if wrong_owner { OwnerId(owner.0 + 100) } else { owner };
                Command::Cancel { id, owner }
            }
            Op::Amend { pick, qty, price, stop } => {
                let (id, owner) = self.pick(pick);
                Command::Amend(Amend { id, owner, qty, price, stop_price: stop })
            }
            Op::Replace { owner, ref quotes } => {
                let owner = OwnerId(u64::from(owner));
                let quotes = quotes
                    .iter()
                    .map(|&(buy, price, qty)| {
                        let t = Track { side: Some(side(buy)), original: qty, price: Some(price), ..Track::default() };
                        Quote { id: self.id(owner, t), side: side(buy), price, qty }
                    })
                    .collect();
                Command::ReplaceQuotes { owner, quotes }
            }
        }
    }

    /// Picks a recent order, live or not, so cancels and amends also hit dead ids.
    fn pick(&self, pick: usize) -> (OrderId, OwnerId) {
        if self.issued.is_empty() {
            return (OrderId(u64::MAX), OwnerId(0));
        }
        let window = self.issued.len().min(64);
        self.issued[self.issued.len() - 1 - pick % window]
    }

    /// Runs an op, checks everything, and returns this command's events.
    pub fn step(&mut self, op: &Op) -> Vec<Event> {
        let cmd = self.command(op);
        let mut out = Vec::new();
        self.book.execute(&cmd, &mut out);
        if let Command::ReplaceQuotes { quotes, .. } = &cmd {
            if matches!(out.first(), Some(Event::QuotesRejected { .. })) {
                for q in quotes {
                    self.tracks.remove(&q.id);
                }
            }
        }
        self.check(&out);
        self.events.extend_from_slice(&out);
        out
    }

    fn check(&mut self, out: &[Event]) {
        if let Err(e) = self.book.validate() {
            panic!("invariant broken: {e}\nevents: {out:?}");
        }
        let mut touched = BTreeSet::new();
        for e in out {
            match *e {
                // A rejected duplicate id must not wipe the live order's track.
                Event::Rejected { order, .. } if self.book.order(order).is_none() => {
                    self.tracks.remove(&order);
                }
                Event::Fill(f) => self.check_fill(&f, &mut touched),
                Event::Cancelled { order, qty, quote, .. } => {
                    let t = self.tracks.get_mut(&order).expect("cancel of a tracked order");
                    t.cancelled += qty;
                    t.unspent += quote;
                    touched.insert(order);
                }
                Event::Amended { order, qty, price, .. } => {
                    let t = self.tracks.get_mut(&order).expect("amend of a tracked order");
                    t.original = qty;
                    t.price = price;
                    touched.insert(order);
                }
                Event::StopTriggered { stop_price, last_price, order, .. } => {
                    let s = self.tracks[&order].side.unwrap();
                    let due = if s == Side::Buy { last_price >= stop_price } else { last_price <= stop_price };
                    assert!(due, "stop {order:?} triggered before its price");
                }
                Event::Accepted { order, .. } => {
                    touched.insert(order);
                }
                _ => {}
            }
        }
        for id in touched {
            self.check_conserved(id);
        }
    }

    fn check_fill(&mut self, f: &Fill, touched: &mut BTreeSet<OrderId>) {
        assert_ne!(f.taker_owner, f.maker_owner, "self trade");
        assert!(f.qty > 0);
        let maker = self.tracks.get_mut(&f.maker_order).expect("maker tracked");
        assert_eq!(maker.price, Some(f.price), "fill not at the maker's price");
        assert_eq!(maker.side, Some(f.taker_side.opposite()));
        maker.filled += f.qty;
        let taker = self.tracks.get_mut(&f.taker_order).expect("taker tracked");
        match (taker.price, f.taker_side) {
            (Some(limit), Side::Buy) => assert!(f.price <= limit, "buy filled above its limit"),
            (Some(limit), Side::Sell) => assert!(f.price >= limit, "sell filled below its limit"),
            (None, _) => {}
        }
        taker.filled += f.qty;
        taker.spent += Notional::from(f.price) * Notional::from(f.qty);
        if let Some(q) = taker.quote {
            assert!(taker.spent <= q, "a by-amount buy overspent");
        }
        touched.insert(f.maker_order);
        touched.insert(f.taker_order);
    }

    fn check_conserved(&self, id: OrderId) {
        let Some(t) = self.tracks.get(&id) else {
            return;
        };
        let live = self.book.order(id);
        if let Some(q) = t.quote {
            assert!(live.is_none(), "a market order rested");
            assert_eq!(t.spent + t.unspent, q, "quote not conserved for {id:?}");
            return;
        }
        let remaining = live.map_or(0, |o| o.remaining());
        if let Some(o) = live {
            assert_eq!(o.filled, t.filled, "filled disagrees for {id:?}");
            assert_eq!(o.qty, t.original, "qty disagrees for {id:?}");
        }
        assert_eq!(t.filled + remaining + t.cancelled, t.original, "quantity not conserved for {id:?}: {t:?}");
    }

    /// Every order ever accepted that is no longer live must be accounted for in full.
    pub fn check_all(&self) {
        for &id in self.tracks.keys() {
            self.check_conserved(id);
        }
    }
}

/// Draws a random op from any RNG, with prices clustered so orders cross often.
pub fn random_op<R: rand::Rng>(rng: &mut R, mid: i64) -> Op {
    let owner = rng.gen_range(1..=5u8);
    let buy = rng.gen_bool(0.5);
    let price = mid + rng.gen_range(-6..=6);
    let qty = rng.gen_range(1..=10);
    match rng.gen_range(0..100) {
        0..=34 => Op::Limit { owner, buy, price, qty, tif: rng.gen() },
        35..=41 => Op::Market { owner, buy, qty },
        42..=45 => Op::MarketQuote { owner, quote: rng.gen_range(1..=3_000) },
        46..=53 => {
            let stop = mid + rng.gen_range(-8..=8);
            let limit = if rng.gen_bool(0.5) { Some(stop + rng.gen_range(-2..=2)) } else { None };
            Op::Stop { owner, buy, stop, qty, limit }
        }
        54..=58 => {
            let (limit, stop) = if buy { (mid - 3, mid + 3) } else { (mid + 3, mid - 3) };
            let stop_limit = if rng.gen_bool(0.5) { Some(stop) } else { None };
            Op::Oco { owner, buy, limit: limit + rng.gen_range(-2..=2), stop, qty, stop_limit }
        }
        59..=72 => Op::Cancel { pick: rng.gen(), wrong_owner: rng.gen_bool(0.05) },
        73..=90 => Op::Amend {
            pick: rng.gen(),
            qty: rng.gen_bool(0.6).then(|| rng.gen_range(0..=12)),
            price: rng.gen_bool(0.4).then(|| mid + rng.gen_range(-6..=6)),
            stop: rng.gen_bool(0.2).then(|| mid + rng.gen_range(-8..=8)),
        },
        _ => {
            let n = rng.gen_range(0..=8);
            let quotes = (0..n)
                .map(|i| {
                    let buy = i % 2 == 0;
                    let off = rng.gen_range(1..=5);
                    (buy, if buy { mid - off } else { mid + off }, rng.gen_range(1..=20))
                })
                .collect();
            Op::Replace { owner: 6, quotes }
        }
    }
}

// Used by the fuzz test and target, not by the property tests that share this module.
#[allow(dead_code)]
/// A "random" source that reads the fuzzer's bytes in order (zeros once they run out), so a
/// coverage-guided fuzzer's mutations map straight onto the choice of operations.
pub struct ByteRng<'a> {
    bytes: &'a [u8],
}

#[allow(dead_code)]
impl<'a> ByteRng<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        ByteRng { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
}

impl rand::RngCore for ByteRng<'_> {
    fn next_u32(&mut self) -> u32 {
        let mut buf = [0u8; 4];
        self.fill_bytes(&mut buf);
        u32::from_le_bytes(buf)
    }

    fn next_u64(&mut self) -> u64 {
        let mut buf = [0u8; 8];
        self.fill_bytes(&mut buf);
        u64::from_le_bytes(buf)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        let n = dest.len().min(self.bytes.len());
        dest[..n].copy_from_slice(&self.bytes[..n]);
        dest[n..].fill(0);
        self.bytes = &self.bytes[n..];
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

#[allow(dead_code)]
/// The fuzz target's body: the bytes choose a self-trade policy and up to 300 operations, and the
/// harness checks every invariant after each one (it panics on the first break).
pub fn fuzz_one(data: &[u8]) {
    let Some((&policy, rest)) = data.split_first() else { return };
    let self_trade = match policy % 3 {
        0 => SelfTradePolicy::CancelResting,
        1 => SelfTradePolicy::CancelTaker,
        _ => SelfTradePolicy::CancelBoth,
    };
    let mut harness =
        Harness::new(Config { orders_max: 40, orders_per_owner_max: 12, self_trade, ..Config::default() });
    let mut rng = ByteRng::new(rest);
    for _ in 0..300 {
        if rng.is_empty() {
            break;
        }
        let op = random_op(&mut rng, 1_000);
        harness.step(&op);
    }
    harness.check_all();
}

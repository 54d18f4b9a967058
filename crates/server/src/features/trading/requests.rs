//! What the owner of a pair can be asked: new orders, OCO pairs, cancels and amends, in engine
//! units. Planning and the owner both read them; neither owns them.

use engine::Side;

/// What a new order asks for, in engine units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceKind {
    /// At market, a quantity.
    Market { quantity: i64 },
    /// A market buy spending at most `amount` sen, fees included.
    MarketAmount { amount: i64 },
    /// A GTC limit.
    Limit { price: i64, quantity: i64 },
    /// A stop: market once the last price reaches `stop`.
    Stop { stop: i64, quantity: i64 },
    /// A stop-limit.
    StopLimit { stop: i64, price: i64, quantity: i64 },
    /// A trailing stop sell (R4.10): a stop whose trigger follows the highest bid by `trail`.
    TrailingStop { trail: domain::orders::Trail, quantity: i64 },
}

/// A new order.
#[derive(Debug, Clone)]
pub struct PlaceRequest {
    /// Owner.
    pub user_id: String,
    /// `x-request-id`: a repeat returns the first order.
    pub request_id: Option<String>,
    /// Side.
    pub side: Side,
    /// Type and sizes.
    pub kind: PlaceKind,
}

/// A one-cancels-other pair: a take-profit limit and a stop-loss stop (or stop-limit).
#[derive(Debug, Clone)]
pub struct OcoRequest {
    /// Owner.
    pub user_id: String,
    /// `x-request-id`.
    pub request_id: Option<String>,
    /// Side of both legs.
    pub side: Side,
    /// Quantity of each leg.
    pub quantity: i64,
    /// Limit price of the take-profit leg.
    pub take_profit: i64,
    /// Trigger of the stop-loss leg.
    pub stop_loss: i64,
    /// Limit price once the stop triggers; `None` is a stop-market.
    pub stop_limit: Option<i64>,
}

/// A change to a live order; `None` keeps a field.
#[derive(Debug, Clone)]
pub struct AmendRequest {
    /// Owner.
    pub user_id: String,
    /// The order.
    pub order_id: i64,
    /// New total quantity.
    pub quantity: Option<i64>,
    /// New limit price.
    pub limit_price: Option<i64>,
    /// New trigger.
    pub stop_price: Option<i64>,
}

/// What the owner can be asked.
#[derive(Debug, Clone)]
pub enum Ask {
    /// Place an order.
    Place(PlaceRequest),
    /// Place an OCO pair (the reply is the take-profit leg).
    Oco(OcoRequest),
    /// Cancel an order of a user (and its OCO sibling).
    Cancel { user_id: String, order_id: i64 },
    /// Amend an order of a user.
    Amend(AmendRequest),
}

impl Ask {
    /// The user and client request id of a placement that carries one.
    pub fn request_key(&self) -> Option<(String, String)> {
        let (user_id, request_id) = match self {
            Ask::Place(r) => (&r.user_id, r.request_id.as_ref()?),
            Ask::Oco(r) => (&r.user_id, r.request_id.as_ref()?),
            Ask::Cancel { .. } | Ask::Amend(_) => return None,
        };
        Some((user_id.clone(), request_id.clone()))
    }
}

-- crypto trading (issue 6): users' orders on the IDR pairs and the trades that filled them.
-- The matching engine keeps the live book in memory; this table is the record it is rebuilt from
-- after a restart (open orders in time priority, by seq).

create table crypto_orders (
    -- the engine's order id: one number space for every pair, handed out by the server
    id                 integer  primary key,
    user_id            text    not null references users (id),
    symbol             text    not null,
    -- BUY or SELL
    side               text    not null,
    -- MARKET, LIMIT, STOP, STOP_LIMIT
    order_type         text    not null,
    -- QUANTITY or AMOUNT (a market buy by rupiah amount)
    input_type         text    not null,
    -- the other leg of an OCO pair (both legs point at each other); null otherwise
    oco_sibling        integer,
    -- TAKE_PROFIT or STOP_LOSS for OCO legs
    oco_leg            text,
    -- price units at the pair's price precision; null where the type has none
    limit_price        integer,
    stop_price         integer,
    -- quantity units at the pair's quantity precision; null for a buy by amount
    quantity           integer,
    -- sen: what a buy by amount may spend, fees included
    amount             integer,
    -- engine quantity sent (a market buy by quantity travels as an IOC limit at its worst price)
    engine_price       integer,
    engine_quantity    integer,
    -- cumulative fills: quantity units, value in sen (rounded down per fill), fee and tax in sen
    filled_quantity    integer  not null default 0,
    filled_value       integer  not null default 0,
    fee                integer  not null default 0,
    tax                integer  not null default 0,
    -- the ledger hold reserving what the open order may still spend (IDR) or sell (units)
    hold_id            text,
    -- what the hold must cover for the whole order (sen for buys, ledger units for sells)
    hold_total         integer  not null default 0,
    -- PENDING, PARTIALLY_FILLED, SUCCESS, CANCELLED, FAILED
    status             text    not null,
    -- 1 while the order rests in the book or waits for its trigger
    is_open            integer  not null default 1,
    triggered          integer  not null default 0,
    -- the engine's time priority; books are rebuilt in this order
    seq                integer  not null default 0,
    cancel_reason      text,
    -- the caller's x-request-id: a retried order is found, never placed twice
    request_id         text,
    created_at_ms      integer  not null,
    updated_at_ms      integer  not null,
    check (filled_quantity >= 0 and filled_value >= 0 and fee >= 0 and tax >= 0)
);
create unique index crypto_orders_request on crypto_orders (user_id, request_id);
create index crypto_orders_open on crypto_orders (symbol, is_open, seq);
create index crypto_orders_user on crypto_orders (user_id, is_open, id);

-- one row per user side of a fill (the liquidity providers' sides live in the ledger only)
create table crypto_trades (
    id              integer primary key autoincrement,
    order_id        integer  not null references crypto_orders (id),
    user_id         text    not null,
    symbol          text    not null,
    side            text    not null,
    price           integer  not null,
    quantity        integer  not null,
    -- sen
    value           integer  not null,
    fee             integer  not null,
    tax             integer  not null,
    -- 1 when this side rested in the book
    maker           integer  not null,
    created_at_ms   integer  not null
);
create index crypto_trades_user on crypto_trades (user_id, symbol, id);

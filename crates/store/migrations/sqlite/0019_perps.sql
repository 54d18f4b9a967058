-- Crypto perpetuals (issue 13): USDT-margined linear contracts in one-way mode. Quantities are lots
-- (10^-quantity precision of a contract), prices ticks (10^-price precision of a USDT), a value
-- `lots × price` is at the sum of both scales, and money is micro-USDT. Every fee, realised profit,
-- funding payment and liquidation is a ledger posting; these rows say what was asked and where the
-- position stands.

-- The leverage a user chose per instrument (1x up to the instrument's ceiling).
create table perp_leverage (
    user_id       text    not null references users (id),
    symbol        text    not null,
    leverage      bigint  not null,
    updated_at_ms bigint  not null,
    primary key (user_id, symbol)
);

-- One row per user and instrument; `lots` 0 means flat (the row keeps the running totals).
create table perp_positions (
    user_id        text    not null references users (id),
    symbol         text    not null,
    -- signed: positive long, negative short
    lots           bigint  not null,
    -- Σ lots × price of the open lots, value scale
    cost           bigint  not null,
    leverage       bigint  not null,
    -- initial margin held on the margin wallet for the open lots, micro-USDT, and its hold
    margin         bigint  not null,
    hold_id        text,
    realised_pnl   bigint  not null default 0,
    funding        bigint  not null default 0,
    fees           bigint  not null default 0,
    -- ticks; closed at the mark when reached
    take_profit    bigint,
    stop_loss      bigint,
    -- when the position last went from flat to open (funding charges positions open at an instant)
    opened_at_ms   bigint  not null,
    updated_at_ms  bigint  not null,
    primary key (user_id, symbol)
);

create table perp_orders (
    id             text    primary key,
    user_id        text    not null references users (id),
    symbol         text    not null,
    -- BUY or SELL
    side           text    not null,
    -- MARKET, LIMIT, STOP_MARKET, STOP_LIMIT
    order_type     text    not null,
    lots           bigint  not null,
    price          bigint,
    stop_price     bigint,
    reduce_only    bigint  not null,
    leverage       bigint  not null,
    -- USER, CLOSE, TAKE_PROFIT, STOP_LOSS or LIQUIDATION
    origin         text    not null,
    -- R4.01 status
    status         text    not null,
    is_open        bigint  not null,
    -- a stop order whose trigger was reached (it now works as its market or limit order)
    triggered      bigint  not null default 0,
    filled_lots    bigint  not null default 0,
    -- Σ lots × price of the fills, value scale
    filled_value   bigint  not null default 0,
    fee            bigint  not null default 0,
    realised_pnl   bigint  not null default 0,
    -- take-profit and stop-loss (ticks) the fills set on the position they open or add to
    take_profit    bigint,
    stop_loss      bigint,
    hold_id        text,
    request_id     text,
    reason         text,
    created_at_ms  bigint  not null,
    updated_at_ms  bigint  not null,
    unique (user_id, request_id)
);
create index perp_orders_open on perp_orders (is_open, symbol);
create index perp_orders_user on perp_orders (user_id, created_at_ms);

create table perp_fills (
    id            text    primary key,
    order_id      text    not null references perp_orders (id),
    user_id       text    not null references users (id),
    symbol        text    not null,
    side          text    not null,
    lots          bigint  not null,
    price         bigint  not null,
    fee           bigint  not null,
    realised_pnl  bigint  not null,
    maker         bigint  not null,
    created_at_ms bigint  not null
);
create index perp_fills_user on perp_fills (user_id, created_at_ms);

-- One payment per position per funding instant: the primary key is the exactly-once guard.
create table perp_funding (
    user_id       text    not null references users (id),
    symbol        text    not null,
    funding_at_ms bigint  not null,
    rate_ppm      bigint  not null,
    lots          bigint  not null,
    mark          bigint  not null,
    -- received (positive) or paid (negative), micro-USDT
    amount        bigint  not null,
    created_at_ms bigint  not null,
    primary key (user_id, symbol, funding_at_ms)
);

create table perp_liquidations (
    id             text    primary key,
    user_id        text    not null references users (id),
    symbol         text    not null,
    lots           bigint  not null,
    mark           bigint  not null,
    realised_pnl   bigint  not null,
    -- what the insurance fund paid to bring the wallet back to zero, and the fee it took
    insurance_paid bigint  not null,
    fee            bigint  not null,
    created_at_ms  bigint  not null
);
create index perp_liquidations_user on perp_liquidations (user_id, created_at_ms);

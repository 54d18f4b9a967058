-- US stocks (issue 11): orders routed to an execution venue (the sandbox US exchange), their fills,
-- amend requests, positions per bucket, and the corporate actions applied to them. Money is in
-- micro-dollars (the USD ledger scale), prices in ten-thousandths of a dollar, quantities in
-- millionths of a share. Every fill, fee, tax, interest and dividend is a ledger posting; these
-- rows say what the user asked for and where the venue stands.

create table us_orders (
    id                 text    primary key,
    user_id            text    not null references users (id),
    -- the ticker (the API's stockId)
    stock_id           text    not null,
    -- PALN (no leverage), LEVERAGE (2x) or INTRADAY (4x), R3.10
    bucket             text    not null,
    -- BUY or SELL
    side               text    not null,
    -- MARKET, LIMIT, STOP, STOP_LIMIT, TRAILING_STOP
    order_type         text    not null,
    -- the OCO pair this leg belongs to (both legs share it), and which leg it is
    oco_group          text,
    oco_leg            text,
    -- GOOD_TILL_CANCEL or GOOD_TILL_MARKET_CLOSE
    time_in_force      text    not null,
    -- REGULAR_HOURS, INCLUDE_EXTENDED_HOURS or INTRADAY
    trading_hours      text    not null,
    -- millionths of a share; null for a buy by amount
    quantity           bigint,
    -- micro-dollars a buy by amount may spend before fees
    amount             bigint,
    limit_price        bigint,
    stop_price         bigint,
    -- trailing stop: a fixed distance (price units) or a percentage (text decimal)
    trail_amount       bigint,
    trail_percent      text,
    -- the best price seen since the trailing stop was accepted (highest for sells, lowest for buys)
    trail_watermark    bigint,
    -- take-profit and stop-loss to place as an OCO exit once a buy fills (R2.13)
    take_profit        bigint,
    stop_loss          bigint,
    filled_quantity    bigint  not null default 0,
    -- micro-dollars of the fills, before fee and tax
    filled_value       bigint  not null default 0,
    fee                bigint  not null default 0,
    tax                bigint  not null default 0,
    -- the ledger hold reserving what the open order may spend (USD) or sell (shares)
    hold_id            text,
    -- PENDING, PARTIALLY_FILLED, SUCCESS, CANCELLED, FAILED (R4.01)
    status             text    not null,
    -- the venue's side (R4.03)
    exchange_state     text    not null,
    is_open            bigint  not null default 1,
    triggered          bigint  not null default 0,
    -- why it was rejected, cancelled or expired
    reason             text,
    -- the New York trading date it was placed on (GOOD_TILL_MARKET_CLOSE ends with it)
    trading_date       text    not null,
    -- 1 for orders the server placed itself (intraday close, liquidation, bracket exits)
    system             bigint  not null default 0,
    request_id         text,
    created_at_ms      bigint  not null,
    updated_at_ms      bigint  not null,
    check (filled_quantity >= 0 and filled_value >= 0 and fee >= 0 and tax >= 0)
);
create unique index us_orders_request on us_orders (user_id, request_id);
create index us_orders_open on us_orders (is_open, exchange_state);
create index us_orders_user on us_orders (user_id, is_open, created_at_ms);

create table us_fills (
    id              text    primary key,
    order_id        text    not null references us_orders (id),
    user_id         text    not null,
    stock_id        text    not null,
    bucket          text    not null,
    side            text    not null,
    price           bigint  not null,
    quantity        bigint  not null,
    value           bigint  not null,
    fee             bigint  not null,
    tax             bigint  not null,
    -- profit realised by a sell against the average cost, micro-dollars (0 for buys)
    realized        bigint  not null default 0,
    created_at_ms   bigint  not null
);
create index us_fills_user on us_fills (user_id, stock_id, created_at_ms);

-- an amend request has its own lifecycle (R4.04); the order changes only when the venue accepts it
create table us_amend_requests (
    id              text    primary key,
    order_id        text    not null references us_orders (id),
    user_id         text    not null,
    -- R4.03 exchange states: WAITING_TO_BE_SENT, SENT_TO_EXCHANGE, ACCEPTED_FROM_EXCHANGE, REJECTED_FROM_EXCHANGE
    exchange_state  text    not null,
    quantity        bigint,
    limit_price     bigint,
    stop_price      bigint,
    reason          text,
    created_at_ms   bigint  not null,
    updated_at_ms   bigint  not null
);
create index us_amend_requests_order on us_amend_requests (order_id);
create index us_amend_requests_open on us_amend_requests (exchange_state);

-- one row per user, stock and bucket while shares are held; the shares themselves are ledger units
create table us_positions (
    user_id           text    not null references users (id),
    stock_id          text    not null,
    bucket            text    not null,
    quantity          bigint  not null,
    -- micro-dollars paid for the shares held (fees excluded), for the average cost
    cost              bigint  not null,
    -- micro-dollars the broker lends on a leverage or intraday position
    borrowed          bigint  not null default 0,
    realized          bigint  not null default 0,
    dividends         bigint  not null default 0,
    -- NORMAL or MARGIN_CALL (leverage positions whose equity fell below the call level)
    margin_status     text    not null default 'NORMAL',
    -- New York date the position was opened (intraday positions must close that day)
    opened_date       text    not null,
    updated_at_ms     bigint  not null,
    primary key (user_id, stock_id, bucket),
    check (quantity >= 0 and borrowed >= 0)
);

-- corporate actions of the sandbox exchange and, per action, when it was applied (exactly once)
create table us_corporate_actions (
    id              text    primary key,
    stock_id        text    not null,
    -- DIVIDEND, SPLIT
    kind            text    not null,
    ex_date         text    not null,
    record_date     text    not null,
    pay_date        text    not null,
    -- dividends: micro-dollars per share; splits: new shares for old
    cash_per_share  bigint,
    ratio_from      bigint,
    ratio_to        bigint,
    applied_at_ms   bigint,
    created_at_ms   bigint  not null
);
create index us_corporate_actions_stock on us_corporate_actions (stock_id, ex_date);

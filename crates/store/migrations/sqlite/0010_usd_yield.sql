-- USD yield: who opted in, and one accrual row per user per day. The unique (user_id, accrual_date)
-- is what makes the daily job idempotent across reruns, restarts and concurrent nodes; the interest
-- itself moves in the ledger (reason USD_INTEREST) in the same transaction as the accrual row.
create table usd_yield_enrolments (
    user_id          text    primary key references users (id),
    -- 1 while opted in
    opted_in         integer  not null,
    opted_in_at_ms   integer  not null,
    opted_out_at_ms  integer,
    updated_at_ms    integer  not null
);

create table usd_interest_accruals (
    id               text    primary key,
    user_id          text    not null references users (id),
    -- the Jakarta calendar day the interest is for, YYYY-MM-DD
    accrual_date     text    not null,
    -- the paln bucket's closing balance that day, micro-dollars
    closing_balance  integer  not null,
    -- annual rate applied, basis points
    rate_bps         integer  not null,
    -- interest credited, micro-dollars, rounded down (0 when the balance is too small: nothing posted)
    amount           integer  not null,
    created_at_ms    integer  not null,
    unique (user_id, accrual_date),
    check (amount >= 0 and closing_balance >= 0)
);
create index usd_interest_accruals_user on usd_interest_accruals (user_id, created_at_ms);

-- the double-entry ledger (DESIGN.md "Data"): accounts with balances in minor units, immutable
-- balanced journal entries, and holds that reserve part of a balance for open orders and cash-outs.

create table ledger_accounts (
    id               text    primary key,
    -- a user id, or 'house' for the broker's own accounts
    owner            text    not null,
    -- e.g. IDR_CASH, IDR_VOUCHER, USD_CASH, ASSET:BTC, FEES, TAX_PAYABLE, PG_CLEARING
    kind             text    not null,
    currency         text    not null,
    -- house accounts (clearing, liquidity providers) may be negative; user accounts never
    may_go_negative  bigint  not null default 0,
    balance          bigint  not null default 0,
    held             bigint  not null default 0,
    created_at_ms    bigint  not null,
    unique (owner, kind, currency),
    check (held >= 0),
    check (may_go_negative = 1 or balance >= held)
);

create table journal_entries (
    id             text    primary key,
    -- why money moved, e.g. TOPUP, CASHOUT, TRADE_FILL, FEE, CORRECTION
    reason         text    not null,
    -- the business event that caused it; unique, so a repeated event posts once
    event_id       text    not null unique,
    memo           text,
    created_at_ms  bigint  not null
);

create table postings (
    id          bigint generated always as identity primary key,
    entry_id    text    not null references journal_entries (id),
    account_id  text    not null references ledger_accounts (id),
    currency    text    not null,
    -- signed minor units: positive credits the account's balance, negative debits it
    amount      bigint  not null,
    check (amount <> 0)
);
create index postings_entry on postings (entry_id);
create index postings_account on postings (account_id, id);

create table ledger_holds (
    id             text    primary key,
    account_id     text    not null references ledger_accounts (id),
    amount         bigint  not null,
    -- OPEN, RELEASED, CAPTURED
    status         text    not null,
    reason         text    not null,
    event_id       text    not null unique,
    created_at_ms  bigint  not null,
    closed_at_ms   bigint,
    check (amount > 0)
);
create index ledger_holds_account on ledger_holds (account_id, status);

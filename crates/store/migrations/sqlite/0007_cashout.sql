-- cash-out: the user's bank accounts, cash-outs with their hold and review state, the sandbox
-- bank's own record of disbursements, and vouchers granted by operators.

create table bank_accounts (
    id               text    primary key,
    user_id          text    not null references users (id),
    -- one of the codes of GET /api/v1/wallet/banks
    bank_code        text    not null,
    -- digits only, length per bank
    account_number   text    not null,
    -- as the bank inquiry returned it
    holder_name      text    not null,
    created_at_ms    integer not null,
    -- removed accounts stay for the cash-outs that name them
    deleted_at_ms    integer
);
create unique index bank_accounts_active_unique on bank_accounts (user_id, bank_code, account_number)
    where deleted_at_ms is null;
create index bank_accounts_user on bank_accounts (user_id, created_at_ms);

create table cashouts (
    id               text    primary key,
    user_id          text    not null references users (id),
    bank_account_id  text    not null references bank_accounts (id),
    -- minor units (sen): what leaves the wallet (the fee included), and the fee
    amount           integer not null,
    fee              integer not null,
    -- PENDING_REVIEW, PROCESSING, COMPLETED, FAILED, REJECTED
    status           text    not null,
    -- the ledger hold reserving amount until disbursed or released
    hold_id          text    not null,
    auto_approved    integer not null,
    -- BANK_REJECTED or REJECTED_BY_OPERATOR, and the bank's or operator's words
    failure_code     text,
    failure_note     text,
    created_at_ms    integer not null,
    updated_at_ms    integer not null,
    check (amount > fee and fee >= 0)
);
create index cashouts_user on cashouts (user_id, created_at_ms);
create index cashouts_status on cashouts (status, created_at_ms);

-- the sandbox bank's ledger of transfers it was asked to make, keyed by our cash-out id so a
-- repeated request (after a crash) gets the first answer.
create table sandbox_disbursements (
    reference        text    primary key,
    bank_code        text    not null,
    account_number   text    not null,
    amount           integer not null,
    -- COMPLETED or FAILED
    status           text    not null,
    failure_note     text,
    created_at_ms    integer not null
);

create table voucher_grants (
    id               text    primary key,
    user_id          text    not null references users (id),
    amount           integer not null,
    reason           text    not null,
    created_at_ms    integer not null,
    check (amount > 0)
);
create index voucher_grants_user on voucher_grants (user_id, created_at_ms);

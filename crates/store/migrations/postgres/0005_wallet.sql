-- the IDR wallet: top-ups through the payment gateway and the state each passed through.

create table topups (
    id              text    primary key,
    user_id         text    not null references users (id),
    channel         text    not null,
    -- minor units (sen): what reaches the wallet, and the channel fee the payer adds
    amount          bigint  not null,
    fee             bigint  not null,
    -- PENDING, PAID, EXPIRED, FAILED
    status          text    not null,
    gateway_ref     text    not null unique,
    -- JSON: virtual account number, QR payload or deep link
    instructions    text    not null,
    created_at_ms   bigint  not null,
    expires_at_ms   bigint  not null,
    paid_at_ms      bigint,
    check (amount > 0 and fee >= 0)
);
create index topups_user on topups (user_id, created_at_ms);
create index topups_pending on topups (status, expires_at_ms);

-- every state a wallet transaction passed through, with times (details-with-state-transition).
create table wallet_transitions (
    id             bigint generated always as identity primary key,
    subject_id     text    not null,
    status         text    not null,
    note           text,
    at_ms          bigint  not null
);
create index wallet_transitions_subject on wallet_transitions (subject_id, id);

-- the sandbox payment gateway's own state: what it issued and what the payer did.
create table sandbox_gateway_payments (
    reference      text    primary key,
    merchant_ref   text    not null,
    channel        text    not null,
    -- what the payer must pay: amount + fee, minor units
    gross_amount   bigint  not null,
    -- ISSUED, PAID, ABANDONED, EXPIRED
    status         text    not null,
    created_at_ms  bigint  not null,
    expires_at_ms  bigint  not null
);

-- USD: conversions between the IDR wallet and the USD paln bucket, and transfers between the paln
-- and leverage buckets. The money moves in the ledger; these rows say what the user asked for.
create table usd_movements (
    id               text    primary key,
    user_id          text    not null references users (id),
    -- IDR_TO_USD, USD_TO_IDR, LEVERAGE_DEPOSIT, LEVERAGE_WITHDRAW
    kind             text    not null,
    -- minor units: sen and micro-dollars (idr_amount is 0 for bucket transfers)
    idr_amount       bigint  not null,
    usd_amount       bigint  not null,
    -- rupiah per dollar applied, as text (exact decimal); empty for bucket transfers
    rate             text    not null,
    created_at_ms    bigint  not null,
    check (usd_amount > 0 and idr_amount >= 0)
);
create index usd_movements_user on usd_movements (user_id, created_at_ms);

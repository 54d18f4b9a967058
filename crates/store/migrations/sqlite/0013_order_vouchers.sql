-- Buys spend voucher credit before cash (docs/trading.md "Holds"): an open buy may reserve part of
-- what it may spend on the user's IDR_VOUCHER account beside the part on IDR_CASH.
-- the ledger hold on the voucher account, when part of the order is paid by voucher
alter table crypto_orders add column voucher_hold_id text;
-- sen of the order's fills paid from the voucher account (the rest came from cash)
alter table crypto_orders add column voucher_paid integer not null default 0;

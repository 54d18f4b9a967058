-- A bank that answers a disbursement later (Xendit: PENDING, then a callback) leaves the cash-out
-- PROCESSING with the bank's id of the transfer and when it was accepted, so the job asks about
-- it (a missed callback) instead of sending it again.
alter table cashouts add column disbursement_ref text;
alter table cashouts add column disbursed_at_ms bigint;

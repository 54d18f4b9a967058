-- Crypto trailing stops (issue 11, R4.10): a stop-loss sell whose trigger follows the highest bid
-- seen since it was placed, by a distance in price units or a percentage.
alter table crypto_orders add column trail_amount bigint;
alter table crypto_orders add column trail_percent text;
-- the highest bid seen since the order was placed (price units)
alter table crypto_orders add column trail_watermark bigint;

-- A user's open perpetual orders (counted against the open-orders limit at every placement, listed
-- on the orders page) are found without reading the user's closed ones: before this, each
-- placement read every order the user ever placed (issue 12). Every query of a user's orders names
-- whether they are open, so the index without it goes.
create index perp_orders_user_open on perp_orders (user_id, is_open, created_at_ms);
drop index perp_orders_user;

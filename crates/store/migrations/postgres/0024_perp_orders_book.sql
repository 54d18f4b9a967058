-- A taking perpetual order looks up the other side's resting orders of its contract, best price
-- first (issue 13: users meet users); without this it read every open order of the contract.
create index perp_orders_book on perp_orders (symbol, side, is_open, price);

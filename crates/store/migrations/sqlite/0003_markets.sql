-- markets: the instrument catalogue (seeded from the market crate on first start) with each
-- asset's trading flags (R3.05), and the halt windows every node replays into its simulator.

create table market_instruments (
    symbol                   text    primary key,
    -- CRYPTO, PERP, US_STOCK, US_INDEX, IDSS, GOLD, MUTUAL_FUND, FX
    class                    text    not null,
    -- the stable id of /asset/{class}/{symbol}/{assetId}, unique within a class
    asset_id                 integer not null,
    name                     text    not null,
    -- the class's symbol-info record (R3.13) as JSON
    info                     text    not null,
    enable_buy               integer not null default 1,
    enable_sell              integer not null default 1,
    enable_buy_for_pro_mode  integer not null default 1,
    enable_sell_for_pro_mode integer not null default 1,
    halt_title               text,
    halt_description         text,
    banner_title             text,
    banner_message           text,
    updated_at_ms            integer not null,
    unique (class, asset_id)
);

-- a halt from from_ms until to_ms (null while in force); minute-aligned by the simulator.
create table market_halts (
    id      integer primary key autoincrement,
    symbol  text    not null references market_instruments (symbol),
    from_ms integer not null,
    to_ms   integer
);
create index market_halts_symbol on market_halts (symbol, from_ms);

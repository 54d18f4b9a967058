//! Markets (issue 3): symbol info (R3.13) with trading flags (R3.05), get-trading-info (R7.06),
//! candles (R9.07, R4.12), 2-decimal changes (R2.12, R9.05), market times (R3.14, R9.08), order
//! books (R3.04, R5.08), halts (R4.13), bad input, and the guest-mode page head (R2.08).

use serde_json::{json, Value};
use store::Backend;

use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp, ADMIN_TOKEN};

/// An app without the start-up cache warm-up (it only costs CPU here).
pub async fn market_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |s| s.markets.warm_caches = false).await
}

async fn get(app: &TestApp, path: &str) -> (u16, Value) {
    get_in(app, path, "id").await
}

async fn get_in(app: &TestApp, path: &str, lang: &str) -> (u16, Value) {
    let response = app.get(path).header("x-language-code", lang).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn set_flags(app: &TestApp, body: Value) -> (u16, Value) {
    let response =
        app.client.post(app.url("/api/admin/markets/flags")).bearer_auth(ADMIN_TOKEN).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn assert_keys(value: &Value, keys: &[&str]) {
    for key in keys {
        assert!(value.get(*key).is_some(), "{key} missing in {value}");
    }
}

const FLAG_KEYS: [&str; 6] = [
    "enableBuy",
    "enableSell",
    "enableBuyForProMode",
    "enableSellForProMode",
    "tradingHaltReason",
    "bottomBannerMessage",
];

fn is_two_decimals(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    matches!(digits.split_once('.'), Some((whole, frac)) if !whole.is_empty() && frac.len() == 2
        && whole.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()))
}

both_backends!(r3_13_r3_05_symbol_info_has_each_class_shape_and_the_trading_flags, |backend| async move {
    let app = market_app(backend).await;
    let cases: [(&str, &[&str]); 4] = [
        (
            "BTC-IDR",
            &[
                "id",
                "shortName",
                "symbol",
                "name",
                "icon",
                "enableProMode",
                "liquiditySource",
                "exchangeSymbols",
                "pricePrecision",
            ],
        ),
        ("AAPL", &["id", "cc", "na", "ai", "ipme", "ioa"]),
        ("BTCUSDT-PERP", &["id", "fps", "n", "i", "pp"]),
        ("BBCA-IDSS", &["id", "code", "name", "icon"]),
    ];
    for (symbol, keys) in cases {
        let (status, body) = get(&app, &format!("/api/v1/markets/symbol-info?symbol={symbol}")).await;
        assert_eq!(status, 200, "{body}");
        assert_keys(&body["data"], keys);
        assert_keys(&body["data"], &FLAG_KEYS);
        assert_eq!(body["data"]["enableBuy"], true);
    }
    let (status, body) = get(&app, "/api/v1/markets/symbol-info?symbol=nope-idr").await;
    assert_eq!((status, body["error_code"].as_str()), (404, Some("unknown_symbol")));
});

both_backends!(the_catalogue_is_seeded_once_and_listed_per_class_with_search_and_paging, |backend| async move {
    let app = market_app(backend).await;
    let (_, crypto) = get(&app, "/api/v1/markets/symbols?class=crypto&size=5&page=2").await;
    assert!(crypto["total"].as_i64().unwrap() >= 40, "{crypto}");
    assert_eq!(crypto["data"].as_array().unwrap().len(), 5);
    assert_eq!((crypto["page"].as_i64(), crypto["size"].as_i64()), (Some(2), Some(5)));
    let (_, found) = get(&app, "/api/v1/markets/symbols?class=crypto&search=bitcoin").await;
    assert!(found["data"].as_array().unwrap().iter().any(|s| s["symbol"] == "BTC-IDR"), "{found}");
    for (class, min) in [("perp", 15), ("usstock", 100), ("idss", 40), ("mutualfund", 10), ("usindex", 1)] {
        let (_, page) = get(&app, &format!("/api/v1/markets/symbols?class={class}")).await;
        assert!(page["total"].as_i64().unwrap() >= min, "{class}: {page}");
    }
    // R9.06: pages from 1 to the documented maximum.
    for bad in [
        "class=stocks",
        "class=crypto&size=0",
        "class=crypto&page=0",
        "class=crypto&size=1000",
        "class=crypto&page=100001",
    ] {
        let (status, body) = get(&app, &format!("/api/v1/markets/symbols?{bad}")).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
    // A second start over the same database seeds nothing new and keeps the operator's flags.
    let rows: i64 =
        sqlx::query_scalar("select count(*) from market_instruments").fetch_one(app.state.db.pool()).await.unwrap();
    let url = app.state.settings.database.url.clone();
    let again = spawn_app_with(backend, |s| {
        s.database.url = url;
        s.markets.warm_caches = false;
    })
    .await;
    let after: i64 =
        sqlx::query_scalar("select count(*) from market_instruments").fetch_one(again.state.db.pool()).await.unwrap();
    assert_eq!(rows, after);
});

both_backends!(r7_06_get_trading_info_lists_crypto_paln_stock_market_status_perp_and_idss, |backend| async move {
    let app = market_app(backend).await;
    let (status, body) = get(&app, "/api/v1/trade-web/get-trading-info").await;
    assert_eq!(status, 200);
    let data = &body["data"];
    assert!(data["crypto"].as_array().unwrap().len() >= 40);
    assert!(data["palnStock"].as_array().unwrap().len() >= 100);
    assert!(data["perp"].as_array().unwrap().len() >= 15);
    assert!(data["idss"].as_array().unwrap().len() >= 40);
    assert_keys(&data["palnStock"][0], &["cc", "na", "ipme", "ioa", "enableBuy"]);
    let status_of =
        |venue: &str| data["marketStatus"].as_array().unwrap().iter().find(|v| v["venue"] == venue).cloned().unwrap();
    let us = status_of("US_EXTENDED");
    assert_eq!(us["timeZone"], "America/New_York");
    assert_keys(&us, &["phase", "isOpen", "nextOpen", "nextClose"]);
    assert_eq!(status_of("IDSS")["timeZone"], "Asia/Jakarta");
    let crypto = status_of("ALWAYS");
    assert_eq!((crypto["phase"].as_str(), crypto["isOpen"].as_bool()), (Some("CONTINUOUS"), Some(true)));
});

both_backends!(asset_pages_resolve_class_symbol_and_id_and_unknown_pairs_are_404, |backend| async move {
    let app = market_app(backend).await;
    for (class, symbol) in [("crypto", "BTC-IDR"), ("usstock", "AAPL"), ("usindex", "SPX")] {
        let (_, info) = get(&app, &format!("/api/v1/markets/symbol-info?symbol={symbol}")).await;
        let id = info["data"]["id"].as_u64().unwrap();
        let (status, body) = get(&app, &format!("/api/v1/markets/asset/{class}/{symbol}/{id}")).await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = get(&app, &format!("/api/v1/markets/asset/{class}/{symbol}/{}", id + 10_000)).await;
        assert_eq!(status, 404);
        let (status, _) = get(&app, &format!("/api/v1/markets/asset/{class}/{symbol}/abc")).await;
        assert_eq!(status, 404);
    }
    let (status, _) = get(&app, "/api/v1/markets/asset/usstock/BTC-IDR/1").await;
    assert_eq!(status, 404, "a symbol under another class is not found");
});

both_backends!(r9_07_candle_resolutions_are_enforced_per_class, |backend| async move {
    let app = market_app(backend).await;
    let offered = [
        ("BTC-IDR", vec!["1", "5", "15", "60", "120", "240", "1D", "1W", "1M"]),
        ("BTCUSDT-PERP", vec!["1", "5", "15", "60", "240", "1D"]),
        ("AAPL", vec!["5", "10", "15", "60", "1D", "1W"]),
        ("BBCA-IDSS", vec!["5", "60", "1D", "1W"]),
    ];
    for (symbol, resolutions) in &offered {
        for resolution in ["1", "5", "10", "15", "60", "120", "240", "1D", "1W", "1M"] {
            let (status, body) =
                get(&app, &format!("/api/v1/markets/candles?symbol={symbol}&resolution={resolution}&limit=10")).await;
            if resolutions.contains(&resolution) {
                assert_eq!(status, 200, "{symbol} {resolution}: {body}");
            } else {
                assert_eq!(
                    (status, body["error_code"].as_str()),
                    (400, Some("unknown_resolution")),
                    "{symbol} {resolution}"
                );
            }
        }
    }
    let (status, body) = get_in(&app, "/api/v1/markets/candles?symbol=AAPL&resolution=1", "en").await;
    assert_eq!(status, 400);
    assert!(body["error_message"].as_str().unwrap().contains("not offered"), "{body}");
});

both_backends!(r4_12_every_chart_range_returns_bounded_candles, |backend| async move {
    let app = market_app(backend).await;
    for range in ["1D", "1W", "1M", "3M", "YTD", "1Y", "ALL"] {
        let (status, body) = get(&app, &format!("/api/v1/markets/candles?symbol=AAPL&range={range}")).await;
        assert_eq!(status, 200, "{range}: {body}");
        let candles = body["data"]["candles"].as_array().unwrap();
        assert!(!candles.is_empty() && candles.len() <= 2000, "{range}: {}", candles.len());
        assert_eq!(body["data"]["maxCandles"], 2000);
        let times: Vec<i64> = candles.iter().map(|c| c["time"].as_i64().unwrap()).collect();
        assert!(times.windows(2).all(|w| w[0] < w[1]), "{range}: oldest first");
    }
    let (status, body) = get(&app, "/api/v1/markets/candles?symbol=AAPL&range=2Y").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("unknown_range")));
});

both_backends!(a_thousand_candles_are_served_oldest_first_on_their_grid, |backend| async move {
    let app = market_app(backend).await;
    let (status, body) = get(&app, "/api/v1/markets/candles?symbol=BTC-IDR&resolution=60&limit=1000").await;
    assert_eq!(status, 200, "{body}");
    let candles = body["data"]["candles"].as_array().unwrap();
    assert_eq!(candles.len(), 1000);
    for pair in candles.windows(2) {
        assert_eq!(pair[1]["time"].as_i64().unwrap() - pair[0]["time"].as_i64().unwrap(), 3_600_000);
    }
    assert_keys(&candles[0], &["open", "high", "low", "close", "volume"]);
});

both_backends!(bad_candle_requests_get_clear_4xx_errors, |backend| async move {
    let app = market_app(backend).await;
    let now = chrono::Utc::now().timestamp();
    let cases = [
        (format!("symbol=BTC-IDR&resolution=60&from={now}&to={}", now - 3600), 400, "reversed_window"),
        (format!("symbol=BTC-IDR&resolution=1&from=0&to={now}"), 400, "window_too_large"),
        ("symbol=BTC-IDR&resolution=60&limit=5000".to_string(), 400, "invalid_request"),
        ("symbol=BTC-IDR&resolution=60&limit=0".to_string(), 400, "invalid_request"),
        ("symbol=BTC-IDR&resolution=60&from=-5".to_string(), 400, "invalid_request"),
        ("symbol=BTC-IDR&resolution=7".to_string(), 400, "unknown_resolution"),
        ("symbol=BTC-IDR".to_string(), 400, "unknown_resolution"),
        ("symbol=BTC-IDR&range=1D&from=1".to_string(), 400, "invalid_request"),
        ("symbol=NOPE-IDR&resolution=60".to_string(), 404, "unknown_symbol"),
        ("symbol=%3Cscript%3E&resolution=60".to_string(), 400, "invalid_request"),
        ("resolution=60".to_string(), 400, "invalid_request"),
    ];
    for (query, status, code) in cases {
        let response = app.get(&format!("/api/v1/markets/candles?{query}")).send().await.unwrap();
        let (got, got_code, _) = crate::helpers::error_body(response).await;
        assert_eq!((got, got_code.as_str()), (status, code), "{query}");
    }
});

both_backends!(r2_12_r9_05_price_changes_have_two_decimals, |backend| async move {
    let app = market_app(backend).await;
    let (_, ticker) = get(&app, "/api/v1/markets/ticker?symbol=BTC-IDR").await;
    assert!(is_two_decimals(ticker["data"]["changePct"].as_str().unwrap()), "{ticker}");
    assert_keys(&ticker["data"], &["last", "high", "low", "volume", "phase", "halted"]);
    for range in ["1D", "1W", "1M", "3M", "YTD", "1Y", "ALL"] {
        let (status, body) = get(&app, &format!("/api/v1/markets/price-change?symbol=AAPL&range={range}")).await;
        assert_eq!(status, 200, "{body}");
        assert!(is_two_decimals(body["data"]["changePct"].as_str().unwrap()), "{range}: {body}");
    }
    let (_, all) = get(&app, "/api/v1/markets/tickers?class=crypto").await;
    let all = all["data"].as_array().unwrap();
    assert!(all.len() >= 40);
    assert!(all.iter().all(|t| is_two_decimals(t["changePct"].as_str().unwrap())));
    let (_, movers) = get(&app, "/api/v1/markets/top-movers?class=usstock&limit=5").await;
    let gainers: Vec<f64> = movers["data"]["gainers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["changePct"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(gainers.len() <= 5 && gainers.windows(2).all(|w| w[0] >= w[1]) && gainers.iter().all(|g| *g > 0.0));
    let (status, _) = get(&app, "/api/v1/markets/top-movers?class=usstock&limit=500").await;
    assert_eq!(status, 400);
});

both_backends!(r3_14_r9_08_market_times_in_venue_time_zones_with_two_idss_sessions, |backend| async move {
    let app = market_app(backend).await;
    let (status, us) = get(&app, "/api/v1/markets/market-times?symbol=AAPL&date=2026-11-20").await;
    assert_eq!(status, 200, "{us}");
    let us = &us["data"];
    assert_eq!(us["timeZone"], "America/New_York");
    for key in [
        "marketOpenTime",
        "marketCloseTime",
        "preMarketOpenTime",
        "preMarketCloseTime",
        "postMarketOpenTime",
        "postMarketCloseTime",
    ] {
        assert!(us[key].is_string(), "{key}: {us}");
    }
    // 09:30 New York in November (EST) is 14:30 UTC.
    assert_eq!(us["marketOpenTime"], "2026-11-20T14:30:00Z");
    let (_, idss) = get(&app, "/api/v1/markets/market-times?symbol=BBCA-IDSS&date=2026-11-19").await;
    let idss = &idss["data"];
    assert_eq!(idss["timeZone"], "Asia/Jakarta");
    let sessions = idss["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    assert_eq!((sessions[0]["phase"].as_str(), sessions[1]["phase"].as_str()), (Some("SESSION1"), Some("SESSION2")));
    // 09:00 Jakarta is 02:00 UTC.
    assert_eq!(idss["marketOpenTime"], "2026-11-19T02:00:00Z");
    let (_, christmas) = get(&app, "/api/v1/markets/market-times?symbol=AAPL&date=2026-12-25").await;
    assert_eq!(christmas["data"]["isTradingDay"], false);
    let (status, _) = get(&app, "/api/v1/markets/market-times?symbol=AAPL&date=1900-01-01").await;
    assert_eq!(status, 400);
});

both_backends!(r3_04_r5_08_order_books_show_the_top_ten_levels_with_cumulative_percentages, |backend| async move {
    let app = market_app(backend).await;
    for (path, key, value) in [
        ("/api/v1/crypto/order-book?symbol=BTC-IDR", "cryptocurrencySymbol", "BTC"),
        ("/api/v1/perps/order-book?symbol=BTCUSDT-PERP", "cryptoFuturePairSymbol", "BTCUSDT"),
    ] {
        let (status, body) = get(&app, path).await;
        assert_eq!(status, 200, "{body}");
        let book = &body["data"];
        assert_eq!(book[key], value);
        assert_keys(book, &["totalBidQuantity", "totalAskQuantity"]);
        let price = |l: &Value| l["price"].as_str().unwrap().parse::<f64>().unwrap();
        let pct = |l: &Value| l["cumulativePercentage"].as_str().unwrap().parse::<f64>().unwrap();
        let (bids, asks) = (book["bids"].as_array().unwrap(), book["asks"].as_array().unwrap());
        assert_eq!((bids.len(), asks.len()), (10, 10), "six providers quote more than ten levels a side");
        assert!(bids.windows(2).all(|w| price(&w[0]) > price(&w[1])), "bids highest first");
        assert!(asks.windows(2).all(|w| price(&w[0]) < price(&w[1])), "asks lowest first");
        assert!(price(&bids[0]) < price(&asks[0]), "the book does not cross");
        for side in [bids, asks] {
            assert!(side.windows(2).all(|w| pct(&w[0]) <= pct(&w[1])));
            assert_eq!(pct(side.last().unwrap()), 100.0);
        }
    }
    let (status, _) = get(&app, "/api/v1/crypto/order-book?symbol=AAPL").await;
    assert_eq!(status, 404);
    let (status, _) = get(&app, "/api/v1/perps/order-book?symbol=BTC-IDR").await;
    assert_eq!(status, 404);
});

both_backends!(option_chains_exist_for_option_enabled_stocks_and_rates_are_quoted, |backend| async move {
    let app = market_app(backend).await;
    let (_, stocks) = get(&app, "/api/v1/markets/symbols?class=usstock&size=200").await;
    let stocks = stocks["data"].as_array().unwrap();
    let with = stocks.iter().find(|s| s["ioa"] == true).unwrap()["cc"].as_str().unwrap();
    let (status, chain) = get(&app, &format!("/api/v1/options/contracts?symbol={with}")).await;
    assert_eq!(status, 200, "{chain}");
    let chain = chain["data"].as_array().unwrap();
    assert!(chain.iter().any(|c| c["side"] == "CALL") && chain.iter().any(|c| c["side"] == "PUT"));
    assert!(chain.iter().any(|c| c["expiryKind"] == "WEEKLY") && chain.iter().any(|c| c["expiryKind"] == "MONTHLY"));
    if let Some(without) = stocks.iter().find(|s| s["ioa"] == false) {
        let (status, body) =
            get(&app, &format!("/api/v1/options/contracts?symbol={}", without["cc"].as_str().unwrap())).await;
        assert_eq!((status, body["error_code"].as_str()), (400, Some("unsupported")));
    }
    let (_, rates) = get(&app, "/api/v1/markets/rates").await;
    for key in ["usdIdr", "usdtIdr"] {
        assert!(rates["data"][key].as_str().unwrap().parse::<f64>().unwrap() > 10_000.0, "{rates}");
    }
});

both_backends!(r4_13_an_operator_halt_takes_effect_live_with_the_default_text, |backend| async move {
    let app = market_app(backend).await;
    let halt = json!({"symbol": "ETH-IDR", "enableBuy": false, "enableSell": false,
        "enableBuyForProMode": false, "enableSellForProMode": false});
    let (status, body) = set_flags(&app, halt).await;
    assert_eq!(status, 200, "{body}");
    let (_, info) = get_in(&app, "/api/v1/markets/symbol-info?symbol=ETH-IDR", "en").await;
    let data = &info["data"];
    assert_eq!((data["enableBuy"].as_bool(), data["tradingHalted"].as_bool()), (Some(false), Some(true)));
    assert_eq!(
        data["tradingHaltReason"]["description"],
        "Buying and selling this asset is temporarily unavailable due to regulatory actions, price fluctuations, news, or technical issues."
    );
    let (_, info_id) = get(&app, "/api/v1/markets/symbol-info?symbol=ETH-IDR").await;
    assert!(info_id["data"]["tradingHaltReason"]["description"]
        .as_str()
        .unwrap()
        .starts_with("Pembelian dan penjualan"));
    // The simulator holds the price flat from the next whole minute.
    let sim = app.state.markets.sim();
    let later = chrono::Utc::now() + chrono::Duration::seconds(61);
    assert!(sim.is_halted("ETH-IDR", later).unwrap());

    let resume = json!({"symbol": "ETH-IDR", "enableBuy": true, "enableSell": true,
        "enableBuyForProMode": true, "enableSellForProMode": true,
        "bottomBannerMessage": {"title": "Info", "message": "Trading resumed"}});
    let (status, _) = set_flags(&app, resume).await;
    assert_eq!(status, 200);
    let (_, info) = get(&app, "/api/v1/markets/symbol-info?symbol=ETH-IDR").await;
    assert_eq!(info["data"]["tradingHalted"], false);
    assert_eq!(info["data"]["tradingHaltReason"], Value::Null);
    assert_eq!(info["data"]["bottomBannerMessage"]["message"], "Trading resumed");
    assert!(!sim.is_halted("ETH-IDR", chrono::Utc::now() + chrono::Duration::seconds(180)).unwrap());
});

both_backends!(r3_05_an_operators_reason_is_shown_and_another_node_agrees_after_refresh, |backend| async move {
    let first = market_app(backend).await;
    let url = first.state.settings.database.url.clone();
    let second = spawn_app_with(backend, |s| {
        s.database.url = url;
        s.markets.warm_caches = false;
    })
    .await;
    let body = json!({"symbol": "AAPL", "enableBuy": false, "enableSell": true, "enableBuyForProMode": true,
        "enableSellForProMode": true, "tradingHaltReason": {"title": "Corporate action", "description": "Stock split"}});
    assert_eq!(set_flags(&first, body).await.0, 200);
    second.state.markets.refresh(&second.state.db).await.unwrap();
    let (_, info) = get(&second, "/api/v1/markets/symbol-info?symbol=AAPL").await;
    assert_eq!((info["data"]["enableBuy"].as_bool(), info["data"]["enableSell"].as_bool()), (Some(false), Some(true)));
    assert_eq!(info["data"]["tradingHaltReason"]["title"], "Corporate action");
    assert_eq!(info["data"]["tradingHalted"], false, "one side open is not a halt");
    let response = second
        .client
        .get(second.url("/api/admin/markets/flags?symbol=AAPL"))
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    let flags: Value = response.json().await.unwrap();
    assert_eq!(flags["data"]["enableBuy"], false);
});

both_backends!(bad_flag_changes_are_refused, |backend| async move {
    let app = market_app(backend).await;
    let base = json!({"symbol": "BTC-IDR", "enableBuy": true, "enableSell": true,
        "enableBuyForProMode": true, "enableSellForProMode": true});
    let mut unknown = base.clone();
    unknown["symbol"] = json!("NOPE-IDR");
    assert_eq!(set_flags(&app, unknown).await.0, 404);
    let mut long = base.clone();
    long["tradingHaltReason"] = json!({"title": "x".repeat(81), "description": "d"});
    assert_eq!(set_flags(&app, long).await.0, 400);
    let mut missing = base.clone();
    missing.as_object_mut().unwrap().remove("enableSell");
    assert_eq!(set_flags(&app, missing).await.0, 422);
    let anonymous = app.client.post(app.url("/api/admin/markets/flags")).json(&base).send().await.unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
});

both_backends!(r2_08_guest_pages_have_the_asset_symbol_in_their_head_in_both_languages, |backend| async move {
    let app = market_app(backend).await;
    let id = app.get("/trade/BTC-IDR").send().await.unwrap().text().await.unwrap();
    assert!(id.contains("<title>Harga BTC-IDR Hari Ini"), "{id}");
    assert!(id.contains("<meta name=\"description\" content=\"Pantau harga BTC-IDR"), "{id}");
    assert!(id.contains("<meta name=\"keywords\" content=\"BTC-IDR,"), "{id}");
    let en = app.get("/en/trade/BTC-IDR").send().await.unwrap().text().await.unwrap();
    assert!(en.contains("<title>BTC-IDR Price Today"), "{en}");
    let (_, info) = get(&app, "/api/v1/markets/symbol-info?symbol=AAPL").await;
    let id = info["data"]["id"].as_u64().unwrap();
    let asset = app.get(&format!("/en/asset/usstock/AAPL/{id}")).send().await.unwrap().text().await.unwrap();
    assert!(asset.contains("<title>AAPL Price Today"), "{asset}");
    let hostile = app.get("/trade/%3Cscript%3Ealert(1)%3C%2Fscript%3E").send().await.unwrap().text().await.unwrap();
    assert!(!hostile.contains("<script>alert"), "{hostile}");
});

both_backends!(kept_views_follow_the_second_the_halts_and_the_window, |backend| async move {
    let (app, clock) = crate::helpers::spawn_app_with_clock(backend, |s| s.markets.warm_caches = false).await;
    let (_, first) = get(&app, "/api/v1/markets/ticker?symbol=BTC-IDR").await;
    let (_, again) = get(&app, "/api/v1/markets/ticker?symbol=BTC-IDR").await;
    assert_eq!(first, again, "the same second gives the same view");
    assert_eq!(first["data"]["halted"], false);
    let now = app.state.markets.sim().now();
    let hour = now.timestamp() - now.timestamp() % 3_600;
    let candles_url =
        format!("/api/v1/markets/candles?symbol=BTC-IDR&resolution=60&from={}&limit=300", hour - 300 * 3_600);
    let (_, before) = get(&app, &candles_url).await;
    let flat = |c: &Value| c["open"] == c["high"] && c["high"] == c["low"] && c["low"] == c["close"];
    // The last complete hour (the current one may be seconds old).
    let last = |body: &Value| {
        let list = body["data"]["candles"].as_array().unwrap();
        list[list.len() - 2].clone()
    };
    assert!(!flat(&last(&before)), "a traded hour moves: {}", last(&before));

    // A halt over the last two hours shows at once, in the same second, in the ticker and the candles.
    let window = market::HaltWindow { from: chrono::DateTime::from_timestamp(hour - 7_200, 0).unwrap(), to: None };
    app.state.markets.sim().set_halts("BTC-IDR", &[window]).unwrap();
    let (_, halted) = get(&app, "/api/v1/markets/ticker?symbol=BTC-IDR").await;
    assert_eq!((halted["data"]["halted"].as_bool(), &halted["data"]["time"]), (Some(true), &first["data"]["time"]));
    let (_, during) = get(&app, &candles_url).await;
    assert!(flat(&last(&during)), "halted hours are flat: {}", last(&during));
    assert_eq!(during["data"]["candles"].as_array().map(Vec::len), before["data"]["candles"].as_array().map(Vec::len));

    // The next second is a new view.
    crate::helpers::advance(&clock, 5);
    let (_, later) = get(&app, "/api/v1/markets/ticker?symbol=BTC-IDR").await;
    let time = |v: &Value| chrono::DateTime::parse_from_rfc3339(v["data"]["time"].as_str().unwrap()).unwrap();
    assert_eq!((time(&later) - time(&first)).num_seconds(), 5, "{later}");
    let (_, moved) = get(&app, &candles_url).await;
    assert_eq!(moved["data"]["to"].as_i64().unwrap() - during["data"]["to"].as_i64().unwrap(), 5_000);
});

both_backends!(a_search_longer_than_the_documented_40_characters_is_refused, |backend| async move {
    let app = market_app(backend).await;
    let (status, _) = get(&app, &format!("/api/v1/markets/symbols?class=crypto&search={}", "b".repeat(40))).await;
    assert_eq!(status, 200);
    for long in ["b".repeat(41), format!("%20{}%20", "b".repeat(39))] {
        let (status, body) = get(&app, &format!("/api/v1/markets/symbols?class=crypto&search={long}")).await;
        assert_eq!((status, body["error_code"].as_str()), (400, Some("invalid_request")), "{long:?}");
    }
});

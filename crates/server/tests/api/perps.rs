//! The perpetuals margin wallet (R3.11): spot USDT in and out, PIN-confirmed, balanced, never
//! overdrawn; bad amounts and wrong PINs move nothing.

use serde_json::json;

use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp, User, PIN};
use crate::trading::{account, assert_ledger_sound, fund, order};

/// Buys USDT at market for `rupiah` and returns the micro-USDT the user now holds.
async fn buy_usdt(app: &TestApp, user: &User, rupiah: i64) -> i64 {
    fund(app, user, rupiah + 10_000).await;
    let body =
        json!({"symbol": "USDT-IDR", "orderType": "MARKET", "inputType": "amount", "amount": rupiah.to_string()});
    let (status, placed) = order(app, user, "buy", body).await;
    assert_eq!(status, 200, "{placed}");
    account(app, &format!("{}:CRYPTO:USDT", user.user_id)).await.0
}

both_backends!(r3_11_margin_moves_between_spot_usdt_and_the_margin_wallet, |backend| async move {
    let app = spawn_app_with(backend, |s| s.markets.warm_caches = false).await;
    let user = app.sign_up("081234569201").await;
    let spot = buy_usdt(&app, &user, 500_000).await;
    assert!(spot > 20_000_000, "about 30 USDT for Rp500.000: {spot}");

    let (status, wallet) = app.get_as(&user, "/api/v1/perps/margin-wallet").await;
    assert_eq!(status, 200, "{wallet}");
    assert_eq!(
        (wallet["data"]["marginBalance"].as_str(), wallet["data"]["buyingPower"].as_str()),
        (Some("0.00"), Some("0.00"))
    );

    let (status, after) = app.post_as(&user, "/api/v1/perps/margin/deposit", json!({"amount": "10", "pin": PIN})).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["data"]["marginBalance"], "10.00");
    assert_eq!(after["data"]["availableMargin"], "10.00");
    assert_eq!(after["data"]["buyingPower"], "200.00", "20x the available margin");
    assert_eq!(after["data"]["marginRatioPercentage"], "0.00");
    assert_eq!(account(&app, &format!("{}:CRYPTO:USDT", user.user_id)).await.0, spot - 10_000_000);

    let (status, estimate) = app.get_as(&user, "/api/v1/perps/margin/withdrawal/estimate?amount=4").await;
    assert_eq!(status, 200, "{estimate}");
    assert_eq!(
        (
            estimate["data"]["allowed"].as_bool(),
            estimate["data"]["netAmount"].as_str(),
            estimate["data"]["marginBalanceAfter"].as_str()
        ),
        (Some(true), Some("4.00"), Some("6.00"))
    );
    let (_, too_much) = app.get_as(&user, "/api/v1/perps/margin/withdrawal/estimate?amount=11").await;
    assert_eq!(too_much["data"]["allowed"], false);

    let (status, back) =
        app.post_as(&user, "/api/v1/perps/margin/withdrawal", json!({"amount": "4", "pin": PIN})).await;
    assert_eq!(status, 200, "{back}");
    assert_eq!(back["data"]["marginBalance"], "6.00");
    assert_eq!(account(&app, &format!("{}:CRYPTO:USDT", user.user_id)).await.0, spot - 6_000_000);
    assert_ledger_sound(&app).await;
});

both_backends!(r3_11_bad_margin_transfers_move_nothing, |backend| async move {
    let app = spawn_app_with(backend, |s| s.markets.warm_caches = false).await;
    let user = app.sign_up("081234569202").await;
    let spot = buy_usdt(&app, &user, 200_000).await;
    let spot_usdt = spot as f64 / 1e6;
    let cases = [
        (json!({"amount": "0", "pin": PIN}), "invalid_amount"),
        (json!({"amount": "-5", "pin": PIN}), "invalid_amount"),
        (json!({"amount": "1.0000001", "pin": PIN}), "invalid_amount"),
        (json!({"amount": "abc", "pin": PIN}), "invalid_amount"),
        (json!({"amount": "0.5", "pin": PIN}), "amount_below_minimum"),
        (json!({"amount": format!("{:.0}", spot_usdt + 5.0), "pin": PIN}), "insufficient_balance"),
    ];
    for (body, code) in cases {
        let (status, answer) = app.post_as(&user, "/api/v1/perps/margin/deposit", body.clone()).await;
        assert_eq!((status, answer["error_code"].as_str()), (400, Some(code)), "{body} → {answer}");
    }
    let (status, wrong) =
        app.post_as(&user, "/api/v1/perps/margin/deposit", json!({"amount": "2", "pin": "000000"})).await;
    assert_eq!(status, 400, "{wrong}");
    let (status, empty) =
        app.post_as(&user, "/api/v1/perps/margin/withdrawal", json!({"amount": "1", "pin": PIN})).await;
    assert_eq!((status, empty["error_code"].as_str()), (400, Some("insufficient_balance")), "{empty}");
    assert_eq!(account(&app, &format!("{}:CRYPTO:USDT", user.user_id)).await.0, spot);
    assert_eq!(account(&app, &format!("{}:PERP_MARGIN:USDT", user.user_id)).await.0, 0);
    let status = app.get("/api/v1/perps/margin-wallet").send().await.unwrap().status().as_u16();
    assert_eq!(status, 401, "a guest has no margin wallet");
    assert_ledger_sound(&app).await;
});

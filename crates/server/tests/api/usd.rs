//! USD (R3.10, R6.03): the rate with its spread around the simulated USD/IDR mid, the calculator
//! rounding in the broker's favour never beyond a unit, and the three buckets, zero unless the user
//! is verified for US stocks.

use rust_decimal::Decimal;
use serde_json::Value;
use store::ledger::{self, NewEntry, Posting, HOUSE};

use crate::both_backends;
use crate::cashout::top_up;
use crate::helpers::{spawn_app, spawn_app_with, TestApp, User, PIN};

async fn verify_for_us_stocks(app: &TestApp, user: &User) {
    sqlx::query("update users set gss_kyc_status = 'VERIFIED' where id = $1")
        .bind(&user.user_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
}

fn dec(value: &Value) -> Decimal {
    value.as_str().unwrap().parse().unwrap()
}

both_backends!(usd_price_has_the_configured_spread_around_the_mid_rate, |backend| async move {
    let app = spawn_app_with(backend, |s| s.usd.spread_bps = 100).await;
    let user = app.sign_up("081234569701").await;
    let (status, price) = app.get_as(&user, "/api/v1/wallet/usd/price/current").await;
    assert_eq!(status, 200, "{price}");
    let (mid, buy, sell) =
        (dec(&price["data"]["midPrice"]), dec(&price["data"]["buyPrice"]), dec(&price["data"]["sellPrice"]));
    assert!(mid > Decimal::from(10_000) && mid < Decimal::from(25_000), "a plausible USD/IDR rate: {mid}");
    assert_eq!(price["data"]["spreadPercentage"], "1.00");
    let one_percent = mid / Decimal::from(100);
    assert!((buy - mid - one_percent).abs() <= Decimal::new(1, 2) + Decimal::new(1, 2), "{buy} vs {mid}");
    assert!((mid - sell - one_percent).abs() <= Decimal::new(1, 2) + Decimal::new(1, 2), "{sell} vs {mid}");

    let (status, to_usd) =
        app.get_as(&user, "/api/v1/wallet/usd/price/calculate?direction=IDR_TO_USD&amount=1000000").await;
    assert_eq!(status, 200, "{to_usd}");
    let (rate, usd) = (dec(&to_usd["data"]["rate"]), dec(&to_usd["data"]["toAmount"]));
    // Floored to the micro-dollar: never more than the rupiah buy.
    assert!(usd * rate <= Decimal::from(1_000_000) && (usd + Decimal::new(1, 6)) * rate > Decimal::from(1_000_000));
    let (_, to_idr) = app.get_as(&user, "/api/v1/wallet/usd/price/calculate?direction=USD_TO_IDR&amount=100").await;
    let (rate, idr) = (dec(&to_idr["data"]["rate"]), dec(&to_idr["data"]["toAmount"]));
    assert!(idr <= rate * Decimal::from(100) && idr + Decimal::new(1, 2) > rate * Decimal::from(100));
    assert_eq!(to_idr["data"]["fromCurrency"], "USD");
    for bad in ["0", "-1", "1.001", "abc"] {
        let (status, body) =
            app.get_as(&user, &format!("/api/v1/wallet/usd/price/calculate?direction=IDR_TO_USD&amount={bad}")).await;
        assert_eq!((status, body["error_code"].as_str()), (400, Some("invalid_amount")), "{bad}");
    }
    let (status, _) = app.get_as(&user, "/api/v1/wallet/usd/price/calculate?direction=SIDEWAYS&amount=1").await;
    assert_eq!(status, 400);
});

both_backends!(r3_10_r6_03_usd_buckets_load_only_for_verified_users, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234569702").await;
    // 250 dollars in the paln bucket, from the house FX desk.
    let mut tx = app.state.db.begin_write().await.unwrap();
    let desk = ledger::account(&mut tx.tx, HOUSE, "FX_DESK", "USD", true).await.unwrap();
    let paln = ledger::account(&mut tx.tx, &user.user_id, "USD_PALN", "USD", false).await.unwrap();
    let postings = vec![
        Posting { account_id: desk, currency: "USD".into(), amount: -250_000_000 },
        Posting { account_id: paln, currency: "USD".into(), amount: 250_000_000 },
    ];
    ledger::post(&mut tx.tx, &NewEntry { reason: "FX".into(), event_id: "fx:test".into(), memo: None, postings })
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let (status, hidden) = app.get_as(&user, "/api/v1/wallet/usd/balance").await;
    assert_eq!(status, 200, "{hidden}");
    assert_eq!(hidden["data"]["gssKycStatus"], "UNVERIFIED");
    for bucket in ["paln", "leverage", "intraday"] {
        assert_eq!(hidden["data"][bucket]["usdCash"], "0.00", "R6.03: zero until verified");
        assert_eq!(hidden["data"][bucket]["buyingPower"], "0.00");
    }

    sqlx::query("update users set gss_kyc_status = 'VERIFIED' where id = $1")
        .bind(&user.user_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let (_, shown) = app.get_as(&user, "/api/v1/wallet/usd/balance").await;
    let data = &shown["data"];
    assert_eq!(data["paln"]["usdCash"], "250.00");
    assert_eq!(data["paln"]["buyingPower"], "250.00");
    assert_eq!(data["paln"]["usdMargin"], "0.00");
    assert_eq!((data["leverage"]["leverage"].as_i64(), data["intraday"]["leverage"].as_i64()), (Some(2), Some(4)));
    assert_eq!(data["leverage"]["usdCash"], "0.00");
    for bucket in ["paln", "leverage", "intraday"] {
        assert!(dec(&data[bucket]["usdIdrPrice"]) > Decimal::ONE, "R3.10: the live rate, not the default converter");
        assert_eq!(data[bucket]["idrCash"], "0.00");
    }
    assert!(ledger::check(&app.state.db).await.unwrap().is_empty());
});

both_backends!(r3_10_converting_rupiah_to_dollars_and_into_the_leverage_wallet, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234569703").await;
    top_up(&app, &user, "2000000").await;
    let convert = |direction: &'static str, amount: &'static str| {
        let (app, user) = (&app, &user);
        async move {
            app.post_as(
                user,
                "/api/v1/wallet/usd/convert",
                serde_json::json!({"direction": direction, "amount": amount, "pin": PIN}),
            )
            .await
        }
    };
    // R6.03: not verified, nothing converts.
    let (status, body) = convert("IDR_TO_USD", "1000000").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("gss_not_verified")));
    verify_for_us_stocks(&app, &user).await;
    let (status, body) = convert("IDR_TO_USD", "5000").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("amount_below_minimum")));
    let (status, body) = convert("IDR_TO_USD", "2000000.01").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("insufficient_balance")));

    let (status, bought) = convert("IDR_TO_USD", "1000000").await;
    assert_eq!(status, 200, "{bought}");
    let usd = dec(&bought["data"]["usdAmount"]);
    let rate = dec(&bought["data"]["rate"]);
    assert!(usd * rate <= Decimal::from(1_000_000), "floored: never more dollars than paid for");
    let (_, wallet) = app.get_as(&user, "/api/v1/wallet/balance").await;
    assert_eq!(wallet["data"]["freeBalance"], "1000000.00");
    let (_, buckets) = app.get_as(&user, "/api/v1/wallet/usd/balance").await;
    assert_eq!(dec(&buckets["data"]["paln"]["usdCash"]), usd);
    assert_eq!(buckets["data"]["paln"]["idrCash"], "1000000.00");

    let (status, sold) = convert("USD_TO_IDR", "10").await;
    assert_eq!(status, 200, "{sold}");
    assert!(dec(&sold["data"]["rate"]) < rate, "selling dollars pays less than buying them");

    let (_, details) = app.get_as(&user, "/api/v1/wallet/leverage-wallet/details").await;
    assert_eq!(details["data"]["usdCash"], "0.00");
    let (status, calc) =
        app.get_as(&user, "/api/v1/wallet/leverage-wallet/calculate?direction=DEPOSIT&amount=20").await;
    assert_eq!(status, 200, "{calc}");
    assert_eq!(calc["data"]["usdCashAfter"], "20.00");
    assert_eq!(calc["data"]["buyingPowerAfter"], "40.00");
    let (status, _) = app.get_as(&user, "/api/v1/wallet/leverage-wallet/calculate?direction=WITHDRAW&amount=20").await;
    assert_eq!(status, 400, "nothing to withdraw yet");
    let (status, deposited) = app
        .post_as(&user, "/api/v1/wallet/leverage-wallet/deposit", serde_json::json!({"amount": "20", "pin": PIN}))
        .await;
    assert_eq!(status, 200, "{deposited}");
    assert_eq!(deposited["data"]["buyingPower"], "40.00");
    let (_, buckets) = app.get_as(&user, "/api/v1/wallet/usd/balance").await;
    assert_eq!(buckets["data"]["leverage"]["usdCash"], "20.00");
    assert_eq!(buckets["data"]["leverage"]["buyingPower"], "40.00");
    let (status, body) = app
        .post_as(&user, "/api/v1/wallet/leverage-wallet/withdraw", serde_json::json!({"amount": "20.01", "pin": PIN}))
        .await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("insufficient_balance")));
    let (status, _) = app
        .post_as(&user, "/api/v1/wallet/leverage-wallet/withdraw", serde_json::json!({"amount": "5", "pin": PIN}))
        .await;
    assert_eq!(status, 200);
    let (_, details) = app.get_as(&user, "/api/v1/wallet/leverage-wallet/details").await;
    assert_eq!(details["data"]["usdCash"], "15.00");
    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history?asset=USD").await;
    assert_eq!(history["total"], 4, "{history}");
    assert_eq!(history["data"][0]["paymentChannel"], "LEVERAGE_WITHDRAW");
    assert_eq!(history["data"][0]["amount"], "5.00");
    let id = bought["data"]["id"].as_str().unwrap();
    let (_, details) =
        app.get_as(&user, &format!("/api/v1/wallet/transactions/{id}/details-with-state-transition")).await;
    assert_eq!(details["data"]["kind"], "USD_MOVEMENT");
    assert_eq!(details["data"]["usdMovement"]["idrAmount"], "1000000.00");
    assert_eq!(details["data"]["transitions"][0]["status"], "COMPLETED");
    assert!(ledger::check(&app.state.db).await.unwrap().is_empty());
});

//! USD (R3.10, R6.03): the rate with its spread around the simulated USD/IDR mid, the calculator
//! rounding in the broker's favour never beyond a unit, and the three buckets, zero unless the user
//! is verified for US stocks.

use domain::ledger::EntryReason;
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
    ledger::post(
        &mut tx.tx,
        &NewEntry {
            reason: EntryReason::Fx,
            event_id: "fx:test".into(),
            memo: None,
            postings,
            at_ms: app.state.clock.now_ms(),
        },
    )
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
    assert_eq!((status, body["error_code"].as_str()), (400, Some("041")));
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

/// Puts `micro` dollars into the user's paln bucket from the house FX desk.
async fn fund_paln(app: &TestApp, user: &User, micro: i64, event: &str) {
    let mut tx = app.state.db.begin_write().await.unwrap();
    let desk = ledger::account(&mut tx.tx, HOUSE, "FX_DESK", "USD", true).await.unwrap();
    let paln = ledger::account(&mut tx.tx, &user.user_id, "USD_PALN", "USD", false).await.unwrap();
    let postings = vec![
        Posting { account_id: desk, currency: "USD".into(), amount: -micro },
        Posting { account_id: paln, currency: "USD".into(), amount: micro },
    ];
    ledger::post(
        &mut tx.tx,
        &NewEntry {
            reason: EntryReason::Fx,
            event_id: event.into(),
            memo: None,
            postings,
            at_ms: app.state.clock.now_ms(),
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

async fn paln_balance(app: &TestApp, user: &User) -> i64 {
    ledger::balance(&app.state.db, &format!("{}:USD_PALN:USD", user.user_id)).await.unwrap().map_or(0, |b| b.balance)
}

async fn count(app: &TestApp, sql: &str, user: &User) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).bind(&user.user_id).fetch_one(app.state.db.pool()).await.unwrap()
}

// R6.03: only users verified for US stocks may opt into USD yield; refusals change nothing.
both_backends!(r6_03_usd_yield_opt_in_only_for_verified_users, |backend| async move {
    let app = spawn_app_with(backend, |s| s.usd.yield_rate_bps = 425).await;
    let user = app.sign_up("081234569711").await;
    let (status, offer) = app.get_as(&user, "/api/v1/wallet/usd-yield/onboarding").await;
    assert_eq!(status, 200, "{offer}");
    assert_eq!(offer["data"]["annualRatePercentage"], "4.25");
    assert_eq!(offer["data"]["eligible"], false);
    assert_eq!(offer["data"]["optedIn"], false);
    assert!(offer["data"]["howItAccrues"].as_str().unwrap().contains("4,25%"), "{offer}");
    assert_eq!(offer["data"]["terms"].as_array().unwrap().len(), 4);

    let (status, refused) = app.post_as(&user, "/api/v1/wallet/usd-yield/optin", Value::Null).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("041")), "{refused}");
    let enrolments = "select count(*) from usd_yield_enrolments where user_id = $1";
    assert_eq!(count(&app, enrolments, &user).await, 0, "a refused opt-in records nothing");
    let (status, refused) = app.post_as(&user, "/api/v1/wallet/usd-yield/optout", Value::Null).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("usd_yield_not_opted_in")), "{refused}");

    verify_for_us_stocks(&app, &user).await;
    let (status, joined) = app.post_as(&user, "/api/v1/wallet/usd-yield/optin", Value::Null).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!((joined["data"]["eligible"].as_bool(), joined["data"]["optedIn"].as_bool()), (Some(true), Some(true)));
    let since = joined["data"]["optedInAtMs"].as_i64().unwrap();
    let (status, again) = app.post_as(&user, "/api/v1/wallet/usd-yield/optin", Value::Null).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["data"]["optedInAtMs"].as_i64(), Some(since), "opting in again keeps the start of accrual");
    assert_eq!(count(&app, enrolments, &user).await, 1);

    let (status, left) = app.post_as(&user, "/api/v1/wallet/usd-yield/optout", Value::Null).await;
    assert_eq!(status, 200, "{left}");
    assert_eq!(left["data"]["optedIn"], false);
    assert_eq!(left["data"]["optedInAtMs"], Value::Null);
    assert_eq!(left["data"]["totalInterest"], "0.00");
    crate::cashout::assert_ledger_sound(&app).await;
});

// R3.10: interest is paid once per user per day into the paln bucket, compounding daily on the
// closing balance and rounded down, however often and however concurrently the job runs.
both_backends!(r3_10_usd_interest_accrues_exactly_once_per_day, |backend| async move {
    use server::features::wallet::usd_yield::{accrue_day, day_wib};

    // 3.65% a year: 1,000 dollars earn exactly 0.10 a day.
    let app = spawn_app_with(backend, |s| s.usd.yield_rate_bps = 365).await;
    let saver = app.sign_up("081234569712").await;
    let idle = app.sign_up("081234569713").await;
    let quitter = app.sign_up("081234569714").await;
    for (user, event) in [(&saver, "fx:y1"), (&idle, "fx:y2"), (&quitter, "fx:y3")] {
        verify_for_us_stocks(&app, user).await;
        fund_paln(&app, user, 1_000_000_000, event).await;
    }
    for user in [&saver, &quitter] {
        let (status, body) = app.post_as(user, "/api/v1/wallet/usd-yield/optin", Value::Null).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = app.post_as(&quitter, "/api/v1/wallet/usd-yield/optout", Value::Null).await;
    assert_eq!(status, 200);

    let today = day_wib(app.state.clock.now());
    assert_eq!(accrue_day(&app.state, today).await.unwrap(), 1, "only the opted-in user");
    assert_eq!(accrue_day(&app.state, today).await.unwrap(), 0, "a second run credits nothing");
    assert_eq!(paln_balance(&app, &saver).await, 1_000_100_000);
    crate::cashout::assert_ledger_sound(&app).await;

    // Four nodes running the next day's job at once: one credit.
    let tomorrow = today.succ_opt().unwrap();
    let runs = (0..4).map(|_| {
        let state = app.state.clone();
        tokio::spawn(async move { accrue_day(&state, tomorrow).await.unwrap() })
    });
    let credited: usize = futures::future::join_all(runs).await.into_iter().map(Result::unwrap).sum();
    assert_eq!(credited, 1);
    // Compounding: 1,000.10 × 0.0365 / 365 = 0.10001 dollars.
    assert_eq!(paln_balance(&app, &saver).await, 1_000_100_000 + 100_010);
    assert_eq!(paln_balance(&app, &idle).await, 1_000_000_000, "not opted in: no interest");
    assert_eq!(paln_balance(&app, &quitter).await, 1_000_000_000, "opted out: no interest");
    let entries = "select count(*) from journal_entries j join postings p on p.entry_id = j.id \
                   where j.reason = 'USD_INTEREST' and p.account_id = $1 || ':USD_PALN:USD'";
    assert_eq!(count(&app, entries, &saver).await, 2);
    crate::cashout::assert_ledger_sound(&app).await;

    let (_, offer) = app.get_as(&saver, "/api/v1/wallet/usd-yield/onboarding").await;
    assert_eq!(offer["data"]["totalInterest"], "0.20001");
    let (status, page) = app.get_as(&saver, "/api/v1/wallet/transaction-history?kind=USD_INTEREST").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], 2, "{page}");
    assert_eq!(page["data"][0]["amount"], "0.10001");
    assert_eq!(page["data"][0]["wallet"], "USD");
    let id = page["data"][0]["id"].as_str().unwrap();
    let (status, details) =
        app.get_as(&saver, &format!("/api/v1/wallet/transactions/{id}/details-with-state-transition")).await;
    assert_eq!(status, 200, "{details}");
    assert_eq!(details["data"]["kind"], "USD_INTEREST");
    assert_eq!(details["data"]["usdMovement"]["usdAmount"], "0.10001");
    let (_, other) =
        app.get_as(&idle, &format!("/api/v1/wallet/transactions/{id}/details-with-state-transition")).await;
    assert_eq!(other["error_code"], "not_found", "another user's interest is not theirs to see");
});

// R3.10: the intraday bucket (4x) is funded from paln exactly as the leverage wallet is, by the same
// code over another account; refusals (unverified 041, wrong PIN, too little) move nothing.
both_backends!(r3_10_intraday_wallet_deposits_and_withdraws_through_paln, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234569721").await;
    let other = app.sign_up("081234569722").await;
    fund_paln(&app, &user, 100_000_000, "fx:intraday-test").await;
    let transfer = |who: &'static str, amount: &'static str, pin: &'static str| {
        let (app, user) = (&app, &user);
        async move {
            let path = format!("/api/v1/wallet/intraday-wallet/{who}");
            app.post_as(user, &path, serde_json::json!({"amount": amount, "pin": pin})).await
        }
    };
    let (status, body) = transfer("deposit", "10", PIN).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("041")), "R8.03: status blocks the call {body}");
    let (status, body) =
        app.get_as(&user, "/api/v1/wallet/intraday-wallet/calculate?direction=DEPOSIT&amount=10").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("041")), "{body}");
    let (_, hidden) = app.get_as(&user, "/api/v1/wallet/intraday-wallet/details").await;
    assert_eq!((hidden["data"]["usdCash"].as_str(), hidden["data"]["leverage"].as_i64()), (Some("0.00"), Some(4)));

    verify_for_us_stocks(&app, &user).await;
    let (status, calc) =
        app.get_as(&user, "/api/v1/wallet/intraday-wallet/calculate?direction=DEPOSIT&amount=25.50").await;
    assert_eq!(status, 200, "{calc}");
    assert_eq!(calc["data"]["usdCashAfter"], "25.50");
    assert_eq!(calc["data"]["buyingPowerAfter"], "102.00", "4x");
    assert_eq!(calc["data"]["palnUsdCashAfter"], "74.50");
    let (status, body) =
        app.get_as(&user, "/api/v1/wallet/intraday-wallet/calculate?direction=DEPOSIT&amount=100.01").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("insufficient_balance")));
    let (status, body) = transfer("deposit", "0.5", PIN).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("amount_below_minimum")));
    let (status, body) = transfer("deposit", "10", "000000").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("pin_wrong")), "{body}");
    assert_eq!(paln_balance(&app, &user).await, 100_000_000, "refusals move nothing");

    let (status, deposited) = transfer("deposit", "25.50", PIN).await;
    assert_eq!(status, 200, "{deposited}");
    assert_eq!(deposited["data"]["usdCash"], "25.50");
    assert_eq!(deposited["data"]["buyingPower"], "102.00");
    assert_eq!(deposited["data"]["palnUsdCash"], "74.50");
    let (_, buckets) = app.get_as(&user, "/api/v1/wallet/usd/balance").await;
    assert_eq!(buckets["data"]["intraday"]["usdCash"], "25.50");
    assert_eq!(buckets["data"]["intraday"]["buyingPower"], "102.00");
    assert_eq!(buckets["data"]["leverage"]["usdCash"], "0.00", "the leverage wallet is another account");
    let (status, body) = transfer("withdraw", "25.51", PIN).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("insufficient_balance")));
    let (status, left) = transfer("withdraw", "5.50", PIN).await;
    assert_eq!(status, 200, "{left}");
    assert_eq!(left["data"]["usdCash"], "20.00");
    assert_eq!(paln_balance(&app, &user).await, 80_000_000);
    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history?asset=USD").await;
    let channels: Vec<&str> =
        history["data"].as_array().unwrap().iter().filter_map(|m| m["paymentChannel"].as_str()).collect();
    assert_eq!(channels, ["INTRADAY_WITHDRAW", "INTRADAY_DEPOSIT"], "{history}");
    // Another user sees nothing of it.
    let (_, theirs) = app.get_as(&other, "/api/v1/wallet/intraday-wallet/details").await;
    assert_eq!(theirs["data"]["usdCash"], "0.00");
    crate::cashout::assert_ledger_sound(&app).await;
});

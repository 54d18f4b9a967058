//! Vouchers spent by crypto buys (docs/trading.md "Holds", docs/wallet.md "Vouchers"): a buy holds
//! voucher credit first and cash for the rest, fills spend them in that order, cancels release both,
//! the buy power counts both (R3.07, R5.04, R3.09), and voucher credit still never reaches a bank.

use serde_json::{json, Value};

use crate::both_backends;
use crate::cashout::add_account;
use crate::helpers::{TestApp, User, ADMIN_TOKEN, PIN};
use crate::trading::{account, assert_ledger_sound, cash_of, fund, order, trading_app};

fn voucher_of(user: &User) -> String {
    format!("{}:IDR_VOUCHER:IDR", user.user_id)
}

fn num(v: &Value) -> f64 {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}")).parse().unwrap()
}

/// Grants `rupiah` of voucher credit through the operator API.
async fn grant_voucher(app: &TestApp, user: &User, rupiah: &str) {
    let response = app
        .post("/api/admin/wallet/vouchers")
        .bearer_auth(ADMIN_TOKEN)
        .json(&json!({"userId": user.user_id, "amount": rupiah, "reason": "Promo"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
}

async fn wallet(app: &TestApp, user: &User) -> Value {
    let (status, body) = app.get_as(user, "/api/v1/wallet/balance").await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn bid(app: &TestApp) -> f64 {
    let response = app.get("/api/v1/crypto/price-quote?symbol=USDT-IDR").send().await.unwrap();
    let body: Value = response.json().await.unwrap();
    num(&body["data"]["bestBid"])
}

both_backends!(r5_04_r3_09_a_buy_holds_voucher_then_cash_and_a_cancel_releases_both, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569801").await;
    fund(&app, &user, 100_000).await;
    grant_voucher(&app, &user, "50000").await;

    // R5.04 / R3.07: the buy power is free cash plus voucher credit; the sell power is coins only.
    let (status, slider) = app.get_as(&user, "/api/v1/crypto/slider-input?symbol=USDT-IDR&side=BUY").await;
    assert_eq!(status, 200, "{slider}");
    assert_eq!(
        (slider["data"]["power"].as_str(), slider["data"]["amount"].as_str()),
        (Some("150000.00"), Some("150000.00"))
    );

    // A limit buy far below the market rests: its hold takes all Rp50.000 of voucher and the rest in cash.
    let price = (bid(&app).await * 0.5).floor();
    let (status, resting) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "USDT-IDR", "orderType": "LIMIT", "quantity": "10", "limitPrice": price.to_string()}),
    )
    .await;
    assert_eq!(status, 200, "{resting}");
    assert_eq!(resting["data"]["status"], "PENDING");
    let (_, cash_held) = account(&app, &cash_of(&user)).await;
    assert_eq!(account(&app, &voucher_of(&user)).await, (5_000_000, 5_000_000), "voucher held first");
    // The hold is the value plus the 0.15 % fee rounded up to the sen (no tax on buys).
    let value_sen = (price * 10.0 * 100.0) as i64;
    let hold = value_sen + (value_sen * 15 + 9_999) / 10_000;
    assert_eq!(cash_held, hold - 5_000_000, "cash holds the rest");
    // R3.09: reserved money shows as cashBalance, and the four figures still add up.
    let shown = wallet(&app, &user).await;
    assert_eq!(shown["voucherBalance"], "0.00");
    assert_eq!(num(&shown["cashBalance"]), (cash_held + 5_000_000) as f64 / 100.0);
    assert_eq!(shown["totalBalance"], "150000.00");
    assert_ledger_sound(&app).await;

    // Cancelling releases both holds.
    let id = resting["data"]["orderId"].as_str().unwrap();
    let (status, cancelled) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": id})).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(account(&app, &voucher_of(&user)).await, (5_000_000, 0));
    assert_eq!(account(&app, &cash_of(&user)).await, (10_000_000, 0));
    assert_eq!(cancelled["data"]["voucherPaid"], "0.00");
    assert_ledger_sound(&app).await;

    // A buy of Rp120.000 at market: Rp50.000 paid by voucher, the rest by cash.
    let (status, bought) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "USDT-IDR", "orderType": "instant", "inputType": "amount", "amount": "120000"}),
    )
    .await;
    assert_eq!(status, 200, "{bought}");
    assert_eq!(bought["data"]["status"], "SUCCESS");
    assert_eq!(bought["data"]["voucherPaid"], "50000.00");
    let spent = num(&bought["data"]["filledAmount"]) + num(&bought["data"]["fee"]) + num(&bought["data"]["tax"]);
    assert!(spent > 119_000.0 && spent <= 120_000.0, "{bought}");
    assert_eq!(account(&app, &voucher_of(&user)).await, (0, 0));
    let (cash, held) = account(&app, &cash_of(&user)).await;
    assert_eq!(held, 0);
    assert_eq!(cash, 10_000_000 - ((spent * 100.0).round() as i64 - 5_000_000), "cash paid the rest");
    assert_ledger_sound(&app).await;

    // Sold, the coins pay cash (the voucher was spent on them); the voucher account stays empty.
    let quantity = bought["data"]["filledQuantity"].as_str().unwrap();
    let (status, sold) = order(&app, &user, "sell", json!({"symbol": "USDT-IDR", "quantity": quantity})).await;
    assert_eq!(status, 200, "{sold}");
    assert_eq!(sold["data"]["voucherPaid"], "0.00");
    assert_eq!(account(&app, &voucher_of(&user)).await, (0, 0));
    assert_ledger_sound(&app).await;
});

both_backends!(vouchers_are_never_cashed_out_even_when_orders_hold_them, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569802").await;
    fund(&app, &user, 30_000).await;
    grant_voucher(&app, &user, "40000").await;
    // A resting buy of about Rp50.000 holds the whole voucher and about Rp10.000 of cash.
    let price = (bid(&app).await * 0.5).floor();
    let quantity = (50_000.0 / price).floor().max(1.0);
    let body = json!({"symbol": "USDT-IDR", "orderType": "LIMIT", "quantity": quantity.to_string(), "limitPrice": price.to_string()});
    let (status, resting) = order(&app, &user, "buy", body).await;
    assert_eq!(status, 200, "{resting}");
    let (_, cash_held) = account(&app, &cash_of(&user)).await;
    assert!(cash_held > 0, "the voucher alone does not cover it");
    // Only free cash leaves: never the voucher, nor what the order holds.
    let bank = add_account(&app, &user, "BCA", "1234567893").await;
    let free = (3_000_000 - cash_held) as f64 / 100.0;
    let too_much = format!("{:.2}", free + 0.01);
    let (status, body) = app
        .post_as(&user, "/api/v1/wallet/cashout", json!({"bankAccountId": bank, "amount": too_much, "pin": PIN}))
        .await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("insufficient_balance")), "{body}");
    let id = resting["data"]["orderId"].as_str().unwrap();
    let (status, _) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": id})).await;
    assert_eq!(status, 200);
    let (status, body) = app
        .post_as(&user, "/api/v1/wallet/cashout", json!({"bankAccountId": bank, "amount": "30000.01", "pin": PIN}))
        .await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("insufficient_balance")), "{body}");
    assert_eq!(account(&app, &voucher_of(&user)).await, (4_000_000, 0));
    assert_ledger_sound(&app).await;
});

both_backends!(a_thousand_concurrent_buys_against_voucher_and_cash_never_overdraw, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569803").await;
    fund(&app, &user, 500_000).await;
    grant_voucher(&app, &user, "500000").await;
    let buys = (0..1_000).map(|_| {
        order(
            &app,
            &user,
            "buy",
            json!({"symbol": "USDT-IDR", "orderType": "instant", "inputType": "amount", "amount": "10000"}),
        )
    });
    let results = futures::future::join_all(buys).await;
    let ok: Vec<&Value> = results.iter().filter(|(s, _)| *s == 200).map(|(_, b)| &b["data"]).collect();
    let refused = results.iter().filter(|(s, b)| *s == 400 && b["error_code"] == "insufficient_balance").count();
    assert_eq!(ok.len() + refused, 1_000, "{:?}", results.iter().find(|(s, _)| *s != 200 && *s != 400));
    // Each buy may spend Rp10.000 and spends a little less: about a hundred fit in Rp1.000.000.
    assert!(ok.len() >= 100, "{}", ok.len());
    let (voucher, voucher_held) = account(&app, &voucher_of(&user)).await;
    let (cash, cash_held) = account(&app, &cash_of(&user)).await;
    assert_eq!((voucher_held, cash_held), (0, 0));
    assert!(voucher >= 0 && cash >= 0);
    // Buys stop only when less than one buy's worth is left, voucher and cash together.
    assert!(voucher + cash < 1_000_000, "left {voucher} + {cash} sen");
    let paid_by_voucher: f64 = ok.iter().map(|o| num(&o["voucherPaid"])).sum();
    assert_eq!(
        (paid_by_voucher * 100.0).round() as i64,
        50_000_000 - voucher,
        "every voucher sen spent is on an order"
    );
    let spent: f64 = ok.iter().map(|o| num(&o["filledAmount"]) + num(&o["fee"]) + num(&o["tax"])).sum();
    assert_eq!((spent * 100.0).round() as i64, 100_000_000 - voucher - cash, "voucher and cash paid every buy");
    let open_holds: i64 = sqlx::query_scalar("select count(*) from ledger_holds where status = 'OPEN'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(open_holds, 0);
    assert_ledger_sound(&app).await;
});

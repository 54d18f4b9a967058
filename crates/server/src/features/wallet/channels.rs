//! Top-up channels: virtual accounts of the major Indonesian banks, e-wallets and QRIS, each with
//! its limits and fee (what the payer pays on top of the amount that reaches the wallet).

use domain::fees::gateway_fee;
use domain::money::MoneyError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How a channel is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChannelKind {
    /// Transfer to a virtual account number.
    VirtualAccount,
    /// Pay in an e-wallet app through a deep link.
    Ewallet,
    /// Scan a QRIS code with any banking or e-wallet app.
    Qris,
}

/// One way to top up.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Channel {
    /// The paymentChannel code, e.g. `BCA_VA`.
    pub code: &'static str,
    /// Display name.
    pub name: &'static str,
    /// How it is paid.
    pub kind: ChannelKind,
    /// Smallest top-up, sen.
    #[serde(skip)]
    pub min_sen: i64,
    /// Largest top-up, sen.
    #[serde(skip)]
    pub max_sen: i64,
    /// Flat fee, sen.
    #[serde(skip)]
    pub fee_flat_sen: i64,
    /// Percentage fee in basis points of the amount (rounded up to the sen).
    #[serde(skip)]
    pub fee_bps: i64,
    /// Minutes before an unpaid top-up expires.
    #[serde(skip)]
    pub expiry_minutes: i64,
}

const fn va(code: &'static str, name: &'static str) -> Channel {
    Channel {
        code,
        name,
        kind: ChannelKind::VirtualAccount,
        min_sen: rp(10_000),
        max_sen: rp(500_000_000),
        fee_flat_sen: rp(4_000),
        fee_bps: 0,
        expiry_minutes: 24 * 60,
    }
}

const fn ewallet(code: &'static str, name: &'static str, max_sen: i64) -> Channel {
    Channel {
        code,
        name,
        kind: ChannelKind::Ewallet,
        min_sen: rp(10_000),
        max_sen,
        fee_flat_sen: 0,
        fee_bps: 150,
        expiry_minutes: 15,
    }
}

/// Every channel, in the order the web app lists them. Limits and fees follow the usual terms of
/// Indonesian payment gateways (VA flat Rp4.000; e-wallets 1.5 %; QRIS 0.7 %).
pub const CHANNELS: [Channel; 11] = [
    va("BCA_VA", "BCA Virtual Account"),
    va("MANDIRI_VA", "Mandiri Virtual Account"),
    va("BNI_VA", "BNI Virtual Account"),
    va("BRI_VA", "BRI Virtual Account"),
    va("PERMATA_VA", "Permata Virtual Account"),
    va("CIMB_VA", "CIMB Niaga Virtual Account"),
    ewallet("GOPAY", "GoPay", GOPAY_LIMIT_SEN),
    ewallet("OVO", "OVO", rp(20_000_000)),
    ewallet("DANA", "DANA", rp(20_000_000)),
    ewallet("SHOPEEPAY", "ShopeePay", rp(20_000_000)),
    Channel {
        code: "QRIS",
        name: "QRIS",
        kind: ChannelKind::Qris,
        min_sen: rp(10_000),
        max_sen: rp(10_000_000),
        fee_flat_sen: 0,
        fee_bps: 70,
        expiry_minutes: 15,
    },
];

/// Sen in `rupiah` rupiah.
const fn rp(rupiah: i64) -> i64 {
    rupiah * 100
}

/// GoPay's limit per transaction (a verified GoPay Plus account), sen.
pub const GOPAY_LIMIT_SEN: i64 = rp(20_000_000);

/// The channel with this code.
pub fn find(code: &str) -> Option<&'static Channel> {
    CHANNELS.iter().find(|c| c.code == code)
}

impl Channel {
    /// The fee for topping up `amount_sen`, rounded up to the sen.
    pub fn fee_for(&self, amount_sen: i64) -> Result<i64, MoneyError> {
        gateway_fee(amount_sen, self.fee_flat_sen, self.fee_bps)
    }

    /// Whether the channel takes a top-up of `amount_sen` (its limits are inclusive).
    pub fn accepts(&self, amount_sen: i64) -> bool {
        (self.min_sen..=self.max_sen).contains(&amount_sen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentage_fees_round_up_to_the_sen() {
        let gopay = find("GOPAY").unwrap();
        assert_eq!(gopay.fee_for(rp(100_000)), Ok(rp(1_500)));
        assert_eq!(gopay.fee_for(1), Ok(1));
        assert_eq!(find("BCA_VA").unwrap().fee_for(rp(100_000)), Ok(rp(4_000)));
    }

    #[test]
    fn a_channel_takes_amounts_within_its_limits_inclusive() {
        let gopay = find("GOPAY").unwrap();
        assert!(gopay.accepts(gopay.min_sen) && gopay.accepts(GOPAY_LIMIT_SEN));
        assert!(!gopay.accepts(gopay.min_sen - 1) && !gopay.accepts(GOPAY_LIMIT_SEN + 1));
    }

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = CHANNELS.iter().map(|c| c.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), CHANNELS.len());
    }
}

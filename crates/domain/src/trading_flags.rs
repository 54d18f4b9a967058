//! Whether an asset may be bought or sold right now: its trading flags (R3.05), pro mode
//! (R6.02) and the halt message (R4.13).

use serde::{Deserialize, Serialize};

use crate::assets::BuySellAvailability;
use crate::orders::Side;
use crate::preferences::Locale;

/// Title and description shown when an asset is halted (R3.05, R4.13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradingHaltReason {
    /// Short heading.
    pub title: String,
    /// Explanation for the user.
    pub description: String,
}

/// A banner shown under the order form (R3.05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BottomBannerMessage {
    /// Short heading.
    pub title: String,
    /// Banner text.
    pub message: String,
}

/// An asset's trading flags as the server sends them (R3.05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TradingFlags {
    /// Buying allowed in normal mode.
    pub enable_buy: bool,
    /// Selling allowed in normal mode.
    pub enable_sell: bool,
    /// Buying allowed in pro mode.
    pub enable_buy_for_pro_mode: bool,
    /// Selling allowed in pro mode.
    pub enable_sell_for_pro_mode: bool,
    /// Why trading is halted, when the operator gave a reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trading_halt_reason: Option<TradingHaltReason>,
    /// Optional banner under the order form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bottom_banner_message: Option<BottomBannerMessage>,
}

/// Which pair of flags applies to a user on an asset (R6.02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TradingMode {
    /// enableBuy / enableSell apply.
    Normal,
    /// enableBuyForProMode / enableSellForProMode apply.
    Pro,
}

impl TradingMode {
    /// Pro mode applies to users tagged pro; for a crypto coin only if the coin's
    /// `enableProMode` is set. Pass `None` for assets that have no per-coin switch.
    pub fn for_user(user_is_pro: bool, coin_enable_pro_mode: Option<bool>) -> Self {
        if user_is_pro && coin_enable_pro_mode.unwrap_or(true) {
            TradingMode::Pro
        } else {
            TradingMode::Normal
        }
    }
}

/// Why an order side is refused (R6.02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TradeBlock {
    /// Both sides are disabled in the applicable mode: show the halt message (R4.13).
    Halted,
    /// Only this side is disabled in the applicable mode.
    SideDisabled {
        /// The refused side.
        side: Side,
        /// The mode whose flag refused it.
        mode: TradingMode,
    },
}

impl TradingFlags {
    /// (buy allowed, sell allowed) under `mode`.
    fn allowed(&self, mode: TradingMode) -> (bool, bool) {
        match mode {
            TradingMode::Normal => (self.enable_buy, self.enable_sell),
            TradingMode::Pro => (self.enable_buy_for_pro_mode, self.enable_sell_for_pro_mode),
        }
    }

    /// Which sides are open under `mode` (R4.11).
    pub fn availability(&self, mode: TradingMode) -> BuySellAvailability {
        let (buy, sell) = self.allowed(mode);
        BuySellAvailability::from_flags(buy, sell)
    }

    /// Allows `side` under `mode`, or says why not (R3.05, R6.02).
    pub fn check(&self, side: Side, mode: TradingMode) -> Result<(), TradeBlock> {
        let (buy, sell) = self.allowed(mode);
        let side_allowed = match side {
            Side::Buy => buy,
            Side::Sell => sell,
        };
        match (side_allowed, buy || sell) {
            (true, _) => Ok(()),
            (false, false) => Err(TradeBlock::Halted),
            (false, true) => Err(TradeBlock::SideDisabled { side, mode }),
        }
    }

    /// The halt message to show: the operator's reason, else the default text (R4.13).
    pub fn halt_reason(&self, locale: Locale) -> TradingHaltReason {
        self.trading_halt_reason.clone().unwrap_or_else(|| default_halt_reason(locale))
    }
}

/// The default halt message in `locale` (R4.13).
pub fn default_halt_reason(locale: Locale) -> TradingHaltReason {
    let (title, description) = match locale {
        Locale::En => (
            "Trading Halted",
            "Buying and selling this asset is temporarily unavailable due to regulatory actions, \
             price fluctuations, news, or technical issues.",
        ),
        Locale::Id => (
            "Perdagangan Dihentikan",
            "Pembelian dan penjualan aset ini untuk sementara tidak tersedia karena tindakan \
             regulator, fluktuasi harga, berita, atau kendala teknis.",
        ),
    };
    TradingHaltReason { title: title.to_owned(), description: description.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(normal: (bool, bool), pro: (bool, bool)) -> TradingFlags {
        TradingFlags {
            enable_buy: normal.0,
            enable_sell: normal.1,
            enable_buy_for_pro_mode: pro.0,
            enable_sell_for_pro_mode: pro.1,
            trading_halt_reason: None,
            bottom_banner_message: None,
        }
    }

    #[test]
    fn r3_05_trading_flags_use_camel_case_field_names() {
        let json = r#"{"enableBuy":true,"enableSell":false,"enableBuyForProMode":true,
            "enableSellForProMode":true,"tradingHaltReason":{"title":"t","description":"d"},
            "bottomBannerMessage":{"title":"b","message":"m"}}"#;
        let parsed: TradingFlags = serde_json::from_str(json).unwrap();
        assert!(parsed.enable_buy && !parsed.enable_sell);
        assert_eq!(parsed.trading_halt_reason.as_ref().map(|r| r.title.as_str()), Some("t"));
        assert_eq!(parsed.bottom_banner_message.map(|b| b.message), Some("m".to_owned()));
    }

    #[test]
    fn r3_05_a_disabled_side_is_blocked_in_normal_mode() {
        let asset = flags((true, false), (true, true));
        assert_eq!(asset.check(Side::Buy, TradingMode::Normal), Ok(()));
        assert_eq!(
            asset.check(Side::Sell, TradingMode::Normal),
            Err(TradeBlock::SideDisabled { side: Side::Sell, mode: TradingMode::Normal })
        );
        assert_eq!(asset.availability(TradingMode::Normal), BuySellAvailability::SellDisabled);
    }

    #[test]
    fn r6_02_pro_mode_uses_the_pro_flags() {
        let asset = flags((true, true), (false, true));
        assert_eq!(asset.check(Side::Buy, TradingMode::Normal), Ok(()));
        assert_eq!(
            asset.check(Side::Buy, TradingMode::Pro),
            Err(TradeBlock::SideDisabled { side: Side::Buy, mode: TradingMode::Pro })
        );
        assert_eq!(asset.check(Side::Sell, TradingMode::Pro), Ok(()));
    }

    #[test]
    fn r6_02_crypto_pro_mode_needs_the_coin_to_enable_it() {
        assert_eq!(TradingMode::for_user(true, Some(true)), TradingMode::Pro);
        assert_eq!(TradingMode::for_user(true, Some(false)), TradingMode::Normal);
        assert_eq!(TradingMode::for_user(true, None), TradingMode::Pro);
        assert_eq!(TradingMode::for_user(false, Some(true)), TradingMode::Normal);
    }

    #[test]
    fn r4_13_both_sides_disabled_is_a_halt_with_the_default_text() {
        let asset = flags((false, false), (true, true));
        assert_eq!(asset.check(Side::Sell, TradingMode::Normal), Err(TradeBlock::Halted));
        assert_eq!(
            asset.halt_reason(Locale::En).description,
            "Buying and selling this asset is temporarily unavailable due to regulatory actions, \
             price fluctuations, news, or technical issues."
        );
        assert!(asset.halt_reason(Locale::Id).description.starts_with("Pembelian dan penjualan"));
    }

    #[test]
    fn r4_13_the_operators_halt_reason_replaces_the_default() {
        let mut asset = flags((false, false), (false, false));
        let reason = TradingHaltReason { title: "Suspensi".into(), description: "Aksi korporasi".into() };
        asset.trading_halt_reason = Some(reason.clone());
        assert_eq!(asset.halt_reason(Locale::Id), reason);
    }
}

//! Per-asset trading flags (R3.05) as the API shows them, with the default halt text (R4.13).

use domain::trading_flags::{default_halt_reason, BottomBannerMessage, TradingFlags, TradingHaltReason};
use domain::Locale;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::filled_text::filled;
use crate::api::Lang;
use crate::features::live::{frame, Frame, Hub};

/// Longest halt or banner title.
pub const TITLE_CHARS_MAX: usize = 80;
/// Longest halt description or banner message.
pub const TEXT_CHARS_MAX: usize = 500;

/// A title and description (R3.05 `tradingHaltReason`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HaltReason {
    /// Short heading.
    #[schema(format = "filled-text", max_length = 80)]
    pub title: String,
    /// Explanation for the user.
    #[schema(format = "filled-text", max_length = 500)]
    pub description: String,
}

/// A title and message (R3.05 `bottomBannerMessage`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BannerMessage {
    /// Short heading.
    #[schema(format = "filled-text", max_length = 80)]
    pub title: String,
    /// Banner text.
    #[schema(format = "filled-text", max_length = 500)]
    pub message: String,
}

/// An asset's trading flags as sent to clients (R3.05). A halted asset always carries a
/// `tradingHaltReason`: the operator's, or the default text in the caller's language (R4.13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetFlags {
    /// Buying allowed in normal mode.
    pub enable_buy: bool,
    /// Selling allowed in normal mode.
    pub enable_sell: bool,
    /// Buying allowed in pro mode.
    pub enable_buy_for_pro_mode: bool,
    /// Selling allowed in pro mode.
    pub enable_sell_for_pro_mode: bool,
    /// Both normal-mode sides are disabled: the chart shows Trading Halted (R4.13).
    pub trading_halted: bool,
    /// Why trading is halted.
    pub trading_halt_reason: Option<HaltReason>,
    /// Banner under the order form.
    pub bottom_banner_message: Option<BannerMessage>,
}

/// Whether flags halt the asset: neither side may be traded in normal mode.
pub fn is_halted(flags: &TradingFlags) -> bool {
    !flags.enable_buy && !flags.enable_sell
}

/// Flags with every side open and no messages.
#[cfg(test)]
fn open_flags() -> TradingFlags {
    TradingFlags {
        enable_buy: true,
        enable_sell: true,
        enable_buy_for_pro_mode: true,
        enable_sell_for_pro_mode: true,
        trading_halt_reason: None,
        bottom_banner_message: None,
    }
}

/// The client view of stored flags in `lang`.
pub fn view(flags: &TradingFlags, lang: Lang) -> AssetFlags {
    let halted = is_halted(flags);
    let locale = match lang {
        Lang::Id => Locale::Id,
        Lang::En => Locale::En,
    };
    let reason = match (&flags.trading_halt_reason, halted) {
        (Some(r), _) => Some(r.clone()),
        (None, true) => Some(default_halt_reason(locale)),
        (None, false) => None,
    };
    AssetFlags {
        enable_buy: flags.enable_buy,
        enable_sell: flags.enable_sell,
        enable_buy_for_pro_mode: flags.enable_buy_for_pro_mode,
        enable_sell_for_pro_mode: flags.enable_sell_for_pro_mode,
        trading_halted: halted,
        trading_halt_reason: reason.map(|r| HaltReason { title: r.title, description: r.description }),
        bottom_banner_message: flags
            .bottom_banner_message
            .as_ref()
            .map(|b| BannerMessage { title: b.title.clone(), message: b.message.clone() }),
    }
}

/// An operator's change of flags: the four switches, and optional texts (absent clears them).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetFlags {
    /// The asset's symbol.
    #[schema(format = "symbol")]
    pub symbol: String,
    /// Buying allowed in normal mode.
    pub enable_buy: bool,
    /// Selling allowed in normal mode.
    pub enable_sell: bool,
    /// Buying allowed in pro mode.
    pub enable_buy_for_pro_mode: bool,
    /// Selling allowed in pro mode.
    pub enable_sell_for_pro_mode: bool,
    /// Why trading is halted (title at most 80, description at most 500 characters).
    #[serde(default)]
    pub trading_halt_reason: Option<HaltReason>,
    /// Banner under the order form (title at most 80, message at most 500 characters).
    #[serde(default)]
    pub bottom_banner_message: Option<BannerMessage>,
}

impl SetFlags {
    /// Checks the texts and returns the flags to store, or what is wrong.
    pub fn parse(&self) -> Result<TradingFlags, String> {
        let text = |field: &str, value: &str, max: usize| -> Result<String, String> {
            filled(value, max)
                .map(str::to_owned)
                .ok_or_else(|| format!("{field}: 1..={max} characters, not only spaces"))
        };
        let trading_halt_reason = match &self.trading_halt_reason {
            Some(r) => Some(TradingHaltReason {
                title: text("tradingHaltReason.title", &r.title, TITLE_CHARS_MAX)?,
                description: text("tradingHaltReason.description", &r.description, TEXT_CHARS_MAX)?,
            }),
            None => None,
        };
        let bottom_banner_message = match &self.bottom_banner_message {
            Some(b) => Some(BottomBannerMessage {
                title: text("bottomBannerMessage.title", &b.title, TITLE_CHARS_MAX)?,
                message: text("bottomBannerMessage.message", &b.message, TEXT_CHARS_MAX)?,
            }),
            None => None,
        };
        Ok(TradingFlags {
            enable_buy: self.enable_buy,
            enable_sell: self.enable_sell,
            enable_buy_for_pro_mode: self.enable_buy_for_pro_mode,
            enable_sell_for_pro_mode: self.enable_sell_for_pro_mode,
            trading_halt_reason,
            bottom_banner_message,
        })
    }
}

/// Publishes an asset's flags on `flags:{symbol}`. `tradingHaltReason` is the operator's reason or
/// null; a halted asset without one shows the default text in the client's language (R4.13).
pub fn publish(hub: &Hub, symbol: &str, flags: &TradingFlags) {
    let channel = format!("flags:{symbol}");
    hub.publish(&channel, live_frame(&channel, flags));
}

/// The live frame of an asset's flags.
pub fn live_frame(channel: &str, flags: &TradingFlags) -> Frame {
    let mut shown = view(flags, Lang::Id);
    if flags.trading_halt_reason.is_none() {
        shown.trading_halt_reason = None;
    }
    frame("flags", channel, &shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_states_the_lengths_the_server_checks() {
        use utoipa::openapi::{schema::Schema, RefOr};
        let max = |schema: RefOr<Schema>, field: &str| match schema {
            RefOr::T(Schema::Object(object)) => match &object.properties[field] {
                RefOr::T(Schema::Object(text)) => text.max_length,
                _ => None,
            },
            _ => None,
        };
        let halt = <HaltReason as utoipa::PartialSchema>::schema;
        let banner = <BannerMessage as utoipa::PartialSchema>::schema;
        assert_eq!(max(halt(), "title"), Some(TITLE_CHARS_MAX));
        assert_eq!(max(halt(), "description"), Some(TEXT_CHARS_MAX));
        assert_eq!(max(banner(), "title"), Some(TITLE_CHARS_MAX));
        assert_eq!(max(banner(), "message"), Some(TEXT_CHARS_MAX));
    }

    #[test]
    fn r4_13_a_halt_without_a_reason_shows_the_default_text_in_the_callers_language() {
        let mut flags = open_flags();
        flags.enable_buy = false;
        flags.enable_sell = false;
        let en = view(&flags, Lang::En);
        assert!(en.trading_halted);
        assert!(en.trading_halt_reason.unwrap().description.starts_with("Buying and selling this asset"));
        let id = view(&flags, Lang::Id);
        assert!(id.trading_halt_reason.unwrap().description.starts_with("Pembelian dan penjualan"));
        assert_eq!(view(&open_flags(), Lang::En).trading_halt_reason, None);
    }
}

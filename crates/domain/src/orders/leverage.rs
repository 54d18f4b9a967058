//! Leverage options for US stocks (R4.12, R4.16).

use thiserror::Error;

/// A multiplier that is not a leverage option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("unsupported leverage {0}")]
pub struct UnsupportedLeverage(pub u8);

/// Leverage options (R4.12). On the wire it is the multiplier (1, 2, 4), as in the US-stock
/// order payload's `leverage` field; [`Leverage::label`] gives the option's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Leverage {
    /// Unleveraged (the default).
    #[default]
    None,
    /// 2x, held overnight.
    X2,
    /// 4x, intraday only (R4.16).
    X4,
}

impl Leverage {
    /// The multiplier: 1, 2 or 4.
    pub const fn multiplier(self) -> u8 {
        match self {
            Leverage::None => 1,
            Leverage::X2 => 2,
            Leverage::X4 => 4,
        }
    }

    /// The option's label: `none`, `2x`, `4x`.
    pub const fn label(self) -> &'static str {
        match self {
            Leverage::None => "none",
            Leverage::X2 => "2x",
            Leverage::X4 => "4x",
        }
    }

    /// True for any leverage above 1x.
    pub const fn is_leveraged(self) -> bool {
        !matches!(self, Leverage::None)
    }

    /// Leverage 4 is the intraday product: positions close the same day (R4.16).
    pub const fn is_intraday(self) -> bool {
        matches!(self, Leverage::X4)
    }
}

impl From<Leverage> for u8 {
    fn from(leverage: Leverage) -> u8 {
        leverage.multiplier()
    }
}

impl TryFrom<u8> for Leverage {
    type Error = UnsupportedLeverage;

    fn try_from(multiplier: u8) -> Result<Self, Self::Error> {
        match multiplier {
            1 => Ok(Leverage::None),
            2 => Ok(Leverage::X2),
            4 => Ok(Leverage::X4),
            other => Err(UnsupportedLeverage(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_12_leverage_options_are_none_2x_and_4x() {
        let labels: Vec<_> = [Leverage::None, Leverage::X2, Leverage::X4].map(Leverage::label).to_vec();
        assert_eq!(labels, ["none", "2x", "4x"]);
        assert_eq!(Leverage::default(), Leverage::None);
    }

    #[test]
    fn r4_16_only_leverage_four_is_intraday() {
        assert!(Leverage::X4.is_intraday());
        assert!(!Leverage::X2.is_intraday());
        assert!(!Leverage::None.is_leveraged());
    }

    #[test]
    fn leverage_travels_as_its_multiplier() {
        assert_eq!(serde_json::to_string(&Leverage::X4).unwrap(), "4");
        assert_eq!(serde_json::from_str::<Leverage>("2").unwrap(), Leverage::X2);
        assert!(serde_json::from_str::<Leverage>("3").is_err());
    }
}

//! Optional profile data a brokerage keeps about its customers (asked again in suitability checks),
//! each a closed list so reports can count them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A closed list stored as its JSON name.
pub trait StoredEnum: Serialize + serde::de::DeserializeOwned + Copy {
    /// The stored text (the JSON name).
    fn as_str(self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(text)) => text,
            _ => unreachable!("unit variants serialise as strings"),
        }
    }

    /// Reads the stored text; unknown text (a list shortened later) reads as absent.
    fn from_stored(text: Option<&str>) -> Option<Self> {
        serde_json::from_value(serde_json::Value::String(text?.to_string())).ok()
    }
}

/// What the customer does for a living.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Occupation {
    /// Private-sector employee.
    #[serde(rename = "EMPLOYEE")]
    Employee,
    /// Civil servant, military or police (PNS/TNI/Polri).
    #[serde(rename = "CIVIL_SERVANT")]
    CivilServant,
    /// Business owner.
    #[serde(rename = "ENTREPRENEUR")]
    Entrepreneur,
    /// Doctor, lawyer, consultant and the like.
    #[serde(rename = "PROFESSIONAL")]
    Professional,
    /// Student.
    #[serde(rename = "STUDENT")]
    Student,
    /// Homemaker.
    #[serde(rename = "HOMEMAKER")]
    Homemaker,
    /// Retired.
    #[serde(rename = "RETIRED")]
    Retired,
    /// Anything else.
    #[serde(rename = "OTHER")]
    Other,
}

impl StoredEnum for Occupation {}

/// Gross yearly income in rupiah.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum IncomeRange {
    /// Below Rp10 million.
    #[serde(rename = "BELOW_10M")]
    Below10m,
    /// Rp10–50 million.
    #[serde(rename = "FROM_10M_TO_50M")]
    From10mTo50m,
    /// Rp50–100 million.
    #[serde(rename = "FROM_50M_TO_100M")]
    From50mTo100m,
    /// Rp100–500 million.
    #[serde(rename = "FROM_100M_TO_500M")]
    From100mTo500m,
    /// Rp500 million – 1 billion.
    #[serde(rename = "FROM_500M_TO_1B")]
    From500mTo1b,
    /// Above Rp1 billion.
    #[serde(rename = "ABOVE_1B")]
    Above1b,
}

impl StoredEnum for IncomeRange {}

/// The customer's main reason to invest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum InvestmentGoal {
    /// Grow capital over years.
    #[serde(rename = "LONG_TERM_GROWTH")]
    LongTermGrowth,
    /// Regular income (dividends, yield).
    #[serde(rename = "PASSIVE_INCOME")]
    PassiveIncome,
    /// Keep the value of savings.
    #[serde(rename = "CAPITAL_PRESERVATION")]
    CapitalPreservation,
    /// Short-term trading.
    #[serde(rename = "SPECULATION")]
    Speculation,
    /// Saving for retirement.
    #[serde(rename = "RETIREMENT")]
    Retirement,
    /// Saving for education.
    #[serde(rename = "EDUCATION")]
    Education,
}

impl StoredEnum for InvestmentGoal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_text_matches_the_json_names() {
        for goal in [InvestmentGoal::LongTermGrowth, InvestmentGoal::Education] {
            assert_eq!(InvestmentGoal::from_stored(Some(&goal.as_str())), Some(goal));
        }
        assert_eq!(InvestmentGoal::LongTermGrowth.as_str(), "LONG_TERM_GROWTH");
        assert_eq!(serde_json::to_string(&IncomeRange::From10mTo50m).unwrap(), "\"FROM_10M_TO_50M\"");
        assert_eq!(Occupation::from_stored(Some("ASTRONAUT")), None);
        assert_eq!(Occupation::from_stored(None), None);
    }
}

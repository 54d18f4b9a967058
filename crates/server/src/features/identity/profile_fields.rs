//! Optional profile data a brokerage keeps about its customers (asked again in suitability checks),
//! each a closed list so reports can count them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Declares a closed list stored as its `SCREAMING_SNAKE_CASE` name.
macro_rules! stored_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant,)+
        }

        impl $name {
            /// The stored text.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text,)+
                }
            }

            /// Reads the stored text; unknown text (a list shortened later) reads as absent.
            pub fn from_stored(text: Option<&str>) -> Option<Self> {
                match text? {
                    $($text => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

stored_enum!(
    /// What the customer does for a living.
    Occupation {
        /// Private-sector employee.
        Employee = "EMPLOYEE",
        /// Civil servant, military or police (PNS/TNI/Polri).
        CivilServant = "CIVIL_SERVANT",
        /// Business owner.
        Entrepreneur = "ENTREPRENEUR",
        /// Doctor, lawyer, consultant and the like.
        Professional = "PROFESSIONAL",
        /// Student.
        Student = "STUDENT",
        /// Homemaker.
        Homemaker = "HOMEMAKER",
        /// Retired.
        Retired = "RETIRED",
        /// Anything else.
        Other = "OTHER",
    }
);

stored_enum!(
    /// Gross yearly income in rupiah.
    IncomeRange {
        /// Below Rp10 million.
        Below10m = "BELOW_10M",
        /// Rp10–50 million.
        From10mTo50m = "FROM_10M_TO_50M",
        /// Rp50–100 million.
        From50mTo100m = "FROM_50M_TO_100M",
        /// Rp100–500 million.
        From100mTo500m = "FROM_100M_TO_500M",
        /// Rp500 million – 1 billion.
        From500mTo1b = "FROM_500M_TO_1B",
        /// Above Rp1 billion.
        Above1b = "ABOVE_1B",
    }
);

stored_enum!(
    /// The customer's main reason to invest.
    InvestmentGoal {
        /// Grow capital over years.
        LongTermGrowth = "LONG_TERM_GROWTH",
        /// Regular income (dividends, yield).
        PassiveIncome = "PASSIVE_INCOME",
        /// Keep the value of savings.
        CapitalPreservation = "CAPITAL_PRESERVATION",
        /// Short-term trading.
        Speculation = "SPECULATION",
        /// Saving for retirement.
        Retirement = "RETIREMENT",
        /// Saving for education.
        Education = "EDUCATION",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_text_matches_the_json_names() {
        for goal in [InvestmentGoal::LongTermGrowth, InvestmentGoal::Education] {
            let json = serde_json::to_string(&goal).unwrap();
            assert_eq!(json.trim_matches('"'), goal.as_str());
            assert_eq!(InvestmentGoal::from_stored(Some(goal.as_str())), Some(goal));
        }
        assert_eq!(serde_json::to_string(&IncomeRange::From10mTo50m).unwrap(), "\"FROM_10M_TO_50M\"");
        assert_eq!(Occupation::from_stored(Some("ASTRONAUT")), None);
        assert_eq!(Occupation::from_stored(None), None);
    }
}

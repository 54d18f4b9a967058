//! The order form's plus and minus buttons (R5.03) and which field they step (R3.01).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::text_enum::text_enum;

text_enum! {
    /// Which field the user types into (R3.01).
    pub enum InputType {
        /// A quantity of the asset.
        Quantity => "quantity",
        /// An amount of money.
        Amount => "amount",
    }
}

/// The step of each input type (R3.07 stepConfig); a missing step means the buttons do nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct StepConfig {
    /// Step of the quantity field.
    #[serde(default)]
    pub quantity: Option<Decimal>,
    /// Step of the amount field.
    #[serde(default)]
    pub amount: Option<Decimal>,
}

impl StepConfig {
    /// The step that applies to `input` (R5.03).
    pub const fn step_for(&self, input: InputType) -> Option<Decimal> {
        match input {
            InputType::Quantity => self.quantity,
            InputType::Amount => self.amount,
        }
    }
}

/// The value after pressing plus: one step more; unchanged for a missing or non-positive step
/// or if the sum would overflow.
pub fn step_up(value: Decimal, step: Option<Decimal>) -> Decimal {
    match step {
        Some(step) if step > Decimal::ZERO => value.checked_add(step).unwrap_or(value),
        _ => value,
    }
}

/// The value after pressing minus: one step less, but ignored when the value is below the step
/// so the field never goes negative (R5.03).
pub fn step_down(value: Decimal, step: Option<Decimal>) -> Decimal {
    match step {
        Some(step) if step > Decimal::ZERO && value >= step => value - step,
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    const STEPS: StepConfig = StepConfig { quantity: Some(dec!(0.01)), amount: Some(dec!(1000)) };

    #[test]
    fn r5_03_plus_and_minus_use_the_step_of_the_current_input_type() {
        let amount_step = STEPS.step_for(InputType::Amount);
        assert_eq!(step_up(dec!(5000), amount_step), dec!(6000));
        assert_eq!(step_down(dec!(5000), amount_step), dec!(4000));
        let quantity_step = STEPS.step_for(InputType::Quantity);
        assert_eq!(step_up(dec!(0.5), quantity_step), dec!(0.51));
    }

    #[test]
    fn r5_03_minus_is_ignored_below_the_step() {
        assert_eq!(step_down(dec!(999), Some(dec!(1000))), dec!(999));
        assert_eq!(step_down(dec!(1000), Some(dec!(1000))), dec!(0));
    }

    #[test]
    fn stepping_without_a_step_or_beyond_decimal_range_leaves_the_value() {
        assert_eq!(step_up(dec!(5), None), dec!(5));
        assert_eq!(step_down(dec!(5), Some(dec!(-1))), dec!(5));
        assert_eq!(step_up(Decimal::MAX, Some(dec!(1))), Decimal::MAX);
    }

    #[test]
    fn r3_01_input_type_is_quantity_or_amount() {
        assert_eq!(serde_json::to_string(&InputType::Amount).unwrap(), "\"amount\"");
        let config: StepConfig = serde_json::from_str(r#"{"quantity":"0.01"}"#).unwrap();
        assert_eq!(config.amount, None);
    }
}

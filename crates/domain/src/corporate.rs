//! US-stock corporate actions.

use crate::text_enum::text_enum;

text_enum! {
    /// What a corporate action does to the holders of a stock.
    pub enum CorporateActionKind {
        /// Cash per share to the holders on the record date.
        Dividend => "DIVIDEND",
        /// New shares for old at a ratio.
        Split => "SPLIT",
    }
}

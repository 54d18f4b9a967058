//! What every asset class's orders share (docs/asset-classes.md): the R4.01 status and R4.05 state
//! an order shows, the 30-a-page web trading lists, and the user channels that carry an order's
//! changes to the owner's open apps. A class adds only its venue and its rules.

pub mod errors;
pub mod input;
pub mod lists;
pub mod live;
pub mod state;

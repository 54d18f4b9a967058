//! What every asset class's orders share (docs/asset-classes.md): the R4.01 status and R4.05 state
//! an order shows, the 30-a-page web trading lists, the user channels that carry an order's
//! changes to the owner's open apps, and the placement's answer kept with the order. A class adds
//! only its venue and its rules.

pub mod errors;
pub mod input;
pub mod kept_answer;
pub mod lists;
pub mod live;
pub mod state;

//! The perpetual contracts the catalogue lists, with their trading rules (docs/perps.md).

use std::collections::HashMap;

use domain::perps::Contract;
use market::catalogue::Perpetual;

/// One tradable perpetual.
#[derive(Debug, Clone)]
pub struct PerpInstrument {
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// `BTCUSDT`.
    pub pair: String,
    /// Display name.
    pub name: String,
    /// The IDR pair the index follows.
    pub underlying: String,
    /// Base units per contract.
    pub multiplier: u32,
    /// Ticks, steps and leverage.
    pub contract: Contract,
}

/// Every perpetual by symbol.
pub type Instruments = HashMap<String, PerpInstrument>;

/// The catalogue's perpetuals by symbol.
pub fn instruments(perps: &[Perpetual]) -> Instruments {
    perps
        .iter()
        .map(|p| {
            let instrument = PerpInstrument {
                symbol: p.symbol.clone(),
                pair: p.fps.clone(),
                name: p.n.clone(),
                underlying: p.underlying.clone(),
                multiplier: p.contract_multiplier,
                contract: Contract {
                    price_scale: p.pp,
                    quantity_scale: p.quantity_precision,
                    max_leverage: p.max_leverage,
                },
            };
            (p.symbol.clone(), instrument)
        })
        .collect()
}

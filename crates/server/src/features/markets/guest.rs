//! Which asset a guest-mode page is about, for its server-rendered head (R2.08): `/trade/{ticker}`
//! (or `/trade?ticker=`), `/asset/crypto/{symbol}/{id}`, `/asset/usstock/{symbol}/{id}` and
//! `/asset/usindex/{symbol}/{id}`. Only symbols of the built-in catalogue are recognised, so
//! nothing a visitor types reaches the page head unchecked.

use std::collections::HashMap;
use std::sync::OnceLock;

use market::{AssetClass, Catalogue};

use super::info::seed_rows;

/// An asset named by a guest-mode page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestAsset {
    /// Its symbol, e.g. `BTC-IDR`.
    pub symbol: String,
    /// Its name, e.g. `Bitcoin`.
    pub name: String,
}

/// Symbol → (class, asset id, name) of the built-in catalogue, parsed once.
fn listed() -> &'static HashMap<String, (AssetClass, u32, String)> {
    static LISTED: OnceLock<HashMap<String, (AssetClass, u32, String)>> = OnceLock::new();
    LISTED.get_or_init(|| match Catalogue::builtin() {
        Ok(cat) => seed_rows(&cat).into_iter().map(|r| (r.symbol, (r.class, r.asset_id, r.name))).collect(),
        Err(_) => HashMap::new(),
    })
}

/// Classes a trade page can show.
const TRADABLE: [AssetClass; 4] = [AssetClass::Crypto, AssetClass::Perp, AssetClass::UsStock, AssetClass::Idss];

fn found(symbol: &str, classes: &[AssetClass], id: Option<&str>) -> Option<GuestAsset> {
    let symbol = symbol.trim().to_ascii_uppercase();
    if symbol.is_empty() || symbol.len() > 32 {
        return None;
    }
    let (class, asset_id, name) = listed().get(&symbol)?;
    let id_matches = id.is_none_or(|id| id.parse::<u32>().ok() == Some(*asset_id));
    (classes.contains(class) && id_matches).then(|| GuestAsset { symbol, name: name.clone() })
}

/// The asset of a guest-mode page, from its path without the locale prefix and its query.
pub fn guest_asset(bare_path: &str, query: Option<&str>) -> Option<GuestAsset> {
    let segments: Vec<&str> = bare_path.trim_matches('/').split('/').collect();
    match segments.as_slice() {
        ["trade", ticker] => found(ticker, &TRADABLE, None),
        ["trade"] => {
            let ticker = query?.split('&').find_map(|pair| pair.strip_prefix("ticker="))?;
            found(ticker, &TRADABLE, None)
        }
        ["asset", "crypto", symbol, id] => found(symbol, &[AssetClass::Crypto], Some(id)),
        ["asset", "usstock", symbol, id] => found(symbol, &[AssetClass::UsStock], Some(id)),
        ["asset", "usindex", symbol, id] => found(symbol, &[AssetClass::UsIndex], Some(id)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_08_guest_pages_name_a_listed_asset_and_nothing_else() {
        assert_eq!(guest_asset("/trade/BTC-IDR", None).map(|a| a.symbol), Some("BTC-IDR".into()));
        assert_eq!(guest_asset("/trade/usdt-idr", None).map(|a| a.symbol), Some("USDT-IDR".into()));
        assert_eq!(guest_asset("/trade", Some("x=1&ticker=AAPL")).map(|a| a.symbol), Some("AAPL".into()));
        assert_eq!(guest_asset("/trade/<script>", None), None);
        assert_eq!(guest_asset("/trade/NOPE-IDR", None), None);
        assert_eq!(guest_asset("/portfolio", None), None);
        let btc_id = listed()["BTC-IDR"].1;
        assert!(guest_asset(&format!("/asset/crypto/BTC-IDR/{btc_id}"), None).is_some());
        assert_eq!(guest_asset(&format!("/asset/crypto/BTC-IDR/{}", btc_id + 999), None), None);
        assert_eq!(guest_asset(&format!("/asset/usstock/BTC-IDR/{btc_id}"), None), None);
    }
}

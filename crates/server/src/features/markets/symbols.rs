//! Symbol info per class (R3.13) with trading flags (R3.05): a searchable, paged list per class,
//! one symbol, and the asset pages' lookup by class, symbol and asset id.

use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::errors::unknown_symbol;
use super::flags::view;
use super::info::{parse_class, SymbolInfo};
use super::repo::StoredAsset;
use crate::api::paging::Paging;
use crate::api::snapshots::JsonBytes;
use crate::api::{ApiError, ApiResult, ClientHeaders, Data, Lang};
use crate::state::AppState;

/// Largest page of symbols.
pub const SYMBOL_PAGE_SIZE_MAX: i64 = 200;
/// Default page size of symbols.
const SYMBOL_PAGE_SIZE_DEFAULT: i64 = 50;
/// Longest symbol accepted in a query.
const SYMBOL_CHARS_MAX: usize = 32;
/// Longest search text.
const SEARCH_CHARS_MAX: usize = 40;

/// What [`parse_symbol`] accepts without trimming, as the OpenAPI document states it.
pub const SYMBOL_PATTERN: &str = "^[A-Za-z0-9._-]{1,32}$";

/// States [`SYMBOL_PATTERN`] on a body field marked `format = "symbol"`, and drops the mark (query
/// parameters named `symbol` get it from `openapi::constrain_shared_parameters`).
pub fn constrain_symbol_field(object: &mut utoipa::openapi::schema::Object) {
    use utoipa::openapi::schema::SchemaFormat;
    if matches!(&object.format, Some(SchemaFormat::Custom(mark)) if mark == "symbol") {
        object.format = None;
        object.pattern = Some(SYMBOL_PATTERN.to_owned());
    }
}

/// Reads a symbol from a query: trimmed, upper case, bounded.
pub fn parse_symbol(text: &str) -> ApiResult<String> {
    let symbol = text.trim().to_ascii_uppercase();
    let ok = !symbol.is_empty()
        && symbol.len() <= SYMBOL_CHARS_MAX
        && symbol.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'));
    if ok {
        Ok(symbol)
    } else {
        Err(ApiError::invalid(format!("symbol: 1..={SYMBOL_CHARS_MAX} of A-Z 0-9 . - _")))
    }
}

/// The info of a stored asset with its flags in `lang`.
pub fn info_of(asset: &StoredAsset, lang: Lang) -> SymbolInfo {
    SymbolInfo { asset_class: asset.class, info: asset.info.clone(), flags: view(&asset.flags, lang) }
}

/// Query of the symbol list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SymbolsQuery {
    /// `crypto`, `perp`, `usstock`, `usindex`, `idss`, `gold`, `mutualfund` or `fx`.
    pub class: String,
    /// Case-insensitive text found in the symbol or name.
    #[param(max_length = 40)]
    pub search: Option<String>,
    /// Page number from 1.
    pub page: Option<i64>,
    /// Page size, 1..=200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    pub size: Option<i64>,
}

/// A page of symbol info.
#[derive(Debug, Serialize, ToSchema)]
pub struct SymbolPage {
    /// The symbols, in catalogue order.
    pub data: Vec<SymbolInfo>,
    /// Page number from 1.
    pub page: i64,
    /// Page size.
    pub size: i64,
    /// Matching symbols in all pages.
    pub total: i64,
}

/// The symbols of a class, searchable and paged (R3.13 shapes with R3.05 flags).
#[utoipa::path(get, path = "/v1/markets/symbols", tag = "markets", params(SymbolsQuery),
    responses((status = 200, body = SymbolPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn symbols(
    State(state): State<AppState>,
    headers: ClientHeaders,
    Query(query): Query<SymbolsQuery>,
) -> ApiResult<axum::Json<SymbolPage>> {
    let class = parse_class(&query.class).ok_or_else(|| ApiError::invalid("class: unknown asset class"))?;
    // Pages past the document's maximum are refused like every list's (R9.06), not answered empty.
    let Paging { page, size } = Paging::parse(query.page, query.size, SYMBOL_PAGE_SIZE_DEFAULT, SYMBOL_PAGE_SIZE_MAX)?;
    // Counted as sent, so the limit is exactly the document's `maxLength`.
    if query.search.as_ref().is_some_and(|s| s.chars().count() > SEARCH_CHARS_MAX) {
        return Err(ApiError::invalid(format!("search: at most {SEARCH_CHARS_MAX} characters")));
    }
    let search = query.search.map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
    let matching: Vec<StoredAsset> = state
        .markets
        .assets_of(class)
        .into_iter()
        .filter(|a| {
            search.as_ref().is_none_or(|s| a.symbol.to_lowercase().contains(s) || a.name.to_lowercase().contains(s))
        })
        .collect();
    let total = matching.len() as i64;
    let skip = usize::try_from((page - 1) * size).unwrap_or(usize::MAX);
    let data = matching.iter().skip(skip).take(size as usize).map(|a| info_of(a, headers.lang)).collect();
    Ok(axum::Json(SymbolPage { data, page, size, total }))
}

/// Query naming one symbol.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SymbolQuery {
    /// The symbol, e.g. `BTC-IDR`, `BTCUSDT-PERP`, `AAPL`, `BBCA-IDSS`.
    pub symbol: String,
}

/// One symbol's info in its class's shape (R3.13) with its trading flags (R3.05).
#[utoipa::path(get, path = "/v1/markets/symbol-info", tag = "markets", params(SymbolQuery),
    responses((status = 200, body = Data<SymbolInfo>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn symbol_info(
    State(state): State<AppState>,
    headers: ClientHeaders,
    Query(query): Query<SymbolQuery>,
) -> ApiResult<JsonBytes> {
    let symbol = parse_symbol(&query.symbol)?;
    let views = state.markets.views();
    let version = views.assets_version();
    views.infos.get_or_make((symbol.clone(), headers.lang), version, || {
        let asset = state.markets.asset(&symbol).ok_or_else(|| unknown_symbol(&symbol))?;
        JsonBytes::of(&info_of(&asset, headers.lang))
    })
}

/// The asset of `/asset/{class}/{symbol}/{assetId}`: the id must belong to the symbol in that class.
#[utoipa::path(get, path = "/v1/markets/asset/{class}/{symbol}/{asset_id}", tag = "markets",
    params(("class" = String, Path, description = "crypto, usstock, usindex, perp, idss, gold, mutualfund or fx"),
           ("symbol" = String, Path, description = "The symbol"),
           ("asset_id" = u32, Path, description = "The asset id from symbol info")),
    responses((status = 200, body = Data<SymbolInfo>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn asset(
    State(state): State<AppState>,
    headers: ClientHeaders,
    Path((class, symbol, asset_id)): Path<(String, String, String)>,
) -> ApiResult<Data<SymbolInfo>> {
    let symbol = parse_symbol(&symbol)?;
    let class = parse_class(&class).ok_or_else(ApiError::not_found)?;
    let id: u32 = asset_id.parse().map_err(|_| unknown_symbol(&symbol))?;
    let asset = state
        .markets
        .asset(&symbol)
        .filter(|a| a.class == class && a.asset_id == id)
        .ok_or_else(|| unknown_symbol(&symbol))?;
    Ok(Data::new(info_of(&asset, headers.lang)))
}

//! The web trading lists of every class: open and closed orders, newest first, 30 a page
//! (R7.05, R9.06).

use serde::Deserialize;
use utoipa::IntoParams;

use crate::api::paging::Paging;
use crate::api::ApiError;

/// Orders per page of the web trading lists (R7.05, R9.06).
pub const ORDER_PAGE_SIZE: i64 = 30;

/// Which page.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1 (default 1).
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
}

impl PageQuery {
    /// The page asked for; `invalid` builds the class's own 400 answer.
    pub fn page(&self, invalid: impl FnOnce(&str) -> ApiError) -> Result<i64, ApiError> {
        Paging::parse(self.page, None, ORDER_PAGE_SIZE, ORDER_PAGE_SIZE)
            .map(|p| p.page)
            .map_err(|_| invalid("page: from 1"))
    }
}

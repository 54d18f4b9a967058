//! The web app's HTML shell, rendered per request (DESIGN.md "Web app"): the locale from the path,
//! the theme from the cookie so nothing flashes, the canonical link (R2.07), the manifest link except
//! for mobile user agents (R2.09), and the customer-engagement script when configured (R1.14).
//! Built files of `web/dist` are served as they are, or as the brotli or gzip copy the build made
//! beside each when the browser accepts it.

mod csp;
mod first_paint;
mod head;
mod page;
mod routes;
pub mod template;
mod texts;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use tower::ServiceExt;
use tower_http::services::ServeDir;

use first_paint::FirstView;
pub use page::{Page, Theme};
pub use routes::is_known_page;
pub use template::Shell;

use crate::state::AppState;

/// Static files of the web app, falling back to the rendered shell for app routes.
pub fn router(state: AppState) -> Router<AppState> {
    let dist = state.settings.web.dist_dir.clone();
    let files = ServeDir::new(dist).append_index_html_on_directories(false).precompressed_br().precompressed_gzip();
    Router::new().route("/index.html", get(render_shell)).fallback(
        move |State(state): State<AppState>, request: Request| {
            let files = files.clone();
            async move { serve(state, files, request).await }
        },
    )
}

async fn serve(state: AppState, files: ServeDir, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if request.method() != axum::http::Method::GET && request.method() != axum::http::Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    if looks_like_file(&path) {
        let response = match files.oneshot(request).await {
            Ok(response) => response.map(Body::new),
            Err(never) => match never {},
        };
        if response.status() == StatusCode::NOT_FOUND {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        }
        return with_cache_headers(&path, response);
    }
    let (parts, _) = request.into_parts();
    render(&state, &parts.uri, &parts.headers).await
}

/// `/index.html` is rendered, never served raw (it is a template); the web app has no page there,
/// so it answers 404 like any unknown path.
async fn render_shell(State(state): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    render(&state, &uri, &headers).await
}

async fn render(state: &AppState, uri: &Uri, headers: &HeaderMap) -> Response {
    let page = Page::from_request(uri, headers, state.settings.web.light_theme_allowed);
    // The sandbox payer's page (`/sandbox/pay/…`) does not exist outside sandbox mode.
    if !state.settings.sandbox() && (page.bare_path() == "/sandbox" || page.bare_path().starts_with("/sandbox/")) {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    if let Some(location) = page.language_redirect(uri, headers) {
        return Redirect::to(&location).into_response();
    }
    // Unknown page paths get the shell too, so the web app renders its not-found page, but with
    // 404: crawlers and monitors must not take them for pages.
    let status = if routes::is_known_page(uri.path()) { StatusCode::OK } else { StatusCode::NOT_FOUND };
    let nonce = csp::nonce();
    let view = if status == StatusCode::OK { first_view(state, &page).await } else { None };
    let html = state.shell.render(&page, &nonce, view.as_ref());
    let mut response = (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    if let Ok(policy) = HeaderValue::from_str(&state.shell.content_security_policy(&nonce)) {
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Cookie, User-Agent"));
    response
}

/// The first view of the page (issue 12), with a trade page's figures read now.
async fn first_view(state: &AppState, page: &Page) -> Option<FirstView> {
    match first_paint::wanted(page)? {
        first_paint::Wanted::Home => Some(FirstView::Home),
        first_paint::Wanted::Markets => Some(FirstView::Markets),
        first_paint::Wanted::Trade(symbol) => {
            let markets = state.markets.clone();
            let quote = tokio::task::spawn_blocking(move || first_paint::trade_quote(&markets, &symbol)).await;
            quote.ok().flatten().map(FirstView::Trade)
        }
    }
}

/// A path whose last segment has an extension names a built file, not an app route.
fn looks_like_file(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|segment| segment.contains('.'))
}

fn with_cache_headers(path: &str, mut response: Response) -> Response {
    // Vite puts content hashes in everything under /assets, so those never change. The service
    // worker is checked on every visit, so an update reaches users at once.
    let value = if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else if path == "/sw.js" {
        "no-cache"
    } else {
        "public, max-age=3600"
    };
    if response.status().is_success() {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
        // The same path answers brotli, gzip or plain bytes: shared caches must keep them apart.
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

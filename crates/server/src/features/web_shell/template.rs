//! The built `index.html`, re-read when a new build replaces it, with its placeholders filled.

use std::path::PathBuf;
use std::sync::RwLock;
use std::time::SystemTime;

use super::csp::{Policy, NONCE_PLACEHOLDER};
use super::first_paint::{self, FirstView};
use super::head::{head_text, render_head};
use super::page::Page;
use crate::config::Settings;

/// The opening tag `web/index.html` carries; the server swaps in the request's language and theme.
const HTML_TAG: &str = "<html lang=\"id\" data-theme=\"dark\" class=\"theme-dark\">";
/// The comment in `<head>` replaced by the rendered head.
const HEAD_SLOT: &str = "<!--app-head-->";
/// The web app's empty root, which the first view of a page fills.
const ROOT_SLOT: &str = "<div id=\"root\"></div>";
/// Served when the web app has not been built (API-only runs); `make run` always builds it.
const UNBUILT: &str = include_str!("unbuilt.html");

/// Renders the HTML shell.
pub struct Shell {
    index_path: PathBuf,
    cached: RwLock<Option<(SystemTime, String)>>,
    brand: String,
    public_url: String,
    engagement_script_url: Option<String>,
    policy: Policy,
}

impl Shell {
    /// A shell over `web.dist_dir/index.html`.
    pub fn new(settings: &Settings) -> Self {
        let engagement_script_url = settings.web.engagement_script_url.clone().filter(|u| !u.is_empty());
        Self {
            policy: Policy::new(&settings.http.public_url, engagement_script_url.as_deref()),
            index_path: settings.web.dist_dir.join("index.html"),
            cached: RwLock::new(None),
            brand: settings.web.brand_name.clone(),
            public_url: settings.http.public_url.clone(),
            engagement_script_url,
        }
    }

    /// The shell for one request, its tags carrying `nonce`, with the page's first view in the root
    /// when it has one.
    pub fn render(&self, page: &Page, nonce: &str, first_view: Option<&FirstView>) -> String {
        let template = self.template();
        let head =
            render_head(page, &head_text(&self.brand, page), &self.public_url, self.engagement_script_url.as_deref());
        let theme = page.theme.name();
        let html_tag = format!("<html lang=\"{}\" data-theme=\"{theme}\" class=\"theme-{theme}\">", page.lang.code());
        let html =
            template.replacen(HTML_TAG, &html_tag, 1).replacen(HEAD_SLOT, &head, 1).replace(NONCE_PLACEHOLDER, nonce);
        // After the nonce is filled in: nothing of the view can pass for the placeholder.
        match first_view.and_then(|view| first_paint::render(view, page.lang, page.theme, nonce)) {
            Some(view) => html.replacen(ROOT_SLOT, &format!("<div id=\"root\">{view}</div>"), 1),
            None => html,
        }
    }

    /// The Content-Security-Policy header of an answer rendered with `nonce`.
    pub fn content_security_policy(&self, nonce: &str) -> String {
        self.policy.header(nonce)
    }

    fn template(&self) -> String {
        let modified = std::fs::metadata(&self.index_path).and_then(|m| m.modified()).ok();
        let Some(modified) = modified else { return UNBUILT.to_string() };
        if let Ok(cached) = self.cached.read() {
            if let Some((_, text)) = cached.as_ref().filter(|(at, _)| *at == modified) {
                return text.clone();
            }
        }
        match std::fs::read_to_string(&self.index_path) {
            Ok(text) => {
                if let Ok(mut cached) = self.cached.write() {
                    *cached = Some((modified, text.clone()));
                }
                text
            }
            Err(_) => UNBUILT.to_string(),
        }
    }
}

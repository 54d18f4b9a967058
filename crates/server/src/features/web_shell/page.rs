//! What one HTML request asks for: locale, theme, device kind and path.

use axum::http::{header, HeaderMap, Uri};
use axum_extra::extract::cookie::CookieJar;

use crate::api::Lang;

/// The path prefix of PWA routes, which hide the layout and take a theme flag (R2.03).
pub const PWA_PREFIX: &str = "/pwa";

/// A `token` cookie of this many characters or fewer is a placeholder, not a session (R2.10, R5.09).
const TOKEN_LENGTH_MIN_EXCLUSIVE: usize = 12;

/// Colour theme (R1.02).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// The default.
    Dark,
    /// Only when allowed by configuration (R2.10).
    Light,
}

impl Theme {
    /// The name used in cookies, classes and `data-theme`.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
        }
    }
}

/// The parts of a request that shape the HTML shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The path as requested, locale prefix included.
    pub path: String,
    /// The locale the path is in: `/en…` is English, everything else Indonesian.
    pub lang: Lang,
    /// The theme to render with.
    pub theme: Theme,
    /// A phone or tablet browser.
    pub mobile: bool,
    /// The query string, for pages that take their subject from it (`/trade?ticker=`).
    pub query: Option<String>,
    /// A `token` cookie the web app would take for a session (R2.10: longer than 12 characters).
    pub signed_in: bool,
}

impl Page {
    /// Reads a request.
    pub fn from_request(uri: &Uri, headers: &HeaderMap, light_theme_allowed: bool) -> Self {
        let path = uri.path().to_string();
        let lang = if path == "/en" || path.starts_with("/en/") { Lang::En } else { Lang::Id };
        let jar = CookieJar::from_headers(headers);
        let cookie_light = jar.get("theme").is_some_and(|c| c.value() == "light");
        let pwa_flag = pwa_theme_flag(uri);
        let wants_light = pwa_flag.unwrap_or(cookie_light);
        let theme = if wants_light && light_theme_allowed { Theme::Light } else { Theme::Dark };
        let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("");
        // Read as the web app reads it (`isUsableToken`), except that an encoded token counts at its
        // encoded length: a doubtful case is taken as signed in, which costs only the first paint.
        let signed_in = jar.get("token").is_some_and(|c| c.value().trim().len() > TOKEN_LENGTH_MIN_EXCLUSIVE);
        Self {
            path,
            lang,
            theme,
            mobile: is_mobile_user_agent(user_agent),
            query: uri.query().map(str::to_string),
            signed_in,
        }
    }

    /// The path without the locale prefix.
    pub fn bare_path(&self) -> &str {
        match self.lang {
            Lang::En => match &self.path[3..] {
                "" => "/",
                rest => rest,
            },
            Lang::Id => &self.path,
        }
    }

    /// A bare path asked for by someone whose chosen language is English goes to its `/en` twin,
    /// so a reload keeps the language chosen with the switch.
    pub fn language_redirect(&self, uri: &Uri, headers: &HeaderMap) -> Option<String> {
        let chose_english = CookieJar::from_headers(headers).get("lang").is_some_and(|c| c.value() == "en");
        if !chose_english || self.lang == Lang::En || self.path.starts_with(PWA_PREFIX) {
            return None;
        }
        let path = if self.path == "/" { "" } else { &self.path };
        let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
        Some(format!("/en{path}{query}"))
    }
}

/// The `theme` query flag of a PWA route, if any (R2.03).
fn pwa_theme_flag(uri: &Uri) -> Option<bool> {
    let path = uri.path();
    let pwa = path == PWA_PREFIX || path.starts_with("/pwa/") || path.starts_with("/en/pwa");
    if !pwa {
        return None;
    }
    uri.query()?.split('&').find_map(|pair| match pair.split_once('=') {
        Some(("theme", "light")) => Some(true),
        Some(("theme", "dark")) => Some(false),
        _ => None,
    })
}

/// Phones and tablets, recognised by the user agent the way browsers announce themselves (R2.09).
pub fn is_mobile_user_agent(user_agent: &str) -> bool {
    const MARKERS: [&str; 7] = ["Mobi", "Android", "iPhone", "iPad", "iPod", "Opera Mini", "IEMobile"];
    MARKERS.iter().any(|m| user_agent.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(uri: &str, cookie: Option<&str>, user_agent: &str, light_allowed: bool) -> Page {
        let mut headers = HeaderMap::new();
        if let Some(cookie) = cookie {
            headers.insert(header::COOKIE, cookie.parse().unwrap());
        }
        headers.insert(header::USER_AGENT, user_agent.parse().unwrap());
        Page::from_request(&uri.parse().unwrap(), &headers, light_allowed)
    }

    const DESKTOP: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36";
    const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

    #[test]
    fn r2_10_theme_is_dark_by_default_and_light_only_if_allowed() {
        assert_eq!(page("/", None, DESKTOP, true).theme, Theme::Dark);
        assert_eq!(page("/", Some("theme=light"), DESKTOP, true).theme, Theme::Light);
        assert_eq!(page("/", Some("theme=light"), DESKTOP, false).theme, Theme::Dark);
        assert_eq!(page("/", Some("theme=purple"), DESKTOP, true).theme, Theme::Dark);
    }

    #[test]
    fn r2_03_pwa_routes_take_the_theme_query_flag() {
        assert_eq!(page("/pwa/portfolio?theme=light", None, DESKTOP, true).theme, Theme::Light);
        assert_eq!(page("/pwa/portfolio?theme=dark", Some("theme=light"), DESKTOP, true).theme, Theme::Dark);
        // Outside PWA routes the flag means nothing.
        assert_eq!(page("/portfolio?theme=light", None, DESKTOP, true).theme, Theme::Dark);
    }

    #[test]
    fn r2_09_phones_and_tablets_are_mobile() {
        assert!(is_mobile_user_agent(IPHONE));
        assert!(is_mobile_user_agent("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari/537.36"));
        assert!(!is_mobile_user_agent(DESKTOP));
    }

    #[test]
    fn r2_07_english_paths_carry_the_en_prefix() {
        let english = page("/en/portfolio", None, DESKTOP, true);
        assert_eq!(english.lang, Lang::En);
        assert_eq!(english.bare_path(), "/portfolio");
        assert_eq!(page("/en", None, DESKTOP, true).bare_path(), "/");
        let indonesian = page("/english-lesson", None, DESKTOP, true);
        assert_eq!(indonesian.lang, Lang::Id);
    }

    #[test]
    fn r2_10_a_token_cookie_longer_than_12_characters_means_signed_in() {
        assert!(page("/", Some("token=abcdefghijklmnop"), DESKTOP, true).signed_in);
        assert!(!page("/", Some("token=null"), DESKTOP, true).signed_in);
        assert!(!page("/", Some("theme=dark"), DESKTOP, true).signed_in);
    }

    #[test]
    fn a_bare_path_redirects_to_english_when_english_was_chosen() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, "lang=en".parse().unwrap());
        let uri: Uri = "/portfolio?tab=spot".parse().unwrap();
        let p = Page::from_request(&uri, &headers, true);
        assert_eq!(p.language_redirect(&uri, &headers).as_deref(), Some("/en/portfolio?tab=spot"));
        let root: Uri = "/".parse().unwrap();
        let p = Page::from_request(&root, &headers, true);
        assert_eq!(p.language_redirect(&root, &headers).as_deref(), Some("/en"));
        let english: Uri = "/en/portfolio".parse().unwrap();
        let p = Page::from_request(&english, &headers, true);
        assert_eq!(p.language_redirect(&english, &headers), None);
    }
}

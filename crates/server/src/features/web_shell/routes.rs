//! The web app's page paths, so an unknown one answers 404 (with the shell, which renders the
//! not-found page) instead of 200. The list is the web app's own `route-patterns.json`, which a web
//! unit test keeps equal to its router.

use std::sync::LazyLock;

use serde::Deserialize;

use super::page::PWA_PREFIX;

#[derive(Deserialize)]
struct RoutePatterns {
    patterns: Vec<String>,
}

/// `web/src/app/route-patterns.json`, read at compile time.
const PATTERNS_JSON: &str = include_str!("../../../../../web/src/app/route-patterns.json");

/// The patterns split into segments; `:name` segments match any one segment.
static PATTERNS: LazyLock<Vec<Vec<String>>> = LazyLock::new(|| {
    let list: RoutePatterns = serde_json::from_str(PATTERNS_JSON).expect("route-patterns.json is valid JSON");
    list.patterns.iter().map(|pattern| segments(pattern).map(str::to_string).collect()).collect()
});

/// Whether the web app has a page at `path` (locale and PWA prefixes allowed). Matching follows
/// the web router's: case-insensitive, a trailing slash ignored.
pub fn is_known_page(path: &str) -> bool {
    let bare = strip_prefix(path, "/en");
    let bare = strip_prefix(bare, PWA_PREFIX);
    let wanted: Vec<&str> = segments(bare).collect();
    PATTERNS.iter().any(|pattern| {
        pattern.len() == wanted.len()
            && pattern.iter().zip(&wanted).all(|(expected, actual)| {
                if expected.starts_with(':') {
                    !actual.is_empty()
                } else {
                    expected.eq_ignore_ascii_case(actual)
                }
            })
    })
}

/// `path` without `prefix` when it is a whole first segment (`/en` and `/en/…`, not `/english`).
fn strip_prefix<'a>(path: &'a str, prefix: &str) -> &'a str {
    match path.strip_prefix(prefix) {
        Some("") => "/",
        Some(rest) if rest.starts_with('/') => rest,
        _ => path,
    }
}

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|segment| !segment.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_pages_in_every_prefix_combination_are_recognised() {
        for path in ["/", "/markets", "/trade/BTC-IDR", "/account/privacy/change-pin", "/sandbox/pay/abc"] {
            for prefix in ["", "/en", "/pwa", "/en/pwa"] {
                let full =
                    if path == "/" && !prefix.is_empty() { prefix.to_string() } else { format!("{prefix}{path}") };
                assert!(is_known_page(&full), "{full}");
            }
        }
        assert!(is_known_page("/markets/"), "a trailing slash is ignored");
        assert!(is_known_page("/MARKETS"), "matching is case-insensitive like the web router's");
        assert!(is_known_page("/account/bankaccount"));
    }

    #[test]
    fn unknown_pages_are_not() {
        for path in ["/tidak-ada", "/en/nothing-here", "/english", "/trade/BTC-IDR/extra", "/sandbox/pay", "/pwa/x"] {
            assert!(!is_known_page(path), "{path}");
        }
    }
}

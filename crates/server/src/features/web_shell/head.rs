//! The `<head>` pieces rendered per request.

use super::page::{Page, Theme};
use crate::api::Lang;
use crate::features::markets::guest::{guest_asset, GuestAsset};

/// Title, description and keywords of a page in one language.
pub struct HeadText {
    /// `<title>`.
    pub title: String,
    /// `<meta name="description">`.
    pub description: String,
    /// `<meta name="keywords">`.
    pub keywords: String,
}

/// The site-wide head text, or a guest-mode asset page's own with the asset symbol (R2.08).
pub fn head_text(brand: &str, page: &Page) -> HeadText {
    if let Some(asset) = guest_asset(page.bare_path(), page.query.as_deref()) {
        return asset_head_text(brand, page.lang, &asset);
    }
    match page.lang {
        Lang::Id => HeadText {
            title: format!("{brand} — Investasi Kripto, Saham AS, Saham Indonesia dan Emas"),
            description:
                "Beli dan jual kripto, saham AS, saham Indonesia, emas, reksa dana dan USD dalam satu aplikasi.".into(),
            keywords: "investasi, kripto, bitcoin, saham AS, saham Indonesia, emas, reksa dana".into(),
        },
        Lang::En => HeadText {
            title: format!("{brand} — Invest in Crypto, US Stocks, Indonesian Stocks and Gold"),
            description: "Buy and sell crypto, US stocks, Indonesian stocks, gold, mutual funds and USD in one app."
                .into(),
            keywords: "invest, crypto, bitcoin, US stocks, Indonesian stocks, gold, mutual funds".into(),
        },
    }
}

/// The head of a guest-mode asset page in `lang` (R2.08); the symbol was checked against the
/// catalogue, and `render_head` escapes everything anyway.
fn asset_head_text(brand: &str, lang: Lang, asset: &GuestAsset) -> HeadText {
    let (symbol, name) = (&asset.symbol, &asset.name);
    match lang {
        Lang::Id => HeadText {
            title: format!("Harga {symbol} Hari Ini — Grafik dan Beli {name} | {brand}"),
            description: format!(
                "Pantau harga {symbol} ({name}) secara langsung, lihat grafik dan order book, lalu beli atau jual {symbol} di {brand}."
            ),
            keywords: format!("{symbol}, harga {symbol}, grafik {symbol}, beli {symbol}, {name}"),
        },
        Lang::En => HeadText {
            title: format!("{symbol} Price Today — Chart and Buy {name} | {brand}"),
            description: format!(
                "Follow the live {symbol} ({name}) price, see its chart and order book, and buy or sell {symbol} on {brand}."
            ),
            keywords: format!("{symbol}, {symbol} price, {symbol} chart, buy {symbol}, {name}"),
        },
    }
}

/// Everything that replaces `<!--app-head-->`.
pub fn render_head(page: &Page, text: &HeadText, public_url: &str, engagement_script_url: Option<&str>) -> String {
    let origin = public_url.trim_end_matches('/');
    let bare = page.bare_path();
    let en_path = if bare == "/" { "/en".to_string() } else { format!("/en{bare}") };
    // R2.07: the canonical link is the bare path in Indonesian and the /en path in English.
    let canonical = match page.lang {
        Lang::Id => bare.to_string(),
        Lang::En => en_path.clone(),
    };
    let theme_color = match page.theme {
        Theme::Dark => "#0d1117",
        Theme::Light => "#ffffff",
    };
    let mut head = String::with_capacity(1024);
    head.push_str(&format!("<title>{}</title>\n", escape(&text.title)));
    head.push_str(&format!("<meta name=\"description\" content=\"{}\" />\n", escape(&text.description)));
    head.push_str(&format!("<meta name=\"keywords\" content=\"{}\" />\n", escape(&text.keywords)));
    head.push_str(&format!("<meta name=\"theme-color\" content=\"{theme_color}\" />\n"));
    head.push_str(&format!("<link rel=\"canonical\" href=\"{}\" />\n", escape(&format!("{origin}{canonical}"))));
    head.push_str(&format!(
        "<link rel=\"alternate\" hreflang=\"id\" href=\"{}\" />\n",
        escape(&format!("{origin}{bare}"))
    ));
    head.push_str(&format!(
        "<link rel=\"alternate\" hreflang=\"en\" href=\"{}\" />\n",
        escape(&format!("{origin}{en_path}"))
    ));
    // R2.09: no manifest link for phones and tablets.
    if !page.mobile {
        head.push_str("<link rel=\"manifest\" href=\"/manifest.webmanifest\" />\n");
    }
    // R1.14: the customer-engagement script, when the operator configured one.
    if let Some(url) = engagement_script_url.filter(|u| u.starts_with("https://") || u.starts_with('/')) {
        head.push_str(&format!("<script async src=\"{}\" data-engagement=\"true\"></script>\n", escape(url)));
    }
    head
}

/// Escapes text for HTML content and double-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn page(path: &str, ua: &str) -> Page {
        let mut headers = HeaderMap::new();
        headers.insert(axum::http::header::USER_AGENT, ua.parse().unwrap());
        Page::from_request(&path.parse().unwrap(), &headers, true)
    }

    fn head(path: &str, ua: &str, script: Option<&str>) -> String {
        let p = page(path, ua);
        render_head(&p, &head_text("Brand", &p), "https://app.example.id/", script)
    }

    #[test]
    fn r2_07_canonical_is_the_bare_path_in_indonesian_and_en_prefixed_in_english() {
        assert!(
            head("/portfolio", "x", None).contains("<link rel=\"canonical\" href=\"https://app.example.id/portfolio\"")
        );
        assert!(head("/en/portfolio", "x", None)
            .contains("<link rel=\"canonical\" href=\"https://app.example.id/en/portfolio\""));
        assert!(head("/en", "x", None).contains("href=\"https://app.example.id/en\""));
    }

    #[test]
    fn r2_09_manifest_link_is_omitted_for_mobile_user_agents() {
        assert!(head("/", "Mozilla/5.0 (X11; Linux x86_64)", None).contains("rel=\"manifest\""));
        assert!(!head("/", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile", None)
            .contains("rel=\"manifest\""));
    }

    #[test]
    fn r1_14_engagement_script_is_injected_when_configured() {
        let with = head("/", "x", Some("https://cdn.example.id/engage.js"));
        assert!(with.contains("<script async src=\"https://cdn.example.id/engage.js\""));
        assert!(!head("/", "x", None).contains("<script"));
        // Anything but https or a same-origin path is ignored.
        assert!(!head("/", "x", Some("javascript:alert(1)")).contains("<script"));
    }

    #[test]
    fn r2_08_guest_asset_pages_carry_the_symbol_in_both_languages() {
        let id = head("/trade/BTC-IDR", "x", None);
        assert!(id.contains("<title>Harga BTC-IDR Hari Ini"), "{id}");
        assert!(id.contains("content=\"BTC-IDR, harga BTC-IDR"), "{id}");
        let query = head("/trade?ticker=ETH-IDR", "x", None);
        assert!(query.contains("<title>Harga ETH-IDR Hari Ini"), "{query}");
        let en = head("/en/trade/BTC-IDR", "x", None);
        assert!(en.contains("<title>BTC-IDR Price Today"), "{en}");
        assert!(en.contains("Follow the live BTC-IDR"), "{en}");
        // An unknown symbol gets the site-wide head.
        assert!(head("/trade/%3Cscript%3E", "x", None).contains("Investasi Kripto"));
    }

    #[test]
    fn text_put_into_the_head_is_escaped() {
        assert_eq!(escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
        let hostile = Page {
            path: "/\"><script>".into(),
            lang: Lang::Id,
            theme: Theme::Dark,
            mobile: false,
            query: None,
            signed_in: false,
        };
        let rendered = render_head(&hostile, &head_text("B", &hostile), "https://x.id", None);
        assert!(rendered.contains("&quot;&gt;&lt;script&gt;") && !rendered.contains("\"><script>"));
    }
}

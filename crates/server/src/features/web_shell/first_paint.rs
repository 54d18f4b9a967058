//! The first view of a page, written by the server into `<div id="root">` so a phone paints the
//! page's lead as soon as the HTML arrives instead of after the web app's JavaScript (issue 12: on a
//! slow network that is seconds). It is the page's real content in the request's language: the app
//! bar and the lead heading and paragraph of the home and markets pages, and on a trade page the
//! instrument with its current last price and change from the server's own market data, formatted as
//! the trade page formats them. It sits where React's page puts the same elements (first_paint.css),
//! is static and accessible, and goes when the app renders: `createRoot(..).render` empties the
//! container (src/main.tsx waits for the router's first page, so the swap is page for page). Other
//! pages, unknown symbols and a signed-in visitor's home get none: the root stays empty as before.

use std::sync::LazyLock;

use domain::format::{locale_number_text, percent, PERCENT_PLACES};
use domain::money::Currency;
use domain::Locale;
use market::{AssetClass, Phase};
use rust_decimal::Decimal;

use super::head::escape;
use super::page::{Page, Theme};
use super::texts::{fill, text};
use crate::api::Lang;
use crate::features::markets::guest::guest_asset;
use crate::features::markets::service::Markets;

/// The brand mark, the same file the web app serves as its icon.
const LOGO_SVG: &str = include_str!("../../../../../web/public/favicon.svg");
/// The logo's size in the header (`<LogoMark size={30} />`).
const LOGO_PX: u32 = 30;
/// How many characters of the symbol the round badge shows (`AssetAvatar`).
const AVATAR_CHARS_MAX: usize = 4;

/// first_paint.css without its comments and line breaks.
static CSS: LazyLock<String> = LazyLock::new(|| compact_css(include_str!("first_paint.css")));

/// What a URL asks for, before any data is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// `/` for a visitor.
    Home,
    /// `/markets`.
    Markets,
    /// `/trade/{symbol}` or `/trade?ticker=` of a listed instrument.
    Trade(String),
}

/// The page a first view is rendered for, with what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FirstView {
    /// The home page's lead.
    Home,
    /// The markets page's lead.
    Markets,
    /// A trade page's header figures.
    Trade(TradeQuote),
}

/// What a trade page's header shows of its instrument (features/markets/components/market-header.tsx).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TradeQuote {
    /// The symbol, e.g. `BTC-IDR`.
    pub symbol: String,
    /// Its display name, e.g. `Bitcoin`.
    pub name: String,
    /// Its class (which currency prices are in, whether it has an asset page).
    pub class: AssetClass,
    /// Its id in the class (the asset page's address).
    pub asset_id: u32,
    /// The last price, with the decimals the ticker answer carries.
    pub last: Decimal,
    /// The change in percent with exactly two decimals, as the ticker answer carries it.
    pub change_pct: Decimal,
    /// A market that trades around the clock, whose change is over 24 hours (else since the close).
    pub continuous: bool,
}

/// The first view the page asks for, if it has one. `/pwa/…` pages have their own layout and get
/// none; the web router matches paths case-insensitively and ignores a trailing slash.
pub fn wanted(page: &Page) -> Option<Wanted> {
    let bare = page.bare_path();
    let segments: Vec<&str> = bare.split('/').filter(|s| !s.is_empty()).collect();
    match segments.as_slice() {
        // A signed-in visitor's home is the dashboard, which needs the account's data.
        [] if bare == "/" && !page.signed_in => Some(Wanted::Home),
        [markets] if markets.eq_ignore_ascii_case("markets") => Some(Wanted::Markets),
        ["trade"] | ["trade", _] => guest_asset(bare, page.query.as_deref()).map(|asset| Wanted::Trade(asset.symbol)),
        _ => None,
    }
}

/// A trade page's header figures now, as `/v1/markets/symbol-info` and `/v1/markets/ticker` would
/// answer them (blocking: the ticker is computed from the simulator).
pub fn trade_quote(markets: &Markets, symbol: &str) -> Option<TradeQuote> {
    let asset = markets.asset(symbol)?;
    let ticker = markets.sim().ticker(symbol, markets.sim().now()).ok()?;
    // `domain::format::percent_text`, the ticker answer's `changePct`, as a number.
    let mut change_pct = percent(ticker.change_pct);
    change_pct.rescale(PERCENT_PLACES);
    Some(TradeQuote {
        symbol: asset.symbol,
        name: asset.name,
        class: asset.class,
        asset_id: asset.asset_id,
        last: ticker.last,
        change_pct,
        continuous: ticker.phase == Phase::Continuous,
    })
}

/// The first view's markup (a style tag carrying `nonce`, then the view), or `None` when a text it
/// needs is missing from the web app's texts.
pub fn render(view: &FirstView, lang: Lang, theme: Theme, nonce: &str) -> Option<String> {
    let (kind, main) = match view {
        FirstView::Home => ("home", home(lang)?),
        FirstView::Markets => ("markets", markets(lang)?),
        FirstView::Trade(quote) => ("trade", trade(quote, lang)?),
    };
    let (up, selected) = match theme {
        // MUI's success.main and action.selected of each mode (the theme does not set them).
        Theme::Dark => ("#66bb6a", "rgba(255,255,255,.16)"),
        Theme::Light => ("#2e7d32", "rgba(0,0,0,.08)"),
    };
    Some(format!(
        "<style nonce=\"{nonce}\">{css}.fp{{--fp-up:{up};--fp-selected:{selected}}}</style>\
         <div class=\"fp\" data-first-paint=\"{kind}\">{bar}<main>{main}</main></div>",
        nonce = escape(nonce),
        css = CSS.as_str(),
        bar = app_bar(lang)?,
    ))
}

/// The header's brand link (its controls need the app: they come with it).
fn app_bar(lang: Lang) -> Option<String> {
    let logo = LOGO_SVG.trim().replacen(
        "<svg ",
        &format!("<svg width=\"{LOGO_PX}\" height=\"{LOGO_PX}\" aria-hidden=\"true\" focusable=\"false\" "),
        1,
    );
    Some(format!(
        "<header class=\"fp-bar\"><div><a href=\"{home}\" aria-label=\"{label}\">{logo}<span>{name}</span></a></div></header>",
        home = localized("/", lang),
        label = escape(text(lang, "app.logoLabel")?),
        name = escape(text(lang, "app.name")?),
    ))
}

fn home(lang: Lang) -> Option<String> {
    Some(format!(
        "<div class=\"fp-home\"><section class=\"fp-hero\" aria-labelledby=\"fp-home-title\"><div><div>\
         <span class=\"fp-eyebrow\">{eyebrow}</span><h1 id=\"fp-home-title\">{title}</h1><p>{subtitle}</p>\
         </div></div></section></div>",
        eyebrow = escape(text(lang, "home.eyebrow")?),
        title = escape(text(lang, "home.title")?),
        subtitle = escape(text(lang, "home.subtitle")?),
    ))
}

fn markets(lang: Lang) -> Option<String> {
    Some(format!(
        "<div class=\"fp-markets\"><div><h1>{title}</h1></div><p>{subtitle}</p></div>",
        title = escape(text(lang, "markets.title")?),
        subtitle = escape(text(lang, "markets.subtitle")?),
    ))
}

fn trade(quote: &TradeQuote, lang: Lang) -> Option<String> {
    let symbol = escape(&quote.symbol);
    let about = match asset_page_path(quote) {
        Some(path) => {
            format!(
                " · <a href=\"{}\">{}</a>",
                escape(&localized(&path, lang)),
                escape(text(lang, "trade.aboutAsset")?)
            )
        }
        None => String::new(),
    };
    let change_label = if quote.continuous { "trade.change24h" } else { "trade.changeSession" };
    let direction = match quote.change_pct.cmp(&Decimal::ZERO) {
        std::cmp::Ordering::Greater => "fp-up",
        std::cmp::Ordering::Less => "fp-down",
        std::cmp::Ordering::Equal => "fp-flat",
    };
    Some(format!(
        "<div class=\"fp-trade\"><div><div><section aria-label=\"{label}\">\
         <div class=\"fp-instrument\"><div class=\"fp-avatar\" aria-hidden=\"true\">{avatar}</div>\
         <div><h1>{symbol}</h1><p>{name}{about}</p></div></div>\
         <dl><dt>{last_label}</dt><dd><span class=\"fp-last\">{last}</span></dd></dl>\
         <dl><dt>{change_label}</dt><dd><span class=\"{direction}\">{change}</span></dd></dl>\
         </section></div></div></div>",
        label = escape(&fill(text(lang, "trade.headerLabel")?, &[("symbol", &quote.symbol)])),
        avatar = escape(&avatar_code(&quote.symbol)),
        name = escape(&quote.name),
        last_label = escape(text(lang, "trade.last")?),
        last = escape(&price_text(quote.last, quote_currency(quote.class), lang)),
        change_label = escape(text(lang, change_label)?),
        change = escape(&change_text(quote.change_pct, lang)),
    ))
}

/// `formatPrice` (web/src/lib/format.ts): the currency's prefix (R9.09) and the locale's separators
/// (R9.10), every decimal the price has: `Rp1.514.937.166`, `$263.08`.
pub fn price_text(value: Decimal, currency: Option<Currency>, lang: Lang) -> String {
    let prefix = currency.and_then(Currency::prefix).unwrap_or("");
    let digits = locale_number_text(value.abs(), locale(lang));
    let sign = if value.is_sign_negative() && !value.is_zero() { "-" } else { "" };
    format!("{sign}{prefix}{digits}")
}

/// `formatChangePct`: two decimals, a `+` before a rise (R9.05, R2.12): `+3,34%`, `-1.78%`.
pub fn change_text(change_pct: Decimal, lang: Lang) -> String {
    let sign = if change_pct > Decimal::ZERO { "+" } else { "" };
    format!("{sign}{}%", locale_number_text(change_pct, locale(lang)))
}

/// `quoteCurrency` (features/markets/lib/asset-classes.ts): what a class's prices are in.
fn quote_currency(class: AssetClass) -> Option<Currency> {
    match class {
        AssetClass::Perp => Some(Currency::Usdt),
        AssetClass::UsStock => Some(Currency::Usd),
        AssetClass::UsIndex => None,
        _ => Some(Currency::Idr),
    }
}

/// `assetPagePath`: crypto, US stocks and US indices have an asset page.
fn asset_page_path(quote: &TradeQuote) -> Option<String> {
    let segment = match quote.class {
        AssetClass::Crypto => "crypto",
        AssetClass::UsStock => "usstock",
        AssetClass::UsIndex => "usindex",
        _ => return None,
    };
    Some(format!("/asset/{segment}/{}/{}", quote.symbol, quote.asset_id))
}

/// `AssetAvatar`'s code: the base asset's letters and digits, at most four.
fn avatar_code(symbol: &str) -> String {
    let base = symbol.split('-').next().unwrap_or(symbol);
    base.chars().filter(char::is_ascii_alphanumeric).take(AVATAR_CHARS_MAX).collect()
}

/// `localizePath`: the `/en` prefix in English.
fn localized(path: &str, lang: Lang) -> String {
    match (lang, path) {
        (Lang::Id, _) => path.to_string(),
        (Lang::En, "/") => "/en".to_string(),
        (Lang::En, _) => format!("/en{path}"),
    }
}

fn locale(lang: Lang) -> Locale {
    match lang {
        Lang::Id => Locale::Id,
        Lang::En => Locale::En,
    }
}

/// CSS without comments, line breaks and indentation.
fn compact_css(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..].find("*/").map_or("", |end| &rest[start + end + 2..]);
    }
    out.push_str(rest);
    out.lines().map(str::trim).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn page(uri: &str, cookie: Option<&str>) -> Page {
        let mut headers = HeaderMap::new();
        if let Some(cookie) = cookie {
            headers.insert(axum::http::header::COOKIE, cookie.parse().unwrap());
        }
        Page::from_request(&uri.parse().unwrap(), &headers, true)
    }

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn btc(last: Decimal, change_pct: Decimal) -> TradeQuote {
        TradeQuote {
            symbol: "BTC-IDR".into(),
            name: "Bitcoin".into(),
            class: AssetClass::Crypto,
            asset_id: 1,
            last,
            change_pct,
            continuous: true,
        }
    }

    fn view(view: &FirstView, lang: Lang) -> String {
        render(view, lang, Theme::Dark, "n0nce").unwrap()
    }

    #[test]
    fn the_home_markets_and_listed_trade_pages_have_a_first_view_and_nothing_else() {
        for path in ["/", "/en", "/en/"] {
            assert_eq!(wanted(&page(path, None)), Some(Wanted::Home), "{path}");
        }
        for path in ["/markets", "/en/markets", "/markets/", "/MARKETS", "/markets?class=US_STOCK"] {
            assert_eq!(wanted(&page(path, None)), Some(Wanted::Markets), "{path}");
        }
        for path in ["/trade/BTC-IDR", "/en/trade/btc-idr", "/trade?ticker=BTC-IDR", "/trade/BTC-IDR/"] {
            assert_eq!(wanted(&page(path, None)), Some(Wanted::Trade("BTC-IDR".into())), "{path}");
        }
        let none = [
            "/trade/NOPE-IDR",
            "/trade/%3Cscript%3E",
            "/trade",
            "/portfolio",
            "/pwa/markets",
            "/en/pwa",
            "/asset/crypto/BTC-IDR/1",
            "/markets/extra",
            "/tidak-ada",
        ];
        for path in none {
            assert_eq!(wanted(&page(path, None)), None, "{path}");
        }
    }

    #[test]
    fn a_signed_in_visitors_home_is_the_dashboard_so_it_has_none() {
        assert_eq!(wanted(&page("/", Some("token=a-real-looking-access-token"))), None);
        assert_eq!(wanted(&page("/markets", Some("token=a-real-looking-access-token"))), Some(Wanted::Markets));
        assert_eq!(wanted(&page("/", Some("token=null"))), Some(Wanted::Home), "a placeholder is no session");
    }

    #[test]
    fn the_home_lead_is_the_web_apps_own_text_in_the_pages_language() {
        let id = view(&FirstView::Home, Lang::Id);
        assert!(id.contains("<h1 id=\"fp-home-title\">Semua investasi Anda, dalam satu tempat</h1>"), "{id}");
        assert!(id.contains(">Selamat datang</span>"), "{id}");
        assert!(id.contains("<p>Beli dan jual kripto dalam Rupiah"), "{id}");
        assert!(id.contains("<a href=\"/\" aria-label=\"Lumbung, ke beranda\">"), "{id}");
        let en = view(&FirstView::Home, Lang::En);
        assert!(en.contains(">All your investments, in one place</h1>"), "{en}");
        assert!(en.contains("<a href=\"/en\" aria-label=\"Lumbung, go to home\">"), "{en}");
        assert!(en.contains("data-first-paint=\"home\""), "{en}");
    }

    #[test]
    fn the_markets_lead_is_the_web_apps_own_text_in_the_pages_language() {
        let id = view(&FirstView::Markets, Lang::Id);
        assert!(id.contains("<h1>Pasar</h1></div><p>Harga semua aset, bergerak langsung."), "{id}");
        let en = view(&FirstView::Markets, Lang::En);
        assert!(en.contains("<h1>Markets</h1></div><p>Prices of every asset, moving live."), "{en}");
    }

    #[test]
    fn r9_09_r9_10_the_trade_header_formats_price_and_change_as_the_trade_page_does() {
        let id = view(&FirstView::Trade(btc(d("1514937166"), d("1.23"))), Lang::Id);
        assert!(
            id.contains("<h1>BTC-IDR</h1><p>Bitcoin · <a href=\"/asset/crypto/BTC-IDR/1\">Tentang aset</a></p>"),
            "{id}"
        );
        assert!(id.contains("<dt>Harga terakhir</dt><dd><span class=\"fp-last\">Rp1.514.937.166</span>"), "{id}");
        assert!(id.contains("<dt>Perubahan 24 jam</dt><dd><span class=\"fp-up\">+1,23%</span>"), "{id}");
        assert!(id.contains("aria-label=\"Ringkasan pasar BTC-IDR\""), "{id}");
        assert!(id.contains(">BTC</div>"), "the badge's code: {id}");
        let en = view(&FirstView::Trade(btc(d("1514937166.5"), d("-0.50"))), Lang::En);
        assert!(en.contains("<span class=\"fp-last\">Rp1,514,937,166.5</span>"), "{en}");
        assert!(en.contains("<dt>24h change</dt><dd><span class=\"fp-down\">-0.50%</span>"), "{en}");
        assert!(en.contains("href=\"/en/asset/crypto/BTC-IDR/1\">About this asset</a>"), "{en}");
        let flat = view(&FirstView::Trade(btc(d("100"), d("0.00"))), Lang::Id);
        assert!(flat.contains("<span class=\"fp-flat\">0,00%</span>"), "{flat}");
    }

    #[test]
    fn other_classes_take_their_currency_session_label_and_asset_page() {
        let apple = TradeQuote {
            symbol: "AAPL".into(),
            name: "Apple Inc.".into(),
            class: AssetClass::UsStock,
            asset_id: 7,
            last: d("263.08"),
            change_pct: d("12.00"),
            continuous: false,
        };
        let en = view(&FirstView::Trade(apple), Lang::En);
        assert!(en.contains(">$263.08</span>") && en.contains("<dt>Change</dt>"), "{en}");
        assert!(en.contains("href=\"/en/asset/usstock/AAPL/7\""), "{en}");
        let perp = TradeQuote {
            symbol: "BTCUSDT-PERP".into(),
            name: "Bitcoin perpetual".into(),
            class: AssetClass::Perp,
            asset_id: 3,
            last: d("91071.6"),
            change_pct: d("1234.56"),
            continuous: true,
        };
        let id = view(&FirstView::Trade(perp), Lang::Id);
        assert!(id.contains(">₮91.071,6</span>") && id.contains(">+1.234,56%</span>"), "{id}");
        assert!(id.contains("<p>Bitcoin perpetual</p>") && id.contains(">BTCU</div>"), "no asset page: {id}");
    }

    #[test]
    fn r1_02_the_colours_mui_keeps_to_itself_follow_the_theme() {
        let dark = render(&FirstView::Markets, Lang::Id, Theme::Dark, "n").unwrap();
        assert!(dark.contains("--fp-up:#66bb6a") && dark.contains("rgba(255,255,255,.16)"), "{dark}");
        let light = render(&FirstView::Markets, Lang::Id, Theme::Light, "n").unwrap();
        assert!(light.contains("--fp-up:#2e7d32") && light.contains("rgba(0,0,0,.08)"), "{light}");
        // Everything else comes from index.css's custom properties, switched by the html class.
        assert!(dark.contains("var(--color-text-muted)") && !dark.contains("#97a3b6"), "{dark}");
    }

    #[test]
    fn everything_written_into_the_view_is_escaped() {
        let hostile = TradeQuote {
            symbol: "X\"><script>alert(1)</script>".into(),
            name: "<img src=x onerror=alert(1)>".into(),
            class: AssetClass::Crypto,
            asset_id: 1,
            last: d("1"),
            change_pct: d("0"),
            continuous: true,
        };
        let html = render(&FirstView::Trade(hostile), Lang::Id, Theme::Dark, "a\"b").unwrap();
        assert!(!html.contains("<script>") && !html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"), "{html}");
        assert!(html.contains("<style nonce=\"a&quot;b\">"), "{html}");
    }

    #[test]
    fn the_style_is_small_and_has_no_comments() {
        let html = view(&FirstView::Home, Lang::Id);
        assert!(!CSS.contains("/*") && !CSS.contains('\n'), "{}", CSS.as_str());
        assert!(CSS.len() < 6 * 1024, "{} bytes of CSS", CSS.len());
        assert!(html.len() < 12 * 1024, "{} bytes in all", html.len());
        assert_eq!(compact_css("a{b:c}/* x */\n  d{e:f}"), "a{b:c}d{e:f}");
    }
}

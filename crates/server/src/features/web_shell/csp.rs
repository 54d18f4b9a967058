//! The Content-Security-Policy of HTML answers (issue 14): only this origin's scripts, styles,
//! images and connections, plus what the shell itself names. The built `index.html` carries a
//! placeholder nonce on its tags (Vite's `html.cspNonce`); each answer swaps in a fresh one, which
//! the web app also gives the style tags MUI writes at run time. docs/operations.md explains each
//! directive.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::rngs::OsRng;
use rand::RngCore;

/// The nonce placeholder `vite.config.ts` writes into the built `index.html`.
pub const NONCE_PLACEHOLDER: &str = "__CSP_NONCE__";

/// A fresh nonce: 128 random bits, base64.
pub fn nonce() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    STANDARD.encode(bytes)
}

/// The policy for one deployment, with `{nonce}` left to fill per answer.
#[derive(Debug, Clone)]
pub struct Policy {
    template: String,
}

impl Policy {
    /// The policy for a server reachable at `public_url`, with the engagement script (R1.14) when
    /// one is configured.
    pub fn new(public_url: &str, engagement_script_url: Option<&str>) -> Self {
        // `/ws` on this origin: 'self' covers ws(s) in current browsers; the explicit origin is for
        // those that read CSP level 2, where 'self' means only http(s).
        let live = origin(public_url).and_then(|o| {
            o.strip_prefix("https://")
                .map(|host| format!("wss://{host}"))
                .or_else(|| o.strip_prefix("http://").map(|host| format!("ws://{host}")))
        });
        // A same-origin engagement script ('/…') is covered by 'self'.
        let engagement = engagement_script_url.filter(|u| u.starts_with("https://")).and_then(origin);
        let mut script = vec!["'self'".to_string(), "'nonce-{nonce}'".to_string()];
        let mut connect = vec!["'self'".to_string()];
        connect.extend(live);
        if let Some(engagement) = engagement {
            script.push(engagement.clone());
            // Such scripts report back to where they came from.
            connect.push(engagement);
        }
        let directives = [
            "default-src 'self'".to_string(),
            format!("script-src {}", script.join(" ")),
            "style-src 'self' 'nonce-{nonce}'".to_string(),
            "img-src 'self' data:".to_string(),
            "font-src 'self'".to_string(),
            format!("connect-src {}", connect.join(" ")),
            "worker-src 'self'".to_string(),
            "manifest-src 'self'".to_string(),
            "frame-ancestors 'none'".to_string(),
            "base-uri 'self'".to_string(),
            "form-action 'self'".to_string(),
            "object-src 'none'".to_string(),
        ];
        Self { template: directives.join("; ") }
    }

    /// The header value for an answer carrying `nonce`.
    pub fn header(&self, nonce: &str) -> String {
        self.template.replace("{nonce}", nonce)
    }
}

/// `scheme://host[:port]` of an http(s) URL, or `None` when it is not one a header can carry.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    let valid = !authority.is_empty()
        && !authority.contains('@')
        && authority.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    valid.then(|| format!("{scheme}://{authority}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_only_this_origin_and_the_nonce() {
        let header = Policy::new("https://app.example.id/", None).header("abc");
        assert!(header.contains("default-src 'self'"), "{header}");
        assert!(header.contains("script-src 'self' 'nonce-abc';"), "{header}");
        assert!(header.contains("connect-src 'self' wss://app.example.id;"), "{header}");
        for directive in ["frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'"] {
            assert!(header.contains(directive), "{directive} in {header}");
        }
        assert!(!header.contains("unsafe"), "{header}");
        let plain = Policy::new("http://localhost:8080", None).header("n");
        assert!(plain.contains("connect-src 'self' ws://localhost:8080;"), "{plain}");
    }

    #[test]
    fn r1_14_the_engagement_script_origin_is_allowed_only_when_configured() {
        let with = Policy::new("https://app.example.id", Some("https://cdn.example.id/sdk/engage.js")).header("n");
        assert!(with.contains("script-src 'self' 'nonce-n' https://cdn.example.id;"), "{with}");
        assert!(with.contains("connect-src 'self' wss://app.example.id https://cdn.example.id;"), "{with}");
        let same_origin = Policy::new("https://app.example.id", Some("/engage.js")).header("n");
        assert!(same_origin.contains("script-src 'self' 'nonce-n';"), "{same_origin}");
        // Nothing that could break out of the header or widen the policy.
        for hostile in ["https://evil.id; script-src *", "https://a@b.id/x", "javascript:alert(1)", "https://"] {
            let header = Policy::new("https://app.example.id", Some(hostile)).header("n");
            assert!(header.contains("script-src 'self' 'nonce-n';"), "{hostile}: {header}");
        }
    }

    #[test]
    fn nonces_are_fresh_and_long() {
        let (a, b) = (nonce(), nonce());
        assert_ne!(a, b);
        assert_eq!(STANDARD.decode(&a).unwrap().len(), 16);
    }
}

//! The client's network address: the peer's, or behind trusted proxies the entry of
//! `X-Forwarded-For` that the outermost trusted proxy added. The leftmost entries are written by
//! the client and prove nothing.

use std::net::IpAddr;

use axum::http::HeaderMap;

/// The caller's address. With `trusted_proxies` hops in front of the server, each of which appends
/// the address it received the request from, the client is the `trusted_proxies`-th entry from
/// the right; a shorter or malformed header falls back to the peer.
pub fn client_address(headers: &HeaderMap, peer: Option<IpAddr>, trusted_proxies: u8) -> Option<IpAddr> {
    if trusted_proxies == 0 {
        return peer;
    }
    let forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    forwarded.len().checked_sub(usize::from(trusted_proxies)).and_then(|index| forwarded[index].parse().ok()).or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", value.parse().unwrap());
        headers
    }

    const PEER: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 9)));

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        assert_eq!(client_address(&headers("1.2.3.4"), PEER, 0), PEER);
    }

    #[test]
    fn the_entry_added_by_the_outermost_trusted_proxy_is_the_client_not_the_leftmost() {
        let spoofed = headers("6.6.6.6, 203.0.113.7, 10.0.0.2");
        assert_eq!(client_address(&spoofed, PEER, 1), "10.0.0.2".parse().ok());
        assert_eq!(client_address(&spoofed, PEER, 2), "203.0.113.7".parse().ok());
    }

    #[test]
    fn a_header_shorter_than_the_proxy_chain_or_malformed_falls_back_to_the_peer() {
        assert_eq!(client_address(&headers("203.0.113.7"), PEER, 2), PEER);
        assert_eq!(client_address(&headers("not-an-address"), PEER, 1), PEER);
        assert_eq!(client_address(&HeaderMap::new(), PEER, 1), PEER);
    }
}

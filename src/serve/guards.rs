//! What every request passes, and what every answer carries.
//!
//! - **Host** must name this server (`127.0.0.1`, `localhost`, `[::1]` or the `--bind`
//!   address): a page on another site whose name its owner pointed at 127.0.0.1 (DNS
//!   rebinding) sends its own name, and gets 403.
//! - **Writes** (every method but GET and HEAD) must be same-origin: an `Origin` header, when
//!   present, must be `http://` + the `Host`, and `Sec-Fetch-Site`, when present, must be
//!   `same-origin` or `none`; else 403. Clients that send neither (curl, the tests) are no
//!   cross-site page.
//! - **Bodies** over [`MAX_BODY`](super::limits::MAX_BODY) get 413, said in JSON as every
//!   API error.
//! - **Headers** on every answer: a Content-Security-Policy that allows this server's own
//!   script, style and connections, and pictures from blob/data URLs, nothing else (no
//!   inline script, no frame, no form); `nosniff`; no referrer.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use super::AppState;
use super::error::ApiError;
use super::limits::MAX_BODY;

/// The Content-Security-Policy of every answer.
pub(super) const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' blob: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The host names this server answers to.
pub(super) struct Hosts {
    names: Vec<String>,
}

impl Hosts {
    /// The loopback names, and the address it listens on.
    pub fn new(addr: SocketAddr) -> Hosts {
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"].map(String::from).into();
        let own = match addr.ip() {
            IpAddr::V4(ip) => ip.to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
        };
        if !names.contains(&own) {
            names.push(own);
        }
        Hosts { names }
    }

    /// Why `headers` do not come from this server's own page, if they do not.
    fn refuse(&self, method: &Method, headers: &HeaderMap) -> Option<String> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let name = host_name(host).to_ascii_lowercase();
        if !self.names.contains(&name) {
            return Some(format!(
                "Host '{host}' is not this server (it answers to {})",
                self.names.join(", ")
            ));
        }
        if method == Method::GET || method == Method::HEAD {
            return None;
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            if origin != format!("http://{host}") {
                return Some(format!(
                    "cross-site request from '{origin}' refused (only this server's own page may write)"
                ));
            }
        }
        let site = HeaderName::from_static("sec-fetch-site");
        if let Some(site) = headers.get(site) {
            let site = site.to_str().unwrap_or("");
            if site != "same-origin" && site != "none" {
                return Some(format!("cross-site request ({site}) refused"));
            }
        }
        None
    }
}

/// `localhost` of `localhost:8080`, `[::1]` of `[::1]:8080`.
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

/// 403 for a request from anywhere but this server's own page.
async fn check(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    if let Some(why) = state.hosts.refuse(request.method(), request.headers()) {
        return ApiError::new(StatusCode::FORBIDDEN, why).into_response();
    }
    next.run(request).await
}

/// A 413 (from the body limit, as text) said in the API's JSON, naming the limit.
async fn too_large_as_json(response: Response) -> Response {
    if response.status() != StatusCode::PAYLOAD_TOO_LARGE {
        return response;
    }
    let why =
        format!("the request is larger than {MAX_BODY} bytes (1 MiB), the most this server reads");
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, why).into_response()
}

/// `router` behind the guards, every answer with the security headers.
pub(super) fn wrap(router: Router<Arc<AppState>>, state: Arc<AppState>) -> Router {
    let headers = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    let mut router = router
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(middleware::map_response(too_large_as_json))
        .layer(middleware::from_fn_with_state(state.clone(), check));
    for (name, value) in headers {
        router = router.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    router.with_state(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn only_this_server_and_its_own_page() {
        let hosts = Hosts::new("127.0.0.1:8080".parse().unwrap());
        let ok = headers(&[("host", "127.0.0.1:8080")]);
        assert!(hosts.refuse(&Method::POST, &ok).is_none());
        let local = headers(&[
            ("host", "localhost:8080"),
            ("origin", "http://localhost:8080"),
        ]);
        assert!(hosts.refuse(&Method::POST, &local).is_none());
        let v6 = headers(&[("host", "[::1]:8080")]);
        assert!(hosts.refuse(&Method::GET, &v6).is_none());
        let rebound = headers(&[("host", "evil.example:8080")]);
        assert!(hosts.refuse(&Method::GET, &rebound).is_some());
        let cross = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://evil.example"),
        ]);
        assert!(hosts.refuse(&Method::POST, &cross).is_some());
        assert!(hosts.refuse(&Method::GET, &cross).is_none());
        let site = headers(&[("host", "127.0.0.1:8080"), ("sec-fetch-site", "cross-site")]);
        assert!(hosts.refuse(&Method::POST, &site).is_some());
        assert!(hosts.refuse(&Method::POST, &headers(&[])).is_some());
    }
}

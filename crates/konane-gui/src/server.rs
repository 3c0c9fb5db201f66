//! The HTTP side: the routes (the page and its assets, the tab's WebSocket, a status
//! report), the guard in front of every one of them, the caps on tabs and searches, and
//! the security headers of every answer.

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::app::{App, MAX_SEARCHES, MAX_TABS};
use crate::assets;
use crate::guard::Guard;
use crate::tab::{self, MAX_REQUEST_BYTES};

/// The routes, each behind the guard.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/{token}/", get(page))
        .route("/{token}/ws", get(websocket))
        .route("/{token}/status", get(status))
        .route("/{token}/{file}", get(asset))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .layer(middleware::from_fn(security_headers))
        .with_state(app)
}

/// Refuses a request without the token, from a foreign host or origin.
async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let token = request
        .uri()
        .path()
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or("");
    match app
        .guard
        .check(token, text(header::HOST), text(header::ORIGIN))
    {
        Ok(()) => next.run(request).await,
        Err(refusal) => (StatusCode::FORBIDDEN, refusal.message()).into_response(),
    }
}

/// Headers that keep the page to itself: no framing, no foreign scripts or
/// connections, no token in a Referer, no caching.
async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; \
             style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
             form-action 'none'",
        ),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

async fn page() -> Response {
    asset_response("index.html")
}

async fn asset(Path((_, file)): Path<(String, String)>) -> Response {
    asset_response(&file)
}

fn asset_response(file: &str) -> Response {
    match assets::find(file) {
        Some((content_type, body)) => {
            ([(header::CONTENT_TYPE, content_type)], body).into_response()
        }
        None => missing(),
    }
}

fn missing() -> Response {
    (StatusCode::NOT_FOUND, "not found").into_response()
}

async fn not_found() -> Response {
    missing()
}

/// Counts of tabs and searches, for tests and curious users.
async fn status(State(app): State<Arc<App>>) -> Response {
    let body = serde_json::json!({
        "tabs": app.tabs.load(Ordering::SeqCst),
        "max_tabs": MAX_TABS,
        "searches": app.slots.running(),
        "max_searches": MAX_SEARCHES,
        "engines": app.catalog.views(),
    });
    (
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

async fn websocket(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if headers.get(header::ORIGIN).is_none() {
        return (
            StatusCode::FORBIDDEN,
            "refused: a WebSocket needs an Origin header naming this server",
        )
            .into_response();
    }
    upgrade
        .max_message_size(MAX_REQUEST_BYTES * 2)
        .max_frame_size(MAX_REQUEST_BYTES * 2)
        .on_upgrade(move |socket| open_tab(socket, app))
}

/// Serves a tab if the cap allows, else says why and closes.
async fn open_tab(mut socket: WebSocket, app: Arc<App>) {
    let taken = app
        .tabs
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
            (n < MAX_TABS).then_some(n + 1)
        })
        .is_ok();
    if !taken {
        let message = format!(
            "too many tabs open (the server serves at most {MAX_TABS}): close one and reload"
        );
        let error = serde_json::json!({"type": "error", "message": message}).to_string();
        let _ = socket.send(Message::Text(error.into())).await;
        let close = CloseFrame {
            code: 1008,
            reason: "too many tabs".into(),
        };
        let _ = socket.send(Message::Close(Some(close))).await;
        return;
    }
    tab::serve(socket, app.clone()).await;
    app.tabs.fetch_sub(1, Ordering::SeqCst);
}

/// The address to print: the loopback name for an unspecified address.
pub fn url(address: SocketAddr, guard: &Guard) -> String {
    let shown = if address.ip().is_unspecified() {
        SocketAddr::new([127, 0, 0, 1].into(), address.port())
    } else {
        address
    };
    format!("http://{shown}/{}/", guard.token())
}

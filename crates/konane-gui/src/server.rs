//! The HTTP side: the routes (the page and its assets, the tab's WebSocket, a status
//! report), the guard in front of every one of them, the caps on tabs and searches, the
//! games kept for pages that went away, and the security headers of every answer.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::app::{App, MAX_SEARCHES, MAX_TABS};
use crate::assets;
use crate::guard::{random_token, Guard};
use crate::tab::{self, Kept, Tab, KEEP, MAX_READ_BYTES};

/// The most games kept for pages that went away (the oldest goes first).
pub const MAX_KEPT: usize = 16;

/// How long a reconnecting page waits for its old connection to end (a reload opens
/// the new socket before the server has seen the old one close).
const HANDOVER: Duration = Duration::from_secs(3);

/// What the routes share: the app, the sessions being served and the games of tabs
/// whose page went away.
pub struct Served {
    app: Arc<App>,
    live: Mutex<HashSet<String>>,
    kept: Mutex<Vec<Kept>>,
}

impl Served {
    /// Takes the kept game of `session` now, if the server has it.
    fn take(&self, session: &str) -> Option<Tab> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.retain(|k| k.since.elapsed() < KEEP);
        let index = kept.iter().position(|k| k.session == session)?;
        Some(kept.swap_remove(index).tab)
    }

    fn is_live(&self, session: &str) -> bool {
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(session)
    }

    /// The kept game of `session`, waiting a moment for it while its old connection
    /// still runs.
    async fn resume(&self, session: &str) -> Option<Tab> {
        let deadline = Instant::now() + HANDOVER;
        loop {
            if let Some(tab) = self.take(session) {
                return Some(tab);
            }
            if !self.is_live(session) || Instant::now() > deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Marks `session` served (true) or not.
    fn set_live(&self, session: &str, live: bool) {
        let mut sessions = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if live {
            sessions.insert(session.to_string());
        } else {
            sessions.remove(session);
        }
    }

    /// Keeps a tab's game for a while, within the cap.
    fn keep(&self, tab: Kept) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.retain(|k| k.since.elapsed() < KEEP);
        if kept.len() >= MAX_KEPT {
            let oldest = (0..kept.len())
                .min_by_key(|&i| kept[i].since)
                .expect("not empty");
            kept.swap_remove(oldest);
        }
        kept.push(tab);
    }

    fn kept_count(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// The routes, each behind the guard.
pub fn router(app: Arc<App>) -> Router {
    let served = Arc::new(Served {
        app,
        live: Mutex::new(HashSet::new()),
        kept: Mutex::new(Vec::new()),
    });
    Router::new()
        .route("/{token}/", get(page))
        .route("/{token}/ws", get(websocket))
        .route("/{token}/status", get(status))
        .route("/{token}/{file}", get(asset))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(served.clone(), guard))
        .layer(middleware::from_fn(security_headers))
        .with_state(served)
}

/// Refuses a request without the token, from a foreign host or origin.
async fn guard(State(served): State<Arc<Served>>, request: Request, next: Next) -> Response {
    let app = &served.app;
    let headers = request.headers();
    // A header given twice is refused like a wrong one: each must be checked whole.
    let (Ok(host), Ok(origin)) = (
        single(headers, header::HOST),
        single(headers, header::ORIGIN),
    ) else {
        return (
            StatusCode::FORBIDDEN,
            "refused: a Host or Origin header given twice",
        )
            .into_response();
    };
    let token = request
        .uri()
        .path()
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or("");
    match app.guard.check(token, host, origin) {
        Ok(()) => next.run(request).await,
        Err(refusal) => (StatusCode::FORBIDDEN, refusal.message()).into_response(),
    }
}

/// The one value of header `name` (`None` when absent), or `Err` when it is given more
/// than once.
fn single(headers: &HeaderMap, name: header::HeaderName) -> Result<Option<&str>, ()> {
    let mut values = headers.get_all(name).iter();
    match (values.next(), values.next()) {
        (first, None) => Ok(first.and_then(|v: &HeaderValue| v.to_str().ok())),
        _ => Err(()),
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
async fn status(State(served): State<Arc<Served>>) -> Response {
    let app = &served.app;
    let body = serde_json::json!({
        "tabs": app.tabs.load(Ordering::SeqCst),
        "kept": served.kept_count(),
        "max_tabs": MAX_TABS,
        "searches": app.slots.running(),
        "max_searches": MAX_SEARCHES,
        "solver_tables": app.solver_tables.load(Ordering::SeqCst),
        "engines": app.catalog.views(),
    });
    (
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// The query of the WebSocket's address: the session to find again.
#[derive(serde::Deserialize)]
struct Resume {
    session: Option<String>,
}

async fn websocket(
    State(served): State<Arc<Served>>,
    Query(resume): Query<Resume>,
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
        .max_message_size(MAX_READ_BYTES)
        .max_frame_size(MAX_READ_BYTES)
        .on_upgrade(move |socket| open_tab(socket, served, resume.session))
}

/// Serves a tab if the cap allows, else says why and closes; then keeps its game.
async fn open_tab(mut socket: WebSocket, served: Arc<Served>, session: Option<String>) {
    let app = served.app.clone();
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
    let resumed = match session.as_deref() {
        Some(session) => served.resume(session).await,
        None => None,
    };
    let session = match &resumed {
        Some(tab) => tab.session().to_string(),
        None => random_token(),
    };
    served.set_live(&session, true);
    let kept = tab::serve(socket, app.clone(), resumed, session.clone()).await;
    served.keep(kept);
    served.set_live(&session, false);
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

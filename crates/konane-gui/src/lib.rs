//! `konane gui`: Konane in the browser. A local web server (axum on tokio) serves a page
//! compiled into the binary (plain HTML, CSS and JavaScript modules drawing an SVG board)
//! and talks to each tab over a WebSocket: moves, the engines' lines, clocks and solver
//! proofs reach the page as they happen.
//!
//! - `server`: the routes, the guard in front of them (a random token in every
//!   address, `Host` and `Origin` checks), the caps on tabs and searches, and the games
//!   kept for pages that went away (found again by the tab's session);
//! - `tab`: one tab's game, mode, engines and search;
//! - `game`: a tab's tree of moves and the position shown;
//! - `engines`: the built-in engine through the engine layer and the `--engine`
//!   programs through the arena's engine processes, driven alike;
//! - `messages`: the JSON the page and the server exchange;
//! - `review`: judging a reviewed game (moves, accuracy), and `tags`: the review's and
//!   the person's drawings in a game's comments;
//! - `memory`: the allocator set to hand freed tables back.
//!
//! [`run`] serves until the process ends, with the settings of a [`GuiConfig`]; the
//! address it announces carries the token. [`Guard`] is that token with the hosts a
//! request may name. The limits a page cannot exceed are public, so that front ends and
//! tests name them: [`MAX_TABS`] tabs and [`MAX_SEARCHES`] searches at once,
//! [`MAX_MULTIPV`] engine lines, [`MAX_REQUEST_BYTES`] a request, [`MAX_KEPT`] games kept
//! for pages that went away, each for [`KEEP`]; [`BUILTIN_NAME`] is the name of the
//! built-in engine.

mod app;
mod assets;
mod engines;
mod game;
mod guard;
mod info;
mod memory;
mod messages;
mod prove;
mod review;
mod server;
mod tab;
mod tags;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use konane_arena::EngineSpec;
use konane_core::Board;
use konane_engine::Options;

pub use app::{MAX_SEARCHES, MAX_TABS};
pub use engines::BUILTIN_NAME;
pub use guard::Guard;
pub use server::MAX_KEPT;
pub use tab::{KEEP, MAX_MULTIPV, MAX_REQUEST_BYTES};

/// How `konane gui` runs.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// The address to listen on (loopback unless the user asks otherwise).
    pub listen: SocketAddr,
    /// The engine programs offered besides the built-in engine.
    pub engines: Vec<EngineSpec>,
    /// The built-in engine's options (engine.toml and flags); their board is the board
    /// of a new tab.
    pub options: Options,
    /// How long an engine program may stay silent (its handshake, a move without a
    /// clock).
    pub stall: Duration,
}

/// Listens on `config.listen`, calls `announce` with the page's address (token
/// included) once the server accepts connections, and serves until the process ends.
pub fn run(config: GuiConfig, announce: impl FnOnce(&str)) -> std::io::Result<()> {
    memory::hand_back_large_blocks();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.listen).await?;
        let address = listener.local_addr()?;
        let guard = Guard::new(address);
        announce(&server::url(address, &guard));
        let board: Board = config.options.board;
        let catalog = engines::Catalog {
            builtin: config.options,
            processes: config.engines,
            stall: config.stall,
        };
        let app = Arc::new(app::App::new(guard, catalog, board));
        axum::serve(listener, server::router(app)).await
    })
}

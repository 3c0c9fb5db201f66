//! What every request handler and tab shares: the guard, the engines, the board of a
//! new tab, the search slots, the count of open tabs, and the caps on both.

use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use konane_core::Board;

use crate::engines::{Catalog, SearchSlots};
use crate::guard::Guard;

/// The most tabs served at once.
pub const MAX_TABS: usize = 8;
/// The most searches running at once, over all tabs.
pub const MAX_SEARCHES: usize = 8;
// Each tab runs one search at a time, so with a slot for every tab a game's move waits at
// most for stopped searches to end (see `SearchSlots`).
const _: () = assert!(MAX_TABS <= MAX_SEARCHES);

/// What every request handler shares.
pub struct App {
    pub guard: Guard,
    pub catalog: Catalog,
    /// The board of a new tab.
    pub board: Board,
    pub slots: Arc<SearchSlots>,
    /// The tabs open now.
    pub tabs: AtomicUsize,
    /// The tabs' provers that hold solver tables now.
    pub solver_tables: Arc<AtomicUsize>,
}

impl App {
    pub fn new(guard: Guard, catalog: Catalog, board: Board) -> App {
        App {
            guard,
            catalog,
            board,
            slots: Arc::new(SearchSlots::new(MAX_SEARCHES)),
            tabs: AtomicUsize::new(0),
            solver_tables: Arc::default(),
        }
    }
}

//! What the page is told about a tab: the whole state after each change (the tree, the
//! line and position shown, players, clocks, result, search) and the game as text.

use konane_arena::{GameText, MoveTree, TimeControl};
use konane_core::{Color, Move};

use super::{Seat, Tab};
use crate::messages::{color_name, side_name, ClocksView, Mode, NodeView, ResultView, StateView};
use crate::tags;

impl Tab {
    fn clocks_view(&self) -> Option<ClocksView> {
        let clocks = self.clocks.as_ref().filter(|clocks| {
            [Color::Black, Color::White]
                .iter()
                .any(|&side| matches!(clocks.control(side), TimeControl::Clock { .. }))
        })?;
        let side = self.game.last().side_to_move();
        let running = (self.game.outcome().is_none()
            && self.clocks_started()
            && !self.paused
            && matches!(clocks.control(side), TimeControl::Clock { .. }))
        .then_some(side);
        let left = |color: Color| {
            let mut left = clocks.left(color);
            if running == Some(color) {
                left = left.saturating_sub(self.turn_started.elapsed());
            }
            left.as_millis() as u64
        };
        Some(ClocksView {
            black_ms: left(Color::Black),
            white_ms: left(Color::White),
            running: running.map(color_name),
        })
    }

    /// The game as text: its headers (players, result, time control, date) and its
    /// tree.
    pub(super) fn export(&self) -> GameText {
        let tree = self.game.tree();
        let mut text = GameText {
            headers: self.headers.clone(),
            tree: tree.clone(),
        };
        // The review's evaluations and judgements, and the drawings, as tags.
        for id in tree.ids() {
            let mut tags = self.review.tags(tree, id);
            tags.shapes = self.shapes.get(&id).cloned().unwrap_or_default();
            let notes = text.tree.notes_mut(id);
            notes.comment = tags::join(&tags, &notes.comment);
        }
        let [black, white] = self.players();
        text.set_header("Black", black);
        text.set_header("White", white);
        match self.game.outcome() {
            Some(outcome) => {
                text.set_header("Result", GameText::result_word(Some(outcome.winner)));
                text.set_header("Termination", outcome.reason);
            }
            None if text.header("Result").is_none() => text.set_header("Result", "*"),
            None => {}
        }
        if let Some(time) = self.time {
            text.set_header("TimeControl", time.to_string());
        }
        text
    }

    pub(super) fn state(&self) -> StateView {
        let position = self.game.position();
        let outcome = self.game.outcome();
        let side = self.game.last().side_to_move();
        let human_to_move = match self.mode {
            Mode::Analysis => true,
            Mode::HumanHuman => outcome.is_none(),
            Mode::HumanEngine => {
                outcome.is_none() && self.seats[side.index()] == Seat::Human && self.game.at_end()
            }
            Mode::EngineEngine => false,
        };
        let thinking = self
            .running
            .as_ref()
            .filter(|r| r.want.for_move)
            .map(|r| self.app.catalog.name(r.engine()).to_string());
        let orientation = match (self.mode, self.seats) {
            (Mode::HumanEngine, [_, Seat::Human]) => Color::White,
            _ => Color::Black,
        };
        let tree = self.game.tree();
        let nodes = tree
            .ids()
            .filter(|&id| id != MoveTree::ROOT)
            .map(|id| NodeView {
                id,
                mv: tree
                    .move_to(id)
                    .map(|mv| mv.to_string())
                    .unwrap_or_default(),
                children: tree.children(id).to_vec(),
                comment: tree.notes(id).comment.clone(),
            })
            .collect();
        StateView {
            mode: self.mode,
            game: self.game_number,
            orientation: color_name(orientation),
            board: position.board().to_string(),
            start: self.game.start().to_fen(),
            moves: self.game.moves().iter().map(Move::to_string).collect(),
            line: self.game.line(),
            node: self.game.current(),
            roots: tree.children(MoveTree::ROOT).to_vec(),
            nodes,
            export: self.export().to_string(),
            ply: self.game.cursor(),
            fen: position.to_fen(),
            side: side_name(&position),
            legal: position.legal_moves().iter().map(Move::to_string).collect(),
            players: self.players(),
            human_to_move,
            result: outcome.map(|o| ResultView {
                winner: color_name(o.winner),
                reason: o.reason,
            }),
            clocks: self.clocks_view(),
            thinking,
            analysing: self.running.as_ref().is_some_and(|r| !r.want.for_move),
            analysis_on: self.analysis.on,
            help: self.help_shown(),
            analysis_engine: self.analysis.engine,
            multipv: self.analysis.multipv,
            analysis_limit: self.analysis.limit,
            paused: self.paused,
            record_game: self.record_game,
            review: self.review.view(tree),
            shapes: self
                .shapes
                .get(&self.game.current())
                .cloned()
                .unwrap_or_default(),
        }
    }
}

//! Engine output: a shared line sink flushed per line, and the text of `info`,
//! `bestmove`, perft, `eval` and error lines.

use std::io::Write;
use std::sync::{Arc, Mutex};

use konane_core::{Color, Move};
use konane_engine::{Evaluation, Score, SearchInfo};

/// A line-oriented sink shared by the command loop and the search thread; each line is
/// written whole and flushed at once. Write errors (a closed pipe) are ignored: the
/// engine ends when its input ends.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Output to the process's stdout.
    pub fn stdout() -> Output {
        Output::to(Box::new(std::io::stdout()))
    }

    /// Output to any writer (tests capture it in memory).
    pub fn to(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes `text` (one or more lines) followed by a newline, and flushes.
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }

    /// Writes `info string error: <message>`.
    pub fn error(&self, message: &dyn std::fmt::Display) {
        self.line(&format!("info string error: {message}"));
    }
}

/// A score as the protocol writes it: `cp X` or `mate N`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// Moves separated by spaces.
pub fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// An `info depth … pv …` line; at depth 0 (a finished game: no search) only the depth
/// and the score, `info depth 0 score mate 0`.
pub fn info_line(info: &SearchInfo) -> String {
    if info.depth == 0 {
        return format!("info depth 0 score {}", score_text(info.score));
    }
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&moves_text(&info.pv));
    }
    line
}

/// The `bestmove` line: `(none)` without a move; the ponder part only when given.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>) -> String {
    match (best, ponder) {
        (None, _) => "bestmove (none)".to_string(),
        (Some(best), None) => format!("bestmove {best}"),
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
    }
}

/// The perft answer: `<move>: <count>` per legal move, a blank line, then
/// `Nodes searched: <total>`.
pub fn perft_text(parts: &[(Move, u64)]) -> String {
    let mut text = String::new();
    for (mv, count) in parts {
        text.push_str(&format!("{mv}: {count}\n"));
    }
    let total: u64 = parts.iter().map(|(_, n)| n).sum();
    text.push_str(&format!("\nNodes searched: {total}"));
    text
}

/// The `eval` table: each term raw and weighted, then the total for the side to move.
pub fn eval_text(evaluation: &Evaluation, side: Color) -> String {
    let mut text = format!("{:<16} {:>6} {:>8}\n", "term", "raw", "value");
    for term in &evaluation.terms {
        text.push_str(&format!(
            "{:<16} {:>6} {:>8}\n",
            term.name, term.raw, term.value
        ));
    }
    text.push_str(&format!(
        "{:<16} {:>6} {:>8}  (centi-moves, for {side}, the side to move)",
        "total", "", evaluation.total
    ));
    text
}

/// An output sink that tests read back.
#[cfg(test)]
#[derive(Clone, Default)]
pub struct Captured(Arc<Mutex<Vec<u8>>>);

#[cfg(test)]
impl Captured {
    /// An [`Output`] writing into a new capture.
    pub fn output() -> (Output, Captured) {
        let captured = Captured::default();
        (Output::to(Box::new(captured.clone())), captured)
    }

    /// Everything written since the last call.
    pub fn take(&self) -> String {
        String::from_utf8(std::mem::take(&mut *self.0.lock().unwrap())).unwrap()
    }
}

#[cfg(test)]
impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Square;

    #[test]
    fn info_and_bestmove_lines_follow_the_spec() {
        let d5 = Move::removal(Square::new(3, 4));
        let d4 = Move::removal(Square::new(3, 3));
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: Score::Mate(-2),
            nodes: 100,
            nps: 2000,
            hashfull: 7,
            time_ms: 50,
            pv: vec![d5, d4],
        };
        assert_eq!(
            info_line(&info),
            "info depth 3 seldepth 5 multipv 1 score mate -2 nodes 100 nps 2000 hashfull 7 time 50 pv d5 d4"
        );
        assert_eq!(bestmove_line(Some(d5), Some(d4)), "bestmove d5 ponder d4");
        assert_eq!(bestmove_line(Some(d5), None), "bestmove d5");
        assert_eq!(bestmove_line(None, Some(d4)), "bestmove (none)");
        let finished = SearchInfo {
            depth: 0,
            score: Score::Mate(0),
            pv: Vec::new(),
            ..info
        };
        assert_eq!(info_line(&finished), "info depth 0 score mate 0");
    }
}

//! Reading another engine's `info` lines (the protocol's progress reports) into the
//! page's [`LineView`]; the line's moves are checked against the position, so that the
//! page never shows an illegal move.

use konane_core::Position;

use crate::messages::{LineView, ScoreView};

/// The progress report of an `info` line about `position`, or `None` for a line that
/// carries no line of play (`info string …`, `info currmove …`) or is not `info`.
pub fn parse_info(line: &str, position: &Position) -> Option<LineView> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut view = LineView {
        multipv: 1,
        depth: 0,
        seldepth: 0,
        score: None,
        nodes: 0,
        nps: 0,
        time_ms: 0,
        pv: Vec::new(),
    };
    let mut has_pv = false;
    while let Some(word) = words.next() {
        let mut number = || words.next().and_then(|w| w.parse::<u64>().ok());
        match word {
            "string" => return None,
            "depth" => view.depth = number()? as u32,
            "seldepth" => view.seldepth = number()? as u32,
            "multipv" => view.multipv = number()?.max(1) as usize,
            "nodes" => view.nodes = number()?,
            "nps" => view.nps = number()?,
            "time" => view.time_ms = number()?,
            "score" => {
                let kind = words.next()?;
                let value: i32 = words.next()?.parse().ok()?;
                view.score = Some(match kind {
                    "cp" => ScoreView::Cp(value),
                    "mate" => ScoreView::Mate(value),
                    _ => return None,
                });
            }
            "pv" => {
                has_pv = true;
                let mut current = *position;
                for text in words.by_ref() {
                    let Ok(mv) = current.parse_move(text) else {
                        break;
                    };
                    current.play(mv);
                    view.pv.push(mv.to_string());
                }
            }
            _ => {}
        }
    }
    (has_pv || view.score.is_some()).then_some(view)
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;

    #[test]
    fn info_lines_become_views_with_legal_moves_only() {
        let start = Position::start(Board::STANDARD);
        let view = parse_info(
            "info depth 7 seldepth 9 multipv 2 score cp -35 nodes 1200 nps 60000 hashfull 3 time 20 pv d5 d4 b5d5 zz",
            &start,
        )
        .unwrap();
        assert_eq!(view.depth, 7);
        assert_eq!(view.seldepth, 9);
        assert_eq!(view.multipv, 2);
        assert_eq!(view.score, Some(ScoreView::Cp(-35)));
        assert_eq!((view.nodes, view.nps, view.time_ms), (1200, 60000, 20));
        assert_eq!(view.pv, ["d5", "d4", "b5d5"]);
        let mate = parse_info("info depth 3 score mate -2 pv c5", &start).unwrap();
        assert_eq!(mate.score, Some(ScoreView::Mate(-2)));
        assert!(mate.pv.is_empty(), "c5 is not a legal removal");
        for line in [
            "info string hello",
            "info currmove d5",
            "bestmove d5",
            "info depth x score cp 3",
            "info score cp",
        ] {
            assert_eq!(parse_info(line, &start), None, "{line}");
        }
    }
}

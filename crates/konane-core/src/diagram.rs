//! Draws a position as text with file letters and rank numbers, the last move's
//! squares in brackets (for the terminal front ends and the Python package).

use crate::board::Square;
use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// The board, top rank first: `b` Black, `w` White, `.` empty; the squares of
    /// `last_move` (origin and landing, or the removed square) drawn as `[.]`, `[b]`.
    pub fn diagram(&self, last_move: Option<Move>) -> String {
        let board = self.board();
        let files: String = (0..board.width())
            .map(|f| format!(" {} ", (b'a' + f) as char))
            .collect();
        let files = files.trim_end();
        let mut text = format!("   {files}\n");
        for rank in (0..board.height()).rev() {
            text.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..board.width() {
                let square = Square::new(file, rank);
                let piece = self.piece_at(square).map_or('.', |color| color.letter());
                let marked = last_move.is_some_and(|mv| mv.from() == square || mv.to() == square);
                if marked {
                    text.push_str(&format!("[{piece}]"));
                } else {
                    text.push_str(&format!(" {piece} "));
                }
            }
            text.push_str(&format!(" {}\n", rank + 1));
        }
        text.push_str(&format!("   {files}"));
        text
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Position};

    #[test]
    fn draws_coordinates_pieces_and_the_last_move() {
        let board: Board = "3x2".parse().unwrap();
        let mut position = Position::start(board);
        let corner = position.parse_move("a2").unwrap();
        position.play(corner);
        let text = position.diagram(Some(corner));
        assert_eq!(
            text,
            "    a  b  c\n 2 [.] w  b  2\n 1  w  b  w  1\n    a  b  c"
        );
    }
}

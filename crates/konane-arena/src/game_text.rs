//! One game as text, with its variations: a PGN-like file of `[Key "value"]` headers
//! (the start position in `FEN`, the players, the result, the time control, the date)
//! and the moves in the protocol's notation, numbered, with branches in parentheses.
//!
//! ```text
//! [Event "konane gui: analysis"]
//! [Date "2026.12.01"]
//! [Black "You"]
//! [White "Konane (built-in)"]
//! [Result "*"]
//! [Board "6x6"]
//! [FEN "bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb b"]
//!
//! 1. d3 d4 2. b3d3 (2. f3d3 f4f2) 2... d5d3 *
//! ```
//!
//! The moves hang in a [`MoveTree`]: every node's first child continues its line (the
//! main line), the others are branches. Reading accepts what PGN writers add (`{…}` and
//! `;` comments, `$N` annotations, `!`/`?` suffixes) and keeps it with the move it
//! follows ([`Notes`]; a comment before the first move is the game's), and writing
//! gives it back (a `;` comment as `{…}`); a bare move list is read too. The `Result`
//! header is `black`, `white` or `*` (unfinished), as is the word that ends the moves.
//! Nesting is read and written without recursion, so no file can overflow the stack.
//! The games of a `konane match` record convert to this form ([`GameText::from`]).

use std::fmt;
use std::str::FromStr;

use konane_core::{Board, Color, Move, Position};

use crate::record::GameRecord;

/// A node of a [`MoveTree`]: its index in the tree (the root, before any move, is 0).
pub type NodeId = usize;

/// One position of a tree, the move that led there and what was written about it.
#[derive(Clone, Debug)]
struct Node {
    mv: Option<Move>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    position: Position,
    depth: usize,
    notes: Notes,
}

/// What a game's text says about a move besides the move: its suffix (`!`, `?!`, …), its
/// numeric annotations (`$6`) and its comment (the root's: the game's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub suffix: String,
    pub nags: Vec<u16>,
    pub comment: String,
}

impl Notes {
    /// Adds `text` to the comment (after a space if there is one already).
    pub fn add_comment(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if !self.comment.is_empty() {
            self.comment.push(' ');
        }
        self.comment.push_str(text);
    }

    /// The comment as written: in braces, a `}` inside it (from a `;` comment) made `)`.
    fn written_comment(&self) -> Option<String> {
        (!self.comment.is_empty()).then(|| format!("{{{}}}", self.comment.replace('}', ")")))
    }
}

/// The moves of a game and its branches, every move checked by the rules, with their
/// [`Notes`]. Removed nodes leave their index unused, so the ids of the others stay
/// valid. Two trees are equal when they hold the same moves in the same order with the
/// same notes, whatever their ids.
#[derive(Clone, Debug)]
pub struct MoveTree {
    nodes: Vec<Option<Node>>,
}

impl MoveTree {
    /// The root of every tree: the start position.
    pub const ROOT: NodeId = 0;

    /// A tree with no move yet.
    pub fn new(start: Position) -> MoveTree {
        MoveTree {
            nodes: vec![Some(Node {
                mv: None,
                parent: None,
                children: Vec::new(),
                position: start,
                depth: 0,
                notes: Notes::default(),
            })],
        }
    }

    /// A tree holding one line: `moves` from `start`, each checked.
    pub fn from_line(start: Position, moves: &[Move]) -> Result<MoveTree, GameTextError> {
        let mut tree = MoveTree::new(start);
        let mut at = MoveTree::ROOT;
        for (i, &mv) in moves.iter().enumerate() {
            at = tree.add(at, mv).map_err(|_| GameTextError {
                line: 1,
                message: format!("move {} ({mv}) is illegal", i + 1),
            })?;
        }
        Ok(tree)
    }

    fn node(&self, id: NodeId) -> &Node {
        self.nodes[id].as_ref().expect("a node of the tree")
    }

    /// Whether `id` names a node of the tree.
    pub fn contains(&self, id: NodeId) -> bool {
        self.nodes.get(id).is_some_and(Option::is_some)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.node(MoveTree::ROOT).position
    }

    /// The position at node `id`.
    pub fn position(&self, id: NodeId) -> &Position {
        &self.node(id).position
    }

    /// The move that led to node `id` (none at the root).
    pub fn move_to(&self, id: NodeId) -> Option<Move> {
        self.node(id).mv
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The moves from node `id`: its line's continuation first, then the branches.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The number of moves from the start to node `id`.
    pub fn depth(&self, id: NodeId) -> usize {
        self.node(id).depth
    }

    /// What the game's text says about the move into `id` (at the root: the game).
    pub fn notes(&self, id: NodeId) -> &Notes {
        &self.node(id).notes
    }

    /// The notes of `id`, to change.
    pub fn notes_mut(&mut self, id: NodeId) -> &mut Notes {
        &mut self.nodes[id].as_mut().expect("a node of the tree").notes
    }

    /// The ids of the nodes in use, in the order they were added.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len()).filter(|&id| self.contains(id))
    }

    /// Plays `mv` at node `at`: the child it leads to, added as the last branch when it
    /// is new. An illegal move is refused.
    pub fn add(&mut self, at: NodeId, mv: Move) -> Result<NodeId, IllegalMove> {
        if let Some(&child) = self
            .children(at)
            .iter()
            .find(|&&c| self.node(c).mv == Some(mv))
        {
            return Ok(child);
        }
        let parent = self.node(at);
        if !parent.position.is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        let node = Node {
            mv: Some(mv),
            parent: Some(at),
            children: Vec::new(),
            position: parent.position.after(mv),
            depth: parent.depth + 1,
            notes: Notes::default(),
        };
        let id = self.nodes.len();
        self.nodes.push(Some(node));
        self.nodes[at]
            .as_mut()
            .expect("the parent")
            .children
            .push(id);
        Ok(id)
    }

    /// The nodes from the first move to `id` (empty at the root).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::with_capacity(self.depth(id));
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The line through `id`: its path, then first children to the line's end.
    pub fn line(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = self.path(id);
        let mut at = id;
        while let Some(&next) = self.children(at).first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The moves along `nodes`.
    pub fn moves(&self, nodes: &[NodeId]) -> Vec<Move> {
        nodes.iter().filter_map(|&id| self.move_to(id)).collect()
    }

    /// Makes the line through `id` the main line: `id` and each node above it become
    /// the first child of their parent.
    pub fn promote(&mut self, id: NodeId) {
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            let children = &mut self.nodes[parent].as_mut().expect("the parent").children;
            let place = children.iter().position(|&c| c == at).expect("a child");
            let node = children.remove(place);
            children.insert(0, node);
            at = parent;
        }
    }

    /// Removes node `id` (never the root) and everything after it.
    pub fn remove(&mut self, id: NodeId) {
        let Some(parent) = self.parent(id) else {
            return;
        };
        self.nodes[parent]
            .as_mut()
            .expect("the parent")
            .children
            .retain(|&c| c != id);
        let mut doomed = vec![id];
        while let Some(next) = doomed.pop() {
            if let Some(node) = self.nodes[next].take() {
                doomed.extend(node.children);
            }
        }
    }

    /// The node at the end of the main line.
    pub fn main_end(&self) -> NodeId {
        self.line(MoveTree::ROOT)
            .last()
            .copied()
            .unwrap_or(MoveTree::ROOT)
    }
}

impl PartialEq for MoveTree {
    fn eq(&self, other: &MoveTree) -> bool {
        if self.start() != other.start()
            || self.notes(MoveTree::ROOT) != other.notes(MoveTree::ROOT)
        {
            return false;
        }
        let mut pairs = vec![(MoveTree::ROOT, MoveTree::ROOT)];
        while let Some((a, b)) = pairs.pop() {
            let (mine, theirs) = (self.children(a), other.children(b));
            if mine.len() != theirs.len() {
                return false;
            }
            for (&x, &y) in mine.iter().zip(theirs) {
                if self.move_to(x) != other.move_to(y) || self.notes(x) != other.notes(y) {
                    return false;
                }
                pairs.push((x, y));
            }
        }
        true
    }
}

impl Eq for MoveTree {}

/// A move that is not legal where it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move '{0}'")]
pub struct IllegalMove(pub Move);

/// Why a text is not a game, with the line number (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct GameTextError {
    pub line: usize,
    pub message: String,
}

/// A game: its headers, in order, and its moves with their branches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// `(key, value)` of each header except `FEN` and `Board`, which the tree's start
    /// gives.
    pub headers: Vec<(String, String)>,
    pub tree: MoveTree,
}

/// The headers the start position gives, never kept in [`GameText::headers`].
const START_KEYS: [&str; 3] = ["FEN", "Board", "SetUp"];

impl GameText {
    /// The value of header `key`, if the game has it.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets header `key` (in its place if the game has it, else at the end).
    pub fn set_header(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some(header) => header.1 = value,
            None => self.headers.push((key.to_string(), value)),
        }
    }

    /// Reads a game. Its start is the `FEN` header, else the start of the `Board`
    /// header's size, else `default_start` (so that a bare move list reads from the
    /// position a caller is at).
    pub fn parse(text: &str, default_start: Position) -> Result<GameText, GameTextError> {
        read(text, default_start)
    }

    /// The `Result` word for a winner.
    pub fn result_word(winner: Option<Color>) -> &'static str {
        match winner {
            Some(Color::Black) => "black",
            Some(Color::White) => "white",
            None => "*",
        }
    }
}

impl FromStr for GameText {
    type Err = GameTextError;

    /// A game whose start is its `FEN` or `Board` header, else the 8x8 start.
    fn from_str(text: &str) -> Result<GameText, GameTextError> {
        read(text, Position::start(Board::STANDARD))
    }
}

impl From<&GameRecord> for GameText {
    /// A record's game with its players and result.
    fn from(record: &GameRecord) -> GameText {
        let game = &record.game;
        let tree = MoveTree::from_line(game.start, &game.moves)
            .expect("a record's moves were checked when it was read or played");
        let reason = game.reason.to_string();
        GameText {
            headers: vec![
                ("Event".to_string(), "konane match".to_string()),
                ("Round".to_string(), record.number.to_string()),
                ("Black".to_string(), record.players[0].clone()),
                ("White".to_string(), record.players[1].clone()),
                (
                    "Result".to_string(),
                    GameText::result_word(Some(game.winner)).to_string(),
                ),
                ("Termination".to_string(), reason),
            ],
            tree,
        }
    }
}

/// A header value in quotes, with `\` and `"` escaped and line breaks made spaces.
fn quoted(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One piece of the move text to write.
enum Piece {
    /// The move into `node`; `number` forces its move number (after a branch).
    Move {
        node: NodeId,
        number: bool,
    },
    Text(&'static str),
}

impl fmt::Display for GameText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = &self.tree;
        let start = tree.start();
        for (key, value) in &self.headers {
            writeln!(f, "[{key} {}]", quoted(value))?;
        }
        writeln!(f, "[Board {}]", quoted(&start.board().to_string()))?;
        writeln!(f, "[FEN {}]", quoted(&start.to_fen()))?;
        writeln!(f)?;
        // Plies before Black's first move: move numbers count Black's moves.
        let offset = usize::from(start.side_to_move() == Color::White);
        let mut words: Vec<String> = Vec::new();
        words.extend(tree.notes(MoveTree::ROOT).written_comment());
        let mut todo: Vec<Piece> = Vec::new();
        if let Some(&first) = tree.children(MoveTree::ROOT).first() {
            todo.push(Piece::Move {
                node: first,
                number: true,
            });
        }
        while let Some(piece) = todo.pop() {
            let (node, number) = match piece {
                Piece::Text(text) => {
                    words.push(text.to_string());
                    continue;
                }
                Piece::Move { node, number } => (node, number),
            };
            let parent = tree.parent(node).expect("a move has a parent");
            let ply = tree.depth(node) - 1 + offset;
            let black = tree.position(parent).side_to_move() == Color::Black;
            let notes = tree.notes(node);
            let mv = format!("{}{}", tree.move_to(node).expect("a move"), notes.suffix);
            words.push(match (black, number) {
                (true, _) => format!("{}. {mv}", ply / 2 + 1),
                (false, true) => format!("{}... {mv}", ply / 2 + 1),
                (false, false) => mv,
            });
            words.extend(notes.nags.iter().map(|nag| format!("${nag}")));
            words.extend(notes.written_comment());
            let siblings = tree.children(parent);
            let branches = if siblings.first() == Some(&node) {
                &siblings[1..]
            } else {
                &[]
            };
            if let Some(&next) = tree.children(node).first() {
                // After branches or a comment the next move has its number again.
                todo.push(Piece::Move {
                    node: next,
                    number: !branches.is_empty() || !notes.comment.is_empty(),
                });
            }
            for &branch in branches.iter().rev() {
                todo.push(Piece::Text(")"));
                todo.push(Piece::Move {
                    node: branch,
                    number: true,
                });
                todo.push(Piece::Text("("));
            }
        }
        words.push(self.header("Result").unwrap_or("*").to_string());
        // Lines of at most about 80 characters; no space after "(" or before ")".
        let mut line = String::new();
        for word in words {
            let glued = line.ends_with('(') || word == ")";
            if !glued && !line.is_empty() && line.len() + word.len() >= 80 {
                writeln!(f, "{line}")?;
                line.clear();
            } else if !glued && !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        writeln!(f, "{line}")
    }
}

/// A word of move text (or a comment's text) and the line it is on.
struct Token<'a> {
    line: usize,
    text: &'a str,
    comment: bool,
}

/// Splits move text into words, parentheses and comments (`{…}`, or `;` to the end of
/// the line).
fn tokens(text: &str, first_line: usize) -> Result<Vec<Token<'_>>, GameTextError> {
    let mut out = Vec::new();
    let mut line = first_line;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let skip = match c {
            '\n' => {
                line += 1;
                1
            }
            c if c.is_whitespace() => c.len_utf8(),
            '{' => {
                let end = rest.find('}').ok_or_else(|| GameTextError {
                    line,
                    message: "a comment '{' is never closed".to_string(),
                })?;
                out.push(Token {
                    line,
                    text: &rest[1..end],
                    comment: true,
                });
                line += rest[..end].matches('\n').count();
                end + 1
            }
            ';' => {
                let end = rest.find('\n').unwrap_or(rest.len());
                out.push(Token {
                    line,
                    text: &rest[1..end],
                    comment: true,
                });
                end
            }
            '(' | ')' => {
                out.push(Token {
                    line,
                    text: &rest[..1],
                    comment: false,
                });
                1
            }
            _ => {
                let end = rest
                    .find(|c: char| c.is_whitespace() || "(){};".contains(c))
                    .unwrap_or(rest.len());
                out.push(Token {
                    line,
                    text: &rest[..end],
                    comment: false,
                });
                end
            }
        };
        rest = &rest[skip..];
    }
    Ok(out)
}

/// A move number (`12.`, `12...`), to skip.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// Reads one header line `[Key "value"]`.
fn header(line: &str, number: usize) -> Result<(String, String), GameTextError> {
    let fail = |message: String| GameTextError {
        line: number,
        message,
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| fail(format!("a header must be [Key \"value\"]: {line}")))?;
    let (key, value) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| fail(format!("the header {line} has no value")))?;
    let value = value.trim();
    let body = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| fail(format!("the value of header {key} must be in quotes")))?;
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            chars.next().unwrap_or('\\')
        } else {
            c
        });
    }
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(fail(format!("'{key}' is not a header name")));
    }
    Ok((key.to_string(), out))
}

/// A move's place for error messages: `3... c6c4` (the third move, White's).
fn numbered(tree: &MoveTree, at: NodeId, word: &str) -> String {
    let start_white = usize::from(tree.start().side_to_move() == Color::White);
    let ply = tree.depth(at) + start_white;
    let dots = if tree.position(at).side_to_move() == Color::Black {
        "."
    } else {
        "..."
    };
    format!("{}{dots} {word}", ply / 2 + 1)
}

fn read(text: &str, default_start: Position) -> Result<GameText, GameTextError> {
    let mut headers = Vec::new();
    let mut fen = None;
    let mut board = None;
    let mut body_start = 0;
    let mut body_line = 1;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            let (key, value) = header(trimmed, i + 1)?;
            match key.as_str() {
                "FEN" => fen = Some((value, i + 1)),
                "Board" => board = Some((value, i + 1)),
                _ if START_KEYS.contains(&key.as_str()) => {}
                _ => headers.push((key, value)),
            }
        } else if !trimmed.is_empty() {
            break;
        }
        body_start += line.len() + 1;
        body_line = i + 2;
    }
    let body = text.get(body_start.min(text.len())..).unwrap_or("");
    let start = match (fen, board) {
        (Some((fen, line)), _) => Position::from_fen(&fen).map_err(|e| GameTextError {
            line,
            message: format!("bad FEN: {e}"),
        })?,
        (None, Some((size, line))) => {
            Position::start(size.parse::<Board>().map_err(|e| GameTextError {
                line,
                message: format!("bad board size '{size}': {e}"),
            })?)
        }
        (None, None) => default_start,
    };
    let mut tree = MoveTree::new(start);
    let mut at = MoveTree::ROOT;
    // Where each open branch returns to: the node after the move it replaces.
    let mut open: Vec<NodeId> = Vec::new();
    let mut result = None;
    for token in tokens(body, body_line)? {
        let fail = |message: String| GameTextError {
            line: token.line,
            message,
        };
        if token.comment {
            tree.notes_mut(at).add_comment(token.text);
            continue;
        }
        if result.is_some() {
            return Err(fail(format!(
                "'{}' after the result: the moves end with the result",
                token.text
            )));
        }
        match token.text {
            "(" => {
                let parent = tree
                    .parent(at)
                    .ok_or_else(|| fail("a branch '(' before any move".to_string()))?;
                open.push(at);
                at = parent;
            }
            ")" => {
                at = open
                    .pop()
                    .ok_or_else(|| fail("a ')' closes no branch".to_string()))?;
            }
            word if is_move_number(word) => {}
            word if word.starts_with('$') => {
                let nag = word[1..].parse().map_err(|_| {
                    fail(format!(
                        "'{word}' is not an annotation ($ and a number up to 65535)"
                    ))
                })?;
                tree.notes_mut(at).nags.push(nag);
            }
            word @ ("black" | "white" | "*") => result = Some(word),
            word => {
                // `12.d5` is a number and a move; `d5!?` a move with an annotation.
                let unnumbered = match word.find(|c: char| !c.is_ascii_digit()) {
                    Some(i) if i > 0 && word[i..].starts_with('.') => {
                        word[i..].trim_start_matches('.')
                    }
                    _ => word,
                };
                let clean = unnumbered.trim_end_matches(['!', '?']);
                let suffix = &unnumbered[clean.len()..];
                let mv = tree.position(at).parse_move(clean).map_err(|e| {
                    fail(format!(
                        "move {} of the list ({}): {e}",
                        tree.depth(at) + 1,
                        numbered(&tree, at, clean)
                    ))
                })?;
                at = tree.add(at, mv).expect("parse_move checks legality");
                tree.notes_mut(at).suffix.push_str(suffix);
            }
        }
    }
    if !open.is_empty() {
        return Err(GameTextError {
            line: text.lines().count().max(1),
            message: format!("{} branch(es) '(' never closed", open.len()),
        });
    }
    let mut game = GameText { headers, tree };
    if let Some(word) = result {
        if game.header("Result").is_none_or(|r| r == "*") {
            game.set_header("Result", word);
        }
    }
    if let Some(value) = game.header("Result") {
        if !matches!(value, "black" | "white" | "*") {
            return Err(GameTextError {
                line: 1,
                message: format!("Result '{value}' is not black, white or *"),
            });
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn six() -> Position {
        Position::start("6x6".parse().unwrap())
    }

    fn texts(tree: &MoveTree, nodes: &[NodeId]) -> Vec<String> {
        tree.moves(nodes).iter().map(Move::to_string).collect()
    }

    #[test]
    fn trees_branch_promote_and_remove() {
        let mut tree = MoveTree::new(six());
        let play = |tree: &mut MoveTree, at, text: &str| {
            let mv = tree.position(at).parse_move(text).unwrap();
            tree.add(at, mv).unwrap()
        };
        let c4 = play(&mut tree, MoveTree::ROOT, "c4");
        let c3 = play(&mut tree, c4, "c3");
        let a4c4 = play(&mut tree, c3, "a4c4");
        let d4 = play(&mut tree, c4, "d4");
        assert_eq!(play(&mut tree, c4, "c3"), c3, "an existing move is entered");
        assert_eq!(tree.children(c4), [c3, d4]);
        assert_eq!(
            texts(&tree, &tree.line(MoveTree::ROOT)),
            ["c4", "c3", "a4c4"]
        );
        assert_eq!(texts(&tree, &tree.line(d4)), ["c4", "d4"]);
        assert_eq!(tree.depth(a4c4), 3);
        let illegal = tree.position(d4).parse_move("c3");
        assert!(illegal.is_err(), "c3 is gone after d4");
        tree.promote(d4);
        assert_eq!(texts(&tree, &tree.line(MoveTree::ROOT)), ["c4", "d4"]);
        tree.remove(d4);
        assert!(!tree.contains(d4));
        assert_eq!(
            texts(&tree, &tree.line(MoveTree::ROOT)),
            ["c4", "c3", "a4c4"]
        );
        tree.remove(c3);
        assert!(
            !tree.contains(a4c4),
            "a removed node takes its line with it"
        );
        assert_eq!(tree.main_end(), c4);
    }

    #[test]
    fn games_with_branches_round_trip() {
        let text = "[Event \"test \\\"quoted\\\"\"]\n[Black \"You\"]\n[Result \"*\"]\n\
                    [FEN \"bwbwbw/wbwbwb/bw1wbw/wb1bwb/bwbwbw/wbwbwb b\"]\n\n\
                    1. c6c4 {a comment} (1. a4c4 $1 b2b4 (1... d4b4) ) 1... a3c3!? ; note\n 2. d3b3 *\n";
        let game: GameText = text.parse().unwrap();
        assert_eq!(game.header("Event"), Some("test \"quoted\""));
        assert_eq!(
            game.tree.start().to_fen(),
            "bwbwbw/wbwbwb/bw1wbw/wb1bwb/bwbwbw/wbwbwb b"
        );
        let main = game.tree.line(MoveTree::ROOT);
        assert_eq!(texts(&game.tree, &main), ["c6c4", "a3c3", "d3b3"]);
        let root_children = game.tree.children(MoveTree::ROOT);
        assert_eq!(root_children.len(), 2);
        let branch = game.tree.line(root_children[1]);
        assert_eq!(texts(&game.tree, &branch), ["a4c4", "b2b4"]);
        assert_eq!(game.tree.children(root_children[1]).len(), 2, "1... d4b4");
        let written = game.to_string();
        assert!(
            written.contains("[FEN \"bwbwbw/wbwbwb/bw1wbw/wb1bwb/bwbwbw/wbwbwb b\"]"),
            "{written}"
        );
        assert!(
            written.contains(
                "1. c6c4 {a comment} (1. a4c4 $1 b2b4 (1... d4b4)) 1... a3c3!? {note} 2. d3b3 *"
            ),
            "{written}"
        );
        let again: GameText = written.parse().unwrap();
        assert_eq!(again, game);
        assert_eq!(again.to_string(), written);
    }

    #[test]
    fn comments_and_annotations_are_kept_with_their_moves() {
        let text = "[FEN \"bwbwbw/wbwbwb/bw1wbw/wb1bwb/bwbwbw/wbwbwb b\"]\n\n\
                    {the game} 1. c6c4?! $6 {too slow} {really} (1. a4c4! $1 ; best }\n b2b4) \
                    1... a3c3 $14 $250 *\n";
        let game = GameText::parse(text, Position::start(Board::STANDARD)).unwrap();
        let tree = &game.tree;
        assert_eq!(tree.notes(MoveTree::ROOT).comment, "the game");
        let first = tree.children(MoveTree::ROOT)[0];
        let expected = Notes {
            suffix: "?!".to_string(),
            nags: vec![6],
            comment: "too slow really".to_string(),
        };
        assert_eq!(tree.notes(first), &expected);
        let branch = tree.children(MoveTree::ROOT)[1];
        assert_eq!(tree.notes(branch).suffix, "!");
        assert_eq!(tree.notes(branch).comment, "best }");
        assert_eq!(tree.notes(tree.main_end()).nags, [14, 250]);
        let written = game.to_string();
        assert!(
            written.replace('\n', " ").contains(
                "{the game} 1. c6c4?! $6 {too slow really} (1. a4c4! $1 {best )} 1... b2b4) 1... a3c3 \
                 $14 $250 *"
            ),
            "{written}"
        );
        let again = GameText::parse(&written, Position::start(Board::STANDARD)).unwrap();
        assert_eq!(
            again.to_string(),
            written,
            "what is written reads back the same"
        );
        let mut other = again.clone();
        other.tree.notes_mut(first).nags.clear();
        assert_ne!(other, again, "notes count in a tree's equality");
        let error = GameText::parse("d5 $x", Position::start(Board::STANDARD)).unwrap_err();
        assert!(
            error.message.contains("'$x' is not an annotation"),
            "{error}"
        );
    }

    #[test]
    fn a_bare_list_reads_from_the_given_start_and_errors_name_the_move() {
        let fen_start = Position::from_fen("bwbwbw/wbwbwb/bw1wbw/wb1bwb/bwbwbw/wbwbwb b").unwrap();
        let game = GameText::parse("c6c4", fen_start).unwrap();
        assert_eq!(game.tree.start(), &fen_start);
        let numbered = GameText::parse("1.c6c4 1...a3c3", fen_start).unwrap();
        assert_eq!(numbered.tree.main_end(), 2);
        let error = GameText::parse("1. d5 d5", Position::start(Board::STANDARD)).unwrap_err();
        assert_eq!(error.line, 1);
        assert!(
            error
                .message
                .starts_with("move 2 of the list (1... d5): illegal move"),
            "{error}"
        );
        for (bad, expected) in [
            ("[FEN \"xx\"]\n", "bad FEN"),
            ("[Board \"99x1\"]\n", "bad board size"),
            ("[Black You]\n", "in quotes"),
            ("( d5", "before any move"),
            ("d5 )", "closes no branch"),
            ("d5 (a8", "never closed"),
            ("d5 {open", "never closed"),
            ("d5 * d4", "after the result"),
            ("[Result \"1-0\"]\nd5", "not black, white"),
            ("d5\nd4\nzz", "line 3"),
        ] {
            let error = GameText::parse(bad, Position::start(Board::STANDARD)).unwrap_err();
            assert!(error.to_string().contains(expected), "{bad}: {error}");
        }
    }

    #[test]
    fn deep_nesting_and_long_lines_do_not_recurse() {
        let deep = format!("d5 {}", "(".repeat(200_000));
        assert!(GameText::parse(&deep, Position::start(Board::STANDARD)).is_err());
        // A long main line with a branch at every move writes and reads back.
        let mut tree = MoveTree::new(Position::start("8x8".parse().unwrap()));
        let mut at = MoveTree::ROOT;
        loop {
            let legal = tree.position(at).legal_moves();
            let Some(&first) = legal.first() else {
                break;
            };
            for &mv in legal.iter().skip(1).take(1) {
                tree.add(at, mv).unwrap();
            }
            let next = tree.add(at, first).unwrap();
            tree.promote(next);
            at = next;
        }
        let game = GameText {
            headers: Vec::new(),
            tree,
        };
        let again: GameText = game.to_string().parse().unwrap();
        assert_eq!(again.tree, game.tree);
    }
}

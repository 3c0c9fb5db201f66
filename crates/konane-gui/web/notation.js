// Reading and writing the protocol's notation on the page: FEN, squares, moves, scores.
// The server checks every rule; the page only draws what it is told.

/** A position from FEN: {width, height, cells (cells[rank][file]: 'b', 'w' or null;
 *  rank 0 is rank 1), side ('b' or 'w')}. */
export function parseFen(fen) {
  const [placement, side] = fen.trim().split(/\s+/);
  const rows = placement.split('/');
  const height = rows.length;
  const cells = [];
  let width = 0;
  rows.forEach((row, i) => {
    const line = [];
    for (const token of row.match(/\d+|[bw]/g) || []) {
      if (/\d/.test(token)) {
        for (let k = 0; k < Number(token); k++) line.push(null);
      } else {
        line.push(token);
      }
    }
    width = Math.max(width, line.length);
    cells[height - 1 - i] = line;
  });
  return { width, height, cells, side };
}

/** The FEN of a position as parseFen reads it. */
export function toFen(position) {
  const rows = [];
  for (let rank = position.height - 1; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < position.width; file++) {
      const piece = position.cells[rank][file];
      if (piece) {
        if (empty) row += String(empty);
        empty = 0;
        row += piece;
      } else {
        empty += 1;
      }
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${position.side}`;
}

/** The name of a square: file letter and rank number, 'd5'. */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

/** The square {file, rank} of a name. */
export function parseSquare(name) {
  return { file: name.charCodeAt(0) - 97, rank: Number(name.slice(1)) - 1 };
}

/** A move's squares: {from, to} (from === to for a removal). */
export function parseMove(text) {
  const parts = text.match(/[a-z]\d+/g);
  const from = parseSquare(parts[0]);
  return { from, to: parts[1] ? parseSquare(parts[1]) : from, removal: !parts[1] };
}

/** The squares a jump passes over (the pieces it removes). */
export function jumpedSquares(move) {
  const { from, to } = move;
  const df = Math.sign(to.file - from.file);
  const dr = Math.sign(to.rank - from.rank);
  const distance = Math.abs(to.file - from.file) + Math.abs(to.rank - from.rank);
  const out = [];
  for (let k = 1; k < distance; k += 2) out.push({ file: from.file + k * df, rank: from.rank + k * dr });
  return out;
}

/** A copy of `position` after `text` (no rule is checked: the server sent it). */
export function applyMove(position, text) {
  const cells = position.cells.map((row) => row.slice());
  const move = parseMove(text);
  const piece = cells[move.from.rank][move.from.file];
  cells[move.from.rank][move.from.file] = null;
  if (!move.removal) {
    for (const sq of jumpedSquares(move)) cells[sq.rank][sq.file] = null;
    cells[move.to.rank][move.to.file] = piece;
  }
  return { ...position, cells, side: position.side === 'b' ? 'w' : 'b' };
}

/** A score from the side to move's view, from Black's view (positive: Black better). */
export function scoreForBlack(score, side) {
  if (!score) return null;
  const sign = side === 'black' ? 1 : -1;
  if ('cp' in score) return { cp: sign * score.cp };
  // Mate 0: the side to move has no move and has lost.
  if (score.mate === 0) return { mate: 0, loser: side };
  return { mate: sign * score.mate };
}

/** A score in words: '+1.25', '-0.40', '#3' (wins with its 3rd move), '#-2'. */
export function scoreText(score) {
  if (!score) return '';
  if ('cp' in score) {
    const v = score.cp / 100;
    return (v > 0 ? '+' : '') + v.toFixed(2);
  }
  if (score.mate === 0) return '#0';
  return score.mate > 0 ? `#${score.mate}` : `#-${-score.mate}`;
}

/** A Black's-view score squashed to -1..1 for the bar and the graph. */
export function squash(score) {
  if (!score) return 0;
  if ('mate' in score) {
    if (score.mate === 0) return score.loser === 'black' ? -1 : 1;
    return score.mate > 0 ? 1 : -1;
  }
  return Math.tanh(score.cp / 400);
}

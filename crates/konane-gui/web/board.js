// The SVG board: squares with coordinates, pieces, the last move, the legal landings of
// the selected piece (removals in the opening), the engine's best move as an arrow, and
// a preview of a line. Click a piece then a landing, or drag it there; a multi-jump is
// one landing further along the line.

import { parseFen, squareName, parseMove, jumpedSquares } from './notation.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 100;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export class Board {
  constructor(svg, onMove) {
    this.svg = svg;
    this.onMove = onMove;
    this.flipped = false;
    this.position = null;
    this.legal = [];
    this.lastMove = null;
    this.selected = null;
    this.arrow = null;
    this.preview = null;
    this.interactive = false;
    this.dragFrom = null;
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    svg.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { this.selected = null; this.render(); }
    });
  }

  /** Shows `fen` with its legal moves (for the person to move when `interactive`). */
  show({ fen, legal, lastMove, interactive }) {
    const changed = !this.position || fen !== this.fen;
    this.fen = fen;
    this.position = parseFen(fen);
    this.legal = legal;
    this.lastMove = lastMove;
    this.interactive = interactive;
    if (changed) { this.selected = null; this.preview = null; }
    this.render();
  }

  setArrow(move) {
    if (move === this.arrow) return;
    this.arrow = move;
    this.render();
  }

  /** Shows a line's positions over the board (null: back to the game). */
  setPreview(preview) {
    this.preview = preview;
    this.render();
  }

  flip() {
    this.flipped = !this.flipped;
    this.render();
  }

  /** The screen column and row of a square. */
  place(file, rank) {
    const { width, height } = this.position;
    return this.flipped
      ? { x: (width - 1 - file) * CELL, y: rank * CELL }
      : { x: file * CELL, y: (height - 1 - rank) * CELL };
  }

  squareAt(event) {
    const target = event.target.closest('[data-square]');
    return target ? target.getAttribute('data-square') : null;
  }

  /** The legal moves that start on `name` (jumps) or remove it. */
  movesFrom(name) {
    return this.legal.filter((m) => m.slice(0, name.length) === name && !/\d/.test(m[name.length] || 'x'));
  }

  pointerDown(event) {
    if (!this.interactive || this.preview) return;
    const name = this.squareAt(event);
    if (!name) return;
    if (this.selected && this.tryLanding(name)) return;
    const moves = this.movesFrom(name);
    if (moves.length === 1 && moves[0] === name) {
      this.onMove(name);
      return;
    }
    if (moves.some((m) => m !== name)) {
      this.selected = name;
      this.dragFrom = name;
    } else {
      this.selected = null;
    }
    this.render();
  }

  pointerUp(event) {
    const from = this.dragFrom;
    this.dragFrom = null;
    if (!from) return;
    const name = this.squareAt(event);
    if (name && name !== from) this.tryLanding(name);
  }

  /** Plays the selected piece's jump to `name`, if it is one. */
  tryLanding(name) {
    const move = this.selected + name;
    if (!this.legal.includes(move)) return false;
    this.selected = null;
    this.onMove(move);
    return true;
  }

  render() {
    const svg = this.svg;
    if (!this.position) return;
    const shown = this.preview ? this.preview.position : this.position;
    const { width, height } = shown;
    svg.setAttribute('viewBox', `0 0 ${width * CELL} ${height * CELL}`);
    svg.replaceChildren();
    const defs = el('defs', {}, svg);
    const marker = el('marker', { id: 'arrowhead', viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }, marker);

    const last = this.preview ? this.preview.lastMove : this.lastMove;
    const lastSquares = new Set();
    const jumped = new Set();
    if (last) {
      const move = parseMove(last);
      lastSquares.add(squareName(move.from.file, move.from.rank));
      lastSquares.add(squareName(move.to.file, move.to.rank));
      if (!move.removal) for (const sq of jumpedSquares(move)) jumped.add(squareName(sq.file, sq.rank));
    }
    const landings = new Set();
    const removals = new Set();
    if (this.interactive && !this.preview) {
      if (this.selected) {
        for (const m of this.movesFrom(this.selected)) if (m !== this.selected) landings.add(m.slice(this.selected.length));
      }
      for (const m of this.legal) if (!/[a-z]\d+[a-z]/.test(m)) removals.add(m);
    }

    const squares = el('g', { class: 'squares' }, svg);
    const marks = el('g', { class: 'marks' }, svg);
    const pieces = el('g', { class: 'pieces' }, svg);
    const labels = el('g', { class: 'labels' }, svg);
    for (let rank = 0; rank < height; rank++) {
      for (let file = 0; file < width; file++) {
        const name = squareName(file, rank);
        const { x, y } = this.place(file, rank);
        // a8 (top left) is a light square, as Black's start square.
        const light = (file + (height - 1 - rank)) % 2 === 0;
        let cls = `square ${light ? 'light' : 'dark'}`;
        if (lastSquares.has(name)) cls += ' last';
        if (name === this.selected) cls += ' selected';
        const rect = el('rect', { x, y, width: CELL, height: CELL, class: cls, 'data-square': name }, squares);
        const title = el('title', {}, rect);
        title.textContent = name;
        if (jumped.has(name)) el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 12, class: 'jumped' }, marks);
        const piece = shown.cells[rank] && shown.cells[rank][file];
        if (piece) {
          const stone = el('g', { class: `piece ${piece === 'b' ? 'black' : 'white'}` }, pieces);
          el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 38 }, stone);
          el('circle', { cx: x + CELL / 2 - 10, cy: y + CELL / 2 - 12, r: 12, class: 'shine' }, stone);
          if (removals.has(name)) el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 45, class: 'removable' }, marks);
        }
        if (landings.has(name)) el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 16, class: 'landing' }, marks);
        const bottomRow = this.flipped ? rank === height - 1 : rank === 0;
        const leftColumn = this.flipped ? file === width - 1 : file === 0;
        const ink = light ? 'on-light' : 'on-dark';
        if (bottomRow) el('text', { x: x + CELL - 8, y: y + CELL - 8, class: `coord file ${ink}` }, labels).textContent = String.fromCharCode(97 + file);
        if (leftColumn) el('text', { x: x + 6, y: y + 24, class: `coord rank ${ink}` }, labels).textContent = String(rank + 1);
      }
    }
    if (this.arrow && !this.preview) {
      const move = parseMove(this.arrow);
      const a = this.place(move.from.file, move.from.rank);
      const b = this.place(move.to.file, move.to.rank);
      if (move.removal) {
        el('circle', { cx: a.x + CELL / 2, cy: a.y + CELL / 2, r: 44, class: 'arrow-ring' }, svg);
      } else {
        el('line', { x1: a.x + CELL / 2, y1: a.y + CELL / 2, x2: b.x + CELL / 2, y2: b.y + CELL / 2, class: 'arrow', 'marker-end': 'url(#arrowhead)' }, svg);
      }
    }
    svg.classList.toggle('previewing', !!this.preview);
  }
}

// The SVG board, of any size the server sends: squares with coordinates, pieces, the
// last move, the legal landings of the selected piece (removals in the opening), the
// engine's best move as an arrow, the hottest region of a valued position, the person's
// circles and arrows (right-click a square, right-drag between two; Shift red, Alt
// blue, Shift+Alt yellow, else green; the same again removes it; a left click clears
// them), and a preview of a line. Click a piece then a landing, or drag it there (the
// piece follows the pointer); a multi-jump is one landing further along the line. In
// the board editor a click (or Enter) on a square goes to the editor instead. From the
// keyboard, with the board focused: type a square's
// name (`d5`), or move the ring with the arrow keys and press Enter, as a click there.

import { parseFen, squareName, parseSquare, parseMove, jumpedSquares } from './notation.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 100;
// How long a typed square name waits for more digits (`a1` may become `a12`).
const TYPING_PAUSE_MS = 700;
// How far the pointer moves before a press becomes a drag.
const DRAG_START_PX = 4;
// The person's colours, as lichess draws them.
const SHAPE_COLOURS = { G: '#15781b', R: '#882020', B: '#003088', Y: '#e68f00' };

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function isRemoval(move) {
  return !/[a-z]\d+[a-z]/.test(move);
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
    this.region = new Set(); // the squares of the hottest region
    this.shapes = []; // the person's circles and arrows: {colour, from, to}
    this.onShapes = null; // called with the new list when the person draws
    this.drawing = null; // the square a right-drag started on
    this.editing = null; // the board editor's click, while it is open
    this.preview = null;
    this.interactive = false;
    this.press = null; // {from, x, y, dragging}
    this.ghost = null;
    this.focus = null; // the keyboard's square
    this.typed = '';
    this.typingTimer = null;
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    svg.addEventListener('pointercancel', () => { this.endDrag(); this.drawing = null; });
    svg.addEventListener('contextmenu', (e) => e.preventDefault());
    svg.addEventListener('keydown', (e) => this.key(e));
    svg.addEventListener('focus', () => this.render());
    svg.addEventListener('blur', () => { this.typed = ''; this.render(); });
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
    if (this.focus && !this.onBoard(this.focus)) this.focus = null;
    this.render();
  }

  setArrow(move) {
    if (move === this.arrow) return;
    this.arrow = move;
    this.render();
  }

  /** Shows the person's circles and arrows. */
  setShapes(shapes) {
    if (JSON.stringify(shapes) === JSON.stringify(this.shapes)) return;
    this.shapes = shapes;
    this.render();
  }

  /** Turns the board editor's clicks on (`onSquare(name)`) or off (null). */
  setEditing(onSquare) {
    this.editing = onSquare;
    this.selected = null;
    this.render();
  }

  /** Adds a circle (`to` null) or an arrow, or removes it if it is there. */
  toggleShape(colour, from, to) {
    const same = (s) => s.from === from && (s.to || null) === (to || null);
    const kept = this.shapes.filter((s) => !same(s));
    const removed = kept.length < this.shapes.length && this.shapes.some((s) => same(s) && s.colour === colour);
    const next = removed ? kept : [...kept, { colour, from, to: to || null }];
    this.shapes = next;
    this.render();
    if (this.onShapes) this.onShapes(next);
  }

  /** Marks the squares of a region (null: none). */
  setRegion(squares) {
    const next = new Set(squares || []);
    if (next.size === this.region.size && [...next].every((s) => this.region.has(s))) return;
    this.region = next;
    this.render();
  }

  /** Shows a line's positions over the board (null: back to the game). */
  setPreview(preview) {
    this.preview = preview;
    this.render();
  }

  setFlipped(flipped) {
    if (flipped === this.flipped) return;
    this.flipped = flipped;
    this.render();
  }

  flip() {
    this.setFlipped(!this.flipped);
  }

  /** The width over the height of the board (1 before the first position). */
  aspect() {
    return this.position ? this.position.width / this.position.height : 1;
  }

  onBoard({ file, rank }) {
    const { width, height } = this.position;
    return file >= 0 && rank >= 0 && file < width && rank < height;
  }

  /** The screen column and row of a square. */
  place(file, rank) {
    const { width, height } = this.position;
    return this.flipped
      ? { x: (width - 1 - file) * CELL, y: rank * CELL }
      : { x: file * CELL, y: (height - 1 - rank) * CELL };
  }

  /** The square under the client point (x, y), or null. */
  squareAtPoint(x, y) {
    const hit = document.elementFromPoint(x, y);
    const target = hit && hit.closest('[data-square]');
    return target && this.svg.contains(target) ? target.getAttribute('data-square') : null;
  }

  /** The legal moves that start on `name` (jumps) or remove it. */
  movesFrom(name) {
    return this.legal.filter((m) => m.slice(0, name.length) === name && !/\d/.test(m[name.length] || 'x'));
  }

  /** What a click on square `name` does: a removal, a landing, or a selection. */
  activate(name) {
    if (this.editing) { this.editing(name); return; }
    if (!this.interactive || this.preview) return;
    if (this.selected && this.tryLanding(name)) return;
    const moves = this.movesFrom(name);
    if (moves.length === 1 && moves[0] === name) {
      this.selected = null;
      this.onMove(name);
      return;
    }
    this.selected = moves.some((m) => m !== name) ? name : null;
    this.render();
  }

  pointerDown(event) {
    const target = event.target.closest('[data-square]');
    if (!target || this.preview) return;
    const name = target.getAttribute('data-square');
    if (event.button === 2 && !this.editing && this.onShapes) {
      this.drawing = name;
      this.svg.setPointerCapture(event.pointerId);
      return;
    }
    if (event.button !== 0) return;
    if (this.shapes.length && !this.editing && this.onShapes) {
      this.shapes = [];
      this.onShapes([]);
      this.render();
    }
    if (!this.interactive && !this.editing) return;
    this.activate(name);
    if (this.selected === name) {
      this.press = { from: name, x: event.clientX, y: event.clientY, dragging: false };
      this.svg.setPointerCapture(event.pointerId);
    }
  }

  pointerMove(event) {
    const press = this.press;
    if (!press) return;
    if (!press.dragging && Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START_PX) return;
    press.dragging = true;
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    if (!this.ghost) {
      this.render();
      this.ghost = el('g', { class: `piece ghost ${this.pieceAt(press.from) === 'b' ? 'black' : 'white'}` }, this.svg);
      el('circle', { cx: 0, cy: 0, r: 40 }, this.ghost);
      el('circle', { cx: -10, cy: -12, r: 12, class: 'shine' }, this.ghost);
      const square = this.svg.querySelector(`[data-piece="${press.from}"]`);
      if (square) square.classList.add('lifted');
    }
    this.ghost.setAttribute('transform', `translate(${point.x} ${point.y})`);
  }

  pointerUp(event) {
    if (this.drawing && event.button === 2) {
      const from = this.drawing;
      this.drawing = null;
      const to = this.squareAtPoint(event.clientX, event.clientY);
      const colour = event.shiftKey && event.altKey ? 'Y' : event.shiftKey ? 'R' : event.altKey ? 'B' : 'G';
      if (to) this.toggleShape(colour, from, to === from ? null : to);
      return;
    }
    const press = this.press;
    this.endDrag();
    if (!press || !press.dragging) return;
    const name = this.squareAtPoint(event.clientX, event.clientY);
    if (name && name !== press.from) this.tryLanding(name);
  }

  endDrag() {
    const dragged = this.ghost !== null;
    this.press = null;
    this.ghost = null;
    if (dragged) this.render();
  }

  pieceAt(name) {
    const { file, rank } = parseSquare(name);
    return this.position.cells[rank] && this.position.cells[rank][file];
  }

  /** Plays the selected piece's jump to `name`, if it is one. */
  tryLanding(name) {
    const move = this.selected + name;
    if (!this.legal.includes(move)) return false;
    this.selected = null;
    this.onMove(move);
    return true;
  }

  /** Keys on the focused board: arrows move the ring, Enter or Space clicks, letters
   *  and digits type a square's name, Escape drops the selection. */
  key(event) {
    if (!this.position) return;
    const steps = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (steps[event.key]) {
      event.preventDefault();
      event.stopPropagation();
      const sign = this.flipped ? -1 : 1;
      const [df, dr] = steps[event.key];
      const from = this.focus || { file: 0, rank: 0 };
      const next = this.focus ? { file: from.file + sign * df, rank: from.rank + sign * dr } : from;
      if (this.onBoard(next)) this.focus = next;
      this.render();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      if (this.focus) this.activate(squareName(this.focus.file, this.focus.rank));
    } else if (event.key === 'Escape') {
      this.selected = null;
      this.typed = '';
      this.render();
    } else if (/^[a-zA-Z0-9]$/.test(event.key)) {
      event.preventDefault();
      event.stopPropagation();
      this.type(event.key.toLowerCase());
    }
  }

  /** One typed character of a square's name; the square is clicked once its name can
   *  grow no longer (or after a pause). */
  type(char) {
    clearTimeout(this.typingTimer);
    this.typed = /[a-z]/.test(char) ? char : this.typed + char;
    const match = /^([a-z])(\d+)$/.exec(this.typed);
    if (!match) return;
    const square = parseSquare(this.typed);
    if (!this.onBoard(square)) { this.typed = ''; return; }
    const done = () => {
      this.typed = '';
      this.focus = square;
      this.activate(squareName(square.file, square.rank));
      this.render();
    };
    if ((square.rank + 1) * 10 > this.position.height) done();
    else this.typingTimer = setTimeout(done, TYPING_PAUSE_MS);
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
    for (const [letter, colour] of Object.entries(SHAPE_COLOURS)) {
      const head = el('marker', { id: `head-${letter}`, viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '2.5', markerHeight: '2.5', orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colour }, head);
    }

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
      for (const m of this.legal) if (isRemoval(m)) removals.add(m);
    }
    const focus = this.focus && document.activeElement === svg ? squareName(this.focus.file, this.focus.rank) : null;

    const squares = el('g', { class: 'squares' }, svg);
    const marks = el('g', { class: 'marks' }, svg);
    const pieces = el('g', { class: 'pieces' }, svg);
    const arrows = el('g', { class: 'arrows' }, svg);
    const dots = el('g', { class: 'dots' }, svg);
    const labels = el('g', { class: 'labels' }, svg);
    const cx = (x) => x + CELL / 2;
    for (let rank = 0; rank < height; rank++) {
      for (let file = 0; file < width; file++) {
        const name = squareName(file, rank);
        const { x, y } = this.place(file, rank);
        // The top left square of the unflipped board is light.
        const light = (file + (height - 1 - rank)) % 2 === 0;
        let cls = `square ${light ? 'light' : 'dark'}`;
        if (lastSquares.has(name)) cls += ' last';
        if (name === this.selected) cls += ' selected';
        const rect = el('rect', { x, y, width: CELL, height: CELL, class: cls, 'data-square': name }, squares);
        el('title', {}, rect).textContent = name;
        if (this.region.has(name) && !this.preview && !this.editing) el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: 'hot', 'data-hot': name }, marks);
        if (jumped.has(name)) el('circle', { cx: cx(x), cy: cx(y), r: 12, class: 'jumped' }, marks);
        const piece = shown.cells[rank] && shown.cells[rank][file];
        if (piece) {
          const stone = el('g', { class: `piece ${piece === 'b' ? 'black' : 'white'}`, 'data-piece': name }, pieces);
          el('circle', { cx: cx(x), cy: cx(y), r: 38 }, stone);
          el('circle', { cx: cx(x) - 10, cy: cx(y) - 12, r: 12, class: 'shine' }, stone);
          if (removals.has(name)) el('circle', { cx: cx(x), cy: cx(y), r: 45, class: 'removable' }, dots);
        }
        if (landings.has(name)) el('circle', { cx: cx(x), cy: cx(y), r: 16, class: 'landing' }, dots);
        if (name === focus) el('rect', { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: 'key-focus' }, dots);
        const bottomRow = this.flipped ? rank === height - 1 : rank === 0;
        const leftColumn = this.flipped ? file === width - 1 : file === 0;
        const ink = light ? 'on-light' : 'on-dark';
        if (bottomRow) el('text', { x: x + CELL - 8, y: y + CELL - 8, class: `coord file ${ink}` }, labels).textContent = String.fromCharCode(97 + file);
        if (leftColumn) el('text', { x: x + 6, y: y + 6, class: `coord rank ${ink}` }, labels).textContent = String(rank + 1);
      }
    }
    if (!this.preview && !this.editing) {
      const drawn = el('g', { class: 'user-shapes' }, svg);
      for (const shape of this.shapes) {
        const a = parseSquare(shape.from);
        const p = this.place(a.file, a.rank);
        const colour = SHAPE_COLOURS[shape.colour] || SHAPE_COLOURS.G;
        if (!shape.to) {
          el('circle', { cx: cx(p.x), cy: cx(p.y), r: 45, stroke: colour, class: 'user-circle', 'data-shape': shape.from }, drawn);
        } else {
          const b = parseSquare(shape.to);
          const q = this.place(b.file, b.rank);
          el('line', { x1: cx(p.x), y1: cx(p.y), x2: cx(q.x), y2: cx(q.y), stroke: colour, class: 'user-arrow', 'marker-end': `url(#head-${shape.colour})`, 'data-shape': shape.from + shape.to }, drawn);
        }
      }
    }
    if (this.arrow && !this.preview && !this.editing) {
      const move = parseMove(this.arrow);
      const a = this.place(move.from.file, move.from.rank);
      const b = this.place(move.to.file, move.to.rank);
      if (move.removal) {
        el('circle', { cx: cx(a.x), cy: cx(a.y), r: 44, class: 'arrow-ring' }, arrows);
      } else {
        el('line', { x1: cx(a.x), y1: cx(a.y), x2: cx(b.x), y2: cx(b.y), class: 'arrow', 'marker-end': 'url(#arrowhead)' }, arrows);
      }
    }
    svg.classList.toggle('previewing', !!this.preview);
  }
}

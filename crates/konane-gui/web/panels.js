// The panels around the board: the move list, the engine's lines, the evaluation bar
// and graph, the clocks and a record's games. Each draws what it is given and reports
// clicks through callbacks.

import { scoreText, scoreForBlack, squash } from './notation.js';

const NS = 'http://www.w3.org/2000/svg';

function svgEl(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

// The review's judgements: their sign after the move and their class.
const JUDGEMENT_SIGNS = { Inaccuracy: '?!', Mistake: '?', Blunder: '??' };

/** The move tree as lichess writes it: the main line in numbered pairs, each branch
 *  under the move it replaces, nested branches in parentheses, the review's judgements
 *  (`?!`, `?`, `??`) and the comments after their moves. The node shown is marked;
 *  clicking a move goes there. The list scrolls itself, never the page. */
export function renderMoves(list, state, onGoto) {
  const nodes = new Map(state.nodes.map((n) => [n.id, n]));
  const marks = new Map(state.review.marks.map((m) => [m.node, m]));
  const onLine = new Set(state.line);
  const whiteStarts = state.start.trim().endsWith('w');
  // Ply `depth` (from 1): its move number and whether Black plays it.
  const number = (depth) => Math.floor((depth - 1 + (whiteStarts ? 1 : 0)) / 2) + 1;
  const byBlack = (depth) => (depth - 1 + (whiteStarts ? 1 : 0)) % 2 === 0;
  const moveItem = (id, depth, tag) => {
    const item = document.createElement(tag);
    item.className = 'move ' + (byBlack(depth) ? 'by-black' : 'by-white');
    if (id === state.node) item.classList.add('current');
    if (onLine.has(id)) item.classList.add('on-line');
    item.dataset.node = String(id);
    item.dataset.ply = String(depth);
    item.textContent = nodes.get(id).move;
    const mark = marks.get(id);
    if (mark) {
      item.classList.add(mark.judgement.toLowerCase());
      item.dataset.judgement = mark.judgement;
      const sign = document.createElement('span');
      sign.className = 'sign';
      sign.textContent = JUDGEMENT_SIGNS[mark.judgement];
      item.append(sign);
      item.title = `${mark.judgement}${mark.best ? `: ${mark.best} was best` : ''}`;
    }
    item.addEventListener('click', () => onGoto(id));
    return item;
  };
  // A move's comment, after it.
  const comment = (id) => {
    const text = nodes.get(id).comment;
    if (!text) return null;
    const span = document.createElement('span');
    span.className = 'comment';
    span.dataset.node = String(id);
    span.textContent = text;
    return span;
  };
  // A branch inline: `2... f5d5 3. d3d5 (3. b3d3)`.
  const branch = (first, depth) => {
    const span = document.createElement('span');
    span.className = 'branch';
    const add = (...parts) => {
      if (span.childNodes.length) span.append(' ');
      span.append(...parts);
    };
    let id = first;
    let d = depth;
    let numbered = true;
    let siblings = [];
    while (id !== undefined) {
      if (byBlack(d) || numbered) {
        const n = document.createElement('span');
        n.className = 'number';
        n.textContent = `${number(d)}${byBlack(d) ? '.' : '...'}`;
        add(n);
      }
      add(moveItem(id, d, 'span'));
      const note = comment(id);
      if (note) add(note);
      numbered = !!note;
      for (const other of siblings) {
        add('(', branch(other, d), ')');
        numbered = true;
      }
      const node = nodes.get(id);
      siblings = node.children.slice(1);
      id = node.children[0];
      d += 1;
    }
    return span;
  };
  list.replaceChildren();
  const start = document.createElement('li');
  start.className = 'start' + (state.node === 0 ? ' current' : '');
  start.textContent = 'start';
  start.dataset.node = '0';
  start.addEventListener('click', () => onGoto(0));
  list.appendChild(start);
  let children = state.roots;
  let depth = 1;
  let row = null;
  while (children.length) {
    const id = children[0];
    if (byBlack(depth) || !row) {
      row = document.createElement('li');
      row.className = 'row';
      const n = document.createElement('span');
      n.className = 'number';
      n.textContent = `${number(depth)}.`;
      row.append(n);
      if (!byBlack(depth)) {
        const gap = document.createElement('span');
        gap.className = 'move gap';
        gap.textContent = '…';
        row.append(gap);
      }
      list.appendChild(row);
    }
    row.append(moveItem(id, depth, 'span'));
    const note = comment(id);
    const branches = children.slice(1);
    if (note) {
      const box = document.createElement('li');
      box.className = 'comments';
      box.append(note);
      list.appendChild(box);
      row = null;
    }
    if (branches.length) {
      const box = document.createElement('li');
      box.className = 'branches';
      for (const other of branches) box.append(branch(other, depth));
      list.appendChild(box);
      row = null;
    }
    children = nodes.get(id).children;
    depth += 1;
  }
  const current = list.querySelector('.current');
  if (current) {
    const top = current.offsetTop;
    const bottom = top + current.offsetHeight;
    if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }
}

/** The engine's lines: score, depth, speed and moves; hovering or clicking one previews
 *  it on the board. */
export function renderLines(list, lines, side, onPreview) {
  list.replaceChildren();
  for (const entry of lines) {
    if (!entry) continue;
    const { line } = entry;
    const item = document.createElement('li');
    item.className = 'line';
    item.tabIndex = 0;
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = scoreText(scoreForBlack(line.score, side));
    score.title = `${scoreText(line.score)} for ${side}, to move`;
    const depth = document.createElement('span');
    depth.className = 'depth';
    depth.textContent = `d${line.depth}`;
    const pv = document.createElement('span');
    pv.className = 'pv';
    pv.textContent = line.pv.join(' ');
    item.append(score, depth, pv);
    item.addEventListener('click', () => onPreview(line.pv));
    item.addEventListener('keydown', (e) => { if (e.key === 'Enter') onPreview(line.pv); });
    list.appendChild(item);
  }
}

/** The bar: Black's share from the bottom (or the top when flipped). */
export function renderEvalBar(fill, label, blackScore, flipped) {
  const value = blackScore ? squash(blackScore) : 0;
  const share = (value + 1) / 2;
  fill.style.height = `${(flipped ? 1 - share : share) * 100}%`;
  fill.classList.toggle('flipped', flipped);
  label.textContent = blackScore ? scoreText(blackScore) : '';
}

/** The graph of Black's evaluation over the game, with the review's judgements
 *  (`marks[p]`: the judgement of the move into ply p); clicking a point goes there. */
export function renderGraph(svg, evals, plies, ply, onGoto, marks = []) {
  const width = 400;
  const height = 100;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.replaceChildren();
  svgEl('rect', { x: 0, y: 0, width, height: height / 2, class: 'graph-black' }, svg);
  svgEl('rect', { x: 0, y: height / 2, width, height: height / 2, class: 'graph-white' }, svg);
  svgEl('line', { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: 'graph-axis' }, svg);
  const span = Math.max(plies, 1);
  const x = (p) => (p / span) * width;
  const y = (score) => height / 2 - squash(score) * (height / 2 - 4);
  const known = [];
  for (let p = 0; p <= plies; p++) if (evals[p]) known.push([p, evals[p]]);
  if (known.length > 1) {
    const points = known.map(([p, s]) => `${x(p).toFixed(1)},${y(s).toFixed(1)}`).join(' ');
    svgEl('polyline', { points, class: 'graph-line' }, svg);
  }
  svgEl('line', { x1: x(ply), y1: 0, x2: x(ply), y2: height, class: 'graph-cursor' }, svg);
  for (const [p, s] of known) {
    const dot = svgEl('circle', { cx: x(p), cy: y(s), r: 3, class: 'graph-point', 'data-ply': p }, svg);
    const title = document.createElementNS(NS, 'title');
    title.textContent = `after ${p} moves: ${scoreText(s)} (Black's view)`;
    dot.appendChild(title);
  }
  marks.forEach((mark, p) => {
    if (!mark || !evals[p]) return;
    const dot = svgEl('circle', { cx: x(p), cy: y(evals[p]), r: 5, class: `graph-mark ${mark.judgement.toLowerCase()}`, 'data-ply': p }, svg);
    const title = document.createElementNS(NS, 'title');
    title.textContent = `${mark.judgement}${mark.best ? `: ${mark.best} was best` : ''}`;
    dot.appendChild(title);
  });
  svg.onclick = (event) => {
    const box = svg.getBoundingClientRect();
    const p = Math.round(((event.clientX - box.left) / box.width) * span);
    onGoto(Math.max(0, Math.min(plies, p)));
  };
}

/** Milliseconds as m:ss (with tenths under ten seconds). */
export function clockText(ms) {
  const total = Math.max(0, ms);
  const minutes = Math.floor(total / 60000);
  const seconds = Math.floor((total % 60000) / 1000);
  const text = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return total < 10000 ? `${text}.${Math.floor((total % 1000) / 100)}` : text;
}

/** A record's games; clicking one loads it. */
export function renderRecordGames(list, games, current, onPick) {
  list.replaceChildren();
  games.forEach((game, i) => {
    const item = document.createElement('li');
    item.className = 'record-game' + (i === current ? ' current' : '');
    item.tabIndex = 0;
    item.dataset.game = String(i);
    item.textContent = `#${game.number} ${game.black} – ${game.white} (${game.board}, ${game.moves} moves): ${game.winner} wins, ${game.reason}`;
    item.addEventListener('click', () => onPick(i));
    item.addEventListener('keydown', (e) => { if (e.key === 'Enter') onPick(i); });
    list.appendChild(item);
  });
}

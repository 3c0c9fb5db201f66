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

/** The move list: numbered pairs, the shown position marked; clicking goes there. */
export function renderMoves(list, moves, ply, onGoto) {
  list.replaceChildren();
  const start = document.createElement('li');
  start.className = 'start' + (ply === 0 ? ' current' : '');
  start.textContent = 'start';
  start.addEventListener('click', () => onGoto(0));
  list.appendChild(start);
  moves.forEach((move, i) => {
    const item = document.createElement('li');
    item.className = 'move ' + (i % 2 === 0 ? 'by-black' : 'by-white') + (ply === i + 1 ? ' current' : '');
    item.dataset.ply = String(i + 1);
    const number = document.createElement('span');
    number.className = 'number';
    number.textContent = i % 2 === 0 ? `${i / 2 + 1}.` : '';
    const text = document.createElement('span');
    text.className = 'san';
    text.textContent = move;
    item.append(number, text);
    item.addEventListener('click', () => onGoto(i + 1));
    list.appendChild(item);
  });
  const current = list.querySelector('.current');
  if (current && current.scrollIntoView) current.scrollIntoView({ block: 'nearest' });
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

/** The graph of Black's evaluation over the game; clicking a point goes there. */
export function renderGraph(svg, evals, plies, ply, onGoto) {
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

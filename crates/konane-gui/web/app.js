// The page: one WebSocket to the server (this tab's game), the board and the panels,
// the controls and the keyboard. The server owns the game and checks every rule; the
// page sends requests and draws the state it gets back. The socket comes back by itself
// when it drops, to the same game (the server keeps it by the tab's session); when the
// server no longer has it, the page loads the game it kept into an analysis board. The
// address's fragment holds the line shown (start FEN, moves, the move shown), so that a
// bookmark or a copied address opens it again in a new tab; it never reaches the server.
// The board editor sets up a position on the page (the server checks it); the person's
// circles and arrows go to the server, which keeps them with the game's moves. Sounds
// (a move, a jump, the end) are made with Web Audio, off under WebDriver.

import { Board } from './board.js';
import { parseFen, applyMove, scoreForBlack, toFen, parseSquare } from './notation.js';
import { renderMoves, renderLines, renderEvalBar, renderGraph, clockText, renderRecordGames } from './panels.js';

const $ = (id) => document.getElementById(id);

// What the page keeps for its tab (sessionStorage: one tab, kept over a reload).
const SESSION_KEY = 'konane-session';
const GAME_KEY = 'konane-game';
// Below this width the page is one column, the board first (style.css says the same).
const WIDE_PX = 700;
// The smallest square label on the screen, in pixels.
const LABEL_PX = 13;
// How long a copy's note stays.
const NOTE_MS = 4000;
// Reconnection: the first wait and the longest.
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 4000;

// Measurements read by the end-to-end test (docs/gui.md reports them).
const stats = { readyAt: null, updates: 0, infos: 0, moveSent: null, moveToInfoMs: [], connections: 0, sounds: { move: 0, capture: 0, end: 0 } };
window.konane = { stats };

const view = {
  welcome: null,
  state: null,
  search: null, // the id of the search whose lines are shown
  searchPly: null,
  lines: [],
  evals: new Map(), // "start|moves" -> Black's-view score
  solved: null,
  record: null,
  clockTimer: null,
  game: null, // the number of the game shown (the board turns to it when it changes)
  retries: 0,
};
window.konane.view = view;

let socket = null;
window.konane.socket = () => socket;
const board = new Board($('board'), (move) => send({ type: 'play', move }));
board.onShapes = (shapes) => send({ type: 'draw', shapes });

// The board editor: its position while it is open (null when closed).
const editor = { position: null };
window.konane.editor = editor;

// Sound: on unless the person turned it off (kept in localStorage) or a test drives
// the browser.
const SOUND_KEY = 'konane-sound';
const sound = { on: (localStorage.getItem(SOUND_KEY) || (navigator.webdriver ? 'off' : 'on')) === 'on', context: null };

function send(request) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showMessage('not connected to the server: reconnecting…', 'error');
    return;
  }
  const text = JSON.stringify(request);
  const limit = view.welcome ? view.welcome.max_request_bytes : 4 << 20;
  if (text.length > limit) {
    showMessage(`too large to send: ${text.length} bytes (the limit is ${limit >> 20} MiB)`, 'error');
    return;
  }
  if (request.type === 'play') stats.moveSent = { at: performance.now(), ply: view.state ? view.state.ply + 1 : null };
  hideMessage();
  socket.send(text);
}

/** A message over the page, under the header (it moves nothing and covers no mode
 *  button): an error, or a notice. */
function showMessage(text, kind) {
  $('message-text').textContent = text;
  $('message').className = `message ${kind}`;
  $('message').style.top = `${document.querySelector('.top').getBoundingClientRect().bottom + 6}px`;
  $('message').hidden = false;
}

function hideMessage() {
  $('message').hidden = true;
}

function connect() {
  const url = new URL('ws', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const session = sessionStorage.getItem(SESSION_KEY);
  if (session) url.searchParams.set('session', session);
  socket = new WebSocket(url);
  socket.onopen = () => {
    stats.connections += 1;
    view.retries = 0;
    $('connection').textContent = 'connected';
    document.body.classList.remove('offline');
  };
  socket.onclose = () => {
    document.body.classList.add('offline');
    const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** view.retries);
    view.retries += 1;
    $('connection').textContent = view.retries > 8
      ? 'cannot reach the server: is it still running? (retrying)'
      : 'connection lost: reconnecting…';
    board.show({ fen: board.fen, legal: [], lastMove: board.lastMove, interactive: false });
    setTimeout(connect, wait);
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
}

function receive(message) {
  switch (message.type) {
    case 'welcome': return welcome(message);
    case 'state': return showState(message);
    case 'info': return info(message);
    case 'tick': return tick(message);
    case 'solved': view.solved = message; return renderSolved();
    case 'checked': return showChecked(message);
    case 'record': view.record = message; $('records-panel').hidden = false; return renderRecord();
    case 'error': return showMessage(message.message, 'error');
    default: return undefined;
  }
}

function option(select, value, text) {
  const item = document.createElement('option');
  item.value = value;
  item.textContent = text;
  select.appendChild(item);
}

function welcome(message) {
  const asked = sessionStorage.getItem(SESSION_KEY);
  const first = !view.welcome;
  view.welcome = message;
  sessionStorage.setItem(SESSION_KEY, message.session);
  if (first) fillSelects(message);
  if (message.resumed) {
    if (!first) showMessage('Reconnected: the game goes on.', 'notice');
  } else if (first && !asked && linked()) {
    openLink(linked());
  } else if (asked) {
    const saved = sessionStorage.getItem(GAME_KEY);
    const minutes = Math.round(message.keep_s / 60);
    const why = `The server no longer had this tab's game (it keeps a game ${minutes} minutes after its page goes away, and none over a restart)`;
    if (saved) {
      send({ type: 'load_moves', moves: saved });
      showMessage(`${why}: its moves, kept by this page, are loaded into an analysis board.`, 'notice');
    } else {
      showMessage(`${why}.`, 'notice');
    }
  }
}

/** The line in the address's fragment (`#fen=…&moves=d5+d4&ply=2`), or null. */
function linked() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has('fen') && !params.has('moves')) return null;
  return { fen: params.get('fen') || '', moves: params.get('moves') || '', ply: params.get('ply') };
}

/** Opens the line of a link in an analysis board, at its move. */
function openLink(link) {
  if (link.moves.trim()) send({ type: 'load_moves', moves: link.moves, fen: link.fen || null });
  else send({ type: 'new_game', mode: 'analysis', fen: link.fen });
  const ply = Number(link.ply);
  if (link.ply !== null && Number.isInteger(ply) && ply >= 0) send({ type: 'goto', ply });
}

/** Writes the line shown into the address's fragment (no new history entry). */
function writeLink(state) {
  const params = new URLSearchParams({ fen: state.start, moves: state.moves.join(' '), ply: String(state.ply) });
  const hash = `#${params}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function fillSelects(message) {
  for (const id of ['setup-engine-a', 'setup-engine-b', 'analyse-engine']) {
    const select = $(id);
    select.replaceChildren();
    for (const engine of message.engines) option(select, engine.index, engine.name);
  }
  for (const id of ['setup-level', 'setup-level-b']) {
    for (const name of message.levels) option($(id), name, name === 'engine' ? 'full strength' : name);
  }
  const multipv = $('analyse-multipv');
  for (let n = 1; n <= message.max_multipv; n++) option(multipv, n, String(n));
  for (const id of ['setup-size', 'editor-size']) {
    const size = $(id);
    for (let h = message.max_side; h >= 1; h--) for (let w = message.max_side; w >= 1; w--) option(size, `${w}x${h}`, `${w}x${h}`);
  }
}

function gameKey(state, ply) {
  return `${state.start}|${state.moves.slice(0, ply).join(' ')}`;
}

/** Whether the engine's lines, arrow, bar and graph are shown. */
function helpShown(state) {
  return state.help && (state.analysis_on || state.mode === 'engine_engine');
}

function showState(state) {
  const first = !view.state;
  const previous = view.state;
  view.state = state;
  if (previous && previous.fen !== state.fen) board.setPreview(null);
  if (state.game !== view.game) {
    view.game = state.game;
    board.setFlipped(state.orientation === 'white');
    document.body.dataset.flipped = board.flipped ? '1' : '0';
  }
  try { sessionStorage.setItem(GAME_KEY, state.export); } catch (e) { /* too large to keep */ }
  writeLink(state);
  const lastMove = state.ply > 0 ? state.moves[state.ply - 1] : null;
  if (!editor.position) {
    board.show({ fen: state.fen, legal: state.legal, lastMove, interactive: state.human_to_move && state.legal.length > 0 });
  }
  board.setShapes(state.shapes);
  soundFor(previous, state);
  document.body.dataset.mode = state.mode;
  document.body.dataset.help = helpShown(state) ? '1' : '0';
  for (const button of document.querySelectorAll('.modes button[data-mode]')) {
    button.classList.toggle('active', button.dataset.mode === state.mode);
  }
  $('setup-mode').value = state.mode;
  $('setup-size').value = state.board;
  $('analyse-on').checked = state.analysis_on;
  $('analyse-engine').value = String(state.analysis_engine);
  $('analyse-multipv').value = String(state.multipv);
  $('analyse-limit').value = limitValue(state.analysis_limit);
  $('fen').value = state.fen;
  if (document.activeElement !== $('game-text')) $('game-text').value = state.export;
  renderMoves($('moves'), state, gotoNode);
  renderReview();
  renderPlayers();
  renderResult();
  renderStatus();
  renderClocks();
  renderSolved();
  renderAnalysis();
  if (view.record) renderRecord();
  const analysis = state.mode === 'analysis';
  // A finished game stays finished: no take back (Analysis tries other moves).
  $('takeback').disabled = state.mode === 'engine_engine' || state.moves.length === 0 || !!state.result;
  $('takeback').hidden = analysis;
  // Against the engine one Resign; two players each have their own, by their name.
  $('resign').hidden = state.mode !== 'human_engine';
  $('resign').disabled = !!state.result;
  for (const id of ['resign-black', 'resign-white']) $(id).hidden = state.mode !== 'human_human' || !!state.result;
  $('pause').hidden = state.mode !== 'engine_engine' || !!state.result;
  $('pause').textContent = state.paused ? 'Resume' : 'Pause';
  $('tree-tools').hidden = !analysis;
  $('promote').disabled = $('delete').disabled = state.node === 0;
  $('nav-prev').disabled = $('nav-first').disabled = state.ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = state.ply === state.moves.length;
  fitBoard();
  if (first) {
    stats.readyAt = performance.now();
    document.body.dataset.ready = '1';
  }
}

/** Sizes the board to the room the window leaves it: the column's width and the
 *  window's height less the header and the rows above and below the board. */
function fitBoard() {
  const column = document.querySelector('.board-column');
  const wrap = document.querySelector('.board-wrap');
  const bar = $('evalbar').offsetWidth + 8;
  const wide = window.innerWidth > WIDE_PX;
  const side = wide ? Math.min(440, Math.max(300, window.innerWidth * 0.3)) : 0;
  const width = Math.max(120, (wide ? window.innerWidth - side - 64 : window.innerWidth - 16) - bar);
  // The rows around the board, measured at the widest the column may be (narrower,
  // the controls would wrap and leave the board less room).
  column.style.width = `${width + bar}px`;
  const above = $('top-player').offsetHeight + document.querySelector('.top').offsetHeight;
  const controls = document.querySelector('.controls');
  const below = $('bottom-player').offsetHeight + controls.offsetHeight + $('status').offsetHeight;
  // The controls' row at its natural width: a narrow board (3x11) keeps the column
  // that wide, so that the buttons stay on one row.
  const shown = [...controls.children].filter((c) => c.offsetParent !== null);
  const gap = parseFloat(getComputedStyle(controls).columnGap) || 0;
  const row = shown.reduce((sum, c) => sum + c.offsetWidth + gap, (parseFloat(getComputedStyle(controls).paddingLeft) || 0) + 2);
  const gaps = 44;
  const height = Math.max(120, window.innerHeight - above - below - gaps);
  const aspect = board.aspect();
  const boardWidth = Math.floor(Math.min(width, height * aspect));
  wrap.style.width = `${boardWidth}px`;
  wrap.style.height = `${Math.floor(boardWidth / aspect)}px`;
  column.style.width = `${(wide ? Math.max(boardWidth, Math.min(width, row - bar)) : width) + bar}px`;
  // Square labels of at least LABEL_PX on the screen, and at most 0.4 of a square.
  const units = $('board').viewBox.baseVal ? $('board').viewBox.baseVal.width : 0;
  if (units > 0) {
    const scale = boardWidth / units;
    $('board').style.setProperty('--coord-size', `${Math.min(40, Math.max(20, LABEL_PX / scale))}px`);
  }
}

function renderPlayers() {
  const { state } = view;
  const bottom = board.flipped ? 1 : 0;
  const top = 1 - bottom;
  $('top-name').textContent = state.players[top];
  $('bottom-name').textContent = state.players[bottom];
  $('top-dot').className = `dot ${top === 0 ? 'black' : 'white'}`;
  $('bottom-dot').className = `dot ${bottom === 0 ? 'black' : 'white'}`;
  // Each player's Resign (two players) sits by their name.
  for (const [row, colour] of [['top', top], ['bottom', bottom]]) {
    $(`${row}-player`).insertBefore($(colour === 0 ? 'resign-black' : 'resign-white'), $(`${row}-clock`));
  }
}

function renderResult() {
  const { state } = view;
  const box = $('result');
  if (state.result) {
    const winner = state.result.winner === 'black' ? 'Black' : 'White';
    box.textContent = `${winner} wins — ${state.result.reason}`;
    box.hidden = false;
  } else {
    box.hidden = true;
  }
}

function renderStatus() {
  const { state } = view;
  const side = state.side === 'black' ? 'Black' : 'White';
  let text;
  if (board.preview) {
    text = `Previewing a line (${board.preview.moves.join(' ')}): click the board or press Esc to return.`;
  } else if (state.result && state.ply === state.moves.length) {
    text = `Game over: ${state.result.winner === 'black' ? 'Black' : 'White'} wins (${state.result.reason}).`;
  } else if (state.legal.length === 0) {
    text = `${side} has no move: ${side === 'Black' ? 'White' : 'Black'} wins.`;
  } else if (state.thinking) {
    text = `${state.thinking} is thinking…`;
  } else if (state.mode === 'engine_engine' && state.paused) {
    text = 'Paused.';
  } else if (state.human_to_move) {
    const removal = state.legal.every((m) => !/[a-z]\d+[a-z]/.test(m));
    text = `${side} to move${removal ? ': remove one of the marked pieces' : ': click a piece, then a marked square'}.`;
  } else {
    text = `${side} to move.`;
  }
  $('status').textContent = text;
  document.body.classList.toggle('game-over', !!state.result);
}

function renderClocks() {
  const { state } = view;
  clearInterval(view.clockTimer);
  view.clockTimer = null;
  const clocks = state.clocks;
  for (const id of ['top-clock', 'bottom-clock']) $(id).hidden = !clocks;
  if (!clocks) return;
  const received = performance.now();
  const draw = () => {
    const spent = performance.now() - received;
    const ms = { black: clocks.black_ms, white: clocks.white_ms };
    if (clocks.running) ms[clocks.running] -= spent;
    const [bottom, top] = board.flipped ? ['white', 'black'] : ['black', 'white'];
    $('bottom-clock').textContent = clockText(ms[bottom]);
    $('top-clock').textContent = clockText(ms[top]);
    $('bottom-clock').classList.toggle('running', clocks.running === bottom);
    $('top-clock').classList.toggle('running', clocks.running === top);
  };
  draw();
  if (clocks.running) view.clockTimer = setInterval(draw, 100);
}

function renderSolved() {
  const box = $('solved');
  const solved = view.solved;
  if (!solved || !view.state || solved.fen !== view.state.fen || !view.state.help) {
    box.hidden = true;
    board.setRegion(null);
    return;
  }
  const winner = solved.winner === 'black' ? 'Black' : 'White';
  let text = `Solved: ${winner} wins in ${solved.plies} ${solved.plies === 1 ? 'ply' : 'plies'}`;
  if (solved.winning.length) text += ` · winning moves: ${solved.winning.join(' ')}`;
  const value = solved.value;
  if (value) {
    const regions = value.regions === 1 ? '1 region' : `${value.regions} regions`;
    text += ` · value ${value.human} (${regions}), mean ${value.mean}, temperature ${value.temperature}`;
    if (value.hottest) text += ` · hottest region (marked): temperature ${value.hottest.temperature}`;
  }
  board.setRegion(value && value.hottest ? value.hottest.squares : null);
  box.textContent = text;
  box.title = `best line: ${solved.line.join(' ')}`;
  box.hidden = false;
}

function info(message) {
  stats.infos += 1;
  if (stats.moveSent && message.ply === stats.moveSent.ply) {
    stats.moveToInfoMs.push(performance.now() - stats.moveSent.at);
    stats.moveSent = null;
  }
  if (message.search !== view.search) {
    view.search = message.search;
    view.lines = [];
  }
  view.searchPly = message.ply;
  view.searchSide = message.side;
  view.searchEngine = message.engine;
  view.lines[message.line.multipv - 1] = message;
  if (message.line.multipv === 1 && message.line.score && view.state) {
    view.evals.set(gameKey(view.state, message.ply), scoreForBlack(message.line.score, message.side));
  }
  renderAnalysis();
}

function tick(message) {
  if (message.search !== view.search) {
    view.search = message.search;
    view.lines = [];
  }
  view.elapsed = message.elapsed_ms;
  renderStats();
  stats.updates += 1;
}

function renderStats() {
  const best = view.lines[0];
  const parts = [];
  if (view.searchEngine) parts.push(view.searchEngine);
  if (best) {
    parts.push(`depth ${best.line.depth}`);
    if (best.line.nps) parts.push(`${(best.line.nps / 1000).toFixed(0)} kn/s`);
  }
  if (view.elapsed !== undefined) parts.push(`${(view.elapsed / 1000).toFixed(1)} s`);
  const { state } = view;
  if (state && state.analysis_on && !state.analysing && state.analysis_limit.kind !== 'infinite') parts.push('done');
  $('search-stats').textContent = view.state && helpShown(view.state) ? parts.join(' · ') : '';
}

function renderAnalysis() {
  const { state } = view;
  if (!state) return;
  stats.updates += 1;
  const shown = helpShown(state);
  const lines = shown && view.searchPly === state.ply ? view.lines : [];
  renderLines($('lines'), lines, state.side, previewLine);
  renderStats();
  const best = lines[0];
  board.setArrow(best && best.line.pv.length ? best.line.pv[0] : null);
  const evalHere = shown ? view.evals.get(gameKey(state, state.ply)) || null : null;
  renderEvalBar($('evalbar-fill'), $('evalbar-text'), evalHere, board.flipped);
  // The review's evaluations first, then the live analysis's.
  const reviewed = new Map(state.review.points.map((p) => [p.node, p.eval]));
  const marked = new Map(state.review.marks.map((m) => [m.node, m]));
  const blackStarts = parseFen(state.start).side === 'b';
  const evals = [];
  const marks = [];
  for (let p = 0; p <= state.moves.length; p++) {
    const node = p === 0 ? 0 : state.line[p - 1];
    const review = reviewed.get(node);
    const side = (p % 2 === 0) === blackStarts ? 'black' : 'white';
    const fromReview = review ? ('mate' in review && review.mate === 0 ? { mate: 0, loser: side } : review) : null;
    evals[p] = shown ? fromReview || view.evals.get(gameKey(state, p)) || null : null;
    marks[p] = shown ? marked.get(node) || null : null;
  }
  renderGraph($('graph'), evals, state.moves.length, state.ply, goto, marks);
  document.body.dataset.graphPoints = String(evals.filter(Boolean).length);
}

/** `n` and the word for one or for several. */
function count(n, one, several) {
  return `${n} ${n === 1 ? one : several}`;
}

/** The review's buttons, progress and each side's accuracy. */
function renderReview() {
  const { state } = view;
  const review = state.review;
  $('review-panel').hidden = state.mode !== 'analysis';
  $('review-start').hidden = review.running;
  $('review-time').hidden = review.running;
  $('review-stop').hidden = !review.running;
  $('review-start').disabled = state.moves.length === 0;
  $('review-progress').textContent = review.running ? `Reviewing: ${review.done} of ${review.total} positions` : '';
  const counts = { Inaccuracy: 0, Mistake: 0, Blunder: 0 };
  for (const mark of review.marks) counts[mark.judgement] += 1;
  const [black, white] = review.accuracy;
  const parts = [];
  if (black !== null) parts.push(`Black ${black.toFixed(1)}%`);
  if (white !== null) parts.push(`White ${white.toFixed(1)}%`);
  $('review-accuracy').textContent = parts.length
    ? `Accuracy: ${parts.join(', ')} · ${count(counts.Inaccuracy, 'inaccuracy', 'inaccuracies')}, ${count(counts.Mistake, 'mistake', 'mistakes')}, ${count(counts.Blunder, 'blunder', 'blunders')}`
    : '';
  // The judgement of the move shown, with the better move.
  const mark = review.marks.find((m) => m.node === state.node);
  const played = state.ply > 0 ? state.moves[state.ply - 1] : '';
  $('review-note').textContent = mark ? `${played}: ${mark.judgement}${mark.best ? `, ${mark.best} was best` : ''}.` : '';
  document.body.dataset.reviewing = review.running ? '1' : '0';
}

function previewLine(pv) {
  if (!pv.length) return;
  if (board.preview && board.preview.moves === pv) {
    board.setPreview(null);
  } else {
    let position = parseFen(view.state.fen);
    for (const move of pv) position = applyMove(position, move);
    board.setPreview({ position, lastMove: pv[pv.length - 1], moves: pv });
  }
  renderStatus();
}

function renderRecord() {
  renderRecordGames($('record-games'), view.record.games, view.state ? view.state.record_game : null, (game) => send({ type: 'pick_game', game }));
}

function goto(ply) {
  if (!view.state) return;
  const target = Math.max(0, Math.min(view.state.moves.length, ply));
  if (target !== view.state.ply) send({ type: 'goto', ply: target });
}

function gotoNode(node) {
  if (view.state && node !== view.state.node) send({ type: 'goto_node', node });
}

function timeSetting() {
  const choice = $('setup-time').value;
  if (choice === 'custom') {
    const base = Number($('custom-minutes').value) * 60000;
    const inc = Number($('custom-increment').value) * 1000;
    return { kind: 'clock', base_ms: Math.round(base), inc_ms: Math.round(inc) };
  }
  const [kind, a, b] = choice.split(':');
  if (kind === 'movetime') return { kind, ms: Number(a) };
  if (kind === 'clock') return { kind, base_ms: Number(a), inc_ms: Number(b) };
  if (kind === 'depth') return { kind, depth: Number(a) };
  return null;
}

function newGame(mode) {
  const request = {
    type: 'new_game',
    mode,
    size: $('setup-size').value || (view.state && view.state.board),
    human: $('setup-human').value,
    engines: [Number($('setup-engine-a').value || 0), Number($('setup-engine-b').value || 0)],
    level: $('setup-level').value || 'engine',
    white_level: $('setup-level-b').value || 'engine',
  };
  const time = timeSetting();
  if (time && mode !== 'analysis') request.time = time;
  if (view.setupFen) request.fen = view.setupFen;
  view.setupFen = null;
  $('setup-from').hidden = true;
  if (mode === 'human_human' && time && time.kind !== 'clock') delete request.time;
  view.evals.clear();
  view.lines = [];
  send(request);
}

/** Opens the game played into an analysis board: its moves and headers (a game under
 *  way ends there). */
function analyseGame() {
  send({ type: 'load_moves', moves: view.state.export, fen: view.state.start });
}

/** The limit select's value for an analysis limit (`depth:12`, `movetime:3000`). */
function limitValue(limit) {
  if (limit.kind === 'depth') return `depth:${limit.depth}`;
  if (limit.kind === 'movetime') return `movetime:${limit.ms}`;
  return 'infinite';
}

/** The analysis limit a select's value names. */
function limitOf(value) {
  const [kind, n] = value.split(':');
  if (kind === 'depth') return { kind, depth: Number(n) };
  if (kind === 'movetime') return { kind, ms: Number(n) };
  return { kind: 'infinite' };
}

function analyse() {
  if (!$('analyse-on').checked) {
    view.lines = [];
    renderAnalysis();
  }
  send({
    type: 'analyse',
    on: $('analyse-on').checked,
    engine: Number($('analyse-engine').value),
    multipv: Number($('analyse-multipv').value),
    limit: limitOf($('analyse-limit').value),
  });
}

/** Reads a chosen file (`what` names it) and gives its text to `use`, unless it is
 *  larger than the server reads. */
function readFile(file, what, use) {
  if (!file) return;
  const limit = view.welcome ? view.welcome.max_request_bytes : 4 << 20;
  if (file.size > limit - 1024) {
    showMessage(`the ${what} is too large (${file.size} bytes; the limit is ${limit >> 20} MiB)`, 'error');
    return;
  }
  file.text().then(use);
}

function readRecord(file) {
  readFile(file, 'record file', (text) => send({ type: 'load_record', text }));
}

/** Saves the game's text as a file. */
function download() {
  const url = URL.createObjectURL(new Blob([view.state.export], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `konane-${view.state.board}-${new Date().toISOString().slice(0, 10)}.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reads a game's text file into an analysis board. */
function upload(file) {
  readFile(file, 'game file', (text) => {
    view.evals.clear();
    send({ type: 'load_moves', moves: text, fen: null });
  });
}

/** Copies the text of `field` (`what` names it), and says so; when the browser
 *  refuses the clipboard, selects the text for Ctrl-C and says that. */
function copy(field, what) {
  const note = (text) => {
    $('copy-note').textContent = text;
    clearTimeout(view.noteTimer);
    view.noteTimer = setTimeout(() => { $('copy-note').textContent = ''; }, NOTE_MS);
  };
  const refused = () => {
    field.focus();
    field.select();
    note(`${what} selected: press Ctrl-C to copy it (the browser refused the clipboard)`);
  };
  if (!navigator.clipboard) return refused();
  navigator.clipboard.writeText(field.value).then(() => note(`${what} copied`), refused);
}

function wire() {
  for (const button of document.querySelectorAll('.modes button[data-mode]')) {
    button.addEventListener('click', () => {
      $('setup-mode').value = button.dataset.mode;
      document.body.dataset.setupMode = button.dataset.mode;
      if (button.dataset.mode !== 'analysis') $('setup-panel').open = true;
      else if (view.state && view.state.mode !== 'analysis' && view.state.moves.length) analyseGame();
      else newGame('analysis');
    });
  }
  $('setup-mode').addEventListener('change', () => { document.body.dataset.setupMode = $('setup-mode').value; });
  $('setup-time').addEventListener('change', () => { $('custom-time').hidden = $('setup-time').value !== 'custom'; });
  $('setup').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame($('setup-mode').value);
    $('setup-panel').open = false;
  });
  $('nav-first').addEventListener('click', () => goto(0));
  $('nav-prev').addEventListener('click', () => goto(view.state.ply - 1));
  $('nav-next').addEventListener('click', () => goto(view.state.ply + 1));
  $('nav-last').addEventListener('click', () => goto(view.state.moves.length));
  $('flip').addEventListener('click', flip);
  $('takeback').addEventListener('click', () => send({ type: 'takeback' }));
  $('resign').addEventListener('click', () => send({ type: 'resign' }));
  $('resign-black').addEventListener('click', () => send({ type: 'resign', side: 'black' }));
  $('resign-white').addEventListener('click', () => send({ type: 'resign', side: 'white' }));
  $('pause').addEventListener('click', () => send({ type: 'pause', on: !view.state.paused }));
  $('promote').addEventListener('click', () => send({ type: 'promote', node: view.state.node }));
  $('delete').addEventListener('click', () => send({ type: 'delete', node: view.state.node }));
  $('analyse-on').addEventListener('change', analyse);
  $('analyse-engine').addEventListener('change', analyse);
  $('analyse-multipv').addEventListener('change', analyse);
  $('analyse-limit').addEventListener('change', analyse);
  $('mode-editor').addEventListener('click', openEditor);
  $('editor-close').addEventListener('click', closeEditor);
  $('editor-side').addEventListener('change', drawEditor);
  $('editor-size').addEventListener('change', () => {
    editor.position = startPosition($('editor-size').value, $('editor-side').value);
    drawEditor();
  });
  $('editor-start').addEventListener('click', () => {
    editor.position = startPosition(`${editor.position.width}x${editor.position.height}`, 'b');
    $('editor-side').value = 'b';
    drawEditor();
  });
  $('editor-clear').addEventListener('click', () => {
    editor.position.cells = editor.position.cells.map((row) => row.map(() => null));
    drawEditor();
  });
  $('editor-check').addEventListener('click', () => send({ type: 'check_position', fen: toFen(editor.position) }));
  $('editor-analyse').addEventListener('click', () => {
    const fen = toFen(editor.position);
    closeEditor();
    view.evals.clear();
    send({ type: 'new_game', mode: 'analysis', fen });
  });
  $('editor-play').addEventListener('click', () => {
    view.setupFen = toFen(editor.position);
    closeEditor();
    $('setup-from').hidden = false;
    $('setup-mode').value = 'human_engine';
    document.body.dataset.setupMode = 'human_engine';
    $('setup-panel').open = true;
  });
  $('setup-from-clear').addEventListener('click', () => {
    view.setupFen = null;
    $('setup-from').hidden = true;
  });
  $('sound').addEventListener('click', () => {
    sound.on = !sound.on;
    localStorage.setItem(SOUND_KEY, sound.on ? 'on' : 'off');
    renderSound();
  });
  $('review-start').addEventListener('click', () => send({ type: 'review', on: true, ms: Number($('review-time').value) }));
  $('review-stop').addEventListener('click', () => send({ type: 'review', on: false }));
  $('fen-load').addEventListener('click', () => {
    view.evals.clear();
    send({ type: 'new_game', mode: 'analysis', fen: $('fen').value });
  });
  $('fen-copy').addEventListener('click', () => copy($('fen'), 'FEN'));
  $('game-load').addEventListener('click', () => {
    view.evals.clear();
    send({ type: 'load_moves', moves: $('game-text').value, fen: view.state ? view.state.start : null });
  });
  $('game-copy').addEventListener('click', () => copy($('game-text'), 'Game'));
  $('game-download').addEventListener('click', download);
  $('game-file').addEventListener('change', (e) => { upload(e.target.files[0]); e.target.value = ''; });
  $('record-file').addEventListener('change', (e) => readRecord(e.target.files[0]));
  $('message-close').addEventListener('click', hideMessage);
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-input').value.trim();
    if (text) send({ type: 'play', move: text });
    $('move-input').value = '';
  });
  $('board').addEventListener('click', () => {
    if (board.preview) { board.setPreview(null); renderStatus(); }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select, #board')) return;
    if (!view.state) return;
    const keys = {
      ArrowLeft: () => goto(view.state.ply - 1),
      ArrowRight: () => goto(view.state.ply + 1),
      Home: () => goto(0),
      End: () => goto(view.state.moves.length),
      f: flip,
      Escape: () => { board.setPreview(null); hideMessage(); renderStatus(); },
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  window.addEventListener('resize', fitBoard);
}

/** A move's or the end's sound, when the state shows a new move at the end of its
 *  line, or a result. */
function soundFor(previous, state) {
  if (!previous || previous.game !== state.game) return;
  if (state.result && !previous.result) return playSound('end');
  const added = state.moves.length === previous.moves.length + 1 && state.ply === state.moves.length
    && previous.moves.every((m, i) => state.moves[i] === m);
  if (added) playSound(/[a-z]\d+[a-z]/.test(state.moves[state.ply - 1]) ? 'capture' : 'move');
}

/** A short tone: a move, a jump (two notes) or the end (three). */
function playSound(kind) {
  if (!sound.on) return;
  stats.sounds[kind] += 1;
  try {
    sound.context = sound.context || new AudioContext();
    const context = sound.context;
    const notes = { move: [520], capture: [440, 660], end: [660, 550, 440] }[kind];
    notes.forEach((frequency, i) => {
      const at = context.currentTime + i * 0.09;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.12);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.13);
    });
  } catch (e) { /* no audio here */ }
}

function renderSound() {
  $('sound').setAttribute('aria-pressed', sound.on ? 'true' : 'false');
  $('sound').title = sound.on ? 'Sound on: click to turn it off' : 'Sound off: click to turn it on';
}

/** The start position of a `WxH` board (a1's colour as the rules set it: the top
 *  left square is Black's). */
function startPosition(size, side) {
  const [width, height] = size.split('x').map(Number);
  const cells = [];
  for (let rank = 0; rank < height; rank++) {
    cells[rank] = [];
    for (let file = 0; file < width; file++) cells[rank][file] = (file + height - 1 - rank) % 2 === 0 ? 'b' : 'w';
  }
  return { width, height, cells, side };
}

function openEditor() {
  const from = view.state ? parseFen(view.state.fen) : startPosition('8x8', 'b');
  editor.position = from;
  $('editor-panel').hidden = false;
  $('editor-size').value = `${from.width}x${from.height}`;
  board.setEditing(editSquare);
  drawEditor();
}

function closeEditor() {
  editor.position = null;
  board.setEditing(null);
  $('editor-panel').hidden = true;
  document.body.dataset.editing = '0';
  if (view.state) showState(view.state);
}

function drawEditor() {
  editor.position.side = $('editor-side').value;
  const fen = toFen(editor.position);
  board.show({ fen, legal: [], lastMove: null, interactive: false });
  $('editor-side').value = editor.position.side;
  $('editor-verdict').textContent = '';
  document.body.dataset.editing = '1';
  document.body.dataset.editorFen = fen;
  fitBoard();
}

/** A click on square `name` in the editor: the piece chosen there, or empty if it
 *  is there already. */
function editSquare(name) {
  const { file, rank } = parseSquare(name);
  const piece = document.querySelector('input[name="editor-piece"]:checked').value || null;
  const cells = editor.position.cells;
  cells[rank][file] = cells[rank][file] === piece ? null : piece;
  drawEditor();
}

function showChecked(message) {
  if (!editor.position || message.fen !== toFen(editor.position)) return;
  const box = $('editor-verdict');
  box.textContent = [message.message, ...message.warnings].join('. ');
  box.classList.toggle('bad', !message.ok);
  box.dataset.ok = message.ok ? '1' : '0';
}

function flip() {
  board.flip();
  document.body.dataset.flipped = board.flipped ? '1' : '0';
  if (view.state) {
    renderPlayers();
    renderClocks();
    renderAnalysis();
  }
}

wire();
renderSound();
connect();

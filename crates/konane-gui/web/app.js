// The page: one WebSocket to the server (this tab's game), the board and the panels,
// the controls and the keyboard. The server owns the game and checks every rule; the
// page sends requests and draws the state it gets back.

import { Board } from './board.js';
import { parseFen, applyMove, scoreForBlack } from './notation.js';
import { renderMoves, renderLines, renderEvalBar, renderGraph, clockText, renderRecordGames } from './panels.js';

const $ = (id) => document.getElementById(id);

// Measurements read by the end-to-end test (docs/gui.md reports them).
const stats = { readyAt: null, updates: 0, infos: 0, moveSentAt: null, moveToInfoMs: [] };
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
  clockBase: null,
  error: null,
};
window.konane.view = view;

let socket = null;
const board = new Board($('board'), (move) => send({ type: 'play', move }));

function send(request) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError('not connected to the server: reload the page');
    return;
  }
  if (request.type === 'play') stats.moveSentAt = performance.now();
  socket.send(JSON.stringify(request));
}

function showError(message) {
  $('error-text').textContent = message;
  $('error').hidden = false;
  clearTimeout(view.error);
  view.error = setTimeout(() => { $('error').hidden = true; }, 8000);
}

function connect() {
  const url = new URL('ws', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  socket = new WebSocket(url);
  socket.onopen = () => { $('connection').textContent = 'connected'; };
  socket.onclose = () => {
    $('connection').textContent = 'disconnected: reload to reconnect';
    document.body.classList.add('offline');
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
    case 'record': view.record = message; $('records-panel').hidden = false; return renderRecord();
    case 'error': return showError(message.message);
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
  view.welcome = message;
  for (const id of ['setup-engine-a', 'setup-engine-b', 'analyse-engine']) {
    const select = $(id);
    select.replaceChildren();
    for (const engine of message.engines) option(select, engine.index, engine.name);
  }
  const level = $('setup-level');
  for (const name of message.levels) option(level, name, name === 'engine' ? 'full strength' : name);
  const multipv = $('analyse-multipv');
  for (let n = 1; n <= message.max_multipv; n++) option(multipv, n, String(n));
  const size = $('setup-size');
  for (let h = 8; h >= 1; h--) for (let w = 8; w >= 1; w--) option(size, `${w}x${h}`, `${w}x${h}`);
}

function gameKey(state, ply) {
  return `${state.start}|${state.moves.slice(0, ply).join(' ')}`;
}

function showState(state) {
  const first = !view.state;
  const previous = view.state;
  view.state = state;
  if (previous && previous.fen !== state.fen) board.setPreview(null);
  const lastMove = state.ply > 0 ? state.moves[state.ply - 1] : null;
  board.show({ fen: state.fen, legal: state.legal, lastMove, interactive: state.human_to_move && state.legal.length > 0 });
  document.body.dataset.mode = state.mode;
  for (const button of document.querySelectorAll('.modes button')) {
    button.classList.toggle('active', button.dataset.mode === state.mode);
  }
  $('setup-mode').value = state.mode;
  $('setup-size').value = state.board;
  $('analyse-on').checked = state.analysing || (previous ? $('analyse-on').checked : true);
  $('analyse-engine').value = String(state.analysis_engine);
  $('analyse-multipv').value = String(state.multipv);
  $('fen').value = state.fen;
  if (document.activeElement !== $('movelist')) $('movelist').value = state.moves.join(' ');
  renderMoves($('moves'), state.moves, state.ply, goto);
  renderPlayers();
  renderResult();
  renderStatus();
  renderClocks();
  renderSolved();
  renderAnalysis();
  if (view.record) renderRecord();
  $('takeback').disabled = state.mode === 'engine_engine' || state.moves.length === 0;
  $('resign').hidden = !(state.mode === 'human_engine' || state.mode === 'human_human');
  $('resign').disabled = !!state.result;
  $('pause').hidden = state.mode !== 'engine_engine' || !!state.result;
  $('pause').textContent = state.paused ? 'Resume' : 'Pause';
  $('nav-prev').disabled = $('nav-first').disabled = state.ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = state.ply === state.moves.length;
  if (first) {
    stats.readyAt = performance.now();
    document.body.dataset.ready = '1';
  }
}

function renderPlayers() {
  const { state } = view;
  const flipped = board.flipped;
  const bottom = flipped ? 1 : 0;
  const top = 1 - bottom;
  $('top-name').textContent = state.players[top];
  $('bottom-name').textContent = state.players[bottom];
  $('top-dot').className = `dot ${top === 0 ? 'black' : 'white'}`;
  $('bottom-dot').className = `dot ${bottom === 0 ? 'black' : 'white'}`;
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
    const flipped = board.flipped;
    const ms = { black: clocks.black_ms, white: clocks.white_ms };
    if (clocks.running) ms[clocks.running] -= spent;
    const [bottom, top] = flipped ? ['white', 'black'] : ['black', 'white'];
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
  if (!solved || !view.state || solved.fen !== view.state.fen) {
    box.hidden = true;
    return;
  }
  const winner = solved.winner === 'black' ? 'Black' : 'White';
  let text = `Solved: ${winner} wins in ${solved.plies} ${solved.plies === 1 ? 'ply' : 'plies'}`;
  if (solved.winning.length) text += ` · winning moves: ${solved.winning.join(' ')}`;
  box.textContent = text;
  box.title = `best line: ${solved.line.join(' ')}`;
  box.hidden = false;
}

function info(message) {
  stats.infos += 1;
  if (stats.moveSentAt !== null) {
    stats.moveToInfoMs.push(performance.now() - stats.moveSentAt);
    stats.moveSentAt = null;
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
  $('search-stats').textContent = parts.join(' · ');
}

function renderAnalysis() {
  const { state } = view;
  if (!state) return;
  stats.updates += 1;
  const here = view.searchPly === state.ply;
  const lines = here ? view.lines : [];
  renderLines($('lines'), lines, state.side, previewLine);
  renderStats();
  const best = lines[0];
  board.setArrow(best && best.line.pv.length ? best.line.pv[0] : null);
  const evalHere = view.evals.get(gameKey(state, state.ply)) || null;
  renderEvalBar($('evalbar-fill'), $('evalbar-text'), evalHere, board.flipped);
  const evals = [];
  for (let p = 0; p <= state.moves.length; p++) evals[p] = view.evals.get(gameKey(state, p)) || null;
  renderGraph($('graph'), evals, state.moves.length, state.ply, goto);
  document.body.dataset.graphPoints = String(evals.filter(Boolean).length);
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

function timeSetting() {
  const [kind, a, b] = $('setup-time').value.split(':');
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
  };
  const time = timeSetting();
  if (time && mode !== 'analysis') request.time = time;
  if (mode === 'human_human' && time && time.kind !== 'clock') delete request.time;
  view.evals.clear();
  view.lines = [];
  send(request);
}

function analyse() {
  send({
    type: 'analyse',
    on: $('analyse-on').checked,
    engine: Number($('analyse-engine').value),
    multipv: Number($('analyse-multipv').value),
  });
}

function readRecord(file) {
  if (!file) return;
  const limit = view.welcome ? view.welcome.max_request_bytes : 4 << 20;
  if (file.size > limit - 1024) {
    showError(`the record file is too large (${file.size} bytes; the limit is ${limit >> 20} MiB)`);
    return;
  }
  file.text().then((text) => send({ type: 'load_record', text }));
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}

function wire() {
  for (const button of document.querySelectorAll('.modes button')) {
    button.addEventListener('click', () => {
      $('setup-mode').value = button.dataset.mode;
      document.body.dataset.setupMode = button.dataset.mode;
      if (button.dataset.mode === 'analysis') newGame('analysis');
      else $('setup-panel').open = true;
    });
  }
  $('setup-mode').addEventListener('change', () => { document.body.dataset.setupMode = $('setup-mode').value; });
  $('setup').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame($('setup-mode').value);
  });
  $('nav-first').addEventListener('click', () => goto(0));
  $('nav-prev').addEventListener('click', () => goto(view.state.ply - 1));
  $('nav-next').addEventListener('click', () => goto(view.state.ply + 1));
  $('nav-last').addEventListener('click', () => goto(view.state.moves.length));
  $('flip').addEventListener('click', flip);
  $('takeback').addEventListener('click', () => send({ type: 'takeback' }));
  $('resign').addEventListener('click', () => send({ type: 'resign' }));
  $('pause').addEventListener('click', () => send({ type: 'pause', on: !view.state.paused }));
  $('analyse-on').addEventListener('change', analyse);
  $('analyse-engine').addEventListener('change', analyse);
  $('analyse-multipv').addEventListener('change', analyse);
  $('fen-load').addEventListener('click', () => {
    view.evals.clear();
    send({ type: 'new_game', mode: 'analysis', fen: $('fen').value });
  });
  $('fen-copy').addEventListener('click', () => copy($('fen').value));
  $('moves-load').addEventListener('click', () => send({ type: 'load_moves', moves: $('movelist').value }));
  $('moves-copy').addEventListener('click', () => copy(view.state.moves.join(' ')));
  $('record-file').addEventListener('change', (e) => readRecord(e.target.files[0]));
  $('error-close').addEventListener('click', () => { $('error').hidden = true; });
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
    if (e.target.closest('input, textarea, select')) return;
    if (!view.state) return;
    const keys = {
      ArrowLeft: () => goto(view.state.ply - 1),
      ArrowRight: () => goto(view.state.ply + 1),
      Home: () => goto(0),
      End: () => goto(view.state.moves.length),
      f: flip,
      Escape: () => { board.setPreview(null); renderStatus(); },
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
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
connect();

// Wires the page together: the game (state + undo), the board, the solve log, the hint ladder,
// the dialogs, storage and the share link. The engine does all the Sudoku work through the API.
import { api, ApiError, describeError } from './api.js';
import { Board } from './board.js';
import { Game } from './game.js';
import { SolveLog, stepMarks, ratingText } from './solve-log.js';
import { houseCells, allowedMasks } from './geometry.js';
import { bit, cellIndex, cellName, charDigit, digitChar, fromLine, regionLabel, toLine } from './digits.js';
import { exportGrid, exportLine, exportPencilGrid } from './formats.js';
import { layoutsFor } from './jigsaw.js';
import { loadGame, loadSettings, readFragment, saveGame, saveSettings, shareFragment } from './store.js';

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => Array.from(document.querySelectorAll(sel));

const DEFAULT_INFO = {
  sizes: [4, 6, 8, 9, 10, 12, 15, 16, 20, 25],
  symmetries: ['none', 'rot180', 'rot90', 'mirror', 'flip', 'diagonal', 'antidiagonal', 'dihedral'],
  levels: [],
};
const VARIANT_NAMES = { classic: 'Classic', diagonal: 'Diagonal', windoku: 'Windoku', jigsaw: 'Jigsaw' };

const game = new Game();
const settings = { theme: 'auto', showRating: false, style: 'normal', highlight: true, ...loadSettings() };
const ui = {
  selected: 0,
  hint: null, // { level, res, key }
  marks: null, // the last /check or /hint verdict: { mistakes, wrong, conflicts } (cleared on change)
  random: null, // a random full grid shown on the empty board: { values, seed }
  busy: 0,
  info: DEFAULT_INFO,
  geometryCache: new Map(),
};

const board = new Board($('#board-wrap'), { onSelect: selectCell, onKey: boardKey });
const log = new SolveLog($('#log-panel'), { onSelect: (k, text) => { render(); if (text) announce(text); } });

// ---------- messages ----------

function say(text, kind = '') {
  const s = $('#status');
  s.textContent = text;
  s.dataset.kind = kind;
}

function announce(text) {
  // Clearing first makes a repeated message be read again.
  const a = $('#announce');
  a.textContent = '';
  setTimeout(() => { a.textContent = text; }, 30);
}

async function busy(fn) {
  ui.busy++;
  document.body.classList.add('busy');
  try { return await fn(); } finally {
    ui.busy--;
    if (!ui.busy) document.body.classList.remove('busy');
  }
}

// ---------- geometry ----------

/** The board shape for a variant and size, from the server (an empty puzzle through /parse). */
async function fetchGeometry(variant, n, regions = '') {
  const key = `${variant}/${n}/${regions}`;
  if (ui.geometryCache.has(key)) return ui.geometryCache.get(key);
  const body = { variant, size: n, puzzle: '.'.repeat(n * n) };
  if (variant === 'jigsaw') body.regions = regions;
  const res = await api.parse(body);
  ui.geometryCache.set(key, res.geometry);
  return res.geometry;
}

function regionsOf(geometry) {
  return geometry.variant === 'jigsaw' ? geometry.regions.map((r) => regionLabel(Number(r))).join('') : '';
}

// ---------- the view ----------

function addClass(map, i, c) {
  if (i < 0) return;
  if (!map.has(i)) map.set(i, []);
  const a = map.get(i);
  if (!a.includes(c)) a.push(c);
}

/** What the board shows now: the log's step, a random grid, or the player's position. */
function composeView() {
  const n = game.n;
  if (log.open && log.selected >= 0) {
    const v = log.view();
    return { ...v, selected: ui.selected };
  }
  const cellClasses = new Map();
  const markClasses = new Map();
  const labels = new Map();
  const grid = game.grid();
  const kinds = grid.map((v, i) => (game.isGiven(i) ? 'given' : v ? 'entry' : ''));
  const corner = game.corner.slice();
  const centre = game.centre.slice();
  let values = grid;
  let links = [];

  if (ui.random) {
    values = ui.random.values;
    values.forEach((v, i) => { if (!grid[i]) { kinds[i] = 'search'; addClass(cellClasses, i, 'by-search'); } });
  }

  if (settings.highlight && ui.selected >= 0 && !ui.random) {
    for (const p of game.info.peers[ui.selected]) addClass(cellClasses, p, 'peer');
    const d = values[ui.selected];
    if (d) {
      values.forEach((v, i) => { if (v === d) addClass(cellClasses, i, 'same'); });
      corner.forEach((m, i) => { if (!values[i] && (m | centre[i]) & bit(d)) markClasses.set(`${i}:${d}`, 'same'); });
    }
  }

  for (const i of game.conflicts()) { addClass(cellClasses, i, 'conflict'); addClass(labels, i, 'conflict'); }
  if (ui.marks) {
    for (const i of ui.marks.conflicts) { addClass(cellClasses, i, 'conflict'); addClass(labels, i, 'conflict'); }
    for (const i of ui.marks.mistakes) { addClass(cellClasses, i, 'mistake'); addClass(labels, i, 'mistake'); }
    for (const i of ui.marks.wrong) { addClass(cellClasses, i, 'wrong-cands'); addClass(labels, i, 'pencil marks leave out the solution'); }
  }

  const h = ui.hint;
  if (h && h.res && h.res.status === 'hint') {
    const r = h.res;
    const step = r.step || { houses: r.houses, cells: r.cells };
    const full = h.level >= 3 && !!r.step;
    const m = stepMarks({ ...step, houses: r.houses || step.houses, cells: h.level >= 2 ? (r.cells || step.cells) : [] },
      game.info, { houseClass: 'hint-house', cellClass: 'hint-cell', full });
    m.cellClasses.forEach((cs, i) => cs.forEach((c) => addClass(cellClasses, i, c)));
    m.labels.forEach((ls, i) => ls.forEach((l) => addClass(labels, i, l)));
    m.markClasses.forEach((c, k) => markClasses.set(k, c));
    links = m.links;
    if (full) {
      // Show the step's digits even where the player wrote no marks ("ghost" candidates).
      const allowed = allowedMasks(game.info, grid);
      for (const e of [...(r.step.eliminations || []), ...(r.step.placements || [])]) {
        const i = cellIndex(e.cell, n);
        if (i >= 0 && !values[i] && !((corner[i] | centre[i]) & bit(e.digit))) {
          corner[i] = (corner[i] || ((centre[i] ? 0 : allowed[i]))) | bit(e.digit);
        }
      }
    }
  }
  return { values, kinds, corner, centre, cellClasses, markClasses, labels, links, selected: ui.selected };
}

function render() {
  if (!game.info) return;
  board.render(composeView());
  const play = game.mode === 'play';
  document.body.dataset.mode = game.mode;
  document.body.dataset.log = log.open ? 'open' : 'closed';
  $('#mode-badge').textContent = log.open ? 'Solve log' : play ? 'Play' : 'Enter';
  $('#enter-controls').hidden = play;
  $('#play-controls').hidden = !play;
  $$('.play-only').forEach((el) => { el.hidden = !play; });
  $('#btn-undo').disabled = !game.past.length;
  $('#btn-redo').disabled = !game.future.length;
  $('#log-panel').hidden = !log.open;
  $('#legend').hidden = !(log.open || (ui.hint && ui.hint.level >= 2) || ui.random);
  $('#btn-log-prev').disabled = !log.open || log.selected <= 0;
  $('#btn-log-next').disabled = !log.open || !log.entries || log.selected >= log.entries.length - 1;
  $$('.segmented [data-style]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.style === settings.style)));
  $('.letters-help').hidden = game.n <= 9;
  renderInfoLine();
}

function renderInfoLine() {
  const m = game.meta;
  const parts = [`${VARIANT_NAMES[game.variant] || game.variant} ${game.n}×${game.n}`, `${game.givens()} givens`];
  if (m.level) parts.push(m.level);
  if (m.seed !== undefined && m.seed !== null) parts.push(`seed ${m.seed}`);
  if (settings.showRating && game.mode === 'play') {
    if (m.ratingText) parts.push(m.ratingText);
    else if (typeof m.rating === 'number') parts.push(`SE ${m.rating.toFixed(1)}${m.hardest ? ` (${m.hardest})` : ''}`);
    else rateNow(); // asked for, not known yet (an entered, shared or restored puzzle)
  }
  if (ui.random) parts.push(`random grid, seed ${ui.random.seed}`);
  $('#puzzle-info').textContent = parts.join(' · ');
}

// ---------- selection and input ----------

function selectCell(i) {
  ui.selected = i;
  board.setFocus(i, true);
  render();
}

/** ←/→ run in reading order (past a row's end to the next row), ↑/↓ wrap in the column. */
function moveSelection(dr, dc) {
  const n = game.n;
  if (dc) { selectCell((ui.selected + dc + n * n) % (n * n)); return; }
  const r = Math.floor(ui.selected / n), c = ui.selected % n;
  selectCell(((r + dr + n) % n) * n + c);
}

/** The digit a key stands for on this board (digits; letters for 10 and up), or 0. */
function keyDigit(e) {
  const n = game.n;
  let d = 0;
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || '');
  if (m) d = Number(m[1]);
  else if (e.key && e.key.length === 1) d = charDigit(e.key);
  if (d >= 10 && !(e.key && /^[a-z]$/i.test(e.key))) d = 0;
  return d >= 1 && d <= n ? d : 0;
}

function boardKey(e) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key] && !e.altKey) {
    e.preventDefault();
    moveSelection(...moves[e.key]);
    return;
  }
  if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    const n = game.n, r = Math.floor(ui.selected / n);
    selectCell(r * n + (e.key === 'Home' ? 0 : n - 1));
    return;
  }
  if ((e.ctrlKey || e.metaKey) && ['z', 'y'].includes(e.key.toLowerCase())) return; // document handles undo
  if (e.key === 'Delete' || e.key === 'Backspace' || (e.key === '0' && !e.ctrlKey) || e.key === '.') {
    e.preventDefault();
    eraseSelected();
    return;
  }
  if (e.key === ' ' && game.mode === 'play') {
    e.preventDefault();
    const order = ['normal', 'corner', 'centre'];
    setStyle(order[(order.indexOf(settings.style) + 1) % 3]);
    return;
  }
  if (e.key === 'Escape') {
    if (log.open) { closeLog(); e.preventDefault(); } else if (ui.hint) { closeHint(); e.preventDefault(); }
    return;
  }
  const d = keyDigit(e);
  if (d) {
    e.preventDefault();
    const style = e.shiftKey ? 'corner' : (e.ctrlKey || e.metaKey) ? 'centre' : settings.style;
    enterDigit(d, style);
  }
}

function readOnlyReason() {
  if (log.open) return 'The board shows the solve log: press "Back to my game" to play.';
  return '';
}

function enterDigit(d, style = settings.style) {
  const i = ui.selected;
  if (i < 0) return;
  const why = readOnlyReason();
  if (why) { say(why); return; }
  ui.random = null;
  const effective = game.mode === 'enter' ? 'normal' : style;
  const had = effective !== 'normal' && ((effective === 'corner' ? game.corner[i] : game.centre[i]) & bit(d));
  if (!game.input(i, d, effective)) {
    if (game.mode === 'play' && game.isGiven(i)) say(`${cellName(i, game.n)} is a given.`);
    else if (effective !== 'normal' && game.valueAt(i)) say(`${cellName(i, game.n)} holds a digit: clear it to write marks.`);
    return;
  }
  const name = cellName(i, game.n);
  if (effective === 'normal') announce(`${name}: ${digitChar(d)}${game.mode === 'enter' ? ' (given)' : ''}`);
  else announce(`${name}: ${effective} mark ${digitChar(d)} ${had ? 'removed' : 'added'}`);
}

function eraseSelected() {
  const i = ui.selected;
  if (i < 0) return;
  const why = readOnlyReason();
  if (why) { say(why); return; }
  ui.random = null;
  if (game.erase(i)) announce(`${cellName(i, game.n)} cleared`);
  else if (game.mode === 'play' && game.isGiven(i)) say(`${cellName(i, game.n)} is a given.`);
}

function setStyle(style) {
  settings.style = style;
  saveSettings(settings);
  render();
  announce(`Digits write ${style === 'normal' ? 'values' : `${style} marks`}`);
}

function buildKeypad() {
  const pad = $('#keypad');
  pad.textContent = '';
  const n = game.n;
  pad.style.setProperty('--kc', n <= 9 ? Math.min(n, 5) : Math.ceil(Math.sqrt(n)) + (n > 16 ? 1 : 0));
  for (let d = 1; d <= n; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = digitChar(d);
    b.dataset.digit = d;
    b.setAttribute('aria-label', `Digit ${digitChar(d)}`);
    pad.append(b);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.className = 'erase';
  erase.textContent = '⌫';
  erase.setAttribute('aria-label', 'Erase');
  erase.dataset.erase = '1';
  pad.append(erase);
}

// ---------- game changes ----------

let lastPositionKey = '';
game.onChange((what) => {
  const key = JSON.stringify(game.position());
  if (key !== lastPositionKey) {
    lastPositionKey = key;
    ui.marks = null;
    if (ui.hint && what !== 'hint') closeHint(true);
  }
  if (what === 'geometry' || what === 'load') {
    board.build(game.info);
    buildKeypad();
    ui.selected = Math.min(ui.selected, game.n * game.n - 1);
    board.setFocus(Math.max(0, ui.selected), false);
    syncEnterControls();
  }
  if (what === 'load' || what === 'mode' || what === 'geometry') {
    if (log.open) closeLog(true);
    ui.random = null;
  }
  saveGame(game);
  schedulePrint();
  render();
  if (game.mode === 'play' && ['edit', 'apply', 'undo', 'redo'].includes(what)) maybeSolved();
});

/** When the last cell is filled without clashes, ask the server whether it is the solution. */
async function maybeSolved() {
  if (game.filled() !== game.n * game.n || game.conflicts().size) return;
  try {
    const res = await api.check(game.position());
    if (res.solved) { say('Solved! Well done.', 'good'); announce('Solved! Well done.'); } else if (res.mistakes && res.mistakes.length) {
      say('The board is full, but some digits are wrong: press Check to see them.', 'bad');
    }
  } catch { /* offline: nothing to say */ }
}

// ---------- enter mode ----------

function fillSelect(sel, options, value) {
  sel.textContent = '';
  for (const [v, label] of options) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = label;
    sel.append(o);
  }
  if (value !== undefined && options.some(([v]) => String(v) === String(value))) sel.value = String(value);
}

function layoutOptions(n) {
  return [...layoutsFor(n).map((l) => [l.map, l.name]), ['custom', 'Custom map…']];
}

function syncEnterControls() {
  $('#enter-variant').value = game.variant;
  fillSelect($('#enter-size'), sizesFor(game.variant).map((s) => [s, `${s}×${s}`]), game.n);
  const jig = game.variant === 'jigsaw';
  $('#enter-layout-label').hidden = !jig;
  if (jig) {
    const opts = layoutOptions(game.n);
    fillSelect($('#enter-layout'), opts, opts.some(([v]) => v === game.regions) ? game.regions : 'custom');
    $('#enter-regions').value = game.regions;
  }
  $('#enter-regions-label').hidden = !jig || $('#enter-layout').value !== 'custom';
}

function sizesFor(variant) {
  // Windoku's windows are 3×3 (9×9 only); diagonals need no boxes, so every size works.
  if (variant === 'windoku') return [9];
  return ui.info.sizes || DEFAULT_INFO.sizes;
}

async function changeEnterShape() {
  const variant = $('#enter-variant').value;
  let n = Number($('#enter-size').value) || 9;
  if (!sizesFor(variant).includes(n)) n = 9;
  let regions = '';
  if (variant === 'jigsaw') {
    const layouts = layoutsFor(n);
    // A new size (or a switch to jigsaw) starts from that size's first built-in layout.
    const fresh = n !== game.n || game.variant !== 'jigsaw';
    const choice = fresh && layouts.length ? layouts[0].map : $('#enter-layout').value;
    if (choice && choice !== 'custom' && choice.length === n * n) regions = choice;
    else if (choice === 'custom') regions = $('#enter-regions').value.replace(/\s+/g, '');
    else if (layouts.length) regions = layouts[0].map;
    if (regions.length !== n * n) {
      fillSelect($('#enter-layout'), layoutOptions(n), 'custom');
      $('#enter-layout-label').hidden = false;
      $('#enter-regions-label').hidden = false;
      say(`A ${n}×${n} jigsaw needs a region map: ${n * n} labels, ${n} of each.`);
      return;
    }
  }
  try {
    const g = await busy(() => fetchGeometry(variant, n, regions));
    if (game.mode === 'play') game.edit();
    game.meta = {};
    game.setGeometry(g, regionsOf(g) || regions);
    say(`${VARIANT_NAMES[variant]} ${n}×${n}: type the givens, then Start.`);
  } catch (err) {
    say(describeError(err), 'bad');
    syncEnterControls();
  }
}

async function startPlay() {
  if (game.givens() === 0) { say('Type the givens first (or use New puzzle, or Solve for a random grid).'); return; }
  ui.random = null;
  try {
    const res = await busy(() => api.check(game.position({ withPlay: false })));
    if (res.status === 'unique') {
      game.start();
      say('The puzzle has one solution. Good luck!', 'good');
      announce('Play mode');
      board.setFocus(ui.selected, true);
      return;
    }
    ui.marks = { conflicts: conflictCellsOf(res), mistakes: [], wrong: [] };
    render();
    const text = {
      invalid: `Clashing givens: ${res.reason || 'a digit repeats in a house'}. Fix them before you start.`,
      multiple: 'This puzzle has more than one solution: add givens before you start.',
      'no-solution': 'This puzzle has no solution: check the givens.',
      'gave-up': 'The check ran out of time, so uniqueness is unknown: Start is blocked.',
    }[res.status] || `Cannot start: ${res.status}`;
    say(text, 'bad');
    announce(text);
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

function conflictCellsOf(res) {
  const n = game.n;
  const out = new Set();
  for (const c of res.conflicts || []) (c.cells || []).forEach((x) => { const i = cellIndex(x, n); if (i >= 0) out.add(i); });
  return [...out];
}
const cellsOf = (list) => (list || []).map((x) => cellIndex(typeof x === 'object' && x !== null ? x.cell : x, game.n)).filter((i) => i >= 0);

// ---------- check, hint ----------

async function checkNow() {
  try {
    const res = await busy(() => api.check(game.position()));
    ui.marks = { conflicts: conflictCellsOf(res), mistakes: cellsOf(res.mistakes), wrong: cellsOf(res.wrong_candidates) };
    render();
    const names = (is) => is.map((i) => cellName(i, game.n)).join(', ');
    let text;
    if (res.solved) text = 'Solved! Every digit is right.';
    else if (res.status !== 'unique') text = `The puzzle is ${res.status}: mistakes cannot be told.`;
    else if (ui.marks.mistakes.length || ui.marks.wrong.length) {
      text = [
        ui.marks.mistakes.length ? `${ui.marks.mistakes.length} wrong ${ui.marks.mistakes.length === 1 ? 'digit' : 'digits'}: ${names(ui.marks.mistakes)}` : '',
        ui.marks.wrong.length ? `pencil marks leaving out the solution in ${names(ui.marks.wrong)}` : '',
      ].filter(Boolean).join('; ') + '.';
    } else text = `No mistakes so far (${res.filled} of ${game.n * game.n} cells filled).`;
    say(text, ui.marks.mistakes.length || ui.marks.wrong.length ? 'bad' : 'good');
    announce(text);
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

function positionKey() { return JSON.stringify(game.position()); }

async function hintNow() {
  if (log.open) closeLog(true);
  const key = positionKey();
  const h = ui.hint;
  const level = h && h.key === key && h.res && h.res.status === 'hint' ? Math.min(3, h.level + 1) : 1;
  try {
    const res = await busy(() => api.hint({ ...game.position(), level }));
    ui.hint = { level: res.level || level, res, key };
    if (res.status === 'mistakes') {
      ui.marks = { conflicts: [], mistakes: cellsOf(res.mistakes), wrong: cellsOf(res.wrong_candidates) };
    }
    showHint();
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

function showHint() {
  const h = ui.hint;
  const r = h.res;
  const names = (is) => is.map((i) => cellName(i, game.n)).join(', ');
  let text;
  switch (r.status) {
    case 'hint':
      // The server's text starts "Hint: " (the panel says so already); level 3 adds the step's line.
      text = String(r.text || r.technique || '').replace(/^Hint:\s*/, '');
      if (h.level >= 3 && r.step && !text.includes(r.step.text)) text += `\n${r.step.text}`;
      break;
    case 'mistakes': {
      const m = ui.marks;
      text = 'First fix your mistakes: '
        + [m.mistakes.length ? `wrong ${m.mistakes.length === 1 ? 'digit' : 'digits'} in ${names(m.mistakes)}` : '',
          m.wrong.length ? `pencil marks leaving out the solution in ${names(m.wrong)}` : ''].filter(Boolean).join('; ') + '.';
      break;
    }
    case 'solved': text = 'The puzzle is solved.'; break;
    case 'stuck': text = 'No technique nonet knows applies here.'; break;
    case 'multiple': text = 'No hint: the puzzle has more than one solution, and logic cannot tell them apart here.'; break;
    case 'gave-up': text = 'The hint search ran out of time.'; break;
    default: text = `No hint: the puzzle is ${r.status}${r.reason ? ` (${r.reason})` : ''}.`;
  }
  $('#hint-panel').hidden = false;
  $('#hint-panel').dataset.level = h.level;
  $('#hint-panel').dataset.status = r.status;
  $('#hint-text').textContent = text;
  $('#hint-title').textContent = r.status === 'hint' ? `Hint (level ${h.level} of 3)` : 'Hint';
  $('#btn-hint-more').hidden = !(r.status === 'hint' && h.level < 3);
  $('#btn-hint-apply').hidden = !(r.status === 'hint' && h.level >= 3 && r.step);
  render();
}

function closeHint(silent) {
  ui.hint = null;
  $('#hint-panel').hidden = true;
  if (!silent) render();
}

function applyHint() {
  const h = ui.hint;
  if (!h || !h.res.step) return;
  const step = h.res.step;
  if (game.applyStep(step)) {
    const text = `Applied: ${step.text}`;
    say(text);
    announce(text);
  }
  closeHint();
}

// ---------- solve and the log ----------

async function solveNow() {
  if (log.open) { closeLog(true); }
  closeHint(true);
  const n = game.n;
  if (game.filled() === 0) {
    // An empty board: a random full grid, reproducible by its seed.
    try {
      const body = { variant: game.variant, size: n, puzzle: '', random: true };
      if (game.variant === 'jigsaw') body.regions = game.regions;
      const res = await busy(() => api.solve(body));
      if (!res.solution) { say(`No grid: ${res.status}`, 'bad'); return; }
      ui.random = { values: fromLine(res.solution, n), seed: res.seed };
      render();
      const text = `A random full grid, seed ${res.seed}.`;
      say(text, 'good');
      announce(text);
    } catch (err) { say(describeError(err), 'bad'); }
    return;
  }
  const fromPosition = game.mode === 'play' && $('#solve-from-position').checked;
  const body = { ...game.position({ withPlay: fromPosition }), time_limit: 20 };
  if (fromPosition) body.from = 'position';
  try {
    const res = await busy(() => { say('Solving…'); return api.explain(body); });
    if (!res.steps && !res.solution) {
      if (res.status === 'invalid') ui.marks = { conflicts: conflictCellsOf(res), mistakes: [], wrong: [] };
      render();
      const text = {
        invalid: `Clashing givens: ${res.reason || ''}`,
        'no-solution': 'This puzzle has no solution.',
        multiple: 'This puzzle has more than one solution.',
      }[res.status] || `Cannot solve: ${res.status}${res.reason ? ` (${res.reason})` : ''}`;
      say(text, 'bad');
      return;
    }
    const filled = fromPosition ? game.grid() : game.puzzle.slice();
    const kinds = filled.map((v, i) => (game.isGiven(i) ? 'given' : v ? 'entry' : ''));
    log.show(res, game.info, filled, kinds);
    say(log.endText(), res.status === 'solved' ? 'good' : '');
    render();
    $('#log-list').focus();
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

function closeLog(silent) {
  log.close();
  if (!silent) {
    render();
    board.setFocus(ui.selected, true);
    say('Back to your game.');
  }
}

// ---------- rating ----------

let ratingAsked = '';
async function rateNow() {
  const key = toLine(game.puzzle);
  if (game.meta.ratingText || typeof game.meta.rating === 'number' || ratingAsked === key) return;
  ratingAsked = key; // once per puzzle, even if it fails
  try {
    const res = await api.rate({ ...game.position({ withPlay: false }), time_limit: 20 });
    if (res.rating && toLine(game.puzzle) === key) {
      game.meta.ratingText = ratingText(res.rating);
      saveGame(game);
      render();
    }
  } catch { /* the rating is optional */ }
}

// ---------- new puzzle ----------

function syncNewForm() {
  const f = settings.newForm || {};
  const variant = $('#new-variant').value;
  const sizes = sizesFor(variant);
  const n = Number($('#new-size').value) || f.size || 9;
  fillSelect($('#new-size'), sizes.map((s) => [s, `${s}×${s}`]), sizes.includes(n) ? n : 9);
  const size = Number($('#new-size').value);
  const jig = variant === 'jigsaw';
  $('#new-layout-label').hidden = !jig;
  if (jig) {
    const prev = $('#new-layout').value;
    const opts = layoutOptions(size);
    fillSelect($('#new-layout'), opts, opts.some(([v]) => v === prev) ? prev : opts[0][0]);
  }
  $('#new-regions-label').hidden = !jig || $('#new-layout').value !== 'custom';
  $('#new-rating-label').hidden = $('#new-level').value !== 'custom';
}

function openNew() {
  const f = settings.newForm || {};
  const levels = (ui.info.levels || []).map((l) => [l.name, `${l.name} (${Number(l.min).toFixed(1)}–${Number(l.max).toFixed(1)})`]);
  fillSelect($('#new-level'), [['', 'any'], ...levels, ['custom', 'rating range…']], f.level ?? 'easy');
  fillSelect($('#new-symmetry'), (ui.info.symmetries || DEFAULT_INFO.symmetries).map((s) => [s, s]), f.symmetry || 'rot180');
  $('#new-variant').value = f.variant || game.variant || 'classic';
  fillSelect($('#new-size'), sizesFor($('#new-variant').value).map((s) => [s, `${s}×${s}`]), f.size || 9);
  if (f.layout) { syncNewForm(); $('#new-layout').value = f.layout; }
  $('#new-rating').value = f.rating || '';
  $('#new-seed').value = '';
  $('#new-regions').value = f.regions || '';
  $('#opt-show-rating').checked = !!settings.showRating;
  $('#new-status').textContent = '';
  syncNewForm();
  $('#new-dialog').showModal();
}

async function generateNow() {
  const variant = $('#new-variant').value;
  const size = Number($('#new-size').value);
  const level = $('#new-level').value;
  const body = { variant, size, n: 1, symmetry: $('#new-symmetry').value, time_limit: 30 };
  if (level === 'custom') body.rating = $('#new-rating').value.trim();
  else if (level) body.level = level;
  const seed = $('#new-seed').value.trim();
  if (seed) {
    if (!/^\d+$/.test(seed)) { $('#new-status').textContent = 'The seed is a whole number (or empty for a random one).'; return; }
    body.seed = seed; // a string of digits: api.js writes it as a JSON number
  }
  let regions = '';
  if (variant === 'jigsaw') {
    const choice = $('#new-layout').value;
    regions = choice === 'custom' ? $('#new-regions').value.replace(/\s+/g, '') : choice;
    body.regions = regions;
  }
  settings.newForm = { variant, size, level, symmetry: body.symmetry, rating: body.rating || '', layout: $('#new-layout').value, regions: $('#new-regions').value };
  settings.showRating = $('#opt-show-rating').checked;
  saveSettings(settings);
  const status = $('#new-status');
  status.textContent = 'Generating…';
  $('#btn-generate').disabled = true;
  try {
    const res = await busy(() => api.generate(body));
    const p = (res.puzzles || [])[0];
    if (!p) { status.textContent = res.status === 'gave-up' ? 'No puzzle within the time limit: try an easier level or another seed.' : `No puzzle: ${res.status}`; return; }
    const geometry = res.geometry || await fetchGeometry(variant, size, regions);
    const n = geometry.size;
    game.load({
      geometry, regions: regionsOf(geometry) || regions, puzzle: fromLine(p.puzzle, n), mode: 'play',
      meta: { seed: res.seed, level: level === 'custom' ? `SE ${body.rating}` : level || '', rating: p.rating, hardest: p.hardest, solution: p.solution, symmetry: body.symmetry },
    });
    $('#new-dialog').close();
    const text = `New ${level && level !== 'custom' ? `${level} ` : ''}puzzle, seed ${res.seed}. Good luck!`;
    say(text, 'good');
    announce(text);
    board.setFocus(0, true);
    ui.selected = 0;
    render();
  } catch (err) {
    status.textContent = describeError(err);
  } finally {
    $('#btn-generate').disabled = false;
  }
}

// ---------- import / export / share / print ----------

async function importNow() {
  const text = $('#io-text').value;
  const status = $('#io-status');
  if (!text.trim()) { status.textContent = 'Paste a puzzle or open a file first.'; return; }
  const body = { text };
  const v = $('#io-variant').value;
  if (v) body.variant = v;
  if (v === 'jigsaw') body.regions = game.variant === 'jigsaw' ? game.regions : layoutsFor(9)[0].map;
  try {
    const res = await busy(() => api.parse(body));
    const g = res.geometry;
    game.load({ geometry: g, regions: regionsOf(g), puzzle: fromLine(res.puzzle, g.size), mode: 'enter', meta: res.comment ? { comment: res.comment } : {} });
    const msg = `Loaded a ${g.size}×${g.size} ${g.variant || 'classic'} puzzle with ${res.givens ?? game.givens()} givens`
      + `${res.records > 1 ? ` (the first of ${res.records})` : ''}. Press Start to play.`;
    status.textContent = msg;
    $('#io-dialog').close();
    say(msg, 'good');
  } catch (err) {
    status.textContent = describeError(err);
    status.dataset.kind = 'bad';
  }
}

function exportNow(kind) {
  const withEntries = $('#io-with-entries').checked && game.mode === 'play';
  const values = withEntries ? game.grid() : game.puzzle.slice();
  let text;
  if (kind === 'line') text = exportLine(values);
  else if (kind === 'grid') text = exportGrid(game.info, values);
  else {
    const marks = game.corner.map((m, i) => (withEntries ? m | game.centre[i] : 0));
    text = exportPencilGrid(game.info, values, marks);
  }
  $('#io-text').value = text;
  $('#io-status').textContent = `Exported ${kind === 'pencil' ? 'a pencil-mark grid' : `as a ${kind}`}.`;
}

async function copyText(text, statusEl) {
  try {
    await navigator.clipboard.writeText(text);
    statusEl.textContent = 'Copied.';
  } catch {
    statusEl.textContent = 'Copying was not allowed: select the text and copy it.';
  }
}

function shareUrl() {
  return `${location.origin}${location.pathname}#${shareFragment(game)}`;
}

let printTimer = 0;
function schedulePrint() {
  clearTimeout(printTimer);
  printTimer = setTimeout(refreshPrint, 600);
}

/** The print sheet is the engine's own SVG (/render), kept up to date for Ctrl+P. */
async function refreshPrint() {
  if (!game.info) return false;
  try {
    const svg = await api.render(game.position());
    const sheet = $('#print-sheet');
    sheet.innerHTML = svg;
    const cap = document.createElement('p');
    cap.className = 'print-caption';
    cap.textContent = `nonet · ${$('#puzzle-info').textContent}`;
    sheet.prepend(cap);
    return true;
  } catch { return false; }
}

// ---------- theme ----------

// The palette in use: the chosen one, or in "auto" the system's (followed as it changes).
const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
function applyTheme() {
  document.documentElement.dataset.theme = settings.theme;
  const dark = settings.theme === 'dark' || (settings.theme === 'auto' && systemDark.matches);
  document.documentElement.dataset.scheme = dark ? 'dark' : 'light';
  const b = $('#btn-theme');
  const label = { auto: 'auto', light: 'light', dark: 'dark' }[settings.theme];
  b.textContent = `Theme: ${label}`;
  b.setAttribute('aria-label', `Colour theme: ${label === 'auto' ? 'automatic' : label} (click to change)`);
}

// ---------- wiring ----------

function wire() {
  $('#btn-new').addEventListener('click', openNew);
  $('#new-variant').addEventListener('change', () => {
    // Most region maps have no symmetry, so a symmetric jigsaw would be refused.
    if ($('#new-variant').value === 'jigsaw') $('#new-symmetry').value = 'none';
    syncNewForm();
  });
  $('#new-size').addEventListener('change', syncNewForm);
  $('#new-layout').addEventListener('change', syncNewForm);
  $('#new-level').addEventListener('change', syncNewForm);
  $('#opt-show-rating').addEventListener('change', (e) => { settings.showRating = e.target.checked; saveSettings(settings); render(); });
  $('#new-form').addEventListener('submit', (e) => {
    if (e.submitter && e.submitter.value === 'generate') { e.preventDefault(); generateNow(); }
  });

  $('#btn-io').addEventListener('click', () => { $('#io-status').textContent = ''; $('#io-dialog').showModal(); });
  $('#btn-import').addEventListener('click', importNow);
  $('#io-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    if (f.size > 60000) { $('#io-status').textContent = `${f.name} is too large (over 60 KB).`; return; }
    $('#io-text').value = await f.text();
    importNow();
  });
  $$('[data-export]').forEach((b) => b.addEventListener('click', () => exportNow(b.dataset.export)));
  $('#btn-copy').addEventListener('click', () => copyText($('#io-text').value, $('#io-status')));
  $('#btn-download').addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([`${$('#io-text').value}\n`], { type: 'text/plain' }));
    a.download = 'nonet-puzzle.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  $('#btn-share').addEventListener('click', () => {
    $('#share-url').value = shareUrl();
    $('#share-status').textContent = '';
    $('#share-dialog').showModal();
    $('#share-url').select();
  });
  $('#btn-share-copy').addEventListener('click', () => copyText($('#share-url').value, $('#share-status')));

  $('#btn-print').addEventListener('click', async () => { await busy(refreshPrint); window.print(); });
  systemDark.addEventListener('change', applyTheme);
  $('#btn-theme').addEventListener('click', () => {
    settings.theme = { auto: 'light', light: 'dark', dark: 'auto' }[settings.theme] || 'auto';
    saveSettings(settings);
    applyTheme();
    announce(`Theme: ${settings.theme}`);
  });

  $('#enter-variant').addEventListener('change', changeEnterShape);
  $('#enter-size').addEventListener('change', changeEnterShape);
  $('#enter-layout').addEventListener('change', () => {
    $('#enter-regions-label').hidden = $('#enter-layout').value !== 'custom';
    if ($('#enter-layout').value !== 'custom') changeEnterShape();
  });
  $('#enter-regions').addEventListener('change', changeEnterShape);
  $('#btn-start').addEventListener('click', startPlay);
  $('#btn-clear-givens').addEventListener('click', () => { ui.random = null; game.clearAll(); say('Board cleared.'); });

  $$('.segmented [data-style]').forEach((b) => b.addEventListener('click', () => setStyle(b.dataset.style)));
  // Pressing these with a mouse or a finger leaves the focus on the board, so typing goes on there.
  for (const el of [$('#keypad'), $('.segmented'), $('#btn-undo'), $('#btn-redo')]) {
    el.addEventListener('pointerdown', (e) => { if (document.activeElement && document.activeElement.closest('#board')) e.preventDefault(); });
  }
  $('#keypad').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.dataset.erase) eraseSelected(); else enterDigit(Number(b.dataset.digit));
  });
  $('#btn-undo').addEventListener('click', () => { if (game.undo()) announce('Undone'); });
  $('#btn-redo').addEventListener('click', () => { if (game.redo()) announce('Redone'); });
  $('#btn-auto').addEventListener('click', () => { if (log.open) closeLog(true); game.autoCandidates(); say('Candidates filled in.'); });
  $('#btn-clear-marks').addEventListener('click', () => { game.clearMarks(); say('Pencil marks cleared.'); });
  $('#btn-check').addEventListener('click', checkNow);
  $('#btn-hint').addEventListener('click', hintNow);
  $('#btn-hint-more').addEventListener('click', hintNow);
  $('#btn-hint-apply').addEventListener('click', applyHint);
  $('#btn-hint-close').addEventListener('click', () => closeHint());
  $('#btn-solve').addEventListener('click', solveNow);
  $('#btn-edit').addEventListener('click', () => {
    if (game.values.some(Boolean) && !confirm('Back to entering givens? Your entries will be cleared.')) return;
    game.edit();
    say('Edit the givens, then Start.');
  });
  $('#opt-highlight').checked = settings.highlight;
  $('#opt-highlight').addEventListener('change', (e) => { settings.highlight = e.target.checked; saveSettings(settings); render(); });
  $('#btn-log-prev').addEventListener('click', () => log.step(-1));
  $('#btn-log-next').addEventListener('click', () => log.step(1));
  $('#btn-log-close').addEventListener('click', () => closeLog());

  document.addEventListener('keydown', (e) => {
    const t = e.target;
    const typing = t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
    if (typing || document.querySelector('dialog[open]')) return;
    // Keys typed with nothing focused go to the board's selected cell.
    if (t === document.body && !e.altKey && (!(e.ctrlKey || e.metaKey) || keyDigit(e))) { boardKey(e); if (e.defaultPrevented) return; }
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (k === 'z' || k === 'y')) {
      e.preventDefault();
      const redo = k === 'y' || (k === 'z' && e.shiftKey);
      if (log.open) closeLog(true);
      if (redo ? game.redo() : game.undo()) announce(redo ? 'Redone' : 'Undone');
      return;
    }
    if (e.key === 'Escape' && log.open && !t.closest('#board')) { e.preventDefault(); closeLog(); return; }
    // ←/→ step through the log from anywhere but the board (where arrows move the cursor).
    if (log.open && ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key) && !t.closest('#board') && !t.closest('#log-list')) {
      e.preventDefault();
      if (e.key === 'Home') log.select(0, true);
      else if (e.key === 'End') log.select(log.entries.length - 1, true);
      else log.step(e.key === 'ArrowLeft' ? -1 : 1);
    }
  });
  window.addEventListener('beforeprint', () => { clearTimeout(printTimer); });
}

// ---------- start-up ----------

// The variants both forms offer.
const VARIANTS = [['classic', 'Classic'], ['diagonal', 'Diagonal (X)'], ['windoku', 'Windoku'], ['jigsaw', 'Jigsaw']];

async function init() {
  for (const id of ['#enter-variant', '#new-variant']) fillSelect($(id), VARIANTS, 'classic');
  applyTheme();
  wire();
  try { ui.info = { ...DEFAULT_INFO, ...(await api.info()) }; } catch { /* defaults */ }
  fillSelect($('#enter-size'), sizesFor('classic').map((s) => [s, `${s}×${s}`]), 9);

  const shared = readFragment(location.hash);
  if (shared) {
    try {
      const res = await api.parse({ variant: shared.variant, puzzle: shared.puzzle, ...(shared.variant === 'jigsaw' ? { regions: shared.regions } : {}) });
      const g = res.geometry;
      game.load({
        geometry: g, regions: regionsOf(g), puzzle: fromLine(res.puzzle, g.size), values: shared.values,
        corner: shared.corner, centre: shared.centre, mode: shared.mode,
        meta: shared.seed !== undefined ? { seed: shared.seed } : {},
      });
      // The link has done its work: from now on a reload keeps the player's newer progress.
      history.replaceState(null, '', location.pathname + location.search);
      say('Opened the shared puzzle.', 'good');
      return;
    } catch (err) {
      say(`The share link could not be read: ${describeError(err)}`, 'bad');
    }
  }
  const saved = loadGame();
  if (saved) {
    try {
      game.load(saved);
      say(saved.mode === 'play' ? 'Welcome back: your game is as you left it.' : 'Type a puzzle, or pick New puzzle.');
      return;
    } catch { /* a broken record: start afresh */ }
  }
  try {
    const g = await fetchGeometry('classic', 9);
    game.load({ geometry: g, mode: 'enter' });
    say('Type the givens of a puzzle and press Start, or pick New puzzle.');
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

init().then(() => { document.body.dataset.ready = 'true'; });

// For the browser tests and the curious: the live objects (read-only use).
window.nonet = { game, ui, log, toLine, ApiError };

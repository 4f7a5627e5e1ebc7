// What the board shows (the player's position, a step of the log, a hint, a random grid) and the
// panels around it; render() redraws it all from the state in app.js.
import { $, $$, VARIANT_NAMES, announce, game, settings, ui } from './app.js';
import { Board } from './board.js';
import { SolveLog, stepMarks, stepRules } from './solve-log.js';
import { allowedMasks } from './geometry.js';
import { bit, cellIndex, fromLine, regionLabel } from './digits.js';
import { boardKey, selectCell } from './input.js';
import { rateNow } from './rating.js';
import { puzzleKind, rulesLine } from './rules.js';
import { updateKeypad } from './tools.js';
import { renderTimer } from './timer.js';

export const board = new Board($('#board-wrap'), { onSelect: selectCell, onKey: boardKey });
export const log = new SolveLog($('#log-panel'), { onSelect: (k, text) => { render(); if (text) announce(text); } });

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
    return { ...v, selected: ui.selected, rules: log.selectedRules() };
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
  let rules = [];

  if (ui.random) {
    values = ui.random.values;
    values.forEach((v, i) => { if (!grid[i]) { kinds[i] = 'search'; addClass(cellClasses, i, 'by-search'); } });
    // Two solutions of a puzzle that is not unique: where they differ.
    for (const i of ui.random.differs || []) { addClass(cellClasses, i, 'differs'); addClass(labels, i, 'differs between the solutions'); }
  }

  // A setter drawing rules selects no cell: peers would only hide the regions and rules.
  const drawing = game.mode === 'set' && ui.setter.tool !== 'given';
  if (settings.highlight && ui.selected >= 0 && !ui.random && !drawing) {
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
  // Instant marking, when asked for: entries against the solution the server gave.
  if (settings.showMistakes && game.mode === 'play' && game.meta.solution) {
    const solution = fromLine(game.meta.solution, n);
    game.values.forEach((v, i) => {
      if (v && !game.isGiven(i) && solution[i] && v !== solution[i]) { addClass(cellClasses, i, 'mistake'); addClass(labels, i, 'mistake'); }
    });
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
    rules = stepRules(r.step || r);
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
  const colours = ui.random ? [] : game.colours;
  if (game.mode === 'set' && ui.setter.selected >= 0) rules = [ui.setter.selected];
  // Painting regions: the region being painted, and the cells of the stroke that join it.
  if (game.mode === 'set' && ui.setter.tool === 'regions') {
    const ids = game.variant === 'jigsaw' ? Array.from(game.regions) : null;
    game.info.regions.forEach((id, i) => {
      if ((ids ? ids[i] : regionLabel(id)) === ui.setter.region) addClass(cellClasses, i, 'region-pick');
    });
    for (const i of ui.setter.painting) addClass(cellClasses, i, 'region-paint');
  }
  return { values, kinds, corner, centre, colours, cellClasses, markClasses, labels, links, rules, selected: ui.selected };
}


export function render() {
  if (!game.info) return;
  board.render(composeView());
  const play = game.mode === 'play';
  document.body.dataset.mode = game.mode;
  document.body.dataset.log = log.open ? 'open' : 'closed';
  $('#mode-badge').textContent = log.open ? 'Solve log' : { play: 'Play', set: 'Set', enter: 'Enter' }[game.mode];
  $('#enter-controls').hidden = game.mode !== 'enter';
  $('#set-controls').hidden = game.mode !== 'set';
  $('#set-more').hidden = game.mode !== 'set';
  $('#play-controls').hidden = !play;
  $$('.play-only').forEach((el) => { el.hidden = !play; });
  $('#btn-undo').disabled = !game.past.length;
  $('#btn-redo').disabled = !game.future.length;
  $('#log-panel').hidden = !log.open;
  // The legend explains steps and the search's digits; a setter's two solutions explain themselves.
  $('#legend').hidden = !(log.open || (ui.hint && ui.hint.level >= 2) || (ui.random && !ui.random.differs));
  $('#btn-log-prev').disabled = !log.open || log.selected <= 0;
  $('#btn-log-next').disabled = !log.open || !log.entries || log.selected >= log.entries.length - 1;
  $$('.segmented [data-style]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.style === settings.style)));
  document.body.dataset.keypad = play && settings.style === 'colour' ? 'colour' : 'digits';
  $('.letters-help').hidden = game.n <= 9;
  updateKeypad(game.grid());
  const line = rulesLine(game.constraints, game.info);
  $('#rules-line').hidden = !line;
  $('#rules-line').textContent = line;
  $('#btn-next').hidden = !(play && game.meta.solved);
  renderTimer();
  renderInfoLine();
}

function renderInfoLine() {
  const m = game.meta;
  const kind = puzzleKind(game.constraints, VARIANT_NAMES[game.variant] || game.variant);
  const parts = [`${kind[0].toUpperCase()}${kind.slice(1)} ${game.n}×${game.n}`, `${game.givens()} givens`];
  if (m.level) parts.push(m.level);
  if (m.seed !== undefined && m.seed !== null) parts.push(`seed ${m.seed}`);
  if (settings.showRating && game.mode === 'play') {
    if (m.ratingText) parts.push(m.ratingText);
    else if (typeof m.rating === 'number') parts.push(`SE ${m.rating.toFixed(1)}${m.hardest ? ` (${m.hardest})` : ''}`);
    else rateNow(); // asked for, not known yet (an entered, shared or restored puzzle)
  }
  if (ui.random) parts.push(ui.random.label || `random grid, seed ${ui.random.seed}`);
  $('#puzzle-info').textContent = parts.join(' · ');
}

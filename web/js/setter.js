// Set mode: a setter builds a puzzle on an empty grid — givens, and rules drawn with a mouse or a
// finger (pointer events): cages dragged over cells, thermometers, arrows (a circle or a pill) and
// lines dragged along a path, jigsaw regions painted, dots and XV tapped on an edge, little killers
// and sandwiches tapped outside the grid, and rules of the whole grid as toggles. The rules are nonet JSON constraints (docs/variants.md), the
// ones the CLI reads; after each change the server counts the solutions (to two, within a time
// limit) and the verdict says whether the puzzle is unique, and where it is not.
import { api, ApiError, describeError } from './api.js';
import { $, $$, announce, busy, fetchGeometry, game, regionsOf, say, ui } from './app.js';
import { cellIndex, cellName, fromLine, regionIndex, regionLabel } from './digits.js';
import { fillSelect } from './forms.js';
import { jigsawGeometry } from './geometry.js';
import { board, render } from './view.js';
import { startPlay } from './enter.js';

const VERDICT_SECONDS = 3;
const VERDICT_DELAY_MS = 150; // a burst of changes (typing a sum) asks once

// The marks a tap on an edge draws, as constraints.
const EDGE_MARKS = {
  white: { kind: 'difference' },
  black: { kind: 'ratio' },
  x: { kind: 'xv', value: 10 },
  v: { kind: 'xv', value: 5 },
};
const EDGE_KINDS = new Set(['difference', 'ratio', 'xv']);
const LINE_KINDS = ['whisper', 'renban', 'palindrome'];
const GLOBAL_RULES = ['anti-knight', 'anti-king', 'nonconsecutive'];
// Rules that hold a number the setter types (a cage's sum is optional).
const VALUED = new Set(['killer-cage', 'little-killer', 'sandwich']);
// What a drag too short for a rule should have been (a tap where there is no rule to select).
const HOW_TO_DRAW = {
  'extra-region': 'Drag over two or more cells to draw an extra region.',
  thermo: 'Drag from the bulb along the cells to draw a thermometer.',
  arrow: 'Drag from the circle along the shaft to draw an arrow (with a pill: over its cells first).',
  line: 'Drag along two or more cells to draw a line.',
};

const setter = ui.setter;
// The rule whose sum is being typed, and the undo history's length after its last digit: the
// digits of one sum typed in a row are one undo step.
let typingSum = { rule: -1, steps: -1 };

const cellsOf = (rule) => (rule.cells || []).map((c) => cellIndex(c, game.n));
const names = (cells) => cells.map((i) => cellName(i, game.n));
const rc = (i) => [Math.floor(i / game.n), i % game.n];

// ---------- editing the rules ----------

function replaceRules(constraints, select = -1) {
  setter.selected = select;
  typingSum = { rule: -1, steps: -1 };
  game.setRules(constraints);
  syncPanel();
}

function addRule(rule) {
  replaceRules([...game.constraints, rule], game.constraints.length);
}

/** Delete the selected rule; false when none is selected. */
export function deleteSelectedRule() {
  const k = setter.selected;
  if (k < 0 || k >= game.constraints.length) return false;
  const kind = game.constraints[k].kind;
  replaceRules(game.constraints.filter((_, j) => j !== k));
  announce(`Deleted the ${kind}`);
  return true;
}

function selectRule(k) {
  setter.selected = k;
  typingSum = { rule: -1, steps: -1 };
  syncPanel();
  render();
}

/** The rules under a point of the board, for selecting (a tap on the same place again cycles). */
function rulesAt(x, y) {
  const n = game.n;
  const found = [];
  const r = Math.floor(y), c = Math.floor(x);
  const inside = r >= 0 && c >= 0 && r < n && c < n;
  const edge = inside ? nearestEdge(x, y) : null;
  game.constraints.forEach((rule, k) => {
    if (rule.outside) {
      const m = /^r(\d+)c(\d+)$/.exec(rule.outside);
      if (m && Number(m[1]) === r + 1 && Number(m[2]) === c + 1) found.push(k);
      return;
    }
    const cells = cellsOf(rule);
    if (!inside) return;
    if (EDGE_KINDS.has(rule.kind)) {
      if (edge && edge.near && cells.length === 2 && cells.includes(edge.a) && cells.includes(edge.b)) found.unshift(k);
    } else if (cells.includes(r * n + c)) found.push(k);
  });
  return found;
}

// ---------- pointer strokes ----------

/** The edge nearest a point inside the grid: its two cells, and whether the point is close to it. */
function nearestEdge(x, y) {
  const n = game.n;
  const r = Math.floor(y), c = Math.floor(x);
  const fx = x - c, fy = y - r;
  const options = [[fx, 0, -1], [1 - fx, 0, 1], [fy, -1, 0], [1 - fy, 1, 0]]
    .filter(([, dr, dc]) => r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n)
    .sort((p, q) => p[0] - q[0]);
  if (!options.length) return null;
  const [dist, dr, dc] = options[0];
  return { a: r * n + c, b: (r + dr) * n + c + dc, near: dist < 0.25 };
}

// A stroke in progress: the cells it has passed through, in order.
let stroke = null;

function cellAt(x, y, inner) {
  const n = game.n;
  const r = Math.floor(y), c = Math.floor(x);
  if (r < 0 || c < 0 || r >= n || c >= n) return -1;
  // Paths take a cell only near its centre, so that a diagonal step does not catch a corner.
  if (inner && Math.max(Math.abs(x - c - 0.5), Math.abs(y - r - 0.5)) > 0.38) return -1;
  return r * n + c;
}

function touches(a, b, diagonal) {
  const [ra, ca] = rc(a), [rb, cb] = rc(b);
  const dr = Math.abs(ra - rb), dc = Math.abs(ca - cb);
  return diagonal ? Math.max(dr, dc) === 1 : dr + dc === 1;
}

/** Whether cell i may be the next of an arrow's pill: straight on from the pill's cells so far. */
function extendsPill(cells, i) {
  if (!cells.length) return true;
  if (!touches(cells[cells.length - 1], i, false)) return false;
  return cells.length < 2 || [...cells, i].every((j) => rc(j)[0] === rc(cells[0])[0]) || [...cells, i].every((j) => rc(j)[1] === rc(cells[0])[1]);
}

function extendStroke(x, y) {
  const path = !['cage', 'regions'].includes(setter.tool);
  const pill = pillSize();
  // Samples between the last point and this one, so that a quick drag misses no cell.
  const [x0, y0] = stroke.last;
  const steps = Math.max(1, Math.ceil(Math.hypot(x - x0, y - y0) * 6));
  for (let s = 1; s <= steps; s++) {
    const px = x0 + ((x - x0) * s) / steps, py = y0 + ((y - y0) * s) / steps;
    const i = cellAt(px, py, path);
    if (i < 0) continue;
    const cells = stroke.cells;
    const tail = cells[cells.length - 1];
    if (i === tail) continue;
    if (path) {
      // Back over the previous cell: the path takes its last step back.
      if (cells.length > 1 && i === cells[cells.length - 2]) { cells.pop(); continue; }
      if (cells.includes(i) || (cells.length && !touches(tail, i, true))) continue;
      if (cells.length < pill && !extendsPill(cells, i)) continue;
      cells.push(i);
    } else if (setter.tool === 'regions') {
      if (!cells.includes(i)) cells.push(i);
    } else if (!cells.includes(i) && !stroke.taken.has(i) && (!cells.length || cells.some((j) => touches(j, i, false)))) {
      cells.push(i);
    }
  }
  stroke.last = [x, y];
  stroke.moved = stroke.moved || stroke.cells.length > 1;
  if (setter.tool === 'regions') { setter.painting = stroke.cells; render(); return; }
  board.setRules([...game.constraints, draftRule({ draft: true })].filter(Boolean), { margin: true });
}

/** The cells of an arrow's circle: 1, or a pill of 2 or 3 the setter drags over first. */
function pillSize() {
  return setter.tool === 'arrow' ? Number($('#set-arrow').value) || 1 : 0;
}

/**
 * The rule the stroke would make now, or null: a rule needs two cells at least (one cell is no
 * thermometer, arrow, line or extra region), except a killer cage, whose one cell takes its sum.
 * A draft shows what is drawn so far, a bulb or a pill on its own too.
 */
function draftRule({ draft = false } = {}) {
  const cells = names(stroke.cells);
  const least = draft ? 1 : 2;
  switch (setter.tool) {
    case 'cage': {
      const kind = $('#set-cage').value;
      return cells.length >= (kind === 'killer-cage' ? 1 : least) ? { kind, cells } : null;
    }
    case 'thermo': return cells.length >= least ? { kind: 'thermometer', cells } : null;
    case 'arrow': {
      const pill = pillSize();
      if (cells.length <= pill) return draft && cells.length ? { kind: 'arrow', cells, split: cells.length } : null;
      // A pill is read in reading order, whichever way it was dragged.
      const circle = stroke.cells.slice(0, pill).sort((a, b) => a - b);
      return { kind: 'arrow', cells: names([...circle, ...stroke.cells.slice(pill)]), split: pill };
    }
    case 'line': return cells.length >= least ? { kind: $('#set-line').value, cells } : null;
    default: return null;
  }
}

function finishStroke() {
  if (setter.tool === 'regions') { const cells = stroke.cells; stroke = null; paintRegion(cells); return; }
  const rule = draftRule();
  const tap = !stroke.moved && stroke.cells.length <= 1;
  const [x, y] = stroke.start;
  stroke = null;
  // A tap on a rule selects it. Where there is none, only a killer cage has one cell (a tap draws
  // it); the other tools draw nothing and say how they draw.
  if (tap) {
    const under = rulesAt(x, y);
    if (under.length) { selectRule(under[(under.indexOf(setter.selected) + 1) % under.length]); return; }
  }
  if (!rule) {
    board.setRules(game.constraints, { margin: true });
    selectRule(-1);
    const how = HOW_TO_DRAW[setter.tool === 'cage' ? $('#set-cage').value : setter.tool];
    if (how) say(how);
    return;
  }
  addRule(rule);
  announce(`${rule.kind} at ${rule.cells.join(', ')}`);
  if (VALUED.has(rule.kind)) focusValue();
}

function tapEdge(x, y) {
  const edge = nearestEdge(x, y);
  if (!edge) return;
  const mark = EDGE_MARKS[$('#set-dot').value];
  const pair = names([edge.a, edge.b].sort((p, q) => p - q));
  const at = game.constraints.findIndex((rule) => EDGE_KINDS.has(rule.kind)
    && rule.cells.length === 2 && pair.every((c) => rule.cells.includes(c)));
  const same = at >= 0 && game.constraints[at].kind === mark.kind && game.constraints[at].value === mark.value;
  const rest = game.constraints.filter((_, k) => k !== at);
  // A second tap with the same mark takes it off; another mark replaces it.
  if (same) { replaceRules(rest); announce(`Removed the mark between ${pair.join(' and ')}`); return; }
  replaceRules([...rest, { ...mark, cells: pair }], rest.length);
  announce(`${$('#set-dot').selectedOptions[0].textContent} between ${pair.join(' and ')}`);
}

/** The cells a clue outside the grid at (r, c) (0 and n+1 outside) looks along, or []. */
function outsideCells(kind, r, c, direction) {
  const n = game.n;
  const cells = [];
  if (kind === 'sandwich') {
    const top = r === 0 || r === n + 1, side = c === 0 || c === n + 1;
    if (top === side) return [];
    for (let k = 1; k <= n; k++) cells.push(top ? (k - 1) * n + c - 1 : (r - 1) * n + k - 1);
    return cells;
  }
  const [dr, dc] = direction;
  for (let rr = r + dr, cc = c + dc; rr >= 1 && rr <= n && cc >= 1 && cc <= n; rr += dr, cc += dc) cells.push((rr - 1) * n + cc - 1);
  return cells;
}

/** A little killer's diagonals from an outside place, the longer first. */
function diagonalsFrom(r, c) {
  const n = game.n;
  const inward = (v) => (v === 0 ? [1] : v === n + 1 ? [-1] : [1, -1]);
  const dirs = [];
  for (const dr of inward(r)) for (const dc of inward(c)) dirs.push([dr, dc]);
  return dirs.map((d) => [d, outsideCells('little-killer', r, c, d).length]).filter(([, len]) => len > 0)
    .sort((p, q) => q[1] - p[1]).map(([d]) => d);
}

function tapOutside(x, y) {
  const n = game.n;
  const r = Math.floor(y) + 1, c = Math.floor(x) + 1; // 0 and n+1 outside
  if (r < 0 || c < 0 || r > n + 1 || c > n + 1 || (r >= 1 && r <= n && c >= 1 && c <= n)) {
    say('Clues go outside the grid: tap the margin round it.');
    return;
  }
  const kind = $('#set-outside').value;
  const outside = `r${r}c${c}`;
  const at = game.constraints.findIndex((rule) => rule.outside === outside);
  if (kind === 'little-killer') {
    const dirs = diagonalsFrom(r, c);
    if (!dirs.length) { say('No diagonal runs into the grid from there.'); return; }
    let direction = dirs[0];
    // Tapping a little killer again turns it to its next diagonal.
    if (at >= 0 && game.constraints[at].kind === 'little-killer') {
      const first = cellIndex(game.constraints[at].cells[0], n);
      const current = dirs.findIndex((d) => outsideCells(kind, r, c, d)[0] === first);
      direction = dirs[(current + 1) % dirs.length];
    }
    const old = at >= 0 ? game.constraints[at] : {};
    const rule = { kind, cells: names(outsideCells(kind, r, c, direction)), ...(old.kind === kind && old.value !== undefined ? { value: old.value } : {}), outside };
    const rest = game.constraints.filter((_, k) => k !== at);
    replaceRules([...rest, rule], rest.length);
  } else {
    const cells = outsideCells(kind, r, c);
    if (!cells.length) { say('A sandwich clue sits beside a row or above a column.'); return; }
    if (at >= 0) { selectRule(at); focusValue(); return; }
    addRule({ kind, cells: names(cells), outside });
  }
  focusValue();
}

function wirePointer() {
  const wrap = $('#board-wrap');
  // Capture: in Set mode with a drawing tool the board's own cell selection does not run.
  wrap.addEventListener('pointerdown', (e) => {
    if (game.mode !== 'set' || setter.tool === 'given' || e.button > 0) return;
    e.preventDefault();
    e.stopPropagation();
    const [x, y] = board.pointAt(e.clientX, e.clientY);
    if (setter.tool === 'dot') { tapEdge(x, y); return; }
    if (setter.tool === 'outside') { tapOutside(x, y); return; }
    if (setter.tool === 'select') {
      const under = rulesAt(x, y);
      selectRule(under.length ? under[(under.indexOf(setter.selected) + 1) % under.length] : -1);
      return;
    }
    const taken = new Set();
    // Cages do not overlap cages, nor extra regions other extra regions.
    const drawing = $('#set-cage').value;
    if (setter.tool === 'cage') game.constraints.filter((rule) => rule.kind === drawing).forEach((rule) => cellsOf(rule).forEach((i) => taken.add(i)));
    stroke = { cells: [], start: [x, y], last: [x, y], moved: false, taken };
    wrap.setPointerCapture(e.pointerId);
    extendStroke(x, y);
  }, { capture: true });
  wrap.addEventListener('pointermove', (e) => {
    if (!stroke) return;
    e.preventDefault();
    extendStroke(...board.pointAt(e.clientX, e.clientY));
  });
  const end = () => { if (stroke) finishStroke(); };
  wrap.addEventListener('pointerup', end);
  wrap.addEventListener('pointercancel', () => { stroke = null; setter.painting = []; board.setRules(game.constraints, { margin: true }); render(); });
}

// ---------- jigsaw regions ----------

/** The region label of each cell now: a jigsaw's map, or the boxes of a grid that is none yet. */
function regionLabels() {
  return game.variant === 'jigsaw' ? game.regions : game.info.regions.map(regionLabel).join('');
}

/**
 * The regions a setter paints with: the N labels of an N×N grid and any other on the board, in
 * the order the server numbers them (first appearance in reading order; unused ones last).
 */
function regionChoices() {
  const labels = regionLabels();
  const order = [...new Set(labels)];
  for (let r = 0; r < game.n; r++) if (!order.includes(regionLabel(r))) order.push(regionLabel(r));
  return order.map((label, k) => ({ label, number: k + 1, cells: Array.from(labels).filter((l) => l === label).length }));
}

/** Paint cells into the current region: the grid becomes a jigsaw (one undo step a stroke). */
function paintRegion(cells) {
  setter.painting = [];
  const labels = Array.from(regionLabels());
  const region = setter.region;
  const changed = cells.filter((i) => labels[i] !== region);
  if (!changed.length) { render(); return; }
  changed.forEach((i) => { labels[i] = region; });
  const map = labels.join('');
  const lost = game.variant !== 'jigsaw' && game.variant !== 'classic' ? ` (a jigsaw has no ${game.variant} houses)` : '';
  game.reshape(jigsawGeometry(game.n, map), map);
  const choice = regionChoices().find((c) => c.label === region);
  announce(`Region ${choice.number}: ${choice.cells} of ${game.n} cells${lost}`);
  if (lost) say(`The grid is a jigsaw now${lost}.`);
}

async function regionsToBoxes() {
  try {
    const geometry = await busy(() => fetchGeometry('classic', game.n));
    game.reshape(geometry, '');
    announce('Regions: the boxes again');
  } catch (err) { say(describeError(err), 'bad'); }
}

/** The region picker: a button a region, its number, colour and cell count (wrong ones marked). */
function syncRegionPicker() {
  const picker = $('#set-region-picker');
  const choices = regionChoices();
  if (!choices.some((c) => c.label === setter.region)) setter.region = choices[0].label;
  const shades = game.info.regionShades;
  picker.textContent = '';
  for (const choice of choices) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.region = choice.label;
    const id = regionIndex(choice.label);
    const shade = game.variant === 'jigsaw' && id < shades.length && shades[id] !== undefined ? shades[id] % 5 : 0;
    b.className = `region-choice shade-${shade}${choice.cells === game.n ? '' : ' wrong-size'}`;
    b.setAttribute('aria-pressed', String(choice.label === setter.region));
    b.setAttribute('aria-label', `Region ${choice.number}: ${choice.cells} cells`);
    b.innerHTML = `<span>${choice.number}</span><small>${choice.cells}</small>`;
    picker.append(b);
  }
  $('#btn-regions-boxes').disabled = game.variant !== 'jigsaw';
}

// ---------- the panel ----------

function focusValue() {
  syncPanel();
  const input = $('#set-value');
  if (!input.disabled) { input.focus(); input.select(); }
}

/** The panel as the game and tool are: tool buttons, the options of the tool, the selected rule. */
export function syncPanel() {
  if (!game.info) return;
  $$('#set-tools [data-tool]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.tool === setter.tool)));
  // Typing givens needs none of the rules' options: on a phone the keypad comes up under the tools.
  $('#set-options').hidden = setter.tool === 'given';
  $('#set-cage-label').hidden = setter.tool !== 'cage';
  $('#set-line-label').hidden = setter.tool !== 'line';
  $('#set-dot-label').hidden = setter.tool !== 'dot';
  $('#set-outside-label').hidden = setter.tool !== 'outside';
  $('#set-arrow-label').hidden = setter.tool !== 'arrow';
  $('#set-regions').hidden = setter.tool !== 'regions';
  // Regions are no rules: nothing to select, sum or delete.
  for (const id of ['#set-value-label', '#btn-rule-delete', '#set-selected']) $(id).hidden = setter.tool === 'regions';
  if (setter.tool === 'regions') syncRegionPicker();
  if (setter.selected >= game.constraints.length) setter.selected = -1;
  const rule = setter.selected >= 0 ? game.constraints[setter.selected] : null;
  const valued = !!rule && VALUED.has(rule.kind);
  const input = $('#set-value');
  input.disabled = !valued;
  if (document.activeElement !== input) input.value = valued && rule.value !== undefined ? String(rule.value) : '';
  $('#set-value-label').firstChild.textContent = rule && rule.kind === 'sandwich' ? 'Clue ' : 'Sum ';
  $('#btn-rule-delete').disabled = !rule;
  $('#set-selected').textContent = rule ? `Selected: ${ruleName(rule)}` : 'Tap a rule to select it.';
  for (const kind of GLOBAL_RULES) $(`#set-global [value="${kind}"]`).checked = game.constraints.some((c) => c.kind === kind);
  $('#set-global [value="diagonal"]').checked = game.variant === 'diagonal';
  $('#set-global [value="diagonal"]').disabled = !['classic', 'diagonal'].includes(game.variant);
  const n = game.n;
  if ($('#set-size').value !== String(n)) fillSelect($('#set-size'), SET_SIZES.map((s) => [s, `${s}×${s}`]), n);
}

function ruleName(rule) {
  const where = rule.outside ? `outside ${rule.outside}` : (rule.cells || []).length > 3
    ? `${rule.cells[0]} … ${rule.cells[rule.cells.length - 1]} (${rule.cells.length} cells)` : (rule.cells || []).join(', ');
  const value = rule.value !== undefined && !EDGE_KINDS.has(rule.kind) ? ` ${rule.value}` : '';
  const kind = rule.kind === 'xv' ? (rule.value === 10 ? 'X' : 'V') : rule.kind === 'difference' ? 'white dot' : rule.kind === 'ratio' ? 'black dot' : rule.kind;
  return `${kind}${value} at ${where}`;
}

function setValue(text) {
  const k = setter.selected;
  const rule = game.constraints[k];
  if (!rule || !VALUED.has(rule.kind)) return;
  const trimmed = text.trim();
  if (trimmed && !/^\d{1,3}$/.test(trimmed)) return;
  const { value, ...rest } = rule;
  const next = trimmed ? { ...rest, value: Number(trimmed) } : rest;
  if (next.value === value) return;
  const amend = typingSum.rule === k && typingSum.steps === game.past.length;
  game.setRules(game.constraints.map((c, j) => (j === k ? next : c)), 'rules', { amend });
  typingSum = { rule: k, steps: game.past.length };
}


async function toggleGlobal(kind, on) {
  if (kind === 'diagonal') {
    const variant = on ? 'diagonal' : 'classic';
    try {
      game.reshape(await busy(() => fetchGeometry(variant, game.n)));
    } catch (err) { say(describeError(err), 'bad'); }
    return;
  }
  const rest = game.constraints.filter((c) => c.kind !== kind);
  replaceRules(on ? [...rest, { kind }] : rest);
}

// Sizes a setter picks from (every size works; these are the ones rules suit).
const SET_SIZES = [4, 6, 8, 9];

async function changeSize() {
  const n = Number($('#set-size').value);
  if (n === game.n) return;
  if ((game.givens() || game.constraints.length) && !confirm(`Start a new ${n}×${n} puzzle? This one's givens and rules will go.`)) {
    syncPanel();
    return;
  }
  await newSetterGrid(n);
}

async function newSetterGrid(n) {
  try {
    const geometry = await busy(() => fetchGeometry('classic', n));
    setter.selected = -1;
    game.load({ geometry, mode: 'set' });
    say(`An empty ${n}×${n} grid: draw the rules, type the givens.`);
  } catch (err) { say(describeError(err), 'bad'); }
}

/** Into Set mode with the puzzle on the board (its givens and rules), or an empty grid. */
export async function enterSetMode() {
  if (game.mode === 'set') return;
  if (game.mode === 'play') {
    if (game.values.some(Boolean) && !confirm('Set this puzzle? Your entries will be cleared.')) return;
    game.edit('set');
  } else {
    game.setMode('set');
  }
  setter.selected = -1;
  say('Set mode: pick a tool, then drag on the board (cages, lines, regions) or tap (dots, clues outside).');
}

// ---------- the verdict ----------

let verdictTimer = 0;
let verdictAsked = 0;
let verdictAbort = null;

/** Ask for the verdict after a change; only the newest request's answer is shown. */
export function scheduleVerdict() {
  clearTimeout(verdictTimer);
  if (verdictAbort) verdictAbort.abort();
  const asked = ++verdictAsked;
  showVerdict({ status: 'asking', text: 'Checking…' });
  verdictTimer = setTimeout(() => askVerdict(asked), VERDICT_DELAY_MS);
}

async function askVerdict(asked) {
  const controller = new AbortController();
  verdictAbort = controller;
  const body = { ...game.position({ withPlay: false }), limit: 2, solutions: 2, time_limit: VERDICT_SECONDS };
  let verdict;
  try {
    const res = await api.count(body, { signal: controller.signal });
    verdict = verdictOf(res);
  } catch (err) {
    if (controller.signal.aborted) return;
    // The position is the page's own text: the reason, without a line and column in it.
    verdict = err instanceof ApiError && err.status === 400
      ? { status: 'invalid', text: `Invalid: ${err.body.reason || describeError(err)}` }
      : { status: 'error', text: `No verdict: ${describeError(err)}` };
  }
  // A newer change asked since: its answer, not this one, is the verdict.
  if (asked !== verdictAsked) return;
  showVerdict(verdict);
}

function verdictOf(res) {
  const solutions = res.solutions || [];
  switch (res.status) {
    case 'unique': return { status: 'unique', text: 'Unique: exactly one solution.', solutions };
    case 'multiple': return { status: 'multiple', text: `${res.count}+ solutions: not unique yet.`, solutions };
    case 'no-solution': return { status: 'no-solution', text: 'No solution: some rule or given cannot hold.' };
    case 'invalid': return { status: 'invalid', text: `Invalid: ${res.reason || 'the givens break a rule'}.` };
    case 'gave-up': return { status: 'gave-up', text: `Gave up: no answer within ${VERDICT_SECONDS} s (the puzzle is too open to tell).` };
    default: return { status: res.status, text: res.status };
  }
}

function showVerdict(verdict) {
  setter.verdict = verdict;
  const out = $('#set-verdict');
  out.textContent = verdict.text;
  out.dataset.status = verdict.status;
  $('#btn-second').disabled = verdict.status !== 'multiple' || (verdict.solutions || []).length < 2;
  if (!(ui.random && ui.random.differs)) $('#btn-second').textContent = 'Show two solutions';
  $('#btn-set-play').disabled = verdict.status !== 'unique';
  if (verdict.status !== 'asking') announce(verdict.text);
}

/** Two solutions on the board in turn, the cells where they differ marked. */
function showSecond() {
  const sols = (setter.verdict && setter.verdict.solutions) || [];
  if (sols.length < 2) return;
  const n = game.n;
  const [a, b] = sols.map((line) => fromLine(line, n));
  const differs = a.map((d, i) => (d !== b[i] ? i : -1)).filter((i) => i >= 0);
  const showing = ui.random && ui.random.solution;
  const next = showing === 1 ? 2 : showing === 2 ? 0 : 1;
  if (!next) { ui.random = null; $('#btn-second').textContent = 'Show two solutions'; render(); return; }
  ui.random = {
    values: next === 1 ? a : b, solution: next, differs,
    label: `solution ${next} of 2: ${differs.length} cells differ (${names(differs).slice(0, 6).join(', ')}${differs.length > 6 ? ', …' : ''})`,
  };
  $('#btn-second').textContent = next === 1 ? 'Show the second' : 'Hide the solutions';
  render();
  announce(`Showing ${ui.random.label}`);
}

// ---------- generating ----------

async function generateHere() {
  const rules = $('#set-generate').value;
  const n = game.n;
  const status = $('#set-verdict');
  status.textContent = `Generating a ${n}×${n} ${rules}…`;
  try {
    const res = await busy(() => api.generate({ rules, size: n, time_limit: 20 }));
    const p = (res.puzzles || [])[0];
    if (!p) { showVerdict({ status: 'gave-up', text: 'No puzzle within the time limit: try again or a smaller size.' }); return; }
    setter.selected = -1;
    game.load({
      geometry: res.geometry, regions: regionsOf(res.geometry), source: p.source, puzzle: fromLine(p.puzzle, res.geometry.size),
      mode: 'set', meta: { seed: res.seed, solution: p.solution },
    });
    const text = `A new ${n}×${n} ${rules} puzzle (seed ${res.seed}): play it, or edit it first.`;
    say(text, 'good');
    announce(text);
  } catch (err) {
    showVerdict({ status: 'error', text: describeError(err) });
  }
}

export function wireSetter() {
  $('#btn-set').addEventListener('click', enterSetMode);
  fillSelect($('#set-line'), LINE_KINDS.map((k) => [k, k]), 'whisper');
  $$('#set-tools [data-tool]').forEach((b) => b.addEventListener('click', () => {
    setter.tool = b.dataset.tool;
    syncPanel();
    render();
    announce(`Tool: ${b.textContent}`);
  }));
  $('#set-region-picker').addEventListener('click', (e) => {
    const b = e.target.closest('[data-region]');
    if (!b) return;
    setter.region = b.dataset.region;
    syncPanel();
    render();
    announce(b.getAttribute('aria-label'));
  });
  $('#btn-regions-boxes').addEventListener('click', regionsToBoxes);
  $('#set-arrow').addEventListener('change', (e) => {
    if (e.target.value !== '1') say(`Drag over the pill's ${e.target.value} cells first, then on along the shaft.`);
  });
  $('#set-value').addEventListener('input', (e) => setValue(e.target.value));
  $('#set-value').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); e.target.blur(); } });
  $('#btn-rule-delete').addEventListener('click', deleteSelectedRule);
  $$('#set-global input').forEach((box) => box.addEventListener('change', () => toggleGlobal(box.value, box.checked)));
  $('#set-size').addEventListener('change', changeSize);
  $('#btn-second').addEventListener('click', showSecond);
  $('#btn-set-play').addEventListener('click', () => { ui.random = null; startPlay(); });
  $('#btn-set-generate').addEventListener('click', generateHere);
  $('#btn-set-clear').addEventListener('click', () => { setter.selected = -1; ui.random = null; game.clearAll(); syncPanel(); say('Givens and rules cleared.'); });
  wirePointer();
}

// Variant rules on the board: each constraint of /parse (docs/variants.md, "Drawing") drawn as
// SVG in board units (one unit a cell), the look of the printed sheets (src/format/sheet_rules.cpp);
// rules with no mark of their own are named in the rules line under the board.
import { cellIndex } from './digits.js';

const SVG = 'http://www.w3.org/2000/svg';

// Each kind: its name in the rules line, and the sentence for rules drawn by no mark.
const KINDS = {
  'killer-cage': { name: 'killer', sentence: 'digits in a dashed cage do not repeat and add up to its sum' },
  'extra-region': { name: 'extra regions' },
  sum: { name: 'sum cages', sentence: 'the digits of a dotted cage add up to its sum and may repeat' },
  odd: { name: 'odd (circles)' },
  even: { name: 'even (squares)' },
  minimum: { name: 'minimum cells' },
  maximum: { name: 'maximum cells' },
  quadruple: { name: 'quadruples' },
  clone: { name: 'clones' },
  difference: { name: 'kropki' },
  ratio: { name: 'kropki' },
  xv: { name: 'XV' },
  'greater-than': { name: 'greater than' },
  thermometer: { name: 'thermometers' },
  arrow: { name: 'arrows' },
  'double-arrow': { name: 'double arrows' },
  whisper: { name: 'whispers (green)' },
  renban: { name: 'renban (purple)' },
  palindrome: { name: 'palindromes (grey)' },
  between: { name: 'between lines' },
  'region-sum-line': { name: 'region-sum lines (blue)' },
  entropic: { name: 'entropic lines (orange)' },
  modular: { name: 'modular lines (teal)' },
  zipper: { name: 'zipper lines (pink)' },
  nabner: { name: 'nabner lines (olive)', sentence: 'any two digits on an olive line differ by 2 or more' },
  'global-entropy': { name: 'global entropy', sentence: 'global entropy: every 2×2 block holds a low, a middle and a high digit' },
  'count-distinct': { name: 'counted lines', sentence: 'a circle on a thin grey line holds how many different digits the line’s other cells hold' },
  'counting-circles': { name: 'counting circles', sentence: 'counting circles: each digit in the circles is in as many of them as its value' },
  'hidden-skyscraper': { name: 'hidden skyscrapers', sentence: 'hidden skyscraper: the clue is the first digit from it lower than one before it' },
  'full-rank': { name: 'full rank', sentence: 'full rank: the rows and columns read as numbers from either end are ranked from the lowest (1); a clue is the rank of the number read from it, and no other number equals it unless ties are allowed' },
  'full-rank-no-ties': { name: 'full rank without ties', sentence: 'no two of the full rank numbers are equal' },
  'full-rank-ties': { name: 'full rank with ties', sentence: 'a clued full rank number may equal others: its rank is one more than the numbers below it' },
  'numbered-room': { name: 'numbered rooms', sentence: 'numbered room: the clue is in the X-th cell from it, X being the first cell’s digit' },
  lunchbox: { name: 'lunchboxes', sentence: 'lunchbox: the digits of a tinted line differ, and those between its lowest and its highest add up to its number' },
  'sum-line': { name: 'sum lines (dashed green)', sentence: 'sum lines: each dashed green line splits into stretches that each add up to its number (10 unless shown)' },
  lockout: { name: 'lockout lines (lavender)', sentence: 'lockout: the diamonds differ by 4 or more (or the number shown), and no digit between them on the line' },
  'little-killer': { name: 'little killer' },
  sandwich: { name: 'sandwich', sentence: 'sandwich: the digits between 1 and the largest add up to the clue' },
  'x-sum': { name: 'X-sums', sentence: 'X-sum: the first X digits from the clue add up to it, X being the first digit' },
  skyscraper: { name: 'skyscrapers', sentence: 'skyscraper: the clue counts the digits seen from it' },
  'anti-knight': { name: 'anti-knight', sentence: 'anti-knight: cells a knight’s move apart differ' },
  'anti-taxicab': { name: 'anti-taxicab', sentence: 'anti-taxicab: a digit d is in no cell d steps away (counting steps between orthogonal neighbours)' },
  'anti-king': { name: 'anti-king', sentence: 'anti-king: diagonally touching cells differ' },
  nonconsecutive: { name: 'nonconsecutive', sentence: 'nonconsecutive: orthogonal neighbours are not consecutive' },
  'no-difference': { name: 'all white dots shown', sentence: 'every white dot is given (no other neighbours differ by its value)' },
  'no-ratio': { name: 'all black dots shown', sentence: 'every black dot is given (no other neighbours have its ratio)' },
  'no-xv': { name: 'all X and V shown', sentence: 'every X and V is given (no other neighbours add up to 5 or 10)' },
  'row-indexer': { name: 'row indexers (red)', sentence: 'a digit v in a red cell of column c: row v of column c holds the red cell’s row number' },
  'column-indexer': { name: 'column indexers (green)', sentence: 'a digit v in a green cell of row r: column v of row r holds the green cell’s column number' },
  'rellik-cage': { name: 'rellik cages', sentence: 'digits in a dashed cage marked ≠ do not repeat, and none of them add up to its number' },
  'same-values': { name: 'same-value sets (tinted)', sentence: 'cells tinted alike split into sets of one size (in the order listed) holding the same digits' },
  'pair-table': { name: 'pair lines (grey, rings)' },
  'pair-table-all': { name: 'pair groups (grey, dots)' },
  'box-indexer': { name: 'box indexers (yellow)', sentence: 'a digit v in a yellow cell: the v-th cell of its box (in reading order) holds the yellow cell’s place in the box' },
};

const OUTSIDE = new Set(['little-killer', 'sandwich', 'x-sum', 'skyscraper', 'numbered-room', 'hidden-skyscraper', 'full-rank']);

/** The rules' names, each once, for the info line and messages ("killer, thermometers"). */
function ruleNames(constraints) {
  return [...new Set(constraints.map((c) => (KINDS[c.kind] || { name: c.kind }).name.replace(/ \(.*\)$/, '')))];
}

/** What kind of puzzle it is, in a few words: its rules' names, or the count of many. */
export function puzzleKind(constraints, fallback) {
  const names = ruleNames(constraints);
  if (names.length > 3) return `variant (${names.length} rules)`;
  return names.length ? names.join(', ') : fallback;
}

/** The houses beyond rows, columns, boxes, diagonals and windows, as rules: [name, sentence]. */
function houseRules(info) {
  const rules = [];
  if (info && info.extraCount) {
    rules.push(info.extraTiles
      ? ['extra pieces (outlined)', 'each outlined piece holds every digit once, as the boxes do']
      : ['extra regions (tinted)', 'each tinted region holds every digit once']);
  }
  if (info && info.disjointGroups) rules.push(['disjoint groups', 'the cells in the same place of each box hold every digit once']);
  return rules;
}

/** A pair rule's sentence: its listed pairs are the rule (ISS's Pair and PairX). */
function pairSentence(rule) {
  const d = rule.digits || [];
  const after = new Map();
  for (let i = 0; i + 1 < d.length; i += 2) after.set(d[i], [...(after.get(d[i]) || []), d[i + 1]]);
  // Compact, as the printed caption: "1: 3-9; 2: 4-9; 3: 1, 5-9".
  const runs = (ys) => {
    const s = [...new Set(ys)].sort((a, b) => a - b);
    const out = [];
    for (let i = 0; i < s.length;) {
      let j = i;
      while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
      out.push(j >= i + 2 ? `${s[i]}-${s[j]}` : s.slice(i, j + 1).join(', '));
      i = j + 1;
    }
    return out.join(', ');
  };
  const list = [...after.keys()].sort((a, b) => a - b).map((x) => `${x}: ${runs(after.get(x))}`).join('; ');
  return rule.kind === 'pair-table-all'
    ? `on a grey line with dots, of any two cells the later holds a digit listed for the earlier’s (${list})`
    : `on a grey line with rings, each cell holds a digit listed for the one before it’s (${list})`;
}

/** The rules line: each kind present, and the sentence of the kinds no mark explains; `info` adds the houses. */
export function rulesLine(constraints, info) {
  const kinds = [...new Set(constraints.map((c) => c.kind))];
  const houses = houseRules(info);
  if (!kinds.length && !houses.length) return '';
  const names = [...new Set([...houses.map((h) => h[0]), ...kinds.map((k) => (KINDS[k] || { name: k }).name)])];
  const sentences = [...new Set([...houses.map((h) => h[1]), ...kinds.map((k) => KINDS[k] && KINDS[k].sentence).filter(Boolean),
    ...constraints.filter((c) => c.kind === 'pair-table' || c.kind === 'pair-table-all').map(pairSentence)])];
  return `Rules: ${names.join(', ')}.${sentences.length ? ` ${sentences.map((s) => s[0].toUpperCase() + s.slice(1)).join('. ')}.` : ''}`;
}

/** Whether some rule sits outside the grid (the board then keeps a margin of one cell). */
export function hasOutsideClues(constraints) {
  return constraints.some((c) => OUTSIDE.has(c.kind));
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, typeof v === 'number' ? +v.toFixed(4) : v);
  if (parent) parent.append(e);
  return e;
}

function text(parent, x, y, content, cls, size) {
  const t = el('text', { x, y, class: cls, 'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, parent);
  t.textContent = String(content);
  return t;
}

/** Outline of a set of cells, inset by e, as line segments that meet at concave corners. */
function cageOutline(cells, n, e) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  const segs = [];
  // An end of a side: inset where the side turns away, at the edge where it runs on into the
  // next cell, beyond the edge (by e) where it turns round a concave corner.
  const end = (along, outward) => (!along ? e : outward ? -e : 0);
  for (const i of cells) {
    const r = Math.floor(i / n), c = i % n;
    if (!has(r - 1, c)) segs.push([c + end(has(r, c - 1), has(r - 1, c - 1)), r + e, c + 1 - end(has(r, c + 1), has(r - 1, c + 1)), r + e]);
    if (!has(r + 1, c)) segs.push([c + end(has(r, c - 1), has(r + 1, c - 1)), r + 1 - e, c + 1 - end(has(r, c + 1), has(r + 1, c + 1)), r + 1 - e]);
    if (!has(r, c - 1)) segs.push([c + e, r + end(has(r - 1, c), has(r - 1, c - 1)), c + e, r + 1 - end(has(r + 1, c), has(r + 1, c - 1))]);
    if (!has(r, c + 1)) segs.push([c + 1 - e, r + end(has(r - 1, c), has(r - 1, c + 1)), c + 1 - e, r + 1 - end(has(r + 1, c), has(r + 1, c + 1))]);
  }
  return segs.map(([x1, y1, x2, y2]) => `M${+x1.toFixed(3)},${+y1.toFixed(3)}L${+x2.toFixed(3)},${+y2.toFixed(3)}`).join('');
}

/**
 * Draws the rules into an SVG group. Each rule is one <g class="rule" data-rule="k"> so a step
 * that names the rule it uses can highlight it (Board.highlightRules).
 */
export function drawRules(group, constraints, n) {
  group.textContent = '';
  const centre = (i) => [i % n + 0.5, Math.floor(i / n) + 0.5];
  const pts = (cells) => cells.map(centre);
  const poly = (cells) => pts(cells).map(([x, y]) => `${+x.toFixed(3)},${+y.toFixed(3)}`).join(' ');
  // Order of painting: tints under lines, lines under circles and dots, numbers on top.
  const layers = {};
  for (const name of ['tint', 'line', 'mark', 'label']) layers[name] = el('g', { class: `rules-${name}` }, group);
  let cloneTint = 0, sameTint = 0;
  constraints.forEach((rule, k) => {
    const cells = (rule.cells || []).map((c) => cellIndex(c, n)).filter((i) => i >= 0);
    const g = (layer) => el('g', { class: `rule rule-${rule.kind}`, 'data-rule': k }, layers[layer]);
    const v = rule.value;
    // A sum in a cell's top-left corner, on a patch of the cell's colour (cages, lunchboxes).
    const cornerLabel = (cell, value) => {
      const x = cell % n, y = Math.floor(cell / n);
      const label = String(value);
      const gt = g('label');
      el('rect', { x: x + 0.03, y: y + 0.03, width: 0.09 + 0.14 * label.length, height: 0.25, class: 'cage-sum-bg', rx: 0.03 }, gt);
      const t = el('text', { x: x + 0.075, y: y + 0.16, class: 'cage-sum', 'font-size': 0.22, 'dominant-baseline': 'central' }, gt);
      t.textContent = label;
    };
    switch (rule.kind) {
      case 'killer-cage':
      case 'sum': {
        const gl = g('line');
        el('path', { d: cageOutline(cells, n, 0.07), class: rule.kind === 'sum' ? 'cage dotted' : 'cage' }, gl);
        if (v !== undefined && cells.length) cornerLabel(Math.min(...cells), v);
        break;
      }
      case 'rellik-cage': {
        el('path', { d: cageOutline(cells, n, 0.07), class: 'cage' }, g('line'));
        if (v !== undefined && cells.length) cornerLabel(Math.min(...cells), `≠${v}`);
        break;
      }
      case 'extra-region':
        cells.forEach((i) => { const [x, y] = centre(i); el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'extra-region' }, g('tint')); });
        break;
      case 'count-distinct': {
        const rest = cells.slice(1).map(centre);
        if (rest.length) el('polyline', { points: rest.map(([x, y]) => `${x},${y}`).join(' '), class: 'count-line' }, g('line'));
        if (cells.length) { const [x, y] = centre(cells[0]); el('circle', { cx: x, cy: y, r: 0.4, class: 'counting-circle count-circle' }, g('line')); }
        break;
      }
      case 'counting-circles':
        cells.forEach((i) => { const [x, y] = centre(i); el('circle', { cx: x, cy: y, r: 0.42, class: 'counting-circle' }, g('line')); });
        break;
      case 'lunchbox': {
        // Tinted cells, a thin line through them in order, the sum in the first one's corner.
        cells.forEach((i) => { const [x, y] = centre(i); el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'lunchbox' }, g('tint')); });
        if (cells.length > 1) el('polyline', { points: poly(cells), class: 'line lunchbox-line' }, g('line'));
        if (v !== undefined && v !== null && cells.length) cornerLabel(cells[0], v);
        break;
      }
      case 'row-indexer':
      case 'column-indexer':
      case 'box-indexer':
        cells.forEach((i) => { const [x, y] = centre(i); el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: rule.kind }, g('tint')); });
        break;
      case 'clone': {
        const tint = `clone-${cloneTint++ % 4}`;
        const gt = g('tint');
        cells.forEach((i) => { const [x, y] = centre(i); el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: `clone ${tint}` }, gt); });
        break;
      }
      case 'odd':
      case 'even':
        cells.forEach((i) => {
          const [x, y] = centre(i);
          if (rule.kind === 'odd') el('circle', { cx: x, cy: y, r: 0.38, class: 'parity' }, g('tint'));
          else el('rect', { x: x - 0.36, y: y - 0.36, width: 0.72, height: 0.72, class: 'parity' }, g('tint'));
        });
        break;
      case 'minimum':
      case 'maximum':
        cells.forEach((i) => {
          const [x, y] = centre(i);
          const gt = g('tint');
          el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'extremum' }, gt);
          // A chevron by each side, pointing to the lower digit: inward for a minimum, outward
          // for a maximum (s: the direction of the tip, +1 away from the cell).
          const s = rule.kind === 'minimum' ? -1 : 1;
          for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
            const cx = x + dx * 0.38, cy = y + dy * 0.38;
            const px = -dy * 0.1, py = dx * 0.1;
            el('path', { d: `M${cx - dx * 0.05 * s + px},${cy - dy * 0.05 * s + py}L${cx + dx * 0.05 * s},${cy + dy * 0.05 * s}L${cx - dx * 0.05 * s - px},${cy - dy * 0.05 * s - py}`, class: 'chevron' }, gt);
          }
        });
        break;
      case 'quadruple': {
        if (!cells.length) break;
        const xs = cells.map((i) => i % n), ys = cells.map((i) => Math.floor(i / n));
        const x = Math.min(...xs) + 1, y = Math.min(...ys) + 1;
        const gm = g('label');
        el('circle', { cx: x, cy: y, r: 0.27, class: 'quad' }, gm);
        const digits = (rule.digits || []).join('');
        text(gm, x, y, digits, 'quad-digits', digits.length > 2 ? 0.16 : 0.2);
        break;
      }
      case 'difference':
      case 'ratio':
      case 'xv':
      case 'greater-than': {
        if (cells.length !== 2) break;
        const [a, b] = pts(cells);
        const x = (a[0] + b[0]) / 2, y = (a[1] + b[1]) / 2;
        const gm = g('mark');
        if (rule.kind === 'xv') {
          const label = v === 10 ? 'X' : v === 5 ? 'V' : String(v);
          el('rect', { x: x - 0.13, y: y - 0.14, width: 0.26, height: 0.28, class: 'xv-bg', rx: 0.05 }, gm);
          text(gm, x, y, label, 'xv', 0.26);
        } else if (rule.kind === 'greater-than') {
          // The chevron points to the lower digit: from the first cell (greater) to the second.
          const dx = b[0] - a[0], dy = b[1] - a[1];
          el('path', { d: `M${x - dx * 0.08 - dy * 0.12},${y - dy * 0.08 - dx * 0.12}L${x + dx * 0.08},${y + dy * 0.08}L${x - dx * 0.08 + dy * 0.12},${y - dy * 0.08 + dx * 0.12}`, class: 'greater' }, gm);
        } else {
          const black = rule.kind === 'ratio';
          el('circle', { cx: x, cy: y, r: 0.11, class: black ? 'dot black' : 'dot white' }, gm);
          const plain = black ? v === 2 || v === undefined : v === 1 || v === undefined;
          if (!plain) text(gm, x, y, v, black ? 'dot-value black' : 'dot-value', 0.13);
        }
        break;
      }
      case 'thermometer': {
        if (!cells.length) break;
        const gl = g('line');
        const [x, y] = centre(cells[0]);
        el('circle', { cx: x, cy: y, r: 0.32, class: 'thermo' }, gl);
        if (cells.length > 1) el('polyline', { points: poly(cells), class: 'thermo-line' }, gl);
        break;
      }
      case 'arrow':
      case 'double-arrow': {
        if (cells.length < 2) break;
        const gl = g('line');
        const circleCells = rule.kind === 'arrow' ? cells.slice(0, Math.max(1, rule.split || 1)) : [cells[0]];
        // An arrow's shaft leaves its circle (or pill) from the cell nearest the shaft's first cell.
        const rest = cells.slice(circleCells.length);
        const gap = (i) => (rest.length ? Math.abs(Math.floor(i / n) - Math.floor(rest[0] / n)) + Math.abs(i % n - rest[0] % n) : 0);
        const start = circleCells.reduce((best, i) => (gap(i) < gap(best) ? i : best), circleCells[circleCells.length - 1]);
        const shaft = rule.kind === 'arrow' ? [start, ...rest] : cells;
        const bulbs = rule.kind === 'double-arrow' ? [[cells[0]], [cells[cells.length - 1]]] : [circleCells];
        // The shaft starts at the circle's rim.
        const p = pts(shaft);
        if (p.length > 1) {
          const [x0, y0] = p[0], [x1, y1] = p[1];
          const len = Math.hypot(x1 - x0, y1 - y0) || 1;
          p[0] = [x0 + (x1 - x0) / len * 0.36, y0 + (y1 - y0) / len * 0.36];
          if (rule.kind === 'double-arrow') {
            const m = p.length - 1;
            const [xa, ya] = p[m], [xb, yb] = p[m - 1];
            const l2 = Math.hypot(xb - xa, yb - ya) || 1;
            p[m] = [xa + (xb - xa) / l2 * 0.36, ya + (yb - ya) / l2 * 0.36];
          }
          el('polyline', { points: p.map(([x, y]) => `${+x.toFixed(3)},${+y.toFixed(3)}`).join(' '), class: 'arrow-line', 'marker-end': rule.kind === 'arrow' ? 'url(#rule-arrowhead)' : '' }, gl);
        }
        for (const bulb of bulbs) {
          const bp = pts(bulb);
          if (bp.length === 1) el('circle', { cx: bp[0][0], cy: bp[0][1], r: 0.36, class: 'arrow-circle' }, gl);
          else el('polyline', { points: bp.map(([x, y]) => `${x},${y}`).join(' '), class: 'arrow-pill' }, gl);
        }
        break;
      }
      case 'whisper':
      case 'renban':
      case 'palindrome':
      case 'region-sum-line':
      case 'entropic':
      case 'modular':
      case 'zipper':
      case 'nabner':
      case 'lockout':
      case 'sum-line':
      case 'between': {
        if (!cells.length) break;
        const gl = g('line');
        if (cells.length > 1) el('polyline', { points: poly(cells), class: `line ${rule.kind}` }, gl);
        else { const [x, y] = centre(cells[0]); el('circle', { cx: x, cy: y, r: 0.12, class: `line-dot ${rule.kind}` }, gl); }
        if (rule.kind === 'between') {
          for (const i of [cells[0], cells[cells.length - 1]]) { const [x, y] = centre(i); el('circle', { cx: x, cy: y, r: 0.36, class: 'between-end' }, gl); }
        }
        if (rule.kind === 'sum-line' && v !== undefined && v !== null && Number(v) !== 10) {
          text(g('label'), centre(cells[0])[0] - 0.32, centre(cells[0])[1] - 0.32, v, 'sum-line-value', 0.24);
        }
        if (rule.kind === 'lockout') {
          for (const i of [cells[0], cells[cells.length - 1]]) {
            const [x, y] = centre(i);
            el('polygon', { points: `${x},${y - 0.4} ${x + 0.4},${y} ${x},${y + 0.4} ${x - 0.4},${y}`, class: 'lockout-end' }, gl);
          }
          // Another least difference than 4: small in the first diamond's cell corner.
          if (v !== undefined && v !== null && Number(v) !== 4) text(g('label'), centre(cells[0])[0] - 0.32, centre(cells[0])[1] - 0.32, v, 'lockout-value', 0.24);
        }
        break;
      }
      case 'same-values': {
        const tint = sameTint++ % 4;
        cells.forEach((i) => { const [x, y] = centre(i); el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: `same-values same-values-${tint}` }, g('tint')); });
        break;
      }
      case 'pair-table':
      case 'pair-table-all': {
        if (!cells.length) break;
        const gl = g('line');
        if (cells.length > 1) el('polyline', { points: poly(cells), class: 'pair-line' }, gl);
        const every = rule.kind === 'pair-table-all' ? ' all' : '';
        cells.forEach((i) => { const [x, y] = centre(i); el('circle', { cx: x, cy: y, r: 0.09, class: `pair-node${every}` }, gl); });
        break;
      }
      case 'little-killer':
      case 'sandwich':
      case 'x-sum':
      case 'numbered-room':
      case 'hidden-skyscraper':
      case 'full-rank':
      case 'skyscraper': {
        const m = /^r(\d+)c(\d+)$/.exec(rule.outside || '');
        if (!m) break;
        const x = Number(m[2]) - 1 + 0.5, y = Number(m[1]) - 1 + 0.5;
        const gm = g('label');
        text(gm, x, y, v ?? '', `outside ${rule.kind}`, 0.4);
        if (rule.kind === 'little-killer' && cells.length) {
          // A small arrow from the clue towards its diagonal.
          const [tx, ty] = centre(cells[0]);
          const dx = Math.sign(tx - x), dy = Math.sign(ty - y);
          el('path', { d: `M${x + dx * 0.28},${y + dy * 0.28}L${x + dx * 0.46},${y + dy * 0.46}`, class: 'lk-arrow', 'marker-end': 'url(#rule-arrowhead)' }, gm);
        }
        break;
      }
      default:
        break; // whole-grid rules: named in the rules line
    }
  });
}

/** The arrowhead the arrows and little killers end in. */
export function ruleDefs() {
  return '<marker id="rule-arrowhead" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10" class="rule-arrowhead"/></marker>';
}

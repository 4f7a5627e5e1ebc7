// The solve log: every step of /explain, and the board at any step, replayed from `start`.
import { bit, cellIndex, charDigit, digitChar, maskDigits } from './digits.js';
import { houseCells } from './geometry.js';

/** `start` (N characters per cell, the digit where it is a candidate) → masks. */
export function parseCandidates(start, n) {
  const masks = new Array(n * n).fill(0);
  if (typeof start !== 'string' || start.length < n * n * n) return null;
  for (let i = 0; i < n * n; i++) {
    let m = 0;
    for (let k = 0; k < n; k++) {
      const d = charDigit(start[i * n + k]);
      if (d >= 1 && d <= n) m |= bit(d);
    }
    masks[i] = m;
  }
  return masks;
}

/** Apply one step: a placement sets the value and leaves the peers' candidates; eliminations remove. */
export function applyToBoard(board, step, info) {
  const n = info.n;
  for (const p of step.placements || []) {
    const i = cellIndex(p.cell, n);
    if (i < 0) continue;
    board.values[i] = p.digit;
    board.cands[i] = 0;
    board.kinds[i] = 'logic';
    for (const q of info.peers[i]) board.cands[q] &= ~bit(p.digit);
  }
  for (const e of step.eliminations || []) {
    const i = cellIndex(e.cell, n);
    if (i >= 0) board.cands[i] &= ~bit(e.digit);
  }
}

/**
 * What a step marks on the board: its houses and cells, what it places (circled) and
 * eliminates (struck through), and its links. Shapes and words, not colour alone.
 */
export function stepMarks(step, info, { houseClass = 'step-house', cellClass = 'step-cell', full = true } = {}) {
  const n = info.n;
  const cellClasses = new Map();
  const markClasses = new Map();
  const labels = new Map();
  const add = (map, i, v) => { if (i < 0) return; if (!map.has(i)) map.set(i, []); if (!map.get(i).includes(v)) map.get(i).push(v); };
  for (const h of step.houses || []) houseCells(info, h).forEach((c) => add(cellClasses, c, houseClass));
  for (const c of step.cells || []) {
    const i = cellIndex(c, n);
    add(cellClasses, i, cellClass);
    add(labels, i, 'in the step');
  }
  if (full) {
    for (const p of step.placements || []) {
      const i = cellIndex(p.cell, n);
      add(cellClasses, i, 'step-place');
      add(labels, i, `places ${digitChar(p.digit)}`);
      markClasses.set(`${i}:${p.digit}`, 'place');
    }
    for (const e of step.eliminations || []) {
      const i = cellIndex(e.cell, n);
      add(cellClasses, i, 'step-elim');
      add(labels, i, `eliminates ${digitChar(e.digit)}`);
      markClasses.set(`${i}:${e.digit}`, 'elim');
    }
  }
  const links = full ? (step.links || []).map((l) => ({
    from: { cell: cellIndex(l.from.cell, n), digit: l.from.digit },
    to: { cell: cellIndex(l.to.cell, n), digit: l.to.digit },
    strong: !!l.strong, fromName: `${l.from.cell}(${l.from.digit})`, toName: `${l.to.cell}(${l.to.digit})`,
  })) : [];
  for (const l of links) {
    if (l.from.cell >= 0 && !markClasses.has(`${l.from.cell}:${l.from.digit}`)) markClasses.set(`${l.from.cell}:${l.from.digit}`, 'link');
    if (l.to.cell >= 0 && !markClasses.has(`${l.to.cell}:${l.to.digit}`)) markClasses.set(`${l.to.cell}:${l.to.digit}`, 'link');
  }
  return { cellClasses, markClasses, labels, links };
}

/**
 * The rules a step uses, as indices into the puzzle's constraints: where a step of the variant
 * logic that names its rule ("constraints": [k] or "constraint": k) gets it highlighted.
 */
export function stepRules(step) {
  if (!step) return [];
  if (Array.isArray(step.constraints)) return step.constraints.filter((k) => Number.isInteger(k));
  return Number.isInteger(step.constraint) ? [step.constraint] : [];
}

const fmt = (x) => (typeof x === 'number' ? x.toFixed(1) : String(x));

export function ratingText(r) {
  if (!r) return '';
  return `ER ${fmt(r.er)} EP ${fmt(r.ep)} ED ${fmt(r.ed)}${r.hardest ? `, hardest ${r.hardest}` : ''}`;
}

/** A step's text without the technique and rating its row shows beside it already. */
export function stepBody(s) {
  let t = String(s.text || s.detail || '');
  const head = `${s.technique}: `;
  if (s.technique && t.startsWith(head)) t = t.slice(head.length);
  return t.replace(/ \(\d+(?:\.\d+)?\)$/, '');
}

export class SolveLog {
  constructor(panel, { onSelect }) {
    this.panel = panel;
    this.list = panel.querySelector('#log-list');
    this.summary = panel.querySelector('#log-summary');
    this.detail = panel.querySelector('#log-detail');
    this.onSelect = onSelect;
    this.result = null;
    this.selected = -1;
    this.list.addEventListener('click', (e) => {
      const li = e.target.closest('[role="option"]');
      if (li) this.select(Number(li.dataset.k), true);
    });
    this.list.addEventListener('keydown', (e) => {
      const k = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
      if (k) { e.preventDefault(); this.step(k); } else if (e.key === 'Home') { e.preventDefault(); this.select(0, true); } else if (e.key === 'End') { e.preventDefault(); this.select(this.entries.length - 1, true); }
    });
  }

  get open() { return !!this.result; }

  /**
   * Show an /explain answer. filled: the values the steps start from (givens, or givens and
   * entries for "from my position"), kinds: how those cells are drawn.
   */
  show(result, info, filled, kinds) {
    this.result = result;
    this.info = info;
    const n = info.n;
    const steps = result.steps || [];
    let cands = parseCandidates(result.start, n);
    if (!cands) {
      // No usable start: begin from what the filled cells' peers allow.
      cands = filled.map((v, i) => {
        if (v) return 0;
        let m = info.all;
        for (const p of info.peers[i]) if (filled[p]) m &= ~bit(filled[p]);
        return m;
      });
    }
    // A filled cell is a value, not a candidate (the start format spells both the same way).
    let board = { values: filled.slice(), cands: cands.map((m, i) => (filled[i] ? 0 : m)), kinds: kinds.slice() };
    this.boards = [];
    for (const s of steps) {
      this.boards.push(board);
      board = { values: board.values.slice(), cands: board.cands.slice(), kinds: board.kinds.slice() };
      applyToBoard(board, s, info);
    }
    // The last entry: solved, or where logic stopped and the search's solution.
    const end = { values: board.values.slice(), cands: board.cands.slice(), kinds: board.kinds.slice() };
    if (result.solution && result.status !== 'solved') {
      const sol = String(result.solution);
      for (let i = 0; i < n * n; i++) {
        if (!end.values[i]) { end.values[i] = charDigit(sol[i]); end.cands[i] = 0; end.kinds[i] = 'search'; }
      }
    }
    this.boards.push(end);
    this.entries = steps.map((s, k) => ({ k, step: s }));
    this.entries.push({ k: steps.length, end: true });
    this.renderList();
    this.select(steps.length ? 0 : this.entries.length - 1, false);
  }

  endText() {
    const r = this.result;
    const count = (r.steps || []).length;
    const rating = ratingText(r.rating);
    switch (r.status) {
      case 'solved': return `Solved in ${count} steps: ${rating}`;
      case 'stuck':
      case 'above-limit':
      case 'multiple':
      case 'contradiction': return `Logic stops here after ${count} steps${r.stopped ? ` (${r.stopped})` : ''}. `
        + (r.solution ? 'The rest of the board is the solution found by search, not by logic.' : 'No solution was found.')
        + (rating ? ` Rating so far: ${rating}.` : '');
      case 'gave-up': return `Gave up after ${count} steps (time limit).${rating ? ` Rating so far: ${rating}.` : ''}`
        + (r.solution ? ' The rest of the board is the solution found by search.' : '');
      default: return `${r.status}${r.reason ? `: ${r.reason}` : ''}`;
    }
  }

  renderList() {
    const list = this.list;
    list.textContent = '';
    for (const e of this.entries) {
      const li = document.createElement('li');
      li.setAttribute('role', 'option');
      li.id = `step-${e.k}`;
      li.dataset.k = e.k;
      if (e.end) {
        li.className = `end ${this.result.status}`;
        li.innerHTML = '<span class="num">■</span>';
        const t = document.createElement('span');
        t.className = 'text';
        t.textContent = this.endText();
        li.append(t);
      } else {
        const s = e.step;
        li.className = s.placements && s.placements.length ? 'places' : 'eliminates';
        li.dataset.technique = s.technique;
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = `${e.k + 1}.`;
        const tech = document.createElement('span');
        tech.className = 'tech';
        tech.textContent = s.technique;
        const rating = document.createElement('span');
        rating.className = 'rating';
        rating.textContent = fmt(s.rating);
        const text = document.createElement('span');
        text.className = 'text';
        text.textContent = stepBody(s);
        // A run of steps of one technique names it (and its rating) once, on its first row.
        const prev = e.k > 0 ? this.entries[e.k - 1].step : null;
        if (prev && prev.technique === s.technique && prev.rating === s.rating) li.classList.add('same-technique');
        li.append(num, tech, rating, text);
      }
      list.append(li);
    }
    this.summary.textContent = this.endText();
  }

  step(delta) {
    if (!this.entries) return;
    this.select(Math.max(0, Math.min(this.entries.length - 1, this.selected + delta)), true);
  }

  select(k, announce) {
    if (!this.entries || k < 0 || k >= this.entries.length) return;
    const prev = this.list.querySelector('[aria-selected="true"]');
    if (prev) prev.setAttribute('aria-selected', 'false');
    this.selected = k;
    const li = this.list.children[k];
    li.setAttribute('aria-selected', 'true');
    this.list.setAttribute('aria-activedescendant', li.id);
    // Scroll the list only (scrollIntoView would scroll the page too, away from the board).
    const list = this.list;
    if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
    const e = this.entries[k];
    this.detail.textContent = '';
    if (e.end) {
      this.detail.textContent = this.endText();
    } else {
      const p = document.createElement('p');
      p.textContent = `Step ${k + 1} of ${this.entries.length - 1}: ${e.step.text || e.step.technique}`;
      this.detail.append(p);
      if (e.step.chains && e.step.chains.length) {
        const ul = document.createElement('ul');
        ul.className = 'chains';
        e.step.chains.forEach((c) => { const it = document.createElement('li'); it.textContent = c; ul.append(it); });
        this.detail.append(ul);
      }
      if (e.step.guess) {
        const g = document.createElement('p');
        g.textContent = 'This step is a guess.';
        this.detail.append(g);
      }
    }
    this.onSelect(k, announce ? (e.end ? this.endText() : `Step ${k + 1}: ${e.step.text || e.step.technique}`) : '');
  }

  /** The rules the selected step uses (indices into the constraints), where the step names them. */
  selectedRules() {
    const e = this.entries && this.entries[this.selected];
    return !e || e.end ? [] : stepRules(e.step);
  }

  /** The view of the selected entry: the board before the step, with the step marked. */
  view() {
    const e = this.entries[this.selected];
    const b = this.boards[this.selected];
    const marks = e.end ? { cellClasses: new Map(), markClasses: new Map(), labels: new Map(), links: [] } : stepMarks(e.step, this.info);
    if (e.end) b.kinds.forEach((k, i) => { if (k === 'search') marks.cellClasses.set(i, ['by-search']); });
    return { values: b.values, kinds: b.kinds, corner: b.cands, centre: [], ...marks };
  }

  close() {
    this.result = null;
    this.entries = null;
    this.selected = -1;
    this.list.textContent = '';
    this.summary.textContent = '';
    this.detail.textContent = '';
  }
}

export { maskDigits };

// Draws any board from the API's geometry: a CSS grid of cells (role="grid" with rows and
// gridcells), thick borders between regions, windows shaded, and an SVG layer on top for the
// diagonals, the variant rules (rules.js) and chain links. The board only draws what it is given (a "view"); view.js
// decides what the view is (the player's position, a step of the log, a hint).
import { cellName, digitChar, maskDigits } from './digits.js';
import { drawRules, hasOutsideClues, ruleDefs } from './rules.js';

const SVG = 'http://www.w3.org/2000/svg';

export class Board {
  constructor(wrap, { onSelect, onKey }) {
    this.wrap = wrap;
    this.onSelect = onSelect;
    this.onKey = onKey;
    this.grid = wrap.querySelector('[role="grid"]');
    this.svg = wrap.querySelector('svg.overlay');
    this.cells = [];
    this.keys = [];
    this.info = null;
    this.focusCell = 0;
    this.grid.addEventListener('keydown', (e) => this.onKey(e));
    this.grid.addEventListener('pointerdown', (e) => {
      const el = e.target.closest('[role="gridcell"]');
      if (!el) return;
      e.preventDefault(); // keep the focus ring where we put it, and no text selection
      this.onSelect(Number(el.dataset.i), e);
    });
  }

  /** Build the cells for a geometry (derive()d) and its variant rules (/parse's constraints). */
  build(info, constraints = [], { margin = false } = {}) {
    this.info = info;
    const { n, regions } = info;
    this.grid.textContent = '';
    this.wrap.style.setProperty('--n', n);
    this.grid.style.setProperty('--n', n);
    this.grid.style.setProperty('--mc', info.markCols);
    this.grid.style.setProperty('--mr', info.markRows);
    this.grid.dataset.size = n;
    this.wrap.dataset.size = n;
    this.grid.dataset.variant = info.variant;
    this.grid.setAttribute('aria-rowcount', n);
    this.grid.setAttribute('aria-colcount', n);
    this.cells = [];
    this.keys = new Array(n * n).fill(null);
    const jigsaw = info.variant === 'jigsaw';
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'row');
      row.setAttribute('aria-rowindex', r + 1);
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const el = document.createElement('div');
        el.setAttribute('role', 'gridcell');
        el.setAttribute('aria-colindex', c + 1);
        el.dataset.i = i;
        el.dataset.cell = cellName(i, n);
        el.tabIndex = -1;
        const cls = ['cell'];
        if (c < n - 1 && regions[i] !== regions[i + 1]) cls.push('edge-r');
        if (r < n - 1 && regions[i] !== regions[i + n]) cls.push('edge-b');
        if (info.windows.has(i)) cls.push('window');
        // Extra regions: tinted, or, where they tile the grid (a second set of pieces), outlined.
        if (info.extraOf[i] >= 0 && !info.extraTiles) cls.push('extra-house');
        if (info.diagonal.has(i)) cls.push('diag');
        if (jigsaw) cls.push(`shade-${info.regionShades[regions[i]] % 5}`);
        el.className = cls.join(' ');
        el.dataset.base = el.className;
        row.append(el);
        this.cells.push(el);
      }
      this.grid.append(row);
    }
    this.grid.setAttribute('aria-label', `Sudoku board, ${n} by ${n}, ${info.variant}`);
    this.focusCell = 0;
    this.cells[0].tabIndex = 0;
    this.svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
    this.svg.textContent = '';
    const defs = document.createElementNS(SVG, 'defs');
    defs.innerHTML = ['strong', 'weak'].map((k) => `<marker id="arrow-${k}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead ${k}"/></marker>`).join('') + ruleDefs();
    this.svg.append(defs);
    this.drawDiagonals();
    this.drawExtraPieces();
    this.rulesLayer = document.createElementNS(SVG, 'g');
    this.rulesLayer.setAttribute('class', 'rules');
    this.svg.append(this.rulesLayer);
    this.linksLayer = document.createElementNS(SVG, 'g');
    this.svg.append(this.linksLayer);
    this.setRules(constraints, { margin });
    this.drawLinks([]);
  }

  /**
   * Draw the rules again (a setter's change). Outside clues need a margin of one cell round the
   * grid; `margin` keeps it without any, so that a setter can tap there.
   */
  setRules(constraints, { margin = false } = {}) {
    this.wrap.style.setProperty('--m', margin || hasOutsideClues(constraints) ? 1 : 0);
    drawRules(this.rulesLayer, constraints, this.info.n);
    this.svg.dataset.rules = String(constraints.length);
  }

  /** Where a pointer is, in board units (a cell is one unit; outside the grid is below 0 or above n). */
  pointAt(clientX, clientY) {
    const rect = this.grid.getBoundingClientRect();
    const border = parseFloat(getComputedStyle(this.grid).borderLeftWidth) || 0;
    const unit = (rect.width - 2 * border) / this.info.n;
    return [(clientX - rect.left - border) / unit, (clientY - rect.top - border) / unit];
  }

  /** Mark the rules a step uses (their indices in the constraints), or none. */
  highlightRules(indices) {
    const want = new Set(indices || []);
    this.rulesLayer.querySelectorAll('.rule').forEach((g) => g.classList.toggle('rule-used', want.has(Number(g.dataset.rule))));
  }

  /** The diagonal houses (the X variant's, or one of an f-puzzles diagonal+) as lines. */
  drawDiagonals() {
    const { n, houses } = this.info;
    const ends = { diagonal: [0, 0, n, n], 'anti-diagonal': [n, 0, 0, n] };
    for (const h of houses) {
      if (!ends[h.kind]) continue;
      const [x1, y1, x2, y2] = ends[h.kind];
      const l = document.createElementNS(SVG, 'line');
      Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => l.setAttribute(k, v));
      l.setAttribute('class', 'diag-line');
      this.svg.append(l);
    }
  }

  /** Extra regions that tile the grid (ISS's jigsaw pieces beside the boxes): their borders, as lines. */
  drawExtraPieces() {
    const { n, extraOf, extraTiles } = this.info;
    if (!extraTiles) return;
    const d = [];
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      if (c < n - 1 && extraOf[i] !== extraOf[i + 1]) d.push(`M${c + 1},${r}V${r + 1}`);
      if (r < n - 1 && extraOf[i] !== extraOf[i + n]) d.push(`M${c},${r + 1}H${c + 1}`);
    }
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d.join(''));
    path.setAttribute('class', 'extra-piece-edges');
    this.svg.append(path);
  }

  /** Move the roving tab stop (and the focus, when asked) to cell i. */
  setFocus(i, focus) {
    if (!this.cells[i]) return;
    if (this.cells[this.focusCell]) this.cells[this.focusCell].tabIndex = -1;
    this.focusCell = i;
    this.cells[i].tabIndex = 0;
    if (focus) this.cells[i].focus({ preventScroll: false });
  }

  /**
   * view: { values[], kinds[] ('given'|'entry'|'search'|''), corner[], centre[] (masks),
   *         colours[] (0-8), cellClasses: Map(i → [class]), markClasses: Map('i:d' → class),
   *         labels: Map(i → [text]), selected, links[], rules[] (indices of the rules a step uses) }
   */
  render(view) {
    const { n } = this.info;
    const mc = this.info.markCols;
    for (let i = 0; i < n * n; i++) {
      const v = view.values[i];
      const kind = view.kinds[i] || '';
      const corner = v ? 0 : view.corner[i] || 0;
      const centre = v ? 0 : view.centre[i] || 0;
      const extra = view.cellClasses.get(i) || [];
      const marksCls = [];
      for (const d of maskDigits(corner | centre, n)) {
        const k = view.markClasses.get(`${i}:${d}`);
        if (k) marksCls.push(`${d}${k}`);
      }
      const labels = view.labels.get(i) || [];
      const sel = view.selected === i;
      const colour = (view.colours && view.colours[i]) || 0;
      const key = `${v}|${kind}|${corner}|${centre}|${colour}|${extra.join(' ')}|${marksCls.join(',')}|${labels.join(',')}|${sel}`;
      if (this.keys[i] === key) continue;
      this.keys[i] = key;
      const el = this.cells[i];
      el.className = [el.dataset.base, kind, sel ? 'selected' : '', ...extra].filter(Boolean).join(' ');
      el.setAttribute('aria-selected', sel ? 'true' : 'false');
      el.textContent = '';
      if (colour) {
        const paint = document.createElement('span');
        paint.className = `paint colour-${colour}`;
        el.append(paint);
      }
      if (v) {
        const s = document.createElement('span');
        s.className = 'v';
        s.textContent = digitChar(v);
        el.append(s);
      } else {
        if (corner) el.append(this.cornerMarks(i, corner, view.markClasses, mc));
        if (centre) {
          const s = document.createElement('span');
          s.className = 'cc';
          for (const d of maskDigits(centre, n)) {
            const m = document.createElement('span');
            m.textContent = digitChar(d);
            const k = view.markClasses.get(`${i}:${d}`);
            if (k) m.className = k;
            s.append(m);
          }
          el.append(s);
        }
      }
      el.setAttribute('aria-label', this.label(i, v, kind, corner, centre, colour ? [...labels, `colour ${colour}`] : labels));
    }
    this.drawLinks(view.links || []);
    this.highlightRules(view.rules);
  }

  cornerMarks(i, mask, markClasses, mc) {
    const box = document.createElement('span');
    box.className = 'cm';
    for (const d of maskDigits(mask, this.info.n)) {
      const m = document.createElement('span');
      m.textContent = digitChar(d);
      m.style.gridColumn = String(((d - 1) % mc) + 1);
      m.style.gridRow = String(Math.floor((d - 1) / mc) + 1);
      const k = markClasses.get(`${i}:${d}`);
      if (k) m.className = k;
      box.append(m);
    }
    return box;
  }

  label(i, v, kind, corner, centre, extra) {
    const n = this.info.n;
    const parts = [cellName(i, n)];
    if (v) {
      if (kind === 'given') parts.push(`given ${digitChar(v)}`);
      else if (kind === 'search') parts.push(`${digitChar(v)}, found by search`);
      else parts.push(digitChar(v));
    } else {
      parts.push('empty');
      if (corner) parts.push(`candidates ${maskDigits(corner, n).map(digitChar).join(' ')}`);
      if (centre) parts.push(`centre marks ${maskDigits(centre, n).map(digitChar).join(' ')}`);
    }
    return parts.concat(extra).join(', ');
  }

  /** Centre of digit d's slot in cell i, in board units (one unit per cell). */
  markPoint(i, d) {
    const { n, markCols: mc, markRows: mr } = this.info;
    const r = Math.floor(i / n), c = i % n;
    if (!d) return [c + 0.5, r + 0.5];
    return [c + (((d - 1) % mc) + 0.5) / mc, r + (Math.floor((d - 1) / mc) + 0.5) / mr];
  }

  /** Chain links as arrows: strong solid, weak dashed. */
  drawLinks(links) {
    const svg = this.linksLayer;
    svg.textContent = '';
    const pad = 0.5 / (this.info ? this.info.markCols : 3);
    links.forEach((link, idx) => {
      if (link.from.cell < 0 || link.to.cell < 0) return;
      let [x1, y1] = this.markPoint(link.from.cell, link.from.digit);
      let [x2, y2] = this.markPoint(link.to.cell, link.to.digit);
      // Stop short of the candidates so the digits stay readable.
      const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
      const s = Math.min(pad * 0.8, len / 3);
      x1 += (dx / len) * s; y1 += (dy / len) * s; x2 -= (dx / len) * s; y2 -= (dy / len) * s;
      // A slight curve keeps links along one row or column apart from each other.
      const bend = 0.12 * (idx % 2 ? 1 : -1);
      const mx = (x1 + x2) / 2 - (dy / len) * bend, my = (y1 + y2) / 2 + (dx / len) * bend;
      const p = document.createElementNS(SVG, 'path');
      p.setAttribute('d', `M${x1.toFixed(3)},${y1.toFixed(3)} Q${mx.toFixed(3)},${my.toFixed(3)} ${x2.toFixed(3)},${y2.toFixed(3)}`);
      p.setAttribute('class', `link ${link.strong ? 'strong' : 'weak'}`);
      p.setAttribute('marker-end', `url(#arrow-${link.strong ? 'strong' : 'weak'})`);
      const t = document.createElementNS(SVG, 'title');
      t.textContent = `${link.strong ? 'strong' : 'weak'} link ${link.fromName} → ${link.toName}`;
      p.append(t);
      svg.append(p);
    });
    this.svg.dataset.links = String(links.length);
  }
}

// The game: givens, variant rules, the player's entries, pencil marks and cell colours, the mode
// ('enter' givens, 'set' givens and rules, 'play'), and unlimited undo/redo. Every change goes
// through change(), which keeps a snapshot before it.
import { derive, allowedMasks, conflictCells } from './geometry.js';
import { bit, cellIndex, maskToString, toLine } from './digits.js';

const empty = (n) => new Array(n * n).fill(0);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export class Game {
  constructor() {
    this.listeners = [];
    this.variant = 'classic';
    this.regions = '';
    this.geometry = null;
    this.info = null;
    this.mode = 'enter';
    this.meta = {};
    // The puzzle as nonet's JSON (parse's `source`) when it has rules beyond its houses: every
    // request sends it back as `text`, so the server checks and solves with the rules.
    this.source = null;
    this.constraints = [];
    this.puzzle = [];
    this.values = [];
    this.corner = [];
    this.centre = [];
    this.colours = []; // 0: none, 1-8: the palette's colours
    this.past = [];
    this.future = [];
  }

  onChange(fn) { this.listeners.push(fn); }
  emit(what) { this.listeners.forEach((fn) => fn(what)); }

  get n() { return this.info ? this.info.n : 0; }
  /** Entering and setting type givens; only play types entries and marks. */
  get editing() { return this.mode !== 'play'; }

  /** A new board shape; givens and progress are kept only when the size stays the same. */
  setGeometry(geometry, regions = '') {
    const keep = this.info && this.info.n === geometry.size;
    this.geometry = geometry;
    this.info = derive(geometry);
    this.variant = geometry.variant || 'classic';
    this.regions = regions;
    this.source = null;
    this.constraints = [];
    if (!keep) {
      const n = geometry.size;
      this.puzzle = empty(n); this.values = empty(n); this.corner = empty(n); this.centre = empty(n);
      this.colours = empty(n);
      this.past = []; this.future = [];
    }
    this.emit('geometry');
  }

  /** Load a whole game (a new puzzle, an import, a share link, a saved game). */
  load({ geometry, regions = '', source = null, puzzle, values, corner, centre, colours, mode = 'enter', meta = {}, past = [], future = [] }) {
    this.geometry = geometry;
    this.info = derive(geometry);
    this.variant = geometry.variant || 'classic';
    this.regions = regions;
    this.source = source && source.constraints && source.constraints.length ? source : null;
    this.constraints = this.source ? this.source.constraints : [];
    const n = geometry.size;
    const fit = (a) => (a && a.length === n * n ? a.slice() : empty(n));
    this.puzzle = fit(puzzle); this.values = fit(values); this.corner = fit(corner); this.centre = fit(centre);
    this.colours = fit(colours);
    // A cell holding a given keeps no entry of its own.
    this.puzzle.forEach((g, i) => { if (g) { this.values[i] = 0; this.corner[i] = 0; this.centre[i] = 0; } });
    this.mode = mode;
    this.meta = { ...meta };
    this.past = past; this.future = future;
    this.emit('load');
  }

  snapshot() {
    return {
      puzzle: this.puzzle.slice(), values: this.values.slice(), corner: this.corner.slice(), centre: this.centre.slice(),
      colours: this.colours.slice(),
      // Rules and shapes are replaced, never changed in place (setRules, reshape), so the objects
      // themselves are the snapshot.
      constraints: this.constraints,
      geometry: this.geometry,
      regions: this.regions,
    };
  }

  restore(s) {
    this.puzzle = s.puzzle.slice(); this.values = s.values.slice();
    this.corner = s.corner.slice(); this.centre = s.centre.slice();
    // Snapshots saved before colours existed have none; those saved outside Set mode keep no rules.
    this.colours = s.colours && s.colours.length === this.puzzle.length ? s.colours.slice() : empty(this.n);
    if (s.geometry && s.geometry !== this.geometry) this.applyShape(s.geometry, s.regions || '');
    if (s.constraints) this.applyRules(s.constraints);
  }

  /** The setter's rules (nonet JSON constraints), kept in the puzzle's source the API reads. */
  applyRules(constraints) {
    // The source's shape follows the board's (a setter paints jigsaw regions, toggles diagonals).
    const { regions, ...base } = this.source || { size: this.n };
    base.variant = this.variant;
    if (this.variant === 'jigsaw') base.regions = this.regions;
    this.constraints = constraints;
    this.source = constraints.length || base.houses ? { ...base, constraints } : null;
  }

  applyShape(geometry, regions) {
    this.geometry = geometry;
    this.info = derive(geometry);
    this.variant = geometry.variant || 'classic';
    this.regions = regions;
    this.applyRules(this.constraints);
  }

  /**
   * A new shape of the same size as one undoable change, givens and rules kept (Set mode: the
   * diagonals toggled, jigsaw regions painted).
   */
  reshape(geometry, regions = '') {
    return this.change(() => this.applyShape(geometry, regions), 'shape');
  }

  /**
   * Replace the rules as one undoable change; `amend` folds it into the last change instead (a
   * sum typed digit by digit is one step).
   */
  setRules(constraints, what = 'rules', { amend = false } = {}) {
    if (!amend || !this.past.length) return this.change(() => this.applyRules(constraints), what);
    this.applyRules(constraints);
    this.future = [];
    this.emit(what);
    return true;
  }

  /** Run a mutation; if it changed the position, remember the old one for undo. */
  change(fn, what = 'edit') {
    const before = this.snapshot();
    fn();
    const after = this.snapshot();
    if (before.constraints === after.constraints && before.geometry === after.geometry
      && ['puzzle', 'values', 'corner', 'centre', 'colours'].every((k) => same(before[k], after[k]))) return false;
    this.past.push(before);
    this.future = [];
    this.emit(what);
    return true;
  }

  undo() {
    if (!this.past.length) return false;
    this.future.push(this.snapshot());
    this.restore(this.past.pop());
    this.emit('undo');
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.past.push(this.snapshot());
    this.restore(this.future.pop());
    this.emit('redo');
    return true;
  }

  isGiven(i) { return this.puzzle[i] !== 0; }
  valueAt(i) { return this.puzzle[i] || this.values[i]; }
  /** Givens and entries together. */
  grid() { return this.puzzle.map((g, i) => g || this.values[i]); }
  filled() { return this.grid().filter(Boolean).length; }
  givens() { return this.puzzle.filter(Boolean).length; }

  /**
   * Type digit d into cell i. style: 'normal' (a value), 'corner' or 'centre' (toggle a pencil mark).
   * Returns false when the cell cannot take it (a given in play, a mark on a filled cell).
   */
  input(i, d, style = 'normal') {
    if (this.editing) {
      return this.change(() => { this.puzzle[i] = d; });
    }
    if (this.isGiven(i)) return false;
    if (style === 'normal') {
      return this.change(() => {
        this.values[i] = d;
        // A placed digit can no longer be a candidate of the cell's peers.
        for (const p of this.info.peers[i]) { this.corner[p] &= ~bit(d); this.centre[p] &= ~bit(d); }
      });
    }
    if (this.values[i]) return false;
    const marks = style === 'corner' ? this.corner : this.centre;
    return this.change(() => { marks[i] ^= bit(d); });
  }

  /** Colour cell i with colour c (1-8), or take it off when the cell has it already. */
  colour(i, c) {
    if (this.mode !== 'play') return false;
    return this.change(() => { this.colours[i] = this.colours[i] === c ? 0 : c; });
  }

  /** Delete: a value first, then the cell's pencil marks. */
  erase(i) {
    if (this.editing) return this.change(() => { this.puzzle[i] = 0; });
    if (this.isGiven(i)) return false;
    return this.change(() => {
      if (this.values[i]) this.values[i] = 0;
      else { this.corner[i] = 0; this.centre[i] = 0; }
    });
  }

  /**
   * Automatic candidates: every empty cell gets the digits its peers allow as corner marks.
   * Cells already marked keep the player's eliminations (marks ∩ allowed).
   */
  autoCandidates() {
    const allowed = allowedMasks(this.info, this.grid());
    return this.change(() => {
      allowed.forEach((m, i) => {
        if (this.valueAt(i)) return;
        const own = this.corner[i] | this.centre[i];
        this.corner[i] = own ? own & m : m;
        this.centre[i] = 0;
      });
    }, 'auto');
  }

  clearMarks() {
    return this.change(() => { this.corner.fill(0); this.centre.fill(0); }, 'marks');
  }

  clearAll() {
    return this.change(() => {
      if (this.editing) this.puzzle.fill(0);
      if (this.mode === 'set') this.applyRules([]);
      this.values.fill(0); this.corner.fill(0); this.centre.fill(0);
    }, 'clear');
  }

  /**
   * Apply a hint's step to the player's position: placements set values (and leave the peers'
   * marks), eliminations remove pencil marks. A cell without marks first gets the candidates
   * its peers allow, so the elimination shows.
   */
  applyStep(step) {
    const n = this.n;
    return this.change(() => {
      for (const p of step.placements || []) {
        const i = cellIndex(p.cell, n);
        if (i < 0 || this.isGiven(i)) continue;
        this.values[i] = p.digit;
        for (const q of this.info.peers[i]) { this.corner[q] &= ~bit(p.digit); this.centre[q] &= ~bit(p.digit); }
      }
      const allowed = allowedMasks(this.info, this.grid());
      for (const e of step.eliminations || []) {
        const i = cellIndex(e.cell, n);
        if (i < 0 || this.valueAt(i)) continue;
        if (!(this.corner[i] | this.centre[i])) this.corner[i] = allowed[i];
        this.corner[i] &= ~bit(e.digit);
        this.centre[i] &= ~bit(e.digit);
      }
    }, 'apply');
  }

  /** Between entering givens and Set mode: the puzzle and its history stay. */
  setMode(mode) {
    this.mode = mode;
    this.emit('mode');
  }

  start() {
    this.mode = 'play';
    // The timer starts from nothing, whatever the puzzle's history before.
    delete this.meta.elapsed; delete this.meta.solved;
    this.values.fill(0); this.corner.fill(0); this.centre.fill(0); this.colours.fill(0);
    this.past = []; this.future = [];
    this.emit('mode');
  }

  /** Back from play to entering givens, or to Set mode (which can edit the rules too). */
  edit(mode = 'enter') {
    this.mode = mode;
    this.values.fill(0); this.corner.fill(0); this.centre.fill(0); this.colours.fill(0);
    this.past = []; this.future = [];
    this.meta = {};
    this.emit('mode');
  }

  conflicts() { return conflictCells(this.info, this.grid()); }

  /** The position as the API takes it (docs/api.md, "A position"). */
  position({ withPlay = true } = {}) {
    let body;
    if (this.source) body = { text: JSON.stringify({ ...this.source, puzzle: toLine(this.puzzle) }) };
    else {
      body = { variant: this.variant, size: this.n, puzzle: toLine(this.puzzle) };
      if (this.variant === 'jigsaw') body.regions = this.regions;
    }
    if (withPlay && this.mode === 'play') {
      body.values = toLine(this.values);
      // Corner and centre marks together are the cell's written candidates.
      body.candidates = this.values.map((v, i) => (v || this.puzzle[i] ? '' : maskToString(this.corner[i] | this.centre[i], this.n)));
    }
    return body;
  }
}

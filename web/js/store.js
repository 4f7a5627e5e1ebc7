// The game and the settings survive a reload (localStorage); a share link carries the puzzle,
// its rules and the progress in the URL fragment (#p=…&v=…), so nothing is sent anywhere.
import { fromLine, maskToString, stringToMask, toLine } from './digits.js';
import { jigsawGeometry } from './geometry.js';

const GAME_KEY = 'nonet.game.v1';
const SETTINGS_KEY = 'nonet.settings.v1';
const HISTORY_KEPT = 200; // undo steps kept across a reload (all of them within a session)

function read(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch { return null; }
}
function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); return true; } catch { return false; }
}

// Colours 0-8, one character a cell.
const coloursOut = (colours) => (colours && colours.some(Boolean) ? colours.join('') : '');
const coloursIn = (s, n) => Array.from({ length: n * n }, (_, i) => Math.min(8, Number(String(s || '')[i]) || 0));

// Set mode's undo steps keep their rules (j) and shape (t the variant, r a jigsaw's regions); in
// play neither changes, so none are kept. A jigsaw's geometry is built again from its regions; the
// other shapes of the history are kept once each, by variant (shapes).
const snapOut = (s, shapes = null) => ({
  p: toLine(s.puzzle), v: toLine(s.values), k: s.corner, m: s.centre, c: coloursOut(s.colours),
  ...(shapes ? { j: s.constraints, t: keepShape(shapes, s.geometry), r: s.regions } : {}),
});

function keepShape(shapes, geometry) {
  const variant = geometry.variant || 'classic';
  if (variant !== 'jigsaw') shapes[variant] = geometry;
  return variant;
}

export function saveGame(game) {
  if (!game.info) return;
  const shapes = game.mode === 'set' ? {} : null;
  const record = {
    geometry: game.geometry, regions: game.regions, source: game.source, mode: game.mode, meta: game.meta,
    ...snapOut(game),
    past: game.past.slice(-HISTORY_KEPT).map((s) => snapOut(s, shapes)),
    future: game.future.slice(-HISTORY_KEPT).map((s) => snapOut(s, shapes)),
    shapes,
  };
  if (!write(GAME_KEY, record)) {
    // Over quota (big boards, long games): keep the position, drop the history.
    record.past = []; record.future = [];
    write(GAME_KEY, record);
  }
}

export function loadGame() {
  const r = read(GAME_KEY);
  if (!r || !r.geometry || !r.geometry.size) return null;
  const n = r.geometry.size;
  // The game's own shape is one object, so that undo rebuilds the board only where the shape changes.
  const shapeIn = (variant, regions) => {
    if (variant === (r.geometry.variant || 'classic') && regions === (r.regions || '')) return r.geometry;
    return variant === 'jigsaw' ? jigsawGeometry(n, regions) : (r.shapes || {})[variant] || r.geometry;
  };
  const snapIn = (s) => ({
    puzzle: fromLine(s.p, n), values: fromLine(s.v, n), corner: s.k || [], centre: s.m || [], colours: coloursIn(s.c, n),
    ...(Array.isArray(s.j) ? { constraints: s.j } : {}),
    ...(s.t ? { geometry: shapeIn(s.t, s.r || ''), regions: s.r || '' } : {}),
  });
  return {
    geometry: r.geometry, regions: r.regions || '', source: r.source || null, mode: ['play', 'set'].includes(r.mode) ? r.mode : 'enter', meta: r.meta || {},
    ...snapIn(r),
    past: (r.past || []).map(snapIn), future: (r.future || []).map(snapIn),
  };
}

export function loadSettings() { return read(SETTINGS_KEY) || {}; }
export function saveSettings(s) { write(SETTINGS_KEY, s); }

const marksOut = (masks, n) => {
  const s = masks.map((m) => maskToString(m, n)).join('-');
  return s.replace(/-+$/, '');
};
const marksIn = (s, n) => {
  const parts = String(s || '').split('-');
  return Array.from({ length: n * n }, (_, i) => stringToMask(parts[i] || '', n));
};

/**
 * The fragment of a share link: p puzzle, v values, k corner marks, m centre marks, c colours,
 * t variant, r regions, j the rules (nonet's JSON of the puzzle without its givens), e the mode
 * when not play (1 entering givens, set: Set mode).
 */
export function shareFragment(game) {
  const n = game.n;
  const parts = [`p=${encodeURIComponent(toLine(game.puzzle))}`];
  if (game.values.some(Boolean)) parts.push(`v=${encodeURIComponent(toLine(game.values))}`);
  if (game.corner.some(Boolean)) parts.push(`k=${encodeURIComponent(marksOut(game.corner, n))}`);
  if (game.centre.some(Boolean)) parts.push(`m=${encodeURIComponent(marksOut(game.centre, n))}`);
  if (game.colours.some(Boolean)) parts.push(`c=${coloursOut(game.colours)}`);
  if (game.variant !== 'classic') parts.push(`t=${game.variant}`);
  if (game.variant === 'jigsaw') parts.push(`r=${encodeURIComponent(game.regions)}`);
  if (game.source) {
    const { puzzle, ...rules } = game.source;
    parts.push(`j=${encodeURIComponent(JSON.stringify(rules))}`);
  }
  if (game.mode === 'enter') parts.push('e=1');
  if (game.mode === 'set') parts.push('e=set');
  if (game.meta.seed !== undefined) parts.push(`seed=${encodeURIComponent(game.meta.seed)}`);
  return parts.join('&');
}

/** Read a fragment back: the raw fields, checked against the size when the geometry is known. */
export function readFragment(hash) {
  const h = String(hash || '').replace(/^#/, '');
  if (!h) return null;
  const q = new URLSearchParams(h);
  const p = q.get('p');
  if (!p) return null;
  const n = Math.round(Math.sqrt(p.length));
  if (n * n !== p.length) return null;
  return {
    n, puzzle: p, variant: q.get('t') || 'classic', regions: q.get('r') || '',
    values: fromLine(q.get('v') || '', n), corner: marksIn(q.get('k'), n), centre: marksIn(q.get('m'), n),
    colours: coloursIn(q.get('c'), n), rules: q.get('j') || '',
    mode: { set: 'set', '': 'play' }[q.get('e') || ''] || 'enter', seed: q.get('seed') ?? undefined,
  };
}


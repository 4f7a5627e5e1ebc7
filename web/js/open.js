// Opening a puzzle from text: a pasted line or grid, an f-puzzles or SudokuPad link or string,
// nonet's JSON, a `?fpuzzles=` address. The server reads it (/parse) and judges it (/solve); only
// a puzzle it read replaces the game, so a text it cannot read never costs the player a game.
import { api, describeError } from './api.js';
import { $, announce, busy, game, regionsOf, say, ui } from './app.js';
import { fromLine } from './digits.js';
import { board, render } from './view.js';
import { puzzleKind } from './rules.js';

/** "a 9×9 killer puzzle": the size, and the rules by name where it has any. */
export function describePuzzle(res) {
  const g = res.geometry;
  return `a ${g.size}×${g.size} ${puzzleKind(res.constraints || [], g.variant || 'classic')} puzzle`;
}

/**
 * Load a /parse answer. mode 'play' asks the server for the solution first: a puzzle with one
 * solution is played at once (its solution kept for instant mistake marking); any other stays
 * in Enter mode, with the verdict said.
 */
export async function loadParsed(res, { mode = 'play', progress = {}, meta = {} } = {}) {
  const g = res.geometry;
  const base = {
    geometry: g, regions: regionsOf(g), source: res.source, puzzle: fromLine(res.puzzle, g.size),
    meta: { ...meta, ...(res.comment ? { comment: res.comment } : {}) },
  };
  if (mode !== 'play') {
    game.load({ ...base, mode });
    return { status: 'entered', fine: true };
  }
  let verdict = null;
  try {
    // A pencil-mark grid comes back without `source`: its placed digits are the puzzle.
    const position = res.source ? { text: JSON.stringify(res.source) }
      : { variant: g.variant, size: g.size, puzzle: res.puzzle, ...(g.variant === 'jigsaw' ? { regions: res.regions } : {}) };
    verdict = await api.solve({ ...position, time_limit: 10 });
  } catch { /* no verdict: played without a known solution */ }
  const status = verdict ? verdict.status : 'unknown';
  // Without a verdict (offline, or out of time) the puzzle is played all the same.
  const playable = !['multiple', 'no-solution', 'invalid'].includes(status);
  if (playable) {
    game.load({ ...base, ...progress, mode: 'play', meta: { ...base.meta, ...(verdict && verdict.solution ? { solution: verdict.solution } : {}) } });
  } else {
    game.load({ ...base, mode: 'enter' });
  }
  ui.selected = 0;
  board.setFocus(0, false);
  render();
  return { status, reason: verdict && verdict.reason, fine: playable };
}

const VERDICT_TEXT = {
  multiple: 'it has more than one solution, so it stays in Enter mode: add givens, then Start',
  'no-solution': 'it has no solution, so it stays in Enter mode',
  invalid: 'its givens break a rule, so it stays in Enter mode',
};

/**
 * Open text as a puzzle; `what` names where it came from ("the pasted text", "the link").
 * Returns true when the board shows the new puzzle; keeps: a game stays when the text is no puzzle.
 */
export async function openText(text, what, { mode = 'play', keeps = !!game.info } = {}) {
  let res;
  try {
    res = await busy(() => api.parse({ text }));
  } catch (err) {
    const why = describeError(err).replace(/\.$/, '');
    const keep = keeps ? ' Your game is unchanged.' : '';
    say(`${what[0].toUpperCase()}${what.slice(1)} is not a puzzle nonet can read: ${why}.${keep}`, 'bad');
    return false;
  }
  const { status, reason, fine } = await busy(() => loadParsed(res, { mode }));
  const desc = describePuzzle(res);
  const text2 = fine
    ? `Opened ${desc} from ${what}${res.records > 1 ? ` (the first of ${res.records})` : ''}.${mode === 'play' ? ' Good luck!' : ' Press Start to play.'}`
    : `Opened ${desc} from ${what}, but ${VERDICT_TEXT[status] || status}${reason ? ` (${reason})` : ''}.`;
  say(text2, fine ? 'good' : 'bad');
  announce(text2);
  return true;
}

/** Text pasted anywhere but in a field opens as a puzzle. */
export function wirePaste() {
  document.addEventListener('paste', (e) => {
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    if (document.querySelector('dialog[open]')) return;
    const text = (e.clipboardData && e.clipboardData.getData('text')) || '';
    if (!text.trim()) return;
    e.preventDefault();
    openText(text.trim(), 'the pasted text');
  });
}

/**
 * A puzzle named in the page's address: ?fpuzzles=, ?puzzle= or f-puzzles' own ?load=. Read from
 * the raw query, since URLSearchParams would turn the '+' of a compressed string into a space.
 */
export function addressPuzzle(search) {
  const m = /[?&](fpuzzles|puzzle|load)=([^&]*)/.exec(search || '');
  if (!m) return null;
  let value;
  try { value = decodeURIComponent(m[2]); } catch { value = m[2]; }
  return value ? { key: m[1], text: value } : null;
}

// Check: the server's verdict on the position (wrong digits, marks that leave out the solution,
// clashes), asked with the button or once the last cell is filled.
import { api, describeError } from './api.js';
import { $, announce, busy, game, say, ui } from './app.js';
import { saveGame } from './store.js';
import { cellIndex, cellName } from './digits.js';
import { render } from './view.js';
import { formatTime } from './timer.js';

// The cells a verdict names, as board indices.
export function conflictCellsOf(res) {
  const n = game.n;
  const out = new Set();
  for (const c of res.conflicts || []) (c.cells || []).forEach((x) => { const i = cellIndex(x, n); if (i >= 0) out.add(i); });
  return [...out];
}

export function cellsOf(list) {
  return (list || []).map((x) => cellIndex(typeof x === 'object' && x !== null ? x.cell : x, game.n)).filter((i) => i >= 0);
}

// What Check said last: a change to the position makes it stale (forgetCheck).
let checkSaid = '';

export function forgetCheck() {
  if (checkSaid && $('#status').textContent === checkSaid) say('');
  checkSaid = '';
}

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
    checkSaid = text;
    announce(text);
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

/**
 * The solution of the puzzle in play, for marking wrong digits as they are typed: generated
 * puzzles come with it, others ask the server once.
 */
let solutionAsked = '';
export async function ensureSolution() {
  if (game.mode !== 'play' || game.meta.solution) return;
  const position = game.position({ withPlay: false });
  const key = JSON.stringify(position);
  if (solutionAsked === key) return;
  solutionAsked = key;
  try {
    const res = await api.solve({ ...position, time_limit: 10 });
    if (res.status === 'unique' && res.solution && JSON.stringify(game.position({ withPlay: false })) === key) {
      game.meta.solution = res.solution;
      saveGame(game);
      render();
    }
  } catch { /* marking waits for Check */ }
}

/** When the last cell is filled without clashes, ask the server whether it is the solution. */
export async function maybeSolved() {
  if (game.filled() !== game.n * game.n || game.conflicts().size) return;
  try {
    const res = await api.check(game.position());
    if (res.solved) {
      // The timer stops at the solve.
      game.meta.solved = true;
      saveGame(game);
      render();
      const text = `Solved! Well done${game.meta.elapsed ? `: ${formatTime(game.meta.elapsed)}` : ''}.`;
      say(text, 'good');
      announce(text);
    } else if (res.mistakes && res.mistakes.length) {
      say('The board is full, but some digits are wrong: press Check to see them.', 'bad');
    }
  } catch { /* offline: nothing to say */ }
}

export function wireCheck() {
  $('#btn-check').addEventListener('click', checkNow);
}

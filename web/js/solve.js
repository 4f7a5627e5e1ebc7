// Solve: the engine's log of steps shown on the board, or a random full grid from an empty one.
import { api, describeError } from './api.js';
import { $, announce, busy, game, say, ui } from './app.js';
import { fromLine } from './digits.js';
import { board, log, render } from './view.js';
import { closeHint } from './hint.js';
import { conflictCellsOf } from './check.js';

async function solveNow() {
  if (log.open) { closeLog(true); }
  closeHint(true);
  const n = game.n;
  if (game.filled() === 0 && !game.constraints.length) {
    // An empty board: a random full grid, reproducible by its seed. (A killer may have no givens:
    // its rules are the puzzle.)
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
    if (!res.steps && !res.solution && game.constraints.length && res.status === 'invalid') {
      // The logic solver does not read this puzzle's rules yet: show the search's solution.
      const found = await busy(() => api.solve({ ...game.position({ withPlay: false }), time_limit: 20 }));
      if (found.solution) {
        ui.random = { values: fromLine(found.solution, n), label: 'the solution, found by search' };
        render();
        say(`The solution, found by search (no step-by-step log for this puzzle yet: ${res.reason || 'its rules'}).`, 'good');
        return;
      }
    }
    if (!res.steps && !res.solution) {
      if (res.status === 'invalid') ui.marks = { conflicts: conflictCellsOf(res), mistakes: [], wrong: [] };
      render();
      const text = {
        invalid: game.constraints.length ? `No solve log for this puzzle yet: ${res.reason || 'the logic solver does not read its rules'}` : `Clashing givens: ${res.reason || ''}`,
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
    // Focus the list without scrolling to it: the board's top stays in sight.
    $('#log-list').focus({ preventScroll: true });
    board.wrap.scrollIntoView({ block: 'nearest' });
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

export function closeLog(silent) {
  log.close();
  if (!silent) {
    render();
    board.setFocus(ui.selected, true);
    say('Back to your game.');
  }
}

export function wireSolve() {
  $('#btn-solve').addEventListener('click', solveNow);
  $('#btn-log-prev').addEventListener('click', () => log.step(-1));
  $('#btn-log-next').addEventListener('click', () => log.step(1));
  $('#btn-log-close').addEventListener('click', () => closeLog());
}

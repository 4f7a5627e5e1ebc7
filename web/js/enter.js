// Enter mode: the board's shape (variant, size, region map), typing givens, and Start, which the
// server allows only for a puzzle with one solution.
import { api, describeError } from './api.js';
import { $, VARIANT_NAMES, announce, busy, fetchGeometry, game, regionsOf, say, ui } from './app.js';
import { fillSelect, layoutOptions, sizesFor } from './forms.js';
import { layoutsFor, renumbered } from './jigsaw.js';
import { board, render } from './view.js';
import { conflictCellsOf } from './check.js';

export function syncEnterControls() {
  $('#enter-variant').value = game.variant;
  fillSelect($('#enter-size'), sizesFor(game.variant).map((s) => [s, `${s}×${s}`]), game.n);
  const jig = game.variant === 'jigsaw';
  $('#enter-layout-label').hidden = !jig;
  if (jig) {
    const opts = layoutOptions(game.n);
    // The game's map comes renumbered from the server: a built-in layout is found the same way.
    const builtIn = opts.find(([v]) => v !== 'custom' && renumbered(v) === game.regions);
    fillSelect($('#enter-layout'), opts, builtIn ? builtIn[0] : 'custom');
    $('#enter-regions').value = game.regions;
  }
  $('#enter-regions-label').hidden = !jig || $('#enter-layout').value !== 'custom';
}

async function changeEnterShape() {
  const variant = $('#enter-variant').value;
  let n = Number($('#enter-size').value) || 9;
  if (!sizesFor(variant).includes(n)) n = 9;
  let regions = '';
  if (variant === 'jigsaw') {
    const layouts = layoutsFor(n);
    // A new size (or a switch to jigsaw) starts from that size's first built-in layout.
    const fresh = n !== game.n || game.variant !== 'jigsaw';
    const choice = fresh && layouts.length ? layouts[0].map : $('#enter-layout').value;
    if (choice && choice !== 'custom' && choice.length === n * n) regions = choice;
    else if (choice === 'custom') regions = $('#enter-regions').value.replace(/\s+/g, '');
    else if (layouts.length) regions = layouts[0].map;
    if (regions.length !== n * n) {
      fillSelect($('#enter-layout'), layoutOptions(n), 'custom');
      $('#enter-layout-label').hidden = false;
      $('#enter-regions-label').hidden = false;
      say(`A ${n}×${n} jigsaw needs a region map: ${n * n} labels, ${n} of each.`);
      return;
    }
  }
  try {
    const g = await busy(() => fetchGeometry(variant, n, regions));
    if (game.mode === 'play') game.edit();
    game.meta = {};
    game.setGeometry(g, regionsOf(g) || regions);
    say(`${VARIANT_NAMES[variant]} ${n}×${n}: type the givens, then Start.`);
  } catch (err) {
    say(describeError(err), 'bad');
    syncEnterControls();
  }
}

/** Play the puzzle on the board, if it has exactly one solution (Enter's Start, Set's Play). */
export async function startPlay() {
  if (game.givens() === 0 && !game.constraints.length) { say('Type the givens first (or use New puzzle, or Solve for a random grid).'); return; }
  ui.random = null;
  try {
    const res = await busy(() => api.check(game.position({ withPlay: false })));
    if (res.status === 'unique') {
      game.start();
      say('The puzzle has one solution. Good luck!', 'good');
      announce('Play mode');
      board.setFocus(ui.selected, true);
      return;
    }
    ui.marks = { conflicts: conflictCellsOf(res), mistakes: [], wrong: [] };
    render();
    const text = {
      invalid: `Clashing givens: ${res.reason || 'a digit repeats in a house'}. Fix them before you start.`,
      multiple: 'This puzzle has more than one solution: add givens before you start.',
      'no-solution': 'This puzzle has no solution: check the givens.',
      'gave-up': 'The check ran out of time, so uniqueness is unknown: Start is blocked.',
    }[res.status] || `Cannot start: ${res.status}`;
    say(text, 'bad');
    announce(text);
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

export function wireEnter() {
  $('#enter-variant').addEventListener('change', changeEnterShape);
  $('#enter-size').addEventListener('change', changeEnterShape);
  $('#enter-layout').addEventListener('change', () => {
    $('#enter-regions-label').hidden = $('#enter-layout').value !== 'custom';
    if ($('#enter-layout').value !== 'custom') changeEnterShape();
  });
  $('#enter-regions').addEventListener('change', changeEnterShape);
  $('#btn-start').addEventListener('click', startPlay);
  $('#btn-clear-givens').addEventListener('click', () => { ui.random = null; game.clearAll(); say('Board cleared.'); });
  $('#btn-edit').addEventListener('click', () => {
    if (game.values.some(Boolean) && !confirm('Back to entering givens? Your entries will be cleared.')) return;
    // A puzzle with rules goes back to Set mode, where its rules can be edited too.
    const mode = game.constraints.length ? 'set' : 'enter';
    game.edit(mode);
    say(mode === 'set' ? 'Edit the givens and rules, then Play.' : 'Edit the givens, then Start.');
  });
}

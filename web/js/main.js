// The page's entry point (index.html loads it): wires each part of the page, redraws on every
// change to the game and opens the first game. The engine does the Sudoku work through the API.
import { api, ApiError } from './api.js';
import { $, DEFAULT_INFO, game, positionKey, settings, ui } from './app.js';
import { toLine } from './digits.js';
import { saveGame } from './store.js';
import { VARIANTS, fillSelect, sizesFor } from './forms.js';
import { board, log, render } from './view.js';
import { wireKeyboard } from './input.js';
import { buildKeypad, wireTools } from './tools.js';
import { syncEnterControls, wireEnter } from './enter.js';
import { ensureSolution, maybeSolved, wireCheck } from './check.js';
import { closeHint, wireHint } from './hint.js';
import { closeLog, wireSolve } from './solve.js';
import { wireNewPuzzle } from './new-puzzle.js';
import { wireImportExport, wireShare } from './io.js';
import { schedulePrint, wirePrint } from './print.js';
import { applyTheme, wireTheme } from './theme.js';
import { openFirstGame } from './first-game.js';
import { wirePaste } from './open.js';
import { wireTimer } from './timer.js';

// Any change to the game: verdicts and hints go stale, a new shape rebuilds the board and keypad,
// and the game is saved, the print sheet refreshed and the page redrawn.
let lastPositionKey = '';
function onGameChange(what) {
  const key = positionKey();
  if (key !== lastPositionKey) {
    lastPositionKey = key;
    ui.marks = null;
    if (ui.hint && what !== 'hint') closeHint(true);
  }
  if (what === 'geometry' || what === 'load') {
    ui.paused = false;
    board.build(game.info, game.constraints);
    buildKeypad();
    ui.selected = Math.min(ui.selected, game.n * game.n - 1);
    board.setFocus(Math.max(0, ui.selected), false);
    syncEnterControls();
  }
  if (what === 'load' || what === 'mode' || what === 'geometry') {
    if (log.open) closeLog(true);
    ui.random = null;
  }
  saveGame(game);
  schedulePrint();
  render();
  if (game.mode === 'play' && ['edit', 'apply', 'undo', 'redo'].includes(what)) maybeSolved();
  if (game.mode === 'play' && settings.showMistakes && !game.meta.solution) ensureSolution();
}
game.onChange(onGameChange);

function wire() {
  wireNewPuzzle();
  wireImportExport();
  wireShare();
  wirePrint();
  wireTheme();
  wireEnter();
  wireTools();
  wireCheck();
  wireHint();
  wireSolve();
  wireKeyboard();
  wirePaste();
  wireTimer();
}

async function init() {
  for (const id of ['#enter-variant', '#new-variant']) fillSelect($(id), VARIANTS, 'classic');
  applyTheme();
  wire();
  try { ui.info = { ...DEFAULT_INFO, ...(await api.info()) }; } catch { /* defaults */ }
  fillSelect($('#enter-size'), sizesFor('classic').map((s) => [s, `${s}×${s}`]), 9);
  await openFirstGame();
}

init().then(() => { document.body.dataset.ready = 'true'; });

// For the browser tests and the curious: the live objects (read-only use).
window.nonet = { game, ui, log, toLine, ApiError, render };

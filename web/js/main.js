// The page's entry point (index.html loads it): wires each part of the page, redraws on every
// change to the game and opens the first game. The engine does the Sudoku work through the API.
import { api, ApiError } from './api.js';
import { $, DEFAULT_INFO, game, positionKey, say, settings, ui } from './app.js';
import { toLine } from './digits.js';
import { saveGame } from './store.js';
import { VARIANTS, fillSelect, sizesFor } from './forms.js';
import { board, log, render } from './view.js';
import { wireKeyboard } from './input.js';
import { buildKeypad, wireTools } from './tools.js';
import { syncEnterControls, wireEnter } from './enter.js';
import { ensureSolution, forgetCheck, maybeSolved, wireCheck } from './check.js';
import { closeHint, wireHint } from './hint.js';
import { closeLog, wireSolve } from './solve.js';
import { wireNewPuzzle } from './new-puzzle.js';
import { wireImportExport, wireShare } from './io.js';
import { schedulePrint, wirePrint } from './print.js';
import { applyTheme, wireTheme } from './theme.js';
import { openFirstGame } from './first-game.js';
import { wirePaste } from './open.js';
import { wireTimer } from './timer.js';
import { scheduleVerdict, syncPanel, wireSetter } from './setter.js';

// Any change to the game: verdicts and hints go stale, a new shape rebuilds the board and keypad,
// and the game is saved, the print sheet refreshed and the page redrawn.
let lastPositionKey = '';
let drawnRules = null;
let drawnGeometry = null;
let drawnMode = '';
function onGameChange(what) {
  const key = positionKey();
  const moved = key !== lastPositionKey;
  if (moved) {
    lastPositionKey = key;
    ui.marks = null;
    forgetCheck();
    if (ui.hint && what !== 'hint') closeHint(true);
  }
  const setting = game.mode === 'set';
  // A new shape: a new game, or a setter's (reshape, and its undo and redo).
  if (what === 'geometry' || what === 'load' || game.geometry !== drawnGeometry) {
    ui.paused = false;
    board.build(game.info, game.constraints, { margin: setting });
    drawnGeometry = game.geometry;
    drawnRules = game.constraints;
    drawnMode = game.mode;
    buildKeypad();
    ui.selected = Math.min(ui.selected, game.n * game.n - 1);
    board.setFocus(Math.max(0, ui.selected), false);
    syncEnterControls();
  }
  // Set mode's changes to the rules (and its margin for clues outside the grid).
  if (game.constraints !== drawnRules || game.mode !== drawnMode) {
    board.setRules(game.constraints, { margin: setting });
    drawnRules = game.constraints;
    drawnMode = game.mode;
  }
  if (what === 'load' || what === 'mode' || what === 'geometry' || (setting && moved)) {
    if (log.open) closeLog(true);
    ui.random = null;
  }
  if (setting) {
    // The verdict speaks for the board now: an older message (what was cleared or opened) goes.
    if (moved && !['load', 'mode'].includes(what)) say('');
    // After undo or redo the selected index may name another rule.
    if (what === 'undo' || what === 'redo') ui.setter.selected = -1;
    syncPanel();
    if (moved || what === 'mode' || what === 'load') scheduleVerdict();
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
  wireSetter();
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

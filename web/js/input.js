// The keyboard: the cursor on the board, digits and marks typed into the selected cell, and the
// page's own keys (undo and redo, stepping through the log).
import { announce, game, say, settings, ui } from './app.js';
import { bit, cellName, charDigit, digitChar } from './digits.js';
import { saveSettings } from './store.js';
import { board, log, render } from './view.js';
import { closeLog } from './solve.js';
import { closeHint } from './hint.js';
import { deleteSelectedRule } from './setter.js';

export function selectCell(i) {
  ui.selected = i;
  board.setFocus(i, true);
  render();
}

/** ←/→ run in reading order (past a row's end to the next row), ↑/↓ wrap in the column. */
function moveSelection(dr, dc) {
  const n = game.n;
  if (dc) { selectCell((ui.selected + dc + n * n) % (n * n)); return; }
  const r = Math.floor(ui.selected / n), c = ui.selected % n;
  selectCell(((r + dr + n) % n) * n + c);
}

/** The digit a key stands for on this board (digits; letters for 10 and up), or 0. */
function keyDigit(e) {
  const n = game.n;
  let d = 0;
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || '');
  if (m) d = Number(m[1]);
  else if (e.key && e.key.length === 1) d = charDigit(e.key);
  if (d >= 10 && !(e.key && /^[a-z]$/i.test(e.key))) d = 0;
  return d >= 1 && d <= n ? d : 0;
}

export function boardKey(e) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key] && !e.altKey) {
    e.preventDefault();
    moveSelection(...moves[e.key]);
    return;
  }
  if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    const n = game.n, r = Math.floor(ui.selected / n);
    selectCell(r * n + (e.key === 'Home' ? 0 : n - 1));
    return;
  }
  if ((e.ctrlKey || e.metaKey) && ['z', 'y'].includes(e.key.toLowerCase())) return; // document handles undo
  // Typing a newspaper puzzle: 0 and . pass over an empty cell, as in a one-line puzzle.
  if (game.editing && !log.open && ((e.key === '0' && !e.ctrlKey) || e.key === '.')) {
    e.preventDefault();
    advance();
    return;
  }
  if (e.key === 'Delete' || e.key === 'Backspace' || (e.key === '0' && !e.ctrlKey) || e.key === '.') {
    e.preventDefault();
    eraseSelected();
    return;
  }
  if (e.key === ' ' && game.mode === 'play') {
    e.preventDefault();
    const order = ['normal', 'corner', 'centre', 'colour'];
    setStyle(order[(order.indexOf(settings.style) + 1) % order.length]);
    return;
  }
  if (e.key === 'Escape') {
    if (log.open) { closeLog(); e.preventDefault(); } else if (ui.hint) { closeHint(); e.preventDefault(); }
    return;
  }
  const d = keyDigit(e);
  if (d) {
    e.preventDefault();
    const style = e.shiftKey ? 'corner' : (e.ctrlKey || e.metaKey) ? 'centre' : settings.style;
    enterDigit(d, style);
  }
}

function readOnlyReason() {
  if (log.open) return 'The board shows the solve log: press "Back to my game" to play.';
  if (ui.paused) return 'The game is paused: tap the board to go on.';
  return '';
}

/** The next cell in reading order (entering givens moves on after each one). */
function advance() {
  const n = game.n;
  if (ui.selected < n * n - 1) selectCell(ui.selected + 1);
}

export function enterDigit(d, style = settings.style) {
  const i = ui.selected;
  if (i < 0) return;
  const why = readOnlyReason();
  if (why) { say(why); return; }
  ui.random = null;
  const effective = game.editing ? 'normal' : style;
  if (effective === 'colour') {
    if (d > 8) return;
    const had = game.colours[i] === d;
    if (game.colour(i, d)) announce(`${cellName(i, game.n)}: colour ${d} ${had ? 'removed' : 'added'}`);
    return;
  }
  const had = effective !== 'normal' && ((effective === 'corner' ? game.corner[i] : game.centre[i]) & bit(d));
  if (!game.input(i, d, effective)) {
    if (game.mode === 'play' && game.isGiven(i)) say(`${cellName(i, game.n)} is a given.`);
    else if (effective !== 'normal' && game.valueAt(i)) say(`${cellName(i, game.n)} holds a digit: clear it to write marks.`);
    return;
  }
  const name = cellName(i, game.n);
  if (game.editing) advance();
  if (effective === 'normal') announce(`${name}: ${digitChar(d)}${game.editing ? ' (given)' : ''}`);
  else announce(`${name}: ${effective} mark ${digitChar(d)} ${had ? 'removed' : 'added'}`);
}

export function eraseSelected() {
  const i = ui.selected;
  if (i < 0) return;
  const why = readOnlyReason();
  if (why) { say(why); return; }
  // Setting with a drawing tool, Delete takes off the selected rule rather than a given.
  if (game.mode === 'set' && ui.setter.tool !== 'given' && deleteSelectedRule()) return;
  ui.random = null;
  if (game.erase(i)) announce(`${cellName(i, game.n)} cleared`);
  else if (game.mode === 'play' && game.isGiven(i)) say(`${cellName(i, game.n)} is a given.`);
}

export function setStyle(style) {
  settings.style = style;
  saveSettings(settings);
  render();
  announce(style === 'colour' ? 'The keypad colours cells' : `Digits write ${style === 'normal' ? 'values' : `${style} marks`}`);
}

export function wireKeyboard() {
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    const typing = t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
    if (typing || document.querySelector('dialog[open]')) return;
    // Keys typed with nothing focused go to the board's selected cell.
    if (t === document.body && !e.altKey && (!(e.ctrlKey || e.metaKey) || keyDigit(e))) { boardKey(e); if (e.defaultPrevented) return; }
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (k === 'z' || k === 'y')) {
      e.preventDefault();
      const redo = k === 'y' || (k === 'z' && e.shiftKey);
      if (log.open) closeLog(true);
      if (redo ? game.redo() : game.undo()) announce(redo ? 'Redone' : 'Undone');
      return;
    }
    if (e.key === 'Escape' && log.open && !t.closest('#board')) { e.preventDefault(); closeLog(); return; }
    // ←/→ step through the log from anywhere but the board (where arrows move the cursor).
    if (log.open && ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key) && !t.closest('#board') && !t.closest('#log-list')) {
      e.preventDefault();
      if (e.key === 'Home') log.select(0, true);
      else if (e.key === 'End') log.select(log.entries.length - 1, true);
      else log.step(e.key === 'ArrowLeft' ? -1 : 1);
    }
  });
}

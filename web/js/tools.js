// The keypad and the tools panel: digits, marks and colours by mouse or touch (each digit with how
// many are still to place), undo and redo, candidates.
import { $, $$, announce, game, say, settings } from './app.js';
import { digitChar } from './digits.js';
import { saveSettings } from './store.js';
import { log, render } from './view.js';
import { enterDigit, eraseSelected, setStyle } from './input.js';
import { closeLog } from './solve.js';
import { ensureSolution } from './check.js';

export const COLOURS = 8;

export function buildKeypad() {
  const pad = $('#keypad');
  pad.textContent = '';
  const n = game.n;
  // Small boards: the digits and erase in one row; 8×8 and 9×9: two rows of five.
  pad.style.setProperty('--kc', n <= 6 ? n + 1 : n <= 9 ? 5 : Math.ceil(Math.sqrt(n)) + (n > 16 ? 1 : 0));
  for (let d = 1; d <= n; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.digit = d;
    const digit = document.createElement('span');
    digit.className = 'digit';
    digit.textContent = digitChar(d);
    const left = document.createElement('span');
    left.className = 'left';
    left.setAttribute('aria-hidden', 'true');
    b.append(digit, left);
    pad.append(b);
  }
  for (let c = 1; c <= COLOURS; c++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'swatch';
    b.dataset.colour = c;
    b.setAttribute('aria-label', `Colour ${c}`);
    const chip = document.createElement('span');
    chip.className = `paint colour-${c}`;
    b.append(chip);
    pad.append(b);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.className = 'erase';
  erase.textContent = '⌫';
  erase.setAttribute('aria-label', 'Erase');
  erase.dataset.erase = '1';
  pad.append(erase);
}

export function wireTools() {
  $$('.segmented [data-style]').forEach((b) => b.addEventListener('click', () => setStyle(b.dataset.style)));
  // Pressing these with a mouse or a finger leaves the focus on the board, so typing goes on there.
  for (const el of [$('#keypad'), $('.segmented'), $('#btn-undo'), $('#btn-redo')]) {
    el.addEventListener('pointerdown', (e) => { if (document.activeElement && document.activeElement.closest('#board')) e.preventDefault(); });
  }
  $('#keypad').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.dataset.erase) eraseSelected();
    else if (b.dataset.colour) enterDigit(Number(b.dataset.colour), 'colour');
    else enterDigit(Number(b.dataset.digit));
  });
  $('#btn-undo').addEventListener('click', () => { if (game.undo()) announce('Undone'); });
  $('#btn-redo').addEventListener('click', () => { if (game.redo()) announce('Redone'); });
  $('#btn-auto').addEventListener('click', () => { if (log.open) closeLog(true); game.autoCandidates(); say('Candidates filled in.'); });
  $('#btn-clear-marks').addEventListener('click', () => { game.clearMarks(); say('Pencil marks cleared.'); });
  $('#opt-mistakes').checked = !!settings.showMistakes;
  $('#opt-mistakes').addEventListener('change', (e) => {
    settings.showMistakes = e.target.checked;
    saveSettings(settings);
    if (settings.showMistakes) ensureSolution();
    render();
  });
  $('#opt-highlight').checked = settings.highlight;
  $('#opt-highlight').addEventListener('change', (e) => { settings.highlight = e.target.checked; saveSettings(settings); render(); });
}

/** Each digit's button says how many of it are still to place; a digit placed N times is done. */
export function updateKeypad(grid) {
  const n = game.n;
  const placed = new Array(n + 1).fill(0);
  for (const v of grid) placed[v]++;
  $$('#keypad [data-digit]').forEach((b) => {
    const d = Number(b.dataset.digit);
    const left = Math.max(0, n - placed[d]);
    b.querySelector('.left').textContent = String(left);
    b.classList.toggle('done', left === 0);
    b.setAttribute('aria-label', `Digit ${digitChar(d)}, ${left} left`);
  });
}

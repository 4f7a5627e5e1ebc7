// The keypad and the tools panel: digits and marks by mouse or touch, undo and redo, candidates.
import { $, $$, announce, game, say, settings } from './app.js';
import { digitChar } from './digits.js';
import { saveSettings } from './store.js';
import { log, render } from './view.js';
import { enterDigit, eraseSelected, setStyle } from './input.js';
import { closeLog } from './solve.js';

export function buildKeypad() {
  const pad = $('#keypad');
  pad.textContent = '';
  const n = game.n;
  pad.style.setProperty('--kc', n <= 9 ? Math.min(n, 5) : Math.ceil(Math.sqrt(n)) + (n > 16 ? 1 : 0));
  for (let d = 1; d <= n; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = digitChar(d);
    b.dataset.digit = d;
    b.setAttribute('aria-label', `Digit ${digitChar(d)}`);
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
    if (b.dataset.erase) eraseSelected(); else enterDigit(Number(b.dataset.digit));
  });
  $('#btn-undo').addEventListener('click', () => { if (game.undo()) announce('Undone'); });
  $('#btn-redo').addEventListener('click', () => { if (game.redo()) announce('Redone'); });
  $('#btn-auto').addEventListener('click', () => { if (log.open) closeLog(true); game.autoCandidates(); say('Candidates filled in.'); });
  $('#btn-clear-marks').addEventListener('click', () => { game.clearMarks(); say('Pencil marks cleared.'); });
  $('#opt-highlight').checked = settings.highlight;
  $('#opt-highlight').addEventListener('change', (e) => { settings.highlight = e.target.checked; saveSettings(settings); render(); });
}

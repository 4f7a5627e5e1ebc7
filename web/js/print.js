// Printing: the sheet that prints in place of the page, and the Print button.
import { api } from './api.js';
import { $, busy, game } from './app.js';

let printTimer = 0;
export function schedulePrint() {
  clearTimeout(printTimer);
  printTimer = setTimeout(refreshPrint, 600);
}

/** The print sheet is the engine's own SVG (/render), kept up to date for Ctrl+P. */
async function refreshPrint() {
  if (!game.info) return false;
  try {
    const svg = await api.render(game.position());
    const sheet = $('#print-sheet');
    sheet.innerHTML = svg;
    const cap = document.createElement('p');
    cap.className = 'print-caption';
    cap.textContent = `nonet · ${$('#puzzle-info').textContent}`;
    sheet.prepend(cap);
    return true;
  } catch { return false; }
}

export function wirePrint() {
  $('#btn-print').addEventListener('click', async () => { await busy(refreshPrint); window.print(); });
  window.addEventListener('beforeprint', () => { clearTimeout(printTimer); });
}

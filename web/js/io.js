// Import / export (any text the engine reads, in; a line, a grid or a pencil-mark grid, out) and
// the share links: nonet's own (puzzle, rules and progress) and the f-puzzles and SudokuPad ones.
import { api, describeError } from './api.js';
import { $, $$, busy, game, say } from './app.js';
import { exportGrid, exportLine, exportPencilGrid } from './formats.js';
import { layoutsFor } from './jigsaw.js';
import { shareFragment } from './store.js';
import { describePuzzle, loadParsed } from './open.js';

async function importNow() {
  const text = $('#io-text').value;
  const status = $('#io-status');
  if (!text.trim()) { status.textContent = 'Paste a puzzle or open a file first.'; return; }
  const body = { text };
  const v = $('#io-variant').value;
  if (v) body.variant = v;
  if (v === 'jigsaw') body.regions = game.variant === 'jigsaw' ? game.regions : layoutsFor(9)[0].map;
  try {
    const res = await busy(() => api.parse(body));
    await loadParsed(res, { mode: 'enter' });
    const msg = `Loaded ${describePuzzle(res)} with ${res.givens ?? game.givens()} givens`
      + `${res.records > 1 ? ` (the first of ${res.records})` : ''}. Press Start to play.`;
    status.textContent = msg;
    $('#io-dialog').close();
    say(msg, 'good');
  } catch (err) {
    status.textContent = describeError(err);
    status.dataset.kind = 'bad';
  }
}

function exportNow(kind) {
  const withEntries = $('#io-with-entries').checked && game.mode === 'play';
  const values = withEntries ? game.grid() : game.puzzle.slice();
  let text;
  if (kind === 'line') text = exportLine(values);
  else if (kind === 'grid') text = exportGrid(game.info, values);
  else {
    const marks = game.corner.map((m, i) => (withEntries ? m | game.centre[i] : 0));
    text = exportPencilGrid(game.info, values, marks);
  }
  $('#io-text').value = text;
  $('#io-status').textContent = `Exported ${kind === 'pencil' ? 'a pencil-mark grid' : `as a ${kind}`}.`;
}

async function copyText(text, statusEl) {
  try {
    await navigator.clipboard.writeText(text);
    statusEl.textContent = 'Copied.';
  } catch {
    statusEl.textContent = 'Copying was not allowed: select the text and copy it.';
  }
}

function shareUrl() {
  return `${location.origin}${location.pathname}#${shareFragment(game)}`;
}

export function wireImportExport() {
  $('#btn-io').addEventListener('click', () => { $('#io-status').textContent = ''; $('#io-dialog').showModal(); });
  $('#btn-import').addEventListener('click', importNow);
  $('#io-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    if (f.size > 60000) { $('#io-status').textContent = `${f.name} is too large (over 60 KB).`; return; }
    $('#io-text').value = await f.text();
    importNow();
  });
  $$('[data-export]').forEach((b) => b.addEventListener('click', () => exportNow(b.dataset.export)));
  $('#btn-copy').addEventListener('click', () => copyText($('#io-text').value, $('#io-status')));
  $('#btn-download').addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([`${$('#io-text').value}\n`], { type: 'text/plain' }));
    a.download = 'nonet-puzzle.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
}

/** The f-puzzles and SudokuPad links (givens, rules and the solution they check against). */
async function fillForeignLinks() {
  const status = $('#share-links-status');
  $('#share-fpuzzles').value = '';
  $('#share-sudokupad').value = '';
  status.textContent = 'Making the links…';
  status.dataset.kind = '';
  try {
    const res = await api.links({ ...game.position({ withPlay: false }), solution: true, time_limit: 10 });
    $('#share-fpuzzles').value = res.fpuzzles;
    $('#share-sudokupad').value = res.sudokupad;
    status.textContent = `These hold the puzzle${res.solution ? ' and its solution, so those sites check your grid' : ''}; your progress stays in nonet's link.`;
  } catch (err) {
    status.textContent = describeError(err);
    status.dataset.kind = 'bad';
  }
}

export function wireShare() {
  $('#btn-share').addEventListener('click', () => {
    $('#share-url').value = shareUrl();
    $('#share-status').textContent = '';
    $('#share-dialog').showModal();
    $('#share-url').select();
    fillForeignLinks();
  });
  $$('#share-dialog [data-copy]').forEach((b) => b.addEventListener('click', () => copyText($(b.dataset.copy).value, $('#share-status'))));
}

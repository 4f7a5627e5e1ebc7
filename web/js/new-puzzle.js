// The New puzzle dialog: the generator's options, remembered between visits, and Generate.
import { api, describeError } from './api.js';
import { $, DEFAULT_INFO, announce, busy, fetchGeometry, game, regionsOf, say, settings, ui } from './app.js';
import { fillSelect, layoutOptions, sizesFor } from './forms.js';
import { fromLine } from './digits.js';
import { saveSettings } from './store.js';
import { board, render } from './view.js';

function syncNewForm() {
  const f = settings.newForm || {};
  const variant = $('#new-variant').value;
  const sizes = sizesFor(variant);
  const n = Number($('#new-size').value) || f.size || 9;
  fillSelect($('#new-size'), sizes.map((s) => [s, `${s}×${s}`]), sizes.includes(n) ? n : 9);
  const size = Number($('#new-size').value);
  const jig = variant === 'jigsaw';
  $('#new-layout-label').hidden = !jig;
  if (jig) {
    const prev = $('#new-layout').value;
    const opts = layoutOptions(size);
    fillSelect($('#new-layout'), opts, opts.some(([v]) => v === prev) ? prev : opts[0][0]);
  }
  $('#new-regions-label').hidden = !jig || $('#new-layout').value !== 'custom';
  $('#new-rating-label').hidden = $('#new-level').value !== 'custom';
}

function openNew() {
  const f = settings.newForm || {};
  const levels = (ui.info.levels || []).map((l) => [l.name, `${l.name} (${Number(l.min).toFixed(1)}–${Number(l.max).toFixed(1)})`]);
  fillSelect($('#new-level'), [['', 'any'], ...levels, ['custom', 'rating range…']], f.level ?? 'easy');
  fillSelect($('#new-symmetry'), (ui.info.symmetries || DEFAULT_INFO.symmetries).map((s) => [s, s]), f.symmetry || 'rot180');
  $('#new-variant').value = f.variant || game.variant || 'classic';
  fillSelect($('#new-size'), sizesFor($('#new-variant').value).map((s) => [s, `${s}×${s}`]), f.size || 9);
  if (f.layout) { syncNewForm(); $('#new-layout').value = f.layout; }
  $('#new-rating').value = f.rating || '';
  $('#new-seed').value = '';
  $('#new-regions').value = f.regions || '';
  $('#opt-show-rating').checked = !!settings.showRating;
  $('#new-status').textContent = '';
  syncNewForm();
  $('#new-dialog').showModal();
}

// The last choices of the dialog (settings.newForm), or an easy classic for a first game.
const FIRST_FORM = { variant: 'classic', size: 9, level: 'easy', symmetry: 'rot180', rating: '', regions: '' };

/**
 * Generate a puzzle of a form's choices ({ variant, size, level, rating, symmetry, regions: the
 * map itself for jigsaw }) and play it. Says what went wrong through report(); true once loaded.
 */
async function makePuzzle(form, seed, report) {
  const { variant, size, level, regions } = form;
  const body = { variant, size, n: 1, symmetry: form.symmetry, time_limit: 30 };
  if (level === 'custom') body.rating = form.rating;
  else if (level) body.level = level;
  if (seed) body.seed = seed; // a string of digits: api.js writes it as a JSON number
  if (variant === 'jigsaw') body.regions = regions;
  try {
    const res = await busy(() => api.generate(body));
    const p = (res.puzzles || [])[0];
    if (!p) { report(res.status === 'gave-up' ? 'No puzzle within the time limit: try an easier level or another seed.' : `No puzzle: ${res.status}`); return false; }
    const geometry = res.geometry || await fetchGeometry(variant, size, regions);
    const n = geometry.size;
    game.load({
      geometry, regions: regionsOf(geometry) || regions, puzzle: fromLine(p.puzzle, n), mode: 'play',
      meta: { seed: res.seed, level: level === 'custom' ? `SE ${form.rating}` : level || '', rating: p.rating, hardest: p.hardest, solution: p.solution, symmetry: form.symmetry },
    });
    const text = `New ${level && level !== 'custom' ? `${level} ` : ''}puzzle, seed ${res.seed}. Good luck!`;
    say(text, 'good');
    announce(text);
    board.setFocus(0, true);
    ui.selected = 0;
    render();
    return true;
  } catch (err) {
    report(describeError(err));
    return false;
  }
}

async function generateNow() {
  const variant = $('#new-variant').value;
  const seed = $('#new-seed').value.trim();
  if (seed && !/^\d+$/.test(seed)) { $('#new-status').textContent = 'The seed is a whole number (or empty for a random one).'; return; }
  let regions = '';
  if (variant === 'jigsaw') {
    const choice = $('#new-layout').value;
    regions = choice === 'custom' ? $('#new-regions').value.replace(/\s+/g, '') : choice;
  }
  const level = $('#new-level').value;
  const form = {
    variant, size: Number($('#new-size').value), level, symmetry: $('#new-symmetry').value,
    rating: level === 'custom' ? $('#new-rating').value.trim() : '', regions,
  };
  settings.newForm = { ...form, layout: $('#new-layout').value, regions: $('#new-regions').value, map: regions };
  settings.showRating = $('#opt-show-rating').checked;
  saveSettings(settings);
  const status = $('#new-status');
  status.textContent = 'Generating…';
  $('#btn-generate').disabled = true;
  try {
    if (await makePuzzle(form, seed, (text) => { status.textContent = text; })) $('#new-dialog').close();
  } finally {
    $('#btn-generate').disabled = false;
  }
}

/** One tap from a solved game to the next: the dialog's last choices, a new seed. */
async function nextPuzzle() {
  const f = settings.newForm;
  const form = f ? { ...FIRST_FORM, ...f, regions: f.map || '' } : FIRST_FORM;
  say('Generating…');
  await makePuzzle(form, '', (text) => say(text, 'bad'));
}

export function wireNewPuzzle() {
  $('#btn-new').addEventListener('click', openNew);
  $('#btn-next').addEventListener('click', nextPuzzle);
  $('#new-variant').addEventListener('change', () => {
    // Most region maps have no symmetry, so a symmetric jigsaw would be refused.
    if ($('#new-variant').value === 'jigsaw') $('#new-symmetry').value = 'none';
    syncNewForm();
  });
  $('#new-size').addEventListener('change', syncNewForm);
  $('#new-layout').addEventListener('change', syncNewForm);
  $('#new-level').addEventListener('change', syncNewForm);
  $('#opt-show-rating').addEventListener('change', (e) => { settings.showRating = e.target.checked; saveSettings(settings); render(); });
  $('#new-form').addEventListener('submit', (e) => {
    if (e.submitter && e.submitter.value === 'generate') { e.preventDefault(); generateNow(); }
  });
}

// The timer of a game in play: it counts while the page is in sight and the game is neither
// paused nor solved, and is kept with the game (meta.elapsed, in ms) over a reload and in saves.
// Pausing hides the board, as a timer that can be paused while the puzzle shows is no timer.
import { $, announce, game, ui } from './app.js';
import { saveGame } from './store.js';
import { render } from './view.js';

const SAVE_EVERY_MS = 5000;

export function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

function running() {
  return !!game.info && game.mode === 'play' && !game.meta.solved && !ui.paused && !document.hidden;
}

let last = 0;
let sinceSave = 0;
function tick() {
  const now = performance.now();
  if (running() && last) {
    const dt = now - last;
    game.meta.elapsed = (game.meta.elapsed || 0) + dt;
    sinceSave += dt;
    if (sinceSave >= SAVE_EVERY_MS) { sinceSave = 0; saveGame(game); }
  }
  last = now;
  showTime();
}

export function showTime() {
  const t = $('#timer');
  const text = formatTime(game.meta.elapsed || 0);
  if (t.textContent !== text) t.textContent = text;
  t.dataset.state = game.meta.solved ? 'solved' : ui.paused ? 'paused' : 'running';
}

export function setPaused(paused) {
  if (ui.paused === paused) return;
  ui.paused = paused;
  last = performance.now();
  saveGame(game);
  render();
  announce(paused ? 'Paused' : 'Going on');
}

export function wireTimer() {
  setInterval(tick, 500);
  document.addEventListener('visibilitychange', () => { last = performance.now(); if (document.hidden) saveGame(game); });
  $('#btn-pause').addEventListener('click', () => setPaused(!ui.paused));
  $('#paused-cover').addEventListener('click', () => setPaused(false));
}

/** What render() shows of the timer: the pause button's state and the cover over the board. */
export function renderTimer() {
  const paused = ui.paused && game.mode === 'play';
  const b = $('#btn-pause');
  b.setAttribute('aria-pressed', String(paused));
  b.setAttribute('aria-label', paused ? 'Go on' : 'Pause');
  b.textContent = paused ? '▶' : '❚❚';
  b.disabled = !!game.meta.solved;
  $('#paused-cover').hidden = !paused;
  document.body.dataset.paused = String(paused);
  showTime();
}

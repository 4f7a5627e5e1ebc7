// The rating of a puzzle that came without one (entered, shared or restored), asked once.
import { api } from './api.js';
import { game } from './app.js';
import { ratingText } from './solve-log.js';
import { toLine } from './digits.js';
import { saveGame } from './store.js';
import { render } from './view.js';

let ratingAsked = '';
export async function rateNow() {
  const key = toLine(game.puzzle);
  if (game.meta.ratingText || typeof game.meta.rating === 'number' || ratingAsked === key) return;
  ratingAsked = key; // once per puzzle, even if it fails
  try {
    const res = await api.rate({ ...game.position({ withPlay: false }), time_limit: 20 });
    if (res.rating && toLine(game.puzzle) === key) {
      game.meta.ratingText = ratingText(res.rating);
      saveGame(game);
      render();
    }
  } catch { /* the rating is optional */ }
}

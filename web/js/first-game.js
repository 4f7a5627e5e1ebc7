// The first game on opening the page: a share link's, else the saved one, else an empty 9×9.
import { api, describeError } from './api.js';
import { fetchGeometry, game, regionsOf, say } from './app.js';
import { fromLine } from './digits.js';
import { loadGame, readFragment } from './store.js';

export async function openFirstGame() {
  const shared = readFragment(location.hash);
  if (shared) {
    try {
      const res = await api.parse({ variant: shared.variant, puzzle: shared.puzzle, ...(shared.variant === 'jigsaw' ? { regions: shared.regions } : {}) });
      const g = res.geometry;
      game.load({
        geometry: g, regions: regionsOf(g), puzzle: fromLine(res.puzzle, g.size), values: shared.values,
        corner: shared.corner, centre: shared.centre, mode: shared.mode,
        meta: shared.seed !== undefined ? { seed: shared.seed } : {},
      });
      // The link has done its work: from now on a reload keeps the player's newer progress.
      history.replaceState(null, '', location.pathname + location.search);
      say('Opened the shared puzzle.', 'good');
      return;
    } catch (err) {
      say(`The share link could not be read: ${describeError(err)}`, 'bad');
    }
  }
  const saved = loadGame();
  if (saved) {
    try {
      game.load(saved);
      say(saved.mode === 'play' ? 'Welcome back: your game is as you left it.' : 'Type a puzzle, or pick New puzzle.');
      return;
    } catch { /* a broken record: start afresh */ }
  }
  try {
    const g = await fetchGeometry('classic', 9);
    game.load({ geometry: g, mode: 'enter' });
    say('Type the givens of a puzzle and press Start, or pick New puzzle.');
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

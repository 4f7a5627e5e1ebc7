// The first game on opening the page: a puzzle in the address (?fpuzzles=, ?puzzle=), a share
// link's, else the saved one, else an empty 9×9. A link that cannot be read says why and leaves
// the saved game in place.
import { api, describeError } from './api.js';
import { fetchGeometry, game, say } from './app.js';
import { loadGame, readFragment } from './store.js';
import { addressPuzzle, loadParsed, openText } from './open.js';

// The address without the part that was read, so that a reload keeps the player's newer progress.
function forgetAddress(dropQuery) {
  history.replaceState(null, '', location.pathname + (dropQuery ? '' : location.search));
}

async function openShared(shared) {
  let body;
  if (shared.rules) {
    let rules;
    try { rules = JSON.parse(shared.rules); } catch { throw new Error('its rules (j=) are not JSON'); }
    body = { text: JSON.stringify({ ...rules, puzzle: shared.puzzle }) };
  } else {
    body = { variant: shared.variant, puzzle: shared.puzzle, ...(shared.variant === 'jigsaw' ? { regions: shared.regions } : {}) };
  }
  const res = await api.parse(body);
  const progress = { values: shared.values, corner: shared.corner, centre: shared.centre, colours: shared.colours };
  await loadParsed(res, { mode: shared.mode, progress, meta: shared.seed !== undefined ? { seed: shared.seed } : {} });
}

export async function openFirstGame() {
  let failed = false;
  const address = addressPuzzle(location.search);
  if (address) {
    const opened = await openText(address.text, `the page's address (${address.key}=)`, { keeps: !!loadGame() });
    forgetAddress(true);
    if (opened) return;
    failed = true;
  }
  const shared = !address && readFragment(location.hash);
  if (shared) {
    try {
      await openShared(shared);
      forgetAddress(false);
      say('Opened the shared puzzle.', 'good');
      return;
    } catch (err) {
      say(`The share link could not be read: ${err.message && !err.body ? err.message : describeError(err)}. Your game is unchanged.`, 'bad');
      failed = true;
    }
  }
  const saved = loadGame();
  if (saved) {
    try {
      game.load(saved);
      if (!failed) say(saved.mode === 'play' ? 'Welcome back: your game is as you left it.' : 'Type a puzzle, or pick New puzzle.');
      return;
    } catch { /* a broken record: start afresh */ }
  }
  try {
    const g = await fetchGeometry('classic', 9);
    game.load({ geometry: g, mode: 'enter' });
    if (!failed) say('Type the givens of a puzzle and press Start, or pick New puzzle, or paste one anywhere on the page.');
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

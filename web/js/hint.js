// The hint ladder: each More asks for the next level (technique, then cells, then the whole step
// with Apply) while the position stays the same.
import { api, describeError } from './api.js';
import { $, announce, busy, game, positionKey, say, ui } from './app.js';
import { cellName, digitChar } from './digits.js';
import { log, render } from './view.js';
import { closeLog } from './solve.js';
import { cellsOf } from './check.js';

async function hintNow() {
  if (log.open) closeLog(true);
  const key = positionKey();
  const h = ui.hint;
  const level = h && h.key === key && h.res && h.res.status === 'hint' ? Math.min(3, h.level + 1) : 1;
  try {
    const res = await busy(() => api.hint({ ...game.position(), level }));
    ui.hint = { level: res.level || level, res, key };
    if (res.status === 'mistakes') {
      ui.marks = { conflicts: [], mistakes: cellsOf(res.mistakes), wrong: cellsOf(res.wrong_candidates) };
    }
    showHint();
  } catch (err) {
    say(describeError(err), 'bad');
  }
}

function showHint() {
  const h = ui.hint;
  const r = h.res;
  const names = (is) => is.map((i) => cellName(i, game.n)).join(', ');
  let text;
  switch (r.status) {
    case 'hint':
      // The server's text starts "Hint: " (the panel says so already); level 3 adds the step's line.
      text = String(r.text || r.technique || '').replace(/^Hint:\s*/, '');
      if (h.level >= 3 && r.step && !text.includes(r.step.text)) text += `\n${r.step.text}`;
      break;
    case 'mistakes': {
      const m = ui.marks;
      text = 'First fix your mistakes: '
        + [m.mistakes.length ? `wrong ${m.mistakes.length === 1 ? 'digit' : 'digits'} in ${names(m.mistakes)}` : '',
          m.wrong.length ? `pencil marks leaving out the solution in ${names(m.wrong)}` : ''].filter(Boolean).join('; ') + '.';
      break;
    }
    case 'solved': text = 'The puzzle is solved.'; break;
    case 'stuck': text = 'No technique nonet knows applies here.'; break;
    case 'multiple': text = 'No hint: the puzzle has more than one solution, and logic cannot tell them apart here.'; break;
    case 'gave-up': text = 'The hint search found no step in time.'; break;
    default:
      // The logic solver may not read a variant's rules yet: the server says which one.
      text = game.constraints.length && r.status === 'invalid'
        ? `No hint for this puzzle yet: ${String(r.reason || 'the logic solver does not read its rules').replace(/\.$/, '')}.`
        : `No hint: the puzzle is ${r.status}${r.reason ? ` (${r.reason})` : ''}.`;
  }
  $('#hint-panel').hidden = false;
  $('#hint-panel').dataset.level = h.level;
  $('#hint-panel').dataset.status = r.status;
  $('#hint-text').textContent = text;
  $('#hint-title').textContent = r.status === 'hint' ? `Hint (level ${h.level} of 3)` : 'Hint';
  $('#btn-hint-more').hidden = !(r.status === 'hint' && h.level < 3);
  $('#btn-hint-apply').hidden = !(r.status === 'hint' && h.level >= 3 && r.step);
  // No step, but the one solution is known: one cell may be revealed instead.
  const reveal = (r.status === 'stuck' || r.status === 'gave-up') && r.reveal;
  $('#btn-hint-reveal').hidden = !reveal;
  if (reveal) {
    $('#hint-text').textContent = `${text} You may reveal one cell instead: ${r.reveal.cell}, the one with the fewest candidates.`;
    $('#btn-hint-reveal').textContent = `Reveal ${r.reveal.cell}`;
  }
  render();
}

function revealCell() {
  const h = ui.hint;
  if (!h || !h.res.reveal) return;
  const { cell, digit } = h.res.reveal;
  if (game.applyStep({ placements: [{ cell, digit }] })) {
    const text = `Revealed: ${cell} is ${digitChar(digit)}`;
    say(text);
    announce(text);
  }
  closeHint();
}

export function closeHint(silent) {
  ui.hint = null;
  $('#hint-panel').hidden = true;
  if (!silent) render();
}

function applyHint() {
  const h = ui.hint;
  if (!h || !h.res.step) return;
  const step = h.res.step;
  if (game.applyStep(step)) {
    const text = `Applied: ${step.text}`;
    say(text);
    announce(text);
  }
  closeHint();
}

export function wireHint() {
  $('#btn-hint').addEventListener('click', hintNow);
  $('#btn-hint-more').addEventListener('click', hintNow);
  $('#btn-hint-apply').addEventListener('click', applyHint);
  $('#btn-hint-reveal').addEventListener('click', revealCell);
  $('#btn-hint-close').addEventListener('click', () => closeHint());
}

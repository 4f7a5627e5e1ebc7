// Journeys of play: digits, corner and centre marks, undo and redo; the hint ladder up to Apply;
// mistakes pointed out first; a share link opened elsewhere; a reload; keyboard-only play.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { suite, startServer, launch, openApp, cell, boardLine, statusText, api } from './helpers.mjs';

const WIKI = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const POINTING = '..3.5.......1..2.668...2.5.....14.7.34...796...59......3..9..4...62..3..9..7.....';
const POINTING_SOLUTION = '123456789457189236689372154298614573341527968765938412532891647876245391914763825';
const label = (page, name) => cell(page, name).getAttribute('aria-label');

/** Paste a puzzle through Import and press Start. */
async function startWith(page, puzzle) {
  await page.click('#btn-io');
  await page.fill('#io-text', puzzle);
  await page.click('#btn-import');
  await page.waitForFunction(() => !document.querySelector('#io-dialog').open);
  await page.click('#btn-start');
  await page.waitForFunction(() => document.querySelector('#mode-badge').textContent === 'Play');
}

suite('playing', () => {
  let server, browser;
  before(async () => { server = await startServer(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.stop(); });

  it('enters digits and both kinds of pencil marks, with undo and redo', async () => {
    const page = await openApp(browser, server.url);
    await startWith(page, WIKI);
    assert.equal(await label(page, 'r1c1'), 'r1c1, given 5');

    await cell(page, 'r1c3').click();
    await page.keyboard.press('4');
    assert.equal(await label(page, 'r1c3'), 'r1c3, 4');
    assert.match(await cell(page, 'r1c3').getAttribute('class'), /\bentry\b/);
    // A given does not change.
    await cell(page, 'r1c1').click();
    await page.keyboard.press('9');
    assert.equal(await label(page, 'r1c1'), 'r1c1, given 5');
    assert.match(await statusText(page), /r1c1 is a given/);

    // Corner marks with Shift+digit, centre marks with Ctrl+digit.
    await cell(page, 'r1c4').click();
    await page.keyboard.press('Shift+2');
    await page.keyboard.press('Shift+6');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty, candidates 2 6');
    assert.equal(await cell(page, 'r1c4').locator('.cm span').count(), 2);
    await page.keyboard.press('Control+8');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty, candidates 2 6, centre marks 8');
    assert.equal(await cell(page, 'r1c4').locator('.cc').textContent(), '8');

    // The mode buttons do the same with plain digits and the keypad.
    await page.click('.segmented [data-style="centre"]');
    assert.equal(await page.getAttribute('.segmented [data-style="centre"]', 'aria-pressed'), 'true');
    await cell(page, 'r1c6').click();
    await page.click('#keypad [data-digit="2"]');
    await page.keyboard.press('8');
    assert.equal(await label(page, 'r1c6'), 'r1c6, empty, centre marks 2 8');
    await page.click('.segmented [data-style="corner"]');
    await page.keyboard.press('1');
    assert.equal(await label(page, 'r1c6'), 'r1c6, empty, candidates 1, centre marks 2 8');
    await page.keyboard.press('1'); // toggles off
    assert.equal(await label(page, 'r1c6'), 'r1c6, empty, centre marks 2 8');
    await page.click('.segmented [data-style="normal"]');

    // Placing a digit takes it out of the peers' marks.
    await cell(page, 'r3c4').click();
    await page.keyboard.press('2');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty, candidates 6, centre marks 8');

    // Undo step by step (button and Ctrl+Z), then redo (Ctrl+Y and button).
    await page.click('#btn-undo');
    assert.equal(await label(page, 'r3c4'), 'r3c4, empty');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty, candidates 2 6, centre marks 8');
    await page.keyboard.press('Control+z'); // the toggle-off of corner 1
    assert.equal(await label(page, 'r1c6'), 'r1c6, empty, candidates 1, centre marks 2 8');
    for (let k = 0; k < 6; k++) await page.keyboard.press('Control+z');
    assert.equal(await label(page, 'r1c3'), 'r1c3, 4');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty');
    await page.keyboard.press('Control+z');
    assert.equal(await label(page, 'r1c3'), 'r1c3, empty');
    assert.ok(await page.locator('#btn-undo').isDisabled(), 'nothing left to undo');
    await page.keyboard.press('Control+y');
    assert.equal(await label(page, 'r1c3'), 'r1c3, 4');
    for (let k = 0; k < 8; k++) await page.click('#btn-redo');
    assert.equal(await label(page, 'r3c4'), 'r3c4, 2');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty, candidates 6, centre marks 8');
    assert.ok(await page.locator('#btn-redo').isDisabled());

    // Erase: a value first, then the marks.
    await cell(page, 'r1c6').click();
    await page.keyboard.press('Backspace');
    assert.equal(await label(page, 'r1c6'), 'r1c6, empty');

    // Automatic candidates on demand.
    await page.click('#btn-auto');
    assert.equal(await label(page, 'r1c3'), 'r1c3, 4');
    assert.match(await label(page, 'r5c5'), /^r5c5, empty, candidates 5$/);

    // Peer and same-digit highlighting.
    await cell(page, 'r1c2').click();
    assert.match(await cell(page, 'r1c9').getAttribute('class'), /\bpeer\b/);
    assert.match(await cell(page, 'r3c3').getAttribute('class'), /\bpeer\b/);
    assert.match(await cell(page, 'r9c2').getAttribute('class'), /\bpeer\b/);
    assert.doesNotMatch(await cell(page, 'r4c4').getAttribute('class'), /\bpeer\b/);
    assert.match(await cell(page, 'r4c9').getAttribute('class'), /\bsame\b/, 'the other 3s');
    assert.match(await cell(page, 'r5c6').getAttribute('class'), /\bsame\b/);
    assert.equal(await cell(page, 'r1c2').getAttribute('aria-selected'), 'true');
    // Changes are announced.
    await cell(page, 'r2c2').click();
    await page.keyboard.press('7');
    await page.waitForFunction(() => document.querySelector('#announce').textContent === 'r2c2: 7');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('climbs the hint ladder from the player’s position and applies the step', async () => {
    const page = await openApp(browser, server.url);
    await startWith(page, POINTING);
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-panel:not([hidden])');
    assert.equal(await page.textContent('#hint-text'), 'Pointing in box 8, column 5');
    assert.equal(await page.getAttribute('#hint-panel', 'data-level'), '1');
    for (const name of ['r7c4', 'r9c6', 'r1c5']) assert.match(await cell(page, name).getAttribute('class'), /hint-house/);
    assert.doesNotMatch(await cell(page, 'r8c5').getAttribute('class'), /hint-cell/);
    assert.ok(await page.locator('#btn-hint-apply').isHidden());

    await page.click('#btn-hint-more');
    await page.waitForSelector('#hint-panel[data-level="2"]');
    assert.equal(await page.textContent('#hint-text'), 'Pointing in box 8, column 5; look at r8c5,r9c5');
    for (const name of ['r8c5', 'r9c5']) assert.match(await cell(page, name).getAttribute('class'), /hint-cell/);

    await page.click('#btn-hint-more');
    await page.waitForSelector('#hint-panel[data-level="3"]');
    assert.match(await page.textContent('#hint-text'), /Pointing: 4 in box 8 only in column 5 → r2c5<>4, r3c5<>4 \(2\.6\)/);
    assert.ok(await page.locator('#btn-hint-more').isHidden());
    assert.equal(await cell(page, 'r2c5').locator('.elim').textContent(), '4', 'the elimination is shown before applying');

    await page.click('#btn-hint-apply');
    await page.waitForSelector('#hint-panel[hidden]', { state: 'attached' });
    for (const name of ['r2c5', 'r3c5']) {
      const l = await label(page, name);
      assert.match(l, /candidates/, `${name} has candidates now`);
      assert.doesNotMatch(l.replace(/^r\dc\d/, ''), /\b4\b/, `${name} no longer has 4: ${l}`);
    }
    assert.match(await statusText(page), /Applied: Pointing/);
    // The next hint starts from the new position (not the same pointing again).
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-panel[data-level="1"]');
    assert.notEqual(await page.textContent('#hint-text'), 'Pointing in box 8, column 5');
    // Undo takes the applied step back.
    await page.click('#btn-hint-close');
    await page.click('#btn-undo');
    assert.equal(await label(page, 'r2c5'), 'r2c5, empty');

    // A wrong digit is pointed out first.
    const wrong = POINTING_SOLUTION[0] === '2' ? '3' : '2';
    await cell(page, 'r1c1').click();
    await page.keyboard.press(wrong);
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-panel[data-status="mistakes"]');
    assert.match(await page.textContent('#hint-text'), /First fix your mistakes: wrong digit in r1c1/);
    assert.match(await cell(page, 'r1c1').getAttribute('class'), /\bmistake\b/);
    assert.match(await label(page, 'r1c1'), /mistake/);
    await page.close();
  });

  it('offers to reveal a cell when the hint finds no step in time, and places its digit', async () => {
    const HARDEST = '98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6.';
    const solution = (await api(server.url, 'solve', { puzzle: HARDEST })).body.solution;
    const page = await openApp(browser, server.url);
    await startWith(page, HARDEST);
    // Its first step is a nested chain of seconds: the page's hint gets a fifth of a second here.
    await page.route('**/api/v1/hint', (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), time_limit: 0.2 }) }));
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-panel[data-status="gave-up"]');
    assert.ok(await page.locator('#btn-hint-reveal').isVisible());
    const button = await page.textContent('#btn-hint-reveal');
    const m = /^Reveal (r(\d)c(\d))$/.exec(button);
    assert.ok(m, button);
    assert.match(await page.textContent('#hint-text'), new RegExp(`found no step in time\\. You may reveal one cell instead: ${m[1]}`));
    await page.click('#btn-hint-reveal');
    await page.waitForSelector('#hint-panel[hidden]', { state: 'attached' });
    const index = (Number(m[2]) - 1) * 9 + Number(m[3]) - 1;
    assert.equal((await boardLine(page))[index], solution[index]);
    assert.match(await statusText(page), new RegExp(`Revealed: ${m[1]} is ${solution[index]}`));
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('shows mistakes against the solution only when asked (Check)', async () => {
    const page = await openApp(browser, server.url);
    await startWith(page, POINTING);
    await cell(page, 'r1c1').click();
    await page.keyboard.press('1'); // right
    await cell(page, 'r1c2').click();
    await page.keyboard.press('9'); // wrong (2), but no clash
    assert.doesNotMatch(await cell(page, 'r1c2').getAttribute('class'), /mistake|conflict/);
    await page.click('#btn-check');
    await page.waitForFunction(() => /wrong digit/.test(document.querySelector('#status').textContent));
    assert.match(await statusText(page), /1 wrong digit: r1c2/);
    assert.match(await cell(page, 'r1c2').getAttribute('class'), /\bmistake\b/);
    assert.doesNotMatch(await cell(page, 'r1c1').getAttribute('class'), /\bmistake\b/);
    // A clash is shown at once, without asking.
    await cell(page, 'r1c4').click();
    await page.keyboard.press('3');
    assert.match(await cell(page, 'r1c4').getAttribute('class'), /\bconflict\b/);
    assert.match(await cell(page, 'r1c3').getAttribute('class'), /\bconflict\b/);
    await page.close();
  });

  it('says so when the last digit solves the puzzle', async () => {
    const values = `.${POINTING_SOLUTION.slice(1)}`.split('').map((d, i) => (POINTING[i] === '.' ? d : '.')).join('');
    const page = await openApp(browser, server.url, { hash: `#p=${POINTING}&v=${values}` });
    assert.equal(await label(page, 'r1c1'), 'r1c1, empty');
    await cell(page, 'r1c1').click();
    await page.keyboard.press('1');
    await page.waitForFunction(() => /Solved!/.test(document.querySelector('#status').textContent));
    assert.equal(await boardLine(page), POINTING_SOLUTION);
    // The timer stops at the solve, and the next puzzle is one tap away.
    assert.equal(await page.getAttribute('#timer', 'data-state'), 'solved');
    await page.click('#btn-next');
    await page.waitForFunction(() => /^New easy puzzle, seed \d+/.test(document.querySelector('#status').textContent));
    assert.notEqual(await boardLine(page), POINTING_SOLUTION);
    assert.equal(await page.textContent('#mode-badge'), 'Play');
    assert.equal(await page.locator('#btn-next').isVisible(), false);
    await page.close();
  });

  it('opens a share link in a fresh browser with the puzzle and the progress, and keeps the game over a reload', async () => {
    const page = await openApp(browser, server.url);
    await startWith(page, WIKI);
    await cell(page, 'r1c3').click();
    await page.keyboard.press('4');
    await cell(page, 'r1c4').click();
    await page.keyboard.press('Shift+6');
    await page.keyboard.press('Control+2');
    await page.click('#btn-share');
    const link = await page.inputValue('#share-url');
    assert.match(link, /#p=53\.\.7.*&v=/);
    await page.click('#share-dialog button[value="close"]');

    const other = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const shared = await openApp(browser, server.url, { context: other, hash: link.slice(link.indexOf('#')) });
    assert.equal(await shared.textContent('#mode-badge'), 'Play');
    assert.equal(await boardLine(shared), `534${WIKI.slice(3)}`);
    assert.equal(await label(shared, 'r1c3'), 'r1c3, 4');
    assert.equal(await label(shared, 'r1c4'), 'r1c4, empty, candidates 6, centre marks 2');
    assert.equal(await label(shared, 'r1c1'), 'r1c1, given 5');
    assert.equal(new URL(shared.url()).hash, '', 'the fragment is dropped once read');
    await other.close();

    // Reload: the same game, in play, and undo still works.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.textContent('#mode-badge'), 'Play');
    assert.equal(await label(page, 'r1c3'), 'r1c3, 4');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty, candidates 6, centre marks 2');
    await page.click('#btn-undo');
    assert.equal(await label(page, 'r1c4'), 'r1c4, empty, candidates 6');
    await page.close();
  });

  it('plays with the keyboard alone', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openApp(browser, server.url, { context: ctx, hash: `#p=${POINTING}` });
    // Tab from the top of the page to the board.
    let onBoard = false;
    for (let k = 0; k < 15 && !onBoard; k++) {
      await page.keyboard.press('Tab');
      onBoard = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell');
    }
    assert.ok(onBoard, 'the board is reachable with Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'r1c1');
    await page.keyboard.press('1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'r2c2');
    await page.keyboard.press(' '); // corner marks
    await page.keyboard.press('5');
    await page.keyboard.press(' '); // centre marks
    await page.keyboard.press('7');
    await page.keyboard.press(' '); // colours
    assert.equal(await page.getAttribute('[data-style="colour"]', 'aria-pressed'), 'true');
    await page.keyboard.press(' '); // digits again
    assert.equal(await page.getAttribute('[data-style="normal"]', 'aria-pressed'), 'true');
    assert.equal(await label(page, 'r1c1'), 'r1c1, 1');
    assert.equal(await label(page, 'r2c2'), 'r2c2, empty, candidates 5, centre marks 7');
    await page.keyboard.press('Control+z');
    assert.equal(await label(page, 'r2c2'), 'r2c2, empty, candidates 5');
    // Tab on to the Hint button and use it.
    let onHint = false;
    for (let k = 0; k < 30 && !onHint; k++) {
      await page.keyboard.press('Tab');
      onHint = await page.evaluate(() => document.activeElement?.id === 'btn-hint');
    }
    assert.ok(onHint, 'Hint is reachable with Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#hint-panel:not([hidden])');
    assert.match(await page.textContent('#hint-text'), /^Hidden single in box 1$/, 'r1c1=1 opened a hidden single');
    // Solve, and step through the log with ←/→.
    let onSolve = false;
    for (let k = 0; k < 10 && !onSolve; k++) {
      await page.keyboard.press('Tab');
      onSolve = await page.evaluate(() => document.activeElement?.id === 'btn-solve');
    }
    assert.ok(onSolve, 'Solve is reachable with Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#log-list [aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#log-list [aria-selected="true"]', 'data-k'), '1');
    await page.keyboard.press('Escape');
    await ctx.close();
  });
});

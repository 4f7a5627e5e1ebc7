// Journeys around entering and solving: type a published puzzle, read its log step by step
// (the X-Wing's cells and eliminations marked), a random full grid from the empty board, a
// paste that is not a puzzle, clashing givens that block Start, and logic that stops.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { suite, startServer, launch, openApp, typePuzzle, cell, boardLine, statusText, validNine, api } from './helpers.mjs';

const XWING = '1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7';
const XWING_SOLUTION = '123456789456789123798132564215374896637598241849621375372965418564817932981243657';

suite('entering and solving', () => {
  let server, browser;
  before(async () => { server = await startServer(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.stop(); });

  it('types a published puzzle, solves it and steps through the log to the X-Wing', async () => {
    const page = await openApp(browser, server.url);
    assert.equal(await page.textContent('#mode-badge'), 'Enter');
    await typePuzzle(page, XWING);
    assert.equal(await boardLine(page), XWING);
    assert.match(await cell(page, 'r1c1').getAttribute('aria-label'), /^r1c1, given 1$/);

    await page.click('#btn-solve');
    await page.waitForSelector('#log-list [role="option"]');
    const options = page.locator('#log-list [role="option"]');
    assert.equal(await options.count(), 63, '62 steps and the closing line');
    assert.match(await page.textContent('#log-summary'), /Solved in 62 steps: ER 3\.2 EP 1\.2 ED 1\.2, hardest X-Wing/);
    // The focus is on the log: → steps forward, ← back.
    assert.equal(await page.evaluate(() => document.activeElement.id), 'log-list');
    await page.keyboard.press('ArrowRight');
    assert.equal(await options.nth(1).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await options.nth(0).getAttribute('aria-selected'), 'true');

    // The board at step 1 is the start: step 1 places r7c3=2 (outlined, circled candidate).
    assert.match(await cell(page, 'r7c3').getAttribute('class'), /step-place/);
    assert.match(await cell(page, 'r7c3').getAttribute('aria-label'), /places 2/);

    // Jump to the X-Wing with the keyboard: it is step 13.
    for (let k = 0; k < 12; k++) await page.keyboard.press('ArrowRight');
    const selected = page.locator('#log-list [aria-selected="true"]');
    assert.equal(await selected.getAttribute('data-technique'), 'X-Wing');
    assert.match(await page.textContent('#log-detail'), /Step 13 of 62: X-Wing: 5 in column 6, column 9 only in row 6, row 7/);
    for (const name of ['r6c6', 'r6c9', 'r7c6', 'r7c9']) {
      assert.match(await cell(page, name).getAttribute('class'), /\bstep-cell\b/, `${name} is one of the X-Wing's cells`);
      assert.match(await cell(page, name).getAttribute('aria-label'), /in the step/);
    }
    for (const name of ['r6c4', 'r6c8']) {
      const struck = cell(page, name).locator('.elim');
      assert.equal(await struck.textContent(), '5', `${name} loses its 5`);
      assert.match(await struck.evaluate((e) => getComputedStyle(e).textDecorationLine), /line-through/);
      assert.match(await cell(page, name).getAttribute('aria-label'), /eliminates 5/);
    }
    // The houses of the step are hatched.
    assert.match(await cell(page, 'r1c6').getAttribute('class'), /step-house/);
    // The board shows the position before the step: 12 earlier steps applied (r2c7=1 from step 7).
    assert.equal(await cell(page, 'r2c7').locator('.v').textContent(), '1');

    // Next: step 14 places r6c4=6, the X-Wing's consequence.
    await page.click('#btn-log-next');
    assert.match(await page.textContent('#log-detail'), /Step 14 of 62: Naked single/);
    // The end: the rating, and the solved board.
    await page.keyboard.press('End');
    assert.match(await page.textContent('#log-detail'), /ER 3\.2 EP 1\.2 ED 1\.2/);
    assert.equal(await boardLine(page), XWING_SOLUTION);

    // Back to the game: the givens only.
    await page.click('#btn-log-close');
    assert.equal(await boardLine(page), XWING);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.foreign, [], 'no request to another host');
    await page.close();
  });

  it('draws chain links as strong and weak arrows', async () => {
    // A puzzle whose log has a forcing chain with links (both kinds).
    const puzzle = '..3.5.......1..2.668...2.5.....14.7.34...796...59......3..9..4...62..3..9..7.....';
    const page = await openApp(browser, server.url);
    await typePuzzle(page, puzzle);
    await page.click('#btn-solve');
    await page.waitForSelector('#log-list [role="option"]');
    const explain = (await api(server.url, 'explain', { puzzle })).body;
    const k = explain.steps.findIndex((s) => (s.links || []).length > 0);
    assert.ok(k >= 0, 'the log has a step with links');
    await page.locator('#log-list [role="option"]').nth(k).click();
    const want = explain.steps[k].links;
    assert.equal(await page.locator('svg.overlay path.link').count(), want.length);
    assert.equal(await page.locator('svg.overlay path.link.strong').count(), want.filter((l) => l.strong).length);
    assert.equal(await page.locator('svg.overlay path.link.weak').count(), want.filter((l) => !l.strong).length);
    if (want.some((l) => !l.strong)) {
      const dash = await page.locator('svg.overlay path.link.weak').first().evaluate((e) => getComputedStyle(e).strokeDasharray);
      assert.notEqual(dash, 'none', 'weak links are dashed, not only another colour');
    }
    await page.close();
  });

  it('gives a random full grid on the empty board, with its seed', async () => {
    const page = await openApp(browser, server.url);
    await page.click('#btn-solve');
    await page.waitForFunction(() => /seed/.test(document.querySelector('#status').textContent));
    const line = await boardLine(page);
    assert.ok(validNine(line), `every row, column and box holds 1-9: ${line}`);
    const seed = /seed (\d+)/.exec(await statusText(page))[1];
    assert.match(await page.textContent('#puzzle-info'), new RegExp(`seed ${seed}`));
    assert.match(await cell(page, 'r5c5').getAttribute('aria-label'), /found by search/);
    // The same seed gives the same grid (the seed is shown exactly, all 64 bits of it).
    const raw = await fetch(`${server.url}api/v1/solve`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"puzzle":"","size":9,"random":true,"seed":${seed}}` });
    assert.equal((await raw.json()).solution, line);
    await page.close();
  });

  it('shows where a pasted text is not a puzzle, as line:column', async () => {
    const page = await openApp(browser, server.url);
    await page.click('#btn-io');
    const junk = '53..7....\n6..195...\n.98....6.\nhello world';
    await page.fill('#io-text', junk);
    await page.click('#btn-import');
    await page.waitForFunction(() => document.querySelector('#io-status').textContent.length > 0);
    const shown = await page.textContent('#io-status');
    const answer = await api(server.url, 'parse', { text: junk });
    assert.equal(answer.status, 400);
    assert.equal(shown, `${answer.body.line}:${answer.body.column}: ${answer.body.reason}`);
    assert.match(shown, /^\d+:\d+: /);
    assert.ok(await page.locator('#io-dialog').evaluate((d) => d.open), 'the dialog stays open to fix the text');

    // A good grid block loads into Enter mode.
    await page.fill('#io-text', '53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n');
    await page.click('#btn-import');
    await page.waitForFunction(() => !document.querySelector('#io-dialog').open);
    assert.equal(await boardLine(page), '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
    assert.match(await statusText(page), /30 givens/);
    await page.close();
  });

  it('opens a puzzle file and exports a line, a grid and a pencil-mark grid that read back', async () => {
    const page = await openApp(browser, server.url);
    await page.click('#btn-io');
    const sdk = '#A nonet test\n#B a comment line\n1...5....\n..67.....\n....325..\n2.537....\n.....8..1\n.4.......\n37.9..4..\n.64....3.\n9..2....7\n';
    await page.setInputFiles('#io-file', { name: 'xwing.sdk', mimeType: 'text/plain', buffer: Buffer.from(sdk) });
    await page.waitForFunction(() => !document.querySelector('#io-dialog').open);
    assert.equal(await boardLine(page), XWING);
    await page.click('#btn-start');
    await page.waitForFunction(() => document.querySelector('#mode-badge').textContent === 'Play');
    await cell(page, 'r1c2').click();
    await page.keyboard.press('2');
    await cell(page, 'r1c3').click();
    await page.keyboard.press('Shift+3');

    await page.click('#btn-io');
    await page.click('[data-export="line"]');
    assert.equal(await page.inputValue('#io-text'), `12${XWING.slice(2)}`);
    await page.uncheck('#io-with-entries');
    await page.click('[data-export="grid"]');
    const grid = await page.inputValue('#io-text');
    assert.equal(grid.split('\n').length, 11, '9 rows and 2 rules');
    assert.match(grid, /^1 \. \. \| \. 5 \. \| \. \. \.\n/);
    assert.match(grid, /------\+-------\+------/);
    assert.equal((await api(server.url, 'parse', { text: grid })).body.puzzle, XWING, 'the grid reads back');
    await page.check('#io-with-entries');
    await page.click('[data-export="pencil"]');
    const pm = await page.inputValue('#io-text').then((t) => t.split('\n'));
    const row1 = pm[0].split(/\s+/);
    assert.deepEqual(row1.slice(0, 3), ['1', '2', '3'], 'r1c3 holds its one pencil mark');
    assert.deepEqual(row1.slice(3, 5), ['|', '468'], 'r1c4 lists what its peers allow');
    // Loading the line back gives the position's digits as givens.
    await page.click('[data-export="line"]');
    await page.click('#btn-import');
    await page.waitForFunction(() => !document.querySelector('#io-dialog').open);
    assert.equal(await boardLine(page), `12${XWING.slice(2)}`);
    assert.equal(await page.textContent('#mode-badge'), 'Enter');
    await page.close();
  });

  it('blocks Start on clashing givens and on a puzzle with several solutions', async () => {
    const page = await openApp(browser, server.url);
    await typePuzzle(page, '53..7..5.6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
    // Shown in place while typing already.
    assert.match(await cell(page, 'r1c8').getAttribute('class'), /\bconflict\b/);
    await page.click('#btn-start');
    await page.waitForFunction(() => /Clashing givens/.test(document.querySelector('#status').textContent));
    assert.match(await statusText(page), /digit 5 twice in row 1/);
    assert.equal(await page.textContent('#mode-badge'), 'Enter');
    assert.ok(await page.locator('#play-controls').isHidden());
    for (const name of ['r1c1', 'r1c8']) {
      assert.match(await cell(page, name).getAttribute('class'), /\bconflict\b/);
      assert.match(await cell(page, name).getAttribute('aria-label'), /conflict/);
    }
    // Remove the clash and one more given: now the puzzle has several solutions.
    await cell(page, 'r1c8').click();
    await page.keyboard.press('Delete');
    assert.doesNotMatch(await cell(page, 'r1c1').getAttribute('class'), /\bconflict\b/);
    await page.click('#btn-clear-givens');
    await typePuzzle(page, '1........');
    await page.click('#btn-start');
    await page.waitForFunction(() => /more than one solution/.test(document.querySelector('#status').textContent));
    assert.equal(await page.textContent('#mode-badge'), 'Enter');
    await page.close();
  });

  it('says where logic stops and marks the rest as found by search', async () => {
    const page = await openApp(browser, server.url);
    await typePuzzle(page, '12..34...');
    await page.click('#btn-solve');
    await page.waitForSelector('#log-list [role="option"]');
    assert.match(await page.textContent('#log-summary'), /Logic stops here.*more than one solution.*found by search/);
    await page.locator('#log-list [role="option"]').last().click();
    const line = await boardLine(page);
    assert.ok(validNine(line));
    assert.match(await cell(page, 'r9c9').getAttribute('class'), /by-search/);
    assert.match(await cell(page, 'r9c9').getAttribute('aria-label'), /found by search/);
    assert.match(await cell(page, 'r1c1').getAttribute('aria-label'), /given 1/);
    await page.close();
  });
});

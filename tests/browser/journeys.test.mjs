// The journeys of issue #40: a player on a phone, a newspaper puzzle typed in, a puzzle pasted,
// the everyday tools (timer, instant mistakes, digit counts, colours), a killer opened from an
// f-puzzles link and shared again, every rule of the catalogue on the board, and a link the page
// cannot read.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite, startServer, launch, openApp, cell, boardLine, statusText, api, screenshot, inView } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const XWING = '1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7';
const WIKI = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const WIKI_SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const KILLER = readFileSync(path.join(ROOT, 'examples/killer.txt'), 'utf8');

/** Text pasted with the page (not a field) focused, as Ctrl+V or a long press would. */
async function paste(page, text) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

// One of each kind of docs/variants.md: drawn, not solved (it has no solution).
const EVERY_RULE = {
  puzzle: '.'.repeat(81),
  constraints: [
    { kind: 'killer-cage', cells: ['r1c1', 'r1c2', 'r2c1'], value: 10 },
    { kind: 'sum', cells: ['r1c8', 'r1c9'], value: 12 },
    { kind: 'extra-region', cells: ['r2c8', 'r2c9', 'r3c8'] },
    { kind: 'odd', cells: ['r9c1'] },
    { kind: 'even', cells: ['r9c2'] },
    { kind: 'minimum', cells: ['r9c4'] },
    { kind: 'maximum', cells: ['r9c6'] },
    { kind: 'quadruple', cells: ['r7c7', 'r7c8', 'r8c7', 'r8c8'], digits: [1, 2, 3] },
    { kind: 'clone', cells: ['r5c1', 'r5c2', 'r7c4', 'r7c5'], split: 2 },
    { kind: 'difference', cells: ['r3c3', 'r3c4'], value: 1 },
    { kind: 'ratio', cells: ['r3c5', 'r4c5'], value: 2 },
    { kind: 'xv', cells: ['r6c1', 'r6c2'], value: 10 },
    { kind: 'greater-than', cells: ['r5c4', 'r5c5'] },
    { kind: 'thermometer', cells: ['r2c3', 'r2c4', 'r2c5', 'r2c6'] },
    { kind: 'arrow', cells: ['r4c7', 'r5c8', 'r6c9'], split: 1 },
    { kind: 'double-arrow', cells: ['r8c1', 'r8c2', 'r8c3', 'r8c4'] },
    { kind: 'whisper', cells: ['r3c1', 'r4c2', 'r5c3'] },
    { kind: 'renban', cells: ['r6c5', 'r6c6', 'r6c7'] },
    { kind: 'palindrome', cells: ['r4c9', 'r5c9'] },
    { kind: 'between', cells: ['r7c1', 'r7c2'] },
    { kind: 'region-sum-line', cells: ['r3c6', 'r4c6'] },
    { kind: 'entropic', cells: ['r5c6', 'r5c7'] },
    { kind: 'modular', cells: ['r8c5', 'r8c6'] },
    { kind: 'zipper', cells: ['r9c7', 'r9c8', 'r9c9'] },
    { kind: 'nabner', cells: ['r7c9', 'r8c9'] },
    { kind: 'lockout', cells: ['r1c4', 'r1c5', 'r1c6'], value: 4 },
    { kind: 'sum-line', cells: ['r3c7', 'r4c8', 'r3c9'], value: 12 },
    { kind: 'lunchbox', cells: ['r9c3', 'r9c4', 'r9c5'], value: 0 },
    { kind: 'counting-circles', cells: ['r4c3', 'r6c4', 'r6c8'] },
    { kind: 'global-entropy' },
    { kind: 'hidden-skyscraper', cells: Array.from({ length: 9 }, (_, c) => `r2c${c + 1}`), value: 3, outside: 'r2c0' },
    { kind: 'numbered-room', cells: Array.from({ length: 9 }, (_, c) => `r9c${9 - c}`), value: 4, outside: 'r9c10' },
    { kind: 'full-rank', cells: Array.from({ length: 9 }, (_, r) => `r${9 - r}c2`), value: 20, outside: 'r10c2' },
    { kind: 'full-rank-no-ties' },
    { kind: 'little-killer', cells: ['r1c2', 'r2c3', 'r3c4'], value: 15, outside: 'r0c1' },
    { kind: 'sandwich', cells: Array.from({ length: 9 }, (_, r) => `r${r + 1}c5`), value: 14, outside: 'r0c5' },
    { kind: 'x-sum', cells: Array.from({ length: 9 }, (_, c) => `r1c${c + 1}`), value: 20, outside: 'r1c0' },
    { kind: 'skyscraper', cells: Array.from({ length: 9 }, (_, r) => `r${9 - r}c9`), value: 3, outside: 'r10c9' },
    { kind: 'row-indexer', cells: ['r4c4'] },
    { kind: 'column-indexer', cells: ['r6c3'] },
    { kind: 'box-indexer', cells: ['r2c2'] },
    { kind: 'same-values', cells: ['r2c7', 'r3c2', 'r7c6', 'r9c9'], value: 2 },
    { kind: 'rellik-cage', cells: ['r1c7'], value: 4 },
    { kind: 'pair-table', cells: ['r4c1', 'r5c1'], digits: [1, 3, 3, 1, 2, 4, 4, 2, 5, 7, 7, 5, 6, 8, 8, 6, 9, 9] },
    { kind: 'pair-table-all', cells: ['r6c3', 'r7c3', 'r8c3'], digits: [1, 4, 4, 1, 1, 7, 7, 1, 4, 7, 7, 4, 2, 5, 5, 2, 2, 8, 8, 2, 5, 8, 8, 5, 3, 6, 6, 3, 3, 9, 9, 3, 6, 9, 9, 6] },
    { kind: 'anti-knight' },
    { kind: 'anti-taxicab' },
    { kind: 'count-distinct', cells: ['r1c3', 'r2c3', 'r2c4'] },
    { kind: 'nonconsecutive' },
  ],
};

suite('players’ journeys (issue #40)', () => {
  let server, browser;
  before(async () => { server = await startServer(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.stop(); });

  it('on a 390×844 phone: the board and the keypad in sight, one tap per mark mode, readable marks', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const vp = { width: 390, height: 844 };
      const ctx = await browser.newContext({ viewport: vp, isMobile: true, hasTouch: true, deviceScaleFactor: 2, colorScheme });
      const page = await openApp(browser, server.url, { context: ctx, hash: `#p=${XWING}` });
      assert.ok(inView(await page.locator('#board').boundingBox(), vp), 'the whole board without scrolling');
      assert.ok(inView(await page.locator('#keypad').boundingBox(), vp), 'the keypad without scrolling');
      assert.ok(inView(await page.locator('.segmented').boundingBox(), vp), 'the mark modes without scrolling');
      assert.equal(await page.locator('#board-help').isVisible(), false, 'no keyboard help on a touch screen');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scroll');
      // The top bar keeps to one row.
      const bar = await page.locator('.topbar').boundingBox();
      assert.ok(bar.height < 60, `the top bar is one row (${bar.height}px)`);

      await cell(page, 'r1c2').tap();
      await page.locator('[data-style="corner"]').tap();
      await page.locator('#keypad [data-digit="3"]').tap();
      await page.locator('#keypad [data-digit="8"]').tap();
      await page.locator('[data-style="centre"]').tap();
      await page.locator('#keypad [data-digit="9"]').tap();
      assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, empty, candidates 3 8, centre marks 9');
      const markPx = await page.locator('#board [data-cell="r1c2"] .cm span').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      assert.ok(markPx >= 11, `corner marks are readable (${markPx}px)`);
      await page.locator('[data-style="normal"]').tap();
      await cell(page, 'r1c3').tap();
      await page.locator('#keypad [data-digit="2"]').tap();
      assert.equal(await cell(page, 'r1c3').getAttribute('aria-label'), 'r1c3, 2');

      const small = await page.$$eval('button, select, input:not([type="checkbox"])', (els) => els
        .filter((e) => e.offsetParent !== null)
        .map((e) => { const r = e.getBoundingClientRect(); return { id: e.id || e.textContent.trim(), w: r.width, h: r.height }; })
        .filter((r) => r.w < 44 || r.h < 44));
      assert.deepEqual(small, [], '44 px targets');
      await screenshot(page, `phone-390x844-${colorScheme}.png`, { fullPage: false });
      await ctx.close();
    }
    // On its side, the board still fits the height and the keypad sits beside it.
    const vp = { width: 844, height: 390 };
    const ctx = await browser.newContext({ viewport: vp, isMobile: true, hasTouch: true });
    const page = await openApp(browser, server.url, { context: ctx, hash: `#p=${XWING}` });
    assert.ok(inView(await page.locator('#board').boundingBox(), vp), 'landscape: the whole board');
    assert.ok(inView(await page.locator('#keypad').boundingBox(), vp), 'landscape: the keypad');
    await screenshot(page, 'phone-844x390-landscape.png', { fullPage: false });
    await ctx.close();
  });

  it('on a 390×844 phone a long hint scrolls in its panel: its buttons and the keypad stay in sight', async () => {
    const links = await api(server.url, 'links', { text: KILLER });
    const load = links.body.fpuzzles.slice(links.body.fpuzzles.indexOf('load=') + 5);
    const vp = { width: 390, height: 844 };
    const ctx = await browser.newContext({ viewport: vp, isMobile: true, hasTouch: true, colorScheme: 'dark' });
    const page = await openApp(browser, `${server.url}?fpuzzles=${load}`, { context: ctx });
    await page.waitForFunction(() => window.nonet.game.mode === 'play');
    await page.locator('#btn-hint').tap();
    for (let level = 2; level <= 3; level++) {
      await page.waitForSelector('#btn-hint-more:not([hidden])');
      await page.locator('#btn-hint-more').tap();
      await page.waitForFunction((k) => document.querySelector('#hint-title').textContent.includes(`level ${k}`), level);
    }
    // The whole step (every elimination of a cage's combinations) is longer than the panel shows.
    await page.waitForFunction(() => document.querySelector('#hint-title').textContent.includes('level 3'));
    assert.ok(await page.locator('#hint-text').evaluate((e) => e.scrollHeight > e.clientHeight), 'the hint text scrolls');
    for (const sel of ['#board', '#btn-hint-apply', '#btn-hint-close', '#keypad [data-digit="6"]']) {
      assert.ok(inView(await page.locator(sel).boundingBox(), vp), `${sel} in sight with the hint open`);
    }
    await ctx.close();
  });

  it('solves a killer without givens step by step (its rules are the puzzle, not an empty board)', async () => {
    const page = await openApp(browser, server.url);
    await page.goto(`${server.url}?fpuzzles=${(await api(server.url, 'links', { text: KILLER })).body.fpuzzles.split('load=')[1]}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => window.nonet.game.mode === 'play' && window.nonet.game.constraints.length === 15);
    assert.equal(await page.evaluate(() => window.nonet.game.filled()), 0);
    await page.click('#btn-solve');
    await page.waitForFunction(() => /Solved in|found by search/.test(document.querySelector('#status').textContent));
    assert.doesNotMatch(await statusText(page), /random/);
    if (await page.locator('#log-panel').isVisible()) {
      // A step of the log that reads a cage highlights it.
      const uses = await page.evaluate(() => window.nonet.log.entries.findIndex((e) => e.step && (e.step.constraints || []).length));
      if (uses >= 0) {
        await page.evaluate((k) => window.nonet.log.select(k), uses);
        await page.waitForFunction(() => document.querySelectorAll('svg.overlay .rule.rule-used').length > 0);
      }
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('on a 1280×900 laptop every size up to 25×25 fits without scrolling', async () => {
    const vp = { width: 1280, height: 900 };
    const page = await openApp(browser, server.url, { viewport: vp });
    const sizes = await page.$$eval('#enter-size option', (os) => os.map((o) => o.value));
    assert.ok(sizes.includes('25'));
    for (const n of sizes) {
      await page.selectOption('#enter-size', n);
      await page.waitForFunction((k) => document.querySelectorAll('#board [role="gridcell"]').length === k * k, Number(n));
      const board = await page.locator('#board').boundingBox();
      assert.ok(inView(board, vp), `${n}×${n}: the board fits (${JSON.stringify(board)})`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 1280), `${n}×${n}: no sideways scroll`);
      assert.ok(inView(await page.locator('#keypad').boundingBox(), vp), `${n}×${n}: the keypad fits`);
    }
    await page.close();
  });

  it('types a newspaper puzzle (each digit moves on, 0 and . skip) and takes a puzzle pasted anywhere', async () => {
    const page = await openApp(browser, server.url);
    await cell(page, 'r1c1').click();
    for (const ch of '53..7...06') await page.keyboard.press(ch);
    assert.equal((await boardLine(page)).slice(0, 10), '53..7....6');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'r2c2', 'the cursor moved on past each');
    // A text that is no puzzle: the server's words, and the board as it was.
    const before = await boardLine(page);
    const junk = '53..7....\nhello';
    await paste(page, junk);
    await page.waitForFunction(() => /not a puzzle nonet can read/.test(document.querySelector('#status').textContent));
    const answer = await api(server.url, 'parse', { text: junk });
    assert.ok((await statusText(page)).includes(answer.body.reason), 'the server’s own words');
    assert.match(await statusText(page), /Your game is unchanged/);
    assert.equal(await boardLine(page), before);
    // An 81-character line goes on the board, ready to play.
    await paste(page, `${WIKI}\n`);
    await page.waitForFunction((w) => window.nonet.toLine(window.nonet.game.puzzle) === w, WIKI);
    assert.equal(await boardLine(page), WIKI);
    assert.equal(await page.textContent('#mode-badge'), 'Play');
    // A SudokuPad link, pasted: the killer with its cages.
    const links = await api(server.url, 'links', { text: KILLER });
    await paste(page, links.body.sudokupad);
    await page.waitForFunction(() => document.querySelectorAll('svg.overlay path.cage').length === 15);
    assert.match(await statusText(page), /Opened a 6×6 killer puzzle from the pasted text/);
    await page.close();
  });

  it('times the game (pausable), marks wrong digits at once when asked, counts digits left, and colours cells', async () => {
    const page = await openApp(browser, server.url, { hash: `#p=${WIKI}` });
    assert.equal(await page.textContent('#mode-badge'), 'Play');
    // Digit counts: 9 minus the givens of each digit.
    const left = async (d) => Number(await page.textContent(`#keypad [data-digit="${d}"] .left`));
    const given5 = [...WIKI].filter((c) => c === '5').length;
    assert.equal(await left(5), 9 - given5);
    await cell(page, 'r1c3').click();
    await page.keyboard.press('4');
    assert.equal(await left(4), 9 - [...WIKI].filter((c) => c === '4').length - 1);

    // The timer runs, stops while paused (the board hidden), and goes on.
    await page.waitForFunction(() => document.querySelector('#timer').textContent !== '0:00', null, { timeout: 5000 });
    await page.click('#btn-pause');
    assert.ok(await page.locator('#paused-cover').isVisible(), 'the board is covered while paused');
    const stopped = await page.textContent('#timer');
    await page.waitForTimeout(1300);
    assert.equal(await page.textContent('#timer'), stopped);
    await page.click('#keypad [data-digit="9"]');
    assert.match(await statusText(page), /paused/);
    await page.click('#paused-cover');
    await page.waitForFunction((t) => document.querySelector('#timer').textContent !== t, stopped, { timeout: 5000 });

    // Instant mistakes: off, a wrong digit shows nothing; on, it is marked at once. The digit is
    // wrong by the solution but clashes with nothing in its houses.
    const target = await page.evaluate(({ puzzle, solution }) => {
      const g = window.nonet.game;
      for (let i = 0; i < 81; i++) {
        if (puzzle[i] !== '.' || g.values[i]) continue;
        for (let d = 1; d <= 9; d++) {
          if (String(d) === solution[i]) continue;
          if (!g.info.peers[i].some((p) => g.grid()[p] === d)) return { i, d, name: `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}` };
        }
      }
      return null;
    }, { puzzle: WIKI, solution: WIKI_SOLUTION });
    assert.ok(target);
    await cell(page, target.name).click();
    await page.keyboard.press(String(target.d));
    assert.doesNotMatch(await cell(page, target.name).getAttribute('class'), /\bmistake\b/);
    await page.check('#opt-mistakes');
    await page.waitForFunction((n) => document.querySelector(`[data-cell="${n}"]`).classList.contains('mistake'), target.name);

    // Colours: one tap for the mode, eight colours, kept with undo and in the share link.
    await page.click('[data-style="colour"]');
    assert.equal(await page.locator('#keypad .swatch:visible').count(), 8);
    await cell(page, 'r9c1').click();
    await page.click('#keypad [data-colour="3"]');
    assert.equal(await page.locator('[data-cell="r9c1"] .paint.colour-3').count(), 1);
    await page.keyboard.press('Control+z');
    assert.equal(await page.locator('[data-cell="r9c1"] .paint').count(), 0, 'undo takes the colour off');
    await page.keyboard.press('Control+y');
    assert.equal(await page.locator('[data-cell="r9c1"] .paint.colour-3').count(), 1, 'redo puts it back');
    await page.click('#btn-share');
    const link = await page.inputValue('#share-url');
    assert.match(link, /[#&]c=/);
    await page.click('#share-dialog button[value="close"]');
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const other = await openApp(browser, server.url, { context: ctx, hash: link.slice(link.indexOf('#')) });
    assert.equal(await other.locator('[data-cell="r9c1"] .paint.colour-3').count(), 1, 'the link keeps the colour');
    await ctx.close();
    await page.close();
  });

  it('opens an f-puzzles link of a killer: cages drawn, played, checked, hinted and shared again', async () => {
    const links = await api(server.url, 'links', { text: KILLER, solution: true });
    assert.equal(links.status, 200);
    const load = links.body.fpuzzles.slice(links.body.fpuzzles.indexOf('load=') + 5);
    const page = await openApp(browser, server.url);
    await page.goto(`${server.url}?fpuzzles=${load}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => /Opened a 6×6 killer/.test(document.querySelector('#status').textContent));
    assert.equal(await page.locator('svg.overlay .rule-killer-cage path.cage').count(), 15, 'a dashed cage for each');
    assert.ok((await page.locator('svg.overlay .cage-sum').allTextContents()).includes('14'));
    assert.match(await page.textContent('#rules-line'), /killer/);
    assert.equal(await page.evaluate(() => location.search), '', 'the address no longer holds the link');
    assert.equal(await page.textContent('#mode-badge'), 'Play');
    // r1c1 is a cage of one cell summing to 1.
    await cell(page, 'r1c1').click();
    await page.keyboard.press('1');
    await page.click('[data-style="colour"]');
    await cell(page, 'r1c2').click();
    await page.keyboard.press('2');
    await page.click('[data-style="normal"]');
    await page.click('#btn-check');
    await page.waitForFunction(() => /No mistakes so far/.test(document.querySelector('#status').textContent));
    // A wrong digit by the cages alone (r1c2 and r1c3 sum to 5; 4 leaves only 1, used in r1c1).
    await cell(page, 'r1c2').click();
    await page.keyboard.press('5');
    await page.click('#btn-check');
    await page.waitForFunction(() => /wrong digit/.test(document.querySelector('#status').textContent));
    await page.keyboard.press('Control+z');
    // Hints: the logic solver's refusal, said as such.
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-panel:not([hidden])');
    // The logic solver reads cages: the hint's step points at the cage it uses, highlighted on the board.
    assert.equal(await page.getAttribute('#hint-panel', 'data-status'), 'hint', await page.textContent('#hint-text'));
    await page.waitForFunction(() => document.querySelectorAll('svg.overlay .rule-killer-cage.rule-used').length > 0);
    await page.click('#btn-hint-close');
    await screenshot(page, 'killer-1280x900-light.png');
    // Solve: the step-by-step log, or (while the logic solver does not read cages) the search's
    // solution, which satisfies every cage.
    await page.click('#btn-solve');
    await page.waitForFunction(() => /Solved in|The solution, found by search/.test(document.querySelector('#status').textContent));
    if (/found by search/.test(await statusText(page))) {
      assert.equal(await boardLine(page), '123456456123231564564231312645645312');
      await cell(page, 'r6c6').click();
      await page.keyboard.press('Escape');
    } else {
      await page.click('#btn-log-close');
    }
    // Share: nonet's link with the rules, colours and progress; f-puzzles and SudokuPad links.
    await page.click('#btn-share');
    await page.waitForFunction(() => document.querySelector('#share-fpuzzles').value.length > 0);
    const fpuzzles = await page.inputValue('#share-fpuzzles');
    assert.match(fpuzzles, /^https:\/\/www\.f-puzzles\.com\/\?load=/);
    assert.match(await page.inputValue('#share-sudokupad'), /^https:\/\/sudokupad\.app\/fpuzzles/);
    assert.equal((await api(server.url, 'parse', { text: fpuzzles })).body.constraints.length, 15);
    const own = await page.inputValue('#share-url');
    assert.match(own, /[#&]j=/);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });
    const other = await openApp(browser, server.url, { context: ctx, hash: own.slice(own.indexOf('#')) });
    assert.equal(await other.locator('svg.overlay .rule-killer-cage path.cage').count(), 15);
    assert.equal(await cell(other, 'r1c1').getAttribute('aria-label'), 'r1c1, 1');
    assert.equal(await other.locator('[data-cell="r1c2"] .paint.colour-2').count(), 1);
    const phone = { width: 390, height: 844 };
    assert.ok(inView(await other.locator('#board-wrap').boundingBox(), phone), 'a killer on a phone: the board in sight');
    assert.ok(inView(await other.locator('#keypad').boundingBox(), phone), '… and the keypad');
    await screenshot(other, 'killer-390x844-dark.png', { fullPage: false });
    await ctx.close();
    await page.close();
  });

  it('a link it cannot read says what is wrong, in the server’s words, and keeps the game', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openApp(browser, server.url, { context: ctx, hash: `#p=${WIKI}` });
    await cell(page, 'r1c3').click();
    await page.keyboard.press('4');
    const bad = 'N4IgzglgXgpiBcBOANCAxgJwnAbN';
    await page.goto(`${server.url}?fpuzzles=${bad}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => /not a puzzle nonet can read/.test(document.querySelector('#status').textContent));
    const answer = await api(server.url, 'parse', { text: bad });
    assert.equal(answer.status, 400);
    const said = await statusText(page);
    assert.ok(said.includes(answer.body.reason || answer.body.error), `${said} / ${JSON.stringify(answer.body)}`);
    assert.match(said, /Your game is unchanged/);
    assert.equal(await cell(page, 'r1c3').getAttribute('aria-label'), 'r1c3, 4', 'the game is as it was');
    assert.equal((await boardLine(page)).slice(0, 3), '534');
    await ctx.close();
  });

  it('draws every rule of the catalogue, with the outside clues in a margin and the rest named', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
      const page = await openApp(browser, server.url, { context: ctx });
      await page.goto(`${server.url}?puzzle=${encodeURIComponent(JSON.stringify(EVERY_RULE))}`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForFunction(() => document.querySelector('svg.overlay').dataset.rules === '49');
      for (const rule of EVERY_RULE.constraints) {
        if (['anti-knight', 'anti-taxicab', 'nonconsecutive', 'global-entropy', 'full-rank-no-ties'].includes(rule.kind)) continue;
        assert.ok(await page.locator(`svg.overlay .rule-${rule.kind} *`).count() > 0, `${rule.kind} is drawn`);
      }
      // A bent line is a stroke, not a filled shape.
      assert.equal(await page.locator('svg.overlay polyline.sum-line').evaluate((e) => getComputedStyle(e).fill), 'none');
      const line = await page.textContent('#rules-line');
      assert.match(line, /anti-knight: cells a knight’s move apart differ/i);
      assert.match(line, /nonconsecutive/i);
      assert.match(line, /anti-taxicab: a digit d is in no cell d steps away/i);
      assert.match(line, /rellik cages.*digits in a dashed cage marked ≠ do not repeat, and none of them add up to its number/i);
      assert.match(line, /global entropy: every 2×2 block/i);
      // A rule of listed pairs is only in its list: the rules line gives it.
      assert.match(line, /on a grey line with rings, each cell holds a digit listed for the one before it’s \(1: 3; 2: 4; 3: 1; 4: 2; 5: 7; 6: 8; 7: 5; 8: 6; 9: 9\)/i);
      assert.match(line, /on a grey line with dots, of any two cells the later holds a digit listed for the earlier’s \(1: 4, 7; 2: 5, 8; /i);
      // A step that names the rule it uses has it highlighted (the place kept for variant logic).
      const cage = EVERY_RULE.constraints.findIndex((c) => c.kind === 'killer-cage');
      await page.evaluate((k) => {
        const { ui, game, render } = window.nonet;
        ui.hint = { level: 1, key: JSON.stringify(game.position()), res: { status: 'hint', houses: [], cells: [], constraints: [k] } };
        render();
      }, cage);
      assert.deepEqual(await page.$$eval('svg.overlay .rule-used', (gs) => [...new Set(gs.map((g) => g.dataset.rule))]), [String(cage)]);
      await page.evaluate(() => { window.nonet.ui.hint = null; window.nonet.render(); });
      assert.equal(await page.locator('svg.overlay .rule-used').count(), 0);
      const wrap = await page.locator('#board-wrap').boundingBox();
      const board = await page.locator('#board').boundingBox();
      assert.ok(board.x - wrap.x > board.width / 12, 'a margin for the outside clues');
      await screenshot(page, `variants-1280x900-${colorScheme}.png`);
      await ctx.close();
    }
  });

  it('keeps a margin for any outside clue alone (numbered rooms, hidden skyscrapers, full rank)', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    for (const kind of ['numbered-room', 'hidden-skyscraper', 'full-rank']) {
      const alone = { puzzle: '.'.repeat(81), constraints: [{ kind, cells: Array.from({ length: 9 }, (_, c) => `r4c${c + 1}`), value: 3, outside: 'r4c0' }] };
      const page = await openApp(browser, server.url, { context: ctx });
      await page.goto(`${server.url}?puzzle=${encodeURIComponent(JSON.stringify(alone))}`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForFunction(() => document.querySelector('svg.overlay').dataset.rules === '1');
      const wrap = await page.locator('#board-wrap').boundingBox();
      const board = await page.locator('#board').boundingBox();
      assert.ok(board.x - wrap.x > board.width / 12, `a margin for ${kind}`);
      const clue = await page.locator(`svg.overlay .rule-${kind} text`).boundingBox();
      assert.ok(clue && clue.x >= wrap.x - 1, `${kind}'s clue is inside the board's frame`);
      await page.close();
    }
    await ctx.close();
  });

  it('tints jigsaw regions apart from the peer highlight, and Solve keeps the board’s top in sight with a log that names each technique once a run', async () => {
    const page = await openApp(browser, server.url);
    await page.selectOption('#enter-variant', 'jigsaw');
    await page.waitForFunction(() => document.querySelector('#board').dataset.variant === 'jigsaw');
    assert.equal(await page.locator('#enter-regions-label').isVisible(), false, 'a built-in layout is named, not shown as a custom map');
    await cell(page, 'r5c5').click();
    const colours = await page.evaluate(() => {
      const bg = (e) => getComputedStyle(e).backgroundColor.match(/\d+/g).slice(0, 3).map(Number);
      const peer = bg(document.querySelector('.cell.peer'));
      const shades = [...document.querySelectorAll('.cell:not(.peer):not(.selected)')].map(bg);
      return { peer, shades };
    });
    for (const s of colours.shades) {
      const d = Math.hypot(...s.map((x, k) => x - colours.peer[k]));
      assert.ok(d > 18, `a region tint ${s} is apart from the peer highlight ${colours.peer} (${d.toFixed(1)})`);
    }
    await page.close();

    const vp = { width: 390, height: 844 };
    const ctx = await browser.newContext({ viewport: vp, isMobile: true, hasTouch: true });
    const phone = await openApp(browser, server.url, { context: ctx, hash: `#p=${XWING}` });
    await phone.locator('#btn-solve').tap();
    await phone.waitForSelector('#log-list [role="option"]');
    const top = await phone.locator('#board').boundingBox();
    assert.ok(top.y >= 0, `the board's top is in sight (${top.y})`);
    const rows = await phone.$$eval('#log-list [role="option"]', (ls) => ls.slice(0, 3).map((l) => ({ cls: l.className, text: l.querySelector('.text').textContent, tech: l.querySelector('.tech')?.textContent })));
    assert.equal(rows[0].tech, 'Hidden single');
    assert.doesNotMatch(rows[0].text, /^Hidden single|\(1\.2\)$/, 'the row’s text does not repeat its technique and rating');
    assert.match(rows[1].cls, /same-technique/, 'a run of one technique names it once');
    await ctx.close();
  });
});

// Set mode (issue #40 item 5): a setter draws a puzzle's rules with a mouse or a finger on an
// empty grid, with the server's verdict after each change, sees two solutions while it is not
// unique, plays it and shares it; generates a killer from the page; and the leftovers of items 1-4
// (a stale Check message, the dark peer highlight, the keypad at 360×640).
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { suite, startServer, launch, openApp, cell, boardLine, statusText, screenshot, inView, typePuzzle } from './helpers.mjs';

// A 4×4 killer of the grid 1234/3412/2143/4321 (found by brute force over the 288 grids): 72, 22,
// 6 and 3 solutions after the first four cages, one after the fifth.
const SOLUTION_4 = '1234341221434321';
const CAGES_4 = [
  { cells: ['r3c3', 'r3c4', 'r4c4'], sum: 8 },
  { cells: ['r2c1', 'r2c2', 'r3c2'], sum: 8 },
  { cells: ['r3c1', 'r4c1'], sum: 6 },
  { cells: ['r1c4', 'r2c4'], sum: 6 },
  { cells: ['r1c1', 'r1c2'], sum: 3 },
];

/** The centre of a cell (or of a place outside the grid: row or column 0 or n+1) on the screen. */
async function placeOf(page, name) {
  const n = await page.evaluate(() => window.nonet.game.n);
  const box = await page.locator('#board').boundingBox();
  const unit = box.width / n;
  const [, r, c] = /^r(\d+)c(\d+)$/.exec(name).map(Number);
  return [box.x + (c - 0.5) * unit, box.y + (r - 0.5) * unit];
}

/** A mouse drag through the centres of the cells. */
async function drag(page, cells) {
  const points = [];
  for (const name of cells) points.push(await placeOf(page, name));
  await page.mouse.move(...points[0]);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...p, { steps: 5 });
  await page.mouse.up();
}

/** A finger drag (touch events, which Chromium turns into pointer events of type touch). */
async function touchDrag(page, cdp, cells) {
  const points = [];
  for (const name of cells) points.push(await placeOf(page, name));
  const touch = (type, [x, y]) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', points[0]);
  for (let k = 1; k < points.length; k++) {
    const [x0, y0] = points[k - 1], [x1, y1] = points[k];
    for (let s = 1; s <= 4; s++) await touch('touchMove', [x0 + ((x1 - x0) * s) / 4, y0 + ((y1 - y0) * s) / 4]);
  }
  await touch('touchEnd', points[points.length - 1]);
}

/** Pick a tool with a tap, as many times as it takes: Chromium drops a tap that follows an emulated
 * drag too closely (its tap suppression), which no finger meets. */
async function pickTool(page, tool) {
  for (let tries = 0; tries < 5; tries++) {
    await page.locator(`[data-tool="${tool}"]`).tap();
    if (await page.evaluate((t) => window.nonet.ui.setter.tool === t, tool)) return;
    await page.waitForTimeout(300);
  }
  assert.fail(`the ${tool} tool could not be picked`);
}

async function verdict(page) {
  await page.waitForFunction(() => window.nonet.ui.setter.verdict && window.nonet.ui.setter.verdict.status !== 'asking');
  return page.evaluate(() => window.nonet.ui.setter.verdict);
}

async function rules(page) {
  return page.evaluate(() => window.nonet.game.constraints);
}

async function emptySetGrid(page, n) {
  await page.click('#btn-set');
  await page.waitForSelector('#set-controls:not([hidden])');
  if (await page.evaluate(() => window.nonet.game.n) !== n) {
    page.once('dialog', (d) => d.accept());
    await page.selectOption('#set-size', String(n));
    await page.waitForFunction((k) => window.nonet.game.n === k && window.nonet.game.mode === 'set', n);
  }
  await page.click('#btn-set-clear');
  await page.waitForFunction(() => !window.nonet.game.constraints.length && !window.nonet.game.givens());
}

/** A 390×844 touch phone in Set mode on an empty n×n grid, scrolled to the top. */
async function phoneSetGrid(browser, url, n, colorScheme) {
  const vp = { width: 390, height: 844 };
  const ctx = await browser.newContext({ viewport: vp, isMobile: true, hasTouch: true, deviceScaleFactor: 2, colorScheme });
  const page = await openApp(browser, url, { context: ctx });
  const cdp = await ctx.newCDPSession(page);
  await page.locator('#btn-set').tap();
  await page.waitForSelector('#set-controls:not([hidden])');
  page.once('dialog', (d) => d.accept());
  await page.selectOption('#set-size', String(n));
  await page.waitForFunction((k) => window.nonet.game.n === k && window.nonet.game.mode === 'set', n);
  await page.evaluate(() => window.scrollTo(0, 0));
  return { vp, ctx, page, cdp };
}

suite('setter mode (issue #40 item 5)', () => {
  let server, browser;
  before(async () => { server = await startServer(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.stop(); });

  it('draws a 4×4 killer from an empty grid until it is unique, seeing two solutions before, then plays and shares it', async () => {
    const page = await openApp(browser, server.url);
    await emptySetGrid(page, 4);
    assert.equal(await page.textContent('#mode-badge'), 'Set');
    assert.match((await verdict(page)).text, /2\+ solutions/, 'the empty grid has many');
    await page.click('[data-tool="cage"]');
    for (const [k, cage] of CAGES_4.entries()) {
      await drag(page, cage.cells);
      // The new cage is selected and its sum field has the focus: type the sum.
      assert.equal(await page.evaluate(() => document.activeElement.id), 'set-value');
      await page.keyboard.type(String(cage.sum));
      await page.keyboard.press('Enter');
      const drawn = await rules(page);
      assert.deepEqual(drawn[k], { kind: 'killer-cage', cells: cage.cells, value: cage.sum });
      const v = await verdict(page);
      if (k < CAGES_4.length - 1) {
        assert.equal(v.status, 'multiple', `after cage ${k + 1}`);
        assert.equal(await page.textContent('#set-verdict'), '2+ solutions: not unique yet.');
        assert.equal(await page.locator('#btn-set-play').isDisabled(), true, 'Play waits for a unique puzzle');
      }
      if (k === CAGES_4.length - 2) {
        // Where it is ambiguous: two solutions in turn, the cells where they differ marked.
        await page.click('#btn-second');
        const first = await boardLine(page);
        const differs = await page.$$eval('#board .differs', (cs) => cs.map((c) => c.dataset.cell));
        assert.ok(differs.length >= 2, `some cells differ (${differs})`);
        assert.match(await page.textContent('#puzzle-info'), /solution 1 of 2: \d+ cells differ/);
        await screenshot(page, 'setter-two-solutions-1280x900-light.png', { fullPage: false });
        await page.click('#btn-second');
        const second = await boardLine(page);
        assert.match(first, /^[1-4]{16}$/);
        assert.match(second, /^[1-4]{16}$/);
        assert.notEqual(first, second);
        const named = await page.$$eval('#board .differs', (cs) => cs.map((c) => c.dataset.cell));
        assert.deepEqual(named, differs, 'the same cells marked on both');
        for (const name of differs) {
          const i = (Number(name[1]) - 1) * 4 + Number(name[3]) - 1;
          assert.notEqual(first[i], second[i], `${name} differs`);
        }
        await page.click('#btn-second');
        assert.equal(await page.locator('#board .differs').count(), 0, 'a third tap hides them');
      }
    }
    const done = await verdict(page);
    assert.equal(done.status, 'unique');
    assert.equal(await page.textContent('#set-verdict'), 'Unique: exactly one solution.');
    assert.equal(done.solutions[0], SOLUTION_4);
    await screenshot(page, 'setter-1280x900-light.png', { fullPage: false });

    // One tap to play, with the timer.
    await page.click('#btn-set-play');
    await page.waitForFunction(() => window.nonet.game.mode === 'play');
    assert.equal(await page.textContent('#mode-badge'), 'Play');
    assert.equal(await page.locator('#timer').isVisible(), true);
    assert.equal((await rules(page)).length, CAGES_4.length, 'the cages are played');
    await cell(page, 'r1c1').click();
    for (const [i, d] of [...SOLUTION_4].entries()) {
      await cell(page, `r${Math.floor(i / 4) + 1}c${(i % 4) + 1}`).click();
      await page.keyboard.press(d);
    }
    await page.waitForFunction(() => window.nonet.game.meta.solved === true);
    assert.match(await statusText(page), /Solved/);

    // Shared as nonet's link (which opens it again with its cages) and as an f-puzzles link.
    await page.click('#btn-share');
    await page.waitForFunction(() => document.querySelector('#share-fpuzzles').value.startsWith('https://'));
    const link = await page.inputValue('#share-url');
    assert.match(link, /j=/, 'the rules travel in the link');
    const fpuzzles = await page.inputValue('#share-fpuzzles');
    assert.match(fpuzzles, /^https:\/\/www\.f-puzzles\.com\/\?load=/);
    const again = await openApp(browser, link);
    await again.waitForFunction(() => window.nonet.game.constraints.length === 5);
    assert.equal(await again.evaluate(() => window.nonet.game.mode), 'play');
    const opened = await openApp(browser, `${server.url}?fpuzzles=${encodeURIComponent(fpuzzles.split('load=')[1])}`);
    await opened.waitForFunction(() => window.nonet.game.constraints.length === 5);
    assert.deepEqual(page.errors, []);
    await Promise.all([page.close(), again.close(), opened.close()]);
  });

  it('with a finger on a 390×844 phone: thermometer, arrow, line, dots, XV, outside clues, toggles, select, delete, undo', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const { vp, ctx, page, cdp } = await phoneSetGrid(browser, server.url, 6, colorScheme);
      // Board, verdict, tools and (for givens) the keypad, all in sight.
      for (const sel of ['#board', '#set-verdict', '#btn-set-play', '#set-tools', '#keypad']) {
        assert.ok(inView(await page.locator(sel).boundingBox(), vp), `${sel} in sight`);
      }

      await pickTool(page, 'thermo');
      await touchDrag(page, cdp, ['r1c1', 'r2c2', 'r3c3', 'r3c4']);
      await pickTool(page, 'arrow');
      await touchDrag(page, cdp, ['r6c1', 'r5c1', 'r4c1']);
      await pickTool(page, 'line');
      await page.selectOption('#set-line', 'renban');
      // Back over a cell takes the last step back.
      await touchDrag(page, cdp, ['r1c4', 'r1c5', 'r1c6', 'r1c5', 'r2c6']);
      await pickTool(page, 'dot');
      const [x1, y1] = await placeOf(page, 'r5c3'), [x2] = await placeOf(page, 'r5c4');
      await page.touchscreen.tap((x1 + x2) / 2, y1);
      await page.selectOption('#set-dot', 'x');
      const [, y6] = await placeOf(page, 'r6c5');
      const [x5, y5] = await placeOf(page, 'r5c5');
      await page.touchscreen.tap(x5, (y5 + y6) / 2);
      await pickTool(page, 'outside');
      await page.touchscreen.tap(...await placeOf(page, 'r0c2'));
      await page.keyboard.type('9');
      await page.selectOption('#set-outside', 'sandwich');
      await page.touchscreen.tap(...await placeOf(page, 'r4c7'));
      await page.keyboard.type('5');
      await page.locator('#set-global label', { hasText: 'anti-king' }).tap();
      await page.waitForFunction(() => window.nonet.game.constraints.some((c) => c.kind === 'anti-king'));
      // The toggles sit below the keypad: back up to the board.
      await page.evaluate(() => window.scrollTo(0, 0));
      const drawn = await rules(page);
      assert.deepEqual(drawn.slice(0, 3), [
        { kind: 'thermometer', cells: ['r1c1', 'r2c2', 'r3c3', 'r3c4'] },
        { kind: 'arrow', cells: ['r6c1', 'r5c1', 'r4c1'], split: 1 },
        { kind: 'renban', cells: ['r1c4', 'r1c5', 'r2c6'] },
      ]);
      assert.deepEqual(drawn[3], { kind: 'difference', cells: ['r5c3', 'r5c4'] });
      assert.deepEqual(drawn[4], { kind: 'xv', value: 10, cells: ['r5c5', 'r6c5'] });
      assert.deepEqual(drawn[5], { kind: 'little-killer', cells: ['r1c3', 'r2c4', 'r3c5', 'r4c6'], outside: 'r0c2', value: 9 });
      assert.deepEqual(drawn[6], { kind: 'sandwich', cells: ['r4c1', 'r4c2', 'r4c3', 'r4c4', 'r4c5', 'r4c6'], outside: 'r4c7', value: 5 });
      assert.deepEqual(drawn[7], { kind: 'anti-king' });
      assert.equal(await page.locator('#board-wrap svg [data-rule]').count() >= 7, true, 'each rule drawn');
      assert.match((await verdict(page)).status, /^(unique|multiple|no-solution)$/, 'the server judged the rules');
      if (colorScheme === 'dark') await screenshot(page, 'setter-390x844-dark.png', { fullPage: false });
      else await screenshot(page, 'setter-390x844-light.png', { fullPage: false });

      // Select the thermometer with a tap and delete it; undo brings it back, redo takes it again.
      await pickTool(page, 'select');
      await page.touchscreen.tap(...await placeOf(page, 'r2c2'));
      assert.match(await page.textContent('#set-selected'), /thermometer at r1c1 … r3c4/);
      assert.equal(await page.locator('#board-wrap svg .rule-used').count(), 1, 'the selected rule is highlighted');
      await page.locator('#btn-rule-delete').tap();
      assert.equal((await rules(page)).some((r) => r.kind === 'thermometer'), false);
      await page.locator('#btn-undo').tap();
      assert.deepEqual((await rules(page)).find((r) => r.kind === 'thermometer').cells, ['r1c1', 'r2c2', 'r3c3', 'r3c4']);
      await page.locator('#btn-redo').tap();
      assert.equal((await rules(page)).some((r) => r.kind === 'thermometer'), false);
      // The cage tool also draws an extra region (no digit twice), dragged the same way.
      await pickTool(page, 'cage');
      await page.selectOption('#set-cage', 'extra-region');
      await touchDrag(page, cdp, ['r6c2', 'r6c3', 'r6c4']);
      await page.waitForFunction(() => window.nonet.game.constraints.some((c) => c.kind === 'extra-region'));
      assert.deepEqual((await rules(page)).find((r) => r.kind === 'extra-region'), { kind: 'extra-region', cells: ['r6c2', 'r6c3', 'r6c4'] });
      assert.ok(await page.locator('#board-wrap svg .rule-extra-region').count() > 0, 'the extra region is drawn');
      // A given typed with the keypad, as in Enter mode.
      await pickTool(page, 'given');
      await cell(page, 'r6c6').tap();
      await page.locator('#keypad [data-digit="3"]').tap();
      assert.equal(await page.evaluate(() => window.nonet.game.puzzle[35]), 3);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scroll');
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  });

  it('says which rule is invalid, and never shows a stale verdict', async () => {
    const page = await openApp(browser, server.url);
    await emptySetGrid(page, 6);
    await page.click('[data-tool="outside"]');
    // A little killer without its sum yet: the server names the rule.
    await page.mouse.click(...await placeOf(page, 'r0c1'));
    const v = await verdict(page);
    assert.equal(v.status, 'invalid');
    assert.match(await page.textContent('#set-verdict'), /^Invalid: .*little-killer at r1c2, r2c3, r3c4, r4c5, r5c6: no sum/);
    // A burst of changes (a sum typed digit by digit, each a request): the last one's verdict stays.
    await page.keyboard.type('10');
    await page.waitForTimeout(100);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2');
    const last = await verdict(page);
    assert.equal((await rules(page))[0].value, 12);
    assert.notEqual(last.status, 'invalid', 'the verdict is the newest position\'s');
    await page.waitForTimeout(600);
    assert.equal((await verdict(page)).status, last.status, 'no older answer arrives after it');
    // A cage its cells cannot add up to.
    await page.click('[data-tool="cage"]');
    await drag(page, ['r6c1', 'r6c2']);
    await page.keyboard.type('13');
    await page.waitForFunction(() => /killer-cage 13 at r6c1, r6c2: 2 different digits add up to 3..11/.test(document.querySelector('#set-verdict').textContent));
    assert.deepEqual(page.errors, []);
    // A reload keeps Set mode, the rules and their undo steps.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.textContent('#mode-badge'), 'Set');
    assert.equal((await rules(page)).length, 2);
    await page.click('#btn-undo');
    assert.equal((await rules(page))[1].value, undefined, 'one undo takes the whole sum (13) off the cage');
    await page.close();
  });

  it('generates a killer (and a thermo) from the page, opened to play or edit', async () => {
    const page = await openApp(browser, server.url, { colorScheme: 'dark' });
    await emptySetGrid(page, 6);
    await page.selectOption('#set-generate', 'killer');
    await page.click('#btn-set-generate');
    await page.waitForFunction(() => window.nonet.game.constraints.length > 0 && window.nonet.ui.setter.verdict && window.nonet.ui.setter.verdict.status === 'unique', null, { timeout: 30000 });
    const made = await rules(page);
    assert.ok(made.every((r) => r.kind === 'killer-cage'));
    const covered = new Set(made.flatMap((r) => r.cells));
    assert.equal(covered.size + await page.evaluate(() => window.nonet.game.givens()), 36, 'cages and givens cover the grid');
    assert.match(await statusText(page), /A new 6×6 killer puzzle \(seed \d+\)/);
    await screenshot(page, 'setter-1280x900-dark.png', { fullPage: false });
    // Edit it: the cages cover the grid, so a sum one off has no solution; undo, and it plays.
    await page.click('[data-tool="select"]');
    await page.mouse.click(...await placeOf(page, made[0].cells[0]));
    const k = made[0].cells.length;
    const off = made[0].value - 1 >= (k * (k + 1)) / 2 ? made[0].value - 1 : made[0].value + 1;
    await page.fill('#set-value', String(off));
    assert.equal((await verdict(page)).status, 'no-solution');
    await page.click('#btn-undo');
    assert.equal((await verdict(page)).status, 'unique');
    await page.click('#btn-set-play');
    await page.waitForFunction(() => window.nonet.game.mode === 'play');
    await page.click('#btn-edit');
    await page.waitForFunction(() => window.nonet.game.mode === 'set');
    assert.equal((await rules(page)).length, made.length, 'Edit goes back to Set mode with the rules');

    await page.selectOption('#set-generate', 'thermo');
    await page.click('#btn-set-generate');
    await page.waitForFunction(() => window.nonet.game.constraints.some((r) => r.kind === 'thermometer') && window.nonet.ui.setter.verdict.status === 'unique', null, { timeout: 30000 });
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('paints jigsaw regions with a finger: invalid while a region has the wrong size, undone, shared and exported with its regions', async () => {
    const { ctx, page, cdp } = await phoneSetGrid(browser, server.url, 4, 'light');
    await pickTool(page, 'regions');
    // The picker offers the four regions (the boxes to start from), each with its cell count.
    assert.deepEqual(await page.$$eval('#set-region-picker [data-region]', (bs) => bs.map((b) => b.getAttribute('aria-label'))),
      ['Region 1: 4 cells', 'Region 2: 4 cells', 'Region 3: 4 cells', 'Region 4: 4 cells']);
    await page.locator('#set-region-picker [data-region="4"]').tap();
    await touchDrag(page, cdp, ['r3c2']);
    await page.waitForFunction(() => window.nonet.game.variant === 'jigsaw');
    assert.equal(await page.evaluate(() => window.nonet.game.regions), '1122112234443344');
    // Region 3 has three cells now: the server says so, and the picker marks both wrong counts.
    assert.equal((await verdict(page)).status, 'invalid');
    assert.equal(await page.textContent('#set-verdict'), 'Invalid: region 3 has 3 cells, expected 4');
    assert.equal(await page.locator('#set-region-picker .wrong-size').count(), 2);
    assert.equal(await page.locator('#btn-set-play').isDisabled(), true);
    await page.locator('#set-region-picker [data-region="3"]').tap();
    await touchDrag(page, cdp, ['r4c2', 'r4c3']);
    await page.waitForFunction(() => window.nonet.game.regions === '1122112234443334');
    assert.equal((await verdict(page)).status, 'multiple', 'four regions of four cells: a jigsaw, not unique yet');
    assert.equal(await page.locator('#set-region-picker .wrong-size').count(), 0);
    // The board draws the new borders: r3c2 now borders r3c1 (another region) and not r3c3.
    assert.match(await cell(page, 'r3c1').getAttribute('class'), /edge-r/);
    assert.doesNotMatch(await cell(page, 'r3c2').getAttribute('class'), /edge-r/);
    await screenshot(page, 'setter-regions-390x844-light.png', { fullPage: false });
    // Undo takes back one stroke, redo brings it again (after the pause Chromium's tap suppression
    // wants after an emulated drag).
    await page.waitForTimeout(500);
    await page.locator('#btn-undo').tap();
    assert.equal(await page.evaluate(() => window.nonet.game.regions), '1122112234443344');
    await page.locator('#btn-redo').tap();
    assert.equal(await page.evaluate(() => window.nonet.game.regions), '1122112234443334');
    // Givens make it unique (nonet generate --variant jigsaw --regions 1122112234443334 --seed 3).
    await pickTool(page, 'given');
    for (const [name, d] of [['r1c4', 3], ['r2c2', 3], ['r3c1', 2], ['r4c3', 1]]) {
      await cell(page, name).tap();
      await page.locator(`#keypad [data-digit="${d}"]`).tap();
    }
    assert.equal((await verdict(page)).status, 'unique');
    // A reload keeps the regions and their undo steps.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => window.nonet.game.regions), '1122112234443334');
    assert.equal((await verdict(page)).status, 'unique');
    // Shared: nonet's link and the f-puzzles one (its grid's regions) both open the same jigsaw.
    await page.locator('#btn-share').tap();
    await page.waitForFunction(() => document.querySelector('#share-fpuzzles').value.startsWith('https://'));
    const link = await page.inputValue('#share-url');
    const fpuzzles = await page.inputValue('#share-fpuzzles');
    const again = await openApp(browser, link);
    await again.waitForFunction(() => window.nonet.game.regions === '1122112234443334');
    const opened = await openApp(browser, `${server.url}?fpuzzles=${encodeURIComponent(fpuzzles.split('load=')[1])}`);
    await opened.waitForFunction(() => window.nonet.game.variant === 'jigsaw' && window.nonet.game.mode === 'play');
    assert.equal(await opened.evaluate(() => window.nonet.game.regions), '1122112234443334');
    // Boxes again: a classic grid, one undo step.
    await page.locator('#share-dialog button[value="close"]').tap();
    await page.evaluate(() => window.scrollTo(0, 0));
    await pickTool(page, 'regions');
    await page.locator('#btn-regions-boxes').tap();
    await page.waitForFunction(() => window.nonet.game.variant === 'classic');
    // The wrong-sized regions were answered 400 (a malformed position), which Chromium logs.
    assert.deepEqual(page.errors.filter((e) => !/status of 400/.test(e)), []);
    await Promise.all([again.close(), opened.close(), ctx.close()]);
  });

  it('plays a jigsaw painted on the page: a hint names a painted region as the server numbers it and marks its cells', async () => {
    const page = await openApp(browser, server.url);
    await emptySetGrid(page, 6);
    await page.click('[data-tool="regions"]');
    // From the 6×6 boxes to jigsaw.js's Stairs: four cells change region.
    for (const [region, name] of [['4', 'r2c6'], ['2', 'r3c5'], ['5', 'r4c2'], ['3', 'r5c3']]) {
      await page.click(`#set-region-picker [data-region="${region}"]`);
      await drag(page, [name]);
    }
    await page.waitForFunction(() => window.nonet.game.regions === '111222111224333424353444553666555666');
    // nonet generate --variant jigsaw --regions 111222111224333424353444553666555666 --seed 4 --difficulty easy
    await page.click('[data-tool="given"]');
    await typePuzzle(page, '....12..2...6....3...1..1.5....4....');
    assert.equal((await verdict(page)).status, 'unique');
    await page.click('#btn-set-play');
    await page.waitForFunction(() => window.nonet.game.mode === 'play');
    await page.click('#btn-hint');
    await page.waitForFunction(() => /region 1/.test(document.querySelector('#hint-text').textContent));
    const marked = await page.$$eval('#board .hint-house', (cs) => cs.map((c) => c.dataset.cell));
    assert.deepEqual(marked, ['r1c1', 'r1c2', 'r1c3', 'r2c1', 'r2c2', 'r2c3']);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('draws a pill arrow (the pill dragged first, either way), and a tap draws no meaningless rule', async () => {
    const page = await openApp(browser, server.url);
    await emptySetGrid(page, 6);
    await page.click('[data-tool="arrow"]');
    await page.selectOption('#set-arrow', '2');
    // Right to left over the pill, then down the shaft: the pill is read in reading order.
    await drag(page, ['r1c2', 'r1c1', 'r2c1', 'r3c1']);
    assert.deepEqual((await rules(page))[0], { kind: 'arrow', cells: ['r1c1', 'r1c2', 'r2c1', 'r3c1'], split: 2 });
    assert.equal(await page.locator('#board-wrap svg .arrow-pill').count(), 1, 'drawn as a pill');
    // A pill is straight: a diagonal step is no pill cell.
    await page.selectOption('#set-arrow', '3');
    await drag(page, ['r6c6', 'r6c5', 'r5c4', 'r6c4', 'r5c3']);
    assert.deepEqual((await rules(page))[1], { kind: 'arrow', cells: ['r6c4', 'r6c5', 'r6c6', 'r5c3'], split: 3 });
    // Its f-puzzles link keeps the pill.
    const res = await page.evaluate(async () => {
      const r = await fetch('/api/v1/links', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(window.nonet.game.position({ withPlay: false })) });
      return r.json();
    });
    const opened = await openApp(browser, `${server.url}?fpuzzles=${encodeURIComponent(res.fpuzzles.split('load=')[1])}`);
    await opened.waitForFunction(() => window.nonet.game.constraints.length === 2);
    assert.deepEqual((await rules(opened)).map((r) => r.split), [2, 3]);
    await opened.close();

    // Taps where there is no rule: nothing for a thermometer, an arrow, a line or an extra region.
    const before = (await rules(page)).length;
    for (const tool of ['thermo', 'arrow', 'line']) {
      await page.click(`[data-tool="${tool}"]`);
      await page.mouse.click(...await placeOf(page, 'r4c4'));
      assert.equal((await rules(page)).length, before, `a ${tool} tap draws nothing`);
    }
    assert.match(await statusText(page), /Drag along two or more cells/);
    await page.click('[data-tool="cage"]');
    await page.selectOption('#set-cage', 'extra-region');
    await page.mouse.click(...await placeOf(page, 'r4c4'));
    assert.equal((await rules(page)).length, before, 'a one-cell extra region is none');
    // A killer cage of one cell is a rule (its sum is the digit): a tap where no rule is draws it;
    // a tap on a rule selects it instead.
    await page.selectOption('#set-cage', 'killer-cage');
    await page.mouse.click(...await placeOf(page, 'r4c4'));
    assert.deepEqual((await rules(page))[before], { kind: 'killer-cage', cells: ['r4c4'] });
    await page.keyboard.type('5');
    await page.mouse.click(...await placeOf(page, 'r4c4'));
    await page.mouse.click(...await placeOf(page, 'r2c1'));
    assert.equal((await rules(page)).length, before + 1, 'taps on rules draw no cage');
    assert.match(await page.textContent('#set-selected'), /arrow at r1c1 … r3c1/);
    await page.click('[data-tool="thermo"]');
    await page.mouse.click(...await placeOf(page, 'r4c4'));
    assert.match(await page.textContent('#set-selected'), /killer-cage 5 at r4c4/);
    // The diagonals are a shape: one undo step, the rules kept.
    await page.locator('#set-global label', { hasText: 'diagonals' }).click();
    await page.waitForFunction(() => window.nonet.game.variant === 'diagonal');
    assert.equal(await page.locator('#board .diag').count(), 12, 'both diagonals drawn (6×6: twelve cells)');
    await page.click('#btn-undo');
    await page.waitForFunction(() => window.nonet.game.variant === 'classic');
    assert.equal((await rules(page)).length, before + 1);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('on a phone on its side (844×390): the board beside the tools, whose labels fit, with no sideways scroll', async () => {
    const vp = { width: 844, height: 390 };
    const ctx = await browser.newContext({ viewport: vp, isMobile: true, hasTouch: true, colorScheme: 'dark' });
    const page = await openApp(browser, server.url, { context: ctx });
    await page.locator('#btn-set').tap();
    await page.waitForSelector('#set-controls:not([hidden])');
    await pickTool(page, 'arrow');
    for (const sel of ['#board', '#set-verdict', '#set-tools', '#set-arrow']) {
      assert.ok(inView(await page.locator(sel).boundingBox(), vp), `${sel} in sight`);
    }
    // Each tool's name is whole (the status line under the board no longer widens its column).
    const cut = await page.$$eval('#set-tools button, .set-actions button', (bs) => bs.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent));
    assert.deepEqual(cut, []);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 844), 'no sideways scroll');
    await screenshot(page, 'setter-844x390-dark.png', { fullPage: false });
    await ctx.close();
  });

  it('leftovers: Check then Undo leaves no stale message; a visible dark peer highlight; the keypad at 360×640', async () => {
    const WIKI = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    const page = await openApp(browser, server.url, { hash: `#p=${WIKI}` });
    await cell(page, 'r1c3').click();
    await page.keyboard.press('1');
    await page.click('#btn-check');
    await page.waitForFunction(() => /wrong digit/.test(document.querySelector('#status').textContent));
    assert.equal(await page.locator('#board .mistake').count(), 1);
    await page.click('#btn-undo');
    assert.equal(await statusText(page), '', 'the check message goes with the position it judged');
    assert.equal(await page.locator('#board .mistake').count(), 0);
    await page.close();

    // Dark: a peer cell stands apart from a plain one (a difference of luminance a person sees).
    const dark = await openApp(browser, server.url, { colorScheme: 'dark', hash: `#p=${WIKI}` });
    await cell(dark, 'r5c5').click();
    const lum = async (name) => cell(dark, name).evaluate((e) => {
      const [r, g, b] = getComputedStyle(e).backgroundColor.match(/\d+/g).map(Number).map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });
    const peer = await lum('r5c1'), plain = await lum('r1c1');
    const contrast = (Math.max(peer, plain) + 0.05) / (Math.min(peer, plain) + 0.05);
    assert.ok(contrast >= 1.3, `dark peer highlight contrast ${contrast.toFixed(2)}`);
    await dark.close();

    // The smallest common phone: the keypad's last row is on the screen.
    const vp = { width: 360, height: 640 };
    const ctx = await browser.newContext({ viewport: vp, isMobile: true, hasTouch: true });
    const phone = await openApp(browser, server.url, { context: ctx, hash: `#p=${WIKI}` });
    for (const sel of ['#board', '#keypad', '#keypad [data-digit="9"]', '#keypad [data-erase]']) {
      assert.ok(inView(await phone.locator(sel).boundingBox(), vp), `${sel} in sight at 360×640`);
    }
    await ctx.close();
  });
});

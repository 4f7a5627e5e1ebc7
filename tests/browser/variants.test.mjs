// New puzzles and other boards: an expert rot180 puzzle (symmetric, unique by /count, rated only
// when asked), a jigsaw drawn from its region map, a 5×5 Latin square, a 16×16 board with letters,
// diagonal and windoku.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { suite, startServer, launch, openApp, cell, boardLine, api, screenshot } from './helpers.mjs';

async function generate(page, { variant = 'classic', size = '9', level = '', symmetry = 'none', seed = '', layout = '', showRating = false }) {
  await page.click('#btn-new');
  await page.selectOption('#new-variant', variant);
  await page.selectOption('#new-size', size);
  if (layout) await page.selectOption('#new-layout', { label: layout });
  await page.selectOption('#new-level', level);
  await page.selectOption('#new-symmetry', symmetry);
  await page.fill('#new-seed', seed);
  await page.setChecked('#opt-show-rating', showRating);
  await page.click('#btn-generate');
  await page.waitForFunction(() => !document.querySelector('#new-dialog').open, null, { timeout: 30000 });
  assert.equal(await page.textContent('#mode-badge'), 'Play');
}

suite('new puzzles and variants', () => {
  let server, browser;
  before(async () => { server = await startServer(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.stop(); });

  it('generates an expert rot180 puzzle: symmetric, unique, rated only when asked', async () => {
    const page = await openApp(browser, server.url);
    await generate(page, { level: 'expert', symmetry: 'rot180', seed: '42' });
    const line = await boardLine(page);
    assert.equal(line.length, 81);
    const givens = [...line].filter((c) => c !== '.').length;
    assert.ok(givens >= 17 && givens < 81, `${givens} givens`);
    for (let i = 0; i < 81; i++) assert.equal(line[i] === '.', line[80 - i] === '.', `r${Math.floor(i / 9) + 1}c${(i % 9) + 1} mirrors its 180° partner`);
    const count = await api(server.url, 'count', { puzzle: line, limit: 2 });
    assert.equal(count.body.count, 1, 'exactly one solution');
    const info = await page.textContent('#puzzle-info');
    assert.match(info, /expert · seed 42/);
    assert.doesNotMatch(info, /SE \d/, 'no rating unless asked');
    // The rating, when asked, is the expert band's (4.0-5.9).
    await page.click('#btn-new');
    await page.check('#opt-show-rating');
    await page.click('#new-form button[value="cancel"]');
    const rated = await page.textContent('#puzzle-info');
    const se = Number(/SE (\d+\.\d)/.exec(rated)[1]);
    assert.ok(se >= 4.0 && se <= 5.9, `SE ${se} is expert`);
    // Same seed, same puzzle.
    await generate(page, { level: 'expert', symmetry: 'rot180', seed: '42' });
    assert.equal(await boardLine(page), line);
    await page.close();
  });

  it('draws a jigsaw from its regions and plays it', async () => {
    const page = await openApp(browser, server.url);
    await generate(page, { variant: 'jigsaw', layout: 'Drift', level: 'easy', seed: '3' });
    assert.equal(await page.getAttribute('#board', 'data-variant'), 'jigsaw');
    const regions = await page.evaluate(() => window.nonet.game.regions);
    assert.equal(regions.length, 81);
    // Thick borders exactly between cells of different regions.
    const edges = await page.$$eval('#board [role="gridcell"]', (cells) => cells.map((c) => [c.classList.contains('edge-r'), c.classList.contains('edge-b')]));
    for (let i = 0; i < 81; i++) {
      if (i % 9 < 8) assert.equal(edges[i][0], regions[i] !== regions[i + 1], `right edge of cell ${i}`);
      if (i < 72) assert.equal(edges[i][1], regions[i] !== regions[i + 9], `bottom edge of cell ${i}`);
    }
    // Drift is not boxes: r1c2 and r1c3 lie in different regions, with a thick border between.
    assert.notEqual(regions[1], regions[2]);
    assert.equal(await cell(page, 'r1c2').evaluate((e) => getComputedStyle(e).borderRightWidth), '3px');
    assert.equal(await cell(page, 'r1c3').evaluate((e) => getComputedStyle(e).borderRightWidth), '1px');
    const line = await boardLine(page);
    const count = await api(server.url, 'count', { variant: 'jigsaw', regions, puzzle: line });
    assert.equal(count.body.count, 1);
    // A hint names a house of the jigsaw's own.
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-panel[data-level="1"]');
    assert.ok((await page.locator('#board .hint-house').count()) >= 9);
    await page.close();
  });

  it('generates a 5×5 Latin square: rows and columns only, no borders inside', async () => {
    const page = await openApp(browser, server.url);
    await generate(page, { variant: 'latin', size: '5', level: 'simple', seed: '3' });
    assert.equal(await page.getAttribute('#board', 'data-variant'), 'latin');
    assert.equal(await page.locator('#board [role="gridcell"]').count(), 25);
    const edges = await page.$$eval('#board [role="gridcell"]', (cells) => cells.map((c) => c.classList.contains('edge-r') || c.classList.contains('edge-b')));
    for (let i = 0; i < 25; i++) {
      if (i % 5 < 4 && i < 20) assert.equal(edges[i], false, `no thick border at cell ${i}`);
    }
    const line = await boardLine(page);
    assert.equal(line.length, 25);
    const count = await api(server.url, 'count', { variant: 'latin', puzzle: line, limit: 2 });
    assert.equal(count.body.count, 1);
    await screenshot(page, 'latin-5x5-1280x900-light.png');
    await page.close();
  });

  it('enters and plays on a 16×16 board with letters', async () => {
    const page = await openApp(browser, server.url);
    await page.selectOption('#enter-size', '16');
    await page.waitForFunction(() => document.querySelectorAll('#board [role="gridcell"]').length === 256);
    assert.equal(await page.locator('#board [role="row"]').count(), 16);
    const keys = await page.$$eval('#keypad [data-digit] .digit', (bs) => bs.map((b) => b.textContent).join(''));
    assert.equal(keys, '123456789ABCDEFG');
    await cell(page, 'r1c1').click();
    // Entering givens moves on after each.
    await page.keyboard.press('g');
    await page.keyboard.press('A');
    await page.click('#keypad [data-digit="12"]');
    assert.equal(await cell(page, 'r1c1').getAttribute('aria-label'), 'r1c1, given G');
    assert.equal((await boardLine(page)).slice(0, 4), 'GAC.');
    // Boxes are 4×4: a thick border after every fourth column.
    assert.equal(await cell(page, 'r1c4').evaluate((e) => getComputedStyle(e).borderRightWidth), '3px');
    assert.equal(await cell(page, 'r1c3').evaluate((e) => getComputedStyle(e).borderRightWidth), '1px');
    // Cells stay readable: at least 24 px on a desktop screen.
    const box = await cell(page, 'r1c1').boundingBox();
    assert.ok(box.width >= 24, `cell ${box.width}px`);

    // A generated 16×16 puzzle, played with a letter.
    await generate(page, { size: '16', seed: '1' });
    const line = await boardLine(page);
    assert.equal(line.length, 256);
    assert.match(line, /[A-G]/);
    const empty = line.indexOf('.');
    const name = `r${Math.floor(empty / 16) + 1}c${(empty % 16) + 1}`;
    await cell(page, name).click();
    await page.keyboard.press('Shift+b');
    assert.equal(await cell(page, name).getAttribute('aria-label'), `${name}, empty, candidates B`);
    await page.close();
  });

  it('draws the diagonals and the windoku windows', async () => {
    const page = await openApp(browser, server.url);
    await page.selectOption('#enter-variant', 'diagonal');
    await page.waitForFunction(() => document.querySelector('#board').dataset.variant === 'diagonal');
    assert.equal(await page.locator('svg.overlay line.diag-line').count(), 2);
    assert.match(await cell(page, 'r3c3').getAttribute('class'), /\bdiag\b/);
    assert.match(await cell(page, 'r3c7').getAttribute('class'), /\bdiag\b/);
    assert.doesNotMatch(await cell(page, 'r3c4').getAttribute('class'), /\bdiag\b/);
    await page.selectOption('#enter-variant', 'windoku');
    await page.waitForFunction(() => document.querySelector('#board').dataset.variant === 'windoku');
    assert.equal(await page.locator('svg.overlay line.diag-line').count(), 0);
    assert.equal(await page.locator('#board .cell.window').count(), 36);
    assert.match(await cell(page, 'r2c2').getAttribute('class'), /\bwindow\b/);
    assert.doesNotMatch(await cell(page, 'r1c1').getAttribute('class'), /\bwindow\b/);
    const shaded = await cell(page, 'r2c2').evaluate((e) => getComputedStyle(e).backgroundColor);
    const plain = await cell(page, 'r1c1').evaluate((e) => getComputedStyle(e).backgroundColor);
    assert.notEqual(shaded, plain);
    // A windoku clash inside a window is shown.
    await cell(page, 'r2c2').click();
    await page.keyboard.press('5');
    await cell(page, 'r4c4').click();
    await page.keyboard.press('5');
    assert.match(await cell(page, 'r4c4').getAttribute('class'), /\bconflict\b/);
    // Other boxed sizes have windows too: nine on 16×16, boxes one cell apart (25×25 is not
    // offered: no full grid can be generated for it in reasonable time).
    const sizes = await page.$$eval('#enter-size option', (options) => options.map((o) => o.value));
    assert.ok(sizes.includes('4') && sizes.includes('16') && !sizes.includes('25'), sizes.join(' '));
    await page.selectOption('#enter-size', '16');
    await page.waitForFunction(() => document.querySelectorAll('#board .cell.window').length === 9 * 16);
    assert.match(await cell(page, 'r7c7').getAttribute('class'), /\bwindow\b/);
    assert.doesNotMatch(await cell(page, 'r6c6').getAttribute('class'), /\bwindow\b/);
    await page.close();
  });

  it('shows the houses beyond the boxes: an extra region tinted, pieces beside the boxes outlined, disjoint groups named', async () => {
    const page = await openApp(browser, server.url);
    // f-puzzles' extra region of nine cells is a house: tinted, named, and its clashes shown.
    const extra = { puzzle: '.'.repeat(81), houses: [['r9c2', 'r9c3', 'r9c4', 'r9c5', 'r9c6', 'r9c7', 'r9c8', 'r9c9', 'r8c9']] };
    await page.goto(`${server.url}?puzzle=${encodeURIComponent(JSON.stringify(extra))}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => document.querySelectorAll('#board .cell.extra-house').length === 9);
    assert.match(await cell(page, 'r8c9').getAttribute('class'), /\bextra-house\b/);
    assert.doesNotMatch(await cell(page, 'r8c8').getAttribute('class'), /\bextra-house\b/);
    assert.notEqual(await cell(page, 'r8c9').evaluate((e) => getComputedStyle(e).backgroundColor),
      await cell(page, 'r8c8').evaluate((e) => getComputedStyle(e).backgroundColor));
    assert.match(await page.textContent('#rules-line'), /extra regions \(tinted\).*each tinted region holds every digit once/i);
    await cell(page, 'r1c1').click();
    await page.keyboard.press('4');
    await cell(page, 'r8c9').click();
    await page.keyboard.press('4');
    assert.doesNotMatch(await cell(page, 'r1c1').getAttribute('class'), /\bconflict\b/, 'r1c1 is outside the extra region');
    await cell(page, 'r9c5').click();
    await page.keyboard.press('4');
    assert.match(await cell(page, 'r8c9').getAttribute('class'), /\bconflict\b/);
    // ISS: a 4×4 jigsaw beside its boxes: four more pieces, outlined.
    await page.goto(`${server.url}?puzzle=${encodeURIComponent('.Shape~4x4.Jigsaw~4x4~BAABAACBCDDBCCDD')}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => document.querySelector('svg.overlay path.extra-piece-edges') !== null);
    assert.equal(await page.locator('#board .cell.extra-house').count(), 0);
    assert.match(await page.textContent('#rules-line'), /extra pieces \(outlined\)/i);
    // ISS's disjoint sets: named.
    await page.goto(`${server.url}?puzzle=${encodeURIComponent('.DisjointSets.~R1C1_5')}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => /disjoint groups/i.test(document.querySelector('#rules-line').textContent));
    assert.equal(await page.locator('svg.overlay path.extra-piece-edges').count(), 0);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

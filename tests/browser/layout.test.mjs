// How the page looks and reads: the grid's roles and labels, a phone-sized screen, dark mode,
// printing (the engine's SVG), and screenshots for a person to look at (NONET_SCREENSHOTS).
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { suite, startServer, launch, openApp, cell, screenshot } from './helpers.mjs';

const XWING = '1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7';

/** Luminance (0-1) of a CSS rgb() colour. */
function luminance(rgb) {
  const [r, g, b] = rgb.match(/[\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** A puzzle mid-solve: a few entries and marks, the log open at the X-Wing. */
async function midSolve(page) {
  await cell(page, 'r1c2').click();
  await page.keyboard.press('2');
  await cell(page, 'r1c3').click();
  await page.keyboard.press('Shift+3');
  await page.keyboard.press('Shift+8');
  await cell(page, 'r2c1').click();
  await page.keyboard.press('Control+4');
  await page.keyboard.press('Control+5');
  await page.click('#btn-solve');
  await page.waitForSelector('#log-list [role="option"]');
  await page.locator('#log-list [data-technique="X-Wing"]').first().click();
}

suite('layout, themes, printing and accessibility', () => {
  let server, browser;
  before(async () => { server = await startServer(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.stop(); });

  it('is a labelled grid of rows and cells, with a live region', async () => {
    const page = await openApp(browser, server.url, { hash: `#p=${XWING}` });
    const grid = page.locator('[role="grid"]');
    assert.equal(await grid.count(), 1);
    assert.match(await grid.getAttribute('aria-label'), /9 by 9/);
    assert.equal(await page.locator('[role="grid"] > [role="row"]').count(), 9);
    assert.equal(await page.locator('[role="row"] > [role="gridcell"]').count(), 81);
    assert.equal(await cell(page, 'r1c1').getAttribute('aria-label'), 'r1c1, given 1');
    await page.click('#btn-auto');
    assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, empty, candidates 2 3 8 9');
    await cell(page, 'r1c2').click();
    await page.keyboard.press('2');
    assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, 2');
    await page.waitForFunction(() => document.querySelector('#announce').textContent === 'r1c2: 2');
    assert.equal(await page.getAttribute('#announce', 'aria-live'), 'polite');
    // Exactly one cell is in the tab order (roving focus).
    assert.equal(await page.locator('#board [role="gridcell"][tabindex="0"]').count(), 1);
    await page.close();
  });

  it('fits a phone: no horizontal scroll, 44 px touch targets', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await openApp(browser, server.url, { context: ctx, hash: `#p=${XWING}` });
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth }));
    assert.ok(widths.doc <= 375 && widths.body <= 375, `no horizontal scroll: ${JSON.stringify(widths)}`);
    const board = await page.locator('#board').boundingBox();
    assert.ok(board.x >= 0 && board.x + board.width <= 375, 'the board fits the width');
    assert.ok(board.width >= 330, `the board uses the width (${board.width}px)`);
    // Every visible button and field is at least 44×44 px.
    const small = await page.$$eval('button, select, input:not([type="checkbox"])', (els) => els
      .filter((e) => e.offsetParent !== null)
      .map((e) => { const r = e.getBoundingClientRect(); return { id: e.id || e.textContent.trim(), w: r.width, h: r.height }; })
      .filter((r) => r.w < 44 || r.h < 44));
    assert.deepEqual(small, []);
    // Touch: tap a cell, tap the keypad.
    await cell(page, 'r1c2').tap();
    await page.locator('#keypad [data-digit="2"]').tap();
    assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, 2');
    // With the log open it still fits.
    await midSolve(page);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375));
    await screenshot(page, 'phone.png', { fullPage: false });
    await ctx.close();
  });

  it('has a dark mode, from the system and from the toggle', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const page = await openApp(browser, server.url, { context: dark, hash: `#p=${XWING}` });
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.ok(luminance(bg) < 0.2, `dark background: ${bg}`);
    const given = await cell(page, 'r1c1').locator('.v').evaluate((e) => getComputedStyle(e).color);
    assert.ok(luminance(given) > 0.7, `light digits: ${given}`);
    await midSolve(page);
    await screenshot(page, 'dark.png');
    await dark.close();

    // The toggle: auto → light → dark, kept over a reload.
    const page2 = await openApp(browser, server.url, { hash: `#p=${XWING}` });
    assert.ok(luminance(await page2.evaluate(() => getComputedStyle(document.body).backgroundColor)) > 0.8);
    await page2.click('#btn-theme');
    assert.equal(await page2.getAttribute('html', 'data-theme'), 'light');
    await page2.click('#btn-theme');
    assert.equal(await page2.getAttribute('html', 'data-theme'), 'dark');
    assert.ok(luminance(await page2.evaluate(() => getComputedStyle(document.body).backgroundColor)) < 0.2);
    await page2.reload();
    await page2.waitForSelector('body[data-ready="true"]');
    assert.equal(await page2.getAttribute('html', 'data-theme'), 'dark');
    await page2.click('#btn-theme');
    assert.equal(await page2.getAttribute('html', 'data-theme'), 'auto');
    await page2.close();
  });

  it('prints the engine’s drawing of the position', async () => {
    const page = await openApp(browser, server.url, { hash: `#p=${XWING}` });
    await cell(page, 'r1c2').click();
    await page.keyboard.press('2');
    await page.waitForFunction(() => document.querySelector('#print-sheet svg'), null, { timeout: 5000 });
    assert.ok(await page.locator('#print-sheet').isHidden(), 'not on screen');
    await page.emulateMedia({ media: 'print' });
    assert.ok(await page.locator('#print-sheet svg').isVisible(), 'the SVG is what prints');
    assert.ok(await page.locator('main.layout').isHidden());
    assert.ok(await page.locator('header.topbar').isHidden());
    const box = await page.locator('#print-sheet svg').boundingBox();
    assert.ok(box.width > 300, `the sheet is large (${box.width}px)`);
    await page.emulateMedia({ media: 'screen' });
    assert.ok(await page.locator('main.layout').isVisible());
    await page.close();
  });

  it('saves screenshots of a puzzle mid-solve (NONET_SCREENSHOTS)', async () => {
    const page = await openApp(browser, server.url, { hash: `#p=${XWING}` });
    await midSolve(page);
    assert.equal(await page.getAttribute('#log-list [aria-selected="true"]', 'data-technique'), 'X-Wing');
    await screenshot(page, 'light.png');
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.foreign, []);
    await page.close();
  });
});

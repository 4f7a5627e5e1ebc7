// Shared by the browser journeys: start `nonet serve` on a free port, launch headless Chromium
// (Debian's, never a downloaded one), and a few helpers that read the board as a person sees it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { chromium } from 'playwright-core';

export const BINARY = process.env.NONET_BINARY || '';
export const SKIP = BINARY ? false : 'NONET_BINARY is not set: point it at a built nonet binary (e.g. build/release/nonet) to run the browser tests';
export const CHROMIUM = process.env.NONET_CHROMIUM || '/usr/bin/chromium';
export const SHOTS = process.env.NONET_SCREENSHOTS || '';

/** A describe() that, without NONET_BINARY, is one skipped test saying why (counted as skipped). */
export function suite(name, fn) {
  if (SKIP) return test(name, { skip: SKIP }, () => {});
  return describe(name, fn);
}

/** Start the server; resolves to { url, stop } once it has printed its address. */
export function startServer() {
  const args = ['serve', '--port', '0'];
  if (process.env.NONET_WEB_DIR) args.push('--web-dir', process.env.NONET_WEB_DIR);
  const child = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`nonet serve printed no address in 15 s\n${stderr}`)); }, 15000);
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`nonet serve exited (${code})\n${stderr}`)); });
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const url = line.trim();
      if (!/^http:\/\/127\.0\.0\.1:\d+\/?$/.test(url)) { child.kill('SIGKILL'); reject(new Error(`unexpected first line: ${line}`)); return; }
      const stop = () => new Promise((done) => {
        if (child.exitCode !== null) { done(); return; }
        child.removeAllListeners('exit');
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
      resolve({ url: url.endsWith('/') ? url : `${url}/`, stop, stderr: () => stderr });
    });
  });
}

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * A fresh page on the app, ready (the board drawn). Records console errors and any request
 * to another host (the page must make none).
 */
export async function openApp(browser, url, { context, viewport = { width: 1280, height: 900 }, colorScheme = 'light', hash = '' } = {}) {
  const ctx = context || await browser.newContext({ viewport, colorScheme });
  const page = await ctx.newPage();
  page.errors = [];
  page.foreign = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  const origin = new URL(url).origin;
  page.on('request', (r) => { const u = r.url(); if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) page.foreign.push(u); });
  await page.goto(url + hash);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#board [role="gridcell"]');
  return page;
}

export const cell = (page, name) => page.locator(`#board [data-cell="${name}"]`);

/** The digits shown on the board, as one line ('.' for empty), read from the cells' text. */
export async function boardLine(page) {
  return page.$$eval('#board [role="gridcell"]', (cells) => cells.map((c) => {
    const v = c.querySelector('.v');
    return v ? v.textContent : '.';
  }).join(''));
}

/** Click r1c1 and type a puzzle line as a newspaper reader would: each digit moves on, '.' skips. */
export async function typePuzzle(page, line) {
  await cell(page, 'r1c1').click();
  for (const ch of line) await page.keyboard.press(ch);
}

export async function statusText(page) {
  return (await page.textContent('#status')) || '';
}

/** POST to the API from the test (not the page). */
export async function api(url, endpoint, body) {
  const res = await fetch(`${url}api/v1/${endpoint}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** fullPage: false keeps to what the screen shows (and a phone's touch emulation, which a full-page shot resets). */
export async function screenshot(page, name, { fullPage = true } = {}) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage });
}

/** Whether a bounding box lies wholly on the screen of viewport vp (no scrolling needed). */
export const inView = (box, vp) => box && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height + 0.5 && box.x + box.width <= vp.width + 0.5;

/** Rows, columns and boxes of a full 9×9 line each hold 1-9. */
export function validNine(line) {
  if (!/^[1-9]{81}$/.test(line)) return false;
  const ok = (cells) => new Set(cells.map((i) => line[i])).size === 9;
  for (let k = 0; k < 9; k++) {
    const row = [], col = [], box = [];
    for (let j = 0; j < 9; j++) {
      row.push(k * 9 + j);
      col.push(j * 9 + k);
      box.push((Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3));
    }
    if (!ok(row) || !ok(col) || !ok(box)) return false;
  }
  return true;
}

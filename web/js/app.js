// What every part of the page shares: the game, the settings, the page's own state (ui), the
// status line and board shapes from the server.
import { api } from './api.js';
import { Game } from './game.js';
import { regionLabel } from './digits.js';
import { loadSettings } from './store.js';

export const $ = (sel) => document.querySelector(sel);
export const $$ = (sel) => Array.from(document.querySelectorAll(sel));

export const DEFAULT_INFO = {
  sizes: [4, 6, 8, 9, 10, 12, 15, 16, 20, 25],
  symmetries: ['none', 'rot180', 'rot90', 'mirror', 'flip', 'diagonal', 'antidiagonal', 'dihedral'],
  levels: [],
};
export const VARIANT_NAMES = { classic: 'Classic', diagonal: 'Diagonal', windoku: 'Windoku', jigsaw: 'Jigsaw', latin: 'Latin square' };

export const game = new Game();
export const settings = { theme: 'auto', showRating: false, style: 'normal', highlight: true, ...loadSettings() };
export const ui = {
  selected: 0,
  hint: null, // { level, res, key }
  marks: null, // the last /check or /hint verdict: { mistakes, wrong, conflicts } (cleared on change)
  random: null, // a full grid shown on the board: { values, seed | solution, label, differs: cells }
  // Set mode (setter.js): the tool, the rule selected (its index in the constraints, or -1), the
  // last verdict { status, text, solutions }, the region label the Regions tool paints and the
  // cells of the stroke painting now.
  setter: { tool: 'given', selected: -1, verdict: null, region: '1', painting: [] },
  busy: 0,
  info: DEFAULT_INFO,
  geometryCache: new Map(),
};

// ---------- messages ----------

export function say(text, kind = '') {
  const s = $('#status');
  s.textContent = text;
  s.dataset.kind = kind;
}

export function announce(text) {
  // Clearing first makes a repeated message be read again.
  const a = $('#announce');
  a.textContent = '';
  setTimeout(() => { a.textContent = text; }, 30);
}

export async function busy(fn) {
  ui.busy++;
  document.body.classList.add('busy');
  try { return await fn(); } finally {
    ui.busy--;
    if (!ui.busy) document.body.classList.remove('busy');
  }
}

export function positionKey() { return JSON.stringify(game.position()); }

// ---------- geometry ----------

/** The board shape for a variant and size, from the server (an empty puzzle through /parse). */
export async function fetchGeometry(variant, n, regions = '') {
  const key = `${variant}/${n}/${regions}`;
  if (ui.geometryCache.has(key)) return ui.geometryCache.get(key);
  const body = { variant, size: n, puzzle: '.'.repeat(n * n) };
  if (variant === 'jigsaw') body.regions = regions;
  const res = await api.parse(body);
  ui.geometryCache.set(key, res.geometry);
  return res.geometry;
}

export function regionsOf(geometry) {
  return geometry.variant === 'jigsaw' ? geometry.regions.map((r) => regionLabel(Number(r))).join('') : '';
}

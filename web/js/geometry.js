// What the page derives once from the API's geometry object: peers, houses by name, borders.
import { popcount, regionIndex } from './digits.js';

export function derive(geometry) {
  const n = geometry.size;
  const cells = n * n;
  const houses = (geometry.houses || []).map((h) => ({ name: h.name, kind: h.kind, cells: h.cells.slice() }));
  const byName = new Map(houses.map((h) => [h.name.toLowerCase(), h]));
  const cellHouses = Array.from({ length: cells }, () => []);
  houses.forEach((h, hi) => h.cells.forEach((c) => cellHouses[c].push(hi)));
  const peers = cellHouses.map((hs, i) => {
    const set = new Set();
    hs.forEach((hi) => houses[hi].cells.forEach((c) => { if (c !== i) set.add(c); }));
    return Array.from(set);
  });
  const regions = geometry.regions && geometry.regions.length === cells
    ? geometry.regions.map(Number)
    : boxRegions(n, geometry.box_rows, geometry.box_columns);
  const windows = new Set();
  const diagonal = new Set();
  // Extra regions (f-puzzles' of N cells, ISS's AllDifferent or jigsaw pieces beside the boxes):
  // per cell the extra region it lies in (-1: none); `extraTiles` when they tile most of the grid.
  const extraOf = new Array(cells).fill(-1);
  let extraCount = 0, extraCovered = 0, overlap = false, disjointGroups = false;
  houses.forEach((h) => {
    if (h.kind === 'window') h.cells.forEach((c) => windows.add(c));
    if (h.kind === 'diagonal' || h.kind === 'anti-diagonal') h.cells.forEach((c) => diagonal.add(c));
    if (h.kind === 'disjoint-group') disjointGroups = true;
    if (h.kind === 'extra-region') {
      h.cells.forEach((c) => {
        if (extraOf[c] >= 0) overlap = true;
        else extraCovered++;
        extraOf[c] = extraCount;
      });
      extraCount++;
    }
  });
  // Tiling most of the grid (a piece equal to a row or a box is that house, not one more).
  const extraTiles = extraCount > 0 && !overlap && 2 * extraCovered > cells;
  // Candidate sub-grid of a cell: digit d sits at its own slot, like a phone keypad.
  const markCols = Math.ceil(Math.sqrt(n));
  const markRows = Math.ceil(n / markCols);
  return {
    n, cells, variant: geometry.variant || 'classic', geometry, houses, byName, cellHouses, peers, regions,
    windows, diagonal, extraOf, extraCount, extraTiles, disjointGroups, markCols, markRows, all: n >= 31 ? 0x7fffffff : (2 ** n) - 1,
    regionShades: shadeRegions(n, regions),
  };
}

/**
 * A jigsaw's geometry in the API's shape, built on the page while a setter paints its regions
 * (labels: one region label a cell, as a --regions map). Each label keeps its index, so a region
 * keeps its colour while others change; the region houses are named in order of first appearance,
 * as the server names them. A map whose regions have the wrong sizes is drawn all the same: the
 * server's verdict names what is wrong.
 */
export function jigsawGeometry(n, labels) {
  const regions = Array.from(labels, regionIndex);
  const houses = [];
  for (let r = 0; r < n; r++) houses.push({ name: `row ${r + 1}`, kind: 'row', cells: Array.from({ length: n }, (_, c) => r * n + c) });
  for (let c = 0; c < n; c++) houses.push({ name: `column ${c + 1}`, kind: 'column', cells: Array.from({ length: n }, (_, r) => r * n + c) });
  const pieces = new Map();
  regions.forEach((id, cell) => {
    if (!pieces.has(id)) pieces.set(id, { name: `region ${pieces.size + 1}`, kind: 'region', cells: [] });
    pieces.get(id).cells.push(cell);
  });
  houses.push(...pieces.values());
  return { variant: 'jigsaw', size: n, box_rows: 0, box_columns: 0, diagonals: false, regions, houses };
}

function boxRegions(n, br, bc) {
  if (!br || !bc) return new Array(n * n).fill(0);
  const per = n / bc;
  return Array.from({ length: n * n }, (_, i) => Math.floor(Math.floor(i / n) / br) * per + Math.floor((i % n) / bc));
}

/** Greedy colouring of the region adjacency graph (jigsaw shading: 4-5 tints). */
function shadeRegions(n, regions) {
  const count = Math.max(...regions) + 1;
  const adj = Array.from({ length: count }, () => new Set());
  for (let i = 0; i < n * n; i++) {
    const r = regions[i];
    if (i % n < n - 1 && regions[i + 1] !== r) { adj[r].add(regions[i + 1]); adj[regions[i + 1]].add(r); }
    if (i + n < n * n && regions[i + n] !== r) { adj[r].add(regions[i + n]); adj[regions[i + n]].add(r); }
  }
  const colour = new Array(count).fill(-1);
  for (let r = 0; r < count; r++) {
    const used = new Set([...adj[r]].map((x) => colour[x]));
    let c = 0;
    while (used.has(c)) c++;
    colour[r] = c;
  }
  return colour;
}

/** Cells of a house given by its API name ("box 8", "row 3"); [] when unknown. */
export function houseCells(info, name) {
  const h = info.byName.get(String(name).toLowerCase());
  return h ? h.cells : [];
}

/** The digits each empty cell's peers allow, as masks (0 for filled cells). */
export function allowedMasks(info, values) {
  return values.map((v, i) => {
    if (v) return 0;
    let m = info.all;
    for (const p of info.peers[i]) if (values[p]) m &= ~(1 << (values[p] - 1));
    return m;
  });
}

/** Cells whose digit repeats in one of their houses. */
export function conflictCells(info, values) {
  const bad = new Set();
  for (const h of info.houses) {
    const seen = new Map();
    for (const c of h.cells) {
      const v = values[c];
      if (!v) continue;
      if (seen.has(v)) { bad.add(c); bad.add(seen.get(v)); } else seen.set(v, c);
    }
  }
  return bad;
}

export { popcount };

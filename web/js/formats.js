// Export: a line, a grid block, or a pencil-mark grid, all of which `nonet` (and /parse) read back.
import { digitChar, maskToString, toLine } from './digits.js';
import { allowedMasks } from './geometry.js';

export function exportLine(values) {
  return toLine(values);
}

/** Rows of cells with | and - between boxes (for variants with boxes; jigsaw gets plain rows). */
function layout(info, cellText) {
  const { n } = info;
  const g = info.geometry;
  const boxes = info.variant !== 'jigsaw' && g.box_rows && g.box_columns;
  const width = [];
  for (let c = 0; c < n; c++) {
    let w = 1;
    for (let r = 0; r < n; r++) w = Math.max(w, cellText(r * n + c).length);
    width.push(w);
  }
  const rows = [];
  let rule = '';
  for (let r = 0; r < n; r++) {
    const parts = [];
    for (let c = 0; c < n; c++) {
      if (boxes && c > 0 && c % g.box_columns === 0) parts.push('|');
      parts.push(cellText(r * n + c).padEnd(width[c]));
    }
    const line = parts.join(' ').trimEnd();
    if (!rule && boxes) {
      // The rule follows the row's shape: dashes under cells, + under each |.
      const full = parts.join(' ');
      rule = full.replace(/[^|]/g, '-').replace(/\|/g, '+');
    }
    if (boxes && r > 0 && r % g.box_rows === 0) rows.push(rule.trimEnd());
    rows.push(line);
  }
  return rows.join('\n');
}

export function exportGrid(info, values) {
  return layout(info, (i) => digitChar(values[i]));
}

/** Each empty cell shows its pencil marks, or the digits its peers allow where none are written. */
export function exportPencilGrid(info, values, marks) {
  const allowed = allowedMasks(info, values);
  return layout(info, (i) => (values[i] ? digitChar(values[i]) : maskToString(marks[i] || allowed[i], info.n) || '.'));
}

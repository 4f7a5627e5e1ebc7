// The selects that Enter's fields and the New puzzle dialog share: variants, sizes, region maps.
import { DEFAULT_INFO, ui } from './app.js';
import { layoutsFor } from './jigsaw.js';

// The variants both forms offer.
export const VARIANTS = [['classic', 'Classic'], ['diagonal', 'Diagonal (X)'], ['windoku', 'Windoku'], ['jigsaw', 'Jigsaw'], ['latin', 'Latin square']];

export function fillSelect(sel, options, value) {
  sel.textContent = '';
  for (const [v, label] of options) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = label;
    sel.append(o);
  }
  if (value !== undefined && options.some(([v]) => String(v) === String(value))) sel.value = String(value);
}

export function layoutOptions(n) {
  return [...layoutsFor(n).map((l) => [l.map, l.name]), ['custom', 'Custom map…']];
}

export function sizesFor(variant) {
  // Windoku's windows are boxes set in from the edge: every boxed size but 25×25, whose sixteen
  // windows leave the generator's random search no full grid within its budget (minutes).
  if (variant === 'windoku') return (ui.info.sizes || DEFAULT_INFO.sizes).filter((n) => n < 25);
  // Rows and columns only: every size, the primes too.
  if (variant === 'latin') return [4, 5, 6, 7, 8, 9];
  return ui.info.sizes || DEFAULT_INFO.sizes;
}

// Built-in jigsaw layouts (--regions maps: N×N region labels, row by row), made for nonet.
import { regionLabel } from './digits.js';

export const LAYOUTS = {
  4: [{ name: 'Steps', map: '1122112234443334' }],
  6: [{ name: 'Stairs', map: '111222111224333424353444553666555666' }],
  8: [{ name: 'Bricks', map: '1113222211132222131344443333646455576464555766685777786857788888' }],
  9: [
    { name: 'Example', map: '111122333111222333112222663445555633444455666444555666777899999778889889777788899' },
    { name: 'Drift', map: '112222333112123333411122233415555666444455666444755669777759969788888999777888899' },
    { name: 'Tangle', map: '112222233411122333411223363411566663444555566447855596747858996777888899777889999' },
    { name: 'Hooks', map: '111122333112123333142222233144555566444556666447855966747885996777888899777889999' },
  ],
};

/** A region map with its regions renumbered in order of first appearance, as the server answers it. */
export function renumbered(map) {
  const seen = new Map();
  return Array.from(String(map), (ch) => {
    if (!seen.has(ch)) seen.set(ch, regionLabel(seen.size));
    return seen.get(ch);
  }).join('');
}

export function layoutsFor(n) {
  return LAYOUTS[n] || [];
}

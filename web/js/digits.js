// Digits, cell names and one-line puzzles, as the CLI and the API spell them.
// Digits above 9 are letters: 10 = A, 11 = B, … (16×16 uses 1-9 A-G).

export function digitChar(d) {
  if (!d) return '.';
  return d <= 9 ? String(d) : String.fromCharCode(55 + d); // 10 → 'A'
}

/** The digit a character stands for (0 for empty or unknown); case-insensitive. */
export function charDigit(ch) {
  if (!ch) return 0;
  const c = ch.toUpperCase().charCodeAt(0);
  if (c >= 49 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  return 0;
}

export function cellName(i, n) {
  return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
}

/** A cell as the API may name it ("r3c5" or an index) → its index, or -1. */
export function cellIndex(ref, n) {
  if (typeof ref === 'number') return ref;
  const m = /^r(\d+)c(\d+)$/i.exec(String(ref).trim());
  if (!m) return -1;
  const r = Number(m[1]) - 1, c = Number(m[2]) - 1;
  if (r < 0 || c < 0 || r >= n || c >= n) return -1;
  return r * n + c;
}

/** Values (0 = empty) → one line with '.' for empties. */
export function toLine(values) {
  return Array.from(values, digitChar).join('');
}

/** One line → values; '.' and '0' are empty (the API's normalised puzzles only use '.'). */
export function fromLine(line, n) {
  const out = new Array(n * n).fill(0);
  const s = String(line || '');
  for (let i = 0; i < n * n && i < s.length; i++) {
    const d = charDigit(s[i]);
    out[i] = d >= 1 && d <= n ? d : 0;
  }
  return out;
}

/** Bit d-1 of a mask is digit d (25 digits fit in 32 bits). */
export const bit = (d) => 1 << (d - 1);

export function maskDigits(mask, n) {
  const out = [];
  for (let d = 1; d <= n; d++) if (mask & bit(d)) out.push(d);
  return out;
}

export function maskToString(mask, n) {
  return maskDigits(mask, n).map(digitChar).join('');
}

export function stringToMask(s, n) {
  let m = 0;
  for (const ch of String(s || '')) {
    const d = charDigit(ch);
    if (d >= 1 && d <= n) m |= bit(d);
  }
  return m;
}

export function popcount(m) {
  let c = 0;
  while (m) { m &= m - 1; c++; }
  return c;
}

/** Label character of region index r (0-based) in a --regions map: 1-9, then A-Z, then a-z. */
export function regionLabel(r) {
  if (r < 9) return String(r + 1);
  if (r < 35) return String.fromCharCode(65 + r - 9);
  return String.fromCharCode(97 + r - 35);
}

/** Region index of a label character (the inverse of regionLabel), or -1. */
export function regionIndex(ch) {
  if (/^[1-9]$/.test(ch)) return Number(ch) - 1;
  if (/^[A-Z]$/.test(ch)) return ch.charCodeAt(0) - 65 + 9;
  if (/^[a-z]$/.test(ch)) return ch.charCodeAt(0) - 97 + 35;
  return -1;
}

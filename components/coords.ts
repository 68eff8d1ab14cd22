/**
 * Coordinates as the games' boards print them: columns A, B, C… (AA, AB… past Z), rows 1, 2, 3…
 * Cell (x, y) with x to the right and y down is "C4" for x = 2, y = 3.
 */

import { cellName, columnName, readableName } from '../src/core/names.ts';

export { cellName, columnName };

/** Parse "C4" back to a cell (0-based), or null. */
export function parseCellName(name: string): { x: number; y: number } | null {
  const m = /^([A-Z]+)(\d+)$/.exec(name.trim().toUpperCase());
  if (!m) return null;
  let x = 0;
  for (const ch of m[1]) x = x * 26 + (ch.charCodeAt(0) - 64);
  return { x: x - 1, y: Number(m[2]) - 1 };
}

/** A readable name for a figure id: "possessed-soldier-1" → "Possessed soldier 1" (src/core/names.ts). */
export const figureName = readableName;

/**
 * Labels for every figure of a board, never two alike: the initials, and where two figures share
 * them, more letters of their ids with their number ("marine-1"/"mancubus-1" → "Mar1"/"Man1"),
 * else a running number. Like the initials, never all capitals and digits (a space's name).
 */
export function uniqueLabels(ids: readonly string[]): Map<string, string> {
  const out = new Map(ids.map((id) => [id, figureInitials(id)]));
  const clashes = () => {
    const seen = new Map<string, string[]>();
    for (const [id, l] of out) seen.set(l, [...(seen.get(l) ?? []), id]);
    return [...seen.values()].filter((g) => g.length > 1);
  };
  for (const group of clashes()) {
    for (const id of group) {
      // More letters, keeping a figure's number: "marine-1" / "mancubus-1" → "Mar1" / "Man1".
      const compact = id.replace(/[-_ ]+/g, '');
      const num = /\d+$/.exec(compact)?.[0] ?? '';
      const head = compact.slice(0, compact.length - num.length);
      out.set(id, unlikeSpace(head ? head.charAt(0).toUpperCase() + head.slice(1, Math.max(2, 4 - num.length)).toLowerCase() + num : compact.slice(0, 4)));
    }
  }
  for (const group of clashes()) group.forEach((id, i) => out.set(id, unlikeSpace(`${out.get(id)!.slice(0, 3)}${i + 1}`)));
  return out;
}

/**
 * A short label drawn on a figure: "alpha" → "Al", "possessed-soldier-1" → "Ps1", "trooper-2" →
 * "Tr2". One capital, the rest lower case: a label never reads as a space's name ("A1" was
 * Archvile 1 standing on E9), whose letters are all capitals.
 */
export function figureInitials(id: string): string {
  const words = id.split(/[-_ ]+/).filter(Boolean);
  const number = words.filter((w) => /^\d+$/.test(w)).join('');
  const names = words.filter((w) => !/^\d+$/.test(w));
  if (!names.length) return number.slice(0, 4);
  const letters = names.length === 1 ? names[0].slice(0, 2) : names.map((w) => w.charAt(0)).join('').slice(0, 2);
  return unlikeSpace((letters.charAt(0).toUpperCase() + letters.slice(1).toLowerCase() + number).slice(0, 4));
}

/** A label that would read as a space's name (capitals, then digits: "A1" of "a-1") gets a dot between them: "A·1". */
const unlikeSpace = (label: string) => label.replace(/^([A-Z]+)(\d+)$/, '$1·$2');

/**
 * The engine's explanation sentences in board words. The core names points in corner coordinates
 * ("(1,3)", "(0.5,0.5)" for a centre) and figures by id, which a player cannot find on the board;
 * these become board labels ("the edge between B3 and B4", "the centre of A1") and figure names.
 * The coordinates stay in the explanation's data (`lines`, `blocker`) for scripts.
 */
import { cellName } from '../coords.ts';

interface Size {
  width: number;
  height: number;
}

/** A figure's (or a target space's) rectangle of spaces. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const inside = (b: Size, x: number, y: number) => x >= 0 && y >= 0 && x < b.width && y < b.height;
const within = (r: Box, x: number, y: number) => x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;

/**
 * Corner (X,Y) as a player finds it: a corner of one space, "the top-left corner of D2" — of a
 * space of the first of `prefer` (the figures the sentence is about) that touches it, so a line from
 * Alpha on A1 starts at "the top-right corner of A1", not at the top-left corner of the empty B1;
 * else of the space below-right of it when there is one, else whichever space on the board touches it.
 */
export function cornerWords(b: Size, X: number, Y: number, prefer: readonly Box[] = []): string {
  const options: [number, number, string][] = [[X, Y, 'top-left'], [X - 1, Y, 'top-right'], [X, Y - 1, 'bottom-left'], [X - 1, Y - 1, 'bottom-right']];
  for (const r of prefer) for (const [x, y, which] of options) if (within(r, x, y) && inside(b, x, y)) return `the ${which} corner of ${cellName(x, y)}`;
  for (const [x, y, which] of options) if (inside(b, x, y)) return `the ${which} corner of ${cellName(x, y)}`;
  return `corner (${X},${Y})`;
}

/** A unit edge between two corners: "the edge between B3 and B4"; longer lines run corner to corner. */
export function edgeWords(b: Size, x1: number, y1: number, x2: number, y2: number, prefer: readonly Box[] = []): string {
  if (y1 === y2 && Math.abs(x2 - x1) === 1) {
    const x = Math.min(x1, x2);
    if (inside(b, x, y1 - 1) && inside(b, x, y1)) return `the edge between ${cellName(x, y1 - 1)} and ${cellName(x, y1)}`;
    return inside(b, x, y1) ? `the top edge of ${cellName(x, y1)}` : `the bottom edge of ${cellName(x, y1 - 1)}`;
  }
  if (x1 === x2 && Math.abs(y2 - y1) === 1) {
    const y = Math.min(y1, y2);
    if (inside(b, x1 - 1, y) && inside(b, x1, y)) return `the edge between ${cellName(x1 - 1, y)} and ${cellName(x1, y)}`;
    return inside(b, x1, y) ? `the left edge of ${cellName(x1, y)}` : `the right edge of ${cellName(x1 - 1, y)}`;
  }
  return `the line from ${cornerWords(b, x1, y1, prefer)} to ${cornerWords(b, x2, y2, prefer)}`;
}

/** A point in corner units: a corner, a cell's centre ("the centre of A1"), else the numbers. */
export function pointWords(b: Size, x: number, y: number, prefer: readonly Box[] = []): string {
  if (Number.isInteger(x) && Number.isInteger(y)) return cornerWords(b, x, y, prefer);
  if (Number.isInteger(x - 0.5) && Number.isInteger(y - 0.5) && inside(b, x - 0.5, y - 0.5)) return `the centre of ${cellName(x - 0.5, y - 0.5)}`;
  return `point (${x},${y})`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const N = '(-?\\d+(?:\\.\\d+)?)';

/**
 * The explanation sentence with board labels, figure names and "range" (d20 says "distance").
 * `prefer`: the spaces of the figures it is about (the attacker's first), whose corners name the
 * lines' ends (cornerWords).
 */
export function readableSummary(text: string, board: Size, names: ReadonlyMap<string, string>, prefer: readonly Box[] = []): string {
  let s = text;
  s = s.replace(new RegExp(`from \\(${N},${N}\\) to \\(${N},${N}\\) \\(clause`, 'g'), (_, a, b2, c, d) => `on ${edgeWords(board, +a, +b2, +c, +d, prefer)} (clause`);
  s = s.replace(new RegExp(`the (wall|closed door|blocking terrain) from \\(${N},${N}\\) to \\(${N},${N}\\)`, 'g'), (_, k, a, b2, c, d) => `the ${k} along ${edgeWords(board, +a, +b2, +c, +d)}`);
  s = s.replace(new RegExp(`(at|from|through) corner \\(${N},${N}\\)`, 'g'), (_, w, x, y) => `${w} ${cornerWords(board, +x, +y, prefer)}`);
  s = s.replace(new RegExp(`at \\(${N},${N}\\) \\(clause 1\\.1\\.3\\)`, 'g'), (_, x, y) => `in ${cellName(+x, +y)} (clause 1.1.3)`);
  s = s.replace(new RegExp(`(character|low objects) at \\(${N},${N}\\)`, 'g'), (_, what, x, y) => `${what} in ${cellName(+x, +y)}`);
  s = s.replace(new RegExp(`\\(${N},${N}\\)`, 'g'), (_, x, y) => pointWords(board, +x, +y, prefer));
  s = s.replace(/\bno distance\b/g, 'no range').replace(/\bdistance (\d+)/g, 'range $1');
  const ids = [...names.keys()].sort((a, b) => b.length - a.length);
  if (ids.length) {
    const re = new RegExp(`(?<![\\w-])(${ids.map(escape).join('|')})(?![\\w-])`, 'g');
    s = s.replace(re, (id) => names.get(id) ?? id);
  }
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A game's status line in board words (figure names, not ids: "Delta is activating"); a server's
 * game says who must act when that is a decision window, not the turn (`awaiting`).
 */
export function statusWords(v: { status?: string; awaiting?: { side: string; kind: string } | null } | null, board: Size | null, names: ReadonlyMap<string, string>): string {
  if (!v?.status || !board) return '';
  return `${readableSummary(v.status, board, names)}${v.awaiting && v.awaiting.kind !== 'turn' ? ` — ${v.awaiting.side} to decide (${v.awaiting.kind})` : ''}`;
}

/**
 * An announcement made of pieces (a step's number, its caption, the log's lines): each ends with
 * exactly one full stop whether or not it had one (a caption's "orders)." was said "orders).."),
 * and empty pieces are left out.
 */
export const sentences = (parts: string[]): string =>
  parts.map((p) => p.trim()).filter(Boolean).map((p) => (/[.!?…]$/.test(p) ? p : `${p}.`)).join(' ');

/**
 * Board state in the page URL fragment, so that a link reproduces a position:
 * `#doom=<base64url of compact JSON>` (or `#doom-<element id>=…` when the element has an id, so
 * several boards can share a page). Explore mode stores figure positions, opened doors and the
 * selection; play mode stores the accepted commands (the game replays them from its seed).
 * Garbage is reported, never thrown.
 */
import type { Command } from '../src/rules/types.ts';

export interface UrlState {
  /** Figure positions in scenario order: [x, y] or [x, y, 1] when rotated (explore). */
  f?: [number, number, number?][];
  /** Indices of opened doors in the scenario's edges (explore). */
  d?: number[];
  /** Selected figure and target. */
  s?: string;
  t?: string;
  /** Accepted commands (play). */
  h?: Command[];
  /** The same, deflated (packHistory): what the element writes, a whole game in a short link. */
  z?: string;
  /** A whole board (a scenario: map, edges, figures where they stand), from a share link (explore). */
  b?: Record<string, unknown>;
  /** The step shown (replay; 0: before step 1). */
  r?: number;
}

const base64url = (bytes: Uint8Array): string => {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const unbase64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function encodeState(state: UrlState): string {
  return base64url(new TextEncoder().encode(JSON.stringify(state)));
}

/** A game's accepted commands, deflated: 300 commands of JSON (~21 KB in a link) become ~1–2 KB. */
export async function packHistory(h: Command[]): Promise<string> {
  const zipped = new Blob([JSON.stringify(h)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return base64url(new Uint8Array(await new Response(zipped).arrayBuffer()));
}

export async function unpackHistory(z: string): Promise<Command[]> {
  try {
    const h = JSON.parse(await new Response(new Blob([unbase64url(z)]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text());
    return checkedCommands(h);
  } catch {
    throw new Error('the moves in the URL are not a valid packed list of commands');
  }
}

function checkedCommands(h: unknown): Command[] {
  if (!Array.isArray(h) || !h.every((c) => typeof c === 'object' && c !== null && typeof (c as Command).type === 'string')) {
    throw new Error('the commands in the URL are malformed');
  }
  return h;
}

/** Decode a fragment value; throws an Error with a readable message on garbage. */
export function decodeState(text: string): UrlState {
  if (!BASE64URL.test(text)) throw new Error('the board state in the URL is not base64url');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(unbase64url(text));
  } catch {
    throw new Error('the board state in the URL is not valid base64url text');
  }
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw new Error('the board state in the URL is not JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('the board state in the URL is not an object');
  const o = v as Record<string, unknown>;
  const out: UrlState = {};
  if (o.f !== undefined) {
    if (!Array.isArray(o.f) || !o.f.every((p) => Array.isArray(p) && p.length >= 2 && p.length <= 3 && p.every(Number.isInteger))) {
      throw new Error('the figure positions in the URL are malformed');
    }
    out.f = o.f as UrlState['f'];
  }
  if (o.d !== undefined) {
    if (!Array.isArray(o.d) || !o.d.every(Number.isInteger)) throw new Error('the opened doors in the URL are malformed');
    out.d = o.d as number[];
  }
  if (o.s !== undefined) {
    if (typeof o.s !== 'string') throw new Error('the selected figure in the URL is malformed');
    out.s = o.s;
  }
  if (o.t !== undefined) {
    if (typeof o.t !== 'string') throw new Error('the target in the URL is malformed');
    out.t = o.t;
  }
  if (o.h !== undefined) out.h = checkedCommands(o.h);
  if (o.z !== undefined) {
    if (typeof o.z !== 'string' || !BASE64URL.test(o.z)) throw new Error('the packed moves in the URL are not base64url');
    out.z = o.z;
  }
  if (o.r !== undefined) {
    if (!Number.isInteger(o.r) || (o.r as number) < 0) throw new Error('the step in the URL is not a whole number');
    out.r = o.r as number;
  }
  if (o.b !== undefined) {
    if (typeof o.b !== 'object' || o.b === null || Array.isArray(o.b)) throw new Error('the shared board in the URL is not a scenario object');
    out.b = o.b as Record<string, unknown>;
  }
  return out;
}

/** The fragment parameter of an element: `doom`, or `doom-<id>` when it has an id. */
export const paramName = (id: string): string => (id ? `doom-${id}` : 'doom');

/** The encoded state for `name` in a location hash, or null. */
export function readFragment(hash: string, name: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(name);
}

/** The hash with `name` set to `value` (or removed when value is null), other parameters kept. */
export function writeFragment(hash: string, name: string, value: string | null): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (value === null) params.delete(name);
  else params.set(name, value);
  const s = params.toString();
  return s ? `#${s}` : '';
}

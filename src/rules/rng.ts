/**
 * The dice generator: mulberry32 (a 32-bit state, integer arithmetic only), so the same seed gives
 * the same rolls on every platform. Its state lives in the game state, which keeps games
 * serializable and replayable from seed + commands.
 */
export interface RngState {
  s: number;
}

export function seedRng(seed: number): RngState {
  return { s: seed >>> 0 };
}

/** The next 32-bit unsigned value; advances the state. */
export function nextU32(r: RngState): number {
  r.s = (r.s + 0x6d2b79f5) >>> 0;
  let t = r.s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** A fair roll of 1..faces (rejection sampling: no modulo bias). */
export function roll(r: RngState, faces: number): number {
  const limit = Math.floor(0x100000000 / faces) * faces;
  for (;;) {
    const v = nextU32(r);
    if (v < limit) return (v % faces) + 1;
  }
}

/** Shuffle in place (Fisher–Yates with fair rolls); returns the same array. */
export function shuffle<T>(r: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = roll(r, i + 1) - 1;
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

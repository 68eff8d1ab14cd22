/**
 * Discrete distributions as probability arrays (index = value), built by convolution: the sum of
 * n dice costs O(n · faces · support), never faces^n outcomes.
 */

/** P(value = k) for one die whose faces show `values` (each face equally likely). */
export function faceDist(values: readonly number[]): number[] {
  if (!values.length) throw new Error('a die needs at least one face');
  const out = new Array<number>(Math.max(...values) + 1).fill(0);
  for (const v of values) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`die face values must be non-negative integers, got ${v}`);
    out[v] += 1 / values.length;
  }
  return out;
}

/** The distribution of a + b for independent a, b. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const p = a[i];
    if (p === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += p * b[j];
  }
  return out;
}

/** The distribution of a sum of independent values (the point mass at 0 for none). */
export const sumOf = (parts: readonly (readonly number[])[]): number[] => parts.reduce<number[]>((acc, d) => convolve(acc, d), [1]);

export const mean = (d: readonly number[]): number => d.reduce((s, p, k) => s + p * k, 0);

/** P(value ≥ k). */
export const atLeast = (d: readonly number[], k: number): number => {
  let s = 0;
  for (let i = Math.max(0, k); i < d.length; i++) s += d[i];
  return s;
};

/** Add p · δ(k) to `d` in place, growing it when needed. */
/** Ways of choosing k of n (0 when k > n). */
export function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

export function addMass(d: number[], k: number, p: number): void {
  while (d.length <= k) d.push(0);
  d[k] += p;
}

/** The odds of one attack (or of a sequence of attacks) against one target. */
export interface Odds {
  /** P(the attack hits): doom2016 — it deals damage; doom2004 — no miss and range reached; d20 — the roll hits. */
  hit: number;
  /** Expected damage (doom2016 damage, doom2004 wounds, d20 hit points) on the target. */
  expected: number;
  /** P(the target is killed / fragged / defeated by this attack). */
  kill: number;
  /** P(damage = k) for k = 0, 1, … (doom2004: wounds on the target). */
  damage: number[];
}

export function oddsFrom(damage: number[], hit: number, left: number): Odds {
  return { hit, expected: mean(damage), kill: left <= 0 ? 1 : atLeast(damage, left), damage };
}

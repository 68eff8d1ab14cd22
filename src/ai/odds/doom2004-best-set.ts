/**
 * Aim and dodge re-rolls by the best set of dice (RULES §3 orders): seeing the whole roll, the
 * aiming attacker re-rolls the subset of dice that maximises the expected value (wounds capped at
 * what kills, plus the kill, over every figure hit), the dodging marine forces the subset that
 * minimises it (its own wounds and kill). Ties keep the fewest dice, then the lowest positions.
 *
 * A kept part of a roll matters only through (a miss?, its range total clipped at the range needed,
 * its damage), and a re-rolled part only through its dice colours, so the expectation of every
 * (kept part, re-rolled colours) pair is one dot product with that colour set's joint distribution,
 * memoised. The odds enumerate the rolls (faces the choice cannot tell apart merged) and add up the
 * chosen pairs; the same `chooseSubset` picks the dice for an actual roll, so play and odds agree.
 */
import type { Doom2004Spec } from './doom2004-spec.ts';
import { joint, judgedTargets, rangeNeeded, valueOf } from './doom2004-roll.ts';

/** Above this many (roll, subset) pairs the odds fall back to the per-die policy (doom2004.ts). */
export const BEST_SET_LIMIT = 1 << 18;
const EPS = 1e-12;

/** Faces of one die that the choice cannot tell apart (a miss; range clipped at the range needed). */
interface FaceClass {
  miss: boolean;
  range: number;
  damage: number;
  /** Probability of the class on one roll of the die. */
  p: number;
  /** P(no ammo icon | the class shows). */
  noAmmo: number;
}

interface ColourSet {
  /** C[r * W + d] = P(no miss, range total clipped ≥ r, damage d) of re-rolling these dice. */
  C: Float64Array;
  W: number;
  /** P(no ammo icon among these dice). */
  noAmmo: number;
}

export interface BestSetTable {
  maximise: boolean;
  n: number;
  R: number;
  /** The most damage all the dice can show (kept damage indexes 0..D). */
  D: number;
  deadly: number;
  /** value[d] = what a hit showing d damage (deadly not yet added) is worth to the chooser. */
  value: Float64Array;
  /** Subset mask → its colour set. */
  setOf: Int32Array;
  sets: ColourSet[];
  /** Masks in the order ties are broken: fewest dice, then the lowest positions. */
  order: number[];
  /** Expected value per (kept state, colour set), NaN until computed. */
  memo: Float64Array;
}

/** The classes of each die's faces, with their probabilities. */
function classesOf(spec: Doom2004Spec, R: number): FaceClass[][] {
  return spec.dice.map((d) => {
    const out: FaceClass[] = [];
    const q = 1 / d.faces.length;
    for (const f of d.faces) {
      const c = { miss: !!f.miss, range: f.miss ? 0 : Math.min(R, f.range ?? 0), damage: f.miss ? 0 : f.damage ?? 0 };
      let same = out.find((o) => o.miss === c.miss && o.range === c.range && o.damage === c.damage);
      if (!same) out.push((same = { ...c, p: 0, noAmmo: 0 }));
      // noAmmo holds P(class, no ammo) until normalised below.
      same.p += q;
      if (!f.ammo) same.noAmmo += q;
    }
    for (const c of out) c.noAmmo /= c.p;
    return out;
  });
}

/** Whether the best-set odds are computed (else the per-die policy is used, for odds and play alike). */
export function bestSetFits(spec: Doom2004Spec): boolean {
  if (spec.dice.length > 16) return false;
  let pairs = 2 ** spec.dice.length;
  for (const c of classesOf(spec, rangeNeeded(spec))) {
    pairs *= c.length;
    if (pairs > BEST_SET_LIMIT) return false;
  }
  return true;
}

// Faces arrays by identity (the rules' data is parsed once and frozen), so cache keys stay short.
const faceIds = new WeakMap<object, number>();
let nextFaceId = 0;
/** A die's key: its colour and its faces array's identity. */
export function dieKey(d: Doom2004Spec['dice'][number]): string {
  let id = faceIds.get(d.faces);
  if (id === undefined) faceIds.set(d.faces, (id = nextFaceId++));
  return `${d.colour}#${id}`;
}

/** Everything the best-set choice and odds depend on. */
function tableKey(spec: Doom2004Spec): string {
  const judged = judgedTargets(spec).map((t) => `${t.armor}/${t.left}/${t.struck === false ? 0 : 1}/${t.barrels ?? 0}`).join(',');
  return `${spec.reroll}|${rangeNeeded(spec)}|${spec.deadly ?? 0}|${spec.dice.map(dieKey).join(',')}|${judged}`;
}

/**
 * Tables (and their odds) of recent specs: hints ask for the same attacks over and over (every
 * enemy of a type threatens a dodging marine alike), and a decision asks again for the roll it sees.
 */
const CACHE_SIZE = 256;
const cache = new Map<string, { table: BestSetTable; odds?: { hitDamage: number[]; ammo: number } }>();
function cached(spec: Doom2004Spec) {
  const key = tableKey(spec);
  let entry = cache.get(key);
  if (entry) {
    cache.delete(key);
  } else {
    entry = { table: bestSetTable(spec) };
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, entry);
  return entry;
}

/** `bestSetTable` of a spec, shared with earlier calls for the same choice. */
export const cachedBestSetTable = (spec: Doom2004Spec): BestSetTable => cached(spec).table;

/** `bestSetOdds` of a spec, shared with earlier calls for the same choice (a fresh copy each time). */
export function cachedBestSetOdds(spec: Doom2004Spec): { hitDamage: number[]; ammo: number } {
  const entry = cached(spec);
  entry.odds ??= bestSetOdds(spec, entry.table);
  return { hitDamage: [...entry.odds.hitDamage], ammo: entry.odds.ammo };
}

export function bestSetTable(spec: Doom2004Spec): BestSetTable {
  const n = spec.dice.length;
  const R = rangeNeeded(spec);
  const deadly = spec.deadly ?? 0;
  const judged = judgedTargets(spec);
  const D = spec.dice.reduce((t, d) => t + Math.max(0, ...d.faces.map((f) => (f.miss ? 0 : f.damage ?? 0))), 0);
  const value = new Float64Array(D + 1);
  for (let d = 0; d <= D; d++) value[d] = valueOf(d + deadly, judged);
  const setOf = new Int32Array(1 << n);
  const sets: ColourSet[] = [];
  const byKey = new Map<string, number>();
  for (let mask = 0; mask < 1 << n; mask++) {
    const dice = spec.dice.filter((_, i) => mask & (1 << i));
    const key = dice.map(dieKey).sort().join(',');
    let id = byKey.get(key);
    if (id === undefined) {
      byKey.set(key, (id = sets.length));
      const { J, D: top } = joint(dice, dice.map((d) => d.faces.map(() => 1 / d.faces.length)), R);
      const W = top + 1;
      const C = new Float64Array(J.length);
      for (let r = R; r >= 0; r--) for (let d = 0; d < W; d++) C[r * W + d] = J[r * W + d] + (r < R ? C[(r + 1) * W + d] : 0);
      const noAmmo = dice.reduce((q, d) => q * (1 - d.faces.filter((f) => f.ammo).length / d.faces.length), 1);
      sets.push({ C, W, noAmmo });
    }
    setOf[mask] = id;
  }
  const popcount = (m: number) => { let c = 0; for (; m; m &= m - 1) c++; return c; };
  const order = Array.from({ length: 1 << n }, (_, m) => m).sort((a, b) => popcount(a) - popcount(b) || a - b);
  const memo = new Float64Array((R + 1) * (D + 1) * sets.length).fill(NaN);
  return { maximise: spec.reroll === 'aim', n, R, D, deadly, value, setOf, sets, order, memo };
}

/**
 * states[mask] = the state of the dice kept when `mask` is re-rolled: -1 for a miss, else (range
 * total clipped at R) × (D + 1) + damage. Built kept set by kept set (one die added to a smaller one).
 */
function keptStates(t: BestSetTable, miss: ArrayLike<boolean>, range: ArrayLike<number>, damage: ArrayLike<number>, states: Int32Array): Int32Array {
  const full = (1 << t.n) - 1;
  const W = t.D + 1;
  states[full] = 0;
  for (let kept = 1; kept <= full; kept++) {
    const i = 31 - Math.clz32(kept & -kept);
    const rest = states[full ^ (kept & (kept - 1))];
    let state = -1;
    if (rest >= 0 && !miss[i]) {
      const r = Math.min(t.R, Math.floor(rest / W) + range[i]);
      state = r * W + (rest % W) + damage[i];
    }
    states[full ^ kept] = state;
  }
  return states;
}

/** Expected value of keeping `state` and re-rolling colour set `set`. */
function expectation(t: BestSetTable, state: number, set: number): number {
  if (state < 0) return 0;
  const k = state * t.sets.length + set;
  const known = t.memo[k];
  if (!Number.isNaN(known)) return known;
  const r0 = Math.floor(state / (t.D + 1));
  const d0 = state % (t.D + 1);
  const { C, W } = t.sets[set];
  const row = (t.R - r0) * W;
  let v = 0;
  for (let d = 0; d < W; d++) if (C[row + d] !== 0) v += C[row + d] * t.value[d0 + d];
  t.memo[k] = v;
  return v;
}

/** The subset to re-roll given every subset's kept state (see keptStates). */
function chooseFrom(t: BestSetTable, states: Int32Array): number {
  let best = 0;
  let bestValue = expectation(t, states[0], t.setOf[0]);
  for (const mask of t.order) {
    if (mask === 0) continue;
    const v = expectation(t, states[mask], t.setOf[mask]);
    if (t.maximise ? v > bestValue + EPS : v < bestValue - EPS) {
      best = mask;
      bestValue = v;
    }
  }
  return best;
}

/** The subset (bit i = die i) the chooser re-rolls for a roll showing these numbers. */
export function chooseSubset(t: BestSetTable, miss: ArrayLike<boolean>, range: ArrayLike<number>, damage: ArrayLike<number>): number {
  return chooseFrom(t, keptStates(t, miss, range, damage, new Int32Array(1 << t.n)));
}

/** The expected value of re-rolling `mask` for a roll (what `chooseSubset` compares). */
export function subsetValue(t: BestSetTable, mask: number, miss: ArrayLike<boolean>, range: ArrayLike<number>, damage: ArrayLike<number>): number {
  return expectation(t, keptStates(t, miss, range, damage, new Int32Array(1 << t.n))[mask], t.setOf[mask]);
}

/** P(damage = k) on a hit (deadly included) and P(an ammo icon shows) when every roll is re-rolled by its best set. */
export function bestSetOdds(spec: Doom2004Spec, t = bestSetTable(spec)): { hitDamage: number[]; ammo: number } {
  const classes = classesOf(spec, t.R);
  const n = t.n;
  const miss = new Array<boolean>(n);
  const range = new Int32Array(n);
  const damage = new Int32Array(n);
  const noAmmo = new Float64Array(n);
  const states = new Int32Array(1 << n);
  const chosen = new Float64Array(t.memo.length);
  const at = new Int32Array(n);
  let ammo = 0;
  for (;;) {
    let p = 1;
    for (let i = 0; i < n; i++) {
      const c = classes[i][at[i]];
      miss[i] = c.miss;
      range[i] = c.range;
      damage[i] = c.damage;
      noAmmo[i] = c.noAmmo;
      p *= c.p;
    }
    keptStates(t, miss, range, damage, states);
    const mask = chooseFrom(t, states);
    const set = t.setOf[mask];
    const state = states[mask];
    if (state >= 0) chosen[state * t.sets.length + set] += p;
    let none = t.sets[set].noAmmo;
    for (let i = 0; i < n; i++) if (!(mask & (1 << i))) none *= noAmmo[i];
    ammo += p * (1 - none);
    let i = 0;
    while (i < n && ++at[i] === classes[i].length) at[i++] = 0;
    if (i === n) break;
  }
  const hitDamage = new Array<number>(t.D + t.deadly + 1).fill(0);
  for (let k = 0; k < chosen.length; k++) {
    const w = chosen[k];
    if (w === 0) continue;
    const state = Math.floor(k / t.sets.length);
    const { C, W } = t.sets[k % t.sets.length];
    const r0 = Math.floor(state / (t.D + 1));
    const d0 = state % (t.D + 1);
    const row = (t.R - r0) * W;
    for (let d = 0; d < W; d++) hitDamage[d0 + d + t.deadly] += w * C[row + d];
  }
  return { hitDamage, ammo };
}

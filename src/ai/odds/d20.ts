/**
 * Exact d20 attack odds (RULES §4), matching src/rules/d20/rules.ts: natural 20 always hits for
 * double damage, natural 1 always misses, otherwise d20 + attack + 4 per combined-fire helper ≥
 * defense (+4 in cover) hits. Several attacks on one target combine by convolution of damage.
 */
import { convolve, oddsFrom, type Odds } from './dist.ts';

export interface D20Spec {
  attack: number;
  damage: number;
  defense: number;
  cover: boolean;
  /** Combined-fire helpers (+4 each). */
  helpers?: number;
  /** Hit points left. */
  hp: number;
}

export interface D20Odds extends Odds {
  /** P(natural 20): a critical hit for double damage. */
  critical: number;
}

/** A spec's numbers: whole and in bounds (a damage of 1e9 made an array that ran Node out of memory), named when not. */
function checked(s: D20Spec): D20Spec {
  const whole = (name: keyof D20Spec, v: unknown, lo: number, hi: number) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new RangeError(`d20 odds: ${name} must be a whole number from ${lo} to ${hi}, got ${typeof v === 'number' ? v : JSON.stringify(v)}`);
  };
  whole('attack', s.attack, -1000, 1000);
  whole('damage', s.damage, 0, 10_000);
  whole('defense', s.defense, -1000, 1000);
  whole('hp', s.hp, 1, 1_000_000);
  if (s.helpers !== undefined) whole('helpers', s.helpers, 0, 1000);
  if (typeof s.cover !== 'boolean') throw new TypeError(`d20 odds: cover must be true or false, got ${JSON.stringify(s.cover)}`);
  return s;
}

/** P(damage) of one attack, as an array indexed by damage. */
function damageOf(spec: D20Spec): { damage: number[]; hit: number; critical: number } {
  const s = checked(spec);
  const need = s.defense + (s.cover ? 4 : 0) - s.attack - 4 * (s.helpers ?? 0);
  let normal = 0;
  for (let n = 2; n <= 19; n++) if (n >= need) normal++;
  const damage = new Array<number>(2 * s.damage + 1).fill(0);
  damage[0] += (20 - normal - 1) / 20;
  damage[s.damage] += normal / 20;
  damage[2 * s.damage] += 1 / 20;
  return { damage, hit: (normal + 1) / 20, critical: 1 / 20 };
}

export function d20Odds(spec: D20Spec): D20Odds {
  const { damage, hit, critical } = damageOf(spec);
  return { ...oddsFrom(damage, hit, spec.hp), critical };
}

/** Odds of several attacks in a row on one target (hit: P(at least one hits)). */
export function d20Sequence(specs: readonly D20Spec[]): Odds {
  if (!specs.length) return oddsFrom([1], 0, 1);
  let dist = [1];
  let miss = 1;
  for (const s of specs) {
    const one = damageOf(s);
    dist = convolve(dist, one.damage);
    miss *= 1 - one.hit;
  }
  return oddsFrom(dist, 1 - miss, specs[0].hp);
}

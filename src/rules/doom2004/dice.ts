/**
 * doom2004 dice (RULES §3 roll): each die is a list of faces from the dice data; a face is a miss,
 * or range + damage (bullet holes) with an optional ammo icon. Rolls come only from the state's rng.
 */
import { roll } from '../rng.ts';
import { dataOf, type D4Attack, type D4Face, type D4State } from './state.ts';

/** Roll one die of `colour`: the index of the face that came up. */
export function rollDie(s: D4State, colour: string): number {
  const die = dataOf(s).dice[colour];
  if (!die || !die.faces.length) throw new Error(`no die ${JSON.stringify(colour)} in the dice data`);
  return roll(s.rng, die.faces.length) - 1;
}

export const faceOf = (s: D4State, colour: string, index: number): D4Face => dataOf(s).dice[colour].faces[index];

export interface Totals {
  miss: boolean;
  range: number;
  damage: number;
  ammo: boolean;
}

/** What the dice show, summed. */
export function totals(s: D4State, dice: string[], faces: number[]): Totals {
  const out: Totals = { miss: false, range: 0, damage: 0, ammo: false };
  dice.forEach((colour, i) => {
    const f = faceOf(s, colour, faces[i]);
    if (f.miss) out.miss = true;
    out.range += f.range ?? 0;
    out.damage += f.damage ?? 0;
    if (f.ammo) out.ammo = true;
  });
  return out;
}

/** The strength of an ability: its own number (e.g. "blast": 2), else 1 when listed, else 0. */
export function strength(a: D4Attack, ability: 'accuracy' | 'deadly' | 'blast' | 'knockback'): number {
  if (!(a.abilities ?? []).includes(ability)) return 0;
  const n = a[ability];
  return typeof n === 'number' && n > 0 ? n : 1;
}

/** The highest range total the dice can show, + accuracy: beyond it no roll can hit. */
export function maxRange(s: D4State, a: D4Attack, dice: string[]): number {
  let total = strength(a, 'accuracy');
  for (const colour of dice) total += Math.max(0, ...(dataOf(s).dice[colour]?.faces ?? []).map((f) => (f.miss ? 0 : f.range ?? 0)));
  return total;
}

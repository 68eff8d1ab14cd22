/**
 * Exact doom2004 attack odds (RULES §3 roll), matching src/rules/doom2004/attack.ts: any miss face
 * fails the attack; otherwise the range numbers (+ accuracy) must reach the target's range (melee:
 * only a miss fails); damage = bullet holes + deadly; each figure hit takes floor(damage / armor)
 * wounds (armor 0: every point), blast hitting every figure in the area with the same damage; a
 * hit with any damage sets off the exploding barrels it reaches (1 wound to each adjacent figure,
 * per barrel, chains included: doom2004SpecOf counts them); one ammo token is spent when any die
 * shows the ammo icon, hit or not.
 *
 * Convolution over (range total clipped at the range needed) × (damage), never over faces^dice.
 *
 * Aim and dodge re-rolls (RULES §3 orders) take the best set of dice for the roll seen
 * (doom2004-best-set.ts): exact, and `diceToReroll` plays exactly that choice. Only when the dice
 * are too many to enumerate (more than any weapon of the data has) do both fall back to a per-die
 * policy: for each die colour, the set of faces that get re-rolled, by best response of each colour
 * to the others, iterated (`rule: 'per-die'`; the odds are exact for that policy, which the play
 * then follows).
 */
import { bestSetFits, cachedBestSetOdds, cachedBestSetTable, chooseSubset, dieKey } from './doom2004-best-set.ts';
import { memo } from '../memo.ts';
import { faceProbs, joint, judgedTargets, killedBy, rangeNeeded, valueOf, woundsDealt } from './doom2004-roll.ts';
import { addMass, mean, oddsFrom, type Odds } from './dist.ts';
import type { Doom2004Spec } from './doom2004-spec.ts';

export { woundsFrom } from './doom2004-roll.ts';

export type { Doom2004Spec, Doom2004Target } from './doom2004-spec.ts';

/** How re-rolls are chosen: none, by the best set of dice, or by a per-die policy. */
export type Doom2004RerollRule = 'none' | 'best-set' | 'per-die';

export interface Doom2004Odds extends Odds {
  /** Odds per target (wounds dealt, as the engine's events count them). */
  targets: Odds[];
  /** P(k figures of `targets` are killed). */
  kills: number[];
  /** P(the dice show an ammo icon): one ammo token is spent. */
  ammo: number;
  rule: Doom2004RerollRule;
  /** The per-die policy used (colour → faces re-rolled); empty unless `rule` is 'per-die'. */
  policy: Record<string, boolean[]>;
  /** P(damage = k) on a hit (deadly included). */
  hitDamage: number[];
}

/** The rule `doom2004Odds` and `diceToReroll` follow for a spec. */
export const rerollRuleOf = (spec: Doom2004Spec): Doom2004RerollRule =>
  !spec.reroll ? 'none' : !spec.policy && bestSetFits(spec) ? 'best-set' : 'per-die';

/** The best-response per-die re-roll policy (see the module comment). */
export function rerollPolicy(spec: Doom2004Spec, rounds = 3): Record<string, boolean[]> {
  const R = rangeNeeded(spec);
  const deadly = spec.deadly ?? 0;
  const maximise = spec.reroll === 'aim';
  const judged = judgedTargets(spec);
  const policy: Record<string, boolean[]> = {};
  for (const d of spec.dice) policy[d.colour] ??= d.faces.map((f) => (maximise ? !!f.miss : false));
  const colours = Object.keys(policy);
  for (let round = 0; round < rounds; round++) {
    let changed = false;
    for (const c of colours) {
      const i = spec.dice.findIndex((d) => d.colour === c);
      const probs = spec.dice.map((d) => faceProbs(d.faces, policy[d.colour]));
      const { J, D } = joint(spec.dice, probs, R, i);
      const W = D + 1;
      const faces = spec.dice[i].faces;
      const values = faces.map((f) => {
        if (f.miss) return 0;
        const fr = f.range ?? 0;
        const fd = (f.damage ?? 0) + deadly;
        let v = 0;
        for (let r = Math.max(0, R - fr); r <= R; r++) for (let x = 0; x < W; x++) if (J[r * W + x] !== 0) v += J[r * W + x] * valueOf(x + fd, judged);
        return v;
      });
      const fresh = values.reduce((a, b) => a + b, 0) / values.length;
      const eps = 1e-12;
      const next = values.map((v) => (maximise ? v < fresh - eps : v > fresh + eps));
      if (next.some((b, k) => b !== policy[c][k])) changed = true;
      policy[c] = next;
    }
    if (!changed) break;
  }
  return policy;
}

/** P(damage = k) on a hit and P(ammo) under a per-die policy (empty: no re-roll). */
function perDieOdds(spec: Doom2004Spec, policy: Record<string, boolean[]>): { hitDamage: number[]; ammo: number } {
  const R = rangeNeeded(spec);
  const deadly = spec.deadly ?? 0;
  const probs = spec.dice.map((d) => faceProbs(d.faces, policy[d.colour]));
  const { J, D } = joint(spec.dice, probs, R);
  const W = D + 1;
  const hitDamage = new Array<number>(D + deadly + 1).fill(0);
  for (let x = 0; x < W; x++) hitDamage[x + deadly] = J[R * W + x];
  let noAmmo = 1;
  spec.dice.forEach((d, i) => {
    noAmmo *= 1 - d.faces.reduce((s, f, k) => s + (f.ammo ? probs[i][k] : 0), 0);
  });
  return { hitDamage, ammo: 1 - noAmmo };
}

/**
 * The roll without a re-roll: it depends on the dice, the range needed and deadly alone, not on the
 * targets (their wounds are read off it below), so one call (src/ai/memo.ts) shares it between the
 * same weapon's attacks on every target from every destination. A fresh copy each time.
 */
function plainRoll(spec: Doom2004Spec): { hitDamage: number[]; ammo: number } {
  const r = memo('doom2004Roll', `${spec.dice.map(dieKey).join(',')}|${rangeNeeded(spec)}|${spec.deadly ?? 0}`, () => perDieOdds(spec, {}));
  return { hitDamage: [...r.hitDamage], ammo: r.ammo };
}

export function doom2004Odds(spec: Doom2004Spec): Doom2004Odds {
  const rule = rerollRuleOf(spec);
  const policy = rule === 'per-die' ? spec.policy ?? rerollPolicy(spec) : {};
  const { hitDamage, ammo } = rule === 'best-set' ? cachedBestSetOdds(spec) : rule === 'none' ? plainRoll(spec) : perDieOdds(spec, policy);
  const hit = hitDamage.reduce((a, b) => a + b, 0);
  const targets = spec.targets.map((t) => {
    const wounds: number[] = [1 - hit];
    hitDamage.forEach((p, dmg) => addMass(wounds, woundsDealt(dmg, t), p));
    return oddsFrom(wounds, hit, t.left);
  });
  const kills: number[] = [1 - hit];
  hitDamage.forEach((p, dmg) => addMass(kills, spec.targets.filter((t) => killedBy(dmg, t)).length, p));
  const first = targets[0] ?? { hit, expected: 0, kill: 0, damage: [1] };
  return { ...first, hit, targets, kills, ammo, rule, policy, hitDamage };
}

/** Which dice positions a per-die `policy` re-rolls for rolled `faces` (indices into each die's faces). */
export function perDieReroll(colours: readonly string[], faces: readonly number[], policy: Record<string, boolean[]>): number[] {
  return faces.flatMap((f, i) => (policy[colours[i]]?.[f] ? [i] : []));
}

/**
 * The dice positions the chooser of `spec.reroll` re-rolls for rolled `faces` (indices into each
 * die's faces), by the same rule `doom2004Odds(spec)` assumes.
 */
export function diceToReroll(spec: Doom2004Spec, faces: readonly number[]): number[] {
  const rule = rerollRuleOf(spec);
  if (rule === 'none') return [];
  if (rule === 'per-die') return perDieReroll(spec.dice.map((d) => d.colour), faces, spec.policy ?? rerollPolicy(spec));
  const shown = faces.map((k, i) => spec.dice[i].faces[k]);
  const mask = chooseSubset(cachedBestSetTable(spec), shown.map((f) => !!f.miss), shown.map((f) => (f.miss ? 0 : f.range ?? 0)), shown.map((f) => (f.miss ? 0 : f.damage ?? 0)));
  return faces.flatMap((_, i) => (mask & (1 << i) ? [i] : []));
}

export const expectedKills = (o: Doom2004Odds): number => mean(o.kills);

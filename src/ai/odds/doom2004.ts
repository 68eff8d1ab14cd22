/**
 * Exact doom2004 attack odds (RULES §3 roll), matching src/rules/doom2004/attack.ts: any miss face
 * fails the attack; otherwise the range numbers (+ accuracy) must reach the target's range (melee:
 * only a miss fails); damage = bullet holes + deadly; each figure hit takes floor(damage / armor)
 * wounds (armor 0: every point), blast hitting every figure in the area with the same damage; one
 * ammo token is spent when any die shows the ammo icon, hit or not.
 *
 * Convolution over (range total clipped at the range needed) × (damage), never over faces^dice.
 *
 * Aim and dodge re-rolls (RULES §3 orders) are decided die by die: a re-roll policy is, for each
 * die colour, the set of faces that get re-rolled. `doom2004Odds` is exact for the policy it is
 * given or computes: the best response of each colour to the others (the attacker maximises, the
 * dodging marine minimises the same value: wounds on the target, capped at what kills, plus the
 * kill), iterated. The optimal re-roll of a whole roll (looking at every die at once) can beat a
 * per-die policy; the autopilot plays exactly this policy, so odds and play agree.
 */
import type { D4Face } from '../../rules/doom2004/state.ts';
import { addMass, mean, oddsFrom, type Odds } from './dist.ts';

export const woundsFrom = (damage: number, armor: number): number => (armor <= 0 ? damage : Math.floor(damage / armor));

export interface Doom2004Target {
  armor: number;
  /** Wounds still needed to kill / frag. */
  left: number;
}

export interface Doom2004Spec {
  /** Each die: its faces. Dice of the same colour share a key. */
  dice: readonly { colour: string; faces: readonly D4Face[] }[];
  /** The target space's range (ignored by melee). */
  range: number;
  accuracy?: number;
  deadly?: number;
  melee?: boolean;
  /** The figures hit: the nominated one first, then the rest of a blast area. May be empty (a barrel). */
  targets: readonly Doom2004Target[];
  /** Who re-rolls: the aiming attacker, or the dodging target (RULES §3: never both). */
  reroll?: 'aim' | 'dodge' | null;
  /** Faces re-rolled per colour (face index → re-roll); computed by the best-response policy when absent. */
  policy?: Record<string, boolean[]>;
}

export interface Doom2004Odds extends Odds {
  /** Odds per target (wounds). */
  targets: Odds[];
  /** P(k figures of `targets` are killed). */
  kills: number[];
  /** P(the dice show an ammo icon): one ammo token is spent. */
  ammo: number;
  /** The re-roll policy used (colour → faces re-rolled), empty without a re-roll. */
  policy: Record<string, boolean[]>;
  /** P(damage = k) on a hit (deadly included). */
  hitDamage: number[];
}

/** Face probabilities of one die after re-rolling the faces in `reroll` once. */
function faceProbs(faces: readonly D4Face[], reroll: boolean[] | undefined): number[] {
  const n = faces.length;
  const again = reroll ? reroll.filter(Boolean).length / n : 0;
  return faces.map((_, i) => (reroll?.[i] ? 0 : 1 / n) + again / n);
}

/** Joint distribution of (range total clipped at R, damage) over rolls with no miss. */
function joint(dice: Doom2004Spec['dice'], probs: number[][], R: number, skip = -1): { J: Float64Array; D: number } {
  let D = 0;
  dice.forEach((d, i) => i !== skip && (D += Math.max(0, ...d.faces.map((f) => (f.miss ? 0 : f.damage ?? 0)))));
  const W = D + 1;
  let J = new Float64Array((R + 1) * W);
  J[0] = 1;
  let hiD = 0;
  dice.forEach((d, i) => {
    if (i === skip) return;
    const next = new Float64Array(J.length);
    let top = 0;
    d.faces.forEach((f, k) => {
      const p = probs[i][k];
      if (f.miss || p === 0) return;
      const fr = f.range ?? 0;
      const fd = f.damage ?? 0;
      top = Math.max(top, fd);
      for (let r = 0; r <= R; r++) {
        const r2 = Math.min(R, r + fr);
        const row = r * W;
        const row2 = r2 * W + fd;
        for (let x = 0; x <= hiD; x++) {
          const q = J[row + x];
          if (q !== 0) next[row2 + x] += p * q;
        }
      }
    });
    hiD += top;
    J = next;
  });
  return { J, D };
}

/** What a hit dealing `damage` is worth: wounds capped at what kills, plus 1 per kill. */
function valueOf(damage: number, targets: readonly Doom2004Target[]): number {
  let v = 0;
  for (const t of targets) {
    const w = woundsFrom(damage, t.armor);
    v += Math.min(w, t.left) + (w >= t.left ? 1 : 0);
  }
  return v;
}

/** The best-response re-roll policy (see the module comment). */
export function rerollPolicy(spec: Doom2004Spec, rounds = 3): Record<string, boolean[]> {
  const R = spec.melee ? 0 : Math.max(0, spec.range - (spec.accuracy ?? 0));
  const deadly = spec.deadly ?? 0;
  const maximise = spec.reroll === 'aim';
  // The dodging marine cares about itself (the nominated target); the aiming attacker about every target.
  const judged = maximise ? spec.targets : spec.targets.slice(0, 1);
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

export function doom2004Odds(spec: Doom2004Spec): Doom2004Odds {
  const R = spec.melee ? 0 : Math.max(0, spec.range - (spec.accuracy ?? 0));
  const deadly = spec.deadly ?? 0;
  const policy = spec.reroll ? spec.policy ?? rerollPolicy(spec) : {};
  const probs = spec.dice.map((d) => faceProbs(d.faces, policy[d.colour]));
  const { J, D } = joint(spec.dice, probs, R);
  const W = D + 1;
  const hitDamage = new Array<number>(D + deadly + 1).fill(0);
  for (let x = 0; x < W; x++) hitDamage[x + deadly] = J[R * W + x];
  const hit = hitDamage.reduce((a, b) => a + b, 0);
  let noAmmo = 1;
  spec.dice.forEach((d, i) => {
    noAmmo *= 1 - d.faces.reduce((s, f, k) => s + (f.ammo ? probs[i][k] : 0), 0);
  });
  const targets = spec.targets.map((t) => {
    const wounds: number[] = [1 - hit];
    hitDamage.forEach((p, dmg) => addMass(wounds, woundsFrom(dmg, t.armor), p));
    return oddsFrom(wounds, hit, t.left);
  });
  const kills: number[] = [1 - hit];
  hitDamage.forEach((p, dmg) => addMass(kills, spec.targets.filter((t) => woundsFrom(dmg, t.armor) >= t.left).length, p));
  const first = targets[0] ?? { hit, expected: 0, kill: 0, damage: [1] };
  return { ...first, hit, targets, kills, ammo: 1 - noAmmo, policy, hitDamage };
}

/** Which dice positions to re-roll for rolled `faces` (indices into each die's faces) under `policy`. */
export function diceToReroll(colours: readonly string[], faces: readonly number[], policy: Record<string, boolean[]>): number[] {
  return faces.flatMap((f, i) => (policy[colours[i]]?.[f] ? [i] : []));
}

export const expectedKills = (o: Doom2004Odds): number => mean(o.kills);

/**
 * The pieces of a doom2004 roll shared by the odds and the re-roll choices (RULES §3 roll): what a
 * hit of some damage does to each figure (the attack's own wounds, then the exploding barrels'),
 * the value both re-roll choosers judge by, and the joint distribution of (range total, damage).
 */
import type { D4Face } from '../../rules/doom2004/state.ts';
import type { Doom2004Spec, Doom2004Target } from './doom2004-spec.ts';

export const woundsFrom = (damage: number, armor: number): number => (armor <= 0 ? damage : Math.floor(damage / armor));

/** The range total (+ accuracy) a hit needs; melee needs none. */
export const rangeNeeded = (spec: Doom2004Spec): number => (spec.melee ? 0 : Math.max(0, spec.range - (spec.accuracy ?? 0)));

/** Wounds the attack itself gives a figure (0 to a figure only the barrels reach). */
const attackWounds = (damage: number, t: Doom2004Target): number => (t.struck === false ? 0 : woundsFrom(damage, t.armor));
/** Barrels explode on any damage (src/rules/doom2004/attack.ts finishAttack). */
const barrelWounds = (damage: number, t: Doom2004Target): number => (damage > 0 ? t.barrels ?? 0 : 0);

/**
 * Wounds a hit dealing `damage` gives a figure, as the engine's events count them: the attack's
 * wounds, then one per exploding barrel while the figure still stands (a dead figure is off the
 * board when the barrels go off).
 */
export function woundsDealt(damage: number, t: Doom2004Target): number {
  const own = attackWounds(damage, t);
  return own >= t.left ? own : own + Math.min(barrelWounds(damage, t), t.left - own);
}

export const killedBy = (damage: number, t: Doom2004Target): boolean => attackWounds(damage, t) + barrelWounds(damage, t) >= t.left;

/** What a hit dealing `damage` is worth: wounds capped at what kills, plus 1 per kill. */
export function valueOf(damage: number, targets: readonly Doom2004Target[]): number {
  let v = 0;
  for (const t of targets) {
    const w = attackWounds(damage, t) + barrelWounds(damage, t);
    v += Math.min(w, t.left) + (w >= t.left ? 1 : 0);
  }
  return v;
}

/** The targets a re-roll chooser judges by: the aiming attacker all of them, the dodging marine itself. */
export const judgedTargets = (spec: Doom2004Spec): readonly Doom2004Target[] => (spec.reroll === 'aim' ? spec.targets : spec.targets.slice(0, 1));

/** Face probabilities of one die after re-rolling the faces in `reroll` once. */
export function faceProbs(faces: readonly D4Face[], reroll: boolean[] | undefined): number[] {
  const n = faces.length;
  const again = reroll ? reroll.filter(Boolean).length / n : 0;
  return faces.map((_, i) => (reroll?.[i] ? 0 : 1 / n) + again / n);
}

/**
 * Joint distribution of (range total clipped at R, damage) over the rolls with no miss (row-major,
 * width D + 1; the miss mass is what is missing). `skip` leaves one die out.
 */
export function joint(dice: Doom2004Spec['dice'], probs: number[][], R: number, skip = -1): { J: Float64Array; D: number } {
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

/**
 * Dominance between plans (issue 23: "never rank a plan below another that dominates it"): the
 * same moves and cards, to the same place and so the same exposure, plus an attack that can deal
 * damage is better than without it, whatever a few sampled playouts say. The searches (the hints'
 * and the autopilot's) may reorder plans by their playouts, never a plan above one that dominates it.
 */
import type { Command } from '../../rules/types.ts';
import type { Plan } from './plan.ts';

/** The plan's moves and cards: everything but its attack and the activation's end (built by one ranking: the same key order). */
const steps = (p: Plan) => p.commands.filter((c: Command) => c.type !== 'attack' && c.type !== 'end').map((c) => JSON.stringify(c)).join();
const samePlace = (a: Plan, b: Plan) => (a.to === null ? b.to === null : b.to !== null && a.to.x === b.to.x && a.to.y === b.to.y && a.to.o === b.to.o);

/** Whether `a` dominates `b`: `b` with an attack added that can deal damage, at no more risk. */
export function dominates(a: Plan, b: Plan): boolean {
  if (!a.target || b.target || !a.odds || a.odds.expected <= 0) return false;
  if (a.figure !== b.figure || !samePlace(a, b) || steps(a) !== steps(b)) return false;
  return a.exposure.expected <= b.exposure.expected + 1e-9 && a.exposure.death <= b.exposure.death + 1e-9 && !a.friendlyWounds;
}

/** Whether some plan of `plans` dominates `p`. */
export const dominated = (p: Plan, plans: readonly Plan[]) => plans.some((q) => q !== p && dominates(q, p));

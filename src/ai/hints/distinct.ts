/**
 * Plans that make different choices (issue 23): the ranking often offers one attack from several
 * neighbouring spaces first, which is not the alternative a player needs shown. Used by the element's
 * Hint (components/ai/hint-provider.ts) and the HTTP hints' `distinct` (src/api/ai.ts).
 */
import type { Plan } from './plan.ts';

/** The choice a plan makes: its attack option and target, else the kind of plain move (Sprint and its discard, an action, a pick-up, the door). */
export function choiceOf(p: Plan): string {
  if (p.target) return `${p.option} → ${p.target}`;
  return p.commands.filter((c) => c.type !== 'move' && c.type !== 'end').map((c) => JSON.stringify(c)).join();
}

/** Where a plain move ends ('here' for staying), null for an attack: two plain moves to one place draw one arrow. */
export function placeOf(p: Plan): string | null {
  if (p.target) return null;
  return p.to ? `${p.to.x},${p.to.y},${p.to.o}` : 'here';
}

/**
 * The best plan, then the best of each other choice, in rank order — a plain move to a place
 * already shown is not another choice (doom2004's Advance, Sprint and Ready to one space); with
 * fewer choices than `n`, the next best plans fill the rest, other places first.
 */
export function distinctPlans(plans: Plan[], n: number): Plan[] {
  if (n <= 0) return [];
  const seen = new Set<string>();
  const places = new Set<string>();
  const first: Plan[] = [];
  for (const p of plans) {
    const k = choiceOf(p);
    const place = placeOf(p);
    if (seen.has(k) || (place !== null && places.has(place))) continue;
    seen.add(k);
    if (place !== null) places.add(place);
    first.push(p);
    if (first.length === n) return first;
  }
  const rest = plans.filter((p) => !first.includes(p));
  const shown = (p: Plan) => placeOf(p) !== null && places.has(placeOf(p)!);
  return [...first, ...rest.filter((p) => !shown(p)), ...rest.filter(shown)].slice(0, n);
}

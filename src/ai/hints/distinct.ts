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

/**
 * The best plan, then the best of each other choice, in rank order; with fewer choices than `n`, the
 * next best plans (other spaces for a choice already there) fill the rest.
 */
export function distinctPlans(plans: Plan[], n: number): Plan[] {
  if (n <= 0) return [];
  const seen = new Set<string>();
  const first: Plan[] = [];
  for (const p of plans) {
    const k = choiceOf(p);
    if (seen.has(k)) continue;
    seen.add(k);
    first.push(p);
    if (first.length === n) return first;
  }
  return [...first, ...plans.filter((p) => !first.includes(p)).slice(0, n - first.length)];
}

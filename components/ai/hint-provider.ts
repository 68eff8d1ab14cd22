/**
 * A hint provider for `<doom-board>`'s `hints` property: the AI's top plans for the figure acting
 * now, as the element's Hint (text + highlighted destinations), with the plans attached for
 * drawing arrows (plan-arrows.ts).
 */
import type { GameState } from '../../src/rules/engine.ts';
import type { Plan } from '../../src/ai/hints/plan.ts';
import { inPageAi, type Ai } from '../../src/ai/protocol.ts';
import type { Hint, HintContext, HintProvider } from '../hints.ts';

export interface AiHint extends Hint {
  /** The plans behind the hint, best first (at most `limit`). */
  plans: Plan[];
}

export interface AiHintOptions {
  /** The full state of the element's game (e.g. `shadowState(client, scenario, seed)`). */
  state: () => Promise<GameState> | GameState;
  /** Where the AI runs: a worker (`workerAi`) in a browser; the page by default. */
  ai?: Ai;
  budgetMs?: number;
  /** How many plans to show (default 3): other choices first (distinctPlans). */
  limit?: number;
}

/** The choice a plan makes: its attack option and target, else the kind of plain move (Sprint and its discard, an action, a pick-up, the door). */
function choiceOf(p: Plan): string {
  if (p.target) return `${p.option} → ${p.target}`;
  return p.commands.filter((c) => c.type !== 'move' && c.type !== 'end').map((c) => JSON.stringify(c)).join();
}

/**
 * The best plan, then the best of each other choice, in rank order (issue 23): the same attack from
 * the next space over is not the alternative a player needs first — three arrows to one target from
 * neighbouring spaces were the usual hint. With fewer choices than `n`, the next best plans (other
 * spaces for a choice already shown) fill the rest.
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

/**
 * Plans asked of the AI per plan shown: enough to find the other choices behind the first one's
 * neighbouring spaces (the tutorial's busiest positions: p95 5.2 ms for 60 plans against 4.3 for 3, in Node).
 */
export const ASKED_PER_SHOWN = 20;

export function aiHintProvider(o: AiHintOptions): HintProvider {
  const ai = o.ai ?? inPageAi();
  return async (context: HintContext): Promise<AiHint | null> => {
    const state = await o.state();
    // The selected figure when it is the one acting; else whoever acts now.
    const figure = context.selected && context.view.active === context.selected ? context.selected : undefined;
    const limit = o.limit ?? 3;
    const plans = distinctPlans(await ai.hints(state, figure, { budgetMs: o.budgetMs ?? 12, limit: limit * ASKED_PER_SHOWN }), limit);
    if (!plans.length) return null;
    return {
      text: plans.map((p, i) => `${i + 1}. ${p.reason}`).join('\n'),
      cells: plans.flatMap((p) => (p.to ? [{ x: p.to.x, y: p.to.y }] : [])),
      plans,
    };
  };
}

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
  /** How many plans (default 3). */
  limit?: number;
}

export function aiHintProvider(o: AiHintOptions): HintProvider {
  const ai = o.ai ?? inPageAi();
  return async (context: HintContext): Promise<AiHint | null> => {
    const state = await o.state();
    // The selected figure when it is the one acting; else whoever acts now.
    const figure = context.selected && context.view.active === context.selected ? context.selected : undefined;
    const plans = await ai.hints(state, figure, { budgetMs: o.budgetMs ?? 12, limit: o.limit ?? 3 });
    if (!plans.length) return null;
    return {
      text: plans.map((p, i) => `${i + 1}. ${p.reason}`).join('\n'),
      cells: plans.flatMap((p) => (p.to ? [{ x: p.to.x, y: p.to.y }] : [])),
      plans,
    };
  };
}

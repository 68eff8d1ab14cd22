/**
 * A hint provider for `<doom-board>`'s `hints` property: the AI's top plans for the figure acting
 * now, as the element's Hint (text + highlighted destinations), with the plans attached for
 * drawing arrows (plan-arrows.ts).
 */
import type { GameState } from '../../src/rules/engine.ts';
import type { Plan } from '../../src/ai/hints/plan.ts';
import { inPageAi, type Ai, type AiStrength } from '../../src/ai/protocol.ts';
import { strengthOf } from '../../src/ai/strength.ts';
import { distinctPlans } from '../../src/ai/hints/distinct.ts';
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
  /**
   * Asked when `ai` has no plan: the worker carries only the doom rulesets' rules, and a decision whose
   * plans play its choices on a copy of the game (in another ruleset) is planned in the page.
   */
  page?: Ai;
  budgetMs?: number;
  /** How hard the AI thinks (the `ai-strength` attribute, read at each hint; src/ai/strength.ts). */
  strength?: () => AiStrength | undefined;
  /** The figures' names as the element shows them: the plans' reasons name figures so (issue 39). */
  name?: (id: string) => string;
  /** How many plans to show (default 3): other choices first (distinctPlans). */
  limit?: number;
}

/**
 * Plans asked of the AI per plan shown. The hint shows the best plan, then the best of each other
 * choice (distinctPlans, issue 23: three arrows to one target from neighbouring spaces were the usual
 * hint), and those lie behind the first one's neighbouring spaces in the ranking (the tutorial's
 * busiest positions: p95 5.2 ms for 60 plans against 4.3 for 3, in Node).
 */
export const ASKED_PER_SHOWN = 20;

export function aiHintProvider(o: AiHintOptions): HintProvider {
  const ai = o.ai ?? inPageAi();
  return async (context: HintContext): Promise<AiHint | null> => {
    const state = await o.state();
    // The selected figure when it is the one acting; else whoever acts now.
    const figure = context.selected && context.view.active === context.selected ? context.selected : undefined;
    const limit = o.limit ?? 3;
    const names = o.name ? Object.fromEntries(context.view.figures.map((g) => [g.id, o.name!(g.id)])) : undefined;
    const strength = o.strength?.();
    // A strength that is not one of the two: the hint says so (the Hint button's promise failed unseen).
    try {
      strengthOf(strength);
    } catch (e) {
      return { text: `No hint: ai-strength ${(e as Error).message.replace(/^strength /, '')}.`, plans: [] };
    }
    const ask = (f: string | undefined) => ai.hints(state, f, { budgetMs: o.budgetMs ?? 12, limit: limit * ASKED_PER_SHOWN, names, ...(strength ? { strength } : {}) });
    let all = await ask(figure);
    // The selected figure may be the attacker while the defender decides (a defense hint): then whoever decides.
    if (!all.length && figure !== undefined) all = await ask(undefined);
    if (!all.length && o.page) all = await o.page.hints(state, undefined, { budgetMs: o.budgetMs ?? 12, limit: limit * ASKED_PER_SHOWN, names });
    const plans = distinctPlans(all, limit);
    if (!plans.length) return null;
    return {
      text: hintText(plans.map((p) => p.reason)),
      cells: plans.flatMap((p) => (p.to ? [{ x: p.to.x, y: p.to.y }] : [])),
      plans,
    };
  };
}

/**
 * The plans' reasons, numbered; what the odds leave out ("before any "while defending" card the
 * invader may play"), when two or more plans share it, said once under them instead of on each
 * line (three such lines filled a phone's screen).
 */
export function hintText(reasons: string[]): string {
  const noteOf = (r: string) => / \((before [^()]*)\)/.exec(r)?.[1];
  const notes = reasons.map(noteOf);
  const shared = [...new Set(notes.filter((n): n is string => !!n && notes.filter((m) => m === n).length > 1))];
  const lines = reasons.map((r, i) => `${i + 1}. ${shared.includes(notes[i]!) ? r.replace(` (${notes[i]})`, '') : r}`);
  return [...lines, ...shared.map((n) => `The odds are ${n}.`)].join('\n');
}

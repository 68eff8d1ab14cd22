/**
 * Ranked hints for the figure acting now (src/ai/hints): plans of where to move, which action and
 * which target, with exact odds, kill chance, exposure and a one-line reason. See plan.ts.
 */
import type { GameState } from '../../rules/engine.ts';
import type { D20State } from '../../rules/d20/state.ts';
import type { D4State } from '../../rules/doom2004/state.ts';
import type { Doom2016State } from '../../rules/doom2016/types.ts';
import { d20Situation } from './d20.ts';
import { doom2004Situation } from './doom2004.ts';
import { doom2016Situation } from './doom2016.ts';
import { doom2016ChoicePlans } from './doom2016-choices.ts';
import { doom2016DefendPlans } from './doom2016-defend.ts';
import { doom2004ChoicePlans } from './doom2004-choices.ts';
import { rankPlans, type HintOptions, type Plan, type Situation } from './plan.ts';
import { hintSearch, searchPlans } from './searched.ts';
import { strengthOf } from '../strength.ts';
import { memoised } from '../memo.ts';
import { figureInGame } from './known.ts';

export type { Plan, HintOptions, Situation, Exposure, Cell } from './plan.ts';
export { rankPlans } from './plan.ts';
export { choiceOf, distinctPlans } from './distinct.ts';
export { HINT_SEARCH } from './searched.ts';

/** The situation of `figure` (default: the figure acting now, or the next one of the side to act). */
export function situationOf(state: GameState, figure?: string): Situation | null {
  switch (state.ruleset) {
    case 'doom2016': return doom2016Situation(state as Doom2016State, figure);
    case 'doom2004': return doom2004Situation(state as D4State, figure);
    case 'd20': return d20Situation(state as D20State, figure);
    default: return null;
  }
}

/**
 * Plans for a decision that is not a figure's moves and attacks (doom2016: the defender's choice, the
 * attacker's "while attacking" cards, a respawn, the demon card and the next demon, a summon, the
 * status phase; doom2004: a respawn, the dice to re-roll, a guard's interrupt), or null when there is
 * none for `figure` (default: whoever decides now).
 */
export function decisionPlans(state: GameState, figure?: string, options: HintOptions = {}): Plan[] | null {
  return memoised(() => choicePlans(state, figure, options));
}

function choicePlans(state: GameState, figure?: string, options: HintOptions = {}): Plan[] | null {
  switch (state.ruleset) {
    case 'doom2016': return doom2016DefendPlans(state as Doom2016State, figure) ?? doom2016ChoicePlans(state as Doom2016State, situationOf, figure, options);
    case 'doom2004': return doom2004ChoicePlans(state as D4State, situationOf, figure, options);
    default: return null;
  }
}

/**
 * Ranked plans for the acting figure (or the defender choosing its defense); [] when nobody can act (or it is not `figure`'s turn);
 * throws when `figure` is not a figure of the game. Ranked
 * by the exact odds, then (doom2016 and doom2004, unless `search: false`) the best few played out (searched.ts).
 * The work is fixed (issue 44): no clock is read, so the same state and options give the same plans
 * on any machine, however slow or loaded.
 */
export function hints(state: GameState, figure?: string, options: HintOptions = {}): Plan[] {
  return memoised(() => rankedHints(state, figure, options));
}

function rankedHints(state: GameState, figure?: string, options: HintOptions = {}): Plan[] {
  const strength = strengthOf(options.strength);
  const s = situationOf(state, figure);
  if (!s) {
    const plans = decisionPlans(state, figure, options);
    if (!plans && figure !== undefined && !figureInGame(state, figure)) throw new Error(`hints: no figure ${JSON.stringify(figure)} in this game`);
    return (plans ?? []).slice(0, options.limit ?? 5);
  }
  const plans = rankPlans(s, options);
  const search = options.search === false ? null : hintSearch(state, strength);
  return search ? searchPlans(state, s.me.side, plans, search) : plans;
}

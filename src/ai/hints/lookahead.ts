/**
 * Hints for a choice after which a figure's activation goes on (issue 23: "plans cover every legal
 * command kind"): where a killed marine respawns, which demon of a card acts next. Each choice is
 * played on a copy of the game — determinized first (autopilot/determinize.ts: hidden cards
 * reshuffled, fresh dice), so the plan never reads what the side cannot know — and the figure's
 * best plan from there (the odds' ranking, plan.ts) becomes the choice's plan: its command first,
 * then the plan's, its score, odds and exposure, and its reason after the choice's words.
 */
import type { GameState } from '../../rules/engine.ts';
import { rulesetModule } from '../../rules/registry.ts';
import type { Command, RulesetEngine } from '../../rules/types.ts';
import { determinize } from '../autopilot/determinize.ts';
import { sideOfCommand } from '../autopilot/sides.ts';
import type { Cell, HintOptions, Plan, Situation } from './plan.ts';
import { rankPlans } from './plan.ts';

export interface Choice {
  /** The choice's commands (a demon card, then which of its demons goes first). */
  commands: Command[];
  /** The figure whose activation goes on after it. */
  figure: string;
  /** The choice in words, capitalised: "Respawn at (3,4)". */
  words: string;
  /** Where the choice puts the figure (the plan's destination when it then stays). */
  at?: Cell;
}

/** The situation of a figure in a state (hints/index.ts situationOf, passed in: index.ts imports this module). */
export type SituationOf = (state: GameState, figure?: string) => Situation | null;

/** One plan per choice the rules accept, best first; [] without the rules engine here. */
export function lookaheadPlans(state: GameState, choices: Choice[], situationOf: SituationOf, options: HintOptions = {}): Plan[] {
  const rules = rulesetModule(state.ruleset)?.rules as RulesetEngine<GameState> | undefined;
  if (!rules || !choices.length) return [];
  const side = sideOfCommand(state, choices[0].commands[0]);
  // The same guess for every choice, from the position only: the same state gives the same hints.
  const seed = (state.rng.s ^ Math.imul(state.round, 0x9e3779b1)) >>> 0;
  const plans: Plan[] = [];
  for (const choice of choices) {
    const copy = rules.clone ? rules.clone(state) : structuredClone(state);
    determinize(copy, side, seed);
    if (!choice.commands.every((c) => Array.isArray(rules.apply(copy, structuredClone(c))))) continue;
    const sit = situationOf(copy, choice.figure);
    const best = sit ? rankPlans(sit, { ...options, limit: 1 })[0] : undefined;
    if (!best) continue;
    plans.push({
      ...best,
      to: best.to ?? choice.at ?? null,
      commands: [...choice.commands, ...best.commands],
      reason: `${choice.words}; then ${best.reason}`,
    });
  }
  // Of equals, the rules' order of the choices.
  return plans.map((p, i) => [p, i] as const).sort((a, b) => b[0].score - a[0].score || a[1] - b[1]).map(([p]) => p);
}

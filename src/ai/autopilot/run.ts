/**
 * Playing whole games with policies (the autopilot, baselines): who decides each step, applying the
 * chosen command through the real engine, and what happens on a refusal (the policy resets and a
 * legal command is sent instead, so a policy bug never stalls a game).
 */
import { createGame, type GameState } from '../../rules/engine.ts';
import type { Game } from '../../rules/game.ts';
import type { Command } from '../../rules/types.ts';
import type { Scenario } from '../../scenario/types.ts';
import type { Policy } from './policy.ts';
import { decidingSide, sideOfCommand } from './sides.ts';

export interface Step {
  side: string;
  command: Command;
}

/** The next command of the side that must decide, by its policy; null when the game is over. */
export function nextStep(game: Game<GameState>, policies: Record<string, Policy>, budgetMs: number): Step | null {
  return stepFrom(game, game.state, policies, budgetMs);
}

/** The same from a copy of the game's state already taken (one copy per step: copies are not cheap). */
function stepFrom(game: Game<GameState>, state: GameState, policies: Record<string, Policy>, budgetMs: number): Step | null {
  const legal = game.legalActions();
  if (!legal.length) return null;
  // The view (a copy and a drawing description) only when two sides have commands.
  const sides = new Set(legal.map((c) => sideOfCommand(state, c)));
  const side = decidingSide(state, legal, sides.size > 1 ? game.view().side : null);
  if (side === null) return null;
  const mine = legal.filter((c) => sideOfCommand(state, c) === side);
  return { side, command: policies[side].choose({ state, side, legal: mine, budgetMs }) };
}

export interface GameResult {
  winner: string | null;
  /** How many decisions were taken (a refused command and its replacement count once). */
  commands: number;
  /** The commands the game applied, in order: `replay(scenario, seed, history)` plays the same game again. */
  history: Command[];
  refused: number;
  /** Decision time per side (ms). */
  thinking: Record<string, number>;
  rounds: number;
}

/** Play until a side wins, or `maxRounds` / `maxCommands` run out (then `winner` is null: a draw). */
export function playGame(scenario: Scenario, seed: number, policies: Record<string, Policy>, o: { budgetMs?: number; maxCommands?: number; maxRounds?: number } = {}): GameResult {
  const game = createGame(scenario, { seed }) as Game<GameState>;
  const missing = (scenario.sides ?? []).filter((side) => !policies[side]);
  if (missing.length) throw new Error(`playGame: no policy for ${missing.join(', ')} (give one for every side: ${(scenario.sides ?? []).join(', ')})`);
  const thinking: Record<string, number> = {};
  let refused = 0;
  let n = 0;
  for (const p of Object.values(policies)) p.reset?.();
  for (; n < (o.maxCommands ?? 4000); n++) {
    const t0 = performance.now();
    const state = game.state;
    if (state.round > (o.maxRounds ?? Infinity)) break;
    const step = stepFrom(game, state, policies, o.budgetMs ?? 40);
    if (!step) break;
    thinking[step.side] = (thinking[step.side] ?? 0) + performance.now() - t0;
    const r = game.apply(step.command);
    if (!r.ok) {
      // A refused command: the policy forgets its plan and chooses again; a second refusal ends the activation.
      refused++;
      policies[step.side].reset?.();
      const again = nextStep(game, policies, o.budgetMs ?? 40);
      if (again && game.apply(again.command).ok) continue;
      const legal = game.legalActions().filter((c) => sideOfCommand(game.state, c) === step.side);
      const fallback = legal.find((c) => c.type === 'end') ?? legal.find((c) => c.type === 'end-turn') ?? legal[0];
      if (!fallback || !game.apply(fallback).ok) break;
    }
  }
  const view = game.view();
  return { winner: view.winner, commands: n, history: game.history, refused, thinking, rounds: view.round };
}

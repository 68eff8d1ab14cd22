/**
 * The rules engine API: createGame(scenario, { seed }), game.state / view / legalActions / apply /
 * undo, replay(scenario, seed, commands). Call `await loadCore()` (src/core) first: every geometric
 * decision goes through the grid core. This entry loads all three rulesets.
 */
import { d20Module } from './d20/index.ts';
import { doom2004Module } from './doom2004/index.ts';
import { doom2016Module } from './doom2016/index.ts';
import { registerRuleset } from './registry.ts';

registerRuleset('doom2016', doom2016Module);
registerRuleset('doom2004', doom2004Module);
registerRuleset('d20', d20Module);

export { createGame, replay, validateGame, loadRuleset, type GameOptions, type GameState } from './engine.ts';
export { Game, ReplayError } from './game.ts';
export type { ApplyResult, Command, FigureView, GameEvent, GameView, Refusal, TokenView } from './types.ts';
export type { D20State, D20Unit } from './d20/state.ts';
export type { Doom2016State } from './doom2016/types.ts';
export type { D4State, D4Figure } from './doom2004/state.ts';

/**
 * The engine: `import { loadCore, Board, createGame, … } from 'doom-board'`. No DOM: it runs in
 * Node, workers, Deno-style runtimes and browsers. Built into lib/engine.js with the Wasm core
 * inlined, so no bundler plugin or file loading is needed; every ruleset is loaded.
 */
export * from './core/index.ts';
export * from './rules/index.ts';
export { ScenarioError, resolveData, schemaProblems, scenarioWarnings, validateScenario, getDataSet, listDataSets, stepCommands } from './scenario/index.ts';
export { HANDICAP_LIMITS, HandicapError, RECOMMENDED_HANDICAPS, applyHandicap, parseHandicap, type HandicapPart } from './scenario/handicap.ts';
export type { DataEntry, DataRef, DataSet, Objective, Scenario, ScenarioArea, ScenarioEdge, ScenarioFigure, ScenarioStep, ScenarioToken } from './scenario/index.ts';
export { bundledScenarios } from './scenario/bundled.ts';
export * from './ai/index.ts';

import type { components } from './api/schema.d.ts';
type Schema = components['schemas'];
/**
 * Each ruleset's commands as a union discriminated by `type` (the OpenAPI document's schemas, which
 * the engine checks every command against): `const c: Doom2016Command = { type: 'move', figure, to }`.
 * `game.apply` takes any `Command`; these say which fields each type has.
 */
export type Doom2016Command = Schema['Doom2016Command'];
export type Doom2004Command = Schema['Doom2004Command'];
export type D20Command = Schema['D20Command'];

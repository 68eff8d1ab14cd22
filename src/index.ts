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

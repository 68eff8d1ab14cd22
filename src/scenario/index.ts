/**
 * Scenarios: the JSON format (scenario.schema.json), its validation and the data sets it uses.
 * Bundled example scenarios are in ./bundled/*.json.
 */
export type { DataRef, Objective, Scenario, ScenarioArea, ScenarioEdge, ScenarioFigure, ScenarioStep, ScenarioToken } from './types.ts';
export { stepCommands } from './steps.ts';
export { ScenarioError, resolveData, schemaProblems, validateScenario } from './validate.ts';
export { scenarioWarnings } from './warnings.ts';
export { HANDICAP_LIMITS, HandicapError, RECOMMENDED_HANDICAPS, applyHandicap, parseHandicap, type HandicapPart } from './handicap.ts';
export type { DataEntry, DataSet } from '../data/index.ts';
export { getDataSet, listDataSets } from '../data/index.ts';

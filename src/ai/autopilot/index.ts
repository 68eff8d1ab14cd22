/**
 * The autopilot (src/ai/autopilot): pluggable policies that play a side through legalActions/apply.
 * `plannerPolicy()` is the autopilot; `randomPolicy`, `greedyPolicy` and the flat Monte-Carlo peer
 * `monteCarloPolicy` are what it is measured against (bench/ai-strength.bench-run.ts);
 * `rolloutSearch` is the planner's search (on by default in doom2016 and doom2004: `AUTOPILOT_SEARCHES`;
 * doom2004's stronger and slower one is opt-in: `STRONG_SEARCHES`).
 */
export * from './policy.ts';
export * from './planner.ts';
export * from './run.ts';
export * from './sides.ts';
export { monteCarloPolicy, type MonteCarloOptions } from './montecarlo.ts';
export { AUTOPILOT_SEARCH, DOOM2004_AUTOPILOT_SEARCH, DOOM2004_SEARCH, rolloutSearch, type PlanSearch, type SearchOptions } from './search.ts';
export { determinize } from './determinize.ts';
export { treeSearch, treeSearchPolicy, type TreeSearchOptions, type TreeSearchResult } from './ismcts.ts';

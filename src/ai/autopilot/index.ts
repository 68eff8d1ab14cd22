/**
 * The autopilot (src/ai/autopilot): pluggable policies that play a side through legalActions/apply.
 * `plannerPolicy()` is the autopilot; `randomPolicy` and `greedyPolicy` are the baselines it is
 * measured against (bench/ai-strength.bench-run.ts).
 */
export * from './policy.ts';
export * from './planner.ts';
export * from './run.ts';
export * from './sides.ts';

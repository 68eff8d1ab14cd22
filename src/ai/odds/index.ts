/** Exact attack odds for every ruleset (src/ai/odds): one module per ruleset, shared distributions. */
export * from './dist.ts';
export * from './doom2016.ts';
export * from './doom2004.ts';
export * from './d20.ts';
export * from './doom2004-state.ts';

/**
 * The bundle's entry: defines `<doom-board>` and exports its types. `npm run build:lib` turns this
 * into one self-contained ES module (`dist/doom-board.js`, the Wasm core inlined); the doom2016
 * and doom2004 rules engines are built beside it and loaded when a board plays them.
 */
export { DoomBoard, type Hint, type HintContext, type HintProvider, type Mode } from './doom-board.ts';
export { InPageEngine, type EngineClient, type GameClient } from './engine-client.ts';
export type * from './events.ts';
// The grid core and the rules engine for scripts: load the core, build boards, start games (the
// doom2016 / doom2004 rules load on demand: `await loadRuleset('doom2016')` before createGame).
export { loadCore } from '../src/core/wasm.ts';
export { createGame, loadRuleset } from '../src/rules/engine.ts';
export { validateScenario } from '../src/scenario/validate.ts';
export type { Scenario } from '../src/scenario/types.ts';
// The pieces the on-demand rules engines import from this module (Board among them).
export * from '../src/rules/ruleset-runtime.ts';
// The pieces the on-demand editor module imports from this module.
export * from './ui-runtime.ts';
// The on-demand AI module's search plays a game out through the rules engine this page loaded.
export { rulesetModule } from '../src/rules/registry.ts';

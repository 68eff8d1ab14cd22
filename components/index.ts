/**
 * The bundle's entry: defines `<doom-board>` and exports its types. `npm run build:lib` turns this
 * into one self-contained ES module (`dist/doom-board.js`, the Wasm core inlined).
 */
export { DoomBoard, type Hint, type HintContext, type HintProvider, type Mode } from './doom-board.ts';
export { InPageEngine, type EngineClient, type GameClient } from './engine-client.ts';
export type * from './events.ts';

/** Public API of the grid core. */
export { loadCore } from './wasm.ts';
export { Board } from './board.ts';
export { ReachBuffer, SightBuffer } from './result-buffers.ts';
export { BoardError, parseBoard, MAP_CHARS, MAX_SIDE } from './board-input.ts';
export type { BoardInput, EdgeInput, FigureInput } from './board-input.ts';
export { describeBlocker } from './explain.ts';
export * from './types.ts';

/** Handicaps (the `handicap` attribute), loaded on demand when a board takes one (built into dist/doom-board-handicap.js: bundling/outputs.ts). */
export { applyHandicap } from '../../src/scenario/handicap.ts';

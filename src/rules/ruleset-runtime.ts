/**
 * What the on-demand rules engines (doom2016, doom2004, d20) take from the main bundle: built on their
 * own, they import these from `doom-board.js` instead of carrying copies (one Wasm core, one
 * registry). Keep this list equal to what those engines import from outside their folders.
 */
export { Board } from '../core/board.ts';
export { BoardError, checkFigures, parseBoard } from '../core/board-input.ts';
export { Cell, EdgeKind } from '../core/types.ts';
export { deepFreeze } from '../data/freeze.ts';
export { ScenarioError, joinPath } from '../scenario/validate.ts';
export { entriesOf } from './ruleset-module.ts';
export { roll, seedRng, shuffle } from './rng.ts';
export { plainCopy } from './plain-copy.ts';
export { sharedBoard, sourceData } from '../core/shared-board.ts';

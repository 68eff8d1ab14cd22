/**
 * Replay mode, loaded on demand: built into dist/doom-board-replay.js (bundling/outputs.ts), which
 * takes everything outside its own files from doom-board.js (components/ui-runtime.ts). Pages that
 * do not step through examples never download it.
 */
export { ReplayMode, StepError } from './replay-mode.ts';

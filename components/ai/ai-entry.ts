/**
 * The AI of play mode, loaded on demand when a board has the `ai` or `autopilot` attribute (built
 * into dist/doom-board-ai.js, the `ai` build of bundling/outputs.ts; Lit and the engine come from
 * doom-board.js, the AI thinks in dist/doom-board-ai-worker.js, the `ai-worker` build).
 */
export { AiPlay } from './ai-play.ts';

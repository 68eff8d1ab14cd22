/**
 * The AI of play mode, loaded on demand when a board has the `ai` or `autopilot` attribute (built
 * into dist/doom-board-ai.js by vite.ai.config.ts; Lit and the engine come from doom-board.js, the
 * AI thinks in dist/doom-board-ai-worker.js built by vite.worker.config.ts).
 */
export { AiPlay } from './ai-play.ts';

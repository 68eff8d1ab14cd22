/** doom2004's blast, loaded on demand with a doom2004 board (built into dist/doom-board-blast.js by vite.ui.config.ts). */
export { BlastView } from '../interaction/blast.ts';

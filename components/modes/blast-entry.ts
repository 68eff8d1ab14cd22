/** doom2004's blast, loaded on demand with a doom2004 board (built into dist/doom-board-blast.js: bundling/outputs.ts). */
export { BlastView } from '../interaction/blast.ts';

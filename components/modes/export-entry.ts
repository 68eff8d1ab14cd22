/** Saving the board as SVG / PNG, loaded on the first Save click (dist/doom-board-export.js). */
export { boardSvg, downloadBoard } from '../render/export.ts';

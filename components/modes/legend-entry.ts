/** The legend's list, loaded the first time a legend is opened (dist/doom-board-legend.js). */
export { legendList } from '../render/legend-list.ts';

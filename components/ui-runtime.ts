/**
 * What the on-demand UI modules (editor, play table, export, legend) take from the main bundle. Keep this list equal to
 * what those modules import from outside their own files (test/bundle/size.test.ts checks it).
 */
export { html, nothing, svg } from 'lit';
export { cellName, figureName } from './coords.ts';
export { extras } from './interaction/describe.ts';
export { problemsOf } from './events.ts';
export { modelFromBoard, padMap } from './model.ts';
export { messageLine } from './panels/explore-panel.ts';
export { tokenIcon } from './render/figures.ts';

/**
 * What the on-demand UI modules (editor, play table, export, legend, replay) take from the main bundle. Keep this list equal to
 * what those modules import from outside their own files (test/bundle/size.test.ts checks it).
 */
export { html, nothing, svg } from 'lit';
export { cellName, figureName } from './coords.ts';
// The AI's words name ids as the element does (the same function as figureName).
export { readableName } from '../src/core/names.ts';
export { describeCommand, describeEvent, extras } from './interaction/describe.ts';
export { doorName } from './interaction/doors.ts';
export { readableSummary, sentences } from './interaction/readable.ts';
export { boardDataOfView, selectionOf } from './interaction/selection.ts';
export { problemsOf } from './events.ts';
export { modelFromBoard, modelFromView, padMap } from './model.ts';
export { explanationLine, messageLine } from './panels/explore-panel.ts';
export { tokenIcon } from './render/figures.ts';
export { packHistory } from './url-state.ts';

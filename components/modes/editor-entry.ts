/**
 * Edit mode, loaded on demand: the bundle builds this into dist/doom-board-editor.js (see
 * bundling/outputs.ts), which takes everything outside the editor's own files from doom-board.js
 * (components/ui-runtime.ts). Pages that only show or play boards never download it.
 */
export { EditMode, type EditorHost } from './edit-mode.ts';
export { editPanel } from '../panels/edit-panel.ts';
export { blankScenario, DEFAULT_SIDES } from '../editor/edit-state.ts';
export { discardDraft, readDraft, saveDraft } from '../editor/drafts.ts';

/**
 * The doom2016 / doom2004 play table, loaded on demand when a board plays one of them (built into
 * dist/doom-board-table.js, bundling/outputs.ts; Lit and the helpers come from doom-board.js).
 */
export { choosesItself, commandWords, playTable, type TableContext } from '../panels/play-table.ts';
export { eventLine, type LogLine, type WordsContext } from '../log/event-words.ts';

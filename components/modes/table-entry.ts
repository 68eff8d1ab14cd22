/**
 * The doom2016 / doom2004 play table, the event log's words of every ruleset and keeping the last
 * command in view on a scrolling board, loaded on demand when a board plays (built into
 * dist/doom-board-table.js, bundling/outputs.ts; Lit and the helpers come from doom-board.js).
 */
export { choosesItself, commandWords, playTable, type TableContext } from '../panels/play-table.ts';
export { eventLine, type LogLine, type WordsContext } from '../log/event-words.ts';
export { eventCells, keepInView } from '../interaction/keep-in-view.ts';

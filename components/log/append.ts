/**
 * The event log's lines as the element keeps them. A command's lines go at the end. The list renders
 * by position, so cutting the oldest line rewrites every line's text and lays the whole log out again
 * (cut at every command, late in a game that was a 50 ms task each): the log is cut only past
 * LOG_MAX lines (their numbers still fit the list's margin), back to the last LOG_KEEP.
 */
import type { LogLine } from './event-words.ts';

export const LOG_MAX = 999;
export const LOG_KEEP = 600;

export function appendLog(log: LogLine[], lines: LogLine[]): LogLine[] {
  const next = [...log, ...lines];
  return next.length > LOG_MAX ? next.slice(-LOG_KEEP) : next;
}

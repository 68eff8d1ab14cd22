/**
 * The element's event log (components/log/append.ts): a command's lines are added at the end and
 * the lines before keep their places (the list renders by position: a shift would rewrite every
 * line); only past LOG_MAX lines is it cut, back to the newest LOG_KEEP.
 */
import { expect, test } from 'vitest';
import { LOG_KEEP, LOG_MAX, appendLog } from '../../components/log/append.ts';

const lines = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ text: `line ${from + i}` }));

test('appending keeps every earlier line at its place, up to LOG_MAX lines', () => {
  let log = lines(0, LOG_MAX - 2);
  const before = log;
  log = appendLog(log, lines(LOG_MAX - 2, 2));
  expect(log).toHaveLength(LOG_MAX);
  log.slice(0, before.length).forEach((l, i) => expect(l).toBe(before[i]));
  expect(log.at(-1)!.text).toBe(`line ${LOG_MAX - 1}`);
});

test('one line past LOG_MAX: cut back to the newest LOG_KEEP, in order; the numbers stay under 1000', () => {
  const log = appendLog(lines(0, LOG_MAX), lines(LOG_MAX, 1));
  expect(log).toHaveLength(LOG_KEEP);
  expect(log[0].text).toBe(`line ${LOG_MAX + 1 - LOG_KEEP}`);
  expect(log.at(-1)!.text).toBe(`line ${LOG_MAX}`);
  expect(LOG_MAX).toBeLessThan(1000);
});

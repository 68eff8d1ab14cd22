/**
 * The element composes; it does not decide (issue 21). Its code has no import circle: among
 * components/ files, following every import — values, types and on-demand `import()` — never leads
 * back to where it started. The element file stays small, and nothing but the bundle's entry
 * imports it: the state model and the controllers depend on each other, never on the element.
 */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { circles, importsOf as importsUnder, lineCount, sources } from './imports.ts';

const ROOT = fileURLToPath(new URL('../../components', import.meta.url));
const ELEMENT = join(ROOT, 'doom-board.ts');
/** The bundle's entry (components/index.ts), which defines and exports the element. */
const ENTRY_POINTS = [join(ROOT, 'index.ts')];
const importsOf = (file: string) => importsUnder(file, ROOT);

test('the circle finder finds a circle (a → b → a) and none in a line', () => {
  expect(circles(['a', 'b'], (f) => (f === 'a' ? ['b'] : ['a']))).toEqual([['a', 'b', 'a']]);
  expect(circles(['a', 'b', 'c'], (f) => (f === 'a' ? ['b'] : f === 'b' ? ['c'] : []))).toEqual([]);
});

test('no import circle among components/ files', () => {
  const files = sources(ROOT);
  expect(files.length).toBeGreaterThan(30);
  const found = circles(files, importsOf).map((c) => c.map((f) => relative(ROOT, f)).join(' → '));
  expect(found).toEqual([]);
});

test('components/doom-board.ts has at most 400 lines', () => {
  expect(lineCount(ELEMENT)).toBeLessThanOrEqual(400);
});

test('only the element\'s entry point imports components/doom-board.ts: controllers and the state model never do', () => {
  const importers = sources(ROOT).filter((f) => importsOf(f).includes(ELEMENT)).map((f) => relative(ROOT, f));
  expect(importers).toEqual(ENTRY_POINTS.map((f) => relative(ROOT, f)));
});

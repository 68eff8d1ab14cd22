/**
 * The element composes; it does not decide (issue 21). Its code has no import circle: among
 * components/ files, following every import — values, types and on-demand `import()` — never leads
 * back to where it started. The element file stays small, and nothing but the bundle's entry
 * imports it: the state model and the controllers depend on each other, never on the element.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../components', import.meta.url));
const ELEMENT = join(ROOT, 'doom-board.ts');
/** The bundle's entry (components/index.ts), which defines and exports the element. */
const ENTRY_POINTS = [join(ROOT, 'index.ts')];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every import of a file that lands inside components/. */
function importsOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:(?:import|export)\s[^'"]*?from\s+|import\()'(\.[^']+\.ts)'/g)]
    .map((m) => resolve(dirname(file), m[1]))
    .filter((p) => p.startsWith(ROOT + '/'));
}

function circles(files: string[], importsOf: (f: string) => string[]): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (f: string) => {
    path.push(f);
    for (const d of importsOf(f)) {
      const at = path.indexOf(d);
      if (at >= 0) found.push([...path.slice(at), d]);
      else if (!done.has(d)) visit(d);
    }
    path.pop();
    done.add(f);
  };
  for (const f of files) if (!done.has(f)) visit(f);
  return found;
}

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
  const lines = readFileSync(ELEMENT, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  expect(lines.length).toBeLessThanOrEqual(400);
});

test('only the element\'s entry point imports components/doom-board.ts: controllers and the state model never do', () => {
  const importers = sources(ROOT).filter((f) => importsOf(f).includes(ELEMENT)).map((f) => relative(ROOT, f));
  expect(importers).toEqual(ENTRY_POINTS.map((f) => relative(ROOT, f)));
});

/**
 * The element's code has no import circle (issue 21): among components/ files, following every
 * import — values, types and on-demand `import()` — never leads back to where it started.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../components', import.meta.url));

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

/**
 * The engine's layers run one way (docs/architecture.md): the grid core at the bottom, then the data
 * sets and the plain reference, the scenario, the rules, the AI, the HTTP API and the server; the
 * package entry (src/index.ts) on top. A file imports only from its own layer or the ones below, and
 * no chain of imports — values, types or `import()` — leads back to where it started.
 */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { circles, importsOf, lineCount, sources } from './imports.ts';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const COMPONENTS = fileURLToPath(new URL('../../components', import.meta.url));

/** Each layer's rank: a file may import from a layer of the same or a lower rank only. */
const LAYERS: Record<string, number> = {
  core: 0,
  data: 1,
  reference: 1,
  scenario: 2,
  rules: 3,
  ai: 4,
  api: 5,
  server: 6,
  'index.ts': 7,
};
/** Written by a generator, not by hand (`npm run api:types`). */
const GENERATED = [join(SRC, 'api', 'schema.d.ts')];

const layerOf = (file: string) => relative(SRC, file).split('/')[0];
const files = sources(SRC);
const imports = (f: string) => importsOf(f, SRC);

test('every folder of src/ has a layer', () => {
  expect([...new Set(files.map(layerOf))].filter((l) => !(l in LAYERS))).toEqual([]);
});

test('no import circle among src/ files', () => {
  expect(files.length).toBeGreaterThan(100);
  const found = circles(files, imports).map((c) => c.map((f) => relative(SRC, f)).join(' → '));
  expect(found).toEqual([]);
});

/** Each import from a file to a file of a higher layer, as "from → to". */
const upward = (list: string[], importsOf: (f: string) => string[]) =>
  list.flatMap((f) =>
    importsOf(f)
      .filter((d) => LAYERS[layerOf(d)] > LAYERS[layerOf(f)])
      .map((d) => `${relative(SRC, f)} → ${relative(SRC, d)}`),
  );

test('no import runs up a layer (core ← data, reference ← scenario ← rules ← ai ← api ← server)', () => {
  expect(upward(files, imports)).toEqual([]);
});

test('the layer check sees an upward import (a rules file importing the AI) and passes a downward one', () => {
  const rules = join(SRC, 'rules', 'x.ts');
  const ai = join(SRC, 'ai', 'y.ts');
  const graph: Record<string, string[]> = { [rules]: [ai], [ai]: [rules] };
  expect(upward([rules, ai], (f) => graph[f])).toEqual(['rules/x.ts → ai/y.ts']);
});

test('no hand-written file in src/ or components/ is over 500 lines', () => {
  const long = [...files, ...sources(COMPONENTS)]
    .filter((f) => !GENERATED.includes(f))
    .map((f) => [relative(join(SRC, '..'), f), lineCount(f)] as const)
    .filter(([, n]) => n > 500);
  expect(long).toEqual([]);
});

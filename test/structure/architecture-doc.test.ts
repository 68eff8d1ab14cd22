/**
 * docs/architecture.md names files and folders as the places a change goes: each must be there, so
 * the page cannot drift from the tree it describes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

test('every path docs/architecture.md names from the repository root exists', () => {
  const named = [...page.matchAll(/`((?:assembly|src|components|bundling|scripts|bench|test|docs|demo)\/[^`\s]*)`/g)].map((m) => m[1]);
  expect(named.length).toBeGreaterThan(30);
  // `src/rules/<id>/` and `bench/grid*.bench-run.ts` stand for a family: some file of its folder starts with the fixed part.
  const exists = (p: string) => {
    const fixed = p.replace(/[*<].*$/, '');
    if (fixed === p) return existsSync(join(ROOT, p));
    const dir = fixed.slice(0, fixed.lastIndexOf('/') + 1);
    return readdirSync(join(ROOT, dir)).some((f) => f.startsWith(fixed.slice(dir.length)));
  };
  expect(named.filter((p) => !exists(p))).toEqual([]);
});

test('the layer ranks the page states are the ones the structure test holds', () => {
  const ranks = readFileSync(join(ROOT, 'test/structure/src.test.ts'), 'utf8');
  for (const [layer, rank] of [...page.matchAll(/`(core|data|reference|scenario|rules|ai|api|server)`,? (\d)/g)].map((m) => [m[1], m[2]])) {
    expect(ranks, `${layer} ${rank}`).toMatch(new RegExp(`\\b${layer}['"]?: ${rank}\\b`));
  }
});

/**
 * bundling/outputs.ts is the list of what `npm run build` writes: the build wrote no file the table
 * does not declare, and every row's file is there. Needs the build (`npm run build`, which npm test
 * runs first).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type Folder, folderOf, isEntry, OUTPUTS, patternOf, STEPS } from '../../bundling/outputs.ts';
import { VITE_BUILDS } from '../../bundling/builds.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Every file under `folder`, as a path from the repository root with `/` separators. */
const filesIn = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();

describe('bundling/outputs.ts', () => {
  test('every row is built by a step of its folder, and every step of a folder writes a row', () => {
    for (const o of OUTPUTS) expect(STEPS[folderOf(o)], o.file).toContain(o.step);
    for (const [folder, steps] of Object.entries(STEPS)) {
      for (const step of steps) if (step !== 'scripts/write-sizes.mjs') expect(OUTPUTS.some((o) => o.step === step && folderOf(o) === folder), `${folder}: ${step}`).toBe(true);
    }
  });

  test('every Vite build is configured and run, and every entry a row names exists', () => {
    const run = Object.values(STEPS).flat();
    expect(Object.keys(VITE_BUILDS).sort()).toEqual(run.filter((s) => !s.startsWith('scripts/')).sort());
    for (const s of run.filter((s) => s.startsWith('scripts/'))) expect(existsSync(join(ROOT, s)), s).toBe(true);
    const entries = OUTPUTS.filter((o) => isEntry(o) && o.step in VITE_BUILDS && o.step !== 'site');
    for (const o of entries) expect(existsSync(join(ROOT, o.from)), `${o.file} from ${o.from}`).toBe(true);
  });

  test('the patterns match what they say', () => {
    const chunks = patternOf({ file: 'lib/chunks/*.js', from: '', step: 'server' });
    expect(['lib/chunks/store-DrI4Ldee.js', 'lib/chunks/d20-_hME2wX3.js'].every((f) => chunks.test(f))).toBe(true);
    expect(chunks.test('lib/chunks/x/store.js') || chunks.test('lib/chunks.js') || chunks.test('lib/chunks/store-D.js.map')).toBe(false);
    const types = patternOf({ file: 'lib/types/**/*.d.ts', from: '', step: 'scripts/build-types.mjs' });
    expect(types.test('lib/types/src/ai/hints/plan.d.ts') && types.test('lib/types/x.d.ts')).toBe(true);
    expect(types.test('lib/types/src/index.js')).toBe(false);
    expect(patternOf({ file: 'dist/doom-board.js', from: '', step: 'element' }).test('dist/doom-boardxjs')).toBe(false);
  });

  for (const folder of ['dist', 'lib', 'dist-demo'] as Folder[]) {
    const rows = OUTPUTS.filter((o) => folderOf(o) === folder);
    test(`${folder}/: the build wrote the table's files and no other`, () => {
      expect(existsSync(join(ROOT, folder)), `${folder}/ is missing: run \`npm run build\` (npm test does)`).toBe(true);
      const files = filesIn(folder);
      expect(files.filter((f) => !rows.some((o) => patternOf(o).test(f))), 'files no row of bundling/outputs.ts declares').toEqual([]);
      expect(rows.filter((o) => !files.some((f) => patternOf(o).test(f))).map((o) => o.file), 'rows whose file the build did not write').toEqual([]);
    });
  }
});

/**
 * The type declarations `npm run types` ships beside the bundle (dist/doom-board.d.ts): a
 * TypeScript page that imports the package by name type-checks against them, and a wrong use
 * is refused. Built here into a temporary package so the test needs nothing from dist/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules/.bin/tsc');
let dir = '';

/** Runs tsc; returns its output ('' when it found no error). */
function tsc(args: string[], cwd: string): string {
  try {
    execFileSync(TSC, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (e) {
    const { stdout, stderr } = e as { stdout: string; stderr: string };
    return `${stdout}${stderr}` || String(e);
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'doom-board-types-'));
  const pkg = join(dir, 'node_modules/doom-board');
  mkdirSync(pkg, { recursive: true });
  // The same two steps as the `types` script, into the temporary package.
  expect(tsc(['-p', 'tsconfig.lib.json', '--outDir', join(pkg, 'types')], ROOT)).toBe('');
  writeFileSync(join(pkg, 'doom-board.d.ts'), "export * from './types/components/index.ts';\n");
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({
    name: 'doom-board', type: 'module', exports: { '.': { types: './doom-board.d.ts', default: './doom-board.js' } },
  }));
  // A consumer installs the package's dependencies (lit) beside it.
  for (const dep of ['lit', 'lit-html', 'lit-element', '@lit']) symlinkSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom'], noEmit: true },
    files: ['page.ts'],
  }));
}, 60_000);

afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

test('a page importing the package by name type-checks: the element, loadCore, Board, createGame', () => {
  writeFileSync(join(dir, 'page.ts'), `
import { Board, createGame, loadCore, loadRuleset, validateScenario, type DoomBoard, type Scenario } from 'doom-board';
const el: DoomBoard = document.createElement('doom-board');
el.mode = 'play';
await loadCore();
await loadRuleset('doom2016');
const s: Scenario = JSON.parse('{}');
console.log(el, Board, createGame, validateScenario(s));
`);
  expect(tsc(['-p', '.'], dir)).toBe('');
}, 60_000);

test('a wrong use is refused by the declarations (an unknown mode)', () => {
  writeFileSync(join(dir, 'page.ts'), `
import type { DoomBoard } from 'doom-board';
const el: DoomBoard = document.createElement('doom-board');
el.mode = 'fly';
`);
  expect(tsc(['-p', '.'], dir)).toMatch(/TS2322.*"fly"/s);
}, 60_000);

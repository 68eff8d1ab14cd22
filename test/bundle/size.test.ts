/**
 * The embeddable bundle (built by `npm test` before Vitest runs, or by `npm run build:lib`):
 * dist/doom-board.js is one self-contained module, JS + Wasm within its gzip budget of
 * bundling/outputs.ts — everything a page needs to show, explain and edit boards of every ruleset
 * and to play d20. Playing doom2016 or doom2004 loads that ruleset's engine from beside it
 * (dist/doom-board-doom2016.js, ...); each module beside it has its own budget there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { folderOf, OUTPUTS } from '../../bundling/outputs.ts';
import { wasmAsText } from '../../bundling/plugins/wasm-as-text.ts';
import { SIZED_DOCUMENTS, markedFiles, withSizes } from '../../scripts/write-sizes.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
/** dist/'s rows of bundling/outputs.ts: every module a page loads, each with its gzip budget (and the reasons of its raises); not the scenario files shipped beside them. */
const MODULES = OUTPUTS.filter((o) => folderOf(o) === 'dist' && o.file.endsWith('.js')).map((o) => ({ file: basename(o.file), budget: o.budget }));
const BUDGET = MODULES.find((m) => m.file === 'doom-board.js')!.budget!;
const ENGINES = ['doom-board-d20.js', 'doom-board-doom2004.js', 'doom-board-doom2016.js'];
/** The HTTP engine (the `api` attribute), loaded on demand; it imports nothing. */
const HTTP = 'doom-board-http.js';
/** UI modules fetched on demand (the editor, the play table, …), built like the engines. */
const UI = ['doom-board-blast.js', 'doom-board-editor.js', 'doom-board-export.js', 'doom-board-handicap.js', 'doom-board-legend.js', 'doom-board-replay.js', 'doom-board-table.js'];
/** The play mode's AI (the `ai` / `autopilot` attributes), on demand; its Web Worker imports nothing (it cannot share the page's modules). */
const AI = 'doom-board-ai.js';
const AI_WORKER = 'doom-board-ai-worker.js';
const CORE_TEXT = wasmAsText(readFileSync(fileURLToPath(new URL('../../build/core.wasm', import.meta.url))));
const read = (f: string) => readFileSync(`${DIST}${f}`, 'utf8');
const gzipped = (f: string) => gzipSync(readFileSync(`${DIST}${f}`), { level: 9 }).length;

describe('bundle', () => {
  test('dist/ holds doom-board.js (the Wasm inlined), the on-demand rules engines and the on-demand editor', () => {
    expect(existsSync(DIST), 'dist/ is missing: run `npm run build:lib`').toBe(true);
    expect(readdirSync(DIST).filter((f) => f.endsWith('.js')).sort()).toEqual([...ENGINES, HTTP, ...UI, AI, AI_WORKER, 'doom-board.js'].sort());
  });

  test('doom-board.js imports nothing up front and fetches no separate .wasm file', () => {
    const js = read('doom-board.js');
    expect(js).not.toMatch(/^\s*import\s|[;}\n]\s*import\s*[{"'*\w]/m);
    expect(js).not.toMatch(/\.wasm["'`]/);
    // The Wasm core is inlined as text (bundling/plugins/wasm-as-text.ts): exactly the core that was built.
    expect(js).toContain(CORE_TEXT);
    expect(js).not.toContain('data:application/wasm;base64,');
    for (const engine of [...ENGINES, HTTP, ...UI, AI]) expect(js).toContain(`import(\`./${engine}\`)`);
    expect(read(HTTP)).not.toMatch(/^\s*import\s|[;}\n]\s*import\s*[{"'*\w]/m);
    // The worker: one file with its own Wasm core, no import, no fetch of anything beside it.
    const worker = read(AI_WORKER);
    expect(worker).not.toMatch(/^\s*import\s|[;}\n]\s*import\s*[{"'*\w]|import\(/m);
    expect(worker).toContain(CORE_TEXT);
    expect(read(AI)).toContain('./doom-board-ai-worker.js');
  });

  test('doom-board.js exports the engine for scripts: loadCore, Board, createGame, loadRuleset, validateScenario', () => {
    const exported = new Set([...read('doom-board.js').matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((x) => x.trim().split(/\s+as\s+/).pop()!)));
    for (const name of ['DoomBoard', 'loadCore', 'Board', 'createGame', 'loadRuleset', 'validateScenario']) expect(exported, name).toContain(name);
  });

  test('the rules engines and the editor import only from doom-board.js, and only names it exports', () => {
    const exported = new Set([...read('doom-board.js').matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((x) => x.trim().split(/\s+as\s+/).pop()!)));
    for (const engine of [...ENGINES, ...UI, AI]) {
      const js = read(engine);
      const imports = [...js.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)];
      // Engines take the grid core from the main module; a UI module may need nothing from it.
      expect(imports.map((m) => m[2]), engine).toEqual(ENGINES.includes(engine) || imports.length ? ['./doom-board.js'] : []);
      const names = imports.length ? imports[0][1].split(',').map((x) => x.trim().split(/\s+as\s+/)[0]) : [];
      for (const name of names) expect(exported, `${engine} imports ${name}`).toContain(name);
    }
  });

  test('every module in dist/ has a gzip budget in bundling/outputs.ts, and the four kinds above are the table\'s modules', () => {
    expect(MODULES.filter((m) => !m.budget).map((m) => m.file), 'a module without a budget').toEqual([]);
    expect(MODULES.map((m) => m.file).sort()).toEqual([...ENGINES, HTTP, ...UI, AI, AI_WORKER, 'doom-board.js'].sort());
  });

  test(`each module is within its budget of bundling/outputs.ts (doom-board.js, JS + Wasm: ${BUDGET / 1024} KB gzipped)`, () => {
    const sizes = MODULES.map((m) => ({ ...m, gzipped: gzipped(m.file) }));
    console.log(`bundle (gzipped / budget): ${sizes.map((m) => `${m.file} ${(m.gzipped / 1024).toFixed(1)}/${m.budget! / 1024} KB`).join(', ')}`);
    for (const m of sizes) expect(m.gzipped, `${m.file} (budget ${m.budget! / 1024} KB)`).toBeLessThanOrEqual(m.budget!);
  });

  test('the README states every module\'s gzipped size as the build wrote it (scripts/write-sizes.mjs), none by hand', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    // Every module in dist/ has its marked size, and every marked number is the built file's.
    expect(markedFiles(readme).sort()).toEqual(readdirSync(DIST).filter((f) => f.endsWith('.js')).sort());
    const current = withSizes(readme);
    const stale = markedFiles(readme).filter((f) => !current.includes(readme.match(new RegExp(`<!--size:${f.replace(/\./g, '\\.')}-->[^<]*<!--/size-->`))![0]));
    expect(stale, 'README sizes behind the build: run `node scripts/write-sizes.mjs` (npm run bundle does)').toEqual([]);
    // The main module's size in the text is its gzipped size in KB, one decimal.
    expect(readme).toContain(`<!--size:doom-board.js-->${(gzipped('doom-board.js') / 1024).toFixed(1)} KB<!--/size-->`);
  });

  test('the demo\'s embed page states the one-tag bundle\'s size as the build wrote it too', () => {
    expect(SIZED_DOCUMENTS).toContain('demo/embed.html');
    const page = readFileSync(fileURLToPath(new URL('../../demo/embed.html', import.meta.url)), 'utf8');
    expect(markedFiles(page)).toEqual(['doom-board.js']);
    expect(page).toBe(withSizes(page));
    expect(page).not.toMatch(/about \d+ KB/);
  });

  test('doom-board.js leaves out the data sets\' notes and has the card, dice and weapon sets by name only: their ruleset\'s engine carries them whole, every entry with its source label', async () => {
    const js = readFileSync(`${DIST}doom-board.js`, 'utf8');
    const { getDataSet, listDataSets } = await import('../../src/data/index.ts');
    let onDemand = 0;
    for (const name of listDataSets()) {
      const set = getDataSet(name)!;
      const engine = read(`doom-board-${set.ruleset}.js`);
      for (const file of [js, engine]) if (set.notes) expect(file.includes(set.notes), `${name}: notes`).toBe(false);
      // The main module knows every set by name (a scenario naming it is checked there).
      expect(new RegExp(`["'\`]${name}["'\`]`).test(js), `${name}: named in doom-board.js`).toBe(true);
      // Units whole in the main module (their footprints are checked there); the rest in their engine's module.
      const home = set.kind === 'units' ? js : engine;
      if (set.kind !== 'units') {
        onDemand++;
        expect(new RegExp(`name:["'\`]${name}["'\`][^{}]*entries:\\{\\}`).test(js), `${name}: in doom-board.js without its entries`).toBe(true);
      }
      // Each entry's id and source (official citation or "sample, not official") is in the module that carries it.
      for (const [id, e] of Object.entries(set.entries)) {
        if (e.source) expect(home.includes(e.source), `${name}/${id}: source`).toBe(true);
      }
    }
    expect(onDemand).toBe(10);
  });
});

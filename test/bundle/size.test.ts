/**
 * The embeddable bundle (built by `npm test` before Vitest runs, or by `npm run build:lib`):
 * dist/doom-board.js is one self-contained module, JS + Wasm ≤ 62 KB gzipped — everything a page
 * needs to show, explain and edit boards of every ruleset and to play d20. Playing doom2016 or
 * doom2004 loads that ruleset's engine from beside it (dist/doom-board-doom2016.js, ...).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { wasmAsText } from '../../vite.modules.ts';
import { markedFiles, withSizes } from '../../scripts/write-sizes.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
// 60 KB until issue 41: the grid core's sight map for open boards (no edges, no difficult terrain;
// assembly/open2016.ts, about 1.1 KB gzipped in every bundle that carries the core) costs what its
// shadows cost instead of side³ per attacker corner (101×101: 27 ms → 0.12 ms); reach snapshots
// that copy only what the search reached (src/core/snapshots.ts) 0.3 KB more: 60.5 KB. 62 KB since
// worked examples (issue 40): a scenario's `steps` in the schema and its checks (every scenario is
// validated here), the replay mode's loader and its URL step, and the worker started in the form
// bundlers follow — about 0.85 KB; the replay mode itself is on demand (doom-board-replay.js).
const BUDGET = 62 * 1024;
const ENGINE_BUDGET = 20 * 1024;
const ENGINES = ['doom-board-d20.js', 'doom-board-doom2004.js', 'doom-board-doom2016.js'];
/** The HTTP engine (the `api` attribute), loaded on demand; it imports nothing. */
const HTTP = 'doom-board-http.js';
/** UI modules fetched on demand (the editor), built like the engines by vite.ui.config.ts. */
const UI = ['doom-board-blast.js', 'doom-board-editor.js', 'doom-board-export.js', 'doom-board-handicap.js', 'doom-board-legend.js', 'doom-board-replay.js', 'doom-board-table.js'];
const UI_BUDGET = 12 * 1024;
/** The play mode's AI (the `ai` / `autopilot` attributes), on demand; its Web Worker imports nothing (it cannot share the page's modules). */
const AI = 'doom-board-ai.js';
const AI_WORKER = 'doom-board-ai-worker.js';
// 20 KB until issue 23: the exact doom2004 odds under the best re-roll set (the page's own AI, used
// when no worker can start, carries them) added 2.3 KB, and the autopilot's rollout search (on by
// default in doom2016: the page's AI must play the same game as the worker's) 2.1 KB more; it is
// loaded only by boards that play with AI. 27 KB since the plans name the cards their doom2016 odds
// leave out (issue 23, labelled numbers: 0.2 KB). 28 KB since the defender's choice has hints and no
// plan is put above one that dominates it (issue 23 review: 1.4 KB with the shared note's wording).
// 32 KB since every decision has hints (issue 23, "plans cover every legal command kind": a press,
// the demon card, a respawn, a summon, the status phase, doom2004 re-rolls and guards; about 3 KB),
// and Undo with only the autopilot's commands so far takes nothing back. 33 KB since the rollouts
// stopped building a grid-core board at every step (the greedy walk reads the map itself, the
// doom2016 rules share one board: 0.4 KB; the searched decision 20 ms instead of 56–86 ms). 34 KB
// since the worker starts in the form every bundler follows (issue 40: components/worker, with one
// console message when it cannot start) beside the d20 cover lines drawn through their blocker, and
// hints name every click in the element's words and count what can arrive, blasts and hunting
// (issue 39: 0.65 KB).
const AI_BUDGET = 34 * 1024;
// 48 KB until the autopilot's search (issue 23): the worker plays doom2016 rollouts through the
// rules engine, which it carries (9.5 KB; it imports nothing at run time). 63 KB since every
// decision has hints (about the same 3 KB as the AI chunk's). 64 KB since plans shoot and scoot
// (issue 23: the step back after an attack, named in the plan, and the search's kiting rollouts;
// about 0.8 KB, the worker 63.2 KB with it). 65 KB since doom2016 telefrags happen on the way (issue
// 46: the hops of a move's path onto demons, and a large demon's spaces priced without it after its
// telefrag; 0.43 KB). 67 KB since the core's open-board sight map and reach snapshots (issue 41: the
// same 1.4 KB as doom-board.js) and d20 cover lines drawn through their blocker (issue 43: 0.2 KB).
// 68 KB since hints name every click in the element's words and count what can arrive, blasts and
// hunting (issue 39: 0.6 KB).
// 69 KB since every command type has its schema, checked by the engine the worker carries (issue 38:
// a field of another type or an unbounded value is refused before anything is stored; the checker
// and the tables of the rulesets it plays: 1.3 KB, the worker 67.1 KB with it and issue 39's hints).
const AI_WORKER_BUDGET = 69 * 1024;
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
    // The Wasm core is inlined as text (vite.modules.ts, wasmAsText): exactly the core that was built.
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

  test(`doom-board.js (JS + Wasm) is at most ${BUDGET / 1024} KB gzipped; each rules engine at most ${ENGINE_BUDGET / 1024} KB`, () => {
    const main = gzipped('doom-board.js');
    const engines = ENGINES.map((f) => [f, gzipped(f)] as const);
    console.log(`bundle: ${(main / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB); ${engines.map(([f, n]) => `${f} ${(n / 1024).toFixed(1)} KB`).join(', ')}`);
    expect(main).toBeLessThanOrEqual(BUDGET);
    for (const [f, n] of engines) expect(n, f).toBeLessThanOrEqual(ENGINE_BUDGET);
    expect(gzipped(HTTP), HTTP).toBeLessThanOrEqual(ENGINE_BUDGET);
    for (const f of UI) expect(gzipped(f), f).toBeLessThanOrEqual(UI_BUDGET);
    console.log(`AI: ${AI} ${(gzipped(AI) / 1024).toFixed(1)} KB, ${AI_WORKER} ${(gzipped(AI_WORKER) / 1024).toFixed(1)} KB gzipped`);
    expect(gzipped(AI), AI).toBeLessThanOrEqual(AI_BUDGET);
    expect(gzipped(AI_WORKER), AI_WORKER).toBeLessThanOrEqual(AI_WORKER_BUDGET);
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

  test('doom-board.js leaves out the data sets\' notes, and every entry keeps its source label', async () => {
    const js = readFileSync(`${DIST}doom-board.js`, 'utf8');
    const { getDataSet, listDataSets } = await import('../../src/data/index.ts');
    for (const name of listDataSets()) {
      const set = getDataSet(name)!;
      if (set.notes) expect(js.includes(set.notes), `${name}: notes`).toBe(false);
      // Each entry's source (official citation or "sample, not official") is still in the bundle.
      for (const [id, e] of Object.entries(set.entries)) if (e.source) expect(js.includes(e.source), `${name}/${id}: source`).toBe(true);
    }
  });
});

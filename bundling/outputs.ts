/**
 * Everything `npm run build` writes, one row per file (or per family of files, `*`): what it is
 * built from, which step builds it, and for the modules a browser loads the gzipped size it must
 * stay within. This is the only list:
 * - bundling/builds.ts takes each Vite build's entries from these rows (and its settings, plugins
 *   from bundling/plugins/);
 * - scripts/bundle.mjs runs the STEPS of each folder in order (`npm run bundle` → dist/,
 *   `npm run build:package` → lib/, `npm run build:demo` → dist-demo/);
 * - test/bundle/outputs.test.ts checks that the build wrote exactly these files, and
 *   test/bundle/size.test.ts that each stays within its budget.
 */

/** A Vite build, configured in bundling/builds.ts. */
export type ViteStep = 'element' | 'rules' | 'ui' | 'ai' | 'ai-worker' | 'engine' | 'server' | 'site';
/** A script of scripts/, run after the Vite builds of its folder. */
export type ScriptStep = 'scripts/write-sizes.mjs' | 'scripts/copy-scenarios.mjs' | 'scripts/build-types.mjs' | 'scripts/build-openapi.mjs' | 'scripts/build-reference.mjs';
export type Step = ViteStep | ScriptStep;
export type Folder = 'dist' | 'lib' | 'dist-demo';

/**
 * What builds each folder, in order. `npm run build` builds the three folders in this order: the
 * demo site copies dist/'s AI worker. The first Vite build of a folder empties it (lib/ and
 * dist-demo/ name their chunks by content hash: an old build's would otherwise stay).
 */
export const STEPS: Record<Folder, readonly Step[]> = {
  // The README's sizes are rewritten from dist/ (scripts/write-sizes.mjs) once dist/ is built; the
  // scenarios its snippets name are copied beside the bundle (scripts/copy-scenarios.mjs).
  dist: ['element', 'rules', 'ui', 'ai', 'ai-worker', 'scripts/copy-scenarios.mjs', 'scripts/write-sizes.mjs'],
  lib: ['engine', 'server', 'scripts/build-types.mjs', 'scripts/build-openapi.mjs', 'scripts/build-reference.mjs'],
  'dist-demo': ['site'],
};

export interface Output {
  /** The file, from the repository root. `*` stands for part of a name, `**` for any folders. */
  file: string;
  /** The entry module it is built from (a Vite build's entry), or what else it is made of. */
  from: string;
  step: Step;
  /** At most this many bytes gzipped (level 9); a raise states its reason beside the row. */
  budget?: number;
}

const KB = 1024;

export const OUTPUTS: readonly Output[] = [
  // ── dist/: the embeddable bundle (`npm run bundle`), loaded by pages as it is ──────────────────
  // The one-tag element: one self-contained ES module with Lit, the engine and the Wasm core inlined
  // as text; it imports the modules below only when a board needs them.
  // 60 KB until issue 41: the grid core's sight map for open boards (no edges, no difficult terrain;
  // assembly/open2016.ts, about 1.1 KB gzipped in every bundle that carries the core) costs what its
  // shadows cost instead of side³ per attacker corner (101×101: 27 ms → 0.12 ms); reach snapshots
  // that copy only what the search reached (src/core/snapshots.ts) 0.3 KB more: 60.5 KB. 62 KB since
  // worked examples (issue 40): a scenario's `steps` in the schema and its checks (every scenario is
  // validated here), the replay mode's loader and its URL step, and the worker started in the form
  // bundlers follow — about 0.85 KB; the replay mode itself is on demand (doom-board-replay.js). 63 KB
  // since large boards stay responsive (issue 41, point 4): the keyboard grid as a window of cells
  // around the cursor on large boards, the terrain in one pass, fog and reach as runs computed once
  // per selection, figures and door buttons redrawn only when they change, the fine print left out
  // of spaces too small to read — 1.22 KB (61.65 → 62.87 KB); they serve every board, small ones
  // too, so they are not an on-demand module. 64 KB since the grid core's rotating-figure reach
  // scans and clears per orientation and lists the states it reached (issue 41: a 2×3 reach on
  // 201×201 costs what it reaches, 21 → 3.7 µs; plain snapshots copy only those states), about
  // 0.3 KB, and games copy states and commands with plainCopy (src/rules/plain-copy.ts, shared
  // with the rules engines: 3.7× faster than structuredClone, ~4× a JSON round trip, the largest
  // single CPU cost of an accepted change on the server), about 0.25 KB: 63.4 KB (63.6 KB with the
  // lighter figure template and scenario validation of large boards). 65 KB since the grid core's
  // reach is written for V8 (issue 41: tables as constant load offsets, the small figure's eight
  // steps written out, clears by the list of states reached — small-figure reach from 1.12–1.34× the
  // native C to about 1.0×; 0.3 KB of Wasm) and a large board's first render parses it once and
  // draws its figures from one markup string (issue 41, point 4: 0.4 KB): 64.3 KB. The card, dice
  // and weapon data sets moved to their rulesets' engines (src/data/<ruleset>/rules-sets.ts; here
  // by name and kind only, plugins/data-set-headers.ts): 65.1 → 63.2 KB with an inline scenario
  // read again while the page is still arriving (components/controllers/scenario-loader.ts).
  // 66 KB since a ReachBuffer's search writes into a slot of the core's memory (issue 41: buffered
  // reach 1.4–1.7× the bare search → 1.06–1.15×; the searches that write there are their own copies,
  // so that the core's own keeps its constant offsets, 0.7 KB of Wasm): 65.5 KB.
  // 67 KB since the sight and range maps count range by rows of bits on boards up to 64 wide, as the
  // threat map did (issue 41: assembly/range-rows.ts, shared; the queue's count mispredicted a
  // branch per cell and step: the mixed 49×49 sight map 47–49 → 31–33 µs; 0.15 KB of Wasm): 66.1 KB.
  // 68 KB since a review of the one-tag bundle as a wiki author and a phone player meets it (2026-12-02):
  // a board with no scenario or a misspelt attribute says so, a bad `mp` is named, a map's alike
  // problems are listed once (0.7 KB); a fragged doom2004 marine's respawn is tapped on the board and a
  // choice can be cancelled (0.25 KB); d20 explanations name the clear line as it is drawn (0.3 KB);
  // keeping the last command in view went to the on-demand table module: 68.0 KB (the editor's fixes after it), at the edge.
  // 69 KB since doom2004 refuses a figure on a blocking obstacle or barrel (RULES §3; the core's board
  // check, 0.06 KB), a misspelt theme is named (0.07 KB) and the other seat's server command is kept
  // in view: 68.1 KB; with the way back from exploring an edited board, the focus kept on the status
  // line after a pressed button goes and the keyboard cursor scrolled into a zoomed box: 68.6 KB.
  // 70 KB since explanations name the d20 attacker's clear corner, doors and blocking terrain, and a
  // doom2016 no-LOS's commonest blocker, d20 distance skips impassable edges (68.9 KB), and Undo,
  // Redo, zoom and Save say what they did (a screen-reader review, 0.3 KB): 69.2 KB.
  { file: 'dist/doom-board.js', from: 'components/index.ts', step: 'element', budget: 70 * KB },

  // Rules engines, loaded when a board plays that ruleset, and the HTTP engine (openapi-fetch), loaded
  // when a board has an `api` attribute. Each rules engine carries its ruleset's card, dice and
  // weapon data sets whole (doom2016 14.7 → 16.4 KB, doom2004 15.8 → 16.5 KB).
  { file: 'dist/doom-board-doom2016.js', from: 'src/rules/doom2016/index.ts', step: 'rules', budget: 20 * KB },
  { file: 'dist/doom-board-doom2004.js', from: 'src/rules/doom2004/index.ts', step: 'rules', budget: 20 * KB },
  { file: 'dist/doom-board-d20.js', from: 'src/rules/d20/index.ts', step: 'rules', budget: 20 * KB },
  { file: 'dist/doom-board-http.js', from: 'components/engine-client-http.ts', step: 'rules', budget: 20 * KB },

  // UI modules: the editor (mode="edit"), the play table (doom2016, doom2004), Save SVG / PNG, the
  // legend's list, doom2004's blast, handicaps and replay mode.
  { file: 'dist/doom-board-editor.js', from: 'components/modes/editor-entry.ts', step: 'ui', budget: 12 * KB },
  { file: 'dist/doom-board-table.js', from: 'components/modes/table-entry.ts', step: 'ui', budget: 12 * KB },
  { file: 'dist/doom-board-export.js', from: 'components/modes/export-entry.ts', step: 'ui', budget: 12 * KB },
  { file: 'dist/doom-board-legend.js', from: 'components/modes/legend-entry.ts', step: 'ui', budget: 12 * KB },
  { file: 'dist/doom-board-blast.js', from: 'components/modes/blast-entry.ts', step: 'ui', budget: 12 * KB },
  { file: 'dist/doom-board-handicap.js', from: 'components/modes/handicap-entry.ts', step: 'ui', budget: 12 * KB },
  { file: 'dist/doom-board-replay.js', from: 'components/replay/replay-entry.ts', step: 'ui', budget: 12 * KB },

  // The play mode's AI (odds, hint arrows, autopilot; the `ai` / `autopilot` attributes).
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
  // (issue 39: 0.65 KB). 35 KB since the autopilot's driver sends the seat the game's `awaiting`
  // names (issue 38): 34.01 KB with it (Node's zlib, level 9). 36 KB since one memo per hints()
  // call and autopilot decision (src/ai/memo.ts: sight maps, odds, blast areas and reaches worked
  // out once per call; issue 39's speed: doom2004 hints and decisions 20–45% less CPU, d20 decisions
  // 20–25%, every answer unchanged), about 1.1 KB: 35.01 KB. 37 KB since the plans are ranked in
  // phase functions over situations of one shape (src/ai/hints/shape.ts; issue 39's speed: V8 spent
  // 0.7 s of a helper thread on each optimising compile of the one 9 KB function, and compiled it
  // again at each new situation shape; doom2004 and d20 decision p95 by the process's CPU
  // 10.2–15.2 → 7.5–12.4 ms), about 0.2 KB: 36.04 KB. 38 KB since the AI has a strength (issue 39:
  // `ai-strength`, the protocol's and the hints' `strength` and the strong hints' search; about 0.5 KB):
  // 37.08 KB. 39 KB since hints name a figure that is not in the game instead of answering nothing,
  // and the odds labels keep the items' icons in sight where a spot as near allows (2026-12-02): 38.02 KB; with the labels' marked spaces 38.1 KB.
  { file: 'dist/doom-board-ai.js', from: 'components/ai/ai-entry.ts', step: 'ai', budget: 39 * KB },
  // Its Web Worker, started from beside it: self-contained (a worker cannot share the page's
  // modules), with its own Wasm core and every rules engine.
  // 48 KB until the autopilot's search (issue 23): the worker plays doom2016 rollouts through the
  // rules engine, which it carries (9.5 KB; it imports nothing at run time). 63 KB since every
  // decision has hints (about the same 3 KB as the AI chunk's). 64 KB since plans shoot and scoot
  // (issue 23: the step back after an attack, named in the plan, and the search's kiting rollouts;
  // about 0.8 KB, the worker 63.2 KB with it). 65 KB since doom2016 telefrags happen on the way (issue
  // 46: the hops of a move's path onto demons, and a large demon's spaces priced without it after its
  // telefrag; 0.43 KB). 67 KB since the core's open-board sight map and reach snapshots (issue 41: the
  // same 1.4 KB as doom-board.js) and d20 cover lines drawn through their blocker (issue 43: 0.2 KB).
  // 68 KB since hints name every click in the element's words and count what can arrive, blasts and
  // hunting (issue 39: 0.6 KB). 69 KB since every command type has its schema, checked by the engine
  // the worker carries (issue 38: a field of another type or an unbounded value is refused before
  // anything is stored; the checker and the tables of the rulesets it plays: 1.3 KB, the worker 67.1
  // KB with it and issue 39's hints). 70 KB since the grid core's reach is written for V8 (issue 41,
  // the same 0.3 KB as doom-board.js) and the autopilot's search keeps a work budget (issue 39): 69.2 KB.
  // 71 KB since d20 sight maps share each enemy's LOS (issue 39: the core's cover-only map, the LOS
  // kept per terrain and space; d20 decisions about half the CPU) and a doom2016 large figure has a
  // reach search of its own (issue 41: the 2×3 reach 1.3× the C → 0.6–1.0×): the Wasm 0.4 KB more,
  // the worker 70.2 KB (Node's zlib, level 9). doom-board.js stays within 65 KB by 43 bytes with
  // them; the next addition there first moves the card, dice and weapon data sets (about 20 KB of
  // JSON, only the on-demand rules read them; validation needs their names and kinds) on demand.
  // doom2016 range has a count of its own (issue 41: a third of a mixed sight map's time, the Wasm
  // 0.16 KB more gzipped): the worker 71.0 KB. 73 KB since reach buffers have slots in the core's
  // memory (the same 1.2 KB as doom-board.js, the AI's buffers among them): 72.5 KB. 74 KB since the
  // first doom2016 door waits for the squad (issue 39: the hints' objective, the reason's words and
  // the autopilot's door fallback, about 0.3 KB): 73.1 KB. 85 KB since the autopilot has a `strong`
  // strength (issue 39: doom2004 decisions that play the best plans out through doom2004's rules, about
  // +30 points over the planner alone in duplicate): the worker carries doom2004's rules engine too,
  // 10.5 KB; 84.3 KB with it (with the strength's hints). 80 KB since the bundled data sets are made
  // only when asked (src/data/index.ts: the worker never asks; 27 KB of unit tables it carried, 4.5 KB
  // gzipped) and the inlined Wasm core trades its frequent unprintable bytes for rare printable
  // characters (bundling/plugins/wasm-as-text.ts: 62 → 41 KB of UTF-8): 78.7 KB gzipped, 232 KB
  // uncompressed — under the 244 KiB an asset may have before webpack 5 warns, which the worker at
  // 271 KB crossed (test/release/bundlers.test.ts). doom-board.js 66.9 → 65.8 KB with the same text.
  { file: 'dist/doom-board-ai-worker.js', from: 'src/ai/worker.ts', step: 'ai-worker', budget: 80 * KB },
  // The scenarios the README's embedding snippets name, at the URLs they use beside the bundle.
  { file: 'dist/scenarios/*.json', from: 'src/scenario/bundled/ (the three games), demo/public/scenarios/corridor.json', step: 'scripts/copy-scenarios.mjs' },
  { file: 'dist/examples/*.json', from: 'demo/public/examples/ (the worked examples)', step: 'scripts/copy-scenarios.mjs' },

  // ── lib/: the package's Node side (`npm run build:package`), read rather than loaded as is ────────
  // `import … from 'doom-board'`: every ruleset, the AI and the Wasm core in one unminified module.
  { file: 'lib/engine.js', from: 'src/index.ts', step: 'engine' },
  // `doom-board/server`, the `doom-board` command and the server's heavy-work threads; the modules
  // they share (stores, rules engines loaded on demand) are chunks named by content hash.
  { file: 'lib/server.js', from: 'src/server/index.ts', step: 'server' },
  { file: 'lib/cli.js', from: 'src/server/cli.ts', step: 'server' },
  { file: 'lib/heavy-worker.js', from: 'src/server/heavy-worker.ts', step: 'server' },
  { file: 'lib/chunks/*.js', from: 'what the three server entries share', step: 'server' },
  // Type declarations (tsc over tsconfig.lib.json), one small .d.ts per package entry point.
  { file: 'lib/types/**/*.d.ts', from: 'tsconfig.lib.json', step: 'scripts/build-types.mjs' },
  { file: 'lib/engine.d.ts', from: 'lib/types/src/index.d.ts', step: 'scripts/build-types.mjs' },
  { file: 'lib/server.d.ts', from: 'lib/types/src/server/index.d.ts', step: 'scripts/build-types.mjs' },
  { file: 'lib/element.d.ts', from: 'lib/types/components/index.d.ts', step: 'scripts/build-types.mjs' },
  { file: 'lib/openapi.d.ts', from: 'src/api/schema.d.ts', step: 'scripts/build-types.mjs' },
  { file: 'lib/openapi.json', from: 'src/api/openapi.yaml', step: 'scripts/build-openapi.mjs' },
  // The pages `doom-board serve` answers without `--static`: start page, API reference, rules.
  { file: 'lib/reference/*.html', from: 'docs/rules.md, src/api/openapi.yaml', step: 'scripts/build-reference.mjs' },
  // The demo's reference script and its sandbox game, as plain modules ("try it" acts on a game started for the page).
  { file: 'lib/reference/docs.js', from: 'demo/docs.ts', step: 'scripts/build-reference.mjs' },
  { file: 'lib/reference/api-examples.js', from: 'demo/api-examples.ts', step: 'scripts/build-reference.mjs' },
  { file: 'lib/reference/vendor/swagger-ui/*', from: 'swagger-ui-dist', step: 'scripts/build-reference.mjs' },

  // ── dist-demo/: the demo site (`npm run build:demo`), served by `npm start` ──────────────────────
  { file: 'dist-demo/*.html', from: 'demo/*.html', step: 'site' },
  { file: 'dist-demo/assets/*', from: 'what the pages import (../components, ../src, the Wasm core)', step: 'site' },
  { file: 'dist-demo/assets/doom-board-ai-worker.js', from: 'dist/doom-board-ai-worker.js', step: 'site' },
  // demo/public/, copied as it is: the worked examples' and the demo's scenarios, MSW's service worker.
  { file: 'dist-demo/examples/*.json', from: 'demo/public/examples/', step: 'site' },
  { file: 'dist-demo/scenarios/*.json', from: 'demo/public/scenarios/', step: 'site' },
  { file: 'dist-demo/mockServiceWorker.js', from: 'demo/public/mockServiceWorker.js', step: 'site' },
  { file: 'dist-demo/vendor/swagger-ui/*', from: 'swagger-ui-dist', step: 'site' },
];

/** The folder a row's file is in. */
export const folderOf = (o: Output): Folder => o.file.slice(0, o.file.indexOf('/')) as Folder;

/** Whether a row names one file (its build's entry) rather than a family of files. */
export const isEntry = (o: Output): boolean => !o.file.includes('*');

/** A row's file pattern as a regular expression over paths from the repository root. */
export function patternOf(o: Output): RegExp {
  const source = o.file
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:[^/]+/)*' : part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Issue 41: the grid core against the best exact C on every board class and size — mixed boards
 * (walls, doors, terrain: bench/boards.ts benchBoard) and open boards (no edges, no difficult
 * terrain) at 26², 49², 101² and 201² — and what the Board API adds to the bare core call, plain
 * (a snapshot the caller keeps) and into a reused buffer. Every figure is a ratio measured in this
 * run: the median of BLOCKS interleaved blocks, each block alternating PAIRS batches of the two sides
 * (about 2 ms each) and keeping the ratio of the two sides' medians; no collection is forced. Before
 * timing, each query's answer is compared cell by cell: the Wasm core, the C and the TypeScript
 * reference. The same exports are timed in a page of Debian's Chromium too (bench/grid-page.ts, pinned
 * to the C's CPU; `GRID_CHROMIUM=0` skips it): where a wiki's reader meets the core. Writes its
 * section of bench/RESULTS.md (between the grid-classes markers).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { cpus, loadavg, totalmem } from 'node:os';
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { ReachBuffer, SightBuffer } from '../src/core/result-buffers.ts';
import type { BoardData } from '../src/core/types.ts';
import { getCore, loadCore } from '../src/core/wasm.ts';
import { ReferenceBoard } from '../src/reference/index.ts';
import { rangeDistances2016, sight2016 } from '../src/reference/sight.ts';
import { rng } from '../test/core/random-boards.ts';
import { benchBoard, openBoard } from './boards.ts';
import { median } from './measure.ts';
import { gccVersion, pinnedCpu, runNative, serveNativeReach, type NativeReachServer } from './native.ts';
import { benchPage, browserModule, launchChromium } from './browser-module.mjs';
import { plainBoardData } from './grid-page.ts';

const BLOCKS = 9;
const PAIRS = 6;

/** Ratio a/b: median over blocks of (median of a's batches ÷ median of b's), each block alternating a and b. */
async function ratio(a: (calls: number) => Promise<number> | number, b: (calls: number) => Promise<number> | number, calls: number) {
  await a(calls); // warm-up: both sides' code optimised before the first block
  await b(calls);
  const blocks: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  for (let k = 0; k < BLOCKS; k++) {
    const ta: number[] = [];
    const tb: number[] = [];
    for (let p = 0; p < PAIRS; p++) {
      // The first side of each pair alternates, so neither always follows the other.
      if ((k + p) % 2 === 0) { ta.push(await a(calls)); tb.push(await b(calls)); } else { tb.push(await b(calls)); ta.push(await a(calls)); }
    }
    blocks.push(median(ta) / median(tb));
    as.push(median(ta));
    bs.push(median(tb));
  }
  return { ratio: median(blocks), a: median(as), b: median(bs), spread: [Math.min(...blocks), Math.max(...blocks)] as const };
}

/** ms per call of `fn` over `calls` calls. */
const batch = (fn: () => void) => (calls: number) => {
  const t = performance.now();
  for (let i = 0; i < calls; i++) fn();
  return (performance.now() - t) / calls;
};

/** Calls per batch so that `fn` runs about `ms`. */
function callsFor(fn: () => void, ms = 2): number {
  for (let i = 0; i < 20; i++) fn();
  let calls = 1;
  while (batch(fn)(calls) * calls < ms && calls < 1 << 20) calls *= 2;
  return calls;
}

/**
 * `batch(fn)` that also counts this process's minor page faults in each batch (read outside the timed
 * loop): the fresh pages a snapshot the caller keeps is written into, in the very batches timed.
 * `perCall` gives the median batch's faults a call (the ratios are medians too) and the mean.
 */
function faultCounted(fn: () => void): { run: (calls: number) => number; perCall: () => string } {
  const perBatch: number[] = [];
  const timed = batch(fn);
  return {
    run: (k) => {
      const before = process.resourceUsage().minorPageFault;
      const t = timed(k);
      perBatch.push((process.resourceUsage().minorPageFault - before) / k);
      return t;
    },
    perCall: () => `${median(perBatch).toFixed(2)} (mean ${(perBatch.reduce((a, b) => a + b, 0) / Math.max(perBatch.length, 1)).toFixed(2)})`,
  };
}

/** The page that times the core in Chromium, its browser's version and the bundle's cleanup. */
interface ChromiumSide {
  page: Page;
  version: string;
  close(): Promise<void>;
}

/** Chromium with bench/grid-page.ts loaded, pinned to `cpu`; null (and why) without a Chromium or with GRID_CHROMIUM=0. */
async function chromiumSide(cpu: string | null): Promise<ChromiumSide | null> {
  const binary = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (process.env.GRID_CHROMIUM === '0' || !existsSync(binary)) {
    console.warn(`bench: no Chromium column (${process.env.GRID_CHROMIUM === '0' ? 'GRID_CHROMIUM=0' : `${binary} missing`})`);
    return null;
  }
  const built = await browserModule('bench/grid-page.ts', 'grid-page.js');
  const browser = await launchChromium({ cpu });
  // Isolated: Chromium's clock then counts in 5 µs steps (100 µs otherwise), 0.25% of a 2 ms batch.
  const page = await benchPage(browser, { '/grid-page.js': built.text.toString() }, { isolated: true });
  // A string: Vitest rewrites an import() written in this file's functions.
  const isolated = await page.evaluate(`import('/grid-page.js').then((m) => { globalThis.gridPage = m; return crossOriginIsolated; })`);
  expect(isolated, 'the bench page is cross-origin isolated (a 5 µs clock)').toBe(true);
  return { page, version: browser.version(), close: async () => { await browser.close(); built.remove(); } };
}

/** bench/grid-page.ts as the page holds it (a global there, so the functions page.evaluate sends can name it). */
declare const gridPage: typeof import('./grid-page.ts');

interface Row {
  query: string;
  board: string;
  wasm: number;
  c: number;
  cRatio: { ratio: number; spread: readonly [number, number] };
  /** The same export timed in Chromium against the same C (null: no Chromium column). */
  chromium: { ratio: number; spread: readonly [number, number] } | null;
  plain: { ratio: number; spread: readonly [number, number] };
  buffered: { ratio: number; spread: readonly [number, number] };
  agree: string;
  note?: string;
}

function commit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let k = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) k++;
  return a.length === b.length ? k : -1;
};

/** The spaces whose sight the reference computes: all, or a seeded sample of 300 (half among those in cover). */
function refCells(cover: Uint8Array, n: number, all: boolean, seed: number): number[] {
  if (all) return [...Array(n).keys()];
  const r = rng(seed);
  const covered = [...cover.keys()].filter((t) => cover[t]);
  const out = new Set<number>();
  for (let k = 0; k < 150 && covered.length; k++) out.add(covered[Math.floor(r() * covered.length)]);
  while (out.size < 300) out.add(Math.floor(r() * n));
  return [...out];
}

/** The reference's sight map at the listed spaces only (as ReferenceBoard.sightMap computes each). */
function refSight(ref: ReferenceBoard, f: number, cells: number[]) {
  const a = ref.data.figures[f];
  const dist = rangeDistances2016(ref.grid, a);
  const w = ref.data.width;
  const out = { los: [] as number[], cover: [] as number[], range: [] as number[] };
  for (const t of cells) {
    const x = t % w, y = Math.floor(t / w);
    const own = x >= a.x && y >= a.y && x < a.x + a.w && y < a.y + a.h;
    const s = own ? { los: true, cover: false, range: 0 } : sight2016(ref.grid, a, { x, y, w: 1, h: 1 }, dist);
    out.los.push(s.los ? 1 : 0);
    out.cover.push(s.cover ? 1 : 0);
    out.range.push(s.range);
  }
  return out;
}

test('grid core by board class and size against the best exact C', async () => {
  await loadCore();
  const core = getCore();
  const loadBefore = loadavg().map((x) => x.toFixed(1)).join(' / ');
  const started = new Date();
  const rows: Row[] = [];
  const mismatches: string[] = [];
  const extras: string[] = [];
  const sizes = (process.env.GRID_SIZES ?? '26,49,101,201').split(',').map(Number);
  // Quick runs while working (neither writes RESULTS.md): GRID_CLASSES=mixed or open, GRID_ONLY=reach or sight.
  const classes = (process.env.GRID_CLASSES ?? 'mixed,open').split(',') as Array<'mixed' | 'open'>;
  const only = process.env.GRID_ONLY;
  // What a call into the Wasm costs before its body does anything: an export whose body returns a
  // constant (maxSide), timed the way the rows time the queries.
  const empty = () => core.maxSide();
  const emptyNs = median(Array.from({ length: 7 }, () => batch(empty)(callsFor(empty)))) * 1e6;
  let freshPage: { freshNs: number; warmNs: number } | undefined;
  let chromium: ChromiumSide | null | undefined;
  for (const cls of classes)
    for (const side of sizes) {
      const figs = side <= 26 ? 8 : side <= 49 ? 16 : side <= 101 ? 30 : 60;
      const data: BoardData = cls === 'mixed' ? benchBoard(side, figs, 2026 + side) : openBoard(side, figs, 2026 + side);
      const label = `${cls} ${side}×${side}`;
      const board = Board.fromData(data);
      const big = data.figures.findIndex((f) => f.w * f.h === 6);
      const server = serveNativeReach(data) as NativeReachServer;
      expect(server, 'gcc is needed for the C baseline').toBeTruthy();
      freshPage ??= await server.freshPage();
      // Chromium after the first server: pinned to the CPU the server chose.
      if (chromium === undefined) chromium = await chromiumSide(pinnedCpu);
      const page = chromium?.page;
      if (page) await page.evaluate((d) => gridPage.setBoard(d), plainBoardData(data));
      const ref = new ReferenceBoard(data);
      const n = side * side;

      // Sight map of figure 0: Wasm, C and reference, cell by cell.
      if (only !== 'reach') {
      const wasmMap = board.sightMap(0);
      const cMap = runNative([{ data, sightFigure: 0, reachFigure: 0, mp: 1 }])![0];
      // The reference, written for clarity, takes minutes for a whole large map (open 101×101: 217 s):
      // every space where that is quick, else a seeded sample, half of it among the spaces in cover.
      const cells = refCells(wasmMap.cover, n, cls === 'mixed' ? n <= 2401 : n <= 676, side);
      const refMap = refSight(ref, 0, cells);
      const wc = (['los', 'cover', 'range'] as const).reduce((s, k) => s + same(wasmMap[k], cMap[k]), 0);
      const wr = cells.reduce((s, t, i) => s + (['los', 'cover', 'range'] as const).filter((k) => wasmMap[k][t] === refMap[k][i]).length, 0);
      const refOf = 3 * cells.length;
      if (wc !== 3 * n || wr !== refOf) mismatches.push(`sight map ${label}: Wasm = C ${wc}/${3 * n}, Wasm = reference ${wr}/${refOf}`);
      console.log(`${label}: sight map answers compared`);
      const seen = wasmMap.los.reduce((s, v) => s + v, 0), covered = wasmMap.cover.reduce((s, v) => s + v, 0);
      let pageAgree = '';
      if (page) {
        const pm = await page.evaluate(() => gridPage.sightMap(0));
        const wp = (['los', 'cover', 'range'] as const).reduce((s, k) => s + same(wasmMap[k], pm[k]), 0);
        if (wp !== 3 * n) mismatches.push(`sight map ${label}: Chromium = Node ${wp}/${3 * n}`);
        pageAgree = `, ${wp}/${3 * n} in Chromium`;
      }
      {
        const sightBuffer = new SightBuffer();
        const bare = () => core.sightMap(0);
        board.sightMap(0); // the board is the core's current one
        const calls = callsFor(bare);
        const cSight = async (k: number) => (await server.sight(0, k)) / k / 1e6;
        const cRatio = await ratio(batch(bare), cSight, calls);
        const inChromium = page ? await ratio((k) => page.evaluate((k) => gridPage.timeSight(0, k), k), cSight, calls) : null;
        const plainBatches = faultCounted(() => board.sightMap(0));
        const plain = await ratio(plainBatches.run, batch(bare), calls);
        const buffered = await ratio(batch(() => board.sightMap(0, sightBuffer)), batch(bare), calls);
        let note = `${seen} spaces seen, ${covered} in cover; plain: ${plainBatches.perCall()} page faults a call`;
        if (cls === 'open') {
          const general = await ratio(async (k) => (await server.sightGeneral(0, k)) / k / 1e6, async (k) => (await server.sight(0, k)) / k / 1e6, Math.max(1, calls >> 6));
          const dense = await ratio(async (k) => (await server.sightDense(0, k)) / k / 1e6, async (k) => (await server.sight(0, k)) / k / 1e6, calls);
          note += `; C general sweep ${general.ratio.toFixed(1)}×, C shadow casting over every corner ${dense.ratio.toFixed(2)}× the C used here`;
        }
        rows.push({ query: 'sight map (LOS + cover + range), small figure', board: label, wasm: cRatio.a, c: cRatio.b, cRatio, chromium: inChromium, plain, buffered, agree: `${wc}/${3 * n} = C, ${wr}/${refOf} = reference${cells.length < n ? ` (${cells.length} spaces sampled)` : ''}${pageAgree}`, note });
      }
      }

      // Reach MP 8, a small figure and the 2×3 figure: costs, parents and end flags against the C, costs and end flags against the reference.
      for (const [what, f] of only === 'sight' ? [] : [['small figure', 0], ['2×3 figure', big]] as const) {
        const buffer = new ReachBuffer();
        const r = board.reach(f, 8, buffer);
        const states = r.cost.length;
        const c = await server.answer(f, 8);
        core.reach(f, 8);
        const parent = new Int32Array(core.memory.buffer, core.reachParentPtr(), states);
        const rr = ref.reach(f, 8);
        const withC = same(r.cost, c.cost) + same(r.end, c.end);
        const parents = [...r.cost].reduce((s, v, i) => s + (v >= 0 && c.parent[i] !== parent[i] ? 1 : 0), 0);
        const withRef = same(r.cost, rr.cost) + same(r.end, rr.end);
        if (withC !== 2 * states || parents || withRef !== 2 * states) mismatches.push(`reach ${what} ${label}: Wasm = C ${withC}/${2 * states} (${parents} parents differ), Wasm = reference ${withRef}/${2 * states}`);
        let pageAgree = '';
        if (page) {
          const pr = await page.evaluate(([f, mp]) => gridPage.reach(f, mp), [f, 8] as const);
          const wp = same(r.cost, pr.cost) + same(r.end, pr.end);
          if (wp !== 2 * states) mismatches.push(`reach ${what} ${label}: Chromium = Node ${wp}/${2 * states}`);
          pageAgree = `, ${wp}/${2 * states} in Chromium`;
        }
        const reached = [...r.cost].filter((v) => v >= 0).length;
        const bare = () => core.reach(f, 8);
        board.reach(f, 8);
        const calls = callsFor(bare);
        const cReach = async (k: number) => (await server.time(f, 8, k, false)) / k / 1e6;
        const cRatio = await ratio(batch(bare), cReach, calls);
        const inChromium = page ? await ratio((k) => page.evaluate(([f, k]) => gridPage.timeReach(f, 8, k), [f, k] as const), cReach, calls) : null;
        const plainBatches = faultCounted(() => board.reach(f, 8));
        const plain = await ratio(plainBatches.run, batch(bare), calls);
        const buffered = await ratio(batch(() => board.reach(f, 8, buffer)), batch(bare), calls);
        const read = await ratio(batch(() => board.reach(f, 8).cost), batch(bare), calls);
        // The rows above repeat one query; this times the buffer taking this figure's answer and the
        // other figure's in turn (every state of both written each time), against the two exports.
        const other = f === 0 ? big : 0;
        const inTurn = await ratio(batch(() => { board.reach(f, 8, buffer); board.reach(other, 8, buffer); }), batch(() => { core.reach(f, 8); core.reach(other, 8); }), calls >> 1 || 1);
        console.log(`${label}: reach of the ${what} timed`);
        rows.push({
          query: `reach MP 8, ${what}`, board: label, wasm: cRatio.a, c: cRatio.b, cRatio, chromium: inChromium, plain, buffered,
          agree: `${withC}/${2 * states} = C (parents too), ${withRef}/${2 * states} = reference${pageAgree}`,
          note: `${reached} of ${states} states reached; plain: ${plainBatches.perCall()} page faults a call; plain and \`cost\` read at once (the board-sized array made) ${read.ratio.toFixed(2)}×; buffered, the two figures in turn ${inTurn.ratio.toFixed(2)}×`,
        });
      }
      server.close();
    }
  const chromiumVersion = chromium?.version;
  await chromium?.close();
  const loadAfter = loadavg().map((x) => x.toFixed(1)).join(' / ');
  const x = (v: number) => `${v.toFixed(2)}×`;
  const t = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
  const verdict = (v: number, limit: number) => (v <= limit ? 'yes' : '**no**');
  const spread = (v: { ratio: number; spread: readonly [number, number] }) => `${x(v.ratio)} (${x(v.spread[0])}–${x(v.spread[1])}) ${verdict(v.ratio, 1)}`;
  const table = rows.map((r) => `| ${r.query} | ${r.board} | ${t(r.wasm)} | ${t(r.c)} | ${spread(r.cRatio)} | ${r.chromium ? spread(r.chromium) : '–'} | ${x(r.plain.ratio)} ${verdict(r.plain.ratio, 2)} | ${x(r.buffered.ratio)} ${verdict(r.buffered.ratio, 1.2)} | ${r.agree} | ${r.note ?? ''} |`);
  const section = `<!-- grid-classes:start -->
## Grid core by board class and size (issue 41)

Written by \`npx vitest run --config bench/vitest.config.ts bench/grid-classes.bench-run.ts\` (after
\`npm run asbuild\`). Boards: *mixed* are the seeded doom2016 boards of the grid bench above (walls,
doors, blocking and impassable edges, terrain, voids, 2 teleporters, small figures and one 2×3);
*open* have every space on the map, no edges and no difficult terrain, with the same numbers of
figures (8, 16, 30, 60 small ones by size, and one 2×3). The C is bench/native/core.c
(${gccVersion()}, -O2): the core's algorithms, on open boards the open-board sweep (the best exact C
this bench has: its general sweep and its shadow casting over every corner are shown beside). Each
ratio is measured in this run as the median of ${BLOCKS} blocks, each alternating ${PAIRS} batches
of about 2 ms per side (the first side alternating) and keeping the ratio of the two sides'
medians; the range of the blocks' ratios is in brackets. No collection is forced. "Export" is the
bare core call (\`core.sightMap\`, \`core.reach\`: the answer left in Wasm memory); "plain" the Board
API returning a snapshot the caller keeps; "buffered" the Board API into a reused SightBuffer /
ReachBuffer. "In Chromium": the same exports, timed by the page's clock in a page of
${chromiumVersion ? `Chromium ${chromiumVersion}` : 'Chromium (not run)'} (bench/grid-page.ts: the core bundled by Vite, as the element's
is; the browser pinned to the C's CPU; the page cross-origin isolated, so its clock counts in 5 µs
steps) against the same C, blocks as above — where a wiki's reader meets the core; "Wasm / C" is
Node's. Agreement: cells (sight map: los, cover and range; reach: cost and end per state)
where the Wasm answer equals the C's and the TypeScript reference's (and Chromium's Node's),
compared before timing.
Targets: Wasm / C ≤ 1.0×, plain / export ≤ 2.0×, buffered / export ≤ 1.2×.

- Run: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit()}; ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; a shared VM
- ${pinnedCpu === null ? 'Not pinned: the C and the Wasm on the cores the scheduler chose' : `Both sides on CPU ${pinnedCpu} (taskset: the C's server and this process's main thread; \`GRID_CPU\` picks it, \`GRID_CPU=none\` leaves it to the scheduler)`}
- Load average (1 / 5 / 15 min): ${loadBefore} before, ${loadAfter} after${Math.max(...loadavg()) > 2 ? ' (other engineers\' test suites share the 2 cores)' : ''}
- A call of an export with an empty body (\`core.maxSide()\`, timed as the rows are): ${emptyNs.toFixed(1)} ns
- A fresh page (an anonymous page's first touch, measured by the C: best of 5 runs of 4096 pages): ${freshPage && freshPage.freshNs > 0 ? `${(freshPage.freshNs / 1000).toFixed(1)} µs; a warm page's touch ${freshPage.warmNs.toFixed(0)} ns` : 'not measured'}. A plain snapshot is written into memory the allocator has just been given, so its page faults a call (in the notes, counted over the plain column's own timed batches; how many depends on what the allocator holds at the time) times this cost is what it adds to the export on a machine where a fault costs as much as a small query (a VM whose guest page faults exit to the hypervisor)
- Mismatches: ${mismatches.length ? mismatches.join('; ') : 'none'}

| query | board | Wasm export | best exact C | Wasm / C | Wasm / C in Chromium | plain / export | buffered / export | agreement (Wasm =) | notes |
|---|---|---|---|---|---|---|---|---|---|
${table.join('\n')}
${extras.join('\n')}

Notes (issue 41):
- The C's range count made as strong as the Wasm's (2026-11-30, commit a53a2fc). On an Intel Xeon
  host (a KVM guest) the mixed 49×49 sight map read 0.55–0.66× the C, its 26×26 1.00–1.02×: the C
  was slower than the Wasm at the same algorithm. \`perf\` put most of the C's sight map in its range
  count (a breadth-first count of the steps to every space), a loop over an eight-entry offset table
  whose test per step mispredicted; the Wasm's count (assembly/steps.ts rangeCount2016) has the
  eight steps written out. The C now writes them out too: its mixed sight map 26×26 12.7–13.6 →
  10.0–11.0 µs, 49×49 83–130 → 33–39 µs, and the Wasm / C of the mixed sight maps went from
  0.55–1.02× to 1.29× (26×26), 1.46–1.58× (49×49), 0.98–1.02× (101×101 and 201×201). What was
  measured as the Wasm at or under the C on this machine was the C's weaker loop. Where the Wasm's
  remaining time goes on these boards was not found: V8's code for the count (perf, \`--perf-prof\`)
  is the C's instruction for instruction but for a stack check a level, and a branch-free count
  (a step's test turned into selects) was no faster (49×49: 21 → 27 µs the count, 47 → 45 µs the
  map; not kept). The same rows on the AMD EPYC host, before this change, follow the table
  ("The same table on an AMD EPYC host").
- Range by rows of bits (2026-11-30, commit 8a1ffe5). The queue's count was most of a mixed sight
  map's time on the Intel host, and more inside the map than alone: a range map after a sight map
  cost 35 µs at 49×49 where range maps one after another cost 20 (the branch predictor learns a
  count repeated alone). The threat map already counted range by rows of 64-bit masks on boards
  up to 64 wide; that count is now assembly/range-rows.ts, and the sight and range maps of doom2016
  and doom2004 use it there too (its open-step masks built by an 8×8 bit transpose of eight cells'
  step bytes). Same host, runs in turn: the Wasm mixed sight map 26×26 13.1–14.2 → 12.3–13.3 µs,
  49×49 48–56 → 31–33 µs. The C got the same count (fused as the Wasm's: a count's new cells in a
  row gathered from the last count's rows above, at and below; a first two-pass version was 5–10%
  slower there): 26×26 10.0–11.0 → 8.7–9.2 µs, 49×49 33–39 → 22–24 µs. So the Wasm / C of those maps
  is 1.39–1.45× (it was 1.29× and 1.51×): the C gains as much or more from the same count, and what
  is left is the two compilers' code for the same loops. Boards wider than 64 keep the queue.
- Two full runs of this table after the masks were kept (2026-11-30 22:21 and 22:28 UTC, commits
  6081872 and e7c52c4's grid core, the same) were not written over the table then (19:31 UTC): this VM ran them
  in its slow mode (the mixed 26×26 sight map 22–26 µs against 12 µs), where the rows near 1.0× move
  by more than their margins. They read: mixed sight maps 26×26 1.51× / 1.47×, 49×49 1.45× / 1.39×,
  101×101 1.02× / 1.01×, 201×201 1.11× / 1.06× (not met); small-figure reach on mixed boards
  0.89–1.03× (49×49 1.03× and 101×101 1.01× in the second run), on open ones 0.75–0.93×; 2×3 reach
  0.73–0.90×; open sight maps 0.83–1.02× (open
  26×26 1.02× in the second); plain / export 1.08–1.70×; buffered / export 0.94–1.23× (the 2×3 reach
  on mixed 26×26 1.23× / 1.21×, over 1.2×). The boards over 64 wide do not use the count by rows, so
  their rows moved with the VM, not the code.
- The range count's masks kept per board (2026-11-30, commit 6081872). The count by rows built its
  open-step masks (the 8×8 bit transposes of every row) at every sight, range and threat map; they
  depend on the board's steps and cells only, so they now stay in their own region (RANGE_ROWS) and
  are built again only after the board changed (LARGE_VERSION: rebuilt, an edge set, another board
  restored; test/core/range-rows.test.ts closes and opens a door and switches boards in between, and
  a cache never rebuilt fails it and four other tests). The C builds them with its board's tables
  too. Two Wasm builds in one process (before: 8962c44's core; the bench boards; blocks of 2000
  calls alternating, 15 blocks, median of the ratios; two runs, 22:31 UTC): \`sightMap\` 0.87 / 0.92×
  (mixed 26×26), 0.88 / 0.89× (49×49); \`rangeMap\` 0.81 / 0.74× and 0.78 / 0.74×. Wasm / C of the
  mixed sight maps is unchanged by it (1.39–1.47× in the runs after): the C gains as much.
- Where the Wasm's mixed sight map still loses to the C (2026-11-30 22:24 UTC, \`perf\` of each alone
  on the mixed 49×49 board, the Wasm's functions named by V8's perf map, the C's kept apart with
  \`noinline\` for the profile; one run each, the Wasm 32–34 µs a map, the C 20–21 µs): the range count
  by rows 13.9 against 6.9 µs (2.0×), the diagonal walk 7.2 against 3.7 µs (1.9×), the corner
  records 4.3 against 2.4 µs (1.8×; a call in both), the octant sweep 5.0 against 4.0 µs (1.25×). The
  same loops, compiled: V8's code for the count keeps five base pointers and the level's bounds on
  the stack (a row record holding all of a row's words — one pointer — was tried: 0.97–0.99× of the
  sight map in the same in-process A/B, not kept), and its stores of each counted cell's range are
  where most of the count's samples fall.
- The range count's loop for V8 (2026-12-01, commit 188bc5d). Each row is now one 96-byte record
  (its eight open-step masks, obstacles, cells reached and two front words that swap roles each
  count), and the count's loop reads everything at constant offsets from one pointer walking the
  records; the counts go in pairs so that which front word is read and which written is a constant;
  a front word is cleared as it is read (no \`memory.fill\` per count); doom2004's obstacles are kept
  out of the next front when it is written, so the three rows read per row need no obstacle masks;
  the counted cells' ranges go through a pointer stepped a row at a time. V8's code for the count
  touches its stack frame 161 times against 324 (\`--print-wasm-code\`). The row record tried before
  (above, 0.97–0.99×) kept the per-count fill, the obstacle masks on every read row and a row index:
  alone, it did not free enough registers. Two Wasm builds in one process (before: 3344a1d's core;
  the bench boards; blocks of 2000 calls alternating, 15 blocks, median of the ratios; two runs,
  00:30 UTC): \`sightMap\` 0.91 / 0.93× (mixed 26×26), 0.90 / 0.90× (49×49); \`rangeMap\` 0.74 / 0.75×
  and 0.71 / 0.76×; the harness's answers the same, and test/core's range tests (random boards
  against the TypeScript reference, either side of 64 wide) pass. The C (bench/native/core.c) got the same layout and loop:
  its sight map 0.96–0.97× (26×26) and 0.93–0.96× (49×49) of before in a two-binary A/B (both
  servers on one CPU, 15 blocks of 4000 maps alternating; the answers of every figure of both boards
  the same). Wasm / C of the mixed sight maps after (quick \`GRID_ONLY=sight\` runs, 00:34 and 00:52
  UTC, this VM in its slow mode): 1.37× and 1.42× (26×26), 1.39× (49×49); in the table above (its
  first run in the fast mode since, 01:11 UTC) 1.33× and 1.32×, against 1.45× and 1.44× in the run
  before (2026-11-30 19:31 UTC, 6a83d6f; the same VM mode): the sight maps 13.6 → 10.3 µs and
  33.1 → 24.8 µs, the C's 9.3 → 7.8 and 22.9 → 19.0 µs. Not met. The mixed 201×201 sight map reads
  1.01× there (blocks 0.90–1.10×; 0.99× before): boards over 64 wide do not use the count by rows,
  so that row moved with the run. The header's 5- and 15-minute loads are this session's clean-clone
  CI run, which had ended a minute before (1-minute load 0.4).
- Tried beside it, not kept (2026-12-01): the diagonal walk specialised per quadrant (the signs as
  constants, the cell and edge indices stepped instead of coordinates times the width): 0.98–1.0× of
  the sight map in the same A/B. A \`perf\` profile of each alone (mixed 49×49, 188bc5d's core) gives the
  functions about the same shares in both (range count 31% / 32%, diagonal walk 24% / 21%, octant
  sweep 15% / 20%, corner records 13% / 12%, Wasm / C): what is left is spread over every loop.
- The corner record written out (2026-12-01, commit 569d19b, after the table's run). A sight map's
  record of a corner seen (its four cells: LOS, and a clear cover line counted) was a loop over the
  four with each cell's coordinates, bounds and index worked out in turn; V8 does not unroll it, and
  the four cells are now written out from the SE cell's index. Two Wasm builds in one process (the
  bench boards, 15 blocks of 2000 maps alternating, three runs): sight maps 0.94 / 0.95 / 0.95×
  (mixed 26×26), 0.93 / 0.93 / 0.94× (49×49), the answers the same. The C got the same record: in
  one binary holding both (a function pointer switched between blocks, 31 blocks, two runs) 0.96 /
  0.89× (26×26) and 0.97 / 0.98× (49×49) — it gains too, so Wasm / C stays where the table has it
  (quick runs after, the VM's slow mode: 1.42× and 1.35×). A full run of the table at fafd490 (01:29
  UTC) began in the slow mode (the mixed 26×26 sight map 19.9 µs, against 9.6 µs in a quick run two
  minutes before) and is not written over the table: mixed sight maps 1.39× (26×26), 1.25× (49×49),
  0.98× (101×101), 0.95× (201×201); small-figure reach on mixed boards 0.97–1.06× (26×26 1.01×,
  49×49 1.06× with blocks 0.87–1.21×), on open ones 0.76–0.89×; 2×3 reach 0.73–0.79×; open sight maps
  0.76–0.87×; plain / export 1.08–1.67×; buffered / export 1.00–1.17×.
- Open-board sight map, one bit per attacker corner (2026-11-30). A space's byte in COVER_ALL held a
  count of the corners from which it is in cover, and a mark was a compare and an add; it now holds
  one bit per corner (bits 1–7, bit 0 standing for the corners of the groups folded before: a 2×3
  figure has 12 corners, a 3×3 16), so a mark is an OR, a second mark from one corner needs no test,
  and a run of marks goes a word at a time: eight spaces where a band's rows are adjacent bytes, the
  two bands' spaces of a row in one 16-bit OR where they run across the board. The figure spaces are
  listed per octant and band once per attacker corner (each octant's own pass read all of them:
  eight passes a corner), and a merged interval that replaces one is written in place. The C
  (bench/native/core.c) got the same bits, word-at-a-time runs and lists, so the yardstick is the
  same algorithm again. Quick pinned runs (scratch harness, 09:25–09:33 UTC), Wasm / C in µs before →
  after: 26² 3.6 / 2.9 → 2.5 / 2.5, 49² 11.2 / 9.3 → 7.6 / 7.3, 101² 28.7 / 26.4 → 21.9 / 24.0: the
  Wasm 24–32% faster, the C 9–21%; Wasm / C from 1.09–1.24× to 0.9–1.05×. Tried and not kept: the two kinds of
  octant as separate functions (the swap a constant in each), the out-of-line marks and the interval
  test inlined (no change beyond the runs' spread); a branch-free range count for mixed boards (a
  closed step reads the cell itself): 1.6× slower (every step stores); the mixed boards' walks
  recording a corner's spaces inline (V8 does not inline one Wasm function into another): 7.50–7.92
  → 7.32–7.79 µs on mixed 26² in three A/B rounds, but no difference with the axis walk left out,
  and the Wasm it adds put the AI worker over its size budget; a no-test path for a space with all
  eight steps open in the range count (no difference beyond the runs' spread).
- Where the plain column's time goes (2026-11-30). The header line "A fresh page" is measured by the
  C in the same run (mmap, first touch of each of 4096 pages, best of 5): 15 µs on the AMD EPYC host
  of the sessions up to 2026-11-30 16:23 UTC, a PVM guest whose page faults exit to the hypervisor,
  against 32 ns for a page already touched (1.4–2.1 µs on the Intel Xeon host of the runs after:
  there every plain column is under 2.0×). The
  notes give the page faults a call over the plain column's own timed batches (median batch, and the
  mean). In the run above (10:35 UTC) the three sight rows over 2.0× take a fault or more a call
  (mixed 26² 1.00, 101² 16, 201² 55: a 101² map's snapshot is 15 pages, all fresh) and those under
  it 0.00–0.44; in the run six minutes before, open 101² read 2.87× at a median of 0.01 (mean 2.81),
  which the faults do not explain alone. A row moves between the two from run to run with what the
  allocator still holds (quick runs at 10:27 UTC: open 26² 6.28× at 1.00 a call, open 49² 1.45× at
  0.00, mixed 49² 3.53× at 3.45). Every reach row takes none (a reach snapshot is the states reached: a few KB at
  most). A snapshot the caller keeps needs memory that no later query writes, and the allocator
  gives it pages it has just mapped; the C's figure (malloc and free per result) reuses one warm
  block. The plain / export ≤ 2.0× target is therefore read with the faults beside it.
- Reach buffers without the copy (2026-11-30). A ReachBuffer now holds one of eight slots of the
  core's memory (assembly/reach-slots.ts), laid out as the core's own answer (costs, end flags, the
  list of states reached, in a row), and its arrays are views of it: \`board.reach(f, mp, buffer)\`
  runs the search into the slot (\`reachInto\`), which clears the states of the slot's last answer
  and writes the new one where the core's own search writes its. Nothing is copied. The search
  reads one shift (0 for the core's own arrays) and keeps each array as the access's constant
  offset; the doom2016 searches into a slot are their own copies (the same source, the shift not
  folded), so that the core's own keep their code. Three separate bases instead cost the doom2016
  small-figure search 10–15% (V8 spilled registers), and one unfolded shift 6–12% (quick pinned
  runs, old and new builds in turn). Whole run above (06:45 UTC, load 1.3–1.9): buffered / export
  1.06–1.15× on every reach row (1.43–1.67× at 03:14 on 101×101, 201×201 and for the 2×3 figure),
  Wasm / C 0.80–0.98×. The price is what an earlier note calls a decision on what buffer users are
  promised: a view is detached when the core's memory grows (a threat map on a larger board than
  before), so an array taken from a buffer before that is empty; the buffer makes its views again
  and its arrays read right through the buffer (test/core/result-buffers.test.ts; README and
  CHANGELOG say so). With all eight slots held, a buffer keeps arrays of its own and copies in as
  before; a collected buffer gives its slot back (FinalizationRegistry; tested with a forced
  collection). Wasm 1.0 KB more gzipped: doom-board.js 65.5 KB (budget 65 → 66 KB), the worker
  72.5 KB (71 → 73 KB).
  Tried for the plain column and not kept (quick pinned runs against main in turn, 07:15–07:25):
  pools of src/core/result-pool.ts used again once every result made in them had been collected
  (a FinalizationRegistry on each result, so that a pool's pages stay warm) read plain / export
  6.0× and 8.7–9.5× on open 49² and 101² where main read 1.15–1.18× and 1.45–4.35×: V8 registers a
  weak cell per result, and results then wait for a full collection; pools of 64 KiB instead of
  256 KiB (under glibc's first mmap threshold) changed nothing beyond the column's own spread
  (1.16× or 4.7× for the same row from run to run).
- One core for both sides, and the doom2016 range count (2026-11-30). From this run on, the C's
  server and the Wasm's thread share one CPU (taskset; the line above the table says which). On this
  2-core VM a process runs at one of two speeds (the same Wasm map 7.6 or 13 µs from process to
  process), and unpinned the two sides often met different cores: the same build's unpinned whole
  run at 03:06 (load 1.5) read Wasm / C 0.39×–2.02× on the sight rows and 1.73× on mixed 201×201
  small-figure reach, where two pinned runs (03:12 and 03:14) read 0.56×–1.24× and 0.93×–0.94×.
  Pinned, a row's blocks agree within a few %, and runs of the same build within about 0.1×.
  The range count was a third of a mixed sight map's time (perf with V8's jitdump, mixed 26×26:
  \`breadthFirst\` 20% of the samples, the sweep's functions 35%). It was the general count, which
  asks at each cell whether it is doom2004's (an obstacle ends a count) and at each step whether a
  pair query's target was reached; doom2016 range now has a count of its own
  (assembly/steps.ts \`rangeCount2016\`): a level of the queue at a time (a cell's count is the
  level's, not a load), the eight steps written out with their offsets in locals. The map's last pass
  copies the counts and writes cover as LOS & COVER_ALL eight cells at a time (a branch per cell
  before). The C has the same level-at-a-time count and last pass (no faster there within the noise:
  Wasm / C the same in two alternating runs each). Pinned quick runs, old and new Wasm in turn
  (03:00–03:02): mixed 26×26 1.34× / 1.18× → 1.04× / 0.97×, mixed 49×49 1.24× / 1.05× → 0.94× / 0.90×.
  Tried and not kept (three alternating runs each, no change beyond the noise): castOctant's globals
  read into locals, and \`record\`'s cover path written into walkDiagonal. Left over 1.0× (03:12 /
  03:14): mixed 26×26 (1.06× / 1.03×) and the open 26×26–101×101 maps (1.04–1.13× / 1.09–1.24×).
  The plain column is still the snapshot's fresh memory (below). Counted this time with
  \`process.resourceUsage().minorPageFault\` around the plain rows: 0.4–0.9 page faults a call on
  26×26 (a 4 KB snapshot) and 1.8–2.9 on 49×49 (14 KB): nearly every page of every snapshot is new.
  A plain Node script making the same maps (lib/engine.js, open 49×49) takes none once warm
  (0.00–0.05 a call, 14 µs a map), but 0.5 a call and 21 µs with \`--expose-gc\` (this bench's
  worker has the flag), and glibc's \`MALLOC_TOP_PAD_=64 MiB\` takes them away there; in this
  bench's worker neither the flag's absence nor the pad does (49×49, two runs each: without the
  flag 2.4–3.4 faults a call, with the pad 0.7–2.5). It is the allocator's and the VM's (a fault costs ~12 µs here), not a copy: the
  buffered column, the same copy into memory already touched, reads 1.00–1.04×.
- The host changed (2026-11-29 evening): this section's table was run on an AMD EPYC of CPU family
  26 (Zen 5; \`lscpu\`), where every earlier run of this file was on an older EPYC. Both sides are
  faster here (mixed 201×201 reach 6.7 → 2.1 µs, open 26×26 sight map C 9.0 → 3.3 µs), but not by
  the same factor: gcc's code gained more on the sight sweeps than V8's, so the sight-map rows read
  Wasm / C 1.2–1.7× on the small and open boards (1.33× / 1.40× / 1.99× / 1.60× / 1.21× in a run 12
  minutes earlier, 18:13, load 1.3–2.3: the same rows over 1.0× in both), and the reach rows 0.5–1.0×
  but for the open small-figure rows, which moved with the C's own spread (open 26×26: C 3.5 µs at
  18:13, 2.1 µs here). Profile of the Wasm open 26×26 map on this host (perf with V8's jitdump):
  77% in the sweep of an octant (\`sweepOctant\`), spread over its loop with no single hot spot.
  **So Wasm / C ≤ 1.0× for sight maps does not hold on this host** on 26×26, 49×49 and the open
  boards; the notes below describe the older host.
  The plain column on this host reads over 2.0× on some small boards (open 26×26 4.8–5.2×, mixed
  26×26 2.3–2.5×) where the older host read 1.2–1.5×: a plain sight map makes six typed arrays (three
  views of the core's memory to copy from, the three answers in the pool), and V8 makes each in 1–2 µs
  until the calling code is optimised — for the first tens of thousands of calls here, in a
  standalone loop (\`new Uint8Array(memory.buffer, ptr, n)\`: 1.56 µs a view over the first 9,000,
  0.07 µs after 50,000) — beside an export of 3–4 µs. The same build's plain / export in a warm loop
  of the open 26×26 map: 1.2–1.3× after the first 6,000 calls (4.7–5.0 against 3.9 µs).
  Single runs of the small rows are unreliable on this host: the same build's mixed 26×26 map reads
  about 9 µs in some processes and about 14 µs in others (six processes, three builds alternating,
  19:15: 9.1–9.4 or 14.0–14.6 µs, either build), and reruns of this file after the table's run read
  mixed 26×26 at 1.16× and 2.03×, mixed 49×49 at 1.03× and 1.89× (19:14, load 0.6–3).
  Pinned to one core (taskset, either core), the same map read 9.3–10.1 µs in 8 of 8 processes;
  unpinned, 1 of 6 read 15.4 µs: the slow processes are the scheduler's, not the code's. This table
  was run before 707be29, which counts a board's ranges and a pair's range with one function (one
  more compare a counted space): in alternating processes against the build measured here, the
  mixed sight maps read 24.6–25.0 against 24.0 µs (49×49) and 841–845 against 821–975 µs (201×201).
  Fresh memory is dear on this host (2026-11-29 21:14–21:18 UTC, nothing else running): a C loop
  that maps 256 KB, writes a byte per 4 KB page and unmaps it pays 10.9–12.0 µs a page (512 MB in
  one pass 12.5–13.5 µs; the same loop through calloc/free, reusing the heap's memory, 0.05 µs): a
  page fault on this VM costs tens of times what it costs on bare metal. A plain query's snapshot is
  new memory (the result pool's 256 KB buffers; a result over 64 KB its own buffer), and the plain
  column swings with it: two back-to-back runs of this file read open 26×26 sight maps 1.26× and
  2.30×, mixed 101×101 2.24× and 1.11×, open 101×101 1.35× and 1.56×. A profile of the open 26×26
  plain map (30,720 calls, 4.7× the export) puts the time over the export in \`copyOut\` (the copies
  into the pool and the pool's new buffers). Pool sizes tried (16, 32, 64 and 256 KB; a loop of
  plain and bare calls alone, three processes each): 16 KB read open 26×26 1.55–1.68× and mixed
  26×26 1.11–1.17× where 256 KB read 4.69–4.95× and 2.26–2.44× (32 and 64 KB, read beside the
  duplicate bench's worker, like 256 KB in 5 of 6 processes); in whole runs of this file, 16 KB against 256 KB back to back: open 26×26 1.26× / 2.30×,
  mixed 26×26 2.45× / 2.48×, mixed 101×101 2.24× / 1.11×, mixed 201×201 2.13× / 2.04× — no size
  better on every row, and neither under 2.0× on every row: left at 256 KB. Buffered sight maps (no
  new memory) read 1.00–1.04× in every run.
  This corrects the cold-code reading above: the 256 KB pool is refilled every ~60 calls on a 26×26
  board, and a refill's 64 fresh pages (~0.77 ms at 12 µs a page) come to ~12 µs a call — most of
  the ~14 µs a plain open 26×26 map costs over the export in batches of 256. A median over short batches
  (2–16 calls; 1.06–1.21×, with the duplicate bench on the other core) leaves the refills out, and
  batches of 256 calls (this file's small rows) count them: the plain column there is the pool's
  page faults, not V8's code.
- Open boards: the general sweep walks every primitive direction from each attacker corner
  through the spaces between its corners; with no edge to cut its windows that is about side³
  steps per corner (Wasm 2026-11-28, open boards of this bench: 26² 0.46 ms, 49² 2.7 ms, 101² 27 ms,
  201² 0.28 s). The open-board sweep (assembly/open2016.ts, the same in bench/native/core.c) sees
  every space, reads range as the Chebyshev distance and visits only the corners whose cover lines
  a figure's space blocks. The C's dense variant (shadow casting over every corner, the kernel the
  issue asked for first) is shown in the notes column; the C used for the ratio is the sparse one.
- The 2×3 figure's reach is output-sensitive (2026-11-28): its states are numbered
  o·W·H + y·W + x, and each bucket of the search now keeps a range of words per orientation, drained
  one after the other (still in increasing state: the same pops, the same parents), and the next
  search clears the states written per orientation; before, both scanned and cleared the W·H states
  between the orientations (mixed 201×201, a quick run under load 11 before the change: 42.7 µs Wasm, 24.5 µs C; now the rows). The C has the
  same change.
- Wasm / C: both sides run the same algorithm, so the ratio is V8's code against gcc -O2's. Read
  from the machine code (perf with --perf-prof): V8 computes every memory address as a 32-bit sum
  and a based load (gcc: one instruction on a static array), checks the stack limit at each loop
  header (reloading the limit's address), spills loop values (the cost bound, the step mask) under
  register pressure, and calls out of line for memory.fill where gcc inlines memset; no bounds
  checks (guard pages). What a JS→Wasm call adds is the empty-export line above: nanoseconds.
- Reach (2026-11-29, issue 41 items 1–3): the doom2016 searches name each table as the load's
  constant offset (\`load<i32>(j << 2, REACH_COST)\`: V8 then addresses memory + index + table in one
  instruction, where \`REACH_COST + (j << 2)\` took an add first), read their globals once, and the
  small figure's eight steps are written out (no step loop, so no loop header and stack check per
  state; in the C, gcc's code for the written-out steps measured 10–15% slower than its loop, so the
  C keeps the loop). Binaryen had merged the doom2016-only small search back into the general one;
  it is now a function of its own. The next search resets the states the last one listed (REACHED)
  instead of memory.fill over the spans between them (the C clearing by a list measured no faster
  than its memset of the spans: it keeps the spans). Before (01:03 UTC run above this change, load
  1.5): small-figure reach Wasm / C 1.12–1.34×, 2×3 1.28–1.56×. The small-figure rows moved to about
  1.0×: 0.83–0.96× on all eight rows in the 03:24 run (load 1.7–2.6); in the 03:08 run (load 9–10) 0.84–1.02× on seven of the eight rows, 1.25× (blocks
  0.36–1.93×) on mixed 101×101; quick runs taking each side's fastest batch (load 8–10) read
  0.88–1.11×. The 2×3 figure's rows did not move beyond the noise (1.3–1.5× in most runs; a
  written-out move list measured no faster and was left out for the bundle budget: doom-board.js
  is at its budget).
- Plain reach: a snapshot stashes the core's list of the states the search reached (4 bytes each:
  state, cost, end flag) and makes the board-sized arrays when \`cost\` or \`end\` is first read;
  the notes column times a plain query whose \`cost\` is read at once (that array made). Buffered
  reach (2026-11-29): when the search reached more than a sixteenth of the states of a board of at
  most 4096 states, a block copy of the core's arrays (writing one listed state in JavaScript costs
  about as much as copying sixteen); else the buffer resets the states its last answer wrote and
  writes the core's list into its own arrays before the query returns. Before, it copied the span of
  states the search may have written, per orientation: buffered / export 1.11–1.73× on the reach rows
  (01:03 run, load 1.5), over 1.2× on 101×101 and 201×201 mixed and on most 2×3 rows. (A version that
  wrote the list only when \`cost\` or \`end\` was first read measured 0.77–1.14× on the 101×101 and
  201×201 reach rows at 03:08, load 9–10, but this bench never reads the answer, so it did not charge
  for the writing, and arrays a caller kept from an earlier query went stale: not taken.)
  As merged (03:24 run, load 1.7–2.6): 1.04–1.19× on the 26×26 and 49×49 small-figure reach rows,
  1.61–1.85× on the 101×101 and 201×201 ones, 1.05–1.57× for the 2×3 figure: the export is now about
  twice as fast as at 01:03 (201×201 mixed 7.9 → 3.7 µs), so the same few µs of JavaScript (the checks,
  resetting the last answer's states and writing this one's, about 2 ns a state) weigh more; buffered
  in absolute terms is faster than before (201×201 mixed small figure 9.9 → 6.8 µs).
  WebAssembly.Memory's \`buffer\` getter cost 0.1–0.3 µs a call here (Node 20), a tenth of a small
  reach: the Board API reads it once and keeps it while the memory does not grow
  (src/core/core-buffer.ts). What remains of plain and buffered over the export is the JavaScript
  around the call (the figure and MP checks, the copy, the result object), run under Vitest's module
  transform as every bench here is.
- Second pass on items 1–3 (2026-11-29, branch grid-2x3, merged in part). The 2×3 figure, read
  from V8's machine code (node --perf-prof, perf annotate of the search): the shared large-figure
  loop kept about twenty values live, spilled the MP bound, the hostile-large flag and the
  orientation's table offset to the stack and reloaded them at every move, and worked out each
  state's placement (a 64-bit division among it) before reading the cached move set. A doom2016
  large figure now has a search of its own (searchLarge2016): a move costs c + 1, within the MP
  whenever the state is expanded, unless it enters a hostile large figure's spaces (that loop out of
  line, expandLarge2016Foe); the placement is worked out where read. Same algorithm as the C (code
  shape for V8; the C unchanged). Wasm / C for the 2×3 reach: 1.27–1.39× (03:24) → 0.61–0.97× on all
  eight rows (this run, 06:20 UTC, load 2.0 → 1.6; a run two minutes earlier at load 5 → 2.8 gave
  0.76–0.96×). Open-board sight: range written as three runs per row and cover eight spaces at a time
  in the Wasm, the same in the C (one pass for cover; the C's open sweep before / after in a quick
  A/B of two builds: 26² 5.7 / 5.1 µs, 49² 35 / 21 µs, 101² 54 / 46 µs, 201² 0.86 / 0.52 ms). The
  yardstick got faster with it, so Wasm / C on open boards stays over 1.0×: 1.03–1.13× here
  (1.03–1.05× in the earlier run; 1.08–1.24× and 0.81× on 201² at 03:24 against the slower C).
  Mixed sight 0.78–0.92× (the 26² row met; the earlier run had 49² at 1.27× with blocks 0.67–1.35×).
  Buffered reach: the "in turn" notes column times the small and the 2×3 figure alternately into
  one buffer (every answer written). Not taken: a ReachBuffer that writes nothing when the core's
  list of reached states equals the buffer's last one — it met ≤ 1.2× on the repeated-query rows
  (1.07–1.24×), but a user's next query is rarely the same one, and a caller's edits to the arrays
  would then survive an identical query; the rows in turn stayed at main's cost. So buffered reach
  is still 1.1–1.9× the export: the search got faster and the JavaScript writes (about 2–4 ns an
  element) did not. The buffer's arrays living in Wasm memory would remove the copy, but a memory
  grow (the threat map grows it on demand) detaches every view, and test/core/result-buffers.test.ts
  holds that a buffer's arrays stay the same objects: it needs a decision on what buffer users are
  promised.
- Open-board sight, code shape for V8 (2026-11-29, branch grid-open; the sweep and the C
  unchanged). Read from V8's machine code (perf annotate of the sweep at 26² and 201²): the corner's
  count K was a global, reloaded from the instance at every space marked (two loads a mark); the
  octant's loop-invariant selects (signs, swap, "band u on the board") were recomputed inside the
  loops, on spilled flags, because V8 hoists a value out of a loop only from a block every exit of
  it passes and the loops tested at their top; memory.fill per octant (HEAD) and memory.copy per
  inserted interval were calls out of line (V8's wrappers; about 8% of the 26² map in an A/B of the
  copy alone). Now (assembly/open2016.ts): K, the corner and the interval count are locals; the
  tables are addressed as the access's constant offset; marks are branch-free (c + (c == k)); a
  shadow's two bands are marked in one loop; the loops test at their end; a space's band and row
  are affine in its packed coordinates (no select per space); HEAD is emptied as each band is read;
  intervals move in one pass of u64 loads and stores; LOS is written with cover, eight spaces at a
  time (c + 0x80 - k has its top bit set exactly when c == k, as no count exceeds k). Wasm gzipped
  13 984 → 13 999 bytes (doom-board.js 41 bytes under its budget, 43 before). Wasm before / after
  in one process (interleaved blocks, same boards, medians; load 6–7): 26² 0.91–1.03, 49² 0.83–0.98,
  101² 0.86–0.92, 201² 0.77–0.79: the marking (K, the two bands) is what the large boards gained;
  on the small ones the gain is within the noise. Before: Wasm / C 1.04× (26²), 1.03× (49²),
  1.09× (101²), 1.13× (201²) at 06:20. Not tried in the C: the same shapes where they are not
  V8's (one pass for LOS and cover, two bands a loop) might speed the C too. This run (09:01 UTC,
  load 6.4–7.6): open sight 1.23× (26²), 1.06× (49²), 0.88× (101²), 0.82× (201²) — met on 101² and
  201², not on 26² and 49²; quick runs of the same build read 0.99/1.05/0.88/0.79× (08:33, load 7)
  and 1.02/0.92/0.88/0.80× (08:56, load 7.4). On the small boards V8's code for the same loops
  (stack checks at loop headers, spills across the nested loops, the memory base reloaded after
  each call) stays about 5–20% slower than gcc's; not closed. Mixed sight (sight2016.ts, not
  changed) read 1.03× on 26² in this run (0.92× at 06:20, load 2), and the reach rows (code not
  changed either) moved with the load: open 201² 2×3 1.38×, its blocks 0.50–3.70× (0.79× at 06:20).
  Not taken: the band's figure spaces in a function of their own (fewer values live in the sweep's
  loop) measured 3–7% faster on 26² and 49² in a same-process A/B, but cost 33 bytes gzipped more
  (doom-board.js 9 bytes under its budget) and still left 26² over the C; writing range's
  runs as two spaces a u64 store measured no faster (and +76 bytes).
- Buffered reach, why it stays over 1.2× (2026-11-29 08:20 UTC, load 1.3–2.6, a scratch timing of
  \`board.reach(f, 8, buffer)\` with the buffer's list writing stubbed out, Node 20, same process):
  the Board API's checks cost nothing measurable (\`search\` = the export within 2%); the buffer's
  fixed part (the memory check, the views, \`reachCount\`) about 0.1–0.3 µs; the rest is writing the
  list: 12–13 ns a reached state (reset of the last answer's states + the new ones: five loads and
  stores), e.g. open 101² small figure 289 states 3.7 µs beside a 5.2–6.3 µs search. The same loop in
  a plain script reads 4.5 ns a state only when V8 can fold the arrays in as constants (module-level
  arrays) and 11–16 ns when they arrive as fields or arguments, as they must for a buffer per caller.
  So at ≤ 1.2× the buffer may spend about a fifth of the search: ~1.5 ns a state — below what a
  JavaScript store loop costs here. Only arrays the core writes itself (views of Wasm memory) would
  meet it, and those are detached whenever the memory grows (threat maps grow it on demand, sized
  per call up to width × height × enemies × 4 bytes, so it cannot be reserved up front): a caller's
  kept arrays would go empty, which test/core/result-buffers.test.ts and the buffer's documented
  promise forbid. Left as it is: buffered reach 1.1–1.9× the export, plain 1.2–1.5×.
  Why a JavaScript store loop costs that much here (2026-11-30, perf with V8's jitdump of
  \`board.reach(f, 8, buffer)\` on open 101×101, 289 states, buffered 1.68× the export, pinned): in
  TurboFan's code for the two loops of \`writeList\` every element access checks its typed array's
  map and reloads its length and data pointer (V8 11.3 hoists neither out of the loop), and the load
  of the next array's map after each store holds about a fifth of the loop's samples each: about
  5.5–6 ns a state, where a standalone loop with one caller's arrays (monomorphic) reads 2.5–3 ns.
- Chromium beside Node (2026-12-02 00:20 UTC, the table's run, an AMD EPYC host whose page faults
  cost 0.5 µs, against 1.6–15 µs on the hosts of the notes above). The column "in Chromium" times
  the same exports in a page of Debian's Chromium 150 (V8 of 2026, against Node 20's V8 11.3). Its
  code is 3–5% faster on the mixed sight maps (1.28× and 1.25× the C at 26² and 49², Node 1.33× and
  1.31×), the same within a few percent elsewhere; where a wiki's reader meets the core, the
  mixed sight maps stay over the C by a quarter. On this host the open 26×26 sight map reads 1.06×
  (Chromium 1.02×), where the Intel host's run read 0.80×: a row near 1.0× moves with the host.
  A scratch Binaryen build at shrink level 0 (more inlining; 44.7 against 40.1 KB) timed the mixed
  sight maps in turn with the shipped build: 1.31–1.33× against 1.30–1.39×, no change; not kept.
- Noise: the run shares 2 cores with other engineers' test suites (load above): single blocks'
  ratios spread widely on some rows (brackets), and the medians of two runs differ by up to a third.
  The verdicts read this run's medians only.
<!-- grid-classes:end -->
`;
  console.log(section);
  if (!process.env.GRID_SIZES && !process.env.GRID_CLASSES && !only) {
    const file = new URL('./RESULTS.md', import.meta.url);
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const start = old.indexOf('<!-- grid-classes:start -->');
    const end = old.indexOf('<!-- grid-classes:end -->');
    const after = old.indexOf('<!-- component-bench:end -->');
    const next = start >= 0 && end > start
      ? old.slice(0, start) + section + old.slice(end + '<!-- grid-classes:end -->\n'.length)
      : after >= 0
        ? `${old.slice(0, after + '<!-- component-bench:end -->\n'.length)}\n${section}${old.slice(after + '<!-- component-bench:end -->\n'.length)}`
        : `${old.trimEnd()}\n\n${section}`;
    writeFileSync(file, next);
  }
  expect(mismatches).toEqual([]);
});

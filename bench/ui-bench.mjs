/**
 * Component benchmark (not a timed test): loads dist/doom-board.js — the production bundle — into a
 * plain page in Debian's Chromium and reads performance marks for the first render of a 40×40 board
 * and for select-to-highlight. Writes its own section of bench/RESULTS.md (between the
 * `component-bench` markers; the grid benchmark keeps that section when it rewrites the file).
 * Run with `npm run bench:ui` (builds the bundle first).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { launchBench } from './ui/bench-browser.mjs';

const root = new URL('../', import.meta.url);
const { browser, version, benchPage } = await launchBench();
const runBench = (page, idleMs = 0) => page.evaluate(async (ms) => (await import('/bench-page.js')).run(ms), idleMs);

// Three page loads whose first board comes at once, three where the page was idle for a second.
const runs = [];
const idleRuns = [];
for (let k = 0; k < 6; k++) {
  const page = await benchPage();
  (k % 2 ? idleRuns : runs).push(await runBench(page, k % 2 ? 1000 : 0));
  await page.close();
}

// One more run under a trace: the frame's tiles are rasterised after it is rendered, on the raster
// thread, which in-page marks cannot see. "On screen" ends with the last raster task of each case.
const traced = await benchPage();
const tracePath = join(mkdtempSync(join(tmpdir(), 'doom-bench-')), 'trace.json');
await browser.startTracing(traced, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
await runBench(traced);
await browser.stopTracing();
await traced.close();
const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
if (process.env.KEEP_TRACE) writeFileSync(process.env.KEEP_TRACE, JSON.stringify(trace));
const onScreen = rasterEnds(trace);

/** Per case (`render-3`, `select-7`…): ms from its start mark to the end of the last raster task before the next case starts. */
function rasterEnds(trace) {
  const events = trace.traceEvents ?? trace;
  const starts = events
    .filter((e) => e.cat?.includes('blink.user_timing') && /-start$/.test(e.name) && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b'))
    .map((e) => ({ name: e.name.slice(0, -'-start'.length), ts: e.ts }))
    .sort((a, b) => a.ts - b.ts);
  const raster = events.filter((e) => e.name === 'RasterTask' && e.ph === 'X');
  const out = {};
  starts.forEach((s, i) => {
    const next = starts[i + 1]?.ts ?? Infinity;
    let end = s.ts;
    for (const r of raster) if (r.ts >= s.ts && r.ts < next) end = Math.max(end, r.ts + r.dur);
    out[s.name] = (end - s.ts) / 1000;
  });
  return out;
}
const medianOf = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const med = (key) => [...runs.map((r) => r[key])].sort((a, b) => a - b)[1];
const ms = (v) => `${v.toFixed(1)} ms`;
const r = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, med(k)]));
const idle = { dom: medianOf(idleRuns.map((x) => x.coldDom)), rendered: medianOf(idleRuns.map((x) => x.coldRendered)) };
const screen = {
  cold: onScreen['render-0'],
  warm: medianOf(Object.entries(onScreen).filter(([k]) => /^render-[1-9]$/.test(k)).map(([, v]) => v)),
  select: medianOf(Object.entries(onScreen).filter(([k]) => k.startsWith('select-')).map(([, v]) => v)),
};
const met = (v, t) => (v <= t ? `yes (≤ ${t} ms)` : `no (> ${t} ms)`);
const section = `<!-- component-bench:start -->
## Component: \`<doom-board>\` in the browser

Written by \`npm run bench:ui\` (bench/ui-bench.mjs): the production bundle \`dist/doom-board.js\` in a
plain page in Chromium ${version} (headless, no GPU: software raster), timed with
\`performance.mark\`/\`measure\` inside the page (bench/ui/bench-page.js). A seeded doom2016 board of
40×40 spaces (${r.cells} grid cells) with 60 edge runs, difficult terrain, teleporters and 24 figures.
Each case starts at the beginning of a frame, as the browser runs input handlers. The keyboard
grid's ${r.cells} invisible, labelled cells are written right after a new board's first frame (at once
when the grid is focused), so they are not in "first render". "DOM" ends when
the element has updated (\`doom-ready\`, or \`select()\` resolved); "rendered" when the frame showing
it is rendered (style, layout, paint, commit: a timer queued inside the frame runs after it). The
tiles are then rasterised off the main thread; "on screen" ends with the last raster task, from a
further run under a Chromium trace (tracing slows it a little). The page's first board renders its
code for the first time: "at load" comes right after the bundle was evaluated (the Wasm core,
whose compile starts then, may still be compiling); "idle page" a second later. Warm = a further
board (median of 9).
Select-to-highlight: \`select(figure)\` → reach (MP 8, ${r.reachCells} spaces with their costs), LOS fog,
figures and status drawn; median of 21 (worst rendered ${ms(r.selectMax)}). Each in-page figure is the median
of 3 page loads.
Targets (issue 4): first render of a 40×40 board ≤ 100 ms; select-to-highlight ≤ 16 ms (one frame).

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform}/${process.arch}; a shared VM

| case | DOM | rendered | on screen | target met (rendered) |
|---|---|---|---|---|
| first render 40×40, page's first board, at load | ${ms(r.coldDom)} | ${ms(r.coldRendered)} | ${ms(screen.cold)} | ${met(r.coldRendered, 100)} |
| first render 40×40, page's first board, idle page | ${ms(idle.dom)} | ${ms(idle.rendered)} | — | ${met(idle.rendered, 100)} |
| first render 40×40, warm | ${ms(r.warmDom)} | ${ms(r.warmRendered)} | ${ms(screen.warm)} | ${met(r.warmRendered, 100)} |
| select-to-highlight | ${ms(r.selectDom)} | ${ms(r.selectRendered)} | ${ms(screen.select)} | ${met(r.selectRendered, 16)} |
<!-- component-bench:end -->
`;

const file = new URL('bench/RESULTS.md', root);
const old = readFileSync(file, 'utf8');
const start = old.indexOf('<!-- component-bench:start -->');
const end = old.indexOf('<!-- component-bench:end -->');
const next = start >= 0 && end > start
  ? old.slice(0, start) + section + old.slice(end + '<!-- component-bench:end -->\n'.length)
  : `${old.trimEnd()}\n\n${section}`;
writeFileSync(file, next);
console.log(section);
// The browser is a child process with open pipes: until it is closed, Node's event loop stays alive
// and the script never exits (it used to hang here after writing its table).
await browser.close();

/**
 * Large boards in the browser (issue 41): the production bundle dist/doom-board.js in Debian's
 * Chromium, as bench/ui-bench.mjs runs it, with boards of 101×101 and 201×201 spaces (the 40×40
 * bench board's densities of edge runs and figures). First render after the page's first board
 * (median of 3) and select-to-highlight (median of 9, worst shown), against the frame budgets the
 * 40×40 board keeps: first render ≤ 100 ms, select-to-highlight ≤ 16 ms. Each figure is the median
 * of 3 page loads. Writes its section of bench/RESULTS.md (between the ui-large markers).
 * Run: `npm run build:lib && node bench/ui/large-boards.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { launchBench } from './bench-browser.mjs';

const root = new URL('../../', import.meta.url);
const loadBefore = loadavg().map((x) => x.toFixed(1)).join(' / ');
// BUNDLE: another build of the element (such as the code before a change), with NO_WRITE=1 to leave RESULTS.md alone.
const { browser, version, benchPage } = await launchBench(process.env.BUNDLE ?? 'dist/doom-board.js');

const results = {};
for (const side of [101, 201]) {
  const runs = [];
  for (let k = 0; k < 3; k++) {
    const page = await benchPage();
    runs.push(await page.evaluate(async (s) => (await import('/bench-page.js')).runLarge(s), side));
    await page.close();
  }
  const med = (key) => [...runs.map((r) => r[key])].sort((a, b) => a - b)[1];
  results[side] = { ...runs[0], ...Object.fromEntries(['renderDom', 'renderRendered', 'selectDom', 'selectRendered', 'selectMax', 'refRenderRendered', 'refSelectRendered'].map((k) => [k, med(k)])) };
}
await browser.close();

const ms = (v) => `${v.toFixed(1)} ms`;
const ratio = (v, ref) => `large ${(v / ref).toFixed(1)}×`;
const met = (v, t) => (v <= t ? `yes (≤ ${t} ms)` : `**no** (> ${t} ms)`);
const rows = [101, 201].flatMap((side) => {
  const r = results[side];
  return [
    `| first render ${side}×${side} (${r.figures} figures), after the page's first board | ${ms(r.renderDom)} | ${ms(r.renderRendered)} | ${ms(r.refRenderRendered)} (${ratio(r.renderRendered, r.refRenderRendered)}) | ${met(r.renderRendered, 100)} |`,
    `| select-to-highlight ${side}×${side} (reach MP 8: ${r.reachCells} spaces; worst ${ms(r.selectMax)}) | ${ms(r.selectDom)} | ${ms(r.selectRendered)} | ${ms(r.refSelectRendered)} (${ratio(r.selectRendered, r.refSelectRendered)}) | ${met(r.selectRendered, 16)} |`,
  ];
});
const section = `<!-- ui-large:start -->
## Component on large boards (issue 41)

Written by \`node bench/ui/large-boards.mjs\` (after \`npm run build:lib\`): \`dist/doom-board.js\` in
Chromium ${version} (headless, no GPU), measured as in the component section above (bench/ui/bench-page.js
\`runLarge\`): seeded doom2016 boards of 101×101 and 201×201 spaces with the 40×40 board's densities of
edge runs, difficult terrain and figures, rendered after the page's first board (median of 3), then
\`select(marine)\` (median of 9). Each figure is the median of 3 page loads. Budgets: those of the
40×40 board (first render ≤ 100 ms, select-to-highlight ≤ 16 ms). The 40×40 board is measured in
the same pages (three renders, nine selections, before the large board): on this shared VM the load
moves every figure, and the ratio to it moves less.

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; a shared VM
- Load average (1 / 5 / 15 min): ${loadBefore} before, ${loadavg().map((x) => x.toFixed(1)).join(' / ')} after

| case | DOM | rendered | the 40×40 board, same page (rendered) | within the 40×40 budget |
|---|---|---|---|---|
${rows.join('\n')}

Before issue 41 point 4 (2026-11-28 17:47 UTC, load 13–14, no 40×40 reference): first render
270.2 ms (101×101) and 1248.4 ms (201×201); select-to-highlight 72.3 ms and 141.9 ms.

Wall-clock times on this VM include waiting for a core; the main thread's CPU time per case
(bench/ui/profile-large.mjs, below) shows what the element itself costs.
<!-- ui-large:end -->
`;
const file = new URL('bench/RESULTS.md', root);
const old = readFileSync(file, 'utf8');
const start = old.indexOf('<!-- ui-large:start -->');
const end = old.indexOf('<!-- ui-large:end -->');
const after = old.indexOf('<!-- component-bench:end -->');
const next = start >= 0 && end > start
  ? old.slice(0, start) + section + old.slice(end + '<!-- ui-large:end -->\n'.length)
  : after >= 0
    ? `${old.slice(0, after + '<!-- component-bench:end -->\n'.length)}\n${section}${old.slice(after + '<!-- component-bench:end -->\n'.length)}`
    : `${old.trimEnd()}\n\n${section}`;
if (!process.env.NO_WRITE) writeFileSync(file, next);
console.log(section);

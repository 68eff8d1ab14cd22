/**
 * Component benchmark (not a timed test): loads dist/doom-board.js — the production bundle — into a
 * plain page in Debian's Chromium and reads performance marks for the first render of a 40×40 board
 * and for select-to-highlight. Writes its own section of bench/RESULTS.md (between the
 * `component-bench` markers; the grid benchmark keeps that section when it rewrites the file).
 * Run with `npm run bench:ui` (builds the bundle first).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { chromium } from '@playwright/test';

const root = new URL('../', import.meta.url);
const bundle = readFileSync(new URL('dist/doom-board.js', root));
const pageJs = readFileSync(new URL('bench/ui/bench-page.js', root));
const ORIGIN = 'http://bench.test';
const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<style>body{margin:0;width:1000px} doom-board{--doom-max-width:1000px;--doom-cell-max:24px}</style></head>
<body><script type="module" src="/doom-board.js"></script></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const version = browser.version();
const runs = [];
for (let k = 0; k < 3; k++) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1200 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: HTML });
    if (path === '/doom-board.js') return route.fulfill({ contentType: 'text/javascript', body: bundle });
    if (path === '/bench-page.js') return route.fulfill({ contentType: 'text/javascript', body: pageJs });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => customElements.get('doom-board'));
  runs.push(await page.evaluate(async () => (await import('/bench-page.js')).run()));
  await page.close();
}
await browser.close();

const med = (key) => [...runs.map((r) => r[key])].sort((a, b) => a - b)[1];
const ms = (v) => `${v.toFixed(1)} ms`;
const r = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, med(k)]));
const met = (v, t) => (v <= t ? `yes (≤ ${t} ms)` : `no (> ${t} ms)`);
const section = `<!-- component-bench:start -->
## Component: \`<doom-board>\` in the browser

Written by \`npm run bench:ui\` (bench/ui-bench.mjs): the production bundle \`dist/doom-board.js\` in a
plain page in Chromium ${version} (headless, no GPU), timed with \`performance.mark\`/\`measure\` inside
the page (bench/ui/bench-page.js). A seeded doom2016 board of 40×40 spaces (${r.cells} grid cells) with
60 edge runs, difficult terrain, teleporters and 24 figures. "DOM ready" ends at the element's
\`doom-ready\` (Lit has rendered); "painted" one animation frame later. Cold = the first board of the
page, including compiling the inlined Wasm core; warm = a further board (median of 8).
Select-to-highlight: \`select(figure)\` → reach (MP 8, ${r.reachCells} spaces with costs), LOS fog and
status drawn; median of 21 (worst ${ms(r.selectMax)}). Each figure is the median of 3 page loads.
Targets (issue 4): first render of a 40×40 board ≤ 100 ms; select-to-highlight ≤ 16 ms.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform}/${process.arch}; a shared VM

| case | DOM ready | painted | target met |
|---|---|---|---|
| first render 40×40, cold (Wasm compiled too) | ${ms(r.coldDom)} | ${ms(r.coldPainted)} | ${met(r.coldPainted, 100)} |
| first render 40×40, warm | ${ms(r.warmDom)} | ${ms(r.warmPainted)} | ${met(r.warmPainted, 100)} |
| select-to-highlight | ${ms(r.selectDom)} | ${ms(r.selectPainted)} | ${met(r.selectDom, 16)} (DOM), ${met(r.selectPainted, 16)} (painted) |
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

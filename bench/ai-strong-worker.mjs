/**
 * The `strong` autopilot (issue 39, `ai-strength="strong"`) in Chromium's Web Worker: the
 * built worker (dist/doom-board-ai-worker.js; `npm run build:lib` first) answers whole doom2004
 * skirmish games, one seat `strong`, the other `standard` (bench/ai-strong-cases.ts, bundled by
 * Vite with the Wasm core inlined). Prints each seat's games and the strong decisions', strong
 * hints' and standard decisions' wall time (p50 / p90 / p95 / p99 / max; a fresh worker's first
 * answer apart) with the machine and its load. `AI_STRONG_SEEDS=1,2` (default).
 * Run: `npm run build:lib && node bench/ai-strong-worker.mjs`.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { benchPage, browserModule, launchChromium } from './browser-module.mjs';

const root = new URL('../', import.meta.url);
const loadBefore = loadavg();
const built = await browserModule('bench/ai-strong-cases.ts', 'cases.js');
const cases = built.text;
const worker = readFileSync(new URL('dist/doom-board-ai-worker.js', root));
const seeds = (process.env.AI_STRONG_SEEDS ?? '1,2').split(',').map(Number);

const browser = await launchChromium();
const games = [];
const booted = [];
let version;
try {
  version = browser.version();
  const page = await benchPage(browser, { '/cases.js': cases, '/doom-board-ai-worker.js': worker });
  for (const seat of ['marines', 'invaders']) {
    for (const seed of seeds) {
      const g = await page.evaluate(async ({ seat, seed }) => (await import('/cases.js')).playStrong(seat, seed, '/doom-board-ai-worker.js'), { seat, seed });
      games.push(g);
      console.log(`${seat} strong, seed ${seed}: ${g.commands} commands, winner ${g.winner}, ${g.ms.length} strong decisions`);
    }
  }
  for (const warm of [false, true]) {
    for (let k = 0; k < 3; k++) booted.push({ warm, ...(await page.evaluate(async (warm) => (await import('/cases.js')).bootedFirstAnswers('/doom-board-ai-worker.js', 12, warm), warm)) });
  }
} finally {
  await browser.close();
  built.remove();
}
const f = (ms) => `${ms.toFixed(0)} ms`;
const spread = (xs) => {
  const t = [...xs].sort((a, b) => a - b);
  const q = (p) => t[Math.min(t.length - 1, Math.floor(p * t.length))];
  return `${t.length}: p50 ${f(q(0.5))}, p90 ${f(q(0.9))}, p95 ${f(q(0.95))}, p99 ${f(q(0.99))}, max ${f(t[t.length - 1])}; over 1 s: ${t.filter((x) => x > 1000).length}`;
};
const load = (l) => l.map((x) => x.toFixed(1)).join(' / ');
console.log(`Chromium ${version}, ${cpus()[0]?.model}, ${cpus().length} cores; load ${load(loadBefore)} before, ${load(loadavg())} after`);
console.log(`strong decisions (wall, page to worker and back): ${spread(games.flatMap((g) => g.ms))}`);
console.log(`strong hints (wall): ${spread(games.flatMap((g) => g.hintMs))}`);
// The standard seat (searched too since DOOM2004_AUTOPILOT_SEARCH). Each game starts a fresh worker:
// the game's first answer also waits for the worker to start and compile the Wasm core, and the
// first searched answers meet cold code (a page's first answers do too) — shown apart.
const first = games.map((g) => (g.seat === 'invaders' ? g.standardMs[0] : g.ms[0]));
console.log(`each game's first answer (a fresh worker: its start, the core's compile and cold code): ${first.map((x) => `${x.toFixed(0)} ms`).join(', ')}`);
console.log(`standard decisions (wall), but a fresh worker's first answer: ${spread(games.flatMap((g) => (g.seat === 'invaders' ? g.standardMs.slice(1) : g.standardMs)))}`);
console.log(`of which each game's first 20: ${spread(games.flatMap((g) => (g.seat === 'invaders' ? g.standardMs.slice(1, 21) : g.standardMs.slice(0, 20))))}`);
for (const warm of [false, true]) {
  const runs = booted.filter((b) => b.warm === warm);
  console.log(`a fresh worker started by one unsearched (d20) answer: ${runs.map((b) => `${b.bootMs.toFixed(0)} ms`).join(', ')}; then${warm ? " the element's warm-up (one searched hint, untimed) and" : ''} the skirmish's first standard decisions (ms): ${runs.map((b) => b.ms.map((x) => x.toFixed(0)).join(' ')).join(' | ')}`);
}

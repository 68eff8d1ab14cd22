/**
 * Cold start of the built server, as an operator meets it: `node lib/cli.js serve --static dist-demo`
 * spawned afresh, timed to its "listening" line and to the first answers (/openapi.json, the home
 * page), with a SQLite data directory and in memory. Needs the build (`npm run build`). Budget: 2 s.
 *
 *   node bench/server-start.mjs [--runs 7]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const cli = fileURLToPath(new URL('../lib/cli.js', import.meta.url));
const site = fileURLToPath(new URL('../dist-demo', import.meta.url));

async function once(store) {
  const dir = mkdtempSync(join(tmpdir(), 'doom-board-start-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [cli, 'serve', '--static', site, '--port', '0', ...(store === 'memory' ? ['--memory'] : ['--data-dir', dir])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (c) => reject(new Error(`exited ${c}: ${out}`)));
  });
  const listening = performance.now() - t0;
  await (await fetch(`${url}/openapi.json`)).arrayBuffer();
  const document = performance.now() - t0;
  await (await fetch(`${url}/`)).arrayBuffer();
  const page = performance.now() - t0;
  const created = await fetch(`${url}/api/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"scenarioId":"d20-skirmish","seed":1}' });
  if (created.status !== 201) throw new Error(`create: ${created.status}`);
  const game = performance.now() - t0;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
  rmSync(dir, { recursive: true, force: true });
  return { listening, document, page, game };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`server cold start, ${values.runs} runs each; ${cpus().length}× ${cpus()[0].model}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}, Node ${process.version}, ${new Date().toISOString()}`);
console.log('| store | listening (median / max) | first /openapi.json | first page | first game created | budget |');
console.log('|---|---|---|---|---|---|');
for (const store of ['sqlite', 'memory']) {
  const runs = [];
  for (let i = 0; i < Number(values.runs); i++) runs.push(await once(store));
  const col = (k) => `${median(runs.map((r) => r[k])).toFixed(0)} ms`;
  const max = Math.max(...runs.map((r) => r.listening));
  console.log(`| ${store} | ${col('listening')} / ${max.toFixed(0)} ms | ${col('document')} | ${col('page')} | ${col('game')} | ≤ 2000 ms: ${max <= 2000 ? 'met' : 'MISSED'} |`);
}

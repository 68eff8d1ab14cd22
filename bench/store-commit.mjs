#!/usr/bin/env node
/**
 * Store commit bench (not a test): the SQLite store alone (WAL, synchronous=FULL), G games each
 * appending N entries one after the other (as the API does: one change at a time per game), all
 * games at once. Reports appends/s, append latency p50/p99 and transactions per append, so the
 * store's own limit shows apart from HTTP and the rules (whose CPU cost dominates api-load.mjs on a
 * busy machine). Every appended entry is checked after reopening.
 *
 *   node bench/store-commit.mjs [--games 16] [--appends 50] [--lib lib]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { games: { type: 'string', default: '16' }, appends: { type: 'string', default: '50' }, lib: { type: 'string', default: 'lib' } } });
const G = Number(values.games);
const N = Number(values.appends);
const { openStore } = await import(pathToFileURL(resolve(values.lib, 'server.js')).href);
const dataDir = mkdtempSync(join(tmpdir(), 'doom-board-store-bench-'));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
try {
  const store = await openStore({ dataDir });
  const ids = Array.from({ length: G }, (_, i) => `bench-game-${i}`);
  for (const id of ids) await store.create({ id, scenario: { ruleset: 'd20', map: ['..'], figures: [], sides: ['a', 'b'] }, seed: 1, seatHashes: { a: 'x', b: 'y' }, createdAt: new Date().toISOString() });
  const latencies = [];
  const before = store.stats?.().transactions;
  const t0 = performance.now();
  await Promise.all(ids.map(async (id) => {
    for (let v = 1; v <= N; v++) {
      const t = performance.now();
      await store.append(id, { version: v, kind: 'command', side: v % 2 ? 'a' : 'b', command: { type: 'move', figure: 'f', to: { x: v % 7, y: 3 } } });
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const transactions = before === undefined ? G * N : store.stats().transactions - before;
  await store.close();
  const again = await openStore({ dataDir });
  let missing = 0;
  for (const id of ids) missing += N - (await again.load(id)).entries.length;
  await again.close();
  console.log(JSON.stringify({
    lib: values.lib, games: G, appendsPerGame: N, seconds: Number(seconds.toFixed(2)), appendsPerSecond: Math.round((G * N) / seconds),
    appendLatencyMs: { p50: Number(pct(latencies, 50).toFixed(1)), p99: Number(pct(latencies, 99).toFixed(1)) },
    transactions, appendsPerTransaction: Number(((G * N) / transactions).toFixed(1)), missing,
  }));
  if (missing) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

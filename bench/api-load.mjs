#!/usr/bin/env node
/**
 * API load bench (not a test): the real server (SQLite store, WAL, synchronous=FULL) on loopback;
 * G concurrent games, each played by one client for N accepted changes (a legal command, or an
 * undo when the game is over), while F server-sent-event followers watch the games. Reports
 * throughput and p50/p99 latency, and checks that no command was lost or duplicated: the server's
 * log of every game holds exactly the acknowledged changes, and every follower saw each version
 * once, in order.
 *
 *   node bench/api-load.mjs [--games 50] [--commands 200] [--followers 500] [--memory]
 *                           [--database-url postgres://… [--instances 2]]
 *
 * With --database-url, K server instances share that PostgreSQL database: every client sends each
 * request to the next instance in turn (a round-robin balancer), followers are spread over them.
 *
 * With --hint-clients H it measures heavy work instead: for --seconds S, H clients ask for hints
 * (budget 250 ms, on a posted 40×40 d20 board with 16 figures a side) one after another, while one
 * client sends plain GETs of a small game; it reports the plain GET's p50/p99 and the hints answered
 * and refused (503). --workers N is passed to the server (0: the work on the event loop, as before
 * the pool).
 *
 *   node bench/api-load.mjs --hint-clients 3 --seconds 10 --workers 0|1 --memory
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '50' }, commands: { type: 'string', default: '200' }, followers: { type: 'string', default: '500' }, memory: { type: 'boolean', default: false },
    'database-url': { type: 'string' }, instances: { type: 'string', default: '1' },
    'hint-clients': { type: 'string', default: '0' }, seconds: { type: 'string', default: '10' }, workers: { type: 'string' },
  },
});
const K = Number(values.instances);
const storeArgs = values['database-url'] ? ['--database-url', values['database-url']] : values.memory ? ['--memory'] : null;
const G = Number(values.games);
const N = Number(values.commands);
const F = Number(values.followers);
const dataDir = mkdtempSync(join(tmpdir(), 'doom-board-bench-'));

function startServer() {
  const main = fileURLToPath(new URL('../lib/cli.js', import.meta.url));
  const child = spawn(process.execPath, [main, 'serve', '--host', '127.0.0.1', '--port', '0', '--rate-limit', '0', '--log', 'none', ...(values.workers !== undefined ? ['--workers', values.workers] : []), ...(storeArgs ?? ['--data-dir', dataDir])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server:\n${out}`)), 60_000);
    const on = (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
  });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Follow a game's stream; resolves with the versions seen once `until` is reached. */
function follow(url, gameId, until, signal) {
  return (async () => {
    const res = await fetch(`${url}/api/v1/games/${gameId}/stream`, { signal });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const versions = [];
    let buf = '';
    while (versions.at(-1) !== until()) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const msg = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const id = /^id: (\d+)$/m.exec(msg);
        if (id) versions.push(Number(id[1]));
      }
    }
    reader.cancel().catch(() => {});
    return versions;
  })();
}

async function play(urls, game, latencies) {
  let turn = 0;
  const next = () => urls[turn++ % urls.length];
  const acked = [];
  const auth = (side) => ({ authorization: `Bearer ${game.seats[side]}` });
  let version = 0;
  const sides = []; // the side of each standing command (an undo needs that seat)
  while (acked.length < N) {
    const g = await json(`${next()}/api/v1/games/${game.id}`);
    let request;
    if (g.view.winner) {
      // The game is over: take a command back, so that the game goes on for N changes.
      request = [`${next()}/api/v1/games/${game.id}/undo`, { method: 'POST', headers: { ...auth(sides.pop()), 'if-match': `"${version}"` } }];
    } else {
      const { actions } = await json(`${next()}/api/v1/games/${game.id}/actions`);
      const command = actions[(acked.length * 7919) % actions.length];
      sides.push(g.view.side);
      request = [`${next()}/api/v1/games/${game.id}/commands`, { method: 'POST', headers: { ...auth(g.view.side), 'content-type': 'application/json', 'if-match': `"${version}"` }, body: JSON.stringify(command) }];
    }
    const t = performance.now();
    const res = await fetch(...request);
    const body = await res.json();
    latencies.push(performance.now() - t);
    if (!res.ok) throw new Error(`game ${game.id} at ${version}: ${res.status} ${JSON.stringify(body)}`);
    version = body.version;
    acked.push(version);
  }
  return acked;
}

/** The 40×40 d20 board of bench/ai-scenarios.ts `bigScenario('d20', 2, 40, 16)` (walls, light cover, 16 figures a side). */
function bigD20(seed = 2, side = 40, perSide = 16) {
  let t = seed >>> 0;
  const r = () => ((t = (Math.imul(t, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const map = Array.from({ length: side }, () => Array.from({ length: side }, () => (r() < 0.04 ? 'l' : '.')).join(''));
  const edges = [];
  for (let k = 0; k < side * 2; k++) {
    const x = 1 + Math.floor(r() * (side - 2));
    const y = 1 + Math.floor(r() * (side - 2));
    const len = 1 + Math.floor(r() * 3);
    if (r() < 0.5) edges.push({ from: [x, y], to: [Math.min(side, x + len), y], kind: 'wall' });
    else edges.push({ from: [x, y], to: [x, Math.min(side, y + len)], kind: 'wall' });
  }
  const taken = new Set();
  const spot = (x0, x1) => {
    for (;;) {
      const x = x0 + Math.floor(r() * (x1 - x0));
      const y = Math.floor(r() * side);
      if (!taken.has(`${x},${y}`) && map[y][x] === '.') {
        taken.add(`${x},${y}`);
        return { x, y };
      }
    }
  };
  const figures = [
    ...Array.from({ length: perSide }, (_, i) => ({ id: `m${i + 1}`, side: 'empire', type: 'trooper', ...spot(0, 10) })),
    ...Array.from({ length: perSide }, (_, i) => ({ id: `d${i + 1}`, side: 'alliance', type: ['trooper', 'scout'][i % 2], ...spot(side - 12, side) })),
  ];
  return { ruleset: 'd20', map, edges, figures, sides: ['empire', 'alliance'], data: { units: 'd20/sample-units' } };
}

/** Hints keep the server's heavy work busy while one client times plain GETs. */
async function hintLoad(url, clients, seconds) {
  const post = (body) => json(`${url}/api/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const big = await post({ scenario: bigD20(), seed: 1 });
  const small = await post({ scenarioId: 'd20-skirmish', seed: 1 });
  const side = (await json(`${url}/api/v1/games/${big.id}`)).view.side;
  const until = performance.now() + seconds * 1000;
  const counts = { answered: 0, busy: 0, searchMs: [] };
  const hinters = Array.from({ length: clients }, async () => {
    while (performance.now() < until) {
      const res = await fetch(`${url}/api/v1/games/${big.id}/hints?budgetMs=250`, { headers: { authorization: `Bearer ${big.seats[side]}` } });
      const body = await res.json();
      if (res.status === 200) {
        counts.answered++;
        counts.searchMs.push(body.elapsedMs);
      } else if (res.status === 503) {
        counts.busy++;
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
      } else throw new Error(`hints: ${res.status} ${JSON.stringify(body)}`);
    }
  });
  const latencies = [];
  const getter = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      await (await fetch(`${url}/api/v1/games/${small.id}`)).arrayBuffer();
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  await Promise.all([...hinters, getter]);
  return {
    workers: values.workers ?? 'default', hintClients: clients, seconds,
    plainGetMs: { p50: Number(pct(latencies, 50).toFixed(1)), p99: Number(pct(latencies, 99).toFixed(1)), max: Number(Math.max(...latencies).toFixed(1)), n: latencies.length },
    hints: { answered: counts.answered, refused503: counts.busy, searchMsP50: Number(pct(counts.searchMs, 50).toFixed(1)) },
    node: process.version, cpus: (await import('node:os')).cpus().length,
  };
}

const servers = await Promise.all(Array.from({ length: values['database-url'] ? K : 1 }, () => startServer()));
const urls = servers.map((s) => s.url);
const [{ url }] = servers;
if (Number(values['hint-clients']) > 0) {
  try {
    console.log(JSON.stringify(await hintLoad(url, Number(values['hint-clients']), Number(values.seconds)), null, 2));
  } finally {
    for (const s of servers) s.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}
try {
  const games = [];
  for (let i = 0; i < G; i++) games.push(await json(`${url}/api/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId: 'd20-skirmish', seed: i + 1 }) }));
  const abort = new AbortController();
  const followers = Array.from({ length: F }, (_, i) => follow(urls[i % urls.length], games[i % G].id, () => N, abort.signal));
  await new Promise((r) => setTimeout(r, 500)); // let the followers connect
  const latencies = [];
  const t0 = performance.now();
  const acks = await Promise.all(games.map((g, i) => play(urls.slice(i % urls.length).concat(urls.slice(0, i % urls.length)), g, latencies)));
  const seconds = (performance.now() - t0) / 1000;
  const timeout = setTimeout(() => abort.abort(), 30_000);
  const seen = await Promise.all(followers);
  clearTimeout(timeout);

  // Lost or duplicated: the server's log against the acknowledgements, the followers against 1..N.
  let lost = 0;
  let duplicated = 0;
  for (let i = 0; i < G; i++) {
    const log = await json(`${url}/api/v1/games/${games[i].id}/events`);
    const versions = log.entries.map((e) => e.version);
    const acked = new Set(acks[i]);
    duplicated += acks[i].length - acked.size + versions.length - new Set(versions).size;
    lost += [...acked].filter((v) => !versions.includes(v)).length + Math.max(0, versions.length - acked.size);
  }
  let streamGaps = 0;
  for (const versions of seen) {
    const ok = versions.length === N && versions.every((v, k) => v === k + 1);
    if (!ok) streamGaps++;
  }
  const total = G * N;
  const result = {
    store: values['database-url'] ? `postgresql, ${urls.length} instance(s)` : values.memory ? 'memory' : 'sqlite (WAL, synchronous=FULL)', games: G, changesPerGame: N, followers: F, totalChanges: total,
    seconds: Number(seconds.toFixed(2)),
    changesPerSecond: Math.round(total / seconds),
    commandLatencyMs: { p50: Number(pct(latencies, 50).toFixed(1)), p99: Number(pct(latencies, 99).toFixed(1)), n: latencies.length },
    lost, duplicated, followersWithGapsOrDuplicates: streamGaps,
    node: process.version, cpus: (await import('node:os')).cpus().length,
  };
  console.log(JSON.stringify(result, null, 2));
  if (lost || duplicated || streamGaps) process.exitCode = 1;
} finally {
  for (const s of servers) s.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

#!/usr/bin/env node
/**
 * Server CPU per accepted change (issue 41 item 5), measured from outside on the built server: the
 * process's CPU time (utime + stime, /proc/<pid>/stat: every thread, the store's included) over a
 * run of accepted changes — command + undo pairs on d20 and doom2016 games, as many clients as
 * games, no reads in between — divided by the changes; next to it, in the same run, the CPU per
 * request of a no-op handler (GET /healthz: HTTP, routing, the request log) — the floor any request
 * pays — and of the change's own POST refused for a stale version (409: body, command check, seat,
 * version check and the problem answer, before the rules and the store). Rows interleave (d20, doom2016, no-op, rotating), 5 blocks, medians; warmed first.
 *
 *   npm run build:package && node bench/server-cpu.mjs [--store memory|sqlite] [--seconds 3] [--clients 8] [--client http|fetch] [--profile] [--baseline <lib folder>]
 *
 * Each row also prints this process's CPU per request (the load's client): it shares the machine.
 *
 * Each row's CPU is split into the event loop's thread and the others (the store's thread, GC
 * helpers). --baseline starts a second server from another build (e.g. the commit before a change,
 * its `lib` folder beside a node_modules) and interleaves its rows with this one's: a before/after
 * measured in the same minutes.
 *
 * --profile writes a V8 CPU profile of the server (--cpu-prof) and prints where its time went, by
 * part (validation, hashing, JSON, copies, the rules, the store, HTTP, the log).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { store: { type: 'string', default: 'sqlite' }, seconds: { type: 'string', default: '3' }, clients: { type: 'string', default: '8' }, blocks: { type: 'string', default: '5' }, profile: { type: 'boolean', default: false }, baseline: { type: 'string' }, client: { type: 'string', default: 'http' } } });
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const BLOCKS = Number(values.blocks);
const dir = mkdtempSync(join(tmpdir(), 'doom-board-server-cpu-'));
const TICK = 100; // clock ticks per second (getconf CLK_TCK on Linux)

/** CPU time (ms) of a /proc stat file: utime + stime. */
const statMs = (file) => {
  try {
    const f = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
  } catch {
    return 0; // a thread that ended meanwhile
  }
};

/**
 * A built server (`lib` folder) on its own port and data folder. `cpuMs`: its CPU time so far (every
 * thread); `mainMs`: the event loop's thread alone (the process's main thread) — the rest is the
 * store's thread, V8's garbage-collection helpers and libuv's pool.
 */
async function startServer(lib, name) {
  const profileDir = join(dir, `profile-${name}`);
  const nodeArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const storeArgs = values.store === 'memory' ? ['--memory'] : ['--data-dir', join(dir, `data-${name}`)];
  const child = spawn(process.execPath, [...nodeArgs, join(lib, 'cli.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--rate-limit', '0', '--workers', '0', ...storeArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    const on = (d) => {
      if (out.length < 100_000) out += d; // the request log is read and dropped
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', (code) => reject(new Error(`the server (${lib}) exited (${code}):\n${out}`)));
  });
  return {
    name, url, child, profileDir,
    cpuMs: () => statMs(`/proc/${child.pid}/stat`),
    mainMs: () => statMs(`/proc/${child.pid}/task/${child.pid}/stat`),
  };
}

/**
 * The least any Node server pays for a POST: node:http alone, reading the JSON body and answering a
 * small JSON object, no framework, no checks, no log — the floor under every row, in the same run.
 */
async function startBare() {
  const code = `const http = require('node:http');
    const s = http.createServer((req, res) => {
      let b = '';
      req.setEncoding('utf8');
      req.on('data', (d) => { b += d; });
      req.on('end', () => {
        const body = JSON.stringify({ version: 1, got: typeof JSON.parse(b || 'null') });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    s.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + s.address().port));
    process.on('SIGINT', () => s.close(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { name: 'bare', url, child, cpuMs: () => statMs(`/proc/${child.pid}/stat`), mainMs: () => statMs(`/proc/${child.pid}/task/${child.pid}/stat`) };
}

/**
 * One request, answered as { status, text }. The load's client: `--client http` (default) is
 * node:http over kept-alive sockets, one per client, which costs this process less CPU per change
 * than the server spends on it, so on a 2-core machine the server runs nearer its capacity (the
 * measure a core's changes per second needs); `--client fetch` (undici, what runs 1–8 in
 * bench/RESULTS.md used) costs more CPU per request than the server: this process then holds a
 * core and the server idles between requests, waking once a request (more CPU per change).
 */
// Idle sockets close after 4 s, before the server's keep-alive timeout (5 s) could close one under a
// request: a row waits for the others' blocks between its own.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2, timeout: 4000 });
// The headers undici's fetch sends besides the caller's: the server reads the same request either way.
const FETCH_HEADERS = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' };
async function call(url, { method = 'GET', headers = {}, body } = {}) {
  if (values.client === 'fetch') {
    const r = await fetch(url, { method, headers, body });
    return { status: r.status, text: await r.text() };
  }
  return new Promise((resolve, reject) => {
    const all = { ...FETCH_HEADERS, ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) };
    const req = http.request(url, { method, headers: all, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const post = async (server, path, headers, body) => {
  const r = await call(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: JSON.parse(r.text) };
};

async function newGame(server, scenarioId, seed) {
  const created = (await post(server, '/games', {}, { scenarioId, seed })).body;
  const g = JSON.parse((await call(`${server.url}/api/v1/games/${created.id}`)).text);
  const actions = JSON.parse((await call(`${server.url}/api/v1/games/${created.id}/actions`)).text).actions;
  return { server, id: created.id, token: created.seats[g.view.awaiting.side], command: actions[0], version: 0 };
}

/** Closed-loop clients for `seconds`: `op` per client; the count of operations done. */
async function drive(clients, seconds, op) {
  let n = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(clients.map(async (c) => {
    while (performance.now() < end) {
      await op(c);
      n++;
    }
  }));
  return n;
}

const change = async (g) => {
  const auth = { authorization: `Bearer ${g.token}`, 'if-match': String(g.version) };
  const r = g.version % 2 === 0 ? await post(g.server, `/games/${g.id}/commands`, auth, g.command) : await post(g.server, `/games/${g.id}/undo`, auth);
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  g.version = r.body.version;
};
// The same POST as a change (body, seat token, If-Match) refused for a stale version (409): what
// reading, checking and answering a change costs before the rules and the store.
const refused = async (g) => {
  const r = await post(g.server, `/games/${g.id}/commands`, { authorization: `Bearer ${g.token}`, 'if-match': String(g.version + 1000) }, g.command);
  if (r.status !== 409) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
};
const noop = async (g) => {
  await call(`${g.server.url}/healthz`);
};

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
// The server of this checkout, and with --baseline <lib folder> another build (e.g. the one before
// a change) measured in the same blocks, interleaved with it.
const servers = [await startServer(fileURLToPath(new URL('../lib/', import.meta.url)), 'this')];
if (values.baseline) servers.push(await startServer(resolve(values.baseline), 'baseline'));
const bare = await startBare();
try {
  const rows = {};
  const bareGames = Array.from({ length: CLIENTS }, () => ({ server: bare, id: 'x', token: 'x', version: 0 }));
  const barePost = async (g) => {
    await call(`${bare.url}/api/v1/games/x/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x', 'if-match': '0' }, body: JSON.stringify(g.command) });
  };
  for (const server of servers) {
    const tag = servers.length > 1 ? ` [${server.name}]` : '';
    const games = {
      d20: await Promise.all(Array.from({ length: CLIENTS }, (_, i) => newGame(server, 'd20-skirmish', i + 1))),
      doom2016: await Promise.all(Array.from({ length: CLIENTS }, (_, i) => newGame(server, 'doom2016-tutorial', i + 1))),
    };
    rows[`d20 change${tag}`] = { server, run: () => drive(games.d20, SECONDS, change) };
    rows[`doom2016 change${tag}`] = { server, run: () => drive(games.doom2016, SECONDS, change) };
    rows[`refused change (stale If-Match, 409)${tag}`] = { server, run: () => drive(games.d20, SECONDS, refused) };
    rows[`no-op request (GET /healthz)${tag}`] = { server, run: () => drive(games.d20, SECONDS, noop) };
    bareGames.forEach((g, i) => (g.command = games.d20[i].command));
  }
  rows['bare node:http POST (the floor)'] = { server: bare, run: () => drive(bareGames, SECONDS, barePost) };
  // Warm: the JIT has seen every path.
  for (const { run } of Object.values(rows)) await run();
  const names = Object.keys(rows);
  const per = Object.fromEntries(names.map((k) => [k, []]));
  const onMain = Object.fromEntries(names.map((k) => [k, []]));
  const rates = Object.fromEntries(names.map((k) => [k, []]));
  const client = Object.fromEntries(names.map((k) => [k, []]));
  for (let b = 0; b < BLOCKS; b++) {
    for (const k of names.map((_, i) => names[(i + b) % names.length])) {
      const { server, run } = rows[k];
      const [t0, m0, c0] = [server.cpuMs(), server.mainMs(), process.cpuUsage()];
      const n = await run();
      const c = process.cpuUsage(c0);
      client[k].push((c.user + c.system) / 1000 / n);
      per[k].push((server.cpuMs() - t0) / n);
      onMain[k].push((server.mainMs() - m0) / n);
      rates[k].push(n / SECONDS);
    }
  }
  console.log(`server-cpu: ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; store ${values.store}, ${CLIENTS} clients (${values.client}), ${BLOCKS} interleaved blocks of ${SECONDS} s`);
  const width = Math.max(...names.map((k) => k.length));
  for (const k of names) {
    const [all, main] = [median(per[k]), median(onMain[k])];
    console.log(`${k.padEnd(width)} ${all.toFixed(3)} ms CPU each = ${main.toFixed(3)} event loop + ${(all - main).toFixed(3)} other threads   (${median(rates[k]).toFixed(0)}/s; the client ${median(client[k]).toFixed(3)} ms; blocks ${per[k].map((x) => x.toFixed(3)).join(' ')})`);
  }
} finally {
  for (const { child } of [...servers, bare]) {
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
  if (values.profile) {
    for (const server of servers) {
      const file = readdirSync(server.profileDir).filter((f) => f.endsWith('.cpuprofile')).sort()[0];
      if (!file) continue;
      if (process.env.KEEP_PROFILE) copyFileSync(join(server.profileDir, file), `${process.env.KEEP_PROFILE}.${server.name}.cpuprofile`);
      console.log(`\n[${server.name}] the event loop's thread:`);
      summarise(JSON.parse(readFileSync(join(server.profileDir, file), 'utf8')));
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Self time by part of the server, from a V8 CPU profile. */
function summarise(profile) {
  const parts = [
    ['validation (ajv, command schemas)', /ajv|command-shape|command-check|document/],
    ['hashing (sha256)', /sha256|digest|subtle|crypto/i],
    ['JSON', /JSON|json-body|stringify|parse/],
    ['copies (structuredClone, state clone)', /structuredClone|clone/i],
    ['the rules', /src\/rules|rules\/|doom2016|d20|engine-|lib\/engine|chunks\//],
    ['the store', /sqlite|store|pg-/],
    ['the request log', /request-log|log\.ts|watchRequest/],
    ['HTTP (node, hono)', /node:|_http|hono|node-server|undici|net\.|stream/],
    ['garbage collection', /\(garbage collector\)/],
  ];
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  const counts = new Map();
  profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
  let total = 0;
  for (const [id, us] of counts) {
    const n = byId.get(id);
    const name = `${n.callFrame.functionName} ${n.callFrame.url}`;
    if (n.callFrame.functionName === '(idle)') continue;
    total += us;
    const part = parts.find(([, re]) => re.test(name))?.[0] ?? 'other';
    self.set(part, (self.get(part) ?? 0) + us);
  }
  const fns = new Map();
  for (const [id, us] of counts) {
    const n = byId.get(id);
    if (n.callFrame.functionName === '(idle)') continue;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  console.log('top functions (self time):');
  for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 12))) console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  console.log('profile (self time, warm-up included):');
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(40)} ${((100 * us) / total).toFixed(1)}%`);
}

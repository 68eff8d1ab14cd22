/**
 * Scale-out through a real load balancer (issue 38 item 8): 1, 2 and 4 built instances on one
 * PostgreSQL behind nginx with the deployment recipe (deploy/nginx/doom-board.conf, consistent
 * hashing of the game id), and 2 instances round-robin, each instance under its own CPU quota (a
 * cgroup v1 `cpu` child group, cpu.cfs_quota_us): each is a small machine of its own, so the
 * 2-core machine does not cap the sum. Clients play command + undo pairs on their own games (no
 * reads in between), as many per instance in every row (each instance as loaded: a row's capacity,
 * not its latency at a fixed load); the figure is accepted changes per second.
 *
 * Every row runs once per block, the blocks interleaved (the rows' order rotating), 5 blocks; each
 * ratio is the median over the blocks of that block's rate / the 1-instance rate of the same block.
 *
 *   npx vitest run --config bench/vitest.config.ts bench/lb-scale.bench-run.ts
 *   (env: LB_QUOTA=0.05 cores per instance, LB_SECONDS=6 per row, LB_CLIENTS=12 per instance, LB_BLOCKS=5)
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { expect, test } from 'vitest';
import { median } from './measure.ts';
import { startNginx, type Nginx } from '../test/api/nginx-server.ts';
import { startPgServer } from '../test/api/pg-server.ts';
import { killHard, startServerProcess, type ServerProcess } from '../test/api/server-process.ts';

const QUOTA = Number(process.env.LB_QUOTA ?? 0.05);
const SECONDS = Number(process.env.LB_SECONDS ?? 6);
/** Clients per instance of the row: each instance is driven as hard (its group commit batches as much). */
const CLIENTS = Number(process.env.LB_CLIENTS ?? 12);
const BLOCKS = Number(process.env.LB_BLOCKS ?? 5);
const CGROUP = '/sys/fs/cgroup/cpu';

/**
 * A child group of the cgroup v1 cpu controller holding `pid`: with `cores` of CPU time at most
 * (cpu.cfs_quota_us), or with `shares` (cpu.shares: its weight when the machine is short). Its removal.
 */
function cpuGroup(name: string, pid: number, o: { cores?: number; shares?: number }): () => void {
  const dir = `${CGROUP}/${name}`;
  mkdirSync(dir);
  if (o.cores !== undefined) {
    writeFileSync(`${dir}/cpu.cfs_period_us`, '100000');
    writeFileSync(`${dir}/cpu.cfs_quota_us`, String(Math.round(o.cores * 100000)));
  }
  if (o.shares !== undefined) writeFileSync(`${dir}/cpu.shares`, String(o.shares));
  writeFileSync(`${dir}/cgroup.procs`, String(pid));
  // Its CPU time is counted too (the cpuacct controller, mounted apart on cgroup v1).
  const acct = `${CGROUP}acct/${name}`;
  mkdirSync(acct);
  writeFileSync(`${acct}/cgroup.procs`, String(pid));
  return () => {
    for (const [root, group] of [[CGROUP, dir], [`${CGROUP}acct`, acct]]) {
      try {
        writeFileSync(`${root}/cgroup.procs`, String(pid));
      } catch {
        // gone already
      }
      try {
        rmdirSync(group);
      } catch (e) {
        console.warn(`cgroup ${group} left behind: ${(e as Error).message}`);
      }
    }
  };
}

interface Game {
  id: string;
  token: string;
  command: unknown;
  version: number;
}

// Node's own HTTP client with keep-alive: the clients are one thread, and fetch costs it about twice
// the CPU per request (at 4 instances the clients, not the instances, set the pace with fetch).
const agent = new Agent({ keepAlive: true, maxSockets: 512 });
function post(url: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const { hostname, port } = new URL(url);
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(data) }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** A d20 game created through `lb`, with its first legal command, the seat that owns it, and the instance that serves it. */
async function newGame(lb: string, seed: number): Promise<Game & { upstream: string }> {
  const created = (await post(lb, '/api/v1/games', {}, { scenarioId: 'd20-skirmish', seed })).body;
  const r = await fetch(`${lb}/api/v1/games/${created.id}`);
  const g = (await r.json()) as Record<string, any>;
  const actions = ((await (await fetch(`${lb}/api/v1/games/${created.id}/actions`)).json()) as Record<string, any>).actions;
  return { id: created.id, token: created.seats[g.view.awaiting.side], command: actions[0], version: 0, upstream: r.headers.get('x-upstream') ?? '' };
}

/**
 * `perInstance` games for each of the row's `n` instances: hashed, games are made until each
 * instance serves as many (the ring spreads a few dozen ids unevenly); round-robin, n × perInstance.
 */
async function gamesFor(lb: string, n: number, hashed: boolean, perInstance: number, seed0: number): Promise<Game[]> {
  if (!hashed) return Promise.all(Array.from({ length: n * perInstance }, (_, i) => newGame(lb, seed0 + i)));
  const by = new Map<string, Game[]>();
  for (let seed = seed0; [...by.values()].reduce((k, l) => k + Math.min(l.length, perInstance), 0) < n * perInstance; seed++) {
    const g = await newGame(lb, seed);
    if (!by.has(g.upstream)) by.set(g.upstream, []);
    by.get(g.upstream)!.push(g);
    if (seed - seed0 > 50 * n * perInstance) throw new Error('the balancer does not spread the games');
  }
  return [...by.values()].flatMap((l) => l.slice(0, perInstance));
}

/** Accepted changes per second over `seconds`: every client plays command, undo, command… on its game. */
async function rate(lb: string, games: Game[], seconds: number): Promise<number> {
  let accepted = 0;
  let counting = false;
  const end = performance.now() + 1000 * (seconds + 0.5);
  const start = performance.now() + 500; // the first half second warms the instances' copies
  await Promise.all(games.map(async (g) => {
    while (performance.now() < end) {
      const auth = { authorization: `Bearer ${g.token}`, 'if-match': String(g.version) };
      const r = g.version % 2 === 0 ? await post(lb, `/api/v1/games/${g.id}/commands`, auth, g.command) : await post(lb, `/api/v1/games/${g.id}/undo`, auth);
      if (r.status !== 200) throw new Error(`game ${g.id} at ${g.version}: ${r.status} ${JSON.stringify(r.body)}`);
      g.version = r.body.version;
      counting ||= performance.now() >= start;
      if (counting) accepted++;
    }
  }));
  return accepted / seconds;
}

test('changes per second through nginx: 1, 2, 4 instances (consistent hashing) and 2 round-robin, each instance under a CPU quota', async () => {
  if (!existsSync(`${CGROUP}/cgroup.procs`)) throw new Error(`no cgroup v1 cpu controller at ${CGROUP}: this bench needs one (say so where it is missing)`);
  // The harness — this process (the clients), and what it starts: PostgreSQL, nginx — weighs 16×
  // on a busy machine: the instances' quotas, not the harness's share, must set the pace.
  const quotas: (() => void)[] = [cpuGroup(`doom-board-bench-${process.pid}-harness`, process.pid, { shares: 16384 })];
  const db = await startPgServer();
  const instances: ServerProcess[] = [];
  const balancers: Nginx[] = [];
  try {
    for (let i = 0; i < 4; i++) {
      const s = await startServerProcess(['--database-url', db.url, '--rate-limit', '0', '--log', 'none', '--workers', '0']);
      instances.push(s);
      // A high weight too: on a busy machine each instance still gets its whole quota.
      quotas.push(cpuGroup(`doom-board-bench-${process.pid}-${i}`, s.child.pid!, { cores: QUOTA, shares: 8192 }));
    }
    const hosts = instances.map((s) => new URL(s.url).host);
    const throttled = () => instances.map((_, i) => Number(readFileSync(`/sys/fs/cgroup/cpuacct/doom-board-bench-${process.pid}-${i}/cpuacct.usage`, 'utf8')));
    const rows = [
      { name: '1 instance', n: 1, lb: await startNginx(hosts.slice(0, 1)) },
      { name: '2 instances, hashed', n: 2, lb: await startNginx(hosts.slice(0, 2)) },
      { name: '4 instances, hashed', n: 4, lb: await startNginx(hosts) },
      { name: '2 instances, round-robin', n: 2, lb: await startNginx(hosts.slice(0, 2), { roundRobin: true }) },
    ];
    balancers.push(...rows.map((r) => r.lb));
    // Each row's clients and games, made once (through the row's balancer).
    const games = new Map<string, Game[]>();
    for (const [k, r] of rows.entries()) games.set(r.name, await gamesFor(r.lb.url, r.n, !r.name.includes('round-robin'), CLIENTS, 1000 * k + 1));
    const rates = new Map<string, number[]>(rows.map((r) => [r.name, []]));
    const ratios = new Map<string, number[]>(rows.map((r) => [r.name, []]));
    for (let block = 0; block < BLOCKS; block++) {
      const order = rows.map((_, i) => rows[(i + block) % rows.length]);
      const got = new Map<string, number>();
      for (const r of order) {
        const before = throttled();
        got.set(r.name, await rate(r.lb.url, games.get(r.name)!, SECONDS));
        const after = throttled();
        if (process.env.LB_DEBUG) console.log(r.name, 'CPU used per instance (ms):', after.map((a, i) => ((a - before[i]) / 1e6).toFixed(0)).join(' '));
      }
      for (const r of rows) {
        rates.get(r.name)!.push(got.get(r.name)!);
        ratios.get(r.name)!.push(got.get(r.name)! / got.get('1 instance')!);
      }
    }
    const lines = [
      `lb-scale: ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ` +
        `each instance ${QUOTA} core (cgroup v1 cpu quota), ${CLIENTS} clients per instance, ${BLOCKS} interleaved blocks of ${SECONDS} s per row`,
      ...rows.map((r) => `${r.name.padEnd(26)} ${median(rates.get(r.name)!).toFixed(0).padStart(6)} changes/s   ×${median(ratios.get(r.name)!).toFixed(2)} of 1 instance   (blocks: ${ratios.get(r.name)!.map((x) => x.toFixed(2)).join(' ')})`),
    ];
    console.log(lines.join('\n'));
    expect(median(ratios.get('2 instances, hashed')!)).toBeGreaterThanOrEqual(1.8);
    expect(median(ratios.get('4 instances, hashed')!)).toBeGreaterThanOrEqual(3);
    expect(median(ratios.get('2 instances, round-robin')!)).toBeGreaterThanOrEqual(1);
  } finally {
    await Promise.all(balancers.map((b) => b.stop()));
    await Promise.all(instances.map(killHard));
    await db.stop();
    for (const q of quotas.reverse()) q();
  }
}, 30 * 60 * 1000);

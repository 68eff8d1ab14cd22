#!/usr/bin/env node
/**
 * What a client can make the server keep (issue 38 item 1), measured from outside on the built
 * server (SQLite store): 400 command + undo pairs, every command carrying the largest body the
 * server accepts (a legal command padded with whitespace to just under the body limit: anything
 * more is a 413, any field its type does not have a 422). Reports the growth of the process's
 * resident memory (VmRSS) and of the data folder on disk over the 400 pairs, after 20 pairs of
 * warm-up. Before issue 38 an extra field of another command type was stored as sent: 400 pairs grew
 * the server by 337 MB and the disk by 80 MB.
 *
 *   npm run build:package && node bench/stored-size.mjs [--pairs 400]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '400' } } });
const PAIRS = Number(values.pairs);
const LIMIT = 256 * 1024; // DEFAULT_LIMITS.maxBodyBytes
const dataDir = mkdtempSync(join(tmpdir(), 'doom-board-stored-size-'));
const main = fileURLToPath(new URL('../lib/cli.js', import.meta.url));
const child = spawn(process.execPath, [main, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--rate-limit', '0', '--log', 'none', '--workers', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
const url = await new Promise((resolve, reject) => {
  const on = (d) => {
    out += d;
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m) resolve(m[1]);
  };
  child.stdout.on('data', on);
  child.stderr.on('data', on);
  child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
});

const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
const diskMb = () => readdirSync(dataDir).reduce((n, f) => n + statSync(join(dataDir, f)).size, 0) / (1024 * 1024);
const call = async (method, path, headers = {}, body) => {
  const r = await fetch(`${url}/api/v1${path}`, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body });
  return { status: r.status, body: await r.json() };
};

try {
  const created = (await call('POST', '/games', {}, JSON.stringify({ scenarioId: 'd20-skirmish', seed: 1 }))).body;
  const g = (await call('GET', `/games/${created.id}`)).body;
  const command = (await call('GET', `/games/${created.id}/actions`)).body.actions[0];
  const auth = { authorization: `Bearer ${created.seats[g.view.awaiting.side]}` };
  const text = JSON.stringify(command);
  const largest = text + ' '.repeat(LIMIT - Buffer.byteLength(text));
  // What is refused: one byte more (413), a field of another type (422), as the report sent it.
  const over = await call('POST', `/games/${created.id}/commands`, { ...auth, 'if-match': '0' }, `${largest} `);
  const junk = await call('POST', `/games/${created.id}/commands`, { ...auth, 'if-match': '0' }, JSON.stringify({ ...command, helpers: ['x'.repeat(200_000)] }));
  let version = 0;
  const pair = async () => {
    const c = await call('POST', `/games/${created.id}/commands`, { ...auth, 'if-match': String(version) }, largest);
    if (c.status !== 200) throw new Error(`command: ${c.status} ${JSON.stringify(c.body)}`);
    const u = await call('POST', `/games/${created.id}/undo`, { ...auth, 'if-match': String(c.body.version) });
    if (u.status !== 200) throw new Error(`undo: ${u.status} ${JSON.stringify(u.body)}`);
    version = u.body.version;
  };
  for (let i = 0; i < 20; i++) await pair();
  await new Promise((r) => setTimeout(r, 500));
  const before = { rss: rssMb(), disk: diskMb() };
  for (let i = 0; i < PAIRS; i++) await pair();
  await new Promise((r) => setTimeout(r, 500));
  const after = { rss: rssMb(), disk: diskMb() };
  const stored = (await call('GET', `/games/${created.id}/events?since=${version - 2}`)).body.entries[0].command;
  console.log(`stored-size: ${new Date().toISOString()}, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`refused: ${LIMIT + 1} bytes → ${over.status}; a field of another type (200 KB) → ${junk.status} ${junk.body.problems?.[0]?.path ?? ''}`);
  console.log(`${PAIRS} command + undo pairs, each command a ${LIMIT}-byte body (stored as ${JSON.stringify(stored).length} bytes: ${JSON.stringify(stored)})`);
  console.log(`RSS ${before.rss.toFixed(1)} → ${after.rss.toFixed(1)} MB (growth ${(after.rss - before.rss).toFixed(1)} MB, limit 20); disk ${before.disk.toFixed(2)} → ${after.disk.toFixed(2)} MB (growth ${(after.disk - before.disk).toFixed(2)} MB, limit 2)`);
  if (after.rss - before.rss > 20 || after.disk - before.disk > 2) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

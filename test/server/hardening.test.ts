/**
 * What an operator running the built server in public meets (issue 38 item 6):
 *
 * - dotfiles and dot-folders under --static are 404 (`/.env`, `/.git/config`), as any missing page;
 * - every line on stdout and stderr is one JSON object, aborted uploads included, and what one
 *   client can make the server log is bounded (its lines past the allowance are counted, not written);
 * - a games.sqlite this user may not write: reads are served, changes answer 503 saying so, /readyz 503;
 * - a data-dir that is a file is said to be "not a folder";
 * - `npm start`: a SIGTERM to npm's process stops the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, killHard, startServerProcess, type ServerProcess } from '../api/server-process.ts';

const root = mkdtempSync(join(tmpdir(), 'doom-board-hardening-'));
const servers: ServerProcess[] = [];
const repo = fileURLToPath(new URL('../../', import.meta.url));

afterAll(async () => {
  await Promise.all(servers.map(killHard));
  rmSync(root, { recursive: true, force: true });
});

async function start(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const s = await startServerProcess(args, 60_000, env);
  servers.push(s);
  return s;
}

/** Every line the process wrote, each parsed as JSON (a line that is not JSON fails, named). */
const jsonLines = (s: ServerProcess) => s.output().split('\n').filter((l) => l !== '').map((l) => {
  try {
    return JSON.parse(l) as Record<string, unknown>;
  } catch {
    throw new Error(`a line that is not JSON: ${l.slice(0, 200)}`);
  }
});

/** A POST whose body stops halfway: the connection is closed before the declared length arrived. */
function abortedUpload(url: string, path: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"scenarioId": "d20-`);
      setTimeout(() => socket.destroy(), 20);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

describe('static files', () => {
  it('dotfiles and dot-folders are 404, the pages beside them are served', async () => {
    const site = join(root, 'site');
    mkdirSync(join(site, '.git'), { recursive: true });
    mkdirSync(join(site, 'docs', '.private'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(join(site, '.env'), 'DATABASE_URL=postgres://secret');
    writeFileSync(join(site, '.git', 'config'), '[core]');
    writeFileSync(join(site, 'docs', '.htpasswd'), 'x');
    writeFileSync(join(site, 'docs', '.private', 'notes.html'), 'x');
    const s = await start(['--static', site, '--memory', '--log', 'none']);
    expect((await fetch(`${s.url}/`)).status).toBe(200);
    for (const path of ['/.env', '/.git/config', '/.git/', '/docs/.htpasswd', '/docs/.private/notes.html', '/docs/.private/notes', '/%2Eenv']) {
      const r = await fetch(`${s.url}${path}`);
      expect(r.status, path).toBe(404);
      expect(await r.text(), path).not.toContain('secret');
    }
    // A trailing slash goes to the page without it (the package's /docs and /rules here), never to another host.
    const slash = await fetch(`${s.url}/docs/?x=1`, { redirect: 'manual' });
    expect([slash.status, slash.headers.get('location')]).toEqual([308, '/docs?x=1']);
    for (const path of ['//evil.example/', '///evil.example/', '/\\evil.example/']) {
      const r = await fetch(`${s.url}${path}`, { redirect: 'manual' });
      expect(r.status, path).toBe(404);
    }
  }, 60_000);
});

describe('static files over the wire', () => {
  it('text is sent gzipped to a client that takes it (once made, off the event loop), as it is otherwise; a revalidation of the same file is a 304', async () => {
    const site = join(root, 'zip-site');
    mkdirSync(site, { recursive: true });
    const text = `/* a script */\n${Array.from({ length: 2000 }, (_, i) => `const v${i} = ${i};`).join('\n')}`;
    writeFileSync(join(site, 'app.js'), text);
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>z</title>');
    const s = await start(['--static', site, '--memory', '--log', 'none']);
    const get = (headers: Record<string, string>) => new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      // node:http, not fetch: fetch would undo the encoding this test reads.
      const req = httpGet(`${s.url}/app.js`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
    });
    // The first answer may come before the gzip is made; it is made once, then sent.
    let zipped = await get({ 'accept-encoding': 'gzip, br' });
    // Polled (a busy machine makes the gzip later), for up to 15 s.
    for (let i = 0; i < 750 && zipped.headers['content-encoding'] !== 'gzip'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      zipped = await get({ 'accept-encoding': 'gzip, br' });
    }
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.body).toString()).toBe(text);
    expect(zipped.body.length).toBeLessThan(text.length / 3);
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);
    const again = await get({ 'if-none-match': String(plain.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  }, 60_000);
});

describe('the log', () => {
  it('every stdout and stderr line is JSON under aborted uploads and failing requests; one client\'s lines are bounded', async () => {
    const s = await start(['--memory', '--rate-limit', '0', '--workers', '0']);
    await Promise.all(Array.from({ length: 40 }, (_, i) => abortedUpload(s.url, i % 2 ? '/api/v1/games' : '/api/v1/replays')));
    // A flood from one client: far more requests than its allowance of log lines.
    const t0 = performance.now();
    const flood = 1500;
    for (let i = 0; i < flood; i += 50) await Promise.all(Array.from({ length: 50 }, () => fetch(`${s.url}/nowhere`).then((r) => r.text())));
    const seconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 300));
    const lines = jsonLines(s);
    const requests = lines.filter((l) => 'method' in l);
    // 200 at once, then 20 a second (log.ts), plus the lines of the aborted uploads before the flood.
    expect(requests.length).toBeLessThanOrEqual(40 + 200 + Math.ceil(seconds * 20) + 1);
    expect(requests.length).toBeLessThan(flood);
    expect(lines.every((l) => typeof l.time === 'string')).toBe(true);
    // The aborted uploads: request lines (400 or aborted), no error stack anywhere.
    expect(s.output()).not.toMatch(/\n\s+at /);
    s.child.kill('SIGTERM');
    expect(await exited(s)).toBe(0);
    // The last line (after SIGTERM) says how many of the client's lines were left out, if it came in time.
    jsonLines(s);
  }, 120_000);
});

describe('the data folder', () => {
  it('a games.sqlite this user may not write: reads served, changes 503 saying it is read-only, /readyz 503', async (ctx) => {
    if (process.getuid?.() !== 0) return ctx.skip(); // needs root to hand the folder to another user
    // …and a checkout that other users may read (a clone in a `mktemp -d` folder, mode 0700, is not).
    const reach = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(join(repo, 'lib/cli.js'))}, require('fs').constants.R_OK)`]);
    if (reach.status !== 0) {
      console.warn(`skipped: the user nobody cannot read ${join(repo, 'lib/cli.js')} (a folder above the checkout is not readable by others)`);
      return ctx.skip();
    }
    const dir = join(root, 'read-only-file');
    mkdirSync(dir);
    const first = await start(['--data-dir', dir, '--log', 'none', '--workers', '0']);
    const created = await (await fetch(`${first.url}/api/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId: 'd20-skirmish' }) })).json();
    first.child.kill('SIGTERM');
    await exited(first);
    // The folder is nobody's (writable), the file read-only for nobody; the server runs as nobody.
    const nobody = 65534;
    chmodSync(root, 0o755);
    chownSync(dir, nobody, nobody);
    chownSync(join(dir, 'games.sqlite'), nobody, nobody);
    chmodSync(join(dir, 'games.sqlite'), 0o444);
    const s = await new Promise<ServerProcess>((resolve, reject) => {
      const child = spawn('setpriv', [`--reuid=${nobody}`, `--regid=${nobody}`, '--clear-groups', '--', process.execPath, join(repo, 'lib/cli.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dir, '--log', 'none', '--workers', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const p: ServerProcess = { child, url: '', output: () => out };
      servers.push(p);
      const on = (d: Buffer) => {
        out += d;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve({ ...p, url: m[1] });
      };
      child.stdout.on('data', on);
      child.stderr.on('data', on);
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect((await fetch(`${s.url}/api/v1/games/${created.id}`)).status).toBe(200);
    const post = await fetch(`${s.url}/api/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId: 'd20-skirmish' }) });
    expect(post.status).toBe(503);
    expect(Number(post.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await post.json()).detail).toMatch(/^the game store is read-only for the server: games can be read but not changed/);
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).detail).toContain(`${join(dir, 'games.sqlite')} is read-only for this user`);
  }, 60_000);

  it('a data-dir that is a file: "not a folder", exit 2', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    const message = await startServerProcess(['--data-dir', file], 30_000).then((s) => (servers.push(s), ''), (e: Error) => e.message);
    expect(message).toMatch(/the server exited \(2\)/);
    expect(message).toContain(`the data folder ${file} is a file, not a folder`);
  }, 60_000);
});

describe('npm start', () => {
  it('a SIGTERM to npm\'s process stops the server', async () => {
    const npm = spawn('npm', ['start', '--', '--port', '0', '--memory', '--log', 'none', '--workers', '0'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not listen:\n${out}`)), 240_000);
      const on = (d: Buffer) => {
        out += d;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      npm.stdout.on('data', on);
      npm.stderr.on('data', on);
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    npm.kill('SIGTERM');
    // The server goes away (its port refuses), not left running without its npm.
    let gone = false;
    for (let i = 0; i < 200 && !gone; i++) {
      gone = await fetch(`${url}/healthz`).then(() => false, () => true);
      if (!gone) await new Promise((r) => setTimeout(r, 100));
    }
    expect(gone).toBe(true);
  }, 300_000);
});

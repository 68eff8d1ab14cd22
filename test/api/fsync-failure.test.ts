/**
 * An fsync that fails (issue 38 item 2, fault injection): the built server on its SQLite store,
 * with fsync/fdatasync made to fail with EIO on the data folder (an LD_PRELOAD shim built here with
 * the system C compiler, test/api/fixtures/fsync-fail.c) while a trigger file exists. Before the fix
 * a legal command answered 500 "may be retried", /readyz stayed ready, and after a restart the
 * command was there (a phantom). Now: the command answers 503 outcome-unknown, /readyz never says
 * ready again, the process exits non-zero; after a restart, the retry with the same
 * Idempotency-Key gets the stored outcome exactly once, and every acknowledged command is there.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, killHard, startServerProcess, type ServerProcess } from './server-process.ts';

const root = mkdtempSync(join(tmpdir(), 'doom-board-fsync-'));
const shim = join(root, 'fsync-fail.so');
const dataDir = join(root, 'data');
const trigger = join(root, 'fail-now');
const servers: ServerProcess[] = [];

beforeAll(() => {
  const source = new URL('./fixtures/fsync-fail.c', import.meta.url).pathname;
  try {
    execFileSync('cc', ['-shared', '-fPIC', '-O1', '-o', shim, source, '-ldl'], { stdio: 'pipe' });
  } catch (e) {
    throw new Error(`building the fsync shim needs a C compiler ("apt-get install -y gcc"): ${(e as Error).message}`);
  }
});

afterAll(async () => {
  await Promise.all(servers.map(killHard));
  rmSync(root, { recursive: true, force: true });
});

async function start(withShim: boolean): Promise<ServerProcess> {
  const env: Record<string, string> = withShim ? { LD_PRELOAD: shim, FSYNC_FAIL_DIR: dataDir, FSYNC_FAIL_TRIGGER: trigger } : {};
  const s = await startServerProcess(['--data-dir', dataDir, '--log', 'none', '--workers', '0'], 60_000, env);
  servers.push(s);
  return s;
}

async function call(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const r = await fetch(`${url}/api/v1${path}`, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, any> };
}

describe('fsync fails on the data folder', () => {
  it('503 outcome-unknown, never ready again, exit 1; after a restart the keyed retry gets the stored outcome once (3 rounds)', async () => {
    let server = await start(true);
    const created = await call(server.url, 'POST', '/games', {}, { scenarioId: 'd20-skirmish', seed: 4 });
    expect(created.status).toBe(201);
    const { id, seats } = created.body;
    const acked: unknown[] = [];
    const play = async (url: string, headers: Record<string, string> = {}) => {
      const g = (await call(url, 'GET', `/games/${id}`)).body;
      const actions = (await call(url, 'GET', `/games/${id}/actions`)).body.actions;
      const command = actions[(g.version * 5) % actions.length];
      const r = await call(url, 'POST', `/games/${id}/commands`, { authorization: `Bearer ${seats[g.view.side]}`, 'if-match': String(g.version), ...headers }, command);
      return { r, command, version: g.version as number, side: g.view.side as string };
    };
    for (let round = 0; round < 3; round++) {
      // The disk works: commands are acknowledged.
      for (let i = 0; i < 2; i++) {
        const { r, command } = await play(server.url);
        expect(r.status).toBe(200);
        acked.push(command);
      }
      // The disk fails its fsync.
      writeFileSync(trigger, '');
      const key = crypto.randomUUID();
      const failed = await play(server.url, { 'idempotency-key': key });
      expect(failed.r.status).toBe(503);
      expect(failed.r.body.type).toBe('urn:doom-board:problem:outcome-unknown');
      expect(Number(failed.r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Never "ready" again: 503 while it still answers, then it is gone, with a non-zero exit.
      const ready = await fetch(`${server.url}/readyz`).then((r) => r.status, () => 'gone');
      expect([503, 'gone']).toContain(ready);
      expect(await exited(server)).toBe(1);
      expect(server.output()).toMatch(/"level":"error","message":"the game store stopped trusting its file/);
      unlinkSync(trigger);
      // Restarted (recovery runs), the client retries with the same key: the outcome, once.
      server = await start(true);
      const retry = await call(server.url, 'POST', `/games/${id}/commands`, { authorization: `Bearer ${seats[failed.side]}`, 'if-match': String(failed.version), 'idempotency-key': key }, failed.command);
      expect(retry.status).toBe(200);
      expect(retry.body.version).toBe(failed.version + 1);
      const again = await call(server.url, 'POST', `/games/${id}/commands`, { authorization: `Bearer ${seats[failed.side]}`, 'if-match': String(failed.version), 'idempotency-key': key }, failed.command);
      expect(again.body).toEqual(retry.body);
      acked.push(failed.command);
      // Every acknowledged command is there, in order, each once.
      const events = (await call(server.url, 'GET', `/games/${id}/events`)).body;
      expect(events.entries.map((e: { command: unknown }) => e.command)).toEqual(acked);
    }
  }, 180_000);
});

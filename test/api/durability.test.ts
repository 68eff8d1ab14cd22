/**
 * Durability: the real server on loopback with its SQLite store; several clients play commands
 * at once; the server is killed with SIGKILL while commands are in flight; after a restart on
 * the same data directory every acknowledged command is there, in order, and each game's state is
 * the state the clients last saw (and the replay of its commands).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../src/api/schema.d.ts';
import { loadCore } from '../../src/core/index.ts';
import { replay, type Command, type GameState } from '../../src/rules/index.ts';
import { commandOwner } from '../../src/rules/owner.ts';
import type { Scenario } from '../../src/scenario/index.ts';
import { contractFetch } from './contract.ts';
import { killHard, startServerProcess, type ServerProcess } from './server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'doom-board-durability-'));
let server: ServerProcess | null = null;

const clientFor = (url: string) => createClient<paths>({ baseUrl: url, fetch: contractFetch((r) => fetch(r)) });

beforeAll(async () => {
  await loadCore();
});

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

interface Player {
  id: string;
  seats: Record<string, string>;
  acked: { version: number; command: Command }[];
  /** The command sent whose answer had not come when the server died. */
  inFlight: Command | null;
  /** State seen by GET at each version. */
  states: Map<number, unknown>;
}

async function playUntilKilled(url: string, p: Player, stop: { killed: boolean }): Promise<void> {
  const client = clientFor(url);
  const path = { params: { path: { gameId: p.id } } };
  for (let i = 0; i < 400 && !stop.killed; i++) {
    try {
      const g = await client.GET('/api/v1/games/{gameId}', path);
      const version = g.data!.version;
      p.states.set(version, g.data!.state);
      if (g.data!.view.winner) return;
      const actions = (await client.GET('/api/v1/games/{gameId}/actions', path)).data!.actions;
      const command = actions[(i * 7) % actions.length] as Command;
      p.inFlight = command;
      const r = await client.POST('/api/v1/games/{gameId}/commands', {
        params: { path: { gameId: p.id }, header: { 'If-Match': `"${version}"` } },
        // The seat the rules give this decision (a doom2016 press is the attacker's, whoever's turn it is).
        headers: { authorization: `Bearer ${p.seats[commandOwner(g.data!.state as unknown as GameState, command) ?? g.data!.view.side!]}` },
        body: command as never,
      });
      expect(r.response.status, JSON.stringify(r.error)).toBe(200);
      p.acked.push({ version: r.data!.version, command });
      p.inFlight = null;
    } catch (e) {
      if (stop.killed) return; // the connection died with the server
      throw e;
    }
  }
}

describe('durability', () => {
  it('every acknowledged command survives kill -9 mid-stream; the state after restart is the state before', async () => {
    server = await startServerProcess(['--data-dir', dataDir, '--rate-limit', '0']);
    const client = clientFor(server.url);
    const players: Player[] = [];
    for (const scenarioId of ['d20-skirmish', 'd20-skirmish', 'doom2016-tutorial', 'doom2004-skirmish']) {
      const { data, error } = await client.POST('/api/v1/games', { body: { scenarioId, seed: players.length + 11 } });
      expect(error).toBeUndefined();
      players.push({ id: data!.id, seats: data!.seats, acked: [], inFlight: null, states: new Map() });
    }
    const stop = { killed: false };
    const playing = players.map((p) => playUntilKilled(server!.url, p, stop));
    // Kill while the clients are mid-game: after enough commands are acknowledged.
    for (let i = 0; i < 600 && players.reduce((n, p) => n + p.acked.length, 0) < 60; i++) await new Promise((r) => setTimeout(r, 20));
    stop.killed = true;
    await killHard(server);
    await Promise.all(playing);
    const ackedTotal = players.reduce((n, p) => n + p.acked.length, 0);
    expect(ackedTotal).toBeGreaterThanOrEqual(60);

    server = await startServerProcess(['--data-dir', dataDir, '--rate-limit', '0']);
    const again = clientFor(server.url);
    for (const p of players) {
      const log = (await again.GET('/api/v1/games/{gameId}/events', { params: { path: { gameId: p.id } } })).data!;
      // Every acknowledged command, in order, at its version.
      for (const a of p.acked) expect(log.entries[a.version - 1]).toMatchObject({ version: a.version, kind: 'command', command: a.command });
      // At most the one unanswered command more (stored, then killed before the answer).
      const extra = log.entries.slice(p.acked.length);
      expect(extra.length).toBeLessThanOrEqual(1);
      if (extra.length) expect(extra[0].command).toEqual(p.inFlight);
      const g = (await again.GET('/api/v1/games/{gameId}', { params: { path: { gameId: p.id } } })).data!;
      expect(g.version).toBe(log.entries.length);
      if (p.states.has(g.version)) expect(g.state).toEqual(p.states.get(g.version));
      const rep = (await again.GET('/api/v1/games/{gameId}/replay', { params: { path: { gameId: p.id } } })).data!;
      const replayed = replay(rep.scenario as unknown as Scenario, rep.seed, rep.commands as Command[]);
      expect(g.state).toEqual(JSON.parse(JSON.stringify(replayed.state)));
    }
    // The restarted server keeps playing where the games stopped.
    const p = players[0];
    const g = (await again.GET('/api/v1/games/{gameId}', { params: { path: { gameId: p.id } } })).data!;
    if (!g.view.winner) {
      const a = (await again.GET('/api/v1/games/{gameId}/actions', { params: { path: { gameId: p.id } } })).data!.actions[0];
      const r = await again.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: p.id }, header: { 'If-Match': String(g.version) } }, headers: { authorization: `Bearer ${p.seats[commandOwner(g.state as unknown as GameState, a as Command) ?? g.view.side!]}` }, body: a });
      expect(r.data!.version).toBe(g.version + 1);
    }
  }, 120_000);
});

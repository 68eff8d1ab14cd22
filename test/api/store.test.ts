/** Both stores keep the same contract: a game and its log back in order; a version taken twice or skipped is refused. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, type GameRecord, type GameStore } from '../../src/api/store.ts';
import { SqliteStore } from '../../src/server/sqlite-store.ts';
import type { Scenario } from '../../src/scenario/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'doom-board-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const record: GameRecord = { id: 'game-0001', scenario: { ruleset: 'd20', map: ['..'], figures: [], sides: ['a', 'b'] } as unknown as Scenario, seed: 4, seatHashes: { a: 'x', b: 'y' }, createdAt: '2026-11-23T00:00:00.000Z' };

describe.each([
  ['memory', () => new MemoryStore() as GameStore],
  ['sqlite', () => new SqliteStore(join(dir, String(Math.random()))) as GameStore],
])('%s store', (_name, make) => {
  it('gives back the game and its log in order; refuses a taken or skipped version', async () => {
    const s = make();
    await s.create(record);
    expect(await s.load('nope')).toBeNull();
    await s.append(record.id, { version: 1, kind: 'command', side: 'a', command: { type: 'move', to: { x: 1, y: 0 } } });
    await s.append(record.id, { version: 2, kind: 'undo', side: 'a', command: { type: 'move', to: { x: 1, y: 0 } } });
    await expect(s.append(record.id, { version: 2, kind: 'command', side: 'b', command: { type: 'end' } })).rejects.toThrow();
    await expect(s.append(record.id, { version: 4, kind: 'command', side: 'b', command: { type: 'end' } })).rejects.toThrow();
    const loaded = await s.load(record.id);
    expect(loaded!.record).toEqual(record);
    expect(loaded!.entries.map((e) => [e.version, e.kind])).toEqual([[1, 'command'], [2, 'undo']]);
    expect(loaded!.entries[0].command).toEqual({ type: 'move', to: { x: 1, y: 0 } });
    await s.close();
  });
});

it('sqlite runs in WAL mode with synchronous=FULL (2) and keeps games across reopening', async () => {
  const path = join(dir, 'reopen');
  const s = new SqliteStore(path);
  expect(s.settings()).toEqual({ journalMode: 'wal', synchronous: 2 });
  await s.create(record);
  await s.append(record.id, { version: 1, kind: 'command', side: 'a', command: { type: 'end' } });
  await s.close();
  const again = new SqliteStore(path);
  expect((await again.load(record.id))!.entries).toHaveLength(1);
  await again.close();
});

/**
 * Who must act, said once (issue 38 item 7): the game view carries `awaiting: { side, kind }` from
 * the same rules as the seat check (src/rules/owner.ts). Over games of every ruleset played through
 * the API by the seat `awaiting` names — never inferred from /actions, never retried after a 403 —
 * every command is accepted, and every legal command is owned by that side; the decision windows
 * (guard, reroll, press, defend, status) are met on the way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import type { Command, GameState } from '../../src/rules/index.ts';
import { commandOwner } from '../../src/rules/owner.ts';
import { contractFetch } from './contract.ts';

beforeAll(async () => {
  await loadCore();
});

const base = 'http://api.test/api/v1';

describe('awaiting', () => {
  it('the seat it names is accepted for every command of games of every ruleset, and owns every legal command', async () => {
    const api = createApi({ store: new MemoryStore(), rateLimit: null });
    const send = contractFetch((r) => api.app.fetch(r));
    const json = async (path: string, init: RequestInit = {}) => {
      const r = await send(new Request(`${base}${path}`, init));
      return { status: r.status, body: await r.json() };
    };
    const kinds = new Map<string, number>();
    for (const [scenarioId, seeds] of [['d20-skirmish', [1, 2]], ['doom2004-skirmish', [1, 2, 3]], ['doom2016-tutorial', [1, 2, 3]]] as const) {
      for (const seed of seeds) {
        const { id, seats } = (await json('/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId, seed }) })).body;
        for (let step = 0; step < 150; step++) {
          const g = (await json(`/games/${id}`)).body;
          const legal = (await json(`/games/${id}/actions`)).body.actions as Command[];
          if (!legal.length) {
            expect(g.view.awaiting).toBeNull();
            break;
          }
          const awaiting = g.view.awaiting as { side: string; kind: string };
          kinds.set(`${g.ruleset} ${awaiting.kind}`, (kinds.get(`${g.ruleset} ${awaiting.kind}`) ?? 0) + 1);
          for (const c of legal) expect(commandOwner(g.state as GameState, c), `${scenarioId} ${JSON.stringify(c)}`).toBe(awaiting.side);
          const command = legal[(step * 7 + seed) % legal.length];
          const r = await json(`/games/${id}/commands`, {
            method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${seats[awaiting.side]}`, 'if-match': String(g.version) }, body: JSON.stringify(command),
          });
          expect(r.status, `${scenarioId} seed ${seed} step ${step} ${awaiting.kind}: ${JSON.stringify(r.body)}`).toBe(200);
        }
      }
    }
    // The windows where the turn's side is not the one to act were met.
    for (const k of ['doom2004 turn', 'doom2016 turn', 'd20 turn', 'doom2016 defend', 'doom2016 status']) expect(kinds.get(k), k).toBeGreaterThan(0);
    expect([...kinds.keys()].filter((k) => !k.endsWith(' turn')).length).toBeGreaterThanOrEqual(3);
  }, 240_000);
});

/**
 * Commands accept only their documented fields (issue 22 item 3): the document's Command schema
 * has `additionalProperties: false` and lists exactly the fields the engine knows (the union of
 * each ruleset's, src/rules/<ruleset>/rules.ts); a command with any other field is refused — by
 * the engine with a refusal naming it, by the API with a 422 naming it — and nothing is stored.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { openApiDocument, schemaValidator } from '../../src/api/document.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { D20_COMMAND_FIELDS } from '../../src/rules/d20/rules.ts';
import { DOOM2004_COMMAND_FIELDS } from '../../src/rules/doom2004/rules.ts';
import { DOOM2016_COMMAND_FIELDS } from '../../src/rules/doom2016/rules.ts';
import { createGame } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { contractFetch } from './contract.ts';

beforeAll(async () => {
  await loadCore();
});

/** The fields the engine knows: those of the three rulesets' commands. */
const COMMAND_FIELDS = [...new Set([...D20_COMMAND_FIELDS, ...DOOM2004_COMMAND_FIELDS, ...DOOM2016_COMMAND_FIELDS])];
const command = (openApiDocument as { components: { schemas: Record<string, { properties: object; additionalProperties: unknown }> } }).components.schemas.Command;

describe('the document and the engine list the same command fields', () => {
  test('Command has additionalProperties: false and exactly the engine\'s fields', () => {
    expect(command.additionalProperties).toBe(false);
    expect(Object.keys(command.properties).sort()).toEqual([...COMMAND_FIELDS].sort());
  });

  test('every legal action of every bundled scenario, played a few steps, matches the document', () => {
    const valid = schemaValidator('Command');
    for (const [id, s] of bundledScenarios) {
      const g = createGame(s, { seed: 5 });
      for (let step = 0; step < 30; step++) {
        const legal = g.legalActions();
        for (const c of legal) expect(valid(c), `${id}: ${JSON.stringify(c)} ${JSON.stringify(valid.errors)}`).toBe(true);
        if (!legal.length) break;
        g.apply(legal[(step * 7) % legal.length]);
      }
    }
  });
});

describe('the engine refuses a command with an unknown field, naming it', () => {
  test('a field of another ruleset\'s commands is unknown too', () => {
    const g = createGame(bundledScenarios.get('d20-skirmish')!, { seed: 1 });
    expect(g.apply({ ...g.legalActions()[0], weapon: 'pistol' })).toEqual({ ok: false, refusal: { rule: 'command', message: expect.stringContaining('unknown field "weapon"') } });
  });
  test('refused with rule "command", the field named, the state unchanged', () => {
    const g = createGame(bundledScenarios.get('d20-skirmish')!, { seed: 1 });
    const legal = g.legalActions()[0];
    const before = JSON.stringify(g.state);
    const r = g.apply({ ...legal, colour: 'red' });
    expect(r).toEqual({ ok: false, refusal: { rule: 'command', message: expect.stringContaining('unknown field "colour"') } });
    expect(JSON.stringify(g.state)).toBe(before);
    expect(g.history).toEqual([]);
    expect(g.apply(legal).ok).toBe(true);
  });
});

describe('the API answers a command with an unknown field with 422 naming it', () => {
  test('422, the field\'s path in problems, nothing stored', async () => {
    const api = createApi({ store: new MemoryStore(), rateLimit: null });
    const send = contractFetch((r) => api.app.fetch(r));
    const base = 'http://api.test/api/v1';
    const created = await (await send(new Request(`${base}/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId: 'd20-skirmish', seed: 1 }) }))).json();
    const game = await (await send(new Request(`${base}/games/${created.id}`))).json();
    const side = game.view.side as string;
    const legal = (await (await send(new Request(`${base}/games/${created.id}/actions`))).json()).actions[0];
    const post = (body: unknown) => send(new Request(`${base}/games/${created.id}/commands`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${created.seats[side]}`, 'if-match': '0' }, body: JSON.stringify(body),
    }));
    const r = await post({ ...legal, colour: 'red', note: 1 });
    expect(r.status).toBe(422);
    const p = await r.json();
    expect(p.detail).toContain('"colour"');
    expect(p.problems).toEqual([
      { path: '/body/colour', message: expect.stringContaining('unknown field') },
      { path: '/body/note', message: expect.stringContaining('unknown field') },
    ]);
    // A command that is not a command at all stays a 400.
    expect((await post({ kind: 'end' })).status).toBe(400);
    const events = await (await send(new Request(`${base}/games/${created.id}/events`))).json();
    expect(events.version).toBe(0);
    expect((await post(legal)).status).toBe(200);
  });
});

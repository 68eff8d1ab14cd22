/**
 * Bad input, generated: ≥ 2,000 requests that are malformed JSON, wrong types, unknown fields,
 * forbidden keys, huge bodies, huge maps, wrong media types, stale or missing versions, missing or
 * wrong seat tokens, unknown games and bad ids. Each must get its own status with a problem+json
 * body that matches openapi.yaml; afterwards the server still answers and the game is unchanged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import cover from '../../src/scenario/bundled/rulebook-doom2016-cover.json' with { type: 'json' };
import { checkAnswer, contractFetch } from './contract.ts';

const MAX_BODY = 16 * 1024;
const api = createApi({ store: new MemoryStore(), rateLimit: null, limits: { maxBodyBytes: MAX_BODY, maxMapSide: 32, maxFigures: 16 } });
const send = contractFetch((r) => api.app.fetch(r));
const BASE = 'http://api.test';

/** A small seeded generator (mulberry32): the same requests on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261123);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const int = (n: number) => Math.floor(random() * n);

const scenario = cover as Record<string, unknown>;
const figures = (cover as { figures: { id: string }[] }).figures;
const WRONG_VALUES = [null, true, 42, -1.5, 'text', [], {}, [1, 2]];

let gameId = '';
let seats: Record<string, string> = {};
let side = '';
let otherSide = '';
let goodCommand: unknown;

interface Bad {
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
}

/** A valid body for each POST route, to be broken. */
const validBodies = (): Record<string, Record<string, unknown>> => ({
  '/api/v1/board/sight': { scenario, from: figures[0].id, to: figures[1].id },
  '/api/v1/board/sight-map': { scenario, figure: figures[0].id },
  '/api/v1/board/reach': { scenario, figure: figures[0].id, mp: 3, to: [{ x: 1, y: 1 }] },
  '/api/v1/board/nearest-enemies': { scenario, figure: figures[0].id },
  '/api/v1/board/odds': { scenario, attacker: figures[1].id, target: figures[0].id },
  '/api/v1/games': { scenarioId: 'd20-skirmish', seed: 3 },
});

const json = { 'content-type': 'application/json' };
const seat = (s: string) => ({ ...json, authorization: `Bearer ${seats[s]}` });

function generate(i: number): Bad {
  const bodies = validBodies();
  const route = pick(Object.keys(bodies));
  const valid = bodies[route];
  const text = JSON.stringify(valid);
  const commands = `/api/v1/games/${gameId}/commands`;
  switch (i % 16) {
    case 0: // malformed JSON: a valid body cut short, or junk
      return { kind: 'malformed', method: 'POST', path: route, headers: json, body: pick([text.slice(0, 1 + int(text.length - 2)), '{', '{"a":}', "{'a':1}", 'nul', '[1,2', '\u0000', '{"a":1}}', '']), status: 400 };
    case 1: { // a wrong type in a required field
      const key = pick(Object.keys(valid).filter((k) => k !== 'to'));
      const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
      const value = pick(WRONG_VALUES.filter((v) => kindOf(v) !== kindOf(valid[key])));
      return { kind: 'wrong-type', method: 'POST', path: route, headers: json, body: JSON.stringify({ ...valid, [key]: value }), status: 400 };
    }
    case 2: // an unknown field
      return { kind: 'unknown-field', method: 'POST', path: route, headers: json, body: JSON.stringify({ ...valid, [`extra${int(1000)}`]: pick(WRONG_VALUES) }), status: 400 };
    case 3: // a key that could reach Object.prototype, anywhere in the body
      return { kind: 'forbidden-key', method: 'POST', path: pick([route, commands]), headers: { ...seat(side), 'if-match': '0' }, body: pick([`{"__proto__":{"polluted":1},"type":"end"}`, `{"type":"end","constructor":{"prototype":{"x":1}}}`, text.replace('{', '{"__proto__":{"isAdmin":true},')]), status: 400 };
    case 4: // a huge body
      return { kind: 'huge-body', method: 'POST', path: pick([route, commands]), headers: { ...seat(side), 'if-match': '0' }, body: JSON.stringify({ ...valid, pad: 'x'.repeat(MAX_BODY + int(50_000)) }), status: 413 };
    case 5: // a huge map or too many figures
      if (random() < 0.5) {
        // too tall or too wide (each still far below the body limit)
        const huge = { ...scenario, map: random() < 0.5 ? Array.from({ length: 33 + int(200) }, () => '.'.repeat(10)) : Array.from({ length: 3 }, () => '.'.repeat(33 + int(3000))) };
        const body = route === '/api/v1/games' ? { scenario: huge } : { ...valid, scenario: huge };
        return { kind: 'huge-map', method: 'POST', path: route, headers: json, body: JSON.stringify(body), status: 422 };
      } else {
        const many = Array.from({ length: 17 + int(30) }, (_, k) => ({ id: `f${k}`, side: 'marines', type: 'marine', x: 0, y: 0 }));
        const body = route === '/api/v1/games' ? { scenario: { ...scenario, figures: many } } : { ...valid, scenario: { ...scenario, figures: many } };
        return { kind: 'many-figures', method: 'POST', path: route, headers: json, body: JSON.stringify(body), status: 422 };
      }
    case 6: // not JSON
      return { kind: 'media-type', method: 'POST', path: route, headers: { 'content-type': pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) }, body: text, status: 415 };
    case 7: // a stale version
      // A version far above any the game has is stale too (a review got "not a version" for 9999999999).
      return { kind: 'stale', method: 'POST', path: commands, headers: { ...seat(side), 'if-match': pick([`"${1 + int(500)}"`, '"9999999999"', '99999999999']) }, body: JSON.stringify(goodCommand), status: 409 };
    case 8: // no version
      return { kind: 'no-version', method: 'POST', path: pick([commands, `/api/v1/games/${gameId}/undo`]), headers: seat(side), body: JSON.stringify(goodCommand), status: 428 };
    case 9: // a version that is not one
      return { kind: 'bad-version', method: 'POST', path: commands, headers: { ...seat(side), 'if-match': pick(['abc', '"-1"', '1.5', '*', 'W/"x"', '9'.repeat(31)]) }, body: JSON.stringify(goodCommand), status: 400 };
    case 10: // no seat token (hints too: they are for the seated player)
      if (random() < 0.25) return { kind: 'no-seat', method: 'GET', path: `/api/v1/games/${gameId}/hints${pick(['', '?limit=3', `?figure=${figures[0].id}`])}`, status: 401 };
      return { kind: 'no-seat', method: 'POST', path: pick([commands, `/api/v1/games/${gameId}/undo`]), headers: { ...json, 'if-match': '0' }, body: JSON.stringify(goodCommand), status: 401 };
    case 11: { // a token that is not a seat of this game, or malformed
      const authorization = pick([`Bearer ${'A'.repeat(1 + int(40))}`, 'Bearer', 'Basic dXNlcjpwYXNz', `Bearer ${seats[side]}x`, 'Bearer a b', `Token ${seats[side]}`]);
      // Another scheme than Bearer carries no seat token: a 401 with the challenge, like none at all.
      const status = /^(Basic|Token) /.test(authorization) ? 401 : 403;
      const kind = status === 401 ? 'other-scheme' : 'wrong-seat';
      if (random() < 0.25) return { kind, method: 'GET', path: `/api/v1/games/${gameId}/hints`, headers: { authorization }, status };
      return { kind, method: 'POST', path: commands, headers: { ...json, 'if-match': '0', authorization }, body: JSON.stringify(goodCommand), status };
    }
    case 12: // the other side's seat: its commands, and hints while it does not act
      if (random() < 0.25) return { kind: 'other-seat-hints', method: 'GET', path: `/api/v1/games/${gameId}/hints`, headers: seat(otherSide), status: 422 };
      return { kind: 'other-seat', method: 'POST', path: commands, headers: { ...seat(otherSide), 'if-match': '0' }, body: JSON.stringify(goodCommand), status: 403 };
    case 13: { // an unknown game
      const id = Array.from({ length: 8 + int(20) }, () => pick([...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'])).join('');
      const sub = pick(['', '/actions', '/events', '/replay', '/stream', '/commands', '/undo', '/hints']);
      const post = sub === '/commands' || sub === '/undo';
      return { kind: 'unknown-game', method: post ? 'POST' : 'GET', path: `/api/v1/games/${id}${sub}`, headers: { ...seat(side), 'if-match': '0' }, ...(post ? { body: JSON.stringify(goodCommand) } : {}), status: 404 };
    }
    case 14: // a bad id or query
      return pick<Bad>([
        { kind: 'bad-id', method: 'GET', path: `/api/v1/games/${pick(['short', 'has.dot.in.it', 'x'.repeat(65), '%00%00%00%00%00%00%00%00'])}`, status: 400 },
        { kind: 'bad-query', method: 'GET', path: `/api/v1/games/${gameId}/events?since=${pick(['-1', 'abc', '1.5', '1e3'])}`, status: 400 },
        { kind: 'bad-scenario-id', method: 'GET', path: `/api/v1/scenarios/${pick(['UPPER', 'a_b', 'x'.repeat(65)])}`, status: 400 },
        { kind: 'bad-hints-query', method: 'GET', path: `/api/v1/games/${gameId}/hints?${pick(['budgetMs=0', 'budgetMs=251', 'budgetMs=-5', 'budgetMs=1e2', 'limit=0', 'limit=21', 'limit=x', 'caution=11', 'caution=-0.5', 'caution=NaN', `figure=${'f'.repeat(65)}`, 'figure='])}`, headers: seat(side), status: 400 },
        // A figure the board does not have: named as not there, not answered with an empty list.
        { kind: 'unknown-figure-actions', method: 'GET', path: `/api/v1/games/${gameId}/actions?figure=${pick(['zzz', 'imp-9', 'alpha-2'])}`, status: 422 },
      ]);
    default: // a command that is not an object with a string type
      return { kind: 'bad-command', method: 'POST', path: commands, headers: { ...seat(side), 'if-match': '0' }, body: JSON.stringify(pick([[], 'end', 5, null, { type: 5 }, { type: '' }, { kind: 'end' }, { type: 'x'.repeat(65) }])), status: 400 };
  }
}

beforeAll(async () => {
  await loadCore();
  const res = await send(new Request(`${BASE}/api/v1/games`, { method: 'POST', headers: json, body: JSON.stringify({ scenarioId: 'd20-skirmish', seed: 5 }) }));
  const created = await res.json();
  gameId = created.id;
  seats = created.seats;
  const g = await (await send(new Request(`${BASE}/api/v1/games/${gameId}`))).json();
  side = g.view.side;
  otherSide = created.sides.find((s: string) => s !== side);
  goodCommand = (await (await send(new Request(`${BASE}/api/v1/games/${gameId}/actions`))).json()).actions[0];
});

describe('bad requests', () => {
  it('≥ 2,000 generated bad requests: the right status, a problem+json body from the document, nothing changed', async () => {
    const before = await (await send(new Request(`${BASE}/api/v1/games/${gameId}`))).text();
    const byKind = new Map<string, number>();
    const N = 2400;
    for (let i = 0; i < N; i++) {
      const bad = generate(i);
      const res = await send(new Request(`${BASE}${bad.path}`, { method: bad.method, headers: bad.headers, body: bad.body }));
      const text = await res.text();
      const where = `#${i} ${bad.kind} ${bad.method} ${bad.path.slice(0, 80)} ${String(bad.body ?? '').slice(0, 120)}`;
      {
        expect(res.status, `${where} → ${text.slice(0, 300)}`).toBe(bad.status);
        expect(res.headers.get('content-type'), where).toMatch(/^application\/problem\+json/);
        const p = JSON.parse(text);
        expect(p.status).toBe(bad.status);
        expect(p.detail, where).toBeTruthy();
        expect(text).not.toMatch(/\n\s+at /); // no stack traces
        if (bad.status === 400 && bad.kind !== 'bad-version') expect(p.problems?.length, where).toBeGreaterThan(0);
        if (bad.status === 422) expect(p.rule, where).toBeTruthy();
      }
      byKind.set(bad.kind, (byKind.get(bad.kind) ?? 0) + 1);
    }
    expect(N).toBeGreaterThanOrEqual(2000);
    expect([...byKind.keys()].sort()).toEqual(expect.arrayContaining(['malformed', 'wrong-type', 'unknown-field', 'forbidden-key', 'huge-body', 'media-type', 'stale', 'no-version', 'no-seat', 'other-scheme', 'wrong-seat', 'other-seat', 'other-seat-hints', 'unknown-game', 'bad-command', 'bad-hints-query', 'unknown-figure-actions']));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // Nothing changed, and the server still plays.
    const after = await (await send(new Request(`${BASE}/api/v1/games/${gameId}`))).text();
    expect(after).toBe(before);
    const ok = await send(new Request(`${BASE}/api/v1/games/${gameId}/commands`, { method: 'POST', headers: { ...seat(side), 'if-match': '"0"' }, body: JSON.stringify(goodCommand) }));
    expect(ok.status).toBe(200);
  }, 120_000);

  it('rate limit: past the burst a client gets 429 with Retry-After; another client is not affected', async () => {
    let now = 1_000_000;
    const limited = createApi({ store: new MemoryStore(), rateLimit: { perSecond: 2, burst: 5 }, clientKey: (c) => c.req.header('x-test-client') ?? 'a' });
    const Date_now = Date.now;
    Date.now = () => now;
    try {
      const ask = async (client: string) => {
        const res = await limited.app.fetch(new Request(`${BASE}/api/v1/rulesets`, { headers: { 'x-test-client': client } }));
        const text = await res.text();
        checkAnswer('GET', `${BASE}/api/v1/rulesets`, res.status, res.headers.get('content-type'), text);
        return res;
      };
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await ask('a')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const r = await ask('a');
      expect(r.headers.get('retry-after')).toBe('1');
      expect((await ask('b')).status).toBe(200);
      now += 1000; // two tokens back
      expect((await ask('a')).status).toBe(200);
      expect((await ask('a')).status).toBe(200);
      expect((await ask('a')).status).toBe(429);
    } finally {
      Date.now = Date_now;
    }
  });
});

/**
 * Property (issue 22): for ≥ 10,000 seeded random and mutated scenarios of all three rulesets per
 * run, validateGame(s) accepts ⇔ createGame(s) starts; every refusal is a ScenarioError with at
 * least one `path: message` problem; nothing takes over 100 ms. A sample goes through the API too:
 * /scenarios/validate says `valid` exactly when POST /games starts the game. And Board.create on
 * arbitrary JSON throws only BoardError, each problem with its path.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { BoardError, type BoardInput } from '../../src/core/board-input.ts';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, validateGame } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { ScenarioError, type Scenario } from '../../src/scenario/index.ts';
import { rng } from '../core/random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const SEED = 22_2026;
const CASES = 10_200;
const API_EVERY = 100; // every 100th case also through the HTTP API
const SLOW_MS = 100;
/** A problem names where: `path: message`, the path a JSON path into the scenario. */
const PROBLEM = /^(scenario|[A-Za-z_$][\w$]*|\[\d+\]|\[".*?"\])(\.[A-Za-z_$][\w$]*|\[\d+\]|\[".*?"\])*: ./s;

/**
 * Milliseconds `f` takes; a slow run is timed again (up to 3 more times) and the fastest counts, so
 * that a garbage collection or a busy machine is not taken for a hang (a hang is slow every time).
 */
function timed(f: () => void): number {
  const once = () => {
    const t0 = performance.now();
    f();
    return performance.now() - t0;
  };
  let best = once();
  for (let again = 0; again < 3 && best >= SLOW_MS; again++) best = Math.min(best, once());
  return best;
}

type R = () => number;
const pick = <T>(r: R, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: R, n: number) => Math.floor(r() * n);

const UNITS: Record<string, string[]> = {
  d20: ['trooper', 'officer', 'scout', 'heavy', 'brawler', 'beast', 'walker'],
  doom2004: ['marine', 'zombie', 'imp', 'demon', 'mancubus', 'hell-knight', 'cyberdemon', 'trite', 'archvile'],
  doom2016: ['marine', 'imp', 'possessed-soldier', 'cacodemon', 'pinky', 'cyberdemon'],
};
const DATA: Record<string, Record<string, string>> = {
  d20: { units: 'd20/sample-units' },
  doom2004: { units: 'doom2004/sample-units', weapons: 'doom2004/weapons', dice: 'doom2004/dice', marineStart: 'doom2004/marine-start' },
  doom2016: {
    units: 'doom2016/sample-units', dice: 'doom2016/dice', actionCards: 'doom2016/sample-action-cards', eventCards: 'doom2016/sample-event-cards',
    invasionCards: 'doom2016/sample-invasion-cards', gloryKillCards: 'doom2016/sample-glory-kill-cards', squadCards: 'doom2016/sample-squad-cards',
    classCards: 'doom2016/sample-class-cards',
  },
};
const TOKENS: Record<string, Array<Record<string, unknown>>> = {
  d20: [{ kind: 'weapon', weapon: 'blaster' }],
  doom2004: [
    { kind: 'ammo', ammo: 'shotgun' }, { kind: 'ammo' }, { kind: 'weapon', weapon: 'shotgun' }, { kind: 'weapon' }, { kind: 'weapon', weapon: 'bfg-9001' },
    { kind: 'key', color: 'red' }, { kind: 'key' }, { kind: 'armor' }, { kind: 'health' }, { kind: 'medkit' }, { kind: 'berserk' },
  ],
  doom2016: [{ kind: 'medkit' }, { kind: 'weapon', weapon: 'shotgun' }, { kind: 'weapon', weapon: 'bfg' }, { kind: 'portal', color: 'blue' }, { kind: 'portal' }, { kind: 'ammo' }],
};
const JUNK: unknown[] = [null, true, 0, -1, 1.5, 300, '', 'x', 'wall', [], [1], {}, { a: 1 }, [[0, 0]], 'marines'];

/** A random scenario of one ruleset: mostly plausible (so many are valid), with random slips. */
function randomScenario(r: R, ruleset: string): Record<string, unknown> {
  const w = 2 + int(r, 9), h = 2 + int(r, 9);
  const map = Array.from({ length: h }, () => Array.from({ length: w }, () => (r() < 0.06 ? ' ' : r() < 0.05 ? pick(r, ['d', 'o', 'l', 't', 'b', 'u', 'i', '?']) : '.')).join(''));
  const sides = r() < 0.95 ? ['marines', 'invaders'] : pick(r, [['marines'], ['a', 'b', 'c'], []]);
  const figures = Array.from({ length: int(r, 6) }, (_, i) => ({
    id: r() < 0.97 ? `f${i}` : 'f0',
    side: r() < 0.97 ? pick(r, sides.length ? sides : ['marines']) : pick(r, ['nobody', 5]),
    type: r() < 0.97 ? pick(r, UNITS[ruleset]) : pick(r, ['dragon', 7]),
    x: int(r, w + (r() < 0.03 ? 3 : 0)),
    y: int(r, h),
  }));
  const edges = Array.from({ length: int(r, 4) }, () => {
    const x = int(r, w + 1), y = int(r, h + 1);
    const horizontal = r() < 0.5;
    return { from: [x, y], to: horizontal ? [x + 1 + int(r, 2), y] : [x, y + 1 + int(r, 2)], kind: pick(r, ['wall', 'door', 'blocking', 'impassable', 'none', 'lava']) };
  });
  const tokens = Array.from({ length: int(r, 4) }, (_, i) => ({ ...(r() < 0.5 ? { id: `t${i}` } : {}), ...pick(r, TOKENS[ruleset]), x: int(r, w), y: int(r, h) }));
  const data = { ...DATA[ruleset] };
  if (r() < 0.05) delete data[pick(r, Object.keys(data))];
  if (r() < 0.02) data.units = 'nowhere/units';
  const s: Record<string, unknown> = { ruleset, map, sides, figures, data };
  if (edges.length) s.edges = edges;
  if (tokens.length) s.tokens = tokens;
  if (r() < 0.05) s.seed = pick(r, [7, -1, 'x']);
  if (ruleset === 'doom2016' && r() < 0.3) s.mission = { invasion: pick(r, ['first-strike', 'none']), summon: pick(r, ['first-door', 'never']) };
  return s;
}

/** Every place in a JSON value, as a path of keys. */
function places(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => places(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) places(x, [...at, k], out);
  return out;
}

/** One mutation of a bundled scenario: a value replaced or removed, an item dropped, or one character of its JSON changed. */
function mutated(r: R): unknown {
  const [, base] = pick(r, [...bundledScenarios]);
  if (r() < 0.3) {
    // One character changed, inserted or deleted, until the text is still JSON (a client sends JSON).
    const text = JSON.stringify(base);
    for (let tries = 0; tries < 20; tries++) {
      const i = int(r, text.length);
      const edit = pick(r, ['"', '0', '9', 'x', ',', '-', ' ', '', '.', '[', 'a', '1']);
      try {
        return JSON.parse(text.slice(0, i) + edit + text.slice(i + (r() < 0.5 ? 1 : 0)));
      } catch {
        // not JSON: try another edit
      }
    }
  }
  const s = structuredClone(base) as unknown;
  const all = places(s).filter((p) => p.length > 0);
  const path = pick(r, all);
  let parent = s as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path[path.length - 1];
  if (r() < 0.25) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else parent[key] = pick(r, JUNK);
  return s;
}

type Verdict = { ok: true } | { ok: false; error: unknown };
function attempt(f: () => unknown): Verdict {
  try {
    f();
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

function checkRefusal(v: Verdict, what: string): void {
  if (v.ok) return;
  const e = v.error;
  expect(e, `${what}: ${String(e)}`).toBeInstanceOf(ScenarioError);
  const problems = (e as ScenarioError).problems;
  expect(problems.length, what).toBeGreaterThan(0);
  for (const p of problems) expect(p, what).toMatch(PROBLEM);
}

describe('validateGame ⇔ createGame, on random and mutated scenarios of every ruleset', () => {
  test(`${CASES} seeded cases: the same verdict, typed refusals with paths, none over ${SLOW_MS} ms; a sample through the API agrees`, async () => {
    const r = rng(SEED);
    const api = createApi({ store: new MemoryStore(), rateLimit: null, limits: { maxBodyBytes: 1 << 20 } });
    const post = (path: string, body: unknown) =>
      api.app.fetch(new Request(`http://api.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const tally = { valid: 0, refused: 0, random: 0, mutated: 0, api: 0, byRuleset: {} as Record<string, number> };
    let slowest = 0;
    // Warm up: the first game of each ruleset compiles its code, which is not what is timed.
    for (const [, s] of bundledScenarios) createGame(s);
    for (let i = 0; i < CASES; i++) {
      const fromBundle = i % 2 === 1;
      const raw = fromBundle ? mutated(r) : randomScenario(r, pick(r, ['d20', 'doom2004', 'doom2016']));
      const s = JSON.parse(JSON.stringify(raw) ?? 'null') as Scenario; // what a client can send
      const what = `case ${i} ${JSON.stringify(s)?.slice(0, 300)}`;
      let v = { ok: true } as Verdict, c = { ok: true } as Verdict; // set in the timed closure
      const ms = timed(() => {
        v = attempt(() => validateGame(s));
        c = attempt(() => createGame(s, { seed: 3 }));
      });
      slowest = Math.max(slowest, ms);
      expect(ms, what).toBeLessThan(SLOW_MS);
      expect(c.ok, `${what}: validateGame ${v.ok ? 'accepted' : `refused (${String((v as { error: unknown }).error)})`}, createGame ${c.ok ? 'started' : `refused (${String((c as { error: unknown }).error)})`}`).toBe(v.ok);
      checkRefusal(v, what);
      checkRefusal(c, what);
      if (!v.ok && !c.ok) expect((c.error as ScenarioError).problems, what).toEqual((v.error as ScenarioError).problems);
      tally[v.ok ? 'valid' : 'refused']++;
      tally[fromBundle ? 'mutated' : 'random']++;
      const rs = String((s as { ruleset?: unknown })?.ruleset);
      tally.byRuleset[rs] = (tally.byRuleset[rs] ?? 0) + 1;
      if (i % API_EVERY === 0) {
        tally.api++;
        const verdict = await post('/api/v1/scenarios/validate', s);
        expect(verdict.status, what).toBe(200);
        const body = await verdict.json() as { valid: boolean; problems: { path: string }[] };
        expect(body.valid, what).toBe(v.ok);
        if (!body.valid) expect(body.problems.length, what).toBeGreaterThan(0);
        if (s && typeof s === 'object' && !Array.isArray(s)) {
          const game = await post('/api/v1/games', { scenario: s, seed: 3 });
          // 201 exactly when valid; invalid: 422 with paths, or 400 when the request itself does not match the document.
          if (body.valid) expect(game.status, what).toBe(201);
          else expect([400, 422], what).toContain(game.status);
        }
      }
    }
    expect(tally.valid, JSON.stringify(tally)).toBeGreaterThan(CASES / 10);
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(CASES / 10);
    for (const rs of ['d20', 'doom2004', 'doom2016']) expect(tally.byRuleset[rs], rs).toBeGreaterThan(CASES / 10);
    expect(slowest).toBeLessThan(SLOW_MS);
  }, 120_000);
});

/** Arbitrary JSON-like values, prototype-less objects among them. */
function junk(r: R, depth = 0): unknown {
  const k = int(r, depth > 2 ? 6 : 9);
  switch (k) {
    case 0: return null;
    case 1: return r() < 0.5;
    case 2: return pick(r, [0, -1, 1.5, 1e9, 257, 3]);
    case 3: return pick(r, ['', '.', 'wall', 'toString', '__proto__', 'constructor', 'door', '..l.']);
    case 4: return pick(r, ['d20', 'doom2004', 'doom2016']);
    case 5: return [int(r, 5), int(r, 5)];
    case 6: return Array.from({ length: int(r, 4) }, () => junk(r, depth + 1));
    case 7: {
      const o: Record<string, unknown> = r() < 0.3 ? Object.create(null) : {};
      for (const key of ['from', 'to', 'kind', 'id', 'side', 'x', 'y', 'w', 'h', 'map', 'edges', 'figures']) if (r() < 0.3) o[key] = junk(r, depth + 1);
      return o;
    }
    default: return pick(r, [Object.create(null), { kind: Object.create(null) }, Array(3).fill('.'), Array(257).fill('.')]);
  }
}

/** 300,000 rows (made once: the test is about Board.create's time, not the allocator's). */
const HUGE_MAP = Array(300_000).fill('.');

function boardCase(r: R): unknown {
  if (r() < 0.1) return junk(r);
  const input: Record<string, unknown> = {
    ruleset: r() < 0.9 ? pick(r, ['d20', 'doom2004', 'doom2016']) : junk(r),
    map: r() < 0.85 ? Array.from({ length: 1 + int(r, 6) }, () => '.'.repeat(1 + int(r, 6))) : r() < 0.3 ? HUGE_MAP : junk(r),
  };
  if (r() < 0.7) input.edges = r() < 0.7 ? Array.from({ length: int(r, 4) }, () => (r() < 0.7 ? { from: [int(r, 4), int(r, 4)], to: [int(r, 4), int(r, 4)], kind: r() < 0.7 ? pick(r, ['wall', 'door']) : junk(r) } : junk(r))) : junk(r);
  if (r() < 0.7) input.figures = r() < 0.7 ? Array.from({ length: int(r, 4) }, (_, i) => (r() < 0.7 ? { id: r() < 0.9 ? `f${i}` : junk(r), side: 's', x: int(r, 4), y: int(r, 4), ...(r() < 0.2 ? { w: junk(r) } : {}) } : junk(r))) : junk(r);
  return input;
}

describe('Board.create on arbitrary JSON', () => {
  test('throws only BoardError, each problem with its path, never over 100 ms', () => {
    const r = rng(SEED + 1);
    let refused = 0;
    for (let i = 0; i < 10_000; i++) {
      const input = boardCase(r);
      let error: unknown = null;
      const ms = timed(() => {
        try {
          Board.create(input as BoardInput);
          error = null;
        } catch (e) {
          error = e;
        }
      });
      expect(ms, `case ${i}`).toBeLessThan(SLOW_MS);
      if (error === null) continue;
      refused++;
      expect(error, `case ${i}: ${String(error)}`).toBeInstanceOf(BoardError);
      for (const p of (error as BoardError).problems) expect(p).toMatch(/^[A-Za-z]+(\[\d+\])*(\.[A-Za-z]+)?(\[\d+\])*: ./);
    }
    expect(refused).toBeGreaterThan(1000);
    expect(refused).toBeLessThan(9_900);
  });
});

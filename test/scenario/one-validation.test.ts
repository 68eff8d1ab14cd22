/**
 * One validation (issue 22 item 3): `validateGame` is the check `createGame` and `replay` run, so
 * whatever it accepts they start, and whatever it refuses is a ScenarioError naming every problem
 * with its JSON path. The API's /scenarios/validate answers with the same verdict, and a body that
 * is JSON but not a scenario (null) is a verdict too, not a server error.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReplayError, createGame, replay, validateGame } from '../../src/rules/index.ts';
import { ScenarioError, type Scenario } from '../../src/scenario/index.ts';
import skirmish2004 from '../../src/scenario/bundled/doom2004-skirmish.json' with { type: 'json' };
import d20Skirmish from '../../src/scenario/bundled/d20-skirmish.json' with { type: 'json' };
import { contractFetch } from '../api/contract.ts';

beforeAll(async () => {
  await loadCore();
});

const api = createApi({ store: new MemoryStore(), rateLimit: null });
const send = contractFetch((r) => api.app.fetch(r));
const post = (path: string, body: string) => send(new Request(`http://api.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));

/** The problems validateGame and createGame both report (they must be the same). */
function refusal(s: unknown): string[] {
  let problems: string[] = [];
  try {
    validateGame(s as Scenario);
    throw new Error('validateGame accepted it');
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(ScenarioError);
    problems = (e as ScenarioError).problems;
  }
  expect(() => createGame(s as Scenario)).toThrow(ScenarioError);
  try {
    createGame(s as Scenario);
  } catch (e) {
    expect((e as ScenarioError).problems).toEqual(problems);
  }
  return problems;
}

const withTokens = (tokens: unknown[]) => ({ ...structuredClone(skirmish2004), tokens }) as unknown as Scenario;

describe('doom2004 tokens: refused by validation with their JSON paths, never a plain Error from createGame', () => {
  test('a weapon token without "weapon", or naming no weapon of the data', () => {
    expect(refusal(withTokens([{ kind: 'weapon', x: 4, y: 2 }]))).toEqual([expect.stringMatching(/^tokens\[0\]\.weapon: /)]);
    expect(refusal(withTokens([{ kind: 'weapon', weapon: 'bfg-9001', x: 4, y: 2 }]))).toEqual([expect.stringMatching(/^tokens\[0\]\.weapon: .*"bfg-9001"/)]);
  });
  test('an ammo token without "ammo" and a key without "color"', () => {
    expect(refusal(withTokens([{ kind: 'ammo', x: 5, y: 0 }, { kind: 'key', x: 0, y: 5 }]))).toEqual([
      expect.stringMatching(/^tokens\[0\]\.ammo: /), expect.stringMatching(/^tokens\[1\]\.color: /),
    ]);
  });
  test('a token of a kind doom2004 does not have', () => {
    expect(refusal(withTokens([{ kind: 'medkit', x: 5, y: 0 }]))).toEqual([expect.stringMatching(/^tokens\[0\]\.kind: doom2004 has no "medkit" token/)]);
  });
  test('tokens in an area are checked when the game starts, with the area\'s path', () => {
    const s = structuredClone(skirmish2004) as unknown as Scenario;
    delete (s.areas![0].tokens![0] as { weapon?: string }).weapon;
    expect(refusal(s)).toEqual([expect.stringMatching(/^areas\[0\]\.tokens\[0\]\.weapon: /)]);
  });
  test('two tokens whose default ids (kind@x,y) collide', () => {
    expect(refusal(withTokens([{ kind: 'armor', x: 0, y: 5 }, { kind: 'armor', x: 0, y: 5 }]))).toEqual([expect.stringMatching(/^tokens\[1\]\.id: /)]);
  });
  test('a marine on the invader\'s side, a missing data set', () => {
    const s = structuredClone(skirmish2004) as unknown as Scenario;
    s.figures[0].side = 'invaders';
    expect(refusal(s)).toContainEqual(expect.stringMatching(/^figures\[0\]\.side: /));
    const t = structuredClone(skirmish2004) as unknown as Scenario;
    delete (t.data as Record<string, unknown>).dice;
    expect(refusal(t)).toEqual([expect.stringMatching(/^data\.dice: /)]);
  });
  test('d20 without a units data set', () => {
    const s = structuredClone(d20Skirmish) as unknown as Scenario;
    delete (s.data as Record<string, unknown>).units;
    expect(refusal(s)).toContainEqual(expect.stringMatching(/^data\.units: /));
  });
  test('what validateGame accepts, createGame starts', () => {
    expect(validateGame(skirmish2004 as unknown as Scenario).ruleset).toBe('doom2004');
    expect(createGame(skirmish2004 as unknown as Scenario).state.ruleset).toBe('doom2004');
  });
});

describe('games that could not be played are refused at the start', () => {
  test('a d20 scenario with figures of one side only (it started a game over with no winner)', () => {
    const s = structuredClone(d20Skirmish) as unknown as Scenario;
    s.figures = s.figures.filter((f) => f.side === 'empire');
    expect(refusal(s)).toEqual(['figures: a d20 game needs figures of two sides; only empire has any']);
    expect(() => createGame(s)).toThrow(ScenarioError);
  });
  test('a seed that is no whole number from 0 to 2^32 − 1 (NaN, 1.5, 2^32 and "abc" played as other seeds\' games)', () => {
    for (const seed of [Number.NaN, 1.5, 2 ** 32, -1, 'abc' as never]) {
      expect(() => createGame(d20Skirmish as unknown as Scenario, { seed }), String(seed)).toThrow(/seed must be a whole number from 0 to 4294967295/);
    }
    expect(createGame(d20Skirmish as unknown as Scenario, { seed: 2 ** 32 - 1 }).state.ruleset).toBe('d20');
  });
});

describe('replay() without commands', () => {
  test('is a ReplayError naming "commands", as is a refused command', () => {
    const s = d20Skirmish as unknown as Scenario;
    for (const commands of [undefined, null, 'end', { 0: { type: 'end' } }]) {
      expect(() => replay(s, 1, commands as never), String(commands)).toThrow(ReplayError);
      try {
        replay(s, 1, commands as never);
      } catch (e) {
        expect((e as ReplayError).problems).toEqual(['commands: expected an array of commands']);
      }
    }
    try {
      replay(s, 1, [{ type: 'fly' }]);
      throw new Error('replayed');
    } catch (e) {
      expect(e).toBeInstanceOf(ReplayError);
      expect((e as ReplayError).problems[0]).toMatch(/^commands\[0\]: refused/);
    }
  });
});

describe('POST /api/v1/scenarios/validate gives the verdict of validateGame', () => {
  test('body null is a verdict (valid: false, with a path), not a 500', async () => {
    for (const body of ['null', '7', '"text"', '[]']) {
      const r = await post('/api/v1/scenarios/validate', body);
      expect(r.status, body).toBe(200);
      const v = await r.json();
      expect(v.valid).toBe(false);
      expect(v.problems[0].path).toBe('/body');
    }
  });
  test('a doom2004 weapon token without "weapon" is not valid, with its path', async () => {
    const r = await post('/api/v1/scenarios/validate', JSON.stringify(withTokens([{ kind: 'weapon', x: 4, y: 2 }])));
    expect(r.status).toBe(200);
    const v = await r.json();
    expect(v.valid).toBe(false);
    expect(v.problems.map((p: { path: string }) => p.path)).toEqual(['/body/tokens/0/weapon']);
    const g = await post('/api/v1/games', JSON.stringify({ scenario: withTokens([{ kind: 'weapon', x: 4, y: 2 }]) }));
    expect(g.status).toBe(422);
  });
});

/**
 * `plainCopy` (src/rules/plain-copy.ts) is how a Game copies states and commands when the ruleset
 * has no `clone` of its own: it must give exactly what structuredClone gave — for the states of
 * real games, and for whatever else a caller hands a Game (a Map, a Date, a cycle, a function).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Command } from '../../src/rules/index.ts';
import { plainCopy } from '../../src/rules/plain-copy.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { rng } from '../core/random-boards.ts';
import { pickCommand } from './random-play.ts';

beforeAll(async () => {
  await loadCore();
});

describe.each(['doom2016-tutorial', 'doom2004-skirmish', 'd20-skirmish'])('%s', (id) => {
  test('along random games, the copy of every state equals structuredClone’s, key order included, and shares nothing with it', () => {
    const g = createGame(bundledScenarios.get(id)!, { seed: 5 });
    const r = rng(9001);
    for (let i = 0; i < 60 && g.view().winner === null; i++) {
      const state = g.state;
      const copy = plainCopy(state);
      expect(copy).toStrictEqual(structuredClone(state));
      expect(JSON.stringify(copy)).toBe(JSON.stringify(state));
      // Independent: emptying every array and object of the copy leaves the original whole.
      const before = JSON.stringify(state);
      const wipe = (v: unknown): void => {
        if (Array.isArray(v)) {
          v.forEach(wipe);
          v.length = 0;
        } else if (v && typeof v === 'object' && !Object.isFrozen(v)) {
          for (const k of Object.keys(v)) {
            wipe((v as Record<string, unknown>)[k]);
            delete (v as Record<string, unknown>)[k];
          }
        }
      };
      wipe(copy);
      expect(JSON.stringify(state)).toBe(before);
      const legal = g.legalActions();
      if (!legal.length) break;
      expect(g.apply(pickCommand(legal, r)).ok).toBe(true);
    }
  });
});

test('what is not plain data is copied by structuredClone: a Map, a Date, a typed array, a class instance', () => {
  class Point {
    constructor(readonly x: number, readonly y: number) {}
  }
  const value = { m: new Map([['a', [1, 2]]]), d: new Date(7), t: new Uint8Array([3, 4]), p: new Point(1, 2), n: null, u: undefined, big: 5n };
  const copy = plainCopy(value);
  expect(copy).toStrictEqual(structuredClone(value));
  expect(copy.m).toBeInstanceOf(Map);
  expect(copy.m.get('a')).not.toBe(value.m.get('a'));
  expect(copy.d).toBeInstanceOf(Date);
  expect(copy.t).toBeInstanceOf(Uint8Array);
  expect(Object.getPrototypeOf(copy.p)).toBe(Object.prototype);
  expect('u' in copy).toBe(true);
});

test('a function or a symbol anywhere throws the DataCloneError structuredClone throws', () => {
  expect(() => plainCopy({ a: [1, { f: () => 1 }] })).toThrow(/could not be cloned/);
  expect(() => plainCopy([Symbol('s')])).toThrow(/could not be cloned/);
});

test('an own "__proto__" key (JSON.parse makes one) stays a key and changes no prototype', () => {
  const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
  const copy = plainCopy(value);
  expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
  expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
});

test('a cycle, or nesting deeper than any state, is copied whole by structuredClone (cycles and shared parts kept)', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const copy = plainCopy(cyclic);
  expect(copy.self).toBe(copy);
  let deep: unknown = 'bottom';
  for (let i = 0; i < 200; i++) deep = [deep];
  expect(plainCopy(deep)).toStrictEqual(deep);
});

test('a Game still refuses a command that is not plain data, state unchanged, and keeps its own copy of an accepted one', () => {
  const g = createGame(bundledScenarios.get('d20-skirmish')!, { seed: 1 });
  const before = g.state;
  const bad = { ...g.legalActions()[0], extra: () => 1 } as unknown as Command;
  expect(g.apply(bad)).toEqual({ ok: false, refusal: { rule: 'command', message: 'the command is not plain data' } });
  expect(g.state).toStrictEqual(before);
  const command = structuredClone(g.legalActions()[0]) as Command & Record<string, unknown>;
  expect(g.apply(command).ok).toBe(true);
  command.type = 'changed-after';
  expect(g.history[0].type).not.toBe('changed-after');
  expect(g.lastCommand).toStrictEqual(g.history[0]);
  expect(g.lastCommand).not.toBe(g.lastCommand);
  g.undo();
  expect(g.lastCommand).toBeUndefined();
});

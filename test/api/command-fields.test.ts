/**
 * One schema per command type (issue 38 item 1): the document's `<Ruleset><Type>Command` schemas
 * are the engine's tables (src/rules/<ruleset>/commands.ts), and the API and the engine refuse the
 * same commands. A legal command plus a field of another type, an unknown field or an oversized
 * value is refused by the engine (rule "command", naming the JSON path) and by the API (422 naming
 * it, nothing stored); over commands generated for every type of every ruleset, schema-valid ⇔ the
 * engine's shape check passes. What the API stores is the canonical command.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { openApiDocument, validatorAt } from '../../src/api/document.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { CHECKED, shapeRefusal, type Shape } from '../../src/rules/command-shape.ts';
import { D20_COMMANDS } from '../../src/rules/d20/commands.ts';
import { DOOM2004_COMMANDS } from '../../src/rules/doom2004/commands.ts';
import { DOOM2016_COMMANDS } from '../../src/rules/doom2016/commands.ts';
import { createGame, type Command } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { contractFetch } from './contract.ts';

beforeAll(async () => {
  await loadCore();
});

type Schema = Record<string, unknown>;
const schemas = (openApiDocument as { components: { schemas: Record<string, Schema> } }).components.schemas;
const RULESETS: [string, string, Record<string, Shape>][] = [['d20', 'D20', D20_COMMANDS], ['doom2004', 'Doom2004', DOOM2004_COMMANDS], ['doom2016', 'Doom2016', DOOM2016_COMMANDS]];
const SCENARIOS: Record<string, string> = { d20: 'd20-skirmish', doom2004: 'doom2004-skirmish', doom2016: 'doom2016-tutorial' };

/** A schema of the document with every $ref replaced by what it points to. */
const deref = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(deref);
  if (v && typeof v === 'object') {
    const ref = (v as { $ref?: string }).$ref;
    if (ref) return deref(schemas[ref.split('/').pop()!]);
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'description').map(([k, x]) => [k, deref(x)]));
  }
  return v;
};
const pointerOf = (ruleset: string, type: string) => (schemas[`${RULESETS.find((r) => r[0] === ruleset)![1]}Command`].discriminator as { mapping: Record<string, string> }).mapping[type].slice(1);
const docValid = (ruleset: string, c: Command) => validatorAt(pointerOf(ruleset, c.type))(c);
const enginePath = (ruleset: string, shapes: Record<string, Shape>, c: Command) => {
  const r = shapeRefusal(ruleset, shapes, c);
  return r && /^\S+ \S+: (\/\S*):/.exec(r.message)![1];
};

/** A value `shape` accepts (the smallest). */
function sample(shape: Shape): unknown {
  if ('const' in shape) return shape.const;
  if (Array.isArray(shape.anyOf)) return sample(shape.anyOf[0] as Shape);
  if (Array.isArray(shape.enum)) return shape.enum[0];
  switch (shape.type) {
    case 'string': return 'x';
    case 'integer': return shape.minimum;
    case 'boolean': return true;
    case 'array': return [];
    default: {
      const props = (shape.properties ?? {}) as Record<string, Shape>;
      return Object.fromEntries(((shape.required ?? []) as string[]).map((k) => [k, sample(props[k])]));
    }
  }
}

/** Values just beyond `shape`'s bounds, each with the path below the field it breaks. */
function oversized(shape: Shape): { value: unknown; below: string }[] {
  if (Array.isArray(shape.anyOf)) return (shape.anyOf as Shape[]).flatMap(oversized);
  const out: { value: unknown; below: string }[] = [];
  if (shape.type === 'string' && typeof shape.maxLength === 'number') out.push({ value: 'x'.repeat(shape.maxLength + 1), below: '' });
  if (shape.type === 'integer') out.push({ value: (shape.maximum as number) + 1, below: '' }, { value: (shape.minimum as number) - 1, below: '' }, { value: 0.5, below: '' });
  if (shape.type === 'array') {
    out.push({ value: Array.from({ length: (shape.maxItems as number) + 1 }, () => sample(shape.items as Shape)), below: '' });
    for (const o of oversized(shape.items as Shape)) out.push({ value: [o.value], below: `/0${o.below}` });
  }
  if (shape.type === 'object' && shape.properties) {
    for (const [k, inner] of Object.entries(shape.properties as Record<string, Shape>)) {
      for (const o of oversized(inner)) out.push({ value: { ...(sample(shape) as object), [k]: o.value }, below: `/${k}${o.below}` });
    }
  }
  if (shape.type === 'object' && typeof shape.maxProperties === 'number') {
    out.push({ value: Object.fromEntries(Array.from({ length: shape.maxProperties + 1 }, (_, i) => [`k${i}`, 1])), below: '' });
  }
  return out;
}

/** Per ruleset and type: commands the rules produced as legal (several games and seeds), else one built from the schema. */
function examples(ruleset: string, shapes: Record<string, Shape>): Map<string, Command[]> {
  const out = new Map<string, Command[]>(Object.keys(shapes).map((t) => [t, []]));
  for (const [, s] of bundledScenarios) {
    if (s.ruleset !== ruleset) continue;
    for (const seed of [1, 2, 3]) {
      const g = createGame(s, { seed });
      for (let step = 0; step < 120; step++) {
        const legal = g.legalActions();
        if (!legal.length) break;
        for (const c of legal) {
          const list = out.get(c.type)!;
          if (list.length < 4) list.push(c);
        }
        g.apply(legal[(step * 7 + seed) % legal.length]);
      }
    }
  }
  for (const [t, list] of out) if (!list.length) list.push(sample(shapes[t]) as Command);
  return out;
}

describe('the document holds the engine\'s schema of every command type', () => {
  test('each ruleset\'s union maps exactly its types; each type\'s schema is the engine\'s, bounded, additionalProperties false', () => {
    for (const [ruleset, prefix, shapes] of RULESETS) {
      const union = schemas[`${prefix}Command`] as { oneOf: unknown[]; discriminator: { propertyName: string; mapping: Record<string, string> } };
      expect(union.discriminator.propertyName).toBe('type');
      expect(Object.keys(union.discriminator.mapping).sort(), ruleset).toEqual(Object.keys(shapes).sort());
      expect(union.oneOf).toHaveLength(Object.keys(shapes).length);
      for (const [type, shape] of Object.entries(shapes)) {
        const doc = deref({ $ref: `#${pointerOf(ruleset, type)}` });
        expect(doc, `${ruleset} ${type}`).toEqual(deref(shape));
        expect(shape.additionalProperties).toBe(false);
      }
    }
    expect((schemas.Command as { anyOf: unknown[] }).anyOf).toEqual(['D20Command', 'Doom2004Command', 'Doom2016Command'].map((n) => ({ $ref: `#/components/schemas/${n}` })));
  });

  test('the schemas use only keywords the engine checks, and bound every string, array, number and map', () => {
    const walk = (s: Shape, at: string) => {
      for (const k of Object.keys(s)) expect(CHECKED, `${at}: ${k}`).toContain(k);
      if (s.type === 'string' && !s.enum && !('const' in s)) expect(s.maxLength, at).toBeTypeOf('number');
      if (s.type === 'integer') expect([s.minimum, s.maximum], at).toEqual([expect.any(Number), expect.any(Number)]);
      if (s.type === 'array') expect(s.maxItems, at).toBeTypeOf('number');
      if (s.type === 'object' && !s.properties) expect(s.maxProperties, at).toBeTypeOf('number');
      for (const k of ['items', 'additionalProperties', 'propertyNames']) if (s[k] && typeof s[k] === 'object') walk(s[k] as Shape, `${at}/${k}`);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Shape>)) walk(v, `${at}/${k}`);
      for (const [i, v] of ((s.anyOf ?? []) as Shape[]).entries()) walk(v, `${at}/anyOf/${i}`);
    };
    for (const [ruleset, , shapes] of RULESETS) for (const [t, s] of Object.entries(shapes)) walk(s, `${ruleset} ${t}`);
  });
});

describe('every command type of every ruleset: another type\'s field, an unknown field, an oversized value', () => {
  for (const [ruleset, , shapes] of RULESETS) {
    test(`${ruleset}: refused by the document and by the engine, naming the same path; legal commands pass both`, () => {
      const fieldShapes = new Map<string, Shape>();
      for (const s of Object.values(shapes)) for (const [k, v] of Object.entries(s.properties as Record<string, Shape>)) if (k !== 'type') fieldShapes.set(k, v);
      const game = createGame(bundledScenarios.get(SCENARIOS[ruleset])!, { seed: 1 });
      let cases = 0;
      for (const [type, list] of examples(ruleset, shapes)) {
        const own = Object.keys(shapes[type].properties as object);
        for (const legal of list) {
          expect(docValid(ruleset, legal), JSON.stringify(legal)).toBe(true);
          expect(shapeRefusal(ruleset, shapes, legal), JSON.stringify(legal)).toBeNull();
          const wrong: [Command, string][] = [[{ ...legal, zz: 1 }, '/zz']];
          for (const [k, v] of fieldShapes) if (!own.includes(k)) wrong.push([{ ...legal, [k]: sample(v) }, `/${k}`]);
          for (const k of own.filter((k) => k !== 'type')) {
            for (const o of oversized((shapes[type].properties as Record<string, Shape>)[k])) wrong.push([{ ...legal, [k]: o.value }, `/${k}${o.below}`]);
          }
          for (const [c, path] of wrong) {
            cases++;
            expect(docValid(ruleset, c), JSON.stringify(c)).toBe(false);
            expect(enginePath(ruleset, shapes, c), JSON.stringify(c)).toBe(path);
            const before = JSON.stringify(game.state);
            const r = game.apply(c);
            expect(r.ok, JSON.stringify(c)).toBe(false);
            expect(!r.ok && r.refusal, JSON.stringify(c)).toMatchObject({ rule: 'command', message: expect.stringContaining(`${path}:`) });
            expect(JSON.stringify(game.state)).toBe(before);
          }
        }
      }
      expect(cases).toBeGreaterThan(100);
    });

    test(`${ruleset}: over generated commands, schema-valid ⇔ the engine's check passes`, () => {
      // A seeded generator: legal commands with fields replaced by values of every kind and size.
      let seed = 12345;
      const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
      const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)];
      const values = (): unknown[] => [
        '', 'x', 'x'.repeat(64), 'x'.repeat(65), -1, 0, 1, 15, 16, 63, 64, 99, 100, 255, 256, 0.5, true, false, null,
        [], ['a'], [1, 2], Array(17).fill('a'), Array(100).fill(0), { x: 1, y: 2 }, { x: 1, y: 2, o: 1 }, { x: 1, y: 2, o: 2 },
        { x1: 0, y1: 0, x2: 1, y2: 0 }, { a: 1 }, { a: -1 }, { a: 1.5 }, 'aim', 'ready', 'green',
      ];
      const all = [...examples(ruleset, shapes).values()].flat();
      const fields = [...new Set(Object.values(shapes).flatMap((s) => Object.keys(s.properties as object)))].filter((k) => k !== 'type');
      let valid = 0;
      let invalid = 0;
      for (let i = 0; i < 3000; i++) {
        const c: Command = { ...pick(all) };
        const n = 1 + Math.floor(rnd() * 2);
        for (let k = 0; k < n; k++) {
          const f = pick([...fields, 'zz']);
          if (rnd() < 0.2) delete c[f];
          else c[f] = structuredClone(pick(values()));
        }
        const doc = docValid(ruleset, c);
        const engine = shapeRefusal(ruleset, shapes, c) === null;
        expect(engine, JSON.stringify(c)).toBe(doc);
        if (doc) valid++;
        else invalid++;
      }
      // Both sides of the equivalence are exercised.
      expect(Math.min(valid, invalid)).toBeGreaterThan(100);
    });
  }
});

describe('the API: 422 naming the path, nothing stored; the canonical command stored; echoes cut', () => {
  for (const [ruleset] of RULESETS) {
    test(`${ruleset}: a legal command with another type's field is a 422 naming /body/<field>; stored afterwards as canonical`, async () => {
      const api = createApi({ store: new MemoryStore(), rateLimit: null });
      const send = contractFetch((r) => api.app.fetch(r));
      const base = 'http://api.test/api/v1';
      const created = await (await send(new Request(`${base}/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId: SCENARIOS[ruleset], seed: 1 }) }))).json();
      const game = await (await send(new Request(`${base}/games/${created.id}`))).json();
      const side = game.view.side as string;
      const actions = (await (await send(new Request(`${base}/games/${created.id}/actions`))).json()).actions as Command[];
      const legal = actions.find((a) => !('side' in a)) ?? actions[0];
      const post = (body: unknown) => send(new Request(`${base}/games/${created.id}/commands`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${created.seats[side]}`, 'if-match': '0' }, body: typeof body === 'string' ? body : JSON.stringify(body),
      }));
      const other = ruleset === 'd20' ? { helpers: ['x'.repeat(200_000 / 100)] } : ruleset === 'doom2004' ? { dice: [0] } : { argent: 'imp' };
      const field = Object.keys(other)[0];
      const r = await post({ ...legal, ...other });
      expect(r.status).toBe(422);
      const p = await r.json();
      expect(p.problems).toEqual([{ path: `/body/${field}`, message: expect.stringContaining('unknown field') }]);
      expect(p.detail).toContain(`/${field}`);
      const huge = await post({ ...legal, figure: 'f'.repeat(100_000) });
      expect(huge.status).toBe(422);
      const hp = await huge.json();
      expect(hp.problems[0].path).toBe('/body/figure');
      expect(JSON.stringify(hp).length).toBeLessThan(1000);
      // Nothing was stored.
      expect((await (await send(new Request(`${base}/games/${created.id}/events`))).json()).version).toBe(0);
      // The same command with its keys in another order and one unset field: stored as its schema reads it.
      const shuffled = Object.fromEntries(Object.entries(legal).reverse());
      expect((await post(shuffled)).status).toBe(200);
      const stored = (await (await send(new Request(`${base}/games/${created.id}/events`))).json()).entries[0].command;
      expect(stored).toEqual(legal);
      const order = Object.keys((schemas[pointerOf(ruleset, legal.type).split('/').pop()!] as { properties: object }).properties);
      expect(Object.keys(stored)).toEqual(order.filter((k) => k in legal));
    });
  }

  test('a body that is not a command is a 400; a type the ruleset has not, a 422 from the rules', async () => {
    const api = createApi({ store: new MemoryStore(), rateLimit: null });
    const base = 'http://api.test/api/v1';
    const created = await (await api.app.fetch(new Request(`${base}/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId: 'd20-skirmish', seed: 1 }) }))).json();
    const side = (await (await api.app.fetch(new Request(`${base}/games/${created.id}`))).json()).view.side;
    const post = (body: unknown) => api.app.fetch(new Request(`${base}/games/${created.id}/commands`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${created.seats[side]}`, 'if-match': '0' }, body: JSON.stringify(body),
    }));
    expect((await post({ kind: 'end' })).status).toBe(400);
    expect((await post([1])).status).toBe(400);
    const unknown = await post({ type: 'x'.repeat(64) });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).detail).toContain(`unknown command "${'x'.repeat(64)}"`);
  });
});

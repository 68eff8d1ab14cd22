/**
 * The schema check compiled per node (src/scenario/validate.ts `compile`, issue 41: a page's first
 * 201×201 board) must report exactly what the interpreter it replaced reported: the same messages,
 * paths and order. The interpreter as it was (main at 3910278) is kept here as the reference, and both
 * run on every bundled scenario, on 6,000 seeded mutations of them (a value anywhere replaced by one
 * of the kinds of value the schema tells apart, or a key added), and on the 201×201 bench board.
 */
import { describe, expect, test } from 'vitest';
import { scenario40 } from '../../bench/ui/bench-page.js';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import schemaJson from '../../src/scenario/scenario.schema.json' with { type: 'json' };
import { joinPath, schemaProblems } from '../../src/scenario/validate.ts';
import { rng } from '../core/random-boards.ts';

// ---- the reference: validate.ts's interpreter before the change, unchanged but for its names
type Node = Record<string, unknown>;
const ROOT = schemaJson as unknown as Node;
const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolveRef(ref: string): Node {
  // test, not exec: no match array for each of a large board's thousands of $refs.
  const target = /^#\/\$defs\/[A-Za-z]+$/.test(ref) ? (ROOT.$defs as Node)[ref.slice(8)] : undefined;
  if (!isObject(target)) throw new Error(`scenario schema: unsupported $ref ${ref}`);
  return target;
}

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (isObject(v)) return 'an object';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 37)}..."` : s;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'an integer', number: 'a number', string: 'a string', boolean: 'true or false',
  object: 'an object', array: 'an array', null: 'null',
};

function hasType(type: string, v: unknown): boolean {
  switch (type) {
    case 'integer': return Number.isInteger(v);
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'object': return isObject(v);
    case 'array': return Array.isArray(v);
    case 'null': return v === null;
    default: return typeof v === type;
  }
}

const branchType = (b: Node): string => (b.type ?? resolveRef(b.$ref as string).type) as string;
const PATTERNS = new Map<string, RegExp>();
const patternOf = (source: string) => PATTERNS.get(source) ?? PATTERNS.set(source, new RegExp(source, 'u')).get(source)!;
type Path = string | { readonly up: Path; readonly key: string | number };
type PathFail = (path: Path, message: string) => void;
const at = (up: Path, key: string | number): Path => ({ up, key });
const text = (p: Path): string => (typeof p === 'string' ? p : joinPath(text(p.up), p.key));

function codePoints(v: string): number {
  let n = 0;
  for (const _ of v) n++;
  return n;
}

function check(node: Node, v: unknown, path: Path, fail: PathFail): void {
  if (typeof node.$ref === 'string') check(resolveRef(node.$ref), v, path, fail);
  if (Array.isArray(node.anyOf)) {
    // Branches differ by type (asserted at load), so the value's type picks the branch and its
    // problems are specific instead of "matches none of ...".
    const branches = node.anyOf as Node[];
    const branch = branches.find((b) => hasType(branchType(b), v));
    if (!branch) return fail(path, `expected ${branches.map((b) => TYPE_WORDS[branchType(b)]).join(' or ')}, got ${show(v)}`);
    check(branch, v, path, fail);
  }
  if (typeof node.type === 'string' && !hasType(node.type, v)) return fail(path, `expected ${TYPE_WORDS[node.type]}, got ${show(v)}`);
  if (Array.isArray(node.enum) && !node.enum.includes(v)) return fail(path, `${show(v)} is not one of ${node.enum.join(', ')}`);
  if (typeof v === 'string') {
    // JSON Schema counts code points: between v.length / 2 and v.length, so counted only when
    // a bound falls in between (a 201×201 map's rows were 40,000 steps of a string iterator).
    const min = typeof node.minLength === 'number' ? node.minLength : 0;
    const max = typeof node.maxLength === 'number' ? node.maxLength : Infinity;
    const length = Math.ceil(v.length / 2) >= min && v.length <= max ? v.length : codePoints(v);
    if (typeof node.minLength === 'number' && length < node.minLength) {
      fail(path, node.minLength === 1 ? 'expected a non-empty string' : `expected at least ${node.minLength} characters, got ${length}`);
    }
    if (typeof node.maxLength === 'number' && length > node.maxLength) fail(path, `expected at most ${node.maxLength} characters, got ${length}`);
    if (typeof node.pattern === 'string' && !patternOf(node.pattern).test(v)) fail(path, `${show(v)} does not match ${node.pattern}`);
  }
  if (typeof v === 'number') {
    if (typeof node.minimum === 'number' && v < node.minimum) fail(path, `${v} is below the minimum ${node.minimum}`);
    if (typeof node.maximum === 'number' && v > node.maximum) fail(path, `${v} is above the maximum ${node.maximum}`);
  }
  if (Array.isArray(v)) {
    if (typeof node.minItems === 'number' && v.length < node.minItems) fail(path, `expected at least ${node.minItems} items, got ${v.length}`);
    if (typeof node.maxItems === 'number' && v.length > node.maxItems) fail(path, `expected at most ${node.maxItems} items, got ${v.length}`);
    if (node.uniqueItems === true) {
      const seen = new Map<string, number>();
      v.forEach((item, i) => {
        const key = JSON.stringify(item);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, i);
        else fail(at(path, i), `${show(item)} repeats ${joinPath(text(path), first)}`);
      });
    }
    if (isObject(node.items)) v.forEach((item, i) => check(node.items as Node, item, at(path, i), fail));
  }
  if (isObject(v)) {
    const props = (node.properties ?? {}) as Node;
    // A property set to undefined counts as absent, as in JSON (TypeScript callers write `data: undefined`).
    for (const k of (node.required ?? []) as string[]) if (v[k] === undefined) fail(at(path, k), 'missing (required)');
    for (const [k, value] of Object.entries(v)) {
      if (value === undefined) continue;
      if (isObject(props[k])) check(props[k] as Node, value, at(path, k), fail);
      else if (node.additionalProperties === false) fail(at(path, k), `unknown property (expected ${Object.keys(props).join(', ')})`);
      else if (isObject(node.additionalProperties)) check(node.additionalProperties, value, at(path, k), fail);
    }
  }
}

function referenceProblems(value: unknown): string[] {
  const problems: string[] = [];
  check(ROOT, value, '', (p, m) => problems.push(`${text(p) || 'scenario'}: ${m}`));
  return problems;
}
// ---- end of the reference

/** Values on either side of the schema's bounds and types. */
const REPLACEMENTS: unknown[] = [
  undefined, null, true, 0, -1, 1, 1.5, 255, 256, 257, 4294967295, 4294967296, NaN, Infinity, '', 'x', 'wall', 'door',
  'doom2016', 'rule-a1', 'x'.repeat(61), '😀'.repeat(40), '😀'.repeat(31), '. d\u{1F600}', '.'.repeat(257), [], [0], [0, 0], [0, 0, 0],
  [1, 1, 1, 1], [, 1], {}, { id: 'a' }, { type: 'x' }, ['a', 'a'], ['a', 'b'], [{ from: [0, 0], to: [0, 1], kind: 'wall' }],
];

/** Every path to a value inside `v` (objects and arrays), the root's being []. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

/** `v` with the value at `path` replaced, or with `key` added to the object there. */
function mutated(v: unknown, path: (string | number)[], value: unknown, key?: string): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (key !== undefined) {
    const target = (last === undefined ? at : at[last]) as Record<string, unknown>;
    if (target && typeof target === 'object') Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
    return copy;
  }
  if (last === undefined) return value;
  at[last] = value;
  return copy;
}

describe('the compiled schema check reports what the interpreter reported', () => {
  test('every bundled scenario: no problem in either', () => {
    expect(bundledScenarios.size).toBeGreaterThan(3);
    for (const s of bundledScenarios.values()) {
      expect(schemaProblems(s)).toEqual([]);
      expect(referenceProblems(s)).toEqual([]);
    }
  });

  test('6,000 seeded mutations: the same problems in the same order (and most mutations have some)', () => {
    const random = rng(41_4);
    const all = [...bundledScenarios.values()];
    let faulty = 0;
    for (let i = 0; i < 6000; i++) {
      const s = all[i % all.length];
      const ps = paths(s);
      const path = ps[Math.floor(random() * ps.length)];
      const value = REPLACEMENTS[Math.floor(random() * REPLACEMENTS.length)];
      const key = random() < 0.15 ? ['key', 'size', 'zzz', '__proto__', 'constructor', 'odd key'][Math.floor(random() * 6)] : undefined;
      const m = mutated(s, path, value, key);
      const expected = referenceProblems(m);
      expect(schemaProblems(m), JSON.stringify(m)?.slice(0, 300)).toEqual(expected);
      if (expected.length) faulty++;
    }
    expect(faulty).toBeGreaterThan(3000);
  });

  test('the 201×201 bench board, valid and with a fault in every edge and figure', () => {
    const board = scenario40(201);
    expect(schemaProblems(board)).toEqual([]);
    const bad = { ...board, edges: board.edges.map((e) => ({ ...e, to: [e.to[0], 300] })), figures: board.figures.map((f) => ({ ...f, x: -1, extra: 1 })) };
    const problems = schemaProblems(bad);
    expect(problems.length).toBe(board.edges.length + 2 * board.figures.length);
    expect(problems).toEqual(referenceProblems(bad));
    expect(problems[0]).toMatch(/^edges\[0\]\.to\[1\]: 300 is above the maximum 256$/);
  });
});

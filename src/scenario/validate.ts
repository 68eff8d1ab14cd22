/**
 * Scenario validation. Three layers, all reported together as `path: message` problems:
 *  1. structure: the JSON Schema (scenario.schema.json) read directly (each node, on first use,
 *     into a check of that node), so the schema and the validator cannot drift apart (only the
 *     keywords the schema uses are supported, and an unknown keyword fails the tests —
 *     assertSupported — rather than being silently ignored);
 *  2. geometry: `parseBoard` of the grid core (figures on the map, no overlap, edges on grid lines);
 *  3. meaning: sides, unit types and data sets that exist and fit the ruleset.
 */
import { BoardError, parseBoard, type BoardInput, type EdgeInput, type FigureInput } from '../core/board-input.ts';
import type { BoardData } from '../core/types.ts';
import { RULESETS } from '../core/types.ts';
import { getDataSet, listDataSets, type DataSet } from '../data/index.ts';
import schemaJson from './scenario.schema.json' with { type: 'json' };
import { checkSteps } from './steps.ts';
import type { Scenario, ScenarioFigure } from './types.ts';

/** A bad scenario: `problems` lists every fault as `path: message` (a run of alike items' faults once). */
export class ScenarioError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    const listed = sameForRuns(problems);
    super(`Invalid scenario: ${listed.join('; ')}`);
    this.problems = listed;
    this.name = 'ScenarioError';
  }
}

/**
 * Three or more problems that differ only in their first index, one after another (every row of a
 * map too wide, say), as the first with "the same for" the others: a 300-row map gives one line, not 300.
 */
export function sameForRuns(problems: string[]): string[] {
  const out: string[] = [];
  const split = (p: string) => /^([^[]*)\[(\d+)\](.*)$/s.exec(p);
  for (let i = 0; i < problems.length; ) {
    const first = split(problems[i]);
    let j = i + 1;
    while (first && j < problems.length) {
      const next = split(problems[j]);
      if (!next || next[1] !== first[1] || next[3] !== first[3] || +next[2] !== +first[2] + (j - i)) break;
      j++;
    }
    out.push(j - i >= 3 ? `${problems[i]} — the same for ${first![1]}[${+first![2] + 1}] … ${first![1]}[${+first![2] + j - i - 1}]` : problems[i]);
    if (j - i < 3) j = i + 1;
    i = j;
  }
  return out;
}

type Node = Record<string, unknown>;
type Fail = (path: string, message: string) => void;

const ROOT = schemaJson as unknown as Node;
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', '$defs', 'title', 'description', 'examples', 'default']);
const KEYWORDS = new Set([
  '$ref', 'type', 'enum', 'anyOf', 'required', 'properties', 'additionalProperties', 'items',
  'minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum',
]);

const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolveRef(ref: string): Node {
  // test, not exec: no match array for each of a large board's thousands of $refs.
  const target = /^#\/\$defs\/[A-Za-z]+$/.test(ref) ? (ROOT.$defs as Node)[ref.slice(8)] : undefined;
  if (!isObject(target)) throw new Error(`scenario schema: unsupported $ref ${ref}`);
  return target;
}

/**
 * Throws on a keyword this interpreter does not implement (see the header comment), or an anyOf
 * whose branches do not differ by type. The schema is a file of this package, fixed at build time:
 * test/scenario/validate.test.ts runs this on it (the bundle does not, to stay small).
 */
export function assertSupported(node: Node = ROOT, at = '#'): void {
  for (const [k, v] of Object.entries(node)) {
    if (!KEYWORDS.has(k) && !ANNOTATIONS.has(k)) throw new Error(`scenario schema: unsupported keyword ${k} at ${at}`);
    if (k === '$ref') resolveRef(v as string);
    if (k === 'type' && typeof v !== 'string') throw new Error(`scenario schema: "type" at ${at} must be one type name`);
    if (k === 'anyOf') {
      const types = (v as Node[]).map((b) => (b.type ?? (typeof b.$ref === 'string' ? resolveRef(b.$ref).type : undefined)));
      if (types.some((t) => typeof t !== 'string') || new Set(types).size !== types.length) {
        throw new Error(`scenario schema: anyOf at ${at} needs one distinct "type" per branch`);
      }
    }
  }
  const children: Node[] = [
    ...Object.values((node.properties ?? {}) as Node),
    ...Object.values((node.$defs ?? {}) as Node),
    ...((node.anyOf ?? []) as Node[]),
  ] as Node[];
  for (const k of ['items', 'additionalProperties']) if (isObject(node[k])) children.push(node[k] as Node);
  children.forEach((c, i) => assertSupported(c, `${at}/${i}`));
}

/** `path` extended by an object key: `a.b`, or `a["odd key"]` when the key is not a plain name. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path ? `${path}.${key}` : key;
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

/**
 * A value's place while checking: its path string is made only for a problem (joining every
 * key of a large board's thousands of values cost more than checking them).
 */
type Path = string | { readonly up: Path; readonly key: string | number };
type PathFail = (path: Path, message: string) => void;
const at = (up: Path, key: string | number): Path => ({ up, key });
const text = (p: Path): string => (typeof p === 'string' ? p : joinPath(text(p.up), p.key));

/** Checks `v` against one schema node; problems go to `fail` (nothing below a wrong type). */
type Check = (v: unknown, path: Path, fail: PathFail) => void;

const checks = new WeakMap<Node, Check>();

/**
 * The check of `node`, made on first use with the node's keywords read once: reading all sixteen
 * of them for each of a large board's 15,000 values was most of the schema check, and the first
 * board a page validates runs it in V8's slowest tiers.
 */
function checkOf(node: Node): Check {
  let c = checks.get(node);
  if (!c) checks.set(node, (c = compile(node)));
  return c;
}

function compile(node: Node): Check {
  const { $ref, anyOf, type, enum: values, minLength, maxLength, pattern, minimum, maximum, minItems, maxItems, items, required, properties, additionalProperties: extra } = node;
  const target = typeof $ref === 'string' ? resolveRef($ref) : undefined;
  // Branches differ by type (asserted at load), so the value's type picks the branch and its
  // problems are specific instead of "matches none of ...".
  const branches = Array.isArray(anyOf) ? (anyOf as Node[]) : undefined;
  const re = typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined;
  // JSON Schema counts code points: between v.length / 2 and v.length, so counted only when
  // a bound falls in between (a 201×201 map's rows were 40,000 steps of a string iterator).
  const min = typeof minLength === 'number' ? minLength : 0;
  const max = typeof maxLength === 'number' ? maxLength : Infinity;
  const props = (properties ?? {}) as Node;
  return (v, path, fail) => {
    if (target) checkOf(target)(v, path, fail);
    if (branches) {
      const branch = branches.find((b) => hasType(branchType(b), v));
      if (!branch) return fail(path, `expected ${branches.map((b) => TYPE_WORDS[branchType(b)]).join(' or ')}, got ${show(v)}`);
      checkOf(branch)(v, path, fail);
    }
    if (typeof type === 'string' && !hasType(type, v)) return fail(path, `expected ${TYPE_WORDS[type]}, got ${show(v)}`);
    if (Array.isArray(values) && !values.includes(v)) return fail(path, `${show(v)} is not one of ${values.join(', ')}`);
    if (typeof v === 'string') {
      const length = Math.ceil(v.length / 2) >= min && v.length <= max ? v.length : [...v].length;
      if (length < min) fail(path, min === 1 ? 'expected a non-empty string' : `expected at least ${min} characters, got ${length}`);
      if (length > max) fail(path, `expected at most ${max} characters, got ${length}`);
      if (re && !re.test(v)) fail(path, `${show(v)} does not match ${pattern}`);
    } else if (typeof v === 'number') {
      if (typeof minimum === 'number' && v < minimum) fail(path, `${v} is below the minimum ${minimum}`);
      if (typeof maximum === 'number' && v > maximum) fail(path, `${v} is above the maximum ${maximum}`);
    } else if (Array.isArray(v)) {
      if (typeof minItems === 'number' && v.length < minItems) fail(path, `expected at least ${minItems} items, got ${v.length}`);
      if (typeof maxItems === 'number' && v.length > maxItems) fail(path, `expected at most ${maxItems} items, got ${v.length}`);
      if (node.uniqueItems === true) {
        const seen = new Map<string, number>();
        v.forEach((item, i) => {
          const key = JSON.stringify(item);
          const first = seen.get(key);
          if (first === undefined) seen.set(key, i);
          else fail(at(path, i), `${show(item)} repeats ${joinPath(text(path), first)}`);
        });
      }
      if (isObject(items)) {
        const each = checkOf(items);
        v.forEach((item, i) => each(item, at(path, i), fail));
      }
    } else if (isObject(v)) {
      // A property set to undefined counts as absent, as in JSON (TypeScript callers write `data: undefined`).
      for (const k of (required ?? []) as string[]) if (v[k] === undefined) fail(at(path, k), 'missing (required)');
      for (const [k, value] of Object.entries(v)) {
        if (value === undefined) continue;
        if (isObject(props[k])) checkOf(props[k] as Node)(value, at(path, k), fail);
        else if (extra === false) fail(at(path, k), `unknown property (expected ${Object.keys(props).join(', ')})`);
        else if (isObject(extra)) checkOf(extra)(value, at(path, k), fail);
      }
    }
  };
}

/**
 * Structural problems of `value` against the scenario schema, or against one of its `$defs`
 * (e.g. "dataSet"), with paths starting at `path`.
 */
export function schemaProblems(value: unknown, def?: string, path = ''): string[] {
  const problems: string[] = [];
  const node = def === undefined ? ROOT : resolveRef(`#/$defs/${def}`);
  checkOf(node)(value, path, (p, m) => problems.push(`${text(p) || 'scenario'}: ${m}`));
  return problems;
}

const pathOf = (problem: string) => problem.slice(0, problem.indexOf(': '));

/** `path` and each path it lies within (`a.b[2].c` → `a.b[2].c`, `a.b[2]`, `a.b`, `a`). */
function enclosing(path: string): string[] {
  const out = [path];
  for (let i = path.length - 1; i > 0; i--) if (path[i] === '.' || path[i] === '[') out.push(path.slice(0, i));
  return out;
}

/**
 * Merge the grid core's problems into the structural ones without saying the same thing twice:
 * at the same place the structural message wins; a board message that is more precise (a cell
 * `map[y][x]` instead of the row `map[y]`) replaces the structural one. Sets of paths: linear in
 * the problems (a board with a fault in every figure has thousands).
 */
function merge(structural: string[], covered: Set<string>, board: string[]): string[] {
  const keptBoard = board.filter((b) => !covered.has(pathOf(b)));
  // Paths that a kept board problem lies strictly within.
  const refined = new Set(keptBoard.flatMap((b) => enclosing(pathOf(b)).slice(1)));
  const keptStructural = structural.filter((s) => !refined.has(pathOf(s)));
  return [...keptStructural, ...keptBoard];
}

/**
 * Resolve `data` (names via the registry, inline sets as given) and report unknown names,
 * sets of another ruleset and sets whose kind is not their role.
 */
function collectData(scenario: Node, checkShape: boolean, fail: Fail, problems: string[]): Record<string, DataSet> {
  const out: Record<string, DataSet> = {};
  if (!isObject(scenario.data)) return out;
  for (const [role, ref] of Object.entries(scenario.data)) {
    const path = joinPath('data', role);
    let set: DataSet | undefined;
    if (typeof ref === 'string') {
      set = getDataSet(ref);
      if (!set) fail(path, `unknown data set ${JSON.stringify(ref)} (known: ${listDataSets().join(', ')})`);
    } else if (isObject(ref)) {
      // validateScenario has already reported the shape (the schema covers inline sets).
      const shape = schemaProblems(ref, 'dataSet', path);
      if (checkShape) problems.push(...shape);
      if (!shape.length) set = ref as unknown as DataSet;
    }
    if (!set) continue;
    const before = problems.length;
    if (RULESETS.includes(scenario.ruleset as never) && set.ruleset !== scenario.ruleset) {
      fail(path, `data set ${JSON.stringify(set.name)} is for ${set.ruleset}, not ${scenario.ruleset}`);
    }
    if (set.kind !== role) fail(path, `data set ${JSON.stringify(set.name)} holds ${set.kind}, not ${role}`);
    if (problems.length === before) out[role] = set;
  }
  return out;
}

/**
 * The data sets a scenario uses, by role: bundled ones looked up by name, inline ones checked for
 * shape. Throws ScenarioError (paths `data.<role>...`) when one is unknown, malformed, of another
 * ruleset or of another kind than its role.
 */
export function resolveData(scenario: Scenario): Record<string, DataSet> {
  const problems: string[] = [];
  const sets = collectData(scenario as unknown as Node, true, (p, m) => problems.push(`${p}: ${m}`), problems);
  if (problems.length) throw new ScenarioError(problems);
  return sets;
}

/** w and h of a figure: its own, else the unit's `size`, else 1. Invalid values pass through to be reported. */
function footprint(f: Node, units: DataSet | undefined): { w: unknown; h: unknown } {
  const entry = typeof f.type === 'string' && units ? units.entries[f.type] : undefined;
  const size = entry?.size;
  return { w: 'w' in f ? f.w : (size?.[0] ?? 1), h: 'h' in f ? f.h : (size?.[1] ?? 1) };
}

/**
 * The grid core's problems for the board part (structurally bad edges and figures are left out), or
 * the board it built when there are none.
 */
function boardProblems(s: Node, figures: unknown[], structural: string[], covered: Set<string>): string[] | BoardData {
  // A left-out item becomes null: indices (and so paths) stay those of the scenario, and the
  // core's "expected an object" for it is dropped by `merge` under the structural problem.
  // By sets of paths: a board with a fault in each of its 600 figures has 600 problems.
  const exact = new Set(structural.map(pathOf));
  // Without structural problems nothing is left out (and no path is built per edge and figure).
  const bad = (path: string, keys: string[]) => exact.has(path) || keys.some((k) => covered.has(`${path}.${k}`));
  const edges = !Array.isArray(s.edges) ? [] : covered.size === 0 ? s.edges : s.edges.map((e, i) => (bad(`edges[${i}]`, ['from', 'to', 'kind']) ? null : e));
  const board = {
    ruleset: s.ruleset,
    map: s.map,
    edges: edges as EdgeInput[],
    figures: figures.map((f, i) => {
      if (!isObject(f) || (covered.size > 0 && bad(`figures[${i}]`, ['id', 'side', 'x', 'y', 'w', 'h']))) return null;
      return { id: f.id, side: f.side, x: f.x, y: f.y, w: f.w, h: f.h };
    }) as unknown as FigureInput[],
  } as BoardInput;
  try {
    return parseBoard(board);
  } catch (e) {
    if (e instanceof BoardError) return e.problems;
    throw e;
  }
}

/**
 * Validate a scenario (typically parsed JSON) and return a normalised copy in which every figure
 * has its w and h (from the unit data when the figure omits them). Throws ScenarioError listing
 * every problem at once.
 */
export function validateScenario(input: unknown): Scenario {
  const structural = schemaProblems(input);
  if (!isObject(input)) throw new ScenarioError(structural);
  const semantic: string[] = [];
  const fail: Fail = (p, m) => semantic.push(`${p}: ${m}`);
  const sets = collectData(input, false, fail, semantic);
  const units = sets.units;

  const rawFigures = Array.isArray(input.figures) ? input.figures : [];
  const figures = rawFigures.map((f) => (isObject(f) ? { ...f, ...footprint(f, units) } : f));
  // Paths that a structural problem lies at or within.
  const covered = new Set(structural.flatMap((p) => enclosing(pathOf(p))));
  const checked = boardProblems(input, figures, structural, covered);
  const board = Array.isArray(checked) ? checked : [];

  const sides = Array.isArray(input.sides) ? input.sides.filter((x): x is string => typeof x === 'string') : [];
  const checkSide = (path: string, side: unknown) => {
    if (typeof side === 'string' && side !== '' && sides.length && !sides.includes(side)) {
      fail(path, `${JSON.stringify(side)} is not one of sides (${sides.join(', ')})`);
    }
  };
  rawFigures.forEach((f, i) => {
    if (!isObject(f)) return;
    checkSide(`figures[${i}].side`, f.side);
    if (units && typeof f.type === 'string' && f.type !== '' && !Object.hasOwn(units.entries, f.type)) {
      fail(`figures[${i}].type`, `unknown unit ${JSON.stringify(f.type)} in data set ${JSON.stringify(units.name)}`);
    }
  });
  if (Array.isArray(input.objectives)) input.objectives.forEach((o, i) => isObject(o) && checkSide(`objectives[${i}].side`, o.side));
  if (Array.isArray(input.edges)) {
    input.edges.forEach((e, i) => {
      if (isObject(e) && e.key !== undefined && e.kind !== 'door') fail(`edges[${i}].key`, 'only a door can need a key');
    });
  }
  const areaFigures = placeProblems(input, units, checkSide, fail);
  checkSteps(input.steps, fail);

  const problems = [...merge(structural, covered, board), ...semantic];
  if (problems.length) throw new ScenarioError(problems);
  // One clone with the normalised figures in the input's place (a clone per figure cost a few ms
  // on a board of 600).
  const scenario = structuredClone({ ...input, figures }) as unknown as Scenario;
  scenario.areas?.forEach((a, i) => {
    if (a.figures) a.figures = areaFigures[i] as unknown as ScenarioFigure[];
  });
  if (!Array.isArray(checked)) boards.set(scenario, checked);
  return scenario;
}

/** The grid core's board of each scenario `validateScenario` returned, as its check built it. */
const boards = new WeakMap<Scenario, BoardData>();

/**
 * The board the grid core built while `validateScenario` checked `scenario` (this very object, as
 * returned; figures without `teleports`), so that a caller need not parse the same map again (a
 * 201×201 map costs about 10 ms). Undefined for any other object. Shared: wrap it with
 * `Board.fromData`, which copies before it changes anything, and do not change it in place.
 */
export function validatedBoard(scenario: Scenario): BoardData | undefined {
  return boards.get(scenario);
}

const onMap = (map: unknown, x: number, y: number): boolean =>
  Array.isArray(map) && typeof map[y] === 'string' && x < (map[y] as string).length && (map[y] as string)[x] !== ' ';

/**
 * Tokens and areas: every token on a map cell, areas on the map, an area's figures and tokens
 * inside it, names unique. Returns each area's figures with their footprint filled in.
 */
function placeProblems(s: Node, units: DataSet | undefined, checkSide: (path: string, side: unknown) => void, fail: Fail): unknown[][] {
  const tokenIds = new Map<string, string>();
  const figureIds = new Map<string, string>();
  if (Array.isArray(s.figures)) s.figures.forEach((f, i) => isObject(f) && typeof f.id === 'string' && figureIds.set(f.id, `figures[${i}]`));
  const checkToken = (t: unknown, path: string, inside: (x: number, y: number) => boolean) => {
    if (!isObject(t) || !Number.isInteger(t.x) || !Number.isInteger(t.y)) return;
    const [x, y] = [t.x as number, t.y as number];
    if (!onMap(s.map, x, y)) fail(path, `(${x},${y}) is not a cell of the map`);
    else if (!inside(x, y)) fail(path, `(${x},${y}) is outside its area`);
    if (typeof t.id === 'string') {
      const first = tokenIds.get(t.id);
      if (first) fail(`${path}.id`, `${JSON.stringify(t.id)} repeats ${first}`);
      else tokenIds.set(t.id, path);
    }
  };
  if (Array.isArray(s.tokens)) s.tokens.forEach((t, i) => checkToken(t, `tokens[${i}]`, () => true));
  if (!Array.isArray(s.areas)) return [];
  const areaIds = new Map<string, string>();
  return s.areas.map((a, i) => {
    const path = `areas[${i}]`;
    if (!isObject(a)) return [];
    if (typeof a.id === 'string') {
      const first = areaIds.get(a.id);
      if (first) fail(`${path}.id`, `${JSON.stringify(a.id)} repeats ${first}`);
      else areaIds.set(a.id, path);
    }
    const rects = (Array.isArray(a.cells) ? a.cells : []).filter((r): r is number[] => Array.isArray(r) && r.length === 4 && r.every(Number.isInteger));
    rects.forEach(([x, y, w, h], k) => {
      for (let yy = y; yy < y + h; yy++) {
        for (let xx = x; xx < x + w; xx++) {
          if (!onMap(s.map, xx, yy)) return fail(`${path}.cells[${k}]`, `cell (${xx},${yy}) is not on the map`);
        }
      }
    });
    const inside = (x: number, y: number) => rects.some(([rx, ry, w, h]) => x >= rx && x < rx + w && y >= ry && y < ry + h);
    if (Array.isArray(a.tokens)) a.tokens.forEach((t, k) => checkToken(t, `${path}.tokens[${k}]`, inside));
    const figures = Array.isArray(a.figures) ? a.figures.map((f) => (isObject(f) ? { ...f, ...footprint(f, units) } : f)) : [];
    figures.forEach((f, k) => {
      const fp = `${path}.figures[${k}]`;
      if (!isObject(f)) return;
      checkSide(`${fp}.side`, f.side);
      if (units && typeof f.type === 'string' && f.type !== '' && !Object.hasOwn(units.entries, f.type)) {
        fail(`${fp}.type`, `unknown unit ${JSON.stringify(f.type)} in data set ${JSON.stringify(units.name)}`);
      }
      if (typeof f.id === 'string') {
        const first = figureIds.get(f.id);
        if (first) fail(`${fp}.id`, `${JSON.stringify(f.id)} repeats ${first}`);
        else figureIds.set(f.id, fp);
      }
      const [x, y, w, h] = [f.x, f.y, f.w, f.h];
      if (![x, y, w, h].every(Number.isInteger)) return;
      for (let yy = y as number; yy < (y as number) + (h as number); yy++) {
        for (let xx = x as number; xx < (x as number) + (w as number); xx++) {
          if (!inside(xx, yy)) return fail(fp, `cell (${xx},${yy}) of the figure is outside the area`);
        }
      }
    });
    return figures;
  });
}

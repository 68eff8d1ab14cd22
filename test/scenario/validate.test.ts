import { fileURLToPath } from 'node:url';
/**
 * Scenario validation: bundled scenarios are valid, bad input gets every problem named with its
 * JSON path, and the bundled data sets say honestly where their numbers come from.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MAP_CHARS } from '../../src/core/board-input.ts';
import { getDataSet, listDataSets } from '../../src/data/index.ts';
import { resolveData, ScenarioError, scenarioWarnings, schemaProblems, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { assertSupported, sameForRuns } from '../../src/scenario/validate.ts';

const ROOT = join(import.meta.dirname, '../..');
const BUNDLED_DIR = join(ROOT, 'src/scenario/bundled');
const DATA_DIR = join(ROOT, 'src/data');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

function problems(input: unknown): string[] {
  try {
    validateScenario(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as ScenarioError).problems;
  }
  throw new Error('expected a ScenarioError');
}

/** A small valid d20 scenario; tests break one thing at a time. */
const base = (): Scenario & Record<string, unknown> => ({
  ruleset: 'd20',
  map: ['..........', '..........', '....l.....', '..........'],
  edges: [{ from: [5, 0], to: [5, 2], kind: 'wall' }],
  figures: [
    { id: 'a', side: 'empire', type: 'trooper', x: 0, y: 0 },
    { id: 'b', side: 'empire', type: 'officer', x: 1, y: 0 },
    { id: 'c', side: 'alliance', type: 'scout', x: 9, y: 3 },
    { id: 'd', side: 'alliance', type: 'beast', x: 7, y: 0 },
  ],
  sides: ['empire', 'alliance'],
  data: { units: 'd20/sample-units' },
  objectives: [{ kind: 'eliminate', side: 'empire' }, { kind: 'eliminate', side: 'alliance' }],
  seed: 7,
});

describe('bundled scenarios', () => {
  const files = readdirSync(BUNDLED_DIR).filter((f) => f.endsWith('.json'));
  test('there are the three skirmish / tutorial scenarios and the rulebook examples', () => {
    expect(files.sort()).toEqual([
      'd20-skirmish.json', 'doom2004-skirmish.json', 'doom2016-tutorial.json',
      'rulebook-doom2004-los.json', 'rulebook-doom2004-pistol.json',
      'rulebook-doom2016-attack.json', 'rulebook-doom2016-cover.json', 'rulebook-doom2016-movement.json',
    ]);
  });
  test.each(files)('%s satisfies the schema and validates', (file) => {
    const json = readJson(join(BUNDLED_DIR, file));
    expect(schemaProblems(json)).toEqual([]);
    const scenario = validateScenario(json);
    for (const f of scenario.figures) expect([f.w, f.h]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(Object.keys(resolveData(scenario)).length).toBeGreaterThan(0);
  });
  test('the d20 skirmish has two sides of 3–5 characters and a 2×2 beast sized from the unit data', () => {
    const s = validateScenario(readJson(join(BUNDLED_DIR, 'd20-skirmish.json')));
    for (const side of s.sides) expect(s.figures.filter((f) => f.side === side).length).toBeGreaterThanOrEqual(3);
    expect(s.figures.find((f) => f.type === 'beast')).toMatchObject({ w: 2, h: 2 });
    expect(s.objectives?.map((o) => o.kind)).toEqual(['eliminate', 'eliminate']);
  });
  test('the tutorial says it is an approximation', () => {
    const s = validateScenario(readJson(join(BUNDLED_DIR, 'doom2016-tutorial.json')));
    expect(s.notes).toMatch(/APPROXIMATION/);
  });
});

describe('the schema file', () => {
  const schema = readJson(join(ROOT, 'src/scenario/scenario.schema.json')) as Record<string, any>;
  test('is JSON Schema draft 2020-12 with a closed top level', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.$defs.figure.additionalProperties).toBe(false);
    expect(schema.$defs.edge.additionalProperties).toBe(false);
  });
  test('every property and definition has a description', () => {
    const missing: string[] = [];
    const walk = (node: Record<string, any>, at: string) => {
      for (const [k, v] of Object.entries<Record<string, any>>(node.properties ?? {})) {
        if (typeof v.description !== 'string') missing.push(`${at}/properties/${k}`);
        walk(v, `${at}/properties/${k}`);
      }
      for (const [k, v] of Object.entries<Record<string, any>>(node.$defs ?? {})) {
        if (typeof v.description !== 'string') missing.push(`${at}/$defs/${k}`);
        walk(v, `${at}/$defs/${k}`);
      }
      if (node.items) walk(node.items, `${at}/items`);
      if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${at}/additionalProperties`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });
  test('covers every property of the Scenario type', () => {
    expect(Object.keys(schema.properties).sort()).toEqual(
      ['areas', 'data', 'edges', 'figures', 'map', 'mission', 'notes', 'objectives', 'ruleset', 'seed', 'sides', 'steps', 'title', 'tokens'],
    );
  });
  test('allows exactly the map characters of the grid core', () => {
    const cls = /^\^\[(.*)\]\*\$$/.exec(schema.properties.map.items.pattern)![1];
    expect([...cls].sort()).toEqual(Object.keys(MAP_CHARS).sort());
  });
});

describe('tokens, areas and door keys', () => {
  const withPlaces = () => ({
    ...base(),
    tokens: [{ kind: 'medkit', x: 2, y: 1 }, { id: 'key-red', kind: 'key', color: 'red', x: 3, y: 3 }],
    areas: [{
      id: 'east', cells: [[6, 0, 4, 4]] as [number, number, number, number][],
      figures: [{ id: 'e', side: 'alliance', type: 'beast', x: 6, y: 2 }],
      tokens: [{ kind: 'ammo', x: 9, y: 0 }],
    }],
  });
  test('a valid scenario keeps them, with area figures sized from the unit data', () => {
    const s = validateScenario(withPlaces());
    expect(s.tokens).toHaveLength(2);
    expect(s.areas![0].figures![0]).toMatchObject({ id: 'e', w: 2, h: 2 });
  });
  test('a token off the map, an area figure outside its area, repeated ids', () => {
    const s = withPlaces();
    s.tokens[0].x = 10;
    s.tokens.push({ id: 'key-red', kind: 'key', color: 'blue', x: 0, y: 3 });
    s.areas[0].figures[0].x = 5;
    s.areas[0].figures.push({ id: 'a', side: 'alliance', type: 'scout', x: 8, y: 3 });
    s.areas[0].tokens[0].x = 1;
    expect(problems(s)).toEqual([
      'tokens[0]: (10,1) is not a cell of the map',
      'tokens[2].id: "key-red" repeats tokens[1]',
      'areas[0].tokens[0]: (1,0) is outside its area',
      'areas[0].figures[0]: cell (5,2) of the figure is outside the area',
      'areas[0].figures[1].id: "a" repeats figures[0]',
    ]);
  });
  test('an area off the map and a key on a wall', () => {
    const s = withPlaces();
    s.areas[0].cells = [[8, 0, 3, 1]];
    s.areas[0].figures = [];
    s.areas[0].tokens = [];
    (s.edges![0] as unknown as Record<string, unknown>).key = 'red';
    expect(problems(s)).toEqual([
      'edges[0].key: only a door can need a key',
      'areas[0].cells[0]: cell (10,0) is not on the map',
    ]);
  });
});

describe('bad scenarios get every problem with its JSON path', () => {
  test('not an object', () => expect(problems(42)).toEqual(['scenario: expected an object, got 42']));
  test('figure outside the map', () => {
    const s = base();
    s.figures[2].x = 41;
    expect(problems(s)).toEqual(['figures[2].x: footprint 1×1 at (41,3) is outside the 10×4 map']);
  });
  test('figure pushed off the map by its unit size', () => {
    const s = base();
    s.figures[3].x = 9; // a 2×2 beast
    expect(problems(s)).toEqual(['figures[3].x: footprint 2×2 at (9,0) is outside the 10×4 map']);
  });
  test('unknown unit type', () => {
    const s = base();
    s.figures[1].type = 'cacodaemon';
    expect(problems(s)).toEqual(['figures[1].type: unknown unit "cacodaemon" in data set "d20/sample-units"']);
  });
  test('side not in sides', () => {
    const s = base();
    s.figures[2].side = 'rebels';
    s.objectives![0].side = 'sith';
    expect(problems(s)).toEqual([
      'figures[2].side: "rebels" is not one of sides (empire, alliance)',
      'objectives[0].side: "sith" is not one of sides (empire, alliance)',
    ]);
  });
  test('bad edge kind (including the core-only "none")', () => {
    const s = base();
    s.edges = [{ from: [5, 0], to: [5, 2], kind: 'lava' as 'wall' }, { from: [0, 1], to: [2, 1], kind: 'none' as 'wall' }];
    expect(problems(s)).toEqual([
      'edges[0].kind: "lava" is not one of wall, door, blocking, impassable',
      'edges[1].kind: "none" is not one of wall, door, blocking, impassable',
    ]);
  });
  test('unknown map character is named by cell', () => {
    const s = base();
    s.map[1] = '...?......';
    expect(problems(s)).toEqual(['map[1][3]: unknown cell character "?"']);
  });
  test('a figure may carry a display name (shown on the board and in explanations); an empty one is refused', () => {
    const s = base();
    s.figures[0] = { ...s.figures[0], name: 'Sergeant Kowalski' };
    expect(validateScenario(s).figures[0].name).toBe('Sergeant Kowalski');
    s.figures[0] = { ...s.figures[0], name: '' };
    expect(problems(s)).toEqual(['figures[0].name: expected a non-empty string']);
  });
  test('a ragged map row is a warning naming the row (the board still loads, the short row ending off the map)', () => {
    const s = base();
    s.map = [...s.map.slice(0, 2), s.map[2].slice(0, 7), s.map[3]];
    expect(() => validateScenario(s)).not.toThrow();
    expect(scenarioWarnings(s)).toEqual([`map[2]: 7 characters where the widest row has ${s.map[0].length}; its last ${s.map[0].length - 7} cells are off the map`]);
    expect(scenarioWarnings(base())).toEqual([]);
  });
  test('wrong seed type and range', () => {
    expect(problems({ ...base(), seed: '7' })).toEqual(['seed: expected an integer, got "7"']);
    expect(problems({ ...base(), seed: 1.5 })).toEqual(['seed: expected an integer, got 1.5']);
    expect(problems({ ...base(), seed: 2 ** 32 })).toEqual(['seed: 4294967296 is above the maximum 4294967295']);
    expect(problems({ ...base(), seed: -1 })).toEqual(['seed: -1 is below the minimum 0']);
  });
  test('extra properties at the top level, in figures and in edges', () => {
    const s = base();
    s.colour = 'red';
    (s.figures[0] as unknown as Record<string, unknown>).teleports = true;
    (s.edges![0] as unknown as Record<string, unknown>).open = false;
    expect(problems(s)).toEqual([
      'edges[0].open: unknown property (expected from, to, kind, key)',
      'figures[0].teleports: unknown property (expected id, name, side, type, x, y, w, h, state)',
      'colour: unknown property (expected ruleset, title, notes, map, edges, figures, tokens, areas, sides, data, objectives, mission, seed, steps)',
    ]);
  });
  test('missing required fields', () => {
    const { sides: _sides, ...s } = base();
    const f = s.figures[0] as unknown as Record<string, unknown>;
    delete f.type;
    delete f.x;
    expect(problems(s)).toEqual(['sides: missing (required)', 'figures[0].type: missing (required)', 'figures[0].x: missing (required)']);
  });
  test('sides: at least two, unique, non-empty', () => {
    expect(problems({ ...base(), sides: ['empire'] })).toEqual([
      'sides: expected at least 2 items, got 1',
      'figures[2].side: "alliance" is not one of sides (empire)',
      'figures[3].side: "alliance" is not one of sides (empire)',
      'objectives[1].side: "alliance" is not one of sides (empire)',
    ]);
    expect(problems({ ...base(), sides: ['empire', 'alliance', 'empire', ''] })).toEqual([
      'sides[2]: "empire" repeats sides[0]',
      'sides[3]: expected a non-empty string',
    ]);
  });
  test('map size limits and row types', () => {
    expect(problems({ ...base(), map: [] })).toEqual(['map: expected at least 1 items, got 0']);
    expect(problems({ ...base(), map: ['.'.repeat(257), ...base().map] })).toEqual(['map[0]: expected at most 256 characters, got 257']);
    expect(problems({ ...base(), map: ['..........', 3] })).toEqual(['map[1]: expected a string, got 3']);
  });
  test('string lengths count code points, as JSON Schema does (a surrogate pair is one character)', () => {
    const named = (name: string) => {
      const s = base();
      s.figures[0] = { ...s.figures[0], name };
      return s;
    };
    expect(validateScenario(named('👹'.repeat(60))).figures[0].name).toHaveLength(120); // 60 code points
    expect(problems(named('👹'.repeat(61)))).toEqual(['figures[0].name: expected at most 60 characters, got 61']);
    expect(problems(named('x'.repeat(61)))).toEqual(['figures[0].name: expected at most 60 characters, got 61']);
    expect(problems(named(''))).toEqual(['figures[0].name: expected a non-empty string']);
  });
  test('footprint, overlap and walls come from the grid core', () => {
    const s = base();
    s.figures[1] = { ...s.figures[1], x: 0 }; // onto "a"
    s.figures[3] = { ...s.figures[3], x: 4 }; // a 2×2 across the wall at x = 5
    expect(problems(s)).toEqual([
      'figures[1].x: cell (0,0) is already occupied by "a"',
      'figures[3].x: footprint crosses a wall between (4,0) and (5,0)',
    ]);
    const t = base();
    t.figures[0] = { ...t.figures[0], w: 4 };
    expect(problems(t)).toEqual(['figures[0].w: 4 is above the maximum 3']);
    const u = base();
    u.figures[1] = { ...u.figures[1], id: 'a' };
    expect(problems(u)).toEqual(['figures[1].id: duplicate id "a"']);
  });
  test('a structurally bad figure is reported once; the board still checks the others', () => {
    const s = base();
    s.figures[0] = { ...s.figures[0], x: -1 };
    s.figures[1] = { ...s.figures[1], x: 9, y: 3, extra: 1 } as typeof s.figures[1]; // onto "c"
    expect(problems(s)).toEqual([
      'figures[0].x: -1 is below the minimum 0',
      'figures[1].extra: unknown property (expected id, name, side, type, x, y, w, h, state)',
      'figures[2].x: cell (9,3) is already occupied by "b"',
    ]);
  });
  test('edge geometry comes from the grid core', () => {
    const s = base();
    s.edges = [{ from: [0, 0], to: [2, 2], kind: 'wall' }, { from: [0, 0], to: [11, 0], kind: 'door' }, { from: [1.5, 0], to: [1, 0], kind: 'wall' }];
    expect(problems(s)).toEqual([
      'edges[2].from[0]: expected an integer, got 1.5',
      'edges[0]: segment (0,0)–(2,2) is not horizontal or vertical',
      'edges[1].to: corner (11,0) is outside the 10×4 map',
    ]);
  });
  test('several problems at once', () => {
    const s = base();
    s.ruleset = 'chess' as 'd20';
    s.figures[0] = { ...s.figures[0], x: 99, side: 'rebels' };
    s.figures[1] = { ...s.figures[1], type: 'wookiee', state: [] as unknown as Record<string, unknown> };
    s.edges![0] = { ...s.edges![0], kind: 'lava' as 'wall' };
    s.map[0] = '.........X';
    s.seed = 'abc' as unknown as number;
    s.extra = 1;
    expect(problems(s)).toEqual([
      'ruleset: "chess" is not one of doom2016, doom2004, d20',
      'edges[0].kind: "lava" is not one of wall, door, blocking, impassable',
      'figures[1].state: expected an object, got an array',
      'seed: expected an integer, got "abc"',
      'extra: unknown property (expected ruleset, title, notes, map, edges, figures, tokens, areas, sides, data, objectives, mission, seed, steps)',
      'map[0][9]: unknown cell character "X"',
      'figures[0].x: footprint 1×1 at (99,0) is outside the 10×4 map',
      'figures[0].side: "rebels" is not one of sides (empire, alliance)',
      'figures[1].type: unknown unit "wookiee" in data set "d20/sample-units"',
    ]);
  });
  test('data sets: unknown name, wrong ruleset, wrong kind, bad inline shape', () => {
    expect(problems({ ...base(), data: { units: 'd20/nope' } })[0]).toMatch(/^data\.units: unknown data set "d20\/nope" \(known: d20\/sample-units, /);
    expect(problems({ ...base(), data: { units: 'doom2016/sample-units' } })).toEqual([
      'data.units: data set "doom2016/sample-units" is for doom2016, not d20',
    ]);
    expect(problems({ ...base(), data: { units: 'd20/sample-units', dice: 'd20/sample-units' } })).toEqual([
      'data.dice: data set "d20/sample-units" holds units, not dice',
    ]);
    expect(problems({ ...base(), data: { units: { name: 'mine', ruleset: 'd20', kind: 'units', entries: { x: { size: [4, 1] }, y: 3 } } } })).toEqual([
      'data.units.source: missing (required)',
      'data.units.entries.x.size[0]: 4 is above the maximum 3',
      'data.units.entries.y: expected an object, got 3',
    ]);
    expect(problems({ ...base(), data: { units: 7 } })).toEqual(['data.units: expected a string or an object, got 7']);
  });
});

describe('sizes and data resolution', () => {
  const inline = {
    name: 'my-units', ruleset: 'd20', kind: 'units', source: 'sample, not official',
    entries: { giant: { hp: 50, defense: 12, attack: 3, damage: 20, size: [3, 2], source: 'sample, not official' } },
  };
  test('a figure without w/h takes the unit size; its own w/h wins; 1×1 by default', () => {
    const s = base();
    s.data = { units: inline };
    s.figures = [
      { id: 'g', side: 'empire', type: 'giant', x: 0, y: 0 },
      { id: 'h', side: 'alliance', type: 'giant', x: 6, y: 2, w: 2 },
    ];
    const v = validateScenario(s);
    expect(v.figures.map((f) => [f.w, f.h])).toEqual([[3, 2], [2, 2]]);
    expect(s.figures[0].w).toBeUndefined(); // the input is not changed
    expect(validateScenario({ ...base(), data: undefined }).figures.map((f) => [f.w, f.h])).toEqual([[1, 1], [1, 1], [1, 1], [1, 1]]);
  });
  test('resolveData returns the registry set by name, and inline sets as given', () => {
    expect(resolveData(base()).units).toBe(getDataSet('d20/sample-units'));
    expect(resolveData({ ...base(), data: { units: inline } }).units).toBe(inline);
    expect(resolveData({ ...base(), data: undefined })).toEqual({});
  });
  test('resolveData reports bad inline sets by path', () => {
    const bad = { ...base(), data: { units: { ...inline, ruleset: 'doom2004', entries: [] } } } as unknown as Scenario;
    expect(() => resolveData(bad)).toThrow(ScenarioError);
    try {
      resolveData(bad);
    } catch (e) {
      expect((e as ScenarioError).problems).toEqual(['data.units.entries: expected an object, got an array']);
    }
  });
  test('the registry lists every data file, under its own name, frozen', () => {
    const files = jsonFiles(DATA_DIR).map((p) => relative(DATA_DIR, p).replace(/\.json$/, '')).sort();
    expect(listDataSets()).toEqual(files);
    for (const name of files) expect(getDataSet(name)!.name).toBe(name);
    expect(Object.isFrozen(getDataSet('d20/sample-units')!.entries.trooper)).toBe(true);
  });
});

/**
 * RULES.md §6 as of this writing: the only public component facts. A `source` citing it must quote
 * it word for word. (RULES.md lives outside the repository; when it is at hand the copy is checked.)
 */
const RULES_6 = `doom2004: pistol = 1 yellow + 1 green; zombie = 1 red + 1 blue; mancubus = 1 yellow + 1 blue + 1 green;
demon armor 3, footprint 2 spaces; mancubus, hell knight, cyberdemon 2×2. Faces seen: yellow has a face
range 2 / damage 2 and a miss face; green has range 2 / damage 1; red has range 0 / damage 4 with ammo icon.
Marine start: 1 marine 4 ammo/10 wounds/2 armor; 2 marines 3/9/2; 3 marines 2/8/2. Speed 4.
doom2016: 4 red and 2 black dice, each face up to three damage icons; hand size 3; medkit heals 5;
glory kill heals 2. Imp: charged fireball (argent: +2 range, +1 red die), hit and run (after attacking gain 2 MP).`;
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
// shared/ sits beside the repository (here and in CI).
const RULES_PATH = fileURLToPath(new URL('../../../shared/RULES.md', import.meta.url));
/** The rulebook texts a source may quote as `rulebook seeds/004 (“…”)`; checked when at hand. */
const SEEDS_DIR = fileURLToPath(new URL('../../../shared/seeds/', import.meta.url));
const seedText = (id: string): string | null => {
  if (!existsSync(SEEDS_DIR)) return null;
  const file = readdirSync(SEEDS_DIR).find((f) => f.startsWith(`${id}_`));
  return file ? flat(readFileSync(join(SEEDS_DIR, file), 'utf8')) : null;
};

describe('data sets say where their numbers come from', () => {
  const sets = jsonFiles(DATA_DIR).map((p) => ({ file: relative(DATA_DIR, p), json: readJson(p) as Record<string, any> }));
  const hasNumber = (v: unknown): boolean =>
    typeof v === 'number' || (typeof v === 'object' && v !== null && Object.values(v).some(hasNumber));
  const sources = (v: unknown, at: string, out: [string, string][] = []): [string, string][] => {
    if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'source') out.push([at, x as string]);
        else sources(x, `${at}.${k}`, out);
      }
    }
    return out;
  };

  test.skipIf(!existsSync(RULES_PATH))('the quoted RULES.md §6 is current', () => {
    expect(flat(readFileSync(RULES_PATH, 'utf8'))).toContain(flat(RULES_6));
  });
  test.each(sets)('$file has the data-set shape', ({ json }) => {
    expect(schemaProblems(json, 'dataSet')).toEqual([]);
  });
  test.each(sets)('$file: every entry with numbers has a source', ({ json }) => {
    const missing = Object.entries<unknown>(json.entries).filter(([, e]) => hasNumber(e) && typeof (e as any).source !== 'string');
    expect(missing.map(([k]) => k)).toEqual([]);
  });
  test.each(sets)('$file: every source is "sample, not official" or quotes RULES.md §6 or a rulebook text word for word', ({ json }) => {
    const all = sources(json, json.name);
    expect(all.length).toBeGreaterThan(0);
    for (const [at, source] of all) {
      const seed = /^rulebook seeds\/(\d{3}) \(“/.exec(source);
      const ok = source === 'sample, not official' || source.startsWith('RULES.md §6 (“') || seed !== null;
      expect(ok, `${at}: ${source}`).toBe(true);
      const text = seed ? seedText(seed[1]) : flat(RULES_6);
      if (text === null) continue; // the rulebook texts are not beside this checkout
      for (const [, quote] of source.matchAll(/“([^”]*)”/g)) expect(text, `${at}: ${quote}`).toContain(flat(quote));
    }
  });
  test.each(sets)('$file never calls numbers official', ({ file }) => {
    const text = readFileSync(join(DATA_DIR, file), 'utf8');
    expect(text.replace(/not official/g, '')).not.toMatch(/official/i);
  });
});

describe('the schema interpreter', () => {
  test('supports every keyword the scenario schema uses, and its anyOf branches differ by type', () => {
    expect(() => assertSupported()).not.toThrow();
    expect(() => assertSupported({ type: 'object', properties: { a: { type: 'string', format: 'uri' } } })).toThrow(/unsupported keyword format at #\/0/);
    expect(() => assertSupported({ anyOf: [{ type: 'string' }, { type: 'string', minLength: 2 }] })).toThrow(/distinct "type"/);
  });
});

describe('large boards (issue 41)', () => {
  test('a fault in each of 400 figures is reported once each, in order, and the core adds nothing for them', () => {
    const s = base();
    s.map = Array.from({ length: 4 }, () => '.'.repeat(200));
    s.edges = [];
    s.figures = Array.from({ length: 400 }, (_, i) => ({ id: `f${i}`, side: 'empire', type: 'trooper', x: i % 2 ? -1 : 300, y: 0 }));
    expect(problems(s)).toEqual(s.figures.map((f, i) => (i % 2 ? `figures[${i}].x: -1 is below the minimum 0` : `figures[${i}].x: 300 is above the maximum 255`)));
  });
  test('the validated scenario shares no object with the input: a figure\'s state is a copy', () => {
    const s = base();
    s.figures[0] = { ...s.figures[0], state: { wounds: 1 } } as typeof s.figures[0];
    const v = validateScenario(s);
    expect((v.figures[0] as { state?: unknown }).state).toEqual({ wounds: 1 });
    expect((v.figures[0] as { state?: unknown }).state).not.toBe((s.figures[0] as { state?: unknown }).state);
    expect(v.figures).not.toBe(s.figures);
    expect(v.map).not.toBe(s.map);
  });
});

describe('many alike problems', () => {
  const problemsOf = (input: unknown): string[] => {
    try {
      validateScenario(input as Scenario);
    } catch (e) {
      if (e instanceof ScenarioError) return e.problems;
      throw e;
    }
    throw new Error('accepted');
  };

  test('a 300×300 map names its rows too wide once, with the rows it holds for', () => {
    const map = Array.from({ length: 300 }, () => '.'.repeat(300));
    const problems = problemsOf({ ruleset: 'doom2016', map, figures: [{ id: 'a', side: 'marines', type: 'marine', x: 0, y: 0 }], sides: ['marines', 'invader'] });
    expect(problems).toContain('map: expected at most 256 items, got 300');
    expect(problems).toContain('map[0]: expected at most 256 characters, got 300 — the same for map[1] … map[299]');
    expect(problems.length).toBeLessThan(5);
  });

  test('two alike stay two, and a run breaks where the message or the index sequence does', () => {
    expect(sameForRuns(['a[0].x: missing', 'a[1].x: missing'])).toEqual(['a[0].x: missing', 'a[1].x: missing']);
    expect(sameForRuns(['a[0].x: missing', 'a[1].x: missing', 'a[2].x: missing', 'a[4].x: missing', 'b: bad'])).toEqual([
      'a[0].x: missing — the same for a[1] … a[2]',
      'a[4].x: missing',
      'b: bad',
    ]);
    expect(sameForRuns(['a[0]: x', 'a[1]: y', 'a[2]: x'])).toEqual(['a[0]: x', 'a[1]: y', 'a[2]: x']);
  });
});

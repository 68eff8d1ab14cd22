/**
 * A doom2004 game's first state from a validated scenario (RULES §3, §6): the figures with their
 * starting wounds, armor and ammo, the tokens, doors, ducts and areas, and the rules' data.
 * `setupProblems` names everything that would stop a game from starting, before anything is built.
 */
import { parseBoard } from '../../core/board-input.ts';
import { EdgeKind } from '../../core/types.ts';
import type { DataSet } from '../../data/index.ts';
import type { Scenario, ScenarioFigure, ScenarioToken } from '../../scenario/types.ts';
import { ScenarioError } from '../../scenario/validate.ts';
import { seedRng } from '../rng.ts';
import {
  dataOf,
  pack,
  STANDARD_WEAPONS,
  TOKEN_KINDS,
  type D4Area,
  type D4Attack,
  type D4Data,
  type D4Die,
  type D4Door,
  type D4Figure,
  type D4MarineStart,
  type D4State,
  type D4Token,
  type D4Unit,
} from './state.ts';

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/**
 * The data entries without their citations and names: the state carries only what the rules read
 * (it is copied on every command; the data sets keep the sources).
 */
function rulesOnly<T>(entries: Record<string, T>): Record<string, T> {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'source' && k !== 'name' && k !== 'notes').map(([k, x]) => [k, strip(x)]));
  };
  return strip(entries) as Record<string, T>;
}

/** The marine start line for `n` marines; above the data's largest party, the largest (Ruling). */
function marineStart(table: Record<string, D4MarineStart>, n: number): D4MarineStart {
  const rows = Object.values(table).sort((a, b) => a.marines - b.marines);
  if (!rows.length) throw new Error('createGame: the marineStart data set is empty');
  return rows.find((r) => r.marines === n) ?? (n > rows[rows.length - 1].marines ? rows[rows.length - 1] : rows[0]);
}

function makeFigure(f: ScenarioFigure, units: Record<string, D4Unit>, start: D4MarineStart | null): D4Figure {
  const u = units[f.type];
  if (!u) throw new Error(`figures: unknown unit type ${JSON.stringify(f.type)}`);
  const st = f.state ?? {};
  const [w, h] = [f.w ?? u.size?.[0] ?? 1, f.h ?? u.size?.[1] ?? 1];
  const base = { id: f.id, side: f.side, type: f.type, x: f.x, y: f.y, w, h, order: null, adrenaline: 0, berserk: 0 };
  if (u.marine) {
    if (!start) throw new Error('createGame: marines need a marineStart data set (data.marineStart)');
    const armor = num(st.armor, start.armor);
    const ammo: Record<string, number> = {};
    return {
      ...base, marine: true, wounds: num(st.wounds, 0), health: num(st.health, start.wounds), armor, startArmor: armor,
      speed: num(u.speed, start.speed), ammo, weapons: Array.isArray(st.weapons) ? st.weapons.filter((x): x is string => typeof x === 'string') : [],
      medic: st.medic === true,
    };
  }
  return {
    ...base, marine: false, wounds: num(st.wounds, 0), health: num(u.health, 1), armor: num(u.armor, 0), startArmor: num(u.armor, 0),
    speed: num(u.speed, 4), ammo: {}, weapons: [], medic: false,
  };
}

function makeToken(t: ScenarioToken, weapons: Record<string, D4Attack>): D4Token {
  if (!TOKEN_KINDS.includes(t.kind)) throw new Error(`tokens: doom2004 has no ${JSON.stringify(t.kind)} token (known: ${TOKEN_KINDS.join(', ')})`);
  const out: D4Token = { id: t.id ?? `${t.kind}@${t.x},${t.y}`, kind: t.kind, x: t.x, y: t.y };
  if (t.kind === 'ammo') {
    if (typeof t.ammo !== 'string') throw new Error(`tokens: ammo token ${out.id} needs "ammo" (the ammo type, e.g. "shotgun")`);
    out.ammo = t.ammo;
  }
  if (t.kind === 'weapon') {
    if (typeof t.weapon !== 'string' || !weapons[t.weapon]) throw new Error(`tokens: weapon token ${out.id} needs "weapon", one of the weapons data`);
    out.weapon = t.weapon;
  }
  if (t.kind === 'key') {
    if (typeof t.color !== 'string') throw new Error(`tokens: key token ${out.id} needs "color"`);
    out.color = t.color;
  }
  return out;
}

/**
 * Everything about a validated scenario that would stop a doom2004 game from starting, as
 * `path: message` problems (ScenarioError): createGame and validateGame run this first, so the
 * setup below never meets a bad token, side or data set.
 */
export function setupProblems(scenario: Scenario, data: Record<string, DataSet>): string[] {
  const problems: string[] = [];
  const fail = (path: string, message: string) => problems.push(`${path}: ${message}`);
  for (const role of ['units', 'dice']) if (!data[role]) fail(`data.${role}`, `doom2004 needs the ${role} data set: a bundled set's name (README, Scenario format) or the set inline`);
  if (problems.length) return problems;
  const units = data.units.entries as unknown as Record<string, D4Unit>;
  const weapons = (data.weapons?.entries ?? {}) as unknown as Record<string, D4Attack>;
  if (scenario.sides.length !== 2) fail('sides', 'doom2004 is played by two sides, the marines and the invader');
  const all = [
    ...scenario.figures.map((f, i) => [f, `figures[${i}]`] as const),
    ...(scenario.areas ?? []).flatMap((a, k) => (a.figures ?? []).map((f, i) => [f, `areas[${k}].figures[${i}]`] as const)),
  ];
  const isMarine = (f: ScenarioFigure) => Object.hasOwn(units, f.type) && !!units[f.type].marine;
  for (const [f, path] of all) if (!Object.hasOwn(units, f.type)) fail(`${path}.type`, `unknown unit type ${JSON.stringify(f.type)}`);
  // The marines' side is the one most marines are on (ties: the first); marines elsewhere are misplaced.
  const count = new Map<string, number>();
  for (const [f] of all) if (isMarine(f)) count.set(f.side, (count.get(f.side) ?? 0) + 1);
  const marineSide = [...count].reduce<[string, number] | null>((best, e) => (best && best[1] >= e[1] ? best : e), null)?.[0] ?? scenario.sides[0];
  for (const [f, path] of all) {
    if (Object.hasOwn(units, f.type) && isMarine(f) !== (f.side === marineSide)) {
      fail(`${path}.side`, `${f.id} (${f.type}) is on the wrong side: the marines are ${JSON.stringify(marineSide)}, every other figure the invader's`);
    }
  }
  if (all.some(([f]) => isMarine(f))) {
    const rows = Object.keys(data.marineStart?.entries ?? {}).length;
    if (!data.marineStart) fail('data.marineStart', 'marines need a marineStart data set');
    else if (!rows) fail('data.marineStart', 'the marineStart data set is empty');
  }
  const ids = new Map<string, string>();
  const tokens = [
    ...(scenario.tokens ?? []).map((t, i) => [t, `tokens[${i}]`] as const),
    ...(scenario.areas ?? []).flatMap((a, k) => (a.tokens ?? []).map((t, i) => [t, `areas[${k}].tokens[${i}]`] as const)),
  ];
  for (const [t, path] of tokens) {
    if (!TOKEN_KINDS.includes(t.kind)) fail(`${path}.kind`, `doom2004 has no ${JSON.stringify(t.kind)} token (known: ${TOKEN_KINDS.join(', ')})`);
    if (t.kind === 'ammo' && typeof t.ammo !== 'string') fail(`${path}.ammo`, 'an ammo token needs "ammo", the ammo type (e.g. "shotgun")');
    if (t.kind === 'weapon' && (typeof t.weapon !== 'string' || !Object.hasOwn(weapons, t.weapon))) {
      fail(`${path}.weapon`, `a weapon token needs "weapon", one of the weapons data (${Object.keys(weapons).join(', ') || 'none'}), not ${JSON.stringify(t.weapon) ?? 'nothing'}`);
    }
    if (t.kind === 'key' && typeof t.color !== 'string') fail(`${path}.color`, 'a key token needs "color"');
    const id = t.id ?? `${t.kind}@${t.x},${t.y}`;
    if (ids.has(id)) fail(`${path}.id`, `the token id ${JSON.stringify(id)} repeats ${ids.get(id)} (give each token its own "id")`);
    else ids.set(id, path);
  }
  return problems;
}

export function initDoom2004(scenario: Scenario, data: Record<string, DataSet>, seed: number): D4State {
  const problems = setupProblems(scenario, data);
  if (problems.length) throw new ScenarioError(problems);
  const entries = <T>(role: string, required: boolean): Record<string, T> => {
    const set = data[role];
    if (!set) {
      if (required) throw new Error(`createGame: the scenario names no ${role} data (data.${role})`);
      return {};
    }
    return set.entries as unknown as Record<string, T>;
  };
  const units = rulesOnly(entries<D4Unit>('units', true));
  const weapons = rulesOnly(entries<D4Attack>('weapons', false));
  const dice = rulesOnly(entries<D4Die>('dice', true));
  const starts = entries<D4MarineStart>('marineStart', false);
  if (scenario.sides.length !== 2) throw new Error('sides: doom2004 is played by two sides, the marines and the invader');
  const all = [...scenario.figures, ...(scenario.areas ?? []).flatMap((a) => a.figures ?? [])];
  const marineSides = new Set(all.filter((f) => units[f.type]?.marine).map((f) => f.side));
  if (marineSides.size > 1) throw new Error('figures: all marines must be on one side');
  const marineSide = [...marineSides][0] ?? scenario.sides[0];
  const invaderSide = scenario.sides.find((s) => s !== marineSide)!;
  for (const f of all) {
    if (!!units[f.type]?.marine !== (f.side === marineSide)) throw new Error(`figures: ${f.id} (${f.type}) is on the wrong side`);
  }
  const nMarines = all.filter((f) => f.side === marineSide).length;
  const start = Object.keys(starts).length ? marineStart(starts, nMarines) : null;
  const figures = scenario.figures.map((f) => figureFromScenario(weapons, units, start, f));
  const edges = (scenario.edges ?? []).map(({ from, to, kind }) => ({ from, to, kind }));
  const b = parseBoard({ ruleset: 'doom2004', map: scenario.map, edges, figures });
  const width = b.width;
  const ducts: number[] = [];
  scenario.map.forEach((row, y) => [...row].forEach((ch, x) => ch === 'u' && ducts.push(y * width + x)));
  const doors: D4Door[] = [];
  (scenario.edges ?? []).forEach((e) => {
    if (e.kind !== 'door') return;
    const door: D4Door = { id: `door-${doors.length + 1}`, edges: [], cells: [], key: e.key ?? null, open: false };
    const [x1, y1] = e.from;
    const [x2, y2] = e.to;
    if (y1 === y2) {
      for (let x = Math.min(x1, x2); x < Math.max(x1, x2); x++) {
        door.edges.push(2 * (y1 * width + x));
        door.cells.push((y1 - 1) * width + x, y1 * width + x);
      }
    } else {
      for (let y = Math.min(y1, y2); y < Math.max(y1, y2); y++) {
        door.edges.push(2 * (y * (width + 1) + x1) + 1);
        door.cells.push(y * width + x1 - 1, y * width + x1);
      }
    }
    // Door units that the board made walls (next to an off-map cell) or another edge overwrote are
    // no door; the rest of the segment is one door, opened and closed as a whole.
    const kept = door.edges.map((code) => (code % 2 ? b.vEdges : b.hEdges)[code >> 1] === EdgeKind.door);
    door.edges = door.edges.filter((_, k) => kept[k]);
    door.cells = door.cells.filter((_, k) => kept[k >> 1]);
    if (door.edges.length) doors.push(door);
  });
  const areas: D4Area[] = (scenario.areas ?? []).map((a) => {
    const cells = new Set<number>();
    for (const [x, y, w, h] of a.cells) for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) cells.add(yy * width + xx);
    return { id: a.id, cells: [...cells].sort((p, q) => p - q), revealed: a.revealed === true, figures: structuredClone(a.figures ?? []), tokens: (a.tokens ?? []).map((t) => makeToken(t, weapons)) };
  });
  const s: D4State = {
    ruleset: 'doom2004',
    rng: seedRng(seed),
    board: { width, height: b.height, cells: pack(b.cells), hEdges: pack(b.hEdges), vEdges: pack(b.vEdges) },
    ducts,
    doors,
    data: JSON.stringify({ units, weapons, dice, start } satisfies D4Data),
    sides: [...scenario.sides],
    marineSide,
    invaderSide,
    figures,
    fragged: [],
    killed: [],
    areas,
    tokens: (scenario.tokens ?? []).map((t) => makeToken(t, weapons)),
    taken: [],
    keys: [],
    fragPoints: 0,
    frags: [],
    objectives: structuredClone(scenario.objectives ?? []),
    round: 1,
    phase: scenario.sides[0] === marineSide ? 'marines' : 'invaders',
    done: [],
    turn: null,
    pending: null,
    chain: null,
    window: null,
    winner: null,
  };
  // Build the area figures now so a bad one fails at creation, not when its area is revealed.
  for (const a of s.areas) for (const f of a.figures) buildFigure(s, f);
  const ids = new Set<string>();
  for (const t of [...s.tokens, ...s.areas.flatMap((a) => a.tokens)]) {
    if (ids.has(t.id)) throw new Error(`tokens: duplicate token id ${JSON.stringify(t.id)}`);
    ids.add(t.id);
  }
  return s;
}

/** Build an area's figure when the area is revealed (same rules as the starting figures). */
export function buildFigure(s: D4State, f: ScenarioFigure): D4Figure {
  const d = dataOf(s);
  return figureFromScenario(d.weapons, d.units, d.start, f);
}

function figureFromScenario(weapons: Record<string, D4Attack>, units: Record<string, D4Unit>, start: D4MarineStart | null, f: ScenarioFigure): D4Figure {
  const fig = makeFigure(f, units, start);
  if (fig.marine) {
    // Ruling: a marine starts with the party's ammo count in each ammo type of the standard weapons.
    for (const w of STANDARD_WEAPONS) {
      const a = weapons[w]?.ammo;
      if (typeof a === 'string') fig.ammo[a] = start!.ammo;
    }
    const given = f.state?.ammo;
    if (given && typeof given === 'object') for (const [k, v] of Object.entries(given)) if (typeof v === 'number' && v >= 0) fig.ammo[k] = v;
  }
  return fig;
}

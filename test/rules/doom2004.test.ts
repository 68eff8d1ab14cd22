/**
 * doom2004 rules (RULES §3), one test per rule statement, refusals included. The test dice have one
 * face each (or two, with the seed chosen), so every roll is known in advance.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { blastArea } from '../../components/interaction/blast.ts';
import { boardDataOfView } from '../../components/interaction/selection.ts';
import { eventLine } from '../../components/log/event-words.ts';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { Cell } from '../../src/core/types.ts';
import { cellBits, type D4State } from '../../src/rules/doom2004/state.ts';
import { createGame, replay, type Game, type GameEvent, type Command } from '../../src/rules/index.ts';
import { roll, seedRng } from '../../src/rules/rng.ts';
import type { Scenario, ScenarioArea, ScenarioEdge, ScenarioFigure, ScenarioToken } from '../../src/scenario/types.ts';

beforeAll(async () => {
  await loadCore();
});

const S = 'sample, not official';
const dice = {
  hit: { faces: [{ range: 6, damage: 3 }], source: S },
  two: { faces: [{ range: 2, damage: 2 }], source: S },
  miss: { faces: [{ miss: true }], source: S },
  ammo: { faces: [{ range: 6, damage: 1, ammo: true }], source: S },
  zero: { faces: [{ range: 0, damage: 4 }], source: S },
  /** face 0: range 1 / damage 1; face 1: range 6 / damage 6 (choose by seed). */
  var: { faces: [{ range: 1, damage: 1 }, { range: 6, damage: 6 }], source: S },
  /** face 0: a miss; face 1: range 6 / damage 6. */
  flip: { faces: [{ miss: true }, { range: 6, damage: 6 }], source: S },
  seven: { faces: [{ range: 6, damage: 7 }], source: S },
  green: { faces: [{ range: 3, damage: 2 }], source: S },
  blue: { faces: [{ range: 3, damage: 2 }], source: S },
  red: { faces: [{ range: 3, damage: 2, ammo: true }], source: S },
};
const weapons = {
  fist: { dice: ['zero'], ammo: null, abilities: ['melee'], source: S },
  pistol: { dice: ['hit'], ammo: 'pistol', abilities: [], source: S },
  grenade: { dice: ['hit'], ammo: 'grenade', abilities: ['blast'], blast: 1, source: S },
  shotgun: { dice: ['hit'], ammo: 'shells', abilities: [], source: S },
  chaingun: { dice: ['green', 'blue', 'red'], ammo: 'chaingun', abilities: ['blow-through'], source: S },
  scope: { dice: ['two'], ammo: null, abilities: ['accuracy'], accuracy: 2, source: S },
  cannon: { dice: ['two'], ammo: null, abilities: ['deadly'], deadly: 5, source: S },
  burner: { dice: ['ammo', 'ammo'], ammo: 'pistol', abilities: [], source: S },
  dud: { dice: ['hit', 'miss'], ammo: null, abilities: [], source: S },
  lucky: { dice: ['var'], ammo: null, abilities: [], source: S },
  coin: { dice: ['flip'], ammo: null, abilities: [], source: S },
  seven: { dice: ['seven'], ammo: null, abilities: [], source: S },
  axe: { dice: ['ammo'], ammo: null, abilities: ['melee'], source: S },
};
const units = {
  marine: { marine: true, speed: 4, source: S },
  grunt: { speed: 4, health: 3, armor: 1, dice: ['hit'], abilities: [], source: S },
  tank: { speed: 3, health: 20, armor: 2, dice: ['two'], abilities: [], source: S },
  soft: { speed: 3, health: 20, armor: 0, dice: ['ammo'], abilities: [], source: S },
  biter: { speed: 4, health: 3, armor: 1, dice: ['hit'], abilities: ['melee'], source: S },
  seeker: { speed: 4, health: 3, armor: 1, dice: ['hit'], abilities: ['seeking'], source: S },
  brute: { speed: 4, health: 5, armor: 1, dice: ['hit'], abilities: [], size: [2, 2], source: S },
  crawler: { speed: 4, health: 1, armor: 0, dice: ['hit'], abilities: ['melee', 'scuttle'], source: S },
  sniper: { speed: 4, health: 3, armor: 1, dice: ['flip'], abilities: ['aimed'], source: S },
  gambler: { speed: 4, health: 3, armor: 1, dice: ['flip'], abilities: [], source: S },
  pusher: { speed: 4, health: 3, armor: 1, dice: ['hit'], abilities: ['knockback'], knockback: 2, source: S },
  sweeper: { speed: 4, health: 3, armor: 1, dice: ['hit'], abilities: ['melee', 'sweep'], source: S },
};
const TEST_WEAPONS = ['scope', 'cannon', 'burner', 'dud', 'lucky', 'coin', 'seven'];
const set = (kind: string, entries: object) => ({ name: `test/${kind}`, ruleset: 'doom2004', kind, source: S, entries });

interface Options {
  types?: Record<string, string>;
  edges?: ScenarioEdge[];
  tokens?: ScenarioToken[];
  areas?: ScenarioArea[];
  objectives?: Scenario['objectives'];
  state?: Record<string, Record<string, unknown>>;
  extra?: ScenarioFigure[];
  seed?: number;
}

/** Map rows where M, N, P, Q are marines and other letters invaders (type from `types`, default grunt). */
function scenario(rows: string[], o: Options = {}): Scenario {
  const figures: ScenarioFigure[] = [];
  const map = rows.map((row, y) =>
    [...row].map((ch, x) => {
      if (/[A-Za-z]/.test(ch) && !'obhtu'.includes(ch)) {
        const marine = 'MNPQ'.includes(ch);
        // Marines carry the test weapons (not the shotgun, chaingun or axe, which tests hand out).
        const state = marine ? { weapons: TEST_WEAPONS, ...o.state?.[ch] } : o.state?.[ch];
        figures.push({ id: ch, side: marine ? 'marines' : 'invaders', type: marine ? 'marine' : o.types?.[ch] ?? 'grunt', x, y, ...(state ? { state } : {}) });
        return '.';
      }
      return ch;
    }).join(''),
  );
  return {
    ruleset: 'doom2004', map, edges: o.edges, figures: [...figures, ...(o.extra ?? [])], tokens: o.tokens, areas: o.areas, sides: ['marines', 'invaders'],
    data: { units: set('units', units), weapons: set('weapons', weapons), dice: set('dice', dice), marineStart: 'doom2004/marine-start' } as Scenario['data'],
    objectives: o.objectives ?? [{ kind: 'frags', side: 'invaders', frags: 6 }],
  };
}

const setup = (rows: string[], o: Options = {}) => createGame<D4State>(scenario(rows, o), { seed: o.seed ?? 1 });

function ok(g: Game<D4State>, c: Command): GameEvent[] {
  const r = g.apply(c);
  if (!r.ok) throw new Error(`${JSON.stringify(c)} refused: ${r.refusal.rule}: ${r.refusal.message}`);
  return r.events;
}
function refused(g: Game<D4State>, c: Command, rule?: string) {
  const before = g.state;
  const r = g.apply(c);
  expect(r.ok, JSON.stringify(c)).toBe(false);
  expect(g.state).toEqual(before);
  if (!r.ok && rule) expect(r.refusal.rule).toBe(rule);
  return r.ok ? null : r.refusal;
}
const of = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);
const one = (events: GameEvent[], type: string) => {
  const found = of(events, type);
  expect(found.length, `one ${type} event`).toBe(1);
  return found[0];
};
const fig = (g: Game<D4State>, id: string) => g.state.figures.find((f) => f.id === id)!;
const act = (g: Game<D4State>, id: string, action: string, extra: Record<string, unknown> = {}) => ok(g, { type: 'action', figure: id, action, ...extra });
const shoot = (g: Game<D4State>, id: string, weapon: string | undefined, x: number, y: number, extra: Record<string, unknown> = {}) =>
  ok(g, { type: 'attack', figure: id, ...(weapon ? { weapon } : {}), target: { x, y }, ...extra });

/** End every remaining marine turn (sprint, end) so the invader's turn begins. */
function toInvaders(g: Game<D4State>) {
  while (g.state.phase === 'marines') {
    const s = g.state;
    if (s.turn) {
      ok(g, { type: 'end', figure: s.turn.figure });
      continue;
    }
    const id = [...s.figures.filter((f) => f.marine), ...s.fragged.map((x) => x.figure)].find((f) => !s.done.includes(f.id))!.id;
    const respawn = g.legalActions(id).find((c) => c.type === 'respawn');
    if (respawn) ok(g, respawn);
    act(g, id, 'sprint');
    ok(g, { type: 'end', figure: id });
  }
}
/** End the invader's turn (after the current activation). */
function toMarines(g: Game<D4State>) {
  if (g.state.window) ok(g, { type: 'pass' });
  if (g.state.turn) ok(g, { type: 'end', figure: g.state.turn.figure });
  if (g.state.phase === 'invaders') ok(g, { type: 'end-turn' });
}

/** The first seed whose first rolls of two-faced dice show `faces` (0 or 1 each). */
function seedFor(faces: number[]): number {
  for (let s = 1; ; s++) {
    const r = seedRng(s);
    if (faces.every((f) => roll(r, 2) - 1 === f)) return s;
  }
}

describe('RULES §3 attack: nominate a space', () => {
  test('the figure in the nominated space is the target', () => {
    const g = setup(['M..z']);
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'pistol', 3, 0);
    expect(one(e, 'attacked')).toMatchObject({ target: { x: 3, y: 0 }, targetFigure: 'z', hit: true, damage: 3 });
    expect(one(e, 'wounded')).toMatchObject({ figure: 'z', wounds: 3 });
  });
  test('an empty space may be nominated; the attack hits nobody', () => {
    const g = setup(['M..z']);
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'pistol', 2, 0);
    expect(one(e, 'attacked')).toMatchObject({ targetFigure: null });
    expect(of(e, 'wounded')).toEqual([]);
  });
  test('a figure cannot attack its own space', () => {
    const g = setup(['M..z']);
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 0, y: 0 } }, 'RULES §3 attack');
  });
  test('either space of an oversized invader may be nominated', () => {
    const g = setup(['M.....', '......'], { types: {}, extra: [{ id: 'big', side: 'invaders', type: 'brute', x: 3, y: 0, w: 1, h: 2 }] });
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'pistol', 3, 0), 'attacked')).toMatchObject({ targetFigure: 'big', range: 3 });
    expect(one(shoot(g, 'M', 'pistol', 3, 1), 'attacked')).toMatchObject({ targetFigure: 'big', range: 3 });
  });
  test('Ruling: the other spaces of a figure block LOS to the space nominated behind them', () => {
    const g = setup(['M.....'], { extra: [{ id: 'big', side: 'invaders', type: 'brute', x: 3, y: 0, w: 2, h: 1 }] });
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 4, y: 0 } }, 'RULES §3 LOS');
  });
});

describe('RULES §3 LOS', () => {
  test('attacking without LOS is refused: a wall blocks', () => {
    const g = setup(['M..z'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'wall' }] });
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 3, y: 0 } }, 'RULES §3 LOS');
  });
  test('a closed door blocks LOS', () => {
    const g = setup(['M..z'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'door' }] });
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 3, y: 0 } }, 'RULES §3 LOS');
  });
  test('other figures block LOS: no shooting through one invader at another', () => {
    const g = setup(['M.yz']);
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 3, y: 0 } }, 'RULES §3 LOS');
    shoot(g, 'M', 'pistol', 2, 0);
  });
  test('blocking obstacles and exploding barrels block LOS', () => {
    for (const feature of ['o', 'b']) {
      const g = setup([`M.${feature}z`]);
      act(g, 'M', 'attack');
      refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 3, y: 0 } }, 'RULES §3 LOS');
    }
  });
  test('a line touching only a corner of a blocking space does not block', () => {
    // Centre (0,0) to centre (2,2) touches obstacles (1,0) and (2,1) at their corners only.
    const g = setup(['Mo.', '..o', '..z']);
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'pistol', 2, 2), 'attacked')).toMatchObject({ hit: true, range: 2 });
  });
  test('an oversized invader traces LOS from any one of its spaces', () => {
    // The brute's lower space sees M past the wall end; its upper space does not.
    const g = setup(['....', 'M...'], { edges: [{ from: [1, 0], to: [1, 1], kind: 'wall' }, { from: [0, 1], to: [1, 1], kind: 'wall' }], extra: [{ id: 'big', side: 'invaders', type: 'brute', x: 2, y: 0, w: 2, h: 2 }] });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'big' });
    expect(one(shoot(g, 'big', undefined, 0, 1), 'attacked')).toMatchObject({ hit: true });
  });
});

describe('RULES §3 range', () => {
  test('range is the shortest path in spaces, diagonal steps counting 1', () => {
    const g = setup(['M....', '.....', '....z']);
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'pistol', 4, 2), 'attacked')).toMatchObject({ range: 4 });
  });
  test('an attack out of range (beyond the highest roll of the dice) is refused', () => {
    const g = setup(['M..z']);
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'cannon', target: { x: 3, y: 0 } }, 'RULES §3 range');
    expect(one(shoot(g, 'M', 'scope', 3, 0), 'attacked')).toMatchObject({ range: 3, rolledRange: 4, hit: true }); // 2 + accuracy 2
  });
  test('range is counted around walls and blocking obstacles (seeking: through obstacles)', () => {
    // s (seeking) sees nothing past the obstacle column but counts range through it; the wall makes it detour.
    const g = setup(['s.o.M', '..o..', '.....'], { types: { s: 'seeker' } });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 's' });
    expect(one(shoot(g, 's', undefined, 4, 0), 'attacked')).toMatchObject({ range: 4, hit: true });
    const w = setup(['s.o.M', '..o..', '.....', '.....'], { types: { s: 'seeker' }, edges: [{ from: [3, 0], to: [3, 3], kind: 'wall' }] });
    toInvaders(w);
    ok(w, { type: 'activate', figure: 's' });
    expect(one(shoot(w, 's', undefined, 4, 0), 'attacked')).toMatchObject({ range: 6 });
  });
  test('closed doors block every attack, even seeking ones', () => {
    const g = setup(['s..M'], { types: { s: 'seeker' }, edges: [{ from: [2, 0], to: [2, 1], kind: 'door' }] });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 's' });
    refused(g, { type: 'attack', figure: 's', target: { x: 3, y: 0 } }, 'RULES §3 range');
  });
  test('seeking attacks need no LOS', () => {
    const g = setup(['s.yM'], { types: { s: 'seeker' } });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 's' });
    expect(one(shoot(g, 's', undefined, 3, 0), 'attacked')).toMatchObject({ hit: true });
  });
});

describe('RULES §3 roll', () => {
  test('a miss on any die fails the attack', () => {
    const g = setup(['M.z']);
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'dud', 2, 0), 'attacked')).toMatchObject({ miss: true, hit: false, damage: 0 });
  });
  test('the attack hits when the range numbers reach the range, and fails below it', () => {
    const g = setup(['M.z'], { seed: seedFor([0, 1]) });
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'lucky', 2, 0), 'attacked')).toMatchObject({ rolledRange: 1, range: 2, hit: false });
    expect(one(shoot(g, 'M', 'lucky', 2, 0), 'attacked')).toMatchObject({ rolledRange: 6, hit: true });
  });
  test('accuracy adds 1 to the rolled range per accuracy', () => {
    const g = setup(['M...z']);
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'scope', 4, 0), 'attacked')).toMatchObject({ rolledRange: 4, range: 4, hit: true });
  });
  test('damage is the sum of the bullet holes, +1 per deadly', () => {
    const g = setup(['M.z'], { types: { z: 'soft' } });
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'cannon', 2, 0);
    expect(one(e, 'attacked')).toMatchObject({ damage: 7 });
    expect(one(e, 'wounded')).toMatchObject({ wounds: 7 });
  });
  test('wounds = floor(damage / armor); the leftover is wasted', () => {
    const g = setup(['M.z'], { types: { z: 'tank' } });
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'seven', 2, 0), 'wounded')).toMatchObject({ wounds: 3 }); // 7 damage, armor 2
  });
  test('damage below the armor has no effect', () => {
    const g = setup(['Mz'], { types: { z: 'tank' }, seed: seedFor([0]) });
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'lucky', 1, 0);
    one(e, 'armor-held');
    expect(of(e, 'wounded')).toEqual([]);
  });
  test('armor 0: every damage point is a wound', () => {
    const g = setup(['M.z'], { types: { z: 'soft' } });
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'pistol', 2, 0), 'wounded')).toMatchObject({ wounds: 3 });
  });
  test('a marine\'s armor rating is its armor tokens', () => {
    const g = setup(['M.z'], { tokens: [{ id: 'a', kind: 'armor', x: 0, y: 0 }] });
    act(g, 'M', 'attack');
    ok(g, { type: 'pick-up', figure: 'M', token: 'a' });
    expect(fig(g, 'M').armor).toBe(3);
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    expect(one(shoot(g, 'z', undefined, 0, 0), 'wounded')).toMatchObject({ figure: 'M', wounds: 1 }); // 3 damage / 3 armor
  });
  test('an invader is killed at its wound rating and removed', () => {
    const g = setup(['M.z']);
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'pistol', 2, 0);
    expect(one(e, 'killed')).toMatchObject({ figure: 'z' });
    expect(g.state.killed).toEqual(['z']);
    expect(g.state.winner).toBe(null); // the scenario's only objective is frags
  });
});

describe('RULES §3 melee', () => {
  test('a melee attack targets an adjacent space only', () => {
    const g = setup(['M.z']);
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'fist', target: { x: 2, y: 0 } }, 'RULES §3 melee');
  });
  test('a melee attack only misses on a miss: range results are ignored', () => {
    const g = setup(['Mz']);
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'fist', 1, 0), 'attacked')).toMatchObject({ hit: true, damage: 4, rolledRange: null });
  });
  test('melee is adjacent by path: not across a wall', () => {
    const g = setup(['Mz'], { edges: [{ from: [1, 0], to: [1, 1], kind: 'wall' }] });
    act(g, 'M', 'attack');
    expect(refused(g, { type: 'attack', figure: 'M', weapon: 'fist', target: { x: 1, y: 0 } })?.rule).toMatch(/LOS|melee/);
  });
});

describe('RULES §3 ammo', () => {
  test('an ammo icon discards exactly one ammo token, however many show', () => {
    const g = setup(['M.z'], { types: { z: 'tank' } });
    act(g, 'M', 'attack');
    const before = fig(g, 'M').ammo.pistol;
    expect(one(shoot(g, 'M', 'burner', 2, 0), 'attacked')).toMatchObject({ ammoSpent: 'pistol' });
    expect(fig(g, 'M').ammo.pistol).toBe(before - 1);
  });
  test('no ammo icon, no ammo spent', () => {
    const g = setup(['M.z'], { types: { z: 'tank' } });
    act(g, 'M', 'attack');
    shoot(g, 'M', 'pistol', 2, 0);
    expect(fig(g, 'M').ammo.pistol).toBe(4);
  });
  test('a marine with no ammo token of the weapon\'s type cannot attack with it', () => {
    const g = setup(['M.z'], { state: { M: { ammo: { pistol: 0 } } } });
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 2, y: 0 } }, 'RULES §3 ammo');
  });
  test('∞ weapons never spend ammo', () => {
    const g = setup(['Mz'], { types: { z: 'tank' }, state: { M: { weapons: ['axe'] } } });
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'axe', 1, 0), 'attacked')).toMatchObject({ ammoSpent: null });
  });
  test('invaders ignore ammo', () => {
    const g = setup(['M.z'], { types: { z: 'soft' } });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    expect(one(shoot(g, 'z', undefined, 0, 0), 'attacked')).toMatchObject({ ammoSpent: null });
  });
  test('marines always have fist, pistol and grenade; other weapons need their token', () => {
    const g = setup(['M.z'], { state: { M: { weapons: [] } }, tokens: [{ id: 'sg', kind: 'weapon', weapon: 'shotgun', x: 0, y: 0 }, { id: 'sh', kind: 'ammo', ammo: 'shells', x: 0, y: 0 }] });
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'shotgun', target: { x: 2, y: 0 } }, 'RULES §3 weapons');
    ok(g, { type: 'pick-up', figure: 'M', token: 'sg' });
    refused(g, { type: 'attack', figure: 'M', weapon: 'shotgun', target: { x: 2, y: 0 } }, 'RULES §3 ammo');
    ok(g, { type: 'pick-up', figure: 'M', token: 'sh' });
    shoot(g, 'M', 'shotgun', 2, 0);
  });
  test('a marine starts with the party\'s ammo in each standard ammo type (RULES §6 marine start)', () => {
    expect(fig(setup(['M.z']), 'M')).toMatchObject({ ammo: { pistol: 4, grenade: 4 }, health: 10, armor: 2, speed: 4 });
    expect(fig(setup(['MN.P.z']), 'M')).toMatchObject({ ammo: { pistol: 2, grenade: 2 }, health: 8, armor: 2 });
  });
});

describe('RULES §3 blast', () => {
  test('every figure within N of the target space takes the full damage, friends included', () => {
    const g = setup(['M...', '..yz', '..N.', '...x'], { types: { x: 'soft', y: 'soft', z: 'soft' } });
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'grenade', 2, 1);
    expect(of(e, 'wounded').map((w) => [w.figure, w.wounds])).toEqual([['y', 3], ['z', 3], ['N', 1]]);
  });
  test('a blast does not pass walls, closed doors or blocking obstacles', () => {
    const g = setup(['M.yz', '...o', '..x.'], { types: { x: 'soft', y: 'soft', z: 'soft' }, edges: [{ from: [3, 0], to: [3, 1], kind: 'wall' }, { from: [2, 2], to: [3, 2], kind: 'door' }] });
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'grenade', 2, 0);
    expect(of(e, 'wounded').map((w) => w.figure)).toEqual(['y']);
  });
  test('the view gives the blast radii; the area a board draws holds exactly the figures the blast wounds', () => {
    const g = setup(['M.yz', '...o', '..x.'], { types: { x: 'soft', y: 'soft', z: 'soft' }, edges: [{ from: [3, 0], to: [3, 1], kind: 'wall' }, { from: [2, 2], to: [3, 2], kind: 'door' }] });
    expect(g.view().blast).toEqual({ grenade: 1 });
    const area = new Set(blastArea(Board.fromData(boardDataOfView(g.view())!), 2, 0, 1).map((c) => `${c.x},${c.y}`));
    const inArea = g.view().figures.filter((f) => area.has(`${f.x},${f.y}`)).map((f) => f.id);
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'grenade', 2, 0);
    expect(inArea).toEqual(of(e, 'wounded').map((w) => w.figure));
    expect(inArea).toEqual(['y']);
  });
});

describe('RULES §3 blow-through', () => {
  const chain = () => {
    const g = setup(['M..yz', '....x'], { types: { x: 'tank', y: 'tank', z: 'tank' }, state: { M: { weapons: ['chaingun'], ammo: { chaingun: 3 } } } });
    act(g, 'M', 'attack');
    shoot(g, 'M', 'chaingun', 3, 0);
    return g;
  };
  test('after the attack, a space adjacent to the previous target may be attacked by dropping a green or blue die', () => {
    const g = chain();
    const e = ok(g, { type: 'blow-through', figure: 'M', target: { x: 4, y: 1 }, drop: 'green' });
    expect(one(e, 'attacked')).toMatchObject({ targetFigure: 'x', blowThrough: true, hit: true, damage: 4 });
    expect(g.state.chain?.dice).toEqual(['blue', 'red']);
    expect(fig(g, 'M').ammo.chaingun).toBe(1); // the red die's ammo icon, once per attack
  });
  test('never the same target twice', () => {
    const g = chain();
    ok(g, { type: 'blow-through', figure: 'M', target: { x: 4, y: 1 }, drop: 'green' });
    refused(g, { type: 'blow-through', figure: 'M', target: { x: 3, y: 0 }, drop: 'blue' }, 'RULES §3 blow-through');
  });
  test('only to a space adjacent to the previous target, by dropping a green or blue die', () => {
    const g = chain();
    refused(g, { type: 'blow-through', figure: 'M', target: { x: 1, y: 0 }, drop: 'green' }, 'RULES §3 blow-through');
    refused(g, { type: 'blow-through', figure: 'M', target: { x: 4, y: 0 }, drop: 'red' }, 'RULES §3 blow-through');
  });
  test('a marine needs 1 ammo token left to walk the attack on', () => {
    const g = setup(['M..yz'], { types: { y: 'tank', z: 'tank' }, state: { M: { weapons: ['chaingun'], ammo: { chaingun: 1 } } } });
    act(g, 'M', 'attack');
    shoot(g, 'M', 'chaingun', 3, 0);
    expect(fig(g, 'M').ammo.chaingun).toBe(0);
    refused(g, { type: 'blow-through', figure: 'M', target: { x: 4, y: 0 }, drop: 'green' }, 'RULES §3 ammo');
  });
  test('any other command ends the walk', () => {
    const g = chain();
    ok(g, { type: 'end', figure: 'M' });
    refused(g, { type: 'blow-through', figure: 'M', target: { x: 4, y: 0 }, drop: 'green' }, 'RULES §3 blow-through');
  });
});

describe('RULES §3 aim', () => {
  const aimed = (seed: number) => {
    const g = setup(['M.z'], { seed });
    act(g, 'M', 'ready', { order: 'aim' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    toMarines(g);
    act(g, 'M', 'attack');
    return g;
  };
  test('an aimed attack discards the aim order and re-rolls the chosen dice once, keeping the second result', () => {
    const g = aimed(seedFor([0, 1]));
    expect(fig(g, 'M').order).toBe('aim');
    const e = shoot(g, 'M', 'coin', 2, 0, { aimed: true });
    expect(one(e, 'rolled')).toMatchObject({ aimed: true, faces: [{ miss: true }] });
    expect(fig(g, 'M').order).toBe(null);
    expect(g.state.pending?.stage).toBe('aim');
    refused(g, { type: 'end', figure: 'M' }, 'RULES §3 aim');
    const r = ok(g, { type: 'reroll', figure: 'M', dice: [0] });
    expect(one(r, 'attacked')).toMatchObject({ hit: true, damage: 6 });
  });
  test('keeping the roll (no dice) resolves it as rolled', () => {
    const g = aimed(seedFor([0]));
    shoot(g, 'M', 'coin', 2, 0, { aimed: true });
    expect(one(ok(g, { type: 'reroll', figure: 'M', dice: [] }), 'attacked')).toMatchObject({ hit: false, miss: true });
  });
  test('an aimed attack without an aim order is refused', () => {
    const g = setup(['M.z']);
    act(g, 'M', 'attack');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 2, y: 0 }, aimed: true }, 'RULES §3 aim');
  });
  test('the aim order is lost when the marine moves 1 or more spaces', () => {
    const g = aimed(1);
    toInvaders(g);
    toMarines(g);
    const g2 = setup(['M.z']);
    act(g2, 'M', 'ready', { order: 'aim' });
    ok(g2, { type: 'end', figure: 'M' });
    toInvaders(g2);
    toMarines(g2);
    act(g2, 'M', 'advance');
    expect(one(ok(g2, { type: 'move', figure: 'M', to: { x: 1, y: 0 } }), 'order-lost')).toMatchObject({ order: 'aim', why: 'moved' });
  });
  test('the aim order is lost when the marine takes a wound', () => {
    const g = setup(['M.z', '...']);
    act(g, 'M', 'ready', { order: 'aim' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    const e = shoot(g, 'z', undefined, 0, 0);
    expect(one(e, 'order-lost')).toMatchObject({ order: 'aim', why: 'wounded' });
  });
  test('an aimed attack against a dodging target ignores both', () => {
    const g = setup(['M.z'], { types: { z: 'sniper' }, seed: seedFor([0]) });
    act(g, 'M', 'ready', { order: 'dodge' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    const e = shoot(g, 'z', undefined, 0, 0);
    one(e, 'aim-and-dodge-ignored');
    expect(g.state.pending).toBe(null);
    expect(one(e, 'attacked')).toMatchObject({ miss: true });
  });
});

describe('RULES §3 guard', () => {
  const guarded = (rows = ['M...z']) => {
    const g = setup(rows);
    act(g, 'M', 'ready', { order: 'guard' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    return g;
  };
  test('a guard order interrupts the invader\'s turn with one attack', () => {
    const g = guarded();
    const e = ok(g, { type: 'activate', figure: 'z' });
    one(e, 'interrupt-window');
    refused(g, { type: 'move', figure: 'z', to: { x: 3, y: 0 } }, 'RULES §3 guard');
    const a = ok(g, { type: 'guard-attack', figure: 'M', weapon: 'pistol', target: { x: 4, y: 0 } });
    expect(one(a, 'attacked')).toMatchObject({ guard: true, hit: true });
    one(a, 'killed');
    expect(fig(g, 'M').order).toBe(null);
    expect(g.state.window).toBe(null);
    expect(g.state.turn).toBe(null);
  });
  test('declining (pass) lets the invader go on; the next invader step opens a new chance', () => {
    const g = guarded(['M....z']);
    ok(g, { type: 'activate', figure: 'z' });
    ok(g, { type: 'pass', side: 'marines' });
    one(ok(g, { type: 'move', figure: 'z', to: { x: 4, y: 0 } }), 'interrupt-window');
    ok(g, { type: 'guard-attack', figure: 'M', weapon: 'pistol', target: { x: 4, y: 0 } });
  });
  test('no window opens while no guarding marine has an attack: the invader walks on until it steps into sight', () => {
    // A wall between them with one gap at the bottom row: z is out of sight until it stands in the gap's line.
    const g = guarded(['M..z', '....']);
    const walled = setup(['M...z', '.....'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'wall' }] });
    act(walled, 'M', 'ready', { order: 'guard' });
    ok(walled, { type: 'end', figure: 'M' });
    toInvaders(walled);
    expect(of(ok(walled, { type: 'activate', figure: 'z' }), 'interrupt-window')).toEqual([]);
    expect(walled.state.window).toBe(null);
    expect(walled.legalActions().some((c) => c.type === 'pass')).toBe(false);
    expect(of(ok(walled, { type: 'move', figure: 'z', to: { x: 3, y: 0 } }), 'interrupt-window')).toEqual([]);
    // Into the open row: now M could shoot it, so the marine player gets the chance.
    expect(one(ok(walled, { type: 'move', figure: 'z', to: { x: 3, y: 1 } }), 'interrupt-window')).toMatchObject({ invader: 'z', guards: ['M'] });
    // In plain sight the window opens at once, as before.
    one(ok(g, { type: 'activate', figure: 'z' }), 'interrupt-window');
  });
  test('a guard attack without a guard order, or with nothing to interrupt, is refused', () => {
    const g = setup(['M...z']);
    act(g, 'M', 'attack');
    refused(g, { type: 'guard-attack', figure: 'M', weapon: 'pistol', target: { x: 4, y: 0 } }, 'RULES §3 guard');
    const h = guarded(['M...z', 'N....']);
    ok(h, { type: 'activate', figure: 'z' });
    refused(h, { type: 'guard-attack', figure: 'N', weapon: 'pistol', target: { x: 4, y: 0 } }, 'RULES §3 guard');
  });
  test('the guard order is lost at the beginning of the marine\'s next turn', () => {
    const g = guarded(['M.......z']);
    ok(g, { type: 'activate', figure: 'z' });
    ok(g, { type: 'pass', side: 'marines' });
    toMarines(g);
    expect(one(act(g, 'M', 'attack'), 'order-lost')).toMatchObject({ order: 'guard', why: 'turn began' });
  });
  test('the guard order is lost when the marine takes a wound', () => {
    const g = guarded(['M.z']);
    ok(g, { type: 'activate', figure: 'z' });
    ok(g, { type: 'pass', side: 'marines' });
    expect(one(shoot(g, 'z', undefined, 0, 0), 'order-lost')).toMatchObject({ order: 'guard', why: 'wounded' });
  });
});

describe('RULES §3 dodge', () => {
  test('a dodging marine forces the attacker to re-roll the dice it chooses, once per attack', () => {
    const g = setup(['M.z'], { types: { z: 'gambler' }, seed: seedFor([1, 0]) });
    act(g, 'M', 'ready', { order: 'dodge' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    shoot(g, 'z', undefined, 0, 0);
    expect(g.state.pending).toMatchObject({ stage: 'dodge', by: 'M' });
    refused(g, { type: 'reroll', figure: 'z', dice: [0] }, 'RULES §3 dodge');
    expect(one(ok(g, { type: 'reroll', figure: 'M', dice: [0] }), 'attacked')).toMatchObject({ miss: true, hit: false });
    expect(fig(g, 'M').order).toBe('dodge'); // it stays until the marine's next turn
  });
});

describe('RULES §3 heal', () => {
  test('only a marine with the Medic card may place a heal order', () => {
    const g = setup(['MN.z'], { state: { N: { medic: true } } });
    refused(g, { type: 'action', figure: 'M', action: 'ready', order: 'heal' }, 'RULES §3 heal');
    act(g, 'N', 'ready', { order: 'heal' });
  });
  test('the medic heals 1 wound of itself or an adjacent marine, not one at full health', () => {
    const g = setup(['MN.z'], { state: { N: { medic: true }, M: { wounds: 2 } } });
    act(g, 'N', 'ready', { order: 'heal' });
    ok(g, { type: 'end', figure: 'N' });
    refused(g, { type: 'heal', figure: 'N', target: 'N' }, 'RULES §3 heal');
    expect(one(ok(g, { type: 'heal', figure: 'N', target: 'M' }), 'healed')).toMatchObject({ target: 'M', wounds: 1 });
    expect(fig(g, 'N').order).toBe(null);
  });
  test('not after the attack dice have been rolled', () => {
    const g = setup(['M..z', 'N...'], { types: { z: 'gambler' }, state: { N: { medic: true, wounds: 1 } } });
    act(g, 'N', 'ready', { order: 'heal' });
    ok(g, { type: 'end', figure: 'N' });
    act(g, 'M', 'ready', { order: 'dodge' });
    ok(g, { type: 'end', figure: 'M' });
    ok(g, { type: 'activate', figure: 'z' });
    shoot(g, 'z', undefined, 0, 0);
    refused(g, { type: 'heal', figure: 'N', target: 'N' }, 'RULES §3 dodge');
  });
});

describe('RULES §3 orders', () => {
  test('one order at a time: two Ready orders are refused while the first is kept', () => {
    const g = setup(['M......z']);
    act(g, 'M', 'ready', { order: 'aim' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    toMarines(g);
    refused(g, { type: 'action', figure: 'M', action: 'ready', order: 'guard' }, 'RULES §3 orders');
  });
  test('a Ready action places an order (when the turn ends); other actions place none', () => {
    const g = setup(['M......z']);
    refused(g, { type: 'action', figure: 'M', action: 'ready' }, 'command');
    refused(g, { type: 'action', figure: 'M', action: 'sprint', order: 'aim' }, 'command');
    act(g, 'M', 'ready', { order: 'guard' });
    expect(fig(g, 'M').order).toBe(null);
    expect(one(ok(g, { type: 'end', figure: 'M' }), 'order-placed')).toMatchObject({ order: 'guard' });
  });
});

describe('RULES §3 marine actions', () => {
  const board = ['M..........', '...........', '.....z.....'];
  test('Sprint: move 8, no attack', () => {
    const g = setup(board);
    act(g, 'M', 'sprint');
    refused(g, { type: 'move', figure: 'M', to: { x: 9, y: 0 } }, 'RULES §3 movement');
    ok(g, { type: 'move', figure: 'M', to: { x: 8, y: 0 } });
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 5, y: 2 } }, 'RULES §3 marine actions');
  });
  test('Advance: move 4 and attack once, in any order', () => {
    const g = setup(board);
    act(g, 'M', 'advance');
    ok(g, { type: 'move', figure: 'M', to: { x: 2, y: 0 } });
    shoot(g, 'M', 'pistol', 5, 2);
    ok(g, { type: 'move', figure: 'M', to: { x: 4, y: 0 } });
    refused(g, { type: 'move', figure: 'M', to: { x: 5, y: 0 } }, 'RULES §3 movement');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 5, y: 2 } }, 'RULES §3 marine actions');
  });
  test('Attack: two attacks, no movement', () => {
    const g = setup(['M.z'], { types: { z: 'tank' } });
    act(g, 'M', 'attack');
    refused(g, { type: 'move', figure: 'M', to: { x: 1, y: 0 } }, 'RULES §3 movement');
    shoot(g, 'M', 'pistol', 2, 0);
    shoot(g, 'M', 'pistol', 2, 0);
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 2, y: 0 } }, 'RULES §3 marine actions');
  });
  test('Ready: move 4 or attack, not both', () => {
    const g = setup(['M.z', '...', 'N..'], { types: { z: 'tank' } });
    act(g, 'M', 'ready', { order: 'dodge' });
    ok(g, { type: 'move', figure: 'M', to: { x: 0, y: 1 } });
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 2, y: 0 } }, 'RULES §3 marine actions');
    ok(g, { type: 'end', figure: 'M' });
    act(g, 'N', 'ready', { order: 'dodge' });
    shoot(g, 'N', 'pistol', 2, 0);
    refused(g, { type: 'move', figure: 'N', to: { x: 1, y: 2 } }, 'RULES §3 marine actions');
  });
  test('each marine takes one turn per round, one at a time', () => {
    const g = setup(['MN.....z']);
    act(g, 'M', 'sprint');
    refused(g, { type: 'action', figure: 'N', action: 'sprint' }, 'RULES §3 marine actions');
    ok(g, { type: 'end', figure: 'M' });
    refused(g, { type: 'action', figure: 'M', action: 'sprint' }, 'RULES §3 marine actions');
    act(g, 'N', 'sprint');
    ok(g, { type: 'end', figure: 'N' });
    expect(g.state.phase).toBe('invaders');
  });
  test('the invader activates each figure once (its speed and one attack) and then ends its turn', () => {
    const g = setup(['M.......yz']);
    toInvaders(g);
    refused(g, { type: 'move', figure: 'z', to: { x: 7, y: 0 } }, 'RULES §3 invader turn');
    ok(g, { type: 'activate', figure: 'y' });
    refused(g, { type: 'activate', figure: 'z' }, 'RULES §3 invader turn');
    refused(g, { type: 'move', figure: 'y', to: { x: 3, y: 0 } }, 'RULES §3 movement'); // 5 spaces, speed 4
    ok(g, { type: 'move', figure: 'y', to: { x: 4, y: 0 } });
    shoot(g, 'y', undefined, 0, 0);
    refused(g, { type: 'attack', figure: 'y', target: { x: 0, y: 0 } }, 'RULES §3 invader turn');
    ok(g, { type: 'end', figure: 'y' });
    refused(g, { type: 'activate', figure: 'y' }, 'RULES §3 invader turn');
    ok(g, { type: 'end-turn', side: 'invaders' });
    expect(g.state).toMatchObject({ phase: 'marines', round: 2 });
  });
});

describe('RULES §3 movement', () => {
  test('ending a move on a figure is refused; friendly figures may be passed', () => {
    const g = setup(['MN..z']);
    act(g, 'M', 'sprint');
    refused(g, { type: 'move', figure: 'M', to: { x: 1, y: 0 } }, 'RULES §3 movement');
    expect(one(ok(g, { type: 'move', figure: 'M', to: { x: 2, y: 0 } }), 'moved')).toMatchObject({ cost: 2 });
  });
  test('enemies, blocking obstacles and barrels block movement', () => {
    const g = setup(['M.z.', '.ob.', '.oo.']);
    act(g, 'M', 'advance');
    refused(g, { type: 'move', figure: 'M', to: { x: 3, y: 0 } }, 'RULES §3 movement');
  });
  test('unrevealed areas cannot be entered', () => {
    const g = setup(['M...', '....'], { edges: [{ from: [2, 0], to: [2, 2], kind: 'door' }], areas: [{ id: 'east', cells: [[2, 0, 2, 2]] }] });
    act(g, 'M', 'sprint');
    ok(g, { type: 'move', figure: 'M', to: { x: 1, y: 0 } });
    // Opening the door reveals the area; until then its spaces are closed.
    ok(g, { type: 'open-door', figure: 'M', door: 'door-1' });
    expect(g.state.areas[0].revealed).toBe(true);
  });
});

describe('RULES §3 movement actions', () => {
  test('picking up a token costs nothing, even with no movement left', () => {
    const g = setup(['M.z'], { tokens: [{ id: 'a', kind: 'ammo', ammo: 'shells', x: 0, y: 0 }] });
    act(g, 'M', 'attack');
    expect(one(ok(g, { type: 'pick-up', figure: 'M', token: 'a' }), 'picked-up')).toMatchObject({ ammo: 'shells' });
    expect(fig(g, 'M').ammo.shells).toBe(1);
  });
  test('equipment tokens may only be picked up by marines, from their own space', () => {
    const g = setup(['M.z'], { tokens: [{ id: 'a', kind: 'armor', x: 2, y: 0 }, { id: 'b', kind: 'armor', x: 1, y: 0 }] });
    act(g, 'M', 'attack');
    refused(g, { type: 'pick-up', figure: 'M', token: 'b' }, 'RULES §3 tokens');
    ok(g, { type: 'end', figure: 'M' });
    ok(g, { type: 'activate', figure: 'z' });
    refused(g, { type: 'pick-up', figure: 'z', token: 'a' }, 'RULES §3 tokens');
  });
  test('giving 1 weapon or ammo token to an adjacent marine costs 1 space', () => {
    const g = setup(['MN...z', 'P.....'], { state: { M: { weapons: ['shotgun'] } } });
    act(g, 'M', 'advance');
    ok(g, { type: 'give', figure: 'M', to: 'N', weapon: 'shotgun' });
    ok(g, { type: 'give', figure: 'M', to: 'N', ammo: 'pistol' });
    expect(g.state.turn?.mp).toBe(2);
    expect(fig(g, 'N').weapons).toContain('shotgun');
    expect(fig(g, 'N').ammo.pistol).toBe(3);
    refused(g, { type: 'give', figure: 'M', to: 'N', weapon: 'pistol' }, 'RULES §3 give');
    ok(g, { type: 'move', figure: 'M', to: { x: 2, y: 1 } });
    refused(g, { type: 'give', figure: 'M', to: 'N', ammo: 'pistol' }, 'RULES §3 movement actions');
  });
  test('opening or closing a door costs 2 spaces, from a space next to it', () => {
    const g = setup(['M.....', '.....z'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'door' }] });
    act(g, 'M', 'advance');
    refused(g, { type: 'open-door', figure: 'M', door: 'door-1' }, 'RULES §3 doors');
    ok(g, { type: 'move', figure: 'M', to: { x: 1, y: 0 } });
    ok(g, { type: 'open-door', figure: 'M', door: 'door-1' });
    expect(g.state.turn?.mp).toBe(1);
    refused(g, { type: 'close-door', figure: 'M', door: 'door-1' }, 'RULES §3 movement actions');
  });
  test('a marine moves from one teleporter to another for 1 space; invaders cannot', () => {
    const g = setup(['Mt....t.z']);
    act(g, 'M', 'advance');
    const e = ok(g, { type: 'move', figure: 'M', to: { x: 6, y: 0 } });
    expect(one(e, 'moved')).toMatchObject({ cost: 2 });
    one(e, 'teleported');
    const h = setup(['Mt....tz']);
    toInvaders(h);
    ok(h, { type: 'activate', figure: 'z' });
    ok(h, { type: 'move', figure: 'z', to: { x: 6, y: 0 } });
    refused(h, { type: 'move', figure: 'z', to: { x: 1, y: 0 } }, 'RULES §3 movement');
  });
  test('a scuttling invader moves from duct to duct for 1 space, not onto a marine or unrevealed duct', () => {
    const g = setup(['uc....u', 'M.....u', '.......', '......u'], { types: { c: 'crawler' }, extra: [], areas: [{ id: 'far', cells: [[6, 3, 1, 1]] }], edges: [{ from: [0, 3], to: [7, 3], kind: 'wall' }] });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'c' });
    ok(g, { type: 'move', figure: 'c', to: { x: 0, y: 0 } });
    refused(g, { type: 'hop', figure: 'c', to: { x: 6, y: 3 } }, 'RULES §3 ducts');
    expect(one(ok(g, { type: 'hop', figure: 'c', to: { x: 6, y: 1 } }), 'hopped')).toMatchObject({ to: { x: 6, y: 1 } });
    expect(g.state.turn?.mp).toBe(2);
    const h = setup(['uz..u', '.....', 'M....']);
    toInvaders(h);
    ok(h, { type: 'activate', figure: 'z' });
    ok(h, { type: 'move', figure: 'z', to: { x: 0, y: 0 } });
    refused(h, { type: 'hop', figure: 'z', to: { x: 4, y: 0 } }, 'RULES §3 ducts');
    expect(refused(setup(['M.u']), { type: 'hop', figure: 'M', to: { x: 2, y: 0 } })).not.toBe(null);
  });
});

describe('RULES §3 doors', () => {
  test('closed doors block movement and attacks; a door can be closed again', () => {
    const g = setup(['M.z'], { edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }] });
    act(g, 'M', 'ready', { order: 'dodge' });
    refused(g, { type: 'move', figure: 'M', to: { x: 1, y: 0 } }, 'RULES §3 movement');
    ok(g, { type: 'open-door', figure: 'M', door: 'door-1' });
    ok(g, { type: 'close-door', figure: 'M', door: 'door-1' });
    expect(g.state.doors[0].open).toBe(false);
  });
  test('an invader opening a security door is refused', () => {
    const g = setup(['M.z.'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'door', key: 'red' }] });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    refused(g, { type: 'open-door', figure: 'z', door: 'door-1' }, 'RULES §3 security doors');
  });
  test('a marine opening a security door before its key is found is refused; after, any marine may', () => {
    const g = setup(['MN.z', 'k...'.replace('k', '.')], { edges: [{ from: [2, 0], to: [2, 1], kind: 'door', key: 'red' }], tokens: [{ id: 'key', kind: 'key', color: 'red', x: 0, y: 0 }] });
    act(g, 'N', 'advance');
    refused(g, { type: 'open-door', figure: 'N', door: 'door-1' }, 'RULES §3 security doors');
    ok(g, { type: 'end', figure: 'N' });
    act(g, 'M', 'sprint');
    ok(g, { type: 'pick-up', figure: 'M', token: 'key' });
    expect(g.state.keys).toEqual(['red']);
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    toMarines(g);
    act(g, 'N', 'advance');
    ok(g, { type: 'open-door', figure: 'N', door: 'door-1' });
  });
  test('a door cannot be closed while an oversized invader blocks the door line', () => {
    const g = setup(['M...', '....', '....'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'door' }], extra: [{ id: 'big', side: 'invaders', type: 'brute', x: 2, y: 1, w: 2, h: 2 }] });
    act(g, 'M', 'sprint');
    ok(g, { type: 'move', figure: 'M', to: { x: 1, y: 0 } });
    ok(g, { type: 'open-door', figure: 'M', door: 'door-1' });
    ok(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 } });
    ok(g, { type: 'end', figure: 'M' });
    ok(g, { type: 'activate', figure: 'big' });
    ok(g, { type: 'move', figure: 'big', to: { x: 1, y: 0 } });
    refused(g, { type: 'close-door', figure: 'big', door: 'door-1' }, 'RULES §3 doors');
  });
});

describe('RULES §3 tokens', () => {
  test('health returns up to 3 wounds and cannot be picked up at full health', () => {
    const g = setup(['M.z'], { tokens: [{ id: 'h', kind: 'health', x: 0, y: 0 }] });
    act(g, 'M', 'attack');
    refused(g, { type: 'pick-up', figure: 'M', token: 'h' }, 'RULES §3 health');
    const h = setup(['M.z'], { tokens: [{ id: 'h', kind: 'health', x: 0, y: 0 }], state: { M: { wounds: 5 } } });
    act(h, 'M', 'attack');
    expect(one(ok(h, { type: 'pick-up', figure: 'M', token: 'h' }), 'picked-up')).toMatchObject({ healed: 3 });
    expect(fig(h, 'M').wounds).toBe(2);
  });
  test('adrenaline adds 4 spaces of movement on a later turn', () => {
    const g = setup(['M...........z'], { tokens: [{ id: 'ad', kind: 'adrenaline', x: 0, y: 0 }] });
    refused(g, { type: 'action', figure: 'M', action: 'sprint', adrenaline: true }, 'RULES §3 adrenaline');
    act(g, 'M', 'attack');
    ok(g, { type: 'pick-up', figure: 'M', token: 'ad' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    toMarines(g);
    expect(one(act(g, 'M', 'sprint', { adrenaline: true }), 'action')).toMatchObject({ mp: 12 });
    expect(fig(g, 'M').adrenaline).toBe(0);
  });
  test('berserk: fist only, any hit kills an invader, fades over two turns', () => {
    const g = setup(['Mz.......y'], { types: { z: 'tank', y: 'tank' }, tokens: [{ id: 'bz', kind: 'berserk', x: 0, y: 0 }] });
    act(g, 'M', 'attack');
    ok(g, { type: 'pick-up', figure: 'M', token: 'bz' });
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 1, y: 0 } }, 'RULES §3 berserk');
    const e = shoot(g, 'M', 'fist', 1, 0);
    one(e, 'berserk-kill');
    expect(g.state.killed).toEqual(['z']);
    expect(one(ok(g, { type: 'end', figure: 'M' }), 'berserk-faded')).toBeTruthy();
    toInvaders(g);
    toMarines(g);
    act(g, 'M', 'attack');
    one(ok(g, { type: 'end', figure: 'M' }), 'berserk-faded');
    toInvaders(g);
    toMarines(g);
    act(g, 'M', 'attack');
    one(ok(g, { type: 'end', figure: 'M' }), 'berserk-ended');
    expect(fig(g, 'M').berserk).toBe(0);
  });
  test('unknown token kinds are refused when the game is created', () => {
    expect(() => setup(['M.z'], { tokens: [{ kind: 'medkit', x: 0, y: 0 }] })).toThrow(/medkit/);
  });
});

describe('RULES §3 obstacles', () => {
  test('entering a damaging obstacle deals 1 automatic wound; a path avoiding it is taken when there is one', () => {
    const g = setup(['Mh..', '....', '...z']);
    act(g, 'M', 'advance');
    expect(of(ok(g, { type: 'move', figure: 'M', to: { x: 2, y: 0 } }), 'wounded')).toEqual([]);
    const h = setup(['Mh.z']);
    act(h, 'M', 'advance');
    expect(one(ok(h, { type: 'move', figure: 'M', to: { x: 2, y: 0 } }), 'wounded')).toMatchObject({ figure: 'M', wounds: 1, cause: 'damaging obstacle' });
  });
  test('a figure staying on a damaging obstacle for its whole turn takes another wound', () => {
    const g = setup(['Mh.z']);
    act(g, 'M', 'advance');
    ok(g, { type: 'move', figure: 'M', to: { x: 1, y: 0 } });
    expect(of(ok(g, { type: 'end', figure: 'M' }), 'wounded')).toEqual([]);
    toInvaders(g);
    toMarines(g);
    act(g, 'M', 'attack');
    expect(one(ok(g, { type: 'end', figure: 'M' }), 'wounded')).toMatchObject({ wounds: 1 });
  });
  test('an exploding barrel explodes on any damage: 1 wound to every adjacent figure, chain reactions included', () => {
    const g = setup(['M...', '..bz', '.yb.', '...x'], { types: { x: 'soft', y: 'soft', z: 'soft' } });
    act(g, 'M', 'attack');
    const e = shoot(g, 'M', 'pistol', 2, 1);
    expect(of(e, 'barrel-exploded').map((b) => b.at)).toEqual([{ x: 2, y: 1 }, { x: 2, y: 2 }]);
    expect(of(e, 'wounded').map((w) => [w.figure, w.wounds, w.cause])).toEqual([
      ['z', 1, 'exploding barrel'], ['y', 1, 'exploding barrel'], ['z', 1, 'exploding barrel'], ['y', 1, 'exploding barrel'], ['x', 1, 'exploding barrel'],
    ]);
    expect(cellBits(g.state, 1 * 4 + 2) & Cell.barrel).toBe(0);
  });
  test('a barrel the dice deal no damage to stays', () => {
    const g = setup(['M.b'], {});
    act(g, 'M', 'attack');
    expect(of(shoot(g, 'M', 'dud', 2, 0), 'barrel-exploded')).toEqual([]);
  });
});

describe('RULES §3 frags', () => {
  const fragging = () => {
    const g = setup(['M.z.......', '..........', '..........'], { state: { M: { wounds: 9 } }, tokens: [{ id: 'a', kind: 'armor', x: 0, y: 0 }, { id: 'bz', kind: 'berserk', x: 0, y: 0 }] });
    act(g, 'M', 'attack');
    ok(g, { type: 'pick-up', figure: 'M', token: 'a' });
    ok(g, { type: 'pick-up', figure: 'M', token: 'bz' });
    ok(g, { type: 'end', figure: 'M' });
    ok(g, { type: 'activate', figure: 'z' });
    const e = shoot(g, 'z', undefined, 0, 0);
    return { g, e };
  };
  test('a marine is fragged at its last wound: the invader gains a frag point', () => {
    const { g, e } = fragging();
    expect(one(e, 'fragged')).toMatchObject({ figure: 'M', at: { x: 0, y: 0 }, fragPoints: 1 });
    expect(g.state.fragPoints).toBe(1);
    expect(g.state.figures.map((f) => f.id)).toEqual(['z']);
  });
  test('a fragged marine gets its starting wounds and armor back and loses berserk', () => {
    const { g } = fragging();
    expect(g.state.fragged[0].figure).toMatchObject({ wounds: 0, armor: 2, berserk: 0 });
  });
  test('it respawns at the start of its next turn on a revealed empty space 8–16 spaces away', () => {
    const { g } = fragging();
    toMarines(g);
    refused(g, { type: 'action', figure: 'M', action: 'sprint' }, 'RULES §3 frags');
    refused(g, { type: 'respawn', figure: 'M', to: { x: 5, y: 0 } }, 'RULES §3 frags');
    const spaces = g.legalActions('M').map((c) => c.to as { x: number; y: number });
    expect(spaces.length).toBeGreaterThan(0);
    for (const p of spaces) expect(Math.max(p.x, p.y)).toBeGreaterThanOrEqual(8);
    ok(g, { type: 'respawn', figure: 'M', to: { x: 9, y: 2 } });
    act(g, 'M', 'attack');
  });
  test('with no space 8–16 away, the closest to that', () => {
    const g = setup(['M.z..'], { state: { M: { wounds: 9 } } });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    shoot(g, 'z', undefined, 0, 0);
    toMarines(g);
    expect(g.legalActions('M')).toEqual([{ type: 'respawn', figure: 'M', to: { x: 4, y: 0 } }]);
  });
  test('the invader wins at the scenario\'s frag points (6 by default)', () => {
    const g = setup(['M.z'], { state: { M: { wounds: 9 } }, objectives: [{ kind: 'frags', side: 'invaders', frags: 1 }] });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'z' });
    expect(one(shoot(g, 'z', undefined, 0, 0), 'game-over')).toMatchObject({ winner: 'invaders' });
    expect(g.legalActions()).toEqual([]);
    refused(g, { type: 'end-turn' }, 'game over');
  });
  test('the marines win by eliminating every invader (none left in unrevealed areas)', () => {
    const g = setup(['M.z'], { objectives: [{ kind: 'eliminate', side: 'marines' }] });
    act(g, 'M', 'attack');
    expect(one(shoot(g, 'M', 'pistol', 2, 0), 'game-over')).toMatchObject({ winner: 'marines' });
    const h = setup(['M.z', '...'], { objectives: [{ kind: 'eliminate', side: 'marines' }], edges: [{ from: [0, 1], to: [3, 1], kind: 'wall' }], areas: [{ id: 'a', cells: [[0, 1, 3, 1]], figures: [{ id: 'y', side: 'invaders', type: 'grunt', x: 2, y: 1 }] }] });
    act(h, 'M', 'attack');
    shoot(h, 'M', 'pistol', 2, 0);
    expect(h.state.winner).toBe(null);
  });
});

describe('RULES §3 exploring', () => {
  const rows = ['M....', '.....', '.....'];
  const area: ScenarioArea = { id: 'east', cells: [[3, 0, 2, 3]], figures: [{ id: 'z', side: 'invaders', type: 'grunt', x: 4, y: 1 }], tokens: [{ id: 'am', kind: 'ammo', ammo: 'shells', x: 3, y: 2 }] };
  const walled = [{ from: [3, 0], to: [3, 1], kind: 'wall' }, { from: [3, 1], to: [3, 2], kind: 'door' }, { from: [3, 2], to: [3, 3], kind: 'wall' }] as ScenarioEdge[];
  test('an area is revealed when a marine first has LOS into it, and its content is placed', () => {
    const g = setup(rows, { areas: [area], edges: walled, extra: [{ id: 'y', side: 'invaders', type: 'grunt', x: 0, y: 2 }] });
    expect(g.view().hidden?.length).toBe(6);
    act(g, 'M', 'sprint');
    refused(g, { type: 'attack', figure: 'M', weapon: 'pistol', target: { x: 4, y: 1 } });
    ok(g, { type: 'move', figure: 'M', to: { x: 2, y: 1 } });
    const e = ok(g, { type: 'open-door', figure: 'M', door: 'door-1' });
    expect(one(e, 'revealed')).toMatchObject({ area: 'east', figures: ['z'], tokens: ['am'] });
    expect(g.view().hidden).toEqual([]);
    expect(g.state.tokens.map((t) => t.id)).toEqual(['am']);
  });
  test('areas a marine sees at the start are revealed at once', () => {
    const g = setup(rows, { areas: [area], extra: [{ id: 'y', side: 'invaders', type: 'grunt', x: 0, y: 2 }] });
    expect(g.state.areas[0].revealed).toBe(true);
    expect(fig(g, 'z')).toBeTruthy();
  });
  test('a marine may teleport into an unrevealed area, which is revealed', () => {
    const g = setup(['Mt...', '.....', '....t'], { areas: [{ ...area, cells: [[3, 0, 2, 3]] }], edges: walled, extra: [{ id: 'y', side: 'invaders', type: 'grunt', x: 0, y: 2 }] });
    act(g, 'M', 'advance');
    const e = ok(g, { type: 'move', figure: 'M', to: { x: 4, y: 2 } });
    one(e, 'revealed');
  });
});

describe('RULES §3 knockback and sweep (data-configured stand-ins)', () => {
  test('knockback pushes a surviving target straight away from the attacker', () => {
    const g = setup(['p.M...'], { types: { p: 'pusher' } });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 'p' });
    const e = shoot(g, 'p', undefined, 2, 0);
    expect(of(e, 'knocked-back').map((k) => k.to)).toEqual([{ x: 3, y: 0 }, { x: 4, y: 0 }]);
  });
  test('sweep also hits figures next to both the attacker and the target space', () => {
    const g = setup(['MN', 's.'], { types: { s: 'sweeper' } });
    toInvaders(g);
    ok(g, { type: 'activate', figure: 's' });
    expect(of(shoot(g, 's', undefined, 0, 0), 'wounded').map((w) => w.figure)).toEqual(['M', 'N']);
  });
});

describe('RULES §5 engine', () => {
  test('commands replay exactly from scenario, seed and commands; view describes the position', () => {
    const sc = scenario(['M.b.z', '..h..', 'N...y'], { types: { y: 'gambler' } });
    const g = createGame<D4State>(sc, { seed: 9 });
    for (let i = 0; i < 60; i++) {
      const legal = g.legalActions();
      if (!legal.length) break;
      ok(g, legal[(i * 7) % legal.length]);
    }
    expect(replay<D4State>(sc, 9, g.history).state).toEqual(g.state);
    const v = g.view();
    expect(v.ruleset).toBe('doom2004');
    expect(v.status).toMatch(/Round/);
    expect(v.board.cells.length).toBe(15);
  });
  test('legalActions lists only commands apply accepts, for one actor when asked', () => {
    const g = setup(['M.z', 'N..']);
    expect(g.legalActions('M').every((c) => c.figure === 'M')).toBe(true);
    for (const c of g.legalActions()) {
      const copy = createGame<D4State>(scenario(['M.z', 'N..']), { seed: 1 });
      expect(copy.apply(c).ok, JSON.stringify(c)).toBe(true);
    }
  });
});

describe('RULES §3 movement: the route of a move (issue 45)', () => {
  /** M at (0,2) with 8 spaces (Sprint); the door above it between (0,1) and (0,2) open; a damaging obstacle at (1,1); an invader holds (0,1). */
  const example = () => {
    const g = setup(['...', '.h.', 'M..'], { edges: [{ from: [0, 2], to: [1, 2], kind: 'door' }], extra: [{ id: 'y', side: 'invaders', type: 'grunt', x: 0, y: 1 }] });
    act(g, 'M', 'sprint');
    ok(g, { type: 'open-door', figure: 'M', door: 'door-1' });
    return g;
  };
  test('the example: moving from (0,2) to (0,0) costs 2 through the damaging obstacle (1 wound), by default', () => {
    const g = example();
    expect(g.state.turn!.mp).toBe(6);
    const e = ok(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 } });
    expect(one(e, 'moved')).toMatchObject({ cost: 2, path: [{ x: 0, y: 2 }, { x: 1, y: 1 }, { x: 0, y: 0 }] });
    expect(one(e, 'wounded')).toMatchObject({ figure: 'M', wounds: 1, cause: 'damaging obstacle' });
    expect(g.state.turn!.mp).toBe(4);
  });
  test('route "cheapest" is the default; route "avoid-hazards" goes round for 4 and takes no wound', () => {
    const g = example();
    expect(one(ok(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: 'cheapest' }), 'moved')).toMatchObject({ cost: 2 });
    const h = example();
    const e = ok(h, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: 'avoid-hazards' });
    expect(one(e, 'moved')).toMatchObject({ cost: 4, path: [{ x: 0, y: 2 }, { x: 1, y: 2 }, { x: 2, y: 1 }, { x: 1, y: 0 }, { x: 0, y: 0 }] });
    expect(of(e, 'wounded')).toEqual([]);
    expect(h.state.turn!.mp).toBe(2);
  });
  test('legalActions offers both where they differ, and only one where the cheapest way avoids the obstacle', () => {
    const g = example();
    const moves = g.legalActions('M').filter((c) => c.type === 'move' && (c.to as { x: number; y: number }).x === 0 && (c.to as { x: number; y: number }).y === 0);
    expect(moves).toEqual([{ type: 'move', figure: 'M', to: { x: 0, y: 0 } }, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: 'avoid-hazards' }]);
    // (2,1): 2 spaces through (1,1) or by (1,2): one command, and it takes no wound (Ruling: among the cheapest, one avoiding it).
    expect(g.legalActions('M').filter((c) => c.type === 'move' && (c.to as { x: number }).x === 2 && (c.to as { y: number }).y === 1)).toHaveLength(1);
    const e = ok(g, { type: 'move', figure: 'M', to: { x: 2, y: 1 } });
    expect(one(e, 'moved')).toMatchObject({ cost: 2, path: [{ x: 0, y: 2 }, { x: 1, y: 2 }, { x: 2, y: 1 }] });
    expect(of(e, 'wounded')).toEqual([]);
    // Every offered command is accepted.
    for (const c of example().legalActions('M')) expect(example().apply(c).ok, JSON.stringify(c)).toBe(true);
  });
  test('a 2×2 invader standing on a damaging obstacle is charged the cheapest, 3, not 4 round the other obstacle', () => {
    const rows = ['h.h..', '.....', '.....', '.....'];
    const g = setup(rows, { types: { k: 'brute' }, extra: [{ id: 'k', side: 'invaders', type: 'brute', x: 0, y: 0 }] });
    toInvaders(g);
    expect(fig(g, 'k')).toMatchObject({ w: 2, h: 2 });
    ok(g, { type: 'activate', figure: 'k' });
    expect(g.legalActions('k')).toContainEqual({ type: 'move', figure: 'k', to: { x: 3, y: 1 }, route: 'avoid-hazards' });
    const e = ok(g, { type: 'move', figure: 'k', to: { x: 3, y: 1 } });
    expect(one(e, 'moved')).toMatchObject({ cost: 3 });
    expect(one(e, 'wounded')).toMatchObject({ figure: 'k', cause: 'damaging obstacle' });
    const h = setup(rows, { extra: [{ id: 'k', side: 'invaders', type: 'brute', x: 0, y: 0 }] });
    toInvaders(h);
    ok(h, { type: 'activate', figure: 'k' });
    const round = ok(h, { type: 'move', figure: 'k', to: { x: 3, y: 1 }, route: 'avoid-hazards' });
    expect(one(round, 'moved')).toMatchObject({ cost: 4 });
    expect(of(round, 'wounded')).toEqual([]);
  });
  test('waypoints: the move passes them in order, each leg the cheapest; the cost is the sum', () => {
    const g = example();
    const e = ok(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: [{ x: 2, y: 2 }, { x: 2, y: 0 }] });
    expect(one(e, 'moved')).toMatchObject({ cost: 6, path: [{ x: 0, y: 2 }, { x: 1, y: 2 }, { x: 2, y: 2 }, { x: 2, y: 1 }, { x: 2, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 0 }] });
    expect(of(e, 'wounded')).toEqual([]);
    // Space by space through the obstacle: the same as the default.
    expect(one(ok(example(), { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: [{ x: 1, y: 1 }] }), 'wounded')).toMatchObject({ wounds: 1 });
  });
  test('a route that cannot be taken is refused with the reason, the state unchanged', () => {
    const g = example();
    expect(refused(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: 'scenic' }, 'command')!.message).toMatch(/\/route: "scenic" is not one of cheapest, avoid-hazards/);
    refused(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: [] }, 'command');
    refused(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: Array(65).fill({ x: 1, y: 2 }) }, 'command');
    refused(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: [{ x: 1.5, y: 2 }] }, 'command');
    // A waypoint held by an invader, or out of reach, names that waypoint.
    expect(refused(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: [{ x: 0, y: 1 }] }, 'RULES §3 movement')!.message).toMatch(/waypoint 1 \(0,1\)/);
    expect(refused(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: [{ x: 2, y: 2 }, { x: 2, y: 0 }, { x: 2, y: 2 }] }, 'RULES §3 movement')!.message).toMatch(/end of the move \(0,0\)/);
    // No way round within the movement left.
    ok(g, { type: 'move', figure: 'M', to: { x: 1, y: 2 } });
    ok(g, { type: 'move', figure: 'M', to: { x: 0, y: 2 } });
    ok(g, { type: 'move', figure: 'M', to: { x: 1, y: 2 } });
    ok(g, { type: 'move', figure: 'M', to: { x: 0, y: 2 } });
    expect(g.state.turn!.mp).toBe(2);
    expect(refused(g, { type: 'move', figure: 'M', to: { x: 0, y: 0 }, route: 'avoid-hazards' }, 'RULES §3 movement')!.message).toMatch(/avoids the damaging obstacles/);
  });
});

describe('RULES §3 guard: a window after every invader step (issue 45)', () => {
  /** M guards; z (1 wound left) stands next to a damaging obstacle, y (a tank) farther off; M can shoot y. */
  const guarding = (rows: string[]) => {
    const g = setup(rows, { types: { y: 'tank' }, state: { z: { wounds: 2 } } });
    act(g, 'M', 'ready', { order: 'guard' });
    ok(g, { type: 'end', figure: 'M' });
    toInvaders(g);
    return g;
  };
  test('an invader killed by a damaging obstacle on its own move: the window opens while a guard can attack another invader', () => {
    const g = guarding(['M...y', '.....', '..hz.']);
    const started = one(ok(g, { type: 'activate', figure: 'z' }), 'interrupt-window');
    expect(eventLine(started, { view: g.view(), state: g.state, name: (id) => `<${id}>` })?.text).toBe('<M> may interrupt <z> with a guard attack');
    ok(g, { type: 'pass', side: 'marines' });
    const e = ok(g, { type: 'move', figure: 'z', to: { x: 2, y: 2 } });
    one(e, 'killed');
    expect(one(e, 'interrupt-window')).toMatchObject({ invader: 'z', guards: ['M'] });
    // The log does not name the invader that is gone.
    const words = (ev: GameEvent) => eventLine(ev, { view: g.view(), state: g.state, name: (id) => `<${id}>` })?.text;
    expect(words(one(e, 'interrupt-window'))).toBe("<M> may interrupt the invaders' turn with a guard attack");
    expect(g.state.window).toEqual({ invader: 'z' });
    expect(g.legalActions()).toContainEqual({ type: 'guard-attack', figure: 'M', weapon: 'pistol', target: { x: 4, y: 0 } });
    refused(g, { type: 'activate', figure: 'y' }, 'RULES §3 guard');
    const a = ok(g, { type: 'guard-attack', figure: 'M', weapon: 'pistol', target: { x: 4, y: 0 } });
    expect(one(a, 'attacked')).toMatchObject({ guard: true, targetFigure: 'y' });
    // The invader's turn goes on: y is still to be activated.
    expect(g.state.phase).toBe('invaders');
    ok(g, { type: 'activate', figure: 'y' });
  });
  test('when the killed invader was the last to act, the turn passes on only after the window', () => {
    const g = guarding(['M...y', '.....', '..hz.']);
    ok(g, { type: 'activate', figure: 'y' });
    ok(g, { type: 'pass', side: 'marines' });
    ok(g, { type: 'end', figure: 'y' });
    ok(g, { type: 'activate', figure: 'z' });
    ok(g, { type: 'pass', side: 'marines' });
    const e = ok(g, { type: 'move', figure: 'z', to: { x: 2, y: 2 } });
    one(e, 'interrupt-window');
    expect(of(e, 'phase-started')).toEqual([]);
    expect(g.state.phase).toBe('invaders');
    const p = ok(g, { type: 'pass', side: 'marines' });
    expect(one(p, 'phase-started')).toMatchObject({ side: 'marines' });
  });
  test('no guard with an attack left: no window, and the turn goes on at once as before', () => {
    const g = guarding(['M....', '.....', '..hz.']);
    ok(g, { type: 'activate', figure: 'z' });
    ok(g, { type: 'pass', side: 'marines' });
    const e = ok(g, { type: 'move', figure: 'z', to: { x: 2, y: 2 } });
    one(e, 'killed');
    expect(of(e, 'interrupt-window')).toEqual([]);
    expect(g.state.window).toBe(null);
  });
});

describe('objectives: one command meeting both sides\' objectives (Ruling)', () => {
  /** M (1 wound left) shoots the barrel between it and z (1 wound left): the blast frags M and kills z. */
  const both = (first: 'marines' | 'invaders') => {
    const objectives: Scenario['objectives'] = [{ kind: 'eliminate', side: 'marines' }, { kind: 'frags', side: 'invaders', frags: 1 }];
    const g = setup(['Mbz'], { state: { M: { health: 2, wounds: 1 }, z: { wounds: 2 } }, objectives: first === 'marines' ? objectives : [...objectives].reverse() });
    act(g, 'M', 'attack');
    return shoot(g, 'M', 'pistol', 1, 0);
  };
  test('the side whose objective the scenario lists first wins', () => {
    for (const first of ['marines', 'invaders'] as const) {
      const e = both(first);
      one(e, 'killed');
      one(e, 'fragged');
      expect(one(e, 'game-over')).toMatchObject({ winner: first });
    }
  });
});

/** d20 rules (RULES §4), one test per rule statement, refusals included. */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type D20State } from '../../src/rules/index.ts';
import { roll, seedRng } from '../../src/rules/rng.ts';
import type { Scenario } from '../../src/scenario/types.ts';

beforeAll(async () => {
  await loadCore();
});

const units = {
  trooper: { hp: 10, defense: 14, attack: 6, damage: 10, source: 'sample, not official' },
  tough: { hp: 30, defense: 14, attack: 6, damage: 10, source: 'sample, not official' },
  brawler: { hp: 20, defense: 15, attack: 8, damage: 10, abilities: ['melee'], source: 'sample, not official' },
};

/** A scenario from map rows where letters are figures: uppercase = empire, lowercase = alliance. */
function scenario(rows: string[], types: Record<string, string> = {}, extra: Partial<Scenario> = {}): Scenario {
  const figures: Scenario['figures'] = [];
  const map = rows.map((row, y) =>
    [...row].map((ch, x) => {
      if (/[A-Za-z]/.test(ch) && ch !== 'l' && ch !== 'd') {
        figures.push({ id: ch, side: ch === ch.toUpperCase() ? 'empire' : 'alliance', type: types[ch] ?? 'trooper', x, y });
        return '.';
      }
      return ch;
    }).join(''),
  );
  return { ruleset: 'd20', map, figures, sides: ['empire', 'alliance'], data: { units: { name: 'test/units', ruleset: 'd20', kind: 'units', source: 'sample, not official', entries: units } }, ...extra };
}

/** The first seed whose first d20 roll is `n`. */
function seedRolling(n: number): number {
  for (let s = 1; ; s++) if (roll(seedRng(s), 20) === n) return s;
}

const attackWith = (rows: string[], natural: number, helpers: string[] = [], types: Record<string, string> = {}) => {
  const g = createGame<D20State>(scenario(rows, types), { seed: seedRolling(natural) });
  expect(g.apply({ type: 'activate', figure: 'A' }).ok).toBe(true);
  return { g, r: g.apply({ type: 'attack', figure: 'A', target: 'b', helpers }) };
};

describe('RULES §4 attack', () => {
  test('d20 + attack ≥ defense hits and deals damage', () => {
    const { r, g } = attackWith(['A...b'], 8); // 8 + 6 = 14 ≥ 14
    expect(r.ok && r.events[0]).toMatchObject({ type: 'attacked', natural: 8, total: 14, defense: 14, hit: true, damage: 10 });
    expect(g.state.defeated).toEqual(['b']);
  });
  test('d20 + attack below defense misses', () => {
    const { r } = attackWith(['A...b'], 7);
    expect(r.ok && r.events[0]).toMatchObject({ natural: 7, total: 13, hit: false, damage: 0 });
  });
  test('a natural 20 always hits and deals double damage', () => {
    const { r } = attackWith(['A...b'], 20, [], { b: 'tough' });
    expect(r.ok && r.events).toContainEqual({ type: 'damaged', figure: 'b', damage: 20, hp: 10 });
  });
  test('a natural 1 always misses', () => {
    const g = createGame<D20State>(scenario(['A...b']), { seed: seedRolling(1), units: { ...units, trooper: { ...units.trooper, attack: 40 } } });
    g.apply({ type: 'activate', figure: 'A' });
    const r = g.apply({ type: 'attack', figure: 'A', target: 'b' });
    expect(r.ok && r.events[0]).toMatchObject({ natural: 1, hit: false });
  });
  test('at 0 hit points a character is defeated and removed; the last side standing wins', () => {
    const { g, r } = attackWith(['A...b'], 15);
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['attacked', 'damaged', 'defeated', 'game-over']);
    expect(g.state.figures.map((f) => f.id)).toEqual(['A']);
    expect(g.state.winner).toBe('empire');
    expect(g.apply({ type: 'end', figure: 'A' })).toMatchObject({ ok: false, refusal: { rule: 'game over' } });
  });
});

describe('RULES §4 cover and targeting', () => {
  test('cover gives +4 defense', () => {
    const { r } = attackWith(['A.C.b'], 12); // C (empire) in between: b is in cover
    expect(r.ok && r.events[0]).toMatchObject({ cover: true, defense: 18, total: 18, hit: true });
  });
  test('attacking a covered enemy that is not the nearest is refused', () => {
    // c is nearer and in the open; b is in cover behind the low objects and farther away.
    const g = createGame<D20State>(scenario(['A..c.', '.....', '...lb']));
    g.apply({ type: 'activate', figure: 'A' });
    const before = g.state;
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' })).toEqual({
      ok: false, refusal: { rule: 'RULES §4 cover', message: 'b is in cover and is not the nearest enemy of A' },
    });
    expect(g.state).toEqual(before);
    expect(g.apply({ type: 'attack', figure: 'A', target: 'c' }).ok).toBe(true);
  });
  test('a covered enemy may be attacked when it is the nearest', () => {
    const { r } = attackWith(['A.C.b', '.....', '.....', '....c'], 10);
    expect(r.ok && r.events[0]).toMatchObject({ type: 'attacked', target: 'b', cover: true });
  });
  test('an impassable edge does not make the only enemy in sight "not the nearest" (distance ignores terrain)', () => {
    // b is in cover behind the low objects; the impassable line between stops movement, not the count of distance.
    const g = createGame<D20State>({ ...scenario(['......', 'A.l.b.', '......']), edges: [{ from: [3, 0], to: [3, 3], kind: 'impassable' }] });
    g.apply({ type: 'activate', figure: 'A' });
    const r = g.apply({ type: 'attack', figure: 'A', target: 'b' });
    expect(r.ok && r.events[0]).toMatchObject({ type: 'attacked', target: 'b', cover: true });
  });
  test('with an adjacent enemy, only an adjacent enemy may be attacked', () => {
    const g = createGame<D20State>(scenario(['Ab..c']));
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'c' })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 adjacent enemies' } });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' }).ok).toBe(true);
  });
  test('Melee Attack: adjacent targets only', () => {
    const g = createGame<D20State>(scenario(['A..b'], { A: 'brawler' }));
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' })).toMatchObject({
      ok: false, refusal: { rule: 'RULES §4 Melee Attack', message: 'A has Melee Attack and may only attack adjacent enemies (adjacent for movement: one step apart, not across a wall, door or impassable edge, nor diagonally past the end of one)' },
    });
  });
  test('no LOS, no attack', () => {
    const g = createGame<D20State>({ ...scenario(['A.b']), edges: [{ from: [1, 0], to: [1, 1], kind: 'wall' }] });
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 LOS' } });
  });
  test('allies are not targets', () => {
    const g = createGame<D20State>(scenario(['A.C.b']));
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'C' })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 targeting' } });
  });
});

describe('RULES §4 adjacent means adjacent for movement', () => {
  test('an enemy touching across a wall is not adjacent: another enemy may be attacked', () => {
    // A (0,1) and b (1,1) touch, but a wall runs between them; c is in plain sight below A.
    const sc = { ...scenario(['..', 'Ab', '..', '..', 'c.']), edges: [{ from: [1, 1] as [number, number], to: [1, 2] as [number, number], kind: 'wall' as const }] };
    const g = createGame<D20State>(sc);
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.legalActions('A')).toContainEqual({ type: 'attack', figure: 'A', target: 'c' });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'c' }).ok).toBe(true);
  });
  test('a diagonal enemy past a wall touching the shared corner is not adjacent', () => {
    // b (1,1) is diagonal to A (0,0); a wall between (0,0) and (1,0) touches their shared corner.
    const sc = { ...scenario(['A.', '.b', '..', 'c.']), edges: [{ from: [1, 0] as [number, number], to: [1, 1] as [number, number], kind: 'wall' as const }] };
    const g = createGame<D20State>(sc);
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'c' }).ok).toBe(true);
  });
  test('Melee Attack: a diagonal target past a wall touching the shared corner is not adjacent (though in sight)', () => {
    const sc = { ...scenario(['A.', '.b'], { A: 'brawler' }), edges: [{ from: [1, 0] as [number, number], to: [1, 1] as [number, number], kind: 'wall' as const }] };
    const g = createGame<D20State>(sc);
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 Melee Attack' } });
  });
});

describe("RULES §4 a unit's speed", () => {
  const slow = { ...units, slow: { hp: 10, defense: 14, attack: 6, damage: 10, speed: 3, source: 'sample, not official' } };
  const slowGame = () => {
    const data = { units: { name: 'test/units', ruleset: 'd20' as const, kind: 'units', source: 'sample, not official', entries: slow } };
    const g = createGame<D20State>(scenario(['A.........', '.........b'], { A: 'slow', b: 'tough' }, { data }));
    g.apply({ type: 'activate', figure: 'A' });
    return g;
  };
  test('speed 3: 2 × 3 squares without attacking, no more', () => {
    const g = slowGame();
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 7, y: 0 } })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 movement' } });
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 6, y: 0 } }).ok).toBe(true);
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 activation', message: expect.stringContaining('more than its speed 3') } });
  });
  test('speed 3: 3 squares and an attack', () => {
    const g = slowGame();
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 3, y: 0 } }).ok).toBe(true);
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' }).ok).toBe(true);
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 4, y: 0 } })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 movement' } });
  });
});

describe('RULES §4 combined fire', () => {
  test('each helper that sees the target adds +4 and counts as activated, not against the 2-per-phase limit', () => {
    const { r, g } = attackWith(['A...b', 'B....', 'C....'], 2, ['B', 'C'], { b: 'tough' });
    expect(r.ok && r.events[0]).toMatchObject({ natural: 2, bonus: 8, total: 16, hit: true, helpers: ['B', 'C'] });
    expect(g.state.figures.filter((f) => f.activated).map((f) => f.id).sort()).toEqual(['A', 'B', 'C']);
    expect(g.state.used).toBe(0); // A's activation is counted when it ends
  });
  test('an illegal combined fire is refused: helper without LOS, an enemy, or already activated', () => {
    // B is behind a wall that runs across the whole room.
    const g = createGame<D20State>({ ...scenario(['A...b', '.....', 'B....', 'c....']), edges: [{ from: [0, 2], to: [5, 2], kind: 'wall' }] });
    g.apply({ type: 'activate', figure: 'A' });
    const before = g.state;
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b', helpers: ['B'] })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 combined fire', message: 'B has no line of sight to b' } });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b', helpers: ['c'] })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 combined fire' } });
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b', helpers: ['A'] })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 combined fire' } });
    expect(g.state).toEqual(before);
  });
});

describe('RULES §4 activation and movement', () => {
  test('2 activations per phase, then the other side', () => {
    const g = createGame<D20State>(scenario(['ABC..', '.....', 'abc..']));
    for (const id of ['A', 'B']) {
      expect(g.apply({ type: 'activate', figure: id }).ok).toBe(true);
      expect(g.apply({ type: 'end', figure: id }).ok).toBe(true);
    }
    expect(g.apply({ type: 'activate', figure: 'C' })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 activation', message: "it is alliance's phase, not empire's" } });
    expect(g.state.sides[g.state.side]).toBe('alliance');
  });
  test('a figure is activated once per round; a new round readies everyone', () => {
    const g = createGame<D20State>(scenario(['A...', '...b']));
    g.apply({ type: 'activate', figure: 'A' });
    g.apply({ type: 'end', figure: 'A' });
    const r = g.apply({ type: 'activate', figure: 'b' });
    expect(r.ok).toBe(true);
    const e = g.apply({ type: 'end', figure: 'b' });
    expect(e.ok && e.events.map((x) => x.type)).toEqual(['activation-ended', 'round-started', 'phase-started']);
    expect(g.state.round).toBe(2);
    expect(g.apply({ type: 'activate', figure: 'A' }).ok).toBe(true);
  });
  test('move 6 and attack; diagonals cost 2', () => {
    const g = createGame<D20State>(scenario(['A.......', '........', '........', '.......b'], { b: 'tough' }), { seed: seedRolling(5) });
    g.apply({ type: 'activate', figure: 'A' });
    const m = g.apply({ type: 'move', figure: 'A', to: { x: 2, y: 2 } });
    expect(m.ok && m.events[0]).toMatchObject({ cost: 4 });
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 4, y: 2 } }).ok).toBe(true); // 6 in all
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' }).ok).toBe(true);
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 5, y: 2 } })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 movement' } });
  });
  test('move 12 without attacking; more is refused; a double move forbids the attack', () => {
    const g = createGame<D20State>(scenario(['A.............b']));
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 13, y: 0 } })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 movement' } });
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 8, y: 0 } }).ok).toBe(true);
    expect(g.apply({ type: 'attack', figure: 'A', target: 'b' })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 activation' } });
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 12, y: 0 } }).ok).toBe(true);
  });
  test('low objects cost double; enemies block; no move ends on a figure', () => {
    const g = createGame<D20State>(scenario(['Al.B', 'b...']));
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.apply({ type: 'move', figure: 'A', to: { x: 3, y: 0 } })).toMatchObject({ ok: false, refusal: { rule: 'RULES §4 movement' } });
    const m = g.apply({ type: 'move', figure: 'A', to: { x: 2, y: 0 } });
    expect(m.ok && m.events[0]).toMatchObject({ cost: 3 }); // 2 into the low objects + 1
  });
});

describe('engine behaviour (RULES §5)', () => {
  test('a refused command leaves the state untouched; undo takes back accepted ones', () => {
    const g = createGame<D20State>(scenario(['A...b']));
    const s0 = g.state;
    expect(g.apply({ type: 'end', figure: 'A' }).ok).toBe(false);
    expect(g.state).toEqual(s0);
    g.apply({ type: 'activate', figure: 'A' });
    g.apply({ type: 'move', figure: 'A', to: { x: 1, y: 0 } });
    expect(g.undo()).toBe(true);
    expect(g.undo()).toBe(true);
    expect(g.state).toEqual(s0);
    expect(g.undo()).toBe(false);
  });
  test('replay reproduces the live state exactly, dice included', () => {
    const sc = scenario(['A.B...', '......', '..b..c']);
    const g = createGame<D20State>(sc, { seed: 99 });
    for (const c of [
      { type: 'activate', figure: 'A' }, { type: 'attack', figure: 'A', target: 'b' }, { type: 'end', figure: 'A' },
      { type: 'activate', figure: 'B' }, { type: 'end', figure: 'B' },
    ]) g.apply(c);
    expect(replay<D20State>(sc, 99, g.history).state).toEqual(g.state);
  });
  test('the dice generator is the documented mulberry32: fixed values for seed 1', () => {
    const r = seedRng(1);
    expect([1, 2, 3, 4, 5].map(() => roll(r, 20))).toEqual([8, 14, 8, 2, 4]); // recorded once: guards against drift
  });
});

describe('bundled scenario', () => {
  test('the d20 skirmish plays with the bundled sample characters, by name', async () => {
    const skirmish = (await import('../../src/scenario/bundled/d20-skirmish.json')).default as unknown as Scenario;
    const g = createGame<D20State>(skirmish);
    expect(g.legalActions().map((c) => c.type)).toContain('activate');
    expect(g.state.units.trooper.hp).toBe(20);
  });
  test('an invalid scenario is refused with the offending field named', () => {
    const bad = { ...scenario(['A...b']), sides: ['empire'] };
    expect(() => createGame<D20State>(bad)).toThrow(/sides/);
  });
});


describe('the board view', () => {
  test('shows figures with damage out of hit points, activation markers and the status line', () => {
    const g = createGame<D20State>(scenario(['A...b']), { seed: seedRolling(20) });
    g.apply({ type: 'activate', figure: 'A' });
    g.apply({ type: 'attack', figure: 'A', target: 'b' });
    const v = g.view();
    expect(v.board.width).toBe(5);
    expect(v.figures.map((f) => [f.id, f.damage, f.health, f.markers])).toEqual([['A', 0, 10, ['activated']]]);
    expect(v.status).toBe('empire won');
    expect(v.winner).toBe('empire');
  });
  test('names the side and the activating figure', () => {
    const g = createGame<D20State>(scenario(['A...b']));
    expect(g.view().status).toBe('Round 1 — empire: activation 1 of 2');
    g.apply({ type: 'activate', figure: 'A' });
    expect(g.view()).toMatchObject({ side: 'empire', active: 'A', status: 'Round 1 — empire: A is activating' });
  });
});

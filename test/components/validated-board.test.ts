/**
 * Issue 41, 201×201 first render: the grid core parses a scenario's map once. Explore mode wraps the
 * board `validateScenario` built (`validatedBoardOf`) instead of parsing the map again, and the
 * loader keeps the scenario as written without a second copy of the whole input (`sourceOf`). Both
 * must give exactly what they replace; bad input is refused with exactly the problems it had.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sourceOf } from '../../components/controllers/scenario-source.ts';
import { boardInputOf, validatedBoardOf, type Placed } from '../../components/model.ts';
import { Board } from '../../src/core/board.ts';
import { ScenarioError, validateScenario, type Scenario } from '../../src/scenario/index.ts';

const BUNDLED = join(import.meta.dirname, '../../src/scenario/bundled');
const bundled = readdirSync(BUNDLED).filter((f) => f.endsWith('.json')).map((f) => [f, JSON.parse(readFileSync(join(BUNDLED, f), 'utf8'))] as const);

/** A seeded 201×201 doom2016 board with the bench board's densities (bench/ui/bench-page.js). */
function board201(): Scenario {
  let seed = 12345;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const map = Array.from({ length: 201 }, () => Array.from({ length: 201 }, () => (rnd() < 0.08 ? 'd' : rnd() < 0.01 ? 't' : '.')).join(''));
  const edges = Array.from({ length: 1515 }, () => {
    const x = 1 + Math.floor(rnd() * 195);
    const y = 1 + Math.floor(rnd() * 195);
    const len = 1 + Math.floor(rnd() * 5);
    const kind = rnd() < 0.7 ? 'wall' : rnd() < 0.5 ? 'blocking' : 'door';
    return rnd() < 0.5 ? { from: [x, y], to: [x + len, y], kind } : { from: [x, y], to: [x, y + len], kind };
  });
  const taken = new Set<number>();
  const figures: { id: string; side: string; type: string; x: number; y: number }[] = [];
  while (figures.length < 606) {
    const at = Math.floor(rnd() * 201 * 201);
    if (taken.has(at)) continue;
    taken.add(at);
    const i = figures.length;
    figures.push({ id: i < 6 ? `marine-${i + 1}` : `imp-${i - 5}`, side: i < 6 ? 'marines' : 'invader', type: i < 6 ? 'marine' : 'imp', x: at % 201, y: Math.floor(at / 201) });
  }
  return { ruleset: 'doom2016', title: 'Bench 201×201', map, edges, figures, sides: ['marines', 'invader'] } as unknown as Scenario;
}

const placed = (s: Scenario): Placed[] => s.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 }));

describe('explore mode\'s board without a second parse', () => {
  test.each([...bundled, ['the 201×201 bench board', board201()] as const])('%s: the validated board is the board parsing gives, teleporting marines included', (_, input) => {
    const s = validateScenario(input);
    const figures = placed(s);
    const data = validatedBoardOf(s, figures, new Set());
    expect(data).not.toBeNull();
    expect(data).toEqual(Board.create(boardInputOf(s, figures, new Set())).data);
  });

  test('a moved figure, an open door or a copy of the scenario: no validated board (the map is parsed)', () => {
    const s = validateScenario(board201());
    const figures = placed(s);
    expect(validatedBoardOf(s, figures.map((f, i) => (i === 3 ? { ...f, x: f.x === 0 ? 1 : f.x - 1 } : f)), new Set())).toBeNull();
    expect(validatedBoardOf(s, figures, new Set([s.edges!.findIndex((e) => e.kind === 'door')]))).toBeNull();
    expect(validatedBoardOf(structuredClone(s), figures, new Set())).toBeNull();
  });

  test('wrapping it leaves it unchanged: a move on one board is not on the next one made from it', () => {
    const s = validateScenario(board201());
    const figures = placed(s);
    const before = structuredClone(validatedBoardOf(s, figures, new Set()));
    const a = Board.fromData(validatedBoardOf(s, figures, new Set())!);
    const f = figures.find((g) => g.id === 'imp-1')!;
    const free = [[f.x + 1, f.y], [f.x - 1, f.y], [f.x, f.y + 1], [f.x, f.y - 1]].find(([x, y]) => {
      try {
        Board.fromData(validatedBoardOf(s, figures, new Set())!).moveFigure('imp-1', x, y);
        return true;
      } catch {
        return false;
      }
    })!;
    a.moveFigure('imp-1', free[0], free[1]);
    expect(a.data.figures.find((g) => g.id === 'imp-1')).toMatchObject({ x: free[0], y: free[1] });
    expect(validatedBoardOf(s, figures, new Set())).toEqual(before);
  });
});

describe('bad input is refused as before', () => {
  const problems = (input: unknown): string[] => {
    try {
      validateScenario(input);
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      return (e as ScenarioError).problems;
    }
    throw new Error('accepted');
  };
  test('the grid core\'s problems (a bad edge kind, a slanted edge, a figure on void, two on one space) are named as they were on main', () => {
    const s = board201() as unknown as { map: string[]; edges: unknown[]; figures: { x: number; y: number; w?: number }[] };
    s.map[0] = ` ${s.map[0].slice(1)}`;
    s.figures[0] = { ...s.figures[0], x: 0, y: 0 };
    s.figures[1] = { ...s.figures[1], x: s.figures[2].x, y: s.figures[2].y };
    s.edges.push({ from: [3, 3], to: [4, 4], kind: 'wall' }, { from: [3, 3], to: [3, 9], kind: 'moat' });
    expect(problems(s)).toEqual([
      'edges[1516].kind: "moat" is not one of wall, door, blocking, impassable',
      'edges[1515]: segment (3,3)–(4,4) is not horizontal or vertical',
      'figures[0].x: cell (0,0) of the footprint is off the map',
      `figures[2].x: cell (${s.figures[2].x},${s.figures[2].y}) is already occupied by "marine-2"`,
    ]);
  });
});

describe('the scenario as written, kept beside the validated one', () => {
  test.each([...bundled, ['the 201×201 bench board', board201()] as const])('%s: equal to a copy of the input, sharing no object with it', (_, input) => {
    const s = validateScenario(input);
    const source = sourceOf(s, input);
    expect(source).toEqual(structuredClone(input));
    expect(JSON.stringify(source)).toBe(JSON.stringify(input));
    expect(source.figures).not.toBe(input.figures);
    expect(source.map).not.toBe(input.map);
  });

  test('figures without w and h stay without them in the source; the validated copy has them', () => {
    const input = board201();
    const s = validateScenario(input);
    expect(s.figures[0]).toMatchObject({ w: 1, h: 1 });
    expect('w' in sourceOf(s, input).figures[0]).toBe(false);
  });

  test('a scenario another engine validated: a whole copy of the input', () => {
    const input = board201();
    const other = structuredClone(validateScenario(input));
    const source = sourceOf(other, input);
    expect(source).toEqual(structuredClone(input));
    expect(source.edges).not.toBe(other.edges);
  });
});

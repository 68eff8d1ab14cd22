/** d20 game state (RULES §4): plain data, serializable, everything the rules need. */
import { parseBoard } from '../../core/board-input.ts';
import { Board } from '../../core/board.ts';
import { sharedBoard, sourceData, type BoardSource } from '../../core/shared-board.ts';
import type { BoardData } from '../../core/types.ts';
import type { Scenario } from '../../scenario/types.ts';
import { ScenarioError } from '../../scenario/validate.ts';
import { seedRng, type RngState } from '../rng.ts';
import type { PlacedFigure } from '../types.ts';

/** A character's card (data, never code: see src/data). */
export interface D20Unit {
  hp: number;
  defense: number;
  attack: number;
  damage: number;
  /** Squares per move; 6 in the rules. */
  speed?: number;
  abilities?: string[];
  size?: [number, number];
}

export interface D20Figure extends PlacedFigure {
  hp: number;
  activated: boolean;
}

export interface D20State {
  ruleset: 'd20';
  rng: RngState;
  board: { width: number; height: number; cells: number[]; hEdges: number[]; vEdges: number[] };
  units: Record<string, D20Unit>;
  sides: string[];
  /** Characters still on the board. */
  figures: D20Figure[];
  defeated: string[];
  round: number;
  /** Index into `sides` of the side whose phase it is. */
  side: number;
  /** Activations used in this phase (2 per phase; combined-fire helpers do not count). */
  used: number;
  active: null | { id: string; moved: number; attacked: boolean };
  winner: string | null;
}

export function initD20(scenario: Scenario, units: Record<string, D20Unit>, seed: number): D20State {
  const data = parseBoard({ ruleset: 'd20', map: scenario.map, edges: scenario.edges, figures: [] });
  const figures: D20Figure[] = scenario.figures.map((f) => {
    const u = units[f.type];
    if (!u) throw new Error(`figures: unknown unit type ${JSON.stringify(f.type)}`);
    const [w, h] = [f.w ?? u.size?.[0] ?? 1, f.h ?? u.size?.[1] ?? 1];
    const hp = typeof f.state?.hp === 'number' ? f.state.hp : u.hp;
    return { id: f.id, side: f.side, type: f.type, x: f.x, y: f.y, w, h, hp, activated: false };
  });
  // Validates the figures on the board (throws BoardError naming the field).
  parseBoard({ ruleset: 'd20', map: scenario.map, edges: scenario.edges, figures });
  // RULES §4: a side wins when the other has no figures left; a game where that is so before the
  // first command would be over with no winner (a review's one-sided scenario started a dead game).
  const sidesWithFigures = scenario.sides.filter((side) => figures.some((f) => f.side === side));
  if (sidesWithFigures.length < 2) {
    throw new ScenarioError([`figures: a d20 game needs figures of two sides; ${sidesWithFigures.length ? `only ${sidesWithFigures[0]} has any` : 'there are none'}`]);
  }
  return {
    ruleset: 'd20',
    rng: seedRng(seed),
    board: { width: data.width, height: data.height, cells: [...data.cells], hEdges: [...data.hEdges], vEdges: [...data.vEdges] },
    units,
    sides: [...scenario.sides],
    figures,
    defeated: [],
    round: 1,
    side: 0,
    used: 0,
    active: null,
    winner: null,
  };
}

/** The grid core's view of the state. */
export function boardOf(s: D20State): Board {
  return Board.fromData(sourceData(sourceOf(s)));
}

/** `boardOf`'s board shared with the rules' earlier queries (core/shared-board.ts): only to be queried, never changed. */
export function queryBoardOf(s: D20State): Board {
  return sharedBoard('d20', sourceOf(s));
}

function sourceOf(s: D20State): BoardSource {
  const { width, height, cells, hEdges, vEdges } = s.board;
  return { ruleset: 'd20', width, height, cells, hEdges, vEdges, figures: s.figures, teleporting: null };
}

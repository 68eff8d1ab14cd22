/**
 * `Board`: the typed API over the Wasm grid core. One Wasm instance serves every board; a board
 * uploads itself when it becomes the current one, so queries never cross the boundary per cell.
 * Mutations validate first and change nothing when they fail.
 */
import { BoardError, checkFigures, parseBoard, type BoardInput, type FigureInput } from './board-input.ts';
import { explainSight } from './explain.ts';
import { getCore, type CoreExports } from './wasm.ts';
import {
  EdgeKind, RULESETS, type BoardData, type FigureData, type GridQueries, type Placement, type ReachMap, type ReachPath,
  type SightAnswer, type SightExplanation, type SightMap, type SightToFigures,
} from './types.ts';

let current: Board | null = null;
let generation = 0;

export class Board implements GridQueries {
  private _data: BoardData;
  private uploaded = -1;

  private constructor(data: BoardData) {
    this._data = data;
  }

  /** Build a board from the hand-written format; throws BoardError naming every bad field. */
  static create(input: BoardInput): Board {
    return new Board(parseBoard(input));
  }

  /** Wrap already validated data (e.g. from `parseBoard`). */
  static fromData(data: BoardData): Board {
    return new Board(data);
  }

  get data(): BoardData {
    return this._data;
  }

  /** Index of a figure by id or index; throws when there is none. */
  figureIndex(ref: string | number): number {
    const i = typeof ref === 'number' ? ref : this._data.figures.findIndex((f) => f.id === ref);
    if (!Number.isInteger(i) || i < 0 || i >= this._data.figures.length) {
      throw new BoardError([`figure: no figure ${JSON.stringify(ref)} on this board`]);
    }
    return i;
  }

  // ------------------------------------------------------------------ mutations

  /** Move a figure's footprint to (x,y); `rotated` swaps its width and height. */
  moveFigure(ref: string | number, x: number, y: number, rotated = false): void {
    const i = this.figureIndex(ref);
    const f = this._data.figures[i];
    const moved: FigureInput = { ...f, x, y, ...(rotated ? { w: f.h, h: f.w } : {}) };
    // Checked last, so that a clash is reported against the figure being moved.
    const others = this._data.figures.filter((_, j) => j !== i);
    this.replaceFigures([...others, moved], this._data.figures.map((g, j) => (j === i ? moved : g)));
  }

  addFigure(figure: FigureInput): void {
    this.replaceFigures([...this._data.figures, figure]);
  }

  removeFigure(ref: string | number): void {
    const i = this.figureIndex(ref);
    this.replaceFigures(this._data.figures.filter((_, j) => j !== i));
  }

  /** Open (remove) the closed door between two orthogonally adjacent cells. */
  openDoor(x1: number, y1: number, x2: number, y2: number): void {
    const { width: w, height: h } = this._data;
    const where = `door (${x1},${y1})–(${x2},${y2})`;
    if (![x1, y1, x2, y2].every(Number.isInteger) || Math.abs(x1 - x2) + Math.abs(y1 - y2) !== 1) {
      throw new BoardError([`${where}: the two cells must be orthogonal neighbours`]);
    }
    if (Math.min(x1, x2) < 0 || Math.min(y1, y2) < 0 || Math.max(x1, x2) >= w || Math.max(y1, y2) >= h) {
      throw new BoardError([`${where}: outside the ${w}×${h} map`]);
    }
    const horizontal = y1 !== y2;
    const idx = horizontal ? Math.max(y1, y2) * w + x1 : y1 * (w + 1) + Math.max(x1, x2);
    const edges = horizontal ? this._data.hEdges : this._data.vEdges;
    if (edges[idx] !== EdgeKind.door) throw new BoardError([`${where}: there is no closed door there`]);
    const copy = edges.slice();
    copy[idx] = EdgeKind.none;
    this._data = horizontal ? { ...this._data, hEdges: copy } : { ...this._data, vEdges: copy };
    this.uploaded = -1;
  }

  /**
   * Validate `list` (problems name figures by id) and on success store `keep` (the same figures in
   * board order; defaults to `list`).
   */
  private replaceFigures(list: FigureInput[], keep: FigureInput[] = list): void {
    const problems: string[] = [];
    const { width, height, cells, hEdges, vEdges } = this._data;
    const named = (path: string) => path.replace(/^figures\[(\d+)\]/, (_, k) => `figure ${JSON.stringify(list[Number(k)]?.id)}`);
    checkFigures(width, height, cells, hEdges, vEdges, list, (p, m) => problems.push(`${named(p)}: ${m}`));
    if (problems.length) throw new BoardError(problems);
    const figures = checkFigures(width, height, cells, hEdges, vEdges, keep, () => {});
    this._data = { ...this._data, figures };
    this.uploaded = -1;
  }

  // ------------------------------------------------------------------ upload

  /** Make this board the one in Wasm memory (cheap when it already is). */
  private core(): CoreExports {
    const core = getCore();
    if (current === this && this.uploaded === generation) return core;
    const d = this._data;
    if (d.figures.length > core.maxFigures()) throw new BoardError([`figures: more than ${core.maxFigures()} figures`]);
    core.setBoard(d.width, d.height, RULESETS.indexOf(d.ruleset));
    const mem = core.memory.buffer;
    new Uint8Array(mem, core.cellsPtr(), d.cells.length).set(d.cells);
    new Uint8Array(mem, core.hEdgesPtr(), d.hEdges.length).set(d.hEdges);
    new Uint8Array(mem, core.vEdgesPtr(), d.vEdges.length).set(d.vEdges);
    const sides = new Map<string, number>();
    const table = new Int32Array(mem, core.figsPtr(), d.figures.length * 8);
    d.figures.forEach((f, i) => {
      if (!sides.has(f.side)) sides.set(f.side, sides.size);
      table.set([f.x, f.y, f.w, f.h, sides.get(f.side)!, f.teleports ? 1 : 0, f.w * f.h > 1 ? 1 : 0, 0], i * 8);
    });
    core.commit(d.figures.length);
    current = this;
    this.uploaded = ++generation;
    return core;
  }

  // ------------------------------------------------------------------ queries

  sight(f: string | number, t: string | number): SightAnswer {
    const a = this.figureIndex(f);
    const b = this.figureIndex(t);
    const r = this.core().sight(a, b);
    return { los: (r & 1) === 1, cover: (r & 2) === 2, range: (r >> 2) - 1 };
  }

  sightMap(f: string | number): SightMap {
    const i = this.figureIndex(f);
    const core = this.core();
    core.sightMap(i);
    const n = this._data.width * this._data.height;
    const mem = core.memory.buffer;
    return {
      los: new Uint8Array(mem, core.outLosPtr(), n).slice(),
      cover: new Uint8Array(mem, core.outCoverPtr(), n).slice(),
      range: new Int32Array(mem, core.outRangePtr(), n).slice(),
    };
  }

  sightToFigures(f: string | number): SightToFigures {
    const i = this.figureIndex(f);
    const core = this.core();
    core.sightToFigures(i);
    const n = this._data.figures.length;
    const mem = core.memory.buffer;
    return {
      los: new Uint8Array(mem, core.figLosPtr(), n).slice(),
      cover: new Uint8Array(mem, core.figCoverPtr(), n).slice(),
      range: new Int32Array(mem, core.figRangePtr(), n).slice(),
    };
  }

  reach(f: string | number, mp: number): ReachMap {
    return this.runReach(this.figureIndex(f), mp, false).map;
  }

  path(f: string | number, mp: number, to: Placement): ReachPath | null {
    const { map, parent } = this.runReach(this.figureIndex(f), mp, true);
    const { width: w, height: h } = map;
    if (![to.x, to.y, to.o].every(Number.isInteger) || to.o < 0 || to.o >= map.orientations) return null;
    if (to.x < 0 || to.y < 0 || to.x >= w || to.y >= h) return null;
    let i = to.o * w * h + to.y * w + to.x;
    if (map.cost[i] < 0 || !map.end[i]) return null;
    const steps: Placement[] = [];
    for (; i >= 0; i = parent[i]) {
      const o = Math.floor(i / (w * h));
      const r = i - o * w * h;
      steps.push({ x: r % w, y: Math.floor(r / w), o });
    }
    return { cost: map.cost[to.o * w * h + to.y * w + to.x], steps: steps.reverse() };
  }

  private runReach(i: number, mp: number, withParents: boolean): { map: ReachMap; parent: Int32Array } {
    if (!Number.isInteger(mp) || mp < 0 || mp > 4000) throw new BoardError([`mp: ${mp} is not a whole number from 0 to 4000`]);
    const core = this.core();
    const orientations = core.reach(i, mp);
    const { width, height } = this._data;
    const n = orientations * width * height;
    const mem = core.memory.buffer;
    return {
      map: {
        width,
        height,
        orientations,
        cost: new Int32Array(mem, core.reachCostPtr(), n).slice(),
        end: new Uint8Array(mem, core.reachEndPtr(), n).slice(),
      },
      parent: withParents ? new Int32Array(mem, core.reachParentPtr(), n).slice() : new Int32Array(0),
    };
  }

  nearestEnemies(f: string | number): number[] {
    const i = this.figureIndex(f);
    const s = this.sightToFigures(i);
    const me = this._data.figures[i];
    let best = -1;
    let out: number[] = [];
    this._data.figures.forEach((t, j) => {
      if (t.side === me.side || !s.los[j] || s.range[j] < 0) return;
      if (best < 0 || s.range[j] < best) {
        best = s.range[j];
        out = [];
      }
      if (s.range[j] === best) out.push(j);
    });
    return out;
  }

  /** LOS, cover and range with the lines that decide them and a one-line reason citing the rule. */
  explain(f: string | number, t: string | number): SightExplanation {
    const a = this.figureIndex(f);
    const b = this.figureIndex(t);
    const answer = this.sight(a, b);
    // d20: the pair query above left its witness line and cover blocker in the core's INFO block.
    const info = new Int32Array(this.core().memory.buffer, this.core().infoPtr(), 17).slice();
    const d20 = this._data.ruleset === 'd20' && a !== b ? {
      witness: answer.los ? { x1: info[8], y1: info[9], x2: info[10], y2: info[11] } : null,
      cover: answer.cover && info[12] > 0 ? { kind: (['wall', 'character', 'low objects'] as const)[info[12] - 1], x1: info[13], y1: info[14], x2: info[15], y2: info[16] } : null,
    } : undefined;
    return explainSight(this._data, a, b, answer, (px, py, qx, qy, mask, mode, flags, A, T) => {
      const core = this.core();
      const clause = core.lineTest(px, py, qx, qy, mask, mode, flags, A.x, A.y, A.w, A.h, T.x, T.y, T.w, T.h);
      const info = new Int32Array(core.memory.buffer, core.infoPtr(), 6).slice();
      return { clause, info };
    }, d20);
  }

  /** The figure data of figure `ref`. */
  figure(ref: string | number): FigureData {
    return this._data.figures[this.figureIndex(ref)];
  }
}

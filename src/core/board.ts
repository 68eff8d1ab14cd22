/**
 * `Board`: the typed API over the Wasm grid core. One Wasm instance serves every board. A board
 * uploads itself the first time it is queried; mutations then update only what they change in Wasm
 * memory, and boards taking turns save and restore their state (a few copies of compact regions)
 * instead of rebuilding it, so queries never cross the boundary per cell.
 * Mutations validate first and change nothing when they fail.
 */
import { BoardError, checkFigures, footprintProblem, parseBoard, shown, type BoardInput, type FigureInput } from './board-input.ts';
import { explainSight } from './explain.ts';
import { fillReach, fillSight, type ReachBuffer, type SightBuffer } from './result-buffers.ts';
import { copyOut } from './result-pool.ts';
import { coreBuffer } from './core-buffer.ts';
import { ReachSnapshot } from './snapshots.ts';
import { stateRegions } from './state-regions.ts';
import { getCore, type CoreExports } from './wasm.ts';
import {
  EDGE_KIND_NAMES, EdgeKind, RULESETS, type BoardData, type FigureData, type GridQueries, type Placement, type ReachMap, type ReachPath,
  type SightAnswer, type SightExplanation, type SightMap, type SightToFigures, type ThreatMap,
} from './types.ts';

/** The board whose state is in Wasm memory now. */
let current: Board | null = null;

export class Board implements GridQueries {
  private _data: BoardData;
  /** Whether Wasm memory (when current) or `saved` (when not) matches `_data`. */
  private synced = false;
  /** Changed in Wasm memory since it was last saved or restored. */
  private dirty = true;
  private saved: Uint8Array | null = null;
  /** Each state region as [view of Wasm memory, view of `saved`], kept while memory and sizes stay. */
  private pairs: Array<[Uint8Array, Uint8Array]> = [];
  private pairsKey: { buffer: ArrayBuffer; nfig: number } | null = null;
  private ntele = 0;
  /** Side name → the small number the core compares. */
  private sides = new Map<string, number>();
  /** Figure index per cell, -1 when free, for validating moves without rebuilding (built lazily). */
  private owner: Int32Array | null = null;
  /**
   * Whether a caller may hold `_data` (or its edge and figure arrays): read through `data`, or
   * given to `fromData`. Mutations write in place once the board has its own copy, so a snapshot
   * once read never changes and a door or move allocates nothing until `data` is read again.
   */
  private shared = true;
  /** Names figure o in refusals (made once: moves are hot in the AI's searches). */
  private readonly idOf = (o: number): string => this._data.figures[o].id;

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

  /** The board's data: a snapshot that later mutations leave unchanged. */
  get data(): BoardData {
    this.shared = true;
    return this._data;
  }

  /** Index of a figure by id or index; throws when there is none. */
  figureIndex(ref: string | number): number {
    const i = typeof ref === 'number' ? ref : this._data.figures.findIndex((f) => f.id === ref);
    if (!Number.isInteger(i) || i < 0 || i >= this._data.figures.length) {
      throw new BoardError([`figure: no figure ${JSON.stringify(ref)} on this board`], 'query');
    }
    return i;
  }

  /**
   * Why a w×h figure could not be placed with its top-left cell at (x,y) now (off the map, on
   * another figure or a doom2004 obstacle, across a wall or door), or null when it fits: addFigure's check, without
   * adding, throwing or touching the grid core.
   */
  placementProblem(x: number, y: number, w = 1, h = 1): string | null {
    const d = this._data;
    const problem = footprintProblem(d.width, d.height, d.cells, d.hEdges, d.vEdges, this.ownerMap(), this.idOf, x, y, w, h, d.ruleset);
    return problem && problem[1];
  }

  // ------------------------------------------------------------------ mutations

  /** Move a figure's footprint to (x,y); `rotated` swaps its width and height. */
  moveFigure(ref: string | number, x: number, y: number, rotated = false): void {
    const i = this.figureIndex(ref);
    const d = this._data;
    const f = d.figures[i];
    const w = rotated ? f.h : f.w;
    const h = rotated ? f.w : f.h;
    // Only the moved figure can be at fault: check it against the others' cells.
    const owner = this.ownerMap();
    this.claim(owner, f, -1);
    const problem = footprintProblem(d.width, d.height, d.cells, d.hEdges, d.vEdges, owner, this.idOf, x, y, w, h, d.ruleset);
    if (problem) {
      this.claim(owner, f, i);
      throw new BoardError([`figure ${JSON.stringify(f.id)}.${problem[0]}: ${problem[1]}`]);
    }
    // A literal, not `{ ...f, x, y, w, h }`: V8 spent ~2 µs per move cloning a figure that was itself a clone.
    const moved: FigureData = { id: f.id, side: f.side, x, y, w, h };
    if (f.teleports !== undefined) moved.teleports = f.teleports;
    this.claim(owner, moved, i);
    this.takeCore();
    this.own().figures[i] = moved;
    this.changed()?.placeFigure(i, x, y, w, h, this.sideNumber(f.side), f.teleports ? 1 : 0);
  }

  addFigure(figure: FigureInput): void {
    this.takeCore();
    this.replaceFigures([...this._data.figures, figure]);
    const i = this._data.figures.length - 1;
    const f = this._data.figures[i];
    if (this.owner) this.claim(this.owner, f, i);
    this.changed()?.placeFigure(i, f.x, f.y, f.w, f.h, this.sideNumber(f.side), f.teleports ? 1 : 0);
  }

  removeFigure(ref: string | number): void {
    const i = this.figureIndex(ref);
    this.takeCore();
    this.replaceFigures(this._data.figures.filter((_, j) => j !== i));
    this.owner = null;
    this.changed()?.dropFigure(i);
  }

  /** Open (remove) the closed door between two orthogonally adjacent cells. */
  openDoor(x1: number, y1: number, x2: number, y2: number): void {
    this.setDoor(x1, y1, x2, y2, false);
  }

  /**
   * Close a door between two orthogonally adjacent cells: a closed door on an edge that has none.
   * Refused where the edge already has one (wall, door, ...) or a large figure stands across it.
   */
  closeDoor(x1: number, y1: number, x2: number, y2: number): void {
    this.setDoor(x1, y1, x2, y2, true);
  }

  private setDoor(x1: number, y1: number, x2: number, y2: number, close: boolean): void {
    const d = this._data;
    const { width: w, height: h } = d;
    const refuse = (problem: string) => new BoardError([`door (${x1},${y1})–(${x2},${y2}): ${problem}`]);
    if (![x1, y1, x2, y2].every(Number.isInteger) || Math.abs(x1 - x2) + Math.abs(y1 - y2) !== 1) {
      throw refuse('the two cells must be orthogonal neighbours');
    }
    if (Math.min(x1, x2) < 0 || Math.min(y1, y2) < 0 || Math.max(x1, x2) >= w || Math.max(y1, y2) >= h) {
      throw refuse(`outside the ${w}×${h} map`);
    }
    const horizontal = y1 !== y2;
    const idx = horizontal ? Math.max(y1, y2) * w + x1 : y1 * (w + 1) + Math.max(x1, x2);
    const kind = (horizontal ? d.hEdges : d.vEdges)[idx];
    // Closing: one figure on both cells stands across the edge.
    const across = close ? this.ownerMap()[y1 * w + x1] : -1;
    const problem = !close ? kind !== EdgeKind.door && 'there is no closed door there'
      : kind ? `there is already a ${EDGE_KIND_NAMES[kind]} there`
      : across >= 0 && across === this.ownerMap()[y2 * w + x2] && `figure ${JSON.stringify(d.figures[across].id)} stands across it`;
    if (problem) throw refuse(problem);
    const next = close ? EdgeKind.door : EdgeKind.none;
    this.takeCore();
    this.own()[horizontal ? 'hEdges' : 'vEdges'][idx] = next;
    this.changed()?.setEdge(horizontal ? 1 : 0, idx, next);
  }

  /** `_data` to change in place: first copied (the object, edges and figures) if a caller may hold it. */
  private own(): BoardData {
    const d = this._data;
    if (this.shared) {
      this._data = { ...d, hEdges: d.hEdges.slice(), vEdges: d.vEdges.slice(), figures: d.figures.slice() };
      this.shared = false;
    }
    return this._data;
  }

  /** Validate `list` (problems name figures by id) and on success store it. */
  private replaceFigures(list: FigureInput[]): void {
    const problems: string[] = [];
    const { ruleset, width, height, cells, hEdges, vEdges } = this._data;
    const named = (path: string) => path.replace(/^figures\[(\d+)\]/, (_, k) => `figure ${JSON.stringify(list[Number(k)]?.id)}`);
    const figures = checkFigures(width, height, cells, hEdges, vEdges, list, (p, m) => problems.push(`${named(p)}: ${m}`), ruleset);
    if (problems.length) throw new BoardError(problems);
    this._data = { ...this._data, figures }; // its edges shared (or not) as before
  }

  /** Before a change to `_data`: bring this board's state (if it has one) into Wasm memory. */
  private takeCore(): void {
    if (this.synced) this.core();
  }

  /** After the change: the core to apply it to (the state in Wasm memory), or null when it is built on the next query. */
  private changed(): CoreExports | null {
    if (!this.synced) return null;
    this.dirty = true;
    return getCore();
  }

  private ownerMap(): Int32Array {
    if (!this.owner) {
      const { width, height, figures } = this._data;
      this.owner = new Int32Array(width * height).fill(-1);
      figures.forEach((f, i) => this.claim(this.owner!, f, i));
    }
    return this.owner;
  }

  private claim(owner: Int32Array, f: FigureData, who: number): void {
    const w = this._data.width;
    for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) owner[y * w + x] = who;
  }

  private sideNumber(side: string): number {
    let k = this.sides.get(side);
    if (k === undefined) this.sides.set(side, (k = this.sides.size));
    return k;
  }

  // ------------------------------------------------------------------ upload

  /** Make this board the one in Wasm memory: nothing when it already is, else restore or upload. */
  private core(): CoreExports {
    const core = getCore();
    if (current === this && this.synced) return core;
    if (current && current !== this) current.evict(core);
    current = this;
    if (this.synced && this.saved) this.restore(core);
    else this.upload(core);
    return core;
  }

  /** Another board takes the core: keep this one's state (only when it changed since last kept). */
  private evict(core: CoreExports): void {
    if (this.synced && this.dirty) {
      this.copyState(core, true);
      this.dirty = false;
    }
  }

  private restore(core: CoreExports): void {
    const d = this._data;
    this.copyState(core, false);
    core.restoreScalars(d.width, d.height, RULESETS.indexOf(d.ruleset), d.figures.length, this.ntele);
  }

  /** Copy the board's state regions out of Wasm memory into `saved`, or back. */
  private copyState(core: CoreExports, out: boolean): void {
    for (const [mem, saved] of this.statePairs(core)) (out ? saved : mem).set(out ? mem : saved);
  }

  /**
   * The views `copyState` copies between, made once and again only when the memory has grown or
   * the figure count changed (sizes change only while the board is current, so before a save).
   */
  private statePairs(core: CoreExports): Array<[Uint8Array, Uint8Array]> {
    const buffer = core.memory.buffer;
    const nfig = this._data.figures.length;
    if (this.pairsKey?.buffer === buffer && this.pairsKey.nfig === nfig) return this.pairs;
    const regions = stateRegions(core, this._data, this.ntele);
    const size = regions.reduce((s, [, n]) => s + n, 0);
    if ((this.saved?.length ?? 0) < size) this.saved = new Uint8Array(size + (size >> 2));
    let at = 0;
    this.pairs = regions.map(([ptr, n]) => [new Uint8Array(buffer, ptr, n), this.saved!.subarray(at, (at += n))]);
    this.pairsKey = { buffer, nfig };
    return this.pairs;
  }

  private upload(core: CoreExports): void {
    const d = this._data;
    if (d.figures.length > core.maxFigures()) throw new BoardError([`figures: more than ${core.maxFigures()} figures`]);
    core.setBoard(d.width, d.height, RULESETS.indexOf(d.ruleset));
    const mem = core.memory.buffer;
    new Uint8Array(mem, core.cellsPtr(), d.cells.length).set(d.cells);
    new Uint8Array(mem, core.hEdgesPtr(), d.hEdges.length).set(d.hEdges);
    new Uint8Array(mem, core.vEdgesPtr(), d.vEdges.length).set(d.vEdges);
    const table = new Int32Array(mem, core.figsPtr(), d.figures.length * 8);
    d.figures.forEach((f, i) => {
      table.set([f.x, f.y, f.w, f.h, this.sideNumber(f.side), f.teleports ? 1 : 0, f.w * f.h > 1 ? 1 : 0, 0], i * 8);
    });
    core.commit(d.figures.length);
    this.ntele = core.teleporterCount();
    this.pairsKey = null;
    this.synced = true;
    this.dirty = true;
  }

  // ------------------------------------------------------------------ queries

  /**
   * Put the board into the grid core now (upload it, or restore it when another board had the
   * core), which the first query would otherwise do: a page can pay that while it is idle rather
   * than in the first click (a 201×201 board's upload is most of its first selection's time).
   */
  prepare(): void {
    this.core();
  }

  sight(f: string | number, t: string | number): SightAnswer {
    const a = this.figureIndex(f);
    const b = this.figureIndex(t);
    const r = this.core().sight(a, b);
    return { los: (r & 1) === 1, cover: (r & 2) === 2, range: (r >> 2) - 1 };
  }

  /**
   * LOS, cover and range from figure `f` to every cell. Without `into`, new arrays that no later
   * query changes; with `into`, the answer is written into that buffer's arrays and the buffer
   * itself returned (nothing allocated once it has the board's size): valid until the next query
   * into the same buffer. Make one for a loop that repeats the query (src/core/result-buffers.ts).
   */
  sightMap(f: string | number, into?: SightBuffer): SightMap {
    const i = this.figureIndex(f);
    const core = this.core();
    core.sightMap(i);
    const { width, height } = this._data;
    if (into) return into[fillSight](core, width, height);
    const n = width * height;
    const mem = coreBuffer(core);
    return {
      los: copyOut(Uint8Array, mem, core.outLosPtr(), n),
      cover: copyOut(Uint8Array, mem, core.outCoverPtr(), n),
      range: copyOut(Int32Array, mem, core.outRangePtr(), n),
    };
  }

  /** Which spaces figure `f` sees (1) — `sightMap(f).los` without the cover and range. A new array. */
  losMap(f: string | number): Uint8Array {
    const i = this.figureIndex(f), core = this.core();
    core.losMap(i);
    return copyOut(Uint8Array, coreBuffer(core), core.outLosPtr(), this._data.width * this._data.height);
  }

  /** The range from figure `f` to every cell (-1 where none) — `sightMap(f).range` without the LOS and cover. A new array. */
  rangeMap(f: string | number): Int32Array {
    const i = this.figureIndex(f), core = this.core();
    core.rangeMap(i);
    return copyOut(Int32Array, coreBuffer(core), core.outRangePtr(), this._data.width * this._data.height);
  }

  /**
   * d20 only: `sightMap(f)` from the figure's LOS map `los`, a sightMap's on a board of the same
   * terrain with the figure in the same space (figures never block LOS in d20, RULES §4); only cover
   * and range are computed. New arrays, as sightMap's.
   */
  sightMapWithLos(f: string | number, los: Uint8Array): SightMap {
    const i = this.figureIndex(f);
    const { width, height, ruleset } = this._data;
    const n = width * height;
    if (ruleset !== 'd20' || los.length !== n) throw new BoardError([ruleset !== 'd20' ? 'sightMapWithLos: d20 boards only' : `los: ${los.length} cells, the board has ${n}`], 'query');
    const core = this.core();
    new Uint8Array(core.memory.buffer, core.outLosPtr(), n).set(los);
    core.sightMapCoverD20(i);
    const mem = coreBuffer(core);
    return {
      los: copyOut(Uint8Array, mem, core.outLosPtr(), n),
      cover: copyOut(Uint8Array, mem, core.outCoverPtr(), n),
      range: copyOut(Int32Array, mem, core.outRangePtr(), n),
    };
  }

  sightToFigures(f: string | number): SightToFigures {
    const i = this.figureIndex(f);
    const core = this.core();
    core.sightToFigures(i);
    const n = this._data.figures.length;
    const mem = coreBuffer(core);
    return {
      los: copyOut(Uint8Array, mem, core.figLosPtr(), n),
      cover: copyOut(Uint8Array, mem, core.figCoverPtr(), n),
      range: copyOut(Int32Array, mem, core.figRangePtr(), n),
    };
  }

  /**
   * The minimum MP to every placement of figure `f` within `mp`, and where it may end. Without
   * `into`, new arrays that no later query changes; with `into`, the answer is written into that
   * buffer's arrays and the buffer itself returned (nothing allocated once it has the board's
   * size): valid until the next query into the same buffer. Make one for a loop that repeats the
   * query (src/core/result-buffers.ts).
   */
  reach(f: string | number, mp: number, into?: ReachBuffer): ReachMap {
    const i = this.searchFigure(f, mp);
    const core = this.core();
    const { width, height } = this._data;
    // A buffer runs the search itself: into its slot of the core's memory where it holds one.
    if (into) return into[fillReach](core, i, mp, width, height);
    return new ReachSnapshot(core, width, height, core.reach(i, mp));
  }

  /**
   * One cheapest path to `to`, or null (none within `mp`, or an orientation the figure does not
   * have; `to.o` defaults to 0); a space off the board throws BoardError naming it. `through`: to any
   * placement the search reaches, also one the figure may not end on (doom2016: the occupied teleporter a marine hops from).
   */
  path(f: string | number, mp: number, to: Placement, through = false): ReachPath | null {
    // The search's answer is left in the core's memory and read there: only the path is returned.
    const core = this.core();
    const orientations = core.reach(this.searchFigure(f, mp), mp);
    const { width: w, height: h } = this._data;
    const n = orientations * w * h;
    const mem = coreBuffer(core);
    const cost = new Int32Array(mem, core.reachCostPtr(), n);
    const end = new Uint8Array(mem, core.reachEndPtr(), n);
    const parent = new Int32Array(mem, core.reachParentPtr(), n);
    const o = to?.o ?? 0; // a small figure's only orientation
    const on = Number.isInteger(to?.x) && Number.isInteger(to?.y) && to.x >= 0 && to.y >= 0 && to.x < w && to.y < h;
    if (!on) throw new BoardError([`to: ${JSON.stringify(to && { x: to.x, y: to.y })} is not a space of this ${w}×${h} board`], 'query');
    if (!Number.isInteger(o) || o < 0 || o >= orientations) return null;
    let k = o * w * h + to.y * w + to.x;
    if (cost[k] < 0 || (!end[k] && !through)) return null;
    const steps: Placement[] = [];
    for (; k >= 0; k = parent[k]) {
      const ok = Math.floor(k / (w * h));
      const r = k - ok * w * h;
      steps.push({ x: r % w, y: Math.floor(r / w), o: ok });
    }
    return { cost: cost[o * w * h + to.y * w + to.x], steps: steps.reverse() };
  }

  /** The index of figure f, once f and mp are known to be a figure and an MP a search takes. */
  private searchFigure(f: string | number, mp: number): number {
    const i = this.figureIndex(f);
    if (!Number.isInteger(mp) || mp < 0 || mp > 4000) throw new BoardError([`mp: ${shown(mp)} is not a whole number from 0 to 4000`], 'query');
    return i;
  }

  /**
   * For every placement of a w×h footprint, which figures not of `side` have LOS to a figure
   * standing there and at what range (one batch query). `ignore`: a figure lifted off the board
   * meanwhile, e.g. the one that would move there (it is not counted as an enemy either).
   */
  threatMap(side: string, size: { w: number; h: number } = { w: 1, h: 1 }, ignore?: string | number): ThreatMap {
    const { w, h } = size;
    if (![w, h].every(Number.isInteger) || w < 1 || h < 1 || w > 3 || h > 3) {
      throw new BoardError([`size: footprint ${w}×${h} is not between 1×1 and 3×3`]);
    }
    const skip = ignore === undefined ? -1 : this.figureIndex(ignore);
    const core = this.core();
    // A side no figure has gets a number no figure has: every figure is then an enemy.
    const count = core.threatMap(this.sides.get(side) ?? -1, w, h, skip);
    if (count < 0) throw new Error('doom-board: the grid core could not grow its memory for the threat map');
    const { width, height } = this._data;
    const n = width * height;
    const mem = core.memory.buffer;
    const words = core.threatPtr(4);
    return {
      width,
      height,
      enemies: Array.from(new Int32Array(mem, core.threatPtr(2), count)),
      words,
      los: copyOut(Uint32Array, mem, core.threatPtr(0), n * words),
      range: copyOut(Int32Array, mem, core.threatPtr(1), n * count),
      stand: copyOut(Uint8Array, mem, core.threatPtr(3), n),
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
    const a = this.figureIndex(f), b = this.figureIndex(t), answer = this.sight(a, b);
    // d20: the pair query above left its witness line and cover blocker in the core's INFO block.
    const info = new Int32Array(this.core().memory.buffer, this.core().infoPtr(), 20).slice();
    const d20 = this._data.ruleset === 'd20' && a !== b ? {
      witness: answer.los ? { x1: info[8], y1: info[9], x2: info[10], y2: info[11] } : null,
      cover: answer.cover && info[12] > 0 ? { kind: (['wall', 'character', 'low objects'] as const)[info[12] - 1], x1: info[13], y1: info[14], x2: info[15], y2: info[16] } : null,
      contact: answer.los ? (([null, 'adjacent', 'touching'] as const)[info[17]] ?? null) : null,
      clear: answer.los && !answer.cover && info[17] !== 1 ? { x: info[18], y: info[19] } : null,
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

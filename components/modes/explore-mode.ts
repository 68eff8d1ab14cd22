/**
 * Explore mode: where the figures stand and which doors are open while a board is explored, with
 * undo and reset; moving a figure or a door rebuilds the board. Selection and targets stay the
 * element's (play mode shares them); the element forwards input here and draws what it is given.
 */
import type { Board } from '../../src/core/board.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { cellName } from '../coords.ts';
import type { EngineClient } from '../engine-client.ts';
import { problemsOf, type DoomEventMap, type ErrorDetail } from '../events.ts';
import { doorName } from '../interaction/doors.ts';
import type { Selection } from '../interaction/selection.ts';
import { boardInputOf, modelFromBoard, type DrawModel, type Placed } from '../model.ts';
import type { UrlState } from '../url-state.ts';

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** What explore mode needs from the element. */
export interface ExploreHost {
  readonly engine: EngineClient;
  readonly scenario: Scenario | null;
  /** Movement allowance for reach and costs. */
  readonly mp: number;
  selected: string | null;
  sel: Selection;
  model: DrawModel | null;
  board: Board | null;
  message: string;
  /** Touch: the destination whose path is shown. */
  pendingDest: string | null;
  readUrl(): UrlState | null;
  fail(source: ErrorDetail['source'], message: string, problems: string[], blocking?: boolean): void;
  emit<K extends keyof DoomEventMap>(type: K, detail: DoomEventMap[K]['detail']): void;
  announce(text: string): void;
  writeUrl(): void;
  figureName(id: string): string;
  refreshSelection(): void;
  setTargetNow(id: string): void;
  dropSelection(): void;
}

export class ExploreMode {
  figures: Placed[] = [];
  /** Indexes of the scenario's edges that are opened doors. */
  open = new Set<number>();
  /** Earlier positions (figures, open doors) for Undo. */
  history: { figures: Placed[]; open: Set<number> }[] = [];

  constructor(private readonly host: ExploreHost) {}

  start(s: Scenario): void {
    this.figures = s.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 }));
    this.open = new Set();
    const state = this.host.readUrl();
    if (state) {
      try {
        if (state.f) {
          if (state.f.length !== this.figures.length) throw new Error('the URL has positions for a different number of figures');
          this.figures = this.figures.map((f, i) => {
            const [x, y, r] = state.f![i];
            return r ? { ...f, x, y, w: f.h, h: f.w } : { ...f, x, y };
          });
        }
        if (state.d) {
          for (const i of state.d) if (s.edges?.[i]?.kind !== 'door') throw new Error(`edge ${i} of the scenario is not a door`);
          this.open = new Set(state.d);
        }
        this.rebuild();
      } catch (e) {
        this.figures = s.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 }));
        this.open = new Set();
        this.host.fail('url', `Ignored the board state in the page URL: ${messageOf(e)}`, problemsOf(e), false);
      }
    }
    this.rebuild();
    if (state?.s && this.figures.some((f) => f.id === state.s)) {
      this.host.selected = state.s;
      this.host.refreshSelection();
      if (state.t && state.t !== state.s && this.figures.some((f) => f.id === state.t)) this.host.setTargetNow(state.t);
    }
  }

  rebuild(): void {
    const s = this.host.scenario!;
    this.host.board = this.host.engine.board(boardInputOf(s, this.figures, this.open));
    this.host.model = modelFromBoard(s, this.host.board.data, this.figures, this.open);
  }

  move(id: string, x: number, y: number, rotated = false): void {
    const f = this.figures.find((g) => g.id === id)!;
    const from = { x: f.x, y: f.y };
    const cost = !rotated && this.host.sel.reach && this.host.selected === id ? this.host.sel.reach.cost[y * this.host.sel.reach.width + x] : -1;
    const before = { figures: this.figures, open: this.open };
    try {
      this.host.board!.moveFigure(id, x, y, rotated);
    } catch (e) {
      this.host.fail('command', `${this.host.figureName(id)} cannot stand at ${cellName(x, y)}:`, problemsOf(e).map((p) => p.replace(/^figure "[^"]*"\.?\w*: /, '')), false);
      return;
    }
    this.history.push(before);
    this.figures = this.figures.map((g) => (g.id === id ? { ...g, x, y, ...(rotated ? { w: g.h, h: g.w } : {}) } : g));
    this.host.model = modelFromBoard(this.host.scenario!, this.host.board!.data, this.figures, this.open);
    this.host.message = '';
    this.host.emit('doom-move', { figure: id, from, to: { x, y }, ...(cost > 0 ? { cost } : {}) });
    this.host.announce(rotated
      ? `${this.host.figureName(id)} rotated to ${f.h}×${f.w}`
      : `${this.host.figureName(id)} moved to ${cellName(x, y)}${cost > 0 ? ` (${cost} MP)` : ` (beyond ${this.host.mp} MP)`}`);
    this.host.refreshSelection();
    this.host.writeUrl();
  }

  toggleDoor(index: number): void {
    const open = new Set(this.open);
    const opening = !open.has(index);
    if (opening) open.add(index);
    else open.delete(index);
    const before = this.open;
    this.open = open;
    try {
      this.rebuild();
    } catch (e) {
      this.open = before;
      this.rebuild();
      this.host.fail('command', 'The door cannot close:', problemsOf(e), false);
      return;
    }
    this.history.push({ figures: this.figures, open: before });
    const d = this.host.model!.doors.find((x) => x.index === index)!;
    this.host.emit('doom-door', { edge: index, open: opening });
    this.host.announce(`Door ${doorName(d.segment)} ${opening ? 'opened' : 'closed'}`);
    this.host.refreshSelection();
    this.host.writeUrl();
  }

  /** Explore: put figures and doors back as they were before the last move or door. */
  undo(): void {
    const last = this.history.pop();
    if (!last) {
      this.host.announce('Nothing to undo');
      return;
    }
    this.restore(last.figures, last.open);
    this.host.announce('Undone: the last move or door was taken back');
  }

  /** Explore: every figure back where the scenario puts it, every door closed (Undo takes it back). */
  resetBoard(): void {
    const s = this.host.scenario;
    if (!s) return;
    this.history.push({ figures: this.figures, open: this.open });
    this.restore(s.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 })), new Set());
    this.host.announce('Board reset to the scenario\'s positions');
  }

  restore(figures: Placed[], open: Set<number>): void {
    this.figures = figures;
    this.open = open;
    this.rebuild();
    this.host.pendingDest = null;
    this.host.message = '';
    if (this.host.selected && !figures.some((f) => f.id === this.host.selected)) this.host.dropSelection();
    this.host.refreshSelection();
    this.host.writeUrl();
  }}

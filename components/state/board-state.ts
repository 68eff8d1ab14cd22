/**
 * The state of one board, shared by its controllers (issue 21): the scenario and its drawing, the
 * selected figure and its target (a figure, or a space for doom2004's blasts) with what was computed
 * for them (reach, fog, path, the LOS explanation), the keyboard cursor, and what the board says
 * (message line, live announcement, error box). Controllers change it and ask for a redraw; the
 * element draws it. Nothing here decides what input means.
 */
import type { ReactiveControllerHost } from 'lit';
import { BoardError } from '../../src/core/board-input.ts';
import type { Board } from '../../src/core/board.ts';
import type { Placement, SightExplanation } from '../../src/core/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { figureName } from '../coords.ts';
import { doomEvent, problemsOf, type DoomEventMap, type ErrorDetail } from '../events.ts';
import type { BlastView } from '../interaction/blast.ts';
import type { Box } from '../interaction/readable.ts';
import type { Cursor } from '../interaction/keyboard.ts';
import type { Selection } from '../interaction/selection.ts';
import type { DrawModel } from '../model.ts';
import { LARGE_BOARD, READABLE_PX } from '../render/geometry.ts';
import { selectionLayers } from '../render/overlays.ts';
import { warmWhenIdle } from './warm-board.ts';

export const MODES = ['explore', 'play', 'edit', 'replay'] as const;
export type Mode = (typeof MODES)[number];

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** What the state needs of its element: a redraw, and a target for the `doom-*` events. */
export type StateHost = ReactiveControllerHost & EventTarget;

export class BoardState {
  /** The scenario as validated (defaults filled in). */
  scenario: Scenario | null = null;
  /** The scenario as given, for export. */
  source: Scenario | null = null;
  model: DrawModel | null = null;
  private _board: Board | null = null;
  /** The grid core's board; a new one is put into the core when the page is next idle (warm-board.ts). */
  get board(): Board | null {
    return this._board;
  }
  set board(board: Board | null) {
    this._board = board;
    if (board) warmWhenIdle(board, () => this._board === board, (sel) => this.model && selectionLayers(this.model, sel, this.readable()));
  }
  selected: string | null = null;
  target: string | null = null;
  /** A targeted space (doom2004 attacks nominate spaces). */
  targetCell: Cursor | null = null;
  explain: SightExplanation | null = null;
  sel: Selection = { reach: null, cells: [], los: null };
  path: Placement[] | null = null;
  cursor: Cursor = { x: 0, y: 0 };
  /** Touch: the destination whose path is shown; a second tap on it confirms the move. */
  pendingDest: string | null = null;
  /** The keyboard grid has focus (the cursor is drawn). */
  focused = false;
  /** doom2004: what the picked attack would hit (interaction/blast.ts, loaded with a doom2004 board). */
  blast: BlastView | null = null;
  /** Zoom of the board (1 = fit the width). */
  zoom = 1;
  message = '';
  announcement = '';
  error: ErrorDetail | null = null;
  loading = true;
  /** Counts loads: an answer for an older one is dropped. */
  loadToken = 0;

  /** The element's width in CSS px, kept by a ResizeObserver once it is first needed. */
  private width = 0;
  private resize: ResizeObserver | undefined;

  constructor(private readonly host: StateHost) {
    host.addController({
      hostDisconnected: () => {
        this.resize?.disconnect();
        this.resize = undefined;
      },
    });
  }

  /**
   * Whether a space is drawn large enough for its fine print (the element's width, the board's
   * columns, the zoom). Only large boards are measured: a smaller one always has it.
   */
  readable(): boolean {
    const m = this.model;
    if (!m || m.width * m.height <= LARGE_BOARD) return true;
    const el = this.host as unknown as HTMLElement;
    const fits = (w: number) => (w * this.zoom) / (this.model?.width ?? 1) >= READABLE_PX;
    // The width comes from the observer once the element is laid out (reading clientWidth here
    // would lay the page out in the middle of a render): until then, no fine print.
    if (!this.resize) {
      (this.resize = new ResizeObserver(([e]) => {
        const was = fits(this.width);
        this.width = e.contentRect.width;
        if (fits(this.width) !== was) this.update();
      })).observe(el);
    }
    return fits(this.width);
  }

  update(): void {
    this.host.requestUpdate();
  }

  emit<K extends keyof DoomEventMap>(type: K, detail: DoomEventMap[K]['detail']): void {
    this.host.dispatchEvent(doomEvent(type, detail));
  }

  /** What the person's own last command said, and when. */
  private own = { text: '', at: 0 };

  /**
   * Say `text` in the live region; `by` names the autopilot when it played. The autopilot answers
   * within milliseconds: the person's own result, not yet heard, stays in front of its first words.
   */
  announce(text: string, by = ''): void {
    const now = performance.now();
    if (by && this.own.text && now - this.own.at < 3000) text = `${this.own.text} ${by}${text}`;
    else text = by + text;
    this.own = by ? { text: '', at: 0 } : { text, at: now };
    // Alternate a trailing no-break space so that repeating the same words is announced again.
    this.announcement = this.announcement === text ? `${text}\u00a0` : text;
    this.update();
  }

  /** Report a failure inside the element and as a `doom-error` event; never throws. */
  fail(source: ErrorDetail['source'], message: string, problems: string[], blocking = source === 'scenario'): void {
    const detail: ErrorDetail = { message, problems, source };
    if (blocking) this.error = detail;
    else this.message = problems.length ? `${message} ${problems.join('; ')}` : message;
    this.announce(blocking ? `Error: ${message}` : this.message);
    this.emit('doom-error', detail);
  }

  /** Run a handler; anything it throws becomes a `doom-error`, never an exception in the host page. */
  async guard(fn: () => unknown): Promise<void> {
    try {
      await fn();
    } catch (e) {
      this.fail(e instanceof BoardError ? 'command' : 'engine', messageOf(e), problemsOf(e), false);
    }
    this.update();
  }

  /** A figure's readable name: the scenario's `name` when it has one, else a readable form of its id. */
  figureName(id: string): string {
    const f = this.scenario?.figures.find((g) => g.id === id) as { name?: unknown } | undefined;
    return typeof f?.name === 'string' && f.name ? f.name : figureName(id);
  }

  /** Figure id → readable name, for the explanation sentences: those on the board and the scenario's (a killed marine waiting to respawn too). */
  names(): Map<string, string> {
    const ids = [...(this.model?.figures ?? []), ...(this.scenario?.figures ?? [])].map((f) => f.id);
    return new Map(ids.map((id) => [id, this.figureName(id)]));
  }

  /** The spaces the explanation is about, the attacker's first: their corners name its lines' ends (readable.ts). */
  sightBoxes(): Box[] {
    const box = (id: string | null) => this.model?.figures.find((f) => f.id === id);
    const target = box(this.target) ?? (this.targetCell ? { ...this.targetCell, w: 1, h: 1 } : undefined);
    return [box(this.selected), target].filter((b): b is Box => !!b);
  }

  clearTarget(): void {
    this.target = null;
    this.targetCell = null;
    this.explain = null;
  }

  /** Forget the selected figure, its target and what was computed for them. */
  dropSelection(): void {
    this.selected = null;
    this.clearTarget();
    this.sel = { reach: null, cells: [], los: null };
    this.path = null;
  }
}

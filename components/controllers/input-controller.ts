/**
 * Input on the keyboard grid turned into intents for the modes: keys move the cursor, Enter or a
 * click acts on a space; a mouse drags figures and paints in the editor; a finger taps, long-presses
 * to pick a figure up, and scrolls the page otherwise. What an intent means is the modes' to decide.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { doorAt } from '../interaction/doors.ts';
import { arrowSide, cellFromPointer, navigate, sideFromPointer, type Cursor } from '../interaction/keyboard.ts';
import { figureAt } from '../model.ts';
import type { EditController } from '../modes/edit-controller.ts';
import type { ExploreMode } from '../modes/explore-mode.ts';
import type { PlayMode } from '../modes/play-mode.ts';
import type { ReplayController } from '../modes/replay-controller.ts';
import type { SelectingMode } from '../modes/selecting-mode.ts';
import type { GridListeners } from '../render/board-view.ts';
import type { GridCells } from '../render/grid-cells.ts';
import type { BoardState, Mode } from '../state/board-state.ts';

/** Touch: how long a press picks a figure up, and how far a finger may wander in a tap. */
const LONG_PRESS_MS = 450;
const TAP_SLOP_PX = 10;

/** What input reads of the element: its mode, and its shadow root (where the grid is). */
export interface InputHost extends ReactiveControllerHost {
  readonly mode: Mode;
  readonly renderRoot: ParentNode;
}

/** The controllers input speaks to. */
export interface InputModes {
  explore: ExploreMode;
  play: PlayMode;
  edit: EditController;
  replay: ReplayController;
  cells: GridCells;
}

export class InputController implements ReactiveController {
  private drag: { id: string; from: Cursor; moved: boolean } | null = null;
  /** A finger on the board: a tap, a long press (then a drag) or the start of a page scroll. */
  private touch: { id: number; at: Cursor; x0: number; y0: number; timer: number; scrolled: boolean; edit?: () => void } | null = null;
  /** The editor's pointer is down with a painting tool (one undo step). */
  private painting = false;

  constructor(private readonly host: InputHost, private readonly state: BoardState, private readonly to: InputModes) {
    host.addController(this);
  }

  /** A board taken off the page picks no figure up when a long press would have ended. */
  hostDisconnected(): void {
    this.drag = null;
    this.clearTouch();
  }

  /** The mode that selects and targets (edit mode uses explore's). */
  private get selecting(): SelectingMode {
    return this.host.mode === 'play' ? this.to.play : this.to.explore;
  }

  /** Enter / click / tap on a space (`confirm`: a tap, where a move is shown before it is made). */
  private activate(x: number, y: number, confirm = false): void {
    // Replay: the steps show the board; a space only moves the cursor.
    if (this.host.mode === 'replay') return;
    void this.state.guard(() => (this.host.mode === 'edit' ? this.to.edit.activate(x, y) : this.selecting.activate(x, y, confirm)));
  }

  /** Created once, so that Lit keeps the same listeners across renders. */
  readonly listeners: GridListeners = {
    keydown: (e) => this.onKeyDown(e),
    focus: () => {
      this.to.cells.write();
      this.state.focused = true;
      this.state.update();
    },
    blur: () => {
      this.state.focused = false;
      this.state.update();
    },
    pointerdown: (e) => this.onPointerDown(e),
    pointermove: (e) => this.onPointerMove(e),
    pointerup: (e) => this.onPointerUp(e),
    pointercancel: () => this.onPointerCancel(),
    // Not passive: while a figure is dragged by touch the page must not scroll.
    touchmove: {
      handleEvent: (e: TouchEvent) => {
        if ((this.drag || this.painting) && e.cancelable) e.preventDefault();
      },
      passive: false,
    },
    contextmenu: (e: Event) => {
      // A long press picks a figure up; it must not open the context menu.
      if (this.touch || this.drag) e.preventDefault();
    },
    pointerleave: () => {
      const s = this.state;
      if (!this.drag && !s.pendingDest && s.path) {
        s.path = null;
        s.update();
      }
    },
  };

  private onKeyDown(e: KeyboardEvent): void {
    const s = this.state;
    const m = s.model;
    if (!m) return;
    const { mode } = this.host;
    const { explore, edit } = this.to;
    const key = (run: () => unknown) => {
      e.preventDefault();
      void s.guard(run);
    };
    // Replay: N/B step through the example; the arrow keys move the cursor over the spaces, as in every mode.
    if (mode === 'replay' && this.to.replay.key(e)) return;
    if (mode === 'edit' && e.shiftKey) {
      const side = arrowSide(e.key);
      if (side) return key(() => edit.editor?.at(s.cursor.x, s.cursor.y, side));
    }
    const next = navigate(e.key, e.ctrlKey || e.metaKey, s.cursor, m.width, m.height);
    if (next) {
      e.preventDefault();
      s.cursor = next;
      this.selecting.hoverAt(next.x, next.y);
      s.update();
      // A zoomed board scrolls in its box: the cursor's space comes into view (aria-activedescendant moves no scroll).
      void this.host.updateComplete.then(() => this.host.renderRoot.querySelector(`#c-${next.x}-${next.y}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      return;
    }
    if (mode === 'replay') return;
    const { x, y } = s.cursor;
    switch (e.key) {
      case 'Enter':
      case ' ':
        e.preventDefault();
        this.activate(x, y);
        return;
      case 'Escape':
        e.preventDefault();
        this.selecting.cancel();
        return;
      case 'Delete':
      case 'Backspace':
        if (mode === 'edit') key(() => edit.editor?.removeAt(x, y));
        return;
      case 'r':
      case 'R':
        if (mode === 'explore' && s.selected) key(() => explore.rotateSelected());
        return;
      case 'o':
      case 'O': {
        const d = mode === 'explore' ? doorAt(m, x, y) : null;
        if (d !== null) key(() => explore.toggleDoor(d));
        return;
      }
      case 'z':
      case 'Z':
      case 'y':
      case 'Y': {
        if (!(e.ctrlKey || e.metaKey)) return;
        const redo = e.key.toLowerCase() === 'y' || e.shiftKey;
        const editor = edit.editor;
        if (mode === 'play' && !redo) key(() => this.to.play.undo());
        else if (mode === 'explore' && !redo) {
          e.preventDefault();
          explore.undo();
        } else if (mode === 'edit' && editor) key(() => (redo ? editor.redo() : editor.undo()));
        return;
      }
      default:
    }
  }

  private gridBox(): DOMRect | null {
    return this.host.renderRoot.querySelector('.grid')?.getBoundingClientRect() ?? null;
  }

  /** The space under the pointer, with the grid's box; null off the board. */
  private cellAt(e: PointerEvent): [Cursor, DOMRect] | null {
    const m = this.state.model;
    const box = this.gridBox();
    const c = m && box ? cellFromPointer(e, box, m.width, m.height) : null;
    return c && [c, box!];
  }

  private onPointerDown(e: PointerEvent): void {
    const s = this.state;
    const at = e.button === 0 ? this.cellAt(e) : null;
    if (!at) return;
    const [c, box] = at;
    const m = s.model!;
    s.cursor = c;
    if (this.host.mode === 'replay') return;
    if (this.host.mode === 'edit') {
      const side = sideFromPointer(e, box, m.width, m.height);
      const editor = this.to.edit.editor;
      if (!editor) return;
      const edit = () => void s.guard(() => editor.at(c.x, c.y, editor.edgeTool ? side : null));
      // A finger: a swipe scrolls the page and edits nothing; a tap edits when it lifts; a long press
      // starts painting, then a drag paints (the page held still meanwhile).
      if (e.pointerType === 'touch') {
        this.clearTouch();
        const t = { id: e.pointerId, at: c, x0: e.clientX, y0: e.clientY, timer: 0, scrolled: false, edit };
        this.touch = t;
        if (editor.paints) {
          t.timer = window.setTimeout(() => {
            if (this.touch !== t || t.scrolled) return;
            t.timer = 0;
            this.painting = true;
            editor.beginStroke();
            edit();
          }, LONG_PRESS_MS);
        }
        return;
      }
      this.painting = editor.paints;
      if (this.painting) editor.beginStroke();
      edit();
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      return;
    }
    if (e.pointerType === 'touch') {
      this.touchStart(e, c);
      return;
    }
    if (this.host.mode === 'explore') {
      if (this.doorNear(e, c, box)) return;
      const fig = figureAt(m, c.x, c.y);
      if (fig && (!s.selected || s.selected === fig.id)) {
        this.drag = { id: fig.id, from: c, moved: false };
        (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
        return;
      }
    }
    this.activate(c.x, c.y);
  }

  /** Explore: a door edge near the pointer toggles; true when it did. */
  private doorNear(e: PointerEvent, c: Cursor, box: DOMRect): boolean {
    const m = this.state.model!;
    if (this.host.mode !== 'explore') return false;
    const side = sideFromPointer(e, box, m.width, m.height, 0.15);
    const door = side ? doorAt(m, c.x, c.y, side) : null;
    if (door === null) return false;
    void this.state.guard(() => this.to.explore.toggleDoor(door));
    return true;
  }

  /**
   * A finger went down. Nothing happens yet: a swipe must scroll the page. A figure is dragged only
   * when it is already selected or after a long press; a tap acts when the finger lifts.
   */
  private touchStart(e: PointerEvent, c: Cursor): void {
    const s = this.state;
    this.clearTouch();
    const t = { id: e.pointerId, at: c, x0: e.clientX, y0: e.clientY, timer: 0, scrolled: false };
    this.touch = t;
    const fig = this.host.mode === 'explore' ? figureAt(s.model!, c.x, c.y) : undefined;
    if (!fig) return;
    if (s.selected === fig.id) {
      this.drag = { id: fig.id, from: c, moved: false };
      return;
    }
    t.timer = window.setTimeout(() => {
      if (this.touch !== t || t.scrolled) return;
      this.drag = { id: fig.id, from: c, moved: false };
      void s.guard(async () => {
        await this.to.explore.select(fig.id);
        s.announce(`${s.figureName(fig.id)} picked up: drag it to a space`);
      });
    }, LONG_PRESS_MS);
  }

  private clearTouch(): void {
    if (this.touch?.timer) clearTimeout(this.touch.timer);
    this.touch = null;
  }

  private onPointerMove(e: PointerEvent): void {
    const s = this.state;
    const m = s.model;
    const box = this.gridBox();
    const t = this.touch;
    if (!m || !box || this.host.mode === 'replay') return;
    if (e.pointerType === 'touch' && t && !this.drag && !this.painting) {
      if (Math.hypot(e.clientX - t.x0, e.clientY - t.y0) > TAP_SLOP_PX) {
        t.scrolled = true;
        if (t.timer) clearTimeout(t.timer);
      }
      return;
    }
    const c = cellFromPointer(e, box, m.width, m.height);
    if (!c) return;
    if (this.painting && this.host.mode === 'edit') {
      if (c.x !== s.cursor.x || c.y !== s.cursor.y) {
        s.cursor = c;
        void s.guard(() => this.to.edit.editor?.at(c.x, c.y, null));
      }
      return;
    }
    const drag = this.drag;
    if (drag && (c.x !== drag.from.x || c.y !== drag.from.y)) {
      if (!drag.moved && s.selected !== drag.id) void s.guard(() => this.to.explore.select(drag.id));
      drag.moved = true;
    }
    if (e.pointerType !== 'touch' || drag) this.selecting.hoverAt(c.x, c.y);
  }

  private onPointerUp(e: PointerEvent): void {
    const s = this.state;
    const tapToEdit = e.pointerType === 'touch' && !this.painting && this.touch?.edit && !this.touch.scrolled ? this.touch.edit : null;
    if (this.painting) this.to.edit.editor?.endStroke();
    this.painting = false;
    if (this.host.mode === 'edit') {
      this.clearTouch();
      tapToEdit?.();
      return;
    }
    const drag = this.drag;
    this.drag = null;
    const touch = e.pointerType === 'touch' ? this.touch : null;
    this.clearTouch();
    const at = this.cellAt(e);
    if (!at) return;
    const [c, box] = at;
    if (touch && !drag) {
      if (touch.scrolled) return;
      s.cursor = c;
      if (!this.doorNear(e, c, box)) this.activate(c.x, c.y, true);
      return;
    }
    if (!drag) return;
    s.cursor = c;
    if (!drag.moved) {
      // A long press that did not move only selects; a tap on the selected figure says where it is.
      if (!touch || !touch.timer) this.activate(c.x, c.y, !!touch);
      return;
    }
    const explore = this.to.explore;
    const f = explore.figures.find((g) => g.id === drag.id)!;
    // Keep the grab offset inside a large figure.
    const x = c.x - (drag.from.x - f.x);
    const y = c.y - (drag.from.y - f.y);
    void s.guard(() => explore.move(drag.id, x, y));
  }

  /** The browser took the touch for scrolling or zooming: nothing happens on the board. */
  private onPointerCancel(): void {
    const s = this.state;
    if (this.painting) this.to.edit.editor?.endStroke();
    this.painting = false;
    this.drag = null;
    this.clearTouch();
    if (s.path && !s.pendingDest) {
      s.path = null;
      s.update();
    }
  }
}

/**
 * Explore mode: select figures, explain LOS to targets, show reach and paths, move figures and open
 * doors, with undo and reset; moving a figure or a door rebuilds the board. The selection is the
 * board state's (components/state/board-state.ts), shared with play mode.
 */
import type { TemplateResult } from 'lit';
import { Board } from '../../src/core/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { cellName } from '../coords.ts';
import { problemsOf } from '../events.ts';
import { doorName } from '../interaction/doors.ts';
import { movementWords } from '../interaction/movement-words.ts';
import { selectionOf } from '../interaction/selection.ts';
import { boardInputOf, figureAt, modelFromBoard, onMap, validatedBoardOf, type DrawModel, type Placed } from '../model.ts';
import { explorePanel, type ExplorePanel } from '../panels/explore-panel.ts';
import { messageOf } from '../state/board-state.ts';
import type { UrlState } from '../url-state.ts';
import { SelectingMode, type ModeHost } from './selecting-mode.ts';

const DEFAULT_MP: Record<string, number> = { doom2016: 4, doom2004: 4, d20: 6 };
/** The grid core's bound on a reach's MP (src/core/board.ts). */
const MAX_MP = 4000;
const validMp = (mp: number | null | undefined): mp is number => typeof mp === 'number' && Number.isInteger(mp) && mp >= 0 && mp <= MAX_MP;

/** What explore mode reads and sets of the element. */
export interface ExploreHost extends ModeHost, HTMLElement {
  /** The `mp` attribute; the MP field sets it. */
  mp: number | undefined;
  readonly urlState: boolean;
}

export class ExploreMode extends SelectingMode<ExploreHost> {
  figures: Placed[] = [];
  /** Indexes of the scenario's edges that are opened doors. */
  open = new Set<number>();
  /** Earlier positions (figures, open doors) for Undo, with the words that said the change Undo takes back. */
  history: { figures: Placed[]; open: Set<number>; said: string }[] = [];

  /** Movement points for reach and costs: the `mp` attribute, else (unset or not a whole number in bounds) the ruleset's. */
  get mp(): number {
    const mp = this.host.mp;
    return validMp(mp) ? mp : DEFAULT_MP[this.state.scenario?.ruleset ?? 'doom2016'] ?? 4;
  }

  /** What is wrong with the `mp` attribute or property, when it is set and cannot be used. */
  private mpProblem(): string {
    const mp = this.host.mp;
    if (mp === undefined || mp === null || validMp(mp)) return '';
    return ` (mp ${JSON.stringify(this.host.getAttribute('mp') ?? String(mp))} is not a whole number from 0 to ${MAX_MP}: the ruleset's ${this.within()} shown)`;
  }

  start(s: Scenario): void {
    this.figures = s.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 }));
    this.open = new Set();
    const fromUrl = this.url.read();
    if (fromUrl) {
      try {
        if (fromUrl.f) {
          if (fromUrl.f.length !== this.figures.length) throw new Error('the URL has positions for a different number of figures');
          this.figures = this.figures.map((f, i) => {
            const [x, y, r] = fromUrl.f![i];
            return r ? { ...f, x, y, w: f.h, h: f.w } : { ...f, x, y };
          });
        }
        if (fromUrl.d) {
          for (const i of fromUrl.d) if (s.edges?.[i]?.kind !== 'door') throw new Error(`edge ${i} of the scenario is not a door`);
          this.open = new Set(fromUrl.d);
        }
        this.rebuild();
      } catch (e) {
        this.figures = s.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 }));
        this.open = new Set();
        this.state.fail('url', `Ignored the board state in the page URL: ${messageOf(e)}`, problemsOf(e), false);
      }
    }
    this.rebuild();
    if (fromUrl?.s && this.figures.some((f) => f.id === fromUrl.s)) {
      this.state.selected = fromUrl.s;
      this.refresh();
      if (fromUrl.t && fromUrl.t !== fromUrl.s && this.figures.some((f) => f.id === fromUrl.t)) this.targetNow(fromUrl.t);
    }
  }

  /** The MP the selection's reach was computed for. */
  private reachMp = 0;

  /** The `mp` attribute changed: the selected figure's reach is computed again (a loading board has none yet). */
  hostUpdate(): void {
    const s = this.state;
    if (s.selected && !s.loading && this.host.mode === 'explore' && this.reachMp !== this.mp) this.refresh();
  }

  /** Recompute reach, fog and the explanation for the current selection (batch queries). */
  refresh(): void {
    const s = this.state;
    if (!s.board || !s.selected) return;
    if (this.host.mode === 'explore') s.sel = selectionOf(s.board, s.selected, (this.reachMp = this.mp));
    if (s.target) this.targetNow(s.target, false);
    s.path = null;
    s.update();
  }

  protected offers(): string {
    return `${this.state.sel.cells.length} spaces within ${this.within()}${this.mpProblem()}`;
  }

  /** "6 MP", or d20's "6 squares of movement". */
  private within(n = this.mp): string {
    return movementWords(this.state.model?.ruleset, n);
  }

  protected pathMp(): number | null {
    return this.host.mode === 'explore' ? this.mp : null;
  }

  /** A figure selects, then targets (again: selects); an empty space moves the selected figure there. */
  protected async act(x: number, y: number, pending: string | null, confirm: boolean): Promise<void> {
    const s = this.state;
    const m = s.model!;
    const fig = figureAt(m, x, y);
    if (fig) {
      if (!s.selected || fig.id === s.selected) {
        if (fig.id === s.selected) s.announce(this.selectionWords(fig.id));
        else await this.select(fig.id);
      } else if (s.target === fig.id) await this.select(fig.id);
      else this.targetNow(fig.id);
      return;
    }
    if (s.selected && onMap(m, x, y)) {
      if (this.preview(x, y, pending, confirm)) return;
      this.move(s.selected, x, y);
      return;
    }
    s.announce(this.cellWords(x, y));
  }

  rebuild(): void {
    const s = this.state;
    const checked = validatedBoardOf(s.scenario!, this.figures, this.open);
    s.board = checked ? Board.fromData(checked) : this.host.engine.board(boardInputOf(s.scenario!, this.figures, this.open));
    s.model = modelFromBoard(s.scenario!, s.board.data, this.figures, this.open);
  }

  move(id: string, x: number, y: number, rotated = false): void {
    const s = this.state;
    const f = this.figures.find((g) => g.id === id)!;
    const from = { x: f.x, y: f.y };
    const reach = s.sel.reach;
    const cost = !rotated && reach && s.selected === id ? reach.cost[y * reach.width + x] : -1;
    const before = { figures: this.figures, open: this.open };
    try {
      s.board!.moveFigure(id, x, y, rotated);
    } catch (e) {
      s.fail('command', `${s.figureName(id)} cannot stand at ${cellName(x, y)}:`, problemsOf(e).map((p) => p.replace(/^figure "[^"]*"\.?\w*: /, '')), false);
      return;
    }
    const words = rotated
      ? `${s.figureName(id)} rotated to ${f.h}×${f.w}`
      : `${s.figureName(id)} moved to ${cellName(x, y)}${cost > 0 ? ` (${this.within(cost)})` : ` (beyond ${this.within()})`}`;
    this.history.push({ ...before, said: words });
    this.figures = this.figures.map((g) => (g.id === id ? { ...g, x, y, ...(rotated ? { w: g.h, h: g.w } : {}) } : g));
    s.model = modelFromBoard(s.scenario!, s.board!.data, this.figures, this.open);
    s.message = '';
    s.emit('doom-move', { figure: id, from, to: { x, y }, ...(cost > 0 ? { cost } : {}) });
    s.announce(words);
    this.refresh();
    this.writeUrl();
  }

  rotateSelected(): void {
    const f = this.figures.find((g) => g.id === this.state.selected);
    if (!f) return;
    if (f.w === f.h) {
      this.state.announce(`${this.state.figureName(f.id)} is square; rotating changes nothing`);
      return;
    }
    this.move(f.id, f.x, f.y, true);
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
      this.state.fail('command', 'The door cannot close:', problemsOf(e), false);
      return;
    }
    const d = this.state.model!.doors.find((x) => x.index === index)!;
    const words = `Door ${doorName(d.segment)} ${opening ? 'opened' : 'closed'}`;
    this.history.push({ figures: this.figures, open: before, said: words });
    this.state.emit('doom-door', { edge: index, open: opening });
    this.state.announce(words);
    this.refresh();
    this.writeUrl();
  }

  /** Put figures and doors back as they were before the last move or door. */
  undo(): void {
    const last = this.history.pop();
    if (!last) {
      this.state.announce('Nothing to undo');
      return;
    }
    this.restore(last.figures, last.open);
    // What was taken back, in the words said when it was done.
    this.state.announce(`Undone: ${last.said}`);
  }

  /** Every figure back where the scenario puts it, every door closed (Undo takes it back). */
  resetBoard(): void {
    const s = this.state.scenario;
    if (!s) return;
    this.history.push({ figures: this.figures, open: this.open, said: 'board reset to the scenario\'s positions' });
    this.restore(s.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 })), new Set());
    this.state.announce('Board reset to the scenario\'s positions');
  }

  restore(figures: Placed[], open: Set<number>): void {
    const s = this.state;
    this.figures = figures;
    this.open = open;
    this.rebuild();
    s.pendingDest = null;
    s.message = '';
    if (s.selected && !figures.some((f) => f.id === s.selected)) s.dropSelection();
    this.refresh();
    this.writeUrl();
  }

  /** The scenario as written, with the figures where they stand now and opened doors removed. */
  exportScenario(): Scenario | null {
    const s = this.state;
    if (!s.scenario) return null;
    const source = structuredClone(s.source ?? s.scenario);
    if (this.host.mode !== 'explore') return source;
    const figures = source.figures.map((f, i) => {
      const now = this.figures[i];
      const rotated = now.w !== (s.scenario!.figures[i].w ?? 1);
      return { ...f, x: now.x, y: now.y, ...(rotated ? { w: now.w, h: now.h } : {}) };
    });
    return { ...source, figures, ...(source.edges ? { edges: source.edges.filter((_, i) => !this.open.has(i)) } : {}) };
  }

  protected urlState(): UrlState | null {
    const s = this.state;
    if (this.host.mode !== 'explore' || !s.scenario) return null;
    const orig = s.scenario.figures;
    return {
      ...(this.url.shared && s.source ? { b: s.source as unknown as Record<string, unknown> } : {}),
      f: this.figures.map((f, i) => (f.w !== (orig[i].w ?? 1) ? [f.x, f.y, 1] : [f.x, f.y])),
      ...(this.open.size ? { d: [...this.open].sort((a, b) => a - b) } : {}),
      ...(s.selected ? { s: s.selected } : {}),
      ...(s.target ? { t: s.target } : {}),
    };
  }

  private status(): string {
    const s = this.state;
    const m = s.model!;
    const sel = s.selected ? m.figures.find((f) => f.id === s.selected) : null;
    if (!sel) return `${m.title ?? 'Board'} — ${m.width}×${m.height}, ${m.ruleset}. Select a figure.`;
    return `${s.figureName(sel.id)} at ${cellName(sel.x, sel.y)}: ${s.sel.cells.length} spaces within ${this.within()}${s.target ? ` — target ${s.figureName(s.target)}` : ''}`;
  }

  /** Below the board: status, explanation, and the board's buttons. */
  /**
   * The door buttons, made again only when the doors change (the panel's guard keeps them): a
   * campaign map has hundreds of doors, and a selection renders the element several times.
   */
  private doorButtons(doors: DrawModel['doors']): ExplorePanel['doors'] {
    if (this.doorsFor !== doors) {
      const s = this.state;
      this.doorsFor = doors;
      this.doorList = doors.map((d) => ({ label: `Door ${doorName(d.segment)}: ${d.open ? 'open' : 'closed'}`, open: d.open, toggle: () => s.guard(() => this.toggleDoor(d.index)) }));
    }
    return this.doorList;
  }

  private doorsFor: DrawModel['doors'] | null = null;
  /** The "Doors (n)" list of a board with many doors is open. */
  private doorsShown = false;
  private doorList: ExplorePanel['doors'] = [];

  panel(): TemplateResult {
    const s = this.state;
    const m = s.model!;
    const sel = this.figures.find((f) => f.id === s.selected);
    return explorePanel({
      status: this.status(),
      explanation: this.explanationText(),
      rules: this.host.rulesHref,
      message: s.message,
      rotate: sel && sel.w !== sel.h ? { label: `Rotate ${s.figureName(sel.id)}`, run: () => s.guard(() => this.rotateSelected()) } : null,
      clear: s.selected ? () => this.cancel() : null,
      undo: { enabled: this.history.length > 0, run: () => this.undo() },
      reset: () => this.resetBoard(),
      mp: {
        value: this.mp,
        // d20 has no MP: its movement is counted in squares.
        label: s.model?.ruleset === 'd20' ? 'Movement' : 'MP',
        set: (mp) => {
          if (!Number.isInteger(mp) || mp < 0 || mp > 40) {
            s.fail('command', `${s.model?.ruleset === 'd20' ? 'Movement' : 'MP'} must be a whole number from 0 to 40, not ${mp}`, [], false);
            return;
          }
          this.host.mp = mp;
          s.announce(this.within(mp));
        },
      },
      share: this.host.urlState ? () => void s.guard(() => this.url.copyShareLink(this.exportScenario())) : null,
      download: (format) => void s.guard(async () => s.announce(await (await import('./export-entry.ts')).downloadBoard(this.host, m.title ?? 'board', format))),
      doors: this.doorButtons(m.doors),
      doorsShown: this.doorsShown,
      showDoors: (shown) => {
        if (shown === this.doorsShown) return;
        this.doorsShown = shown;
        s.update();
      },
    });
  }
}

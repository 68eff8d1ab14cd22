/**
 * What explore and play mode share: selecting a figure, picking a target (LOS, cover and range
 * explained and announced), the cheapest path under the pointer, the touch preview of a move, and
 * doom2004's blast. Each mode says what a selection offers, what a space means and what the URL keeps.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Command } from '../../src/rules/types.ts';
import { cellName } from '../coords.ts';
import type { UrlController } from '../controllers/url-controller.ts';
import type { EngineClient } from '../engine-client.ts';
import type { Cursor } from '../interaction/keyboard.ts';
import { readableSummary } from '../interaction/readable.ts';
import { movementWords } from '../interaction/movement-words.ts';
import { pathTo } from '../interaction/selection.ts';
import { terrainWords } from '../model.ts';
import type { Overlays } from '../render/board-view.ts';
import type { BoardState, Mode } from '../state/board-state.ts';
import type { UrlState } from '../url-state.ts';

/** The element's attributes as the modes read them. */
export interface ModeHost extends ReactiveControllerHost {
  readonly mode: Mode;
  readonly engine: EngineClient;
  /** doom2004 explore mode: the blast radius drawn around a picked target. */
  readonly blast: number | undefined;
  readonly rulesHref: string | undefined;
}

export abstract class SelectingMode<H extends ModeHost = ModeHost> implements ReactiveController {
  constructor(protected readonly host: H, readonly state: BoardState, protected readonly url: UrlController) {
    host.addController(this);
  }

  /** Before each render: what the mode keeps in step with the element's attributes (explore: the `mp` attribute's reach). */
  hostUpdate(): void {}
  /** What the selection offers, computed again (explore: reach and fog; play: the figure's commands). */
  abstract refresh(): unknown;
  /** What the selected figure may do, in words ("12 spaces within 4 MP"). */
  protected abstract offers(): string;
  /** The position the page URL keeps (`url-state`), or null when there is none. */
  protected abstract urlState(): UrlState | Promise<UrlState> | null;
  /** Enter, a click or a tap (`confirm`: a touch, where a move is shown before it is made) on a space. */
  protected abstract act(x: number, y: number, pending: string | null, confirm: boolean): unknown;
  /** Play: forget the selected figure's commands. */
  protected dropActions(): void {}
  /** The movement allowance of a path to space `k` shown under the pointer, or null for none. */
  protected abstract pathMp(k: number): number | null;
  /** Play: the attacks on a targeted space, for its blast. */
  protected attacksOn(_cell: Cursor): Command[] {
    return [];
  }

  /** Play: said after a target's verdict when Enter attacks it. */
  protected attackHint(_id: string): string {
    return '';
  }

  /** Whether the last space was picked by a tap (a touch screen): prompts say "Tap again", not "Press Enter again". */
  protected tapped = false;
  /** The visible prompt for the choice pending ("Tap E3 again to move…"), while it is the message shown. */
  private prompt: string | null = null;

  /** Show a prompt for the choice now pending, as the message under the board. */
  protected showPrompt(text: string): void {
    this.state.message = this.prompt = text;
  }

  /** The pending choice changed: its prompt goes from the message (any other message stays). */
  protected dropPrompt(): void {
    if (this.prompt !== null && this.state.message === this.prompt) this.state.message = '';
    this.prompt = null;
  }

  async activate(x: number, y: number, confirm = false): Promise<void> {
    if (!this.state.model) return;
    const s = this.state;
    const pending = s.pendingDest;
    const shown = s.message;
    s.pendingDest = null;
    this.tapped = confirm;
    await this.act(x, y, pending, confirm);
    // A prompt no new choice has replaced ("Tap E3 again to move…" after a target is picked) goes (review 73).
    if (s.message === shown) this.dropPrompt();
  }

  /** "Marine 1 at C4 selected: …", said when a figure is selected. */
  selectionWords(id: string): string {
    const f = this.state.model!.figures.find((g) => g.id === id)!;
    return `${this.state.figureName(id)} at ${cellName(f.x, f.y)} selected: ${this.offers()}`;
  }

  writeUrl(): void {
    this.url.write(() => this.urlState());
  }

  async select(id: string): Promise<void> {
    const s = this.state;
    const f = s.model?.figures.find((g) => g.id === id);
    if (!f) throw new Error(`no figure ${JSON.stringify(id)} on this board`);
    s.selected = id;
    s.clearTarget();
    this.dropActions();
    s.message = '';
    await this.refresh();
    s.emit('doom-select', { figure: id, at: { x: f.x, y: f.y } });
    s.announce(this.selectionWords(id));
    this.writeUrl();
  }

  clearSelection(): void {
    const s = this.state;
    const had = s.selected !== null;
    s.dropSelection();
    this.dropActions();
    if (had) {
      s.emit('doom-select', { figure: null, at: null });
      s.announce('Selection cleared');
    }
    this.writeUrl();
  }

  /** The `target()` method: a target for the selected figure. */
  setTarget(id: string): void {
    if (!this.state.selected) throw new Error('select a figure first');
    if (!this.state.model?.figures.some((g) => g.id === id)) throw new Error(`no figure ${JSON.stringify(id)} on this board`);
    this.tapped = false;
    this.targetNow(id);
  }

  /** Explain LOS, cover and range from the selected figure to `id` (on its space `cell`, when an attack names a space); announce it. */
  targetNow(id: string, announce = true, cell: Cursor | null = null): void {
    const s = this.state;
    if (!s.board || !s.selected) return;
    s.target = id;
    s.targetCell = cell;
    const e = (s.explain = s.board.explain(s.selected, id));
    const t = s.model!.figures.find((g) => g.id === id)!;
    if (announce) {
      // doom2004 has no cover (RULES §3): its verdict is LOS and range only.
      const cover = e.los && s.model!.ruleset !== 'doom2004' ? `, ${e.cover ? 'in cover' : 'not in cover'}` : '';
      const verdict = `${s.figureName(id)} at ${cellName(t.x, t.y)}: ${e.los ? 'in line of sight' : 'not in line of sight'}${cover}, range ${e.range < 0 ? 'none' : e.range}`;
      const blast = this.blastWords();
      const hint = this.attackHint(id);
      s.announce(`${verdict}${blast ? `. ${hint ? blast.replace(/\.$/, '') : blast}` : ''}${hint}`);
      s.emit('doom-target', { figure: s.selected, target: id, los: e.los, cover: e.cover, range: e.range, summary: readableSummary(e.summary, s.model!, s.names(), s.sightBoxes()) });
      this.writeUrl();
    }
    s.update();
  }

  /** Escape: the target goes, then the selection. */
  cancel(): void {
    const s = this.state;
    this.dropPrompt();
    s.pendingDest = null;
    if (s.target || s.targetCell) {
      s.clearTarget();
      s.announce('Target cleared');
      this.writeUrl();
    } else if (s.selected) this.clearSelection();
    s.update();
  }

  /** The cheapest path of the selected figure to the space under the pointer or cursor. */
  hoverAt(x: number, y: number): void {
    const s = this.state;
    const id = s.selected;
    let path = null;
    const mp = id && s.board && !s.target ? this.pathMp(y * (s.model?.width ?? 0) + x) : null;
    if (mp !== null) {
      try {
        path = pathTo(s.board!, id!, mp, s.sel.reach, x, y);
      } catch {
        path = null;
      }
    }
    if (path !== s.path) {
      s.path = path;
      s.update();
    }
  }

  /** Touch: the first tap on a destination shows the path (true); the second makes the move. */
  protected preview(x: number, y: number, pending: string | null, confirm: boolean): boolean {
    const s = this.state;
    const dest = `${x},${y}`;
    if (!confirm || pending === dest) return false;
    s.pendingDest = dest;
    s.clearTarget();
    this.hoverAt(x, y);
    const cost = s.sel.reach ? s.sel.reach.cost[y * s.model!.width + x] : -1;
    this.showPrompt(`Tap ${cellName(x, y)} again to ${this.moveVerb(x, y)} ${s.figureName(s.selected!)} there${cost > 0 ? ` (${movementWords(s.model!.ruleset, cost)})` : ''}.`);
    s.announce(s.message);
    return true;
  }

  /** What a tap on a destination does to the selected figure. */
  protected moveVerb(_x: number, _y: number): string {
    return 'move';
  }

  /** A space in words: name and terrain, and with explore's fog, whether the selected figure sees or reaches it. */
  protected cellWords(x: number, y: number): string {
    const s = this.state;
    const m = s.model!;
    let words = `${cellName(x, y)}: ${terrainWords(m, x, y)}`;
    if (s.selected && s.sel.los) {
      const i = y * m.width + x;
      const reach = s.sel.reach;
      words += s.sel.los[i] ? ', in line of sight' : ', not in line of sight';
      if (reach && reach.cost[i] > 0 && reach.end[i]) words += `, ${movementWords(m.ruleset, reach.cost[i])} away`;
    }
    return words;
  }

  /** doom2004's blast (interaction/blast.ts): what the picked attack would hit. */
  private blastOn() {
    const s = this.state;
    const m = s.model!;
    const cell = s.targetCell;
    return {
      model: m, board: s.board, mode: this.host.mode, radius: this.host.blast, target: s.explain?.los ? s.target : null, cell,
      attacks: cell ? this.attacksOn(cell) : [], attacker: m.figures.find((f) => f.id === s.selected), blastOf: this.blastOf(), name: (id: string) => s.figureName(id),
    };
  }

  /** Play: the blast radius of each weapon or invader type, from the game view. */
  protected blastOf(): Record<string, number> | undefined {
    return undefined;
  }

  protected blastWords(): string {
    return this.state.blast && this.state.model ? this.state.blast.words(this.blastOn()) : '';
  }

  /** The explanation line: LOS, cover and range to the target, then the blast and the AI's odds, if any. */
  protected explanationText(odds = ''): string | null {
    const s = this.state;
    const summary = s.explain && s.model ? readableSummary(s.explain.summary, s.model, s.names(), s.sightBoxes()) : null;
    return [summary, this.blastWords(), odds].filter(Boolean).join(' ') || null;
  }

  /** What is drawn over the board (play adds its targets, the hint and the AI's layer). */
  overlays(): Overlays {
    const s = this.state;
    return {
      selected: s.selected,
      target: s.target,
      targetCell: s.targetCell,
      explanation: s.explain,
      selection: s.sel,
      path: s.path,
      attackTargets: [],
      blast: s.blast && s.model ? s.blast.cells(this.blastOn()) : [],
      hintCells: [],
      cursor: s.cursor,
      focused: s.focused,
    };
  }
}

/**
 * Replay mode (issue 40): a worked example stepped through. The board shows the position before
 * step 1, then after each step: a command applied by the rules engine from the scenario's seed (so
 * the position after step n is `replay(scenario, seed, commands of steps 1..n)`), or a selection
 * as explore mode shows it (the figure's reach and line of sight, a target's LOS, cover and range
 * explained). Back / Play / Next, a scrubber, N/B on the board; the caption, the rule, the log in
 * sentences; the step in the page URL (`url-state`). Loaded on demand (dist/doom-board-replay.js).
 */
import type { ReactiveControllerHost, SVGTemplateResult, TemplateResult } from 'lit';
import { Board } from '../../src/core/board.ts';
import type { Command, GameEvent, GameView } from '../../src/rules/types.ts';
import type { Scenario, ScenarioStep } from '../../src/scenario/types.ts';
import type { UrlController } from '../controllers/url-controller.ts';
import type { EngineClient, GameClient } from '../engine-client.ts';
import { describeEvent } from '../interaction/describe.ts';
import { readableSummary, sentences } from '../interaction/readable.ts';
import { boardDataOfView, selectionOf } from '../interaction/selection.ts';
import { appendLog } from '../log/append.ts';
import type { LogLine } from '../log/event-words.ts';
import { modelFromView } from '../model.ts';
import { packHistory } from '../url-state.ts';
import type { Overlays } from '../render/board-view.ts';
import type { BoardState } from '../state/board-state.ts';
import { plainCaption } from './caption.ts';
import { highlightLayer } from './highlight.ts';
import { replayPanel } from './replay-panel.ts';

/** What replay mode reads of the element. */
export interface ReplayHost extends ReactiveControllerHost {
  readonly seed: number | undefined;
  readonly rulesHref: string | undefined;
  /** Pause between steps while playing, in ms (the `autopilot-delay` attribute; default 1500). */
  readonly autopilotDelay: number | undefined;
}

/** The sentences of the log (the play table's module: components/log/event-words.ts). */
type Words = { eventLine(e: GameEvent, t: { view: GameView; state: unknown; name: (id: string) => string }): LogLine | null };

/** A step that cannot be shown (a refused command, a figure not on the board): the error names it. */
export class StepError extends Error {}

export class ReplayMode {
  steps: ScenarioStep[] = [];
  /** The step shown: 0 is the position before step 1. */
  at = 0;
  playing = false;
  view: GameView | null = null;
  log: LogLine[] = [];
  private scenario: Scenario | null = null;
  private game: GameClient | null = null;
  /** How many steps the game has applied (it is rebuilt from the seed to go back). */
  private applied = 0;
  /** The engine's events of each step (none for a selection). */
  private events: GameEvent[][] = [];
  private words: Words | null = null;
  private timer = 0;
  /** The steps are a game's commands without captions (a finished game, a server replay). */
  private fromGame = false;

  constructor(
    private readonly host: ReplayHost,
    private readonly state: BoardState,
    private readonly url: UrlController,
    private readonly engine: EngineClient,
    private readonly loadWords: () => Promise<Words>,
  ) {}

  async start(scenario: Scenario, token: number): Promise<void> {
    this.scenario = scenario;
    this.steps = scenario.steps ?? [];
    this.fromGame = this.steps.length > 0 && this.steps.every((st) => st.command && st.caption === undefined);
    if (['doom2016', 'doom2004', 'd20'].includes(scenario.ruleset)) this.words = await this.loadWords();
    if (token !== this.state.loadToken) return;
    // Every step is played once first: an example with a step that cannot be shown says so at once, naming it.
    await this.play(this.steps.length);
    const asked = this.url.read()?.r ?? 0;
    await this.goTo(Math.min(asked, this.steps.length), false);
  }

  /** Show step `n` (clamped to 0…steps). */
  async goTo(n: number, announce = true): Promise<void> {
    const s = this.state;
    const scenario = this.scenario!;
    n = Math.max(0, Math.min(this.steps.length, Math.trunc(n) || 0));
    await this.play(n);
    const game = this.game!;
    this.at = n;
    const view = (this.view = await game.view());
    s.model = modelFromView(scenario, view);
    const data = boardDataOfView(view);
    s.board = data ? Board.fromData(data) : null;
    const state = this.words && game.state ? await game.state() : null;
    const t = { view, state, name: (id: string) => s.figureName(id) };
    // The log of a long game keeps its newest lines, as play mode's does (components/log/append.ts).
    this.log = appendLog([], this.events.slice(0, n).flat().map((e) => this.words?.eventLine(e, t) ?? { text: describeEvent(e) }));
    const step = n ? this.steps[n - 1] : null;
    this.show(step);
    const text = plainCaption(step?.caption ?? '');
    s.emit('doom-step', { step: n, of: this.steps.length, caption: text });
    if (announce) {
      const said = n ? this.events[n - 1].map((e) => this.words?.eventLine(e, t)?.text ?? describeEvent(e)) : [];
      // Each piece one sentence: a caption's own full stop is not doubled ("orders).." was said).
      s.announce(sentences([n ? `Step ${n} of ${this.steps.length}` : 'Before step 1', text, ...said]));
    }
    // A game's replay (no captions) keeps its moves in the link too: play mode reads them back on a reload.
    this.url.write(async () => ({ ...(n ? { r: n } : {}), ...(this.fromGame ? { z: await packHistory(this.steps.map((st) => st.command as Command)) } : {}) }));
    s.update();
  }

  /** The game at step `n`, nothing shown: played on from where it is, or again from the seed to go back. */
  private async play(n: number): Promise<void> {
    if (!this.game || n < this.applied) {
      this.game = await this.engine.createGame(this.scenario!, this.host.seed);
      this.applied = 0;
    }
    const game = this.game;
    while (this.applied < n) {
      const i = this.applied;
      const command = this.steps[i].command as Command | undefined;
      if (command) {
        const r = await game.apply(command);
        if (!r.ok) throw new StepError(`Step ${i + 1} cannot be shown: steps[${i}].command was refused (${r.refusal.rule}): ${r.refusal.message}`);
        this.events[i] = r.events;
      } else {
        const figures = (await game.view()).figures;
        for (const [k, id] of [['select', this.steps[i].select], ['target', this.steps[i].target]] as const) {
          if (id !== undefined && !figures.some((f) => f.id === id)) throw new StepError(`Step ${i + 1} cannot be shown: steps[${i}].${k}: no figure ${JSON.stringify(id)} on the board at this step`);
        }
        this.events[i] = [];
      }
      this.applied++;
    }
  }

  /** What a step draws: its selection (reach, fog, a target explained), or its command's figure and target. */
  private show(step: ScenarioStep | null): void {
    const s = this.state;
    s.dropSelection();
    const board = s.board;
    const on = (id: unknown) => typeof id === 'string' && !!s.model?.figures.some((f) => f.id === id);
    if (!step || !board) return;
    if (step.select !== undefined) {
      s.selected = step.select;
      s.sel = selectionOf(board, step.select, step.reach ?? (s.model!.ruleset === 'd20' ? 6 : 4), !step.target);
      if (step.target) {
        s.target = step.target;
        s.explain = board.explain(step.select, step.target);
      }
      return;
    }
    const c = step.command!;
    if (on(c.figure)) s.selected = c.figure as string;
    const target = c.target as unknown;
    if (on(c.figure) && on(target)) {
      s.target = target as string;
      s.explain = board.explain(c.figure as string, target as string);
    } else if (typeof target === 'object' && target && Number.isInteger((target as { x: number }).x)) s.targetCell = target as { x: number; y: number };
  }

  /** Play: one step after another (`autopilot-delay` ms apart) to the last; any other step key pauses. */
  toggle(): void {
    if (this.playing) return this.pause();
    this.playing = true;
    if (this.at >= this.steps.length) void this.go(0, true);
    this.tick();
  }

  private tick(): void {
    this.timer = window.setTimeout(() => {
      if (!this.playing) return;
      if (this.at >= this.steps.length) return this.pause();
      void this.state.guard(() => this.goTo(this.at + 1)).then(() => this.playing && this.tick());
    }, this.host.autopilotDelay ?? 1500);
  }

  pause(): void {
    this.playing = false;
    clearTimeout(this.timer);
    this.state.update();
  }

  /** A step asked for by a button, the scrubber or a key: playing stops unless `keepPlaying`. */
  go(n: number, keepPlaying = false): Promise<void> {
    if (!keepPlaying) this.pause();
    return this.state.guard(() => this.goTo(n));
  }

  /**
   * The board's step keys: N the next step, B back one, Shift+N the last, Shift+B before step 1
   * (the arrow keys move the cursor over the spaces, as in every mode); true when the key was one.
   */
  key(e: KeyboardEvent): boolean {
    const to = { n: e.shiftKey ? this.steps.length : this.at + 1, b: e.shiftKey ? 0 : this.at - 1 }[e.key.toLowerCase()];
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return false;
    e.preventDefault();
    void this.go(to);
    return true;
  }

  overlays(): Overlays {
    const s = this.state;
    return {
      selected: s.selected, target: s.target, targetCell: s.targetCell, explanation: s.explain, selection: s.sel, path: null,
      attackTargets: [], blast: [], hintCells: [], extra: this.highlight(), cursor: s.cursor, focused: s.focused,
    };
  }

  private highlight(): SVGTemplateResult | null {
    return this.at ? highlightLayer(this.steps[this.at - 1].highlight) : null;
  }

  panel(): TemplateResult {
    const s = this.state;
    const step = this.at ? this.steps[this.at - 1] : null;
    const names = s.names();
    return replayPanel({
      at: this.at, of: this.steps.length, caption: step?.caption ?? '', rule: step?.highlight?.rule ?? null, rulesHref: this.host.rulesHref,
      status: this.view?.status && s.model ? readableSummary(this.view.status, s.model, names) : '',
      message: s.message,
      explanation: s.explain && s.model ? readableSummary(s.explain.summary, s.model, names, s.sightBoxes()) : null,
      playing: this.playing, go: (n) => void this.go(n), toggle: () => this.toggle(), log: this.log,
    });
  }
}

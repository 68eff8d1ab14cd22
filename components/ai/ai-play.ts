/**
 * The AI in play mode (the `ai` and `autopilot` attributes): exact odds on the selected figure's
 * targets, the Hint button's top plans drawn as arrows, and the autopilot playing one side. Loaded
 * on demand (dist/doom-board-ai.js); the AI itself thinks in a Web Worker
 * (dist/doom-board-ai-worker.js) so that the page never blocks, or in the page when no worker can
 * be created (with a message saying so).
 */
import { nothing, svg, type SVGTemplateResult } from 'lit';
import type { GameState } from '../../src/rules/engine.ts';
import type { ApplyResult, Command, GameView } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { Hint, HintProvider } from '../hints.ts';
import type { Board } from '../../src/core/board.ts';
import type { Plan } from '../../src/ai/hints/plan.ts';
import type { GameClient } from '../engine-client.ts';
import type { DrawModel } from '../model.ts';
import { S } from '../render/geometry.ts';
import { Cell } from '../../src/core/types.ts';
import { AutopilotDriver } from './autopilot-driver.ts';
import { aiHintProvider, type AiHint } from './hint-provider.ts';
import { oddsInWords, targetOdds, type TargetOdds } from './odds-format.ts';
import { labelPlacer, type Box } from './label-placer.ts';
import { labelSize, leaderLine, planArrowsLayer, type LineOf } from './plan-arrows.ts';
import { shadowState } from './shadow-game.ts';
import { pageOrWorkerAi } from './worker-ai.ts';
import { inPageAi, type AiStrength } from '../../src/ai/protocol.ts';
import { sideOfCommand } from '../../src/ai/autopilot/sides.ts';
import { createGame, loadRuleset } from '../../src/rules/engine.ts';
import type { Game } from '../../src/rules/game.ts';

/** The autopilot's pace: a pause between its commands so that a person can follow (ms). */
const DEFAULT_DELAY_MS = 400;

/** The layer's look (the element's theme colours; inside its shadow root, so scoped to it). */
const AI_STYLE = `
.ai .odds rect { fill: var(--doom-bg, #fff); opacity: 0.9; stroke: var(--doom-focus, #1a5fb4); stroke-width: 0.6; }
.ai .odds text { font: 600 9px var(--doom-font, system-ui, sans-serif); fill: var(--doom-text, #111); text-anchor: middle; }
.ai .plans line, .ai .plans polyline { stroke: var(--doom-focus, #1a5fb4); stroke-width: 2.2; fill: none; opacity: 0.85; stroke-linejoin: round; }
.ai .plans marker path { fill: var(--doom-focus, #1a5fb4); }
.ai .plans .plan-2 :is(line, polyline) { opacity: 0.65; }
.ai .plans .plan-3 :is(line, polyline) { opacity: 0.45; }
.ai .plan-label { font: 700 9px var(--doom-font, system-ui, sans-serif); fill: var(--doom-text, #111); }
.ai .plan-label-bg { fill: var(--doom-bg, #fff); opacity: 0.9; stroke: var(--doom-focus, #1a5fb4); stroke-width: 0.6; }
.ai line.leader { stroke: var(--doom-focus, #1a5fb4); stroke-width: 0.8; opacity: 0.9; stroke-dasharray: none; }
`;

/** What the element gives the AI: its attributes (read when needed) and a redraw. */
export interface AiElement {
  /** The `autopilot-delay` attribute (ms). */
  autopilotDelay?: number;
  /** The `ai-strength` attribute (autopilot and hints). */
  aiStrength?: string;
  requestUpdate(): void;
}

/** What the AI needs of play mode (components/modes/play-mode.ts), which it never imports. */
export interface PlayedGame {
  readonly game: GameClient | null;
  readonly view: GameView | null;
  readonly gameState: unknown;
  readonly attacks: Map<string, Command[]>;
  readonly hint: Hint | null;
  /** The board as shown (components/state/board-state.ts). */
  readonly state: { figureName(id: string): string; readonly selected: string | null; readonly board: Board | null };
  apply(command: Command, by?: string): Promise<ApplyResult | undefined>;
  refreshActions(): Promise<void>;
}

/** The items' icons and the spaces drawn with a mark of their own (teleporters, obstacles, barrels, hazards), as boxes. */
function iconBoxes(m: DrawModel): Box[] {
  const box = (x: number, y: number) => ({ x: x * S + 4, y: y * S + 4, w: S - 8, h: S - 8 });
  const out = m.tokens.map((t) => box(t.x, t.y));
  m.cells.forEach((c, i) => c & (Cell.teleporter | Cell.obstacle | Cell.barrel | Cell.hazard) && out.push(box(i % m.width, Math.floor(i / m.width))));
  return out;
}

export class AiPlay {
  /** Exact odds of the selected figure against each target it may attack now. */
  odds: TargetOdds[] = [];
  readonly hints: HintProvider;
  private readonly state: () => Promise<GameState>;
  private readonly ai;
  private readonly driver: AutopilotDriver | null = null;
  private stopped = false;

  constructor(private readonly play: PlayedGame, private readonly scenario: Scenario, private readonly seed: number, private readonly side: string, private readonly el: AiElement) {
    const game = play.game!;
    this.state = shadowState(game, scenario, seed);
    this.ai = pageOrWorkerAi(() => this.say('No Web Worker here: the AI thinks in the page, which may pause briefly while it does.'));
    // doom2004's searched answers run the planner hundreds of times: a fresh worker's first took 50–65 ms
    // of cold code (bench:ai-strong), over the 50 ms an answer may take. One hint asked now, unused,
    // compiles that code while the person looks at the board.
    if (scenario.ruleset === 'doom2004') void this.state().then((s) => this.ai.warm(s), () => undefined);
    // The reasons name spaces and figures as the rest of the element does ("F4", "Possessed soldier 1"):
    // the AI is given the element's names, and says every click in order.
    const strength = () => (el.aiStrength || undefined) as AiStrength | undefined;
    this.hints = aiHintProvider({ state: this.state, ai: this.ai, page: inPageAi(), name: (id) => play.state.figureName(id), strength });
    if (side) {
      if (!(scenario.sides ?? []).includes(side)) {
        this.say(`autopilot: "${side}" is not a side of this scenario (${(scenario.sides ?? []).join(', ')})`);
        return;
      }
      // The autopilot's commands go through play mode like a person's: logged, announced, undoable.
      const client: GameClient = {
        view: () => game.view(),
        legalActions: (f) => game.legalActions(f),
        history: () => game.history(),
        undo: () => game.undo(),
        apply: async (c: Command): Promise<ApplyResult> => {
          const r = await play.apply(c, `Autopilot (${side}): `);
          return r ?? { ok: false, refusal: { rule: 'game', message: 'no game' } };
        },
      };
      this.driver = new AutopilotDriver(client, {
        side, scenario, seed, ai: this.ai, state: this.state,
        // Read at every pause: a page may change the pace while the autopilot plays.
        get delayMs() {
          const d = el.autopilotDelay ?? DEFAULT_DELAY_MS;
          return Number.isFinite(d) && d >= 0 ? d : DEFAULT_DELAY_MS;
        },
        // Read at each decision too; a value other than the two is refused by the AI, which names it.
        get strength() {
          return strength();
        },
      });
      this.driver.start();
      this.run();
      // What was offered before the autopilot came is offered again without its side's commands.
      setTimeout(() => void play.refreshActions(), 0);
    }
  }

  /** A notice that stays in the explanation line (a command clears the element's message line). */
  private notice = '';

  private say(text: string): void {
    this.notice = text;
    this.el.requestUpdate();
  }

  /** Let the autopilot play if it is its turn; a failure is shown, never thrown. */
  private run(): void {
    this.driver?.poke().catch((e: unknown) => this.say(`The autopilot stopped: ${e instanceof Error ? e.message : String(e)}`));
  }

  private pending = 0;

  /**
   * Whether a command is the autopilot's to give (its side's, as src/ai/autopilot/sides.ts counts
   * them): the person is not offered those.
   */
  owns(c: Command): boolean {
    if (!this.driver) return false;
    const v = this.play.view;
    const s = this.play.gameState as GameState | null;
    let side: string | null | undefined;
    if (typeof c.side === 'string') side = c.side;
    else if (typeof c.figure === 'string') side = v?.figures.find((f) => f.id === c.figure)?.side ?? (s && s.ruleset !== 'd20' ? s.marineSide : null);
    else side = s && s.ruleset !== 'd20' ? s.invaderSide : v?.side;
    return side === this.side;
  }

  /**
   * The selection or the position changed: recompute the odds on the targets, in a task of its own
   * (the command's redraw comes first, and no task grows long); several changes at once, once.
   */
  refresh(): void {
    if (this.pending) return;
    this.pending = window.setTimeout(() => {
      this.pending = 0;
      // E.g. the server cannot be reached: say so instead of showing stale odds.
      this.compute().catch((e: unknown) => this.say(`No odds: ${e instanceof Error ? e.message : String(e)}`));
    }, 0);
  }

  private async compute(): Promise<void> {
    const id = this.play.state.selected;
    const attacks = this.play.attacks;
    let odds: TargetOdds[] = [];
    // The autopilot's own figures get none: odds are for the person's decisions.
    const mine = this.driver && this.play.view?.figures.find((f) => f.id === id)?.side === this.side;
    if (id && attacks.size && !this.stopped && !mine) {
      const state = await this.state();
      odds = targetOdds(state, id).filter((o) => attacks.has(o.target) || this.cellKeyOf(o.target, state));
    }
    if (id !== this.play.state.selected) return;
    this.odds = odds;
    this.el.requestUpdate();
  }

  /** doom2004 attacks nominate a space: the target's space is in the attack list. */
  private cellKeyOf(target: string, state: GameState): boolean {
    const f = state.figures.find((g) => g.id === target);
    return !!f && this.play.attacks.has(`@${f.x},${f.y}`);
  }

  /** After a command (a person's or the autopilot's): new odds, and the autopilot plays on. */
  applied(): void {
    this.refresh();
    this.run();
  }

  /** The autopilot finishes the command it is playing and plays no more (until `undo()` is done). */
  async pause(): Promise<void> {
    this.driver?.stop();
    await this.driver?.idle();
  }

  /**
   * Undo with an autopilot (after `pause()`): commands are taken back until the person must decide
   * again (the autopilot's answers and the person's last command), then it plays on. Returns
   * whether any was.
   */
  async undo(): Promise<boolean> {
    const game = this.play.game!;
    const d = this.driver;
    // Only the autopilot's commands so far (it began the game): taking them back would only see them
    // played again, so there is nothing to undo.
    if (d && !(await this.personPlayed())) {
      d.start();
      return false;
    }
    let any = false;
    try {
      while (await game.undo()) {
        any = true;
        if (!d || !(await d.turn())) break;
      }
      await this.ai.reset(this.side || undefined);
    } finally {
      d?.start();
    }
    return any;
  }

  /** Whether any command of the game so far was not the autopilot's side's (each judged in the state it was sent in). */
  private async personPlayed(): Promise<boolean> {
    const client = this.play.game!;
    const from = client.replay ? await client.replay() : { scenario: this.scenario, seed: this.seed, commands: await client.history() };
    await loadRuleset(from.scenario.ruleset);
    const copy = createGame(from.scenario, { seed: from.seed }) as Game<GameState>;
    for (const c of from.commands) {
      if (sideOfCommand(copy.state, c) !== this.side) return true;
      if (!copy.apply(c).ok) return true;
    }
    return false;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.pending);
    this.driver?.stop();
    this.ai.terminate();
  }

  /** The odds in words, for the explanation line (read by screen readers). */
  text(name: (id: string) => string, ruleset: string): string {
    if (!this.odds.length) return this.notice;
    return `${this.notice ? `${this.notice} ` : ''}Exact odds: ${this.odds.map((o) => oddsInWords(o, name(o.target), ruleset)).join('; ')}.`;
  }

  private readonly paths = new WeakMap<object, { x: number; y: number; o: number }[] | null>();

  /** A plan's move as the grid core's cheapest path on the board shown (once per plan). */
  private pathOf(p: Plan): { x: number; y: number; o: number }[] | null {
    if (!this.paths.has(p)) {
      let steps = null;
      try {
        steps = p.to ? this.play.state.board?.path(p.figure, 64, { x: p.to.x, y: p.to.y, o: p.to.o })?.steps ?? null : null;
      } catch {
        // A figure the board does not know: a straight arrow.
      }
      this.paths.set(p, steps);
    }
    return this.paths.get(p)!;
  }

  /** A plan's step after the attack (`then`) as the cheapest path from its destination (the figure put there for the query, then back). */
  private thenPathOf(p: Plan): { x: number; y: number; o: number }[] | null {
    const b = this.play.state.board;
    if (!b || !p.then) return null;
    const f = b.figure(p.figure);
    const [x, y] = [f.x, f.y];
    try {
      if (p.to) b.moveFigure(p.figure, p.to.x, p.to.y, !!p.to.o);
      return b.path(p.figure, 64, p.then.to)?.steps ?? null;
    } catch {
      return null; // a straight arrow
    } finally {
      if (p.to) b.moveFigure(p.figure, x, y, !!p.to.o);
    }
  }

  private readonly lines = new WeakMap<object, ReturnType<LineOf>>();

  /**
   * A plan's attack as the first clear line of sight the grid core finds from its destination (the
   * figure put there for the query, then back): a straight arrow between centres crossed walls'
   * corners. Null (a straight arrow) where the figure cannot stand there for the query (a glory kill).
   */
  private lineOf(p: Plan): ReturnType<LineOf> {
    if (!this.lines.has(p)) {
      let out: ReturnType<LineOf> = null;
      const b = this.play.state.board;
      if (b && p.target) {
        const f = b.figure(p.figure);
        const [x, y] = [f.x, f.y];
        try {
          if (p.to) b.moveFigure(p.figure, p.to.x, p.to.y, !!p.to.o);
          out = b.explain(p.figure, p.target).losLines.find((l) => !l.blocked) ?? null;
        } catch {
          // Not a place the figure can be put on this board: a straight arrow.
        } finally {
          if (p.to) b.moveFigure(p.figure, x, y, !!p.to.o);
        }
      }
      this.lines.set(p, out);
    }
    return this.lines.get(p)!;
  }

  /** Odds labels over the targets and the hint's plans as arrows (SVG, in the overlay). */
  layer(m: DrawModel): SVGTemplateResult | typeof nothing {
    const plans = (this.play.hint as AiHint | null)?.plans;
    // Labels go where they hide no figure and no other label.
    const place = labelPlacer(m.figures.map((f) => ({ x: f.x * S + 1, y: f.y * S + 1, w: f.w * S - 2, h: f.h * S - 2 })), { w: m.width * S, h: m.height * S }, iconBoxes(m));
    const labels = this.odds.map((o) => {
      const f = m.figures.find((g) => g.id === o.target);
      if (!f) return nothing;
      const label = o.label.replace(/ (hit|dmg|wounds|hp|kill)/g, '');
      const size = labelSize(label);
      const at = place(size.w, size.h, { x: f.x * S, y: f.y * S, w: f.w * S, h: f.h * S });
      return svg`<g class="odds" data-target=${o.target} data-hit=${o.odds.hit} data-expected=${o.odds.expected} data-kill=${o.odds.kill}>
        ${leaderLine(at.leader)}<rect x=${at.x} y=${at.y} width=${size.w} height=${size.h} rx="2"></rect><text x=${at.x + size.w / 2} y=${at.y + 9.5}>${label}</text></g>`;
    });
    return svg`<g class="ai">
      <style>${AI_STYLE}</style>
      ${plans ? planArrowsLayer(plans, m.figures, m.ruleset, 3, (p) => this.pathOf(p), place, (p) => this.lineOf(p), (p) => this.thenPathOf(p)) : nothing}${labels}</g>`;
  }
}

/**
 * Play mode: a game through the rules engine (`view` / `legalActions` / `apply`), the selected
 * figure's legal commands sorted into moves, attacks and the rest, undo, hints and the event log.
 * The element forwards input here and draws what it is given; selection state stays the element's.
 */
import { Board } from '../../src/core/board.ts';
import type { Placement, SightExplanation } from '../../src/core/types.ts';
import type { ApplyResult, Command, GameEvent, GameView } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { AiPlay } from '../ai/ai-play.ts';
import type { HintProvider, Hint } from '../hints.ts';
import type { EngineClient, GameClient, HistoryEntry } from '../engine-client.ts';
import type { LogLine } from '../log/event-words.ts';
import type { DoomEventMap, ErrorDetail } from '../events.ts';
import { describeCommand, describeEvent } from '../interaction/describe.ts';
import type { Cursor } from '../interaction/keyboard.ts';
import { boardDataOfView, type Selection } from '../interaction/selection.ts';
import { modelFromView, type DrawModel } from '../model.ts';
import type { ReachCell } from '../render/overlays.ts';
import { unpackHistory, type UrlState } from '../url-state.ts';

/** The doom2016 / doom2004 play table (dist/doom-board-table.js in the bundle). */
const loadTable = () => import('./table-entry.ts');
type TableModule = Awaited<ReturnType<typeof loadTable>>;
/** Rulesets the play table knows. */
const TABLE_RULESETS = new Set(['doom2016', 'doom2004']);
/** Rulesets whose events the same module says in words (components/log/event-words.ts). */
const WORDS_RULESETS = new Set([...TABLE_RULESETS, 'd20']);
/** The event log keeps this many lines (the oldest go first). */
const LOG_LINES = 300;
const UNDONE: LogLine = { text: 'Undone: the last command was taken back' };
/** Movement allowance used for costs and paths in play mode (the engine decides what is legal). */
export const PLAY_MP = 64;

/** What play mode needs from the element: its settings, the shared selection, and its outputs. */
export interface PlayHost {
  readonly engine: EngineClient;
  readonly seed: number | undefined;
  readonly hints: HintProvider | undefined;
  readonly scenario: Scenario | null;
  readonly loadToken: number;
  selected: string | null;
  target: string | null;
  targetCell: Cursor | null;
  explain: SightExplanation | null;
  sel: Selection;
  path: Placement[] | null;
  model: DrawModel | null;
  board: Board | null;
  message: string;
  readUrl(): UrlState | null;
  fail(source: ErrorDetail['source'], message: string, problems: string[], blocking?: boolean): void;
  guard(fn: () => unknown): Promise<void>;
  emit<K extends keyof DoomEventMap>(type: K, detail: DoomEventMap[K]['detail']): void;
  announce(text: string): void;
  writeUrl(): void;
  figureName(id: string): string;
  requestUpdate(): void;
}

export class PlayMode {
  game: GameClient | null = null;
  view: GameView | null = null;
  /** How many commands the game's history holds. */
  history = 0;
  /** Whether Undo is offered: a command stands and this page's seat sent it. */
  undoable = false;
  /** The play table module, once loaded (doom2016, doom2004). */
  table: TableModule | null = null;
  /** The same module for its event words (also d20). */
  words: TableModule | null = null;
  /** The game state, when the engine client gives it (for the table). */
  state: unknown = null;
  lastEvents: GameEvent[] = [];
  lastActive: string | null = null;
  moves = new Map<number, Command[]>();
  attacks = new Map<string, Command[]>();
  others: Command[] = [];
  /** Legal commands that name no figure (a side's own actions), always offered. */
  sideCommands: Command[] = [];
  /** Commands the table offers in a chooser of its own (the status phase's discards). */
  choices: Command[] = [];
  pending: Command[] = [];
  log: LogLine[] = [];
  hint: Hint | null = null;
  /** Stops following a server game. */
  unfollow: (() => void) | null = null;
  /** Odds, hints and the autopilot (the `ai` / `autopilot` attributes; loaded on demand). */
  ai: AiPlay | null = null;

  constructor(readonly host: PlayHost) {}

  /**
   * Commands and undos run one at a time, in the order asked: a click while the autopilot's command
   * is still being shown waits for it, so the log, the events and the history keep one order.
   */
  private queue: Promise<unknown> = Promise.resolve();
  private serial<T>(f: () => Promise<T>): Promise<T> {
    const next = this.queue.then(f, f);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Forget the game (a new scenario or mode is loading). */
  reset(): void {
    this.table = null;
    this.words = null;
    this.state = null;
    this.lastEvents = [];
    this.lastActive = null;
    this.log = [];
    this.hint = null;
    this.stopFollowing();
    this.game = null;
    this.view = null;
  }

  stopFollowing(): void {
    this.ai?.stop();
    this.ai = null;
    this.unfollow?.();
    this.unfollow = null;
  }

  tableContext() {
    return {
      view: this.view!, state: this.state, lastEvents: this.lastEvents, name: (id: string) => this.host.figureName(id),
      choices: this.choices.filter((c) => !this.ai?.owns(c)), apply: (c: Command) => void this.host.guard(() => this.apply(c)),
    };
  }

  /** A command in plain words: the table's phrasing for its rulesets, else the generic one. */
  commandWords(c: Command): string {
    return (this.words && this.view ? this.words.commandWords(c, this.tableContext()) : null) ?? describeCommand(c);
  }

  eventWords(e: GameEvent): LogLine {
    return (this.words && this.view ? this.words.eventLine(e, this.tableContext()) : null) ?? { text: describeEvent(e) };
  }

  /** Log the events of accepted changes (undos as a line of their own), keeping the last LOG_LINES. */
  private logEntries(entries: HistoryEntry[]): LogLine[] {
    const lines = entries.flatMap((x) => (x.kind === 'undo' ? [UNDONE] : (x.events ?? []).map((e) => this.eventWords(e))));
    this.log = [...this.log, ...lines].slice(-LOG_LINES);
    return lines;
  }

  async start(s: Scenario, token: number): Promise<void> {
    const [game, words] = await Promise.all([this.host.engine.createGame(s, this.host.seed), WORDS_RULESETS.has(s.ruleset) ? loadTable() : null]);
    this.words = words;
    this.table = TABLE_RULESETS.has(s.ruleset) ? words : null;
    if (token !== this.host.loadToken) return;
    this.game = game;
    const state = this.host.readUrl();
    // The log is the game's: replayed from the page URL's moves, or read from the server's history.
    const replayed: HistoryEntry[] = [];
    let moves = state?.h;
    try {
      if (state?.z) moves = await unpackHistory(state.z);
    } catch (e) {
      this.host.fail('url', `Ignored the moves in the page URL: ${(e as Error).message}`, [], false);
    }
    if (moves) {
      for (const c of moves) {
        const r = await game.apply(c);
        if (!r.ok) {
          for (let n = replayed.length; n > 0; n--) await game.undo();
          replayed.length = 0;
          this.host.fail('url', `Ignored the moves in the page URL: command ${moves.indexOf(c) + 1} was refused (${r.refusal.message})`, [], false);
          break;
        }
        replayed.push({ kind: 'command', events: r.events });
      }
    }
    await this.refreshView();
    this.logEntries(game.newEntries ? await game.newEntries() : replayed);
    this.unfollow = game.subscribe?.(() => void this.host.guard(async () => {
      await this.refreshView();
      if (game.newEntries) this.logEntries(await game.newEntries());
      await this.refreshActions();
    })) ?? null;
    if (state?.s && this.host.model?.figures.some((f) => f.id === state.s)) this.host.selected = state.s;
    if (this.host.selected) await this.refreshActions();
  }

  async refreshView(): Promise<void> {
    const v = await this.game!.view();
    this.view = v;
    this.history = (await this.game!.history()).length;
    this.undoable = this.history > 0 && (await this.game!.mayUndo?.() ?? true);
    this.host.model = modelFromView(this.host.scenario!, v);
    const legal = await this.game!.legalActions();
    this.state = this.table && this.game!.state ? await this.game!.state() : null;
    // With the table, every command that is not a move or an attack on the board is a button; the
    // board highlights the figure expected to act, and it is selected for its moves and attacks.
    this.sideCommands = this.table ? uniqueCommands(legal.filter((c) => !isBoardCommand(c) && !this.table!.choosesItself(c))) : legal.filter((c) => c.figure === undefined);
    this.choices = this.table ? legal.filter(this.table.choosesItself) : [];
    if (this.table && v.active && v.active !== this.lastActive && v.figures.some((f) => f.id === v.active)) this.host.selected = v.active;
    this.lastActive = v.active;
    const data = boardDataOfView(v);
    this.host.board = data ? Board.fromData(data) : null;
    if (this.host.selected && !v.figures.some((f) => f.id === this.host.selected)) this.host.selected = null;
  }

  /** Partition the selected figure's legal commands: moves (to a cell), attacks (a target), others. */
  async refreshActions(): Promise<void> {
    this.moves = new Map();
    this.attacks = new Map();
    this.others = [];
    this.host.sel = { reach: null, cells: [], los: null };
    this.host.path = null;
    const id = this.host.selected;
    // The autopilot's figures are moved by the autopilot only.
    if (!id || !this.game || !this.host.model || this.ai?.owns({ type: '', figure: id })) return;
    const actions = await this.game.legalActions(id);
    const w = this.host.model.width;
    for (const c of actions) {
      const to = c.to as { x?: unknown; y?: unknown } | undefined;
      if (to && Number.isInteger(to.x) && Number.isInteger(to.y) && c.target === undefined) {
        const k = (to.y as number) * w + (to.x as number);
        this.moves.set(k, [...(this.moves.get(k) ?? []), c]);
      } else if (c.target !== undefined) {
        const t = c.target as unknown;
        const key = typeof t === 'string' ? t : typeof t === 'object' && t && Number.isInteger((t as Cursor).x) ? `@${(t as Cursor).x},${(t as Cursor).y}` : JSON.stringify(t);
        this.attacks.set(key, [...(this.attacks.get(key) ?? []), c]);
      } else this.others.push(c);
    }
    // Costs and paths come from the grid core; the engine alone decides what is legal.
    let reach = null;
    if (this.moves.size && this.host.board) {
      try {
        reach = this.host.board.reach(id, PLAY_MP);
      } catch {
        reach = null;
      }
    }
    const cells: ReachCell[] = [];
    for (const k of this.moves.keys()) {
      const cost = reach && reach.cost[k] >= 0 ? reach.cost[k] : undefined;
      cells.push({ x: k % w, y: Math.floor(k / w), ...(cost !== undefined ? { cost } : {}) });
    }
    this.host.sel = { reach, cells, los: null };
    if (this.host.target && !this.attacks.has(this.host.target)) {
      this.host.target = null;
      this.host.explain = null;
    }
    this.ai?.refresh();
    this.host.requestUpdate();
  }

  /** Send a command (`by`: who sent it, said before the announcement); the engine's answer. */
  apply(command: Command, by = ''): Promise<ApplyResult | undefined> {
    return this.serial(() => this.applyNow(command, by));
  }

  private async applyNow(command: Command, by: string): Promise<ApplyResult | undefined> {
    if (!this.game) return;
    const r = await this.game.apply(command);
    if (!r.ok) {
      this.host.fail('command', `Refused (${r.refusal.rule}): ${r.refusal.message}`, [], false);
      return r;
    }
    this.host.message = '';
    this.hint = null;
    this.lastEvents = r.events;
    await this.refreshView();
    const lines = this.logEntries([{ kind: 'command', events: r.events }]).map((l) => l.text);
    this.host.target = null;
    this.host.targetCell = null;
    this.host.explain = null;
    this.pending = [];
    if (this.host.selected) await this.refreshActions();
    this.host.emit('doom-action', { command, events: r.events });
    const moved = r.events.find((e: GameEvent) => e.type === 'moved');
    if (typeof command.to === 'object' && moved) {
      this.host.emit('doom-move', { figure: String(command.figure), from: moved.from as Cursor, to: moved.to as Cursor, ...(typeof moved.cost === 'number' ? { cost: moved.cost } : {}) });
    }
    this.host.announce(by + (lines.join('. ') || this.commandWords(command)));
    this.host.writeUrl();
    this.ai?.applied();
    return r;
  }

  async undo(): Promise<void> {
    if (!this.game) return;
    // The autopilot finishes the command it is playing (it waits in the queue) and plays no more
    // until the undo is done.
    await this.ai?.pause();
    return this.serial(() => this.undoNow());
  }

  private async undoNow(): Promise<void> {
    if (!this.game) return;
    const ok = await (this.ai ? this.ai.undo() : this.game.undo());
    if (!ok) {
      this.host.announce('Nothing to undo');
      return;
    }
    this.logEntries([{ kind: 'undo' }]);
    this.host.target = null;
    this.host.explain = null;
    this.pending = [];
    await this.refreshView();
    if (this.host.selected) await this.refreshActions();
    this.host.emit('doom-undo', { history: this.history });
    this.host.announce(`Undone. ${this.view?.status ?? ''}`);
    this.host.writeUrl();
    this.ai?.applied();
  }

  async askHint(): Promise<void> {
    if (!this.host.hints || !this.game || !this.view) return;
    const legal = await this.game.legalActions(this.host.selected ?? undefined);
    const h = await this.host.hints({ view: this.view, selected: this.host.selected, legalActions: legal });
    this.hint = h === null ? { text: 'No hint for this position.' } : typeof h === 'string' ? { text: h } : h;
    this.host.emit('doom-hint', { text: this.hint.text });
    this.host.announce(`Hint: ${this.hint.text}`);
  }}

/** Moves and attacks are made on the board (a destination, a target), not with buttons. */
function isBoardCommand(c: Command): boolean {
  const to = c.to as { x?: unknown } | undefined;
  return c.target !== undefined || (typeof to === 'object' && to !== null && Number.isInteger(to.x));
}

function uniqueCommands(list: Command[]): Command[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = JSON.stringify(c);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

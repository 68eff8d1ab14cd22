/**
 * Play mode: a game through the rules engine (`view` / `legalActions` / `apply`), the selected
 * figure's legal commands sorted into moves, attacks and the rest, what a space means in a game,
 * undo, hints, the AI (the `ai` / `autopilot` attributes, loaded on demand) and the event log.
 */
import { nothing, type TemplateResult } from 'lit';
import { Board } from '../../src/core/board.ts';
import type { ApplyResult, Command, GameEvent, GameView } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { cellName, figureName } from '../coords.ts';
import { AiController, type AiHost } from '../controllers/ai-controller.ts';
import type { Hint } from '../hints.ts';
import type { GameClient, HistoryEntry } from '../engine-client.ts';
import type { LogLine } from '../log/event-words.ts';
import { appendLog } from '../log/append.ts';
import { UNDONE, UndoWords } from '../log/undo-words.ts';
import { serialQueue } from '../controllers/serial.ts';
import { describeCommand, describeEvent } from '../interaction/describe.ts';
import type { Cursor } from '../interaction/keyboard.ts';
import { sentences, statusWords } from '../interaction/readable.ts';
import { boardDataOfView } from '../interaction/selection.ts';
import { figureAt, modelFromView } from '../model.ts';
import { playPanel } from '../panels/play-panel.ts';
import type { Overlays } from '../render/board-view.ts';
import type { ReachCell } from '../render/overlays.ts';
import { packHistory, type UrlState } from '../url-state.ts';
import { replayUrlMoves } from './url-moves.ts';
import { again, spacePrompt } from './play-prompts.ts';
import { SelectingMode, type ModeHost } from './selecting-mode.ts';
import { isBoardCommand, placingFigure, uniqueCommands } from '../interaction/play-commands.ts';
import { LogFollow } from '../controllers/log-follow.ts';

/** The doom2016 / doom2004 play table (dist/doom-board-table.js in the bundle). */
const loadTable = () => import('./table-entry.ts');
type TableModule = Awaited<ReturnType<typeof loadTable>>;
/** Rulesets the play table knows. */
const TABLE_RULESETS = new Set(['doom2016', 'doom2004']);
/** Rulesets whose events the same module says in words (components/log/event-words.ts). */
const WORDS_RULESETS = new Set([...TABLE_RULESETS, 'd20']);
/** Movement allowance used for costs and paths in play mode (the engine decides what is legal). */
export const PLAY_MP = 64;

/** What play mode reads of the element: its attributes, and its shadow root for the log. */
export interface PlayHost extends ModeHost, AiHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** Set to a game's replay (scenario, seed, commands) with mode "replay" to step through the game. */
  scenario: unknown;
  mode: ModeHost['mode'];
}

export class PlayMode extends SelectingMode<PlayHost> {
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
  gameState: unknown = null;
  lastEvents: GameEvent[] = [];
  lastActive: string | null = null;
  moves = new Map<number, Command[]>();
  attacks = new Map<string, Command[]>();
  others: Command[] = [];
  /** Legal commands that name no figure (a side's own actions), always offered. */
  sideCommands: Command[] = [];
  /** Every legal command now (whoever gives it). */
  private legalNow: Command[] = [];
  /** Commands the table offers in a chooser of its own (the status phase's discards). */
  choices: Command[] = [];
  pending: Command[] = [];
  /** What each pending command would do (GameClient.preview), for the buttons' words. */
  private outcomes = new Map<Command, ApplyResult>();
  log: LogLine[] = [];
  /** The log's words of each command in the history, for what an undo takes back. */
  private said = new UndoWords();
  hint: Hint | null = null;
  /** Stops following a server game. */
  unfollow: (() => void) | null = null;
  /** Odds, hints and the autopilot (the `ai` / `autopilot` attributes). */
  readonly ai = new AiController(this.host, this.state);

  /** The log follows its newest line unless the reader has scrolled up. */
  private readonly logFollow = new LogFollow(this.host);

  /**
   * Commands and undos run one at a time, in the order asked: a click while the autopilot's command
   * is still being shown waits for it, so the log, the events and the history keep one order.
   */
  private readonly serial = serialQueue();

  hostDisconnected(): void {
    this.stopFollowing();
  }

  hostUpdated(): void {
    if (this.showCells.length && this.state.model) this.words?.keepInView(this.host.renderRoot, this.state.model.width, this.showCells);
    this.showCells = [];
  }

  /** The last command's spaces, brought into the board's box once it is drawn (interaction/keep-in-view.ts). */
  private showCells: { x: number; y: number }[] = [];

  /** Forget the game (a new scenario or mode is loading). */
  reset(): void {
    this.dropActions();
    this.table = null;
    this.words = null;
    this.gameState = null;
    this.lastEvents = [];
    this.lastActive = null;
    this.log = [];
    this.said = new UndoWords();
    this.hint = null;
    this.ai.stop();
    this.stopFollowing();
    this.game = null;
    this.view = null;
  }

  /** A server game's changes are no longer shown. */
  private stopFollowing(): void {
    this.unfollow?.();
    this.unfollow = null;
  }

  tableContext() {
    return {
      view: this.view!, state: this.gameState, lastEvents: this.lastEvents, name: (id: string) => this.state.figureName(id),
      choices: this.choices.filter((c) => !this.ai.current?.owns(c)), apply: (c: Command) => void this.state.guard(() => this.apply(c)),
      outcome: (c: Command) => this.outcomes.get(c),
    };
  }

  /** A command in plain words: the table's phrasing for its rulesets, else the generic one. */
  commandWords(c: Command): string {
    return (this.words && this.view ? this.words.commandWords(c, this.tableContext()) : null) ?? describeCommand(c);
  }

  eventWords(e: GameEvent): LogLine {
    return (this.words && this.view ? this.words.eventLine(e, this.tableContext()) : null) ?? { text: describeEvent(e) };
  }

  /** Log the events of accepted changes (undos as a line of their own; appendLog); `show`: bring their spaces into view. */
  private logEntries(entries: HistoryEntry[], show = false): LogLine[] {
    const lines = entries.flatMap((x) => (x.kind === 'undo' ? (this.said.undo(), [UNDONE]) : this.said.command((x.events ?? []).map((e) => this.eventWords(e)))));
    if (show && this.view && this.words) this.showCells = this.words.eventCells(entries.flatMap((x) => x.events ?? []), this.view);
    this.log = appendLog(this.log, lines);
    return lines;
  }

  async start(s: Scenario, token: number): Promise<void> {
    const [game, words] = await Promise.all([this.host.engine.createGame(s, this.host.seed), WORDS_RULESETS.has(s.ruleset) ? loadTable() : null]);
    this.words = words;
    this.table = TABLE_RULESETS.has(s.ruleset) ? words : null;
    if (token !== this.state.loadToken) return;
    this.game = game;
    const fromUrl = this.url.read();
    // The log is the game's: replayed from the page URL's moves, or read from the server's history.
    const replayed = await replayUrlMoves(game, fromUrl, (m) => this.state.fail('url', m, [], false));
    await this.refreshView();
    this.logEntries(game.newEntries ? await game.newEntries() : replayed);
    this.unfollow = game.subscribe?.(() => void this.state.guard(async () => {
      await this.refreshView();
      if (game.newEntries) this.logEntries(await game.newEntries(), true);
      await this.refreshActions();
    })) ?? null;
    if (fromUrl?.s && !this.placing && this.state.model?.figures.some((f) => f.id === fromUrl.s)) this.state.selected = fromUrl.s;
    if (this.state.selected) await this.refreshActions();
    await this.ai.start(this, s, token);
  }

  async refreshView(): Promise<void> {
    const v = await this.game!.view();
    this.view = v;
    this.history = (await this.game!.history()).length;
    this.undoable = this.history > 0 && (await this.game!.mayUndo?.() ?? true);
    this.state.model = modelFromView(this.state.scenario!, v);
    const legal = await this.game!.legalActions();
    this.gameState = this.table && this.game!.state ? await this.game!.state() : null;
    // With the table, every command that is not a move or an attack on the board is a button; the
    // board highlights the figure expected to act, and it is selected for its moves and attacks.
    this.legalNow = legal;
    this.sideCommands = this.table ? uniqueCommands(legal.filter((c) => !isBoardCommand(c) && !this.table!.choosesItself(c))) : legal.filter((c) => c.figure === undefined);
    this.choices = this.table ? legal.filter(this.table.choosesItself) : [];
    if (this.table && v.active && v.active !== this.lastActive && v.figures.some((f) => f.id === v.active)) this.state.selected = v.active;
    this.lastActive = v.active;
    const data = boardDataOfView(v);
    this.state.board = data ? Board.fromData(data) : null;
    this.placing = placingFigure(legal, v);
    if (this.placing) this.state.selected = this.placing;
    else if (this.state.selected && !v.figures.some((f) => f.id === this.state.selected)) this.state.selected = null;
  }

  /** Partition the selected figure's legal commands: moves (to a cell), attacks (a target), others. */
  async refreshActions(): Promise<void> {
    this.moves = new Map();
    this.attacks = new Map();
    this.others = [];
    this.state.sel = { reach: null, cells: [], los: null };
    this.state.path = null;
    const id = this.state.selected;
    // The autopilot's figures are moved by the autopilot only.
    if (!id || !this.game || !this.state.model || this.ai.current?.owns({ type: '', figure: id })) return;
    const actions = await this.game.legalActions(id);
    const w = this.state.model.width;
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
    if (this.moves.size && this.state.board) {
      try {
        reach = this.state.board.reach(id, PLAY_MP);
      } catch {
        reach = null;
      }
    }
    const cells: ReachCell[] = [];
    for (const k of this.moves.keys()) {
      const cost = reach && reach.cost[k] >= 0 ? reach.cost[k] : undefined;
      cells.push({ x: k % w, y: Math.floor(k / w), ...(cost !== undefined ? { cost } : {}) });
    }
    this.state.sel = { reach, cells, los: null };
    const c = this.state.targetCell;
    if ((c || this.state.target) && !this.attacks.has(c ? `@${c.x},${c.y}` : this.state.target!)) {
      this.state.target = null;
      this.state.explain = null;
    }
    this.ai.current?.refresh();
    this.state.update();
  }

  /** Send a command (`by`: who sent it, said before the announcement); the engine's answer. */
  apply(command: Command, by = ''): Promise<ApplyResult | undefined> {
    return this.serial(() => this.applyNow(command, by));
  }

  private async applyNow(command: Command, by: string): Promise<ApplyResult | undefined> {
    if (!this.game) return;
    const r = await this.game.apply(command);
    if (!r.ok) {
      this.state.fail('command', `Refused (${r.refusal.rule}): ${r.refusal.message}`, [], false);
      return r;
    }
    this.state.message = '';
    this.hint = null;
    this.lastEvents = r.events;
    await this.refreshView();
    const lines = this.logEntries([{ kind: 'command', events: r.events }], true).map((l) => l.text);
    this.state.clearTarget();
    this.pending = [];
    if (this.state.selected) await this.refreshActions();
    this.state.emit('doom-action', { command, events: r.events });
    const moved = r.events.find((e: GameEvent) => e.type === 'moved');
    if (typeof command.to === 'object' && moved) {
      this.state.emit('doom-move', { figure: String(command.figure), from: moved.from as Cursor, to: moved.to as Cursor, ...(typeof moved.cost === 'number' ? { cost: moved.cost } : {}) });
    }
    this.state.announce(lines.join('. ') || this.commandWords(command), by);
    this.writeUrl();
    this.ai.current?.applied();
    return r;
  }

  async undo(): Promise<void> {
    if (!this.game) return;
    // The autopilot finishes the command it is playing (it waits in the queue) and plays no more
    // until the undo is done.
    await this.ai.current?.pause();
    return this.serial(() => this.undoNow());
  }

  private async undoNow(): Promise<void> {
    if (!this.game) return;
    const ai = this.ai.current;
    const before = this.history;
    const ok = await (ai ? ai.undo() : this.game.undo());
    if (!ok) {
      this.state.announce('Nothing to undo');
      return;
    }
    this.state.target = null;
    this.state.explain = null;
    this.pending = [];
    await this.refreshView();
    // The autopilot's answers go with the person's command: say how many.
    const n = before - this.history;
    this.log = appendLog(this.log, [n > 1 ? { text: `Undone: ${n} commands taken back` } : UNDONE]);
    if (this.state.selected) await this.refreshActions();
    this.state.emit('doom-undo', { history: this.history });
    // What was taken back in the log's words, then the game's status as the panel shows it (names, not ids).
    this.state.announce(sentences([this.said.undo(n), statusWords(this.view, this.state.model, this.state.names())]));
    this.writeUrl();
    this.ai.current?.applied();
  }

  /** A finished game, step by step (replay mode): the server's replay for a server game, else this page's. */
  async openReplay(): Promise<void> {
    const g = this.game!;
    const s = this.state.scenario!;
    this.host.scenario = g.replay ? await g.replay() : { scenario: s, seed: this.host.seed ?? s.seed ?? 1, commands: await g.history() };
    this.host.mode = 'replay';
  }

  /** Whether the autopilot decides now (every legal command is its side's): Hint is off then (issue 39). */
  private autopilotTurn(): boolean {
    const ai = this.ai.current;
    return !!ai && this.legalNow.length > 0 && this.legalNow.every((c) => ai.owns(c));
  }

  async askHint(): Promise<void> {
    const hints = this.ai.hints;
    if (!hints || !this.game || !this.view || this.autopilotTurn()) return;
    const legal = await this.game.legalActions(this.state.selected ?? undefined);
    const h = await hints({ view: this.view, selected: this.state.selected, legalActions: legal });
    this.hint = h === null ? { text: 'No hint for this position.' } : typeof h === 'string' ? { text: h } : h;
    this.state.emit('doom-hint', { text: this.hint.text });
    this.state.announce(`Hint: ${this.hint.text}`);
  }

  refresh(): Promise<void> {
    return this.refreshActions();
  }

  protected dropActions(): void {
    this.moves.clear();
    this.attacks.clear();
    this.others = [];
    this.pending = [];
  }

  protected offers(): string {
    const parts: string[] = [];
    if (this.moves.size) parts.push(`${this.moves.size} spaces to move to`);
    if (this.attacks.size) parts.push(`${this.attacks.size} target${this.attacks.size > 1 ? 's' : ''}`);
    for (const c of this.others) parts.push(this.commandWords(c));
    return parts.length ? parts.join(', ') : 'no actions now';
  }

  protected moveVerb(x: number, y: number): string {
    const cmds = x < 0 ? [...this.moves.values()].flat() : this.moves.get(y * this.state.model!.width + x);
    return cmds?.length && cmds.every((c) => c.type === 'respawn') ? 'respawn' : 'move';
  }

  protected pathMp(k: number): number | null {
    return this.moves.has(k) ? PLAY_MP : null;
  }

  protected attacksOn(cell: Cursor): Command[] {
    return this.attacks.get(`@${cell.x},${cell.y}`) ?? [];
  }

  protected attackHint(id: string): string {
    const c = this.state.targetCell;
    return c ? `. ${this.spaceWords(c)}` : this.attacks.has(id) ? `. ${again(this.tapped)} to attack` : '';
  }

  /** "Tap again to attack Archvile 1 (E9) with the pistol": what a second pick of target space `c` does. */
  private spaceWords(c: Cursor): string {
    return spacePrompt(this.tapped, this.attacksOn(c), (x) => this.commandWords(x), this.state.figureName(this.state.selected!), cellName(c.x, c.y));
  }

  protected blastOf(): Record<string, number> | undefined {
    return this.view?.blast;
  }

  /** The figure off the board that must be put on it first (a fragged doom2004 marine), if any. */
  private placing: string | undefined;

  /** While a figure must be put on the board, it stays selected: a tap on another figure says so. */
  async select(id: string): Promise<void> {
    if (!this.placing || this.ai.current?.owns({ type: '', figure: this.placing })) return super.select(id);
    this.state.announce(`${this.state.figureName(this.placing)} first: tap a highlighted space to ${this.moveVerb(-1, -1)} it there`);
  }

  /** A target attacks on the second Enter, a highlighted space moves there; several fitting commands become buttons. */
  protected async act(x: number, y: number, pending: string | null, confirm: boolean): Promise<void> {
    const s = this.state;
    const fig = figureAt(s.model!, x, y);
    const k = y * s.model!.width + x;
    if (s.selected && fig && this.attacks.has(fig.id)) {
      // Entering the figure's space may be a command too (a glory kill): offer both.
      const cmds = [...this.attacks.get(fig.id)!, ...this.moves.get(k) ?? []];
      if (s.target === fig.id) await this.run(cmds);
      else {
        this.targetNow(fig.id);
        if (confirm) this.showPrompt(`Tap again to attack ${s.figureName(fig.id)}.`);
      }
      return;
    }
    const onCell = s.selected && this.attacks.get(`@${x},${y}`);
    if (onCell) {
      if (s.targetCell && s.targetCell.x === x && s.targetCell.y === y) await this.run(onCell);
      else {
        // A figure there: its LOS and range explained, as explore mode does, with the blast (review 73).
        if (fig) this.targetNow(fig.id, true, { x, y });
        else {
          s.clearTarget();
          s.targetCell = { x, y };
          const blast = this.blastWords();
          s.announce(`${cellName(x, y)} targeted.${blast ? ` ${blast}` : ''} ${this.spaceWords(s.targetCell)}`);
        }
        if (confirm) this.showPrompt(`${this.spaceWords({ x, y })}.`);
      }
      return;
    }
    if (s.selected && this.moves.has(k)) {
      if (!this.preview(x, y, pending, confirm)) await this.run(this.moves.get(k)!);
      return;
    }
    if (fig) {
      if (fig.id === s.selected) s.announce(this.selectionWords(fig.id));
      else await this.select(fig.id);
      return;
    }
    s.announce(this.cellWords(x, y));
  }

  /** One command is sent; several that fit the same click are shown as buttons. */
  private async run(cmds: Command[]): Promise<void> {
    if (cmds.length === 1) {
      await this.apply(cmds[0]);
      return;
    }
    // What each would do (a move's MP and wounds), when the engine can tell before one is chosen.
    const game = this.game;
    this.outcomes = game?.preview ? new Map(await Promise.all(cmds.map(async (c) => [c, await game.preview!(c)] as const))) : new Map();
    this.pending = cmds;
    // The buttons say the rest; a touch preview's "Tap … again" no longer applies.
    this.state.message = '';
    this.state.announce(`Choose: ${cmds.map((c) => this.commandWords(c)).join('; ')}`);
  }

  /** Escape: a choice between commands goes first. */
  cancel(): void {
    if (!this.pending.length) return super.cancel();
    this.pending = [];
    this.state.announce('Choice cancelled');
  }

  protected urlState(): Promise<UrlState> | null {
    return this.game?.history().then(async (h) => ({ ...(h.length ? { z: await packHistory(h) } : {}), ...(this.state.selected ? { s: this.state.selected } : {}) })) ?? null;
  }

  overlays(): Overlays {
    return { ...super.overlays(), attackTargets: this.attacks.keys(), hintCells: this.hint?.cells ?? [], extra: this.ai.current?.layer(this.state.model!) };
  }

  /** Below the board: whose turn, the explanation, the selected figure's commands, undo, hint, log, table. */
  panel(): TemplateResult {
    const s = this.state;
    const v = this.view;
    const cell = s.targetCell;
    const attackButtons = cell ? this.attacksOn(cell) : s.target ? this.attacks.get(s.target) ?? [] : [];
    const commands = this.pending.length ? this.pending
      : this.table ? [...attackButtons, ...this.sideCommands]
        : [...this.others, ...attackButtons, ...this.sideCommands];
    const ai = this.ai.current;
    return playPanel({
      status: statusWords(v, s.model, s.names()),
      winner: v?.winner ? figureName(v.winner) : null,
      explanation: this.explanationText(ai?.text((id) => s.figureName(id), s.model?.ruleset ?? '')),
      rules: this.host.rulesHref,
      message: s.message,
      hint: this.hint?.text ?? null,
      // The table's buttons name their figure; a prefix would repeat it, or name another figure.
      selectedName: s.selected && !this.table ? s.figureName(s.selected) : null,
      ...(v?.winner ? { prompt: 'The game is over: Undo takes back the last command, or replay it step by step.' }
        : this.placing && !ai?.owns({ type: '', figure: this.placing }) ? { prompt: `${s.figureName(this.placing)}: tap a highlighted space to ${this.moveVerb(-1, -1)} there.` } : {}),
      commands: [
        // A figure's choice of action (doom2004: ~7 each) is offered for the selected figure; the others get one button that selects them.
        ...commands.filter((c) => !ai?.owns(c) && (c.type !== 'action' || c.figure === s.selected)).map((c) => ({ label: this.commandWords(c), run: () => s.guard(() => this.apply(c)) })),
        ...[...new Set(commands.filter((c) => c.type === 'action' && c.figure !== s.selected && !ai?.owns(c)).map((c) => String(c.figure)))]
          .map((id) => ({ label: `${s.figureName(id)}: choose an action`, run: () => s.guard(() => this.select(id)) })),
        // A choice between commands (which weapon, which way) can be left without a keyboard's Escape.
        ...(this.pending.length ? [{ label: 'Cancel', run: () => s.guard(() => (this.cancel(), s.update())) }] : []),
      ],
      undo: { enabled: this.undoable, run: () => s.guard(() => this.undo()) },
      askHint: this.ai.hints && !v?.winner ? () => s.guard(() => this.askHint()) : null,
      // The autopilot's own decisions are not the person's to be advised on (it would show the autopilot's plan).
      hintOff: this.autopilotTurn(),
      log: this.log,
      replay: v?.winner ? () => s.guard(() => this.openReplay()) : null,
      table: this.table && v ? this.table.playTable(this.tableContext()) : nothing,
    });
  }
}

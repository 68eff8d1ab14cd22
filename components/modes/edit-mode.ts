/**
 * Edit mode: the working copy of a scenario with its undo history, the chosen tool, and what each
 * tool does to a cell or a cell's side. Input reaches it through the input controller; it draws into
 * the board state (components/state/board-state.ts). Loaded on demand (components/modes/editor-entry.ts).
 */
import type { Board } from '../../src/core/board.ts';
import type { Scenario, ScenarioFigure } from '../../src/scenario/types.ts';
import { cellName, figureName } from '../coords.ts';
import {
  addFigure, beginStroke, canRedo, canUndo, commit, EDGE_TOOLS, endStroke, figureAtCell, fromScenario, nextId, paintCell, placeToken, redo, removeFigureAt,
  removeTokenAt, resize, withRuleset, withSteps, startHistory, TERRAIN_TOOLS, toggleEdge, tokenAtCell, tokenToolsFor, toScenario, undo, type EditHistory, type EditState, type Side,
  type TokenTool,
} from '../editor/edit-state.ts';
import type { EngineClient } from '../engine-client.ts';
import { saveDraft } from '../editor/drafts.ts';
import { StepRecorder } from '../editor/step-recorder.ts';
import type { ScenarioStep } from '../../src/scenario/types.ts';
import { problemsOf } from '../events.ts';
import { modelFromBoard, padMap } from '../model.ts';
import type { BoardState } from '../state/board-state.ts';
import { DEFAULT_DATA } from '../editor/default-data.ts';

/** What edit mode reads of the element: the engine, and the id its draft is kept under. */
export interface EditorHost {
  readonly engine: EngineClient;
  readonly id: string;
}

export interface FigureSpec {
  side: string;
  type: string;
  w: number;
  h: number;
}

/** The extra fields of the next token: a portal's or key's colour, the weapon, the ammo type. */
export interface TokenSpec {
  color: string;
  weapon: string;
  ammo: string;
}


const TOKEN_PREFIX = 'token:';

export class EditMode {
  history: EditHistory;
  /** A terrain letter, an edge kind, `erase-edge`, `figure`, `erase`, or `token:<kind>`. */
  tool = '.';
  figureSpec: FigureSpec;
  tokenSpec: TokenSpec = { color: 'red', weapon: '', ammo: '' };
  /** Why the working copy is not yet a valid scenario. */
  problems: string[] = [];
  pastedText = '';
  /** The worked example being recorded: the edited scenario played to the end of its steps. */
  readonly recorder: StepRecorder;
  /** The steps section is open (recording plays the scenario: its ruleset's engine is loaded). */
  stepsOpen = false;

  constructor(private readonly host: EditorHost, private readonly boardState: BoardState, source: Scenario, sized: Scenario = source) {
    this.recorder = new StepRecorder(host.engine, () => boardState.update());
    const st = fromScenario(source);
    // A figure sized by its unit data (e.g. a 2×2 beast) keeps that size explicitly while edited.
    st.figures = st.figures.map((f, i) => {
      const v = sized.figures[i];
      return f.w === undefined && f.h === undefined && v && ((v.w ?? 1) !== 1 || (v.h ?? 1) !== 1) ? { ...f, w: v.w, h: v.h } : f;
    });
    this.history = startHistory(st);
    const sides = st.rest.sides;
    this.figureSpec = { side: sides[0] ?? 'side-a', type: source.figures[0]?.type ?? (source.ruleset === 'd20' ? 'trooper' : 'marine'), w: 1, h: 1 };
    this.draw();
  }

  get state(): EditState {
    return this.history.present;
  }

  scenario(): Scenario {
    return toScenario(this.state);
  }

  get tokenTools(): TokenTool[] {
    return tokenToolsFor(this.state.rest.ruleset);
  }

  get canUndo(): boolean {
    return canUndo(this.history);
  }

  get canRedo(): boolean {
    return canRedo(this.history);
  }

  /** Edge tools act on a side of a cell. */
  get edgeTool(): boolean {
    return (EDGE_TOOLS as string[]).includes(this.tool) || this.tool === 'erase-edge';
  }

  /** Tools a pointer drag applies to every cell it passes (one undo step). */
  get paints(): boolean {
    return !this.edgeTool && this.tool !== 'figure' && !this.tool.startsWith(TOKEN_PREFIX);
  }

  toolLabel(tool = this.tool): string {
    if (tool.startsWith(TOKEN_PREFIX)) return this.tokenTools.find((t) => `${TOKEN_PREFIX}${t.kind}` === tool)?.label ?? tool;
    return TERRAIN_TOOLS.find((x) => x.letter === tool)?.label
      ?? ({ 'erase-edge': 'Erase edge', figure: 'Figure', erase: 'Erase figure or token' } as Record<string, string>)[tool]
      ?? tool.charAt(0).toUpperCase() + tool.slice(1);
  }

  selectTool(tool: string): void {
    this.tool = tool;
    this.boardState.announce(`Tool: ${this.toolLabel()}`);
  }

  /** Draw the working copy; what does not fit is reported as problems, not drawn. */
  private draw(): void {
    const st = this.state;
    const s = toScenario(st);
    const problems: string[] = [];
    const engine = this.host.engine;
    let board: Board;
    try {
      board = engine.board({ ruleset: s.ruleset, map: s.map.length ? padMap(s.map, st.width) : ['.'], edges: s.edges });
    } catch (e) {
      problems.push(...problemsOf(e));
      board = engine.board({ ruleset: s.ruleset, map: padMap(s.map, st.width), edges: [] });
    }
    try {
      engine.validate(s);
    } catch (e) {
      problems.push(...problemsOf(e));
    }
    this.problems = problems;
    const figures = st.figures.map((f) => ({ ...f, w: f.w ?? 1, h: f.h ?? 1 }));
    const model = modelFromBoard({ ...s, map: padMap(s.map, st.width) }, board.data, figures, new Set());
    model.map = st.cells.map((r) => r.join(''));
    const b = this.boardState;
    b.model = model;
    b.board = board;
    b.update();
  }

  /** The worked example's steps (a scenario's `steps`, played by mode="replay"). */
  get steps(): ScenarioStep[] {
    return this.state.rest.steps ?? [];
  }

  /** Record one more step (a legal command, or a selection), or replace the steps (an edited caption, the last step removed). */
  setSteps(steps: ScenarioStep[], words: string): void {
    this.change(withSteps(this.state, steps), words);
  }

  /** The scenario plays with the ruleset's bundled data sets (a worked example of commands needs some). */
  useBundledData(): void {
    const data = DEFAULT_DATA[this.state.rest.ruleset];
    if (data) this.change({ ...this.state, rest: { ...this.state.rest, data: { ...data } } }, 'The bundled data sets are used: commands can be recorded');
  }

  addStep(step: ScenarioStep): void {
    this.setSteps([...this.steps, step], `Step ${this.steps.length + 1} recorded`);
  }

  removeLastStep(): void {
    if (this.steps.length) this.setSteps(this.steps.slice(0, -1), `Step ${this.steps.length} removed`);
  }

  setCaption(i: number, caption: string): void {
    this.setSteps(this.steps.map((s, k) => (k !== i ? s : caption ? { ...s, caption } : (({ caption: _, ...rest }) => rest)(s))), `Caption of step ${i + 1} set`);
  }

  /** The scenario changed: kept as a draft in this browser, and `doom-change`. */
  private changed(): void {
    const scenario = this.scenario();
    saveDraft(this.host.id, scenario);
    this.boardState.emit('doom-change', { scenario });
  }

  private show(history: EditHistory, words: string): void {
    if (history.present === this.history.present) {
      this.history = history;
      return;
    }
    this.history = history;
    // What an earlier edit was refused for, or a draft restored, no longer stands.
    this.boardState.message = '';
    this.draw();
    this.changed();
    this.boardState.announce(words);
  }

  /** The words of the edit that made each state (`said`: without notes only true as it is made), for what Undo and Redo take back or bring back. */
  private readonly said = new WeakMap<EditState, string>();
  /** How many spaces the drag-paint under way changed. */
  private strokeCells = 0;

  private change(next: EditState, words: string, said = words): void {
    if (next !== this.state) {
      const n = this.history.strokeStart ? ++this.strokeCells : 1;
      this.said.set(next, n > 1 ? `${said}, and ${n - 1} more space${n > 2 ? 's' : ''}` : said);
    }
    this.show(commit(this.history, next), words);
  }

  /** Apply the tool to cell (x, y), or to its `side` for an edge tool. */
  at(x: number, y: number, side: Side | null): void {
    const st = this.state;
    const tool = this.tool;
    const where = cellName(x, y);
    if (this.edgeTool) {
      if (!side) return;
      const kind = tool === 'erase-edge' ? 'erase' : (tool as (typeof EDGE_TOOLS)[number]);
      this.change(toggleEdge(st, x, y, side, kind), `${where} ${side} edge: ${kind === 'erase' ? 'erased' : kind}`);
      return;
    }
    if (tool === 'figure') {
      if (figureAtCell(st, x, y)) this.change(removeFigureAt(st, x, y), `Figure at ${where} removed`);
      else this.placeFigure(x, y);
      return;
    }
    if (tool === 'erase') {
      this.removeAt(x, y);
      return;
    }
    if (tool.startsWith(TOKEN_PREFIX)) {
      this.placeToken(x, y, tool.slice(TOKEN_PREFIX.length));
      return;
    }
    if (tool === ' ' && (figureAtCell(st, x, y) || tokenAtCell(st, x, y))) {
      this.boardState.fail('command', `Remove the figure or token at ${where} before taking the cell off the map`, [], false);
      return;
    }
    const label = TERRAIN_TOOLS.find((t) => t.letter === tool)?.label ?? tool;
    this.change(paintCell(st, x, y, tool), `${where}: ${label.toLowerCase()}`);
  }

  private placeFigure(x: number, y: number): void {
    const st = this.state;
    const spec = this.figureSpec;
    const f: ScenarioFigure = { id: nextId(st, spec.type), side: spec.side, type: spec.type, x, y, ...(spec.w !== 1 ? { w: spec.w } : {}), ...(spec.h !== 1 ? { h: spec.h } : {}) };
    const next = addFigure(st, f);
    const s = toScenario(next);
    try {
      this.host.engine.board({ ruleset: s.ruleset, map: s.map, edges: s.edges, figures: next.figures.map((g) => ({ id: g.id, side: g.side, x: g.x, y: g.y, w: g.w, h: g.h })) });
    } catch (e) {
      const mine = `figures[${next.figures.length - 1}]`;
      this.boardState.fail('command', `No room for a ${spec.w}×${spec.h} figure at ${cellName(x, y)}:`, problemsOf(e).filter((p) => p.includes(mine)).map((p) => p.replace(/^figures\[\d+\]\.\w+: /, '')), false);
      return;
    }
    this.change(next, `${figureName(f.id)} (${f.side}) placed at ${cellName(x, y)}`);
  }

  private placeToken(x: number, y: number, kind: string): void {
    const tool = this.tokenTools.find((t) => t.kind === kind);
    const where = cellName(x, y);
    if (!tool) return;
    const missing = tool.fields.filter((f) => !this.tokenSpec[f].trim());
    if (missing.length) {
      this.boardState.fail('command', `A ${tool.label.toLowerCase()} token needs its ${missing.join(' and ')}:`, missing.map((f) => `set "${f}" beside the token tools`), false);
      return;
    }
    if (this.state.cells[y]?.[x] === ' ') {
      this.boardState.fail('command', `${where} is off the map: a token needs a space on the map`, [], false);
      return;
    }
    const extra = Object.fromEntries(tool.fields.map((f) => [f, this.tokenSpec[f].trim()]));
    const details = tool.fields.map((f) => extra[f]).join(' ');
    this.change(placeToken(this.state, x, y, kind, extra), `${tool.label}${details ? ` (${details})` : ''} placed at ${where}`);
  }

  /** Remove the figure on (x, y), else its token. */
  removeAt(x: number, y: number): void {
    const st = this.state;
    const where = cellName(x, y);
    if (figureAtCell(st, x, y)) this.change(removeFigureAt(st, x, y), `Figure at ${where} removed`);
    else if (tokenAtCell(st, x, y)) this.change(removeTokenAt(st, x, y), `Token at ${where} removed`);
    else this.boardState.announce(`Nothing to remove at ${where}`);
  }

  /** Switch the board to another ruleset (an undoable step). */
  setRuleset(ruleset: Scenario['ruleset']): void {
    this.change(withRuleset(this.state, ruleset), `Ruleset: ${ruleset}`);
    this.figureSpec = { ...this.figureSpec, side: this.state.rest.sides[0] ?? this.figureSpec.side };
  }

  resize(width: number, height: number): void {
    // The editor draws boards up to 64×64 (a pasted scenario may be larger): a size beyond is said, not silently cut.
    const clamp = (v: number) => Math.max(1, Math.min(64, Math.trunc(v) || 1));
    const [w, h] = [clamp(width), clamp(height)];
    const before = this.state;
    const next = resize(before, w, h);
    const lost = [[before.figures.length - next.figures.length, 'figure'], [(before.rest.tokens ?? []).length - (next.rest.tokens ?? []).length, 'token'], [before.edges.size - next.edges.size, 'edge']]
      .filter(([n]) => (n as number) > 0).map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
    const notes = [
      w !== width || h !== height ? `the editor draws 1 to 64 spaces a side (asked ${width}×${height})` : '',
      lost.length ? `${lost.join(', ')} outside it left out (Undo brings them back)` : '',
    ].filter(Boolean);
    this.change(next, `Resized to ${w}×${h}${notes.length ? `: ${notes.join('; ')}` : ''}`, `Resized to ${w}×${h}`);
    if (notes.length) this.boardState.message = `Resized to ${w}×${h}: ${notes.join('; ')}.`;
  }

  /** A drag-paint is one undo step. */
  beginStroke(): void {
    this.history = beginStroke(this.history);
    this.strokeCells = 0;
  }

  endStroke(): void {
    this.history = endStroke(this.history);
  }

  undo(): void {
    const h = undo(this.history);
    if (h === this.history) this.boardState.announce('Nothing to undo');
    else this.show(h, `Undone: ${this.said.get(this.state) ?? 'the last edit'}`);
  }

  redo(): void {
    const h = redo(this.history);
    if (h === this.history) this.boardState.announce('Nothing to redo');
    else this.show(h, `Redone: ${this.said.get(h.present) ?? 'the next edit'}`);
  }

  /** Load the pasted JSON as the working copy: one more edit, which Undo takes back. */
  loadPasted(): void {
    let json: unknown;
    try {
      json = JSON.parse(this.pastedText);
    } catch (e) {
      this.boardState.fail('scenario', `The pasted text is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, [], false);
      return;
    }
    let s: Scenario;
    try {
      s = this.host.engine.validate(json);
    } catch (e) {
      this.boardState.fail('scenario', 'The pasted scenario is not valid.', problemsOf(e), false);
      return;
    }
    const fresh = new EditMode(this.host, this.boardState, json as Scenario, s);
    this.figureSpec = fresh.figureSpec;
    this.problems = fresh.problems;
    this.boardState.source = json as Scenario;
    this.boardState.scenario = s;
    // One more edit, not a new history: Undo brings the board before it back (a review lost its work here).
    this.change(fresh.history.present, `Loaded ${s.title ?? 'the scenario'}: Undo brings the board before it back`, `Loaded ${s.title ?? 'the scenario'}`);
  }
}

/**
 * `<doom-board>`: a board of DOOM: The Board Game (2016, 2004) or a d20 skirmish, drawn in SVG,
 * with exact, explained line of sight, cover, range and movement.
 *
 * Modes: `explore` (rules illustration: select, reach, LOS lines, drag figures, doors), `play` (a
 * game through the rules engine's `view` / `legalActions` / `apply`, with undo and an event log)
 * and `edit` (paint terrain, draw edges, place figures, export JSON and an embed snippet).
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { BoardError } from '../src/core/board-input.ts';
import { Board } from '../src/core/board.ts';
import { loadCore } from '../src/core/wasm.ts';
import { Cell, type Placement, type SightExplanation } from '../src/core/types.ts';
import type { Command, GameView } from '../src/rules/types.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { scenarioWarnings } from '../src/scenario/warnings.ts';
import { cellName, figureName } from './coords.ts';
import { InPageEngine, type EngineClient } from './engine-client.ts';
import type { EditHost, EditMode } from './modes/edit-mode.ts';
import { ExploreMode, type ExploreHost } from './modes/explore-mode.ts';
import { PLAY_MP, PlayMode, type PlayHost } from './modes/play-mode.ts';
import { doomEvent, problemsOf, type ErrorDetail, type DoomEventMap } from './events.ts';
import { arrowSide, cellFromPointer, keysHelp, navigate, sideFromPointer, type Cursor } from './interaction/keyboard.ts';
import { pathTo, selectionOf, type Selection } from './interaction/selection.ts';
import {
  figureAt, onMap, terrainWords, type DrawModel,
} from './model.ts';
import { readableSummary } from './interaction/readable.ts';
import { doorAt, doorName } from './interaction/doors.ts';
import { explorePanel } from './panels/explore-panel.ts';
import { playPanel } from './panels/play-panel.ts';
import { boardView, type GridListeners, type Overlays } from './render/board-view.ts';
import { gridCellsHtml } from './render/grid-cells.ts';
import { legend } from './render/legend.ts';
import type { ReachCell } from './render/overlays.ts';
import type { HintProvider } from './hints.ts';
import { styles } from './theme.ts';
import { decodeState, encodeState, packHistory, paramName, readFragment, writeFragment, type UrlState } from './url-state.ts';

const MODES = ['explore', 'play', 'edit'] as const;
export type Mode = (typeof MODES)[number];

export type { Hint, HintContext, HintProvider } from './hints.ts';

const DEFAULT_MP: Record<string, number> = { doom2016: 4, doom2004: 4, d20: 6 };
/** Touch: how long a press picks a figure up, and how far a finger may wander in a tap. */
const LONG_PRESS_MS = 450;
/** Boards this wide or wider get zoom buttons (their spaces are small on a phone). */
const ZOOMABLE_WIDTH = 12;
const TAP_SLOP_PX = 10;

/** The editor's code, fetched the first time a board is edited (dist/doom-board-editor.js in the bundle). */
const loadEditor = () => import('./modes/editor-entry.ts');
/** The legend's list, fetched the first time a legend opens (dist/doom-board-legend.js), shared by every board. */
let legendList: typeof import('./modes/legend-entry.ts').legendList | undefined;

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The bundle's own URL when running from the built file, for the embed snippet. */
const OWN_URL = import.meta.url.endsWith('.js') ? import.meta.url : 'doom-board.js';

/**
 * A board of a tactical grid game with explained line of sight, cover, range and movement.
 *
 * @summary Board, rules illustration, game and editor for DOOM (2016, 2004) and d20 skirmishes.
 *
 * @attr scenario - URL of a scenario JSON file (the `scenario` property also takes the object).
 * @attr mode - `explore` (default), `play` or `edit`.
 * @attr theme - `light` (default), `dark` or `auto` (follows the system setting).
 * @attr seed - Dice seed for play mode (default: the scenario's seed).
 * @attr ai - Play mode: the built-in AI — exact odds (P(hit), expected damage, P(kill)) on every target of the
 *   selected figure, and a Hint button drawing the acting figure's top 3 plans as arrows. Loaded on demand
 *   (doom-board-ai.js); it thinks in a Web Worker (doom-board-ai-worker.js), or in the page when no worker can be made.
 * @attr autopilot - Play mode: the side the AI plays (`invader`, or a d20 side's name), so that one person plays a
 *   whole mission alone; empty: off. Implies `ai`. Its commands are logged, announced and undone like a
 *   person's (undo takes back its answers and your last command); the game replays from the seed and the commands.
 * @attr autopilot-delay - Pause between the autopilot's commands, in ms (default 400), so that they can be followed.
 * @attr mp - Movement points shown when a figure is selected in explore mode (default: 4, d20: 6).
 * @attr blast - doom2004, explore mode: the blast radius of the weapon in hand; picking a target in LOS draws
 *   the spaces the blast hits (within that many spaces of the target, counted like range). In play
 *   mode the area comes from the attack's weapon.
 * @attr url-state - Keep the position in the page URL fragment (`#doom=…`) so a link reproduces it.
 * @attr hide-coordinates - Hide the A, B, C… / 1, 2, 3… ruler.
 * @attr label - Accessible name of the board (default: the scenario title).
 * @attr bundle-url - Script URL written into the editor's embed snippet.
 * @attr rules-href - URL of the rules reference (the package's docs/rules.md rendered as a page): every rule
 *   citation in the explanation line becomes a link to its anchor there (`RULES §2.1` → `…#rule-2-1`). Unset:
 *   citations stay plain text.
 *
 * @slot - An inline scenario: `<script type="application/json">{…}</script>` (not displayed).
 *
 * @fires doom-ready - The board is drawn. `detail`: `{ ruleset, width, height, mode, title }`. The keyboard grid's cells follow after the first frame (or at once when it is focused).
 * @fires doom-select - A figure was selected or the selection cleared. `detail`: `{ figure, at }`.
 * @fires doom-target - A target was picked: `{ figure, target, los, cover, range, summary }`.
 * @fires doom-move - A figure moved: `{ figure, from, to, cost }`.
 * @fires doom-door - A door was opened or closed (explore): `{ edge, open }`.
 * @fires doom-action - The rules engine accepted a command (play; the autopilot's too): `{ command, events }`.
 * @fires doom-undo - The last command was taken back (play): `{ history }`.
 * @fires doom-change - The scenario was edited (edit): `{ scenario }`.
 * @fires doom-hint - A hint was shown (play; with `ai`: the top 3 plans' reasons, one per line): `{ text }`.
 * @fires doom-error - Something could not be done: a malformed scenario, a bad URL state, a refused command. `{ message, problems, source }`.
 *
 * @csspart board - The box holding the SVG drawing and the keyboard grid.
 * @csspart svg - The SVG drawing of the board (cells, terrain, edges, tokens).
 * @csspart overlay - The SVG drawn over it: figures, reach, path, fog, LOS lines, focus.
 * @csspart grid - The focusable grid (WAI-ARIA grid pattern) over the drawing.
 * @csspart toolbar - The row of buttons of the current mode.
 * @csspart button - Every button.
 * @csspart status - The status line (whose turn, what is selected).
 * @csspart explanation - The one-line LOS / cover / range explanation citing the rule.
 * @csspart log - The event log (play).
 * @csspart table - The play table of doom2016 and doom2004: seats, hands, dice, the pending attack (play).
 * @csspart legend - The legend under the board (explore and play).
 * @csspart pending - The attack waiting for choices (play table).
 * @csspart chooser - The doom2016 status phase's discard chooser: which event cards go for argent, onto which card (play table).
 * @csspart editor - The editor's tools and export (edit).
 * @csspart error - The error box shown for a malformed scenario.
 *
 * @cssproperty --doom-bg - Background of the element.
 * @cssproperty --doom-text - Text colour.
 * @cssproperty --doom-floor - Floor of on-map cells.
 * @cssproperty --doom-grid-line - Lines between cells.
 * @cssproperty --doom-wall - Walls (thick lines).
 * @cssproperty --doom-door - Doors.
 * @cssproperty --doom-blocking - Blocking terrain (solid red line).
 * @cssproperty --doom-impassable - Impassable terrain (dotted red line).
 * @cssproperty --doom-difficult - Difficult terrain outline (dotted blue).
 * @cssproperty --doom-difficult-fill - Difficult terrain tint.
 * @cssproperty --doom-obstacle - Obstacles.
 * @cssproperty --doom-teleporter - Teleporters.
 * @cssproperty --doom-side-0 - Colour of the first side's figures (--doom-side-1 … -3 for the others).
 * @cssproperty --doom-reach - Reachable spaces.
 * @cssproperty --doom-blast - Spaces a blast would hit.
 * @cssproperty --doom-path - The cheapest path.
 * @cssproperty --doom-fog - Shade over cells out of line of sight.
 * @cssproperty --doom-los-clear - A clear line of sight.
 * @cssproperty --doom-los-blocked - A blocked line.
 * @cssproperty --doom-blocker - The feature that blocks a line.
 * @cssproperty --doom-focus - Keyboard focus and selection.
 * @cssproperty --doom-font - Font family.
 * @cssproperty --doom-max-width - Maximum width of the element.
 * @cssproperty --doom-cell-max - Largest size of one space, so that small boards are not blown up (default 52px).
 * @cssproperty --doom-cell-min - On touch screens, the smallest size of one space, for a finger (default 45px; boards up to 16 columns keep it and scroll in their box, wider ones shrink to 16 columns' width).
 */
export class DoomBoard extends LitElement {
  static override styles = styles;

  // String is Lit's default `type`: string properties leave it out (bytes of the 60 KB budget).
  static override properties = {
    scenario: { attribute: 'scenario', converter: { fromAttribute: (v: string | null) => v } },
    mode: { reflect: true },
    theme: { reflect: true },
    seed: { type: Number },
    ai: { type: Boolean },
    autopilot: {},
    autopilotDelay: { type: Number, attribute: 'autopilot-delay' },
    mp: { type: Number },
    blast: { type: Number },
    urlState: { type: Boolean, attribute: 'url-state' },
    hideCoordinates: { type: Boolean, attribute: 'hide-coordinates' },
    label: {},
    bundleUrl: { attribute: 'bundle-url' },
    rulesHref: { attribute: 'rules-href' },
    hints: { attribute: false },
    engine: { attribute: false },
    api: {},
  };

  /** The scenario: an object, or (from the attribute) the URL of a JSON file. */
  declare scenario: Scenario | string | null | undefined;
  /** `explore`, `play` or `edit`. */
  declare mode: Mode;
  /** `light`, `dark` or `auto`. */
  declare theme: 'light' | 'dark' | 'auto';
  /** Dice seed for play mode. */
  declare seed: number | undefined;
  /**
   * Play mode: the built-in AI — exact odds (P(hit), expected damage, P(kill)) labelled on every target of the
   * selected figure and read out in the explanation line, and a Hint button drawing the acting figure's top 3
   * plans as arrows with their odds and reasons. Loaded on demand (doom-board-ai.js); it thinks in a Web
   * Worker (doom-board-ai-worker.js), or in the page, saying so, when no worker can be created.
   */
  declare ai: boolean;
  /**
   * Play mode: the side the AI plays (`invader`, or a d20 side), so that one person plays a whole mission
   * alone; empty or unset: off. Implies `ai`. After each of your commands it plays its side until you must
   * decide; its commands are logged, announced and fire `doom-action` like yours; Undo takes back its answers
   * and your last command; the game replays from the seed and the commands.
   */
  declare autopilot: string | undefined;
  /** Pause between the autopilot's commands, in ms (default 400), so that a person can follow them. */
  declare autopilotDelay: number | undefined;
  /** Movement points shown on selection in explore mode. */
  declare mp: number | undefined;
  /** doom2004 explore mode: blast radius drawn around a picked target's space. */
  declare blast: number | undefined;
  /** Keep the position in the URL fragment. */
  declare urlState: boolean;
  /** Hide the coordinate ruler. */
  declare hideCoordinates: boolean;
  /** Accessible name of the board. */
  declare label: string | undefined;
  /** Script URL for the embed snippet. */
  declare bundleUrl: string | undefined;
  /**
   * URL of the rules reference (docs/rules.md as a page): rule citations in the explanation line link to
   * their anchors there ("RULES §2.1" → `${rulesHref}#rule-2-1`). Unset: citations stay plain text (a
   * bundle on a CDN cannot know where a site hosts the rules).
   */
  declare rulesHref: string | undefined;
  /** Hint provider for play mode: shows a "Hint" button when set. */
  declare hints: HintProvider | undefined;
  /** The engine; defaults to the in-page Wasm engine. */
  declare engine: EngineClient;
  /** A doom-board server to play on (see engine-client-http.ts): sets `engine` to an HTTP engine. */
  declare api: string | undefined;
  /** The `api` value the current engine was made for; stops following the server game. */
  private _apiFor: string | undefined;

  // ------------------------------------------------------------------ internal state (not reactive;
  // every change calls requestUpdate)
  private _scenario: Scenario | null = null;
  /** The scenario as given (before validation filled in defaults), for export. */
  private _source: Scenario | null = null;
  private _error: ErrorDetail | null = null;
  private _loading = true;
  private _loadToken = 0;
  private _model: DrawModel | null = null;
  /** The model whose cells the grid holds. */
  private _gridModel: DrawModel | null = null;
  /** A new grid whose cells are written after the first frame. */
  private _cellsPending: HTMLElement | null = null;
  private _board: Board | null = null;
  /** Explore: the board came from a share link (its URL state keeps carrying it). */
  private _shared = false;
  private _legendOpen = false;
  private readonly _toggleLegend = (open: boolean): void => {
    if (open === this._legendOpen) return;
    this._legendOpen = open;
    this.requestUpdate();
    if (open && !legendList) {
      void this._guard(async () => {
        legendList = (await import('./modes/legend-entry.ts')).legendList;
      });
    }
  };
  private _editor: EditMode | null = null;
  /** The editor module, once loaded (edit mode). */
  private _edit: typeof import('./modes/editor-entry.ts') | null = null;
  private _selected: string | null = null;
  private _target: string | null = null;
  private _targetCell: Cursor | null = null;
  private _explain: SightExplanation | null = null;
  private _sel: Selection = { reach: null, cells: [], los: null };
  private _path: Placement[] | null = null;
  private _cursor: Cursor = { x: 0, y: 0 };
  private _focused = false;
  private _announcement = '';
  private _message = '';
  private _drag: { id: string; from: Cursor; moved: boolean } | null = null;
  /** A finger on the board: a tap, a long press (then a drag) or the start of a page scroll. */
  private _touch: { id: number; at: Cursor; x0: number; y0: number; timer: number; scrolled: boolean } | null = null;
  /** Touch: the destination whose path is shown; a second tap on it confirms the move. */
  private _pendingDest: string | null = null;
  /** Zoom of the board (1 = fit the width). */
  private _zoom = 1;
  private _painting = false;
  private _inlineObserver: MutationObserver | null = null;

  constructor() {
    super();
    this.mode = 'explore';
    this.theme = 'light';
    this.urlState = false;
    this.hideCoordinates = false;
    this.engine = new InPageEngine();
  }

  // ------------------------------------------------------------------ public API

  /** The current scenario as JSON (in edit mode: the edited one). */
  exportScenario(): Scenario | null {
    if (this._editor) return this._editor.scenario();
    if (!this._scenario) return null;
    const source = structuredClone(this._source ?? this._scenario);
    if (this.mode === 'explore') {
      // The scenario as written, with the figures where they stand now and opened doors removed.
      const figures = source.figures.map((f, i) => {
        const now = this._explore.figures[i];
        const rotated = now.w !== (this._scenario!.figures[i].w ?? 1);
        return { ...f, x: now.x, y: now.y, ...(rotated ? { w: now.w, h: now.h } : {}) };
      });
      return { ...source, figures, ...(source.edges ? { edges: source.edges.filter((_, i) => !this._explore.open.has(i)) } : {}) };
    }
    return source;
  }

  /** Select a figure (null clears the selection), as a click on it would. */
  async select(id: string | null): Promise<void> {
    await this._guard(async () => {
      if (id === null) this._clearSelection();
      else await this._selectFigure(id);
    });
    await this.updateComplete;
  }

  /**
   * The LOS / cover / range explanation to the current target, or null: the lines tried in doubled
   * coordinates (corner (X,Y) is (2X,2Y)) and what blocked each, for scripts.
   */
  get explanation(): SightExplanation | null {
    return this._explain;
  }

  /** Pick a target for the selected figure and explain LOS, cover and range to it. */
  async target(id: string): Promise<void> {
    await this._guard(() => this._setTarget(id));
    await this.updateComplete;
  }

  // ------------------------------------------------------------------ lifecycle

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.scenario === undefined) this._watchInline();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._inlineObserver?.disconnect();
    this._inlineObserver = null;
    this._play.stopFollowing();
  }

  /** The log follows its newest line unless the reader has scrolled up (measured before each render). */
  private _logFollows = true;

  protected override willUpdate(changed: PropertyValues<this>): void {
    const log = this.renderRoot?.querySelector('.log');
    this._logFollows = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    if (changed.has('scenario') || changed.has('mode') || changed.has('seed') || changed.has('api') || changed.has('ai') || changed.has('autopilot')) {
      if (this.scenario !== undefined) void this._load();
    } else if (changed.has('mp') && this._selected && this.mode === 'explore') {
      this._refreshSelection();
    }
  }

  protected override updated(): void {
    this._syncGridCells();
    const log = this.renderRoot.querySelector('.log');
    if (log && this._logFollows) log.scrollTop = log.scrollHeight;
  }

  /**
   * The grid's cells are written outside Lit's template (one HTML string) when the drawing changes.
   * A new grid gets them after the board's first frame: they are invisible, and on a 40×40 board
   * they cost as much to lay out as the drawing. Focusing the grid writes them at once.
   */
  private _syncGridCells(): void {
    const grid = this.renderRoot.querySelector<HTMLElement>('.grid');
    if (!this._model || !grid || this._gridModel === this._model && grid.firstChild) return;
    if (grid.firstChild) {
      this._writeGridCells(grid);
      return;
    }
    if (this._cellsPending === grid) return;
    this._cellsPending = grid;
    requestAnimationFrame(() => setTimeout(() => this._cellsPending === grid && this._writeGridCells(grid), 0));
  }

  private _writeGridCells(grid: HTMLElement | null = this.renderRoot.querySelector('.grid')): void {
    if (this._cellsPending === grid) this._cellsPending = null;
    const m = this._model;
    if (!m || !grid || !grid.isConnected || this._gridModel === m && grid.firstChild) return;
    grid.innerHTML = gridCellsHtml(m);
    this._gridModel = m;
  }

  /** An inline `<script type="application/json">` child, now or once the parser adds it. */
  private _watchInline(): void {
    const tryRead = () => {
      const script = this.querySelector(':scope > script[type="application/json"]');
      if (!script) return false;
      this._inlineObserver?.disconnect();
      this._inlineObserver = null;
      const text = script.textContent ?? '';
      try {
        this.scenario = JSON.parse(text) as Scenario;
      } catch (e) {
        this._fail('scenario', `The inline scenario is not valid JSON: ${messageOf(e)}`, []);
      }
      return true;
    };
    if (tryRead()) return;
    this._inlineObserver = new MutationObserver(() => void tryRead());
    this._inlineObserver.observe(this, { childList: true, subtree: true, characterData: true });
    if (this.mode === 'edit') queueMicrotask(() => this.scenario === undefined && !this.querySelector('script') && (this.scenario = null));
  }

  private async _load(): Promise<void> {
    const token = ++this._loadToken;
    this._loading = true;
    this._error = null;
    this.requestUpdate();
    try {
      // A misspelt mode would otherwise quietly show explore mode.
      if (!MODES.includes(this.mode)) throw new Error(`mode: "${this.mode}" is not one of ${MODES.join(', ')}`);
      let input: unknown = this.scenario;
      if (typeof input === 'string') {
        const res = await fetch(input);
        if (!res.ok) throw Object.assign(new Error(`Could not load the scenario ${input}: HTTP ${res.status}`), { source: 'scenario' });
        const text = await res.text();
        try {
          input = JSON.parse(text);
        } catch (e) {
          throw new Error(`The scenario ${input} is not valid JSON: ${messageOf(e)}`);
        }
      }
      if (this.api && this._apiFor !== this.api) {
        const api = this.api;
        this.engine = await import('./engine-client-http.ts').then((m) => m.createHttpEngine(api, new InPageEngine()));
        this._apiFor = api;
      }
      const editing = this.mode === 'edit' ? loadEditor() : null;
      await this.engine.ready();
      const editor = editing ? await editing : null;
      if (token !== this._loadToken) return;
      if (input === null && editor) input = editor.blankScenario('doom2016', 12, 8);
      // The editor keeps work across reloads: a draft saved in this browser wins over the page's board.
      const draft = editor?.readDraft(this.id);
      let restored = false;
      if (draft) {
        try {
          this.engine.validate({ ...draft, sides: Array.isArray(draft.sides) ? draft.sides : ['side-a', 'side-b'] });
          input = draft;
          restored = true;
        } catch {
          editor!.discardDraft(this.id);
        }
      }
      if (input === null || input === undefined) throw new Error('No scenario: set the scenario attribute (a URL), the scenario property, or add an inline <script type="application/json">.');
      if (this.mode === 'edit' && typeof input === 'object' && input !== null && !Array.isArray((input as Scenario).sides)) {
        input = { ...input, sides: editor?.DEFAULT_SIDES[(input as Scenario).ruleset] ?? ['side-a', 'side-b'] };
      }
      // Explore: a share link carries a whole board; a bad one is reported and the page's board shown.
      this._shared = false;
      const shared = this.mode === 'explore' ? this._readUrl()?.b : undefined;
      let scenario: Scenario | null = null;
      if (shared) {
        try {
          scenario = this.engine.validate(shared);
          input = shared;
          this._shared = true;
        } catch (e) {
          this._fail('url', 'Ignored the shared board in the page URL:', problemsOf(e).length ? problemsOf(e) : [messageOf(e)], false);
        }
      }
      scenario ??= this.engine.validate(input);
      if (scenario.ruleset === 'doom2004') this._blast ??= new (await import('./modes/blast-entry.ts')).BlastView();
      this._scenario = scenario;
      this._source = structuredClone(input) as Scenario;
      this._resetInteraction();
      if (this.mode === 'play') {
        await this._play.start(scenario, token);
        if (this.ai || this.autopilot) {
          const { AiPlay } = await import('./ai/ai-entry.ts');
          if (token === this._loadToken) this._play.ai = new AiPlay(this._play, scenario, this.seed ?? scenario.seed ?? 1, this.autopilot ?? '', this);
        }
      }
      else if (editor) {
        this._editor = new editor.EditMode(this._editHost, this._source, scenario);
        if (restored) this._message = 'Your last edit of this board was restored from this browser. "Discard draft" goes back to the page\'s board.';
        this._edit = editor;
      }
      else this._explore.start(scenario);
      // A valid board with likely slips (a short map row) loads, and says so.
      const warnings = scenarioWarnings(scenario);
      if (warnings.length) this._message = `Warning: ${warnings.join('; ')}`;
      if (token !== this._loadToken) return;
      this._loading = false;
      this.requestUpdate();
      await this.updateComplete;
      const m = this._model!;
      this.dispatchEvent(doomEvent('doom-ready', { ruleset: m.ruleset, width: m.width, height: m.height, mode: this.mode, ...(scenario.title ? { title: scenario.title } : {}) }));
    } catch (e) {
      if (token !== this._loadToken) return;
      this._loading = false;
      this._model = null;
      this._fail('scenario', messageOf(e).replace(/^Invalid scenario: .*/, 'This scenario is not valid.'), problemsOf(e));
    }
  }

  private _resetInteraction(): void {
    this._dropSelection();
    this._play.reset();
    this._message = '';
    this._editor = null;
    this._explore.open = new Set();
    this._explore.history = [];
    this._pendingDest = null;
    this._cursor = { x: 0, y: 0 };
  }

  /** Report a failure inside the element and as a `doom-error` event; never throws. */
  private _fail(source: ErrorDetail['source'], message: string, problems: string[], blocking = source === 'scenario'): void {
    const detail: ErrorDetail = { message, problems, source };
    if (blocking) this._error = detail;
    else this._message = problems.length ? `${message} ${problems.join('; ')}` : message;
    this._announce(blocking ? `Error: ${message}` : this._message);
    this.requestUpdate();
    this.dispatchEvent(doomEvent('doom-error', detail));
  }

  /** Run a handler; anything it throws becomes a `doom-error`, never an exception in the host page. */
  private async _guard(fn: () => unknown): Promise<void> {
    try {
      await fn();
    } catch (e) {
      this._fail(e instanceof BoardError ? 'command' : 'engine', messageOf(e), problemsOf(e), false);
    }
    this.requestUpdate();
  }

  private _emit<K extends keyof DoomEventMap>(type: K, detail: DoomEventMap[K]['detail']): void {
    this.dispatchEvent(doomEvent(type, detail));
  }

  private _announce(text: string): void {
    // Alternate a trailing no-break space so that repeating the same words is announced again.
    this._announcement = this._announcement === text ? `${text}\u00a0` : text;
    this.requestUpdate();
  }

  // ------------------------------------------------------------------ explore

  private get _mp(): number {
    return this.mp ?? DEFAULT_MP[this._scenario?.ruleset ?? 'doom2016'] ?? 4;
  }

  /** Recompute reach, fog and the explanation for the current selection (batch queries). */
  private _refreshSelection(): void {
    if (!this._board || !this._selected) return;
    if (this.mode === 'explore') {
      this._sel = selectionOf(this._board, this._selected, this._mp);
    }
    if (this._target) this._setTargetNow(this._target, false);
    this._path = null;
    this.requestUpdate();
  }

  /** Forget the selected figure, its target and what was computed for them. */
  private _dropSelection(): void {
    this._selected = null;
    this._target = null;
    this._targetCell = null;
    this._explain = null;
    this._sel = { reach: null, cells: [], los: null };
    this._path = null;
    this._play.moves.clear();
    this._play.attacks.clear();
    this._play.others = [];
    this._play.pending = [];
  }

  private _clearSelection(): void {
    const had = this._selected !== null;
    this._dropSelection();
    if (had) {
      this._emit('doom-select', { figure: null, at: null });
      this._announce('Selection cleared');
    }
    this._writeUrl();
  }

  private async _selectFigure(id: string): Promise<void> {
    const f = this._model?.figures.find((g) => g.id === id);
    if (!f) throw new Error(`no figure ${JSON.stringify(id)} on this board`);
    this._selected = id;
    this._target = null;
    this._targetCell = null;
    this._explain = null;
    this._play.pending = [];
    this._message = '';
    if (this.mode === 'play') await this._play.refreshActions();
    else this._refreshSelection();
    this._emit('doom-select', { figure: id, at: { x: f.x, y: f.y } });
    this._announce(this._selectionWords(id));
    this._writeUrl();
  }

  /** A figure's readable name: the scenario's `name` when it has one, else a readable form of its id. */
  private _figureName(id: string): string {
    const f = this._scenario?.figures.find((g) => g.id === id) as { name?: unknown } | undefined;
    return typeof f?.name === 'string' && f.name ? f.name : figureName(id);
  }

  private _selectionWords(id: string): string {
    const f = this._model!.figures.find((g) => g.id === id)!;
    const where = `${this._figureName(id)} at ${cellName(f.x, f.y)} selected`;
    if (this.mode === 'play') {
      const parts: string[] = [];
      if (this._play.moves.size) parts.push(`${this._play.moves.size} spaces to move to`);
      if (this._play.attacks.size) parts.push(`${this._play.attacks.size} targets`);
      for (const c of this._play.others) parts.push(this._play.commandWords(c));
      return `${where}: ${parts.length ? parts.join(', ') : 'no actions now'}`;
    }
    return `${where}: ${this._sel.cells.length} spaces within ${this._mp} MP`;
  }

  private _setTarget(id: string): void {
    if (!this._selected) throw new Error('select a figure first');
    this._setTargetNow(id);
  }

  /** Explain LOS, cover and range from the selected figure to `id`; announce it. */
  private _setTargetNow(id: string, announce = true): void {
    if (!this._board || !this._selected) return;
    this._target = id;
    this._targetCell = null;
    this._explain = this._board.explain(this._selected, id);
    const e = this._explain;
    const t = this._model!.figures.find((g) => g.id === id)!;
    if (announce) {
      // doom2004 has no cover (RULES §3): its verdict is LOS and range only.
      const cover = e.los && this._model!.ruleset !== 'doom2004' ? `, ${e.cover ? 'in cover' : 'not in cover'}` : '';
      const verdict = `${this._figureName(id)} at ${cellName(t.x, t.y)}: ${e.los ? 'in line of sight' : 'not in line of sight'}${cover}, range ${e.range < 0 ? 'none' : e.range}`;
      const attack = this.mode === 'play' && this._play.attacks.has(id) ? '. Press Enter again to attack' : '';
      const blast = this._blastWords();
      this._announce(`${verdict}${blast ? `. ${blast}` : ''}${attack}`);
      this._emit('doom-target', { figure: this._selected, target: id, los: e.los, cover: e.cover, range: e.range, summary: e.summary });
      this._writeUrl();
    }
    this.requestUpdate();
  }


  /** What play and explore mode may read and change in the element. */
  private readonly _modeHost: PlayHost & ExploreHost = ((el: DoomBoard) => ({
    get engine() { return el.engine; },
    get seed() { return el.seed; },
    get hints() { return el.hints ?? el._play.ai?.hints; },
    get scenario() { return el._scenario; },
    get loadToken() { return el._loadToken; },
    get mp() { return el._mp; },
    get pendingDest() { return el._pendingDest; },
    set pendingDest(v) { el._pendingDest = v; },
    get selected() { return el._selected; },
    set selected(v) { el._selected = v; },
    get target() { return el._target; },
    set target(v) { el._target = v; },
    get targetCell() { return el._targetCell; },
    set targetCell(v) { el._targetCell = v; },
    get explain() { return el._explain; },
    set explain(v) { el._explain = v; },
    get sel() { return el._sel; },
    set sel(v) { el._sel = v; },
    get path() { return el._path; },
    set path(v) { el._path = v; },
    get model() { return el._model; },
    set model(v) { el._model = v; },
    get board() { return el._board; },
    set board(v) { el._board = v; },
    get message() { return el._message; },
    set message(v) { el._message = v; },
    readUrl: () => el._readUrl(),
    fail: (source, message, problems, blocking) => el._fail(source, message, problems, blocking),
    guard: (fn) => el._guard(fn),
    emit: (type, detail) => el._emit(type, detail),
    announce: (text) => el._announce(text),
    writeUrl: () => el._writeUrl(),
    figureName: (id) => el._figureName(id),
    requestUpdate: () => el.requestUpdate(),
    refreshSelection: () => el._refreshSelection(),
    setTargetNow: (id) => el._setTargetNow(id),
    dropSelection: () => el._dropSelection(),
  }))(this);
  private readonly _play = new PlayMode(this._modeHost);
  private readonly _explore = new ExploreMode(this._modeHost);

  // ------------------------------------------------------------------ edit

  /** Where edit mode keeps its draft: per page and board. */
  /** Edit mode: forget the saved draft and edit the page's board again. */
  private _restartFromPage(): void {
    this._edit?.discardDraft(this.id);
    void this._load();
  }

  /** The editor's "Explore this board": the edited scenario, shown in explore mode. */
  private _exploreEdited(): void {
    const s = this._editor?.scenario();
    if (!s) return;
    this.scenario = s;
    this.mode = 'explore';
  }

  /** What edit mode may do to the element. */
  private readonly _editHost: EditHost = ((el: DoomBoard) => ({
    get engine() {
      return el.engine;
    },
    announce: (text) => this._announce(text),
    refuse: (message, problems) => this._fail('command', message, problems, false),
    refuseImport: (message, problems) => this._fail('scenario', message, problems, false),
    changed: (scenario) => {
      this._edit?.saveDraft(this.id, scenario);
      this._emit('doom-change', { scenario });
    },
    draw: (model, board) => {
      this._model = model;
      this._board = board;
      this.requestUpdate();
    },
    loaded: (source: Scenario, scenario: Scenario) => {
      this._source = source;
      this._scenario = scenario;
    },
  }))(this);

  // ------------------------------------------------------------------ URL fragment

  private _readUrl(): UrlState | null {
    if (!this.urlState) return null;
    const raw = readFragment(location.hash, paramName(this.id));
    if (raw === null) return null;
    try {
      return decodeState(raw);
    } catch (e) {
      this._fail('url', `Ignored the board state in the page URL: ${messageOf(e)}`, [], false);
      return null;
    }
  }

  private _writeUrl(): void {
    if (!this.urlState || this._loading && !this._model) return;
    let state: UrlState | null = null;
    if (this.mode === 'explore' && this._scenario) {
      const orig = this._scenario.figures;
      state = {
        ...(this._shared && this._source ? { b: this._source as unknown as Record<string, unknown> } : {}),
        f: this._explore.figures.map((f, i) => (f.w !== (orig[i].w ?? 1) ? [f.x, f.y, 1] : [f.x, f.y])),
        ...(this._explore.open.size ? { d: [...this._explore.open].sort((a, b) => a - b) } : {}),
        ...(this._selected ? { s: this._selected } : {}),
        ...(this._target ? { t: this._target } : {}),
      };
    } else if (this.mode === 'play' && this._play.game) {
      void this._play.game.history().then(async (h) => {
        const s: UrlState = { ...(h.length ? { z: await packHistory(h) } : {}), ...(this._selected ? { s: this._selected } : {}) };
        this._replaceHash(Object.keys(s).length ? encodeState(s) : null);
      });
      return;
    }
    if (state) this._replaceHash(encodeState(state));
  }

  /** Explore: a link to this page that carries the whole board as it stands (map, edges, figures). */
  shareLink(): string {
    const board = this.exportScenario();
    if (!board || this.mode !== 'explore') throw new Error('only a board in explore mode can be shared');
    const state: UrlState = { b: board as unknown as Record<string, unknown>, ...(this._selected ? { s: this._selected } : {}), ...(this._target ? { t: this._target } : {}) };
    return `${location.origin}${location.pathname}${location.search}${writeFragment(location.hash, paramName(this.id), encodeState(state))}`;
  }

  private async _copyShareLink(): Promise<void> {
    const link = this.shareLink();
    try {
      await navigator.clipboard.writeText(link);
      this._message = 'Link copied: it carries the whole board as it stands.';
    } catch {
      this._message = `Share this link: ${link}`;
    }
    this._announce(this._message);
  }

  private _replaceHash(value: string | null): void {
    try {
      const hash = writeFragment(location.hash, paramName(this.id), value);
      history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
    } catch {
      // A sandboxed page may forbid history changes; the board still works.
    }
  }

  // ------------------------------------------------------------------ input

  /** Enter / click on a cell: select, target, move or act, depending on the mode. */
  private async _activate(x: number, y: number, confirm = false): Promise<void> {
    const m = this._model;
    if (!m) return;
    const dest = `${x},${y}`;
    const pending = this._pendingDest;
    this._pendingDest = null;
    // Touch: the first tap on a destination shows the path, the second moves.
    const preview = (name: string): boolean => {
      if (!confirm || pending === dest) return false;
      this._pendingDest = dest;
      this._target = null;
      this._targetCell = null;
      this._explain = null;
      this._hoverAt(x, y);
      const cost = this._sel.reach ? this._sel.reach.cost[y * m.width + x] : -1;
      this._message = `Tap ${cellName(x, y)} again to move ${name} there${cost > 0 ? ` (${cost} MP)` : ''}.`;
      this._announce(this._message);
      return true;
    };
    if (this.mode === 'edit') {
      this._editor?.at(x, y, null);
      return;
    }
    const fig = figureAt(m, x, y);
    if (this.mode === 'explore') {
      if (fig) {
        if (!this._selected || fig.id === this._selected) {
          if (fig.id === this._selected) this._announce(this._selectionWords(fig.id));
          else await this._selectFigure(fig.id);
        } else if (this._target === fig.id) await this._selectFigure(fig.id);
        else this._setTargetNow(fig.id);
        return;
      }
      if (this._selected && onMap(m, x, y)) {
        if (preview(this._figureName(this._selected))) return;
        this._explore.move(this._selected, x, y);
        return;
      }
      this._announce(this._cellWords(x, y));
      return;
    }
    // play
    const k = y * m.width + x;
    if (this._selected && fig && this._play.attacks.has(fig.id)) {
      // Entering the figure's space may be a command too (a glory kill): offer both.
      const cmds = [...this._play.attacks.get(fig.id)!, ...this._play.moves.get(k) ?? []];
      if (this._target === fig.id) {
        if (cmds.length === 1) await this._play.apply(cmds[0]);
        else this._offer(cmds);
      } else this._setTargetNow(fig.id);
      return;
    }
    if (this._selected && this._play.attacks.has(`@${x},${y}`)) {
      const cmds = this._play.attacks.get(`@${x},${y}`)!;
      if (this._targetCell && this._targetCell.x === x && this._targetCell.y === y) {
        if (cmds.length === 1) await this._play.apply(cmds[0]);
        else this._offer(cmds);
      } else {
        this._targetCell = { x, y };
        const blast = this._blastWords();
        this._announce(`${cellName(x, y)} targeted.${blast ? ` ${blast}` : ''} Press Enter again to ${this._play.commandWords(cmds[0]).toLowerCase()}`);
      }
      return;
    }
    if (this._selected && this._play.moves.has(k)) {
      if (preview(this._figureName(this._selected))) return;
      const cmds = this._play.moves.get(k)!;
      if (cmds.length === 1) await this._play.apply(cmds[0]);
      else this._offer(cmds);
      return;
    }
    if (fig) {
      if (fig.id === this._selected) this._announce(this._selectionWords(fig.id));
      else await this._selectFigure(fig.id);
      return;
    }
    this._announce(this._cellWords(x, y));
  }

  /** Several commands fit the same click: show them as buttons. */
  private _offer(cmds: Command[]): void {
    this._play.pending = cmds;
    this._announce(`Choose: ${cmds.map((c) => this._play.commandWords(c)).join('; ')}`);
  }

  private _cellWords(x: number, y: number): string {
    const m = this._model!;
    let s = `${cellName(x, y)}: ${terrainWords(m, x, y)}`;
    if (this._selected && this.mode === 'explore' && this._sel.los) {
      const i = y * m.width + x;
      const reach = this._sel.reach;
      s += this._sel.los[i] ? ', in line of sight' : ', not in line of sight';
      if (reach && reach.cost[i] > 0 && reach.end[i]) s += `, ${reach.cost[i]} MP away`;
    }
    return s;
  }

  private _cancel(): void {
    if (this._play.pending.length) {
      this._play.pending = [];
      this._announce('Choice cancelled');
    } else if (this._target || this._targetCell) {
      this._target = null;
      this._targetCell = null;
      this._explain = null;
      this._announce('Target cleared');
      this._writeUrl();
    } else if (this._selected) this._clearSelection();
    this.requestUpdate();
  }

  private _setCursor(c: Cursor): void {
    this._cursor = c;
    this._hoverAt(c.x, c.y);
    this.requestUpdate();
  }

  private _hoverAt(x: number, y: number): void {
    const id = this._selected;
    let path: Placement[] | null = null;
    if (id && this._board && !this._target && this.mode !== 'edit') {
      const mp = this.mode === 'play' ? PLAY_MP : this._mp;
      const k = y * (this._model?.width ?? 0) + x;
      if (this.mode === 'explore' || this._play.moves.has(k)) {
        try {
          path = pathTo(this._board, id, mp, this._sel.reach, x, y);
        } catch {
          path = null;
        }
      }
    }
    if (path !== this._path) {
      this._path = path;
      this.requestUpdate();
    }
  }

  private _onKeyDown(e: KeyboardEvent): void {
    const m = this._model;
    if (!m) return;
    if (this.mode === 'edit' && e.shiftKey) {
      const side = arrowSide(e.key);
      if (side) {
        e.preventDefault();
        void this._guard(() => this._editor?.at(this._cursor.x, this._cursor.y, side));
        return;
      }
    }
    const next = navigate(e.key, e.ctrlKey || e.metaKey, this._cursor, m.width, m.height);
    if (next) {
      e.preventDefault();
      this._setCursor(next);
      return;
    }
    const { x, y } = this._cursor;
    switch (e.key) {
      case 'Enter':
      case ' ':
        e.preventDefault();
        void this._guard(() => this._activate(x, y));
        return;
      case 'Escape':
        e.preventDefault();
        this._cancel();
        return;
      case 'Delete':
      case 'Backspace':
        if (this.mode === 'edit') {
          e.preventDefault();
          void this._guard(() => this._editor?.removeAt(x, y));
        }
        return;
      case 'r':
      case 'R':
        if (this.mode === 'explore' && this._selected) {
          e.preventDefault();
          void this._guard(() => this._rotateSelected());
        }
        return;
      case 'o':
      case 'O': {
        const d = this.mode === 'explore' && this._model ? doorAt(this._model, x, y) : null;
        if (d !== null) {
          e.preventDefault();
          void this._guard(() => this._explore.toggleDoor(d));
        }
        return;
      }
      case 'z':
      case 'Z':
      case 'y':
      case 'Y': {
        if (!(e.ctrlKey || e.metaKey)) return;
        const redo = e.key.toLowerCase() === 'y' || e.shiftKey;
        if (this.mode === 'play' && !redo) {
          e.preventDefault();
          void this._guard(() => this._play.undo());
        } else if (this.mode === 'explore' && !redo) {
          e.preventDefault();
          this._explore.undo();
        } else if (this.mode === 'edit' && this._editor) {
          e.preventDefault();
          const editor = this._editor;
          void this._guard(() => (redo ? editor.redo() : editor.undo()));
        }
        return;
      }
      default:
    }
  }

  private _rotateSelected(): void {
    const f = this._explore.figures.find((g) => g.id === this._selected);
    if (!f) return;
    if (f.w === f.h) {
      this._announce(`${this._figureName(f.id)} is square; rotating changes nothing`);
      return;
    }
    this._explore.move(f.id, f.x, f.y, true);
  }

  private _gridBox(): DOMRect | null {
    return this.renderRoot.querySelector('.grid')?.getBoundingClientRect() ?? null;
  }

  private _onPointerDown(e: PointerEvent): void {
    const m = this._model;
    const box = this._gridBox();
    if (!m || !box || e.button !== 0) return;
    const c = cellFromPointer(e, box, m.width, m.height);
    if (!c) return;
    this._cursor = c;
    if (this.mode === 'edit') {
      const side = sideFromPointer(e, box, m.width, m.height);
      const editor = this._editor;
      if (!editor) return;
      this._painting = editor.paints;
      if (this._painting) editor.beginStroke();
      void this._guard(() => editor.at(c.x, c.y, editor.edgeTool ? side : null));
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      return;
    }
    if (e.pointerType === 'touch') {
      this._touchStart(e, c);
      return;
    }
    if (this.mode === 'explore') {
      if (this._doorNear(e, c)) return;
      const fig = figureAt(m, c.x, c.y);
      if (fig && (!this._selected || this._selected === fig.id)) {
        this._drag = { id: fig.id, from: c, moved: false };
        (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
        return;
      }
    }
    void this._guard(() => this._activate(c.x, c.y));
  }

  /** Explore: a door edge near the pointer toggles; true when it did. */
  private _doorNear(e: PointerEvent, c: Cursor): boolean {
    const m = this._model;
    const box = this._gridBox();
    if (!m || !box || this.mode !== 'explore') return false;
    const side = sideFromPointer(e, box, m.width, m.height, 0.15);
    const door = side ? doorAt(m, c.x, c.y, side) : null;
    if (door === null) return false;
    void this._guard(() => this._explore.toggleDoor(door));
    return true;
  }

  /**
   * A finger went down. Nothing happens yet: a swipe must scroll the page. A figure is dragged only
   * when it is already selected or after a long press; a tap acts when the finger lifts.
   */
  private _touchStart(e: PointerEvent, c: Cursor): void {
    this._clearTouch();
    const t = { id: e.pointerId, at: c, x0: e.clientX, y0: e.clientY, timer: 0, scrolled: false };
    this._touch = t;
    const fig = this.mode === 'explore' ? figureAt(this._model!, c.x, c.y) : undefined;
    if (!fig) return;
    if (this._selected === fig.id) {
      this._drag = { id: fig.id, from: c, moved: false };
      return;
    }
    t.timer = window.setTimeout(() => {
      if (this._touch !== t || t.scrolled) return;
      this._drag = { id: fig.id, from: c, moved: false };
      void this._guard(async () => {
        await this._selectFigure(fig.id);
        this._announce(`${this._figureName(fig.id)} picked up: drag it to a space`);
      });
    }, LONG_PRESS_MS);
  }

  private _clearTouch(): void {
    if (this._touch?.timer) clearTimeout(this._touch.timer);
    this._touch = null;
  }

  private _onPointerMove(e: PointerEvent): void {
    const m = this._model;
    const box = this._gridBox();
    if (!m || !box) return;
    const t = this._touch;
    if (e.pointerType === 'touch' && t && !this._drag) {
      if (Math.hypot(e.clientX - t.x0, e.clientY - t.y0) > TAP_SLOP_PX) {
        t.scrolled = true;
        if (t.timer) clearTimeout(t.timer);
      }
      return;
    }
    const c = cellFromPointer(e, box, m.width, m.height);
    if (!c) return;
    if (this._painting && this.mode === 'edit') {
      if (c.x !== this._cursor.x || c.y !== this._cursor.y) {
        this._cursor = c;
        void this._guard(() => this._editor?.at(c.x, c.y, null));
      }
      return;
    }
    if (this._drag && (c.x !== this._drag.from.x || c.y !== this._drag.from.y)) {
      if (!this._drag.moved && this._selected !== this._drag.id) void this._guard(() => this._selectFigure(this._drag!.id));
      this._drag.moved = true;
    }
    if (e.pointerType !== 'touch' || this._drag) this._hoverAt(c.x, c.y);
  }

  private _onPointerUp(e: PointerEvent): void {
    if (this._painting) this._editor?.endStroke();
    this._painting = false;
    const drag = this._drag;
    this._drag = null;
    const touch = e.pointerType === 'touch' ? this._touch : null;
    this._clearTouch();
    const m = this._model;
    const box = this._gridBox();
    const c = m && box ? cellFromPointer(e, box, m.width, m.height) : null;
    if (!c) return;
    if (touch && !drag) {
      if (touch.scrolled) return;
      this._cursor = c;
      if (this._doorNear(e, c)) return;
      void this._guard(() => this._activate(c.x, c.y, true));
      return;
    }
    if (!drag) return;
    this._cursor = c;
    if (!drag.moved) {
      // A long press that did not move only selects; a tap on the selected figure says where it is.
      if (!touch || !touch.timer) void this._guard(() => this._activate(c.x, c.y, !!touch));
      return;
    }
    const f = this._explore.figures.find((g) => g.id === drag.id)!;
    // Keep the grab offset inside a large figure.
    const x = c.x - (drag.from.x - f.x);
    const y = c.y - (drag.from.y - f.y);
    void this._guard(() => this._explore.move(drag.id, x, y));
  }

  /** The browser took the touch for scrolling or zooming: nothing happens on the board. */
  private _onPointerCancel(): void {
    this._drag = null;
    this._clearTouch();
    if (this._path && !this._pendingDest) {
      this._path = null;
      this.requestUpdate();
    }
  }

  // ------------------------------------------------------------------ render

  /** Created once, so that Lit keeps the same listeners across renders. */
  private readonly _gridListeners: GridListeners = {
    keydown: (e) => this._onKeyDown(e),
    focus: () => {
      this._writeGridCells();
      this._focused = true;
      this.requestUpdate();
    },
    blur: () => {
      this._focused = false;
      this.requestUpdate();
    },
    pointerdown: (e) => this._onPointerDown(e),
    pointermove: (e) => this._onPointerMove(e),
    pointerup: (e) => this._onPointerUp(e),
    pointercancel: () => this._onPointerCancel(),
    // Not passive: while a figure is dragged by touch the page must not scroll.
    touchmove: {
      handleEvent: (e: TouchEvent) => {
        if (this._drag && e.cancelable) e.preventDefault();
      },
      passive: false,
    },
    contextmenu: (e: Event) => {
      // A long press picks a figure up; it must not open the context menu.
      if (this._touch || this._drag) e.preventDefault();
    },
    pointerleave: () => {
      if (!this._drag && !this._pendingDest && this._path) {
        this._path = null;
        this.requestUpdate();
      }
    },
  };

  /** doom2004's blast (interaction/blast.ts, loaded with a doom2004 board): what the picked attack would hit. */
  private _blast: import('./interaction/blast.ts').BlastView | null = null;

  private _blastOn() {
    const m = this._model!;
    return {
      model: m, board: this._board, mode: this.mode, radius: this.blast, target: this._explain?.los ? this._target : null, cell: this._targetCell,
      attacks: this._targetCell ? this._play.attacks.get(`@${this._targetCell.x},${this._targetCell.y}`) ?? [] : [],
      attacker: m.figures.find((f) => f.id === this._selected), blastOf: this._play.view?.blast, name: (id: string) => this._figureName(id),
    };
  }

  private _blastCells(): ReachCell[] {
    return this._blast && this._model ? this._blast.cells(this._blastOn()) : [];
  }

  private _blastWords(): string {
    return this._blast && this._model ? this._blast.words(this._blastOn()) : '';
  }

  /** The explanation line: LOS, cover and range to the target, then the blast, if any. */
  private _explanationText(): string | null {
    const m = this._model;
    const summary = this._explain && m ? readableSummary(this._explain.summary, m, this._names()) : null;
    return [summary, this._blastWords(), this._play.ai?.text((id) => this._figureName(id), m?.ruleset ?? '')].filter(Boolean).join(' ') || null;
  }

  /** Figure id → readable name, for the explanation sentences. */
  private _names(): Map<string, string> {
    return new Map((this._model?.figures ?? []).map((f) => [f.id, this._figureName(f.id)]));
  }

  private _overlays(): Overlays {
    return {
      selected: this._selected,
      target: this._target,
      targetCell: this._targetCell,
      explanation: this._explain,
      selection: this._sel,
      path: this._path,
      attackTargets: this.mode === 'play' ? this._play.attacks.keys() : [],
      blast: this._blastCells(),
      hintCells: this._play.hint?.cells ?? [],
      extra: this._play.ai?.layer(this._model!),
      cursor: this._cursor,
      focused: this._focused,
    };
  }

  protected override render(): TemplateResult {
    try {
      if (this._error) return this._renderError(this._error);
      if (!this._model) return html`<div class="loading" role="status">Loading board…</div>${this._renderLive()}`;
      return html`
        ${boardView(this._model, this._overlays(), { coordinates: !this.hideCoordinates, label: this.label ?? this._model.title ?? 'Board', keysHelp: keysHelp(this.mode), zoom: this._zoom }, this._gridListeners)}
        ${this._renderZoom()}
        ${this.mode === 'play' ? this._renderPlay() : this.mode === 'edit' && this._editor && this._edit ? this._edit.editPanel({ edit: this._editor, message: this._message, bundleUrl: this.bundleUrl ?? OWN_URL, run: (action) => void this._guard(action), explore: () => this._exploreEdited(), discard: this._edit.readDraft(this.id) ? () => this._restartFromPage() : null }) : this._renderExplore()}
        ${this.mode !== 'edit' ? guard([this._model, this._legendOpen, legendList], () => legend(this._legendOpen, legendList?.(this._model!), this._toggleLegend)) : nothing}
        ${this._renderLive()}
        <slot hidden></slot>`;
    } catch (e) {
      return this._renderError({ message: `The board could not be drawn: ${messageOf(e)}`, problems: [], source: 'engine' });
    }
  }

  /** Zoom buttons for boards whose spaces would be too small to tap on a phone. */
  private _renderZoom(): TemplateResult | typeof nothing {
    const m = this._model;
    if (!m || m.width < ZOOMABLE_WIDTH) return nothing;
    const set = (z: number) => {
      this._zoom = Math.min(4, Math.max(1, z));
      this.requestUpdate();
    };
    return html`<div class="bar zoom" role="toolbar" aria-label="Zoom">
      <button part="button" aria-label="Zoom in" ?disabled=${this._zoom >= 4} @click=${() => set(this._zoom * 1.5)}>+</button>
      <button part="button" aria-label="Zoom out" ?disabled=${this._zoom <= 1} @click=${() => set(this._zoom / 1.5)}>−</button>
      <button part="button" ?disabled=${this._zoom === 1} @click=${() => set(1)}>Fit</button>
    </div>`;
  }

  private _renderError(err: ErrorDetail): TemplateResult {
    return html`
      <div class="error" part="error" role="alert">
        <strong>This board cannot be shown.</strong> ${err.message}
        ${err.problems.length ? html`<ul>${err.problems.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}
      </div>
      <slot hidden></slot>`;
  }

  private _renderLive(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this._announcement}</div>`;
  }

  private _status(): string {
    const m = this._model!;
    if (this.mode === 'play') return this._play.view?.status ?? '';
    const sel = this._selected ? m.figures.find((f) => f.id === this._selected) : null;
    if (!sel) return `${m.title ?? 'Board'} — ${m.width}×${m.height}, ${m.ruleset}. Select a figure.`;
    return `${this._figureName(sel.id)} at ${cellName(sel.x, sel.y)}: ${this._sel.cells.length} spaces within ${this._mp} MP${this._target ? ` — target ${this._figureName(this._target)}` : ''}`;
  }

  private _renderExplore(): TemplateResult {
    const m = this._model!;
    const sel = this._explore.figures.find((f) => f.id === this._selected);
    return explorePanel({
      status: this._status(),
      explanation: this._explanationText(),
      rules: this.rulesHref,
      message: this._message,
      rotate: sel && sel.w !== sel.h ? { label: `Rotate ${this._figureName(sel.id)}`, run: () => this._guard(() => this._rotateSelected()) } : null,
      clear: this._selected ? () => this._cancel() : null,
      undo: { enabled: this._explore.history.length > 0, run: () => this._explore.undo() },
      reset: () => this._explore.resetBoard(),
      mp: {
        value: this._mp,
        set: (mp) => {
          if (!Number.isInteger(mp) || mp < 0 || mp > 40) {
            this._fail('command', `MP must be a whole number from 0 to 40, not ${mp}`, [], false);
            return;
          }
          this.mp = mp;
          this._announce(`${mp} MP`);
        },
      },
      share: this.urlState ? () => void this._guard(() => this._copyShareLink()) : null,
      download: (format) => void this._guard(async () => (await import('./modes/export-entry.ts')).downloadBoard(this, this._model?.title ?? 'board', format)),
      doors: m.doors.map((d) => ({ label: `Door ${doorName(d.segment)}: ${d.open ? 'open' : 'closed'}`, open: d.open, toggle: () => this._guard(() => this._explore.toggleDoor(d.index)) })),
    });
  }

  private _renderPlay(): TemplateResult {
    const v = this._play.view;
    const buttons = this._play.pending.length ? this._play.pending : this._play.others;
    const attackButtons = this._target ? this._play.attacks.get(this._target) ?? [] : this._targetCell ? this._play.attacks.get(`@${this._targetCell.x},${this._targetCell.y}`) ?? [] : [];
    const commands = this._play.pending.length ? this._play.pending
      : this._play.table ? [...attackButtons, ...this._play.sideCommands]
        : [...buttons, ...attackButtons, ...this._play.sideCommands];
    const ai = this._play.ai;
    return playPanel({
      status: v?.status && this._model ? readableSummary(v.status, this._model, this._names()) : '',
      winner: v?.winner ? figureName(v.winner) : null,
      explanation: this._explanationText(),
      rules: this.rulesHref,
      message: this._message,
      hint: this._play.hint?.text ?? null,
      // The table's buttons name their figure; a prefix would repeat it, or name another figure.
      selectedName: this._selected && !this._play.table ? this._figureName(this._selected) : null,
      commands: [
        // A figure's choice of action (doom2004: ~7 each) is offered for the selected figure; the others get one button that selects them.
        ...commands.filter((c) => !ai?.owns(c) && (c.type !== 'action' || c.figure === this._selected)).map((c) => ({ label: this._play.commandWords(c), run: () => this._guard(() => this._play.apply(c)) })),
        ...[...new Set(commands.filter((c) => c.type === 'action' && c.figure !== this._selected && !ai?.owns(c)).map((c) => String(c.figure)))]
          .map((id) => ({ label: `${this._figureName(id)}: choose an action`, run: () => this._guard(() => this._selectFigure(id)) })),
      ],
      undo: { enabled: this._play.undoable, run: () => this._guard(() => this._play.undo()) },
      askHint: this.hints ?? this._play.ai ? () => this._guard(() => this._play.askHint()) : null,
      log: this._play.log,
      table: this._play.table && this._play.view ? this._play.table.playTable(this._play.tableContext()) : nothing,
    });
  }
}

if (!customElements.get('doom-board')) {
  customElements.define('doom-board', DoomBoard);
  // Compile the grid core while the page loads, not when the first board needs it. A failure is
  // reported by that board (`ready()` rejects the same way), so it is not reported here.
  loadCore().catch(() => undefined);
}

declare global {
  interface HTMLElementTagNameMap {
    'doom-board': DoomBoard;
  }
}

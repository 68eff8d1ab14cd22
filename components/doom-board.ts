/**
 * `<doom-board>`: a board of DOOM: The Board Game (2016, 2004) or a d20 skirmish, drawn in SVG,
 * with exact, explained line of sight, cover, range and movement.
 *
 * Modes: `explore` (rules illustration: select, reach, LOS lines, drag figures, doors), `play` (a
 * game through the rules engine's `view` / `legalActions` / `apply`, with undo and an event log),
 * `edit` (paint terrain, draw edges, place figures, record steps, export JSON and an embed snippet)
 * and `replay` (a worked example: the scenario's `steps`, or a game's replay, step by step).
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { loadCore } from '../src/core/wasm.ts';
import type { SightExplanation } from '../src/core/types.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { ScenarioLoader } from './controllers/scenario-loader.ts';
import { ScrollCue } from './controllers/scroll-cue.ts';
import { InputController } from './controllers/input-controller.ts';
import { UrlController } from './controllers/url-controller.ts';
import { InPageEngine, type EngineClient } from './engine-client.ts';
import type { ErrorDetail } from './events.ts';
import type { HintProvider } from './hints.ts';
import { keysHelp } from './interaction/keyboard.ts';
import { EditController } from './modes/edit-controller.ts';
import { ExploreMode } from './modes/explore-mode.ts';
import { PlayMode } from './modes/play-mode.ts';
import { ReplayController } from './modes/replay-controller.ts';
import { boardView } from './render/board-view.ts';
import { GridCells } from './render/grid-cells.ts';
import { legend } from './render/legend.ts';
import { zoomBar } from './render/zoom-bar.ts';
import { FocusKeeper } from './controllers/focus-keeper.ts';
import { BoardState, messageOf, type Mode as BoardMode } from './state/board-state.ts';
import { styles } from './theme.ts';

export type Mode = BoardMode;
export type { Hint, HintContext, HintProvider } from './hints.ts';

/** The legend's list, fetched the first time a legend opens (dist/doom-board-legend.js), shared by every board. */
let legendList: typeof import('./modes/legend-entry.ts').legendList | undefined;

/** The error box lists this many problems, then how many more: a board with hundreds stays readable. */
const SHOWN_PROBLEMS = 12;

/**
 * A board of a tactical grid game with explained line of sight, cover, range and movement.
 *
 * @summary Board, rules illustration, game and editor for DOOM (2016, 2004) and d20 skirmishes.
 *
 * @attr scenario - URL of a scenario JSON file (the `scenario` property also takes the object).
 * @attr mode - `explore` (default), `play`, `edit` or `replay`: a worked example step by step — the scenario's
 *   `steps` (commands the rules engine applies from the seed, or selections: a figure, a target, a reach; each with
 *   a caption in a small escaped Markdown subset and highlights), or a game's replay file (`{ scenario, seed, commands }`,
 *   as `GET /api/v1/games/{id}/replay` answers). Back / Play / Next, a scrubber, N/B on the board; with `url-state` the
 *   step is kept in the page URL. Loaded on demand (doom-board-replay.js). A finished game in play mode offers
 *   "Replay step by step".
 * @attr theme - `light` (default), `dark` or `auto` (follows the system setting); any other value is drawn light and named in the board's note.
 * @attr seed - Dice seed for play mode (default: the scenario's seed).
 * @attr ai - Play mode: the built-in AI — exact odds (P(hit), expected damage, P(kill)) on every target of the
 *   selected figure, and a Hint button drawing 3 plans of the acting figure as arrows (the best, then the best of
 *   each other target, card or kind of move; a doom2016 defender gets its defense choices with the damage each lets through). Loaded on demand
 *   (doom-board-ai.js); it thinks in a Web Worker (doom-board-ai-worker.js), or in the page when no worker can be made.
 * @attr autopilot - Play mode: the side the AI plays (`invader`, or a d20 side's name), so that one person plays a
 *   whole mission alone; empty: off. Implies `ai`. Its commands are logged, announced and undone like a
 *   person's (undo takes back its answers and your last command); the game replays from the seed and the commands.
 * @attr handicap - A handicap for the scenario (explore and play), e.g. `kills+3`: comma-separated `kills+N` (doom2016: the
 *   invader needs N more kill tokens), `frags+N` (doom2004: N more frag points), `without:ID` (the figure is left out),
 *   `swap:ID=TYPE`. A solo player's side of a bundled scenario is about even against the autopilot with the handicap
 *   docs/scenarios.md gives (tutorial `kills+2`). A part that does not apply shows the error box naming it.
 * @attr ai-strength - How hard the AI thinks, for the autopilot and the Hint button alike: `standard` (default;
 *   each answer within a frame-sized budget) or `strong` (doom2004: each decision and hint plays the best plans out
 *   with the planner on both sides — stronger, and up to about a second an answer, in the AI's worker; the same as
 *   `standard` in the other rulesets; in the page, when no worker can be made, `standard`). Another value is refused,
 *   named by the explanation line (the autopilot stops) and by the Hint.
 * @attr autopilot-delay - Pause between the autopilot's commands, in ms (default 400), so that they can be followed;
 *   in replay mode, between the steps while Play runs (default 1500).
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
 * @fires doom-target - A target was picked: `{ figure, target, los, cover, range, summary }` (`summary`: the explanation line's sentence, spaces named "C4", figures by name).
 * @fires doom-move - A figure moved: `{ figure, from, to, cost }`.
 * @fires doom-door - A door was opened or closed (explore): `{ edge, open }`.
 * @fires doom-action - The rules engine accepted a command (play; the autopilot's too): `{ command, events }`.
 * @fires doom-undo - The last command was taken back (play): `{ history }`, the number of commands the game holds after it.
 * @fires doom-change - The scenario was edited (edit): `{ scenario }`.
 * @fires doom-hint - A hint was shown (play; with `ai`: the 3 plans' reasons, one per line): `{ text }`.
 * @fires doom-step - Replay mode showed a step: `{ step, of, caption }` (`step` 0 is the position before step 1; the caption as plain text).
 * @fires doom-error - Something could not be done: a malformed scenario, a bad URL state, a refused command. `{ message, problems, source }`.
 *
 * @csspart board - The box holding the SVG drawing and the keyboard grid.
 * @csspart svg - The SVG drawing of the board (cells, terrain, edges, tokens).
 * @csspart overlay - The SVG drawn over it: figures, reach, path, fog, LOS lines, focus.
 * @csspart grid - The focusable grid (WAI-ARIA grid pattern) over the drawing.
 * @csspart toolbar - The row of buttons of the current mode.
 * @csspart doors - On a board with more than 16 doors (explore), the "Doors (n)" disclosure holding a button per door; closed, no door button is made.
 * @csspart button - Every button.
 * @csspart status - The status line (whose turn, what is selected).
 * @csspart explanation - The one-line LOS / cover / range explanation citing the rule.
 * @csspart log - The event log (play).
 * @csspart table - The play table of doom2016 and doom2004: seats, hands, dice, the pending attack (play).
 * @csspart legend - The legend under the board (explore and play).
 * @csspart pending - The attack waiting for choices (play table).
 * @csspart chooser - The doom2016 status phase's discard chooser: which event cards go for argent, onto which card (play table).
 * @csspart editor - The editor's tools and export (edit).
 * @csspart steps - The editor's record of a worked example: its steps, captions and the next command (edit).
 * @csspart caption - The caption of the step shown (replay).
 * @csspart rule - The rule the step illustrates, a link to the rules reference with `rules-href` (replay).
 * @csspart scrubber - The range input that goes to any step (replay).
 * @csspart highlight - The spaces and lines a step marks, drawn over the board (replay).
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
 * @cssproperty --doom-cell-min - On touch screens, the smallest size of one space, for a finger (default 45px; boards up to 16 columns keep it and scroll in their box, wider ones shrink to 16 columns' width, and a board whose spaces are 40 px or more when it fits its box fits it; the zoom bar's Fit shows the whole board, smaller).
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
    aiStrength: { attribute: 'ai-strength' },
    handicap: {},
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
  /** `explore`, `play`, `edit` or `replay`. */
  declare mode: Mode;
  /** `light`, `dark` or `auto`; any other value is drawn light and named in the board's note. */
  declare theme: 'light' | 'dark' | 'auto';
  /** Dice seed for play mode. */
  declare seed: number | undefined;
  /**
   * Play mode: the built-in AI — exact odds (P(hit), expected damage, P(kill)) labelled on every target of the
   * selected figure and read out in the explanation line, and a Hint button drawing 3 plans of the acting figure
   * as arrows with their odds and reasons (the best, then the best of each other target, card or kind of move;
   * while a doom2016 defender chooses, its defense choices with the damage each lets through).
   * Loaded on demand (doom-board-ai.js); it thinks in a Web Worker (doom-board-ai-worker.js), or in the page,
   * saying so, when no worker can be created.
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
  /**
   * How hard the AI thinks (autopilot and hints): `standard` (default; doom2004: each decision and hint plays the 3 best
   * plans out once with the planner on both sides, within 50 ms) or `strong` (doom2004: the 4 best, up to twice each;
   * slower, and stronger). Read at each answer.
   */
  declare aiStrength: 'standard' | 'strong' | undefined;
  /**
   * A handicap for the scenario (explore and play; src/scenario/handicap.ts), e.g. `kills+3` or
   * `without:hell-knight-1,without:hell-knight-2`: the game plays the handicapped copy. Loaded on demand (doom-board-handicap.js).
   */
  declare handicap: string | undefined;
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

  // ------------------------------------------------------------------ composition: the state every
  // controller shares, and one controller per concern (components/state, controllers, modes)
  private readonly _state = new BoardState(this);
  private readonly _url = new UrlController(this, this._state);
  private readonly _explore = new ExploreMode(this, this._state, this._url);
  private readonly _play = new PlayMode(this, this._state, this._url);
  private readonly _edit = new EditController(this, this._state);
  /** A pressed button that goes away leaves the focus on the status line, not the page's body. */
  private readonly _focus = new FocusKeeper(this);
  private readonly _replay = new ReplayController(this, this._state, this._url);
  private readonly _cells = new GridCells(this, this._state);
  private readonly _scrollCue = new ScrollCue(this);
  private readonly _input = new InputController(this, this._state, { explore: this._explore, play: this._play, edit: this._edit, replay: this._replay, cells: this._cells });
  private readonly _loader = new ScenarioLoader(this, this._state, { explore: this._explore, play: this._play, edit: this._edit, replay: this._replay, url: this._url });
  private _legendOpen = false;

  constructor() {
    super();
    this.mode = 'explore';
    this.theme = 'light';
    this.urlState = false;
    this.hideCoordinates = false;
    this.engine = new InPageEngine();
  }

  /** The mode that selects and targets figures (edit mode uses explore's). */
  private get _mode(): ExploreMode | PlayMode {
    return this.mode === 'play' ? this._play : this._explore;
  }

  // ------------------------------------------------------------------ public API

  /** The current scenario as JSON (in edit mode: the edited one). */
  exportScenario(): Scenario | null {
    return this._edit.editor?.scenario() ?? this._explore.exportScenario();
  }

  /** Select a figure (null clears the selection), as a click on it would. */
  async select(id: string | null): Promise<void> {
    await this._state.guard(() => (id === null ? this._mode.clearSelection() : this._mode.select(id)));
    await this.updateComplete;
  }

  /**
   * The LOS / cover / range explanation to the current target, or null: the lines tried in doubled
   * coordinates (corner (X,Y) is (2X,2Y)) and what blocked each, for scripts.
   */
  get explanation(): SightExplanation | null {
    return this._state.explain;
  }

  /** Pick a target for the selected figure and explain LOS, cover and range to it. */
  async target(id: string): Promise<void> {
    await this._state.guard(() => this._mode.setTarget(id));
    await this.updateComplete;
  }

  /** Explore: a link to this page that carries the whole board as it stands (map, edges, figures). */
  shareLink(): string {
    return this._url.shareLink(this.exportScenario());
  }

  // ------------------------------------------------------------------ lifecycle and drawing

  protected override willUpdate(changed: PropertyValues<this>): void {
    const reload = changed.has('scenario') || changed.has('mode') || changed.has('seed') || changed.has('api') || changed.has('ai') || changed.has('autopilot') || changed.has('handicap');
    if (reload && this.scenario !== undefined) void this._loader.load();
  }

  /** Whether the legend lists the AI's marks: a play board with the AI (odds, hinted plans). */
  private get _aiMarks(): boolean {
    return this.mode === 'play' && (this.ai || !!this.autopilot);
  }

  private readonly _toggleLegend = (open: boolean): void => {
    if (open === this._legendOpen) return;
    this._legendOpen = open;
    this.requestUpdate();
    if (open && !legendList) {
      void this._state.guard(async () => {
        legendList = (await import('./modes/legend-entry.ts')).legendList;
      });
    }
  };

  protected override render(): TemplateResult {
    const s = this._state;
    const m = s.model;
    try {
      if (s.error) return this._renderError(s.error);
      if (!m) return html`<div class="loading" role="status">Loading board…</div>${this._renderLive()}`;
      const zoom = (z: number, words: string) => {
        s.zoom = z;
        s.announce(words);
      };
      return html`
        ${boardView(m, (this.mode === 'replay' && this._replay.overlays()) || this._mode.overlays(), { coordinates: !this.hideCoordinates, label: this.label ?? m.title ?? 'Board', keysHelp: keysHelp(this.mode), zoom: s.zoom, readable: s.readable() }, this._input.listeners)}
        ${zoomBar(m.width, s.zoom, zoom)}
        ${this.mode === 'play' ? this._play.panel() : this.mode === 'replay' ? this._replay.panel() : (this.mode === 'edit' && this._edit.panel(() => void this._loader.load())) || this._explore.panel()}
        ${this._edit.backBar()}
        ${this.mode !== 'edit' ? guard([m, this._legendOpen, legendList, this._aiMarks], () => legend(this._legendOpen, legendList?.(m, this._aiMarks), this._toggleLegend)) : nothing}
        ${this._renderLive()}
        <slot hidden></slot>`;
    } catch (e) {
      return this._renderError({ message: `The board could not be drawn: ${messageOf(e)}`, problems: [], source: 'engine' });
    }
  }

  private _renderError(err: ErrorDetail): TemplateResult {
    return html`
      <div class="error" part="error" role="alert">
        <strong>This board cannot be shown.</strong> ${err.message}
        ${err.problems.length ? html`<ul>${err.problems.slice(0, SHOWN_PROBLEMS).map((p) => html`<li>${p}</li>`)}${err.problems.length > SHOWN_PROBLEMS ? html`<li>… and ${err.problems.length - SHOWN_PROBLEMS} more (all in the doom-error event)</li>` : nothing}</ul>` : nothing}
      </div>
      <slot hidden></slot>`;
  }

  private _renderLive(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this._state.announcement}</div>`;
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

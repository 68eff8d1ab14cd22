/**
 * Loading a board: the scenario from the `scenario` attribute (a URL) or property, or an inline
 * `<script type="application/json">` child; in its place a share link's board (explore) or the
 * editor's draft (edit); validated by the engine and handed to the mode that shows it. A load that
 * fails shows the error box; `doom-ready` fires once the board is drawn.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Scenario } from '../../src/scenario/types.ts';
import { scenarioWarnings } from '../../src/scenario/warnings.ts';
import { InPageEngine, type EngineClient } from '../engine-client.ts';
import { problemsOf } from '../events.ts';
import type { EditController } from '../modes/edit-controller.ts';
import type { ExploreMode } from '../modes/explore-mode.ts';
import type { PlayMode } from '../modes/play-mode.ts';
import type { ReplayController } from '../modes/replay-controller.ts';
import { MODES, messageOf, type BoardState, type Mode } from '../state/board-state.ts';
import { sourceOf } from './scenario-source.ts';
import type { UrlController } from './url-controller.ts';

/** What loading reads and sets of the element. */
export interface LoaderHost extends ReactiveControllerHost, HTMLElement {
  /** Set from an inline scenario. */
  scenario: Scenario | string | null | undefined;
  readonly mode: Mode;
  readonly api: string | undefined;
  /** A handicap spec for the scenario (explore and play). */
  readonly handicap: string | undefined;
  /** Set to an HTTP engine for `api`. */
  engine: EngineClient;
}

/** The controllers a loaded board is handed to. */
export interface LoaderModes {
  explore: ExploreMode;
  play: PlayMode;
  edit: EditController;
  replay: ReplayController;
  url: UrlController;
}

/** How long after the page's load a board with no scenario waits for a script to set one before saying so. */
const NO_SCENARIO_GRACE_MS = 1000;

/** The element's attributes that are not doom-board's (HTML's global ones, data- and aria- aside): where a misspelt `scenario` shows. */
function unknownAttributes(host: HTMLElement): string[] {
  const known = new Set([...((host.constructor as { observedAttributes?: string[] }).observedAttributes ?? []), 'id', 'class', 'style', 'slot', 'title', 'hidden', 'tabindex', 'lang', 'dir', 'role', 'part', 'inert']);
  return [...host.attributes].map((a) => a.name).filter((n) => !known.has(n) && !/^(data-|aria-|on)/.test(n));
}

export class ScenarioLoader implements ReactiveController {
  /** The `api` value the current engine was made for. */
  private apiFor: string | undefined;
  private inlineObserver: MutationObserver | null = null;

  constructor(private readonly host: LoaderHost, private readonly state: BoardState, private readonly to: LoaderModes) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.host.scenario === undefined) this.watchInline();
  }

  hostDisconnected(): void {
    this.inlineObserver?.disconnect();
    this.inlineObserver = null;
  }

  /**
   * An inline `<script type="application/json">` child, now or once the parser adds it. While the
   * page is still being parsed the script's text may be only partly there (the element was defined
   * by a classic or async script before the parser reached `</script>`, and the parser yields
   * mid-text on a slow connection or a busy machine): text that does not parse yet is read again as
   * it grows and once the document is parsed, and only then reported as not JSON.
   */
  private watchInline(): void {
    const host = this.host;
    const tryRead = (final: boolean) => {
      const script = host.querySelector(':scope > script[type="application/json"]');
      if (!script) return false;
      let scenario: Scenario;
      try {
        scenario = JSON.parse(script.textContent ?? '') as Scenario;
      } catch (e) {
        if (!final && document.readyState === 'loading') return false;
        this.hostDisconnected();
        this.state.fail('scenario', `The inline scenario is not valid JSON: ${messageOf(e)}`, []);
        return true;
      }
      this.hostDisconnected(); // found: stop watching
      host.scenario = scenario;
      return true;
    };
    if (tryRead(false)) return;
    this.inlineObserver = new MutationObserver(() => void tryRead(false));
    this.inlineObserver.observe(host, { childList: true, subtree: true, characterData: true });
    // An editor with no scenario starts blank: once the page is parsed, when a script child could still come.
    const blankEditor = () => host.mode === 'edit' && host.scenario === undefined && !host.querySelector('script') && (host.scenario = null);
    if (document.readyState === 'loading') {
      const parsed = () => {
        if (!this.inlineObserver) return;
        tryRead(true);
        blankEditor();
      };
      document.addEventListener('DOMContentLoaded', parsed, { once: true });
    } else if (host.mode === 'edit') queueMicrotask(blankEditor);
    // Still no scenario a moment after the page has loaded (a missing or misspelt `scenario` attribute):
    // the error box says so, not "Loading board…" for ever. A script that sets the property later, or
    // an inline script added later, still loads its board (the observer keeps watching).
    const none = () => {
      if (this.inlineObserver && host.isConnected && host.scenario === undefined && host.mode !== 'edit' && !host.querySelector(':scope > script')) host.scenario = null;
    };
    const soon = () => setTimeout(none, NO_SCENARIO_GRACE_MS);
    if (document.readyState === 'complete') soon();
    else window.addEventListener('load', soon, { once: true });
  }

  async load(): Promise<void> {
    const { host, state: s, to } = this;
    const token = ++s.loadToken;
    s.loading = true;
    s.error = null;
    s.update();
    try {
      // A misspelt mode would otherwise quietly show explore mode.
      if (!MODES.includes(host.mode)) throw new Error(`mode: "${host.mode}" is not one of ${MODES.join(', ')}`);
      let input: unknown = host.scenario;
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
      if (host.api && this.apiFor !== host.api) {
        const api = host.api;
        host.engine = await import('../engine-client-http.ts').then((m) => m.createHttpEngine(api, new InPageEngine()));
        this.apiFor = api;
      }
      const editing = host.mode === 'edit' ? to.edit.load() : null;
      await host.engine.ready();
      const editor = editing ? await editing : null;
      if (token !== s.loadToken) return;
      if (input === null && editor) input = editor.blankScenario('doom2016', 12, 8);
      // The editor keeps work across reloads: a draft saved in this browser wins over the page's board.
      const draft = editor?.readDraft(host.id);
      let restored = false;
      if (draft) {
        try {
          host.engine.validate({ ...draft, sides: Array.isArray(draft.sides) ? draft.sides : ['side-a', 'side-b'] });
          input = draft;
          restored = true;
        } catch {
          editor!.discardDraft(host.id);
        }
      }
      // Replay: a game's replay file (GET …/replay: scenario, seed, commands) is a worked example without captions.
      const r = input as { scenario?: Scenario; seed?: number; commands?: unknown };
      if (host.mode === 'replay' && r?.scenario && Array.isArray(r.commands)) input = { ...r.scenario, seed: r.seed, steps: r.commands.map((command) => ({ command })) };
      if (input === null || input === undefined) {
        const unknown = unknownAttributes(host);
        throw new Error(`No scenario: set the scenario attribute (a URL), the scenario property, or add an inline <script type="application/json">.${unknown.length ? ` Attributes doom-board does not know: ${unknown.join(', ')}.` : ''}`);
      }
      if (host.mode === 'edit' && typeof input === 'object' && input !== null && !Array.isArray((input as Scenario).sides)) {
        input = { ...input, sides: editor?.DEFAULT_SIDES[(input as Scenario).ruleset] ?? ['side-a', 'side-b'] };
      }
      // Explore: a share link carries a whole board; a bad one is reported and the page's board shown.
      to.url.shared = false;
      const shared = host.mode === 'explore' ? to.url.read()?.b : undefined;
      let scenario: Scenario | null = null;
      if (shared) {
        try {
          scenario = host.engine.validate(shared);
          input = shared;
          to.url.shared = true;
        } catch (e) {
          s.fail('url', 'Ignored the shared board in the page URL:', problemsOf(e).length ? problemsOf(e) : [messageOf(e)], false);
        }
      }
      scenario ??= host.engine.validate(input);
      const ofInput = scenario;
      // Replay: the steps are of the scenario as given (a finished game's replay is handicapped already).
      if (host.handicap && host.mode !== 'edit' && host.mode !== 'replay') scenario = host.engine.validate((await import('../modes/handicap-entry.ts')).applyHandicap(scenario, host.handicap));
      if (scenario.ruleset === 'doom2004') s.blast ??= new (await import('../modes/blast-entry.ts')).BlastView();
      s.scenario = scenario;
      // The editor's state shares parts of its source: a copy of its own.
      s.source = scenario === ofInput && !editor ? sourceOf(scenario, input as Scenario) : (structuredClone(input) as Scenario);
      this.resetInteraction();
      if (host.mode === 'play') await to.play.start(scenario, token);
      else if (host.mode === 'replay') await to.replay.start(scenario, token);
      else if (editor) to.edit.start(editor, s.source, scenario, restored);
      else to.explore.start(scenario);
      // A valid board with likely slips (a short map row, a misspelt theme drawn light) loads, and says so.
      const warnings = scenarioWarnings(scenario), theme = host.getAttribute('theme');
      if (theme && !['light', 'dark', 'auto'].includes(theme)) warnings.push(`theme: "${theme}" is not one of light, dark, auto`);
      if (warnings.length) s.message = `Warning: ${warnings.join('; ')}`;
      if (token !== s.loadToken) return;
      s.loading = false;
      s.update();
      await host.updateComplete;
      const m = s.model!;
      s.emit('doom-ready', { ruleset: m.ruleset, width: m.width, height: m.height, mode: host.mode, ...(scenario.title ? { title: scenario.title } : {}) });
    } catch (e) {
      if (token !== s.loadToken) return;
      s.loading = false;
      s.model = null;
      s.fail('scenario', messageOf(e).replace(/^Invalid scenario: .*/, 'This scenario is not valid.'), problemsOf(e));
    }
  }

  /** A new board: nothing selected, no game, no editor, no undo history. */
  private resetInteraction(): void {
    const { state: s, to } = this;
    s.dropSelection();
    to.play.reset();
    to.replay.stop();
    s.message = '';
    to.edit.editor = null;
    to.explore.open = new Set();
    to.explore.history = [];
    s.pendingDest = null;
    s.cursor = { x: 0, y: 0 };
  }
}

/**
 * The component talks to the rules engine through this interface. `InPageEngine` runs the Wasm
 * grid core and the rules in the page (the default); `HttpEngine` (engine-client-http.ts, loaded on
 * demand for the `api` attribute) plays games on a doom-board server. Game calls are asynchronous so that a remote engine fits the same interface.
 *
 * Play mode is ruleset-agnostic: it draws `view()`, offers `legalActions(figure)` and sends
 * `apply(command)`; nothing here knows a ruleset's commands.
 */
import { Board, loadCore, type BoardInput } from '../src/core/index.ts';
import { createGame, loadRuleset } from '../src/rules/engine.ts';
import type { ApplyResult, Command, GameEvent, GameView } from '../src/rules/types.ts';
import { validateScenario } from '../src/scenario/validate.ts';
import type { Scenario } from '../src/scenario/types.ts';

export interface GameClient {
  view(): Promise<GameView>;
  legalActions(figure?: string): Promise<Command[]>;
  apply(command: Command): Promise<ApplyResult>;
  /** Take back the last accepted command; false when there is none. */
  undo(): Promise<boolean>;
  /** The accepted commands in order. */
  history(): Promise<Command[]>;
  /**
   * Optional: call `onChange` whenever the game changes from elsewhere (a server game moved by
   * another client). Returns the function that stops following.
   */
  subscribe?(onChange: () => void): () => void;
  /**
   * Optional: the ruleset's whole game state (hands, decks, equipment), which the play table shows
   * beside the view. A client without it gets a table of what the view has.
   */
  state?(): Promise<unknown>;
  /**
   * Optional: where the game came from and what was played — for a game kept elsewhere (a server
   * game), whose scenario and seed need not be the page's.
   */
  replay?(): Promise<GameReplay>;
  /**
   * Optional: what was played that this page did not play itself — the whole history on the first
   * call (another seat, a reload), then each newer entry once. A client without it is a game only
   * this page plays, whose log the page keeps.
   */
  newEntries?(): Promise<HistoryEntry[]>;
  /** Optional: whether this page may take back the last command (a server game: only its sender's seat). */
  mayUndo?(): Promise<boolean>;
  /**
   * Optional: what `apply(command)` would do now (its events or its refusal), with nothing kept —
   * so that a choice can say what each option costs. A client without it gets plain words.
   */
  preview?(command: Command): Promise<ApplyResult>;
}

/** One accepted change of a game kept elsewhere: a command and its events, or an undo. */
export interface HistoryEntry {
  kind: 'command' | 'undo';
  events?: GameEvent[];
}

/** A game as scenario + seed + accepted commands: replaying them gives the same game. */
export interface GameReplay {
  scenario: Scenario;
  seed: number;
  commands: Command[];
}

export interface EngineClient {
  /** Resolves when the engine can answer (loads the Wasm core once). */
  ready(): Promise<void>;
  /** Validate and normalise a scenario; throws an error with `problems` when it is invalid. */
  validate(input: unknown): Scenario;
  /** Start a game (play mode); throws when the ruleset cannot be played yet. */
  createGame(scenario: Scenario, seed?: number): Promise<GameClient>;
  /** Geometry for drawing and explaining (LOS, cover, range, reach): always in the page. */
  board(input: BoardInput): Board;
}

/** The default engine: the Wasm core and the rules running in this page. */
export class InPageEngine implements EngineClient {
  ready(): Promise<void> {
    return loadCore().then(() => undefined);
  }

  validate(input: unknown): Scenario {
    return validateScenario(input);
  }

  async createGame(scenario: Scenario, seed?: number): Promise<GameClient> {
    await Promise.all([this.ready(), loadRuleset(scenario.ruleset)]);
    const game = createGame(scenario, seed === undefined ? {} : { seed });
    return {
      view: async () => game.view(),
      legalActions: async (figure) => game.legalActions(figure),
      apply: async (command) => game.apply(command),
      preview: async (command) => game.preview(command),
      undo: async () => game.undo(),
      history: async () => game.history,
      state: async () => game.state,
    };
  }

  board(input: BoardInput): Board {
    return Board.create(input);
  }
}

/**
 * A live game in memory: a rules `Game` rebuilt from its stored log, the log with each command's
 * events, and what is derived from it once per version (view with `awaiting`, state, legal
 * actions). GameService (games.ts) keeps them; `rebuildGame` replays a stored game (also for
 * `doom-board check`).
 */
import { loadCore } from '../core/index.ts';
import { createGame, loadRuleset, type Command, type Game, type GameEvent, type GameState, type GameView } from '../rules/index.ts';
import { awaitingOf, type Awaiting } from '../rules/owner.ts';
import { GameDamagedError, type GameRecord, type StoredEntry } from './store.ts';

export interface LogEntry {
  version: number;
  kind: 'command' | 'undo';
  side: string;
  command?: Command;
  events?: GameEvent[];
  key?: StoredEntry['key'];
}

export interface LiveGame {
  record: GameRecord;
  game: Game<GameState>;
  /** Every entry so far (version n at index n-1), with the events of commands. */
  log: LogEntry[];
  /** Per accepted command still standing: the side whose seat sent it (undo checks it). */
  sides: string[];
  listeners: Set<(e: LogEntry) => void>;
  queue: Promise<unknown>;
  /**
   * Set while a change is applied in memory but not yet durable (its store append in flight):
   * readers wait for it (`GameService.settled`), so nobody sees a change before it is committed.
   */
  committing?: Promise<unknown> | null;
  /** Seat tokens already checked against `record.seatHashes`, with their side. */
  seats?: Map<string, string>;
  /** A read of the shared store's newer entries that is queued and not yet started (later readers join it). */
  refreshing?: Promise<void> | null;
  /** View, state and legal actions of the current version, computed once (every follower reads them). */
  cache?: { version: number; view?: GameView; state?: unknown; actions: Map<string, Command[]> };
  /** Idempotency-Key hashes of the log's entries, with their versions. */
  keys?: Map<string, number>;
  /** A commit failed with its outcome unknown: memory may be behind the store; the game is read again. */
  stale?: boolean;
}

function cacheOf(live: LiveGame): NonNullable<LiveGame['cache']> {
  if (live.cache?.version !== live.log.length) live.cache = { version: live.log.length, actions: new Map() };
  return live.cache;
}

/**
 * The game's view now, with who must act (`awaiting`, from the same rules as the seat check:
 * rules/owner.ts), shared: do not change it.
 */
export function viewOf(live: LiveGame): GameView & { awaiting: Awaiting | null } {
  const c = cacheOf(live);
  if (!c.view) {
    const view = live.game.view();
    c.view = { ...view, awaiting: awaitingOf(currentState(live.game), view.side) };
  }
  return c.view as GameView & { awaiting: Awaiting | null };
}

/** The game's full state now (shared: do not change it). */
export function stateOf(live: LiveGame): unknown {
  const c = cacheOf(live);
  return (c.state ??= live.game.state);
}

/** The legal commands now, for one figure or all (shared: do not change them). */
export function actionsOf(live: LiveGame, figure?: string): Command[] {
  const c = cacheOf(live);
  const key = figure === undefined ? '' : `#${figure}`;
  let a = c.actions.get(key);
  if (!a) c.actions.set(key, (a = live.game.legalActions(figure)));
  return a;
}

/**
 * The game's current state, read only, without the copy `game.state` makes: the seat check runs on
 * every command and needs only who owns what (Game keeps the state private to guard it from callers).
 */
export const currentState = (game: Game<GameState>): GameState => (game as unknown as { current: GameState }).current;

/** A game as stored, replayed: the live game, or a GameDamagedError saying what does not replay. */
export async function rebuildGame(record: GameRecord, entries: StoredEntry[]): Promise<LiveGame> {
  let live: LiveGame;
  try {
    await Promise.all([loadCore(), loadRuleset(record.scenario.ruleset)]);
    const game = createGame(record.scenario, { seed: record.seed });
    live = { record, game, log: [], sides: [], listeners: new Set(), queue: Promise.resolve() };
  } catch (e) {
    throw new GameDamagedError(record.id, `its record does not start a game (${(e as Error).message})`);
  }
  for (const [i, e] of entries.entries()) {
    if (e.version !== i + 1) throw new GameDamagedError(record.id, `entry ${i + 1} is missing (the next stored is version ${e.version})`);
    replayEntry(live, e);
  }
  return live;
}

/** Play one stored entry on the game in memory; a GameDamagedError when it does not replay. */
export function replayEntry(live: LiveGame, e: StoredEntry): LogEntry {
  const id = live.record.id;
  if (e.key) (live.keys ??= new Map()).set(e.key.key, e.version);
  if (e.kind === 'command') {
    const r = e.command ? live.game.apply(e.command) : null;
    if (!r?.ok) throw new GameDamagedError(id, `stored command ${e.version} is refused on replay (${r ? r.refusal.message : 'no command'})`);
    const full: LogEntry = { ...e, events: r.events };
    live.log.push(full);
    live.sides.push(e.side);
    return full;
  }
  if (e.kind !== 'undo' || !live.game.undo()) throw new GameDamagedError(id, `stored ${e.kind === 'undo' ? 'undo' : `entry of kind ${JSON.stringify(e.kind)}`} ${e.version} does not replay`);
  live.sides.pop();
  const full: LogEntry = { ...e };
  live.log.push(full);
  return full;
}

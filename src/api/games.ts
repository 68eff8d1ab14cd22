/**
 * Live games over a GameStore: each game is held in memory as a rules `Game` rebuilt from its log,
 * and every change is appended to the store before it is acknowledged. Changes to one game run
 * one at a time (a per-game queue), so the version check, the rules and the append are atomic.
 *
 * With a store shared by several server instances (PostgreSQL: `entriesSince` and `watch`), the
 * memory of one instance goes stale when another accepts a command. So: every read first reads the
 * entries past the in-memory version (a command acknowledged anywhere is seen at once everywhere);
 * the store's notices bring followed games up to date as soon as another instance commits (SSE);
 * and an append whose version another instance took fails in the store (primary key) and is
 * answered 409 with the game brought up to date, never applied twice or silently.
 */
import { loadCore } from '../core/index.ts';
import { createGame, loadRuleset, type Command, type Game, type GameState } from '../rules/index.ts';
import { commandOwner } from '../rules/owner.ts';
import type { Scenario } from '../scenario/index.ts';
import { currentState, rebuildGame, replayEntry, viewOf, type LiveGame, type LogEntry } from './live-game.ts';
import { ApiError } from './problem.ts';
import { GameDamagedError, StoreUnavailableError, VersionTakenError, type GameRecord, type GameStore, type StoredEntry } from './store.ts';

export { actionsOf, rebuildGame, stateOf, viewOf, type LiveGame, type LogEntry } from './live-game.ts';


/** An Idempotency-Key as the service uses it (idempotency.ts): its hash, the request's fingerprint. */
export interface ChangeKey {
  key: string;
  request: string;
}

/** …and for a creation, how to derive the game's seat tokens from the key and a salt. */
export interface CreateKey extends ChangeKey {
  seats(salt: string): Promise<Record<string, string>>;
}

/** What a creation answers: the game, its seat tokens, its version then (an import's last). */
export interface Created {
  live: LiveGame;
  seats: Record<string, string>;
  version: number;
}

/** The same key with another request: 422, nothing changed. */
export function keyReused(): ApiError {
  return new ApiError(422, 'idempotency-key-reused', 'this Idempotency-Key was used for another request (another body, seat, version or route); send a new key for each new request', {
    problems: [{ path: '/header/Idempotency-Key', message: 'used for another request' }],
  });
}

/** Said once per damaged game (a JSON log line), as often as it is asked for. */
export type ServiceLog = (level: 'error' | 'warn' | 'info', message: string, fields?: Record<string, unknown>) => void;


const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export function randomId(bytes: number): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Constant-time comparison of two hex digests of equal length. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

export class GameService {
  private readonly live = new Map<string, Promise<LiveGame | null>>();

  /** The store is shared with other instances: memory must be brought up to date before use. */
  private readonly shared: boolean;

  /** Games that did not replay, with when that was found (GameDamagedError). */
  private readonly damaged = new Map<string, { error: GameDamagedError; at: number }>();

  constructor(readonly store: GameStore, private readonly log: ServiceLog = () => undefined) {
    this.shared = typeof store.entriesSince === 'function';
  }

  /**
   * A new game. With an Idempotency-Key, a game already created with it is answered again (the
   * same request) or refused (another request, 422); the key is stored with the game.
   */
  async create(scenario: Scenario, seed: number, idem?: CreateKey): Promise<Created> {
    return this.created(scenario, seed, [], idem, async () => {
      await Promise.all([loadCore(), loadRuleset(scenario.ruleset)]);
      return { game: createGame(scenario, { seed }), entries: [], log: [] };
    });
  }

  /**
   * A new game that has played `commands` (an imported replay), each stored as sent by the seat of
   * the side that owns it. A command the rules refuse is a 422 naming it, and `verify` may refuse the
   * final state; nothing is stored then. The game and its entries are stored in one transaction.
   */
  async createPlayed(scenario: Scenario, seed: number, commands: Command[], verify: (finalState: unknown) => Promise<void> = async () => {}, idem?: CreateKey): Promise<Created> {
    return this.created(scenario, seed, commands, idem, async () => {
      await Promise.all([loadCore(), loadRuleset(scenario.ruleset)]);
      const game = createGame(scenario, { seed });
      const entries: StoredEntry[] = [];
      const log: LogEntry[] = [];
      for (const [i, command] of commands.entries()) {
        const side = commandOwner(currentState(game), command) ?? game.view().side ?? scenario.sides[0];
        const r = game.apply(command);
        if (!r.ok) throw new ApiError(422, 'refused', `command ${i} (${command.type}) is refused: ${r.refusal.message}`, { rule: r.refusal.rule, problems: [{ path: `/body/commands/${i}`, message: r.refusal.message }] });
        const entry: StoredEntry = { version: i + 1, kind: 'command', side, command: structuredClone(command) };
        entries.push(entry);
        log.push({ ...entry, events: r.events });
      }
      await verify(game.state);
      return { game, entries, log };
    });
  }

  private async created(scenario: Scenario, seed: number, commands: Command[], idem: CreateKey | undefined, play: () => Promise<{ game: Game<GameState>; entries: StoredEntry[]; log: LogEntry[] }>): Promise<Created> {
    if (idem) {
      const prior = await this.again(idem);
      if (prior) return prior;
    }
    const { game, entries, log } = await play();
    const { record, seats } = await this.newRecord(scenario, seed, idem, commands.length);
    try {
      await this.store.create(record, entries);
    } catch (e) {
      // Another request with the same key won the race: its answer.
      if (idem && e instanceof VersionTakenError) {
        const prior = await this.again(idem);
        if (prior) return prior;
      }
      throw unknownOutcome(e, `creating game ${record.id}`);
    }
    const live: LiveGame = { record, game, log, sides: entries.map((e) => e.side), listeners: new Set(), queue: Promise.resolve() };
    this.live.set(record.id, Promise.resolve(live));
    return { live, seats, version: entries.length };
  }

  /** The answer of the creation made with this key before, null when none was; 422 for another request. */
  private async again(idem: CreateKey): Promise<Created | null> {
    const record = await this.store.createdWith(idem.key);
    if (!record?.idempotency) return null;
    if (record.idempotency.request !== idem.request) throw keyReused();
    const live = await this.get(record.id);
    if (!live) return null;
    return { live, seats: await idem.seats(record.idempotency.salt), version: record.idempotency.version };
  }

  private async newRecord(scenario: Scenario, seed: number, idem: CreateKey | undefined, version: number): Promise<{ record: GameRecord; seats: Record<string, string> }> {
    const salt = randomId(16);
    let seats: Record<string, string> = {};
    if (idem) seats = await idem.seats(salt);
    else for (const side of scenario.sides) seats[side] = randomId(24);
    const seatHashes: Record<string, string> = {};
    for (const side of scenario.sides) seatHashes[side] = await sha256(seats[side]);
    const record: GameRecord = { id: randomId(12), scenario, seed, seatHashes, createdAt: new Date().toISOString() };
    if (idem) record.idempotency = { key: idem.key, request: idem.request, version, salt };
    return { record, seats };
  }

  /**
   * The game, rebuilt from the store on first use; null when there is none. Up to date with a
   * shared store, unless `fresh` is false: a change needs no read first (a version another instance
   * took fails in the store, and the game is then brought up to date: `change`).
   */
  async get(id: string, fresh = true): Promise<LiveGame | null> {
    let p = this.live.get(id);
    if (!p) {
      const damaged = this.damaged.get(id);
      // A damaged game is not read again at every request (each would log it): once a minute at most.
      if (damaged && Date.now() - damaged.at < 60_000) throw damaged.error;
      p = this.rebuild(id);
      this.live.set(id, p);
      // Do not cache "no such game": it may be created by another instance later.
      p.then((g) => g ?? this.live.delete(id), (e) => {
        this.live.delete(id);
        if (e instanceof GameDamagedError) {
          this.damaged.set(id, { error: e, at: Date.now() });
          this.log('error', 'a game cannot be rebuilt from the store: it is damaged (run `doom-board check`)', { game: id, reason: e.reason });
        }
      });
      return p;
    }
    const live = await p;
    if (live && this.shared && fresh) await this.refresh(live);
    return live;
  }

  /**
   * Bring `live` up to date with the shared store, after every change already queued. Reads that
   * arrive while one is queued but not started join it (it starts after they arrived, so it sees
   * every commit they could know of): one query serves them all.
   */
  refresh(live: LiveGame): Promise<void> {
    if (!this.shared) return Promise.resolve();
    if (live.refreshing) return live.refreshing;
    const run: Promise<void> = this.serial(live, () => {
      if (live.refreshing === run) live.refreshing = null;
      return this.catchUp(live);
    });
    live.refreshing = run;
    return run;
  }

  /** Apply the store's entries past the in-memory version and tell followers (inside the game's queue). */
  private async catchUp(live: LiveGame): Promise<void> {
    if (!this.shared) return;
    const entries = await this.store.entriesSince!(live.record.id, live.log.length);
    for (const e of entries) {
      if (e.version !== live.log.length + 1) throw new GameDamagedError(live.record.id, `the store gave version ${e.version} after ${live.log.length}`);
      this.publish(live, this.replay(live, e));
    }
  }

  /**
   * A notice from the shared store: a game followed here (SSE) that is behind reads what it missed.
   * Games nobody follows here are left alone: every read brings them up to date anyway.
   */
  private noticed(id: string | null, version: number): void {
    const games = id === null ? [...this.live.values()] : [this.live.get(id)].filter((p) => p !== undefined);
    for (const p of games) {
      p.then((live) => {
        if (live && live.listeners.size && (id === null || live.log.length < version)) {
          this.refresh(live).catch((e) => this.log('warn', 'cannot read a followed game from the store', { game: live.record.id, error: (e as Error).message }));
        }
      }, () => undefined);
    }
  }

  private async rebuild(id: string): Promise<LiveGame | null> {
    const stored = await this.store.load(id);
    return stored && rebuildGame(stored.record, stored.entries);
  }

  /** Play one stored entry on the game in memory; a GameDamagedError when it does not replay. */
  private replay(live: LiveGame, e: StoredEntry): LogEntry {
    return replayEntry(live, e);
  }

  /** The side whose seat `token` is, or null. */
  async seatOf(live: LiveGame, token: string): Promise<string | null> {
    // A token that matched once is remembered (at most one per side): hashing it on every request
    // was a tenth of the server's CPU under load. Unknown tokens are hashed each time, never kept.
    const known = live.seats?.get(token);
    if (known !== undefined) return known;
    const h = await sha256(token);
    for (const [side, hash] of Object.entries(live.record.seatHashes)) {
      if (sameDigest(h, hash)) {
        (live.seats ??= new Map()).set(token, side);
        return side;
      }
    }
    return null;
  }

  /**
   * Wait for `append` with the game marked as committing (readers wait: see `settled`). When it
   * fails, `rollback` takes the change back before any reader can look again.
   */
  private async committed(live: LiveGame, append: Promise<void>, rollback: () => void, version: number): Promise<void> {
    live.committing = append;
    try {
      await append;
    } catch (e) {
      rollback();
      // A reader may have cached the view of the change just taken back.
      live.cache = undefined;
      if (!(e instanceof VersionTakenError)) {
        // The change may be stored after all: this copy is dropped, the next request reads the game again.
        live.stale = true;
        this.live.delete(live.record.id);
      }
      // Lost to another writer: known. Anything else: it may be stored (a shared store's next read
      // brings it in; a local store that cannot tell stops, see onFatal).
      throw e instanceof VersionTakenError ? e : unknownOutcome(e, `committing version ${version} of game ${live.record.id}`);
    } finally {
      live.committing = null;
    }
  }

  /** Resolves when no change of this game is between memory and the store (reads see only durable state). */
  async settled(live: LiveGame): Promise<void> {
    while (live.committing) await live.committing.catch(() => undefined);
  }

  /** Run `fn` after every earlier change to this game. */
  private serial<T>(live: LiveGame, fn: () => Promise<T>): Promise<T> {
    const run = live.queue.then(fn, fn);
    live.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Run a change against the current game. With a shared store: a client that saw a version this
   * instance has not read yet makes it read first; a change refused against memory another instance
   * moved past (403, 422, or its version taken in the store) is answered 409 with the game up to date.
   */
  private async change(live: LiveGame, expected: number, key: ChangeKey | undefined, fn: () => Promise<LogEntry>): Promise<LogEntry> {
    // A retry with its key: the entry it made, whatever happened since (before the version check:
    // the game has moved past the version the retry names, by this very change).
    if (live.stale) throw new StoreUnavailableError(`game ${live.record.id} is being read again from the store after a failed commit`, false, 1);
    const before = key && this.keyed(live, key);
    if (before) return before;
    if (this.shared && expected > live.log.length) await this.catchUp(live);
    this.checkVersion(live, expected);
    try {
      return await fn();
    } catch (e) {
      if (!this.shared || !(e instanceof VersionTakenError || (e instanceof ApiError && e.status !== 409))) throw e;
      await this.catchUp(live);
      const raced = key && this.keyed(live, key);
      if (raced) return raced;
      this.checkVersion(live, expected);
      throw e;
    }
  }

  /** The entry made with this key, or null when none; 422 when it was made by another request. */
  private keyed(live: LiveGame, key: ChangeKey): LogEntry | null {
    const version = live.keys?.get(key.key);
    if (version === undefined) return null;
    const entry = live.log[version - 1];
    if (entry.key?.request !== key.request) throw keyReused();
    return entry;
  }

  private checkVersion(live: LiveGame, expected: number): void {
    if (expected !== live.log.length) {
      throw new ApiError(409, 'stale-version', `the game is at version ${live.log.length}, not ${expected}: fetch it again`, { version: live.log.length }, { etag: `"${live.log.length}"` });
    }
  }

  /** Play `command` for `side` at version `expected`; with a key, a retry gets the entry it made. */
  apply(live: LiveGame, side: string, expected: number, command: Command, key?: ChangeKey): Promise<LogEntry> {
    return this.serial(live, () => this.change(live, expected, key, async () => {
      // The seat must own the decision (rules/owner.ts), whoever's turn it is. A command the rules
      // cannot place (an unknown figure) is refused by the rules for every seat alike — a 403 would
      // say that a figure that does not exist belongs to the side to act; one they would take falls
      // back to the side to act.
      let owner = commandOwner(currentState(live.game), command);
      if (owner === null) {
        const tried = live.game.preview(command);
        if (!tried.ok) throw new ApiError(422, 'refused', tried.refusal.message, { rule: tried.refusal.rule });
        owner = viewOf(live).side;
      }
      if (owner !== null && owner !== side) {
        throw new ApiError(403, 'not-your-seat', `${JSON.stringify(command.type)}${typeof command.figure === 'string' ? ` for ${command.figure}` : ''} is the ${owner} side's decision; this token is the ${side} seat's`);
      }
      const r = live.game.apply(command);
      if (!r.ok) throw new ApiError(422, 'refused', r.refusal.message, { rule: r.refusal.rule });
      // `command` is the request's own (checkedCommand built it): stored as it is, no copy.
      const entry: StoredEntry = { version: live.log.length + 1, kind: 'command', side, command, ...(key ? { key: { key: key.key, request: key.request } } : {}) };
      await this.committed(live, this.store.append(live.record.id, entry), () => live.game.undo(), entry.version);
      const full: LogEntry = { ...entry, events: r.events };
      live.sides.push(side);
      this.push(live, full);
      return full;
    }));
  }

  undo(live: LiveGame, side: string, expected: number, key?: ChangeKey): Promise<LogEntry> {
    return this.serial(live, () => this.change(live, expected, key, async () => {
      const last = live.sides.at(-1);
      if (last === undefined) throw new ApiError(422, 'nothing-to-undo', 'no command to take back', { rule: 'undo' });
      if (last !== side) throw new ApiError(403, 'not-your-command', `the last command is ${last}'s; only that seat may take it back`);
      const command = live.game.lastCommand!;
      live.game.undo();
      const entry: StoredEntry = { version: live.log.length + 1, kind: 'undo', side, command, ...(key ? { key: { key: key.key, request: key.request } } : {}) };
      await this.committed(live, this.store.append(live.record.id, entry), () => live.game.apply(command), entry.version);
      live.sides.pop();
      this.push(live, entry);
      return entry;
    }));
  }

  /** A change made here joins the log (and its key the index), and followers hear of it. */
  private push(live: LiveGame, entry: LogEntry): void {
    live.log.push(entry);
    if (entry.key) (live.keys ??= new Map()).set(entry.key.key, entry.version);
    this.publish(live, entry);
  }

  private publish(live: LiveGame, entry: LogEntry): void {
    for (const l of live.listeners) {
      try {
        l(entry);
      } catch {
        // A broken follower must not break the game.
      }
    }
  }

  private watching = false;

  subscribe(live: LiveGame, listener: (e: LogEntry) => void): () => void {
    // Other instances' notices matter only to followers: an instance nobody follows a game on does
    // not listen (each notice costs every listening instance CPU, as much as a tenth of a change).
    if (!this.watching) {
      this.watching = true;
      this.store.watch?.((id, version) => this.noticed(id, version));
    }
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  }
}

/** A store failure while committing, as the 503 it is: the change may or may not have been stored. */
function unknownOutcome(e: unknown, what: string): StoreUnavailableError {
  if (e instanceof StoreUnavailableError && e.outcomeUnknown) return e;
  if (e instanceof StoreUnavailableError) return new StoreUnavailableError(`the store failed while ${what} (${e.message})`, true, e.retryAfter, e.said);
  return new StoreUnavailableError(`the store failed while ${what} (${(e as Error)?.message ?? e})`, true, 2);
}

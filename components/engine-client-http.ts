/**
 * An EngineClient that plays games on a doom-board server (the `api` attribute), through the
 * client generated from openapi.yaml (openapi-fetch over src/api/schema.d.ts). Geometry for
 * drawing and explaining stays in the page (the Wasm core); the server decides what is legal and
 * keeps the game. `subscribe` follows the game's live stream, so a move made in another browser
 * redraws this board at once.
 *
 * The `api` value is a URL:
 *   - `https://host/api/v1` — start a new game on that server when play begins (this page holds
 *     every seat: hot seat);
 *   - `https://host/api/v1/games/<id>#seat=<token>` — join that game with a side's seat token
 *     (repeat `seat=` for several); without a token the board follows the game as a spectator.
 * The token is in the fragment so that it is never sent to a server as part of a URL.
 *
 * The embeddable bundle builds this file on its own (dist/doom-board-http.js, loaded on demand):
 * it imports nothing at run time but openapi-fetch, and takes the page's geometry and scenario
 * validation from a local engine (the InPageEngine) it is given.
 */
import createClient from 'openapi-fetch';
import type { Board, BoardInput } from '../src/core/index.ts';
import type { ApplyResult, Command, GameView } from '../src/rules/types.ts';
import type { Scenario } from '../src/scenario/index.ts';
import type { paths } from '../src/api/schema.d.ts';
import type { EngineClient, GameClient, GameReplay, HistoryEntry } from './engine-client.ts';

export interface ApiTarget {
  /** The server origin plus any path before /api/v1 (the generated client's base URL). */
  baseUrl: string;
  gameId: string | null;
  seats: string[];
}

/** Split an `api` attribute value into server, game and seat tokens; throws a clear error. */
export function parseApiTarget(api: string, base = globalThis.location?.href): ApiTarget {
  const u = new URL(api, base);
  const m = /^(.*?)\/api\/v1(?:\/games\/([A-Za-z0-9_-]{8,64}))?\/?$/.exec(u.pathname);
  if (!m) throw new Error(`api="${api}": expected a server URL ending in /api/v1 or /api/v1/games/<id>`);
  const seats = new URLSearchParams(u.hash.slice(1)).getAll('seat').filter(Boolean);
  return { baseUrl: `${u.origin}${m[1]}`, gameId: m[2] ?? null, seats };
}

type Api = ReturnType<typeof createClient<paths>>;
interface ProblemLike { detail?: string; rule?: string; title?: string }
/**
 * A fetch whose network failure says what to check: the browser says only "Failed to fetch" when
 * the server is down or refuses this page's origin (CORS), and it may not tell which.
 */
export function reachable(baseUrl: string, fetchImpl?: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await (fetchImpl ?? globalThis.fetch)(input, init);
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
      const here = typeof location === 'undefined' ? 'this page' : `this page (${location.origin})`;
      throw new Error(`could not reach the doom-board server at ${baseUrl} (${e.message}): is it running, and does it allow ${here} to call it? A server on another origin must list it: doom-board serve --cors <origin>`);
    }
  };
}

const messageOf = (e: unknown, status: number) => (e as ProblemLike | undefined)?.detail ?? `the server answered ${status}`;

/** A short non-reversible fingerprint (FNV-1a) of a seat token, to key what a tab learnt about it. */
const hash = (text: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
};

/** One server game as a GameClient. */
export class HttpGame implements GameClient {
  private version = 0;
  /** The server's log as far as read (versions 1…n, so `entries[v - 1]` is version v). */
  private readonly entries: { version: number; kind: 'command' | 'undo'; side: string; events?: unknown[] }[] = [];
  /** Entries up to this version were handed to the page; versions this page made itself are not. */
  private logged = 0;
  private readonly own = new Set<number>();

  constructor(
    private readonly client: Api,
    private readonly baseUrl: string,
    readonly id: string,
    /** Seat tokens by side when known (games this page created), else in the order given. */
    private readonly seatsBySide: Record<string, string>,
    private readonly seats: string[],
  ) {}

  private get path() {
    return { params: { path: { gameId: this.id } } };
  }

  async view(): Promise<GameView> {
    const { data, error, response } = await this.client.GET('/api/v1/games/{gameId}', this.path);
    if (!data) throw new Error(`game ${this.id}: ${messageOf(error, response.status)}`);
    this.version = data.version;
    return data.view as unknown as GameView;
  }

  async legalActions(figure?: string): Promise<Command[]> {
    const { data, error, response } = await this.client.GET('/api/v1/games/{gameId}/actions', { params: { path: { gameId: this.id }, query: figure === undefined ? {} : { figure } } });
    if (!data) throw new Error(`game ${this.id}: ${messageOf(error, response.status)}`);
    return data.actions as Command[];
  }

  /** The seat for the decision the server awaits now (`awaiting`: in a decision window not always the turn's side). */
  private async token(): Promise<string | undefined> {
    if (Object.keys(this.seatsBySide).length) {
      const view = await this.view();
      const side = view.awaiting?.side ?? view.side;
      if (side && this.seatsBySide[side]) return this.seatsBySide[side];
    }
    return this.seats[0];
  }

  /** The change this client is making now: the stream's echo of it is not news. */
  private inFlight: Promise<unknown> = Promise.resolve();

  apply(command: Command): Promise<ApplyResult> {
    const run = this.send(command);
    this.inFlight = run.catch(() => undefined);
    return run;
  }

  private async send(command: Command): Promise<ApplyResult> {
    const token = await this.token();
    if (!token) return { ok: false, refusal: { rule: 'seat', message: 'this board follows the game as a spectator (no seat token in its api URL)' } };
    const { data, error, response } = await this.client.POST('/api/v1/games/{gameId}/commands', {
      params: { path: { gameId: this.id }, header: { 'If-Match': `"${this.version}"` } },
      headers: { authorization: `Bearer ${token}` },
      body: command as paths['/api/v1/games/{gameId}/commands']['post']['requestBody']['content']['application/json'],
    });
    if (data) {
      this.version = data.version;
      this.own.add(data.version);
      return { ok: true, events: data.events as ApplyResult extends { events: infer E } ? E : never };
    }
    const p = error as ProblemLike | undefined;
    const rule = p?.rule ?? (response.status === 409 ? 'version' : response.status === 403 || response.status === 401 ? 'seat' : 'server');
    return { ok: false, refusal: { rule, message: messageOf(error, response.status) } };
  }

  /** Read the log entries not read yet. */
  private async readLog(): Promise<void> {
    const { data, error, response } = await this.client.GET('/api/v1/games/{gameId}/events', { params: { path: { gameId: this.id }, query: { since: this.entries.length } } });
    if (!data) throw new Error(`game ${this.id}: ${messageOf(error, response.status)}`);
    for (const e of data.entries) if (e.version === this.entries.length + 1) this.entries.push(e);
  }

  /** The side whose seat sent the last command still standing (undos taken off), or null. */
  private lastStandingSide(): string | null {
    const standing: string[] = [];
    for (const e of this.entries) e.kind === 'undo' ? standing.pop() : standing.push(e.side);
    return standing.at(-1) ?? null;
  }

  /**
   * The sides this page holds a seat of: named when it created the game, else learnt from its own
   * accepted entries — kept for the tab (sessionStorage, by game and a hash of the seat token, never
   * the token), so that a reload of a seat link still knows whose last command it may take back.
   */
  private mySides(): Set<string> {
    const sides = new Set([...Object.keys(this.seatsBySide), ...this.entries.filter((e) => this.own.has(e.version)).map((e) => e.side)]);
    const key = this.seats[0] && `doom-board:sides:${this.baseUrl}:${this.id}:${hash(this.seats[0])}`;
    if (!key) return sides;
    try {
      for (const side of JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]) sides.add(side);
      sessionStorage.setItem(key, JSON.stringify([...sides]));
    } catch {
      // No storage (a sandboxed frame): what this page learnt since it loaded still counts.
    }
    return sides;
  }

  /** Only the seat that sent the last standing command may take it back (the server's rule). */
  async mayUndo(): Promise<boolean> {
    if (!this.seats.length && !Object.keys(this.seatsBySide).length) return false;
    await this.readLog();
    const last = this.lastStandingSide();
    return last !== null && this.mySides().has(last);
  }

  async undo(): Promise<boolean> {
    await this.readLog();
    const last = this.lastStandingSide();
    const token = (last && this.seatsBySide[last]) ?? this.seats[0];
    if (!token) return false;
    const run = this.client.POST('/api/v1/games/{gameId}/undo', {
      params: { path: { gameId: this.id }, header: { 'If-Match': `"${this.version}"` } },
      headers: { authorization: `Bearer ${token}` },
    });
    this.inFlight = run.catch(() => undefined);
    const { data } = await run;
    if (data) this.own.add((this.version = data.version));
    return !!data;
  }

  async newEntries(): Promise<HistoryEntry[]> {
    await this.readLog();
    const fresh = this.entries.slice(this.logged).filter((e) => !this.own.has(e.version));
    this.logged = this.entries.length;
    return fresh.map((e) => ({ kind: e.kind, events: (e.events ?? []) as HistoryEntry['events'] }));
  }

  async history(): Promise<Command[]> {
    return (await this.replay()).commands;
  }

  /** The server's scenario, seed and accepted commands (the AI replays them: the page's seed may differ). */
  async replay(): Promise<GameReplay> {
    const { data, error, response } = await this.client.GET('/api/v1/games/{gameId}/replay', this.path);
    if (!data) throw new Error(`game ${this.id}: ${messageOf(error, response.status)}`);
    return { scenario: data.scenario as unknown as Scenario, seed: data.seed, commands: data.commands as Command[] };
  }

  /** Follow the game's live stream (server-sent events); calls `onChange` after every entry. */
  subscribe(onChange: () => void): () => void {
    const source = new EventSource(`${this.baseUrl}/api/v1/games/${encodeURIComponent(this.id)}/stream?since=${this.version}`);
    source.addEventListener('entry', async (ev) => {
      const v = Number((ev as MessageEvent).lastEventId);
      // The server publishes before it answers: wait for our own change to be answered first.
      await this.inFlight;
      if (v > this.version) {
        this.version = v;
        onChange();
      }
    });
    return () => source.close();
  }
}

/** The HTTP engine: games on the server; geometry and validation from the local engine. */
export class HttpEngine implements EngineClient {
  readonly target: ApiTarget;
  private readonly client: Api;

  constructor(readonly api: string, private readonly local: EngineClient, fetchImpl?: typeof fetch) {
    this.target = parseApiTarget(api);
    this.client = createClient<paths>({ baseUrl: this.target.baseUrl, fetch: reachable(this.target.baseUrl, fetchImpl) });
  }

  ready(): Promise<void> {
    return this.local.ready();
  }

  validate(input: unknown): Scenario {
    return this.local.validate(input);
  }

  async createGame(scenario: Scenario, seed?: number): Promise<HttpGame> {
    await this.ready();
    if (this.target.gameId) return new HttpGame(this.client, this.target.baseUrl, this.target.gameId, {}, this.target.seats);
    const { data, error, response } = await this.client.POST('/api/v1/games', {
      body: { scenario: scenario as unknown as paths['/api/v1/games']['post']['requestBody']['content']['application/json']['scenario'], ...(seed === undefined ? {} : { seed }) },
    });
    if (!data) throw new Error(`the server could not start the game: ${messageOf(error, response.status)}`);
    return new HttpGame(this.client, this.target.baseUrl, data.id, data.seats, Object.values(data.seats));
  }

  board(input: BoardInput): Board {
    return this.local.board(input);
  }
}

export function createHttpEngine(api: string, local: EngineClient): HttpEngine {
  return new HttpEngine(api, local);
}

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
const messageOf = (e: unknown, status: number) => (e as ProblemLike | undefined)?.detail ?? `the server answered ${status}`;

/** One server game as a GameClient. */
export class HttpGame implements GameClient {
  private version = 0;
  /** The log is read up to this version; versions this page made itself are not read back. */
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

  private async token(): Promise<string | undefined> {
    if (Object.keys(this.seatsBySide).length) {
      const side = (await this.view()).side;
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

  async undo(): Promise<boolean> {
    const last = (await this.client.GET('/api/v1/games/{gameId}/events', { params: { path: { gameId: this.id }, query: { since: Math.max(0, this.version - 1) } } })).data?.entries.at(-1);
    const token = (last && this.seatsBySide[last.side]) ?? this.seats[0];
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
    const { data, error, response } = await this.client.GET('/api/v1/games/{gameId}/events', { params: { path: { gameId: this.id }, query: { since: this.logged } } });
    if (!data) throw new Error(`game ${this.id}: ${messageOf(error, response.status)}`);
    const fresh = data.entries.filter((e) => e.version > this.logged && !this.own.has(e.version));
    this.logged = Math.max(this.logged, ...data.entries.map((e) => e.version));
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
    this.client = createClient<paths>({ baseUrl: this.target.baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
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

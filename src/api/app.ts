/**
 * The HTTP API, written once over web-standard Request → Response (Hono). The Node server
 * (src/server) and msw (tests, the in-browser "server mode") run this same app.
 *
 * Every answer matches openapi.yaml: bodies are checked against its schemas on the way in, and
 * the tests check every answer against it on the way out. Errors are problem+json (problem.ts).
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import { HandicapError, ScenarioError, applyHandicap, getDataSet, validateScenario, type Scenario } from '../scenario/index.ts';
import { boardOf, geometry } from './heavy-jobs.ts';
import { inProcessWork, type HeavyWork } from './heavy-work.ts';
import { sharedByClient } from './heavy-share.ts';
import { noRoute, requireFigures, requireOnBoard, requireOneScenarioSource } from './request-places.ts';
import { notReadyReasons } from './health.ts';
import { noteSeat, requestInfo, type RequestInfo } from './request-info.ts';
import { bundledScenarios, dataSetSummaries, rulesets, scenarioSummaries } from './catalog.ts';
import { openApiDocument, problemsOf, schemaValidator } from './document.ts';
import { GameService, actionsOf, stateOf, viewOf, type Created, type LiveGame, type LogEntry, type ServiceLog } from './games.ts';
import { creationKey, idempotencyKey } from './idempotency.ts';
import { storeProblem } from './store-problem.ts';
import { readJsonBody } from './json-body.ts';
import { checkedCommand } from './command-check.ts';
import { importReplay, replayOf } from './replay-import.ts';
import { playableScenario } from './scenario-check.ts';
import { ApiError, problemResponse, problemAt } from './problem.ts';
import { RateLimiter, type RateLimitOptions } from './rate-limit.ts';
import type { components } from './schema.d.ts';
import type { GameStore } from './store.ts';

type Schemas = components['schemas'];

export interface ApiLimits {
  /** Largest request body in bytes (413 above). */
  maxBodyBytes: number;
  /** Largest map side and figure count of a posted scenario (422 above). */
  maxMapSide: number;
  maxFigures: number;
  /** Largest time budget of a hints request in milliseconds (400 above): the server's cap on the AI's search. */
  maxHintBudgetMs: number;
}

export const DEFAULT_LIMITS: ApiLimits = { maxBodyBytes: 256 * 1024, maxMapSide: 64, maxFigures: 64, maxHintBudgetMs: 250 };

/** Hints: plans returned by default and at most; the default budget (ms); the largest caution (its default is the ruleset's). */
const HINTS = { limit: 5, maxLimit: 20, budgetMs: 20, maxCaution: 10 };

export interface ApiOptions {
  store: GameStore;
  limits?: Partial<ApiLimits>;
  /** Per-client rate limit; null turns it off. */
  rateLimit?: RateLimitOptions | null;
  /** Who is asking (for the rate limit): the Node server passes the socket's address. */
  clientKey?: (c: Context) => string;
  /** Origins allowed to call the API from other sites (CORS); none by default. */
  corsOrigins?: string[];
  /** Seconds between keep-alive comments on event streams. */
  keepAliveSeconds?: number;
  /** Where hints, odds, sight maps and reach are computed (default: in process; the Node server: a worker pool). */
  heavyWork?: HeavyWork;
  /** Told, once the answer is made, which route, game and seat side a request was (the request log). */
  onAnswered?: (c: Context, info: RequestInfo) => void;
  /** Where the API's own log lines go (one JSON line each on the Node server); console.error by default. */
  log?: ServiceLog;
  /** Why the server is not ready beyond the store and the grid core (it is shutting down), or null. */
  notReady?: () => string | null;
  /** The request's body as the Node server received it (read directly: cheaper than its web stream), or null. */
  rawBody?: (c: Context) => AsyncIterable<Uint8Array> | null;
  /** Why the store cannot take changes now, as a client may be told (the server's continuous probe), or null: changes are then 503. */
  storeDown?: () => Promise<string | null> | string | null;
}

/** One JSON line on stderr (the default log). */
const consoleLog: ServiceLog = (level, message, fields = {}) => console.error(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perSecond: 100, burst: 200 };

const GAME_ID = /^[A-Za-z0-9_-]{8,64}$/;
const NAME = /^[a-z0-9-]{1,64}$/;

export function createApi(options: ApiOptions) {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const log = options.log ?? consoleLog;
  const games = new GameService(options.store, log);
  const limiting = options.rateLimit === null ? null : (options.rateLimit ?? DEFAULT_RATE_LIMIT);
  // A store shared by several instances keeps the buckets too: the limit must not multiply by instances.
  const limiter = limiting && (options.store.rateLimiter?.(limiting) ?? new RateLimiter(limiting));
  const clientKey = options.clientKey ?? (() => 'anonymous');
  const keepAlive = (options.keepAliveSeconds ?? 15) * 1000;
  const heavy = options.heavyWork ?? inProcessWork;
  const runHeavy = sharedByClient(heavy, clientKey, !!limiting);
  const app = new Hono();

  app.onError((err) => {
    if (err instanceof ApiError) return problemResponse(err.toProblem(), err.headers);
    const known = storeProblem(err);
    if (known) {
      // The operator's side of it (files, hosts) goes to the log, the client's to the answer.
      log(known.status === 503 ? 'warn' : 'error', known.status === 503 ? 'the game store failed a request' : 'a game is damaged', { error: (err as Error).message });
      return problemResponse(known.toProblem(), known.headers);
    }
    // Never a stack trace in an answer: the log gets the details, on one line.
    log('error', 'a request failed', { error: String((err as Error)?.message ?? err), stack: String((err as Error)?.stack ?? '').split('\n').slice(1, 6).map((l) => l.trim()) });
    return problemResponse({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'the server failed; the request may be retried' });
  });
  app.notFound((c) => noRoute(app.routes, c.req.method, new URL(c.req.url).pathname));

  if (options.onAnswered) {
    const told = options.onAnswered;
    app.use('*', async (c, next) => {
      await next();
      told(c, requestInfo(c));
    });
  }

  // Probes come before the rate limit: a load balancer polling from one address must not be refused.
  app.get('/healthz', (c) => c.json({ status: 'alive' }, 200, { 'cache-control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const reasons = await notReadyReasons(options.store, heavy);
    const more = options.notReady?.();
    if (more && !reasons.includes(more)) reasons.unshift(more);
    if (!reasons.length) return c.json({ status: 'ready' }, 200, { 'cache-control': 'no-store' });
    return problemResponse({ type: 'urn:doom-board:problem:not-ready', title: 'Service Unavailable', status: 503, detail: reasons.join('; '), problems: reasons.map((message) => ({ path: '', message })) });
  });

  if (options.corsOrigins?.length) {
    app.use('*', cors({ origin: options.corsOrigins, allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'], allowHeaders: ['Content-Type', 'Authorization', 'If-Match', 'Last-Event-ID', 'Idempotency-Key'], exposeHeaders: ['ETag', 'Location', 'Retry-After'] }));
  }

  app.use('*', async (c, next) => {
    if (limiter) {
      const wait = await limiter.take(clientKey(c));
      if (wait > 0) throw new ApiError(429, 'rate-limited', `too many requests; retry in ${wait} s`, { retryAfter: wait }, { 'retry-after': String(wait) });
    }
    await next();
  });

  // Changes while the store cannot take them: 503 before anything is tried (nothing changed, so
  // the outcome is known), with the probe's reason. Reads go on: they fail on their own if they must.
  app.use('/api/v1/*', async (c, next) => {
    const down = c.req.method === 'POST' && /^\/api\/v1\/(games|replays)(\/|$)/.test(c.req.path) ? await options.storeDown?.() : null;
    if (down) throw new ApiError(503, 'store-unavailable', `${down}; nothing was changed: retry in 2 s`, { retryAfter: 2 }, { 'retry-after': '2' });
    await next();
  });

  // ------------------------------------------------------------------ helpers

  const json = <T>(c: Context, body: T, status: 200 | 201 = 200, headers: Record<string, string> = {}) =>
    c.body(JSON.stringify(body), status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });

  async function body<T>(c: Context, schema: string | null): Promise<T> {
    const value = await readJsonBody(c.req.raw, limits.maxBodyBytes, options.rawBody?.(c));
    if (schema === 'CreateGameRequest') requireOneScenarioSource(value);
    if (schema) {
      const v = schemaValidator(schema);
      if (!v(value)) throw new ApiError(400, 'invalid-request', `the body does not match ${schema}`, { problems: problemsOf(v.errors, '/body') });
    }
    return value as T;
  }

  /** Size limits first (cheap, and they protect the validator), then the engine's validation. */
  function checkedScenario(input: unknown, at: string): Scenario {
    const s = (input ?? {}) as { map?: unknown; figures?: unknown }; // a body of null is a scenario with problems
    const problems: { path: string; message: string }[] = [];
    if (Array.isArray(s.map)) {
      if (s.map.length > limits.maxMapSide) problems.push({ path: `${at}/map`, message: `${s.map.length} rows; at most ${limits.maxMapSide}` });
      const wide = s.map.findIndex((r) => typeof r === 'string' && r.length > limits.maxMapSide);
      if (wide >= 0) problems.push({ path: `${at}/map/${wide}`, message: `more than ${limits.maxMapSide} cells` });
    }
    if (Array.isArray(s.figures) && s.figures.length > limits.maxFigures) {
      problems.push({ path: `${at}/figures`, message: `${s.figures.length} figures; at most ${limits.maxFigures}` });
    }
    if (problems.length) throw new ApiError(422, 'limits', 'the scenario is above the server limits', { rule: 'limits', problems });
    try {
      return validateScenario(input);
    } catch (e) {
      if (e instanceof ScenarioError) {
        throw new ApiError(422, 'invalid-scenario', 'the scenario is not valid', { rule: 'scenario', problems: e.problems.map((t) => problemAt(at, t)) });
      }
      throw e;
    }
  }

  /** The scenario with the request's handicap: a part that cannot be read is a 400, one that does not apply a 422, each naming the part. */
  function handicapped(scenario: Scenario, spec: string): Scenario {
    try {
      return applyHandicap(scenario, spec);
    } catch (e) {
      if (!(e instanceof HandicapError)) throw e;
      const { unreadable } = e;
      throw new ApiError(unreadable ? 400 : 422, unreadable ? 'invalid-request' : 'handicap-does-not-apply', e.message, { rule: 'handicap', problems: [{ path: '/body/handicap', message: e.message }] });
    }
  }

  /** The game of the path; `fresh` false for a change, which needs no read of a shared store first (GameService.get). */
  async function liveGame(c: Context, fresh = true): Promise<LiveGame> {
    const id = c.req.param('gameId') ?? '';
    if (!GAME_ID.test(id)) throw new ApiError(400, 'invalid-request', 'a game id is 8 to 64 letters, digits, "_" or "-"', { problems: [{ path: '/path/gameId', message: 'does not match ^[A-Za-z0-9_-]{8,64}$' }] });
    const live = await games.get(id, fresh);
    if (!live) throw new ApiError(404, 'no-such-game', `no game ${id}`);
    await games.settled(live);
    return live;
  }

  async function seat(c: Context, live: LiveGame): Promise<string> {
    const auth = c.req.header('authorization');
    const challenge = { 'www-authenticate': 'Bearer realm="doom-board"' };
    if (!auth) throw new ApiError(401, 'no-seat', 'send the seat token of the side to act as "Authorization: Bearer <token>"; spectators may only read', {}, challenge);
    // Another scheme (Basic, Token…) carries no seat token: the same challenge, naming what was sent.
    const scheme = /^\s*(\S+)/.exec(auth)?.[1] ?? '';
    if (scheme.toLowerCase() !== 'bearer') throw new ApiError(401, 'no-seat', `the Authorization scheme is Bearer ("Authorization: Bearer <seat token>"), not ${JSON.stringify(scheme.slice(0, 20))}`, {}, challenge);
    const m = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(auth);
    const side = m ? await games.seatOf(live, m[1]) : null;
    if (!side) throw new ApiError(403, 'wrong-seat', 'this token is not a seat of this game');
    noteSeat(c, side);
    return side;
  }

  function expectedVersion(c: Context): number {
    const h = c.req.header('if-match');
    if (h === undefined) throw new ApiError(428, 'no-version', 'send the version you saw as If-Match (the ETag of the game)');
    // Any run of digits is a version (the header is at most 32 characters): one above the game's is stale (409), not malformed.
    const m = /^\s*(?:W\/)?"?(\d{1,30})"?\s*$/.exec(h);
    if (!m) throw new ApiError(400, 'invalid-request', 'If-Match is a version, e.g. "3"', { problems: [{ path: '/header/If-Match', message: 'not a version' }] });
    return Math.min(Number(m[1]), Number.MAX_SAFE_INTEGER);
  }

  function intQuery(c: Context, name: string): number {
    const raw = c.req.query(name);
    if (raw === undefined) return 0;
    if (!/^\d{1,9}$/.test(raw)) throw new ApiError(400, 'invalid-request', `${name} is a whole number`, { problems: [{ path: `/query/${name}`, message: 'not a whole number' }] });
    return Number(raw);
  }

  /** An optional numeric query parameter within [min, max] (whole when `whole`), else its default. */
  function numberQuery(c: Context, name: string, min: number, max: number, fallback: number, whole = true): number {
    const raw = c.req.query(name);
    if (raw === undefined) return fallback;
    const ok = whole ? /^\d{1,9}$/.test(raw) : /^\d{1,9}(\.\d{1,9})?$/.test(raw);
    const n = Number(raw);
    if (!ok || n < min || n > max) {
      const message = `${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`;
      throw new ApiError(400, 'invalid-request', `${name} is ${message}`, { problems: [{ path: `/query/${name}`, message: `${JSON.stringify(raw)} is not ${message}` }] });
    }
    return n;
  }

  const etag = (live: LiveGame) => ({ etag: `"${live.log.length}"` });

  /** 201 with the new game's seats (a retry with the creation's key: the same answer again). */
  const createdAnswer = (c: Context, { live, seats, version }: Created) => {
    const { id, scenario } = live.record;
    return json<Schemas['GameCreated']>(c, { id, ruleset: scenario.ruleset, version, sides: scenario.sides, seats }, 201, { location: `/api/v1/games/${id}`, etag: `"${version}"` });
  };

  const entryOut = (e: LogEntry): Schemas['LogEntry'] => ({
    version: e.version, kind: e.kind, side: e.side,
    ...(e.command ? { command: e.command as Schemas['Command'] } : {}),
    ...(e.events ? { events: e.events as Schemas['GameEvent'][] } : {}),
  });

  // ------------------------------------------------------------------ meta and catalog

  app.get('/openapi.json', (c) => json(c, openApiDocument));

  app.get('/api/v1/rulesets', (c) => json<{ rulesets: Schemas['RulesetInfo'][] }>(c, { rulesets: rulesets() }));

  app.get('/api/v1/data', (c) => json<{ dataSets: Schemas['DataSetSummary'][] }>(c, { dataSets: dataSetSummaries() }));

  app.get('/api/v1/data/:ruleset/:name', (c) => {
    const { ruleset, name } = c.req.param();
    if (!NAME.test(ruleset) || !NAME.test(name)) throw new ApiError(400, 'invalid-request', 'ruleset and name are lower-case words', { problems: [{ path: '/path', message: 'does not match ^[a-z0-9-]{1,64}$' }] });
    const d = getDataSet(`${ruleset}/${name}`);
    if (!d) throw new ApiError(404, 'no-such-data-set', `no data set ${ruleset}/${name}`);
    return json(c, d as unknown as Schemas['DataSet']);
  });

  app.get('/api/v1/scenarios', (c) => json<{ scenarios: Schemas['ScenarioSummary'][] }>(c, { scenarios: scenarioSummaries() }));

  app.post('/api/v1/scenarios/validate', async (c) => {
    const input = await body<unknown>(c, null);
    try {
      const scenario = await playableScenario(checkedScenario(input, '/body'), '/body');
      return json<Schemas['ValidationResult']>(c, { valid: true, problems: [], scenario: scenario as unknown as Schemas['Scenario'] });
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) return json<Schemas['ValidationResult']>(c, { valid: false, problems: e.extra.problems ?? [] });
      throw e;
    }
  });

  app.get('/api/v1/scenarios/:id', (c) => {
    const id = c.req.param('id');
    if (!NAME.test(id)) throw new ApiError(400, 'invalid-request', 'a scenario id is a lower-case word', { problems: [{ path: '/path/id', message: 'does not match ^[a-z0-9-]{1,64}$' }] });
    const s = bundledScenarios.get(id);
    if (!s) throw new ApiError(404, 'no-such-scenario', `no bundled scenario ${id}`);
    return json(c, s as unknown as Schemas['Scenario']);
  });

  // ------------------------------------------------------------------ stateless board queries

  app.post('/api/v1/board/sight', async (c) => {
    const q = await body<Schemas['SightRequest']>(c, 'SightRequest');
    const scenario = checkedScenario(q.scenario, '/body/scenario');
    requireFigures(scenario, q, ['from', 'to']);
    const board = await boardOf(scenario);
    const e = geometry(() => board.explain(q.from, q.to));
    return json(c, { from: q.from, to: q.to, ...e } as Schemas['SightExplanation']);
  });

  app.post('/api/v1/board/sight-map', async (c) => {
    const q = await body<Schemas['FigureRequest']>(c, 'FigureRequest');
    const scenario = checkedScenario(q.scenario, '/body/scenario');
    return json(c, await runHeavy(c, { kind: 'sight-map', scenario, figure: q.figure }));
  });

  app.post('/api/v1/board/reach', async (c) => {
    const q = await body<Schemas['ReachRequest']>(c, 'ReachRequest');
    const scenario = checkedScenario(q.scenario, '/body/scenario');
    requireOnBoard(scenario, q.to);
    // The checked scenario travels once, as `scenario` (to a worker thread it is copied).
    return json(c, await runHeavy(c, { kind: 'reach', scenario, request: { ...q, scenario: undefined as never } }));
  });

  app.post('/api/v1/board/nearest-enemies', async (c) => {
    const q = await body<Schemas['FigureRequest']>(c, 'FigureRequest');
    const board = await boardOf(checkedScenario(q.scenario, '/body/scenario'));
    const near = geometry(() => board.nearestEnemies(q.figure));
    const range = near.length ? board.sight(q.figure, near[0]).range : null;
    return json<Schemas['NearestEnemies']>(c, { figure: q.figure, range, enemies: near.map((i) => board.figure(i).id) });
  });

  app.post('/api/v1/board/odds', async (c) => {
    const q = await body<Schemas['OddsRequest']>(c, 'OddsRequest');
    const scenario = checkedScenario(q.scenario, '/body/scenario');
    return json(c, await runHeavy(c, { kind: 'odds', scenario, request: { ...q, scenario: undefined as never } }));
  });

  // ------------------------------------------------------------------ games

  app.post('/api/v1/games', async (c) => {
    const q = await body<Schemas['CreateGameRequest']>(c, 'CreateGameRequest');
    let input: unknown = q.scenario;
    if (q.scenarioId !== undefined) {
      input = bundledScenarios.get(q.scenarioId);
      if (!input) throw new ApiError(404, 'no-such-scenario', `no bundled scenario ${q.scenarioId}`);
    }
    let scenario = checkedScenario(input, '/body/scenario');
    if (q.handicap !== undefined) scenario = checkedScenario(handicapped(scenario, q.handicap), '/body/scenario');
    const seed = q.seed ?? scenario.seed ?? 1;
    const key = await idempotencyKey(c, { route: 'games', body: q });
    let created;
    try {
      created = await games.create(scenario, seed, key && creationKey(key, scenario.sides));
    } catch (e) {
      // The rules refuse scenarios they cannot play (e.g. a missing data set); anything else is ours.
      if (e instanceof ScenarioError) throw new ApiError(422, 'cannot-start', 'the rules cannot start this scenario', { rule: 'createGame', problems: e.problems.map((t) => problemAt('/body/scenario', t)) });
      if (e instanceof Error && /^createGame/.test(e.message)) throw new ApiError(422, 'cannot-start', e.message, { rule: 'createGame' });
      throw e;
    }
    return createdAnswer(c, created);
  });

  app.get('/api/v1/games/:gameId', async (c) => {
    const live = await liveGame(c);
    return json<Schemas['GameSnapshot']>(c, {
      id: live.record.id, ruleset: live.record.scenario.ruleset, version: live.log.length,
      view: viewOf(live) as unknown as Schemas['GameView'], state: stateOf(live) as Record<string, never>,
    }, 200, etag(live));
  });

  app.get('/api/v1/games/:gameId/actions', async (c) => {
    const live = await liveGame(c);
    const figure = c.req.query('figure');
    if (figure !== undefined && (figure.length < 1 || figure.length > 64)) throw new ApiError(400, 'invalid-request', 'figure is 1 to 64 characters', { problems: [{ path: '/query/figure', message: 'length' }] });
    // A figure the game never had is a mistake to name, not a figure with nothing to do (an empty list said so).
    if (figure !== undefined && !viewOf(live).figures.some((f) => f.id === figure) && !(stateOf(live) as { figures?: { id: string }[] }).figures?.some((f) => f.id === figure)) {
      throw new ApiError(422, 'invalid-query', `no figure ${figure} on the board`, { rule: 'board', problems: [{ path: '/query/figure', message: `no figure ${figure}` }] });
    }
    return json<Schemas['LegalActions']>(c, { version: live.log.length, actions: actionsOf(live, figure) as Schemas['Command'][] }, 200, etag(live));
  });

  app.get('/api/v1/games/:gameId/hints', async (c) => {
    const live = await liveGame(c);
    const figure = c.req.query('figure');
    if (figure !== undefined && (figure.length < 1 || figure.length > 64)) throw new ApiError(400, 'invalid-request', 'figure is 1 to 64 characters', { problems: [{ path: '/query/figure', message: 'length' }] });
    const limit = numberQuery(c, 'limit', 1, HINTS.maxLimit, HINTS.limit);
    const budgetMs = numberQuery(c, 'budgetMs', 1, limits.maxHintBudgetMs, Math.min(HINTS.budgetMs, limits.maxHintBudgetMs));
    const caution = c.req.query('caution') === undefined ? undefined : numberQuery(c, 'caution', 0, HINTS.maxCaution, 0, false);
    const distinct = c.req.query('distinct');
    if (distinct !== undefined && distinct !== 'true' && distinct !== 'false') throw new ApiError(400, 'invalid-request', 'distinct is true or false', { problems: [{ path: '/query/distinct', message: 'not true or false' }] });
    const side = await seat(c, live);
    // Plans are computed on the game as it is at this version (in a worker: on a replay of its log),
    // and the answer carries that version: a change made meanwhile is a later version.
    const version = etag(live);
    return json<Schemas['Hints']>(c, await runHeavy(c, { kind: 'hints', side, query: { figure, limit, budgetMs, caution, distinct: distinct === 'true' } }, live), 200, version);
  });

  app.post('/api/v1/games/:gameId/commands', async (c) => {
    const live = await liveGame(c, false);
    const side = await seat(c, live);
    const expected = expectedVersion(c);
    const command = checkedCommand(await body<unknown>(c, null), live.record.scenario.ruleset);
    const key = await idempotencyKey(c, { route: 'commands', side, expected, command });
    const entry = await games.apply(live, side, expected, command, key);
    return json<Schemas['CommandAccepted']>(c, { version: entry.version, events: (entry.events ?? []) as Schemas['GameEvent'][] }, 200, { etag: `"${entry.version}"` });
  });

  app.post('/api/v1/games/:gameId/undo', async (c) => {
    const live = await liveGame(c, false);
    const side = await seat(c, live);
    const expected = expectedVersion(c);
    const key = await idempotencyKey(c, { route: 'undo', side, expected });
    const entry = await games.undo(live, side, expected, key);
    return json<Schemas['UndoDone']>(c, { version: entry.version, undone: entry.command as Schemas['Command'] }, 200, { etag: `"${entry.version}"` });
  });

  app.get('/api/v1/games/:gameId/events', async (c) => {
    const live = await liveGame(c);
    const since = intQuery(c, 'since');
    return json<Schemas['EventPage']>(c, { version: live.log.length, entries: live.log.slice(since).map(entryOut) }, 200, etag(live));
  });

  app.get('/api/v1/games/:gameId/replay', async (c) => {
    const live = await liveGame(c);
    return json<Schemas['Replay']>(c, await replayOf(live), 200, etag(live));
  });

  // A replay file back into a live game, if it reproduces the exported one (replay-import.ts).
  app.post('/api/v1/replays', async (c) => {
    const raw = await body<unknown>(c, null);
    // The file's shape first, its commands aside: each is checked against its type's schema once the
    // file's integrity check has held (a precise 422 naming it; replay-import.ts).
    const v = schemaValidator('Replay');
    const commands = (raw as { commands?: unknown } | null)?.commands;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !Array.isArray(commands) || !v({ ...raw, commands: [] })) {
      const problems = Array.isArray(commands) ? problemsOf(v.errors, '/body') : [{ path: '/body/commands', message: 'a list of commands' }];
      throw new ApiError(400, 'invalid-request', 'the body does not match Replay', { problems });
    }
    const q = raw as Schemas['Replay'];
    const key = await idempotencyKey(c, { route: 'replays', body: q });
    const created = await importReplay(games, q, (input) => checkedScenario(input, '/body/scenario'), (command, ruleset, i) => checkedCommand(command, ruleset, `/body/commands/${i}`), key);
    return createdAnswer(c, created);
  });

  app.get('/api/v1/games/:gameId/stream', async (c) => {
    const live = await liveGame(c);
    let since = intQuery(c, 'since');
    const lastId = c.req.header('last-event-id');
    if (lastId !== undefined) {
      if (!/^\d{1,9}$/.test(lastId)) throw new ApiError(400, 'invalid-request', 'Last-Event-ID is a version', { problems: [{ path: '/header/Last-Event-ID', message: 'not a whole number' }] });
      since = Number(lastId);
    }
    // Ahead of the game: a stream would wait for entries that may never come; say so instead.
    if (since > live.log.length) {
      const from = lastId !== undefined ? 'Last-Event-ID' : 'since';
      throw new ApiError(409, 'ahead-of-game', `${from} ${since} is ahead of the game, which is at version ${live.log.length}: fetch the game again and resume from its version`, { version: live.log.length }, etag(live));
    }
    return streamSSE(c, async (stream) => {
      let last = since;
      const pending: LogEntry[] = live.log.slice(since);
      let wake: (() => void) | null = null;
      const stop = games.subscribe(live, (e) => {
        pending.push(e);
        wake?.();
      });
      stream.onAbort(() => {
        stop();
        wake?.();
      });
      try {
        await stream.write(': following\n\n');
        while (!stream.aborted && !stream.closed) {
          while (pending.length) {
            const e = pending.shift()!;
            if (e.version <= last) continue;
            await stream.writeSSE({ event: 'entry', id: String(e.version), data: JSON.stringify(entryOut(e)) });
            last = e.version;
          }
          const idle = await new Promise<boolean>((resolve) => {
            wake = () => resolve(false);
            setTimeout(() => resolve(true), keepAlive);
          });
          wake = null;
          if (idle && !stream.aborted) await stream.write(': keep-alive\n\n');
        }
      } finally {
        stop();
      }
    });
  });

  return { app, games, limits };
}

export type Api = ReturnType<typeof createApi>;

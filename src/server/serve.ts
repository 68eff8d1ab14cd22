/**
 * The Node server: the API (src/api, the same handlers msw runs) and /openapi.json, plus one folder
 * of built static files when given (the demo site with its /docs reference page and /rules page);
 * the built server also has the package's own /docs, /rules and start page (lib/reference).
 * `createServer` builds it without listening, to mount or start as you like; `startServer` listens.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, DEFAULT_RATE_LIMIT, type ApiLimits } from '../api/app.ts';
import { StoreUnavailableError, type GameStore } from '../api/store.ts';
import type { RateLimitOptions } from '../api/rate-limit.ts';
import { inProcessWork, type HeavyWork } from '../api/heavy-work.ts';
import { builtReferenceDir, staticFolder } from './static-files.ts';
import { noteRequest, watchRequest, type RequestLogLine } from './request-log.ts';
import { clientOf, jsonEvents, LogAllowance, type EventLog } from './log.ts';
import { builtWorkerFile, defaultPoolSize, WorkerPool } from './worker-pool.ts';

export interface ServerOptions {
  /** Where games are kept: `new MemoryStore()`, or `await openStore({ dataDir })` (SQLite). */
  store: GameStore;
  /** Per-client rate limit; null turns it off (default 100 requests/s, bursts of 200). */
  rateLimit?: RateLimitOptions | null;
  /** Origins allowed to call the API from other sites (CORS); none by default. */
  corsOrigins?: string[];
  /** The server's cap on a hints request's time budget in ms (1–250, default 250). */
  maxHintBudgetMs?: number;
  /** Other limits on what one request may ask (body size, map side, figures). */
  limits?: Partial<ApiLimits>;
  /** A folder of built files to serve beside the API (the demo site); nothing outside it is served. */
  staticDir?: string;
  /**
   * Worker threads for hints, odds, sight maps and reach (default: one per core but one, at least
   * one); 0 computes them on the event loop. Running from the TypeScript sources (no built
   * lib/heavy-worker.js) the default is 0.
   */
  workers?: number;
  /** Heavy jobs that may wait for a thread before the answer is 503 (default 4 per thread). */
  workQueue?: number;
  /** Called with one line per request once answered (e.g. `jsonLines` of request-log.ts); none by default. */
  log?: ((line: RequestLogLine) => void) | null;
  /** How long `close()` waits for requests in flight before ending them (ms, default 10 s). */
  drainMs?: number;
  /** The server's own log lines (errors, warnings): JSON lines on stderr by default (log.ts); null for none. */
  events?: EventLog | null;
  /**
   * Addresses of the load balancers in front (e.g. ["127.0.0.1"]): for their connections the client
   * is the last address of X-Forwarded-For they add (rate limits and the log's allowance are per
   * client). By default the connecting address is the client.
   */
  trustProxy?: string[];
  /** How often the store is probed (ms, default 1000): /readyz and changes answer 503 while it cannot serve. */
  probeMs?: number;
  /**
   * Called once if the store stops trusting its file (an fsync failed): the process must stop and
   * be restarted (its supervisor's job), so that recovery runs. Until then every change is a 503.
   */
  onFatal?: (e: Error) => void;
}

export interface DoomBoardServer {
  /** The Node request listener: mount it in an existing service (`http.createServer(listener)`, Express, …). */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** A Node HTTP server around `listener`, not yet listening. */
  server: Server;
  /** The API alone as a web-standard handler: (Request) => Promise<Response>. */
  fetch: (request: Request) => Promise<Response>;
  store: GameStore;
  /** Where heavy requests run (a WorkerPool, or in process). */
  heavyWork: HeavyWork;
  /**
   * Stops accepting connections, lets the requests in flight finish (their commands are committed
   * and answered; at most `drainMs`), ends event streams, then closes the pool and the store.
   * Resolves with the number of requests still unanswered when the drain time ran out (0: none cut off).
   */
  close(): Promise<{ cutOff: number }>;
}

const notFound = (res: ServerResponse, path: string) => {
  res.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: `no page ${path}` }));
};

/** Event streams last as long as their client follows: shutting down ends them rather than waiting. */
const isStream = (path: string) => /^\/api\/v1\/games\/[^/]+\/stream$/.test(path);

function heavyWorkOf(o: ServerOptions): HeavyWork {
  const built = builtWorkerFile();
  const size = o.workers ?? (built ? defaultPoolSize() : 0);
  return size > 0 ? new WorkerPool({ size, queueLimit: o.workQueue, workerFile: built ?? undefined }) : inProcessWork;
}

export function createServer(o: ServerOptions): DoomBoardServer {
  const cap = o.maxHintBudgetMs;
  const heavyWork = heavyWorkOf(o);
  const log = o.log ?? null;
  const events: EventLog = o.events === undefined ? jsonEvents : (o.events ?? (() => undefined));
  const trusted = new Set(o.trustProxy ?? []);
  /** Request lines a client may cause (log.ts): a client flooding the server does not flood the log. */
  const allowance = new LogAllowance();
  let shuttingDown = false;
  let fatal: Error | null = null;
  // The store, probed continuously (cheap: a query on its table): changes are refused while it
  // cannot take them, and /readyz says so, rather than finding out one request at a time.
  let storeDown: string | null = null;
  let probing: Promise<void> | null = null;
  const probe = (): Promise<void> => (probing ??= (async () => {
    try {
      await o.store.check?.();
      if (storeDown) events('info', 'the game store serves again', {});
      storeDown = null;
    } catch (e) {
      const reason = (e as Error).message;
      if (!storeDown) events('warn', 'the game store cannot serve: changes are answered 503 until it can', { reason });
      storeDown = e instanceof StoreUnavailableError ? e.said : 'the game store cannot take changes now';
    } finally {
      probing = null;
    }
  })());
  const probeTimer = setInterval(() => void probe(), o.probeMs ?? 1000);
  probeTimer.unref();
  void probe();
  o.store.onFatal?.((e) => {
    fatal = e;
    events('error', 'the game store stopped trusting its file: no more changes; the server stops so that recovery runs on its next start', { reason: e.message });
    o.onFatal?.(e);
  });
  const { app } = createApi({
    heavyWork,
    log: (level, message, fields) => events(level, message, fields),
    rawBody: (c) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming ?? null,
    notReady: () => (fatal ? fatal.message : shuttingDown ? 'the server is shutting down' : null),
    storeDown: async () => {
      if (fatal) return 'the game store stopped after a failed write; the server is restarting';
      if (shuttingDown) return 'the server is shutting down';
      // Down at the last probe: look again before refusing (it may be back since).
      if (storeDown) await probe();
      return storeDown;
    },
    onAnswered: log ? (c, info) => {
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      if (incoming) noteRequest(incoming, info);
    } : undefined,
    store: o.store,
    rateLimit: o.rateLimit === undefined ? DEFAULT_RATE_LIMIT : o.rateLimit,
    corsOrigins: o.corsOrigins,
    limits: { ...o.limits, ...(cap !== undefined ? { maxHintBudgetMs: Math.max(1, Math.min(250, Math.floor(cap))) } : {}) },
    clientKey: (c) => {
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      return incoming ? clientOf(incoming, trusted) : 'unknown';
    },
  });
  const api = getRequestListener(app.fetch);
  const files = o.staticDir ? staticFolder(o.staticDir) : null;
  // The package's /docs, /rules and start page, for a server without a site of its own (or one without them).
  const referenceDir = builtReferenceDir();
  const reference = referenceDir ? staticFolder(referenceDir) : null;
  /** Requests being answered, event streams aside (shutting down waits for these). */
  let inFlight = 0;
  /** Answers under way when shutting down began: they close their connections too. */
  const answering = new Set<ServerResponse>();
  let drained: (() => void) | null = null;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split(/[?#]/)[0];
    let servedFile = false;
    const logged = log ? watchRequest(req, res, log, () => (servedFile ? 'static' : null), allowance, trusted) : null;
    const counted = !isStream(path);
    if (counted) inFlight++;
    // Shutting down, every answer closes its connection: the client does not send its next request
    // on a socket about to go away (it would be reset), but opens another (refused: the next instance).
    if (shuttingDown) res.setHeader('connection', 'close');
    else answering.add(res);
    // One listener for both (each listener is paid on every request).
    res.once('close', () => {
      answering.delete(res);
      logged?.();
      if (counted && --inFlight === 0) drained?.();
    });
    if (path.startsWith('/api/') || path === '/openapi.json' || path === '/healthz' || path === '/readyz') return void api(req, res);
    if (files?.serve(req, res) || reference?.serve(req, res)) return void (servedFile = true);
    if (!files && path === '/') return void res.writeHead(302, { location: '/openapi.json' }).end();
    // "/docs/" for "/docs": to the same path without its slash (never to another host: "//x/" is no path of ours).
    const bare = path.replace(/\/+$/, '');
    if (bare !== path && /^\/[\w.-][\w./-]*$/.test(bare) && !bare.includes('//')) {
      return void res.writeHead(308, { location: bare + (req.url ?? '').slice(path.length) }).end();
    }
    notFound(res, path);
  };
  const server = createHttpServer(listener);
  let closing: Promise<{ cutOff: number }> | null = null;
  const close = async () => {
    shuttingDown = true;
    clearInterval(probeTimer);
    for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
    answering.clear();
    const stopped = server.listening ? new Promise((r) => server.close(r)) : Promise.resolve();
    server.closeIdleConnections();
    if (inFlight > 0) {
      await new Promise<void>((resolve) => {
        drained = resolve;
        setTimeout(resolve, o.drainMs ?? 10_000).unref();
      });
    }
    const cutOff = inFlight;
    server.closeAllConnections();
    await stopped;
    await heavyWork.close();
    await o.store.close();
    return { cutOff };
  };
  return {
    listener,
    server,
    fetch: (request) => Promise.resolve(app.fetch(request)),
    store: o.store,
    heavyWork,
    close: () => (closing ??= close()),
  };
}

/** `createServer`, listening on `host:port` (port 0: any free port) once its worker threads are up; resolves once it listens. */
export async function startServer(o: ServerOptions & { host: string; port: number }): Promise<DoomBoardServer & { url: string }> {
  const s = createServer(o);
  // Listening means ready for every request: the heavy-work threads load the grid core first (tens of ms).
  if (s.heavyWork instanceof WorkerPool) await s.heavyWork.ready();
  await new Promise<void>((resolve, reject) => {
    s.server.once('error', reject);
    s.server.listen(o.port, o.host, () => resolve());
  });
  const { port } = s.server.address() as AddressInfo;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  return { ...s, url: `http://${host}:${port}` };
}

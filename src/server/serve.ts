/**
 * The Node server: the API (src/api, the same handlers msw runs) and /openapi.json, plus one folder
 * of built static files when given (the demo site with its /docs reference page and /rules page).
 * `createServer` builds it without listening, to mount or start as you like; `startServer` listens.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, DEFAULT_RATE_LIMIT, type ApiLimits } from '../api/app.ts';
import type { GameStore } from '../api/store.ts';
import type { RateLimitOptions } from '../api/rate-limit.ts';
import { staticFolder } from './static-files.ts';

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
}

export interface DoomBoardServer {
  /** The Node request listener: mount it in an existing service (`http.createServer(listener)`, Express, …). */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** A Node HTTP server around `listener`, not yet listening. */
  server: Server;
  /** The API alone as a web-standard handler: (Request) => Promise<Response>. */
  fetch: (request: Request) => Promise<Response>;
  store: GameStore;
  /** Stops accepting connections, ends open ones and closes the store. */
  close(): Promise<void>;
}

const notFound = (res: ServerResponse, path: string) => {
  res.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: `no page ${path}` }));
};

export function createServer(o: ServerOptions): DoomBoardServer {
  const cap = o.maxHintBudgetMs;
  const { app } = createApi({
    store: o.store,
    rateLimit: o.rateLimit === undefined ? DEFAULT_RATE_LIMIT : o.rateLimit,
    corsOrigins: o.corsOrigins,
    limits: { ...o.limits, ...(cap !== undefined ? { maxHintBudgetMs: Math.max(1, Math.min(250, Math.floor(cap))) } : {}) },
    clientKey: (c) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress ?? 'unknown',
  });
  const api = getRequestListener(app.fetch);
  const files = o.staticDir ? staticFolder(o.staticDir) : null;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split(/[?#]/)[0];
    if (path.startsWith('/api/') || path === '/openapi.json') return void api(req, res);
    if (files?.serve(req, res)) return;
    if (!files && path === '/') return void res.writeHead(302, { location: '/openapi.json' }).end();
    notFound(res, path);
  };
  const server = createHttpServer(listener);
  return {
    listener,
    server,
    fetch: (request) => Promise.resolve(app.fetch(request)),
    store: o.store,
    close: async () => {
      server.closeAllConnections();
      if (server.listening) await new Promise((r) => server.close(r));
      await o.store.close();
    },
  };
}

/** `createServer`, listening on `host:port` (port 0: any free port); resolves once it listens. */
export async function startServer(o: ServerOptions & { host: string; port: number }): Promise<DoomBoardServer & { url: string }> {
  const s = createServer(o);
  await new Promise<void>((resolve, reject) => {
    s.server.once('error', reject);
    s.server.listen(o.port, o.host, () => resolve());
  });
  const { port } = s.server.address() as AddressInfo;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  return { ...s, url: `http://${host}:${port}` };
}

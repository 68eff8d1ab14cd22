/**
 * The Node server: the API (src/api, the same handlers msw runs), /openapi.json, the reference
 * page at /docs (Scalar, served from node_modules: no CDN), and the demo site (Vite middleware)
 * when given. Games are stored under `dataDir` (SQLite), or in memory when it is null.
 */
import { getRequestListener } from '@hono/node-server';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApi, DEFAULT_RATE_LIMIT } from '../api/app.ts';
import { MemoryStore, type GameStore } from '../api/store.ts';
import type { RateLimitOptions } from '../api/rate-limit.ts';
import { SqliteStore } from './sqlite-store.ts';

export interface ServerOptions {
  host: string;
  port: number;
  dataDir: string | null;
  rateLimit?: RateLimitOptions | null;
  corsOrigins?: string[];
  /** The server's cap on a hints request's time budget in ms (default 250; at most 250, the document's maximum). */
  maxHintBudgetMs?: number;
  /** Connect-style middleware for everything else (Vite's, for the demo). */
  fallback?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

// The package's exports do not list its browser build: reach it by path.
const scalarDir = fileURLToPath(new URL('../../node_modules/@scalar/api-reference/dist/browser/', import.meta.url));

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>doom-board API reference</title>
</head>
<body>
  <div id="app"></div>
  <script src="/docs/assets/standalone.js"></script>
  <script>
    Scalar.createApiReference('#app', { url: '/openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false });
  </script>
</body>
</html>`;

function serveDocs(path: string, res: ServerResponse): boolean {
  if (path === '/docs' || path === '/docs/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(DOCS_HTML);
    return true;
  }
  if (path.startsWith('/docs/assets/')) {
    const file = normalize(join(scalarDir, path.slice('/docs/assets/'.length)));
    if (!file.startsWith(scalarDir) || !existsSync(file) || !/\.(js|css|map)$/.test(file)) return false;
    res.writeHead(200, { 'content-type': file.endsWith('.css') ? 'text/css' : 'text/javascript', 'cache-control': 'public, max-age=3600' });
    createReadStream(file).pipe(res);
    return true;
  }
  return false;
}

export async function startServer(o: ServerOptions): Promise<{ server: Server; url: string; store: GameStore; close(): Promise<void> }> {
  const store: GameStore = o.dataDir ? new SqliteStore(o.dataDir) : new MemoryStore();
  const { app } = createApi({
    store,
    rateLimit: o.rateLimit === undefined ? DEFAULT_RATE_LIMIT : o.rateLimit,
    corsOrigins: o.corsOrigins,
    ...(o.maxHintBudgetMs !== undefined ? { limits: { maxHintBudgetMs: Math.max(1, Math.min(250, Math.floor(o.maxHintBudgetMs))) } } : {}),
    clientKey: (c) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress ?? 'unknown',
  });
  const api = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/api/') || path === '/openapi.json') return void api(req, res);
    if (serveDocs(path, res)) return;
    const notFound = () => {
      res.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: `no page ${path}` }));
    };
    if (o.fallback) o.fallback(req, res, notFound);
    else if (path === '/') res.writeHead(302, { location: '/docs' }).end();
    else notFound();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${o.host}:${port}`,
    store,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await store.close();
    },
  };
}

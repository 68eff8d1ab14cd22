/**
 * `doom-board/server`: the HTTP API as a Node server to start or to mount in an existing service,
 * the stores it keeps games in, and the web-standard app (`createApi(...).app.fetch`).
 */
export { createServer, startServer, type DoomBoardServer, type ServerOptions } from './serve.ts';
export { openStore, StoreError, type StoreOptions } from './open-store.ts';
export { MemoryStore, VersionTakenError, type GameStore, type GameRecord, type StoredEntry } from '../api/store.ts';
export { createApi, DEFAULT_LIMITS, DEFAULT_RATE_LIMIT, type Api, type ApiLimits, type ApiOptions } from '../api/app.ts';
export { openApiDocument } from '../api/document.ts';
export { jsonLines, type RequestLogLine } from './request-log.ts';
export { WorkerPool, type PoolOptions } from './worker-pool.ts';
export { inProcessWork, type HeavyWork, type HeavyJob, type HeavyResult } from '../api/heavy-work.ts';

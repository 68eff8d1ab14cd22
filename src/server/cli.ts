/**
 * The `doom-board` command (lib/cli.js once built):
 *
 *   doom-board serve [--host 127.0.0.1] [--port 5173] [--data-dir DIR | --memory | --database-url URL]
 *                    [--static DIR] [--rate-limit N] [--cors https://a.example,...] [--hint-budget-cap MS]
 *                    [--workers N] [--work-queue N] [--drain-seconds N] [--log json|none]
 *   doom-board check [--data-dir DIR | --database-url URL]
 *
 * Every line a running server writes is one JSON object (stdout: one per request; stderr: its own
 * events, log.ts), including what the libraries it uses print (console is routed through it).
 * Environment: HOST, PORT, DATA_DIR, DATABASE_URL, STATIC_DIR, CORS_ORIGINS, HINT_BUDGET_CAP, WORKERS, WORK_QUEUE,
 * LOG. Games are kept in SQLite under the data directory, by default outside any source tree:
 * $XDG_DATA_HOME/doom-board (~/.local/share/doom-board); with a PostgreSQL URL, in that database,
 * which several instances may share.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format } from 'node:util';
import { checkStore } from './check.ts';
import { jsonEvents, LogAllowance } from './log.ts';
import { startServer } from './serve.ts';
import { jsonLines } from './request-log.ts';
import { defaultPoolSize } from './worker-pool.ts';
import { openStore } from './open-store.ts';
import { safeUrl } from './safe-url.ts';
import { RULES_VERSION } from '../api/replay-integrity.ts';

const USAGE = `Usage: doom-board serve [options]
       doom-board check [--data-dir DIR | --database-url URL]

Serves the doom-board HTTP API (/api/v1, /openapi.json) and, with --static, a folder of pages.

Options:
  --host HOST            address to listen on (default 127.0.0.1; HOST)
  --port PORT            port, 0 for any free one (default 5173; PORT)
  --data-dir DIR         keep games in SQLite under DIR (default $XDG_DATA_HOME/doom-board; DATA_DIR)
  --memory               keep games in memory only (lost on exit)
  --database-url URL     keep games in PostgreSQL (postgres://user:pass@host/db; DATABASE_URL);
                         several instances given the same URL serve the same games
  --static DIR           also serve the files in DIR (e.g. the built demo site; STATIC_DIR)
  --rate-limit N         requests per second per client, 0 for none (default 100)
  --cors ORIGINS         comma-separated origins allowed to call the API (CORS_ORIGINS)
  --hint-budget-cap MS   cap on a hints request's time budget, 1-250 (HINT_BUDGET_CAP)
  --workers N            threads for hints, odds, sight maps and reach, 0 to compute them on the
                         event loop (default: one per core but one, at least one; WORKERS)
  --work-queue N         heavy requests that may wait for a thread; beyond, 503 with Retry-After
                         (default 4 per thread; WORK_QUEUE)
  --drain-seconds N      on SIGTERM/SIGINT, how long the requests in flight may take to finish
                         before their connections are closed, 1-3600 (default 10; DRAIN_SECONDS)
  --log json|none        one JSON line per request on stdout, or none (default json; LOG)
  --trust-proxy ADDRS    comma-separated addresses of load balancers in front: the client of their
                         requests is the last X-Forwarded-For address (rate limits; TRUST_PROXY)
  -h, --help             this text
  -v, --version          the version of doom-board

Stopping: SIGTERM or SIGINT stops taking connections (/readyz answers 503 at once), finishes the
requests in flight (every command being committed is committed and answered; at most
--drain-seconds, then the rest are cut off and a warning says how many), ends event streams,
and exits 0. If the store stops trusting its file (an fsync failed), the server stops the same way
and exits 1: restart it (a supervisor does), and recovery runs.

check: replays every game of the store and lists those that do not replay (damaged), exiting 1
when there are any. A SQLite store is checked with its server stopped (the server holds its lock).
Every line a server writes is JSON: stdout one per request, stderr its own events.
`;

/** Said as a JSON line (like every line the server writes), then exit 2. */
function fail(message: string): never {
  jsonEvents('error', `doom-board: ${message}`);
  process.exit(2);
}

/** A mistake in the command line: said in one line that points at --help (the usage text as one JSON string was unreadable). */
function misused(message: string): never {
  fail(`${message} (\`doom-board --help\` lists the commands and options)`);
}

const defaultDataDir = () => join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'doom-board');

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      host: { type: 'string', default: process.env.HOST || '127.0.0.1' },
      port: { type: 'string', default: process.env.PORT || '5173' },
      'data-dir': { type: 'string', default: process.env.DATA_DIR || undefined },
      memory: { type: 'boolean', default: false },
      'database-url': { type: 'string', default: process.env.DATABASE_URL || undefined },
      static: { type: 'string', default: process.env.STATIC_DIR || undefined },
      'rate-limit': { type: 'string' },
      cors: { type: 'string', default: process.env.CORS_ORIGINS ?? '' },
      'hint-budget-cap': { type: 'string', default: process.env.HINT_BUDGET_CAP || undefined },
      workers: { type: 'string', default: process.env.WORKERS || undefined },
      'work-queue': { type: 'string', default: process.env.WORK_QUEUE || undefined },
      'drain-seconds': { type: 'string', default: process.env.DRAIN_SECONDS || undefined },
      log: { type: 'string', default: process.env.LOG || 'json' },
      'trust-proxy': { type: 'string', default: process.env.TRUST_PROXY ?? '' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
} catch (e) {
  // Node's advice on positionals that start with '-' is no help here: no command takes one.
  misused((e as Error).message.replace(/\. To specify a positional argument[\s\S]*$/, ''));
}
const { values, positionals } = parsed;
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (values.version) {
  process.stdout.write(`${RULES_VERSION}\n`);
  process.exit(0);
}
const command = positionals[0];
if (positionals.length !== 1 || (command !== 'serve' && command !== 'check')) misused(positionals.length ? `expected the command "serve" or "check", got ${positionals.map((p) => JSON.stringify(p)).join(' ')}` : 'expected the command "serve" or "check"');

const whole = (name: string, text: string | undefined, min: number, max: number): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} is a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`);
  return n;
};
const port = whole('port', values.port, 0, 65535)!;
const hintCap = whole('hint-budget-cap', values['hint-budget-cap'], 1, 250);
const perSecond = whole('rate-limit', values['rate-limit'], 0, 1_000_000);
const workers = whole('workers', values.workers, 0, 256) ?? defaultPoolSize();
const workQueue = whole('work-queue', values['work-queue'], 0, 100_000);
const drainSeconds = whole('drain-seconds', values['drain-seconds'], 1, 3600) ?? 10;
if (values.log !== 'json' && values.log !== 'none') fail(`--log is json or none (got ${JSON.stringify(values.log)})`);
if (values.memory && values['data-dir']) fail('--memory and --data-dir exclude each other');
const databaseUrl = values['database-url'] || null;
if (databaseUrl && (values.memory || values['data-dir'])) fail(`--database-url${process.env.DATABASE_URL ? ' (or DATABASE_URL)' : ''} excludes --memory and --data-dir (DATA_DIR)`);
const dataDir = values.memory || databaseUrl ? null : resolve(values['data-dir'] ?? defaultDataDir());
const staticDir = values.static ? resolve(values.static) : undefined;
if (staticDir) {
  const kind = statSync(staticDir, { throwIfNoEntry: false });
  if (!kind) fail(`--static${process.env.STATIC_DIR ? ' (or STATIC_DIR)' : ''} ${staticDir}: no such folder`);
  if (!kind.isDirectory()) fail(`--static${process.env.STATIC_DIR ? ' (or STATIC_DIR)' : ''} ${staticDir}: not a folder (give the folder that holds the pages)`);
}

// Whatever a library prints goes out as JSON lines too (one per call, the text as `message`), and
// a message repeated faster than 5 a second (an aborted request each) is counted, not written.
const repeats = new LogAllowance(5, 50);
const routed = (level: 'error' | 'warn' | 'info') => (...args: unknown[]) => {
  const message = format(...args);
  const admitted = repeats.admit(message.slice(0, 100));
  if (admitted.write) jsonEvents(level, message, admitted.suppressed ? { suppressed: admitted.suppressed } : {});
};
console.error = routed('error');
console.warn = routed('warn');
console.info = routed('info');
console.log = routed('info');
console.debug = routed('info');

let store;
try {
  store = await openStore({ dataDir, databaseUrl });
} catch (e) {
  fail((e as Error).message);
}

if (command === 'check') {
  const where = databaseUrl ? `PostgreSQL ${safeUrl(databaseUrl)}` : (dataDir ?? 'memory');
  const gameIds = (store as { gameIds?: () => Promise<string[]> }).gameIds;
  if (!gameIds) fail('check needs a store: --data-dir DIR or --database-url URL');
  const result = await checkStore(store as typeof store & { gameIds(): Promise<string[]> }, (game, damaged) => {
    if (damaged) process.stdout.write(`damaged ${game}: ${damaged}\n`);
  });
  await store.close();
  process.stdout.write(`doom-board check: ${result.checked} game${result.checked === 1 ? '' : 's'} in ${where}; ${result.damaged.length ? `${result.damaged.length} damaged (listed above): restore them from a backup` : 'none damaged'}\n`);
  process.exit(result.damaged.length ? 1 : 0);
}
const running = await startServer({
  host: values.host,
  port,
  store,
  rateLimit: perSecond === undefined ? undefined : perSecond > 0 ? { perSecond, burst: perSecond * 2 } : null,
  corsOrigins: values.cors ? values.cors.split(',') : [],
  maxHintBudgetMs: hintCap,
  staticDir,
  workers,
  workQueue,
  drainMs: drainSeconds * 1000,
  log: values.log === 'json' ? jsonLines : null,
  onFatal: () => void stop('the game store failed', 1),
  trustProxy: values['trust-proxy'] ? values['trust-proxy'].split(',').map((a) => a.trim()).filter(Boolean) : [],
}).catch((e: Error) => fail(`cannot listen on ${values.host}:${port}: ${e.message}`));
const pages = staticDir ? `, pages ${running.url}/ from ${staticDir}` : '';
const threads = workers ? `${workers} heavy-work thread${workers > 1 ? 's' : ''}` : 'heavy work on the event loop';
jsonEvents('info', `doom-board: listening on ${running.url} (API ${running.url}/api/v1, document ${running.url}/openapi.json${pages}); games in ${databaseUrl ? `PostgreSQL ${safeUrl(databaseUrl)}` : (dataDir ?? 'memory')}; ${threads}`);

let stopping = false;
async function stop(why: string, code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  jsonEvents(code ? 'error' : 'info', `doom-board: ${why}: finishing the requests in flight, then stopping`, code ? { exitCode: code } : {});
  try {
    const { cutOff } = await running.close();
    if (cutOff) jsonEvents('warn', `doom-board: ${cutOff} request${cutOff === 1 ? '' : 's'} still in flight after ${drainSeconds} s (--drain-seconds): cut off`, { cutOff });
    jsonEvents(code ? 'error' : 'info', 'doom-board: stopped', code ? { exitCode: code } : {});
  } catch (e) {
    jsonEvents('error', `doom-board: stopping failed: ${(e as Error).message}`);
    process.exit(1);
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// Started by npm (`npm start`, `npx doom-board serve`): npm runs the server under a shell, and a
// signal sent to npm ends that shell but not this process. So when the process that started it is
// gone, the server stops as if signalled. (Not otherwise: a server started with nohup outlives its shell.)
if (process.env.npm_command || process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop('the npm process that started the server is gone');
  }, 250).unref();
}

#!/usr/bin/env node
/**
 * `npm start`: the API, its reference page and the demo site from one Node process.
 *
 *   node src/server/main.mjs [--host 127.0.0.1] [--port 5173] [--data-dir ./data] [--memory]
 *                            [--no-demo] [--rate-limit N] [--cors https://a.example,...]
 *                            [--hint-budget-cap MS]
 *
 * Environment: HOST, PORT, DATA_DIR, CORS_ORIGINS, HINT_BUDGET_CAP. Vite loads the TypeScript sources (and the Wasm
 * core) in-process (the rules engines load on demand); with --no-demo it serves no pages.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    port: { type: 'string', default: process.env.PORT ?? '5173' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? 'data' },
    memory: { type: 'boolean', default: false },
    'no-demo': { type: 'boolean', default: false },
    'rate-limit': { type: 'string' },
    cors: { type: 'string', default: process.env.CORS_ORIGINS ?? '' },
    'hint-budget-cap': { type: 'string', default: process.env.HINT_BUDGET_CAP },
  },
});

const hintCap = values['hint-budget-cap'] ? Number(values['hint-budget-cap']) : undefined;
if (hintCap !== undefined && !(Number.isInteger(hintCap) && hintCap >= 1 && hintCap <= 250)) {
  console.error('doom-board: --hint-budget-cap is a whole number of milliseconds from 1 to 250');
  process.exit(2);
}
const root = fileURLToPath(new URL('../..', import.meta.url));
const vite = await createServer({
  configFile: `${root}/vite.config.ts`,
  server: { middlewareMode: true, hmr: false, ws: false },
  logLevel: 'warn',
});
const { startServer } = await vite.ssrLoadModule(`${root}/src/server/serve.ts`);
const perSecond = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
const running = await startServer({
  host: values.host,
  port: Number(values.port),
  dataDir: values.memory ? null : values['data-dir'],
  rateLimit: perSecond === undefined ? undefined : perSecond > 0 ? { perSecond, burst: perSecond * 2 } : null,
  corsOrigins: values.cors ? values.cors.split(',') : [],
  maxHintBudgetMs: hintCap,
  fallback: values['no-demo'] ? undefined : vite.middlewares,
});
console.log(`doom-board: listening on ${running.url} (API ${running.url}/api/v1, reference ${running.url}/docs${values['no-demo'] ? '' : `, demo ${running.url}/`}); games in ${values.memory ? 'memory' : values['data-dir']}`);

const stop = async () => {
  await running.close();
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

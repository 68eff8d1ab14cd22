/**
 * The element in every bundler (issue 40): the packed tarball installed in a fresh folder, and a
 * tiny app importing `doom-board/element` built with each of Vite, webpack 5, Rollup, esbuild and
 * Parcel the way the README's "With a bundler" says (and served by `vite` dev). In Chromium each
 * app's autopilot plays with the AI's worker running: the worker's script is fetched with 200 from
 * where the bundler put it, and no "thinks in the page" fallback is taken. An app whose bundler did
 * not emit the worker (esbuild without the copy) says why in the console, once.
 *
 * The bundlers are npm packages at pinned versions (BUNDLERS below), installed once into a folder
 * under the OS temp dir named by those versions and reused by later runs (≈ 160 MB, a minute or
 * two to install; a run with the folder in place installs nothing). Not devDependencies: every
 * checkout and `npm ci` would carry Parcel's and webpack's trees for this one test. Vite is the
 * project's own (a devDependency already, the version the demo builds with).
 * Needs the build (`npm run build:lib`) and the npm registry the first time.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staticFolder } from '../../src/server/static-files.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');
/** The bundlers and the plugin Rollup needs, pinned: the cache folder's name is made from these. */
const BUNDLERS = {
  webpack: '5.113.0',
  rollup: '4.68.8',
  '@rollup/plugin-node-resolve': '16.0.3',
  '@web/rollup-plugin-import-meta-assets': '2.3.3',
  esbuild: '0.28.2',
  parcel: '2.16.4',
};
const NPM_ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

let dir = '';
let tools = '';
let browser: Browser | null = null;
const servers: Server[] = [];
const children: ChildProcess[] = [];

function run(cmd: string, args: string[], cwd: string, timeout = 300_000): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: 'pipe', timeout, env: NPM_ENV });
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** The bundlers' folder under the OS temp dir, installed when missing (into a side folder, then renamed: two runs at once do not see half an install). */
function bundlerTools(): string {
  const key = createHash('sha256').update(JSON.stringify(BUNDLERS)).digest('hex').slice(0, 12);
  const folder = join(tmpdir(), `doom-board-bundlers-${key}`);
  if (existsSync(join(folder, 'installed'))) return folder;
  const partial = `${folder}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  writeFileSync(join(partial, 'package.json'), JSON.stringify({ name: 'doom-board-release-bundlers', private: true, dependencies: BUNDLERS }, null, 2));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'error'], partial, 900_000);
  writeFileSync(join(partial, 'installed'), JSON.stringify(BUNDLERS));
  try {
    renameSync(partial, folder);
  } catch {
    // Another run finished first: use its folder.
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

/** A static server for `folder` on a free loopback port. */
async function serve(folder: string): Promise<string> {
  const files = staticFolder(folder);
  const server = createServer((req, res) => {
    if (!files.serve(req, res)) res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const SCENARIO = readFileSync(join(ROOT, 'src/scenario/bundled/d20-skirmish.json'), 'utf8');
/** The app: one board the autopilot plays (the empire moves first), the element imported as a bundler does. */
const page = (script: string) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">${script}</head>
<body><doom-board id="b" mode="play" autopilot="empire" autopilot-delay="0" seed="3"><script type="application/json">${SCENARIO}</script></doom-board></body></html>`;
const MAIN = `import 'doom-board/element';\n`;

/** A fresh app folder for one bundler: index.html and main.js. */
function app(name: string, script = '<script type="module" src="./main.js"></script>'): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.html'), page(script));
  writeFileSync(join(folder, 'main.js'), MAIN);
  return folder;
}

interface Played {
  workers: string[];
  /** Each worker's script: its URL and the status it was fetched with. */
  scripts: { status: number; url: string }[];
  warnings: string[];
  errors: string[];
  inPage: boolean;
}

/** Opens the app, waits for the autopilot's first commands, and reports what the worker did. */
async function play(url: string): Promise<Played> {
  const p: Page = await browser!.newPage();
  const out: Played = { workers: [], scripts: [], warnings: [], errors: [], inPage: false };
  p.on('worker', (w) => out.workers.push(w.url()));
  const answers = new Map<string, number>();
  p.on('response', (r) => answers.set(r.url(), r.status()));
  p.on('console', (m) => (m.type() === 'warning' ? out.warnings : m.type() === 'error' ? out.errors : []).push(m.text()));
  p.on('pageerror', (e) => out.errors.push(String(e)));
  // Counted from the first moment: with autopilot-delay="0" the first commands may come before any later listener.
  await p.addInitScript(() => {
    const w = window as unknown as { played: number };
    w.played = 0;
    document.addEventListener('doom-action', () => w.played++, true);
  });
  await p.goto(url);
  await p.waitForFunction(() => (window as unknown as { played: number }).played >= 2, null, { timeout: 90_000 }).catch(async (e) => {
    // What the board says (an error box, "thinks in the page") and what the console said, not only "timeout".
    const board = await p.locator('#b').evaluate((el) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ').slice(0, 500) ?? '').catch(() => '');
    throw new Error(`${(e as Error).message}\nthe board: ${board}\nworkers: ${out.workers.join(', ')}\nconsole: ${[...out.warnings, ...out.errors].join(' | ')}`);
  });
  out.inPage = /thinks in the page|No Web Worker here/i.test(await p.locator('#b').evaluate((el) => el.shadowRoot!.textContent ?? ''));
  // Each worker's own script, as the page fetched it (0: never answered).
  out.scripts = out.workers.map((url) => ({ url, status: answers.get(url) ?? 0 }));
  await p.close();
  return out;
}

/** The autopilot played with its worker: the worker's script came with 200, nothing fell back to the page. */
function expectWorkerRan(played: Played, what: string): void {
  expect(played.workers.length, `${what}: a worker started`).toBeGreaterThan(0);
  expect(played.scripts.length, `${what}: the worker's script was fetched`).toBeGreaterThan(0);
  expect(played.scripts.map((s) => s.status), `${what}: ${played.scripts.map((s) => s.url).join(', ')}`).toEqual(played.scripts.map(() => 200));
  expect(played.warnings.filter((w) => /the AI's worker, .* could not start/.test(w)), what).toEqual([]);
  expect(played.inPage, `${what}: the board says the AI thinks in the page`).toBe(false);
  expect(played.errors, what).toEqual([]);
}

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'dist/doom-board-ai.js')), 'build first: npm run build:lib').toBe(true);
  tools = bundlerTools();
  dir = mkdtempSync(join(tmpdir(), 'doom-board-bundlers-app-'));
  const packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT))[0];
  // The consumer project. Parcel follows package.json "exports" only when asked (its documented switch).
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', '@parcel/resolver-default': { packageExports: true } }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, packed.filename)], dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}, 1_200_000);

afterAll(async () => {
  await browser?.close();
  for (const c of children) if (c.pid && c.exitCode === null) process.kill(-c.pid, 'SIGTERM');
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  if (dir && !process.env.KEEP_RELEASE_DIR) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the element\'s AI worker in a bundler app, from the packed tarball', () => {
  test('the built module starts its worker in the form bundlers follow', () => {
    const ai = readFileSync(join(dir, 'node_modules/doom-board/dist/doom-board-ai.js'), 'utf8');
    expect(ai).toContain(`new Worker(new URL('./doom-board-ai-worker.js',import.meta.url),{type:'module'})`);
    // No other `new URL('…', import.meta.url)` for a bundler to copy as an asset, nor a computed one to warn about.
    expect(ai.match(/new URL\(\s*['"`][^'"`]*['"`]\s*,\s*import\.meta\.url\s*\)/g)).toHaveLength(1);
    expect(ai).not.toMatch(/new URL\([^'"`)][^)]*,\s*import\.meta\.url\s*\)/);
  });

  test('Vite: `vite build` emits the worker and the autopilot plays with it', async () => {
    const folder = app('vite');
    run(process.execPath, [VITE, 'build', '--logLevel', 'error'], folder);
    expectWorkerRan(await play(`${await serve(join(folder, 'dist'))}/index.html`), 'vite build');
  }, 300_000);

  test('Vite: `vite` dev serves the worker (the element pre-bundled) and the autopilot plays with it', async () => {
    const folder = app('vite-dev');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, [VITE, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(child);
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`vite did not start:\n${out}`)), 60_000);
      const onData = (d: Buffer) => {
        out += d;
        // Vite colours its banner when it thinks it has a terminal (CI sets FORCE_COLOR): the port is wrapped in escapes.
        if (out.replace(/\x1b\[[0-9;]*m/g, '').includes(`:${port}`)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
    });
    try {
      const played = await play(`http://127.0.0.1:${port}/index.html`);
      expectWorkerRan(played, 'vite dev');
      // The element came pre-bundled from node_modules (Vite's dependency optimizer), the worker beside the package's files.
      expect(played.scripts[0].url).toMatch(/doom-board-ai-worker\.js/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  }, 300_000);

  test('webpack 5: the worker becomes a chunk of its own, with no warning, and the autopilot plays with it', async () => {
    const folder = app('webpack', '<script src="./main.js"></script>');
    writeFileSync(join(folder, 'build.mjs'), `
import webpack from ${JSON.stringify(join(tools, 'node_modules/webpack/lib/index.js'))};
const here = ${JSON.stringify(folder)};
webpack({ mode: 'production', context: here, entry: './main.js', output: { path: here + '/dist', filename: 'main.js', clean: true } }, (err, stats) => {
  if (err || stats.hasErrors() || stats.hasWarnings()) { console.error(err ?? stats.toString('errors-warnings')); process.exit(1); }
});
`);
    run(process.execPath, ['build.mjs'], folder);
    copyFileSync(join(folder, 'index.html'), join(folder, 'dist/index.html'));
    expectWorkerRan(await play(`${await serve(join(folder, 'dist'))}/index.html`), 'webpack');
  }, 300_000);

  test('Rollup (node-resolve and @web/rollup-plugin-import-meta-assets): the worker is emitted and the autopilot plays with it', async () => {
    const folder = app('rollup');
    writeFileSync(join(folder, 'rollup.config.mjs'), `
import { nodeResolve } from ${JSON.stringify(join(tools, 'node_modules/@rollup/plugin-node-resolve/dist/es/index.js'))};
import { importMetaAssets } from ${JSON.stringify(join(tools, 'node_modules/@web/rollup-plugin-import-meta-assets/index.mjs'))};
export default { input: 'main.js', output: { dir: 'dist', format: 'es' }, plugins: [nodeResolve({ browser: true }), importMetaAssets()] };
`);
    run(process.execPath, [join(tools, 'node_modules/rollup/dist/bin/rollup'), '-c', 'rollup.config.mjs', '--silent'], folder);
    copyFileSync(join(folder, 'index.html'), join(folder, 'dist/index.html'));
    expectWorkerRan(await play(`${await serve(join(folder, 'dist'))}/index.html`), 'rollup');
  }, 300_000);

  test('esbuild: without the worker copied beside the bundle the page says why in the console, once; with it the autopilot plays with the worker', async () => {
    const folder = app('esbuild');
    const esbuild = join(tools, 'node_modules/esbuild/bin/esbuild');
    run(esbuild, ['main.js', '--bundle', '--format=esm', '--splitting', '--minify', '--outdir=dist', '--log-level=error'], folder);
    copyFileSync(join(folder, 'index.html'), join(folder, 'dist/index.html'));
    const base = await serve(join(folder, 'dist'));
    // esbuild does not follow new URL(…, import.meta.url) (evanw/esbuild#795): no worker file yet.
    const without = await play(`${base}/index.html`);
    expect(without.scripts.map((s) => s.status)).toContain(404);
    const told = without.warnings.filter((w) => /the AI's worker, .* could not start/.test(w));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/doom-board-ai-worker\.js/);
    expect(told[0]).toMatch(/esbuild/);
    expect(without.inPage).toBe(true);
    // The README's recipe: copy the worker beside the bundle.
    copyFileSync(join(dir, 'node_modules/doom-board/dist/doom-board-ai-worker.js'), join(folder, 'dist/doom-board-ai-worker.js'));
    expectWorkerRan(await play(`${base}/index.html`), 'esbuild with the copy');
  }, 300_000);

  test('Parcel: the worker is bundled and the autopilot plays with it', async () => {
    const folder = app('parcel');
    run(process.execPath, [join(tools, 'node_modules/parcel/lib/bin.js'), 'build', 'index.html', '--dist-dir', 'dist', '--cache-dir', join(folder, '.parcel-cache'), '--no-autoinstall', '--no-source-maps', '--log-level', 'error'], folder);
    expectWorkerRan(await play(`${await serve(join(folder, 'dist'))}/index.html`), 'parcel');
  }, 300_000);
});

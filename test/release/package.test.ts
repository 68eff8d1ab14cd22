/**
 * The package as its users get it: `npm pack`, the tarball installed into a fresh folder outside
 * the repository (from the npm cache where it has the packages, else the registry), then used the ways the README says:
 * (a) a plain Node script imports `doom-board`; (b) a Vite app imports `doom-board/element`, builds
 * and renders a board in Chromium; (c) a page on one origin loads dist/doom-board.js from another
 * with one tag and plays with the autopilot thinking in a Web Worker; (d) a TypeScript consumer
 * with skipLibCheck off compiles against the shipped types; (e) `npx doom-board serve` answers
 * /openapi.json. Needs the build (`npm run build:lib`, run by `npm test` first).
 */
import { chromium, type Browser } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Board, loadCore } from '../../src/core/index.ts';
import { d20Odds, greedyPolicy, playGame } from '../../src/ai/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import '../../src/rules/index.ts';
import { staticFolder } from '../../src/server/static-files.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let dir = '';
let pkg = '';
let files: string[] = [];
let browser: Browser | null = null;
const servers: Server[] = [];

/** Runs a command; throws with its output when it fails. */
function run(cmd: string, args: string[], cwd: string, timeout = 180_000): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: 'pipe', timeout, env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' } });
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** A static server for `folder` on a free loopback port; `cors` adds Access-Control-Allow-Origin: *. */
async function serve(folder: string, cors = false): Promise<string> {
  const files = staticFolder(folder);
  const server = createServer((req, res) => {
    if (cors) res.setHeader('access-control-allow-origin', '*');
    if (!files.serve(req, res)) res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'lib/engine.js')) && existsSync(join(ROOT, 'dist/doom-board.js')), 'build first: npm run build:lib').toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'doom-board-release-'));
  // The build is already there (npm test builds first): pack it as it is.
  const packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT))[0];
  files = packed.files.map((f: { path: string }) => f.path);
  console.log(`doom-board tarball: ${packed.filename}, ${(packed.size / 1024).toFixed(0)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KiB unpacked, ${files.length} files:\n  ${files.join('\n  ')}`);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, packed.filename)], dir, 300_000);
  pkg = join(dir, 'node_modules/doom-board');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}, 400_000);

afterAll(async () => {
  const t0 = Date.now();
  await browser?.close();
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  const t1 = Date.now();
  if (dir && !process.env.KEEP_RELEASE_DIR) rmSync(dir, { recursive: true, force: true });
  console.log(`release cleanup: browser ${t1 - t0} ms, folder ${Date.now() - t1} ms`);
}, 60_000);

describe('the packed tarball', () => {
  test('ships the built output, the document, the docs and the notices, and none of the sources, tests or tools', () => {
    for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'NOTICE.md', 'lib/engine.js', 'lib/engine.d.ts', 'lib/server.js', 'lib/cli.js', 'lib/heavy-worker.js', 'lib/element.d.ts', 'lib/openapi.json', 'lib/reference/docs.html', 'lib/reference/rules.html', 'lib/reference/index.html', 'dist/doom-board.js', 'dist/doom-board-ai-worker.js', 'docs/rules.md', 'src/api/openapi.yaml', 'src/scenario/scenario.schema.json', 'custom-elements.json']) {
      expect(files, f).toContain(f);
    }
    const stray = files.filter((f) => /^(test|bench|assembly|bundling|components|demo|scripts)\//.test(f) || (/^src\//.test(f) && f !== 'src/api/openapi.yaml' && f !== 'src/scenario/scenario.schema.json') || /\.map$|\.tsbuildinfo$/.test(f) || /^(vite|vitest|playwright)\..*config/.test(f));
    expect(stray).toEqual([]);
  });

  test('installs with only what the runtime needs (no test, lint or docs-build tools)', () => {
    const installed = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages as Record<string, unknown>;
    const names = Object.keys(installed).filter((k) => k.startsWith('node_modules/')).map((k) => k.replace(/^.*node_modules\//, ''));
    for (const tool of ['vite', 'vitest', '@playwright/test', '@redocly/cli', 'typescript', 'assemblyscript', 'msw', 'swagger-ui-dist', 'better-sqlite3']) expect(names).not.toContain(tool);
    expect(names).toContain('hono');
  });
});

const BOARD = {
  ruleset: 'doom2016' as const, map: ['......', '..d...', '......'],
  edges: [{ from: [3, 0] as [number, number], to: [3, 2] as [number, number], kind: 'wall' as const }],
  figures: [{ id: 'alpha', side: 'marines', x: 0, y: 1 }, { id: 'imp', side: 'demons', x: 5, y: 1 }],
};

test('(a) a plain Node script imports the engine: a sight query, a reach, a whole seeded game, odds', async () => {
  writeFileSync(join(dir, 'engine.mjs'), `
import { loadCore, Board, playGame, greedyPolicy, bundledScenarios, d20Odds } from 'doom-board';
await loadCore();
const board = Board.create(${JSON.stringify(BOARD)});
const sight = board.sight('alpha', 'imp');
const reach = board.reach('alpha', 2);
const game = playGame(bundledScenarios.get('d20-skirmish'), 7, { empire: greedyPolicy(), alliance: greedyPolicy() });
const odds = d20Odds({ attack: 6, damage: 10, defense: 15, cover: false, hp: 30 });
console.log(JSON.stringify({ sight, reachable: reach.cost.filter((c) => c >= 0 && c < 255).length, winner: game.winner, commands: game.commands, hit: odds.hit }));
`);
  const out = JSON.parse(run(process.execPath, ['engine.mjs'], dir));
  // The same answers as the engine built from this repository's sources.
  await loadCore();
  const here = Board.create(BOARD);
  expect(out.sight).toEqual(here.sight('alpha', 'imp'));
  expect(out.reachable).toBe(here.reach('alpha', 2).cost.filter((c) => c >= 0 && c < 255).length);
  expect(out.reachable).toBeGreaterThan(3);
  const played = playGame(bundledScenarios.get('d20-skirmish')!, 7, { empire: greedyPolicy(), alliance: greedyPolicy() });
  expect(out.winner).not.toBeNull();
  expect([out.winner, out.commands]).toEqual([played.winner, played.commands]);
  expect(out.hit).toBe(d20Odds({ attack: 6, damage: 10, defense: 15, cover: false, hp: 30 }).hit);
});

test('(d) a TypeScript consumer with skipLibCheck off compiles against the shipped types, and a wrong use is refused', () => {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  for (const resolution of [{ module: 'nodenext', moduleResolution: 'nodenext' }, { module: 'esnext', moduleResolution: 'bundler' }]) {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', lib: ['es2022', 'dom'], noEmit: true, skipLibCheck: false, types: [], ...resolution }, files: ['consumer.ts'] }));
    writeFileSync(join(dir, 'consumer.ts'), `
import { Board, createGame, loadCore, validateScenario, type Scenario, type GameState, type Doom2016Command, type D20Command } from 'doom-board';
import { DoomBoard } from 'doom-board/element';
import type { paths } from 'doom-board/openapi';
await loadCore();
const s: Scenario = validateScenario(JSON.parse('{}'));
const g = createGame(s, { seed: 1 });
const st: GameState = g.state;
const move: Doom2016Command = { type: 'move', figure: 'alpha', to: { x: 1, y: 2 } };
g.apply(move);
// @ts-expect-error a d20 activation names its figure
const activate: D20Command = { type: 'activate' };
const el = document.createElement('doom-board');
const asDoom: DoomBoard = el;
asDoom.mode = 'play';
type Create = paths['/api/v1/games']['post'];
export const used = [Board, st, asDoom, activate] as const satisfies readonly unknown[];
export type { Create };
`);
    expect(() => run(process.execPath, [tsc, '-p', '.'], dir), JSON.stringify(resolution)).not.toThrow();
    writeFileSync(join(dir, 'consumer.ts'), `import { createGame } from 'doom-board';\ncreateGame({ ruleset: 'chess' });\n`);
    expect(() => run(process.execPath, [tsc, '-p', '.'], dir)).toThrow(/chess/);
  }
}, 120_000);

/** `npx doom-board serve --memory` in the fresh folder, in its own process group (npx starts the server as a child of its own, which a signal to npx alone leaves running). */
async function startServe(): Promise<{ url: string; stop: () => void }> {
  const child = spawn('npx', ['--no-install', 'doom-board', 'serve', '--memory', '--port', '0', '--log', 'none'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 30_000);
      const onData = (d: Buffer) => {
        out += d;
        const m = /listening on (http:\/\/[^ ]+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${out}`)));
    });
    return { url, stop: () => process.kill(-child.pid!, 'SIGTERM') };
  } catch (e) {
    process.kill(-child.pid!, 'SIGTERM');
    throw e;
  }
}

test('(e) npx doom-board serve answers /openapi.json, and without --static the API reference (/docs), the rules reference (/rules) and a start page (/)', async () => {
  const { url, stop } = await startServe();
  try {
    const doc = await (await fetch(`${url}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    const created = await fetch(`${url}/api/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"scenarioId":"d20-skirmish","seed":1}' });
    expect(created.status).toBe(201);
    // The start page names what the server offers and links the references.
    const start = await fetch(`${url}/`);
    expect(start.status).toBe(200);
    const startText = await start.text();
    for (const href of ['/docs', '/rules', '/openapi.json']) expect(startText).toContain(`href="${href}"`);
    // The rules reference is the package's docs/rules.md, its anchors kept (the boards' citations link to them).
    const rules = await (await fetch(`${url}/rules`)).text();
    for (const anchor of ['rule-1-1-1', 'rule-2-1', 'rule-3', 'rule-4']) expect(rules).toContain(`id="${anchor}"`);
    // The API reference renders every operation of the document in Chromium, from this server alone.
    const page = await browser!.newPage();
    const outside: string[] = [];
    page.on('request', (r) => !r.url().startsWith(url) && !r.url().startsWith('data:') && outside.push(r.url()));
    await page.goto(`${url}/docs`);
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 30_000 }).toBeGreaterThan(20);
    expect(await page.locator('body').innerText()).toContain('undoCommand');
    // "Try it" of the game operations works as shipped here too: they act on a sandbox game started for the page.
    await expect.poll(() => page.locator('#sandbox-note').innerText(), { timeout: 30_000 }).toMatch(/act on sandbox game [\w-]+, started for this page/);
    expect(outside).toEqual([]);
    await page.close();
  } finally {
    stop();
  }
}, 90_000);

test('(e) without better-sqlite3 installed, serving from a data directory says what to install', () => {
  let message = '';
  try {
    run('npx', ['--no-install', 'doom-board', 'serve', '--data-dir', join(dir, 'games'), '--port', '0'], dir, 30_000);
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message).toMatch(/better-sqlite3/);
  expect(message).toMatch(/--memory/);
});

test('(b) a Vite app imports doom-board/element, builds, and renders a board in Chromium', async () => {
  const app = join(dir, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'index.html'), `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="./main.js"></script></head>
<body><doom-board id="b" label="App board"><script type="application/json">{"ruleset":"doom2016","map":["......","......"],"sides":["marines","invader"],"figures":[{"id":"alpha","side":"marines","type":"marine","x":0,"y":0},{"id":"imp-1","side":"invader","type":"imp","x":5,"y":1}]}</script></doom-board></body></html>`);
  writeFileSync(join(app, 'main.js'), `import 'doom-board/element';\nimport { loadCore } from 'doom-board';\nawait loadCore();\ndocument.body.dataset.engine = 'loaded';\n`);
  run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], app);
  const base = await serve(join(app, 'dist'));
  const page = await browser!.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${base}/index.html`);
  await page.waitForFunction(() => document.body.dataset.engine === 'loaded');
  const cells = page.locator('#b').locator('[role="gridcell"]');
  await cells.first().waitFor({ state: 'attached', timeout: 15_000 });
  await page.locator('#b [part="svg"]').waitFor({ state: 'visible' });
  expect(await cells.count()).toBe(12);
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);

test('(c) a page on another origin loads dist/doom-board.js with one tag and plays against the autopilot thinking in a worker', async () => {
  const cdn = await serve(join(pkg, 'dist'), true);
  const site = join(dir, 'site');
  mkdirSync(site, { recursive: true });
  const scenario = readFileSync(join(ROOT, 'src/scenario/bundled/d20-skirmish.json'), 'utf8');
  writeFileSync(join(site, 'index.html'), `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="${cdn}/doom-board.js"></script></head>
<body><doom-board id="b" mode="play" autopilot="empire" autopilot-delay="0" seed="3"><script type="application/json">${scenario}</script></doom-board></body></html>`);
  const origin = await serve(site);
  expect(new URL(origin).origin).not.toBe(new URL(cdn).origin);
  const page = await browser!.newPage();
  const errors: string[] = [];
  const workers: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('worker', (w) => workers.push(w.url()));
  // Counted from the first moment: with autopilot-delay="0" the first commands may come before any later listener.
  await page.addInitScript(() => {
    const w = window as unknown as { played: number };
    w.played = 0;
    document.addEventListener('doom-action', () => w.played++, true);
  });
  await page.goto(`${origin}/index.html`);
  // The autopilot plays the empire, which moves first: its commands arrive as doom-action events.
  await page.waitForFunction(() => (window as unknown as { played: number }).played >= 3, null, { timeout: 60_000 });
  await expect.poll(() => workers.length).toBe(1);
  // The worker really thinks: its script came from the other origin, not the page's fallback.
  const status = await page.locator('#b').evaluate((el) => el.shadowRoot!.textContent ?? '');
  expect(status).not.toMatch(/in the page/i);
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);

/** A result the README states (`…` stands for anything) as a pattern. */
function stated(text: string): RegExp {
  return new RegExp(text.trim().split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*?'));
}

/** Checks that `output` shows each stated result, in the order stated; answers how many there were. */
function expectStatedInOrder(output: string, results: string[], what: string): number {
  let from = 0;
  for (const r of results) {
    const m = stated(r).exec(output.slice(from));
    expect(m, `${what}: the README says "${r}", the output from there on is:\n${output.slice(from, from + 2000)}`).not.toBeNull();
    from += m!.index + m![0].length;
  }
  return results.length;
}

/** The README's code blocks of one language, as written. */
function readmeBlocks(lang: string): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
}

test('(f) the README\'s JavaScript snippets run as written in a fresh project (plain Node, no bundler)', async () => {
  const blocks = readmeBlocks('js');
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  let checkedResults = 0;
  for (const [i, code] of blocks.entries()) {
    const file = join(dir, `readme-${i}.mjs`);
    writeFileSync(file, code);
    const child = spawn(process.execPath, [file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let out = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    // A snippet that listens is a server (it keeps running: asked after 5 s); any other runs to its end,
    // however long a loaded machine takes (the AI snippet plays a whole game).
    const server = /\.listen\(\d+/.test(code);
    const code0 = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), server ? 5000 : 90_000))]);
    if (code0 === 'running') {
      // A snippet that keeps running is a server: it must answer on the port it names.
      const port = /\.listen\((\d+)/.exec(code)?.[1];
      expect(port, `README js block ${i} did not finish:\n${code}\n${err}`).toBeDefined();
      const r = await fetch(`http://127.0.0.1:${port}/openapi.json`);
      expect(r.status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('the rest of my service');
      child.kill('SIGTERM');
      await exited;
    } else {
      expect(code0, `README js block ${i} failed:\n${code}\n${err}`).toBe(0);
      // What it prints is what the README says it prints (`console.log(…); // → result`).
      const said = [...code.matchAll(/console\.log\(.*\/\/ → (.*)$/gm)].map((m) => m[1]);
      expectStatedInOrder(out.replace(/\s*\n\s*/g, ' '), said, `README js block ${i}`);
      checkedResults += said.length;
    }
  }
  // The engine snippet states four results: the first legal command, an activation, a refusal citing the rule, the replay.
  expect(checkedResults).toBeGreaterThanOrEqual(4);
}, 300_000);

test('(f) the README\'s embedding snippets show their boards from a copy of dist/', async () => {
  const site = join(dir, 'embed');
  mkdirSync(site, { recursive: true });
  // A copy of the package's dist/ and nothing else: the scenario files the snippets name come with it.
  execFileSync('cp', ['-r', `${join(pkg, 'dist')}/.`, site]);
  // Every html block that needs no server (the `api` ones are tested against the server elsewhere).
  const blocks = readmeBlocks('html').filter((b) => b.includes('<doom-board') && !b.includes(' api='));
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  let coverChecked = false;
  const page = await browser!.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  for (const [i, block] of blocks.entries()) {
    const head = block.includes('doom-board.js') ? '' : '<script type="module" src="doom-board.js"></script>';
    writeFileSync(join(site, `readme-${i}.html`), `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">${head}</head><body>${block}</body></html>`);
  }
  const base = await serve(site);
  for (const i of blocks.keys()) {
    await page.goto(`${base}/readme-${i}.html`);
    const boards = page.locator('doom-board');
    const n = await boards.count();
    expect(n).toBeGreaterThan(0);
    for (let b = 0; b < n; b++) {
      await boards.nth(b).locator('[role="gridcell"], [part="error"]').first().waitFor({ state: 'attached', timeout: 15_000 });
      expect(await boards.nth(b).locator('[part="error"]').count(), `README html block ${i}:\n${blocks[i]}`).toBe(0);
    }
    if (blocks[i].includes('label="Cover example"')) {
      // The README says what the board shows when Alpha (A1) and then the imp (E3) are clicked: cover.
      const said = /Select Alpha, then the imp[\s\S]*?announces\s+"([^"]+)"/.exec(readme)![1];
      expect(said).toMatch(/in cover/);
      const board = boards.first();
      await board.locator('#c-0-0').click();
      await board.locator('#c-4-2').click();
      await expect.poll(() => board.locator('[role="status"][aria-live]').textContent()).toBe(said);
      await expect.poll(() => board.locator('[part="explanation"]').innerText()).toMatch(/; in cover \(RULES §2\.1: .*blocking terrain on the edge between C2 and D2 \(clause 1\.1\.1\)/);
      coverChecked = true;
    }
  }
  expect(coverChecked, 'the README has the "Cover example" board').toBe(true);
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);

test('(g) the README\'s curl examples run as written, one after the other, against `npx doom-board serve`, and answer what it says', async () => {
  // The Quick start's block first (it starts a game and sets API, GAME, EMPIRE), then the hints and odds block that follows from it.
  const blocks = readmeBlocks('sh').filter((b) => b.includes('curl '));
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  expect(blocks[0]).toMatch(/^API=\$\{API:-http:\/\/127\.0\.0\.1:5173\/api\/v1\}$/m);
  const { url, stop } = await startServe();
  try {
    const work = mkdtempSync(join(dir, 'curl-'));
    writeFileSync(join(work, 'readme.sh'), `set -eu\n${blocks.join('\n')}`);
    // As a reader would paste them into one shell, with API pointing at this server (the block's own default is npm start's).
    const out = execFileSync('bash', ['readme.sh'], { cwd: work, encoding: 'utf8', env: { ...process.env, API: `${url}/api/v1` }, timeout: 60_000 });
    const said = blocks.flatMap((b) => [...b.matchAll(/^# → (.*)$/gm)].map((m) => m[1]));
    expect(expectStatedInOrder(out, said, 'README curl examples')).toBeGreaterThanOrEqual(6);
  } finally {
    stop();
  }
}, 90_000);

test('(c) served without CORS to another origin, the one tag fails with the console message the README quotes, and no element is defined', async () => {
  const noCors = await serve(join(pkg, 'dist'));
  const site = join(dir, 'site-no-cors');
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'index.html'), `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="${noCors}/doom-board.js"></script></head>
<body><doom-board scenario="x.json"></doom-board></body></html>`);
  const origin = await serve(site);
  const page = await browser!.newPage();
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto(`${origin}/index.html`);
  await expect.poll(() => messages.length, { timeout: 15_000 }).toBeGreaterThan(0);
  // The README's quotation, its example origins replaced by this test's.
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const quoted = /```text\n(Access to script at [^\n]*)\n```/.exec(readme)![1];
  const expected = quoted.replace('https://cdn.example', noCors).replace('https://wiki.example', origin);
  expect(messages).toContain(expected);
  expect(await page.evaluate(() => customElements.get('doom-board') === undefined)).toBe(true);
  await page.close();
}, 60_000);

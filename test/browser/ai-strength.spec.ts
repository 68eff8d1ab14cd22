/**
 * The AI's `strong` strength in the element (issue 39): on the built bundle, the doom2004
 * skirmish with `autopilot="marines" ai-strength="strong"` plays the marines' first phase
 * exactly as `plannerPolicy({ search: STRONG_SEARCHES() })` does in Node for the same seed — which
 * is not the `standard` autopilot's phase there — thinking in its worker (which carries doom2004's
 * rules for the play-outs), with no main-thread task over 50 ms of the page's own time; the Hint
 * button's first plan is the strong search's (its reason says so), not the standard one's. Unset, the
 * element plays the shipped autopilot's phase (its lighter doom2004 search). Another strength is
 * refused, the explanation line naming it.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { bundledScenarioText, ready, routeBundlePage, watchErrors } from './helpers.ts';
import type { GameState } from '../../src/rules/index.ts';
import type { Game } from '../../src/rules/game.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { Policy } from '../../src/ai/autopilot/index.ts';

/** The package's engine as built (lib/, `npm run build:lib`: the Wasm core inlined; Node cannot import the sources' .wasm). */
type Engine = typeof import('../../src/index.ts');
const engine = (): Promise<Engine> => import(fileURLToPath(new URL('../../lib/engine.js', import.meta.url))) as Promise<Engine>;

const BOARD = 'strong';
const ORIGIN = 'http://strong.test';
const SEED = 4;
const skirmishText = () => bundledScenarioText('doom2004-skirmish');

/** The marines' commands until the invaders must decide, as `policy` plays them in this process. */
async function firstPhase(lib: Engine, policy: Policy, seed = SEED): Promise<unknown[]> {
  await lib.loadCore();
  const { createGame, decidingSide, sideOfCommand } = lib;
  const g = createGame(JSON.parse(skirmishText()) as Scenario, { seed }) as Game<GameState>;
  const out: unknown[] = [];
  for (let n = 0; n < 100; n++) {
    const legal = g.legalActions();
    const side = decidingSide(g.state, legal, g.view().side);
    if (side !== 'marines') break;
    const c = policy.choose({ state: g.state, side, legal: legal.filter((x) => sideOfCommand(g.state, x) === side), budgetMs: 40 });
    out.push(c);
    expect(g.apply(c).ok).toBe(true);
  }
  return out;
}

async function strongPage(page: Page, requests: string[], strength: string | null = 'strong', autopilot = 'autopilot="marines"', seed = SEED): Promise<void> {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strong</title></head><body>
    <script type="module" src="/doom-board.js"></script>
    <doom-board id="${BOARD}" mode="play" ai ${autopilot} ${strength === null ? '' : `ai-strength="${strength}"`} autopilot-delay="0" seed="${seed}" label="Strong"><script type="application/json">${skirmishText()}</script></doom-board>
  </body></html>`;
  await routeBundlePage(page, ORIGIN, body, requests);
  await page.addInitScript((id) => {
    const w = window as unknown as { commands: unknown[] };
    w.commands = [];
    document.addEventListener('doom-action', (e) => (e.target as HTMLElement).id === id && w.commands.push((e as CustomEvent).detail.command));
  }, BOARD);
  await page.goto(`${ORIGIN}/`);
}

test('ai-strength="strong": the doom2004 marines play as the strong search does in Node (not as standard), from the worker, no main-thread task over 50 ms', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const lib = await engine();
  const strong = await firstPhase(lib, lib.plannerPolicy({ search: lib.STRONG_SEARCHES() }));
  const standard = await firstPhase(lib, lib.plannerPolicy());
  expect(strong).not.toEqual(standard);
  const errors = watchErrors(page);
  const requests: string[] = [];
  await strongPage(page, requests);
  await ready(page, BOARD);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const commands = () => page.evaluate(() => (window as unknown as { commands: unknown[] }).commands);
  await expect.poll(async () => (await commands()).length, { timeout: 150_000, intervals: [250] }).toBeGreaterThanOrEqual(strong.length);
  // The marines' phase is over: the autopilot waits for the invaders (the person) and sends no more.
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }[] };
  expect(await commands()).toEqual(strong);
  expect(requests).toEqual(expect.arrayContaining(['/doom-board-ai.js', '/doom-board-ai-worker.js']));
  // The page's own time in its longest task (the trace's thread time): the search runs in the worker.
  const main = trace.traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const tasks = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.includes(`${e.pid}:${e.tid}`));
  const longestCpu = Math.max(...tasks.map((t) => (t.tdur ?? t.dur ?? 0) / 1000));
  console.log(JSON.stringify({ commands: strong.length, longestTaskCpuMs: Math.round(longestCpu) }));
  expect(longestCpu).toBeLessThanOrEqual(50);
  expect(errors).toEqual([]);
});

test('ai-strength unset (standard): the doom2004 marines play as the shipped autopilot does in Node — its search (DOOM2004_AUTOPILOT_SEARCH), not the planner alone\'s phase — from the worker', async ({ page }) => {
  test.setTimeout(180_000);
  const lib = await engine();
  // The first seed whose marines' first phase the search changes (the planner's first plan often stands).
  let seed = 0;
  let standard: unknown[] = [];
  for (let s = 1; s <= 20 && !seed; s++) {
    standard = await firstPhase(lib, lib.plannerPolicy(), s);
    if (JSON.stringify(standard) !== JSON.stringify(await firstPhase(lib, lib.plannerPolicy({ search: null }), s))) seed = s;
  }
  expect(seed).toBeGreaterThan(0);
  const errors = watchErrors(page);
  const requests: string[] = [];
  await strongPage(page, requests, null, 'autopilot="marines"', seed);
  await ready(page, BOARD);
  const commands = () => page.evaluate(() => (window as unknown as { commands: unknown[] }).commands);
  await expect.poll(async () => (await commands()).length, { timeout: 150_000, intervals: [250] }).toBeGreaterThanOrEqual(standard.length);
  await page.waitForTimeout(1000);
  expect(await commands()).toEqual(standard);
  expect(requests).toEqual(expect.arrayContaining(['/doom-board-ai.js', '/doom-board-ai-worker.js']));
  expect(errors).toEqual([]);
});

test('a doom2004 board with the AI warms its worker: one searched hint of the first position asked at load, its answer not shown; a doom2016 board asks none', async ({ page }) => {
  const errors = watchErrors(page);
  // Every message the page posts to a worker, as the worker gets it.
  await page.addInitScript(() => {
    const w = window as unknown as { posted: { op?: string; figure?: string; options?: { limit?: number } }[] };
    w.posted = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: unknown[]) {
      w.posted.push(m as never);
      return (post as (...a: unknown[]) => void).call(this, m, ...rest);
    };
  });
  const posted = () => page.evaluate(() => (window as unknown as { posted: { op?: string; options?: { limit?: number } }[] }).posted.map((m) => `${m.op}:${m.options?.limit ?? ''}`));
  await strongPage(page, [], null, '');
  await ready(page, BOARD);
  await expect.poll(posted, { timeout: 20_000 }).toEqual(['hints:3']);
  await page.waitForTimeout(500);
  expect(await posted()).toEqual(['hints:3']);
  // Nothing drawn or said for it: the Hint text and arrows stay empty until asked.
  expect((await page.locator(`#${BOARD} .hint`).allTextContents()).join('')).toBe('');
  await expect(page.locator(`#${BOARD} .plans line, #${BOARD} .plans polyline`)).toHaveCount(0);
  // A doom2016 board's searched hints are cheap: no warm-up.
  await routeBundlePage(page, 'http://tutorial.test', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head><body>
    <script type="module" src="/doom-board.js"></script>
    <doom-board id="t" mode="play" ai seed="1" label="Tutorial"><script type="application/json">${bundledScenarioText('doom2016-tutorial')}</script></doom-board></body></html>`);
  await page.goto('http://tutorial.test/');
  await ready(page, 't');
  await page.waitForTimeout(1500);
  expect(await posted()).toEqual([]);
  expect(errors).toEqual([]);
});

test('ai-strength="hard": the autopilot stops, the explanation line naming the value and the two there are', async ({ page }) => {
  await strongPage(page, [], 'hard');
  await ready(page, BOARD);
  await expect(page.locator(`#${BOARD} [part="explanation"]`)).toContainText('The autopilot stopped: strength must be "standard" or "strong", got "hard"', { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { commands: unknown[] }).commands.length)).toBe(0);
});
test('ai-strength="hard" on a board without the autopilot: the Hint says the value is not one of the two, and nothing is played', async ({ page }) => {
  const errors = watchErrors(page);
  await strongPage(page, [], 'hard', '');
  await ready(page, BOARD);
  const board = page.locator(`#${BOARD}`);
  await board.getByRole('button', { name: 'Hint' }).click();
  await expect(board.locator('.hint')).toContainText('No hint: ai-strength must be "standard" or "strong", got "hard".');
  await expect(board.locator('svg .plans .plan')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { commands: unknown[] }).commands.length)).toBe(0);
  expect(errors).toEqual([]);
});


test('ai-strength="strong": the Hint\'s first plan is the strong search\'s (it says so) where it is not the standard first plan', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  // A position of the seeded game (the planner on both sides) where the two first plans differ: the
  // first whose hints at the two strengths begin apart, marines to decide.
  const lib = await engine();
  await lib.loadCore();
  const g = lib.createGame(JSON.parse(skirmishText()) as Scenario, { seed: SEED }) as Game<GameState>;
  const policies = { marines: lib.plannerPolicy(), invaders: lib.plannerPolicy() };
  const played: unknown[] = [];
  const first = (strength?: 'strong') => lib.distinctPlans(lib.hints(g.state, undefined, { limit: 60, ...(strength ? { strength } : {}) }), 3)[0];
  while (!(lib.situationOf(g.state) && !(g.state as { turn?: unknown }).turn && g.view().side === 'marines' && JSON.stringify(first('strong').commands) !== JSON.stringify(first().commands))) {
    expect(played.length).toBeLessThan(60);
    const step = lib.nextStep(g, policies, 40)!;
    played.push(step.command);
    expect(g.apply(step.command).ok).toBe(true);
  }
  const a1 = (c: { x: number; y: number }) => `${String.fromCharCode(65 + c.x)}${c.y + 1}`;
  const strongTo = first('strong').to!;
  const standardTo = first().to!;
  expect(a1(strongTo)).not.toBe(a1(standardTo));
  const firstLine = async (strength: string | null) => {
    await strongPage(page, [], strength, '');
    await ready(page, BOARD);
    // The same commands played on the element's own game (as a player's clicks would).
    for (const c of played) expect(await page.evaluate(async ({ id, c }) => (await (document.getElementById(id) as unknown as { _play: { apply(c: unknown): Promise<{ ok: boolean }> } })._play.apply(c))?.ok, { id: BOARD, c })).toBe(true);
    const board = page.locator(`#${BOARD}`);
    await board.getByRole('button', { name: 'Hint' }).click();
    await expect(board.locator('.hint')).toContainText('Hint: 1. ', { timeout: 30_000 });
    return /1\. (.*?)(?= 2\. |\n|$)/s.exec((await board.locator('.hint').textContent())!)![1];
  };
  const strong = await firstLine('strong');
  const standard = await firstLine(null);
  expect(strong).toContain(`move to ${a1(strongTo)}`);
  expect(strong).toMatch(/; the best of the top 4 when each is played out up to twice by the autopilot on both sides$/);
  expect(standard).toContain(`move to ${a1(standardTo)}`);
  expect(standard).not.toContain('up to twice');
  expect(errors).toEqual([]);
});

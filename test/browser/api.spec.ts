/**
 * The API in the browser: the real, built server (`node lib/cli.js serve --static dist-demo`: demo + API, as `npm start` runs it) on loopback;
 * two browser contexts hold the two seats of one server game, and a move made in one appears in
 * the other within a second (the live stream). The reference page (/docs) renders the document.
 */
import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { cell, ready, watchErrors } from './helpers.ts';
import { documentValidators } from '../../src/api/document-validators.ts';
import { contractChecker } from '../api/contract-checker.ts';

const PORT = 5191;
const URL_ = `http://127.0.0.1:${PORT}`;
const BOARD = 'server-board';
let server: BuiltServer | null = null;
let checkAnswer: ReturnType<typeof contractChecker>['checkAnswer'];

test.beforeAll(async () => {
  server = await startBuiltServer(PORT);
  const document = await (await fetch(`${URL_}/openapi.json`)).json();
  ({ checkAnswer } = contractChecker(document, documentValidators(document)));
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * Every API answer the page receives (from the server, or from msw's service worker) is checked
 * against openapi.yaml, as the Vitest API tests check theirs. `done()` lists the violations.
 */
function checkApiAnswers(page: Page) {
  const checks: Promise<string | null>[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    const type = r.headers()['content-type'] ?? null;
    if (!url.pathname.startsWith('/api/v1/') || type?.startsWith('text/event-stream')) return;
    checks.push(
      r.text().then(
        (text) => {
          try {
            checkAnswer(r.request().method(), url.pathname + url.search, r.status(), type, text);
            return null;
          } catch (e) {
            return (e as Error).message;
          }
        },
        () => null, // a body the page no longer holds (navigation): nothing to check
      ),
    );
  });
  return async () => {
    const results = await Promise.all(checks);
    return { checked: results.length, violations: results.filter((x) => x !== null) };
  };
}

async function clickCell(page: Page, x: number, y: number): Promise<void> {
  const box = (await cell(page, BOARD, x, y).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('two browsers play one server game: a move in one appears in the other within a second', async ({ browser }) => {
  test.setTimeout(60_000);
  const created = await (await fetch(`${URL_}/api/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenarioId: 'd20-skirmish', seed: 1 }) })).json();
  const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
  const empire = await a.newPage();
  const alliance = await b.newPage();
  const errors = [...watchErrors(empire), ...watchErrors(alliance)];
  const answers = [checkApiAnswers(empire), checkApiAnswers(alliance)];
  await empire.goto(`${URL_}/server-game.html?game=${created.id}#seat=${created.seats.empire}`);
  await alliance.goto(`${URL_}/server-game.html?game=${created.id}#seat=${created.seats.alliance}`);
  await ready(empire, BOARD);
  await ready(alliance, BOARD);
  const status = (p: Page) => p.locator(`#${BOARD} [part="status"]`);
  await expect(status(empire)).toHaveText('Round 1 — empire: activation 1 of 2');
  await expect(status(alliance)).toHaveText('Round 1 — empire: activation 1 of 2');

  // The empire activates Trooper 1 (B2): the alliance's board shows it within a second.
  await clickCell(empire, 1, 1);
  await empire.locator(`#${BOARD} button`, { hasText: 'Activate Trooper 1' }).click();
  await expect(status(empire)).toHaveText('Round 1 — empire: Trooper 1 is activating');
  await expect(status(alliance)).toHaveText('Round 1 — empire: Trooper 1 is activating', { timeout: 1000 });

  // The empire moves Trooper 1 to C2 (once its reach is drawn): the alliance sees it there within a second.
  await expect(empire.locator(`#${BOARD} svg .reach-cells`)).toHaveAttribute('d', /M/);
  await clickCell(empire, 2, 1);
  await expect(cell(empire, BOARD, 2, 1)).toHaveAttribute('aria-label', /Trooper 1/);
  await expect(cell(alliance, BOARD, 2, 1)).toHaveAttribute('aria-label', /Trooper 1/, { timeout: 1000 });

  // Both seats' logs read the same, and so do they after a reload (the log is the server's history).
  const logOf = (p: Page) => p.locator(`#${BOARD} [part="log"] li`).allInnerTexts();
  expect(await logOf(empire)).toEqual(['Trooper 1 activates', 'Trooper 1 moves from B2 to C2 (1 square of movement)']);
  await expect.poll(() => logOf(alliance), { timeout: 2000 }).toEqual(await logOf(empire));
  // Only the seat that sent the last command may take it back: the other seat's Undo is off.
  const undo = (p: Page) => p.locator(`#${BOARD} button`, { hasText: 'Undo' });
  await expect(undo(alliance)).toBeDisabled();
  await expect(undo(empire)).toBeEnabled();
  await undo(empire).click();
  await expect(cell(alliance, BOARD, 1, 1)).toHaveAttribute('aria-label', /Trooper 1/, { timeout: 1000 });
  expect((await logOf(empire)).at(-1)).toBe('Undone: the last command was taken back');
  await expect.poll(() => logOf(alliance), { timeout: 2000 }).toEqual(await logOf(empire));
  await alliance.reload();
  await ready(alliance, BOARD);
  await expect.poll(() => logOf(alliance), { timeout: 2000 }).toEqual(await logOf(empire));
  await expect(empire.locator(`#${BOARD} svg .reach-cells`)).toHaveAttribute('d', /M/);
  await clickCell(empire, 2, 1);
  await expect(cell(alliance, BOARD, 2, 1)).toHaveAttribute('aria-label', /Trooper 1/, { timeout: 1000 });
  // The alliance's stream may draw the move before the empire's own log does: wait for both to say it.
  const moved = ['Trooper 1 activates', 'Trooper 1 moves from B2 to C2 (1 square of movement)', 'Undone: the last command was taken back', 'Trooper 1 moves from B2 to C2 (1 square of movement)'];
  await expect.poll(() => logOf(empire), { timeout: 2000 }).toEqual(moved);
  await expect.poll(() => logOf(alliance), { timeout: 2000 }).toEqual(moved);
  // A reload of the empire's seat link still knows the last command is its own: Undo stays on there, off for the alliance.
  await empire.reload();
  await ready(empire, BOARD);
  await expect.poll(() => logOf(empire), { timeout: 2000 }).toEqual(moved);
  await expect(undo(empire)).toBeEnabled();
  await expect(undo(alliance)).toBeDisabled();

  // The server holds exactly these commands, from the empire's seat.
  const log = await (await fetch(`${URL_}/api/v1/games/${created.id}/events`)).json();
  expect(log.entries.map((e: { side: string; kind: string; command?: { type: string } }) => [e.side, e.kind === 'undo' ? 'undo' : e.command?.type])).toEqual([['empire', 'activate'], ['empire', 'move'], ['empire', 'undo'], ['empire', 'move']]);
  expect(errors).toEqual([]);
  for (const done of answers) {
    const { checked, violations } = await done();
    expect(violations).toEqual([]);
    expect(checked).toBeGreaterThan(2);
  }
  await Promise.all([a.close(), b.close()]);
});

test('phone: the other seat\'s command is scrolled into view when the board is wider than the screen', async ({ browser }) => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${URL_}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const created = await (await post('/api/v1/games', { scenarioId: 'd20-skirmish', seed: 1 })).json();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const alliance = await context.newPage();
  const errors = watchErrors(alliance);
  await alliance.goto(`${URL_}/server-game.html?game=${created.id}#seat=${created.seats.alliance}`);
  await ready(alliance, BOARD);
  const box = alliance.locator(`#${BOARD} .board-scroll`);
  // The alliance's phone shows its own figures at the right end of the 16-column board.
  const scrolledAway = await box.evaluate((b) => {
    b.scrollLeft = b.scrollWidth;
    return b.scrollWidth > b.clientWidth ? b.scrollLeft : 0;
  });
  expect(scrolledAway).toBeGreaterThan(0);
  const trooper = cell(alliance, BOARD, 1, 1);
  const inView = async () => {
    const [c, b] = await Promise.all([trooper.boundingBox(), box.boundingBox()]);
    return c!.x >= b!.x - 1 && c!.x + c!.width <= b!.x + b!.width + 1;
  };
  expect(await inView()).toBe(false);
  // The empire's seat, elsewhere, activates Trooper 1 (B2): the alliance's board brings B2 into its box.
  const res = await post(`/api/v1/games/${created.id}/commands`, { type: 'activate', figure: 'trooper-1' }, { authorization: `Bearer ${created.seats.empire}`, 'if-match': '0' });
  expect(res.status).toBe(200);
  await expect(alliance.locator(`#${BOARD} [part="status"]`)).toHaveText('Round 1 — empire: Trooper 1 is activating', { timeout: 2000 });
  await expect.poll(inView, { timeout: 2000 }).toBe(true);
  expect(await box.evaluate((b) => b.scrollLeft)).toBeLessThan(scrolledAway);
  expect(errors).toEqual([]);
  await context.close();
});

test('the reference page renders the document from this server alone, and "try it" answers 2xx as shipped', async ({ page }) => {
  test.setTimeout(60_000);
  const elsewhere: string[] = [];
  page.on('request', (r) => { if (!r.url().startsWith(URL_) && !r.url().startsWith('data:')) elsewhere.push(r.url()); });
  const errors = watchErrors(page);
  await page.goto(`${URL_}/docs`);
  await expect(page.getByRole('heading', { name: /doom-board API/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#sandbox-note')).toContainText('sandbox game');
  // Start a game, then submit a command to the sandbox game, through the page's own forms.
  for (const [id, status] of [['createGame', '201'], ['submitCommand', '200']] as const) {
    const op = page.locator(`#operations-games-${id}`);
    await op.locator('.opblock-summary-control').click();
    await op.getByRole('button', { name: 'Execute' }).click();
    await expect(op.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(status, { timeout: 10_000 });
  }
  // Nothing in the page offers to send the document elsewhere.
  await expect(page.getByText(/Ask AI|Generate MCP|Deploy/)).toHaveCount(0);
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});

test('server mode in the page (?mock): the same handlers under msw play a game', async ({ page }) => {
  const errors = watchErrors(page);
  const answers = checkApiAnswers(page);
  await page.goto(`${URL_}/server-game.html?mock`);
  await expect(page.locator('#scenario-id option[value="d20-skirmish"]')).toBeAttached();
  await page.locator('#scenario-id').selectOption('d20-skirmish');
  await page.getByRole('button', { name: 'Start a server game' }).click();
  await ready(page, BOARD);
  const status = page.locator(`#${BOARD} [part="status"]`);
  await expect(status).toHaveText('Round 1 — empire: activation 1 of 2');
  await clickCell(page, 1, 1);
  await page.locator(`#${BOARD} button`, { hasText: 'Activate Trooper 1' }).click();
  await expect(status).toHaveText('Round 1 — empire: Trooper 1 is activating');
  // The game is in the page's msw handlers, not on the server.
  const onServer = await (await fetch(`${URL_}/api/v1/scenarios`)).json();
  expect(onServer.scenarios.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  const { checked, violations } = await answers();
  expect(violations).toEqual([]);
  expect(checked).toBeGreaterThan(2);
});

test('the API page asks the server through the generated client', async ({ page }) => {
  const errors = watchErrors(page);
  const answers = checkApiAnswers(page);
  await page.goto(`${URL_}/api.html`);
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(page.locator('#answer-summary')).toContainText('RULES §');
  // Said in the board's words (figures by name, spaces as the board labels them), not ids and corner coordinates.
  await expect(page.locator('#answer-summary')).toContainText(/^Alpha → Cacodemon: /);
  await expect(page.locator('#answer-summary')).not.toContainText(/\(\d+,\d+\)/);
  await expect(page.locator('#answer')).toContainText('"los"');
  expect(errors).toEqual([]);
  const { checked, violations } = await answers();
  expect(violations).toEqual([]);
  expect(checked).toBeGreaterThan(0);
});

/**
 * In the page: start the tutorial, let the invader activate its imp, ask for its hints and for the
 * odds of the best plan's attack, and play that plan (plain fetch, same origin: the real server,
 * or msw's service worker on the ?mock page).
 */
const askAiInPage = (page: Page) => page.evaluate(async () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const game = await (await post('/api/v1/games', { scenarioId: 'doom2016-tutorial', seed: 1 })).json();
  const auth = { authorization: `Bearer ${game.seats.invader}` };
  await (await post(`/api/v1/games/${game.id}/commands`, { type: 'status', discard: [] }, { ...auth, 'if-match': '0' })).text();
  await (await post(`/api/v1/games/${game.id}/commands`, { type: 'activate-demons', demon: 'imp' }, { ...auth, 'if-match': '1' })).text();
  // Read every body: Playwright waits for a body the page never read before it can check it.
  const asSpectator = await fetch(`/api/v1/games/${game.id}/hints`);
  await asSpectator.text();
  const spectator = asSpectator.status;
  const hints = await (await fetch(`/api/v1/games/${game.id}/hints?limit=3`, { headers: auth })).json();
  const scenario = await (await fetch('/api/v1/scenarios/doom2016-tutorial')).json();
  const best = hints.plans[0];
  const odds = await (await post('/api/v1/board/odds', { scenario, attacker: 'imp-1', target: best.target, seed: 1 })).json();
  const played: number[] = [];
  let version = hints.version;
  for (const c of best.commands) {
    const res = await post(`/api/v1/games/${game.id}/commands`, c, { ...auth, 'if-match': String(version++) });
    await res.text();
    played.push(res.status);
  }
  return { spectator, figure: hints.figure, target: best.target, plans: hints.plans.length, hit: odds.odds?.hit, played };
});

/** What askAiInPage must find, wherever the API runs; every answer the page received matches the document. */
async function expectAiAnswers(r: Awaited<ReturnType<typeof askAiInPage>>, errors: string[], answers: ReturnType<typeof checkApiAnswers>) {
  expect(r.spectator).toBe(401);
  expect(r.figure).toBe('imp-1');
  expect(['alpha', 'bravo', 'charlie', 'delta']).toContain(r.target);
  expect(r.plans).toBe(3);
  expect(r.hit).toBeGreaterThan(0);
  expect(r.played.every((s) => s === 200)).toBe(true);
  // The spectator's 401 was asked for (the browser logs it as a failed resource).
  expect(errors.filter((e) => !/^HTTP 401 .*\/hints$|status of 401/.test(e))).toEqual([]);
  const { checked, violations } = await answers();
  expect(violations).toEqual([]);
  expect(checked).toBeGreaterThan(5);
}

test('AI over HTTP from a page on the server: hints for the acting imp, the odds of its attack, the plan played', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const answers = checkApiAnswers(page);
  await page.goto(`${URL_}/api.html`);
  await expectAiAnswers(await askAiInPage(page), errors, answers);
});

test('AI over HTTP under msw in the page (?mock): the same hints, odds and play', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const answers = checkApiAnswers(page);
  await page.goto(`${URL_}/server-game.html?mock`);
  await expect(page.locator('#scenario-id option[value="d20-skirmish"]')).toBeAttached();
  await expectAiAnswers(await askAiInPage(page), errors, answers);
});

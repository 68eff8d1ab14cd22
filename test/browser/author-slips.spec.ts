// A wiki author's slips with the one-tag bundle on a plain page (a review's findings, 2026-12-02):
// each is named inside the board, the page gets no exception, and what can still be shown is.
import { expect, test, type Page } from '@playwright/test';
import { recordEvents, routeBundlePage, watchErrors } from './helpers.ts';

const ORIGIN = 'http://slips.test';
const CORRIDOR = { ruleset: 'doom2016', map: ['.......', '.......', '.......'], figures: [{ id: 'alpha', side: 'marines', type: 'marine', x: 0, y: 0 }, { id: 'imp', side: 'invader', type: 'imp', x: 4, y: 2 }], sides: ['marines', 'invader'] };

async function open(page: Page, boards: string): Promise<void> {
  await recordEvents(page);
  await routeBundlePage(page, ORIGIN, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slips</title></head><body><main>
    <script type="module" src="/doom-board.js"></script>${boards}</main></body></html>`);
  await page.goto(`${ORIGIN}/`);
}

const inline = (scenario: unknown) => `<script type="application/json">${JSON.stringify(scenario)}</script>`;

test('no scenario, or a misspelt scenario attribute: the error box says so (not "Loading board…" for ever), and a scenario set later still loads', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, '<doom-board id="none"></doom-board><doom-board id="typo" scenrio="/scenarios/corridor.json" data-note="x"></doom-board>');
  // Said a second after the page's load: waited for generously, a busy machine loads late.
  await expect(page.locator('#none [part="error"]')).toContainText('No scenario: set the scenario attribute (a URL), the scenario property, or add an inline <script type="application/json">.', { timeout: 15_000 });
  await expect(page.locator('#typo [part="error"]')).toContainText('Attributes doom-board does not know: scenrio.');
  await expect(page.locator('#typo [part="error"]')).not.toContainText('data-note');
  await expect(page.locator('#none')).not.toContainText('Loading board');
  const said = await page.evaluate(() => (window as unknown as { doomEvents: { type: string; target: string }[] }).doomEvents.filter((e) => e.type === 'doom-error').map((e) => e.target));
  expect(said.sort()).toEqual(['none', 'typo']);
  await page.evaluate((s) => ((document.getElementById('none') as unknown as { scenario: unknown }).scenario = s), CORRIDOR);
  await expect(page.locator('#none [role="grid"]')).toBeVisible();
  await expect(page.locator('#none [part="error"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('mp="abc": the reach uses the ruleset\'s MP and the status names the bad value; nothing is thrown into the page', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, `<doom-board id="b" mp="abc">${inline(CORRIDOR)}</doom-board><doom-board id="c" mp="4.5">${inline(CORRIDOR)}</doom-board>`);
  await expect(page.locator('#b [role="grid"]')).toBeVisible();
  await page.evaluate(() => (document.getElementById('b') as unknown as { select(id: string): Promise<void> }).select('alpha'));
  await expect(page.locator('#b [role="status"][aria-live="polite"]')).toHaveText(/^Alpha at A1 selected: \d+ spaces within 4 MP \(mp "abc" is not a whole number from 0 to 4000: the ruleset's 4 MP shown\)$/);
  await page.evaluate(() => (document.getElementById('c') as unknown as { select(id: string): Promise<void> }).select('alpha'));
  await expect(page.locator('#c [role="status"][aria-live="polite"]')).toContainText('(mp "4.5" is not a whole number');
  // The reach is the 4 MP one: as many spaces as on a board given mp="4".
  await page.evaluate((s) => {
    const d = document.createElement('doom-board');
    d.id = 'd';
    d.setAttribute('mp', '4');
    (d as unknown as { scenario: unknown }).scenario = s;
    document.querySelector('main')!.append(d);
  }, CORRIDOR);
  await expect(page.locator('#d [role="grid"]')).toBeVisible();
  await page.evaluate(() => (document.getElementById('d') as unknown as { select(id: string): Promise<void> }).select('alpha'));
  const spaces = async (id: string) => /(\d+) spaces within/.exec((await page.locator(`#${id} [role="status"][aria-live="polite"]`).textContent())!)![1];
  await expect(page.locator('#d [role="status"][aria-live="polite"]')).toContainText('spaces within 4 MP');
  expect(await spaces('b')).toBe(await spaces('d'));
  expect(errors).toEqual([]);
});

test('theme="drak": the board is drawn (in the light theme) and its note names the bad value; theme="dark" has no note', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, `<doom-board id="b" theme="drak">${inline(CORRIDOR)}</doom-board><doom-board id="c" theme="dark">${inline(CORRIDOR)}</doom-board>`);
  await expect(page.locator('#b [role="grid"]')).toBeVisible();
  await expect(page.locator('#b [role="note"]')).toHaveText('Warning: theme: "drak" is not one of light, dark, auto');
  await expect(page.locator('#c [role="grid"]')).toBeVisible();
  await expect(page.locator('#c [role="note"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a 300×300 map: the error box names the rows too wide once and stays short', async ({ page }) => {
  const map = Array.from({ length: 300 }, () => '.'.repeat(300));
  await open(page, `<doom-board id="b">${inline({ ...CORRIDOR, map })}</doom-board>`);
  const box = page.locator('#b [part="error"]');
  await expect(box).toContainText('map[0]: expected at most 256 characters, got 300 — the same for map[1] … map[299]');
  expect(await box.locator('li').count()).toBeLessThanOrEqual(13);
  expect((await box.boundingBox())!.height).toBeLessThan(600);
});

test('target() of a figure not on the board: named, and the status keeps no stray target', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, `<doom-board id="b">${inline(CORRIDOR)}</doom-board>`);
  await expect(page.locator('#b [role="grid"]')).toBeVisible();
  await page.evaluate(async () => {
    const b = document.getElementById('b') as unknown as { select(id: string): Promise<void>; target(id: string): Promise<void> };
    await b.select('alpha');
    await b.target('nobody');
  });
  const said = await page.evaluate(() => (window as unknown as { doomEvents: { type: string; detail: { message: string } }[] }).doomEvents.filter((e) => e.type === 'doom-error').map((e) => e.detail.message));
  expect(said).toEqual(['no figure "nobody" on this board']);
  await expect(page.locator('#b')).not.toContainText('Nobody');
  expect(errors).toEqual([]);
});

test('two url-state boards without ids: each says they would overwrite each other\'s state, naming the fix', async ({ page }) => {
  await open(page, `<doom-board url-state>${inline(CORRIDOR)}</doom-board><doom-board url-state>${inline(CORRIDOR)}</doom-board>`);
  const boards = page.locator('doom-board');
  await expect(boards.nth(1).locator('[role="grid"]')).toBeVisible();
  for (const i of [0, 1]) await expect(boards.nth(i)).toContainText('give each board an id');
});

test('replay: no step is announced before the board is ready but the one shown', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { steps: { step: number; ready: boolean }[]; isReady: boolean };
    w.steps = [];
    document.addEventListener('doom-ready', () => (w.isReady = true));
    document.addEventListener('doom-step', (e) => w.steps.push({ step: (e as CustomEvent).detail.step, ready: !!w.isReady }));
  });
  await open(page, '<doom-board id="r" mode="replay" scenario="/examples/d20-cover-nearest.json"></doom-board>');
  await expect(page.locator('#r [part="caption"]')).toBeAttached();
  await expect.poll(() => page.evaluate(() => (window as unknown as { isReady?: boolean }).isReady)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { steps: unknown[] }).steps)).toEqual([{ step: 0, ready: false }]);
});

/** Shared helpers of the browser tests. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** A file of the built bundle (dist/: `npm run build:lib`). */
export const DIST = (f: string) => fileURLToPath(new URL(`../../dist/${f}`, import.meta.url));
/** A bundled scenario's JSON text. */
export const bundledScenarioText = (id: string) => readFileSync(fileURLToPath(new URL(`../../src/scenario/bundled/${id}.json`, import.meta.url)), 'utf8');

/**
 * Serve `body` at `origin`/ with the built bundle (dist/doom-board*.js, and the scenarios and
 * examples of dist/) beside it, as a page that copied dist/ would: every other path is a 404, and
 * `missing` bundle files too. Each path asked is
 * pushed to `requests`.
 */
export async function routeBundlePage(page: Page, origin: string, body: string, requests: string[] = [], missing: string[] = []): Promise<void> {
  await page.route(`${origin}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    requests.push(path);
    if (path === '/') return route.fulfill({ contentType: 'text/html', body });
    if (/^\/doom-board[\w-]*\.js$/.test(path) && !missing.includes(path)) return route.fulfill({ contentType: 'text/javascript', body: readFileSync(DIST(path.slice(1))) });
    // The scenarios and worked examples dist/ carries (scripts/copy-scenarios.mjs).
    if (/^\/(scenarios|examples)\/[\w-]+\.json$/.test(path) && existsSync(DIST(path.slice(1)))) return route.fulfill({ contentType: 'application/json', body: readFileSync(DIST(path.slice(1))) });
    return route.fulfill({ status: 404, body: 'not found' });
  });
}

/** Fail the test on console errors, uncaught exceptions and failed requests. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()} ${res.url()}`);
  });
  return errors;
}

/** The keyboard grid of a board (Playwright's CSS locators pierce the open shadow root). */
export function grid(page: Page, boardId: string): Locator {
  return page.locator(`#${boardId} [role="grid"]`);
}

/** Wait until a board has drawn its grid. */
export async function ready(page: Page, boardId: string): Promise<Locator> {
  const g = grid(page, boardId);
  await expect(g).toBeVisible();
  await expect(g.locator('[role="gridcell"]').first()).toBeAttached();
  return g;
}

/** The polite live region of a board. */
export function live(page: Page, boardId: string): Locator {
  return page.locator(`#${boardId} [role="status"][aria-live="polite"]`);
}

/** The label of cell "C4"-style name of a board. */
export function cell(page: Page, boardId: string, x: number, y: number): Locator {
  return page.locator(`#${boardId} #c-${x}-${y}`);
}

/** Press keys in order. */
export async function keys(page: Page, ...list: string[]): Promise<void> {
  for (const k of list) await page.keyboard.press(k);
}

/** Move the grid cursor from (fx, fy) to (tx, ty) with arrow keys. */
export async function walk(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
}

/** Record every doom-* event fired on the page (they bubble and are composed). */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { doomEvents: { type: string; target: string; detail: unknown }[] };
    w.doomEvents = [];
    for (const type of ['doom-ready', 'doom-select', 'doom-target', 'doom-move', 'doom-door', 'doom-action', 'doom-undo', 'doom-change', 'doom-hint', 'doom-error']) {
      document.addEventListener(type, (e) => {
        w.doomEvents.push({ type, target: (e.target as HTMLElement).id, detail: (e as CustomEvent).detail });
      });
    }
  });
}

export async function events(page: Page, type?: string): Promise<{ type: string; target: string; detail: Record<string, unknown> }[]> {
  const all = await page.evaluate(() => (window as unknown as { doomEvents: { type: string; target: string; detail: Record<string, unknown> }[] }).doomEvents);
  return type ? all.filter((e) => e.type === type) : all;
}

/** Puts a `<doom-board id=…>` with these attributes, then this scenario (as its property), first in the page's main. */
export async function addBoard(page: Page, id: string, attributes: Record<string, string>, scenario: unknown): Promise<void> {
  await page.evaluate(({ id, attributes, scenario }) => {
    const b = document.createElement('doom-board');
    b.id = id;
    for (const [name, value] of Object.entries(attributes)) b.setAttribute(name, value);
    (b as unknown as { scenario: unknown }).scenario = scenario;
    document.querySelector('main')!.prepend(b);
  }, { id, attributes, scenario });
}

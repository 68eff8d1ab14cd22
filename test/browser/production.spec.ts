/**
 * The site as `npm start` serves it (the built server and the built demo): every page loads with
 * no console error or warning (Lit in production mode, no dev client, no failed request), and each
 * page's boards render. The server's cold start is measured by bench/server-start.mjs.
 */
import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBuiltServer, type BuiltServer } from './built-server.ts';

const PORT = 5192;
const SITE = fileURLToPath(new URL('../../dist-demo', import.meta.url));
const PAGES = readdirSync(SITE).filter((f) => f.endsWith('.html')).sort();
let server: BuiltServer | null = null;

test.beforeAll(async () => {
  server = await startBuiltServer(PORT);
});
test.afterAll(async () => {
  await server?.stop();
});

test('the built site has the wiki pages, the API reference and the rules', () => {
  expect(PAGES).toEqual(expect.arrayContaining(['index.html', 'docs.html', 'api.html', 'server-game.html', 'solo.html', 'embed.html', 'rules.html']));
});

for (const file of PAGES) {
  test(`${file}: no console error or warning, no failed request, boards drawn`, async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) => messages.push(`failed: ${r.url()}`));
    page.on('response', (r) => { if (r.status() >= 400) messages.push(`HTTP ${r.status()} ${r.url()}`); });
    await page.goto(`${server!.url}/${file}`);
    await page.waitForLoadState('networkidle');
    const boards = page.locator('doom-board');
    for (let i = 0; i < await boards.count(); i++) {
      await expect(boards.nth(i).locator('[role="gridcell"], [part="error"]').first()).toBeAttached({ timeout: 15_000 });
      await expect(boards.nth(i).locator('[part="error"]')).toHaveCount(0);
    }
    expect(messages).toEqual([]);
  });
}

test('rules.html is docs/rules.md rendered at build time, with every anchor the citations link to', async ({ page }) => {
  const md = readFileSync(fileURLToPath(new URL('../../docs/rules.md', import.meta.url)), 'utf8');
  const anchors = [...md.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
  expect(anchors.length).toBeGreaterThan(50);
  await page.goto(`${server!.url}/rules.html#rule-3-blow-through`);
  expect(await page.locator('main.rules [id]').evaluateAll((els) => els.map((e) => e.id))).toEqual(anchors);
  await expect(page.locator('[id="rule-3-blow-through"]').locator('xpath=..')).toContainText('blow-through');
  await expect(page.locator('main.rules')).not.toContainText('<!--docs/rules.md-->');
});

/**
 * The bundle on a plain HTML page: no bundler, no dev server, only dist/doom-board.js (built by
 * `npm test` before the browser tests). The page is served from a made-up origin by request
 * interception, with a strict Content Security Policy that allows only 'wasm-unsafe-eval'.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cell, ready, watchErrors } from './helpers.ts';

const BUNDLE = fileURLToPath(new URL('../../dist/doom-board.js', import.meta.url));
const ORIGIN = 'http://embed.test';
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'unsafe-inline'";

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Plain page</title></head>
<body>
  <h1>A plain page</h1>
  <script type="module" src="/doom-board.js"></script>
  <doom-board id="plain" label="Inline scenario">
    <script type="application/json">
      {
        "ruleset": "doom2016",
        "title": "Inline",
        "map": ["......", "......", "..dd..", "......"],
        "edges": [{ "from": [3, 0], "to": [3, 2], "kind": "wall" }, { "from": [0, 3], "to": [2, 3], "kind": "door" }],
        "figures": [
          { "id": "alpha", "side": "marines", "type": "marine", "x": 0, "y": 0 },
          { "id": "imp", "side": "invader", "type": "imp", "x": 5, "y": 3 }
        ],
        "sides": ["marines", "invader"]
      }
    </script>
  </doom-board>
  <doom-board id="broken">
    <script type="application/json">{ "ruleset": "doom2016", "map": ["..."], "figures": [{ "id": "a", "side": "x", "type": "marine", "x": 41, "y": 0 }], "sides": ["x", "y"] }</script>
  </doom-board>
</body>
</html>`;

test('a plain HTML page loading only the bundle renders a board from an inline scenario', async ({ page }) => {
  const errors = watchErrors(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', headers: { 'Content-Security-Policy': CSP }, body: PAGE });
    if (url.pathname === '/doom-board.js') return route.fulfill({ contentType: 'text/javascript', body: readFileSync(BUNDLE) });
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${ORIGIN}/`);

  const g = await ready(page, 'plain');
  await expect(g).toHaveAttribute('aria-label', 'Inline scenario');
  await expect(g.locator('[role="row"]')).toHaveCount(4);
  await expect(g.locator('[role="gridcell"]')).toHaveCount(24);
  await expect(cell(page, 'plain', 0, 0)).toHaveAttribute('aria-label', /A1, floor, Alpha \(marines\)/);
  await expect(cell(page, 'plain', 2, 2)).toHaveAttribute('aria-label', 'C3, difficult terrain');
  await expect(page.locator('#plain svg .wall')).toHaveAttribute('d', /M96 0V64/);
  await expect(page.locator('#plain svg .door')).toHaveAttribute('d', 'M0 96H64');
  await expect(page.locator('#plain svg [data-figure]')).toHaveCount(2);

  // Selecting works in the bundle too (the Wasm core answers).
  await g.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#plain [part="status"]')).toContainText('Alpha at A1');
  await expect(page.locator('#plain svg .reach-cells')).toHaveAttribute('d', /M/);

  // The malformed inline scenario shows a readable error inside its element.
  await expect(page.locator('#broken [part="error"]')).toContainText('figures[0].x');

  expect(errors).toEqual([]);
  expect(new Set(requests)).toEqual(new Set([`${ORIGIN}/`, `${ORIGIN}/doom-board.js`]));
});

test('the bundle plays doom2016 and doom2004, loading each rules engine, the play table and the legend from beside it on demand', async ({ page }) => {
  const errors = watchErrors(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  const bundled = (name: string) => readFileSync(fileURLToPath(new URL(`../../src/scenario/bundled/${name}`, import.meta.url)), 'utf8');
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Play</title></head><body>
    <script type="module" src="/doom-board.js"></script>
    <doom-board id="tutorial" mode="play" label="Tutorial"><script type="application/json">${bundled('doom2016-tutorial.json')}</script></doom-board>
    <doom-board id="skirmish" mode="play" label="Skirmish"><script type="application/json">${bundled('doom2004-skirmish.json')}</script></doom-board>
  </body></html>`;
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', headers: { 'Content-Security-Policy': CSP }, body });
    if (/^\/doom-board(-doom20(16|04)|-table|-editor|-legend|-blast)?\.js$/.test(path)) {
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(fileURLToPath(new URL(`../../dist${path}`, import.meta.url))) });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${ORIGIN}/`);
  await expect(page.locator('#tutorial [part="status"]')).toContainText('Round 1');
  await expect(page.locator('#skirmish [part="status"]')).not.toBeEmpty();
  await expect(page.locator('#skirmish [part="error"]')).toHaveCount(0);
  // The table (on demand too) shows the marines' hands and equipment.
  await expect(page.locator('#tutorial').getByRole('region', { name: 'Play table' })).toContainText('Health 10 of 10');
  // The cards come with the doom2016 engine (doom-board.js knows the card sets by name only): Bravo's dealt hand.
  await expect(page.locator('#tutorial').getByRole('region', { name: 'Play table' })).toContainText('Burst Fire');
  await expect(page.locator('#skirmish').getByRole('region', { name: 'Play table' })).toContainText('Weapons: fist, pistol, grenade');
  // The legend's list comes with its first opening.
  expect(requests).not.toContain('/doom-board-legend.js');
  await page.locator('#tutorial [part="legend"] summary').click();
  await expect(page.locator('#tutorial [part="legend"]').getByText('Wall: blocks movement and sight', { exact: true })).toBeVisible();
  await page.locator('#skirmish [part="legend"] summary').click();
  await expect(page.locator('#skirmish [part="legend"]').getByText('Cheapest path', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  expect(new Set(requests)).toEqual(new Set(['/', '/doom-board.js', '/doom-board-doom2016.js', '/doom-board-doom2004.js', '/doom-board-table.js', '/doom-board-legend.js', '/doom-board-blast.js']));
  expect(requests.filter((r) => r === '/doom-board-legend.js')).toHaveLength(1);
});

test('the bundle edits a board, loading the editor from beside it on demand', async ({ page }) => {
  const errors = watchErrors(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Edit</title></head><body>
    <script type="module" src="/doom-board.js"></script>
    <doom-board id="editor" mode="edit" label="Editor"></doom-board>
  </body></html>`;
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', headers: { 'Content-Security-Policy': CSP }, body });
    if (/^\/doom-board(-editor)?\.js$/.test(path)) {
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(fileURLToPath(new URL(`../../dist${path}`, import.meta.url))) });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${ORIGIN}/`);
  await expect(page.locator('#editor [part="editor"]')).toBeVisible();
  expect(errors).toEqual([]);
  expect(new Set(requests)).toEqual(new Set(['/', '/doom-board.js', '/doom-board-editor.js']));
});

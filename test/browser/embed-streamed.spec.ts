/**
 * An inline scenario the parser has not finished: the element is defined (an async module script,
 * or a bundler's classic script in the head) while the page is still arriving, so it meets its
 * `<script type="application/json">` with only part of the text. A real loopback server sends the
 * page in two parts and holds the second until the page says the element is defined: the board
 * must show the whole scenario, not "not valid JSON", and an editor must edit it, not start blank.
 * A page whose inline JSON is broken still says so once the page is parsed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cell, ready, watchErrors } from './helpers.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

const SCENARIO = JSON.stringify(
  {
    ruleset: 'doom2016',
    title: 'Streamed',
    map: ['......', '......', '..dd..', '......'],
    figures: [
      { id: 'alpha', side: 'marines', type: 'marine', x: 0, y: 0 },
      { id: 'imp', side: 'invader', type: 'imp', x: 5, y: 3 },
    ],
    sides: ['marines', 'invader'],
  },
  null,
  2,
);

/** The page up to the middle of the scenario's text (an editor's page: up to its start tag), and the rest. */
function pageParts(json: string, mode: 'explore' | 'edit'): [string, string] {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Streamed</title><link rel="icon" href="data:,">
<script type="module" async>import '/doom-board.js'; await customElements.whenDefined('doom-board'); fetch('/defined');</script></head>
<body><h1>A page that arrives slowly</h1>
<doom-board id="slow" mode="${mode}" label="Streamed scenario">`;
  const page = `${head}<script type="application/json">${json}</script></doom-board>\n<p>The end of the page.</p></body></html>`;
  const cut = mode === 'edit' ? head.length : page.indexOf('"figures"');
  return [page.slice(0, cut), page.slice(cut)];
}

let server: Server;
let base = '';
/** Each page's second part, sent once the page reports the element defined. */
const waiting = new Set<() => void>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/doom-board.js' || /^\/doom-board-[\w-]+\.js$/.test(path)) {
      try {
        return res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(DIST + path.slice(1)));
      } catch {
        return res.writeHead(404).end();
      }
    }
    if (path === '/defined') {
      for (const send of waiting) send();
      waiting.clear();
      return res.writeHead(204).end();
    }
    const json = path === '/broken' ? SCENARIO.replace('"figures"', '"figures" oops') : SCENARIO;
    if (path !== '/' && path !== '/broken' && path !== '/edit') return res.writeHead(404).end();
    const [first, rest] = pageParts(json, path === '/edit' ? 'edit' : 'explore');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(first);
    const send = (r: ServerResponse) => () => r.end(rest);
    const timer = setTimeout(send(res), 10_000); // never hang a test: the rest goes anyway
    waiting.add(() => {
      clearTimeout(timer);
      // A moment for the element's first read of the partial text to happen before the rest arrives.
      setTimeout(send(res), 200);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test('an element defined before its inline scenario has fully arrived shows the whole scenario, not a JSON error', async ({ page }) => {
  const errors = watchErrors(page);
  const defined = page.waitForRequest(`${base}/defined`);
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await defined;
  // The element met its scenario's first half: no error box meanwhile either.
  await page.waitForTimeout(100);
  await expect(page.locator('#slow [part="error"]')).toHaveCount(0);
  const g = await ready(page, 'slow');
  await expect(g).toHaveAttribute('aria-label', 'Streamed scenario');
  await expect(g.locator('[role="row"]')).toHaveCount(4);
  // The second half (the figures) is on the board.
  await expect(cell(page, 'slow', 0, 0)).toHaveAttribute('aria-label', /A1, floor, Alpha \(marines\)/);
  await expect(cell(page, 'slow', 5, 3)).toHaveAttribute('aria-label', /Imp/);
  await expect(page.locator('#slow [part="error"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a broken inline scenario on a slowly arriving page is reported once the page is parsed', async ({ page }) => {
  const defined = page.waitForRequest(`${base}/defined`);
  await page.goto(`${base}/broken`, { waitUntil: 'commit' });
  await defined;
  await expect(page.locator('#slow [part="error"]')).toContainText('The inline scenario is not valid JSON');
});

test('an editor defined before its inline scenario has arrived edits that scenario, not a blank board', async ({ page }) => {
  const errors = watchErrors(page);
  // Every board the editor draws: a blank one first would be one too many.
  await page.addInitScript(() => {
    const w = window as unknown as { drawn: number };
    w.drawn = 0;
    document.addEventListener('doom-ready', () => w.drawn++, true);
  });
  const defined = page.waitForRequest(`${base}/defined`);
  await page.goto(`${base}/edit`, { waitUntil: 'commit' });
  await defined;
  const g = await ready(page, 'slow');
  await expect(g.locator('[role="row"]')).toHaveCount(4);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { drawn: number }).drawn)).toBe(1);
  await expect(cell(page, 'slow', 5, 3)).toHaveAttribute('aria-label', /Imp/);
  await expect(page.locator('#slow [part="error"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

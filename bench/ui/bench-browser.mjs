/**
 * The page every component bench measures in: Debian's Chromium (headless, no GPU) and a plain page
 * served from memory with a build of the element (dist/doom-board.js, or another build's file) and
 * bench/ui/bench-page.js. Shared by bench/ui-bench.mjs, bench/ui/large-boards.mjs and
 * bench/ui/profile-large.mjs so that their figures come from the same page.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const root = new URL('../../', import.meta.url);
const ORIGIN = 'http://bench.test';
const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<style>body{margin:0;width:1000px} doom-board{--doom-max-width:1000px;--doom-cell-max:24px}</style></head>
<body><script type="module" src="/doom-board.js"></script></body></html>`;

/** Chromium, and `benchPage()` opening a fresh page with the element defined. `bundle`: a path from the repository's root. */
export async function launchBench(bundle = 'dist/doom-board.js') {
  const code = readFileSync(new URL(bundle, root));
  const pageJs = readFileSync(new URL('bench/ui/bench-page.js', root));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  async function benchPage() {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1200 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: HTML });
      if (path === '/doom-board.js') return route.fulfill({ contentType: 'text/javascript', body: code });
      if (path === '/bench-page.js') return route.fulfill({ contentType: 'text/javascript', body: pageJs });
      return route.fulfill({ status: 404, body: '' });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => customElements.get('doom-board'));
    return page;
  }
  return { browser, version: browser.version(), benchPage };
}

/**
 * A bench's cases (a TypeScript module of bench/) as one ES module for a browser page and for Node:
 * Vite bundles it with the Wasm core inlined and no code splitting, into a fresh temporary folder.
 * Returns the module's path and its text; `remove()` deletes the folder.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export async function browserModule(entry, fileName) {
  const root = new URL('../', import.meta.url);
  const outDir = mkdtempSync(join(tmpdir(), 'doom-bench-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: { entry: fileURLToPath(new URL(entry, root)), formats: ['es'], fileName: () => fileName },
      assetsInlineLimit: Number.MAX_SAFE_INTEGER,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const path = join(outDir, fileName);
  return { path, text: readFileSync(path), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** Debian's Chromium, headless, as the browser benches run it (`CHROMIUM_PATH` for another). */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A blank page at http://bench.test/ that serves `files` (path → JavaScript text) and nothing else; page errors are printed. */
export async function benchPage(browser, files) {
  const origin = 'http://bench.test';
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body></body></html>' });
    if (Object.hasOwn(files, path)) return route.fulfill({ contentType: 'text/javascript', body: files[path] });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${origin}/`);
  return page;
}

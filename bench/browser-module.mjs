/**
 * A bench's cases (a TypeScript module of bench/) as one ES module for a browser page and for Node:
 * Vite bundles it with the Wasm core inlined and no code splitting, into a fresh temporary folder.
 * Returns the module's path and its text; `remove()` deletes the folder.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Debian's Chromium, headless, as the browser benches run it (`CHROMIUM_PATH` for another). `cpu`:
 * every Chromium process pinned to that CPU (taskset), so that a page's timings meet the core a
 * native baseline pinned there meets.
 */
export async function launchChromium({ cpu } = {}) {
  const { chromium } = await import('@playwright/test');
  const binary = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  let executablePath = binary;
  let wrapperDir = null;
  if (cpu !== undefined && cpu !== null) {
    wrapperDir = mkdtempSync(join(tmpdir(), 'doom-chromium-'));
    executablePath = join(wrapperDir, 'chromium');
    writeFileSync(executablePath, `#!/bin/sh\nexec taskset -c ${Number(cpu)} ${JSON.stringify(binary)} "$@"\n`, { mode: 0o755 });
  }
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (wrapperDir) browser.on('disconnected', () => rmSync(wrapperDir, { recursive: true, force: true }));
  return browser;
}

/**
 * A blank page at http://bench.test/ that serves `files` (path → JavaScript text) and nothing else;
 * page errors are printed. `isolated`: the page cross-origin isolated (COOP and COEP, on an https
 * origin: isolation needs a secure context), where Chromium's clock counts in 5 µs steps instead of 100 µs.
 */
export async function benchPage(browser, files, { isolated = false } = {}) {
  const headers = isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {};
  const origin = isolated ? 'https://bench.test' : 'http://bench.test';
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', headers, body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body></body></html>' });
    if (Object.hasOwn(files, path)) return route.fulfill({ contentType: 'text/javascript', headers, body: files[path] });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${origin}/`);
  return page;
}

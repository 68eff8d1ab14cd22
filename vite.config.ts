import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { yamlAsJson } from './vite.modules.ts';
import { aiWorker, rulesPage, swaggerUi } from './vite.site.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const demoRoot = fileURLToPath(new URL('./demo', import.meta.url));

// Demo pages live in demo/ (one HTML file per wiki page) and import ../components, ../src and
// ../build (the Wasm core, via `?init`).
const pages = Object.fromEntries(
  readdirSync(demoRoot).filter((f) => f.endsWith('.html')).map((f) => [f.replace(/\.html$/, ''), `${demoRoot}/${f}`]),
);

export default defineConfig({
  root: demoRoot,
  // A missing file is a 404, not the index page (scenario URLs must fail loudly).
  appType: 'mpa',
  plugins: [yamlAsJson(), swaggerUi(), aiWorker(), rulesPage()],
  server: {
    fs: { allow: [repoRoot] },
  },
  // Pre-bundle Lit at start-up so that the first page load never triggers a re-optimisation reload.
  optimizeDeps: {
    include: ['lit', 'lit/directives/guard.js', 'openapi-fetch', 'msw/browser'],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist-demo', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { input: pages },
  },
});

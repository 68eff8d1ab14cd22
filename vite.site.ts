/** Plugins of the demo site's build (vite.config.ts). */

/**
 * Swagger UI's prebuilt files (swagger-ui-dist) for the API reference page, at /vendor/swagger-ui/:
 * served from node_modules by the dev server and copied into the built site. Only these two files:
 * the rest of the package (its own index page, source maps) is not part of the site.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import type { Plugin } from 'vite';

const FILES: Record<string, string> = { 'swagger-ui-bundle.js': 'text/javascript', 'swagger-ui.css': 'text/css' };
const PREFIX = '/vendor/swagger-ui/';
const dir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
// The bundle ends with a pointer to its source map, which the site does not carry.
const read = (f: string) => readFileSync(join(dir(), f), 'utf8').replace(/\n\/[*/]# sourceMappingURL=[^\n]*\s*$/, '\n');

export function swaggerUi(): Plugin {
  return {
    name: 'doom-board:swagger-ui',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const f = req.url?.startsWith(PREFIX) ? req.url.slice(PREFIX.length).split('?')[0] : '';
        if (!FILES[f]) return next();
        res.setHeader('content-type', FILES[f]);
        res.end(read(f));
      });
    },
    generateBundle() {
      for (const f of Object.keys(FILES)) this.emitFile({ type: 'asset', fileName: `vendor/swagger-ui/${f}`, source: read(f) });
    },
  };
}

/**
 * The AI's Web Worker for the built site. The demo's pages are built from the sources, and the AI
 * module looks for its worker beside itself (`./doom-board-ai-worker.js`), as it does in dist/: the
 * site gets the worker dist/ has (`npm run bundle` builds it first), so its pages think off the main
 * thread like an embedding page does.
 */
export function aiWorker(): Plugin {
  const file = fileURLToPath(new URL('./dist/doom-board-ai-worker.js', import.meta.url));
  return {
    name: 'doom-board:ai-worker',
    apply: 'build',
    generateBundle() {
      if (!existsSync(file)) this.error(`${file} is missing: run \`npm run bundle\` before building the site`);
      this.emitFile({ type: 'asset', fileName: 'assets/doom-board-ai-worker.js', source: readFileSync(file) });
    },
  };
}

/**
 * The rules reference page (demo/rules.html): docs/rules.md, the file the package ships, rendered
 * into the page's `<!--docs/rules.md-->` when the page is served or built, so the site and the
 * package always show the same text. The file's own `<a id="rule-…">` anchors are kept as written:
 * they are what the boards' rule citations link to (`rules-href`).
 */
export function rulesPage(): Plugin {
  const file = fileURLToPath(new URL('./docs/rules.md', import.meta.url));
  const MARK = '<!--docs/rules.md-->';
  return {
    name: 'doom-board:rules-page',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!ctx.path.endsWith('/rules.html')) return html;
        if (!html.includes(MARK)) throw new Error(`rules.html has no ${MARK} to render docs/rules.md into`);
        return html.replace(MARK, () => marked.parse(readFileSync(file, 'utf8'), { async: false }));
      },
    },
  };
}

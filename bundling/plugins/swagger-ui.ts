/**
 * Swagger UI's prebuilt files (swagger-ui-dist) for the API reference page, at /vendor/swagger-ui/:
 * served from node_modules by the dev server and copied into the built site. Only these two files:
 * the rest of the package (its own index page, source maps) is not part of the site.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

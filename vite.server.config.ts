import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { inlineWasmAsText, yamlAsJson } from './vite.modules.ts';

const src = (f: string) => fileURLToPath(new URL(`./src/server/${f}`, import.meta.url));
const pkg = (await import('./package.json', { with: { type: 'json' } })).default as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];

// `doom-board/server` (lib/server.js) and the `doom-board` command (lib/cli.js): plain Node modules,
// built once, so the server starts with no TypeScript transform or bundler at run time. Packages the
// package depends on stay imports; everything of its own (the engine, the API, the OpenAPI document)
// is built in.
export default defineConfig({
  publicDir: false,
  plugins: [inlineWasmAsText(), yamlAsJson()],
  build: {
    ssr: true,
    outDir: fileURLToPath(new URL('./lib', import.meta.url)),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      // The heavy-work threads' own entry (worker-pool.ts starts lib/heavy-worker.js): it loads the grid core itself.
      input: { server: src('index.ts'), cli: src('cli.ts'), 'heavy-worker': src('heavy-worker.ts') },
      external: (id) => builtinModules.includes(id) || id.startsWith('node:') || external.some((d) => id === d || id.startsWith(`${d}/`)),
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        banner: (chunk) => (chunk.name === 'cli' && chunk.isEntry ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});

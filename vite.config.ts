import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// Demo pages live in demo/ and import ../src and ../build (the Wasm core, via `?init`).
export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  server: {
    fs: { allow: [repoRoot] },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist-demo', import.meta.url)),
    emptyOutDir: true,
  },
});

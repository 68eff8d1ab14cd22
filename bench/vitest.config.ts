import { defineConfig } from 'vitest/config';

// Benchmarks run through Vitest only so that the `?init` Wasm import works as in the tests; they
// are not part of `npm test` (see package.json "bench").
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    testTimeout: 30 * 60 * 1000,
    fileParallelism: false,
  },
});

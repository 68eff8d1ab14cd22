import { defineConfig } from 'vitest/config';

// Benchmarks run through Vitest only so that the `?init` Wasm import works as in the tests; they
// are not part of `npm test` (see package.json "bench").
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    testTimeout: 30 * 60 * 1000,
    fileParallelism: false,
    // Each measurement starts after a full collection (bench/measure.ts collectGarbage), so that the
    // garbage of the rows before it (e.g. reach results) is not collected during its samples.
    execArgv: ['--expose-gc'],
  },
});

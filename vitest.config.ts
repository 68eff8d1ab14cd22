import { defineConfig } from 'vitest/config';

// Node-side tests. Browser tests (test/browser) run under Playwright, not Vitest.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    reporters: ['default'],
    testTimeout: 60_000,
  },
});

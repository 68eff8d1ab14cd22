import { defineConfig } from 'vitest/config';
import { yamlAsJson } from './bundling/plugins/yaml-as-json.ts';

// Node-side tests. Browser tests (test/browser) run under Playwright, not Vitest.
export default defineConfig({
  plugins: [yamlAsJson()],
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    // The JSON report feeds test/summary.mjs (the closing "N passed, N failed" line of npm test).
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Generous: a whole-game test or a fixture built in beforeAll must not fail because the machine is busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from '@playwright/test';

// Playwright cannot download browsers here: use Debian's Chromium (.ci/run installs it).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Distinct from `npm start` (5173); PW_PORT picks another when several checkouts test at once.
const PORT = Number(process.env.PW_PORT ?? 5174);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'test/browser',
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // Serves demo/ (see vite.config.ts). build/core.wasm must exist: `npm test` runs asbuild first.
    command: `npx vite --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

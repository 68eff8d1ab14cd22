// Prints one closing line for the whole `npm test` run from the Vitest and Playwright JSON reports.
import { readFileSync } from 'node:fs';

const read = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));
const unit = read('reports/vitest.json');
const browser = read('reports/playwright.json').stats;
const passed = unit.numPassedTests + browser.expected + browser.flaky;
const failed = unit.numFailedTests + browser.unexpected;
const skipped = unit.numPendingTests + unit.numTodoTests + browser.skipped;
console.log(`Unit and contract tests (Vitest): ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
console.log(`Browser tests (Playwright, Chromium): ${browser.expected} passed, ${browser.unexpected} failed`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;

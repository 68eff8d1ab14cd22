/**
 * The embeddable bundle (dist/doom-board.js, built by `npm test` before Vitest runs, or by
 * `npm run build:lib`): one self-contained file, JS + Wasm ≤ 60 KB gzipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const BUDGET = 60 * 1024;

describe('bundle', () => {
  test('dist/ holds exactly one file, doom-board.js (the Wasm is inlined)', () => {
    expect(existsSync(DIST), 'dist/ is missing: run `npm run build:lib`').toBe(true);
    expect(readdirSync(DIST)).toEqual(['doom-board.js']);
  });

  test('it imports nothing and fetches no separate .wasm file', () => {
    const js = readFileSync(`${DIST}doom-board.js`, 'utf8');
    expect(js).not.toMatch(/^\s*import\s|[;}\n]\s*import\s*[{"'*\w]/m);
    expect(js).not.toMatch(/\.wasm["'`]/);
    expect(js).toContain('data:application/wasm;base64,');
  });

  test(`JS + Wasm are at most ${BUDGET / 1024} KB gzipped`, () => {
    const bytes = readdirSync(DIST).reduce((n, f) => n + gzipSync(readFileSync(`${DIST}${f}`), { level: 9 }).length, 0);
    console.log(`bundle: ${(bytes / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)`);
    expect(bytes).toBeLessThanOrEqual(BUDGET);
  });
});

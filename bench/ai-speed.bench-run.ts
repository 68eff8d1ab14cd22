/**
 * AI speed (issue 13), medians in Node: exact odds for 12 dice with a re-roll option; hints for one
 * figure on a 26×26 board with 16 figures; an autopilot decision for a group of 6 demons. The cases
 * are bench/ai-browser-cases.ts, which `npm run bench:ai-browser` also runs in Chromium.
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { expect, test } from 'vitest';
import { runAiCase, setupAiCases } from './ai-browser-cases.ts';

const format = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

test('AI speed', async () => {
  const results = (await setupAiCases()).map((c) => runAiCase(c.id));
  console.log(['| case | median | target | met |', '|---|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${format(r.ms)} | ≤ ${r.target} ms | ${r.ms <= r.target ? 'yes' : 'NO'} |`)].join('\n'));
  const ms = (id: string) => results.find((r) => r.id === id)!.ms;
  expect(ms('odds-reroll')).toBeLessThanOrEqual(5);
  expect(ms('hints-demon')).toBeLessThanOrEqual(16);
  expect(ms('autopilot-group')).toBeLessThanOrEqual(50);
});

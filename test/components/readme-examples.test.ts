/**
 * The README's scenario guide must be enough to write a playable board: every JSON example of its
 * "Scenario format" section is a valid scenario, and a seeded game of it runs several rounds with
 * only legal commands (each accepted by the engine).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/index.ts';
import { createGame } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function guideExamples(): Scenario[] {
  const start = README.indexOf('\n## Scenario format\n');
  expect(start, 'README has a "Scenario format" section').toBeGreaterThan(0);
  const end = README.indexOf('\n## ', start + 5);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]) as Scenario);
}

beforeAll(async () => {
  await loadCore();
});

describe('README scenario guide', () => {
  const examples = guideExamples();

  test('has a doom2016 and a doom2004 example', () => {
    expect(examples.map((s) => s.ruleset).sort()).toEqual(['doom2004', 'doom2016']);
  });

  for (const scenario of examples) {
    test(`the ${scenario.ruleset} example "${scenario.title}" plays three rounds with legal commands only`, () => {
      const game = createGame(scenario, { seed: scenario.seed ?? 1 });
      // A simple seeded player: prefer attacks, then cards / actions, then the first legal command.
      let pick = 12345;
      const rand = (n: number) => {
        pick = (pick * 1103515245 + 12345) % 2147483648;
        return pick % n;
      };
      let applied = 0;
      const kinds = new Set<string>();
      while (game.view().round < 4 && !game.view().winner && applied < 2000) {
        const legal = game.legalActions();
        expect(legal.length, `no legal command at: ${game.view().status}`).toBeGreaterThan(0);
        const attacks = legal.filter((c) => c.type === 'attack');
        const c = attacks.length && rand(2) ? attacks[rand(attacks.length)] : legal[rand(legal.length)];
        const r = game.apply(c);
        expect(r.ok, `refused ${JSON.stringify(c)}: ${r.ok ? '' : r.refusal.message}`).toBe(true);
        kinds.add(c.type);
        applied++;
      }
      expect(game.view().round >= 4 || game.view().winner !== null, game.view().status).toBe(true);
      expect(kinds.has('move')).toBe(true);
    });
  }
});

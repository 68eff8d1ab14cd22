/** The play table's objective in plain words, and "what now" when the board gives no next step (issue 21). */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameView } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { objectiveWords } from '../../components/panels/play-table.ts';

beforeAll(async () => {
  await loadCore();
});

const words = (id: string, edit?: (state: Record<string, unknown>) => void) => {
  const g = createGame(bundledScenarios.get(id)!, { seed: 1 });
  const state = structuredClone(g.state) as unknown as Record<string, unknown>;
  edit?.(state);
  return objectiveWords({ view: g.view() as GameView, state });
};

test('doom2016 tutorial: both sides\' goals with the count so far; no "what now" while demons are on the board', () => {
  const w = words('doom2016-tutorial');
  expect(w.lines).toEqual([
    expect.stringMatching(/^The marines win when no demon is left on the board after a door has been opened: \d+ demons? on the board, 0 doors opened\.$/),
    'The invader wins at 2 kill tokens (with 4 marines): 0 so far.',
  ]);
  expect(w.now).toBe('');
});

test('doom2016 tutorial: every demon in sight dead and no door opened — "open a door to go on"', () => {
  const w = words('doom2016-tutorial', (s) => {
    s.figures = (s.figures as { side: string }[]).filter((f) => f.side === s.marineSide);
  });
  expect(w.lines[0]).toContain('0 demons on the board, 0 doors opened');
  expect(w.now).toBe('No demon is left on the board: open a door to go on.');
});

test('doom2004 skirmish: frags and, with no invader in sight, "explore"', () => {
  const w = words('doom2004-skirmish', (s) => {
    s.figures = (s.figures as { marine: boolean }[]).filter((f) => f.marine);
  });
  expect(w.lines).toContain('The invader wins at 6 frag points: 0 so far.');
  expect(w.now).toMatch(/^No invader is in sight: explore — open doors and enter the unexplored areas/);
});

/**
 * `Game.preview(command)` says what `apply(command)` would do — the same events, or the same
 * refusal — and keeps nothing: the state (dice included), the history and what comes next are as
 * if it had never been asked. The element prices a choice with it (a doom2004 move through or round
 * damaging obstacles) instead of routing the move a second time itself.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { rng } from '../core/random-boards.ts';
import { pickCommand } from './random-play.ts';

beforeAll(async () => {
  await loadCore();
});

describe.each(['doom2016-tutorial', 'doom2004-skirmish', 'd20-skirmish'])('%s', (id) => {
  test('in random games, every command previewed first: the preview is the apply, and leaves the game as it was', () => {
    let checked = 0;
    for (const seed of [1, 2, 3]) {
      const g = createGame(bundledScenarios.get(id)!, { seed });
      const r = rng(seed * 104729 + 7);
      for (let i = 0; i < 120 && g.view().winner === null; i++) {
        const legal = g.legalActions();
        if (!legal.length) break;
        const c = pickCommand(legal, r, ['attack', 'action', 'play', 'defend', 'reroll', 'guard-attack'], 0.4);
        const before = g.state;
        const history = g.history;
        const seen = g.preview(c);
        expect(g.state).toEqual(before);
        expect(g.history).toEqual(history);
        expect(g.apply(c)).toEqual(seen);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  test('a refused command previews as the same refusal', () => {
    const g = createGame(bundledScenarios.get(id)!, { seed: 1 });
    const bad = { type: 'move', figure: 'nobody', to: { x: 0, y: 0 } };
    expect(g.preview(bad)).toEqual(g.apply(bad));
    expect(g.preview(bad).ok).toBe(false);
    expect(g.preview(null as never)).toEqual({ ok: false, refusal: { rule: 'command', message: 'a command is an object with a string "type"' } });
  });
});

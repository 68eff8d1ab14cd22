/**
 * A space beyond the board in a command (a move's `to`, an attack's target space) is refused as off
 * the board, naming the field, the space and the board's size — in every ruleset, before the rules
 * read it (they would only say nothing can move or attack there) — and the game is unchanged.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Command, type GameState } from '../../src/rules/index.ts';
import type { Game } from '../../src/rules/game.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { nextStep, plannerPolicy } from '../../src/ai/autopilot/index.ts';

beforeAll(async () => {
  await loadCore();
});

/** The first legal command with a space field reached in a seeded game (both sides the planner), and the game there. */
function withSpace(id: string): { game: Game<GameState>; command: Command; field: string } {
  const scenario = bundledScenarios.get(id)!;
  const game = createGame(scenario, { seed: 3 }) as Game<GameState>;
  const policies = Object.fromEntries((scenario.sides as string[]).map((s) => [s, plannerPolicy({ search: null })]));
  for (let n = 0; n < 400; n++) {
    for (const c of game.legalActions()) {
      const field = Object.keys(c).find((k) => typeof c[k] === 'object' && c[k] !== null && Number.isInteger((c[k] as { x?: unknown }).x));
      if (field) return { game, command: c, field };
    }
    const step = nextStep(game, policies, 40)!;
    expect(game.apply(step.command).ok).toBe(true);
  }
  throw new Error(`no command with a space in ${id}`);
}

describe('a space off the board', () => {
  for (const id of ['d20-skirmish', 'doom2004-skirmish', 'doom2016-tutorial']) {
    test(`${id}: refused as off the board, naming the field, the space and the board; nothing changes`, () => {
      const { game, command, field } = withSpace(id);
      const { width, height } = game.state.board;
      const before = JSON.stringify(game.state);
      const r = game.apply({ ...command, [field]: { ...(command[field] as object), x: width + 2, y: 1 } });
      expect(r).toEqual({ ok: false, refusal: { rule: 'command', message: `${game.state.ruleset} ${command.type}: ${field} (${width + 2},1) is off the board, which is ${width}×${height} spaces (x 0–${width - 1}, y 0–${height - 1})` } });
      const below = game.apply({ ...command, [field]: { ...(command[field] as object), x: 0, y: height } });
      expect(below.ok).toBe(false);
      expect(JSON.stringify(game.state)).toBe(before);
      // The legal command itself is still accepted.
      expect(game.apply(command).ok).toBe(true);
    });
  }
});

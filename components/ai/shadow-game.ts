/**
 * The full game state behind a GameClient, for the AI (odds need the decks, the autopilot the whole
 * position; the client only shows `view()`): a private copy of the game, kept in step with the
 * client's command history (replayed from the scenario and seed; rebuilt after an undo).
 */
import { createGame, loadRuleset, type GameState } from '../../src/rules/engine.ts';
import type { Game } from '../../src/rules/game.ts';
import type { Command } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { GameClient } from '../engine-client.ts';

/** The first n commands agree (a history only grows or shrinks at its end: its last common command tells). */
const same = (a: Command[], b: Command[], n: number) => n === 0 || JSON.stringify(a[n - 1]) === JSON.stringify(b[n - 1]);

/**
 * A function giving the client's current state. `scenario` and `seed` must be the client's game's,
 * unless the client has `replay()` (a server game), which tells them.
 * Calls are queued: two callers at once never apply the same command twice.
 */
export function shadowState(client: GameClient, scenario: Scenario, seed: number): () => Promise<GameState> {
  let game: Game<GameState> | null = null;
  let applied: Command[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const sync = async () => {
    // A server game says where it came from (its scenario and seed need not be this page's).
    const replay = client.replay ? await client.replay() : null;
    const history = replay ? replay.commands : await client.history();
    // After an undo the history is a prefix of what was applied: take the same commands back.
    if (game && history.length < applied.length && same(applied, history, history.length)) {
      while (applied.length > history.length && game.undo()) applied.pop();
    }
    if (!game || history.length < applied.length || !same(history, applied, applied.length)) {
      const from = replay ?? { scenario, seed };
      await loadRuleset(from.scenario.ruleset);
      game = createGame(from.scenario, { seed: from.seed }) as Game<GameState>;
      applied = [];
    }
    for (const c of history.slice(applied.length)) {
      const r = game.apply(c);
      if (!r.ok) throw new Error(`the AI's copy of the game refused ${c.type}: ${r.refusal.message} (was the seed the same?)`);
      applied.push(c);
    }
    return game.state;
  };
  return () => {
    const next = queue.then(sync, sync);
    queue = next.catch(() => undefined);
    return next;
  };
}

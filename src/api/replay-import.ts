/**
 * Replays out and in: the export carries an integrity check (replay-integrity.ts); an import is
 * checked against it before and after replaying, and becomes a new live game with fresh seats.
 */
import type { Command } from '../rules/index.ts';
import type { Scenario } from '../scenario/index.ts';
import { stateOf, type GameService, type LiveGame } from './games.ts';
import { creationKey, type IdempotencyKey } from './idempotency.ts';
import { checkFinalState, checkReplayFile, integrityOf, type ReplayIntegrity } from './replay-integrity.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];

/** The game as scenario + seed + standing commands, with their integrity check. */
export async function replayOf(live: LiveGame): Promise<Schemas['Replay']> {
  const { scenario, seed } = live.record;
  const commands = live.game.history;
  return {
    scenario: scenario as unknown as Schemas['Scenario'], seed, commands: commands as Schemas['Command'][],
    integrity: await integrityOf(scenario, seed, commands, stateOf(live)),
  };
}

/**
 * A new game from a replay file: the file must match its check (422 naming what differs), the
 * scenario must pass `validate` (the server's limits and the engine), every command must fit its
 * type's schema (`checkCommand`) and be accepted, and the replayed game must end in the exported state.
 */
export async function importReplay(
  games: GameService, q: Schemas['Replay'], validate: (input: unknown) => Scenario,
  checkCommand: (command: unknown, ruleset: string, index: number) => Command,
  key?: IdempotencyKey,
) {
  const integrity = q.integrity as ReplayIntegrity | undefined;
  await checkReplayFile(q.scenario, q.seed, q.commands as Command[], integrity);
  const scenario = validate(q.scenario);
  // Each command as its type's schema reads it (what is stored), or a 422 naming it.
  const commands = (q.commands as unknown[]).map((c, i) => checkCommand(c, scenario.ruleset, i));
  // Nothing is stored before the final state is known to match: replay on a scratch game first.
  const created = await games.createPlayed(scenario, q.seed, commands, (finalState) => checkFinalState(finalState, integrity!), key && creationKey(key, scenario.sides));
  return created;
}

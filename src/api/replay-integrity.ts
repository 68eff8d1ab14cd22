/**
 * The integrity check a replay carries (issue 20): what was exported, so that an import can tell a
 * file that does not reproduce the game (a command dropped, a map cell edited, another seed) from
 * the real one, and say which part differs.
 *
 * Every hash is SHA-256 (hex) of canonical JSON: JSON.stringify with object keys sorted and no
 * whitespace. It is a check against damage and edits, not a signature: anyone can recompute it
 * (a client that builds a replay itself computes it the same way). An imported game is replayed by
 * the rules anyway, so it is always a game the rules accept.
 */
import pkg from '../../package.json' with { type: 'json' };
import type { Command } from '../rules/index.ts';
import { sha256 } from './games.ts';
import { ApiError, type PathProblem } from './problem.ts';

/** The rules this server plays: a replay from another version may replay to another state. */
export const RULES_VERSION = `doom-board ${(pkg as { version: string }).version}`;

export interface ReplayIntegrity {
  algorithm: 'SHA-256';
  rules: string;
  /** How many commands the replay holds. */
  commands: number;
  /** Hashes of the scenario, of the commands, and of scenario + seed + commands together. */
  scenarioHash: string;
  commandsHash: string;
  digest: string;
  /** Hash of the game's full state after the last command. */
  finalState: string;
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v);
}

const hash = (value: unknown) => sha256(canonicalJson(value));

export async function integrityOf(scenario: unknown, seed: number, commands: Command[], finalState: unknown): Promise<ReplayIntegrity> {
  const [scenarioHash, commandsHash, digest, final] = await Promise.all([hash(scenario), hash(commands), hash({ scenario, seed, commands }), hash(finalState)]);
  return { algorithm: 'SHA-256', rules: RULES_VERSION, commands: commands.length, scenarioHash, commandsHash, digest, finalState: final };
}

const refuse = (message: string, problems: PathProblem[]) => new ApiError(422, 'replay-integrity', message, { rule: 'replay', problems });

/**
 * Check a replay's files against its integrity check before replaying it (422 naming what differs).
 * `integrity` is whatever the body held (a missing check is refused: see openapi.yaml importReplay).
 */
export async function checkReplayFile(scenario: unknown, seed: number, commands: Command[], integrity: ReplayIntegrity | undefined): Promise<void> {
  if (!integrity) {
    throw refuse('the replay carries no integrity check; export it again (GET /api/v1/games/{id}/replay), or compute the check as the document describes', [{ path: '/body/integrity', message: 'missing' }]);
  }
  const problems: PathProblem[] = [];
  if (commands.length !== integrity.commands) {
    problems.push({ path: '/body/commands', message: `${commands.length} commands; the integrity check counts ${integrity.commands} (${commands.length < integrity.commands ? 'some were dropped' : 'some were added'})` });
  } else if ((await hash(commands)) !== integrity.commandsHash) {
    problems.push({ path: '/body/commands', message: 'the commands are not the ones exported (one was edited, or their order changed)' });
  }
  if ((await hash(scenario)) !== integrity.scenarioHash) problems.push({ path: '/body/scenario', message: 'the scenario is not the one exported (e.g. an edited map cell or figure)' });
  if (!problems.length && (await hash({ scenario, seed, commands })) !== integrity.digest) {
    problems.push({ path: '/body/seed', message: `the seed ${seed} is not the one exported (or the integrity check itself was edited)` });
  }
  if (problems.length) throw refuse(`the replay does not match its integrity check: ${problems.map((p) => `${p.path.slice(6)}: ${p.message}`).join('; ')}`, problems);
}

/** After replaying: the final state must be the exported one. */
export async function checkFinalState(finalState: unknown, integrity: ReplayIntegrity): Promise<void> {
  if ((await hash(finalState)) === integrity.finalState) return;
  const other = integrity.rules !== RULES_VERSION ? ` The replay was exported by ${integrity.rules}; this server plays ${RULES_VERSION}.` : '';
  throw refuse(`replaying the commands does not reproduce the exported game: the final state differs.${other}`, [{ path: '/body/integrity/finalState', message: 'the replayed game ends in another state' }]);
}

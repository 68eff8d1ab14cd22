/**
 * A posted command checked against the document's Command schema. Only unknown fields wrong is a
 * command the rules cannot take — 422 naming each field, as the engine refuses it (Game.apply) —
 * while a body that is not a command at all (no `type`, not an object) stays a 400.
 */
import type { Command } from '../rules/types.ts';
import { problemsOf, schemaValidator } from './document.ts';
import { ApiError } from './problem.ts';

export function checkedCommand(value: unknown): Command {
  const valid = schemaValidator('Command');
  if (valid(value)) return value as Command;
  const errors = valid.errors ?? [];
  const problems = problemsOf(errors, '/body');
  if (errors.every((e) => e.keyword === 'additionalProperties')) {
    const names = errors.map((e) => JSON.stringify((e.params as { additionalProperty: string }).additionalProperty));
    throw new ApiError(422, 'unknown-field', `a command has no field ${names.join(', ')} (see the Command schema)`, {
      rule: 'command',
      problems: problems.map((p) => ({ ...p, message: 'unknown field: not a field of any command' })),
    });
  }
  throw new ApiError(400, 'invalid-request', 'the body does not match Command', { problems });
}

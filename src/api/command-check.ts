/**
 * A posted command checked against its type's schema in the document (`<Ruleset><Type>Command`,
 * found through the `discriminator` of the game's ruleset's union; the engine checks the same
 * schemas, src/rules/command-shape.ts). A body that is not a command at all (not an object, no
 * string `type`) is a 400; a command whose type exists but whose fields do not fit — a field of
 * another type, an unknown field, a value out of bounds — is a 422 naming each JSON path. A type the
 * ruleset does not have goes on to the rules, which refuse it listing their types.
 *
 * What comes back is the canonical command: the type's fields in the schema's order, nothing else.
 */
import type { Command } from '../rules/types.ts';
import { openApiDocument, problemsOf, validatorAt } from './document.ts';
import { ApiError } from './problem.ts';

type Schema = { properties?: Record<string, Schema>; $ref?: string; discriminator?: { mapping: Record<string, string> } };
const schemas = (openApiDocument as { components: { schemas: Record<string, Schema> } }).components.schemas;
const RULESET_UNION: Record<string, string> = { d20: 'D20Command', doom2004: 'Doom2004Command', doom2016: 'Doom2016Command' };

/** The pointer of `type`'s schema in `ruleset`, or null when the ruleset has no such type. */
function typePointer(ruleset: string, type: string): string | null {
  const mapping = schemas[RULESET_UNION[ruleset]]?.discriminator?.mapping ?? {};
  return Object.hasOwn(mapping, type) ? mapping[type].slice(1) : null;
}

const resolve = (s: Schema): Schema => (s.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s);

/** A schema's properties in order, references resolved; null when it has none. Made once per schema (every command is made canonical). */
const fieldsOf = new Map<Schema, [string, Schema][] | null>();
function fields(schema: Schema): [string, Schema][] | null {
  let f = fieldsOf.get(schema);
  if (f === undefined) {
    const s = resolve(schema);
    fieldsOf.set(schema, (f = s.properties ? Object.entries(s.properties) : null));
  }
  return f;
}

/** `value` rebuilt with the schema's properties only, in its order (valid values have no others). */
function canonical(schema: Schema, value: unknown): unknown {
  const f = fields(schema);
  if (!f || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, inner] of f) if (v[k] !== undefined) out[k] = canonical(inner, v[k]);
  return out;
}

/** The reference of each type's schema, made once (the key of its fields). */
const refs = new Map<string, Schema>();
const refOf = (pointer: string): Schema => {
  let r = refs.get(pointer);
  if (!r) refs.set(pointer, (r = { $ref: `#${pointer}` }));
  return r;
};

/** The command in `value` for a game of `ruleset`, canonical; ApiError 400/422 naming paths under `at`. */
export function checkedCommand(value: unknown, ruleset: string, at = '/body'): Command {
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof type !== 'string') {
    const problems = typeof value !== 'object' || value === null || Array.isArray(value)
      ? [{ path: at, message: 'a command is an object' }]
      : [{ path: `${at}/type`, message: type === undefined ? 'is required' : 'a command type is a string' }];
    throw new ApiError(400, 'invalid-request', 'the body is not a command (an object with a string "type")', { problems });
  }
  const pointer = typePointer(ruleset, type);
  if (!pointer) {
    if (type.length < 1 || type.length > 64) throw new ApiError(400, 'invalid-request', 'a command type is 1 to 64 characters', { problems: [{ path: `${at}/type`, message: 'length' }] });
    return value as Command; // the rules refuse it, naming their types
  }
  const valid = validatorAt(pointer);
  if (valid(value)) return canonical(refOf(pointer), value) as Command;
  const errors = valid.errors ?? [];
  const problems = problemsOf(errors, at).map((p, i) => errors[i].keyword === 'additionalProperties'
    ? { ...p, message: `unknown field: a ${ruleset} ${type} command has no such field` }
    : p);
  const named = problems.map((p) => p.path.slice(at.length)).join(', ');
  throw new ApiError(422, errors.every((e) => e.keyword === 'additionalProperties') ? 'unknown-field' : 'invalid-command',
    `a ${ruleset} ${type} command does not take this: ${named} (see ${pointer.split('/').pop()})`, { rule: 'command', problems });
}

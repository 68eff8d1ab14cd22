/**
 * The shape of every command type of a ruleset, as JSON Schema (RULES §5: a command is refused
 * with a clear reason). Each ruleset lists its types in its own `commands.ts`; the engine checks a
 * command against its type's schema before the rules read it, and the API's document
 * (openapi.yaml: `<Ruleset><Type>Command`, one per type, `oneOf` by `type`) holds the very same
 * schemas (test/api/command-schemas.test.ts). So a field of another type, an unknown field or an
 * oversized value is refused before anything is stored, and every string, array and number is bounded.
 *
 * The checker interprets only the keywords these schemas use (listed in CHECKED); the test asserts
 * that the tables use no other.
 */
import type { Command, Refusal } from './types.ts';

export type Shape = { [keyword: string]: unknown };

/** The keywords `shapeProblem` checks; nothing else may appear in a command schema. */
export const CHECKED = ['type', 'const', 'enum', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'items', 'properties', 'required', 'additionalProperties', 'maxProperties', 'propertyNames', 'anyOf', 'description'];

/** Ids of figures, cards, tokens, weapons…: scenario ids are at most 64 characters. */
export const id: Shape = { type: 'string', minLength: 1, maxLength: 64 };
/** A coordinate on a map (maps are at most 256 spaces a side). */
const coordinate: Shape = { type: 'integer', minimum: 0, maximum: 255 };
const object = (properties: Record<string, Shape>, required: string[]): Shape => ({ type: 'object', required, additionalProperties: false, properties });
/** A space `{x, y}`. */
export const space = object({ x: coordinate, y: coordinate }, ['x', 'y']);
/** A list of ids. */
export const ids = (maxItems: number): Shape => ({ type: 'array', maxItems, items: id });
export const bool: Shape = { type: 'boolean' };
export const integer = (minimum: number, maximum: number): Shape => ({ type: 'integer', minimum, maximum });
export const oneOfWords = (words: readonly string[]): Shape => ({ type: 'string', enum: [...words] });
/** Argent spread over targets: one target, a list (one per argent), or counts by target (at most 99 argent). */
export const split: Shape = {
  anyOf: [id, ids(99), { type: 'object', maxProperties: 16, propertyNames: id, additionalProperties: integer(0, 99) }],
};

/**
 * A command type's schema: `type` is the constant, the listed fields (required ones marked with a
 * trailing "!") and no other.
 */
export function commandShape(type: string, fields: Record<string, Shape>): Shape {
  const properties: Record<string, Shape> = { type: { const: type } };
  const required = ['type'];
  for (const [name, shape] of Object.entries(fields)) {
    const bare = name.replace(/!$/, '');
    if (bare !== name) required.push(bare);
    properties[bare] = shape;
  }
  return object(properties, required);
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
};
const WORDS: Record<string, string> = { string: 'a string', integer: 'an integer', boolean: 'true or false', object: 'an object', array: 'an array' };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasType = (type: unknown, v: unknown) =>
  type === 'integer' ? Number.isInteger(v) : type === 'object' ? isObject(v) : type === 'array' ? Array.isArray(v) : typeof v === type;

/** The first problem of `v` against `shape`, as "path: message" with a JSON pointer, or null. */
function problem(shape: Shape, v: unknown, path: string): string | null {
  const at = (m: string) => `${path || '/'}: ${m}`;
  if (Array.isArray(shape.anyOf)) {
    const branch = (shape.anyOf as Shape[]).find((b) => hasType(b.type, v));
    return branch ? problem(branch, v, path) : at(`expected ${(shape.anyOf as Shape[]).map((b) => WORDS[b.type as string]).join(' or ')}, got ${show(v)}`);
  }
  if ('const' in shape && v !== shape.const) return at(`expected ${show(shape.const)}, got ${show(v)}`);
  if (shape.type !== undefined && !hasType(shape.type, v)) return at(`expected ${WORDS[shape.type as string]}, got ${show(v)}`);
  if (Array.isArray(shape.enum) && !shape.enum.includes(v)) return at(`${show(v)} is not one of ${shape.enum.join(', ')}`);
  if (typeof v === 'string') {
    if (v.length < ((shape.minLength as number) ?? 0)) return at('expected a non-empty string');
    // Code points, as JSON Schema counts them.
    if (shape.maxLength !== undefined && v.length > (shape.maxLength as number) && [...v].length > (shape.maxLength as number)) return at(`longer than ${shape.maxLength} characters`);
  }
  if (typeof v === 'number') {
    if (v < (shape.minimum as number)) return at(`${v} is below ${shape.minimum}`);
    if (v > (shape.maximum as number)) return at(`${v} is above ${shape.maximum}`);
  }
  if (Array.isArray(v)) {
    if (v.length < ((shape.minItems as number) ?? 0)) return at(`fewer than ${shape.minItems} items`);
    if (v.length > (shape.maxItems as number)) return at(`more than ${shape.maxItems} items`);
    for (let i = 0; i < v.length; i++) {
      const p = problem(shape.items as Shape, v[i], `${path}/${i}`);
      if (p) return p;
    }
  }
  if (isObject(v)) {
    const props = (shape.properties ?? {}) as Record<string, Shape>;
    const keys = Object.keys(v);
    if (keys.length > (shape.maxProperties as number)) return at(`more than ${shape.maxProperties} entries`);
    for (const k of (shape.required ?? []) as string[]) if (v[k] === undefined) return `${path}/${k}: missing (required)`;
    for (const k of keys) {
      // A field set to undefined is absent, as in JSON (TypeScript callers may write `drop: undefined`).
      if (v[k] === undefined) continue;
      const inner = `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (shape.propertyNames) {
        const p = problem(shape.propertyNames as Shape, k, inner);
        if (p) return p;
      }
      const own = Object.hasOwn(props, k) ? props[k] : (shape.additionalProperties as Shape | false | undefined);
      if (own === false) return `${inner}: not a field of this command (it has: ${Object.keys(props).join(', ')})`;
      if (own) {
        const p = problem(own, v[k], inner);
        if (p) return p;
      }
    }
  }
  return null;
}

/**
 * The refusal of a command whose shape its type's schema does not allow, or null. A type the
 * ruleset does not have is left to the rules (they refuse it, listing their types).
 */
export function shapeRefusal(ruleset: string, shapes: Record<string, Shape>, c: Command, board?: { width: number; height: number }): Refusal | null {
  const shape = Object.hasOwn(shapes, c.type) ? shapes[c.type] : undefined;
  if (!shape) return null;
  const p = problem(shape, c, '');
  if (p) return { rule: 'command', message: `${ruleset} ${c.type}: ${p}` };
  return board ? offBoard(ruleset, c, board) : null;
}

/**
 * A space of the command (`to`, a target space…) beyond the board, named as such: the rules would
 * only say that nothing can move or attack there, which hides the mistake.
 */
function offBoard(ruleset: string, c: Command, { width, height }: { width: number; height: number }): Refusal | null {
  for (const [field, v] of Object.entries(c)) {
    if (!isObject(v) || !Number.isInteger(v.x) || !Number.isInteger(v.y)) continue;
    const { x, y } = v as { x: number; y: number };
    if (x < width && y < height) continue;
    return { rule: 'command', message: `${ruleset} ${c.type}: ${field} (${x},${y}) is off the board, which is ${width}×${height} spaces (x 0–${width - 1}, y 0–${height - 1})` };
  }
  return null;
}

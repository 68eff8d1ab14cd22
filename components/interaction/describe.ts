/**
 * Words for commands and events, ruleset-agnostic: known field names (figure, target, to, from,
 * damage, hit, …) are phrased, anything else is listed, so a new ruleset's commands still read well.
 */
import type { Command, GameEvent } from '../../src/rules/types.ts';
import { cellName, figureName } from '../coords.ts';

const isCell = (v: unknown): v is { x: number; y: number } =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { x?: unknown }).x) && Number.isInteger((v as { y?: unknown }).y);

const words = (type: string) => {
  const s = type.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

const thing = (v: unknown): string => (isCell(v) ? cellName(v.x, v.y) : typeof v === 'string' ? figureName(v) : JSON.stringify(v));

/** Fields other than the ones phrased, as "key value" pairs. */
export function extras(o: Record<string, unknown>, skip: string[]): string {
  const listed = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x !== 'object');
  const parts = Object.entries(o)
    .filter(([k, v]) => !skip.includes(k) && v !== undefined && (typeof v !== 'object' || isCell(v) || listed(v)))
    .map(([k, v]) => `${k.replace(/[-_]/g, ' ')} ${isCell(v) ? cellName(v.x, v.y) : Array.isArray(v) ? v.join(', ') : String(v)}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** A command of a ruleset the table's words do not know (components/panels/play-table.ts): its type in words, its fields listed. */
export function describeCommand(c: Command): string {
  const who = typeof c.figure === 'string' ? figureName(c.figure) : '';
  const on = c.target !== undefined ? ` ${thing(c.target)}` : c.to !== undefined ? ` to ${thing(c.to)}` : '';
  return `${words(c.type)}${who ? ` (${who})` : ''}${on}${extras(c, ['type', 'figure', 'target', 'to'])}`;
}

/**
 * An event of a ruleset the log's words module does not know (components/log/event-words.ts says
 * the bundled rulesets' events): its type in words and its fields listed.
 */
export function describeEvent(e: GameEvent): string {
  const f = typeof e.figure === 'string' ? figureName(e.figure) : '';
  const target = e.target !== undefined ? ` ${thing(e.target)}` : '';
  return `${words(e.type)}${f ? `: ${f}` : ''}${target}${extras(e, ['type', 'figure', 'target'])}`;
}

/**
 * Freeze a value and everything in it: shared read-only data (the registry hands out shared objects).
 * A module of its own: the rules freeze a game's data with it without importing the bundled data
 * sets (src/data/index.ts), which the AI's worker would otherwise carry (27 KB of unit tables).
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

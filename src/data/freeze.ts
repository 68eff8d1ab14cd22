/**
 * Freeze a value and everything in it: shared read-only data (the registry hands out shared objects).
 * A module of its own: the rules freeze a game's data with it and need nothing else of
 * src/data/index.ts (whose bundled sets are made only when asked, so the AI's worker carries none).
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

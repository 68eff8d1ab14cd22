/** Shared pieces of the random-game and fuzzing tests of every ruleset. */
import { expect } from 'vitest';
import type { Command, Game } from '../../src/rules/index.ts';

/**
 * A random legal command: a random kind first, then one of that kind (moves would swamp everything
 * else); `favour` kinds are taken with probability `bias` when present.
 */
export function pickCommand(legal: Command[], r: () => number, favour: string[] = [], bias = 0): Command {
  const kinds = [...new Set(legal.map((c) => c.type))];
  const favoured = kinds.filter((k) => favour.includes(k));
  const kind = favoured.length && r() < bias ? favoured[Math.floor(r() * favoured.length)] : kinds[Math.floor(r() * kinds.length)];
  const ofKind = legal.filter((c) => c.type === kind);
  return ofKind[Math.floor(r() * ofKind.length)];
}

/**
 * RULES §5: some command is always legal until a side has won. Returns the legal commands, and
 * fails (naming `where`) when there are none while the game is not won.
 */
export function legalOrWon<S extends object>(g: Game<S>, where: string): Command[] {
  const legal = g.legalActions();
  if (!legal.length && g.view().winner === null) expect.fail(`${where}: no command is legal and no side has won (${g.view().status})`);
  return legal;
}

/**
 * Send `n` commands: mostly `junk()`, sometimes a legal command with another figure, sometimes
 * not an object at all, sometimes a real one to move the game on. None may throw; a refused one
 * must leave the state exactly as it was. Returns how many were refused.
 */
export function fuzz<S extends object>(g: Game<S>, r: () => number, ids: string[], junk: () => Command, n = 3000): number {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  let refused = 0;
  for (let i = 0; i < n; i++) {
    const legal = g.legalActions();
    let cmd: unknown;
    const v = r();
    if (v < 0.6) cmd = junk();
    else if (v < 0.8 && legal.length) cmd = { ...pick(legal), figure: pick(ids) };
    else if (v < 0.85) cmd = pick<unknown>([null, 5, 'end', [], { type: 1 }]);
    else cmd = legal.length ? pick(legal) : { type: 'end' };
    if (!applyChecked(g, cmd)) refused++;
  }
  return refused;
}

/**
 * Apply anything as a command: it must not throw, and a refusal must leave the state exactly as it
 * was and say why in words (never "malformed command", the game's net for exceptions). Returns
 * whether it was accepted.
 */
export function applyChecked<S extends object>(g: Game<S>, cmd: unknown): boolean {
  const before = g.state;
  let res;
  expect(() => (res = g.apply(cmd as never))).not.toThrow();
  if (res!.ok) return true;
  expect(g.state).toEqual(before);
  expect(typeof res!.refusal.message).toBe('string');
  // Refused by a rule or a check of the command, not by an exception the game caught.
  expect(res!.refusal.message).not.toMatch(/^malformed command/);
  return false;
}

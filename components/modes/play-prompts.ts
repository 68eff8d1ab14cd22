/**
 * Play mode's prompts for a picked target (review 73): "Tap again" after a tap, "Press Enter
 * again" otherwise, as a move's preview says it, and the attack in the buttons' own words (names
 * and spaces as shown, not lowercased).
 */
import type { Command } from '../../src/rules/types.ts';

/** How the picked target is confirmed: a second tap on a touch screen, else Enter (or a click). */
export const again = (touch: boolean): string => (touch ? 'Tap again' : 'Press Enter again');

/**
 * What a second tap or Enter on a target space does: "Tap again to attack Archvile 1 (E9) with the
 * pistol" (the attacker's name the button starts with left out), or a choice between its attacks.
 */
export function spacePrompt(touch: boolean, cmds: Command[], words: (c: Command) => string, attacker: string, space: string): string {
  if (cmds.length > 1) return `${again(touch)} to choose one of ${cmds.length} attacks on ${space}`;
  const w = words(cmds[0]);
  const own = `${attacker}: `;
  return w.startsWith(own) ? `${again(touch)} to ${w.slice(own.length)}` : `${again(touch)}: ${w}`;
}

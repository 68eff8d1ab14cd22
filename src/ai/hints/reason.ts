/**
 * A plan's one-line reason (plan.ts): who does what, every command in order as the player clicks it
 * (words.ts: "Charlie: play Burst Fire, move to C4, attack Imp 1"), the odds, and what the enemies
 * can do there next.
 */
import type { Odds } from '../odds/dist.ts';
import type { Plan } from './types.ts';
import type { Words } from './words.ts';

const pct = (p: number) => `${Math.round(p * 100)}%`;
/** "Alpha", "Alpha and Bravo", "Alpha, Bravo and Delta". */
const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function describe(p: Omit<Plan, 'reason' | 'score'>, words: Words, unplayed?: string): string {
  const exp = p.exposure.attackers.length
    ? `; ${p.exposure.attackers.length} ${p.exposure.attackers.length === 1 ? 'enemy' : 'enemies'} can attack there (≈${p.exposure.expected.toFixed(1)} damage${p.exposure.death >= 0.005 ? `, ${pct(p.exposure.death)} to be killed` : ''})`
    : '; no enemy can attack there next';
  const who = `${words.name(p.figure)}: `;
  const steps = p.commands.map(words.step).join(', ');
  if (p.option === 'glory kill' && p.target) return `${who}${steps}: a glory kill on ${words.name(p.target)}, a sure kill${exp}`;
  if (p.odds && p.target) {
    // Odds not checked from the destination (`refine: false`) say so.
    const guess = p.exact ? '' : ' (estimated: cover and range not checked from there)';
    const own = p.friendlyWounds ? `; its own side takes ≈${p.friendlyWounds.toFixed(1)} wounds (blast or barrel)` : '';
    // A stun card's worth is partly the stun (RULES §2.4: the stunned figure loses a die or its next defense card): say its chance.
    const stunned = (p.odds as Odds & { stun?: number }).stun;
    const stun = stunned ? `, ${pct(stunned)} to stun` : '';
    // The exposure is where the figure moves after the attack, when it does: the clicks that take it there.
    const then = p.then ? `; then ${p.then.commands.map(words.step).join(', ')}` : '';
    return `${who}${steps}: ${pct(p.odds.hit)} to hit, ${p.odds.expected.toFixed(1)} damage expected, ${pct(p.odds.kill)} to kill${stun}${unplayed ? ` (${unplayed})` : ''}${own}${guess}${then}${exp}`;
  }
  // The first door waits for the squad (objective.ts DOOR_GATHER): who it waits for, and why.
  const wait = p.waitsFor?.length ? `; the door waits for ${list(p.waitsFor.map(words.name))} (its portals summon when it opens)` : '';
  // Not "no attack possible": the figure may well have one (another plan makes it); this one does not.
  return `${who}${steps || 'stay'} (no attack)${wait}${exp}`;
}

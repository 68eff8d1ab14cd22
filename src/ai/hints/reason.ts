/**
 * A plan's one-line reason (plan.ts): what to do, the odds, and what the enemies can do there next.
 */
import type { Odds } from '../odds/dist.ts';
import type { Cell, Plan } from './types.ts';

const pct = (p: number) => `${Math.round(p * 100)}%`;
const where = (c: Cell | null) => (c ? `(${c.x},${c.y})${c.o ? ' rotated' : ''}` : 'where it stands');

/** A token's id in words: "medkit-1" → "the medkit", "rocket-launcher" → "the rocket launcher". */
const tokenWords = (id: string) => `the ${id.replace(/-\d+$/, '').replace(/[-_]/g, ' ')}`;

export function describe(p: Omit<Plan, 'reason' | 'score'>, label: string | null, unplayed?: string): string {
  const exp = p.exposure.attackers.length
    ? `; ${p.exposure.attackers.length} ${p.exposure.attackers.length === 1 ? 'enemy' : 'enemies'} can attack there (≈${p.exposure.expected.toFixed(1)} damage${p.exposure.death >= 0.005 ? `, ${pct(p.exposure.death)} to be killed` : ''})`
    : '; no enemy can attack there next';
  if (p.option === 'glory kill' && p.target) return `Glory kill ${p.target}: move into its space ${where(p.to)}${label ? ` (${label})` : ''}, a sure kill${exp}`;
  if (p.odds && p.target) {
    // Odds not checked from the destination (`refine: false`) say so.
    const guess = p.exact ? '' : ' (estimated: cover and range not checked from there)';
    const own = p.friendlyWounds ? `; its own side takes ≈${p.friendlyWounds.toFixed(1)} wounds (blast or barrel)` : '';
    // A stun card's worth is partly the stun (RULES §2.4: the stunned figure loses a die or its next defense card): say its chance.
    const stunned = (p.odds as Odds & { stun?: number }).stun;
    const stun = stunned ? `, ${pct(stunned)} to stun` : '';
    // The exposure is where the figure moves after the attack, when it does.
    const then = p.then ? `; then move to ${where(p.then.to)}${p.then.label ? ` (${p.then.label})` : ''}` : '';
    return `${p.to ? `Move to ${where(p.to)} and attack` : 'Attack'} ${p.target}${label ? ` with ${label}` : ''}: ${pct(p.odds.hit)} to hit, ${p.odds.expected.toFixed(1)} damage expected, ${pct(p.odds.kill)} to kill${stun}${unplayed ? ` (${unplayed})` : ''}${own}${guess}${then}${exp}`;
  }
  const done = (p.arrive ?? []).map((c) => (c.type === 'open-door' ? 'open the door' : c.type === 'pick-up' ? `pick up ${tokenWords(String(c.token))}` : c.type)).join(', ');
  // Not "no attack possible": the figure may well have one (another plan makes it); this one does not.
  return `${p.to ? `Move to ${where(p.to)}` : 'Stay'}${label ? ` (${label})` : ''}${done ? ` and ${done}` : ''}, without attacking${exp}`;
}

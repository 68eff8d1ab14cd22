/**
 * Mission end (RULES §2.4). Objectives come from the scenario:
 *  - { kind: 'eliminate', side, after?: 'door-opened' }: the side wins when no enemy figure is on
 *    the board (after a door has been opened, when `after` says so) and no portal is summoning;
 *  - { kind: 'kills', side, kills: { "<marines>": n } }: the invader wins at n kill tokens
 *    for that number of marines (tutorial: 4 with 1–2 marines, 3 with 3, 2 with 4).
 */
import type { GameEvent } from '../types.ts';
import type { Doom2016State } from './types.ts';

export function checkWinner(s: Doom2016State, events: GameEvent[]): void {
  if (s.winner !== null) return;
  const marines = Object.keys(s.marines).length;
  for (const o of s.objectives) {
    let won = false;
    if (o.kind === 'kills') {
      const table = (o.kills ?? {}) as Record<string, number>;
      const needed = table[String(marines)] ?? table[String(Math.min(4, marines))];
      won = typeof needed === 'number' && s.invader.kills >= needed;
    } else if (o.kind === 'eliminate') {
      // Displaced figures waiting to be placed are still in play.
      const displaced = s.pending?.kind === 'displace' ? [s.pending.figure, ...s.pending.waiting] : [];
      const enemies = [...s.figures, ...displaced].some((f) => f.side !== o.side) || (o.side === s.invaderSide && Object.values(s.marines).some((m) => m.dead));
      won = !enemies && s.pending?.kind !== 'summon' && (o.after !== 'door-opened' || s.doorsOpened > 0);
    }
    if (won) {
      s.winner = o.side;
      s.active = null;
      // Displaced figures waiting to be placed stay recorded (off the board) when the game ends.
      if (s.pending?.kind !== 'displace') s.pending = null;
      events.push({ type: 'game-over', winner: o.side, objective: o.kind });
      return;
    }
  }
}

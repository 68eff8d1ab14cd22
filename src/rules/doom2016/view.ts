/** The position as a board view draws it (GameView), and a one-line status. */
import type { GameView } from '../types.ts';
import { healthOf } from './damage.ts';
import { isStaggered } from './geometry.ts';
import type { Doom2016State } from './types.ts';

function status(s: Doom2016State): string {
  if (s.winner !== null) return `${s.winner} won`;
  const head = `Round ${s.round}`;
  if (s.pending?.kind === 'displace') return `${head} — ${s.pending.figure.id} was displaced by ${s.pending.by}: choose its space`;
  if (s.pending?.kind === 'summon') return `${head} — ${s.invaderSide}: summon from ${s.pending.portals.join(', ')}`;
  if (s.pending?.kind === 'attack') {
    const p = s.pending;
    return p.step === 'defend' ? `${head} — ${p.defender} defends against ${p.attacker}` : `${head} — ${p.attacker} presses the attack on ${p.defender}`;
  }
  if (s.phase === 'status') return `${head} — status phase: ${s.invaderSide} may discard event cards for argent`;
  const a = s.active;
  if (a?.kind === 'marine') return `${head} — ${a.figure} is activating${a.respawn ? ' (respawn first)' : ''}, ${a.mp} MP`;
  if (a?.kind === 'demons') {
    if (a.figure) return `${head} — ${a.figure} is activating, ${a.mp} MP`;
    return a.type === null ? `${head} — ${s.invaderSide}: choose a ready demon card` : `${head} — ${s.invaderSide}: choose the next ${(s.data.units[a.type]?.name ?? a.type).toLowerCase()} to activate`;
  }
  return head;
}

export function view(s: Doom2016State): GameView {
  const a = s.active;
  const acting = a?.kind === 'marine' ? a.figure : a?.figure ?? null;
  const side = s.winner !== null ? null
    : s.pending?.kind === 'displace' ? s.pending.figure.side
    : s.pending?.kind === 'attack' ? s.figures.find((f) => f.id === (s.pending as { defender: string }).defender)?.side ?? null
      : s.phase === 'status' || s.pending?.kind === 'summon' || a?.kind === 'demons' ? s.invaderSide : s.marineSide;
  return {
    ruleset: 'doom2016',
    board: s.board,
    figures: s.figures.map((f) => ({
      id: f.id, side: f.side, type: f.type, x: f.x, y: f.y, w: f.w, h: f.h, damage: f.damage, health: healthOf(s, f),
      markers: [...(f.stunned ? ['stunned'] : []), ...(isStaggered(s, f) ? ['staggered'] : []), ...(f.id === acting ? ['activating'] : [])],
    })),
    tokens: s.tokens.map((t) => ({
      id: t.id, kind: t.kind, x: t.x, y: t.y,
      label: t.kind === 'portal' ? `${t.color} portal` : t.kind === 'weapon' ? String(t.weapon).replace(/-/g, ' ') : t.kind,
    })),
    round: s.round,
    side,
    active: acting,
    winner: s.winner,
    status: status(s),
  };
}

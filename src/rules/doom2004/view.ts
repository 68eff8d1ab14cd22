/** The doom2004 position as a board view draws it (GameView). */
import type { GameView } from '../types.ts';
import { strength } from './dice.ts';
import { dataOf, hiddenCells, unpack, type D4State } from './state.ts';

export function viewOf(s: D4State): GameView {
  const side = s.winner !== null ? null : s.phase === 'marines' ? s.marineSide : s.invaderSide;
  const active = s.pending?.by ?? s.turn?.figure ?? null;
  let status: string;
  if (s.winner !== null) status = `${s.winner} won`;
  else if (s.pending) status = `Round ${s.round} — ${s.pending.by} chooses dice to re-roll (${s.pending.stage})`;
  else if (s.window) status = `Round ${s.round} — invader's turn: the marines may interrupt ${s.window.invader} (guard)`;
  else if (s.turn) status = `Round ${s.round} — ${side}: ${s.turn.figure} ${s.turn.action ? `takes ${/^[aeiou]/.test(s.turn.action) ? 'an' : 'a'} ${s.turn.action} action` : 'is activating'} (${s.turn.mp} spaces, ${s.turn.attacks} attack${s.turn.attacks === 1 ? '' : 's'} left)`;
  else status = `Round ${s.round} — ${side === s.marineSide ? 'marines\' turns' : 'invader\'s turn'}`;
  status += ` — frag points ${s.fragPoints}`;
  return {
    ruleset: 'doom2004',
    board: { width: s.board.width, height: s.board.height, cells: [...unpack(s.board.cells)], hEdges: [...unpack(s.board.hEdges)], vEdges: [...unpack(s.board.vEdges)] },
    figures: s.figures.map((f) => {
      const markers: string[] = [];
      if (f.order) markers.push(f.order);
      if (f.berserk > 0) markers.push(f.berserk === 1 ? 'berserk (half-faded)' : 'berserk');
      if (f.adrenaline > 0) markers.push('adrenaline');
      if (s.done.includes(f.id)) markers.push(f.marine ? 'done' : 'activated');
      return { id: f.id, side: f.side, type: f.type, x: f.x, y: f.y, w: f.w, h: f.h, damage: f.wounds, health: f.health, markers };
    }),
    tokens: s.tokens.map((t) => ({ id: t.id, kind: t.kind, x: t.x, y: t.y, label: t.ammo ? `${t.ammo} ammo` : t.weapon ?? (t.color ? `${t.color} key` : t.kind) })),
    hidden: [...hiddenCells(s)].sort((a, b) => a - b),
    round: s.round,
    side,
    active,
    winner: s.winner,
    status,
    blast: blastRadii(s),
  };
}

/**
 * Blast radii (RULES §3 blast) for drawing an attack's area: by weapon id for marines' weapons, by
 * unit type for invaders (whose attack is their unit's).
 */
function blastRadii(s: D4State): Record<string, number> {
  const d = dataOf(s);
  const out: Record<string, number> = {};
  for (const [id, a] of [...Object.entries(d.weapons), ...Object.entries(d.units).filter(([, u]) => !u.marine)]) {
    const r = strength(a, 'blast');
    if (r > 0) out[id] = r;
  }
  return out;
}

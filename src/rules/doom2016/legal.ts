/** Every command the doom2016 rules allow now (what the UI offers and the random games pick from). */
import type { Command } from '../types.ts';
import { playableCards } from './attack.ts';
import { activeTeleporters, covers, figureAt, isStaggered, respawnSpots } from './geometry.ts';
import { argentTargets, summonGroups } from './invader.ts';
import { planMove } from './movement.ts';
import { largeTelefragDestinations } from './telefrag.ts';
import { readyDemonTypes } from './round.ts';
import { queryBoardOf } from './state.ts';
import type { DemonActivation, Doom2016Figure, Doom2016State, MarineActivation } from './types.ts';
import { isRefusal } from './common.ts';
import { EdgeKind } from '../../core/types.ts';

/** Closed doors next to a figure, as the two cells on either side. */
function doorsNextTo(s: Doom2016State, f: Doom2016Figure): { x1: number; y1: number; x2: number; y2: number }[] {
  const out: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const { width: w, height: h } = s.board;
  for (let y = f.y; y < f.y + f.h; y++) {
    for (let x = f.x; x < f.x + f.w; x++) {
      if (y > 0 && s.board.hEdges[y * w + x] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x, y2: y - 1 });
      if (y + 1 < h && s.board.hEdges[(y + 1) * w + x] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x, y2: y + 1 });
      if (x > 0 && s.board.vEdges[y * (w + 1) + x] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x - 1, y2: y });
      if (x + 1 < w && s.board.vEdges[y * (w + 1) + x + 1] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x + 1, y2: y });
    }
  }
  return out;
}

function moves(s: Doom2016State, f: Doom2016Figure, mp: number): Command[] {
  if (mp <= 0) return [];
  const out: Command[] = [];
  const reach = queryBoardOf(s).reach(s.figures.indexOf(f), mp);
  const n = reach.width * reach.height;
  for (let i = 0; i < reach.cost.length; i++) {
    if (!reach.end[i] || reach.cost[i] <= 0) continue;
    const o = Math.floor(i / n);
    const r = i % n;
    out.push({ type: 'move', figure: f.id, to: { x: r % reach.width, y: Math.floor(r / reach.width), o } });
  }
  if (f.side === s.marineSide) {
    // Spaces past a large demon telefragged on the way (RULES §2.2) that the core's reach misses
    // (its own spaces come with the demons' below).
    for (const i of largeTelefragDestinations(s, f, mp)) {
      const [x, y] = [i % reach.width, Math.floor(i / reach.width)];
      if ((!reach.end[i] || reach.cost[i] <= 0) && !figureAt(s, x, y)) out.push({ type: 'move', figure: f.id, to: { x, y, o: 0 } });
    }
    // Glory kills and telefrags end on a demon's space: the core's reach never offers those.
    // (The teleporters are read once: a scan of the whole board, asked for every demon it cost the
    // autopilot's rollouts a twentieth of their time.)
    let teleporters: { x: number; y: number }[] | null = null;
    for (const d of s.figures) {
      if (d.side !== s.invaderSide) continue;
      const special = isStaggered(s, d) || (teleporters ??= activeTeleporters(s)).some((t) => covers(d, t.x, t.y));
      if (!special) continue;
      for (let y = d.y; y < d.y + d.h; y++) {
        for (let x = d.x; x < d.x + d.w; x++) {
          if (!isRefusal(planMove(s, f, mp, { x, y, o: 0 }))) out.push({ type: 'move', figure: f.id, to: { x, y, o: 0 } });
        }
      }
    }
  }
  return out;
}

function attacks(s: Doom2016State, f: Doom2016Figure, range: number, extra: Partial<Command> = {}): Command[] {
  const board = queryBoardOf(s);
  const seen = board.sightToFigures(board.figureIndex(f.id));
  return s.figures
    .filter((t, i) => t.side !== f.side && seen.los[i] && seen.range[i] >= 0 && seen.range[i] <= range)
    .map((t) => ({ type: 'attack', figure: f.id, target: t.id, ...extra }));
}

function marineActions(s: Doom2016State, a: MarineActivation): Command[] {
  const id = a.figure;
  if (a.respawn) {
    return respawnSpots(s).map((at) => ({ type: 'respawn', figure: id, at }));
  }
  const f = s.figures.find((g) => g.id === id)!;
  const m = s.marines[id];
  const out: Command[] = [];
  for (const card of new Set(m.hand)) {
    const data = s.data.actionCards[card];
    if (data.action === 'bonus' || (data.action === 'main' && !a.mainPlayed)) out.push({ type: 'play', figure: id, card });
    if (!a.mainPlayed) out.push({ type: 'sprint', figure: id, discard: card });
  }
  if (m.classCard !== null && !m.classExhausted) out.push({ type: 'use-class', figure: id });
  for (const t of s.tokens) if (t.kind !== 'portal' && covers(f, t.x, t.y)) out.push({ type: 'pick-up', figure: id, token: t.id });
  if (a.mp >= 1) for (const door of doorsNextTo(s, f)) out.push({ type: 'open-door', figure: id, door });
  out.push(...moves(s, f, a.mp));
  if (a.attack) out.push(...attacks(s, f, a.attack.range));
  out.push({ type: 'end', figure: id });
  return out;
}

function demonActions(s: Doom2016State, a: DemonActivation): Command[] {
  if (a.type === null) return readyDemonTypes(s).map((demon) => ({ type: 'activate-demons', demon }));
  if (a.figure === null) return a.queue.map((figure) => ({ type: 'activate-demon', figure }));
  const f = s.figures.find((g) => g.id === a.figure)!;
  const out: Command[] = [];
  const portals = s.tokens.some((t) => t.kind === 'portal');
  if (a.mp >= 1 && (s.mission.demonsOpenDoors || !portals)) for (const door of doorsNextTo(s, f)) out.push({ type: 'open-door', figure: f.id, door });
  out.push(...moves(s, f, a.mp));
  if (!a.attacked) {
    const unit = s.data.units[f.type];
    out.push(...attacks(s, f, unit.attack!.range));
    if (s.mission.argentAbilities && s.demonCards[f.type].argent >= 1) {
      for (const ab of unit.abilities ?? []) if (ab.argent) out.push(...attacks(s, f, unit.attack!.range + (ab.range ?? 0), { ability: ab.name }));
    }
  }
  out.push({ type: 'end', figure: f.id });
  return out;
}

function allActions(s: Doom2016State): Command[] {
  if (s.winner !== null) return [];
  const p = s.pending;
  if (p?.kind === 'displace') return p.options.map((to) => ({ type: 'place-displaced', figure: p.figure.id, to }));
  if (p?.kind === 'summon') {
    // Each group with its argent as the default ruling places it, or all of it onto one of the
    // group's cards, or only the group's own (none moved from the invasion card, RULES §2.4).
    return p.portals.flatMap((portal) => {
      const t = s.tokens.find((k) => k.id === portal)!;
      return summonGroups(s, t.color as string).flatMap((g, group) => {
        const argent = g.argent + s.invader.invasionArgent;
        const types = argent ? [...new Set(g.demons)] : [];
        const own = s.invader.invasionArgent ? types.map((type) => ({ type: 'summon', portal, group, argent: { [type]: g.argent } })) : [];
        return [
          { type: 'summon', portal, group },
          ...(types.length > 1 ? types.map((type) => ({ type: 'summon', portal, group, argent: Array(argent).fill(type) })) : []),
          ...(g.argent ? own : own.slice(0, 1)),
        ];
      });
    });
  }
  if (p?.kind === 'attack') {
    const plays = [[], ...[...new Set(playableCards(s, p, p.step))].map((k) => [k])];
    if (p.step === 'press') return plays.map((play) => ({ type: 'press', figure: p.attacker, play }));
    return [false, ...(p.canReveal ? [true] : [])].flatMap((reveal) => plays.map((play) => ({ type: 'defend', figure: p.defender, reveal, play })));
  }
  if (s.phase === 'status') {
    // Every discard of up to 3 cards, split any way, is accepted; the list offers no discard, one
    // card (each card, each target), and two cards split over two targets (each pair of targets),
    // so that a player's choices stay few (more: name them in `discard` and `onto`).
    const out: Command[] = [{ type: 'status', discard: [] }];
    const targets = argentTargets(s);
    const hand = [...new Set(s.invader.hand)];
    for (const card of hand) for (const onto of targets) out.push({ type: 'status', discard: [card], onto });
    if (s.invader.hand.length >= 2) {
      const two = s.invader.hand.slice(0, 2);
      targets.forEach((a, i) => targets.slice(i + 1).forEach((b) => out.push({ type: 'status', discard: two, onto: [a, b] })));
    }
    return out;
  }
  const a = s.active;
  if (!a) return [];
  return a.kind === 'marine' ? marineActions(s, a) : demonActions(s, a);
}

export function legalActions(s: Doom2016State, actor?: string): Command[] {
  const all = allActions(s);
  if (actor === undefined) return all;
  // Commands without a figure (status, activate-demons, summon) belong to the invader's side.
  return all.filter((c) => (c.figure === undefined ? actor === s.invaderSide : c.figure === actor));
}

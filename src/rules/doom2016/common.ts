/** Small shared pieces of the doom2016 rules: refusals and looking up the acting figure. */
import type { Command, Refusal } from '../types.ts';
import type { DemonActivation, Doom2016Figure, Doom2016State, MarineActivation } from './types.ts';

export const refuse = (rule: string, message: string): Refusal => ({ rule, message });
export const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && !Array.isArray(x) && 'rule' in x && 'message' in x;

export function figureById(s: Doom2016State, id: unknown): Doom2016Figure | Refusal {
  if (typeof id !== 'string') return refuse('command', '"figure" must be a figure id');
  const f = s.figures.find((g) => g.id === id);
  if (f) return f;
  if (s.marines[id]?.dead) return refuse('RULES §2.4 killed', `${id} has been killed and waits to respawn`);
  return refuse('command', `no figure ${JSON.stringify(id)} on the board`);
}

/** The figure of the command, which must be the one activating now. */
export function actingFigure(s: Doom2016State, c: Command): { f: Doom2016Figure; a: MarineActivation | DemonActivation } | Refusal {
  if (s.pending?.kind === 'displace') return refuse('RULES §2.2 displacement', `${s.pending.figure.id} was displaced: its side places it first (place-displaced)`);
  if (s.pending) return refuse('RULES §2.4 attack', s.pending.kind === 'attack' ? 'an attack is being resolved: defend or press first' : 'portals are summoning: the invader summons first');
  if (s.phase === 'status') return refuse('RULES §2.3 status phase', 'it is the status phase: the invader finishes it first (status)');
  const a = s.active;
  if (a?.kind === 'marine' && a.respawn && c.figure === a.figure && c.type !== 'respawn') return refuse('RULES §2.4 respawn', `${a.figure} must first respawn on an active teleporter`);
  const f = figureById(s, c.figure);
  if (isRefusal(f)) return f;
  const current = a?.kind === 'marine' ? a.figure : a?.figure;
  if (!a || current !== f.id) {
    const who = !a ? 'nobody' : a.kind === 'marine' ? a.figure : a.figure ?? (a.type === null ? `the invader (choose a demon card: ${a.card})` : `the invader (choose the next ${a.type}: ${a.queue.join(', ')})`);
    return refuse('RULES §2.3 activation', `${f.id} is not activating now (${who} is)`);
  }
  return { f, a };
}

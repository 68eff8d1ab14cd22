/**
 * The play table of doom2016 and doom2004 (loaded on demand with components/modes/table-entry.ts):
 * each marine's standing (health, damage, markers; doom2016 hand with card names and text;
 * doom2004 armor, ammo, weapons, orders), the pending attack's dice as faces and its defense card,
 * the invader's standing, and the commands of these rulesets in plain words (events: ../log/event-words.ts).
 *
 * The game view carries positions only; hands, decks and equipment come from the game state when
 * the engine client offers it (`GameClient.state`). Without it the table shows what the view has.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ApplyResult, Command, GameEvent, GameView } from '../../src/rules/types.ts';
import { cellName, figureName } from '../coords.ts';
import { doorName } from '../interaction/doors.ts';
import { card2016, cardText, defenseWords } from '../log/cards-2016.ts';
import { words } from '../log/event-words.ts';
import { extras } from '../interaction/describe.ts';
import { arr, num, obj, plural, str, type Obj } from '../log/loose.ts';

export interface TableContext {
  view: GameView;
  /** The engine's game state, when the engine client can give it (in-page engine). */
  state: unknown;
  /** The events of the last accepted command (for the dice just rolled). */
  lastEvents: GameEvent[];
  name: (id: string) => string;
  /** Commands the table offers in a chooser of its own (`choosesItself`), and how to send one. */
  choices?: Command[];
  apply?: (c: Command) => void;
  /** What a command offered as a choice would do (the engine's preview), when the client can tell. */
  outcome?: (c: Command) => ApplyResult | undefined;
}

/** The status phase's discards (2^cards × targets of them) are one chooser, not a button each. */
export const choosesItself = (c: Command): boolean => c.type === 'status' && arr(c.discard).length > 0;

/** Argent per target, whichever way a command writes it (one target, a list, or counts). */
function splitOf(onto: unknown, n: number): Map<string, number> {
  const m = new Map<string, number>();
  if (typeof onto === 'string') m.set(onto, n);
  else if (Array.isArray(onto)) for (const k of onto) m.set(str(k), (m.get(str(k)) ?? 0) + 1);
  else for (const [k, v] of Object.entries(obj(onto))) if (num(v) > 0) m.set(k, num(v));
  return m;
}
const sameSplit = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

function statusChooser(t: TableContext): TemplateResult | typeof nothing {
  const cmds = (t.choices ?? []).filter((c) => c.type === 'status');
  if (!cmds.length || !t.apply) return nothing;
  const cards = [...new Set(cmds.flatMap((c) => arr(c.discard).map(String)))];
  const targets = [...new Set(cmds.flatMap((c) => [...splitOf(c.onto, arr(c.discard).length).keys()]))];
  const where = (k: string) => (k === 'invasion' ? 'the invasion card' : `the ${figureName(k)} card`);
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const chosen = f.getAll('card').map(String);
    const want = new Map<string, number>();
    for (const id of chosen) want.set(str(f.get(`onto:${id}`)), (want.get(str(f.get(`onto:${id}`))) ?? 0) + 1);
    const match = cmds.find((c) => arr(c.discard).length === chosen.length && chosen.every((id) => arr(c.discard).includes(id)) && sameSplit(splitOf(c.onto, chosen.length), want));
    if (match) t.apply!(match);
    else form.querySelector('output')!.textContent = chosen.length ? 'The rules do not allow that discard (RULES §2.3–2.4): choose other cards or targets.' : 'Choose at least one card, or end the status phase.';
  };
  return html`<style>.chooser{margin:.4rem 0;padding:.4rem .6rem;border:1px solid var(--doom-grid-line,#888);border-radius:4px}.chooser label{display:inline-flex;gap:.3rem;align-items:center;min-height:44px}.chooser li{margin:.2rem 0}.chooser select{min-height:44px}</style>
    <form class="chooser" part="chooser" aria-label="Discard event cards for argent" @submit=${submit}>
      <strong>Status phase:</strong> the invader may discard event cards; each gives 1 argent onto a face-up demon card or the invasion card.
      <ul>${cards.map((id) => html`<li><label><input type="checkbox" name="card" value=${id}> <strong>${cardName(t, id)}</strong></label>
        <select name=${`onto:${id}`} aria-label=${`Argent of ${cardName(t, id)} onto`}>${targets.map((k) => html`<option value=${k}>onto ${where(k)}</option>`)}</select></li>`)}</ul>
      <button part="button" type="submit">Discard the chosen cards</button> <output role="status"></output>
    </form>`;
}


const cardName = (t: TableContext, id: string) => str(card2016(t.state, id)?.name) || figureName(id);

// ------------------------------------------------------------------ commands in plain words

export function commandWords(c: Command, t: TableContext): string | null {
  const who = typeof c.figure === 'string' ? t.name(c.figure) : '';
  const list = (v: unknown) => arr(v).map((x) => cardName(t, String(x))).join(', ');
  if (t.view.ruleset === 'doom2016') {
    switch (c.type) {
      case 'move': {
        // Entering a staggered demon's space kills it (RULES §2.4 glory kill): say so on the button.
        const to = obj(c.to);
        const demon = t.view.figures.find((f) => f.markers?.includes('staggered') && num(to.x) >= f.x && num(to.x) < f.x + (f.w ?? 1) && num(to.y) >= f.y && num(to.y) < f.y + (f.h ?? 1));
        if (demon) return `${who}: glory kill ${t.name(demon.id)} (move to ${cellName(num(to.x), num(to.y))})`;
        break;
      }
      case 'status': {
        const discard = arr(c.discard);
        if (!discard.length) return 'End the status phase';
        const card = (k: string) => (k === 'invasion' ? 'the invasion card' : `the ${figureName(k)} card`);
        if (typeof c.onto === 'string') return `Discard ${list(discard)} for ${plural(discard.length, 'argent')} onto ${card(c.onto)}`;
        // A split (RULES §2.4): one target per argent, or counts by target.
        const counts = new Map<string, number>();
        if (Array.isArray(c.onto)) for (const k of c.onto) counts.set(str(k), (counts.get(str(k)) ?? 0) + 1);
        else for (const [k, n] of Object.entries(obj(c.onto))) counts.set(k, num(n));
        return `Discard ${list(discard)} for ${plural(discard.length, 'argent')}: ${[...counts].map(([k, n]) => `${n} onto ${card(k)}`).join(', ')}`;
      }
      case 'activate-demons':
        return `Activate the ${figureName(str(c.demon))} demons`;
      case 'play':
        return `${who}: play ${cardName(t, str(c.card))}`;
      case 'sprint':
        return `${who}: sprint, discarding ${cardName(t, str(c.discard))}`;
      case 'defend': {
        const parts: string[] = [];
        if (c.reveal) parts.push('reveal a second defense card');
        if (arr(c.play).length) parts.push(`play ${list(c.play)}`);
        return parts.length ? `${who} defends: ${parts.join(' and ')}` : `${who} takes the attack (no more defense)`;
      }
      case 'press':
        return arr(c.play).length ? `${who} presses the attack: play ${list(c.play)}` : `${who} resolves the attack`;
      case 'summon':
        return `Summon ${figureName(str(c.group))} at ${figureName(str(c.portal))}`;
      case 'use-class':
        return `${who}: use the class card`;
      case 'pick-up':
        return `${who}: pick up ${figureName(str(c.token))}`;
      case 'end':
        return `End ${who}'s activation`;
      // The hints' words first (src/ai/hints/words.ts), so that a plan's steps are the buttons' words.
      case 'open-door':
        if (isSegment(c.door)) return `${who}: open the door (${doorName(c.door)})`;
        break;
      case 'respawn':
        if (isCell(c.at)) return `${who}: respawn at ${cellName(c.at.x, c.at.y)}`;
        break;
      default:
        break;
    }
  }
  if (t.view.ruleset === 'doom2004') {
    switch (c.type) {
      case 'move': {
        // Through damaging obstacles or around them (the player's choice: `route`), with what each costs.
        const way = Array.isArray(c.route) ? `by ${c.route.map((p) => (isCell(p) ? cellName(p.x, p.y) : '?')).join(', ')}` : routeWords(c, t);
        if (way && isCell(c.to)) return `Move ${who} to ${cellName(c.to.x, c.to.y)} ${way}`;
        break;
      }
      case 'action': {
        const extra = [c.order ? `order: ${str(c.order)}` : '', c.adrenaline ? 'with adrenaline' : ''].filter(Boolean).join(', ');
        return `${who}: ${str(c.action)}${extra ? ` (${extra})` : ''}`;
      }
      case 'activate':
        return `Activate ${who}`;
      case 'end-turn':
        return 'End the invader turn';
      case 'end':
        return `End ${who}'s turn`;
      case 'pass':
        return 'No guard attack';
      case 'reroll':
        return arr(c.dice).length ? `${who}: re-roll dice ${arr(c.dice).map((i) => num(i) + 1).join(', ')}` : `${who}: keep the roll`;
      case 'blow-through':
        return `${who}: blow through to ${isCell(c.target) ? cellName(c.target.x, c.target.y) : '?'} (drop ${str(c.drop)})`;
      case 'give':
        return `${who}: give ${c.weapon ? figureName(str(c.weapon)) : `${str(c.ammo)} ammo`} to ${t.name(str(c.to))}`;
      case 'heal':
        return `${who}: heal ${t.name(str(c.target))}`;
      case 'pick-up':
        return `${who}: pick up ${figureName(str(c.token))}`;
      case 'open-door':
        if (typeof c.door === 'string') return `${who}: open the door (${t.name(c.door)})`;
        break;
      case 'attack': case 'guard-attack': {
        // "Marine 2: attack Archvile 1 (E9) with the grenade", as the hints say it; a guard's
        // interrupt says so, and a space holding one of the attacker's own side is named as such.
        if (!isCell(c.target)) break;
        const { x, y } = c.target;
        const on = t.view.figures.find((f) => x >= f.x && x < f.x + (f.w ?? 1) && y >= f.y && y < f.y + (f.h ?? 1));
        const self = t.view.figures.find((f) => f.id === c.figure);
        const own = on && self && on.side === self.side && on.id !== self.id ? ', your own side' : '';
        const target = on ? `${t.name(on.id)} (${cellName(x, y)}${own})` : cellName(x, y);
        const more = extras(c, ['type', 'figure', 'target', 'weapon', 'aimed']);
        return `${who}${c.type === 'guard-attack' ? ' (guard)' : ''}: attack ${target}${c.weapon ? ` with the ${words(str(c.weapon)).toLowerCase()}` : ''}${c.aimed ? ', aimed' : ''}${more}`;
      }
      default:
        break;
    }
  }
  // Every ruleset's common commands, with the scenario's names; other fields listed so that no two
  // commands read alike.
  const place = (v: unknown) => (isCell(v) ? cellName(v.x, v.y) : t.name(str(v)));
  switch (c.type) {
    case 'activate':
      return `Activate ${who}`;
    case 'end':
      return `End ${who}'s activation`;
    case 'move':
      return `Move ${who} to ${place(c.to)}${extras(c, ['type', 'figure', 'to'])}`;
    case 'attack':
      return `Attack ${place(c.target)} with ${who}${extras(c, ['type', 'figure', 'target', 'helpers'])}`;
  }
  return null;
}

const isCell = (v: unknown): v is { x: number; y: number } => Number.isInteger(obj(v).x) && Number.isInteger(obj(v).y);
const isSegment = (v: unknown): v is { x1: number; y1: number; x2: number; y2: number } => ['x1', 'y1', 'x2', 'y2'].every((k) => Number.isInteger(obj(v)[k]));

/**
 * A doom2004 move's way in words where it matters: through damaging obstacles (its MP and wounds)
 * or, with `route: 'avoid-hazards'`, around them (its MP) — read from what the engine says the move
 * would do (TableContext.outcome); null for a plain move entering none, or without a preview.
 */
function routeWords(c: Command, t: TableContext): string | null {
  if (c.route !== undefined && c.route !== 'avoid-hazards') return null;
  const r = t.outcome?.(c);
  if (!r?.ok) return null;
  const moved = r.events.find((e) => e.type === 'moved' && e.figure === c.figure);
  if (!moved) return null;
  const n = r.events.filter((e) => e.type === 'wounded' && e.figure === c.figure && e.cause === 'damaging obstacle').length;
  if (!c.route && !n) return null;
  return `${c.route ? 'around the damaging obstacles' : `through ${n === 1 ? 'a damaging obstacle' : 'damaging obstacles'}`}: ${num(moved.cost)} MP${n ? `, ${plural(n, 'wound')}` : ''}`;
}

// ------------------------------------------------------------------ the table

/**
 * The dice of the last roll as faces: one box per die with its damage icons. A doom2016 attack still
 * waiting for choices keeps its dice in the state: they show after an undo or a reload too.
 */
function diceFaces(t: TableContext): TemplateResult | typeof nothing {
  const p = obj(obj(t.state).pending);
  const rolled = p.kind === 'attack' && Array.isArray(p.dice) ? p : t.lastEvents.find((e) => e.type === 'attack-rolled' || e.type === 'rolled' || e.type === 'rerolled');
  if (!rolled) return nothing;
  const faces = t.view.ruleset === 'doom2016'
    ? arr(rolled.dice).map((d) => ({ colour: str(obj(d).color), icons: num(obj(d).damage), label: `${str(obj(d).color)} die: ${plural(num(obj(d).damage), 'damage icon')}`, extra: '' }))
    : arr(rolled.faces).map((f) => {
      const o = obj(f);
      return { colour: str(o.die), icons: o.miss ? 0 : num(o.damage), label: o.miss ? `${str(o.die)} die: miss` : `${str(o.die)} die: range ${num(o.range)}, ${plural(num(o.damage), 'damage')}${o.ammo ? ', ammo' : ''}`, extra: o.miss ? '✗' : `${num(o.range)}` };
    });
  return html`<div class="dice" aria-label="Dice rolled">
    ${faces.map((f) => html`<span class=${`die die-${f.colour}`} role="img" aria-label=${f.label} title=${f.label}>${f.extra ? html`<small>${f.extra}</small>` : nothing}${'✹'.repeat(f.icons) || (f.extra === '✗' ? '' : '·')}</span>`)}
  </div>`;
}

function pending2016(t: TableContext): TemplateResult | typeof nothing {
  const p = obj(obj(t.state).pending);
  if (p.kind !== 'attack') return nothing;
  const c = p.card ? card2016(t.state, str(p.card)) : null;
  return html`<div class="pending" part="pending">
    <strong>${t.name(str(p.attacker))} attacks ${t.name(str(p.defender))}</strong>${p.cover ? ' (in cover)' : ''}:
    ${plural(arr(p.dice).reduce<number>((n, d) => n + num(obj(d).damage), 0), 'damage icon')}.
    Defense card: ${c ? html`<strong>${str(c.name)}</strong> (${defenseWords(obj(c.defense))})` : 'none'}${num(p.extraShields) ? `, +${plural(num(p.extraShields), 'shield')}` : ''}.
    ${p.canReveal ? 'A second defense card may be revealed.' : ''}
  </div>`;
}

function marines2016(t: TableContext): TemplateResult {
  const s = obj(t.state);
  const marines = obj(s.marines);
  return html`${Object.entries(marines).map(([id, m0]) => {
    const m = obj(m0);
    const fig = t.view.figures.find((f) => f.id === id);
    const health = num(m.health);
    const damage = fig?.damage ?? 0;
    const markers = (fig?.markers ?? []).filter((k) => k !== 'activating');
    const acting = t.view.active === id || obj(s.pending).defender === id;
    return html`<section class=${`seat${acting ? ' acting' : ''}`} aria-current=${acting ? 'true' : 'false'} aria-label=${t.name(id)}>
      <h4>${t.name(id)}${acting ? html` <span class="badge">to act</span>` : nothing}</h4>
      <p>${m.dead ? 'Killed: respawns at its next activation' : `Health ${Math.max(0, health - damage)} of ${health}`}${damage ? ` · ${damage} damage` : ''}${markers.length ? ` · ${markers.join(', ')}` : ''}${m.classCard ? ` · class card ${cardName(t, str(m.classCard))}${m.classExhausted ? ' (exhausted)' : ''}` : ''}</p>
      <ul class="hand" aria-label=${`${t.name(id)}'s hand`}>
        ${arr(m.hand).map((cid) => {
          const c = card2016(t.state, String(cid));
          return html`<li><strong>${c ? str(c.name) : figureName(String(cid))}</strong>${c ? html` — ${cardText(c)}` : nothing}</li>`;
        })}
      </ul>
    </section>`;
  })}`;
}

function invader2016(t: TableContext): TemplateResult {
  const s = obj(t.state);
  const inv = obj(s.invader);
  const cards = Object.entries(obj(s.demonCards)).filter(([, c]) => obj(c).faceUp);
  return html`<section class="seat" aria-label="Invader">
    <h4>Invader</h4>
    <p>${plural(arr(inv.hand).length, 'event card')} in hand · ${plural(num(inv.kills), 'kill')}</p>
    <ul>${cards.map(([type, c]) => html`<li>${figureName(type)} card: ${obj(c).ready ? 'ready' : 'exhausted'}${num(obj(c).argent) ? `, ${num(obj(c).argent)} argent` : ''}</li>`)}</ul>
  </section>`;
}

function marines2004(t: TableContext): TemplateResult {
  const s = obj(t.state);
  const figs = arr(s.figures).map(obj).filter((f) => f.marine);
  return html`${figs.map((f) => {
    const id = str(f.id);
    const acting = t.view.active === id;
    const ammo = Object.entries(obj(f.ammo)).filter(([, n]) => num(n) > 0).map(([k, n]) => `${k} ${num(n)}`);
    return html`<section class=${`seat${acting ? ' acting' : ''}`} aria-current=${acting ? 'true' : 'false'} aria-label=${t.name(id)}>
      <h4>${t.name(id)}${acting ? html` <span class="badge">to act</span>` : nothing}</h4>
      <p>Health ${Math.max(0, num(f.health) - num(f.wounds))} of ${num(f.health)} · armor ${num(f.armor)} · speed ${num(f.speed)}${f.order ? ` · order ${str(f.order)}` : ''}${num(f.adrenaline) ? ' · adrenaline' : ''}${num(f.berserk) ? ' · berserk' : ''}</p>
      <p>Weapons: fist, pistol, grenade${arr(f.weapons).length ? `, ${arr(f.weapons).map((w) => figureName(String(w))).join(', ')}` : ''} · ammo: ${ammo.length ? ammo.join(', ') : 'none'}</p>
    </section>`;
  })}
  ${arr(s.keys).length ? html`<p>Keys found: ${arr(s.keys).join(', ')}</p>` : nothing}
  <p>Frag points: ${num(s.fragPoints)}</p>`;
}

/**
 * The mission in plain words — what each side needs and how far it is — and, when the board gives
 * no obvious next step, what to do now (the tutorial's marines must open a door once the demons
 * in sight are dead; doom2004's must explore).
 */
export function objectiveWords(t: Pick<TableContext, 'view' | 'state'>): { lines: string[]; now: string } {
  const s = obj(t.state);
  const list = arr(s.objectives).map(obj);
  const doom2016 = t.view.ruleset === 'doom2016';
  const figures = arr(s.figures).map(obj);
  const marineSide = str(s.marineSide);
  const enemies = figures.filter((f) => (doom2016 ? str(f.side) !== marineSide : !f.marine)).length;
  const lines: string[] = [];
  let now = '';
  for (const o of list) {
    if (o.kind === 'eliminate' && str(o.side) === marineSide) {
      const door = o.after === 'door-opened';
      lines.push(`The marines win when no ${doom2016 ? 'demon' : 'invader'} is left${doom2016 ? ' on the board' : ', in sight or in an unexplored area'}${door ? ' after a door has been opened' : ''}: ${plural(enemies, doom2016 ? 'demon' : 'invader')} on the board${door ? `, ${plural(num(s.doorsOpened), 'door')} opened` : ''}.`);
      if (!enemies && door && !num(s.doorsOpened)) now = 'No demon is left on the board: open a door to go on.';
      if (!enemies && !doom2016) now = `No invader is in sight: explore — open doors and enter the unexplored areas${arr(s.keys).length ? '' : '; a key opens its colour\'s doors'}.`;
    } else if (o.kind === 'kills') {
      const marines = Object.keys(obj(s.marines)).length;
      const table = obj(o.kills);
      const needed = num(table[String(marines)] ?? table[String(Math.min(4, marines))]);
      lines.push(`The invader wins at ${plural(needed, 'kill token')} (with ${plural(marines, 'marine')}): ${num(obj(s.invader).kills)} so far.`);
    } else if (o.kind === 'frags') {
      lines.push(`The invader wins at ${plural(typeof o.frags === 'number' ? o.frags : 6, 'frag point')}: ${num(s.fragPoints)} so far.`);
    }
  }
  return { lines, now };
}

function objectives(t: TableContext): TemplateResult | typeof nothing {
  const { lines, now } = objectiveWords(t);
  if (!lines.length) return nothing;
  return html`<section class="objective" aria-label="Objective"><h4>Objective</h4>${lines.map((l) => html`<p>${l}</p>`)}${now ? html`<p><strong>What now:</strong> ${now}</p>` : nothing}</section>`;
}

/** The table under the board; nothing for rulesets it does not know or without a state. */
export function playTable(t: TableContext): TemplateResult | typeof nothing {
  if (t.view.ruleset !== 'doom2016' && t.view.ruleset !== 'doom2004') return nothing;
  if (!t.state) return statusChooser(t);
  return html`${statusChooser(t)}<div class="table" part="table" role="region" aria-label="Play table">
    ${objectives(t)}
    ${diceFaces(t)}
    ${t.view.ruleset === 'doom2016' ? html`${pending2016(t)}<div class="seats">${marines2016(t)}${invader2016(t)}</div>` : html`<div class="seats">${marines2004(t)}</div>`}
  </div>`;
}

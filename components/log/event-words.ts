/**
 * The event log's sentences: every event of doom2016, doom2004 and d20 said in words, with the
 * figures' names from the scenario and cards by their titles (their text on demand, as `detail`).
 * Loaded on demand with the play table (components/modes/table-entry.ts), so the main bundle keeps
 * only the generic phrasing (components/interaction/describe.ts) for rulesets this does not know.
 */
import type { GameEvent, GameView } from '../../src/rules/types.ts';
import { cellName } from '../coords.ts';
import { card2016, cardText } from './cards-2016.ts';
import { arr, num, obj, plural, str, type Obj } from './loose.ts';

export interface WordsContext {
  view: GameView;
  /** The engine's game state when the client gives it (card titles and texts come from it). */
  state: unknown;
  name: (id: string) => string;
}

/** One line of the log; `detail` is what a reader may open (a card's text). */
export interface LogLine {
  text: string;
  detail?: string;
}

/** "rocket-launcher" → "rocket launcher": data ids read as words where no title exists. */
export const words = (id: string) => id.replace(/[-_]+/g, ' ').trim();
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isCell = (v: unknown): v is { x: number; y: number } => Number.isInteger(obj(v).x) && Number.isInteger(obj(v).y);
/** " from C2 to D2", or " to D2" when the event does not say where from. */
const fromTo = (e: GameEvent) => `${isCell(e.from) ? ` from ${at(e.from)}` : ''} to ${at(e.to)}`;
const at = (v: unknown) => (isCell(v) ? cellName(v.x, v.y) : 'an unknown space');
/** "Alpha, Bravo and Charlie". */
export const and = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const article = (w: string) => `${/^[aeiou]/i.test(w) ? 'an' : 'a'} ${w}`;

/** A card's title in quotes, or "a card" when the state is not at hand (a server game's other seat). */
const title = (t: WordsContext, id: string) => {
  const n = str(card2016(t.state, id)?.name);
  return n ? `“${n}”` : 'a card';
};
const cardDetail = (t: WordsContext, ids: string[]) =>
  ids.map((id) => card2016(t.state, id)).filter((c): c is Obj => !!c).map((c) => `${str(c.name)}: ${cardText(c)}`).join(' ') || undefined;

/** A side's display name: "the marines", "the invader", "the Empire". */
export function sideName(side: string): string {
  if (side === 'marines') return 'the marines';
  if (side === 'invader' || side === 'invaders') return 'the invader';
  return cap(words(side));
}
const Side = (side: string) => cap(sideName(side));
/** "the marines' turn", "the invader's turn". */
const sides = (side: string) => (sideName(side).endsWith('s') ? `${Side(side)}'` : `${Side(side)}'s`);

function doom2016(e: GameEvent, t: WordsContext): LogLine | string | null {
  const who = typeof e.figure === 'string' ? t.name(e.figure) : '';
  switch (e.type) {
    case 'status-phase':
      return `Round ${num(e.round)}: status phase${num(e.eventsDrawn ?? 0) ? `; the invader draws ${plural(num(e.eventsDrawn), 'event card')}` : ''}`;
    case 'status-done': {
      const n = num(e.argent);
      if (!n) return 'The status phase ends';
      const onto = Object.entries(obj(e.onto)).filter(([, k]) => num(k) > 0).map(([k, m]) => `${plural(num(m), 'argent')} on the ${k === 'invasion' ? 'invasion' : words(k)} card`);
      return `The status phase ends: the invader discards ${plural(n, 'card')}${onto.length ? ` and puts ${and(onto)}` : ''}`;
    }
    case 'initiative-revealed': {
      // A lone marine's second initiative card is `marine:alpha#2` (RULES §2.3): the same marine.
      const [side, id] = str(e.card).split(':');
      return side === 'marine' && id ? `Initiative: ${t.name(id.replace(/#\d+$/, ''))} is next` : 'Initiative: the invader is next';
    }
    case 'invader-activation':
      return 'The invader chooses a demon type to activate';
    case 'activation-skipped':
      return e.figure ? `${who} cannot activate: ${str(e.reason)}` : `The invader's activation is skipped: ${str(e.reason)}`;
    case 'demon-card-exhausted':
      return `The invader exhausts the ${words(str(e.demon))} card: ${and(arr(e.figures).map((f) => t.name(String(f))))} will activate`;
    case 'demon-choice':
      return `The invader picks which ${words(str(e.demon))} activates next (${and(arr(e.figures).map((f) => t.name(String(f))))})`;
    case 'activation-started':
      return `${who} activates${typeof e.mp === 'number' ? ` with ${e.mp} MP` : ''}`;
    case 'card-played':
      return { text: `${who} plays ${title(t, str(e.card))} (${num(e.mp)} MP)`, detail: cardDetail(t, [str(e.card)]) };
    case 'sprinted':
      return { text: `${who} sprints, discarding ${title(t, str(e.discarded))} (${num(e.mp)} MP)`, detail: cardDetail(t, [str(e.discarded)]) };
    case 'class-card-used':
      return { text: `${who} uses the class card ${title(t, str(e.card))}${num(e.drew) ? ` and draws ${plural(num(e.drew), 'card')}` : ''}`, detail: cardDetail(t, [str(e.card)]) };
    case 'attack-rolled': {
      const dice = arr(e.dice).map((d) => `${str(obj(d).color)} ${num(obj(d).damage)}`).join(', ');
      const def = e.defenseCard ? `; ${t.name(str(e.target))} reveals ${title(t, str(e.defenseCard))} to defend` : `; ${t.name(str(e.target))} has no defense card`;
      return { text: `${who} attacks ${t.name(str(e.target))} at range ${num(e.range)}${e.cover ? ', in cover' : ''} and rolls ${dice || 'no dice'}${def}`, detail: e.defenseCard ? cardDetail(t, [str(e.defenseCard)]) : undefined };
    }
    case 'stun-die-removed':
      return `${who} is stunned and rolls one ${str(e.die) || ''} die fewer`.replace('  ', ' ');
    case 'stunned-no-defense':
      return `${who} is stunned and gets no defense card`;
    case 'second-defense-card':
      return { text: `${who} reveals a second defense card, ${title(t, str(e.card))}`, detail: cardDetail(t, [str(e.card)]) };
    case 'cards-played': {
      const cards = arr(e.cards).map(String);
      return { text: `${who} plays ${and(cards.map((c) => title(t, c)))} while ${e.while === 'defending' ? 'defending' : 'attacking'}`, detail: cardDetail(t, cards) };
    }
    case 'argent-spent':
      return `The invader spends argent on the ${words(str(e.demon))} card for ${words(str(e.ability))} (${plural(num(e.left), 'argent')} left)`;
    case 'attack-resolved':
      return `${t.name(str(e.target))} defends with ${plural(num(e.shields), 'shield')}${e.dodge ? ' and a dodge' : ''} against ${plural(num(e.icons), 'damage icon')}: ${num(e.damage)} damage`;
    case 'damaged':
      return `${who} takes ${num(e.damage)} damage (${num(e.total)} of ${num(e.health)} health lost)`;
    case 'stunned':
      return `${who} is stunned`;
    case 'ability':
      return `${who} uses ${words(str(e.ability))}${num(e.mp) ? ` for ${num(e.mp)} more MP` : ''}`;
    case 'killed':
      return `${who} is killed${e.by ? ` by ${t.name(str(e.by))}` : ''}${e.how === 'glory-kill' ? ' in a glory kill' : ''}`;
    case 'kill-token':
      return `The invader takes a kill token (${plural(num(e.kills), 'kill')} so far)`;
    case 'demon-card-face-down':
      return `The ${words(str(e.demon))} card is turned face down: none of its demons is left`;
    case 'glory-kill':
      return {
        text: `${who} glory-kills ${t.name(str(e.demon))}${e.card ? ` with ${title(t, str(e.card))}` : ''}${num(e.healed) ? `, heals ${num(e.healed)}` : ''}${num(e.drew) ? `, draws ${plural(num(e.drew), 'card')}` : ''}`,
        detail: e.card ? cardDetail(t, [str(e.card)]) : undefined,
      };
    case 'demon-done':
      return `${who} has finished its activation`;
    case 'activation-ended':
      return e.demon ? `The ${words(str(e.demon))} activation ends` : `${who} ends the activation${num(e.drew) ? ` and draws ${plural(num(e.drew), 'card')}` : ''}`;
    case 'moved':
      return `${who} moves${fromTo(e)}${typeof e.cost === 'number' ? ` for ${e.cost} MP` : ''}${e.rotated ? ', turned' : ''}`;
    case 'teleporter-activated':
      return `${t.name(str(e.by))} activates the teleporter at ${at(e.at)}`;
    case 'displacement-choice':
      return `${who} must make room for ${t.name(str(e.by))}: its side chooses where it goes`;
    case 'displaced':
      return `${who} is pushed${fromTo(e)} by ${t.name(str(e.by))}`;
    case 'door-opened':
      return `${who} opens a door`;
    case 'picked-up':
      return e.kind === 'medkit'
        ? `${who} picks up a medkit and heals ${num(e.healed)}`
        : `${who} picks up the ${words(str(e.weapon)) || 'weapon'} and its ${plural(num(e.cards), 'card')}`;
    case 'respawned':
      return `${who} respawns at ${at(e.at)}`;
    case 'summoned': {
      const figs = arr(e.figures).map((f) => t.name(String(f)));
      return figs.length ? `The invader summons ${and(figs)} at the ${words(str(e.color))} portal` : `The invader summons at the ${words(str(e.color))} portal, but nothing could be placed`;
    }
    case 'summon-failed':
      return `No ${words(str(e.demon))} could be placed: ${str(e.reason).replace(/^RULES §[\d.]+: /, '')}`;
    case 'portal-empty':
      return `The ${words(str(e.color))} portal has nothing left to summon`;
    case 'portals-revealed':
      return `Portals open: ${and(arr(e.portals).map((p) => words(String(p)).replace(/^portal /, '') + ' portal'))}`;
    case 'game-over':
      return `${Side(str(e.winner))} ${sideName(str(e.winner)) === 'the marines' ? 'win' : 'wins'}: ${e.objective === 'kills' ? 'enough kill tokens' : e.objective === 'eliminate' ? 'every enemy eliminated' : words(str(e.objective))}`;
    default:
      return null;
  }
}

function face2004(f: unknown): string {
  const o = obj(f);
  return o.miss ? `${str(o.die)} miss` : `${str(o.die)} ${num(o.range)}/${num(o.damage)}${o.ammo ? '+ammo' : ''}`;
}

function doom2004(e: GameEvent, t: WordsContext): string | null {
  const who = typeof e.figure === 'string' ? t.name(e.figure) : '';
  switch (e.type) {
    case 'round-started':
      return `Round ${num(e.round)} begins`;
    case 'phase-started':
      return `${sides(str(e.side))} turn${typeof e.round === 'number' ? ` (round ${e.round})` : ''}`;
    case 'activated':
      return `${who} takes its turn${typeof e.mp === 'number' ? ` (speed ${e.mp})` : ''}`;
    case 'action': {
      const a = str(e.action);
      const what = a === 'ready' ? `readies ${article(words(str(e.order)))} order` : `chooses ${article(words(a))}`;
      return `${who} ${what}${e.adrenaline ? ' with adrenaline' : ''}: ${num(e.mp)} MP, ${plural(num(e.attacks), 'attack')}`;
    }
    case 'order-placed':
      return `${who} places ${article(words(str(e.order)))} order`;
    case 'order-used':
      return `${who} uses the ${words(str(e.order))} order${e.interrupting ? ` to attack ${t.name(str(e.interrupting))}` : ''}`;
    case 'order-lost':
      return `${who} loses the ${words(str(e.order))} order (${e.why === 'wounded' ? 'wounded' : e.why === 'moved' ? 'moved' : 'a new turn began'})`;
    case 'moved':
      return `${who} moves${fromTo(e)}${typeof e.cost === 'number' ? ` for ${e.cost} MP` : ''}`;
    case 'hopped':
      return `${who} jumps${fromTo(e)}`;
    case 'teleported':
      return `${who} is teleported to ${at(e.to)}`;
    case 'knocked-back':
      return `${who} is knocked back${fromTo(e)}`;
    case 'rolled':
      return `${who} rolls ${arr(e.faces).map(face2004).join(', ')}${e.aimed ? ' (aimed)' : ''}`;
    case 'rerolled':
      return `${who} re-rolls for ${e.stage === 'dodge' ? 'the dodge' : 'the aim'}${arr(e.faces).length ? `: ${arr(e.faces).map(face2004).join(', ')}` : ''}`;
    case 'aim-and-dodge-ignored':
      return `${who}'s aim and ${t.name(str(e.target))}'s dodge cancel out`;
    case 'attacked': {
      const target = e.targetFigure ? t.name(str(e.targetFigure)) : at(e.target);
      const weapon = e.weapon ? ` with the ${words(str(e.weapon))}` : '';
      const out = e.hit ? `hits for ${plural(num(e.damage), 'wound')}` : e.miss ? 'misses' : 'falls short';
      return `${who} attacks ${target}${weapon} at range ${num(e.range)}: ${out}${e.guard ? ' (guard)' : ''}${e.ammoSpent ? `; 1 ${words(str(e.ammoSpent))} ammo spent` : ''}`;
    }
    case 'armor-held':
      return `${who}'s armor (${num(e.armor)}) stops ${plural(num(e.damage), 'wound')}`;
    case 'wounded':
      return `${who} takes ${plural(num(e.wounds ?? e.damage), 'wound')}${typeof e.health === 'number' ? ` (${num(e.total)} of ${num(e.health)})` : ''}`;
    case 'killed':
      return `${who} is killed`;
    case 'berserk-kill':
      return `${who} tears ${t.name(str(e.target))} apart in a berserk rage`;
    case 'fragged':
      return `${who} is fragged: the invader has ${plural(num(e.fragPoints), 'frag point')}`;
    case 'respawned':
      return `${who} respawns at ${at(e.at)}`;
    case 'barrel-exploded':
      return `A barrel explodes at ${at(e.at)}`;
    case 'door-opened':
    case 'door-closed':
      return `${who} ${e.type === 'door-opened' ? 'opens' : 'closes'} ${e.key ? `the ${words(str(e.key))} door` : 'a door'}`;
    case 'picked-up': {
      const k = str(e.kind);
      const thing = k === 'ammo' ? `${words(str(e.ammo))} ammo` : k === 'weapon' ? `the ${words(str(e.weapon))}` : k === 'key' ? `the ${words(str(e.color))} key`
        : k === 'health' ? `a health pack and heals ${plural(num(e.healed), 'wound')}` : k === 'armor' ? `armor (now ${num(e.armor)})` : k === 'berserk' ? 'berserk' : k === 'adrenaline' ? 'adrenaline' : words(k);
      return `${who} picks up ${thing}`;
    }
    case 'gave':
      return `${who} gives ${e.weapon ? `the ${words(str(e.weapon))}` : `${words(str(e.ammo))} ammo`} to ${t.name(str(e.to))}`;
    case 'healed':
      return `${who} heals ${e.target === e.figure ? 'itself' : t.name(str(e.target))} (${plural(num(e.wounds), 'wound')} left)`;
    case 'revealed': {
      const figs = arr(e.figures).map((f) => t.name(String(f)));
      return `A new area is revealed${figs.length ? `: ${and(figs)} appear` : ''}${arr(e.tokens).length ? `${figs.length ? ';' : ':'} ${plural(arr(e.tokens).length, 'token')} placed` : ''}`;
    }
    case 'not-placed':
      return `${who} could not be placed: no free space`;
    case 'interrupt-window': {
      // The window also opens after a step that killed the invader (issue 45): then there is no one to name.
      const gone = !t.view.figures.some((f) => f.id === e.invader);
      return `${and(arr(e.guards).map((g) => t.name(String(g))))} may interrupt ${gone ? "the invaders' turn" : t.name(str(e.invader))} with a guard attack`;
    }
    case 'passed':
      return `${Side(str(e.side))} let the moment pass`;
    case 'berserk-faded':
      return `${who}'s berserk fades`;
    case 'berserk-ended':
      return `${who}'s berserk ends`;
    case 'turn-ended':
    case 'activation-ended':
      return `${who}'s turn ends${e.why === 'removed' ? ' (removed from the board)' : ''}`;
    case 'invader-turn-ended':
      return 'The invader ends the turn';
    case 'game-over':
      return `${Side(str(e.winner))} ${sideName(str(e.winner)) === 'the marines' ? 'win' : 'wins'}${e.objective ? `: ${e.objective === 'frags' ? 'enough frag points' : words(str(e.objective))}` : ''}`;
    default:
      return null;
  }
}

function d20(e: GameEvent, t: WordsContext): string | null {
  const who = typeof e.figure === 'string' ? t.name(e.figure) : '';
  switch (e.type) {
    case 'round-started':
      return `Round ${num(e.round)} begins`;
    case 'phase-started':
      return `The ${Side(str(e.side))} side acts${typeof e.round === 'number' ? ` (round ${e.round})` : ''}`;
    case 'activated':
      return `${who} activates`;
    case 'moved':
      return `${who} moves${fromTo(e)}${typeof e.cost === 'number' ? ` (${plural(e.cost, 'square')} of movement)` : ''}`;
    case 'attacked': {
      // Every term of the total (RULES §4): the die, the attack bonus, +4 for each helper's combined fire.
      const terms = [num(e.attack), num(e.bonus)].filter((n) => n).map((n) => (n < 0 ? ` − ${-n}` : ` + ${n}`)).join('');
      const roll = `rolls ${num(e.natural)}${terms} = ${num(e.total)} against defense ${num(e.defense)}`;
      return `${who} attacks ${t.name(str(e.target))}${e.cover ? ' in cover' : ''}: ${roll}, ${e.hit ? `a hit for ${num(e.damage)} damage` : 'a miss'}`;
    }
    case 'damaged':
      return `${who} takes ${num(e.damage)} damage (${num(e.hp)} hit points left)`;
    case 'defeated':
      return `${who} is defeated`;
    case 'activation-ended':
      return `${who}'s activation ends`;
    case 'game-over':
      return e.winner ? `The ${Side(str(e.winner))} side wins` : 'The game ends in a draw';
    default:
      return null;
  }
}

const BY_RULESET: Record<string, (e: GameEvent, t: WordsContext) => LogLine | string | null> = { doom2016, doom2004, d20 };

/** The event in words, or null when this ruleset's event is not known here (the caller's generic phrasing). */
export function eventLine(e: GameEvent, t: WordsContext): LogLine | null {
  const r = BY_RULESET[t.view.ruleset]?.(e, t) ?? null;
  return typeof r === 'string' ? { text: r } : r && { text: r.text, ...(r.detail ? { detail: r.detail } : {}) };
}

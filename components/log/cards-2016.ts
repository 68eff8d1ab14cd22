/** doom2016 cards as players read them: looked up in the game state's card data, and their text in words. */
import { arr, num, obj, plural, str, type Obj } from './loose.ts';

/** doom2016 card data from the state: action, event, class cards by id. */
export function card2016(state: unknown, id: string): Obj | null {
  const data = obj(obj(state).data);
  for (const set of ['actionCards', 'eventCards', 'classCards', 'gloryKillCards', 'invasionCards']) {
    const c = obj(data[set])[id];
    if (c) return obj(c);
  }
  return null;
}


function dice(list: unknown): string {
  const counts = new Map<string, number>();
  for (const d of arr(list)) counts.set(String(d), (counts.get(String(d)) ?? 0) + 1);
  const total = arr(list).length;
  return [...counts].map(([c, n]) => `${n} ${c}`).join(' + ') + (total === 1 ? ' die' : total ? ' dice' : '');
}

export function defenseWords(d: Obj): string {
  const parts = [plural(num(d.shields), 'shield')];
  if (d.dodge) parts.push('dodge');
  if (d.special) parts.push('special');
  return parts.join(', ');
}

/** "Main action, speed 2; attack 3 red dice, range 6. Defense: 1 shield." */
export function cardText(c: Obj): string {
  const parts: string[] = [];
  if (c.action) parts.push(`${str(c.action).charAt(0).toUpperCase()}${str(c.action).slice(1)} action${c.speed !== undefined ? `, speed ${num(c.speed)}` : ''}`);
  const a = obj(c.attack);
  if (a.dice) parts.push(`attack ${dice(a.dice)}, range ${num(a.range)}${c.stun ? ', stuns' : ''}`);
  if (c.when && !c.text) parts.push(`while ${str(c.when)}${c.shields ? `: +${plural(num(c.shields), 'shield')}` : ''}${c.dice ? `: +${dice(c.dice)}` : ''}`);
  let text = parts.join('; ');
  if (c.text) text += `${text ? '. ' : ''}${str(c.text).replace(/\.$/, '')}`;
  if (c.defense) text += `${text ? '. ' : ''}Defense: ${defenseWords(obj(c.defense))}.`;
  return text;
}


/**
 * Commands as a player clicks them (issue 39: hints a player can follow): each command of a plan in
 * the words `<doom-board>` shows — its buttons (components/panels/play-table.ts `commandWords`),
 * spaces named A1 as the board prints them (components/coords.ts), figures by their names — so that
 * "Charlie: play Burst Fire, move to C4, attack Imp 1" is the list of clicks that plays the plan.
 * The API's reasons use the same words.
 */
import type { GameState } from '../../rules/engine.ts';
import type { Doom2016State } from '../../rules/doom2016/types.ts';
import type { Command } from '../../rules/types.ts';
import { cellName, readableName } from '../../core/names.ts';

export { cellName, readableName };

/** Figure names by id (the scenario's `name`, as the element shows them); others read from their ids. */
export type Names = Readonly<Record<string, string>>;

export interface Words {
  /** A figure's name. */
  name(id: string): string;
  /** One command as the step a player takes ("play Burst Fire", "move to C4", "attack Imp 1"). */
  step(c: Command): string;
  /** A space: "C4". */
  space(c: { x: number; y: number }): string;
}

const isCell = (v: unknown): v is { x: number; y: number } =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { x?: unknown }).x) && Number.isInteger((v as { y?: unknown }).y);

/** The words of `state`'s game, figures named by `names`. */
export function wordsOf(state: GameState, names: Names = {}): Words {
  const name = (id: string) => names[id] ?? readableName(id);
  const space = (c: { x: number; y: number }) => cellName(c.x, c.y);
  const card = (k: unknown): string => {
    if (state.ruleset !== 'doom2016') return readableName(String(k));
    const s = state as Doom2016State;
    return s.data.actionCards[String(k)]?.name ?? s.data.eventCards[String(k)]?.name ?? readableName(String(k));
  };
  /** The figure on a space (doom2004 attacks name spaces), else the space. */
  const at = (c: { x: number; y: number }) => {
    const f = (state.figures as { id: string; x: number; y: number; w: number; h: number }[]).find((g) => c.x >= g.x && c.x < g.x + g.w && c.y >= g.y && c.y < g.y + g.h);
    return f ? `${name(f.id)} (${space(c)})` : space(c);
  };
  const step = (c: Command): string => {
    switch (c.type) {
      case 'play': return `play ${card(c.card)}`;
      case 'sprint': return `sprint, discarding ${card(c.discard)}`;
      case 'move': return isCell(c.to) ? `move to ${space(c.to)}${(c.to as { o?: number }).o ? ' (turned)' : ''}` : 'move';
      case 'attack': {
        const target = typeof c.target === 'string' ? name(c.target) : isCell(c.target) ? at(c.target) : 'the target';
        const weapon = typeof c.weapon === 'string' ? ` with the ${readableName(c.weapon).toLowerCase()}` : '';
        const ability = typeof c.ability === 'string' ? ` (${c.ability})` : '';
        return `attack ${target}${weapon}${ability}${c.aimed ? ', aimed' : ''}`;
      }
      case 'open-door': return 'open the door';
      case 'pick-up': return `pick up ${readableName(String(c.token))}`;
      case 'end': return state.ruleset === 'doom2004' ? 'end the turn' : 'end the activation';
      case 'activate': return 'activate';
      case 'action': {
        const extra = [c.order ? `order: ${String(c.order)}` : '', c.adrenaline ? 'with adrenaline' : ''].filter(Boolean).join(', ');
        return `${String(c.action)}${extra ? ` (${extra})` : ''}`;
      }
      case 'activate-demon': return `activate ${name(String(c.figure))}`;
      case 'respawn': return isCell(c.at) ? `respawn at ${space(c.at)}` : isCell(c.to) ? `respawn at ${space(c.to)}` : 'respawn';
      case 'place-displaced': return isCell(c.to) ? `place at ${space(c.to)}` : 'place';
      default: return c.type.replace(/[-_]+/g, ' ');
    }
  };
  return { name, step, space };
}

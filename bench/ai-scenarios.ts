/**
 * Seeded positions for the AI benchmarks: a 26×26 doom2016 board (≈10% wall edges, some difficult
 * terrain) with 8 marines and 8 demons, and a doom2004 / d20 counterpart; helpers that put a game
 * into a chosen figure's activation.
 */
import type { Doom2016State } from '../src/rules/doom2016/types.ts';
import type { Scenario } from '../src/scenario/types.ts';

function lcg(seed: number) {
  let t = seed >>> 0;
  return () => ((t = (Math.imul(t, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export function bigScenario(ruleset: 'doom2016' | 'doom2004' | 'd20', seed = 1, side = 26, perSide = 8, demons = perSide, onlyType?: string): Scenario {
  const r = lcg(seed);
  const map = Array.from({ length: side }, () => Array.from({ length: side }, () => (ruleset !== 'd20' && r() < 0.06 ? 'd' : ruleset === 'd20' && r() < 0.04 ? 'l' : '.')).join(''));
  const edges: { from: [number, number]; to: [number, number]; kind: string }[] = [];
  for (let k = 0; k < side * 2; k++) {
    const x = 1 + Math.floor(r() * (side - 2));
    const y = 1 + Math.floor(r() * (side - 2));
    const len = 1 + Math.floor(r() * 3);
    if (r() < 0.5) edges.push({ from: [x, y], to: [Math.min(side, x + len), y], kind: 'wall' });
    else edges.push({ from: [x, y], to: [x, Math.min(side, y + len)], kind: 'wall' });
  }
  const taken = new Set<string>();
  const spot = (x0: number, x1: number) => {
    for (;;) {
      const x = x0 + Math.floor(r() * (x1 - x0));
      const y = Math.floor(r() * side);
      const k = `${x},${y}`;
      if (!taken.has(k) && map[y][x] === '.') {
        taken.add(k);
        return { x, y };
      }
    }
  };
  const sides = ruleset === 'd20' ? ['empire', 'alliance'] : ['marines', ruleset === 'doom2004' ? 'invaders' : 'invader'];
  const marineType = ruleset === 'd20' ? 'trooper' : 'marine';
  const demonTypes = ruleset === 'doom2016' ? ['imp', 'possessed-soldier'] : ruleset === 'doom2004' ? ['imp', 'zombie'] : ['trooper', 'scout'];
  const figures = [
    ...Array.from({ length: perSide }, (_, i) => ({ id: `m${i + 1}`, side: sides[0], type: marineType, ...spot(0, 10) })),
    ...Array.from({ length: demons }, (_, i) => ({ id: `d${i + 1}`, side: sides[1], type: onlyType ?? demonTypes[i % 2], ...spot(side - 12, side) })),
  ];
  const data = ruleset === 'doom2016'
    ? { units: 'doom2016/sample-units', dice: 'doom2016/dice', actionCards: 'doom2016/sample-action-cards', eventCards: 'doom2016/sample-event-cards', invasionCards: 'doom2016/sample-invasion-cards', gloryKillCards: 'doom2016/sample-glory-kill-cards', squadCards: 'doom2016/sample-squad-cards', classCards: 'doom2016/sample-class-cards' }
    : ruleset === 'doom2004'
      ? { units: 'doom2004/sample-units', weapons: 'doom2004/weapons', dice: 'doom2004/dice', marineStart: 'doom2004/marine-start' }
      : { units: 'd20/sample-units' };
  return { ruleset, map, edges, figures, sides, data, ...(ruleset === 'doom2016' ? { mission: { summon: 'never' } } : {}) } as unknown as Scenario;
}

/** A doom2016 state in the activation of `id` (a demon with its speed, or a marine with its hand). */
export function inActivation(s: Doom2016State, id: string): Doom2016State {
  const f = s.figures.find((g) => g.id === id)!;
  s.phase = 'activation';
  s.active = f.side === s.marineSide
    ? { kind: 'marine', figure: id, card: 'init', mp: 0, mainPlayed: false, resolving: null, attack: null, stun: false, respawn: false }
    : { kind: 'demons', card: 'init', type: f.type, queue: [], figure: id, mp: s.data.units[f.type].speed ?? 0, attacked: false };
  return s;
}


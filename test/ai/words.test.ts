/**
 * Issue 39, hints a player can follow: a plan's reason lists every command in order, in the words
 * `<doom-board>` uses (its spaces "C4", its figure names, its buttons' words), and the API's reasons
 * are the same words. Before, a doom2016 hint at 0 MP read "Move to C4 and attack Imp 1 with Burst
 * Fire" and C4 did nothing until "play Burst Fire" was pressed.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { cellName, readableName, wordsOf } from '../../src/ai/hints/words.ts';
import { cellName as elementCell, figureName as elementName } from '../../components/coords.ts';
import { inActivation } from '../../bench/ai-scenarios.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

test('spaces and figures are named as the element names them', () => {
  for (let x = 0; x < 60; x++) for (const y of [0, 3, 25]) expect(cellName(x, y)).toBe(elementCell(x, y));
  for (const id of ['imp-1', 'possessed-soldier-2', 'charlie', 'rebel_trooper', 'hell-knight-1']) expect(readableName(id)).toBe(elementName(id));
});

test('at 0 MP a doom2016 marine\'s hint plays the card first: "Charlie: play Burst Fire, move to …, attack Imp 1"', () => {
  const g = createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 1 });
  const s = inActivation(structuredClone(g.state), 'charlie');
  s.marines.charlie.hand = ['har-burst'];
  const imp = s.figures.find((f) => f.id === 'imp-1')!;
  Object.assign(imp, { x: 9, y: 3 });
  const plans = hints(s, undefined, { search: false, limit: 20 });
  const burst = plans.find((p) => p.target === 'imp-1' && p.to);
  expect(burst, plans.map((p) => p.reason).join('\n')).toBeDefined();
  expect(burst!.commands.map((c) => c.type)).toEqual(['play', 'move', 'attack']);
  expect(burst!.reason).toMatch(/^Charlie: play Burst Fire, move to [A-P]\d+, attack Imp 1: \d+% to hit/);
});

test('every plan of every ruleset lists each of its commands in order, then the odds; no (x,y) and no raw ids', () => {
  const positions: [GameState, string | undefined][] = [
    [inActivation(structuredClone(createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 2 }).state), 'alpha'), undefined],
    [inActivation(structuredClone(createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 2 }).state), 'imp-1'), undefined],
    [createGame(skirmish as unknown as Scenario, { seed: 2 }).state as GameState, undefined],
    [createGame(d20 as unknown as Scenario, { seed: 2 }).state as GameState, undefined],
  ];
  let checked = 0;
  for (const [state, figure] of positions) {
    const w = wordsOf(state);
    for (const p of hints(state, figure, { search: false, limit: 20 })) {
      expect(p.reason.startsWith(`${w.name(p.figure)}: ${p.commands.map(w.step).join(', ')}`), p.reason).toBe(true);
      if (p.then) expect(p.reason).toContain(`; then ${p.then.commands.map(w.step).join(', ')}`);
      expect(p.reason).not.toMatch(/\(\d+,\d+\)/);
      for (const f of state.figures as { id: string }[]) if (/-/.test(f.id)) expect(p.reason, f.id).not.toMatch(new RegExp(`\\b${f.id}\\b`));
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(30);
});

test('the element\'s names are used when given (a scenario that names its figures)', () => {
  const s = inActivation(structuredClone(createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 2 }).state), 'imp-1');
  const [top] = hints(s, undefined, { search: false, names: { 'imp-1': 'Skittering Imp', bravo: 'Sgt. Bravo' } });
  expect(top.reason).toMatch(/^Skittering Imp: /);
});

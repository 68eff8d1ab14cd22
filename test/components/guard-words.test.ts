/** doom2004 guard interrupts read like attacks, and a space holding a friend says so (a new-user review). */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameView } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { commandWords } from '../../components/panels/play-table.ts';

beforeAll(async () => {
  await loadCore();
});

test('a guard attack names the guard, the space and whose figure stands there, as an attack button does', () => {
  const g = createGame(bundledScenarios.get('doom2004-skirmish')!, { seed: 1 });
  const view = g.view() as GameView;
  const marineSide = (g.state as unknown as { marineSide: string }).marineSide;
  const marines = view.figures.filter((f) => f.side === marineSide);
  expect(marines.length).toBeGreaterThanOrEqual(2);
  const [a, b] = marines;
  const names = new Map(view.figures.map((f) => [f.id, f.id === a.id ? 'Marine 1' : f.id === b.id ? 'Marine 2' : f.id]));
  const t = { view, state: g.state, lastEvents: [], name: (id: string) => names.get(id) ?? id };
  const cell = `${String.fromCharCode(65 + b.x)}${b.y + 1}`;
  expect(commandWords({ type: 'guard-attack', figure: a.id, target: { x: b.x, y: b.y }, weapon: 'pistol' }, t))
    .toBe(`Marine 1 (guard): attack Marine 2 (${cell}, your own side) with the pistol`);
  expect(commandWords({ type: 'attack', figure: a.id, target: { x: b.x, y: b.y }, weapon: 'pistol' }, t))
    .toBe(`Marine 1: attack Marine 2 (${cell}, your own side) with the pistol`);
});

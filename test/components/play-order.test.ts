/**
 * Play mode takes commands and undos one at a time, in the order asked (components/modes/play-mode.ts):
 * a command that arrives while the previous one is still being shown (a person's click during the
 * autopilot's move) waits for it, so doom-action / doom-undo events and the history keep one order.
 */
import { beforeAll, expect, test } from 'vitest';
import { InPageEngine, type GameClient } from '../../components/engine-client.ts';
import type { UrlController } from '../../components/controllers/url-controller.ts';
import { PlayMode, type PlayHost } from '../../components/modes/play-mode.ts';
import { BoardState } from '../../components/state/board-state.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame } from '../../src/rules/index.ts';
import type { Command } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

/** A host that records what play mode emits (`doom-*` events, failures among them); nothing is drawn. */
function recording(engine: InPageEngine, scenario: Scenario): { host: PlayHost; state: BoardState; events: { type: string; detail: unknown }[] } {
  const events: { type: string; detail: unknown }[] = [];
  const host = {
    engine, seed: 3, hints: undefined, mode: 'play', ai: false, autopilot: undefined, autopilotDelay: undefined, blast: undefined, rulesHref: undefined,
    addController: () => undefined,
    requestUpdate: () => undefined,
    dispatchEvent: (e: Event) => events.push({ type: e.type, detail: (e as CustomEvent).detail }) > 0,
  } as unknown as PlayHost & EventTarget;
  const state = new BoardState(host);
  state.scenario = scenario;
  return { host, state, events };
}

/** No page URL: nothing is read or kept. */
const noUrl = { read: () => null, write: () => undefined } as unknown as UrlController;

test('a command sent while the previous one is still being shown waits for it; an undo waits too', async () => {
  const engine = new InPageEngine();
  const scenario = engine.validate(d20) as Scenario;
  const inner = await engine.createGame(scenario, 3);
  // The first `slow` views come back late, as when the page is busy drawing the previous command.
  let slow = 0;
  const game: GameClient = {
    view: async () => {
      if (slow > 0) {
        slow--;
        await new Promise((r) => setTimeout(r, 30));
      }
      return inner.view();
    },
    legalActions: (f) => inner.legalActions(f),
    apply: (c) => inner.apply(c),
    undo: () => inner.undo(),
    history: () => inner.history(),
  };
  // Three commands legal one after the other (from the same seed, played aside).
  const aside = createGame(scenario, { seed: 3 });
  const commands: Command[] = [];
  for (let i = 0; i < 3; i++) {
    const c = aside.legalActions()[0];
    expect(aside.apply(c).ok).toBe(true);
    commands.push(c);
  }
  const { host, state, events } = recording(engine, scenario);
  const play = new PlayMode(host, state, noUrl);
  play.game = game;

  slow = 1;
  const results = await Promise.all([play.apply(commands[0]), play.apply(commands[1])]);
  expect(results.map((r) => r?.ok)).toEqual([true, true]);
  slow = 1;
  await Promise.all([play.apply(commands[2]), play.undo()]);

  expect(events.filter((e) => e.type === 'doom-error')).toEqual([]);
  // In the order asked: the slow first command's event before the second's, the undo after the third.
  expect(events.filter((e) => e.type === 'doom-action' || e.type === 'doom-undo').map((e) => (e.type === 'doom-undo' ? 'undo' : JSON.stringify((e.detail as { command: Command }).command)))).toEqual([...commands.map((c) => JSON.stringify(c)), 'undo']);
  expect(await inner.history()).toEqual(commands.slice(0, 2));
  expect(play.history).toBe(2);
});

/**
 * The live region's words (components/state/board-state.ts): the autopilot answers a person's command
 * within milliseconds, and its first announcement keeps the person's own result in front (a review
 * found the result replaced before a screen reader could say it); later ones, and ones after a pause,
 * stand alone.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { BoardState } from '../../components/state/board-state.ts';

const state = () => new BoardState({ addController: () => undefined, requestUpdate: () => undefined, dispatchEvent: () => true } as never);

afterEach(() => {
  vi.restoreAllMocks();
});

test('the autopilot\'s first words follow the person\'s result; its next ones and the person\'s own stand alone', () => {
  let now = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  const s = state();
  s.announce('Charlie attacks Imp 1: 2 damage');
  expect(s.announcement).toBe('Charlie attacks Imp 1: 2 damage');
  now += 40;
  s.announce('Imp 1 moves to C4', 'Autopilot (invader): ');
  expect(s.announcement).toBe('Charlie attacks Imp 1: 2 damage Autopilot (invader): Imp 1 moves to C4');
  now += 500;
  s.announce('Imp 1 attacks Charlie', 'Autopilot (invader): ');
  expect(s.announcement).toBe('Autopilot (invader): Imp 1 attacks Charlie');
  s.announce('Delta moves to B2');
  expect(s.announcement).toBe('Delta moves to B2');
  // Three seconds later the person's words have been heard: the autopilot's stand alone.
  now += 3000;
  s.announce('Imp 2 moves to D4', 'Autopilot (invader): ');
  expect(s.announcement).toBe('Autopilot (invader): Imp 2 moves to D4');
});

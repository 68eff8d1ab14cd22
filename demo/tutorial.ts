// The tutorial boards take the bundled scenario as a property (the JSON object).
import tutorial from '../src/scenario/bundled/doom2016-tutorial.json';
import type { DoomBoard } from '../components/doom-board.ts';

for (const id of ['tutorial-play', 'tutorial-explore']) {
  const board = document.getElementById(id) as DoomBoard | null;
  if (board) board.scenario = tutorial as unknown as DoomBoard["scenario"];
}

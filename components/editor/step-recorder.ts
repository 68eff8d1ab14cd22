/**
 * The editor's record of a worked example (issue 40): the edited scenario played from its seed to
 * the end of its `steps`, so that the next step can be chosen among the commands legal there (or a
 * selection of a figure on the board there). Rebuilt whenever the scenario or its steps change;
 * a scenario that cannot be played (no data sets: selections can still be recorded) or a step that
 * is refused is said, not thrown.
 */
import type { Command } from '../../src/rules/types.ts';
import type { Scenario, ScenarioStep } from '../../src/scenario/types.ts';
import type { EngineClient } from '../engine-client.ts';

export class StepRecorder {
  /** The commands legal after the last step. */
  legal: Command[] = [];
  /** The figures on the board after the last step. */
  figures: string[] = [];
  /** Why no step can be recorded now, or ''. */
  problem = '';
  private key = '';

  constructor(private readonly engine: EngineClient, private readonly redraw: () => void) {}

  /** Keep the record at the end of `scenario`'s steps (played again only when something changed). */
  sync(scenario: Scenario): void {
    const key = JSON.stringify(scenario);
    if (key === this.key) return;
    this.key = key;
    void this.replay(scenario, key);
  }

  private async replay(scenario: Scenario, key: string): Promise<void> {
    const { steps = [], ...start } = scenario;
    let legal: Command[] = [];
    let figures: string[] = [];
    let problem = '';
    try {
      const game = await this.engine.createGame(start as Scenario, scenario.seed);
      for (const [i, step] of steps.entries()) {
        if (!step.command) continue;
        const r = await game.apply(step.command as Command);
        if (!r.ok) throw new Error(`step ${i + 1} is refused (${r.refusal.rule}): ${r.refusal.message}`);
      }
      legal = await game.legalActions();
      figures = (await game.view()).figures.map((f) => f.id);
    } catch (e) {
      problem = `No commands can be recorded: ${e instanceof Error ? e.message : String(e)}`;
      // A selection needs no game: the figures of the board as drawn (a step's commands aside).
      if (!steps.some((st) => st.command)) figures = scenario.figures.map((f) => f.id);
    }
    if (key !== this.key) return;
    Object.assign(this, { legal, figures, problem });
    this.redraw();
  }
}

/** A step in a few words, for the editor's list: its command or selection. */
export function stepLabel(step: ScenarioStep, words: (c: Command) => string): string {
  if (step.command) return words(step.command as Command);
  return `Select ${step.select}${step.target ? `, target ${step.target}` : ''}${step.reach !== undefined ? `, ${step.reach} MP` : ''}`;
}

/**
 * A scenario's `steps` (issue 40, mode="replay"): the schema and validateScenario accept a worked
 * example of commands and selections with captions and highlights, and refuse a malformed one
 * naming each fault by its path.
 */
import { describe, expect, test } from 'vitest';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { stepCommands } from '../../src/scenario/steps.ts';
import { ScenarioError, validateScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/types.ts';

const base = bundledScenarios.get('d20-skirmish')!;
const problems = (steps: unknown): string[] => {
  try {
    validateScenario({ ...base, steps });
    return [];
  } catch (e) {
    return (e as ScenarioError).problems;
  }
};

describe('scenario steps', () => {
  test('a worked example of commands and selections, captions and highlights is a valid scenario', () => {
    const steps = [
      { select: 'trooper-1', target: 'rebel-trooper', reach: 6, caption: 'The trooper looks at the **rebel trooper**: in cover ([RULES §4](#rule-4)).', highlight: { spaces: [[1, 1], [14, 10]], lines: [[[1, 1], [14, 10]]], rule: 'rule-4' } },
      { command: { type: 'activate', figure: 'trooper-1' }, caption: 'The empire activates its trooper.' },
      { command: { type: 'move', figure: 'trooper-1', to: { x: 3, y: 1 } } },
    ];
    const s = validateScenario({ ...base, steps });
    expect(s.steps).toEqual(steps);
    expect(stepCommands(s.steps!)).toEqual([steps[1].command, steps[2].command]);
    expect(stepCommands(s.steps!, 2)).toEqual([steps[1].command]);
  });

  test('a malformed step is refused with every fault named by its path', () => {
    expect(problems([{ caption: 'nothing to do' }])).toEqual(['steps[0]: a step needs a command or a figure to select']);
    expect(problems([{ command: { type: 'end' }, select: 'scout' }])).toEqual(['steps[0]: a step is a command or a selection (select, target, reach), not both']);
    expect(problems([{ command: { type: 'end' }, target: 'scout' }])).toEqual(['steps[0].target: belongs to a selection: add select']);
    expect(problems([{ command: {} }])).toEqual(['steps[0].command.type: missing (required)']);
    expect(problems([{ select: 'scout', colour: 'red' }])[0]).toMatch(/^steps\[0\]\.colour: unknown property/);
    expect(problems([{ select: 'scout', caption: 'x'.repeat(601) }])).toEqual(['steps[0].caption: expected at most 600 characters, got 601']);
    expect(problems([{ select: 'scout', highlight: { rule: '#rule-2' } }])[0]).toMatch(/^steps\[0\]\.highlight\.rule: "#rule-2" does not match/);
    expect(problems([{ select: 'scout', highlight: { spaces: [[1]] } }])).toEqual(['steps[0].highlight.spaces[0]: expected at least 2 items, got 1']);
    expect(problems({ select: 'scout' })[0]).toMatch(/^steps: expected an array/);
    // Every fault at once.
    expect(problems([{}, { select: 'scout', reach: -1 }])).toHaveLength(2);
  });

  test('the scenario without steps is unchanged by the new field (a game does not read it)', () => {
    const s: Scenario = validateScenario(base);
    expect(s.steps).toBeUndefined();
  });
});

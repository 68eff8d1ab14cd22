/**
 * A scenario's `steps` (a worked example, played by the element's mode="replay"): what the JSON
 * Schema cannot say — a step is a command or a selection, not both, and a target or a reach belongs
 * to a selection. Whether a command is legal, or a named figure is on the board at that step, only
 * playing the steps tells (the element reports it naming the step).
 */
import type { ScenarioStep } from './types.ts';

type Fail = (path: string, message: string) => void;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkSteps(steps: unknown, fail: Fail): void {
  if (!Array.isArray(steps)) return;
  steps.forEach((s, i) => {
    if (!isObject(s)) return;
    const at = `steps[${i}]`;
    if (s.command !== undefined && s.select !== undefined) fail(at, 'a step is a command or a selection (select, target, reach), not both');
    else if (s.command === undefined && s.select === undefined) fail(at, 'a step needs a command or a figure to select');
    for (const k of ['target', 'reach']) if (s[k] !== undefined && s.select === undefined) fail(`${at}.${k}`, 'belongs to a selection: add select');
  });
}

/** The commands of the first `n` steps (all of them without `n`), in order: what the position after step n replays. */
export function stepCommands(steps: readonly ScenarioStep[], n = steps.length): ScenarioStep['command'][] {
  return steps.slice(0, n).flatMap((s) => (s.command ? [s.command] : []));
}

/**
 * The scenario as written (export, share links), kept beside the validated one without a second
 * deep copy of the whole input: a 201×201 board's took about 5 ms of its first render.
 */
import type { Scenario } from '../../src/scenario/types.ts';
import { validatedBoard } from '../../src/scenario/validate.ts';

/**
 * `scenario` is what the engine's `validate` returned for `input`. A copy `validateScenario` made
 * (it kept the board it built) differs from its input only in the figures' footprints, which it
 * filled in: the input's figures and areas are copied, and the map, edges and the rest are the
 * validated copy's, which the modes only read. Any other engine's result: a copy of the input.
 */
export function sourceOf(scenario: Scenario, input: Scenario): Scenario {
  if (!validatedBoard(scenario)) return structuredClone(input);
  const source = { ...scenario, figures: structuredClone(input.figures) };
  if (scenario.areas) source.areas = structuredClone(input.areas);
  return source;
}

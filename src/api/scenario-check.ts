/**
 * The API's verdict on a scenario for play: the engine's one validation (validateGame, which
 * createGame runs), after the ruleset it names is loaded. Problems become the 422 that
 * /scenarios/validate turns into `valid: false` and /games answers as it is.
 */
import { loadCore } from '../core/wasm.ts';
import { RULESETS } from '../core/types.ts';
import { loadRuleset, validateGame } from '../rules/engine.ts';
import { ScenarioError, type Scenario } from '../scenario/index.ts';
import { ApiError, problemAt } from './problem.ts';

/** `scenario` (already checked by validateScenario) as the rules would start it; ApiError 422 when they would not. */
export async function playableScenario(scenario: Scenario, at: string): Promise<Scenario> {
  await loadCore();
  if (RULESETS.includes(scenario.ruleset)) await loadRuleset(scenario.ruleset);
  try {
    return validateGame(scenario);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    const problems = e.problems.map((t) => problemAt(at, t));
    throw new ApiError(422, 'invalid-scenario', 'the scenario is not valid', { rule: 'scenario', problems });
  }
}


/**
 * Every situation in one hidden class. The ruleset adapters build situations with different
 * optional fields (doom2004 marines and invaders, the d20 sides), and V8 threw rankPlans's
 * optimised code away at each new shape it met at an `s.options`-style load, compiling it again on
 * a helper thread (bench/RESULTS.md, "rankPlans compiled apart"). A literal naming every field, in
 * one order, gives them all one shape; `satisfies` keeps the list complete when Situation grows a
 * field (test/ai/shape.test.ts checks the adapters set no field it leaves out).
 */
import type { Situation } from './types.ts';

export function shaped(s: Situation): Situation {
  const one = {
    ruleset: s.ruleset,
    state: s.state,
    me: s.me,
    myLeft: s.myLeft,
    board: s.board,
    without: s.without,
    destinations: s.destinations,
    moveCommand: s.moveCommand,
    options: s.options,
    enemies: s.enemies,
    mayTarget: s.mayTarget,
    checkTargets: s.checkTargets,
    approachMap: s.approachMap,
    threatZone: s.threatZone,
    retreatMp: s.retreatMp,
    finish: s.finish,
    moveOnly: s.moveOnly,
    moreMoves: s.moreMoves,
    sureKills: s.sureKills,
    killWorth: s.killWorth,
    deathWorth: s.deathWorth,
    targetSpace: s.targetSpace,
    sharedThreat: s.sharedThreat,
    objective: s.objective,
    arriving: s.arriving,
    hunt: s.hunt,
  } satisfies Record<keyof Situation, unknown>;
  return one;
}

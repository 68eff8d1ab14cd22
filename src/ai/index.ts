/**
 * The AI (issue 13): exact odds (odds/), ranked hints (hints/), the autopilot (autopilot/), and
 * the worker protocol (protocol.ts, worker.ts).
 */
export * from './odds/index.ts';
export { hints, situationOf, decisionPlans, rankPlans, distinctPlans, HINT_SEARCH, type Plan, type HintOptions, type Exposure } from './hints/index.ts';
export * from './autopilot/index.ts';
export { inPageAi, workerAi, createResponder, type Ai, type AiRequest, type AiStrength, type AiResponse } from './protocol.ts';

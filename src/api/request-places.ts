/**
 * Refusals that name the request's own parts: the figures a board query names, the spaces it asks
 * paths to (the board's own checks would say "figure", or read a space off the board as one no path
 * reaches), a game's two scenario sources at once, and the methods a path takes (405).
 */
import type { Scenario } from '../scenario/index.ts';
import { ApiError, problemResponse } from './problem.ts';

/** 422 naming each of `fields` of `q` that is no figure of the scenario. */
export function requireFigures<K extends string>(scenario: Scenario, q: Record<K, string>, fields: readonly K[]): void {
  const missing = fields.filter((k) => !scenario.figures.some((f) => f.id === q[k]));
  if (!missing.length) return;
  throw new ApiError(422, 'invalid-query', missing.map((k) => `${k}: no figure ${JSON.stringify(q[k])} in the scenario`).join('; '), {
    rule: 'board', problems: missing.map((k) => ({ path: `/body/${k}`, message: `no figure ${JSON.stringify(q[k])} in the scenario` })),
  });
}

/** 422 naming each destination in `to` off the scenario's map. */
export function requireOnBoard(scenario: Scenario, to: readonly { x: number; y: number }[] = []): void {
  const width = Math.max(0, ...scenario.map.map((row) => row.length)), height = scenario.map.length;
  const off = to.flatMap((t, i) => (t.x >= width || t.y >= height ? [{ path: `/body/to/${i}`, message: `(${t.x},${t.y}) is off the board (${width}×${height})` }] : []));
  if (off.length) throw new ApiError(422, 'invalid-query', off.map((p) => `${p.path.slice(6)}: ${p.message}`).join('; '), { rule: 'board', problems: off });
}

/** A route's path ("/api/v1/games/:gameId") as a pattern of the paths it answers. */
const routePattern = (route: string): RegExp => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

/**
 * The answer for a request no route took: 405 naming the methods in Allow when routes take `path`
 * with other methods (HEAD with GET; RFC 9110 §15.5.6), else 404.
 */
export function noRoute(routes: readonly { method: string; path: string }[], method: string, path: string): Response {
  const allow = [...new Set(routes.filter((r) => r.method !== 'ALL' && routePattern(r.path).test(path)).map((r) => r.method))];
  if (allow.includes('GET')) allow.push('HEAD');
  if (!allow.length) return problemResponse({ type: 'about:blank', title: 'Not Found', status: 404, detail: `no route ${method} ${path}` });
  return problemResponse({ type: 'about:blank', title: 'Method Not Allowed', status: 405, detail: `${method} is not a method of ${path}: ${allow.join(', ')}` }, { allow: allow.join(', ') });
}

/** 400 for a game asked with both ways of naming its scenario (the schema's oneOf words it worst). */
export function requireOneScenarioSource(body: unknown): void {
  if (typeof body !== 'object' || body === null || !('scenarioId' in body) || !('scenario' in body)) return;
  throw new ApiError(400, 'invalid-request', 'send either scenarioId (a bundled scenario) or scenario (your own), not both', {
    problems: [{ path: '/body/scenarioId', message: 'with scenario: send one of the two' }, { path: '/body/scenario', message: 'with scenarioId: send one of the two' }],
  });
}

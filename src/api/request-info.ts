/**
 * What the request log (src/server/request-log.ts) says about an API request beyond its method and
 * status: the route as the document names it (never the raw path: ids and queries stay out), the
 * game it is about, and the side of the seat token it used (never the token).
 */
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

export interface RequestInfo {
  /** e.g. "/api/v1/games/{gameId}/commands"; null when no route matched. */
  route: string | null;
  game?: string;
  seat?: string;
}

const seatSides = new WeakMap<Request, string>();

/** Remember that this request acted with `side`'s seat token. */
export function noteSeat(c: Context, side: string): void {
  seatSides.set(c.req.raw, side);
}

/** Route patterns as the document names them ("/games/:gameId" → "/games/{gameId}"), made once each. */
const routeNames = new Map<string, string>();

export function requestInfo(c: Context): RequestInfo {
  // The handler's route: middleware ('*', method ALL) matches every request and names none.
  const path = matchedRoutes(c).find((r) => r.method !== 'ALL')?.path;
  if (!path) return { route: null };
  let route = routeNames.get(path);
  if (route === undefined) routeNames.set(path, (route = path.replace(/:([A-Za-z]+)/g, '{$1}')));
  const game = path.includes(':gameId') ? c.req.param('gameId') : undefined;
  const seat = seatSides.get(c.req.raw);
  return { route, ...(game !== undefined ? { game: game.slice(0, 64) } : {}), ...(seat !== undefined ? { seat } : {}) };
}

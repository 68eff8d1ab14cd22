/**
 * The request log: one JSON line per request on stdout once its answer is sent (or its client went
 * away), for log collectors to read:
 *
 *   {"time":"2026-11-26T12:00:00.000Z","method":"POST","route":"/api/v1/games/{gameId}/commands",
 *    "game":"Qx3…","seat":"marines","status":200,"ms":3.2}
 *
 * `time` is when the request arrived; `ms` how long until the answer was sent (for an event stream:
 * how long the client followed). `route` is the document's path template, so no client-chosen text
 * but the game id reaches the log; `seat` is the side of the seat token used, never the token.
 * Files of the static site are `"route":"static"`, anything else unmatched `null`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestInfo } from '../api/request-info.ts';
import { clientOf, type LogAllowance } from './log.ts';

export interface RequestLogLine {
  time: string;
  method: string;
  route: string | null;
  game?: string;
  seat?: string;
  status: number;
  ms: number;
  /** The client closed the connection before the answer was complete. */
  aborted?: true;
  /** Lines of this client left out before this one (past its allowance, log.ts). */
  suppressed?: number;
}

const infos = new WeakMap<IncomingMessage, RequestInfo>();

/** What the API said about this request (app.ts `onAnswered`). */
export function noteRequest(req: IncomingMessage, info: RequestInfo): void {
  infos.set(req, info);
}

/** The lines of one turn of the event loop, written together (one write instead of one per request). */
let pending = '';
let flushOnExit = false;
export const jsonLines = (line: RequestLogLine) => {
  if (!pending) setImmediate(flushLines);
  pending += `${JSON.stringify(line)}\n`;
  if (!flushOnExit) {
    // Lines of the last turn before an exit are written too (stdout is synchronous for files and pipes on Linux).
    flushOnExit = true;
    process.once('exit', flushLines);
  }
};
function flushLines(): void {
  if (!pending) return;
  const text = pending;
  pending = '';
  process.stdout.write(text);
}

/**
 * Starts the line of one request; the function returned writes it (within the client's allowance,
 * when given): call it once, when the response closes (the server's one 'close' listener does).
 */
export function watchRequest(req: IncomingMessage, res: ServerResponse, write: (line: RequestLogLine) => void, fallbackRoute: () => string | null, allowance?: LogAllowance, trusted: Set<string> = new Set()): () => void {
  const t0 = performance.now();
  // The clock when the request arrived; made into text only for a line that is written.
  const at = Date.now();
  // Known now: a request ended early (a body over the limit) no longer has its socket at the end.
  const client = allowance ? clientOf(req, trusted) : '';
  return () => {
    const admitted = allowance?.admit(client) ?? { write: true, suppressed: 0 };
    if (!admitted.write) return;
    const info = infos.get(req);
    write({
      time: new Date(at).toISOString(),
      method: req.method ?? '?',
      route: info ? info.route : fallbackRoute(),
      ...(info?.game !== undefined ? { game: info.game } : {}),
      ...(info?.seat !== undefined ? { seat: info.seat } : {}),
      status: res.statusCode,
      ms: Math.round((performance.now() - t0) * 100) / 100,
      ...(res.writableFinished ? {} : { aborted: true as const }),
      ...(admitted.suppressed ? { suppressed: admitted.suppressed } : {}),
    });
  };
}

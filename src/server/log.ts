/**
 * The server's own log (not the request log): one JSON line per event on stderr, e.g.
 *
 *   {"time":"2026-11-28T12:00:00.000Z","level":"error","message":"a game cannot be rebuilt…","game":"Qx3…"}
 *
 * Every line a running server writes is JSON (stdout: requests, stderr: events), so a log collector
 * never meets a multi-line stack trace; stacks travel as a field, a few frames long. What a client
 * can cause (a request line, a failed request) is bounded per client: past its allowance its lines
 * are counted, not written, and the next line written for it says how many were left out.
 */
import type { IncomingMessage } from 'node:http';

export type Level = 'error' | 'warn' | 'info';
export type EventLog = (level: Level, message: string, fields?: Record<string, unknown>) => void;

/** One JSON line on stderr. */
export const jsonEvents: EventLog = (level, message, fields = {}) => {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
};

/** An error's message and its first stack frames, as log fields (never the multi-line stack). */
export function errorFields(e: unknown): Record<string, unknown> {
  const error = e as { message?: unknown; code?: unknown; stack?: unknown };
  const frames = typeof error?.stack === 'string' ? error.stack.split('\n').slice(1, 5).map((l) => l.trim()) : [];
  return { error: String(error?.message ?? e), ...(typeof error?.code === 'string' ? { code: error.code } : {}), ...(frames.length ? { stack: frames } : {}) };
}

/**
 * Per-client allowance of log lines: `burst` at once, `perSecond` after. `admit(client)` says
 * whether to write a line now, and how many lines of this client were left out since the last one.
 */
export class LogAllowance {
  private readonly buckets = new Map<string, { tokens: number; at: number; dropped: number }>();

  constructor(private readonly perSecond = 20, private readonly burst = 200) {}

  admit(client: string): { write: boolean; suppressed: number } {
    const now = performance.now();
    let b = this.buckets.get(client);
    if (!b) {
      // Forget the quiet ones: the map stays as small as the set of clients logging now.
      if (this.buckets.size > 10_000) for (const [k, v] of this.buckets) if (now - v.at > (this.burst / this.perSecond) * 1000) this.buckets.delete(k);
      b = { tokens: this.burst, at: now, dropped: 0 };
      this.buckets.set(client, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    if (b.tokens < 1) {
      b.dropped++;
      return { write: false, suppressed: 0 };
    }
    b.tokens--;
    const suppressed = b.dropped;
    b.dropped = 0;
    return { write: true, suppressed };
  }
}

/** The client of a request: the connecting address, or behind a trusted proxy the last address it forwarded for. */
export function clientOf(req: IncomingMessage, trusted: Set<string>): string {
  // No socket: the request was ended without its connection (a body over the limit).
  const remote = req.socket?.remoteAddress ?? 'unknown';
  if (!trusted.has(remote.replace(/^::ffff:/, ''))) return remote;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  return forwarded.at(-1) ?? remote;
}

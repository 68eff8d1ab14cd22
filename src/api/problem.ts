/**
 * RFC 9457 problem details: every error answer of the API is one of these, as
 * application/problem+json. `problems` lists each fault with the JSON path it is about.
 */
export interface PathProblem {
  path: string;
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  rule?: string;
  problems?: PathProblem[];
  version?: number;
  retryAfter?: number;
}

/**
 * Every kind of problem the API answers with, as `urn:doom-board:problem:<kind>` (`about:blank`
 * for an unknown route or method and an unexpected fault): openapi.yaml's `Problem.type` lists the
 * same, each with its status and meaning (test/api/document.test.ts keeps them in step).
 */
export const PROBLEM_KINDS = [
  'malformed-json',
  'incomplete-body',
  'invalid-request',
  'forbidden-key',
  'no-seat',
  'wrong-seat',
  'not-your-seat',
  'not-your-figure',
  'not-your-command',
  'no-such-game',
  'no-such-scenario',
  'no-such-data-set',
  'stale-version',
  'ahead-of-game',
  'too-large',
  'unsupported-media-type',
  'refused',
  'unknown-field',
  'invalid-command',
  'invalid-scenario',
  'limits',
  'cannot-start',
  'invalid-query',
  'cannot-attack',
  'no-hints',
  'nothing-to-undo',
  'handicap-does-not-apply',
  'replay-integrity',
  'idempotency-key-reused',
  'no-version',
  'rate-limited',
  'game-damaged',
  'busy',
  'store-unavailable',
  'outcome-unknown',
  'not-ready',
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error a handler throws to answer with a problem (never a stack trace). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly kind: ProblemKind,
    detail: string,
    readonly extra: Partial<Problem> = {},
    readonly headers: Record<string, string> = {},
  ) {
    // No stack: an answer never carries one, and capturing it was most of a refusal's cost.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(detail);
    Error.stackTraceLimit = limit;
    this.name = 'ApiError';
  }

  toProblem(): Problem {
    return { type: `urn:doom-board:problem:${this.kind}`, title: TITLES[this.status] ?? 'Error', status: this.status, detail: this.message, ...this.extra };
  }
}

/** Values a client sent, echoed in a problem, are cut to this many characters and "…". */
export const ECHO_LIMIT = 64;

/**
 * `text` with every quoted value longer than ECHO_LIMIT cut, and every unbroken run longer than 80
 * ("…" marks the cut): a 100,000-character figure name must not come back in full, nor fill the log.
 */
export function cutEchoes(text: string): string {
  return text
    .replace(/"((?:[^"\\]|\\.){64})(?:[^"\\]|\\.)+"/g, '"$1…"')
    // Unquoted echoes (a path naming a field): a longer run, so a cut quoted value is left as it is.
    .replace(/\S{90,}/g, (run) => `${run.slice(0, 80)}…`);
}

export function problemResponse(p: Problem, headers: Record<string, string> = {}): Response {
  const cut: Problem = {
    ...p,
    ...(p.detail !== undefined ? { detail: cutEchoes(p.detail) } : {}),
    ...(p.problems ? { problems: p.problems.slice(0, 50).map((q) => ({ path: cutEchoes(q.path), message: cutEchoes(q.message) })) } : {}),
  };
  return new Response(JSON.stringify(cut), {
    status: p.status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers },
  });
}

/** "figures[0].x: must be ..." (the engine's problem strings) → { path, message }. */
export function splitProblem(text: string): PathProblem {
  const m = /^([A-Za-z0-9_.[\]-]+): (.*)$/s.exec(text);
  return m ? { path: m[1], message: m[2] } : { path: '', message: text };
}

/**
 * An engine problem ("figures[1].x: must be …") as the API says it: its path a JSON pointer under
 * `at` (`/body/scenario/figures/1/x`), as every other problem of the API is, not the engine's dotted form.
 */
export function problemAt(at: string, text: string): PathProblem {
  const { path, message } = splitProblem(text);
  // The engine names the scenario itself "scenario" (a body that is no object): the place is `at`.
  const segments = path === 'scenario' ? [] : path.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean);
  return { path: [at, ...segments].join('/'), message };
}

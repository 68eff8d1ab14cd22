/**
 * Every answer the Vitest API tests produce goes through `contractFetch`, which checks it against
 * openapi.yaml (contract-checker.ts) and records which operations were exercised.
 */
import { openApiDocument, validatorAt } from '../../src/api/document.ts';
import { contractChecker } from './contract-checker.ts';

const checker = contractChecker(openApiDocument, validatorAt);
export const { allOperationIds, seen, findOperation, checkAnswer } = checker;

/** A fetch over `handler` (the app's fetch, or the real one) that checks every answer. */
export function contractFetch(handler: (req: Request) => Response | Promise<Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request && !init ? input : new Request(input, init);
    const res = await handler(req);
    if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      checkAnswer(req.method, req.url, res.status, res.headers.get('content-type'), '');
      return res;
    }
    const text = await res.text();
    checkAnswer(req.method, req.url, res.status, res.headers.get('content-type'), text);
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

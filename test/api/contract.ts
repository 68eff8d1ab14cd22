/**
 * Checks answers against openapi.yaml: the status must be documented for the operation, the
 * content type too, and the body must match the documented schema. Every answer the API tests
 * produce goes through `contractFetch`, which also counts which operations were exercised.
 */
import { expect } from 'vitest';
import { openApiDocument, validatorAt } from '../../src/api/document.ts';

type Obj = Record<string, any>;
const doc = openApiDocument as Obj;
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const operations = Object.entries(doc.paths as Obj).flatMap(([template, item]) =>
  Object.entries(item as Obj)
    .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
    .map(([method, op]) => ({
      template,
      method,
      operationId: (op as Obj).operationId as string,
      op: op as Obj,
      re: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
);

export const allOperationIds = (): string[] => operations.map((o) => o.operationId);

/** operationId → statuses seen. */
export const seen = new Map<string, Set<number>>();
export let checkedAnswers = 0;

export function findOperation(method: string, url: string) {
  const path = new URL(url, 'http://x').pathname;
  // Literal paths win over templated ones (/scenarios/validate before /scenarios/{id}).
  const hits = operations.filter((o) => o.method === method.toLowerCase() && o.re.test(path));
  return hits.find((o) => !o.template.includes('{')) ?? hits[0];
}

/** Throws unless the answer matches the document. Returns the parsed body (or text for streams). */
export function checkAnswer(method: string, url: string, status: number, contentType: string | null, text: string): unknown {
  const op = findOperation(method, url);
  if (!op) {
    // Routes outside the document may only answer 404 / 405 problems.
    expect(status, `${method} ${url} is not in openapi.yaml`).toBeGreaterThanOrEqual(404);
    expect(contentType).toMatch(/^application\/problem\+json/);
    return JSON.parse(text);
  }
  let response = op.op.responses?.[String(status)];
  expect(response, `${op.operationId}: status ${status} is not documented (${text.slice(0, 300)})`).toBeDefined();
  let pointer = `/paths/${esc(op.template)}/${op.method}/responses/${status}`;
  if (response.$ref) {
    pointer = (response.$ref as string).slice(1);
    response = pointer.split('/').slice(1).reduce((o: Obj, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  const type = (contentType ?? '').split(';')[0].trim();
  const content = response.content as Obj | undefined;
  if (!content) {
    expect(text).toBe('');
    return undefined;
  }
  expect(Object.keys(content), `${op.operationId} ${status}: content type ${type}`).toContain(type);
  if (!seen.has(op.operationId)) seen.set(op.operationId, new Set());
  seen.get(op.operationId)!.add(status);
  checkedAnswers++;
  if (type === 'text/event-stream') return text;
  const body = JSON.parse(text);
  const v = validatorAt(`${pointer}/content/${esc(type)}/schema`);
  if (!v(body)) throw new Error(`${op.operationId} ${status}: the answer does not match openapi.yaml: ${JSON.stringify(v.errors)}\n${text.slice(0, 500)}`);
  return body;
}

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

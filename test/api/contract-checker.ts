/**
 * Checks answers against an OpenAPI document (openapi.yaml): the status must be documented for the
 * operation, the content type too, and the body must match the documented schema. contract.ts
 * applies it to every answer of the Vitest API tests; the Playwright tests apply it to the
 * document as the server serves it (/openapi.json).
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';

type Obj = Record<string, any>;
/** Plain errors, so that the Playwright tests can check the answers the browser received too. */
function assert(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(`openapi.yaml contract: ${message}`);
}
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function contractChecker(doc: Obj, validatorAt: (pointer: string) => ValidateFunction) {
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

  const allOperationIds = (): string[] => operations.map((o) => o.operationId);

  /** operationId → statuses seen. */
  const seen = new Map<string, Set<number>>();


  function findOperation(method: string, url: string) {
    const path = new URL(url, 'http://x').pathname;
    // Literal paths win over templated ones (/scenarios/validate before /scenarios/{id}).
    const hits = operations.filter((o) => o.method === method.toLowerCase() && o.re.test(path));
    return hits.find((o) => !o.template.includes('{')) ?? hits[0];
  }

  /** Throws unless the answer matches the document. Returns the parsed body (or text for streams). */
  function checkAnswer(method: string, url: string, status: number, contentType: string | null, text: string): unknown {
    const op = findOperation(method, url);
    if (!op) {
      // Routes outside the document may only answer 404 / 405 problems.
      assert(status >= 404, `${method} ${url} is not in openapi.yaml (status ${status})`);
      assert(/^application\/problem\+json/.test(contentType ?? ''), `${method} ${url}: ${contentType} is not a problem`);
      return JSON.parse(text);
    }
    let response = op.op.responses?.[String(status)];
    assert(response !== undefined, `${op.operationId}: status ${status} is not documented (${text.slice(0, 300)})`);
    let pointer = `/paths/${esc(op.template)}/${op.method}/responses/${status}`;
    if (response.$ref) {
      pointer = (response.$ref as string).slice(1);
      response = pointer.split('/').slice(1).reduce((o: Obj, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    }
    const type = (contentType ?? '').split(';')[0].trim();
    const content = response.content as Obj | undefined;
    if (!content) {
      assert(text === '', `${op.operationId} ${status}: a body where the document has none`);
      return undefined;
    }
    assert(Object.keys(content).includes(type), `${op.operationId} ${status}: content type ${type} is not documented`);
    if (!seen.has(op.operationId)) seen.set(op.operationId, new Set());
    seen.get(op.operationId)!.add(status);
    if (type === 'text/event-stream') return text;
    const body = JSON.parse(text);
    const v = validatorAt(`${pointer}/content/${esc(type)}/schema`);
    if (!v(body)) throw new Error(`${op.operationId} ${status}: the answer does not match openapi.yaml: ${JSON.stringify(v.errors)}\n${text.slice(0, 500)}`);
    return body;
  }
  return { allOperationIds, seen, findOperation, checkAnswer };
}

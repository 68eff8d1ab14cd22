/**
 * The document itself: every operation has an id, a summary and documented errors as
 * problem+json; the committed generated types (src/api/schema.d.ts, `npm run api:types`) list the
 * same paths and operations, so the client and the handlers are typed from this document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/api/document.ts';
import { PROBLEM_KINDS } from '../../src/api/problem.ts';

type Obj = Record<string, any>;
const doc = openApiDocument as Obj;
const types = readFileSync(new URL('../../src/api/schema.d.ts', import.meta.url), 'utf8');
const ops = Object.entries(doc.paths as Obj).flatMap(([path, item]) => Object.entries(item as Obj).filter(([m]) => ['get', 'post'].includes(m)).map(([method, op]) => ({ path, method, op: op as Obj })));

describe('openapi.yaml', () => {
  it('is OpenAPI 3.1 and every operation has an id, a summary, and problem+json errors', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(ops.length).toBeGreaterThanOrEqual(18);
    for (const { path, method, op } of ops) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      for (const [status, r] of Object.entries(op.responses as Obj)) {
        if (Number(status) < 400) continue;
        const ref = (r as Obj).$ref as string;
        const content = ref ? doc.components.responses[ref.split('/').pop()!].content : (r as Obj).content;
        expect(Object.keys(content), `${op.operationId} ${status}`).toEqual(['application/problem+json']);
      }
      // Every operation may be rate limited, except the probes (a load balancer polls them from one address).
      if ((op.tags as string[]).includes('operations')) expect(op.responses['429'], op.operationId).toBeUndefined();
      else expect(op.responses['429'], op.operationId).toBeDefined();
    }
  });

  it('the generated types are in step with the document (run `npm run api:types` after editing it)', () => {
    for (const { path, op } of ops) {
      expect(types, path).toContain(`"${path}": {`);
      expect(types, op.operationId).toContain(`    ${op.operationId}: {`);
    }
    for (const name of Object.keys(doc.components.schemas)) expect(types, name).toMatch(new RegExp(`\\n {8}${name}: `));
  });

  it('Problem.type lists every kind of problem the server answers with, each in the table with its status', () => {
    const type = doc.components.schemas.Problem.properties.type as Obj;
    expect(type.enum).toEqual(['about:blank', ...PROBLEM_KINDS.map((k) => `urn:doom-board:problem:${k}`)]);
    // Every \`new ApiError(status, 'kind'\` in the server's code is a listed kind with that status in the table.
    const thrown = ['api', 'server'].flatMap((dir) => {
      const at = new URL(`../../src/${dir}/`, import.meta.url);
      return readdirSync(at).filter((f) => f.endsWith('.ts')).flatMap((f) => [...readFileSync(new URL(f, at), 'utf8').matchAll(/ApiError\(\s*(\d+),\s*'([a-z-]+)'/g)]);
    });
    expect(thrown.length).toBeGreaterThan(20);
    for (const [, status, kind] of thrown) {
      expect(PROBLEM_KINDS, kind).toContain(kind);
      expect(type.description, kind).toContain(`| \`${kind}\` | ${status} |`);
    }
  });
});

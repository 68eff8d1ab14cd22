/**
 * The built server as an operator starts it (`node lib/cli.js serve --static DIR`, what `npm start`
 * runs): nothing outside the static folder is served, whatever the spelling of the path; Vite's
 * dev paths do not exist; and every operation of the OpenAPI document answers 2xx with the
 * document's own examples (the reference page's "try it", sandbox game included).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withSandboxGame } from '../../demo/api-examples.ts';
import { safeSegments } from '../../src/server/static-files.ts';
import { killHard, startServerProcess, type ServerProcess } from '../api/server-process.ts';

const SECRET = 'the-secret-outside-the-folder';
let dir = '';
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'doom-board-static-'));
  const site = join(dir, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(site, 'page.html'), '<!doctype html><title>page</title>');
  writeFileSync(join(site, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  mkdirSync(join(dir, 'data'));
  symlinkSync(join(dir, 'secret.txt'), join(site, 'link.txt'));
  symlinkSync(dir, join(site, 'up'));
  server = await startServerProcess(['--static', site, '--data-dir', join(dir, 'data'), '--rate-limit', '0']);
}, 60_000);

afterAll(async () => {
  if (server) await killHard(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A raw GET: the path goes on the wire exactly as written (fetch would normalise it). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', () => {
  test('the folder\'s files are served, a folder by its index.html and /x by x.html', async () => {
    expect((await rawGet('/')).body).toContain('home');
    expect((await rawGet('/page')).body).toContain('page');
    expect((await rawGet('/assets/app.js')).status).toBe(200);
  });

  const ESCAPES = [
    '/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt',
    '/%252e%252e/secret.txt', '/%252e%252e%252fsecret.txt', '/..%5csecret.txt', '/assets\\..\\..\\secret.txt', '/%5c..%5c..%5csecret.txt',
    '/link.txt', '/up/secret.txt', '/up/data', '/%00/secret.txt', '/secret.txt%00.html', '//secret.txt', '/./secret.txt', '/%c0%ae%c0%ae/secret.txt',
  ];
  test.each(ESCAPES)('%s → 404, nothing from outside the folder', async (path) => {
    const r = await rawGet(path);
    expect(r.status).toBe(404);
    expect(r.body).not.toContain(SECRET);
  });

  test('Vite\'s dev paths do not exist: /@fs, /@vite/client, /@id, ?raw', async () => {
    for (const path of [`/@fs${dir}/secret.txt`, `/@fs${join(dir, 'data', 'games.sqlite')}`, '/@vite/client', '/@id/lit', '/src/server/serve.ts', `/@fs${dir}/secret.txt?raw`, '/@fs/etc/passwd?url', '/node_modules/lit/index.js']) {
      const r = await rawGet(path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain(SECRET);
    }
  });

  test('encoded, double-encoded and backslash paths are refused before the disk is read', () => {
    for (const path of ['/%2e%2e/x', '/a/../x', '/a\\b', '/%5c', '/%00', '/%E0%A4%A', '//x', '/./x']) expect(safeSegments(path), path).toBeNull();
    // A double-encoded dot is a file named "%2e%2e" after one decoding: looked up inside, never as "..".
    expect(safeSegments('/%252e%252e/x')).toEqual(['%2e%2e', 'x']);
    expect(safeSegments('/assets/app.js')).toEqual(['assets', 'app.js']);
  });
});

describe('the OpenAPI document\'s examples', () => {
  type Op = { path: string; method: string; op: Record<string, any> };
  let doc: Record<string, any>;
  let ops: Op[] = [];
  beforeAll(async () => {
    doc = await (await fetch(`${server.url}/openapi.json`)).json();
    ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).filter(([m]) => ['get', 'post', 'put', 'delete', 'patch'].includes(m)).map(([method, op]) => ({ path, method, op })));
  });

  const param = (d: Record<string, any>, p: Record<string, any>) => (p.$ref ? d.components.parameters[p.$ref.split('/').pop()] : p);

  test('every operation answers 2xx with its examples, as the reference page\'s "try it" sends them', async () => {
    expect(ops.length).toBeGreaterThan(15);
    const answered: string[] = [];
    for (const { path, method, op } of ops) {
      // Each operation on a fresh sandbox game, as a fresh load of the reference page would.
      const { document, token } = await withSandboxGame(doc, server.url);
      const item = document.paths[path];
      const params = [...(item.parameters ?? []), ...(document.paths[path][method].parameters ?? [])].map((p) => param(document, p));
      let url = path;
      const headers: Record<string, string> = {};
      const query = new URLSearchParams();
      for (const p of params) {
        if (p.example === undefined) {
          expect(p.required, `${op.operationId}: required parameter ${p.name} has no example`).not.toBe(true);
          continue;
        }
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(p.example));
        else if (p.in === 'header') headers[p.name] = String(p.example);
        else if (p.in === 'query') query.set(p.name, String(p.example));
      }
      if (op.security) headers.authorization = `Bearer ${token}`;
      const media = document.paths[path][method].requestBody?.content?.['application/json'];
      if (document.paths[path][method].requestBody?.required) expect(media?.example ?? media?.examples, `${op.operationId}: no request example`).toBeDefined();
      const body = media ? JSON.stringify(media.example ?? Object.values(media.examples as Record<string, { value: unknown }>)[0].value) : undefined;
      if (body) headers['content-type'] = 'application/json';
      const controller = new AbortController();
      const r = await fetch(`${server.url}${url}${query.size ? `?${query}` : ''}`, { method: method.toUpperCase(), headers, body, signal: controller.signal });
      expect(r.status, `${op.operationId} ${method.toUpperCase()} ${url}: ${r.status} ${r.headers.get('content-type')?.includes('json') ? await r.text() : ''}`).toBeLessThan(300);
      controller.abort(); // the event stream stays open otherwise
      answered.push(op.operationId);
    }
    expect(answered).toContain('submitCommand');
    expect(answered).toContain('undoCommand');
  }, 120_000);
});

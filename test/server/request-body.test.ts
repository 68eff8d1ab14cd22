/**
 * Request bodies as the Node server reads them (from the socket's IncomingMessage by its events,
 * not the web stream msw and app.fetch use): in pieces, split inside a character; over the limit
 * without a Content-Length; not UTF-8; empty; cut off by the client. Each ends as the document
 * says, and the server goes on answering.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/api/store.ts';
import type { RequestLogLine } from '../../src/server/request-log.ts';
import { startServer, type DoomBoardServer } from '../../src/server/serve.ts';

let server: DoomBoardServer & { url: string };
const lines: RequestLogLine[] = [];
const events: { level: string; message: string }[] = [];
const MAX = 2000;

beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0, store: new MemoryStore(), workers: 0, rateLimit: null, limits: { maxBodyBytes: MAX }, log: (l) => lines.push(l), events: (level, message) => events.push({ level, message }) });
});
afterAll(async () => {
  await server.close();
});

/** Sends `parts` (strings or bytes) on a raw connection, a little apart; resolves with the raw answer once the server closes or answers whole. */
async function raw(head: string, parts: (string | Uint8Array)[], end = true): Promise<string> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => (answer += d));
  socket.on('error', () => undefined);
  await new Promise<void>((r) => socket.once('connect', () => r()));
  socket.write(head);
  for (const p of parts) {
    await new Promise((r) => setTimeout(r, 20));
    socket.write(p);
  }
  if (!end) {
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    return answer;
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      const m = /\r\n\r\n/.exec(answer);
      const length = /content-length: (\d+)/i.exec(answer);
      if (m && length && answer.length >= m.index + 4 + Number(length[1])) resolve();
    };
    socket.on('data', done);
    socket.once('close', () => resolve());
    done();
  });
  socket.destroy();
  return answer;
}

const chunk = (p: string | Uint8Array) => {
  const bytes = typeof p === 'string' ? new TextEncoder().encode(p) : p;
  return [`${bytes.length.toString(16)}\r\n`, bytes, '\r\n'];
};
const chunked = (path: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('request bodies on the Node server', () => {
  it('a body in pieces, split inside a character, is read whole', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ scenarioId: 'd20-skirmish', seed: 3 }));
    // A two-byte character across two chunks (é is 0xC3 0xA9), on the route that takes any JSON.
    const text = new TextEncoder().encode('{"name":"café"}');
    const cut = text.indexOf(0xc3) + 1;
    const answer = await raw(chunked('/api/v1/scenarios/validate'), [...chunk(text.slice(0, cut)), ...chunk(text.slice(cut)), '0\r\n\r\n']);
    expect(statusOf(answer)).toBe(200);
    expect(bodyOf(answer).valid).toBe(false);
    const created = await raw(chunked('/api/v1/games'), [...chunk(bytes.slice(0, 10)), ...chunk(bytes.slice(10)), '0\r\n\r\n']);
    expect(statusOf(created)).toBe(201);
    expect(bodyOf(created).ruleset).toBe('d20');
  });

  // Before, this crashed the server: the request, ended without its socket, broke its log line.
  it('over the limit with no Content-Length: 413 too-large, its log line written, and the server answers the next request', async () => {
    const before = lines.length;
    const big = JSON.stringify({ scenarioId: 'd20-skirmish', pad: 'x'.repeat(MAX) });
    const answer = await raw(chunked('/api/v1/games'), [...chunk(big.slice(0, 1000)), ...chunk(big.slice(1000)), '0\r\n\r\n']);
    expect(statusOf(answer)).toBe(413);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(bodyOf(answer).type).toBe('urn:doom-board:problem:too-large');
    await expect.poll(() => lines.slice(before).find((l) => l.status === 413), { timeout: 5000 }).toMatchObject({ method: 'POST', route: '/api/v1/games' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('not UTF-8: 400 malformed-json saying so', async () => {
    const answer = await raw(chunked('/api/v1/games'), [...chunk(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), '0\r\n\r\n']);
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toMatchObject({ type: 'urn:doom-board:problem:malformed-json', detail: 'the body is not UTF-8' });
  });

  it('an empty body: 400 malformed-json naming it missing', async () => {
    const answer = await raw('POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n', []);
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toMatchObject({ type: 'urn:doom-board:problem:malformed-json', problems: [{ path: '/body', message: 'missing' }] });
  });

  it('a client that goes away mid-upload: no server error, its line says aborted, and the server goes on', async () => {
    const before = lines.length;
    await raw('POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n', ['{"scenarioId":'], false);
    await expect.poll(() => lines.length, { timeout: 5000 }).toBeGreaterThan(before);
    // Written when the connection closed, before any answer: no route is known yet.
    expect(lines.slice(before)).toContainEqual(expect.objectContaining({ method: 'POST', aborted: true }));
    expect(events.filter((e) => e.level === 'error')).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

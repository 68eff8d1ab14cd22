/**
 * Shutting down is not ready (issue 38 item 4): from the moment `close()` starts (SIGTERM in the
 * CLI), /readyz answers 503 and new changes 503 with Retry-After, while the requests in flight finish.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/api/store.ts';
import { startServer } from '../../src/server/serve.ts';
import { connect } from 'node:net';

describe('shutting down', () => {
  it('/readyz is 503 and a new change 503 while a request in flight still finishes', async () => {
    const s = await startServer({ host: '127.0.0.1', port: 0, store: new MemoryStore(), workers: 0, events: null, rateLimit: null });
    expect((await s.fetch(new Request('http://x/readyz'))).status).toBe(200);
    // A request in flight: its body is still arriving.
    const { port } = new URL(s.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const body = JSON.stringify({ scenarioId: 'd20-skirmish' });
    socket.write(`POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = s.close();
    const ready = await s.fetch(new Request('http://x/readyz'));
    expect(ready.status).toBe(503);
    expect((await ready.json()).detail).toContain('the server is shutting down');
    const change = await s.fetch(new Request('http://x/api/v1/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    expect(change.status).toBe(503);
    expect(change.headers.get('retry-after')).toBe('2');
    // The request in flight finishes (it began before the shutdown), then the server closes.
    const ended = new Promise((r) => socket.once('close', r));
    socket.write(body.slice(5));
    await closing;
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    // …and says its connection closes: the client sends no next request on a socket going away.
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });

});

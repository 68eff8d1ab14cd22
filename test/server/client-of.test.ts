/** Behind a load balancer (--trust-proxy): the client is the address the balancer forwarded for, never an address a client wrote itself. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientOf } from '../../src/server/log.ts';

const req = (remoteAddress: string, forwarded?: string) => ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

describe('clientOf', () => {
  it('the connecting address, unless it is a trusted proxy; then the last forwarded address', () => {
    const trusted = new Set(['127.0.0.1']);
    expect(clientOf(req('203.0.113.5', '198.51.100.1'), trusted)).toBe('203.0.113.5');
    expect(clientOf(req('127.0.0.1', '198.51.100.1'), trusted)).toBe('198.51.100.1');
    expect(clientOf(req('::ffff:127.0.0.1', '10.0.0.9, 198.51.100.1'), trusted)).toBe('198.51.100.1');
    expect(clientOf(req('127.0.0.1'), trusted)).toBe('127.0.0.1');
    expect(clientOf(req('127.0.0.1', '198.51.100.1'), new Set())).toBe('127.0.0.1');
  });
});

/**
 * Idempotency-Key (issue 38 item 2): a client that got no answer — or a 503 saying the outcome is
 * unknown — sends the same request again with the same key and gets the original answer, never a
 * second change. The key's SHA-256 is stored with the change it made, in the same transaction
 * (an entry for a command or an undo, the game's record for a creation or an import), beside a
 * fingerprint of the request (route, seat, version, body as canonical JSON); the same key with
 * another request is a 422.
 *
 * A created game's seat tokens are part of its answer, but only their hashes are stored. So a game
 * created with a key gets seat tokens derived from the key (HMAC-SHA-256 of a random salt kept in
 * its record and the side): a retry with the key gets the same tokens back, and the database alone
 * cannot produce them. Keys must therefore be unguessable: 16 to 128 visible ASCII characters, a
 * random UUID being the usual choice.
 */
import type { Context } from 'hono';
import { sha256, type CreateKey } from './games.ts';
import { ApiError } from './problem.ts';
import { canonicalJson } from './replay-integrity.ts';

export interface IdempotencyKey {
  /** The key as sent (kept in memory only: seat tokens are derived from it). */
  raw: string;
  /** SHA-256 of the key: what is stored and looked up. */
  key: string;
  /** SHA-256 of the request it came with (canonical JSON). */
  request: string;
}

const KEY = /^[\x21-\x7e]{16,128}$/;

/** The request's Idempotency-Key with its fingerprint, or undefined when none was sent; 400 when malformed. */
export async function idempotencyKey(c: Context, request: unknown): Promise<IdempotencyKey | undefined> {
  const raw = c.req.header('idempotency-key');
  if (raw === undefined) return undefined;
  if (!KEY.test(raw)) {
    throw new ApiError(400, 'invalid-request', 'an Idempotency-Key is 16 to 128 visible ASCII characters (a random UUID, new for each request)', {
      problems: [{ path: '/header/Idempotency-Key', message: 'not 16 to 128 visible ASCII characters' }],
    });
  }
  return { raw, key: await sha256(raw), request: await sha256(canonicalJson(request)) };
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Seat tokens of a game created with `raw` as its key: the same key and salt give the same tokens. */
export async function seatsFromKey(raw: string, salt: string, sides: string[]): Promise<Record<string, string>> {
  const hmac = await crypto.subtle.importKey('raw', new TextEncoder().encode(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const seats: Record<string, string> = {};
  for (const side of sides) {
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${salt}:${side}`)));
    seats[side] = base64url(mac.subarray(0, 24));
  }
  return seats;
}

/** The key as GameService.create takes it: seat tokens derived from it for `sides`. */
export const creationKey = (k: IdempotencyKey, sides: string[]): CreateKey => ({ key: k.key, request: k.request, seats: (salt) => seatsFromKey(k.raw, salt, sides) });

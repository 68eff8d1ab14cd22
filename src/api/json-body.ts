/**
 * Reading a JSON request body: size limit while reading (a lying or missing Content-Length does
 * not help), JSON only, and no keys that could reach Object.prototype later (`__proto__`,
 * `constructor`, `prototype`).
 */
import { ApiError } from './problem.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `source`, when given, is the body as the Node server received it (its IncomingMessage): read
 * directly, it costs less than the web stream the same bytes become.
 */
export async function readJsonBody(req: Request, maxBytes: number, source?: AsyncIterable<Uint8Array> | null): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported-media-type', `send the body as application/json (got ${type ? JSON.stringify(type) : 'no Content-Type'})`);
  }
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!source && !req.body) throw new ApiError(400, 'malformed-json', 'the body is empty; send a JSON value', { problems: [{ path: '/body', message: 'missing' }] });
  const chunks = source ?? webChunks(req.body!);
  // Decoded as it arrives (no copy of the whole body: a 256 KB body costs its string, not two buffers more).
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  let size = 0;
  const iterator = chunks[Symbol.asyncIterator]();
  for (;;) {
    let chunk: IteratorResult<Uint8Array>;
    try {
      chunk = await iterator.next();
    } catch {
      // The client went away mid-upload: nobody reads this answer, and it is no server error.
      throw new ApiError(400, 'incomplete-body', 'the request body did not arrive whole (the connection closed while it was sent)');
    }
    if (chunk.done) break;
    const value = chunk.value;
    size += value.byteLength;
    if (size > maxBytes) {
      await iterator.return?.().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    try {
      parts.push(decoder.decode(value, { stream: true }));
    } catch {
      throw notUtf8();
    }
  }
  if (size === 0 && source) throw new ApiError(400, 'malformed-json', 'the body is empty; send a JSON value', { problems: [{ path: '/body', message: 'missing' }] });
  let text: string;
  try {
    text = parts.join('') + decoder.decode();
  } catch {
    throw notUtf8();
  }
  try {
    return JSON.parse(text, (key, value) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey(key);
      return value;
    });
  } catch (e) {
    if (e instanceof ForbiddenKey) {
      throw new ApiError(400, 'forbidden-key', `the key ${JSON.stringify(e.key)} is not allowed anywhere in a body`, { problems: [{ path: '/body', message: `key ${JSON.stringify(e.key)}` }] });
    }
    throw new ApiError(400, 'malformed-json', `the body is not valid JSON: ${(e as Error).message}`, { problems: [{ path: '/body', message: 'malformed JSON' }] });
  }
}

class ForbiddenKey extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

async function* webChunks(body: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

const notUtf8 = () => new ApiError(400, 'malformed-json', 'the body is not UTF-8', { problems: [{ path: '/body', message: 'not UTF-8' }] });

const tooLarge = (max: number) => new ApiError(413, 'too-large', `the body is larger than ${max} bytes`);

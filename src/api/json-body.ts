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
  // Decoded as it arrives (no copy of the whole body: a 256 KB body costs its string, not two buffers more).
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  const size = source && isNodeStream(source) ? await fromEvents(source, maxBytes, decoder, parts) : await fromIterator(source ?? webChunks(req.body!), maxBytes, decoder, parts);
  if (size === 0 && source) throw new ApiError(400, 'malformed-json', 'the body is empty; send a JSON value', { problems: [{ path: '/body', message: 'missing' }] });
  let text: string;
  try {
    text = parts.join('') + decoder.decode();
  } catch {
    throw notUtf8();
  }
  // No forbidden key can be in a text without one of their names or an escape (\u005f…): parsed
  // without the reviver, which costs more than the parse (every command comes this way).
  if (!MAY_HOLD_FORBIDDEN.test(text)) {
    try {
      return JSON.parse(text);
    } catch (e) {
      throw malformed(e);
    }
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
    throw malformed(e);
  }
}

const MAY_HOLD_FORBIDDEN = /__proto__|constructor|prototype|\\/;

// Nesting deep enough to exhaust the parser's stack (valid JSON or not) is said as such, not as a stack error.
const malformed = (e: unknown) => e instanceof RangeError
  ? new ApiError(400, 'malformed-json', 'the body is nested too deeply (no request needs more than a few levels)', { problems: [{ path: '/body', message: 'nested too deeply' }] })
  : new ApiError(400, 'malformed-json', `the body is not valid JSON: ${(e as Error).message}`, { problems: [{ path: '/body', message: 'malformed JSON' }] });

/** The client went away mid-upload: nobody reads this answer, and it is no server error. */
const incomplete = () => new ApiError(400, 'incomplete-body', 'the request body did not arrive whole (the connection closed while it was sent)');

/** Reads `chunks` into `parts` (decoded); the body's size in bytes. */
async function fromIterator(chunks: AsyncIterable<Uint8Array>, maxBytes: number, decoder: TextDecoder, parts: string[]): Promise<number> {
  let size = 0;
  const iterator = chunks[Symbol.asyncIterator]();
  for (;;) {
    let chunk: IteratorResult<Uint8Array>;
    try {
      chunk = await iterator.next();
    } catch {
      throw incomplete();
    }
    if (chunk.done) return size;
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
}

/** A Node readable stream (the Node server's IncomingMessage). */
interface NodeStream {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  destroy(): unknown;
  readableEnded?: boolean;
  destroyed?: boolean;
}

const isNodeStream = (s: object): s is NodeStream => typeof (s as Partial<NodeStream>).on === 'function' && typeof (s as Partial<NodeStream>).destroy === 'function';

/**
 * `fromIterator` for a Node stream, by its events: the same outcomes (too large: the request is
 * ended, its connection kept for the answer; closed early: incomplete), for a fraction of the async
 * iterator's cost per request.
 */
function fromEvents(stream: NodeStream, maxBytes: number, decoder: TextDecoder, parts: string[]): Promise<number> {
  // Read to its end already (nothing more will come), or gone: no event would ever fire.
  if (stream.readableEnded) return Promise.resolve(0);
  if (stream.destroyed) return Promise.reject(incomplete());
  return new Promise((resolve, reject) => {
    let size = 0;
    const done = (e: ApiError | null) => {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      stream.removeListener('close', onError);
      if (e) reject(e);
      else resolve(size);
    };
    const onData = (value: Uint8Array) => {
      size += value.byteLength;
      if (size > maxBytes) {
        // The rest is not read: the request ends here, but not its connection, which carries the
        // 413 (what Node's own stream.destroyer does for a server request, as the iterator's return did).
        (stream as { socket?: unknown }).socket = null;
        stream.destroy();
        done(tooLarge(maxBytes));
        return;
      }
      try {
        parts.push(decoder.decode(value, { stream: true }));
      } catch {
        done(notUtf8());
        stream.pause();
      }
    };
    const onEnd = () => done(null);
    // An error, or a close before the end: the connection went away mid-upload.
    const onError = () => done(incomplete());
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onError);
  });
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

/**
 * Serving one folder of built files (the demo site, the API reference, the rules page) and nothing
 * outside it. A request path is decoded exactly once; a path that does not decode, holds a NUL or a
 * backslash, or has a segment starting with `.` (`.`, `..`, a dotfile or dot-folder such as `.env`
 * or `.git`) is refused before the disk is touched. The file found is
 * then resolved through symlinks and served only when its real path is still inside the folder's
 * real path, so a link cannot lead out either.
 */
import { createReadStream, existsSync, readFile, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Text is sent gzipped to a client that takes it (Swagger UI's bundle: 1.7 MB → about 0.5 MB). */
const COMPRESSIBLE = /^(text\/|application\/(json|wasm)|image\/svg)/;

/**
 * Gzipped files by path, made once per version of the file on libuv's threads (never on the event
 * loop: the first request of a file is sent as it is while its gzip is made); at most CACHE_BYTES kept.
 */
const zippedCache = new Map<string, { key: string; body: Buffer | null }>();
const CACHE_BYTES = 32 * 1024 * 1024;
let cachedBytes = 0;

function gzipped(file: string, size: number, mtimeMs: number): Buffer | null {
  const key = `${size}:${mtimeMs}`;
  const hit = zippedCache.get(file);
  if (hit?.key === key) return hit.body;
  if (hit?.body) cachedBytes -= hit.body.length;
  zippedCache.set(file, { key, body: null });
  readFile(file, (err, text) => {
    if (err) return void zippedCache.delete(file);
    gzip(text, { level: 6 }, (e, body) => {
      const entry = zippedCache.get(file);
      if (e || entry?.key !== key) return;
      // The oldest go first when the folder's text outgrows the cache (a site is a few MB).
      for (const [f, old] of zippedCache) {
        if (cachedBytes + body.length <= CACHE_BYTES) break;
        if (old.body) cachedBytes -= old.body.length;
        zippedCache.delete(f);
      }
      zippedCache.set(file, { key, body });
      cachedBytes += body.length;
    });
  });
  return null;
}

/** The folder-relative segments of a URL path, or null when the path is not one this server will look up. */
export function safeSegments(urlPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || /[\0\\]/.test(decoded)) return null;
  const segments = decoded.slice(1).split('/');
  // Dotfiles and dot-folders (.env, .git/…) are never served: they are configuration, not pages.
  if (segments.some((s, i) => s.startsWith('.') || (s === '' && i < segments.length - 1))) return null;
  return segments;
}

export interface StaticFolder {
  /** Serves the file for `req` and returns true, or returns false having sent nothing. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

/** A folder of static files; `index.html` answers for a folder, `x.html` for `/x`. */
export function staticFolder(folder: string): StaticFolder {
  const root = realpathSync(folder);
  const inside = (file: string): string | null => {
    try {
      const real = realpathSync(file);
      if (real !== root && !real.startsWith(root + sep)) return null;
      return statSync(real).isFile() ? real : null;
    } catch {
      return null;
    }
  };
  return {
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const segments = safeSegments((req.url ?? '/').split(/[?#]/)[0]);
      if (!segments) return false;
      const base = join(root, ...segments);
      const last = segments[segments.length - 1];
      const file = last === '' ? inside(join(base, 'index.html')) : (inside(base) ?? (extname(last) ? null : inside(`${base}.html`)));
      if (!file) return false;
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const hashed = segments[0] === 'assets';
      const stat = statSync(file);
      // A revalidation ("no-cache") is answered 304 when the file is the one the client has.
      const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
      const headers: Record<string, string | number> = {
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        etag,
        vary: 'accept-encoding',
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return true;
      }
      const zipped = COMPRESSIBLE.test(type) && stat.size >= 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? gzipped(file, stat.size, stat.mtimeMs) : null;
      res.writeHead(200, { ...headers, 'content-length': zipped ? zipped.length : stat.size, ...(zipped ? { 'content-encoding': 'gzip' } : {}) });
      if (req.method === 'HEAD') res.end();
      else if (zipped) res.end(zipped);
      else createReadStream(file).pipe(res);
      return true;
    },
  };
}

/**
 * The package's own reference pages (lib/reference, scripts/build-reference.mjs: /docs, /rules and
 * a start page), beside the built server or one folder up from its chunks; null running from the
 * sources, where the demo site (`--static`) has them.
 */
export function builtReferenceDir(): string | null {
  const name = 'reference'; // a variable: the bundler must not treat it as an asset to copy
  for (const dir of ['./', '../']) {
    const folder = fileURLToPath(new URL(dir + name, import.meta.url));
    if (existsSync(join(folder, 'index.html'))) return folder;
  }
  return null;
}

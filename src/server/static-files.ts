/**
 * Serving one folder of built files (the demo site, the API reference, the rules page) and nothing
 * outside it. A request path is decoded exactly once; a path that does not decode, holds a NUL or a
 * backslash, or has a segment starting with `.` (`.`, `..`, a dotfile or dot-folder such as `.env`
 * or `.git`) is refused before the disk is touched. The file found is
 * then resolved through symlinks and served only when its real path is still inside the folder's
 * real path, so a link cannot lead out either.
 */
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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
      res.writeHead(200, {
        'content-type': type,
        'content-length': statSync(file).size,
        'x-content-type-options': 'nosniff',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      if (req.method === 'HEAD') res.end();
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

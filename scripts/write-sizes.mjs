/**
 * The bundle sizes the README and the demo's embed page state, written by the build (`npm run bundle`
 * ends with this script): every `<!--size:FILE-->…<!--/size-->` in them gets FILE's size in dist/, gzipped
 * at level 9 as test/bundle/size.test.ts measures it, so the numbers readers see are the numbers of
 * the last build, never hand-written. test/bundle/size.test.ts fails when either is behind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = new URL('../', import.meta.url);
const MARK = /<!--size:([\w.-]+)-->[^<]*<!--\/size-->/g;

/** A gzipped size as the README writes it: KB (1024 bytes) with one decimal. */
export function formatSize(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The gzipped size of dist/`file`. */
export function gzippedSize(file, dist = new URL('dist/', ROOT)) {
  return gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
}

/** `readme` with every marked size set from dist/; throws naming a marked file that dist/ lacks. */
export function withSizes(readme, size = gzippedSize) {
  return readme.replace(MARK, (_, file) => {
    let n;
    try {
      n = size(file);
    } catch {
      throw new Error(`README.md marks the size of ${file}, which dist/ does not have (run npm run bundle, or drop the mark)`);
    }
    return `<!--size:${file}-->${formatSize(n)}<!--/size-->`;
  });
}

/** The files whose sizes the README marks. */
export function markedFiles(readme) {
  return [...readme.matchAll(MARK)].map((m) => m[1]);
}

/** The documents with marked sizes. */
export const SIZED_DOCUMENTS = ['README.md', 'demo/embed.html'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of SIZED_DOCUMENTS) {
    const file = new URL(name, ROOT);
    const before = readFileSync(file, 'utf8');
    const after = withSizes(before);
    if (after !== before) writeFileSync(file, after);
    console.log(`${name}: ${markedFiles(before).length} bundle sizes ${after === before ? 'already current' : 'rewritten'}`);
  }
}

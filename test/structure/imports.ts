/**
 * The import graph of a folder of TypeScript sources, read from the code's own relative imports:
 * values, types, re-exports and on-demand `import()` alike, so that a circle hidden behind a
 * type-only import is still a circle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Every `.ts` file under `dir` (declaration files included: generated ones are checked by the caller). */
export function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every relative import of a file that lands inside `root`. */
export function importsOf(file: string, root: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:(?:import|export)\s[^'"]*?from\s+|import\()'(\.[^']+\.ts)'/g)]
    .map((m) => resolve(dirname(file), m[1]))
    .filter((p) => p.startsWith(root + '/'));
}

/** Each import circle found by a depth-first walk, as the files along it with the first repeated at the end. */
export function circles(files: string[], importsOf: (f: string) => string[]): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (f: string) => {
    path.push(f);
    for (const d of importsOf(f)) {
      const at = path.indexOf(d);
      if (at >= 0) found.push([...path.slice(at), d]);
      else if (!done.has(d)) visit(d);
    }
    path.pop();
    done.add(f);
  };
  for (const f of files) if (!done.has(f)) visit(f);
  return found;
}

/** Lines of a file, not counting a final newline. */
export function lineCount(file: string): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.length;
}

/**
 * `npm start`: the built server (lib/cli.js) with the built demo site (dist-demo/: the wiki pages,
 * the API reference at /docs, the rules at /rules) on http://127.0.0.1:5173. On a fresh clone, or
 * when a source file is newer than the build, it runs `npm run build` first; the server itself
 * runs no bundler and no TypeScript transform. Arguments after `--` go to `doom-board serve`
 * (e.g. `npm start -- --port 8080 --memory`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = ['lib/cli.js', 'lib/engine.js', 'dist/doom-board.js', 'dist-demo/index.html'].map((f) => join(root, f));
const sources = ['assembly', 'src', 'components', 'demo', 'docs'];

const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

const args = process.argv.slice(2);
const has = (flag) => args.some((a) => a === flag || a.startsWith(`${flag}=`));
// Asking for the help or the version needs the server's command line only, not a fresh build of the site.
const askingOnly = ['-h', '--help', '-v', '--version'].some(has) && existsSync(join(root, 'lib/cli.js'));
const builtAt = built.every(existsSync) ? Math.min(...built.map((f) => statSync(f).mtimeMs)) : 0;
const changedAt = Math.max(...sources.map((d) => join(root, d)).filter(existsSync).map(newest));
if (builtAt < changedAt && !askingOnly) {
  console.log(builtAt ? 'doom-board: sources changed since the last build; building…' : 'doom-board: nothing built yet; building (about a minute)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.argv = [process.argv[0], join(root, 'lib/cli.js'), 'serve', ...(has('--static') ? [] : ['--static', join(root, 'dist-demo')]), ...args];
await import(pathToFileURL(join(root, 'lib/cli.js')).href);

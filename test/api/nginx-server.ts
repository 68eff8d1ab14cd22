/**
 * A real nginx in front of server instances, for one test file: the deployment recipe
 * (deploy/nginx/doom-board.conf) with the instances' ports put in, in a throw-away folder, nginx in
 * the foreground on a free loopback port. Missing nginx is a failure naming the package to install
 * (.ci/run installs it), never a skipped test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './pg-server.ts';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const RECIPE = fileURLToPath(new URL('../../deploy/nginx/doom-board.conf', import.meta.url));

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** The recipe's site with these instances (`host:port`), on `port`; `roundRobin` drops the hash line. */
export function recipeFor(instances: string[], port: number, roundRobin = false): string {
  let conf = readFileSync(RECIPE, 'utf8').replace(/^#.*\n/gm, '');
  conf = conf.replace(/(\n\s*server 127\.0\.0\.1:\d+[^\n]*;)+/, instances.map((i) => `\n    server ${i} max_fails=1 fail_timeout=5s;`).join(''));
  conf = conf.replace('listen 8080;', `listen 127.0.0.1:${port};`);
  if (roundRobin) conf = conf.replace(/\n\s*hash \$doom_board_game consistent;/, '');
  return conf;
}

export async function startNginx(instances: string[], o: { roundRobin?: boolean } = {}): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed (no ${NGINX}): install it with "apt-get install -y nginx" (.ci/run does), or set NGINX_BIN`);
  const dir = mkdtempSync(join(tmpdir(), 'doom-board-nginx-'));
  // Its workers run as nobody when started by root: they must write their temp folders.
  if (process.getuid?.() === 0) chownSync(dir, 65534, 65534);
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(dir, t)};`).join('\n  ');
  writeFileSync(join(dir, 'nginx.conf'), `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  # Which instance answered (tests and benches read it; not part of the recipe).
  add_header X-Upstream $upstream_addr always;
  ${temp}
${recipeFor(instances, port, o.roundRobin)}
}
`);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Up once it answers (a 502 from no instance is an answer too).
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${out}`);
    if (await fetch(`${url}/healthz`).then(() => true, () => false)) break;
    if (i > 200) throw new Error(`nginx did not answer:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const late = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(late);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

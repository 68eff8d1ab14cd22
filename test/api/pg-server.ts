/**
 * A real, throw-away PostgreSQL 15 server for one test file: `initdb` into a temp folder, `postgres`
 * on a free loopback port, stopped and deleted afterwards. No mock: the PostgreSQL store is tested
 * against the server it runs on in production.
 *
 * PostgreSQL refuses to run as root (CI runs as root): then the cluster is created and run as
 * `nobody`, in a temp folder that user owns. Missing binaries are a failure naming the package to
 * install (.ci/run installs it), never a skipped test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * PostgreSQL 15 (Debian 12's package), or else the newest other major version Debian installed
 * (a newer Debian's `postgresql` package), or PG_BIN.
 */
export const PG_BIN = process.env.PG_BIN ?? pgBin();

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const installed = existsSync(root) ? readdirSync(root).filter((v) => existsSync(`${root}/${v}/bin/initdb`)).sort((a, b) => Number(b) - Number(a)) : [];
  return `${root}/${installed.includes('15') ? '15' : (installed[0] ?? '15')}/bin`;
}

export interface PgServer {
  /** postgres://… of the throw-away database, for DATABASE_URL / --database-url. */
  url: string;
  port: number;
  /** Fast shutdown (every connection is cut), `downMs` without a server, then the same cluster on the same port again. */
  restart(downMs?: number): Promise<void>;
  /** Fast shutdown, then the folder is deleted. */
  stop(): Promise<void>;
}

/** A loopback port free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Who runs the cluster: root must hand it to an unprivileged user. */
function asUser(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const id = (flag: string) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  return { prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--'], uid, gid };
}

export async function startPgServer(timeoutMs = 60_000): Promise<PgServer> {
  const initdb = join(PG_BIN, 'initdb');
  const postgres = join(PG_BIN, 'postgres');
  if (!existsSync(initdb) || !existsSync(postgres)) {
    throw new Error(`PostgreSQL is not installed (no ${initdb}): install it with "apt-get install -y postgresql" (.ci/run does), or set PG_BIN to its bin folder`);
  }
  const user = asUser();
  const dir = mkdtempSync(join(tmpdir(), 'doom-board-pg-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  const data = join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const [file, ...rest] = [...user.prefix, cmd, ...args];
    return { file, args: rest };
  };
  const init = run(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const made = spawnSync(init.file, init.args, { encoding: 'utf8', cwd: dir });
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${made.status ?? made.error?.message}):\n${made.stdout}${made.stderr}`);
  }
  // The free port may be taken between the probe and postgres binding it: then again, on another.
  let started: { child: ChildProcess; port: number; gone: Promise<void>; cleanup: () => void } | undefined;
  for (let attempt = 1; !started; attempt++) {
    try {
      started = await launch(run, postgres, data, dir, timeoutMs);
    } catch (e) {
      const taken = /could not bind|Address already in use/.test((e as Error).message);
      if (!taken || attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw e;
      }
    }
  }
  let current = started;
  const { port } = started;
  const shutdown = async () => {
    const { child, gone, cleanup } = current;
    process.off('exit', cleanup);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT'); // fast shutdown: ends client connections, no wait
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(late);
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async (downMs = 0) => {
      await shutdown();
      await new Promise((r) => setTimeout(r, downMs));
      current = await launch(run, postgres, data, dir, timeoutMs, port);
    },
    stop: async () => {
      await shutdown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Start postgres on a free port; resolves once it accepts connections. */
async function launch(run: (cmd: string, args: string[]) => { file: string; args: string[] }, postgres: string, data: string, dir: string, timeoutMs: number, fixedPort?: number) {
  const port = fixedPort ?? (await freePort());
  // Sockets in the folder (not /var/run/postgresql, which nobody may not write); TCP on loopback only.
  const start = run(postgres, ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'max_connections=100']);
  const child: ChildProcess = spawn(start.file, start.args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanup = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
  process.once('exit', cleanup);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
      const onData = (d: Buffer) => {
        out += d.toString();
        if (out.includes('ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL exited (${code}) before it was ready:\n${out}`));
      });
    });
  } catch (e) {
    process.off('exit', cleanup);
    cleanup();
    await gone;
    throw e;
  }
  return { child, port, gone, cleanup };
}

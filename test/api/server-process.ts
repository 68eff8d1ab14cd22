/** Starting the real, built server (`node lib/cli.js serve`, what `npm start` and `npx doom-board serve` run) as a child process on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../lib/cli.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Start the server on an ephemeral loopback port; resolves once it listens. */
export function startServerProcess(args: string[], timeoutMs = 60_000, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [main, 'serve', '--host', '127.0.0.1', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${out}`));
    });
  });
}

/** kill -9, and wait until the process is gone. */
export function killHard(p: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGKILL');
  });
}

/** Resolves with the exit code (or the signal) once the process has exited. */
export function exited(p: ServerProcess): Promise<number | string> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve(p.child.exitCode ?? p.child.signalCode!);
    p.child.once('exit', (code, signal) => resolve(code ?? signal!));
  });
}

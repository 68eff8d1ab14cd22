/** The built server with the built demo site (`node lib/cli.js serve --static dist-demo`, as `npm start` runs it) on a loopback port, games in memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BuiltServer {
  url: string;
  /** Milliseconds from spawning the process to its "listening" line. */
  startMs: number;
  stop(): Promise<void>;
}

export async function startBuiltServer(port: number, args: string[] = []): Promise<BuiltServer> {
  const cli = fileURLToPath(new URL('../../lib/cli.js', import.meta.url));
  const site = fileURLToPath(new URL('../../dist-demo', import.meta.url));
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [cli, 'serve', '--static', site, '--host', '127.0.0.1', '--port', String(port), '--memory', '--rate-limit', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    startMs: performance.now() - t0,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

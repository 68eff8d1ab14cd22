/**
 * The heavy-work pool of the Node server: hints, odds, sight maps and reach run in worker threads
 * (heavy-worker.ts), so a client asking for 250 ms of hints no longer stops every other client's
 * requests for 250 ms. Each thread runs one job at a time; jobs wait in a bounded queue, and when
 * it is full the answer is 503 with Retry-After (how long the work already taken should last).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LiveGame } from '../api/games.ts';
import type { HeavyJob, HeavyResult, HeavyWork } from '../api/heavy-work.ts';
import { ApiError, type ProblemKind } from '../api/problem.ts';

export interface PoolOptions {
  /** Worker threads (default: one per core but one, at least one). */
  size?: number;
  /** Jobs that may wait for a thread (default 4 per thread); more is a 503. */
  queueLimit?: number;
  /** The built worker (default: lib/heavy-worker.js, found beside the built server). */
  workerFile?: string;
}

export const defaultPoolSize = () => Math.max(1, availableParallelism() - 1);

/**
 * The built worker beside this module (lib/heavy-worker.js, from lib/ or lib/chunks/), or null when
 * running from the TypeScript sources, where a thread could not load the .ts modules.
 */
export function builtWorkerFile(): string | null {
  const name = 'heavy-worker.js'; // a variable: the bundler must not treat it as an asset to copy
  for (const dir of ['./', '../']) {
    const file = fileURLToPath(new URL(dir + name, import.meta.url));
    if (existsSync(file)) return file;
  }
  return null;
}

interface Waiting {
  job: HeavyJob;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  current: (Waiting & { id: number; started: number }) | null;
}

type Reply = { ready: true } | { id: number; value?: unknown; error?: { status?: number; kind?: ProblemKind; message: string; extra?: object; headers?: Record<string, string> } };

export class WorkerPool implements HeavyWork {
  readonly size: number;
  readonly queueLimit: number;
  private readonly file: string;
  private readonly threads: Thread[] = [];
  private readonly queue: Waiting[] = [];
  private nextId = 1;
  private closed = false;
  /** A running average of a job's time in ms, for Retry-After. */
  private jobMs = 50;
  private failure: string | null = null;
  private readonly waitingForReady: (() => void)[] = [];

  constructor(o: PoolOptions = {}) {
    this.size = Math.max(1, Math.floor(o.size ?? defaultPoolSize()));
    this.queueLimit = Math.max(0, Math.floor(o.queueLimit ?? 4 * this.size));
    const file = o.workerFile ?? builtWorkerFile();
    if (!file) throw new Error('the worker pool runs the built server only (lib/heavy-worker.js was not found beside it); run in process instead');
    this.file = file;
    for (let i = 0; i < this.size; i++) this.threads.push(this.spawn());
  }

  private spawn(): Thread {
    const t: Thread = { worker: new Worker(this.file), ready: false, current: null };
    t.worker.on('message', (m: Reply) => this.reply(t, m));
    t.worker.on('error', (e) => this.lost(t, e));
    t.worker.on('exit', (code) => this.lost(t, new Error(`a heavy-work thread stopped (exit code ${code})`)));
    return t;
  }

  private reply(t: Thread, m: Reply): void {
    if ('ready' in m) {
      t.ready = true;
      // An idle thread does not keep the process alive (a server mounted and never closed may exit);
      // a starting or busy one does.
      if (!t.current) t.worker.unref();
      if (this.notReady() === null) for (const wake of this.waitingForReady.splice(0)) wake();
      return this.next(t);
    }
    const job = t.current;
    if (!job || job.id !== m.id) return;
    t.current = null;
    t.worker.unref();
    this.jobMs = 0.8 * this.jobMs + 0.2 * (performance.now() - job.started);
    const e = m.error;
    if (!e) job.resolve(m.value);
    else if (e.status !== undefined) job.reject(new ApiError(e.status, e.kind!, e.message, e.extra, e.headers));
    else job.reject(new Error(e.message));
    this.next(t);
  }

  /** A thread failed (e.g. out of memory): its job fails alone, and a new thread takes its place. */
  private lost(t: Thread, e: Error): void {
    const i = this.threads.indexOf(t);
    if (i < 0) return;
    t.current?.reject(e);
    t.current = null;
    if (this.closed) return;
    if (!t.ready) {
      // It died before loading the grid core: another would too; say why instead of looping.
      this.failure = `the heavy-work threads cannot start: ${e.message}`;
      this.threads.splice(i, 1);
      for (const w of this.queue.splice(0)) w.reject(e);
      for (const wake of this.waitingForReady.splice(0)) wake();
      return;
    }
    this.threads[i] = this.spawn();
  }

  private next(t: Thread): void {
    if (t.current || !t.ready || this.closed) return;
    const w = this.queue.shift();
    if (!w) return;
    t.current = { ...w, id: this.nextId++, started: performance.now() };
    t.worker.ref();
    t.worker.postMessage({ id: t.current.id, job: w.job });
  }

  run<J extends HeavyJob>(job: J, live?: LiveGame): Promise<HeavyResult<J>> {
    if (this.closed) return Promise.reject(busy('the server is shutting down', 1));
    if (this.failure) return Promise.reject(new Error(this.failure));
    const idle = this.threads.find((t) => t.ready && !t.current);
    // A thread still loading the grid core will take a job as soon as it is up: it holds a place too.
    const loading = this.threads.filter((t) => !t.ready).length;
    if (!idle && this.queue.length >= this.queueLimit + loading) {
      // The work already taken: every queued job and one per thread, shared by the threads.
      const seconds = Math.max(1, Math.ceil(((this.queue.length + this.size) * this.jobMs) / this.size / 1000));
      return Promise.reject(busy(`the server is busy with ${this.queue.length + this.size} hints, odds or board queries; retry in ${seconds} s`, seconds));
    }
    // A hints job carries its game's record and log: the thread replays it (and keeps it for next time).
    const sent: HeavyJob = job.kind === 'hints' && live ? { ...job, game: { record: live.record, entries: live.log.map(({ events: _, ...e }) => e) } } : job;
    return new Promise((resolve, reject) => {
      this.queue.push({ job: sent, resolve: resolve as (v: unknown) => void, reject });
      if (idle) this.next(idle);
    });
  }

  /** Resolves once every thread has loaded the grid core, or once they cannot start (then `notReady` says why). */
  ready(): Promise<void> {
    if (this.closed || this.failure || this.notReady() === null) return Promise.resolve();
    return new Promise((resolve) => this.waitingForReady.push(resolve));
  }

  notReady(): string | null {
    if (this.failure) return this.failure;
    if (this.closed) return 'the heavy-work threads are stopped';
    const loading = this.threads.filter((t) => !t.ready).length;
    return loading ? `${loading} of ${this.size} heavy-work threads are still loading the grid core` : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waitingForReady.splice(0)) wake();
    for (const w of this.queue.splice(0)) w.reject(busy('the server is shutting down', 1));
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}

const busy = (detail: string, seconds: number) => new ApiError(503, 'busy', detail, { retryAfter: seconds }, { 'retry-after': String(seconds) });

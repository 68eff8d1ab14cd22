/**
 * The native baseline: bench/native/core.c (the core's doom2016 sight map and reach in C) compiled
 * with the system gcc -O2 and run on the same boards as the Wasm. Returns null (and says why) when
 * gcc is missing.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BoardData } from '../src/core/types.ts';

export interface NativeCase {
  data: BoardData;
  sightFigure: number;
  reachFigure: number;
  mp: number;
}

export interface NativeAnswer {
  /** Median nanoseconds per call. */
  sightNs: number;
  reachNs: number;
  los: number[];
  cover: number[];
  range: number[];
  cost: number[];
  end: number[];
}

let binary: string | null | undefined;

/** Compile the C core once; null with a message on stderr when there is no gcc. */
export function nativeBinary(): string | null {
  if (binary !== undefined) return binary;
  const probe = spawnSync('gcc', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    console.warn('bench: gcc not found, the native C baseline is skipped');
    return (binary = null);
  }
  const out = join(mkdtempSync(join(tmpdir(), 'doom-native-')), 'core');
  execFileSync('gcc', ['-O2', '-std=c11', '-D_POSIX_C_SOURCE=199309L', '-o', out, fileURLToPath(new URL('./native/core.c', import.meta.url))]);
  return (binary = out);
}

export function gccVersion(): string {
  return spawnSync('gcc', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? 'gcc';
}

/** The C driver's input for one board. */
function encodeBoard({ data: d, sightFigure, reachFigure, mp }: NativeCase): Array<number | string> {
  const sides = new Map<string, number>();
  const parts: Array<number | string> = [d.width, d.height, d.figures.length, sightFigure, reachFigure, mp, ...d.cells, ...d.hEdges, ...d.vEdges];
  for (const f of d.figures) {
    if (!sides.has(f.side)) sides.set(f.side, sides.size);
    parts.push(f.x, f.y, f.w, f.h, sides.get(f.side)!, f.teleports ? 1 : 0);
  }
  return parts;
}

export function runNative(cases: NativeCase[]): NativeAnswer[] | null {
  const bin = nativeBinary();
  if (!bin) return null;
  const parts: Array<number | string> = [cases.length];
  for (const c of cases) parts.push(...encodeBoard(c));
  const out = execFileSync(bin, { input: parts.join(' '), encoding: 'utf8', maxBuffer: 1 << 28 });
  return JSON.parse(out) as NativeAnswer[];
}

export interface NativeReach {
  cost: number[];
  /** -1 where the state is not reached. */
  parent: number[];
  end: number[];
}

/**
 * The C reach on one board, kept running so that its timed batches can alternate with the Wasm's
 * (bench/native/core.c, serve mode). Null when there is no gcc.
 */
export interface NativeReachServer {
  /** Nanoseconds for `calls` reaches; with `copy`, each also copies cost and end into new arrays. */
  time(figure: number, mp: number, calls: number, copy: boolean): Promise<number>;
  answer(figure: number, mp: number): Promise<NativeReach>;
  /** Nanoseconds for `calls` doom2016 sight maps of the figure (the best kernel for the board: on open boards, the open sweep). */
  sight(figure: number, calls: number): Promise<number>;
  /** The same with the general sweep whatever the board (the baseline before open boards had their own). */
  sightGeneral(figure: number, calls: number): Promise<number>;
  /** On an open board, the sweep that visits every lattice corner from every attacker corner (bench/native/core.c sightMapOpen). */
  sightDense(figure: number, calls: number): Promise<number>;
  /**
   * What a fresh page costs this machine: an anonymous page's first touch (mmap'd, best of 5 runs of
   * 4096 pages), and a warm page's touch, in ns. A snapshot the caller keeps is written into memory
   * the allocator may have just been given: on a VM whose guest page faults exit to the host, that
   * is most of its cost.
   */
  freshPage(): Promise<{ freshNs: number; warmNs: number }>;
  close(): void;
}

/**
 * The CPU both sides of a timing share (`GRID_CPU`, default 0; `GRID_CPU=none`: the scheduler's
 * choice), or null when they are not pinned. On this project's 2-core VM one core at a time can run
 * a process 1.5× slower than the other (the same Wasm sight map 9 or 14 µs by process, either
 * build; bench/RESULTS.md, issue 41): the C's server and this process's main thread on different
 * cores then measure the cores, not the code. Pinned to one core both meet the same one.
 */
function sharedCpu(): string | null {
  const cpu = process.env.GRID_CPU ?? '0';
  if (cpu === 'none' || process.platform !== 'linux' || spawnSync('taskset', ['-V']).status !== 0) return null;
  // The main thread (the Wasm's); a CPU this process may not use leaves both to the scheduler.
  return spawnSync('taskset', ['-p', '-c', cpu, String(process.pid)], { stdio: 'ignore' }).status === 0 ? cpu : null;
}

/** Where the last server ran: the CPU both sides shared, or null (not pinned). */
export let pinnedCpu: string | null = null;

export function serveNativeReach(data: BoardData): NativeReachServer | null {
  const bin = nativeBinary();
  if (!bin) return null;
  pinnedCpu = sharedCpu();
  const child = pinnedCpu === null
    ? spawn(bin, ['serve'], { stdio: ['pipe', 'pipe', 'inherit'] })
    : spawn('taskset', ['-c', pinnedCpu, bin, 'serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(`1 ${encodeBoard({ data, sightFigure: 0, reachFigure: 0, mp: 0 }).join(' ')}\n`);
  const waiting: Array<(line: string) => void> = [];
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  const ask = (command: string) => new Promise<string>((resolve) => {
    waiting.push(resolve);
    child.stdin.write(`${command}\n`);
  });
  return {
    time: async (figure, mp, calls, copy) => Number(await ask(`t ${figure} ${mp} ${calls} ${copy ? 1 : 0}`)),
    answer: async (figure, mp) => JSON.parse(await ask(`a ${figure} ${mp}`)) as NativeReach,
    sight: async (figure, calls) => Number(await ask(`s ${figure} ${calls}`)),
    sightGeneral: async (figure, calls) => Number(await ask(`g ${figure} ${calls}`)),
    sightDense: async (figure, calls) => Number(await ask(`d ${figure} ${calls}`)),
    freshPage: async () => {
      const [freshNs, warmNs] = (await ask('p')).split(' ').map(Number);
      return { freshNs, warmNs };
    },
    close: () => child.stdin.end(),
  };
}

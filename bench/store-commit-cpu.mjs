#!/usr/bin/env node
/**
 * The SQLite store's CPU per group commit, by design (issue 41 item 5: the "other threads" part of a
 * change): the process's CPU (every thread) per transaction of --rows appends, committed one after
 * another, each durable before the next starts, as the store's thread sees them under the server bench.
 *
 *   thread  — today's SqliteStore: the rows posted to a worker thread that owns the database
 *             (synchronous=FULL: SQLite fsyncs the WAL at the commit) and answers when committed.
 *   main    — the rows inserted on the event loop with synchronous=OFF, then the WAL file fdatasync'd
 *             on libuv's pool (fs.fdatasync), the answer after it; checkpoints run by hand with
 *             synchronous=FULL (so the database file is synced before the WAL is reused).
 *   inline  — synchronous=FULL on the event loop (the fsync blocks it: for reference only).
 *
 *   node bench/store-commit-cpu.mjs [--rows 3] [--commits 400] [--rounds 5]
 *
 * Rounds interleave the designs; medians. An experiment for a decision, not the store's code.
 */
import Database from 'better-sqlite3';
import { fdatasync, mkdtempSync, openSync, closeSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '3' }, commits: { type: 'string', default: '400' }, rounds: { type: 'string', default: '5' } } });
const ROWS = Number(values.rows);
const COMMITS = Number(values.commits);
const ROUNDS = Number(values.rounds);
const dir = mkdtempSync(join(tmpdir(), 'doom-board-commit-cpu-'));
const driver = createRequire(import.meta.url).resolve('better-sqlite3');
const TABLE = 'CREATE TABLE entries (game TEXT NOT NULL, version INTEGER NOT NULL, kind TEXT NOT NULL, side TEXT NOT NULL, command TEXT, PRIMARY KEY (game, version)) WITHOUT ROWID';
const COMMAND = JSON.stringify({ type: 'move', figure: 'trooper-1', to: { x: 3, y: 4 } });
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function open(name, synchronous) {
  const db = new Database(join(dir, name));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('journal_size_limit = 1048576');
  db.exec(TABLE);
  return db;
}

// thread: the worker owns a FULL database, as sqlite-worker-source.ts does.
const worker = new Worker(`
  const { parentPort, workerData } = require('node:worker_threads');
  const Database = require(workerData.driver);
  const db = new Database(workerData.file);
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = FULL'); db.pragma('wal_autocheckpoint = 256'); db.pragma('journal_size_limit = 1048576');
  db.exec(workerData.table);
  const insert = db.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?)');
  parentPort.on('message', (m) => {
    const f = m.appends;
    db.transaction(() => { for (let i = 0; i < f.length; i += 6) insert.run(f[i + 1], f[i + 2], f[i + 3], f[i + 4], f[i + 5]); })();
    const appended = []; for (let i = 0; i < f.length; i += 6) appended.push(f[i]);
    parentPort.postMessage({ transactions: 0, replies: [], appended });
  });
`, { eval: true, workerData: { driver, file: join(dir, 'thread.sqlite'), table: TABLE } });
let version = 0;
const rows = () => {
  const f = [];
  for (let i = 0; i < ROWS; i++) f.push(++version, `game-${i}`, version, 'command', 'empire', COMMAND);
  return f;
};
const viaThread = () => new Promise((resolve) => {
  worker.once('message', resolve);
  worker.postMessage({ op: 'append', seq: 0, appends: rows() });
});

// main: OFF on the event loop, the WAL's fdatasync on libuv's pool, checkpoints by hand with FULL.
const mainDb = open('main.sqlite', 'OFF');
mainDb.pragma('wal_autocheckpoint = 0');
mainDb.exec('BEGIN; COMMIT');
const mainInsert = mainDb.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?)');
const walFile = join(dir, 'main.sqlite-wal');
mainDb.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?)').run('warm', 0, 'command', 'empire', null);
const walFd = openSync(walFile, 'r+');
const viaMain = () => {
  const f = rows();
  mainDb.transaction(() => { for (let i = 0; i < f.length; i += 6) mainInsert.run(f[i + 1], f[i + 2], f[i + 3], f[i + 4], f[i + 5]); })();
  return new Promise((resolve, reject) => fdatasync(walFd, (e) => {
    if (e) return reject(e);
    if (statSync(walFile).size > 1024 * 1024) {
      mainDb.pragma('synchronous = FULL');
      mainDb.pragma('wal_checkpoint(PASSIVE)');
      mainDb.pragma('synchronous = OFF');
    }
    resolve();
  }));
};

// inline: FULL on the event loop.
const inlineDb = open('inline.sqlite', 'FULL');
inlineDb.pragma('wal_autocheckpoint = 256');
const inlineInsert = inlineDb.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?)');
const viaInline = async () => {
  const f = rows();
  inlineDb.transaction(() => { for (let i = 0; i < f.length; i += 6) inlineInsert.run(f[i + 1], f[i + 2], f[i + 3], f[i + 4], f[i + 5]); })();
};

const designs = { thread: viaThread, main: viaMain, inline: viaInline };
const per = Object.fromEntries(Object.keys(designs).map((k) => [k, []]));
const wall = Object.fromEntries(Object.keys(designs).map((k) => [k, []]));
for (const run of Object.values(designs)) for (let i = 0; i < 50; i++) await run(); // warm
const names = Object.keys(designs);
for (let r = 0; r < ROUNDS; r++) {
  for (const k of names.map((_, i) => names[(i + r) % names.length])) {
    const [c0, t0] = [cpuMs(), performance.now()];
    for (let i = 0; i < COMMITS; i++) await designs[k]();
    per[k].push(((cpuMs() - c0) / COMMITS) * 1000);
    wall[k].push(((performance.now() - t0) / COMMITS) * 1000);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`store-commit-cpu: ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${ROWS} rows a commit, ${COMMITS} commits × ${ROUNDS} interleaved rounds`);
for (const k of names) console.log(`${k.padEnd(7)} ${median(per[k]).toFixed(0)} µs CPU a commit (${(median(per[k]) / ROWS).toFixed(0)} a row), ${median(wall[k]).toFixed(0)} µs wall; rounds ${per[k].map((x) => x.toFixed(0)).join(' ')}`);
await worker.terminate();
closeSync(walFd);
mainDb.close();
inlineDb.close();
rmSync(dir, { recursive: true, force: true });

#!/usr/bin/env node
/**
 * The disk's own limit for the game store, the baseline of the API rows (issue 20): raw better-sqlite3
 * on this machine's temp disk, WAL and synchronous=FULL as the store uses them, one table shaped like
 * the store's log. Two rows: one row per transaction (each commit waits for its fsync: the limit of a
 * store that commits every append alone) and batches of B rows per transaction (the limit group
 * commit can approach). Not a test: prints JSON.
 *
 *   node bench/bare-disk.mjs [--seconds 5] [--batch 64]
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, batch: { type: 'string', default: '64' } } });
const seconds = Number(values.seconds);
const B = Number(values.batch);
const dir = mkdtempSync(join(tmpdir(), 'doom-board-bare-disk-'));
const entry = JSON.stringify({ kind: 'command', side: 'a', command: { type: 'move', figure: 'f', to: { x: 3, y: 3 } } });

function run(rowsPerTransaction) {
  const db = new Database(join(dir, `bare-${rowsPerTransaction}.sqlite`));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE IF NOT EXISTS entries (game TEXT NOT NULL, version INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (game, version))');
  const insert = db.prepare('INSERT INTO entries (game, version, entry) VALUES (?, ?, ?)');
  const commit = db.transaction((from) => {
    for (let k = 0; k < rowsPerTransaction; k++) insert.run(`g${(from + k) % 64}`, from + k, entry);
  });
  let rows = 0;
  let transactions = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    commit(rows);
    rows += rowsPerTransaction;
    transactions++;
  }
  const s = (performance.now() - t0) / 1000;
  db.close();
  return { rowsPerTransaction, rowsPerSecond: Math.round(rows / s), transactionsPerSecond: Math.round(transactions / s) };
}

try {
  const single = run(1);
  const batched = run(B);
  console.log(JSON.stringify({ single, batched, seconds, cpus: cpus().length, load: loadavg().map((x) => Number(x.toFixed(1))), node: process.version, at: new Date().toISOString() }, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

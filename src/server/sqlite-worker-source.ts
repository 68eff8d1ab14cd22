/**
 * The thread that owns the SQLite database of a SqliteStore (sqlite-store.ts): every write and its
 * fsync happen here, off the server's event loop, which keeps parsing requests meanwhile.
 *
 * Group commit: appends that arrive while a transaction commits wait in the port and go into the
 * next transaction (one fsync serves every game with a command waiting); each append is answered
 * only after the transaction holding it has committed. The version check uses the last versions
 * kept in memory (read from the database once per game); the primary key (game, version) still
 * refuses a version another writer took, and a failed INSERT undoes only itself (ON CONFLICT
 * ABORT), so it fails alone, not its batch.
 *
 * Plain CommonJS in a string, started with `new Worker(source, { eval: true })`: it runs the same
 * from the TypeScript sources (tests) and from the built package, with no worker file to locate.
 */
export const SQLITE_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
const insertGame = db.prepare('INSERT INTO games (id, record) VALUES (?, ?)');
const insertEntry = db.prepare('INSERT INTO entries (game, version, kind, side, command) VALUES (?, ?, ?, ?, ?)');
const selectGame = db.prepare('SELECT record FROM games WHERE id = ?');
const selectEntries = db.prepare('SELECT version, kind, side, command FROM entries WHERE game = ? ORDER BY version');
const selectLast = db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM entries WHERE game = ?');
const DAMAGED = /^SQLITE_(CORRUPT|NOTADB|IOERR|FULL|READONLY|CANTOPEN)/;

const lastVersion = new Map();
let waiting = [];
let scheduled = false;
let transactions = 0;

const errorOut = (e) => ({ message: String((e && e.message) || e), code: e && typeof e.code === 'string' ? e.code : undefined });
const answer = (replies) => parentPort.postMessage({ transactions, replies });

function storedVersion(id) {
  let v = lastVersion.get(id);
  if (v === undefined) lastVersion.set(id, (v = selectLast.get(id).v));
  return v;
}

function flush() {
  scheduled = false;
  const batch = waiting;
  waiting = [];
  if (!batch.length) return;
  const refused = new Array(batch.length);
  const last = new Map();
  try {
    db.transaction(() => {
      batch.forEach((m, i) => {
        const previous = last.has(m.id) ? last.get(m.id) : storedVersion(m.id);
        if (m.entry.version !== previous + 1) {
          refused[i] = { message: 'game ' + m.id + ': version ' + m.entry.version + ' does not follow ' + previous };
          return;
        }
        try {
          insertEntry.run(m.id, m.entry.version, m.entry.kind, m.entry.side, m.entry.command ? JSON.stringify(m.entry.command) : null);
        } catch (e) {
          if (DAMAGED.test(String(e.code))) throw e;
          lastVersion.delete(m.id);
          refused[i] = errorOut(e);
          return;
        }
        last.set(m.id, m.entry.version);
      });
    })();
  } catch (e) {
    // The transaction failed: nothing of the batch is stored; versions are read again next time.
    for (const m of batch) lastVersion.delete(m.id);
    answer(batch.map((m) => ({ seq: m.seq, error: errorOut(e) })));
    return;
  }
  for (const [id, v] of last) lastVersion.set(id, v);
  transactions++;
  answer(batch.map((m, i) => ({ seq: m.seq, error: refused[i] })));
}

parentPort.on('message', (m) => {
  try {
    switch (m.op) {
      case 'append':
        // The appends the event loop made in one turn, in one message (posting one each cost more).
        for (const a of m.appends) waiting.push(a);
        // After the messages already in the port: they all join this transaction.
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
        return;
      case 'create':
        insertGame.run(m.id, m.record);
        lastVersion.set(m.id, 0);
        return answer([{ seq: m.seq }]);
      case 'load': {
        const row = selectGame.get(m.id);
        if (!row) return answer([{ seq: m.seq, value: null }]);
        const entries = selectEntries.all(m.id).map((r) => Object.assign({ version: r.version, kind: r.kind, side: r.side }, r.command ? { command: JSON.parse(r.command) } : {}));
        lastVersion.set(m.id, entries.length ? entries[entries.length - 1].version : 0);
        return answer([{ seq: m.seq, value: { record: JSON.parse(row.record), entries } }]);
      }
      case 'close':
        flush();
        db.close();
        return answer([{ seq: m.seq }]);
    }
  } catch (e) {
    answer([{ seq: m.seq, error: errorOut(e) }]);
  }
});
`;

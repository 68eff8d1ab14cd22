/**
 * The thread that owns the SQLite database of a SqliteStore (sqlite-store.ts): every write and its
 * fsync happen here, off the server's event loop, which keeps parsing requests meanwhile.
 *
 * One writer: the connection takes SQLite's exclusive lock when it opens (locking_mode EXCLUSIVE;
 * the kernel drops it when the process dies), so a second server on the same folder cannot open the
 * file at all instead of serving stale games (its first message says so: `locked`).
 *
 * Group commit: appends that arrive while a transaction commits wait in the port and go into the
 * next transaction (one fsync serves every game with a command waiting); each append is answered
 * only after the transaction holding it has committed. The version check uses the last versions
 * kept in memory (read from the database once per game); the primary key (game, version) and the
 * unique (game, idempotency key) still refuse a version or a key taken, and a failed INSERT undoes
 * only itself (ON CONFLICT ABORT), so it fails alone, not its batch.
 *
 * An I/O error while writing (an fsync that failed, EIO) means the file's content is unknown: the
 * data written may or may not reach the disk, and a later fsync may even report success for it.
 * So the thread stops trusting the file, as PostgreSQL does since 2018: it writes nothing more,
 * answers every call with the error, and tells the store (`fatal`), which stops the server; the
 * next start recovers from what the disk holds.
 *
 * Plain CommonJS in a string, started with `new Worker(source, { eval: true })`: it runs the same
 * from the TypeScript sources (tests) and from the built package, with no worker file to locate.
 */
export const SQLITE_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);

let db;
try {
  if (workerData.readonly) {
    // A file this user may not write: served for reading, every change refused (sqlite-store.ts).
    db = new Database(workerData.file, { timeout: 200, readonly: true });
  } else {
    db = new Database(workerData.file, { timeout: 200 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    // The WAL is folded into the file every 256 pages (1 MB) and cut back to 1 MB after: the disk a
    // store takes is its games, not a 4 MB log of the last thousand commits.
    db.pragma('wal_autocheckpoint = 256');
    db.pragma('journal_size_limit = 1048576');
    // Take the lock now (a write transaction), not at the first command.
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  }
} catch (e) {
  parentPort.postMessage({ locked: { message: String(e && e.message), code: e && e.code } });
  process.exit(0);
}
const readonly = !!workerData.readonly;
const insertGame = db.prepare('INSERT INTO games (id, record, idem_key) VALUES (?, ?, ?)');
const insertEntry = db.prepare('INSERT INTO entries (game, version, kind, side, command, idem_key, idem_request) VALUES (?, ?, ?, ?, ?, ?, ?)');
const selectGame = db.prepare('SELECT record FROM games WHERE id = ?');
const selectKeyed = db.prepare('SELECT record FROM games WHERE idem_key = ?');
const selectIds = db.prepare('SELECT id FROM games ORDER BY id');
const selectEntries = db.prepare('SELECT version, kind, side, command, idem_key, idem_request FROM entries WHERE game = ? ORDER BY version');
const selectLast = db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM entries WHERE game = ?');
const probe = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'");
// Errors after which nothing the file holds can be trusted: stop writing.
const FATAL = /^SQLITE_IOERR/;
// Errors of one row: another writer took its version or key.
const TAKEN = /^SQLITE_CONSTRAINT_(PRIMARYKEY|UNIQUE)$/;

const lastVersion = new Map();
let waiting = [];
let scheduled = false;
let transactions = 0;
let poisoned = null;

const errorOut = (e) => ({ message: String((e && e.message) || e), code: e && typeof e.code === 'string' ? e.code : undefined });
const answer = (replies) => parentPort.postMessage({ transactions, replies });
/** The answer to a batch of appends (with an appended list: the store may post its next batch). */
const answerBatch = (replies, appended) => parentPort.postMessage({ transactions, replies, appended });

function poison(e) {
  poisoned = { message: 'the store stopped trusting its file after an I/O error while writing (' + String(e && e.message) + ')', code: 'DOOM_FATAL' };
  parentPort.postMessage({ fatal: poisoned, transactions, replies: [] });
}

function storedVersion(id) {
  let v = lastVersion.get(id);
  if (v === undefined) lastVersion.set(id, (v = selectLast.get(id).v));
  return v;
}

const entryRow = (id, e) => [id, e.version, e.kind, e.side, e.command ? JSON.stringify(e.command) : null, e.key ? e.key.key : null, e.key ? e.key.request : null];
/** Fields of one append in an 'append' message's flat list (see the outbox in sqlite-store.ts): seq, then the row. */
const APPEND_FIELDS = 8;

function flush() {
  scheduled = false;
  const batch = waiting;
  waiting = [];
  if (!batch.length) return;
  if (poisoned) return answerBatch(batch.map((m) => ({ seq: m.seq, error: poisoned })), []);
  const refused = new Array(batch.length);
  const last = new Map();
  try {
    db.transaction(() => {
      batch.forEach((m, i) => {
        const previous = last.has(m.id) ? last.get(m.id) : storedVersion(m.id);
        if (m.version !== previous + 1) {
          refused[i] = { message: 'game ' + m.id + ': version ' + m.version + ' does not follow ' + previous, code: 'DOOM_TAKEN' };
          return;
        }
        try {
          insertEntry.run(m.id, m.version, m.kind, m.side, m.command, m.key, m.request);
        } catch (e) {
          if (!String(e.code).startsWith('SQLITE_CONSTRAINT')) throw e;
          lastVersion.delete(m.id);
          refused[i] = TAKEN.test(e.code) ? { message: e.message, code: 'DOOM_TAKEN' } : errorOut(e);
          return;
        }
        last.set(m.id, m.version);
      });
    })();
  } catch (e) {
    // The transaction failed: nothing of the batch is known to be stored; versions are read again next time.
    for (const m of batch) lastVersion.delete(m.id);
    if (FATAL.test(String(e.code))) poison(e);
    answerBatch(batch.map((m) => ({ seq: m.seq, error: poisoned || errorOut(e) })), []);
    return;
  }
  for (const [id, v] of last) lastVersion.set(id, v);
  transactions++;
  // The committed as a list of numbers, the refused (rare) as replies: the message stays small.
  const appended = [];
  const replies = [];
  batch.forEach((m, i) => (refused[i] ? replies.push({ seq: m.seq, error: refused[i] }) : appended.push(m.seq)));
  answerBatch(replies, appended);
}

/** A stored row's JSON, or a damaged-game error naming what does not parse. */
function parsed(text, game, what) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw Object.assign(new Error(what + ' does not parse as JSON (' + e.message + ')'), { code: 'DOOM_DAMAGED', game });
  }
}

function create(m) {
  db.transaction(() => {
    insertGame.run(m.id, m.record, m.key);
    for (const e of m.entries) insertEntry.run(...entryRow(m.id, e));
  })();
  lastVersion.set(m.id, m.entries.length);
}

parentPort.on('message', (m) => {
  if (poisoned && m.op === 'append') {
    // Every append of the batch is answered (its seqs are in the list, not m.seq).
    const seqs = [];
    for (let i = 0; i < m.appends.length; i += APPEND_FIELDS) seqs.push({ seq: m.appends[i], error: poisoned });
    return answerBatch(seqs, []);
  }
  if (poisoned && m.op !== 'close') return answer([{ seq: m.seq, error: poisoned }]);
  try {
    switch (m.op) {
      case 'append': {
        // The appends the event loop made in one turn, in one message (posting one each cost more),
        // as one flat list of strings and numbers (cheaper to copy between threads than objects).
        const f = m.appends;
        for (let i = 0; i < f.length; i += APPEND_FIELDS) {
          waiting.push({ seq: f[i], id: f[i + 1], version: f[i + 2], kind: f[i + 3], side: f[i + 4], command: f[i + 5], key: f[i + 6], request: f[i + 7] });
        }
        // After the messages already in the port: they all join this transaction.
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
        return;
      }
      case 'create':
        try {
          create(m);
        } catch (e) {
          if (FATAL.test(String(e.code))) poison(e);
          if (TAKEN.test(String(e.code))) throw Object.assign(e, { code: 'DOOM_TAKEN' });
          throw e;
        }
        return answer([{ seq: m.seq }]);
      case 'load': {
        const row = selectGame.get(m.id);
        if (!row) return answer([{ seq: m.seq, value: null }]);
        const entries = selectEntries.all(m.id).map((r) => Object.assign(
          { version: r.version, kind: r.kind, side: r.side },
          r.command !== null ? { command: parsed(r.command, m.id, 'entry ' + r.version) } : {},
          r.idem_key !== null ? { key: { key: r.idem_key, request: r.idem_request } } : {},
        ));
        lastVersion.set(m.id, entries.length ? entries[entries.length - 1].version : 0);
        return answer([{ seq: m.seq, value: { record: parsed(row.record, m.id, 'its record'), entries } }]);
      }
      case 'keyed': {
        const row = selectKeyed.get(m.key);
        return answer([{ seq: m.seq, value: row ? parsed(row.record, null, 'a record') : null }]);
      }
      case 'ids':
        return answer([{ seq: m.seq, value: selectIds.all().map((r) => r.id) }]);
      case 'probe':
        probe.get();
        return answer([{ seq: m.seq, value: { readonly } }]);
      case 'close':
        if (!poisoned) flush();
        db.close();
        return answer([{ seq: m.seq }]);
    }
  } catch (e) {
    answer([{ seq: m.seq, error: Object.assign(errorOut(e), e && e.game !== undefined ? { game: e.game } : {}) }]);
  }
});
parentPort.postMessage({ ready: true, readonly });
`;

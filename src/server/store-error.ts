import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Errors of the game store that an operator must act on, said in words: which file, what is wrong
 * with it, and what to do (never a bare SQLite message such as "no such column: rowid").
 */
export class StoreError extends Error {
  override name = 'StoreError';
}

/**
 * Why this process cannot write `dataDir` (or create it: then its nearest existing parent), in words,
 * or null when it can. A read-only mount says EROFS even to root; modes stop only other users.
 */
export function folderWriteProblem(dataDir: string): string | null {
  let dir = dataDir;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    accessSync(dir, constants.W_OK);
    return null;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'EROFS') return `${dir} is on a read-only file system`;
    return `this user (uid ${process.getuid?.() ?? '?'}) may not write ${dir} (${code ?? (e as Error).message})`;
  }
}

/** The StoreError for a data folder this process cannot write. */
export function unwritableFolder(dataDir: string, problem: string): StoreError {
  return new StoreError(
    `the data folder ${dataDir} cannot be written: ${problem}. The server keeps its games in ${join(dataDir, 'games.sqlite')} and must write there: ` +
      'make it writable for this user (remount it read-write, or chown/chmod it), or choose another folder (--data-dir).',
  );
}

/** SQLite result codes that mean the file itself is damaged or not a database. */
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB']);
const NO_ACCESS = /^SQLITE_(READONLY|CANTOPEN|PERM|AUTH)/;

/** The StoreError for `error` met on `file`, or null when it is not about the file (e.g. a taken version). */
export function storeProblem(file: string, error: unknown): StoreError | null {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown }).code;
  const reason = (error as Error).message;
  if (typeof code === 'string' && DAMAGED.has(code)) {
    return new StoreError(
      `the game store ${file} is damaged or is not a SQLite database (${reason}); the server did not change it. ` +
        `Restore it from a backup, or move it aside (mv ${JSON.stringify(file)} ${JSON.stringify(`${file}.damaged`)}) to start with an empty store; ` +
        `"sqlite3 ${file} .recover" may save the games in it.`,
    );
  }
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return inUse(file);
  if (typeof code === 'string' && NO_ACCESS.test(code)) {
    return new StoreError(`the game store ${file} cannot be opened for writing (${reason}): check that the folder and the file exist and that this user may write them, or choose another folder (--data-dir).`);
  }
  if (typeof code === 'string' && /^(EACCES|EROFS|EPERM)$/.test(code)) {
    return new StoreError(`the data folder of ${file} cannot be created or written (${reason}): choose a folder this user may write (--data-dir).`);
  }
  return null;
}

/** A SQLite file whose tables are not the game store's (another program's database). */
export function foreignDatabase(file: string, what: string): StoreError {
  return new StoreError(
    `${file} is a SQLite database but not a doom-board game store (${what}); the server did not change it. ` +
      'Point the server at another folder (--data-dir), or move the file aside to start with an empty store.',
  );
}

/** A SQLite store another server holds (its lock): one writer per store. */
export const inUse = (file: string) => new StoreError(
  `the game store ${file} is in use by another doom-board server (a SQLite store has one writer, which holds its lock). ` +
    'Stop that server, or give this one another folder (--data-dir); several instances serving the same games need PostgreSQL (--database-url).',
);

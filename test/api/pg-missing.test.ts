/** Without the optional `pg` package, a database URL is a clear StoreError saying what to install, not a stack trace. */
import { expect, it, vi } from 'vitest';

vi.mock('pg', () => {
  throw new Error("Cannot find package 'pg' imported from /srv/app/node_modules/doom-board/lib/chunks/pg-store.js");
});

it('names npm install pg when the pg package cannot be loaded', async () => {
  const { openStore, StoreError } = await import('../../src/server/open-store.ts');
  const opened = openStore({ databaseUrl: 'postgres://127.0.0.1:5432/games' });
  await expect(opened).rejects.toBeInstanceOf(StoreError);
  await expect(opened).rejects.toThrow(/the PostgreSQL store needs the pg package, which could not be loaded \(.+\)\. Install it beside doom-board \(npm install pg\)/);
});

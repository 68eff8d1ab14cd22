/**
 * `doom-board check`: replays every game of a store, as a server would on first use, and lists the
 * ones that do not replay (a damaged record or entry, a missing entry), so an operator learns of
 * them all at once instead of one `game-damaged` answer at a time.
 */
import { rebuildGame } from '../api/games.ts';
import { GameDamagedError, type GameStore } from '../api/store.ts';

export interface CheckedStore {
  checked: number;
  damaged: { game: string; reason: string }[];
}

/** Every game of `store` replayed in turn (one in memory at a time); `each` hears of every game checked. */
export async function checkStore(store: GameStore & { gameIds(): Promise<string[]> }, each: (game: string, damaged: string | null) => void = () => undefined): Promise<CheckedStore> {
  const ids = await store.gameIds();
  const damaged: CheckedStore['damaged'] = [];
  for (const id of ids) {
    let reason: string | null = null;
    try {
      const stored = await store.load(id);
      if (!stored) reason = 'it disappeared while the check ran';
      else await rebuildGame(stored.record, stored.entries);
    } catch (e) {
      if (!(e instanceof GameDamagedError)) throw e;
      reason = e.reason;
    }
    if (reason !== null) damaged.push({ game: id, reason });
    each(id, reason);
  }
  return { checked: ids.length, damaged };
}

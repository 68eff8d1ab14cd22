/**
 * Play mode's moves from the page URL (`url-state`): applied to a new game one by one; a refused
 * one takes them all back and says so (the game starts from its scenario instead).
 */
import type { GameClient, HistoryEntry } from '../engine-client.ts';
import { unpackHistory, type UrlState } from '../url-state.ts';

/** The URL's moves played on `game`: the history entries they made (none when any was refused; `fail` says why). */
export async function replayUrlMoves(game: GameClient, fromUrl: UrlState | null | undefined, fail: (message: string) => void): Promise<HistoryEntry[]> {
  const replayed: HistoryEntry[] = [];
  let moves = fromUrl?.h;
  try {
    if (fromUrl?.z) moves = await unpackHistory(fromUrl.z);
  } catch (e) {
    fail(`Ignored the moves in the page URL: ${(e as Error).message}`);
  }
  for (const c of moves ?? []) {
    const r = await game.apply(c);
    if (!r.ok) {
      for (let n = replayed.length; n > 0; n--) await game.undo();
      fail(`Ignored the moves in the page URL: command ${moves!.indexOf(c) + 1} was refused (${r.refusal.message})`);
      return [];
    }
    replayed.push({ kind: 'command', events: r.events });
  }
  return replayed;
}

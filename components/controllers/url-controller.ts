/**
 * The board's position in the page URL fragment (the `url-state` attribute; components/url-state.ts
 * encodes it): read when a board loads, written when the position changes, and the share link that
 * carries a whole board. The modes say what their position is; this keeps it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Scenario } from '../../src/scenario/types.ts';
import { messageOf, type BoardState, type Mode } from '../state/board-state.ts';
import { decodeState, encodeState, paramName, readFragment, writeFragment, type UrlState } from '../url-state.ts';

/** What the URL state reads of the element. */
export interface UrlHost extends ReactiveControllerHost {
  readonly urlState: boolean;
  /** Names the fragment parameter, so that several boards share a page. */
  readonly id: string;
  readonly mode: Mode;
}

export class UrlController implements ReactiveController {
  /** Explore: the board came from a share link (the URL keeps carrying it). */
  shared = false;

  constructor(private readonly host: UrlHost, private readonly state: BoardState) {
    host.addController(this);
  }

  /** The state in the page URL, or null (none, `url-state` unset, or garbage: reported). */
  read(): UrlState | null {
    if (!this.host.urlState) return null;
    this.sayIfShared();
    const raw = readFragment(location.hash, paramName(this.host.id));
    if (raw === null) return null;
    try {
      return decodeState(raw);
    } catch (e) {
      this.state.fail('url', `Ignored the board state in the page URL: ${messageOf(e)}`, [], false);
      return null;
    }
  }

  private toldShared = false;

  /** Two boards keeping their state in the same `#doom=` overwrite each other's: said once, naming the fix. */
  private sayIfShared(): void {
    if (this.toldShared || this.host.id || document.querySelectorAll('doom-board[url-state]:not([id])').length < 2) return;
    this.toldShared = true;
    this.state.fail('url', 'url-state: boards without an id share #doom= and overwrite each other\'s state: give each board an id.', [], false);
  }

  /** Keep a mode's position (`position()`: null when it has none) in the URL, once the board is drawn. */
  write(position: () => UrlState | Promise<UrlState> | null): void {
    if (!this.host.urlState || this.state.loading && !this.state.model) return;
    this.position = position;
    this.host.requestUpdate();
  }

  /** Several changes in one update (a move, then its selection) write the URL once. */
  private position: (() => UrlState | Promise<UrlState> | null) | null = null;

  hostUpdated(): void {
    const position = this.position;
    this.position = null;
    const put = (s: UrlState | null) => s && this.replaceHash(Object.keys(s).length ? encodeState(s) : null);
    const s = position?.() ?? null;
    if (s instanceof Promise) void s.then(put);
    else put(s);
  }

  /** Explore: a link to this page that carries `board` (the whole board as it stands) and the selection. */
  shareLink(board: Scenario | null): string {
    if (!board || this.host.mode !== 'explore') throw new Error('only a board in explore mode can be shared');
    const { selected, target } = this.state;
    const state: UrlState = { b: board as unknown as Record<string, unknown>, ...(selected ? { s: selected } : {}), ...(target ? { t: target } : {}) };
    return `${location.origin}${location.pathname}${location.search}${writeFragment(location.hash, paramName(this.host.id), encodeState(state))}`;
  }

  async copyShareLink(board: Scenario | null): Promise<void> {
    const link = this.shareLink(board);
    const s = this.state;
    try {
      await navigator.clipboard.writeText(link);
      s.message = 'Link copied: it carries the whole board as it stands.';
    } catch {
      s.message = `Share this link: ${link}`;
    }
    s.announce(s.message);
  }

  private replaceHash(value: string | null): void {
    try {
      const hash = writeFragment(location.hash, paramName(this.host.id), value);
      history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
    } catch {
      // A sandboxed page may forbid history changes; the board still works.
    }
  }
}

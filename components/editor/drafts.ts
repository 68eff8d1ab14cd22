/**
 * The editor keeps work across reloads: one draft per page and board in this browser's storage.
 * Storage may be full or forbidden (private mode, a sandbox): then nothing is kept and editing
 * still works.
 */
import type { Scenario } from '../../src/scenario/types.ts';

const keyOf = (boardId: string) => `doom-board:draft:${location.pathname}#${boardId}`;

export function saveDraft(boardId: string, scenario: Scenario): void {
  try {
    localStorage.setItem(keyOf(boardId), JSON.stringify(scenario));
  } catch {
    // not kept
  }
}

export function readDraft(boardId: string): Scenario | null {
  try {
    const text = localStorage.getItem(keyOf(boardId));
    return text ? (JSON.parse(text) as Scenario) : null;
  } catch {
    return null;
  }
}

export function discardDraft(boardId: string): void {
  try {
    localStorage.removeItem(keyOf(boardId));
  } catch {
    // nothing kept
  }
}

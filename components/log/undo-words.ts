/**
 * What an undo takes back, in the log's own words: the first log line of each command the game's
 * history holds is kept (an undo in the history takes the last one off), so that "Undone" can say
 * "Undone: Trooper 1 moves from B2 to C2" rather than nothing.
 */
/** The log's line for an undo. */
export const UNDONE = { text: 'Undone: the last command was taken back' };

export class UndoWords {
  private said: string[] = [];

  /** A command's log lines are in the log (returned as given). */
  command<T extends { text: string }>(lines: T[]): T[] {
    this.said.push(lines[0]?.text ?? '');
    return lines;
  }

  /**
   * `n` commands were taken back: the words after "Undone" — the first of them (the person's own),
   * and how many came after it (the autopilot's answers).
   */
  undo(n = 1): string {
    const gone = this.said.splice(Math.max(0, this.said.length - n));
    const first = gone[0] || 'the last command';
    return `Undone: ${first}${n > 1 ? `, and the ${n - 1} command${n > 2 ? 's' : ''} after it` : ''}`;
  }
}

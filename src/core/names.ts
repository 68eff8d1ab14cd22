/**
 * Names as the games' boards print them, shared by the element and the AI's words (a hint's steps
 * must read as the buttons do): columns A, B, C… (AA, AB… past Z), rows 1, 2, 3…, so cell (x, y)
 * with x to the right and y down is "C4" for x = 2, y = 3; and readable names for ids.
 */

/** Column letters for a 0-based column: 0 → A, 25 → Z, 26 → AA. */
export function columnName(x: number): string {
  let n = x + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** "C4" for cell (2, 3). */
export const cellName = (x: number, y: number): string => `${columnName(x)}${y + 1}`;

/**
 * A readable name for an id without a scenario name: "possessed-soldier-1" → "Possessed soldier 1";
 * a token's id the rules made from its kind and space ("weapon@2,2") → "Weapon at C3".
 */
export function readableName(id: string): string {
  const made = /^(.+)@(\d+),(\d+)$/.exec(id);
  if (made) return `${readableName(made[1])} at ${cellName(+made[2], +made[3])}`;
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

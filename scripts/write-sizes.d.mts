/** Types of write-sizes.mjs (the test imports it). */
export function formatSize(bytes: number): string;
export function gzippedSize(file: string, dist?: URL): number;
export function withSizes(readme: string, size?: (file: string) => number): string;
export function markedFiles(readme: string): string[];
/** The documents with marked sizes (README.md, the demo's embed page). */
export const SIZED_DOCUMENTS: string[];

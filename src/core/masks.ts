/**
 * Which edge kinds block what (RULES §2.1 table, §3, §4). An edge mask has bit `1 << kind` set for
 * every blocking kind. The AssemblyScript core hard-codes the same numbers (assembly/board.ts).
 */
import { EdgeKind } from './types.ts';

const bit = (k: number) => 1 << k;

/** Walls, closed doors and blocking terrain block sight, cover lines and range counting. */
export const SIGHT_EDGES = bit(EdgeKind.wall) | bit(EdgeKind.door) | bit(EdgeKind.blocking);
/** Movement also stops at impassable terrain: every figure except doom2016 large ones (RULES §2.2, §5). */
export const MOVE_EDGES = SIGHT_EDGES | bit(EdgeKind.impassable);
/** doom2016 large figures ignore blocking and impassable terrain; walls and doors still stop them. */
export const LARGE_MOVE_EDGES_2016 = bit(EdgeKind.wall) | bit(EdgeKind.door);
/**
 * Not an edge kind: the outline of difficult terrain (every edge between a difficult and a
 * non-difficult space). doom2016 cover lines are blocked by it through clauses 1.1.1 and 1.1.2
 * (RULES §2.1); clause 1.1.4 and zero-length lines use only the edge kinds.
 */
export const COVER_OUTLINE = 1 << 5;
/** doom2016 cover lines: sight edges and the outline of difficult terrain. */
export const COVER_EDGES_2016 = SIGHT_EDGES | COVER_OUTLINE;
/** No footprint may straddle these (RULES §1). */
export const STRADDLE_EDGES = bit(EdgeKind.wall) | bit(EdgeKind.door);

export const blocks = (mask: number, kind: number) => ((mask >> kind) & 1) === 1;

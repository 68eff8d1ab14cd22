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
/** No footprint may straddle these (RULES §1). */
export const STRADDLE_EDGES = bit(EdgeKind.wall) | bit(EdgeKind.door);

export const blocks = (mask: number, kind: number) => ((mask >> kind) & 1) === 1;

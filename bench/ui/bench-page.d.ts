// Types of bench-page.js for the tests that use its boards (test/scenario/schema-check.test.ts).
import type { Scenario } from '../../src/scenario/types.ts';

/** The bench's seeded doom2016 board: W×H spaces with the 40×40 board's densities of edges and figures. */
export function scenario40(W?: number, H?: number): Scenario & { edges: NonNullable<Scenario['edges']> };
export function run(idleMs?: number): Promise<Record<string, number>>;
export function runLarge(side: number): Promise<Record<string, number>>;

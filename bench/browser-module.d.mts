/** Types of bench/browser-module.mjs for the TypeScript benches. */
import type { Browser, Page } from '@playwright/test';

export function browserModule(entry: string, fileName: string): Promise<{ path: string; text: Buffer; remove(): void }>;
export function launchChromium(o?: { cpu?: string | number | null }): Promise<Browser>;
export function benchPage(browser: Browser, files: Record<string, string | Buffer>, o?: { isolated?: boolean }): Promise<Page>;

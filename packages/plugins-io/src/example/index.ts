/** The example site: files and content fixtures, as `sumi init` writes them and examples run on them. */
import type { MemoryFileInit } from '../fs/memory';
import { EXAMPLE_CONTENT } from './content';
import { EXAMPLE_FILES, type ExampleFile } from './files';

/** the clock plugin examples run at: 2026-11-01 09:00 in Asia/Tokyo */
export const EXAMPLE_NOW = Date.UTC(2026, 10, 1, 0, 0, 0);

const DAY = 86_400_000;

/** every file of the example site, site-relative path → content and modification time */
export function exampleSiteFiles(now: number = EXAMPLE_NOW): Record<string, MemoryFileInit> {
  const out: Record<string, MemoryFileInit> = {};
  const all: Record<string, ExampleFile> = { ...EXAMPLE_FILES, ...EXAMPLE_CONTENT };
  for (const [path, f] of Object.entries(all))
    out[path] = { data: f.data, mtimeMs: now - (f.ageDays ?? 0) * DAY };
  return out;
}

/**
 * Concurrency (issue #10): many renders in flight on one engine, some failing on budgets, leave
 * the others' output and the engine's memory unchanged. Runs in a child process with --expose-gc
 * so the heap can be compared after full collections.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('./hostile/', import.meta.url));

describe('renders in flight on one engine', () => {
  it('keep their own budgets, outputs and memory', () => {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=512', 'concurrency-child.mjs'],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    expect({ signal: run.signal, status: run.status, stderr: run.stderr.slice(0, 600) }).toEqual({
      signal: null,
      status: 0,
      stderr: '',
    });
    const { results, heapBefore, heapAfter } = JSON.parse(run.stdout) as {
      results: { kind: string; same: boolean; code: string | null }[];
      heapBefore: number;
      heapAfter: number;
    };
    expect(results).toHaveLength(360);
    for (const r of results) {
      if (r.kind === 'ok') expect(r).toEqual({ kind: 'ok', same: true, code: null });
      if (r.kind === 'memory') expect(r.code).toBe('LIMIT_MEMORY');
      if (r.kind === 'output') expect(r.code).toBe('LIMIT_OUTPUT');
    }
    // five more rounds of 60 renders hold nothing more once collected (a leak of even one failed
    // render's 8 MB would show)
    expect(heapAfter - heapBefore).toBeLessThan(4 * 1024 * 1024);
  });
});

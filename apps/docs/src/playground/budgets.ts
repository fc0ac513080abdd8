/**
 * The playground's budgets. The runtime enforces its own limits (LIMIT_INFO in
 * @sumi/runtime/render/limits) inside the render worker; the ones below are tighter than the
 * CMS's defaults because a playground run should answer while you type. The page adds one more:
 * a wall-clock deadline after which it terminates the worker and starts a fresh one, so even
 * work the runtime cannot interrupt never holds the page.
 */
const MiB = 1024 * 1024;

/** passed as `createEngine({ limits })` in the worker; the others keep the runtime's defaults */
export const PLAYGROUND_LIMITS = {
  timeoutMs: 5_000,
  maxSteps: 10_000_000,
  maxOutputBytes: 8 * MiB,
  maxMemoryBytes: 128 * MiB,
  maxFileBytes: 16 * MiB,
} as const;

/** the runtime's own LIMIT_TIME gets this long to answer before the page gives up on the worker */
export const DEADLINE_GRACE_MS = 1_500;

export const DEADLINE_MS = PLAYGROUND_LIMITS.timeoutMs + DEADLINE_GRACE_MS;

/**
 * The page's deadline: DEADLINE_MS, or a shorter one from `?deadline=<ms>` (at least 100), which
 * shows what happens to a render the runtime cannot stop in time without writing one.
 */
export function deadlineFrom(search: string): number {
  const asked = Number(new URLSearchParams(search).get('deadline'));
  return Number.isFinite(asked) && asked >= 100 && asked < DEADLINE_MS ? asked : DEADLINE_MS;
}

/** `5 s`, `8 MiB`: the budgets as the page shows them */
export function describeBudgets(deadlineMs: number = DEADLINE_MS): string {
  const l = PLAYGROUND_LIMITS;
  return [
    `time ${l.timeoutMs / 1000} s (page deadline ${deadlineMs / 1000} s)`,
    `steps ${l.maxSteps.toLocaleString('en')}`,
    `output ${l.maxOutputBytes / MiB} MiB`,
    `memory ${l.maxMemoryBytes / MiB} MiB`,
    `file writes ${l.maxFileBytes / MiB} MiB`,
  ].join(' · ');
}

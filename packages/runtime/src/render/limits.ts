/** Budgets that stop a runaway render. Every loop iteration and plugin call is a step. */
export interface Limits {
  /** loop iterations + plugin calls */
  maxSteps: number;
  /** wall-clock time of one render, including awaited plugins */
  timeoutMs: number;
  /** characters of output (checked at loop iterations and plugin calls) */
  maxOutputBytes: number;
  /** nested custom function calls */
  maxDepth: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxSteps: 50_000_000,
  timeoutMs: 60_000,
  maxOutputBytes: 64 * 1024 * 1024,
  maxDepth: 32,
};

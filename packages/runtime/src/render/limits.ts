/**
 * Budgets that stop a runaway render. Each one counts work done anywhere in the render: in the
 * template's own tags, inside modifiers and plugins, in custom functions, while printing and while
 * capturing. Over a budget, the render stops with a LIMIT_* error at the tag that was running; the
 * engine and its next render are unaffected. The security and limits guide lists them for users:
 * keep it in step.
 */
export interface Limits {
  /** steps: loop iterations, plugin calls and modifier calls (the checks run every 1024 steps) */
  maxSteps: number;
  /**
   * wall-clock time of one render from its start, compiling included, awaited plugins included;
   * checked every 1024 steps, inside long built-ins (pattern matching, sorting, building big
   * values) and when the render ends
   */
  timeoutMs: number;
  /** UTF-8 bytes of output: what is returned or streamed, and what a `{capture}` holds */
  maxOutputBytes: number;
  /** nested custom function calls */
  maxDepth: number;
  /** characters (UTF-16 units) of any one string the template builds, checked before building it */
  maxStringLength: number;
  /** elements of any one array the template builds, checked before adding one */
  maxArrayLength: number;
  /**
   * Estimated memory the render holds (its variables, captures and what they contain, counted in
   * PHP's sizes, the data passed in included), like PHP's memory_limit. `{set_memory}` raises it
   * for the run to 256M, 512M or 768M, never above `maxSetMemoryBytes`.
   */
  maxMemoryBytes: number;
  /** the most `{set_memory}` may raise `maxMemoryBytes` to */
  maxSetMemoryBytes: number;
  /** log entries one render keeps; later ones are dropped and one last entry counts them */
  maxLogEntries: number;
  /** bytes of log messages one render keeps (same rule) */
  maxLogBytes: number;
  /** characters of one template's source: compiling is linear in it, so this bounds compile time */
  maxTemplateLength: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: Limits = {
  maxSteps: 50_000_000,
  timeoutMs: 60_000,
  maxOutputBytes: 64 * MiB,
  maxDepth: 32,
  maxStringLength: 32 * MiB,
  maxArrayLength: 2_000_000,
  // PHP's default memory_limit, which the CMS's {set_memory} raises
  maxMemoryBytes: 128 * MiB,
  maxSetMemoryBytes: 768 * MiB,
  maxLogEntries: 10_000,
  maxLogBytes: 4 * MiB,
  maxTemplateLength: 4 * MiB,
};

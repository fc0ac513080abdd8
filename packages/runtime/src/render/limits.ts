/**
 * Budgets that stop a runaway render. Each one counts work done anywhere in the render: in the
 * template's own tags, inside modifiers and plugins, in custom functions, while printing and while
 * capturing. Over a budget, the render stops with a LIMIT_* error at the tag that was running; the
 * engine and its next render are unaffected.
 *
 * One table: the defaults, the `Limits` type, the CLI's config check and the docs' security and
 * limits guide all read LIMIT_INFO.
 */

const MiB = 1024 * 1024;

export interface LimitInfo {
  readonly default: number;
  /** the error code when it is exceeded */
  readonly code: string;
  /** what it counts, and when it is checked */
  readonly description: string;
}

export const LIMIT_INFO = {
  maxSteps: {
    default: 50_000_000,
    code: 'LIMIT_STEPS',
    description:
      'Steps of one render: loop iterations, plugin calls and modifier calls, custom functions included. The budgets are checked every few steps, more often when steps are slow (about every 20 ms).',
  },
  timeoutMs: {
    default: 60_000,
    code: 'LIMIT_TIME',
    description:
      'Wall-clock milliseconds of one render from its start: compiling, awaited plugins and work inside modifiers included. Checked between steps, inside long built-ins (pattern matching, building big values) and when the render ends.',
  },
  maxOutputBytes: {
    default: 64 * MiB,
    code: 'LIMIT_OUTPUT',
    description:
      'UTF-8 bytes of output, returned or streamed; a `{capture}` and a block body count as they are built. Checked at every print of a value.',
  },
  maxDepth: {
    default: 32,
    code: 'LIMIT_DEPTH',
    description: 'Nested custom function calls (`{function}`).',
  },
  maxStringLength: {
    default: 32 * MiB,
    code: 'LIMIT_MEMORY',
    description:
      'Characters (UTF-16 units) of any one string the template builds: checked before building it, in every modifier, interpolation, capture and assignment.',
  },
  maxArrayLength: {
    default: 2_000_000,
    code: 'LIMIT_MEMORY',
    description:
      'Elements of any one array the template builds: checked before an element is added (explode, range, array_merge, `{append}`, ...).',
  },
  maxMemoryBytes: {
    default: 128 * MiB,
    code: 'LIMIT_MEMORY',
    description:
      "Memory the render holds, in PHP's sizes: its variables (the data passed in included), captures and everything in them. Like PHP's memory_limit (128M by default), which `{set_memory}` raises for the run. Measured whenever the render has built as much again as it held at the last measurement.",
  },
  maxSetMemoryBytes: {
    default: 768 * MiB,
    code: 'LIMIT_MEMORY',
    description: 'The most `{set_memory}` may raise `maxMemoryBytes` to (it accepts 256M, 512M and 768M).',
  },
  maxFileBytes: {
    default: 1024 * MiB,
    code: 'LIMIT_COST',
    description:
      'Bytes one render writes to files (`write_file`, `put_file`, `unzip`, `zip`, ...), counted before each write: the render stops before the write that would pass it.',
  },
  maxListedEntries: {
    default: 1_000_000,
    code: 'LIMIT_COST',
    description:
      'Directory entries and file rows one render reads (`read_dir` entries, `read_file` lines, archive entries), counted as they are read.',
  },
  maxArchiveBytes: {
    default: 512 * MiB,
    code: 'IO_ARCHIVE_LIMIT',
    description:
      'Uncompressed bytes of one archive that `unzip` extracts or `zip` builds. Past it the plugin fails (its result says so and the log has an error), and nothing it extracted stays: a zip bomb never fills the disk.',
  },
  maxArchiveEntries: {
    default: 20_000,
    code: 'IO_ARCHIVE_LIMIT',
    description: 'Entries of one archive (the same rule).',
  },
  maxLogEntries: {
    default: 10_000,
    code: '',
    description:
      'Log entries one render keeps. Later entries are dropped and one last warning says how many: not an error.',
  },
  maxLogBytes: {
    default: 4 * MiB,
    code: '',
    description: 'Bytes of log messages one render keeps (the same rule).',
  },
  maxTemplateLength: {
    default: 4 * MiB,
    code: 'LIMIT_TEMPLATE',
    description:
      "Characters of one template's source, custom functions included. Compiling is linear in the source, so this bounds compile time and memory.",
  },
} as const satisfies Record<string, LimitInfo>;

/** The budgets of a render (`EngineOptions.limits`): see LIMIT_INFO for each. */
export type Limits = { -readonly [K in keyof typeof LIMIT_INFO]: number };

export const DEFAULT_LIMITS: Limits = Object.fromEntries(
  Object.entries(LIMIT_INFO).map(([name, info]) => [name, info.default]),
) as Limits;

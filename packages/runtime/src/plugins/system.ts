/** {set_memory} and {sleep}: the CMS's resource knobs, with its limits. */

import { toInt, toStr } from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

const MEMORY = ['256M', '512M', '768M'];

export const setMemory: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'set_memory',
  group: 'Variables and arrays',
  description:
    "Raises the memory limit of the run. Only 256M, 512M and 768M are accepted. The catalog table names the attribute `var`, its example `memory_limit`: both work. In Sumi it raises the run's memory budget (limits.maxMemoryBytes, 128M by default like PHP's memory_limit) to that size, never above the engine's limits.maxSetMemoryBytes.",
  attributes: {
    var: { type: 'string', description: 'the limit: 256M, 512M or 768M' },
    memory_limit: { type: 'string', description: 'the same, as the catalog example writes it' },
  },
  limits: ['256M, 512M or 768M'],
  errors: ['any other value'],
  examples: [{ template: '{set_memory memory_limit=512M}ok', output: 'ok' }],
  run(ctx, a) {
    const attribute = a.memory_limit != null ? 'memory_limit' : 'var';
    const v = toStr(a.memory_limit ?? a.var ?? '');
    // the message names the attribute, never its value (a misplaced constant may be a secret)
    if (!MEMORY.includes(v))
      fail(ErrorCodes.INVALID_ATTRIBUTE, {
        tag: 'set_memory',
        problem: `'${attribute}' must be one of ${MEMORY.join(', ')}`,
      });
    ctx.state.set('memory_limit', v);
    ctx.memoryLimit = Number.parseInt(v, 10) * 1024 * 1024;
    ctx.log('info', `memory limit set to ${v}`, 'set_memory');
  },
});

export const sleep: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'sleep',
  group: 'Variables and arrays',
  description:
    'Waits `ms` milliseconds; values outside 100..1000 are replaced by 100 or 1000. Asynchronous: use render(), not renderSync().',
  attributes: { ms: { type: 'integer', default: 100, description: 'milliseconds, 100 to 1000' } },
  limits: ['ms is clamped to 100..1000'],
  async: true,
  examples: [{ template: '{sleep ms=5000}done', output: 'done', description: 'waits 1000 ms' }],
  run(ctx, a) {
    const ms = Math.min(1000, Math.max(100, Number(toInt(a.ms))));
    const wait = ctx.services.sleep;
    return (wait ? wait(ms) : new Promise<void>((r) => setTimeout(r, ms))).then(() => undefined);
  },
});

/**
 * {batch}: queues a registered batch, by id or slug, with `ext_data`, in the runtime's batch queue
 * (ctx.services.batch). The in-memory queue is run by `runQueuedBatches` (batch-runner.ts).
 */
import { copyValue } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { text } from './common';

const NAME = 'batch';
const SLUG = /^[A-Za-z0-9_-]+$/;

export const batch: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    'Queues a registered batch, named by `batch_id` or by its slug `name`, to run after this template with `ext_data` as its `$ext_data`. `var` receives the id the queue gave the job.',
  attributes: {
    batch_id: {
      type: 'integer',
      description: 'the id of the registered batch; `batch_id` or `name` is required',
    },
    name: {
      type: 'string',
      description:
        'the slug of the registered batch (letters, digits, `_`, `-`); `batch_id` or `name` is required',
    },
    module: { type: 'string', description: 'the module a default batch is registered for (`topics`, ...)' },
    ext_data: {
      type: 'mixed',
      description:
        "passed to the batch as `$ext_data` (an array, usually); a copy: later changes don't reach it",
    },
    var: { type: 'varname', description: 'receives the id of the queued batch job, false on failure' },
  },
  writes: 'var',
  result:
    '`var` gets the id of the queued job (an integer), or false when nothing was queued. Nothing is printed.',
  errors: [
    'neither `batch_id` nor `name`: NET_MISSING_ATTRIBUTE, nothing queued, `var` false',
    'a `name` that is not a slug: NET_BAD_VALUE, nothing queued, `var` false',
    "a queue that refuses the job (an unknown batch in the host's queue): its code, `var` false",
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: [
    "the batch runs after the template, not inside it; the in-memory runner (runQueuedBatches) stops after its round limit (default 10), so a batch that queues itself can't loop for ever",
  ],
  examples: [
    {
      description: 'queue a batch by slug with data for it',
      template:
        '{append var=ids value=3}{append var=ids value=5}{batch name="sync_counter" ext_data=$ids var=job}queued as job {$job}',
      output: 'queued as job 1',
    },
    {
      description: 'without batch_id or name nothing is queued (fails)',
      template: '{batch ext_data=1 var=job}{if $job === false}not queued{/if}',
      output: 'not queued',
    },
  ],
  async run(ctx, a) {
    let id: number | null = null;
    const ok = await attempt(ctx, NAME, async () => {
      const name = text(a.name);
      const batchId = a.batch_id === undefined || a.batch_id === null ? undefined : Number(a.batch_id);
      if (name === '' && batchId === undefined) {
        throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'batch_id' or 'name' is required`);
      }
      if (name !== '' && !SLUG.test(name)) {
        throw failure(
          'NET_BAD_VALUE',
          `${NAME}: 'name' must be a batch slug (letters, digits, _ and -), not '${name}'`,
        );
      }
      const job: {
        batchId?: number;
        name?: string;
        module?: string;
        extData?: ReturnType<typeof copyValue>;
      } = {};
      if (batchId !== undefined) job.batchId = batchId;
      if (name !== '') job.name = name;
      if (text(a.module) !== '') job.module = text(a.module);
      if (a.ext_data !== undefined) job.extData = copyValue(a.ext_data);
      id = await ctx.services.batch.enqueue(job);
    });
    if (a.var) ctx.assign(a.var, ok ? id : false);
  },
});

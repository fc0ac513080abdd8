/** queueCallbackBatch: what unzip, zip and generate_pdf do after a success. */
import type { PhpArray } from '@sumi/php';
import { expect, test } from 'vitest';
import { createEngine, definePlugin, memoryBatchQueue, queueCallbackBatch } from '../../src/index';

const cb = definePlugin({
  kind: 'function',
  name: 'cb',
  group: 'Custom',
  description: 'queues its callback',
  attributes: {
    callback_batch: { type: 'string', description: 'the batch' },
    data: { type: 'mixed', description: 'its ext data' },
  },
  async: true,
  async run(ctx, a) {
    await queueCallbackBatch(ctx, 'cb', a.callback_batch, a.data, 'X_QUEUE');
  },
});

test('queues a copy of data, logs the job; nothing without a name', async () => {
  const batch = memoryBatchQueue();
  const engine = createEngine({ plugins: [cb], services: { batch } });
  const r = await engine.render(
    '{assign var=d value=$dataSet.emptyArray}{assign var=d.n value=1}{cb callback_batch="after" data=$d}' +
      '{assign var=d.n value=2}{cb callback_batch="" data=$d}{cb}',
    { dataSet: { emptyArray: [] } },
  );
  expect(batch.jobs).toHaveLength(1);
  const job = batch.jobs[0] as { name: string; extData: PhpArray };
  expect(job.name).toBe('after');
  expect(job.extData.get('n')).toBe(1);
  expect(r.log.map((e) => [e.level, e.message])).toEqual([['info', 'queued batch "after" (job 1)']]);
});

test("a refused job is one error entry, with the queue's code or the plugin's", async () => {
  const refuse = (code?: string) => ({
    enqueue() {
      throw Object.assign(new Error('no such batch'), code ? { code } : {});
    },
  });
  for (const [batch, code] of [
    [refuse(), 'X_QUEUE'],
    [refuse('BATCH_UNKNOWN'), 'BATCH_UNKNOWN'],
  ] as const) {
    const r = await createEngine({ plugins: [cb], services: { batch } }).render('{cb callback_batch="x"}');
    expect(r.log.map((e) => [e.level, e.code, e.message])).toEqual([
      ['error', code, 'callback_batch "x" could not be queued: no such batch'],
    ]);
  }
});

/** {batch} and the in-memory batch runner, on a real engine. */
import { modifiers } from '@sumi/modifiers';
import { createEngine, memoryBatchQueue } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { type BatchTemplate, netOptions, runQueuedBatches } from '../src/index';
import { renderNet } from './helpers';
import { jobsNet } from './jobs-helpers';

function setup() {
  const queue = memoryBatchQueue();
  const { net } = jobsNet();
  const n = netOptions(net);
  const engine = createEngine({
    plugins: [...modifiers, ...n.plugins],
    services: { ...n.services, batch: queue },
  });
  const render = (source: string, data: Parameters<typeof engine.render>[1], name: string) =>
    engine.render(source, data, { name, context: 'batch' });
  return { queue, engine, render };
}

describe('{batch}', () => {
  test('queues by slug or id with module and a copy of ext_data; var gets the job id', async () => {
    const queue = memoryBatchQueue();
    const r = await renderNet(
      jobsNet().net,
      '{assign var=d value=$empty}{assign var=d.n value=1}{batch name="a" module="topics" ext_data=$d var=j1}' +
        '{assign var=d.n value=2}{batch batch_id=42 var=j2}{$j1},{$j2}',
      {},
      { services: { batch: queue } },
    );
    expect(r.output).toBe('1,2');
    expect(r.errors).toEqual([]);
    expect(queue.jobs).toHaveLength(2);
    const [a, b] = queue.jobs as { name?: string; batchId?: number; module?: string; extData?: unknown }[];
    expect([a.name, a.module, b.batchId, b.extData]).toEqual(['a', 'topics', 42, undefined]);
    expect((a.extData as { get(k: string): unknown }).get('n')).toBe(1);
  });

  test.each([
    ['{batch var=j}', 'NET_MISSING_ATTRIBUTE'],
    ['{batch name="" var=j}', 'NET_MISSING_ATTRIBUTE'],
    ['{batch name="../x" var=j}', 'NET_BAD_VALUE'],
  ])('%s: var false, %s, nothing queued', async (tpl, code) => {
    const queue = memoryBatchQueue();
    const r = await renderNet(jobsNet().net, tpl, {}, { services: { batch: queue } });
    expect(r.vars.j).toBe(false);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].startsWith(`${code} `)).toBe(true);
    expect(queue.jobs).toEqual([]);
  });
});

describe('runQueuedBatches', () => {
  test('ext_data reaches the batch; batches run in order, those they queue in the next round', async () => {
    const { queue, engine, render } = setup();
    const batches: BatchTemplate[] = [
      {
        name: 'first',
        source:
          'first {foreach from=$ext_data.ids item=v}{$v}{/foreach}{batch batch_id=7 ext_data="from first"}',
      },
      { id: 7, name: 'second', source: 'second {$ext_data}' },
      { name: 'third', source: 'third {$ext_data.who}' },
    ];
    await engine.render(
      '{append var=ids value=1}{append var=ids value=2}{append var=ids value=3}{assign var=i value=$empty}{assign var=i.ids value=$ids}{batch name="first" ext_data=$i}{assign var=x value=$empty}{assign var=x.who value="me"}{batch name="third" ext_data=$x}',
    );
    const report = await runQueuedBatches(render, batches, queue);
    expect(report.runs.map((r) => [r.batch, r.round, r.output])).toEqual([
      ['batch:first', 1, 'first 123'],
      ['batch:third', 1, 'third me'],
      ['batch:second', 2, 'second from first'],
    ]);
    expect(report.log).toEqual([]);
    expect(report.pending).toEqual([]);
  });

  test('a batch that queues itself stops at the round limit with a log entry', async () => {
    const { queue, engine, render } = setup();
    const batches = [
      { name: 'again', source: '{assign var=n value=$ext_data+1}{$n}{batch name="again" ext_data=$n}' },
    ];
    await engine.render('{batch name="again" ext_data=0}');
    const report = await runQueuedBatches(render, batches, queue, { maxRounds: 5 });
    expect(report.runs.map((r) => r.output)).toEqual(['1', '2', '3', '4', '5']);
    expect(report.pending).toHaveLength(1);
    expect(report.log).toEqual([
      {
        level: 'error',
        message: 'batches still queueing batches after 5 rounds: 1 job(s) not run',
        source: 'batch',
        code: 'NET_BATCH_ROUNDS',
      },
    ]);
    // the default limit is 10
    const again = setup();
    await again.engine.render('{batch name="again" ext_data=0}');
    expect((await runQueuedBatches(again.render, batches, again.queue)).runs).toHaveLength(10);
  });

  test('an unknown batch and a batch that stops are logged; the others run', async () => {
    const { queue, engine, render } = setup();
    await engine.render('{batch name="missing"}{batch name="broken"}{batch name="ok" ext_data="x"}');
    const report = await runQueuedBatches(
      render,
      [
        { name: 'broken', source: '{include file="nowhere.tpl"}' },
        { name: 'ok', source: 'ok {$ext_data}' },
      ],
      queue,
    );
    expect(report.runs.map((r) => r.output)).toEqual(['ok x']);
    expect(report.log.map((e) => e.code)).toHaveLength(2);
    expect(report.log[0]).toMatchObject({
      code: 'NET_NOT_FOUND',
      message: "no registered batch 'missing': job 1 not run",
    });
    expect(report.log[1].message).toMatch(/^batch:broken stopped: /);
  });
});

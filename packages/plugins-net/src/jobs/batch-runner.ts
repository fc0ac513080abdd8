/**
 * Runs what `{batch}` queued in the runtime's in-memory queue (`memoryBatchQueue()`): each job's
 * registered batch template is rendered with `$ext_data`, in queue order. Jobs queued while a round
 * runs make the next round; after `maxRounds` rounds the jobs left are not run and the report says so
 * (NET_BATCH_ROUNDS), so a batch that queues itself can't loop for ever.
 *
 *   const queue = memoryBatchQueue();
 *   const engine = createEngine({ ...netOptions(net), services: { net, batch: queue } });
 *   await engine.render(trigger);
 *   const report = await runQueuedBatches(
 *     (source, data, name) => engine.render(source, data, { name, context: 'batch' }),
 *     [{ name: 'sync_counter', source: '…' }],
 *     queue,
 *   );
 */
import { PhpArray, type Value } from '@sumi/php';
import type { LogEntry } from '@sumi/runtime';

/** a job as `{batch}` queues it (the runtime's BatchQueue job) */
export interface QueuedBatch {
  batchId?: number;
  name?: string;
  module?: string;
  extData?: Value;
}

/** a registered batch: its id and/or slug, and its template */
export interface BatchTemplate {
  id?: number;
  name?: string;
  source: string;
}

/** renders one batch template (an engine's render with context 'batch'); `data` holds `ext_data` */
export type BatchRender = (
  source: string,
  data: PhpArray,
  name: string,
) => Promise<{ output: string; log: readonly LogEntry[] }>;

export interface BatchRun {
  job: QueuedBatch;
  /** the template's name (`batch:<slug>` or `batch:<id>`) */
  batch: string;
  /** 1 for the jobs queued before the runner started, 2 for those they queued, ... */
  round: number;
  output: string;
  log: readonly LogEntry[];
}

export interface BatchRunReport {
  runs: BatchRun[];
  /** the runner's own entries: unknown batches, a batch that stopped with an error, the round limit */
  log: LogEntry[];
  /** the jobs left in the queue after the round limit */
  pending: QueuedBatch[];
}

export interface BatchRunnerOptions {
  /** rounds of jobs (default 10) */
  maxRounds?: number;
  /** the first job of `queue.jobs` to run (default 0: all) */
  from?: number;
}

const SOURCE = 'batch';

export async function runQueuedBatches(
  render: BatchRender,
  batches: readonly BatchTemplate[],
  queue: { readonly jobs: readonly unknown[] },
  options: BatchRunnerOptions = {},
): Promise<BatchRunReport> {
  const maxRounds = Math.max(1, options.maxRounds ?? 10);
  const report: BatchRunReport = { runs: [], log: [], pending: [] };
  let next = options.from ?? 0;
  for (let round = 1; round <= maxRounds && next < queue.jobs.length; round++) {
    const end = queue.jobs.length;
    for (; next < end; next++) {
      const job = queue.jobs[next] as QueuedBatch;
      const tpl =
        job.batchId !== undefined
          ? batches.find((b) => b.id === job.batchId)
          : batches.find((b) => b.name !== undefined && b.name === job.name);
      const label = job.batchId !== undefined ? String(job.batchId) : String(job.name);
      if (!tpl) {
        report.log.push({
          level: 'error',
          message: `no registered batch '${label}': job ${next + 1} not run`,
          source: SOURCE,
          code: 'NET_NOT_FOUND',
        });
        continue;
      }
      const name = `batch:${tpl.name ?? tpl.id}`;
      try {
        const r = await render(tpl.source, PhpArray.fromEntries([['ext_data', job.extData ?? null]]), name);
        report.runs.push({ job, batch: name, round, output: r.output, log: r.log });
      } catch (e) {
        report.log.push({
          level: 'error',
          message: `${name} stopped: ${e instanceof Error ? e.message : String(e)}`,
          source: SOURCE,
          code: (e as { code?: string }).code ?? 'BATCH_FAILED',
        });
      }
    }
  }
  if (next < queue.jobs.length) {
    report.pending = queue.jobs.slice(next) as QueuedBatch[];
    report.log.push({
      level: 'error',
      message: `batches still queueing batches after ${maxRounds} rounds: ${report.pending.length} job(s) not run`,
      source: SOURCE,
      code: 'NET_BATCH_ROUNDS',
    });
  }
  return report;
}

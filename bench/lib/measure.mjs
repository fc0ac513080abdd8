/**
 * Timing: warm up, calibrate a batch size per task, then run interleaved
 * rounds whose order rotates every round, so slow drift of the machine
 * (thermal, other processes, GC pressure) spreads evenly over all tasks
 * instead of favouring whoever ran first.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full GC between measurements, so garbage left by one engine or section is
 * not collected on the next one's time. Uses --expose-gc when given, else
 * enables it at run time (the flag only exposes the function).
 */
export const collectGarbage = (() => {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc');
})();

export function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    n: sorted.length,
  };
}

async function runBatch(task, iterations) {
  const t0 = performance.now();
  if (task.async) {
    for (let i = 0; i < iterations; i++) await task.run();
  } else {
    for (let i = 0; i < iterations; i++) task.run();
  }
  return performance.now() - t0;
}

/**
 * tasks: [{ key, run, async? }]; returns Map key -> summary of ops/s samples.
 * warmupMs: time spent per task before measuring; batchMs: target duration of one
 * timed batch; rounds: timed batches per task, lowered (to no fewer than 3) when
 * the slowest task's single run would make it last longer than maxTaskMs.
 */
export async function timeInterleaved(tasks, { rounds, batchMs, warmupMs, maxTaskMs = 4000 }) {
  const iterations = new Map();
  let slowest = 0;
  for (const task of tasks) {
    collectGarbage();
    let count = 0;
    const t0 = performance.now();
    let elapsed = 0;
    do {
      elapsed = performance.now() - t0;
      await runBatch(task, 1);
      count++;
      elapsed = performance.now() - t0;
    } while (elapsed < warmupMs);
    const perOp = elapsed / count;
    slowest = Math.max(slowest, perOp);
    iterations.set(task.key, Math.max(1, Math.round(batchMs / perOp)));
  }
  const effectiveRounds = Math.min(rounds, Math.max(3, Math.floor(maxTaskMs / Math.max(slowest, batchMs))));
  const samples = new Map(tasks.map((t) => [t.key, []]));
  collectGarbage();
  for (let round = 0; round < effectiveRounds; round++) {
    for (let i = 0; i < tasks.length; i++) {
      const task = tasks[(i + round) % tasks.length];
      const n = iterations.get(task.key);
      const ms = await runBatch(task, n);
      samples.get(task.key).push((n * 1000) / ms);
    }
  }
  const out = new Map();
  for (const [key, list] of samples) out.set(key, { ...summarize(list), batch: iterations.get(key) });
  return out;
}

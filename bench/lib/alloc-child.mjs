/**
 * Bytes allocated by one render, measured in a child process started with
 * `--expose-gc --min-semi-space-size=64 --max-semi-space-size=64`:
 * gc() empties the heap, heapUsed is read before and after one render, and the
 * difference is what the render allocated (output string included). The young
 * generation is made large enough that no scavenge should run mid-render; any
 * sample during which a GC did run anyway (seen by a PerformanceObserver) is
 * dropped, because it would under-count. Then the steady state: 10 renders in
 * a row after one that follows gc(), the bytes divided by 10. Prints JSON on stdout.
 *
 * usage: node <flags> alloc-child.mjs ENGINE WORKLOAD [prepared|plain]
 * (an engine with a `prepare` step, Sumi, gets prepared data unless told `plain`)
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { runAsChild } from './child.mjs';
import { loadEngines } from './engines.mjs';
import { summarize } from './measure.mjs';
import { loadWorkload } from './workloads.mjs';

const [engineName, workloadName, mode = 'prepared'] = process.argv.slice(2);
const SAMPLES = 25;
/** renders per sample of the steady state */
const IN_A_ROW = 10;

const gcs = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push([e.startTime, e.startTime + e.duration]);
});
observer.observe({ entryTypes: ['gc'] });

async function main() {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
  const { engines, unavailable } = await loadEngines();
  const engine = engines.find((e) => e.name === engineName);
  if (!engine) {
    const why = unavailable.find((u) => u.name === engineName);
    throw new Error(why ? why.reason : `unknown engine ${engineName}`);
  }
  const workload = await loadWorkload(workloadName);
  const compiled = engine.compile(workload.templateOf(engine));
  const data = engine.prepare && mode !== 'plain' ? engine.prepare(workload.data) : workload.data;
  const options = engine.name === 'sumi' ? workload.meta.sumiRender : undefined;
  for (let i = 0; i < 30; i++) engine.render(compiled, data, options);
  const samples = [];
  let kept;
  for (let i = 0; i < SAMPLES; i++) {
    globalThis.gc();
    const t0 = performance.now();
    const before = process.memoryUsage().heapUsed;
    kept = engine.render(compiled, data, options);
    const after = process.memoryUsage().heapUsed;
    samples.push({ t0, t1: performance.now(), bytes: after - before });
  }
  // in a row: the first render after a full GC also rebuilds what the GC let go of (V8's cache of
  // the strings of numbers; the hidden classes of objects a render makes and drops, built again field
  // by field); renders that follow one another reuse them, as in a process that renders all the time
  const steady = [];
  for (let i = 0; i < SAMPLES; i++) {
    globalThis.gc();
    engine.render(compiled, data, options);
    const t0 = performance.now();
    const before = process.memoryUsage().heapUsed;
    for (let k = 0; k < IN_A_ROW; k++) kept = engine.render(compiled, data, options);
    const after = process.memoryUsage().heapUsed;
    steady.push({ t0, t1: performance.now(), bytes: (after - before) / IN_A_ROW });
  }
  await new Promise((r) => setTimeout(r, 50)); // let the observer deliver its entries
  const noGc = (s) => !gcs.some(([a, b]) => a < s.t1 && b > s.t0);
  const clean = samples.filter(noGc);
  const stats = summarize(clean.map((s) => s.bytes));
  const steadyClean = steady.filter(noGc);
  process.stdout.write(
    JSON.stringify({
      cpu: process.cpuUsage(),
      ok: true,
      ...stats,
      dropped: SAMPLES - clean.length,
      steady: steadyClean.length ? summarize(steadyClean.map((s) => s.bytes)) : null,
      steadyDropped: SAMPLES - steadyClean.length,
      outputLength: kept.length,
    }) + '\n',
  );
}

runAsChild(main);

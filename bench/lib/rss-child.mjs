/**
 * Peak RSS of one render of the batch workload over N items, in a fresh
 * process so nothing else inflates it. Reports the RSS once the data exists
 * and the template is compiled (before), and the process's peak RSS after the
 * render (getrusage maxRSS), both for the whole process. Prints JSON.
 *
 * usage: node rss-child.mjs ENGINE ITEMS
 */
import { loadEngines } from './engines.mjs';
import { loadWorkload } from './workloads.mjs';

const [engineName, itemsText] = process.argv.slice(2);

async function main() {
  // the big batch may legitimately run longer than the harness's usual 20 s budget
  const { engines, unavailable } = await loadEngines({ timeoutMs: 120_000 });
  const engine = engines.find((e) => e.name === engineName);
  if (!engine) {
    const why = unavailable.find((u) => u.name === engineName);
    throw new Error(why ? why.reason : `unknown engine ${engineName}`);
  }
  const items = Number(itemsText);
  const workload = await loadWorkload('batch', { items });
  const compiled = engine.compile(workload.templateOf(engine));
  // Sumi gets the plain JS object here (converted inside render): converting through a
  // 50 MB JSON text first would measure that text, not the render.
  const data = workload.data;
  const options = engine.name === 'sumi' ? workload.meta.sumiRender : undefined;
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  const output = engine.render(compiled, data, options);
  const ms = performance.now() - t0;
  const peak = process.resourceUsage().maxRSS * 1024;
  const baseline = (await import('../workloads/batch/baseline.mjs')).render(data);
  process.stdout.write(
    JSON.stringify({
      cpu: process.cpuUsage(),
      ok: output === baseline,
      items,
      before,
      peak,
      ms,
      output: output.slice(0, 200),
    }) + '\n',
  );
}

main().catch((err) => {
  process.stdout.write(
    JSON.stringify({
      cpu: process.cpuUsage(),
      ok: false,
      error: err instanceof Error ? err.message : String(err),
    }) + '\n',
  );
  process.exitCode = 1;
});

/**
 * Peak RSS of one render of the batch workload over N items, in a fresh
 * process so nothing else inflates it. The render is the CSV variant
 * (workloads/batch/sumi-csv.tpl, baseline renderCsv): besides the list it
 * appends to, it writes a CSV line per picked item, streamed to a temporary
 * file in chunks as the loop runs (Sumi through RenderOptions.write). Reports
 * the RSS once the data exists and the template is compiled (before) and the
 * process's peak RSS after the render (getrusage maxRSS); the file is then
 * compared with the baseline's. Prints JSON.
 *
 * usage: node rss-child.mjs ENGINE ITEMS
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAsChild } from './child.mjs';
import { loadEngines } from './engines.mjs';
import { loadWorkload } from './workloads.mjs';

const [engineName, itemsText] = process.argv.slice(2);

/** renders into `file`, writing each chunk as it comes */
function toFile(file, render) {
  const fd = openSync(file, 'w');
  try {
    render((chunk) => {
      const bytes = Buffer.from(chunk, 'utf8');
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off);
    });
  } finally {
    closeSync(fd);
  }
}

const digest = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

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
  const baseline = await import('../workloads/batch/baseline.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'sumi-bench-rss-'));
  try {
    // Sumi gets the plain JS object here (converted inside render): converting through a
    // 50 MB JSON text first would measure that text, not the render.
    const data = workload.data;
    let render;
    if (engine.name === 'sumi') {
      const src = readFileSync(new URL('../workloads/batch/sumi-csv.tpl', import.meta.url), 'utf8');
      const compiled = engine.compile(src);
      const options = workload.meta.sumiRender;
      render = (write) => engine.engine.renderSync(compiled, data, { ...options, write });
    } else if (engine.name === 'baseline') {
      render = (write) => baseline.renderCsv(data, write);
    } else {
      throw new Error(`${engine.name} has no CSV batch`);
    }
    const out = join(dir, 'out.csv');
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    toFile(out, render);
    const ms = performance.now() - t0;
    const peak = process.resourceUsage().maxRSS * 1024;
    const expected = join(dir, 'expected.csv');
    toFile(expected, (write) => baseline.renderCsv(data, write));
    const text = readFileSync(out, 'utf8');
    process.stdout.write(
      JSON.stringify({
        cpu: process.cpuUsage(),
        ok: digest(out) === digest(expected),
        items,
        before,
        peak,
        ms,
        outputBytes: Buffer.byteLength(text),
        output: text.slice(text.lastIndexOf('\n') + 1, text.lastIndexOf('\n') + 201),
      }) + '\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
runAsChild(main);

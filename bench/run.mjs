/**
 * `pnpm bench`: render throughput of Sumi against jsmart, LiquidJS, Nunjucks,
 * Handlebars, Eta and a hand-written JS baseline, in one Node process, plus
 * compile time, parser throughput, sync vs async, allocation per render, peak
 * RSS of a large batch, the PCRE modifiers on Sumi's two regex engines,
 * read_file streaming a big CSV, a sweep of every modifier and function plugin in ns per call
 * beside hand-written JS, and browser bundle sizes. See bench/README.md.
 *
 *   node bench/run.mjs [--quick] [--json FILE] [--out FILE] [--workloads a,b] [--no-children] [--no-bundles]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { measureBundles } from './lib/bundles.mjs';
import { childCpu, runChild } from './lib/child.mjs';
import { loadEngines } from './lib/engines.mjs';
import { machineCpu, machineInfo, otherCpuShare } from './lib/machine.mjs';
import { timeInterleaved } from './lib/measure.mjs';
import { REGEX_TEMPLATE, regexData } from './lib/regex.mjs';
import { renderReport } from './lib/report.mjs';
import { importSumi } from './lib/sumi.mjs';
import { runSweep } from './lib/sweep.mjs';
import { describeDifference, loadWorkload, WORKLOADS } from './lib/workloads.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    json: { type: 'string' },
    out: { type: 'string' },
    workloads: { type: 'string' },
    'no-children': { type: 'boolean', default: false },
    'no-bundles': { type: 'boolean', default: false },
    // the modifier sweep on these plugins only (comma-separated names): a partial run
    'sweep-only': { type: 'string' },
  },
});

const settings = args.quick
  ? {
      rounds: 3,
      batchMs: 30,
      warmupMs: 60,
      parseRepeat: 20,
      rssItems: 200_000,
      readFileLines: [20_000, 200_000],
      sweep: { items: 100, warmupMs: 3, batchMs: 2, rounds: 3, everydayWarmupMs: 10 },
    }
  : {
      rounds: 10,
      batchMs: 100,
      warmupMs: 300,
      parseRepeat: 100,
      rssItems: 1_000_000,
      readFileLines: [100_000, 1_000_000],
      sweep: { items: 100, warmupMs: 15, batchMs: 6, rounds: 5, everydayWarmupMs: 100 },
    };
// only a complete run replaces the committed results; a partial one (--workloads, --no-...) just prints
const partial =
  args.quick ||
  args.workloads !== undefined ||
  args['no-children'] ||
  args['no-bundles'] ||
  args['sweep-only'] !== undefined;
const outFile = args.out ?? (partial ? undefined : new URL('results/latest.md', import.meta.url).pathname);
const selected = args.workloads ? args.workloads.split(',') : WORKLOADS;
// not throughput workloads: read_file streaming (section 7, in child processes) and the modifier sweep (8)
const STREAMING = 'read-file';
const SWEEP = 'sweep';
const runs = (name) => args.workloads === undefined || selected.includes(name);

const started = performance.now();
const log = (msg) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(1)}s] ${msg}\n`);
const errorText = (err) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

// the machine's CPU counters from here on, to tell how much other processes used during the run
const cpuAtStart = machineCpu();
const { engines, unavailable } = await loadEngines();
for (const u of unavailable) log(`${u.name}: not available (${u.reason})`);
const results = {
  machine: machineInfo(),
  mode: args.quick ? 'quick' : 'full',
  settings,
  engines: engines.map((e) => ({ name: e.name, version: e.version })),
  unavailable,
  workloads: [],
};

/**
 * Compiles and renders once per engine and compares with the baseline's bytes. Sumi runs twice, with
 * its data prepared (converted to PHP values once, outside the timing) and with the plain JS objects
 * every other engine gets; both must print the baseline's bytes.
 * Returns the variants ready to time: { key, engine, mode, compiled, data, options, source, row }.
 */
async function verify(workload) {
  const baseline = engines.find((e) => e.name === 'baseline');
  const expected = baseline.render(workload.templateOf(baseline), workload.data);
  const rows = [];
  const ready = [];
  for (const engine of engines) {
    const source = workload.templateOf(engine);
    if (source === undefined) continue;
    const modes = engine.prepare ? ['prepared', 'plain'] : [undefined];
    let compiled;
    for (const mode of modes) {
      const row = { engine: engine.name, mode, status: 'ok' };
      rows.push(row);
      try {
        compiled ??= engine.compile(source);
        const data = mode === 'prepared' ? engine.prepare(workload.data) : workload.data;
        const options = engine.name === 'sumi' ? workload.meta.sumiRender : undefined;
        const output = engine.render(compiled, data, options);
        if (output !== expected) {
          row.status = 'differs';
          row.detail = describeDifference(expected, output);
        } else {
          const key = mode === 'plain' ? `${engine.name}:plain` : engine.name;
          ready.push({ key, engine, mode, compiled, data, options, source, row });
        }
      } catch (err) {
        row.status = 'error';
        row.detail = errorText(err);
      }
      if (row.status !== 'ok')
        log(`  ${workload.name}/${engine.name}${mode ? ` (${mode})` : ''}: ${row.detail}`);
    }
  }
  for (const u of unavailable) {
    if (workload.templateOf(u) !== undefined) {
      rows.push({ engine: u.name, status: 'unavailable', detail: u.reason });
    }
  }
  return { expected, rows, ready };
}

const timing = { rounds: settings.rounds, batchMs: settings.batchMs, warmupMs: settings.warmupMs };

// 1. Render throughput per workload
const verified = new Map();
let postText;
for (const name of selected.filter((n) => n !== STREAMING && n !== SWEEP)) {
  log(`workload ${name}`);
  const workload = await loadWorkload(name);
  const { expected, rows, ready } = await verify(workload);
  // keep what later sections use; let the big data sets (batch, 5 MB response) go
  if (name === 'table' || name === 'large' || name === 'tag-dense') verified.set(name, { workload, ready });
  if (name === 'postprocess') postText = JSON.stringify(workload.data);
  const stats = await timeInterleaved(
    ready.map((r) => ({ key: r.key, run: () => r.engine.render(r.compiled, r.data, r.options) })),
    timing,
  );
  const base = stats.get('baseline');
  for (const r of ready) {
    r.row.opsPerSec = stats.get(r.key);
    r.row.ratio = base ? r.row.opsPerSec.median / base.median : undefined;
  }
  results.workloads.push({
    name,
    title: workload.meta.title,
    sumiOnly: Boolean(workload.meta.sumiOnly),
    outputBytes: Buffer.byteLength(expected),
    results: rows,
  });
}

// 2. Compile time and parser throughput on the ~20 KB template
const large = verified.get('large');
if (large) {
  log('compile and parse');
  const templates = large.ready.filter((r) => r.engine.name !== 'baseline' && r.mode !== 'plain');
  const compileStats = await timeInterleaved(
    templates.map((r) => ({ key: r.engine.name, run: () => r.engine.compile(r.source) })),
    timing,
  );
  results.compile = {
    results: templates.map((r) => {
      const s = compileStats.get(r.engine.name);
      return {
        engine: r.engine.name,
        bytes: Buffer.byteLength(r.source),
        msPerCompile: { median: 1000 / s.median, q1: 1000 / s.q3, q3: 1000 / s.q1 },
      };
    }),
  };
  results.parse = [];
  for (const [label, repeat] of [
    ['~20 KB', 1],
    [
      `~${((20 * settings.parseRepeat) / 1000).toFixed(1)} MB (the template ×${settings.parseRepeat})`,
      settings.parseRepeat,
    ],
  ]) {
    const parsers = templates.filter((r) => r.engine.parse);
    const sources = new Map(parsers.map((r) => [r.engine.name, r.source.repeat(repeat)]));
    const stats = await timeInterleaved(
      parsers.map((r) => ({ key: r.engine.name, run: () => r.engine.parse(sources.get(r.engine.name)) })),
      timing,
    );
    results.parse.push({
      label,
      results: parsers.map((r) => {
        const bytes = Buffer.byteLength(sources.get(r.engine.name));
        const s = stats.get(r.engine.name);
        return {
          engine: r.engine.name,
          bytes,
          mbPerSec: { median: (s.median * bytes) / 1e6, q1: (s.q1 * bytes) / 1e6, q3: (s.q3 * bytes) / 1e6 },
        };
      }),
      missing: templates.filter((r) => !r.engine.parse).map((r) => r.engine.name),
    });
  }
}

// 2b. Sumi's compile time and parser throughput on the tag-dense ~20 KB template (#16: ≤ 2 ms, ≥ 30 MB/s),
// in a fresh child process where only Sumi is loaded (see lib/compile-child.mjs)
if (verified.get('tag-dense')?.ready.some((r) => r.engine.name === 'sumi')) {
  log('compile and parse: tag-dense template (child process)');
  const res = await runChild('compile-child.mjs', [JSON.stringify(timing)]);
  if (res.ok) {
    const { ok: _ok, ...dense } = res;
    results.denseCompile = dense;
  } else log(`  tag-dense compile: ${res.error}`);
}

// 3. Sync vs async render of the table
const table = verified.get('table');
if (table) {
  log('sync vs async');
  const both = table.ready.filter((r) => r.engine.renderAsync);
  const tasks = [];
  for (const r of both) {
    tasks.push({ key: `${r.key}:sync`, run: () => r.engine.render(r.compiled, r.data, r.options) });
    tasks.push({
      key: `${r.key}:async`,
      async: true,
      run: () => r.engine.renderAsync(r.compiled, r.data, r.options),
    });
  }
  const stats = await timeInterleaved(tasks, timing);
  results.syncAsync = both.map((r) => ({
    engine: r.engine.name,
    mode: r.mode,
    sync: stats.get(`${r.key}:sync`),
    async: stats.get(`${r.key}:async`),
  }));
}

// 4. Allocation per table render and peak RSS of the big batch (child processes)
if (!args['no-children']) {
  if (table) {
    log('allocation per table render');
    results.alloc = [];
    for (const r of table.ready) {
      const res = await runChild(
        'alloc-child.mjs',
        [r.engine.name, 'table', ...(r.mode ? [r.mode] : [])],
        ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'],
      );
      results.alloc.push({ engine: r.engine.name, mode: r.mode, ...res });
    }
  }
}
if (!args['no-children'] && runs('batch')) {
  log(`peak RSS of the ${settings.rssItems.toLocaleString('en')}-item batch`);
  results.rss = [];
  const batchRows = results.workloads.find((w) => w.name === 'batch')?.results ?? [];
  for (const name of ['sumi', 'baseline']) {
    const u = unavailable.find((x) => x.name === name);
    const row = batchRows.find((r) => r.engine === name);
    if (u) results.rss.push({ engine: name, ok: false, error: `not available (${u.reason})` });
    else if (row && row.status !== 'ok') {
      // a batch that already failed at 100,000 items would only fail slower at 1,000,000
      results.rss.push({
        engine: name,
        ok: false,
        error: `skipped: the batch workload failed (${row.detail})`,
      });
    } else
      results.rss.push({
        engine: name,
        ...(await runChild('rss-child.mjs', [name, String(settings.rssItems)])),
      });
  }
}

// 5. Sumi data conversion of the 5 MB response (what `fromJSONText` costs before a render)
if (postText && engines.some((e) => e.name === 'sumi')) {
  log('data conversion');
  try {
    const { php } = await importSumi();
    const text = postText;
    const stats = await timeInterleaved(
      [
        { key: 'fromJSONText', run: () => php.fromJSONText(text) },
        { key: 'JSON.parse', run: () => JSON.parse(text) },
      ],
      timing,
    );
    results.conversion = {
      bytes: Buffer.byteLength(text),
      fromJSONText: stats.get('fromJSONText'),
      jsonParse: stats.get('JSON.parse'),
    };
  } catch (err) {
    results.conversion = { error: errorText(err) };
  }
}

// 6. The PCRE modifiers on the JS regex path and on the backtracking matcher
if (
  engines.some((e) => e.name === 'sumi') &&
  (args.workloads === undefined || selected.includes('modifiers'))
) {
  log('regular expressions: JS regex vs matcher');
  try {
    const { runtime, php, mods } = await importSumi();
    const engine = runtime.createEngine({ plugins: [...mods.modifiers] });
    const compiled = engine.compile(REGEX_TEMPLATE, { name: 'regex.tpl' });
    const data = php.fromJSONText(JSON.stringify(regexData()));
    const render = (mode) => {
      php.setPcreEngine(mode);
      try {
        return engine.renderSync(compiled, data).output;
      } finally {
        php.setPcreEngine('auto');
      }
    };
    const expected = render('auto');
    if (render('matcher') !== expected) throw new Error(describeDifference(expected, render('matcher')));
    const stats = await timeInterleaved(
      [
        { key: 'auto', run: () => render('auto') },
        { key: 'matcher', run: () => render('matcher') },
      ],
      timing,
    );
    results.regex = {
      rows: regexData().rows.length,
      outputBytes: Buffer.byteLength(expected),
      auto: stats.get('auto'),
      matcher: stats.get('matcher'),
    };
  } catch (err) {
    results.regex = { error: errorText(err) };
  }
}

// 7. read_file streaming a big CSV from a site folder: time and peak RSS, small file vs big file
if (!args['no-children'] && runs(STREAMING) && engines.some((e) => e.name === 'sumi')) {
  results.readFile = [];
  for (const lines of settings.readFileLines) {
    log(`read_file streaming: ${lines.toLocaleString('en')}-line CSV`);
    results.readFile.push(await runChild('read-file-child.mjs', [String(lines)]));
  }
}

// 8. The modifier sweep: ns per call of every modifier and function plugin, beside JS equivalents
if (runs(SWEEP) && engines.some((e) => e.name === 'sumi')) {
  log('modifier sweep');
  try {
    const only = args['sweep-only']?.split(',');
    results.sweep = await runSweep({ ...settings.sweep, only }, log);
  } catch (err) {
    results.sweep = { error: errorText(err) };
  }
}

// 9. Browser bundle sizes
if (!args['no-bundles']) {
  log('bundle sizes');
  results.bundles = await measureBundles();
}

const own = process.cpuUsage();
results.machine.otherCpuShare = otherCpuShare(
  cpuAtStart,
  machineCpu(),
  (own.user + own.system) / 1000 + childCpu.ms,
);
const markdown = renderReport(results);
process.stdout.write(markdown);
if (outFile) {
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, markdown);
  log(`wrote ${outFile}`);
}
if (args.json) {
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, JSON.stringify(results, null, 2) + '\n');
  log(`wrote ${args.json}`);
}

/**
 * The modifier sweep: ns per call of every modifier and function plugin of `createEngine` +
 * @sumi/modifiers (cases in lib/sweep-cases.mjs), beside a hand-written JS equivalent where one
 * exists.
 *
 * Method: a case's call sits in a loop over N values, `{foreach from=$v item=x}CALL{/foreach}`,
 * compiled once, its data prepared once; the same loop without the call (an empty body, or for a
 * stored result `{assign var=y value=$x}`) is timed in alternation with it. ns per call =
 * (median ms per render of the loop with the call − median of the loop without) / N: the loop, the
 * render's own set-up and the variable reads cancel out; what is left is the call as a template
 * makes it (dispatch, argument coercion, the plugin, printing its result). The JS equivalent is
 * timed the same way: `for (const x of v) out += f(x)` against the empty loop, over the same strings
 * (see sameStrings).
 */
import { performance } from 'node:perf_hooks';
import { collectGarbage, summarize } from './measure.mjs';
import { jsonEncode } from './php.mjs';
import { importSumi } from './sumi.mjs';
import { CASES, EXCLUDED } from './sweep-cases.mjs';
import { describeDifference } from './workloads.mjs';

/** the everyday modifiers' target: within this factor of their JS equivalents */
export const EVERYDAY_TARGET = 1.5;

const loopOf = (c) =>
  c.form === 'assign'
    ? {
        call: `{foreach from=$v item=x}{assign var=y value=${c.call}}{/foreach}`,
        bare: '{foreach from=$v item=x}{assign var=y value=$x}{/foreach}',
        check: `{foreach from=$v item=x}{assign var=y value=${c.call}}{$y|@json_encode}{/foreach}`,
      }
    : {
        call: `{foreach from=$v item=x}${c.call}{/foreach}`,
        bare: '{foreach from=$v item=x}{/foreach}',
        check: `{foreach from=$v item=x}${c.call}{/foreach}`,
      };

function jsLoops(c, v) {
  const f = c.js;
  if (c.form === 'assign') {
    return {
      call: () => {
        let y;
        for (const x of v) y = f(x);
        return y;
      },
      bare: () => {
        let y;
        for (const x of v) y = x;
        return y;
      },
      check: () => v.map((x) => jsonEncode(f(x))).join(''),
    };
  }
  return {
    call: () => {
      let out = '';
      for (const x of v) out += f(x);
      return out;
    },
    bare: () => {
      let out = '';
      for (const _ of v) out += '';
      return out;
    },
    check: () => v.map((x) => String(f(x))).join(''),
  };
}

/** ms per run of `run`, over a batch of `n` runs */
function batch(run, n) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) run();
  return (performance.now() - t0) / n;
}

/** median ms per run of `call` minus that of `bare`, timed in alternation after a warm-up */
function timePair(call, bare, { warmupMs, batchMs, rounds }) {
  let count = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < warmupMs || count < 2) {
    call();
    bare();
    count++;
  }
  const perPair = (performance.now() - t0) / count;
  const n = Math.max(1, Math.round(batchMs / perPair));
  const a = [];
  const b = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2) {
      b.push(batch(bare, n));
      a.push(batch(call, n));
    } else {
      a.push(batch(call, n));
      b.push(batch(bare, n));
    }
  }
  return { call: summarize(a), bare: summarize(b) };
}

function nsPerCall(pair, n) {
  return Math.max(0, ((pair.call.median - pair.bare.median) * 1e6) / n);
}

/**
 * The JS loop's values, its strings being the very ones the template reads from the prepared data.
 * The case's own strings are literals, which V8 interns, and some of V8's builtins cache their
 * results for interned strings (`split` keeps the pieces of a literal split by a literal): timed on
 * them, the JS equivalent would be measured on a cache that data read at run time never hit.
 */
function sameStrings(v, data) {
  const read = data.peek('v');
  return v.map((x, i) => (typeof x === 'string' ? read.peekAt(i) : x));
}

/** which registered plugins no case calls and the sweep does not exclude */
function uncovered(engine) {
  const called = new Set(CASES.map((c) => c.plugin));
  return engine
    .plugins()
    .filter((d) => d.kind !== 'compiler' && !called.has(d.name) && !(d.name in EXCLUDED))
    .map((d) => d.name);
}

/**
 * settings: { items, warmupMs, batchMs, rounds, everydayWarmupMs?, only? } (rounds doubled and
 * everydayWarmupMs for the everyday cases;
 * `only`: the plugin names to run, all when absent); log(msg) for progress. Returns { items, cases: [...], excluded, uncovered, registered }.
 */
export async function runSweep(settings, log = () => {}) {
  const { runtime, php, mods } = await importSumi();
  const engine = runtime.createEngine({ plugins: [...mods.modifiers] });
  const registered = engine.plugins().filter((d) => d.kind !== 'compiler').length;
  const out = [];
  const n = settings.items;
  let done = 0;
  const cases = settings.only ? CASES.filter((c) => settings.only.includes(c.plugin)) : CASES;
  for (const c of cases) {
    if (++done % 40 === 0) log(`  sweep: ${done} of ${cases.length} cases`);
    const started = performance.now();
    const row = { plugin: c.plugin, text: c.text, call: c.call, everyday: c.everyday };
    out.push(row);
    const items = c.items ?? n;
    const v = Array.from({ length: items }, (_, i) => c.inputs[i % c.inputs.length]);
    const plain = { ...c.extra, v };
    // the everyday cases hold a target: more rounds, and a warm-up long enough for the optimizing
    // compiler to have finished with the call's few functions (a few ms leave some of them unoptimized)
    const timing = c.everyday
      ? { ...settings, rounds: settings.rounds * 2, warmupMs: settings.everydayWarmupMs ?? settings.warmupMs }
      : settings;
    try {
      const loops = loopOf(c);
      const data = php.fromJSONText(JSON.stringify(plain));
      const compiled = Object.fromEntries(
        Object.entries(loops).map(([k, src]) => [k, engine.compile(src, { name: `sweep-${k}.tpl` })]),
      );
      const first = engine.renderSync(compiled.check, data);
      const warnings = first.log.filter((e) => e.level !== 'info' && e.level !== 'debug');
      if (warnings.length) row.note = `warns: ${warnings[0].message.split('\n')[0]}`;
      const js = c.js ? jsLoops(c, sameStrings(v, data)) : undefined;
      if (js) {
        const expected = js.check();
        if (expected !== first.output) {
          row.jsDiffers = describeDifference(expected, first.output);
        }
      }
      // a full GC now and then, so one case's garbage is not collected on a later case's time
      if (done % 10 === 0) collectGarbage();
      const sumi = timePair(
        () => engine.renderSync(compiled.call, data).output,
        () => engine.renderSync(compiled.bare, data).output,
        timing,
      );
      row.ns = nsPerCall(sumi, items);
      if (js && !row.jsDiffers) {
        row.jsNs = nsPerCall(timePair(js.call, js.bare, timing), items);
        // a JS equivalent below 1 ns is at the timer's resolution: the ratio would be noise
        row.ratio = row.jsNs >= 1 ? row.ns / row.jsNs : undefined;
      }
    } catch (err) {
      row.error = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    }
    row.ms = performance.now() - started;
  }
  return { items: n, cases: out, excluded: EXCLUDED, uncovered: uncovered(engine), registered };
}

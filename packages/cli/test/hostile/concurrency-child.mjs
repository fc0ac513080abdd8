/**
 * The child of the concurrency test: many renders in flight on one engine, interleaved by an
 * asynchronous plugin, a third of them failing on budgets. Reports whether every successful
 * render gave exactly what it gives alone, the codes of the failures, and the heap after a warm-up
 * round and after five more rounds (both after a full GC).
 */

import { modifiers } from '@sumi/modifiers';
import { createEngine } from '@sumi/runtime';

const engine = createEngine({
  plugins: [...modifiers],
  limits: { maxMemoryBytes: 8 * 1024 * 1024, maxOutputBytes: 200_000 },
  // each wait ends after a random few milliseconds: the renders interleave in random order
  services: { sleep: () => new Promise((resolve) => setTimeout(resolve, Math.random() * 5)) },
});

const kinds = {
  ok: (i) => ({
    source:
      '{sleep ms=100}{foreach from=$rows item=r}<{$r|escape}>{/foreach}{sleep ms=100}' +
      '{assign var=t value=$rows|@implode:","}{$t|md5}{sleep ms=100}{"a-b-c"|regex_replace:"/-/":$sep}',
    data: { rows: Array.from({ length: 50 }, (_, k) => `row ${i} & ${k}`), sep: `+${i}+` },
  }),
  memory: () => ({
    source:
      '{sleep ms=100}{assign var=s value=""|str_pad:1000000:"x"}{section name=i loop=1000}' +
      '{sleep ms=100}{assign var="v`$smarty.section.i.index`" value=$s|cat:"!"}{/section}',
    data: {},
  }),
  output: () => ({
    source:
      '{sleep ms=100}{section name=i loop=100000}' +
      '{if $smarty.section.i.index % 2000 == 0}{sleep ms=100}{/if}0123456789{/section}',
    data: {},
  }),
};

// what each successful render gives alone
const alone = new Map();
for (let i = 0; i < 40; i++) {
  const { source, data } = kinds.ok(i);
  alone.set(i, (await engine.render(source, data)).output);
}

async function round() {
  const jobs = [];
  for (let i = 0; i < 60; i++) {
    const kind = i % 3 === 0 ? 'memory' : i % 3 === 1 ? 'output' : 'ok';
    const n = i % 40;
    const { source, data } = kinds[kind](n);
    jobs.push(
      engine.render(source, data).then(
        (r) => ({ kind, same: kind === 'ok' ? r.output === alone.get(n) : false, code: null }),
        (e) => ({ kind, same: false, code: e.code ?? String(e) }),
      ),
    );
  }
  return Promise.all(jobs);
}

const heap = () => {
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const first = await round();
const heapBefore = heap();
const later = [];
for (let k = 0; k < 5; k++) later.push(...(await round()));
const heapAfter = heap();
process.stdout.write(JSON.stringify({ results: [...first, ...later], heapBefore, heapAfter }));

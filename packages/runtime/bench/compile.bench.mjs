// Compile and parse time per template: `pnpm exec node bench/compile.bench.mjs` in packages/runtime,
// after `pnpm build` (it loads the built dist/ of the parser, runtime and modifiers).
// Prints, for the tag-dense template of tag-dense-template.mjs and the bench's large page, the median
// of parse(), tokenize() and createEngine().compile() over many runs after a warm-up, and the
// parser's MB/s. Compile times are of a source never compiled before (see `fresh`) and of the same
// source again, and compile plus the first render. `--profile` runs only fresh compiles of the tag-dense template (for node --cpu-prof).
import { readFileSync } from 'node:fs';
import { modifiers } from '../../modifiers/dist/index.js';
import { parse, tokenize } from '../../parser/dist/index.js';
import { createEngine } from '../dist/index.js';
import { countTags, tagDenseData, tagDenseTemplate } from './tag-dense-template.mjs';

// a cache of one: the thousands of compiled templates timed here would otherwise stay alive
const engine = createEngine({ plugins: [...modifiers], cacheSize: 1 });
// engine.compile caches by name and source: a new name per call makes every compile a real one
let compiles = 0;
const compile = (src) => engine.compile(src, { name: `t${++compiles}.tpl` });

const { createData: largeData } = await import('../../../bench/workloads/large/data.mjs');
const templates = [
  ['tag-dense', tagDenseTemplate(), tagDenseData()],
  [
    'large page',
    readFileSync(new URL('../../../bench/workloads/large/sumi.tpl', import.meta.url), 'utf8'),
    largeData(),
  ],
];

/** median ms of `fn()` over `runs` runs after `warm` warm-up runs */
function median(fn, runs, warm = 200) {
  for (let i = 0; i < warm; i++) fn();
  const times = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times[i] = performance.now() - t;
  }
  times.sort();
  return times[runs >> 1];
}

if (process.argv.includes('--profile')) {
  const src = templates[0][1];
  const until = performance.now() + 8000;
  let n = 0;
  while (performance.now() < until) compile(`${src}<!-- ${++n} -->`);
} else {
  for (const [label, src, data] of templates) {
    const mb = src.length / 1e6;
    const p = median(() => parse(src), 1000);
    const t = median(() => tokenize(src), 1000);
    const c = median(() => compile(src), 500, 100);
    // a source never compiled before: V8 caches `new Function` by its code, and the same template
    // always makes the same code, so the compile above skips V8's own parse and compile of it
    let n = 0;
    const fresh = median(() => compile(`${src}<!-- ${++n} -->`), 300, 50);
    // the JS engine parses the generated code when it first runs: the first render pays for that
    const first = median(() => engine.renderSync(compile(`${src}<!-- ${++n} -->`), data), 300, 50);
    console.log(
      `${label.padEnd(11)} ${(src.length / 1024).toFixed(1)} KB ${String(countTags(src)).padStart(5)} tags` +
        `  parse ${p.toFixed(3)} ms (${(mb / (p / 1000)).toFixed(1)} MB/s)` +
        `  tokenize ${t.toFixed(3)} ms (${(mb / (t / 1000)).toFixed(1)} MB/s)` +
        `  compile ${fresh.toFixed(3)} ms (same code again ${c.toFixed(3)} ms)` +
        `  compile + first render ${first.toFixed(3)} ms`,
    );
  }
}

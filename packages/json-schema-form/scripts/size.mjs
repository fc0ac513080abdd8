// The size report: the core plus the renderer, bundled and minified as an app would ship them, gzipped.
// ajv, the eval-free validator and the rich-text editor are left out: each loads with import() only
// when used. Exits non-zero above the budget.
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET = 15 * 1024;
const LAZY = /^(ajv|ajv-formats|@cfworker\/json-schema)$|\/editor\/index(\.js)?$/;

async function measure(entry) {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    target: 'es2022',
    outdir: '/size-report', // not written: write is false
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'lazy-parts-outside',
        setup(b) {
          b.onResolve({ filter: LAZY }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const files = new Map(result.outputFiles.map((f) => [f.path, f.contents]));
  const outputs = result.metafile.outputs;
  const entryOut = Object.keys(outputs).find((o) => outputs[o].entryPoint);
  // The entry and what it imports statically; dynamic imports (the validators' glue) load later.
  const eager = new Set();
  const visit = (o) => {
    if (eager.has(o)) return;
    eager.add(o);
    for (const i of outputs[o].imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(entryOut);
  // Leaving the lazy parts out is only honest while nothing eager imports them statically.
  for (const o of eager) {
    const bad = outputs[o].imports.find((i) => i.external && i.kind === 'import-statement');
    if (bad) throw new Error(`${entry} imports ${bad.path} eagerly; it must load with import()`);
  }
  const bytesOf = (set) => {
    const all = [...set].map((o) => {
      const bytes = files.get(resolve(o));
      if (!bytes) throw new Error(`no output for ${o}`);
      return bytes;
    });
    const joined = Buffer.concat(all.map((b) => Buffer.from(b)));
    return { min: joined.length, gzip: gzipSync(joined, { level: 9 }).length };
  };
  const lazy = new Set(Object.keys(outputs).filter((o) => !eager.has(o) && o.endsWith('.js')));
  return { eager: bytesOf(eager), lazy: bytesOf(lazy) };
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
const main = await measure('../src/index.ts');
const element = await measure('../src/element.ts');
console.log('@sumi/json-schema-form, minified (esbuild), gzip -9:');
console.log(`  core + renderer (package root):  ${kb(main.eager.min)} min, ${kb(main.eager.gzip)} gzip`);
console.log(`  with <sumi-json-form>:          ${kb(element.eager.min)} min, ${kb(element.eager.gzip)} gzip`);
console.log(`  validator glue (lazy, own code): ${kb(main.lazy.min)} min, ${kb(main.lazy.gzip)} gzip`);
console.log(`  budget: ${kb(BUDGET)} gzip, without ajv, @cfworker/json-schema and the editor chunk`);
if (Math.max(main.eager.gzip, element.eager.gzip) > BUDGET) {
  console.error('over budget');
  process.exit(1);
}

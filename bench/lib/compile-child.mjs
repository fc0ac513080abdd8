/**
 * Sumi's parse and compile time of the tag-dense ~20 KB template, in a fresh process where only Sumi
 * is loaded: what one template costs a server, apart from what the other engines and the render
 * workloads of the main run leave in the process (measured in it, the same parse took twice as long
 * after the table workload; the cause was not found). Prints JSON.
 *
 * usage: node compile-child.mjs '{"rounds":10,"batchMs":100,"warmupMs":300}'
 */
import { readFileSync } from 'node:fs';
import { report, runAsChild } from './child.mjs';
import { timeInterleaved } from './measure.mjs';
import { loadSumi } from './sumi.mjs';

runAsChild(async () => {
  const timing = JSON.parse(process.argv[2]);
  const source = readFileSync(new URL('../workloads/tag-dense/sumi.tpl', import.meta.url), 'utf8');
  const sumi = await loadSumi();
  const { createData } = await import('../workloads/tag-dense/data.mjs');
  const data = createData();
  // the first render of a template the process has not seen: every line gets a text of its own, so
  // the generated code of every part is new to V8 too (its cache of compiled sources would otherwise
  // serve the parts of the same template compiled again, which a server never does)
  let variants = 0;
  const firstRender = () => {
    const n = ++variants;
    const variant = source.replaceAll('\n', `<!--${n}-->\n`);
    return sumi.render(sumi.compile(variant), data);
  };
  const stats = await timeInterleaved(
    [
      { key: 'parse', run: () => sumi.parse(source) },
      { key: 'compile', run: () => sumi.compile(source) },
      { key: 'first', run: firstRender },
    ],
    timing,
  );
  const ms = (s) => ({ median: 1000 / s.median, q1: 1000 / s.q3, q3: 1000 / s.q1 });
  const bytes = Buffer.byteLength(source);
  const parse = stats.get('parse');
  report({
    ok: true,
    bytes,
    tags: source.match(/\{[^{}\s][^{}]*\}/g)?.length ?? 0,
    parseMs: ms(parse),
    compileMs: ms(stats.get('compile')),
    firstRenderMs: ms(stats.get('first')),
    parseMbPerSec: {
      median: (parse.median * bytes) / 1e6,
      q1: (parse.q1 * bytes) / 1e6,
      q3: (parse.q3 * bytes) / 1e6,
    },
  });
});

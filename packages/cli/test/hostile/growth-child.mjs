/**
 * The child of the growth property test: renders each template of the JSON list on stdin with one
 * engine under small budgets, and reports for each how it ended and how big what it left is, so
 * the parent can check that no budget was passed by more than one operation's worth.
 */

import { modifiers } from '@sumi/modifiers';
import { byteLength, estimateBytes, PhpArray } from '@sumi/php';
import { createEngine } from '@sumi/runtime';

const { limits, templates } = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (c) => (text += c));
    process.stdin.on('end', () => resolve(text));
  }),
);
const engine = createEngine({ plugins: [...modifiers], limits });

/** the longest string and the largest array anywhere in `v` */
function extremes(v, acc = { string: 0, array: 0 }) {
  if (typeof v === 'string') acc.string = Math.max(acc.string, v.length);
  else if (v instanceof PhpArray) {
    acc.array = Math.max(acc.array, v.size);
    for (const x of v.values()) extremes(x, acc);
  }
  return acc;
}

const results = [];
for (const source of templates) {
  try {
    const r = engine.renderSync(source, { s0: 'ab', a0: [1, 2] });
    const vars = r.vars;
    results.push({
      code: null,
      outputBytes: byteLength(r.output),
      memory: estimateBytes([vars]),
      ...extremes(vars),
    });
  } catch (e) {
    results.push({ code: e?.code ?? 'NOT_A_SUMI_ERROR', message: String(e?.message ?? e).slice(0, 300) });
  }
}
const next = engine.renderSync('{$a+1}', { a: 1 }).output;
process.stdout.write(
  JSON.stringify({ results, next, rss: Math.round(process.resourceUsage().maxRSS / 1024) }),
);

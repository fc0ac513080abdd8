/**
 * Runs one hostile case in this (child) process, the way a host embeds Sumi: one engine, the
 * case's render, then an ordinary render on the same engine to show it is unaffected. Prints one
 * JSON line: { code, message, line, column, output, log, next, rss } (rss: peak resident set in MiB).
 *
 *   node --max-old-space-size=512 run-case.mjs CASE.tpl|CASE.mjs
 */
import { readFileSync } from 'node:fs';
import { modifiers } from '@sumi/modifiers';
import { createEngine } from '@sumi/runtime';
import { parseHeader } from './header.mjs';

const file = process.argv[2];
const kase = file.endsWith('.mjs')
  ? (await import(new URL(file, `file://${process.cwd()}/`).href)).default
  : parseHeader(readFileSync(file, 'utf8'));
const source = typeof kase.source === 'function' ? kase.source() : kase.source;
const engine = createEngine({ plugins: [...modifiers], limits: kase.limits, constants: kase.constants });
const report = { code: null, message: null, line: null, column: null, output: null, log: null };
try {
  const r = await engine.render(source, kase.data ?? {}, { name: 'case.tpl' });
  report.output = r.output.length > 4096 ? `${r.output.slice(0, 4096)}…(${r.output.length} chars)` : r.output;
  report.log = { entries: r.log.length, last: r.log.at(-1)?.message ?? null };
} catch (e) {
  report.code = e?.code ?? 'NOT_A_SUMI_ERROR';
  report.message = String(e?.message ?? e);
  report.text = [e?.message, e?.hint, e?.frame].join('\n');
  report.line = e?.line ?? null;
  report.column = e?.column ?? null;
}
const next = await engine.render('{$a+1}', { a: 1 });
report.next = next.output;
report.rss = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify(report)}\n`);

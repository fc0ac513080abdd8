/**
 * `sumi cases DIR... [--filter SUBSTR] [--quiet] [--config FILE]`
 * Runs every case under the folders; prints a readable diff for each failure
 * and ends with the line `N passed, M failed`. Exit 1 when any failed.
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { findCases, runCase } from '../cases';
import { loadConfig } from '../config';
import { ansiStyle, formatDiff, plainStyle, visible } from '../diff';
import { buildEngine } from '../engine';
import { type Io, UsageError } from '../io';
import { type CommandOptions, reportError } from '../report';

export const casesUsage = `sumi cases DIR... [options]

Runs conformance-format cases: NAME.tpl, optional NAME.json (data), and
NAME.expected (exact output) or NAME.error (must fail), found recursively.

  --filter SUBSTR      only cases whose path contains SUBSTR
  --quiet              list failing cases without their diffs
  --config FILE        engine options as JSON (see sumi render --help)
  --debug              add JS stacks to errors (for bug reports)
`;

export async function casesCommand(argv: string[], io: Io, options: CommandOptions = {}): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      filter: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      config: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError(`cases needs at least one DIR\n\n${casesUsage}`);
  let cases: ReturnType<typeof findCases>;
  try {
    cases = findCases(positionals);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const filter = values.filter;
  if (filter !== undefined) cases = cases.filter((c) => c.template.includes(filter));
  const engine = buildEngine(values.config ? loadConfig(values.config) : {});
  const style = io.color ? ansiStyle : plainStyle;
  let passed = 0;
  let failed = 0;
  for (const c of cases) {
    const result = await runCase(engine, c);
    if (result.passed) {
      passed++;
      continue;
    }
    failed++;
    const path = relative(process.cwd(), c.template) || c.template;
    io.out(`${style.removed('FAIL')} ${path}: ${result.reason}\n`);
    if (values.quiet) continue;
    if (result.error !== undefined) io.out(indent(reportError(result.error, c.name, options)));
    if (result.expectedOutput !== undefined && result.actualOutput !== undefined) {
      io.out(formatDiff(result.expectedOutput, result.actualOutput, style));
    } else if (result.actualOutput !== undefined) {
      io.out(`  actual output: ${visible(result.actualOutput.slice(0, 300))}\n`);
    }
    io.out('\n');
  }
  io.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

/**
 * `sumi check FILE…`: compiles each template without running it and prints
 * its diagnostics (errors and warnings) on stdout as `file:line:col CODE
 * message` with code frames. Exit 1 when any file has an error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatDiagnostic, type SumiDiagnostic, SumiError } from '@sumi/runtime';
import { loadConfig } from '../config';
import { buildEngine } from '../engine';
import { loadFunctions } from '../functions';
import { type Io, UsageError } from '../io';
import { type CommandOptions, reportError } from '../report';

export const checkUsage = `sumi check FILE... [options]

Compiles templates without running them and prints errors and warnings.

  --config FILE        engine options as JSON (see sumi render --help)
  --functions DIR      custom functions, so their templates are checked too
  --debug              add JS stacks to errors (for bug reports)
`;

export interface CheckCounts {
  errors: number;
  warnings: number;
}

const byPosition = (a: SumiDiagnostic, b: SumiDiagnostic) => a.line - b.line || a.column - b.column;

/**
 * Diagnostics of one template, in source order: the compile's warnings when it
 * succeeds; when it fails, its errors together with the warnings (the runtime
 * keeps both in `SumiError.diagnostics`).
 */
export function checkSource(
  engine: ReturnType<typeof buildEngine>,
  source: string,
  name: string,
): { diagnostics: SumiDiagnostic[]; error?: unknown } {
  try {
    return { diagnostics: [...engine.compile(source, { name }).warnings].sort(byPosition) };
  } catch (err) {
    if (!(err instanceof SumiError) || err.diagnostics.length === 0) return { diagnostics: [], error: err };
    const diagnostics = [...err.diagnostics].sort(byPosition);
    // an error thrown by a later stage than the parser is reported as the error itself
    if (!diagnostics.some((d) => d.severity === 'error')) return { diagnostics, error: err };
    return { diagnostics };
  }
}

export async function checkCommand(argv: string[], io: Io, options: CommandOptions = {}): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { config: { type: 'string' }, functions: { type: 'string' } },
  });
  const files = positionals.map((file) => ({ file, name: file }));
  const functions = values.functions ? loadFunctions(values.functions) : [];
  for (const fn of functions) files.push({ file: fn.file, name: fn.file });
  if (files.length === 0) throw new UsageError(`check needs at least one FILE\n\n${checkUsage}`);
  const engine = buildEngine(values.config ? loadConfig(values.config) : {}, functions);
  const counts: CheckCounts = { errors: 0, warnings: 0 };
  for (const { file, name } of files) {
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch (err) {
      io.out(`${file}:1:1 READ cannot read: ${(err as Error).message}\n`);
      counts.errors++;
      continue;
    }
    const { diagnostics, error } = checkSource(engine, source, name);
    for (const d of diagnostics) {
      io.out(formatDiagnostic(d, file, source));
      if (d.severity === 'error') counts.errors++;
      else counts.warnings++;
    }
    if (error !== undefined) {
      io.out(reportError(error, file, options));
      counts.errors++;
    }
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  io.out(
    `${plural(files.length, 'file')} checked: ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}\n`,
  );
  return counts.errors > 0 ? 1 : 0;
}

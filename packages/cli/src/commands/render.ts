/**
 * `sumi render FILE|- [--data FILE.json] [--out FILE] [--context NAME] [--functions DIR] [--config FILE] [--site DIR]`
 * Prints the output's bytes exactly (nothing added), streaming: a long batch is written as its loops run. Compile warnings and the
 * render's log go to stderr; an error prints `file:line:col CODE message`
 * with its code frame on stderr and exits 1.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PhpArray, toBytes, type Value } from '@sumi/php';
import { type Engine, formatDiagnostic, RUN_CONTEXTS, type RunContextName } from '@sumi/runtime';
import { loadConfig } from '../config';
import { buildEngine } from '../engine';
import { loadFunctions } from '../functions';
import { type Io, readData, UsageError } from '../io';
import { chooseNet } from '../net';
import { type CommandOptions, reportError } from '../report';
import { cliSecrets } from '../secrets';
import { chooseSite } from '../site';

export const renderUsage = `sumi render FILE|- [options]

Renders a template and prints its output.

  --data FILE.json     template variables (a JSON object; key order is kept)
  --out FILE           write the output to FILE instead of stdout
  --context NAME       run context: ${Object.keys(RUN_CONTEXTS).join(', ')} (default batch)
  --functions DIR      load every *.tpl in DIR as a custom function (see README)
  --config FILE        engine options as JSON: timezone, constants, limits, request
  --site DIR           the site folder the file and data plugins use (default ./site when it
                       exists, otherwise an empty in-memory site); sumi init DIR makes one
  --fake               every network plugin answers from its deterministic fake
  --verbose            say which site and which network are used
  --log                print the render's log entries on stderr (errors are always printed)
  --quiet              do not print compile warnings (they go to stderr by default)
  --debug              add JS stacks to errors (for bug reports)
`;

export async function renderCommand(argv: string[], io: Io, options: CommandOptions = {}): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      out: { type: 'string' },
      context: { type: 'string' },
      functions: { type: 'string' },
      config: { type: 'string' },
      site: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      fake: { type: 'boolean', default: false },
      log: { type: 'boolean', default: false },
      quiet: { type: 'boolean', short: 'q', default: false },
      // the earlier spelling of --quiet, kept so scripts that use it still work
      'no-warnings': { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1)
    throw new UsageError(`render takes one FILE (or - for stdin)\n\n${renderUsage}`);
  const file = positionals[0];
  const context = values.context;
  if (context !== undefined && !Object.hasOwn(RUN_CONTEXTS, context)) {
    throw new UsageError(`unknown context "${context}" (one of: ${Object.keys(RUN_CONTEXTS).join(', ')})`);
  }
  const config = values.config ? loadConfig(values.config) : {};
  const functions = values.functions ? loadFunctions(values.functions) : [];
  const data = values.data ? readData(values.data) : undefined;
  let source: string;
  if (file === '-') source = await io.readStdin();
  else {
    try {
      source = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
    }
  }
  const name = file === '-' ? '<stdin>' : file;

  const { site, said } = await chooseSite(values.site);
  // sendmail's message templates render with this same engine, made below
  let engineRef: Engine | null = null;
  const renderTemplate = async (tpl: string, vars: Record<string, Value>) =>
    (await (engineRef as Engine).render(tpl, PhpArray.fromEntries(Object.entries(vars)))).output;
  const chosen = await chooseNet(config.net, values.fake, cliSecrets(config.secrets), renderTemplate);
  if (values.verbose) io.err(`sumi: ${said}\nsumi: ${chosen.said}\n`);
  const engine = buildEngine(config, functions, { site, net: chosen.net });
  engineRef = engine;
  let fd: number | null = null;
  if (values.out !== undefined) {
    try {
      fd = openSync(values.out, 'w');
    } catch (err) {
      throw new UsageError(`cannot write ${values.out}: ${(err as Error).message}`);
    }
  }
  const target = fd;
  // the output is written as the render goes, so a batch of a million lines never sits in memory
  const write =
    target === null ? (chunk: string) => io.out(chunk) : (chunk: string) => writeChunk(target, chunk);
  try {
    const compiled = engine.compile(source, { name });
    if (!values.quiet && !values['no-warnings']) {
      for (const w of compiled.warnings) io.err(formatDiagnostic(w, name, source));
    }
    const result = await engine.render(compiled, data, {
      name,
      context: context as RunContextName | undefined,
      write,
    });
    // a failure a plugin survived (a file not found, a path refused) is an error entry: shown
    // unless --quiet, as a compile warning is; --log shows every entry
    for (const entry of result.log) {
      if (!values.log && (entry.level !== 'error' || values.quiet)) continue;
      const where = entry.line ? `${entry.template ?? name}:${entry.line}:${entry.column ?? 1} ` : '';
      const code = entry.code ? ` ${entry.code}` : '';
      io.err(`${where}${entry.level}${code}${entry.source ? ` [${entry.source}]` : ''} ${entry.message}\n`);
    }
    return 0;
  } catch (err) {
    io.err(reportError(err, name, options));
    return 1;
  } finally {
    if (fd !== null) closeSync(fd);
    // generate_pdf's browser, if a capture started one
    await chosen.net.pages?.close?.();
  }
}

function writeChunk(fd: number, chunk: string): void {
  const bytes = toBytes(chunk);
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off);
}

/** `sumi COMMAND ...`: dispatch, help and exit codes (0 ok, 1 template errors or failed cases, 2 usage). */

import pkg from '../package.json' with { type: 'json' };
import { casesCommand, casesUsage } from './commands/cases';
import { checkCommand, checkUsage } from './commands/check';
import { initCommand, initUsage } from './commands/init';
import { pluginsCommand, pluginsUsage } from './commands/plugins';
import { renderCommand, renderUsage } from './commands/render';
import { serveCommand, serveUsage } from './commands/serve';
import { type Io, UsageError } from './io';
import { type CommandOptions, reportCrash } from './report';

const commands: Record<
  string,
  { run: (argv: string[], io: Io, options: CommandOptions) => Promise<number>; usage: string }
> = {
  render: { run: renderCommand, usage: renderUsage },
  check: { run: checkCommand, usage: checkUsage },
  cases: { run: casesCommand, usage: casesUsage },
  plugins: { run: pluginsCommand, usage: pluginsUsage },
  init: { run: initCommand, usage: initUsage },
  serve: { run: serveCommand, usage: serveUsage },
};

/** the commands, in the order the help lists them (the docs' CLI page reads this) */
export const COMMAND_NAMES: readonly string[] = Object.keys(commands);

export const usage = `sumi: the Sumi template language (Smarty 2.6 + CMS dialect) on the command line

  sumi render FILE|- [--data FILE.json] [--context NAME] [--functions DIR] [--config FILE] [--site DIR]
  sumi check FILE...
  sumi cases DIR... [--filter SUBSTR] [--quiet]
  sumi plugins [--json]
  sumi init DIR
  sumi serve [--site DIR] [--port N]

sumi COMMAND --help shows a command's options; sumi --version prints the version.
--debug (with any command) adds JS stacks to errors, for bug reports.
`;

export async function main(args: string[], io: Io): Promise<number> {
  // --debug is everyone's option: taken out before the command reads its own
  const debug = args.includes('--debug');
  const argv = args.filter((a) => a !== '--debug');
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    io.out(`${pkg.version}\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage);
    return name === undefined ? 2 : 0;
  }
  // own properties only: `sumi constructor` is an unknown command, not Object.prototype's
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`sumi: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io, { debug });
  } catch (err) {
    // parseArgs throws TypeErrors with codes like ERR_PARSE_ARGS_UNKNOWN_OPTION
    const code = (err as { code?: unknown }).code;
    if (err instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`sumi ${name}: ${(err as Error).message}\n`);
      return 2;
    }
    // anything else is a bug: reported without a stack unless --debug
    io.err(reportCrash(name, err, { debug }));
    return 70;
  }
}

/**
 * How the commands print an error: `formatError` (code, message, template, line:column, code frame,
 * hint), and for a bug in Sumi (INTERNAL, or anything that is not a Sumi error) a pointer to
 * `--debug`, which adds the JS stacks. Without `--debug` no stack and none of Sumi's own file paths
 * are printed: they are JS internals, not the template's problem.
 */
import { formatError, SumiError } from '@sumi/runtime';

/** options every command takes from the command line (`main` reads them before the command's own) */
export interface CommandOptions {
  /** print JS stacks with errors (for bug reports) */
  debug?: boolean;
}

export const DEBUG_HINT = 'run again with --debug to add the JS stack to a bug report\n';

function isInternal(err: unknown): boolean {
  return !(err instanceof SumiError) || err.code === 'INTERNAL';
}

/** an error of a template run or compile, as the commands print it */
export function reportError(err: unknown, file: string, options: CommandOptions = {}): string {
  const text = formatError(err, { file, debug: options.debug === true });
  return !options.debug && isInternal(err) ? text + DEBUG_HINT : text;
}

/** an exception that escaped a command: a bug in Sumi, never the user's input */
export function reportCrash(command: string | null, err: unknown, options: CommandOptions = {}): string {
  const head = `sumi${command ? ` ${command}` : ''}: internal error (a bug in Sumi: please report it)\n`;
  if (!options.debug) return head + DEBUG_HINT;
  const detail = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  return `${head}${detail}\n`;
}

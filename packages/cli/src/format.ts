/**
 * One line per problem, `file:line:col CODE message`, the way compilers and
 * editors expect it, followed by the code frame and a hint when there is one.
 * Warnings carry `warning:` before the message.
 */
import { codeFrame, type Diagnostic } from '@sumi/parser';
import { SumiError } from '@sumi/runtime';

function withFrame(head: string, frame: string | undefined, hint: string | undefined): string {
  let out = head + '\n';
  if (frame) out += frame.endsWith('\n') ? frame : frame + '\n';
  if (hint) out += `hint: ${hint}\n`;
  return out;
}

/**
 * A compile or render error. The position is in the error's own template (a custom
 * function's file, say); `file` is the fallback name when the error has none.
 */
export function formatError(err: unknown, file?: string): string {
  if (err instanceof SumiError) {
    const where = `${err.template || file || '<template>'}:${err.line}:${err.column}`;
    return withFrame(`${where} ${err.code} ${err.message}`, err.frame, err.hint);
  }
  // not a SumiError: a bug in Sumi or a plugin; keep the stack so it can be reported
  const e = err instanceof Error ? err : new Error(String(err));
  return `${file ?? '<template>'}:1:1 INTERNAL ${e.message}\n${e.stack ?? ''}\n`;
}

export function formatDiagnostic(d: Diagnostic, file: string, source: string): string {
  const message = d.severity === 'warning' ? `warning: ${d.message}` : d.message;
  let frame: string | undefined;
  try {
    frame = codeFrame(source, d.span);
  } catch {
    frame = undefined;
  }
  return withFrame(`${file}:${d.line}:${d.column} ${d.code} ${message}`, frame, d.hint);
}

/**
 * How a plugin fails without stopping the template. The CMS's file, data and network plugins never
 * end a render on a missing file or a refused connection: they set their status or result variable
 * and log. A plugin throws a `PluginFailure` (a code and a message), `attempt` catches it, writes one
 * positioned log entry (level error, with the code) and tells the plugin to set its result. Budgets
 * (LIMIT_*), template errors and bugs are not failures: they go on up and stop the render.
 */
import { copyValue, toStr, type Value } from '@sumi/php';
import type { RenderContext } from '../render/context';

export class PluginFailure extends Error {
  override name = 'PluginFailure';
  constructor(
    /** a stable code from the plugin group's table (IO_NOT_FOUND, NET_REFUSED, ...) */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs a plugin's work: true when it succeeded; on a failure, logs `message` with its code at the
 * tag and returns false. `convert` turns other errors a group's adapters throw (an FsError) into
 * failures; anything it leaves as null goes on up.
 */
export async function attempt(
  ctx: RenderContext,
  plugin: string,
  work: () => Promise<void>,
  convert?: (err: unknown) => PluginFailure | null,
): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (err) {
    const f = err instanceof PluginFailure ? err : (convert?.(err) ?? null);
    if (f === null) throw err;
    ctx.log('error', f.message, plugin, f.code);
    return false;
  }
}

/**
 * After a plugin's success: queues its `callback_batch` (a batch slug; nothing when absent or empty)
 * on the host's batch queue with a copy of `data` as its ext data, so later changes of the template
 * don't reach it, and logs the job at info level. A queue that refuses the job is logged at error level
 * with its own code, or `code`, and undoes nothing of the plugin's work (unzip, zip, generate_pdf).
 */
export async function queueCallbackBatch(
  ctx: RenderContext,
  plugin: string,
  callback: Value | undefined,
  data: Value | undefined,
  code: string,
): Promise<void> {
  const name = callback == null ? '' : toStr(callback);
  if (name === '') return;
  try {
    const id = await ctx.services.batch.enqueue(
      data === undefined ? { name } : { name, extData: copyValue(data) },
    );
    ctx.log('info', `queued batch ${JSON.stringify(name)} (job ${id})`, plugin);
  } catch (err) {
    const own = (err as { code?: unknown }).code;
    ctx.log(
      'error',
      `callback_batch ${JSON.stringify(name)} could not be queued: ${(err as Error).message}`,
      plugin,
      typeof own === 'string' && own !== '' ? own : code,
    );
  }
}

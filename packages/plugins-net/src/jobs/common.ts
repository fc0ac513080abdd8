/** What the site-operation plugins share: the adapter of the render and one way to call it. */
import type { RenderContext } from '@sumi/runtime';
import { attempt } from '../failure';
import { logCall, type Net, netOf } from '../net';
import { memorySiteOperations } from '../site-ops/memory';
import type { SiteOpContext, SiteOperations } from '../site-ops/types';

/** the in-memory operations of a Net that has no `siteOps`: one per Net, so its rules hold across renders */
const defaults = new WeakMap<Net, SiteOperations>();

/** the site operations of `net`: its own, else its in-memory default */
export function siteOpsOf(net: Net): SiteOperations {
  if (net.siteOps) return net.siteOps;
  let ops = defaults.get(net);
  if (!ops) {
    ops = memorySiteOperations();
    defaults.set(net, ops);
  }
  return ops;
}

/**
 * Runs one site operation: `work` gets the adapter and the render's clock and time zone. The call
 * goes into the API log (method `SITE`, url `site:<plugin>`, status 200, or 0 with the failure's code);
 * a failure is logged once at the tag (error, with its code) and gives `{ ok: false }`.
 */
export async function siteOp<T>(
  ctx: RenderContext,
  plugin: string,
  work: (ops: SiteOperations, at: SiteOpContext) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  let value: T | undefined;
  const ok = await attempt(ctx, plugin, async () => {
    const net = netOf(ctx);
    const ops = siteOpsOf(net);
    const at = { now: ctx.services.clock.now(), timezone: ctx.services.timezone };
    const started = ctx.services.clock.now();
    const entry = { plugin, method: 'SITE', url: `site:${plugin}` };
    try {
      value = await work(ops, at);
    } catch (e) {
      const code = (e as { code?: string }).code ?? 'ERROR';
      // logged with the failure's code, which attempt then logs as the error
      logCall(ctx, net, { ...entry, status: 0, durationMs: ctx.services.clock.now() - started, error: code });
      throw e;
    }
    logCall(ctx, net, { ...entry, status: 200, durationMs: ctx.services.clock.now() - started });
  });
  return ok ? { ok: true, value: value as T } : { ok: false };
}

/** a string attribute as given, '' when absent */
export const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** Rendering with a Net, for the plugins' tests. */
import { modifiers } from '@sumi/modifiers';
import { fromJS, toJS } from '@sumi/php';
import { createEngine, type EngineOptions, type LogEntry, type Services } from '@sumi/runtime';
import { type Net, netOptions } from '../src/index';

export interface Rendered {
  output: string;
  log: LogEntry[];
  /** error entries as `CODE message` */
  errors: string[];
  vars: Record<string, unknown>;
}

/** the clock net tests run at: 2026-11-01 09:00 in Asia/Tokyo */
export const NET_NOW = Date.UTC(2026, 10, 1, 0, 0, 0);

/** renders `source` with every modifier and the net plugins on `net` */
export async function renderNet(
  net: Net,
  source: string,
  data: Record<string, unknown> = {},
  options: { services?: Partial<Services>; limits?: EngineOptions['limits'] } = {},
): Promise<Rendered> {
  const n = netOptions(net);
  const engine = createEngine({
    plugins: [...modifiers, ...n.plugins],
    limits: options.limits,
    services: { ...n.services, clock: { now: () => NET_NOW }, ...options.services },
  });
  const r = await engine.render(source, fromJS(data));
  return {
    output: r.output,
    log: r.log,
    errors: r.log.filter((e) => e.level === 'error').map((e) => `${e.code ?? ''} ${e.message}`.trim()),
    vars: toJS(r.vars) as Record<string, unknown>,
  };
}

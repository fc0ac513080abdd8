/** {cookie}: reads or sets a cookie of the current request (through the cookies service). */

import { toBool, toInt, toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

export const cookie: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cookie',
  group: 'Variables and arrays',
  description:
    'With `value`, sets the cookie `key` (kept when it exists, unless `overwrite`); `expires` is in days. With `var`, reads the cookie into that variable (null when absent).',
  attributes: {
    var: { type: 'varname', description: 'receives the cookie value' },
    key: { type: 'string', required: true, description: 'cookie name' },
    value: { type: 'string', description: 'value to set' },
    expires: { type: 'integer', default: 0, description: 'lifetime in days (0: session cookie)' },
    overwrite: { type: 'integer', default: 1, description: '0 keeps an existing cookie' },
  },
  examples: [{ template: '{cookie key=k value=v}{cookie key=k var=x}{$x}', output: 'v' }],
  run(ctx, a) {
    const jar = ctx.services.cookies;
    const key = toStr(a.key);
    if (a.value !== undefined && a.value !== null) {
      if (!jar.has(key) || toBool(a.overwrite)) {
        jar.set(key, toStr(a.value));
        const days = Number(toInt(a.expires));
        ctx.state.set(`cookie:${key}:expires`, days > 0 ? ctx.services.clock.now() + days * 86400_000 : 0);
      }
    }
    if (a.var) ctx.assign(a.var, jar.get(key) ?? null);
  },
});

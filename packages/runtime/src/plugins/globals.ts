/** {assign_globals}: values shared by the custom processes of one request. */

import type { Value } from '@sumi/php';
import { copyValue, PhpArray, toBool, toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

export const assignGlobals: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'assign_globals',
  group: 'Variables and arrays',
  description:
    'Reads or writes a global value shared by the custom processes of the same request. With `value` it stores it under `key`; with `unset` it clears `key` (or every global without key); with `var` it reads `key` (or all globals as an array) into that variable.',
  attributes: {
    var: { type: 'varname', description: 'variable receiving the value of `key` (all globals without key)' },
    key: { type: 'string', description: 'name of the global value' },
    value: { type: 'mixed', description: 'value to store under `key`' },
    unset: { type: 'boolean', default: false, description: 'true clears the value' },
  },
  check: (a) =>
    a.value !== undefined && (a.key === undefined || a.key === null) ? "'value' needs a 'key'" : null,
  examples: [{ template: '{assign_globals key=k value=1}{assign_globals var=x key=k}{$x}', output: '1' }],
  run(ctx, a) {
    const globals = ctx.services.globals;
    const key = a.key === undefined || a.key === null ? null : toStr(a.key);
    if (toBool(a.unset)) {
      if (key === null) globals.clear();
      else globals.delete(key);
    } else if (a.value !== undefined && key !== null) {
      globals.set(key, copyValue(a.value));
    }
    if (a.var) {
      const out =
        key === null
          ? PhpArray.fromEntries([...globals.entries()].map(([k, v]) => [k, copyValue(v)] as [string, Value]))
          : (globals.get(key) ?? null);
      ctx.assign(a.var as string, out);
    }
  },
});

/** Smarty 2.6's {cycle}: alternates through a set of values, per name, for one render. */
import { PhpArray } from '../php/array';
import { looseEquals } from '../php/compare';
import { toBool, toStr } from '../php/convert';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

interface Cycle {
  values: Value;
  index: number;
}

export const cycle: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cycle',
  group: 'Smarty functions',
  description: 'Alternates through a list of values, one per call (e.g. odd/even row classes).',
  attributes: {
    name: { type: 'string', default: 'default', description: 'cycle name' },
    values: { type: 'mixed', description: 'comma-separated values (or an array); required on first use of a name' },
    delimiter: { type: 'string', default: ',', description: 'separator of values' },
    print: { type: 'boolean', default: true, description: 'print the value' },
    advance: { type: 'boolean', default: true, description: 'move to the next value' },
    reset: { type: 'boolean', default: false, description: 'start again from the first value' },
    assign: { type: 'varname', description: 'assign the value instead of printing it' },
  },
  examples: [{ template: '{cycle values="odd,even"} {cycle values="odd,even"} {cycle values="odd,even"}', output: 'odd even odd' }],
  run(ctx, a) {
    const table = ctx.state;
    let all = table.get('cycle') as Map<string, Cycle> | undefined;
    if (!all) table.set('cycle', (all = new Map()));
    const name = a.name === '' || a.name == null ? 'default' : String(a.name);
    let c = all.get(name);
    if (!('values' in a) || a.values === undefined) {
      if (!c) {
        ctx.warn("cycle: missing 'values' parameter");
        return undefined;
      }
    } else {
      if (c && !looseEquals(c.values, a.values as Value)) c.index = 0;
      if (!c) all.set(name, (c = { values: a.values as Value, index: 0 }));
      c.values = a.values as Value;
    }
    const list =
      c!.values instanceof PhpArray ? [...c!.values.values()] : toStr(c!.values).split(String(a.delimiter));
    if (toBool(a.reset as Value)) c!.index = 0;
    let print = toBool(a.print as Value);
    const current = list[c!.index] ?? null;
    if (a.assign) {
      print = false;
      ctx.assign(String(a.assign), current);
    }
    if (toBool(a.advance as Value)) c!.index = c!.index >= list.length - 1 ? 0 : c!.index + 1;
    return print ? toStr(current) : undefined;
  },
});

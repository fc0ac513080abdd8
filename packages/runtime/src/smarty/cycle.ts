/**
 * Smarty 2.6.28's {cycle} (libs/plugins/function.cycle.php): alternates
 * through a set of values, per name, for one render. Values given as an array
 * are read by position key 0, 1, ... as Smarty does (an associative array has
 * no such keys: it cycles through nulls, with a warning).
 */

import type { Value } from '@sumi/php';
import { looseEquals, PhpArray, PhpError, splitString, toBool, toKey, toStr, typeError } from '@sumi/php';
import { assignTo } from '../plugin/attributes';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

interface Cycle {
  values: Value;
  index: number;
  /** the cycle's delimiter, as given: once given, later calls of the same name split with it */
  delimiter: Value;
}

export const cycle: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cycle',
  group: 'Smarty functions',
  description:
    'Alternates through a list of values, one per call (e.g. odd/even row classes). Changing `values` of a named cycle starts it again from the first value.',
  attributes: {
    name: {
      type: 'string',
      read: 'raw',
      default: 'default',
      description: 'cycle name (empty: "default"; a PHP array key, so 1.5 is the cycle 1)',
    },
    values: {
      type: 'mixed',
      // Smarty looks for the key: `values=$undefined` is given, and cycles through one empty value
      nullIsGiven: true,
      description: 'values separated by `delimiter`, or an array; needed on first use of a name',
    },
    // no `default` here: an absent delimiter means "the one this cycle was last given", not ","
    delimiter: {
      type: 'string',
      read: 'raw',
      description: 'separator of values (`,` until a call of this name gives another; it is kept)',
    },
    print: { type: 'boolean', default: true, description: 'print the value' },
    advance: { type: 'boolean', default: true, description: 'move to the next value' },
    reset: { type: 'boolean', default: false, description: 'start again from the first value' },
    assign: {
      type: 'varname',
      read: 'assign',
      description: 'assign the value instead of printing it',
    },
  },
  errors: [
    'no `values` on the first call of a name: warning "cycle: missing \'values\' parameter", nothing printed',
    'an empty `delimiter` is a PHP ValueError (explode), an array one a TypeError',
    'a non-empty array as name: PHP TypeError (once a call with values has run; before that, the missing-values warning)',
  ],
  examples: [
    {
      template: '{cycle values="odd,even"} {cycle values="odd,even"} {cycle values="odd,even"}',
      output: 'odd even odd',
    },
    {
      template: '{cycle name=r values="a,b,c" print=false}{cycle name=r}{cycle name=r reset=true}',
      output: 'ba',
      description: 'later calls of a named cycle may leave out values',
    },
    {
      template: '{cycle values="a;b" delimiter=";"}{cycle values="a;b"}{cycle values="x,y"}',
      output: 'abx,y',
      description: 'a delimiter, once given, stays with its cycle (here the one named "default")',
    },
  ],
  run(ctx, a) {
    let all = ctx.state.get('cycle') as Map<string, Cycle> | undefined;
    // Smarty's static $cycle_vars is null until a call with values writes it: before that, a call
    // without values finds nothing under any name (isset() of null), even an array name
    if (a.values === undefined && all === undefined) {
      ctx.warn("cycle: missing 'values' parameter");
      return undefined;
    }
    if (!all) ctx.state.set('cycle', (all = new Map()));
    // empty($params['name']) ? 'default' : $params['name'], then the key of $cycle_vars
    const name = toBool(a.name ?? null) ? String(toKey(a.name)) : 'default';
    let c = all.get(name);
    if (a.values === undefined) {
      if (!c) {
        ctx.warn("cycle: missing 'values' parameter");
        return undefined;
      }
    } else {
      const values = a.values;
      if (!c) all.set(name, (c = { values, index: 0, delimiter: ',' }));
      else if (c.values !== null && !looseEquals(c.values, values)) c.index = 0;
      c.values = values instanceof PhpArray ? values.clone() : values;
    }
    if (a.delimiter != null) c.delimiter = a.delimiter;
    let list: PhpArray;
    if (c.values instanceof PhpArray) list = c.values;
    else {
      if (c.delimiter instanceof PhpArray) typeError('explode', 1, 'separator', 'string', c.delimiter);
      const delimiter = toStr(c.delimiter);
      if (delimiter === '')
        throw new PhpError('ValueError', 'explode(): Argument #1 ($separator) cannot be empty');
      list = PhpArray.fromList(splitString(toStr(c.values), delimiter));
    }
    if (toBool(a.reset)) c.index = 0;
    let current: Value | undefined = list.get(c.index);
    if (current === undefined) {
      ctx.warn(`cycle: Undefined array key ${c.index}`);
      current = null;
    }
    let print = toBool(a.print);
    if (a.assign !== undefined) {
      print = false;
      assignTo(ctx, a.assign, current);
    }
    if (toBool(a.advance)) c.index = c.index >= list.size - 1 ? 0 : c.index + 1;
    return print ? toStr(current) : undefined;
  },
});

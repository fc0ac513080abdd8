/**
 * Smarty 2.6.28's {counter} (libs/plugins/function.counter.php): named
 * counters that live for one render. Like Smarty, `skip` is used as given in PHP arithmetic (so 1.5 counts in halves), any
 * `direction` other than "down" counts up, and `assign` sticks to the counter. The name is a PHP array
 * key (1.5 and 1 are the same counter; an array is PHP's TypeError).
 */

import type { Value } from '@sumi/php';
import { add, looseEquals, PhpArray, PhpError, sub, toBool, toInt, toKey, toStr } from '@sumi/php';
import { assignTo } from '../plugin/attributes';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

interface Counter {
  skip: Value;
  direction: Value;
  count: Value;
  assign?: string | PhpArray;
}

export const counter: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'counter',
  group: 'Smarty functions',
  description:
    'Prints a counter that advances on every call. Several named counters can run side by side; each keeps its skip, direction and assign between calls.',
  attributes: {
    name: { type: 'string', read: 'raw', default: 'default', description: 'counter name' },
    start: { type: 'integer', description: 'start value; also resets the count' },
    skip: { type: 'mixed', description: 'step (a number), default 1; kept for later calls' },
    direction: {
      type: 'string',
      read: 'raw',
      description: '"down" counts down; anything else (default "up") counts up',
    },
    print: { type: 'boolean', description: 'print the value; default true unless the counter assigns' },
    assign: {
      type: 'varname',
      read: 'assign',
      description: 'also assign the value to this variable, on this and every later call',
    },
  },
  result: 'the current count (before advancing), unless print=false or the counter assigns',
  errors: [
    'a non-numeric skip is a PHP TypeError when the counter advances',
    'an array as name: PHP TypeError',
  ],
  examples: [
    { template: '{counter start=5 skip=2}|{counter}|{counter direction=down}|{counter}', output: '5|7|9|7' },
    {
      template: '{counter assign=n}{counter}{$n}',
      output: '2',
      description: 'assign sticks: the second call assigns 2 and prints nothing',
    },
  ],
  run(ctx, a) {
    let all = ctx.state.get('counter') as Map<string, Counter> | undefined;
    if (!all) ctx.state.set('counter', (all = new Map()));
    // isset($counters[$name])
    if (a.name instanceof PhpArray) throw new PhpError('TypeError', 'Illegal offset type in isset or empty');
    const name = String(toKey(a.name));
    let c = all.get(name);
    if (!c) all.set(name, (c = { skip: 1, direction: 'up', count: 1 }));
    if (a.start != null) c.count = toInt(a.start) as Value;
    if (a.assign !== undefined && toBool(a.assign)) c.assign = a.assign;
    if (c.assign !== undefined) assignTo(ctx, c.assign, c.count);
    const print = a.print != null ? toBool(a.print) : c.assign === undefined;
    const out = print ? toStr(c.count) : undefined;
    if (a.skip != null) c.skip = a.skip;
    if (a.direction != null) c.direction = a.direction;
    const warn = (m: string) => ctx.warn(`counter: ${m}`);
    c.count = looseEquals(c.direction, 'down') ? sub(c.count, c.skip, warn) : add(c.count, c.skip, warn);
    return out;
  },
});

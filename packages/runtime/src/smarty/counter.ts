/** Smarty 2.6's {counter}: named counters that live for one render. */
import { toBool, toInt } from '../php/convert';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

interface Counter {
  start: number;
  skip: number;
  direction: string;
  count: number;
  assign?: string;
}

export const counter: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'counter',
  group: 'Smarty functions',
  description: 'Prints a counter that advances on every call. Several named counters can run side by side.',
  attributes: {
    name: { type: 'string', default: 'default', description: 'counter name' },
    start: { type: 'integer', description: 'start value (also resets the count)' },
    skip: { type: 'integer', description: 'step, default 1' },
    direction: { type: 'string', enum: ['up', 'down'], description: 'up (default) or down' },
    print: { type: 'boolean', description: 'print the value; default true unless assign is set' },
    assign: { type: 'varname', description: 'assign the value instead of printing it' },
  },
  result: 'the current count (before advancing), unless print=false or assign',
  examples: [{ template: '{counter start=5 skip=2}|{counter}|{counter direction=down}', output: '5|7|9' }],
  run(ctx, a) {
    const table = ctx.state;
    let all = table.get('counter') as Map<string, Counter> | undefined;
    if (!all) table.set('counter', (all = new Map()));
    const name = String(a.name);
    let c = all.get(name);
    if (!c) all.set(name, (c = { start: 1, skip: 1, direction: 'up', count: 1 }));
    if (a.start != null) c.start = c.count = Number(toInt(a.start as Value));
    if (a.assign) c.assign = String(a.assign);
    if (c.assign) ctx.assign(c.assign, c.count);
    const print = a.print != null ? toBool(a.print as Value) : !c.assign;
    const out = print ? String(c.count) : undefined;
    if (a.skip != null) c.skip = Number(toInt(a.skip as Value));
    if (a.direction != null) c.direction = String(a.direction);
    c.count += c.direction === 'down' ? -c.skip : c.skip;
    return out;
  },
});

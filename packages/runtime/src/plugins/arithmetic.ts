/** {add} and {subtract}: PHP `+`/`-` on a variable, in place (dotted names allowed). */
import { add as phpAdd, sub as phpSub } from '../php/arith';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

const attributes = {
  var: {
    type: 'varname',
    required: true,
    description: 'variable to change; also receives the result (dotted names allowed)',
  },
  value: {
    type: 'number',
    default: 0,
    description: 'amount (an integer in the catalog; numeric strings and floats work as in PHP)',
  },
} as const;

export const add: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'add',
  group: 'Variables and arrays',
  description: 'Adds `value` to the variable `var` (an unset variable counts as 0).',
  attributes,
  result: 'the sum, stored in `var`; prints nothing',
  errors: [
    'a non-numeric `value` stops the render (ATTRIBUTE_TYPE)',
    'a variable holding an array: PHP TypeError',
  ],
  examples: [{ template: '{assign var=n value=5}{add var=n value=3}{$n}', output: '8' }],
  run(ctx, a) {
    const name = a.var as string;
    ctx.assign(name, phpAdd(ctx.get(name), a.value as Value));
  },
});

export const subtract: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'subtract',
  group: 'Variables and arrays',
  description: 'Subtracts `value` from the variable `var` (an unset variable counts as 0).',
  attributes,
  result: 'the difference, stored in `var`; prints nothing',
  errors: [
    'a non-numeric `value` stops the render (ATTRIBUTE_TYPE)',
    'a variable holding an array: PHP TypeError',
  ],
  examples: [{ template: '{assign var=n value=10}{subtract var=n value=4}{$n}', output: '6' }],
  run(ctx, a) {
    const name = a.var as string;
    ctx.assign(name, phpSub(ctx.get(name), a.value as Value));
  },
});

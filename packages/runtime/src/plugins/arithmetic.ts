/** {add} and {subtract}: PHP `+`/`-` on a variable, in place (dotted names allowed). */

import type { Value } from '@sumi/php';
import { add as phpAdd, sub as phpSub } from '@sumi/php';
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
    description:
      'amount (an integer in the catalog; numeric strings and floats work as in PHP, and a leading-numeric string such as "12abc" counts as 12 with a warning)',
  },
} as const;

/** a plugin applying PHP's `op` to the variable and `value` */
function arithmetic(
  name: string,
  op: (a: Value, b: Value, warn: (message: string) => void) => Value,
  description: string,
  result: string,
  example: { template: string; output: string },
): FunctionPluginDef {
  return definePlugin({
    kind: 'function',
    writes: 'var',
    name,
    group: 'Variables and arrays',
    description,
    attributes,
    result,
    errors: [
      'a `value` that is not even leading-numeric stops the render (ATTRIBUTE_TYPE)',
      'a variable holding an array: PHP TypeError',
    ],
    examples: [example],
    run(ctx, a) {
      const v = a.var as string;
      ctx.assign(
        v,
        op(ctx.get(v), a.value as Value, (m) => ctx.warn(m)),
      );
    },
  });
}

export const add = arithmetic(
  'add',
  phpAdd,
  'Adds `value` to the variable `var` (an unset variable counts as 0).',
  'the sum, stored in `var`; prints nothing',
  { template: '{assign var=n value=5}{add var=n value=3}{$n}', output: '8' },
);

export const subtract = arithmetic(
  'subtract',
  phpSub,
  'Subtracts `value` from the variable `var` (an unset variable counts as 0).',
  'the difference, stored in `var`; prints nothing',
  { template: '{assign var=n value=10}{subtract var=n value=4}{$n}', output: '6' },
);

/**
 * Smarty 2.6.28's value modifiers: default, debug_print_var, and the no-op
 * `smarty` (`|smarty:nodefaults`) and its CMS alias `raw`.
 */

import {
  byteCount,
  coerceParam,
  decrement,
  fromBinary,
  gt,
  htmlspecialchars,
  increment,
  isFloat,
  isInt,
  mul,
  PhpArray,
  PhpObject,
  StringBuilder,
  strRepeat,
  sub,
  substrBytes,
  toBinary,
  toInt,
  toStr,
  type Value,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';
import { strtrPairs } from './text-algorithms';

const GROUP = 'Smarty built-in';

export const defaultDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'default',
  group: GROUP,
  description:
    'Gives `default` when the value is unset, null or the empty string; any other value (0, "0", false, an empty ' +
    'array) is kept. Without `@` on an array, each element gets the default.',
  args: [
    { name: 'default', type: 'mixed', optional: true, default: '', description: 'the value to use instead' },
  ],
  result: 'the value or the default',
  examples: [
    {
      template: "[{$undef|default:'d'}] [{$zero|default:'d'}] [{$empty|default:'d'}]",
      data: { zero: 0, empty: '' },
      output: '[d] [0] [d]',
    },
  ],
  run(_ctx: RenderContext, value: Value, dflt?: Value): Value {
    if (value === null || value === undefined || value === '') return dflt === undefined ? '' : dflt;
    return value;
  },
});

export const raw: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'raw',
  group: GROUP,
  description:
    'Returns the value unchanged. The CMS alias of `|smarty:nodefaults`: it switches off default modifiers, and ' +
    'there are none, so it is a no-op.',
  args: [],
  result: 'the value, unchanged',
  examples: [{ template: '{$html|raw}', data: { html: '<b>x</b>' }, output: '<b>x</b>' }],
  run(_ctx: RenderContext, value: Value): Value {
    return value;
  },
});

export const smarty: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'smarty',
  group: GROUP,
  description:
    '`|smarty:nodefaults` switches off the default modifiers for one variable. The CMS configures none, so the ' +
    'value is returned unchanged.',
  args: [{ name: 'nodefaults', type: 'string', optional: true, description: 'the word `nodefaults`' }],
  result: 'the value, unchanged',
  examples: [{ template: '{$html|smarty:nodefaults}', data: { html: '<i>y</i>' }, output: '<i>y</i>' }],
  run(_ctx: RenderContext, value: Value): Value {
    return value;
  },
});

const DPV_REPLACE: ReadonlyArray<readonly [string, string]> = [
  ['\n', '<i>\\n</i>'],
  ['\r', '<i>\\r</i>'],
  ['\t', '<i>\\t</i>'],
];

/** substr($s, 0, $n) on bytes */
function byteHead(s: string, n: number): string {
  return fromBinary(substrBytes(toBinary(s), 0, n));
}

const hsc = (s: string) => htmlspecialchars(s);

/**
 * smarty_modifier_debug_print_var() of Smarty 2.6.28, switch on gettype():
 * arrays and objects recurse with `<br>` + 2 `&nbsp;` per level, booleans and
 * null are `<i>true</i>`/`<i>false</i>`/`<i>null</i>`, ints print as is, strings
 * are quoted and cut to `length` bytes, floats ("double", the default branch)
 * are cut too. Control characters become `<i>\n</i>` and the result is passed
 * through htmlspecialchars(), which escapes those tags as well.
 */
const TIMES = { name: 'times', type: 'int' } as const;
const SILENT = { warn: () => {} };

export function debugPrintVar(v: Value, depth: Value, length: Value, guard = 0): string {
  if (guard > 64) return '<i>*RECURSION*</i>';
  if (v instanceof PhpArray || v instanceof PhpObject) {
    // one line per element (and an indent as deep as asked): built in chunks, within the string cap
    const out = new StringBuilder();
    // Per element PHP prints `str_repeat('&nbsp;', $depth * 2)`, passes `++$depth` down, then does
    // `$depth--`. A number comes back to itself; a string such as "2abc" is incremented as a string
    // ("2abd") and never decremented, so a later element's indent may differ ("9z" becomes "10a").
    // An empty array does no arithmetic on `depth`; for a non-empty one, an array or a non-numeric
    // string is PHP's TypeError.
    let at: Value = depth;
    let indentAt: Value | undefined;
    let indent = '';
    /** before an element: its indent, and the depth its value is printed at */
    const step = (): Value => {
      if (indentAt === undefined || at !== indentAt) {
        // str_repeat()'s int parameter reads it: a float past the int range is its TypeError
        indent = strRepeat(
          '&nbsp;',
          coerceParam('str_repeat', 2, TIMES, mul(at, 2), SILENT) as number | bigint,
        );
        indentAt = at;
      }
      const next = increment(at);
      at = decrement(next);
      return next;
    };
    if (v instanceof PhpArray) {
      out.add(`<b>Array (${v.size})</b>`);
      v.forEach((val, key) => {
        const next = step();
        out.add(`<br>${indent}<b>${strtrPairs(String(key), DPV_REPLACE)}</b> =&gt; `);
        out.add(debugPrintVar(val, next, length, guard + 1));
      });
    } else {
      out.add(`<b>${v.className} Object (${v.props.size})</b>`);
      v.props.forEach((val, key) => {
        const next = step();
        out.add(`<br>${indent}<b> -&gt;${strtrPairs(String(key), DPV_REPLACE)}</b> = `);
        out.add(debugPrintVar(val, next, length, guard + 1));
      });
    }
    return out.toString();
  }
  if (v === null || v === undefined) return '<i>null</i>';
  if (typeof v === 'boolean') return v ? '<i>true</i>' : '<i>false</i>';
  if (isInt(v)) return hsc(toStr(v));
  if (typeof v === 'string') {
    // a string longer than `length` (PHP's loose `>`) is cut (and its control characters are not replaced)
    const results = gt(byteCount(v), length) ? cut(v, length) : strtrPairs(v, DPV_REPLACE);
    return hsc(`"${results}"`);
  }
  // floats: gettype() says "double", which falls to the default branch
  let results = strtrPairs(isFloat(v) ? toStr(v) : String(v), DPV_REPLACE);
  if (gt(byteCount(results), length)) results = cut(results, length);
  return hsc(results);
}

/** `substr($s, 0, $length - 3) . '...'`, with PHP's `-` on whatever `length` is */
function cut(s: string, length: Value): string {
  return `${byteHead(s, Number(toInt(sub(length, 3))))}...`;
}

export const debugPrintVarDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'debug_print_var',
  group: GROUP,
  wholeArray: true,
  description:
    'Formats a value as HTML for debugging, exactly like Smarty 2.6.28: `<b>Array (n)</b>` with one `<br>` line per ' +
    'element (two `&nbsp;` of indent per level), `<i>true</i>`/`<i>false</i>`/`<i>null</i>`, strings in quotes cut ' +
    'to `length` bytes with `...`, everything passed through htmlspecialchars. Write it with `@` for arrays.',
  args: [
    { name: 'depth', type: 'int', optional: true, default: 0, description: 'starting indentation level' },
    {
      name: 'length',
      type: 'int',
      optional: true,
      default: 40,
      description: 'strings longer than this (bytes) are cut',
    },
  ],
  result: 'an HTML string',
  examples: [
    {
      template: '{$a|@debug_print_var}',
      data: { a: { name: 'Ann', tags: ['x'], ok: true } },
      output:
        '<b>Array (3)</b><br><b>name</b> =&gt; &quot;Ann&quot;<br><b>tags</b> =&gt; <b>Array (1)</b><br>&nbsp;&nbsp;<b>0</b> =&gt; &quot;x&quot;<br><b>ok</b> =&gt; <i>true</i>',
    },
  ],
  run(_ctx: RenderContext, value: Value, depth?: Value, length?: Value): Value {
    // PHP's own arithmetic and comparison on the arguments, as the plugin does them
    return debugPrintVar(value, depth === undefined ? 0 : depth, length === undefined ? 40 : length);
  },
});

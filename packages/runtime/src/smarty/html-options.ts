/**
 * Smarty 2.6.28's {html_options} (libs/plugins/function.html_options.php):
 * <option> lists, with <optgroup> for nested arrays. As in Smarty, `options`,
 * `values` and `output` are cast to arrays, `selected` is compared as strings
 * with PHP's loose `in_array`, and the `name` of the <select> is printed as given.
 */

import type { Value } from '@sumi/php';
import {
  allowString,
  htmlspecialchars,
  isNumericString,
  looseEquals,
  PhpArray,
  PhpObject,
  replaceAllString,
  replaceMatches,
  StringBuilder,
  toBool,
  toFloat,
  toStr,
} from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

/**
 * smarty_function_escape_special_chars: htmlspecialchars that leaves existing entities (`&amp;`,
 * `&#39;`) alone, with PHP 8's default flags (ENT_QUOTES | ENT_SUBSTITUTE: bytes that are not UTF-8
 * become U+FFFD)
 */
export function escapeSpecialChars(v: Value): string {
  const s = toStr(v);
  // each entity grows by 34 characters while marked: replaced match by match, within the string cap
  const marked = replaceMatches(s, ENTITY, (m) => `%%%SMARTY_START%%%${m[1]}%%%SMARTY_END%%%`);
  return replaceAllString(
    replaceAllString(htmlspecialchars(marked), '%%%SMARTY_START%%%', '&'),
    '%%%SMARTY_END%%%',
    ';',
  );
}

const ENTITY = /&(#?\w+);/g;

/** PHP's (array) cast */
function asArray(v: Value): PhpArray {
  if (v instanceof PhpArray) return v;
  if (v === null) return new PhpArray();
  if (v instanceof PhpObject) return v.props.clone();
  return PhpArray.fromList([v]);
}

const OWN = new Set(['name', 'options', 'values', 'output', 'selected']);

export const htmlOptions: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'html_options',
  group: 'Smarty functions',
  description:
    'Prints <option> elements from `options` (value => label) or from `values` and `output`; nested arrays become <optgroup>. With `name`, wraps them in a <select>.',
  attributes: {
    options: {
      type: 'mixed',
      nullIsGiven: true,
      description:
        'value => label pairs (an array; a scalar counts as a one-element list, null as an empty one)',
    },
    values: {
      type: 'mixed',
      nullIsGiven: true,
      description: 'option values, used with output when options is not given (null: none)',
    },
    output: { type: 'mixed', description: 'option labels, by position of values (missing: empty)' },
    selected: {
      type: 'mixed',
      description: 'selected value, or an array of them (compared as strings, loosely)',
    },
    name: { type: 'string', description: 'name of a <select> to wrap the options in (printed as given)' },
  },
  extraAttributes: 'other attributes are added, escaped, to the <select> tag when name is given',
  examples: [
    {
      template: '{html_options options=$o selected="b"}',
      data: { o: { a: 'A', b: 'B' } },
      output:
        '<option label="A" value="a">A</option>\n<option label="B" value="b" selected="selected">B</option>\n',
    },
    {
      template: '{html_options name=pref values=$ids output=$names selected=2 class="x"}',
      data: { ids: [1, 2], names: ['Tokyo', 'Osaka'] },
      output:
        '<select name="pref" class="x">\n<option label="Tokyo" value="1">Tokyo</option>\n<option label="Osaka" value="2" selected="selected">Osaka</option>\n</select>\n',
    },
  ],
  run(ctx, a) {
    const selected = new Selected(
      a.selected === undefined ? [] : [...asArray(a.selected).values()].map((v) => toStr(v)),
    );
    let extra = '';
    for (const [k, v] of Object.entries(a)) {
      if (OWN.has(k) || v === undefined) continue;
      if (v instanceof PhpArray) ctx.warn(`html_options: extra attribute '${k}' cannot be an array`);
      else extra += ` ${k}="${escapeSpecialChars(v)}"`;
    }
    const hasOptions = a.options !== undefined;
    if (!hasOptions && a.values === undefined) return '';
    // one <option> per element: built in chunks, within the string cap
    const html = new StringBuilder();
    if (hasOptions) {
      for (const [k, v] of asArray(a.options as Value).entries()) html.add(option(k, v, selected));
    } else {
      const output = a.output === undefined ? null : [...asArray(a.output).values()];
      let i = 0;
      for (const v of asArray(a.values as Value).values()) {
        const label = output?.[i++] ?? null;
        html.add(option(v, label ?? '', selected));
      }
    }
    const name = a.name === undefined ? '' : toStr(a.name);
    if (!toBool(name)) return html.toString();
    const open = `<select name="${name}"${extra}>\n`;
    allowString(open.length + html.length + 10);
    return `${open}${html.toString()}</select>\n`;
  },
});

/**
 * The selected values, looked up in constant time per option: PHP compares them as strings, loosely,
 * so two numeric strings are equal when their numbers are ("1" == "01" == "1.0"). A list scanned per
 * option would make a select of n options and n selected values take n² comparisons.
 */
class Selected {
  private readonly exact: Set<string>;
  private readonly numbers = new Set<number>();
  /** numeric strings whose value a double cannot hold exactly: compared one by one */
  private readonly wide: string[] = [];

  constructor(values: readonly string[]) {
    this.exact = new Set(values);
    for (const v of values) {
      if (!isNumericString(v)) continue;
      const n = toFloat(v);
      if (Math.abs(n) < 2 ** 53) this.numbers.add(n);
      else this.wide.push(v);
    }
  }

  has(k: string): boolean {
    if (this.exact.has(k)) return true;
    if (!isNumericString(k)) return false;
    const n = toFloat(k);
    if (Math.abs(n) >= 2 ** 53) return [...this.exact].some((x) => looseEquals(k, x));
    return this.numbers.has(n) || this.wide.some((x) => looseEquals(k, x));
  }
}

function option(key: Value, label: Value, selected: Selected): string {
  if (label instanceof PhpArray) {
    const inner = new StringBuilder();
    inner.add(`<optgroup label="${escapeSpecialChars(key)}">\n`);
    for (const [k, v] of label.entries()) inner.add(option(k, v, selected));
    inner.add('</optgroup>\n');
    return inner.toString();
  }
  const k = toStr(key);
  const s = selected.has(k) ? ' selected="selected"' : '';
  const text = escapeSpecialChars(label);
  return `<option label="${text}" value="${escapeSpecialChars(key)}"${s}>${text}</option>\n`;
}

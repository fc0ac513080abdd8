/** Smarty 2.6's {html_options}: <option> lists (with optgroups) from arrays. */
import { PhpArray } from '../php/array';
import { toStr } from '../php/convert';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

/** smarty_function_escape_special_chars: htmlspecialchars that leaves existing entities alone */
function esc(v: Value): string {
  return toStr(v)
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export const htmlOptions: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'html_options',
  group: 'Smarty functions',
  description: 'Prints <option> elements from `options` (value => label) or from `values` and `output`; nested arrays become <optgroup>. With `name`, wraps them in a <select>.',
  attributes: {
    options: { type: 'array', description: 'value => label pairs' },
    values: { type: 'array', description: 'option values (with output)' },
    output: { type: 'array', description: 'option labels (with values)' },
    selected: { type: 'mixed', description: 'selected value or array of values' },
    name: { type: 'string', description: 'name of a <select> to wrap the options in' },
  },
  extraAttributes: 'other attributes are added to the <select> tag when name is given',
  examples: [
    {
      template: '{html_options options=$o selected="b"}',
      data: { o: { a: 'A', b: 'B' } },
      output: '<option label="A" value="a">A</option>\n<option label="B" value="b" selected="selected">B</option>\n',
    },
  ],
  run(_ctx, a) {
    const selected = new Set<string>();
    const sel = a.selected as Value;
    if (sel instanceof PhpArray) for (const v of sel.values()) selected.add(toStr(v));
    else if (sel !== undefined && sel !== null) selected.add(toStr(sel));
    let html = '';
    if (a.options instanceof PhpArray) {
      for (const [k, v] of a.options.entries()) html += option(k, v, selected);
    } else if (a.values instanceof PhpArray) {
      const out = a.output instanceof PhpArray ? [...a.output.values()] : [];
      let i = 0;
      for (const v of a.values.values()) html += option(v as string | number, out[i++] ?? '', selected);
    }
    if (a.name == null || a.name === '') return html;
    let extra = '';
    for (const [k, v] of Object.entries(a)) {
      if (!['options', 'values', 'output', 'selected', 'name'].includes(k)) extra += ` ${k}="${esc(v as Value)}"`;
    }
    return `<select name="${esc(a.name as Value)}"${extra}>\n${html}</select>\n`;
  },
});

function option(key: string | number | Value, label: Value, selected: Set<string>): string {
  if (label instanceof PhpArray) {
    let inner = '';
    for (const [k, v] of label.entries()) inner += option(k, v, selected);
    return `<optgroup label="${esc(key as Value)}">\n${inner}</optgroup>\n`;
  }
  const s = selected.has(toStr(key as Value)) ? ' selected="selected"' : '';
  return `<option label="${esc(label)}" value="${esc(key as Value)}"${s}>${esc(label)}</option>\n`;
}

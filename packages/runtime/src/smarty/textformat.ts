/** Smarty 2.6's {textformat}: re-flows paragraphs with wrapping and indentation. */
import { toBool, toInt, toStr } from '../php/convert';
import type { Value } from '../php/value';
import { type BlockPluginDef, definePlugin } from '../plugin/types';
import { wordwrap } from './wordwrap';

export const textformat: BlockPluginDef = definePlugin({
  kind: 'block',
  name: 'textformat',
  group: 'Smarty functions',
  description: 'Collapses white space in each paragraph of its body, wraps lines and indents them.',
  attributes: {
    style: { type: 'string', description: '"email" wraps at 72' },
    indent: { type: 'integer', default: 0, description: 'characters of indentation of every line' },
    indent_first: { type: 'integer', default: 0, description: 'extra indentation of each paragraph first line' },
    indent_char: { type: 'string', default: ' ', description: 'indentation character' },
    wrap: { type: 'integer', default: 80, description: 'line width' },
    wrap_char: { type: 'string', default: '\n', description: 'line break inserted' },
    wrap_cut: { type: 'boolean', default: false, description: 'cut words longer than the width' },
    assign: { type: 'varname', description: 'assign the text instead of printing it' },
  },
  examples: [{ template: '{textformat wrap=12 indent=2 indent_char="-"}alpha beta gamma delta{/textformat}', output: '--alpha beta\n--gamma\n--delta' }],
  async: false,
  run(ctx, a, body) {
    const content = body.render();
    const format = (text: string) => {
      const num = (k: string) => Number(toInt(a[k] as Value));
      let wrap = num('wrap');
      if (a.style === 'email') wrap = 72;
      const indent = num('indent');
      const indentFirst = num('indent_first');
      const ch = toStr(a.indent_char as Value);
      const wrapChar = toStr(a.wrap_char as Value);
      const paragraphs = text.split(/[\r\n][\r\n]/);
      const out = paragraphs.map((p) => {
        if (p === '') return p;
        let s = p.replace(/\s+/g, ' ').replace(/^\s+|\s+$/g, '');
        if (indentFirst > 0) s = ch.repeat(indentFirst) + s;
        s = wordwrap(s, wrap - indent, wrapChar, toBool(a.wrap_cut as Value));
        if (indent > 0) s = s.replace(/^/gm, ch.repeat(indent));
        return s;
      });
      const result = out.join(wrapChar + wrapChar);
      if (a.assign) {
        ctx.assign(String(a.assign), result);
        return undefined;
      }
      return result;
    };
    return typeof content === 'string' ? format(content) : content.then(format);
  },
});

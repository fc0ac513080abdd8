/**
 * Smarty 2.6.28's {textformat} (libs/plugins/block.textformat.php): re-flows
 * the paragraphs of its body. As in PHP, white space is PCRE's `\s` without
 * /u (space, \t, \n, \v, \f, \r: an ideographic space is text), widths count
 * bytes (wordwrap() runs on the UTF-8 bytes), and `indent` lines start after
 * each "\n" except a final one (PCRE's multiline `^`).
 */

import { fromBinary, toBinary, toBool, toInt, toStr } from '@sumi/php';
import { type BlockPluginDef, definePlugin } from '../plugin/types';
import { wordwrap } from './wordwrap';

/** PCRE's \s in non-UTF mode */
const WS = /[ \t\n\v\f\r]+/g;
const EDGES = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g;

/** preg_replace('!^!m', $prefix, $s): after every "\n" that is not the last character */
function indentLines(s: string, prefix: string): string {
  let out = prefix;
  let from = 0;
  for (let i = s.indexOf('\n'); i >= 0 && i < s.length - 1; i = s.indexOf('\n', i + 1)) {
    out += s.slice(from, i + 1) + prefix;
    from = i + 1;
  }
  return out + s.slice(from);
}

function textformatText(
  content: string,
  o: {
    wrap: number;
    indent: number;
    indentFirst: number;
    indentChar: string;
    wrapChar: string;
    wrapCut: boolean;
  },
): string {
  const paragraphs = content.split(/[\r\n][\r\n]/);
  for (let i = 0; i < paragraphs.length; i++) {
    let p = paragraphs[i]!;
    if (p === '') continue;
    p = p.replace(WS, ' ').replace(EDGES, '');
    if (o.indentFirst > 0) p = o.indentChar.repeat(o.indentFirst) + p;
    p = fromBinary(wordwrap(toBinary(p), o.wrap - o.indent, toBinary(o.wrapChar), o.wrapCut));
    if (o.indent > 0) p = indentLines(p, o.indentChar.repeat(o.indent));
    paragraphs[i] = p;
  }
  return paragraphs.join(o.wrapChar + o.wrapChar);
}

export const textformat: BlockPluginDef = definePlugin({
  kind: 'block',
  name: 'textformat',
  group: 'Smarty functions',
  description:
    'Re-flows each paragraph (separated by a blank line) of its body: white space collapses to one space, lines wrap at `wrap` bytes and are indented.',
  attributes: {
    style: { type: 'string', description: '"email" wraps at 72' },
    indent: { type: 'integer', default: 0, description: 'characters of indentation of every line' },
    indent_first: {
      type: 'integer',
      default: 0,
      description: 'extra indentation of each paragraph first line',
    },
    indent_char: { type: 'string', default: ' ', description: 'indentation character' },
    wrap: { type: 'integer', default: 80, description: 'line width in bytes' },
    wrap_char: {
      type: 'string',
      default: '\n',
      description: 'line break inserted (and paragraph separator, doubled)',
    },
    wrap_cut: { type: 'boolean', default: false, description: 'cut words longer than the width' },
    assign: { type: 'varname', description: 'assign the text instead of printing it' },
  },
  errors: ['an empty wrap_char, or wrap_cut with a width of 0, is a PHP ValueError (wordwrap)'],
  examples: [
    {
      template: '{textformat wrap=12 indent=2 indent_char="-"}alpha beta gamma delta{/textformat}',
      output: '--alpha beta\n--gamma\n--delta',
    },
    {
      template: '{textformat wrap=20}one\n  two\n\nthree   four{/textformat}',
      output: 'one two\n\nthree four',
    },
  ],
  run(ctx, a, body) {
    const format = (text: string) => {
      const num = (k: 'wrap' | 'indent' | 'indent_first') => Number(toInt(a[k]));
      const result = textformatText(text, {
        wrap: a.style != null && toStr(a.style) === 'email' ? 72 : num('wrap'),
        indent: num('indent'),
        indentFirst: num('indent_first'),
        indentChar: toStr(a.indent_char),
        wrapChar: toStr(a.wrap_char),
        wrapCut: toBool(a.wrap_cut),
      });
      if (a.assign != null && toBool(a.assign)) {
        ctx.assign(toStr(a.assign), result);
        return undefined;
      }
      return result;
    };
    const content = body.render();
    return typeof content === 'string' ? format(content) : content.then(format);
  },
});

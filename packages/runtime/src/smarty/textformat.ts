/**
 * Smarty 2.6.28's {textformat} (libs/plugins/block.textformat.php): re-flows
 * the paragraphs of its body. As in PHP, white space is PCRE's `\s` without
 * /u (space, \t, \n, \v, \f, \r: an ideographic space is text), widths count
 * bytes (wordwrap() runs on the UTF-8 bytes), and `indent` lines start after
 * each "\n" except a final one (PCRE's multiline `^`).
 */

import {
  allowString,
  coerceParam,
  fromBinary,
  joinStrings,
  prefixLines,
  repeatString,
  replaceMatches,
  splitString,
  sub,
  toBinary,
  toBool,
  toInt,
  toStr,
} from '@sumi/php';
import { type BlockPluginDef, definePlugin } from '../plugin/types';
import type { RenderContext } from '../render/context';
import { wordwrap } from './wordwrap';

/** PCRE's \s in non-UTF mode */
const WS = /[ \t\n\v\f\r]+/g;
const EDGES = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g;
const PARAGRAPH_BREAK = /[\r\n][\r\n]/;

/**
 * wordwrap()'s width, `$wrap - $indent` in PHP's int arithmetic (past the int range it is a float),
 * read as wordwrap()'s int parameter when it is first called: a float beyond the int range is its
 * TypeError (-2^63 is still an int)
 */
function wrapWidth(ctx: RenderContext, wrap: number | bigint, indent: number | bigint): () => number {
  const width = sub(wrap, indent);
  return () => Number(coerceParam('wordwrap', 2, WIDTH, width, ctx));
}
const WIDTH = { name: 'width', type: 'int' } as const;

function textformatText(
  content: string,
  o: {
    width: () => number;
    indent: number;
    indentFirst: number;
    indentChar: string;
    wrapChar: string;
    wrapCut: boolean;
  },
): string {
  // preg_split: one piece per paragraph, within the array cap
  const paragraphs = splitString(content, PARAGRAPH_BREAK);
  // the indents are made when a paragraph first needs them, as Smarty's str_repeat() calls are
  let indentFirst: string | null = null;
  let indent: string | null = null;
  for (let i = 0; i < paragraphs.length; i++) {
    let p = paragraphs[i]!;
    if (p === '') continue;
    // one match per white-space run of a long paragraph: replaced match by match
    p = replaceMatches(p, WS, () => ' ').replace(EDGES, '');
    if (o.indentFirst > 0) {
      indentFirst ??= repeatString(o.indentChar, o.indentFirst);
      allowString(indentFirst.length + p.length);
      p = indentFirst + p;
    }
    p = fromBinary(wordwrap(toBinary(p), o.width(), toBinary(o.wrapChar), o.wrapCut));
    if (o.indent > 0) p = prefixLines(p, (indent ??= repeatString(o.indentChar, o.indent)));
    paragraphs[i] = p;
  }
  return joinStrings(paragraphs, o.wrapChar + o.wrapChar);
}

export const textformat: BlockPluginDef = definePlugin({
  kind: 'block',
  name: 'textformat',
  group: 'Smarty functions',
  // Smarty casts every attribute it is given, null included: `wrap=$undefined` wraps at 0
  nullIsGiven: true,
  description:
    'Re-flows each paragraph (separated by a blank line) of its body: white space collapses to one space, lines wrap at `wrap` bytes and are indented.',
  attributes: {
    style: { type: 'string', description: '"email" wraps at 72' },
    indent: {
      type: 'integer',
      default: 0,
      description: 'characters of indentation of every line',
    },
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
    wrap_cut: {
      type: 'boolean',
      default: false,
      description: 'cut words longer than the width',
    },
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
      const wrap = a.style != null && toStr(a.style) === 'email' ? 72 : toInt(a.wrap);
      const result = textformatText(text, {
        width: wrapWidth(ctx, wrap, toInt(a.indent)),
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

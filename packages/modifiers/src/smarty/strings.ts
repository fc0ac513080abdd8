/**
 * Smarty 2.6.28's string modifiers (libs/plugins/modifier.*.php), with the
 * PHP 8.2 behaviour of the functions they call: byte lengths, ASCII-only case
 * mapping, TypeErrors for arrays where PHP wants a string. These are Smarty's own
 * plugins, PHP code that lets a TypeError or ValueError through: the template
 * fails (only the allowlisted PHP functions used as modifiers give null instead).
 */

import {
  allowString,
  asciiLower,
  asciiUpper,
  byteLength,
  ctxReporter,
  fromBinary,
  gt,
  hasLoneSurrogate,
  looseEquals,
  lt,
  mapSubject,
  PhpArray,
  PhpObject,
  phpParams,
  phpStripTags,
  pregReplace,
  strArg,
  stringCap,
  stringParam,
  strRepeat,
  sub,
  toBinary,
  toBool,
  toFloat,
  toStr,
  type Value,
} from '@sumi/php';
import { definePlugin, type ModifierDef, wordwrap as phpWordwrap, type RenderContext } from '@sumi/runtime';
import { tooFewArguments } from './replacing';
import {
  capitalize as capitalizeText,
  collapseWhitespace,
  countCharacters,
  countParagraphs,
  countSentences,
  countWords,
  cutText,
  indent as indentText,
  nl2br as nl2brText,
  spacify as spacifyText,
  tagsToSpaces,
  truncate as truncateText,
} from './text-algorithms';

const GROUP = 'Smarty built-in';

const strOf = (v: Value | undefined, dflt: string): string => (v === undefined ? dflt : toStr(v));
const boolOf = (v: Value | undefined, dflt: boolean): boolean => (v === undefined ? dflt : toBool(v));

export const capitalize: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'capitalize',
  group: GROUP,
  description:
    "Upper-cases the first letter of every word (Smarty's regex `'?\\b\\w(\\w|')*\\b` without the `u` flag: " +
    "words are ASCII letters, digits, `_` and `'`). Words containing a digit and words starting with `'` are left " +
    'alone unless `uc_digits` is true. Multibyte letters are not word characters: `ça va` gives `çA Va`.',
  args: [
    {
      name: 'uc_digits',
      type: 'bool',
      optional: true,
      default: false,
      description: 'also capitalize words containing digits',
    },
  ],
  result: 'the string with capitalized words; an array subject gives an array',
  examples: [
    {
      template: '{$s|capitalize}',
      data: { s: "hello wORLD next2you o'neil" },
      output: "Hello WORLD next2you O'neil",
    },
    { template: '{$s|capitalize:true}', data: { s: 'next2you 3rd' }, output: 'Next2you 3rd' },
  ],
  run(ctx: RenderContext, value: Value, ucDigits?: Value): Value {
    const uc = boolOf(ucDigits, false);
    return mapSubject(ctx, value, (s) => capitalizeText(s, uc));
  },
});

export const cat: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'cat',
  group: GROUP,
  description: 'Appends the argument to the value (`$value . $cat`). Arrays print as `Array`.',
  args: [{ name: 'cat', type: 'mixed', description: 'the text to append' }],
  errors: ['without an argument it is an ArgumentCountError: the template fails'],
  result: 'the concatenated string',
  examples: [{ template: "{$a|cat:'-'|cat:$b}", data: { a: 'A', b: 'B' }, output: 'A-B' }],
  onStringWith([suffix]) {
    // a literal is a scalar: its text is known now, and printing it warns of nothing
    if (suffix === undefined || suffix instanceof PhpArray || suffix instanceof PhpObject) return null;
    const tail = toStr(suffix);
    return (s) => {
      allowString(s.length + tail.length);
      return s + tail;
    };
  },
  run(ctx: RenderContext, value: Value, suffix?: Value): Value {
    if (suffix === undefined) tooFewArguments('cat', 1, 2);
    // only an array warns when printed ("Array to string conversion"): no closure for the others
    const head = typeof value === 'string' ? value : toStr(value, (m) => ctx.warn(m));
    const tail = typeof suffix === 'string' ? suffix : toStr(suffix, (m) => ctx.warn(m));
    allowString(head.length + tail.length);
    return head + tail;
  },
});

export const countCharactersDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'count_characters',
  group: GROUP,
  description:
    'Counts the characters of the value, in bytes like PHP (`日本` is 6). Whitespace is not counted unless ' +
    '`include_spaces` is true.',
  args: [
    {
      name: 'include_spaces',
      type: 'bool',
      optional: true,
      default: false,
      description: 'count whitespace too',
    },
  ],
  result: 'an integer',
  examples: [
    {
      template: '{$s|count_characters} {$s|count_characters:true}',
      data: { s: 'Cold Wave  Linked' },
      output: '14 17',
    },
  ],
  run(_ctx: RenderContext, value: Value, includeSpaces?: Value): Value {
    const inc = boolOf(includeSpaces, false);
    return countCharacters(
      inc ? strArg('strlen', value) : strArg('preg_match_all', value, 2, 'subject'),
      inc,
    );
  },
});

export const countParagraphsDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'count_paragraphs',
  group: GROUP,
  description:
    'Counts paragraphs: the pieces left between runs of line breaks (`\\r`, `\\n`). An empty string is 1.',
  args: [],
  result: 'an integer',
  examples: [{ template: '{$p|count_paragraphs}', data: { p: 'one\ntwo\n\nthree' }, output: '3' }],
  run(_ctx: RenderContext, value: Value): Value {
    return countParagraphs(strArg('preg_split', value, 2, 'subject'));
  },
});

export const countSentencesDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'count_sentences',
  group: GROUP,
  description:
    'Counts sentences: periods that follow a non-space character and are not followed by a word character ' +
    '(only `.` counts, not `?` or `!`).',
  args: [],
  result: 'an integer',
  examples: [
    { template: '{$s|count_sentences}', data: { s: 'Hello there. How are you? Fine!' }, output: '1' },
  ],
  run(_ctx: RenderContext, value: Value): Value {
    return countSentences(strArg('preg_match_all', value, 2, 'subject'));
  },
});

export const countWordsDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'count_words',
  group: GROUP,
  description:
    'Counts words: whitespace-separated pieces that contain an ASCII letter or digit or a multibyte character.',
  args: [],
  result: 'an integer',
  examples: [{ template: '{$s|count_words}', data: { s: 'Hello there. How are you? Fine!' }, output: '6' }],
  run(_ctx: RenderContext, value: Value): Value {
    return countWords(strArg('preg_split', value, 2, 'subject'));
  },
});

export const indent: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'indent',
  group: GROUP,
  description:
    'Indents every line by `chars` copies of `char` (a line break at the very end does not start a new line).',
  args: [
    { name: 'chars', type: 'int', optional: true, default: 4, description: 'how many copies of `char`' },
    { name: 'char', type: 'string', optional: true, default: ' ', description: 'the indentation text' },
  ],
  errors: [
    'a negative `chars` is a ValueError of str_repeat(), an array `chars` or `char` a TypeError: the template fails',
  ],
  result: 'the indented string; an array subject gives an array',
  examples: [{ template: "{$s|indent:2:'-'}", data: { s: 'a\nb' }, output: '--a\n--b' }],
  run(ctx: RenderContext, value: Value, chars?: Value, ch?: Value): Value {
    // smarty_modifier_indent: preg_replace('!^!m', str_repeat($char, $chars), $string)
    const [c, times] = phpParams(
      'str_repeat',
      [
        { name: 'string', type: 'string' },
        { name: 'times', type: 'int' },
      ],
      [ch === undefined ? ' ' : ch, chars === undefined ? 4 : chars],
      ctxReporter(ctx),
    ) as [string, number | bigint];
    const pad = strRepeat(c, times);
    return mapSubject(ctx, value, (s) => indentText(s, pad));
  },
});

export const lower: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'lower',
  group: GROUP,
  description: 'Lower-cases ASCII letters (PHP 8 `strtolower`: multibyte letters are unchanged).',
  args: [],
  result: 'the lower-cased string',
  examples: [{ template: '{$s|lower}', data: { s: 'MiXeD Case' }, output: 'mixed case' }],
  onString: asciiLower,
  run(_ctx: RenderContext, value: Value): Value {
    return asciiLower(strArg('strtolower', value));
  },
});

export const upper: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'upper',
  group: GROUP,
  description: 'Upper-cases ASCII letters (PHP 8 `strtoupper`: `straße ä` gives `STRAßE ä`).',
  args: [],
  result: 'the upper-cased string',
  examples: [{ template: '{$s|upper}', data: { s: 'straße ä' }, output: 'STRAßE ä' }],
  onString: asciiUpper,
  run(_ctx: RenderContext, value: Value): Value {
    return asciiUpper(strArg('strtoupper', value));
  },
});

export const nl2br: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'nl2br',
  group: GROUP,
  description:
    'Inserts `<br />` before every line break (`\\r\\n`, `\\n\\r`, `\\n`, `\\r`); the breaks stay.',
  args: [],
  result: 'the string with `<br />` tags',
  examples: [{ template: '{$s|nl2br}', data: { s: 'a\nb' }, output: 'a<br />\nb' }],
  onString: nl2brText,
  run(_ctx: RenderContext, value: Value): Value {
    return nl2brText(strArg('nl2br', value));
  },
});

export const spacify: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'spacify',
  group: GROUP,
  description:
    'Puts `spacify_char` between every byte of the value (Smarty splits bytes: a multibyte character is cut apart).',
  args: [
    { name: 'spacify_char', type: 'string', optional: true, default: ' ', description: 'the separator' },
  ],
  result: 'the spaced-out string',
  examples: [{ template: "{$s|spacify:'-'}", data: { s: 'abc' }, output: 'a-b-c' }],
  run(_ctx: RenderContext, value: Value, sep?: Value): Value {
    // implode($spacify_char, preg_split('//', $string, ...)): the subject is checked first
    const text = strArg('preg_split', value, 2, 'subject');
    return spacifyText(text, sep === undefined ? ' ' : stringParam('implode', 1, 'separator', sep));
  },
});

export const strip: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'strip',
  group: GROUP,
  description:
    'Replaces every run of whitespace (space, tab, line breaks) with `replace` (default one space).',
  args: [
    {
      name: 'replace',
      type: 'string',
      optional: true,
      default: ' ',
      description: 'what a whitespace run becomes',
    },
  ],
  result: 'the string; an array subject gives an array',
  examples: [{ template: "{$s|strip} [{$s|strip:''}]", data: { s: 'a  b\n\tc' }, output: 'a b c [abc]' }],
  onString: (s) => collapseSpaces(s, ' '),
  onStringWith([replace]) {
    // a replacement read as it is (no `$1` or `\1` reference), whose longest result fits any cap
    if (typeof replace !== 'string' || /[$\\]/.test(replace) || replace.length > 64) return null;
    return (s) => collapseSpaces(s, replace);
  },
  run(_ctx: RenderContext, value: Value, replace?: Value): Value {
    // preg_replace('!\s+!', $replace, $text): an array replacement needs an array pattern
    const rep = replace instanceof PhpArray ? replace : strOf(replace, ' ');
    if (value instanceof PhpArray) return pregReplace(WHITESPACE_RUN, rep, value);
    return stripRun(toStr(value), rep);
  },
});

/** Smarty's strip pattern: `\s` without `u` is ASCII whitespace, \t \n \v \f \r and the space */
const WHITESPACE_RUN = '!\\s+!';

const stripRun = (s: string, rep: string | PhpArray): Value => pregReplace(WHITESPACE_RUN, rep, s);

/** results up to this long are built in one pass, with no check against the string cap on the way */
const MAX_COLLAPSED = 1 << 20;

/**
 * `s` with every run of ASCII whitespace replaced by `rep` (WHITESPACE_RUN's match), in one pass. A
 * result that may be longer than that or than the string cap goes through preg_replace, which checks
 * the cap as it builds (on a string, with this linear pattern, it gives a string).
 */
function collapseSpaces(s: string, rep: string): string {
  // preg_replace reads text with escaped bytes or lone surrogates as bytes, and writes it back as
  // their canonical text: it takes such text itself
  const most = s.length * Math.max(1, rep.length);
  if (most > MAX_COLLAPSED || most > stringCap() || hasLoneSurrogate(s)) return stripRun(s, rep) as string;
  return collapseWhitespace(s, rep);
}

export const stripTags: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'strip_tags',
  group: GROUP,
  description:
    "Smarty's strip_tags: with `replace_with_space` true (the default) every `<...>` tag becomes one space; with " +
    "false PHP's strip_tags() removes tags (and an unclosed `<x` to the end).",
  args: [
    {
      name: 'replace_with_space',
      type: 'bool',
      optional: true,
      default: true,
      description: 'replace tags by a space',
    },
  ],
  result: 'the string without tags',
  examples: [
    {
      template: '[{$s|strip_tags}] [{$s|strip_tags:false}]',
      data: { s: '<b>A</b><i>B</i>' },
      output: '[ A  B ] [AB]',
    },
  ],
  run(ctx: RenderContext, value: Value, withSpace?: Value): Value {
    if (boolOf(withSpace, true)) return mapSubject(ctx, value, tagsToSpaces);
    return phpStripTags(strArg('strip_tags', value));
  },
});

export const truncate: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'truncate',
  group: GROUP,
  description:
    "Smarty's truncate: when the value is longer than `length` bytes it is cut to `length` bytes including `etc`; " +
    'unless `break_words` it backs up to the last whole word; with `middle` it keeps the start and the end. Lengths ' +
    'are bytes (a multibyte character counts 3): use `mb_strimwidth` for characters.',
  args: [
    { name: 'length', type: 'int', optional: true, default: 80, description: 'maximum length in bytes' },
    { name: 'etc', type: 'string', optional: true, default: '...', description: 'appended when cut' },
    {
      name: 'break_words',
      type: 'bool',
      optional: true,
      default: false,
      description: 'cut inside a word',
    },
    { name: 'middle', type: 'bool', optional: true, default: false, description: 'cut out the middle' },
  ],
  result: 'the string, shortened when needed',
  examples: [
    {
      template: '{$s|truncate:20}',
      data: { s: 'Two Sisters Reunite after Eighteen Years' },
      output: 'Two Sisters...',
    },
    { template: "{$s|truncate:9:''}", data: { s: 'これは日本語の文章です' }, output: 'これは' },
  ],
  onStringWith([length, etc, breakWords, middle]) {
    // an int length and a string etc, as written: what `run` does with them, decided once
    const max = length === undefined ? 80 : length;
    if (typeof max !== 'number' || !Number.isSafeInteger(max)) return null;
    if (etc !== undefined && typeof etc !== 'string') return null;
    if (max === 0) return () => '';
    const e = etcOf(etc);
    const brk = boolOf(breakWords, false);
    const mid = boolOf(middle, false);
    // truncateText's cut, with etc's length measured now
    const cut = max - Math.min(max, byteLength(e));
    return (s) => (longerThan(s, max) ? cutText(s, cut, e, brk, mid) : s);
  },
  run(
    _ctx: RenderContext,
    value: Value,
    length?: Value,
    etc?: Value,
    breakWords?: Value,
    middle?: Value,
  ): Value {
    const max = length === undefined ? 80 : length;
    const brk = boolOf(breakWords, false);
    const mid = boolOf(middle, false);
    if (typeof max === 'number' && Number.isSafeInteger(max)) {
      if (max === 0) return '';
      const s = strArg('strlen', value);
      // $etc reaches strlen() only when the string is cut; a short value is returned as it is
      // (null stays null, an int an int), not as its string
      return longerThan(s, max) ? truncateText(s, max, etcOf(etc), brk, mid) : value;
    }
    // any other length goes through PHP's comparisons and arithmetic, as smarty_modifier_truncate
    // does: `$length == 0`, `strlen($string) > $length` (never true for an array), then
    // `$length -= ...` (a non-numeric string is a TypeError there)
    if (looseEquals(max, 0)) return '';
    const s = strArg('strlen', value);
    if (!gt(byteLength(s), max)) return value;
    const e = etcOf(etc);
    const etcLen = byteLength(e);
    // PHP's min($length, strlen($etc)): the first unless the second is smaller
    const cut = sub(max, lt(etcLen, max) ? etcLen : max);
    return cutText(s, toFloat(cut), e, brk, mid);
  },
});

/**
 * strlen($s) > $max without counting every byte where the length decides: a character is 1 to 3
 * bytes (a surrogate pair 4, two units)
 */
function longerThan(s: string, max: number): boolean {
  if (s.length > max) return true;
  return s.length * 3 > max && byteLength(s) > max;
}

/** truncate's `$etc`, as strlen() receives it */
const etcOf = (etc: Value | undefined): string => (etc === undefined ? '...' : strArg('strlen', etc));

export const wordwrap: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'wordwrap',
  group: GROUP,
  description:
    "PHP's wordwrap(): breaks lines at spaces so that they are at most `length` bytes; with `cut` long words are " +
    'cut too. Existing line breaks are kept.',
  args: [
    { name: 'length', type: 'int', optional: true, default: 80, description: 'line width in bytes' },
    { name: 'break', type: 'string', optional: true, default: '\n', description: 'the line break to insert' },
    {
      name: 'cut',
      type: 'bool',
      optional: true,
      default: false,
      description: 'cut words longer than a line',
    },
  ],
  errors: [
    'an empty `break`, or `cut` with `length` 0, is a ValueError of wordwrap(): the template fails',
    'an array value (with `@`) or argument is a TypeError of wordwrap(): the template fails',
  ],
  result: 'the wrapped string',
  examples: [{ template: "{$s|wordwrap:5:'/':true}", data: { s: 'kidney from' }, output: 'kidne/y/from' }],
  run(ctx: RenderContext, value: Value, length?: Value, brk?: Value, cut?: Value): Value {
    const [text, width, br, docut] = phpParams(
      'wordwrap',
      [
        { name: 'string', type: 'string' },
        { name: 'width', type: 'int' },
        { name: 'break', type: 'string' },
        { name: 'cut_long_words', type: 'bool' },
      ],
      // Smarty's defaults stand for arguments left out: a null given is PHP's null (width 0, break "")
      [
        value,
        length === undefined ? 80 : length,
        brk === undefined ? '\n' : brk,
        cut === undefined ? false : cut,
      ],
      ctxReporter(ctx),
    ) as [string, number | bigint, string, boolean];
    // PHP counts bytes: run the algorithm on the one-char-per-byte view (it raises PHP's ValueErrors)
    return fromBinary(phpWordwrap(toBinary(text), Number(width), toBinary(br), docut));
  },
});

/**
 * Smarty 2.6.28's replace (str_replace), regex_replace (preg_replace with the
 * `e` modifier removed) and string_format (sprintf).
 */

import {
  allowString,
  fromBinary,
  hasEscapedByte,
  mapSubject,
  PhpArray,
  PhpError,
  PhpObject,
  pregReplace,
  replaceAllString,
  smartyRegexCheck,
  sprintf,
  sprintfOne,
  strArg,
  stringParam,
  toBinary,
  toStr,
  typeError,
  type Value,
  withPcre,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';

const GROUP = 'Smarty built-in';

/**
 * One search of str_replace, which works on bytes: where the search or the replacement holds bytes
 * that are not UTF-8, on the bytes themselves (code units would not find `"\x81"` inside `あ`, and
 * would find `"\x80"` in the second half of a surrogate pair), the result read back as UTF-8.
 */
function replaceOne(s: string, needle: string, replacement: string): string {
  if (!hasEscapedByte(needle) && !hasEscapedByte(replacement))
    return replaceAllString(s, needle, replacement);
  return fromBinary(replaceAllString(toBinary(s), toBinary(needle), toBinary(replacement)));
}

/**
 * PHP 8's str_replace($search, $replace, $subject) for a string subject:
 * searches applied one after the other, empty searches skipped, a missing
 * replacement in an array is "". The caller has checked the arguments (checkReplaceFor).
 */
function strReplace(search: Value, replace: Value, subject: string, warn?: (m: string) => void): string {
  if (search instanceof PhpArray) {
    const reps = replace instanceof PhpArray ? replace.values() : null;
    const rep = reps === null ? toStr(replace, warn) : '';
    let out = subject;
    // a replacement is taken from the array only for non-empty searches
    let next = 0;
    for (const s of search.values()) {
      const needle = toStr(s, warn);
      if (needle === '') continue;
      const r = reps === null ? rep : next < reps.length ? toStr(reps[next++]!, warn) : '';
      if (out !== '') out = replaceOne(out, needle, r);
    }
    return out;
  }
  const needle = toStr(search, warn);
  if (needle === '') return subject;
  // the result's size is checked before it is built (a split of every occurrence would not be)
  return replaceOne(subject, needle, toStr(replace, warn));
}

/** _smarty_regex_replace_check($search): strpos() wants a string */
const regexCheck = (v: Value): string => smartyRegexCheck(strArg('strpos', v, 1, 'haystack'));

/**
 * PHP's ArgumentCountError for a Smarty modifier plugin called with too few arguments (PHP's
 * message also names the compiled template's file and line, which have no meaning here).
 */
export function tooFewArguments(name: string, given: number, expected: number): never {
  throw new PhpError(
    'TypeError',
    `Too few arguments to function smarty_modifier_${name}(), ${given} passed and exactly ${expected} expected`,
  );
}

/** str_replace() refuses an array of replacements for one search, before it looks at the subject */
function checkReplaceFor(search: Value, replace: Value): void {
  if (replace instanceof PhpArray && !(search instanceof PhpArray)) {
    throw new PhpError(
      'TypeError',
      'str_replace(): Argument #2 ($replace) must be of type string when argument #1 ($search) is a string',
    );
  }
}

function checkObject(fn: string, index: number, name: string, v: Value): void {
  if (v instanceof PhpObject) {
    typeError(fn, index, name, 'array|string', v);
  }
}

export const replace: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'replace',
  group: GROUP,
  description:
    "PHP's str_replace(): replaces every occurrence of `search` (case-sensitive, not a regex). Arrays of searches " +
    'and replacements are applied in order. An empty search changes nothing.',
  args: [
    { name: 'search', type: 'mixed', description: 'text (or array of texts) to find' },
    { name: 'replace', type: 'mixed', description: 'replacement (or array of replacements)' },
  ],
  errors: [
    'an array replacement with a string search is a TypeError of str_replace(): the template fails',
    'fewer than two arguments is an ArgumentCountError: the template fails',
  ],
  result: 'the string; an array subject (with `@`) gives an array',
  examples: [{ template: "{$s|replace:'o':'0'}", data: { s: 'Hello World' }, output: 'Hell0 W0rld' }],
  onStringWith([search, rep]) {
    // two strings written as literals: str_replace of one needle, which neither warns nor fails
    if (typeof search !== 'string' || typeof rep !== 'string') return null;
    // bytes that are not UTF-8 in either: replaced on the bytes (replaceOne), decided here once
    if (hasEscapedByte(search) || hasEscapedByte(rep)) return (s) => replaceOne(s, search, rep);
    return (s) => replaceAllString(s, search, rep);
  },
  run(ctx: RenderContext, value: Value, search?: Value, rep?: Value): Value {
    const warn = (m: string) => ctx.warn(m);
    if (search === undefined || rep === undefined)
      tooFewArguments('replace', search === undefined ? 1 : 2, 3);
    checkObject('str_replace', 1, 'search', search);
    checkObject('str_replace', 2, 'replace', rep);
    checkObject('str_replace', 3, 'subject', value);
    // even when there is nothing to replace in (an empty array subject)
    checkReplaceFor(search, rep);
    return mapSubject(ctx, value, (s) => strReplace(search, rep, s, warn));
  },
});

export const regexReplace: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'regex_replace',
  group: GROUP,
  description:
    "PHP's preg_replace() with a delimited PCRE pattern (`'/\\d+/'`, modifiers such as `i`, `u`, `s` after the " +
    'delimiter). The replacement may use `$1`, `\\1` or `$` + `{1}`. Arrays of patterns and replacements are applied ' +
    "in order. The `e` modifier is removed (Smarty's safety check). Braces in a pattern need `{ldelim}`/`{rdelim}` " +
    'or `$smarty.ldelim` in a backtick string, since `{` starts a tag.',
  args: [
    { name: 'pattern', type: 'mixed', description: 'delimited regular expression, or an array of them' },
    { name: 'replacement', type: 'mixed', description: 'replacement text, or an array of them' },
  ],
  errors: [
    'an invalid pattern is logged (PHP warning) and the modifier gives null (an empty array for an array subject)',
    'an array replacement with a string pattern, or a nested array of patterns, is a TypeError: the template fails',
    'fewer than two arguments is an ArgumentCountError: the template fails',
  ],
  result: 'the replaced string; an array subject gives an array',
  examples: [
    {
      template: "{$s|regex_replace:'/(\\w+)@(\\w+)/':'$2 at $1'}",
      data: { s: 'user@host' },
      output: 'host at user',
    },
    { template: "{$tel|regex_replace:'/[^0-9]/':''}", data: { tel: '03-1234-5678' }, output: '0312345678' },
  ],
  run(ctx: RenderContext, value: Value, search?: Value, rep?: Value): Value {
    if (search === undefined || rep === undefined) {
      tooFewArguments('regex_replace', search === undefined ? 1 : 2, 3);
    }
    // _smarty_regex_replace_check() runs strpos() on each pattern: a nested array fails there
    const pattern =
      search instanceof PhpArray
        ? PhpArray.fromEntries(search.entries().map(([k, v]) => [k, regexCheck(v)]))
        : regexCheck(search);
    checkObject('preg_replace', 2, 'replacement', rep);
    checkObject('preg_replace', 3, 'subject', value);
    const replacement = rep instanceof PhpArray ? rep : toStr(rep);
    const subject = value instanceof PhpArray ? value : toStr(value);
    const result = withPcre(ctx, 'preg_replace', () => pregReplace(pattern, replacement, subject as string));
    // for an array subject PHP leaves out each element whose replacement failed: a pattern it rejects
    // gives an empty array, not null
    return result === null && subject instanceof PhpArray ? new PhpArray() : result;
  },
});

export const stringFormat: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'string_format',
  group: GROUP,
  description:
    "PHP's sprintf() with the value as the only argument: `{$n|string_format:'%05.2f'}`. Supports `%s %d %u %f %F " +
    '%e %E %g %G %x %X %o %b %c %%`, flags, width, precision and `%1$s` positions.',
  args: [{ name: 'format', type: 'string', description: 'the sprintf format' }],
  errors: [
    'a format that needs more arguments than the one value, or no format, is an ArgumentCountError: the template fails',
    'an array format is a TypeError of sprintf(): the template fails',
  ],
  result: 'the formatted string',
  examples: [
    { template: "{$f|string_format:'%.2f'}", data: { f: 1.23456 }, output: '1.23' },
    { template: "{$n|string_format:'%05d'}", data: { n: 42 }, output: '00042' },
  ],
  onStringWith([format]) {
    // a format of text, `%%` and at most one plain `%s` (`%s様`): the value goes between its parts
    if (typeof format !== 'string') return null;
    const parts = plainStringFormat(format);
    if (parts === null) return null;
    const [head, tail] = parts;
    if (tail === null) return () => head;
    return (s) => {
      allowString(head.length + s.length + tail.length);
      return head + s + tail;
    };
  },
  // a number goes through the format read once: sprintf's own conversions, no lookup per call
  onNumberWith: ([format]) => (typeof format === 'string' ? sprintfOne(format) : null),
  run(_ctx: RenderContext, value: Value, format?: Value): Value {
    if (format === undefined) tooFewArguments('string_format', 1, 2);
    try {
      return sprintf(stringParam('sprintf', 1, 'format', format), [value]);
    } catch (e) {
      // ArgumentCountError ("2 arguments are required, 1 given") is a TypeError in PHP
      if (e instanceof PhpError && /arguments are required/.test(e.message)) {
        throw new PhpError('TypeError', e.message);
      }
      throw e;
    }
  },
});

/**
 * A sprintf format made only of text, `%%` and at most one `%s` with no flag, width or precision:
 * the text before and after the `%s` (`%%` read as `%`), or [text, null] when there is none; null
 * for any other format.
 */
function plainStringFormat(format: string): [string, string | null] | null {
  let head = '';
  let tail: string | null = null;
  let from = 0;
  for (let i = format.indexOf('%'); i >= 0; i = format.indexOf('%', from)) {
    const next = format.charCodeAt(i + 1);
    const text = format.slice(from, i);
    if (next === 37 /* % */) {
      if (tail === null) head += `${text}%`;
      else tail += `${text}%`;
    } else if (next === 115 /* s */ && tail === null) {
      head += text;
      tail = '';
    } else return null;
    from = i + 2;
  }
  if (tail === null) return [head + format.slice(from), null];
  return [head, tail + format.slice(from)];
}

import { describe, expect, test } from 'vitest';
import { wordwrap } from '../../src/smarty/wordwrap';
import { err, out } from '../plugins/render';

describe('wordwrap (PHP)', () => {
  // the examples of the PHP manual
  test.each([
    [
      'The quick brown fox sat over the lazy dog',
      15,
      '<br />\n',
      false,
      'The quick brown<br />\nfox sat over<br />\nthe lazy dog',
    ],
    ['A very long woooooooooooord.', 8, '\n', true, 'A very\nlong\nwooooooo\nooooord.'],
    [
      'A very long woooooooooooooooooord. and something',
      8,
      '\n',
      false,
      'A very\nlong\nwoooooooooooooooooord.\nand\nsomething',
    ],
    ['', 5, '\n', false, ''],
    ['abc def', 0, '\n', false, 'abc\ndef'],
    ['one\ntwo three', 6, '\n', false, 'one\ntwo\nthree'],
    ['one<br>two three', 6, '<br>', false, 'one<br>two<br>three'],
  ])('wordwrap(%j, %i, %j, %s)', (text, width, brk, cut, expected) => {
    expect(wordwrap(text as string, width as number, brk as string, cut as boolean)).toBe(expected);
  });

  test('PHP ValueErrors', () => {
    expect(() => wordwrap('a', 5, '')).toThrow('wordwrap(): Argument #3 ($break) cannot be empty');
    expect(() => wordwrap('a', 0, '\n', true)).toThrow('cannot be true when argument #2 ($width) is 0');
  });
});

describe('textformat (Smarty 2.6.28)', () => {
  test.each([
    [
      '{textformat wrap=12 indent=2 indent_char="-"}alpha beta gamma delta{/textformat}',
      '--alpha beta\n--gamma\n--delta',
    ],
    ['{textformat wrap=20}one\n  two\n\nthree   four{/textformat}', 'one two\n\nthree four'],
    ['{textformat wrap=10 indent_first=4}aaa bbb ccc ddd{/textformat}', '    aaa\nbbb ccc\nddd'],
    ['{textformat wrap=5 wrap_cut=true}abcdefghij{/textformat}', 'abcde\nfghij'],
    ['{textformat wrap=5 wrap_char="<br>"}aaa bbb ccc{/textformat}', 'aaa<br>bbb<br>ccc'],
    ['{textformat wrap=5 wrap_char="|"}aa bb\n\ncc dd{/textformat}', 'aa bb||cc dd'],
    ['{textformat}a\n\n\n\nb{/textformat}', 'a\n\n\n\nb'],
    ['{textformat}  lead and trail  {/textformat}', 'lead and trail'],
    ['{textformat}{/textformat}', ''],
    ['{textformat wrap=7}あい うえ{/textformat}', 'あい\nうえ'],
    ['{textformat wrap=8}日本　語 テキスト{/textformat}', '日本　語\nテキスト'],
    ['{textformat wrap=3 indent=1 indent_char="*"}aa bb{/textformat}', '*aa\n*bb'],
    ['{textformat assign=t wrap=5}aa bb cc{/textformat}[{$t}]', '[aa bb\ncc]'],
    // 21 words of 5 bytes: the 15th word would end at byte 74 > 72
    ['{textformat style=email}{$long}{/textformat}', `${'word '.repeat(13)}word\n${'word '.repeat(6)}word`],
    [
      '{textformat style=email wrap=10}{$long}{/textformat}',
      `${'word '.repeat(13)}word\n${'word '.repeat(6)}word`,
    ],
    // (int) "abc" is 0: every word on its own line
    ['{textformat wrap=abc}x y{/textformat}', 'x\ny'],
    ['{textformat wrap="5x" indent=$none}aa bb cc{/textformat}', 'aa bb\ncc'],
  ])('%s', (tpl, expected) => {
    expect(out(tpl, JSON.stringify({ long: 'word '.repeat(21).trim() }))).toBe(expected);
  });

  test('white space is what PCRE calls \\s without /u: tabs, \\v and \\f collapse, an ideographic space does not', () => {
    expect(
      out('{textformat}{$s}{/textformat}', JSON.stringify({ s: 'a\t\u000b\u000cb\u3000\u3000c\u00a0d' })),
    ).toBe('a b\u3000\u3000c\u00a0d');
  });

  test('"\\r\\n" paragraphs split like "\\n\\n"; indentation starts after "\\n" only', () => {
    expect(out('{textformat}{$s}{/textformat}', JSON.stringify({ s: 'a\r\n\r\nb' }))).toBe('a\n\n\n\nb');
    expect(
      out('{textformat wrap=3 indent=1 wrap_char=$br}aa bb{/textformat}', JSON.stringify({ br: '\r\n' })),
    ).toBe(' aa\r\n bb');
  });

  test('an empty wrap_char is a PHP ValueError', () => {
    const e = err('{textformat wrap_char=""}a b{/textformat}');
    expect(e.code).toBe('PHP_ERROR');
    expect(e.message).toBe('ValueError: wordwrap(): Argument #3 ($break) cannot be empty');
  });

  test('the body sees the variables of the template', () => {
    expect(
      out(
        '{textformat wrap=6}{foreach from=$l item=w}{$w} {/foreach}{/textformat}',
        '{"l":["ab","cd","ef"]}',
      ),
    ).toBe('ab cd\nef');
  });
});

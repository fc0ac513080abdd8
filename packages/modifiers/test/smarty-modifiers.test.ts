import { PhpArray, PhpFloat } from '@sumi/php';
import { describe, expect, it } from 'vitest';
import { dateFormat } from '../src/smarty/date-format';
import { escapeDef as escapeMod } from '../src/smarty/escape';
import {
  capitalize,
  cat,
  countCharactersDef,
  countParagraphsDef,
  countSentencesDef,
  countWordsDef,
  indent,
  lower,
  nl2br,
  spacify,
  stripTags,
  truncate,
  upper,
  wordwrap,
} from '../src/smarty/strings';
import { debugPrintVarDef, defaultDef, raw, smarty } from '../src/smarty/values';
import { fakeCtx, run, runJS } from './helpers';

describe('escape', () => {
  it.each([
    ['html', '<a href="x">\'&\'</a>', '&lt;a href=&quot;x&quot;&gt;&#039;&amp;&#039;&lt;/a&gt;'],
    ['htmlall', 'café <b>', 'caf&Atilde;&copy; &lt;b&gt;'],
    ['url', 'a b/c?d=é&e~', 'a%20b%2Fc%3Fd%3D%C3%A9%26e~'],
    ['urlpathinfo', 'a b/c', 'a%20b/c'],
    ['quotes', "It's \\'ok\\' \"q\"", "It\\'s \\'ok\\' \"q\""],
    ['hex', 'aé', '%61%c3%a9'],
    ['hexentity', 'a<', '&#x61;&#x3c;'],
    ['decentity', 'a<', '&#97;&#60;'],
    ['javascript', 'It\'s "q"\n</script>\\', 'It\\\'s \\"q\\"\\n<\\/script>\\\\'],
    ['mail', 'me@example.com', 'me [AT] example [DOT] com'],
    ['nonstd', 'a~é', 'a&#126;&#195;&#169;'],
    ['unknown', '<b>', '<b>'],
  ])('%s', (type, input, out) => {
    expect(run(escapeMod, input, [type])).toBe(out);
  });
  it('hex, hexentity and decentity index a non-string: each character gives the entry for null', () => {
    expect(run(escapeMod, 12, ['hex'])).toBe('%%');
    expect(run(escapeMod, 1e20, ['hexentity'])).toBe('&#x;'.repeat(7));
    expect(run(escapeMod, true, ['decentity'])).toBe('&#0;');
    expect(run(escapeMod, null, ['hex'])).toBe('');
  });
  it('defaults to html and takes a charset', () => {
    expect(run(escapeMod, 'café <b>')).toBe('café &lt;b&gt;');
    expect(run(escapeMod, 'café <b>', ['htmlall', 'UTF-8'])).toBe('caf&eacute; &lt;b&gt;');
    expect(run(escapeMod, 'café <b>', ['html', 'UTF-8'])).toBe('café &lt;b&gt;');
  });
  it('numbers, null and booleans (conformance escape_on_numbers_and_null)', () => {
    expect(run(escapeMod, 5)).toBe('5');
    expect(run(escapeMod, null)).toBe('');
    expect(run(escapeMod, true)).toBe('1');
    expect(run(escapeMod, 1.5)).toBe('1.5');
  });
  it('an array (with @) or an array charset is a TypeError for html: the template fails', () => {
    expect(() => run(escapeMod, ['a'])).toThrow(
      'htmlspecialchars(): Argument #1 ($string) must be of type string, array given',
    );
    expect(() => run(escapeMod, 'a', ['htmlall', ['x']])).toThrow(
      'htmlentities(): Argument #3 ($encoding) must be of type ?string, array given',
    );
    // the charset is not used by the other types
    expect(run(escapeMod, 'a@b', ['mail', ['x']])).toBe('a [AT] b');
  });
  it('mail and quotes map over an array subject', () => {
    expect(runJS(escapeMod, ['a@b.c', "x'"], ['mail'])).toEqual(['a [AT] b [DOT] c', "x'"]);
    expect(runJS(escapeMod, ["x'"], ['quotes'])).toEqual(["x\\'"]);
  });
  it('unsupported charset warns and uses UTF-8', () => {
    const ctx = fakeCtx();
    expect(run(escapeMod, 'é', ['htmlall', 'X-FOO'], ctx)).toBe('&eacute;');
    expect(ctx.warnings).toEqual(['htmlentities(): the charset is not supported, assuming UTF-8']);
  });
});

describe('case and text modifiers', () => {
  it('capitalize (conformance capitalize)', () => {
    const s = "hello wORLD next2you 3rd o'neil";
    expect(run(capitalize, s)).toBe("Hello WORLD next2you 3rd O'neil");
    expect(run(capitalize, s, [true])).toBe("Hello WORLD Next2you 3rd O'neil");
    expect(run(capitalize, 'ça va')).toBe('çA Va');
    expect(runJS(capitalize, ['ab cd', 'x'])).toEqual(['Ab Cd', 'X']);
  });
  it('lower / upper are ASCII only', () => {
    expect(run(lower, 'MiXeD Case')).toBe('mixed case');
    expect(run(upper, 'straße ä')).toBe('STRAßE ä');
    expect(run(upper, null)).toBe('');
    expect(run(upper, 12)).toBe('12');
    expect(() => run(upper, [1])).toThrow(
      'strtoupper(): Argument #1 ($string) must be of type string, array given',
    );
  });
  it('cat', () => {
    expect(run(cat, 'A', ['-'])).toBe('A-');
    expect(run(cat, 5, [5])).toBe('55');
    expect(run(cat, null, ['x'])).toBe('x');
    expect(run(cat, 'A', [3])).toBe('A3');
    expect(() => run(cat, 'A')).toThrow(
      'Too few arguments to function smarty_modifier_cat(), 1 passed and exactly 2 expected',
    );
    const ctx = fakeCtx();
    expect(run(cat, ['ab'], ['!'], ctx)).toBe('Array!');
    expect(ctx.warnings).toEqual(['Array to string conversion']);
  });
  it('count_* (conformance count_characters, count_words_sentences_paragraphs)', () => {
    expect(run(countCharactersDef, 'Cold Wave  Linked')).toBe(14);
    expect(run(countCharactersDef, 'Cold Wave  Linked', [true])).toBe(17);
    expect(run(countCharactersDef, '日本 語')).toBe(9);
    expect(run(countWordsDef, 'Hello there. How are you? Fine!')).toBe(6);
    expect(run(countSentencesDef, 'Hello there. How are you? Fine!')).toBe(1);
    expect(run(countParagraphsDef, 'one\ntwo\n\nthree')).toBe(3);
    expect(run(countCharactersDef, 12345)).toBe(5);
    expect(run(countCharactersDef, -1.5)).toBe(4);
  });
  it('indent', () => {
    expect(run(indent, 'a\nb')).toBe('    a\n    b');
    expect(run(indent, 'a\nb\n', [2, '\t'])).toBe('\t\ta\n\t\tb\n');
    expect(() => run(indent, 'a', [-1])).toThrow(
      'str_repeat(): Argument #2 ($times) must be greater than or equal to 0',
    );
    expect(() => run(indent, 'a', ['2x'])).toThrow(
      'str_repeat(): Argument #2 ($times) must be of type int, string given',
    );
  });
  it('nl2br', () => {
    expect(run(nl2br, 'a\nb\r\nc')).toBe('a<br />\nb<br />\r\nc');
  });
  it('spacify (conformance spacify)', () => {
    expect(run(spacify, 'abc')).toBe('a b c');
    expect(run(spacify, 'abc', ['-'])).toBe('a-b-c');
    expect(run(spacify, 'ab c', ['.'])).toBe('a.b. .c');
  });
  it('strip_tags (conformance strip_tags_modifier)', () => {
    const s = '<p>Para <b>bold</b><br/>next</p> x<y';
    expect(run(stripTags, s)).toBe(' Para  bold  next  x<y');
    expect(run(stripTags, s, [false])).toBe('Para boldnext x');
    expect(run(stripTags, s, [true])).toBe(' Para  bold  next  x<y');
  });
  it('truncate cuts exactly when the bytes exceed the length, whatever the characters', () => {
    // 1-byte, 2-byte, 3-byte characters, a pair (4 bytes) and an escaped byte (1 byte)
    const pieces = ['a', 'é', '日', '😀', '\udc80'];
    for (let seed = 0; seed < 400; seed++) {
      let s = '';
      for (let k = 0, x = seed; k < (seed % 9) + 1; k++, x = (x * 7 + 3) % 101)
        s += pieces[x % pieces.length];
      const bytes = new TextEncoder().encode(s.replaceAll('\udc80', 'a')).length;
      for (const max of [bytes - 1, bytes, bytes + 1, Math.ceil(bytes / 3)]) {
        if (max <= 0) continue;
        const out = run(truncate, s, [max, '']);
        expect(out === s, `${JSON.stringify(s)} at ${max}`).toBe(bytes <= max);
      }
    }
  });
  it('truncate returns a short value itself, not its string: null, bools and numbers keep their type', () => {
    expect(run(truncate, null)).toBe(null);
    expect(run(truncate, true, [3])).toBe(true);
    expect(run(truncate, 12345, [10])).toBe(12345);
    expect(run(truncate, 12345, [3])).toBe('...');
    expect(run(truncate, null, [0])).toBe('');
    // the length is compared as PHP compares it: "5x" is 5 (with a warning)
    expect(run(truncate, 'abcdefgh', ['5x'])).toBe('ab...');
  });
  it('truncate (conformance truncate_basic, truncate_counts_bytes, chain_variable_args)', () => {
    const s =
      'Two Sisters Reunite after Eighteen Years at Checkout Counter, a story of more than eighty characters long.';
    expect(run(truncate, s)).toBe(
      'Two Sisters Reunite after Eighteen Years at Checkout Counter, a story of more...',
    );
    expect(run(truncate, s, [20])).toBe('Two Sisters...');
    expect(run(truncate, s, [20, ''])).toBe('Two Sisters Reunite');
    expect(run(truncate, s, [20, '---'])).toBe('Two Sisters---');
    expect(run(truncate, 'これは日本語の文章です', [9, ''])).toBe('これは');
    expect(run(truncate, 'これは日本語の文章です', [12, ''])).toBe('これは日');
    expect(run(truncate, 'abcdefghijkl', [6, '~'])).toBe('abcde~');
    expect(run(truncate, '<b>', [2, ''])).toBe('<b');
    expect(run(truncate, 'cde', [2, ''])).toBe('cd');
  });
  it('wordwrap (conformance wordwrap_builtin)', () => {
    const s = "Blind woman gets new kidney from dad she hasn't seen in years.";
    expect(run(wordwrap, s, [15])).toBe("Blind woman\ngets new kidney\nfrom dad she\nhasn't seen in\nyears.");
    expect(run(wordwrap, s, [15, '<br>\n'])).toBe(
      "Blind woman<br>\ngets new kidney<br>\nfrom dad she<br>\nhasn't seen in<br>\nyears.",
    );
    expect(run(wordwrap, s, [5, '/', true])).toBe(
      "Blind/woman/gets/new/kidne/y/from/dad/she/hasn'/t/seen/in/years/.",
    );
    // bytes: a 3-byte character counts 3
    expect(run(wordwrap, 'ああ いい', [6])).toBe('ああ\nいい');
    expect(() => run(wordwrap, 'abc', [0, '\n', true])).toThrow(
      'wordwrap(): Argument #4 ($cut_long_words) cannot be true when argument #2 ($width) is 0',
    );
    expect(() => run(wordwrap, 'abc', [5, ''])).toThrow('wordwrap(): Argument #3 ($break) cannot be empty');
    // PHP returns an empty text before it checks the arguments
    expect(run(wordwrap, '', [5, ''])).toBe('');
  });
});

describe('default / raw / smarty', () => {
  it('default (conformance default_modifier)', () => {
    expect(run(defaultDef, null, ['d'])).toBe('d');
    expect(run(defaultDef, '', ['d'])).toBe('d');
    expect(run(defaultDef, 0, ['d'])).toBe(0);
    expect(run(defaultDef, '0', ['d'])).toBe('0');
    expect(run(defaultDef, false, ['d'])).toBe(false);
    const empty = new PhpArray();
    expect(defaultDef.run(fakeCtx(), empty, 'd')).toBe(empty);
    expect(run(defaultDef, null)).toBe('');
  });
  it('raw and smarty return the value', () => {
    const a = PhpArray.fromList([1]);
    expect(raw.run(fakeCtx(), a)).toBe(a);
    expect(smarty.run(fakeCtx(), '<b>', 'nodefaults')).toBe('<b>');
  });
});

describe('debug_print_var (Smarty 2.6.28 format)', () => {
  it('scalars', () => {
    expect(run(debugPrintVarDef, 'a\nb')).toBe('&quot;a&lt;i&gt;\\n&lt;/i&gt;b&quot;');
    expect(run(debugPrintVarDef, 5)).toBe('5');
    expect(run(debugPrintVarDef, 1.5)).toBe('1.5');
    expect(debugPrintVarDef.run(fakeCtx(), new PhpFloat(2))).toBe('2');
    expect(run(debugPrintVarDef, true)).toBe('<i>true</i>');
    expect(run(debugPrintVarDef, false)).toBe('<i>false</i>');
    expect(run(debugPrintVarDef, null)).toBe('<i>null</i>');
    expect(run(debugPrintVarDef, "it's <b>")).toBe('&quot;it&#039;s &lt;b&gt;&quot;');
  });
  it('long strings are cut to length-3 bytes', () => {
    expect(run(debugPrintVarDef, 'x'.repeat(41))).toBe(`&quot;${'x'.repeat(37)}...&quot;`);
    expect(run(debugPrintVarDef, 'x'.repeat(40))).toBe(`&quot;${'x'.repeat(40)}&quot;`);
    expect(run(debugPrintVarDef, 'abcdef', [0, 5])).toBe('&quot;ab...&quot;');
    // 13 Japanese characters are 39 bytes: the cut leaves one byte of the 13th, shown as U+FFFD
    expect(run(debugPrintVarDef, 'あいうえおかきくけこさしすせ')).toBe(
      '&quot;あいうえおかきくけこさし\ufffd...&quot;',
    );
  });
  it('arrays nest with &nbsp; indentation', () => {
    expect(run(debugPrintVarDef, { name: 'Ann', tags: ['x', ['y']], ok: true })).toBe(
      '<b>Array (3)</b><br><b>name</b> =&gt; &quot;Ann&quot;<br><b>tags</b> =&gt; <b>Array (2)</b>' +
        '<br>&nbsp;&nbsp;<b>0</b> =&gt; &quot;x&quot;<br>&nbsp;&nbsp;<b>1</b> =&gt; <b>Array (1)</b>' +
        '<br>&nbsp;&nbsp;&nbsp;&nbsp;<b>0</b> =&gt; &quot;y&quot;<br><b>ok</b> =&gt; <i>true</i>',
    );
    expect(run(debugPrintVarDef, [])).toBe('<b>Array (0)</b>');
  });
});

describe('date_format (conformance date_format_timestamp, date_format_more_codes)', () => {
  const ctx = fakeCtx({ now: Date.UTC(2024, 0, 1) });
  it('strftime formats', () => {
    expect(run(dateFormat, 1700000000, [], ctx)).toBe('Nov 15, 2023');
    expect(run(dateFormat, 1700000000, ['%Y-%m-%d %H:%M:%S'], ctx)).toBe('2023-11-15 07:13:20');
    expect(run(dateFormat, 1700000000, ['%A, %B %e, %Y'], ctx)).toBe('Wednesday, November 15, 2023');
    expect(run(dateFormat, 1700000000, ['%y %j %u %w'], ctx)).toBe('23 319 3 3');
    expect(run(dateFormat, 1704067200, ['%D %T %R %I %p %M %b %h %C %n%t|'], ctx)).toBe(
      '01/01/24 09:00:00 09:00 09 AM 00 Jan Jan 20 \n\t|',
    );
  });
  it('text without % prints as it is (strftime, as Smarty 2): date() letters stay letters', () => {
    expect(run(dateFormat, 1700000000, ['Y/m/d (D) H:i'], ctx)).toBe('Y/m/d (D) H:i');
    expect(run(dateFormat, '2024-01-15', ['%B %e, %Y'], ctx)).toBe('January 15, 2024');
  });
  it('strings, MySQL timestamps, defaults', () => {
    expect(run(dateFormat, '2024-02-03 04:05:06', ['%Y%m%d%H%M%S'], ctx)).toBe('20240203040506');
    expect(run(dateFormat, '20240203040506', ['%Y-%m-%d %H:%M:%S'], ctx)).toBe('2024-02-03 04:05:06');
    expect(run(dateFormat, '1700000000', ['%Y'], ctx)).toBe('2023');
    expect(run(dateFormat, '', ['%Y'], ctx)).toBe(null);
    expect(run(dateFormat, null, ['%Y'], ctx)).toBe(null);
    expect(run(dateFormat, '', ['%Y-%m-%d', '2020-05-06'], ctx)).toBe('2020-05-06');
    // 0 is not '' under PHP 8: it is "empty", so make_timestamp gives now
    expect(run(dateFormat, 0, ['%Y-%m-%d'], ctx)).toBe('2024-01-01');
    // unparsable text: now
    expect(run(dateFormat, 'not a date', ['%Y'], ctx)).toBe('2024');
  });
  it('arrays: empty means now, others are a TypeError', () => {
    const c = fakeCtx({ now: Date.UTC(2024, 0, 1) });
    expect(run(dateFormat, [], ['%Y'], c)).toBe('2024');
    expect(() => run(dateFormat, [1], ['%Y'], c)).toThrow(
      'preg_match(): Argument #2 ($subject) must be of type string, array given',
    );
    // an array format reaches strftime() only when there is a date to format
    expect(run(dateFormat, '', [['%Y']], c)).toBe(null);
    expect(() => run(dateFormat, 0, [['%Y']], c)).toThrow(
      'strftime(): Argument #1 ($format) must be of type string, array given',
    );
  });
});

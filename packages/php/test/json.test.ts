import { describe, expect, it } from 'vitest';
import {
  fromJS,
  fromJSONText,
  isFloat,
  isInt,
  JSON_BIGINT_AS_STRING,
  JSON_FORCE_OBJECT,
  JSON_HEX_AMP,
  JSON_HEX_APOS,
  JSON_HEX_QUOT,
  JSON_HEX_TAG,
  JSON_INVALID_UTF8_IGNORE,
  JSON_INVALID_UTF8_SUBSTITUTE,
  JSON_NUMERIC_CHECK,
  JSON_OBJECT_AS_ARRAY,
  JSON_PARTIAL_OUTPUT_ON_ERROR,
  JSON_PRESERVE_ZERO_FRACTION,
  JSON_PRETTY_PRINT,
  JSON_THROW_ON_ERROR,
  JSON_UNESCAPED_LINE_TERMINATORS,
  JSON_UNESCAPED_SLASHES,
  JSON_UNESCAPED_UNICODE,
  JsonParseError,
  jsonDecode,
  jsonEncode,
  makeFloat,
  PHP_CONSTANTS,
  PhpArray,
  type PhpError,
  PhpFloat,
  PhpObject,
  toJS,
  toStr,
  typeName,
  type Value,
} from '../src/index';

const list = (...v: Value[]) => PhpArray.fromList(v);

describe('fromJSONText', () => {
  it('keeps object key order, numeric keys included', () => {
    const a = fromJSONText('{"b":1,"10":2,"2":3}') as PhpArray;
    expect(a.keys()).toEqual(['b', 10, 2]);
    expect(jsonEncode(a)).toBe('{"b":1,"10":2,"2":3}');
  });

  it('normalises keys like PHP arrays', () => {
    const a = fromJSONText('{"1":"one","01":"zero-one","-5":"minus","1.5":"float-ish","-0":"z"}') as PhpArray;
    expect(a.keys()).toEqual([1, '01', -5, '1.5', '-0']);
  });

  it('numbers: ints, bigints, floats', () => {
    expect(fromJSONText('42')).toBe(42);
    expect(fromJSONText('-0')).toBe(0);
    expect(Object.is(fromJSONText('-0'), 0)).toBe(true);
    expect(fromJSONText('1.0')).toEqual(new PhpFloat(1));
    expect(toStr(fromJSONText('-0.0'))).toBe('-0');
    expect(fromJSONText('1e2')).toEqual(new PhpFloat(100));
    expect(fromJSONText('1.5E-3')).toBe(0.0015);
    expect(fromJSONText('9007199254740993')).toBe(9007199254740993n);
    expect(fromJSONText('9223372036854775807')).toBe(9223372036854775807n);
    expect(fromJSONText('-9223372036854775808')).toBe(-9223372036854775808n);
    expect(isFloat(fromJSONText('9223372036854775808'))).toBe(true);
    expect(toStr(fromJSONText('9223372036854775808'))).toBe('9.2233720368548E+18');
    expect(fromJSONText('9223372036854775808', { bigintAsString: true })).toBe('9223372036854775808');
    expect(jsonEncode(fromJSONText('9223372036854775807'))).toBe('9223372036854775807');
  });

  it('strings and escapes', () => {
    expect(fromJSONText('"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t"')).toBe('a"b\\c/d\b\f\n\r\t');
    expect(fromJSONText('"\\u00e9\\u65E5"')).toBe('é日');
    expect(fromJSONText('"\\ud83d\\ude00"')).toBe('😀');
    expect(fromJSONText('"héllo日本"')).toBe('héllo日本');
    expect(fromJSONText('"a\\u0000b"')).toBe('a\u0000b');
    expect(fromJSONText('""')).toBe('');
  });

  it('literals, whitespace, nesting', () => {
    expect(fromJSONText(' \n\t\r true ')).toBe(true);
    expect(fromJSONText('false')).toBe(false);
    expect(fromJSONText('null')).toBeNull();
    expect(jsonEncode(fromJSONText('{"a":{"b":[1,{"c":[]}]},"e":{}}'))).toBe(
      '{"a":{"b":[1,{"c":[]}]},"e":[]}',
    );
    expect(fromJSONText('{}')).toBeInstanceOf(PhpArray);
    expect(fromJSONText('{}', { objects: true })).toBeInstanceOf(PhpObject);
  });

  it('duplicate keys: first position, last value', () => {
    expect(jsonEncode(fromJSONText('{"a":1,"b":2,"a":3}'))).toBe('{"a":3,"b":2}');
  });

  it.each([
    ['', 'unexpected end of input', 0],
    ['{"a":}', 'unexpected character "}"', 5],
    ['[1,]', 'unexpected character "]"', 3],
    ['[1 2]', 'unexpected character "2"', 3],
    ['01', 'unexpected character "1"', 1],
    ['1.', 'unexpected end of input', 2],
    ['.5', 'unexpected character "."', 0],
    ['-', 'unexpected end of input', 1],
    ['TRUE', 'unexpected character "T"', 0],
    ["{'a':1}", 'unexpected character "\'"', 1],
    ['{"a" 1}', 'unexpected character "1"', 5],
    ['"abc', 'unterminated string', 0],
    ['"\\x"', 'invalid escape sequence', 1],
    ['"\\u12"', 'invalid \\u escape', 1],
    ['[1] x', 'unexpected character "x"', 4],
    ['\ufeff[1]', 'unexpected character "\ufeff"', 0],
    ['NaN', 'unexpected character "N"', 0],
  ])('bad JSON %j: %s at %i', (text, detail, offset) => {
    try {
      fromJSONText(text);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(JsonParseError);
      expect((e as JsonParseError).offset).toBe(offset);
      expect((e as JsonParseError).message).toContain(detail);
    }
  });

  it('errors carry line and column', () => {
    try {
      fromJSONText('{\n  "a": 1,\n  "b": ?\n}');
      expect.unreachable();
    } catch (e) {
      const err = e as JsonParseError;
      expect(err.line).toBe(3);
      expect(err.column).toBe(8);
      expect(err.message).toBe('JSON: unexpected character "?" at line 3, column 8 (offset 19)');
      expect(err.code).toBe(4);
    }
  });

  it('control characters and lone surrogates', () => {
    expect(() => fromJSONText('"a\nb"')).toThrow('control character');
    expect(() => fromJSONText('"\\ud800"')).toThrow('unpaired UTF-16 surrogate');
    expect(() => fromJSONText('"\\udc00"')).toThrow('unpaired UTF-16 surrogate');
    expect(() => fromJSONText('"\\ud800\\u0041"')).toThrow('unpaired UTF-16 surrogate');
  });
});

describe('jsonEncode', () => {
  it('scalars', () => {
    expect(jsonEncode(null)).toBe('null');
    expect(jsonEncode(true)).toBe('true');
    expect(jsonEncode(false)).toBe('false');
    expect(jsonEncode(0)).toBe('0');
    expect(jsonEncode(-12)).toBe('-12');
    expect(jsonEncode(2n ** 62n)).toBe('4611686018427387904');
    expect(jsonEncode('')).toBe('""');
    expect(jsonEncode('abc')).toBe('"abc"');
  });

  it.each([
    ['a/b', 0, '"a\\/b"'],
    ['a/b', JSON_UNESCAPED_SLASHES, '"a/b"'],
    ['é', 0, '"\\u00e9"'],
    ['é日本', JSON_UNESCAPED_UNICODE, '"é日本"'],
    ['😀', 0, '"\\ud83d\\ude00"'],
    ['😀', JSON_UNESCAPED_UNICODE, '"😀"'],
    ["<a href='x'>&\"", 0, '"<a href=\'x\'>&\\""'],
    [
      "<a href='x'>&\"",
      JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_AMP | JSON_HEX_QUOT,
      '"\\u003Ca href=\\u0027x\\u0027\\u003E\\u0026\\u0022"',
    ],
    ['\u0001\u001f\u007f', 0, '"\\u0001\\u001f\u007f"'],
    ['\b\f\n\r\t\\', 0, '"\\b\\f\\n\\r\\t\\\\"'],
    ['\u2028\u2029', 0, '"\\u2028\\u2029"'],
    ['\u2028\u2029', JSON_UNESCAPED_UNICODE, '"\\u2028\\u2029"'],
    ['\u2028', JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS, '"\u2028"'],
    ['\uffff', 0, '"\\uffff"'],
  ] as [string, number, string][])('string %j with flags %i → %s', (s, flags, out) => {
    expect(jsonEncode(s, flags)).toBe(out);
  });

  it('lists vs objects', () => {
    expect(jsonEncode(list(1, 'a', null))).toBe('[1,"a",null]');
    expect(jsonEncode(new PhpArray())).toBe('[]');
    expect(jsonEncode(new PhpArray(), JSON_FORCE_OBJECT)).toBe('{}');
    expect(jsonEncode(list(1, 2), JSON_FORCE_OBJECT)).toBe('{"0":1,"1":2}');
    expect(jsonEncode(new PhpObject())).toBe('{}');
    expect(jsonEncode(new PhpObject(list(1)))).toBe('{"0":1}');
    expect(jsonEncode(PhpArray.fromEntries([['k', list()]]))).toBe('{"k":[]}');
    expect(jsonEncode(PhpArray.fromEntries([['a/b', 1]]))).toBe('{"a\\/b":1}');
    expect(jsonEncode(PhpArray.fromEntries([['é', 1]]), JSON_UNESCAPED_UNICODE)).toBe('{"é":1}');
  });

  it('pretty print', () => {
    const v = fromJSONText('[1,[2,3],{"a":[],"b":{}},{"c":{"d":null}}]');
    expect(jsonEncode(v, JSON_PRETTY_PRINT)).toBe(
      '[\n    1,\n    [\n        2,\n        3\n    ],\n    {\n        "a": [],\n        "b": []\n    },\n    {\n        "c": {\n            "d": null\n        }\n    }\n]',
    );
    expect(jsonEncode(new PhpArray(), JSON_PRETTY_PRINT)).toBe('[]');
    expect(jsonEncode(new PhpObject(), JSON_PRETTY_PRINT)).toBe('{}');
    expect(jsonEncode(new PhpArray(), JSON_PRETTY_PRINT | JSON_FORCE_OBJECT)).toBe('{}');
  });

  it('numeric check', () => {
    const v = list('1', '1.5', 'abc', ' 12', '1e3', '-0', '0x1A', '', '12345678901234567890');
    expect(jsonEncode(v, JSON_NUMERIC_CHECK)).toBe(
      '[1,1.5,"abc",12,1000,0,"0x1A","",1.2345678901234567e+19]',
    );
    expect(jsonEncode(v, JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION)).toBe(
      '[1,1.5,"abc",12,1000.0,0,"0x1A","",1.2345678901234567e+19]',
    );
    // keys are never converted
    expect(jsonEncode(PhpArray.fromEntries([['1.5', '2']]), JSON_NUMERIC_CHECK)).toBe('{"1.5":2}');
  });

  it('floats', () => {
    expect(jsonEncode(list(0.1, makeFloat(1), 1e20, -1.5))).toBe('[0.1,1,1.0e+20,-1.5]');
    expect(jsonEncode(list(makeFloat(1), makeFloat(0)), JSON_PRESERVE_ZERO_FRACTION)).toBe('[1.0,0.0]');
  });

  it('errors give false', () => {
    expect(jsonEncode(Number.POSITIVE_INFINITY)).toBe(false);
    expect(jsonEncode(list(1, Number.NaN))).toBe(false);
    expect(jsonEncode(list(1, Number.NaN), JSON_PARTIAL_OUTPUT_ON_ERROR)).toBe('[1,0]');
    expect(jsonEncode(list('ok', '\ud800'))).toBe(false);
    expect(jsonEncode(list('ok', '\ud800'), JSON_PARTIAL_OUTPUT_ON_ERROR)).toBe('["ok",null]');
    expect(jsonEncode('a\ud800b', JSON_INVALID_UTF8_IGNORE)).toBe('"ab"');
    expect(jsonEncode('a\ud800b', JSON_INVALID_UTF8_SUBSTITUTE)).toBe('"a\\ufffdb"');
    expect(jsonEncode('a\udc00b', JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE)).toBe('"a\ufffdb"');
    expect(() => jsonEncode(Number.NaN, JSON_THROW_ON_ERROR)).toThrow('Inf and NaN cannot be JSON encoded');
    expect(() => jsonEncode('\ud800', JSON_THROW_ON_ERROR)).toThrow(
      'Malformed UTF-8 characters, possibly incorrectly encoded',
    );
  });

  it('depth', () => {
    const nested = fromJSONText('[[1]]');
    expect(jsonEncode(nested, 0, 2)).toBe('[[1]]');
    expect(jsonEncode(nested, 0, 1)).toBe(false);
    expect(jsonEncode(new PhpArray(), 0, 1)).toBe('[]');
    // PHP 8.2 checks no depth: at 0 or less a scalar is encoded and an array is too deep
    expect(jsonEncode(1, 0, 0)).toBe('1');
    expect(jsonEncode(fromJSONText('[1]'), 0, 0)).toBe(false);
    expect(jsonEncode(fromJSONText('[1]'), 0, -1)).toBe(false);
    expect(jsonEncode(fromJSONText('[1]'), 512, 0)).toBe('[1]'); // JSON_PARTIAL_OUTPUT_ON_ERROR
  });
});

describe('jsonEncode strings against a character-by-character model of php_json_escape_string', () => {
  const h4 = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
  function model(s: string, flags: number): string | false {
    let out = '"';
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = s.charCodeAt(i + 1);
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          out += flags & JSON_UNESCAPED_UNICODE ? s[i]! + s[i + 1]! : h4(c) + h4(d);
          i++;
        } else if (flags & JSON_INVALID_UTF8_IGNORE) continue;
        else if (flags & JSON_INVALID_UTF8_SUBSTITUTE)
          out += flags & JSON_UNESCAPED_UNICODE ? '\ufffd' : '\\ufffd';
        else return false;
        continue;
      }
      if (c >= 0x80) {
        const keep =
          flags & JSON_UNESCAPED_UNICODE &&
          (flags & JSON_UNESCAPED_LINE_TERMINATORS || (c !== 0x2028 && c !== 0x2029));
        out += keep ? s[i] : h4(c);
        continue;
      }
      const named: Record<number, string> = {
        8: '\\b',
        9: '\\t',
        10: '\\n',
        12: '\\f',
        13: '\\r',
        92: '\\\\',
      };
      if (named[c]) out += named[c];
      else if (c === 34) out += flags & JSON_HEX_QUOT ? '\\u0022' : '\\"';
      else if (c === 47) out += flags & JSON_UNESCAPED_SLASHES ? '/' : '\\/';
      else if (c === 60) out += flags & JSON_HEX_TAG ? '\\u003C' : '<';
      else if (c === 62) out += flags & JSON_HEX_TAG ? '\\u003E' : '>';
      else if (c === 38) out += flags & JSON_HEX_AMP ? '\\u0026' : '&';
      else if (c === 39) out += flags & JSON_HEX_APOS ? '\\u0027' : "'";
      else if (c < 32) out += h4(c);
      else out += s[i];
    }
    return `${out}"`;
  }
  const pieces = [
    'a',
    'Z',
    '0',
    ' ',
    '"',
    '\\',
    '/',
    '<',
    '>',
    '&',
    "'",
    '\n',
    '\t',
    '\u0001',
    '\u001f',
    '\u007f',
    'é',
    '日',
    '\u2028',
    '\u2029',
    '😀',
    '\ud800',
    '\udc00',
    'url/path',
    'plain text',
  ];
  const flagSets = [
    0,
    JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE,
    JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
    JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_INVALID_UTF8_IGNORE,
    JSON_INVALID_UTF8_SUBSTITUTE,
  ];
  it('agrees on random strings under each flag set', () => {
    let seed = 11;
    for (let n = 0; n < 600; n++) {
      let s = '';
      for (let i = 0; i < n % 9; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        s += pieces[seed % pieces.length];
      }
      for (const flags of flagSets) {
        const want = model(s, flags);
        expect([s, flags, jsonEncode(s, flags)]).toEqual([s, flags, want]);
      }
    }
  });
});

describe('jsonDecode', () => {
  it('assoc (the CMS default) gives arrays, else stdClass', () => {
    expect(jsonDecode('{"a":{"b":1}}')).toBeInstanceOf(PhpArray);
    const o = jsonDecode('{"a":{"b":1}}', false) as PhpObject;
    expect(o).toBeInstanceOf(PhpObject);
    expect(o.props.get('a')).toBeInstanceOf(PhpObject);
    expect(jsonEncode(o)).toBe('{"a":{"b":1}}');
    expect(jsonDecode('[{"a":1}]', null)).toBeInstanceOf(PhpArray);
    expect((jsonDecode('[{"a":1}]', null) as PhpArray).get(0)).toBeInstanceOf(PhpObject);
    expect((jsonDecode('[{"a":1}]', null, 512, JSON_OBJECT_AS_ARRAY) as PhpArray).get(0)).toBeInstanceOf(
      PhpArray,
    );
    expect(typeName(jsonDecode('{}', false))).toBe('object');
  });

  it.each(['', ' ', 'abc', '[1,]', '{"a":1', '01', "'a'", '"\\ud800"', '"a\tb"', 'nul', '[1]]'])(
    'invalid %j → null',
    (text) => {
      expect(jsonDecode(text)).toBeNull();
    },
  );

  it('property names starting with NUL are invalid for objects only', () => {
    expect(jsonDecode('{"\\u0000a":1}', false)).toBeNull();
    expect(jsonEncode(jsonDecode('{"\\u0000a":1}'))).toBe('{"\\u0000a":1}');
  });

  it('big integers', () => {
    expect(isFloat(jsonDecode('12345678901234567890'))).toBe(true);
    expect(jsonDecode('12345678901234567890', true, 512, JSON_BIGINT_AS_STRING)).toBe('12345678901234567890');
    expect(isInt(jsonDecode('-9223372036854775808'))).toBe(true);
  });

  it('depth', () => {
    // PHP 8.2 (checked): an array needs one level more than its nesting, `[1]` 2 and `[[1]]` 3
    expect(jsonDecode('[[1]]', true, 1)).toBeNull();
    expect(jsonDecode('[[1]]', true, 2)).toBeNull();
    expect(jsonEncode(jsonDecode('[[1]]', true, 3))).toBe('[[1]]');
    expect(jsonDecode('[1]', true, 1)).toBeNull();
    expect(jsonDecode('[]', true, 1)).toBeNull();
    expect(jsonDecode('{}', true, 1)).toBeNull();
    expect(jsonEncode(jsonDecode('[1]', true, 2))).toBe('[1]');
    expect(jsonDecode('1', true, 1)).toBe(1);
    expect(() => jsonDecode('1', true, 0)).toThrow(
      'json_decode(): Argument #3 ($depth) must be greater than 0',
    );
  });

  it('JSON_THROW_ON_ERROR', () => {
    try {
      jsonDecode('{', true, 512, JSON_THROW_ON_ERROR);
      expect.unreachable();
    } catch (e) {
      expect((e as PhpError).kind).toBe('JsonException');
      expect((e as PhpError).message).toBe('Syntax error');
    }
    expect(() => jsonDecode('"\\ud800"', true, 512, JSON_THROW_ON_ERROR)).toThrow(
      'Single unpaired UTF-16 surrogate in unicode escape',
    );
    expect(() => jsonDecode('"\u0001"', true, 512, JSON_THROW_ON_ERROR)).toThrow(
      'Control character error, possibly incorrectly encoded',
    );
    expect(() => jsonDecode('[[1]]', true, 1, JSON_THROW_ON_ERROR)).toThrow('Maximum stack depth exceeded');
  });

  it('round trips', () => {
    for (const text of [
      '{"b":1,"10":[1,2,{"x":null}],"2":"s"}',
      '[1.5,-2,true,false,null,""]',
      '"\\u00e9"',
    ]) {
      expect(jsonEncode(jsonDecode(text))).toBe(text);
    }
  });
});

describe('fromJS / toJS', () => {
  it('fromJS', () => {
    const v = fromJS({ a: 1, b: [1, 2, undefined], c: null, d: 1.5, e: 10n ** 18n, f: true, g: { h: 'x' } });
    expect(jsonEncode(v)).toBe(
      '{"a":1,"b":[1,2,null],"c":null,"d":1.5,"e":1000000000000000000,"f":true,"g":{"h":"x"}}',
    );
    expect(fromJS(undefined)).toBeNull();
    expect(fromJS(() => 1)).toBeNull();
    expect(fromJS(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(
      jsonEncode(
        fromJS(
          new Map<unknown, unknown>([
            ['1', 'a'],
            ['x', 'b'],
          ]),
        ),
      ),
    ).toBe('{"1":"a","x":"b"}');
    expect(jsonEncode(fromJS(new Set([3, 4])))).toBe('[3,4]');
    expect(fromJS(10n)).toBe(10);
    expect(isFloat(fromJS(2n ** 70n))).toBe(true);
    const arr = new PhpArray();
    expect(fromJS(arr)).toBe(arr);
  });

  it('fromJS keeps __proto__ as a key and rejects cycles', () => {
    const o = JSON.parse('{"__proto__":{"polluted":1}}');
    const v = fromJS(o) as PhpArray;
    expect(v.keys()).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const cyc: Record<string, unknown> = {};
    cyc.self = cyc;
    expect(() => fromJS(cyc)).toThrow('cyclic');
  });

  it('toJS', () => {
    const v = fromJSONText('{"a":[1,2.5,{"b":null}],"c":1.0,"d":9007199254740993,"__proto__":1}');
    const js = toJS(v) as Record<string, unknown>;
    expect(js.a).toEqual([1, 2.5, { b: null }]);
    expect(js.c).toBe(1);
    expect(js.d).toBe(9007199254740993n);
    expect(Object.hasOwn(js, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(js)).toBe(Object.prototype);
    expect(toJS(new PhpObject())).toEqual({});
    expect(toJS(null)).toBeNull();
    expect(toJS('s')).toBe('s');
  });
});

describe('PHP_CONSTANTS', () => {
  it('has the constants templates use', () => {
    expect(PHP_CONSTANTS.get('JSON_UNESCAPED_UNICODE')).toBe(256);
    expect(PHP_CONSTANTS.get('JSON_PRETTY_PRINT')).toBe(128);
    expect(PHP_CONSTANTS.get('ENT_QUOTES')).toBe(3);
    expect(PHP_CONSTANTS.get('ENT_NOQUOTES')).toBe(0);
    expect(PHP_CONSTANTS.get('ENT_HTML5')).toBe(48);
    expect(PHP_CONSTANTS.get('FILTER_VALIDATE_EMAIL')).toBe(274);
    expect(PHP_CONSTANTS.get('FILTER_VALIDATE_INT')).toBe(257);
    expect(PHP_CONSTANTS.get('FILTER_DEFAULT')).toBe(516);
    expect(PHP_CONSTANTS.get('STR_PAD_LEFT')).toBe(0);
    expect(PHP_CONSTANTS.get('PREG_SET_ORDER')).toBe(2);
    expect(PHP_CONSTANTS.get('SORT_STRING')).toBe(2);
    expect(PHP_CONSTANTS.get('COUNT_RECURSIVE')).toBe(1);
    expect(PHP_CONSTANTS.get('PHP_EOL')).toBe('\n');
    expect(toStr(PHP_CONSTANTS.get('PHP_INT_MAX') as Value)).toBe('9223372036854775807');
    expect(toStr(PHP_CONSTANTS.get('M_PI') as Value)).toBe('3.1415926535898');
    expect(PHP_CONSTANTS.has('json_pretty_print')).toBe(false);
    expect(PHP_CONSTANTS.has('SITE_KEY')).toBe(false);
  });
});

import { jsonEncode, PhpArray, PhpObject } from '@sumi/php';
import { describe, expect, it } from 'vitest';
import { cmsInArray, count, empty, inArrayDef, toFormOptions, toObject } from '../src/cms/arrays';
import { pgDateformat, pgDateformat2 } from '../src/cms/dates';
import { checkInnerUri, getCountryFromIp } from '../src/cms/net';
import {
  cmsArsort,
  cmsAsort,
  cmsKrsort,
  cmsKsort,
  cmsRsort,
  cmsSort,
  cmsSortByKey,
} from '../src/cms/sorting';
import { cmsFileSize, cmsStripTags, escapeCsv, rcmsJsonEncode, sortName } from '../src/cms/text';
import { fakeCtx, fromJS, run, runJS } from './helpers';

const json = (v: unknown) => jsonEncode(v as never);

describe('cms_sort family (conformance cms_sort_family, rcms_sort_aliases, cms_sort_mixed_strings)', () => {
  const a = [3, 10, 1, 2];
  const m = { b: 2, c: 3, a: 1 };
  it('sorts copies', () => {
    expect(json(run(cmsSort, a))).toBe('[1,2,3,10]');
    expect(json(run(cmsRsort, a))).toBe('[10,3,2,1]');
    expect(json(run(cmsAsort, m))).toBe('{"a":1,"b":2,"c":3}');
    expect(json(run(cmsArsort, m))).toBe('{"c":3,"b":2,"a":1}');
    expect(json(run(cmsKsort, m))).toBe('{"a":1,"b":2,"c":3}');
    expect(json(run(cmsKrsort, m))).toBe('{"c":3,"b":2,"a":1}');
    const y = { y: 1, x: 2 };
    expect(json(run(cmsAsort, y))).toBe('{"y":1,"x":2}');
    expect(json(run(cmsArsort, y))).toBe('{"x":2,"y":1}');
  });
  it('PHP 8 comparison of numeric and non-numeric strings', () => {
    expect(json(run(cmsSort, ['10', '9', '2', 'b', 'a', 'B']))).toBe('["2","9","10","B","a","b"]');
  });
  it('leaves the original alone', () => {
    const orig = fromJS([2, 3, 1]) as PhpArray;
    cmsSort.run(fakeCtx(), orig);
    expect(json(orig)).toBe('[2,3,1]');
  });
  it('mixed int and string keys in ksort', () => {
    expect(json(run(cmsKsort, { b: 1, '10': 2, a: 3, '9': 4 }))).toBe('{"9":4,"10":2,"a":3,"b":1}');
  });
  it('aliases; a value that is not an array comes back unchanged', () => {
    expect(cmsSort.aliases).toEqual(['rcms_sort']);
    expect(cmsKrsort.aliases).toEqual(['rcms_krsort']);
    const ctx = fakeCtx();
    for (const m of [cmsSort, cmsKrsort, cmsSortByKey]) {
      for (const v of ['abc', 5, 1.5, true, false, null]) expect(run(m, v, [], ctx)).toBe(v);
    }
    const o = new PhpObject(PhpArray.fromList([2, 1]));
    expect(cmsSort.run(ctx, o)).toBe(o);
    expect(ctx.warnings).toEqual([]);
  });
});

describe('cms_sort_by_key (conformance cms_sort_by_key)', () => {
  const rows = [
    { name: 'c', age: 30 },
    { name: 'a', age: 25 },
    { name: 'b', age: 35 },
  ];
  const names = (v: unknown) => (v as { name: string }[]).map((r) => r.name).join('');
  it('asc, desc, by another key', () => {
    expect(names(runJS(cmsSortByKey, rows, ['age']))).toBe('acb');
    expect(names(runJS(cmsSortByKey, rows, ['age', 'desc']))).toBe('bca');
    expect(names(runJS(cmsSortByKey, rows, ['age', 'DESC']))).toBe('bca');
    expect(names(runJS(cmsSortByKey, rows, ['name']))).toBe('abc');
    expect(cmsSortByKey.aliases).toEqual(['rcms_sort_by_key']);
  });
  it('is stable and re-indexed', () => {
    const r = [
      { id: 'x', p: 2 },
      { id: 'y', p: 1 },
      { id: 'z', p: 2 },
      { id: 'w', p: 1 },
    ];
    expect(json(run(cmsSortByKey, { k1: r[0], k2: r[1], k3: r[2], k4: r[3] }, ['p']))).toBe(
      '[{"id":"y","p":1},{"id":"w","p":1},{"id":"x","p":2},{"id":"z","p":2}]',
    );
    expect(json(run(cmsSortByKey, r, ['p', 'desc']))).toBe(
      '[{"id":"x","p":2},{"id":"z","p":2},{"id":"y","p":1},{"id":"w","p":1}]',
    );
  });
  it('missing fields sort as null (null < -1: PHP compares null as false)', () => {
    expect(json(run(cmsSortByKey, [{ p: 1 }, {}, { p: -1 }], ['p']))).toBe('[[],{"p":-1},{"p":1}]');
  });
});

describe('count / empty / in_array / cms_in_array', () => {
  it('count (conformance count_nested)', () => {
    expect(run(count, { a: 1, list: [1, 2, 3] })).toBe(2);
    expect(run(count, { a: 1, list: [1, 2, 3] }, [1])).toBe(5);
    expect(run(count, null)).toBe(0);
    expect(run(count, [])).toBe(0);
    // count() before PHP 8: any other value that is not an array is 1
    for (const v of ['abc', '', 0, 5, 1.5, true, false]) expect(run(count, v)).toBe(1);
    expect(run(count, 'abc', [1])).toBe(1);
    expect(count.run(fakeCtx(), new PhpObject())).toBe(1);
  });
  it('empty', () => {
    for (const v of ['', '0', 0, 0.0, null, false, []]) expect(run(empty, v)).toBe(true);
    for (const v of ['a', '0.0', ' ', 1, -1, true, [0]]) expect(run(empty, v)).toBe(false);
    expect(empty.run(fakeCtx(), new PhpObject())).toBe(true);
    expect(empty.run(fakeCtx(), new PhpObject(PhpArray.fromList([1])))).toBe(false);
  });
  it('in_array is safe on non-arrays, loose by default', () => {
    expect(run(inArrayDef, 'b', [['a', 'b']])).toBe(true);
    expect(run(inArrayDef, '1', [[0, 1, 2]])).toBe(true);
    expect(run(inArrayDef, '1', [[0, 1, 2], true])).toBe(false);
    expect(run(inArrayDef, 'a', ['abc'])).toBe(false);
    expect(run(inArrayDef, 'a', [])).toBe(false);
  });
  it('cms_in_array (conformance plugin_modifiers_not_limited_by_allowlist)', () => {
    expect(run(cmsInArray, '2', [[3, 2]])).toBe(true);
    expect(run(cmsInArray, 'beef', [['apple', 'banana']])).toBe(false);
    expect(run(cmsInArray, 'x', [null])).toBe(false);
    // the third argument asks for === (the CMS passes it on to in_array)
    expect(run(cmsInArray, '2', [[3, 2], true])).toBe(false);
    expect(run(cmsInArray, 2, [[3, 2], true])).toBe(true);
    expect(run(cmsInArray, '2', [[3, 2], '0'])).toBe(true);
    expect(cmsInArray.aliases).toEqual(['rcms_in_array']);
  });
});

describe('to_form_options / to_object', () => {
  it('to_form_options (conformance to_form_options)', () => {
    const m = { '10': 'Ten', x: 'Ex' };
    expect(json(run(toFormOptions, m))).toBe('[{"key":10,"value":"Ten"},{"key":"x","value":"Ex"}]');
    expect(json(run(toFormOptions, m, ['id', 'label']))).toBe(
      '[{"id":10,"label":"Ten"},{"id":"x","label":"Ex"}]',
    );
    expect(json(run(toFormOptions, null))).toBe('[]');
    // (array) cast: a scalar is the one item at key 0, an object its properties
    expect(json(run(toFormOptions, 'x'))).toBe('[{"key":0,"value":"x"}]');
    expect(json(run(toFormOptions, false, ['k', 'v']))).toBe('[{"k":0,"v":false}]');
    const o = new PhpObject(PhpArray.fromEntries([['a', 1]]));
    expect(json(toFormOptions.run(fakeCtx(), o))).toBe('[{"key":"a","value":1}]');
  });
  it('to_object', () => {
    const o = run(toObject, { name: 'Ann', tags: ['a'] });
    expect(o).toBeInstanceOf(PhpObject);
    expect((o as PhpObject).props.get('name')).toBe('Ann');
    expect(json(o)).toBe('{"name":"Ann","tags":["a"]}');
    expect(json(run(toObject, null))).toBe('{}');
    expect(json(run(toObject, 5))).toBe('{"scalar":5}');
  });
});

describe('text modifiers', () => {
  it('cms_strip_tags (conformance cms_strip_tags)', () => {
    const s = '<p>Hi <b>there</b> <i>you</i></p><script>x()</script>';
    expect(run(cmsStripTags, s)).toBe('Hi there youx()');
    expect(run(cmsStripTags, s, ['<b>'])).toBe('Hi <b>there</b> youx()');
    expect(run(cmsStripTags, s, ['<b><i>'])).toBe('Hi <b>there</b> <i>you</i>x()');
    expect(run(cmsStripTags, s, [['b', 'i']])).toBe('Hi <b>there</b> <i>you</i>x()');
    expect(cmsStripTags.aliases).toEqual(['rcms_strip_tags']);
    // the value is cast to a string: an array (with `@`) is "Array", with PHP's warning
    const ctx = fakeCtx();
    expect(run(cmsStripTags, ['<b>x</b>'], [], ctx)).toBe('Array');
    expect(ctx.warnings).toEqual(['Array to string conversion']);
  });
  it('sort_name (conformance sort_name_default_ja, sort_name_en)', () => {
    expect(run(sortName, '山田', ['太郎'])).toBe('山田 太郎');
    expect(run(sortName, 'Smith', ['John'], fakeCtx({ vars: { lang: 'en' } }))).toBe('John Smith');
    expect(run(sortName, 'Yamada', ['Taro'], fakeCtx({ vars: { lang: 'ja' } }))).toBe('Yamada Taro');
    expect(run(sortName, 'Yamada', ['Taro'], fakeCtx({ vars: { lang: 'zh-TW' } }))).toBe('Yamada Taro');
  });
  it('escapeCSV', () => {
    expect(run(escapeCsv, 'say "hi", bye')).toBe('"say ""hi"", bye"');
    expect(run(escapeCsv, 12)).toBe('"12"');
    expect(run(escapeCsv, null)).toBe('""');
    expect(run(escapeCsv, [1, 'a,b', 'x\ny'])).toBe('"1","a,b","x\ny"');
  });
  it('rcms_json_encode (conformance rcms_json_encode_unicode)', () => {
    const m = { name: '山田', url: 'https://a.jp/x', quote: '"q"' };
    expect(run(rcmsJsonEncode, m)).toBe('{"name":"山田","url":"https:\\/\\/a.jp\\/x","quote":"\\"q\\""}');
    expect(run(rcmsJsonEncode, 'é')).toBe('"é"');
    expect(run(rcmsJsonEncode, m, [64])).toBe('{"name":"山田","url":"https://a.jp/x","quote":"\\"q\\""}');
    expect(run(rcmsJsonEncode, 'a__RCMS_CONTENT_BOUNDARY__b')).toBe('["a","b"]');
  });
});

describe('pg_dateformat / pg_dateformat2', () => {
  // 2024-06-21 14:31:42 JST
  const now = Date.UTC(2024, 5, 21, 5, 31, 42);
  const ja = fakeCtx({ now });
  const en = fakeCtx({ now, vars: { lang: 'en' } });
  it('formats with Japanese names by default', () => {
    expect(run(pgDateformat, '2024-06-01 12:34:56', [], ja)).toBe('2024/06/01(土) 12:34');
    expect(run(pgDateformat, '2024-06-01 12:34:56', ['Y-m-d(D) [H:i:s]'], ja)).toBe(
      '2024-06-01(土) [12:34:56]',
    );
    expect(run(pgDateformat, '2024-05-01 12:34:56', ['M'], ja)).toBe('5月');
    expect(run(pgDateformat, '-2 days', [], ja)).toBe('2024/06/19(水) 14:31');
    expect(run(pgDateformat, '-1 hour', [], ja)).toBe('2024/06/21(金) 13:31');
  });
  it('English names with lang=en', () => {
    expect(run(pgDateformat, '2024-06-01 12:34:56', [], en)).toBe('2024/06/01(Sat) 12:34');
    expect(run(pgDateformat, '2024-05-01', ['M F l'], en)).toBe('May May Wednesday');
  });
  it('timestamps and bad input', () => {
    expect(run(pgDateformat, 1700000000, ['Y-m-d H:i'], ja)).toBe('2023-11-15 07:13');
    expect(run(pgDateformat, '1700000000', ['Y-m-d H:i'], ja)).toBe('2023-11-15 07:13');
    expect(run(pgDateformat, 'not a date', [], ja)).toBe('');
    expect(run(pgDateformat, '', [], ja)).toBe('');
    expect(run(pgDateformat, null, [], ja)).toBe('');
  });
  it('pg_dateformat2 shows recent times as a span', () => {
    expect(run(pgDateformat2, '-1 hour', [], ja)).toBe(
      '<span style="color:#5FAF23;font-weight:bold;">13:31:42(1時間前に更新)</span>',
    );
    expect(run(pgDateformat2, '-90 minutes', [], ja)).toBe(
      '<span style="color:#5FAF23;font-weight:bold;">13:01:42(2時間前に更新)</span>',
    );
    expect(run(pgDateformat2, '-5 minutes', [], en)).toBe(
      '<span style="color:#5FAF23;font-weight:bold;">14:26:42(Updated 5 minutes ago)</span>',
    );
    expect(run(pgDateformat2, '-1 second', [], en)).toBe(
      '<span style="color:#5FAF23;font-weight:bold;">14:31:41(Updated 1 second ago)</span>',
    );
    expect(run(pgDateformat2, '-2 days', [], ja)).toBe('2024/06/19(水) 14:31');
    expect(run(pgDateformat2, '+1 hour', [], ja)).toBe('2024/06/21(金) 15:31');
  });
});

describe('check_inner_uri / getCountryFromIP', () => {
  const ctx = fakeCtx({ services: { site: { hosts: ['example.com', 'www.Example.com'] } } });
  it.each([
    ['/news/1', true],
    ['news/1?x=1', true],
    ['?page=2', true],
    ['https://example.com/a', true],
    ['https://WWW.example.com:8443/a', true],
    ['//example.com/a', true],
    ['https://evil.example/', false],
    ['//evil.example/', false],
    ['/\\evil.example/', false],
    ['https://example.com@evil.example/', false],
    ['javascript:alert(1)', false],
    ['mailto:a@example.com', false],
    ['', false],
  ])('%j → %s', (url, inner) => {
    expect(run(checkInnerUri, url, [], ctx)).toBe(inner);
  });
  it('without site hosts only paths are inner', () => {
    expect(run(checkInnerUri, 'https://example.com/')).toBe(false);
    expect(run(checkInnerUri, '/a')).toBe(true);
  });
  it('getCountryFromIP uses services.geoip', () => {
    expect(run(getCountryFromIp, '192.0.2.1')).toBe(null);
    const geo = fakeCtx({
      services: { geoip: { lookup: (ip: string) => (ip === '203.0.113.5' ? 'JP' : null) } },
    });
    expect(run(getCountryFromIp, '203.0.113.5', [], geo)).toBe('JP');
    expect(run(getCountryFromIp, '198.51.100.1', [], geo)).toBe(null);
  });
});

describe('cms_file_size (conformance cms_file_size)', () => {
  it.each([
    [0, [], '0.00 B'],
    [512, [], '512.00 B'],
    [1536, [], '1.50 KB'],
    [5242880, [], '5.00 MB'],
    [3221225472, [1, 1], '3.0 GB'],
    [5242880, [0], '5.00'],
    [5242880, [0, 0], '5'],
    [1023, [], '1023.00 B'],
    [1024, [], '1.00 KB'],
    [1099511627776 * 2048, [], '2048.00 TB'],
    ['2048', [], '2.00 KB'],
    [1587, [1, 1], '1.5 KB'],
    [1588, [1, 1], '1.6 KB'],
  ])('%j %j', (v, args, out) => {
    expect(run(cmsFileSize, v, args as unknown[])).toBe(out);
  });
  it('alias', () => {
    expect(cmsFileSize.aliases).toEqual(['rcms_file_size']);
  });
});

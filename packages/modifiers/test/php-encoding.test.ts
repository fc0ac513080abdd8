import { PhpArray, PhpFloat } from '@sumi/php';
import { createEngine, type SumiError } from '@sumi/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modifiers } from '../src/index';
import { ARGON2_MAX_MEMORY_KIB, ARGON2_MAX_WORK } from '../src/php/argon2';
import { base64Decode, base64Encode } from '../src/php/base64';
import {
  BCRYPT_MAX_COST,
  base64DecodeDef,
  base64EncodeDef,
  htmlEntityDecode,
  htmlspecialcharsDecode,
  httpBuildQuery,
  jsonDecodeDef,
  jsonEncodeDef,
  md5,
  parseUrlDef,
  passwordHash,
  passwordVerify,
  pathinfoDef,
  rawurldecode,
  urlencode,
} from '../src/php/encoding';
import { strlen, substr } from '../src/php/strings';
import { parseUrl } from '../src/php/url-parse';
import { fakeCtx, fromJS, run, runJS } from './helpers';

describe('base64', () => {
  it.each([
    ['hello', 'aGVsbG8='],
    ['', ''],
    ['a', 'YQ=='],
    ['ab', 'YWI='],
    ['日本', '5pel5pys'],
  ])('base64_encode(%j) = %j', (s, b) => {
    expect(run(base64EncodeDef, s)).toBe(b);
    expect(run(base64DecodeDef, b)).toBe(s);
  });
  it('lenient decoding skips junk, strict decoding rejects it', () => {
    expect(run(base64DecodeDef, 'aGk=')).toBe('hi');
    expect(run(base64DecodeDef, '%%')).toBe('');
    expect(run(base64DecodeDef, 'aG k=\n')).toBe('hi');
    expect(run(base64DecodeDef, 'a%G=k', [true])).toBe(false);
    expect(run(base64DecodeDef, 'aGk', [true])).toBe('hi');
    expect(run(base64DecodeDef, 'aGk=a', [true])).toBe(false);
    expect(run(base64DecodeDef, 'a', [true])).toBe(false);
    expect(run(base64DecodeDef, 'aGk===', [true])).toBe(false);
    expect(run(base64DecodeDef, 'aG k=', [true])).toBe('hi');
  });
  it('binary results keep their bytes', () => {
    const raw = run(base64DecodeDef, '/wA=') as string;
    expect(run(strlen, raw)).toBe(2);
    expect(run(base64EncodeDef, raw)).toBe('/wA=');
  });
});

describe('entity decoding', () => {
  it.each([
    ['&lt;p&gt;caf&eacute; &amp;amp; &#x41;&#39;&apos;', [], "<p>café &amp; A'&apos;"],
    ['&quot;&#039;', [], `"'`],
    ['&quot;&#039;', [0], '&quot;&#039;'],
    ['&quot;&#039;', [2], '"&#039;'],
    ['&apos;', [48], '&apos;'],
    ['&apos;', [48 | 3], "'"],
    ['&apos;', [16 | 3], "'"],
    ['&hellip;&nbsp;&copy;', [], '…\u00a0©'],
    ['&NewLine;', [], '&NewLine;'],
    ['&NewLine;', [48], '\n'],
    ['&amp', [], '&amp'],
    ['&#128;&#0;&#xD800;', [], '&#128;&#0;&#xD800;'],
    ['&#x1F600;&#12354;', [], '😀あ'],
    ['&#1114112;', [], '&#1114112;'],
    ['a & b', [], 'a & b'],
  ])('html_entity_decode(%j, ...%j)', (s, args, expected) => {
    expect(run(htmlEntityDecode, s, args)).toBe(expected);
  });
  it.each([
    ['&lt;&quot;&gt;', [0], '<&quot;>'],
    ['&lt;&quot;&gt;&#039;&apos;', [], `<">'&apos;`],
    ['&lt;&#60;&eacute;&#233;', [], '<<&eacute;&#233;'],
    ['&amp;lt;', [], '&lt;'],
    ['&apos;', [3 | 48], "'"],
  ])('htmlspecialchars_decode(%j, ...%j)', (s, args, expected) => {
    expect(run(htmlspecialcharsDecode, s, args)).toBe(expected);
  });
});

describe('URLs', () => {
  it('urlencode and rawurldecode', () => {
    expect(run(urlencode, 'a b&c=d/é~')).toBe('a+b%26c%3Dd%2F%C3%A9%7E');
    expect(run(urlencode, '-_.*')).toBe('-_.%2A');
    expect(run(rawurldecode, 'a%20b%2F')).toBe('a b/');
    expect(run(rawurldecode, 'a+b%zz%E3%81%82')).toBe('a+b%zzあ');
  });
  it('http_build_query', () => {
    expect(run(httpBuildQuery, { a: 1, b: 'x y', c: { d: 2, e: [3, 4] } })).toBe(
      'a=1&b=x+y&c%5Bd%5D=2&c%5Be%5D%5B0%5D=3&c%5Be%5D%5B1%5D=4',
    );
    expect(run(httpBuildQuery, { t: true, f: false, n: null, s: 'é' })).toBe('t=1&f=0&s=%C3%A9');
    expect(run(httpBuildQuery, ['a', 'b'], ['p_'])).toBe('p_0=a&p_1=b');
    expect(run(httpBuildQuery, { a: 1, b: 2 }, ['', ';'])).toBe('a=1;b=2');
    expect(run(httpBuildQuery, { q: 'a b~' }, ['', null, 2])).toBe('q=a%20b~');
    expect(run(httpBuildQuery, { f: 1.5, g: 0.1 + 0.2, h: 1e25 })).toBe('f=1.5&g=0.3&h=1.0E%2B25');
    expect(run(httpBuildQuery, {})).toBe('');
    // -0.0 is a float in PHP's TypeError message
    const ctx = fakeCtx();
    expect(run(httpBuildQuery, -0, [], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'http_build_query(): Argument #1 ($data) must be of type array, float given',
    ]);
  });
  it.each([
    [
      'https://user@example.com:8080/a/b.html?x=1#frag',
      {
        scheme: 'https',
        host: 'example.com',
        port: 8080,
        user: 'user',
        path: '/a/b.html',
        query: 'x=1',
        fragment: 'frag',
      },
    ],
    ['//example.com/path', { host: 'example.com', path: '/path' }],
    ['/just/a/path?q', { path: '/just/a/path', query: 'q' }],
    ['mailto:someone@example.com', { scheme: 'mailto', path: 'someone@example.com' }],
    ['example.com:80', { host: 'example.com', port: 80 }],
    ['http://u:p@h/', { scheme: 'http', host: 'h', user: 'u', pass: 'p', path: '/' }],
    ['http://[::1]:8080/x', { scheme: 'http', host: '[::1]', port: 8080, path: '/x' }],
    ['a?#', { path: 'a', query: '', fragment: '' }],
    ['file:///etc/hosts', { scheme: 'file', path: '/etc/hosts' }],
    ['http:', { scheme: 'http' }],
  ])('parse_url(%j)', (url, expected) => {
    expect(parseUrl(url)).toEqual(expected);
  });
  it.each(['http://example.com:99999/', 'http:///example.com', 'http://:80', ':'])(
    'parse_url(%j) is false',
    (url) => {
      expect(run(parseUrlDef, url)).toBe(false);
    },
  );
  it('parse_url component', () => {
    expect(run(parseUrlDef, 'https://example.com:8080/p', [1])).toBe('example.com');
    expect(run(parseUrlDef, 'https://example.com:8080/p', [2])).toBe(8080);
    expect(run(parseUrlDef, 'https://example.com/p', [6])).toBe(null);
    const ctx = fakeCtx();
    expect(run(parseUrlDef, 'x', [9], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'parse_url(): Argument #2 ($component) must be a valid URL component identifier, 9 given',
    ]);
    // PHP checks only a component of 0 or more: any negative one gives every part
    expect(runJS(parseUrlDef, 'http://a/b', [-5])).toEqual({ scheme: 'http', host: 'a', path: '/b' });
  });
  it('pathinfo', () => {
    expect(runJS(pathinfoDef, '/files/user/report.tar.gz')).toEqual({
      dirname: '/files/user',
      basename: 'report.tar.gz',
      extension: 'gz',
      filename: 'report.tar',
    });
    expect(runJS(pathinfoDef, 'file')).toEqual({ dirname: '.', basename: 'file', filename: 'file' });
    expect(runJS(pathinfoDef, '/dir/')).toEqual({ dirname: '/', basename: 'dir', filename: 'dir' });
    expect(runJS(pathinfoDef, '.htaccess')).toEqual({
      dirname: '.',
      basename: '.htaccess',
      extension: 'htaccess',
      filename: '',
    });
    expect(runJS(pathinfoDef, '')).toEqual({ basename: '', filename: '' });
    expect(run(pathinfoDef, '/a/b.txt', [4])).toBe('txt');
    expect(run(pathinfoDef, '/a/b', [4])).toBe('');
    expect(run(pathinfoDef, '/a/b.txt', [1])).toBe('/a');
    expect(run(pathinfoDef, '/a/b.txt', [8])).toBe('b');
  });
});

describe('JSON', () => {
  it('json_encode', () => {
    expect(run(jsonEncodeDef, { k: '値', u: 'https://x.jp/a' })).toBe(
      '{"k":"\\u5024","u":"https:\\/\\/x.jp\\/a"}',
    );
    expect(run(jsonEncodeDef, { k: '値', u: 'https://x.jp/a' }, [320])).toBe(
      '{"k":"値","u":"https://x.jp/a"}',
    );
    expect(run(jsonEncodeDef, new PhpFloat(1))).toBe('1');
    expect(run(jsonEncodeDef, new PhpFloat(1), [1024])).toBe('1.0');
    expect(run(jsonEncodeDef, 0.1 + 0.2)).toBe('0.30000000000000004');
    expect(run(jsonEncodeDef, Number.NaN)).toBe(false);
    expect(run(jsonEncodeDef, null)).toBe('null');
  });
  it('json_decode gives arrays by default', () => {
    expect(runJS(jsonDecodeDef, '{"a":"A","list":[1,2],"obj":{}}')).toEqual({
      a: 'A',
      list: [1, 2],
      obj: [],
    });
    expect(run(jsonDecodeDef, '5')).toBe(5);
    expect(run(jsonDecodeDef, 'nope')).toBe(null);
    expect(run(jsonDecodeDef, null)).toBe(null);
    expect(run(jsonDecodeDef, '[[1]]', [true, 1])).toBe(null);
    // the CMS's own json_decode has no null-on-error wrapper: a bad depth ends the template
    expect(() => run(jsonDecodeDef, '1', [true, 0])).toThrow(
      'json_decode(): Argument #3 ($depth) must be greater than 0',
    );
    expect(() => run(jsonDecodeDef, '1', [true, 4294967297])).toThrow('must be less than 2147483647');
  });
  it('json_decode with false gives objects', () => {
    const v = run(jsonDecodeDef, '{"a":1}', [false]);
    expect(v).not.toBeInstanceOf(PhpArray);
  });
});

describe('hashing', () => {
  it('md5', () => {
    expect(run(md5, 'hello')).toBe('5d41402abc4b2a76b9719d911017c592');
    expect(run(md5, '')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(run(md5, '日本語')).toBe('00110af8b4393ef3f72c50be5b332bec');
    expect(run(substr, run(md5, 'abc'), [0, 6])).toBe('900150');
    expect(run(strlen, run(md5, 'abc', [true]))).toBe(16);
  });
  it('md5 hashes the UTF-8 bytes', () => {
    // "é" is C3 A9
    expect(run(md5, 'é')).toBe('66ddcd97cfdeabb2f6fb8a999b4bc76f');
  });
  it('password_hash and password_verify (bcrypt)', () => {
    const h = run(passwordHash, 'x', ['2y', { cost: 4 }]) as string;
    expect(h).toMatch(/^\$2y\$04\$[./A-Za-z0-9]{53}$/);
    expect(run(passwordVerify, 'x', [h])).toBe(true);
    expect(run(passwordVerify, 'y', [h])).toBe(false);
    const known = '$2y$04$kTZ0.HMKhB7rej/keBn3cO8yz49ZF97VytRIK7UV0KNGNWNJ/C/MO';
    expect(run(passwordVerify, 'secret', [known])).toBe(true);
    expect(run(passwordVerify, 'wrong', [known])).toBe(false);
    expect(run(passwordVerify, 'secret', ['not a hash'])).toBe(false);
  });
  it('bcrypt costs above BCRYPT_MAX_COST stop the render with LIMIT_COST (no multi-second call)', () => {
    expect(BCRYPT_MAX_COST).toBe(12);
    const engine = createEngine({ plugins: modifiers });
    const error = (tpl: string, data: Record<string, unknown> = {}) => {
      try {
        engine.renderSync(tpl, fromJS(data) as PhpArray);
      } catch (e) {
        const s = e as SumiError;
        return `${s.code} ${s.message} | ${s.hint} | ${s.line}:${s.column}`;
      }
      return 'no error';
    };
    const hint =
      "each step of bcrypt's cost doubles its work; Sumi accepts costs up to 12 (PHP's default is 10)";
    const t = Date.now();
    expect(error("x{$pw|password_hash:'2y':$o}", { pw: 'x', o: { cost: 31 } })).toBe(
      `LIMIT_COST password_hash(): bcrypt cost 31 exceeds the limit of 12 | ${hint} | 1:2`,
    );
    expect(error("{$pw|password_hash:'2y':$o}", { pw: 'x', o: { cost: 13 } })).toBe(
      `LIMIT_COST password_hash(): bcrypt cost 13 exceeds the limit of 12 | ${hint} | 1:1`,
    );
    // a stored hash of cost 31 (PHP would work on it for days)
    const slow = `$2y$31$${'a'.repeat(53)}`;
    expect(error('{$pw|password_verify:$h}', { pw: 'x', h: slow })).toBe(
      `LIMIT_COST password_verify(): bcrypt cost 31 exceeds the limit of 12 | ${hint} | 1:1`,
    );
    expect(Date.now() - t).toBeLessThan(5000);
    // PHP's own errors keep their shape: a cost PHP rejects is a ValueError (null), an invalid
    // hash cost is false
    expect(error("{$pw|password_hash:'2y':$o}", { pw: 'x', o: { cost: 32 } })).toBe('no error');
    expect(run(passwordVerify, 'x', [`$2y$32$${'a'.repeat(53)}`])).toBe(false);
    expect(run(passwordVerify, 'x', [`$2y$03$${'a'.repeat(53)}`])).toBe(false);
  });
  it('password_hash errors', () => {
    const ctx = fakeCtx();
    expect(run(passwordHash, 'x', ['md5'], ctx)).toBe(null);
    expect(run(passwordHash, 'x', ['2y', { cost: 3 }], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'password_hash(): Argument #2 ($algo) must be a valid password hashing algorithm',
      'Invalid bcrypt cost parameter specified: 3',
    ]);
  });
  it('password_verify reads the Argon2 hashes PHP 8.2 (libargon2) writes', () => {
    // made with PHP: password_hash("secret", PASSWORD_ARGON2I, ["memory_cost" => 1024, "time_cost" => 2])
    const i =
      '$argon2i$v=19$m=1024,t=2,p=1$M0pGLnRXd05raUw4QlF4dg$Kfk9M4bgHx63lg5xzxbGwcHY7MxSUxYT76br+HlR5Gk';
    // password_hash("pässwörd", PASSWORD_ARGON2ID, ["memory_cost" => 512, "time_cost" => 1, "threads" => 2])
    const id =
      '$argon2id$v=19$m=512,t=1,p=2$L3pEUWdncXZnd2hhaVBIQg$/KiUeBWTtIysNgvyxT6u3/WbtkSrM2VwZPPUzi9+MYo';
    expect(run(passwordVerify, 'secret', [i])).toBe(true);
    expect(run(passwordVerify, 'Secret', [i])).toBe(false);
    expect(run(passwordVerify, 'pässwörd', [id])).toBe(true);
    expect(run(passwordVerify, 'passwoerd', [id])).toBe(false);
    // a hash libargon2 would not decode is false
    expect(run(passwordVerify, 'secret', [i.slice(0, -1)])).toBe(false);
    expect(run(passwordVerify, 'secret', [i.replace('argon2i', 'argon2x')])).toBe(false);
    expect(run(passwordVerify, 'secret', [i.replace('m=1024', 'm=4')])).toBe(false);
  });
  it("password_hash with Argon2: PHP's format, options and messages", () => {
    for (const [algo, name] of [
      ['argon2i', 'argon2i'],
      [3, 'argon2id'],
    ] as const) {
      const h = run(passwordHash, 'x', [algo, { memory_cost: 64, time_cost: 1, threads: 2 }]) as string;
      expect(h).toMatch(
        new RegExp(`^\\$${name}\\$v=19\\$m=64,t=1,p=2\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`),
      );
      // the salt is 16 characters of PHP's salt alphabet
      expect(atob(h.split('$')[4]!)).toMatch(/^[A-Za-z0-9./]{16}$/);
      expect(run(passwordVerify, 'x', [h])).toBe(true);
      expect(run(passwordVerify, 'y', [h])).toBe(false);
    }
    const ctx = fakeCtx();
    for (const o of [
      { memory_cost: 4 },
      { memory_cost: -1 },
      { memory_cost: 'abc' },
      { memory_cost: 64, time_cost: 0 },
      { memory_cost: 64, threads: 0 },
      { memory_cost: 8, threads: 2 },
    ]) {
      expect(run(passwordHash, 'x', ['argon2i', o], ctx)).toBe(null);
    }
    expect(run(passwordHash, 'x', ['argon2id', { memory_cost: 64, time_cost: 1, salt: 'abc' }], ctx)).toMatch(
      /^\$argon2id\$/,
    );
    expect(ctx.warnings).toEqual([
      'Memory cost is outside of allowed memory range',
      'Memory cost is outside of allowed memory range',
      'Memory cost is outside of allowed memory range',
      'Time cost is outside of allowed time range',
      'Invalid number of threads',
      'Memory cost is too small',
      'password_hash(): The "salt" option has been ignored, since providing a custom salt is no longer supported',
    ]);
  });
  it("Argon2 work above PHP's default stops the render with LIMIT_COST, a hash or a verification", () => {
    expect([ARGON2_MAX_MEMORY_KIB, ARGON2_MAX_WORK]).toEqual([65536, 262144]);
    const engine = createEngine({ plugins: modifiers });
    const code = (tpl: string, data: Record<string, unknown>) => {
      try {
        engine.renderSync(tpl, fromJS(data) as PhpArray);
      } catch (e) {
        return `${(e as SumiError).code} ${(e as SumiError).message}`;
      }
      return 'no error';
    };
    const t = Date.now();
    expect(code("{'x'|password_hash:'argon2id':$o}", { o: { memory_cost: 131072, time_cost: 1 } })).toBe(
      'LIMIT_COST password_hash(): Argon2 memory_cost 131072 exceeds the limit of 65536',
    );
    expect(code("{'x'|password_hash:'argon2id':$o}", { o: { memory_cost: 65536, time_cost: 5 } })).toBe(
      'LIMIT_COST password_hash(): Argon2 memory_cost × time_cost 327680 exceeds the limit of 262144',
    );
    const stored =
      '$argon2id$v=19$m=4194304,t=3,p=4$L3pEUWdncXZnd2hhaVBIQg$/KiUeBWTtIysNgvyxT6u3/WbtkSrM2VwZPPUzi9+MYo';
    expect(code("{'x'|password_verify:$h}", { h: stored })).toBe(
      'LIMIT_COST password_verify(): Argon2 memory_cost 4194304 exceeds the limit of 65536',
    );
    expect(Date.now() - t).toBeLessThan(2000);
  });
});

describe('base64 of bytes, short and in blocks', () => {
  it('is what Node gives, for every length across the short limit and a block boundary', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ minLength: 9200, maxLength: 9300 })),
        (bytes) => {
          const text = base64Encode(bytes);
          expect(text).toBe(Buffer.from(bytes).toString('base64'));
          expect(base64Decode(text, true)).toEqual(bytes);
        },
      ),
      { numRuns: 400 },
    );
  });
});

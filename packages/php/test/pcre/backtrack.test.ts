/**
 * The backtracking matcher (backtrack.ts) and PHP's pcre.backtrack_limit. Every expected
 * value below was obtained from PHP 8.2.x CLI (PCRE2 10.42, pcre.jit=1, backtrack_limit
 * 1000000) with preg_match / preg_replace / preg_split / preg_match_all and preg_last_error().
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runProgram } from '../../src/pcre/backtrack';
import {
  compilePattern,
  PcreError,
  PREG_BACKTRACK_LIMIT_ERROR,
  PREG_NO_ERROR,
  pregLastError,
  pregLastErrorMsg,
  pregMatch,
  pregMatchAll,
  pregReplace,
  pregSplit,
  PREG_SET_ORDER as SET,
  setPcreEngine,
} from '../../src/pcre/index';
import { Parser } from '../../src/pcre/parser';
import { buildProgram } from '../../src/pcre/program';
import { dump } from './dump';

/** filter_var's FILTER_VALIDATE_EMAIL pattern (ext/filter/logical_filters.c), with its flags iD */
const EMAIL =
  '/^(?!(?:(?:\\x22?\\x5C[\\x00-\\x7E]\\x22?)|(?:\\x22?[^\\x5C\\x22]\\x22?)){255,})(?!(?:(?:\\x22?\\x5C[\\x00-\\x7E]\\x22?)|(?:\\x22?[^\\x5C\\x22]\\x22?)){65,}@)(?:(?:[\\x21\\x23-\\x27\\x2A\\x2B\\x2D\\x2F-\\x39\\x3D\\x3F\\x5E-\\x7E]+)|(?:\\x22(?:[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x21\\x23-\\x5B\\x5D-\\x7F]|(?:\\x5C[\\x00-\\x7F]))*\\x22))(?:\\.(?:(?:[\\x21\\x23-\\x27\\x2A\\x2B\\x2D\\x2F-\\x39\\x3D\\x3F\\x5E-\\x7E]+)|(?:\\x22(?:[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x21\\x23-\\x5B\\x5D-\\x7F]|(?:\\x5C[\\x00-\\x7F]))*\\x22)))*@(?:(?:(?!.*[^.]{64,})(?:(?:(?:xn--)?[a-z0-9]+(?:-+[a-z0-9]+)*\\.){1,126}){1,}(?:(?:[a-z][a-z0-9]*)|(?:(?:xn--)[a-z0-9]+))(?:-+[a-z0-9]+)*)|(?:\\[(?:(?:IPv6:(?:(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){7})|(?:(?!(?:.*[a-f0-9][:\\]]){7,})(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,5})?::(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,5})?)))|(?:(?:IPv6:(?:(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){5}:)|(?:(?!(?:.*[a-f0-9]:){5,})(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,3})?::(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,3}:)?)))?(?:(?:25[0-5])|(?:2[0-4][0-9])|(?:1[0-9]{2})|(?:[1-9]?[0-9]))(?:\\.(?:(?:25[0-5])|(?:2[0-4][0-9])|(?:1[0-9]{2})|(?:[1-9]?[0-9]))){3}))\\]))$/iD';

const m = (p: string, s: string) => {
  const r = pregMatch(p, s);
  return `${r.count} ${dump(r.matches)} ${pregLastError()}`;
};

describe('catastrophic patterns stop at pcre.backtrack_limit like PHP', () => {
  it.each([
    ['nested quantifiers', '/^(a+)+$/', `${'a'.repeat(40)}b`, 'false [] 2'],
    ['nested quantifiers, unanchored', '/(a+)+$/', `${'a'.repeat(40)}!`, 'false [] 2'],
    ['nested stars', '/(a*)*$/', `${'a'.repeat(40)}b`, 'false [] 2'],
    ['alternation overlap', '/(a|aa)+$/', `${'a'.repeat(40)}!`, 'false [] 2'],
    ['identical branches', '/(a|a)+$/', `${'a'.repeat(40)}!`, 'false [] 2'],
    ['overlapping numbers', '/^(\\d+|\\d+\\.\\d+)*$/', `${'1'.repeat(30)}x`, 'false [] 2'],
    ['words and optional spaces', '/^(\\w+\\s?)*$/', `${'a'.repeat(30)}!`, 'false [] 2'],
    ['optional separators', '/^(\\s*,?\\s*)*$/', `${' '.repeat(40)}x`, 'false [] 2'],
    ['nested classes', '/^(([a-z])+.)+[A-Z]([a-z])+$/', `${'a'.repeat(30)}!`, 'false [] 2'],
    ['caseless, u mode', '/(?i)(A|a)+$/u', `${'a'.repeat(40)}é`, 'false [] 2'],
    ['e-mail pattern, 83-byte hostile input', EMAIL, `a@${'a.'.repeat(40)}!`, 'false [] 2'],
  ])('%s: %s', (_what, pattern, subject, expected) => {
    const t = Date.now();
    expect(m(pattern, subject)).toBe(expected);
    expect(pregLastErrorMsg()).toBe('Backtrack limit exhausted');
    expect(Date.now() - t).toBeLessThan(4000);
  });

  it.each([
    // PCRE2's required-character check: no "b"/"y"/"c" in the subject, so no backtracking at all
    ['/(x+x+)+y/', `${'x'.repeat(40)}z`, '0 [] 0'],
    ['/(a*)*b/', 'a'.repeat(40), '0 [] 0'],
    ['/(?:a|ab|b)*c/', 'ab'.repeat(25), '0 [] 0'],
    ['/((ab)*|b)*c/', 'ab'.repeat(30), '0 [] 0'],
    // ordinary inputs of the same patterns match
    ['/^(a+)+$/', 'a'.repeat(40), `1 ["${'a'.repeat(40)}","${'a'.repeat(40)}"] 0`],
    [EMAIL, 'john.doe@example.com', '1 ["john.doe@example.com"] 0'],
    [EMAIL, `a@${'a.'.repeat(40)}com`, `1 ["a@${'a.'.repeat(40)}com"] 0`],
  ])('%s on %s', (pattern, subject, expected) => {
    expect(m(pattern, subject)).toBe(expected);
  });

  it('preg_replace gives null (Sumi: throws kind "limit"), preg_split false, preg_match_all false with what it found', () => {
    const limit = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(PcreError);
        return (e as PcreError).kind;
      }
      return 'no error';
    };
    expect(limit(() => pregReplace('/(a+)+$/', 'x', `${'a'.repeat(40)}!`))).toBe('limit');
    expect(pregLastError()).toBe(PREG_BACKTRACK_LIMIT_ERROR);
    expect(limit(() => pregSplit('/(a|aa)+$/', `${'a'.repeat(40)}!`))).toBe('limit');
    expect(pregLastError()).toBe(PREG_BACKTRACK_LIMIT_ERROR);
    const all = pregMatchAll('/c|(a|aa)+$/', `cc${'a'.repeat(40)}!`);
    expect(`${all.count} ${dump(all.matches)} ${pregLastError()}`).toBe('false [["c","c"],["",""]] 2');
    const sets = pregMatchAll('/c|(a|aa)+$/', `cc${'a'.repeat(40)}!`, SET);
    expect(`${sets.count} ${dump(sets.matches)}`).toBe('false [["c"],["c"]]');
    // the next call resets the error
    expect(pregMatch('/a/', 'a').count).toBe(1);
    expect(pregLastError()).toBe(PREG_NO_ERROR);
    expect(pregLastErrorMsg()).toBe('No error');
  });

  it('preg_last_error() after a bad pattern and a bad offset', () => {
    expect(() => pregMatch('/(/', 'x')).toThrow(PcreError);
    expect(pregLastError()).toBe(1);
    expect(pregMatch('/a/', 'abc', 0, 10).count).toBe(false);
    expect(pregLastError()).toBe(1);
    expect(pregMatch('/./u', 'あい', 0, 1).count).toBe(false);
    expect(pregLastError()).toBe(5);
  });
});

describe('PCRE capture semantics on the matcher (PHP 8.2 values)', () => {
  it.each([
    ['/(a)?b\\1/', 'b', '0 [] 0'],
    ['/(a)?b\\1/', 'aba', '1 ["aba","a"] 0'],
    ['/(?:(a)|b)\\1/', 'bb', '0 [] 0'],
    ['/(?:(a)|b)\\1/', 'aa', '1 ["aa","a"] 0'],
    ['/\\1(a)/', 'aa', '0 [] 0'],
    ['/(a\\1)/', 'aa', '0 [] 0'],
    ['/(a|b\\1)+/', 'aba', '1 ["aba","ba"] 0'],
    ['/^(a|b\\1)+$/', 'aba', '1 ["aba","ba"] 0'],
    ['/(?:(a)|b)+/', 'ab', '1 ["ab","a"] 0'],
    ['/(a|)*/', 'b', '1 ["",""] 0'],
    ['/(a|)*/', 'aab', '1 ["aa",""] 0'],
    ['/(a?)+/', 'aa', '1 ["aa",""] 0'],
    ['/(?:(a)|(b))+/', 'ab', '1 ["ab","a","b"] 0'],
    ['/(\\w+)\\s\\1\\s*$/', 'hello hello', '1 ["hello hello","hello"] 0'],
    ['/^(\\w+)(?:\\s+\\1)+$/', `${'ab '.repeat(30)}abc`, '0 [] 0'],
  ])('%s on %s', (pattern, subject, expected) => {
    expect(compilePattern(pattern).program).not.toBeNull();
    expect(m(pattern, subject)).toBe(expected);
  });
});

describe('fixed tables are own-property lookups', () => {
  it.each(['/[[:constructor:]]/', '/[[:__proto__:]]/u', '/[[:toString:]]/', '/[[:hasOwnProperty:]]/'])(
    '%s is "unknown POSIX class name" (PHP: warning, false)',
    (pattern) => {
      expect(() => pregMatch(pattern, 'a')).toThrow(/unknown POSIX class name/);
    },
  );
});

/** the matcher on a JS-path pattern, for the differential test */
function viaMatcher(pattern: string, subject: string): string {
  const cp = compilePattern(pattern);
  const body = pattern.slice(1, pattern.lastIndexOf('/'));
  const u = Array.from(new TextEncoder().encode(body));
  const offsets = u.map((_, k) => k).concat([u.length]);
  const flags = pattern.slice(pattern.lastIndexOf('/') + 1);
  const parsed = new Parser(u, offsets, {
    i: flags.includes('i'),
    m: flags.includes('m'),
    s: flags.includes('s'),
    x: false,
    n: false,
    U: false,
    J: false,
    utf: false,
    dollarEndOnly: false,
  }).parse();
  const prog = buildProgram(parsed.root, parsed.captureCount, false);
  const out: string[] = [];
  let pos = 0;
  while (pos <= subject.length) {
    const caps = runProgram(prog, subject, pos, { anchored: false, notEmptyAtStart: false });
    if (caps === null) break;
    const groups: string[] = [];
    for (let k = 0; k <= cp.captureCount; k++)
      groups.push(caps[2 * k] < 0 ? '-' : `${caps[2 * k]},${caps[2 * k + 1]}`);
    out.push(groups.join(' '));
    pos = caps[1] > caps[0] ? caps[1] : caps[1] + 1;
  }
  return out.join('|');
}

/** the JS regex path, same walk */
function viaRegex(pattern: string, subject: string): string | null {
  const cp = compilePattern(pattern);
  if (cp.program !== null || cp.fidelity.some((f) => f !== 'exact')) return null;
  const re = cp.searchRegex(true);
  const out: string[] = [];
  let pos = 0;
  while (pos <= subject.length) {
    re.lastIndex = pos;
    const r = re.exec(subject);
    if (r === null) break;
    const groups: string[] = [];
    for (let k = 0; k <= cp.captureCount; k++) {
      const span = r.indices![cp.groupMap[k]];
      groups.push(span === undefined ? '-' : `${span[0]},${span[1]}`);
    }
    out.push(groups.join(' '));
    const end = r.index + r[0].length;
    pos = end > r.index ? end : end + 1;
  }
  return out.join('|');
}

describe('differential: the matcher agrees with the JS regex where that is exact', () => {
  const atom = fc.constantFrom(
    'a',
    'b',
    'ab',
    '.',
    '[ab]',
    '[^a]',
    '\\w',
    '\\s',
    'a|b',
    'b|ab',
    '^',
    '$',
    '\\b',
    '\\B',
  );
  const quant = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '*?', '+?', '??', '*+', '++');
  const piece = fc
    .tuple(atom, quant, fc.constantFrom('(', '(?:', '(?=', '(?!', '(?>', '(?<=', ''))
    .map(([a, q, g]) => {
      if (g === '') return a.includes('|') ? `(?:${a})${q}` : `${a}${q}`;
      if (g === '(?<=') return `(?<=${a.includes('|') ? 'a|b' : 'a'})`;
      return `${g}${a})${g.startsWith('(?=') || g.startsWith('(?!') ? '' : q}`;
    });
  const pattern = fc
    .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.constantFrom('', 'i', 'm', 's'))
    .map(([ps, f]) => `/${ps.join('')}/${f}`);
  const subject = fc.stringMatching(/^[abAB \n]{0,8}$/);

  it('same matches and group spans', () => {
    fc.assert(
      fc.property(pattern, subject, (p, s) => {
        let expected: string | null;
        try {
          expected = viaRegex(p, s);
        } catch (e) {
          if (e instanceof PcreError) return true;
          throw e;
        }
        if (expected === null) return true;
        expect(viaMatcher(p, s)).toBe(expected);
        return true;
      }),
      { numRuns: 3000 },
    );
  });
});

describe("setPcreEngine('matcher'): every pattern on the matcher, same results", () => {
  it.each([
    ['/(\\d+)-(\\d+)/', 'tel 03-1234 and 05-6789'],
    ['/\\b\\w+@\\w+\\.com\\b/i', 'Mail John@Example.COM now'],
    ['/\\s+/', '  padded\ntext  '],
    ['/(?<=a)b|(?=c)c+/u', 'ab ccc あb'],
    ['/[^、]+/u', 'これは、テストです'],
  ])('%s on %j', (pattern, subject) => {
    const all = () => {
      const r = pregMatchAll(pattern, subject, SET);
      return `${r.count} ${dump(r.matches)}`;
    };
    const auto = all();
    expect(compilePattern(pattern).program).toBeNull();
    setPcreEngine('matcher');
    try {
      expect(compilePattern(pattern).program).not.toBeNull();
      expect(all()).toBe(auto);
    } finally {
      setPcreEngine('auto');
    }
    expect(compilePattern(pattern).program).toBeNull();
  });
});

/**
 * Catastrophic patterns and their neighbours, with PHP 8.2's results: every expected value below
 * is what PHP 8.2.36 (PCRE2 10.42, pcre.jit=1, pcre.backtrack_limit=1000000) returned for the
 * same call (preg_match with $matches, preg_replace with 'x', preg_split, preg_match_all) and
 * preg_last_error() after it. A subject is written [prefix, unit, times, suffix].
 *
 * What they show: nested and overlapping repeats reach the limit (false / null, error 2) and stop
 * there quickly; possessive and atomic forms, PCRE2's auto-possessification and its required-unit
 * check keep PHP from backtracking at all (0, error 0), and Sumi must agree, even on 1.2 MB
 * subjects; patterns that look explosive still match ordinary input. Limits of the model: PHP's
 * JIT also has a 192 KB stack that long group loops can exhaust (error 6); Sumi does not model it,
 * and no case here depends on it. Last, a search that fails slowly at every start position of a
 * long subject, which PHP would run for minutes, stops at Sumi's own budget.
 */
import { describe, expect, it } from 'vitest';
import {
  PcreError,
  type PcreReporter,
  pregLastError,
  pregMatch,
  pregMatchAll,
  pregReplace,
  pregSplit,
  toJS,
  withPcre,
} from '../../src/index';
import { SEARCH_BUDGET, SEARCH_BUDGET_PER_UNIT } from '../../src/pcre/backtrack';

type Fn = 'match' | 'match_offset' | 'replace' | 'split' | 'match_all';

interface Case {
  name: string;
  fn: Fn;
  pattern: string;
  subject: [string, string, number, string];
  offset?: number;
  expected: { error: number; result: unknown[] };
}

const CASES: Case[] = [
  {
    name: 'nested quantifiers',
    fn: 'match',
    pattern: '/(a+)+$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'nested quantifiers, anchored',
    fn: 'match',
    pattern: '/^(a+)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: "threshold: 18 a's stay under the limit",
    fn: 'match',
    pattern: '/(a+)+$/',
    subject: ['', 'a', 18, '!'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: "threshold: 19 a's reach it",
    fn: 'match',
    pattern: '/(a+)+$/',
    subject: ['', 'a', 19, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'threshold: 18 word characters stay under the limit',
    fn: 'match',
    pattern: '/^(\\w+\\s?)*$/',
    subject: ['', 'a', 18, '!'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'threshold: 19 word characters reach it',
    fn: 'match',
    pattern: '/^(\\w+\\s?)*$/',
    subject: ['', 'a', 19, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'nested stars',
    fn: 'match',
    pattern: '/(a*)*$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'plus in star',
    fn: 'match',
    pattern: '/^(a+)*$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'non-capturing nesting',
    fn: 'match',
    pattern: '/^(?:a+)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'lazy inner repeat',
    fn: 'match',
    pattern: '/^(a+?)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'alternation overlap',
    fn: 'match',
    pattern: '/(a|aa)+$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'identical branches',
    fn: 'match',
    pattern: '/(a|a)+$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'identical branches, required b present but out of reach',
    fn: 'match',
    pattern: '/(a|a)*b/',
    subject: ['', 'a', 40, 'cb'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'identical branches, no b at all (required unit)',
    fn: 'match',
    pattern: '/(a|a)*b/',
    subject: ['', 'a', 40, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'words and optional spaces',
    fn: 'match',
    pattern: '/^(\\w+\\s?)*$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'words and optional spaces, a sentence',
    fn: 'match',
    pattern: '/^(\\w+\\s?)*$/',
    subject: ['', 'hello world ', 5, 'end'],
    expected: {
      error: 0,
      result: [1, ['hello world hello world hello world hello world hello world end', 'end']],
    },
  },
  {
    name: 'numbers',
    fn: 'match',
    pattern: '/^(\\d+|\\d+\\.\\d+)*$/',
    subject: ['', '1', 40, 'x'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'hostname-like',
    fn: 'match',
    pattern: '/^([a-z0-9]+[-.]?)+$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'hostname-like, valid',
    fn: 'match',
    pattern: '/^([a-z0-9]+[-.]?)+$/',
    subject: ['', 'foo.bar-', 5, 'baz'],
    expected: { error: 0, result: [1, ['foo.bar-foo.bar-foo.bar-foo.bar-foo.bar-baz', 'baz']] },
  },
  {
    name: 'optional separators',
    fn: 'match',
    pattern: '/^(\\s*,?\\s*)*$/',
    subject: ['', ' ', 40, 'x'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'nested classes',
    fn: 'match',
    pattern: '/^(([a-z])+.)+[A-Z]([a-z])+$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'lazy dot with commas',
    fn: 'match',
    pattern: '/^(.*?,){11}P/',
    subject: ['P', '1,', 30, ''],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'lazy dot with commas, no P (required unit)',
    fn: 'match',
    pattern: '/^(.*?,){11}P/',
    subject: ['', '1,', 30, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'dot star repeated',
    fn: 'match',
    pattern: '/(.*a){20}/',
    subject: ['', 'a', 100, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'back reference after nested stars',
    fn: 'match',
    pattern: '/^(a*)*\\1$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'back reference, no b (required unit)',
    fn: 'match',
    pattern: '/(a*)*\\1b/',
    subject: ['', 'a', 40, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'back reference with b out of reach',
    fn: 'match',
    pattern: '/(a*)*\\1b/',
    subject: ['', 'a', 30, 'cb'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'repeated back reference',
    fn: 'match',
    pattern: '/^(\\w+)(?:\\s+\\1)+$/',
    subject: ['', 'ab ', 30, 'abc'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'lookahead holding a nested repeat',
    fn: 'match',
    pattern: '/^(?=(a+)+$)a/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'lookahead in a repeated group',
    fn: 'match',
    pattern: '/^(?:(?=a)a|a)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'negative lookahead in a repeated group',
    fn: 'match',
    pattern: '/^(?:(?!b)a|a)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'possessive inner repeat',
    fn: 'match',
    pattern: '/^(a++)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'atomic inner repeat',
    fn: 'match',
    pattern: '/^(?>a+)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'possessive group',
    fn: 'match',
    pattern: '/^(a|aa)++$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'atomic alternation',
    fn: 'match',
    pattern: '/^(?>a|aa)+$/',
    subject: ['', 'a', 40, 'b'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'auto-possessive: digits then a space',
    fn: 'match',
    pattern: '/^(\\d+)\\s\\1/',
    subject: ['', '1', 1200000, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'auto-possessive: digits then x? and a space',
    fn: 'match',
    pattern: '/^(\\d+)x?\\s\\1/',
    subject: ['', '1', 1200000, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'auto-possessive: into a group',
    fn: 'match',
    pattern: '/^(\\d+)(?:x|\\s)\\1/',
    subject: ['', '1', 1200000, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'auto-possessive: before $ with a final newline',
    fn: 'match',
    pattern: '/^(\\d+)$\\1/',
    subject: ['', '1', 1200000, '\n'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'not auto-possessive: \\s+ may take the newline before $',
    fn: 'match',
    pattern: '/^(\\s+)$\\1/',
    subject: ['', ' ', 1200000, '\n'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'not auto-possessive: the group repeats',
    fn: 'match',
    pattern: '/^(?:(\\d+)x)+\\1/',
    subject: ['', '1', 1200000, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'auto-possessive in u mode: \\w then \\s (disjoint categories)',
    fn: 'match',
    pattern: '/^(\\w+)\\s\\1/u',
    subject: ['', 'a', 1200000, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'not auto-possessive in u mode: a script property before \\s',
    fn: 'match',
    pattern: '/^(\\p{Han}+)\\s\\1/u',
    subject: ['', '漢', 1100000, ''],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'nested, but it matches',
    fn: 'match',
    pattern: '/^(a+)+$/',
    subject: ['', 'a', 40, ''],
    expected: {
      error: 0,
      result: [1, ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']],
    },
  },
  {
    name: 'alternation overlap, but it matches',
    fn: 'match',
    pattern: '/(a|aa)+$/',
    subject: ['', 'a', 40, ''],
    expected: { error: 0, result: [1, ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'a']] },
  },
  {
    name: 'nested with required y present',
    fn: 'match',
    pattern: '/(x+x+)+y/',
    subject: ['', 'x', 30, 'y'],
    expected: {
      error: 0,
      result: [1, ['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxy', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx']],
    },
  },
  {
    name: 'nested, no y (required unit)',
    fn: 'match',
    pattern: '/(x+x+)+y/',
    subject: ['', 'x', 40, 'z'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'alternation loop that matches',
    fn: 'match',
    pattern: '/^(a|ab)*c$/',
    subject: ['', 'ab', 20, 'c'],
    expected: { error: 0, result: [1, ['ababababababababababababababababababababc', 'ab']] },
  },
  {
    name: 'required unit within 500,000 bytes',
    fn: 'match',
    pattern: '/(a+)+b/',
    subject: ['', 'a', 499998, 'c'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'required unit not searched past 500,000 bytes',
    fn: 'match',
    pattern: '/(a+)+b/',
    subject: ['', 'a', 500001, 'c'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'required unit past 500,000 bytes, u mode counts bytes',
    fn: 'match',
    pattern: '/(é+)+b/u',
    subject: ['', 'é', 300000, 'c'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'required unit within 500,000 bytes, u mode',
    fn: 'match',
    pattern: '/(é+)+b/u',
    subject: ['', 'é', 200000, 'c'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'caseless, u mode',
    fn: 'match',
    pattern: '/(?i)(A|a)+$/u',
    subject: ['', 'a', 40, 'é'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'Han letters, u mode',
    fn: 'match',
    pattern: '/(\\p{Han}+)+$/u',
    subject: ['', '漢', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'UCP word characters, u mode',
    fn: 'match',
    pattern: '/^(\\w+\\s?)*$/u',
    subject: ['', '日', 40, '!'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'offset past the explosive part',
    fn: 'match_offset',
    pattern: '/(a+)+$/',
    subject: ['', 'a', 40, '!'],
    offset: 39,
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'replace',
    fn: 'replace',
    pattern: '/(a+)+$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [null] },
  },
  {
    name: 'replace, matches before the limit',
    fn: 'replace',
    pattern: '/c|(a|aa)+$/',
    subject: ['cc', 'a', 40, '!'],
    expected: { error: 2, result: [null] },
  },
  {
    name: 'replace that succeeds',
    fn: 'replace',
    pattern: '/(a|aa)+$/',
    subject: ['b', 'a', 20, ''],
    expected: { error: 0, result: ['bx'] },
  },
  {
    name: 'split',
    fn: 'split',
    pattern: '/(a|aa)+$/',
    subject: ['', 'a', 40, '!'],
    expected: { error: 2, result: [false] },
  },
  {
    name: 'split that succeeds',
    fn: 'split',
    pattern: '/,(a|aa)+,/',
    subject: ['x,', 'a', 20, ',y'],
    expected: { error: 0, result: [['x', 'y']] },
  },
  {
    name: 'match_all stops with what it found',
    fn: 'match_all',
    pattern: '/c|(a|aa)+$/',
    subject: ['cc', 'a', 40, '!'],
    expected: {
      error: 2,
      result: [
        false,
        [
          ['c', 'c'],
          ['', ''],
        ],
      ],
    },
  },
  {
    name: 'JS path: possessive star without its c',
    fn: 'match',
    pattern: '/(?:a|b)*+c/',
    subject: ['', 'a', 100000, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'JS path: alternation loop without its x',
    fn: 'match',
    pattern: '/(a|b|c|d|e|f|g)*x/',
    subject: ['', 'abcdefg', 3000, ''],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'two overlapping unbounded repeats: quadratic at one start',
    fn: 'match',
    pattern: '/\\s*\\s*$/',
    subject: ['a', ' ', 2000, 'a'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'two overlapping unbounded repeats, short enough to match',
    fn: 'match',
    pattern: '/\\s*\\s*$/',
    subject: ['a', ' ', 300, 'a'],
    expected: { error: 0, result: [1, ['']] },
  },
  {
    name: 'leading .* is tried once per line',
    fn: 'match',
    pattern: '/.*foo.*bar/',
    subject: ['', 'foo ', 750, 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxr'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'leading .* is tried once per line (several lines)',
    fn: 'match',
    pattern: '/.*foo.*bar/',
    subject: ['', 'foo x\n', 400, 'foo bar'],
    expected: { error: 0, result: [1, ['foo bar']] },
  },
  {
    name: 'leading .* under s: only the start offset',
    fn: 'match',
    pattern: '/.*a.*b/s',
    subject: ['', 'a', 1000, 'c'],
    expected: { error: 0, result: [0, []] },
  },
  {
    name: 'three unbounded repeats',
    fn: 'match',
    pattern: '/^a*a*a*b/',
    subject: ['', 'a', 1000, 'cb'],
    expected: { error: 2, result: [false, []] },
  },
  {
    name: 'three unbounded repeats, just under the limit',
    fn: 'match',
    pattern: '/^a*a*a*b/',
    subject: ['', 'a', 998, 'cb'],
    expected: { error: 0, result: [0, []] },
  },
];

const utf8 = new TextEncoder();

/** $matches as PHP printed it: the list, or the byte lengths of its entries when long */
function shaped(matches: unknown): unknown {
  const list = matches as string[];
  return JSON.stringify(list).length > 300 ? { len: list.map((s) => utf8.encode(s).length) } : list;
}

/** the call's result in the shape of the PHP side: preg_replace's null and preg_split's false on a limit */
function call(c: Case, subject: string): unknown[] {
  const limited = (f: () => unknown, value: null | false): unknown => {
    try {
      return f();
    } catch (e) {
      if (e instanceof PcreError && e.kind === 'limit') return value;
      throw e;
    }
  };
  switch (c.fn) {
    case 'match':
    case 'match_offset': {
      const r = pregMatch(c.pattern, subject, 0, c.offset ?? 0);
      return [r.count, r.count === false ? [] : shaped(toJS(r.matches))];
    }
    case 'replace':
      return [limited(() => pregReplace(c.pattern, 'x', subject), null)];
    case 'split':
      return [limited(() => toJS(pregSplit(c.pattern, subject)), false)];
    case 'match_all': {
      const r = pregMatchAll(c.pattern, subject);
      return [r.count, toJS(r.matches)];
    }
  }
}

describe('catastrophic patterns: PHP 8.2 outcomes, reached quickly', () => {
  it.each(CASES)('$name: $pattern', (c) => {
    const [prefix, unit, times, suffix] = c.subject;
    const subject = prefix + unit.repeat(times) + suffix;
    const result = call(c, subject);
    expect({ error: pregLastError(), result }).toEqual(c.expected);
  });
});

describe("Sumi's budget over all start positions", () => {
  it('a pattern that fails slowly at every start of a long subject stops with kind "budget"', () => {
    // PHP: 0 after minutes (each start stays under pcre.backtrack_limit; 200,000 starts)
    let error: unknown = null;
    try {
      pregMatch('/(\\d+)\\s\\1/', '1'.repeat(200_000));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PcreError);
    expect((error as PcreError).kind).toBe('budget');
    expect((error as PcreError).limit).toBe(SEARCH_BUDGET + SEARCH_BUDGET_PER_UNIT * 200_000);
    // the same pattern on ordinary input
    expect(pregMatch('/(\\d+)\\s\\1/', 'call 12 12 now').count).toBe(1);
  });

  it('withPcre turns it into LIMIT_COST', () => {
    const failed: unknown[] = [];
    const ctx = {
      warn: () => {},
      fail: (code: string, params: unknown, hint?: string): never => {
        failed.push([code, params, hint]);
        throw new Error(code);
      },
    } as unknown as PcreReporter;
    expect(() =>
      withPcre(ctx, 'preg_match', () => pregMatch('/(\\d+)\\s\\1/', '1'.repeat(200_000)).count),
    ).toThrow('LIMIT_COST');
    expect(failed).toEqual([
      [
        'LIMIT_COST',
        { what: 'preg_match(): backtracking over all start positions', limit: 120_000_000 },
        'PHP would go on trying every start position; simplify the pattern (nested or overlapping repeats)',
      ],
    ]);
  });
});

describe('parentheses nested deeper than PCRE2 allows (PARENS_NEST_LIMIT 250)', () => {
  // PHP 8.2: "Compilation failed: parentheses are too deeply nested at offset 251" / "... 501"
  it.each([
    [`/${'('.repeat(200_000)}/`, 251],
    [`/${'(a'.repeat(300)}${')'.repeat(300)}/`, 501],
  ])("%#: a compile error at PHP's offset, not a stack overflow", (pattern, offset) => {
    expect(() => pregMatch(pattern, 'aaa')).toThrow(
      `Compilation failed: parentheses are too deeply nested at offset ${offset}`,
    );
  });
  it('250 levels still compile', () => {
    expect(pregMatch(`/${'('.repeat(250)}a${')'.repeat(250)}/`, 'aaa').count).toBe(1);
  });
});

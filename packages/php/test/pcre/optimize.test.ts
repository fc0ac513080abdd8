/**
 * PCRE2's auto-possessification (pcre2_auto_possess.c's rules) as optimize.ts applies them: which
 * single-unit repeats become possessive. The observable effect, the count of backtracks against
 * pcre.backtrack_limit, is checked against PHP in catastrophic.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Node, QuantNode } from '../../src/pcre/ast';
import { splitDelimited } from '../../src/pcre/delimiters';
import { Emitter } from '../../src/pcre/emit';
import { autoPossessive, minLength, startSet } from '../../src/pcre/optimize';
import { Parser } from '../../src/pcre/parser';
import { Pred } from '../../src/pcre/program';

function parse(pattern: string): { root: Node; utf: boolean } {
  const { body, flags } = splitDelimited(pattern);
  const u = flags.u ? Array.from(body, (c) => c.codePointAt(0)!) : Array.from(new TextEncoder().encode(body));
  const offsets = u.map((_, k) => k).concat([u.length]);
  const parsed = new Parser(u, offsets, { ...flags, utf: flags.u, dollarEndOnly: flags.D }).parse();
  return { root: parsed.root, utf: flags.u };
}

function predOf(utf: boolean) {
  return (n: Node): Pred => {
    const e = new Emitter(utf, n, n.t === 'char' || n.t === 'set' ? n.ci : false);
    return new Pred(new RegExp(`^(?:${e.emit(n).source})$`, (utf ? 'u' : '') + (e.globalCi ? 'i' : '')), utf);
  };
}

/** the repeats in pattern order, '+' where possessive (auto or written), '-' where not */
function marks(pattern: string): string {
  const { root, utf } = parse(pattern);
  const auto = autoPossessive(root, utf, predOf(utf));
  const out: string[] = [];
  const walk = (n: Node): void => {
    if (n.t === 'quant') {
      if (n.body.t === 'char' || n.body.t === 'set')
        out.push(n.possessive || auto.has(n as QuantNode) ? '+' : '-');
      walk(n.body);
    } else if (n.t === 'seq') n.items.forEach(walk);
    else if (n.t === 'alt') n.branches.forEach(walk);
    else if (n.t === 'group') walk(n.body);
  };
  walk(root);
  return out.join('');
}

describe('auto-possessification', () => {
  it.each([
    ['/\\d+\\s/', '+'],
    ['/a+a/', '-'],
    ['/a+b/', '+'],
    ['/[^"]*"/', '+'],
    ['/a*?b/', '+'],
    // at the end of the pattern only a greedy repeat
    ['/a+/', '+'],
    ['/a+?/', '-'],
    // before \z always, before $ when the repeat cannot take the newline
    ['/a+\\z/', '+'],
    ['/a+$/', '+'],
    ['/\\s+$/', '-'],
    ['/a+$/m', '+'],
    // past the end of a group that is not repeated, into each branch of a group that follows
    ['/(?:a+)b/', '+'],
    ['/(a+)b/', '+'],
    ['/a+(?:b|c)/', '+'],
    ['/a+(?:b|a)/', '-'],
    ['/a+(?:b)?c/', '+'],
    ['/a+(?:b)?a/', '-'],
    ['/a+b?c/', '++'],
    ['/a+b?a/', '-+'],
    ['/a+b*c/', '++'],
    // not past the end of a repeated group: another iteration or the rest may follow
    ['/(a+)+$/', '-'],
    ['/(?:a+b)+$/', '+'],
    ['/(?:xa+)+$/', '-'],
    // the last repeat of an atomic group or an assertion
    ['/(?>a+)a/', '+'],
    ['/(?=a+)a/', '+'],
    // what PCRE2 does not look at: assertions other than the end, back references
    ['/a+\\b/', '-'],
    ['/a+(?=b)/', '-'],
    ['/(a)a+\\1/', '-'],
    // a lazy repeat before the end of a group
    ['/(?:a+?)b/', '-'],
    // u mode: a caseless k may be the Kelvin sign
    ['/\\d+k/iu', '+'],
    ['/k+\\x{212A}/iu', '-'],
    ['/[^、]+、/u', '+'],
    // u mode: categories compared (\w is L, N and _, \s is Z and some controls)
    ['/\\w+\\s/u', '+'],
    ['/\\d+\\w/u', '-'],
    ['/\\p{Han}+\\s/u', '-'],
  ])('%s → %s', (pattern, expected) => {
    expect(marks(pattern)).toBe(expected);
  });
});

describe('start units and minimum length', () => {
  it.each([
    ['/abc/', 'a', 3],
    ['/[ab]c|d/', 'abd', 1],
    ['/(?:x)?y/', 'xy', 1],
    ['/\\bfoo/', 'f', 3],
    ['/(?=a)\\w+/', '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz', 1],
  ])('%s starts with [%s], at least %i units', (pattern, units, min) => {
    const { root, utf } = parse(pattern);
    const set = startSet(root, utf, predOf(utf));
    const chars = [...Array(128).keys()]
      .filter((c) => set?.table[c] === 1)
      .map((c) => String.fromCharCode(c));
    expect(chars.join('')).toBe(units);
    expect(minLength(root)).toBe(min);
  });
  it.each(['/a*/', '/x|/', '/(b)?\\1a/', '/(?:a|b?)c?/'])('%s: any start', (pattern) => {
    const { root, utf } = parse(pattern);
    expect(startSet(root, utf, predOf(utf))).toBe(null);
  });
});

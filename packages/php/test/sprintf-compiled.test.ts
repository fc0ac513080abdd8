/**
 * sprintf runs common formats from a parsed form (format/sprintf.ts compileFormat): the same bytes,
 * warnings and errors as the interpreter on any format and arguments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpretFormat, sprintf, sprintfOne } from '../src/format/sprintf';
import { PhpArray, type Value } from '../src/index';

function outcome(f: () => string): string {
  try {
    return `ok ${JSON.stringify(f())}`;
  } catch (e) {
    return `error ${(e as Error).name} ${(e as Error).message}`;
  }
}

const piece = fc.oneof(
  fc.constantFrom(
    '%',
    '%%',
    's',
    'd',
    'x',
    '.',
    '-',
    '+',
    '0',
    ' ',
    '5',
    '12',
    '$',
    '1$',
    "'",
    '*',
    'l',
    'f',
    'e',
    'c',
    'b',
    'u',
    'o',
    'G',
    'z',
    '様',
    'abc',
  ),
  fc.string({ maxLength: 3 }),
);
// widths of five digits and more only make long padding (both sides build it): kept out for time
const format = fc
  .array(piece, { maxLength: 12 })
  .map((p) => p.join(''))
  .filter((f) => !/[0-9]{5,}/.test(f));
const arg: fc.Arbitrary<Value> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('東京', '', '12abc', true, false, null),
  fc.constant(null).map(() => PhpArray.fromList([1]) as Value),
);

describe('sprintf with compiled formats', () => {
  it('agrees with the interpreter on random formats and arguments', () => {
    fc.assert(
      fc.property(format, fc.array(arg, { maxLength: 4 }), (f, args) => {
        expect(outcome(() => sprintf(f, args))).toBe(outcome(() => interpretFormat(f, args)));
        // twice: the second call reads the cached form
        expect(outcome(() => sprintf(f, args))).toBe(outcome(() => interpretFormat(f, args)));
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);

  it('agrees on the everyday formats', () => {
    for (const f of [
      '%s',
      '%s様',
      '%.2f',
      '%05d',
      '%-8s|',
      '%+d',
      '%x',
      '%08.3f',
      '%5.1e',
      '%%d',
      '%ld',
      '%.3s',
      '%10s',
      '%-010d',
      '% d',
      '%u',
      '%b',
      '%o',
      '%X',
      '%g',
      '%G',
      '%.0f',
      '%.f',
      '%5.f',
    ]) {
      for (const a of [0, -1, 42, 3.25159, -2.5, 1e21, 'abc', '東京タワー', '', null, true]) {
        expect(
          outcome(() => sprintf(f, [a])),
          `${f} ${String(a)}`,
        ).toBe(outcome(() => interpretFormat(f, [a])));
      }
    }
  });

  it('sprintfOne: the format read once gives what sprintf gives for one value, or is refused', () => {
    fc.assert(
      fc.property(format, arg, (f, a) => {
        const one = sprintfOne(f);
        if (one === null) return;
        expect(outcome(() => one(a))).toBe(outcome(() => interpretFormat(f, [a])));
      }),
      { numRuns: 10_000 },
    );
    expect(sprintfOne('%.2f')).toBeTypeOf('function');
    expect(sprintfOne('<%05d>')).toBeTypeOf('function');
    expect(sprintfOne('%-5d|')).toBeTypeOf('function');
    // no value used, two values, or a format the compiled path leaves to the interpreter
    for (const f of ['abc', '%%', '%s %s', '%d-%d', '%1$s', '%*d', '%c', '%', '%z'])
      expect(sprintfOne(f), f).toBeNull();
    expect(sprintfOne('%.2f')!(1.005)).toBe(sprintf('%.2f', [1.005]));
    expect(sprintfOne('%s様')!('東京')).toBe('東京様');
  }, 60_000);
});

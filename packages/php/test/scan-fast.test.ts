/**
 * scanDate reads the common date shapes without the rule loop (scanner.ts scanCommonDate): what it
 * makes of them must be exactly what the rules make, on every shape and on the edges of each field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanDate, scanRules } from '../src/date/scanner';

const two = (n: number) => String(n).padStart(2, '0');
const shape = fc
  .record({
    y: fc.integer({ min: 0, max: 9999 }),
    m: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    h: fc.integer({ min: 0, max: 25 }),
    i: fc.integer({ min: 0, max: 60 }),
    s: fc.integer({ min: 0, max: 61 }),
    sep: fc.constantFrom(' ', 'T', 't', '  ', ''),
    time: fc.constantFrom('none', 'hm', 'hms'),
    zone: fc.constantFrom(
      '',
      'Z',
      '+09:00',
      '-05:30',
      '+14:00',
      '+15:00',
      '-00:00',
      '+0900',
      ' +09:00',
      'z',
      'UTC',
    ),
    pad: fc.constantFrom('', ' ', '\n'),
  })
  .map(({ y, m, d, h, i, s, sep, time, zone, pad }) => {
    let t = `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
    if (time !== 'none') t += `${sep}${two(h)}:${two(i)}${time === 'hms' ? `:${two(s)}` : ''}${zone}`;
    return pad + t;
  });

describe('scanDate: the common shapes', () => {
  it('reads them exactly as the rules do', () => {
    fc.assert(
      fc.property(shape, (t) => {
        expect(scanDate(t)).toEqual(scanRules(t));
      }),
      { numRuns: 30_000 },
    );
  });

  it('takes the fast path on the usual forms', () => {
    for (const t of [
      '2024-01-15',
      '2024-01-15 10:30',
      '2024-01-15 10:30:00',
      '2024-01-15T10:30:00Z',
      '2024-12-31T23:59:59+09:00',
      '1999-02-31T00:00:00-05:30',
    ]) {
      expect(scanDate(t), t).toEqual(scanRules(t));
      expect(scanDate(t)?.haveDate, t).toBe(true);
    }
  });
});

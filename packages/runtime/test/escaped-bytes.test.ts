/**
 * A double-quoted string's `\xHH` and octal escapes are bytes (PHP strings are bytes): the parser
 * reads them into the string Sumi's PHP values stand for those bytes with (@sumi/php's fromBytes:
 * UTF-8, and a lone surrogate U+DC00 + byte for each byte that is not). The two packages do not
 * depend on each other; this holds them to one representation. What PHP makes of such strings:
 * the differential cases escaped_bytes_*.
 */
import { parse } from '@sumi/parser';
import { fromBytes } from '@sumi/php';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const hex = (b: number) => `\\x${b.toString(16).padStart(2, '0')}`;
const octal = (b: number) => `\\${b.toString(8)}`;

function literal(source: string): string {
  const n = parse(source).ast.body[0];
  if (n?.type !== 'Print' || n.expr.type !== 'String') throw new Error(`not a string literal: ${source}`);
  return n.expr.value;
}

describe('escaped bytes in double-quoted strings', () => {
  it('read as @sumi/php reads the same bytes, for any bytes', () => {
    // bytes above ASCII most of the time: lead bytes, continuation bytes and the ones that start nothing
    const byte = fc.oneof(fc.integer({ min: 0x80, max: 0xff }), fc.integer({ min: 0x20, max: 0x7f }));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), fc.boolean(), (bytes, asOctal) => {
        const source = `{"${bytes.map(asOctal ? octal : hex).join('')}"}`;
        expect(literal(source)).toBe(fromBytes(new Uint8Array(bytes)));
      }),
      { numRuns: 2000 },
    );
  });
});

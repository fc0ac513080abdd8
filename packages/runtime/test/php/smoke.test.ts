import { describe, expect, it } from 'vitest';
import { add, fromJSONText, jsonEncode, looseEquals, PhpArray, toStr } from '../../src/php/index';

describe('smoke', () => {
  it('works', () => {
    expect(toStr(add(0.1, 0.2))).toBe('0.3');
    expect(jsonEncode(add(0.1, 0.2))).toBe('0.30000000000000004');
    expect(jsonEncode(fromJSONText('{"b":1,"10":2,"2":3}'))).toBe('{"b":1,"10":2,"2":3}');
    expect(looseEquals('abc', 0)).toBe(false);
    expect(new PhpArray().size).toBe(0);
  });
});

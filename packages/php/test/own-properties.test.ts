/**
 * Every fixed table keyed by text from a template (charset names, hash algorithms, POSIX classes,
 * Unicode properties, date words, delimiters, constants) answers with its own entries only: a name
 * that Object.prototype has (`constructor`, `__proto__`, `toString`, ...) is an unknown name.
 */
import { describe, expect, it } from 'vitest';
import {
  compilePattern,
  htmlentities,
  htmlspecialchars,
  isHashAlgorithm,
  lookupCharset,
  PcreError,
  PHP_CONSTANTS,
  phpHash,
  pregReplace,
  strtotime,
} from '../src/index';

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const NOW = 1700000000;

function pcreError(pattern: string): PcreError {
  try {
    compilePattern(pattern);
  } catch (e) {
    if (e instanceof PcreError) return e;
    throw e;
  }
  throw new Error(`no error for ${pattern}`);
}

describe.each(PROTO_NAMES)('%s is an unknown name', (name) => {
  it('as a charset of htmlspecialchars / htmlentities: a warning, then UTF-8', () => {
    expect(lookupCharset(name, 'htmlspecialchars')).toEqual({
      charset: 'utf-8',
      warning: 'htmlspecialchars(): the charset is not supported, assuming UTF-8',
    });
    const warnings: string[] = [];
    expect(htmlspecialchars('<é>', 3, name, true, (m) => warnings.push(m))).toBe('&lt;é&gt;');
    expect(htmlentities('<é>', 3, name, true, (m) => warnings.push(m))).toBe('&lt;&eacute;&gt;');
    expect(warnings).toEqual([
      'htmlspecialchars(): the charset is not supported, assuming UTF-8',
      'htmlentities(): the charset is not supported, assuming UTF-8',
    ]);
  });

  it('as a hash algorithm', () => {
    expect(isHashAlgorithm(name)).toBe(false);
    expect(() => phpHash(name, new Uint8Array())).toThrow('must be a valid hashing algorithm');
    expect(() => phpHash(name, new Uint8Array(), new Uint8Array())).toThrow(
      'must be a valid hashing algorithm',
    );
  });

  it('as a POSIX class or a Unicode property of a pattern', () => {
    expect(pcreError(`/[[:${name}:]]/`).message).toContain('unknown POSIX class name');
    expect(pcreError(`/[[:^${name}:]]/u`).message).toContain('unknown POSIX class name');
    expect(pcreError(`/\\p{${name}}/u`).message).toContain('unknown property');
    expect(pcreError(`/\\P{${name}}/u`).message).toContain('unknown property');
  });

  it('as a word of strtotime (month, relative text, unit)', () => {
    for (const text of [name, `+1 ${name}`, `${name} 1 2024`, `1 ${name} 2024`, `${name} monday`]) {
      expect(strtotime(text, NOW, 'Asia/Tokyo')).toBe(false);
    }
  });

  it('as a constant', () => {
    expect(PHP_CONSTANTS.has(name)).toBe(false);
    expect(PHP_CONSTANTS.get(name)).toBeUndefined();
  });
});

describe('delimiters and escapes are own entries too', () => {
  it('a bracket delimiter pairs with its closing bracket, anything else with itself', () => {
    expect(pregReplace('{a}', 'b', 'a')).toBe('b');
    expect(pregReplace('<a>', 'b', 'a')).toBe('b');
    expect(pregReplace('#a#', 'b', 'a')).toBe('b');
  });
});

/**
 * Each allowlisted PHP function is defined from one signature: `args` (the reference, completion)
 * and the arity the compiler checks come from it, and modifier argument types are spelled as PHP does.
 */
import { createEngine } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { modifiers } from '../src/index';

const PHP_TYPES = new Set(['string', 'int', 'float', 'bool', 'array', 'mixed', 'null']);

describe('modifier signatures', () => {
  test('every PHP function but unset has a signature, and its args are the parameters after the value', () => {
    const php = modifiers.filter((d) => d.php);
    expect(php.filter((d) => !d.signature).map((d) => d.name)).toEqual(['unset']);
    for (const d of php) {
      if (!d.signature) continue;
      const after = d.signature[0]?.variadic ? d.signature : d.signature.slice(1);
      expect(d.args.map((a) => a.name)).toEqual(after.map((p) => p.name));
    }
  });

  test('argument types use PHP type names', () => {
    for (const d of modifiers) {
      for (const a of d.args) {
        const parts = a.type.replace(/^\?/, '').split('|');
        expect(
          parts.every((t) => PHP_TYPES.has(t)),
          `${d.name} :${a.name} ${a.type}`,
        ).toBe(true);
      }
    }
  });

  test('substr with four arguments after the value: a compile warning, and PHP outcome at run time', () => {
    const engine = createEngine({ plugins: modifiers });
    const r = engine.renderSync('[{$s|substr:1:2:3:4}]', { s: 'hello' });
    expect(r.output).toBe('[]');
    expect(r.warnings.map((w) => [w.code, w.message, w.line, w.column])).toEqual([
      ['MODIFIER_ARITY', 'substr() expects at most 3 arguments, 5 given', 1, 5],
    ]);
  });
});

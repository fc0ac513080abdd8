import { describe, expect, it } from 'vitest';
import { type DiagnosticCode, parse } from '../src/index';

/**
 * One example per diagnostic code, on line 2 after a short first line, with the
 * exact text its span covers and its column.
 */
const EXAMPLES: Record<DiagnosticCode, [template: string, spanText: string, column: number]> = {
  UNRECOGNIZED_TAG: ['{5+3}', '5+3', 2],
  UNKNOWN_TAG: ['x{/counter}', '{/counter}', 2],
  UNCLOSED_TAG: ['{capture}x', '{capture}', 1],
  MISMATCHED_TAG: ['{if $a}{/section}{/if}', '{/section}', 8],
  UNEXPECTED_TAG: ['{foreachelse}', '{foreachelse}', 1],
  BREAK_OUTSIDE_LOOP: [' {break}', '{break}', 2],
  SMARTY3_FORM: ['{while $a}', '{while $a}', 1],
  PHP_TAG: ['a<?php', '<?php', 2],
  REGISTERED_OBJECT: ['{obj->method}', '{obj->method}', 1],
  IF_NO_ARGS: ['{if}{/if}', '{if}', 1],
  IF_UNBALANCED_PAREN: ['{if ($a))}{/if}', '($a))', 5],
  IF_UNIDENTIFIED_TOKEN: ['{if $a = 1}{/if}', '=', 8],
  IF_FUNCTION_NOT_ALLOWED: ['{if strlen($a)}{/if}', 'strlen', 5],
  IF_UNKNOWN_IS: ['{if $a is big}{/if}', 'big', 11],
  IF_IS_EXPECTING_BY: ['{if $a is div 2}{/if}', 'div', 11],
  IF_VARIABLE_CALL: ['{if $f(1)}{/if}', '$f', 5],
  IF_SYNTAX: ['{if $a ==}{/if}', '==', 8],
  UNKNOWN_SMARTY_VAR: ['{$smarty.foo}', '$smarty.foo', 2],
  INVALID_SMARTY_REF: ['{$smarty.version.x}', '$smarty.version.x', 2],
  PRIVATE_MEMBER: ['{$o->_p}', '->_p', 4],
  INTERNAL_MEMBER: ['{$o->__p}', '->__p', 4],
  DYNAMIC_MEMBER: ['{$o->$p}', '->$p', 4],
  METHOD_CALL: ['{$o->m()}', '$o->m()', 2],
  INVALID_MATH: ['{$a+-}', '-', 5],
  INVALID_NUMBER: ['{09}', '09', 2],
  BARE_CONSTANT: ['{$a|default:on}', 'on', 13],
  INVALID_ATTRIBUTE: ['{f a.b=2}', 'a.b', 4],
  ATTRIBUTE_EXPECTING_EQUALS: ['{f a b=1}', 'a', 4],
  MISSING_ATTRIBUTE_VALUE: ['{f a =}', '=', 6],
  EQUALS_AS_VALUE: ['{f a = =}', '=', 8],
  IGNORED_AFTER_SPACE: ['{$a + 1}', '+ 1', 5],
  ELSE_IF_IS_ELSE: ['{if $a}{else if $b}{/if}', 'if $b', 14],
  IGNORED_TAG_ARGS: ['{if $a}{/if x}', 'x', 13],
  UNTERMINATED_QUOTE: ['{f a="b}', '"', 6],
  DUPLICATE_ATTRIBUTE: ['{f a=1 a=2}', 'a', 8],
  ARRAY_LITERAL_IS_STRING: ['{f a=[1]}', '[1]', 6],
  PHP_LOCAL_IN_MATH: ['{$a-1>$b}', '$b', 7],
  PHP_CONSTANT_IN_MATH: ['{$a-1>x}', 'x', 7],
};

describe('every diagnostic code', () => {
  it.each(Object.entries(EXAMPLES))('%s', (code, [template, spanText, column]) => {
    const source = `first line\n${template}`;
    const found = parse(source).diagnostics.filter((d) => d.code === code);
    expect(found.length, JSON.stringify(parse(source).diagnostics.map((d) => d.code))).toBe(1);
    const d = found[0];
    expect(source.slice(d.span.start, d.span.end)).toBe(spanText);
    expect(d.line).toBe(2);
    expect(d.column).toBe(column);
    expect(d.message.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { parse } from '../src/index';
import { cond, diags, errors } from './helpers';

describe('{if} conditions', () => {
  it('normalises word operators, case-insensitively', () => {
    expect(cond('$a eq 1 and $b NEQ 2 or not $c')).toBe('(|| (&& (== $a 1) (!= $b 2)) (! $c))');
    expect(cond('$a gt 1 && $a lte 5 && $a ge 0 && $a lt 9 && $b mod 2 == 0')).toBe(
      '(&& (&& (&& (&& (> $a 1) (<= $a 5)) (>= $a 0)) (< $a 9)) (== (% $b 2) 0))',
    );
    expect(cond('$a <> $b')).toBe('(!= $a $b)');
    expect(cond('$a === null || $b !== false')).toBe('(|| (=== $a null) (!== $b false))');
  });

  it('uses PHP precedence across tokens', () => {
    expect(cond('$a + 1 * 2 > 3')).toBe('(> (+ $a (* 1 2)) 3)');
    expect(cond('$a+1 * 2')).toBe('(+ $a (* 1 2))');
    expect(cond('$a -1 > 0')).toBe('(> (- $a 1) 0)');
    expect(cond('-1 < $a')).toBe('(< -1 $a)');
    expect(cond('!$a == $b')).toBe('(== (! $a) $b)');
    expect(cond('$a & 1 | $b ^ 2')).toBe('(| (& $a 1) (^ $b 2))');
    expect(cond('$a << 1 < 4')).toBe('(< (<< $a 1) 4)');
    expect(cond('~$a')).toBe('(~ $a)');
    expect(cond('@$a')).toBe('$a');
    expect(cond('($a || $b) && $c')).toBe('(&& [(|| $a $b)] $c)');
  });

  it('folds is even/odd/div onto the token or group before it', () => {
    expect(cond('$a is even')).toBe('(is even $a)');
    expect(cond('$a is not odd')).toBe('(is not odd $a)');
    expect(cond('$a is div by 3')).toBe('(is div $a by 3)');
    expect(cond('$i is even by $n')).toBe('(is even $i by $n)');
    expect(cond('$a + $b is even')).toBe('(+ $a (is even $b))');
    expect(cond('$a+1 is odd')).toBe('(is odd (+ $a 1))');
    expect(cond('($a + $b) is even')).toBe('(is even [(+ $a $b)])');
    expect(cond('count($l) is odd')).toBe('(is odd count($l))');
    expect(cond('!$a is even')).toBe('(! (is even $a))');
    const n = parse('{if $x is div by 4}y{/if}').ast.body[0];
    if (n.type !== 'If') throw new Error();
    const t = n.branches[0].test;
    expect('{if $x is div by 4}y{/if}'.slice(t.span.start, t.span.end)).toBe('$x is div by 4');
  });

  it("after nested groups, tests from the last '(' no is has taken, as Smarty's $is_arg_stack", () => {
    // Smarty pastes `!(1 & (2)))`: the test closes at `(2)`'s `)` and `1 +` stays in the group
    expect(cond('(1 + (2)) is even')).toBe('[(+ 1 (! [(& 1 [2])]))]');
    expect(cond('(1 + (2)) is odd by 3')).toBe('[(+ 1 [(& 1 (/ [[2]] 3))])]');
    // `!((2)) % 3`: the `%` is outside the test's parenthesis
    expect(cond('(1 + (2)) is div by 3')).toBe('[(+ 1 (% (! [[2]]) 3))]');
    expect(cond('(1 + (2)) is not even')).toBe('[(+ 1 (! [(! [(& 1 [2])])]))]');
    // a group taken by an earlier is is not taken again
    expect(cond('((1) is odd + 2) is even')).toBe('(is even [(+ (is odd [1]) 2)])');
  });

  it('allows the CMS functions and lower-case literals', () => {
    expect(cond('count($a) > 0 && in_array("b", $a)')).toBe('(&& (> count($a) 0) in_array("b", $a))');
    expect(cond('isset($x.y) && !is_null($z) && is_array($a) && is_object($o)')).toBe(
      '(&& (&& (&& isset($x.y) (! is_null($z))) is_array($a)) is_object($o))',
    );
    expect(cond('$a == true || $b == null')).toBe('(|| (== $a true) (== $b null))');
  });

  it('keeps modifiers on values', () => {
    expect(cond('$s|count > 1')).toBe('(> $s|count 1)');
    expect(cond('"2"|cms_in_array:$a')).toBe('"2"|cms_in_array:$a');
    expect(cond('$a+1|abs > 2')).toBe('(> (+ $a 1)|abs 2)');
  });

  it('reports Smarty errors', () => {
    expect(errors('{if}x{/if}')).toEqual(["IF_NO_ARGS: 'if' statement requires arguments"]);
    expect(errors('{if $a}{elseif}{/if}')).toEqual(["IF_NO_ARGS: 'elseif' statement requires arguments"]);
    expect(errors('{if ($a}x{/if}')).toEqual(['IF_UNBALANCED_PAREN: unbalanced parenthesis in if statement']);
    expect(errors('{if $a = 1}x{/if}')).toEqual(["IF_UNIDENTIFIED_TOKEN: unidentified token '='"]);
    expect(errors('{if $a is foo}x{/if}')).toEqual(["IF_UNKNOWN_IS: unknown 'is' expression - 'foo'"]);
    expect(errors('{if $a is div 3}x{/if}')).toEqual(["IF_IS_EXPECTING_BY: expecting 'by' after 'div'"]);
    expect(errors('{if empty($s)}x{/if}')).toEqual([
      "IF_FUNCTION_NOT_ALLOWED: (secure mode) 'empty' not allowed in if statement",
    ]);
    expect(errors('{if $a == TRUE}x{/if}')).toEqual([
      "IF_FUNCTION_NOT_ALLOWED: (secure mode) 'TRUE' not allowed in if statement",
    ]);
    expect(errors('{if 2|cms_in_array:$a}x{/if}')).toEqual([
      "IF_FUNCTION_NOT_ALLOWED: (secure mode) 'cms_in_array' not allowed in if statement",
    ]);
    expect(errors('{if $f("x")}x{/if}')).toEqual([
      "IF_VARIABLE_CALL: variable function call '$f' not allowed in if statement",
    ]);
    expect(errors('{if 0x1A > 1}x{/if}')).toEqual(["IF_UNIDENTIFIED_TOKEN: unidentified token '0x1A'"]);
    expect(errors('{if [1] == $a}x{/if}')).toEqual(["IF_UNIDENTIFIED_TOKEN: unidentified token '[1]'"]);
  });

  it('reports what PHP would refuse to parse', () => {
    expect(errors('{if $a $b}x{/if}')[0]).toMatch(/^IF_SYNTAX: syntax error in \{if\}: expected an operator/);
    expect(errors('{if $a == $b == $c}x{/if}')[0]).toMatch(/chaining comparison/);
    expect(errors('{if count}x{/if}')[0]).toMatch(/expected '\(' after 'count'/);
    expect(errors('{if isset(1)}x{/if}')[0]).toMatch(/isset\(\) only takes variables/);
    expect(errors('{if $a &&}x{/if}')[0]).toMatch(/expected a value/);
  });

  it('gives the position of the offending token', () => {
    const [d] = diags('{if $a}\n{elseif $b = 2}{/if}');
    expect([d.code, d.line, d.column]).toEqual(['IF_UNIDENTIFIED_TOKEN', 2, 12]);
    expect(d.span).toEqual({ start: 19, end: 20 });
  });
});

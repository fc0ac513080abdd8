import { describe, expect, it } from 'vitest';
import { parse } from '../src/index';
import { codes, errors, printed } from './helpers';
import { showExpr } from './show';

describe('variables', () => {
  it('reads names, dots, brackets and object members', () => {
    expect(printed('{$a}')).toBe('$a');
    expect(printed('{$a.b.c}')).toBe('$a.b.c');
    expect(printed('{$a.0}')).toBe('$a[0]');
    expect(printed('{$a.01}')).toBe('$a.01');
    expect(printed('{$a[0]}')).toBe('$a[0]');
    expect(printed('{$a[007]}')).toBe('$a[7]');
    expect(printed('{$a[$i]}')).toBe('$a[$i]');
    expect(printed('{$a[$k.x]}')).toBe('$a[$k.x]');
    expect(printed('{$a.$k.x}')).toBe('$a[$k].x');
    expect(printed('{$a->b.c}')).toBe('$a->b.c');
    expect(printed('{$a[5][blah].c}')).toBe('$a[5][section blah.index].c');
  });

  it('reads a bare word in brackets as a section index', () => {
    expect(printed('{$list[i]}')).toBe('$list[section i.index]');
    expect(printed('{$list[i.index_prev]}')).toBe('$list[section i.index_prev]');
  });

  it('keeps exact spans', () => {
    const src = '  {$user.name[0]->x|upper}';
    const n = parse(src).ast.body[1];
    expect(n.type).toBe('Print');
    if (n.type !== 'Print' || n.expr.type !== 'Modified') throw new Error();
    const v = n.expr.value;
    expect(src.slice(v.span.start, v.span.end)).toBe('$user.name[0]->x');
    if (v.type !== 'Var') throw new Error();
    expect(v.path.map((p) => src.slice(p.span.start, p.span.end))).toEqual(['.name', '[0]', '->x']);
    const m = n.expr.modifiers[0];
    expect(src.slice(m.span.start, m.span.end)).toBe('|upper');
    expect(src.slice(m.nameSpan.start, m.nameSpan.end)).toBe('upper');
  });

  it('checks $smarty references', () => {
    expect(printed('{$smarty.now}')).toBe('$smarty.now');
    expect(printed('{$smarty.foreach.n.index}')).toBe('$smarty.foreach.n.index');
    expect(printed('{$smarty.const.SITE_KEY}')).toBe('$smarty.const.SITE_KEY');
    expect(errors('{$smarty.nope}')).toEqual(['UNKNOWN_SMARTY_VAR: $smarty.nope is an unknown reference']);
    expect(errors('{$smarty.now.x}')).toEqual(['INVALID_SMARTY_REF: $smarty.now.x is an invalid reference']);
    expect(errors('{$smarty.foreach.n.index.x}')).toEqual([
      'INVALID_SMARTY_REF: $smarty.foreach.n.index.x is an invalid reference',
    ]);
    expect(errors('{$smarty.foreach.n.iteration}')).toEqual([]);
    expect(errors('{$smarty[0]}')).toEqual(['INVALID_SMARTY_REF: $smarty[0] is an invalid reference']);
  });

  it('rejects private, internal and dynamic members and method calls', () => {
    expect(codes('{$s->_secret}')).toEqual(['PRIVATE_MEMBER']);
    expect(codes('{$s->__x}')).toEqual(['INTERNAL_MEMBER']);
    expect(codes('{$s->$k}')).toEqual(['DYNAMIC_MEMBER']);
    expect(codes('{$s->m(1)}')).toEqual(['METHOD_CALL']);
  });
});

describe('math inside a variable token', () => {
  it('uses PHP precedence', () => {
    expect(printed('{$a+$b*2}')).toBe('(+ $a (* $b 2))');
    expect(printed('{$a*$b+2}')).toBe('(+ (* $a $b) 2)');
    expect(printed('{$a-$b-$c}')).toBe('(- (- $a $b) $c)');
    expect(printed('{$a%3}')).toBe('(% $a 3)');
    expect(printed('{$a*-1}')).toBe('(* $a -1)');
    expect(printed('{$x.y+$z[0]}')).toBe('(+ $x.y $z[0])');
    expect(printed('{$a+1.5}')).toBe('(+ $a 1.5f)');
    expect(printed('{$a+1>2}')).toBe('(> (+ $a 1) 2)');
  });

  it('applies modifiers to the whole sum', () => {
    expect(printed('{$a+$b|abs}')).toBe('(+ $a $b)|abs');
  });

  it('rejects what PHP cannot read', () => {
    expect(codes('{$a--1}')).toEqual(['INVALID_MATH']);
    expect(codes('{$a-}')).toEqual(['INVALID_MATH']);
    expect(codes('{$a+b}')).toEqual(['INVALID_MATH']);
  });

  it("after '>' the rest of a math piece is PHP: `$b` is an undefined PHP variable, `.x` a constant", () => {
    // Smarty 2 compiles `$a-1>$b` to `$a - 1 > $b` with `$b` a PHP local variable: null
    expect(codes('{if $a-1>$b}{/if}')).toEqual(['PHP_LOCAL_IN_MATH']);
    expect(codes('{if $a-$c>$b[0]}{/if}')).toEqual(['PHP_LOCAL_IN_MATH']);
    // a bare word there is PHP's constant, looked up when the condition runs (a warning here)
    expect(codes('{if $a-1>$b.x}{/if}')).toEqual(['PHP_CONSTANT_IN_MATH']);
    expect(codes('{if $a-1>$b[x]}{/if}')).toEqual(['PHP_CONSTANT_IN_MATH']);
    expect(codes('{if $a-1>x}{/if}')).toEqual(['PHP_CONSTANT_IN_MATH']);
    expect(codes('{if $a-1>$b.0}{/if}')).toEqual(['INVALID_MATH']);
    // `.` between PHP variables is PHP's concatenation: of undefined locals, the empty string
    expect(codes('{if $a-1>$b.$c.$d}{/if}')).toEqual(['PHP_LOCAL_IN_MATH']);
    // a math operator starts a new piece: its `$c` is the template variable again
    expect(codes('{if $a-1>-$c}{/if}')).toEqual([]);
    expect(codes('{if $a-1>true}{/if}{if $a-1>NULL}{/if}{if $a-1>2}{/if}{if $a-1 > $b.x}{/if}')).toEqual([]);
  });
});

describe('numbers and strings as print tags', () => {
  it('prints numbers, quoted strings and numbers with modifiers', () => {
    expect(printed('{5}')).toBe('5');
    expect(printed('{-5}')).toBe('-5');
    expect(printed('{1.50}')).toBe('1.5f');
    expect(printed('{007}')).toBe('7');
    expect(printed("{5|cat:'x'}")).toBe('5|cat:"x"');
    expect(printed("{'str'}")).toBe('"str"');
    expect(printed('{"str"}')).toBe('"str"');
  });

  it('turns big integers into floats as PHP does', () => {
    const n = parse('{99999999999999999999}').ast.body[0];
    if (n.type !== 'Print' || n.expr.type !== 'Number') throw new Error();
    expect(n.expr.float).toBe(true);
    expect(n.expr.raw).toBe('99999999999999999999');
  });

  it('flags octal literals with 8 or 9', () => {
    expect(codes('{08}')).toEqual(['INVALID_NUMBER']);
  });

  it('decodes single quotes', () => {
    expect(printed("{'it\\'s \\\\ \\n'}")).toBe(JSON.stringify("it's \\ \\n"));
  });

  it('decodes PHP double-quote escapes', () => {
    expect(printed('{"a\\tb\\nc\\\\d\\"e\\$f\\qg"}')).toBe(JSON.stringify('a\tb\nc\\d"e$f\\qg'));
    expect(printed('{"\\x41\\101\\e"}')).toBe(JSON.stringify('AA\x1b'));
    // `\u{...}` holds a `}`, so it only fits in a tag with other delimiters
    const n = parse('<{"\\u{1F600}"}>', { leftDelimiter: '<{', rightDelimiter: '}>' }).ast.body[0];
    expect(n.type === 'Print' && n.expr.type === 'String' && n.expr.value).toBe('😀');
    expect(printed('{"\\xE3\\x81\\x82"}')).toBe(JSON.stringify('あ'));
  });

  it("keeps escaped bytes that are not UTF-8 as PHP's bytes (a lone surrogate U+DC00 + byte each)", () => {
    const value = (src: string, options = {}) => {
      const n = parse(src, options).ast.body[0];
      if (n.type !== 'Print' || n.expr.type !== 'String') throw new Error(src);
      return n.expr.value;
    };
    // EC needs two continuation bytes and F8 starts nothing: three bytes, as in PHP
    expect(value('{"\\xEC\\xF8B"}')).toBe('\udcec\udcf8B');
    // a character cut short, then a whole one; octal escapes are bytes too
    expect(value('{"\\xE3\\xE3\\x81\\x82\\351"}')).toBe('\udce3あ\udce9');
    // an overlong form and an encoded surrogate are not UTF-8 either
    expect(value('{"\\xC0\\xAF\\xED\\xA0\\x80"}')).toBe('\udcc0\udcaf\udced\udca0\udc80');
    // a byte order mark is kept, not taken as one
    expect(value('{"\\xEF\\xBB\\xBFx"}')).toBe('\ufeffx');
    // `\u{...}` writes the code point's UTF-8 form, a surrogate's too (ED A0 80)
    const other = { leftDelimiter: '<{', rightDelimiter: '}>' };
    expect(value('<{"\\u{D800}\\u{E9}"}>', other)).toBe('\udced\udca0\udc80é');
  });

  it("leaves PHP's own interpolation of a `$name` Smarty did not expand: an undefined local, nothing", () => {
    // `\\\\$k` is an escaped backslash, then PHP's `$k` (a local of the compiled template)
    expect(printed('{"\\\\$k.x"}')).toBe(JSON.stringify('\\.x'));
    expect(printed('{"\\\\$k[0]z\\\\$k->p z\\\\$1"}')).toBe(JSON.stringify('\\z\\ z\\$1'));
    // an escaped dollar is a dollar; `$this` (Smarty's object) is left as written
    expect(printed('{"\\$k"}')).toBe(JSON.stringify('$k'));
    expect(printed('{"\\\\$this"}')).toBe(JSON.stringify('\\$this'));
  });

  it('reads a `$name` beyond ASCII as PHP does: Smarty takes only \\w names, PHP interpolates the rest', () => {
    // `$金額` is no Smarty variable (its name is not \w), so PHP reads a local of that name: nothing
    expect(printed('{"合計$金額円"}')).toBe(JSON.stringify('合計'));
    expect(printed('{"a$ée[0]z $é->p-q"}')).toBe(JSON.stringify('az -q'));
    // a dollar before anything else stays
    expect(printed('{"a$ b$- c$. d$"}')).toBe(JSON.stringify('a$ b$- c$. d$'));
  });

  it('interpolates as PHP does in a bare word too (Smarty wraps it in double quotes, backslashes doubled)', () => {
    const value = (source: string) => {
      const n = parse(source).ast.body[0];
      const a = n?.type === 'Tag' ? n.attrs.find((x) => x.name === 'value') : undefined;
      return a === undefined ? '' : showExpr(a.value);
    };
    // a backslash does not escape the dollar there: PHP sees `\\$x`, a backslash and its own `$x`
    expect(value('{assign var=n value=a\\$x[0]z}')).toBe(`bare(${JSON.stringify('a\\z')})`);
    expect(value('{assign var=n value=a\\$x->b->c}')).toBe(`bare(${JSON.stringify('a\\->c')})`);
    expect(value('{assign var=n value=a$é.b}')).toBe(`bare(${JSON.stringify('a.b')})`);
    // a superglobal is an array: "Array"
    expect(value('{assign var=n value=a\\$_SERVER}')).toBe(`bare(${JSON.stringify('a\\Array')})`);
  });

  it('replaces every occurrence of a variable Smarty found, escaped ones too (strtr)', () => {
    expect(printed('{"\\\\$n $n"}')).toBe('interp("\\\\" $n " " $n)');
    expect(printed('{"\\\\$name $n"}')).toBe('interp("\\\\" $n "ame " $n)');
  });

  it('interpolates like Smarty 2', () => {
    expect(printed('{"x$y z"}')).toBe('interp("x" $y " z")');
    expect(printed('{"a`$o.k`b"}')).toBe('interp("a" $o.k "b")');
    expect(printed('{"q`$l[1]`q"}')).toBe('interp("q" $l[1] "q")');
    expect(printed('{"$l[1]"}')).toBe('interp($l[1])');
    expect(printed('{"$y_x"}')).toBe('interp($y_x)');
    expect(printed('{"`$y`_x"}')).toBe('interp($y "_x")');
    expect(printed('{"`$n+1`"}')).toBe('interp((+ $n 1))');
    expect(printed('{"$y$y"}')).toBe('interp($y $y)');
    expect(printed('{"$a.b"}')).toBe('interp($a ".b")');
    expect(printed('{"\\$a"}')).toBe('"$a"');
    expect(printed('{"$"}')).toBe('"$"');
    expect(printed('{"price: `$p->amount`"}')).toBe('interp("price: " $p->amount)');
  });

  it('does not interpolate single quotes', () => {
    expect(printed("{'$a `$b`'}")).toBe(JSON.stringify('$a `$b`'));
  });
});

describe('modifiers', () => {
  it('reads names, @ and arguments of every kind', () => {
    expect(printed('{$x|upper}')).toBe('$x|upper');
    expect(printed('{$x|@count}')).toBe('$x|@count');
    expect(printed('{$x|default:"a b":1.5:-1:foo:$y.z:\'q\'}')).toBe(
      '$x|default:"a b":1.5f:-1:bare("foo"):$y.z:"q"',
    );
    expect(printed('{$x|truncate:10|escape:html}')).toBe('$x|truncate:10|escape:bare("html")');
    expect(printed('{$x|default:true:null}')).toBe('$x|default:true:null');
    expect(printed('{$x|f:$a+1}')).toBe('$x|f:(+ $a 1)');
    expect(printed('{$x|f:1e3:0x1A}')).toBe('$x|f:1000f:bare("0x1A")');
  });

  it("splits arguments as Smarty's _parse_modifiers does: an unquoted one runs to the next |", () => {
    expect(printed("{$a|replace:x:'|'}")).toBe('$a|replace:bare("x"):bare("\'")');
    expect(printed("{$a|replace:x:'a|upper'}")).toBe('$a|replace:bare("x"):bare("\'a")|upper');
    expect(printed("{$a|replace:'x':'|'|upper}")).toBe('$a|replace:"x":"|"|upper');
    expect(printed("{$a|replace:x:'a:b'}")).toBe('$a|replace:bare("x"):"a:b"');
  });

  it('marks the whole-array form', () => {
    const n = parse('{$a|@cms_sort|count}').ast.body[0];
    if (n.type !== 'Print' || n.expr.type !== 'Modified') throw new Error();
    expect(n.expr.modifiers.map((m) => [m.name, m.whole])).toEqual([
      ['cms_sort', true],
      ['count', false],
    ]);
  });

  it('reports PHP constants that are not values', () => {
    expect(codes('{$x|default:yes}')).toEqual(['BARE_CONSTANT']);
  });

  it('modifiers on a function tag', () => {
    const n = parse('{counter|string_format:"%03d"}').ast.body[0];
    if (n.type !== 'Tag') throw new Error();
    expect(n.name).toBe('counter');
    expect(n.modifiers[0].name).toBe('string_format');
  });
});

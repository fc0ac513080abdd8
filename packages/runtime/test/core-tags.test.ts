import { fromJSONText, PhpArray, PhpObject, toJS } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { createEngine, SumiError } from '../src/index';
import { render, renderError } from './helpers';

describe('printing', () => {
  test('variables, keys and undefined chains', () => {
    expect(render('{$a.b[0]}|{$a.x.y.z}|{$nope}', '{"a":{"b":["B"]}}')).toBe('B||');
  });
  test('math inside a variable token uses PHP precedence and types', () => {
    expect(render('{$a+$b*2} {$a/$b} {$a/2}', '{"a":7,"b":2}')).toBe('11 3.5 3.5');
    expect(render('{$a/$b}', '{"a":6,"b":3}')).toBe('2');
  });
  test("after '>' PHP reads `$x` as its own undefined variable (null) and `$x.$y` as their concatenation ('')", () => {
    // 0 > null is false; 0 > '' compares "0" with "" as strings: true
    expect(render('[{$a-$a>$r}][{$a-$a>$r.$i}][{$a-$a>$r.$i.$k}]', '{"a":1,"r":[5],"i":0}')).toBe('[][1][1]');
  });
  test('booleans and null print like PHP', () => {
    expect(render('[{$t}][{$f}][{$n}]', '{"t":true,"f":false,"n":null}')).toBe('[1][][]');
  });
});

describe('foreach', () => {
  test('key, item, name properties and foreachelse', () => {
    expect(
      render(
        '{foreach from=$m key=k item=v name=n}{$smarty.foreach.n.iteration}/{$smarty.foreach.n.total}:{$k}={$v}{if !$smarty.foreach.n.last},{/if}{/foreach}',
        '{"m":{"b":1,"10":2,"2":3}}',
      ),
    ).toBe('1/3:b=1,2/3:10=2,3/3:2=3');
    expect(render('{foreach from=$e item=v}x{foreachelse}none{/foreach}', '{"e":[]}')).toBe('none');
  });
  test('a foreach of the same name inside takes the entry over: the outer loop counts on from it', () => {
    // Smarty's one table entry per name (checked with the reference: differential/foreach_same_name_nested)
    const data = '{"a":[1,2,3],"b":[1,2],"n":"m"}';
    expect(
      render(
        '{foreach from=$a item=x name=m}{$smarty.foreach.m.index}{foreach from=$a item=y name=m}{/foreach}|{/foreach}',
        data,
      ),
    ).toBe('0|3|3|');
    expect(
      render(
        '{foreach from=$a item=x name=$n}{$smarty.foreach.m.iteration}{foreach from=$b item=y name=m}{break}{/foreach}|{/foreach}',
        data,
      ),
    ).toBe('1|2|2|');
    // only a loop that may meet such an inner one looks its entry up on every iteration
    const engine = createEngine();
    const code = (src: string) => engine.compile(src).code;
    expect(
      code('{foreach from=$a item=x name=m}{foreach from=$b item=y name=k}{/foreach}{/foreach}'),
    ).not.toContain('foreachEntry');
    expect(
      code('{foreach from=$a item=x name=m}{foreach from=$b item=y name=$n}{/foreach}{/foreach}'),
    ).toContain('foreachEntry');
  });
  test('a scalar loops once; null loops zero times', () => {
    expect(render('{foreach from=$s item=v}[{$v}]{/foreach}', '{"s":"x"}')).toBe('[x]');
    expect(render('{foreach from=$u item=v}[{$v}]{foreachelse}-{/foreach}')).toBe('-');
  });
  test('break and continue affect only the innermost loop', () => {
    expect(
      render(
        '{foreach from=$a item=i}{foreach from=$a item=j}{if $j==2}{break}{/if}{$i}{$j} {/foreach}{/foreach}',
        '{"a":[1,2]}',
      ),
    ).toBe('11 21 ');
  });
  test('arrays are values: changing the item does not change the source', () => {
    expect(
      render('{foreach from=$a item=r}{assign var="r.x" value=9}{/foreach}{$a.0.x}', '{"a":[{"x":1}]}'),
    ).toBe('1');
  });
});

describe('section', () => {
  test('step, start, max and properties', () => {
    expect(render('{section name=i loop=$a step=-1}{$a[i]}{/section}', '{"a":["a","b","c"]}')).toBe('cba');
    expect(render('{section name=i loop=10 start=2 max=3}{$smarty.section.i.index}{/section}')).toBe('234');
  });
});

describe('assign and capture', () => {
  test('dotted assign creates nested arrays; trailing dot appends', () => {
    expect(
      render('{assign var="a.b.c" value=1}{assign var="l." value=2}{assign var="l." value=3}{$a.b.c}{$l.1}'),
    ).toBe('13');
  });
  test('capture by name, assign and append', () => {
    expect(render('{capture name=x assign=y}hi{/capture}{$smarty.capture.x}{$y}')).toBe('hihi');
  });
});

describe('Smarty functions', () => {
  test('counter and cycle keep state within one render', () => {
    expect(render('{counter}{counter}{cycle values="a,b"}{cycle values="a,b"}{cycle values="a,b"}')).toBe(
      '12aba',
    );
  });
  test('math evaluates without eval', () => {
    expect(render('{math equation="(x+y)*2" x=1 y=2}')).toBe('6');
    expect(render('{math equation="constructor" constructor=1}')).toBe('1');
    expect(render('[{math equation="process.exit()"}]')).toBe('[]');
  });
});

describe('errors', () => {
  test('division by zero points at the tag', () => {
    const e = renderError('line1\n  {$a/$b}', '{"a":1,"b":0}');
    expect(e.code).toBe('DIVISION_BY_ZERO');
    expect(e.line).toBe(2);
    expect(e.column).toBe(3);
    expect(e.frame).toContain('{$a/$b}');
  });
  test('unknown tags and modifiers are compile errors', () => {
    expect(renderError('{nosuchtag}').code).toBe('UNKNOWN_TAG');
    expect(renderError('{$a|nosuchmodifier}').message).toContain("modifier 'nosuchmodifier' is not allowed");
  });
});

describe('special variables', () => {
  test('$smarty.const reads PHP and site constants', () => {
    expect(
      render('{$smarty.const.ENT_QUOTES} {$smarty.const.SITE_KEY}', '{}', {
        constants: { SITE_KEY: 'site-1' },
      }),
    ).toBe('3 site-1');
  });
  test("$smarty.const of a name defined nowhere is PHP's Error", () => {
    const e = renderError('ok\n{$smarty.const.NOPE}');
    expect([e.code, e.message, e.line]).toEqual(['PHP_ERROR', 'Error: Undefined constant "NOPE"', 2]);
    expect(renderError('{$smarty.const.SITE_KEY}').message).toBe('Error: Undefined constant "SITE_KEY"');
    expect(renderError('{$smarty.const.$k}', '{"k":[1]}').message).toBe(
      'TypeError: constant(): Argument #1 ($name) must be of type string, array given',
    );
  });
  test('$smarty.server hides the keys the CMS removes; cookies and env are empty', () => {
    const out = render(
      '{$smarty.server.HTTP_HOST}|{$smarty.server.DOCUMENT_ROOT}|{$smarty.get.q}|{$smarty.request.q}|{$smarty.session.member_id}|{$smarty.cookies.a}{$smarty.env.PATH}',
      '{}',
      {
        request: { get: { q: 'x' }, server: { HTTP_HOST: 'h', DOCUMENT_ROOT: '/srv' }, memberId: 7 },
      },
    );
    expect(out).toBe('h||x|x|7|');
  });
  test('$dataSet.emptyArray starts a list', () => {
    expect(
      render(
        '{assign var=l value=$dataSet.emptyArray}{append var=l value=1}{foreach from=$l item=v}{$v}{/foreach}',
      ),
    ).toBe('1');
  });
});

describe('run contexts', () => {
  test('post-processing returns processed_json; batch returns what {return} hands back', async () => {
    const { createEngine } = await import('../src/index');
    const engine = createEngine();
    const post = engine.renderSync(
      '{assign var="processed_json.n" value=$json.n+1}',
      fromJSONText('{"json":{"n":1}}'),
      { context: 'post' },
    );
    expect(toJS(post.result)).toEqual({ processed_json: { n: 2 } });
    const batch = engine.renderSync('a{return value=5}b', null, { context: 'batch' });
    expect(batch.output).toBe('a');
    expect(batch.result).toBe(5);
  });
  test('custom functions run in their own scope and return a value', () => {
    return import('../src/index').then(({ createEngine }) => {
      const engine = createEngine();
      engine.defineFunction({ name: 'double', source: '{assign var=r value=$n*2}{return value=$r}' });
      const out = engine.renderSync('{function name="double" var=x n=21}{$x}[{$r}]', null).output;
      expect(out).toBe('42[]');
    });
  });
});

describe('leaving a capture early', () => {
  // the reference's results (differential/capture_left_open_by_break has more)
  test('{break} inside {capture} leaves its buffer open: what follows goes into it, the output before is not the result', () => {
    expect(
      render(
        '{foreach from=$a item=v}[{capture name=c}x{$v}{if $v==2}{break}{/if}{/capture}]{/foreach}|{$smarty.capture.c}',
        '{"a":[1,2,3]}',
      ),
    ).toBe('x2|x1');
  });

  test('the next {/capture} takes the buffer on top, whoever opened it', () => {
    expect(
      render(
        '{foreach from=$l item=x}{capture name=c}c{$x}{foreach from=$l item=y}{capture name=d}D{$y}{if $y==2}{break}{/if}{/capture}{/foreach}{/capture}E{/foreach}[{$smarty.capture.c}|{$smarty.capture.d}]',
        '{"l":[1,2]}',
      ),
    ).toBe('c2E[D2|D1]');
  });

  test('the compiler warns where a jump leaves a capture, not where it stays inside one', () => {
    const engine = createEngine();
    const { warnings } = engine.compile(
      '{foreach from=$l item=x}\n{capture}{if $x}{continue}{/if}{/capture}{capture}{foreach from=$l item=y}{break}{/foreach}{/capture}{/foreach}',
    );
    expect(warnings.map((w) => [w.code, w.line, w.column])).toEqual([['JUMP_LEAVES_CAPTURE', 2, 17]]);
  });

  test('a streamed render holds its output back while a capture is left open, and counts it against the output budget', () => {
    const src =
      '{section name=i loop=3000}{capture}{section name=j loop=40}ab{/section}{if true}{continue}{/if}{/capture}{/section}';
    const chunks: string[] = [];
    const r = createEngine().renderSync(src, {}, { write: (c) => void chunks.push(c) });
    // nothing went out during the render (a write comes at its end only)
    expect(chunks).toEqual(['ab'.repeat(40)]);
    expect(r.output).toBe('');
    const small = createEngine({ limits: { maxOutputBytes: 100_000 } });
    expect(() => small.renderSync(src, {})).toThrow(/output budget exceeded/);
  });
});

describe('constant-key reads remember positions safely', () => {
  test('rows with different key orders, missing keys and numeric keys read right', () => {
    const json = '{"rows":[{"a":1,"b":2},{"b":3,"a":4},{"c":5},{"a":6,"b":7},{"0":"z","a":8}]}';
    expect(render('{foreach from=$rows item=r}{$r.a}/{$r.b}|{/foreach}', json)).toBe('1/2|4/3|/|6/7|8/|');
  });
});

describe('loop reads of variables the body cannot write (read once before the loop)', () => {
  test('a variable written in the body is read where it is used', () => {
    expect(
      render(
        '{section name=i loop=$items}{$items[i]}{append var=items value=9}{/section}|{foreach from=$items item=x}{$x}{/foreach}',
        '{"items":[1,2,3]}',
      ),
    ).toBe('123|123999');
    expect(
      render(
        '{foreach from=$rows item=r}{$n}{assign var=n value=$n+$r}{/foreach}',
        '{"rows":[1,2,3],"n":10}',
      ),
    ).toBe('101113');
    expect(
      render('{foreach from=$rows item=r}{$t}{add var=t value=$r}{/foreach}={$t}', '{"rows":[1,2,3],"t":0}'),
    ).toBe('013=6');
  });
  test('a write through a dotted path, a capture or an inner loop counts as a write', () => {
    expect(
      render(
        '{section name=i loop=2}{$a.x}{assign var="a.x" value=$a.x+1}{/section}' +
          '{section name=j loop=2}[{$c}]{capture assign=c}c{$smarty.section.j.index}{/capture}{/section}' +
          '{section name=k loop=2}<{$v}>{foreach from=$list item=v}{/foreach}{/section}',
        '{"a":{"x":5},"c":"-","list":[1,2],"v":0}',
      ),
    ).toBe('56[-][c0]<0><2>');
  });
  test('append to another list does not stop reads of the looped data being kept', () => {
    expect(
      render(
        '{section name=i loop=$items}{if $items[i].q > 0}{append var=out value=$items[i].s}{/if}{/section}{foreach from=$out item=x}{$x};{/foreach}',
        '{"items":[{"q":1,"s":"a"},{"q":0,"s":"b"},{"q":2,"s":"c"}],"out":[]}',
      ),
    ).toBe('a;c;');
  });
  test('a plugin that may write any variable keeps every read in place', () => {
    expect(render('{section name=i loop=3}{$n}{counter start=5 assign=n}{/section}', '{"n":"x"}')).toBe(
      'x55',
    );
  });
});

describe("a section's current row, `$items[i]`, is read once per iteration", () => {
  const engine = createEngine();
  const items = [
    { q: 1, s: 'a' },
    { q: 0, s: 'b' },
    { q: 2, s: 'c' },
    { q: 3, s: 'd' },
  ];
  const both = (source: string, data: Record<string, unknown>) => {
    const plain = engine.renderSync(source, data).output;
    expect(engine.renderSync(source, fromJSONText(JSON.stringify(data)) as PhpArray).output).toBe(plain);
    return plain;
  };

  test('the code reads the row once, and clears it at the top of each iteration', () => {
    const code = engine.compile('{section name=i loop=$items}{$items[i].q}{$items[i].s}{/section}').code;
    // each use reads the cached row, or reads it into the cache (rowIn: key() through the row's
    // cursor, the row being read by field only): the row is never read bare
    expect(code.match(/rowIn\(h\d+, s\d+\.index, w\d+\)/g)).toHaveLength(2);
    expect(code.match(/\(r\d+ = rowIn\(h\d+, s\d+\.index, w\d+\)\)/g)).toHaveLength(2);
    expect(code).not.toMatch(/[^.]key\(h\d+, s\d+\.index\)/);
    expect(code).toMatch(/\n(r\d+) = undefined;\n/);
  });

  test('every iteration gets its own row: steps, starts, max, {continue} and {break}', () => {
    const data = { items };
    expect(
      both(
        '{section name=i loop=$items}{$items[i].s}{$items[i].q}{if $items[i].q > 2}{break}{/if}{/section}',
        data,
      ),
    ).toBe('a1b0c2d3');
    expect(both('{section name=i loop=$items step=-2}{$items[i].s}{$items[i].q}{/section}', data)).toBe(
      'd3b0',
    );
    expect(
      both('{section name=i loop=$items start=1 max=2}{$items[i].s}{$items[i].q},{/section}', data),
    ).toBe('b0,c2,');
    expect(
      both(
        '{section name=i loop=$items}{if $items[i].q == 0}{continue}{/if}{$items[i].s}{$items[i].q}{/section}',
        data,
      ),
    ).toBe('a1c2d3');
  });

  test('a row under constant keys (`$data.list[i]`) is read once too; a key from a variable is read each time', () => {
    const code = engine.compile(
      '{section name=i loop=$d.list}{$d.list[i].q}{$d.list[i].s}{$d.$k[i].q}{$d.$k[i].s}{/section}',
    ).code;
    expect(code.match(/\(r\d+ = rowIn\(/g)).toHaveLength(2);
    // `$d.$k[i]`: read where it is used, each time
    expect(code.match(/F\d+\(key\(key\(h\d+, h\d+\), s\d+\.index\)/g)).toHaveLength(2);
    const data = { d: { list: items, other: [{ q: 9, s: 'z' }] }, k: 'other' };
    expect(
      both(
        '{section name=i loop=$d.list}{$d.list[i].s}{$d.list[i].q}{$d.$k[i].s}{$d.$k[i].q};{/section}',
        data,
      ),
    ).toBe('a1z9;b0;c2;d3;');
  });

  test('rows missing, scalars and strings read as before', () => {
    expect(
      both('{section name=i loop=4}[{$l[i]}{if is_array($l[i])}{$l[i].x}{/if}]{/section}', {
        l: [{ x: 1 }, 'str', null],
      }),
    ).toBe('[Array1][str][][]');
    expect(both('{section name=i loop=3}{$s[i]}{$s[i]}{/section}', { s: 'abc' })).toBe('aabbcc');
  });

  test('a row kept in a variable, or changed through it, is the row PHP copies', () => {
    expect(
      both(
        '{section name=i loop=$items max=2}{assign var=r value=$items[i]}{assign var="r.q" value=9}{$r.q}{$items[i].q}{/section}',
        { items },
      ),
    ).toBe('9190');
  });

  test('an inner loop reads the outer row; an inner section of the same name takes the name over', () => {
    expect(
      both(
        '{section name=i loop=$items max=2}{section name=j loop=2}{$items[i].s}{$items[j].s}{/section}|{/section}',
        { items },
      ),
    ).toBe('aaab|babb|');
    // Smarty's one table entry per name: the inner loop leaves `i` at its own end (checked with the reference)
    expect(
      both(
        '{section name=i loop=$items max=2}{$items[i].s}{section name=i loop=1}{$items[i].s}{/section}{$items[i].s}|{/section}',
        { items },
      ),
    ).toBe('aab|');
  });

  test("a section's attributes that read its own entry read Smarty's partial one", () => {
    // unset, the name set, then each attribute stored in source order (checked with the reference:
    // differential/section_attributes_read_own_entry)
    const data = '{"a":[1,2,3]}';
    expect(render('{section name=i loop=$a max=$smarty.section.i.loop}[{$a[i]}]{/section}', data)).toBe(
      '[1][2][3]',
    );
    expect(render('{section name=i max=$smarty.section.i.loop loop=$a}[{$a[i]}]{/section}', data)).toBe('');
    expect(render('{section name=i loop=$a}{section name=i loop=$a[i]}x{/section}|{/section}', data)).toBe(
      '|',
    );
    // only such a section evaluates its attributes one by one
    const engine = createEngine();
    expect(
      engine.compile('{section name=i loop=$a max=$smarty.section.j.loop}{/section}').code,
    ).not.toContain('sectionBegin');
    expect(engine.compile('{section name=i loop=$a max=$smarty.section.i.loop}{/section}').code).toContain(
      'sectionBegin',
    );
  });

  test('in a body long enough to run in parts', () => {
    const long = Array.from({ length: 600 }, (_, k) => `<p>{$items[i].s}${k}{$items[i].q}</p>\n`).join('');
    const source = `{section name=i loop=$items}${long}{/section}`;
    expect(engine.compile(source).code).toContain('(o) => {');
    const out = both(source, { items });
    expect(out.startsWith('<p>a01</p>')).toBe(true);
    expect(out.endsWith('<p>d5993</p>\n')).toBe(true);
  });
});

describe('a long template runs as several functions', () => {
  // ~4,000 top-level statements: far more generated code than one part holds
  const lines = Array.from({ length: 2000 }, (_, i) => `<p>{$x}-${i}</p>{assign var=n value=$n+1}\n`).join(
    '',
  );

  test('output, variables and loops carry over from part to part', async () => {
    const src = `{assign var=n value=0}${lines}{foreach from=$list item=v}{$v}{/foreach}|{$n}`;
    const engine = createEngine();
    const sync = engine.renderSync(src, { x: 'a', list: [1, 2] });
    expect(engine.compile(src).code.match(/function part\d+/g)!.length).toBeGreaterThan(2);
    // (the newline after each {assign} is eaten, as Smarty 2 does after a tag)
    expect(sync.output.startsWith('<p>a-0</p><p>a-1</p>')).toBe(true);
    expect(sync.output.endsWith('<p>a-1999</p>12|2000')).toBe(true);
    const asyncOut = await engine.render(src, { x: 'a', list: [1, 2] });
    expect(asyncOut.output).toBe(sync.output);
  });

  test('a long body inside {if} or a loop is split too; {break} and {continue} still reach their loop', async () => {
    const engine = createEngine();
    const data = { x: 'a', list: [1, 2, 3], show: true, n: 0 };
    const flat = engine.renderSync(`{assign var=n value=0}${lines}`, data).output;
    const inIf = `{assign var=n value=0}{if $show}${lines}{/if}`;
    expect(engine.compile(inIf).code).toContain('(o) => {');
    expect(engine.renderSync(inIf, data).output).toBe(flat);
    const loop =
      '{foreach from=$list item=v}{if $v == 2}{continue}{/if}' +
      `${lines}{if $v == 3}{break}{/if}[{$v}]{/foreach}{section name=s loop=2}${lines}{if $smarty.section.s.index == 0}{continue}{/if}<{$smarty.section.s.index}>{/section}`;
    const out = engine.renderSync(loop, data).output;
    expect(out.match(/<p>a-1999<\/p>/g)!.length).toBe(4);
    expect(out).not.toContain('[3]');
    expect(out).not.toContain('<0>');
    expect(out).toContain('[1]');
    expect(out.endsWith('<1>')).toBe(true);
    expect((await engine.render(loop, data)).output).toBe(out);
  });

  test('an error in a later part has its own line and column; {return} keeps what was printed', () => {
    const engine = createEngine();
    const err = (() => {
      try {
        engine.renderSync(`${lines}  {function name=missing var=r}`, { x: 1 });
      } catch (e) {
        return e as SumiError;
      }
    })();
    expect(err).toBeInstanceOf(SumiError);
    expect(err!.code).toBe('UNKNOWN_FUNCTION');
    expect([err!.line, err!.column]).toEqual([2001, 3]);
    const r = engine.renderSync(`${lines}{return value=$n}after`, { x: 1, n: 0 });
    expect(r.result).toBe(2000);
    expect(r.output.endsWith('<p>1-1998</p><p>1-1999</p>')).toBe(true);
  });
});

describe('foreach over an object', () => {
  test('loops over its properties and leaves the object as it was', () => {
    const engine = createEngine();
    const o = new PhpObject(
      PhpArray.fromEntries([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const data = PhpArray.fromEntries([['o', o]]);
    expect(
      engine.renderSync('{foreach from=$o key=k item=v}{$k}={$v};{/foreach}|{$o->a}{$o->b}', data).output,
    ).toBe('a=1;b=2;|12');
    expect(engine.renderSync('{foreach from=$o item=v}{$v}{/foreach}', data).output).toBe('12');
  });
});

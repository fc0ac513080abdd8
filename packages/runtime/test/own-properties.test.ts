/**
 * Every lookup keyed by template input answers with its own entries only: tag, plugin, attribute
 * and modifier registries, `$smarty` tables, constants, hash algorithms, set_memory's values, the
 * XML entities of xmltojson. A name that Object.prototype has is an unknown name, and no output,
 * message or hint ever shows a JS function.
 */
import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index';
import { render, renderError } from './helpers';

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

function logOf(source: string): string[] {
  return createEngine()
    .renderSync(source)
    .log.map((l) => l.message);
}

const noJs = (e: { message: string; hint?: string | undefined }) => {
  for (const text of [e.message, e.hint ?? '']) {
    expect(text).not.toMatch(/native code|function \w*\(|\[object /);
  }
};

describe.each(PROTO_NAMES)('%s', (name) => {
  test('is an unknown tag, block or modifier', () => {
    for (const src of [`{${name}}`, `{${name} a=1}x{/${name}}`, `{$x|${name}}`, `{$x|@${name}:1}`]) {
      const e = renderError(src);
      expect(['UNKNOWN_TAG', 'UNKNOWN_MODIFIER']).toContain(e.code);
      noJs(e);
    }
  });

  test('is an unknown attribute of a plugin and of a core tag', () => {
    // ignored with a warning, as the CMS ignores it; {section} refuses it, as Smarty 2 does
    for (const src of [`{counter ${name}=1}`, `{foreach from=$a item=v ${name}=1}{/foreach}`]) {
      const { warnings } = createEngine().compile(src);
      expect(warnings.map((w) => w.code)).toEqual(['UNKNOWN_ATTRIBUTE']);
      for (const w of warnings) noJs(w);
    }
    expect(render(`{counter ${name}=1}`)).toBe('1');
    const e = renderError(`{section name=s loop=1 ${name}=1}{/section}`);
    expect(e.code).toBe('UNKNOWN_ATTRIBUTE');
    noJs(e);
  });

  test('is an undefined constant, capture, foreach or section', () => {
    expect(renderError(`{$smarty.const.${name}}`).message).toBe(`Error: Undefined constant "${name}"`);
    expect(render(`[{$smarty.capture.${name}}]`)).toBe('[]');
    expect(render(`[{$smarty.foreach.${name}.total}][{$smarty.section.${name}.index}]`)).toBe('[][]');
    expect(render(`[{$smarty.get.${name}}][{$smarty.server.${name}}][{$smarty.session.${name}}]`)).toBe(
      '[][][]',
    );
  });

  test('is a usable name for captures, loops, counters and cycles', () => {
    expect(render(`{capture name=${name}}c{/capture}{$smarty.capture.${name}}`)).toBe('c');
    expect(
      render(`{foreach from=$a item=v name=${name}}{/foreach}{$smarty.foreach.${name}.total}`, '{"a":[1,2]}'),
    ).toBe('2');
    expect(render(`{section name=${name} loop=3}{/section}{$smarty.section.${name}.total}`)).toBe('3');
    expect(render(`{counter name=${name}}{counter name=${name}}`)).toBe('12');
    expect(render(`{cycle name=${name} values="a,b"}{cycle name=${name} values="a,b"}`)).toBe('ab');
    expect(render(`{assign var=${name} value=1}{$${name}}`)).toBe('1');
  });

  test('is not a custom function', () => {
    const e = renderError(`{function name=${name} var=r}`);
    expect(e.code).toBe('UNKNOWN_FUNCTION');
    noJs(e);
  });

  test('is not a hash algorithm, nor a memory limit', () => {
    const h = renderError(`{cms_hash var=h data=x algo=${name}}`);
    expect(h.code).toBe('INVALID_ATTRIBUTE');
    noJs(h);
    const m = renderError(`{set_memory var=${name}}`);
    expect(m.code).toBe('INVALID_ATTRIBUTE');
    noJs(m);
  });

  test('is not one of the XML entities of xmltojson', () => {
    expect(render(`{xmltojson var=x xml="<a>&${name};</a>"}{if $x === false}false{/if}`)).toBe('false');
    expect(logOf(`{xmltojson var=x xml="<a>&${name};</a>"}`)).toEqual([
      `xmltojson: invalid XML: Entity '${name}' not defined (at offset ${5 + name.length})`,
    ]);
    expect(
      render(
        `{xmltojson var=x xml="<r><${name}>v</${name}></r>"}{foreach from=$x key=k item=v}{$k}={$v}{/foreach}`,
      ),
    ).toBe(`${name}=v`);
  });

  test('is an ordinary variable of {math}', () => {
    // Smarty reads words of an equation from a letter on: `__proto__` is the unknown word `proto__`
    if (name.startsWith('_')) {
      expect(logOf(`{math equation="${name} + 1" ${name}=2}`)).toEqual([
        "math: 'equation' calls a function that is not allowed",
      ]);
    } else expect(render(`{math equation="${name} + 1" ${name}=2}`)).toBe('3');
    expect(logOf(`{math equation="${name}(1)"}`)).toEqual([
      "math: 'equation' calls a function that is not allowed",
    ]);
  });
});

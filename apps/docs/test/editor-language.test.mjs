// The playground editor's pure logic (src/playground/language/): what is typed at the cursor, the
// variables in scope, tag pairs, the diagnostics' order, and the facts file it reads. The TypeScript
// modules are bundled with esbuild for Node; the facts come from the real plugin definitions.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { editorMeta } from '../scripts/editor-meta.mjs';
import { loadMetas } from '../scripts/gen-reference.mjs';
import { renderReferencePages } from '../scripts/reference-pages.mjs';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = ['cursor', 'scope', 'tags', 'diagnostics', 'meta', 'docs'];

let lang;
let parser;
let facts;
let meta;
let metas;
let tmp;

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'sumi-editor-'));
  const out = await build({
    stdin: {
      contents: MODULES.map((m) => `export * from './src/playground/language/${m}.ts';`).join('\n'),
      resolveDir: docsRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const file = join(tmp, 'language.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  lang = await import(pathToFileURL(file).href);
  parser = await import('@sumi/parser');
  const loaded = await loadMetas();
  metas = loaded.metas;
  meta = editorMeta(metas, loaded.contexts);
  facts = lang.indexFacts(meta);
});

after(() => rmSync(tmp, { recursive: true, force: true }));

/** cursorContext at the `|` in `text` (the bar is removed) */
function at(text) {
  const pos = text.indexOf('‸');
  return lang.cursorContext(text.replace('‸', ''), pos);
}

describe('what is typed at the cursor', () => {
  it('a tag name after { and {/', () => {
    assert.deepEqual(at('x {ass‸'), { kind: 'tag', from: 3, closing: false });
    assert.deepEqual(at('{foreach}{/fo‸'), { kind: 'tag', from: 11, closing: true });
    assert.deepEqual(at('{‸'), { kind: 'tag', from: 1, closing: false });
  });

  it('modifiers after | (not ||), with @', () => {
    assert.deepEqual(at('{$x|‸'), { kind: 'modifier', from: 4 });
    assert.deepEqual(at('{$x|upper|@co‸'), { kind: 'modifier', from: 11 });
    assert.deepEqual(at('{$x|truncate:10|‸'), { kind: 'modifier', from: 16 });
    assert.equal(at('{if $a ||‸')?.kind, undefined);
  });

  it('attribute names of the tag, with the ones already written', () => {
    assert.deepEqual(at('{api ‸'), { kind: 'attribute', from: 5, tag: 'api', written: [] });
    assert.deepEqual(at('{api endpoint="https://x/" me‸'), {
      kind: 'attribute',
      from: 27,
      tag: 'api',
      written: ['endpoint'],
    });
  });

  it('attribute values, bare and quoted', () => {
    assert.deepEqual(at('{api method=‸'), {
      kind: 'value',
      from: 12,
      tag: 'api',
      attribute: 'method',
      quoted: false,
    });
    assert.deepEqual(at('{api method="po‸'), {
      kind: 'value',
      from: 13,
      tag: 'api',
      attribute: 'method',
      quoted: true,
    });
  });

  it('variables, with the path typed so far, in tags and inside double quotes', () => {
    assert.deepEqual(at('{$‸'), { kind: 'variable', from: 2, path: [] });
    assert.deepEqual(at('{$user.na‸'), { kind: 'variable', from: 7, path: ['user'] });
    assert.deepEqual(at('{$rows[0].‸'), { kind: 'variable', from: 10, path: ['rows', '0'] });
    assert.deepEqual(at('{$smarty.foreach.‸'), { kind: 'variable', from: 17, path: ['smarty', 'foreach'] });
    assert.deepEqual(at('{assign var=x value="hi $u‸'), { kind: 'variable', from: 25, path: [] });
    assert.deepEqual(at('{if $a && $b‸'), { kind: 'variable', from: 11, path: [] });
  });

  it('nothing in text, comments and closed tags; no variable in single quotes', () => {
    assert.equal(at('plain ‸'), null);
    assert.equal(at('{$x} after ‸'), null);
    assert.equal(at('{* note $x‸'), null);
    assert.equal(at("{assign var=x value='a $u‸"), null);
    assert.equal(at("{assign var=x value='$u‸")?.kind, 'value');
  });
});

describe('variables in scope', () => {
  const scope = (source, pos, data = {}, ctx = '') =>
    lang.scopeAt(
      parser.parse(source, { blockTags: ['read_dir', 'read_file', 'textformat'] }).ast,
      source,
      pos,
      lang.tagFacts(facts, parser.SMARTY_VARS),
      data,
      facts.contexts[ctx]?.inputs,
      ctx,
    );

  it('the data keys, the context inputs and what is assigned above the cursor, not below', () => {
    const src =
      '{assign var=total value=1}\n{foreach from=$rows item=row key=k name=loop}{/foreach}\n|\n{assign var=later value=2}';
    const s = scope(src, src.indexOf('|'), { rows: [{ id: 1, title: 'a' }], user: { name: 'x' } }, 'post');
    const names = s.variables.map((v) => `${v.name}:${v.source}`);
    assert.deepEqual(names, [
      'rows:data',
      'user:data',
      'json:context post',
      'total:{assign} line 1',
      'row:{foreach} line 2',
      'k:{foreach} line 2',
    ]);
    assert.deepEqual(s.named.get('foreach'), ['loop']);
    // a loop's item is a sample element of what it loops over
    assert.deepEqual(lang.keysOf(s.variables.find((v) => v.name === 'row').sample), ['id', 'title']);
  });

  it("plugins' varname attributes assign, dotted paths assign their root", () => {
    const src =
      '{api endpoint="https://x/" json_var=resp status_var=ok}{capture assign=cap}{/capture}{assign var="a.b" value=1}{assign var=$dyn value=1}|';
    const s = scope(src, src.length);
    assert.deepEqual(
      s.variables.map((v) => v.name),
      ['resp', 'ok', 'cap', 'a'],
    );
  });

  it('paths into the data', () => {
    assert.deepEqual(lang.keysOf(lang.valueAt({ a: { b: { c: 1, d: 2 } } }, ['a', 'b'])), ['c', 'd']);
    assert.equal(lang.valueAt({ a: 1 }, ['a', 'b']), undefined);
  });
});

describe('tag pairs from the parser tokens', () => {
  const tags = (source) => {
    const isBlock = (n) => {
      const t = facts.tags.get(n);
      return t !== undefined && lang.isBlockTag(t);
    };
    return lang.scanTags(source, parser.tokenize(source), isBlock);
  };

  it('pairs open, branch and close tags; a print tag pairs only its delimiters', () => {
    const src =
      '{foreach from=$a item=r}{if $r}{$r|upper}{elseif $b}{else}{/if}{foreachelse}-{/foreach}{if $c}';
    const list = tags(src);
    const show = list.map((t) => `${t.role}:${t.name}:${t.group}:${t.matched}`);
    assert.deepEqual(show, [
      'open:foreach:0:true',
      'open:if:1:true',
      'single::-1:true',
      'branch:elseif:1:true',
      'branch:else:1:true',
      'close:if:1:true',
      'branch:foreachelse:0:true',
      'close:foreach:0:true',
      'open:if:2:false',
    ]);
    assert.equal(lang.tagAt(list, src.indexOf('{else}') + 2).name, 'else');
    assert.deepEqual(
      lang.openBlocksAt(list, src.indexOf('{$r')).map((t) => t.name),
      ['foreach', 'if'],
    );
  });

  it('plugin blocks pair too, and a stray closing tag pairs with nothing', () => {
    const list = tags('{read_dir path="/files" file_var=f}{/read_dir}{/foreach}');
    assert.deepEqual(
      list.map((t) => `${t.role}:${t.name}:${t.matched}`),
      ['open:read_dir:true', 'close:read_dir:true', 'close:foreach:false'],
    );
  });
});

describe('diagnostics order', () => {
  it('sorts by line and column, stable, unpositioned last', () => {
    const list = [
      { id: 'c', line: 3, column: 5 },
      { id: 'none' },
      { id: 'a', line: 2, column: 1 },
      { id: 'b', line: 2, column: 1 },
      { id: 'd', line: 10, column: 1 },
    ];
    assert.deepEqual(
      lang.byPosition(list).map((d) => d.id),
      ['a', 'b', 'c', 'd', 'none'],
    );
  });

  it("an unclosed {$x|upper that swallows the next line comes before the compiler's later error", async () => {
    const rt = await import('@sumi/runtime');
    const mods = await import('@sumi/modifiers');
    const engine = rt.createEngine({ plugins: mods.modifiers });
    const source = '{$x|upper\n{/if}\n{$y|nosuch}';
    let err;
    try {
      engine.compile(source);
    } catch (e) {
      err = e;
    }
    // the headline error is the later one; the editor lists both in source order
    assert.equal(err.line, 3);
    const shown = lang.byPosition([
      { line: err.line, column: err.column, span: err.span },
      ...err.diagnostics,
    ]);
    assert.deepEqual(
      shown.map((d) => `${d.line}:${d.column}`),
      ['2:1', '3:5', '3:5'],
    );
  });

  it('the parser reports an unclosed block when it reaches the end; the editor lists it where it opened', () => {
    const { diagnostics } = parser.parse('{if $a}\n{foo bar=}\n');
    assert.deepEqual(
      diagnostics.map((d) => `${d.line}:${d.column}`),
      ['2:9', '1:1'],
    );
    assert.deepEqual(
      lang.byPosition(diagnostics).map((d) => `${d.line}:${d.column} ${d.code}`),
      ['1:1 UNCLOSED_TAG', '2:9 MISSING_ATTRIBUTE_VALUE'],
    );
  });

  it('the editor range is the exact span, else one character', () => {
    const offsetOf = (line, column) => (line - 1) * 10 + column - 1;
    assert.deepEqual(lang.rangeOf({ line: 1, column: 2, span: { start: 1, end: 9 } }, offsetOf, 20), {
      from: 1,
      to: 9,
    });
    assert.deepEqual(lang.rangeOf({ line: 2, column: 3 }, offsetOf, 20), { from: 12, to: 13 });
    assert.equal(lang.rangeOf({}, offsetOf, 20), null);
  });
});

describe('the facts file', () => {
  it('has every registered definition, with its reference entry and call form', () => {
    assert.equal(meta.plugins.length, metas.length);
    const index = renderReferencePages(metas).find((p) => p.slug === 'index').content;
    for (const p of meta.plugins) {
      assert.ok(index.includes(`](${p.url})`), `${p.name}: ${p.url} is linked from the A-Z index`);
      assert.ok(p.synopsis.includes(p.name), p.name);
    }
    assert.ok(Object.keys(meta.contexts).includes('post'));
  });

  it('indexes tags, aliases and modifiers apart, io and net plugins included', () => {
    assert.equal(facts.tags.get('assign').kind, 'compiler');
    assert.equal(facts.tags.get('rcms_match'), facts.tags.get('cms_match'));
    assert.equal(facts.tags.get('read_dir').kind, 'block');
    assert.equal(facts.tags.get('api').group, facts.tags.get('api_internal').group);
    assert.equal(facts.tags.get('slack_post_message').name, 'chat_post_message');
    assert.equal(facts.modifiers.get('upper').kind, 'modifier');
    assert.equal(facts.tags.get('upper'), undefined);
  });

  it('attribute and argument summaries carry type, required mark and default', () => {
    const api = facts.tags.get('api').attributes;
    const required = Object.entries(api).find(([, a]) => a.required);
    assert.ok(required, 'api has a required attribute');
    assert.match(lang.attributeSummary(required[1]), /· required/);
    const withDefault = Object.values(api).find((a) => a.default !== undefined);
    assert.match(
      lang.attributeSummary(withDefault),
      new RegExp(`default ${JSON.stringify(withDefault.default)}`),
    );
    assert.equal(lang.argsSignature(facts.modifiers.get('replace').args), ':search:replace');
    assert.equal(
      lang.argsSignature(facts.modifiers.get('truncate').args),
      ':[length]:[etc]:[break_words]:[middle]',
    );
  });
});

// The reference generator: Markdown built from plugin metadata, nothing written by hand.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectDefs } from '../scripts/gen-reference.mjs';
import {
  base64url,
  code,
  headingAnchor,
  inline,
  playgroundLink,
  renderPlugin,
  renderReferencePages,
  slugify,
  synopsis,
} from '../scripts/reference-pages.mjs';

const cmsMatch = {
  kind: 'function',
  name: 'cms_match',
  aliases: ['rcms_match'],
  group: 'Variables and arrays',
  description: 'Regular-expression match with `preg_match` semantics.',
  attributes: {
    var: { type: 'varname', required: true, description: 'variable that receives the matches' },
    pattern: { type: 'string', required: true, description: 'PCRE pattern, e.g. `/a|b/`' },
    flags: {
      type: 'integer',
      default: 0,
      enum: [0, 256, 512],
      description: '256 offset capture, 512 unmatched as null',
    },
  },
  result: 'the array of matches, in `var`',
  errors: ['a missing `var` is an error'],
  limits: ['the subject is cut at 1 MB'],
  examples: [
    {
      template: '{cms_match var=m pattern="/(\\d+)/" subject="a12"}{$m.1}',
      output: '12',
      description: 'first group',
    },
  ],
};

const upper = {
  kind: 'modifier',
  name: 'upper',
  group: 'Smarty modifiers',
  description: 'Upper-cases a string.',
  args: [],
  examples: [{ template: '{$name|upper}', data: { name: 'sumi' }, output: 'SUMI' }],
};

const sortByKey = {
  kind: 'modifier',
  name: 'cms_sort_by_key',
  group: 'Modifiers',
  description: 'Sorts by a field.',
  wholeArray: true,
  args: [
    { name: 'key', type: 'string', description: 'field name' },
    { name: 'direction', type: 'string', optional: true, default: 'asc', description: 'asc or desc' },
  ],
};

describe('reference pages', () => {
  it('slugs and anchors follow the heading rules Starlight uses', () => {
    assert.equal(slugify('Variables and arrays'), 'variables-and-arrays');
    assert.equal(slugify('PHP function (allowlist)'), 'php-function-allowlist');
    assert.equal(headingAnchor('cms_match'), 'cms_match');
    assert.equal(headingAnchor('pg_dateformat2'), 'pg_dateformat2');
  });

  it('escapes Markdown outside code spans only', () => {
    assert.equal(inline('a <b> `<c>` *d*'), 'a &lt;b&gt; `<c>` \\*d\\*');
    assert.equal(inline('x | y\nz', { cell: true }), 'x \\| y<br>z');
    assert.equal(code('a`b'), '``a`b``');
    assert.equal(code(''), '` `');
  });

  it('builds call forms from kind, attributes and args', () => {
    assert.equal(synopsis(cmsMatch), '{cms_match var=name pattern="…" …}');
    assert.equal(synopsis(upper), '{$value|upper}');
    assert.equal(synopsis(sortByKey), '{$value|@cms_sort_by_key:key:[direction]}');
    assert.equal(synopsis({ kind: 'block', name: 'read_file', attributes: {} }), '{read_file}…{/read_file}');
    assert.equal(
      synopsis({
        kind: 'compiler',
        name: 'foreach',
        block: true,
        attributes: { from: { type: 'array', required: true } },
      }),
      '{foreach from=$value}…{/foreach}',
    );
  });

  it('renders every fact of a definition', () => {
    const md = renderPlugin(cmsMatch);
    assert.match(md, /^### cms_match\n/);
    assert.match(md, /Also spelled: `rcms_match`/);
    assert.match(md, /\| `var` \| varname \| yes \| {2}\| variable that receives the matches \|/);
    assert.match(md, /\| `pattern` \| string \| yes \| {2}\| PCRE pattern, e.g. `\/a\\\|b\/` \|/);
    assert.match(md, /\| `flags` \| integer: `0`, `256`, `512` \| no \| `0` \|/);
    assert.match(md, /\*\*Result:\*\* the array of matches, in `var`/);
    assert.match(md, /\*\*Errors\*\*\n\n- a missing `var` is an error/);
    assert.match(md, /\*\*Limits\*\*\n\n- the subject is cut at 1 MB/);
    assert.match(md, /```text\n\{cms_match var=m pattern="\/\(\\d\+\)\/" subject="a12"\}\{\$m\.1\}\n```/);
    assert.match(md, /Output:\n\n```text\n12\n```/);
  });

  it('renders modifier arguments and example data', () => {
    const md = renderPlugin(sortByKey);
    assert.match(md, /takes the whole array/);
    assert.match(md, /\| 2\. `direction` \| string \| yes \| `"asc"` \| asc or desc \|/);
    const up = renderPlugin(upper);
    assert.match(up, /Data:\n\n```json\n\{\n {2}"name": "sumi"\n\}\n```/);
  });

  it('writes one page per group and an A-Z index with aliases', () => {
    const pages = renderReferencePages([upper, cmsMatch, sortByKey]);
    assert.deepEqual(
      pages.map((p) => p.slug),
      ['modifiers', 'smarty-modifiers', 'variables-and-arrays', 'index'],
    );
    const vars = pages.find((p) => p.slug === 'variables-and-arrays').content;
    assert.match(vars, /^---\ntitle: "Variables and arrays"\n/);
    assert.match(vars, /1 definition \(function tag\)\./);
    const index = pages.find((p) => p.slug === 'index').content;
    assert.match(index, /3 definitions in 3 groups/);
    assert.match(
      index,
      /\| \[`cms_match`\]\(\/reference\/generated\/variables-and-arrays\/#cms_match\) \| function tag \|/,
    );
    assert.match(index, /\| `rcms_match` → \[`cms_match`\]/);
    const order = [...index.matchAll(/^\| (?:\[)?`(\w+)`/gm)].map((m) => m[1]);
    assert.deepEqual(order, ['cms_match', 'cms_sort_by_key', 'rcms_match', 'upper']);
  });

  it('links examples to the playground with base64url template and data', () => {
    assert.equal(base64url('{$a}'), 'eyRhfQ');
    assert.equal(Buffer.from(base64url('ダ?>'), 'base64url').toString('utf8'), 'ダ?>');
    assert.equal(playgroundLink('{$a}'), '/playground/#src=eyRhfQ');
    assert.equal(
      playgroundLink('{$a}', { a: 1 }),
      `/playground/#src=eyRhfQ&data=${Buffer.from('{\n  "a": 1\n}').toString('base64url')}`,
    );
    assert.match(
      renderPlugin(upper),
      /\[Open in the playground\]\(\/playground\/#src=eyRuYW1lfHVwcGVyfQ&data=/,
    );
  });

  it('says plainly when the reference could not be generated', () => {
    const pages = renderReferencePages([], { note: '@sumi/runtime is not built yet.' });
    assert.equal(pages.length, 1);
    assert.match(pages[0].content, /:::caution\n@sumi\/runtime is not built yet\.\n:::/);
  });

  it('collects plugin definitions from a module namespace', () => {
    const defs = collectDefs({ modifiers: [upper, sortByKey], cmsMatch, version: '1', other: [1, 2] });
    assert.deepEqual(
      defs.map((d) => d.name),
      ['upper', 'cms_sort_by_key', 'cms_match'],
    );
  });
});

// The playground's template editor in Chromium: completion, hover docs, diagnostics in source order,
// tag matching. Against the built site (test/site-harness.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openSite, runtimePending } from './site-harness.mjs';

const pending = await runtimePending();

describe('playground editor in Chromium', { timeout: 600_000, skip: pending }, () => {
  let site;
  let page;

  before(async () => {
    site = await openSite();
    page = site.page;
    await page.goto(`${site.base}/playground/`);
    await page.waitForSelector('#playground[data-ready="true"]', { timeout: 30_000 });
  });

  after(async () => {
    await site?.close();
  });

  /** Replace an editor's text as a paste would, and close any completion it opened. */
  async function setEditor(id, text) {
    await page.click(`#${id} .cm-content`);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    if (text) await page.keyboard.insertText(text);
    await page.keyboard.press('Escape');
  }

  /** Put the template's cursor at the end and type as a user would (brackets auto-close). */
  async function typeAtEnd(text) {
    await page.click('#pg-template .cm-content');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(text);
  }

  /** The completion list shown: [label, detail] pairs. */
  async function completions() {
    await page.waitForSelector('.cm-tooltip-autocomplete li', { timeout: 10_000 });
    return page.$$eval('.cm-tooltip-autocomplete li', (items) =>
      items.map((li) => [
        li.querySelector('.cm-completionLabel')?.textContent ?? '',
        li.querySelector('.cm-completionDetail')?.textContent ?? '',
      ]),
    );
  }

  /** Waits for the completion list to show `label`; returns its [label, detail]. */
  async function completion(label) {
    const handle = await page.waitForFunction(
      (wanted) => {
        for (const li of document.querySelectorAll('.cm-tooltip-autocomplete li')) {
          if (li.querySelector('.cm-completionLabel')?.textContent === wanted)
            return [wanted, li.querySelector('.cm-completionDetail')?.textContent ?? ''];
        }
        return null;
      },
      label,
      { timeout: 10_000 },
    );
    return handle.jsonValue();
  }

  /** Accepts the selected option. CodeMirror ignores Enter for a moment after a list opens (its interactionDelay, 75 ms). */
  async function accept() {
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
  }

  it('typing {ass offers assign, and accepting it then a space lists its attributes', async () => {
    await setEditor('pg-data', '{}');
    await setEditor('pg-template', '');
    await typeAtEnd('{ass');
    const tags = await completions();
    assert.ok(
      tags.some(([label]) => label === 'assign'),
      JSON.stringify(tags),
    );
    // the info panel beside the selected option is the reference's description
    await page.waitForSelector('.cm-completionInfo .cm-sumi-doc');
    await accept();
    await page.keyboard.type(' ');
    const attrs = await completions();
    const v = attrs.find(([label]) => label === 'var');
    assert.ok(v, JSON.stringify(attrs));
    assert.match(v[1], /varname · required/);
    assert.ok(attrs.some(([label]) => label === 'value'));
    await accept();
    assert.match(await page.textContent('#pg-template .cm-content'), /^\{assign var=\}?$/);
  });

  it('{/ offers the innermost open block first, and {else} is offered inside {if}', async () => {
    await setEditor('pg-template', '{foreach from=$a item=r}{if $r}x');
    await typeAtEnd('{/');
    const closing = await completions();
    assert.equal(closing[0][0], 'if');
    assert.ok(
      closing.every(([label]) => label !== 'assign'),
      'only block tags close',
    );
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('el');
    assert.equal((await completion('else'))[1], 'branch of {if}');
    await page.keyboard.press('Escape');
  });

  it('Ctrl+Space after {$x| offers the modifiers with their argument lists', async () => {
    await setEditor('pg-template', '{$x|');
    await page.keyboard.press('Control+Space');
    const all = await completions();
    assert.ok(all.length >= 50, `${all.length} modifiers shown`);
    await page.keyboard.type('repl');
    const replace = await completion('replace');
    assert.equal(replace[1], 'replace:search:replace');
    await accept();
    await page.keyboard.type(':"a":"b"|trunc');
    assert.equal((await completion('truncate'))[1], 'truncate:[length]:[etc]:[break_words]:[middle]');
    await page.keyboard.press('Escape');
  });

  it('{api lists the attributes with types, required marks and defaults', async () => {
    await setEditor('pg-template', '');
    await typeAtEnd('{api ');
    const attrs = await completions();
    const byName = Object.fromEntries(attrs);
    assert.match(byName.endpoint, /^string · required/);
    assert.match(byName.method, /default "GET"/);
    assert.ok('json_var' in byName && 'status_var' in byName, JSON.stringify(attrs));
    await page.keyboard.press('Escape');
  });

  it("offers the data's variables and keys and those assigned above the cursor", async () => {
    await setEditor('pg-data', '{"customer": {"name": "Ann", "tier": "gold"}}');
    await setEditor(
      'pg-template',
      '{assign var=greeting value="hi"}\n{foreach from=$customer item=c}{/foreach}\n',
    );
    await typeAtEnd('{$');
    const vars = await completions();
    const byName = Object.fromEntries(vars);
    assert.equal(byName.customer, 'data');
    assert.equal(byName.greeting, '{assign} line 1');
    assert.equal(byName.c, '{foreach} line 2');
    assert.equal(byName.smarty, '$smarty.*');
    await page.keyboard.type('customer.');
    await completion('tier');
    const keys = (await completions()).map(([l]) => l);
    assert.deepEqual(keys.sort(), ['name', 'tier']);
    await page.keyboard.press('Escape');
    await typeAtEnd('}{$smarty.');
    await completion('foreach');
    await completion('now');
    await page.keyboard.press('Escape');
  });

  it('hovering a tag shows its description and a link to its reference entry', async () => {
    await setEditor('pg-template', '{assign var=x value=1}{$x|upper}');
    await page.hover('#pg-template .sumi-tok-tag');
    const tip = page.locator('.cm-tooltip-hover .cm-sumi-doc');
    await tip.waitFor({ timeout: 10_000 });
    assert.match(await tip.textContent(), /Sets a variable/);
    assert.match(await tip.locator('.cm-sumi-doc-sig').textContent(), /^\{assign var=name …\}$/);
    const href = await tip.locator('a.cm-sumi-doc-link').getAttribute('href');
    assert.equal(href, '/reference/generated/core-tags/#assign');
    // the link leads to the entry
    const r = await page.request.get(`${site.base}${href.split('#')[0]}`);
    assert.equal(r.status(), 200);
    assert.match(await r.text(), /id="assign"/);
    // and over a modifier, the modifier's
    await page.mouse.move(0, 0);
    await page.hover('#pg-template .sumi-tok-modifier >> nth=-1');
    await page.waitForFunction(() =>
      document.querySelector('.cm-tooltip-hover .cm-sumi-doc-sig')?.textContent?.includes('|upper'),
    );
  });

  it('lists diagnostics in source order and marks their exact spans', async () => {
    await setEditor('pg-data', '{}');
    await setEditor('pg-template', '{$x|upper\n{/if}\n{$y|nosuch}');
    await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state === 'error');
    const locs = await page.$$eval('#pg-diagnostics .pg-loc', (els) => els.map((e) => e.textContent));
    assert.deepEqual(locs, ['2:1', '3:5']);
    // the unknown modifier's span is its name, not one character
    await page.waitForSelector('#pg-template .cm-lintRange-error');
    const marked = await page.$$eval('#pg-template .cm-lintRange-error', (els) =>
      els.map((e) => e.textContent).join(''),
    );
    assert.equal(marked, 'nosuch');
  });

  it('with the cursor on a tag, its delimiters and its block partners are marked', async () => {
    await setEditor('pg-template', '{foreach from=$a item=r}{if $r}x{else}y{/if}{/foreach}{if $b}');
    const source = await page.textContent('#pg-template .cm-content');
    const moveTo = async (offset) => {
      await page.keyboard.press('ControlOrMeta+Home');
      for (let i = 0; i < offset; i++) await page.keyboard.press('ArrowRight');
    };
    await moveTo(source.indexOf('{else}') + 2);
    await page.waitForFunction(
      () => document.querySelectorAll('#pg-template .cm-sumi-matchingTag').length === 3,
    );
    const names = await page.$$eval('#pg-template .cm-sumi-matchingTag', (els) =>
      els.map((e) => e.textContent),
    );
    assert.deepEqual(names, ['if', 'else', 'if']);
    const delims = await page.$$eval('#pg-template .cm-sumi-matchingDelim', (els) =>
      els.map((e) => e.textContent),
    );
    assert.deepEqual(delims, ['{', '}']);
    await moveTo(source.indexOf('{/foreach}') + 1);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#pg-template .cm-sumi-matchingTag')].every(
        (e) => e.textContent === 'foreach',
      ),
    );
    assert.equal(await page.locator('#pg-template .cm-sumi-matchingTag').count(), 2);
    // a plugin's block pairs too
    await setEditor('pg-template', '{read_dir path="/files" file_var=f}{$f}{/read_dir}');
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => document.querySelectorAll('#pg-template .cm-sumi-matchingTag').length === 2,
    );
    await setEditor('pg-template', '{foreach from=$a item=r}{if $r}x{else}y{/if}{/foreach}{if $b}');
    // the last {if} is never closed
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#pg-template .cm-sumi-nonmatchingTag');
    assert.equal(await page.textContent('#pg-template .cm-sumi-nonmatchingTag'), 'if');
  });

  it('no uncaught errors in the page', () => {
    assert.deepEqual(site.pageErrors, []);
  });
});

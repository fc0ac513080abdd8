// Browser tests of the built docs site: build (if needed), serve on 127.0.0.1 on a free port, and
// drive Debian's Chromium (never a downloaded browser) with playwright-core.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  openPlayground as openPlaygroundAt,
  openSite,
  parserPending,
  repoRoot,
  runtimePending,
  setEditor as setEditorOf,
} from './site-harness.mjs';

const rtPending = await runtimePending();
const parsePending = await parserPending();

describe('docs site in Chromium', { timeout: 600_000 }, () => {
  let site;
  let page;
  let base;
  let shotDir;
  let pageErrors = [];

  before(async () => {
    site = await openSite();
    ({ page, base, pageErrors } = site);
    shotDir = mkdtempSync(join(tmpdir(), 'sumi-shots-'));
  });

  after(async () => {
    await site?.close();
  });

  /** Replace an editor's whole text the way a user pasting would (no auto-closing brackets). */
  const setEditor = (id, text) => setEditorOf(page, id, text);
  const openPlayground = () => openPlaygroundAt(page, base);

  it('the playground loads and offers examples and contexts', async () => {
    await openPlayground();
    const examples = await page.locator('#pg-example option').count();
    const contexts = await page.locator('#pg-context option').count();
    assert.ok(examples >= 4, `examples: ${examples}`);
    assert.ok(contexts >= 2, `contexts: ${contexts}`);
    assert.equal(await page.locator('#pg-template .cm-editor').count(), 1);
    assert.equal(await page.locator('#pg-data .cm-editor').count(), 1);
    await page.screenshot({ path: join(shotDir, 'playground-initial.png'), fullPage: true });
    console.log(`screenshots: ${shotDir}`);
  });

  it('renders {$name|upper} with {"name":"sumi"} to SUMI', { skip: rtPending }, async () => {
    await openPlayground();
    await setEditor('pg-template', '{$name|upper}');
    await setEditor('pg-data', '{"name":"sumi"}');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'SUMI', null, {
      timeout: 15_000,
    });
    assert.equal(await page.textContent('#pg-output'), 'SUMI');
    assert.equal(await page.getAttribute('#pg-status', 'data-state'), 'ok');
    assert.match(await page.textContent('#pg-vars'), /\$name = "sumi"/);
    assert.match(await page.textContent('#pg-timings'), /render: [\d.]+ ms/);
    await page.screenshot({ path: join(shotDir, 'playground.png'), fullPage: true });
    console.log(`screenshot: ${join(shotDir, 'playground.png')}`);
  });

  it('runs the io plugins on the in-memory example site: what one run writes, the next reads', {
    skip: rtPending,
  }, async () => {
    await openPlayground();
    await setEditor('pg-data', '{}');
    await setEditor(
      'pg-template',
      '{read_file path="/files/ltd/prices.csv" type=csv row=r}{$r.0}={$r.1};{/read_file}' +
        '{write_file var=p value="hello"}{put_file tmp_path=$p path="/files/user/pg.txt"}' +
        '{read_dir path="/files/user" file_var=f pattern="/^pg/" name_only=1}{$f}{/read_dir}',
    );
    await page.waitForFunction(
      () => document.getElementById('pg-output')?.textContent?.endsWith('/files/user/pg.txt'),
      null,
      { timeout: 15_000 },
    );
    assert.equal(await page.textContent('#pg-output'), 'code=price;A-1=100;B-2=250;/files/user/pg.txt');
    // a path that leaves its area is refused in the browser too, logged with its code
    await setEditor('pg-template', '{remove_file path="/files/user/../../site.json" status_var=s}[{$s}]');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === '[0]', null, {
      timeout: 15_000,
    });
    assert.match(await page.textContent('#pg-log'), /IO_PATH_TRAVERSAL/);
  });

  it('runs the net plugins on their fakes: api, secret and sendmail answer, nothing leaves the page', {
    skip: rtPending,
  }, async () => {
    await openPlayground();
    await setEditor('pg-data', '{}');
    await setEditor(
      'pg-template',
      '{api endpoint="https://api.example.com/items" json_var=r status_var=ok}{$ok} {$r.items[0].name}' +
        '|{secret var=t key="api_token"}{$t|strlen}|{sendmail to="a@example.com" subject="hi" contents="x" var=sent}{$sent}',
    );
    await page.waitForFunction(
      () => document.getElementById('pg-output')?.textContent === '1 tea|5|1',
      null,
      {
        timeout: 15_000,
      },
    );
    assert.match(await page.textContent('#pg-log'), /API_CALL/);
  });

  it('shows an error at line:column and moves the cursor there on click', { skip: rtPending }, async () => {
    await openPlayground();
    await setEditor('pg-data', '{}');
    await setEditor('pg-template', 'ok\n  {/if}\n');
    const loc = page.locator('#pg-diagnostics .pg-diag-error .pg-loc').first();
    await loc.waitFor({ timeout: 15_000 });
    assert.equal(await loc.textContent(), '2:3');
    assert.equal(await page.getAttribute('#pg-status', 'data-state'), 'error');
    await page.click('#pg-data .cm-content');
    await loc.click();
    assert.equal(await page.textContent('#pg-cursor'), 'Ln 2, Col 3');
    await page.screenshot({ path: join(shotDir, 'playground-error.png'), fullPage: true });
  });

  it('every example renders; loop and post-processing give their exact results', {
    skip: rtPending,
  }, async () => {
    await openPlayground();
    const ids = await page.$$eval('#pg-example option:not([disabled])', (os) => os.map((o) => o.value));
    for (const id of ids) {
      await page.selectOption('#pg-example', id);
      await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state !== 'busy');
      assert.equal(await page.getAttribute('#pg-status', 'data-state'), 'ok', `example ${id}`);
      if (id === 'loop') {
        assert.equal(
          await page.textContent('#pg-output'),
          '1. First [key 0]\n2. Second [key 1]\n3. Third &amp; last (last) [key 2]\ntotal: 3',
        );
      }
      if (id === 'post') {
        assert.equal(await page.inputValue('#pg-context'), 'post');
        assert.equal(await page.textContent('#pg-output'), '');
        assert.equal(
          await page.textContent('#pg-result'),
          '{\n  "processed_json": [\n    "HELLO",\n    "WORLD"\n  ]\n}',
        );
      }
      if (id === 'trap') {
        assert.match(await page.textContent('#pg-diagnostics'), /1:5 warning .*after the first space/);
      }
    }
  });

  it('keeps the state in the address, and a shared link restores it', { skip: rtPending }, async () => {
    await openPlayground();
    await page.selectOption('#pg-context', 'post');
    await setEditor('pg-data', '{"json":{"n":2}}');
    await setEditor('pg-template', '{assign var=processed_json value=$json.n*21}ダ');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'ダ');
    const url = page.url();
    assert.match(url, /#src=~?[\w-]+&data=~?[\w-]+&ctx=post$/);
    await page.goto('about:blank');
    await page.goto(url);
    await page.waitForSelector('#playground[data-ready="true"]');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'ダ');
    assert.equal(await page.inputValue('#pg-context'), 'post');
    assert.equal(await page.textContent('#pg-result'), '{\n  "processed_json": 42\n}');
  });

  it('points at the data when the JSON is invalid', async () => {
    await openPlayground();
    await setEditor('pg-data', '{\n  "a": 1,\n}');
    const loc = page.locator('#pg-diagnostics .pg-loc').first();
    await loc.waitFor({ timeout: 15_000 });
    assert.match(await loc.textContent(), /^data 3:\d+$/);
  });

  it('highlights the template with the parser tokens', { skip: parsePending }, async () => {
    await openPlayground();
    await setEditor('pg-template', '{foreach from=$rows item=row}{$row.title|escape:"html"}{/foreach}');
    await page.waitForSelector('#pg-template .sumi-tok-variable', { timeout: 10_000 });
    assert.ok((await page.locator('#pg-template .sumi-tok').count()) >= 4);
  });

  it('the plugin reference lists cms_match', { skip: rtPending }, async () => {
    await page.goto(`${base}/reference/generated/`);
    const text = await page.textContent('main');
    assert.match(text, /\bcms_match\b/);
    await page
      .locator('main a')
      .filter({ hasText: /^cms_match$/ })
      .first()
      .click();
    await page.waitForLoadState('load');
    assert.match(page.url(), /#cms_match$/);
    assert.match(await page.textContent('main'), /\bvar\b/);
    await page.screenshot({ path: join(shotDir, 'reference.png') });
    // cms_match's example: the playground, opened from its link, prints what the reference documents
    const documented = await page
      .locator(
        'xpath=//h3[@id="cms_match"]/following::p[starts-with(normalize-space(), "Output")][1]/following::pre[1]',
      )
      .textContent();
    await page
      .locator('xpath=//h3[@id="cms_match"]/following::a[normalize-space()="Open in the playground"][1]')
      .click();
    await page.waitForSelector('#playground[data-ready="true"]');
    await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state === 'ok');
    assert.equal(await page.textContent('#pg-output'), documented.trimEnd());
  });

  it('guides and the performance page are served', async () => {
    const paths = [
      '/',
      '/guides/getting-started/',
      '/guides/dialect/',
      '/guides/plugins/',
      '/guides/site-folder/',
      '/performance/',
    ];
    for (const path of paths) {
      const r = await page.goto(`${base}${path}`);
      assert.equal(r.status(), 200, path);
    }
    assert.match(await page.textContent('main'), /pnpm bench/);
  });

  it('the performance page dates the results from their own "Measured" line', async () => {
    const latest = join(repoRoot, 'bench/results/latest.md');
    if (!existsSync(latest)) return;
    const stated = /^Measured (\d{4}-\d{2}-\d{2})/m.exec(readFileSync(latest, 'utf8'))?.[1];
    await page.goto(`${base}/performance/`);
    const text = await page.textContent('main');
    if (stated) assert.match(text, new RegExp(`From bench/results/latest\\.md, measured ${stated}`));
    else assert.match(text, /does not say when it was measured/);
  });

  it('no uncaught errors in the pages', () => {
    assert.deepEqual(pageErrors, []);
  });
});

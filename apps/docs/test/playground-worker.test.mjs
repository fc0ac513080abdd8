// The playground's render worker, drafts, sharing and panes, in Debian's Chromium.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openPlayground, openSite, repoRoot, setEditor } from './site-harness.mjs';

const pending = existsSync(join(repoRoot, 'packages/runtime/dist/index.js'))
  ? false
  : 'PENDING: @sumi/runtime is not built';

/** the number of finished runs (any outcome), as the page counts them */
const runs = (page) => page.evaluate(() => Number(document.getElementById('playground')?.dataset.runs ?? 0));

/** waits until a run after `since` has finished */
async function nextRun(page, since, timeout = 20_000) {
  await page.waitForFunction(
    (n) => Number(document.getElementById('playground')?.dataset.runs ?? 0) > n,
    since,
    {
      timeout,
    },
  );
}

/**
 * How long the page's thread takes to answer a task, measured in the page; a thread held by a
 * render would answer only when the render ends (about a second for the loop below).
 */
const probe = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const t = performance.now();
        setTimeout(() => resolve(performance.now() - t), 0);
      }),
  );

describe('playground worker', { timeout: 600_000, skip: pending }, () => {
  let site;
  let page;
  before(async () => {
    site = await openSite();
    site.shotDir = mkdtempSync(join(tmpdir(), 'sumi-shots-'));
    console.log(`screenshots: ${site.shotDir}`);
    page = site.page;
  });
  after(async () => {
    await site?.close();
  });

  it('a runaway {section} runs in the worker: the page answers and types, and the budget stops it', async () => {
    await openPlayground(page, site.base);
    await setEditor(page, 'pg-data', '{}');
    const before = await runs(page);
    // no output and a hash per step: it runs until the 5 s time budget, long after the next edit
    await setEditor(
      page,
      'pg-template',
      '{section name=i loop=1000000000}{assign var=h value=$smarty.section.i.index|md5}{/section}',
    );
    await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state === 'busy');
    const probes = [];
    for (let i = 0; i < 5; i++) probes.push(await probe(page));
    // typing during the run: the editor takes the keys at once
    await page.keyboard.type('{* typed *}');
    const doc = await page.textContent('#pg-template .cm-content');
    assert.match(doc, /\{\* typed \*\}$/);
    console.log(`probes during the run: ${probes.map((p) => p.toFixed(1)).join(', ')} ms`);
    assert.ok(Math.max(...probes) < 200, `the page answered in ${Math.max(...probes)} ms`);
    await nextRun(page, before, 30_000);
    await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state === 'error', null, {
      timeout: 30_000,
    });
    assert.match(await page.textContent('#pg-diagnostics'), /LIMIT_(STEPS|TIME|OUTPUT)|deadline/);
  });

  it('a catastrophic regex leaves the page responsive and says the backtrack budget ran out', async () => {
    await openPlayground(page, site.base);
    await setEditor(page, 'pg-data', '{}');
    const before = await runs(page);
    await setEditor(
      page,
      'pg-template',
      '{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"|regex_replace:"/(a+)+$/":"x"}[done]',
    );
    assert.ok((await probe(page)) < 200);
    await nextRun(page, before);
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === '[done]');
    assert.match(await page.textContent('#pg-diagnostics'), /Backtrack limit/);
  });

  it('a newer edit stops a running render: the worker restarts with the files the site had', async () => {
    await openPlayground(page, site.base);
    await setEditor(page, 'pg-data', '{}');
    let before = await runs(page);
    await setEditor(
      page,
      'pg-template',
      '{write_file var=p value="kept"}{put_file tmp_path=$p path="/files/user/keep.txt"}',
    );
    await nextRun(page, before);
    const restarts = Number(await page.getAttribute('#playground', 'data-restarts'));
    // no output and a hash per step: it runs until the 5 s time budget, long after the next edit
    await setEditor(
      page,
      'pg-template',
      '{section name=i loop=1000000000}{assign var=h value=$smarty.section.i.index|md5}{/section}',
    );
    await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state === 'busy');
    before = await runs(page);
    await setEditor(page, 'pg-template', '{read_file path="/files/user/keep.txt" row=l}{$l}{/read_file}');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'kept', null, {
      timeout: 20_000,
    });
    assert.ok(Number(await page.getAttribute('#playground', 'data-restarts')) > restarts);
  });

  it('a render past the page deadline is stopped: the worker is replaced and the next render works', async () => {
    // ?deadline= shortens the page's deadline below the runtime's own budgets, so the loop
    // overruns it before LIMIT_STEPS can stop it
    await page.goto(`${site.base}/playground/?deadline=300`);
    await page.waitForSelector('#playground[data-ready="true"]');
    await setEditor(page, 'pg-data', '{}');
    const restarts = Number(await page.getAttribute('#playground', 'data-restarts'));
    await setEditor(
      page,
      'pg-template',
      '{section name=i loop=1000000000}{$smarty.section.i.index|md5}{/section}',
    );
    // waits for this template's outcome: the run the data edit started may still finish first (on a
    // loaded machine it did), and it renders
    await page.waitForFunction(
      () => document.getElementById('pg-status')?.textContent === 'stopped after 0.3 s',
      null,
      { timeout: 20_000 },
    );
    assert.match(await page.textContent('#pg-diagnostics'), /ran past the playground's 0\.3 s deadline/);
    assert.match(await page.textContent('#pg-timings'), /stopped after: \d+/);
    assert.equal(Number(await page.getAttribute('#playground', 'data-restarts')), restarts + 1);
    const before = await runs(page);
    await setEditor(page, 'pg-template', 'after {$smarty.const.SITE_KEY}');
    await nextRun(page, before);
    assert.match(await page.textContent('#pg-output'), /^after \S+/);
  });

  it('the timings pane shows compile and render times', async () => {
    await openPlayground(page, site.base);
    const before = await runs(page);
    await setEditor(page, 'pg-template', '{$x|default:"a"}');
    await nextRun(page, before);
    const timings = await page.textContent('#pg-timings');
    assert.match(timings, /compile: [\d.]+ ms/);
    assert.match(timings, /render: [\d.]+ ms/);
  });

  it('keeps a draft: a reload restores template, data and context; a share link wins over it', async () => {
    await openPlayground(page, site.base);
    await page.selectOption('#pg-context', 'post');
    await setEditor(page, 'pg-data', '{"json":{"n":1}}');
    const before = await runs(page);
    await setEditor(page, 'pg-template', '{assign var=processed_json value=$json.n}draft ✓');
    await nextRun(page, before);
    const link = page.url();
    // a fresh visit without the fragment: the draft comes back
    await page.goto('about:blank');
    await openPlayground(page, site.base);
    assert.equal(
      await page.textContent('#pg-template .cm-content'),
      '{assign var=processed_json value=$json.n}draft ✓',
    );
    assert.equal(await page.textContent('#pg-data .cm-content'), '{"json":{"n":1}}');
    assert.equal(await page.inputValue('#pg-context'), 'post');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'draft ✓');
    // the draft moves on; the old link still opens what it holds
    await setEditor(page, 'pg-template', 'newer draft');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'newer draft');
    await page.goto('about:blank');
    await page.goto(link);
    await page.waitForSelector('#playground[data-ready="true"]');
    assert.equal(
      await page.textContent('#pg-template .cm-content'),
      '{assign var=processed_json value=$json.n}draft ✓',
    );
  });

  it('copies a link that opens the same state, and says so', async () => {
    await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
    await openPlayground(page, site.base);
    const before = await runs(page);
    await setEditor(page, 'pg-template', 'copied {$n}');
    await setEditor(page, 'pg-data', '{"n": 7}');
    await nextRun(page, before);
    await page.click('#pg-copy');
    await page.waitForFunction(
      () => document.getElementById('pg-copy-status')?.textContent === 'Link copied',
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /\/playground\/#src=[\w-]+&data=[\w-]+&ctx=\w+$/);
    await page.goto('about:blank');
    await page.goto(copied);
    await page.waitForSelector('#playground[data-ready="true"]');
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'copied 7');
  });

  it('without the Clipboard API the link is copied with the fallback or shown selected', async () => {
    await openPlayground(page, site.base);
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await page.click('#pg-copy');
    await page.waitForFunction(() => document.getElementById('pg-copy-status')?.textContent !== '');
    const said = await page.textContent('#pg-copy-status');
    if (said === 'Link copied') assert.equal(await page.isHidden('#pg-link'), true);
    else {
      assert.equal(said, 'Copy the selected link');
      assert.match(await page.inputValue('#pg-link'), /#src=/);
    }
  });

  it('the Example label follows edits: Custom once edited, the example again when it matches', async () => {
    await openPlayground(page, site.base);
    await page.selectOption('#pg-example', 'loop');
    assert.equal(await page.inputValue('#pg-example'), 'loop');
    await page.click('#pg-template .cm-content');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('!');
    assert.equal(await page.inputValue('#pg-example'), 'custom');
    assert.equal(await page.$eval('#pg-example', (s) => s.selectedOptions[0].textContent), 'Custom');
    await page.keyboard.press('Backspace');
    assert.equal(await page.inputValue('#pg-example'), 'loop');
    await page.selectOption('#pg-context', 'pre');
    assert.equal(await page.inputValue('#pg-example'), 'custom');
  });

  it('the editors follow the dark theme, gutters included, and the light one again', async () => {
    const colours = () =>
      page.evaluate(() => {
        const gutter = document.querySelector('#pg-template .cm-gutters');
        const editor = document.querySelector('#pg-template .cm-editor');
        // Starlight's colour for the same surface, resolved by the browser
        const probe = document.createElement('div');
        probe.style.background = 'var(--sl-color-bg-nav)';
        document.body.append(probe);
        const expected = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return {
          theme: document.documentElement.dataset.theme,
          gutter: getComputedStyle(gutter).backgroundColor,
          editor: getComputedStyle(editor).backgroundColor,
          expected,
        };
      });
    /** relative luminance of `rgb(r, g, b)` */
    const lum = (rgb) => {
      const [r, g, b] = rgb.match(/[\d.]+/g).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPlayground(page, site.base);
    const dark = await colours();
    await page.screenshot({ path: join(site.shotDir, 'playground-dark.png'), fullPage: true });
    assert.equal(dark.theme, 'dark');
    assert.equal(dark.gutter, dark.expected);
    assert.equal(dark.editor, dark.expected);
    assert.ok(lum(dark.gutter) < 0.25, `dark gutter ${dark.gutter}`);
    await page.emulateMedia({ colorScheme: 'light' });
    await openPlayground(page, site.base);
    const light = await colours();
    assert.equal(light.theme, 'light');
    assert.equal(light.gutter, light.expected);
    assert.ok(lum(light.gutter) > 0.75, `light gutter ${light.gutter}`);
  });

  it('serves the favicon and a 404 page in the site frame', async () => {
    const icon = await fetch(`${site.base}/favicon.svg`);
    assert.equal(icon.status, 200);
    assert.match(await icon.text(), /<svg/);
    await page.goto(`${site.base}/`);
    assert.equal(
      await page.getAttribute('link[rel="shortcut icon"], link[rel="icon"]', 'href'),
      '/favicon.svg',
    );
    const missing = await page.goto(`${site.base}/no/such/page/`);
    assert.equal(missing.status(), 404);
    assert.match(await page.textContent('main'), /not part of the Sumi docs/);
  });

  it("the performance page's table of contents lists the results' sections", async () => {
    if (!existsSync(join(repoRoot, 'bench/results/latest.md'))) return;
    await page.goto(`${site.base}/performance/`);
    const entries = await page.$$eval('starlight-toc a', (as) => as.map((a) => a.getAttribute('href')));
    assert.ok(entries.length > 3, `toc: ${entries.join(' ')}`);
    // every entry leads to a heading of the page
    for (const href of entries.filter((h) => h !== '#_top')) {
      assert.equal(await page.locator(href.replace(/^#/, '[id="') + '"]').count(), 1, href);
    }
  });

  it('Japanese text uses the bundled Noto Sans JP where the system has no Japanese font', async () => {
    await openPlayground(page, site.base);
    const before = await runs(page);
    await setEditor(page, 'pg-template', 'こんにちは、墨の世界');
    await nextRun(page, before);
    await page.waitForFunction(
      () => document.getElementById('pg-output')?.textContent === 'こんにちは、墨の世界',
    );
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.includes('Noto Sans JP') && f.status === 'loaded')
        .length;
    });
    // only the slices of Unicode the page shows are fetched
    const all = await page.evaluate(
      () => [...document.fonts].filter((f) => f.family.includes('Noto Sans JP')).length,
    );
    assert.ok(loaded >= 1 && loaded < all, `${loaded} of ${all} Noto Sans JP slices loaded`);
  });

  it('shows the output as HTML in a sandboxed frame that runs no script', async () => {
    await openPlayground(page, site.base);
    await setEditor(page, 'pg-data', '{"name":"墨"}');
    const before = await runs(page);
    await setEditor(
      page,
      'pg-template',
      '<p id="hello">Hello {$name}</p><script>document.body.dataset.ran = "yes"; parent.document.title = "ran";</script>',
    );
    await nextRun(page, before);
    await page.check('input[name="pg-view"][value="html"]');
    assert.equal(await page.getAttribute('#pg-html', 'sandbox'), '');
    assert.equal(await page.isVisible('#pg-html'), true);
    assert.equal(await page.isHidden('#pg-output'), true);
    const frame = page.frameLocator('#pg-html');
    assert.equal(await frame.locator('#hello').textContent(), 'Hello 墨');
    assert.equal(await frame.locator('body').getAttribute('data-ran'), null);
    assert.notEqual(await page.title(), 'ran');
    await page.check('input[name="pg-view"][value="text"]');
    assert.match(await page.textContent('#pg-output'), /^<p id="hello">Hello 墨<\/p><script>/);
  });

  it('lists what the fakes received: mail and chat as would-have-been-sent, HTTP calls and the API log', async () => {
    await openPlayground(page, site.base);
    await page.selectOption('#pg-example', 'calls');
    await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state === 'ok');
    const fakes = await page.textContent('#pg-fakes');
    assert.match(fakes, /would have been sent: from noreply@example.com to team@example.com, “Stock report”/);
    assert.match(fakes, /All inks in stock\./);
    assert.match(fakes, /would have been sent: POST chat\.postMessage[\s\S]*在庫レポートを送りました/);
    assert.match(fakes, /GET https:\/\/api\.example\.com\/items/);
    assert.match(fakes, /api_internal: GET \/rcms-api\/1\/news/);
    const apiLog = await page.textContent('#pg-apilog');
    assert.match(apiLog, /api GET https:\/\/api\.example\.com\/items → 200/);
    assert.match(await page.textContent('#pg-log'), /API_CALL/);
  });

  it('edited fake API responses answer the next render', async () => {
    await openPlayground(page, site.base);
    await setEditor(page, 'pg-data', '{}');
    let before = await runs(page);
    await setEditor(
      page,
      'pg-template',
      '{api endpoint="https://api.example.com/items" json_var=r}{$r.items[0].name}',
    );
    await nextRun(page, before);
    assert.equal(await page.textContent('#pg-output'), 'tea');
    await page.click('#pg-routes-fold > summary');
    before = await runs(page);
    await setEditor(
      page,
      'pg-routes',
      '{ "GET https://api.example.com/items*": { "json": { "items": [{ "id": 9, "name": "matcha" }] } } }',
    );
    await nextRun(page, before);
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'matcha');
    assert.match(await page.textContent('#pg-routes-status'), /next render uses/);
    await setEditor(page, 'pg-routes', '{ "GET https://api.example.com/items*": ');
    assert.match(await page.textContent('#pg-routes-status'), /^not used:/);
  });

  it('the site files pane shows the example site; an edit is what the next render reads, and renders update it', async () => {
    await openPlayground(page, site.base);
    await page.click('#pg-site > summary');
    await page.click('#pg-tree button[data-path="files/ltd/prices.csv"]');
    assert.equal(await page.inputValue('#pg-file-text'), 'code,price\nA-1,100\nB-2,250\n');
    await page.fill('#pg-file-text', 'code,price\nZ-9,999\n');
    await setEditor(page, 'pg-data', '{}');
    let before = await runs(page);
    await page.click('#pg-file-save');
    await setEditor(
      page,
      'pg-template',
      '{read_file path="/files/ltd/prices.csv" type=csv row=r}{$r.0}={$r.1};{/read_file}',
    );
    await nextRun(page, before);
    await page.waitForFunction(
      () => document.getElementById('pg-output')?.textContent === 'code=price;Z-9=999;',
    );
    // a render that writes a file: the tree lists it
    before = await runs(page);
    await setEditor(
      page,
      'pg-template',
      '{write_file var=p value="from a render"}{put_file tmp_path=$p path="/files/user/made.txt"}',
    );
    await nextRun(page, before);
    await page.click('#pg-tree button[data-path="files/user/made.txt"]');
    assert.equal(await page.inputValue('#pg-file-text'), 'from a render');
    // a new file, then deleting it
    await page.fill('#pg-file-new-path', 'files/user/new.txt');
    await page.click('#pg-file-new button[type="submit"]');
    await page.fill('#pg-file-text', 'brand new');
    await page.click('#pg-file-save');
    before = await runs(page);
    await setEditor(page, 'pg-template', '{read_file path="/files/user/new.txt" row=l}{$l}{/read_file}');
    await nextRun(page, before);
    await page.waitForFunction(() => document.getElementById('pg-output')?.textContent === 'brand new');
    await page.click('#pg-file-delete');
    assert.equal(await page.locator('#pg-tree button[data-path="files/user/new.txt"]').count(), 0);
    await page.screenshot({ path: join(site.shotDir, 'playground-panes.png'), fullPage: true });
  });

  it('the gallery has every plugin group and real-world batch, endpoint and trigger examples, and each renders', async () => {
    await openPlayground(page, site.base);
    const sections = await page.$$eval('#pg-example optgroup', (gs) => gs.map((g) => g.label));
    assert.deepEqual(sections, ['Basics', 'Plugin groups', 'Real world']);
    const ids = await page.$$eval('#pg-example option:not([disabled])', (os) => os.map((o) => o.value));
    for (const id of ids) {
      const before = await runs(page);
      await page.selectOption('#pg-example', id);
      await nextRun(page, before);
      await page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state !== 'busy');
      assert.equal(
        await page.getAttribute('#pg-status', 'data-state'),
        'ok',
        `example ${id}: ${await page.textContent('#pg-diagnostics')}`,
      );
      assert.notEqual(await page.textContent('#pg-example-desc'), '', id);
    }
    const expect = {
      'batch-report': ['#pg-result', '"2026-10: 3 orders, 2,000 yen"'],
      endpoint: ['#pg-result', '{\n  "data": {\n    "code": "B-2",\n    "price": 250\n  }\n}'],
      trigger: [
        '#pg-result',
        '{\n  "row": {\n    "subject": "Autumn Ink Sale",\n    "slug": "autumn-ink-sale"\n  }\n}',
      ],
    };
    for (const [id, [pane, text]] of Object.entries(expect)) {
      const before = await runs(page);
      await page.selectOption('#pg-example', id);
      await nextRun(page, before);
      assert.equal(await page.textContent(pane), text, id);
    }
  });

  it('no uncaught errors in the pages', () => {
    assert.deepEqual(site.pageErrors, []);
  });
});

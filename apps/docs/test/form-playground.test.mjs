// The form playground in Chromium, against the built site (test/site-harness.mjs): the page loads, an
// example renders its form, an edit reaches the value pane, a bad value shows an error, schema completion
// offers the CMS's keywords, and the share link restores schema and value.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openSite } from './site-harness.mjs';

describe('form playground in Chromium', { timeout: 600_000 }, () => {
  let site;
  let page;

  before(async () => {
    site = await openSite();
    page = site.page;
    await page.goto(`${site.base}/form-playground/`);
    await page.waitForSelector('#form-playground[data-ready="true"]', { timeout: 30_000 });
  });

  after(async () => {
    await site?.close();
  });

  const value = async () => JSON.parse(await page.locator('#fp-value').textContent());
  const errors = () => page.locator('#fp-errors li').allTextContents();
  const form = () => page.locator('#fp-host');

  /** Replace the schema editor's text as a paste would. */
  async function setSchema(text) {
    await page.click('#fp-schema .cm-content');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
    await page.keyboard.press('Escape');
  }

  it('loads with the first example: every control, no page errors', async () => {
    assert.equal(await page.locator('#fp-example').inputValue(), 'controls');
    const controls = await form()
      .locator('[data-control]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-control')));
    for (const c of [
      'text',
      'select',
      'date',
      'datetime',
      'file',
      'html',
      'textarea',
      'number',
      'number-select',
      'checkbox',
      'comma-list',
      'multi-select',
      'json',
    ]) {
      assert.ok(controls.includes(c), `${c} in ${controls}`);
    }
    // the rich-text editor loaded (lazily) and shows the example's HTML
    await page.getByRole('textbox', { name: 'Body' }).waitFor({ timeout: 20_000 });
    assert.equal((await value()).title, 'Spring campaign');
    assert.deepEqual(await errors(), ['No errors.']);
    assert.deepEqual(site.pageErrors, []);
  });

  it('editing a field updates the value pane; a bad value shows an error in the pane and, once left, in the form', async () => {
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Autumn campaign');
    assert.equal((await value()).title, 'Autumn campaign');
    await page.getByRole('spinbutton', { name: 'Price' }).fill('-5');
    assert.equal((await value()).price, -5);
    assert.deepEqual(await errors(), ['/price minimum Enter 0 or more.']);
    await page.keyboard.press('Tab');
    const price = page.getByRole('spinbutton', { name: 'Price' });
    await page.waitForFunction(
      () => document.querySelector('#fp-host [aria-invalid="true"]') !== null,
      null,
      { timeout: 5_000 },
    );
    const described = await price.evaluate((el) =>
      el
        .getAttribute('aria-describedby')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(''),
    );
    assert.equal(described, 'Enter 0 or more.');
    // in Japanese, the same error
    await page.locator('#fp-locale').selectOption('ja');
    await page.waitForFunction(() => document.querySelector('#fp-errors')?.textContent?.includes('0以上'));
    // the eval-free validator gives the same error; the form is rebuilt with the value kept
    await page.locator('#fp-validator').selectOption('strict-csp');
    await page.waitForFunction(() =>
      document.querySelector('#fp-errors')?.textContent?.includes('/price minimum'),
    );
    assert.deepEqual(await errors(), ['/price minimum 0以上の値を入力してください。']);
    assert.equal((await value()).title, 'Autumn campaign');
  });

  it('the file field uses the stand-in file manager', async () => {
    await page.getByRole('button', { name: /Thumbnail/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '/files/user/docs/catalogue-2024.pdf' }).click();
    // The file manager answers with a promise: the value pane follows a moment after the click.
    await page.waitForFunction(
      () => document.querySelector('#fp-value')?.textContent?.includes('catalogue-2024.pdf'),
      null,
      { timeout: 5_000 },
    );
    assert.equal((await value()).thumbnail, '/files/user/docs/catalogue-2024.pdf');
    assert.equal(
      await form().locator('a.sjf-preview').first().getAttribute('href'),
      '/files/user/docs/catalogue-2024.pdf',
    );
  });

  it('the four-level example falls back to a JSON textarea with its notice', async () => {
    await page.locator('#fp-example').selectOption('too-deep');
    await form().locator('.sjf-card').first().waitFor();
    assert.equal(await form().locator('.sjf-card').count(), 2);
    assert.equal(await form().locator('.sjf-card [data-control="json"] .sjf-notice').count(), 2);
  });

  it('schema completion offers the CMS keywords and format values', async () => {
    await setSchema('{\n  "type": "object",\n  "properties": {\n    "a": {\n      \n    }\n  }\n}');
    // into the empty object of "a"
    await page.click('#fp-schema .cm-content');
    await page.keyboard.press('ControlOrMeta+Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type('"enumN');
    await page.waitForSelector('.cm-tooltip-autocomplete li', { timeout: 10_000 });
    const labels = await page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents();
    assert.ok(labels.includes('enumNames'), JSON.stringify(labels));
    await page.keyboard.press('Escape');
    await setSchema('{"type": "object", "properties": {"a": {"type": "string", "format": "');
    await page.keyboard.press('ControlOrMeta+Space');
    await page.waitForSelector('.cm-tooltip-autocomplete li', { timeout: 10_000 });
    const formats = await page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents();
    for (const f of ['date', 'date-time', 'file-manager', 'html', 'textarea'])
      assert.ok(formats.includes(f), JSON.stringify(formats));
    await page.keyboard.press('Escape');
  });

  it('the share link restores schema and value', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', minLength: 1 },
        when: { type: 'string', title: 'When', format: 'date' },
      },
    };
    await setSchema(JSON.stringify(schema, null, 2));
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('名前 & more');
    await page.getByLabel('When').fill('2025-02-03');
    assert.deepEqual(await value(), { name: '名前 & more', when: '2025-02-03' });
    await page.locator('#fp-share').click();
    await page.waitForFunction(() => document.querySelector('#fp-status')?.textContent !== '');
    const link = page.url();
    assert.match(link, /#schema=/);

    const other = await page.context().newPage();
    await other.goto(link);
    await other.waitForSelector('#form-playground[data-ready="true"]', { timeout: 30_000 });
    assert.deepEqual(JSON.parse(await other.locator('#fp-value').textContent()), {
      name: '名前 & more',
      when: '2025-02-03',
    });
    assert.equal(await other.getByRole('textbox', { name: 'Name' }).inputValue(), '名前 & more');
    const restored = await other.locator('#fp-schema .cm-content').textContent();
    assert.deepEqual(JSON.parse(restored), schema);
    assert.equal(await other.locator('#fp-locale').inputValue(), 'ja'); // the language chosen earlier
    await other.close();
  });
});

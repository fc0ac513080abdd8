/// <reference types="node" />
// The whole form in Debian's Chromium, driven by playwright-core: real focus, real keyboard, real
// <dialog>, real time zones and a real Content-Security-Policy header. The page is served from a local
// node:http server, its script bundled from src with esbuild. No skip: `pnpm test` installs Chromium
// first (scripts/ensure-chromium.mjs), and a missing browser is a failure, not a pass.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FormError, JsonSchema } from '../../src/index';
import { bundlePage, launchChromium } from './page.mjs';

declare global {
  interface Window {
    formTest: {
      mount(options: Record<string, unknown>): Promise<void>;
      value(): unknown;
      setValue(v: unknown): void;
      validate(): Promise<FormError[]>;
      alerts: string[];
      changes: number;
      submits: number;
    };
    evalBlocked: boolean;
    violations: string[];
  }
}

/** The page's side: createForm on #host inside a <form>, recording alerts, changes and submits that got through. */
const pageEntry = `
import { createForm } from './src/index.ts';
window.evalBlocked = (() => { try { return new Function('return 1')() !== 1; } catch { return true; } })();
window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective));
let form;
const t = (window.formTest = {
  alerts: [], changes: 0, submits: 0,
  // In a task of the page's own: code run by page.evaluate is exempt from the CSP's eval rule.
  mount: (options) => new Promise((done) => setTimeout(() => {
    form?.destroy();
    t.alerts = [];
    form = createForm(document.getElementById('host'), {
      ...options,
      alert: (m) => t.alerts.push(m),
      onChange: () => t.changes++,
    });
    done();
  })),
  value: () => form.getValue(),
  setValue: (v) => form.setValue(v),
  validate: () => new Promise((done) => setTimeout(() => done(form.validate()))),
});
// Bubbling to the document, this runs after the form's own submit listener: a submit it let through.
document.addEventListener('submit', (e) => {
  if (!e.defaultPrevented) t.submits++;
  e.preventDefault();
});
`;

const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>form</title>
<body><form id="f"><div id="host"></div><button type="submit">Save</button></form>
<script type="module" src="/form.js"></script></body></html>`;

/** `/` plain, `/csp` under `script-src 'self'` (no 'unsafe-eval'), `/form.js` the bundle. */
function serve(bundle: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/form.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(bundle);
    }
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (req.url === '/csp') headers['content-security-policy'] = "script-src 'self'";
    if (req.url !== '/' && req.url !== '/csp') return res.writeHead(404).end();
    res.writeHead(200, headers);
    res.end(html);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

const people: JsonSchema = {
  type: 'array',
  title: 'People',
  minItems: 1,
  maxItems: 3,
  items: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      born: { type: 'string', format: 'date', title: 'Born' },
    },
  },
};
const schema: JsonSchema = {
  type: 'object',
  required: ['people'],
  properties: {
    title: { type: 'string', title: 'Title', minLength: 1 },
    count: { type: 'integer', title: 'Count', nullable: false },
    people,
  },
};

describe('the form in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await serve(await bundlePage(pageEntry));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => server?.close(ok));
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function open(path = '/', options: { timezoneId?: string } = {}) {
    context = await browser.newContext(options);
    page = await context.newPage();
    await page.goto(origin + path);
    await page.waitForFunction(() => window.formTest !== undefined);
  }
  const mount = (options: Record<string, unknown>) => page.evaluate((o) => window.formTest.mount(o), options);
  const value = () => page.evaluate(() => window.formTest.value()) as Promise<any>;
  const alerts = () => page.evaluate(() => window.formTest.alerts);
  const cardNames = () =>
    page
      .locator('.sjf-card input[type="text"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  const live = () => page.locator('.sjf-live').textContent();
  /** The text of the elements a control's aria-describedby points at. */
  const describedBy = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join('|'),
    );

  test('cards: add, move and delete with the buttons; focus stays on the button used', async () => {
    await open();
    await mount({ schema, locale: 'en', value: { people: [{ name: 'A' }, { name: 'B' }] } });
    await page.getByRole('button', { name: 'Add an item to People after item 1' }).click();
    expect(await cardNames()).toEqual(['A', '', 'B']);
    expect((await value()).people).toEqual([{ name: 'A' }, { name: '', born: '' }, { name: 'B' }]);
    // the new card's first field has the focus, and the move was announced
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('.sjf-card')?.querySelector('h3')?.textContent,
      ),
    ).toBe('Item 2');
    expect(await live()).toBe('People: item 2 added.');

    await page.getByRole('button', { name: 'Move item 3 of People up' }).click();
    expect(await cardNames()).toEqual(['A', 'B', '']);
    expect((await value()).people.map((p: any) => p.name)).toEqual(['A', 'B', '']);
    expect(await focusedLabel()).toBe('Move item 2 of People up'); // the same button, renamed
    expect(await live()).toBe('People: item 3 moved to position 2.');
    await page.keyboard.press('Enter'); // the focused button again: B goes to the top
    expect(await cardNames()).toEqual(['B', 'A', '']);
    // at the top its Up button is disabled, so the focus went to its Down button
    expect(await focusedLabel()).toBe('Move item 1 of People down');
    expect(await page.getByRole('button', { name: 'Move item 1 of People up' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Delete item 2 of People' }).click();
    expect(await cardNames()).toEqual(['B', '']);
    expect((await value()).people).toEqual([{ name: 'B' }, { name: '', born: '' }]);
    expect(await focusedLabel()).toBe('Delete item 2 of People'); // the card that took its place
    expect(await live()).toBe('People: item 2 deleted.');
    // every repeated button has a name of its own
    const names = await page
      .locator('.sjf-form button')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(names.length);
  }, 30_000);

  test('cards: Alt+↑/↓ inside a card moves it and the focus stays in the field', async () => {
    await open();
    await mount({ schema, locale: 'en', value: { people: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] } });
    const c = page.locator('.sjf-card').nth(2).getByRole('textbox', { name: 'Name' });
    await c.click();
    await page.keyboard.press('Alt+ArrowUp');
    expect(await cardNames()).toEqual(['A', 'C', 'B']);
    await page.keyboard.press('Alt+ArrowUp');
    expect(await cardNames()).toEqual(['C', 'A', 'B']);
    await page.keyboard.press('Alt+ArrowUp'); // already first: nothing
    expect(await cardNames()).toEqual(['C', 'A', 'B']);
    expect((await value()).people.map((p: any) => p.name)).toEqual(['C', 'A', 'B']);
    // still typing into the same field
    await page.keyboard.type('!');
    expect((await value()).people[0].name).toBe('C!');
    await page.keyboard.press('Alt+ArrowDown');
    expect(await cardNames()).toEqual(['A', 'C!', 'B']);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('C!');
    expect(await live()).toBe('People: item 1 moved to position 2.');
  }, 30_000);

  test('cards: maxItems and minItems alert through the hook and change nothing', async () => {
    await open();
    await mount({ schema, locale: 'en', value: { people: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] } });
    const before = await value();
    await page.getByRole('button', { name: 'Add an item to People after item 3' }).click();
    expect(await alerts()).toEqual(['People can have at most 3 items.']);
    expect(await value()).toEqual(before);
    expect(await page.locator('.sjf-card').count()).toBe(3);

    await page.getByRole('button', { name: 'Delete item 1 of People' }).click();
    await page.getByRole('button', { name: 'Delete item 1 of People' }).click();
    expect(await cardNames()).toEqual(['C']);
    await page.getByRole('button', { name: 'Delete item 1 of People' }).click();
    expect(await alerts()).toEqual(['People can have at most 3 items.', 'People needs at least 1 item.']);
    expect((await value()).people).toEqual([{ name: 'C' }]);
    expect(await page.locator('.sjf-card').count()).toBe(1);

    await mount({ schema, locale: 'ja', value: { people: [{ name: 'A' }] } });
    await page.getByRole('button', { name: 'Peopleの項目 1 を削除' }).click();
    expect(await alerts()).toEqual(['Peopleは最低 1 件必要です。']);
  }, 30_000);

  test('JSON Preview: a read-only modal of the current value, closed with Esc', async () => {
    await open();
    await mount({ schema, locale: 'en', value: { people: [{ name: 'A', extra: 1 }] } });
    await page.locator('.sjf-card').getByRole('textbox', { name: 'Name' }).fill('Ann');
    await page.getByRole('button', { name: 'JSON Preview of People' }).click();
    const dialog = page.getByRole('dialog', { name: 'JSON Preview of People' });
    await dialog.waitFor();
    expect(JSON.parse((await dialog.locator('pre').textContent()) ?? '')).toEqual([
      { name: 'Ann', extra: 1 },
    ]);
    // modal: the page behind is inert; read-only: nothing in it can be edited
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog.locator('input, textarea, select, [contenteditable]').count()).toBe(0);
    await dialog.locator('pre').click();
    await page.keyboard.type('xyz');
    expect(JSON.parse((await dialog.locator('pre').textContent()) ?? '')).toEqual([
      { name: 'Ann', extra: 1 },
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await value()).people).toEqual([{ name: 'Ann', extra: 1 }]);
  }, 30_000);

  const checked: JsonSchema = {
    type: 'object',
    properties: {
      title: { type: 'string', title: 'Title', minLength: 1 },
      code: {
        type: 'string',
        title: 'Code',
        pattern: '^[A-Z]+$',
        errorMessage: { pattern: { ja: '大文字で入力してください。', en: 'Use capitals.' } },
      },
      count: { type: 'integer', title: 'Count', nullable: false, maximum: 10 },
    },
  };
  for (const [locale, custom, required, maximum] of [
    ['en', 'Use capitals.', 'This field is required.', 'Enter 10 or less.'],
    ['ja', '大文字で入力してください。', '入力してください。', '10以下の値を入力してください。'],
  ] as const) {
    test(`validation messages in ${locale}: after blur, then all on submit, tied with aria-describedby`, async () => {
      await open();
      await mount({ schema: checked, locale, value: { code: 'OK' } });
      const title = page.getByRole('textbox', { name: 'Title' });
      const code = page.getByRole('textbox', { name: 'Code' });
      const count = page.getByRole('spinbutton', { name: 'Count' });
      await code.fill('abc');
      expect(await describedBy(code)).toBe(''); // not while typing
      await page.keyboard.press('Tab'); // leaves Code for Count
      await expect.poll(() => describedBy(code)).toBe(custom);
      expect(await code.getAttribute('aria-invalid')).toBe('true');
      // Title and Count are empty, but neither was left yet
      expect(await describedBy(title)).toBe('');
      expect(await describedBy(count)).toBe('');

      // Count has the focus: leaving it for Save must not shift Save away before the click lands
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => describedBy(count)).toBe(required);
      expect(await describedBy(title)).toBe(required);
      expect(await count.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => window.formTest.submits)).toBe(0);
      // the focus went to the first field in error
      expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);

      await count.fill('11');
      await expect.poll(() => describedBy(count)).toBe(maximum);
      await title.fill('Hello');
      await code.fill('ABC');
      await count.fill('4');
      await expect.poll(() => describedBy(count)).toBe('');
      expect(await title.getAttribute('aria-invalid')).toBe('false');
      expect(await code.getAttribute('aria-invalid')).toBe('false');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.evaluate(() => window.formTest.submits)).toBe(1);
      expect(await value()).toEqual({ title: 'Hello', code: 'ABC', count: 4 });
    }, 30_000);
  }

  test('date-time in a non-UTC zone: shown in wall time, stored with an explicit offset, round-tripped', async () => {
    await open('/', { timezoneId: 'America/New_York' });
    const when: JsonSchema = {
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time', title: 'When' } },
    };
    await mount({ schema: when, locale: 'en', value: { when: '2024-05-01T10:30:15+09:00' } });
    const input = page.getByLabel('When', { exact: true });
    expect(await input.inputValue()).toBe('2024-04-30T21:30:15');
    expect(await page.locator('.sjf-zone').textContent()).toMatch(/^America\/New_York \(UTC-0[45]:00\)$/);
    expect((await value()).when).toBe('2024-05-01T10:30:15+09:00'); // not rewritten until edited

    await input.fill('2024-12-24T18:15:30'); // winter: EST
    expect((await value()).when).toBe('2024-12-24T18:15:30-05:00');
    await input.fill('2024-07-04T09:00:45'); // summer: EDT
    expect((await value()).when).toBe('2024-07-04T09:00:45-04:00');
    await page.evaluate(() => window.formTest.setValue(window.formTest.value()));
    expect(await input.inputValue()).toBe('2024-07-04T09:00:45');
    expect((await value()).when).toBe('2024-07-04T09:00:45-04:00');

    // a configured zone wins over the browser's
    await mount({
      schema: when,
      locale: 'en',
      timezone: 'Asia/Tokyo',
      value: { when: '2024-07-04T09:00:45-04:00' },
    });
    expect(await input.inputValue()).toBe('2024-07-04T22:00:45');
    await input.fill('2024-07-04T22:00:50');
    expect((await value()).when).toBe('2024-07-04T22:00:50+09:00');
    expect(await page.locator('.sjf-zone').textContent()).toBe('Asia/Tokyo (UTC+09:00)');
  }, 30_000);

  test('an html field in Markdown mode: Markdown stored, live preview', async () => {
    await open();
    const md: JsonSchema = {
      type: 'object',
      properties: {
        body: { type: 'string', title: 'Body', format: 'html', format_options: { use_markdown: '1' } },
      },
    };
    await mount({ schema: md, locale: 'en', value: { body: '# Title' } });
    const source = page.getByRole('textbox', { name: 'Body (Markdown)' });
    expect(await source.inputValue()).toBe('# Title');
    await source.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\nSome **bold** text');
    expect((await value()).body).toBe('# Title\n\nSome **bold** text');
    const preview = page.getByRole('region', { name: 'Preview' });
    expect(await preview.locator('h1').textContent()).toBe('Title');
    expect(await preview.locator('strong').textContent()).toBe('bold');
  }, 30_000);

  test('clear to null on a nullable field; emptying saves null only where null is allowed', async () => {
    await open();
    const nullable: JsonSchema = {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'], title: 'Note' },
        size: { type: 'integer', title: 'Size', nullable: true },
        plain: { type: 'string', title: 'Plain' },
      },
    };
    await mount({ schema: nullable, locale: 'en', value: { note: 'x', size: 3, plain: 'y' } });
    const clear = page.getByRole('button', { name: 'Clear Note (set to null)' });
    await clear.click();
    expect(await value()).toEqual({ note: null, size: 3, plain: 'y' });
    expect(await page.getByRole('textbox', { name: 'Note' }).inputValue()).toBe('');
    expect(await clear.isDisabled()).toBe(true);
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-path]')?.getAttribute('data-path')),
    ).toBe('/note');

    await page.getByRole('textbox', { name: 'Note' }).fill('again');
    expect((await value()).note).toBe('again');
    expect(await clear.isDisabled()).toBe(false);
    await page.getByRole('spinbutton', { name: 'Size' }).fill('');
    await page.getByRole('textbox', { name: 'Plain' }).fill('');
    expect(await value()).toEqual({ note: 'again', size: null, plain: '' });
    expect(await page.getByRole('button', { name: /Clear Plain/ }).count()).toBe(0); // not nullable
  }, 30_000);

  test("strict CSP: under script-src 'self' the strict-csp validator works and ajv is refused", async () => {
    await open('/csp');
    expect(await page.evaluate(() => window.evalBlocked)).toBe(true); // the header is in force
    await expect.poll(() => page.evaluate(() => window.violations)).toEqual(['script-src']); // that probe's
    await page.evaluate(() => {
      window.violations = [];
    });

    await mount({ schema, locale: 'en', validator: 'strict-csp', value: { title: '', people: [] } });
    const errors = await page.evaluate(() => window.formTest.validate());
    expect(errors.map((e) => `${e.path} ${e.keyword}`).sort()).toEqual([
      '/count required',
      '/people minItems',
      '/title required', // an empty string where one is required reads as missing
    ]);
    expect(await describedBy(page.getByRole('textbox', { name: 'Title' }))).toBe('This field is required.');
    await page.getByRole('textbox', { name: 'Title' }).fill('ok');
    await page.getByRole('spinbutton', { name: 'Count' }).fill('1');
    await page.getByRole('button', { name: 'Add the first item to People' }).click();
    expect(await page.evaluate(() => window.formTest.validate())).toEqual([]);
    expect(await page.evaluate(() => window.violations)).toEqual([]);

    // ajv compiles with new Function: the page refuses it, and validate() says so instead of passing
    await mount({ schema, locale: 'en', validator: 'ajv', value: { title: '' } });
    const refused = await page.evaluate(() =>
      window.formTest.validate().then(
        () => 'passed',
        (e: Error) => `${e.name}: ${e.message}`,
      ),
    );
    expect(refused).toMatch(/^EvalError: .*unsafe-eval/);
    expect(await page.evaluate(() => window.violations)).toContain('script-src');
  }, 30_000);

  test('lossless: form → raw JSON (buildUi: false) → form keeps every key, unknown ones too', async () => {
    await open();
    const start = {
      title: 'T',
      count: 2,
      people: [{ name: 'A', born: '2000-01-02', badge: { id: 7 } }],
      unknown: { deep: [1, { x: null }] },
    };
    await mount({ schema, locale: 'en', value: start });
    await page.getByRole('textbox', { name: 'Title' }).fill('T2');
    const afterForm = await value();
    expect(afterForm).toEqual({ ...start, title: 'T2' });

    await mount({ schema, locale: 'en', buildUi: false, value: afterForm });
    const raw = page.locator('textarea.sjf-json');
    expect(await page.locator('.sjf-form input').count()).toBe(0); // a JSON editor only
    expect(JSON.parse(await raw.inputValue())).toEqual(afterForm);
    const edited = { ...afterForm, people: [...afterForm.people, { name: 'B', more: true }], added: 'k' };
    await raw.fill(JSON.stringify(edited, null, 2));
    expect(await value()).toEqual(edited);

    await mount({ schema, locale: 'en', value: await value() });
    expect(await cardNames()).toEqual(['A', 'B']);
    await page.locator('.sjf-card').nth(1).getByRole('textbox', { name: 'Name' }).fill('Bea');
    await page.getByRole('button', { name: 'Move item 2 of People up' }).click();
    expect(await value()).toEqual({
      ...edited,
      people: [{ name: 'Bea', more: true }, edited.people[0]],
    });
  }, 30_000);
});

/// <reference types="node" />
// The built-in editor in Debian's Chromium, driven by playwright-core: real typing, real selection,
// real shadow DOM. The adapter is bundled with esbuild and loaded into a blank page.
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { bundlePage, executablePath, launchChromium } from './page.mjs';

// `pnpm test` installs it first (scripts/ensure-chromium.mjs): a missing browser is a failure, not a skip
if (!existsSync(executablePath)) {
  throw new Error(`Chromium missing at ${executablePath}: run node scripts/ensure-chromium.mjs`);
}

declare global {
  interface Window {
    editorTest: {
      mount(options: Record<string, unknown>, value: string): Promise<void>;
      value(): string;
      changes: string[];
      destroy(): void;
    };
  }
}

/** The page's side: mounts the default adapter into #host and records onChange. */
const pageEntry = `
import htmlEditor from './src/editor/index.ts';
let handle;
window.editorTest = {
  changes: [],
  async mount(options, value) {
    handle = await htmlEditor(document.getElementById('host'), {
      value, options, locale: 'en', label: 'Body', onChange: (v) => window.editorTest.changes.push(v),
    });
  },
  value: () => handle.getValue(),
  destroy: () => handle.destroy(),
};
`;

describe('the editor in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let bundle: string;

  beforeAll(async () => {
    bundle = await bundlePage(pageEntry);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    await page.setContent('<!doctype html><meta charset="utf-8"><body><div id="host"></div></body>');
    await page.addScriptTag({ content: bundle, type: 'module' });
    await page.waitForFunction(() => window.editorTest !== undefined);
  });

  const mount = (options: Record<string, unknown>, value = '') =>
    page.evaluate(([o, v]) => window.editorTest.mount(o, v), [options, value] as const);
  const value = () => page.evaluate(() => window.editorTest.value());
  const lastChange = () => page.evaluate(() => window.editorTest.changes.at(-1));

  test('typing bold text with the keyboard and the toolbar', async () => {
    await mount({});
    const editable = page.getByRole('textbox', { name: 'Body' });
    await editable.click();
    await page.keyboard.type('Hello ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    expect(await value()).toBe('<p>Hello <strong>bold</strong></p>');
    expect(await lastChange()).toBe('<p>Hello <strong>bold</strong></p>');
    const bold = page.getByRole('button', { name: 'Bold', exact: true });
    expect(await bold.getAttribute('aria-pressed')).toBe('true');

    // Select "Hello" with the keyboard and make it bold and italic from the toolbar.
    await page.keyboard.press('Home');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
    await bold.click();
    await page.getByRole('button', { name: 'Italic' }).click();
    expect(await value()).toBe('<p><strong><em>Hello</em></strong> <strong>bold</strong></p>');
  }, 30_000);

  test('colours keep their hex spelling; the toolbar is one tab stop with arrow keys', async () => {
    await mount({ customColors: '#00aa00' }, '<p>green</p>');
    await page.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.press('Control+a');
    await page.getByRole('button', { name: 'Text colour' }).click();
    await page.getByRole('button', { name: 'Colour #00aa00' }).click();
    expect(await value()).toBe('<p><span style="color: #00aa00">green</span></p>');

    // Arrow keys skip Redo, which is disabled with nothing to redo.
    const focused = () =>
      page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label'));
    await page.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Paragraph format');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('Undo');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Link'); // Remove link is disabled: no link here
  }, 30_000);

  test('a link through the default form', async () => {
    await mount({ toolbar: 'basic' }, '<p>site</p>');
    await page.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.press('Control+a');
    await page.getByRole('button', { name: 'Link' }).click();
    const url = page.getByRole('textbox', { name: 'Address (URL)' });
    await url.fill('/about');
    await url.press('Enter');
    expect(await value()).toBe('<p><a href="/about">site</a></p>');
  }, 30_000);

  test('the magic line inserts a paragraph between two lists', async () => {
    await mount({ use_magicline: '1' }, '<ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol>');
    const box = await page.locator('ol').boundingBox();
    if (!box) throw new Error('no list box');
    await page.mouse.move(box.x + 40, box.y - 1);
    const plus = page.getByRole('button', { name: 'Insert a paragraph here' });
    await plus.click();
    await page.keyboard.type('between');
    expect(await value()).toBe('<ul><li><p>a</p></li></ul><p>between</p><ol><li><p>b</p></li></ol>');
  }, 30_000);

  test('switching the field to Markdown mode: the value is Markdown, the preview is live', async () => {
    await mount({}, '<p>rich</p>');
    expect(await value()).toBe('<p>rich</p>');
    await page.evaluate(() => window.editorTest.destroy());
    expect(await page.evaluate(() => document.getElementById('host')?.childNodes.length)).toBe(0);

    await mount({ use_markdown: '1' });
    const source = page.getByRole('textbox', { name: 'Body (Markdown)' });
    await source.click();
    await page.keyboard.type('Some **bold** text');
    expect(await value()).toBe('Some **bold** text');
    expect(await lastChange()).toBe('Some **bold** text');
    const preview = page.getByRole('region', { name: 'Preview' });
    expect(await preview.locator('strong').textContent()).toBe('bold');
  }, 30_000);
});

// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import htmlEditor, { createHtmlEditor } from '../src/editor/index';
import type { HtmlEditorHandle, HtmlEditorInit } from '../src/editor/types';

const mounted: HtmlEditorHandle[] = [];
afterEach(() => {
  for (const h of mounted.splice(0)) h.destroy();
  document.body.replaceChildren();
});

async function mount(init: Partial<HtmlEditorInit> = {}, adapter = htmlEditor) {
  const host = document.createElement('div');
  document.body.append(host);
  const onChange = vi.fn<(value: string) => void>();
  const handle = await adapter(host, {
    value: '',
    options: {},
    locale: 'en',
    label: 'Body',
    onChange,
    ...init,
  });
  mounted.push(handle);
  const chrome = (host.firstElementChild as HTMLElement).shadowRoot as ShadowRoot;
  const surface = chrome.querySelector('.surface') as HTMLElement | null;
  const content = surface?.shadowRoot ?? null;
  const editable = content?.querySelector<HTMLElement>('[contenteditable]') ?? null;
  const control = (name: string) =>
    chrome.querySelector<HTMLElement>(`[role=toolbar] [aria-label="${name}"]`);
  return { host, handle, onChange, chrome, content, editable, control };
}

// jsdom has no execCommand, which ProseMirror calls in passing; the real-browser test covers the rest.
document.execCommand ??= () => false;

/** Selects the whole content with the editor's own Ctrl+A (jsdom cannot select inside a shadow root). */
function selectAll(editable: HTMLElement) {
  editable.focus();
  editable.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true }),
  );
}

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('the rich-text mode', () => {
  test('mounts a labelled editing area and a toolbar with accessible names', async () => {
    const { editable, chrome } = await mount({ value: '<p>Hello</p>' });
    expect(editable?.getAttribute('role')).toBe('textbox');
    expect(editable?.getAttribute('aria-label')).toBe('Body');
    expect(editable?.getAttribute('aria-multiline')).toBe('true');
    const toolbar = chrome.querySelector('[role=toolbar]');
    expect(toolbar?.getAttribute('aria-label')).toBe('Body: formatting');
    const names = [...chrome.querySelectorAll('[role=toolbar] [data-item]')].map((c) =>
      c.getAttribute('aria-label'),
    );
    expect(names).toEqual([
      'Undo',
      'Redo',
      'Paragraph format',
      'Bold',
      'Italic',
      'Underline',
      'Remove format',
      'Text colour',
      'Background colour',
      'Bulleted list',
      'Numbered list',
      'Decrease indent',
      'Increase indent',
      'Block quote',
      'Horizontal line',
      'Link',
      'Remove link',
    ]);
    // One tab stop for the whole toolbar.
    expect(
      [...chrome.querySelectorAll<HTMLElement>('[data-item]')].filter((c) => c.tabIndex === 0),
    ).toHaveLength(1);
  });

  test('speaks Japanese', async () => {
    const { chrome, editable } = await mount({ locale: 'ja', label: '本文', options: { toolbar: 'basic' } });
    const names = [...chrome.querySelectorAll('[role=toolbar] [data-item]')].map((c) =>
      c.getAttribute('aria-label'),
    );
    expect(names).toEqual(['太字', '斜体', '箇条書き', '番号付きリスト', 'リンク']);
    expect(chrome.querySelector('[role=toolbar]')?.getAttribute('aria-label')).toBe('本文：書式');
    expect(editable?.getAttribute('aria-label')).toBe('本文');
  });

  test('the toolbar follows format_options', async () => {
    const { control, chrome } = await mount({
      options: {
        strikethrough: '1',
        subscript: true,
        use_font_size_px: 'true',
        removePlugins: 'link,blockquote',
      },
    });
    for (const name of ['Strikethrough', 'Subscript', 'Superscript', 'Font size'])
      expect(control(name)).not.toBeNull();
    for (const name of ['Link', 'Remove link', 'Block quote']) expect(control(name)).toBeNull();
    const sizes = [...chrome.querySelectorAll<HTMLOptionElement>('select[data-item=fontSize] option')].map(
      (o) => o.value,
    );
    expect(sizes).toContain('16px');
    expect(sizes[0]).toBe('');
  });

  test('loads sanitized HTML; getValue returns sanitized HTML; empty is the empty string', async () => {
    const { handle } = await mount({
      value:
        '<p>Hi <b>there</b><img src=x onerror="alert(1)"><script>alert(1)</script></p><p><a href="javascript:alert(1)">x</a></p>',
    });
    expect(handle.getValue()).toBe('<p>Hi <strong>there</strong></p><p>x</p>');
    handle.setValue('');
    expect(handle.getValue()).toBe('');
    handle.setValue('<p></p>');
    expect(handle.getValue()).toBe('');
  });

  test('a value round-trips: links keep (only) their own target and rel', async () => {
    const value =
      '<h2>Title</h2><p><a href="https://a.example/">a</a> <a target="_blank" rel="noopener noreferrer nofollow" href="/b">b</a></p><ul><li><p>one</p></li></ul><hr>';
    const { handle } = await mount({ value });
    expect(handle.getValue()).toBe(value);
  });

  test('setValue replaces the content without calling onChange', async () => {
    const { handle, onChange } = await mount({ value: '<p>a</p>' });
    handle.setValue('<p>b<script>x</script></p>');
    expect(handle.getValue()).toBe('<p>b</p>');
    expect(onChange).not.toHaveBeenCalled();
  });

  test('typing calls onChange with the sanitized value', async () => {
    const { editable, onChange } = await mount({ value: '<p>Hello</p>' });
    const text = editable?.querySelector('p')?.firstChild as Text;
    text.data = 'Hello world';
    await tick();
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello world</p>');
  });

  test('Bold makes the selection bold and shows as pressed', async () => {
    const { editable, control, onChange } = await mount({ value: '<p>Hello world</p>' });
    const bold = control('Bold') as HTMLButtonElement;
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    selectAll(editable as HTMLElement);
    await tick();
    bold.click();
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>Hello world</strong></p>');
    expect(bold.getAttribute('aria-pressed')).toBe('true');
  });

  test('the format select turns a paragraph into a heading', async () => {
    const { editable, chrome, onChange } = await mount({ value: '<p>Title</p>' });
    selectAll(editable as HTMLElement);
    await tick();
    const format = chrome.querySelector('select[data-item=format]') as HTMLSelectElement;
    format.value = 'h2';
    format.dispatchEvent(new Event('change'));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Title</h2>');
    expect(format.value).toBe('h2');
  });

  test('the colour picker offers the palette and colours the selection', async () => {
    const { editable, chrome, control, onChange } = await mount({
      value: '<p>Hello</p>',
      options: { customColors: '#FF0000,#00aa00' },
    });
    const trigger = control('Text colour') as HTMLButtonElement;
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    selectAll(editable as HTMLElement);
    await tick();
    trigger.click();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = chrome.querySelector('.picker [role=group]') as HTMLElement;
    const swatches = [...panel.querySelectorAll<HTMLButtonElement>('.swatch')];
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toEqual(['Colour #ff0000', 'Colour #00aa00']);
    swatches[1].click();
    // jsdom's CSS object model writes colours as rgb(); Chromium keeps the hex (the browser test checks).
    expect(onChange.mock.lastCall?.[0]).toMatch(
      /^<p><span style="color: (#00aa00|rgb\(0, 170, 0\))">Hello<\/span><\/p>$/,
    );
    expect(panel.hidden).toBe(true);
    expect(swatches[1].getAttribute('aria-pressed')).toBe('true');
  });

  test('the font-size select sets pixel sizes', async () => {
    const { editable, chrome, onChange } = await mount({
      value: '<p>Hello</p>',
      options: { use_font_size_px: '1' },
    });
    selectAll(editable as HTMLElement);
    await tick();
    const size = chrome.querySelector('select[data-item=fontSize]') as HTMLSelectElement;
    size.value = '24px';
    size.dispatchEvent(new Event('change'));
    expect(onChange).toHaveBeenLastCalledWith('<p><span style="font-size: 24px">Hello</span></p>');
  });

  test('links go through the prompt hook; unsafe addresses are refused', async () => {
    const answers = ['https://example.com/', 'javascript:alert(1)', ''];
    const promptLink = vi.fn(async () => answers.shift() ?? null);
    const { editable, control, handle } = await mount(
      { value: '<p>Hello</p>' },
      createHtmlEditor({ promptLink }),
    );
    selectAll(editable as HTMLElement);
    await tick();
    const link = control('Link') as HTMLButtonElement;
    link.click();
    await tick();
    expect(promptLink).toHaveBeenLastCalledWith(expect.objectContaining({ href: '', locale: 'en' }));
    expect(handle.getValue()).toBe('<p><a href="https://example.com/">Hello</a></p>');
    expect(link.getAttribute('aria-pressed')).toBe('true');
    link.click();
    await tick();
    expect(promptLink).toHaveBeenLastCalledWith(expect.objectContaining({ href: 'https://example.com/' }));
    expect(handle.getValue()).toBe('<p><a href="https://example.com/">Hello</a></p>');
    link.click();
    await tick();
    expect(handle.getValue()).toBe('<p>Hello</p>');
  });

  test('the default link form opens under the toolbar and applies the address', async () => {
    const { editable, chrome, control, handle } = await mount({ value: '<p>Hello</p>' });
    selectAll(editable as HTMLElement);
    await tick();
    (control('Link') as HTMLButtonElement).click();
    const form = chrome.querySelector('form[role=dialog]') as HTMLFormElement;
    expect(form.getAttribute('aria-label')).toBe('Link');
    expect(form.previousElementSibling?.getAttribute('role')).toBe('toolbar');
    const input = form.querySelector('input') as HTMLInputElement;
    expect(input.getAttribute('aria-label')).toBe('Address (URL)');
    input.value = '/about';
    form.requestSubmit();
    await tick();
    expect(chrome.querySelector('form[role=dialog]')).toBeNull();
    expect(handle.getValue()).toBe('<p><a href="/about">Hello</a></p>');
  });

  test('custom_css is a stylesheet inside the editing area only', async () => {
    const { content, chrome } = await mount({
      options: { custom_css: '/css/editor.css', height: 300, width: '40em' },
    });
    expect(content?.querySelector('link[rel=stylesheet]')?.getAttribute('href')).toBe('/css/editor.css');
    expect(document.querySelectorAll('link, style')).toHaveLength(0);
    expect((chrome.querySelector('.surface') as HTMLElement).style.height).toBe('300px');
    expect((chrome.querySelector('.frame') as HTMLElement).style.width).toBe('40em');
  });

  test('use_magicline adds the insertion point button; resource is readable by the host', async () => {
    const { content, host } = await mount({ options: { use_magicline: '1', resource: '/files/up' } });
    const plus = content?.querySelector('.insertion button');
    expect(plus?.getAttribute('aria-label')).toBe('Insert a paragraph here');
    expect((host.firstElementChild as HTMLElement).dataset.uploadResource).toBe('/files/up');
    const { content: without } = await mount({ options: {} });
    expect(without?.querySelector('.insertion')).toBeNull();
  });

  test('removePlugins toolbar hides the toolbar but keeps the editor', async () => {
    const { chrome, editable } = await mount({ options: { removePlugins: 'toolbar' } });
    expect(chrome.querySelector('[role=toolbar]')).toBeNull();
    expect(editable).not.toBeNull();
  });

  test('two editors are independent', async () => {
    const a = await mount({ value: '<p>a</p>' });
    const b = await mount({ value: '<p>b</p>' });
    a.handle.setValue('<p>changed</p>');
    expect(b.handle.getValue()).toBe('<p>b</p>');
  });
});

describe('the Markdown mode', () => {
  test('a labelled textarea with a live, sanitized preview; the value is Markdown', async () => {
    const { chrome, handle, onChange, host } = await mount({
      value: '# Hi',
      options: { use_markdown: '1', height: '12em' },
      label: 'Body',
    });
    expect((host.firstElementChild as HTMLElement).dataset.mode).toBe('markdown');
    const textarea = chrome.querySelector('textarea') as HTMLTextAreaElement;
    expect(textarea.getAttribute('aria-label')).toBe('Body (Markdown)');
    expect(textarea.style.height).toBe('12em');
    const preview = chrome.querySelector('section.preview .preview-body') as HTMLElement;
    expect(preview.innerHTML).toBe('<h1>Hi</h1>\n');
    textarea.value = '**bold** <img src=x onerror="alert(1)">';
    textarea.dispatchEvent(new Event('input'));
    expect(onChange).toHaveBeenLastCalledWith('**bold** <img src=x onerror="alert(1)">');
    expect(handle.getValue()).toBe('**bold** <img src=x onerror="alert(1)">');
    expect(preview.querySelector('strong')?.textContent).toBe('bold');
    expect(preview.innerHTML).not.toMatch(/onerror/);
    handle.setValue('_x_');
    expect(preview.innerHTML).toBe('<p><em>x</em></p>\n');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(chrome.querySelector('[role=toolbar]')).toBeNull();
  });

  test('Japanese labels', async () => {
    const { chrome } = await mount({ options: { use_markdown: true }, locale: 'ja', label: '本文' });
    expect(chrome.querySelector('textarea')?.getAttribute('aria-label')).toBe('本文（Markdown）');
    expect(chrome.querySelector('section.preview')?.getAttribute('aria-label')).toBe('プレビュー');
  });
});

describe('destroy', () => {
  /** Counts listeners added and removed on the long-lived targets: window, document, body and the host. */
  function listenerLedger(targets: EventTarget[]) {
    const live = new Map<string, number>();
    const key = (t: EventTarget, type: string) => `${targets.indexOf(t)}:${type}`;
    const origAdd = EventTarget.prototype.addEventListener;
    const origRemove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      if (targets.includes(this)) live.set(key(this, type), (live.get(key(this, type)) ?? 0) + 1);
      return origAdd.call(this, type, listener, options);
    };
    EventTarget.prototype.removeEventListener = function (type, listener, options) {
      if (targets.includes(this)) live.set(key(this, type), (live.get(key(this, type)) ?? 0) - 1);
      return origRemove.call(this, type, listener, options);
    };
    return {
      live: () => [...live].filter(([, n]) => n > 0).map(([k]) => k),
      added: () => live.size,
      restore() {
        EventTarget.prototype.addEventListener = origAdd;
        EventTarget.prototype.removeEventListener = origRemove;
      },
    };
  }

  test.each([
    ['rich text', { use_magicline: '1', use_font_size_px: '1' }],
    ['Markdown', { use_markdown: '1' }],
  ])('%s: leaves no nodes and no listeners behind', async (_mode, options) => {
    const host = document.createElement('div');
    document.body.append(host);
    const ledger = listenerLedger([window, document, document.body, host]);
    try {
      const handle = await htmlEditor(host, {
        value: '<p>x</p>',
        options,
        locale: 'en',
        label: 'Body',
        onChange() {},
      });
      // Open a colour picker so its outside-click watch on the document is live during destroy.
      const chrome = (host.firstElementChild as HTMLElement).shadowRoot as ShadowRoot;
      chrome.querySelector<HTMLButtonElement>('[aria-label="Text colour"]')?.click();
      handle.focus();
      handle.destroy();
      expect(host.childNodes).toHaveLength(0);
      expect(ledger.live()).toEqual([]);
      // Calls after destroy are harmless.
      handle.setValue('<p>y</p>');
      handle.focus();
      handle.destroy();
    } finally {
      ledger.restore();
    }
  });
});

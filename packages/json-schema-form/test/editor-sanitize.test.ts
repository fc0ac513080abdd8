// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../src/editor/markdown';
import { editorConfig } from '../src/editor/options';
import { allowedMarkup, createSanitizer, filterStyle, markdownMarkup } from '../src/editor/sanitize';

const win = window as Window & typeof globalThis;
const full = createSanitizer(allowedMarkup(editorConfig({ use_font_size_px: '1' })), win);
const basic = createSanitizer(allowedMarkup(editorConfig({ toolbar: 'basic' })), win);

describe('nothing executable survives', () => {
  test.each([
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['<p>x<img src=x onerror="alert(1)"></p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">j</a>', '<a>j</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">j</a>', '<a>j</a>'],
    ['<a href="vbscript:x">v</a>', '<a>v</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">d</a>', '<a>d</a>'],
    ['<iframe src="https://evil.example"></iframe><p>k</p>', '<p>k</p>'],
    ['<svg><script>alert(1)</script></svg><p>k</p>', '<p>k</p>'],
    ['<style>p{}</style><p>k</p>', '<p>k</p>'],
    [
      '<p><span style="color: red; background-image: url(javascript:x)">c</span></p>',
      '<p><span style="color: red">c</span></p>',
    ],
    ['<p><span style="font-size: expression(alert(1))">c</span></p>', '<p><span>c</span></p>'],
    ['<form action="/x"><input name=a></form><p>k</p>', '<p>k</p>'],
  ])('%s → %s', (dirty, clean) => {
    expect(full(dirty)).toBe(clean);
  });
});

describe('only what the enabled toolbar produces', () => {
  test('the full toolbar keeps its markup', () => {
    const html =
      '<h2>T</h2><p><strong>b</strong><em>i</em><u>u</u><a href="https://x.example/">l</a>' +
      '<span style="color: #ff0000; background-color: #00ff00; font-size: 18px">c</span></p>' +
      '<ul><li><p>a</p></li></ul><ol start="3"><li><p>b</p></li></ol><blockquote><p>q</p></blockquote><hr><pre><code>x</code></pre>';
    expect(full(html)).toBe(html);
  });
  test('basic drops headings, colours, quotes and rules but keeps their text', () => {
    expect(
      basic(
        '<h2>T</h2><p><u>u</u><span style="color: red">c</span><strong>b</strong></p><blockquote><p>q</p></blockquote><hr>',
      ),
    ).toBe('T<p>uc<strong>b</strong></p><p>q</p>');
  });
  test('subscript, superscript and strikethrough only when enabled', () => {
    const html = '<p><sub>2</sub><sup>3</sup><s>x</s></p>';
    expect(full(html)).toBe('<p>23x</p>');
    const withThem = createSanitizer(
      allowedMarkup(editorConfig({ subscript: '1', strikethrough: 'true' })),
      win,
    );
    expect(withThem(html)).toBe(html);
  });
  test('style survives only with an allowed property', () => {
    expect(basic('<p><span style="color: red">c</span></p>')).toBe('<p>c</p>');
    expect(filterStyle('color: red; position: fixed; font-size: 12px', ['color'])).toBe('color: red');
    expect(filterStyle('color: red !important', ['color'])).toBe('color: red');
    expect(filterStyle('font-size: 12px', ['color'])).toBe('');
    expect(
      filterStyle('color: rgb(0, 170, 0); background-color: rgb(255,255,255)', ['color', 'background-color']),
    ).toBe('color: #00aa00; background-color: #ffffff');
  });
  test('allowed link addresses: web, mail, phone and paths', () => {
    for (const href of [
      'https://a.example/',
      'http://a.example/',
      'mailto:a@b.example',
      'tel:+81-3',
      '/path',
      'page.html',
      '#top',
      '?q=1',
    ])
      expect(full(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    expect(full('<a href="ftp://a.example/">x</a>')).toBe('<a>x</a>');
  });
  test('a link that opens a new tab does not give away the opener; other targets go', () => {
    expect(full('<a href="/a" target="_blank">x</a>')).toBe(
      '<a href="/a" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(full('<a href="/a" target="main">x</a>')).toBe('<a href="/a">x</a>');
  });
  test('the allowlist follows removePlugins', () => {
    const m = allowedMarkup(editorConfig({ removePlugins: 'link,colorbutton' }));
    expect(m.tags).not.toContain('a');
    expect(m.styles).toEqual([]);
    expect(m.tags).toEqual(
      expect.arrayContaining(['p', 'br', 'strong', 'h1', 'ul', 'ol', 'li', 'blockquote', 'hr']),
    );
  });
});

describe('Markdown preview', () => {
  const md = createSanitizer(markdownMarkup, win);
  test('renders Markdown (GFM) to HTML', () => {
    expect(renderMarkdown('# T\n\n**b** _i_ ~~s~~ [l](https://x.example/)', md)).toBe(
      '<h1>T</h1>\n<p><strong>b</strong> <em>i</em> <del>s</del> <a href="https://x.example/">l</a></p>\n',
    );
    expect(renderMarkdown('| a |\n|---|\n| 1 |', md)).toContain('<td>1</td>');
  });
  test('raw HTML and unsafe links in the Markdown are neutralised in the preview', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))',
      md,
    );
    expect(html).not.toMatch(/script|onerror|javascript:/i);
  });
});

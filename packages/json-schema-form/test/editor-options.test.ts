import { describe, expect, test } from 'vitest';
import { editorConfig, readCssSize, readFlag, readHexColour } from '../src/editor/options';
import { fontSizesPx, hslToHex, largePalette, standardPalette } from '../src/editor/palettes';

const items = (options: Record<string, unknown>) => editorConfig(options).toolbar.flat();
const reasons = (options: Record<string, unknown>) =>
  Object.fromEntries(editorConfig(options).notes.map((n) => [n.option, `${n.effect}: ${n.reason}`]));

describe('flag spellings', () => {
  test.each([true, 1, '1', 'true', 'TRUE', ' yes ', 'on'])('%j is on', (v) => expect(readFlag(v)).toBe(true));
  test.each([false, 0, '0', 'false', '', 'no', 'off', null, undefined])('%j is off', (v) =>
    expect(readFlag(v)).toBe(false),
  );
  test.each(['maybe', 2, {}])('%j is neither, and the option says so', (v) => {
    expect(readFlag(v)).toBeUndefined();
    expect(reasons({ strikethrough: v }).strikethrough).toMatch(/neither on nor off/);
    expect(items({ strikethrough: v })).not.toContain('strike');
  });
});

describe('width and height', () => {
  test.each([
    [300, '300px'],
    ['300', '300px'],
    ['12.5', '12.5px'],
    ['300px', '300px'],
    ['20em', '20em'],
    ['100%', '100%'],
    ['50vh', '50vh'],
    ['auto', 'auto'],
  ])('%j → %s', (input, css) => {
    expect(readCssSize(input)).toBe(css);
    expect(editorConfig({ height: input, width: input })).toMatchObject({ height: css, width: css });
  });
  test.each(['300 px', 'calc(100% - 2px)', 'red', -5, Number.NaN, '1e3'])(
    '%j is not a size, and is noted',
    (v) => {
      expect(readCssSize(v)).toBeUndefined();
      const config = editorConfig({ height: v });
      expect(config.height).toBeUndefined();
      expect(config.notes).toContainEqual(expect.objectContaining({ option: 'height', effect: 'ignored' }));
    },
  );
  test('absent sizes leave the host in charge', () => {
    expect(editorConfig({})).toMatchObject({ width: undefined, height: undefined, notes: [] });
  });
});

describe('toolbar', () => {
  test('the default (full) toolbar', () => {
    const config = editorConfig();
    expect(config.mode).toBe('wysiwyg');
    expect(config.toolbar).toEqual([
      ['undo', 'redo'],
      ['format'],
      ['bold', 'italic', 'underline', 'removeFormat'],
      ['textColor', 'bgColor'],
      ['bulletList', 'orderedList', 'outdent', 'indent', 'blockquote', 'horizontalRule'],
      ['link', 'unlink'],
    ]);
    expect(config.extensions).toEqual([
      'backgroundColor',
      'blockquote',
      'bold',
      'bulletList',
      'codeBlock',
      'color',
      'heading',
      'horizontalRule',
      'italic',
      'link',
      'listItem',
      'listKeymap',
      'orderedList',
      'textStyle',
      'underline',
      'undoRedo',
    ]);
    expect(config.palette).toEqual(standardPalette);
    expect(config.fontSizes).toEqual([]);
    expect(config.magicline).toBe(false);
  });
  test.each(['full', 'standard', 'default', ''])('toolbar %j is the full toolbar without notes', (preset) => {
    expect(editorConfig({ toolbar: preset })).toMatchObject({ toolbar: editorConfig().toolbar, notes: [] });
  });
  test('basic gives bold, italic, lists and link only', () => {
    const config = editorConfig({ toolbar: 'basic' });
    expect(config.toolbar).toEqual([['bold', 'italic'], ['bulletList', 'orderedList'], ['link']]);
    expect(config.extensions).toEqual([
      'bold',
      'bulletList',
      'italic',
      'link',
      'listItem',
      'listKeymap',
      'orderedList',
      'undoRedo',
    ]);
    expect(config.palette).toEqual([]);
  });
  test('basic ignores the flags that add buttons, with a reason', () => {
    const config = editorConfig({
      toolbar: 'basic',
      strikethrough: true,
      subscript: '1',
      use_font_size_px: 'true',
    });
    expect(config.toolbar.flat()).toEqual(['bold', 'italic', 'bulletList', 'orderedList', 'link']);
    for (const key of ['strikethrough', 'subscript', 'use_font_size_px'])
      expect(reasons({ toolbar: 'basic', [key]: true })[key]).toMatch(
        /basic gives bold, italic, lists and link only/,
      );
  });
  test('an unknown preset falls back to full with a note', () => {
    expect(items({ toolbar: 'mega' })).toEqual(items({}));
    expect(reasons({ toolbar: 'mega' }).toolbar).toMatch(/unknown preset/);
  });
  test('a CKEditor button list decides the buttons; unknown buttons are noted', () => {
    const config = editorConfig({
      toolbar: [
        ['Bold', 'Italic', '-', 'Strike'],
        '/',
        { name: 'links', items: ['Link', 'Unlink', 'Image'] },
      ],
      strikethrough: false,
      subscript: true,
    });
    expect(config.toolbar).toEqual([['bold', 'italic'], ['strike'], ['link', 'unlink']]);
    expect(config.notes).toContainEqual({
      option: 'toolbar:Image',
      effect: 'ignored',
      reason: 'no such button in the built-in editor',
    });
    expect(reasons({ toolbar: ['Bold'], subscript: true }).subscript).toMatch(/button list/);
  });
});

describe('flags that add buttons', () => {
  test.each([true, '1', 'true'])('strikethrough %j adds strikethrough', (v) => {
    expect(editorConfig({ strikethrough: v }).toolbar[2]).toEqual([
      'bold',
      'italic',
      'underline',
      'strike',
      'removeFormat',
    ]);
    expect(editorConfig({ strikethrough: v }).extensions).toContain('strike');
  });
  test.each([true, '1', 'true'])('subscript %j adds subscript and superscript', (v) => {
    const config = editorConfig({ subscript: v });
    expect(config.toolbar[2]).toEqual([
      'bold',
      'italic',
      'underline',
      'subscript',
      'superscript',
      'removeFormat',
    ]);
    expect(config.extensions).toEqual(expect.arrayContaining(['subscript', 'superscript']));
  });
  test.each([true, '1', 'true'])('use_font_size_px %j adds a pixel size select', (v) => {
    const config = editorConfig({ use_font_size_px: v });
    expect(config.toolbar[3]).toEqual(['fontSize', 'textColor', 'bgColor']);
    expect(config.fontSizes).toEqual(fontSizesPx);
    expect(config.extensions).toEqual(expect.arrayContaining(['textStyle', 'fontSize']));
  });
  test.each([false, '0', 'false'])('%j adds nothing', (v) => {
    expect(items({ strikethrough: v, subscript: v, use_font_size_px: v })).toEqual(items({}));
  });
});

describe('colours', () => {
  test.each([true, '1', 'true'])('largeColorPalette %j uses the large palette', (v) => {
    expect(editorConfig({ largeColorPalette: v }).palette).toEqual(largePalette);
  });
  test('the palettes are distinct lowercase hex colours, the large one larger', () => {
    for (const p of [standardPalette, largePalette]) {
      expect(new Set(p).size).toBe(p.length);
      for (const c of p) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(largePalette.length).toBeGreaterThan(standardPalette.length * 4);
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 25)).toBe('#008000');
    expect(hslToHex(0, 0, 100)).toBe('#ffffff');
  });
  test('customColors replaces the palette; spellings are normalised, duplicates and junk dropped', () => {
    const config = editorConfig({ customColors: '#FF0000, 00ff00,#abc, red, ff0000,#12345' });
    expect(config.palette).toEqual(['#ff0000', '#00ff00', '#aabbcc']);
    expect(config.notes.map((n) => n.option)).toEqual(['customColors:red', 'customColors:#12345']);
    expect(readHexColour('ABC')).toBe('#aabbcc');
  });
  test('customColors wins over largeColorPalette, and says so', () => {
    const config = editorConfig({ customColors: '#123456', largeColorPalette: 'true' });
    expect(config.palette).toEqual(['#123456']);
    expect(reasons({ customColors: '#123456', largeColorPalette: 'true' }).largeColorPalette).toMatch(
      /replaces/,
    );
  });
  test('customColors with no valid colour keeps the preset palette', () => {
    expect(editorConfig({ customColors: 'red,blue' }).palette).toEqual(standardPalette);
  });
  test('colour options without a colour button are noted', () => {
    expect(editorConfig({ toolbar: 'basic', customColors: '#123456' }).palette).toEqual([]);
    expect(reasons({ toolbar: 'basic', customColors: '#123456' }).customColors).toMatch(/no colour button/);
    expect(reasons({ toolbar: 'basic', largeColorPalette: true }).largeColorPalette).toMatch(
      /no colour button/,
    );
  });
});

describe('removePlugins', () => {
  test('CKEditor plugin names take their buttons and extensions away', () => {
    const config = editorConfig({ removePlugins: 'colorbutton, link,blockquote , horizontalrule,format' });
    expect(config.toolbar).toEqual([
      ['undo', 'redo'],
      ['bold', 'italic', 'underline', 'removeFormat'],
      ['bulletList', 'orderedList', 'outdent', 'indent'],
    ]);
    expect(config.extensions).not.toEqual(expect.arrayContaining(['link']));
    for (const gone of ['link', 'blockquote', 'horizontalRule', 'heading', 'codeBlock', 'color', 'textStyle'])
      expect(config.extensions).not.toContain(gone);
    expect(config.palette).toEqual([]);
    expect(config.notes).toEqual([]);
  });
  test('basicstyles removes every inline style, including the added ones', () => {
    const got = items({ removePlugins: 'basicstyles', strikethrough: true, subscript: true });
    for (const gone of ['bold', 'italic', 'underline', 'strike', 'subscript', 'superscript'])
      expect(got).not.toContain(gone);
    expect(got).toContain('removeFormat');
  });
  test('list takes indenting with it: only list items indent', () => {
    const got = items({ removePlugins: 'list' });
    for (const gone of ['bulletList', 'orderedList', 'indent', 'outdent']) expect(got).not.toContain(gone);
    expect(editorConfig({ removePlugins: 'list' }).extensions).not.toContain('listItem');
  });
  test.each([
    ['indent', ['indent', 'outdent']],
    ['indentlist', ['indent', 'outdent']],
    ['font', ['fontSize']],
    ['removeformat', ['removeFormat']],
  ])('%s removes %j', (plugin, gone) => {
    const got = items({ removePlugins: plugin, use_font_size_px: true });
    for (const g of gone) expect(got).not.toContain(g);
  });
  test('undo removes the buttons and the history, approximately', () => {
    const config = editorConfig({ removePlugins: 'undo' });
    expect(config.toolbar.flat()).not.toContain('undo');
    expect(config.extensions).not.toContain('undoRedo');
    expect(reasons({ removePlugins: 'undo' })['removePlugins:undo']).toMatch(/^approximate/);
  });
  test('toolbar hides the toolbar but keeps the features', () => {
    const config = editorConfig({ removePlugins: 'toolbar' });
    expect(config.toolbar).toEqual([]);
    expect(config.extensions).toContain('bold');
    expect(reasons({ removePlugins: 'toolbar' })['removePlugins:toolbar']).toMatch(/keyboard shortcuts/);
  });
  test('magicline turns insertion points off', () => {
    expect(editorConfig({ use_magicline: true, removePlugins: 'magicline' }).magicline).toBe(false);
  });
  test.each([
    ['image', /no such feature/],
    ['table', /no such feature/],
    ['scayt', /no such feature/],
    ['elementspath', /no such part of its user interface/],
    ['resize', /no such part of its user interface/],
    ['sourcearea', /no such part of its user interface/],
    ['clipboard', /always keeps/],
    ['pastefromword', /always keeps/],
    ['frobnicate', /unknown CKEditor 4 plugin/],
  ])('%s is ignored with a reason', (plugin, reason) => {
    const r = reasons({ removePlugins: `Bold,${plugin}` });
    expect(r[`removePlugins:${plugin}`]).toMatch(reason);
    expect(r[`removePlugins:${plugin}`]).toMatch(/^ignored/);
  });
  test('a removePlugins that is not a string is noted', () => {
    expect(reasons({ removePlugins: ['link'] }).removePlugins).toMatch(/comma-separated/);
  });
});

describe('the other options', () => {
  test.each([true, '1', 'true'])('use_magicline %j adds insertion points and the gap cursor', (v) => {
    const config = editorConfig({ use_magicline: v });
    expect(config.magicline).toBe(true);
    expect(config.extensions).toContain('gapcursor');
  });
  test.each([false, '0', undefined])('use_magicline %j leaves both out', (v) => {
    expect(editorConfig({ use_magicline: v })).toMatchObject({ magicline: false });
    expect(editorConfig({ use_magicline: v }).extensions).not.toContain('gapcursor');
  });
  test.each(['/files/editor.css', 'https://cdn.example.com/a.css', 'http://x/a.css', 'css/a.css'])(
    'custom_css %s is loaded',
    (href) => expect(editorConfig({ custom_css: href }).customCss).toBe(href),
  );
  test.each(['javascript:alert(1)', 'data:text/css,p{}', 'ftp://x/a.css', 42])(
    'custom_css %j is refused',
    (href) => {
      expect(editorConfig({ custom_css: href }).customCss).toBeUndefined();
      expect(reasons({ custom_css: href }).custom_css).toMatch(/only http\(s\)/);
    },
  );
  test('resource is handed on as the upload path', () => {
    expect(editorConfig({ resource: ' /files/upload ' }).uploadResource).toBe('/files/upload');
    expect(editorConfig({ resource: '' }).uploadResource).toBeUndefined();
  });
});

describe('use_markdown', () => {
  test.each([true, '1', 'true'])('%j switches to Markdown mode', (v) => {
    const config = editorConfig({ use_markdown: v, height: 200, width: '80%', resource: '/up' });
    expect(config).toMatchObject({
      mode: 'markdown',
      toolbar: [],
      extensions: [],
      palette: [],
      height: '200px',
      width: '80%',
      uploadResource: '/up',
    });
  });
  test.each(['0', false, ''])('%j stays rich text', (v) => {
    expect(editorConfig({ use_markdown: v }).mode).toBe('wysiwyg');
  });
  test('rich-text options are noted as ignored in Markdown mode', () => {
    const r = reasons({ use_markdown: '1', toolbar: 'basic', strikethrough: true, customColors: '#000' });
    for (const key of ['toolbar', 'strikethrough', 'customColors']) expect(r[key]).toMatch(/Markdown mode/);
  });
});

test('the configuration is plain JSON', () => {
  const config = editorConfig({ use_font_size_px: '1', largeColorPalette: 'true', use_magicline: true });
  expect(JSON.parse(JSON.stringify(config))).toEqual(config);
});

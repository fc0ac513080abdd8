// The CMS writes `format_options` for CKEditor 4. This module turns them into the built-in editor's
// configuration: which toolbar buttons, which editor extensions, which sizes and colours. It is pure
// data in, data out (no DOM, no editor import), so tools can show what a schema will give without
// loading the editor. Every option that is not applied exactly leaves a note saying why.

import { fontSizesPx, largePalette, standardPalette } from './palettes.js';

/** One button or control of the toolbar. */
export type ToolbarItem =
  | 'undo'
  | 'redo'
  | 'format'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'subscript'
  | 'superscript'
  | 'removeFormat'
  | 'fontSize'
  | 'textColor'
  | 'bgColor'
  | 'bulletList'
  | 'orderedList'
  | 'outdent'
  | 'indent'
  | 'blockquote'
  | 'horizontalRule'
  | 'link'
  | 'unlink';

/** The editor extensions (TipTap's names) that the toolbar items need. */
export type ExtensionName =
  | 'undoRedo'
  | 'heading'
  | 'codeBlock'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'subscript'
  | 'superscript'
  | 'textStyle'
  | 'fontSize'
  | 'color'
  | 'backgroundColor'
  | 'bulletList'
  | 'orderedList'
  | 'listItem'
  | 'listKeymap'
  | 'blockquote'
  | 'horizontalRule'
  | 'link'
  | 'gapcursor';

export interface OptionNote {
  /** The `format_options` key (for `removePlugins` and toolbar lists, `key:item`). */
  option: string;
  effect: 'approximate' | 'ignored';
  reason: string;
}

export interface EditorConfig {
  mode: 'wysiwyg' | 'markdown';
  /** Toolbar groups in display order; empty when the toolbar is removed. */
  toolbar: ToolbarItem[][];
  /** Every extension the enabled items need, sorted, without duplicates. */
  extensions: ExtensionName[];
  /** CSS width of the whole editor, or undefined for the host's width. */
  width?: string;
  /** CSS height of the editing area (CKEditor's `height` is the editing area's too). */
  height?: string;
  /** Lowercase `#rrggbb` swatches of the colour pickers. */
  palette: string[];
  /** Pixel sizes of the font-size select; empty when it is off. */
  fontSizes: number[];
  /** Insertion points between block elements (`use_magicline`). */
  magicline: boolean;
  /** A stylesheet for the editing area only. */
  customCss?: string;
  /** Where uploads go (`resource`); handed to the host, the editor itself uploads nothing. */
  uploadResource?: string;
  notes: OptionNote[];
}

/** The spellings the CMS uses for on and off: '1', 'true', true, 1 and their opposites. */
export function readFlag(value: unknown): boolean | undefined {
  if (value === true || value === 1) return true;
  if (value === false || value === 0 || value === null || value === undefined) return false;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === '1' || v === 'true' || v === 'yes' || v === 'on') return true;
    if (v === '' || v === '0' || v === 'false' || v === 'no' || v === 'off') return false;
  }
  return undefined;
}

const cssLength = /^(\d+(\.\d+)?|\.\d+)(px|em|rem|%|vh|vw|vmin|vmax|ch|ex|pt|pc|cm|mm|in|lh)$/i;
const bareNumber = /^(\d+(\.\d+)?|\.\d+)$/;

/** A number or numeric string means pixels (as in CKEditor); a CSS length or `auto` passes through. */
export function readCssSize(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? `${value}px` : undefined;
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (bareNumber.test(v)) return `${Number(v)}px`;
  if (cssLength.test(v) || v === 'auto') return v.toLowerCase();
  return undefined;
}

/** `#abc`, `abc`, `#aabbcc` or `aabbcc` as lowercase `#rrggbb`. */
export function readHexColour(value: string): string | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return undefined;
  const hex = m[1].toLowerCase();
  return hex.length === 3 ? `#${[...hex].map((c) => c + c).join('')}` : `#${hex}`;
}

const fullToolbar: ToolbarItem[][] = [
  ['undo', 'redo'],
  ['format'],
  ['bold', 'italic', 'underline', 'removeFormat'],
  ['textColor', 'bgColor'],
  ['bulletList', 'orderedList', 'outdent', 'indent', 'blockquote', 'horizontalRule'],
  ['link', 'unlink'],
];

/** The spec: `basic` gives bold, italic, lists, link only. */
const basicToolbar: ToolbarItem[][] = [['bold', 'italic'], ['bulletList', 'orderedList'], ['link']];

/** CKEditor 4 toolbar button names, for a toolbar given as a list of buttons. */
const ckButtons: Record<string, ToolbarItem> = {
  Undo: 'undo',
  Redo: 'redo',
  Format: 'format',
  Bold: 'bold',
  Italic: 'italic',
  Underline: 'underline',
  Strike: 'strike',
  Subscript: 'subscript',
  Superscript: 'superscript',
  RemoveFormat: 'removeFormat',
  FontSize: 'fontSize',
  TextColor: 'textColor',
  BGColor: 'bgColor',
  BulletedList: 'bulletList',
  NumberedList: 'orderedList',
  Outdent: 'outdent',
  Indent: 'indent',
  Blockquote: 'blockquote',
  HorizontalRule: 'horizontalRule',
  Link: 'link',
  Unlink: 'unlink',
};

/** CKEditor 4 plugins whose removal takes items away. */
const ckPluginItems: Record<string, ToolbarItem[]> = {
  basicstyles: ['bold', 'italic', 'underline', 'strike', 'subscript', 'superscript'],
  link: ['link', 'unlink'],
  list: ['bulletList', 'orderedList'],
  indent: ['indent', 'outdent'],
  indentlist: ['indent', 'outdent'],
  blockquote: ['blockquote'],
  horizontalrule: ['horizontalRule'],
  format: ['format'],
  font: ['fontSize'],
  colorbutton: ['textColor', 'bgColor'],
  removeformat: ['removeFormat'],
  undo: ['undo', 'redo'],
};

/** CKEditor 4 plugins that have nothing to remove here, by reason. */
const ckPluginReasons: Record<string, string> = {};
const notOffered =
  'the built-in editor has no such feature, so there is nothing to remove (content it would produce is not kept)';
const noChrome = 'the built-in editor has no such part of its user interface';
const coreBehaviour = 'basic editing behaviour that the built-in editor always keeps';
for (const name of [
  'image',
  'image2',
  'table',
  'tabletools',
  'tableselection',
  'tableresize',
  'specialchar',
  'smiley',
  'flash',
  'iframe',
  'forms',
  'templates',
  'pagebreak',
  'div',
  'justify',
  'bidi',
  'language',
  'find',
  'codesnippet',
  'mathjax',
  'embed',
  'embedsemantic',
  'autoembed',
  'autolink',
  'uploadimage',
  'uploadfile',
  'filebrowser',
  'filetools',
  'stylescombo',
  'indentblock',
  'anchor',
  'copyformatting',
  'placeholder',
  'scayt',
  'wsc',
])
  ckPluginReasons[name] = notOffered;
for (const name of [
  'elementspath',
  'resize',
  'maximize',
  'sourcearea',
  'sourcedialog',
  'about',
  'a11yhelp',
  'contextmenu',
  'floatingspace',
  'notification',
  'dialogadvtab',
  'colordialog',
  'showborders',
  'showblocks',
  'preview',
  'print',
  'save',
  'newpage',
  'docprops',
  'wysiwygarea',
  'divarea',
  'autogrow',
  'sharedspace',
])
  ckPluginReasons[name] = noChrome;
for (const name of [
  'clipboard',
  'pastetext',
  'pastefromword',
  'pastefromgdocs',
  'pastefromlibreoffice',
  'pastetools',
  'enterkey',
  'entities',
  'htmlwriter',
  'tab',
  'selectall',
  'dialog',
  'dialogui',
  'button',
  'panel',
  'floatpanel',
  'listblock',
  'richcombo',
  'menu',
  'menubutton',
  'fakeobjects',
])
  ckPluginReasons[name] = coreBehaviour;

/** The extensions each item needs. */
const itemExtensions: Record<ToolbarItem, ExtensionName[]> = {
  undo: ['undoRedo'],
  redo: ['undoRedo'],
  format: ['heading', 'codeBlock'],
  bold: ['bold'],
  italic: ['italic'],
  underline: ['underline'],
  strike: ['strike'],
  subscript: ['subscript'],
  superscript: ['superscript'],
  removeFormat: [],
  fontSize: ['textStyle', 'fontSize'],
  textColor: ['textStyle', 'color'],
  bgColor: ['textStyle', 'backgroundColor'],
  bulletList: ['bulletList', 'listItem', 'listKeymap'],
  orderedList: ['orderedList', 'listItem', 'listKeymap'],
  outdent: [],
  indent: [],
  blockquote: ['blockquote'],
  horizontalRule: ['horizontalRule'],
  link: ['link'],
  unlink: ['link'],
};

/** A CKEditor toolbar given as button lists: `[['Bold','Italic'],'/',['Link']]` or `[{items:[…]}]`. */
function readToolbarList(value: unknown[], notes: OptionNote[]): ToolbarItem[][] {
  const groups: ToolbarItem[][] = [];
  let current: ToolbarItem[] = [];
  const flush = () => {
    if (current.length) groups.push(current);
    current = [];
  };
  const visit = (entry: unknown) => {
    if (Array.isArray(entry)) {
      flush();
      entry.forEach(visit);
      flush();
    } else if (entry && typeof entry === 'object' && Array.isArray((entry as { items?: unknown }).items)) {
      visit((entry as { items: unknown[] }).items);
    } else if (entry === '-' || entry === '/') {
      flush();
    } else if (typeof entry === 'string' && ckButtons[entry]) {
      current.push(ckButtons[entry]);
    } else {
      notes.push({
        option: `toolbar:${String(entry)}`,
        effect: 'ignored',
        reason: 'no such button in the built-in editor',
      });
    }
  };
  value.forEach(visit);
  flush();
  return groups;
}

function flagOf(options: Record<string, unknown>, key: string, notes: OptionNote[]): boolean {
  const flag = readFlag(options[key]);
  if (flag === undefined)
    notes.push({
      option: key,
      effect: 'ignored',
      reason: `${JSON.stringify(options[key])} is neither on nor off`,
    });
  return flag ?? false;
}

/** `format_options` (as the schema holds them) → the editor's configuration. */
export function editorConfig(options: Record<string, unknown> = {}): EditorConfig {
  const notes: OptionNote[] = [];
  const width = readCssSize(options.width);
  const height = readCssSize(options.height);
  for (const key of ['width', 'height'] as const) {
    if (options[key] !== undefined && options[key] !== '' && !readCssSize(options[key]))
      notes.push({
        option: key,
        effect: 'ignored',
        reason: `${JSON.stringify(options[key])} is not a CSS size`,
      });
  }
  const customCss = safeStylesheetUrl(options.custom_css, notes);
  const uploadResource =
    typeof options.resource === 'string' && options.resource.trim() ? options.resource.trim() : undefined;
  const base = { width, height, customCss, uploadResource };

  if (flagOf(options, 'use_markdown', notes)) {
    for (const key of Object.keys(options)) {
      if (!['use_markdown', 'width', 'height', 'resource', 'custom_css'].includes(key))
        notes.push({ option: key, effect: 'ignored', reason: 'Markdown mode has no rich-text toolbar' });
    }
    return {
      mode: 'markdown',
      toolbar: [],
      extensions: [],
      palette: [],
      fontSizes: [],
      magicline: false,
      ...base,
      notes,
    };
  }

  // The toolbar preset, then the buttons the flags add to the full one.
  let toolbar: ToolbarItem[][];
  const preset = options.toolbar;
  const additions: [string, ToolbarItem[]][] = [
    ['strikethrough', ['strike']],
    ['subscript', ['subscript', 'superscript']],
    ['use_font_size_px', ['fontSize']],
  ];
  const isBasic = typeof preset === 'string' && preset.trim().toLowerCase() === 'basic';
  if (Array.isArray(preset)) {
    toolbar = readToolbarList(preset, notes);
  } else if (isBasic) {
    toolbar = basicToolbar.map((g) => [...g]);
  } else {
    if (preset !== undefined && preset !== '' && !['full', 'standard', 'default'].includes(String(preset)))
      notes.push({
        option: 'toolbar',
        effect: 'ignored',
        reason: `unknown preset ${JSON.stringify(preset)}; full used`,
      });
    toolbar = fullToolbar.map((g) => [...g]);
    const styles = toolbar[2];
    for (const [key, items] of additions) {
      if (!flagOf(options, key, notes)) continue;
      if (key === 'use_font_size_px') toolbar[3].unshift(...items);
      else styles.splice(styles.indexOf('removeFormat'), 0, ...items);
    }
  }
  if (Array.isArray(preset) || isBasic) {
    for (const [key] of additions) {
      if (readFlag(options[key]))
        notes.push({
          option: key,
          effect: 'ignored',
          reason: Array.isArray(preset)
            ? 'the toolbar is given as a button list, which decides the buttons'
            : 'toolbar basic gives bold, italic, lists and link only',
        });
    }
  }

  // removePlugins takes items away.
  let magicline = flagOf(options, 'use_magicline', notes);
  let toolbarRemoved = false;
  const removed = new Set<ToolbarItem>();
  const pluginList = typeof options.removePlugins === 'string' ? options.removePlugins : '';
  if (options.removePlugins !== undefined && typeof options.removePlugins !== 'string')
    notes.push({ option: 'removePlugins', effect: 'ignored', reason: 'not a comma-separated string' });
  for (const raw of pluginList.split(',')) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    const option = `removePlugins:${name}`;
    if (ckPluginItems[name]) {
      for (const item of ckPluginItems[name]) removed.add(item);
      if (name === 'undo')
        notes.push({ option, effect: 'approximate', reason: 'undo history is removed with its buttons' });
    } else if (name === 'magicline') {
      magicline = false;
    } else if (name === 'toolbar') {
      toolbarRemoved = true;
      notes.push({
        option,
        effect: 'approximate',
        reason: 'the toolbar is hidden; the formatting it would give stays reachable by keyboard shortcuts',
      });
    } else {
      notes.push({ option, effect: 'ignored', reason: ckPluginReasons[name] ?? 'unknown CKEditor 4 plugin' });
    }
  }
  // Indenting only moves list items: without a list there is nothing to indent.
  const hasList = (t: ToolbarItem[][]) =>
    t.some((g) => g.includes('bulletList') || g.includes('orderedList'));
  toolbar = toolbar.map((g) => g.filter((item) => !removed.has(item))).filter((g) => g.length > 0);
  if (!hasList(toolbar))
    toolbar = toolbar.map((g) => g.filter((i) => i !== 'indent' && i !== 'outdent')).filter((g) => g.length);

  const items = toolbar.flat();
  const extensions = new Set<ExtensionName>(items.flatMap((i) => itemExtensions[i]));
  // Keyboard undo stays unless the undo plugin was removed, as in CKEditor.
  if (!removed.has('undo')) extensions.add('undoRedo');
  if (magicline) extensions.add('gapcursor');

  // Colours: customColors replaces the palette (as CKEditor's colorButton_colors does).
  const hasColour = items.includes('textColor') || items.includes('bgColor');
  let palette: string[] = [];
  const large = flagOf(options, 'largeColorPalette', notes);
  if (hasColour) palette = [...(large ? largePalette : standardPalette)];
  if (options.customColors !== undefined && options.customColors !== '') {
    const entries = String(options.customColors)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const colours = entries.map(readHexColour).filter((c): c is string => c !== undefined);
    for (const entry of entries)
      if (!readHexColour(entry))
        notes.push({ option: `customColors:${entry}`, effect: 'ignored', reason: 'not a hex colour' });
    if (!hasColour)
      notes.push({ option: 'customColors', effect: 'ignored', reason: 'the toolbar has no colour button' });
    else if (colours.length) {
      palette = [...new Set(colours)];
      if (large)
        notes.push({
          option: 'largeColorPalette',
          effect: 'ignored',
          reason: 'customColors replaces the palette',
        });
    }
  } else if (large && !hasColour) {
    notes.push({
      option: 'largeColorPalette',
      effect: 'ignored',
      reason: 'the toolbar has no colour button',
    });
  }

  return {
    mode: 'wysiwyg',
    toolbar: toolbarRemoved ? [] : toolbar,
    extensions: [...extensions].sort(),
    palette,
    fontSizes: items.includes('fontSize') ? [...fontSizesPx] : [],
    magicline,
    ...base,
    notes,
  };
}

/** `custom_css` as a stylesheet address: http(s) or a path; never `javascript:` or `data:`. */
function safeStylesheetUrl(value: unknown, notes: OptionNote[]): string | undefined {
  if (value === undefined || value === '') return undefined;
  const v = typeof value === 'string' ? value.trim() : '';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (v && (scheme === undefined || scheme === 'http' || scheme === 'https')) return v;
  notes.push({
    option: 'custom_css',
    effect: 'ignored',
    reason: 'only http(s) addresses and paths are loaded',
  });
  return undefined;
}

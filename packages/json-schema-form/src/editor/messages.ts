// The editor's visible and accessible texts in Japanese and English.
import type { ToolbarItem } from './options.js';

export interface EditorMessages {
  items: Record<ToolbarItem, string>;
  toolbar: (label: string) => string;
  paragraph: string;
  heading: (level: number) => string;
  preformatted: string;
  defaultSize: string;
  automaticColour: string;
  colour: (hex: string) => string;
  linkDialog: string;
  linkUrl: string;
  linkApply: string;
  linkRemove: string;
  cancel: string;
  insertParagraph: string;
  markdownSource: (label: string) => string;
  preview: string;
}

const en: EditorMessages = {
  items: {
    undo: 'Undo',
    redo: 'Redo',
    format: 'Paragraph format',
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    strike: 'Strikethrough',
    subscript: 'Subscript',
    superscript: 'Superscript',
    removeFormat: 'Remove format',
    fontSize: 'Font size',
    textColor: 'Text colour',
    bgColor: 'Background colour',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    outdent: 'Decrease indent',
    indent: 'Increase indent',
    blockquote: 'Block quote',
    horizontalRule: 'Horizontal line',
    link: 'Link',
    unlink: 'Remove link',
  },
  toolbar: (label) => `${label}: formatting`,
  paragraph: 'Paragraph',
  heading: (level) => `Heading ${level}`,
  preformatted: 'Preformatted',
  defaultSize: 'Default size',
  automaticColour: 'Automatic',
  colour: (hex) => `Colour ${hex}`,
  linkDialog: 'Link',
  linkUrl: 'Address (URL)',
  linkApply: 'Apply',
  linkRemove: 'Remove link',
  cancel: 'Cancel',
  insertParagraph: 'Insert a paragraph here',
  markdownSource: (label) => `${label} (Markdown)`,
  preview: 'Preview',
};

const ja: EditorMessages = {
  items: {
    undo: '元に戻す',
    redo: 'やり直す',
    format: '段落の書式',
    bold: '太字',
    italic: '斜体',
    underline: '下線',
    strike: '取り消し線',
    subscript: '下付き',
    superscript: '上付き',
    removeFormat: '書式を解除',
    fontSize: '文字サイズ',
    textColor: '文字色',
    bgColor: '背景色',
    bulletList: '箇条書き',
    orderedList: '番号付きリスト',
    outdent: 'インデント解除',
    indent: 'インデント',
    blockquote: '引用',
    horizontalRule: '水平線',
    link: 'リンク',
    unlink: 'リンクを解除',
  },
  toolbar: (label) => `${label}：書式`,
  paragraph: '標準',
  heading: (level) => `見出し ${level}`,
  preformatted: '整形済み',
  defaultSize: '標準のサイズ',
  automaticColour: '自動',
  colour: (hex) => `色 ${hex}`,
  linkDialog: 'リンク',
  linkUrl: 'アドレス（URL）',
  linkApply: '適用',
  linkRemove: 'リンクを解除',
  cancel: 'キャンセル',
  insertParagraph: 'ここに段落を挿入',
  markdownSource: (label) => `${label}（Markdown）`,
  preview: 'プレビュー',
};

export const messages: Record<'ja' | 'en', EditorMessages> = { ja, en };

/**
 * The data editor's JSON colours: lezer's class highlighter tags tokens with `tok-*` classes,
 * which Playground.astro colours for Starlight's light and dark themes (CodeMirror's default
 * style has light-theme colours only).
 */
import { syntaxHighlighting } from '@codemirror/language';
import { classHighlighter } from '@lezer/highlight';

export const jsonHighlighting = syntaxHighlighting(classHighlighter);

/**
 * The template editor's language support, as one CodeMirror extension: completion (tags,
 * attributes, modifiers, variables, `$smarty.*`), hover documentation and tag matching, all
 * from the plugin metadata and @sumi/parser. Both load on first use, not with the page.
 */
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { type CompletionInputs, completeTemplate } from './complete';
import { templateHover } from './hover';
import { tagMatching } from './matching';

export { byPosition, rangeOf } from './diagnostics';

const theme = EditorView.baseTheme({
  '.cm-sumi-matchingTag': { outline: '1px solid #7c3aed80', borderRadius: '2px' },
  '&light .cm-sumi-matchingTag': { backgroundColor: '#ede9fe' },
  '&dark .cm-sumi-matchingTag': { backgroundColor: '#4c1d9580' },
  '.cm-sumi-nonmatchingTag': { textDecoration: 'underline wavy #dc2626' },
  '&light .cm-sumi-matchingDelim': { backgroundColor: '#fed7aa' },
  '&dark .cm-sumi-matchingDelim': { backgroundColor: '#9a341280' },
  '.cm-sumi-doc': {
    maxWidth: '34rem',
    maxHeight: '22rem',
    overflowY: 'auto',
    padding: '0.4rem 0.6rem',
    fontSize: '0.85rem',
    lineHeight: '1.4',
  },
  // the page's text colour follows the site theme; a tooltip's background follows the editor's
  '&light .cm-sumi-doc': { color: '#1f2937' },
  '&light .cm-sumi-doc-link': { color: '#6d28d9' },
  '&dark .cm-sumi-doc': { color: '#e5e7eb' },
  '&dark .cm-sumi-doc-link': { color: '#c4b5fd' },
  '.cm-sumi-doc-head': { display: 'flex', flexWrap: 'wrap', gap: '0.2rem 0.6rem', alignItems: 'baseline' },
  '.cm-sumi-doc-head > span': { opacity: '0.75', fontSize: '0.8rem' },
  '.cm-sumi-doc-sig': { fontWeight: '600' },
  '.cm-sumi-doc-text': { margin: '0.3rem 0' },
  '.cm-sumi-doc-list': { margin: '0.2rem 0', paddingLeft: '1.1rem' },
  '.cm-sumi-doc-list .cm-sumi-doc-text, .cm-sumi-doc-list div': { display: 'inline', margin: '0' },
  '.cm-sumi-doc-link': { display: 'inline-block', marginTop: '0.2rem' },
  '.cm-tooltip.cm-completionInfo': { maxWidth: '36rem' },
});

/** Completion, hover and tag matching for the template editor. */
export function sumiLanguage(inputs: CompletionInputs): Extension {
  const autocomplete = completeTemplate(inputs);
  return [EditorState.languageData.of(() => [{ autocomplete }]), templateHover, tagMatching(), theme];
}

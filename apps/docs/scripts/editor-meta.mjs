// The playground editor's facts (completion and hover), cut from the same plugin metadata the
// reference is written from: each entry keeps what the editor shows and adds the reference's own
// call form (synopsis) and the address of its entry. Pure: no file system, no engine.
import { referenceUrls, synopsis } from './reference-pages.mjs';

/** What completion and hover show of a definition; examples, errors and limits stay on the reference page. */
const KEPT = [
  'name',
  'kind',
  'group',
  'aliases',
  'description',
  'result',
  'attributes',
  'extraAttributes',
  'args',
  'block',
  'loop',
  'wholeArray',
  'php',
  'async',
];

/**
 * metas: pluginMeta(def) of every registered definition; contexts: the runtime's RUN_CONTEXTS.
 * Returns { plugins: [...], contexts: { name: { description, inputs } } }, JSON-serialisable.
 */
export function editorMeta(metas, contexts = {}) {
  const urls = referenceUrls(metas);
  const plugins = metas.map((meta, i) => {
    const entry = {};
    for (const key of KEPT) if (meta[key] !== undefined) entry[key] = meta[key];
    entry.synopsis = synopsis(meta);
    entry.url = urls[i];
    return entry;
  });
  const runContexts = {};
  for (const [name, c] of Object.entries(contexts ?? {})) {
    runContexts[name] = { description: c.description, inputs: c.inputs ?? {} };
  }
  return { plugins, contexts: runContexts };
}

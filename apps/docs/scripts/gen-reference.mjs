// Writes the plugin reference (src/content/docs/reference/generated/) from the definitions the
// engine registers: @sumi/runtime's built-in tags plus every plugin group's exported definitions,
// read from their built dist. Runs before `astro build`.
//
// While a package is not built yet the reference says so on its index page instead of failing,
// so the docs build works from the first commit on; once a dist exists, any error is fatal.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editorMeta } from './editor-meta.mjs';
import { renderReferencePages } from './reference-pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = resolve(here, '../../../packages');
const outDir = resolve(here, '../src/content/docs/reference/generated');
/** The playground editor's completion and hover facts (src/playground/language/meta.ts loads it). */
const editorMetaFile = resolve(here, '../src/playground/generated/editor-meta.json');
/** Generated pages are Markdown; apps/docs/biome.json keeps Biome's formatter off them. */
const PAGE_EXT = '.md';

/** Plugin groups whose definitions go into the engine (package name -> folder). */
const PLUGIN_GROUPS = {
  '@sumi/modifiers': 'modifiers',
  '@sumi/plugins-io': 'plugins-io',
  '@sumi/plugins-net': 'plugins-net',
};

function isDef(x) {
  return x !== null && typeof x === 'object' && typeof x.name === 'string' && typeof x.kind === 'string';
}

/** Every plugin definition a group module exports (arrays of definitions, or single ones). */
export function collectDefs(mod) {
  const seen = new Set();
  for (const value of Object.values(mod)) {
    if (Array.isArray(value) && value.length && value.every(isDef)) {
      for (const d of value) seen.add(d);
    } else if (isDef(value)) seen.add(value);
  }
  return [...seen];
}

async function importBuilt(name, folder, notes) {
  if (!existsSync(join(packagesDir, folder, 'dist/index.js'))) {
    notes.push(`${name} is not built yet (packages/${folder}/dist/index.js is missing).`);
    return null;
  }
  return import(name);
}

export async function loadMetas() {
  const notes = [];
  const runtime = await importBuilt('@sumi/runtime', 'runtime', notes);
  if (!runtime) return { metas: [], notes };
  if (typeof runtime.createEngine !== 'function' || typeof runtime.pluginMeta !== 'function') {
    notes.push('@sumi/runtime does not export createEngine and pluginMeta yet.');
    return { metas: [], notes };
  }
  const plugins = [];
  for (const [name, folder] of Object.entries(PLUGIN_GROUPS)) {
    const mod = await importBuilt(name, folder, notes);
    if (!mod) continue;
    const defs = collectDefs(mod);
    if (!defs.length) notes.push(`${name} exports no plugin definitions yet.`);
    plugins.push(...defs);
  }
  // the engine rejects a definition whose group is not one of runtime.PLUGIN_GROUPS, the same list
  // the pages are written for: a typo fails here instead of making a page of its own
  const engine = runtime.createEngine({ plugins, timezone: 'Asia/Tokyo' });
  const metas = engine.plugins().map((def) => runtime.pluginMeta(def));
  const groups = new Set(runtime.PLUGIN_GROUPS ?? []);
  const stray = metas.filter((m) => !groups.has(m.group));
  if (stray.length) {
    throw new Error(
      `plugins outside PLUGIN_GROUPS: ${stray.map((m) => `${m.name} (${JSON.stringify(m.group)})`).join(', ')}`,
    );
  }
  return { metas, notes, contexts: runtime.RUN_CONTEXTS };
}

export async function generate() {
  const { metas, notes, contexts } = await loadMetas();
  const unbuilt = notes.some((n) => n.includes('not built'));
  const note = notes.length
    ? `This reference is incomplete: ${notes.join(' ')}${unbuilt ? ' Run `pnpm build` at the repository root first.' : ''}`
    : undefined;
  const pages = renderReferencePages(metas, { note });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const page of pages) writeFileSync(join(outDir, `${page.slug}${PAGE_EXT}`), page.content);
  mkdirSync(dirname(editorMetaFile), { recursive: true });
  writeFileSync(editorMetaFile, JSON.stringify(editorMeta(metas, contexts)));
  return { pages: pages.length, definitions: metas.length, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await generate();
  console.log(`plugin reference: ${r.definitions} definitions, ${r.pages} pages -> ${outDir}`);
  for (const n of r.notes) console.log(`  PENDING: ${n}`);
}
